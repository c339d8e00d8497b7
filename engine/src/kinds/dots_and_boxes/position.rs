//! A Dots and Boxes position: the edges drawn, who owns each box, the scores, whose move it is, the seats that
//! left, and how the game ended.

use super::edges::{Edge, EdgeSet, MAX_BOXES};
use super::rules::{DotsAndBoxesRules, MAX_PLAYERS};
use crate::game::Progress;
use crate::position_key::PositionKey;
use crate::{BySeat, EndReason, Outcome, Seat};

/// Why an edge is refused. The position is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum IllegalMove {
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
    /// The edge joins dots that are not both on the field.
    #[error("the edge is off the field")]
    OffField,
    /// The edge has been drawn already.
    #[error("the edge is drawn already")]
    AlreadyDrawn,
}

/// A Dots and Boxes position. It is `Copy` and fixed-size, so checking and playing an edge never allocate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    rules: DotsAndBoxesRules,
    drawn: EdgeSet,
    /// Per box (by its number), 0 while open, else one more than its owner's seat index.
    owners: [u8; MAX_BOXES],
    scores: BySeat<u32>,
    to_move: Seat,
    captured: bool,
    /// The seats that left, the earliest first; only the first `departed_count` entries mean anything (the
    /// rest stay the first seat, so that equal positions compare and hash alike).
    departed: [Seat; MAX_PLAYERS as usize],
    departed_count: u8,
    outcome: Option<Outcome>,
}

impl Default for Position {
    fn default() -> Position {
        Position::new(DotsAndBoxesRules::default())
    }
}

impl Position {
    /// The empty field of `rules`: the first seat is to move.
    #[must_use]
    pub fn new(rules: DotsAndBoxesRules) -> Position {
        Position {
            rules,
            drawn: EdgeSet::EMPTY,
            owners: [0; MAX_BOXES],
            scores: BySeat::splat(usize::from(rules.players()), 0),
            to_move: Seat::FIRST,
            captured: false,
            departed: [Seat::FIRST; MAX_PLAYERS as usize],
            departed_count: 0,
            outcome: None,
        }
    }

    /// The rules the game is played by.
    #[must_use]
    pub const fn rules(&self) -> DotsAndBoxesRules {
        self.rules
    }

    /// The edges drawn so far, by their numbers on the field.
    #[must_use]
    pub const fn drawn(&self) -> EdgeSet {
        self.drawn
    }

    /// Whether `edge` has been drawn; an edge off the field never has.
    #[must_use]
    pub fn is_drawn(&self, edge: Edge) -> bool {
        self.rules.edge_index(edge).is_some_and(|index| self.drawn.contains(index))
    }

    /// The seat that completed the box whose lower left dot is in `column` and `row`, once it is complete.
    #[must_use]
    pub fn box_owner(&self, column: u8, row: u8) -> Option<Seat> {
        if column >= self.rules.cols() || row >= self.rules.rows() {
            return None;
        }
        let owner = self.owners[self.rules.box_index(column, row)];
        owner.checked_sub(1).and_then(|index| Seat::new(usize::from(index)))
    }

    /// The boxes each seat has completed.
    #[must_use]
    pub const fn scores(&self) -> BySeat<u32> {
        self.scores
    }

    /// The seat whose move it is (after the end: the seat that drew the last edge).
    #[must_use]
    pub const fn to_move(&self) -> Seat {
        self.to_move
    }

    /// Whether the seat to move completed a box with its last edge and must move again.
    #[must_use]
    pub const fn captured(&self) -> bool {
        self.captured
    }

    /// The seats that left before the end, the earliest first.
    #[must_use]
    pub fn departed(&self) -> &[Seat] {
        &self.departed[..usize::from(self.departed_count)]
    }

