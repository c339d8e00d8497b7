//! Sea Battle (rules document sea-battle.md), through the `Game` trait (the kind is not registered yet): the
//! simultaneous setup, shots and their answers, rule 2.4's refusals, the options, what each move discloses, the
//! random fleet, the layout counts of §6, records and their verification, and the conformance properties of
//! random games.

#[path = "common/game_conformance.rs"]
mod game_conformance;
#[path = "common/rng.rs"]
mod rng;

use kartka_engine::commitment::{commitment, NONCE_LEN};
use kartka_engine::sea_battle::{
    count_apart_by_rows, count_layouts, parse_fleet, Action, Fleet, FleetError, FleetKind, HiddenRecord, Illegal,
    Position, RecordErrorKind, RecordedMove, Reveal, SeaBattleRecord, SeaBattleRules, Touching, VerifyError, NAME,
};
use kartka_engine::{write_actions, Disclosure, EndReason, Game, Outcome, Progress, Seat, SeatSet, TimeoutPolicy};

const GAME_ID: &str = "5b0d7c1e-2f4a-4b6c-8d9e-0a1b2c3d4e5f";

/// A classic fleet in five columns: `A`, `C`, `E`, `G`, `I`, a free column between them.
const FLEET: &str = "F:A1-A4,C1-C3,E1-E3,G1-G2,I1-I2,A6-A7,C6,E6,G6,I6";
/// Every cell of [`FLEET`].
const FLEET_CELLS: [&str; 20] = [
    "A1", "A2", "A3", "A4", "C1", "C2", "C3", "E1", "E2", "E3", "G1", "G2", "I1", "I2", "A6", "A7", "C6", "E6", "G6",
    "I6",
];

fn action(text: &str) -> Action {
    match Position::parse_actions(text).expect("readable").as_slice() {
        &[action] => action,
        actions => panic!("{text} is {} actions", actions.len()),
    }
}

fn fleet(text: &str) -> Fleet {
    parse_fleet(text).expect("a fleet")
}

/// A classic game after both seats placed [`FLEET`].
fn placed(rules: SeaBattleRules) -> Position {
    let mut game = Position::new(rules);
    game.apply_as(Seat::SECOND, action(FLEET)).expect("a legal fleet");
    game.apply_as(Seat::FIRST, action(FLEET)).expect("a legal fleet");
    game
}

/// Plays `text` (shots of one move) for the seat to act and returns the public text of the move.
fn shoot(game: &mut Position, text: &str) -> (Progress, String) {
    let seat = game.to_act().expect("someone shoots");
    let actions = Position::parse_actions(text).expect("readable");
    let before = game.clone();
    let mut progress = Progress::TurnContinues;
    for &shot in &actions {
        progress = game.apply_as(seat, shot).unwrap_or_else(|error| panic!("{text}: {error}"));
    }
    let disclosure = before.disclose(seat, &actions, game).expect("every move discloses");
    assert_eq!((disclosure.private, disclosure.secret), (None, None), "a shot has no secret");
    (progress, disclosure.public)
}

#[test]
fn setup_is_simultaneous_and_each_seat_places_one_legal_fleet() {
    let mut game = Position::new(SeaBattleRules::default());
    let both = SeatSet::EMPTY.with(Seat::FIRST).with(Seat::SECOND);
    assert_eq!((game.seats_to_act(), game.to_act(), game.mid_turn()), (both, Some(Seat::FIRST), false));
    assert_eq!(game.timeout_policy(), TimeoutPolicy::RandomAction, "a seat out of setup time gets a random fleet");
    assert_eq!(game.check_as(Seat::FIRST, action("E5")), Err(Illegal::ShotInSetup));
    let short = "F:A1-A4,C1-C3,E1-E3,G1-G2,I1-I2,A6-A7,C6,E6,G6";
    assert_eq!(game.check_as(Seat::FIRST, action(short)), Err(Illegal::Fleet(FleetError::WrongShips)));
    let touching = "F:A1-A4,B6-B8,E1-E3,G1-G2,I1-I2,A6-A7,C6,E6,G6,I6";
    assert!(matches!(
        game.check_as(Seat::FIRST, action(touching)),
        Err(Illegal::Fleet(FleetError::Overlap(..) | FleetError::Touch(..)))
    ));
    assert_eq!(game.apply_as(Seat::SECOND, action(FLEET)), Ok(Progress::TurnEnded), "the second seat may place first");
    assert_eq!(game.seats_to_act(), SeatSet::only(Seat::FIRST));
    assert_eq!(game.check_as(Seat::SECOND, action(FLEET)), Err(Illegal::NotToAct(Seat::SECOND)), "one fleet a seat");
    assert_eq!(game.pick_legal_action_as(Seat::SECOND, 1), None, "nothing to pick for a seat that placed");
    let Some(Action::Fleet(random)) = game.pick_legal_action_as(Seat::FIRST, 99) else { panic!("a random fleet") };
    assert_eq!(random.check(game.rules()), Ok(()));
    assert_eq!(game.apply(action(FLEET)), Ok(Progress::TurnEnded));
    assert_eq!(
        (game.seats_to_act(), game.to_act()),
        (SeatSet::only(Seat::FIRST), Some(Seat::FIRST)),
        "first shoots first"
    );
    assert_eq!(game.timeout_policy(), TimeoutPolicy::Loss);
    assert_eq!(game.check(action(FLEET)), Err(Illegal::FleetInPlay));
}

