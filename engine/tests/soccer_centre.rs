//! Paper Soccer with the `centre` option (rules §4): every rule and edge case from hand-made positions,
//! records, perft against a naive enumeration, and random matches.
//!
//! Positions are reached from the start by kurnik digits, so the engine's own steps build them. On kurnik's
//! pitch the ball starts on the centre (4,5) and the first seat attacks the top goal, whose mouth is
//! (3,0)–(4,0)–(5,0).

#[path = "common/rng.rs"]
mod rng;

use rng::Rng;
use std::collections::HashSet;

use kartka_engine::soccer::{Direction, IllegalStep, Pitch, Point};
use kartka_engine::soccer_centre::{
    counts_by_depth, perft, replay_tokens, CentreRecord, CentreRules, CentreStep, CentreToken, Position, ReadErrorKind,
    RecordWinner, ReplayError,
};
use kartka_engine::{BySeat, EndReason, Game, Outcome, Progress, Seat};

/// Six one-step turns up the centre line: the second seat's sixth puts the ball into the goal it defends.
const OWN_GOAL: &str = "000000";
/// Four one-step turns up the centre line, then the first seat bounces off the post (3,0) into the goal.
const GOAL: &str = "000071";
/// Up to (1,1) in five one-step turns, then the second seat steps into the corner (0,0) and is blocked.
const SELF_BLOCK: &str = "777277";
/// A random match (found by random play, fixed here) whose last step blocks its mover on the centre.
const BLOCK_ON_CENTRE: &str = "146063641360";
/// A random match (found by random play, fixed here) that ends on equal points.
const DRAWN: &str = "4163455346521724105545663005";

fn digit(c: char) -> Direction {
    Direction::from_digit(c).expect("a digit 0-7")
}

/// The match after `digits` from the start, every step checked to be legal.
fn after(digits: &str) -> Position {
    let mut position = Position::new(Pitch::STANDARD);
    for (index, c) in digits.chars().enumerate() {
        if let Err(illegal) = position.step(digit(c)) {
            panic!("step {index} ({c}) of {digits} is illegal: {illegal}");
        }
    }
    position
}

/// What the last step of `digits` did.
fn last_step(digits: &str) -> CentreStep {
    let (before, last) = digits.split_at(digits.len() - 1);
    let mut position = after(before);
    position.step(digit(last.chars().next().expect("a digit"))).expect("legal")
}

fn centre() -> Point {
    Pitch::STANDARD.centre()
}

#[test]
fn a_goal_is_a_point_for_its_attacker_and_the_other_player_kicks_off() {
    assert_eq!(last_step(GOAL), CentreStep::Point { scorer: Seat::FIRST });
    let position = after(GOAL);
    assert_eq!(position.scores(), [1, 0]);
    assert_eq!(position.board().ball(), centre(), "placing the ball is not a move");
    assert_eq!((position.to_move(), position.must_continue(), position.pass_due()), (Seat::SECOND, false, false));
    assert_eq!(position.outcome(), None);
    assert_eq!(Game::to_act(&position), Some(Seat::SECOND));
}

#[test]
fn an_own_goal_is_a_point_for_the_opponent_and_the_same_player_moves_again() {
    assert_eq!(last_step(OWN_GOAL), CentreStep::Point { scorer: Seat::FIRST });
    let position = after(OWN_GOAL);
    assert_eq!(position.scores(), [1, 0]);
    assert_eq!(position.to_move(), Seat::SECOND, "the second seat scored against itself and kicks off");
    assert!(position.pass_due(), "the first seat's slot is a -");
    assert_eq!(position.token_seat(), Seat::FIRST);
}

#[test]
fn a_self_block_is_a_point_for_the_opponent_and_the_same_player_moves_again() {
    let before = after(&SELF_BLOCK[..5]);
    assert_eq!(before.board().ball(), Point::new(1, 1));
    assert_eq!(before.to_move(), Seat::SECOND);
    assert_eq!(last_step(SELF_BLOCK), CentreStep::Point { scorer: Seat::FIRST });
    let position = after(SELF_BLOCK);
    assert_eq!(position.scores(), [1, 0]);
    assert_eq!(position.to_move(), Seat::SECOND);
    assert!(position.pass_due());
    assert_eq!(position.board().ball(), centre());
}

