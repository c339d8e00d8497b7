//! The children of a node: every distinct whole turn of the position, from the engine's
//! [`TurnEnumerator`] (at most the first [`LISTED_TURNS`]), cut down to the few worth searching. A turn that
//! wins is kept alone (the node is won); otherwise the [`EVALUATED_TURNS`] turns the cheap guess rates best
//! are evaluated in full, and the best of those, with the turns that end the game (exact), become the
//! children, [`CHILDREN_KEPT`] at most.

use std::ops::ControlFlow;

use kartka_engine::soccer::{Direction, Position, TurnEnumerator};

use super::tree::Proof;
use crate::evaluate::{Evaluate, UNIT};
use crate::search::Deadline;

/// The most children a node keeps: the turns its evaluation rates best. A deep position can have hundreds of
/// thousands of turns; the search would never look past the first few hundred of them anyway.
pub const CHILDREN_KEPT: usize = 128;

/// The most turns of one position evaluated in full (the learned evaluation, a few microseconds each); beyond
/// that, the turns the cheap guess ([`Evaluate::guess`], rows and columns) rates best.
pub const EVALUATED_TURNS: usize = 1024;

/// The most an evaluation is worth on the tree's scale, either way: short of a proven result, and of
/// [`OPPONENT_SCORES_AT_ONCE`].
const JUDGED: f32 = 0.99;

/// The prior of a turn after which the opponent can enter the goal it attacks within its own turn: proven lost
/// at once, since the engine's goal reach finds such a goal through bounces only, exactly when one of the
/// opponent's turns scores (tested in the engine). Below any judged position and above a loss the game has
/// already reached, so that a root with every turn lost plays one that loses later.
const OPPONENT_SCORES_AT_ONCE: f32 = -0.995;

/// Units of evaluation to the value scale -1..1 of the tree: tanh(units / this). The learned evaluation gives
/// two units a unit of logit, so this makes a value 2p − 1 for the network's chance p of a win.
const UNITS_PER_VALUE: f32 = 4.0 * UNIT as f32;

/// The most turns of one position listed: the first this many in the enumerator's order (depth first through
/// the bounces), about 2.5 ms of listing, twice. A position deep in a bounce network can have millions of
/// turns, which would take seconds to list; past this many the node is left incomplete.
pub const LISTED_TURNS: usize = 20_000;

/// How many positions the evaluation is asked at once ([`Evaluate::evaluate_many`]), and so how many
/// evaluations pass between two looks at the deadline while a node below the root is expanded.
const DEADLINE_EVALUATIONS: usize = 64;

/// How many listed turns pass between two looks at the deadline.
const DEADLINE_TURNS: usize = 4096;

/// One turn chosen as a child, before it enters the tree.
#[derive(Clone, Copy, Debug)]
pub(super) struct Candidate {
    /// Its value for the seat that plays it, -1 to 1.
    pub(super) value: f32,
    /// What is known of it for certain.
    pub(super) proof: Proof,
    /// Where its steps start in [`Children::steps`].
    pub(super) steps_start: u32,
    /// How many steps it has.
    pub(super) steps_len: u32,
}

/// The children of one position, as [`Children::list`] leaves them.
pub(super) struct Listing {
    /// The complete turns listed (once, though the listing runs twice): the search's unit of work.
    pub(super) turns: u64,
    /// Whether the candidates are every turn of the position, or every turn left out of them is proven lost.
    pub(super) complete: bool,
}

/// The scratch memory of listing children, kept from node to node so that it stops allocating once grown.
#[derive(Default)]
pub(super) struct Children {
    enumerator: TurnEnumerator,
    guesses: Vec<i32>,
    ranked_guesses: Vec<i32>,
    /// The positions after the turns to be judged by the evaluation, and the candidates they belong to.
    to_judge: Vec<Position>,
    judged: Vec<usize>,
    /// The evaluation's answers for a batch of [`Children::to_judge`].
    units: Vec<i32>,
    /// The chosen turns, best first once listed.
    pub(super) candidates: Vec<Candidate>,
    /// The steps of the chosen turns.
    pub(super) steps: Vec<Direction>,
}

