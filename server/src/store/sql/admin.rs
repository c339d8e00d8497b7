//! The [`AdminStore`] part of the shared SQL store: archive search, admin actions and the audit log. Its SQL
//! text is here too, because most of it is assembled per call (search filters); every statement means the same
//! in PostgreSQL and SQLite. The bulk import is `import.rs`.

use std::collections::HashMap;

use async_trait::async_trait;
use uuid::Uuid;

use super::assembled::{Assembled, Placeholder, Value, MAX_BOUND_VALUES};
use super::dialect::ReadColumn;
use super::multi_row::MOVE_COLUMNS;
use super::statements::{games_with_progress, seat_name_of, INSERT_RATING, SELECT_ACCOUNTS};
use super::{imported_name_key, name_key, Dialect, SqlStore};
use crate::store::admin::{
    AdminStore, ArchivedGame, AuditFilter, AuditRow, GameOrigin, GameSearch, ImportSource, RatedGame, ResultFilter,
    SearchOrder,
};
use crate::store::{AccountRow, GameChange, MoveRow, RatingRow, StoreError};

/// The columns of a game row, its progress and its origin, for SELECT from [`GAMES_WITH_PROGRESS`]; `length` is
/// the key of the archive's length order (see migrations/postgres/0015_game_progress.sql).
const ARCHIVE_COLUMNS: &str = "id, kind, ruleset, time_control, players, created_at, speed, \
    status, winner, end_reason, ply, seq, clocks_ms, clock_at, to_act, seats_to_act, deadline, finished_at, scores, ranks, \
    rated, correspondence, imported, source, source_index, imported_at, length";
/// What archive reads read from.
const GAMES_WITH_PROGRESS: &str = games_with_progress!();
const AUDIT_COLUMNS: &str = "id, at, admin_id, actor_name, action, game_id, account_id, details, reason";

const INSERT_AUDIT: &str = "INSERT INTO audit_log \
    (at, admin_id, actor_name, action, game_id, account_id, details, reason) \
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8)";
// `banned_at` dates the ban for the guests' cool-down (`Store::guest_banned_from`); an unban clears it.
const SET_BANNED: &str = "UPDATE accounts SET banned = $2, banned_at = $3 WHERE id = $1 AND banned <> $2";
const REVOKE_SESSIONS: &str = "DELETE FROM sessions WHERE account_id = $1";
const SET_ADMIN_ROLE: &str = "UPDATE accounts SET is_admin = $2 WHERE id = $1 AND is_admin <> $2";
const SET_BOT: &str = "UPDATE accounts SET is_bot = $2 WHERE id = $1 AND is_bot <> $2";
/// Rated results that changed ratings: a rated game's result counts once every player has moved.
/// Its `result_event` is the game's last result event: an admin's adjudication follows the `ended` it replaced.
const RATED_HISTORY: &str = concat!(
    "SELECT players, winner, finished_at, \
     (SELECT e.payload FROM game_events e WHERE e.game_id = g.id AND e.kind IN ('ended', 'adjudicated') \
     ORDER BY e.seq DESC LIMIT 1) AS result_event FROM games g \
     WHERE g.kind = $1 AND g.speed = $2 AND g.rated = $3 AND g.status = 'finished' \
     AND NOT EXISTS (SELECT 1 FROM game_seats s WHERE s.game_id = g.id \
     AND NOT EXISTS (SELECT 1 FROM moves m WHERE m.game_id = g.id AND m.seat = ",
    seat_name_of!("s.seat"),
    ")) ORDER BY g.finished_at, g.id"
);
/// One model's: a replay rates the games of one model (`ratings::recompute`).
const DELETE_RATINGS: &str = "DELETE FROM ratings WHERE kind = $1 AND speed = $2 AND model = $3";

