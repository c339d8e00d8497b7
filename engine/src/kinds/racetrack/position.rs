//! A race in progress: every car's point, velocity, hit points and lap, whose move it is, the round, and how
//! the race ended.

use std::sync::Arc;

use super::drive::drive;
use super::geometry::Point;
use super::rules::{RacetrackRules, HIT_POINTS};
use super::solve::acceleration_of_digit;
use super::track::{Cell, Track};
use super::tracks;
use crate::game::Progress;
use crate::position_key::PositionKey;
use crate::{BySeat, EndReason, Outcome, Seat};

/// One move: the keypad digit of the acceleration (1–9, 5 keeps the velocity; 7 8 9 accelerate towards the
/// top of the map), or the point the car is to reach, `x,y`, which must be one of the nine targets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// An acceleration by its keypad digit.
    Keypad(u8),
    /// The point to reach.
    Point(Point),
}

/// Why a move is refused. The race is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum IllegalMove {
    /// The race is over.
    #[error("the race is over")]
    GameOver,
    /// Not one of the nine targets of the car's next move (or not a digit from 1 to 9).
    #[error("that is not one of the nine targets of the car's move")]
    NotATarget,
    /// The move stays on the track and ends on a point another car occupies (rules 2.3).
    #[error("another car stands on that point")]
    Occupied,
}

/// Why [`Position::arranged`] refuses an arrangement of cars.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ArrangeError {
    /// Not one car per seat of the rules.
    #[error("the rules seat {players} cars, not {cars}")]
    CarCount {
        /// The rules' players.
        players: u8,
        /// The cars given.
        cars: usize,
    },
    /// A car still racing off the track.
    #[error("the car of seat {0} stands off the track")]
    OffTrack(Seat),
    /// Two cars still racing on one point.
    #[error("two cars stand on {0}")]
    SharedPoint(Point),
    /// The seat to move is not racing, or skips its turn.
    #[error("seat {0} cannot move now")]
    NotToMove(Seat),
    /// A round outside `1..=max_rounds`.
    #[error("round {0} is outside the race")]
    Round(u16),
}

/// Where a car is in the race.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Standing {
    /// Still racing.
    #[default]
    Running,
    /// Finished in this round.
    Finished {
        /// The round it finished in, from 1.
        round: u16,
    },
    /// Out by crashing (its hit points spent, or its first crash under `crash: out`) in this round.
    Out {
        /// The round it went out in, from 1.
        round: u16,
    },
    /// Its player left (resigned, ran out of time, abandoned); the race went on without it.
    Left {
        /// Its place in the order of leaving, from 0.
        order: u8,
    },
}

/// One car.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Car {
    /// The point it stands on.
    pub position: Point,
    /// Its velocity.
    pub velocity: Point,
    /// Its hit points left.
    pub hit_points: u8,
    /// Whether it crashed on its last move and skips its next turn.
    pub skips_turn: bool,
    /// Net crossings of the start/finish line, +1 in the racing direction.
    pub laps: i8,
    /// The touch points it passed, as a mask (see [`Track::touch_bit`]).
    pub touched: u64,
    /// Where it is in the race.
    pub standing: Standing,
}

impl Car {
    /// Whether the car still races (and so stands on the track).
    #[must_use]
    pub const fn is_running(&self) -> bool {
        matches!(self.standing, Standing::Running)
    }
}

/// A race: the rules, the track they name (shared, immutable), the cars, the seat to move and the round.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    rules: RacetrackRules,
    track: Arc<Track>,
    cars: BySeat<Car>,
    to_move: Seat,
    round: u16,
    departures: u8,
    outcome: Option<Outcome>,
}

