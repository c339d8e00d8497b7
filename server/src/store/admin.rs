//! What the store keeps for admins: the archive's view of games (search, flags, an imported game's origin), and
//! the audit log. The import itself is [`ImportStore`](super::ImportStore).

use std::collections::HashMap;

use async_trait::async_trait;
use uuid::Uuid;

use super::{AccountRow, GameChange, GameRow, Millis, MoveRow, RatingRow, StoreError};

/// A game with what the archive knows about it beyond play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArchivedGame {
    /// The game.
    pub game: GameRow,
    /// Where it came from.
    pub origin: GameOrigin,
    /// Its key in the archive's length order: the ply it had when its status or result last changed, which is
    /// its final length once it is over (a game being played keeps the ply it started with; moves do not
    /// rewrite the archive's index, see migrations/postgres/0015_game_progress.sql). `game.state.ply` is where
    /// it stands.
    pub length: i64,
}

/// Where a game came from: played here, or imported from a record file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameOrigin {
    /// For an imported game: the file or upload it came from, and its number there (from 1).
    pub import: Option<ImportSource>,
}

/// The record file an imported game came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportSource {
    /// The file's name, or the label the upload was given.
    pub source: String,
    /// The game's number within it, from 1.
    pub index: i64,
    /// When it was imported.
    pub imported_at: Millis,
}

/// How a search orders games; ties are broken by id in the same direction.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SearchOrder {
    /// By `created_at` (the historic date for imported games).
    #[default]
    Date,
    /// By actions played, as [`ArchivedGame::length`] counts them.
    Length,
}

/// Who won, as a search filter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultFilter {
    /// Finished with the first seat winning.
    FirstWon,
    /// Finished with the second seat winning.
    SecondWon,
    /// Finished without a winner.
    Draw,
}

/// A position in a search's order: the last game seen's sort key and id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchCursor {
    /// The sort key (`created_at` or [`ArchivedGame::length`]) of the last game of the previous page.
    pub key: i64,
    /// Its id.
    pub id: Uuid,
}

/// Filters, order and page position of an archive search. Every filter left `None` matches everything.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameSearch {
    /// Games in which any of these accounts played; `None` for any player. An empty list matches nothing.
    pub players: Option<Vec<Uuid>>,
    /// The game kind's stable name.
    pub kind: Option<String>,
    /// The protocol's `RulesetSpec` as stored (canonical JSON).
    pub ruleset: Option<String>,
    /// `active`, `finished` or `aborted`.
    pub status: Option<String>,
    /// Who won.
    pub result: Option<ResultFilter>,
    /// The stored end reason.
    pub end_reason: Option<String>,
    /// Rated or not.
    pub rated: Option<bool>,
    /// Correspondence (days per move) or live.
    pub correspondence: Option<bool>,
    /// Imported or played here.
    pub imported: Option<bool>,
    /// Created at or after this moment.
    pub from: Option<Millis>,
    /// Created before this moment.
    pub until: Option<Millis>,
    /// The order.
    pub order: SearchOrder,
    /// Newest (or longest) first.
    pub descending: bool,
    /// Only games after this position in the order.
    pub after: Option<SearchCursor>,
}

/// One entry of the audit log. Entries are only ever added.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuditRow {
    /// Its number, in the order entries were written (0 for an entry not yet stored).
    pub id: i64,
    /// When it happened.
    pub at: Millis,
    /// The admin who acted; `None` for the command line or the start-up configuration.
    pub admin_id: Option<Uuid>,
    /// The admin's name then, or `command line` / `configuration`.
    pub actor_name: String,
    /// What was done: `abort`, `adjudicate`, `ban`, `unban`, `grant_admin`, `revoke_admin`, `import`.
    pub action: String,
    /// The game acted on.
    pub game_id: Option<Uuid>,
    /// The account acted on.
    pub account_id: Option<Uuid>,
    /// The action's specifics, as JSON.
    pub details: String,
    /// Why, in the admin's words.
    pub reason: String,
}

