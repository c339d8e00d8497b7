//! Perft regression values: the number of distinct-turn sequences of each length from known positions.
//!
//! Depths 1–3 from the start (8, 56, 512) are given by the rules document; every other value was computed by
//! this engine and checked against an independent brute force (every step sequence enumerated, turns deduplicated
//! by the exact position they lead to) wherever that finished, and is kept as a regression value.

use kartka_engine::soccer::{Direction, Perft, Pitch, Position, TurnEnumerator};

/// The longest game of the 2014-09-22 kurnik corpus file (245 steps), for positions in the middle of a game.
const LONG_GAME: &str =
    "44472256130361434161755724417570132217564147574741136661316647213305022175474130665061427645030\
                         613105241630316453025360535024647657174464141146724672167205713672452016127447272505272032416\
                         303163031752164520774130547250570503505720330136360724161";

/// Game 4542 of 2014-09-22 after 48 steps: a big bounce network early in a game.
const NETWORK_4542: &str = "130646750241323176530117575750247105212305254661";

/// Game 402 of 2014-09-22 after 158 steps: the ball at (5,1) beside a dense bounce network.
const NETWORK_402: &str =
    "2745050502327674366161232446136500346613547416147520602330114355714306723276030571360221755030\
                           6527767250714723360236024360167052123274144416363606775024541200";

/// Game 464 of 2014-09-22 after 170 steps.
const NETWORK_464: &str =
    "0141630014357757475713423036312457057164747216014413412163644364353507136072256724360505750671\
                           3474165235063230641123072175024505670164323605033476724144676110661600123016";

/// A real game (2014-09-23) one step before the first seat gets stuck on the centre spot.
const BEFORE_STUCK: &str = "3064105503630216300665206";

/// A position on a pitch, as digits played from the start, with its perft values for depths 1, 2, ….
struct Case {
    name: &'static str,
    pitch: Pitch,
    digits: &'static str,
    counts: &'static [u64],
}

const fn case(name: &'static str, digits: &'static str, counts: &'static [u64]) -> Case {
    Case { name, pitch: Pitch::STANDARD, digits, counts }
}

fn cases() -> Vec<Case> {
    vec![
        case("start", "", &[8, 56, 512, 5478, 77_994, 1_421_424]),
        case("after one turn", "2", &[7, 69, 746, 10_798]),
        case("mid-turn at a post", "00007", &[4, 53, 1052]),
        case("before stuck", BEFORE_STUCK, &[9, 98, 1535, 35_638]),
        case("long game, 134 steps", &LONG_GAME[..134], &[16, 1010, 117_845]),
        case("long game, 200 steps", &LONG_GAME[..200], &[60, 2591, 208_836]),
        case("bounce network, game 4542", NETWORK_4542, &[185_204]),
        case("bounce network, game 402", NETWORK_402, &[368_338]),
        case("bounce network, game 464", NETWORK_464, &[317_576]),
        case("game over", &LONG_GAME[..245], &[0, 0]),
        Case {
            name: "10x12 goal 4",
            pitch: Pitch::new(10, 12, 4).expect("a valid pitch"),
            digits: "",
            counts: &[8, 56, 512, 5312, 67_458],
        },
        Case {
            name: "4x4 goal 2",
            pitch: Pitch::new(4, 4, 2).expect("a valid pitch"),
            digits: "",
            counts: &[8, 142, 3916, 206_044],
        },
    ]
}

fn position(case: &Case) -> Position {
    let mut position = Position::new(case.pitch);
    for (index, digit) in case.digits.chars().enumerate() {
        let direction = Direction::from_digit(digit).expect("a digit 0-7");
        if let Err(illegal) = position.step(direction) {
            panic!("{}: step {index} ({digit}) is illegal: {illegal}", case.name);
        }
    }
    position
}

#[test]
fn perft_matches_the_regression_values() {
    let mut perft = Perft::new();
    for case in cases() {
        let counts = perft.counts_by_depth(&position(&case), case.counts.len());
        assert_eq!(counts, case.counts, "{}", case.name);
    }
}

#[test]
fn each_depth_alone_agrees_with_the_walk_of_all_depths() {
    let start = Position::default();
    let mut perft = Perft::new();
    assert_eq!(perft.count(&start, 0), 1);
    for (depth, expected) in (1..).zip([8, 56, 512, 5478]) {
        assert_eq!(perft.count(&start, depth), expected, "depth {depth}");
        assert_eq!(kartka_engine::soccer::perft(&start, depth), expected, "depth {depth}, fresh counter");
    }
}

#[test]
fn depth_one_is_the_number_of_distinct_turns() {
    // The big bounce networks are left to the perft walk: collecting their turns one vector each is slow in
    // debug builds and shows nothing more.
    for case in cases().into_iter().filter(|case| case.counts[0] <= 10_000) {
        let turns = kartka_engine::soccer::distinct_turns(&position(&case));
        assert_eq!(turns.len() as u64, case.counts[0], "{}", case.name);
    }
}

#[test]
fn the_bounce_networks_have_long_turns() {
    let mut enumerator = TurnEnumerator::new();
    for (digits, longest_turn) in [(NETWORK_402, 41), (NETWORK_464, 46)] {
        let mut longest = 0;
        enumerator.for_each_distinct_turn(&position(&case("", digits, &[])), |steps, _| {
            longest = longest.max(steps.len());
        });
        assert_eq!(longest, longest_turn);
    }
}
