//! The Paper Soccer position: a small `Copy` value that checks and applies steps without allocating.

use std::sync::OnceLock;

use super::direction::{Direction, Directions};
use super::pitch::{Pitch, Point, MAX_POINTS};
use crate::position_key::PositionKey;
use crate::{EndReason, Outcome, Seat};

/// The four directions in which [`Position::drawn_segments`] names a segment from its end nearer the top-left.
const FORWARD: [Direction; 4] = [Direction::East, Direction::SouthEast, Direction::South, Direction::SouthWest];
/// [`FORWARD`]'s bits.
const FORWARD_BITS: u8 =
    Direction::East.bit() | Direction::SouthEast.bit() | Direction::South.bit() | Direction::SouthWest.bit();

/// Why a step cannot be played. The position is left unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum IllegalStep {
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
    /// The step would run along the border, a goal side or back, off the pitch, or into a goal from outside
    /// its mouth.
    #[error("the step runs into a wall")]
    Wall,
    /// The segment has already been drawn.
    #[error("the segment is already drawn")]
    AlreadyDrawn,
}

/// What one legal step did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StepResult {
    /// The ball bounced: the same player must step again.
    Bounce,
    /// The ball stopped on a fresh point: the turn passes to the opponent.
    TurnOver,
    /// The game ended: a goal, or the mover is stuck after a bounce.
    GameOver(Outcome),
}

/// A Paper Soccer position: the drawn segments, the ball, whose step it is, and whether the game is over.
///
/// Each lattice point keeps one byte with a bit per direction, set when that segment is drawn or is a wall.
/// A step is legal when its bit is clear; the ball bounces when the point it reaches had any bit set. So
/// checking and applying a step is a handful of loads and stores, and the whole position is one `Copy` value
/// with no heap memory.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    blocked: [u8; MAX_POINTS],
    offsets: [i16; 8],
    pitch: Pitch,
    ball: u16,
    to_move: Seat,
    mid_turn: bool,
    outcome: Option<Outcome>,
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Position")
            .field("pitch", &self.pitch)
            .field("ball", &self.ball())
            .field("to_move", &self.to_move)
            .field("mid_turn", &self.mid_turn)
            .field("outcome", &self.outcome)
            .finish_non_exhaustive()
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::new(Pitch::STANDARD)
    }
}

impl Position {
    /// The start position: nothing drawn, the ball on the centre spot, the first seat to move.
    #[must_use]
    pub fn new(pitch: Pitch) -> Position {
        // Nearly every game is on kurnik's pitch: its start position is built once and copied after that.
        static STANDARD_START: OnceLock<Position> = OnceLock::new();
        if pitch == Pitch::STANDARD {
            *STANDARD_START.get_or_init(|| Position::build(pitch))
        } else {
            Position::build(pitch)
        }
    }

    fn build(pitch: Pitch) -> Position {
        let stride = pitch.stride() as i16;
        let mut offsets = [0i16; 8];
        for direction in Direction::ALL {
            let (dx, dy) = direction.delta();
            offsets[direction.index() as usize] = i16::from(dy) * stride + i16::from(dx);
        }
        let (width, height) = (pitch.width() as i8, pitch.height() as i8);
        let mut blocked = [0xFF; MAX_POINTS];
        for (index, mask) in blocked.iter_mut().enumerate().take(pitch.lattice_len()) {
            let point = pitch.lattice_point(index);
            // Walls run along the border and the goals only: a point strictly inside the field has none, so
            // only the border and goal points need `is_wall` (most of the cost of a new position otherwise).
            let inside = (1..width).contains(&point.x) && (1..height).contains(&point.y);
            if inside {
                *mask = 0;
            } else if pitch.contains(point) {
                *mask =
                    Direction::ALL.into_iter().filter(|&d| pitch.is_wall(point, d)).fold(0, |mask, d| mask | d.bit());
            }
        }
        Position {
            blocked,
            offsets,
            pitch,
            ball: pitch.lattice_index(pitch.centre()) as u16,
            to_move: Seat::FIRST,
            mid_turn: false,
            outcome: None,
        }
    }

    /// The pitch this position is played on.
    #[must_use]
    pub fn pitch(&self) -> Pitch {
        self.pitch
    }

