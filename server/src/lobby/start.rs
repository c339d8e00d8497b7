//! Starting a game the lobby matched: the same path an accepted challenge takes.

use std::sync::Arc;

use kartka_protocol::{PlayerInfo, RulesetSpec, ServerFrame, TimeControl};
use uuid::Uuid;

use super::LobbyError;
use crate::games::{new_game, Games};
use crate::store::Store;
use crate::time::now_ms;
use crate::ws::Connections;

/// Seated players and the game they agreed on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matched {
    /// The id the game will have.
    pub game_id: Uuid,
    /// The players, first seat first.
    pub players: Vec<PlayerInfo>,
    /// Game kind and options.
    pub ruleset: RulesetSpec,
    /// The time control.
    pub time_control: TimeControl,
    /// Whether the result changes ratings.
    pub rated: bool,
}

/// What starting a game needs.
#[derive(Clone)]
pub struct Starter {
    /// Where the game is stored.
    pub store: Arc<dyn Store>,
    /// Where its actor runs.
    pub games: Games,
    /// Who is told.
    pub connections: Connections,
}

impl Starter {
    /// Stores the game, starts its clock and tells every player (`game_started`). Returns the game's id.
    pub async fn start(&self, matched: Matched) -> Result<Uuid, LobbyError> {
        let game_id = matched.game_id;
        let (game, started) = new_game(
            game_id,
            matched.players.clone(),
            matched.ruleset,
            matched.time_control,
            matched.rated,
            self.games.clock_rules(),
            now_ms(),
        )?;
        self.store.insert_game(&game, &started, Some(self.games.node_id())).await.map_err(LobbyError::Store)?;
        self.games.start_new(game, started).await.map_err(LobbyError::Game)?;
        for player in &matched.players {
            self.connections.notify(player.account_id, &ServerFrame::GameStarted { game_id });
        }
        Ok(game_id)
    }
}
