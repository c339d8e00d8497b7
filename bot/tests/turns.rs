//! The bot's turns: always legal and whole, for every registered kind; one-turn wins taken and one-turn
//! losses avoided in hand-made Paper Soccer positions; the same turn for the same seed.

use kartka_bot::clock::{ThinkTime, TurnClock};
use kartka_bot::{
    play_any_turn, Bot, ClosingInEvaluation, Evaluation, Generic, Level, NoDeadline, SearchOptions, SoccerEvaluation,
};
use kartka_engine::closing_in::{self, parse_squares, BoardSize, Verdict};
use kartka_engine::soccer::{Direction, Position, StepResult};
use kartka_engine::{AnyGame, GameKind, Progress, Seat};
use proptest::prelude::*;

/// The standard start position after a flat run of kurnik digits, as `kartka perft --moves` reads them.
fn after(digits: &str) -> Position {
    let mut position = Position::default();
    for digit in digits.chars() {
        position.step(Direction::from_digit(digit).expect("a digit 0-7")).expect("a legal step");
    }
    position
}

/// Every way the seat to act can finish its turn from `position`: the digits and the position after them.
fn turn_ends(position: &Position) -> Vec<(String, Position)> {
    fn walk(position: &Position, digits: &mut String, ends: &mut Vec<(String, Position)>) {
        for direction in position.legal_directions() {
            let mut next = *position;
            digits.push(direction.digit());
            match next.step(direction).expect("a legal direction") {
                StepResult::Bounce => walk(&next, digits, ends),
                StepResult::TurnOver | StepResult::GameOver(_) => ends.push((digits.clone(), next)),
            }
            digits.pop();
        }
    }
    let mut ends = Vec::new();
    walk(position, &mut String::new(), &mut ends);
    ends
}

/// Whether the seat to act in `position` can score (or see the opponent stuck) within this turn.
fn wins_this_turn(position: &Position) -> bool {
    let mover = position.to_move();
    turn_ends(position).iter().any(|(_, end)| end.outcome().is_some_and(|outcome| outcome.winner() == Some(mover)))
}

/// The bot's turn at level 8 with `nodes`, played on `position`: its digits and the position after it.
fn bot_turn(position: &Position, nodes: u64, seed: u64) -> (String, Position, Evaluation) {
    let turn = Bot::new(SoccerEvaluation::default(), Level::STRONGEST, seed)
        .play_turn(position, nodes, &NoDeadline)
        .expect("a turn");
    let mut played = *position;
    let mut digits = String::new();
    for &direction in &turn.actions {
        played.step(direction).expect("the bot plays legal steps");
        digits.push(direction.digit());
    }
    (digits, played, turn.evaluation)
}

/// The first seat can score only through a bounce chain: at least nine steps, found among 335 ways to end
/// the turn (the position is from a random game).
const LONG_WIN: &str = "302056174106602352445";
/// The first seat scores in four steps at the shortest, among 3,389 ways to end the turn.
const SHORT_WIN: &str = "302056174106602352445007561";

#[test]
fn the_bot_takes_a_win_that_needs_a_long_bounce_chain() {
    for digits in [LONG_WIN, SHORT_WIN] {
        let position = after(digits);
        assert!(wins_this_turn(&position), "{digits}: the position has a winning turn");
        let quick_wins = position
            .legal_directions()
            .filter(|&direction| {
                let mut next = position;
                matches!(next.step(direction), Ok(StepResult::GameOver(outcome)) if outcome.winner() == Some(position.to_move()))
            })
            .count();
        assert_eq!(quick_wins, 0, "{digits}: no single step wins");
        let (turn, played, evaluation) = bot_turn(&position, 200_000, 1);
        let winner = played.outcome().and_then(|outcome| outcome.winner());
        assert_eq!(winner, Some(position.to_move()), "{digits}: the bot played {turn}");
        assert!(matches!(evaluation, Evaluation::Win(_)), "{digits}: {evaluation:?}");
    }
}

