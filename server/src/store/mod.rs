//! Storage: the [`Store`] interface and its PostgreSQL and SQLite implementations.
//!
//! Architecture invariant: the store is the source of truth. Every change to a game goes through
//! [`Store::record`], guarded by the game's sequence number, so a concurrent or repeated change fails cleanly
//! with [`StoreError::Conflict`] and nothing is half-written. Changes of many games are committed together
//! (group commit, `sql/batch.rs`), in several transactions at once on PostgreSQL, each answered only after its
//! transaction commits; a game's changes commit one after another, in the order they were recorded.
//!
//! Times are milliseconds since the Unix epoch (`i64`); rules and time controls are stored as the protocol's
//! JSON text, so the store needs no knowledge of game kinds.

mod admin;
mod chat;
mod cluster;
mod correspondence;
mod explorer;
mod import;
mod offers;
mod postgres;
mod profile;
mod reports;
mod sole_node;
mod sql;
mod sqlite;

use std::collections::HashMap;
use std::num::NonZeroUsize;
use std::sync::Arc;

use async_trait::async_trait;
use uuid::Uuid;

use crate::telemetry::PoolUse;

pub use admin::{
    AdminStore, ArchivedGame, AuditFilter, AuditRow, GameOrigin, GameSearch, ImportSource, RatedGame, ResultFilter,
    SearchCursor, SearchOrder,
};
pub use chat::{ChannelName, ChatRow, ChatStore, LobbyMute};
pub use cluster::{ClusterStore, LeaseTake, NodeRow};
pub use correspondence::{
    ConditionalRow, CorrespondenceStore, NotificationRow, NotificationSettingsRow, Outage, PublishedNotification,
    VacationRow, WebhookJob,
};
pub use explorer::{ExplorerQuery, ExplorerRow, ExplorerStore, TurnCount};
pub use import::{ImportStore, ImportedGame};
pub use offers::{ChallengeRow, OfferKind, OfferRow, OfferSeat, OfferStore, SeatChange, SeekRow};
pub use postgres::PostgresStore;
pub use profile::{HistoryFilter, HistoryResult, HistorySpeed, ProfileStore, RatedEnd};
pub use reports::{ReportRow, ReportStore, Resolution};
pub use sole_node::SoleNode;
pub use sql::CommitSettings;
pub use sqlite::SqliteStore;

/// How many games one statement of [`Store::events_after_each`] names at most, to keep its `OR` list short (a
/// notification of the cluster bus names at most a few hundred).
pub const EVENT_READ_GAMES: usize = 256;

/// Opens the store a database URL names and brings its schema up to date: `postgres://…` or
/// `postgresql://…` for PostgreSQL; `sqlite:path` for a SQLite file, created if missing (`sqlite::memory:` for
/// a throw-away database). Any other URL is [`StoreError::UnsupportedUrl`]. `node` is the server node the store
/// writes for: in PostgreSQL, the origin of the news of its commits to the other nodes ([`crate::cluster::bus`]).
/// The store commits with its backend's default settings (see [`open_with`]).
pub async fn open(url: &str, node: Uuid) -> Result<Arc<dyn Store>, StoreError> {
    open_with(url, node, None).await
}

/// [`open`], with `committers` group commits at once instead of the backend's default
/// ([`PostgresStore::DEFAULT_COMMITTERS`]; SQLite, whose writer is single, takes only 1 and refuses more with
/// [`StoreError::SingleWriter`]).
pub async fn open_with(url: &str, node: Uuid, committers: Option<NonZeroUsize>) -> Result<Arc<dyn Store>, StoreError> {
    if is_postgres_url(url) {
        let committers = committers.unwrap_or(PostgresStore::DEFAULT_COMMITTERS);
        Ok(Arc::new(PostgresStore::connect_with(url, node, CommitSettings { committers }).await?))
    } else if url.starts_with("sqlite:") {
        if committers.is_some_and(|committers| committers.get() > 1) {
            return Err(StoreError::SingleWriter);
        }
        Ok(Arc::new(SqliteStore::connect(url, node).await?))
    } else {
        Err(StoreError::UnsupportedUrl)
    }
}

/// Whether a database URL names a PostgreSQL database, which several server nodes may share.
pub fn is_postgres_url(url: &str) -> bool {
    url.starts_with("postgres://") || url.starts_with("postgresql://")
}

