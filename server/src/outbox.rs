//! A connection's bounded outbound queue. Producers never wait on a slow client: when the queue is full the
//! connection is dropped instead of buffered without limit.
//!
//! A deque behind a mutex rather than tokio's bounded channel, for memory: every open socket holds a queue,
//! and a channel allocates a block of 32 slots and a cache-padded header when it is made, about 1 KiB an idle
//! socket. This queue allocates on its first frame and gives a burst's room back once drained.

use std::collections::VecDeque;
use std::future::poll_fn;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::task::{Context, Poll, Waker};

/// How many slots a drained queue may keep: a connection's usual traffic (a move and its ack) fits, so the
/// queue does not allocate again for every frame; more than this was a burst, and its room is given back.
const KEPT_SLOTS: usize = 8;

/// The sending side of one connection's outbound queue of serialised frames. Cheap to clone.
#[derive(Clone, Debug)]
pub struct Outbox {
    shared: Arc<Mutex<Shared>>,
}

/// The receiving side: the connection that writes the frames to its client. Dropping it closes the queue.
#[derive(Debug)]
pub struct Frames {
    shared: Arc<Mutex<Shared>>,
}

/// Why the connection must close, whatever its client sends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Alarm {
    /// A producer found the queue full: the client does not read fast enough.
    TooSlow,
    /// The account may no longer use the connection, for the reason given.
    Revoked(Revoked),
    /// A game the connection watched through another node moved away from it: the client subscribes again.
    Resubscribe,
    /// A frame longer than [`kartka_protocol::MAX_SERVER_FRAME_BYTES`] was to be sent. The socket could not
    /// take it, and the client would miss it without knowing: the connection closes instead.
    Unsendable,
}

/// Why an account may no longer use its connections: the client says different things for each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Revoked {
    /// The session the connection authenticated with signed out.
    SignedOut,
    /// An admin banned the account.
    Banned,
}

#[derive(Debug)]
struct Shared {
    frames: VecDeque<Arc<str>>,
    capacity: usize,
    alarm: Option<Alarm>,
    /// Set once the receiving side is gone: pushes are refused.
    closed: bool,
    /// The receiving side's task, woken by a frame or an alarm.
    waker: Option<Waker>,
}

impl Shared {
    /// Raises `alarm` unless one is raised already (the first one decides how the connection closes).
    fn raise(&mut self, alarm: Alarm) -> Option<Waker> {
        self.alarm.get_or_insert(alarm);
        self.waker.take()
    }

    /// Takes the first frame; a drained queue that grew past [`KEPT_SLOTS`] gives its room back.
    fn pop(&mut self) -> Option<Arc<str>> {
        let frame = self.frames.pop_front();
        if self.frames.is_empty() && self.frames.capacity() > KEPT_SLOTS {
            self.frames = VecDeque::new();
        }
        frame
    }

    fn register(&mut self, waker: &Waker) {
        if !self.waker.as_ref().is_some_and(|registered| registered.will_wake(waker)) {
            self.waker = Some(waker.clone());
        }
    }
}

/// Locks the queue. A panic elsewhere cannot leave it half-changed (every change is one step), so a poisoned
/// lock is used as it is.
fn lock(shared: &Mutex<Shared>) -> MutexGuard<'_, Shared> {
    shared.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Outbox {
    /// A queue holding at most `capacity` frames, and its receiving side.
    #[must_use]
    pub fn new(capacity: usize) -> (Outbox, Frames) {
        let shared = Shared { frames: VecDeque::new(), capacity, alarm: None, closed: false, waker: None };
        let shared = Arc::new(Mutex::new(shared));
        (Outbox { shared: Arc::clone(&shared) }, Frames { shared })
    }

    /// Queues a frame without waiting. Returns false when the frame was not queued: the connection is gone,
    /// or its queue was full, in which case the connection is marked too slow and will be closed.
    /// A frame longer than [`kartka_protocol::MAX_SERVER_FRAME_BYTES`] is not queued either: it is logged, and
    /// the connection is marked to close ([`Alarm::Unsendable`]).
    pub fn push(&self, frame: Arc<str>) -> bool {
        let (queued, waker) = {
            let mut shared = lock(&self.shared);
            // After a frame that could not be sent, nothing is: the client would read past a gap.
            if shared.closed || shared.alarm == Some(Alarm::Unsendable) {
                return false;
            }
            if frame.len() > kartka_protocol::MAX_SERVER_FRAME_BYTES {
                let start: String = frame.chars().take(40).collect();
                tracing::error!(bytes = frame.len(), %start, "a frame too long to send: closing the connection");
                (false, shared.raise(Alarm::Unsendable))
            } else if shared.frames.len() >= shared.capacity {
                (false, shared.raise(Alarm::TooSlow))
            } else {
                shared.frames.push_back(frame);
                (true, shared.waker.take())
            }
        };
        // Woken outside the lock: the connection's task may run at once on another thread and take it.
        if let Some(waker) = waker {
            waker.wake();
        }
        queued
    }

    /// Serialises and queues a frame.
    pub fn push_frame(&self, frame: &kartka_protocol::ServerFrame) -> bool {
        self.push(encode(frame))
    }

    /// Asks the connection to close because its account may no longer use it, for the reason `why`.
    pub fn revoke(&self, why: Revoked) {
        let waker = lock(&self.shared).raise(Alarm::Revoked(why));
        if let Some(waker) = waker {
            waker.wake();
        }
    }
}

