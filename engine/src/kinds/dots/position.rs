//! A Dots position: the field, whose turn it is, a STOP window, and how the game ended; playing an action
//! (§3, §4.8, §6–§8).

use super::action::Action;
use super::enclosure::{self, Area};
use super::field::{Point, PointSet};
use super::grid::{Cell, Grid};
use super::grounding;
use super::rules::{DotsRules, StopMode};
use super::start;
use crate::game::Progress;
use crate::position_key::PositionKey;
use crate::{BySeat, EndReason, Outcome, Seat};

/// The two seats of a game of Dots, first seat first.
const SEATS: [Seat; 2] = [Seat::FIRST, Seat::SECOND];

/// Why an action is refused. The position is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum IllegalAction {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The point is not on the field.
    #[error("the point is off the field")]
    OffField,
    /// A dot stands on the point.
    #[error("the point is occupied")]
    Occupied,
    /// The point is painted territory.
    #[error("the point is territory")]
    Territory,
    /// A seat's first dot of an empty start must lie in the first-move zone (2.1).
    #[error("the first dot must lie in the first-move zone")]
    OutsideZone,
    /// Paint-later dots and painting exist only in territory mode (6.5).
    #[error("there is no territory mode in this game")]
    NoTerritoryMode,
    /// The point is not in one of the mover's deferred areas.
    #[error("the point is not in one of the mover's deferred areas")]
    NotDeferred,
    /// STOP is off in this game, or in territory mode, or already pressed.
    #[error("STOP is unavailable")]
    StopUnavailable,
    /// `DONE` ends a STOP window, and there is none.
    #[error("there is no STOP window to end")]
    NoWindow,
}

/// How a game ended by the rules, in the words of rule 8.2 (the [`Outcome`] says it as [`DotsEnd::reason`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DotsEnd {
    /// The seat to move had no legal point.
    Full,
    /// A seat pressed STOP (and its window, if any, closed).
    Stop,
    /// A count reached the instant-win number.
    Instant,
    /// The game ended itself (6.4).
    Auto,
}

impl DotsEnd {
    /// The reason's name in records: `full`, `stop`, `instant`, `auto`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            DotsEnd::Full => "full",
            DotsEnd::Stop => "stop",
            DotsEnd::Instant => "instant",
            DotsEnd::Auto => "auto",
        }
    }

    /// The shared end reason the game's [`Outcome`] gives for this end.
    #[must_use]
    pub const fn reason(self) -> EndReason {
        match self {
            DotsEnd::Full => EndReason::BoardFull,
            DotsEnd::Stop => EndReason::Stop,
            DotsEnd::Instant => EndReason::InstantWin,
            DotsEnd::Auto => EndReason::AutoEnd,
        }
    }
}

/// One capture made by the last action: who captured, and the area.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Capture {
    /// The capturing seat: the mover, or the owner of a house the mover intruded (4.8b).
    pub seat: Seat,
    /// The captured area (4.3).
    pub area: PointSet,
}

/// The captures of the last action, in evaluation order (at most four: one per neighbour of the new dot).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct CaptureLog {
    captures: [Option<Capture>; 4],
}

impl CaptureLog {
    fn push(&mut self, capture: Capture) {
        if let Some(slot) = self.captures.iter_mut().find(|slot| slot.is_none()) {
            *slot = Some(capture);
        }
    }
}

/// A point given to [`Position::with_dots`] that cannot be set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The point is off the field.
    #[error("setup dot ({0}, {1}) is off the field")]
    OffField(u8, u8),
    /// Two setup dots on one point.
    #[error("two setup dots on ({0}, {1})")]
    Twice(u8, u8),
}

/// A Dots position. Fixed-size storage: cloning copies, and checking or playing an action never allocates.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    rules: DotsRules,
    grid: Grid,
    to_move: Seat,
    turn_begun: bool,
    placed: [bool; 2],
    stopped_by: Option<Seat>,
    end: Option<(DotsEnd, Outcome)>,
    last: CaptureLog,
}

impl Position {
    /// The start position of `rules` (§2). The first seat moves first.
    #[must_use]
    pub fn new(rules: DotsRules) -> Position {
        let mut position = Position::bare(rules);
        start::for_each_start_dot(rules.layout(), |seat, point| position.grid.set(point, Cell::Live(seat)));
        position.end_if_no_point();
        position
    }

