//! The xrsoccer position: drawn segments, the ball, the line in progress, the score and the last relocation.
//! A `Copy` value that checks and applies a step without allocating.

use super::rules::{XrRules, MAX_POINTS};
use crate::position_key::PositionKey;
use crate::soccer::{Direction, Directions, Point};
use crate::{BySeat, EndReason, Outcome, Seat};

/// Steps in a whole line (a line that reaches a mouth point ends there, shorter).
pub const LINE_STEPS: u8 = 3;

/// Why a step cannot be played. The position is left unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum IllegalStep {
    /// The match is over.
    #[error("the match is over")]
    GameOver,
    /// The step would leave the field.
    #[error("the step leaves the field")]
    OffField,
    /// The segment has already been drawn.
    #[error("the segment is already drawn")]
    AlreadyDrawn,
    /// No legal line goes on from there: the line could not be completed to 3 steps or a goal.
    #[error("the line could not be completed from there")]
    DeadEnd,
}

/// What one legal step did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum XrStep {
    /// The line goes on: the same player steps again.
    LineContinues,
    /// The line is complete: the opponent moves (the ball may have been relocated first; see
    /// [`Position::relocation`]).
    TurnOver,
    /// The ball reached a mouth point: `scorer` got a point, the ball is on the centre (or relocated from
    /// there) and the other player moves.
    Point {
        /// The attacker of the goal reached.
        scorer: Seat,
    },
    /// The match is over: a player reached the target, or no point of the field gives the player to move a
    /// legal line.
    MatchOver(Outcome),
}

/// A relocation of the ball (rule 4): where it was stuck and where it was carried. It draws nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Relocation {
    /// Where the player to move had no legal line.
    pub from: Point,
    /// The point it was carried to, from which the player moves.
    pub to: Point,
}

/// Up to two segments of a line being tried, counted as drawn while looking further.
#[derive(Clone, Copy, Default)]
struct Pending {
    segments: [(u16, u16); 2],
    len: usize,
}

impl Pending {
    fn with(mut self, a: usize, b: usize) -> Pending {
        self.segments[self.len] = segment(a, b);
        self.len += 1;
        self
    }

    fn contains(&self, a: usize, b: usize) -> bool {
        self.segments[..self.len].contains(&segment(a, b))
    }
}

/// A segment as its two lattice indices, the smaller first: between two points there is at most one.
fn segment(a: usize, b: usize) -> (u16, u16) {
    (a.min(b) as u16, a.max(b) as u16)
}

/// An xrsoccer match (rules §4a): no walls, lines of 3 steps that may cross and touch but never reuse a
/// segment, a stuck ball carried to the nearest playable point, points to a target.
///
/// Each lattice point keeps a byte with a bit per direction, set when that segment is drawn or leaves the
/// field, so a step is legal when its bit is clear and a point is blocked ("yellow") when its byte is full.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    blocked: [u8; MAX_POINTS],
    offsets: [i16; 8],
    rules: XrRules,
    ball: u16,
    to_move: Seat,
    line_steps: u8,
    scores: [u32; 2],
    last_scorer: Option<Seat>,
    pass_due: bool,
    relocation: Option<Relocation>,
    outcome: Option<Outcome>,
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Position")
            .field("rules", &self.rules)
            .field("ball", &self.ball())
            .field("to_move", &self.to_move)
            .field("line_steps", &self.line_steps)
            .field("scores", &self.scores)
            .field("relocation", &self.relocation)
            .field("outcome", &self.outcome)
            .finish_non_exhaustive()
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::new(XrRules::STANDARD)
    }
}

impl Position {
    /// The start of a match: nothing drawn, the ball on the centre, 0–0, the first seat to move.
    #[must_use]
    pub fn new(rules: XrRules) -> Position {
        let stride = rules.stride() as i16;
        let mut offsets = [0i16; 8];
        for direction in Direction::ALL {
            let (dx, dy) = direction.delta();
            offsets[direction.index() as usize] = i16::from(dy) * stride + i16::from(dx);
        }
        let mut blocked = [0xFF; MAX_POINTS];
        for (index, mask) in blocked.iter_mut().enumerate().take(rules.points()) {
            let point = rules.point(index);
            *mask = Direction::ALL
                .into_iter()
                .filter(|&d| !rules.contains(point.step(d)))
                .fold(0, |mask, d| mask | d.bit());
        }
        Position {
            blocked,
            offsets,
            rules,
            ball: rules.index(rules.centre()) as u16,
            to_move: Seat::FIRST,
            line_steps: 0,
            scores: [0, 0],
            last_scorer: None,
            pass_due: false,
            relocation: None,
            outcome: None,
        }
    }

