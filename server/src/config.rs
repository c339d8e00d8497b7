//! Server configuration: every option is a command-line flag and an environment variable.

use std::net::SocketAddr;
use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::time::Duration;

use crate::bot_client::{ChallengePolicy, ThinkingLimits};
use crate::lobby::pairing::Windows;

/// The most accounts `--lobby-chat-mutes` may let one player mute: the lobby's `chat_history` lists them all in
/// its first frame, beside up to half a frame of messages, and must stay within `MAX_SERVER_FRAME_BYTES`.
pub const LOBBY_CHAT_MUTES_CEILING: usize = 200;

/// How log lines are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// Human-readable lines.
    Plain,
    /// One JSON object per line, for log collectors.
    Json,
}

/// Options of `kartka serve`.
#[derive(Clone, Debug, clap::Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "KARTKA_LISTEN", default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,
    /// A directory of the files games play with beyond the shipped ones, read when the server starts: each kind
    /// that has such files reads its own folder of it (docs/operations.md, "Game data", lists the folders). Each file
    /// is checked first, and one that fails stops the start. Every node of a cluster must load the same files: a
    /// game whose data a node lacks is refused there.
    #[arg(long, env = "KARTKA_DATA_DIR")]
    pub data_dir: Option<std::path::PathBuf>,
    /// Where games are stored: `postgres://…` for PostgreSQL, `sqlite:FILE` for SQLite.
    #[arg(long, env = "DATABASE_URL", default_value = "sqlite:kartka.db")]
    pub database_url: String,
    /// How many group commits may write at once (PostgreSQL only; default 4). SQLite takes one writer at a
    /// time: it refuses more than 1.
    #[arg(long, env = "KARTKA_STORE_COMMITTERS")]
    pub store_committers: Option<NonZeroUsize>,
    /// Serve Prometheus metrics at `/metrics` on this address, a listener of its own (e.g. `127.0.0.1:9090`);
    /// off when unset. Keep it off the public network: the page tells how busy the server is.
    #[arg(long, env = "KARTKA_METRICS_ADDR")]
    pub metrics_addr: Option<SocketAddr>,
    /// Log filter, e.g. `info` or `kartka_server=debug,info`.
    #[arg(long, env = "KARTKA_LOG", default_value = "info")]
    pub log_level: String,
    /// Log line format.
    #[arg(long, env = "KARTKA_LOG_FORMAT", value_enum, default_value = "plain")]
    pub log_format: LogFormat,
    /// Browser origins allowed to open WebSockets, comma-separated (e.g. `https://kartka.example`). The
    /// server's own origin (matching the request's Host) is always allowed; clients that send no Origin
    /// (bots) are not affected.
    #[arg(long, env = "KARTKA_ALLOWED_ORIGINS", value_delimiter = ',')]
    pub allowed_origins: Vec<String>,
    /// Seconds an absent player has before the opponent may claim the win.
    #[arg(long, env = "KARTKA_DISCONNECT_GRACE", default_value_t = 30)]
    pub disconnect_grace_seconds: u64,
    /// Milliseconds each side of a live game has for its first move, before which its main clock does not run;
    /// a side that does not move in time gets the game aborted. 0: no first-move time (clocks run from the start).
    #[arg(long, env = "KARTKA_FIRST_MOVE_MS", default_value_t = 30_000)]
    pub first_move_ms: u64,
    /// WebSocket messages a connection may send per second (bursts of twice as many are allowed).
    #[arg(long, env = "KARTKA_WS_RATE", default_value_t = 20)]
    pub ws_messages_per_second: u32,
    /// Sign-in attempts for one account from one client address per minute (a burst of as many, then one per
    /// 1/n minute): a guesser is slowed on the account without locking its owner out from elsewhere.
    #[arg(long, env = "KARTKA_LOGIN_RATE_ACCOUNT", default_value_t = 10)]
    pub logins_per_account_per_minute: u32,
    /// Sign-in attempts for one account per minute from all addresses together: a ceiling against guessing
    /// spread over many addresses, far above what its owner ever needs.
    #[arg(long, env = "KARTKA_LOGIN_RATE_ACCOUNT_TOTAL", default_value_t = 100)]
    pub logins_per_account_total_per_minute: u32,
    /// Sign-in attempts one client address may make per minute (IPv6: per /64).
    #[arg(long, env = "KARTKA_LOGIN_RATE_ADDRESS", default_value_t = 30)]
    pub logins_per_address_per_minute: u32,
    /// New accounts (guests and registrations) one client address may create per minute (IPv6: per /64).
    #[arg(long, env = "KARTKA_ACCOUNT_RATE_ADDRESS", default_value_t = 60)]
    pub accounts_per_address_per_minute: u32,
    /// Minutes after a guest is banned during which no new guest is created from the client address it was
    /// created from (IPv6: its /64), so that a ban holds for more than one tap (0: no cool-down).
    #[arg(long, env = "KARTKA_GUEST_BAN_COOLDOWN_MINUTES", default_value_t = 60)]
    pub guest_ban_cooldown_minutes: u64,
    /// Chat messages one account may send per minute, in every channel together (a burst of up to 5, then one
    /// per 1/n minute).
    #[arg(long, env = "KARTKA_CHAT_RATE", default_value_t = 12)]
    pub chat_messages_per_minute: u32,
    /// Accounts one player may mute in the lobby chat (each a stored row, and an entry in every lobby
    /// subscription of the player): muting one more is refused with `too_many_mutes`. At most
    /// `LOBBY_CHAT_MUTES_CEILING`.
    #[arg(long, env = "KARTKA_LOBBY_CHAT_MUTES", default_value_t = 100)]
    pub lobby_chat_mutes: usize,
    /// Reports (`POST /api/reports`) one account may make per hour, in a burst of up to as many: each is a
    /// stored row that admins must read. Beyond, `rate_limited`.
    #[arg(long, env = "KARTKA_REPORTS_RATE", default_value_t = 10)]
    pub reports_per_hour: u32,
    /// Opening explorer queries (`GET /api/explorer`) one client address may make per minute (IPv6: per /64), in
    /// a burst of up to as many: each reads the explorer's tables, and a page asks once per position shown.
    #[arg(long, env = "KARTKA_EXPLORER_RATE", default_value_t = 120)]
    pub explorer_queries_per_minute: u32,
    /// The most an imported record file (`POST /api/admin/import`, `kartka admin import`) may unpack to, in MiB:
    /// a gzip file of half a megabyte can inflate to gigabytes. The largest real archive, 33,549 games, is 25 MiB
    /// unpacked.
    #[arg(long, env = "KARTKA_IMPORT_UNPACKED_MB", default_value_t = 256)]
    pub import_unpacked_mb: u64,
    /// The largest record file an admin may upload (`POST /api/admin/import`), in MiB; a larger body is refused
    /// with 413 `frame_too_large`. The largest archive imported so far, 33,549 games, is 2.8 MB gzipped and
    /// 25 MB unpacked.
    #[arg(long, env = "KARTKA_IMPORT_MAX_MB", default_value_t = 64)]
    pub import_max_mb: usize,
    /// Password hashes computed at once (each takes about 19 MiB); default: twice the CPU cores.
    #[arg(long, env = "KARTKA_PASSWORD_CHECKS")]
    pub password_checks: Option<usize>,
    /// Take the client address for per-address limits from the last `X-Forwarded-For` entry. Only behind a
    /// reverse proxy that sets it: otherwise clients choose their own address.
    #[arg(long, env = "KARTKA_TRUST_FORWARDED_FOR")]
    pub trust_forwarded_for: bool,
    /// WebSockets open at once from one client address (IPv6: per /64; the address as for the other
    /// per-address limits, so behind a reverse proxy set `--trust-forwarded-for`), signed in or not; beyond,
    /// the upgrade is refused with 429 `too_many_sockets`. Accounts an admin marked as bots are not counted.
    #[arg(long, env = "KARTKA_WS_SOCKETS_PER_ADDRESS", default_value_t = 64)]
    pub ws_sockets_per_address: usize,
    /// Games one WebSocket may watch at once; beyond, `subscribe` is refused with `too_many_subscriptions`.
    /// Bot accounts are not limited (one socket follows every game a bot plays).
    #[arg(long, env = "KARTKA_WS_SUBSCRIPTIONS_PER_SOCKET", default_value_t = 64)]
    pub ws_subscriptions_per_socket: usize,
    /// Finished games kept in memory at once for their spectators (each is loaded on its first subscription and
    /// unloaded when its last spectator leaves); beyond, subscribing to another finished game is refused with
    /// `too_many_watched_games` (its record stays readable over REST).
    #[arg(long, env = "KARTKA_WATCHED_FINISHED_GAMES", default_value_t = 1_000)]
    pub watched_finished_games: usize,
    /// Seconds a WebSocket has to authenticate (`hello`) before it is closed.
    #[arg(long, env = "KARTKA_HELLO_TIMEOUT", default_value_t = 10)]
    pub hello_timeout_seconds: u64,
    /// Seconds an HTTP connection has to send a request's headers (also how long it may idle between
    /// requests).
    #[arg(long, env = "KARTKA_HEADER_TIMEOUT", default_value_t = 10)]
    pub header_timeout_seconds: u64,
    /// Seconds an HTTP request's body has to arrive, counted from its headers; a slower one is answered 408
    /// `request_timeout` and its connection closed. Long enough for the admin import's largest upload on a
    /// slow link.
    #[arg(long, env = "KARTKA_BODY_TIMEOUT", default_value_t = 60)]
    pub body_timeout_seconds: u64,
    /// The longest request URI (path and query) answered, in bytes; a longer one is refused with 414
    /// `uri_too_long` before any handler reads it. No page or API call needs more than a few hundred bytes.
    #[arg(long, env = "KARTKA_MAX_URI_BYTES", default_value_t = 8 * 1024)]
    pub max_uri_bytes: usize,
    /// Seconds between the server's WebSocket pings; a socket silent for two intervals is closed.
    #[arg(long, env = "KARTKA_WS_PING_INTERVAL", default_value_t = 30)]
    pub ws_ping_interval_seconds: u64,
    /// Registered accounts to grant the admin role at start-up, comma-separated (`kartka admin grant USER`
    /// does it while the server runs).
    #[arg(long, env = "KARTKA_ADMINS", value_delimiter = ',')]
    pub admins: Vec<String>,
    /// The built-in bot's account names: `NAME-1` (beginner) to `NAME-8` (strongest), one per level, played by
    /// the server itself through the protocol so that there is always someone to play. Empty turns it off.
    #[arg(long, env = "KARTKA_BUILTIN_BOT", default_value = "kartka-bot")]
    pub builtin_bot: String,
    /// Games each level of the built-in bot plays at once with one challenger; further challenges from them are
    /// declined until one ends.
    #[arg(long, env = "KARTKA_BOT_GAMES_PER_CHALLENGER", default_value_t = 1)]
    pub bot_games_per_challenger: u32,
    /// Games each level of the built-in bot plays at once with everyone together; further challenges are
    /// declined until one ends.
    #[arg(long, env = "KARTKA_BOT_GAMES_AT_ONCE", default_value_t = 8)]
    pub bot_games_at_once: u32,
    /// The most milliseconds the built-in bot thinks about one move, whatever its clock allows.
    #[arg(long, env = "KARTKA_BOT_THINK_PER_MOVE_MS", default_value_t = 10_000)]
    pub bot_think_per_move_ms: u64,
    /// The most seconds the built-in bot thinks over one game; past it, it plays each move at once.
    #[arg(long, env = "KARTKA_BOT_THINK_PER_GAME", default_value_t = 300)]
    pub bot_think_per_game_seconds: u64,
    /// Seconds a player waits in a quick-pairing pool before the lobby offers a game against the built-in bot
    /// instead; 0: never offered.
    #[arg(long, env = "KARTKA_BOT_OFFER_AFTER", default_value_t = 30)]
    pub bot_offer_after_seconds: u64,
    /// Vacation days each account may take in any year.
    #[arg(long, env = "KARTKA_VACATION_DAYS", default_value_t = 30)]
    pub vacation_days_per_year: u32,
    /// Let webhooks go to loopback, private and link-local addresses. Off by default, so that a webhook URL
    /// cannot make the server probe its own network; tests and single-machine set-ups turn it on.
    #[arg(long, env = "KARTKA_WEBHOOK_ALLOW_PRIVATE")]
    pub webhook_allow_private: bool,
    /// For tests only: the length of a correspondence "day", in milliseconds.
    #[arg(long, env = "KARTKA_CORRESPONDENCE_DAY_MS", default_value_t = 86_400_000, hide = true)]
    pub correspondence_day_ms: u64,
    /// For tests only: how often the server records that it is up, in milliseconds.
    #[arg(long, env = "KARTKA_HEARTBEAT_MS", default_value_t = 30_000, hide = true)]
    pub heartbeat_ms: u64,
    /// For tests only: how often the sweeper looks for overdue games and ending vacations, in milliseconds.
    #[arg(long, env = "KARTKA_SWEEP_MS", default_value_t = 10_000, hide = true)]
    pub sweep_ms: u64,
    /// How long an unwatched correspondence game's actor stays in memory after its last request, in
    /// milliseconds. Unwatched games then live only in the store, so that memory does not grow with them.
    #[arg(long, env = "KARTKA_CORRESPONDENCE_IDLE_MS", default_value_t = 60_000)]
    pub correspondence_idle_ms: u64,
    /// How often this node renews its heartbeat in the database (and with it the leases of the games it runs),
    /// and sweeps for live games whose node died, in milliseconds.
    #[arg(long, env = "KARTKA_NODE_HEARTBEAT_MS", default_value_t = 2_000)]
    pub node_heartbeat_ms: u64,
    /// How long a node counts as alive after its last heartbeat, by the database's clock, in milliseconds: a
    /// node silent for longer has its games taken over by another node. Must be longer than the heartbeat
    /// interval, and the same on every node of a database.
    #[arg(long, env = "KARTKA_NODE_TTL_MS", default_value_t = 10_000)]
    pub node_ttl_ms: u64,
    /// Listen for the other nodes' forwarded game commands and subscriptions on this address (e.g.
    /// `10.0.0.5:8081`), a listener of its own; off when unset (one node: nothing is forwarded). Keep it off
    /// the public network: only the other nodes may reach it. Needs `--cluster-secret`.
    #[arg(long, env = "KARTKA_CLUSTER_LISTEN")]
    pub cluster_listen: Option<SocketAddr>,
    /// The URL other nodes dial to reach this node's cluster listener (e.g. `http://10.0.0.5:8081`); derived
    /// from `--cluster-listen` when that is not an unspecified address (0.0.0.0 or ::).
    #[arg(long, env = "KARTKA_CLUSTER_URL")]
    pub cluster_url: Option<String>,
    /// The secret every node of a database shares, sent with each forwarded request and checked by the
    /// receiving node; required with `--cluster-listen`.
    #[arg(long, env = "KARTKA_CLUSTER_SECRET", hide_env_values = true)]
    pub cluster_secret: Option<String>,
    /// Serve the browser client from this directory (e.g. `web`) instead of the copy built into the binary,
    /// so that edits show on reload. For development.
    #[arg(long, env = "KARTKA_WEB_DIR")]
    pub web_dir: Option<PathBuf>,
}

