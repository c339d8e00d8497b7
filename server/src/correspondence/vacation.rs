//! Vacations: each account has a bank of days per year (365 correspondence days, rolling). While a player is
//! on vacation their clocks are paused in every correspondence game that allows vacations; a player with an
//! active game that disallows them cannot go on vacation.
//!
//! The store is the truth: a vacation is stored first, then each game is told. A game actor that starts
//! follows the stored vacations itself, so a new game, or one a crash left behind, catches up.

use kartka_protocol::correspondence::{Vacation, VacationStatus};
use kartka_protocol::TimeControl;
use uuid::Uuid;

use crate::games::Action;
use crate::state::AppState;
use crate::store::{Millis, StoreError, VacationRow};
use crate::time::now_ms;

/// Why a vacation request was refused. Nothing changed.
#[derive(Debug, thiserror::Error)]
pub enum VacationError {
    /// The days asked for are not in the bank.
    #[error("a vacation is 1 to {left} days (what is left of this year's bank)")]
    Days {
        /// Days left in the bank.
        left: u32,
    },
    /// A current vacation is already running.
    #[error("you are already on vacation")]
    AlreadyOn,
    /// There is no current vacation to end.
    #[error("you are not on vacation")]
    NotOn,
    /// An active game disallows vacations.
    #[error("game {0} does not allow vacations")]
    Disallowed(Uuid),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// My bank and current vacation.
pub async fn status(state: &AppState, account: Uuid) -> Result<VacationStatus, StoreError> {
    let now = now_ms();
    let per_year = state.settings.correspondence.vacation_days_per_year;
    let used = state.store.vacation_days_since(account, year_start(state, now)).await?;
    let current = state.store.current_vacation(account).await?;
    Ok(VacationStatus {
        days_per_year: per_year,
        days_left: days_left(per_year, used),
        current: current.map(|row| Vacation { started_at_ms: row.started_at, ends_at_ms: row.ends_at }),
    })
}

/// Starts a vacation of `days` now and pauses my clocks.
pub async fn start(state: &AppState, account: Uuid, days: u32) -> Result<VacationStatus, VacationError> {
    let now = now_ms();
    let per_year = state.settings.correspondence.vacation_days_per_year;
    let left = days_left(per_year, state.store.vacation_days_since(account, year_start(state, now)).await?);
    if days == 0 || days > left {
        return Err(VacationError::Days { left });
    }
    for game in state.store.active_games_of(account).await? {
        if matches!(time_control(&game.time_control), Some(TimeControl::Correspondence { vacation_allowed: false, .. }))
        {
            return Err(VacationError::Disallowed(game.id));
        }
    }
    let vacation = VacationRow {
        id: Uuid::new_v4(),
        account_id: account,
        started_at: now,
        ends_at: now + i64::from(days) * day_ms(state),
        ended_at: None,
        days_charged: i64::from(days),
    };
    match state.store.insert_vacation(&vacation).await {
        Ok(()) => {}
        Err(StoreError::Conflict) => return Err(VacationError::AlreadyOn),
        Err(error) => return Err(error.into()),
    }
    pause_games(state, account, true).await?;
    Ok(status(state, account).await?)
}

/// Ends my vacation now, giving back the days not begun, and resumes my clocks.
pub async fn end_early(state: &AppState, account: Uuid) -> Result<VacationStatus, VacationError> {
    let now = now_ms();
    let vacation = state.store.current_vacation(account).await?.ok_or(VacationError::NotOn)?;
    let begun = ((now - vacation.started_at).max(1) + day_ms(state) - 1) / day_ms(state);
    finish(state, &vacation, now, begun.clamp(1, vacation.days_charged)).await?;
    Ok(status(state, account).await?)
}

/// Ends every vacation whose time is up (the sweeper calls this).
pub async fn end_due(state: &AppState, now: Millis) {
    let due = match state.store.vacations_ending(now).await {
        Ok(due) => due,
        Err(error) => {
            tracing::error!(%error, "could not look for ending vacations");
            return;
        }
    };
    for vacation in due {
        if let Err(error) = finish(state, &vacation, vacation.ends_at, vacation.days_charged).await {
            tracing::error!(account = %vacation.account_id, %error, "could not end a vacation");
        }
    }
}

async fn finish(state: &AppState, vacation: &VacationRow, at: Millis, days: i64) -> Result<(), StoreError> {
    if state.store.end_vacation(vacation.id, at, days).await? {
        pause_games(state, vacation.account_id, false).await?;
    }
    Ok(())
}

/// Pauses or resumes the account's clocks in its active correspondence games that allow vacations.
async fn pause_games(state: &AppState, account: Uuid, pause: bool) -> Result<(), StoreError> {
    for game in state.store.active_games_of(account).await? {
        if matches!(time_control(&game.time_control), Some(TimeControl::Correspondence { vacation_allowed: true, .. }))
        {
            if let Err(error) = state.games.act(game.id, account, Action::Vacation(pause)).await {
                tracing::warn!(game = %game.id, %error, pause, "could not change a clock for a vacation");
            }
        }
    }
    Ok(())
}

fn time_control(stored: &str) -> Option<TimeControl> {
    serde_json::from_str(stored).ok()
}

fn day_ms(state: &AppState) -> i64 {
    (state.settings.correspondence.day.as_millis() as i64).max(1)
}

/// The start of the rolling year the bank counts: 365 days back.
fn year_start(state: &AppState, now: Millis) -> Millis {
    now - 365 * day_ms(state)
}

fn days_left(per_year: u32, used: i64) -> u32 {
    u32::try_from((i64::from(per_year) - used).max(0)).unwrap_or(0)
}
