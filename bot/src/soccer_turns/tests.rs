use std::cell::Cell;
use std::ops::ControlFlow;

use kartka_engine::soccer::{Direction, Pitch, Position, TurnEnumerator};
use kartka_engine::Seat;

use super::children::Children;
use super::*;
use crate::clock::{ThinkTime, TurnClock};
use crate::search::{Iteration, NoDeadline};
use crate::soccer::SoccerEvaluation;
use crate::soccer_net::SoccerNetEvaluation;
use crate::test_games::random_game;

/// Plays `steps` from `position`: they must be legal, leave the same seat to act until the last, and end the
/// turn there (the other seat to act, or the game over). Returns the position after them.
fn assert_whole_legal_turn(position: &Position, steps: &[Direction]) -> Position {
    let seat = position.to_move();
    let mut after = *position;
    for (index, &direction) in steps.iter().enumerate() {
        assert!(!after.is_over() && after.to_move() == seat, "step {index} of {steps:?} out of turn: {position:?}");
        after.step(direction).unwrap_or_else(|error| panic!("step {index} of {steps:?}: {error:?}"));
    }
    assert!(after.is_over() || (after.to_move() != seat && !after.must_continue()), "{steps:?} is not whole");
    after
}

/// Whether the seat to act in `position` has a turn that wins at once.
fn wins_at_once(enumerator: &mut TurnEnumerator, position: &Position) -> bool {
    let seat = position.to_move();
    let mut wins = false;
    enumerator.for_each_distinct_turn(position, |_, after| {
        wins |= after.outcome().is_some_and(|outcome| outcome.winner() == Some(seat));
    });
    wins
}

/// Positions of seeded random games where a turn starts (or goes on), the game not over.
fn random_positions(pitch: Pitch, games: u64, every: usize) -> impl Iterator<Item = Position> {
    (0..games).flat_map(move |seed| random_game(pitch, seed).filter(|position| !position.is_over()).step_by(every))
}

#[test]
fn the_turns_played_are_whole_and_legal_on_random_positions_of_every_pitch() {
    let network = SoccerNetEvaluation::embedded();
    let mut played = 0;
    for position in random_positions(Pitch::STANDARD, 12, 7) {
        let turn = play_turn(&position, &network, Backup::Average, 3_000, &NoDeadline).expect("a turn");
        assert_whole_legal_turn(&position, &turn.actions);
        played += 1;
    }
    let wide = Pitch::new(10, 12, 4).expect("a legal pitch");
    for position in random_positions(wide, 6, 9) {
        let turn =
            play_turn(&position, &SoccerEvaluation::default(), Backup::Minimax, 3_000, &NoDeadline).expect("a turn");
        assert_whole_legal_turn(&position, &turn.actions);
        played += 1;
    }
    assert!(played > 40, "only {played} positions: the test saw too little");
}

#[test]
fn a_goal_within_the_turn_is_scored() {
    let network = SoccerNetEvaluation::embedded();
    let mut enumerator = TurnEnumerator::new();
    let mut seen = 0;
    for position in random_positions(Pitch::STANDARD, 200, 1) {
        if seen == 6 {
            break;
        }
        if !wins_at_once(&mut enumerator, &position) {
            continue;
        }
        for backup in [Backup::Average, Backup::Minimax, Backup::Blend] {
            let turn = play_turn(&position, &network, backup, 2_000, &NoDeadline).expect("a turn");
            let after = assert_whole_legal_turn(&position, &turn.actions);
            let winner = after.outcome().and_then(|outcome| outcome.winner());
            assert_eq!(winner, Some(position.to_move()), "{backup:?} missed the goal: {position:?}");
            let steps = u32::try_from(turn.actions.len()).expect("a short turn");
            assert_eq!(turn.evaluation, Evaluation::Win(Some(steps)), "a goal within the turn counts its steps");
        }
        seen += 1;
    }
    assert_eq!(seen, 6, "random games offered too few goals within a turn");
}