/// The settings the running server uses, derived from [`ServeArgs`] (tests build them directly).
#[derive(Clone, Debug)]
pub struct Settings {
    /// Extra browser origins allowed to open WebSockets.
    pub allowed_origins: Vec<String>,
    /// How long an absent player has before the opponent may claim the win.
    pub disconnect_grace: Duration,
    /// How long each side of a live game has for its first move before the game is aborted; zero: no limit, and
    /// the main clocks run from the start.
    pub first_move: Duration,
    /// WebSocket messages per second per connection.
    pub ws_messages_per_second: u32,
    /// Frames a connection's outbound queue holds before the connection is dropped as too slow.
    pub outbound_queue: usize,
    /// How long a login session lasts.
    pub session_lifetime: Duration,
    /// Accounts granted the admin role at start-up.
    pub admins: Vec<String>,
    /// The built-in bot's base account name (see [`crate::builtin_bot`]); none runs when `None` (the default
    /// for tests, which start it when they need it).
    pub builtin_bot: Option<String>,
    /// Which challenges each level of the built-in bot accepts: how many games at once, with one challenger
    /// and in all.
    pub builtin_bot_policy: ChallengePolicy,
    /// How long the built-in bot may think, per move and per game.
    pub builtin_bot_thinking: ThinkingLimits,
    /// How long a player waits in a quick-pairing pool before the lobby offers the built-in bot instead; `None`:
    /// never offered. Only while the built-in bot runs.
    pub bot_offer_after: Option<Duration>,
    /// Where the browser client's files come from.
    pub web_files: WebFiles,
    /// How quick pairing runs.
    pub lobby: LobbySettings,
    /// Correspondence play: day length, heartbeat, sweeper, vacations, webhooks.
    pub correspondence: CorrespondenceSettings,
    /// Abuse limits and connection timeouts.
    pub limits: Limits,
    /// How this server takes part as a node among the nodes sharing its database.
    pub node: NodeSettings,
    /// How games are forwarded between nodes; `None` (the default): this node forwards nothing, and refuses
    /// a game another node runs with `internal` (retry).
    pub cluster: Option<ClusterSettings>,
}

