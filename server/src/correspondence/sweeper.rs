//! The sweeper: every sweep interval, and at once after a start, makes sure that every correspondence game whose
//! clock has fallen has a running actor (which credits downtime and then ends the game on time if it is still
//! overdue; a live game's actor keeps its own clock, and the failover sweep restarts a live game without one),
//! ends vacations whose time is up, and tells the lobby's subscribers of correspondence seeks that expired.

use kartka_protocol::correspondence::SeekStatus;
use kartka_protocol::ServerFrame;

use crate::state::AppState;
use crate::store::Millis;
use crate::time::now_ms;

/// Overdue games handled per sweep; the rest wait for the next one.
const OVERDUE_BATCH: u32 = 200;

/// Sweeps until shutdown.
pub async fn run(state: AppState) {
    let interval = state.settings.correspondence.sweep_interval;
    // Seeks that expired before this start need no news: a client reads the open ones when it connects.
    let mut seeks_expired_until = now_ms();
    loop {
        sweep(&state).await;
        seeks_expired_until = announce_expired_seeks(&state, seeks_expired_until).await;
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

/// Announces the correspondence seeks that expired after `since` and up to now; returns up to when they were
/// announced (`since` again when the store could not be read, so that none is missed).
async fn announce_expired_seeks(state: &AppState, since: Millis) -> Millis {
    let now = now_ms();
    match state.store.seeks_expired_between(since, now).await {
        Ok(expired) => {
            for seek_id in expired {
                let frame = ServerFrame::CorrespondenceSeekRemoved { seek_id, status: SeekStatus::Expired };
                state.lobby.announce(frame).await;
            }
            now
        }
        Err(error) => {
            tracing::error!(%error, "the sweeper could not look for expired seeks");
            since
        }
    }
}
