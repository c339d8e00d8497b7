//! Distinct complete turns and perft.
//!
//! A turn is every step of one player up to a fresh point, a goal, or being stuck. Many step sequences draw
//! the same set of segments (bouncing round a loop either way, say) and so lead to the same position: the
//! rules count them as one turn. [`TurnEnumerator`] finds each such set once, expanding every distinct
//! partial state (the segments drawn so far in the turn, which fix the ball and the whole position) once,
//! so positions with long bounce chains and hundreds of thousands of turns stay tractable.

mod key_set;
mod perft;
mod segment_key;

pub use perft::{perft, Perft};

use std::ops::ControlFlow;

use self::key_set::KeySet;
use self::segment_key::SegmentSetKey;
use super::direction::{Direction, Directions};
use super::position::{Position, StepResult, Undo};
use crate::{EndReason, Outcome};

/// Enumerates the distinct complete turns of a position.
///
/// It keeps its scratch memory (the set of states reached, the search stack, the steps of the current turn)
/// between calls, clearing but not freeing it, so once warmed up on positions of a given size an enumeration
/// allocates nothing. Keep one per thread and per nesting level (perft needs one per depth).
#[derive(Debug, Default)]
pub struct TurnEnumerator {
    /// Keys of the segment sets met in the current enumeration that another step order could meet again
    /// (paths through some point twice).
    reached: KeySet,
    /// One frame per partial state on the current search path, the start of the turn first.
    frames: Vec<Frame>,
    /// The steps from the start of the turn to the top frame.
    steps: Vec<Direction>,
    /// How often the current path has been at each point.
    visits: Visits,
    /// Partial states expanded since this enumerator was created.
    expanded: u64,
}

/// A partial state on the search path, and what is left to try from it.
#[derive(Debug)]
struct Frame {
    /// The lattice index of the ball.
    ball: u16,
    /// The position's state here, to undo the steps taken from here.
    before: Undo,
    /// The key of the segments drawn since the start of the turn.
    key: SegmentSetKey,
    /// The steps from here to new partial states not yet expanded.
    to_expand: Directions,
}

/// The bouncing steps from one partial state, gathered so their set lookups run back to back.
struct Bounces {
    /// The directions of the steps, a bit each.
    directions: u8,
    /// Those among them whose path has been at some point twice, so their segment set must be looked up.
    to_look_up: u8,
    /// The key after each step, indexed by direction.
    keys: [SegmentSetKey; 8],
}

impl TurnEnumerator {
    /// An enumerator with no scratch memory yet; it grows on first use.
    #[must_use]
    pub fn new() -> TurnEnumerator {
        TurnEnumerator::default()
    }

    /// Calls `visit` once for every distinct complete turn from `position`, with the steps of one sequence
    /// that draws it and the position after it, and returns how many there were.
    ///
    /// Two step sequences are the same turn when they draw the same set of segments. The turns come in a
    /// fixed order: depth first, and from each partial state first the single steps that end the turn, then
    /// the partial states one bounce further, each in digit order. If `position` is in the middle of a turn,
    /// the turns are the ways to finish it and the steps are those still to play. A finished game has no
    /// turns.
    ///
    /// Segment sets are told apart by 128-bit keys; the chance that two sets share one is below
    /// n² · 2⁻¹²⁹ for `n` sets met, negligible at any size this could run to.
    pub fn for_each_distinct_turn(
        &mut self,
        position: &Position,
        mut visit: impl FnMut(&[Direction], &Position),
    ) -> u64 {
        self.for_each_distinct_turn_until(position, |steps, after| {
            visit(steps, after);
            ControlFlow::Continue(())
        })
    }

