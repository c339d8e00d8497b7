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

use self::key_set::KeySet;
use self::segment_key::SegmentSetKey;
use super::direction::{Direction, Directions};
use super::position::{Position, StepResult, Undo};
use crate::outcome::{EndReason, Outcome};

/// Enumerates the distinct complete turns of a position.
///
/// It keeps its scratch memory (the set of states reached, the search stack, the steps of the current turn)
/// between calls, clearing but not freeing it, so once warmed up on positions of a given size an enumeration
/// allocates nothing. Keep one per thread and per nesting level (perft needs one per depth).
#[derive(Debug, Default)]
pub struct TurnEnumerator {
    /// Keys of the segment sets of every partial or complete turn reached in the current enumeration.
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
    /// The legal directions not yet tried from here.
    untried: Directions,
    /// The key of the segments drawn since the start of the turn.
    key: SegmentSetKey,
}

impl Frame {
    fn at(position: &Position, key: SegmentSetKey) -> Frame {
        Frame { ball: position.ball_index(), before: position.undo_info(), untried: position.legal_directions(), key }
    }
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
    /// fixed order (depth first, directions in digit order), each with the first of its sequences in that
    /// order. If `position` is in the middle of a turn, the turns are the ways to finish it and the steps are
    /// those still to play. A finished game has no turns.
    ///
    /// Segment sets are told apart by 128-bit keys; the chance that two sets share one is below
    /// n² · 2⁻¹²⁹ for `n` sets met, negligible at any size this could run to.
    pub fn for_each_distinct_turn(
        &mut self,
        position: &Position,
        mut visit: impl FnMut(&[Direction], &Position),
    ) -> u64 {
        self.reached.clear();
        self.frames.clear();
        self.steps.clear();
        if position.is_over() {
            return 0;
        }
        let mut board = *position;
        self.visits.start(board.pitch().lattice_len(), board.ball_index());
        self.frames.push(Frame::at(&board, SegmentSetKey::default()));
        self.expanded += 1;
        let mut turns = 0;
        while let Some(frame) = self.frames.last_mut() {
            let Some(direction) = frame.untried.next() else {
                self.frames.pop();
                if let (Some(parent), Some(direction)) = (self.frames.last(), self.steps.pop()) {
                    self.visits.leave(board.ball_index());
                    board.undo(parent.ball, direction, parent.before);
                }
                continue;
            };
            let (from, before, key) = (frame.ball, frame.before, frame.key);
            let Ok(result) = board.step(direction) else { unreachable!("only legal directions are tried") };
            let to = board.ball_index();
            self.visits.arrive(to);
            let key = key.toggled(from, to, direction);
            // A path that has not been to any point twice is the only order its segments can be drawn in, so
            // it is new without looking it up; a path through some point twice may have run a loop the other
            // way round, or in another order, before.
            let new_segment_set = self.visits.path_is_simple() || self.reached.insert(key);
            match result {
                StepResult::Bounce => {
                    if new_segment_set {
                        self.steps.push(direction);
                        self.frames.push(Frame::at(&board, key));
                        self.expanded += 1;
                        continue;
                    }
                }
                // A turn ending on a fresh point or in a goal is new without looking it up: its last point is
                // touched by its last segment alone, so the set minus that segment is a partial state, which
                // is expanded only once, and the last step from there is taken only once.
                StepResult::TurnOver
                | StepResult::GameOver(Outcome { reason: EndReason::Goal | EndReason::OwnGoal, .. }) => {
                    self.visit_complete(direction, &board, &mut visit);
                    turns += 1;
                }
                // A stuck point may have been passed through earlier in the turn, so two partial states can
                // get stuck there drawing the same set.
                StepResult::GameOver(_) => {
                    if new_segment_set {
                        self.visit_complete(direction, &board, &mut visit);
                        turns += 1;
                    }
                }
            }
            self.visits.leave(to);
            board.undo(from, direction, before);
        }
        turns
    }

    /// Calls `visit` with the current path plus its last step `direction`, which completed a turn.
    fn visit_complete(
        &mut self,
        direction: Direction,
        after: &Position,
        visit: &mut impl FnMut(&[Direction], &Position),
    ) {
        self.steps.push(direction);
        visit(&self.steps, after);
        self.steps.pop();
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
