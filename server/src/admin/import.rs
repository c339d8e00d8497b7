//! Importing kurnik record files into the archive.
//!
//! A historic game keeps its date, result and time control and is marked imported; its players' names become
//! imported-player accounts, which cannot log in. Every game is replayed through the engine first: an
//! unreadable or illegal record, or one whose result the rules contradict, is refused and reported. Games are
//! stored in batches, each one transaction of a few multi-row statements, so a whole corpus takes seconds. The
//! file's name (or an upload's label) and each game's number in it are stored, so importing a file again adds
//! nothing.

use std::collections::BTreeSet;
use std::io::Read;

use flate2::read::MultiGzDecoder;
use kartka_engine::soccer::{read_records, KurnikRecord, Pitch, RecordResult};
use kartka_engine::Seat;
use kartka_protocol::admin::{AuditAction, ImportRejection, ImportReport};
use kartka_protocol::{Clocks, EndReasonName, GameEvent, GameResult, PlayerInfo, RulesetSpec, TimeControl};
use serde_json::json;
use uuid::Uuid;

use super::audit::{self, Actor, Target};
use crate::games::convert::{self, end_reason_text, seat_name, seat_text};
use crate::games::event_kind;
use crate::ratings::speed::{speed_class, speed_text};
use crate::store::{
    EventRow, GameOrigin, GameRow, GameState, ImportSource, ImportedGame, Millis, MoveRow, Store, StoreError,
};
use crate::time::now_ms;

