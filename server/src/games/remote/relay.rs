//! The relaying node's end of a forwarded subscription: copies the owner's frames into the client's queue.

use tokio_util::sync::CancellationToken;

use super::lines::Lines;
use super::SILENCE_LIMIT;
use crate::outbox::Outbox;

/// Copies every frame of `lines` into `outbox` until `stop` (the client unsubscribed, or left) or the client's
/// queue refuses one (the client is gone, or too slow and being closed). When the stream ends first — its owner
/// is gone, or gave the game up — the client's socket is closed for it to subscribe again (see
/// [`kartka_protocol::RESUBSCRIBE_CLOSE_CODE`]). Dropping `lines` closes the connection to the owner, which unsubscribes.
pub async fn relay(mut lines: Lines, outbox: Outbox, stop: CancellationToken) {
    loop {
        let line = tokio::select! {
            () = stop.cancelled() => return,
            line = lines.next_line(SILENCE_LIMIT) => line,
        };
        match line {
            Some(frame) => {
                if !outbox.push(frame.into()) {
                    return;
                }
            }
            None => {
                tracing::info!("a relayed game subscription ended; its client resubscribes");
                outbox.resubscribe();
                return;
            }
        }
    }
}
