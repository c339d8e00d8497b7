//! Group commit: the changes of many games written in one transaction, several transactions at once.
//!
//! [`Store::record`](crate::store::Store::record) hands its change to the store's committer task and waits for
//! the answer. The committer takes whatever changes are waiting (no delay when idle: a lone change is written
//! at once, and changes that arrive while commits run make up the next ones), at most [`MAX_BATCH`] and at
//! most one per game, and writes them in one transaction with multi-row statements: the sequence check of
//! every change first, then the events and moves of the changes that passed it. PostgreSQL writes a group in
//! one statement with data-modifying WITH clauses, which is its own transaction (one round trip, where a
//! transaction of statements takes six); SQLite in a transaction of statements. Up to
//! [`CommitSettings::committers`] such transactions run at once, so that a batch gathers and is written while
//! the previous ones wait for their flush (PostgreSQL flushes concurrent commits together). A game has at most
//! one change in a running transaction: its next change waits until that one has committed, so a game's
//! changes commit one after another, in the order they arrived. Each caller is answered only after COMMIT. A
//! change whose `expected_seq` is stale fails alone with [`StoreError::Conflict`]; if the transaction fails
//! for any other reason (a repeated ply, a lost connection), each of its changes is written again alone, so
//! one bad change never fails the others. In PostgreSQL each transaction also tells the other server nodes
//! which games it changed ([`crate::cluster::bus`]), delivered only at its COMMIT. Where the database has one
//! writer (SQLite, [`Dialect::RELEASES_IN_GROUPS`]), a game's lease given back when its actor stops waits here
//! too, like a change of the game, and is deleted in the next transaction.

use std::collections::{HashMap, HashSet, VecDeque};
use std::num::NonZeroUsize;

use sqlx::Pool;
use tokio::sync::{mpsc, oneshot};
use tokio::task::{self, JoinSet};
use uuid::Uuid;

use super::assembled::{power_of_two_chunks, value_groups, MAX_BOUND_VALUES};
use super::{Dialect, SqlStore};
use crate::cluster::bus::GameAdvanced;
use crate::store::{EventRow, ExplorerRow, GameChange, MoveRow, StoreError};
use crate::telemetry;

/// The most changes one transaction writes. Each adds a row to three statements; PostgreSQL binds them as
/// arrays, SQLite as VALUES lists well under its limit of bound values per statement.
pub(super) const MAX_BATCH: usize = 512;

/// How many changes may wait for the committer. A caller that finds the queue full waits for room: the queue
/// never grows without limit.
pub(super) const QUEUE_LENGTH: usize = 4 * MAX_BATCH;

/// How a store's committer writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CommitSettings {
    /// How many group commits may run at once, each on a connection of its own.
    pub committers: NonZeroUsize,
}

/// The columns of a change in [`UPDATE_PROGRESS_HEAD`]'s VALUES list: the game, its expected `seq`, and the
/// progress columns in the order `bind_progress` binds them.
const PROGRESS_CHANGE_COLUMN_COUNT: usize = 9;

/// The columns of a change in [`UPDATE_OUTCOMES_HEAD`]'s VALUES list: the game and the outcome columns in the
/// order `bind_outcome` binds them.
const OUTCOME_CHANGE_COLUMN_COUNT: usize = 8;

/// Before the VALUES list of a multi-row sequence check: each game's progress moves on only if its `seq` is
/// still the expected one (the optimistic check, for many distinct games at once).
const UPDATE_PROGRESS_HEAD: &str =
    "WITH c (id, expected_seq, seq, ply, clocks_ms, clock_at, to_act, seats_to_act, deadline) \
    AS (VALUES ";

/// After the VALUES list: the update, which answers the games it moved.
const UPDATE_PROGRESS_TAIL: &str = ") UPDATE game_progress SET seq = c.seq, ply = c.ply, clocks_ms = c.clocks_ms, \
    clock_at = c.clock_at, to_act = c.to_act, seats_to_act = c.seats_to_act, deadline = c.deadline, \
    swept_deadline = CASE WHEN game_progress.swept THEN c.deadline END FROM c \
    WHERE game_progress.game_id = c.id AND game_progress.seq = c.expected_seq RETURNING game_progress.game_id AS id";

