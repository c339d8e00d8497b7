//! Record files, whatever the game kind: what a record is written from, the foreign formats a kind may list,
//! and what reading one gives. Each kind's module in `kinds/` writes and reads its own formats.

use kartka_engine::{GameKind, Seat};
use kartka_protocol::{
    Departure, EndReasonName, GameEvent, GameResult, GameSnapshot, GameStatus, MoveRecord, RulesetSpec, TimeControl,
};
use uuid::Uuid;

use super::convert::{ranks_of_winner, seat_from_text, seat_name};
use super::replay::Left;
use super::SEAT_LEFT_KIND;
use crate::store::{EventRow, Millis, MoveRow};

/// The name of a kind's own record format in `?format=`, which every kind writes.
pub const OWN_FORMAT: &str = "own";

/// A record format a kind writes besides its own, for another program to read (kurnik's, for the Paper Soccer
/// games kurnik can express). Each kind lists its own ([`super::kinds::Kind::foreign_formats`]).
pub struct ForeignFormat {
    /// Its name in `?format=`.
    pub name: &'static str,
    /// Writes a game in it, or says why the format cannot express the game.
    pub write: fn(&RecordParts<'_>) -> Result<String, ExportError>,
}

/// Why a game cannot be written as a record.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The stored ruleset is not one the engine plays.
    #[error("the stored ruleset is invalid: {0}")]
    Ruleset(String),
    /// The stored moves do not replay.
    #[error("the stored moves do not replay: {0}")]
    Moves(String),
    /// The game's kind writes no record in the format asked for.
    #[error("no {asked} record of {kind}: its formats are {}", .offered.join(", "))]
    UnknownFormat {
        /// The format asked for.
        asked: String,
        /// The kind's display name.
        kind: &'static str,
        /// The formats the kind writes, its own first.
        offered: Vec<&'static str>,
    },
    /// The game's kind keeps secrets and the game has not ended: its record, which reveals them, is written
    /// only once it is over (docs/hidden-information.md).
    #[error("the record of a game with secrets is written once the game is over")]
    SecretsInPlay,
    /// The game's kind keeps secrets and the record was asked for without them ([`RecordParts::secrets`]).
    #[error("the record of a game with secrets needs its revealed secrets")]
    SecretsMissing,
    /// The format cannot express this game; the reason is the format's own error type (kurnik's
    /// `KurnikRefusal`), kept whole so that it can be told apart.
    #[error("no {format} record: {reason}")]
    Inexpressible {
        /// The format asked for.
        format: &'static str,
        /// Why it cannot express the game.
        reason: Box<dyn std::error::Error + Send + Sync>,
    },
}

/// What a record is written from: a live game's snapshot, or a stored game with its moves.
#[derive(Clone, Debug)]
pub struct RecordParts<'a> {
    /// Game kind and options.
    pub ruleset: RulesetSpec,
    /// The time control.
    pub time_control: TimeControl,
    /// The players' names, first seat first, one a seat.
    pub names: Vec<&'a str>,
    /// Where the game stands.
    pub status: GameStatus,
    /// The result, once finished.
    pub result: Option<GameResult>,
    /// When the game was created (an imported game's historic date).
    pub created_at_ms: i64,
    /// The stored moves' notation, in order.
    pub moves: Vec<&'a str>,
    /// The seats that left while the game played on (`seat_left`), in the order they left, each with its ply.
    pub departed: Vec<Departure>,
    /// For a kind with secrets, what its record needs besides the moves; `None` for every other kind.
    pub secrets: Option<Secrets>,
}

/// What the record of a game with secrets is written from besides [`RecordParts::moves`], which then hold each
/// mover's whole text as stored (a fleet, a guess), replayed to get the public texts the record shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Secrets {
    /// The game's id, which every commitment names.
    pub game_id: Uuid,
    /// The seat of each move, in order: a simultaneous phase is not told by alternation.
    pub movers: Vec<Seat>,
    /// The moves the end of the game revealed (the `revealed` of its `ended` or `adjudicated` event): each
    /// secret with its nonce and commitment.
    pub revealed: Vec<MoveRecord>,
}