/// How a node forwards the commands and subscriptions of games other nodes run, and answers theirs (see
/// `games::remote`). Its `Debug` leaves the secret out.
#[derive(Clone, PartialEq, Eq)]
pub struct ClusterSettings {
    /// Where the other nodes reach this node's cluster listener (stored in `nodes.cluster_url`).
    pub url: String,
    /// The secret shared by every node of the database.
    pub secret: String,
}

/// Why the cluster options cannot be used.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClusterConfigError {
    /// A listener that anyone who reaches it could command.
    #[error("--cluster-listen needs --cluster-secret (KARTKA_CLUSTER_SECRET), shared by every node")]
    MissingSecret,
    /// An empty secret is no secret.
    #[error("--cluster-secret may not be empty")]
    EmptySecret,
    /// The other nodes cannot dial an unspecified address.
    #[error("--cluster-listen {0} is an unspecified address: give --cluster-url, the URL other nodes dial")]
    NoUrl(SocketAddr),
    /// The URL is not an http(s) URL.
    #[error("--cluster-url must start with http:// or https://")]
    BadUrl,
    /// Forwarding without a listener: the others could not answer this node's subscriptions' owners.
    #[error("--cluster-url and --cluster-secret need --cluster-listen")]
    NoListener,
}

impl std::fmt::Debug for ClusterSettings {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.debug_struct("ClusterSettings").field("url", &self.url).field("secret", &"…").finish()
    }
}

