//! The cluster bus: what crosses between server nodes that share one PostgreSQL database, and how.
//!
//! A message is a PostgreSQL notification on one channel, [`CHANNEL`], whose payload is an [`Envelope`] in
//! JSON: the sending node's id and a [`ClusterMessage`]. PostgreSQL is the broker (the target design: "PostgreSQL
//! LISTEN/NOTIFY when several server nodes share one database. No home-made cluster protocol."):
//!
//! - [`publish`] inside a transaction queues the message, and PostgreSQL delivers it at COMMIT, or never if the
//!   transaction rolls back. The store publishes [`ClusterMessage::GamesAdvanced`] so in every transaction that
//!   commits changes of games: a message says only what has been committed.
//! - Each node runs one listener ([`Bus::listen`]), which decodes every notification, drops malformed ones and
//!   those of its own node, and fans the rest out to in-process subscribers ([`Bus::subscribe`]).
//! - Notifications are not stored. A listener that lost its connection, or a subscriber that fell behind, may
//!   have missed some: its subscribers get [`BusEvent::Resync`] and reload from the store what they mirror.
//!
//! A payload must be shorter than 8,000 bytes ([`MAX_PAYLOAD_BYTES`]). A longer message is split into as few
//! notifications as it needs, all sent by the one statement of [`publish`] (so in one transaction).
//!
//! Architecture invariant: a `GamesAdvanced` message is sent only for committed changes of games, and for every
//! one committed through `Store::record`, `Store::record_many` or an admin's action (tests/tests/e2e/cluster_bus.rs).
//! A new game is not announced: nobody can mirror a game before it exists.

use std::str::FromStr;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use sqlx::postgres::{PgConnectOptions, PgListener, PgPool, PgPoolOptions};
use sqlx::{Executor, Postgres};
use tokio::sync::broadcast::{self, error::RecvError};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use uuid::Uuid;

/// The PostgreSQL notification channel every node listens on.
pub const CHANNEL: &str = "kartka_bus";

/// The longest payload PostgreSQL takes in its default build ("shorter than 8000 bytes").
pub const MAX_PAYLOAD_BYTES: usize = 7_999;

/// How many events a subscriber may fall behind before it misses some and gets [`BusEvent::Resync`].
const SUBSCRIBER_BUFFER: usize = 1_024;

/// Connections the bus publishes on outside the store's transactions (one sender task at a time uses them).
const PUBLISHER_CONNECTIONS: u32 = 2;

/// The first wait before listening again after a failure; it doubles up to [`RECONNECT_MAX`].
const RECONNECT_FIRST: Duration = Duration::from_millis(100);

/// The longest wait between two attempts to listen again.
const RECONNECT_MAX: Duration = Duration::from_secs(10);

/// Sends every payload of its second parameter, an array, as a notification on the channel its first names.
const NOTIFY_ALL: &str = "SELECT pg_notify($1, payload) FROM UNNEST($2::text[]) AS payload";

/// A game and the sequence number of its last committed event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "WireAdvance", into = "WireAdvance")]
pub struct GameAdvanced {
    /// The game.
    pub game_id: Uuid,
    /// Its last event's sequence number after the commit.
    pub seq: i64,
}