/// What the record of the stored game `game_id` of `kind` needs besides its moves, for a kind with secrets: each
/// move's seat and the secrets its end revealed (`events` are the game's stored events); `None` for every other
/// kind. Why not when a stored seat or event does not read.
pub fn stored_secrets(
    kind: GameKind,
    game_id: Uuid,
    moves: &[MoveRow],
    events: &[EventRow],
) -> Result<Option<Secrets>, String> {
    if !kind.hidden_information() {
        return Ok(None);
    }
    let movers = moves
        .iter()
        .map(|row| seat_from_text(&row.seat).ok_or_else(|| format!("move {}: seat {:?}", row.ply, row.seat)))
        .collect::<Result<_, _>>()?;
    Ok(Some(Secrets { game_id, movers, revealed: stored_revealed(events)? }))
}

/// The moves a stored game's end revealed (its `ended` or `adjudicated` event's `revealed`), empty while none
/// did; why not when an event does not read.
fn stored_revealed(events: &[EventRow]) -> Result<Vec<MoveRecord>, String> {
    let mut revealed = Vec::new();
    for row in events.iter().filter(|row| ["ended", "adjudicated"].contains(&row.kind.as_str())) {
        match serde_json::from_str::<GameEvent>(&row.payload) {
            Ok(GameEvent::Ended { revealed: moves, .. } | GameEvent::Adjudicated { revealed: moves, .. })
                if !moves.is_empty() =>
            {
                revealed = moves;
            }
            Ok(_) => {}
            Err(error) => return Err(format!("event {}: {error}", row.seq)),
        }
    }
    Ok(revealed)
}

