//! xrsoccer (rules §4a): every rule from hand-made matches, relocation in play, records, perft against a
//! naive enumeration, and random matches. The relocation order rule by rule and the ends of a match on
//! equal points are unit tests of `xrsoccer::position`, where positions can be drawn directly.
//!
//! Points are in the kurnik frame: x from west to east, y from the north end line (the goal the first seat
//! attacks) to the south one. On the standard 12 × 18 field the ball starts on (6,9) and the mouths are
//! (5..7, 0) and (5..7, 18).

#[path = "common/rng.rs"]
mod rng;

use kartka_engine::soccer::{Direction, Point};
use kartka_engine::soccer_centre::RecordWinner;
use kartka_engine::xrsoccer::{
    counts_by_depth, perft, replay_tokens, IllegalStep, Position, ReadErrorKind, Relocation, ReplayError, XrRecord,
    XrRules, XrStep, XrToken,
};
use kartka_engine::{BySeat, EndReason, Game, Progress, Seat};
use rng::Rng;

fn digit(c: char) -> Direction {
    Direction::from_digit(c).expect("a digit 0-7")
}

fn digits(text: &str) -> Vec<Direction> {
    text.chars().map(digit).collect()
}

/// The match after `steps` from the start with `rules`, every step checked to be legal.
fn after_on(rules: XrRules, steps: &str) -> Position {
    let mut position = Position::new(rules);
    for (index, c) in steps.chars().enumerate() {
        if let Err(illegal) = position.step(digit(c)) {
            panic!("step {index} ({c}) of {steps} is illegal: {illegal}");
        }
    }
    position
}

fn after(steps: &str) -> Position {
    after_on(XrRules::STANDARD, steps)
}

fn small(width: u8, length: u8, target: u32) -> XrRules {
    XrRules::new(width, length, target).expect("valid rules")
}

/// Asserts that `c` is refused for `reason` and changes nothing.
fn assert_refused(position: &Position, c: char, reason: IllegalStep) {
    let mut tried = *position;
    assert_eq!(tried.step(digit(c)), Err(reason), "step {c} from {:?}", position.ball());
    assert_eq!(&tried, position, "a refused step changes nothing");
}

/// On a 6 × 6 field: the first seat runs into the corner (0,0), the second out along the end line and back
/// down, and the first seat's third line closes the corner behind it, so the second seat is stuck there.
const CORNER: &str = "777245270";

#[test]
fn there_are_no_walls_the_ball_runs_along_the_border_but_not_off_the_field() {
    let position = after("666666");
    assert_eq!(position.ball(), Point::new(0, 9));
    let along = after("666666000");
    assert_eq!(along.ball(), Point::new(0, 6), "three steps along the touch line");
    assert_refused(&along, '6', IllegalStep::OffField);
    assert_refused(&along, '7', IllegalStep::OffField);
    assert!(along.is_drawn(Point::new(0, 8), Direction::North));
}

#[test]
fn lines_may_cross_and_touch_and_revisit_points_but_never_reuse_a_segment() {
    // The first line crosses itself: (6,9)–(7,8) and (7,9)–(6,8) are crossing diagonals.
    let crossing = after("147");
    assert_eq!(crossing.ball(), Point::new(6, 8));
    // The second line goes back through the centre and (7,9), and ends on the visited (7,9) without a bounce.
    let mut position = crossing;
    assert_eq!(position.step(Direction::South), Ok(XrStep::LineContinues));
    assert_eq!(position.step(Direction::SouthEast), Ok(XrStep::LineContinues));
    assert_eq!(position.step(Direction::North), Ok(XrStep::TurnOver), "no bounce on a visited point");
    assert_eq!((position.ball(), position.to_move()), (Point::new(7, 9), Seat::FIRST));
    assert_refused(&position, '0', IllegalStep::AlreadyDrawn);
}

#[test]
fn a_line_is_exactly_three_steps() {
    let mut game = Position::new(XrRules::STANDARD);
    for (c, progress) in [('0', Progress::TurnContinues), ('0', Progress::TurnContinues), ('0', Progress::TurnEnded)] {
        assert_eq!(Game::to_act(&game), Some(Seat::FIRST));
        assert_eq!(game.apply(digit(c)), Ok(progress));
        assert_eq!(Game::mid_turn(&game), progress == Progress::TurnContinues);
    }
    assert_eq!(Game::to_act(&game), Some(Seat::SECOND));
    assert_eq!(game.line_steps(), 0);
}

