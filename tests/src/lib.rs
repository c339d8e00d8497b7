//! End-to-end test support.

pub mod db;