/// Before the VALUES list of the games that passed their sequence check: their outcomes.
const UPDATE_OUTCOMES_HEAD: &str =
    "WITH c (id, status, winner, end_reason, length, finished_at, scores, ranks) AS (VALUES ";

/// After the VALUES list: only the rows whose status or result changed are written, so a move leaves the wide
/// `games` row alone.
const UPDATE_OUTCOMES_TAIL: &str = ") UPDATE games SET status = c.status, winner = c.winner, \
    end_reason = c.end_reason, length = c.length, finished_at = c.finished_at, scores = c.scores, ranks = c.ranks \
    FROM c \
    WHERE games.id = c.id AND (games.status IS DISTINCT FROM c.status OR games.winner IS DISTINCT FROM c.winner \
    OR games.end_reason IS DISTINCT FROM c.end_reason OR games.finished_at IS DISTINCT FROM c.finished_at \
    OR games.scores IS DISTINCT FROM c.scores OR games.ranks IS DISTINCT FROM c.ranks)";

/// A write of one game waiting to be committed, and where its answer goes.
pub(super) struct Pending {
    game_id: Uuid,
    write: Write,
    reply: oneshot::Sender<Result<(), StoreError>>,
}

/// What a [`Pending`] writes.
// Nearly every write is a change, which would be boxed for nothing: an allocation per move to save the rare
// release a few hundred bytes of queue.
#[allow(clippy::large_enum_variant)]
enum Write {
    /// A change of the game.
    Change(GameChange),
    /// The game's lease given back by this node (where [`Dialect::RELEASES_IN_GROUPS`]).
    LeaseRelease {
        /// The node giving it back: the lease goes only if this node holds it.
        node: Uuid,
    },
}

impl Pending {
    /// A change of `game_id` and the receiver of its answer.
    pub(super) fn new(game_id: Uuid, change: GameChange) -> (Self, oneshot::Receiver<Result<(), StoreError>>) {
        Self::with(game_id, Write::Change(change))
    }

    /// `node` giving back the lease of `game_id`, and the receiver of the answer.
    pub(super) fn lease_release(game_id: Uuid, node: Uuid) -> (Self, oneshot::Receiver<Result<(), StoreError>>) {
        Self::with(game_id, Write::LeaseRelease { node })
    }

    fn with(game_id: Uuid, write: Write) -> (Self, oneshot::Receiver<Result<(), StoreError>>) {
        let (reply, answer) = oneshot::channel();
        (Self { game_id, write, reply }, answer)
    }
}

/// Moves the changes for the next transaction out of `waiting`: in arrival order, at most [`MAX_BATCH`], and
/// only the first change of each game (`game` tells an item's game) that is not `busy` (a game with a change
/// in a running transaction). A later change of the same game, and every change of a busy game, stays, in
/// order, for a later transaction, whose sequence check sees the earlier one's result.
fn next_batch<T>(waiting: &mut VecDeque<T>, game: impl Fn(&T) -> Uuid, busy: impl Fn(&Uuid) -> bool) -> Vec<T> {
    let mut games = HashSet::with_capacity(waiting.len());
    let mut batch = Vec::with_capacity(waiting.len().min(MAX_BATCH));
    let mut later = VecDeque::new();
    while let Some(item) = waiting.pop_front() {
        let game_id = game(&item);
        // `insert` comes first: a game seen once (taken, busy or not) keeps its later changes waiting.
        if games.insert(game_id) && batch.len() < MAX_BATCH && !busy(&game_id) {
            batch.push(item);
        } else {
            later.push_back(item);
        }
    }
    *waiting = later;
    batch
}

