//! Five in a row against its rules document: each win rule, renju's forbidden moves, each opening, notation
//! and records, the small-board solver, perft from `tests/data/perft/five-in-a-row.txt` and against a naive
//! count, and random play checking that refused actions change nothing and that the legal actions are exactly
//! those `check` accepts.

#[path = "common/perft_data.rs"]
mod perft_data;
#[path = "common/rng.rs"]
mod rng;

use kartka_engine::five_in_a_row::{
    self, read_gomocup_board, write_gomocup_board, Action, BoardShape, Colour, FiveInARowRecord, ForbiddenShape,
    GomocupError, Illegal, Opening, Point, Position, ReadErrorKind, RecordResult, ReplayError, Rules, RulesError,
    WinRule,
};
use kartka_engine::{perft, EndReason, Game, Outcome, PositionKey, Progress, Seat, TimeoutPolicy};
use rng::Rng;

fn rules(width: u8, height: u8, line: u8, win: WinRule, opening: Opening) -> Rules {
    Rules::new(BoardShape::Bounded { width, height }, line, win, opening).expect("valid rules")
}

fn renju() -> Rules {
    rules(15, 15, 5, WinRule::Renju, Opening::None)
}

fn action(text: &str) -> Action {
    match Position::parse_actions(text).as_deref() {
        Ok(&[action]) => action,
        other => panic!("{text:?} is not one action: {other:?}"),
    }
}

/// The position after `actions` (space-separated) from the start of `rules`, each of which must be accepted.
fn played(rules: Rules, actions: &str) -> Position {
    let mut position = Position::new(rules);
    for action in Position::parse_actions(actions).expect("readable actions") {
        position.apply(action).unwrap_or_else(|illegal| panic!("{action:?} after {position:?}: {illegal}"));
    }
    position
}

/// Black's stones and White's played alternately from Black, then `extra` black stones' worth of fillers: the
/// position where Black is to play after `black` and `white`, which must have as many stones each.
fn alternating(rules: Rules, black: &[&str], white: &[&str]) -> Position {
    assert_eq!(black.len(), white.len());
    let text: Vec<&str> = black.iter().zip(white).flat_map(|(b, w)| [*b, *w]).collect();
    played(rules, &text.join(" "))
}

/// Asserts that `text` is refused with `illegal` and leaves the position as it was.
fn assert_refused(position: &Position, text: &str, illegal: Illegal) {
    let mut after = position.clone();
    assert_eq!(after.check(action(text)), Err(illegal), "{text}");
    assert_eq!(after.apply(action(text)), Err(illegal), "{text}");
    assert_eq!(after, *position, "the refused {text} changed the position");
    let mut listed = false;
    position.for_each_legal_action(|legal| listed |= legal == action(text));
    assert!(!listed, "the refused {text} is listed as legal");
}

fn win_for(seat: Seat) -> Progress {
    Progress::GameOver(Outcome::win(2, seat, EndReason::Row))
}

#[test]
fn freestyle_wins_with_the_line_and_with_an_overline() {
    let five = rules(9, 9, 5, WinRule::Freestyle, Opening::None);
    let position = alternating(five, &["a1", "b1", "c1", "d1"], &["a9", "b9", "c9", "d9"]);
    assert_eq!(position.clone().apply(action("e1")), Ok(win_for(Seat::FIRST)));
    let gap = alternating(five, &["a1", "b1", "c1", "e1", "f1"], &["a9", "b9", "c9", "e9", "g9"]);
    let mut overline = gap;
    assert_eq!(overline.apply(action("d1")), Ok(win_for(Seat::FIRST)), "six in a row win freestyle");
    assert_eq!(overline.to_act(), None);
    assert_refused(&overline, "h8", Illegal::GameOver);
    // A diagonal, for White (the second seat).
    let diagonal = played(five, "i9 a1 i7 b2 i5 c3 i3 d4 h1");
    assert_eq!(diagonal.clone().apply(action("e5")), Ok(win_for(Seat::SECOND)));
}

#[test]
fn exact_refuses_the_overline_as_a_win_and_play_continues() {
    let exact = rules(9, 9, 4, WinRule::Exact, Opening::None);
    let mut position = alternating(exact, &["a1", "b1", "c1", "e1"], &["a9", "b9", "d9", "f9"]);
    assert_eq!(position.apply(action("d1")), Ok(Progress::TurnEnded), "five with a line of four does not win");
    assert_eq!(position.to_act(), Some(Seat::SECOND));
    assert_eq!(position.apply(action("h9")), Ok(Progress::TurnEnded));
    let exact_four = alternating(exact, &["a3", "b3", "c3"], &["a9", "b9", "d9"]);
    assert_eq!(exact_four.clone().apply(action("d3")), Ok(win_for(Seat::FIRST)));
}

