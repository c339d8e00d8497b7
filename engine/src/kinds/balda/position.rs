//! A Balda game in progress: the grid's letters, the words played, every seat's score, whose turn it is, and
//! how the game ended.

use std::fmt;
use std::sync::Arc;

use super::action::{Move, Placement};
use super::geometry::{Cell, MAX_CELLS};
use super::rules::{BaldaRules, MIN_WORD_LEN};
use super::word_buffer::WordBuffer;
use crate::dictionary::Dictionary;
use crate::game::Progress;
use crate::position_key::PositionKey;
use crate::{BySeat, EndReason, Outcome, Seat};

/// How many passes in a row, by every player, end the game (rules 4).
pub const PASSES_PER_PLAYER: u8 = 3;

/// Why a move is refused. The game is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum IllegalMove {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The cell, or a cell of the path, lies past the grid.
    #[error("{0} is not on the grid")]
    OffGrid(Cell),
    /// The letter goes in a cell that already holds one.
    #[error("{0} already holds a letter")]
    Occupied(Cell),
    /// The letter's cell shares no side with a filled cell.
    #[error("{0} touches no letter")]
    Detached(Cell),
    /// The letter is not in the game's alphabet.
    #[error("{0:?} is not a letter of the game's alphabet")]
    NotALetter(char),
    /// A cell of the path holds no letter (and is not the new letter's).
    #[error("the path crosses the empty cell {0}")]
    EmptyCellInPath(Cell),
    /// Two cells one after the other on the path share no side.
    #[error("{0} and {1} are not neighbours")]
    Disjoint(Cell, Cell),
    /// The path visits a cell twice.
    #[error("the path visits {0} twice")]
    CellTwice(Cell),
    /// The path leaves out the new letter.
    #[error("the word does not use the new letter")]
    MissesNewLetter,
    /// A word of fewer than three letters.
    #[error("a word has at least {MIN_WORD_LEN} letters")]
    TooShort,
    /// The start word, which no move may name.
    #[error("the start word cannot be named")]
    StartWord,
    /// A word named before in this game.
    #[error("that word was named before")]
    AlreadyPlayed,
    /// A word the game's dictionary does not hold.
    #[error("that word is not in the dictionary")]
    NotInDictionary,
}

/// The dictionary a game is judged by, compared and hashed by its identity: every copy of a game shares it.
#[derive(Clone)]
struct Words(Arc<Dictionary>);

impl PartialEq for Words {
    fn eq(&self, other: &Words) -> bool {
        self.0.id() == other.0.id()
    }
}

impl Eq for Words {}

impl std::hash::Hash for Words {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.id().hash(state);
    }
}

impl fmt::Debug for Words {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Words({})", self.0.id())
    }
}

/// A game: the rules, the dictionary they name (shared, immutable), the letters, the words named, the scores
/// and the seat to move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    rules: BaldaRules,
    words: Words,
    grid: [Option<char>; MAX_CELLS],
    start_word: Box<str>,
    played: Vec<Box<str>>,
    scores: BySeat<u32>,
    to_move: Seat,
    passes_in_a_row: u8,
    outcome: Option<Outcome>,
}

impl Position {
    /// The start of a game by `rules`: the start word across the middle row (row `size / 2` from 0 at the
    /// bottom), left to right; the first seat moves.
    #[must_use]
    pub fn new(rules: BaldaRules) -> Position {
        let words = Words(rules.words());
        let start_word: Box<str> = rules.start().as_str().into();
        let size = rules.size();
        let mut grid = [None; MAX_CELLS];
        for (column, letter) in start_word.chars().enumerate() {
            // The start word has `size` letters, at most 7.
            grid[Cell::new(column as u8, size / 2).index(size)] = Some(letter);
        }
        Position {
            rules,
            words,
            grid,
            start_word,
            played: Vec::new(),
            scores: BySeat::splat(usize::from(rules.players()), 0),
            to_move: Seat::FIRST,
            passes_in_a_row: 0,
            outcome: None,
        }
    }

    /// The rules.
    #[must_use]
    pub const fn rules(&self) -> BaldaRules {
        self.rules
    }

    /// The dictionary the game is judged by.
    #[must_use]
    pub fn dictionary(&self) -> &Arc<Dictionary> {
        &self.words.0
    }

    /// The letter in `cell`, if it holds one (`None` past the grid too).
    #[must_use]
    pub fn letter(&self, cell: Cell) -> Option<char> {
        if cell.is_on(self.rules.size()) {
            self.grid[cell.index(self.rules.size())]
        } else {
            None
        }
    }

    /// The start word.
    #[must_use]
    pub fn start_word(&self) -> &str {
        &self.start_word
    }

    /// The words named so far, in order.
    #[must_use]
    pub fn played(&self) -> &[Box<str>] {
        &self.played
    }

    /// Every seat's points.
    #[must_use]
    pub const fn scores(&self) -> &BySeat<u32> {
        &self.scores
    }

    /// The seat to move (after the end: the last seat that moved).
    #[must_use]
    pub const fn to_move(&self) -> Seat {
        self.to_move
    }

    /// The passes played in a row, by any seat, since the last word.
    #[must_use]
    pub const fn passes_in_a_row(&self) -> u8 {
        self.passes_in_a_row
    }

