//! The sweeper: every sweep interval, and at once after a start, makes sure that every game whose clock has
//! fallen has a running actor (which credits downtime and then ends the game on time if it is still overdue),
//! and ends vacations whose time is up.

use crate::state::AppState;
use crate::time::now_ms;

/// Overdue games handled per sweep; the rest wait for the next one.
const OVERDUE_BATCH: u32 = 200;

/// Sweeps until shutdown.
pub async fn run(state: AppState) {
    let interval = state.settings.correspondence.sweep_interval;
    loop {
        sweep(&state).await;
        tokio::select! {
            () = state.shutdown.cancelled() => break,
            () = tokio::time::sleep(interval) => {}
        }
    }
}

async fn sweep(state: &AppState) {
    let now = now_ms();
    match state.store.overdue_games(now, OVERDUE_BATCH).await {
        Ok(overdue) => {
            for game_id in overdue {
                if let Err(error) = state.games.ensure_running(game_id).await {
                    tracing::error!(game = %game_id, %error, "the sweeper could not start an overdue game");
                }
            }
        }
        Err(error) => tracing::error!(%error, "the sweeper could not look for overdue games"),
    }
    super::vacation::end_due(state, now).await;
}
