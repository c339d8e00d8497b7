//! Gallows (rules document word-games.md, "Gallows"), through the `Game` trait: the two rounds with the roles
//! swapped, letters and whole words, misses and the hanged guesser, the hint, the result by misses, what each move
//! discloses (the word never before the end of its round), the server's draw, records and their verification,
//! perft from the data file, and the conformance properties of random games.

#[path = "common/game_conformance.rs"]
mod game_conformance;
#[path = "common/perft_data.rs"]
mod perft_data;
#[path = "common/rng.rs"]
mod rng;

use kartka_engine::commitment::{commitment, NONCE_LEN};
use kartka_engine::dictionary::{self, registry, DictionaryHash, DictionaryName, Language};
use kartka_engine::gallows::{
    Action, GallowsRecord, GallowsRules, HiddenRecord, Hint, Illegal, Position, RecordErrorKind, RecordedMove, Reveal,
    RulesError, VerifyError, Word, WordSource, NAME,
};
use kartka_engine::hidden_record::{RecordCheckError, Verified};
use kartka_engine::{
    verify_hidden_record, Disclosure, EndReason, Game, GameKind, Outcome, Progress, Seat, TimeoutPolicy,
};

const GAME_ID: &str = "9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f";
/// Words of the shipped Polish list.
const KOBRA: &str = "kobra";
const ZOLW: &str = "żółw";

fn action(text: &str) -> Action {
    match Position::parse_actions(text).expect("readable").as_slice() {
        &[action] => action,
        actions => panic!("{text} is {} actions", actions.len()),
    }
}

fn word(text: &str) -> Word {
    Word::new(text).expect("a word")
}

fn rules(source: WordSource, misses: u8, hint: Hint) -> GallowsRules {
    GallowsRules::new(registry::shipped(Language::Pl).id(), source, misses, hint).expect("valid rules")
}

/// Plays `text` for `seat` and returns what it disclosed.
fn play(game: &mut Position, seat: Seat, text: &str) -> (Progress, Disclosure) {
    let before = game.clone();
    let progress = game.apply_as(seat, action(text)).unwrap_or_else(|error| panic!("{seat} {text}: {error}"));
    (progress, before.disclose(seat, &[action(text)], game).expect("every move discloses"))
}

/// The public texts of `moves`, each played by the seat to act.
fn public_texts(game: &mut Position, moves: &[&str]) -> Vec<String> {
    moves
        .iter()
        .map(|text| {
            let seat = game.to_act().expect("a seat to act");
            play(game, seat, text).1.public
        })
        .collect()
}

#[test]
fn the_shipped_lists_hold_the_words_of_these_tests_and_the_browsers_examples() {
    let polish = registry::shipped(Language::Pl);
    for text in [KOBRA, ZOLW, "kobza", "sowa"] {
        assert!(polish.contains(text), "{text}");
    }
    // web/js/kinds/gallows/rules.js, EXAMPLE_WORDS: the word a setter's legal actions list in the browser.
    for (language, text) in [(Language::Pl, KOBRA), (Language::En, "water"), (Language::Ru, "слово")] {
        assert!(registry::shipped(language).contains(text), "{language}: {text}");
    }
}

#[test]
fn a_round_shows_every_occurrence_of_a_letter_and_counts_the_misses() {
    let mut game = Position::new(GallowsRules::default());
    assert_eq!(game.to_act(), Some(Seat::FIRST), "the first seat sets the first word");
    assert_eq!(game.timeout_policy(), TimeoutPolicy::RandomAction, "a missing word is drawn");
    let (_, set) = play(&mut game, Seat::FIRST, "W:kobra");
    assert_eq!(
        set,
        Disclosure { public: "W:_____".into(), private: Some("W:kobra".into()), secret: Some("W:kobra".into()) }
    );
    assert_eq!(game.to_act(), Some(Seat::SECOND));
    assert_eq!(game.timeout_policy(), TimeoutPolicy::Loss, "a guesser out of time loses");
    let texts = public_texts(&mut game, &["a", "x", "=kobza", "o"]);
    assert_eq!(texts, ["a+____a", "x-", "=kobza-", "o+_o__a"]);
    assert_eq!((game.round(0).misses(), game.round(0).end()), (2, None));
    let (progress, solved) = play(&mut game, Seat::SECOND, "=kobra");
    assert_eq!((progress, solved.public.as_str()), (Progress::TurnEnded, "=kobra+"));
    assert_eq!(game.to_act(), Some(Seat::SECOND), "the second seat sets the second word");
    assert_eq!(game.round_index(), 1);
}

