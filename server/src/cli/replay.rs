//! `kartka replay`: replays record files through the engine and summarises them; each file is read by the game
//! kind it holds (`games::kinds::of_record_file`).
//!
//! Counting: every game found is counted in `games` and in exactly one of `illegal`, `finished` and
//! `unfinished`. A game that cannot be read (a malformed record) cannot be replayed legally, so it counts as
//! illegal; it is reported on stderr as malformed, with its line. `result_agrees` and `result_disagrees` split
//! the finished games that carry a result. A file that cannot be read at all (missing, bad gzip) is reported on
//! stderr, the other files are still replayed, and the command exits non-zero.

use std::path::{Path, PathBuf};

use crate::admin::import::{record_text, ImportError};
use crate::games::kinds;
use crate::games::tools::Tally;

/// Options of `kartka replay`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Every game counts once as illegal (an illegal move, a token that is not one turn, or a \
    malformed record), finished by the rules or unfinished (time or resignation). Illegal and \
    malformed games and results that disagree with the rules are reported on stderr. The exit status is non-zero \
    only when a file cannot be read.")]
pub struct Args {
    /// End the output with one JSON line:
    /// {"games":N,"illegal":N,"finished":N,"result_agrees":N,"result_disagrees":N,"unfinished":N}.
    #[arg(long)]
    json: bool,
    /// Record files, plain or gzip-compressed, each holding one or many games of one kind.
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

/// Runs `kartka replay`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let mut total = Tally::default();
    let mut unreadable = 0;
    for path in &args.files {
        let text = match read_text(path) {
            Ok(text) => text,
            Err(error) => {
                eprintln!("{}: cannot read: {error}", path.display());
                unreadable += 1;
                continue;
            }
        };
        let Some(kind) = kinds::of_record_file(&text) else {
            eprintln!("{}: cannot read: its Game tag names no game kind this server plays", path.display());
            unreadable += 1;
            continue;
        };
        let tally = kind.replay(&path.display().to_string(), &text);
        println!("{}: {tally}", path.display());
        total.add(&tally);
    }
    if args.files.len() > 1 {
        println!("total: {total}");
    }
    if args.json {
        println!("{}", serde_json::to_string(&total)?);
    }
    if unreadable > 0 {
        anyhow::bail!("{unreadable} of {} file(s) could not be read", args.files.len());
    }
    Ok(())
}

/// The text of a record file, gunzipped when it starts with the gzip magic bytes whatever its name. Bytes
/// that are not UTF-8 (old player names in a legacy code page) are replaced: they can only be in tag values,
/// which the replay does not use. A file is the operator's own here, so the limit on unpacking is generous:
/// it only keeps a broken file from filling the memory.
fn read_text(path: &Path) -> Result<String, ImportError> {
    record_text(&std::fs::read(path)?, MAX_UNPACKED_BYTES)
}

/// The most a file `kartka replay` reads may unpack to.
const MAX_UNPACKED_BYTES: u64 = 4 * 1024 * 1024 * 1024;
