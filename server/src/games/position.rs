//! A stored game's position after any number of actions, whatever its kind.

use kartka_engine::{AnyGame, Seat};
use kartka_protocol::RulesetSpec;

use super::kinds;
use super::replay::{Departures, Left};

/// Why a position cannot be shown.
#[derive(Debug, thiserror::Error)]
pub enum PositionError {
    /// The game has fewer actions than asked for.
    #[error("the game has only {played} actions")]
    BeyondEnd {
        /// Actions the game has.
        played: u32,
    },
    /// The stored ruleset or moves do not replay.
    #[error("the stored game does not replay: {0}")]
    Corrupt(String),
}

/// A stored game replayed up to a ply.
#[derive(Debug)]
pub struct PositionAfter {
    /// The game after the first `ply` actions.
    pub game: AnyGame,
    /// The moves played to reach it, each a stored move's notation; a move that `ply` stops inside is cut to
    /// its actions up to `ply`, written with the game's action separator.
    pub moves: Vec<String>,
    /// Actions the whole game has.
    pub plies: u32,
}

/// The game after the first `ply` actions of `moves` (each a stored move's seat and notation), each played for
/// its seat (in a simultaneous phase, the seat that moved is not always the first to act); `ply` may stop
/// inside a move. The `departed` seats (the game's `seat_left`, in order) leave at their plies, those at `ply` itself
/// included: the position is the game as it stood once `ply` actions were played, so a seat that left then is
/// not the one to act. Every move is read, so that a damaged one is found wherever it is and the game's length
/// is known.
pub fn position_after<'a>(
    ruleset: &RulesetSpec,
    moves: impl IntoIterator<Item = (Seat, &'a str)>,
    departed: &[Left],
    ply: u32,
) -> Result<PositionAfter, PositionError> {
    let corrupt = |why: String| PositionError::Corrupt(why);
    let mut game = AnyGame::new(&kinds::ruleset(ruleset).map_err(|e| corrupt(e.to_string()))?);
    let mut departures = Departures::new(departed);
    let kind = game.kind();
    let mut played_moves = Vec::new();
    let mut played = 0;
    for (seat, notation) in moves {
        let actions = kind.split_actions(notation).map_err(|e| corrupt(e.to_string()))?;
        let before = played;
        played += actions.len() as u32;
        if before >= ply {
            continue;
        }
        let taken = actions.len().min((ply - before) as usize);
        for (index, action) in actions[..taken].iter().enumerate() {
            let at = before + index as u32;
            departures.before(&mut game, at);
            game.play_as(seat, action).map_err(|e| corrupt(format!("action {at}: {e}")))?;
        }
        played_moves.push(if taken == actions.len() {
            notation.to_owned()
        } else {
            actions[..taken].join(kind.action_separator())
        });
    }
    if played < ply {
        return Err(PositionError::BeyondEnd { played });
    }
    departures.before(&mut game, ply);
    Ok(PositionAfter { game, moves: played_moves, plies: played })
}

#[cfg(test)]
mod tests {
    use kartka_protocol::kinds::paper_soccer::PaperSoccerOptions;

    use super::*;

    fn classic() -> RulesetSpec {
        RulesetSpec::PaperSoccer(PaperSoccerOptions { width: 8, height: 10, goal: 2 })
    }

    /// The first seat's last turn `17` bounces off the right post into the top goal.
    const GOAL_SCRIPT: [&str; 5] = ["0", "0", "0", "0", "17"];

    /// `notations` with their seats, the seats of `seats` taking turns in order.
    fn in_turn<'a>(seats: usize, notations: &[&'a str]) -> Vec<(Seat, &'a str)> {
        let seat = |index: usize| Seat::new(index % seats).expect("a seat");
        notations.iter().enumerate().map(|(index, &notation)| (seat(index), notation)).collect()
    }

    #[test]
    fn a_ply_inside_a_move_cuts_that_move_and_counts_the_whole_game() {
        let replayed = position_after(&classic(), in_turn(2, &GOAL_SCRIPT), &[], 5).expect("replays");
        assert_eq!(replayed.moves, ["0", "0", "0", "0", "1"], "the last move is cut after its first action");
        assert_eq!(replayed.plies, 6);
        assert_eq!(replayed.game.to_act(), Some(Seat::FIRST), "the first seat is mid-turn after its bounce");
        let whole = position_after(&classic(), in_turn(2, &GOAL_SCRIPT), &[], 6).expect("replays");
        assert_eq!((whole.moves, whole.game.to_act()), (GOAL_SCRIPT.map(str::to_owned).to_vec(), None));
        assert!(position_after(&classic(), in_turn(2, &GOAL_SCRIPT), &[], 0).expect("replays").moves.is_empty());
    }

    #[test]
    fn a_ply_past_the_end_and_a_damaged_move_are_told_apart() {
        assert!(matches!(
            position_after(&classic(), in_turn(2, &GOAL_SCRIPT), &[], 7),
            Err(PositionError::BeyondEnd { played: 6 })
        ));
        assert!(matches!(position_after(&classic(), in_turn(2, &["0", "x"]), &[], 1), Err(PositionError::Corrupt(_))));
    }

    /// A 1×2 field of three: the first seat closes the left box with `b1v` (the fourth edge) and leaves at its
    /// extra move; the second seat then draws `c1v`.
    #[test]
    fn departures_up_to_the_ply_decide_whose_turn_it_is() {
        use kartka_engine::EndReason;
        use kartka_protocol::kinds::dots_and_boxes::DotsAndBoxesOptions;

        let three = RulesetSpec::DotsAndBoxes(DotsAndBoxesOptions { rows: 1, cols: 2, players: 3 });
        let (first, second, third) = (Seat::FIRST, Seat::SECOND, Seat::new(2).expect("a third seat"));
        let moves = [(first, "a1h"), (second, "a2h"), (third, "a1v"), (first, "b1v"), (second, "c1v")];
        let left = [Left { ply: 4, seat: Seat::FIRST, reason: EndReason::Resignation }];
        let to_act =
            |departed: &[Left], ply| position_after(&three, moves, departed, ply).expect("replays").game.to_act();
        assert_eq!(to_act(&left, 3), Some(Seat::FIRST), "before the departure");
        assert_eq!(to_act(&[], 4), Some(Seat::FIRST), "without it the first seat moves again");
        assert_eq!(to_act(&left, 4), Some(Seat::SECOND), "a departure at the ply asked for is applied");
        assert_eq!(to_act(&left, 5), Seat::new(2), "the third seat follows the second, the first passed by");
    }
}
