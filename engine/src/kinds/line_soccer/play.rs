//! The turn sequence shared by `line`, `line/opcja1` and `russian`: lines of steps, the kick duty after a
//! closing line, kick series, escalation, goals.

use super::drawing::{Drawing, StepFault};
use super::field::{Field, Point, PointSet};
use super::kick::{self, KickPath};
use super::{Action, IllegalAction};
use crate::game::Progress;
use crate::position_key::PositionKey;
use crate::soccer::Direction;
use crate::{EndReason, Outcome, Seat};

/// Steps in a full line or move, in every ruleset here.
pub(crate) const LINE_STEPS: u8 = 3;

/// Which rules the shared turn sequence follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Variant {
    /// `line` (§2): kicks 7, 14, 21 that must end on a fresh point.
    Line,
    /// `line/opcja1` (§2): kicks 6, 12, 18 that may end on drawn points, which earns another kick.
    Opcja1,
    /// `russian` (§3): self-clamps and penalties of 6.
    Russian,
}

impl Variant {
    /// The kick lengths: the duty's own, then the escalations (§2.5).
    pub(crate) const fn kick_lengths(self) -> &'static [u8] {
        match self {
            Variant::Line => &[7, 14, 21],
            Variant::Opcja1 => &[6, 12, 18],
            Variant::Russian => &[6],
        }
    }

    /// Whether a turn's line must be completable as a whole (§2.1) rather than ending early at a self-clamp
    /// (§3.4).
    const fn lines_must_complete(self) -> bool {
        !matches!(self, Variant::Russian)
    }

    /// Whether a kick may end on a drawn point.
    const fn kick_may_end_on_drawn_point(self) -> bool {
        !matches!(self, Variant::Line)
    }

    /// Whether ending a kick on a drawn point earns the kicker another kick (`line/opcja1`).
    const fn kicks_again_from_drawn_point(self) -> bool {
        matches!(self, Variant::Opcja1)
    }
}

/// What the seat to act owes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Phase {
    /// A line (move) of steps, `steps` of them drawn so far.
    Line {
        /// Steps drawn in this line.
        steps: u8,
    },
    /// A kick of `Variant::kick_lengths()[level]`.
    Kick {
        /// The escalation level: 0 for the duty's own length.
        level: u8,
    },
}

/// A game under one of the rulesets of this module, as both game types hold it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Play {
    variant: Variant,
    field: Field,
    drawing: Drawing,
    ball: Point,
    to_act: Seat,
    phase: Phase,
    /// Where the ball stood during the current kick series (its start and every kick's end).
    series: PointSet,
    /// Whether the seat to act has drawn anything in this turn.
    acted: bool,
    outcome: Option<Outcome>,
}

impl Play {
    /// The start: ball on the drawn centre, the first seat to draw a line.
    pub(crate) fn new(variant: Variant, field: Field) -> Play {
        Play {
            variant,
            field,
            drawing: Drawing::default(),
            ball: Point::CENTRE,
            to_act: Seat::FIRST,
            phase: Phase::Line { steps: 0 },
            series: PointSet::default(),
            acted: false,
            outcome: None,
        }
    }

    /// A position to study or test: `drawing` with the ball (drawn) at `ball` and `to_act` to draw a line.
    pub(crate) fn setup(variant: Variant, field: Field, drawing: Drawing, ball: Point, to_act: Seat) -> Play {
        let mut play = Play::new(variant, field);
        play.drawing = drawing;
        play.drawing.draw_point(ball);
        play.ball = ball;
        play.to_act = to_act;
        play
    }

    /// Writes the position's canonical bytes: format 1, the ball's x and y, the seat to act, the phase (0 and
    /// the steps of the line in progress, or 1 and the kick's escalation level), whether the seat has acted in
    /// this turn, whether the game is over, then every point of the field from the south-west corner, row by
    /// row, as one byte: bit 0 drawn, bit 1 in the current kick series, bits 2–5 the segments to its N, NE, E
    /// and SE drawn. Which segments a kick drew is for showing only and left out, as are the rules.
    pub(crate) fn write_key(&self, key: &mut PositionKey) {
        key.byte(1).byte(self.ball.x as u8).byte(self.ball.y as u8).seat(self.to_act);
        match self.phase {
            Phase::Line { steps } => key.byte(0).byte(steps),
            Phase::Kick { level } => key.byte(1).byte(level),
        };
        key.flag(self.acted).flag(self.outcome.is_some());
        const NORTHWARD: [Direction; 4] =
            [Direction::North, Direction::NorthEast, Direction::East, Direction::SouthEast];
        let (half_width, half_length) = ((self.field.width() / 2) as i8, (self.field.length() / 2) as i8);
        for y in -half_length..=half_length {
            for x in -half_width..=half_width {
                let point = Point { x, y };
                let mut bits = u8::from(self.drawing.has_point(point)) | u8::from(self.series.contains(point)) << 1;
                for (bit, direction) in NORTHWARD.into_iter().enumerate() {
                    bits |= u8::from(self.drawing.has_segment(point, direction)) << (2 + bit);
                }
                key.byte(bits);
            }
        }
    }

