//! The search: negamax alpha-beta over single actions with iterative deepening and a transposition table.
//!
//! A node is a position and the seat to act in it. An action that leaves the same seat to act (a bounce in
//! Paper Soccer) keeps the score's point of view and costs a fraction of a step of depth; an action that
//! passes the turn flips the point of view and costs a whole step. So a turn of a hundred bounces is a path of
//! a hundred nodes, never a list of every whole turn, and a long bounce chain is still seen through.

use kartka_engine::{Game, Outcome, Progress, Seat};

use crate::evaluate::{Evaluate, EVALUATION_LIMIT};
use crate::key::position_key;
use crate::table::{Bound, Entry, Table};

/// The score of a game won at the root; a win `n` actions away scores `WIN - n`, so nearer wins score higher.
pub(crate) const WIN: i32 = 1_000_000;
/// Scores beyond ±this are decided games.
pub(crate) const DECIDED: i32 = WIN - 100_000;
/// Larger than any score.
const INFINITY: i32 = WIN + 1;

/// Depth units of an action that passes the turn: one step of look-ahead.
pub(crate) const STEP: i32 = 4;
/// Depth units of an action after which the same seat acts again: half a step, so that a bounce chain twice as
/// long as the depth is still searched to its end.
const CONTINUATION: i32 = 2;
/// How many nodes pass between two looks at the deadline.
const DEADLINE_INTERVAL: u64 = 256;

/// Something that tells the search when its time is up. The bot reads no clock itself: the caller's deadline
/// does (or counts, in tests). Any `Fn() -> bool` is one.
pub trait Deadline {
    /// Whether the search must stop now and answer with what it has.
    fn passed(&self) -> bool;

    /// Whether to search one step deeper, `iteration` having just completed. The search asks after every
    /// complete iteration but the last its depth allows, and stops when told no; so a deadline can answer a
    /// forced or settled action early and give an unsettled one the whole time ([`crate::clock::TurnClock`]).
    /// Always, by default (any `Fn() -> bool`): the deadline alone ends the search.
    fn deepen(&self, iteration: &Iteration) -> bool {
        let _ = iteration;
        true
    }
}

/// How the search's iterations have gone so far, for its [`Deadline`] to decide whether another is worth its
/// time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Iteration {
    /// How many complete iterations in a row, the last included, chose the same best action: 1 when the last
    /// changed it (or was the first).
    pub same_best: u32,
    /// How many actions the root chooses from: 1 is a forced action, which no deeper search changes.
    pub choices: usize,
    /// Whether every further iteration improves the answer a little (UCT over whole turns), rather than a
    /// whole deeper search that a deadline cuts off half done (iterative deepening). On a clock whose unused
    /// time is lost (`ThinkTime::unused_is_lost`) such a search thinks to its target once its best action
    /// holds, never stopping at half of it.
    pub anytime: bool,
}

impl<F: Fn() -> bool> Deadline for F {
    fn passed(&self) -> bool {
        self()
    }
}

/// A deadline that never comes: the node budget alone ends the search.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoDeadline;

impl Deadline for NoDeadline {
    fn passed(&self) -> bool {
        false
    }
}

/// The search's improvements over plain fixed-order alpha-beta, each switchable so that its gain can be measured
/// (`kartka-bot-lab ladder --pit`, docs/bot.md). The default, every one on, is how the bot always plays; the others
/// exist for measurement only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SearchOptions {
    /// Probe and fill the transposition table: cut-offs on positions already searched deeply enough (bounce
    /// networks reach one position by many paths), and the best action remembered for move ordering.
    pub table: bool,
    /// At inner nodes, search the table's best action first, then the others by the static evaluation of the
    /// position they lead to. Off, actions come in the kind's own order.
    pub ordering: bool,
    /// At the root, search the previous iteration's actions best first, so that an iteration the budget
    /// interrupts still improves the answer. Off, the kind's own order every time, and an interrupted
    /// iteration is thrown away.
    pub root_order: bool,
    /// An action after which the same seat acts again costs half a step of depth. Off, it costs a whole step
    /// like any other, so bounce chains are seen half as far.
    pub half_step_continuations: bool,
    /// Order an inner node's actions by the kind's cheap guess ([`Evaluate::guess`]) of the positions they lead
    /// to. Off, by the full evaluation, as before Paper Soccer's evaluation grew dear (issue #40).
    pub guess_ordering: bool,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            table: true,
            ordering: true,
            root_order: true,
            half_step_continuations: true,
            guess_ordering: true,
        }
    }
}

