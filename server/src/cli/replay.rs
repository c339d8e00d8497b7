//! `kartka replay`: replays kurnik record files through the engine and summarises them.
//!
//! Counting: every game found is counted in `games` and in exactly one of `illegal`, `finished` and
//! `unfinished`. A game that cannot be read (a malformed record) cannot be replayed legally, so it counts as
//! illegal; it is reported on stderr as malformed, with its line. `result_agrees` and `result_disagrees` split
//! the finished games that carry a result. A file that cannot be read at all (missing, bad gzip) is reported on
//! stderr, the other files are still replayed, and the command exits non-zero.

use std::path::{Path, PathBuf};

use kartka_engine::soccer::{read_records, KurnikRecord, Pitch, ReadError, RecordResult, ResultCheck};
use kartka_engine::{EndReason, Seat};
use serde::Serialize;

use crate::admin::import::record_text;

/// Options of `kartka replay`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Every game counts once as illegal (an illegal step, a token that is not one turn, or a \
    malformed record), finished (by a goal or a stuck player) or unfinished (time or resignation). Illegal and \
    malformed games and results that disagree with the rules are reported on stderr. The exit status is non-zero \
    only when a file cannot be read.")]
pub struct Args {
    /// End the output with one JSON line:
    /// {"games":N,"illegal":N,"finished":N,"result_agrees":N,"result_disagrees":N,"unfinished":N}.
    #[arg(long)]
    json: bool,
    /// kurnik record files, plain or gzip-compressed, each holding one or many games.
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

/// Runs `kartka replay`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let mut total = Summary::default();
    let mut unreadable = 0;
    for path in &args.files {
        match read_text(path) {
            Ok(text) => {
                let summary = summarise(&path.display().to_string(), &text);
                println!("{}: {summary}", path.display());
                total.add(&summary);
            }
            Err(error) => {
                eprintln!("{}: cannot read: {error}", path.display());
                unreadable += 1;
            }
        }
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
/// which the replay does not use.
fn read_text(path: &Path) -> std::io::Result<String> {
    record_text(&std::fs::read(path)?)
}

/// Replays every game of one file, reporting the games that are malformed, illegal or disagree with their
/// recorded result on stderr.
fn summarise(file: &str, text: &str) -> Summary {
    let mut summary = Summary::default();
    for (index, game) in read_records(text).enumerate() {
        summary.games += 1;
        match game {
            Ok(record) => summary.replay(file, index + 1, &record),
            Err(error) => summary.malformed(file, &error),
        }
    }
    summary
}

/// Counts of games; the first six fields are the JSON summary.
#[derive(Debug, Default, Serialize)]
struct Summary {
    games: usize,
    illegal: usize,
    finished: usize,
    result_agrees: usize,
    result_disagrees: usize,
    unfinished: usize,
    #[serde(skip)]
    malformed: usize,
    #[serde(skip)]
    goals: usize,
    #[serde(skip)]
    own_goals: usize,
    #[serde(skip)]
    stuck: usize,
    #[serde(skip)]
    mid_turn: usize,
    #[serde(skip)]
    no_result: usize,
}

impl Summary {
    fn malformed(&mut self, file: &str, error: &ReadError) {
        eprintln!("{file}: malformed record: {error}");
        self.illegal += 1;
        self.malformed += 1;
    }

    fn replay(&mut self, file: &str, game: usize, record: &KurnikRecord) {
        let replay = record.replay(Pitch::STANDARD);
        if let Some(fault) = replay.fault {
            self.illegal += 1;
            eprintln!(
                "{file}: game {game}: illegal: move {} {}, turn {}: {}",
                fault.move_number(),
                colour(fault.seat),
                fault.turn,
                fault.kind
            );
            return;
        }
        let Some(outcome) = replay.outcome() else {
            self.unfinished += 1;
            self.mid_turn += usize::from(replay.ends_mid_turn());
            return;
        };
        self.finished += 1;
        match outcome.reason {
            EndReason::Goal => self.goals += 1,
            EndReason::OwnGoal => {
                self.goals += 1;
                self.own_goals += 1;
            }
            // Paper Soccer ends by its rules only with a goal, an own goal or a stuck player.
            _ => self.stuck += 1,
        }
        match replay.result {
            ResultCheck::Agrees => self.result_agrees += 1,
            ResultCheck::Disagrees => {
                self.result_disagrees += 1;
                eprintln!(
                    "{file}: game {game}: the rules give {} ({}) but the record says {}",
                    RecordResult::from_outcome(&outcome),
                    ending(outcome.reason),
                    record.recorded_result().map_or("nothing", RecordResult::token)
                );
            }
            ResultCheck::NotRecorded | ResultCheck::Unfinished => self.no_result += 1,
        }
    }

    fn add(&mut self, other: &Summary) {
        self.games += other.games;
        self.illegal += other.illegal;
        self.finished += other.finished;
        self.result_agrees += other.result_agrees;
        self.result_disagrees += other.result_disagrees;
        self.unfinished += other.unfinished;
        self.malformed += other.malformed;
        self.goals += other.goals;
        self.own_goals += other.own_goals;
        self.stuck += other.stuck;
        self.mid_turn += other.mid_turn;
        self.no_result += other.no_result;
    }
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} games; {} finished by the rules ({} goals incl. {} own goals, {} stuck); {} unfinished ({} mid-turn); \
             {} illegal ({} malformed); results: {} agree, {} disagree, {} not recorded",
            self.games,
            self.finished,
            self.goals,
            self.own_goals,
            self.stuck,
            self.unfinished,
            self.mid_turn,
            self.illegal,
            self.malformed,
            self.result_agrees,
            self.result_disagrees,
            self.no_result
        )
    }
}

/// How a game ended, in words.
fn ending(reason: EndReason) -> &'static str {
    match reason {
        EndReason::Goal => "goal",
        EndReason::OwnGoal => "own goal",
        EndReason::Stuck => "stuck",
        _ => "not by the rules",
    }
}

/// The kurnik name of a seat.
fn colour(seat: Seat) -> &'static str {
    match seat {
        Seat::First => "White",
        Seat::Second => "Black",
    }
}