    /// The rules of this match.
    #[must_use]
    pub fn rules(&self) -> XrRules {
        self.rules
    }

    /// Where the ball is.
    #[must_use]
    pub fn ball(&self) -> Point {
        self.rules.point(usize::from(self.ball))
    }

    /// The seat whose step it is (after the end: the seat that would have moved).
    #[must_use]
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// How many steps of the current line have been played (0 at the start of a turn).
    #[must_use]
    pub fn line_steps(&self) -> u8 {
        self.line_steps
    }

    /// Points per seat, first seat first.
    #[must_use]
    pub fn scores(&self) -> [u32; 2] {
        self.scores
    }

    /// The seat that scored the last point, if any point was scored.
    #[must_use]
    pub fn last_scorer(&self) -> Option<Seat> {
        self.last_scorer
    }

    /// The relocation that began the current turn, if the ball was carried before it (kept until the turn
    /// ends): a record writes it as `rX,Y:` before the turn's steps.
    #[must_use]
    pub fn relocation(&self) -> Option<Relocation> {
        self.relocation
    }

    /// Whether a `-` token is due before the next turn (§5.4): the player who made the last line also moves
    /// next, after an own goal, so the opponent's slot in the record passes. Cleared by the next step.
    #[must_use]
    pub fn pass_due(&self) -> bool {
        self.pass_due
    }

    /// The outcome, once the match is over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the match is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Whether the segment from `point` one step in `direction` is drawn.
    #[must_use]
    pub fn is_drawn(&self, point: Point, direction: Direction) -> bool {
        self.rules.contains(point)
            && self.rules.contains(point.step(direction))
            && self.blocked[self.rules.index(point)] & direction.bit() != 0
    }

    /// Writes the match's canonical bytes: format 1, the ball's column and row, the seat to move, the steps of
    /// the line in progress, both scores, the last scorer, whether a pass is due, the relocation that began the
    /// turn (a switch, then its two points' columns and rows), whether the match is over, then every drawn
    /// segment once, from its end nearer the top left (E, SE, S, SW), as its column, row and direction digit,
    /// in row order. The rules are the ruleset's and left out.
    pub fn write_key(&self, key: &mut PositionKey) {
        const FORWARD: [Direction; 4] = [Direction::East, Direction::SouthEast, Direction::South, Direction::SouthWest];
        let ball = self.ball();
        key.byte(1).byte(ball.x as u8).byte(ball.y as u8).seat(self.to_move).byte(self.line_steps);
        key.number(self.scores[0]).number(self.scores[1]).optional_seat(self.last_scorer).flag(self.pass_due);
        key.flag(self.relocation.is_some());
        if let Some(Relocation { from, to }) = self.relocation {
            key.byte(from.x as u8).byte(from.y as u8).byte(to.x as u8).byte(to.y as u8);
        }
        key.flag(self.is_over());
        let mut points: Vec<Point> = (0..self.rules.points()).map(|index| self.rules.point(index)).collect();
        points.sort_by_key(|point| (point.y, point.x));
        for point in points {
            for direction in FORWARD.into_iter().filter(|&d| self.is_drawn(point, d)) {
                key.byte(point.x as u8).byte(point.y as u8).byte(direction.index());
            }
        }
    }

    /// Whether `point` is blocked ("yellow", rule 3): every segment from it on the field is drawn.
    #[must_use]
    pub fn is_blocked(&self, point: Point) -> bool {
        self.rules.contains(point) && self.blocked[self.rules.index(point)] == 0xFF
    }

    /// Whether a line of 3 legal steps, or a shorter one ending on a mouth point, starts at `point` now.
    #[must_use]
    pub fn has_line_from(&self, point: Point) -> bool {
        self.rules.contains(point) && self.can_finish(self.rules.index(point), LINE_STEPS, Pending::default())
    }