impl Outbox {
    /// Asks the connection to close so that its client subscribes again: a game it watched through another
    /// node's relay moved (that node stopped or crashed).
    pub fn resubscribe(&self) {
        let waker = lock(&self.shared).raise(Alarm::Resubscribe);
        if let Some(waker) = waker {
            waker.wake();
        }
    }
}

impl Frames {
    /// The next queued frame, or pending until one is queued (the task is woken then).
    pub fn poll_frame(&self, context: &mut Context<'_>) -> Poll<Arc<str>> {
        let mut shared = lock(&self.shared);
        match shared.pop() {
            Some(frame) => Poll::Ready(frame),
            None => {
                shared.register(context.waker());
                Poll::Pending
            }
        }
    }

    /// Whether every sending side is gone: no frame will ever be queued again.
    #[must_use]
    pub fn abandoned(&self) -> bool {
        Arc::strong_count(&self.shared) == 1
    }

    /// The next queued frame, if there is one.
    pub fn try_frame(&self) -> Option<Arc<str>> {
        lock(&self.shared).pop()
    }

    /// The alarm raised, or pending until one is (the task is woken then).
    pub fn poll_alarm(&self, context: &mut Context<'_>) -> Poll<Alarm> {
        let mut shared = lock(&self.shared);
        match shared.alarm {
            Some(alarm) => Poll::Ready(alarm),
            None => {
                shared.register(context.waker());
                Poll::Pending
            }
        }
    }

    /// Resolves with the next queued frame.
    pub async fn next_frame(&self) -> Arc<str> {
        poll_fn(|context| self.poll_frame(context)).await
    }

    /// Resolves once an alarm is raised.
    pub async fn alarm(&self) -> Alarm {
        poll_fn(|context| self.poll_alarm(context)).await
    }
}

impl Drop for Frames {
    fn drop(&mut self) {
        let mut shared = lock(&self.shared);
        shared.closed = true;
        shared.frames = VecDeque::new();
        shared.waker = None;
    }
}

/// A server frame as the JSON text sent on the socket.
#[must_use]
pub fn encode(frame: &kartka_protocol::ServerFrame) -> Arc<str> {
    serde_json::to_string(frame).expect("server frames always serialise").into()
}