    pub(crate) const fn field(&self) -> Field {
        self.field
    }

    pub(crate) const fn drawing(&self) -> &Drawing {
        &self.drawing
    }

    pub(crate) const fn ball(&self) -> Point {
        self.ball
    }

    pub(crate) const fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub(crate) fn to_act(&self) -> Option<Seat> {
        self.outcome.is_none().then_some(self.to_act)
    }

    pub(crate) fn mid_turn(&self) -> bool {
        self.outcome.is_none() && self.acted
    }

    /// The length of the kick due now, if one is.
    pub(crate) fn kick_due(&self) -> Option<u8> {
        match self.phase {
            Phase::Kick { level } if self.outcome.is_none() => Some(self.variant.kick_lengths()[level as usize]),
            _ => None,
        }
    }

    /// Whether the player about to draw a line from the ball has a full move (§1.6); `false` means closed.
    pub(crate) fn has_full_move(&self) -> bool {
        self.drawing.line_exists(self.field, self.ball, LINE_STEPS)
    }

    pub(crate) fn check(&self, action: Action) -> Result<(), IllegalAction> {
        match action {
            Action::Step(direction) => self.check_step(direction).map(|_| ()),
            Action::Kick { direction, segments } => {
                let path = self.check_kick(direction)?;
                if path.segments == segments {
                    Ok(())
                } else {
                    Err(IllegalAction::WrongKickLength { drawn: path.segments })
                }
            }
        }
    }

    pub(crate) fn apply(&mut self, action: Action) -> Result<Progress, IllegalAction> {
        match action {
            Action::Step(direction) => {
                let (to, steps) = self.check_step(direction)?;
                Ok(self.step(direction, to, steps))
            }
            Action::Kick { direction, segments } => {
                let path = self.check_kick(direction)?;
                if path.segments != segments {
                    return Err(IllegalAction::WrongKickLength { drawn: path.segments });
                }
                Ok(self.kick(direction, path))
            }
        }
    }

    pub(crate) fn for_each_legal_action(&self, mut visit: impl FnMut(Action)) {
        if self.outcome.is_some() {
            return;
        }
        for direction in Direction::ALL {
            match self.phase {
                Phase::Line { .. } => {
                    if self.check_step(direction).is_ok() {
                        visit(Action::Step(direction));
                    }
                }
                Phase::Kick { .. } => {
                    if let Ok(path) = self.check_kick(direction) {
                        visit(Action::Kick { direction, segments: path.segments });
                    }
                }
            }
        }
    }

    /// The end of the step `direction` and the steps drawn before it in this line, if it is legal now.
    fn check_step(&self, direction: Direction) -> Result<(Point, u8), IllegalAction> {
        if self.outcome.is_some() {
            return Err(IllegalAction::GameOver);
        }
        let Phase::Line { steps } = self.phase else {
            return Err(IllegalAction::KickDue);
        };
        let to = self.drawing.step_target(self.field, self.ball, direction).map_err(|fault| match fault {
            StepFault::Forbidden => IllegalAction::Forbidden,
            StepFault::DrawnPoint => IllegalAction::DrawnPoint,
            StepFault::CrossesLine => IllegalAction::CrossesLine,
        })?;
        let remaining = LINE_STEPS - steps - 1;
        if self.variant.lines_must_complete() && !self.field.is_mouth(to) && remaining > 0 {
            let mut after = self.drawing;
            after.draw(self.ball, direction, to);
            if !after.has_line(self.field, to, remaining) {
                return Err(IllegalAction::LineCannotBeCompleted);
            }
        }
        Ok((to, steps))
    }

