//! The search for one turn, run on a blocking thread so that the connection keeps reading (and answering the
//! server's pings) while the bot thinks. The deadline comes from the bot's clock through
//! [`think_time_ms`], which keeps a reserve for the network: the bot never flags.

use std::time::{Duration, Instant};

use kartka_bot::clock::think_time_ms;
use kartka_bot::{play_any_turn, Level};

use super::game::TurnRequest;

/// The move text of the turn the bot plays, or why it has none (a position with no legal action, which the
/// server would have ended).
pub(super) async fn think(request: TurnRequest, level: Level) -> Result<String, String> {
    let TurnRequest { game_id, game, ply, clock } = request;
    // The same game and ply give the same seed, so a replayed search errs (at low levels) the same way.
    let seed = game_id.as_u64_pair().0 ^ u64::from(ply);
    let search = move || {
        let end = Instant::now() + Duration::from_millis(think_time_ms(clock));
        let deadline = move || Instant::now() >= end;
        play_any_turn(&game, level, seed, u64::MAX, &deadline).map(|turn| turn.text()).map_err(|e| e.to_string())
    };
    tokio::task::spawn_blocking(search).await.map_err(|e| e.to_string())?
}