impl ClusterSettings {
    /// The cluster settings of `kartka serve` listening on `listen` (the bound address, so that port 0 is
    /// resolved): `None` without a cluster listener.
    pub fn from_args(
        args: &ServeArgs,
        listen: Option<SocketAddr>,
    ) -> Result<Option<ClusterSettings>, ClusterConfigError> {
        let Some(listen) = listen else {
            return match (&args.cluster_url, &args.cluster_secret) {
                (None, None) => Ok(None),
                _ => Err(ClusterConfigError::NoListener),
            };
        };
        let secret = args.cluster_secret.clone().ok_or(ClusterConfigError::MissingSecret)?;
        if secret.is_empty() {
            return Err(ClusterConfigError::EmptySecret);
        }
        let url = match &args.cluster_url {
            Some(url) if url.starts_with("http://") || url.starts_with("https://") => {
                url.trim_end_matches('/').to_owned()
            }
            Some(_) => return Err(ClusterConfigError::BadUrl),
            None if listen.ip().is_unspecified() => return Err(ClusterConfigError::NoUrl(listen)),
            None => format!("http://{listen}"),
        };
        Ok(Some(ClusterSettings { url, secret }))
    }
}

/// How a server takes part as a node among those sharing a database (see [`crate::cluster`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeSettings {
    /// How often the node renews its heartbeat (and so its games' leases) and sweeps for games of dead nodes.
    pub heartbeat: Duration,
    /// How long a node counts as alive after its last heartbeat, by the database's clock.
    pub ttl: Duration,
}

