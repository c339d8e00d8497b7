//! Importing kia84 saves (§5.7) as `russian` records.
//!
//! What was checked against the program itself: kia84's "paper football" is a Qt program whose source is
//! public (github.com/korun/paper_football; its author's handle is kia84). Its `MainWindow::save` writes the
//! field's `steps` (a `std::vector<signed char>`) through a `QDataStream`, one byte per entry, with no header
//! and no separators, into a `*.save` file; `MainWindow::open` replays the bytes as key presses. An entry is
//! `key * current_player`: the key is a numpad digit in screen frame (its `KEYS` table: 8 up, 9 up-right,
//! 6 right, 3 down-right, 2 down, 1 down-left, 4 left, 7 up-left), the player 1 for blue, who moves first and
//! wins at the top goal, and -1 for red. So the sign names the player (positive P1) and the digits map
//! 8→0, 9→1, 6→2, 3→3, 2→4, 1→5, 4→6, 7→7. Forced single steps, which kia84 plays by itself, go through the
//! same `try_step` and are ordinary entries. `PENALTY_SIGN` is 5 and the board draws the entry after a 5 as a
//! whole penalty; an earlier version of `try_penalty` saved a penalty as one entry per segment, and a scoring
//! one as one entry per segment drawn. The stored sources do not include the later `try_penalty`, so that a
//! scoring penalty is still saved segment by segment there is §5.7's word, not checked in its code; no real
//! save file was found to test against.
//!
//! [`import_kia84_save`] reads a `.save` file's bytes; [`import_kia84`] reads the same entries written as
//! text (signed numbers separated by spaces or commas), a transcription for people and tests.

use super::notation::write_action;
use super::record::{VariantRecord, VariantRules};
use super::russian::{RussianGame, RussianRules};
use super::{Action, IllegalAction};
use crate::game::{Game, Progress};
use crate::soccer::Direction;
use crate::Seat;

/// Why a kia84 save cannot be imported.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Kia84Error {
    /// An entry (a byte of a `.save` file, or a number of its text form) is not a signed numpad digit.
    #[error("entry {index} ({text:?}) is not a signed numpad digit")]
    BadEntry {
        /// The entry's index, from 0.
        index: usize,
        /// Its text.
        text: String,
    },
    /// A `5` is not followed by a direction of the same player.
    #[error("the penalty mark at entry {0} is not followed by its direction")]
    PenaltyWithoutDirection(usize),
    /// The entry's player is not the one to act, or the game is over.
    #[error("entry {0} is signed by a player who does not act now")]
    WrongPlayer(usize),
    /// The entry is illegal.
    #[error("entry {index} is illegal: {reason}")]
    Illegal {
        /// The entry's index.
        index: usize,
        /// Why.
        reason: IllegalAction,
    },
    /// A penalty without its `5` mark is not a scoring one saved segment by segment.
    #[error("entry {0} stands for a penalty that neither has its 5 mark nor scores")]
    UnmarkedPenalty(usize),
}

/// One entry of a save.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    seat: Seat,
    /// The numpad digit.
    key: u8,
}

fn parse_entry(index: usize, text: &str) -> Result<Entry, Kia84Error> {
    text.parse().ok().and_then(entry_of).ok_or_else(|| Kia84Error::BadEntry { index, text: text.to_owned() })
}

/// The entry a save's byte holds: a signed numpad digit.
fn entry_of(value: i8) -> Option<Entry> {
    let key = value.unsigned_abs();
    (1..=9).contains(&key).then_some(Entry { seat: if value > 0 { Seat::FIRST } else { Seat::SECOND }, key })
}

/// The direction of a numpad key in screen frame (north up); `None` for `5`.
const fn direction_of(key: u8) -> Option<Direction> {
    match key {
        8 => Some(Direction::North),
        9 => Some(Direction::NorthEast),
        6 => Some(Direction::East),
        3 => Some(Direction::SouthEast),
        2 => Some(Direction::South),
        1 => Some(Direction::SouthWest),
        4 => Some(Direction::West),
        7 => Some(Direction::NorthWest),
        _ => None,
    }
}

/// Turns the actions of a game into alternating turn tokens, with `-` where a seat draws nothing.
struct TokenWriter {
    tokens: Vec<String>,
    current: String,
    next: Seat,
}