#[test]
fn a_goal_in_fewer_steps_ends_the_line_and_the_other_player_moves_from_the_centre() {
    let rules = small(4, 4, 5);
    let mut position = after_on(rules, "0");
    assert_eq!(position.step(Direction::North), Ok(XrStep::Point { scorer: Seat::FIRST }), "a goal in two steps");
    assert_eq!(position.scores(), [1, 0]);
    assert_eq!(position.last_scorer(), Some(Seat::FIRST));
    assert_eq!((position.ball(), position.to_move(), position.pass_due()), (Point::new(2, 2), Seat::SECOND, false));
    assert!(position.is_drawn(Point::new(2, 1), Direction::North), "the goal segment stays");
    assert_refused(&position, '0', IllegalStep::AlreadyDrawn);
    assert_eq!(position.relocation(), None);
}

#[test]
fn an_own_goal_is_a_point_for_the_opponent_who_does_not_move_next() {
    let rules = small(4, 4, 5);
    let mut position = after_on(rules, "276");
    assert_eq!((position.ball(), position.to_move()), (Point::new(1, 1), Seat::SECOND));
    assert_eq!(position.step(Direction::North), Ok(XrStep::Point { scorer: Seat::FIRST }), "a goal in one step");
    assert_eq!(position.scores(), [1, 0]);
    assert_eq!(position.to_move(), Seat::SECOND, "the player who did not score moves next: the same player");
    assert!(position.pass_due());
    let mut game = position;
    assert_eq!(game.apply(Direction::South), Ok(Progress::TurnContinues));
    assert!(!game.pass_due());
}

#[test]
fn a_step_into_a_dead_end_is_illegal_so_a_seat_is_never_stuck_mid_line() {
    let rules = small(6, 6, 5);
    // The first seat's third line starts on (0,2). Going up the touch line, (0,1) → (0,0) would be the line's
    // second step, and every segment of the corner would then be drawn: no third step.
    let mut two_up = after_on(rules, &CORNER[..6]);
    assert_eq!((two_up.ball(), two_up.to_move()), (Point::new(0, 2), Seat::FIRST));
    assert_eq!(two_up.step(Direction::North), Ok(XrStep::LineContinues));
    assert_refused(&two_up, '0', IllegalStep::DeadEnd);
    assert!(!two_up.legal_directions().contains(Direction::North));
}

#[test]
fn a_stuck_player_is_carried_to_the_nearest_playable_point_and_moves_from_there() {
    let rules = small(6, 6, 5);
    let position = after_on(rules, CORNER);
    assert!(position.is_blocked(Point::new(0, 0)), "the corner is yellow");
    assert_eq!(position.to_move(), Seat::SECOND);
    assert_eq!(position.relocation(), Some(Relocation { from: Point::new(0, 0), to: Point::new(1, 0) }));
    assert_eq!(position.ball(), Point::new(1, 0), "same row, one column east");
    assert!(position.has_line_from(Point::new(1, 0)));
    assert_eq!(position.scores(), [0, 0], "relocation scores nothing");
    let mut on = position;
    assert_eq!(on.step(Direction::East), Ok(XrStep::Point { scorer: Seat::FIRST }), "an own goal, by a move");
    assert!(on.pass_due());
}

#[test]
fn records_write_relocations_and_passes() {
    let rules = small(6, 6, 5);
    let steps = format!("{CORNER}24");
    let record = XrRecord::from_actions(rules, &digits(&steps)).expect("legal");
    let tokens: Vec<String> = record.tokens.iter().map(ToString::to_string).collect();
    assert_eq!(tokens, ["777", "245", "270", "r1,0:2", "-", "4"]);
    let text = record.write();
    assert_eq!(
        text,
        "[Variant \"xrsoccer\"]\n[Board \"6x6\"]\n[Target \"5\"]\n[Score \"1-0\"]\n\n\
         1. 777 245 2. 270 r1,0:2 3. - 4\n"
    );
    assert_eq!(XrRecord::read(&text), Ok(record.clone()));
    assert_eq!(record.replay(), Ok(after_on(rules, &steps)));
    assert_eq!(replay_tokens(rules, "777 245 270 r1,0:2 - 4"), Ok(after_on(rules, &steps)));
}

