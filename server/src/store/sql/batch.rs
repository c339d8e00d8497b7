//! Group commit: the changes of many games written in one transaction.
//!
//! [`Store::record`](crate::store::Store::record) hands its change to the store's committer task and waits for
//! the answer. The committer takes whatever changes are waiting (no delay when idle: a lone change is written
//! at once, and changes that arrive while a commit runs make up the next one), at most [`MAX_BATCH`] and at
//! most one per game, and writes them in one transaction with multi-row statements: the sequence check of
//! every change first, then the events and moves of the changes that passed it. Each caller is answered only
//! after COMMIT. A change whose `expected_seq` is stale fails alone with [`StoreError::Conflict`]; if the
//! transaction fails for any other reason (a repeated ply, a lost connection), each of its changes is written
//! again alone, so one bad change never fails the others. In PostgreSQL each transaction also tells the other
//! server nodes which games it changed ([`crate::cluster::bus`]), delivered only at its COMMIT.

use std::collections::{HashSet, VecDeque};

use sqlx::{ColumnIndex, Decode, Encode, Executor, IntoArguments, Pool, Type};
use tokio::sync::{mpsc, oneshot};
use uuid::Uuid;

use super::{Dialect, SqlStore};
use crate::cluster::bus::GameAdvanced;
use crate::store::{EventRow, GameChange, MoveRow, StoreError};
use crate::telemetry;

/// The most changes one transaction writes. Each adds a row to three statements; PostgreSQL binds them as
/// arrays, SQLite as VALUES lists well under its limit of bound values per statement.
pub(super) const MAX_BATCH: usize = 512;

/// How many changes may wait for the committer. A caller that finds the queue full waits for room: the queue
/// never grows without limit.
pub(super) const QUEUE_LENGTH: usize = 4 * MAX_BATCH;

/// A change waiting to be committed, and where its answer goes.
pub(super) struct Pending {
    game_id: Uuid,
    change: GameChange,
    reply: oneshot::Sender<Result<(), StoreError>>,
}

impl Pending {
    /// A change of `game_id` and the receiver of its answer.
    pub(super) fn new(game_id: Uuid, change: GameChange) -> (Self, oneshot::Receiver<Result<(), StoreError>>) {
        let (reply, answer) = oneshot::channel();
        (Self { game_id, change, reply }, answer)
    }
}

/// Moves the changes for the next transaction out of `waiting`: in arrival order, at most [`MAX_BATCH`], and
/// only the first change of each game (`game` tells an item's game). A later change of the same game stays, in
/// order, for the next transaction, where the sequence check sees the first one's result.
fn next_batch<T>(waiting: &mut VecDeque<T>, game: impl Fn(&T) -> Uuid) -> Vec<T> {
    let mut games = HashSet::with_capacity(waiting.len());
    let mut batch = Vec::with_capacity(waiting.len().min(MAX_BATCH));
    let mut later = VecDeque::new();
    while let Some(item) = waiting.pop_front() {
        if batch.len() < MAX_BATCH && games.insert(game(&item)) {
            batch.push(item);
        } else {
            later.push_back(item);
        }
    }
    *waiting = later;
    batch
}

// The bounds are those of the main store's impl blocks (see sql/mod.rs).

