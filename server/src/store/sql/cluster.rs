//! [`ClusterStore`] over both backends. Every statement reads the time from the database itself
//! ([`Dialect::NOW_MS`], put in for `{now}`), never from the node that sends it.

use std::collections::HashMap;

use async_trait::async_trait;
use sqlx::{Connection, Pool};
use uuid::Uuid;

use super::assembled::{power_of_two_chunks, Assembled, Value, MAX_BOUND_VALUES};
use super::batch::Pending;
use super::dialect::ReadColumn;
use super::{Dialect, SqlStore};
use crate::store::cluster::{ClusterStore, LeaseTake, NodeRow};
use crate::store::{Millis, SoleNode, StoreError};

const REGISTER_NODE: &str = "INSERT INTO nodes (id, started_at, heartbeat_at) VALUES ($1, {now}, {now})";
/// The registration of a node that must be the only one: it inserts nothing while another node is alive.
const REGISTER_ONLY_NODE: &str = "INSERT INTO nodes (id, started_at, heartbeat_at) SELECT $1, {now}, {now} \
    WHERE NOT EXISTS (SELECT 1 FROM nodes WHERE id <> $1 AND heartbeat_at > {now} - $2)";
const BEAT_NODE: &str = "UPDATE nodes SET heartbeat_at = {now} WHERE id = $1";
const LIVE_NODES: &str = "SELECT id, started_at, heartbeat_at, {now} AS read_at FROM nodes \
    WHERE heartbeat_at > {now} - $1 ORDER BY started_at, id";
const SET_CLUSTER_URL: &str = "UPDATE nodes SET cluster_url = $2 WHERE id = $1";
const CLUSTER_URL: &str = "SELECT cluster_url FROM nodes WHERE id = $1";
const REMOVE_NODE: &str = "DELETE FROM nodes WHERE id = $1";
/// A dead node holding the lease of an active live game is kept until that lease is taken: its heartbeat is the
/// start of the game's outage, which the taker credits to the clock.
const REMOVE_DEAD_NODES: &str = "DELETE FROM nodes WHERE heartbeat_at <= {now} - $1 AND NOT EXISTS \
    (SELECT 1 FROM game_leases l JOIN games g ON g.id = l.game_id \
    WHERE l.node_id = nodes.id AND g.status = 'active' AND g.correspondence = FALSE)";
/// The lease's compare-and-set: a new lease for an existing game, or the holder replaced only when it is this
/// node or dead. The row lock of the conflicting lease (PostgreSQL) or the database's write lock (SQLite) makes
/// two nodes taking one game at once serialize, the second seeing the first's lease. No row comes back when a
/// live node holds it, or when there is no such game.
const TAKE_LEASE: &str = "INSERT INTO game_leases (game_id, node_id) \
    SELECT $1, $2 WHERE EXISTS (SELECT 1 FROM games WHERE id = $1) \
    ON CONFLICT (game_id) DO UPDATE SET node_id = excluded.node_id \
    WHERE game_leases.node_id = excluded.node_id OR NOT EXISTS \
    (SELECT 1 FROM nodes WHERE nodes.id = game_leases.node_id AND nodes.heartbeat_at > {now} - $3) \
    RETURNING node_id";
/// The last heartbeat of the dead node (other than the taker) holding a game's lease, if one does.
const DEAD_HOLDERS_BEAT: &str = "SELECT n.heartbeat_at FROM game_leases l JOIN nodes n ON n.id = l.node_id \
    WHERE l.game_id = $1 AND l.node_id <> $2 AND n.heartbeat_at <= {now} - $3";
/// Followed by `(game_id = … AND node_id = …)` for each lease given back, joined by `OR`.
const LEASES_RELEASED: &str = "DELETE FROM game_leases WHERE ";
const LEASE_HOLDER: &str = "SELECT node_id FROM game_leases WHERE game_id = $1";
/// Followed by a parenthesised list of game ids.
const LEASE_HOLDERS_AMONG: &str = "SELECT game_id, node_id FROM game_leases WHERE game_id IN ";
const GAME_EXISTS: &str = "SELECT 1 FROM games WHERE id = $1";
const UNOWNED_LIVE_GAMES: &str = "SELECT g.id FROM games g \
    WHERE g.status = 'active' AND g.correspondence = FALSE AND NOT EXISTS \
    (SELECT 1 FROM game_leases l JOIN nodes n ON n.id = l.node_id \
    WHERE l.game_id = g.id AND n.heartbeat_at > {now} - $1) \
    ORDER BY g.created_at, g.id";

