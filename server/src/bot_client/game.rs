//! One game as the bot follows it: the position rebuilt from the server's snapshot and then from each event,
//! the bot's seat (any of a game's two to six), the other seats' players, the number of actions played (the
//! `ply` a move must name) and every seat's clock. In a game with secrets the bot knows only its seat's view
//! ([`SeatView`]): the moves as its seat's connection received them, and who is to act as the server says.

use kartka_bot::clock::{think_time, Clock, Delivery};
use kartka_bot::SeatView;
use kartka_engine::AnyGame;
use kartka_protocol::{Clocks, EventEnvelope, GameEvent, GameSnapshot, GameStatus, SeatName, TimeControl};
use uuid::Uuid;

use crate::games::convert;
use crate::games::kinds;
use crate::games::replay::{Departures, Left};

/// How long the bot thinks about a correspondence turn: days are on the clock, but a turn needs no more than
/// a level 8 search in a few seconds.
const CORRESPONDENCE_THINK_MS: u64 = 5_000;

/// What the bot knows of a game's position.
// A game is a plain value, played on as it is (as the engine's `AnyGame` keeps its kinds unboxed); one followed
// game holds one of these.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub(super) enum Known {
    /// The whole game: a kind without secrets.
    Whole(AnyGame),
    /// Its seat's view of a game with secrets, and the seats to act as the server last said.
    Seat {
        /// What the seat has seen.
        view: SeatView,
        /// The seats to act: several in a simultaneous phase.
        seats_to_act: Vec<SeatName>,
    },
}

/// A game the bot plays.
pub(super) struct FollowedGame {
    seat: SeatName,
    /// The other seats' players, in seat order.
    others: Vec<Uuid>,
    game: Known,
    ply: u32,
    seq: u64,
    time_control: TimeControl,
    clocks: Clocks,
    over: bool,
}

/// What an event meant for the bot's copy of the game.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Followed {
    /// Applied (or already known).
    Applied,
    /// Events are missing before this one: resubscribe after the last one the bot has.
    Gap,
    /// The event does not fit the bot's copy (a move it cannot play): take a fresh snapshot.
    Diverged,
    /// Applied: another seat offers to end the game, and the bot answers per its policy.
    Offered(Offer),
}

/// An offer another seat made, which the bot answers.
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
pub(super) enum Offer {
    /// A draw.
    Draw,
    /// An end now, scored by the rules.
    AgreedEnd,
}

/// What the search needs for one turn.
pub(super) struct TurnRequest {
    /// The game's id.
    pub game_id: Uuid,
    /// The position, the bot to act.
    pub game: Known,
    /// The actions played so far: the move frame's `ply`.
    pub ply: u32,
    /// The bot's clock for this turn.
    pub clock: Clock,
}

/// Why a snapshot cannot be followed.
#[derive(Debug, thiserror::Error)]
pub(super) enum SnapshotError {
    /// The bot is not one of the game's players.
    #[error("not a player of this game")]
    NotAPlayer,
    /// The ruleset or a move does not fit the engine this bot was built with.
    #[error("cannot replay the game: {0}")]
    Replay(String),
}

impl FollowedGame {
    /// The game of `snapshot`, played by the account `me`.
    pub(super) fn from_snapshot(snapshot: &GameSnapshot, me: Uuid) -> Result<FollowedGame, SnapshotError> {
        let index =
            snapshot.players.iter().position(|player| player.account_id == me).ok_or(SnapshotError::NotAPlayer)?;
        let seat = SeatName::from_index(index).ok_or(SnapshotError::NotAPlayer)?;
        let others = snapshot.players.iter().map(|player| player.account_id).filter(|&account| account != me).collect();
        let ruleset = kinds::ruleset(&snapshot.ruleset).map_err(|error| SnapshotError::Replay(error.to_string()))?;
        if let Some(mut view) = SeatView::new(&ruleset, convert::seat(seat)) {
            for record in &snapshot.moves {
                view.observe(convert::seat(record.seat), &record.notation, record.commitment.is_some())
                    .map_err(|error| SnapshotError::Replay(error.to_string()))?;
            }
            return Ok(FollowedGame {
                seat,
                others,
                game: Known::Seat { view, seats_to_act: acting(&snapshot.seats_to_act, snapshot.to_act) },
                ply: snapshot.ply,
                seq: snapshot.seq,
                time_control: snapshot.time_control,
                clocks: snapshot.clocks.clone(),
                over: snapshot.status != GameStatus::Active,
            });
        }
        let mut game = AnyGame::new(&ruleset);
        let departed = snapshot
            .departed
            .iter()
            .map(Left::of_departure)
            .collect::<Result<Vec<_>, _>>()
            .map_err(SnapshotError::Replay)?;
        let mut departures = Departures::new(&departed);
        for record in &snapshot.moves {
            departures.before(&mut game, record.ply);
            game.play(&record.notation).map_err(|error| SnapshotError::Replay(error.to_string()))?;
        }
        departures.after_the_last(&mut game);
        Ok(FollowedGame {
            seat,
            others,
            game: Known::Whole(game),
            ply: snapshot.ply,
            seq: snapshot.seq,
            time_control: snapshot.time_control,
            clocks: snapshot.clocks.clone(),
            over: snapshot.status != GameStatus::Active,
        })
    }

