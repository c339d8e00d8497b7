//! Bodies of the REST API (JSON). Errors come as [`ErrorBody`] with a matching HTTP status.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::error::ErrorCode;
use crate::game::{GameResult, GameStatus, PlayerInfo, SpeedClass, TimeControl};
use crate::kinds::{GameKindName, RulesetSpec};
use crate::seat::SeatName;

/// An account as others see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct AccountInfo {
    /// The account id.
    pub id: Uuid,
    /// The display name (unique).
    pub name: String,
    /// Whether the account is a guest.
    pub guest: bool,
    /// Whether the account is a bot (a program, marked by an admin); absent in a request means not.
    #[serde(default)]
    pub bot: bool,
}

/// `GET /api/bots`: the server's built-in bot, one account per level, weakest first; empty when the server
/// runs none. Challenge an account to play it at that level.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct BuiltinBots {
    /// The accounts, level 1 first.
    pub bots: Vec<BuiltinBot>,
    /// After how many milliseconds of waiting in a quick-pairing pool the lobby offers a game against the bot
    /// instead; `null` when the server makes no such offer (or runs no bot).
    pub offer_after_ms: Option<u64>,
}

/// One level of the built-in bot.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct BuiltinBot {
    /// 1 (a beginner that errs on purpose) to 8 (the strongest).
    pub level: u8,
    /// The account that plays at this level.
    pub account: AccountInfo,
    /// The level's Elo measured against the other levels in Paper Soccer, level 1 at 0: how much stronger it
    /// is than the beginner, not a rating on the server's scale. `null` for the strongest level, which is as
    /// strong as the time it is given.
    pub measured_elo: Option<i32>,
}

/// The fewest characters of an account's or a guest's name.
pub const MIN_NAME_CHARS: usize = 3;
/// The most characters of an account's or a guest's name.
pub const MAX_NAME_CHARS: usize = 24;
/// What a name's characters may be: ASCII letters, digits, `_` and `-` (a regular expression over the whole name).
pub const NAME_PATTERN: &str = "^[A-Za-z0-9_-]+$";
/// The fewest characters of a password.
pub const MIN_PASSWORD_CHARS: usize = 8;
/// The most characters of a password.
pub const MAX_PASSWORD_CHARS: usize = 128;

/// The most characters of a player search's name prefix (`GET /api/players?prefix=`; at least one).
pub const MAX_PREFIX_CHARS: usize = 32;
/// The most names a player search returns (`GET /api/players?limit=`; a larger limit is lowered to it).
pub const MAX_PLAYER_SEARCH: u32 = 100;
/// The most games a page of a player's games holds (`GET /api/players/{name}/games?limit=`; a larger limit is
/// lowered to it).
pub const MAX_GAMES_PAGE: u32 = 100;
/// What a page cursor of a player's games is (`next_before`, passed back as `before`): the last game's
/// creation time in milliseconds, `_`, and its id.
pub const GAME_CURSOR_PATTERN: &str = "^-?[0-9]+_[0-9A-Fa-f-]+$";
/// The most games the list of games being played returns (`GET /api/games?limit=`; a larger limit is lowered
/// to it).
pub const MAX_LIVE_GAMES: u32 = 100;
/// The most players a leaderboard returns (`GET /api/leaderboard/{kind}?limit=`; a larger limit is lowered to
/// it).
pub const MAX_LEADERBOARD: u32 = 200;
/// The most characters of the opening explorer's `moves`: far beyond its twelve turns of any kind.
pub const MAX_EXPLORER_MOVES_CHARS: usize = 4_000;
/// The opening explorer's rating bands: the players' average rating rounded down to a multiple of this.
pub const EXPLORER_BAND_WIDTH: u32 = 200;
/// The highest rating band the opening explorer is asked for.
pub const MAX_EXPLORER_BAND: u32 = 4_000;

/// `POST /api/guest`: create a guest account. The name is optional; one is made up when missing.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GuestRequest {
    /// The wished display name (3–24 letters, digits, `_` or `-`); a number is added when taken.
    #[serde(default)]
    #[schemars(length(min = MIN_NAME_CHARS, max = MAX_NAME_CHARS), regex(pattern = NAME_PATTERN))]
    pub name: Option<String>,
}

/// `POST /api/register` and `POST /api/login`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    /// Username: 3–24 letters, digits, `_` or `-`.
    #[schemars(length(min = MIN_NAME_CHARS, max = MAX_NAME_CHARS), regex(pattern = NAME_PATTERN))]
    pub username: String,
    /// Password: 8–128 characters.
    #[schemars(length(min = MIN_PASSWORD_CHARS, max = MAX_PASSWORD_CHARS))]
    pub password: String,
}

/// A new session: the bearer token for REST (`Authorization: Bearer …`) and WebSocket (`hello`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Session {
    /// The token. Only its hash is stored; it cannot be shown again.
    pub token: String,
    /// The account it authenticates.
    pub account: AccountInfo,
    /// When the token expires, in milliseconds since the Unix epoch.
    pub expires_at_ms: i64,
    /// Whether the account has the admin role (the admin pages are at `/admin/`).
    #[serde(default)]
    pub admin: bool,
}