/// The scores the root's actions got in one iteration, and how deep it searched.
#[derive(Clone, Debug)]
pub(crate) struct RootScores<A> {
    /// Each root action with its score for the seat to act, best first.
    pub(crate) scored: Vec<(A, i32)>,
    /// The depth of the iteration, in depth units.
    pub(crate) depth: i32,
}

/// One search from a root position: the state that lives as long as the search.
pub(crate) struct Search<'a, G: Game, E> {
    evaluator: &'a E,
    table: &'a mut Table<G::Action>,
    deadline: &'a dyn Deadline,
    options: SearchOptions,
    /// Nodes visited (actions applied) so far.
    pub(crate) nodes: u64,
    node_limit: u64,
    /// Whether the limits apply yet: the first iteration always completes, so there is always an answer.
    limits_armed: bool,
    aborted: bool,
    /// A reusable list of scored actions per ply, so that a node allocates nothing once the lists have grown.
    lists: Vec<Vec<(i32, G::Action)>>,
}

impl<'a, G: Game, E: Evaluate<G>> Search<'a, G, E> {
    /// A search with `options` that stops after `node_limit` nodes or at the deadline.
    pub(crate) fn new(
        evaluator: &'a E,
        table: &'a mut Table<G::Action>,
        deadline: &'a dyn Deadline,
        node_limit: u64,
        options: SearchOptions,
    ) -> Self {
        Search {
            evaluator,
            table,
            deadline,
            options,
            nodes: 0,
            node_limit,
            limits_armed: false,
            aborted: false,
            lists: Vec::new(),
        }
    }

    /// Iterative deepening from `root` (a position where some seat acts), one step deeper each time, up to
    /// `max_depth` units. With `exact_scores`, every root action gets an exact score (for a softmax choice);
    /// without, only the best one does. Returns the last iteration that completed, or the part of an
    /// interrupted one that beat it. `None` only when the seat to act has no legal action. Non-empty `only`
    /// restricts the root to those of its actions that are legal (all, if none is).
    pub(crate) fn iterate(
        &mut self,
        root: &G,
        max_depth: i32,
        exact_scores: bool,
        only: &[G::Action],
    ) -> Option<RootScores<G::Action>> {
        let mut best: Option<RootScores<G::Action>> = None;
        let mut depth = STEP;
        let mut same_best = 0;
        while depth <= max_depth.max(STEP) {
            let previous_order: Vec<G::Action> = best
                .as_ref()
                .filter(|_| self.options.root_order)
                .map(|scores| scores.scored.iter().map(|&(action, _)| action).collect())
                .unwrap_or_default();
            let (scored, complete) = self.root(root, depth, exact_scores, &previous_order, only);
            if scored.is_empty() {
                return best;
            }
            let choices = scored.len();
            if complete {
                let decided = scored[0].1.abs() > DECIDED;
                let previous_best = best.as_ref().and_then(|scores| scores.scored.first()).map(|&(action, _)| action);
                same_best = if previous_best == Some(scored[0].0) { same_best + 1 } else { 1 };
                best = Some(RootScores { scored, depth });
                if decided {
                    break;
                }
            } else {
                // The previous best was searched first, with a full window; an action that scored above it
                // before the interruption is better at the new depth. A softmax needs every score, so it keeps
                // the last whole iteration; so does a search without root ordering, where the partial best
                // may only be the best of the few actions searched.
                if let Some(old) = best.as_mut().filter(|_| !exact_scores && self.options.root_order) {
                    let (action, score) = scored[0];
                    if old.scored.first().map(|&(best_action, _)| best_action) != Some(action) {
                        old.scored.retain(|&(other, _)| other != action);
                        old.scored.insert(0, (action, score));
                    }
                }
                break;
            }
            self.limits_armed = true;
            if self.out_of_budget()
                || depth >= max_depth
                || !self.deadline.deepen(&Iteration { same_best, choices, anytime: false })
            {
                break;
            }
            depth += STEP;
        }
        best
    }