#[test]
fn every_segment_stays_after_a_point_goal_segments_included() {
    let before = after(&GOAL[..5]);
    let position = after(GOAL);
    let drawn_before: HashSet<_> = before.board().drawn_segments().collect();
    let drawn_after: HashSet<_> = position.board().drawn_segments().collect();
    let entry = (Point::new(4, -1), Direction::SouthWest);
    let added: HashSet<_> = drawn_after.difference(&drawn_before).copied().collect();
    assert_eq!(added, HashSet::from([entry]), "the step into the goal is listed, from its end in the goal");
    assert!(position.board().is_drawn(Point::new(3, 0), Direction::NorthEast), "the goal segment stays");
    assert!(position.board().is_drawn(entry.0, entry.1), "and reads the same from the goal");
}

#[test]
fn a_goal_entry_drawn_by_a_point_cannot_be_used_again() {
    // After the goal the second seat kicks off west, and one-step turns go up the free column x = 3.
    let mut position = after(GOAL);
    for c in "60000".chars() {
        position.step(digit(c)).expect("legal");
    }
    assert_eq!(position.board().ball(), Point::new(3, 1));
    let mover = position.to_move();
    assert_eq!(position.step(Direction::North), Ok(CentreStep::Bounce), "the post bounces");
    assert_eq!(position.board().ball(), Point::new(3, 0));
    assert_eq!(position.check(Direction::NorthEast), Err(IllegalStep::AlreadyDrawn), "the goal is closed here");
    assert_eq!(position.to_move(), mover);
}

#[test]
fn the_centre_keeps_its_segments_so_arriving_there_later_bounces() {
    let mut position = after(GOAL);
    assert_eq!(position.check(Direction::North), Err(IllegalStep::AlreadyDrawn), "the first turn's segment");
    assert_eq!(position.step(Direction::South), Ok(CentreStep::TurnOver));
    assert_eq!(position.step(Direction::NorthEast), Ok(CentreStep::TurnOver));
    assert_eq!(position.step(Direction::West), Ok(CentreStep::Bounce), "the centre is touched");
    assert_eq!(position.board().ball(), centre());
    assert!(position.must_continue());
}

#[test]
fn a_block_on_the_centre_ends_the_match_right_after_its_point() {
    let before = after(&BLOCK_ON_CENTRE[..BLOCK_ON_CENTRE.len() - 1]);
    let mover = before.to_move();
    let scores_before = before.scores();
    let step = last_step(BLOCK_ON_CENTRE);
    let position = after(BLOCK_ON_CENTRE);
    assert_eq!(position.board().ball(), centre());
    assert!(Direction::ALL.into_iter().all(|d| position.board().is_drawn(centre(), d)), "no free segment");
    let mut scores = scores_before;
    scores[mover.other().index()] += 1;
    assert_eq!(position.scores(), scores, "the block's point counts");
    let winner = match scores[0].cmp(&scores[1]) {
        std::cmp::Ordering::Greater => Some(Seat::FIRST),
        std::cmp::Ordering::Less => Some(Seat::SECOND),
        std::cmp::Ordering::Equal => None,
    };
    let by_winner =
        winner.map_or(Outcome::draw(2, EndReason::Score), |winner| Outcome::win(2, winner, EndReason::Score));
    let outcome = Outcome { scores: Some(BySeat::from(scores)), ..by_winner };
    assert_eq!(step, CentreStep::MatchOver(outcome));
    assert_eq!(position.outcome(), Some(outcome));
    assert_eq!(Game::to_act(&position), None);
    assert_eq!(position.check(Direction::North), Err(IllegalStep::GameOver));
    assert!(!position.pass_due());
}

#[test]
fn the_match_ends_when_the_kicker_has_no_free_segment_at_the_centre_and_more_points_win() {
    let position = after(BLOCK_ON_CENTRE);
    let outcome = position.outcome().expect("over");
    let [first, second] = position.scores();
    assert_ne!(first, second, "this match is decided");
    assert_eq!(outcome.winner(), Some(if first > second { Seat::FIRST } else { Seat::SECOND }));
}