/// [`GameAdvanced`] as sent: `["<32 hex digits>",seq]`, about 40 bytes, so that a notification holds about 190.
#[derive(Serialize, Deserialize)]
struct WireAdvance(#[serde(with = "uuid::serde::simple")] Uuid, i64);

impl From<WireAdvance> for GameAdvanced {
    fn from(WireAdvance(game_id, seq): WireAdvance) -> Self {
        GameAdvanced { game_id, seq }
    }
}

impl From<GameAdvanced> for WireAdvance {
    fn from(advanced: GameAdvanced) -> Self {
        WireAdvance(advanced.game_id, advanced.seq)
    }
}

/// What one node tells the others. Adding a message is adding a variant (its JSON is the variant's name in
/// snake case around its value) and answering, in [`encode`], whether it may be split when too long for one
/// notification.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClusterMessage {
    /// The games a committed transaction changed, each with its new last event sequence number: a node that
    /// mirrors one of them reads its events after the sequence number it has. Sent by the store in that very
    /// transaction; a long list arrives as several messages, each a part of it.
    GamesAdvanced(Vec<GameAdvanced>),
    /// A node has started listening: the others now know they have company, and publish what concerns every
    /// node (`cluster/relay.rs`).
    NodeUp,
    /// A frame, serialised as clients get it, for every connection of an account on every node
    /// (`cluster/relay.rs`). Never split: a frame longer than a notification stays on its node (logged).
    AccountFrame {
        /// The account.
        #[serde(with = "uuid::serde::simple")]
        account: Uuid,
        /// The frame's JSON.
        frame: String,
    },
    /// Close the account's connections on every node with 1008: all of them (the account was banned), or those
    /// opened with one session (it logged out). Never split (it is short).
    CloseConnections {
        /// The account.
        #[serde(with = "uuid::serde::simple")]
        account: Uuid,
        /// The session's token hash, as stored; `None` for every session.
        session: Option<String>,
    },
    /// The lobby's traffic between the lobby node and the others (`lobby/remote.rs`). Never split.
    Lobby(crate::lobby::wire::LobbyWire),
    /// A frame a game's actor pushed to connections of `node` that watch the game through that node
    /// (`games/remote/`): anything but a stored event, which that node reads from the store itself. Never split:
    /// the sender refuses one longer than a notification (logged).
    ConnectionFrame {
        /// The node the connections are on.
        #[serde(with = "uuid::serde::simple")]
        node: Uuid,
        /// The game the frame is of: a connection that no longer watches it through `node` does not get it.
        #[serde(with = "uuid::serde::simple")]
        game_id: Uuid,
        /// The connections, by their ids on that node.
        connections: Vec<u64>,
        /// The frame's JSON.
        frame: String,
    },
}

/// A message with the node that sent it: the payload of one notification.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Envelope {
    /// The sending node.
    #[serde(with = "uuid::serde::simple")]
    pub origin: Uuid,
    /// What it says.
    pub message: ClusterMessage,
}

/// What a subscriber hears.
// A message may carry a ruleset, which names a Racetrack track inline to stay `Copy`; `Resync` is rare, and
// boxing every message to shrink it would allocate on every message instead.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BusEvent {
    /// A message from another node.
    Message(Envelope),
    /// Messages may have been missed (the listener's connection was lost, or this subscriber fell behind):
    /// reload from the store whatever is mirrored. Messages that follow are again complete.
    Resync,
}

/// The payloads of the notifications that carry `message` from `origin`: one, or for a message longer than
/// [`MAX_PAYLOAD_BYTES`], as few as it can be split into, each whole JSON of its own.
pub fn encode(origin: Uuid, message: &ClusterMessage) -> Vec<String> {
    let whole = encode_one(origin, message);
    if whole.len() <= MAX_PAYLOAD_BYTES {
        return vec![whole];
    }
    match message {
        ClusterMessage::GamesAdvanced(games) => split_games_advanced(origin, games),
        // Not split: the sender checks the length first (PostgreSQL refuses a payload too long).
        ClusterMessage::NodeUp
        | ClusterMessage::AccountFrame { .. }
        | ClusterMessage::CloseConnections { .. }
        | ClusterMessage::Lobby(_)
        | ClusterMessage::ConnectionFrame { .. } => vec![whole],
    }
}

/// Reads a notification's payload.
pub fn decode(payload: &str) -> Result<Envelope, serde_json::Error> {
    serde_json::from_str(payload)
}

/// Sends `message` from `origin` to every node listening on the database behind `executor`. Inside a
/// transaction it is delivered at COMMIT, and never if the transaction rolls back.
pub async fn publish<'c, E>(executor: E, origin: Uuid, message: &ClusterMessage) -> Result<(), sqlx::Error>
where
    E: Executor<'c, Database = Postgres>,
{
    sqlx::query(NOTIFY_ALL).bind(CHANNEL).bind(encode(origin, message)).execute(executor).await?;
    Ok(())
}

fn encode_one(origin: Uuid, message: &ClusterMessage) -> String {
    #[derive(Serialize)]
    struct EnvelopeRef<'a> {
        #[serde(with = "uuid::serde::simple")]
        origin: Uuid,
        message: &'a ClusterMessage,
    }
    serde_json::to_string(&EnvelopeRef { origin, message }).expect("a cluster message is plain data, always JSON")
}

