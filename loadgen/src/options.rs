//! What a run does: the command-line options, each also settable by a test that builds [`Options`] directly.

use std::net::IpAddr;
use std::path::PathBuf;
use std::time::Duration;

use kartka_engine::GameKind;
use reqwest::Url;

use crate::error::LoadError;

/// Options of a load run.
#[derive(Clone, Debug, clap::Args)]
pub struct Options {
    /// The server's base URL. Only loopback hosts are accepted: the generator is a tool for one's own machine,
    /// never a way to load someone else's server.
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    pub server: String,
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
    /// The game kind, by its wire name (`paper-soccer`, `closing-in`); played with the kind's default options.
    #[arg(long = "game", default_value = "paper-soccer")]
    pub kind: String,
    /// Write every acknowledged move here as JSON lines (game id, ply, seq, seat, move text).
    #[arg(long)]
    pub record: Option<PathBuf>,
    /// Print the summary as one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// The server's process id: its RSS and CPU are read from `/proc/<pid>` during the run.
    #[arg(long)]
    pub server_pid: Option<u32>,
    /// Treat dropped connections as expected (the server is being killed and restarted): reconnect, resume
    /// every game from a snapshot and go on. Error frames still fail the run, and so does a game that never
    /// gets a move accepted after its last reconnect.
    #[arg(long)]
    pub allow_disconnects: bool,
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
            server: server.to_owned(),
            games,
            think_ms: 250,
            duration_s: 30,
            max_moves: None,
            spectators: 0,
            idle_sockets: 0,
            kind: kind.to_owned(),
            record: None,
            json: false,
            server_pid: None,
            allow_disconnects: false,
            seed: None,
        }
    }

    /// The server's base URL, refused unless its host is a loopback address or `localhost`.
    pub fn server_url(&self) -> Result<Url, LoadError> {
        loopback_url(&self.server)
    }

    /// The game kind named by `--game`.
    pub fn game_kind(&self) -> Result<GameKind, LoadError> {
        GameKind::from_name(&self.kind).ok_or_else(|| LoadError::UnknownKind(self.kind.clone()))
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
    use super::loopback_url;

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