/// Milliseconds since the Unix epoch.
pub type Millis = i64;

/// Why a store call failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A uniqueness rule or the optimistic sequence check refused the write; nothing was written.
    #[error("conflicting write")]
    Conflict,
    /// The database failed. The message is for logs, never for clients.
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    /// Migrations could not be applied at start-up.
    #[error("migration failed: {0}")]
    Migration(#[from] sqlx::migrate::MigrateError),
    /// The store's committer task is gone (its runtime shut down); the change may or may not be written.
    #[error("the store's committer task has stopped")]
    CommitterGone,
    /// The database URL names no backend kartka supports.
    #[error("unsupported database URL (expected postgres://… or sqlite:…)")]
    UnsupportedUrl,
    /// More than one committer was asked of SQLite, whose database takes one writer at a time.
    #[error("SQLite writes through one connection: it takes one committer")]
    SingleWriter,
    /// The SQLite database's lock file could not be opened or locked (see [`SoleNode`]).
    #[error("the lock file {path} could not be taken: {source}")]
    LockFile {
        /// The lock file.
        path: std::path::PathBuf,
        /// What the operating system said.
        source: std::io::Error,
    },
}

/// Whether an account is a guest, registered, or a player of an imported game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccountKind {
    /// Made in one request, no password; lives as long as its sessions matter.
    Guest,
    /// Username and password.
    Registered,
    /// A name from an imported game record: no password, never logs in. Its name does not keep a real player
    /// from taking the same name.
    Imported,
}

/// An account as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountRow {
    /// The account id.
    pub id: Uuid,
    /// The display name; unique regardless of letter case.
    pub name: String,
    /// Guest or registered.
    pub kind: AccountKind,
    /// The argon2 PHC string, for registered accounts.
    pub password_hash: Option<String>,
    /// Whether the account has the admin role.
    pub is_admin: bool,
    /// Whether an admin marked the account as a bot.
    pub is_bot: bool,
    /// Whether an admin muted the account's chat.
    pub chat_muted: bool,
    /// Whether the account is banned.
    pub banned: bool,
    /// When it was created.
    pub created_at: Millis,
    /// For a guest, the client's address block it was created from (`api/limits.rs` keys addresses so): a ban of
    /// the guest refuses new guests from there for a while. `None` for other accounts.
    pub created_from: Option<String>,
}

/// A login session: only the SHA-256 of the bearer token is stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionRow {
    /// Lower-case hex SHA-256 of the token.
    pub token_hash: String,
    /// The account it authenticates.
    pub account_id: Uuid,
    /// When it was created.
    pub created_at: Millis,
    /// When it stops being valid.
    pub expires_at: Millis,
}

/// The parts of a game that change as it is played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameState {
    /// `active`, `finished` or `aborted`.
    pub status: String,
    /// The seat ranked first alone (`first` … `sixth`), or `None` (a draw, a shared first place, or no result
    /// yet).
    pub winner: Option<String>,
    /// The end reason (the protocol's `EndReasonName` in snake case), once over.
    pub end_reason: Option<String>,
    /// Actions played so far.
    pub ply: i64,
    /// The sequence number of the game's last event.
    pub seq: i64,
    /// Time left per seat at `clock_at`, in ms, in seat order.
    pub clocks_ms: Vec<i64>,
    /// When the clock values were taken; the running clock has run since then.
    pub clock_at: Millis,
    /// The seat that must act (`first` … `sixth`), while active: the first of `seats_to_act`.
    pub to_act: Option<String>,
    /// Every seat that must act, while active, in seat order, separated by commas (`first,second`): several in a
    /// simultaneous phase. `None` when none.
    pub seats_to_act: Option<String>,
    /// When the seat to act runs out of time, while active.
    pub deadline: Option<Millis>,
    /// When the game ended.
    pub finished_at: Option<Millis>,
    /// The result's points per seat in seat order, separated by colons (`3:5`), for games whose rules count
    /// them.
    pub scores: Option<String>,
    /// The result's rank per seat in seat order, separated by colons (`2:1:3`), once finished; `None` before,
    /// and for a game of two stored before ranks were (its winner says them).
    pub ranks: Option<String>,
}