#[test]
fn a_fleet_discloses_nothing_but_its_placing_and_commits_to_its_canonical_text() {
    let game = Position::new(SeaBattleRules::default());
    let written = action("F:I6,G6,E6,C6,A7-A6,I2-I1,G2-G1,E3-E1,C3-C1,A4-A1");
    let mut after = game.clone();
    after.apply_as(Seat::SECOND, written).expect("legal");
    let disclosure = game.disclose(Seat::SECOND, &[written], &after).expect("a hidden-information kind discloses");
    assert_eq!(disclosure, Disclosure { public: "F".into(), private: Some(FLEET.into()), secret: Some(FLEET.into()) });
    assert_eq!(write_actions::<Position>(&[written]), FLEET, "the fleet is written in canonical order");
    const { assert!(<Position as Game>::HIDDEN_INFORMATION) };
}

#[test]
fn shots_are_answered_miss_hit_and_sunk_and_a_hit_shoots_again() {
    let mut game = placed(SeaBattleRules::default());
    assert_eq!(shoot(&mut game, "A1"), (Progress::TurnContinues, "A1x".into()));
    assert!(game.mid_turn());
    assert_eq!(shoot(&mut game, "A2 A3 A4"), (Progress::TurnContinues, "A2x A3x A4#A1-A4".into()));
    assert_eq!(game.check(action("A4")), Err(Illegal::ShotTwice(action_cell("A4"))));
    for halo in ["A5", "B5", "B1", "B3"] {
        assert_eq!(game.check(action(halo)), Err(Illegal::NextToSunk(action_cell(halo))), "{halo}");
    }
    assert_eq!(shoot(&mut game, "C6 J10"), (Progress::TurnEnded, "C6#C6 J10.".into()), "a miss passes the turn");
    assert_eq!(game.to_act(), Some(Seat::SECOND));
    assert_eq!(game.check_as(Seat::FIRST, action("B10")), Err(Illegal::NotToAct(Seat::FIRST)));
    assert_eq!(shoot(&mut game, "A5"), (Progress::TurnEnded, "A5.".into()), "the other grid has no sunk ship yet");
    let mut legal = 0;
    game.for_each_legal_action(|_| legal += 1);
    // Six shots, and around the sunk ships A5, B1–B5 and B6, B7, C5, C7, D5–D7 (B5 is next to both).
    assert_eq!(legal, 100 - 6 - 13, "the shots taken and the cells around two sunk ships are closed");
}

fn action_cell(text: &str) -> kartka_engine::sea_battle::Cell {
    match action(text) {
        Action::Shot(cell) => cell,
        Action::Fleet(_) => panic!("{text} is a fleet"),
    }
}

#[test]
fn the_options_change_what_is_known_empty_and_who_shoots_next() {
    let sides = SeaBattleRules::default().with_touching(Touching::Sides);
    let mut game = placed(sides);
    shoot(&mut game, "C6");
    assert_eq!(game.check(action("C5")), Err(Illegal::NextToSunk(action_cell("C5"))));
    assert_eq!(game.check(action("B5")), Ok(()), "with sides a corner cell may hold a ship");
    let mut game = placed(SeaBattleRules::default().with_touching(Touching::Any));
    shoot(&mut game, "C6");
    assert_eq!(game.check(action("C5")), Ok(()), "with any touching nothing is known");
    let mut game = placed(SeaBattleRules::default().with_shoot_again(false));
    assert_eq!(shoot(&mut game, "A1"), (Progress::TurnEnded, "A1x".into()), "without shoot_again a hit passes");
    assert_eq!(game.to_act(), Some(Seat::SECOND));
}

#[test]
fn sinking_the_whole_fleet_wins() {
    let mut game = placed(SeaBattleRules::default());
    let (progress, public) = shoot(&mut game, &FLEET_CELLS.join(" "));
    let won = Outcome::win(2, Seat::FIRST, EndReason::FleetSunk);
    assert_eq!(progress, Progress::GameOver(won));
    assert!(public.ends_with("I6#I6"), "{public}");
    assert_eq!((game.outcome(), game.to_act(), game.seats_to_act()), (Some(won), None, SeatSet::EMPTY));
    assert_eq!(game.check(action("J10")), Err(Illegal::GameOver));
}