#[test]
fn equal_points_are_a_draw() {
    let position = after(DRAWN);
    let outcome = position.outcome().expect("over");
    let [first, second] = position.scores();
    assert_eq!(first, second);
    assert!(first > 0, "the match only ends after a point, so 0-0 cannot end it");
    assert_eq!(
        outcome,
        Outcome {
            scores: Some(BySeat::from([first, second])),
            half_points: false,
            ..Outcome::draw(2, EndReason::Score)
        }
    );
    let mut game = Position::new(Pitch::STANDARD);
    let mut last = Progress::TurnContinues;
    for c in DRAWN.chars() {
        last = game.apply(digit(c)).expect("legal");
    }
    assert_eq!(last, Progress::GameOver(outcome));
}

#[test]
fn points_end_turns_in_the_game_interface() {
    let mut game = <Position as Game>::new(&CentreRules::default());
    for c in OWN_GOAL[..5].chars() {
        assert_eq!(game.apply(digit(c)), Ok(Progress::TurnEnded));
    }
    assert_eq!(game.apply(Direction::North), Ok(Progress::TurnEnded));
    assert_eq!(Game::to_act(&game), Some(Seat::SECOND), "to_act comes from the state, not alternation");
    assert!(!Game::mid_turn(&game));
}

#[test]
fn illegal_steps_are_typed_errors_that_change_nothing() {
    let position = after(GOAL);
    let mut tried = position;
    assert_eq!(tried.step(Direction::North), Err(IllegalStep::AlreadyDrawn));
    assert_eq!(tried, position);
    let mut at_border = after("6666");
    assert_eq!(at_border.board().ball(), Point::new(0, 5));
    let before = at_border;
    assert_eq!(at_border.step(Direction::West), Err(IllegalStep::Wall));
    assert_eq!(at_border, before);
    let mut over = after(BLOCK_ON_CENTRE);
    let before = over;
    assert_eq!(Game::apply(&mut over, Direction::South), Err(IllegalStep::GameOver));
    assert_eq!(over, before);
}

#[test]
fn records_carry_passes_scores_and_the_winner() {
    let actions: Vec<Direction> = format!("{OWN_GOAL}4").chars().map(digit).collect();
    let record = CentreRecord::from_actions(Pitch::STANDARD, &actions).expect("legal");
    let tokens: Vec<String> = record.tokens.iter().map(ToString::to_string).collect();
    assert_eq!(tokens, ["0", "0", "0", "0", "0", "0", "-", "4"]);
    assert_eq!((record.score, record.winner), (Some([1, 0]), None));
    let text = record.write();
    assert_eq!(
        text,
        "[Variant \"classic+centre\"]\n[Board \"8x10\"]\n[Score \"1-0\"]\n\n1. 0 0 2. 0 0 3. 0 0 4. - 4\n"
    );
    assert_eq!(CentreRecord::read(&text), Ok(record.clone()));
    assert_eq!(record.replay(), Ok(after(&format!("{OWN_GOAL}4"))));

    let finished = CentreRecord::from_actions(Pitch::STANDARD, &BLOCK_ON_CENTRE.chars().map(digit).collect::<Vec<_>>())
        .expect("legal");
    let outcome = after(BLOCK_ON_CENTRE).outcome().expect("over");
    assert_eq!(finished.winner, Some(RecordWinner::of(&outcome)));
    assert_eq!(CentreRecord::read(&finished.write()).map(|read| read.replay().is_ok()), Ok(true));
}

#[test]
fn a_record_keeps_other_tags_and_a_non_standard_pitch() {
    let text = "[Variant \"classic+centre\"]\n[Board \"10x12\"]\n[Goal \"4\"]\n[White \"a\"]\n\
        [Result \"0-1\"]\n[Score \"0-0\"]\n[Winner \"P2\"]\n\n1. 0 1\n";
    let record = CentreRecord::read(text).expect("readable");
    assert_eq!(record.pitch, Pitch::new(10, 12, 4).expect("valid"));
    assert_eq!(record.tag("White"), Some("a"));
    assert_eq!(record.tag("Result"), Some("0-1"), "kept as any other tag");
    assert_eq!(record.winner, Some(RecordWinner::Second), "a resignation: the rules have not ended it");
    assert_eq!(record.write(), text);
    assert!(record.replay().is_ok());
}

