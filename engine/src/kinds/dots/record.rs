//! Dots game records: what a record holds (rules, setup, the actions and server events in order, the result),
//! replaying one, and the own text record of rule 10.6:
//!
//! ```text
//! dots 39x32 start=cross seed=0 zone=auto extra_move=off instant_win=0 stop=computed auto_end=off territory=off blitz=off
//! qv rv qw! STOP
//! result=B+7 reason=stop
//! ```
//!
//! `B` is the first seat (Blue), `W` the second (Red), as in SGF. Replay is a fold of the actions.

use std::fmt::Write as _;

use super::action::Action;
use super::field::{FieldSize, Point};
use super::notation::{parse_actions, read_point, write_action, write_point};
use super::position::{IllegalAction, Position, SetupError};
use super::rules::{DotsRules, RulesError, StopMode, Zone};
use super::start::{cross_corners, Start};
use crate::{BySeat, Seat};

/// One step of a record: an action of the seat to act, or something the server decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// An action of the seat to act.
    Action(Action),
    /// A dot the server played for a seat out of time (9.3, `qv!`).
    TimeoutDot(Point),
    /// Both players agreed to end the game, scored by the counts (`AGREE`, 8.1).
    Agree,
    /// Both players agreed a draw (`DRAW`).
    Draw,
    /// The seat resigned (`RESIGN:B`).
    Resign(Seat),
    /// The seat's time ran out (`TIME:W`).
    Time(Seat),
}

impl Entry {
    /// Whether the entry ends the game whatever the position: the server's endings.
    #[must_use]
    pub const fn is_final(self) -> bool {
        matches!(self, Entry::Agree | Entry::Draw | Entry::Resign(_) | Entry::Time(_))
    }
}

/// How a game ended, as a record writes it (8.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultReason {
    /// The seat to move had no legal point.
    Full,
    /// STOP.
    Stop,
    /// Instant win.
    Instant,
    /// Auto end.
    Auto,
    /// Agreed end, scored.
    Agreement,
    /// Agreed draw.
    Draw,
    /// Resignation.
    Resign,
    /// Time.
    Time,
}

impl ResultReason {
    /// Every reason, in the order of rule 8.2.
    pub const ALL: [ResultReason; 8] = [
        ResultReason::Full,
        ResultReason::Stop,
        ResultReason::Agreement,
        ResultReason::Draw,
        ResultReason::Resign,
        ResultReason::Time,
        ResultReason::Instant,
        ResultReason::Auto,
    ];

    /// The reason's word in records.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            ResultReason::Full => "full",
            ResultReason::Stop => "stop",
            ResultReason::Instant => "instant",
            ResultReason::Auto => "auto",
            ResultReason::Agreement => "agreement",
            ResultReason::Draw => "draw",
            ResultReason::Resign => "resign",
            ResultReason::Time => "time",
        }
    }

    /// The reason written as `name`.
    #[must_use]
    pub fn from_name(name: &str) -> Option<ResultReason> {
        ResultReason::ALL.into_iter().find(|reason| reason.name() == name)
    }
}

/// The margin of a win in SGF's `RE` (10.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Margin {
    /// By this many points (`B+7`).
    Points(u32),
    /// By resignation (`B+R`).
    Resign,
    /// On time (`B+T`).
    Time,
    /// Not said (`B+`).
    Unspecified,
}

/// A game's result: `0` (a draw) or a win (`B+7`), and in the text record the reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecordResult {
    /// The winner and margin, or `None` for a draw.
    pub win: Option<(Seat, Margin)>,
    /// Why the game ended, when known.
    pub reason: Option<ResultReason>,
}

