//! Dots against the rules document: every test position of §11 as a hand-made position, illegal actions,
//! records, random games recounted by an independent flood fill, and a real zagram game.

use kartka_engine::dots::{Action, Cell, DotsEnd, DotsRules, FieldSize, IllegalAction, Point, Position, Start, Zone};
use kartka_engine::{EndReason, Game, Progress, Seat};

const X: Seat = Seat::First;
const O: Seat = Seat::Second;

fn p(x: u8, y: u8) -> Point {
    Point::new(x, y)
}

/// Rules for a test field: no start dots, no zone.
fn rules(width: u8, height: u8) -> DotsRules {
    DotsRules {
        size: FieldSize::new(width, height).expect("a valid size"),
        start: Start::Custom,
        ..DotsRules::default()
    }
}

/// A whole field drawn row by row (`X` first seat, `O` second, `.` free), its dots placed directly.
fn picture(rules: DotsRules, rows: &[&str]) -> Position {
    assert_eq!(rows.len(), usize::from(rules.size.height()));
    let mut dots = Vec::new();
    for (y, row) in (0..).zip(rows) {
        assert_eq!(row.len(), usize::from(rules.size.width()));
        for (x, c) in (0..).zip(row.chars()) {
            match c {
                'X' => dots.push((X, p(x, y))),
                'O' => dots.push((O, p(x, y))),
                _ => assert_eq!(c, '.'),
            }
        }
    }
    Position::with_dots(rules, dots).expect("a valid picture")
}

fn field(rows: &[&str]) -> Position {
    let size = (rows[0].len() as u8, rows.len() as u8);
    picture(rules(size.0, size.1), rows)
}

fn dot(position: &mut Position, seat: Seat, x: u8, y: u8) -> Progress {
    position.play_as(seat, Action::Dot(p(x, y))).unwrap_or_else(|e| panic!("{seat} at ({x},{y}): {e}"))
}

fn stop_by(position: &Position, seat: Seat) -> [u32; 2] {
    let mut stopped = position.clone();
    let progress = stopped.play_as(seat, Action::Stop).expect("STOP is allowed");
    let Progress::GameOver(outcome) = progress else { panic!("STOP ends the game") };
    assert_eq!(stopped.end(), Some(DotsEnd::Stop));
    assert_eq!(outcome.reason, EndReason::Score);
    outcome.scores.expect("scores")
}

const T1: [&str; 5] = [".....", "..X..", ".XO..", "..X..", "....."];

#[test]
fn t1_simple_capture_and_dead_dots() {
    let mut position = field(&T1);
    assert_eq!(dot(&mut position, X, 3, 2), Progress::TurnEnded);
    assert_eq!(position.counts(), [1, 0]);
    assert_eq!(position.cell(p(2, 2)), Cell::Captured(O));
    dot(&mut position, O, 3, 1);
    dot(&mut position, O, 4, 2);
    dot(&mut position, O, 3, 3);
    assert_eq!(position.counts(), [1, 0], "the captured (2,2) cannot join O's chain");

    let extra = DotsRules { extra_move: true, ..rules(5, 5) };
    let mut position = picture(extra, &T1);
    assert_eq!(position.play(Action::Dot(p(3, 2))), Ok(Progress::TurnContinues));
    assert_eq!(position.to_act(), Some(X));
    assert!(position.mid_turn());
    assert_eq!(position.play(Action::Dot(p(0, 0))), Ok(Progress::TurnEnded));
    assert_eq!(position.to_act(), Some(O));
}

#[test]
fn t2_edge_dots_are_never_captured() {
    let mut position = field(&["XOX..", ".....", "....."]);
    dot(&mut position, X, 1, 1);
    assert_eq!(position.counts(), [0, 0]);
    assert_eq!(position.cell(p(1, 0)), Cell::Live(O));
}

#[test]
fn t3_house_and_intruder() {
    let mut position = field(&[".....", "..X..", ".X.X.", ".....", "....."]);
    assert_eq!(dot(&mut position, X, 2, 3), Progress::TurnEnded);
    assert_eq!(position.cell(p(2, 2)), Cell::House(X));
    assert_eq!(position.counts(), [0, 0]);
    assert_eq!(position.play(Action::Dot(p(2, 2))), Ok(Progress::TurnEnded));
    assert_eq!(position.counts(), [1, 0]);
    assert_eq!(position.cell(p(2, 2)), Cell::Captured(O));
    assert_eq!(position.to_act(), Some(X));
    assert!(!position.mid_turn());
}

