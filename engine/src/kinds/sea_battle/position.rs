//! A Sea Battle game: the simultaneous setup (both fleets placed at once, rule 1.4), then shots in turn (§2).

use super::fleet::{Fleet, FleetError};
use super::grid::{reach, Cell, SIZE};
use super::notation::{Action, Answer};
use super::rules::SeaBattleRules;
use crate::game::Progress;
use crate::{EndReason, Outcome, Seat, SeatSet};

/// Why an action is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The seat is not one of the seats to act: it placed its fleet already, or it is the other seat's shot.
    #[error("the {0} seat is not to act")]
    NotToAct(Seat),
    /// A shot before both fleets are placed.
    #[error("no shot before both fleets are placed")]
    ShotInSetup,
    /// A fleet after setup.
    #[error("the fleets are placed")]
    FleetInPlay,
    /// A fleet the rules refuse.
    #[error("illegal fleet: {0}")]
    Fleet(#[from] FleetError),
    /// A cell shot at before (rule 2.4).
    #[error("{0} was shot at before")]
    ShotTwice(Cell),
    /// A cell next to a sunk ship, known to be empty (rule 2.4).
    #[error("{0} is next to a sunk ship")]
    NextToSunk(Cell),
}

/// A Sea Battle game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    rules: SeaBattleRules,
    /// Each seat's fleet once placed.
    fleets: [Option<Fleet>; 2],
    /// The cells of each seat's grid shot at (by the other seat).
    shot: [u128; 2],
    /// The cells of each seat's grid known to be empty because a sunk ship stands next to them.
    known_empty: [u128; 2],
    /// The seat to shoot, once both fleets are placed.
    shooter: Seat,
    /// Whether the shooter hit with its last shot and shoots again.
    again: bool,
    outcome: Option<Outcome>,
}

impl Position {
    /// The start: no fleet placed.
    #[must_use]
    pub fn new(rules: SeaBattleRules) -> Position {
        Position {
            rules,
            fleets: [None, None],
            shot: [0, 0],
            known_empty: [0, 0],
            shooter: Seat::FIRST,
            again: false,
            outcome: None,
        }
    }

    /// The rules of the game.
    #[must_use]
    pub const fn rules(&self) -> SeaBattleRules {
        self.rules
    }

    /// `seat`'s fleet, once placed.
    #[must_use]
    pub fn fleet(&self, seat: Seat) -> Option<Fleet> {
        self.fleets[seat.index()]
    }

    /// Whether the game is still in setup: some fleet is not placed.
    #[must_use]
    pub fn in_setup(&self) -> bool {
        self.fleets.iter().any(Option::is_none)
    }

    /// The cells of `seat`'s grid shot at.
    #[must_use]
    pub fn shots_at(&self, seat: Seat) -> u128 {
        self.shot[seat.index()]
    }

    /// The outcome, once the game is over.
    #[must_use]
    pub const fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The seats to act: those still to place their fleets, then the shooter; none once over.
    #[must_use]
    pub fn seats_to_act(&self) -> SeatSet {
        if self.outcome.is_some() {
            SeatSet::EMPTY
        } else if self.in_setup() {
            [Seat::FIRST, Seat::SECOND].into_iter().filter(|seat| self.fleets[seat.index()].is_none()).collect()
        } else {
            SeatSet::only(self.shooter)
        }
    }

    /// Whether the shooter shoots again after a hit.
    #[must_use]
    pub const fn shooting_again(&self) -> bool {
        self.again
    }

    /// Whether `seat` may play `action` now, and if not, why.
    pub fn check_as(&self, seat: Seat, action: Action) -> Result<(), Illegal> {
        if self.outcome.is_some() {
            return Err(Illegal::GameOver);
        }
        if !self.seats_to_act().contains(seat) {
            return Err(Illegal::NotToAct(seat));
        }
        match (action, self.in_setup()) {
            (Action::Fleet(fleet), true) => Ok(fleet.check(self.rules)?),
            (Action::Fleet(_), false) => Err(Illegal::FleetInPlay),
            (Action::Shot(_), true) => Err(Illegal::ShotInSetup),
            (Action::Shot(cell), false) => {
                let target = seat.other().index();
                if self.shot[target] & cell.mask() != 0 {
                    Err(Illegal::ShotTwice(cell))
                } else if self.known_empty[target] & cell.mask() != 0 {
                    Err(Illegal::NextToSunk(cell))
                } else {
                    Ok(())
                }
            }
        }
    }