    /// The directions the ball may step in now: those that can still be completed into a whole line.
    #[must_use]
    pub fn legal_directions(&self) -> Directions {
        let bits = Direction::ALL.into_iter().filter(|&d| self.check(d).is_ok()).fold(0, |bits, d| bits | d.bit());
        Directions::from_bits(bits)
    }

    /// Whether a step in `direction` may be played now, and if not, why.
    pub fn check(&self, direction: Direction) -> Result<(), IllegalStep> {
        if self.is_over() {
            return Err(IllegalStep::GameOver);
        }
        let from = usize::from(self.ball);
        if self.blocked[from] & direction.bit() != 0 {
            return Err(if self.rules.contains(self.ball().step(direction)) {
                IllegalStep::AlreadyDrawn
            } else {
                IllegalStep::OffField
            });
        }
        let to = self.neighbour(from, direction);
        let left = LINE_STEPS - self.line_steps - 1;
        if self.is_mouth(to) || self.can_finish(to, left, Pending::default().with(from, to)) {
            Ok(())
        } else {
            Err(IllegalStep::DeadEnd)
        }
    }

    /// Plays one step of the player to move. On error the position is unchanged.
    pub fn step(&mut self, direction: Direction) -> Result<XrStep, IllegalStep> {
        self.check(direction)?;
        let from = usize::from(self.ball);
        let to = self.neighbour(from, direction);
        self.blocked[from] |= direction.bit();
        self.blocked[to] |= direction.opposite().bit();
        self.ball = to as u16;
        self.line_steps += 1;
        self.pass_due = false;
        let mover = self.to_move;
        if let Some(scorer) = self.rules.goal_of(self.ball()) {
            self.scores[scorer.index()] += 1;
            self.last_scorer = Some(scorer);
            if self.scores[scorer.index()] >= self.rules.target() {
                return Ok(self.finish());
            }
            self.ball = self.rules.index(self.rules.centre()) as u16;
            self.to_move = scorer.other();
            self.pass_due = self.to_move == mover;
            return Ok(self.begin_turn().unwrap_or(XrStep::Point { scorer }));
        }
        if self.line_steps < LINE_STEPS {
            return Ok(XrStep::LineContinues);
        }
        self.to_move = mover.other();
        Ok(self.begin_turn().unwrap_or(XrStep::TurnOver))
    }

    /// Starts the turn of the player to move: carries the ball if that player has no line from it (rule 4),
    /// or ends the match when no point of the field has one (rule 6), which it returns.
    fn begin_turn(&mut self) -> Option<XrStep> {
        self.line_steps = 0;
        self.relocation = None;
        if self.can_finish(usize::from(self.ball), LINE_STEPS, Pending::default()) {
            return None;
        }
        match self.relocation_target() {
            Some(to) => {
                self.relocation = Some(Relocation { from: self.ball(), to: self.rules.point(to) });
                self.ball = to as u16;
                None
            }
            None => Some(self.finish()),
        }
    }

    /// The point the ball is carried to (rule 4): among the points that are not mouth points and have a line,
    /// the fewest rows away, then the fewest columns away, then the row nearer the goal the mover attacks,
    /// then east before west.
    fn relocation_target(&self) -> Option<usize> {
        let ball = self.ball();
        let toward_goal: i16 = if self.to_move == Seat::FIRST { -1 } else { 1 };
        let (width, length) = (i16::from(self.rules.width()), i16::from(self.rules.length()));
        for rows_away in 0..=length {
            for columns_away in 0..=width {
                for row_sign in [toward_goal, -toward_goal] {
                    for column_sign in [1, -1] {
                        let x = i16::from(ball.x) + column_sign * columns_away;
                        let y = i16::from(ball.y) + row_sign * rows_away;
                        let point = Point::new(x as i8, y as i8);
                        if (0..=width).contains(&x)
                            && (0..=length).contains(&y)
                            && self.rules.goal_of(point).is_none()
                            && self.has_line_from(point)
                        {
                            return Some(self.rules.index(point));
                        }
                        if columns_away == 0 {
                            break;
                        }
                    }
                    if rows_away == 0 {
                        break;
                    }
                }
            }
        }
        None
    }

