//! The players' side of the rules: a game kept in step with the server's, and random legal whole turns.

use kartka_engine::{AnyGame, GameKind, MoveError, Progress, Seat};
use kartka_protocol::MoveRecord;
use rand::Rng;

/// A game as the players see it: the engine's position and the number of actions played (the `ply` a move
/// frame carries).
#[derive(Clone, Debug)]
pub struct LocalGame {
    game: AnyGame,
    ply: u32,
}

/// A whole turn, chosen and already played on the [`LocalGame`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The ply it starts at.
    pub ply: u32,
    /// Who plays it.
    pub seat: Seat,
    /// Its actions, written together in the game's notation.
    pub notation: String,
    /// Whether it ended the game.
    pub ends_game: bool,
}

impl LocalGame {
    /// The start of a game of `kind` with the kind's default options, which is what the load generator's
    /// challenges ask for.
    #[must_use]
    pub fn new(kind: GameKind) -> LocalGame {
        LocalGame { game: AnyGame::new(&kind.default_ruleset()), ply: 0 }
    }

    /// A game of `kind` after `moves`, in order (as a snapshot lists them).
    pub fn replay(kind: GameKind, moves: &[MoveRecord]) -> Result<LocalGame, MoveError> {
        let mut game = LocalGame::new(kind);
        for record in moves {
            let played = game.game.play(&record.notation)?;
            game.ply += u32::try_from(played.actions).unwrap_or(u32::MAX);
        }
        Ok(game)
    }

    /// The number of actions played.
    #[must_use]
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The seat to act, or `None` once the game is over.
    #[must_use]
    pub fn to_act(&self) -> Option<Seat> {
        self.game.to_act()
    }

    /// Plays a random legal turn: random legal actions until the turn (or the game) ends, written together
    /// with the game's action separator. `None` when the game is over.
    pub fn play_random_turn(&mut self, rng: &mut impl Rng) -> Option<Turn> {
        let seat = self.game.to_act()?;
        let ply = self.ply;
        let mut notation = String::new();
        loop {
            let action = self.game.pick_legal_action(rng.random())?;
            let played = self.game.play(&action).ok()?;
            if !notation.is_empty() {
                notation.push_str(self.game.kind().action_separator());
            }
            notation.push_str(&action);
            self.ply += 1;
            match played.progress {
                Progress::TurnContinues => continue,
                Progress::TurnEnded => return Some(Turn { ply, seat, notation, ends_game: false }),
                Progress::GameOver(_) => return Some(Turn { ply, seat, notation, ends_game: true }),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    /// Random turns, replayed by another game from their texts, reach the same position and the end.
    #[test]
    fn random_turns_are_legal_whole_turns_for_every_kind() {
        for &kind in GameKind::ALL {
            for seed in 0..20 {
                let mut rng = SmallRng::seed_from_u64(seed);
                let mut game = LocalGame::new(kind);
                let mut replayed = AnyGame::new(&kind.default_ruleset());
                let mut turns = 0;
                while let Some(turn) = game.play_random_turn(&mut rng) {
                    assert_eq!(replayed.to_act(), Some(turn.seat), "{kind:?}: the turn is the seat's to play");
                    let played = replayed.play(&turn.notation).expect("a random turn is legal");
                    assert_ne!(played.progress, Progress::TurnContinues, "{kind:?}: a whole turn");
                    assert_eq!(turn.ends_game, matches!(played.progress, Progress::GameOver(_)));
                    turns += 1;
                    assert!(turns < 10_000, "{kind:?}: random play ends");
                }
                assert_eq!(replayed.to_act(), None, "{kind:?}: the game is over");
                assert_eq!(&replayed, &game.game);
            }
        }
    }

    #[test]
    fn a_replay_counts_actions_as_ply() {
        let kind = GameKind::from_name("paper-soccer").expect("a kind");
        let mut rng = SmallRng::seed_from_u64(7);
        let mut game = LocalGame::new(kind);
        let mut records = Vec::new();
        for _ in 0..6 {
            let Some(turn) = game.play_random_turn(&mut rng) else { break };
            records.push(record(turn.ply, &turn.notation));
        }
        let replayed = LocalGame::replay(kind, &records).expect("legal moves replay");
        assert_eq!(replayed.ply(), game.ply());
        assert_eq!(replayed.game, game.game);
    }

    #[test]
    fn an_illegal_record_is_refused() {
        let kind = GameKind::from_name("paper-soccer").expect("a kind");
        assert!(LocalGame::replay(kind, &[record(0, "x")]).is_err());
    }

    fn record(ply: u32, notation: &str) -> MoveRecord {
        serde_json::from_value(serde_json::json!({
            "ply": ply, "seat": "first", "notation": notation, "turn_ended": true, "at_ms": 0,
            "clocks": {"first_ms": 0, "second_ms": 0, "running": null}
        }))
        .expect("a move record")
    }
}
