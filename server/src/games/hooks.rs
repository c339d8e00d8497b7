//! What the rest of the server hears about a game's turns, without the game actor knowing who listens.

use async_trait::async_trait;
use kartka_engine::SeatSet;
use kartka_protocol::TimeControl;
use uuid::Uuid;

use crate::store::Millis;

/// Where a game's turn stands after a committed change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnState {
    /// The game.
    pub game_id: Uuid,
    /// The players' accounts, in seat order.
    pub players: Vec<Uuid>,
    /// The game's time control.
    pub time_control: TimeControl,
    /// The seats to act: one, several in a simultaneous phase, none once the game is over.
    pub seats_to_act: SeatSet,
    /// The game's ply when the current turn began.
    pub turn_ply: u32,
    /// When the running clock falls; none while it is paused or the game is over.
    pub deadline: Option<Millis>,
    /// The time a turn starts with, for correspondence clocks.
    pub allotment: Option<i64>,
}

/// Listens to games' turns. Called by a game's actor when it starts and after each committed change that
/// moved the turn, its deadline or the game's status; never while a change is being committed.
#[async_trait]
pub trait GameHooks: Send + Sync + 'static {
    /// The game's turn is now `turn`.
    async fn turn_changed(&self, turn: &TurnState);
}