#[test]
fn caro_needs_an_end_not_blocked_by_the_opponent() {
    let caro = rules(9, 9, 5, WinRule::Caro, Opening::None);
    let blocked = alternating(caro, &["b5", "c5", "d5", "e5", "i1"], &["a5", "g5", "a9", "b9", "c9"]);
    let mut position = blocked;
    assert_eq!(position.apply(action("f5")), Ok(Progress::TurnEnded), "blocked at both ends");
    let edge = alternating(caro, &["a3", "b3", "c3", "d3"], &["f3", "a9", "b9", "c9"]);
    assert_eq!(edge.clone().apply(action("e3")), Ok(win_for(Seat::FIRST)), "an edge does not block");
    let open = alternating(caro, &["b2", "c2", "d2", "e2"], &["a2", "a9", "b9", "c9"]);
    assert_eq!(open.clone().apply(action("f2")), Ok(win_for(Seat::FIRST)), "blocked at one end only");
    let long = alternating(caro, &["b7", "c7", "d7", "f7", "g7"], &["a7", "h7", "a9", "b9", "c9"]);
    assert_eq!(long.clone().apply(action("e7")), Ok(win_for(Seat::FIRST)), "an overline wins, blocked or not");
}

#[test]
fn a_full_board_is_a_draw() {
    let mut position = played(Rules::TIC_TAC_TOE, "a1 b2 c3 a2 c2 c1 a3 b3");
    assert_eq!(position.apply(action("b1")), Ok(Progress::GameOver(Outcome::draw(2, EndReason::BoardFull))));
    assert_eq!(position.outcome().map(|outcome| outcome.is_draw()), Some(true));
}

/// Fillers for White, far from every shape the renju tests build around the centre.
const FILLERS: [&str; 10] = ["a1", "a3", "a5", "a11", "a13", "a15", "o1", "o3", "o15", "o13"];

#[test]
fn renju_refuses_blacks_overline_double_four_and_double_three_and_changes_nothing() {
    let overline = alternating(renju(), &["d8", "e8", "f8", "h8", "i8"], &FILLERS[..5]);
    assert_refused(&overline, "g8", Illegal::Forbidden(ForbiddenShape::Overline));

    let two_rows = alternating(renju(), &["e8", "f8", "g8", "h5", "h6", "h7"], &FILLERS[..6]);
    assert_refused(&two_rows, "h8", Illegal::Forbidden(ForbiddenShape::DoubleFour));

    let one_row = alternating(renju(), &["c8", "e8", "g8", "i8"], &FILLERS[..4]);
    assert_refused(&one_row, "f8", Illegal::Forbidden(ForbiddenShape::DoubleFour));

    let threes = alternating(renju(), &["f8", "g8", "h6", "h7"], &FILLERS[..4]);
    assert_refused(&threes, "h8", Illegal::Forbidden(ForbiddenShape::DoubleThree));
    // A four and a three together are allowed.
    let four_three = alternating(renju(), &["e8", "f8", "g8", "h6", "h7"], &FILLERS[..5]);
    assert_eq!(four_three.check(action("h8")), Ok(()));
    assert_eq!(Illegal::Forbidden(ForbiddenShape::DoubleThree).to_string(), "forbidden for Black: a double three");
}

#[test]
fn renju_white_may_make_what_black_may_not_and_wins_with_an_overline() {
    let mut position =
        alternating(renju(), &["a1", "a3", "a5", "a11", "a13", "o15"], &["d8", "e8", "f8", "h8", "i8", "h6"]);
    position.apply(action("o1")).expect("a black filler");
    assert_eq!(position.clone().apply(action("g8")), Ok(win_for(Seat::SECOND)), "White's overline wins");
}

#[test]
fn renju_a_five_wins_even_when_it_is_also_a_double_four() {
    let black = ["e8", "f8", "g8", "h8", "i9", "i10", "i11", "f5", "g6", "h7"];
    let position = alternating(renju(), &black, &FILLERS);
    let mut without_five = alternating(renju(), &black[4..], &FILLERS[..6]);
    assert_eq!(without_five.apply(action("i8")), Err(Illegal::Forbidden(ForbiddenShape::DoubleFour)));
    assert_eq!(position.clone().apply(action("i8")), Ok(win_for(Seat::FIRST)));
}

