//! Racetrack (rules document racetrack.md): the shipped tracks and their fewest moves, the track format's typed
//! errors, the registry and rules that name a track by hash, collision and boundary-touching cases from
//! hand-made positions, crashes, finishing and ranks, seats that leave, notation, random races and perft.

#[path = "common/rng.rs"]
mod rng;

#[path = "common/perft_data.rs"]
mod perft_data;

#[path = "common/game_conformance.rs"]
mod game_conformance;

use std::sync::Arc;

use kartka_engine::dots_and_boxes::{Departure, DepartureReason};
use kartka_engine::racetrack::{
    check, fewest_moves, for_each_cell_met, meets, read_record, tracks, write_record, ArrangeError, Car, CarState,
    IllegalMove, Move, Point, Position, RacetrackRecord, RacetrackRules, ReadErrorKind, ReplayError, RulesError,
    Standing, Track, TrackError, TrackHash, TrackId, HIT_POINTS,
};
use kartka_engine::{EndReason, Game, Outcome, Progress, Seat};
use rng::Rng;

/// A small lab for hand-made positions: the line is column 1 (rows 1 to 3), racing east; `~` on the right.
const LAB: &str = "\
name: lab
version: 1
map:
##########
#S....>..#
#S.#.....#
#F..#..~~#
##...#.~~#
##########
";

fn seat(index: usize) -> Seat {
    Seat::new(index).expect("a seat")
}

fn shipped(name: &str) -> Arc<Track> {
    tracks::shipped(name).unwrap_or_else(|| panic!("{name} is shipped"))
}

fn lab() -> Arc<Track> {
    tracks::register(LAB).expect("the lab reads")
}

fn rules(track: &Track, players: u8) -> RacetrackRules {
    RacetrackRules::new(track.id(), players, false, 200).expect("valid rules")
}

fn car(x: i16, y: i16, vx: i16, vy: i16) -> Car {
    Car { position: Point::new(x, y), velocity: Point::new(vx, vy), hit_points: HIT_POINTS, ..Car::default() }
}

fn to(x: i16, y: i16) -> Move {
    Move::Point(Point::new(x, y))
}

#[test]
fn every_shipped_track_checks_and_the_solver_reproduces_its_recorded_fewest_moves() {
    assert!(tracks::SHIPPED.len() >= 4, "a short track, an oval, one with danger zones and touch points, a long one");
    let mut sizes = Vec::new();
    for (file, text) in tracks::SHIPPED {
        let checked = check(text).unwrap_or_else(|error| panic!("{file}: {error}"));
        let recorded = checked.track.fewest_moves().unwrap_or_else(|| panic!("{file} records its fewest moves"));
        let start = CarState::at_start(checked.track.starts()[0]);
        let solved = fewest_moves(&checked.track, start, 5_000_000).expect("solved");
        assert_eq!(solved.moves, recorded, "{file}");
        assert_eq!(solved.line.len() as u32, recorded + 1, "{file}: the line has a point per move and the start");
        // The line is a legal race: replaying its points ends the race, a finish in that many rounds, while a
        // second car stands still on a track point off the line.
        let track = &checked.track;
        let aside = (0..track.height() as i16)
            .flat_map(|y| (0..track.width() as i16).map(move |x| Point::new(x, y)))
            .find(|&point| track.cell(point).is_track() && !solved.line.contains(&point))
            .expect("a point off the line");
        let rules = RacetrackRules::new(track.id(), 2, false, 200).expect("rules");
        let mut race = Position::arranged(
            rules,
            &[car(track.starts()[0].x, track.starts()[0].y, 0, 0), car(aside.x, aside.y, 0, 0)],
            seat(0),
            1,
        )
        .expect("arranged");
        for (moves, &point) in solved.line[1..].iter().enumerate() {
            race.apply(Move::Point(point))
                .unwrap_or_else(|error| panic!("{file}: move {} to {point}: {error}", moves + 1));
            if race.cars()[seat(0)].standing != Standing::Running {
                break;
            }
            race.apply(Move::Keypad(5)).expect("standing still");
        }
        assert_eq!(race.cars()[seat(0)].standing, Standing::Finished { round: recorded as u16 }, "{file}");
        sizes.push(checked.track.width() * checked.track.height());
    }
    sizes.sort_unstable();
    sizes.dedup();
    assert_eq!(sizes.len(), tracks::SHIPPED.len(), "the shipped tracks differ in size");
    let chicane = shipped("chicane");
    assert!(!chicane.touch_points().is_empty());
    assert!((0..chicane.height() as i16).any(|y| (0..chicane.width() as i16)
        .any(|x| chicane.cell(Point::new(x, y)) == kartka_engine::racetrack::Cell::Danger)));
}