    /// [`TurnEnumerator::for_each_distinct_turn`] until `visit` says stop: the turns come in the same order,
    /// and none is visited after the one `visit` answered [`ControlFlow::Break`]. Returns how many were visited,
    /// that one included. A search that needs only some of a position's turns (a deep position can have
    /// millions) or must answer by a deadline stops here.
    pub fn for_each_distinct_turn_until(
        &mut self,
        position: &Position,
        mut visit: impl FnMut(&[Direction], &Position) -> ControlFlow<()>,
    ) -> u64 {
        self.reached.clear();
        self.frames.clear();
        self.steps.clear();
        if position.is_over() {
            return 0;
        }
        let mut board = *position;
        self.visits.start(board.pitch().lattice_len(), board.ball_index());
        let mut turns = 0;
        let mut stopped = false;
        let root = self.expand(&mut board, SegmentSetKey::default(), &mut visit, &mut turns, &mut stopped);
        self.frames.push(root);
        while let Some(frame) = self.frames.last_mut() {
            if stopped {
                break;
            }
            let Some(direction) = frame.to_expand.next() else {
                self.frames.pop();
                if let (Some(parent), Some(direction)) = (self.frames.last(), self.steps.pop()) {
                    self.visits.leave(board.ball_index());
                    board.undo(parent.ball, direction, parent.before);
                }
                continue;
            };
            let (from, key) = (frame.ball, frame.key);
            if board.step(direction).is_err() {
                unreachable!("only legal directions are expanded")
            }
            let to = board.ball_index();
            self.visits.arrive(to);
            self.steps.push(direction);
            let frame = self.expand(&mut board, key.toggled(from, to, direction), &mut visit, &mut turns, &mut stopped);
            self.frames.push(frame);
        }
        turns
    }

    /// Tries every step from the partial state `board` (whose segments have key `key`): visits the new turns
    /// they complete and returns the frame of this state, with the steps to new partial states still to take.
    /// Once `stopped` (by `visit`, now or before), it visits no more turns.
    fn expand(
        &mut self,
        board: &mut Position,
        key: SegmentSetKey,
        visit: &mut impl FnMut(&[Direction], &Position) -> ControlFlow<()>,
        turns: &mut u64,
        stopped: &mut bool,
    ) -> Frame {
        self.expanded += 1;
        let (ball, before) = (board.ball_index(), board.undo_info());
        let mut bounces = Bounces { directions: 0, to_look_up: 0, keys: [SegmentSetKey::default(); 8] };
        for direction in board.legal_directions() {
            let Ok(result) = board.step(direction) else { unreachable!("only legal directions are tried") };
            let to = board.ball_index();
            self.visits.arrive(to);
            // A path that has not been to any point twice is the only order its segments can be drawn in, so
            // it is new without looking it up; a path through some point twice may have run a loop the other
            // way round, or in another order, before.
            let simple = self.visits.path_is_simple();
            let next_key = key.toggled(ball, to, direction);
            match result {
                StepResult::Bounce => {
                    bounces.directions |= direction.bit();
                    if !simple {
                        bounces.to_look_up |= direction.bit();
                    }
                    bounces.keys[direction.index() as usize] = next_key;
                }
                // A turn ending on a fresh point or in a goal is new without looking it up: its last point is
                // touched by its last segment alone, so the set minus that segment is a partial state, which
                // is expanded only once, and the last step from there is taken only once.
                StepResult::TurnOver
                | StepResult::GameOver(Outcome { reason: EndReason::Goal | EndReason::OwnGoal, .. }) => {
                    if !*stopped {
                        *stopped = self.visit_complete(direction, board, visit).is_break();
                        *turns += 1;
                    }
                }
                // A stuck point may have been passed through earlier in the turn, so two partial states can
                // get stuck there drawing the same set.
                StepResult::GameOver(_) => {
                    if !*stopped && (simple || self.reached.insert(next_key)) {
                        *stopped = self.visit_complete(direction, board, visit).is_break();
                        *turns += 1;
                    }
                }
            }
            self.visits.leave(to);
            board.undo(ball, direction, before);
        }
        // The lookups run back to back, so their cache misses overlap.
        let mut to_expand = bounces.directions;
        for direction in Directions::from_bits(bounces.to_look_up) {
            if !self.reached.insert(bounces.keys[direction.index() as usize]) {
                to_expand &= !direction.bit();
            }
        }
        Frame { ball, before, key, to_expand: Directions::from_bits(to_expand) }
    }

