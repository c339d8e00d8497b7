//! `kartka verify`: checks a finished game's record of a hidden-information kind (docs/hidden-information.md):
//! every revealed secret against the commitment published during the game, and every published answer against
//! the revealed secrets, by the engine's `verify` of the kind the record's `Game` tag names.

use std::path::PathBuf;

use kartka_engine::sea_battle::{HiddenRecord, RecordErrorKind, VerifyError};
use kartka_engine::tag_pairs::ReadError;
use kartka_engine::{bulls_and_cows, gallows, sea_battle, Seat};

/// Options of `kartka verify`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Prints `verified: N commitments, M answers` and exits 0 only when every revealed secret \
    matches its commitment and every answer follows from the revealed secrets; otherwise names the first \
    failure, its seat or move, and exits non-zero.")]
pub struct Args {
    /// A Sea Battle, Bulls and Cows or Gallows record (`[Game "sea-battle"]`, `[Game "bulls-and-cows"]`,
    /// `[Game "gallows"]`).
    file: PathBuf,
}

/// Why a record does not verify, or cannot be checked at all.
#[derive(Debug, thiserror::Error)]
pub enum VerifyFailure {
    /// The file cannot be read as text.
    #[error("cannot read {path}: {error}")]
    Unreadable {
        /// The file.
        path: String,
        /// Why.
        error: std::io::Error,
    },
    /// The record has no `Game` tag.
    #[error("the record has no Game tag (sea-battle, bulls-and-cows or gallows)")]
    NoGameTag,
    /// The record names a kind without hidden information, or none this server knows.
    #[error("the record's Game tag is {0:?}, not a hidden-information kind (sea-battle, bulls-and-cows, gallows)")]
    NotHidden(String),
    /// The record does not read as a record of its kind.
    #[error("malformed record, line {}: {}", .0.line, .0.kind)]
    Malformed(ReadError<RecordErrorKind>),
    /// A Sea Battle record that does not verify.
    #[error("not verified: {0}{1}")]
    SeaBattle(VerifyError<sea_battle::Illegal>, MoveSeat),
    /// A Bulls and Cows record that does not verify.
    #[error("not verified: {0}{1}")]
    BullsAndCows(VerifyError<bulls_and_cows::Illegal>, MoveSeat),
    /// A Gallows record that does not verify.
    #[error("not verified: {0}{1}")]
    Gallows(VerifyError<gallows::Illegal>, MoveSeat),
}

/// The seat of the move a failure names, so that the message says whose move it was.
#[derive(Debug)]
pub struct MoveSeat(Option<Seat>);

impl std::fmt::Display for MoveSeat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            Some(seat) => write!(f, " (a move of the {seat} seat)"),
            None => Ok(()),
        }
    }
}

/// What a verified record held.
struct Checked {
    commitments: usize,
    answers: usize,
}

/// Runs `kartka verify`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let checked = verify_file(&args.file)?;
    println!("verified: {} commitments, {} answers", checked.commitments, checked.answers);
    Ok(())
}

fn verify_file(path: &std::path::Path) -> Result<Checked, VerifyFailure> {
    let text = std::fs::read_to_string(path)
        .map_err(|error| VerifyFailure::Unreadable { path: path.display().to_string(), error })?;
    match game_tag(&text) {
        Some(sea_battle::NAME) => {
            let record = sea_battle::SeaBattleRecord::read(&text).map_err(VerifyFailure::Malformed)?;
            record.verify().map_err(|error| {
                let seat = failing_seat(&record.record, &error);
                VerifyFailure::SeaBattle(error, seat)
            })?;
            // Each shot of a shooting move is answered; the fleet moves (`F`) answer nothing.
            let answers = record
                .record
                .moves
                .iter()
                .filter(|recorded| recorded.public != "F")
                .map(|recorded| tokens(&recorded.public))
                .sum();
            Ok(Checked { commitments: commitments(&record.record), answers })
        }
        Some(bulls_and_cows::NAME) => {
            let record = bulls_and_cows::BullsAndCowsRecord::read(&text).map_err(VerifyFailure::Malformed)?;
            record.verify().map_err(|error| {
                let seat = failing_seat(&record.record, &error);
                VerifyFailure::BullsAndCows(error, seat)
            })?;
            // Each guess of a resolved round carries its answer, `0123=1B1C`.
            let answers = record
                .record
                .moves
                .iter()
                .flat_map(|recorded| recorded.public.split_whitespace())
                .filter(|guess| guess.contains('='))
                .count();
            Ok(Checked { commitments: commitments(&record.record), answers })
        }
        Some(gallows::NAME) => {
            let record = gallows::GallowsRecord::read(&text).map_err(VerifyFailure::Malformed)?;
            record.verify().map_err(|error| {
                let seat = failing_seat(&record.record, &error);
                VerifyFailure::Gallows(error, seat)
            })?;
            // Each guess is answered (a word set, `W:…`, answers nothing).
            let answers = record.record.moves.iter().filter(|recorded| !recorded.public.starts_with("W:")).count();
            Ok(Checked { commitments: commitments(&record.record), answers })
        }
        Some(other) => Err(VerifyFailure::NotHidden(other.to_owned())),
        None => Err(VerifyFailure::NoGameTag),
    }
}

/// The value of the record's `Game` tag, among the tag lines that open it.
fn game_tag(text: &str) -> Option<&str> {
    text.lines()
        .map(str::trim)
        .take_while(|line| line.is_empty() || line.starts_with('['))
        .find_map(|line| line.strip_prefix("[Game \"")?.strip_suffix("\"]"))
}

/// The commitments the record reveals, each checked by `verify`.
fn commitments(record: &HiddenRecord) -> usize {
    record.reveals.iter().flatten().count()
}

fn tokens(text: &str) -> usize {
    text.split_whitespace().count()
}

/// The seat that played the move a failure names, when it names a move.
fn failing_seat<I: std::error::Error>(record: &HiddenRecord, error: &VerifyError<I>) -> MoveSeat {
    let index = match error {
        VerifyError::UnreadableMove { index, .. }
        | VerifyError::IllegalMove { index, .. }
        | VerifyError::AnswerMismatch { index, .. } => Some(*index),
        // These name their seat already.
        _ => None,
    };
    MoveSeat(index.and_then(|index| record.moves.get(index - 1)).map(|recorded| recorded.seat))
}