#[test]
fn a_track_file_that_does_not_read_names_its_line_and_column() {
    let with_map = |map: &str| format!("name: bad\nversion: 1\nmap:\n{map}");
    assert_eq!(Track::parse("name: x\nversion: 1\n").err(), Some(TrackError::NoMap));
    assert_eq!(Track::parse("version: 1\nmap:\n#").err(), Some(TrackError::MissingKey("name")));
    assert_eq!(
        Track::parse("name: X\n").err(),
        Some(TrackError::BadValue { line: 1, key: "name", expected: "1 to 32 of a-z, 0-9 and -" })
    );
    assert_eq!(Track::parse("name: a\nname: b\n").err(), Some(TrackError::RepeatedKey { line: 2, key: "name" }));
    assert_eq!(Track::parse("colour: red\n").err(), Some(TrackError::Header { line: 1 }));
    assert_eq!(
        Track::parse(&with_map("####\n#S?#\n")).err(),
        Some(TrackError::UnknownCharacter { line: 5, column: 3, found: '?' })
    );
    assert_eq!(Track::parse(&with_map("#####\n#S.S#\n#####\n")).err(), Some(TrackError::Markers(0)));
    assert_eq!(Track::parse(&with_map("####\n#S>#\n#.<#\n")).err(), Some(TrackError::Markers(2)));
    assert_eq!(Track::parse(&with_map("####\n#S>#\n####\n")).err(), Some(TrackError::TooFewStarts(1)));
    // Racing east, the line is a column: a start cell in another column is off it.
    assert_eq!(
        Track::parse(&with_map("#####\n#S.>#\n#.S.#\n#####\n")).err(),
        Some(TrackError::LineNotStraight { line: 6, column: 3 })
    );
    assert_eq!(
        Track::parse(&with_map("#####\n#S.>#\n#..##\n#S..#\n#####\n")).err(),
        Some(TrackError::LineBroken { line: 5, column: 2 })
    );
    assert_eq!(
        Track::parse(&with_map("#####\n#..>#\n#S..#\n#S..#\n#####\n")).err(),
        Some(TrackError::LineOpen { line: 5, column: 2 })
    );
}

#[test]
fn the_checker_refuses_an_open_lap_a_touch_point_off_it_and_a_wrong_record() {
    // A straight with the line across it: no way round.
    let straight = "name: straight\nversion: 1\nmap:\n#######\n#.S..>#\n#.S...#\n#######\n";
    assert_eq!(check(straight).err(), Some(TrackError::LapNotClosed { line: 5, column: 3 }));
    let sprint = tracks::SHIPPED.iter().find(|(file, _)| *file == "sprint.track").expect("shipped").1;
    let recorded = shipped("sprint").fewest_moves().expect("recorded");
    let wrong = sprint.replacen(&format!("fewest-moves: {recorded}"), &format!("fewest-moves: {}", recorded - 1), 1);
    assert_eq!(check(&wrong).err(), Some(TrackError::FewestMovesDiffer { recorded: recorded - 1, solved: recorded }));
    // A touch point in a pocket walled off from the lap.
    // A pillar in the bottom straight: a car could circle it, so the track is no longer one ring.
    let pillar = sprint.replacen("##............##\n###", "##.....#......##\n###", 1);
    assert_ne!(pillar, sprint, "the pillar is drawn");
    assert_eq!(check(&pillar).err(), Some(TrackError::Island { line: 12, column: 8 }));
    let pocket = sprint.replacen("map:\n#", "map:\no", 1);
    assert_ne!(pocket, sprint, "the pocket is drawn");
    assert_eq!(check(&pocket).err(), Some(TrackError::TouchPointOffLap { line: 5, column: 1 }));
}