impl RecordResult {
    /// Reads SGF's `RE` value (`B+7`, `W+R`, `B+T`, `0`), if it is one of those.
    #[must_use]
    pub fn parse_value(text: &str) -> Option<RecordResult> {
        if text == "0" || text == "Draw" {
            return Some(RecordResult { win: None, reason: None });
        }
        let (colour, margin) = text.split_once('+')?;
        let seat = seat_of_letter(colour)?;
        let margin = match margin {
            "R" | "Resign" => Margin::Resign,
            "T" | "Time" => Margin::Time,
            "" => Margin::Unspecified,
            points => Margin::Points(points.parse().ok()?),
        };
        let reason = match margin {
            Margin::Resign => Some(ResultReason::Resign),
            Margin::Time => Some(ResultReason::Time),
            Margin::Points(_) | Margin::Unspecified => None,
        };
        Some(RecordResult { win: Some((seat, margin)), reason })
    }

    /// Writes the `RE` value.
    pub fn write_value(&self, out: &mut String) {
        match self.win {
            None => out.push('0'),
            Some((seat, margin)) => {
                out.push(seat_letter(seat));
                out.push('+');
                match margin {
                    Margin::Points(points) => write!(out, "{points}").expect("writing to a String cannot fail"),
                    Margin::Resign => out.push('R'),
                    Margin::Time => out.push('T'),
                    Margin::Unspecified => {}
                }
            }
        }
    }
}

/// `B` for the first seat, `W` for the second.
#[must_use]
pub const fn seat_letter(seat: Seat) -> char {
    match seat {
        Seat::FIRST => 'B',
        _ => 'W',
    }
}

fn seat_of_letter(letter: &str) -> Option<Seat> {
    match letter {
        "B" => Some(Seat::FIRST),
        "W" => Some(Seat::SECOND),
        _ => None,
    }
}

/// One Dots game: its rules, the setup dots of a custom start, what happened in order, and the result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DotsRecord {
    /// The rules.
    pub rules: DotsRules,
    /// The start's dots when `rules.start` is [`Start::Custom`]; empty otherwise (the rules give them).
    /// Readers give the first seat's dots, then the second's, each in row-major order.
    pub setup: Vec<(Seat, Point)>,
    /// The actions and server events, in order.
    pub entries: Vec<Entry>,
    /// The result, when the game is over.
    pub result: Option<RecordResult>,
}

/// Why a record does not replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The setup dots cannot be placed.
    #[error("bad setup: {0}")]
    Setup(#[from] SetupError),
    /// Entry `index` (0-based) is illegal.
    #[error("entry {index} is illegal: {illegal}")]
    Illegal {
        /// Which entry.
        index: usize,
        /// Why.
        illegal: IllegalAction,
    },
    /// Entry `index` comes after the game ended.
    #[error("entry {index} comes after the end of the game")]
    AfterEnd {
        /// Which entry.
        index: usize,
    },
}

impl DotsRecord {
    /// A record of a game not yet played.
    #[must_use]
    pub fn new(rules: DotsRules) -> DotsRecord {
        DotsRecord { rules, setup: Vec::new(), entries: Vec::new(), result: None }
    }

    /// The position before the first entry.
    pub fn start_position(&self) -> Result<Position, ReplayError> {
        Ok(match self.rules.start {
            Start::Custom => Position::with_dots(self.rules, self.setup.iter().copied())?,
            _ => Position::new(self.rules),
        })
    }

    /// Replays every entry: the position after the last action (a server's ending leaves it as it was).
    pub fn replay(&self) -> Result<Position, ReplayError> {
        self.replay_with(|_, _| {})
    }

    /// Replays every entry, calling `after` with each entry's index and the position after it.
    pub fn replay_with(&self, mut after: impl FnMut(usize, &Position)) -> Result<Position, ReplayError> {
        let mut position = self.start_position()?;
        let mut ended = false;
        for (index, &entry) in self.entries.iter().enumerate() {
            if ended || position.outcome().is_some() {
                return Err(ReplayError::AfterEnd { index });
            }
            let action = match entry {
                Entry::Action(action) => action,
                Entry::TimeoutDot(point) => Action::Dot(point),
                _ => {
                    ended = true;
                    after(index, &position);
                    continue;
                }
            };
            position.play(action).map_err(|illegal| ReplayError::Illegal { index, illegal })?;
            after(index, &position);
        }
        Ok(position)
    }

