//! What a run does: the command-line options, each also settable by a test that builds [`Options`] directly.

use std::net::IpAddr;
use std::path::PathBuf;
use std::time::Duration;

use kartka_engine::GameKind;
use reqwest::Url;

use crate::error::LoadError;

/// What `--game` takes for every registered kind at once.
pub const ALL_KINDS: &str = "all";

/// Options of a load run.
#[derive(Clone, Debug, clap::Args)]
pub struct Options {
    /// The server's base URL; given more than once, the nodes of one cluster, spread so that every move
    /// crosses nodes: each pair's first player (its socket and REST calls) on server i, the second on server
    /// i + 1 (cyclically), spectators and idle sockets in turn. Only loopback hosts are accepted: the
    /// generator is a tool for one's own machine, never a way to load someone else's server.
    #[arg(long = "server", value_name = "URL", default_value = "http://127.0.0.1:8080")]
    pub servers: Vec<String>,
    /// Live games played at once, each between its own pair of guests; a pair that finishes a game starts
    /// the next one.
    #[arg(long, default_value_t = 10)]
    pub games: usize,
    /// Mean think time before each turn, in milliseconds; each wait is drawn uniformly from half to one and a
    /// half times it, so that games do not move in lockstep. Below about 100 ms a player sends more than the
    /// server's default 20 messages per second allows: raise the server's `KARTKA_WS_RATE` then.
    #[arg(long, default_value_t = 250)]
    pub think_ms: u64,
    /// How long the games are played, in seconds (setting up accounts, games and sockets comes first and is
    /// not counted). Ctrl-C or SIGTERM ends them sooner, and the report is still printed.
    #[arg(long, default_value_t = 30)]
    pub duration_s: u64,
    /// Stop once this many moves (whole turns) are acknowledged, even before the duration is up.
    #[arg(long)]
    pub max_moves: Option<u64>,
    /// Spectator sockets, each its own guest, spread over the games round-robin.
    #[arg(long, default_value_t = 0)]
    pub spectators: usize,
    /// Idle sockets: authenticated with a player's token (another tab of theirs) and otherwise silent.
    #[arg(long, default_value_t = 0)]
    pub idle_sockets: usize,
    /// The game kind, by its wire name (`paper-soccer`, `closing-in`, …), or `all`: every kind the engine
    /// registers, pair i playing the registry's kind i modulo their number (then `--games` must be at least
    /// that number). Each kind is played with its default options.
    #[arg(long = "game", value_name = "KIND|all", default_value = "paper-soccer")]
    pub kind: String,
    /// Write every acknowledged move here as JSON lines (game id, ply, seq, seat, move text).
    #[arg(long)]
    pub record: Option<PathBuf>,
    /// Print the summary as one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// The server's process id: its RSS and CPU are read from `/proc/<pid>` during the run. With several
    /// servers, give one per server, in the order of `--server`.
    #[arg(long = "server-pid", value_name = "PID")]
    pub server_pids: Vec<u32>,
    /// Treat dropped connections as expected (the server is being killed and restarted): reconnect, resume
    /// every game from a snapshot and go on. Error frames still fail the run, except `internal` (nothing
    /// changed, retry: the answer for a game whose node is down until another takes it), which is retried and
    /// counted apart; so does a game that never gets a move accepted after its last reconnect.
    #[arg(long)]
    pub allow_disconnects: bool,
    /// With `--allow-disconnects`: how long a pair waits before it tries to reconnect after a drop, and again
    /// after each failed try, in milliseconds. Short waits play clients that retry hard (the failover test's).
    #[arg(long, default_value_t = 500)]
    pub retry_ms: u64,
    /// Seed of the random move choices and think times (default: drawn at random, and reported).
    #[arg(long)]
    pub seed: Option<u64>,
}

impl Options {
    /// Options for `games` games of `kind` against the server at `server`, with the command line's defaults
    /// for the rest.
    #[must_use]
    pub fn new(server: &str, kind: &str, games: usize) -> Options {
        Options {
            servers: vec![server.to_owned()],
            games,
            think_ms: 250,
            duration_s: 30,
            max_moves: None,
            spectators: 0,
            idle_sockets: 0,
            kind: kind.to_owned(),
            record: None,
            json: false,
            server_pids: Vec::new(),
            allow_disconnects: false,
            retry_ms: 500,
            seed: None,
        }
    }