    /// What a shot at `cell` of `target`'s grid would answer now.
    #[must_use]
    pub fn answer(&self, target: Seat, cell: Cell) -> Answer {
        let Some(fleet) = self.fleets[target.index()] else { return Answer::Miss };
        match fleet.ship_at(cell) {
            None => Answer::Miss,
            Some(ship) if ship.mask() & !(self.shot[target.index()] | cell.mask()) == 0 => Answer::Sunk(ship),
            Some(_) => Answer::Hit,
        }
    }

    /// Plays `action` for `seat`. On error nothing changes.
    pub fn apply_as(&mut self, seat: Seat, action: Action) -> Result<Progress, Illegal> {
        self.check_as(seat, action)?;
        match action {
            Action::Fleet(fleet) => {
                self.fleets[seat.index()] = Some(fleet);
                Ok(Progress::TurnEnded)
            }
            Action::Shot(cell) => Ok(self.shoot(seat, cell)),
        }
    }

    /// A legal shot of `seat` at `cell`.
    fn shoot(&mut self, seat: Seat, cell: Cell) -> Progress {
        let target = seat.other();
        let answer = self.answer(target, cell);
        self.shot[target.index()] |= cell.mask();
        if let Answer::Sunk(ship) = answer {
            self.known_empty[target.index()] |= reach(SIZE, ship.mask(), self.rules.touching()) & !ship.mask();
        }
        let fleet_cells = self.fleets[target.index()].map_or(0, |fleet| fleet.mask());
        if fleet_cells & !self.shot[target.index()] == 0 {
            let outcome = Outcome::win(2, seat, EndReason::FleetSunk);
            self.outcome = Some(outcome);
            self.again = false;
            return Progress::GameOver(outcome);
        }
        if answer != Answer::Miss && self.rules.shoot_again() {
            self.again = true;
            Progress::TurnContinues
        } else {
            self.again = false;
            self.shooter = target;
            Progress::TurnEnded
        }
    }

    /// Calls `visit` with every legal shot of the shooter, row by row from `A1`; nothing in setup, where the
    /// actions are fleets, too many to list (see the module documentation).
    pub fn for_each_legal_shot(&self, mut visit: impl FnMut(Cell)) {
        if self.outcome.is_some() || self.in_setup() {
            return;
        }
        let target = self.shooter.other().index();
        let closed = self.shot[target] | self.known_empty[target];
        for index in 0..SIZE * SIZE {
            let cell = Cell::new(index % SIZE, index / SIZE).expect("an index of the grid");
            if closed & cell.mask() == 0 {
                visit(cell);
            }
        }
    }

    /// Writes the position's canonical bytes: the fleets (each a presence byte, then per ship its top-left cell
    /// index and its length and direction), the two grids' shot cells (each as four 32-bit numbers, `A1` the lowest bit), then the shooter and whether it shoots
    /// again. The known-empty cells follow from the fleets and shots.
    pub fn write_key(&self, key: &mut crate::PositionKey) {
        for fleet in &self.fleets {
            match fleet {
                None => {
                    key.flag(false);
                }
                Some(fleet) => {
                    key.flag(true);
                    for ship in fleet.ships() {
                        key.byte(ship.start().index()).byte(ship.length());
                        key.flag(ship.end().column() == ship.start().column() && ship.length() > 1);
                    }
                }
            }
        }
        for shot in self.shot {
            for word in 0..4 {
                // A grid's 100 cells in four 32-bit words, lowest cells first.
                key.number((shot >> (32 * word)) as u32);
            }
        }
        key.seat(self.shooter).flag(self.again);
    }
}
