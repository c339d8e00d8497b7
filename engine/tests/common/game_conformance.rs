//! The conformance properties of `conformance.rs` for a kind reached through the [`Game`] trait itself rather than
//! the registry: a kind not yet registered (the hidden-information kinds) is checked the same way, and a kind with
//! simultaneous phases is played through `seats_to_act`, `check_as` and `apply_as`, each acting seat chosen at
//! random among the seats to act.
//!
//! From random games it checks that every action the engine picks is legal and reads back from its own text, that
//! an illegal action is a typed error that leaves the game unchanged, that the check and the play agree, that the
//! seats to act agree with what playing reported, and that random play ends by the rules.

use kartka_engine::{write_actions, Game, Progress, Seat};

use crate::rng::Rng;

/// Plays `games` random games of `G` by `rules` from `seed`, each within `max_actions` actions, checking every
/// action; `probes` are move texts tried (as illegal or legal, whatever they are then) before every action.
/// Returns the number of actions played in all.
pub fn check_random_games<G: Game + PartialEq>(
    rules: &G::Rules,
    games: usize,
    max_actions: usize,
    seed: u64,
    probes: &[&str],
) -> usize {
    let mut rng = Rng(seed);
    let mut total = 0;
    for _ in 0..games {
        total += random_game::<G>(rules, max_actions, &mut rng, probes);
    }
    total
}

/// One random game to its end; returns its number of actions.
fn random_game<G: Game + PartialEq>(rules: &G::Rules, max_actions: usize, rng: &mut Rng, probes: &[&str]) -> usize {
    let mut game = G::new(rules);
    let mut played: Vec<G::Action> = Vec::new();
    let probe_actions: Vec<G::Action> =
        probes.iter().flat_map(|text| G::parse_actions(text).expect("a probe is in the notation")).collect();
    loop {
        let seats = game.seats_to_act();
        assert_eq!(game.to_act(), seats.first(), "to_act is the lowest of the seats to act");
        if seats.is_empty() {
            break;
        }
        assert!(played.len() < max_actions, "random play did not end within {max_actions} actions");
        assert!(game.outcome().is_none(), "a game someone acts in is not over");
        let seat = seats.iter().nth(rng.next() as usize % seats.len()).expect("a seat of the set");
        for &candidate in played.iter().chain(&probe_actions) {
            assert_check_agrees_with_apply(&game, seat, candidate);
        }
        let mut listed = Vec::new();
        game.for_each_legal_action(|action| listed.push(action));
        for &action in &listed {
            assert_eq!(game.check(action), Ok(()), "a listed action is legal");
        }
        let action = game.pick_legal_action_as(seat, rng.next()).expect("a seat to act has a legal action");
        assert_eq!(game.check_as(seat, action), Ok(()), "a picked action is legal");
        let text = write_actions::<G>(&[action]);
        assert_eq!(G::parse_actions(&text), Ok(vec![action]), "{text} reads back as its action");
        let progress = game.apply_as(seat, action).unwrap_or_else(|error| panic!("legal {text} refused: {error}"));
        assert_progress(&game, seat, progress);
        played.push(action);
    }
    assert!(game.outcome().is_some(), "a game nobody can act in is over by the rules");
    let mut after_end = 0;
    game.for_each_legal_action(|_| after_end += 1);
    assert_eq!(after_end, 0, "nothing is legal after the end");
    assert!(Seat::all(2).all(|seat| game.pick_legal_action_as(seat, 0).is_none()), "nobody picks after the end");
    played.len()
}

/// `check_as` and `apply_as` agree on `action` for `seat`, and a refused action changes nothing.
fn assert_check_agrees_with_apply<G: Game + PartialEq>(game: &G, seat: Seat, action: G::Action) {
    let mut tried = game.clone();
    match (game.check_as(seat, action), tried.apply_as(seat, action)) {
        (Ok(()), Ok(_)) => {}
        (Err(checked), Err(applied)) => {
            assert_eq!(checked, applied, "check and apply refuse {action:?} alike");
            assert!(tried == *game, "a refused {action:?} changes nothing");
        }
        (checked, applied) => panic!("check says {checked:?}, apply {applied:?} for {action:?}"),
    }
}

/// What must hold after `seat` played and the engine reported `progress`.
fn assert_progress<G: Game>(game: &G, seat: Seat, progress: Progress) {
    match progress {
        Progress::TurnContinues => {
            assert!(game.seats_to_act().contains(seat), "the turn goes on for the same seat");
            assert!(game.mid_turn(), "a turn that goes on is mid-turn");
        }
        Progress::TurnEnded => {
            assert!(!game.seats_to_act().is_empty(), "someone acts after a turn ends");
            assert!(!game.mid_turn(), "a new turn begins");
            assert!(game.outcome().is_none());
        }
        Progress::GameOver(outcome) => {
            assert!(game.seats_to_act().is_empty(), "nobody acts after the end");
            assert_eq!(game.outcome(), Some(outcome), "the outcome is the one reported");
        }
    }
}
