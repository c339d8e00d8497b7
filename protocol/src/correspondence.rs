//! REST bodies of correspondence play: playing without a socket, seeks that outlive their creator's session,
//! vacations, conditional moves and notifications.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::game::{DrawAction, GameSnapshot, TimeControl};
use crate::kinds::RulesetSpec;
use crate::rest::{AccountInfo, ColourChoice, GameSummary};
use crate::seat::SeatName;

/// One of my active games in `GET /api/me/games`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct MyGame {
    /// The game.
    #[serde(flatten)]
    pub game: GameSummary,
    /// My seat.
    pub seat: SeatName,
    /// Whether I must act now.
    pub my_turn: bool,
    /// My time left now, in milliseconds.
    pub time_left_ms: i64,
    /// When the running clock falls, if one runs (none while its player is on vacation).
    pub deadline_ms: Option<i64>,
}

/// `GET /api/me/games`: my active games, those where it is my turn first, then by deadline.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct MyGames {
    /// The games.
    pub games: Vec<MyGame>,
}

/// `POST /api/games/{id}/moves`: the REST twin of the `move` frame, with the same rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayMove {
    /// The number of actions played so far, as the client believes.
    pub ply: u32,
    /// The client's own id for this move (1–64 characters); resending the same `ply` and id is safe.
    pub client_move_id: String,
    /// The actions in the game's notation.
    pub notation: String,
}

/// `POST /api/games/{id}/draw`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DrawRequest {
    /// Offer, accept or decline.
    pub action: DrawAction,
}

/// `POST /api/games/{id}/agreed-end`: end the game scored by its rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AgreedEndRequest {
    /// Offer, accept or decline.
    pub action: DrawAction,
}

/// The answer to a game action over REST: the event's sequence number and the game after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ActionDone {
    /// The sequence number of the resulting event (for a repeated move, the original one's).
    pub seq: u64,
    /// The game as it is now.
    pub game: GameSnapshot,
}

/// A conditional move: if the opponent's whole next turn is `condition`, the server plays `reply` for me.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConditionalLine {
    /// The opponent's whole turn, in the game's notation (from the start of the turn).
    pub condition: String,
    /// My whole turn in answer.
    pub reply: String,
}

/// The most conditional lines a player may keep in one game.
pub const MAX_CONDITIONAL_LINES: usize = 32;

/// `PUT` and `GET /api/games/{id}/conditional-moves`: my conditional moves in a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConditionalMoves {
    /// At most one line per condition, and at most [`MAX_CONDITIONAL_LINES`] lines.
    #[schemars(length(max = MAX_CONDITIONAL_LINES))]
    pub lines: Vec<ConditionalLine>,
}

/// `POST /api/me/vacation`: go on vacation now, for whole days from the yearly bank.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StartVacation {
    /// Days, at least 1 and at most what is left in the bank.
    pub days: u32,
}

/// A vacation: from its start until its planned end, or until ended early.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Vacation {
    /// When it started, in milliseconds since the Unix epoch.
    pub started_at_ms: i64,
    /// When it ends unless ended early.
    pub ends_at_ms: i64,
}

/// `GET /api/me/vacation`: my vacation bank and my current vacation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct VacationStatus {
    /// Vacation days per year.
    pub days_per_year: u32,
    /// Days left in the bank (a day begun counts as taken).
    pub days_left: u32,
    /// The current vacation, if I am on one.
    pub current: Option<Vacation>,
}

/// The smallest reminder threshold, in percent of a turn's time used.
pub const MIN_REMINDER_THRESHOLD: u8 = 1;
/// The largest reminder threshold, in percent of a turn's time used.
pub const MAX_REMINDER_THRESHOLD: u8 = 99;
/// The longest webhook URL accepted, in characters.
pub const MAX_WEBHOOK_URL_CHARS: usize = 2048;

/// `GET` and `PUT /api/me/notifications/settings`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NotificationSettings {
    /// Remind me when this share of my time for a turn is used, in percent (1–99); default `[80]`.
    #[schemars(inner(range(min = MIN_REMINDER_THRESHOLD, max = MAX_REMINDER_THRESHOLD)))]
    pub reminder_thresholds: Vec<u8>,
    /// Where to POST notifications (http or https); `null` for none.
    #[serde(default)]
    #[schemars(length(max = MAX_WEBHOOK_URL_CHARS))]
    pub webhook_url: Option<String>,
}

/// My notification settings as stored, with the secret webhook bodies are signed with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct NotificationSettingsView {
    /// Reminder thresholds in percent of a turn's time used.
    pub reminder_thresholds: Vec<u8>,
    /// The webhook, if any.
    pub webhook_url: Option<String>,
    /// The key of the `X-Kartka-Signature` HMAC-SHA256 over each webhook body (hex); present with a webhook.
    pub webhook_secret: Option<String>,
}