    /// Whether `account` plays one of the other seats.
    pub(super) fn plays_against(&self, account: Uuid) -> bool {
        self.others.contains(&account)
    }

    /// The last event number the bot has: a resume's `after_seq`.
    pub(super) fn seq(&self) -> u64 {
        self.seq
    }

    /// Whether the game is over (ended, aborted or adjudicated).
    pub(super) fn is_over(&self) -> bool {
        self.over
    }

    /// Follows one event. Events the bot already has are ignored, so a resume that overlaps is harmless.
    pub(super) fn follow(&mut self, envelope: &EventEnvelope) -> Followed {
        if envelope.seq <= self.seq {
            return Followed::Applied;
        }
        if envelope.seq > self.seq + 1 {
            return Followed::Gap;
        }
        let mut followed = Followed::Applied;
        match &envelope.event {
            GameEvent::Moved { record, to_act, seats_to_act, .. } => {
                let actions = match &mut self.game {
                    Known::Whole(game) => game.play(&record.notation).map(|played| played.actions as u32).ok(),
                    Known::Seat { view, seats_to_act: next } => {
                        *next = acting(seats_to_act, *to_act);
                        let fixes_secret = record.commitment.is_some();
                        view.observe(convert::seat(record.seat), &record.notation, fixes_secret).ok()
                    }
                };
                let Some(actions) = actions else { return Followed::Diverged };
                self.ply = record.ply + actions;
                self.clocks = record.clocks.clone();
            }
            GameEvent::Ended { clocks, .. } | GameEvent::Adjudicated { clocks, .. } => {
                self.clocks = clocks.clone();
                self.over = true;
            }
            GameEvent::Aborted { .. } | GameEvent::AbortedByAdmin {} => self.over = true,
            GameEvent::SeatLeft { seat, reason, clocks, .. } => {
                let Some(reason) = convert::departure_reason(*reason) else { return Followed::Diverged };
                // Only a kind that plays on has departures; none of those keeps secrets.
                let Known::Whole(game) = &mut self.game else { return Followed::Diverged };
                game.seat_left(convert::seat(*seat), reason);
                self.clocks = clocks.clone();
            }
            GameEvent::ClockCredited { clocks, .. }
            | GameEvent::VacationStarted { clocks, .. }
            | GameEvent::VacationEnded { clocks, .. } => self.clocks = clocks.clone(),
            GameEvent::DrawOffered { seat } if *seat != self.seat && !self.over => {
                followed = Followed::Offered(Offer::Draw);
            }
            GameEvent::AgreedEndOffered { seat } if *seat != self.seat && !self.over => {
                followed = Followed::Offered(Offer::AgreedEnd);
            }
            GameEvent::Started { .. }
            | GameEvent::DrawOffered { .. }
            | GameEvent::DrawDeclined { .. }
            | GameEvent::DrawAccepted { .. }
            | GameEvent::AgreedEndAccepted { .. }
            | GameEvent::AgreedEndOffered { .. }
            | GameEvent::AgreedEndDeclined { .. }
            | GameEvent::PlayerConnected { .. }
            | GameEvent::PlayerDisconnected { .. }
            | GameEvent::ConnectionClosed { .. } => {}
        }
        self.seq = envelope.seq;
        followed
    }

    /// The turn to search for, when the bot is to act in a game still being played.
    pub(super) fn turn_request(&self, game_id: Uuid) -> Option<TurnRequest> {
        // In a simultaneous phase the bot is to act while its seat is among those yet to submit.
        let acts = match &self.game {
            Known::Whole(game) => game.seats_to_act().contains(convert::seat(self.seat)),
            Known::Seat { view, seats_to_act } => seats_to_act.contains(&self.seat) && !view.move_is_the_servers(),
        };
        if self.over || !acts {
            return None;
        }
        Some(TurnRequest { game_id, game: self.game.clone(), ply: self.ply, clock: self.clock() })
    }