/// `GET /api/me`: the signed-in account and its role now (a role granted or revoked since sign-in shows here).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Me {
    /// The account.
    #[serde(flatten)]
    pub account: AccountInfo,
    /// Whether the account has the admin role now.
    pub admin: bool,
}

/// Which seat the challenger takes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ColourChoice {
    /// The challenger moves first.
    First,
    /// The challenger moves second.
    Second,
    /// The server draws the seats when the challenge is accepted.
    #[default]
    Random,
}

/// `POST /api/challenges`: challenge named players, or (none named) open a challenge link anyone may accept. A
/// game of two seats names its one opponent in `opponent`; a game of more seats names every other seat's player
/// in `invited` (or nobody, for an open link that fills seat by seat).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateChallenge {
    /// The challenged player's name, in a game of two; absent for an open challenge.
    #[serde(default)]
    pub opponent: Option<String>,
    /// The challenged players' names, one per seat besides the challenger's (not together with `opponent`);
    /// empty for an open challenge.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub invited: Vec<String>,
    /// Game kind and options.
    pub ruleset: RulesetSpec,
    /// The time control.
    pub time_control: TimeControl,
    /// The challenger's seat.
    #[serde(default)]
    pub colour: ColourChoice,
    /// Whether the game changes ratings (default: casual).
    #[serde(default)]
    pub rated: bool,
    /// How long the challenge stays open, in seconds (default 600, at most 7 days).
    #[serde(default)]
    pub expires_in_seconds: Option<u32>,
}

/// Where a challenge stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ChallengeStatus {
    /// Waiting for an answer.
    Open,
    /// Accepted: `game_id` is the game.
    Accepted,
    /// Declined by the challenged player.
    Declined,
    /// Withdrawn by the challenger.
    Cancelled,
    /// Not answered in time.
    Expired,
}

/// A challenge.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Challenge {
    /// The challenge id (also the secret of an open challenge link).
    pub id: Uuid,
    /// Who challenges.
    pub challenger: AccountInfo,
    /// In a game of two: who is challenged, or who accepted an open challenge; absent otherwise (see `invited`
    /// and `joined`).
    pub opponent: Option<AccountInfo>,
    /// How many seats the game has: the challenger's and one per player who takes one.
    #[serde(default = "two_seats")]
    pub seats: u8,
    /// Who is challenged, whether they accepted yet or not; empty for an open challenge.
    #[serde(default)]
    pub invited: Vec<AccountInfo>,
    /// Who took a seat, the challenger first, in the order they did: `joined.len()` of `seats` are taken, and the
    /// game starts when every seat is.
    #[serde(default)]
    pub joined: Vec<AccountInfo>,
    /// Game kind and options.
    pub ruleset: RulesetSpec,
    /// The time control.
    pub time_control: TimeControl,
    /// The challenger's seat choice.
    pub colour: ColourChoice,
    /// Whether the game changes ratings.
    #[serde(default)]
    pub rated: bool,
    /// For a rematch offer: the game it follows.
    #[serde(default)]
    pub rematch_of: Option<Uuid>,
    /// Where it stands.
    pub status: ChallengeStatus,
    /// The game, once accepted.
    pub game_id: Option<Uuid>,
    /// When it was made, in milliseconds since the Unix epoch.
    pub created_at_ms: i64,
    /// When it expires, in milliseconds since the Unix epoch.
    pub expires_at_ms: i64,
}

/// The seats of an offer that does not say: the two of every game before games of more seats.
pub fn two_seats() -> u8 {
    2
}

/// `GET /api/challenges`: the open challenges to and from me.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ChallengeList {
    /// Challenges to me, newest first.
    pub incoming: Vec<Challenge>,
    /// Challenges from me, newest first.
    pub outgoing: Vec<Challenge>,
}

/// A game in a list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct GameSummary {
    /// The game id.
    pub id: Uuid,
    /// Game kind and options.
    pub ruleset: RulesetSpec,
    /// The time control.
    pub time_control: TimeControl,
    /// The speed class of the time control.
    pub speed: SpeedClass,
    /// Whether the result changes the players' ratings.
    pub rated: bool,
    /// The players, first seat first: one per seat.
    pub players: Vec<PlayerInfo>,
    /// Where the game stands.
    pub status: GameStatus,
    /// The result, once finished.
    pub result: Option<GameResult>,
    /// Actions played.
    pub ply: u32,
    /// Who must act, while active.
    pub to_act: Option<SeatName>,
    /// When the game was created, in milliseconds since the Unix epoch.
    pub created_at_ms: i64,
    /// When the game ended, if it has.
    pub finished_at_ms: Option<i64>,
}

/// `GET /api/players/{name}/games`: a page of a player's games, newest first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct GameList {
    /// The games on this page.
    pub games: Vec<GameSummary>,
    /// Pass as `before` to get the next page; absent on the last page.
    pub next_before: Option<String>,
}