impl<DB: Dialect> SqlStore<DB> {
    /// The committer task: starts a transaction for the changes waiting whenever fewer than
    /// `settings.committers` are running, never with a change of a game that has one in a running transaction.
    /// Runs until every sender (the store) is gone, then ends after the last commit. Node `node` announces
    /// what each transaction commits.
    pub(super) async fn run_committer(
        pool: Pool<DB>,
        node: Uuid,
        mut queue: mpsc::Receiver<Pending>,
        settings: CommitSettings,
    ) {
        let mut waiting = VecDeque::new();
        // The games of each running transaction, by its task: a game is busy while it is here.
        let mut running: HashMap<task::Id, Vec<Uuid>> = HashMap::new();
        let mut busy: HashSet<Uuid> = HashSet::new();
        let mut commits = JoinSet::new();
        let mut open = true;
        loop {
            while commits.len() < settings.committers.get() {
                let batch = next_batch(&mut waiting, |pending: &Pending| pending.game_id, |game| busy.contains(game));
                if batch.is_empty() {
                    break;
                }
                let games: Vec<Uuid> = batch.iter().map(|pending| pending.game_id).collect();
                busy.extend(games.iter().copied());
                let id = commits.spawn(Self::commit_and_answer(pool.clone(), node, batch)).id();
                running.insert(id, games);
            }
            if !open && commits.is_empty() {
                // Nothing is busy, so the loop above took every change still waiting.
                return;
            }
            tokio::select! {
                received = queue.recv(), if open && waiting.len() < QUEUE_LENGTH => match received {
                    Some(pending) => {
                        waiting.push_back(pending);
                        while waiting.len() < QUEUE_LENGTH {
                            match queue.try_recv() {
                                Ok(pending) => waiting.push_back(pending),
                                Err(_) => break,
                            }
                        }
                    }
                    None => open = false,
                },
                Some(finished) = commits.join_next_with_id(), if !commits.is_empty() => {
                    // A commit that panicked dropped its answers (its callers see the committer gone); its games
                    // are free again all the same.
                    let id = finished.map_or_else(|error| error.id(), |(id, ())| id);
                    for game in running.remove(&id).unwrap_or_default() {
                        busy.remove(&game);
                    }
                }
            }
        }
    }

    /// Commits `batch` (at most one write per game) and answers each caller with its write's result.
    async fn commit_and_answer(pool: Pool<DB>, node: Uuid, batch: Vec<Pending>) {
        let mut changes: Vec<(Uuid, &GameChange)> = Vec::with_capacity(batch.len());
        let mut releases: Vec<(Uuid, Uuid)> = Vec::new();
        for pending in &batch {
            match &pending.write {
                Write::Change(change) => changes.push((pending.game_id, change)),
                Write::LeaseRelease { node } => releases.push((pending.game_id, *node)),
            }
        }
        let (change_results, release_results) = Self::commit_batch(&pool, node, &changes, &releases).await;
        // A group of lease releases alone is no group of changes: the metric says how full the changes' groups are.
        if !changes.is_empty() {
            telemetry::commit_batch(changes.len());
        }
        let (mut change_results, mut release_results) = (change_results.into_iter(), release_results.into_iter());
        for pending in batch {
            let result = match pending.write {
                Write::Change(_) => change_results.next(),
                Write::LeaseRelease { .. } => release_results.next(),
            };
            // A caller that stopped waiting still had its write committed, as if its answer were lost.
            let _ = pending.reply.send(result.expect("one result per write"));
        }
    }

