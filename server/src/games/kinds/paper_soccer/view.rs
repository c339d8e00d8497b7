//! How admins see a Paper Soccer position.

use kartka_engine::soccer::{Point, Position};
use kartka_engine::Game;
use kartka_protocol::kinds::paper_soccer::{PointView, SegmentView, SoccerPositionView};

use crate::games::convert::seat_name;

/// How admins see a position reached after `ply` actions.
#[must_use]
pub fn view(position: &Position, ply: u32) -> SoccerPositionView {
    let point = |p: Point| PointView { x: p.x, y: p.y };
    let pitch = position.pitch();
    let mut legal = Vec::new();
    position.for_each_legal_action(|direction| legal.push(direction.index()));
    SoccerPositionView {
        ply,
        width: pitch.width(),
        height: pitch.height(),
        goal: pitch.goal_width(),
        ball: point(position.ball()),
        to_move: seat_name(position.to_move()),
        must_continue: position.must_continue(),
        over: position.is_over(),
        segments: position
            .drawn_segments()
            .map(|(from, direction)| SegmentView { from: point(from), to: point(from.step(direction)) })
            .collect(),
        legal,
    }
}

#[cfg(test)]
mod tests {
    use kartka_engine::AnyGame;
    use kartka_protocol::RulesetSpec;

    use super::*;
    use crate::games::position::{position_after, PositionError};

    fn view_after(moves: [&str; 5], ply: u32) -> SoccerPositionView {
        let ruleset = RulesetSpec::PaperSoccer { width: 8, height: 10, goal: 2 };
        let AnyGame::PaperSoccer(position) = position_after(&ruleset, moves, ply).unwrap() else {
            panic!("a Paper Soccer game");
        };
        view(&position, ply)
    }

    #[test]
    fn replays_to_any_ply_inside_a_turn() {
        let moves = ["0", "0", "0", "0", "17"];
        let start = view_after(moves, 0);
        assert_eq!((start.ball.x, start.ball.y), (4, 5));
        assert!(start.segments.is_empty());
        assert_eq!(start.legal.len(), 8);
        let on_post = view_after(moves, 5);
        assert_eq!((on_post.ball.x, on_post.ball.y), (5, 0));
        assert!(on_post.must_continue, "a post bounces");
        assert_eq!(on_post.segments.len(), 5);
        let goal = view_after(moves, 6);
        assert!(goal.over);
        assert!(goal.legal.is_empty());
        let ruleset = RulesetSpec::PaperSoccer { width: 8, height: 10, goal: 2 };
        assert!(matches!(position_after(&ruleset, moves, 7), Err(PositionError::BeyondEnd { played: 6 })));
    }
}
