//! What every part of the SQL store shares: making the store, stored rows read into the store's types, a game
//! state's columns bound, and the writes several parts make (a game with its first event, a change of a game, a
//! rating guarded by its game count).

use sqlx::{ColumnIndex, Decode, Encode, Executor, IntoArguments, Pool, Row, Type};
use tokio::sync::mpsc;
use uuid::Uuid;

use super::super::sole_node::SoleNodeLock;
use super::super::{
    AccountRow, ChallengeRow, EventRow, GameChange, GameRow, GameState, Millis, MoveRow, RatingRow, RatingUpdate,
    StoreError,
};
use super::batch::{CommitSettings, QUEUE_LENGTH};
use super::statements::*;
use super::{conflict_if_unique, parse_kind, DbQuery, Dialect, SqlStore};
use crate::cluster::bus::GameAdvanced;

// The bounds below are repeated on every impl block of `SqlStore`: Rust does not carry a trait's where clauses
// to its users.

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
    /// A store reading from `pool` and writing through `writer` for server node `node`, over a database that is
    /// already migrated, with its committer task started on the current Tokio runtime.
    pub(in crate::store) fn new(pool: Pool<DB>, writer: Pool<DB>, node: Uuid, settings: CommitSettings) -> Self {
        let (committer, queue) = mpsc::channel(QUEUE_LENGTH);
        tokio::spawn(Self::run_committer(writer.clone(), node, queue, settings));
        Self { pool, writer, committer, node, sole_node: None, node_lock: std::sync::Mutex::new(None) }
    }

    /// The same store, served by one node at a time, which `lock` decides (SQLite).
    pub(in crate::store) fn with_sole_node(self, lock: SoleNodeLock) -> Self {
        Self { sole_node: Some(lock), ..self }
    }

    pub(super) fn uuid(row: &DB::Row, column: &str) -> Result<Uuid, sqlx::Error> {
        row.try_get::<DB::Id, _>(column).map(DB::from_id)
    }

    pub(super) fn optional_uuid(row: &DB::Row, column: &str) -> Result<Option<Uuid>, sqlx::Error> {
        Ok(row.try_get::<Option<DB::Id>, _>(column)?.map(DB::from_id))
    }

    pub(super) fn account_from_row(row: &DB::Row) -> Result<AccountRow, sqlx::Error> {
        Ok(AccountRow {
            id: Self::uuid(row, "id")?,
            name: row.try_get("name")?,
            kind: parse_kind(&row.try_get::<String, _>("kind")?, row.try_get("imported")?)?,
            password_hash: row.try_get("password_hash")?,
            is_admin: row.try_get("is_admin")?,
            is_bot: row.try_get("is_bot")?,
            chat_muted: row.try_get("chat_muted")?,
            banned: row.try_get("banned")?,
            created_at: row.try_get("created_at")?,
            created_from: row.try_get("created_from")?,
        })
    }

    pub(super) fn challenge_from_row(row: &DB::Row) -> Result<ChallengeRow, sqlx::Error> {
        Ok(ChallengeRow {
            id: Self::uuid(row, "id")?,
            challenger_id: Self::uuid(row, "challenger_id")?,
            opponent_id: Self::optional_uuid(row, "opponent_id")?,
            ruleset: row.try_get("ruleset")?,
            time_control: row.try_get("time_control")?,
            colour: row.try_get("colour")?,
            status: row.try_get("status")?,
            game_id: Self::optional_uuid(row, "game_id")?,
            created_at: row.try_get("created_at")?,
            expires_at: row.try_get("expires_at")?,
            rated: row.try_get("rated")?,
            rematch_of: Self::optional_uuid(row, "rematch_of")?,
        })
    }

    pub(super) fn rating_from_row(row: &DB::Row) -> Result<RatingRow, sqlx::Error> {
        Ok(RatingRow {
            account_id: Self::uuid(row, "account_id")?,
            kind: row.try_get("game_kind")?,
            speed: row.try_get("speed")?,
            rating: row.try_get("rating")?,
            deviation: row.try_get("deviation")?,
            volatility: row.try_get("volatility")?,
            games: row.try_get("games")?,
            updated_at: row.try_get("updated_at")?,
        })
    }

    pub(super) fn game_from_row(row: &DB::Row) -> Result<GameRow, sqlx::Error> {
        Ok(GameRow {
            id: Self::uuid(row, "id")?,
            kind: row.try_get("kind")?,
            ruleset: row.try_get("ruleset")?,
            time_control: row.try_get("time_control")?,
            speed: row.try_get("speed")?,
            rated: row.try_get("rated")?,
            correspondence: row.try_get("correspondence")?,
            first_id: Self::uuid(row, "first_id")?,
            second_id: Self::uuid(row, "second_id")?,
            created_at: row.try_get("created_at")?,
            state: GameState {
                status: row.try_get("status")?,
                winner: row.try_get("winner")?,
                end_reason: row.try_get("end_reason")?,
                ply: row.try_get("ply")?,
                seq: row.try_get("seq")?,
                first_ms: row.try_get("first_ms")?,
                second_ms: row.try_get("second_ms")?,
                clock_at: row.try_get("clock_at")?,
                to_act: row.try_get("to_act")?,
                deadline: row.try_get("deadline")?,
                finished_at: row.try_get("finished_at")?,
                scores: row.try_get("scores")?,
            },
        })
    }

    pub(super) fn move_from_row(row: &DB::Row) -> Result<MoveRow, sqlx::Error> {
        Ok(MoveRow {
            ply: row.try_get("ply")?,
            seat: row.try_get("seat")?,
            notation: row.try_get("notation")?,
            turn_ended: row.try_get("turn_ended")?,
            client_move_id: row.try_get("client_move_id")?,
            first_ms: row.try_get("first_ms")?,
            second_ms: row.try_get("second_ms")?,
            received_at: row.try_get("received_at")?,
        })
    }

    pub(super) fn event_from_row(row: &DB::Row) -> Result<EventRow, sqlx::Error> {
        Ok(EventRow {
            seq: row.try_get("seq")?,
            kind: row.try_get("kind")?,
            payload: row.try_get("payload")?,
            at: row.try_get("at")?,
        })
    }

    /// Binds the outcome columns of a state (those kept in `games`) in the order [`INSERT_GAME`] and the group
    /// commit's outcome update list them: the ply is bound as the game's `length`.
    pub(super) fn bind_outcome<'q>(query: DbQuery<'q, DB>, state: &'q GameState) -> DbQuery<'q, DB> {
        query
            .bind(state.status.as_str())
            .bind(state.winner.as_deref())
            .bind(state.end_reason.as_deref())
            .bind(state.ply)
            .bind(state.finished_at)
            .bind(state.scores.as_deref())
    }

    /// Binds the progress columns of a state (those kept in `game_progress`) in the order [`INSERT_PROGRESS`]
    /// and the group commit's progress update list them.
    pub(super) fn bind_progress<'q>(query: DbQuery<'q, DB>, state: &'q GameState) -> DbQuery<'q, DB> {
        query
            .bind(state.seq)
            .bind(state.ply)
            .bind(state.first_ms)
            .bind(state.second_ms)
            .bind(state.clock_at)
            .bind(state.to_act.as_deref())
            .bind(state.deadline)
    }

    /// Binds the sweeper's columns of a new progress row: whether it watches the game's deadline (a
    /// correspondence game's, migration 0018), and the deadline it watches.
    pub(super) fn bind_sweeping<'q>(query: DbQuery<'q, DB>, game: &GameRow) -> DbQuery<'q, DB> {
        query.bind(game.correspondence).bind(game.state.deadline.filter(|_| game.correspondence))
    }

    /// Inserts a game's progress row, which every game has beside its `games` row.
    pub(super) async fn insert_progress(conn: &mut DB::Connection, game: &GameRow) -> Result<(), StoreError> {
        Self::bind_sweeping(
            Self::bind_progress(sqlx::query(INSERT_PROGRESS).bind(DB::to_id(game.id)), &game.state),
            game,
        )
        .execute(conn)
        .await
        .map_err(conflict_if_unique)?;
        Ok(())
    }

    pub(super) async fn insert_event(
        conn: &mut DB::Connection,
        game_id: Uuid,
        event: &EventRow,
    ) -> Result<(), StoreError> {
        sqlx::query(INSERT_EVENT)
            .bind(DB::to_id(game_id))
            .bind(event.seq)
            .bind(event.kind.as_str())
            .bind(event.payload.as_str())
            .bind(event.at)
            .execute(conn)
            .await
            .map_err(conflict_if_unique)?;
        Ok(())
    }

    pub(super) async fn insert_move(
        conn: &mut DB::Connection,
        game_id: Uuid,
        new_move: &MoveRow,
    ) -> Result<(), StoreError> {
        sqlx::query(INSERT_MOVE)
            .bind(DB::to_id(game_id))
            .bind(new_move.ply)
            .bind(new_move.seat.as_str())
            .bind(new_move.notation.as_str())
            .bind(new_move.turn_ended)
            .bind(new_move.client_move_id.as_str())
            .bind(new_move.first_ms)
            .bind(new_move.second_ms)
            .bind(new_move.received_at)
            .execute(conn)
            .await
            .map_err(conflict_if_unique)?;
        Ok(())
    }

    /// Tells the other nodes, from node `node` and inside the transaction on `conn`, that `games` advanced (see
    /// [`Dialect::announce_advanced`]).
    pub(super) async fn announce(
        conn: &mut DB::Connection,
        node: Uuid,
        games: Vec<GameAdvanced>,
    ) -> Result<(), StoreError> {
        if games.is_empty() {
            return Ok(());
        }
        if let Some(announcing) = DB::announce_advanced(conn, node, games) {
            announcing.await?;
        }
        Ok(())
    }

    /// Applies one change of a game on a connection inside a transaction, and announces it from node `node`.
    /// Returning an error before commit drops the transaction, which rolls it back.
    pub(super) async fn apply_change(
        conn: &mut DB::Connection,
        node: Uuid,
        game_id: Uuid,
        change: &GameChange,
    ) -> Result<(), StoreError> {
        // The optimistic check, by the group commit's statement for one game: in PostgreSQL a concurrent writer
        // waits for the `game_progress` row's lock and then finds the seq moved on.
        if !Self::update_states(&mut *conn, &[(game_id, change)]).await?.contains(&game_id) {
            return Err(StoreError::Conflict);
        }
        Self::insert_event(&mut *conn, game_id, &change.event).await?;
        if let Some(new_move) = &change.new_move {
            Self::insert_move(&mut *conn, game_id, new_move).await?;
        }
        for update in &change.ratings {
            Self::write_rating(&mut *conn, update).await?;
        }
        Self::announce(conn, node, vec![GameAdvanced { game_id, seq: change.state.seq }]).await
    }

    /// One change in a transaction of its own, written for node `node`.
    pub(super) async fn record_alone(
        pool: &Pool<DB>,
        node: Uuid,
        game_id: Uuid,
        change: &GameChange,
    ) -> Result<(), StoreError> {
        let mut tx = pool.begin_with(DB::BEGIN_WRITE).await?;
        Self::apply_change(&mut tx, node, game_id, change).await?;
        tx.commit().await?;
        Ok(())
    }

    /// In one transaction: `accept` (a conditional UPDATE of an open offer, bound as offer id, game id, acceptor
    /// id, now) and, if it took, the new game with its first event. False (and nothing written) when the offer
    /// was not open any more. The conditional UPDATE decides: in PostgreSQL a concurrent acceptor waits for the
    /// row's lock and then finds the offer taken.
    pub(super) async fn accept_into_game(
        &self,
        accept: &'static str,
        id: Uuid,
        acceptor_id: Uuid,
        game: &GameRow,
        started: &EventRow,
        now: Millis,
    ) -> Result<bool, StoreError> {
        let mut tx = self.writer.begin_with(DB::BEGIN_WRITE).await?;
        let accepted = sqlx::query(accept)
            .bind(DB::to_id(id))
            .bind(DB::to_id(game.id))
            .bind(DB::to_id(acceptor_id))
            .bind(now)
            .execute(&mut *tx)
            .await?;
        if DB::rows_affected(&accepted) == 0 {
            return Ok(false);
        }
        Self::insert_game_with_event(&mut tx, game, started).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Inserts a game and its first event on a connection inside a transaction.
    pub(super) async fn insert_game_with_event(
        conn: &mut DB::Connection,
        game: &GameRow,
        started: &EventRow,
    ) -> Result<(), StoreError> {
        debug_assert_eq!(game.state.seq, started.seq, "a new game's seq is its first event's");
        let query = sqlx::query(INSERT_GAME)
            .bind(DB::to_id(game.id))
            .bind(game.kind.as_str())
            .bind(game.ruleset.as_str())
            .bind(game.time_control.as_str())
            .bind(DB::to_id(game.first_id))
            .bind(DB::to_id(game.second_id))
            .bind(game.created_at)
            .bind(game.speed.as_str())
            .bind(game.rated)
            .bind(game.correspondence);
        Self::bind_outcome(query, &game.state).execute(&mut *conn).await.map_err(conflict_if_unique)?;
        Self::insert_progress(&mut *conn, game).await?;
        Self::insert_event(conn, game.id, started).await
    }

    /// Binds the rating columns in the order [`INSERT_RATING`] and [`UPDATE_RATING`] list them.
    pub(super) fn bind_rating<'q>(query: DbQuery<'q, DB>, rating: &'q RatingRow) -> DbQuery<'q, DB> {
        query
            .bind(DB::to_id(rating.account_id))
            .bind(rating.kind.as_str())
            .bind(rating.speed.as_str())
            .bind(rating.rating)
            .bind(rating.deviation)
            .bind(rating.volatility)
            .bind(rating.games)
            .bind(rating.updated_at)
    }

    /// Writes a rating guarded by its game count: a first rating is inserted (a concurrent first insert hits
    /// the primary key), a later one updated only if its stored count is still the expected one.
    pub(super) async fn write_rating(conn: &mut DB::Connection, update: &RatingUpdate) -> Result<(), StoreError> {
        debug_assert_eq!(update.rating.games, update.expected_games + 1, "a rated result adds one game");
        if update.expected_games == 0 {
            Self::bind_rating(sqlx::query(INSERT_RATING), &update.rating)
                .execute(conn)
                .await
                .map_err(conflict_if_unique)?;
            return Ok(());
        }
        let updated = Self::bind_rating(sqlx::query(UPDATE_RATING), &update.rating)
            .bind(update.expected_games)
            .execute(conn)
            .await?;
        if DB::rows_affected(&updated) == 0 {
            return Err(StoreError::Conflict);
        }
        Ok(())
    }
}
