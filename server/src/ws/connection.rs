//! One WebSocket connection's task: reads messages and has them answered, writes what is queued for the
//! client (through [`Duplex`], in the same task), pings, and closes the connection when it must: on shutdown,
//! a ban or sign-out, a client too slow to read, one that breaks the rate or size limits, falls silent, or
//! never says hello.
//!
//! Everything sent to the client goes through the connection's bounded [`Outbox`], so frames keep their order.

use std::future::Future;
use std::time::Duration;

use axum::extract::ws::{Message, WebSocket};
use tokio::time::Instant;

use super::addresses::SocketPlace;
use super::duplex::{Duplex, Event};
use super::requests::Connection;
use crate::outbox::{Alarm, Outbox, Revoked};
use crate::state::AppState;
use crate::store::AccountRow;
use crate::telemetry;

/// Close codes (RFC 6455).
mod close_code {
    pub const NORMAL: u16 = 1000;
    pub const GOING_AWAY: u16 = 1001;
    pub const POLICY: u16 = 1008;
    pub const TOO_BIG: u16 = 1009;
    /// The server met a condition it cannot serve the connection through (RFC 6455's 1011).
    pub const INTERNAL: u16 = 1011;
    /// A game the connection watched moved between nodes: the client subscribes again.
    pub const RESUBSCRIBE: u16 = kartka_protocol::RESUBSCRIBE_CLOSE_CODE;
    /// An admin banned the account: the client says so, instead of that its session ended.
    pub const BANNED: u16 = kartka_protocol::BANNED_CLOSE_CODE;
}

/// How long closing may take: writing what is still queued, the close frame, and waiting for the client's.
const CLOSING_TIME: Duration = Duration::from_secs(2);

/// Why the connection ends: the close frame to send, and whether frames still queued go out first (not for a
/// client that is too slow to read them).
struct Closing {
    code: u16,
    reason: &'static str,
    flush: bool,
}

impl Closing {
    const fn after_queued(code: u16, reason: &'static str) -> Closing {
        Closing { code, reason, flush: true }
    }

    /// The reason, when the server closes the connection for breaking its rules (close code 1008) or a ban:
    /// the games it watched record it.
    fn policy_reason(&self) -> Option<&'static str> {
        [close_code::POLICY, close_code::BANNED].contains(&self.code).then_some(self.reason)
    }
}

/// Serves one upgraded socket until it closes, the client misbehaves or falls silent, or the server shuts
/// down. `account` is the account the upgrade request authenticated, with its session's token hash; `place` the
/// socket's place among its address's, freed when the connection ends.
///
/// Sets the connection up at once and returns the future that serves it. A plain function rather than an
/// `async fn`: an async fn's future keeps room for its arguments for as long as it runs, and an idle
/// connection runs for hours.
pub fn run(
    state: AppState,
    socket: WebSocket,
    account: Option<(AccountRow, String)>,
    place: Option<SocketPlace>,
) -> impl Future<Output = ()> + Send + 'static {
    let open = telemetry::connection_opened();
    let (outbox, frames) = Outbox::new(state.settings.outbound_queue);
    let mut connection = Connection::new(state, outbox, place);
    if let Some((account, session)) = account {
        connection.welcome(None, account, session);
    }
    let mut duplex = Duplex::new(socket, frames);
    async move {
        let _open = open;
        let closing = serve(&mut connection, &mut duplex).await;
        // Boxed: the closing steps run once, and an idle connection's task would otherwise keep room for them.
        Box::pin(close(connection, duplex, closing)).await;
    }
}

/// Reads, answers and writes until the connection must close; returns why.
async fn serve(connection: &mut Connection, duplex: &mut Duplex) -> Closing {
    let shutdown = connection.state.shutdown.clone();
    let limits = &connection.state.settings.limits;
    let mut deadlines = Deadlines::new(Instant::now(), limits.hello_timeout, limits.ws_ping_interval);
    loop {
        let event = tokio::select! {
            biased;
            () = shutdown.cancelled() => {
                return Closing::after_queued(close_code::GOING_AWAY, "server shutting down");
            }
            () = tokio::time::sleep_until(deadlines.next(connection.awaiting_hello())) => None,
            event = duplex.next_event() => Some(event),
        };
        let Some(event) = event else {
            match deadlines.due(Instant::now(), connection.awaiting_hello()) {
                Some(Due::Hello) => return Closing::after_queued(close_code::POLICY, "no hello in time"),
                Some(Due::Silence) => return Closing::after_queued(close_code::GOING_AWAY, "no answer to pings"),
                Some(Due::Ping) => duplex.ping(),
                None => {}
            }
            continue;
        };
        let message = match event {
            Event::Received(message) => message,
            Event::Alarm(Alarm::TooSlow) => {
                return Closing { code: close_code::POLICY, reason: "not reading fast enough", flush: false };
            }
            Event::Alarm(Alarm::Revoked(Revoked::SignedOut)) => {
                return Closing::after_queued(close_code::POLICY, "signed out");
            }
            Event::Alarm(Alarm::Revoked(Revoked::Banned)) => {
                return Closing::after_queued(close_code::BANNED, "account banned");
            }
            Event::Alarm(Alarm::Unsendable) => {
                return Closing::after_queued(close_code::INTERNAL, "a frame too long to send");
            }
            Event::Alarm(Alarm::Resubscribe) => {
                return Closing::after_queued(close_code::RESUBSCRIBE, "a game moved between servers; resubscribe");
            }
            Event::WriteFailed => return Closing { code: close_code::GOING_AWAY, reason: "", flush: false },
            Event::ReadFailed(error) => {
                tracing::debug!(%error, "socket read failed");
                return Closing::after_queued(close_code::TOO_BIG, "message too large or malformed");
            }
            Event::Ended => return Closing::after_queued(close_code::NORMAL, ""),
        };
        deadlines.heard(Instant::now());
        // Every message but a close costs the same: pings and pongs are work too, and a flood of them is one.
        if !matches!(message, Message::Close(_)) && !connection.within_rate() {
            return Closing::after_queued(close_code::POLICY, "rate limit exceeded");
        }
        match message {
            // Boxed: answering a frame is the largest state this loop awaits (every request's handling
            // inlined), and an idle connection would otherwise keep room for it in its task the whole time.
            Message::Text(text) => duplex.write_while(Box::pin(connection.on_text(text.as_str()))).await,
            Message::Binary(_) => connection.refuse_binary(),
            Message::Close(_) => return Closing::after_queued(close_code::NORMAL, ""),
            Message::Ping(_) | Message::Pong(_) => {}
        }
    }
}