    /// Where the ball is.
    #[must_use]
    pub fn ball(&self) -> Point {
        self.pitch.lattice_point(self.ball as usize)
    }

    /// The seat whose step it is (after the game ends: the seat that made the last step, or was stuck).
    #[must_use]
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// Whether the player to move is in the middle of a turn and must step again (the ball bounced).
    #[must_use]
    pub fn must_continue(&self) -> bool {
        self.mid_turn
    }

    /// The outcome, once the game is over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The directions the ball may step in now (none once the game is over).
    #[must_use]
    pub fn legal_directions(&self) -> Directions {
        if self.is_over() {
            Directions::NONE
        } else {
            Directions::from_bits(!self.blocked[self.ball as usize])
        }
    }

    /// Whether the segment from `point` one step in `direction` is drawn by a player (walls excluded).
    #[must_use]
    pub fn is_drawn(&self, point: Point, direction: Direction) -> bool {
        if self.pitch.goal_of(point).is_some() {
            // Every step from a goal point is a wall, so a segment into a goal is read at its field end, where
            // the step that drew it started.
            let field = point.step(direction);
            return self.pitch.goal_of(field).is_none() && self.is_drawn(field, direction.opposite());
        }
        // The blocked bit first: it is one load, and most segments of a position are blocked by nothing, so the
        // wall test (the costlier one) runs only for a blocked one. A position's key asks this of every segment.
        self.pitch.contains(point)
            && self.blocked[self.pitch.lattice_index(point)] & direction.bit() != 0
            && !self.pitch.is_wall(point, direction)
    }

    /// Whether anything (a drawn segment or a wall) touches `point`, so that a ball arriving there bounces.
    #[must_use]
    pub fn is_touched(&self, point: Point) -> bool {
        self.pitch.contains(point) && self.blocked[self.pitch.lattice_index(point)] != 0
    }