impl Default for NodeSettings {
    fn default() -> Self {
        NodeSettings { heartbeat: Duration::from_secs(2), ttl: Duration::from_secs(10) }
    }
}

/// Abuse limits and connection timeouts.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Sign-in attempts per account per minute from one client address.
    pub logins_per_account_per_minute: u32,
    /// Sign-in attempts per account per minute from all addresses.
    pub logins_per_account_total_per_minute: u32,
    /// Sign-in attempts per client address per minute.
    pub logins_per_address_per_minute: u32,
    /// New accounts per client address per minute.
    pub accounts_per_address_per_minute: u32,
    /// How long after a guest's ban new guests from its client address are refused.
    pub guest_ban_cooldown: Duration,
    /// Chat messages per account per minute.
    pub chat_messages_per_minute: u32,
    /// Accounts one player may mute in the lobby chat.
    pub lobby_chat_mutes: usize,
    /// Reports per account per hour.
    pub reports_per_hour: u32,
    /// Opening explorer queries per client address per minute.
    pub explorer_queries_per_minute: u32,
    /// The most an imported record file may unpack to, in bytes.
    pub import_unpacked_bytes: u64,
    /// The largest record file an admin may upload, in bytes.
    pub import_max_bytes: usize,
    /// Password hashes computed at once.
    pub password_checks: usize,
    /// How long a password check waits for its turn before it is refused as busy.
    pub password_check_wait: Duration,
    /// Whether the client address comes from `X-Forwarded-For`.
    pub trust_forwarded_for: bool,
    /// How long a WebSocket may stay unauthenticated.
    pub hello_timeout: Duration,
    /// How long an HTTP connection may take to send a request's headers, or idle between requests.
    pub header_read_timeout: Duration,
    /// How often the server pings a WebSocket; two intervals without a frame from the client close it.
    pub ws_ping_interval: Duration,
    /// How long an HTTP request's body may take to arrive, from its headers.
    pub body_read_timeout: Duration,
    /// The longest request URI (path and query) answered, in bytes.
    pub max_uri_bytes: usize,
    /// WebSockets open at once per client address (bot accounts aside).
    pub sockets_per_address: usize,
    /// Games one WebSocket may watch at once (bot accounts aside).
    pub subscriptions_per_socket: usize,
    /// Finished games kept in memory at once for their spectators.
    pub watched_finished_games: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            logins_per_account_per_minute: 10,
            logins_per_account_total_per_minute: 100,
            logins_per_address_per_minute: 30,
            accounts_per_address_per_minute: 60,
            guest_ban_cooldown: Duration::from_secs(60 * 60),
            chat_messages_per_minute: 12,
            lobby_chat_mutes: 100,
            reports_per_hour: 10,
            explorer_queries_per_minute: 120,
            import_unpacked_bytes: 256 * 1024 * 1024,
            import_max_bytes: 64 * 1024 * 1024,
            password_checks: default_password_checks(),
            password_check_wait: Duration::from_secs(2),
            trust_forwarded_for: false,
            hello_timeout: Duration::from_secs(10),
            header_read_timeout: Duration::from_secs(10),
            ws_ping_interval: Duration::from_secs(30),
            body_read_timeout: Duration::from_secs(60),
            max_uri_bytes: 8 * 1024,
            sockets_per_address: 64,
            subscriptions_per_socket: 64,
            watched_finished_games: 1_000,
        }
    }
}