#[test]
fn rules_name_a_registered_track_by_its_hash_and_refuse_one_this_process_lacks() {
    let sprint = shipped("sprint");
    let missing = TrackId { name: sprint.id().name, hash: TrackHash([7; 32]) };
    assert_eq!(RacetrackRules::new(missing, 2, false, 200), Err(RulesError::TrackMissing(missing)));
    assert_eq!(RacetrackRules::new(sprint.id(), 1, false, 200), Err(RulesError::Players(1)));
    assert_eq!(RacetrackRules::new(sprint.id(), 7, false, 200), Err(RulesError::Players(7)));
    assert_eq!(
        RacetrackRules::new(sprint.id(), 4, false, 200),
        Err(RulesError::TooFewStarts { players: 4, starts: sprint.starts().len() })
    );
    assert_eq!(RacetrackRules::new(sprint.id(), 2, false, 0), Err(RulesError::NoRounds));
    let default = RacetrackRules::default();
    assert_eq!(default.track(), shipped(tracks::DEFAULT_TRACK).id());
    assert_eq!((default.players(), default.crash_out(), default.max_rounds()), (2, false, 200));
    // The hash is of the canonical text: the same track written with another header order and trailing blanks
    // is the same track; one changed cell is another.
    let oval = tracks::SHIPPED.iter().find(|(file, _)| *file == "oval.track").expect("shipped").1;
    let reordered =
        oval.replacen("name: oval\nversion: 1\n", "version: 1\n\nname: oval   \n", 1).replace("#\n", "#  \n");
    assert_eq!(Track::parse(&reordered).expect("reads").id(), shipped("oval").id());
    assert_eq!(TrackHash::from_hex(&shipped("oval").id().hash.to_string()), Some(shipped("oval").id().hash));
    let changed = oval.replacen("........S", ".......~S", 1);
    assert_ne!(Track::parse(&changed).expect("reads").id(), shipped("oval").id());
}

#[test]
fn the_registry_adds_a_track_once_and_refuses_other_content_under_a_registered_version() {
    let first = lab();
    assert!(Arc::ptr_eq(&first, &lab()), "registering the same track again answers the one registered");
    assert_eq!(tracks::find(&first.id()).map(|track| track.id()), Some(first.id()));
    let other = LAB.replacen("#S....>..#", "#S...~>..#", 1);
    assert!(matches!(tracks::register(&other), Err(tracks::RegisterError::Conflict { version: 1, .. })));
    let newer = other.replacen("version: 1", "version: 2", 1);
    let registered = tracks::register(&newer).expect("a new version registers");
    assert_eq!(tracks::latest("lab").map(|track| track.id()), Some(registered.id()));
    assert_eq!(tracks::find(&first.id()).map(|track| track.id()), Some(first.id()), "old versions stay");
    assert!(tracks::shipped("lab").is_none(), "only the compiled-in tracks are shipped");
}

