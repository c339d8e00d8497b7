//! A Five in a row position: the stones, the opening's phase, which seat plays Black, and how the game ended.

use super::board::{Colour, Point, Stones};
use super::lines::{self, Cell};
use super::opening::Phase;
use super::renju::{ForbiddenShape, Grid};
use super::rules::{BoardShape, Rules, WinRule};
use crate::game::Progress;
use crate::position_key::PositionKey;
use crate::{EndReason, Outcome, Seat};

/// One action: a stone on a point, or a colour choice of the swap openings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A stone on a point of a bounded board, written with a file letter and a rank (`h8`).
    Stone(Point),
    /// A stone on a point of the endless board, written `x,y` (`3,-2`).
    EndlessStone(Point),
    /// The colour the seat to act takes in a swap opening, written `=B` or `=W`.
    Choose(Colour),
}

/// Why an action is refused. The position is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum Illegal {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A stone where the opening asks for a colour choice.
    #[error("a colour must be chosen now")]
    ChoiceDue,
    /// A colour choice where a stone is due.
    #[error("no colour choice is due")]
    StoneDue,
    /// A point written for the other kind of board (`h8` on the endless board, `3,-2` on a bounded one).
    #[error("the point is written for another board")]
    OtherBoard,
    /// The point is not on the board.
    #[error("the point is off the board")]
    OffBoard,
    /// A stone stands there.
    #[error("the point is taken")]
    Occupied,
    /// The endless board's first stone goes on `0,0`.
    #[error("the first stone goes on 0,0")]
    NotAtOrigin,
    /// On the endless board a stone goes within this many points (the winning line's length, in rows and
    /// columns) of a stone already placed.
    #[error("the stone must be within {0} points of a stone already placed")]
    TooFar(i16),
    /// A `pro` opening's first stone goes on the centre.
    #[error("the first stone goes on the centre")]
    NotOnCentre,
    /// A `pro` opening's second black stone stands too near the centre.
    #[error("Black's second stone must be at least {0} points from the centre")]
    TooNearCentre(i16),
    /// Renju: the black stone would make a forbidden shape.
    #[error("forbidden for Black: {0}")]
    Forbidden(ForbiddenShape),
}

/// A Five in a row position. On a bounded board a plain value of fixed size (the stones are two bitsets):
/// creating, cloning, checking and playing allocate nothing. On the endless board the stones sit in a boxed
/// array, allocated when the position is created or cloned; checking and playing allocate nothing there
/// either (see [`Stones`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    rules: Rules,
    stones: Stones,
    black_stones: u16,
    phase: Phase,
    black_seat: Option<Seat>,
    outcome: Option<Outcome>,
}

impl Default for Position {
    fn default() -> Position {
        Position::new(Rules::default())
    }
}

impl Position {
    /// The empty board of `rules`.
    #[must_use]
    pub fn new(rules: Rules) -> Position {
        let phase = Phase::start(rules.opening());
        let black_seat = if matches!(phase, Phase::Play) { Some(Seat::FIRST) } else { None };
        let stones = match rules.board() {
            BoardShape::Bounded { width, height } => Stones::bounded(width, height),
            BoardShape::Endless => Stones::endless(),
        };
        Position { rules, stones, black_stones: 0, phase, black_seat, outcome: None }
    }

    /// The rules.
    #[must_use]
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// The stones on the board.
    #[must_use]
    pub const fn stones(&self) -> &Stones {
        &self.stones
    }

    /// Where the opening stands.
    #[must_use]
    pub const fn phase(&self) -> Phase {
        self.phase
    }

    /// The colour `seat` plays, once the opening has decided it.
    #[must_use]
    pub fn colour_of(&self, seat: Seat) -> Option<Colour> {
        self.black_seat.map(|black| if seat == black { Colour::Black } else { Colour::White })
    }

    /// The seat playing `colour`, once the opening has decided it.
    #[must_use]
    pub fn seat_of(&self, colour: Colour) -> Option<Seat> {
        self.black_seat.map(|black| if colour == Colour::Black { black } else { black.other() })
    }

    /// The colour of the next stone.
    #[must_use]
    pub fn next_colour(&self) -> Colour {
        let black = usize::from(self.black_stones);
        self.phase.stone_colour(black, self.stones.len() - black)
    }

    /// How the game ended.
    #[must_use]
    pub const fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game is over.
    #[must_use]
    pub const fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The seat to act (after the end: `None`).
    #[must_use]
    pub fn to_act(&self) -> Option<Seat> {
        if self.is_over() {
            return None;
        }
        self.phase.opening_seat().or_else(|| self.seat_of(self.next_colour()))
    }

