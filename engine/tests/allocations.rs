//! The engine's hot paths allocate nothing: checking and applying steps, listing legal directions, a
//! warmed-up distinct-turn enumeration, and checking, listing and playing Closing In moves, Dots and Boxes
//! edges, Five in a row actions (renju, and the endless board) and Racetrack moves (the track shared, not copied).
//!
//! A counting global allocator (`allocation-counter`, counting per thread) watches each measured closure.

use kartka_engine::soccer::{Direction, Position, StepResult, TurnEnumerator};
use kartka_engine::{EndReason, Outcome, Seat};

/// The longest game of the 2014-09-22 kurnik corpus file: 245 steps, won by the first seat with a goal.
const LONG_GAME: &str =
    "44472256130361434161755724417570132217564147574741136661316647213305022175474130665061427645030\
                         613105241630316453025360535024647657174464141146724672167205713672452016127447272505272032416\
                         303163031752164520774130547250570503505720330136360724161";

fn directions(digits: &str) -> Vec<Direction> {
    digits.chars().map(|digit| Direction::from_digit(digit).expect("a digit 0-7")).collect()
}

#[test]
fn checking_and_applying_a_whole_game_allocates_nothing() {
    let steps = directions(LONG_GAME);
    let mut position = Position::default();
    let mut last = None;
    let allocations = allocation_counter::measure(|| {
        for &direction in &steps {
            assert!(position.check(direction).is_ok());
            let legal = position.legal_directions();
            assert!(legal.contains(direction));
            last = Some(position.step(direction).expect("a legal step"));
        }
    });
    assert_eq!(last, Some(StepResult::GameOver(Outcome::win(2, Seat::FIRST, EndReason::Goal))));
    assert_eq!(allocations.count_total, 0, "{allocations:?}");
}

#[test]
fn a_warmed_up_enumeration_allocates_nothing() {
    let steps = directions(LONG_GAME);
    // Every turn start of the game, the biggest enumeration among them warming the scratch memory up.
    let mut turn_starts = vec![Position::default()];
    let mut position = Position::default();
    for &direction in &steps {
        if position.step(direction) == Ok(StepResult::TurnOver) {
            turn_starts.push(position);
        }
    }
    let mut enumerator = TurnEnumerator::new();
    let mut expected = Vec::new();
    for start in &turn_starts {
        expected.push(enumerator.for_each_distinct_turn(start, |_, _| {}));
    }
    let mut counted = Vec::with_capacity(turn_starts.len());
    let mut longest_turn = 0;
    let allocations = allocation_counter::measure(|| {
        for start in &turn_starts {
            counted.push(
                enumerator.for_each_distinct_turn(start, |steps, _| longest_turn = longest_turn.max(steps.len())),
            );
        }
    });
    assert_eq!(counted, expected);
    assert!(longest_turn > 5, "the game has long turns to enumerate");
    assert_eq!(allocations.count_total, 0, "{allocations:?}");
}

#[test]
fn a_whole_closing_in_game_allocates_nothing() {
    use kartka_engine::closing_in::{self, BoardSize, IllegalMove, Square};
    use kartka_engine::{Game, Progress};

    let mut position = closing_in::Position::new(BoardSize::new(12).expect("a valid size"));
    let mut moves = 0;
    let mut last = None;
    let allocations = allocation_counter::measure(|| {
        // Each move goes to the last square listed, after a refused move off the board.
        loop {
            let mut listed = None;
            position.for_each_legal_action(|square| listed = Some(square));
            let Some(square) = listed else { break };
            assert_eq!(position.apply(Square::new(12, 0)), Err(IllegalMove::OffBoard));
            assert_eq!(position.check(square), Ok(()));
            last = Some(position.apply(square).expect("a listed move"));
            moves += 1;
        }
    });
    assert!(moves > 10, "only {moves} moves");
    assert!(matches!(last, Some(Progress::GameOver(_))));
    assert_eq!(allocations.count_total, 0, "{allocations:?}");
}

#[test]
fn a_whole_dots_and_boxes_game_of_four_allocates_nothing() {
    use kartka_engine::dots_and_boxes::{self, DotsAndBoxesRules, Edge, IllegalMove};
    use kartka_engine::{Game, Progress};

    let rules = DotsAndBoxesRules::new(9, 9, 4).expect("the largest field");
    let mut position = dots_and_boxes::Position::new(rules);
    let mut edges = 0;
    let mut last = None;
    let allocations = allocation_counter::measure(|| {
        // Each edge is the last one listed, after a refused edge off the field; the third seat leaves halfway.
        loop {
            let mut listed = None;
            position.for_each_legal_action(|edge| listed = Some(edge));
            let Some(edge) = listed else { break };
            assert_eq!(position.apply(Edge::horizontal(9, 0)), Err(IllegalMove::OffField));
            assert_eq!(position.check(edge), Ok(()));
            last = Some(position.apply(edge).expect("a listed edge"));
            edges += 1;
            if edges == 90 {
                assert!(position.seat_left(Seat::new(2).expect("a seat"), EndReason::Time).is_some());
            }
        }
    });
    assert_eq!(edges, 180);
    assert!(matches!(last, Some(Progress::GameOver(_))));
    assert_eq!(allocations.count_total, 0, "{allocations:?}");
}