#[test]
fn a_segment_may_touch_a_wall_but_not_pass_through_it() {
    let lab = lab();
    // Through the corners of the walls at 3,2 and 4,3: a touch, and the move stays on the track.
    let mut race = Position::arranged(rules(&lab, 2), &[car(2, 2, 1, 1), car(1, 1, 0, 0)], seat(0), 1).expect("ok");
    assert_eq!(race.check(to(4, 4)), Ok(()));
    race.apply(to(4, 4)).expect("legal");
    let moved = race.cars()[seat(0)];
    assert_eq!((moved.position, moved.velocity, moved.hit_points), (Point::new(4, 4), Point::new(2, 2), HIT_POINTS));
    // A knight's move past the same corner cuts through the wall at 3,2: a crash before any other track point,
    // so the car stays where it stood, stopped, one hit point down, and skips its next turn.
    let mut race = Position::arranged(rules(&lab, 2), &[car(2, 2, 2, 1), car(1, 1, 0, 0)], seat(0), 1).expect("ok");
    assert_eq!(race.apply(to(4, 3)), Ok(Progress::TurnEnded));
    let crashed = race.cars()[seat(0)];
    assert_eq!(
        (crashed.position, crashed.velocity, crashed.hit_points),
        (Point::new(2, 2), Point::ZERO, HIT_POINTS - 1)
    );
    assert!(crashed.skips_turn);
    // The second seat moves twice while the first skips its turn (once), a round passing.
    race.apply(Move::Keypad(5)).expect("legal");
    assert_eq!((race.to_move(), race.round()), (seat(1), 2));
    race.apply(Move::Keypad(5)).expect("legal");
    assert_eq!((race.to_move(), race.round(), race.cars()[seat(0)].skips_turn), (seat(0), 3, false));
}

#[test]
fn a_crash_stops_at_the_last_free_track_point_and_costs_two_from_a_danger_zone() {
    let lab = lab();
    // East along row 1 into the wall at 9,1: the car stops on 8,1, the last track point.
    let mut race = Position::arranged(rules(&lab, 2), &[car(4, 1, 5, 0), car(1, 2, 0, 0)], seat(0), 1).expect("ok");
    race.apply(Move::Keypad(5)).expect("a crash is a legal move");
    assert_eq!((race.cars()[seat(0)].position, race.cars()[seat(0)].hit_points), (Point::new(8, 1), HIT_POINTS - 1));
    // The same with another car on 8,1: it stops on 7,1 instead.
    let mut race = Position::arranged(rules(&lab, 2), &[car(4, 1, 5, 0), car(8, 1, 0, 0)], seat(0), 1).expect("ok");
    race.apply(Move::Keypad(5)).expect("legal");
    assert_eq!(race.cars()[seat(0)].position, Point::new(7, 1));
    // From the danger zone at 8,3 into the wall: two hit points.
    let mut race = Position::arranged(rules(&lab, 2), &[car(6, 3, 2, 0), car(1, 2, 0, 0)], seat(0), 1).expect("ok");
    race.apply(Move::Keypad(6)).expect("legal");
    assert_eq!((race.cars()[seat(0)].position, race.cars()[seat(0)].hit_points), (Point::new(8, 3), HIT_POINTS - 2));
    // Two hit points left and a danger crash: out, and the race (of two) is over, the other car first.
    let mut weak = car(6, 3, 2, 0);
    weak.hit_points = 2;
    let mut race = Position::arranged(rules(&lab, 2), &[weak, car(1, 2, 0, 0)], seat(0), 3).expect("ok");
    let ended = race.apply(Move::Keypad(6)).expect("legal");
    assert_eq!(race.cars()[seat(0)].standing, Standing::Out { round: 3 });
    assert_eq!(ended, Progress::GameOver(Outcome::ranked([2, 1].into(), EndReason::Score)));
    // Under `crash: out` the first crash is the last.
    let gardner = RacetrackRules::new(lab.id(), 2, true, 200);
    let mut race =
        Position::arranged(gardner.expect("rules"), &[car(4, 1, 5, 0), car(1, 2, 0, 0)], seat(0), 1).expect("ok");
    race.apply(Move::Keypad(5)).expect("legal");
    assert_eq!(race.cars()[seat(0)].standing, Standing::Out { round: 1 });
}