#[test]
fn renju_a_three_whose_only_straight_four_is_forbidden_is_no_three() {
    // f8 g8 h8 with White on d8 can only become a straight four on i8; h6 h7 h8 is a true three.
    let white = ["d8", "a1", "a3", "a13", "a15", "o1", "o15", "o13", "o3"];
    let plain = alternating(renju(), &["f8", "g8", "h6", "h7", "n14"], &white[..5]);
    assert_refused(&plain, "h8", Illegal::Forbidden(ForbiddenShape::DoubleThree));
    // With Black on i4–i7 and i9, a stone on i8 would be an overline, so the row is no three and h8 is allowed.
    let black = ["f8", "g8", "i4", "i5", "i6", "i7", "i9", "h6", "h7"];
    let recursive = alternating(renju(), &black, &white);
    let mut on_i8 = recursive;
    on_i8.apply(action("h8")).expect("h8 makes one three only");
    assert_eq!(on_i8.apply(action("n2")), Ok(Progress::TurnEnded));
    assert_eq!(on_i8.check(action("i8")), Err(Illegal::Forbidden(ForbiddenShape::Overline)));
}

#[test]
fn renju_forbidden_points_are_not_listed_for_black_but_are_for_white() {
    let threes = alternating(renju(), &["f8", "g8", "h6", "h7"], &FILLERS[..4]);
    let mut listed = Vec::new();
    threes.for_each_legal_action(|legal| listed.push(legal));
    assert!(!listed.contains(&action("h8")));
    assert_eq!(listed.len(), 225 - 8 - 1);
    let mut white_to_play = threes;
    white_to_play.apply(action("n14")).expect("a black stone elsewhere");
    assert_eq!(white_to_play.check(action("h8")), Ok(()));
}

#[test]
fn no_opening_makes_the_first_seat_black() {
    let position = Position::new(Rules::TIC_TAC_TOE);
    assert_eq!(position.colour_of(Seat::FIRST), Some(Colour::Black));
    assert_eq!(position.colour_of(Seat::SECOND), Some(Colour::White));
    assert_eq!((position.to_act(), position.mid_turn()), (Some(Seat::FIRST), false));
    assert_eq!(Position::seat_count(&Rules::TIC_TAC_TOE), 2);
    assert_eq!(position.timeout_policy(), TimeoutPolicy::Loss, "a timeout loses");
    assert_refused(&position, "=B", Illegal::StoneDue);
    assert_refused(&position, "d1", Illegal::OffBoard);
    assert_refused(&position, "0,0", Illegal::OtherBoard);
    assert_refused(&played(Rules::TIC_TAC_TOE, "b2"), "b2", Illegal::Occupied);
}

#[test]
fn pro_and_long_pro_place_blacks_first_two_stones_by_the_centre() {
    for (opening, distance) in [(Opening::Pro, 3), (Opening::LongPro, 4)] {
        let pro = rules(15, 15, 5, WinRule::Freestyle, opening);
        let start = Position::new(pro);
        assert_refused(&start, "g7", Illegal::NotOnCentre);
        let after_two = played(pro, "h8 h9");
        let near = if distance == 3 { "j10" } else { "k11" };
        assert_refused(&after_two, near, Illegal::TooNearCentre(distance));
        let far = if distance == 3 { "k8" } else { "l4" };
        let mut position = after_two;
        assert_eq!(position.apply(action(far)), Ok(Progress::TurnEnded));
        assert_eq!(position.apply(action("h7")), Ok(Progress::TurnEnded), "White is free");
        assert_eq!(position.apply(action("i9")), Ok(Progress::TurnEnded), "from the third black stone, free");
    }
}

/// The three stones of a swap opening; the first seat's turn holds them all.
fn first_three(rules: Rules) -> Position {
    let mut position = Position::new(rules);
    assert_eq!((position.to_act(), position.mid_turn()), (Some(Seat::FIRST), false));
    assert_eq!(position.colour_of(Seat::FIRST), None);
    assert_eq!(position.apply(action("h8")), Ok(Progress::TurnContinues));
    assert_eq!((position.to_act(), position.mid_turn()), (Some(Seat::FIRST), true));
    assert_refused(&position, "=W", Illegal::StoneDue);
    assert_eq!(position.apply(action("i9")), Ok(Progress::TurnContinues));
    assert_eq!(position.apply(action("j8")), Ok(Progress::TurnEnded));
    let colours: Vec<_> = ["h8", "i9", "j8"].map(|text| position.cell(point(text))).into();
    assert_eq!(colours, [Colour::Black, Colour::White, Colour::Black].map(five_in_a_row::Cell::Stone));
    assert_eq!((position.to_act(), position.mid_turn()), (Some(Seat::SECOND), false));
    assert_eq!(position.colour_of(Seat::SECOND), None);
    position
}