#[test]
fn a_whole_race_of_six_allocates_nothing() {
    use kartka_engine::racetrack::{self, IllegalMove, Move, RacetrackRules};
    use kartka_engine::{Game, Progress};

    let oval = racetrack::tracks::shipped("oval").expect("shipped");
    let rules = RacetrackRules::new(oval.id(), 6, false, 200).expect("valid rules");
    // Made outside the measurement: looking the track up in the registry is not a hot path.
    let mut race = racetrack::Position::new(rules);
    let mut moves = 0;
    let mut last = None;
    let allocations = allocation_counter::measure(|| {
        // Each move is the last one listed, after a refused point off the keypad; the fourth seat leaves after 30.
        while race.outcome().is_none() {
            let mut listed = None;
            race.for_each_legal_action(|action| listed = Some(action));
            let action = listed.expect("a race not over has a move");
            assert_eq!(race.check(Move::Keypad(0)), Err(IllegalMove::NotATarget));
            let copy = race.clone();
            assert_eq!(copy.check(action), Ok(()));
            last = Some(race.apply(action).expect("a listed move"));
            moves += 1;
            if moves == 30 {
                assert!(race.seat_left(Seat::new(3).expect("a seat"), EndReason::Time).is_some());
            }
        }
    });
    assert!(moves > 30, "{moves}");
    assert!(matches!(last, Some(Progress::GameOver(_))));
    assert_eq!(allocations.count_total, 0, "{allocations:?}");
}

#[test]
fn a_whole_renju_game_allocates_nothing() {
    use kartka_engine::five_in_a_row::{self, Action, BoardShape, Illegal, Opening, Point, Rules, WinRule};
    use kartka_engine::{Game, Progress};

    let rules = Rules::new(BoardShape::Bounded { width: 15, height: 15 }, 5, WinRule::Renju, Opening::Swap2)
        .expect("valid rules");
    let mut position = five_in_a_row::Position::new(rules);
    let mut actions = 0;
    let mut last = None;
    let allocations = allocation_counter::measure(|| {
        // Each action is the last one listed, after a refused stone written for the endless board.
        while last.is_none_or(|progress| !matches!(progress, Progress::GameOver(_))) {
            let mut listed = None;
            position.for_each_legal_action(|action| listed = Some(action));
            let action = listed.expect("a game not over has an action");
            assert_eq!(position.apply(Action::EndlessStone(Point::new(0, 0))), Err(Illegal::OtherBoard));
            assert_eq!(position.check(action), Ok(()));
            last = Some(position.apply(action).expect("a listed action"));
            actions += 1;
        }
    });
    assert!(actions > 10, "only {actions} actions");
    assert_eq!(allocations.count_total, 0, "{allocations:?}");
}

#[test]
fn checking_listing_and_playing_on_the_endless_board_allocate_nothing() {
    use kartka_engine::five_in_a_row::{self, Action, BoardShape, Illegal, Opening, Point, Rules, WinRule};
    use kartka_engine::Game;

    let rules = Rules::new(BoardShape::Endless, 5, WinRule::Freestyle, Opening::None).expect("valid rules");
    // Creating (and cloning) an endless position allocates its stones' box; playing on it does not.
    let mut position = five_in_a_row::Position::new(rules);
    let mut actions = 0;
    let allocations = allocation_counter::measure(|| {
        // Each action is the last one listed, after a refused stone too far from the others.
        while actions < 40 {
            let mut listed = None;
            position.for_each_legal_action(|action| listed = Some(action));
            let action = listed.expect("the game goes on");
            if actions > 0 {
                assert_eq!(position.check(Action::EndlessStone(Point::new(-900, 900))), Err(Illegal::TooFar(5)));
            }
            assert_eq!(position.check(action), Ok(()));
            position.apply(action).expect("a listed action");
            actions += 1;
        }
    });
    assert_eq!(allocations.count_total, 0, "{allocations:?}");
}

#[test]
fn the_counter_sees_an_allocation() {
    let allocations = allocation_counter::measure(|| {
        std::hint::black_box(TurnEnumerator::new().for_each_distinct_turn(&Position::default(), |_, _| {}));
    });
    assert!(allocations.count_total > 0, "a fresh enumerator allocates its scratch memory");
}
