//! `kartka perft`: counts distinct complete turns to a depth, from the start or after a kurnik digit string;
//! with `--game closing-in`, counts move sequences from an N x N board or after a run of squares.

use std::io::Write;

use anyhow::bail;
use kartka_engine::closing_in;
use kartka_engine::soccer::{Direction, IllegalStep, Perft, Position};

use super::closing_in::GameName;

/// Options of `kartka perft`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game: paper-soccer (the default) or closing-in.
    #[arg(long, value_enum, default_value_t)]
    game: GameName,
    /// Closing In only: the board size, 3 to 12 (default 6).
    #[arg(long)]
    size: Option<u8>,
    /// Count turn sequences up to this many turns deep (one line per depth).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    depth: u32,
    /// Steps to play first, as one flat run of kurnik digits 0-7 (turns run together), on the standard pitch;
    /// for Closing In, squares such as "D5 B2 B3".
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
    let depth = args.depth as usize;
    let counts = match args.game {
        GameName::PaperSoccer => {
            if args.size.is_some() {
                bail!("--size is for closing-in; Paper Soccer is played on the standard pitch");
            }
            Perft::new().counts_by_depth(&position_after(&args.moves)?, depth)
        }
        GameName::ClosingIn => {
            closing_in::counts_by_depth(&super::closing_in::position_after(args.size, &args.moves)?, depth)
        }
    };
    let mut out = std::io::stdout().lock();
    for (depth, count) in (1..).zip(counts) {
        writeln!(out, "{depth} {count}")?;
    }
    Ok(())
}