const ADD_PRESENCE: &str = "INSERT INTO node_presence (node_id, account_id) VALUES ($1, $2) \
    ON CONFLICT (node_id, account_id) DO NOTHING";
const REMOVE_PRESENCE: &str = "DELETE FROM node_presence WHERE node_id = $1 AND account_id = $2";
const CONNECTED_ELSEWHERE: &str = "SELECT 1 FROM node_presence p JOIN nodes n ON n.id = p.node_id \
    WHERE p.account_id = $1 AND p.node_id <> $2 AND p.node_id <> $3 AND n.heartbeat_at > {now} - $4 LIMIT 1";
const ONLINE_ACCOUNTS: &str = "SELECT DISTINCT p.account_id FROM node_presence p JOIN nodes n ON n.id = p.node_id \
    WHERE n.heartbeat_at > {now} - $1";

/// A lease found free between the compare-and-set and the read of its holder (released that moment) is taken
/// again; a few rounds settle any such race.
const TAKE_ATTEMPTS: usize = 3;

/// The key of node `node`'s database lock: the first 64 bits of its id.
fn node_lock_key(node: Uuid) -> i64 {
    i64::from_be_bytes(node.as_u64_pair().0.to_be_bytes())
}

/// A statement with the database's clock put in for `{now}`.
fn on_database_clock<DB: Dialect>(template: &str) -> String {
    template.replace("{now}", DB::NOW_MS)
}

impl<DB: Dialect> SqlStore<DB> {
    /// Deletes the leases `releases` (a game and the node giving its lease back: the lease goes only if that node
    /// holds it) on a connection inside a transaction.
    pub(super) async fn delete_leases(conn: &mut DB::Connection, releases: &[(Uuid, Uuid)]) -> Result<(), StoreError> {
        // Chunks of powers of two keep the statement texts few (SQLite prepares each new one).
        for chunk in power_of_two_chunks(releases, MAX_BOUND_VALUES / 2) {
            let mut delete = Assembled::new(DB::placeholder, LEASES_RELEASED);
            for (index, (game_id, node)) in chunk.iter().enumerate() {
                delete.text(if index == 0 { "(game_id = " } else { " OR (game_id = " });
                delete.value(Value::Id(*game_id)).text(" AND node_id = ").value(Value::Id(*node)).text(")");
            }
            Self::bind_assembled(&delete).execute(&mut *conn).await?;
        }
        Ok(())
    }

    /// [`SqlStore::delete_leases`] in a transaction of its own.
    pub(super) async fn release_leases(pool: &Pool<DB>, releases: &[(Uuid, Uuid)]) -> Result<(), StoreError> {
        let mut tx = pool.begin_with(DB::BEGIN_WRITE).await?;
        Self::delete_leases(&mut tx, releases).await?;
        tx.commit().await?;
        Ok(())
    }
}

#[async_trait]
impl<DB: Dialect> ClusterStore for SqlStore<DB> {
    fn shared_by_nodes(&self) -> bool {
        DB::SHARED_BY_NODES
    }

    fn claim_sole_node(&self) -> Result<SoleNode, StoreError> {
        self.sole_node.as_ref().map_or(Ok(SoleNode::Shared), |lock| lock.claim())
    }

    fn release_sole_node(&self) {
        if let Some(lock) = &self.sole_node {
            lock.release();
        }
    }

    async fn hold_node_lock(&self, node: Uuid) -> Result<(), StoreError> {
        let Some(sql) = DB::NODE_LOCK else { return Ok(()) };
        // Taken out while it is checked, so that no lock is held across an await.
        let mut held = self.node_lock.lock().expect("node lock").take();
        if let Some(connection) = &mut held {
            if connection.ping().await.is_err() {
                tracing::warn!(%node, "lost the database session holding this node's lock: taking the lock again");
                held = None;
            }
        }
        let connection = match held {
            Some(connection) => connection,
            None => {
                let mut connection = self.pool.acquire().await?.detach();
                let row = DB::statement(sql.take).bind(node_lock_key(node)).fetch_one(&mut connection).await?;
                if !row.read::<bool>("locked")? {
                    return Err(StoreError::Conflict);
                }
                connection
            }
        };
        *self.node_lock.lock().expect("node lock") = Some(connection);
        Ok(())
    }