/// Closes a connection: leaves its games and the lobby, then closes the socket, within [`CLOSING_TIME`] so
/// that a client that reads nothing cannot hold the task.
async fn close(mut connection: Connection, duplex: Duplex, closing: Closing) {
    connection.leave(closing.policy_reason()).await;
    let Closing { code, reason, flush } = closing;
    let _ = tokio::time::timeout(CLOSING_TIME, duplex.close(code, reason, flush)).await;
}

/// What is due when the connection's timer fires.
#[derive(Debug, PartialEq, Eq)]
enum Due {
    /// The connection neither said hello nor watches anything in time.
    Hello,
    /// The client has not been heard from for two ping intervals.
    Silence,
    /// The next ping.
    Ping,
}

/// The connection's deadlines, kept on one timer.
struct Deadlines {
    /// When a connection still awaiting hello is closed.
    hello: Instant,
    /// When the client was last heard from.
    last_heard: Instant,
    next_ping: Instant,
    ping_interval: Duration,
}

impl Deadlines {
    fn new(now: Instant, hello_timeout: Duration, ping_interval: Duration) -> Deadlines {
        Deadlines { hello: now + hello_timeout, last_heard: now, next_ping: now + ping_interval, ping_interval }
    }

    /// How long the client may stay silent: two ping intervals, so that it has had a whole interval to answer
    /// the last ping.
    fn silence_limit(&self) -> Instant {
        self.last_heard + 2 * self.ping_interval
    }

    /// The earliest deadline.
    fn next(&self, awaiting_hello: bool) -> Instant {
        let earliest = self.silence_limit().min(self.next_ping);
        if awaiting_hello {
            earliest.min(self.hello)
        } else {
            earliest
        }
    }

    fn heard(&mut self, now: Instant) {
        self.last_heard = now;
    }

    /// What is due at `now`, the most pressing first; a due ping schedules the next one.
    fn due(&mut self, now: Instant, awaiting_hello: bool) -> Option<Due> {
        if awaiting_hello && now >= self.hello {
            Some(Due::Hello)
        } else if now >= self.silence_limit() {
            Some(Due::Silence)
        } else if now >= self.next_ping {
            self.next_ping = now + self.ping_interval;
            Some(Due::Ping)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Deadlines, Due};
    use std::time::Duration;
    use tokio::time::Instant;

    const HELLO: Duration = Duration::from_secs(10);
    const PING: Duration = Duration::from_secs(30);

    #[test]
    fn the_hello_deadline_counts_only_while_hello_is_awaited() {
        let start = Instant::now();
        let mut deadlines = Deadlines::new(start, HELLO, PING);
        assert_eq!(deadlines.next(true), start + HELLO);
        assert_eq!(deadlines.next(false), start + PING);
        assert_eq!(deadlines.due(start + HELLO, true), Some(Due::Hello));
        assert_eq!(deadlines.due(start + HELLO, false), None);
    }

    #[test]
    fn pings_repeat_and_silence_ends_after_two_intervals() {
        let start = Instant::now();
        let mut deadlines = Deadlines::new(start, HELLO, PING);
        assert_eq!(deadlines.due(start + PING, false), Some(Due::Ping));
        assert_eq!(deadlines.next(false), start + 2 * PING);
        assert_eq!(deadlines.due(start + 2 * PING, false), Some(Due::Silence));
        deadlines.heard(start + 2 * PING);
        assert_eq!(deadlines.due(start + 2 * PING, false), Some(Due::Ping));
        assert_eq!(deadlines.next(false), start + 3 * PING);
    }
}