    /// The record in the text format of rule 10.6.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut out = String::from("dots ");
        write_options(&self.rules, &self.setup, &mut out);
        out.push('\n');
        let mut line_len = 0;
        for (index, entry) in self.entries.iter().enumerate() {
            let mut token = String::new();
            write_entry(*entry, &mut token);
            if index > 0 {
                if line_len + 1 + token.len() > 79 {
                    out.push('\n');
                    line_len = 0;
                } else {
                    out.push(' ');
                    line_len += 1;
                }
            }
            line_len += token.len();
            out.push_str(&token);
        }
        if !self.entries.is_empty() {
            out.push('\n');
        }
        if let Some(result) = &self.result {
            out.push_str("result=");
            result.write_value(&mut out);
            if let Some(reason) = result.reason {
                write!(out, " reason={}", reason.name()).expect("writing to a String cannot fail");
            }
            out.push('\n');
        }
        out
    }

    /// Reads a text record (10.6).
    pub fn from_text(text: &str) -> Result<DotsRecord, ReadError> {
        let mut lines = text.lines().enumerate().filter(|(_, line)| !line.trim().is_empty());
        let (_, header) = lines.next().ok_or(ReadError { line: 1, kind: ReadErrorKind::Empty })?;
        let mut words = header.split_ascii_whitespace();
        if words.next() != Some("dots") {
            return Err(ReadError { line: 1, kind: ReadErrorKind::NotDots });
        }
        let (rules, setup) = read_options(words).map_err(|kind| ReadError { line: 1, kind })?;
        let mut record = DotsRecord { rules, setup, entries: Vec::new(), result: None };
        for (number, line) in lines {
            let error = |kind| ReadError { line: number + 1, kind };
            if record.result.is_some() {
                return Err(error(ReadErrorKind::AfterResult));
            }
            if let Some(rest) = line.trim().strip_prefix("result=") {
                record.result = Some(read_result(rest).ok_or(error(ReadErrorKind::BadResult))?);
                continue;
            }
            for token in line.split_ascii_whitespace() {
                record.entries.push(read_entry(token).ok_or(error(ReadErrorKind::BadToken))?);
            }
        }
        Ok(record)
    }
}

/// Why a text record cannot be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {kind}")]
pub struct ReadError {
    /// The 1-based line.
    pub line: usize,
    /// What is wrong there.
    pub kind: ReadErrorKind,
}

/// What is wrong with a text record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReadErrorKind {
    /// There is no text.
    #[error("the record is empty")]
    Empty,
    /// The first word is not `dots`.
    #[error("not a Dots record")]
    NotDots,
    /// The field size is missing or not allowed.
    #[error("bad field size")]
    BadSize,
    /// An option is unknown or its value unreadable.
    #[error("bad option")]
    BadOption,
    /// The options do not fit together.
    #[error("bad rules: {0}")]
    Rules(RulesError),
    /// The listed corners of a random start are not the ones its seed gives.
    #[error("the random start's corners do not match its seed")]
    CornersMismatch,
    /// A token is not an action or event.
    #[error("unreadable token")]
    BadToken,
    /// The result line is unreadable.
    #[error("unreadable result")]
    BadResult,
    /// Something follows the result line.
    #[error("text after the result")]
    AfterResult,
}

fn on_off(value: bool) -> &'static str {
    if value {
        "on"
    } else {
        "off"
    }
}

fn write_points(points: impl Iterator<Item = Point>, out: &mut String) {
    for (index, point) in points.enumerate() {
        if index > 0 {
            out.push(',');
        }
        write_point(point, out);
    }
}

