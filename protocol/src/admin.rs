//! Bodies of the admin REST API (`/api/admin/…`): archive search, game review, positions, actions, the audit
//! log and imports. Only accounts with the admin role may call it.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::chat::ChatMessage;
use crate::game::{Clocks, EventEnvelope, GameEvent, GameResult};
use crate::kinds::GameKindName;
use crate::rest::GameSummary;
use crate::seat::SeatName;

/// What kind of account it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum AccountKindName {
    /// Made in one request, no password.
    Guest,
    /// Username and password.
    Registered,
    /// A name from an imported record: cannot log in.
    Imported,
}

/// An account as admins see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct AdminAccount {
    /// The account id.
    pub id: Uuid,
    /// The display name.
    pub name: String,
    /// Guest, registered or imported.
    pub kind: AccountKindName,
    /// Whether it has the admin role.
    pub is_admin: bool,
    /// Whether it is banned.
    pub banned: bool,
    /// Whether it is a bot.
    #[serde(default)]
    pub bot: bool,
    /// Whether an admin muted its chat.
    #[serde(default)]
    pub chat_muted: bool,
    /// When it was created, in milliseconds since the Unix epoch.
    pub created_at_ms: i64,
}

/// `GET /api/admin/accounts?prefix=…`: the accounts whose names start so, of every kind, banned or not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct AdminAccountList {
    /// The accounts, by name (at most [`MAX_ACCOUNT_SEARCH`]).
    pub accounts: Vec<AdminAccount>,
}

/// The most accounts an admin's account search returns (`GET /api/admin/accounts?prefix=`).
pub const MAX_ACCOUNT_SEARCH: u32 = 50;

/// The record file an imported game came from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ImportOrigin {
    /// The file's name, or the label the upload was given.
    pub source: String,
    /// The game's number in it, from 1.
    pub index: u64,
    /// When it was imported, in milliseconds since the Unix epoch.
    pub imported_at_ms: i64,
}

/// A game in the archive: its summary and where it came from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ArchivedGame {
    /// The game.
    #[serde(flatten)]
    pub game: GameSummary,
    /// For an imported game, its origin (`null` for a game played here).
    pub import: Option<ImportOrigin>,
}

/// `GET /api/admin/games`: a page of search results.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct GameSearchPage {
    /// The games on this page, in the requested order.
    pub games: Vec<ArchivedGame>,
    /// How many games match the filters, on all pages.
    pub total: u64,
    /// Pass as `after` for the next page; absent on the last page.
    pub next_after: Option<String>,
}

/// One move as the server stored it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ReviewedMove {
    /// Actions played before this move.
    pub ply: u32,
    /// The turn it belongs to, from 1 (a turn sent step by step is several moves of one turn).
    pub turn: u32,
    /// Who moved.
    pub seat: SeatName,
    /// The actions in the game's notation.
    pub notation: String,
    /// Whether the move ended the mover's turn.
    pub turn_ended: bool,
    /// When the server received it (`null` for an imported game: the record does not say).
    pub received_at_ms: Option<i64>,
    /// Both clocks right after it (`null` for an imported game).
    pub clocks: Option<Clocks>,
    /// The client's id for the move (`null` for an imported game).
    pub client_move_id: Option<String>,
}

/// What an audit entry records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum AuditAction {
    /// A running game was called off.
    Abort,
    /// A game's result was decided.
    Adjudicate,
    /// An account was banned.
    Ban,
    /// An account's ban was lifted.
    Unban,
    /// An account got the admin role.
    GrantAdmin,
    /// An account lost the admin role.
    RevokeAdmin,
    /// An account was marked as a bot.
    MarkBot,
    /// An account's bot mark was taken away.
    UnmarkBot,
    /// An account's chat was muted.
    MuteChat,
    /// An account's chat mute was lifted.
    UnmuteChat,
    /// Games were imported from a record file.
    Import,
    /// A player's report was resolved.
    ResolveReport,
    /// An admin read a game in progress of a kind with secrets (a fleet, a secret number): the review, the
    /// position or the record showed the players' secrets. Every such read is logged; `details` names the read.
    ReadSecrets,
}

