//! Which move a player's `ply` and `client_move_id` name: a fresh move the game may take now, a retry of one it
//! already took, or a stale one.
//!
//! A move carries the game's `ply` as its mover last saw it. While one seat acts at a time, that must be the
//! game's ply now. In a simultaneous phase (both fleets placed at once) seats act without waiting for each
//! other, so a seat's move may arrive after another seat's move of the same phase that it could not have seen
//! and that changed nothing it acts on: that move is not stale. The key of a move is therefore its seat and its
//! ply together, so two seats acting at once never race.

use kartka_engine::{Seat, SeatSet};

/// What the key rules need to know of one committed move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct KeyedMove<'a> {
    /// The ply the move was stored at.
    pub ply: u32,
    /// Who moved.
    pub seat: Seat,
    /// The seats that could act just before it.
    pub to_act_before: SeatSet,
    /// The mover's id for it.
    pub client_move_id: &'a str,
    /// The sequence number of the event that recorded it.
    pub seq: u64,
}

/// Whether `seat`'s move sent at `sent` is current in a game at ply `current` after `moves` (in order): it is
/// the game's ply, or every move since `sent` was another seat's, made while `seat` could already act (in the
/// same simultaneous phase).
pub(super) fn is_current<'a>(
    sent: u32,
    current: u32,
    seat: Seat,
    moves: impl DoubleEndedIterator<Item = KeyedMove<'a>>,
) -> bool {
    if sent == current {
        return true;
    }
    sent < current
        && moves
            .rev()
            .take_while(|committed| committed.ply >= sent)
            .all(|committed| committed.seat != seat && committed.to_act_before.contains(seat))
}

/// The committed move that a move by `seat` sent at `sent` with `client_move_id` repeats, if any: the move stored
/// at that ply with that id by that seat, or, when that seat acted in a simultaneous phase after other seats'
/// moves it had not seen, its move of that phase with that id.
pub(super) fn original<'a>(
    sent: u32,
    seat: Seat,
    client_move_id: &str,
    moves: impl Iterator<Item = KeyedMove<'a>>,
) -> Option<KeyedMove<'a>> {
    let mut later = moves.skip_while(|committed| committed.ply < sent).peekable();
    if later.peek()?.ply != sent {
        return None;
    }
    // The seat's first move from `sent` on is the one it sent then, if other seats' moves came first only while
    // it could already act (they were of the same simultaneous phase, and it had not seen them).
    for committed in later {
        if committed.seat == seat {
            return (committed.client_move_id == client_move_id).then_some(committed);
        }
        if !committed.to_act_before.contains(seat) {
            return None;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIRST: Seat = Seat::FIRST;
    const SECOND: Seat = Seat::SECOND;

    fn keyed(ply: u32, seat: Seat, to_act_before: &[Seat], id: &'static str) -> KeyedMove<'static> {
        KeyedMove {
            ply,
            seat,
            to_act_before: to_act_before.iter().copied().collect(),
            client_move_id: id,
            seq: u64::from(ply) + 10,
        }
    }

    /// Two fleets placed at once (plies 0 and 1), then shots one seat at a time.
    fn setup_then_shots() -> Vec<KeyedMove<'static>> {
        vec![
            keyed(0, FIRST, &[FIRST, SECOND], "fleet-a"),
            keyed(1, SECOND, &[SECOND], "fleet-b"),
            keyed(2, FIRST, &[FIRST], "shot-1"),
        ]
    }

    #[test]
    fn one_seat_at_a_time_a_move_is_current_only_at_the_games_ply() {
        let moves = [keyed(0, FIRST, &[FIRST], "a"), keyed(1, SECOND, &[SECOND], "b")];
        assert!(is_current(2, 2, FIRST, moves.iter().copied()));
        assert!(!is_current(1, 2, FIRST, moves.iter().copied()));
        assert!(!is_current(0, 2, SECOND, moves.iter().copied()));
        assert!(!is_current(3, 2, FIRST, moves.iter().copied()), "a ply from the future is not current");
    }

    #[test]
    fn a_seat_acting_at_once_with_another_is_current_after_the_others_move() {
        let moves = setup_then_shots();
        // The second seat sent its fleet at ply 0, not having seen the first seat's fleet (ply 0).
        assert!(is_current(0, 1, SECOND, moves[..1].iter().copied()));
        // The first seat may not act on a ply before a move it did not make while it was to act.
        assert!(!is_current(1, 3, FIRST, moves.iter().copied()));
        // Nor may a seat skip past its own move.
        assert!(!is_current(0, 2, FIRST, moves[..2].iter().copied()));
    }

    #[test]
    fn a_retry_finds_its_original_at_its_ply_or_later_in_the_same_phase() {
        let moves = setup_then_shots();
        let found = |sent, seat, id| original(sent, seat, id, moves.iter().copied()).map(|found| found.ply);
        assert_eq!(found(0, FIRST, "fleet-a"), Some(0));
        assert_eq!(found(0, SECOND, "fleet-b"), Some(1), "sent at ply 0, stored at ply 1");
        assert_eq!(found(1, SECOND, "fleet-b"), Some(1));
        assert_eq!(found(2, FIRST, "shot-1"), Some(2));
        assert_eq!(found(0, SECOND, "shot-1"), None, "another id is a new move");
        assert_eq!(found(1, FIRST, "shot-1"), None, "the first seat's shot came after the phase ended");
        assert_eq!(found(3, FIRST, "shot-1"), None);
    }

    #[test]
    fn one_seat_at_a_time_a_retry_matches_only_the_move_at_its_ply() {
        // A turn of two moves by the first seat: a retry naming the second move's id at the first move's ply is
        // not that move.
        let moves = [keyed(0, FIRST, &[FIRST], "x1"), keyed(1, FIRST, &[FIRST], "x2")];
        assert_eq!(original(0, FIRST, "x1", moves.iter().copied()).map(|found| found.ply), Some(0));
        assert_eq!(original(0, FIRST, "x2", moves.iter().copied()), None);
        assert_eq!(original(0, SECOND, "x1", moves.iter().copied()), None);
    }
}
