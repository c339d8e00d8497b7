//! The search over the tree of whole turns: iterations that each walk from the root to a node not yet
//! expanded, list its children ([`Children`]) and back the result up, until the node budget, the deadline
//! (told of the search's progress through [`Deadline::deepen`]) or the pool's limits end it.

use kartka_engine::soccer::Position;

use super::children::{Children, Listing};
use super::tree::{Node, Proof, Tree};
use super::Backup;
use crate::evaluate::Evaluate;
use crate::search::{Deadline, Iteration};

/// How much an unvisited child's chances weigh against its value in the choice of the child to visit: the
/// constant of UCB1 on values of -1..1.
const EXPLORATION: f32 = 0.5;

/// [`Backup::Blend`]: the weight of a node's minimax value in its value, the mean taking the rest
/// (QtPaperSoccer's `alpha`).
pub const BLEND_MINIMAX: f32 = 0.35;

/// [`Backup::Blend`]: the constant of UCB1 for a child visited before (QtPaperSoccer's `C`).
pub const BLEND_EXPLORATION: f32 = 0.95;

/// [`Backup::Blend`]: what a child never visited gets on top of its value below the root (QtPaperSoccer's
/// first-play urgency, `FPU`).
pub const FIRST_VISIT_BONUS: f32 = 0.5;

/// [`Backup::Blend`]: what a child of the root never visited gets on top of its value, more than below it so
/// that every turn at the root is tried once early (QtPaperSoccer's 1 at the root).
pub const ROOT_FIRST_VISIT_BONUS: f32 = 1.0;

/// The first iteration after which the deadline hears how the search goes; then after every doubling of the
/// iterations, each costing about as much as all before it, as an iteration of deepening does.
const FIRST_REPORT: u64 = 8;

/// What one search found.
pub(super) struct Outcome {
    /// The root's child to play.
    pub(super) chosen: usize,
    /// The complete turns listed in all.
    pub(super) turns: u64,
    /// The deepest node reached, in turns below the root.
    pub(super) depth: u32,
}

/// One search from a root position.
pub(super) struct TurnSearch<'a, E> {
    evaluator: &'a E,
    deadline: &'a dyn Deadline,
    backup: Backup,
    node_limit: u64,
    pub(super) tree: Tree,
    children: Children,
    turns: u64,
    depth: u32,
    /// The nodes of the current iteration's path, the root first.
    path: Vec<usize>,
}

impl<'a, E: Evaluate<Position>> TurnSearch<'a, E> {
    /// A search that stops after `node_limit` listed turns or at `deadline`.
    pub(super) fn new(evaluator: &'a E, deadline: &'a dyn Deadline, backup: Backup, node_limit: u64) -> Self {
        TurnSearch {
            evaluator,
            deadline,
            backup,
            node_limit,
            tree: Tree::new(),
            children: Children::default(),
            turns: 0,
            depth: 0,
            path: Vec::new(),
        }
    }

    /// Searches from `root`, a game going on, and returns the root child to play; `None` if it has no turn.
    /// The root's children are always listed in full, whatever the limits.
    pub(super) fn run(&mut self, root: &Position) -> Option<Outcome> {
        if !self.expand(0, root, false) || self.tree.nodes[0].children == 0 {
            return None;
        }
        let choices = self.tree.nodes[0].children as usize;
        let mut iterations = 0u64;
        let mut next_report = FIRST_REPORT;
        let mut last_best = None;
        let mut same_best = 0;
        while choices > 1 && !self.tree.nodes[0].exhausted() {
            if self.turns >= self.node_limit || self.deadline.passed() {
                break;
            }
            if !self.iterate(root) {
                break;
            }
            if self.path.get(1).is_some_and(|&child| self.tree.nodes[child].every_answer_lost) {
                // Every answer the caps kept loses: nothing below is left to search, and only a proven win
                // would do better.
                break;
            }
            iterations += 1;
            if iterations == next_report {
                next_report *= 2;
                let best = self.best_child();
                same_best = if last_best == Some(best) { same_best + 1 } else { 1 };
                last_best = Some(best);
                if !self.deadline.deepen(&Iteration { same_best, choices, anytime: true }) {
                    break;
                }
            }
        }
        Some(Outcome { chosen: self.best_child(), turns: self.turns, depth: self.depth })
    }