impl GameState {
    /// Whether this state is of a game still in play with no result: what every game's `games` row says from
    /// its creation until it ends. A change to such a state leaves that wide row as it is, so the group commit
    /// writes only the narrow progress row for it.
    pub fn is_in_play(&self) -> bool {
        self.status == "active"
            && self.winner.is_none()
            && self.end_reason.is_none()
            && self.finished_at.is_none()
            && self.scores.is_none()
            && self.ranks.is_none()
    }
}

/// A game as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// The game id.
    pub id: Uuid,
    /// The game kind's stable name (the engine's `GameKind::name`).
    pub kind: String,
    /// The protocol's `RulesetSpec` as JSON.
    pub ruleset: String,
    /// The protocol's `TimeControl` as JSON.
    pub time_control: String,
    /// The speed class of the time control (the protocol's `SpeedClass` in snake case): ratings are kept per
    /// game kind and speed class.
    pub speed: String,
    /// Whether the result changes the players' ratings.
    pub rated: bool,
    /// Whether the time control is a correspondence one (days per move). Stored as a column of its own, so that
    /// the store tells live games from correspondence games without reading `time_control`.
    pub correspondence: bool,
    /// Each seat's account, in seat order: as many as the game has seats. They never change once the game is
    /// stored.
    pub players: Vec<Uuid>,
    /// When it was created (and its clocks set).
    pub created_at: Millis,
    /// The changing parts.
    pub state: GameState,
}

impl GameRow {
    /// The index of the seat `account` plays, if it plays in this game.
    #[must_use]
    pub fn seat_index_of(&self, account: Uuid) -> Option<usize> {
        self.players.iter().position(|&player| player == account)
    }
}

/// One stored move: the actions one frame brought.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    /// Actions played before this move.
    pub ply: i64,
    /// The mover's seat, `first` … `sixth`.
    pub seat: String,
    /// The actions in the game's notation.
    pub notation: String,
    /// Whether the move ended the mover's turn.
    pub turn_ended: bool,
    /// The client's id for the move, for idempotent retries.
    pub client_move_id: String,
    /// Every seat's clock right after the move, in ms, in seat order.
    pub clocks_ms: Vec<i64>,
    /// When the server received the move.
    pub received_at: Millis,
}

/// One stored game event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventRow {
    /// The event's number within its game: 1, 2, 3, …
    pub seq: i64,
    /// The event's type (the protocol's `GameEvent` tag), for queries.
    pub kind: String,
    /// The protocol's `GameEvent` as JSON: the public part, which every viewer may see.
    pub payload: String,
    /// When it was recorded.
    pub at: Millis,
    /// The part of the event only one seat (and admins) may see, in a game with secrets; `None` for every event
    /// of a kind of perfect information.
    pub private: Option<PrivatePart>,
}

/// The part of a stored event that only one seat and admins may see (see [`EventRow::private`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrivatePart {
    /// The seat it is for, by its ordinal (`first`, `second`, …).
    pub seat: String,
    /// The protocol's `GameEvent` as that seat sees it, as JSON.
    pub payload: String,
}

/// The rating model of Glicko-2, which rates games of two seats (`RatingRow::model`).
pub const GLICKO2: &str = "glicko2";
/// The rating model of Weng-Lin, which rates games that rank more than two seats (`RatingRow::model`).
pub const WENG_LIN: &str = "weng_lin";

/// A player's rating for one game kind, speed class and rating model, as stored: Glicko-2 values on the rating
/// scale ([`GLICKO2`]), or a Weng-Lin skill and its uncertainty on the skill scale ([`WENG_LIN`]).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct RatingRow {
    /// The player.
    pub account_id: Uuid,
    /// The game kind's stable name (the engine's `GameKind::name`).
    pub kind: String,
    /// The speed class, e.g. `blitz`.
    pub speed: String,
    /// The rating model: [`GLICKO2`] or [`WENG_LIN`].
    pub model: String,
    /// The rating (Weng-Lin: the skill).
    pub rating: f64,
    /// The rating deviation as of `updated_at` (Weng-Lin: the uncertainty).
    pub deviation: f64,
    /// The volatility, which Glicko-2 keeps and Weng-Lin has not.
    pub volatility: Option<f64>,
    /// Rated games played.
    pub games: i64,
    /// When the last rated game ended.
    pub updated_at: Millis,
}

