//! Superghost (rules document word-games.md), through the `Game` trait: rules naming a registered list, letters
//! at either end, completed words, challenges decided by the list both ways, refused letters that change nothing,
//! elimination and ranks, departures, the notation and the verdicts of public texts, records, perft counted by
//! hand, and the conformance properties of random games.

#[path = "common/game_conformance.rs"]
mod game_conformance;
#[path = "common/perft_data.rs"]
mod perft_data;
#[path = "common/rng.rs"]
mod rng;

use kartka_engine::dictionary::{build, registry, DictionaryHash, DictionaryId, DictionaryName, Language};
use kartka_engine::superghost::{
    parse_actions, write_action, Action, IllegalMove, Position, RoundEnd, RoundLoss, RulesError, Side, SuperghostRules,
    LOSSES_TO_ELIMINATE,
};
use kartka_engine::{EndReason, Game, Progress, Seat};

/// A small English list of its own, registered once for this test binary.
fn list() -> DictionaryId {
    let name = DictionaryName::new("test-superghost").expect("a name");
    let words = ["cat", "cats", "scatter", "bat", "bath", "tab", "table", "at", "zoo"];
    registry::register(build(Language::En, name, words).expect("builds")).expect("registers").id()
}

fn rules(players: u8) -> SuperghostRules {
    SuperghostRules::new(list(), players).expect("valid rules")
}

fn play(game: &mut Position, moves: &str) -> Vec<Progress> {
    moves
        .split_whitespace()
        .map(|text| {
            let actions = parse_actions(text).expect("notation");
            assert_eq!(actions.len(), 1, "{text}");
            game.play(actions[0]).unwrap_or_else(|illegal| panic!("{text}: {illegal}"))
        })
        .collect()
}

fn seat(index: usize) -> Seat {
    Seat::new(index).expect("a seat")
}

#[test]
fn rules_name_a_registered_list_and_two_to_four_players() {
    let missing = DictionaryId { hash: DictionaryHash([7; 32]), ..list() };
    assert_eq!(SuperghostRules::new(missing, 2), Err(RulesError::DictionaryMissing(missing)));
    assert_eq!(SuperghostRules::new(list(), 1), Err(RulesError::Players(1)));
    assert_eq!(SuperghostRules::new(list(), 5), Err(RulesError::Players(5)));
    for players in 2..=4 {
        assert_eq!(Position::seat_count(&rules(players)), usize::from(players));
    }
    let default = SuperghostRules::default();
    assert_eq!((default.language(), default.players()), (Language::Pl, 2));
    assert_eq!(default.dictionary(), registry::shipped(Language::Pl).id());
}

#[test]
fn letters_go_at_either_end_and_a_completed_word_of_four_loses_the_round() {
    let mut game = Position::new(rules(2));
    // "cat" is a word, but of three letters: play goes on.
    assert_eq!(play(&mut game, ">a >t <c"), [Progress::TurnEnded; 3]);
    assert_eq!(game.fragment().to_string(), "cat");
    assert_eq!((game.to_move(), game.last_adder()), (seat(1), Some(seat(0))));
    // Seat 1 completes "cats" and loses the round; it starts the next.
    assert_eq!(play(&mut game, ">s"), [Progress::TurnEnded]);
    assert_eq!(game.last_round(), Some(RoundEnd { loser: seat(1), reason: RoundLoss::Completed }));
    assert_eq!(game.losses().as_slice(), [0, 1]);
    assert!(game.fragment().is_empty());
    assert_eq!((game.to_move(), game.last_adder()), (seat(1), None));
}

#[test]
fn a_challenge_is_decided_by_the_list_both_ways() {
    // "catt" is inside "scatter": the challenger loses.
    let mut game = Position::new(rules(2));
    play(&mut game, ">c >a >t >t ?");
    assert_eq!(game.last_round(), Some(RoundEnd { loser: seat(0), reason: RoundLoss::ChallengeFailed }));
    assert_eq!(game.losses().as_slice(), [1, 0]);
    assert_eq!(game.to_move(), seat(0));
    // "zq" is inside no word: the challenged player (who added the q) loses.
    play(&mut game, ">z >q ?");
    assert_eq!(game.last_round(), Some(RoundEnd { loser: seat(1), reason: RoundLoss::Challenged }));
    assert_eq!(game.losses().as_slice(), [1, 1]);
    assert_eq!(game.to_move(), seat(1));
}