    /// Commits changes of several games together, in rounds of at most one change per game; one result per
    /// change, in order (see [`Store::record_many`](crate::store::Store::record_many)).
    pub(super) async fn record_together(
        pool: &Pool<DB>,
        node: Uuid,
        changes: &[(Uuid, GameChange)],
    ) -> Vec<Result<(), StoreError>> {
        let mut results: Vec<Option<Result<(), StoreError>>> = changes.iter().map(|_| None).collect();
        let mut waiting: VecDeque<(usize, (Uuid, &GameChange))> =
            changes.iter().enumerate().map(|(index, (game_id, change))| (index, (*game_id, change))).collect();
        while !waiting.is_empty() {
            let round = next_batch(&mut waiting, |(_, (game_id, _))| *game_id, |_| false);
            let round_changes: Vec<(Uuid, &GameChange)> = round.iter().map(|(_, change)| *change).collect();
            let (round_results, _) = Self::commit_batch(pool, node, &round_changes, &[]).await;
            for ((index, _), result) in round.iter().zip(round_results) {
                results[*index] = Some(result);
            }
        }
        results.into_iter().map(|result| result.expect("every change is in one round")).collect()
    }

    /// Commits `batch` (at most one change per game) and the lease releases `releases` (game and node, none of
    /// a game in `batch`); one result per change and per release, in order. Changes with rating updates, whose
    /// writes have guards of their own, make the batch go write by write. A group goes in one statement where
    /// the database has a way and no release comes with it, even a group of one; otherwise in a transaction of
    /// several statements, where a change alone goes the same way by itself.
    async fn commit_batch(
        pool: &Pool<DB>,
        node: Uuid,
        batch: &[(Uuid, &GameChange)],
        releases: &[(Uuid, Uuid)],
    ) -> (Vec<Result<(), StoreError>>, Vec<Result<(), StoreError>>) {
        if batch.iter().all(|(_, change)| change.ratings.is_empty()) {
            let at_once = if releases.is_empty() { DB::write_group_at_once(pool, node, batch) } else { None };
            let written = match at_once {
                Some(writing) => Some(writing.await.map_err(StoreError::from)),
                None if batch.len() + releases.len() > 1 => Some(Self::write_batch(pool, node, batch, releases).await),
                None => None,
            };
            match written {
                Some(Ok(applied)) => {
                    let changed = batch
                        .iter()
                        .map(|(game_id, _)| applied.contains(game_id).then_some(()).ok_or(StoreError::Conflict))
                        .collect();
                    return (changed, releases.iter().map(|_| Ok(())).collect());
                }
                Some(Err(error)) => {
                    tracing::warn!(%error, changes = batch.len(), "a group commit failed; writing its changes alone");
                }
                None => {}
            }
        }
        let mut changed = Vec::with_capacity(batch.len());
        for (game_id, change) in batch {
            changed.push(Self::record_alone(pool, node, *game_id, change).await);
        }
        let mut released = Vec::with_capacity(releases.len());
        for release in releases {
            released.push(Self::release_leases(pool, std::slice::from_ref(release)).await);
        }
        (changed, released)
    }

    /// One transaction for all of `changes`: the sequence checks and new states, then the events and moves of
    /// the changes that passed, the lease releases `releases`, and the changes' announcement from node `node`.
    /// The ids of the games it changed.
    async fn write_batch(
        pool: &Pool<DB>,
        node: Uuid,
        changes: &[(Uuid, &GameChange)],
        releases: &[(Uuid, Uuid)],
    ) -> Result<HashSet<Uuid>, StoreError> {
        let mut tx = pool.begin_with(DB::BEGIN_WRITE).await?;
        let applied = if changes.is_empty() { HashSet::new() } else { Self::update_states(&mut tx, changes).await? };
        let passed = || changes.iter().filter(|(game_id, _)| applied.contains(game_id));
        let events: Vec<(Uuid, &EventRow)> = passed().map(|(game_id, change)| (*game_id, &change.event)).collect();
        let moves: Vec<(Uuid, &MoveRow)> =
            passed().filter_map(|(game_id, change)| Some((*game_id, change.new_move.as_ref()?))).collect();
        if !events.is_empty() {
            Self::insert_events(&mut tx, &events).await?;
        }
        if !moves.is_empty() {
            Self::insert_moves(&mut tx, &moves).await?;
        }
        // Inserted, not replaced: a game has explorer rows only once finished, and every change with rows that
        // comes here ends a running game (an adjudication of a finished one goes alone, with its audit entry).
        let explorer: Vec<&ExplorerRow> = passed().flat_map(|(_, change)| &change.explorer).collect();
        if !explorer.is_empty() {
            Self::insert_explorer_rows(&mut tx, &explorer).await?;
        }
        Self::delete_leases(&mut tx, releases).await?;
        let advanced = passed().map(|(game_id, change)| GameAdvanced { game_id: *game_id, seq: change.state.seq });
        Self::announce(&mut tx, node, advanced.collect()).await?;
        tx.commit().await?;
        Ok(applied)
    }