    /// One iteration at the root: every action searched to `depth`, the previous order first. Returns the
    /// actions searched to the end, best first, and whether all were.
    fn root(
        &mut self,
        root: &G,
        depth: i32,
        exact_scores: bool,
        previous_order: &[G::Action],
        only: &[G::Action],
    ) -> (Vec<(G::Action, i32)>, bool) {
        let Some(mover) = root.to_act() else {
            return (Vec::new(), true);
        };
        let mut actions = Vec::new();
        root.for_each_legal_action(|action| actions.push(action));
        if actions.iter().any(|action| only.contains(action)) {
            actions.retain(|action| only.contains(action));
        }
        let rank = |action: &G::Action| previous_order.iter().position(|a| a == action).unwrap_or(usize::MAX);
        actions.sort_by_key(rank);
        let mut scored = Vec::with_capacity(actions.len());
        let mut alpha = -INFINITY;
        for action in actions {
            let mut child = root.clone();
            let Ok(progress) = child.apply(action) else { continue };
            self.nodes += 1;
            let window_bottom = if exact_scores { -INFINITY } else { alpha };
            let score = self.child_score(&child, progress, mover, depth, window_bottom, INFINITY, 0);
            if self.aborted {
                scored.sort_by_key(|&(_, score): &(G::Action, i32)| std::cmp::Reverse(score));
                return (scored, false);
            }
            alpha = alpha.max(score);
            scored.push((action, score));
        }
        // Stable: among equal scores the earlier (previous best, then the kind's order) stays first.
        scored.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
        if let Some(&(best, score)) = scored.first().filter(|_| self.options.table) {
            let key = position_key(root);
            self.table.store(Entry { key, depth, score: to_table(score, 0), bound: Bound::Exact, best: Some(best) });
        }
        (scored, true)
    }

    /// The score of `child`, reached from a position where `mover` acted, for `mover`.
    #[allow(clippy::too_many_arguments)]
    fn child_score(
        &mut self,
        child: &G,
        progress: Progress,
        mover: Seat,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: i32,
    ) -> i32 {
        if let Progress::GameOver(outcome) = progress {
            return decided(outcome, mover, ply + 1);
        }
        match child.to_act() {
            Some(seat) if seat == mover => {
                let cost = if self.options.half_step_continuations { CONTINUATION } else { STEP };
                self.negamax(child, depth - cost, alpha, beta, ply + 1)
            }
            Some(_) => -self.negamax(child, depth - STEP, -beta, -alpha, ply + 1),
            None => child.outcome().map_or(0, |outcome| decided(outcome, mover, ply + 1)),
        }
    }