/// A rating written together with a game's result. The write is guarded like a game's `seq`: it fails with
/// [`StoreError::Conflict`] unless the stored row still has `expected_games` games (no row at all for 0), so
/// two results computed from the same old rating cannot both land.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingUpdate {
    /// The number of rated games the new values were computed from.
    pub expected_games: i64,
    /// The new values (`games == expected_games + 1`).
    pub rating: RatingRow,
}

/// A player's results over all their games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ResultCounts {
    /// Games that ended with a result.
    pub finished: i64,
    /// Of those, won.
    pub wins: i64,
    /// Of those, lost.
    pub losses: i64,
    /// Of those, drawn.
    pub draws: i64,
    /// Games aborted before every seat moved.
    pub aborted: i64,
    /// Games being played.
    pub active: i64,
}

/// One atomic change of a game: a new event, maybe a move, and the game's new state.
#[derive(Clone, Debug, PartialEq)]
pub struct GameChange {
    /// The game's `seq` the change was computed from; the write fails with [`StoreError::Conflict`] if the
    /// stored game has moved on.
    pub expected_seq: i64,
    /// The event; its `seq` is `expected_seq + 1`.
    pub event: EventRow,
    /// The move, if the change is one.
    pub new_move: Option<MoveRow>,
    /// The game's state after the change (`state.seq == event.seq`).
    pub state: GameState,
    /// The players' new ratings, when the change records a rated result; written in the same transaction.
    pub ratings: Vec<RatingUpdate>,
    /// The explorer rows of the game this change finishes (its opening, see [`crate::explorer`]), written in the
    /// same transaction, so that the explorer holds every committed result; empty for any other change, and for
    /// a kind with secrets. Rows given replace any the game had (an adjudication of a finished game).
    pub explorer: Vec<ExplorerRow>,
}

/// A position in a newest-first list of games: the `created_at` and id of the last game seen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameCursor {
    /// `created_at` of the last game on the previous page.
    pub created_at: Millis,
    /// Id of the last game on the previous page.
    pub id: Uuid,
}

