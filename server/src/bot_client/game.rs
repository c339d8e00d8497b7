//! One game as the bot follows it: the position rebuilt from the server's snapshot and then from each event,
//! the bot's seat (any of a game's two to six), the other seats' players, the number of actions played (the
//! `ply` a move must name) and every seat's clock.

use kartka_bot::clock::{think_time_ms, Clock};
use kartka_engine::AnyGame;
use kartka_protocol::{Clocks, EventEnvelope, GameEvent, GameSnapshot, GameStatus, SeatName, TimeControl};
use uuid::Uuid;

use crate::games::convert::{self, seat_name};
use crate::games::kinds;
use crate::games::replay::{Departures, Left};

/// How long the bot thinks about a correspondence turn: days are on the clock, but a turn needs no more than
/// a level 8 search in a few seconds.
const CORRESPONDENCE_THINK_MS: u64 = 5_000;

/// A game the bot plays.
pub(super) struct FollowedGame {
    seat: SeatName,
    /// The other seats' players, in seat order.
    others: Vec<Uuid>,
    game: AnyGame,
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
    pub game: AnyGame,
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
        let mut game = AnyGame::new(&ruleset);
        let departed = snapshot
            .departed
            .iter()
            .map(|left| {
                let reason = convert::departure_reason(left.reason);
                let reason =
                    reason.ok_or_else(|| SnapshotError::Replay(format!("{:?} is no departure", left.reason)))?;
                Ok(Left { ply: left.ply, seat: convert::seat(left.seat), reason })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let mut departures = Departures::new(&departed);
        for record in &snapshot.moves {
            departures.before(&mut game, record.ply);
            game.play(&record.notation).map_err(|error| SnapshotError::Replay(error.to_string()))?;
        }
        departures.after_the_last(&mut game);
        Ok(FollowedGame {
            seat,
            others,
            game,
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
            GameEvent::Moved { record, .. } => match self.game.play(&record.notation) {
                Ok(played) => {
                    self.ply = record.ply + u32::try_from(played.actions).unwrap_or(u32::MAX);
                    self.clocks = record.clocks.clone();
                }
                Err(_) => return Followed::Diverged,
            },
            GameEvent::Ended { clocks, .. } | GameEvent::Adjudicated { clocks, .. } => {
                self.clocks = clocks.clone();
                self.over = true;
            }
            GameEvent::Aborted { .. } | GameEvent::AbortedByAdmin {} => self.over = true,
            GameEvent::SeatLeft { seat, reason, clocks, .. } => {
                let Some(reason) = convert::departure_reason(*reason) else { return Followed::Diverged };
                self.game.seat_left(convert::seat(*seat), reason);
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
        let to_act = self.game.to_act()?;
        if self.over || seat_name(to_act) != self.seat {
            return None;
        }
        Some(TurnRequest { game_id, game: self.game.clone(), ply: self.ply, clock: self.clock() })
    }

    /// The bot's clock as of the last event: a Fischer clock's time left, or a fixed time per turn (a per-move
    /// clock's move time). Before the bot's first move its first-move time runs instead (the game is aborted
    /// when it runs out): the bot thinks no longer than either allows.
    fn clock(&self) -> Clock {
        let main = self.main_clock();
        let first_move = self.clocks.first_move_ms.filter(|_| self.clocks.running == Some(self.seat));
        match first_move.map(|ms| Clock::PerMove { per_move_ms: u64::try_from(ms).unwrap_or(0) }) {
            Some(first_move) if think_time_ms(first_move) < think_time_ms(main) => first_move,
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
