//! Lists that can grow past one WebSocket frame — a long game's events or moves, a chat history — cut into
//! several frames that each fit in [`MAX_SERVER_FRAME_BYTES`], in the order docs/protocol.md gives for each.
//!
//! A frame the socket cannot take is never sent (the connection closes instead, see [`crate::outbox`]), so a
//! list is cut by the size its items take when serialised, not by their number: a Dots game's moves are short,
//! a chat line may be 1,200 bytes.

use std::io;

use kartka_protocol::{
    ChatChannel, ChatMessage, EventEnvelope, GameSnapshot, MutedAccount, ServerFrame, MAX_SERVER_FRAME_BYTES,
};
use serde::Serialize;
use uuid::Uuid;

/// The most one frame's list items may take when serialised. The rest of a frame (its type, the game's id, a
/// snapshot's other fields) is small, and half a frame leaves it ample room.
pub const LIST_BYTES_PER_FRAME: usize = MAX_SERVER_FRAME_BYTES / 2;

/// Cuts `items` into consecutive runs whose serialised sizes (with a separating comma each) add up to at most
/// `budget`; an item larger than `budget` alone is a run of its own. Never returns an empty run, and returns no
/// runs for no items.
pub fn split_by_size<T: Serialize>(items: Vec<T>, budget: usize) -> Vec<Vec<T>> {
    let mut runs = Vec::new();
    let mut run = Vec::new();
    let mut run_bytes = 0;
    for item in items {
        let bytes = serialised_len(&item) + 1;
        if !run.is_empty() && run_bytes + bytes > budget {
            runs.push(std::mem::take(&mut run));
            run_bytes = 0;
        }
        run_bytes += bytes;
        run.push(item);
    }
    if !run.is_empty() {
        runs.push(run);
    }
    runs
}

/// A game's missed events as one `events` frame, or several when they do not fit in one (always at least one,
/// so that a resume with nothing missed still hears that).
pub fn events_frames(game_id: Uuid, events: Vec<EventEnvelope>) -> Vec<ServerFrame> {
    let runs = split_by_size(events, LIST_BYTES_PER_FRAME);
    if runs.is_empty() {
        return vec![ServerFrame::Events { game_id, events: Vec::new() }];
    }
    runs.into_iter().map(|events| ServerFrame::Events { game_id, events }).collect()
}

/// A game's snapshot as one `snapshot` frame, or, when its moves do not fit in one frame, `snapshot_moves`
/// frames with the first moves and then the snapshot with the rest, its `earlier_moves` counting those sent
/// ahead.
pub fn snapshot_frames(mut snapshot: GameSnapshot) -> Vec<ServerFrame> {
    let mut runs = split_by_size(std::mem::take(&mut snapshot.moves), LIST_BYTES_PER_FRAME);
    snapshot.moves = runs.pop().unwrap_or_default();
    let game_id = snapshot.id;
    let mut frames = Vec::with_capacity(runs.len() + 1);
    for moves in runs {
        snapshot.earlier_moves += u32::try_from(moves.len()).expect("a game has fewer than 2^32 moves");
        frames.push(ServerFrame::SnapshotMoves { game_id, moves });
    }
    frames.push(ServerFrame::Snapshot { game: snapshot });
    frames
}

/// A chat channel's history as one `chat_history` frame, or several in order when it does not fit in one
/// (clients merge histories by message id, so each part adds to what came before). The lobby's accounts the
/// reader muted (at most `Limits::lobby_chat_mutes`, 100 by default: a few kilobytes, within the half of a frame a list leaves free) come
/// with the first.
pub fn chat_history_frames(
    channel: ChatChannel,
    messages: Vec<ChatMessage>,
    opponent_muted: bool,
    muted_accounts: Vec<MutedAccount>,
) -> Vec<ServerFrame> {
    let mut runs = split_by_size(messages, LIST_BYTES_PER_FRAME).into_iter();
    let first =
        ServerFrame::ChatHistory { channel, messages: runs.next().unwrap_or_default(), opponent_muted, muted_accounts };
    let rest =
        runs.map(|messages| ServerFrame::ChatHistory { channel, messages, opponent_muted, muted_accounts: Vec::new() });
    std::iter::once(first).chain(rest).collect()
}

/// How many bytes `item` takes as JSON, counted without keeping them.
fn serialised_len(item: &impl Serialize) -> usize {
    let mut counter = ByteCounter(0);
    serde_json::to_writer(&mut counter, item).expect("protocol values always serialise");
    counter.0
}

/// A writer that only counts what it is given.
struct ByteCounter(usize);

impl io::Write for ByteCounter {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0 += bytes.len();
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{split_by_size, LIST_BYTES_PER_FRAME};

    #[test]
    fn runs_keep_every_item_in_order_within_the_budget() {
        let items: Vec<String> = (0..1000).map(|i| "x".repeat(i % 37)).collect();
        let runs = split_by_size(items.clone(), 200);
        assert!(runs.len() > 1);
        assert_eq!(runs.concat(), items);
        for run in &runs {
            assert!(!run.is_empty());
            let bytes: usize = run.iter().map(|s| s.len() + 3).sum();
            assert!(bytes <= 200, "a run of {bytes} bytes");
        }
    }

    #[test]
    fn an_item_above_the_budget_is_a_run_of_its_own_and_nothing_is_no_runs() {
        let runs = split_by_size(vec!["a".to_owned(), "b".repeat(300), "c".to_owned()], 100);
        assert_eq!(runs.iter().map(Vec::len).collect::<Vec<_>>(), [1, 1, 1]);
        assert!(split_by_size(Vec::<u8>::new(), LIST_BYTES_PER_FRAME).is_empty());
    }
}
