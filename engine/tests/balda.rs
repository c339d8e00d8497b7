//! Balda (rules document word-games.md): perft against an independent brute force, rules that name a dictionary
//! by identity, every refusal a typed error that changes nothing, scores and the two endings, records that name
//! their list, and random games through the conformance checks.

#[path = "common/rng.rs"]
mod rng;

#[path = "common/perft_data.rs"]
mod perft_data;

#[path = "common/game_conformance.rs"]
mod game_conformance;

use std::sync::Arc;

use kartka_engine::balda::{
    for_each_word_move, parse_moves, read_record, write_record, BaldaRecord, BaldaRules, Cell, IllegalMove, Move, Path,
    Placement, Position, ReadErrorKind, ReplayError, RulesError,
};
use kartka_engine::dictionary::{build, registry, Dictionary, DictionaryHash, DictionaryId, DictionaryName, Language};
use kartka_engine::{perft, EndReason, Game, Progress, Seat};
use perft_data::entries;

/// The list of `words` in `language`, registered under `name`.
fn registered(language: Language, name: &str, words: &[impl AsRef<str>]) -> Arc<Dictionary> {
    let name = DictionaryName::new(name).expect("a name");
    registry::register(build(language, name, words).expect("builds")).expect("registers")
}

/// A small English list whose only five-letter word is `stone`.
fn stone_list() -> Arc<Dictionary> {
    registered(
        Language::En,
        "balda-stone",
        &["stone", "tot", "ton", "tone", "tons", "not", "note", "toe", "toes", "set", "sets"],
    )
}

fn rules(dictionary: &Dictionary, players: u8) -> BaldaRules {
    BaldaRules::drawn(5, players, dictionary.id(), 7).expect("valid rules")
}

fn play(game: &mut Position, text: &str) -> Progress {
    let mut last = Progress::TurnEnded;
    for action in parse_moves(text).expect("readable") {
        last = game.play(action).unwrap_or_else(|error| panic!("{text}: {error}"));
    }
    last
}

fn placement(text: &str) -> Move {
    parse_moves(text).expect("readable")[0]
}

#[test]
fn perft_matches_the_independent_brute_force() {
    for entry in entries("balda") {
        let language: Language = entry.field("language").parse().expect("a language");
        let words: Vec<&str> = entry.field("words").split(',').collect();
        let list = registered(language, &format!("perft-{}", entry.line), &words);
        let size = entry.field("size").parse().expect("a size");
        let players = entry.field("players").parse().expect("players");
        let rules = BaldaRules::drawn(size, players, list.id(), u64::from(entry.line as u32)).expect("rules");
        let mut game = Position::new(rules);
        let start = words.iter().find(|word| word.chars().count() == usize::from(size)).expect("a start word");
        assert_eq!(game.start_word(), *start, "line {}", entry.line);
        play(&mut game, &entry.field("moves").replace(';', " "));
        assert_eq!(perft::counts_by_depth(&game, entry.counts.len()), entry.counts, "line {}", entry.line);
    }
}

#[test]
fn rules_name_a_registered_dictionary_and_refuse_what_they_cannot_play() {
    let list = stone_list();
    let rules = rules(&list, 2);
    assert_eq!((rules.size(), rules.players(), rules.language(), rules.seed()), (5, 2, Language::En, 7));
    let missing = DictionaryId { hash: DictionaryHash([7; 32]), ..list.id() };
    assert_eq!(BaldaRules::drawn(5, 2, missing, 0), Err(RulesError::DictionaryMissing(missing)));
    assert_eq!(BaldaRules::drawn(4, 2, list.id(), 0), Err(RulesError::Size(4)));
    assert_eq!(BaldaRules::drawn(8, 2, list.id(), 0), Err(RulesError::Size(8)));
    assert_eq!(BaldaRules::drawn(5, 1, list.id(), 0), Err(RulesError::Players(1)));
    assert_eq!(BaldaRules::drawn(5, 5, list.id(), 0), Err(RulesError::Players(5)));
    assert_eq!(BaldaRules::drawn(6, 2, list.id(), 0), Err(RulesError::NoStartWord { dictionary: list.id(), size: 6 }));
    let drawn = rules.start();
    assert_eq!(BaldaRules::new(5, 2, list.id(), 7, drawn.as_str()), Ok(rules), "the drawn word, given");
    assert_eq!(BaldaRules::new(5, 2, list.id(), 7, "notes"), Err(RulesError::StartWord { size: 5 }), "not in the list");
    assert_eq!(BaldaRules::new(5, 2, list.id(), 7, "tons"), Err(RulesError::StartWord { size: 5 }), "too short");
    assert_eq!(BaldaRules::new(5, 2, list.id(), 7, ""), Err(RulesError::StartWord { size: 5 }));
    let default = BaldaRules::default();
    assert_eq!(default.dictionary(), registry::shipped(Language::Pl).id());
    assert_eq!(Position::new(default).start_word().chars().count(), 5);
}