#[test]
fn a_move_may_pass_over_a_car_but_not_end_on_one() {
    let lab = lab();
    let race = Position::arranged(rules(&lab, 2), &[car(2, 1, 2, 0), car(4, 1, 0, 0)], seat(0), 1).expect("ok");
    assert_eq!(race.check(to(4, 1)), Err(IllegalMove::Occupied));
    assert_eq!(race.check(Move::Keypad(9)), Ok(()), "5,0 is a wall: a crash is legal");
    assert_eq!(race.check(to(5, 1)), Ok(()), "over the car at 4,1");
    assert_eq!(race.check(to(6, 1)), Err(IllegalMove::NotATarget));
    assert_eq!(race.check(Move::Keypad(0)), Err(IllegalMove::NotATarget));
    let mut legal = Vec::new();
    race.for_each_legal_action(|action| legal.push(action));
    assert_eq!(legal.len(), 8, "every target but the occupied one: {legal:?}");
    assert!(!legal.contains(&Move::Keypad(5)));
    // Arrangements that play could never reach are refused.
    assert_eq!(
        Position::arranged(rules(&lab, 2), &[car(2, 1, 0, 0), car(2, 1, 0, 0)], seat(0), 1).err(),
        Some(ArrangeError::SharedPoint(Point::new(2, 1)))
    );
    assert_eq!(
        Position::arranged(rules(&lab, 2), &[car(3, 2, 0, 0), car(2, 1, 0, 0)], seat(0), 1).err(),
        Some(ArrangeError::OffTrack(seat(0)))
    );
    assert_eq!(
        Position::arranged(rules(&lab, 2), &[car(2, 1, 0, 0)], seat(0), 1).err(),
        Some(ArrangeError::CarCount { players: 2, cars: 1 })
    );
}

#[test]
fn cars_finish_by_round_ties_share_and_the_rest_rank_by_standing() {
    let sprint = shipped("sprint");
    let lapped = |x: i16, y: i16, vx: i16| Car { laps: 0, touched: sprint.all_touched(), ..car(x, y, vx, 0) };
    // Three cars behind the line (column 8), all round the lap: the first and third cross it in round 4, the
    // second crosses backwards out of reach.
    let rules3 = RacetrackRules::new(sprint.id(), 3, false, 200).expect("rules");
    let mut race =
        Position::arranged(rules3, &[lapped(6, 2, 2), lapped(5, 3, 0), lapped(7, 1, 1)], seat(0), 4).expect("arranged");
    assert_eq!(race.apply(Move::Keypad(5)), Ok(Progress::TurnEnded));
    assert_eq!(race.cars()[seat(0)].standing, Standing::Finished { round: 4 });
    assert_eq!(race.apply(Move::Keypad(4)), Ok(Progress::TurnEnded), "the second car backs away");
    // The third car crosses into 8,1 now that the first car has left the track.
    assert_eq!(race.check(to(8, 1)), Ok(()));
    assert_eq!(race.apply(to(8, 1)), Ok(Progress::GameOver(Outcome::ranked([1, 3, 1].into(), EndReason::Score))));
    // A car crossing forwards without the full lap does not finish: the start of a race.
    let mut race = Position::new(rules3);
    race.apply(Move::Keypad(6)).expect("legal");
    assert_eq!(race.cars()[seat(0)].standing, Standing::Running);
    // Backwards over the line and forwards again is no lap either.
    let mut race =
        Position::arranged(rules3, &[car(8, 2, 0, 0), car(8, 1, 0, 0), car(8, 3, 0, 0)], seat(0), 1).expect("arranged");
    race.apply(Move::Keypad(4)).expect("back");
    assert_eq!(race.cars()[seat(0)].laps, -1);
    for forward in [6, 6] {
        race.apply(Move::Keypad(5)).expect("wait");
        race.apply(Move::Keypad(5)).expect("wait");
        race.apply(Move::Keypad(forward)).expect("forward");
    }
    assert_eq!((race.cars()[seat(0)].laps, race.cars()[seat(0)].standing), (0, Standing::Running));
}