#[test]
fn replays_check_relocations_and_passes() {
    let replay = |tokens: &str| {
        let text = format!("[Board \"6x6\"]\n\n{tokens}");
        XrRecord::read(&text).expect("readable").replay()
    };
    assert!(replay("1. 777 245 2. 270 r1,0:2 3. -").is_ok());
    assert_eq!(
        replay("1. 777 245 2. 270 2"),
        Err(ReplayError::WrongRelocation { token: 4, recorded: None, by_rules: Some(Point::new(1, 0)) })
    );
    assert_eq!(
        replay("1. 777 245 2. 270 r0,1:2"),
        Err(ReplayError::WrongRelocation {
            token: 4,
            recorded: Some(Point::new(0, 1)),
            by_rules: Some(Point::new(1, 0))
        })
    );
    assert_eq!(
        replay("1. r3,3:777"),
        Err(ReplayError::WrongRelocation { token: 1, recorded: Some(Point::new(3, 3)), by_rules: None })
    );
    assert_eq!(replay("1. 777 -"), Err(ReplayError::UnexpectedPass { token: 2, seat: Seat::SECOND }));
    assert_eq!(replay("1. 777 245 2. 270 r1,0:2 3. 4"), Err(ReplayError::MissingPass { token: 5, seat: Seat::FIRST }));
    assert_eq!(replay("1. 7772"), Err(ReplayError::PastTurnEnd { token: 1, step: 4 }));
    assert_eq!(replay("1. 77 2"), Err(ReplayError::StopsMidTurn { token: 1 }));
    assert_eq!(
        replay("1. 777 7"),
        Err(ReplayError::Illegal { token: 2, seat: Seat::SECOND, step: 1, reason: IllegalStep::OffField })
    );
}

#[test]
fn bad_records_are_typed_errors() {
    let cases = [
        ("[Variant \"classic+centre\"]\n", ReadErrorKind::OtherVariant("classic+centre".into())),
        ("[Board \"12 x 18\"]\n", ReadErrorKind::BadBoard("12 x 18".into())),
        ("[Board \"13x18\"]\n", ReadErrorKind::Rules(kartka_engine::xrsoccer::RulesError::Width)),
        ("[Target \"five\"]\n", ReadErrorKind::BadTarget("five".into())),
        ("[Target \"0\"]\n", ReadErrorKind::Rules(kartka_engine::xrsoccer::RulesError::Target)),
        ("[Score \"-1-0\"]\n", ReadErrorKind::BadScore("-1-0".into())),
        ("[Winner \"first\"]\n", ReadErrorKind::BadWinner("first".into())),
    ];
    for (text, kind) in cases {
        let error = XrRecord::read(text).expect_err("unreadable");
        assert_eq!((error.line, error.kind), (1, kind), "{text:?}");
    }
    let error = XrRecord::read("1. r7,3012").expect_err("no colon");
    assert!(matches!(error.kind, ReadErrorKind::BadToken(ref token, _) if token == "r7,3012"));
    let record = XrRecord::read("[Winner \"draw\"]\n[Event \"x\"]\n\n1. 000\n").expect("a draw by agreement reads");
    assert_eq!((record.winner, record.tag("Event")), (Some(RecordWinner::Draw), Some("x")));
    assert_eq!(record.rules, XrRules::STANDARD, "12x18 to 5 without tags");
}

/// Plays a random match to its end, checking each step and each relocation; returns the steps.
fn random_match(rules: XrRules, rng: &mut Rng) -> (Vec<Direction>, Position) {
    let mut position = Position::new(rules);
    let mut steps = Vec::new();
    while Game::to_act(&position).is_some() {
        assert!(steps.len() < 100_000, "a match ends: every line draws a segment");
        let legal: Vec<Direction> = position.legal_directions().collect();
        assert!(!legal.is_empty(), "a seat to act always has a step");
        for direction in Direction::ALL.into_iter().filter(|d| !legal.contains(d)) {
            let mut tried = position;
            assert!(Game::apply(&mut tried, direction).is_err());
            assert!(tried == position, "a refused step changes nothing");
        }
        let direction = legal[(rng.next() % legal.len() as u64) as usize];
        let (scores, mover) = (position.scores(), position.to_move());
        let result = position.step(direction).expect("legal");
        if let XrStep::Point { scorer } = result {
            assert_eq!(position.to_move(), scorer.other());
            assert_eq!(position.pass_due(), scorer.other() == mover);
        }
        if let Some(relocation) = position.relocation().filter(|_| position.line_steps() == 0) {
            assert!(!position.is_over());
            assert!(!position.has_line_from(relocation.from), "only a stuck ball is carried");
            assert!(!position.is_blocked(relocation.to) && position.has_line_from(relocation.to));
            assert!(rules.goal_of(relocation.to).is_none(), "never onto a mouth point");
            assert_eq!(
                position.scores(),
                if matches!(result, XrStep::Point { .. }) { position.scores() } else { scores }
            );
        }
        steps.push(direction);
    }
    (steps, position)
}