#[test]
fn the_start_word_is_drawn_from_the_seed_and_stands_across_the_middle_row() {
    let english = registry::shipped(Language::En);
    for size in 5..=7 {
        let draw = |seed| Position::new(BaldaRules::drawn(size, 2, english.id(), seed).expect("rules"));
        let game = draw(11);
        assert_eq!(game.start_word(), draw(11).start_word(), "the same seed, the same word");
        assert!(english.contains(game.start_word()));
        let row: String = (0..size).map(|column| game.letter(Cell::new(column, size / 2)).expect("a letter")).collect();
        assert_eq!(row, game.start_word());
        assert!((0..size).all(|column| game.letter(Cell::new(column, size / 2 + 1)).is_none()));
        assert!((0..20).any(|seed| draw(seed).start_word() != game.start_word()), "other seeds, other words");
    }
}

#[test]
fn every_refusal_is_typed_and_changes_nothing() {
    let list = stone_list();
    let mut game = Position::new(rules(&list, 2));
    // stone across a3..e3.
    let refusals = [
        ("f4=t:f4,e4,e3", IllegalMove::OffGrid(Cell::new(5, 3))),
        ("c3=t:b3,c3,d3", IllegalMove::Occupied(Cell::new(2, 2))),
        ("c5=t:c5,c4,c3", IllegalMove::Detached(Cell::new(2, 4))),
        ("c2=ж:b3,c3,c2", IllegalMove::NotALetter('ж')),
        ("c2=T:b3,c3,c2", IllegalMove::NotALetter('T')),
        ("c2=t:b3,c3,c2,c1", IllegalMove::EmptyCellInPath(Cell::new(2, 0))),
        ("c2=t:b3,c2,c3", IllegalMove::Disjoint(Cell::new(1, 2), Cell::new(2, 1))),
        ("c2=t:c2,c3,c2", IllegalMove::CellTwice(Cell::new(2, 1))),
        ("c2=t:b3,c3,d3", IllegalMove::MissesNewLetter),
        ("c2=t:c3,c2", IllegalMove::TooShort),
        ("c2=x:b3,c3,c2", IllegalMove::NotInDictionary),
        ("c2=t:b3,c3,c2,a3", IllegalMove::Disjoint(Cell::new(2, 1), Cell::new(0, 2))),
    ];
    let before = game.clone();
    for (text, error) in refusals {
        assert_eq!(game.check(placement(text)), Err(error), "{text}");
        assert_eq!(game.play(placement(text)), Err(error), "{text}");
        assert_eq!(game, before, "{text} changed nothing");
    }
    assert_eq!(play(&mut game, "c2=t:b3,c3,c2"), Progress::TurnEnded);
    assert_eq!(game.played(), ["tot".into()]);
    assert_eq!(game.check(placement("c4=t:b3,c3,c4")), Err(IllegalMove::AlreadyPlayed));
    // The start word along another path, through a new letter, is still the start word.
    assert_eq!(game.check(placement("d4=e:a3,b3,c3,d3,d4")), Err(IllegalMove::StartWord));
    assert_eq!(game.play(Move::Pass), Ok(Progress::TurnEnded));
}

#[test]
fn a_word_scores_a_point_a_letter_and_three_passes_each_end_the_game() {
    let list = stone_list();
    let mut game = Position::new(rules(&list, 3));
    play(&mut game, "c2=t:b3,c3,c2 pass d4=e:b3,c3,d3,d4");
    assert_eq!(game.scores().as_slice(), [3, 0, 4], "tot, a pass, then note");
    assert_eq!(game.to_move(), Seat::FIRST);
    for _ in 0..8 {
        assert_eq!(game.play(Move::Pass), Ok(Progress::TurnEnded));
    }
    let Ok(Progress::GameOver(outcome)) = game.play(Move::Pass) else { panic!("nine passes in a row end it") };
    assert_eq!(outcome.reason, EndReason::Score);
    assert_eq!(outcome.ranks.as_slice(), [2, 3, 1]);
    assert_eq!(outcome.scores.map(|scores| scores.as_slice().to_vec()), Some(vec![3, 0, 4]));
    assert_eq!(game.play(Move::Pass), Err(IllegalMove::GameOver));
    assert_eq!(game.to_act(), None);
    let mut listed = 0;
    game.for_each_legal_action(|_| listed += 1);
    assert_eq!(listed, 0);
}