    /// Ends the match (rule 6): more points wins; on equal points the last scorer, and at 0–0 the second seat.
    fn finish(&mut self) -> XrStep {
        let [first, second] = self.scores;
        let winner = match first.cmp(&second) {
            std::cmp::Ordering::Greater => Seat::FIRST,
            std::cmp::Ordering::Less => Seat::SECOND,
            std::cmp::Ordering::Equal => self.last_scorer.unwrap_or(Seat::SECOND),
        };
        let outcome = Outcome { scores: Some(BySeat::from(self.scores)), ..Outcome::win(2, winner, EndReason::Score) };
        self.outcome = Some(outcome);
        self.pass_due = false;
        self.line_steps = 0;
        self.relocation = None;
        XrStep::MatchOver(outcome)
    }

    /// Whether a line can be finished from lattice index `from` with `left` more steps, the segments in
    /// `pending` counted as drawn: some step leads to a mouth point, or to a point from which the rest can be
    /// finished.
    fn can_finish(&self, from: usize, left: u8, pending: Pending) -> bool {
        if left == 0 {
            return true;
        }
        Directions::from_bits(!self.blocked[from]).any(|direction| {
            let to = self.neighbour(from, direction);
            !pending.contains(from, to)
                && (left == 1 || self.is_mouth(to) || self.can_finish(to, left - 1, pending.with(from, to)))
        })
    }

    /// The lattice index one step from `from` in `direction` (on the field when that bit is clear).
    fn neighbour(&self, from: usize, direction: Direction) -> usize {
        (from as isize + self.offsets[direction.index() as usize] as isize) as usize
    }

    fn is_mouth(&self, index: usize) -> bool {
        self.rules.goal_of(self.rules.point(index)).is_some()
    }

