//! The conformance suite every game kind runs, through the registry's [`AnyGame`]: a kind added to the
//! registry is tested here without a line of this file changing.
//!
//! From random games (a fixed-seed generator, so a failure reproduces) it checks that an illegal action is a
//! typed error that leaves the game unchanged, that move texts round-trip and concatenate, that `to_act`
//! agrees with what playing reported, and that random play always ends by the rules.

#[path = "common/rng.rs"]
mod rng;

use kartka_engine::{AnyGame, GameKind, MoveError, Progress, Ruleset};
use rng::Rng;

/// Random games per kind and ruleset, at most.
const GAMES: u64 = 150;
/// Actions listed and checked per ruleset (each position's legal actions, and the actions legal at the start but
/// not there, each tried): rulesets whose games list many (a Dots field's thousand points, Gallows' words of the
/// round's length, an endless board's long games) play fewer games, at least [`MIN_GAMES`], each of which checks
/// that many more actions.
const CHECKED_ACTIONS: u64 = 3_000_000;
/// The fewest random games of any ruleset.
const MIN_GAMES: u64 = 10;
/// No game of any kind may need more actions than this to end.
const MAX_ACTIONS: usize = 20_000;

/// Every kind's default rules, and the extremes of the sizes it offers where they differ in shape.
fn rulesets() -> Vec<Ruleset> {
    let mut rulesets: Vec<Ruleset> = GameKind::ALL.iter().map(|kind| kind.default_ruleset()).collect();
    let small_board = kartka_engine::closing_in::BoardSize::new(3).expect("3x3 is allowed");
    let large_board = kartka_engine::closing_in::BoardSize::new(12).expect("12x12 is allowed");
    rulesets.extend([Ruleset::ClosingIn(small_board), Ruleset::ClosingIn(large_board)]);
    let small_pitch = kartka_engine::soccer::Pitch::new(4, 4, 2).expect("a valid pitch");
    rulesets.push(Ruleset::PaperSoccer(kartka_engine::soccer::SoccerRules { pitch: small_pitch }));
    rulesets.push(Ruleset::Dots(small_dots_field()));
    let opcja1 = kartka_engine::line_soccer::LineRules::preset(kartka_engine::line_soccer::LinePreset::Opcja1);
    let small_russian = kartka_engine::line_soccer::RussianRules::new(10, 10).expect("10x10 is allowed");
    rulesets.extend([Ruleset::LineSoccer(opcja1), Ruleset::RussianSoccer(small_russian)]);
    rulesets.push(Ruleset::PaperSoccerCentre(kartka_engine::soccer_centre::CentreRules { pitch: small_pitch }));
    let small_field = kartka_engine::xrsoccer::XrRules::new(4, 4, 3).expect("a valid field");
    rulesets.push(Ruleset::Xrsoccer(small_field));
    rulesets.extend(five_in_a_row_rulesets().map(Ruleset::FiveInARow));
    // Dots and Boxes of three and four players (the same seat moves again after a box; departures are the
    // engine's own tests'), on the smallest field and a lopsided one.
    let boxes = |rows, cols, players| kartka_engine::dots_and_boxes::DotsAndBoxesRules::new(rows, cols, players);
    for (rows, cols, players) in [(1, 1, 2), (2, 3, 3), (3, 2, 4), (9, 9, 4)] {
        rulesets.push(Ruleset::DotsAndBoxes(boxes(rows, cols, players).expect("a valid field")));
    }
    assert!(GameKind::ALL.iter().all(|kind| rulesets.iter().any(|r| r.kind() == *kind)), "every kind is tested");
    rulesets
}

/// Five in a row beside its default (gomoku without an opening): the rules document's gomoku with swap2,
/// tic-tac-toe, renju with its forbidden points, and the endless board with the `long-pro` opening.
fn five_in_a_row_rulesets() -> [kartka_engine::five_in_a_row::Rules; 4] {
    use kartka_engine::five_in_a_row::{BoardShape, Opening, Rules, WinRule};
    let square_15 = BoardShape::Bounded { width: 15, height: 15 };
    let renju = Rules::new(square_15, 5, WinRule::Renju, Opening::None).expect("renju on 15x15");
    let endless = Rules::new(BoardShape::Endless, 4, WinRule::Freestyle, Opening::LongPro).expect("endless");
    [Rules::GOMOKU, Rules::TIC_TAC_TOE, renju, endless]
}

/// A small Dots field with every switch that changes the turn order on: extra moves, STOP, an empty start.
fn small_dots_field() -> kartka_engine::dots::DotsRules {
    use kartka_engine::dots::{DotsRules, FieldSize, Start};
    let size = FieldSize::new(10, 10).expect("10x10 is allowed");
    DotsRules { size, start: Start::Empty, extra_move: true, instant_win: 12, ..DotsRules::default() }
}

