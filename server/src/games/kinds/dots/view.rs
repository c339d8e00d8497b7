//! How admins see a Dots position.

use kartka_engine::dots::{write_point, Cell, Position};
use kartka_protocol::kinds::dots::DotsPositionView;

use crate::games::convert::seat_name;

/// How admins see `position`, reached after `ply` actions.
#[must_use]
pub fn view(position: &Position, ply: u32) -> DotsPositionView {
    let size = position.rules().size;
    let mut dots: [Vec<String>; 2] = Default::default();
    let mut captured: [Vec<String>; 2] = Default::default();
    let mut territory: [Vec<String>; 2] = Default::default();
    let mut houses: [Vec<String>; 2] = Default::default();
    let mut deferred: [Vec<String>; 2] = Default::default();
    for point in size.points() {
        let list = match position.cell(point) {
            Cell::Live(seat) => &mut dots[seat.index()],
            Cell::Captured(seat) => &mut captured[seat.index()],
            Cell::Territory(seat) => &mut territory[seat.index()],
            Cell::Deferred(seat) => &mut deferred[seat.index()],
            Cell::House(seat) => &mut houses[seat.index()],
            Cell::Free => continue,
        };
        let mut text = String::with_capacity(2);
        write_point(point, &mut text);
        list.push(text);
    }
    let mut legal = Vec::new();
    position.for_each_legal_action(|action| {
        let mut text = String::new();
        kartka_engine::dots::write_action(action, &mut text);
        legal.push(text);
    });
    DotsPositionView {
        ply,
        width: size.width(),
        height: size.height(),
        dots,
        captured,
        territory,
        houses,
        deferred,
        stopped_by: position.stopped_by().map(seat_name),
        counts: position.counts(),
        to_move: seat_name(position.to_move()),
        over: position.outcome().is_some(),
        legal,
    }
}

#[cfg(test)]
mod tests {
    use kartka_engine::AnyGame;
    use kartka_protocol::kinds::dots::{DotsStart, DotsStop};
    use kartka_protocol::RulesetSpec;

    use super::*;
    use crate::games::position::position_after;

    #[test]
    fn shows_dots_captures_territory_and_the_score() {
        // On an empty 10x10 field: Blue surrounds Red's dot at ee (4,4) and captures it with the fourth dot.
        let ruleset = RulesetSpec::Dots {
            width: 10,
            height: 10,
            start: DotsStart::Empty,
            first_move_zone: false,
            extra_move: false,
            instant_win: 0,
            stop: DotsStop::Computed,
            auto_end: false,
            territory: false,
            seed: None,
        };
        let moves = ["ed", "ee", "de", "aa", "fe", "ba", "ef"];
        let AnyGame::Dots(position) = position_after(&ruleset, moves, 7).expect("legal") else {
            panic!("a Dots game");
        };
        let shown = view(&position, 7);
        assert_eq!(shown.counts, [1, 0]);
        assert_eq!(shown.captured[1], ["ee"], "Red's dot is held by Blue");
        assert_eq!(shown.dots[0], ["ed", "de", "fe", "ef"]);
        assert_eq!(shown.dots[1], ["aa", "ba"]);
        assert_eq!(shown.to_move, kartka_protocol::SeatName::Second);
        assert!(!shown.over);
        assert!(shown.legal.contains(&"STOP".to_owned()) && !shown.legal.contains(&"ee".to_owned()));
        assert_eq!((shown.deferred, shown.stopped_by), (Default::default(), None));
    }

    #[test]
    fn shows_deferred_areas_apart_from_territory_and_who_stopped() {
        let small = |stop, territory| RulesetSpec::Dots {
            width: 10,
            height: 10,
            start: DotsStart::Empty,
            first_move_zone: false,
            extra_move: false,
            instant_win: 0,
            stop,
            auto_end: false,
            territory,
            seed: None,
        };
        let territory = small(DotsStop::Off, true);
        // Blue rings Red's dot at dd and the empty point ed, closing the ring with ee~: paint later.
        let moves = ["dc", "dd", "ec", "aa", "cd", "ba", "fd", "ca", "de", "da", "ee~"];
        let AnyGame::Dots(position) = position_after(&territory, moves, 11).expect("legal") else {
            panic!("a Dots game");
        };
        let shown = view(&position, 11);
        assert_eq!(shown.counts, [1, 0], "a paint-later capture counts at once");
        assert_eq!(shown.captured[1], ["dd"]);
        assert_eq!(shown.deferred, [vec!["ed".to_owned()], Vec::new()]);
        assert_eq!(shown.territory, <[Vec<String>; 2]>::default());
        let AnyGame::Dots(painted) =
            position_after(&territory, moves.into_iter().chain(["ea", "P:ed"]), 13).expect("legal")
        else {
            panic!("a Dots game");
        };
        assert_eq!(view(&painted, 13).territory, [vec!["ed".to_owned()], Vec::new()], "painted");
        let window = small(DotsStop::Window { seconds: 60 }, false);
        let AnyGame::Dots(stopped) = position_after(&window, ["ed", "STOP"], 2).expect("legal") else {
            panic!("a Dots game");
        };
        assert_eq!(view(&stopped, 2).stopped_by, Some(kartka_protocol::SeatName::Second));
    }
}