    /// The sequence checks and new states of distinct games; the ids of the games that passed. A change
    /// written alone goes through here too, as a group of one.
    pub(super) async fn update_states(
        conn: &mut DB::Connection,
        changes: &[(Uuid, &GameChange)],
    ) -> Result<HashSet<Uuid>, StoreError> {
        for (_, change) in changes {
            debug_assert_eq!(change.event.seq, change.expected_seq + 1, "events are numbered without gaps");
            debug_assert_eq!(change.state.seq, change.event.seq, "the game's seq is its last event's");
        }
        if let Some(updating) = DB::update_states_at_once(&mut *conn, changes) {
            return Ok(updating.await?);
        }
        let mut applied = HashSet::with_capacity(changes.len());
        // Chunks of powers of two keep the statement texts few (SQLite prepares each new one).
        for chunk in power_of_two_chunks(changes, MAX_BOUND_VALUES / PROGRESS_CHANGE_COLUMN_COUNT) {
            let moved = Self::update_progress_rows(&mut *conn, chunk).await?;
            let passed: Vec<(Uuid, &GameChange)> = chunk
                .iter()
                .filter(|(game_id, change)| moved.contains(game_id) && !change.state.is_in_play())
                .copied()
                .collect();
            for ended in power_of_two_chunks(&passed, MAX_BOUND_VALUES / OUTCOME_CHANGE_COLUMN_COUNT) {
                Self::update_outcome_rows(&mut *conn, ended).await?;
            }
            applied.extend(moved);
        }
        Ok(applied)
    }

    /// The sequence checks and new progress of distinct games in one statement over a VALUES list: one call
    /// instead of one per game, which in SQLite is a round trip to the connection's thread each. The ids of the
    /// games it moved.
    async fn update_progress_rows(
        conn: &mut DB::Connection,
        changes: &[(Uuid, &GameChange)],
    ) -> Result<HashSet<Uuid>, StoreError> {
        let sql = format!(
            "{UPDATE_PROGRESS_HEAD}{}{UPDATE_PROGRESS_TAIL}",
            value_groups(DB::placeholder, changes.len(), PROGRESS_CHANGE_COLUMN_COUNT)
        );
        let mut query = DB::statement(&sql);
        for (game_id, change) in changes {
            query = Self::bind_progress(query.bind(DB::to_id(*game_id)).bind(change.expected_seq), &change.state);
        }
        let rows = query.fetch_all(&mut *conn).await?;
        Ok(rows.iter().map(|row| Self::uuid(row, "id")).collect::<Result<_, _>>()?)
    }

