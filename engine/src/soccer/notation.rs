//! kurnik 0–7 notation for turns (being written).