#[test]
fn a_full_grid_ends_the_game_and_equal_scores_share_a_rank() {
    // Every three letters are a word: the grid fills a word at a time.
    let letters = Language::En.alphabet();
    let mut words: Vec<String> = letters
        .iter()
        .flat_map(|&a| letters.iter().flat_map(move |&b| letters.iter().map(move |&c| [a, b, c].iter().collect())))
        .collect();
    words.push("aaaaa".to_owned());
    let list = registered(Language::En, "balda-fill", &words);
    let mut game = Position::new(BaldaRules::drawn(5, 2, list.id(), 0).expect("rules"));
    let outcome = loop {
        let mut longest: Option<Placement> = None;
        for_each_word_move(&game, |placement| {
            if longest.is_none_or(|best| placement.path.len() > best.path.len()) {
                longest = Some(placement);
            }
        });
        let action = longest.map_or(Move::Pass, Move::Place);
        if let Progress::GameOver(outcome) = game.play(action).expect("legal") {
            break outcome;
        }
    };
    assert!(game.is_full());
    assert_eq!(outcome.reason, EndReason::BoardFull);
    let scores = game.scores().as_slice().to_vec();
    let expected = if scores[0] == scores[1] {
        [1, 1]
    } else if scores[0] > scores[1] {
        [1, 2]
    } else {
        [2, 1]
    };
    assert_eq!(outcome.ranks.as_slice(), expected);
}

#[test]
fn every_listed_move_checks_and_names_a_fresh_word_of_the_list() {
    let list = registry::shipped(Language::Ru);
    let game = Position::new(BaldaRules::drawn(5, 2, list.id(), 3).expect("rules"));
    let mut moves = Vec::new();
    game.for_each_legal_action(|action| moves.push(action));
    assert_eq!(moves.last(), Some(&Move::Pass));
    assert!(moves.len() > 1, "a shipped list has words to make from the start");
    for &action in &moves {
        assert_eq!(game.check(action), Ok(()));
        let Move::Place(placement) = action else { continue };
        let word: String = placement
            .path
            .cells()
            .iter()
            .map(|&cell| if cell == placement.cell { placement.letter } else { game.letter(cell).expect("filled") })
            .collect();
        assert!(list.contains(&word) && word != game.start_word() && word.chars().count() >= 3, "{word}");
    }
}

#[test]
fn a_record_names_its_list_and_replays_only_where_that_list_is() {
    let list = stone_list();
    let rules = rules(&list, 2);
    let moves = parse_moves("c2=t:b3,c3,c2 pass d4=e:b3,c3,d3,d4").expect("readable");
    let record = BaldaRecord::of(rules, moves.clone());
    let text = write_record(&record);
    assert!(text.contains("[Dictionary \"balda-stone\"]") && text.contains("[Language \"en\"]"), "{text}");
    assert!(text.contains(&format!("[DictionaryHash \"{}\"]", list.id().hash)), "{text}");
    assert!(text.contains("c2=t:b3,c3,c2 pass d4=e:b3,c3,d3,d4"), "{text}");
    let read = read_record(&text).expect("reads");
    assert_eq!(read, record);
    let mut played = Position::new(rules);
    for &action in &moves {
        played.play(action).expect("legal");
    }
    assert_eq!(read.replay(), Ok(played));
    let elsewhere = text.replace(&list.id().hash.to_hex(), &"ab".repeat(32));
    let missing = read_record(&elsewhere).expect("reads").replay();
    assert!(matches!(missing, Err(ReplayError::Rules(RulesError::DictionaryMissing(_)))), "{missing:?}");
    let illegal = read_record(&text.replace("d4=e", "d4=x")).expect("reads").replay();
    assert_eq!(illegal, Err(ReplayError::Illegal { index: 3, reason: IllegalMove::NotInDictionary }));
    for (broken, kind) in [
        (text.replace("[Game \"balda\"]", "[Game \"dots\"]"), ReadErrorKind::OtherGame),
        (text.replace("[Size \"5\"]", "[Size \"9\"]"), ReadErrorKind::BadSize),
        (text.replace("[Players \"2\"]", "[Players \"5\"]"), ReadErrorKind::BadPlayers),
        (text.replace("[Language \"en\"]", "[Language \"de\"]"), ReadErrorKind::BadDictionary),
        (text.replace("[Seed \"7\"]", "[Seed \"-1\"]"), ReadErrorKind::BadSeed),
    ] {
        assert_eq!(read_record(&broken).map_err(|error| error.kind), Err(kind), "{broken}");
    }
}

#[test]
fn random_games_keep_the_conformance_properties() {
    let list = registry::shipped(Language::En);
    let probes = ["pass", "a1=a:a1,a2,a3", "c4=e:c3,c4,d4"];
    for (size, players) in [(5, 2), (6, 3), (7, 4)] {
        let rules = BaldaRules::drawn(size, players, list.id(), u64::from(size)).expect("rules");
        let actions = game_conformance::check_random_games::<Position>(&rules, 2, 400, 0xba1d, &probes);
        assert!(actions > 0);
    }
    let mut path = Path::new(&[Cell::new(0, 0)]).expect("a path");
    assert_eq!(path.len(), 1);
    path = Path::new(&[Cell::new(0, 0), Cell::new(0, 1)]).expect("a path");
    assert_eq!(path.cells().len(), 2);
}
