//! Loading a game's actor from the store: the game replayed from its moves, its clocks, its events.

use kartka_engine::{AnyGame, BySeat, SeatSet};
use kartka_protocol::{EventEnvelope, GameEvent, GameStatus, MoveRecord, RulesetSpec, TimeControl};
use std::collections::HashMap;
use std::sync::Arc;
use uuid::Uuid;

use super::correspondence::{is_conditional_reply, paused_seats};
use super::retry::DeadlineRetry;
use super::window::window_end;
use super::{ActorConfig, CommittedMove, GameActor, Live, StandingOffer};
use crate::games::audience::stored_event;
use crate::games::clock::GameClock;
use crate::games::convert::{self, seat_name, speed_from_text};
use crate::games::kinds;
use crate::games::replay::{Departures, Left};
use crate::store::{EventRow, GameRow, MoveRow, Store, StoreError};
use crate::time::now_ms;

/// What an actor is made from: a game's rows as the store holds them.
pub(in crate::games) struct StoredGame {
    /// The game.
    pub row: GameRow,
    /// Its events, in order, from the first (`started`).
    pub events: Vec<EventRow>,
    /// Its moves, in order.
    pub moves: Vec<MoveRow>,
    /// The accounts that muted their opponents in it.
    pub opponent_mutes: Vec<Uuid>,
    /// The rematch accepted after it (read only for a game that has ended), so that those who come to the game
    /// later can follow it.
    pub rematch: Option<Uuid>,
}

impl StoredGame {
    /// A game just stored by [`new_game`](super::new_game::new_game): its row and its `started` event, nothing
    /// else yet, so that its actor starts without reading back what was just written.
    pub(in crate::games) fn new(row: GameRow, started: EventRow) -> StoredGame {
        StoredGame { row, events: vec![started], moves: Vec::new(), opponent_mutes: Vec::new(), rematch: None }
    }

    /// The game `id` as the store holds it; `None` when there is no such game.
    async fn read(store: &dyn Store, id: Uuid) -> Result<Option<StoredGame>, StoreError> {
        let Some(row) = store.game(id).await? else { return Ok(None) };
        let events = store.events_after(id, 0).await?;
        let opponent_mutes = store.opponent_mutes(id).await?;
        let moves = store.moves(id).await?;
        let rematch = if row.state.status == "active" { None } else { store.accepted_rematch(id).await? };
        Ok(Some(StoredGame { row, events, moves, opponent_mutes, rematch }))
    }
}

impl GameActor {
    /// Loads a game and everything needed to run it; `None` when there is no such game.
    pub(in crate::games) async fn load(
        store: Arc<dyn Store>,
        id: Uuid,
        config: ActorConfig,
    ) -> Result<Option<GameActor>, LoadError> {
        let Some(stored) = StoredGame::read(store.as_ref(), id).await? else { return Ok(None) };
        GameActor::from_stored(store, stored, config).map(Some)
    }