impl Children {
    /// Lists the children of `position` (a game going on) into [`Children::candidates`], best first, at most
    /// [`CHILDREN_KEPT`], from its first [`LISTED_TURNS`] turns. With `deadline`, gives up (returns `None`)
    /// once it passes; the root's children are always listed.
    pub(super) fn list<E: Evaluate<Position>>(
        &mut self,
        position: &Position,
        evaluator: &E,
        deadline: Option<&dyn Deadline>,
    ) -> Option<Listing> {
        let seat = position.to_move();
        self.candidates.clear();
        self.steps.clear();
        self.guesses.clear();
        let Children { enumerator, guesses, candidates, steps, .. } = self;
        let (mut won, mut cut, mut aborted) = (false, false, false);
        let mut listed = 0usize;
        let turns = enumerator.for_each_distinct_turn_until(position, |turn, after| {
            listed += 1;
            match after.outcome() {
                Some(outcome) if outcome.winner() == Some(seat) => {
                    won = true;
                    push(candidates, steps, turn, 1.0, Proof::Won);
                    return ControlFlow::Break(());
                }
                Some(_) => {}
                None => guesses.push(-evaluator.guess(after)),
            }
            if listed % DEADLINE_TURNS == 0 && deadline.is_some_and(|deadline| deadline.passed()) {
                aborted = true;
                return ControlFlow::Break(());
            }
            if listed >= LISTED_TURNS {
                cut = true;
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
        if won {
            return Some(Listing { turns, complete: false });
        }
        if aborted {
            return None;
        }
        let threshold = self.guess_threshold();
        let Children { enumerator, guesses, candidates, steps, to_judge, judged, .. } = self;
        to_judge.clear();
        judged.clear();
        let mut ties_left = threshold.map_or(0, |(_, ties)| ties);
        let mut next_guess = guesses.iter();
        let (mut visited, mut ended_kept) = (0u64, 0usize);
        enumerator.for_each_distinct_turn_until(position, |turn, after| {
            visited += 1;
            let more = if visited < turns { ControlFlow::Continue(()) } else { ControlFlow::Break(()) };
            if let Some(outcome) = after.outcome() {
                // Turns that end the game lost or drawn are exact; a few are enough to know of them.
                if ended_kept < CHILDREN_KEPT {
                    ended_kept += 1;
                    let (value, proof) =
                        if outcome.winner().is_none() { (0.0, Proof::Drawn) } else { (-1.0, Proof::Lost) };
                    push(candidates, steps, turn, value, proof);
                } else {
                    cut = true;
                }
                return more;
            }
            let guess = *next_guess.next().expect("the same turns in the same order");
            let chosen = match threshold {
                None => true,
                Some((bar, _)) if guess > bar => true,
                Some((bar, _)) if guess == bar && ties_left > 0 => {
                    ties_left -= 1;
                    true
                }
                Some(_) => false,
            };
            if !chosen {
                return more;
            }
            let opponent = after.to_move();
            debug_assert_ne!(opponent, seat, "a whole turn passes the ball");
            if after.scores_within_turn(opponent) {
                push(candidates, steps, turn, OPPONENT_SCORES_AT_ONCE, Proof::Lost);
            } else {
                judged.push(candidates.len());
                to_judge.push(*after);
                push(candidates, steps, turn, 0.0, Proof::Open);
            }
            more
        });
        if !self.judge(evaluator, deadline) {
            return None;
        }
        let candidates = &mut self.candidates;
        candidates.sort_by(|a, b| b.value.total_cmp(&a.value));
        // The turns past the cap are rated no better than the last kept; where all of them are proven lost,
        // none is left out of what the node's proof needs.
        let dropped_are_lost = candidates.iter().skip(CHILDREN_KEPT).all(|candidate| candidate.proof == Proof::Lost);
        let complete = !cut && threshold.is_none() && dropped_are_lost;
        candidates.truncate(CHILDREN_KEPT);
        Some(Listing { turns, complete })
    }

    /// Judges the positions of [`Children::to_judge`] by `evaluator`, [`DEADLINE_EVALUATIONS`] at a time, and
    /// sets their candidates' values for the seat that played them (the opponent is to act there). `false` if
    /// `deadline` passed between two batches.
    fn judge<E: Evaluate<Position>>(&mut self, evaluator: &E, deadline: Option<&dyn Deadline>) -> bool {
        let Children { to_judge, judged, units, candidates, .. } = self;
        for (batch, (positions, owners)) in
            to_judge.chunks(DEADLINE_EVALUATIONS).zip(judged.chunks(DEADLINE_EVALUATIONS)).enumerate()
        {
            if batch > 0 && deadline.is_some_and(|deadline| deadline.passed()) {
                return false;
            }
            units.clear();
            evaluator.evaluate_many(positions, units);
            debug_assert_eq!(units.len(), positions.len(), "one evaluation a position");
            for (&owner, &value) in owners.iter().zip(units.iter()) {
                candidates[owner].value = value_of_units(-value);
            }
        }
        true
    }

    /// The steps of a listed candidate.
    pub(super) fn steps_of(&self, candidate: &Candidate) -> &[Direction] {
        let start = candidate.steps_start as usize;
        &self.steps[start..start + candidate.steps_len as usize]
    }

    /// The guess a turn needs to be evaluated in full, and how many turns guessed exactly that still are
    /// (the first in the enumerator's order); `None` when every turn is.
    fn guess_threshold(&mut self) -> Option<(i32, usize)> {
        if self.guesses.len() <= EVALUATED_TURNS {
            return None;
        }
        self.ranked_guesses.clear();
        self.ranked_guesses.extend_from_slice(&self.guesses);
        let (_, &mut bar, _) = self.ranked_guesses.select_nth_unstable_by(EVALUATED_TURNS - 1, |a, b| b.cmp(a));
        let above = self.guesses.iter().filter(|&&guess| guess > bar).count();
        Some((bar, EVALUATED_TURNS - above))
    }
}

/// Appends a candidate turn.
fn push(candidates: &mut Vec<Candidate>, steps: &mut Vec<Direction>, turn: &[Direction], value: f32, proof: Proof) {
    let steps_start = steps.len() as u32;
    steps.extend_from_slice(turn);
    candidates.push(Candidate { value, proof, steps_start, steps_len: turn.len() as u32 });
}

/// An evaluation in units on the tree's scale, within ±[`JUDGED`].
pub(super) fn value_of_units(units: i32) -> f32 {
    (units as f32 / UNITS_PER_VALUE).tanh().clamp(-JUDGED, JUDGED)
}

/// A value of the tree's scale in units, the inverse of [`value_of_units`] (within the evaluation's limits).
pub(super) fn units_of_value(value: f32) -> i32 {
    (value.clamp(-0.999, 0.999).atanh() * UNITS_PER_VALUE) as i32
}