impl TokenWriter {
    fn push(&mut self, seat: Seat, action: Action, progress: Progress) {
        if self.current.is_empty() && seat != self.next {
            self.tokens.push("-".to_owned());
            self.next = self.next.other();
        }
        write_action(action, &mut self.current);
        if progress != Progress::TurnContinues {
            self.tokens.push(std::mem::take(&mut self.current));
            self.next = self.next.other();
        }
    }

    fn finish(mut self) -> Vec<String> {
        if !self.current.is_empty() {
            self.tokens.push(self.current);
        }
        self.tokens
    }
}

/// Imports a kia84 save written as text (signed entries separated by spaces or commas) of a game on the
/// default `russian` field as a record.
pub fn import_kia84(save: &str) -> Result<VariantRecord, Kia84Error> {
    let rules = RussianRules::default();
    let mut game = RussianGame::start(rules);
    let tokens = kia84_tokens(&mut game, save)?;
    Ok(VariantRecord::new(VariantRules::Russian(rules), tokens, game.outcome()))
}

/// Imports a kia84 `.save` file (one signed byte per entry) of a game on the default `russian` field as a
/// record.
pub fn import_kia84_save(save: &[u8]) -> Result<VariantRecord, Kia84Error> {
    let rules = RussianRules::default();
    let mut game = RussianGame::start(rules);
    let entries = save
        .iter()
        .enumerate()
        .map(|(index, &byte)| {
            entry_of(i8::from_ne_bytes([byte]))
                .ok_or_else(|| Kia84Error::BadEntry { index, text: format!("byte {byte:#04x}") })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let tokens = play_entries(&mut game, &entries)?;
    Ok(VariantRecord::new(VariantRules::Russian(rules), tokens, game.outcome()))
}

/// Plays the entries of a kia84 save written as text on `game` and returns them as turn tokens, the first
/// seat's token first. On error `game` is left where the save went wrong.
pub fn kia84_tokens(game: &mut RussianGame, save: &str) -> Result<Vec<String>, Kia84Error> {
    let entries = save
        .split(|c: char| c.is_ascii_whitespace() || c == ',')
        .filter(|text| !text.is_empty())
        .enumerate()
        .map(|(index, text)| parse_entry(index, text))
        .collect::<Result<Vec<_>, _>>()?;
    play_entries(game, &entries)
}

/// Plays `entries` on `game` and returns them as turn tokens.
fn play_entries(game: &mut RussianGame, entries: &[Entry]) -> Result<Vec<String>, Kia84Error> {
    let mut writer = TokenWriter { tokens: Vec::new(), current: String::new(), next: Seat::FIRST };
    let mut index = 0;
    while let Some(&entry) = entries.get(index) {
        if game.to_act() != Some(entry.seat) {
            return Err(Kia84Error::WrongPlayer(index));
        }
        let (action, used) = if entry.key == 5 {
            let direction = entries
                .get(index + 1)
                .filter(|next| next.seat == entry.seat)
                .and_then(|next| direction_of(next.key))
                .ok_or(Kia84Error::PenaltyWithoutDirection(index))?;
            let segments = game.kick_due().ok_or(Kia84Error::Illegal { index, reason: IllegalAction::StepDue })?;
            (Action::Kick { direction, segments }, 2)
        } else {
            let direction = direction_of(entry.key).ok_or(Kia84Error::PenaltyWithoutDirection(index))?;
            if game.kick_due().is_some() {
                let segments = scoring_kick(game, direction).ok_or(Kia84Error::UnmarkedPenalty(index))?;
                let repeated = entries[index..].iter().take_while(|&&other| other == entry).count();
                if repeated < usize::from(segments) {
                    return Err(Kia84Error::UnmarkedPenalty(index));
                }
                (Action::Kick { direction, segments }, usize::from(segments))
            } else {
                (Action::Step(direction), 1)
            }
        };
        let progress = game.apply(action).map_err(|reason| Kia84Error::Illegal { index, reason })?;
        writer.push(entry.seat, action, progress);
        index += used;
    }
    Ok(writer.finish())
}

/// The segments of the legal kick in `direction`, if there is one.
fn scoring_kick(game: &RussianGame, direction: Direction) -> Option<u8> {
    let mut found = None;
    game.for_each_legal_action(|action| {
        if let Action::Kick { direction: kicked, segments } = action {
            if kicked == direction {
                found = Some(segments);
            }
        }
    });
    found
}
