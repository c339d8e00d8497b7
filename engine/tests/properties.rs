//! Properties of steps and of distinct-turn enumeration on random positions reached by random legal play.

use std::collections::BTreeSet;

use kartka_engine::soccer::{Direction, IllegalStep, Pitch, Position, StepResult, TurnEnumerator};
use proptest::prelude::*;

/// A segment as its two end points, the smaller first, so that it reads the same from either end.
type Segment = ((i8, i8), (i8, i8));

/// The segments one turn draws: exactly, with no hashing.
type SegmentSet = BTreeSet<Segment>;

/// Brute force gives up past this many step sequences; such positions are left to the perft regression values.
const BRUTE_FORCE_LIMIT: usize = 20_000;

fn pitches() -> impl Strategy<Value = Pitch> {
    prop_oneof![
        4 => Just(Pitch::STANDARD),
        1 => Just(Pitch::new(4, 4, 2).expect("a valid pitch")),
        1 => Just(Pitch::new(10, 12, 4).expect("a valid pitch")),
    ]
}

/// Plays up to `choices.len()` random legal steps (each choice picks among the legal directions), stopping
/// when the game ends, and checks every step on the way.
fn random_play(pitch: Pitch, choices: &[usize]) -> Position {
    let mut position = Position::new(pitch);
    for &choice in choices {
        let legal: Vec<Direction> =
            Direction::ALL.into_iter().filter(|&d| position.legal_directions().contains(d)).collect();
        if legal.is_empty() {
            assert!(position.is_over(), "only a finished game has no legal step");
            break;
        }
        let direction = legal[choice % legal.len()];
        position.step(direction).unwrap_or_else(|illegal| panic!("legal step {direction} refused: {illegal}"));
    }
    position
}

fn segment(from: (i8, i8), direction: Direction) -> Segment {
    let (dx, dy) = direction.delta();
    let to = (from.0 + dx, from.1 + dy);
    (from.min(to), from.max(to))
}

/// The segments drawn by playing `steps` from `position`, which must all be legal.
fn segments_of(position: &Position, steps: &[Direction]) -> SegmentSet {
    let mut board = *position;
    let mut segments = SegmentSet::new();
    for &direction in steps {
        let ball = board.ball();
        segments.insert(segment((ball.x, ball.y), direction));
        board.step(direction).expect("a legal step");
    }
    segments
}