impl<'a> RecordParts<'a> {
    /// The parts of a game's snapshot.
    #[must_use]
    pub fn of_snapshot(game: &'a GameSnapshot) -> RecordParts<'a> {
        RecordParts {
            ruleset: game.ruleset,
            time_control: game.time_control,
            names: game.players.iter().map(|player| player.name.as_str()).collect(),
            status: game.status,
            result: game.result.clone(),
            created_at_ms: game.created_at_ms,
            moves: game.moves.iter().map(|m| m.notation.as_str()).collect(),
            departed: game.departed.clone(),
            secrets: None,
        }
    }
}

/// The departures a stored game's events record (its `seat_left` events), in the order they happened, as a
/// snapshot lists them; why not when one does not read.
pub fn stored_departures(events: &[EventRow]) -> Result<Vec<Departure>, String> {
    events
        .iter()
        .filter(|row| row.kind == SEAT_LEFT_KIND)
        .map(|row| match serde_json::from_str(&row.payload) {
            Ok(GameEvent::SeatLeft { seat, reason, ply, .. }) => Ok(Departure { seat, ply, reason }),
            Ok(_) => Err(format!("event {} is stored as seat_left but is not one", row.seq)),
            Err(error) => Err(format!("event {}: {error}", row.seq)),
        })
        .collect()
}

/// The games of a record file that can be imported, and the refused ones.
#[derive(Debug, Default)]
pub struct ReadGames {
    /// Games in the file, refused ones included.
    pub count: u64,
    /// The games that replay by the rules.
    pub games: Vec<ReadGame>,
    /// The refused games: their number in the file and why.
    pub rejections: Vec<(u64, String)>,
}

impl ReadGames {
    /// The games of a file's records, numbered from 1: each one read (or why it is malformed), then checked
    /// against the rules by `check`.
    pub fn of_records<R>(
        records: impl IntoIterator<Item = Result<R, String>>,
        check: impl Fn(u64, &R) -> Result<ReadGame, String>,
    ) -> ReadGames {
        let mut read = ReadGames::default();
        for (at, record) in records.into_iter().enumerate() {
            let index = at as u64 + 1;
            read.count += 1;
            match record.and_then(|record| check(index, &record)) {
                Ok(game) => read.games.push(game),
                Err(reason) => read.rejections.push((index, reason)),
            }
        }
        read
    }
}

/// One game read from a record file and checked against the rules.
#[derive(Clone, Debug)]
pub struct ReadGame {
    /// Its number in the file, from 1.
    pub index: u64,
    /// The players' names, first seat first, one a seat.
    pub names: Vec<String>,
    /// When it was played.
    pub created_at: Millis,
    /// Game kind and options.
    pub ruleset: RulesetSpec,
    /// Each player's starting time, in seconds (0 when the record does not say).
    pub initial_seconds: u32,
    /// Whether it was a rated game.
    pub rated: bool,
    /// Its moves, in order.
    pub moves: Vec<ReadMove>,
    /// The result, if the record or the rules give one.
    pub result: Option<GameResult>,
    /// The seats that left while the game played on, in the order they left, each at the ply it left at.
    pub departures: Vec<Left>,
}

impl ReadGame {
    /// A game of a record in kartka's tag layout ([`player_tags`]): its players from `White` (the first seat),
    /// `Black` and, in a game of more seats, `Player3` on while the record has them (the import refuses a game
    /// whose names are not one a seat), its date from `Date` and `Time`, the starting seconds from
    /// `TimeControl`, not rated; `tag` gives a tag's value.
    pub fn of_tags<'a>(
        index: u64,
        tag: impl Fn(&str) -> Option<&'a str>,
        ruleset: RulesetSpec,
        moves: Vec<ReadMove>,
        result: Option<GameResult>,
    ) -> Result<ReadGame, String> {
        Ok(ReadGame {
            index,
            names: Seat::all(Seat::MAX_SEATS)
                .enumerate()
                .map_while(|(at, seat)| tag(&player_tag_name(seat)).or(if at < 2 { Some("") } else { None }))
                .map(|name| player_name(Some(name)))
                .collect(),
            created_at: moment_of(tag("Date"), tag("Time"))?,
            ruleset,
            initial_seconds: initial_seconds_of(tag("TimeControl")),
            rated: false,
            moves,
            result,
            departures: Vec::new(),
        })
    }
}

/// One move of a read game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadMove {
    /// Who moved.
    pub seat: Seat,
    /// The actions, in the game's notation.
    pub notation: String,
    /// How many actions `notation` holds.
    pub actions: u32,
    /// Whether the move ended the mover's turn (the last move of a game lost on time may not).
    pub turn_ended: bool,
}

/// The longest player name kept from a record.
const MAX_NAME_CHARS: usize = 64;

/// A player's name from a record's tag: trimmed, at most 64 characters, `?` when there is none.
#[must_use]
pub fn player_name(tag: Option<&str>) -> String {
    let name: String = tag.unwrap_or_default().trim().chars().take(MAX_NAME_CHARS).collect();
    if name.is_empty() {
        "?".to_owned()
    } else {
        name
    }
}

/// The result of a game the rules did not end but the record gives a winner of (or a draw): the record does
/// not say whether by resignation, on time or by agreement.
#[must_use]
pub fn unrecorded_ending(winner: Option<Seat>) -> GameResult {
    GameResult {
        ranks: ranks_of_winner(winner),
        winner: winner.map(seat_name),
        reason: EndReasonName::Unknown,
        scores: None,
        half_points: false,
    }
}