/// `games` in consecutive parts, each as long as fits in one payload. Filling each part before starting the
/// next gives the fewest parts, since every part is a run of the list.
fn split_games_advanced(origin: Uuid, games: &[GameAdvanced]) -> Vec<String> {
    let part = |games: &[GameAdvanced]| encode_one(origin, &ClusterMessage::GamesAdvanced(games.to_vec()));
    // The JSON is compact: a part of n games is the empty message's length, the games' and n - 1 commas.
    let empty = part(&[]).len();
    let mut payloads = Vec::new();
    let (mut start, mut length) = (0, empty);
    for (index, game) in games.iter().enumerate() {
        let entry = serde_json::to_string(game).expect("a game's advance is plain data, always JSON").len();
        let comma = usize::from(index > start);
        if index > start && length + comma + entry > MAX_PAYLOAD_BYTES {
            payloads.push(part(&games[start..index]));
            (start, length) = (index, empty + entry);
        } else {
            length += comma + entry;
        }
    }
    payloads.push(part(&games[start..]));
    debug_assert!(payloads.iter().all(|payload| payload.len() <= MAX_PAYLOAD_BYTES));
    payloads
}

/// This node's end of the bus: its id, the fan-out to its subscribers and a small pool to publish on. Cheap to
/// clone.
#[derive(Clone)]
pub struct Bus {
    node: Uuid,
    events: broadcast::Sender<BusEvent>,
    publisher: PgPool,
}

impl Bus {
    /// Listens on [`CHANNEL`] of the PostgreSQL database at `url` as node `node`, on a connection of its own
    /// (named [`listener_name`] in `pg_stat_activity`), in a task tracked by `tasks` that ends when `shutdown`
    /// is cancelled. Every message committed after this returns reaches the subscribers, except `node`'s own.
    /// Fails when the database cannot be reached.
    pub async fn listen(
        url: &str,
        node: Uuid,
        shutdown: CancellationToken,
        tasks: &TaskTracker,
    ) -> Result<Bus, sqlx::Error> {
        let options = PgConnectOptions::from_str(url)?;
        // Connected when first used: most messages are published by the store, inside its transactions.
        let publisher = PgPoolOptions::new()
            .max_connections(PUBLISHER_CONNECTIONS)
            .connect_lazy_with(options.clone().application_name(&publisher_name(node)));
        let options = options.application_name(&listener_name(node));
        // One connection, kept for as long as it works: the pool only reconnects it.
        let pool =
            PgPoolOptions::new().max_connections(1).max_lifetime(None).idle_timeout(None).connect_with(options).await?;
        let listener = listen_on(&pool).await?;
        let (events, _) = broadcast::channel(SUBSCRIBER_BUFFER);
        tasks.spawn(run_listener(pool, listener, node, events.clone(), shutdown));
        Ok(Bus { node, events, publisher })
    }

    /// Publishes `message` from this node on a connection of the bus's own, outside any transaction.
    pub async fn send(&self, message: &ClusterMessage) -> Result<(), sqlx::Error> {
        publish(&self.publisher, self.node, message).await
    }

    /// The node this end belongs to: its own messages are not delivered to it.
    pub fn node(&self) -> Uuid {
        self.node
    }

    /// A new subscriber, hearing every event from now on.
    pub fn subscribe(&self) -> BusSubscription {
        BusSubscription { events: self.events.subscribe() }
    }
}

/// The `application_name` of node `node`'s listening connection, for operators and tests to find it.
pub fn listener_name(node: Uuid) -> String {
    format!("kartka-bus {node}")
}

/// The `application_name` of the connections on which node `node` publishes outside the store's transactions.
pub fn publisher_name(node: Uuid) -> String {
    format!("kartka-bus-publisher {node}")
}

/// One subscriber's queue of [`BusEvent`]s.
pub struct BusSubscription {
    events: broadcast::Receiver<BusEvent>,
}

impl BusSubscription {
    /// The next event. A subscriber that fell more than a buffer's worth behind gets [`BusEvent::Resync`] in
    /// place of what it missed. `None` once the listener has stopped and every [`Bus`] handle is gone.
    pub async fn recv(&mut self) -> Option<BusEvent> {
        match self.events.recv().await {
            Ok(event) => Some(event),
            Err(RecvError::Lagged(missed)) => {
                tracing::warn!(missed, "a cluster bus subscriber fell behind; it resynchronises");
                Some(BusEvent::Resync)
            }
            Err(RecvError::Closed) => None,
        }
    }
}