impl<DB> SqlStore<DB>
where
    DB: Dialect,
    for<'c> &'c mut DB::Connection: Executor<'c, Database = DB>,
    for<'q> DB::Arguments<'q>: IntoArguments<'q, DB>,
    for<'q> i64: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    for<'q> bool: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    for<'q> f64: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    for<'q> String: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    for<'q> &'q str: Encode<'q, DB> + Type<DB>,
    for<'q> Option<i64>: Encode<'q, DB>,
    for<'q> Option<&'q str>: Encode<'q, DB>,
    for<'q> Option<DB::Id>: Encode<'q, DB>,
    for<'a> &'a str: ColumnIndex<DB::Row>,
{
    /// The committer task of node `node`'s store: runs until every sender (the store) is gone, then ends after
    /// the last commit.
    pub(super) async fn run_committer(pool: Pool<DB>, node: Uuid, mut queue: mpsc::Receiver<Pending>) {
        let mut waiting = VecDeque::new();
        loop {
            if waiting.is_empty() {
                match queue.recv().await {
                    Some(pending) => waiting.push_back(pending),
                    None => return,
                }
            }
            while waiting.len() < MAX_BATCH {
                match queue.try_recv() {
                    Ok(pending) => waiting.push_back(pending),
                    Err(_) => break,
                }
            }
            let batch = next_batch(&mut waiting, |pending| pending.game_id);
            let changes: Vec<(Uuid, &GameChange)> =
                batch.iter().map(|pending| (pending.game_id, &pending.change)).collect();
            let results = Self::commit_batch(&pool, node, &changes).await;
            telemetry::commit_batch(changes.len());
            for (pending, result) in batch.into_iter().zip(results) {
                // A caller that stopped waiting still had its change committed, as if its answer were lost.
                let _ = pending.reply.send(result);
            }
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
            let round = next_batch(&mut waiting, |(_, (game_id, _))| *game_id);
            let round_changes: Vec<(Uuid, &GameChange)> = round.iter().map(|(_, change)| *change).collect();
            for ((index, _), result) in round.iter().zip(Self::commit_batch(pool, node, &round_changes).await) {
                results[*index] = Some(result);
            }
        }
        results.into_iter().map(|result| result.expect("every change is in one round")).collect()
    }

    /// Commits `batch` (at most one change per game); one result per change, in order. Changes with rating
    /// updates, whose writes have guards of their own, make the batch go change by change.
    async fn commit_batch(pool: &Pool<DB>, node: Uuid, batch: &[(Uuid, &GameChange)]) -> Vec<Result<(), StoreError>> {
        if batch.len() > 1 && batch.iter().all(|(_, change)| change.ratings.is_empty()) {
            match Self::write_batch(pool, node, batch).await {
                Ok(applied) => {
                    return batch
                        .iter()
                        .map(|(game_id, _)| applied.contains(game_id).then_some(()).ok_or(StoreError::Conflict))
                        .collect();
                }
                Err(error) => {
                    tracing::warn!(%error, changes = batch.len(), "a group commit failed; writing its changes alone");
                }
            }
        }
        let mut results = Vec::with_capacity(batch.len());
        for (game_id, change) in batch {
            results.push(Self::record_alone(pool, node, *game_id, change).await);
        }
        results
    }

    /// One transaction for all of `batch`: the sequence checks and new states, then the events and moves of
    /// the changes that passed, and their announcement from node `node`. The ids of the games it changed.
    async fn write_batch(
        pool: &Pool<DB>,
        node: Uuid,
        changes: &[(Uuid, &GameChange)],
    ) -> Result<HashSet<Uuid>, StoreError> {
        let mut tx = pool.begin_with(DB::BEGIN_WRITE).await?;
        let applied = Self::update_states(&mut tx, changes).await?;
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
        let advanced = passed().map(|(game_id, change)| GameAdvanced { game_id: *game_id, seq: change.state.seq });
        Self::announce(&mut tx, node, advanced.collect()).await?;
        tx.commit().await?;
        Ok(applied)
    }

    /// The sequence checks and new states of distinct games; the ids of the games that passed.
    async fn update_states(
        conn: &mut DB::Connection,
        changes: &[(Uuid, &GameChange)],
    ) -> Result<HashSet<Uuid>, StoreError> {
        if let Some(updating) = DB::update_states_at_once(&mut *conn, changes) {
            return Ok(updating.await?);
        }
        let mut applied = HashSet::with_capacity(changes.len());
        for (game_id, change) in changes {
            if Self::update_state(&mut *conn, *game_id, change).await? {
                applied.insert(*game_id);
            }
        }
        Ok(applied)
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
            first_ms: 0,
            second_ms: 0,
            clock_at: 0,
            to_act: None,
            deadline: None,
            finished_at: None,
            scores: None,
        };
        let event = EventRow { seq: seq + 1, kind: "player_connected".to_owned(), payload: "{}".to_owned(), at: 0 };
        let change = GameChange { expected_seq: seq, event, new_move: None, state, ratings: Vec::new() };
        Pending::new(game_id, change).0
    }

    fn keys(batch: &[Pending]) -> Vec<(Uuid, Millis)> {
        batch.iter().map(|pending| (pending.game_id, pending.change.expected_seq)).collect()
    }

    #[test]
    fn a_batch_takes_one_change_per_game_in_arrival_order() {
        let (a, b) = (Uuid::new_v4(), Uuid::new_v4());
        let mut waiting: VecDeque<_> = [pending(a, 1), pending(b, 1), pending(a, 2), pending(a, 3)].into();

        let game = |pending: &Pending| pending.game_id;
        assert_eq!(keys(&next_batch(&mut waiting, game)), [(a, 1), (b, 1)]);
        assert_eq!(keys(&next_batch(&mut waiting, game)), [(a, 2)]);
        assert_eq!(keys(&next_batch(&mut waiting, game)), [(a, 3)]);
        assert!(waiting.is_empty());
    }

    #[test]
    fn a_batch_holds_at_most_max_batch_changes() {
        let mut waiting: VecDeque<_> = (0..MAX_BATCH + 3).map(|_| pending(Uuid::new_v4(), 1)).collect();

        assert_eq!(next_batch(&mut waiting, |pending| pending.game_id).len(), MAX_BATCH);
        assert_eq!(next_batch(&mut waiting, |pending| pending.game_id).len(), 3);
    }
}
