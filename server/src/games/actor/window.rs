//! Timed windows (the engine's `Game::timed_window`; Dots' STOP window, rules 7.4): while a game is in one, the
//! main clocks stand still and the window's own end is the game's deadline; when it passes, the server plays
//! the window's closing action for the seat to act, stored and pushed as an ordinary move whose
//! `client_move_id` starts with `window-`.
//!
//! The end is not stored apart: it is when the move that opened the window was received plus the window's
//! seconds, so a restarted actor finds it again from the moves, and then adds the server's downtime since the
//! window opened (from the stored outages, like the clocks' credit), so that no outage eats into the window.

use kartka_engine::TimedWindow;
use kartka_protocol::GameStatus;

use super::retry::{FLAG_FALL, WINDOW_CLOSE};
use super::{GameActor, GameError};
use crate::downtime;
use crate::store::Millis;
use crate::time::now_ms;

/// The start of the `client_move_id` of the move the server plays when a timed window's time is up.
pub(crate) const WINDOW_MOVE_PREFIX: &str = "window-";

/// When `window`, opened at `opened`, ends.
pub(super) fn window_end(window: &TimedWindow<String>, opened: Millis) -> Millis {
    opened + i64::from(window.seconds) * 1000
}

impl GameActor {
    /// When the timed window the game is in ends, if the game is active and in one.
    pub(super) fn window_deadline(&self) -> Option<Millis> {
        (self.live.status == GameStatus::Active).then_some(self.live.window_ends).flatten()
    }

    /// The game's deadline passed: a timed window's, or else the running clock's.
    pub(super) async fn time_up(&mut self) {
        // Logged by the retry, once per outage.
        let _ = if self.window_deadline().is_some_and(|deadline| deadline <= now_ms()) {
            let closed = self.close_window().await;
            self.deadline_retry.outcome(self.id, WINDOW_CLOSE, closed)
        } else {
            let fell = self.flag_fall().await;
            self.deadline_retry.outcome(self.id, FLAG_FALL, fell)
        };
    }

    /// Plays the window's closing action for the seat to act, at the window's end.
    pub(super) async fn close_window(&mut self) -> Result<(), GameError> {
        let (Some(deadline), Some(window), Some(seat)) =
            (self.window_deadline(), self.live.game.timed_window(), self.live.game.seats_to_act().first())
        else {
            return Ok(());
        };
        let ply = self.live.ply;
        self.play(seat, ply, format!("{WINDOW_MOVE_PREFIX}{ply}"), &window.closing, deadline).await.map(drop)
    }

    /// Moves the end of the window the game is in (as loaded: its opening plus its seconds) past the server's
    /// outages since it opened.
    pub(super) async fn credit_window_downtime(&mut self) {
        let (Some(end), Some(window)) = (self.window_deadline(), self.live.game.timed_window()) else { return };
        let opened = end - window_end(&window, 0);
        let now = now_ms();
        let outages = match self.outages_ending_after(opened, now).await {
            Ok(outages) => outages,
            Err(error) => {
                tracing::error!(game = %self.id, %error, "could not read server outages");
                return;
            }
        };
        let credit = downtime::overlap(opened, now, &outages);
        if credit > 0 {
            self.live.window_ends = Some(end + credit);
            tracing::info!(game = %self.id, credit_ms = credit, "moved a timed window past server downtime");
        }
    }
}
