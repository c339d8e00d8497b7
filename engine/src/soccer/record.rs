//! The kurnik record format (being written).