    async fn release_node_lock(&self) {
        let Some(sql) = DB::NODE_LOCK else { return };
        let held = self.node_lock.lock().expect("node lock").take();
        if let Some(mut connection) = held {
            // The lock goes at once here; closing the session would let it go too, but only once the database
            // has read the goodbye, after this returns.
            if let Err(error) = DB::statement(sql.release).execute(&mut connection).await {
                tracing::warn!(%error, "could not let go of this node's lock; it goes with the session");
            }
            if let Err(error) = connection.close().await {
                tracing::warn!(%error, "could not close the session holding this node's lock; it goes with the process");
            }
        }
    }

    async fn node_lock_held(&self, node: Uuid) -> Result<Option<bool>, StoreError> {
        let Some(sql) = DB::NODE_LOCK else { return Ok(None) };
        let row = DB::statement(sql.held).bind(node_lock_key(node)).fetch_one(&self.pool).await?;
        Ok(Some(row.read("locked")?))
    }

    async fn register_node(&self, id: Uuid, alone_within_ms: Option<i64>) -> Result<bool, StoreError> {
        let result = match alone_within_ms {
            None => {
                let sql = on_database_clock::<DB>(REGISTER_NODE);
                DB::statement(&sql).bind(DB::to_id(id)).execute(&self.writer).await?
            }
            Some(ttl_ms) => {
                let sql = on_database_clock::<DB>(REGISTER_ONLY_NODE);
                DB::statement(&sql).bind(DB::to_id(id)).bind(ttl_ms).execute(&self.writer).await?
            }
        };
        Ok(DB::rows_affected(&result) == 1)
    }

    async fn beat_node(&self, id: Uuid) -> Result<bool, StoreError> {
        let sql = on_database_clock::<DB>(BEAT_NODE);
        // The beat goes over the session holding the node's lock when there is one, never waiting for the pool:
        // clients retrying a game whose node died can keep every pooled connection busy, and a beat late by the
        // TTL would make this live node look dead too. Taken out while it runs, so that no lock is held across
        // an await; a session that failed is not put back (the next `hold_node_lock` takes the lock anew).
        let held = self.node_lock.lock().expect("node lock").take();
        let result = match held {
            Some(mut session) => {
                let result = DB::statement(&sql).bind(DB::to_id(id)).execute(&mut session).await?;
                *self.node_lock.lock().expect("node lock") = Some(session);
                result
            }
            None => DB::statement(&sql).bind(DB::to_id(id)).execute(&self.writer).await?,
        };
        Ok(DB::rows_affected(&result) == 1)
    }

    async fn live_nodes(&self, ttl_ms: i64) -> Result<Vec<NodeRow>, StoreError> {
        let sql = on_database_clock::<DB>(LIVE_NODES);
        let rows = DB::statement(&sql).bind(ttl_ms).fetch_all(&self.pool).await?;
        let node = |row: &DB::Row| -> Result<NodeRow, sqlx::Error> {
            Ok(NodeRow {
                id: Self::uuid(row, "id")?,
                started_at: row.read("started_at")?,
                heartbeat_at: row.read("heartbeat_at")?,
                read_at: row.read("read_at")?,
            })
        };
        Ok(rows.iter().map(node).collect::<Result<_, _>>()?)
    }

    async fn remove_node(&self, id: Uuid) -> Result<(), StoreError> {
        DB::statement(REMOVE_NODE).bind(DB::to_id(id)).execute(&self.writer).await?;
        Ok(())
    }

    async fn remove_dead_nodes(&self, ttl_ms: i64) -> Result<u64, StoreError> {
        let sql = on_database_clock::<DB>(REMOVE_DEAD_NODES);
        let result = DB::statement(&sql).bind(ttl_ms).execute(&self.writer).await?;
        Ok(DB::rows_affected(&result))
    }