#[test]
fn bad_records_are_typed_errors() {
    let cases = [
        ("[Variant \"xrsoccer\"]\n", 1, ReadErrorKind::OtherVariant("xrsoccer".into())),
        ("[Board \"8x9\"]\n", 1, ReadErrorKind::BadBoard("8x9 goal 2".into())),
        ("[Board \"8 x 10\"]\n", 1, ReadErrorKind::BadBoard("8 x 10".into())),
        ("[Score \"1:0\"]\n", 1, ReadErrorKind::BadScore("1:0".into())),
        ("[Winner \"White\"]\n", 1, ReadErrorKind::BadWinner("White".into())),
    ];
    for (text, line, kind) in cases {
        let error = CentreRecord::read(text).expect_err("unreadable");
        assert_eq!((error.line, error.kind), (line, kind), "{text:?}");
    }
    let error = CentreRecord::read("\n1. 0 1-0\n").expect_err("a kurnik result token is not a turn");
    assert!(matches!(error.kind, ReadErrorKind::BadToken(ref token, _) if token == "1-0"));
    let error = CentreRecord::read("1. 0\n2.\n").expect_err("layout");
    assert!(matches!(error.kind, ReadErrorKind::Layout(_)));
}

#[test]
fn replays_report_what_goes_wrong() {
    let replay = |text: &str| CentreRecord::read(text).expect("readable").replay();
    assert_eq!(replay("1. 0 -"), Err(ReplayError::UnexpectedPass { token: 2, seat: Seat::SECOND }));
    assert_eq!(replay("1. 0 0 2. 0 0 3. 0 0 4. 4"), Err(ReplayError::MissingPass { token: 7, seat: Seat::FIRST }));
    assert_eq!(
        replay("1. 0 4"),
        Err(ReplayError::Illegal { token: 2, seat: Seat::SECOND, step: 1, reason: IllegalStep::AlreadyDrawn })
    );
    assert_eq!(replay("1. 04"), Err(ReplayError::PastTurnEnd { token: 1, step: 2 }));
    assert_eq!(replay("1. 0 3 2. 6 1"), Err(ReplayError::StopsMidTurn { token: 3 }), "6 comes back to the centre");
    assert_eq!(
        replay("[Score \"0-1\"]\n1. 0 0 2. 0 0 3. 0 0"),
        Err(ReplayError::WrongScore { recorded: [0, 1], by_rules: [1, 0] })
    );
    let block = CentreRecord::from_actions(Pitch::STANDARD, &BLOCK_ON_CENTRE.chars().map(digit).collect::<Vec<_>>())
        .expect("legal");
    let mut wrong = block.clone();
    wrong.winner = Some(RecordWinner::Draw);
    assert!(matches!(wrong.replay(), Err(ReplayError::WrongWinner { recorded: RecordWinner::Draw, .. })));
    let mut past_end = block;
    past_end.tokens.push(CentreToken::Turn(vec![Direction::North]));
    assert_eq!(past_end.replay(), Err(ReplayError::AfterEnd { token: past_end.tokens.len() }));
}

#[test]
fn tokens_replay_for_perft() {
    let record = CentreRecord::read("1. 0 0 2. 0 0 3. 0 0 4. -").expect("readable");
    let position = replay_tokens(Pitch::STANDARD, "0 0 0 0 0 0 -").expect("legal");
    assert_eq!(Ok(position), record.replay());
    assert!(!position.pass_due(), "the - has been played");
    assert_eq!(position.token_seat(), Seat::SECOND);
    assert!(matches!(replay_tokens(Pitch::STANDARD, "0 x"), Err(ReplayError::Notation { token: 2, .. })));
}