#[test]
fn the_hasbro_fleet_may_touch_and_does_not_shoot_again() {
    let hasbro = SeaBattleRules::hasbro();
    assert_eq!(hasbro.fleet(), FleetKind::Hasbro);
    let mut game = Position::new(hasbro);
    let touching = "F:A1-E1,A2-D2,A3-C3,A4-C4,A5-B5";
    game.apply_as(Seat::FIRST, action(touching)).expect("Hasbro ships may touch");
    assert_eq!(game.check_as(Seat::SECOND, action(FLEET)), Err(Illegal::Fleet(FleetError::WrongShips)));
}

#[test]
fn the_rules_count_on_eight_by_eight_holds() {
    // Rules §6: the fleet 5, 4, 3, 3, 2 without touching on 8 × 8.
    assert_eq!(count_layouts(8, &[5, 4, 3, 3, 2], Touching::None), 16_546_192);
}

#[test]
fn random_games_follow_the_game_interface() {
    let probes = ["A1", "J10", "E5", FLEET];
    for rules in [
        SeaBattleRules::default(),
        SeaBattleRules::hasbro(),
        SeaBattleRules::default().with_touching(Touching::Sides).with_shoot_again(false),
    ] {
        let actions = game_conformance::check_random_games::<Position>(&rules, 12, 2 * 100 + 2, 0x5EA, &probes);
        assert!(actions > 12 * 2 * 17, "{rules}: every game places two fleets and sinks one");
    }
}

/// A nonce per seat, as the server would draw them.
fn nonce(seat: Seat) -> [u8; NONCE_LEN] {
    [seat.index() as u8 + 1; NONCE_LEN]
}

/// The record of a whole game: both fleets, then the first seat hits and misses, the second misses, and the
/// first sinks the rest.
fn honest_record() -> SeaBattleRecord {
    let rules = SeaBattleRules::default();
    let mut game = Position::new(rules);
    let mut record = HiddenRecord::new(NAME, GAME_ID);
    for seat in [Seat::SECOND, Seat::FIRST] {
        let before = game.clone();
        game.apply_as(seat, action(FLEET)).expect("legal");
        let disclosure = before.disclose(seat, &[action(FLEET)], &game).expect("discloses");
        let secret = disclosure.secret.expect("a fleet is a secret");
        record.reveals[seat.index()] =
            Some(Reveal { commitment: commitment(GAME_ID, seat, &secret, &nonce(seat)), secret, nonce: nonce(seat) });
        record.moves.push(RecordedMove { seat, public: disclosure.public });
    }
    let rest = FLEET_CELLS[1..].join(" ");
    for text in ["A1 J10", "J9", rest.as_str()] {
        let seat = game.to_act().expect("someone shoots");
        let (_, public) = shoot(&mut game, text);
        record.moves.push(RecordedMove { seat, public });
    }
    assert!(game.outcome().is_some());
    SeaBattleRecord { rules, record }
}

#[test]
fn an_honest_record_reads_back_and_verifies() {
    let record = honest_record();
    let text = record.write();
    assert!(text.contains("[FirstSecret \"F:A1-A4,"), "{text}");
    assert!(text.contains("\nfirst A1x J10.\nsecond J9.\n"), "{text}");
    assert_eq!(SeaBattleRecord::read(&text), Ok(record.clone()));
    let end = record.verify().expect("an honest record verifies");
    assert_eq!(end.outcome(), Some(Outcome::win(2, Seat::FIRST, EndReason::FleetSunk)));
    let hasbro = SeaBattleRecord { rules: SeaBattleRules::hasbro().with_shoot_again(true), ..record };
    let text = hasbro.write();
    assert!(text.contains("[Fleet \"hasbro\"]\n[ShootAgain \"yes\"]\n") && !text.contains("Touching"), "{text}");
    assert_eq!(SeaBattleRecord::read(&text), Ok(hasbro));
}

