//! `GET /api/bots`: the built-in bot's accounts, so that the lobby's "Play the computer" panel knows whom to
//! challenge at each level and how strong each level is, and when quick pairing offers the bot to a waiting
//! player.

use axum::extract::State;
use axum::Json;
use kartka_bot::Level;
use kartka_protocol::rest::{BuiltinBot, BuiltinBots};

use super::ApiError;
use crate::accounts::info;
use crate::builtin_bot::{account_name, LEVELS};
use crate::state::AppState;

/// `GET /api/bots`: every level whose account exists and is still a bot; none, and no offer, when the built-in
/// bot is off.
pub async fn list(State(state): State<AppState>) -> Result<Json<BuiltinBots>, ApiError> {
    let mut bots = Vec::new();
    if let Some(base) = &state.settings.builtin_bot {
        for number in LEVELS {
            let Ok(level) = Level::new(number) else { continue };
            let account = state.store.account_by_name(&account_name(base, number)).await?;
            if let Some(account) = account.filter(|account| account.is_bot) {
                bots.push(BuiltinBot { level: number, account: info(&account), measured_elo: level.measured_elo() });
            }
        }
    }
    let offer_after_ms = state
        .settings
        .bot_offer_after
        .filter(|_| !bots.is_empty())
        .map(|after| u64::try_from(after.as_millis()).unwrap_or(u64::MAX));
    Ok(Json(BuiltinBots { bots, offer_after_ms }))
}