    /// The outcomes of distinct games that passed their sequence check and are no longer in play, in one
    /// statement over a VALUES list; only those whose status or result changed are written.
    async fn update_outcome_rows(conn: &mut DB::Connection, changes: &[(Uuid, &GameChange)]) -> Result<(), StoreError> {
        let sql = format!(
            "{UPDATE_OUTCOMES_HEAD}{}{UPDATE_OUTCOMES_TAIL}",
            value_groups(DB::placeholder, changes.len(), OUTCOME_CHANGE_COLUMN_COUNT)
        );
        let mut query = DB::statement(&sql);
        for (game_id, change) in changes {
            query = Self::bind_outcome(query.bind(DB::to_id(*game_id)), &change.state);
        }
        query.execute(&mut *conn).await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{GameState, Millis};

    fn pending(game_id: Uuid, seq: i64) -> Pending {
        let state = GameState {
            status: "active".to_owned(),
            winner: None,
            end_reason: None,
            ply: 0,
            seq: seq + 1,
            clocks_ms: vec![0, 0],
            clock_at: 0,
            to_act: None,
            seats_to_act: None,
            deadline: None,
            finished_at: None,
            scores: None,
            ranks: None,
        };
        let event = EventRow {
            seq: seq + 1,
            kind: "player_connected".to_owned(),
            payload: "{}".to_owned(),
            at: 0,
            private: None,
        };
        let change =
            GameChange { expected_seq: seq, event, new_move: None, state, ratings: Vec::new(), explorer: Vec::new() };
        Pending::new(game_id, change).0
    }

    /// A change's expected `seq`; -1 for a lease release.
    fn expected_seq(pending: &Pending) -> Millis {
        match &pending.write {
            Write::Change(change) => change.expected_seq,
            Write::LeaseRelease { .. } => -1,
        }
    }

    fn keys(batch: &[Pending]) -> Vec<(Uuid, Millis)> {
        batch.iter().map(|pending| (pending.game_id, expected_seq(pending))).collect()
    }

    fn game(pending: &Pending) -> Uuid {
        pending.game_id
    }

    #[test]
    fn a_batch_takes_one_change_per_game_in_arrival_order() {
        let (a, b) = (Uuid::new_v4(), Uuid::new_v4());
        let mut waiting: VecDeque<_> = [pending(a, 1), pending(b, 1), pending(a, 2), pending(a, 3)].into();

        let idle = |_: &Uuid| false;
        assert_eq!(keys(&next_batch(&mut waiting, game, idle)), [(a, 1), (b, 1)]);
        assert_eq!(keys(&next_batch(&mut waiting, game, idle)), [(a, 2)]);
        assert_eq!(keys(&next_batch(&mut waiting, game, idle)), [(a, 3)]);
        assert!(waiting.is_empty());
    }

    #[test]
    fn a_batch_leaves_every_change_of_a_busy_game_waiting_in_order() {
        let (a, b, c) = (Uuid::new_v4(), Uuid::new_v4(), Uuid::new_v4());
        let mut waiting: VecDeque<_> = [pending(a, 2), pending(b, 1), pending(a, 3), pending(c, 1)].into();

        // `a` has a change in a running transaction: none of its changes may start before that one commits.
        assert_eq!(keys(&next_batch(&mut waiting, game, |id| *id == a)), [(b, 1), (c, 1)]);
        let left: Vec<_> = waiting.iter().map(|pending| (pending.game_id, expected_seq(pending))).collect();
        assert_eq!(left, [(a, 2), (a, 3)]);
        assert!(next_batch(&mut waiting, game, |id| *id == a).is_empty());
        assert_eq!(keys(&next_batch(&mut waiting, game, |_| false)), [(a, 2)]);
        assert_eq!(keys(&next_batch(&mut waiting, game, |_| false)), [(a, 3)]);
    }

    #[test]
    fn a_lease_release_waits_behind_its_games_changes_and_goes_with_other_games() {
        let (a, b, node) = (Uuid::new_v4(), Uuid::new_v4(), Uuid::new_v4());
        let release = |game| Pending::lease_release(game, node).0;
        let mut waiting: VecDeque<_> = [pending(a, 1), release(a), release(b)].into();

        assert_eq!(keys(&next_batch(&mut waiting, game, |_| false)), [(a, 1), (b, -1)]);
        assert_eq!(keys(&next_batch(&mut waiting, game, |_| false)), [(a, -1)]);
        assert!(waiting.is_empty());
    }

    #[test]
    fn a_batch_holds_at_most_max_batch_changes() {
        let mut waiting: VecDeque<_> = (0..MAX_BATCH + 3).map(|_| pending(Uuid::new_v4(), 1)).collect();

        assert_eq!(next_batch(&mut waiting, game, |_| false).len(), MAX_BATCH);
        assert_eq!(next_batch(&mut waiting, game, |_| false).len(), 3);
    }
}