/// Which audit entries to read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AuditFilter {
    /// Only entries about this game.
    pub game_id: Option<Uuid>,
    /// Only entries about this account.
    pub account_id: Option<Uuid>,
    /// Only entries older than this one.
    pub before_id: Option<i64>,
}

/// A finished rated game's result, as a rating replay needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatedGame {
    /// The players, in seat order.
    pub players: Vec<Uuid>,
    /// The seat ranked first alone (`first` … `sixth`), or `None` for a draw.
    pub winner: Option<String>,
    /// The payload of the game's last `ended` or `adjudicated` event: its whole result, ranks included. `None`
    /// for a game stored without events (an imported game: two seats, whose `winner` says all).
    pub result_event: Option<String>,
    /// When the game ended.
    pub finished_at: Millis,
}

/// The archive and the audit log. Every [`Store`](super::Store) is one.
#[async_trait]
pub trait AdminStore: Send + Sync {
    /// A game with its origin.
    async fn archived_game(&self, id: Uuid) -> Result<Option<ArchivedGame>, StoreError>;
    /// A page of games matching `search`, in its order.
    async fn search_games(&self, search: &GameSearch, limit: u32) -> Result<Vec<ArchivedGame>, StoreError>;
    /// How many games match `search`'s filters (its page position is ignored).
    async fn count_games(&self, search: &GameSearch) -> Result<i64, StoreError>;
    /// The moves of many games at once, by game.
    async fn moves_of_games(&self, ids: &[Uuid]) -> Result<HashMap<Uuid, Vec<MoveRow>>, StoreError>;
    /// The accounts with these ids (unknown ids are left out).
    async fn accounts_by_ids(&self, ids: &[Uuid]) -> Result<Vec<AccountRow>, StoreError>;
    /// Every account called `name` in any letter case: the real one and the imported player, if they exist.
    async fn accounts_named(&self, name: &str) -> Result<Vec<AccountRow>, StoreError>;

    /// Applies a change of a game made by an admin, and its audit entry, in one transaction (see
    /// [`Store::record`](super::Store::record)).
    async fn record_admin_action(&self, game_id: Uuid, change: &GameChange, entry: &AuditRow)
        -> Result<(), StoreError>;
    /// Bans or unbans an account with its audit entry; banning also ends all its sessions. False (and nothing
    /// written) when the account does not exist or already was so.
    async fn set_banned(&self, account_id: Uuid, banned: bool, entry: &AuditRow) -> Result<bool, StoreError>;
    /// Grants or revokes the admin role with its audit entry. False (and nothing written) when the account does
    /// not exist or already was so.
    async fn set_admin_role(&self, account_id: Uuid, is_admin: bool, entry: &AuditRow) -> Result<bool, StoreError>;
    /// The rated results of a game kind and speed class that changed ratings (both players moved), in the
    /// order the games ended.
    async fn rated_history(&self, kind: &str, speed: &str) -> Result<Vec<RatedGame>, StoreError>;
    /// Replaces every rating of a game kind, speed class and rating model with `ratings`, in one transaction.
    async fn replace_ratings(
        &self,
        kind: &str,
        speed: &str,
        model: &str,
        ratings: &[RatingRow],
    ) -> Result<(), StoreError>;
    /// Marks an account as a bot, or takes the mark away, with its audit entry. False (and nothing written)
    /// when the account does not exist or already was so.
    async fn set_bot(&self, account_id: Uuid, is_bot: bool, entry: &AuditRow) -> Result<bool, StoreError>;
    /// Adds an audit entry on its own (for actions that change no single row, such as an import).
    async fn insert_audit(&self, entry: &AuditRow) -> Result<(), StoreError>;
    /// Audit entries matching `filter`, newest first.
    async fn audit_entries(&self, filter: &AuditFilter, limit: u32) -> Result<Vec<AuditRow>, StoreError>;
}
