//! Distinct-turn enumeration and perft (being written).
