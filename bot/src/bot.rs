//! The bot: plays a whole turn of any game with the search, at a level, under a node budget and a deadline.

use kartka_engine::{Game, Progress};

use crate::evaluate::Evaluate;
use crate::key::position_key;
use crate::level::Level;
use crate::rng::SplitMix64;
use crate::search::{Deadline, RootScores, Search, SearchOptions, DECIDED, STEP, WIN};
use crate::table::{Bound, Table};

/// log2 of the transposition table's default size: 2^18 entries, a few MiB whatever the kind.
const DEFAULT_TABLE_BITS: u32 = 18;

/// Why the bot cannot play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BotError {
    /// The game is over: no seat acts.
    #[error("the game is over")]
    GameOver,
    /// The seat to act has no legal action, yet the game is not over (a kind whose rules would be broken).
    #[error("the seat to act has no legal action")]
    NoLegalAction,
    /// The game keeps secrets: its bot plays from a seat's view ([`SeatView`](crate::SeatView)), never from the
    /// whole game.
    #[error("a game with secrets is played from a seat's view")]
    HiddenInformation,
}

/// How the bot sees the position after its turn, for the seat that played it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Evaluation {
    /// Not decided within the search: the evaluation in [`crate::UNIT`]s, positive when the bot stands better.
    Score(i32),
    /// The bot wins: within this many actions (of both seats) against any defence, when the search counted
    /// them; `None` when an exact solver proved it.
    Win(Option<u32>),
    /// The bot loses against best play: within this many actions, or `None` when a solver proved it.
    Loss(Option<u32>),
}

impl Evaluation {
    fn of_score(score: i32) -> Evaluation {
        if score > DECIDED {
            Evaluation::Win(Some((WIN - score).unsigned_abs()))
        } else if score < -DECIDED {
            Evaluation::Loss(Some((WIN + score).unsigned_abs()))
        } else {
            Evaluation::Score(score)
        }
    }
}

/// What the bot did to choose its turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes visited in all (actions applied in the search, plus the nodes of any solver).
    pub nodes: u64,
    /// The steps (turn-passing actions) the search of the turn's first action looked ahead.
    pub depth: u32,
    /// How many actions of the turn an exact solver chose.
    pub solved: u32,
    /// How many actions of the turn were played from an earlier search's line rather than searched again.
    pub planned: u32,
}

/// The turn the bot plays: every action until the other seat acts (or the game ends).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn<A> {
    /// The actions, in order. Never empty.
    pub actions: Vec<A>,
    /// How the bot sees the game after the turn.
    pub evaluation: Evaluation,
    /// The work behind it.
    pub stats: Stats,
}

/// A bot for games of type `G`, with the kind's knowledge `E`. It keeps its transposition table from turn to
/// turn, so one bot per game plays better than a fresh one each turn; with the same seed, level, budgets and
/// turns asked in the same order, it plays the same actions.
#[derive(Clone, Debug)]
pub struct Bot<G: Game, E> {
    evaluator: E,
    level: Level,
    table: Table<G::Action>,
    rng: SplitMix64,
    options: SearchOptions,
}

impl<G: Game, E: Evaluate<G>> Bot<G, E> {
    /// A bot of `level` whose deliberate mistakes are drawn from `seed`.
    pub fn new(evaluator: E, level: Level, seed: u64) -> Self {
        Bot::with_table_bits(evaluator, level, seed, DEFAULT_TABLE_BITS)
    }

    /// A bot with a transposition table of 2^`bits` entries (4 to 30).
    pub fn with_table_bits(evaluator: E, level: Level, seed: u64, bits: u32) -> Self {
        Bot { evaluator, level, table: Table::new(bits), rng: SplitMix64::new(seed), options: SearchOptions::default() }
    }

    /// The same bot with some of the search's improvements switched off, to measure what each is worth; the
    /// bot plays with [`SearchOptions::default`] otherwise.
    #[must_use]
    pub fn with_options(mut self, options: SearchOptions) -> Self {
        self.options = options;
        self
    }

