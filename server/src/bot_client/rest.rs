//! The REST calls a bot makes: its open challenges, accepting or declining one, and its active games (to find
//! games to resume after a restart).

use kartka_protocol::rest::{Challenge, ChallengeList, GameList};
use kartka_protocol::GameStatus;
use uuid::Uuid;

/// How long the bot keeps an idle connection for its next call: well below a kartka server's header read timeout
/// (10 s by default), which also closes a keep-alive connection idle that long, so that no call is sent on a
/// connection the server is closing at that moment (such a call gets no answer). The bot's calls come seconds or
/// minutes apart, so most would otherwise meet that moment's risk.
const POOL_IDLE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(4);

/// How many of its latest games the bot looks through for active ones when it connects.
const GAMES_TO_RESUME: u32 = 100;

/// The REST side of the bot: a base URL and a bearer token.
#[derive(Clone)]
pub(super) struct Rest {
    base: String,
    token: String,
    http: reqwest::Client,
}

impl Rest {
    pub(super) fn new(base: &str, token: &str) -> Rest {
        let http = reqwest::Client::builder()
            .pool_idle_timeout(POOL_IDLE_TIMEOUT)
            .build()
            .expect("a client with no TLS settings of its own always builds");
        Rest { base: base.trim_end_matches('/').to_owned(), token: token.to_owned(), http }
    }

    /// The open challenges addressed to the bot.
    pub(super) async fn incoming_challenges(&self) -> reqwest::Result<Vec<Challenge>> {
        let list: ChallengeList = self.get(&format!("{}/api/challenges", self.base)).await?;
        Ok(list.incoming)
    }

    /// Accepts a challenge; the accepted challenge names its game.
    pub(super) async fn accept(&self, challenge: Uuid) -> reqwest::Result<Challenge> {
        self.post(&format!("{}/api/challenges/{challenge}/accept", self.base)).await
    }

    /// Declines a challenge.
    pub(super) async fn decline(&self, challenge: Uuid) -> reqwest::Result<Challenge> {
        self.post(&format!("{}/api/challenges/{challenge}/decline", self.base)).await
    }

    /// The ids of the bot's games that are still being played.
    pub(super) async fn active_games(&self, name: &str) -> reqwest::Result<Vec<Uuid>> {
        let url = format!("{}/api/players/{name}/games?limit={GAMES_TO_RESUME}", self.base);
        let list: GameList = self.get(&url).await?;
        Ok(list.games.into_iter().filter(|game| game.status == GameStatus::Active).map(|game| game.id).collect())
    }

    async fn get<T: serde::de::DeserializeOwned>(&self, url: &str) -> reqwest::Result<T> {
        self.http.get(url).bearer_auth(&self.token).send().await?.error_for_status()?.json().await
    }

    async fn post<T: serde::de::DeserializeOwned>(&self, url: &str) -> reqwest::Result<T> {
        let request = self.http.post(url).bearer_auth(&self.token).json(&serde_json::json!({}));
        request.send().await?.error_for_status()?.json().await
    }
}
