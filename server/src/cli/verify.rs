//! `kartka verify`: checks a finished game's record of a hidden-information kind (docs/hidden-information.md):
//! every revealed secret against the commitment published during the game, and every published answer against
//! the revealed secrets, by the engine's `verify` of the kind the record's `Game` tag names.

use std::path::PathBuf;

use kartka_engine::hidden_record::{RecordCheckError, Verified};
use kartka_engine::{verify_hidden_record, GameKind};

/// Options of `kartka verify`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Prints `verified: N commitments, M answers` and exits 0 only when every revealed secret \
    matches its commitment and every answer follows from the revealed secrets; otherwise names the first \
    failure, its seat or move, and exits non-zero.")]
pub struct Args {
    /// The record of a finished game of a hidden-information kind, as the server exports it: its `Game` tag
    /// names the kind.
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
    #[error("the record has no Game tag naming its kind")]
    NoGameTag,
    /// The record names a kind without hidden information, or none this server knows.
    #[error("the record's Game tag is {0:?}, not a hidden-information kind ({kinds})", kinds = hidden_kinds())]
    NotHidden(String),
    /// The record is malformed or does not verify.
    #[error(transparent)]
    Record(RecordCheckError),
}

/// The names of the kinds whose records verify, for the messages.
fn hidden_kinds() -> String {
    let hidden = GameKind::ALL.iter().filter(|kind| kind.hidden_information());
    hidden.map(|kind| kind.name()).collect::<Vec<_>>().join(", ")
}

/// Runs `kartka verify`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let checked = verify_file(&args.file)?;
    println!("verified: {} commitments, {} answers", checked.commitments, checked.answers);
    Ok(())
}

fn verify_file(path: &std::path::Path) -> Result<Verified, VerifyFailure> {
    let text = std::fs::read_to_string(path)
        .map_err(|error| VerifyFailure::Unreadable { path: path.display().to_string(), error })?;
    let game = game_tag(&text).ok_or(VerifyFailure::NoGameTag)?;
    let kind = GameKind::from_name(game).ok_or_else(|| VerifyFailure::NotHidden(game.to_owned()))?;
    let checked = verify_hidden_record(kind, &text).ok_or_else(|| VerifyFailure::NotHidden(game.to_owned()))?;
    checked.map_err(VerifyFailure::Record)
}

/// The value of the record's `Game` tag, among the tag lines that open it.
fn game_tag(text: &str) -> Option<&str> {
    text.lines()
        .map(str::trim)
        .take_while(|line| line.is_empty() || line.starts_with('['))
        .find_map(|line| line.strip_prefix("[Game \"")?.strip_suffix("\"]"))
}