    /// The bot's level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// The whole turn the bot plays in `game`, within `node_budget` nodes (and the level's cap) and before
    /// `deadline`. Whatever the budget, each action gets at least a one-step search, so there is always a
    /// legal turn to play; the budget is shared out so that the turn's first action gets most of it and each
    /// later action half of what is left.
    ///
    /// From level 6 up (the levels that play their best action) the search of an action also yields the rest
    /// of the turn: the best line it found while the same seat acts, which the bot plays without searching
    /// again ([`Stats::planned`]). That line is what the search's score of the action assumed, seen as deep as
    /// the action itself; a search of a later action alone would only get what time is left of the turn. An
    /// action the line does not reach (the table lost it, or the search stopped short of it) is searched.
    pub fn play_turn(
        &mut self,
        game: &G,
        node_budget: u64,
        deadline: &dyn Deadline,
    ) -> Result<Turn<G::Action>, BotError> {
        let seat = game.to_act().ok_or(BotError::GameOver)?;
        let budget = self.level.node_cap().map_or(node_budget, |cap| cap.min(node_budget));
        let follows_lines = self.level.temperature() == 0;
        let mut position = game.clone();
        let mut actions = Vec::new();
        let mut stats = Stats::default();
        let mut evaluation = None;
        loop {
            let planned = if actions.is_empty() || !follows_lines { None } else { self.planned(&position) };
            let action = match planned {
                Some(action) => {
                    stats.planned += 1;
                    action
                }
                None => {
                    let remaining = budget.saturating_sub(stats.nodes);
                    let share = if actions.is_empty() { remaining - remaining / 4 } else { remaining / 2 };
                    let choice = self.choose(&position, share, deadline)?;
                    stats.nodes += choice.nodes;
                    if actions.is_empty() {
                        stats.depth = choice.depth;
                    }
                    if choice.solved {
                        stats.solved += 1;
                    }
                    evaluation.get_or_insert(choice.evaluation);
                    choice.action
                }
            };
            let progress = position.apply(action).map_err(|_| BotError::NoLegalAction)?;
            actions.push(action);
            if progress != Progress::TurnContinues || position.to_act() != Some(seat) {
                break;
            }
        }
        let evaluation = evaluation.ok_or(BotError::NoLegalAction)?;
        Ok(Turn { actions, evaluation, stats })
    }

    /// The action the last search's best line plays in `position`: the transposition table's best action
    /// there, if it is legal. The table keeps it for every position the search completed, so a line is
    /// followed from the root as far as the search saw it.
    fn planned(&self, position: &G) -> Option<G::Action> {
        // An upper bound's action only failed least badly, under some other line's window: not a line's.
        let entry = self.table.probe(position_key(position)).filter(|entry| entry.bound != Bound::Upper)?;
        let action = entry.best?;
        position.check(action).is_ok().then_some(action)
    }

    /// One action for the seat to act in `position`.
    fn choose(
        &mut self,
        position: &G,
        node_budget: u64,
        deadline: &dyn Deadline,
    ) -> Result<Choice<G::Action>, BotError> {
        let mut solver_nodes = 0;
        let mut proven_loss = false;
        let mut only = Vec::new();
        if self.level.uses_solver() {
            // A quarter of the budget: a proof is worth much, but a solver that runs out wastes what it spent.
            if let Some(proof) = self.evaluator.solve(position, node_budget / 4) {
                if proof.wins && position.check(proof.action).is_ok() {
                    let evaluation = Evaluation::Win(None);
                    return Ok(Choice { action: proof.action, evaluation, nodes: proof.nodes, depth: 0, solved: true });
                }
                solver_nodes = proof.nodes;
                proven_loss = !proof.wins;
            }
            if !proven_loss {
                // Half of the budget for the threat search, whatever it finds: a win, or the only actions that
                // refute the opponent's.
                let threats = self.evaluator.threats(position, node_budget / 2);
                solver_nodes += threats.nodes;
                if let Some(action) = threats.win.filter(|&action| position.check(action).is_ok()) {
                    let evaluation = Evaluation::Win(None);
                    return Ok(Choice { action, evaluation, nodes: solver_nodes, depth: 0, solved: true });
                }
                only = threats.refutations;
            }
        }
        let node_limit = node_budget.saturating_sub(solver_nodes);
        let mut search = Search::new(&self.evaluator, &mut self.table, deadline, node_limit, self.options);
        let max_depth = self.level.max_steps() as i32 * STEP;
        let temperature = self.level.temperature();
        let scores = search.iterate(position, max_depth, temperature > 0, &only).ok_or(BotError::NoLegalAction)?;
        let nodes = search.nodes + solver_nodes;
        let (action, score) = pick(&scores, temperature, &mut self.rng).ok_or(BotError::NoLegalAction)?;
        let evaluation = match Evaluation::of_score(score) {
            Evaluation::Score(_) if proven_loss => Evaluation::Loss(None),
            evaluation => evaluation,
        };
        let depth = u32::try_from(scores.depth / STEP).unwrap_or(0);
        Ok(Choice { action, evaluation, nodes, depth, solved: false })
    }
}