/// Writes the size and every option of line 1.
fn write_options(rules: &DotsRules, setup: &[(Seat, Point)], out: &mut String) {
    let mut w = |text: std::fmt::Arguments<'_>| out.write_fmt(text).expect("writing to a String cannot fail");
    w(format_args!("{} start=", rules.size));
    match rules.start {
        Start::Empty => w(format_args!("empty")),
        Start::Cross => w(format_args!("cross")),
        Start::Cross2 => w(format_args!("cross2")),
        Start::Cross4 => w(format_args!("cross4")),
        Start::Random { blocks } => w(format_args!("random({blocks})")),
        Start::Custom => w(format_args!("custom")),
    }
    w(format_args!(" seed={} zone=", rules.seed));
    match rules.zone {
        Zone::Auto => w(format_args!("auto")),
        Zone::Size { width, height } => w(format_args!("{width}x{height}")),
        Zone::Off => w(format_args!("off")),
    }
    w(format_args!(" extra_move={} instant_win={} stop=", on_off(rules.extra_move), rules.instant_win));
    match rules.stop {
        StopMode::Computed => w(format_args!("computed")),
        StopMode::Window { seconds } => w(format_args!("window({seconds})")),
        StopMode::Off => w(format_args!("off")),
    }
    w(format_args!(
        " auto_end={} territory={} blitz={}",
        on_off(rules.auto_end),
        on_off(rules.territory),
        on_off(rules.blitz_random_on_timeout)
    ));
    if let Start::Random { .. } = rules.start {
        out.push_str(" corners=");
        write_points(cross_corners(rules.layout()).as_slice().iter().copied(), out);
    }
    if rules.start == Start::Custom {
        for (key, seat) in [(" first=", Seat::FIRST), (" second=", Seat::SECOND)] {
            out.push_str(key);
            let mut points: Vec<Point> = setup.iter().filter(|(s, _)| *s == seat).map(|&(_, point)| point).collect();
            points.sort();
            write_points(points.into_iter(), out);
        }
    }
}

fn read_points(text: &str) -> Option<Vec<Point>> {
    text.split(',')
        .filter(|part| !part.is_empty())
        .map(|part| read_point(part.as_bytes()).filter(|_| part.len() == 2))
        .collect()
}

fn read_on_off(value: &str) -> Result<bool, ReadErrorKind> {
    match value {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(ReadErrorKind::BadOption),
    }
}

/// `name(number)` → the number.
fn parenthesised<T: std::str::FromStr>(value: &str, name: &str) -> Option<T> {
    value.strip_prefix(name)?.strip_prefix('(')?.strip_suffix(')')?.parse().ok()
}

fn read_size(text: &str) -> Option<(u8, u8)> {
    let (width, height) = text.split_once('x')?;
    Some((width.parse().ok()?, height.parse().ok()?))
}

/// Reads the size and options of line 1 (after `dots`).
fn read_options<'a>(
    mut words: impl Iterator<Item = &'a str>,
) -> Result<(DotsRules, Vec<(Seat, Point)>), ReadErrorKind> {
    let (width, height) = words.next().and_then(read_size).ok_or(ReadErrorKind::BadSize)?;
    let size = FieldSize::new(width, height).map_err(|_| ReadErrorKind::BadSize)?;
    let mut rules = DotsRules { size, ..DotsRules::default() };
    let mut setup = Vec::new();
    let mut corners = None;
    for word in words {
        let (key, value) = word.split_once('=').ok_or(ReadErrorKind::BadOption)?;
        match key {
            "corners" => corners = Some(read_points(value).ok_or(ReadErrorKind::BadOption)?),
            "first" | "second" => {
                let seat = if key == "first" { Seat::FIRST } else { Seat::SECOND };
                setup
                    .extend(read_points(value).ok_or(ReadErrorKind::BadOption)?.into_iter().map(|point| (seat, point)));
            }
            _ => read_option(&mut rules, key, value)?,
        }
    }
    rules.validate().map_err(ReadErrorKind::Rules)?;
    setup.sort();
    if let Some(corners) = corners {
        if corners != cross_corners(rules.layout()).as_slice() {
            return Err(ReadErrorKind::CornersMismatch);
        }
    }
    Ok((rules, setup))
}