#[test]
fn random_matches_always_end_without_draws_and_their_records_round_trip() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut ties = 0;
    for (rules, matches) in [(XrRules::STANDARD, 300), (small(4, 4, 99), 1500), (small(6, 8, 3), 1000)] {
        for _ in 0..matches {
            let (steps, position) = random_match(rules, &mut rng);
            let outcome = position.outcome().expect("over");
            let [first, second] = position.scores();
            assert_eq!(outcome.reason, EndReason::Score);
            assert_eq!(outcome.scores, Some(BySeat::from([first, second])));
            let winner = match first.cmp(&second) {
                std::cmp::Ordering::Greater => Seat::FIRST,
                std::cmp::Ordering::Less => Seat::SECOND,
                std::cmp::Ordering::Equal => {
                    ties += 1;
                    position.last_scorer().unwrap_or(Seat::SECOND)
                }
            };
            assert_eq!(outcome.winner(), Some(winner), "no draws");
            if first.max(second) < rules.target() {
                let has_line = (0..=rules.length() as i8)
                    .flat_map(|y| (0..=rules.width() as i8).map(move |x| Point::new(x, y)))
                    .any(|point| rules.goal_of(point).is_none() && position.has_line_from(point));
                assert!(!has_line, "below the target, the match ends only when no point has a line");
                assert!(first + second >= 22, "every segment into a mouth point is drawn, each by a goal");
            }
            let record = XrRecord::from_actions(rules, &steps).expect("legal");
            let text = record.write();
            assert_eq!(XrRecord::read(&text).as_ref(), Ok(&record), "{text}");
            assert_eq!(record.replay(), Ok(position));
            // A match cut anywhere, in the middle of a line too (time, resignation), round-trips as well.
            let cut = (rng.next() % steps.len() as u64) as usize;
            let partial = XrRecord::from_actions(rules, &steps[..cut]).expect("legal");
            assert_eq!(XrRecord::read(&partial.write()).as_ref(), Ok(&partial));
            let mut expected = Position::new(rules);
            for &direction in &steps[..cut] {
                expected.step(direction).expect("legal");
            }
            assert_eq!(partial.replay(), Ok(expected));
        }
    }
    assert!(ties > 0, "random play on a small field reaches equal points");
}

/// perft(`depth`) the slow way: every step sequence through the game interface, each whole line a token;
/// `slot` is the seat whose token is due, so a `-` is due exactly when the seat to move is not the slot's.
fn naive_perft(position: &Position, slot: Seat, depth: usize) -> u64 {
    if depth == 0 {
        return 1;
    }
    if position.is_over() {
        return 0;
    }
    if position.to_move() != slot {
        return naive_perft(position, slot.other(), depth - 1);
    }
    let mut total = 0;
    let mut stack = vec![*position];
    while let Some(partial) = stack.pop() {
        partial.for_each_legal_action(|direction| {
            let mut next = partial;
            match next.apply(direction).expect("legal") {
                Progress::TurnContinues => stack.push(next),
                Progress::TurnEnded | Progress::GameOver(_) => {
                    total += if depth == 1 { 1 } else { naive_perft(&next, slot.other(), depth - 1) };
                }
            }
        });
    }
    total
}