/// The WHERE clause of a search (`WHERE 1 = 1` and its filters), without its page position.
fn search_filters(placeholder: Placeholder, search: &GameSearch) -> Assembled {
    let mut query = Assembled::new(placeholder, " WHERE 1 = 1");
    if let Some(players) = &search.players {
        if players.is_empty() {
            query.text(" AND 1 = 0");
        } else {
            query.text(" AND id IN (SELECT game_id FROM game_seats WHERE account_id IN ").id_list(players).text(")");
        }
    }
    let texts = [
        ("kind", &search.kind),
        ("ruleset", &search.ruleset),
        ("status", &search.status),
        ("end_reason", &search.end_reason),
    ];
    for (column, wanted) in texts {
        if let Some(wanted) = wanted {
            query.text(&format!(" AND {column} = ")).value(Value::Text(wanted.clone()));
        }
    }
    match search.result {
        Some(ResultFilter::FirstWon) => query.text(" AND status = 'finished' AND winner = 'first'"),
        Some(ResultFilter::SecondWon) => query.text(" AND status = 'finished' AND winner = 'second'"),
        Some(ResultFilter::Draw) => query.text(" AND status = 'finished' AND winner IS NULL"),
        None => &mut query,
    };
    // Booleans as integer comparisons read the same in both databases (PostgreSQL booleans compare with
    // TRUE/FALSE literals; SQLite stores 0 and 1).
    let flags = [("rated", search.rated), ("correspondence", search.correspondence), ("imported", search.imported)];
    for (column, wanted) in flags {
        if let Some(wanted) = wanted {
            query.text(&format!(" AND {column} = {}", if wanted { "TRUE" } else { "FALSE" }));
        }
    }
    if let Some(from) = search.from {
        query.text(" AND created_at >= ").value(Value::Int(from));
    }
    if let Some(until) = search.until {
        query.text(" AND created_at < ").value(Value::Int(until));
    }
    query
}

/// The full page query of a search.
fn search_page(placeholder: Placeholder, search: &GameSearch, limit: u32) -> Assembled {
    let mut query = search_filters(placeholder, search);
    query.prepend(&format!("SELECT {ARCHIVE_COLUMNS} FROM {GAMES_WITH_PROGRESS}"));
    let key = match search.order {
        SearchOrder::Date => "created_at",
        SearchOrder::Length => "length",
    };
    let (compare, direction) = if search.descending { ("<", "DESC") } else { (">", "ASC") };
    if let Some(after) = search.after {
        query.text(&format!(" AND ({key}, id) {compare} ("));
        query.value(Value::Int(after.key)).text(", ").value(Value::Id(after.id)).text(")");
    }
    query.text(&format!(" ORDER BY {key} {direction}, id {direction} LIMIT ")).value(Value::Int(i64::from(limit)));
    query
}

impl<DB: Dialect> SqlStore<DB> {
    fn archived_from_row(row: &DB::Row) -> Result<ArchivedGame, sqlx::Error> {
        let source: Option<String> = row.read("source")?;
        let index: Option<i64> = row.read("source_index")?;
        let imported_at: Option<i64> = row.read("imported_at")?;
        let import = match (source, index, imported_at) {
            (Some(source), Some(index), Some(imported_at)) => Some(ImportSource { source, index, imported_at }),
            _ => None,
        };
        Ok(ArchivedGame { game: Self::game_from_row(row)?, origin: GameOrigin { import }, length: row.read("length")? })
    }

    fn audit_from_row(row: &DB::Row) -> Result<AuditRow, sqlx::Error> {
        Ok(AuditRow {
            id: row.read("id")?,
            at: row.read("at")?,
            admin_id: Self::optional_uuid(row, "admin_id")?,
            actor_name: row.read("actor_name")?,
            action: row.read("action")?,
            game_id: Self::optional_uuid(row, "game_id")?,
            account_id: Self::optional_uuid(row, "account_id")?,
            details: row.read("details")?,
            reason: row.read("reason")?,
        })
    }

    pub(super) async fn write_audit(conn: &mut DB::Connection, entry: &AuditRow) -> Result<(), StoreError> {
        DB::statement(INSERT_AUDIT)
            .bind(entry.at)
            .bind(entry.admin_id.map(DB::to_id))
            .bind(entry.actor_name.as_str())
            .bind(entry.action.as_str())
            .bind(entry.game_id.map(DB::to_id))
            .bind(entry.account_id.map(DB::to_id))
            .bind(entry.details.as_str())
            .bind(entry.reason.as_str())
            .execute(conn)
            .await?;
        Ok(())
    }

