//! Bulls and Cows (rules document bulls-and-cows.md), through the `Game` trait (the kind is not registered yet):
//! the simultaneous secrets and rounds, what each move discloses, the end rules, the references of the rules
//! document (the replies to 0123, the simple bot's average), records and their verification, and the
//! conformance properties of random games.

#[path = "common/game_conformance.rs"]
mod game_conformance;
#[path = "common/rng.rs"]
mod rng;

use std::collections::BTreeMap;

use kartka_engine::bulls_and_cows::{
    for_each_code, score, BullsAndCowsRecord, BullsAndCowsRules, Code, CodeError, HiddenRecord, Illegal, Position,
    RecordErrorKind, RecordedMove, Reveal, VerifyError, NAME,
};
use kartka_engine::commitment::{commitment, NONCE_LEN};
use kartka_engine::{Disclosure, EndReason, Game, Outcome, Progress, Seat, SeatSet, TimeoutPolicy};

const GAME_ID: &str = "9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f";

fn action(text: &str) -> kartka_engine::bulls_and_cows::Action {
    match Position::parse_actions(text).expect("readable").as_slice() {
        &[action] => action,
        actions => panic!("{text} is {} actions", actions.len()),
    }
}

fn code(text: &str) -> Code {
    Code::new(&text.bytes().map(|byte| byte - b'0').collect::<Vec<_>>()).expect("a code")
}

/// Plays `text` for `seat` and returns what it disclosed.
fn play(game: &mut Position, seat: Seat, text: &str) -> (Progress, Disclosure) {
    let before = game.clone();
    let progress = game.apply_as(seat, action(text)).unwrap_or_else(|error| panic!("{seat} {text}: {error}"));
    (progress, before.disclose(seat, &[action(text)], game).expect("every move discloses"))
}

/// A default game after the first seat chose 0123 and the second 4567.
fn with_secrets(rules: BullsAndCowsRules) -> Position {
    let mut game = Position::new(rules);
    play(&mut game, Seat::SECOND, "S:4567");
    play(&mut game, Seat::FIRST, "S:0123");
    game
}

#[test]
fn secrets_are_chosen_at_once_and_disclose_only_that_they_are_in() {
    let mut game = Position::new(BullsAndCowsRules::default());
    let both = SeatSet::EMPTY.with(Seat::FIRST).with(Seat::SECOND);
    assert_eq!((game.seats_to_act(), game.to_act()), (both, Some(Seat::FIRST)));
    assert_eq!(game.timeout_policy(), TimeoutPolicy::RandomAction, "a missing secret is drawn at random");
    assert_eq!(game.check_as(Seat::FIRST, action("0123")), Err(Illegal::GuessBeforeSecrets));
    assert_eq!(game.check_as(Seat::FIRST, action("S:0113")), Err(Illegal::Code(CodeError::RepeatedDigit(1))));
    assert_eq!(
        game.check_as(Seat::FIRST, action("S:012")),
        Err(Illegal::Code(CodeError::Length { wanted: 4, found: 3 }))
    );
    let (progress, disclosure) = play(&mut game, Seat::SECOND, "S:4567");
    assert_eq!(progress, Progress::TurnEnded);
    let secret = Disclosure { public: "S".into(), private: Some("S:4567".into()), secret: Some("S:4567".into()) };
    assert_eq!(disclosure, secret);
    assert_eq!(game.check_as(Seat::SECOND, action("S:4567")), Err(Illegal::NotToAct(Seat::SECOND)));
    let picked = game.pick_legal_action_as(Seat::FIRST, 7).expect("a random secret");
    assert_eq!(game.check_as(Seat::FIRST, picked), Ok(()));
    assert_eq!(game.pick_legal_action_as(Seat::FIRST, 7), Some(picked), "the same seed, the same secret");
    assert_eq!(game.pick_legal_action_as(Seat::SECOND, 7), None);
    play(&mut game, Seat::FIRST, "S:0123");
    assert_eq!(game.seats_to_act(), both, "both guess in the first round");
    assert_eq!(game.timeout_policy(), TimeoutPolicy::Loss, "a missing guess forfeits");
    assert_eq!(game.check_as(Seat::FIRST, action("S:0123")), Err(Illegal::SecretAfterSecrets));
}

#[test]
fn a_round_is_public_only_once_both_guesses_are_in() {
    let mut game = with_secrets(BullsAndCowsRules::default());
    let (progress, ready) = play(&mut game, Seat::SECOND, "0132");
    assert_eq!(progress, Progress::TurnEnded);
    assert_eq!(ready, Disclosure { public: "G".into(), private: Some("0132".into()), secret: None });
    assert_eq!(game.seats_to_act(), SeatSet::only(Seat::FIRST));
    assert_eq!(game.check_as(Seat::SECOND, action("0123")), Err(Illegal::NotToAct(Seat::SECOND)), "one guess a round");
    let (progress, round) = play(&mut game, Seat::FIRST, "4576");
    assert_eq!(progress, Progress::TurnEnded);
    assert_eq!(round.public, "4576=2B2C 0132=2B2C", "both guesses with their answers, first seat first");
    assert_eq!((round.private, round.secret), (None, None));
    assert_eq!((game.rounds(), game.seats_to_act().len()), (1, 2));
}