/// Plays a random match to its end, checking each step; returns the steps.
fn random_match(pitch: Pitch, rng: &mut Rng) -> (Vec<Direction>, Position) {
    let mut position = Position::new(pitch);
    let mut steps = Vec::new();
    while Game::to_act(&position).is_some() {
        assert!(steps.len() < 10_000, "a match ends: every turn draws a segment");
        let legal: Vec<Direction> = position.legal_directions().collect();
        assert!(!legal.is_empty(), "a seat to act has a step");
        for direction in Direction::ALL.into_iter().filter(|d| !legal.contains(d)) {
            let mut tried = position;
            assert!(Game::apply(&mut tried, direction).is_err());
            assert_eq!(tried, position, "a refused step changes nothing");
        }
        let direction = legal[(rng.next() % legal.len() as u64) as usize];
        let scores = position.scores();
        match position.step(direction).expect("legal") {
            CentreStep::Point { scorer } => {
                let mut expected = scores;
                expected[scorer.index()] += 1;
                assert_eq!(position.scores(), expected);
                assert_eq!(position.board().ball(), pitch.centre());
                assert_eq!(position.to_move(), scorer.other());
            }
            CentreStep::MatchOver(outcome) => {
                assert_eq!(outcome.reason, EndReason::Score);
                assert_eq!(outcome.scores, Some(BySeat::from(position.scores())));
                assert_eq!(position.scores().iter().sum::<u32>(), scores.iter().sum::<u32>() + 1);
            }
            CentreStep::Bounce | CentreStep::TurnOver => assert_eq!(position.scores(), scores),
        }
        steps.push(direction);
    }
    (steps, position)
}

#[test]
fn random_matches_always_end_and_their_records_round_trip() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let small = Pitch::new(4, 4, 2).expect("a valid pitch");
    let mut draws = 0;
    for (pitch, matches) in [(Pitch::STANDARD, 1500), (small, 1500)] {
        for _ in 0..matches {
            let (steps, position) = random_match(pitch, &mut rng);
            let outcome = position.outcome().expect("over");
            let [first, second] = position.scores();
            let expected = match first.cmp(&second) {
                std::cmp::Ordering::Greater => Some(Seat::FIRST),
                std::cmp::Ordering::Less => Some(Seat::SECOND),
                std::cmp::Ordering::Equal => None,
            };
            assert_eq!(outcome.winner(), expected);
            draws += usize::from(expected.is_none());
            let record = CentreRecord::from_actions(pitch, &steps).expect("legal");
            let text = record.write();
            assert_eq!(CentreRecord::read(&text).as_ref(), Ok(&record), "{text}");
            assert_eq!(record.replay(), Ok(position));
            // A match cut anywhere, in the middle of a turn too (time, resignation), round-trips as well.
            let cut = (rng.next() % steps.len() as u64) as usize;
            let partial = CentreRecord::from_actions(pitch, &steps[..cut]).expect("legal");
            assert_eq!(CentreRecord::read(&partial.write()).as_ref(), Ok(&partial));
            let mut expected = Position::new(pitch);
            for &direction in &steps[..cut] {
                expected.step(direction).expect("legal");
            }
            assert_eq!(partial.replay(), Ok(expected));
        }
    }
    assert!(draws > 0, "random play reaches drawn matches too");
}

/// The distinct positions after one whole turn from `position`, found by trying every step sequence.
fn naive_turns(position: &Position) -> HashSet<Position> {
    let mut ends = HashSet::new();
    let mut stack = vec![*position];
    while let Some(partial) = stack.pop() {
        partial.for_each_legal_action(|direction| {
            let mut next = partial;
            match next.apply(direction).expect("legal") {
                Progress::TurnContinues => stack.push(next),
                Progress::TurnEnded | Progress::GameOver(_) => {
                    ends.insert(next);
                }
            }
        });
    }
    ends
}

/// perft(`depth`) the slow way: `slot` is the seat whose token is due (tokens alternate strictly), so a `-`
/// is due exactly when the seat to move is not the slot's.
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
    naive_turns(position)
        .iter()
        .map(|after| if depth == 1 { 1 } else { naive_perft(after, slot.other(), depth - 1) })
        .sum()
}