    /// Sets one boolean column of an account if it differs and writes the audit entry, in one transaction.
    pub(super) async fn change_account_flag(
        &self,
        sql: &'static str,
        account_id: Uuid,
        value: bool,
        entry: &AuditRow,
    ) -> Result<bool, StoreError> {
        let mut tx = self.writer.begin_with(DB::BEGIN_WRITE).await?;
        let changed = DB::statement(sql).bind(DB::to_id(account_id)).bind(value).execute(&mut *tx).await?;
        if DB::rows_affected(&changed) == 0 {
            return Ok(false);
        }
        Self::write_audit(&mut tx, entry).await?;
        tx.commit().await?;
        Ok(true)
    }
}

#[async_trait]
impl<DB: Dialect> AdminStore for SqlStore<DB> {
    async fn archived_game(&self, id: Uuid) -> Result<Option<ArchivedGame>, StoreError> {
        let sql = format!("SELECT {ARCHIVE_COLUMNS} FROM {GAMES_WITH_PROGRESS} WHERE id = $1");
        let row = DB::statement(&sql).bind(DB::to_id(id)).fetch_optional(&self.pool).await?;
        Ok(row.as_ref().map(Self::archived_from_row).transpose()?)
    }

    async fn search_games(&self, search: &GameSearch, limit: u32) -> Result<Vec<ArchivedGame>, StoreError> {
        let page = search_page(DB::placeholder, search, limit);
        let rows = Self::bind_assembled(&page).fetch_all(&self.pool).await?;
        Ok(rows.iter().map(Self::archived_from_row).collect::<Result<_, _>>()?)
    }

    async fn count_games(&self, search: &GameSearch) -> Result<i64, StoreError> {
        let mut count = search_filters(DB::placeholder, search);
        count.prepend("SELECT COUNT(*) AS games FROM games");
        let row = Self::bind_assembled(&count).fetch_one(&self.pool).await?;
        Ok(row.read("games")?)
    }

    async fn moves_of_games(&self, ids: &[Uuid]) -> Result<HashMap<Uuid, Vec<MoveRow>>, StoreError> {
        let mut moves: HashMap<Uuid, Vec<MoveRow>> = HashMap::with_capacity(ids.len());
        for chunk in ids.chunks(MAX_BOUND_VALUES) {
            let mut query =
                Assembled::new(DB::placeholder, &format!("SELECT {MOVE_COLUMNS} FROM moves WHERE game_id IN "));
            query.id_list(chunk).text(" ORDER BY game_id, ply");
            for row in Self::bind_assembled(&query).fetch_all(&self.pool).await? {
                moves.entry(Self::uuid(&row, "game_id")?).or_default().push(Self::move_from_row(&row)?);
            }
        }
        Ok(moves)
    }

    async fn accounts_by_ids(&self, ids: &[Uuid]) -> Result<Vec<AccountRow>, StoreError> {
        let mut accounts = Vec::with_capacity(ids.len());
        for chunk in ids.chunks(MAX_BOUND_VALUES) {
            let mut query = Assembled::new(DB::placeholder, &format!("{SELECT_ACCOUNTS} WHERE id IN "));
            query.id_list(chunk);
            for row in Self::bind_assembled(&query).fetch_all(&self.pool).await? {
                accounts.push(Self::account_from_row(&row)?);
            }
        }
        Ok(accounts)
    }

    async fn accounts_named(&self, name: &str) -> Result<Vec<AccountRow>, StoreError> {
        let sql = format!("{SELECT_ACCOUNTS} WHERE name_key IN ($1, $2)");
        let rows = DB::statement(&sql).bind(name_key(name)).bind(imported_name_key(name)).fetch_all(&self.pool).await?;
        Ok(rows.iter().map(Self::account_from_row).collect::<Result<_, _>>()?)
    }