/// Everything kartka stores. Implemented for PostgreSQL and SQLite; one test suite runs against both. What
/// admins need of it is in [`AdminStore`], the import of record files in [`ImportStore`], taking open offers of a game in [`OfferStore`], correspondence play in [`CorrespondenceStore`], chat in
/// [`ChatStore`], what profiles read beyond accounts and ratings in [`ProfileStore`], the opening explorer's
/// turns in [`ExplorerStore`], and the nodes sharing the database and their games' leases in [`ClusterStore`].
#[async_trait]
pub trait Store:
    CorrespondenceStore
    + AdminStore
    + ImportStore
    + OfferStore
    + ChatStore
    + ReportStore
    + ProfileStore
    + ExplorerStore
    + ClusterStore
    + Send
    + Sync
    + 'static
{
    /// Checks that the database answers.
    async fn ping(&self) -> Result<(), StoreError>;
    /// How the database connection pool is used now.
    fn pool_use(&self) -> PoolUse;

    /// Adds an account; [`StoreError::Conflict`] when the name is taken (in any letter case).
    async fn insert_account(&self, account: &AccountRow) -> Result<(), StoreError>;
    /// The account with this id.
    async fn account_by_id(&self, id: Uuid) -> Result<Option<AccountRow>, StoreError>;
    /// The account with this name, in any letter case.
    async fn account_by_name(&self, name: &str) -> Result<Option<AccountRow>, StoreError>;
    /// Whether a guest created from the address block `address` was banned at `since` or later and is banned
    /// still.
    async fn guest_banned_from(&self, address: &str, since: Millis) -> Result<bool, StoreError>;
    /// Grants or revokes the admin role; false when there is no such account.
    async fn set_admin(&self, name: &str, is_admin: bool) -> Result<bool, StoreError>;

    /// Adds a session.
    async fn insert_session(&self, session: &SessionRow) -> Result<(), StoreError>;
    /// The account of an unexpired session with this token hash.
    async fn session_account(&self, token_hash: &str, now: Millis) -> Result<Option<AccountRow>, StoreError>;
    /// Ends a session; false when there was none.
    async fn delete_session(&self, token_hash: &str) -> Result<bool, StoreError>;

    /// Adds a challenge.
    async fn insert_challenge(&self, challenge: &ChallengeRow) -> Result<(), StoreError>;
    /// The challenge with this id.
    async fn challenge(&self, id: Uuid) -> Result<Option<ChallengeRow>, StoreError>;
    /// Open, unexpired challenges from or to this account, newest first.
    async fn open_challenges_of(&self, account_id: Uuid, now: Millis) -> Result<Vec<ChallengeRow>, StoreError>;
    /// Moves an open, unexpired challenge to `status` (declined, cancelled or expired); false when it was not
    /// open any more. A challenge past its expiry that is still open can only be moved to `expired`.
    async fn close_challenge(&self, id: Uuid, status: &str, now: Millis) -> Result<bool, StoreError>;

    /// Adds a game with its first event, and when `runner` names a node, that node's lease of the game in the same
    /// transaction: a new game is never seen active without an owner, so no other node's failover sweep takes a
    /// game its creator is about to start.
    async fn insert_game(&self, game: &GameRow, started: &EventRow, runner: Option<Uuid>) -> Result<(), StoreError>;
    /// The game with this id.
    async fn game(&self, id: Uuid) -> Result<Option<GameRow>, StoreError>;
    /// A page of an account's games, newest first, after `before`.
    async fn games_of(
        &self,
        account_id: Uuid,
        before: Option<GameCursor>,
        limit: u32,
    ) -> Result<Vec<GameRow>, StoreError>;
    /// Every live (not correspondence) game still being played, oldest first: the games a start resumes.
    /// Active correspondence games are not read, however many there are.
    async fn active_live_games(&self) -> Result<Vec<GameRow>, StoreError>;
    /// A game's moves in order.
    async fn moves(&self, game_id: Uuid) -> Result<Vec<MoveRow>, StoreError>;
    /// A game's events with `seq > after_seq`, in order.
    async fn events_after(&self, game_id: Uuid, after_seq: i64) -> Result<Vec<EventRow>, StoreError>;
    /// [`Store::events_after`] of several games at once, each after its own sequence number, in one statement per
    /// [`EVENT_READ_GAMES`] games: the events of each game that has any, in order.
    async fn events_after_each(&self, after: &[(Uuid, i64)]) -> Result<HashMap<Uuid, Vec<EventRow>>, StoreError>;
    /// Applies one change of a game atomically (see [`GameChange`]), its rating updates included. Returns only
    /// after the change is committed; changes of other games recorded meanwhile may share its transaction.
    async fn record(&self, game_id: Uuid, change: &GameChange) -> Result<(), StoreError>;
    /// Applies changes of several games together, as one group commit: one result per change, in order, each
    /// as [`Store::record`] would give it. A change that fails (a stale `expected_seq`, a repeated ply) fails
    /// alone; two changes of one game are applied one after the other, in order.
    async fn record_many(&self, changes: &[(Uuid, GameChange)]) -> Vec<Result<(), StoreError>>;
    /// Open, unexpired rematch offers that follow this game.
    async fn open_rematches(&self, game_id: Uuid, now: Millis) -> Result<Vec<ChallengeRow>, StoreError>;
    /// The game a rematch of this game started, if one was accepted.
    async fn accepted_rematch(&self, game_id: Uuid) -> Result<Option<Uuid>, StoreError>;
    /// An account's results over all its games.
    async fn result_counts(&self, account_id: Uuid) -> Result<ResultCounts, StoreError>;

    /// An account's rating for a game kind and speed class; `None` before its first rated game there.
    async fn rating(
        &self,
        account_id: Uuid,
        kind: &str,
        speed: &str,
        model: &str,
    ) -> Result<Option<RatingRow>, StoreError>;
    /// Every rating of an account, by kind and speed class.
    async fn ratings_of(&self, account_id: Uuid) -> Result<Vec<RatingRow>, StoreError>;
    /// A page of the ratings of a kind and speed class whose stored deviation is at most `max_deviation`, best
    /// first, of accounts that are not banned.
    async fn leaderboard(
        &self,
        kind: &str,
        speed: &str,
        model: &str,
        max_deviation: f64,
        offset: u32,
        limit: u32,
    ) -> Result<Vec<(AccountRow, RatingRow)>, StoreError>;
}