    /// One iteration: down to a node not yet expanded (or settled), its children listed, the values backed
    /// up. `false` when it could not complete (the deadline passed in the middle, or the pool is full).
    fn iterate(&mut self, root: &Position) -> bool {
        let mut position = *root;
        self.path.clear();
        self.path.push(0);
        let mut node = 0;
        while self.tree.nodes[node].expanded && !self.tree.nodes[node].exhausted() {
            node = self.select(node);
            for &direction in self.tree.steps_of(node) {
                if position.step(direction).is_err() {
                    unreachable!("a turn in the tree is legal in its parent's position")
                }
            }
            self.path.push(node);
        }
        self.depth = self.depth.max(self.path.len() as u32 - 1);
        if self.tree.nodes[node].exhausted() {
            // Nothing to list: the iteration only backs the node's exact value up again. It counts as one turn
            // of the budget, so that a search whose every path ends at such nodes still ends without a clock.
            self.turns += 1;
        } else if self.backup == Backup::Blend && self.tree.nodes[node].visits == 0 {
            // QtPaperSoccer's rule: the first visit backs up the value the node's listing as a child gave it,
            // and its own turns are listed on the second, so that a child tried once costs no listing. It
            // counts as one turn of the budget, as an exhausted node's does.
            self.turns += 1;
        } else if !self.expand(node, &position, true) {
            return false;
        }
        self.back_up();
        true
    }

    /// Lists `node`'s children (its position `position`) into the tree and settles what they prove. `false`
    /// when the deadline passed in the middle (only if `may_stop`) or the pool has no room.
    fn expand(&mut self, node: usize, position: &Position, may_stop: bool) -> bool {
        let deadline = may_stop.then_some(self.deadline);
        let Some(Listing { turns, complete }) = self.children.list(position, self.evaluator, deadline) else {
            return false;
        };
        self.turns += turns;
        let candidates = &self.children.candidates;
        let steps: usize = candidates.iter().map(|candidate| candidate.steps_len as usize).sum();
        if !self.tree.has_room(candidates.len(), steps) {
            return false;
        }
        let first_child = self.tree.nodes.len() as u32;
        for candidate in candidates {
            let steps_start = self.tree.steps.len() as u32;
            self.tree.steps.extend_from_slice(self.children.steps_of(candidate));
            self.tree.nodes.push(Node::new(steps_start, candidate.steps_len, candidate.value, candidate.proof));
        }
        let parent = &mut self.tree.nodes[node];
        parent.first_child = first_child;
        parent.children = candidates.len() as u32;
        parent.expanded = true;
        parent.complete = complete;
        self.settle(node);
        true
    }

    /// The child of `node` (expanded, not settled) to visit next: the best by [`Backup`]'s value and its bonus
    /// for few visits, a child proven lost only when all are.
    fn select(&self, node: usize) -> usize {
        let parent = &self.tree.nodes[node];
        let log_visits = ((parent.visits + 1) as f32).ln();
        let mut best = (f32::NEG_INFINITY, parent.first_child as usize);
        for index in parent.child_indices() {
            let child = &self.tree.nodes[index];
            let score = match child.proof {
                Proof::Lost => -10.0,
                _ => self.value(child) + self.exploration(node, child, log_visits),
            };
            if score > best.0 {
                best = (score, index);
            }
        }
        best.1
    }