    /// The servers' base URLs, each refused unless its host is a loopback address or `localhost`; at least
    /// one, and as many process ids as servers if any is given.
    pub fn server_urls(&self) -> Result<Vec<Url>, LoadError> {
        if self.servers.is_empty() {
            return Err(LoadError::BadOptions("--server must be given at least once"));
        }
        if !self.server_pids.is_empty() && self.server_pids.len() != self.servers.len() {
            return Err(LoadError::BadOptions("--server-pid must be given once per --server, or not at all"));
        }
        self.servers.iter().map(|server| loopback_url(server)).collect()
    }

    /// The game kinds `--game` names: one, or with [`ALL_KINDS`] every registered kind, in the registry's order.
    pub fn game_kinds(&self) -> Result<Vec<GameKind>, LoadError> {
        if self.kind == ALL_KINDS {
            return Ok(GameKind::ALL.to_vec());
        }
        GameKind::from_name(&self.kind).map(|kind| vec![kind]).ok_or_else(|| LoadError::UnknownKind(self.kind.clone()))
    }

    /// How long the games are played.
    #[must_use]
    pub fn duration(&self) -> Duration {
        Duration::from_secs(self.duration_s)
    }
}

/// Parses `text` as an http URL whose host is a loopback address or `localhost`.
pub fn loopback_url(text: &str) -> Result<Url, LoadError> {
    let url = Url::parse(text).map_err(|error| LoadError::BadUrl(format!("{text}: {error}")))?;
    if url.scheme() != "http" {
        return Err(LoadError::BadUrl(format!("{text}: only http:// is supported")));
    }
    let loopback = match url.host() {
        Some(url::Host::Domain(name)) => name.eq_ignore_ascii_case("localhost"),
        Some(url::Host::Ipv4(address)) => IpAddr::V4(address).is_loopback(),
        Some(url::Host::Ipv6(address)) => IpAddr::V6(address).is_loopback(),
        None => false,
    };
    if loopback {
        Ok(url)
    } else {
        Err(LoadError::NotLoopback(text.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::{loopback_url, Options};
    use crate::error::LoadError;
    use kartka_engine::GameKind;

    #[test]
    fn every_server_must_be_loopback() {
        let mut options = Options::new("http://127.0.0.1:8080", "paper-soccer", 1);
        options.servers.push("http://127.0.0.1:8081".to_owned());
        assert_eq!(options.server_urls().map(|urls| urls.len()).ok(), Some(2));
        options.servers.push("http://10.0.0.1:8080".to_owned());
        assert!(matches!(options.server_urls(), Err(LoadError::NotLoopback(_))));
    }

    #[test]
    fn process_ids_match_the_servers() {
        let mut options = Options::new("http://127.0.0.1:8080", "paper-soccer", 1);
        options.servers.push("http://127.0.0.1:8081".to_owned());
        options.server_pids = vec![10];
        assert!(matches!(options.server_urls(), Err(LoadError::BadOptions(_))));
        options.server_pids = vec![10, 11];
        assert!(options.server_urls().is_ok());
        options.servers.clear();
        assert!(matches!(options.server_urls(), Err(LoadError::BadOptions(_))));
    }

    #[test]
    fn all_names_every_registered_kind_and_an_unknown_name_is_refused() {
        let mut options = Options::new("http://127.0.0.1:8080", "all", 1);
        assert_eq!(options.game_kinds().ok(), Some(GameKind::ALL.to_vec()));
        options.kind = "closing-in".to_owned();
        assert_eq!(options.game_kinds().ok(), GameKind::from_name("closing-in").map(|kind| vec![kind]));
        options.kind = "chess".to_owned();
        assert!(matches!(options.game_kinds(), Err(LoadError::UnknownKind(_))));
    }

    #[test]
    fn loopback_hosts_are_accepted() {
        for url in ["http://127.0.0.1:8080", "http://127.3.2.1", "http://localhost:1234", "http://[::1]:80"] {
            assert!(loopback_url(url).is_ok(), "{url}");
        }
    }

    #[test]
    fn other_hosts_are_refused() {
        for url in ["http://10.0.0.1:8080", "http://example.com", "http://[2001:db8::1]", "http://0.0.0.0:8080"] {
            assert!(loopback_url(url).is_err(), "{url}");
        }
    }

    #[test]
    fn other_schemes_are_refused() {
        assert!(loopback_url("https://127.0.0.1").is_err());
        assert!(loopback_url("not a url").is_err());
    }
}