#[test]
fn a_seat_that_leaves_is_out_last_and_the_race_goes_on() {
    let oval = shipped("oval");
    let mut race = Position::new(rules(&oval, 4));
    race.apply(Move::Keypad(6)).expect("legal");
    assert_eq!(race.seat_left(seat(2), EndReason::Resignation), Some(Progress::TurnContinues));
    assert_eq!(race.seat_left(seat(2), EndReason::Resignation), None, "once");
    assert_eq!(race.seat_left(seat(1), EndReason::Time), Some(Progress::TurnEnded), "the seat to move left");
    assert_eq!(race.to_move(), seat(3));
    race.apply(Move::Keypad(6)).expect("legal");
    assert_eq!((race.to_move(), race.round()), (seat(0), 2));
    // With one car left racing and no finisher the ranks are settled: it wins, the later to leave higher.
    let ended = race.seat_left(seat(3), EndReason::Abandonment);
    assert_eq!(ended, Some(Progress::GameOver(Outcome::ranked([1, 3, 4, 2].into(), EndReason::Abandonment))));
}

#[test]
fn the_race_ends_after_its_rounds_with_the_running_cars_sharing_a_rank() {
    let sprint = shipped("sprint");
    let rules = RacetrackRules::new(sprint.id(), 3, false, 2).expect("rules");
    let mut race = Position::new(rules);
    for _ in 0..5 {
        assert_eq!(race.apply(Move::Keypad(5)), Ok(Progress::TurnEnded));
    }
    assert_eq!(race.apply(Move::Keypad(5)), Ok(Progress::GameOver(Outcome::draw(3, EndReason::RoundsOut))));
    assert_eq!(race.check(Move::Keypad(5)), Err(IllegalMove::GameOver));
}

#[test]
fn random_races_keep_every_car_on_the_track_on_its_own_point_and_end_with_competition_ranks() {
    let mut rng = Rng(0x5eed_7ace);
    for (file, _) in tracks::SHIPPED {
        let track = shipped(file.trim_end_matches(".track"));
        for players in 2..=track.starts().len().min(6) as u8 {
            let rules = RacetrackRules::new(track.id(), players, players % 2 == 0, 60).expect("rules");
            let mut race = Position::new(rules);
            while race.outcome().is_none() {
                if rng.next() % 97 == 0 {
                    let leaving = seat((rng.next() % u64::from(players)) as usize);
                    race.seat_left(leaving, EndReason::Resignation);
                    continue;
                }
                let action = race.pick_legal_action(rng.next()).expect("a race not over has a move");
                let text = kartka_engine::write_actions::<Position>(&[action]);
                assert_eq!(Position::parse_actions(&text), Ok(vec![action]));
                race.apply(action).unwrap_or_else(|error| panic!("{file}: {text}: {error}"));
                let running: Vec<Point> =
                    race.cars().iter().filter(|(_, car)| car.is_running()).map(|(_, car)| car.position).collect();
                assert!(running.iter().all(|&point| track.cell(point).is_track()), "{file}: {running:?}");
                let mut distinct = running.clone();
                distinct.sort_unstable();
                distinct.dedup();
                assert_eq!(distinct.len(), running.len(), "{file}: two cars on one point");
            }
            let outcome = race.outcome().expect("over");
            assert_eq!(
                Outcome::of_ranks(outcome.ranks.as_slice(), outcome.reason).map(|o| o.ranks),
                Some(outcome.ranks)
            );
            assert!(race.round() <= 60);
        }
    }
}

#[test]
fn perft_matches_the_data_file() {
    for entry in perft_data::entries("racetrack") {
        let track = shipped(entry.field("track"));
        let players: u8 = entry.field("players").parse().expect("players");
        let race = Position::new(RacetrackRules::new(track.id(), players, false, 200).expect("rules"));
        let counts = kartka_engine::perft::counts_by_depth(&race, entry.counts.len());
        assert_eq!(counts, entry.counts, "line {}", entry.line);
    }
}