#[test]
fn with_any_one_search_improvement_off_the_bot_still_takes_a_short_win() {
    let all = SearchOptions::default();
    let one_off = [
        SearchOptions { table: false, ..all },
        SearchOptions { ordering: false, ..all },
        SearchOptions { root_order: false, ..all },
        SearchOptions { half_step_continuations: false, ..all },
        SearchOptions { guess_ordering: false, ..all },
    ];
    let position = after(SHORT_WIN);
    for options in one_off {
        let turn = Bot::new(SoccerEvaluation::default(), Level::STRONGEST, 1)
            .with_options(options)
            .play_turn(&position, 200_000, &NoDeadline)
            .expect("a turn");
        let mut played = position;
        for &direction in &turn.actions {
            played.step(direction).expect("the bot plays legal steps");
        }
        let winner = played.outcome().and_then(|outcome| outcome.winner());
        assert_eq!(winner, Some(position.to_move()), "{options:?}: {:?}", turn.actions);
    }
}

/// The second seat to act; of its 17 ways to end the turn, 16 leave the first seat a winning turn.
const ONE_SAFE_TURN: &str = "3020561741066023524450075617";
/// The first seat to act; 17 of its 22 ways to end the turn leave the second seat a winning turn.
const FEW_SAFE_TURNS: &str = "6530542357771247132213355";

#[test]
fn the_bot_avoids_a_turn_that_lets_the_opponent_win_at_once() {
    for digits in [ONE_SAFE_TURN, FEW_SAFE_TURNS] {
        let position = after(digits);
        let ends = turn_ends(&position);
        let safe = ends.iter().filter(|(_, end)| !end.is_over() && !wins_this_turn(end)).count();
        assert!(safe > 0 && safe * 3 < ends.len(), "{digits}: {safe} safe turns of {}", ends.len());
        let (turn, played, _) = bot_turn(&position, 200_000, 1);
        assert!(!played.is_over(), "{digits}: {turn} ends the game");
        assert!(!wins_this_turn(&played), "{digits}: after {turn} the opponent wins at once");
    }
}

#[test]
fn the_bot_scores_through_a_post_even_without_budget() {
    // The ball two rows below the top goal, the first seat to act: a step to a post bounces, and the next one
    // enters the goal. The shallowest search, which every turn gets, sees that.
    let position = after("0000");
    assert_eq!(position.to_move(), Seat::FIRST);
    let (turn, played, _) = bot_turn(&position, 0, 1);
    assert_eq!(played.outcome().and_then(|outcome| outcome.winner()), Some(Seat::FIRST), "{turn}");
}

#[test]
fn the_same_seed_plays_the_same_turns() {
    for level in [1, 4, 8] {
        let level = Level::new(level).expect("a level");
        let play = |seed: u64| {
            let mut game = AnyGame::new(&GameKind::PaperSoccer.default_ruleset());
            let mut texts = Vec::new();
            for turn in 0..12u64 {
                if game.to_act().is_none() {
                    break;
                }
                let chosen = play_any_turn(&game, level, seed + turn, 5_000, &NoDeadline).expect("a turn");
                game.play(&chosen.text()).expect("a legal turn");
                texts.push(chosen.text());
            }
            texts
        };
        assert_eq!(play(9), play(9), "level {}", level.number());
    }
}

#[test]
fn a_beginner_with_another_seed_plays_other_turns_sometimes() {
    let turns = |seed: u64| -> Vec<String> {
        (0..20u64)
            .map(|offset| {
                let game = AnyGame::new(&GameKind::PaperSoccer.default_ruleset());
                play_any_turn(&game, Level::WEAKEST, seed * 100 + offset, 1_000, &NoDeadline).expect("a turn").text()
            })
            .collect()
    };
    let first = turns(1);
    let distinct: std::collections::BTreeSet<&String> = first.iter().collect();
    assert!(distinct.len() > 1, "a beginner varies its opening: {first:?}");
}