impl Position {
    /// The start of a race by `rules`: each seat's car on its start cell (seat order is the track's order of
    /// start cells), standing still with full hit points; the first seat moves in round 1.
    #[must_use]
    pub fn new(rules: RacetrackRules) -> Position {
        // Rules exist only for registered tracks and the registry never forgets one (see RacetrackRules).
        let track = tracks::find(&rules.track())
            .unwrap_or_else(|| panic!("racetrack rules name the unregistered track {}", rules.track()));
        let cars = BySeat::from_fn(usize::from(rules.players()), |seat| Car {
            position: track.starts()[seat.index()],
            hit_points: HIT_POINTS,
            ..Car::default()
        });
        Position { rules, track, cars, to_move: Seat::FIRST, round: 1, departures: 0, outcome: None }
    }

    /// A race by `rules` in round `round` with `cars` as they are and `to_move` to move: a position made by
    /// hand (for tests, analysis and puzzles), checked for what play keeps true. The departures' order is read
    /// from the cars that left.
    pub fn arranged(rules: RacetrackRules, cars: &[Car], to_move: Seat, round: u16) -> Result<Position, ArrangeError> {
        let mut position = Position::new(rules);
        let cars = BySeat::from_slice(cars)
            .filter(|cars| cars.len() == usize::from(rules.players()))
            .ok_or(ArrangeError::CarCount { players: rules.players(), cars: cars.len() })?;
        for (seat, car) in cars.iter().filter(|(_, car)| car.is_running()) {
            if !position.track.cell(car.position).is_track() {
                return Err(ArrangeError::OffTrack(seat));
            }
            if cars.iter().any(|(other, theirs)| other < seat && theirs.is_running() && theirs.position == car.position)
            {
                return Err(ArrangeError::SharedPoint(car.position));
            }
        }
        if !cars.get(to_move).is_some_and(|car| car.is_running() && !car.skips_turn) {
            return Err(ArrangeError::NotToMove(to_move));
        }
        if round == 0 || round > rules.max_rounds() {
            return Err(ArrangeError::Round(round));
        }
        position.cars = cars;
        position.to_move = to_move;
        position.round = round;
        // At most six seats, so the count fits a byte.
        position.departures =
            cars.iter().filter(|(_, car)| matches!(car.standing, Standing::Left { .. })).count() as u8;
        Ok(position)
    }

    /// The rules of the race.
    #[must_use]
    pub const fn rules(&self) -> RacetrackRules {
        self.rules
    }

    /// The track.
    #[must_use]
    pub fn track(&self) -> &Arc<Track> {
        &self.track
    }

    /// Every seat's car.
    #[must_use]
    pub const fn cars(&self) -> &BySeat<Car> {
        &self.cars
    }

    /// The seat to move (after the end: the last seat that moved or left).
    #[must_use]
    pub const fn to_move(&self) -> Seat {
        self.to_move
    }

    /// The round being played, from 1.
    #[must_use]
    pub const fn round(&self) -> u16 {
        self.round
    }

    /// How the race ended, once it has.
    #[must_use]
    pub const fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the race is over.
    #[must_use]
    pub const fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The point the car to move reaches with `acceleration`, if the grid's range holds it.
    #[must_use]
    pub fn target(&self, acceleration: Point) -> Option<Point> {
        let car = &self.cars[self.to_move];
        car.position.checked_add(car.velocity.checked_add(acceleration)?)
    }

    /// Whether `action` may be played now, and if not, why.
    pub fn check(&self, action: Move) -> Result<(), IllegalMove> {
        self.plan(action).map(|_| ())
    }