fn point(text: &str) -> Point {
    match action(text) {
        Action::Stone(point) => point,
        other => panic!("{other:?} is not a stone"),
    }
}

#[test]
fn swap_lets_the_second_seat_choose_and_white_moves_next() {
    let swap = rules(15, 15, 5, WinRule::Freestyle, Opening::Swap);
    let position = first_three(swap);
    assert_refused(&position, "k8", Illegal::ChoiceDue);
    for (choice, black) in [("=B", Seat::SECOND), ("=W", Seat::FIRST)] {
        let mut after = position.clone();
        assert_eq!(after.apply(action(choice)), Ok(Progress::TurnEnded));
        assert_eq!(after.colour_of(black), Some(Colour::Black));
        assert_eq!(after.colour_of(black.other()), Some(Colour::White));
        assert_eq!((after.to_act(), after.next_colour()), (Some(black.other()), Colour::White), "{choice}");
        assert_refused(&after, "=B", Illegal::StoneDue);
    }
}

#[test]
fn swap2_a_the_second_seat_takes_black_and_white_moves_next() {
    let mut position = first_three(Rules::GOMOKU);
    assert_eq!(position.apply(action("=B")), Ok(Progress::TurnEnded));
    assert_eq!(position.colour_of(Seat::SECOND), Some(Colour::Black));
    assert_eq!(
        (position.to_act(), position.next_colour(), position.mid_turn()),
        (Some(Seat::FIRST), Colour::White, false)
    );
}

#[test]
fn swap2_b_the_second_seat_takes_white_and_places_the_fourth_stone() {
    let mut position = first_three(Rules::GOMOKU);
    assert_eq!(position.apply(action("=W")), Ok(Progress::TurnContinues));
    assert_eq!((position.to_act(), position.mid_turn()), (Some(Seat::SECOND), true));
    assert_eq!(position.colour_of(Seat::SECOND), Some(Colour::White));
    assert_refused(&position, "=B", Illegal::StoneDue);
    assert_eq!(position.apply(action("g7")), Ok(Progress::TurnEnded));
    assert_eq!(position.cell(point("g7")), five_in_a_row::Cell::Stone(Colour::White));
    assert_eq!(
        (position.to_act(), position.next_colour(), position.mid_turn()),
        (Some(Seat::FIRST), Colour::Black, false)
    );
}

#[test]
fn swap2_c_two_more_stones_and_the_first_seat_chooses() {
    let mut position = first_three(Rules::GOMOKU);
    assert_eq!(position.apply(action("k8")), Ok(Progress::TurnContinues));
    assert_eq!(position.cell(point("k8")), five_in_a_row::Cell::Stone(Colour::Black));
    assert_eq!((position.to_act(), position.mid_turn()), (Some(Seat::SECOND), true));
    assert_refused(&position, "=W", Illegal::StoneDue);
    assert_eq!(position.apply(action("k9")), Ok(Progress::TurnEnded));
    assert_eq!(position.cell(point("k9")), five_in_a_row::Cell::Stone(Colour::White));
    assert_eq!(
        (position.to_act(), position.mid_turn(), position.colour_of(Seat::FIRST)),
        (Some(Seat::FIRST), false, None)
    );
    assert_refused(&position, "l8", Illegal::ChoiceDue);
    // Three black stones and two white: White moves next, whoever holds it.
    for (choice, white) in [("=W", Seat::FIRST), ("=B", Seat::SECOND)] {
        let mut after = position.clone();
        assert_eq!(after.apply(action(choice)), Ok(Progress::TurnEnded));
        assert_eq!(after.colour_of(white), Some(Colour::White));
        assert_eq!((after.to_act(), after.next_colour()), (Some(white), Colour::White), "{choice}");
    }
}

