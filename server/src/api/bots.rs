//! `GET /api/bots`: the built-in bot's accounts, so that the lobby's "Play the computer" panel knows whom to
//! challenge at each level.

use axum::extract::State;
use axum::Json;
use kartka_protocol::rest::{BuiltinBot, BuiltinBots};

use super::ApiError;
use crate::accounts::info;
use crate::builtin_bot::{account_name, LEVELS};
use crate::state::AppState;

/// `GET /api/bots`: every level whose account exists and is still a bot; none when the built-in bot is off.
pub async fn list(State(state): State<AppState>) -> Result<Json<BuiltinBots>, ApiError> {
    let mut bots = Vec::new();
    if let Some(base) = &state.settings.builtin_bot {
        for level in LEVELS {
            let account = state.store.account_by_name(&account_name(base, level)).await?;
            if let Some(account) = account.filter(|account| account.is_bot) {
                bots.push(BuiltinBot { level, account: info(&account) });
            }
        }
    }
    Ok(Json(BuiltinBots { bots }))
}
