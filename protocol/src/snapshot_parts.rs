//! A client's side of a snapshot sent in parts: the `snapshot_moves` frames that come ahead of a long game's
//! `snapshot` are kept until it arrives, then put back before its own moves.

use std::collections::HashMap;

use uuid::Uuid;

use crate::game::{GameSnapshot, MoveRecord};

/// The moves sent ahead of snapshots not yet received, per game.
#[derive(Debug, Default)]
pub struct SnapshotParts {
    earlier: HashMap<Uuid, Vec<MoveRecord>>,
}

/// A snapshot's `earlier_moves` did not match the moves sent ahead of it: some were missed (say the connection
/// broke in between). The client subscribes again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a snapshot counts {expected} moves sent ahead of it, but {received} came")]
pub struct MissingMoves {
    /// The snapshot's `earlier_moves`.
    pub expected: u32,
    /// How many moves came ahead of it.
    pub received: usize,
}

impl SnapshotParts {
    /// Keeps the moves of a `snapshot_moves` frame.
    pub fn add_moves(&mut self, game_id: Uuid, moves: Vec<MoveRecord>) {
        self.earlier.entry(game_id).or_default().extend(moves);
    }

    /// The whole snapshot: the moves sent ahead of it, then its own. Forgets the game's parts either way.
    ///
    /// # Errors
    /// [`MissingMoves`] when the moves kept are not as many as the snapshot's `earlier_moves` says.
    pub fn complete(&mut self, mut snapshot: GameSnapshot) -> Result<GameSnapshot, MissingMoves> {
        let mut moves = self.earlier.remove(&snapshot.id).unwrap_or_default();
        if moves.len() != snapshot.earlier_moves as usize {
            return Err(MissingMoves { expected: snapshot.earlier_moves, received: moves.len() });
        }
        moves.append(&mut snapshot.moves);
        snapshot.moves = moves;
        snapshot.earlier_moves = 0;
        Ok(snapshot)
    }
}
