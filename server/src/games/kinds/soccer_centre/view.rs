//! How admins see a position of a match of points: the classic view of the pitch and the score.

use kartka_engine::soccer_centre::Position;
use kartka_protocol::kinds::soccer_centre::CentrePositionView;

use crate::games::kinds::paper_soccer::view::view as pitch_view;

/// How admins see `position`, reached after `ply` actions.
#[must_use]
pub fn view(position: &Position, ply: u32) -> CentrePositionView {
    CentrePositionView { pitch: pitch_view(position.board(), ply), scores: position.scores() }
}

#[cfg(test)]
mod tests {
    use kartka_engine::AnyGame;
    use kartka_protocol::RulesetSpec;

    use super::*;
    use crate::games::position::position_after;

    #[test]
    fn a_goal_is_a_point_and_the_ball_goes_back_on_the_centre() {
        let ruleset = RulesetSpec::PaperSoccerCentre { width: 8, height: 10, goal: 2 };
        let moves = ["0", "0", "0", "0", "17"];
        let AnyGame::PaperSoccerCentre(position) = position_after(&ruleset, moves, 6).unwrap() else {
            panic!("a match of points");
        };
        let shown = view(&position, 6);
        assert_eq!(shown.scores, [1, 0], "the first seat scored in the top goal");
        assert_eq!((shown.pitch.ball.x, shown.pitch.ball.y), (4, 5), "back on the centre");
        // The classic view lists the segments between pitch points: the five before the goal stay; the one into
        // the goal point is drawn too but, as in classic Paper Soccer, not listed.
        assert_eq!(shown.pitch.segments.len(), 5, "every segment stays");
        assert_eq!(shown.pitch.to_move, kartka_protocol::SeatName::Second, "the other seat kicks off");
        assert!(!shown.pitch.over);
    }
}