/// `YYYY.MM.DD` (UTC) of a time in ms since the Unix epoch, as record headers date games.
#[must_use]
pub fn date_text(ms: i64) -> String {
    let days = ms.div_euclid(86_400_000);
    // Civil-from-days (Howard Hinnant's algorithm), valid for the whole proleptic Gregorian calendar.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
    let month = if shifted_month < 10 { shifted_month + 3 } else { shifted_month - 9 };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// The moment a record's `Date` (`YYYY.MM.DD`, UTC) and `Time` (`HH:MM:SS`) headers name; midnight when there
/// is no time, and the Unix epoch when there is no date (`????.??.??` is an unknown date).
pub fn moment_of(date: Option<&str>, time: Option<&str>) -> Result<Millis, String> {
    let Some(date) = date.filter(|date| !date.contains('?')) else { return Ok(0) };
    let bad_date = || format!("Date {date:?} is not YYYY.MM.DD");
    let mut parts = date.split('.').map(|part| part.parse::<i64>().map_err(|_| bad_date()));
    let (Some(year), Some(month), Some(day), None) = (parts.next(), parts.next(), parts.next(), parts.next()) else {
        return Err(bad_date());
    };
    let (year, month, day) = (year?, month?, day?);
    if !(1..=12).contains(&month) || !(1..=31).contains(&day) {
        return Err(bad_date());
    }
    let seconds = match time.filter(|time| !time.contains('?')) {
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

/// The records of a file: a tag line after movetext starts the next record, whichever tag a writer puts first
/// (a tag is never valid after a record's movetext, and a record without a result token ends with no other
/// sign). Lines before the first tag belong to the first record.
#[must_use]
pub fn split_records(text: &str) -> Vec<String> {
    let mut records: Vec<String> = Vec::new();
    let mut in_movetext = false;
    for line in text.lines() {
        let trimmed = line.trim();
        let is_tag = trimmed.starts_with('[');
        if (is_tag && in_movetext) || (records.is_empty() && !trimmed.is_empty()) {
            records.push(String::new());
            in_movetext = false;
        }
        if !trimmed.is_empty() && !is_tag {
            in_movetext = true;
        }
        if let Some(record) = records.last_mut() {
            record.push_str(line);
            record.push('\n');
        }
    }
    records
}

/// The tags kartka's own records start with, as name and value, for the kinds whose records are tags and
/// movetext (but kurnik's, whose order is kurnik's): the server, the date, the players (one tag a seat,
/// [`player_tag_name`]) and the time control ([`time_control_text`]).
#[must_use]
pub fn player_tags(game: &RecordParts<'_>) -> Vec<(String, String)> {
    let mut tags = vec![
        ("Event".to_owned(), "kartka".to_owned()),
        ("Site".to_owned(), "kartka".to_owned()),
        ("Date".to_owned(), date_text(game.created_at_ms)),
    ];
    let players = Seat::all(game.names.len()).zip(&game.names);
    tags.extend(players.map(|(seat, &name)| (player_tag_name(seat), name.to_owned())));
    tags.push(("TimeControl".to_owned(), time_control_text(&game.time_control)));
    tags
}

/// The tag naming the player of `seat`: PGN's `White` and `Black` for the first two seats (so that a record
/// of two reads as PGN tools expect), `Player3`, `Player4`, ... for the seats after them.
#[must_use]
pub fn player_tag_name(seat: Seat) -> String {
    match seat.index() {
        0 => "White".to_owned(),
        1 => "Black".to_owned(),
        index => format!("Player{}", index + 1),
    }
}

/// The `TimeControl` tag as kartka writes it for any kind: `initial+increment` seconds, `1/seconds` per
/// move for correspondence, and for a per-move clock `1/T` with `:R` after it when it has a reserve of R
/// seconds (PGN's periods: a move in T seconds, then the reserve).
#[must_use]
pub fn time_control_text(time_control: &TimeControl) -> String {
    match *time_control {
        TimeControl::Fischer { initial_seconds, increment_seconds } => format!("{initial_seconds}+{increment_seconds}"),
        TimeControl::Correspondence { days_per_move, .. } => format!("1/{}", u64::from(days_per_move) * 86_400),
        TimeControl::PerMove { move_seconds, reserve_seconds: 0, .. } => format!("1/{move_seconds}"),
        TimeControl::PerMove { move_seconds, reserve_seconds, .. } => format!("1/{move_seconds}:{reserve_seconds}"),
    }
}

/// Each player's starting seconds from a `TimeControl` tag written by [`time_control_text`] (0 when absent or
/// unreadable: the record is still a game).
#[must_use]
pub fn initial_seconds_of(tag: Option<&str>) -> u32 {
    tag.and_then(|value| value.split(['+', '/']).next()).and_then(|seconds| seconds.trim().parse().ok()).unwrap_or(0)
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

#[cfg(test)]
mod tests {
    use kartka_protocol::{Clocks, SeatName};

    use super::*;

    #[test]
    fn the_departures_of_stored_events_are_their_seat_left_events_in_order() {
        let row = |seq, event: &GameEvent| EventRow {
            seq,
            kind: crate::games::event_kind(event).to_owned(),
            payload: serde_json::to_string(event).expect("serialises"),
            at: 0,
            private: None,
        };
        let left = |seat, reason, ply| GameEvent::SeatLeft {
            seat,
            reason,
            ply,
            to_act: None,
            seats_to_act: Vec::new(),
            clocks: Clocks::new(vec![], None),
        };
        let events = [
            row(1, &GameEvent::DrawOffered { seat: SeatName::First }),
            row(2, &left(SeatName::Third, EndReasonName::Time, 7)),
            row(3, &left(SeatName::First, EndReasonName::Resignation, 9)),
        ];
        assert_eq!(
            stored_departures(&events),
            Ok(vec![
                Departure { seat: SeatName::Third, ply: 7, reason: EndReasonName::Time },
                Departure { seat: SeatName::First, ply: 9, reason: EndReasonName::Resignation },
            ])
        );
        let damaged = EventRow { payload: "{}".into(), ..events[1].clone() };
        assert!(stored_departures(&[damaged]).is_err());
    }

    #[test]
    fn files_split_where_a_tag_follows_movetext_whichever_tag_comes_first() {
        let file = "[Variant \"x\"]\n[Board \"8x10\"]\n\n1. 0 1\n\n[Variant \"x\"]\n\n1. 2\n";
        let records = split_records(file);
        assert_eq!(records.len(), 2);
        assert!(records[0].contains("[Board") && records[0].contains("1. 0 1"));
        assert!(records[1].starts_with("[Variant") && records[1].contains("1. 2"));
        // Without result tokens, and with another tag first: each game is still its own record.
        let file =
            "[Event \"a\"]\n[Variant \"x\"]\n\n1. 0 1\n[Event \"b\"]\n[Variant \"x\"]\n1. 2\n\n\n[Site \"c\"]\n1. 3\n";
        let records = split_records(file);
        assert_eq!(records.len(), 3, "{records:?}");
        assert!(records[1].starts_with("[Event \"b\"]") && records[1].contains("1. 2"));
        assert!(records[2].starts_with("[Site") && records[2].ends_with("1. 3\n"));
        assert_eq!(initial_seconds_of(Some("180+2")), 180);
        assert_eq!(initial_seconds_of(None), 0);
    }

    #[test]
    fn dates_are_utc_calendar_days() {
        assert_eq!(date_text(0), "1970.01.01");
        assert_eq!(date_text(1_411_344_000_000), "2014.09.22");
        assert_eq!(date_text(951_782_400_000), "2000.02.29");
        assert_eq!(date_text(1_795_392_000_000 - 1), "2026.11.22");
    }

    #[test]
    fn moments_read_back_the_dates_written() {
        for ms in [0, 951_782_400_000, 1_411_344_000_000] {
            assert_eq!(moment_of(Some(&date_text(ms)), None), Ok(ms));
        }
        assert_eq!(moment_of(Some("2014.09.22"), Some("01:02:03")), Ok(1_411_344_000_000 + 3_723_000));
        assert_eq!(moment_of(Some("????.??.??"), None), Ok(0));
        assert!(moment_of(Some("2014.13.01"), None).is_err());
        assert!(moment_of(Some("2014.09.22"), Some("25:00:00")).is_err());
    }
}