    /// The field of `rules` with exactly `dots` on it (no start dots), placed directly: no enclosures are
    /// resolved (the setup of an imported record, and of the rules document's test positions).
    pub fn with_dots(rules: DotsRules, dots: impl IntoIterator<Item = (Seat, Point)>) -> Result<Position, SetupError> {
        let mut position = Position::bare(rules);
        for (seat, point) in dots {
            if !rules.size.contains(point) {
                return Err(SetupError::OffField(point.x, point.y));
            }
            if position.grid.get(point) != Cell::Free {
                return Err(SetupError::Twice(point.x, point.y));
            }
            position.grid.set(point, Cell::Live(seat));
        }
        position.end_if_no_point();
        Ok(position)
    }

    /// A start that leaves the first seat no point is over before the first move (8.1), as a full field.
    fn end_if_no_point(&mut self) {
        if !self.has_legal_point(self.to_move) {
            self.finish(DotsEnd::Full, None, self.counts());
        }
    }

    fn bare(rules: DotsRules) -> Position {
        Position {
            rules,
            grid: Grid::new(rules.size),
            to_move: Seat::FIRST,
            turn_begun: false,
            placed: [false; 2],
            stopped_by: None,
            end: None,
            last: CaptureLog::default(),
        }
    }

    /// Writes the position's canonical bytes: format 1, the seat to move, whether its turn has begun, whether
    /// each seat has placed a dot, who pressed STOP (none, first, second), whether the game is over, then one
    /// byte per point of the field in row order: free 0, a house 1–2, deferred 3–4, territory 5–6, a live dot
    /// 7–8, a captured dot 9–10 (the lower number the first seat's). The rules (the field, the switches, the
    /// start) are the ruleset's and left out.
    pub fn write_key(&self, key: &mut PositionKey) {
        key.byte(1).seat(self.to_move).flag(self.turn_begun).flag(self.placed[0]).flag(self.placed[1]);
        key.optional_seat(self.stopped_by).flag(self.end.is_some());
        let seat = |seat: Seat| match seat {
            Seat::FIRST => 0,
            _ => 1,
        };
        for point in self.grid.size().points() {
            key.byte(match self.grid.get(point) {
                Cell::Free => 0,
                Cell::House(owner) => 1 + seat(owner),
                Cell::Deferred(owner) => 3 + seat(owner),
                Cell::Territory(owner) => 5 + seat(owner),
                Cell::Live(owner) => 7 + seat(owner),
                Cell::Captured(owner) => 9 + seat(owner),
            });
        }
    }

    /// The rules of the game.
    #[must_use]
    pub const fn rules(&self) -> DotsRules {
        self.rules
    }

    /// What is on `point` (which must be on the field).
    #[must_use]
    pub const fn cell(&self, point: Point) -> Cell {
        self.grid.get(point)
    }

    /// The seat to act (after the end: the seat that would have acted).
    #[must_use]
    pub const fn to_move(&self) -> Seat {
        self.to_move
    }

    /// Whether the seat to act has already acted in this turn (an extra move, a paint, a STOP window).
    #[must_use]
    pub const fn turn_begun(&self) -> bool {
        self.turn_begun
    }

    /// Both counts (5.1), first seat first: how many enemy dots each seat holds captured.
    #[must_use]
    pub const fn counts(&self) -> [u32; 2] {
        self.grid.counts()
    }

    /// The seat that pressed STOP and whose opponent is placing dots in the window (7.4).
    #[must_use]
    pub const fn stopped_by(&self) -> Option<Seat> {
        self.stopped_by
    }