    /// Whether the seat to act is within a turn of several actions it has begun: the first seat's three
    /// stones of a swap opening after the first, and the second stone of swap2's (b) and (c).
    #[must_use]
    pub fn mid_turn(&self) -> bool {
        !self.is_over()
            && match self.phase {
                Phase::FirstStones => !self.stones.is_empty(),
                Phase::Swap2WhiteStone | Phase::Swap2ExtraWhite => true,
                Phase::SwapChoice | Phase::Swap2Choice | Phase::Swap2LastChoice | Phase::Play => false,
            }
    }

    /// What is on `point`.
    #[must_use]
    pub fn cell(&self, point: Point) -> Cell {
        if !self.rules.board().contains(point) {
            return Cell::Off;
        }
        self.stones.at(point).map_or(Cell::Empty, Cell::Stone)
    }

    /// Writes the position's canonical bytes: format 1, the phase (0 first stones, 1 swap choice, 2 swap2
    /// choice, 3 swap2's white fourth, 4 swap2's extra white, 5 swap2's last choice, 6 play), the seat playing
    /// Black (0 none yet, else one more than its index), whether the game is over, the number of stones (four
    /// bytes), then each stone row by row from the bottom, each row from the left: `x` and `y` as two bytes each
    /// (little-endian, two's complement) and its colour (0 black, 1 white). The rules are left out.
    pub fn write_key(&self, key: &mut PositionKey) {
        key.byte(1).byte(self.phase.key_byte()).optional_seat(self.black_seat).flag(self.is_over());
        // At most MAX_STONES stones, far below u32::MAX.
        key.number(self.stones.len() as u32);
        self.stones.for_each(|point, colour| {
            for byte in point.x.to_le_bytes().into_iter().chain(point.y.to_le_bytes()) {
                key.byte(byte);
            }
            key.byte(u8::from(colour == Colour::White));
        });
    }

    /// Whether `action` may be played now, and if not, why.
    pub fn check(&self, action: Action) -> Result<(), Illegal> {
        if self.is_over() {
            return Err(Illegal::GameOver);
        }
        match action {
            Action::Choose(_) if self.phase.takes_choice() => Ok(()),
            Action::Choose(_) => Err(Illegal::StoneDue),
            Action::Stone(point) | Action::EndlessStone(point) => {
                let endless = matches!(self.rules.board(), BoardShape::Endless);
                if endless != matches!(action, Action::EndlessStone(_)) {
                    return Err(Illegal::OtherBoard);
                }
                if !self.phase.takes_stone() {
                    return Err(Illegal::ChoiceDue);
                }
                self.check_stone(point, &mut self.renju_grid())
            }
        }
    }

    /// The forbidden-move grid, when the next stone is a black stone of a renju game.
    fn renju_grid(&self) -> Option<Grid> {
        (self.rules.win() == WinRule::Renju && self.next_colour() == Colour::Black).then(|| Grid::of(&self.stones))
    }

    /// Whether the next stone may go on `point`; `grid` is [`Position::renju_grid`].
    fn check_stone(&self, point: Point, grid: &mut Option<Grid>) -> Result<(), Illegal> {
        let board = self.rules.board();
        if !board.contains(point) {
            return Err(Illegal::OffBoard);
        }
        if self.stones.at(point).is_some() {
            return Err(Illegal::Occupied);
        }
        if let Stones::Endless(endless) = &self.stones {
            if self.stones.is_empty() && point != Point::new(0, 0) {
                return Err(Illegal::NotAtOrigin);
            }
            let distance = self.endless_distance();
            if !self.stones.is_empty() && !endless.has_stone_within(point, distance) {
                return Err(Illegal::TooFar(distance));
            }
        }
        if let Some(distance) = self.rules.opening().second_black_distance() {
            match self.stones.len() {
                0 if point != board.centre() => return Err(Illegal::NotOnCentre),
                2 if point.distance(board.centre()) < distance => return Err(Illegal::TooNearCentre(distance)),
                _ => {}
            }
        }
        match grid {
            Some(grid) => grid.forbidden(point).map_or(Ok(()), |shape| Err(Illegal::Forbidden(shape))),
            None => Ok(()),
        }
    }

    /// Plays `action`. On error the position is unchanged.
    pub fn play(&mut self, action: Action) -> Result<Progress, Illegal> {
        self.check(action)?;
        match action {
            Action::Choose(colour) => Ok(self.choose(colour)),
            Action::Stone(point) | Action::EndlessStone(point) => Ok(self.place(point)),
        }
    }

    /// The checked colour choice of the seat to act.
    fn choose(&mut self, colour: Colour) -> Progress {
        let chooser = self.phase.opening_seat().expect("choices are made in the opening");
        self.black_seat = Some(if colour == Colour::Black { chooser } else { chooser.other() });
        if self.phase == Phase::Swap2Choice && colour == Colour::White {
            self.phase = Phase::Swap2WhiteStone;
            return Progress::TurnContinues;
        }
        self.phase = Phase::Play;
        Progress::TurnEnded
    }