#[test]
fn a_fleet_altered_after_the_fact_fails_verification() {
    let moved = "F:A1-A4,C1-C3,E1-E3,G1-G2,I1-I2,A6-A7,C6,E6,G6,J9";
    let mut record = honest_record();
    record.record.reveals[1].as_mut().expect("revealed").secret = moved.into();
    assert_eq!(record.verify().map(|_| ()), Err(VerifyError::CommitmentMismatch { seat: Seat::SECOND }));
    // A forger who also recomputes the commitment is caught by the answers: I6 was a sink, J9 is no ship.
    let reveal = record.record.reveals[1].as_mut().expect("revealed");
    reveal.commitment = commitment(GAME_ID, Seat::SECOND, moved, &reveal.nonce);
    assert!(matches!(record.verify(), Err(VerifyError::AnswerMismatch { index: 5, .. })), "{:?}", record.verify());
    // An illegal fleet, however committed, is refused as such.
    let touching = "F:A1-A4,C1-C3,E1-E3,G1-G2,I1-I2,A6-A7,C6,E6,G6,H6";
    let reveal = record.record.reveals[1].as_mut().expect("revealed");
    (reveal.secret, reveal.commitment) = (touching.into(), commitment(GAME_ID, Seat::SECOND, touching, &reveal.nonce));
    assert!(matches!(
        record.verify(),
        Err(VerifyError::IllegalSecret { seat: Seat::SECOND, reason: Illegal::Fleet(FleetError::Touch(..)) })
    ));
}

#[test]
fn an_answer_altered_after_the_fact_fails_verification() {
    let mut record = honest_record();
    record.record.moves[2].public = "A1x J10x".into();
    assert_eq!(
        record.verify().map(|_| ()),
        Err(VerifyError::AnswerMismatch { index: 3, recorded: "A1x J10x".into(), actual: "A1x J10.".into() })
    );
    let mut record = honest_record();
    record.record.moves[3].seat = Seat::FIRST;
    assert_eq!(record.verify().map(|_| ()), Err(VerifyError::NotToAct { index: 4, seat: Seat::FIRST }));
    let mut record = honest_record();
    record.record.moves[4].public = "A1x".into();
    assert!(matches!(record.verify(), Err(VerifyError::IllegalMove { index: 5, reason: Illegal::ShotTwice(_) })));
    let mut record = honest_record();
    record.record.moves[3].public = "J9".into();
    assert!(matches!(record.verify(), Err(VerifyError::UnreadableMove { index: 4, .. })));
    let mut record = honest_record();
    record.record.reveals[0] = None;
    assert_eq!(record.verify().map(|_| ()), Err(VerifyError::SecretMissing { seat: Seat::FIRST }));
}

#[test]
fn a_fleet_text_is_canonical_and_its_errors_are_typed() {
    assert_eq!(fleet(FLEET).to_string(), FLEET);
    assert_eq!(fleet(FLEET).check(SeaBattleRules::default()), Ok(()));
    assert!(parse_fleet("E5").is_err());
}

#[test]
fn a_record_with_rules_tags_outside_the_rules_is_refused_at_their_line() {
    let text = honest_record().write();
    let refused = |tag: &str| {
        let text = text.replacen("[FirstSecret", &format!("{tag}\n[FirstSecret"), 1);
        SeaBattleRecord::read(&text).map(|_| ()).map_err(|error| error.kind)
    };
    let bad = |name, value: &str| Err(RecordErrorKind::BadRules { name, value: value.into() });
    assert_eq!(refused("[Fleet \"salvo\"]"), bad("Fleet", "salvo"));
    assert_eq!(refused("[Touching \"corners\"]"), bad("Touching", "corners"));
    assert_eq!(refused("[ShootAgain \"maybe\"]"), bad("ShootAgain", "maybe"));
    assert_eq!(refused("[Event \"club night\"]"), Ok(()), "other tags are kept");
    let other = text.replace("sea-battle", "bulls-and-cows");
    assert!(matches!(
        SeaBattleRecord::read(&other).map_err(|error| error.kind),
        Err(RecordErrorKind::OtherGame { .. })
    ));
    let at_line_3 = text.replacen("[FirstSecret", "[Fleet \"salvo\"]\n[FirstSecret", 1);
    assert_eq!(SeaBattleRecord::read(&at_line_3).map_err(|error| error.line), Err(3), "after Game and GameId");
}

#[test]
fn the_row_count_agrees_with_the_rules_on_eight_by_eight() {
    // Rules §6; the backtracking count of the same is above.
    assert_eq!(count_apart_by_rows(8, &[5, 4, 3, 3, 2]), 16_546_192);
}

#[test]
#[ignore = "about two minutes on this machine, in release too: cargo test -p kartka-engine --test sea_battle -- --ignored"]
fn the_rules_counts_on_ten_by_ten_hold_row_by_row() {
    // Rules §6, by the row-by-row count (the backtracking one cannot reach 10 × 10).
    assert_eq!(count_apart_by_rows(10, &[5, 4, 3, 3, 2]), 1_925_751_392);
    assert_eq!(count_apart_by_rows(10, FleetKind::Classic.lengths()), 1_855_545_978_831_780);
}