    /// How the game ended, once it is over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.end.map(|(_, outcome)| outcome)
    }

    /// Why the game ended, in the rules' words (8.2), once it is over.
    #[must_use]
    pub fn end(&self) -> Option<DotsEnd> {
        self.end.map(|(end, _)| end)
    }

    /// Whether the seat to move has just earned an extra move (6.1): its last dot captured, outside a STOP
    /// window, with extra moves on. The extra move is a move of its own (9.2: it starts a fresh move time).
    #[must_use]
    pub fn extra_move_earned(&self) -> bool {
        self.end.is_none()
            && self.rules.extra_move
            && self.stopped_by.is_none()
            && self.last_captures().any(|capture| capture.seat == self.to_move)
    }

    /// The captures the last action made, in evaluation order (for SGF chains).
    pub fn last_captures(&self) -> impl Iterator<Item = &Capture> {
        self.last.captures.iter().flatten()
    }

    /// The counts (first seat first) if `seat` pressed STOP now (7.3), whether or not STOP is allowed.
    #[must_use]
    pub fn stop_result(&self, seat: Seat) -> [u32; 2] {
        grounding::stop_result(&self.grid, seat)
    }

    /// The empty points in `seat`'s deferred areas: T of rule 6.5.
    #[must_use]
    pub fn deferred_points(&self, seat: Seat) -> u32 {
        let mut count = 0;
        for point in self.rules.size.points() {
            count += u32::from(self.grid.get(point) == Cell::Deferred(seat));
        }
        count
    }

    /// The scores of an agreed end (8.1) in half points, first seat first: twice each count, and in territory
    /// mode the seat with more deferred points adds their difference (0.5 a point net, 6.5).
    #[must_use]
    pub fn agreed_half_points(&self) -> [u32; 2] {
        let mut halves = self.counts().map(|count| 2 * count);
        if self.rules.territory {
            let territory = SEATS.map(|seat| self.deferred_points(seat));
            for seat in SEATS {
                halves[seat.index()] += territory[seat.index()].saturating_sub(territory[seat.other().index()]);
            }
        }
        halves
    }

    /// The outcome of ending the game now by agreement (8.1): [`Position::agreed_half_points`] decide (5.2,
    /// 6.5), with both scores and the reason [`EndReason::Agreement`]. `None` once the game is over.
    #[must_use]
    pub fn agreed_end(&self) -> Option<Outcome> {
        self.end
            .is_none()
            .then(|| Outcome::of_half_points(BySeat::from(self.agreed_half_points()), EndReason::Agreement))
    }

    /// Whether the seat to act may play `action`, and if not, why.
    pub fn check(&self, action: Action) -> Result<(), IllegalAction> {
        if self.end.is_some() {
            return Err(IllegalAction::GameOver);
        }
        self.check_as(self.to_move, action)
    }

    /// Whether `seat` may play `action` if it were to act.
    fn check_as(&self, seat: Seat, action: Action) -> Result<(), IllegalAction> {
        match action {
            Action::Dot(point) => self.check_dot(seat, point),
            Action::DotPaintLater(point) => {
                if !self.rules.territory {
                    return Err(IllegalAction::NoTerritoryMode);
                }
                self.check_dot(seat, point)
            }
            Action::Paint(point) => {
                if !self.rules.territory {
                    Err(IllegalAction::NoTerritoryMode)
                } else if !self.rules.size.contains(point) {
                    Err(IllegalAction::OffField)
                } else if self.grid.get(point) != Cell::Deferred(seat) {
                    Err(IllegalAction::NotDeferred)
                } else {
                    Ok(())
                }
            }
            Action::Stop if self.rules.stop_allowed() && self.stopped_by.is_none() => Ok(()),
            Action::Stop => Err(IllegalAction::StopUnavailable),
            Action::Done if self.stopped_by.is_some() => Ok(()),
            Action::Done => Err(IllegalAction::NoWindow),
        }
    }

    fn check_dot(&self, seat: Seat, point: Point) -> Result<(), IllegalAction> {
        if !self.rules.size.contains(point) {
            return Err(IllegalAction::OffField);
        }
        match self.grid.get(point) {
            Cell::Live(_) | Cell::Captured(_) => Err(IllegalAction::Occupied),
            Cell::Territory(_) => Err(IllegalAction::Territory),
            _ if !self.placed[seat.index()] && !self.rules.in_zone(point) => Err(IllegalAction::OutsideZone),
            _ => Ok(()),
        }
    }

    /// Plays `action` for the seat to act. On error the position is unchanged.
    pub fn play(&mut self, action: Action) -> Result<Progress, IllegalAction> {
        self.check(action)?;
        Ok(self.act(self.to_move, action))
    }

    /// Plays `action` for `seat` whatever the turn order: the rules document's test positions list dots
    /// "played in order, ignoring turn order". Afterwards the turn passes as if `seat` had been to act.
    pub fn play_as(&mut self, seat: Seat, action: Action) -> Result<Progress, IllegalAction> {
        if self.end.is_some() {
            return Err(IllegalAction::GameOver);
        }
        self.check_as(seat, action)?;
        self.to_move = seat;
        Ok(self.act(seat, action))
    }

    /// Plays a checked action.
    fn act(&mut self, seat: Seat, action: Action) -> Progress {
        self.last = CaptureLog::default();
        match action {
            Action::Dot(point) => self.dot(seat, point, false),
            Action::DotPaintLater(point) => self.dot(seat, point, true),
            Action::Paint(point) => {
                for painted in enclosure::region(&self.grid, point, Cell::Deferred(seat)).iter() {
                    self.grid.set(painted, Cell::Territory(seat));
                }
                self.turn_begun = true;
                if self.has_legal_point(seat) {
                    Progress::TurnContinues
                } else {
                    self.finish(DotsEnd::Full, None, self.counts())
                }
            }
            Action::Stop => match self.rules.stop {
                StopMode::Window { .. } if self.has_legal_point(seat.other()) => {
                    self.stopped_by = Some(seat);
                    self.pass_turn(seat.other())
                }
                // A window the opponent cannot use closes at once: the counts decide as they stand.
                StopMode::Window { .. } => self.finish(DotsEnd::Stop, None, self.counts()),
                StopMode::Computed | StopMode::Off => self.finish(DotsEnd::Stop, None, self.stop_result(seat)),
            },
            Action::Done => self.finish(DotsEnd::Stop, None, self.counts()),
        }
    }

    /// Places `seat`'s dot, resolves enclosures (§4), then checks the end (§8).
    fn dot(&mut self, seat: Seat, point: Point, paint_later: bool) -> Progress {
        let captured = self.place(seat, point, paint_later);
        self.placed[seat.index()] = true;
        self.turn_begun = true;
        let instant = self.rules.instant_win;
        if instant > 0 {
            if let Some(winner) = [seat, seat.other()].into_iter().find(|s| self.grid.count(*s) >= instant) {
                return self.finish(DotsEnd::Instant, Some(winner), self.counts());
            }
        }
        if self.stopped_by.is_some() {
            return if self.has_legal_point(seat) {
                Progress::TurnContinues
            } else {
                self.finish(DotsEnd::Stop, None, self.counts())
            };
        }
        if self.rules.auto_end {
            if let Some(progress) = self.auto_end() {
                return progress;
            }
        }
        let next = if captured && self.rules.extra_move { seat } else { seat.other() };
        if !self.has_legal_point(next) {
            return self.finish(DotsEnd::Full, None, self.counts());
        }
        if next == seat {
            Progress::TurnContinues
        } else {
            self.pass_turn(next)
        }
    }

    /// Puts the dot and resolves what it encloses and intrudes (4.4–4.8). Whether the mover captured.
    fn place(&mut self, seat: Seat, point: Point, paint_later: bool) -> bool {
        let intruded = match self.grid.get(point) {
            cell @ (Cell::House(owner) | Cell::Deferred(owner)) if owner != seat => Some((owner, cell)),
            _ => None,
        };
        self.grid.set(point, Cell::Live(seat));
        let areas = enclosure::new_areas(&self.grid, seat, point);
        let mover_captures = areas.iter().any(|area| enclosure::holds_enemy(&self.grid, seat, area));
        if let Some((owner, cell)) = intruded {
            if !mover_captures {
                if let Some(pocket) = enclosure::pocket(&self.grid, owner, point) {
                    // 4.8b: the owner takes the intruder at once; a deferred area stays deferred.
                    let area = enclosure::area_of(&self.grid, owner, &pocket);
                    enclosure::capture(&mut self.grid, owner, &area, matches!(cell, Cell::Deferred(_)));
                    self.last.push(Capture { seat: owner, area: area.points });
                    return false;
                }
            }
            // 4.8a (or a house whose walls have since been captured): the house dissolves.
            for dissolved in enclosure::region(&self.grid, point, cell).iter() {
                self.grid.set(dissolved, Cell::Free);
            }
        }
        for area in areas.iter() {
            self.resolve(seat, area, paint_later);
        }
        mover_captures
    }

    /// Evaluates one new area against the current state: a capture (4.6) or a house (4.7).
    fn resolve(&mut self, seat: Seat, area: &Area, paint_later: bool) {
        if enclosure::holds_enemy(&self.grid, seat, area) {
            enclosure::capture(&mut self.grid, seat, area, paint_later);
            self.last.push(Capture { seat, area: area.points });
        } else {
            enclosure::make_house(&mut self.grid, seat, area);
        }
    }

    /// Rule 6.4: ends the game when a seat would win by STOP now, or when every live dot is grounded. The
    /// grounded test waits until both seats have a live dot, so an empty field or a lone edge dot does not
    /// end the game.
    fn auto_end(&mut self) -> Option<Progress> {
        for seat in SEATS {
            let counts = self.stop_result(seat);
            if counts[seat.index()] > counts[seat.other().index()] {
                return Some(self.finish(DotsEnd::Auto, None, counts));
            }
        }
        let mut live = [false; 2];
        for point in self.rules.size.points() {
            if let Cell::Live(seat) = self.grid.get(point) {
                live[seat.index()] = true;
            }
        }
        let all_grounded = SEATS.iter().all(|&seat| grounding::ungrounded(&self.grid, seat).live_dots == 0);
        (live == [true; 2] && all_grounded).then(|| self.finish(DotsEnd::Auto, None, self.counts()))
    }

    /// Whether `seat` has a point it may place a dot on.
    fn has_legal_point(&self, seat: Seat) -> bool {
        if self.grid.playable() == 0 {
            return false;
        }
        match self.rules.zone_rect() {
            Some((left, top, width, height)) if !self.placed[seat.index()] => {
                (top..top + height).any(|y| (left..left + width).any(|x| self.grid.get(Point::new(x, y)).is_playable()))
            }
            _ => true,
        }
    }

    fn pass_turn(&mut self, next: Seat) -> Progress {
        self.to_move = next;
        self.turn_begun = false;
        Progress::TurnEnded
    }

    /// Ends the game with `counts` as its scores: `winner` if given (an instant win), else the higher count.
    fn finish(&mut self, end: DotsEnd, winner: Option<Seat>, counts: [u32; 2]) -> Progress {
        let by_counts = Outcome::of_scores(BySeat::from(counts), end.reason());
        let outcome = match winner {
            Some(winner) => Outcome { scores: by_counts.scores, ..Outcome::win(2, winner, end.reason()) },
            None => by_counts,
        };
        self.end = Some((end, outcome));
        Progress::GameOver(outcome)
    }

    /// Calls `visit` with every legal action, in a fixed order: paints (row-major), dots, paint-later dots,
    /// then STOP or DONE.
    pub fn for_each_legal_action(&self, mut visit: impl FnMut(Action)) {
        if self.end.is_some() {
            return;
        }
        let seat = self.to_move;
        let points = || self.rules.size.points();
        if self.rules.territory {
            points().filter(|&p| self.grid.get(p) == Cell::Deferred(seat)).for_each(|p| visit(Action::Paint(p)));
        }
        self.for_each_legal_dot(|point| visit(Action::Dot(point)));
        if self.rules.territory {
            self.for_each_legal_dot(|point| visit(Action::DotPaintLater(point)));
        }
        for action in [Action::Stop, Action::Done] {
            if self.check_as(seat, action).is_ok() {
                visit(action);
            }
        }
    }

    /// Calls `visit` with every point the seat to act may place a dot on, in row-major order.
    pub fn for_each_legal_dot(&self, visit: impl FnMut(Point)) {
        self.legal_dots().for_each(visit);
    }

    /// The points the seat to act may place a dot on, in row-major order.
    pub fn legal_dots(&self) -> impl Iterator<Item = Point> + '_ {
        let points = if self.end.is_some() { None } else { Some(self.rules.size.points()) };
        points.into_iter().flatten().filter(|&point| self.check_dot(self.to_move, point).is_ok())
    }

    /// The number of [`Position::legal_dots`]: without a first-move zone to keep to, every playable point
    /// (3.1), which the grid counts as it changes, so that a random legal dot costs no count of the field.
    #[must_use]
    pub fn legal_dot_count(&self) -> usize {
        let zone_applies = !self.placed[self.to_move.index()] && self.rules.zone_rect().is_some();
        match self.end {
            Some(_) => 0,
            None if zone_applies => self.legal_dots().count(),
            None => self.grid.playable() as usize,
        }
    }
}