#[test]
fn every_refusal_is_typed_and_changes_nothing() {
    let mut game = Position::new(GallowsRules::default());
    let refusals = [
        (Seat::SECOND, "W:kobra", Illegal::NotToAct(Seat::SECOND)),
        (Seat::FIRST, "a", Illegal::WordNotSet),
        (Seat::FIRST, "W:kot", Illegal::WordLength(3)),
        (Seat::FIRST, "W:kobrq", Illegal::NotInDictionary(word("kobrq"))),
        (Seat::FIRST, "W:кобра", Illegal::NotInAlphabet('к')),
    ];
    for (seat, text, refusal) in refusals {
        let before = game.clone();
        assert_eq!(game.apply_as(seat, action(text)), Err(refusal), "{text}");
        assert_eq!(game, before, "{text}: nothing changed");
    }
    assert!(Position::parse_actions("W:abcdefghijklm").is_err(), "13 letters are no word of the notation");
    play(&mut game, Seat::FIRST, "W:kobra");
    play(&mut game, Seat::SECOND, "a");
    play(&mut game, Seat::SECOND, "=kobza");
    for (seat, text, refusal) in [
        (Seat::FIRST, "b", Illegal::NotToAct(Seat::FIRST)),
        (Seat::SECOND, "W:sowa", Illegal::WordAlreadySet),
        (Seat::SECOND, "a", Illegal::LetterTried('a')),
        (Seat::SECOND, "=kobza", Illegal::WordTried(word("kobza"))),
        (Seat::SECOND, "=sowa", Illegal::GuessLength { wanted: 5, found: 4 }),
        (Seat::SECOND, "=kobrq", Illegal::NotInDictionary(word("kobrq"))),
        (Seat::SECOND, "ё", Illegal::NotInAlphabet('ё')),
    ] {
        let before = game.clone();
        assert_eq!(game.apply_as(seat, action(text)), Err(refusal), "{text}");
        assert_eq!(game, before, "{text}: nothing changed");
    }
}

#[test]
fn the_last_miss_hangs_the_guesser_and_publishes_the_word() {
    let mut game = Position::new(rules(WordSource::Setter, 6, Hint::None));
    play(&mut game, Seat::FIRST, "W:kobra");
    let texts = public_texts(&mut game, &["q", "x", "v", "j", "f", "h"]);
    assert_eq!(texts.last().map(String::as_str), Some("h-#kobra"));
    assert_eq!(game.round(0).end(), Some(kartka_engine::gallows::RoundEnd::Hanged));
    assert_eq!(game.to_act(), Some(Seat::SECOND), "the second round begins");
}

#[test]
fn fewer_misses_over_both_rounds_win_and_equal_misses_draw() {
    let mut game = Position::new(GallowsRules::default());
    public_texts(&mut game, &["W:kobra", "x", "=kobra", "W:żółw", "ż", "ó", "ł", "w"]);
    let spared = |first, second| {
        Outcome::of_scores(
            kartka_engine::BySeat::from_fn(2, |seat| if seat == Seat::FIRST { first } else { second }),
            EndReason::Score,
        )
    };
    assert_eq!(game.outcome(), Some(spared(6, 5)), "the first seat missed none, the second once");
    assert_eq!(game.outcome().and_then(|outcome| outcome.winner()), Some(Seat::FIRST));
    let mut even = Position::new(GallowsRules::default());
    public_texts(&mut even, &["W:kobra", "x", "=kobra", "W:żółw", "q", "=żółw"]);
    assert!(even.outcome().is_some_and(|outcome| outcome.is_draw()), "one miss each");
}

#[test]
fn the_ends_are_shown_under_the_hint_and_a_word_of_its_ends_alone_is_refused() {
    let mut game = Position::new(rules(WordSource::Setter, 8, Hint::Ends));
    let (_, set) = play(&mut game, Seat::FIRST, "W:kobra");
    assert_eq!(set.public, "W:k___a");
    assert_eq!(game.check_as(Seat::SECOND, action("k")), Err(Illegal::LetterTried('k')), "shown, so tried");
    assert_eq!(play(&mut game, Seat::SECOND, "o").1.public, "o+ko__a");
    assert!(Hint::Ends.hides_something(word("anna")), "the n's stay hidden");
    assert!(!Hint::Ends.hides_something(word("aaaa")), "nothing hidden: refused as a word");
    assert!(Hint::None.hides_something(word("aaaa")));
}