    /// Plays `action` for the seat to move (rules 2.2–2.4, 3.1): the car drives its segment; a crash stops it at
    /// the last free track point before the crossing with velocity 0, costs hit points (or puts it out under
    /// `crash: out`) and makes it skip its next turn; crossing the line in the racing direction after a full
    /// lap through every touch point finishes it. Then the next seat in order still racing moves, passing over
    /// a car that skips. On error the race is unchanged.
    pub fn play(&mut self, action: Move) -> Result<Progress, IllegalMove> {
        let (velocity, to) = self.plan(action)?;
        let mover = self.to_move;
        let from = self.cars[mover].position;
        let driven = drive(&self.track, from, to, |point| self.is_occupied_by_another(point));
        let all_touched = self.track.all_touched();
        let (round, crash_out) = (self.round, self.rules.crash_out());
        let car = &mut self.cars[mover];
        car.position = driven.stop;
        car.laps = car.laps.saturating_add(driven.crossing);
        car.touched |= driven.touched;
        car.velocity = if driven.crash.is_some() { Point::ZERO } else { velocity };
        if driven.crossing == 1 && car.laps >= 1 && car.touched == all_touched {
            car.standing = Standing::Finished { round };
        } else if let Some(crossed_from) = driven.crash {
            let cost = if crossed_from == Cell::Danger { 2 } else { 1 };
            car.hit_points = if crash_out { 0 } else { car.hit_points.saturating_sub(cost) };
            if car.hit_points == 0 {
                car.standing = Standing::Out { round };
            } else {
                car.skips_turn = true;
            }
        }
        Ok(self.next_turn(EndReason::Score))
    }

    /// `seat` leaves before the end (rules 3.3): its car is out, last among the cars out, and the race goes on
    /// without it. The race ends when the ranks are settled (see [`Position::play`]), for `reason`. A seat not
    /// racing, or a race already over, changes nothing and answers `None`.
    pub fn leave(&mut self, seat: Seat, reason: EndReason) -> Option<Progress> {
        if self.is_over() || !self.cars.get(seat).is_some_and(Car::is_running) {
            return None;
        }
        self.cars[seat].standing = Standing::Left { order: self.departures };
        self.departures += 1;
        if seat == self.to_move {
            return Some(self.next_turn(reason));
        }
        if self.is_settled() {
            return Some(Progress::GameOver(self.end(reason)));
        }
        Some(Progress::TurnContinues)
    }

    /// Calls `visit` with the keypad digit of every legal move, 1 to 9, while the race is not over.
    pub fn for_each_legal_move(&self, mut visit: impl FnMut(Move)) {
        for digit in 1..=9 {
            let candidate = Move::Keypad(digit);
            if self.check(candidate).is_ok() {
                visit(candidate);
            }
        }
    }

    /// Writes the position's canonical bytes: format 1, whether the race is over, the seat to move, the round,
    /// then per seat its point and velocity (each part as the number of its 16 bits), hit points, whether it
    /// skips its turn, its net crossings of the line (its 8 bits), its touch points (two numbers, the low 32
    /// bits first), and its standing (0 running, 1 finished, 2 out, 3 left, then the round or the order). The
    /// rules are left out.
    pub fn write_key(&self, key: &mut PositionKey) {
        key.byte(1).flag(self.is_over()).seat(self.to_move).number(u32::from(self.round));
        for (_, car) in self.cars.iter() {
            for part in [car.position.x, car.position.y, car.velocity.x, car.velocity.y] {
                key.number(u32::from(part as u16));
            }
            key.byte(car.hit_points).flag(car.skips_turn).byte(car.laps as u8);
            key.number(car.touched as u32).number((car.touched >> 32) as u32);
            let (tag, value) = match car.standing {
                Standing::Running => (0, 0),
                Standing::Finished { round } => (1, round),
                Standing::Out { round } => (2, round),
                Standing::Left { order } => (3, u16::from(order)),
            };
            key.byte(tag).number(u32::from(value));
        }
    }

