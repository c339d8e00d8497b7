//! How admins see a Closing In position.

use kartka_engine::closing_in::Position;
use kartka_engine::{Game, Seat};
use kartka_protocol::kinds::closing_in::ClosingInPositionView;

use crate::games::convert::seat_name;

/// How admins see `position`, reached after `ply` actions.
#[must_use]
pub fn view(position: &Position, ply: u32) -> ClosingInPositionView {
    let mut legal = Vec::new();
    position.for_each_legal_action(|square| legal.push(square.to_string()));
    ClosingInPositionView {
        ply,
        size: position.size().get(),
        markers: Seat::BOTH.map(|seat| position.marker(seat).map(|square| square.to_string())),
        removed: position.removed().iter(position.size()).map(|square| square.to_string()).collect(),
        to_move: seat_name(position.to_move()),
        over: position.is_over(),
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
    fn shows_markers_removed_squares_and_legal_moves() {
        let moves = ["D5", "B2", "B3", "C3"];
        let ruleset = RulesetSpec::ClosingIn { size: 6 };
        let AnyGame::ClosingIn(position) = position_after(&ruleset, moves, 4).unwrap() else {
            panic!("a Closing In game");
        };
        let shown = view(&position, 4);
        assert_eq!(shown.markers, [Some("B3".to_owned()), Some("C3".to_owned())]);
        assert_eq!(shown.removed, ["B2", "D5"], "in board order");
        assert_eq!(shown.to_move, kartka_protocol::SeatName::First);
        assert!(!shown.over);
        // Up, then clockwise; B2 (removed) blocks the way down, C3 (B's marker) the way right, D5 the diagonal.
        assert_eq!(shown.legal, ["B4", "B5", "B6", "C4", "C2", "D1", "A2", "A3", "A4"]);
    }
}