/// Plays one random game to its end, checking every action on the way; returns the actions played and how many
/// actions were listed and checked on the way.
fn random_game(ruleset: &Ruleset, rng: &mut Rng) -> (Vec<String>, u64) {
    let mut game = AnyGame::new(ruleset);
    let kind = ruleset.kind();
    let start_actions = AnyGame::new(ruleset).legal_actions();
    let mut played = Vec::new();
    let mut checked = 0;
    while let Some(seat) = game.to_act() {
        assert!(played.len() < MAX_ACTIONS, "{kind}: random play did not end within {MAX_ACTIONS} actions");
        // A phase may list no actions (they are too many: Sea Battle's fleets); the seat to act still has one,
        // drawn as the listed ones are chosen where there is a list (`Game::for_each_legal_action`).
        let legal = game.legal_actions();
        checked += legal.len() as u64 + assert_illegal_actions_change_nothing(&game, &legal, &start_actions);
        let action = &game.pick_legal_action(rng.next()).expect("a seat to act has a legal action");
        assert!(legal.is_empty() || legal.contains(action), "{kind}: a drawn action is among the listed ones");
        assert_eq!(kind.canonical_move(action).as_deref(), Ok(action.as_str()), "{kind}: legal actions are canonical");
        assert_eq!(kind.action_count(action), Ok(1), "{kind}: one legal action is one action");
        let played_now = game.play(action).unwrap_or_else(|error| panic!("{kind}: legal {action} refused: {error}"));
        assert_eq!(played_now.actions, 1);
        match played_now.progress {
            Progress::TurnContinues => {
                assert_eq!(game.to_act(), Some(seat), "{kind}: the turn goes on for the same seat");
                assert!(game.mid_turn(), "{kind}: a turn that goes on is mid-turn");
            }
            Progress::TurnEnded => {
                assert!(game.to_act().is_some() && !game.mid_turn(), "{kind}: a new turn begins");
                assert!(game.outcome().is_none());
            }
            Progress::GameOver(outcome) => {
                assert_eq!(game.to_act(), None, "{kind}: nobody acts after the end");
                assert_eq!(game.outcome(), Some(outcome), "{kind}: the outcome is the one reported");
            }
        }
        played.push(action.clone());
    }
    assert!(game.outcome().is_some(), "{kind}: a game nobody can act in is over by the rules");
    assert!(game.legal_actions().is_empty(), "{kind}: nothing is legal after the end");
    (played, checked)
}

/// Every action legal at the start but not now is refused with a typed error and changes nothing; returns how
/// many were tried.
fn assert_illegal_actions_change_nothing(game: &AnyGame, legal: &[String], candidates: &[String]) -> u64 {
    let legal: std::collections::HashSet<&String> = legal.iter().collect();
    let mut tried_actions = 0;
    for action in candidates.iter().filter(|action| !legal.contains(action)) {
        tried_actions += 1;
        let mut tried = game.clone();
        match tried.play(action) {
            Err(MoveError::Illegal { at: 0, .. } | MoveError::Forbidden { at: 0, .. }) => {}
            other => panic!("{}: {action} is not legal now, yet playing it gave {other:?}", game.kind()),
        }
        assert_eq!(&tried, game, "{}: a refused action changes nothing", game.kind());
    }
    tried_actions
}

#[test]
fn random_games_of_every_kind_follow_the_game_interface() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for ruleset in rulesets() {
        let (mut games, mut checked) = (0, 0);
        while games < MIN_GAMES || (games < GAMES && checked < CHECKED_ACTIONS) {
            checked += random_game(&ruleset, &mut rng).1;
            games += 1;
        }
        assert!(checked > 0, "{}: its games checked actions", ruleset.kind());
    }
}

#[test]
fn move_texts_split_into_their_actions_and_concatenate() {
    let mut rng = Rng(7);
    for ruleset in rulesets() {
        let kind = ruleset.kind();
        let (actions, _) = random_game(&ruleset, &mut rng);
        // Replay the game in runs of actions written together, each run within one turn.
        let mut game = AnyGame::new(&ruleset);
        let mut at = 0;
        while at < actions.len() {
            let seat = game.to_act();
            let mut run = vec![actions[at].clone()];
            let mut probe = game.clone();
            let mut progress = probe.play(&actions[at]).expect("replays").progress;
            while progress == Progress::TurnContinues && at + run.len() < actions.len() {
                let next = &actions[at + run.len()];
                progress = probe.play(next).expect("replays").progress;
                run.push(next.clone());
            }
            let text = run.join(kind.action_separator());
            assert_eq!(kind.split_actions(&text), Ok(run.clone()), "{kind}: {text} splits into its actions");
            assert_eq!(kind.action_count(&text), Ok(run.len()));
            assert_eq!(kind.canonical_move(&text).as_deref(), Ok(text.as_str()));
            let played = game.play(&text).unwrap_or_else(|error| panic!("{kind}: the run {text} refused: {error}"));
            assert_eq!((played.actions, played.progress), (run.len(), progress));
            assert_eq!(game, probe, "{kind}: a run played at once ends where its actions one by one did");
            assert!(seat.is_some());
            at += run.len();
        }
        assert!(game.outcome().is_some());
    }
}

#[test]
fn a_move_past_the_end_of_a_turn_or_of_the_game_changes_nothing() {
    for &kind in GameKind::ALL {
        let mut game = AnyGame::new(&kind.default_ruleset());
        let first = game.pick_legal_action(0).expect("the first seat acts");
        let mut probe = game.clone();
        let progress = probe.play(&first).expect("a legal action").progress;
        if progress == Progress::TurnEnded {
            let next = probe.pick_legal_action(0).expect("the next seat acts");
            let before = game.clone();
            assert_eq!(
                game.play(&format!("{first}{}{next}", kind.action_separator())),
                Err(MoveError::PastTurnEnd { at: 1 }),
                "{kind}"
            );
            assert_eq!(game, before, "{kind}: nothing changed");
        }
        assert_eq!(game.play(""), Err(MoveError::Empty), "{kind}");
        // No kind writes `¿` (Superghost's challenge is `?`).
        assert!(matches!(game.play("¿"), Err(MoveError::Notation(_))), "{kind}: unreadable text");
    }
}
