//! What accepting a challenge and accepting a correspondence seek share: seating the two players by the
//! offer's colour choice, and starting and announcing the game once the store has it.

use kartka_protocol::{ErrorCode, PlayerInfo, ServerFrame, TimeControl};
use rand::Rng;
use uuid::Uuid;

use super::ApiError;
use crate::accounts::player_info;
use crate::state::AppState;
use crate::store::AccountRow;

/// The players, first seat first: the offer's maker takes the seat its stored colour choice names (`first`,
/// `second`, or a coin toss for `random`), the player who accepts the other.
pub(super) fn seat(maker: &AccountRow, taker: &AccountRow, colour: &str) -> [PlayerInfo; 2] {
    let maker_first = match colour {
        "first" => true,
        "second" => false,
        _ => rand::rng().random_bool(0.5),
    };
    if maker_first {
        [player_info(maker), player_info(taker)]
    } else {
        [player_info(taker), player_info(maker)]
    }
}

/// Starts the actor of a stored new game, so its clock runs, and tells both players' connections. Players of
/// a live game leave the lobby (pools and seeks) as if it had paired them; a correspondence game does not keep
/// anyone from playing live.
pub(super) async fn start(
    state: &AppState,
    game_id: Uuid,
    players: &[PlayerInfo; 2],
    time_control: &TimeControl,
) -> Result<(), ApiError> {
    state.games.ensure_running(game_id).await?;
    if !time_control.is_correspondence() {
        state.lobby.started_elsewhere(game_id, players.iter().map(|player| player.account_id).collect()).await;
    }
    for player in players {
        state.connections.notify(player.account_id, &ServerFrame::GameStarted { game_id });
    }
    Ok(())
}

/// The account with this id.
pub(super) async fn account(state: &AppState, id: Uuid) -> Result<AccountRow, ApiError> {
    state.store.account_by_id(id).await?.ok_or_else(|| ApiError::new(ErrorCode::UnknownPlayer, "no such player"))
}