    /// The bonus of `child` of `node` for few visits, `log_visits` the logarithm of the parent's visits.
    pub(super) fn exploration(&self, node: usize, child: &Node, log_visits: f32) -> f32 {
        match self.backup {
            Backup::Average | Backup::Minimax => EXPLORATION * (log_visits / (child.visits + 1) as f32).sqrt(),
            Backup::Blend if child.visits == 0 && node == 0 => ROOT_FIRST_VISIT_BONUS,
            Backup::Blend if child.visits == 0 => FIRST_VISIT_BONUS,
            Backup::Blend => BLEND_EXPLORATION * (log_visits / child.visits as f32).sqrt(),
        }
    }

    /// What `child` is worth to the seat that played it, as the backup rule sees it.
    pub(super) fn value(&self, child: &Node) -> f32 {
        if let Some(exact) = child.exact() {
            return exact;
        }
        match self.backup {
            Backup::Average => child.mean(),
            Backup::Minimax => child.minimax,
            Backup::Blend => BLEND_MINIMAX * child.minimax + (1.0 - BLEND_MINIMAX) * child.mean(),
        }
    }

    /// Settles `node` (for the seat that played its turn) from its children, the answers to it: lost if an
    /// answer is won, won if every answer is lost and none was left out by the caps; and sets its minimax value.
    fn settle(&mut self, node: usize) {
        let parent = self.tree.nodes[node];
        if !parent.expanded || parent.settled() {
            return;
        }
        let mut best_answer = f32::NEG_INFINITY;
        let mut all_lost = true;
        let mut any_won = false;
        for index in parent.child_indices() {
            let child = &self.tree.nodes[index];
            any_won |= child.proof == Proof::Won;
            all_lost &= child.proof == Proof::Lost;
            best_answer = best_answer.max(child.exact().unwrap_or(child.minimax));
        }
        let parent = &mut self.tree.nodes[node];
        parent.minimax = -best_answer;
        parent.every_answer_lost = all_lost;
        if any_won {
            parent.proof = Proof::Lost;
        } else if all_lost && parent.complete {
            parent.proof = Proof::Won;
        }
    }

    /// Backs the iteration's result up its path: the leaf's value (its minimax over its children's
    /// evaluations, or exact), each node's from the point of view of the seat that played it, and each node's
    /// proof and minimax value from its children's.
    fn back_up(&mut self) {
        let leaf = self.tree.nodes[*self.path.last().expect("a path from the root")];
        let mut value = leaf.exact().unwrap_or(leaf.minimax);
        for step in (0..self.path.len()).rev() {
            let node = self.path[step];
            self.settle(node);
            let entry = &mut self.tree.nodes[node];
            entry.visits += 1;
            entry.sum += value;
            value = -value;
        }
    }

    /// The root's child to play: a won one; else one whose every kept answer loses; else the most visited (by
    /// [`Backup::Average`]) or the best valued (by [`Backup::Minimax`]) of those not proven lost; if all are
    /// lost, the best evaluated. [`Backup::Blend`] ranks by minimax value plus ln(visits + 3).
    pub(super) fn best_child(&self) -> usize {
        let root = &self.tree.nodes[0];
        let rank = |child: &Node| -> (u8, f32, f32) {
            match child.proof {
                Proof::Won => (3, 0.0, 0.0),
                Proof::Open if child.every_answer_lost => (2, 0.0, 0.0),
                Proof::Lost => (0, child.prior, 0.0),
                _ => match self.backup {
                    Backup::Average => (1, child.visits as f32, self.value(child)),
                    Backup::Minimax => (1, self.value(child), child.visits as f32),
                    Backup::Blend => (1, child.minimax + ((child.visits + 3) as f32).ln(), child.visits as f32),
                },
            }
        };
        let mut best = (rank(&self.tree.nodes[root.first_child as usize]), root.first_child as usize);
        for index in root.child_indices().skip(1) {
            let ranked = rank(&self.tree.nodes[index]);
            if ranked.0 > best.0 .0
                || (ranked.0 == best.0 .0 && (ranked.1 > best.0 .1 || (ranked.1 == best.0 .1 && ranked.2 > best.0 .2)))
            {
                best = (ranked, index);
            }
        }
        best.1
    }
}