    /// The velocity and target point of `action` for the car to move, if it is legal.
    fn plan(&self, action: Move) -> Result<(Point, Point), IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        let car = &self.cars[self.to_move];
        let acceleration = match action {
            Move::Keypad(digit) => acceleration_of_digit(digit).ok_or(IllegalMove::NotATarget)?,
            Move::Point(point) => {
                let straight_on = car.position.checked_add(car.velocity).ok_or(IllegalMove::NotATarget)?;
                let (dx, dy) =
                    (i32::from(point.x) - i32::from(straight_on.x), i32::from(point.y) - i32::from(straight_on.y));
                if dx.abs() > 1 || dy.abs() > 1 {
                    return Err(IllegalMove::NotATarget);
                }
                // Each part is −1, 0 or 1.
                Point::new(dx as i16, dy as i16)
            }
        };
        let velocity = car.velocity.checked_add(acceleration).ok_or(IllegalMove::NotATarget)?;
        let to = car.position.checked_add(velocity).ok_or(IllegalMove::NotATarget)?;
        let stays_on_track = drive(&self.track, car.position, to, |_| false).crash.is_none();
        if stays_on_track && self.is_occupied_by_another(to) {
            return Err(IllegalMove::Occupied);
        }
        Ok((velocity, to))
    }

    /// Whether a car other than the one to move, still racing, stands on `point`.
    fn is_occupied_by_another(&self, point: Point) -> bool {
        self.cars.iter().any(|(seat, car)| seat != self.to_move && car.is_running() && car.position == point)
    }

    /// Ends the turn: the race ends if its ranks are settled (for `reason`) or its rounds are spent; otherwise
    /// the next seat in order still racing moves, a car that skips its turn being passed over (once).
    fn next_turn(&mut self, reason: EndReason) -> Progress {
        if self.cars.iter().all(|(_, car)| !car.is_running()) {
            return Progress::GameOver(self.end(reason));
        }
        let players = self.cars.len();
        let mut seat = self.to_move;
        loop {
            let next = Seat::new((seat.index() + 1) % players).unwrap_or(Seat::FIRST);
            if next.index() <= seat.index() {
                self.round = self.round.saturating_add(1);
                if self.round > self.rules.max_rounds() {
                    self.round = self.rules.max_rounds();
                    return Progress::GameOver(self.end(EndReason::RoundsOut));
                }
            }
            seat = next;
            let car = &mut self.cars[seat];
            if !car.is_running() {
                continue;
            }
            if car.skips_turn {
                car.skips_turn = false;
                continue;
            }
            break;
        }
        self.to_move = seat;
        if self.is_settled() {
            return Progress::GameOver(self.end(reason));
        }
        Progress::TurnEnded
    }

    /// Whether no move can change the ranks any more: no car races, or one alone does while no car finished in
    /// the round it moves in (it could tie with that car only; below every finisher and above every car out it
    /// ranks whatever it does).
    fn is_settled(&self) -> bool {
        let mut running = self.cars.iter().filter(|(_, car)| car.is_running());
        match (running.next(), running.next()) {
            (None, _) => true,
            (Some(_), Some(_)) => false,
            (Some(_), None) => {
                !self.cars.iter().any(|(_, car)| car.standing == Standing::Finished { round: self.round })
            }
        }
    }

    /// Ends the race for `reason`, ranking the cars (rules 3.2, 3.3): finishers by their round; then the cars
    /// still racing, sharing a rank; then the cars out by crashing, the later out the better; last the seats
    /// that left, the later to leave the higher.
    fn end(&mut self, reason: EndReason) -> Outcome {
        let order = |car: &Car| -> (u8, i32) {
            match car.standing {
                Standing::Finished { round } => (0, i32::from(round)),
                Standing::Running => (1, 0),
                Standing::Out { round } => (2, -i32::from(round)),
                Standing::Left { order } => (3, -i32::from(order)),
            }
        };
        let ranks = self.cars.map(|car| {
            let mine = order(car);
            let better = self.cars.iter().filter(|(_, other)| order(other) < mine).count();
            // At most six seats, so the rank fits a byte.
            (better + 1) as u8
        });
        let outcome = Outcome::ranked(ranks, reason);
        self.outcome = Some(outcome);
        outcome
    }
}
