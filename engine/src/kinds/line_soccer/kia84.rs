//! Importing kia84 saves (§5.7) as `russian` records.
//!
//! The sources describe the save's content, not its layout. We read it as whitespace- or comma-separated
//! signed entries, one per step: the sign names the player (positive P1, negative P2), the digit is a numpad
//! direction in screen frame (8→0, 9→1, 6→2, 3→3, 2→4, 1→5, 4→6, 7→7). A `5` precedes the single entry that
//! stands for a whole penalty; a scoring penalty is saved as one repeated entry per segment. Forced single
//! steps, which kia84 plays by itself, are ordinary entries.

use super::notation::write_action;
use super::record::{VariantRecord, VariantRules};
use super::russian::{RussianGame, RussianRules};
use super::{Action, IllegalAction};
use crate::game::{Game, Progress};
use crate::outcome::Seat;
use crate::soccer::Direction;

/// Why a kia84 save cannot be imported.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Kia84Error {
    /// An entry is not a signed numpad digit.
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
    let bad = || Kia84Error::BadEntry { index, text: text.to_owned() };
    let value: i8 = text.parse().map_err(|_| bad())?;
    let key = value.unsigned_abs();
    if !(1..=9).contains(&key) {
        return Err(bad());
    }
    Ok(Entry { seat: if value > 0 { Seat::First } else { Seat::Second }, key })
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

/// Imports a kia84 save of a game on the default `russian` field as a record.
pub fn import_kia84(save: &str) -> Result<VariantRecord, Kia84Error> {
    let rules = RussianRules::default();
    let mut game = RussianGame::start(rules);
    let tokens = kia84_tokens(&mut game, save)?;
    Ok(VariantRecord::new(VariantRules::Russian(rules), tokens, game.outcome()))
}

/// Plays the entries of a kia84 save on `game` and returns them as turn tokens, the first seat's token
/// first. On error `game` is left where the save went wrong.
pub fn kia84_tokens(game: &mut RussianGame, save: &str) -> Result<Vec<String>, Kia84Error> {
    let entries = save
        .split(|c: char| c.is_ascii_whitespace() || c == ',')
        .filter(|text| !text.is_empty())
        .enumerate()
        .map(|(index, text)| parse_entry(index, text))
        .collect::<Result<Vec<_>, _>>()?;
    let mut writer = TokenWriter { tokens: Vec::new(), current: String::new(), next: Seat::First };
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
