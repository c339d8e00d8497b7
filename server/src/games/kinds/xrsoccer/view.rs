//! How admins see an xrsoccer position.

use kartka_engine::soccer::{Direction, Point};
use kartka_engine::xrsoccer::Position;
use kartka_engine::Game;
use kartka_protocol::kinds::paper_soccer::{PointView, SegmentView};
use kartka_protocol::kinds::xrsoccer::{RelocationView, XrPositionView};

use crate::games::convert::seat_name;

/// The four directions that name every segment once (the other four are their opposites).
const HALF: [Direction; 4] = [Direction::ALL[0], Direction::ALL[1], Direction::ALL[2], Direction::ALL[3]];

fn point_view(point: Point) -> PointView {
    PointView { x: point.x, y: point.y }
}

/// Every drawn segment once, as pairs of points.
pub(super) fn drawn_segments(position: &Position) -> Vec<(Point, Point)> {
    let rules = position.rules();
    let mut segments = Vec::new();
    for y in 0..=rules.length() as i8 {
        for x in 0..=rules.width() as i8 {
            let from = Point::new(x, y);
            for direction in HALF {
                if position.is_drawn(from, direction) {
                    segments.push((from, from.step(direction)));
                }
            }
        }
    }
    segments
}

/// How admins see `position`, reached after `ply` actions.
#[must_use]
pub fn view(position: &Position, ply: u32) -> XrPositionView {
    let rules = position.rules();
    let mut legal = Vec::new();
    position.for_each_legal_action(|direction| legal.push(direction.index()));
    XrPositionView {
        ply,
        width: rules.width(),
        length: rules.length(),
        target: rules.target(),
        ball: point_view(position.ball()),
        to_move: seat_name(position.to_move()),
        line_steps: position.line_steps(),
        over: position.is_over(),
        scores: position.scores(),
        relocation: position
            .relocation()
            .map(|relocation| RelocationView { from: point_view(relocation.from), to: point_view(relocation.to) }),
        segments: drawn_segments(position)
            .into_iter()
            .map(|(from, to)| SegmentView { from: point_view(from), to: point_view(to) })
            .collect(),
        legal,
    }
}

#[cfg(test)]
mod tests {
    use kartka_engine::AnyGame;
    use kartka_protocol::RulesetSpec;

    use super::*;
    use crate::games::position::position_after;

    #[test]
    fn shows_the_line_in_progress_and_its_segments() {
        let ruleset = RulesetSpec::Xrsoccer { width: 12, length: 18, target: 5 };
        let AnyGame::Xrsoccer(position) = position_after(&ruleset, ["000", "22"], 5).unwrap() else {
            panic!("an xrsoccer game");
        };
        let shown = view(&position, 5);
        assert_eq!((shown.ball.x, shown.ball.y), (8, 6), "three up, then two of the next line east");
        assert_eq!(shown.segments.len(), 5);
        assert_eq!(shown.line_steps, 2);
        assert_eq!(shown.scores, [0, 0]);
        assert!(shown.relocation.is_none());
        assert!(!shown.legal.is_empty());
    }
}