/// Twice the CPU cores: enough to keep them busy, few enough that hashing memory stays small.
fn default_password_checks() -> usize {
    2 * std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
}

/// Timings and limits of correspondence play.
#[derive(Clone, Debug)]
pub struct CorrespondenceSettings {
    /// How long a "day" of days-per-move and vacations lasts: 24 h, shorter only in tests.
    pub day: Duration,
    /// How often the server records that it is up; downtime is measured from the last record.
    pub heartbeat_interval: Duration,
    /// How often the sweeper looks for overdue games and ending vacations.
    pub sweep_interval: Duration,
    /// How long the actor of an active correspondence game stays in memory with nobody watching and nothing
    /// asked of it. Then it stops: the game is all in the store, a request loads it again, and the sweeper
    /// starts it when its clock falls.
    pub idle_unload: Duration,
    /// How often the notifier looks for due notifications when nothing wakes it.
    pub notify_poll_interval: Duration,
    /// Vacation days per account in any year (365 days).
    pub vacation_days_per_year: u32,
    /// Whether webhooks may go to loopback, private and link-local addresses.
    pub webhook_allow_private: bool,
    /// How long one webhook request may take.
    pub webhook_timeout: Duration,
    /// The wait after a webhook's first failure; it doubles with each further failure, up to the cap.
    pub webhook_first_retry: Duration,
    /// The longest wait between webhook attempts.
    pub webhook_retry_cap: Duration,
    /// Attempts after which a webhook delivery is given up.
    pub webhook_max_attempts: u32,
}

