//! The REST calls a pair of players makes: guest accounts, a direct challenge and its acceptance, and the
//! games a player is in (to find a game again after a crash).

use std::time::Duration;

use kartka_protocol::correspondence::MyGames;
use kartka_protocol::rest::{Challenge, ColourChoice, CreateChallenge, Session};
use kartka_protocol::{GameSnapshot, RulesetSpec, TimeControl};
use reqwest::{StatusCode, Url};
use serde::de::DeserializeOwned;
use serde_json::{json, Value};
use uuid::Uuid;

/// Every game is this long a game: no player runs out of time during a run, even a soak.
pub const TIME_CONTROL: TimeControl = TimeControl::Fischer { initial_seconds: 24 * 3600, increment_seconds: 0 };

/// A REST call that failed.
#[derive(Debug, thiserror::Error)]
pub enum RestError {
    /// No answer: the connection was refused or broke (the server is down or restarting).
    #[error("no answer: {0}")]
    Transport(reqwest::Error),
    /// The server answered with an error status.
    #[error("HTTP {status}: {code}")]
    Refused {
        /// The status.
        status: StatusCode,
        /// The error code of the body, or the status when the body has none.
        code: String,
    },
    /// The answer is not the JSON it should be.
    #[error("unexpected answer: {0}")]
    Unexpected(String),
}

impl RestError {
    /// The name this failure is counted under.
    #[must_use]
    pub fn kind(&self) -> String {
        match self {
            RestError::Transport(_) => "http_no_answer".to_owned(),
            RestError::Refused { code, .. } => code.clone(),
            RestError::Unexpected(_) => "http_unexpected_answer".to_owned(),
        }
    }
}

/// How long the client keeps an idle connection for the next call: well below the server's header read timeout
/// (10 s by default), which also closes a keep-alive connection idle that long. A call sent on a connection the
/// server is closing at that moment gets no answer; a run's setup leaves connections idle for over 10 s, and one
/// such call in 2,000 sockets' calls failed a CI run as `http_no_answer`.
const POOL_IDLE_TIMEOUT: Duration = Duration::from_secs(4);

/// The HTTP client: connections dropped before the server would close them.
fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .pool_idle_timeout(POOL_IDLE_TIMEOUT)
        .build()
        .expect("a client with no TLS settings of its own always builds")
}

/// A REST client of one server.
#[derive(Clone)]
pub struct Rest {
    base: Url,
    http: reqwest::Client,
}

impl Rest {
    /// A client for the server at `base`.
    #[must_use]
    pub fn new(base: Url) -> Rest {
        Rest { base, http: client() }
    }

    /// A new guest account, named `name` if the name is free.
    pub async fn guest(&self, name: &str) -> Result<Session, RestError> {
        self.post("/api/guest", None, &json!({ "name": name })).await
    }

    /// `challenger` challenges `opponent` to a casual game of `kind` (default options) with `time_control`,
    /// taking the first seat, and `opponent` accepts, both on this server: the new game's id.
    pub async fn start_timed_game(
        &self,
        challenger: &Session,
        opponent: &Session,
        kind: &str,
        time_control: TimeControl,
    ) -> Result<Uuid, RestError> {
        let challenge = self.challenge(challenger, opponent, kind, time_control).await?;
        self.accept(opponent, &challenge).await
    }

    /// `challenger` challenges `opponent` to a casual game of `kind` (default options) with `time_control`,
    /// taking the first seat: the open challenge.
    pub async fn challenge(
        &self,
        challenger: &Session,
        opponent: &Session,
        kind: &str,
        time_control: TimeControl,
    ) -> Result<Challenge, RestError> {
        let ruleset: RulesetSpec = serde_json::from_value(json!({ "kind": kind }))
            .map_err(|error| RestError::Unexpected(format!("ruleset of {kind}: {error}")))?;
        let request = CreateChallenge {
            opponent: Some(opponent.account.name.clone()),
            invited: Vec::new(),
            ruleset,
            time_control,
            colour: ColourChoice::First,
            rated: false,
            expires_in_seconds: None,
        };
        let body = serde_json::to_value(&request).map_err(|error| RestError::Unexpected(error.to_string()))?;
        self.post("/api/challenges", Some(&challenger.token), &body).await
    }

    /// `opponent` accepts `challenge` (which may have been made on another node of the cluster): the new
    /// game's id.
    pub async fn accept(&self, opponent: &Session, challenge: &Challenge) -> Result<Uuid, RestError> {
        let path = format!("/api/challenges/{}/accept", challenge.id);
        let accepted: Challenge = self.post(&path, Some(&opponent.token), &json!({})).await?;
        accepted.game_id.ok_or_else(|| RestError::Unexpected("an accepted challenge without a game".to_owned()))
    }

    /// The active game of the player with `token`, if they have one.
    pub async fn active_game(&self, token: &str) -> Result<Option<Uuid>, RestError> {
        let games: MyGames = self.get("/api/me/games", Some(token)).await?;
        Ok(games.games.first().map(|game| game.game.id))
    }

    /// A game with every move, as the store has it.
    pub async fn game(&self, id: Uuid) -> Result<GameSnapshot, RestError> {
        self.get(&format!("/api/games/{id}"), None).await
    }

    async fn post<T: DeserializeOwned>(&self, path: &str, token: Option<&str>, body: &Value) -> Result<T, RestError> {
        let mut request = self.http.post(self.url(path)).json(body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        answer(request.send().await).await
    }

    async fn get<T: DeserializeOwned>(&self, path: &str, token: Option<&str>) -> Result<T, RestError> {
        let mut request = self.http.get(self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        answer(request.send().await).await
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base.as_str().trim_end_matches('/'))
    }
}

async fn answer<T: DeserializeOwned>(response: reqwest::Result<reqwest::Response>) -> Result<T, RestError> {
    let response = response.map_err(RestError::Transport)?;
    let status = response.status();
    let body = response.bytes().await.map_err(RestError::Transport)?;
    if !status.is_success() {
        let code = serde_json::from_slice::<Value>(&body)
            .ok()
            .and_then(|body| body["code"].as_str().map(str::to_owned))
            .unwrap_or_else(|| format!("http_{}", status.as_u16()));
        return Err(RestError::Refused { status, code });
    }
    serde_json::from_slice(&body).map_err(|error| RestError::Unexpected(error.to_string()))
}