/// A position of `kind` reached by `choices.len()` random actions (stopping before the end of the game).
fn random_position(kind: GameKind, choices: &[u64]) -> AnyGame {
    let mut game = AnyGame::new(&kind.default_ruleset());
    for &choice in choices {
        let Some(action) = game.pick_legal_action(choice) else { break };
        let mut next = game.clone();
        let played = next.play(&action).expect("a legal action");
        if matches!(played.progress, Progress::GameOver(_)) {
            break;
        }
        game = next;
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Whatever the kind, position, level and budget, the bot's turn is legal, whole (it ends where the other
    /// seat acts or the game ends) and never empty; and asked again with the same seed, the bot plays it again.
    #[test]
    fn the_bot_plays_a_legal_whole_turn_in_any_position(
        kind in proptest::sample::select(GameKind::ALL),
        choices in proptest::collection::vec(any::<u64>(), 0..150),
        level in 1u8..=8,
        nodes in 0u64..3_000,
        seed in any::<u64>(),
    ) {
        let game = random_position(kind, &choices);
        prop_assume!(game.to_act().is_some());
        if kind.hidden_information() {
            // A kind with secrets is played from a seat's view (`SeatView`), never from the whole game.
            let refused = play_any_turn(&game, Level::new(level).expect("a level"), seed, nodes, &NoDeadline);
            prop_assert_eq!(refused, Err(kartka_bot::BotError::HiddenInformation));
            return Ok(());
        }
        let turn = play_any_turn(&game, Level::new(level).expect("a level"), seed, nodes, &NoDeadline).expect("a turn");
        prop_assert!(!turn.actions.is_empty());
        let mut played = game.clone();
        let result = played.play(&turn.text());
        prop_assert!(result.is_ok(), "{:?} refused {}: {:?}", kind, turn.text(), result);
        let progress = result.expect("checked").progress;
        prop_assert_ne!(progress, Progress::TurnContinues, "the turn {} stops in the middle", turn.text());
        let again = play_any_turn(&game, Level::new(level).expect("a level"), seed, nodes, &NoDeadline).expect("a turn");
        prop_assert_eq!(again, turn, "the same seed and budget give the same turn");
    }
}

#[test]
fn a_deadline_that_has_passed_still_gets_a_legal_turn() {
    let position = after(ONE_SAFE_TURN);
    let turn = Bot::new(SoccerEvaluation::default(), Level::STRONGEST, 1)
        .play_turn(&position, u64::MAX, &|| true)
        .expect("a turn");
    let mut played = position;
    for &direction in &turn.actions {
        played.step(direction).expect("legal");
    }
    assert!(played.is_over() || played.to_move() != position.to_move());
}

#[test]
fn on_a_small_closing_in_board_the_bot_plays_a_move_the_solver_proves() {
    let size = BoardSize::new(4).expect("a size");
    let won = ["A1 D4", "A1 C3", "B2 C3", "A1 B3", "B2 D4", "A1 D1"]
        .into_iter()
        .map(|moves| {
            let mut position = closing_in::Position::new(size);
            for square in parse_squares(moves).expect("squares") {
                position.play(square).expect("a legal placement");
            }
            position
        })
        .find(|position| {
            matches!(closing_in::solve(position, 10_000_000), Verdict::Proven(solution) if solution.winner == position.to_move())
        })
        .expect("one of the placements is won for the seat to act");
    let turn =
        Bot::new(ClosingInEvaluation, Level::STRONGEST, 1).play_turn(&won, 1_000_000, &NoDeadline).expect("a turn");
    assert_eq!(turn.stats.solved, 1);
    assert_eq!(turn.evaluation, Evaluation::Win(None));
    let mut after_move = won;
    after_move.play(turn.actions[0]).expect("a legal move");
    let still_won = after_move.is_over()
        || matches!(closing_in::solve(&after_move, 10_000_000), Verdict::Proven(solution) if solution.winner == won.to_move());
    assert!(still_won, "the bot's move {} keeps the win", turn.actions[0]);
}

#[test]
fn a_kind_without_its_own_knowledge_still_gets_a_bot_that_takes_wins() {
    // Paper Soccer seen through the generic evaluation only (the number of legal actions), as a new kind would
    // be on the day it lands: the search alone finds the bounce chain into the goal.
    let position = after(SHORT_WIN);
    let turn = Bot::new(Generic, Level::STRONGEST, 1).play_turn(&position, 200_000, &NoDeadline).expect("a turn");
    let mut played = position;
    for &direction in &turn.actions {
        played.step(direction).expect("legal");
    }
    assert_eq!(played.outcome().and_then(|outcome| outcome.winner()), Some(position.to_move()));
}

#[test]
fn a_dots_capture_and_its_extra_move_are_one_turn_that_reads_back() {
    use kartka_engine::dots::{
        parse_actions, write_point, DotsRules, FieldSize, Point, Position as DotsPosition, Start,
    };

    // A red dot hemmed in on three sides by blue ones; blue, to act, closes the fourth side and captures it,
    // which earns an extra move.
    let rules = DotsRules {
        size: FieldSize::new(8, 8).expect("a size"),
        start: Start::Custom,
        extra_move: true,
        ..DotsRules::default()
    };
    let setup = [(Seat::SECOND, 3, 3), (Seat::FIRST, 3, 2), (Seat::FIRST, 2, 3), (Seat::FIRST, 4, 3)];
    let position = DotsPosition::with_dots(rules, setup.map(|(seat, x, y)| (seat, Point::new(x, y)))).expect("a setup");
    assert_eq!(position.to_move(), Seat::FIRST);
    let game = AnyGame::Dots(position);
    let turn = play_any_turn(&game, Level::STRONGEST, 1, 20_000, &NoDeadline).expect("a turn");
    let mut capture = String::new();
    write_point(Point::new(3, 4), &mut capture);
    assert_eq!(turn.actions.first(), Some(&capture), "the bot takes the capture: {turn:?}");
    assert!(turn.actions.len() >= 2, "the capture earns another action: {turn:?}");

    let text = turn.text();
    assert_eq!(parse_actions(&text).map(|actions| actions.len()), Ok(turn.actions.len()), "{text} reads back");
    assert_eq!(
        GameKind::Dots.split_actions(&text).as_ref(),
        Ok(&turn.actions),
        "{text} splits into the turn's actions"
    );
    let mut played = game.clone();
    let progress = played.play(&text).unwrap_or_else(|error| panic!("{text} is refused: {error}")).progress;
    assert_ne!(progress, Progress::TurnContinues, "the turn {text} is whole");
    let AnyGame::Dots(after) = &played else { panic!("a Dots game") };
    assert!(after.counts()[Seat::FIRST.index()] >= 1, "the red dot is captured after {text}");
}

/// A turn clock stopped at 300 ms of a second's turn: past a quarter of it, the search stops deepening once three
/// iterations in a row keep the best action, and before half of it no deadline passes.
fn stopped_clock() -> TurnClock<impl Fn() -> u64> {
    TurnClock::new(ThinkTime { target_ms: 1_000, limit_ms: 1_000, unused_is_lost: true }, || 300)
}

/// A clear position costs a fraction of what the whole budget would buy, and still gets three iterations (the
/// second and third to confirm the first).
#[test]
fn a_settled_search_stops_when_its_best_action_holds() {
    let position = after("");
    let budget = 4_000_000;
    let whole = Bot::new(SoccerEvaluation::default(), Level::STRONGEST, 1)
        .play_turn(&position, budget, &NoDeadline)
        .expect("a turn");
    let settled = Bot::new(SoccerEvaluation::default(), Level::STRONGEST, 1)
        .play_turn(&position, budget, &stopped_clock())
        .expect("a turn");
    assert!(
        settled.stats.nodes * 4 < whole.stats.nodes,
        "settled: {} nodes, whole budget: {} nodes",
        settled.stats.nodes,
        whole.stats.nodes
    );
    assert!(settled.stats.depth >= 3, "three iterations at least: {}", settled.stats.depth);
}

/// A forced step (the only one the ball has) is answered after one iteration, where the open start at the same
/// clock searches three (the test above).
#[test]
fn a_forced_step_costs_one_iteration() {
    let forced = forced_position();
    assert_eq!(forced.legal_directions().count(), 1, "one way out");
    let turn = Bot::new(SoccerEvaluation::default(), Level::STRONGEST, 1)
        .play_turn(&forced, 4_000_000, &stopped_clock())
        .expect("a turn");
    assert_eq!(turn.stats.depth, 1, "one iteration for the forced step: {:?}", turn.stats);
}

/// A position from a random game whose seat to act has a single legal step.
fn forced_position() -> Position {
    let mut position = Position::default();
    let mut choice = 0u64;
    loop {
        let directions: Vec<Direction> = position.legal_directions().collect();
        if directions.len() == 1 && !position.is_over() {
            return position;
        }
        choice = choice.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let direction = directions[(choice >> 33) as usize % directions.len()];
        position.step(direction).expect("a legal step");
        if position.is_over() {
            position = Position::default();
        }
    }
}