#[test]
fn the_endless_board_starts_at_the_origin_and_reaches_a_thousand() {
    let endless = Rules::new(BoardShape::Endless, 5, WinRule::Freestyle, Opening::None).expect("valid");
    let start = Position::new(endless);
    assert_refused(&start, "1,0", Illegal::NotAtOrigin);
    assert_refused(&start, "h8", Illegal::OtherBoard);
    let mut listed = Vec::new();
    start.for_each_legal_action(|legal| listed.push(legal));
    assert_eq!(listed, [action("0,0")]);
    // A row of stones five apart from the origin to the edge: each within the line's length of the last.
    let chain: Vec<String> = (0..=200).map(|step| format!("{},0", step * 5)).collect();
    let position = played(endless, &chain.join(" "));
    assert_refused(&position, "1001,0", Illegal::OffBoard);
    assert_refused(&position, "1000,6", Illegal::TooFar(5));
    assert_refused(&position, "-6,0", Illegal::TooFar(5));
    assert_eq!(position.clone().apply(action("1000,5")), Ok(Progress::TurnEnded));
    assert_eq!(position.clone().apply(action("-5,-5")), Ok(Progress::TurnEnded));
    let mut count = 0u64;
    position.for_each_legal_action(|_| count += 1);
    // Columns -5 to 1000 (the edge), rows -5 to 5, less the stones.
    assert_eq!(count, 1006 * 11 - 201);
    let won = played(endless, "0,0 5,-5 -1,1 6,-5 -2,2 7,-5 -3,3 8,-5 5,5 9,-5");
    assert_eq!(won.outcome(), Some(Outcome::win(2, Seat::SECOND, EndReason::Row)));
}

#[test]
fn the_endless_board_lists_exactly_the_points_within_the_line_of_a_stone() {
    for (line, moves) in [(5, "0,0 5,-5 -1,1 7,-1 -3,-5"), (3, "0,0 3,3 -3,0 6,6 1,-3 9,9")] {
        let rules = Rules::new(BoardShape::Endless, line, WinRule::Freestyle, Opening::None).expect("valid");
        let position = played(rules, moves);
        let mut listed = Vec::new();
        position.for_each_legal_action(|legal| listed.push(legal));
        let mut accepted = Vec::new();
        let mut refused_far = 0;
        for y in -20..=20 {
            for x in -20..=20 {
                let candidate = Action::EndlessStone(Point::new(x, y));
                match position.check(candidate) {
                    Ok(()) => accepted.push(candidate),
                    Err(Illegal::TooFar(distance)) => {
                        assert_eq!(distance, i16::from(line));
                        refused_far += 1;
                    }
                    Err(illegal) => assert_eq!(illegal, Illegal::Occupied, "{candidate:?}"),
                }
            }
        }
        assert_eq!(listed, accepted, "line {line}: the listing, in order, is what check accepts");
        assert!(refused_far > 0);
    }
}

#[test]
fn keys_meet_for_transpositions_and_differ_by_phase() {
    let key = |position: &Position| {
        let mut key = PositionKey::new();
        position.write_key(&mut key);
        key
    };
    let a = played(Rules::TIC_TAC_TOE, "a1 b2 c3");
    let b = played(Rules::TIC_TAC_TOE, "c3 b2 a1");
    assert_eq!(key(&a), key(&b));
    assert_eq!(a, b);
    assert_eq!(key(&a).as_bytes()[..8], [1, 6, 1, 0, 3, 0, 0, 0]);
    let swap2 = first_three(Rules::GOMOKU);
    let mut chose = swap2.clone();
    chose.apply(action("=B")).expect("a choice");
    assert_ne!(key(&swap2), key(&chose));
}

#[test]
fn a_record_round_trips_and_replays() {
    let text = "[Game \"five-in-a-row\"]\n[Board \"15x15\"]\n[Line \"5\"]\n[Win \"exact\"]\n[Opening \"swap2\"]\n\
        [Event \"a \\\"test\\\"\"]\n[Result \"0-1\"]\n\n1. h8 i9 2. j8 =W 3. g7 k8\n4. i8 g8 5. i7 g9 6. i6 g10 7. i5 0-1\n";
    let record = FiveInARowRecord::read(text).expect("readable");
    assert_eq!(record.rules, rules(15, 15, 5, WinRule::Exact, Opening::Swap2));
    assert_eq!(record.tag("Event"), Some("a \"test\""));
    assert_eq!(record.actions.len(), 13);
    let position = record.replay().expect("legal");
    // The second seat chose White in swap2 (b); White's i5–i9 is exactly five.
    assert_eq!(position.outcome(), Some(Outcome::win(2, Seat::SECOND, EndReason::Row)));
    let moves = record.actions.iter().map(|&action| kartka_engine::write_actions::<Position>(&[action]));
    kartka_engine::fuzzing::assert_moves_replay(&record.rules, moves, &position);
    let written = record.write();
    assert_eq!(written, text.replace("k8\n4.", "k8 4."));
    assert_eq!(FiveInARowRecord::read(&written), Ok(record.clone()));
    let wrong = FiveInARowRecord { result: RecordResult::FirstWon, ..record };
    assert_eq!(
        wrong.replay(),
        Err(ReplayError::WrongResult { recorded: RecordResult::FirstWon, by_rules: RecordResult::SecondWon })
    );
}

