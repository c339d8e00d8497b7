//! The calling side: sends a game's command or subscription to the node that runs it, over that node's cluster
//! listener (its `nodes.cluster_url`), with the shared secret.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde::de::DeserializeOwned;
use uuid::Uuid;

use super::repeats::{Repeats, REPEAT_LOG_INTERVAL};
use super::wire::{RemoteCommand, SubscribeReply, SubscribeRequest, WireGameError};
use super::SECRET_HEADER;
use crate::config::ClusterSettings;
use crate::games::GameError;
use crate::store::Store;

/// How long a node may take to accept a connection: a node that does not is as good as gone.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(2);

/// How long a forwarded command may take, commit included.
const COMMAND_TIMEOUT: Duration = Duration::from_secs(10);

/// What became of a forwarded request.
pub(in crate::games) enum Forwarded<T> {
    /// The owner answered.
    Answer(Result<T, GameError>),
    /// Nothing reached the owner (it has no URL, or refused the connection): safe to send again, to whichever node
    /// holds the lease then.
    NotSent,
}

/// This node's client for the other nodes' cluster listeners. Cheap to clone.
#[derive(Clone)]
pub struct Remote {
    http: reqwest::Client,
    secret: Arc<str>,
    store: Arc<dyn Store>,
    /// The nodes' URLs read so far. A node's URL never changes (a restarted process is a new node), so a forwarded
    /// request costs no query; an entry goes when its node could not be reached.
    urls: Arc<Mutex<HashMap<Uuid, Arc<str>>>>,
    /// The nodes that could not be reached, counted: while one is down every retried request fails alike, so
    /// one line per node per [`REPEAT_LOG_INTERVAL`] is logged, with a count.
    unreached: Arc<Repeats<Uuid>>,
}

impl Remote {
    /// A client that finds nodes in `store` and sends the secret of `settings`, to cluster listeners that close
    /// a connection idle for `header_read_timeout` (every node's, as this node's: nodes share their settings).
    pub fn new(store: Arc<dyn Store>, settings: &ClusterSettings, header_read_timeout: Duration) -> Remote {
        // The internal network only: no proxy from the environment, no redirects to follow. An idle connection is
        // dropped well before the other node closes it: a request sent on one the other end is closing at that
        // moment is lost, and its client told `internal` (seen twice in 27,000 forwarded moves).
        let http = reqwest::Client::builder()
            .connect_timeout(CONNECT_TIMEOUT)
            .pool_idle_timeout(header_read_timeout / 2)
            .no_proxy()
            .redirect(reqwest::redirect::Policy::none())
            .tcp_nodelay(true)
            .build()
            .expect("a client with no TLS settings of its own always builds");
        Remote {
            http,
            secret: settings.secret.as_str().into(),
            store,
            urls: Arc::default(),
            unreached: Arc::new(Repeats::new(REPEAT_LOG_INTERVAL)),
        }
    }

    /// Sends `command` for game `game_id` to `node`, and reads its typed answer.
    pub(in crate::games) async fn command<T: DeserializeOwned>(
        &self,
        node: Uuid,
        game_id: Uuid,
        command: &RemoteCommand,
    ) -> Forwarded<T> {
        let Some(base) = self.url_of(node).await else { return Forwarded::NotSent };
        let sent = self
            .http
            .post(format!("{base}/cluster/v1/games/{game_id}/command"))
            .header(SECRET_HEADER, &*self.secret)
            .timeout(COMMAND_TIMEOUT)
            .json(command)
            .send()
            .await;
        let response = match sent {
            Ok(response) => response,
            Err(error) if error.is_connect() => return self.not_reached(node, &error),
            Err(error) => return Forwarded::Answer(Err(lost(node, &error))),
        };
        if !response.status().is_success() {
            tracing::error!(%node, status = %response.status(), "a node refused a forwarded command");
            return Forwarded::Answer(Err(GameError::Unreachable));
        }
        match response.json::<Result<serde_json::Value, WireGameError>>().await {
            Ok(Ok(value)) => Forwarded::Answer(serde_json::from_value(value).map_err(|error| {
                tracing::error!(%node, %error, "a node's answer to a forwarded command is unreadable");
                GameError::Unreachable
            })),
            Ok(Err(error)) => Forwarded::Answer(Err(error.into())),
            Err(error) => Forwarded::Answer(Err(lost(node, &error))),
        }
    }

    /// Subscribes on `node` to game `game_id`: its answer, with the frames pushed while subscribing.
    pub(in crate::games) async fn subscribe(
        &self,
        node: Uuid,
        game_id: Uuid,
        request: &SubscribeRequest,
    ) -> Forwarded<SubscribeReply> {
        let Some(base) = self.url_of(node).await else { return Forwarded::NotSent };
        let sent = self
            .http
            .post(format!("{base}/cluster/v1/games/{game_id}/subscribe"))
            .header(SECRET_HEADER, &*self.secret)
            .timeout(COMMAND_TIMEOUT)
            .json(request)
            .send()
            .await;
        let response = match sent {
            Ok(response) if response.status().is_success() => response,
            Ok(response) => {
                tracing::error!(%node, status = %response.status(), "a node refused a forwarded subscription");
                return Forwarded::Answer(Err(GameError::Unreachable));
            }
            Err(error) if error.is_connect() => return self.not_reached(node, &error),
            Err(error) => return Forwarded::Answer(Err(lost(node, &error))),
        };
        match response.json::<SubscribeReply>().await {
            Ok(reply) => Forwarded::Answer(Ok(reply)),
            Err(error) => Forwarded::Answer(Err(lost(node, &error))),
        }
    }

    /// Forgets where `node` listens (it may be gone for good): nothing was sent.
    fn not_reached<T>(&self, node: Uuid, error: &reqwest::Error) -> Forwarded<T> {
        if let Some(unlogged) = self.unreached.note(node, Instant::now()) {
            tracing::warn!(%node, %error, unlogged, "could not reach the node running a game");
        }
        self.urls.lock().expect("urls lock").remove(&node);
        Forwarded::NotSent
    }

    /// Where `node` listens, from its row; `None` when it has no row or no URL (logged).
    async fn url_of(&self, node: Uuid) -> Option<Arc<str>> {
        if let Some(url) = self.urls.lock().expect("urls lock").get(&node) {
            return Some(url.clone());
        }
        match self.store.node_cluster_url(node).await {
            Ok(Some(url)) => {
                let url: Arc<str> = url.into();
                self.urls.lock().expect("urls lock").insert(node, url.clone());
                Some(url)
            }
            Ok(None) => {
                tracing::warn!(%node, "the node running a game takes no forwarded requests (no cluster URL)");
                None
            }
            Err(error) => {
                tracing::error!(%node, %error, "could not read where a node listens");
                None
            }
        }
    }
}

/// A request sent whose answer was lost: the owner may or may not have carried it out.
fn lost(node: Uuid, error: &reqwest::Error) -> GameError {
    tracing::warn!(%node, %error, "lost the answer of a node running a game");
    GameError::Unreachable
}