#[test]
fn perft_agrees_with_a_naive_enumeration() {
    let start = Position::new(XrRules::STANDARD);
    assert_eq!(perft(&start, 0), 1);
    assert_eq!(counts_by_depth(&start, 1), [8 * 7 * 7], "from a fresh point every line of 3 distinct segments");
    assert_eq!(counts_by_depth(&start, 2), [naive_perft(&start, Seat::FIRST, 1), naive_perft(&start, Seat::FIRST, 2)]);
    let corner = small(6, 6, 5);
    let mut rng = Rng(99);
    let mut cases = vec![
        (corner, String::new()),
        (corner, "777 245 270".to_owned()),
        (corner, "777 245 270 r1,0:2".to_owned()),
        (small(4, 4, 2), "276 0".to_owned()),
    ];
    for rules in [small(4, 4, 3), small(4, 6, 2)] {
        for _ in 0..6 {
            let (steps, _) = random_match(rules, &mut rng);
            let record = XrRecord::from_actions(rules, &steps).expect("legal");
            let cut = (rng.next() % record.tokens.len() as u64) as usize;
            let tokens: Vec<String> = record.tokens[..cut].iter().map(ToString::to_string).collect();
            cases.push((rules, tokens.join(" ")));
        }
    }
    for (rules, tokens) in cases {
        let position = replay_tokens(rules, &tokens).expect("legal");
        let slot = if tokens.split_whitespace().count() % 2 == 0 { Seat::FIRST } else { Seat::SECOND };
        // The naive walk is slow three lines deep on the wider field.
        let depth = if rules.width() > 4 { 2 } else { 3 };
        let naive: Vec<u64> = (1..=depth).map(|depth| naive_perft(&position, slot, depth)).collect();
        assert_eq!(counts_by_depth(&position, depth), naive, "{rules} after {tokens:?}");
    }
    let mid_line = after("0");
    assert_eq!(counts_by_depth(&mid_line, 1), [7 * 7], "from the middle of a line, the ways to finish it");
}

#[test]
fn a_pass_is_one_token() {
    let rules = small(4, 4, 5);
    let position = replay_tokens(rules, "276 0").expect("legal");
    assert!(position.pass_due());
    let after_pass = replay_tokens(rules, "276 0 -").expect("legal");
    assert_eq!(counts_by_depth(&position, 2), [1, perft(&after_pass, 1)]);
    assert!(matches!(replay_tokens(rules, "276 x"), Err(ReplayError::Notation { token: 2, .. })));
    assert_eq!(XrToken::Pass.to_string(), "-");
}

#[test]
fn checking_and_applying_steps_allocates_nothing_relocations_included() {
    let rules = small(4, 4, 99);
    let mut rng = Rng(5);
    let (steps, end) = random_match(rules, &mut rng);
    let record = XrRecord::from_actions(rules, &steps).expect("legal");
    let relocations =
        record.tokens.iter().filter(|token| matches!(token, XrToken::Line { relocated_to: Some(_), .. })).count();
    assert!(relocations > 0, "the match carries the ball");
    let mut position = Position::new(rules);
    let allocations = allocation_counter::measure(|| {
        for &direction in &steps {
            assert!(position.check(direction).is_ok());
            assert!(position.legal_directions().contains(direction));
            position.step(direction).expect("legal");
        }
    });
    assert!(position == end);
    assert_eq!(allocations.count_total, 0, "{allocations:?}");
}

mod reading_never_panics {
    use proptest::prelude::*;

    use super::*;

    /// Characters that mean something in a record, a few that do not, and one that is not ASCII.
    const CHARACTERS: &[char] = &[
        '[', ']', '"', '\\', ' ', '\n', '0', '1', '4', '7', '8', '.', '-', ',', ':', 'r', 'x', 'T', 'B', 'W', 'P', 'ł',
    ];
    /// Tag lines and movetext pieces, so generated records often get past the tags.
    const PIECES: &[&str] = &[
        "[Variant \"xrsoccer\"]\n",
        "[Board \"4x4\"]\n",
        "[Target \"2\"]\n",
        "[Score \"1-0\"]\n",
        "[Winner \"P2\"]\n",
        "\n",
        "1. ",
        "2. ",
        "3. ",
        "276 ",
        "0 ",
        "00 ",
        "- ",
        "r1,1:0 ",
        "r99,99:12 ",
        "444 ",
    ];

    proptest! {
        #[test]
        fn any_text_reads_as_a_record_or_a_typed_error(
            characters in prop::collection::vec(prop::sample::select(CHARACTERS), 0..120),
            pieces in prop::collection::vec(prop::sample::select(PIECES), 0..16),
        ) {
            for text in [characters.into_iter().collect::<String>(), pieces.concat()] {
                if let Ok(record) = XrRecord::read(&text) {
                    let _ = record.replay();
                    prop_assert_eq!(XrRecord::read(&record.write()), Ok(record));
                }
                let _ = replay_tokens(XrRules::STANDARD, &text);
            }
        }
    }
}