#[test]
fn endless_and_drawn_records_round_trip_with_default_tags_filled_in() {
    let endless = Rules::new(BoardShape::Endless, 5, WinRule::Freestyle, Opening::None).expect("valid");
    let record = FiveInARowRecord {
        rules: endless,
        tags: vec![],
        actions: Position::parse_actions("0,0 3,-2 -1,1").expect("readable"),
        result: RecordResult::Unknown,
    };
    let written = record.write();
    assert!(written.contains("[Board \"endless\"]") && written.contains("1. 0,0 3,-2 2. -1,1 *"), "{written}");
    assert_eq!(FiveInARowRecord::read(&written), Ok(record));
    let drawn = FiveInARowRecord::read(
        "[Board \"3x3\"]\n[Line \"3\"]\n[Opening \"none\"]\n\n1. a1 b2 2. c3 a2 3. c2 c1 4. a3 b3 5. b1 1/2-1/2\n",
    )
    .expect("readable");
    assert_eq!(drawn.rules, Rules::TIC_TAC_TOE);
    assert_eq!(drawn.replay().map(|position| position.outcome().map(|outcome| outcome.is_draw())), Ok(Some(true)));
    let defaults = FiveInARowRecord::read("1. h8 *").expect("readable");
    assert_eq!(defaults.rules, Rules::default());
}

#[test]
fn unreadable_records_name_the_line_and_the_fault() {
    let cases = [
        ("[Game \"dots\"]\n", 1, ReadErrorKind::OtherGame("dots".into())),
        ("[Board \"15\"]\n", 1, ReadErrorKind::BadOption { name: "Board", value: "15".into() }),
        ("[Line \"five\"]\n", 1, ReadErrorKind::BadOption { name: "Line", value: "five".into() }),
        ("[Win \"gomoku\"]\n", 1, ReadErrorKind::BadOption { name: "Win", value: "gomoku".into() }),
        ("[Opening \"swap3\"]\n", 1, ReadErrorKind::BadOption { name: "Opening", value: "swap3".into() }),
        ("[Board \"19x19\"]\n[Win \"renju\"]\n", 2, ReadErrorKind::BadRules(RulesError::RenjuBoard)),
        ("[Result \"2-0\"]\n", 1, ReadErrorKind::UnknownResult("2-0".into())),
        ("[Event \"a\"]\n[Event \"b\"]\n", 2, ReadErrorKind::DuplicateTag("Event".into())),
        ("[Event a]\n", 1, ReadErrorKind::MalformedTag),
        ("1. h8\n[Event \"late\"]\n", 2, ReadErrorKind::TagAfterMovetext),
        ("1. h8 h0\n", 1, ReadErrorKind::BadToken("h0".into())),
        ("h8\n", 1, ReadErrorKind::WrongMoveNumber { expected: 1, found: "h8".into() }),
        ("1. h8 h9 3. h10\n", 1, ReadErrorKind::WrongMoveNumber { expected: 2, found: "3.".into() }),
        ("1. h8 1-0 h9\n", 1, ReadErrorKind::AfterResult("h9".into())),
        ("1. h8 h9\n2.\n", 2, ReadErrorKind::BadToken("2.".into())),
        (
            "[Result \"1-0\"]\n\n1. h8 0-1\n",
            3,
            ReadErrorKind::ResultMismatch { tag: RecordResult::FirstWon, movetext: RecordResult::SecondWon },
        ),
    ];
    for (text, line, kind) in cases {
        let error = FiveInARowRecord::read(text).expect_err(text);
        assert_eq!((error.line, error.kind), (line, kind), "{text:?}");
    }
    let illegal = FiveInARowRecord::read("[Opening \"none\"]\n\n1. h8 h8\n").expect("readable").replay();
    assert_eq!(illegal, Err(ReplayError::Illegal { ply: 2, action: action("h8"), reason: Illegal::Occupied }));
}

