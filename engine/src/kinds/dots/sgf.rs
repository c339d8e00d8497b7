//! SGF records as zagram.org writes them (10.2–10.5): `(;FF[4]GM[40]SZ[39:32]RU[…]AB[..]AW[..];B[qv];W[rv]…)`.
//!
//! Reading takes the main line (the first variation everywhere), ignores capture chains and unknown
//! properties, and replays the moves to check their colours. Writing replays the record to draw the chains.
//! Actions SGF cannot say go in the private `XA` property, holding the 10.6 token: `XA[~]` on a dot played
//! with paint=later, a node `;XA[P:qv]` for a paint and `;XA[DONE]` for the end of a STOP window.

use std::fmt::Write as _;

use super::action::Action;
use super::chain::ring;
use super::field::{FieldSize, Point};
use super::grid::Cell;
use super::notation::{parse_actions, read_point, write_point};
use super::position::{Capture, Position};
use super::record::{read_option, seat_letter, DotsRecord, Entry, ReadErrorKind, RecordResult, ReplayError};
use super::rules::{DotsRules, StopMode, Zone};
use super::start::{for_each_start_dot, Start};
use crate::Seat;

/// Why an SGF record cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SgfError {
    /// The text is not SGF: `expected` at byte `at`.
    #[error("SGF syntax at byte {at}: expected {expected}")]
    Syntax {
        /// Byte offset.
        at: usize,
        /// What was expected.
        expected: &'static str,
    },
    /// Game trees nest deeper than [`MAX_SGF_DEPTH`].
    #[error("game trees nested deeper than {MAX_SGF_DEPTH}")]
    TooDeep,
    /// `GM` names another game than Dots (40).
    #[error("not a Dots record (GM[{0}])")]
    NotDots(String),
    /// `SZ` is missing, unreadable or not allowed.
    #[error("bad field size SZ[{0}]")]
    BadSize(String),
    /// A point or move value is unreadable or off the field.
    #[error("bad point [{0}]")]
    BadPoint(String),
    /// An `XD` or `XA` value is unreadable.
    #[error("bad private property [{0}]")]
    BadPrivate(String),
    /// The options do not fit together, or the setup is not the start `XD` names.
    #[error("bad rules: {0}")]
    Rules(ReadErrorKind),
    /// Move `number` (1-based) is by the seat not to act.
    #[error("move {number} is out of turn")]
    OutOfTurn {
        /// Which move.
        number: usize,
    },
    /// The moves do not replay.
    #[error("the moves do not replay: {0}")]
    Replay(#[from] ReplayError),
}

/// The deepest nesting of game trees read. Records nest a variation or two; a file nested a million deep held a
/// node per level and took 400 MB to read.
pub const MAX_SGF_DEPTH: usize = 100;

/// One node: its properties in order, each with its values.
type Node = Vec<(String, Vec<String>)>;