    /// The actor of a game from its rows: the game replayed from its moves, its clocks, its events.
    pub(in crate::games) fn from_stored(
        store: Arc<dyn Store>,
        stored: StoredGame,
        config: ActorConfig,
    ) -> Result<GameActor, LoadError> {
        let StoredGame { row, events: event_rows, moves: move_rows, opponent_mutes: mutes, rematch } = stored;
        let id = row.id;
        let corrupt = |why: String| LoadError::Corrupt(id, why);
        let ruleset: RulesetSpec = serde_json::from_str(&row.ruleset).map_err(|e| corrupt(e.to_string()))?;
        let time_control: TimeControl = serde_json::from_str(&row.time_control).map_err(|e| corrupt(e.to_string()))?;
        let rules = kinds::ruleset(&ruleset).map_err(|e| corrupt(e.to_string()))?;
        let speed = speed_from_text(&row.speed).ok_or_else(|| corrupt(format!("speed {}", row.speed)))?;
        let seats = rules.seat_count();
        if row.players.len() != seats {
            return Err(corrupt(format!("{} players stored where the game has {seats} seats", row.players.len())));
        }
        let opponent_muted = BySeat::from_fn(seats, |seat| mutes.contains(&row.players[seat.index()]));
        let mut events = Vec::with_capacity(event_rows.len());
        let mut private_events = HashMap::new();
        for row in &event_rows {
            let projected = stored_event(id, row).map_err(|e| corrupt(e.to_string()))?;
            if let Some(private) = projected.private {
                private_events.insert(projected.public.seq, private);
            }
            events.push(projected.public);
        }
        let Some(GameEvent::Started { players, .. }) = events.first().map(|e| e.event.clone()) else {
            return Err(corrupt("the first event is not `started`".into()));
        };
        if players.len() != seats {
            return Err(corrupt(format!("{} players started the game where it has {seats} seats", players.len())));
        }
        let mut game = AnyGame::new(&rules);
        let mut has_moved = BySeat::splat(seats, false);
        let mut moves = Vec::new();
        // When the timed window the game is in (if any) opened: the move after which it was first in it.
        let mut window_opened = None;
        let move_seqs: HashMap<u64, (String, u64)> = events
            .iter()
            .filter_map(|e| match &e.event {
                GameEvent::Moved { record, client_move_id, .. } => {
                    Some((u64::from(record.ply), (client_move_id.clone(), e.seq)))
                }
                _ => None,
            })
            .collect();
        let departed = departures(&events).map_err(corrupt)?;
        let mut departures = Departures::new(&departed);
        for row in move_rows {
            let seat = convert::seat_from_text(&row.seat).ok_or_else(|| corrupt(format!("seat {}", row.seat)))?;
            departures.before(&mut game, row.ply as u32);
            let to_act_before = game.seats_to_act();
            let (_, disclosure) =
                game.play_as(seat, &row.notation).map_err(|e| corrupt(format!("move at ply {}: {e}", row.ply)))?;
            window_opened = game.timed_window().and(window_opened.or(Some(row.received_at)));
            let running = convert::seat_names(game.seats_to_act());
            *has_moved.get_mut(seat).ok_or_else(|| corrupt(format!("seat {} in a game of {seats}", row.seat)))? = true;
            let seq = move_seqs.get(&(row.ply as u64)).map_or(0, |(_, seq)| *seq);
            // A move public as told (a Gallows letter with its answer, a Superghost challenge with its verdict) is
            // told again so, as the engine discloses it anew: its event was sent to everyone, but not kept apart.
            let full = MoveRecord {
                ply: row.ply as u32,
                seat: seat_name(seat),
                notation: disclosure.map_or_else(|| row.notation.clone(), |disclosure| disclosure.public),
                turn_ended: row.turn_ended,
                at_ms: row.received_at,
                clocks: kartka_protocol::Clocks::running_at_once(row.clocks_ms, running),
                conditional: is_conditional_reply(&row.client_move_id),
                commitment: None,
                secret: None,
                nonce: None,
            };
            // A move with a private part is told to others as its public event says, never as stored: the row
            // holds the mover's whole text (a fleet), which the replay needs and no one else may see.
            let public_record = || match events.iter().find(|event| event.seq == seq) {
                Some(EventEnvelope { event: GameEvent::Moved { record, .. }, .. }) => Some(record.clone()),
                _ => None,
            };
            let (record, private) = match private_events.get(&seq) {
                Some((owner, EventEnvelope { event: GameEvent::Moved { record: private, .. }, .. })) => {
                    let public =
                        public_record().ok_or_else(|| corrupt(format!("move event {seq} has no public part")))?;
                    (public, Some((*owner, private.clone())))
                }
                _ => (full, None),
            };
            let stored_notation = (record.notation != row.notation).then_some(row.notation);
            moves.push(CommittedMove {
                record,
                private,
                client_move_id: row.client_move_id,
                seq,
                to_act_before,
                stored_notation,
            });
        }
        departures.after_the_last(&mut game);
        let state = &row.state;
        let status = match state.status.as_str() {
            "active" => GameStatus::Active,
            "finished" => GameStatus::Finished,
            "aborted" => GameStatus::Aborted,
            other => return Err(corrupt(format!("status {other}"))),
        };
        let result = convert::stored_result(state, status).map_err(|reason| corrupt(format!("reason {reason}")))?;
        let window = game.timed_window().filter(|_| status == GameStatus::Active);
        // The seats to act, as the replayed moves leave them: in a simultaneous phase, those yet to submit.
        let running =
            if status == GameStatus::Active && window.is_none() { game.seats_to_act() } else { SeatSet::EMPTY };
        // The window's end before any downtime credit, which the actor adds when it starts.
        let window_ends = window.zip(window_opened).map(|(window, opened)| window_end(&window, opened));
        let clock = GameClock::restore(
            &time_control,
            config.clocks,
            BySeat::from_slice(&state.clocks_ms)
                .filter(|clocks| clocks.len() == seats)
                .ok_or_else(|| corrupt(format!("{} clocks in a game of {seats} seats", state.clocks_ms.len())))?,
            state.clock_at,
            running,
            paused_seats(&events, seats),
            has_moved,
        );
        let now = now_ms();
        Ok(GameActor {
            id,
            store,
            config,
            announced: None,
            players,
            ruleset,
            time_control,
            speed,
            rated: row.rated,
            created_at: row.created_at,
            live: Live {
                game: Box::new(game),
                status,
                result,
                ply: state.ply as u32,
                clock,
                draw_offer: standing_offer(&events, Offer::Draw, seats),
                agreed_end_offer: standing_offer(&events, Offer::AgreedEnd, seats),
                has_moved,
                departed: departed.iter().map(|left| (left.seat, left.ply, left.reason)).collect(),
                finished_at: state.finished_at,
                window_ends,
            },
            seq: state.seq as u64,
            moves,
            events,
            private_events,
            subscribers: HashMap::new(),
            absent_since: BySeat::splat(seats, Some(now)),
            opponent_muted,
            spectators: 0,
            rematch,
            stale: false,
            deadline_retry: DeadlineRetry::default(),
            unowned_since: None,
            watched_place: None,
        })
    }
}