    /// How the game ended, once it has.
    #[must_use]
    pub const fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game is over.
    #[must_use]
    pub const fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Whether every cell holds a letter.
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.grid[..self.cells()].iter().all(Option::is_some)
    }

    /// Whether `action` may be played now, and if not, why (rules 2, 3).
    pub fn check(&self, action: Move) -> Result<(), IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        let Move::Place(placement) = action else { return Ok(()) };
        self.check_placement(&placement)
    }

    /// Plays `action` for the seat to move: a placement writes its letter and scores a point per letter of its
    /// word; a pass scores nothing. The game ends when the grid is full, or when every player has passed
    /// [`PASSES_PER_PLAYER`] times in a row; the highest score wins, equal scores share a rank. On error the
    /// game is unchanged.
    pub fn play(&mut self, action: Move) -> Result<Progress, IllegalMove> {
        self.check(action)?;
        match action {
            Move::Pass => self.passes_in_a_row = self.passes_in_a_row.saturating_add(1),
            Move::Place(placement) => {
                let size = self.rules.size();
                self.grid[placement.cell.index(size)] = Some(placement.letter);
                let mut word = WordBuffer::new();
                for &cell in placement.path.cells() {
                    word.push(self.grid[cell.index(size)].unwrap_or(placement.letter));
                }
                self.played.push(word.as_str().into());
                // A path has at most 49 cells.
                self.scores[self.to_move] += placement.path.len() as u32;
                self.passes_in_a_row = 0;
            }
        }
        if self.is_full() {
            return Ok(Progress::GameOver(self.end(EndReason::BoardFull)));
        }
        if self.passes_in_a_row >= PASSES_PER_PLAYER * self.rules.players() {
            return Ok(Progress::GameOver(self.end(EndReason::Score)));
        }
        self.to_move = Seat::new((self.to_move.index() + 1) % self.scores.len()).unwrap_or(Seat::FIRST);
        Ok(Progress::TurnEnded)
    }

    /// Whether `word` may still be named: neither the start word nor a word named before.
    #[must_use]
    pub fn is_fresh(&self, word: &str) -> bool {
        *self.start_word != *word && !self.played.iter().any(|played| **played == *word)
    }

    /// Writes the position's canonical bytes: format 1, whether the game is over, the seat to move, the passes
    /// in a row, every seat's score, every cell's letter row by row from the bottom left (its Unicode scalar
    /// value, 0 for an empty cell), then the number of words named and each word as a tag, in the order named.
    /// The rules are left out.
    pub fn write_key(&self, key: &mut PositionKey) {
        key.byte(1).flag(self.is_over()).seat(self.to_move).byte(self.passes_in_a_row);
        for (_, &score) in self.scores.iter() {
            key.number(score);
        }
        for letter in &self.grid[..self.cells()] {
            key.number(letter.map_or(0, u32::from));
        }
        // At most 49 words: one per cell.
        key.number(self.played.len() as u32);
        for word in &self.played {
            key.tag(word);
        }
    }

    /// Whether `cell`, on the grid, shares a side with a filled cell.
    #[must_use]
    pub fn touches_a_letter(&self, cell: Cell) -> bool {
        let mut touches = false;
        cell.for_each_neighbour(self.rules.size(), |neighbour| touches |= self.letter(neighbour).is_some());
        touches
    }

    /// The cells of the grid.
    fn cells(&self) -> usize {
        usize::from(self.rules.size()) * usize::from(self.rules.size())
    }

    fn check_placement(&self, placement: &Placement) -> Result<(), IllegalMove> {
        let size = self.rules.size();
        let target = placement.cell;
        if !target.is_on(size) {
            return Err(IllegalMove::OffGrid(target));
        }
        if self.letter(target).is_some() {
            return Err(IllegalMove::Occupied(target));
        }
        if !self.touches_a_letter(target) {
            return Err(IllegalMove::Detached(target));
        }
        if !self.rules.language().alphabet().contains(&placement.letter) {
            return Err(IllegalMove::NotALetter(placement.letter));
        }
        let mut seen = [false; MAX_CELLS];
        let mut word = WordBuffer::new();
        let mut previous: Option<Cell> = None;
        for &cell in placement.path.cells() {
            if !cell.is_on(size) {
                return Err(IllegalMove::OffGrid(cell));
            }
            let letter = if cell == target {
                placement.letter
            } else {
                self.letter(cell).ok_or(IllegalMove::EmptyCellInPath(cell))?
            };
            if let Some(previous) = previous.filter(|previous| !previous.touches(cell)) {
                return Err(IllegalMove::Disjoint(previous, cell));
            }
            if std::mem::replace(&mut seen[cell.index(size)], true) {
                return Err(IllegalMove::CellTwice(cell));
            }
            word.push(letter);
            previous = Some(cell);
        }
        if !seen[target.index(size)] {
            return Err(IllegalMove::MissesNewLetter);
        }
        if placement.path.len() < MIN_WORD_LEN {
            return Err(IllegalMove::TooShort);
        }
        let word = word.as_str();
        if *self.start_word == *word {
            return Err(IllegalMove::StartWord);
        }
        if !self.is_fresh(word) {
            return Err(IllegalMove::AlreadyPlayed);
        }
        if !self.words.0.contains(word) {
            return Err(IllegalMove::NotInDictionary);
        }
        Ok(())
    }

    /// Ends the game for `reason`, ranking the seats by score.
    fn end(&mut self, reason: EndReason) -> Outcome {
        let outcome = Outcome::of_scores(self.scores, reason);
        self.outcome = Some(outcome);
        outcome
    }
}
