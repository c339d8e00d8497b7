//! What a seat may do on its turn.

use super::field::Point;

/// One action of the seat to act.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A dot on a point; its captures are painted at once (`qv`).
    Dot(Point),
    /// In territory mode, a dot whose captures are left as deferred areas, paint=later (`qv~`, 6.5).
    DotPaintLater(Point),
    /// In territory mode, paint the mover's deferred area holding the point, before moving (`P:qv`, 6.5).
    Paint(Point),
    /// Press STOP (`STOP`, §7).
    Stop,
    /// End the dots placed in a STOP window (`DONE`, 7.4).
    Done,
}

impl Action {
    /// The point a dot goes on, for the two kinds of dot.
    #[must_use]
    pub const fn dot_point(self) -> Option<Point> {
        match self {
            Action::Dot(point) | Action::DotPaintLater(point) => Some(point),
            Action::Paint(_) | Action::Stop | Action::Done => None,
        }
    }
}