/// The nodes of the main line of the first game tree.
fn main_line(text: &str) -> Result<Vec<Node>, SgfError> {
    let bytes = text.as_bytes();
    let syntax = |at, expected| SgfError::Syntax { at, expected };
    let mut nodes = Vec::new();
    // Per open tree: whether it is on the main line, and whether it has had a child tree yet.
    let mut trees: Vec<(bool, bool)> = Vec::new();
    let mut seen_tree = false;
    let mut at = 0;
    while at < bytes.len() {
        match bytes[at] {
            b'(' => {
                let on_main = match trees.last_mut() {
                    Some((parent_main, had_child)) => {
                        let first = !*had_child;
                        *had_child = true;
                        *parent_main && first
                    }
                    None => !seen_tree,
                };
                seen_tree = true;
                if trees.len() == MAX_SGF_DEPTH {
                    return Err(SgfError::TooDeep);
                }
                trees.push((on_main, false));
                at += 1;
            }
            b')' => {
                trees.pop().ok_or(syntax(at, "no ')' before its '('"))?;
                at += 1;
            }
            b';' => {
                let &(on_main, had_child) = trees.last().ok_or(syntax(at, "'(' before a node"))?;
                if had_child {
                    return Err(syntax(at, "no node after a variation"));
                }
                at += 1;
                let mut node = Node::new();
                loop {
                    while at < bytes.len() && bytes[at].is_ascii_whitespace() {
                        at += 1;
                    }
                    let ident_start = at;
                    while at < bytes.len() && bytes[at].is_ascii_alphabetic() {
                        at += 1;
                    }
                    if ident_start == at {
                        break;
                    }
                    let ident: String = text[ident_start..at].chars().filter(char::is_ascii_uppercase).collect();
                    let mut values = Vec::new();
                    loop {
                        while at < bytes.len() && bytes[at].is_ascii_whitespace() {
                            at += 1;
                        }
                        if bytes.get(at) != Some(&b'[') {
                            break;
                        }
                        at += 1;
                        let mut value = String::new();
                        let mut chars = text[at..].char_indices();
                        let mut closed = None;
                        while let Some((offset, c)) = chars.next() {
                            match c {
                                '\\' => {
                                    if let Some((_, escaped)) = chars.next() {
                                        value.push(escaped);
                                    }
                                }
                                ']' => {
                                    closed = Some(offset);
                                    break;
                                }
                                _ => value.push(c),
                            }
                        }
                        at += closed.ok_or(syntax(text.len(), "']'"))? + 1;
                        values.push(value);
                    }
                    if values.is_empty() {
                        return Err(syntax(at, "'[' after a property name"));
                    }
                    node.push((ident, values));
                }
                if on_main {
                    nodes.push(node);
                }
            }
            c if c.is_ascii_whitespace() => at += 1,
            _ if trees.is_empty() => at += 1,
            _ => return Err(syntax(at, "'(', ')' or ';'")),
        }
    }
    if !trees.is_empty() {
        return Err(syntax(bytes.len(), "')'"));
    }
    if nodes.is_empty() {
        return Err(syntax(0, "a game tree"));
    }
    Ok(nodes)
}

fn value<'a>(node: &'a Node, ident: &str) -> Option<&'a str> {
    node.iter().find(|(name, _)| name == ident).and_then(|(_, values)| values.first()).map(String::as_str)
}

fn values<'a>(node: &'a Node, ident: &'a str) -> impl Iterator<Item = &'a str> {
    node.iter().filter(move |(name, _)| name == ident).flat_map(|(_, values)| values.iter().map(String::as_str))
}

fn read_size(text: &str) -> Option<FieldSize> {
    let (width, height) = match text.split_once(':') {
        Some((width, height)) => (width.trim().parse().ok()?, height.trim().parse().ok()?),
        None => {
            let side = text.trim().parse().ok()?;
            (side, side)
        }
    };
    FieldSize::new(width, height).ok()
}

/// A two-letter point on the field.
fn field_point(size: FieldSize, text: &str) -> Result<Point, SgfError> {
    read_point(text.as_bytes()).filter(|&point| size.contains(point)).ok_or_else(|| SgfError::BadPoint(text.into()))
}

/// The rules from `RU` (zagram's keys; unknown keys ignored) and the private `XD`.
fn read_rules(root: &Node, size: FieldSize) -> Result<(DotsRules, bool), SgfError> {
    let mut rules = DotsRules { size, ..DotsRules::default() };
    for pair in value(root, "RU").unwrap_or("").split(',') {
        let Some((key, value)) = pair.split_once('=') else { continue };
        let on = value.trim() != "0";
        match key.trim() {
            "AddTurn" => rules.extra_move = on,
            "Stop" => rules.stop = if on { StopMode::Computed } else { StopMode::Off },
            "ScoreTerr" => rules.territory = on,
            "InstantWin" => rules.instant_win = value.trim().parse().unwrap_or(0),
            _ => {}
        }
    }
    if rules.territory {
        rules.stop = StopMode::Off;
    }
    let private = value(root, "XD");
    for pair in private.unwrap_or("").split(';').filter(|pair| !pair.is_empty()) {
        let (key, value) = pair.split_once('=').ok_or_else(|| SgfError::BadPrivate(pair.into()))?;
        read_option(&mut rules, key, value).map_err(|_| SgfError::BadPrivate(pair.into()))?;
    }
    Ok((rules, private.is_some()))
}

/// The start dots of `rules`, sorted.
fn start_dots(rules: &DotsRules) -> Vec<(Seat, Point)> {
    let mut dots = Vec::new();
    for_each_start_dot(rules.layout(), |seat, point| dots.push((seat, point)));
    dots.sort();
    dots
}