/// One entry of the audit log: who did what, when and why. Entries are never changed or removed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct AuditEntry {
    /// Its number; later entries have larger numbers.
    pub id: i64,
    /// When, in milliseconds since the Unix epoch.
    pub at_ms: i64,
    /// The admin's account; `null` for the command line or the start-up configuration.
    pub admin_id: Option<Uuid>,
    /// The admin's name at the time, or `command line` / `configuration`.
    pub actor: String,
    /// What was done.
    pub action: AuditAction,
    /// The game acted on.
    pub game_id: Option<Uuid>,
    /// The account acted on.
    pub account_id: Option<Uuid>,
    /// The action's specifics (the result decided, the counts of an import, …).
    pub details: serde_json::Value,
    /// Why, in the admin's words.
    pub reason: String,
}

/// One line of a game's timeline: what the server saw, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "source", rename_all = "snake_case")]
pub enum TimelineEntry {
    /// A game event: a move, a connect or disconnect, an offer, a closed connection, the end.
    Game {
        /// The event's sequence number.
        seq: u64,
        /// When the server recorded it.
        at_ms: i64,
        /// What happened.
        event: GameEvent,
    },
    /// An admin action on this game, from the audit log.
    Admin {
        /// When it was done.
        at_ms: i64,
        /// The audit entry.
        entry: AuditEntry,
    },
    /// A chat message in one of the game's channels (the players' or the spectators').
    Chat {
        /// When it was said.
        at_ms: i64,
        /// The message.
        message: ChatMessage,
    },
}

impl TimelineEntry {
    /// When it happened, in milliseconds since the Unix epoch.
    #[must_use]
    pub fn at_ms(&self) -> i64 {
        match self {
            TimelineEntry::Game { at_ms, .. }
            | TimelineEntry::Admin { at_ms, .. }
            | TimelineEntry::Chat { at_ms, .. } => *at_ms,
        }
    }
}

impl From<EventEnvelope> for TimelineEntry {
    fn from(envelope: EventEnvelope) -> Self {
        TimelineEntry::Game { seq: envelope.seq, at_ms: envelope.at_ms, event: envelope.event }
    }
}

/// `GET /api/admin/games/{id}`: a game's full record and timeline.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct GameReview {
    /// The game.
    pub game: ArchivedGame,
    /// Its players' accounts, first seat first: one per seat.
    pub accounts: Vec<AdminAccount>,
    /// Every move, in order.
    pub moves: Vec<ReviewedMove>,
    /// Every game event and admin action, in the order they happened.
    pub timeline: Vec<TimelineEntry>,
    /// The formats `GET /api/admin/games/{id}/record?format=` writes this game's kind in: `own` first, then the
    /// foreign formats the kind lists (`kurnik` for Paper Soccer), which may still refuse a game they cannot
    /// express.
    pub record_formats: Vec<String>,
}

/// The most legal actions a position lists (`GET /api/admin/games/{id}/position`): a position with more (a Dots
/// field has hundreds of free points) lists the first ones, in the game's fixed order, and says `truncated`.
pub const MAX_POSITION_LEGAL_ACTIONS: usize = 100;

/// `GET /api/admin/games/{id}/position?ply=N`: a game after its first `ply` actions, whatever its kind: who acts,
/// whether the rules ended it there, what may be played and what was played. Actions and moves are written in
/// the game's notation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct GamePosition {
    /// The game.
    pub game_id: Uuid,
    /// Its kind, named as in a ruleset.
    pub kind: GameKindName,
    /// Actions played to reach this position.
    pub ply: u32,
    /// Actions the whole game has.
    pub plies: u32,
    /// The seat to act here, by the rules; `null` once the rules ended the game.
    pub to_act: Option<SeatName>,
    /// Whether the rules ended the game here (a game ended otherwise, by time or resignation, is not over at any
    /// ply by the rules; its review says how it ended).
    pub over: bool,
    /// How the rules ended it, when `over`.
    pub outcome: Option<GameResult>,
    /// The actions legal here, in the game's fixed order, at most [`MAX_POSITION_LEGAL_ACTIONS`].
    pub legal_actions: Vec<String>,
    /// Whether more actions are legal than `legal_actions` lists.
    pub truncated: bool,
    /// The stored moves played to reach this position, in order; when `ply` stops inside a move, its last entry
    /// holds that move's actions up to `ply`.
    pub moves: Vec<String>,
}