    /// Calls `visit` with the current path plus its last step `direction`, which completed a turn, and returns
    /// what it says.
    fn visit_complete(
        &mut self,
        direction: Direction,
        after: &Position,
        visit: &mut impl FnMut(&[Direction], &Position) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.steps.push(direction);
        let flow = visit(&self.steps, after);
        self.steps.pop();
        flow
    }

    /// How many partial states (positions within a turn, its start included) this enumerator has expanded
    /// since it was created: the unit of work, for measuring throughput.
    #[must_use]
    pub fn partial_states_expanded(&self) -> u64 {
        self.expanded
    }
}

/// How often the current path has been at each lattice point (its start counts as one visit), and how many of
/// those visits were returns to a point already visited.
#[derive(Debug, Default)]
struct Visits {
    counts: Vec<u8>,
    returns: u32,
}

impl Visits {
    /// Starts a path at lattice index `ball` on a lattice of `lattice_len` points.
    fn start(&mut self, lattice_len: usize, ball: u16) {
        self.counts.clear();
        self.counts.resize(lattice_len, 0);
        self.counts[usize::from(ball)] = 1;
        self.returns = 0;
    }

    /// The path goes on to lattice index `point`.
    #[inline]
    fn arrive(&mut self, point: u16) {
        let count = &mut self.counts[usize::from(point)];
        if *count > 0 {
            self.returns += 1;
        }
        *count += 1;
    }

    /// The path's last step, which arrived at lattice index `point`, is taken back.
    #[inline]
    fn leave(&mut self, point: u16) {
        let count = &mut self.counts[usize::from(point)];
        *count -= 1;
        if *count > 0 {
            self.returns -= 1;
        }
    }

    /// Whether the path has been at no point twice: its segments then form a simple path, which can be drawn
    /// from the start of the turn in only one order.
    #[inline]
    fn path_is_simple(&self) -> bool {
        self.returns == 0
    }
}

/// The steps of every distinct complete turn from `position`, in [`TurnEnumerator`]'s order: the moves a
/// bot chooses between. Allocates; for repeated use keep a [`TurnEnumerator`].
#[must_use]
pub fn distinct_turns(position: &Position) -> Vec<Vec<Direction>> {
    let mut turns = Vec::new();
    TurnEnumerator::new().for_each_distinct_turn(position, |steps, _| turns.push(steps.to_vec()));
    turns
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::soccer::Pitch;

    /// A position with many turns: the start of a pitch after a run of steps that draws a bounce network.
    fn deep_position() -> Position {
        let mut position = Position::new(Pitch::STANDARD);
        let mut state = 7u64;
        for _ in 0..60 {
            let directions: Vec<Direction> = position.legal_directions().collect();
            if directions.is_empty() || position.is_over() {
                break;
            }
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let mut next = position;
            next.step(directions[(state >> 33) as usize % directions.len()]).expect("a legal step");
            if next.is_over() {
                break;
            }
            position = next;
        }
        position
    }

    #[test]
    fn stopping_early_visits_the_first_turns_in_the_same_order_and_counts_them() {
        let position = deep_position();
        let mut all = Vec::new();
        let total = TurnEnumerator::new().for_each_distinct_turn(&position, |steps, _| all.push(steps.to_vec()));
        assert!(total > 20, "the test needs a position with many turns, not {total}");
        let mut enumerator = TurnEnumerator::new();
        for stop_after in [1, 7, total as usize / 2, total as usize] {
            let mut first = Vec::new();
            let visited = enumerator.for_each_distinct_turn_until(&position, |steps, _| {
                first.push(steps.to_vec());
                if first.len() == stop_after {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            assert_eq!(visited, stop_after as u64);
            assert_eq!(first[..], all[..stop_after]);
        }
        let again = enumerator.for_each_distinct_turn(&position, |_, _| {});
        assert_eq!(again, total, "a stopped enumeration leaves the enumerator whole");
    }
}