#[test]
fn the_server_draws_a_word_from_its_own_number_for_the_setters_seat() {
    let game = Position::new(rules(WordSource::Server, 6, Hint::None));
    assert!(game.move_drawn_by_server(), "the server plays the first word");
    assert!(!Position::new(GallowsRules::default()).move_drawn_by_server());
    let drawn: std::collections::BTreeSet<String> = (0..40)
        .map(|choice| match game.pick_legal_action_as(Seat::FIRST, choice) {
            Some(Action::Secret(word)) => {
                assert_eq!(game.check_as(Seat::FIRST, Action::Secret(word)), Ok(()));
                word.to_string()
            }
            other => panic!("a word, not {other:?}"),
        })
        .collect();
    assert!(drawn.len() > 30, "the number draws among many words: {drawn:?}");
    assert_eq!(game.pick_legal_action_as(Seat::SECOND, 0), None, "the guesser has no word to draw");
    let mut after = game.clone();
    after.apply_as(Seat::FIRST, action("W:kobra")).expect("legal");
    assert!(!after.move_drawn_by_server(), "guessing is the player's");
}

#[test]
fn the_rules_are_refused_for_a_dictionary_this_process_lacks() {
    let mut id = registry::shipped(Language::En).id();
    id.hash = DictionaryHash::from_hex(&"cd".repeat(32)).expect("64 hexadecimal digits");
    assert_eq!(GallowsRules::new(id, WordSource::Setter, 6, Hint::None), Err(RulesError::DictionaryMissing(id)));
}

/// The rules of a perft line: its own small dictionary, registered here, and its misses and reveal.
fn perft_rules(entry: &perft_data::Entry) -> GallowsRules {
    let language: Language = entry.field("language").parse().expect("a language");
    let name = DictionaryName::new(entry.field("name")).expect("a dictionary name");
    let bytes = dictionary::build(language, name, entry.field("words").split(',')).expect("a dictionary");
    let list = registry::register(bytes).expect("registered");
    let hint = if entry.field("reveal") == "ends" { Hint::Ends } else { Hint::None };
    let misses = entry.field("misses").parse().expect("misses");
    GallowsRules::new(list.id(), WordSource::Setter, misses, hint).expect("valid rules")
}

#[test]
fn perft_matches_the_data_file() {
    for entry in perft_data::entries(NAME) {
        let mut game = Position::new(perft_rules(&entry));
        for action in Position::parse_actions(&entry.field("moves").replace('_', " ")).expect("readable") {
            game.apply(action).unwrap_or_else(|error| panic!("line {}: {error}", entry.line));
        }
        let counts = kartka_engine::perft::counts_by_depth(&game, entry.counts.len());
        assert_eq!(counts, entry.counts, "line {}", entry.line);
    }
}

#[test]
fn random_games_follow_the_game_interface() {
    let probes = ["W:kobra", "a", "=kobra", "W:kot", "ё", "=kobza"];
    for (rules, games) in [
        (GallowsRules::default(), 6),
        (rules(WordSource::Server, 10, Hint::Ends), 4),
        (GallowsRules::new(registry::shipped(Language::Ru).id(), WordSource::Setter, 8, Hint::None).expect("valid"), 3),
    ] {
        let actions = game_conformance::check_random_games::<Position>(&rules, games, 200, 0x6A11, &probes);
        assert!(actions >= games * 4, "{rules}: two words and a guess each at least");
    }
}

fn nonce(seat: Seat) -> [u8; NONCE_LEN] {
    [0xA0 + seat.index() as u8; NONCE_LEN]
}