    /// Takes back a due `-`: the record's pass token has been written or read.
    pub(crate) fn take_pass(&mut self) {
        self.pass_due = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(x: i8, y: i8) -> Point {
        Point::new(x, y)
    }

    /// A hand-made position on the standard field: every segment drawn except the paths in `open` (a start
    /// point and the digits of the path from it), the ball on `ball` and `to_move` to start a turn there.
    fn all_drawn_but(open: &[(Point, &str)], ball: Point, to_move: Seat) -> Position {
        let rules = XrRules::STANDARD;
        let mut position = Position::new(rules);
        position.blocked[..rules.points()].fill(0xFF);
        for &(start, digits) in open {
            let mut at = start;
            for c in digits.chars() {
                let direction = Direction::from_digit(c).expect("a digit");
                let to = at.step(direction);
                position.blocked[rules.index(at)] &= !direction.bit();
                position.blocked[rules.index(to)] &= !direction.opposite().bit();
                at = to;
            }
        }
        position.ball = rules.index(ball) as u16;
        position.to_move = to_move;
        position
    }

    /// Where the turn of `to_move` from a blocked centre begins.
    fn relocated(open: &[(Point, &str)], to_move: Seat) -> Option<Relocation> {
        let mut position = all_drawn_but(open, point(6, 9), to_move);
        assert_eq!(position.begin_turn(), None, "a point with a line exists");
        assert_eq!(position.ball(), position.relocation().map_or(point(6, 9), |relocation| relocation.to));
        position.relocation()
    }

    fn to(x: i8, y: i8) -> Option<Relocation> {
        Some(Relocation { from: point(6, 9), to: point(x, y) })
    }

    #[test]
    fn a_player_with_a_line_is_not_relocated() {
        assert_eq!(relocated(&[(point(6, 9), "000")], Seat::FIRST), None);
    }

    #[test]
    fn relocation_prefers_the_same_row_at_any_distance() {
        // (9,9) is 0 rows and 3 columns away, (6,8) one row and no column.
        let open = [(point(9, 9), "222"), (point(6, 8), "000")];
        assert_eq!(relocated(&open, Seat::FIRST), to(9, 9));
    }

    #[test]
    fn relocation_then_prefers_fewer_columns() {
        // Both one row away: (7,10) one column away from the first seat's goal, (8,8) two columns towards it.
        let open = [(point(8, 8), "000"), (point(7, 10), "444")];
        assert_eq!(relocated(&open, Seat::FIRST), to(7, 10));
    }

    #[test]
    fn relocation_then_prefers_the_row_nearer_the_goal_the_mover_attacks() {
        let open = [(point(7, 8), "000"), (point(7, 10), "444")];
        assert_eq!(relocated(&open, Seat::FIRST), to(7, 8), "the first seat attacks north");
        assert_eq!(relocated(&open, Seat::SECOND), to(7, 10), "the second seat attacks south");
    }

    #[test]
    fn relocation_then_prefers_east() {
        let open = [(point(5, 9), "000"), (point(7, 9), "000")];
        assert_eq!(relocated(&open, Seat::FIRST), to(7, 9));
        assert_eq!(relocated(&open, Seat::SECOND), to(7, 9));
    }

    #[test]
    fn relocation_never_carries_the_ball_to_a_mouth_point() {
        // From (6,1): the mouth point (5,0) has a line along the end line, but (4,0), a goal in one step, is
        // the nearest point that is not a mouth point.
        let mut position = all_drawn_but(&[(point(5, 0), "666")], point(6, 1), Seat::FIRST);
        assert_eq!(position.begin_turn(), None);
        assert_eq!(position.relocation(), Some(Relocation { from: point(6, 1), to: point(4, 0) }));
        // The goal is scored by a move, and it leaves no line anywhere, which ends the match.
        let outcome = Outcome {
            scores: Some(BySeat::from([1, 0])),
            half_points: false,
            ..Outcome::win(2, Seat::FIRST, EndReason::Score)
        };
        assert_eq!(position.step(Direction::East), Ok(XrStep::MatchOver(outcome)));
    }

    #[test]
    fn after_a_point_a_kicker_without_a_line_at_the_centre_is_relocated_from_there() {
        let open = [(point(6, 1), "0"), (point(6, 12), "444"), (point(6, 6), "000")];
        let mut position = all_drawn_but(&open, point(6, 1), Seat::FIRST);
        assert_eq!(position.step(Direction::North), Ok(XrStep::Point { scorer: Seat::FIRST }));
        assert_eq!(position.to_move(), Seat::SECOND);
        assert_eq!(position.relocation(), Some(Relocation { from: point(6, 9), to: point(6, 12) }));
        assert_eq!(position.ball(), point(6, 12));
    }

    #[test]
    fn no_line_anywhere_ends_the_match() {
        for (scores, last_scorer, winner) in [
            ([0, 0], None, Seat::SECOND),
            ([2, 2], Some(Seat::FIRST), Seat::FIRST),
            ([2, 2], Some(Seat::SECOND), Seat::SECOND),
            ([3, 1], Some(Seat::SECOND), Seat::FIRST),
            ([0, 1], Some(Seat::SECOND), Seat::SECOND),
        ] {
            let mut position = all_drawn_but(&[], point(6, 9), Seat::FIRST);
            position.scores = scores;
            position.last_scorer = last_scorer;
            let outcome = Outcome {
                scores: Some(BySeat::from(scores)),
                half_points: false,
                ..Outcome::win(2, winner, EndReason::Score)
            };
            assert_eq!(position.begin_turn(), Some(XrStep::MatchOver(outcome)), "{scores:?} {last_scorer:?}");
            assert_eq!(position.outcome(), Some(outcome));
            assert_eq!(position.check(Direction::North), Err(IllegalStep::GameOver));
        }
    }

    #[test]
    fn reaching_the_target_ends_the_match() {
        let mut position = all_drawn_but(&[(point(6, 1), "0"), (point(6, 9), "000")], point(6, 1), Seat::SECOND);
        position.scores = [4, 3];
        let outcome = Outcome {
            scores: Some(BySeat::from([5, 3])),
            half_points: false,
            ..Outcome::win(2, Seat::FIRST, EndReason::Score)
        };
        assert_eq!(position.step(Direction::North), Ok(XrStep::MatchOver(outcome)), "an own goal reaches 5");
        assert!(!position.pass_due());
    }

    #[test]
    fn a_step_that_cannot_be_completed_into_a_line_is_a_dead_end() {
        let position = all_drawn_but(&[(point(6, 9), "000"), (point(6, 9), "2")], point(6, 9), Seat::FIRST);
        assert_eq!(position.check(Direction::East), Err(IllegalStep::DeadEnd), "(7,9) has no second step");
        assert_eq!(position.check(Direction::North), Ok(()));
        assert_eq!(position.legal_directions(), Directions::from_bits(Direction::North.bit()));
        let mut tried = position;
        assert_eq!(tried.step(Direction::East), Err(IllegalStep::DeadEnd));
        assert!(tried == position, "a refused step changes nothing");
    }
}