#[test]
fn gomocup_boards_write_and_read_the_stones_in_order() {
    let gomoku = rules(15, 15, 5, WinRule::Freestyle, Opening::None);
    let actions = Position::parse_actions("h8 i9 a1 o15").expect("readable");
    let text = write_gomocup_board(gomoku, &actions).expect("a bounded board");
    assert_eq!(text, "7,7,1\n8,6,2\n0,14,1\n14,0,2\n");
    let position = read_gomocup_board(&text, gomoku).expect("readable");
    assert_eq!(position, played(gomoku, "h8 i9 a1 o15"));
    let swap2 = write_gomocup_board(Rules::GOMOKU, &Position::parse_actions("h8 i9 j8 =B").expect("readable"));
    assert_eq!(swap2.as_deref(), Ok("7,7,1\n8,6,2\n9,7,1\n"));
    assert_eq!(read_gomocup_board(&text, Rules::GOMOKU), Err(GomocupError::Opening(Opening::Swap2)));
    let endless = Rules::new(BoardShape::Endless, 5, WinRule::Freestyle, Opening::None).expect("valid");
    assert_eq!(write_gomocup_board(endless, &[]), Err(GomocupError::Endless));
    assert_eq!(read_gomocup_board("7,7,2\n", gomoku), Err(GomocupError::WrongColour(1)));
    assert_eq!(read_gomocup_board("7,7\n", gomoku), Err(GomocupError::BadLine(1)));
    assert_eq!(read_gomocup_board("7,7,3\n", gomoku), Err(GomocupError::BadLine(1)));
    assert_eq!(
        read_gomocup_board("7,7,1\n\n7,7,2\n", gomoku),
        Err(GomocupError::Illegal { at: 3, reason: Illegal::Occupied })
    );
}

#[test]
fn the_solver_proves_the_documents_small_boards() {
    let tic_tac_toe = five_in_a_row::solve(Rules::TIC_TAC_TOE).expect("a small board");
    assert_eq!(tic_tac_toe.winner, None, "tic-tac-toe is a draw");
    assert!(tic_tac_toe.positions <= 5478, "{} positions: at most the game's 5,478", tic_tac_toe.positions);
    let line_three = five_in_a_row::solve(rules(4, 4, 3, WinRule::Freestyle, Opening::None)).expect("small");
    assert_eq!(line_three.winner, Some(Seat::FIRST), "4x4 with a line of 3 is a first-player win");
    let line_four = five_in_a_row::solve(rules(4, 4, 4, WinRule::Freestyle, Opening::None)).expect("small");
    assert_eq!(line_four.winner, None, "4x4 with a line of 4 is a draw");
    // From a lost position of tic-tac-toe: after a1 b1 (White off the centre), Black wins.
    let lost = played(Rules::TIC_TAC_TOE, "b2 a2");
    assert_eq!(five_in_a_row::solve_position(&lost).map(|solved| solved.winner), Ok(Some(Seat::FIRST)));
    assert_eq!(five_in_a_row::solve(Rules::default()), Err(five_in_a_row::SolveError::TooLarge));
}

#[test]
fn tic_tac_toe_perft_matches_the_data_file() {
    for entry in perft_data::entries("five-in-a-row") {
        let board = entry.field("board");
        let (width, height) = board.split_once('x').expect("WxH");
        let rules = Rules::new(
            BoardShape::Bounded { width: width.parse().expect("a width"), height: height.parse().expect("a height") },
            entry.field("line").parse().expect("a line"),
            WinRule::from_name(entry.field("win")).expect("a win rule"),
            Opening::from_name(entry.field("opening")).expect("an opening"),
        )
        .expect("valid rules");
        let position = played(rules, &entry.field("moves").replace('/', " "));
        assert_eq!(perft::counts_by_depth(&position, entry.counts.len()), entry.counts, "line {}", entry.line);
    }
    assert_eq!(perft::perft(&Position::new(Rules::TIC_TAC_TOE), 0), 1);
}

#[test]
fn perft_agrees_with_a_naive_count_on_four_by_four() {
    for line in [3, 4] {
        let position = Position::new(rules(4, 4, line, WinRule::Freestyle, Opening::None));
        let naive = naive::Board { line: line.into(), cells: [0; 16] };
        let engine = perft::counts_by_depth(&position, 6);
        let expected: Vec<u64> = (1..=6).map(|depth| naive.count(depth, 1)).collect();
        assert_eq!(engine, expected, "line {line}");
    }
}

/// A plain count over an array of 16 cells, written apart from the engine.
mod naive {
    pub struct Board {
        pub line: i32,
        pub cells: [u8; 16],
    }

    impl Board {
        fn won(&self, stone: u8) -> bool {
            let at = |x: i32, y: i32| {
                (0..4).contains(&x) && (0..4).contains(&y) && self.cells[(y * 4 + x) as usize] == stone
            };
            (0..4).any(|y| {
                (0..4).any(|x| {
                    [(1, 0), (0, 1), (1, 1), (1, -1)]
                        .iter()
                        .any(|&(dx, dy)| (0..self.line).all(|i| at(x + dx * i, y + dy * i)))
                })
            })
        }