    /// The bot's clock as of the last event: a Fischer clock's time left, or a fixed time per turn (a per-move
    /// clock's move time). Before the bot's first move its first-move time runs instead (the game is aborted
    /// when it runs out): the bot thinks no longer than either allows.
    fn clock(&self) -> Clock {
        let limit = |clock| think_time(clock, Delivery::Network).limit_ms;
        let main = self.main_clock();
        let first_move = self.clocks.first_move_ms.filter(|_| self.clocks.running_seats.contains(&self.seat));
        match first_move.map(|ms| Clock::PerMove { per_move_ms: u64::try_from(ms).unwrap_or(0) }) {
            Some(first_move) if limit(first_move) < limit(main) => first_move,
            _ => main,
        }
    }

    /// The bot's main clock as of the last event.
    fn main_clock(&self) -> Clock {
        match self.time_control {
            TimeControl::Fischer { increment_seconds, .. } => {
                let remaining = self.clocks.ms.get(self.seat.index()).copied().unwrap_or_default();
                Clock::Fischer {
                    remaining_ms: u64::try_from(remaining).unwrap_or(0),
                    increment_ms: u64::from(increment_seconds) * 1_000,
                }
            }
            TimeControl::Correspondence { .. } => Clock::PerMove { per_move_ms: CORRESPONDENCE_THINK_MS },
            // Each move's own time; the reserve is left for the network, never planned with.
            TimeControl::PerMove { move_seconds, .. } => {
                Clock::PerMove { per_move_ms: u64::from(move_seconds) * 1_000 }
            }
        }
    }
}

/// The seats to act as a frame names them: its `seats_to_act`, or for a frame stored before that list, its one
/// `to_act`.
fn acting(seats_to_act: &[SeatName], to_act: Option<SeatName>) -> Vec<SeatName> {
    if seats_to_act.is_empty() {
        to_act.into_iter().collect()
    } else {
        seats_to_act.to_vec()
    }
}

#[cfg(test)]
mod tests {
    use kartka_bot::clock::Clock;
    use kartka_protocol::{EventEnvelope, GameSnapshot};
    use serde_json::{json, Value};
    use uuid::Uuid;

    use super::{Followed, FollowedGame, Known, Offer};

    const GAME: Uuid = Uuid::from_u128(7);
    const BOT: Uuid = Uuid::from_u128(3);

    fn player(id: u128) -> Value {
        json!({ "account_id": Uuid::from_u128(id), "name": format!("p{id}"), "guest": true })
    }

    fn clocks(ms: [i64; 3], running: &str) -> Value {
        json!({ "ms": ms, "first_ms": ms[0], "second_ms": ms[1], "running": running })
    }

    /// A Dots and Boxes game of three, nothing played yet, the bot in the third seat.
    fn snapshot_of_three() -> GameSnapshot {
        let snapshot = json!({
            "id": GAME, "ruleset": { "kind": "dots-and-boxes", "rows": 2, "cols": 2, "players": 3 },
            "time_control": { "type": "fischer", "initial_seconds": 60, "increment_seconds": 0 },
            "speed": "bullet", "rated": false, "players": [player(1), player(2), player(3)], "status": "active",
            "result": null, "moves": [], "ply": 0, "to_act": "first", "mid_turn": false,
            "clocks": clocks([60_000, 60_000, 60_000], "first"), "clocks_at_ms": 0, "draw_offer": null, "seq": 1,
            "created_at_ms": 0,
        });
        serde_json::from_value(snapshot).expect("a snapshot")
    }

    fn event(seq: u64, event: Value) -> EventEnvelope {
        serde_json::from_value(json!({ "game_id": GAME, "seq": seq, "at_ms": 0, "event": event })).expect("an event")
    }

    fn moved(seq: u64, ply: u32, seat: &str, notation: &str, ms: [i64; 3], next: &str) -> EventEnvelope {
        let clocks = clocks(ms, next);
        let record = json!({ "type": "moved", "ply": ply, "seat": seat, "notation": notation, "turn_ended": true,
            "at_ms": 0, "clocks": clocks, "client_move_id": "m", "to_act": next });
        event(seq, record)
    }