/// Sets one option of line 1 (also the keys of SGF's private `XD`; `auto` is `auto_end` there).
pub(super) fn read_option(rules: &mut DotsRules, key: &str, value: &str) -> Result<(), ReadErrorKind> {
    let bad = ReadErrorKind::BadOption;
    match key {
        "start" => {
            rules.start = match value {
                "empty" => Start::Empty,
                "cross" => Start::Cross,
                "cross2" => Start::Cross2,
                "cross4" => Start::Cross4,
                "custom" => Start::Custom,
                _ => Start::Random { blocks: parenthesised(value, "random").ok_or(bad)? },
            }
        }
        "seed" => rules.seed = value.parse().map_err(|_| bad)?,
        "zone" => {
            rules.zone = match value {
                "auto" => Zone::Auto,
                "off" => Zone::Off,
                _ => read_size(value).map(|(width, height)| Zone::Size { width, height }).ok_or(bad)?,
            }
        }
        "extra_move" => rules.extra_move = read_on_off(value)?,
        "instant_win" => rules.instant_win = value.parse().map_err(|_| bad)?,
        "stop" => {
            rules.stop = match value {
                "computed" => StopMode::Computed,
                "off" => StopMode::Off,
                _ => StopMode::Window { seconds: parenthesised(value, "window").ok_or(bad)? },
            }
        }
        "auto_end" | "auto" => rules.auto_end = read_on_off(value)?,
        "territory" => rules.territory = read_on_off(value)?,
        "blitz" => rules.blitz_random_on_timeout = read_on_off(value)?,
        _ => return Err(bad),
    }
    Ok(())
}

fn write_entry(entry: Entry, out: &mut String) {
    match entry {
        Entry::Action(action) => write_action(action, out),
        Entry::TimeoutDot(point) => {
            write_point(point, out);
            out.push('!');
        }
        Entry::Agree => out.push_str("AGREE"),
        Entry::Draw => out.push_str("DRAW"),
        Entry::Resign(seat) => write!(out, "RESIGN:{}", seat_letter(seat)).expect("writing to a String cannot fail"),
        Entry::Time(seat) => write!(out, "TIME:{}", seat_letter(seat)).expect("writing to a String cannot fail"),
    }
}

fn read_entry(token: &str) -> Option<Entry> {
    match token {
        "AGREE" => return Some(Entry::Agree),
        "DRAW" => return Some(Entry::Draw),
        _ => {}
    }
    if let Some(letter) = token.strip_prefix("RESIGN:") {
        return seat_of_letter(letter).map(Entry::Resign);
    }
    if let Some(letter) = token.strip_prefix("TIME:") {
        return seat_of_letter(letter).map(Entry::Time);
    }
    if let Some(point) = token.strip_suffix('!') {
        return read_point(point.as_bytes()).filter(|_| point.len() == 2).map(Entry::TimeoutDot);
    }
    match parse_actions(token).ok()?.as_slice() {
        [action] => Some(Entry::Action(*action)),
        _ => None,
    }
}

fn read_result(text: &str) -> Option<RecordResult> {
    let mut words = text.split_ascii_whitespace();
    let mut result = RecordResult::parse_value(words.next()?)?;
    match words.next() {
        None => {}
        Some(reason) => result.reason = Some(ResultReason::from_name(reason.strip_prefix("reason=")?)?),
    }
    words.next().is_none().then_some(result)
}

impl RecordResult {
    /// The result of a game the rules ended: the winner by the margin of the counts (or a draw) and the reason.
    #[must_use]
    pub fn of_position(position: &Position) -> Option<RecordResult> {
        let outcome = position.outcome()?;
        let scores = outcome.scores.unwrap_or(BySeat::splat(2, 0));
        let reason = match position.end()? {
            super::DotsEnd::Full => ResultReason::Full,
            super::DotsEnd::Stop => ResultReason::Stop,
            super::DotsEnd::Instant => ResultReason::Instant,
            super::DotsEnd::Auto => ResultReason::Auto,
        };
        let win = outcome.winner().map(|seat| {
            let margin = scores[seat].saturating_sub(scores[seat.other()]);
            (seat, Margin::Points(margin))
        });
        Some(RecordResult { win, reason: Some(reason) })
    }
}