#[test]
fn all_bulls_wins_and_both_in_one_round_draw() {
    let mut game = with_secrets(BullsAndCowsRules::default());
    play(&mut game, Seat::FIRST, "4567");
    let (progress, round) = play(&mut game, Seat::SECOND, "0123");
    assert_eq!(progress, Progress::GameOver(Outcome::draw(2, EndReason::CodeBroken)));
    assert_eq!(round.public, "4567=4B0C 0123=4B0C");
    assert_eq!(game.check_as(Seat::FIRST, action("4567")), Err(Illegal::GameOver));
    let mut game = with_secrets(BullsAndCowsRules::default());
    play(&mut game, Seat::FIRST, "4567");
    let (progress, _) = play(&mut game, Seat::SECOND, "0124");
    assert_eq!(progress, Progress::GameOver(Outcome::win(2, Seat::FIRST, EndReason::CodeBroken)));
    assert_eq!((game.seats_to_act(), game.to_act()), (SeatSet::EMPTY, None));
}

#[test]
fn the_last_round_without_a_solution_draws() {
    let rules = BullsAndCowsRules::new(4, false, 2).expect("valid");
    let mut game = Position::new(rules);
    assert_eq!(game.check_as(Seat::FIRST, action("S:0123")), Err(Illegal::Code(CodeError::LeadingZero)));
    play(&mut game, Seat::FIRST, "S:1234");
    play(&mut game, Seat::SECOND, "S:5678");
    play(&mut game, Seat::FIRST, "1234");
    assert_eq!(play(&mut game, Seat::SECOND, "5678").0, Progress::TurnEnded);
    play(&mut game, Seat::FIRST, "1234");
    assert_eq!(play(&mut game, Seat::SECOND, "5678").0, Progress::GameOver(Outcome::draw(2, EndReason::RoundsOut)));
    assert_eq!(game.rounds(), 2);
}

#[test]
fn the_replies_to_0123_over_every_secret_are_the_references() {
    let guess = code("0123");
    let mut replies = BTreeMap::new();
    for_each_code(BullsAndCowsRules::default(), |secret| {
        *replies.entry(score(&secret, &guess).to_string()).or_insert(0) += 1
    });
    let expected: BTreeMap<String, u32> = [
        ("0B0C", 360),
        ("0B1C", 1440),
        ("0B2C", 1260),
        ("0B3C", 264),
        ("0B4C", 9),
        ("1B0C", 480),
        ("1B1C", 720),
        ("1B2C", 216),
        ("1B3C", 8),
        ("2B0C", 180),
        ("2B1C", 72),
        ("2B2C", 6),
        ("3B0C", 24),
        ("4B0C", 1),
    ]
    .into_iter()
    .map(|(reply, count)| (reply.to_owned(), count))
    .collect();
    assert_eq!(replies, expected);
}

/// The guesses the simple bot needs for `secret`: it guesses the first code still consistent with every answer so
/// far, in numeric order, starting with 0123.
fn simple_bot_guesses(codes: &[Code], secret: Code) -> u32 {
    let mut candidates = codes.to_vec();
    let mut guesses = 0;
    loop {
        let guess = candidates[0];
        guesses += 1;
        let answer = score(&secret, &guess);
        if answer.bulls == 4 {
            return guesses;
        }
        candidates.retain(|&candidate| score(&candidate, &guess) == answer);
    }
}

#[test]
fn the_simple_bot_averages_the_reference_number_of_guesses() {
    let mut codes = Vec::new();
    for_each_code(BullsAndCowsRules::default(), |code| codes.push(code));
    let guesses: Vec<u32> = codes.iter().map(|&secret| simple_bot_guesses(&codes, secret)).collect();
    let total: u32 = guesses.iter().sum();
    // 5.5603 guesses on average over the 5,040 secrets: 28,024 in all.
    assert_eq!(total, 28_024, "average {}", f64::from(total) / 5040.0);
    assert_eq!(guesses.iter().max(), Some(&9));
}

#[test]
fn random_games_follow_the_game_interface() {
    let probes = ["S:0123", "0123", "S:0113", "0113", "012", "S:9876", "9876"];
    for (rules, games) in [
        (BullsAndCowsRules::default(), 10),
        (BullsAndCowsRules::new(3, false, 30).expect("valid"), 20),
        (BullsAndCowsRules::new(6, true, 3).expect("valid"), 1),
    ] {
        let max_actions = 2 + 2 * usize::from(rules.max_rounds());
        let actions = game_conformance::check_random_games::<Position>(&rules, games, max_actions, 0xB0C, &probes);
        assert!(actions >= games * 4, "{rules}: every game has two secrets and a round");
    }
}

fn nonce(seat: Seat) -> [u8; NONCE_LEN] {
    [0xA0 + seat.index() as u8; NONCE_LEN]
}