    async fn record_admin_action(
        &self,
        game_id: Uuid,
        change: &GameChange,
        entry: &AuditRow,
    ) -> Result<(), StoreError> {
        let mut tx = self.writer.begin_with(DB::BEGIN_WRITE).await?;
        Self::apply_change(&mut tx, self.node, game_id, change).await?;
        Self::write_audit(&mut tx, entry).await?;
        tx.commit().await?;
        Ok(())
    }

    async fn set_banned(&self, account_id: Uuid, banned: bool, entry: &AuditRow) -> Result<bool, StoreError> {
        let mut tx = self.writer.begin_with(DB::BEGIN_WRITE).await?;
        let banned_at = banned.then_some(entry.at);
        let changed = DB::statement(SET_BANNED)
            .bind(DB::to_id(account_id))
            .bind(banned)
            .bind(banned_at)
            .execute(&mut *tx)
            .await?;
        if DB::rows_affected(&changed) == 0 {
            return Ok(false);
        }
        if banned {
            DB::statement(REVOKE_SESSIONS).bind(DB::to_id(account_id)).execute(&mut *tx).await?;
        }
        Self::write_audit(&mut tx, entry).await?;
        tx.commit().await?;
        Ok(true)
    }

    async fn set_admin_role(&self, account_id: Uuid, is_admin: bool, entry: &AuditRow) -> Result<bool, StoreError> {
        self.change_account_flag(SET_ADMIN_ROLE, account_id, is_admin, entry).await
    }

    async fn rated_history(&self, kind: &str, speed: &str) -> Result<Vec<RatedGame>, StoreError> {
        let rows = DB::statement(RATED_HISTORY).bind(kind).bind(speed).bind(true).fetch_all(&self.pool).await?;
        let game = |row: &DB::Row| -> Result<RatedGame, sqlx::Error> {
            Ok(RatedGame {
                players: Self::players(row)?,
                winner: row.read("winner")?,
                result_event: row.read("result_event")?,
                finished_at: row.read("finished_at")?,
            })
        };
        Ok(rows.iter().map(game).collect::<Result<_, _>>()?)
    }

    async fn replace_ratings(
        &self,
        kind: &str,
        speed: &str,
        model: &str,
        ratings: &[RatingRow],
    ) -> Result<(), StoreError> {
        let mut tx = self.writer.begin_with(DB::BEGIN_WRITE).await?;
        DB::statement(DELETE_RATINGS).bind(kind).bind(speed).bind(model).execute(&mut *tx).await?;
        for rating in ratings {
            Self::bind_rating(DB::statement(INSERT_RATING), rating).execute(&mut *tx).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    async fn set_bot(&self, account_id: Uuid, is_bot: bool, entry: &AuditRow) -> Result<bool, StoreError> {
        self.change_account_flag(SET_BOT, account_id, is_bot, entry).await
    }

    async fn insert_audit(&self, entry: &AuditRow) -> Result<(), StoreError> {
        let mut conn = self.writer.acquire().await?;
        Self::write_audit(&mut conn, entry).await
    }

    async fn audit_entries(&self, filter: &AuditFilter, limit: u32) -> Result<Vec<AuditRow>, StoreError> {
        let mut query = Assembled::new(DB::placeholder, &format!("SELECT {AUDIT_COLUMNS} FROM audit_log WHERE 1 = 1"));
        if let Some(game_id) = filter.game_id {
            query.text(" AND game_id = ").value(Value::Id(game_id));
        }
        if let Some(account_id) = filter.account_id {
            query.text(" AND account_id = ").value(Value::Id(account_id));
        }
        if let Some(before) = filter.before_id {
            query.text(" AND id < ").value(Value::Int(before));
        }
        query.text(" ORDER BY id DESC LIMIT ").value(Value::Int(i64::from(limit)));
        let rows = Self::bind_assembled(&query).fetch_all(&self.pool).await?;
        Ok(rows.iter().map(Self::audit_from_row).collect::<Result<_, _>>()?)
    }
}
