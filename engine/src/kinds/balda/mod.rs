//! Balda, for two to four players: a square grid of 5 × 5 (6 × 6, 7 × 7) cells whose middle row starts with a
//! word; each move places one letter next to the letters and names a word of the dictionary traced through
//! neighbouring cells that uses it, scoring a point per letter. The highest score wins once the grid is full or
//! every player has passed three times in a row.
//!
//! A word game's rules carry data: a dictionary is no `Copy` option, so [`BaldaRules`] names it by identity
//! ([`DictionaryId`](crate::dictionary::DictionaryId): language, name, content hash) and a game takes the list
//! itself, shared and immutable, from the process's registry ([`crate::dictionary::registry`]), as Racetrack
//! takes its track. Rules naming a list the process lacks are refused when they are built
//! ([`RulesError::DictionaryMissing`]), never judged by another list.
//!
//! Decisions the rules document leaves open, and how they are kept here:
//! - The start word is drawn from a seed (the server draws both when it creates the game), as a uniformly chosen
//!   word of the dictionary as long as the grid is wide ([`Dictionary::draw`]); the rules keep the seed and the
//!   word, and the word stands across the middle row (row `size / 2` from 0 at the bottom: row 3 of 5) from
//!   left to right.
//! - Cells are written as a column letter from the left and a row number from the bottom (`c4`).
//! - A word is judged as the letters along its path; the dictionary's list decides what counts (a noun list
//!   where one exists for the language, else every word of the list). The same word along another path is
//!   still the same word, named once per game.
//! - "Every player has passed three times in a row" ends the game after three passes per player in a row, by
//!   any seats, with no word between them.
//! - A seat that leaves ends the game with that seat last ([`Game::seat_left`]'s default): Balda does not play
//!   on without a player.
//!
//! [`Dictionary::draw`]: crate::dictionary::Dictionary::draw

mod action;
mod fuzz;
mod geometry;
mod notation;
mod position;
mod record;
mod rules;
mod walk;
mod word_buffer;

pub use action::{Move, Placement};
pub use geometry::{Cell, Path, MAX_CELLS};
pub use notation::{parse_moves, write_move, PASS};
pub use position::{IllegalMove, Position, PASSES_PER_PLAYER};
pub use record::{read_record, write_record, BaldaRecord, ReadError, ReadErrorKind, ReplayError};
pub use rules::{BaldaRules, RulesError, StartWord, MAX_PLAYERS, MAX_SIZE, MIN_PLAYERS, MIN_SIZE, MIN_WORD_LEN};
pub use walk::for_each_word_move;

use crate::game::{Game, NotationError, Progress};
use crate::{Outcome, Seat};

impl Game for Position {
    type Rules = BaldaRules;
    type Action = Move;
    type Illegal = IllegalMove;

    fn new(rules: &BaldaRules) -> Self {
        Position::new(*rules)
    }

    fn rules(&self) -> BaldaRules {
        Position::rules(self)
    }

    fn seat_count(rules: &BaldaRules) -> usize {
        usize::from(rules.players())
    }

    fn to_act(&self) -> Option<Seat> {
        (!self.is_over()).then(|| self.to_move())
    }

    fn mid_turn(&self) -> bool {
        false
    }

    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }

    fn check(&self, action: Move) -> Result<(), IllegalMove> {
        Position::check(self, action)
    }

    fn apply(&mut self, action: Move) -> Result<Progress, IllegalMove> {
        self.play(action)
    }

    fn for_each_legal_action(&self, visit: impl FnMut(Move)) {
        self.for_each_legal_move(visit);
    }

    fn write_key(&self, key: &mut crate::PositionKey) {
        Position::write_key(self, key);
    }

    fn parse_actions(text: &str) -> Result<Vec<Move>, NotationError> {
        parse_moves(text)
    }

    fn write_action(action: Move, out: &mut String) {
        write_move(action, out);
    }

    const ACTION_SEPARATOR: &'static str = " ";
}