    /// The checked stone of the seat to act on `point`.
    fn place(&mut self, point: Point) -> Progress {
        let colour = self.next_colour();
        self.stones.insert(point, colour);
        if colour == Colour::Black {
            self.black_stones += 1;
        }
        let (phase, progress) = match self.phase {
            Phase::FirstStones if self.stones.len() < 3 => (Phase::FirstStones, Progress::TurnContinues),
            Phase::FirstStones if self.rules.opening() == super::Opening::Swap => {
                (Phase::SwapChoice, Progress::TurnEnded)
            }
            Phase::FirstStones => (Phase::Swap2Choice, Progress::TurnEnded),
            Phase::Swap2Choice => (Phase::Swap2ExtraWhite, Progress::TurnContinues),
            Phase::Swap2ExtraWhite => (Phase::Swap2LastChoice, Progress::TurnEnded),
            Phase::Swap2WhiteStone | Phase::Play => (Phase::Play, Progress::TurnEnded),
            Phase::SwapChoice | Phase::Swap2LastChoice => unreachable!("checked: no stone during a choice"),
        };
        self.phase = phase;
        // The rules keep the opening's stones from winning (swap2 needs a line of four), and no board fills
        // up within five stones, so only play can end the game.
        if phase != Phase::Play {
            return progress;
        }
        let outcome = if lines::wins(self.rules, &|at| self.cell(at), point, colour) {
            let winner = self.seat_of(colour).expect("colours are settled in play");
            Some(Outcome::win(2, winner, EndReason::Row))
        } else if self.stones.is_full() || !self.has_legal_stone() {
            Some(Outcome::draw(2, EndReason::BoardFull))
        } else {
            None
        };
        self.outcome = outcome;
        outcome.map_or(progress, Progress::GameOver)
    }

    /// Whether the next stone has a point: on a board that is not full, only renju's Black can lack one, when
    /// every empty point is forbidden. Stops at the first allowed point, which is nearly always the first empty
    /// one tried.
    fn has_legal_stone(&self) -> bool {
        let mut grid = self.renju_grid();
        if grid.is_none() {
            return true;
        }
        let mut found = false;
        self.for_each_point(|point| {
            if !found && self.stones.at(point).is_none() {
                found = self.check_stone(point, &mut grid).is_ok();
            }
        });
        found
    }

    /// Calls `visit` with every point of a bounded board, row by row from the bottom.
    fn for_each_point(&self, mut visit: impl FnMut(Point)) {
        if let BoardShape::Bounded { width, height } = self.rules.board() {
            for y in 0..i16::from(height) {
                for x in 0..i16::from(width) {
                    visit(Point::new(x, y));
                }
            }
        }
    }

    /// How near a stone already placed the endless board's next stone goes: the winning line's length.
    fn endless_distance(&self) -> i16 {
        i16::from(self.rules.line())
    }

    /// Calls `visit` with every legal action in a fixed order: `=B` and `=W` when a choice is due, then every
    /// allowed point row by row from the bottom, each row from the left (renju's forbidden points left out for
    /// Black). On the endless board that is every free point within the line's length of a stone (at most
    /// 169 points a stone), not the four million points of the reach.
    pub fn for_each_legal_action(&self, mut visit: impl FnMut(Action)) {
        if self.is_over() {
            return;
        }
        if self.phase.takes_choice() {
            visit(Action::Choose(Colour::Black));
            visit(Action::Choose(Colour::White));
        }
        if !self.phase.takes_stone() {
            return;
        }
        let mut grid = self.renju_grid();
        match self.rules.board() {
            BoardShape::Bounded { .. } => self.for_each_point(|point| {
                if self.check_stone(point, &mut grid).is_ok() {
                    visit(Action::Stone(point));
                }
            }),
            BoardShape::Endless if self.stones.is_empty() => visit(Action::EndlessStone(Point::new(0, 0))),
            BoardShape::Endless => {
                if let Stones::Endless(endless) = &self.stones {
                    endless.for_each_near(self.endless_distance(), |point| {
                        if self.stones.at(point).is_none() && self.check_stone_free(point) {
                            visit(Action::EndlessStone(point));
                        }
                    });
                }
            }
        }
    }

    /// [`Position::check_stone`] for a point known to be free, on the endless board past its first stone and
    /// near a stone: only the `pro` openings' distance applies.
    fn check_stone_free(&self, point: Point) -> bool {
        match self.rules.opening().second_black_distance() {
            Some(distance) if self.stones.len() == 2 => point.distance(Point::new(0, 0)) >= distance,
            _ => true,
        }
    }
}
