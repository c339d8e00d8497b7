//! Which challenges the bot accepts: from whom, how many games in all, and how many at once (with one
//! challenger, and with everyone together), so that nobody can keep the bot, and the CPU its searches take, to
//! themselves. A challenge for more than two seats is answered like one for two: the bot takes its seat or
//! declines (which closes the challenge for everyone), and its games with a player count whichever seat the
//! player has. In a game, the bot answers offers to end it with [`OFFER_ANSWER`].

use kartka_protocol::rest::Challenge;
use kartka_protocol::DrawAction;

/// How the bot answers another seat's offer of a draw or of an agreed end: it declines, so that every game it
/// accepted is played out by the rules, and at once, so that in a game of more seats nobody waits for the
/// bot's answer until its turn.
pub(super) const OFFER_ANSWER: DrawAction = DrawAction::Decline;

/// The bot's rules for challenges addressed to it. Challenges it will not play are declined, so that the
/// challenger is not left waiting.
#[derive(Clone, Debug, Default)]
pub struct ChallengePolicy {
    /// Accept only challenges from these names (any letter case); anyone when empty.
    pub accept_from: Vec<String>,
    /// Play at most this many games, then stop; no limit when `None`.
    pub max_games: Option<u32>,
    /// Play at most this many games at once with one challenger; no limit when `None`.
    pub games_per_challenger: Option<u32>,
    /// Play at most this many games at once in all; no limit when `None`.
    pub games_at_once: Option<u32>,
}

/// The games the bot plays now (accepted and not over).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Playing {
    /// With everyone.
    pub in_all: u32,
    /// With the challenger whose challenge is being answered (at any of the other seats).
    pub with_challenger: u32,
}

impl ChallengePolicy {
    /// Whether to accept `challenge`, having started `games_started` games so far and playing `playing` now.
    #[must_use]
    pub fn accepts(&self, challenge: &Challenge, games_started: u32, playing: Playing) -> bool {
        let challenger = &challenge.challenger.name;
        let allowed =
            self.accept_from.is_empty() || self.accept_from.iter().any(|name| name.eq_ignore_ascii_case(challenger));
        let below = |limit: Option<u32>, count: u32| limit.is_none_or(|limit| count < limit);
        allowed
            && !self.all_games_started(games_started)
            && below(self.games_per_challenger, playing.with_challenger)
            && below(self.games_at_once, playing.in_all)
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
            seats: 2,
            invited: vec![account("bot")],
            joined: Vec::new(),
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
        let friends = ChallengePolicy { accept_from: vec!["Alice".to_owned()], ..ChallengePolicy::default() };
        let none = Playing::default();
        for &kind in GameKind::ALL {
            assert!(anyone.accepts(&challenge_of("mallory", kind), 1_000, none), "{kind}");
            assert!(friends.accepts(&challenge_of("alice", kind), 0, none), "{kind}");
            assert!(!friends.accepts(&challenge_of("mallory", kind), 0, none), "{kind}");
        }
    }

    #[test]
    fn no_game_past_the_limit() {
        let two = ChallengePolicy { max_games: Some(2), ..ChallengePolicy::default() };
        assert!(two.accepts(&challenge_from("alice"), 1, Playing::default()));
        assert!(!two.accepts(&challenge_from("alice"), 2, Playing::default()));
        assert!(two.all_games_started(2));
    }

    #[test]
    fn no_game_past_the_games_at_once_with_one_challenger_or_in_all() {
        let policy =
            ChallengePolicy { games_per_challenger: Some(1), games_at_once: Some(3), ..ChallengePolicy::default() };
        let alice = challenge_from("alice");
        assert!(policy.accepts(&alice, 5, Playing { in_all: 2, with_challenger: 0 }));
        assert!(!policy.accepts(&alice, 5, Playing { in_all: 2, with_challenger: 1 }), "one game with alice");
        assert!(!policy.accepts(&alice, 5, Playing { in_all: 3, with_challenger: 0 }), "three games in all");
    }
}
