//! Which challenges the bot accepts: from whom, and how many games in all.

use kartka_protocol::rest::Challenge;

/// The bot's rules for challenges addressed to it. Challenges it will not play are declined, so that the
/// challenger is not left waiting.
#[derive(Clone, Debug, Default)]
pub struct ChallengePolicy {
    /// Accept only challenges from these names (any letter case); anyone when empty.
    pub accept_from: Vec<String>,
    /// Play at most this many games, then stop; no limit when `None`.
    pub max_games: Option<u32>,
}

impl ChallengePolicy {
    /// Whether to accept `challenge`, having started `games_started` games so far.
    #[must_use]
    pub fn accepts(&self, challenge: &Challenge, games_started: u32) -> bool {
        let challenger = &challenge.challenger.name;
        let allowed =
            self.accept_from.is_empty() || self.accept_from.iter().any(|name| name.eq_ignore_ascii_case(challenger));
        allowed && !self.all_games_started(games_started)
    }

    /// Whether the bot has started every game it may play.
    #[must_use]
    pub fn all_games_started(&self, games_started: u32) -> bool {
        self.max_games.is_some_and(|max| games_started >= max)
    }
}

#[cfg(test)]
mod tests {
    use kartka_engine::GameKind;
    use kartka_protocol::rest::{AccountInfo, ChallengeStatus, ColourChoice};
    use kartka_protocol::TimeControl;
    use uuid::Uuid;

    use super::*;
    use crate::games::kinds::default_spec;

    /// A challenge from `name` to a game of the default kind (the policy looks at no ruleset).
    fn challenge_from(name: &str) -> Challenge {
        challenge_of(name, GameKind::default())
    }

    fn challenge_of(name: &str, kind: GameKind) -> Challenge {
        let account = |name: &str| AccountInfo { id: Uuid::new_v4(), name: name.to_owned(), guest: true, bot: false };
        Challenge {
            id: Uuid::new_v4(),
            challenger: account(name),
            opponent: Some(account("bot")),
            ruleset: default_spec(kind),
            time_control: TimeControl::Fischer { initial_seconds: 60, increment_seconds: 0 },
            colour: ColourChoice::Random,
            rated: false,
            rematch_of: None,
            status: ChallengeStatus::Open,
            game_id: None,
            created_at_ms: 0,
            expires_at_ms: 0,
        }
    }

    #[test]
    fn names_are_matched_in_any_case_and_an_empty_list_allows_everyone_whatever_the_game() {
        let anyone = ChallengePolicy::default();
        let friends = ChallengePolicy { accept_from: vec!["Alice".to_owned()], max_games: None };
        for &kind in GameKind::ALL {
            assert!(anyone.accepts(&challenge_of("mallory", kind), 1_000), "{kind}");
            assert!(friends.accepts(&challenge_of("alice", kind), 0), "{kind}");
            assert!(!friends.accepts(&challenge_of("mallory", kind), 0), "{kind}");
        }
    }

    #[test]
    fn no_game_past_the_limit() {
        let two = ChallengePolicy { accept_from: Vec::new(), max_games: Some(2) };
        assert!(two.accepts(&challenge_from("alice"), 1));
        assert!(!two.accepts(&challenge_from("alice"), 2));
        assert!(two.all_games_started(2));
    }
}