#[test]
fn a_turn_that_lets_the_opponent_score_at_once_is_avoided_when_a_safe_one_exists() {
    let network = SoccerNetEvaluation::embedded();
    let mut enumerator = TurnEnumerator::new();
    let mut answers = TurnEnumerator::new();
    let mut seen = 0;
    for position in random_positions(Pitch::STANDARD, 300, 1) {
        if seen == 5 {
            break;
        }
        let seat: Seat = position.to_move();
        let (mut safe, mut unsafe_turns, mut turns) = (0, 0, 0);
        let mut winning = false;
        enumerator.for_each_distinct_turn(&position, |_, after| {
            turns += 1;
            if after.is_over() {
                winning |= after.outcome().is_some_and(|outcome| outcome.winner() == Some(seat));
            } else if wins_at_once(&mut answers, after) {
                unsafe_turns += 1;
            } else {
                safe += 1;
            }
        });
        if winning || safe == 0 || unsafe_turns == 0 || turns > 60 {
            continue;
        }
        for backup in [Backup::Average, Backup::Minimax, Backup::Blend] {
            let turn = play_turn(&position, &network, backup, 20_000, &NoDeadline).expect("a turn");
            let after = assert_whole_legal_turn(&position, &turn.actions);
            assert!(!after.is_over(), "{backup:?} ended the game without winning it: {position:?}");
            assert!(!wins_at_once(&mut answers, &after), "{backup:?} let the opponent score: {position:?}");
        }
        seen += 1;
    }
    assert_eq!(seen, 5, "random games offered too few positions with safe and unsafe turns");
}