    /// The path of the kick `direction`, if it is legal now.
    fn check_kick(&self, direction: Direction) -> Result<KickPath, IllegalAction> {
        if self.outcome.is_some() {
            return Err(IllegalAction::GameOver);
        }
        let Phase::Kick { level } = self.phase else {
            return Err(IllegalAction::StepDue);
        };
        self.kick_path(direction, level)
    }

    fn kick_path(&self, direction: Direction, level: u8) -> Result<KickPath, IllegalAction> {
        let length = self.variant.kick_lengths()[level as usize];
        let path = kick::trace(self.field, self.ball, direction, length).ok_or(IllegalAction::Forbidden)?;
        if path.scores {
            return Ok(path);
        }
        if !self.variant.kick_may_end_on_drawn_point() && self.drawing.has_point(path.end) {
            return Err(IllegalAction::KickEndsOnDrawnPoint);
        }
        if self.series.contains(path.end) {
            return Err(IllegalAction::KickReturnsInSeries);
        }
        Ok(path)
    }

    fn step(&mut self, direction: Direction, to: Point, steps_before: u8) -> Progress {
        let mover = self.to_act;
        self.drawing.draw(self.ball, direction, to);
        self.ball = to;
        self.acted = true;
        if self.field.is_mouth(to) {
            return self.goal(mover);
        }
        let steps = steps_before + 1;
        if steps == LINE_STEPS {
            self.start_series();
            return self.after_drawing(mover, false);
        }
        if !self.variant.lines_must_complete() && !self.drawing.can_step(self.field, to) {
            // §3.4: a self-clamp ends the move and the opponent kicks from here.
            self.start_series();
            return self.assign_kick(mover.other(), mover);
        }
        self.phase = Phase::Line { steps };
        Progress::TurnContinues
    }

    fn kick(&mut self, direction: Direction, path: KickPath) -> Progress {
        let kicker = self.to_act;
        let ended_on_drawn_point = self.drawing.has_point(path.end);
        kick::draw(&mut self.drawing, self.ball, direction, path);
        self.ball = path.end;
        self.acted = true;
        if path.scores {
            return self.goal(kicker);
        }
        self.series.insert(path.end);
        self.after_drawing(kicker, ended_on_drawn_point)
    }

    fn start_series(&mut self) {
        self.series.clear();
        self.series.insert(self.ball);
    }

    /// After `mover` completed a line or a kick: another kick if the opponent is closed (or, in
    /// `line/opcja1`, if the kick ended on a drawn point), else the opponent's line.
    fn after_drawing(&mut self, mover: Seat, ended_on_drawn_point: bool) -> Progress {
        let again = ended_on_drawn_point && self.variant.kicks_again_from_drawn_point();
        if again || !self.has_full_move() {
            return self.assign_kick(mover, mover);
        }
        self.to_act = mover.other();
        self.phase = Phase::Line { steps: 0 };
        self.acted = false;
        Progress::TurnEnded
    }

    /// Gives the kick duty of the base length to `kicker`, passing it on at the escalated lengths while the
    /// one due has no legal kick (§2.5), until the game ends drawn (§2.6) or, in `russian`, the kicker loses
    /// (§3.8). The turn of `mover`, who drew last, goes on only if `mover` kicks the base length.
    fn assign_kick(&mut self, kicker: Seat, mover: Seat) -> Progress {
        let mut kicker = kicker;
        let mut level = 0;
        loop {
            if Direction::ALL.into_iter().any(|direction| self.kick_path(direction, level).is_ok()) {
                self.to_act = kicker;
                self.phase = Phase::Kick { level };
                return if kicker == mover && level == 0 {
                    Progress::TurnContinues
                } else {
                    self.acted = false;
                    Progress::TurnEnded
                };
            }
            if self.variant == Variant::Russian {
                return self.end(Outcome::win(2, kicker.other(), EndReason::Stuck));
            }
            if usize::from(level) + 1 == self.variant.kick_lengths().len() {
                return self.end(Outcome::draw(2, EndReason::Stuck));
            }
            kicker = kicker.other();
            level += 1;
        }
    }

    fn goal(&mut self, mover: Seat) -> Progress {
        let attacker = self.field.attacker_of(self.ball);
        let reason = if attacker == mover { EndReason::Goal } else { EndReason::OwnGoal };
        self.end(Outcome::win(2, attacker, reason))
    }

    fn end(&mut self, outcome: Outcome) -> Progress {
        self.outcome = Some(outcome);
        Progress::GameOver(outcome)
    }
}