    /// The score of `game` for the seat to act, searched `depth` units deep within the window (alpha, beta).
    fn negamax(&mut self, game: &G, depth: i32, mut alpha: i32, beta: i32, ply: i32) -> i32 {
        let Some(mover) = game.to_act() else {
            return 0;
        };
        if depth <= 0 {
            return self.evaluator.evaluate(game);
        }
        let key = position_key(game);
        let mut remembered = None;
        if let Some(entry) = self.table.probe(key).filter(|_| self.options.table) {
            remembered = entry.best;
            let score = from_table(entry.score, ply);
            if entry.depth >= depth {
                let usable = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if usable {
                    return score;
                }
            }
        }
        let mut list = self.take_list(ply);
        game.for_each_legal_action(|action| list.push((0, action)));
        let ordering = self.options.ordering && depth > STEP;
        for (order, action) in &mut list {
            *order = if self.options.ordering && Some(*action) == remembered {
                INFINITY
            } else if ordering {
                self.static_score(game, *action, mover)
            } else {
                0
            };
        }
        list.sort_by_key(|&(order, _)| std::cmp::Reverse(order));

        let alpha_at_start = alpha;
        let mut best_score = -INFINITY;
        let mut best_action = None;
        for &(_, action) in &list {
            if self.out_of_budget() {
                self.aborted = true;
                break;
            }
            let mut child = game.clone();
            let Ok(progress) = child.apply(action) else { continue };
            self.nodes += 1;
            let score = self.child_score(&child, progress, mover, depth, alpha, beta, ply);
            if self.aborted {
                break;
            }
            if score > best_score {
                best_score = score;
                best_action = Some(action);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.give_back_list(ply, list);
        if self.options.table && !self.aborted && best_action.is_some() {
            let bound = if best_score >= beta {
                Bound::Lower
            } else if best_score > alpha_at_start {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.table.store(Entry { key, depth, score: to_table(best_score, ply), bound, best: best_action });
        }
        best_score
    }

    /// A cheap guess of how good `action` is for `mover`, to search likely best actions first: the kind's guess
    /// (or evaluation) of the position it leads to.
    fn static_score(&self, game: &G, action: G::Action, mover: Seat) -> i32 {
        let mut child = game.clone();
        let estimate = |child: &G| {
            if self.options.guess_ordering {
                self.evaluator.guess(child)
            } else {
                self.evaluator.evaluate(child)
            }
        };
        match child.apply(action) {
            Ok(Progress::GameOver(outcome)) => decided(outcome, mover, 1),
            Ok(_) => match child.to_act() {
                Some(seat) if seat == mover => estimate(&child),
                Some(_) => -estimate(&child),
                None => 0,
            },
            Err(_) => -INFINITY,
        }
    }

    fn out_of_budget(&mut self) -> bool {
        if !self.limits_armed {
            return false;
        }
        if self.nodes >= self.node_limit {
            return true;
        }
        self.nodes % DEADLINE_INTERVAL == 0 && self.deadline.passed()
    }

    fn take_list(&mut self, ply: i32) -> Vec<(i32, G::Action)> {
        let index = ply as usize;
        if self.lists.len() <= index {
            self.lists.resize_with(index + 1, Vec::new);
        }
        let mut list = std::mem::take(&mut self.lists[index]);
        list.clear();
        list
    }

    fn give_back_list(&mut self, ply: i32, list: Vec<(i32, G::Action)>) {
        self.lists[ply as usize] = list;
    }
}

/// The score of a game that ended `ply` actions below the root, for `mover`.
fn decided(outcome: Outcome, mover: Seat, ply: i32) -> i32 {
    match outcome.winner() {
        Some(winner) if winner == mover => WIN - ply,
        Some(_) => -(WIN - ply),
        None => 0,
    }
}

/// A score as the table keeps it: decided scores counted from the node rather than from the root, so that the
/// entry means the same when the position comes again at another distance from the root.
fn to_table(score: i32, ply: i32) -> i32 {
    if score > DECIDED {
        score + ply
    } else if score < -DECIDED {
        score - ply
    } else {
        score
    }
}

/// The inverse of [`to_table`] at `ply`.
fn from_table(score: i32, ply: i32) -> i32 {
    if score > DECIDED {
        score - ply
    } else if score < -DECIDED {
        score + ply
    } else {
        score
    }
}

const _: () = assert!(EVALUATION_LIMIT < DECIDED, "evaluations never look like decided games");
