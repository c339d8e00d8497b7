//! What every request handler and connection shares.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use crate::abuse::AbuseLimits;
use crate::cluster::bus::Bus;
use crate::cluster::{Leases, Node, Relay};
use crate::config::Settings;
use crate::correspondence::notify::TurnNotices;
use crate::correspondence::wakers::Wakers;
use crate::games::remote::Remote;
use crate::games::{ActorConfig, ClockRules, Games};
use crate::lobby::{Lobby, Starter};
use crate::store::Store;
use crate::ws::Connections;
use crate::ws::SocketsByAddress;

/// The server's shared state. Cheap to clone.
#[derive(Clone)]
pub struct AppState {
    /// Where everything is stored.
    pub store: Arc<dyn Store>,
    /// This server as a node of its database.
    pub node: Node,
    /// The games being played.
    pub games: Games,
    /// Open WebSocket connections by account, for notifications.
    pub connections: Connections,
    /// Open WebSockets per client address, for their limit.
    pub sockets: SocketsByAddress,
    /// Quick pairing pools and open seeks.
    pub lobby: Lobby,
    /// Limits and timings.
    pub settings: Arc<Settings>,
    /// Login, sign-up and password hashing limits.
    pub abuse: Arc<AbuseLimits>,
    /// Wakes the notification and webhook workers.
    pub wakers: Wakers,
    /// Cancelled when the server shuts down.
    pub shutdown: CancellationToken,
    /// Every connection and game task, awaited at shutdown.
    pub tasks: TaskTracker,
    next_connection: Arc<AtomicU64>,
}

impl AppState {
    /// State over `store` with `settings`, for `node` (already joined, see [`Node::join`]); starts the lobby
    /// task, so it must be called inside a Tokio runtime.
    #[must_use]
    pub fn new(store: Arc<dyn Store>, settings: Settings, node: Node) -> AppState {
        let shutdown = CancellationToken::new();
        let tasks = TaskTracker::new();
        let wakers = Wakers::default();
        let actors = ActorConfig {
            disconnect_grace: settings.disconnect_grace,
            clocks: ClockRules { day: settings.correspondence.day, first_move: settings.first_move },
            idle_unload: settings.correspondence.idle_unload,
            hooks: Arc::new(TurnNotices::new(store.clone(), wakers.notifications.clone())),
            watched_finished: Arc::new(tokio::sync::Semaphore::new(settings.limits.watched_finished_games)),
        };
        let leases = Leases::new(store.clone(), node);
        let header_read_timeout = settings.limits.header_read_timeout;
        let remote = settings.cluster.as_ref().map(|cluster| Remote::new(store.clone(), cluster, header_read_timeout));
        let games = Games::new(store.clone(), actors, leases, remote, shutdown.clone(), tasks.clone());
        let connections = Connections::default();
        let starter = Starter { store: store.clone(), games: games.clone(), connections: connections.clone() };
        AppState {
            lobby: Lobby::start(starter, settings.lobby, shutdown.clone(), tasks.clone()),
            node,
            games,
            store,
            wakers,
            connections,
            sockets: SocketsByAddress::default(),
            abuse: Arc::new(AbuseLimits::new(&settings.limits)),
            settings: Arc::new(settings),
            shutdown,
            tasks,
            next_connection: Arc::new(AtomicU64::new(1)),
        }
    }

    /// Joins the other nodes on the PostgreSQL database at `database_url`: listens to the cluster bus, and
    /// from then on account notices reach every node and the lobby is the cluster's one. Call it before serving,
    /// so that a node that says it is up hears the others. Does nothing for SQLite, which serves one node.
    pub async fn join_cluster(&self, database_url: &str) -> Result<Option<Relay>, sqlx::Error> {
        if !crate::store::is_postgres_url(database_url) {
            return Ok(None);
        }
        let bus = Bus::listen(database_url, self.node.id(), self.shutdown.clone(), &self.tasks).await?;
        let local = Arc::new(self.connections.clone());
        let relay = Relay::start(bus, self.store.clone(), self.node, local, self.shutdown.clone(), &self.tasks);
        self.connections.join_cluster(relay.clone());
        self.games.join_cluster(relay.clone());
        let heartbeat = self.node.settings().heartbeat;
        self.lobby.join_cluster(relay.clone(), database_url, heartbeat, self.shutdown.clone(), &self.tasks).await?;
        Ok(Some(relay))
    }

    /// A connection id never used before in this process.
    pub fn next_connection_id(&self) -> u64 {
        self.next_connection.fetch_add(1, Ordering::Relaxed)
    }
}