    /// Every drawn segment once, those into either goal included, as its end nearer the top-left and the
    /// direction to the other end (one of N, NE, E, SE... normalised to E, SE, S, SW so each segment appears
    /// once).
    pub fn drawn_segments(&self) -> impl Iterator<Item = (Point, Direction)> + '_ {
        (0..self.pitch.lattice_len()).filter_map(|index| self.drawn_from(index)).flat_map(|(point, drawn)| {
            FORWARD.into_iter().filter(move |d| drawn & d.bit() != 0).map(move |d| (point, d))
        })
    }

    /// The point at lattice index `index` and the bits of the segments drawn from it in the [`FORWARD`]
    /// directions, if any. A point blocked in none of them is skipped before its walls are worked out.
    fn drawn_from(&self, index: usize) -> Option<(Point, u8)> {
        let blocked = self.blocked[index] & FORWARD_BITS;
        if blocked == 0 {
            return None;
        }
        let point = self.pitch.lattice_point(index);
        if !self.pitch.contains(point) {
            // The lattice's corners beside a goal: no points of the game.
            return None;
        }
        if self.pitch.goal_of(point).is_some() {
            // A goal point is blocked every way; its segments (the top goal's entries) are read at their field
            // ends. The bottom goal's are named from the goal mouth, above them.
            let drawn = FORWARD.into_iter().filter(|&d| self.is_drawn(point, d)).fold(0, |bits, d| bits | d.bit());
            return (drawn != 0).then_some((point, drawn));
        }
        let drawn = blocked & !self.pitch.forward_walls(point);
        (drawn != 0).then_some((point, drawn))
    }

    /// Writes the position's canonical bytes: format 1, the ball's column and row, the seat to move, whether it
    /// must step again, whether the game is over, then every drawn segment once, in [`Position::drawn_segments`]'
    /// order, as its column, row and direction digit. The pitch is the ruleset's and left out.
    pub fn write_key(&self, key: &mut PositionKey) {
        let ball = self.ball();
        key.byte(1).byte(ball.x as u8).byte(ball.y as u8).seat(self.to_move).flag(self.mid_turn).flag(self.is_over());
        // A loop rather than `drawn_segments`' iterator: a finished game's explorer rows write a key per turn.
        for index in 0..self.pitch.lattice_len() {
            let Some((point, drawn)) = self.drawn_from(index) else { continue };
            for direction in FORWARD.into_iter().filter(|d| drawn & d.bit() != 0) {
                key.byte(point.x as u8).byte(point.y as u8).byte(direction.index());
            }
        }
    }

    /// Whether a step in `direction` may be played now, and if not, why.
    pub fn check(&self, direction: Direction) -> Result<(), IllegalStep> {
        if self.outcome.is_some() {
            return Err(IllegalStep::GameOver);
        }
        if self.blocked[self.ball as usize] & direction.bit() == 0 {
            Ok(())
        } else if self.pitch.is_wall(self.ball(), direction) {
            Err(IllegalStep::Wall)
        } else {
            Err(IllegalStep::AlreadyDrawn)
        }
    }

    /// Plays one step of the player to move. On error the position is unchanged.
    pub fn step(&mut self, direction: Direction) -> Result<StepResult, IllegalStep> {
        self.check(direction)?;
        let from = self.ball as usize;
        let to = (from as isize + self.offsets[direction.index() as usize] as isize) as usize;
        let bounce = self.blocked[to] != 0;
        self.blocked[from] |= direction.bit();
        self.blocked[to] |= direction.opposite().bit();
        self.ball = to as u16;
        let mover = self.to_move;
        if let Some(winner) = self.goal_winner(to) {
            let reason = if winner == mover { EndReason::Goal } else { EndReason::OwnGoal };
            return Ok(self.finish(Outcome::win(2, winner, reason)));
        }
        if !bounce {
            self.to_move = mover.other();
            self.mid_turn = false;
            return Ok(StepResult::TurnOver);
        }
        if self.blocked[to] == 0xFF {
            return Ok(self.finish(Outcome::win(2, mover.other(), EndReason::Stuck)));
        }
        self.mid_turn = true;
        Ok(StepResult::Bounce)
    }

    /// The blocked directions of every lattice index, a byte each (indices past the lattice are all blocked).
    pub(super) fn blocked_bytes(&self) -> &[u8; MAX_POINTS] {
        &self.blocked
    }

    /// The directions blocked at lattice index `index` (drawn or a wall), one bit each.
    pub(super) fn blocked_at(&self, index: usize) -> u8 {
        self.blocked[index]
    }

    /// The lattice index one step from `index` in the direction with index `direction`; only for a direction
    /// not blocked there, which keeps it on the lattice.
    pub(super) fn neighbour(&self, index: usize, direction: u8) -> usize {
        (index as isize + self.offsets[direction as usize] as isize) as usize
    }

    /// For a goal point's lattice index, the seat that wins when the ball arrives there.
    pub(super) fn goal_at(&self, index: usize) -> Option<Seat> {
        self.goal_winner(index)
    }

    /// The seat that wins when the ball is at lattice index `index`, if that is a goal point. Goal points are
    /// exactly the in-use points of the first and last lattice rows.
    fn goal_winner(&self, index: usize) -> Option<Seat> {
        let stride = self.pitch.stride();
        if index < stride {
            Some(Seat::FIRST)
        } else if index >= stride * (self.pitch.height() as usize + 2) {
            Some(Seat::SECOND)
        } else {
            None
        }
    }

    fn finish(&mut self, outcome: Outcome) -> StepResult {
        self.outcome = Some(outcome);
        self.mid_turn = false;
        StepResult::GameOver(outcome)
    }

    /// Puts the ball back on the centre spot for a new kick-off by `kicker`, keeping every drawn segment: the
    /// restart after a point in match play (the `centre` option), where the game goes on on the same pitch.
    /// The position is then at the start of `kicker`'s turn and not over. Placing the ball draws nothing.
    pub fn restart_from_centre(&mut self, kicker: Seat) {
        self.ball = self.pitch.lattice_index(self.pitch.centre()) as u16;
        self.to_move = kicker;
        self.mid_turn = false;
        self.outcome = None;
    }

    /// Takes back a step made from lattice index `from` in `direction`, given the state before it. Only for
    /// the turn enumerator, which undoes exactly the steps it made, in reverse order.
    pub(crate) fn undo(&mut self, from: u16, direction: Direction, before: Undo) {
        let to = self.ball as usize;
        self.blocked[from as usize] &= !direction.bit();
        // A goal point keeps all its bits: nothing leaves it, so the step found its bit set already.
        if self.goal_winner(to).is_none() {
            self.blocked[to] &= !direction.opposite().bit();
        }
        self.ball = from;
        self.to_move = before.to_move;
        self.mid_turn = before.mid_turn;
        self.outcome = None;
    }

    /// What [`Position::undo`] needs to restore.
    pub(crate) fn undo_info(&self) -> Undo {
        Undo { to_move: self.to_move, mid_turn: self.mid_turn }
    }

    /// The lattice index of the ball.
    pub(crate) fn ball_index(&self) -> u16 {
        self.ball
    }
}

