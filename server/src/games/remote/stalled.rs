//! Games whose owner could not be reached lately. While a node is dead but not yet past its TTL, its games'
//! leases cannot be taken, and every client retrying one of them (every 50 ms, say) would cost this node a lease
//! take (a database transaction) and HTTP attempts at the dead node; hundreds of clients kept every pooled
//! connection busy and slowed the takeover they were waiting for. Such a game is remembered for a short while,
//! and the requests for it in that while are answered at once with `internal` (retry), costing nothing.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use uuid::Uuid;

/// The games found without a reachable owner, each until it is worth trying again.
pub struct Stalled {
    recheck: Duration,
    games: Mutex<HashMap<Uuid, Instant>>,
}

impl Stalled {
    /// Remembers each game for `recheck` after its owner was found unreachable: a game's requests then cost one
    /// lease take per `recheck`, and a lease freed meanwhile (its node past the TTL, or stopped) is taken at
    /// most `recheck` late.
    #[must_use]
    pub fn new(recheck: Duration) -> Stalled {
        Stalled { recheck, games: Mutex::new(HashMap::new()) }
    }

    /// Notes at `now` that the game's owner could not be reached.
    pub fn owner_unreachable(&self, game_id: Uuid, now: Instant) {
        let mut games = self.games.lock().expect("stalled lock");
        // Only the games asked for lately are kept: those whose while is over go as the next one comes.
        games.retain(|_, until| *until > now);
        games.insert(game_id, now + self.recheck);
    }

    /// Whether a request for the game at `now` is to be answered at once, without trying its owner.
    pub fn is_stalled(&self, game_id: Uuid, now: Instant) -> bool {
        self.games.lock().expect("stalled lock").get(&game_id).is_some_and(|until| *until > now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RECHECK: Duration = Duration::from_millis(500);

    #[test]
    fn a_game_is_stalled_for_the_recheck_interval_after_its_owner_was_unreachable() {
        let (stalled, other) = (Uuid::from_u128(1), Uuid::from_u128(2));
        let games = Stalled::new(RECHECK);
        let start = Instant::now();
        assert!(!games.is_stalled(stalled, start), "nothing is stalled before an owner failed");

        games.owner_unreachable(stalled, start);

        assert!(games.is_stalled(stalled, start + RECHECK / 2));
        assert!(!games.is_stalled(other, start + RECHECK / 2), "only that game");
        assert!(!games.is_stalled(stalled, start + RECHECK), "tried again once the interval is over");
    }

    #[test]
    fn games_whose_interval_is_over_are_forgotten() {
        let games = Stalled::new(RECHECK);
        let start = Instant::now();
        for n in 0..100 {
            games.owner_unreachable(Uuid::from_u128(n), start);
        }
        games.owner_unreachable(Uuid::from_u128(1000), start + RECHECK);
        assert_eq!(games.games.lock().unwrap().len(), 1, "the map holds only the games stalled now");
    }
}
