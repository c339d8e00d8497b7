//! How admins see a position of `line-soccer` or `russian-soccer`.

use kartka_engine::line_soccer::{Action, Point};
use kartka_protocol::kinds::line_soccer::{FieldPointView, FieldSegmentView, KickView, LineSoccerPositionView};

use super::seen::Seen;
use crate::games::convert::seat_name;

/// How admins see `seen`, reached after `ply` actions.
#[must_use]
pub fn view(seen: &Seen<'_>, ply: u32) -> LineSoccerPositionView {
    let point = |p: Point| FieldPointView { x: p.x, y: p.y };
    let mut legal_steps = Vec::new();
    let mut legal_kicks = Vec::new();
    for action in &seen.legal {
        match *action {
            Action::Step(direction) => legal_steps.push(direction.index()),
            Action::Kick { direction, segments } => {
                legal_kicks.push(KickView { direction: direction.index(), segments })
            }
        }
    }
    LineSoccerPositionView {
        ply,
        width: seen.field.width(),
        length: seen.field.length(),
        mouth: seen.field.mouth().unsigned_abs(),
        ball: point(seen.ball),
        to_move: seat_name(seen.to_move),
        kick_due: seen.kick_due,
        must_continue: seen.mid_turn,
        over: seen.outcome.is_some(),
        points: seen.points().into_iter().map(point).collect(),
        segments: seen
            .segments()
            .into_iter()
            .map(|(from, to, kick)| FieldSegmentView { from: point(from), to: point(to), kick })
            .collect(),
        legal_steps,
        legal_kicks,
    }
}

#[cfg(test)]
mod tests {
    use kartka_engine::AnyGame;
    use kartka_protocol::kinds::line_soccer::LinePresetName;
    use kartka_protocol::{RulesetSpec, SeatName};

    use super::*;
    use crate::games::position::position_after;

    const LINE: RulesetSpec = RulesetSpec::LineSoccer { preset: LinePresetName::Line, width: 20, length: 30 };

    fn view_after(ruleset: &RulesetSpec, moves: &[&str], ply: u32) -> LineSoccerPositionView {
        let game: AnyGame = position_after(ruleset, moves.iter().copied(), ply).expect("the moves replay");
        view(&Seen::of(&game), ply)
    }

    #[test]
    fn shows_a_line_being_drawn_and_the_steps_that_may_follow() {
        let start = view_after(&LINE, &[], 0);
        assert_eq!((start.width, start.length, start.mouth), (20, 30, 2));
        assert_eq!((start.ball.x, start.ball.y), (0, 0));
        assert_eq!(start.points.len(), 1, "the centre spot is drawn");
        assert_eq!(start.legal_steps.len(), 8);
        assert!(start.legal_kicks.is_empty() && start.kick_due.is_none());
        let mid = view_after(&LINE, &["0", "0"], 2);
        assert_eq!((mid.ball.x, mid.ball.y), (0, 2), "north is up the field");
        assert!(mid.must_continue);
        assert_eq!(mid.to_move, SeatName::First);
        assert_eq!(mid.segments.len(), 2);
        assert_eq!(mid.points.len(), 3);
        assert!(!mid.legal_steps.contains(&4), "back onto a drawn point");
        let turn = view_after(&LINE, &["000"], 3);
        assert_eq!(turn.to_move, SeatName::Second);
        assert!(!turn.must_continue);
    }

    #[test]
    fn shows_the_kicks_due_in_russian() {
        // A self-clamp needs a crowded field; the simplest kick due is russian's on its smallest field, checked
        // against the engine: whatever it owes, the view lists exactly its legal kicks.
        let ruleset = RulesetSpec::RussianSoccer { width: 10, length: 10 };
        let shown = view_after(&ruleset, &[], 0);
        assert_eq!((shown.width, shown.length), (10, 10));
        assert!(shown.kick_due.is_none() && shown.legal_kicks.is_empty());
    }
}
