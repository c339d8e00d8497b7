//! Racetrack's racer: no adversarial search, but the fewest moves to the finish. From the car's own state
//! (point, velocity, lap) a breadth-first search over (position, velocity, lap state) looks for the nearest
//! finish, starting from the legal moves of this turn only, so the first move never ends on another car (those
//! are illegal) and the rest of the line ignores the other cars, which will have moved. Alone, the car follows a
//! fewest-moves line: it is never slower than the track's optimum. When no line without a crash exists from here
//! (the car too fast for the next bend) it brakes as hard as it may, preferring a move that stays on the track.
//!
//! [`play_any_turn`](crate::play_any_turn) plays Racetrack's turns with it, at every level.

use std::collections::{HashSet, VecDeque};

use kartka_engine::racetrack::{acceleration_of_digit, step_alone, CarState, Move, Point, Position, Step};
use kartka_engine::Game;

/// The most states one search visits before the racer brakes instead.
pub const RACE_BUDGET: usize = 5_000_000;

/// The move the racer plays for the seat to move, or `None` once the race is over. Deterministic: among equally
/// short lines the lowest keypad digit's first.
#[must_use]
pub fn race_move(race: &Position, budget: usize) -> Option<Move> {
    race_move_visiting(race, budget).map(|(action, _)| action)
}

/// [`race_move`], and the car states its search visited (the car's own state counting one): the work behind
/// the move, as a search's nodes are.
#[must_use]
pub fn race_move_visiting(race: &Position, budget: usize) -> Option<(Move, u64)> {
    let seat = race.to_act()?;
    let car = race.cars()[seat];
    let track = race.track();
    let here = CarState { position: car.position, velocity: car.velocity, laps: car.laps, touched: car.touched };
    let mut legal = Vec::new();
    race.for_each_legal_action(|action| legal.push(action));
    let mut seen = HashSet::new();
    let mut queue = VecDeque::new();
    for &action in &legal {
        let Move::Keypad(digit) = action else { continue };
        match acceleration_of_digit(digit).and_then(|acceleration| step_alone(track, here, acceleration)) {
            Some(Step::Finished) => return Some((action, 1 + seen.len() as u64)),
            Some(Step::On(next)) if seen.insert(next) => queue.push_back((next, action)),
            Some(Step::On(_)) | None => {}
        }
    }
    while let Some((state, first)) = queue.pop_front() {
        for digit in 1..=9 {
            let Some(acceleration) = acceleration_of_digit(digit) else { continue };
            match step_alone(track, state, acceleration) {
                Some(Step::Finished) => return Some((first, 1 + seen.len() as u64)),
                Some(Step::On(next)) if seen.len() < budget && seen.insert(next) => queue.push_back((next, first)),
                Some(Step::On(_)) | None => {}
            }
        }
    }
    brake(race, &legal, here).map(|action| (action, 1 + seen.len() as u64))
}

/// The legal move that leaves the car slowest, a move that stays on the track before one that crashes.
fn brake(race: &Position, legal: &[Move], here: CarState) -> Option<Move> {
    let speed = |velocity: Point| i32::from(velocity.x).abs() + i32::from(velocity.y).abs();
    legal.iter().copied().min_by_key(|&action| {
        let Move::Keypad(digit) = action else { return (true, i32::MAX) };
        let acceleration = acceleration_of_digit(digit).unwrap_or(Point::ZERO);
        let crashes = step_alone(race.track(), here, acceleration).is_none();
        (crashes, speed(here.velocity + acceleration))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use kartka_engine::racetrack::{tracks, Car, RacetrackRules, Standing, HIT_POINTS};
    use kartka_engine::{Progress, Seat};

    fn seat(index: usize) -> Seat {
        Seat::new(index).expect("a seat")
    }

    #[test]
    fn alone_the_racer_finishes_in_the_tracks_fewest_moves() {
        for (file, _) in tracks::SHIPPED {
            let track = tracks::shipped(file.trim_end_matches(".track")).expect("shipped");
            let optimum = track.fewest_moves().expect("recorded");
            // The second car stands still in the map's last track cell, far from the line.
            let parked = (0..track.height() as i16)
                .flat_map(|y| (0..track.width() as i16).map(move |x| Point::new(x, y)))
                .rfind(|&point| track.cell(point).is_track())
                .expect("a track cell");
            let cars = [
                Car { position: track.starts()[0], hit_points: HIT_POINTS, ..Car::default() },
                Car { position: parked, hit_points: HIT_POINTS, ..Car::default() },
            ];
            let rules = RacetrackRules::new(track.id(), 2, false, 200).expect("rules");
            let mut race = Position::arranged(rules, &cars, seat(0), 1).expect("arranged");
            while race.cars()[seat(0)].standing == Standing::Running {
                let action = race_move(&race, RACE_BUDGET).expect("the race goes on");
                race.apply(action).expect("the racer plays legal moves");
                race.apply(Move::Keypad(5)).expect("the parked car stands still");
            }
            assert_eq!(race.cars()[seat(0)].standing, Standing::Finished { round: optimum as u16 }, "{file}");
        }
    }

    #[test]
    fn racers_share_the_track_without_crashing_and_all_finish() {
        for (name, players) in [("oval", 6), ("chicane", 5), ("sprint", 3)] {
            let track = tracks::shipped(name).expect("shipped");
            let optimum = track.fewest_moves().expect("recorded");
            let mut race = Position::new(RacetrackRules::new(track.id(), players, false, 200).expect("rules"));
            let outcome = loop {
                let action = race_move(&race, RACE_BUDGET).expect("the race goes on");
                if let Progress::GameOver(outcome) = race.apply(action).expect("legal") {
                    break outcome;
                }
            };
            for (seat, car) in race.cars().iter() {
                assert_eq!(car.hit_points, HIT_POINTS, "{name}: seat {seat} never crashed");
                match car.standing {
                    Standing::Finished { round } => {
                        assert!(
                            u32::from(round) <= optimum + 4,
                            "{name}: seat {seat} took {round} rounds, the optimum is {optimum}"
                        )
                    }
                    // The last car may be settled last without finishing.
                    Standing::Running => assert_eq!(outcome.ranks[seat], players, "{name}: seat {seat}"),
                    other => panic!("{name}: seat {seat} is {other:?}"),
                }
            }
        }
    }

    #[test]
    fn a_car_too_fast_for_the_bend_brakes() {
        let track = tracks::shipped("sprint").expect("shipped");
        // Heading for the right-hand wall at speed 5 from 8,1: no line from here avoids a crash, so the racer
        // brakes as hard as it may while staying on the track, to 12,1.
        let cars = [
            Car { position: Point::new(8, 1), velocity: Point::new(5, 0), hit_points: HIT_POINTS, ..Car::default() },
            Car { position: Point::new(8, 3), hit_points: HIT_POINTS, ..Car::default() },
        ];
        let rules = RacetrackRules::new(track.id(), 2, false, 200).expect("rules");
        let race = Position::arranged(rules, &cars, seat(0), 1).expect("arranged");
        let action = race_move(&race, RACE_BUDGET).expect("a move");
        assert_eq!(action, Move::Keypad(4));
        assert!(race.check(Move::Keypad(4)).is_ok());
    }
}