/// The two offers a player may make to end a game.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Offer {
    Draw,
    AgreedEnd,
}

/// The offer of `kind` still standing after `events` in a game of `seats` seats, with its acceptances: an offer
/// stands until it is declined or passes, the game ends, a seat leaves, or a seat that has not accepted it moves.
fn standing_offer(events: &[EventEnvelope], kind: Offer, seats: usize) -> Option<StandingOffer> {
    let mut departed = Vec::new();
    let mut offer: Option<StandingOffer> = None;
    for envelope in events {
        offer = match &envelope.event {
            GameEvent::DrawOffered { seat } if kind == Offer::Draw => {
                Some(StandingOffer::new(convert::seat(*seat), seats, &departed))
            }
            GameEvent::AgreedEndOffered { seat } if kind == Offer::AgreedEnd => {
                Some(StandingOffer::new(convert::seat(*seat), seats, &departed))
            }
            GameEvent::DrawAccepted { seat } if kind == Offer::Draw => {
                offer.and_then(|o| o.accepted_by(convert::seat(*seat)))
            }
            GameEvent::AgreedEndAccepted { seat } if kind == Offer::AgreedEnd => {
                offer.and_then(|o| o.accepted_by(convert::seat(*seat)))
            }
            GameEvent::DrawDeclined { .. } if kind == Offer::Draw => None,
            GameEvent::AgreedEndDeclined { .. } if kind == Offer::AgreedEnd => None,
            GameEvent::SeatLeft { seat, .. } => {
                departed.push(convert::seat(*seat));
                None
            }
            GameEvent::Ended { .. }
            | GameEvent::Aborted { .. }
            | GameEvent::AbortedByAdmin {}
            | GameEvent::Adjudicated { .. } => None,
            GameEvent::Moved { record, .. } if offer.is_some_and(|o| o.awaits(convert::seat(record.seat))) => None,
            _ => offer,
        };
    }
    offer
}

/// The departures `events` record, in the order they happened.
fn departures(events: &[EventEnvelope]) -> Result<Vec<Left>, String> {
    events
        .iter()
        .filter_map(|envelope| match &envelope.event {
            GameEvent::SeatLeft { seat, reason, ply, .. } => Some((*seat, *reason, *ply)),
            _ => None,
        })
        .map(|(seat, reason, ply)| {
            let reason = convert::departure_reason(reason).ok_or_else(|| format!("{reason:?} is no departure"))?;
            Ok(Left { ply, seat: convert::seat(seat), reason })
        })
        .collect()
}

/// Stored data that does not make a consistent game.
#[derive(Debug, thiserror::Error)]
pub(in crate::games) enum LoadError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("stored game {0} is inconsistent: {1}")]
    Corrupt(Uuid, String),
}