    /// Whether `seat` is at the table and has not left.
    #[must_use]
    pub fn is_playing(&self, seat: Seat) -> bool {
        seat.index() < usize::from(self.rules.players()) && !self.departed().contains(&seat)
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

    /// Whether `edge` may be drawn now, and if not, why.
    pub fn check(&self, edge: Edge) -> Result<(), IllegalMove> {
        self.index_of(edge).map(|_| ())
    }

    /// Draws `edge` for the seat to move. Boxes it completes (one or two) go to the mover, who moves again
    /// ([`Progress::TurnContinues`], one extra move however many boxes closed) unless the field is full; the
    /// last edge ends the game, the box counts deciding. On error the position is unchanged.
    pub fn play(&mut self, edge: Edge) -> Result<Progress, IllegalMove> {
        let index = self.index_of(edge)?;
        self.drawn.insert(index);
        let owner = self.to_move.index() as u8 + 1;
        let mut completed = 0;
        for (column, row) in self.rules.boxes_beside(edge).into_iter().flatten() {
            if self.rules.box_edges(column, row).iter().all(|&side| self.drawn.contains(side)) {
                self.owners[self.rules.box_index(column, row)] = owner;
                completed += 1;
            }
        }
        self.scores[self.to_move] += completed;
        if self.drawn.len() == self.rules.edge_count() {
            self.captured = false;
            return Ok(Progress::GameOver(self.end(EndReason::Score)));
        }
        self.captured = completed > 0;
        if self.captured {
            Ok(Progress::TurnContinues)
        } else {
            self.to_move = self.next_playing_after(self.to_move);
            Ok(Progress::TurnEnded)
        }
    }

    /// `seat` leaves before the end (see [`Game::seat_left`](crate::Game::seat_left)): it is skipped from now
    /// on and keeps its boxes, but ranks below every seat still playing at the end, the later to leave the
    /// higher. When one seat remains (at once with two players) the game ends for `reason`, that seat first.
    /// A seat not playing, or a game already over, changes nothing and answers `None`.
    pub fn leave(&mut self, seat: Seat, reason: EndReason) -> Option<Progress> {
        if self.is_over() || !self.is_playing(seat) {
            return None;
        }
        self.departed[usize::from(self.departed_count)] = seat;
        self.departed_count += 1;
        if usize::from(self.rules.players()) - self.departed().len() == 1 {
            self.captured = false;
            return Some(Progress::GameOver(self.end(reason)));
        }
        if seat == self.to_move {
            self.captured = false;
            self.to_move = self.next_playing_after(seat);
            Some(Progress::TurnEnded)
        } else {
            Some(Progress::TurnContinues)
        }
    }

    /// Calls `visit` with every edge not yet drawn, in the order of their numbers (horizontal edges row by row
    /// from the bottom, then vertical ones), while the game is not over.
    pub fn for_each_legal_edge(&self, mut visit: impl FnMut(Edge)) {
        if self.is_over() {
            return;
        }
        for index in 0..self.rules.edge_count() {
            if !self.drawn.contains(index) {
                visit(self.rules.edge_at(index));
            }
        }
    }

    /// Writes the position's canonical bytes: format 1, whether the game is over, the seat to move, each seat's
    /// score (four bytes) and departure (0 while playing, else its place in the order of leaving from 1), then
    /// the drawn edges as bits in the order of their numbers, eight to a byte, the lowest number in the lowest
    /// bit. The rules are left out; so are the box owners and whether the mover has just captured, which the
    /// rest of the game never looks at.
    pub fn write_key(&self, key: &mut PositionKey) {
        key.byte(1).flag(self.is_over()).seat(self.to_move);
        for seat in self.scores.seats() {
            key.number(self.scores[seat]);
            let order = self.departed().iter().position(|&gone| gone == seat);
            // At most four seats leave, so the place fits a byte.
            key.byte(order.map_or(0, |order| order as u8 + 1));
        }
        let mut byte = 0u8;
        for index in 0..self.rules.edge_count() {
            if self.drawn.contains(index) {
                byte |= 1 << (index % 8);
            }
            if index % 8 == 7 {
                key.byte(byte);
                byte = 0;
            }
        }
        if self.rules.edge_count() % 8 != 0 {
            key.byte(byte);
        }
    }

    /// The number of `edge` if it may be drawn now.
    fn index_of(&self, edge: Edge) -> Result<usize, IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        let index = self.rules.edge_index(edge).ok_or(IllegalMove::OffField)?;
        if self.drawn.contains(index) {
            return Err(IllegalMove::AlreadyDrawn);
        }
        Ok(index)
    }

    /// The first seat after `seat` in seat order, going round, that is still playing.
    fn next_playing_after(&self, seat: Seat) -> Seat {
        let players = usize::from(self.rules.players());
        (1..players)
            .filter_map(|step| Seat::new((seat.index() + step) % players))
            .find(|&next| self.is_playing(next))
            .unwrap_or(seat)
    }

    /// Ends the game for `reason`: the counts rank the seats still playing, the departed seats below them.
    fn end(&mut self, reason: EndReason) -> Outcome {
        let outcome = Outcome::of_scores(self.scores, reason).with_departures(self.departed());
        self.outcome = Some(outcome);
        outcome
    }
}
