//! The sizes of a Five in a row position and of its stones, measured (the engine asserts no sizes).
//!
//! `cargo run -p kartka-engine --example five_in_a_row_sizes` prints `std::mem::size_of` of
//! `five_in_a_row::Position` and `five_in_a_row::Stones`, and of `AnyGame` for comparison.

use kartka_engine::five_in_a_row::{Position, Stones};
use kartka_engine::AnyGame;

fn main() {
    println!("five_in_a_row::Position {} bytes", std::mem::size_of::<Position>());
    println!("five_in_a_row::Stones {} bytes", std::mem::size_of::<Stones>());
    println!("AnyGame {} bytes", std::mem::size_of::<AnyGame>());
}