const T4: [&str; 5] = [".......", "..XXO..", ".X...O.", "..XXO..", "......."];

#[test]
fn t4_intruder_that_captures_dissolves_the_house() {
    let mut position = field(&T4);
    dot(&mut position, X, 4, 2);
    assert_eq!(position.cell(p(2, 2)), Cell::House(X));
    assert_eq!(position.cell(p(3, 2)), Cell::House(X));
    dot(&mut position, O, 3, 2);
    assert_eq!(position.counts(), [0, 1]);
    assert_eq!(position.cell(p(4, 2)), Cell::Captured(X));
    assert_eq!(position.cell(p(2, 2)), Cell::Free, "the house dissolves");

    let mut position = field(&T4);
    dot(&mut position, X, 4, 2);
    dot(&mut position, O, 2, 2);
    assert_eq!(position.counts(), [1, 0]);
}

#[test]
fn t5_base_inside_base_and_freeing() {
    let mut position = field(&[
        "...........",
        "..XXXXXXX..",
        ".X.......X.",
        ".X..OOO..X.",
        ".X.O.X.O.X.",
        ".X.OXOXO.X.",
        ".X.O...O.X.",
        ".X.O...O.X.",
        ".X..O.O..X.",
        ".X.......X.",
        "..XXX.XXX..",
        "...........",
    ]);
    dot(&mut position, X, 5, 6);
    assert_eq!(position.counts(), [1, 0]);
    dot(&mut position, O, 5, 8);
    assert_eq!(position.counts(), [0, 4]);
    assert_eq!(position.cell(p(5, 5)), Cell::Live(O), "O's captured dot is freed");
    dot(&mut position, X, 5, 10);
    assert_eq!(position.counts(), [15, 0]);
    assert_eq!(position.cell(p(5, 6)), Cell::Live(X));
}

const T6: [&str; 5] = [".......", "..X.X..", ".XO.OX.", "..X.X..", "......."];

#[test]
fn t6_double_capture_and_instant_win() {
    let mut position = field(&T6);
    dot(&mut position, X, 3, 2);
    assert_eq!(position.counts(), [2, 0]);
    assert_eq!(position.last_captures().count(), 2);

    let mut position = picture(DotsRules { instant_win: 2, ..rules(7, 5) }, &T6);
    let Ok(Progress::GameOver(outcome)) = position.play(Action::Dot(p(3, 2))) else { panic!("X wins at once") };
    assert_eq!(outcome.winner, Some(X));
    assert_eq!(outcome.scores, Some([2, 0]));
    assert_eq!(position.end(), Some(DotsEnd::Instant));
}

const T7: [&str; 5] = ["......", "X...O.", ".X....", ".X....", "......"];

#[test]
fn t7_diagonal_contact_does_not_ground() {
    let position = field(&T7);
    assert_eq!(stop_by(&position, X), [0, 2]);
    assert_eq!(stop_by(&position, O), [1, 0]);
    for (x, y) in [(1, 1), (0, 2)] {
        let mut grounded = field(&T7);
        dot(&mut grounded, X, x, y);
        let mut stopped = grounded.clone();
        let Ok(Progress::GameOver(outcome)) = stopped.play_as(X, Action::Stop) else { panic!("STOP ends") };
        assert_eq!(outcome.scores, Some([0, 0]));
        assert_eq!(outcome.winner, None, "a draw");
    }
}

#[test]
fn t8_grounded_through_a_base() {
    let rows = ["......", "..X...", ".XOX..", ".XOX..", "......"];
    let mut position = field(&rows);
    dot(&mut position, X, 2, 4);
    assert_eq!(position.counts(), [2, 0]);
    assert_eq!(stop_by(&position, X), [2, 0]);

    let mut deeper = field(&["......", "..X...", ".XOX..", ".XOX..", "......", "......"]);
    dot(&mut deeper, X, 2, 4);
    assert_eq!(deeper.counts(), [2, 0]);
    assert_eq!(stop_by(&deeper, X), [0, 6]);
}

