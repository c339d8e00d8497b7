//! A connection's bounded outbound queue. Producers never wait on a slow client: when the queue is full the
//! connection is dropped instead of buffered without limit.

use std::sync::Arc;

use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

/// The sending side of one connection's outbound queue of serialised frames.
#[derive(Clone, Debug)]
pub struct Outbox {
    frames: mpsc::Sender<Arc<str>>,
    too_slow: CancellationToken,
    revoked: CancellationToken,
}

impl Outbox {
    /// A queue holding at most `capacity` frames, and its receiving side.
    #[must_use]
    pub fn new(capacity: usize) -> (Outbox, mpsc::Receiver<Arc<str>>) {
        let (frames, receiver) = mpsc::channel(capacity);
        (Outbox { frames, too_slow: CancellationToken::new(), revoked: CancellationToken::new() }, receiver)
    }

    /// Queues a frame without waiting. Returns false when the frame was not queued: the connection is gone,
    /// or its queue was full, in which case the connection is marked too slow and will be closed.
    pub fn push(&self, frame: Arc<str>) -> bool {
        match self.frames.try_send(frame) {
            Ok(()) => true,
            Err(mpsc::error::TrySendError::Full(_)) => {
                self.too_slow.cancel();
                false
            }
            Err(mpsc::error::TrySendError::Closed(_)) => false,
        }
    }

    /// Serialises and queues a frame.
    pub fn push_frame(&self, frame: &kartka_protocol::ServerFrame) -> bool {
        self.push(encode(frame))
    }

    /// Resolves when a producer found the queue full.
    pub async fn too_slow(&self) {
        self.too_slow.cancelled().await;
    }

    /// Asks the connection to close because its account may no longer use it (a ban).
    pub fn revoke(&self) {
        self.revoked.cancel();
    }

    /// Resolves once [`Outbox::revoke`] was called.
    pub async fn revoked(&self) {
        self.revoked.cancelled().await;
    }
}

/// A server frame as the JSON text sent on the socket.
#[must_use]
pub fn encode(frame: &kartka_protocol::ServerFrame) -> Arc<str> {
    serde_json::to_string(frame).expect("server frames always serialise").into()
}
