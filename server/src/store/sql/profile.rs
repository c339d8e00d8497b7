//! [`ProfileStore`] over both backends.

use async_trait::async_trait;
use uuid::Uuid;

use super::assembled::{Assembled, Placeholder, Value};
use super::dialect::ReadColumn;
use super::statements::{game_columns, games_with_progress, result_count_columns, seat_name_of, SELECT_ACCOUNTS};
use super::{imported_name_key, name_key, Dialect, SqlStore, NEWEST_CURSOR};
use crate::store::profile::{HistoryFilter, HistoryResult, HistorySpeed, ProfileStore, RatedEnd};
use crate::store::{AccountRow, GameCursor, GameRow, ResultCounts, StoreError};

const RATED_ENDS: &str = "SELECT g.id, g.players, e.at, e.payload FROM game_events e \
    JOIN games g ON g.id = e.game_id \
    WHERE g.id IN (SELECT game_id FROM game_seats WHERE account_id = $1 AND kind = $2) \
    AND g.speed = $3 AND g.rated = $4 AND e.kind IN ('ended', 'adjudicated') ORDER BY e.at, g.id";
const RESULTS_BETWEEN: &str = concat!(
    "SELECT ",
    result_count_columns!(),
    "FROM game_seats me JOIN games ON games.id = me.game_id \
     WHERE me.account_id = $1 AND EXISTS (SELECT 1 FROM game_seats them \
     WHERE them.game_id = me.game_id AND them.account_id = $2 AND them.seat <> me.seat)"
);
const RATED_PLAYERS: &str = "SELECT COUNT(*) AS players FROM ratings r JOIN accounts a ON a.id = r.account_id \
    WHERE r.kind = $1 AND r.speed = $2 AND r.model = $3 AND NOT a.banned AND NOT a.is_bot";

/// A page of an account's games that pass `filter`: the account's seats read newest first along one of
/// `game_seats`' per-player indexes (by kind, or by date alone), filtered and cut to the page's length before
/// the page's games are read, so no page reads more of the index than its length and the entries the filters
/// skip.
fn history_page(
    placeholder: Placeholder,
    account_id: Uuid,
    filter: &HistoryFilter,
    before: GameCursor,
    limit: u32,
) -> Assembled {
    let mut query = Assembled::new(
        placeholder,
        &format!(
            "SELECT {} FROM {} WHERE id IN (SELECT me.game_id FROM game_seats me JOIN games g ON g.id = me.game_id \
             WHERE me.account_id = ",
            game_columns!(),
            games_with_progress!()
        ),
    );
    query.value(Value::Id(account_id));
    if let Some(opponent_id) = filter.opponent_id {
        query.text(
            " AND EXISTS (SELECT 1 FROM game_seats them WHERE them.game_id = me.game_id AND them.seat <> me.seat",
        );
        query.text(" AND them.account_id = ").value(Value::Id(opponent_id)).text(")");
    }
    if let Some(kind) = &filter.kind {
        query.text(" AND me.kind = ").value(Value::Text(kind.clone()));
    }
    match filter.result {
        Some(HistoryResult::Win) => {
            query.text(concat!(" AND g.status = 'finished' AND g.winner = ", seat_name_of!("me.seat")))
        }
        Some(HistoryResult::Loss) => {
            query.text(concat!(" AND g.status = 'finished' AND g.winner <> ", seat_name_of!("me.seat")))
        }
        Some(HistoryResult::Draw) => query.text(" AND g.status = 'finished' AND g.winner IS NULL"),
        None => &mut query,
    };
    match filter.speed {
        Some(HistorySpeed::Live(speed)) => {
            query.text(" AND g.speed = ").value(Value::Text(speed.to_owned())).text(" AND NOT g.correspondence")
        }
        Some(HistorySpeed::Correspondence) => query.text(" AND g.correspondence"),
        None => &mut query,
    };
    query.text(" AND (me.created_at, me.game_id) < (").value(Value::Int(before.created_at)).text(", ");
    query.value(Value::Id(before.id)).text(") ORDER BY me.created_at DESC, me.game_id DESC LIMIT ");
    query.value(Value::Int(i64::from(limit))).text(") ORDER BY created_at DESC, id DESC");
    query
}

