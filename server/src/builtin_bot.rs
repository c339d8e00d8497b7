//! The server's own bot, so that there is always someone to play: one registered account per level, named
//! `NAME-1` (beginner) to `NAME-8` (strongest) after the `--builtin-bot` setting, each marked as a bot and
//! played in-process by [`bot_client`](crate::bot_client) over loopback, through the same protocol an outside
//! bot speaks. One account per level, rather than one account told the level, because a challenge has no
//! place for a level and because each level then earns a rating of its own.
//!
//! The accounts have no password (nobody logs in as them); each start opens a fresh session for each.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

use kartka_bot::Level;

use crate::accounts::{new_account, open_session};
use crate::admin::audit::Actor;
use crate::admin::bot::set_bot;
use crate::bot_client::{self, BotClientSettings};
use crate::state::AppState;
use crate::store::{AccountKind, AccountRow, StoreError};

/// The levels the built-in bot plays, one account each.
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=8;

/// The name of the built-in bot's account of `level`.
#[must_use]
pub fn account_name(base: &str, level: u8) -> String {
    format!("{base}-{level}")
}

/// Starts one bot client per level against the server listening at `address`, until the server shuts down.
/// Accounts that cannot be prepared are logged and skipped: the server runs without them.
pub async fn start(state: &AppState, base: &str, address: SocketAddr) {
    let address = loopback(address);
    for level in LEVELS {
        let name = account_name(base, level);
        let token = match prepare(state, &name).await {
            Ok(token) => token,
            Err(error) => {
                tracing::error!(%error, %name, "cannot start the built-in bot");
                continue;
            }
        };
        let Ok(level) = Level::new(level) else { continue };
        let settings = BotClientSettings {
            server: format!("http://{address}"),
            token,
            level,
            policy: state.settings.builtin_bot_policy.clone(),
            thinking: state.settings.builtin_bot_thinking,
        };
        let shutdown = state.shutdown.clone();
        state.tasks.spawn(async move {
            if let Err(error) = bot_client::run(settings, shutdown.cancelled_owned()).await {
                tracing::error!(%error, %name, "the built-in bot stopped");
            }
        });
    }
}

/// Where the server can reach itself: a listener on every address is reached on loopback.
fn loopback(address: SocketAddr) -> SocketAddr {
    match address.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => SocketAddr::new(Ipv4Addr::LOCALHOST.into(), address.port()),
        IpAddr::V6(ip) if ip.is_unspecified() => SocketAddr::new(Ipv6Addr::LOCALHOST.into(), address.port()),
        _ => address,
    }
}

/// Why an account cannot be prepared.
#[derive(Debug, thiserror::Error)]
enum PrepareError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Mark(#[from] crate::admin::bot::BotMarkError),
    #[error("the name belongs to an account that is not a bot")]
    TakenByAPerson,
}

/// The account called `name`, created and marked as a bot if need be; a fresh session token for it.
async fn prepare(state: &AppState, name: &str) -> Result<String, PrepareError> {
    let account = match state.store.account_by_name(name).await? {
        Some(account) => account,
        None => {
            let account = new_account(name, AccountKind::Registered, None);
            state.store.insert_account(&account).await?;
            set_bot(state.store.as_ref(), name, true, Actor::Configuration, "the built-in bot").await?;
            AccountRow { is_bot: true, ..account }
        }
    };
    // A person who registered the name first, or an account an admin unmarked, is not played by the server.
    if !account.is_bot {
        return Err(PrepareError::TakenByAPerson);
    }
    let session = open_session(state.store.as_ref(), state.settings.session_lifetime, &account).await?;
    Ok(session.token)
}