impl Default for CorrespondenceSettings {
    fn default() -> Self {
        CorrespondenceSettings {
            day: Duration::from_secs(24 * 3600),
            heartbeat_interval: Duration::from_secs(30),
            sweep_interval: Duration::from_secs(10),
            idle_unload: Duration::from_secs(60),
            notify_poll_interval: Duration::from_secs(5),
            vacation_days_per_year: 30,
            webhook_allow_private: false,
            webhook_timeout: Duration::from_secs(10),
            webhook_first_retry: Duration::from_secs(30),
            webhook_retry_cap: Duration::from_secs(3600),
            webhook_max_attempts: 12,
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            allowed_origins: Vec::new(),
            disconnect_grace: Duration::from_secs(30),
            first_move: Duration::from_secs(30),
            ws_messages_per_second: 20,
            outbound_queue: 256,
            session_lifetime: Duration::from_secs(30 * 24 * 3600),
            admins: Vec::new(),
            builtin_bot: None,
            builtin_bot_policy: builtin_bot_policy(1, 8),
            builtin_bot_thinking: ThinkingLimits::default(),
            bot_offer_after: Some(Duration::from_secs(30)),
            correspondence: CorrespondenceSettings::default(),
            web_files: WebFiles::Embedded,
            lobby: LobbySettings::default(),
            limits: Limits::default(),
            node: NodeSettings::default(),
            cluster: None,
        }
    }
}

impl From<&ServeArgs> for Settings {
    fn from(args: &ServeArgs) -> Self {
        Settings {
            allowed_origins: args.allowed_origins.clone(),
            disconnect_grace: Duration::from_secs(args.disconnect_grace_seconds),
            first_move: Duration::from_millis(args.first_move_ms),
            ws_messages_per_second: args.ws_messages_per_second.max(1),
            admins: args.admins.iter().map(|name| name.trim().to_owned()).filter(|name| !name.is_empty()).collect(),
            builtin_bot: Some(args.builtin_bot.trim().to_owned()).filter(|name| !name.is_empty()),
            builtin_bot_policy: builtin_bot_policy(args.bot_games_per_challenger, args.bot_games_at_once),
            builtin_bot_thinking: ThinkingLimits {
                per_move: Duration::from_millis(args.bot_think_per_move_ms),
                per_game: Duration::from_secs(args.bot_think_per_game_seconds),
            },
            bot_offer_after: Some(Duration::from_secs(args.bot_offer_after_seconds)).filter(|after| !after.is_zero()),
            correspondence: CorrespondenceSettings {
                day: Duration::from_millis(args.correspondence_day_ms.max(1)),
                heartbeat_interval: Duration::from_millis(args.heartbeat_ms.max(1)),
                sweep_interval: Duration::from_millis(args.sweep_ms.max(1)),
                idle_unload: Duration::from_millis(args.correspondence_idle_ms.max(1)),
                vacation_days_per_year: args.vacation_days_per_year,
                webhook_allow_private: args.webhook_allow_private,
                ..CorrespondenceSettings::default()
            },
            web_files: args.web_dir.clone().map_or(WebFiles::Embedded, WebFiles::Directory),
            node: NodeSettings {
                heartbeat: Duration::from_millis(args.node_heartbeat_ms.max(1)),
                ttl: Duration::from_millis(args.node_ttl_ms.max(1)),
            },
            limits: Limits {
                logins_per_account_per_minute: args.logins_per_account_per_minute.max(1),
                logins_per_account_total_per_minute: args.logins_per_account_total_per_minute.max(1),
                logins_per_address_per_minute: args.logins_per_address_per_minute.max(1),
                accounts_per_address_per_minute: args.accounts_per_address_per_minute.max(1),
                guest_ban_cooldown: Duration::from_secs(args.guest_ban_cooldown_minutes.saturating_mul(60)),
                chat_messages_per_minute: args.chat_messages_per_minute.max(1),
                lobby_chat_mutes: args.lobby_chat_mutes.clamp(1, LOBBY_CHAT_MUTES_CEILING),
                reports_per_hour: args.reports_per_hour.max(1),
                explorer_queries_per_minute: args.explorer_queries_per_minute.max(1),
                import_unpacked_bytes: args.import_unpacked_mb.max(1).saturating_mul(1024 * 1024),
                import_max_bytes: args.import_max_mb.max(1).saturating_mul(1024 * 1024),
                password_checks: args.password_checks.unwrap_or_else(default_password_checks).max(1),
                trust_forwarded_for: args.trust_forwarded_for,
                hello_timeout: Duration::from_secs(args.hello_timeout_seconds.max(1)),
                header_read_timeout: Duration::from_secs(args.header_timeout_seconds.max(1)),
                ws_ping_interval: Duration::from_secs(args.ws_ping_interval_seconds.max(1)),
                body_read_timeout: Duration::from_secs(args.body_timeout_seconds.max(1)),
                max_uri_bytes: args.max_uri_bytes.max(1),
                sockets_per_address: args.ws_sockets_per_address.max(1),
                subscriptions_per_socket: args.ws_subscriptions_per_socket.max(1),
                watched_finished_games: args.watched_finished_games.max(1),
                ..Limits::default()
            },
            ..Settings::default()
        }
    }
}