/// The record of a whole game: kobra found after one miss, żółw found without one.
fn honest_record() -> GallowsRecord {
    let rules = GallowsRules::default();
    let mut game = Position::new(rules);
    let mut record = HiddenRecord::new(NAME, GAME_ID);
    for text in ["W:kobra", "x", "=kobra", "W:żółw", "ż", "ó", "ł", "w"] {
        let seat = game.to_act().expect("a seat to act");
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
    assert!(game.outcome().is_some());
    GallowsRecord { rules, record }
}

#[test]
fn an_honest_record_reads_back_and_verifies() {
    let record = honest_record();
    let text = record.write();
    assert!(text.contains("\nfirst W:_____\nsecond x-\nsecond =kobra+\nsecond W:____\nfirst ż+ż___\n"), "{text}");
    assert!(text.contains("[Language \"pl\"]\n[Dictionary \""), "{text}");
    assert_eq!(GallowsRecord::read(&text), Ok(record.clone()));
    let end = record.verify().expect("an honest record verifies");
    assert_eq!(end.outcome().and_then(|outcome| outcome.winner()), Some(Seat::FIRST));
    let options = GallowsRecord { rules: rules(WordSource::Server, 10, Hint::Ends), ..record };
    let text = options.write();
    assert!(text.contains("[Word \"server\"]\n[Misses \"10\"]\n[Reveal \"ends\"]\n"), "{text}");
    assert_eq!(GallowsRecord::read(&text), Ok(options));
}

#[test]
fn a_word_altered_after_the_fact_fails_verification() {
    let mut record = honest_record();
    record.record.reveals[1].as_mut().expect("revealed").secret = "W:sowa".into();
    assert_eq!(record.verify().map(|_| ()), Err(VerifyError::CommitmentMismatch { seat: Seat::SECOND }));
    let reveal = record.record.reveals[1].as_mut().expect("revealed");
    reveal.commitment = commitment(GAME_ID, Seat::SECOND, "W:sowa", &reveal.nonce);
    assert!(matches!(record.verify(), Err(VerifyError::AnswerMismatch { index: 5, .. })), "{:?}", record.verify());
    let reveal = record.record.reveals[1].as_mut().expect("revealed");
    (reveal.secret, reveal.commitment) = ("W:kot".into(), commitment(GAME_ID, Seat::SECOND, "W:kot", &reveal.nonce));
    assert_eq!(
        record.verify().map(|_| ()),
        Err(VerifyError::IllegalSecret { seat: Seat::SECOND, reason: Illegal::WordLength(3) })
    );
}

#[test]
fn an_answer_altered_after_the_fact_fails_verification() {
    let mut record = honest_record();
    record.record.moves[1].public = "x+_x___".into();
    assert_eq!(
        record.verify().map(|_| ()),
        Err(VerifyError::AnswerMismatch { index: 2, recorded: "x+_x___".into(), actual: "x-".into() })
    );
    let mut record = honest_record();
    record.record.moves[1].seat = Seat::FIRST;
    assert_eq!(record.verify().map(|_| ()), Err(VerifyError::NotToAct { index: 2, seat: Seat::FIRST }));
    let mut record = honest_record();
    record.record.moves[2].public = "=kobra-".into();
    assert_eq!(
        record.verify().map(|_| ()),
        Err(VerifyError::AnswerMismatch { index: 3, recorded: "=kobra-".into(), actual: "=kobra+".into() })
    );
    let mut record = honest_record();
    record.record.moves[1].public = "x".into();
    assert!(matches!(record.verify(), Err(VerifyError::UnreadableMove { index: 2, .. })));
}

#[test]
fn a_record_with_rules_tags_outside_the_rules_is_refused() {
    let text = honest_record().write();
    let refused = |tag: &str| {
        let text = text.replacen("[FirstSecret", &format!("{tag}\n[FirstSecret"), 1);
        GallowsRecord::read(&text).map(|_| ()).map_err(|error| error.kind)
    };
    let bad = |name, value: &str| Err(RecordErrorKind::BadRules { name, value: value.into() });
    assert_eq!(refused("[Misses \"7\"]"), bad("Misses", "7"));
    assert_eq!(refused("[Word \"guesser\"]"), bad("Word", "guesser"));
    assert_eq!(refused("[Reveal \"all\"]"), bad("Reveal", "all"));
    assert_eq!(refused("[Event \"club night\"]"), Ok(()), "other tags are kept");
    let unknown = text.replace(&GallowsRules::default().dictionary().hash.to_hex(), &"cd".repeat(32));
    assert!(matches!(
        GallowsRecord::read(&unknown).map_err(|error| error.kind),
        Err(RecordErrorKind::BadRules { name: "DictionaryHash", .. })
    ));
}

#[test]
fn the_kinds_registry_verifies_a_gallows_record_counting_its_answers() {
    let text = honest_record().write();
    let checked = verify_hidden_record(GameKind::Gallows, &text).expect("Gallows has records to verify");
    // Six guesses answered; the two words set (`W:…`) answer nothing.
    assert_eq!(checked.expect("an honest record verifies"), Verified { commitments: 2, answers: 6 });
    let mut forged = honest_record();
    forged.record.moves[1].public = "x+_x___".into();
    let failure = verify_hidden_record(GameKind::Gallows, &forged.write()).expect("a Gallows record").unwrap_err();
    let message = failure.to_string();
    assert!(
        message.starts_with("not verified: move 2:") && message.ends_with("(a move of the second seat)"),
        "{message}"
    );
    let broken = verify_hidden_record(GameKind::Gallows, "[Game \"gallows\"]\n\nthird x\n").expect("a Gallows record");
    assert!(matches!(broken, Err(RecordCheckError::Malformed(_))), "{broken:?}");
}