#[test]
fn a_bad_letter_or_a_challenge_of_nobody_is_refused_and_changes_nothing() {
    let mut game = Position::new(rules(2));
    let start = game.clone();
    for (text, refused) in [
        (">ż", IllegalMove::NotALetter { letter: 'ż', language: Language::En }),
        (">д", IllegalMove::NotALetter { letter: 'д', language: Language::En }),
        ("<a", IllegalMove::EmptyStart),
        ("?", IllegalMove::NothingToChallenge),
    ] {
        let action = parse_actions(text).expect("notation")[0];
        assert_eq!(game.check(action), Err(refused), "{text}");
        assert_eq!(game.play(action), Err(refused), "{text}");
        assert_eq!(game, start, "{text}");
    }
    assert!(parse_actions(">1").is_err() && parse_actions("a").is_err());
    assert_eq!(parse_actions(""), Ok(Vec::new()), "no actions, which a move refuses as empty");
    assert_eq!(parse_actions(">A"), Ok(vec![Action::Add { side: Side::End, letter: 'a' }]));
    assert_eq!(parse_actions("<Ё"), Ok(vec![Action::Add { side: Side::Start, letter: 'е' }]));
}

#[test]
fn five_lost_rounds_put_a_seat_out_and_seats_rank_by_the_order_they_went_out() {
    let mut game = Position::new(rules(3));
    // Seat 0 loses five rounds: seats 0, 1 and 2 play "bat", and seat 0 completes "bath"; as the loser it
    // starts the next round.
    for _ in 0..LOSSES_TO_ELIMINATE {
        assert_eq!(game.to_move(), seat(0));
        play(&mut game, ">b >a >t >h");
    }
    assert!(game.is_out(seat(0)));
    assert_eq!(game.outcome(), None);
    assert_eq!(game.to_move(), seat(1));
    // Seat 1 adds a q to an empty fragment and seat 2 challenges it, five times: no word holds a q.
    for _ in 0..LOSSES_TO_ELIMINATE {
        assert_eq!(game.to_move(), seat(1));
        let progress = play(&mut game, ">q ?");
        if game.outcome().is_some() {
            assert!(matches!(progress[1], Progress::GameOver(_)));
        }
    }
    let outcome = game.outcome().expect("over");
    assert_eq!(outcome.ranks.as_slice(), [3, 2, 1]);
    assert_eq!(outcome.reason, EndReason::Score);
    assert_eq!(game.check(Action::Challenge), Err(IllegalMove::GameOver));
}

#[test]
fn a_seat_that_leaves_is_out_the_round_starts_again_and_the_last_one_in_wins() {
    let mut game = Position::new(rules(3));
    play(&mut game, ">c >a");
    assert_eq!(game.to_move(), seat(2));
    assert_eq!(game.seat_left(seat(2), EndReason::Resignation), Some(Progress::TurnEnded));
    assert!(game.fragment().is_empty() && game.is_out(seat(2)));
    assert_eq!(game.to_move(), seat(0));
    assert_eq!(game.seat_left(seat(2), EndReason::Resignation), None);
    let Some(Progress::GameOver(outcome)) = game.seat_left(seat(0), EndReason::Time) else {
        panic!("two gone of three ends the game")
    };
    assert_eq!((outcome.ranks.as_slice(), outcome.reason), ([2, 1, 3].as_slice(), EndReason::Time));
}

#[test]
fn actions_write_as_they_read() {
    for text in [">a", "<ż", "?", ">я"] {
        let actions = parse_actions(text).expect("notation");
        let mut written = String::new();
        write_action(actions[0], &mut written);
        assert_eq!(written, text);
    }
}

/// The public text of each move: the action, marked with the list's verdict when it ends the round.
fn public_texts(moves: &str) -> Vec<String> {
    let mut game = Position::new(rules(2));
    moves
        .split_whitespace()
        .map(|text| {
            let actions = parse_actions(text).expect("notation");
            let before = game.clone();
            game.play(actions[0]).expect("legal");
            before.disclose(game.to_move(), &actions, &game).expect("every move discloses").public
        })
        .collect()
}