/// `GET /api/explorer`: the turns finished games played from a position of their opening, with how those games
/// ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ExplorerPosition {
    /// The seat whose turn it is in the position (`null` when the moves ended the game).
    pub to_act: Option<SeatName>,
    /// Whole turns played to reach the position.
    pub turns_played: u32,
    /// The turns played from here, most played first.
    pub turns: Vec<ExplorerTurn>,
}

/// A turn played from an explorer position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ExplorerTurn {
    /// The turn's actions in the kind's notation (written as one move).
    pub turn: String,
    /// Games that played it.
    pub games: u64,
    /// Of those, games the first seat won.
    pub first_wins: u64,
    /// Drawn games.
    pub draws: u64,
    /// Games the second seat won.
    pub second_wins: u64,
}

/// How a rating is computed: each model keeps ratings and leaderboards of its own, shown on the same scale (a
/// newcomer 1500 ± 350) but not comparable with each other.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RatingModel {
    /// Glicko-2: games of two seats.
    #[default]
    Glicko2,
    /// Weng-Lin (the model of OpenSkill): games that rank three to six seats.
    WengLin,
}

/// One player's rating for a game kind, speed class and rating model (rounded to whole points).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct RatingInfo {
    /// The game kind.
    pub kind: GameKindName,
    /// The speed class.
    pub speed: SpeedClass,
    /// The rating model: `glicko2` for games of two, `weng_lin` for games of more seats.
    #[serde(default)]
    pub model: RatingModel,
    /// The rating.
    pub rating: i32,
    /// The rating deviation now: it grows while the player does not play rated games.
    pub deviation: i32,
    /// Whether the rating is provisional (the deviation is above 110).
    pub provisional: bool,
    /// Rated games played in this kind and speed class.
    pub games: u32,
    /// When the last rated game ended, in milliseconds since the Unix epoch.
    pub last_rated_at_ms: i64,
}

/// A player's results over all their games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ResultCounts {
    /// Games that ended with a result.
    pub finished: u32,
    /// Of those, won.
    pub wins: u32,
    /// Of those, lost.
    pub losses: u32,
    /// Of those, drawn.
    pub draws: u32,
    /// Games called off before both players moved.
    pub aborted: u32,
    /// Games being played now.
    pub active: u32,
}

/// `GET /api/players/{name}`: a player's profile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Profile {
    /// The account.
    pub account: AccountInfo,
    /// When the account was created, in milliseconds since the Unix epoch.
    pub created_at_ms: i64,
    /// Every rating the player has, by game kind and speed class.
    pub ratings: Vec<RatingInfo>,
    /// Results over all games, rated and casual.
    pub results: ResultCounts,
}

/// One row of a leaderboard.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct LeaderboardEntry {
    /// 1 for the best.
    pub rank: u32,
    /// The player.
    pub player: AccountInfo,
    /// The rating.
    pub rating: i32,
    /// The rating deviation now.
    pub deviation: i32,
    /// Rated games played in this kind and speed class.
    pub games: u32,
}

/// `GET /api/leaderboard/{kind}?speed=…`: the best established (not provisional) ratings, best first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Leaderboard {
    /// The game kind.
    pub kind: GameKindName,
    /// The speed class.
    pub speed: SpeedClass,
    /// The rating model whose leaderboard this is.
    #[serde(default)]
    pub model: RatingModel,
    /// The players, best first.
    pub players: Vec<LeaderboardEntry>,
    /// How many players have a rating of this kind and speed class, established or still provisional: when
    /// `players` is empty and this is not, nobody is established yet.
    #[serde(default)]
    pub rated_players: u32,
}

/// `GET /api/players/{name}/rating-history?kind=…&speed=…`: how a rating moved, one point per rated game, in
/// the order the games ended (for a chart).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct RatingHistory {
    /// The game kind.
    pub kind: GameKindName,
    /// The speed class.
    pub speed: SpeedClass,
    /// One point per rated game that changed the rating, oldest first.
    pub points: Vec<RatingPoint>,
}

/// A rating right after one rated game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct RatingPoint {
    /// The game.
    pub game_id: Uuid,
    /// When it ended, in milliseconds since the Unix epoch.
    pub at_ms: i64,
    /// The rating after it.
    pub rating: i32,
    /// Whether the rating was still provisional then.
    pub provisional: bool,
}

/// `GET /api/players/{name}/versus`: the signed-in viewer's results against that player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Versus {
    /// The player.
    pub opponent: AccountInfo,
    /// The viewer's results against them, from the viewer's side.
    pub results: ResultCounts,
}

/// `GET /api/players?prefix=…` (names that start so) and `GET /api/online` (accounts with an open connection).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PlayerList {
    /// The accounts, by name.
    pub players: Vec<AccountInfo>,
}

/// The body of every REST error.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ErrorBody {
    /// The stable code.
    pub code: ErrorCode,
    /// A human-readable explanation. Never internal details.
    pub message: String,
}

/// `GET /healthz`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Health {
    /// `"ok"` when the server can reach its store.
    pub status: String,
    /// The protocol version.
    pub protocol: u32,
}