/// Reads an SGF record (main line only).
pub fn read_sgf(text: &str) -> Result<DotsRecord, SgfError> {
    let nodes = main_line(text)?;
    let root = &nodes[0];
    if let Some(game) = value(root, "GM").filter(|game| game.trim() != "40") {
        return Err(SgfError::NotDots(game.into()));
    }
    let size_text = value(root, "SZ").unwrap_or("");
    let size = read_size(size_text).ok_or_else(|| SgfError::BadSize(size_text.into()))?;
    let (mut rules, has_private) = read_rules(root, size)?;
    // The first move's colour is the first seat (10.4).
    let first_colour =
        nodes.iter().find_map(|node| node.iter().find(|(name, _)| name == "B" || name == "W")).map_or("B", |(n, _)| n);
    let seat_of = |colour: &str| if colour == first_colour { Seat::FIRST } else { Seat::SECOND };
    let mut setup = Vec::new();
    for colour in ["B", "W"] {
        for point in values(root, &format!("A{colour}")) {
            setup.push((seat_of(colour), field_point(size, point)?));
        }
    }
    setup.sort();
    if has_private {
        if rules.start != Start::Custom && start_dots(&rules) != setup {
            return Err(SgfError::Rules(ReadErrorKind::BadOption));
        }
    } else {
        let fixed = [Start::Cross, Start::Cross2, Start::Cross4];
        rules.start = fixed.into_iter().find(|&start| start_dots(&DotsRules { start, ..rules }) == setup).unwrap_or(
            if setup.is_empty() {
                rules.zone = Zone::Off;
                Start::Empty
            } else {
                Start::Custom
            },
        );
    }
    rules.validate().map_err(|error| SgfError::Rules(ReadErrorKind::Rules(error)))?;
    if rules.start != Start::Custom {
        setup.clear();
    }
    let mut record = DotsRecord { rules, setup, entries: Vec::new(), result: None };
    let mut position = record.start_position()?;
    for node in &nodes[1..] {
        let private = value(node, "XA");
        let moved = node.iter().find(|(name, _)| name == "B" || name == "W");
        let action = match (moved, private) {
            (Some((colour, values)), _) => {
                if position.outcome().is_none() && position.to_move() != seat_of(colour) {
                    return Err(SgfError::OutOfTurn { number: record.entries.len() + 1 });
                }
                let text = values.first().map_or("", String::as_str);
                match text.split('.').next().unwrap_or("") {
                    "" if text.is_empty() => Action::Stop,
                    dot if dot.len() == 2 && private == Some("~") => Action::DotPaintLater(field_point(size, dot)?),
                    dot if dot.len() == 2 => Action::Dot(field_point(size, dot)?),
                    _ => return Err(SgfError::BadPoint(text.into())),
                }
            }
            (None, Some(token)) => match parse_actions(token).ok().as_deref() {
                Some([action @ (Action::Paint(_) | Action::Done)]) => *action,
                _ => return Err(SgfError::BadPrivate(token.into())),
            },
            (None, None) => continue,
        };
        let index = record.entries.len();
        position.play(action).map_err(|illegal| ReplayError::Illegal { index, illegal })?;
        record.entries.push(Entry::Action(action));
    }
    if let Some(result) = value(root, "RE").and_then(RecordResult::parse_value) {
        // `parse_value` reads B as the first seat; the record's colours decide.
        let colour_of = |seat: Seat| if seat == Seat::FIRST { "B" } else { "W" };
        record.result =
            Some(RecordResult { win: result.win.map(|(seat, margin)| (seat_of(colour_of(seat)), margin)), ..result });
    }
    Ok(record)
}

/// `RU` in zagram's words (10.5).
fn write_ru(rules: &DotsRules, out: &mut String) {
    let flag = |on: bool| u8::from(on);
    write!(
        out,
        "RU[Punish=0,Holes=1,AddTurn={},MustSurr={},MinArea=1,Pass=0,Stop={},LastSafe=0,ScoreTerr={},InstantWin={}]",
        flag(rules.extra_move),
        flag(!rules.territory),
        flag(rules.stop_allowed()),
        flag(rules.territory),
        rules.instant_win
    )
    .expect("writing to a String cannot fail");
}

