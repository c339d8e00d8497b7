//! A subscription's stream read as lines: the owner sends one JSON text a line, and an empty line now and then
//! to show that it is still there.

use std::time::Duration;

/// The longest line taken: a frame is far shorter (a snapshot of the longest game is some hundreds of KiB).
const MAX_LINE_BYTES: usize = 16 * 1024 * 1024;

/// The lines of a streamed response body.
pub struct Lines {
    body: reqwest::Response,
    buffer: Vec<u8>,
    /// Where the unread part of `buffer` starts.
    start: usize,
}

impl Lines {
    /// Lines read from `body`.
    pub(super) fn new(body: reqwest::Response) -> Lines {
        Lines { body, buffer: Vec::new(), start: 0 }
    }

    /// The next non-empty line; `None` when the stream ended or failed, a line is not UTF-8 or too long, or
    /// nothing at all came for `silence` (the owner is gone without closing the connection).
    pub async fn next_line(&mut self, silence: Duration) -> Option<String> {
        loop {
            if let Some(length) = self.buffer[self.start..].iter().position(|byte| *byte == b'\n') {
                let line = &self.buffer[self.start..self.start + length];
                self.start += length + 1;
                if line.is_empty() {
                    continue;
                }
                return String::from_utf8(line.to_vec()).ok();
            }
            // Everything before `start` has been read: drop it before reading more.
            self.buffer.drain(..self.start);
            self.start = 0;
            if self.buffer.len() > MAX_LINE_BYTES {
                return None;
            }
            match tokio::time::timeout(silence, self.body.chunk()).await {
                Ok(Ok(Some(chunk))) => self.buffer.extend_from_slice(&chunk),
                Ok(Err(error)) => {
                    tracing::debug!(%error, "a forwarded subscription's stream broke");
                    return None;
                }
                Ok(Ok(None)) | Err(_) => return None,
            }
        }
    }
}