/// One chosen action and what choosing it took.
struct Choice<A> {
    action: A,
    evaluation: Evaluation,
    nodes: u64,
    depth: u32,
    solved: bool,
}

/// The best-scored action at temperature 0; otherwise an action drawn with weight e^((score − best)/T), decided
/// scores counted as a little more than any evaluation so that a seen win is nearly always taken and a seen
/// loss nearly always avoided.
fn pick<A: Copy>(scores: &RootScores<A>, temperature: i32, rng: &mut SplitMix64) -> Option<(A, i32)> {
    let &best = scores.scored.first()?;
    if temperature <= 0 {
        return Some(best);
    }
    let clamp = |score: i32| f64::from(score.clamp(-2 * crate::EVALUATION_LIMIT, 2 * crate::EVALUATION_LIMIT));
    let top = clamp(best.1);
    let weight = |score: i32| ((clamp(score) - top) / f64::from(temperature)).exp();
    let total: f64 = scores.scored.iter().map(|&(_, score)| weight(score)).sum();
    let mut left = rng.next_unit() * total;
    for &(action, score) in &scores.scored {
        left -= weight(score);
        if left < 0.0 {
            return Some((action, score));
        }
    }
    Some(best)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_temperature_zero_the_best_is_always_picked() {
        let scores = RootScores { scored: vec![('a', 50), ('b', 40), ('c', -10)], depth: STEP };
        let mut rng = SplitMix64::new(3);
        for _ in 0..100 {
            assert_eq!(pick(&scores, 0, &mut rng), Some(('a', 50)));
        }
    }

    #[test]
    fn a_softmax_prefers_better_scores_and_almost_never_a_seen_loss() {
        let scores = RootScores { scored: vec![('a', 100), ('b', 0), ('c', -(WIN - 3))], depth: STEP };
        let mut rng = SplitMix64::new(11);
        let mut counts = [0u32; 3];
        for _ in 0..10_000 {
            let (action, _) = pick(&scores, 100, &mut rng).expect("actions to pick from");
            counts[(action as u8 - b'a') as usize] += 1;
        }
        // e^-1 ≈ 0.37: 'b' about 27 % of the time, 'a' about 73 %, 'c' e^-201 times as often as 'a'.
        assert!(counts[0] > counts[1] * 2 && counts[1] > 2_000, "{counts:?}");
        assert_eq!(counts[2], 0, "{counts:?}");
    }

    #[test]
    fn decided_scores_count_their_distance() {
        assert_eq!(Evaluation::of_score(WIN - 3), Evaluation::Win(Some(3)));
        assert_eq!(Evaluation::of_score(-(WIN - 5)), Evaluation::Loss(Some(5)));
        assert_eq!(Evaluation::of_score(120), Evaluation::Score(120));
    }

    use std::cell::{Cell, RefCell};

    use kartka_engine::soccer::{Direction, Position};
    use kartka_engine::Seat;

    use crate::search::{Iteration, NoDeadline};
    use crate::soccer::SoccerEvaluation;

    /// The start position after a flat run of kurnik digits.
    fn after(digits: &str) -> Position {
        let mut position = Position::default();
        for digit in digits.chars() {
            position.step(Direction::from_digit(digit).expect("a digit 0-7")).expect("a legal step");
        }
        position
    }

    /// A midgame position (from a random game) where level 8 bounces: its turn is several steps long.
    const BOUNCING: &str = "302056174106602352445007";

    fn strongest() -> Bot<Position, SoccerEvaluation> {
        Bot::new(SoccerEvaluation::default(), Level::STRONGEST, 1)
    }

    /// The line the bot's table holds from `position` on while `seat` acts.
    fn line(bot: &Bot<Position, SoccerEvaluation>, mut position: Position, seat: Seat) -> Vec<Direction> {
        let mut line = Vec::new();
        while position.to_act() == Some(seat) {
            let Some(action) = bot.planned(&position) else { break };
            position.apply(action).expect("a planned action is legal");
            line.push(action);
        }
        line
    }

    /// Plays `position`'s turn with `bot` within `nodes` and `deadline`, and checks it against the same first
    /// search run alone: the turn starts with that search's action and goes on along the line its table holds,
    /// which is at least `at_least` actions long. Returns the turn.
    fn check_turn_follows_the_line(
        deadline: &dyn Deadline,
        fresh_deadline: &dyn Deadline,
        nodes: u64,
        at_least: usize,
    ) -> Turn<Direction> {
        let position = after(BOUNCING);
        let seat = position.to_act().expect("a game going on");
        let mut searched_once = strongest();
        let turn = strongest().play_turn(&position, nodes, deadline).expect("a turn");

        let mut played = position;
        for &action in &turn.actions {
            assert_eq!(played.to_act(), Some(seat), "the turn ends only at its last action");
            played.apply(action).expect("a legal action");
        }
        assert_ne!(played.to_act(), Some(seat), "the turn is whole");

        let first = searched_once.choose(&position, nodes - nodes / 4, fresh_deadline).expect("an action");
        assert_eq!(first.action, turn.actions[0]);
        let mut after_first = position;
        after_first.apply(first.action).expect("a legal action");
        let line = line(&searched_once, after_first, seat);
        assert!(line.len() >= at_least, "the line: {line:?}, the turn: {:?}", turn.actions);
        assert_eq!(turn.actions[1..=line.len()], line[..], "the turn follows the first search's line");
        assert!(turn.stats.planned as usize >= line.len(), "{:?}", turn.stats);
        turn
    }

    #[test]
    fn a_turn_is_played_from_its_first_search_along_the_line_it_found() {
        let turn = check_turn_follows_the_line(&NoDeadline, &NoDeadline, 300_000, 5);
        assert!(turn.actions.len() > 6, "{:?}", turn.actions);
    }

    /// A deadline that passes once the search has been asked whether to deepen `iterations` times: a turn whose
    /// time ran out during its first action's search.
    struct AfterIterations {
        iterations: u32,
        asked: Cell<u32>,
    }

    impl AfterIterations {
        fn new(iterations: u32) -> Self {
            AfterIterations { iterations, asked: Cell::new(0) }
        }
    }

    impl Deadline for AfterIterations {
        fn passed(&self) -> bool {
            self.asked.get() >= self.iterations
        }

        fn deepen(&self, _: &Iteration) -> bool {
            self.asked.set(self.asked.get() + 1);
            self.asked.get() < self.iterations
        }
    }

    #[test]
    fn later_actions_of_a_turn_whose_time_ran_out_still_come_from_the_deep_search() {
        let turn = check_turn_follows_the_line(&AfterIterations::new(6), &AfterIterations::new(6), u64::MAX, 5);
        assert_eq!(turn.stats.depth, 6, "the first action's search went six steps deep");
    }

    /// A deadline that never passes and keeps what the search told it.
    #[derive(Default)]
    struct Recording(RefCell<Vec<Iteration>>);

    impl Deadline for Recording {
        fn passed(&self) -> bool {
            false
        }

        fn deepen(&self, iteration: &Iteration) -> bool {
            self.0.borrow_mut().push(*iteration);
            self.0.borrow().len() < 4
        }
    }

    #[test]
    fn the_search_tells_its_deadline_the_choices_and_how_long_the_best_action_held() {
        let recording = Recording::default();
        let turn = strongest().play_turn(&Position::default(), u64::MAX, &recording).expect("a turn");
        let iterations = recording.0.borrow();
        assert_eq!(iterations.len(), 4, "asked after each of four iterations, then stopped: {iterations:?}");
        assert!(iterations.iter().all(|iteration| iteration.choices == 8), "eight steps from the centre");
        assert_eq!(iterations[0].same_best, 1, "the first iteration's best is new");
        for pair in iterations.windows(2) {
            let kept = pair[1].same_best == pair[0].same_best + 1;
            assert!(kept || pair[1].same_best == 1, "{iterations:?}");
        }
        assert_eq!(turn.stats.depth, 4);
    }
}