#[test]
fn public_texts_carry_the_lists_verdict_and_read_back_as_the_same_actions() {
    // "cats" completes a word; "catt" is inside "scatter" (the challenger loses); "zq" is inside none.
    assert_eq!(public_texts(">c >a >t >s"), [">c", ">a", ">t", ">s!"]);
    assert_eq!(public_texts(">c >a >t >t ?"), [">c", ">a", ">t", ">t", "?+"]);
    assert_eq!(public_texts(">z >q ?"), [">z", ">q", "?-"]);
    let mut game = Position::new(rules(2));
    let disclosure = game.disclose(Seat::FIRST, &[Action::Add { side: Side::End, letter: 'c' }], &game.clone());
    assert_eq!(disclosure.map(|told| (told.private, told.secret)), Some((None, None)), "nothing is secret");
    for (public, action) in [
        (">s!", Action::Add { side: Side::End, letter: 's' }),
        ("<s", Action::Add { side: Side::Start, letter: 's' }),
        ("?+", Action::Challenge),
        ("?-", Action::Challenge),
    ] {
        assert_eq!(parse_actions(public), Ok(vec![action]), "{public}");
    }
    // A mark is no verdict of the player's: the list judges again.
    play(&mut game, ">z >q");
    game.play(parse_actions("?+").expect("notation")[0]).expect("legal");
    assert_eq!(game.last_round(), Some(RoundEnd { loser: seat(1), reason: RoundLoss::Challenged }));
    assert!(parse_actions("?!").is_err() && parse_actions(">a+").is_err() && parse_actions("!").is_err());
}

#[test]
fn random_games_follow_the_game_interface() {
    let probes = [">a", "<a", "?", ">ż", ">q"];
    for players in 2..=4 {
        let actions = game_conformance::check_random_games::<Position>(&rules(players), 5, 5000, 0x5607, &probes);
        assert!(actions > 0);
    }
    let polish = SuperghostRules::default();
    game_conformance::check_random_games::<Position>(&polish, 3, 5000, 0x5608, &[">ż", "<q", "?"]);
}

#[test]
fn a_record_names_its_list_by_hash_replays_with_its_departures_and_reads_back_as_written() {
    use kartka_engine::dots_and_boxes::{Departure, DepartureReason};
    use kartka_engine::superghost::{ReadErrorKind, ReplayError, SuperghostRecord};

    let actions: Vec<Action> =
        ">c >a >t >s >b >a".split(' ').map(|text| parse_actions(text).expect("notation")[0]).collect();
    let departure = Departure { seat: seat(2), after: 6, reason: DepartureReason::Resignation };
    let record = SuperghostRecord::of(rules(3), vec![departure], actions.clone());
    let written = record.write();
    let hash = list().hash.to_hex();
    assert!(written.starts_with(&format!(
        "[Game \"superghost\"]\n[Language \"en\"]\n[Dictionary \"test-superghost\"]\n[DictionaryHash \"{hash}\"]\n\
         [Players \"3\"]\n[Departures \"3@6 resignation\"]\n\n>c >a >t >s >b >a\n"
    )));
    assert_eq!(SuperghostRecord::read(&written), Ok(record.clone()));
    let replayed = record.replay().expect("replays");
    let mut played = Position::new(rules(3));
    for &action in &actions {
        played.play(action).expect("legal");
    }
    played.seat_left(seat(2), EndReason::Resignation);
    assert_eq!(replayed, played);
    assert_eq!(replayed.losses().as_slice(), [1, 0, 0]);

    let elsewhere = written.replace(&hash, &"0".repeat(64));
    let read = SuperghostRecord::read(&elsewhere).expect("reads");
    assert!(matches!(read.replay(), Err(ReplayError::Rules(RulesError::DictionaryMissing(_)))));
    for (broken, kind, line) in [
        (written.replace("\"en\"", "\"de\""), ReadErrorKind::BadDictionary, 2),
        (written.replace("\"3\"]", "\"5\"]"), ReadErrorKind::BadPlayers, 5),
        (written.replace("superghost\"]", "balda\"]"), ReadErrorKind::OtherGame, 1),
    ] {
        let error = SuperghostRecord::read(&broken).expect_err("refused");
        assert_eq!((error.kind, error.line), (kind, line), "{broken}");
    }
    assert!(matches!(
        SuperghostRecord::read(&written.replace(">b", ">1")).map_err(|error| error.kind),
        Err(ReadErrorKind::BadAction(_))
    ));
}

#[test]
fn perft_from_the_start_matches_the_counts_worked_out_by_hand() {
    for entry in perft_data::entries("superghost") {
        let language: Language = entry.field("language").parse().expect("a language");
        let players: u8 = entry.field("players").parse().expect("players");
        let rules = SuperghostRules::new(registry::shipped(language).id(), players).expect("valid rules");
        let counts = kartka_engine::perft::counts_by_depth(&Position::new(rules), entry.counts.len());
        assert_eq!(counts, entry.counts, "line {}", entry.line);
    }
}