async fn listen_on(pool: &PgPool) -> Result<PgListener, sqlx::Error> {
    let mut listener = PgListener::connect_with(pool).await?;
    listener.listen(CHANNEL).await?;
    Ok(listener)
}

/// The listener task: delivers notifications until `shutdown`; after a lost connection it listens again and
/// tells the subscribers to resynchronise.
async fn run_listener(
    pool: PgPool,
    mut listener: PgListener,
    node: Uuid,
    events: broadcast::Sender<BusEvent>,
    shutdown: CancellationToken,
) {
    loop {
        let received = tokio::select! {
            () = shutdown.cancelled() => return,
            received = listener.try_recv() => received,
        };
        match received {
            Ok(Some(notification)) => deliver(node, &events, notification.payload()),
            // The listener has already connected and listened again.
            Ok(None) => {
                tracing::warn!("the cluster bus lost its connection and listens again; subscribers resynchronise");
                let _ = events.send(BusEvent::Resync);
            }
            Err(error) => {
                tracing::warn!(%error, "the cluster bus listener failed; listening again");
                drop(listener);
                let Some(again) = listen_again(&pool, &shutdown).await else { return };
                listener = again;
                let _ = events.send(BusEvent::Resync);
            }
        }
    }
}

/// A new listener, retried with growing waits until it listens; `None` if `shutdown` comes first.
async fn listen_again(pool: &PgPool, shutdown: &CancellationToken) -> Option<PgListener> {
    let mut wait = RECONNECT_FIRST;
    loop {
        match listen_on(pool).await {
            Ok(listener) => return Some(listener),
            Err(error) => {
                tracing::warn!(%error, retry_in_ms = wait.as_millis(), "the cluster bus cannot listen");
            }
        }
        tokio::select! {
            () = shutdown.cancelled() => return None,
            () = tokio::time::sleep(wait) => {}
        }
        wait = (wait * 2).min(RECONNECT_MAX);
    }
}