/// Every step sequence that completes a turn from `position`, as the set of segment sets they draw, or `None`
/// when there are more than [`BRUTE_FORCE_LIMIT`] sequences.
fn brute_force_turns(position: &Position) -> Option<BTreeSet<SegmentSet>> {
    fn walk(
        position: &Position,
        drawn: &mut Vec<Segment>,
        turns: &mut BTreeSet<SegmentSet>,
        sequences: &mut usize,
    ) -> bool {
        for direction in Direction::ALL {
            let mut next = *position;
            let Ok(result) = next.step(direction) else { continue };
            let ball = position.ball();
            drawn.push(segment((ball.x, ball.y), direction));
            let within_limit = if result == StepResult::Bounce {
                walk(&next, drawn, turns, sequences)
            } else {
                *sequences += 1;
                turns.insert(drawn.iter().copied().collect());
                *sequences <= BRUTE_FORCE_LIMIT
            };
            drawn.pop();
            if !within_limit {
                return false;
            }
        }
        true
    }
    let mut turns = BTreeSet::new();
    let mut sequences = 0;
    walk(position, &mut Vec::new(), &mut turns, &mut sequences).then_some(turns)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_legal_play_never_panics_and_every_legal_direction_applies(
        pitch in pitches(),
        choices in prop::collection::vec(any::<usize>(), 0..400),
    ) {
        let position = random_play(pitch, &choices);
        for direction in position.legal_directions() {
            let mut next = position;
            prop_assert!(next.step(direction).is_ok(), "{direction} is listed as legal");
            prop_assert_eq!(position.check(direction), Ok(()));
        }
    }

    #[test]
    fn a_refused_step_changes_nothing(
        pitch in pitches(),
        choices in prop::collection::vec(any::<usize>(), 0..400),
    ) {
        let position = random_play(pitch, &choices);
        let legal = position.legal_directions();
        for direction in Direction::ALL.into_iter().filter(|&d| !legal.contains(d)) {
            let mut next = position;
            let refused = next.step(direction);
            prop_assert!(refused.is_err(), "{direction} is not listed as legal but was played");
            prop_assert_eq!(refused.err(), position.check(direction).err());
            if position.is_over() {
                prop_assert_eq!(refused, Err(IllegalStep::GameOver));
            }
            prop_assert_eq!(next, position);
        }
    }

    #[test]
    fn enumerated_turns_are_legal_distinct_and_complete(
        pitch in pitches(),
        choices in prop::collection::vec(any::<usize>(), 0..250),
    ) {
        let position = random_play(pitch, &choices);
        // Brute force first: where it gives up, the enumeration may be far too big for a test as well.
        let all = brute_force_turns(&position);
        prop_assume!(all.is_some(), "too many step sequences for brute force");
        let all = all.expect("assumed");
        let mut turns = Vec::new();
        let count = TurnEnumerator::new().for_each_distinct_turn(&position, |steps, after| {
            turns.push((steps.to_vec(), *after));
        });
        prop_assert_eq!(count, turns.len() as u64);

        // Legal: each turn's steps bounce until the last, which ends the turn, and lead to the position given.
        for (steps, after) in &turns {
            let mut board = position;
            for (index, &direction) in steps.iter().enumerate() {
                let result = board.step(direction);
                prop_assert!(result.is_ok(), "step {} of {:?} is illegal", index, steps);
                let ends_turn = result != Ok(StepResult::Bounce);
                prop_assert_eq!(ends_turn, index + 1 == steps.len(), "turn {:?} ends at step {}", steps, index);
            }
            prop_assert_eq!(&board, after);
        }

        // Distinct: no two turns draw the same segments.
        let sets: BTreeSet<SegmentSet> = turns.iter().map(|(steps, _)| segments_of(&position, steps)).collect();
        prop_assert_eq!(sets.len(), turns.len(), "two enumerated turns draw the same segments");

        // Complete: every segment set brute force finds is there, and nothing else.
        prop_assert_eq!(sets, all);
    }
}

/// The longest game of the 2014-09-22 kurnik corpus file (245 steps): real positions with bounce networks.
const LONG_GAME: &str =
    "44472256130361434161755724417570132217564147574741136661316647213305022175474130665061427645030\
                         613105241630316453025360535024647657174464141146724672167205713672452016127447272505272032416\
                         303163031752164520774130547250570503505720330136360724161";

#[test]
fn enumeration_matches_brute_force_at_every_step_of_a_real_game() {
    let mut position = Position::default();
    let mut enumerator = TurnEnumerator::new();
    let mut compared = 0;
    let mut longest_turn = 0;
    for (played, digit) in LONG_GAME.chars().enumerate() {
        if let Some(all) = brute_force_turns(&position) {
            let mut sets = BTreeSet::new();
            let count = enumerator.for_each_distinct_turn(&position, |steps, _| {
                longest_turn = longest_turn.max(steps.len());
                assert!(sets.insert(segments_of(&position, steps)), "a turn is enumerated twice");
            });
            assert_eq!(count as usize, sets.len());
            assert_eq!(sets, all, "after {played} steps");
            compared += 1;
        }
        position.step(Direction::from_digit(digit).expect("a digit 0-7")).expect("a legal step");
    }
    assert!(compared > 200, "brute force finished at only {compared} of 245 positions");
    assert!(longest_turn >= 10, "the longest turn compared has {longest_turn} steps");
}
