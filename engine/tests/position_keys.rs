//! Position keys (`AnyGame::position_key`): every kind's key changes with every action and is the same for a
//! copy; move orders that reach one position give one key (Paper Soccer, Closing In, Dots); and Paper Soccer's
//! bytes are pinned to the layout its `write_key` documents, because stored keys must keep their meaning.

#[path = "common/rng.rs"]
mod rng;

use kartka_engine::{AnyGame, GameKind, Ruleset};
use rng::Rng;

/// The game after `actions`, each played alone.
fn after(ruleset: &Ruleset, actions: &[&str]) -> AnyGame {
    let mut game = AnyGame::new(ruleset);
    for action in actions {
        game.play(action).unwrap_or_else(|error| panic!("{action}: {error}"));
    }
    game
}

#[test]
fn every_kinds_key_changes_with_each_action_and_names_the_kind() {
    let mut rng = Rng(0x5EED_1234_ABCD_0001);
    for kind in GameKind::ALL {
        let ruleset = kind.default_ruleset();
        let mut game = AnyGame::new(&ruleset);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..200 {
            let key = game.position_key();
            assert_eq!(game.clone().position_key(), key, "{kind}: a copy has the same key");
            let name = kind.name().as_bytes();
            assert_eq!((usize::from(key[0]), &key[1..=name.len()]), (name.len(), name), "{kind}: the kind comes first");
            assert!(seen.insert(key), "{kind}: every action of a game makes a new position");
            let legal = game.legal_actions();
            let Some(action) = legal.get((rng.next() % legal.len().max(1) as u64) as usize) else {
                break;
            };
            game.play(action).expect("a legal action");
        }
    }
}

#[test]
fn paper_soccer_keys_follow_their_documented_layout() {
    let ruleset = GameKind::PaperSoccer.default_ruleset();
    let mut expected = vec![12];
    expected.extend_from_slice(b"paper-soccer");
    // Format 1, the ball on the centre (4, 5), the first seat to move, not bouncing, not over, nothing drawn.
    let mut start = expected.clone();
    start.extend_from_slice(&[1, 4, 5, 0, 0, 0]);
    assert_eq!(AnyGame::new(&ruleset).position_key(), start);
    // One step north: the ball on (4, 4), the second seat's turn, the segment written from its top end, south.
    let mut north = expected;
    north.extend_from_slice(&[1, 4, 4, 1, 0, 0, 4, 4, 4]);
    assert_eq!(after(&ruleset, &["0"]).position_key(), north);
}

#[test]
fn paper_soccer_move_orders_that_draw_the_same_lines_meet() {
    let ruleset = GameKind::PaperSoccer.default_ruleset();
    // N, E, S, then W bouncing on the centre and S; or E, N, W, then S bouncing on the centre and S.
    let one_way = after(&ruleset, &["0", "2", "4", "6", "4"]);
    let other_way = after(&ruleset, &["2", "0", "6", "4", "4"]);
    assert_eq!(one_way.position_key(), other_way.position_key());
    assert_ne!(one_way.position_key(), after(&ruleset, &["0", "2", "4"]).position_key());
}

#[test]
fn closing_in_move_orders_that_remove_the_same_squares_meet() {
    let ruleset = GameKind::ClosingIn.default_ruleset();
    let one_way = after(&ruleset, &["D5", "B2", "E6", "B3", "E5"]);
    let other_way = after(&ruleset, &["E6", "B2", "D5", "B3", "E5"]);
    assert_eq!(one_way.position_key(), other_way.position_key());
    let elsewhere = after(&ruleset, &["E6", "B2", "D5", "B3", "D4"]);
    assert_ne!(one_way.position_key(), elsewhere.position_key());
}

#[test]
fn dots_placed_in_another_order_meet() {
    let ruleset = GameKind::Dots.default_ruleset();
    // Dots only: STOP (and DONE) are not points.
    let points = |game: &AnyGame| -> Vec<String> {
        game.legal_actions().into_iter().filter(|action| action.chars().all(|c| c.is_ascii_lowercase())).collect()
    };
    let legal = points(&AnyGame::new(&ruleset));
    // Two far apart points for the first seat, and one for the second between them in both orders.
    let (first_a, first_b) = (legal[0].clone(), legal[legal.len() - 1].clone());
    let reply = points(&after(&ruleset, &[&first_a]))[legal.len() / 2].clone();
    let one_way = after(&ruleset, &[&first_a, &reply, &first_b]);
    let other_way = after(&ruleset, &[&first_b, &reply, &first_a]);
    assert_eq!(one_way.position_key(), other_way.position_key());
    assert_ne!(after(&ruleset, &[&first_a]).position_key(), after(&ruleset, &[&first_b]).position_key());
}