#[test]
fn perft_agrees_with_a_naive_enumeration() {
    let start = Position::new(Pitch::STANDARD);
    assert_eq!(counts_by_depth(&start, 3), [8, 56, 512], "no point is possible yet: the classic counts");
    assert_eq!(perft(&start, 0), 1);
    let block = CentreRecord::from_actions(Pitch::STANDARD, &BLOCK_ON_CENTRE.chars().map(digit).collect::<Vec<_>>())
        .expect("legal");
    let drawn =
        CentreRecord::from_actions(Pitch::STANDARD, &DRAWN.chars().map(digit).collect::<Vec<_>>()).expect("legal");
    let mut positions = vec![(Pitch::STANDARD, String::new()), (Pitch::STANDARD, "0 0 0 0 0 0".into())];
    for record in [&block, &drawn] {
        for cut in (1..record.tokens.len()).step_by(2).chain([record.tokens.len() - 2, record.tokens.len() - 1]) {
            let tokens: Vec<String> = record.tokens[..cut].iter().map(ToString::to_string).collect();
            positions.push((Pitch::STANDARD, tokens.join(" ")));
        }
    }
    let small = Pitch::new(4, 4, 2).expect("a valid pitch");
    positions.push((small, String::new()));
    for (pitch, tokens) in positions {
        let position = replay_tokens(pitch, &tokens).expect("legal");
        let slot = if tokens.split_whitespace().count() % 2 == 0 { Seat::FIRST } else { Seat::SECOND };
        assert_eq!(position.token_seat(), slot, "{tokens}");
        // Mid-match positions of the standard pitch have bounce networks the naive walk is slow on.
        let depth = if pitch == small {
            4
        } else if tokens.split_whitespace().count() < 6 {
            3
        } else {
            2
        };
        let naive: Vec<u64> = (1..=depth).map(|d| naive_perft(&position, slot, d)).collect();
        assert_eq!(counts_by_depth(&position, depth), naive, "{pitch} after {tokens:?}");
    }
}

#[test]
fn checking_and_applying_steps_allocates_nothing() {
    let mut rng = Rng(5);
    let (steps, end) = random_match(Pitch::STANDARD, &mut rng);
    let mut position = Position::new(Pitch::STANDARD);
    let allocations = allocation_counter::measure(|| {
        for &direction in &steps {
            assert!(position.check(direction).is_ok());
            assert!(position.legal_directions().contains(direction));
            position.step(direction).expect("legal");
        }
    });
    assert_eq!(position, end);
    assert!(position.scores().iter().sum::<u32>() > 1, "the match restarts from the centre");
    assert_eq!(allocations.count_total, 0, "{allocations:?}");
}

mod reading_never_panics {
    use proptest::prelude::*;

    use super::*;

    /// Characters that mean something in a record, a few that do not, and one that is not ASCII.
    const CHARACTERS: &[char] = &[
        '[', ']', '"', '\\', ' ', '\n', '0', '1', '4', '7', '8', '.', '-', 'x', 'S', 'c', 'V', 'B', 'G', 'W', 'P', 'ł',
    ];
    /// Tag lines and movetext pieces, so generated records often get past the tags.
    const PIECES: &[&str] = &[
        "[Variant \"classic+centre\"]\n",
        "[Board \"4x4\"]\n",
        "[Score \"1-0\"]\n",
        "[Winner \"P1\"]\n",
        "\n",
        "1. ",
        "2. ",
        "3. ",
        "0 ",
        "4 ",
        "- ",
        "67 ",
        "31 ",
    ];

    proptest! {
        #[test]
        fn any_text_reads_as_a_record_or_a_typed_error(
            characters in prop::collection::vec(prop::sample::select(CHARACTERS), 0..120),
            pieces in prop::collection::vec(prop::sample::select(PIECES), 0..16),
        ) {
            for text in [characters.into_iter().collect::<String>(), pieces.concat()] {
                if let Ok(record) = CentreRecord::read(&text) {
                    let _ = record.replay();
                    prop_assert_eq!(CentreRecord::read(&record.write()), Ok(record));
                }
            }
        }
    }
}
