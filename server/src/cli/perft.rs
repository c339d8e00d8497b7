//! `kartka perft`: counts distinct complete turns to a depth, from the start or after a kurnik digit string.

use std::io::Write;

use kartka_engine::soccer::{Direction, IllegalStep, Perft, Position};

/// Options of `kartka perft`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Count turn sequences up to this many turns deep (one line per depth).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    depth: u32,
    /// Steps to play first, as one flat run of kurnik digits 0-7 (turns run together), on the standard pitch.
    #[arg(long, default_value = "")]
    moves: String,
}

/// Why the `--moves` digits cannot be played.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum MovesError {
    /// A character is not a kurnik direction digit.
    #[error("--moves: step {step} is {found:?}, not a direction digit 0-7")]
    NotADigit {
        /// The 1-based position of the step in the digit string.
        step: usize,
        /// The character found there.
        found: char,
    },
    /// A step cannot be played in the position reached before it.
    #[error("--moves: step {step} ('{digit}') is illegal: {reason}")]
    Illegal {
        /// The 1-based position of the step in the digit string.
        step: usize,
        /// The step's digit.
        digit: char,
        /// Why the engine refused it.
        reason: IllegalStep,
    },
}

/// The standard start position after playing `digits` step by step.
pub fn position_after(digits: &str) -> Result<Position, MovesError> {
    let mut position = Position::default();
    for (index, digit) in digits.chars().enumerate() {
        let step = index + 1;
        let direction = Direction::from_digit(digit).ok_or(MovesError::NotADigit { step, found: digit })?;
        position.step(direction).map_err(|reason| MovesError::Illegal { step, digit, reason })?;
    }
    Ok(position)
}

/// Runs `kartka perft`: prints `D COUNT` for every depth D from 1 to `--depth`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let position = position_after(&args.moves)?;
    let counts = Perft::new().counts_by_depth(&position, args.depth as usize);
    let mut out = std::io::stdout().lock();
    for (depth, count) in (1..).zip(counts) {
        writeln!(out, "{depth} {count}")?;
    }
    Ok(())
}
