//! What every part of the SQL store shares: making the store, stored rows read into the store's types, a game
//! state's columns bound, and the writes several parts make (a game with its first event, a change of a game, a
//! rating guarded by its game count).

use sqlx::Pool;
use tokio::sync::mpsc;
use uuid::Uuid;

use super::super::sole_node::SoleNodeLock;
use super::super::{
    AccountRow, EventRow, GameChange, GameRow, GameState, MoveRow, PrivatePart, RatingRow, RatingUpdate, ResultCounts,
    StoreError,
};
use super::batch::{CommitSettings, QUEUE_LENGTH};
use super::dialect::{ReadColumn, Statement};
use super::seat_lists::{clocks_text, players_text, read_clocks, read_players};
use super::statements::*;
use super::{conflict_if_unique, parse_kind, Dialect, SqlStore};
use crate::cluster::bus::GameAdvanced;

impl<DB: Dialect> SqlStore<DB> {
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
        row.read::<DB::Id>(column).map(DB::from_id)
    }

    pub(super) fn optional_uuid(row: &DB::Row, column: &str) -> Result<Option<Uuid>, sqlx::Error> {
        Ok(row.read::<Option<DB::Id>>(column)?.map(DB::from_id))
    }

    /// A game row's players (its `players` column).
    pub(super) fn players(row: &DB::Row) -> Result<Vec<Uuid>, sqlx::Error> {
        read_players(&row.read::<String>("players")?)
    }

    pub(super) fn account_from_row(row: &DB::Row) -> Result<AccountRow, sqlx::Error> {
        Ok(AccountRow {
            id: Self::uuid(row, "id")?,
            name: row.read("name")?,
            kind: parse_kind(&row.read::<String>("kind")?, row.read("imported")?)?,
            password_hash: row.read("password_hash")?,
            is_admin: row.read("is_admin")?,
            is_bot: row.read("is_bot")?,
            chat_muted: row.read("chat_muted")?,
            banned: row.read("banned")?,
            created_at: row.read("created_at")?,
            created_from: row.read("created_from")?,
        })
    }

    pub(super) fn rating_from_row(row: &DB::Row) -> Result<RatingRow, sqlx::Error> {
        Ok(RatingRow {
            account_id: Self::uuid(row, "account_id")?,
            kind: row.read("game_kind")?,
            speed: row.read("speed")?,
            model: row.read("model")?,
            rating: row.read("rating")?,
            deviation: row.read("deviation")?,
            volatility: row.read("volatility")?,
            games: row.read("games")?,
            updated_at: row.read("updated_at")?,
        })
    }

    pub(super) fn game_from_row(row: &DB::Row) -> Result<GameRow, sqlx::Error> {
        Ok(GameRow {
            id: Self::uuid(row, "id")?,
            kind: row.read("kind")?,
            ruleset: row.read("ruleset")?,
            time_control: row.read("time_control")?,
            speed: row.read("speed")?,
            rated: row.read("rated")?,
            correspondence: row.read("correspondence")?,
            players: Self::players(row)?,
            created_at: row.read("created_at")?,
            state: GameState {
                status: row.read("status")?,
                winner: row.read("winner")?,
                end_reason: row.read("end_reason")?,
                ply: row.read("ply")?,
                seq: row.read("seq")?,
                clocks_ms: read_clocks(&row.read::<String>("clocks_ms")?)?,
                clock_at: row.read("clock_at")?,
                to_act: row.read("to_act")?,
                seats_to_act: row.read("seats_to_act")?,
                deadline: row.read("deadline")?,
                finished_at: row.read("finished_at")?,
                scores: row.read("scores")?,
                ranks: row.read("ranks")?,
            },
        })
    }

    pub(super) fn move_from_row(row: &DB::Row) -> Result<MoveRow, sqlx::Error> {
        Ok(MoveRow {
            ply: row.read("ply")?,
            seat: row.read("seat")?,
            notation: row.read("notation")?,
            turn_ended: row.read("turn_ended")?,
            client_move_id: row.read("client_move_id")?,
            clocks_ms: read_clocks(&row.read::<String>("clocks_ms")?)?,
            received_at: row.read("received_at")?,
        })
    }

    pub(super) fn event_from_row(row: &DB::Row) -> Result<EventRow, sqlx::Error> {
        Ok(EventRow {
            seq: row.read("seq")?,
            kind: row.read("kind")?,
            payload: row.read("payload")?,
            at: row.read("at")?,
            private: match (row.read::<Option<String>>("private_seat")?, row.read::<Option<String>>("private_payload")?)
            {
                (Some(seat), Some(payload)) => Some(PrivatePart { seat, payload }),
                _ => None,
            },
        })
    }

    /// Binds a game's `games` columns in the order [`INSERT_GAME`] lists them (and the import's insert, before a
    /// game's origin): who, what and when, then the outcome (see [`Self::bind_outcome`]).
    pub(super) fn bind_game<'q>(query: Statement<'q, DB>, game: &'q GameRow) -> Statement<'q, DB> {
        let query = query
            .bind(DB::to_id(game.id))
            .bind(game.kind.as_str())
            .bind(game.ruleset.as_str())
            .bind(game.time_control.as_str())
            .bind(players_text(&game.players))
            .bind(game.created_at)
            .bind(game.speed.as_str());
        Self::bind_outcome(query, &game.state).bind(game.rated).bind(game.correspondence)
    }

    /// A player's results as [`RESULT_COUNTS`] and the profile's results against an opponent count them.
    pub(super) fn result_counts_from_row(row: &DB::Row) -> Result<ResultCounts, sqlx::Error> {
        Ok(ResultCounts {
            finished: row.read("finished")?,
            wins: row.read("wins")?,
            losses: row.read("losses")?,
            draws: row.read("draws")?,
            aborted: row.read("aborted")?,
            active: row.read("active")?,
        })
    }

    /// Binds the outcome columns of a state (those kept in `games`) in the order [`INSERT_GAME`] and the group
    /// commit's outcome update list them: the ply is bound as the game's `length`.
    pub(super) fn bind_outcome<'q>(query: Statement<'q, DB>, state: &'q GameState) -> Statement<'q, DB> {
        query
            .bind(state.status.as_str())
            .bind(state.winner.as_deref())
            .bind(state.end_reason.as_deref())
            .bind(state.ply)
            .bind(state.finished_at)
            .bind(state.scores.as_deref())
            .bind(state.ranks.as_deref())
    }

    /// Binds the progress columns of a state (those kept in `game_progress`) in the order [`INSERT_PROGRESS`]
    /// and the group commit's progress update list them.
    pub(super) fn bind_progress<'q>(query: Statement<'q, DB>, state: &'q GameState) -> Statement<'q, DB> {
        query
            .bind(state.seq)
            .bind(state.ply)
            .bind(clocks_text(&state.clocks_ms))
            .bind(state.clock_at)
            .bind(state.to_act.as_deref())
            .bind(state.seats_to_act.as_deref())
            .bind(state.deadline)
    }

    /// Binds the sweeper's columns of a new progress row: whether it watches the game's deadline (a
    /// correspondence game's, migration 0018), and the deadline it watches.
    pub(super) fn bind_sweeping<'q>(query: Statement<'q, DB>, game: &GameRow) -> Statement<'q, DB> {
        query.bind(game.correspondence).bind(game.state.deadline.filter(|_| game.correspondence))
    }

    /// Inserts a game's `game_seats` rows, one per seat, which every game has beside its `games` row.
    pub(super) async fn insert_seats(conn: &mut DB::Connection, game: &GameRow) -> Result<(), StoreError> {
        for (seat, &account_id) in game.players.iter().enumerate() {
            DB::statement(INSERT_SEAT)
                .bind(DB::to_id(game.id))
                .bind(seat as i64)
                .bind(DB::to_id(account_id))
                .bind(game.kind.as_str())
                .bind(game.created_at)
                .execute(&mut *conn)
                .await
                .map_err(conflict_if_unique)?;
        }
        Ok(())
    }

    /// Inserts a game's progress row, which every game has beside its `games` row.
    pub(super) async fn insert_progress(conn: &mut DB::Connection, game: &GameRow) -> Result<(), StoreError> {
        Self::bind_sweeping(
            Self::bind_progress(DB::statement(INSERT_PROGRESS).bind(DB::to_id(game.id)), &game.state),
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
        DB::statement(INSERT_EVENT)
            .bind(DB::to_id(game_id))
            .bind(event.seq)
            .bind(event.kind.as_str())
            .bind(event.payload.as_str())
            .bind(event.at)
            .bind(event.private.as_ref().map(|part| part.seat.as_str()))
            .bind(event.private.as_ref().map(|part| part.payload.as_str()))
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
        DB::statement(INSERT_MOVE)
            .bind(DB::to_id(game_id))
            .bind(new_move.ply)
            .bind(new_move.seat.as_str())
            .bind(new_move.notation.as_str())
            .bind(new_move.turn_ended)
            .bind(new_move.client_move_id.as_str())
            .bind(clocks_text(&new_move.clocks_ms))
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
        if !change.explorer.is_empty() {
            Self::delete_explorer_rows(&mut *conn, &[game_id]).await?;
            Self::insert_explorer_rows(&mut *conn, &change.explorer).await?;
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

    /// Inserts a game and its first event on a connection inside a transaction, with `runner`'s lease of the game
    /// when it names a node.
    pub(super) async fn insert_game_with_event(
        conn: &mut DB::Connection,
        game: &GameRow,
        started: &EventRow,
        runner: Option<Uuid>,
    ) -> Result<(), StoreError> {
        debug_assert_eq!(game.state.seq, started.seq, "a new game's seq is its first event's");
        Self::bind_game(DB::statement(INSERT_GAME), game).execute(&mut *conn).await.map_err(conflict_if_unique)?;
        Self::insert_seats(&mut *conn, game).await?;
        Self::insert_progress(&mut *conn, game).await?;
        Self::insert_event(&mut *conn, game.id, started).await?;
        if let Some(node) = runner {
            DB::statement(INSERT_LEASE).bind(DB::to_id(game.id)).bind(DB::to_id(node)).execute(&mut *conn).await?;
        }
        Ok(())
    }

    /// Binds the rating columns in the order [`INSERT_RATING`] and [`UPDATE_RATING`] list them.
    pub(super) fn bind_rating<'q>(query: Statement<'q, DB>, rating: &'q RatingRow) -> Statement<'q, DB> {
        query
            .bind(DB::to_id(rating.account_id))
            .bind(rating.kind.as_str())
            .bind(rating.speed.as_str())
            .bind(rating.model.as_str())
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
            Self::bind_rating(DB::statement(INSERT_RATING), &update.rating)
                .execute(conn)
                .await
                .map_err(conflict_if_unique)?;
            return Ok(());
        }
        let updated = Self::bind_rating(DB::statement(UPDATE_RATING), &update.rating)
            .bind(update.expected_games)
            .execute(conn)
            .await?;
        if DB::rows_affected(&updated) == 0 {
            return Err(StoreError::Conflict);
        }
        Ok(())
    }
}