/// The part of a position's state a step overwrites, kept to undo it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Undo {
    to_move: Seat,
    mid_turn: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_restart_from_the_centre_keeps_the_drawn_segments() {
        let mut position = Position::new(Pitch::STANDARD);
        // Six one-step turns up the centre line: the fifth stops on the fresh middle of the mouth, and the
        // second seat's sixth puts the ball into the goal it defends.
        for digit in "000000".chars() {
            position.step(Direction::from_digit(digit).expect("a digit")).expect("a legal step");
        }
        assert_eq!(position.outcome(), Some(Outcome::win(2, Seat::FIRST, EndReason::OwnGoal)));
        let drawn: Vec<_> = position.drawn_segments().collect();
        let entry = (Point::new(4, -1), Direction::South);
        assert!(drawn.contains(&entry) && position.is_drawn(entry.0, entry.1), "the goal's segment is listed");
        position.restart_from_centre(Seat::SECOND);
        assert_eq!(position.ball(), Pitch::STANDARD.centre());
        assert_eq!((position.to_move(), position.must_continue(), position.outcome()), (Seat::SECOND, false, None));
        assert_eq!(position.drawn_segments().collect::<Vec<_>>(), drawn, "every segment stays, the goal's too");
        assert!(!position.legal_directions().contains(Direction::North), "the centre's drawn segment stays drawn");
        assert_eq!(position.step(Direction::South), Ok(StepResult::TurnOver));
    }

    /// The segments named by their walls worked out at once are those `is_drawn` finds asking of every point
    /// and direction, over random games on several pitches.
    #[test]
    fn drawn_segments_are_the_segments_is_drawn_finds() {
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut random = move |below: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % below as u64) as usize
        };
        for (width, height, goal) in [(8, 10, 2), (6, 8, 2), (10, 12, 4), (4, 4, 2)] {
            let pitch = Pitch::new(width, height, goal).expect("a valid pitch");
            for _ in 0..50 {
                let mut position = Position::new(pitch);
                while !position.is_over() {
                    let legal: Vec<Direction> = position.legal_directions().collect();
                    position.step(legal[random(legal.len())]).expect("a legal step");
                    let asked: Vec<(Point, Direction)> = (0..pitch.lattice_len())
                        .map(|index| pitch.lattice_point(index))
                        .flat_map(|point| FORWARD.into_iter().map(move |d| (point, d)))
                        .filter(|&(point, d)| position.is_drawn(point, d))
                        .collect();
                    assert_eq!(position.drawn_segments().collect::<Vec<_>>(), asked, "{pitch}");
                }
            }
        }
    }

    /// The shortcut for inner points gives the same walls as asking `is_wall` of every point and direction.
    #[test]
    fn a_new_position_blocks_exactly_the_walls() {
        for (width, height, goal) in [(8, 10, 2), (6, 8, 2), (10, 12, 4), (4, 4, 2)] {
            let pitch = Pitch::new(width, height, goal).expect("a valid pitch");
            let position = Position::build(pitch);
            for index in 0..pitch.lattice_len() {
                let point = pitch.lattice_point(index);
                let expected = if pitch.contains(point) {
                    Direction::ALL.into_iter().filter(|&d| pitch.is_wall(point, d)).fold(0, |mask, d| mask | d.bit())
                } else {
                    0xFF
                };
                assert_eq!(position.blocked[index], expected, "{width}×{height}/{goal} at {point:?}");
            }
            assert!(Position::new(pitch) == position, "the copied start position is the built one");
        }
    }
}