/// Hands one notification's message to the subscribers, unless it is malformed (logged) or `node`'s own.
fn deliver(node: Uuid, events: &broadcast::Sender<BusEvent>, payload: &str) {
    match decode(payload) {
        Ok(envelope) if envelope.origin == node => {}
        // With no subscriber the message concerns nobody here.
        Ok(envelope) => {
            let _ = events.send(BusEvent::Message(envelope));
        }
        Err(error) => tracing::warn!(%error, bytes = payload.len(), "dropped a malformed cluster bus message"),
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn games(count: u128, seq: i64) -> Vec<GameAdvanced> {
        (0..count).map(|n| GameAdvanced { game_id: Uuid::from_u128(u128::MAX - n), seq }).collect()
    }

    fn decoded(payloads: &[String]) -> Vec<Envelope> {
        payloads.iter().map(|payload| decode(payload).expect("a payload decodes")).collect()
    }

    fn advanced(envelopes: &[Envelope]) -> Vec<GameAdvanced> {
        envelopes
            .iter()
            .flat_map(|envelope| match &envelope.message {
                ClusterMessage::GamesAdvanced(games) => games.clone(),
                other => panic!("not a list of games: {other:?}"),
            })
            .collect()
    }

    #[test]
    fn a_short_message_is_one_payload_that_reads_back() {
        let origin = Uuid::new_v4();
        let message = ClusterMessage::GamesAdvanced(games(3, 7));

        let payloads = encode(origin, &message);

        assert_eq!(decoded(&payloads), [Envelope { origin, message }]);
    }

    #[test]
    fn the_encoding_is_compact_json() {
        let origin = Uuid::from_u128(1);
        let message = ClusterMessage::GamesAdvanced(vec![GameAdvanced { game_id: Uuid::from_u128(2), seq: 12 }]);

        assert_eq!(
            encode(origin, &message),
            [
                r#"{"origin":"00000000000000000000000000000001","message":{"games_advanced":[["00000000000000000000000000000002",12]]}}"#
            ]
        );
    }

    #[test]
    fn a_full_group_commit_is_split_into_few_payloads_that_hold_every_game() {
        let origin = Uuid::new_v4();
        let games = games(512, i64::MAX);

        let payloads = encode(origin, &ClusterMessage::GamesAdvanced(games.clone()));

        assert_eq!(payloads.len(), 4, "512 games of about 50 bytes in payloads under 8,000");
        assert!(payloads.iter().all(|payload| payload.len() <= MAX_PAYLOAD_BYTES));
        let envelopes = decoded(&payloads);
        assert!(envelopes.iter().all(|envelope| envelope.origin == origin));
        assert_eq!(advanced(&envelopes), games);
    }

    #[test]
    fn a_connection_frame_reads_back_whole_and_a_long_one_is_left_in_one_payload_for_the_sender_to_refuse() {
        let origin = Uuid::new_v4();
        let message = ClusterMessage::ConnectionFrame {
            node: Uuid::new_v4(),
            game_id: Uuid::new_v4(),
            connections: vec![3, 9],
            frame: r#"{"a":"ż"}"#.into(),
        };

        let payloads = encode(origin, &message);

        assert_eq!(decoded(&payloads), vec![Envelope { origin, message }]);
        let long = ClusterMessage::ConnectionFrame {
            node: origin,
            game_id: origin,
            connections: vec![1],
            frame: "x".repeat(8_000),
        };
        let payloads = encode(origin, &long);
        assert_eq!(payloads.len(), 1, "a frame is never cut");
        assert!(payloads[0].len() > MAX_PAYLOAD_BYTES);
    }

    #[test]
    fn a_malformed_payload_is_an_error() {
        for payload in [
            "",
            "not json",
            r#"{"origin":"x","message":{}}"#,
            r#"{"origin":"00000000000000000000000000000001","message":{"unknown":1}}"#,
        ] {
            assert!(decode(payload).is_err(), "{payload:?}");
        }
    }

    #[test]
    fn delivery_skips_the_own_node_and_malformed_payloads() {
        let (node, other) = (Uuid::new_v4(), Uuid::new_v4());
        let (events, mut subscriber) = broadcast::channel(8);
        let message = ClusterMessage::GamesAdvanced(games(1, 2));

        deliver(node, &events, &encode(node, &message)[0]);
        deliver(node, &events, "{");
        deliver(node, &events, &encode(other, &message)[0]);

        assert_eq!(subscriber.try_recv().unwrap(), BusEvent::Message(Envelope { origin: other, message }));
        assert!(subscriber.try_recv().is_err(), "nothing else was delivered");
    }

    #[tokio::test]
    async fn a_subscriber_that_falls_behind_gets_resync() {
        let (events, receiver) = broadcast::channel(2);
        let mut subscription = BusSubscription { events: receiver };
        let message = |seq| {
            BusEvent::Message(Envelope { origin: Uuid::nil(), message: ClusterMessage::GamesAdvanced(games(1, seq)) })
        };
        for seq in 1..=3 {
            events.send(message(seq)).unwrap();
        }

        assert_eq!(subscription.recv().await, Some(BusEvent::Resync));
        assert_eq!(subscription.recv().await, Some(message(2)), "then it goes on with what is left");
        assert_eq!(subscription.recv().await, Some(message(3)));
        drop(events);
        assert_eq!(subscription.recv().await, None);
    }

    proptest! {
        /// Any list arrives whole and in order, in payloads within the limit, each as full as it can be: the
        /// next game would not have fitted in it.
        #[test]
        fn any_games_advanced_splits_into_full_payloads_within_the_limit(
            ids in prop::collection::vec(any::<u128>(), 0..1_500),
            seqs in prop::collection::vec(any::<i64>(), 1_500),
        ) {
            let origin = Uuid::new_v4();
            let games: Vec<GameAdvanced> =
                ids.iter().zip(&seqs).map(|(id, seq)| GameAdvanced { game_id: Uuid::from_u128(*id), seq: *seq }).collect();

            let payloads = encode(origin, &ClusterMessage::GamesAdvanced(games.clone()));

            prop_assert!(payloads.iter().all(|payload| payload.len() <= MAX_PAYLOAD_BYTES));
            let envelopes = decoded(&payloads);
            prop_assert_eq!(advanced(&envelopes), games);
            for (full, next) in envelopes.iter().zip(envelopes.iter().skip(1)) {
                let ClusterMessage::GamesAdvanced(next_games) = &next.message else { unreachable!("games") };
                let mut grown = full.clone();
                let ClusterMessage::GamesAdvanced(grown_games) = &mut grown.message else { unreachable!("games") };
                grown_games.push(next_games[0]);
                prop_assert!(encode_one(origin, &grown.message).len() > MAX_PAYLOAD_BYTES);
            }
        }
    }
}
