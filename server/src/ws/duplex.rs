//! The socket driven both ways by the connection's one task: queued frames and pings are written while the
//! next message is awaited, and while a message is answered.
//!
//! One task rather than a reader and a writer, for memory: every idle socket would otherwise hold two tasks,
//! the split socket's shared lock, and the channel that told the writer to close. Reading never waits on
//! writing: a client that does not read stalls only the writes, its queue fills, and the connection is closed
//! as too slow.

use std::future::{poll_fn, Future};
use std::pin::pin;
use std::task::{ready, Context, Poll};

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures_util::{SinkExt, StreamExt};

use crate::outbox::{Alarm, Frames};

/// What happened on the socket.
pub(super) enum Event {
    /// A message from the client.
    Received(Message),
    /// The client ended the connection.
    Ended,
    /// A message could not be read: too large, malformed, or the connection broke.
    ReadFailed(axum::Error),
    /// A write failed: the connection is gone.
    WriteFailed,
    /// The connection must close, whatever the client sends.
    Alarm(Alarm),
}

/// An upgraded socket and the queue of frames written to it.
pub(super) struct Duplex {
    socket: WebSocket,
    frames: Frames,
    /// Messages handed to the socket but not yet flushed to the network.
    unflushed: bool,
    /// A ping is to be written.
    ping_due: bool,
    /// A write failed: nothing more is written.
    write_failed: bool,
}

impl Duplex {
    pub(super) fn new(socket: WebSocket, frames: Frames) -> Duplex {
        Duplex { socket, frames, unflushed: false, ping_due: false, write_failed: false }
    }

    /// Has a ping written (browsers and WebSocket libraries answer it with a pong, which is how a silent
    /// connection is told from a dead one).
    pub(super) fn ping(&mut self) {
        self.ping_due = true;
    }

    /// The next thing that happens, writing queued frames meanwhile. An alarm comes before a failed write,
    /// and both before a message.
    pub(super) async fn next_event(&mut self) -> Event {
        poll_fn(|context| self.poll_event(context)).await
    }

    fn poll_event(&mut self, context: &mut Context<'_>) -> Poll<Event> {
        if let Poll::Ready(alarm) = self.frames.poll_alarm(context) {
            return Poll::Ready(Event::Alarm(alarm));
        }
        if self.write_failed {
            return Poll::Ready(Event::WriteFailed);
        }
        if let Poll::Ready(Err(error)) = self.poll_write(context) {
            tracing::debug!(%error, "socket write failed");
            self.write_failed = true;
            return Poll::Ready(Event::WriteFailed);
        }
        self.socket.poll_next_unpin(context).map(|message| match message {
            Some(Ok(message)) => Event::Received(message),
            Some(Err(error)) => Event::ReadFailed(error),
            None => Event::Ended,
        })
    }

    /// Runs `work` (answering a message) to its end, writing queued frames meanwhile. A failed write does not
    /// stop the work: it may be a move being stored; the next [`Duplex::next_event`] reports the failure.
    pub(super) async fn write_while<T>(&mut self, work: impl Future<Output = T>) -> T {
        let mut work = pin!(work);
        poll_fn(|context| {
            if let Poll::Ready(output) = work.as_mut().poll(context) {
                return Poll::Ready(output);
            }
            if !self.write_failed && matches!(self.poll_write(context), Poll::Ready(Err(_))) {
                self.write_failed = true;
            }
            Poll::Pending
        })
        .await
    }

    /// Hands the socket queued frames (and a due ping) while it takes them, then flushes. Ready once all is
    /// written; pending while the client does not read (the socket wakes the task when it may write again)
    /// or the queue is empty (a new frame wakes it).
    fn poll_write(&mut self, context: &mut Context<'_>) -> Poll<Result<(), axum::Error>> {
        loop {
            ready!(self.socket.poll_ready_unpin(context))?;
            let message = if self.ping_due {
                self.ping_due = false;
                Message::Ping(Default::default())
            } else {
                match self.frames.poll_frame(context) {
                    Poll::Ready(text) => Message::Text(text.as_ref().into()),
                    Poll::Pending => break,
                }
            };
            self.socket.start_send_unpin(message)?;
            self.unflushed = true;
        }
        if self.unflushed {
            ready!(self.socket.poll_flush_unpin(context))?;
            self.unflushed = false;
        }
        Poll::Ready(Ok(()))
    }

    /// Closes the socket: writes what is still queued if `flush` (not for a client too slow to read it), then
    /// the close frame, then reads (and drops) what the client still sends until its own close frame.
    /// Dropping the TCP connection while its frames are unread would make the kernel reset it, and the reset
    /// can destroy our close frame before the client reads it.
    pub(super) async fn close(mut self, code: u16, reason: &'static str, flush: bool) {
        if self.write_failed {
            return;
        }
        if flush {
            while let Some(text) = self.frames.try_frame() {
                if self.socket.feed(Message::Text(text.as_ref().into())).await.is_err() {
                    return;
                }
            }
        }
        let frame = CloseFrame { code, reason: reason.into() };
        if self.socket.send(Message::Close(Some(frame))).await.is_err() {
            return;
        }
        while let Some(Ok(message)) = self.socket.next().await {
            if matches!(message, Message::Close(_)) {
                break;
            }
        }
    }
}
