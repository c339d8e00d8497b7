//! The players' side of the rules: a game kept in step with the server's, and random legal whole turns.

use kartka_engine::{AnyGame, MoveError, Progress, Ruleset, Seat};
use kartka_protocol::MoveRecord;
use rand::Rng;

/// A game as the players see it: the engine's position and the number of actions played (the `ply` a move
/// frame carries).
#[derive(Clone, Debug)]
pub struct LocalGame {
    game: AnyGame,
    ply: u32,
}

/// Why a snapshot's game cannot be gone on with.
#[derive(Debug, thiserror::Error)]
pub enum ResumeError {
    /// A listed move does not replay.
    #[error(transparent)]
    Replay(#[from] MoveError),
    /// A game with secrets is not where the players left it.
    #[error("the game with secrets is not where its players left it")]
    Diverged,
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
    /// The start of a game played by `rules`: those of the game's snapshot, where the server settled what the
    /// challenge left to chance (a lattice's seed).
    #[must_use]
    pub fn new(rules: &Ruleset) -> LocalGame {
        LocalGame { game: AnyGame::new(rules), ply: 0 }
    }

    /// The game by `rules` a snapshot lists `moves` of (after `ply` actions), as the players go on with it. A
    /// game without secrets is replayed from the moves. One with secrets cannot be: a seat's connection sees the
    /// others' moves as their public texts only. The players played both seats, so `played`, the game as they
    /// played it, goes on when it has reached the snapshot's ply (a fresh game when the snapshot has no move).
    pub fn resume(
        rules: &Ruleset,
        moves: &[MoveRecord],
        ply: u32,
        played: &LocalGame,
    ) -> Result<LocalGame, ResumeError> {
        if !rules.kind().hidden_information() {
            return Ok(LocalGame::replay(rules, moves)?);
        }
        match (moves.is_empty(), played.game.ruleset() == *rules && played.ply == ply) {
            (true, _) => Ok(LocalGame::new(rules)),
            (false, true) => Ok(played.clone()),
            (false, false) => Err(ResumeError::Diverged),
        }
    }

    /// A game by `rules` after `moves`, in order (as a snapshot lists them).
    pub fn replay(rules: &Ruleset, moves: &[MoveRecord]) -> Result<LocalGame, MoveError> {
        let mut game = LocalGame::new(rules);
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
    /// with the game's action separator. `None` when the game is over. In a simultaneous phase the turn is the
    /// first seat's of those to act, as the server asks for it.
    pub fn play_random_turn(&mut self, rng: &mut impl Rng) -> Option<Turn> {
        let seat = self.game.seats_to_act().first()?;
        let ply = self.ply;
        let mut notation = String::new();
        loop {
            let action = self.game.pick_legal_action_as(seat, rng.random())?;
            let (played, _) = self.game.play_as(seat, &action).ok()?;
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
    use kartka_engine::GameKind;
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    /// Random turns, replayed by another game from their texts, reach the same position and the end.
    #[test]
    fn random_turns_are_legal_whole_turns_for_every_kind() {
        for &kind in GameKind::ALL {
            for seed in 0..20 {
                let mut rng = SmallRng::seed_from_u64(seed);
                let mut game = LocalGame::new(&kind.default_ruleset());
                let mut replayed = AnyGame::new(&kind.default_ruleset());
                let mut turns = 0;
                while let Some(turn) = game.play_random_turn(&mut rng) {
                    assert!(replayed.seats_to_act().contains(turn.seat), "{kind:?}: the turn is the seat's to play");
                    let (played, _) = replayed.play_as(turn.seat, &turn.notation).expect("a random turn is legal");
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
        let mut game = LocalGame::new(&kind.default_ruleset());
        let mut records = Vec::new();
        for _ in 0..6 {
            let Some(turn) = game.play_random_turn(&mut rng) else { break };
            records.push(record(turn.ply, &turn.notation));
        }
        let replayed = LocalGame::replay(&kind.default_ruleset(), &records).expect("legal moves replay");
        assert_eq!(replayed.ply(), game.ply());
        assert_eq!(replayed.game, game.game);
    }

    /// A game with secrets goes on as its players played it while it is where they left it; a game without is
    /// replayed from the snapshot.
    #[test]
    fn a_game_with_secrets_resumes_where_its_players_left_it() {
        let mut rng = SmallRng::seed_from_u64(3);
        for &kind in GameKind::ALL.iter().filter(|kind| kind.hidden_information()) {
            let mut game = LocalGame::new(&kind.default_ruleset());
            let turn = game.play_random_turn(&mut rng).expect("the game goes on");
            let listed = [record(turn.ply, "F")];
            let resumed = LocalGame::resume(&kind.default_ruleset(), &listed, game.ply(), &game)
                .expect("where the players left it");
            assert_eq!(resumed.game, game.game);
            assert!(matches!(
                LocalGame::resume(&kind.default_ruleset(), &listed, game.ply() + 1, &game),
                Err(ResumeError::Diverged)
            ));
            let fresh = LocalGame::resume(&kind.default_ruleset(), &[], 0, &game).expect("a new game");
            assert_eq!(fresh.ply(), 0);
        }
    }

    #[test]
    fn an_illegal_record_is_refused() {
        let kind = GameKind::from_name("paper-soccer").expect("a kind");
        assert!(LocalGame::replay(&kind.default_ruleset(), &[record(0, "x")]).is_err());
    }

    fn record(ply: u32, notation: &str) -> MoveRecord {
        serde_json::from_value(serde_json::json!({
            "ply": ply, "seat": "first", "notation": notation, "turn_ended": true, "at_ms": 0,
            "clocks": {"first_ms": 0, "second_ms": 0, "running": null}
        }))
        .expect("a move record")
    }
}