/// Our other options in the private `XD` (10.5).
fn write_xd(rules: &DotsRules, out: &mut String) {
    let on_off = |on: bool| if on { "on" } else { "off" };
    out.push_str("XD[start=");
    match rules.start {
        Start::Empty => out.push_str("empty"),
        Start::Cross => out.push_str("cross"),
        Start::Cross2 => out.push_str("cross2"),
        Start::Cross4 => out.push_str("cross4"),
        Start::Random { blocks } => write!(out, "random({blocks})").expect("writing to a String cannot fail"),
        Start::Custom => out.push_str("custom"),
    }
    write!(out, ";seed={};zone=", rules.seed).expect("writing to a String cannot fail");
    match rules.zone {
        Zone::Auto => out.push_str("auto"),
        Zone::Size { width, height } => write!(out, "{width}x{height}").expect("writing to a String cannot fail"),
        Zone::Off => out.push_str("off"),
    }
    out.push_str(";stop=");
    match rules.stop {
        StopMode::Computed => out.push_str("computed"),
        StopMode::Window { seconds } => write!(out, "window({seconds})").expect("writing to a String cannot fail"),
        StopMode::Off => out.push_str("off"),
    }
    write!(out, ";auto={};blitz={}]", on_off(rules.auto_end), on_off(rules.blitz_random_on_timeout))
        .expect("writing to a String cannot fail");
}

/// Appends the chain of each capture to a move's value: `.` then the ring, closed (10.3).
fn write_chains(position: &Position, captures: &[(Point, Capture)], out: &mut String) {
    for (start, capture) in captures {
        out.push('.');
        for point in ring(position.rules().size, &capture.area, *start) {
            write_point(point, out);
        }
    }
}

/// Writes `record` as SGF: the root with size, rules, setup and result, then one node per action, each dot
/// with the chains of its captures; a house capture (4.8b) is written on the owner's next move. Server
/// events (agreement, resignation, time) are only in `RE`. The record is replayed to draw the chains.
pub fn write_sgf(record: &DotsRecord) -> Result<String, ReplayError> {
    let mut position = record.start_position()?;
    let rules = record.rules;
    let mut out = String::from("(;FF[4]GM[40]CA[UTF-8]AP[kartka]");
    write!(out, "SZ[{}:{}]", rules.size.width(), rules.size.height()).expect("writing to a String cannot fail");
    write_ru(&rules, &mut out);
    write_xd(&rules, &mut out);
    let mut setup = Vec::new();
    rules.size.points().for_each(|point| {
        if let Cell::Live(seat) = position.cell(point) {
            setup.push((seat, point));
        }
    });
    for (ident, seat) in [("AB", Seat::FIRST), ("AW", Seat::SECOND)] {
        let mut first = true;
        for &(_, point) in setup.iter().filter(|(s, _)| *s == seat) {
            if first {
                out.push_str(ident);
                first = false;
            }
            out.push('[');
            write_point(point, &mut out);
            out.push(']');
        }
    }
    if let Some(result) = &record.result {
        out.push_str("RE[");
        result.write_value(&mut out);
        out.push(']');
    }
    let mut pending: [Vec<(Point, Capture)>; 2] = [Vec::new(), Vec::new()];
    for (index, entry) in record.entries.iter().enumerate() {
        let action = match *entry {
            Entry::Action(action) => action,
            Entry::TimeoutDot(point) => Action::Dot(point),
            _ => break,
        };
        let seat = position.to_move();
        position.play(action).map_err(|illegal| ReplayError::Illegal { index, illegal })?;
        out.push(';');
        match action {
            Action::Dot(point) | Action::DotPaintLater(point) => {
                let mut areas = std::mem::take(&mut pending[seat.index()]);
                for capture in position.last_captures() {
                    if capture.seat == seat {
                        areas.push((point, *capture));
                    } else {
                        pending[capture.seat.index()].push((point, *capture));
                    }
                }
                write!(out, "{}[", seat_letter(seat)).expect("writing to a String cannot fail");
                write_point(point, &mut out);
                write_chains(&position, &areas, &mut out);
                out.push(']');
                if matches!(action, Action::DotPaintLater(_)) {
                    out.push_str("XA[~]");
                }
            }
            Action::Stop => write!(out, "{}[]", seat_letter(seat)).expect("writing to a String cannot fail"),
            Action::Paint(_) | Action::Done => {
                out.push_str("XA[");
                super::notation::write_action(action, &mut out);
                out.push(']');
            }
        }
    }
    out.push_str(")\n");
    Ok(out)
}