/// Games stored per transaction: large enough that statements carry thousands of rows, small enough that a
/// transaction stays short.
const GAMES_PER_BATCH: usize = 2_000;
/// Refused games listed in a report (all are counted).
const LISTED_REJECTIONS: usize = 100;
/// The longest source label.
const MAX_SOURCE_CHARS: usize = 200;
/// The longest player name kept from a record.
const MAX_NAME_CHARS: usize = 64;
/// The first two bytes of every gzip stream.
const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// Why an import failed as a whole. Nothing was stored from the batch that failed; earlier batches stay (a
/// second run of the same file stores only what is missing).
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// The source label is empty or too long.
    #[error("the source label must be 1 to 200 characters")]
    BadSource,
    /// The data is gzip but does not unpack.
    #[error("the file could not be unpacked: {0}")]
    Unreadable(#[from] std::io::Error),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The text of a record file: gunzipped when it starts with the gzip magic bytes. Bytes that are not UTF-8
/// (old player names in a legacy code page) are replaced.
pub fn record_text(bytes: &[u8]) -> std::io::Result<String> {
    if bytes.starts_with(&GZIP_MAGIC) {
        let mut unpacked = Vec::new();
        MultiGzDecoder::new(bytes).read_to_end(&mut unpacked)?;
        Ok(String::from_utf8_lossy(&unpacked).into_owned())
    } else {
        Ok(String::from_utf8_lossy(bytes).into_owned())
    }
}

/// Imports every game of a record file (plain or gzip) under the label `source`, and writes an audit entry.
pub async fn import_file(
    store: &dyn Store,
    source: &str,
    bytes: Vec<u8>,
    actor: Actor<'_>,
) -> Result<ImportReport, ImportError> {
    let source = source.trim();
    if source.is_empty() || source.chars().count() > MAX_SOURCE_CHARS {
        return Err(ImportError::BadSource);
    }
    // Unpacking and replaying thousands of games is CPU work: keep it off the async workers.
    let read = tokio::task::spawn_blocking(move || record_text(&bytes).map(|text| read_games(&text)))
        .await
        .map_err(|_| std::io::Error::other("the import task failed"))??;
    let done = store.imported_indexes(source).await?;
    let fresh: Vec<&ReadGame> = read.games.iter().filter(|game| !done.contains(&(game.index as i64))).collect();
    let names: Vec<String> =
        fresh.iter().flat_map(|game| game.names.iter().cloned()).collect::<BTreeSet<_>>().into_iter().collect();
    let now = now_ms();
    let players = store.imported_players(&names, now).await?;
    for batch in fresh.chunks(GAMES_PER_BATCH) {
        let rows: Vec<ImportedGame> = batch
            .iter()
            .map(|game| {
                let ids = game.names.clone().map(|name| (players[&name], name));
                game.to_rows(ids, source, now)
            })
            .collect();
        store.insert_imported(&rows).await?;
    }
    let report = ImportReport {
        source: source.to_owned(),
        read: read.count,
        imported: fresh.len() as u64,
        already_imported: (read.games.len() - fresh.len()) as u64,
        rejected: read.rejections.len() as u64,
        rejections: read.rejections.into_iter().take(LISTED_REJECTIONS).collect(),
    };
    let details = json!({
        "source": report.source,
        "read": report.read,
        "imported": report.imported,
        "already_imported": report.already_imported,
        "rejected": report.rejected,
    });
    let reason = format!("imported {} game(s) from {source}", report.imported);
    store.insert_audit(&audit::entry(actor, AuditAction::Import, Target::default(), details, &reason)).await?;
    Ok(report)
}

/// The games of a file that can be imported, and the refused ones.
struct ReadGames {
    count: u64,
    games: Vec<ReadGame>,
    rejections: Vec<ImportRejection>,
}

/// One game read from a record and checked against the rules.
struct ReadGame {
    /// Its number in the file, from 1.
    index: u64,
    /// White's and Black's names.
    names: [String; 2],
    created_at: Millis,
    ruleset: RulesetSpec,
    initial_seconds: u32,
    rated: bool,
    turns: Vec<String>,
    /// Whether the last turn stops on a bounce (a game lost on time or resigned).
    ends_mid_turn: bool,
    /// The result, if the record or the rules give one.
    result: Option<GameResult>,
}

fn read_games(text: &str) -> ReadGames {
    let mut read = ReadGames { count: 0, games: Vec::new(), rejections: Vec::new() };
    for (at, record) in read_records(text).enumerate() {
        let index = at as u64 + 1;
        read.count += 1;
        match record
            .map_err(|error| format!("malformed, line {}: {}", error.line, error.kind))
            .and_then(|record| checked(index, &record))
        {
            Ok(game) => read.games.push(game),
            Err(reason) => read.rejections.push(ImportRejection { index, reason }),
        }
    }
    read
}

/// A record replayed through the engine, with its result: the rules' outcome when they ended the game, else
/// the recorded winner (the record does not say whether by time or by resignation).
fn checked(index: u64, record: &KurnikRecord) -> Result<ReadGame, String> {
    let ruleset = ruleset_of(record)?;
    let kartka_engine::Ruleset::PaperSoccer(rules) = convert::ruleset(&ruleset).map_err(|e| e.to_string())?;
    let replay = record.replay(rules.pitch);
    if let Some(fault) = replay.fault {
        return Err(format!("illegal: {fault}"));
    }
    let recorded = record.recorded_result().filter(|result| *result != RecordResult::Unknown);
    let result = match (replay.outcome(), recorded) {
        (Some(outcome), Some(recorded)) if RecordResult::from_outcome(&outcome) != recorded => {
            return Err(format!(
                "the record says {recorded} but the rules give {}",
                RecordResult::from_outcome(&outcome)
            ));
        }
        (Some(outcome), _) => Some(convert::game_result(outcome)),
        (None, Some(RecordResult::WhiteWon)) => Some(unrecorded_ending(Some(Seat::First))),
        (None, Some(RecordResult::BlackWon)) => Some(unrecorded_ending(Some(Seat::Second))),
        (None, Some(RecordResult::Draw)) => Some(unrecorded_ending(None)),
        (None, _) => None,
    };
    let initial_seconds = match record.tag("TimeControl") {
        Some(value) => value.trim().parse().map_err(|_| format!("TimeControl {value:?} is not whole seconds"))?,
        None => 0,
    };
    let name = |tag: &str| {
        let name: String = record.tag(tag).unwrap_or_default().trim().chars().take(MAX_NAME_CHARS).collect();
        if name.is_empty() {
            "?".to_owned()
        } else {
            name
        }
    };
    Ok(ReadGame {
        index,
        names: [name("White"), name("Black")],
        created_at: date_of(record)?,
        ruleset,
        initial_seconds,
        rated: record.tag("WhiteElo").is_some() || record.tag("BlackElo").is_some(),
        turns: record.turns.clone(),
        ends_mid_turn: replay.ends_mid_turn(),
        result,
    })
}

fn unrecorded_ending(winner: Option<Seat>) -> GameResult {
    GameResult { winner: winner.map(seat_name), reason: EndReasonName::Unknown, scores: None }
}

/// The pitch: kurnik's, unless the record names another with the `Board` (`WxH`) and `Mouth` tags kartka
/// writes for other pitches.
fn ruleset_of(record: &KurnikRecord) -> Result<RulesetSpec, String> {
    let Some(board) = record.tag("Board") else {
        let pitch = Pitch::STANDARD;
        return Ok(RulesetSpec::PaperSoccer { width: pitch.width(), height: pitch.height(), goal: pitch.goal_width() });
    };
    let bad = || format!("Board {board:?} is not WIDTHxHEIGHT");
    let (width, height) = board.split_once('x').ok_or_else(bad)?;
    let goal = record.tag("Mouth").unwrap_or("2");
    Ok(RulesetSpec::PaperSoccer {
        width: width.trim().parse().map_err(|_| bad())?,
        height: height.trim().parse().map_err(|_| bad())?,
        goal: goal.trim().parse().map_err(|_| format!("Mouth {goal:?} is not a number"))?,
    })
}

/// The game's moment: its `Date` (`YYYY.MM.DD`, UTC) and `Time` (`HH:MM:SS`) tags; midnight when there is no
/// time, and the Unix epoch when there is no date (kurnik writes `????.??.??` for unknown dates).
fn date_of(record: &KurnikRecord) -> Result<Millis, String> {
    let Some(date) = record.tag("Date").filter(|date| !date.contains('?')) else { return Ok(0) };
    let bad_date = || format!("Date {date:?} is not YYYY.MM.DD");
    let mut parts = date.split('.').map(|part| part.parse::<i64>().map_err(|_| bad_date()));
    let (Some(year), Some(month), Some(day), None) = (parts.next(), parts.next(), parts.next(), parts.next()) else {
        return Err(bad_date());
    };
    let (year, month, day) = (year?, month?, day?);
    if !(1..=12).contains(&month) || !(1..=31).contains(&day) {
        return Err(bad_date());
    }
    let seconds = match record.tag("Time").filter(|time| !time.contains('?')) {
        Some(time) => {
            let bad_time = || format!("Time {time:?} is not HH:MM:SS");
            let parts: Vec<i64> =
                time.split(':').map(|part| part.parse().map_err(|_| bad_time())).collect::<Result<_, _>>()?;
            match parts[..] {
                [hours, minutes, seconds] if hours < 24 && minutes < 60 && seconds < 61 => {
                    hours * 3600 + minutes * 60 + seconds
                }
                _ => return Err(bad_time()),
            }
        }
        None => 0,
    };
    Ok(days_from_civil(year, month, day) * 86_400_000 + seconds * 1000)
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let shifted_month = (month + 9) % 12;
    let day_of_year = (153 * shifted_month + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

impl ReadGame {
    /// The rows of this game: never active, timed at its historic date, its clocks as the time control set
    /// them (a record has no clock readings; the admin views leave them out for imported games).
    fn to_rows(&self, players: [(Uuid, String); 2], source: &str, now: Millis) -> ImportedGame {
        // Time-ordered ids: the games and their moves go to the end of the primary-key indexes instead of
        // all over them, which keeps a large import's writes sequential.
        let id = Uuid::now_v7();
        let time_control = TimeControl::Fischer { initial_seconds: self.initial_seconds, increment_seconds: 0 };
        let initial_ms = i64::from(self.initial_seconds) * 1000;
        let clocks = Clocks { first_ms: initial_ms, second_ms: initial_ms, running: None };
        let infos = players.map(|(account_id, name)| PlayerInfo { account_id, name, guest: false });
        let at = self.created_at;
        let event = |seq: i64, event: &GameEvent| EventRow {
            seq,
            kind: event_kind(event).to_owned(),
            payload: serde_json::to_string(event).expect("game events always serialise"),
            at,
        };
        let started = GameEvent::Started { players: infos.clone(), ruleset: self.ruleset, time_control, clocks };
        let mut events = vec![event(1, &started)];
        if let Some(result) = self.result {
            events.push(event(2, &GameEvent::Ended { result, clocks, rating_changes: Vec::new() }));
        }
        let mut ply = 0;
        let last = self.turns.len().saturating_sub(1);
        let moves = self
            .turns
            .iter()
            .enumerate()
            .map(|(turn, notation)| {
                let seat = if turn % 2 == 0 { Seat::First } else { Seat::Second };
                let row = MoveRow {
                    ply,
                    seat: seat_text(seat).to_owned(),
                    notation: notation.clone(),
                    turn_ended: !(turn == last && self.ends_mid_turn),
                    client_move_id: String::new(),
                    first_ms: initial_ms,
                    second_ms: initial_ms,
                    received_at: at,
                };
                ply += notation.len() as i64;
                row
            })
            .collect();
        let state = GameState {
            status: if self.result.is_some() { "finished" } else { "aborted" }.to_owned(),
            winner: self.result.and_then(|result| result.winner).map(|seat| seat_text(convert::seat(seat)).to_owned()),
            end_reason: self.result.map(|result| end_reason_text(result.reason)),
            ply,
            seq: events.len() as i64,
            first_ms: initial_ms,
            second_ms: initial_ms,
            clock_at: at,
            to_act: None,
            deadline: None,
            finished_at: Some(at),
        };
        ImportedGame {
            game: GameRow {
                id,
                kind: convert::kind_name(&self.ruleset).to_owned(),
                ruleset: serde_json::to_string(&self.ruleset).expect("rulesets always serialise"),
                time_control: serde_json::to_string(&time_control).expect("time controls always serialise"),
                speed: speed_text(speed_class(&time_control)).to_owned(),
                rated: self.rated,
                first_id: infos[0].account_id,
                second_id: infos[1].account_id,
                created_at: at,
                state,
            },
            origin: GameOrigin {
                import: Some(ImportSource { source: source.to_owned(), index: self.index as i64, imported_at: now }),
            },
            events,
            moves,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = "[Event \"?\"]\n[Site \"kurnik\"]\n[Date \"2014.09.22\"]\n[Time \"01:02:03\"]\n\
        [Black \"Bob\"]\n[White \"Alice\"]\n[Result \"1-0\"]\n[TimeControl \"60\"]\n\n1. 0 3 2. 6 1-0\n";

    #[test]
    fn reads_dates_results_and_mid_turn_endings() {
        let read = read_games(GAME);
        assert_eq!((read.count, read.games.len()), (1, 1));
        let game = &read.games[0];
        assert_eq!(game.created_at, 1_411_344_000_000 + 3_723_000);
        assert_eq!(game.names, ["Alice".to_owned(), "Bob".to_owned()]);
        assert!(game.ends_mid_turn);
        let result = game.result.expect("Black won on the record");
        assert_eq!((result.winner, result.reason), (Some(kartka_protocol::SeatName::Second), EndReasonName::Unknown));
        let rows = game.to_rows([(Uuid::new_v4(), "Alice".into()), (Uuid::new_v4(), "Bob".into())], "test", 0);
        let plies: Vec<i64> = rows.moves.iter().map(|m| m.ply).collect();
        assert_eq!(plies, [0, 1, 2]);
        assert_eq!(rows.moves.iter().map(|m| m.turn_ended).collect::<Vec<_>>(), [true, true, false]);
        assert_eq!(rows.game.state.seq, 2);
    }

    #[test]
    fn refuses_illegal_games_and_contradicted_results() {
        let illegal = GAME.replace("1. 0 3 2. 6 1-0", "1. 0 4 *").replace("1-0", "*");
        assert!(read_games(&illegal).rejections[0].reason.starts_with("illegal"));
        let goal = "[Result \"1-0\"]\n\n1. 0 0 2. 0 0 3. 17 1-0\n";
        let read = read_games(goal);
        assert_eq!(read.games.len() + read.rejections.len(), 1);
        assert!(read.rejections[0].reason.contains("the rules give 0-1"), "{:?}", read.rejections[0]);
    }

    #[test]
    fn the_rules_outcome_wins_over_an_unknown_result() {
        let read = read_games("1. 0 0 2. 0 0 3. 17 *\n");
        let result = read.games[0].result.expect("a goal");
        assert_eq!(result.reason, EndReasonName::Goal);
    }
}