    #[test]
    fn the_bot_plays_its_own_seat_of_three_with_its_own_clock_and_answers_the_others_offers() {
        let mut game = FollowedGame::from_snapshot(&snapshot_of_three(), BOT).expect("the bot plays");
        assert!(game.plays_against(Uuid::from_u128(1)) && game.plays_against(Uuid::from_u128(2)));
        assert!(!game.plays_against(BOT), "the bot is not among the others");
        assert!(game.turn_request(GAME).is_none(), "the first seat is to act");
        let first = moved(2, 0, "first", "a1h", [59_000, 60_000, 60_000], "second");
        assert_eq!(game.follow(&first), Followed::Applied);
        assert!(game.turn_request(GAME).is_none(), "the second seat is to act");
        assert_eq!(
            game.follow(&event(3, json!({ "type": "draw_offered", "seat": "second" }))),
            Followed::Offered(Offer::Draw)
        );
        let second = moved(4, 1, "second", "a2h", [59_000, 58_000, 45_000], "third");
        assert_eq!(game.follow(&second), Followed::Applied);
        let request = game.turn_request(GAME).expect("the third seat, the bot's, is to act");
        assert_eq!(request.ply, 2);
        assert_eq!(request.clock, Clock::Fischer { remaining_ms: 45_000, increment_ms: 0 }, "the third seat's clock");
        let own = event(5, json!({ "type": "agreed_end_offered", "seat": "third" }));
        assert_eq!(game.follow(&own), Followed::Applied, "its own offer needs no answer");
        let theirs = event(6, json!({ "type": "agreed_end_offered", "seat": "first" }));
        assert_eq!(game.follow(&theirs), Followed::Offered(Offer::AgreedEnd));
        assert_eq!(game.follow(&theirs), Followed::Applied, "an event seen again is not answered again");
    }

    /// A Sea Battle game in which the first seat has placed its fleet (its public move, `F` with a commitment),
    /// the bot in the second seat: it follows its seat's view, places its own fleet, then shoots when the server
    /// names it to act, counting each move's actions for its `ply`.
    #[test]
    fn in_a_game_with_secrets_the_bot_follows_its_seats_view() {
        let commitment = "ab".repeat(32);
        let fleet_placed = json!({ "ply": 0, "seat": "first", "notation": "F", "turn_ended": true, "at_ms": 0,
            "clocks": clocks([60_000, 60_000, 0], "second"), "commitment": commitment });
        let snapshot = json!({
            "id": GAME, "ruleset": { "kind": "sea-battle" },
            "time_control": { "type": "fischer", "initial_seconds": 60, "increment_seconds": 0 },
            "speed": "bullet", "rated": false, "players": [player(1), player(3)], "status": "active",
            "result": null, "moves": [fleet_placed], "ply": 1, "to_act": "second", "mid_turn": false,
            "clocks": clocks([60_000, 60_000, 0], "second"), "clocks_at_ms": 0, "draw_offer": null, "seq": 2,
            "created_at_ms": 0,
        });
        let snapshot: GameSnapshot = serde_json::from_value(snapshot).expect("a snapshot");
        let mut game = FollowedGame::from_snapshot(&snapshot, BOT).expect("the bot plays");
        let request = game.turn_request(GAME).expect("the bot's seat is to act");
        let Known::Seat { view, .. } = &request.game else { panic!("a seat's view of a game with secrets") };
        let fleet = view.next_move(1).expect("a fleet");
        assert!(fleet.starts_with("F:"), "the bot places its fleet first: {fleet}");
        let mut own = moved(3, 1, "second", &fleet, [60_000, 59_000, 0], "first");
        if let kartka_protocol::GameEvent::Moved { record, .. } = &mut own.event {
            record.commitment = Some(commitment.clone());
        }
        assert_eq!(game.follow(&own), Followed::Applied);
        assert!(game.turn_request(GAME).is_none(), "the first seat shoots first");
        let shots = moved(4, 2, "first", "A1.", [59_000, 59_000, 0], "second");
        assert_eq!(game.follow(&shots), Followed::Applied);
        let request = game.turn_request(GAME).expect("the bot shoots");
        assert_eq!(request.ply, 3, "a fleet and a shot before");
        let Known::Seat { view, .. } = &request.game else { panic!("a seat's view") };
        let shot = view.next_move(1).expect("a shot");
        assert!(!shot.starts_with("F:") && shot.len() <= 3, "a shot once the fleet is placed: {shot}");
        assert_eq!(game.follow(&moved(5, 3, "second", "B7", [59_000, 58_000, 0], "first")), Followed::Diverged);
    }

    #[test]
    fn a_snapshot_without_the_bot_is_not_followed() {
        assert!(FollowedGame::from_snapshot(&snapshot_of_three(), Uuid::from_u128(9)).is_err());
    }
}