/// A LIKE pattern matching names that start with `prefix`, its own `%`, `_` and `\` taken literally.
fn prefix_pattern(prefix: &str) -> String {
    let mut pattern = String::with_capacity(prefix.len() + 1);
    for c in name_key(prefix).chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

/// The admins' search: every account whose key matches `$1` (a [`prefix_pattern`]) or, for imported players,
/// whose key in their own namespace matches `$2`, at most `$3` of them in name order (a real player before an
/// imported one of the same name).
const ANY_BY_PREFIX: &str = "WHERE name_key LIKE $1 ESCAPE '\\' OR name_key LIKE $2 ESCAPE '\\' \
     ORDER BY CASE WHEN imported THEN SUBSTR(name_key, 10) ELSE name_key END, imported LIMIT $3";

#[async_trait]
impl<DB: Dialect> ProfileStore for SqlStore<DB> {
    async fn rated_ends(&self, account_id: Uuid, kind: &str, speed: &str) -> Result<Vec<RatedEnd>, StoreError> {
        let rows = DB::statement(RATED_ENDS)
            .bind(DB::to_id(account_id))
            .bind(kind)
            .bind(speed)
            .bind(true)
            .fetch_all(&self.pool)
            .await?;
        let end = |row: &DB::Row| -> Result<RatedEnd, sqlx::Error> {
            Ok(RatedEnd {
                game_id: Self::uuid(row, "id")?,
                players: Self::players(row)?,
                at: row.read("at")?,
                payload: row.read("payload")?,
            })
        };
        Ok(rows.iter().map(end).collect::<Result<_, _>>()?)
    }

    async fn results_between(&self, account_id: Uuid, opponent_id: Uuid) -> Result<ResultCounts, StoreError> {
        let row = DB::statement(RESULTS_BETWEEN)
            .bind(DB::to_id(account_id))
            .bind(DB::to_id(opponent_id))
            .fetch_one(&self.pool)
            .await?;
        Ok(Self::result_counts_from_row(&row)?)
    }

    async fn game_history(
        &self,
        account_id: Uuid,
        filter: &HistoryFilter,
        before: Option<GameCursor>,
        limit: u32,
    ) -> Result<Vec<GameRow>, StoreError> {
        let page = history_page(DB::placeholder, account_id, filter, before.unwrap_or(NEWEST_CURSOR), limit);
        let rows = Self::bind_assembled(&page).fetch_all(&self.pool).await?;
        Ok(rows.iter().map(Self::game_from_row).collect::<Result<_, _>>()?)
    }

    async fn accounts_by_prefix(&self, prefix: &str, limit: u32) -> Result<Vec<AccountRow>, StoreError> {
        let sql = format!(
            "{SELECT_ACCOUNTS} WHERE name_key LIKE $1 ESCAPE '\\' AND NOT imported AND NOT banned \
             ORDER BY name_key LIMIT $2"
        );
        let rows =
            DB::statement(&sql).bind(prefix_pattern(prefix)).bind(i64::from(limit)).fetch_all(&self.pool).await?;
        Ok(rows.iter().map(Self::account_from_row).collect::<Result<_, _>>()?)
    }

    async fn any_accounts_by_prefix(&self, prefix: &str, limit: u32) -> Result<Vec<AccountRow>, StoreError> {
        let pattern = prefix_pattern(prefix);
        let imported_pattern = imported_name_key(&pattern);
        let rows = DB::statement(&format!("{SELECT_ACCOUNTS} {ANY_BY_PREFIX}"))
            .bind(pattern)
            .bind(imported_pattern)
            .bind(i64::from(limit))
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.iter().map(Self::account_from_row).collect::<Result<_, _>>()?)
    }

    async fn rated_players(&self, kind: &str, speed: &str, model: &str) -> Result<i64, StoreError> {
        let row = DB::statement(RATED_PLAYERS).bind(kind).bind(speed).bind(model).fetch_one(&self.pool).await?;
        Ok(row.read("players")?)
    }
}

#[cfg(test)]
mod tests {
    use super::prefix_pattern;

    #[test]
    fn a_prefix_matches_literally_in_any_letter_case() {
        assert_eq!(prefix_pattern("Ala"), "ala%");
        assert_eq!(prefix_pattern("a_b%c\\"), "a\\_b\\%c\\\\%");
    }
}
