//! A new game's stored row and its first event.

use kartka_engine::AnyGame;
use kartka_protocol::{GameEvent, PlayerInfo, RulesetSpec, TimeControl};
use uuid::Uuid;

use super::commit::event_kind;
use crate::games::clock::{ClockRules, GameClock};
use crate::games::convert::{self, seat_text, speed_text};
use crate::games::kinds::{self, RulesetError};
use crate::ratings::speed::speed_class;
use crate::store::{EventRow, GameRow, GameState, Millis};

/// A new game's stored row and its `started` event, with the clocks set at `now` and the clock of the seat
/// the game's rules let move first running (its first-move time, when `clock_rules` give the game one). What the ruleset leaves to chance is settled here, from the server's RNG, and stored with it
/// (`Kind::settle`). A ruleset the engine does not play is refused.
pub fn new_game(
    id: Uuid,
    players: Vec<PlayerInfo>,
    ruleset: RulesetSpec,
    time_control: TimeControl,
    rated: bool,
    clock_rules: ClockRules,
    now: Millis,
) -> Result<(GameRow, EventRow), RulesetError> {
    let ruleset = kinds::of_spec(&ruleset).settle(ruleset, rand::random());
    let rules = kinds::ruleset(&ruleset)?;
    let seats = rules.seat_count();
    if players.len() != seats {
        return Err(RulesetError::Invalid(format!("{} players for a game of {seats} seats", players.len())));
    }
    let first_to_act = AnyGame::new(&rules).seats_to_act();
    let clock = GameClock::start(&time_control, clock_rules, seats, first_to_act, now);
    let player_ids = players.iter().map(|player| player.account_id).collect();
    let event = GameEvent::Started { players, ruleset, time_control, clocks: clock.view(now) };
    let row = GameRow {
        id,
        kind: ruleset.kind().name().to_owned(),
        ruleset: serde_json::to_string(&ruleset).expect("rulesets always serialise"),
        time_control: serde_json::to_string(&time_control).expect("time controls always serialise"),
        speed: speed_text(speed_class(&ruleset, &time_control)).to_owned(),
        rated,
        correspondence: time_control.is_correspondence(),
        players: player_ids,
        created_at: now,
        state: GameState {
            status: "active".to_owned(),
            winner: None,
            end_reason: None,
            ply: 0,
            seq: 1,
            clocks_ms: clock.stored_remaining().as_slice().to_vec(),
            clock_at: now,
            to_act: first_to_act.first().map(|seat| seat_text(seat).to_owned()),
            seats_to_act: convert::seats_text(first_to_act),
            deadline: clock.deadline(),
            finished_at: None,
            scores: None,
            ranks: None,
        },
    };
    let started = EventRow {
        seq: 1,
        kind: event_kind(&event).to_owned(),
        payload: serde_json::to_string(&event).expect("game events always serialise"),
        at: now,
        private: None,
    };
    Ok((row, started))
}