/// How many distinct turns the seat to act has in `position`, counted up to `most + 1`.
fn turns_up_to(enumerator: &mut TurnEnumerator, position: &Position, most: u64) -> u64 {
    let mut counted = 0;
    enumerator.for_each_distinct_turn_until(position, |_, _| {
        counted += 1;
        if counted > most {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    counted
}

/// Whether every turn of the seat to act in `position` loses at once: it ends the game lost, or leaves the
/// other seat a goal within its turn (the engine's goal reach, which its own tests find exact: some turn of
/// that seat's then scores).
fn every_turn_loses_at_once(enumerator: &mut TurnEnumerator, position: &Position) -> bool {
    let seat = position.to_move();
    let mut all_lose = true;
    enumerator.for_each_distinct_turn_until(position, |_, after| {
        all_lose &= match after.outcome() {
            Some(outcome) => outcome.winner().is_some_and(|winner| winner != seat),
            None => after.goal_reach().turns(after.to_move()) == Some(0),
        };
        if all_lose {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    });
    all_lose
}

#[test]
fn a_position_whose_every_turn_lets_the_opponent_score_is_proven_lost_by_its_listing_alone() {
    let network = SoccerNetEvaluation::embedded();
    let mut enumerator = TurnEnumerator::new();
    let mut children = Children::default();
    let (mut trapped, mut with_a_way_out) = (0, 0);
    for position in random_positions(Pitch::STANDARD, 300, 1) {
        if trapped == 8 && with_a_way_out == 8 {
            break;
        }
        if turns_up_to(&mut enumerator, &position, 2 * CHILDREN_KEPT as u64) > 2 * CHILDREN_KEPT as u64 {
            continue;
        }
        let lost = every_turn_loses_at_once(&mut enumerator, &position);
        if (lost && trapped == 8) || (!lost && with_a_way_out == 8) {
            continue;
        }
        let listing = children.list(&position, &network, None).expect("no deadline");
        let all_proven_lost = children.candidates.iter().all(|candidate| candidate.proof == Proof::Lost);
        assert_eq!(all_proven_lost && listing.complete, lost, "{position:?}");
        if lost {
            trapped += 1;
        } else {
            with_a_way_out += 1;
        }
    }
    assert_eq!((trapped, with_a_way_out), (8, 8), "random games offered too few positions of each");
}

#[test]
fn a_turn_that_leaves_every_answer_lost_at_once_is_found_and_proven_won() {
    let network = SoccerNetEvaluation::embedded();
    let (mut enumerator, mut answers) = (TurnEnumerator::new(), TurnEnumerator::new());
    let mut seen = 0;
    for position in random_positions(Pitch::STANDARD, 300, 1) {
        if seen == 6 {
            break;
        }
        if turns_up_to(&mut enumerator, &position, 60) > 60 {
            continue;
        }
        let seat = position.to_move();
        let (mut forcing, mut wins_now) = (0, false);
        enumerator.for_each_distinct_turn(&position, |_, after| match after.outcome() {
            Some(outcome) => wins_now |= outcome.winner() == Some(seat),
            None => forcing += usize::from(every_turn_loses_at_once(&mut answers, after)),
        });
        if wins_now || forcing == 0 {
            continue;
        }
        for backup in [Backup::Average, Backup::Minimax, Backup::Blend] {
            let turn = play_turn(&position, &network, backup, u64::MAX, &NoDeadline).expect("a turn");
            assert_eq!(turn.evaluation, Evaluation::Win(None), "{backup:?}: {position:?}");
            assert_whole_legal_turn(&position, &turn.actions);
        }
        seen += 1;
    }
    assert_eq!(seen, 6, "random games offered too few positions with a forcing turn");
}

#[test]
fn the_same_node_budget_gives_the_same_turn() {
    let network = SoccerNetEvaluation::embedded();
    for position in random_positions(Pitch::STANDARD, 3, 11) {
        for backup in [Backup::Average, Backup::Minimax, Backup::Blend] {
            let first = play_turn(&position, &network, backup, 5_000, &NoDeadline).expect("a turn");
            let second = play_turn(&position, &network, backup, 5_000, &NoDeadline).expect("a turn");
            assert_eq!(first, second, "{position:?}");
        }
    }
}

#[test]
fn a_deadline_already_passed_gets_a_legal_turn_from_the_root_s_turns_alone() {
    let network = SoccerNetEvaluation::embedded();
    let mut enumerator = TurnEnumerator::new();
    for position in random_positions(Pitch::STANDARD, 4, 9) {
        let passed = TurnClock::new(ThinkTime { target_ms: 0, limit_ms: 0, unused_is_lost: true }, || 0);
        let turn = play_turn(&position, &network, Backup::Average, u64::MAX, &passed).expect("a turn");
        assert_whole_legal_turn(&position, &turn.actions);
        // The root's turns up to the first that wins (which is played), or the first LISTED_TURNS.
        let seat = position.to_move();
        let mut listed = 0;
        let root_turns = enumerator.for_each_distinct_turn_until(&position, |_, after| {
            listed += 1;
            let wins = after.outcome().is_some_and(|outcome| outcome.winner() == Some(seat));
            if wins || listed == LISTED_TURNS {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!(turn.stats.nodes, root_turns, "only the root's turns were listed: {position:?}");
    }
}

/// A deadline that passes at its `at`-th look and counts the looks.
struct PassesAt {
    at: u32,
    looks: Cell<u32>,
}

impl Deadline for PassesAt {
    fn passed(&self) -> bool {
        self.looks.set(self.looks.get() + 1);
        self.looks.get() >= self.at
    }
}

#[test]
fn the_search_stops_at_its_first_look_after_the_deadline() {
    let network = SoccerNetEvaluation::embedded();
    let position = random_positions(Pitch::STANDARD, 5, 1).nth(20).expect("a position");
    let deadline = PassesAt { at: 30, looks: Cell::new(0) };
    let turn = play_turn(&position, &network, Backup::Average, u64::MAX, &deadline).expect("a turn");
    assert_whole_legal_turn(&position, &turn.actions);
    assert_eq!(deadline.looks.get(), 30, "no look after the deadline passed");
    let unbounded = play_turn(&position, &network, Backup::Average, turn.stats.nodes * 4, &NoDeadline).expect("a turn");
    assert!(unbounded.stats.nodes > turn.stats.nodes, "the deadline, not the position, ended the search");
}

/// A deadline that never passes and keeps what the search told it, stopping it after `reports`.
struct Recording {
    reports: usize,
    seen: std::cell::RefCell<Vec<Iteration>>,
}

impl Deadline for Recording {
    fn passed(&self) -> bool {
        false
    }

    fn deepen(&self, iteration: &Iteration) -> bool {
        self.seen.borrow_mut().push(*iteration);
        self.seen.borrow().len() < self.reports
    }
}

#[test]
fn the_deadline_hears_the_choices_and_how_long_the_best_turn_held_and_can_stop_the_search() {
    let recording = Recording { reports: 4, seen: std::cell::RefCell::default() };
    let turn = play_turn(&Position::default(), &SoccerNetEvaluation::embedded(), Backup::Average, u64::MAX, &recording)
        .expect("a turn");
    assert_whole_legal_turn(&Position::default(), &turn.actions);
    let seen = recording.seen.borrow();
    assert_eq!(seen.len(), 4, "told after 8, 16, 32 and 64 iterations, then stopped: {seen:?}");
    assert!(seen.iter().all(|iteration| iteration.choices == 8), "eight turns from the centre: {seen:?}");
    assert_eq!(seen[0].same_best, 1);
    for pair in seen.windows(2) {
        assert!(pair[1].same_best == pair[0].same_best + 1 || pair[1].same_best == 1, "{seen:?}");
    }
}

#[test]
fn level_8_plays_the_turn_search_by_default_and_lower_levels_the_step_search() {
    use crate::any::{play_any_turn, play_any_turn_configured, Configuration, SoccerSearch};
    use crate::level::Level;
    use kartka_engine::{AnyGame, GameKind};

    let mut game = AnyGame::new(&GameKind::PaperSoccer.default_ruleset());
    game.play("0").expect("a legal step");
    let configured = |level: Level, soccer_search| {
        let configuration = Configuration { soccer_search, ..Configuration::default() };
        play_any_turn_configured(&game, level, 1, 4_000, &NoDeadline, configuration).expect("a turn")
    };
    for level in [Level::STRONGEST, Level::new(7).expect("a level")] {
        let by_default = play_any_turn(&game, level, 1, 4_000, &NoDeadline).expect("a turn");
        let turns = configured(level, SoccerSearch::Turns(Backup::Blend));
        let steps = configured(level, SoccerSearch::Steps);
        assert_ne!(turns.stats, steps.stats, "the two searches differ in their work");
        let expected = if level == Level::STRONGEST { turns } else { steps };
        assert_eq!(by_default, expected, "level {}", level.number());
    }
}

/// The embedded network, judging the positions of a batch in reverse order and counting the batches: the
/// search must ask for many positions at once and use each answer for its own position.
struct BatchCounting {
    network: SoccerNetEvaluation<'static>,
    batches: Cell<usize>,
    largest: Cell<usize>,
}

impl Evaluate<Position> for BatchCounting {
    fn evaluate(&self, position: &Position) -> i32 {
        self.network.evaluate(position)
    }

    fn guess(&self, position: &Position) -> i32 {
        self.network.guess(position)
    }

    fn evaluate_many(&self, positions: &[Position], values: &mut Vec<i32>) {
        self.batches.set(self.batches.get() + 1);
        self.largest.set(self.largest.get().max(positions.len()));
        let start = values.len();
        values.extend(positions.iter().rev().map(|position| self.network.evaluate(position)));
        values[start..].reverse();
    }
}

#[test]
fn the_children_are_judged_in_batches_each_answer_for_its_own_position() {
    let mut batched_turns = 0;
    for position in random_positions(Pitch::STANDARD, 6, 11) {
        let network = SoccerNetEvaluation::embedded();
        let batching = BatchCounting { network, batches: Cell::new(0), largest: Cell::new(0) };
        let one_by_one = play_turn(&position, &network, Backup::Average, 4_000, &NoDeadline).expect("a turn");
        let batched = play_turn(&position, &batching, Backup::Average, 4_000, &NoDeadline).expect("a turn");
        assert_eq!(batched.actions, one_by_one.actions, "{position:?}");
        assert_eq!(batched.evaluation, one_by_one.evaluation, "{position:?}");
        assert!(batching.largest.get() <= 64, "a batch of {}", batching.largest.get());
        if batching.largest.get() > 1 {
            batched_turns += 1;
        }
    }
    assert!(batched_turns > 10, "only {batched_turns} searches judged more than one position at once");
}

/// A search whose tree is a root with two open children, `(minimax, visits)` each, as iterations left them.
fn root_with_children<'a>(
    evaluation: &'a SoccerEvaluation,
    backup: Backup,
    children: &[(f32, u32)],
) -> search::TurnSearch<'a, SoccerEvaluation> {
    let mut search = search::TurnSearch::new(evaluation, &NoDeadline, backup, u64::MAX);
    for &(minimax, visits) in children {
        let mut child = tree::Node::new(0, 0, minimax, tree::Proof::Open);
        child.visits = visits;
        child.sum = minimax * visits as f32;
        search.tree.nodes.push(child);
    }
    let root = &mut search.tree.nodes[0];
    (root.first_child, root.children, root.expanded) = (1, children.len() as u32, true);
    root.visits = children.iter().map(|&(_, visits)| visits).sum();
    search
}

#[test]
fn each_backup_rule_plays_its_own_choice_between_a_searched_turn_and_a_better_valued_one() {
    // Child 1: valued 0 after 10 visits; child 2: valued 0.6 after 6. UCT plays the most visited, minimax the
    // best valued, the blend the best minimax value + ln(visits + 3): 2.565 against 2.797.
    let evaluation = SoccerEvaluation::default();
    let children = [(0.0, 10), (0.6, 6)];
    assert_eq!(root_with_children(&evaluation, Backup::Average, &children).best_child(), 1);
    assert_eq!(root_with_children(&evaluation, Backup::Minimax, &children).best_child(), 2);
    assert_eq!(root_with_children(&evaluation, Backup::Blend, &children).best_child(), 2);
    // Ten visits against six is not enough to outweigh 0.1 of value for the blend, forty against six is.
    assert_eq!(root_with_children(&evaluation, Backup::Blend, &[(0.5, 40), (0.6, 6)]).best_child(), 1);
}

#[test]
fn the_blend_tries_a_child_never_visited_with_its_first_visit_bonus_and_wider_below_the_root() {
    let evaluation = SoccerEvaluation::default();
    let search = root_with_children(&evaluation, Backup::Blend, &[(0.2, 0), (0.2, 4)]);
    let log_visits = 5f32.ln();
    let [never, visited] = [1, 2].map(|index| search.tree.nodes[index]);
    assert_eq!(search.exploration(0, &never, log_visits), ROOT_FIRST_VISIT_BONUS);
    assert_eq!(search.exploration(3, &never, log_visits), FIRST_VISIT_BONUS);
    let ucb = BLEND_EXPLORATION * (log_visits / 4.0).sqrt();
    assert_eq!(search.exploration(0, &visited, log_visits), ucb);
    let average = root_with_children(&evaluation, Backup::Average, &[(0.2, 0), (0.2, 4)]);
    assert_eq!(average.exploration(0, &visited, log_visits), 0.5 * (log_visits / 5.0).sqrt());
}

#[test]
fn the_blend_lists_a_node_s_turns_on_its_second_visit_only() {
    let network = SoccerNetEvaluation::embedded();
    let position = random_positions(Pitch::STANDARD, 2, 1).nth(10).expect("a position");
    let root_turns = {
        let mut search = search::TurnSearch::new(&network, &NoDeadline, Backup::Blend, 0);
        search.run(&position).expect("a turn").turns
    };
    // A budget of one turn past the root's: one iteration.
    let mut blend = search::TurnSearch::new(&network, &NoDeadline, Backup::Blend, root_turns + 1);
    blend.run(&position).expect("a turn");
    let root = blend.tree.nodes[0];
    assert!(root.children > 1, "a position with choices: {position:?}");
    assert_eq!(blend.tree.nodes.len(), 1 + root.children as usize, "no child listed on its first visit");
    let visited: Vec<u32> = root.child_indices().map(|index| blend.tree.nodes[index].visits).collect();
    assert_eq!(visited.iter().sum::<u32>(), 1, "one child visited once: {visited:?}");
    let mut average = search::TurnSearch::new(&network, &NoDeadline, Backup::Average, root_turns + 1);
    average.run(&position).expect("a turn");
    assert!(average.tree.nodes.len() > 1 + average.tree.nodes[0].children as usize, "UCT lists at once");
}

#[test]
fn the_tree_s_most_visited_nodes_are_whole_turns_from_the_root_with_the_values_the_search_gave_them() {
    let network = SoccerNetEvaluation::embedded();
    let mut played_found = 0;
    for position in random_positions(Pitch::STANDARD, 4, 9) {
        let (turn, nodes) =
            play_turn_with_tree(&position, &network, Backup::Blend, 20_000, &NoDeadline, 8, 2).expect("a turn");
        assert_eq!(turn, play_turn(&position, &network, Backup::Blend, 20_000, &NoDeadline).expect("a turn"));
        assert!(nodes.len() <= 8, "{} nodes asked for 8", nodes.len());
        assert!(nodes.windows(2).all(|pair| pair[0].visits >= pair[1].visits), "most visited first");
        for node in &nodes {
            assert!(node.visits >= 2, "{node:?}");
            let mut after = position;
            for steps in &node.turns {
                assert!(!after.is_over(), "a turn after the game ended: {node:?}");
                after = assert_whole_legal_turn(&after, steps);
            }
            if node.turns == [turn.actions.clone()] {
                played_found += 1;
                match turn.evaluation {
                    Evaluation::Win(_) => assert_eq!(node.evaluation, Evaluation::Win(None)),
                    evaluation => assert_eq!(node.evaluation, evaluation, "{node:?}"),
                }
            }
        }
    }
    assert!(played_found > 3, "the turn played was among the most visited only {played_found} times");
}