/// The `event` frame of event `seq` of game `game_id`, recorded at `at_ms`, whose JSON is `event` (the stored
/// payload): the text [`encode`] gives for a [`ServerFrame::Event`](kartka_protocol::ServerFrame::Event) of it,
/// written around the payload so that a committed event is serialised once, for the store and its subscribers.
#[must_use]
pub fn event_frame(game_id: uuid::Uuid, seq: u64, at_ms: i64, event: &str) -> Arc<str> {
    use std::fmt::Write;
    let mut text = String::with_capacity(event.len() + 100);
    let _ = write!(text, r#"{{"type":"event","game_id":"{game_id}","seq":{seq},"at_ms":{at_ms},"event":{event}}}"#);
    text.into()
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::task::{Context, Poll, Waker};

    use kartka_protocol::{Clocks, EventEnvelope, GameEvent, MoveRecord, SeatName, ServerFrame};
    use uuid::Uuid;

    use super::{encode, event_frame, Alarm, Outbox, Revoked, KEPT_SLOTS};

    #[test]
    fn an_event_frame_around_its_payload_is_the_frame_serialised_whole() {
        let record = MoveRecord {
            ply: 7,
            seat: SeatName::Second,
            notation: "3 \"quoted\" é\n".to_owned(),
            turn_ended: true,
            at_ms: -1,
            clocks: Clocks { move_ms: Some(4_000), ..Clocks::new(vec![59_000, 61_250], Some(SeatName::First)) },
            conditional: false,
            commitment: Some("ab".repeat(32)),
            secret: None,
            nonce: None,
        };
        let events = [
            GameEvent::Moved {
                record,
                client_move_id: "m-1".to_owned(),
                to_act: Some(SeatName::First),
                seats_to_act: vec![SeatName::First],
            },
            GameEvent::DrawOffered { seat: SeatName::First },
        ];
        for event in events {
            let envelope = EventEnvelope { game_id: Uuid::new_v4(), seq: u64::MAX, at_ms: 1_764_500_000_123, event };
            let payload = serde_json::to_string(&envelope.event).expect("events serialise");
            let frame = event_frame(envelope.game_id, envelope.seq, envelope.at_ms, &payload);
            assert_eq!(frame, encode(&ServerFrame::Event(envelope)));
        }
    }

    fn frame(text: &str) -> Arc<str> {
        Arc::from(text)
    }

    #[test]
    fn frames_come_out_in_order() {
        let (outbox, frames) = Outbox::new(4);
        assert!(outbox.push(frame("a")));
        assert!(outbox.push(frame("b")));
        assert_eq!(frames.try_frame().as_deref(), Some("a"));
        assert_eq!(frames.try_frame().as_deref(), Some("b"));
        assert_eq!(frames.try_frame(), None);
    }

    #[test]
    fn the_queue_is_abandoned_once_every_sender_is_gone() {
        let (outbox, frames) = Outbox::new(4);
        let copy = outbox.clone();
        drop(outbox);
        assert!(!frames.abandoned(), "a copy still sends");
        assert!(copy.push(Arc::from("last")));
        drop(copy);
        assert!(frames.abandoned());
        assert_eq!(frames.try_frame().as_deref(), Some("last"), "what was queued is still there");
    }

    #[test]
    fn a_full_queue_refuses_the_frame_and_raises_too_slow() {
        let (outbox, frames) = Outbox::new(2);
        let mut context = Context::from_waker(Waker::noop());
        assert!(frames.poll_alarm(&mut context).is_pending());
        assert!(outbox.push(frame("a")) && outbox.push(frame("b")));
        assert!(!outbox.push(frame("c")));
        assert_eq!(frames.poll_alarm(&mut context), Poll::Ready(Alarm::TooSlow));
        // The first alarm decides how the connection closes: a revocation after it changes nothing.
        outbox.revoke(Revoked::Banned);
        assert_eq!(frames.poll_alarm(&mut context), Poll::Ready(Alarm::TooSlow));
        assert_eq!(frames.try_frame().as_deref(), Some("a"));
    }

    #[test]
    fn a_frame_too_long_to_send_is_refused_and_closes_the_connection() {
        let (outbox, frames) = Outbox::new(4);
        assert!(outbox.push(frame("a")));
        let longest = "x".repeat(kartka_protocol::MAX_SERVER_FRAME_BYTES);
        assert!(outbox.push(frame(&longest)), "a frame of the largest size still goes");
        assert!(!outbox.push(frame(&format!("{longest}x"))));
        assert!(!outbox.push(frame("b")), "nothing goes after the gap");
        let mut context = Context::from_waker(Waker::noop());
        assert_eq!(frames.poll_alarm(&mut context), Poll::Ready(Alarm::Unsendable));
        assert_eq!(frames.try_frame().as_deref(), Some("a"), "what was queued before still goes first");
        assert_eq!(frames.try_frame().map(|f| f.len()), Some(longest.len()));
        assert_eq!(frames.try_frame(), None);
    }

    #[test]
    fn revoking_raises_its_alarm() {
        let (outbox, frames) = Outbox::new(2);
        outbox.revoke(Revoked::Banned);
        let mut context = Context::from_waker(Waker::noop());
        assert_eq!(frames.poll_alarm(&mut context), Poll::Ready(Alarm::Revoked(Revoked::Banned)));
    }

    #[tokio::test]
    async fn a_frame_wakes_the_waiting_side() {
        let (outbox, frames) = Outbox::new(2);
        let waiting = tokio::spawn(async move { frames.next_frame().await });
        tokio::task::yield_now().await;
        assert!(outbox.push(frame("a")));
        assert_eq!(waiting.await.expect("the waiting task").as_ref(), "a");
    }

    #[test]
    fn once_the_receiving_side_is_gone_frames_are_refused() {
        let (outbox, frames) = Outbox::new(2);
        assert!(outbox.push(frame("a")));
        drop(frames);
        assert!(!outbox.push(frame("b")));
    }

    #[test]
    fn a_drained_queue_gives_a_burst_room_back() {
        let (outbox, frames) = Outbox::new(64);
        for _ in 0..32 {
            assert!(outbox.push(frame("a")));
        }
        while frames.try_frame().is_some() {}
        assert_eq!(outbox.shared.lock().expect("outbox lock").frames.capacity(), 0);
        assert!(outbox.push(frame("a")) && outbox.push(frame("b")));
        assert_eq!(frames.try_frame().as_deref(), Some("a"));
        let capacity = outbox.shared.lock().expect("outbox lock").frames.capacity();
        assert!(capacity > 0 && capacity <= KEPT_SLOTS, "a small queue keeps its room: {capacity}");
    }
}