/// The record of a whole game: secrets 0123 and 4567, a round, then the first seat guesses right.
fn honest_record() -> BullsAndCowsRecord {
    let rules = BullsAndCowsRules::default();
    let mut game = Position::new(rules);
    let mut record = HiddenRecord::new(NAME, GAME_ID);
    let moves = [
        (Seat::SECOND, "S:4567"),
        (Seat::FIRST, "S:0123"),
        (Seat::SECOND, "0132"),
        (Seat::FIRST, "4576"),
        (Seat::FIRST, "4567"),
        (Seat::SECOND, "0231"),
    ];
    for (seat, text) in moves {
        let (_, disclosure) = play(&mut game, seat, text);
        if let Some(secret) = disclosure.secret {
            record.reveals[seat.index()] = Some(Reveal {
                commitment: commitment(GAME_ID, seat, &secret, &nonce(seat)),
                secret,
                nonce: nonce(seat),
            });
        }
        record.moves.push(RecordedMove { seat, public: disclosure.public });
    }
    assert_eq!(game.outcome(), Some(Outcome::win(2, Seat::FIRST, EndReason::CodeBroken)));
    BullsAndCowsRecord { rules, record }
}

#[test]
fn an_honest_record_reads_back_and_verifies() {
    let record = honest_record();
    let text = record.write();
    assert!(text.contains("\nsecond G\nfirst 4576=2B2C 0132=2B2C\nfirst G\nsecond 4567=4B0C 0231=1B3C\n"), "{text}");
    assert_eq!(BullsAndCowsRecord::read(&text), Ok(record.clone()));
    let end = record.verify().expect("an honest record verifies");
    assert_eq!(end.outcome(), Some(Outcome::win(2, Seat::FIRST, EndReason::CodeBroken)));
    let three = BullsAndCowsRecord { rules: BullsAndCowsRules::new(3, false, 7).expect("valid"), ..record };
    let text = three.write();
    assert!(text.contains("[Digits \"3\"]\n[LeadingZero \"no\"]\n[MaxRounds \"7\"]\n"), "{text}");
    assert_eq!(BullsAndCowsRecord::read(&text), Ok(three));
}

#[test]
fn a_secret_altered_after_the_fact_fails_verification() {
    let mut record = honest_record();
    record.record.reveals[0].as_mut().expect("revealed").secret = "S:0132".into();
    assert_eq!(record.verify().map(|_| ()), Err(VerifyError::CommitmentMismatch { seat: Seat::FIRST }));
    let reveal = record.record.reveals[0].as_mut().expect("revealed");
    reveal.commitment = commitment(GAME_ID, Seat::FIRST, "S:0132", &reveal.nonce);
    assert!(matches!(record.verify(), Err(VerifyError::AnswerMismatch { index: 4, .. })), "{:?}", record.verify());
    let reveal = record.record.reveals[0].as_mut().expect("revealed");
    (reveal.secret, reveal.commitment) = ("S:0113".into(), commitment(GAME_ID, Seat::FIRST, "S:0113", &reveal.nonce));
    assert_eq!(
        record.verify().map(|_| ()),
        Err(VerifyError::IllegalSecret { seat: Seat::FIRST, reason: Illegal::Code(CodeError::RepeatedDigit(1)) })
    );
}

#[test]
fn an_answer_altered_after_the_fact_fails_verification() {
    let mut record = honest_record();
    record.record.moves[3].public = "4576=2B2C 0132=1B3C".into();
    assert_eq!(
        record.verify().map(|_| ()),
        Err(VerifyError::AnswerMismatch {
            index: 4,
            recorded: "4576=2B2C 0132=1B3C".into(),
            actual: "4576=2B2C 0132=2B2C".into()
        })
    );
    let mut record = honest_record();
    record.record.moves[3].seat = Seat::SECOND;
    assert_eq!(record.verify().map(|_| ()), Err(VerifyError::NotToAct { index: 4, seat: Seat::SECOND }));
    let mut record = honest_record();
    record.record.moves[3].public = "4576=2B2C 0112=1B1C".into();
    assert!(matches!(record.verify(), Err(VerifyError::IllegalMove { index: 4, reason: Illegal::Code(_) })));
    let mut record = honest_record();
    record.record.moves[3].public = "4576".into();
    assert!(matches!(record.verify(), Err(VerifyError::UnreadableMove { index: 4, .. })));
}

#[test]
fn a_record_with_rules_tags_outside_the_rules_is_refused() {
    let text = honest_record().write();
    let refused = |tag: &str| {
        let text = text.replacen("[FirstSecret", &format!("{tag}\n[FirstSecret"), 1);
        BullsAndCowsRecord::read(&text).map(|_| ()).map_err(|error| error.kind)
    };
    let bad = |name, value: &str| Err(RecordErrorKind::BadRules { name, value: value.into() });
    assert_eq!(refused("[Digits \"7\"]"), bad("Digits", "7"));
    assert_eq!(refused("[Digits \"four\"]"), bad("Digits", "four"));
    assert_eq!(refused("[MaxRounds \"0\"]"), bad("MaxRounds", "0"));
    assert_eq!(refused("[LeadingZero \"maybe\"]"), bad("LeadingZero", "maybe"));
    assert_eq!(refused("[Event \"club night\"]"), Ok(()), "other tags are kept");
}