    async fn take_lease(&self, game_id: Uuid, node: Uuid, ttl_ms: i64) -> Result<LeaseTake, StoreError> {
        let (take, dead_holders_beat) =
            (on_database_clock::<DB>(TAKE_LEASE), on_database_clock::<DB>(DEAD_HOLDERS_BEAT));
        for _ in 0..TAKE_ATTEMPTS {
            // One transaction, so that the read of a dead holder and the compare-and-set judge it by one clock
            // (PostgreSQL's `now()` is the transaction's start): a holder that dies between two statements
            // would otherwise lose its lease with its outage uncredited.
            let mut tx = self.writer.begin_with(DB::BEGIN_WRITE).await?;
            let dead_holder = DB::statement(&dead_holders_beat)
                .bind(DB::to_id(game_id))
                .bind(DB::to_id(node))
                .bind(ttl_ms)
                .fetch_optional(&mut *tx)
                .await?;
            let last_beat: Option<Millis> = dead_holder.map(|row| row.read("heartbeat_at")).transpose()?;
            let taken = DB::statement(&take)
                .bind(DB::to_id(game_id))
                .bind(DB::to_id(node))
                .bind(ttl_ms)
                .fetch_optional(&mut *tx)
                .await?;
            tx.commit().await?;
            if taken.is_some() {
                return Ok(match last_beat {
                    Some(last_beat) => LeaseTake::TakenFromDead { last_beat },
                    None => LeaseTake::Taken,
                });
            }
            if let Some(holder) = self.lease_holder(game_id).await? {
                return Ok(LeaseTake::HeldBy(holder));
            }
            let exists = DB::statement(GAME_EXISTS).bind(DB::to_id(game_id)).fetch_optional(&self.pool).await?;
            if exists.is_none() {
                return Ok(LeaseTake::NoSuchGame);
            }
        }
        Err(StoreError::Conflict)
    }

    async fn release_lease(&self, game_id: Uuid, node: Uuid) -> Result<(), StoreError> {
        if DB::RELEASES_IN_GROUPS {
            return self.commit_in_group(Pending::lease_release(game_id, node)).await;
        }
        Self::release_leases(&self.writer, &[(game_id, node)]).await
    }

    async fn lease_holder(&self, game_id: Uuid) -> Result<Option<Uuid>, StoreError> {
        let row = DB::statement(LEASE_HOLDER).bind(DB::to_id(game_id)).fetch_optional(&self.pool).await?;
        Ok(row.map(|row| Self::uuid(&row, "node_id")).transpose()?)
    }

    async fn lease_holders(&self, games: &[Uuid]) -> Result<HashMap<Uuid, Uuid>, StoreError> {
        let mut holders = HashMap::with_capacity(games.len());
        for chunk in games.chunks(MAX_BOUND_VALUES) {
            let mut query = Assembled::new(DB::placeholder, LEASE_HOLDERS_AMONG);
            query.id_list(chunk);
            for row in Self::bind_assembled(&query).fetch_all(&self.pool).await? {
                holders.insert(Self::uuid(&row, "game_id")?, Self::uuid(&row, "node_id")?);
            }
        }
        Ok(holders)
    }

    async fn set_node_cluster_url(&self, id: Uuid, url: &str) -> Result<(), StoreError> {
        DB::statement(SET_CLUSTER_URL).bind(DB::to_id(id)).bind(url).execute(&self.writer).await?;
        Ok(())
    }

    async fn node_cluster_url(&self, id: Uuid) -> Result<Option<String>, StoreError> {
        let row = DB::statement(CLUSTER_URL).bind(DB::to_id(id)).fetch_optional(&self.pool).await?;
        Ok(row.map(|row| row.read::<Option<String>>("cluster_url")).transpose()?.flatten())
    }

    async fn unowned_live_games(&self, ttl_ms: i64) -> Result<Vec<Uuid>, StoreError> {
        let sql = on_database_clock::<DB>(UNOWNED_LIVE_GAMES);
        let rows = DB::statement(&sql).bind(ttl_ms).fetch_all(&self.pool).await?;
        Ok(rows.iter().map(|row| Self::uuid(row, "id")).collect::<Result<_, _>>()?)
    }

    async fn set_presence(&self, node: Uuid, account: Uuid, present: bool) -> Result<(), StoreError> {
        let sql = if present { ADD_PRESENCE } else { REMOVE_PRESENCE };
        DB::statement(sql).bind(DB::to_id(node)).bind(DB::to_id(account)).execute(&self.writer).await?;
        Ok(())
    }

    async fn connected_elsewhere(&self, account: Uuid, except: [Uuid; 2], ttl_ms: i64) -> Result<bool, StoreError> {
        let sql = on_database_clock::<DB>(CONNECTED_ELSEWHERE);
        let row = DB::statement(&sql)
            .bind(DB::to_id(account))
            .bind(DB::to_id(except[0]))
            .bind(DB::to_id(except[1]))
            .bind(ttl_ms)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.is_some())
    }

    async fn online_accounts(&self, ttl_ms: i64) -> Result<Vec<Uuid>, StoreError> {
        let sql = on_database_clock::<DB>(ONLINE_ACCOUNTS);
        let rows = DB::statement(&sql).bind(ttl_ms).fetch_all(&self.pool).await?;
        Ok(rows.iter().map(|row| Self::uuid(row, "account_id")).collect::<Result<_, _>>()?)
    }
}