#[test]
fn t9_minimality_takes_each_pocket_alone() {
    let mut position = field(&[".......", "..XXX..", "..OX.X.", "..XX...", "......."]);
    dot(&mut position, X, 4, 3);
    assert_eq!(position.cell(p(4, 2)), Cell::House(X));
    dot(&mut position, O, 6, 4);
    dot(&mut position, X, 1, 2);
    assert_eq!(position.counts(), [1, 0]);
    assert_eq!(position.cell(p(4, 2)), Cell::House(X), "the outer ring is ignored");
    dot(&mut position, O, 4, 2);
    assert_eq!(position.counts(), [2, 0]);
}

#[test]
fn t10_capture_and_house_by_one_dot() {
    let mut position = field(&[
        ".........",
        "..XXXXX..",
        ".X.....X.",
        ".X..X..X.",
        ".X.XOX.X.",
        ".X.....X.",
        "..XX.XX..",
        ".........",
    ]);
    dot(&mut position, X, 4, 5);
    assert_eq!(position.counts(), [1, 0]);
    assert_eq!(position.cell(p(4, 4)), Cell::Captured(O));
    assert_eq!(position.cell(p(2, 2)), Cell::House(X));
    dot(&mut position, O, 2, 2);
    assert_eq!(position.counts(), [2, 0], "(4,4) is not counted again");
}

#[test]
fn t11_territory_mode() {
    let territory = DotsRules { territory: true, stop: kartka_engine::dots::StopMode::Off, ..rules(7, 5) };
    let mut position = picture(territory, &[".......", "..XXX..", ".XO....", "..XXX..", "......."]);
    position.play_as(X, Action::DotPaintLater(p(5, 2))).expect("legal");
    assert_eq!(position.counts(), [1, 0]);
    assert_eq!(position.cell(p(3, 2)), Cell::Deferred(X));
    assert_eq!(position.cell(p(4, 2)), Cell::Deferred(X));
    assert_eq!(position.agreed_half_points(), [4, 0], "X 2, O 0");
    let mut intruded = position.clone();
    dot(&mut intruded, O, 3, 2);
    assert_eq!(intruded.counts(), [2, 0]);
    assert_eq!(intruded.cell(p(4, 2)), Cell::Deferred(X), "the area stays deferred");
    assert_eq!(intruded.agreed_half_points(), [5, 0], "X 2.5, O 0");

    assert_eq!(position.to_act(), Some(O));
    assert_eq!(position.check(Action::Paint(p(3, 2))), Err(IllegalAction::NotDeferred), "not O's area");
    dot(&mut position, O, 0, 0);
    assert_eq!(position.play(Action::Paint(p(3, 2))), Ok(Progress::TurnContinues));
    assert!(position.mid_turn());
    assert_eq!(position.cell(p(4, 2)), Cell::Territory(X));
    assert_eq!(position.check(Action::Dot(p(4, 2))), Err(IllegalAction::Territory));
    assert_eq!(position.check(Action::Stop), Err(IllegalAction::StopUnavailable));
}

#[test]
fn t12_zone_and_cross() {
    let empty = DotsRules { start: Start::Empty, zone: Zone::Auto, ..DotsRules::default() };
    let mut position = Position::new(empty);
    assert_eq!(position.check(Action::Dot(p(11, 15))), Err(IllegalAction::OutsideZone));
    assert_eq!(position.play(Action::Dot(p(12, 19))), Ok(Progress::TurnEnded));
    assert_eq!(position.check(Action::Dot(p(27, 12))), Err(IllegalAction::OutsideZone));
    position.play(Action::Dot(p(26, 12))).expect("in the zone");
    assert_eq!(position.play(Action::Dot(p(0, 0))), Ok(Progress::TurnEnded), "later dots go anywhere");

    let cross = Position::new(DotsRules::default());
    let blue = [p(19, 15), p(20, 16)];
    let red = [p(20, 15), p(19, 16)];
    assert!(blue.iter().all(|&point| cross.cell(point) == Cell::Live(X)));
    assert!(red.iter().all(|&point| cross.cell(point) == Cell::Live(O)));
}