/// A language the server writes texts in: notifications and webhook texts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Language {
    /// English (the default).
    #[default]
    En,
    /// Polish.
    Pl,
    /// Russian.
    Ru,
}

/// `PUT /api/me/language`: the language my notifications and webhook texts are written in. The browser sends
/// the site's language when it changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LanguageSetting {
    /// The language.
    pub language: Language,
}

/// What a notification is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum NotificationKind {
    /// It became my turn.
    YourTurn,
    /// A threshold of my time for this turn has been used.
    Reminder,
    /// A test delivery to my webhook, asked for with `POST /api/me/notifications/test`: about no game (its
    /// `game_id` is the nil UUID), never stored, listed or retried.
    Test,
}

/// A notification to one account: pushed on its stream and WebSockets, and POSTed to its webhook.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Notification {
    /// The notification's id (the same on every channel, and in the webhook's `X-Kartka-Notification` header).
    pub id: Uuid,
    /// The account it is for.
    pub account_id: Uuid,
    /// What it is about.
    pub kind: NotificationKind,
    /// The game.
    pub game_id: Uuid,
    /// The game's ply when the turn began.
    pub turn_ply: u32,
    /// For a reminder, the threshold reached, in percent.
    pub threshold_percent: Option<u8>,
    /// The name of the account's opponent in the game; `null` in a webhook test, which has no game.
    #[serde(default)]
    pub opponent: Option<String>,
    /// When the turn's time runs out, if the clock runs.
    pub deadline_ms: Option<i64>,
    /// When the notification was made, in milliseconds since the Unix epoch.
    pub at_ms: i64,
    /// The language of `text`: the account's (`PUT /api/me/language`).
    #[serde(default)]
    pub language: Language,
    /// The notification for people, in `language` (e.g. `Twój ruch (przeciwnik: bob).`); the other fields say
    /// the same for programs.
    #[serde(default)]
    pub text: String,
}

/// `POST /api/me/notifications/test`: what my webhook answered a test delivery.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct WebhookTest {
    /// Whether the webhook answered with a 2xx status.
    pub delivered: bool,
    /// The HTTP status it answered; `null` when it could not be reached (or its address was refused).
    pub status: Option<u16>,
}

/// `GET /api/notifications`: my latest notifications, newest first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct NotificationList {
    /// The notifications.
    pub notifications: Vec<Notification>,
}

/// `POST /api/seeks`: an open correspondence game offer anyone may accept, while its creator is away.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateSeek {
    /// Game kind and options.
    pub ruleset: RulesetSpec,
    /// A correspondence time control.
    pub time_control: TimeControl,
    /// The creator's seat.
    #[serde(default)]
    pub colour: ColourChoice,
    /// Whether the game changes ratings (default: casual). Only registered accounts may make or accept a rated
    /// seek.
    #[serde(default)]
    pub rated: bool,
    /// How long the seek stays open, in seconds (default 7 days, at most 30 days).
    #[serde(default)]
    pub expires_in_seconds: Option<u32>,
}

/// Where a seek stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeekStatus {
    /// Waiting for someone to accept.
    Open,
    /// Accepted: `game_id` is the game.
    Accepted,
    /// Withdrawn by its creator.
    Cancelled,
    /// Not accepted in time.
    Expired,
}

/// A correspondence seek.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Seek {
    /// The seek's id.
    pub id: Uuid,
    /// Who made it.
    pub creator: AccountInfo,
    /// In a game of two: who accepted it, once accepted; absent otherwise (see `joined`).
    pub acceptor: Option<AccountInfo>,
    /// How many seats the game has: the creator's and one per player who takes one.
    #[serde(default = "crate::rest::two_seats")]
    pub seats: u8,
    /// Who took a seat, the creator first, in the order they did: `joined.len()` of `seats` are taken, and the
    /// game starts when every seat is.
    #[serde(default)]
    pub joined: Vec<AccountInfo>,
    /// Game kind and options.
    pub ruleset: RulesetSpec,
    /// The time control.
    pub time_control: TimeControl,
    /// The creator's seat choice.
    pub colour: ColourChoice,
    /// Whether the game changes ratings.
    pub rated: bool,
    /// Where it stands.
    pub status: SeekStatus,
    /// The game, once accepted.
    pub game_id: Option<Uuid>,
    /// When it was made, in milliseconds since the Unix epoch.
    pub created_at_ms: i64,
    /// When it expires if nobody accepts it.
    pub expires_at_ms: i64,
}

/// `GET /api/seeks`: open seeks, newest first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SeekList {
    /// The seeks.
    pub seeks: Vec<Seek>,
}