/// The most entries a page of the audit log holds (`GET /api/admin/audit?limit=`; a larger limit is lowered
/// to it).
pub const MAX_AUDIT_PAGE: u32 = 500;
/// The most characters of an import's source label (`POST /api/admin/import?source=`; at least one, not
/// counting surrounding white space).
pub const MAX_IMPORT_SOURCE_CHARS: usize = 200;

/// The most characters of an admin's written reason (at least one, not counting surrounding white space).
pub const MAX_REASON_CHARS: usize = 1000;

/// `POST /api/admin/games/{id}/abort`, `POST /api/admin/accounts/{name}/ban` and `/unban`: the reason, which the
/// audit log keeps.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ActionReason {
    /// Why (1–1000 characters).
    #[schemars(length(min = 1, max = MAX_REASON_CHARS))]
    pub reason: String,
}

/// `POST /api/admin/accounts/{name}/chat-mute`: mute an account's chat, or lift the mute.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ChatMute {
    /// Whether the account's chat is muted from now on.
    pub muted: bool,
    /// Why (1–1000 characters).
    #[schemars(length(min = 1, max = MAX_REASON_CHARS))]
    pub reason: String,
}

/// `POST /api/admin/accounts/{name}/bot`: mark an account as a bot, or take the mark away.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BotMark {
    /// Whether the account is a bot from now on.
    pub bot: bool,
    /// Why (1–1000 characters).
    #[schemars(length(min = 1, max = MAX_REASON_CHARS))]
    pub reason: String,
}

/// The result an admin decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DecidedResult {
    /// The first seat wins.
    First,
    /// The second seat wins.
    Second,
    /// Nobody wins.
    Draw,
}

/// `POST /api/admin/games/{id}/adjudicate`: the result as `result` (a game of two seats) or as `ranks` (a game of
/// any seats), exactly one of them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Adjudication {
    /// The result of a game of two seats.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<DecidedResult>,
    /// The rank of each seat, first seat first, for a game of any number of seats: 1 is best and seats that tie
    /// share the better rank (`[2, 1, 3]`; `[1, 1, 3]`), as a game's result ranks them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ranks: Option<Vec<u8>>,
    /// Why (1–1000 characters).
    #[schemars(length(min = 1, max = MAX_REASON_CHARS))]
    pub reason: String,
}

/// The answer to an action on a game: the game now, and the audit entry written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct GameActionDone {
    /// The game after the action.
    pub game: ArchivedGame,
    /// The audit entry.
    pub audit: AuditEntry,
}

/// The answer to an action on an account: the account now, and the audit entry written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct AccountActionDone {
    /// The account after the action.
    pub account: AdminAccount,
    /// The audit entry.
    pub audit: AuditEntry,
}

/// `GET /api/admin/audit`: a page of the audit log, newest first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct AuditPage {
    /// The entries.
    pub entries: Vec<AuditEntry>,
    /// Pass as `before` for the next page; absent on the last page.
    pub next_before: Option<i64>,
}

/// A game of a record file that was not imported, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ImportRejection {
    /// The game's number in the file, from 1.
    pub index: u64,
    /// Why it was not imported.
    pub reason: String,
}

/// `POST /api/admin/import`: what an import did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ImportReport {
    /// The source label the games were stored under.
    pub source: String,
    /// Games found in the file.
    pub read: u64,
    /// Games stored now.
    pub imported: u64,
    /// Games skipped because they were imported from this source before.
    pub already_imported: u64,
    /// Games refused: unreadable, illegal, or with a result the rules contradict (the first 100 are listed).
    pub rejected: u64,
    /// The first refused games and why.
    pub rejections: Vec<ImportRejection>,
}

/// One line of `GET /api/admin/export/games.ndjson`: a game with all its moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ExportedGame {
    /// The game.
    #[serde(flatten)]
    pub game: ArchivedGame,
    /// Every move, in order.
    pub moves: Vec<ReviewedMove>,
}