#[test]
fn a_record_names_its_tracks_hash_and_replays_with_its_departures() {
    let mut rng = Rng(0xdead_beef);
    let chicane = shipped("chicane");
    for crash_out in [false, true] {
        let rules = RacetrackRules::new(chicane.id(), 4, crash_out, 80).expect("rules");
        let mut race = Position::new(rules);
        let mut moves = Vec::new();
        let mut departures = Vec::new();
        while race.outcome().is_none() {
            if moves.len() == 7 || moves.len() == 30 {
                let leaving = race.to_move();
                race.seat_left(leaving, EndReason::Time);
                departures.push(Departure { seat: leaving, after: moves.len() as u32, reason: DepartureReason::Time });
                continue;
            }
            let action = race.pick_legal_action(rng.next()).expect("a move");
            race.apply(action).expect("legal");
            moves.push(action);
        }
        let record = RacetrackRecord::of(rules, departures, moves);
        let text = write_record(&record);
        assert!(text.contains(&format!("[TrackHash \"{}\"]", chicane.id().hash)), "{text}");
        let read = read_record(&text).expect("reads back");
        assert_eq!(read, record);
        assert_eq!(read.replay().expect("replays"), race);
    }
    // The same moves on a track this process lacks are refused, not raced on the track of the same name.
    let mut elsewhere = RacetrackRecord::of(RacetrackRules::default(), Vec::new(), vec![Move::Keypad(6)]);
    elsewhere.track.hash = TrackHash([1; 32]);
    let text = write_record(&elsewhere);
    assert_eq!(
        read_record(&text).expect("reads").replay(),
        Err(ReplayError::Rules(RulesError::TrackMissing(elsewhere.track)))
    );
}

#[test]
fn a_record_that_does_not_read_or_replay_says_where() {
    let oval = shipped("oval");
    let head = format!("[Game \"racetrack\"]\n[Track \"oval\"]\n[TrackHash \"{}\"]\n", oval.id().hash);
    let error = |text: &str| read_record(text).map(|_| ()).map_err(|error| (error.line, error.kind));
    assert_eq!(error("[Game \"dots\"]\n\n5\n"), Err((1, ReadErrorKind::OtherGame)));
    assert_eq!(error(&format!("{head}[Players \"7\"]\n")), Err((4, ReadErrorKind::BadPlayers)));
    assert_eq!(error(&format!("{head}[Crash \"never\"]\n")), Err((4, ReadErrorKind::BadCrash)));
    assert_eq!(
        error("[Game \"racetrack\"]\n[Track \"oval\"]\n[TrackHash \"00\"]\n"),
        Err((3, ReadErrorKind::BadTrack))
    );
    assert!(matches!(error(&format!("{head}\n5 6 0\n")), Err((5, ReadErrorKind::BadMove(_)))));
    assert_eq!(error(&format!("{head}\n5\n[Event \"x\"]\n")), Err((6, ReadErrorKind::TagAfterMovetext)));
    let replay = |text: &str| read_record(text).expect("reads").replay().map(|_| ());
    assert_eq!(
        replay(&format!("{head}\n5 5 0,0\n")),
        Err(ReplayError::Illegal { index: 3, reason: IllegalMove::NotATarget })
    );
    let gone = format!("{head}[Departures \"3@0 resignation\"]\n\n5\n");
    assert_eq!(replay(&gone), Err(ReplayError::Departure { seat: 3, after: 0 }), "a game of two has no third seat");
    let early = format!("{head}[Departures \"2@1 resignation\"]\n\n6 5\n");
    assert_eq!(replay(&early), Err(ReplayError::AfterEnd(2)), "the race of two ended when the second seat left");
}

