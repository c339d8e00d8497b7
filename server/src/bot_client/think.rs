//! The search for one turn, run on a blocking thread so that the connection keeps reading (and answering the
//! server's pings) while the bot thinks. The deadline comes from the bot's clock through [`think_time`], which
//! keeps a reserve for the network (the bot never flags) and gives a target and a limit, both capped by the
//! bot's [`ThinkingLimits`]: a long clock must not buy an hour of a core per move. Within them the bot's
//! [`TurnClock`] answers a forced or settled turn early and lets an unsettled one run to the limit. A search
//! whose game ended is cancelled.

use std::time::{Duration, Instant};

use kartka_bot::clock::{think_time, Clock, Delivery, ThinkTime, TurnClock};
use kartka_bot::{play_any_turn, Deadline, Iteration, Level};
use tokio_util::sync::CancellationToken;

use super::game::{Known, TurnRequest};

/// The most a bot thinks: per move, and over a whole game. Once a game's allowance is spent, the bot plays the
/// rest of it at once (its shallowest complete search).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThinkingLimits {
    /// The most one move's search may take, whatever the clock allows.
    pub per_move: Duration,
    /// The most the searches of one game may take together.
    pub per_game: Duration,
}

impl Default for ThinkingLimits {
    /// 10 s a move and 5 minutes a game: a level 8 search gains little past a few seconds, and a long clock
    /// should not let a game hold a core for hours.
    fn default() -> Self {
        ThinkingLimits { per_move: Duration::from_secs(10), per_game: Duration::from_secs(300) }
    }
}

impl ThinkingLimits {
    /// How long a move's search may take under `clock`, the game's searches having taken `spent` so far.
    #[must_use]
    pub fn budget(&self, clock: Clock, spent: Duration) -> ThinkTime {
        let ceiling = self.per_move.min(self.per_game.saturating_sub(spent));
        let ceiling_ms = u64::try_from(ceiling.as_millis()).unwrap_or(u64::MAX);
        let time = think_time(clock, Delivery::Network);
        ThinkTime {
            target_ms: time.target_ms.min(ceiling_ms),
            limit_ms: time.limit_ms.min(ceiling_ms),
            unused_is_lost: time.unused_is_lost,
        }
    }
}

/// One turn's deadline: the bot's [`TurnClock`] from the turn's start, or at once when the game ends.
struct TurnDeadline<F> {
    clock: TurnClock<F>,
    cancelled: CancellationToken,
}

/// The deadline of a turn of `time` starting now.
fn turn_deadline(time: ThinkTime, cancelled: CancellationToken) -> TurnDeadline<impl Fn() -> u64> {
    let start = Instant::now();
    let elapsed_ms = move || u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX);
    TurnDeadline { clock: TurnClock::new(time, elapsed_ms), cancelled }
}

impl<F: Fn() -> u64> Deadline for TurnDeadline<F> {
    fn passed(&self) -> bool {
        self.cancelled.is_cancelled() || self.clock.passed()
    }

    fn deepen(&self, iteration: &Iteration) -> bool {
        self.clock.deepen(iteration)
    }
}

/// The move text of the turn the bot plays, or why it has none (a position with no legal action, which the
/// server would have ended). The search takes at most `budget`'s limit, and stops at once when `cancelled`.
pub(super) async fn think(
    request: TurnRequest,
    level: Level,
    budget: ThinkTime,
    cancelled: CancellationToken,
) -> Result<String, String> {
    let TurnRequest { game_id, game, ply, .. } = request;
    // The same game and ply give the same seed, so a replayed search errs (at low levels) the same way.
    let seed = game_id.as_u64_pair().0 ^ u64::from(ply);
    let search = move || match game {
        Known::Whole(game) => {
            let deadline = turn_deadline(budget, cancelled);
            play_any_turn(&game, level, seed, u64::MAX, &deadline).map(|turn| turn.text()).map_err(|e| e.to_string())
        }
        // A game with secrets: the seat's own move from its view, quick at every level.
        Known::Seat { view, .. } => view.next_move(seed).ok_or_else(|| "the seat's view leaves no move".to_owned()),
    };
    tokio::task::spawn_blocking(search).await.map_err(|e| e.to_string())?
}

#[cfg(test)]
mod tests {
    use kartka_engine::AnyGame;
    use uuid::Uuid;

    use super::*;
    use crate::games::kinds;

    const LIMITS: ThinkingLimits =
        ThinkingLimits { per_move: Duration::from_secs(10), per_game: Duration::from_secs(300) };

    #[test]
    fn a_turn_ends_at_its_limit_or_when_cancelled() {
        let cancelled = CancellationToken::new();
        let long =
            turn_deadline(ThinkTime { target_ms: 30_000, limit_ms: 60_000, unused_is_lost: false }, cancelled.clone());
        let changing = Iteration { same_best: 1, choices: 20, anytime: false };
        assert!(!long.passed() && long.deepen(&changing), "a long budget has just begun");
        let spent =
            turn_deadline(ThinkTime { target_ms: 0, limit_ms: 0, unused_is_lost: false }, CancellationToken::new());
        assert!(spent.passed() && !spent.deepen(&changing), "no budget: over at once");
        cancelled.cancel();
        assert!(long.passed(), "a cancelled search is over whatever its budget");
    }

    #[test]
    fn a_long_clock_buys_no_more_than_the_ceiling_and_a_spent_game_plays_at_once() {
        let day = Clock::Fischer { remaining_ms: 24 * 3_600_000, increment_ms: 0 };
        let ceiling = |budget: ThinkTime| Duration::from_millis(budget.limit_ms);
        assert_eq!(ceiling(LIMITS.budget(day, Duration::ZERO)), LIMITS.per_move);
        assert_eq!(ceiling(LIMITS.budget(day, Duration::from_secs(295))), Duration::from_secs(5), "the game's rest");
        assert_eq!(
            LIMITS.budget(day, Duration::from_secs(400)),
            ThinkTime { target_ms: 0, limit_ms: 0, unused_is_lost: false }
        );
        let blitz = Clock::PerMove { per_move_ms: 2_000 };
        assert_eq!(LIMITS.budget(blitz, Duration::ZERO), think_time(blitz, Delivery::Network), "the clock's");
    }

    #[tokio::test]
    async fn a_cancelled_search_stops_at_once() {
        let spec = kinds::default_spec(kartka_engine::GameKind::default());
        let game = AnyGame::new(&kinds::ruleset(&spec).expect("the default ruleset"));
        let request = TurnRequest {
            game_id: Uuid::new_v4(),
            game: Known::Whole(game),
            ply: 0,
            clock: Clock::PerMove { per_move_ms: 3_600_000 },
        };
        let cancelled = CancellationToken::new();
        let level = Level::new(8).expect("a level");
        let hour = ThinkTime { target_ms: 3_600_000, limit_ms: 3_600_000, unused_is_lost: false };
        let search = tokio::spawn(think(request, level, hour, cancelled.clone()));
        tokio::time::sleep(Duration::from_millis(200)).await;
        cancelled.cancel();
        let turn = tokio::time::timeout(Duration::from_secs(60), search).await;
        assert!(turn.is_ok(), "an hour's search went on after its cancellation");
    }
}