/// The built-in bot's challenge policy: anyone's challenges, at most `per_challenger` games at once with one
/// challenger and `at_once` in all (at least one each, or the bot would decline everything).
fn builtin_bot_policy(per_challenger: u32, at_once: u32) -> ChallengePolicy {
    ChallengePolicy {
        games_per_challenger: Some(per_challenger.max(1)),
        games_at_once: Some(at_once.max(1)),
        ..ChallengePolicy::default()
    }
}

/// Where the client's files come from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum WebFiles {
    /// The copy compiled into the binary.
    #[default]
    Embedded,
    /// A directory on disk, read on every request (development).
    Directory(PathBuf),
}

/// How pairing runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LobbySettings {
    /// Time between pairing waves.
    pub wave_interval: Duration,
    /// A pool with this many waiting players is paired at once, without waiting for the next wave.
    pub wave_at_size: usize,
    /// How rating windows widen with waiting.
    pub windows: Windows,
}

impl Default for LobbySettings {
    fn default() -> Self {
        LobbySettings {
            wave_interval: Duration::from_secs(2),
            wave_at_size: 20,
            windows: Windows { base: 100.0, growth_per_second: 10.0, widening_limit: Duration::from_secs(30) },
        }
    }
}

#[cfg(test)]
mod tests {
    use std::net::SocketAddr;

    use clap::Parser;

    use super::{ClusterConfigError, ClusterSettings, ServeArgs};

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        serve: ServeArgs,
    }

    fn cluster(flags: &[&str], listen: Option<&str>) -> Result<Option<ClusterSettings>, ClusterConfigError> {
        let args = Cli::try_parse_from(std::iter::once("kartka").chain(flags.iter().copied())).expect("flags parse");
        ClusterSettings::from_args(&args.serve, listen.map(|address| address.parse::<SocketAddr>().expect("address")))
    }

    #[test]
    fn the_secret_is_never_printed() {
        let settings = ClusterSettings { url: "http://10.0.0.5:8081".into(), secret: "s3cret".into() };
        assert!(!format!("{settings:?}").contains("s3cret"));
    }

    #[test]
    fn without_a_cluster_listener_nothing_is_forwarded() {
        assert_eq!(cluster(&[], None), Ok(None));
        assert_eq!(cluster(&["--cluster-secret", "s"], None), Err(ClusterConfigError::NoListener));
    }

    #[test]
    fn a_cluster_listener_needs_a_secret() {
        assert_eq!(cluster(&[], Some("10.0.0.5:8081")), Err(ClusterConfigError::MissingSecret));
        assert_eq!(cluster(&["--cluster-secret", ""], Some("10.0.0.5:8081")), Err(ClusterConfigError::EmptySecret));
    }

    #[test]
    fn the_url_is_derived_from_a_specified_address_or_given() {
        let derived = cluster(&["--cluster-secret", "s"], Some("10.0.0.5:8081")).expect("valid").expect("on");
        assert_eq!(derived, ClusterSettings { url: "http://10.0.0.5:8081".into(), secret: "s".into() });
        let unspecified = cluster(&["--cluster-secret", "s"], Some("0.0.0.0:8081"));
        assert_eq!(unspecified, Err(ClusterConfigError::NoUrl("0.0.0.0:8081".parse().expect("address"))));
        let given = cluster(&["--cluster-secret", "s", "--cluster-url", "http://node-a:8081/"], Some("0.0.0.0:8081"));
        assert_eq!(given.expect("valid").expect("on").url, "http://node-a:8081");
        let bad = cluster(&["--cluster-secret", "s", "--cluster-url", "node-a:8081"], Some("0.0.0.0:8081"));
        assert_eq!(bad, Err(ClusterConfigError::BadUrl));
    }
}