        /// Sequences of `depth` stones from here, `stone` (1 or 2) to play.
        pub fn count(&self, depth: usize, stone: u8) -> u64 {
            let mut total = 0;
            for index in 0..16 {
                if self.cells[index] != 0 {
                    continue;
                }
                if depth == 1 {
                    total += 1;
                    continue;
                }
                let mut next = Board { line: self.line, cells: self.cells };
                next.cells[index] = stone;
                if !next.won(stone) {
                    total += next.count(depth - 1, 3 - stone);
                }
            }
            total
        }
    }
}

/// Every action a random game might try now: all points of a bounded board and a margin around it, and both
/// choices.
fn candidates(position: &Position) -> Vec<Action> {
    let BoardShape::Bounded { width, height } = position.rules().board() else { unreachable!("bounded only") };
    let mut candidates = vec![Action::Choose(Colour::Black), Action::Choose(Colour::White)];
    for y in -1..=i16::from(height) {
        for x in -1..=i16::from(width) {
            candidates.push(Action::Stone(Point::new(x, y)));
        }
    }
    candidates.push(Action::EndlessStone(Point::new(0, 0)));
    candidates
}

#[test]
fn random_games_list_exactly_the_actions_check_accepts_and_refusals_change_nothing() {
    let rule_sets = [
        Rules::TIC_TAC_TOE,
        Rules::GOMOKU,
        rules(9, 9, 4, WinRule::Exact, Opening::Swap),
        rules(9, 7, 4, WinRule::Caro, Opening::Pro),
        rules(15, 15, 5, WinRule::Renju, Opening::Swap2),
        rules(15, 15, 5, WinRule::Renju, Opening::LongPro),
        rules(5, 5, 4, WinRule::Freestyle, Opening::Swap2),
    ];
    let mut random = Rng(0x9E37_79B9_7F4A_7C15);
    let mut ended = 0;
    for game in 0..140 {
        let rules = rule_sets[game % rule_sets.len()];
        let mut position = Position::new(rules);
        while position.to_act().is_some() {
            let mut legal = Vec::new();
            position.for_each_legal_action(|action| legal.push(action));
            for candidate in candidates(&position) {
                let mut after = position.clone();
                match after.apply(candidate) {
                    Ok(_) => assert!(legal.contains(&candidate), "{candidate:?} is accepted, so listed"),
                    Err(illegal) => {
                        assert!(!legal.contains(&candidate), "{candidate:?} listed but refused: {illegal}");
                        assert_eq!(after, position, "the refused {candidate:?} changed the position");
                        assert_eq!(position.check(candidate), Err(illegal));
                    }
                }
            }
            let before = position.clone();
            let chosen = legal[(random.next() % legal.len() as u64) as usize];
            let seat = position.to_act();
            match position.apply(chosen).expect("a listed action") {
                Progress::TurnContinues => assert!(position.mid_turn() && position.to_act() == seat),
                Progress::TurnEnded => assert!(!position.mid_turn() && position.outcome().is_none()),
                Progress::GameOver(outcome) => {
                    assert_eq!(position.outcome(), Some(outcome));
                    ended += 1;
                }
            }
            assert_ne!(position, before);
        }
        let mut none = true;
        position.for_each_legal_action(|_| none = false);
        assert!(none, "nothing is legal after the end");
    }
    assert_eq!(ended, 140);
}

mod properties {
    use proptest::prelude::*;

    use super::*;

    /// Characters that mean something in a record or a move text, a few that do not, and one that is not ASCII.
    const CHARACTERS: &[char] = &[
        '[', ']', '"', '\\', ' ', '\n', '1', '2', '0', '5', 'x', '.', '-', '/', '*', ',', '=', 'B', 'W', 'h', 'a', 'L',
        'G', 'ł',
    ];

    proptest! {
        #[test]
        fn reading_and_replaying_records_never_panic_and_read_back_as_written(
            characters in prop::collection::vec(prop::sample::select(CHARACTERS), 0..200),
        ) {
            let text: String = characters.into_iter().collect();
            if let Ok(record) = FiveInARowRecord::read(&text) {
                let _ = record.replay();
                prop_assert_eq!(FiveInARowRecord::read(&record.write()), Ok(record));
            }
        }

        #[test]
        fn move_texts_that_read_write_back_as_their_canonical_form(
            characters in prop::collection::vec(prop::sample::select(CHARACTERS), 0..24),
        ) {
            let text: String = characters.into_iter().collect();
            match Position::parse_actions(&text) {
                Ok(actions) => {
                    let canonical = kartka_engine::write_actions::<Position>(&actions);
                    prop_assert_eq!(Position::parse_actions(&canonical), Ok(actions));
                }
                Err(error) => prop_assert!(error.at <= text.chars().count()),
            }
        }
    }
}