#[test]
fn random_races_follow_the_game_interface() {
    // Probes: every digit, a point far off, a digit out of the keypad's range.
    let probes = ["1", "5", "9", "40,40", "0,0"];
    for (name, players, crash_out, max_rounds) in
        [("sprint", 3, false, 40), ("oval", 6, true, 30), ("chicane", 4, false, 25)]
    {
        let rules = RacetrackRules::new(shipped(name).id(), players, crash_out, max_rounds).expect("rules");
        let max_actions = usize::from(players) * usize::from(max_rounds);
        let actions = game_conformance::check_random_games::<Position>(&rules, 6, max_actions, 0x7ace, &probes);
        assert!(actions >= 6 * usize::from(players), "{name}: every race has a move a seat at least");
    }
}

/// A fraction `num / den` with `den > 0`.
#[derive(Clone, Copy)]
struct Fraction(i128, i128);

impl Fraction {
    fn less(self, other: Fraction) -> bool {
        self.0 * other.1 < other.0 * self.1
    }
}

/// Whether the segment from `a` to `b` passes through the open square around `cell`, by clipping the segment's
/// parameter `t` in [0, 1] to each axis's open slab (Liang–Barsky), in exact fractions: an independent way to the
/// answer of the engine's separating-axis test.
fn clips(a: Point, b: Point, cell: Point) -> bool {
    let mut lower = Fraction(-1, 1);
    let mut upper = Fraction(2, 1);
    for (start, end, centre) in [(a.x, b.x, cell.x), (a.y, b.y, cell.y)] {
        let (start, delta) = (2 * i128::from(start), 2 * i128::from(end) - 2 * i128::from(start));
        let (low, high) = (2 * i128::from(centre) - 1, 2 * i128::from(centre) + 1);
        if delta == 0 {
            if !(low < start && start < high) {
                return false;
            }
            continue;
        }
        let (mut enter, mut leave) = (Fraction(low - start, delta), Fraction(high - start, delta));
        if delta < 0 {
            enter = Fraction(-(low - start), -delta);
            leave = Fraction(-(high - start), -delta);
            std::mem::swap(&mut enter, &mut leave);
        }
        if lower.less(enter) {
            lower = enter;
        }
        if leave.less(upper) {
            upper = leave;
        }
    }
    // Some t in [0, 1] with lower < t < upper.
    lower.less(upper) && lower.less(Fraction(1, 1)) && Fraction(0, 1).less(upper)
}

#[test]
fn the_segment_test_agrees_with_exact_clipping_and_the_walk_meets_the_cells_in_order() {
    let mut rng = Rng(0x0c11_9ce1);
    let mut coordinate = |range: u64| (rng.next() % range) as i16 - 2;
    for _ in 0..20_000 {
        let (a, b) = (Point::new(coordinate(12), coordinate(12)), Point::new(coordinate(12), coordinate(12)));
        let mut walked = Vec::new();
        for_each_cell_met(a, b, |cell| {
            walked.push(cell);
            true
        });
        let mut expected = Vec::new();
        for y in -3..=10 {
            for x in -3..=10 {
                let cell = Point::new(x, y);
                assert_eq!(meets(a, b, cell), clips(a, b, cell), "{a} to {b}, cell {cell}");
                if clips(a, b, cell) {
                    expected.push(cell);
                }
            }
        }
        let mut sorted = walked.clone();
        sorted.sort_unstable();
        expected.sort_unstable();
        assert_eq!(sorted, expected, "{a} to {b}: the walk meets every cell the segment passes through, once");
        assert_eq!((walked.first(), walked.last()), (Some(&a), Some(&b)), "{a} to {b}");
        // In order: the cells' centres come ever further along the segment.
        let along = |cell: &Point| {
            i32::from(cell.x - a.x) * i32::from(b.x - a.x) + i32::from(cell.y - a.y) * i32::from(b.y - a.y)
        };
        assert!(walked.windows(2).all(|pair| along(&pair[0]) < along(&pair[1])) || a == b, "{a} to {b}: {walked:?}");
    }
}
