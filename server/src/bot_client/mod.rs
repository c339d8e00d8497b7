//! A bot that plays on a kartka server through the public protocol, exactly as an outside program would: REST
//! for challenges, one WebSocket for everything else. `kartka bot --server URL --token T` runs it, and the
//! server runs its built-in bot account through it over loopback. It is also the working example for bot
//! authors, so each module does one job:
//!
//! - `rest.rs`: the REST calls a bot needs (its challenges, accepting and declining, its active games).
//! - `socket.rs`: the WebSocket: connect, `hello`, typed frames in and out.
//! - `policy.rs`: which challenges to accept.
//! - `game.rs`: one game as the bot follows it, rebuilt from the snapshot and the events.
//! - `think.rs`: the search, off the async threads, with a deadline from the game's clock under the bot's
//!   ceilings, cancelled when its game ends.
//! - `session.rs`: one connection's life: resume games, accept challenges, play turns.
//!
//! [`run`] keeps reconnecting (with backoff) until its shutdown future resolves or the token is refused; after
//! a reconnect it resumes every game it was playing (`subscribe` with `after_seq`) and finds the ones it did not
//! know of from its list of active games.

mod game;
mod policy;
mod rest;
mod session;
mod socket;
mod think;

use std::future::Future;
use std::time::Duration;

use kartka_bot::Level;

pub use policy::{ChallengePolicy, Playing};
pub use think::ThinkingLimits;

use self::session::{Player, SessionEnd};

/// The first wait before reconnecting; it doubles after each failed attempt.
const FIRST_RETRY: Duration = Duration::from_millis(500);
/// The longest wait before reconnecting.
const LAST_RETRY: Duration = Duration::from_secs(30);

/// What the bot client needs to know.
#[derive(Clone, Debug)]
pub struct BotClientSettings {
    /// The server's base URL, `http://host:port` (or `https://`); the WebSocket is at `/ws` on the same host.
    pub server: String,
    /// The bot account's bearer token.
    pub token: String,
    /// How strongly it plays.
    pub level: Level,
    /// Which challenges it accepts.
    pub policy: ChallengePolicy,
    /// How long it may think, per move and per game.
    pub thinking: ThinkingLimits,
}

/// Why the bot client stopped before its shutdown.
#[derive(Debug, thiserror::Error)]
pub enum BotClientError {
    /// The server's URL is not `http://` or `https://`.
    #[error("the server URL must start with http:// or https://: {0}")]
    ServerUrl(String),
    /// The server refused the token.
    #[error("the server refused the token: {0}")]
    Refused(String),
}

/// Plays until `shutdown` resolves, the policy's game limit is reached, or the server refuses the token.
pub async fn run(settings: BotClientSettings, shutdown: impl Future<Output = ()>) -> Result<(), BotClientError> {
    let socket_url = socket_url(&settings.server)?;
    let mut player = Player::new(settings);
    let mut retry = FIRST_RETRY;
    tokio::pin!(shutdown);
    loop {
        let end = tokio::select! {
            () = &mut shutdown => return Ok(()),
            end = player.play_session(&socket_url) => end,
        };
        match end {
            SessionEnd::Finished => return Ok(()),
            SessionEnd::Refused(message) => return Err(BotClientError::Refused(message)),
            SessionEnd::Lost { welcomed } => {
                if welcomed {
                    retry = FIRST_RETRY;
                }
                tracing::info!(retry_ms = retry.as_millis(), "bot: connection lost, reconnecting");
                tokio::select! {
                    () = &mut shutdown => return Ok(()),
                    () = tokio::time::sleep(retry) => {}
                }
                retry = (retry * 2).min(LAST_RETRY);
            }
        }
    }
}

/// The WebSocket URL of a server's base URL: the same host, `ws` for `http` and `wss` for `https`, at `/ws`.
fn socket_url(server: &str) -> Result<String, BotClientError> {
    let base = server.trim_end_matches('/');
    if let Some(rest) = base.strip_prefix("http://") {
        Ok(format!("ws://{rest}/ws"))
    } else if let Some(rest) = base.strip_prefix("https://") {
        Ok(format!("wss://{rest}/ws"))
    } else {
        Err(BotClientError::ServerUrl(server.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_socket_is_on_the_same_host() {
        assert_eq!(socket_url("http://127.0.0.1:8080/").expect("http"), "ws://127.0.0.1:8080/ws");
        assert_eq!(socket_url("https://kartka.example").expect("https"), "wss://kartka.example/ws");
        assert!(socket_url("ftp://kartka.example").is_err());
    }
}
