//! Commitments to secrets: what the server publishes when a seat's secret is fixed (a fleet, a secret
//! number), so that whoever loses can check, once the secret and its nonce are revealed at the end, that the
//! secret never changed.
//!
//! The commitment is `SHA-256("kartka-commit/v1\n" ‖ game id ‖ "\n" ‖ seat ordinal ‖ "\n" ‖ canonical secret
//! ‖ "\n" ‖ nonce)`, where the game id is its text form (a UUID in hyphenated lower case), the seat ordinal is
//! `first`, `second`, … ([`Seat::ordinal`]), the canonical secret is the text the kind writes
//! ([`Disclosure::secret`](crate::Disclosure)) and the nonce is 32 random bytes the server draws. None of the
//! texts before the nonce holds a line break, and the nonce has a fixed length, so no two inputs run together.
//! The game id and the seat bind the commitment to one seat of one game: a commitment cannot be replayed in
//! another game or for the other seat.

use sha2::{Digest, Sha256};

use crate::Seat;

/// The length of a commitment's nonce, in bytes.
pub const NONCE_LEN: usize = 32;

/// The domain tag that starts every commitment's input; a later scheme gets a new version.
const DOMAIN: &[u8] = b"kartka-commit/v1\n";

/// The commitment to `secret`, the canonical secret of `seat` in the game `game_id`, with `nonce`.
#[must_use]
pub fn commitment(game_id: &str, seat: Seat, secret: &str, nonce: &[u8; NONCE_LEN]) -> [u8; 32] {
    let mut hash = Sha256::new();
    hash.update(DOMAIN);
    for part in [game_id, seat.ordinal(), secret] {
        hash.update(part.as_bytes());
        hash.update(b"\n");
    }
    hash.update(nonce);
    hash.finalize().into()
}

/// `bytes` in lower-case hexadecimal: how commitments and nonces are written in records and on the wire.
#[must_use]
pub fn to_hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    bytes.iter().fold(String::with_capacity(bytes.len() * 2), |mut text, byte| {
        let _ = write!(text, "{byte:02x}");
        text
    })
}

/// The bytes written in lower- or upper-case hexadecimal as `text`, when it holds exactly `N` of them.
#[must_use]
pub fn from_hex<const N: usize>(text: &str) -> Option<[u8; N]> {
    let digits = text.as_bytes();
    if digits.len() != 2 * N {
        return None;
    }
    let mut bytes = [0; N];
    for (byte, pair) in bytes.iter_mut().zip(digits.chunks_exact(2)) {
        let high = (pair[0] as char).to_digit(16)?;
        let low = (pair[1] as char).to_digit(16)?;
        // Two hexadecimal digits make a number below 256.
        *byte = (high * 16 + low) as u8;
    }
    Some(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = "0f8e2a4c-1d3b-4e5f-9a7b-6c5d4e3f2a1b";

    #[test]
    fn a_commitment_is_the_documented_hash_of_its_parts() {
        let nonce = [7; NONCE_LEN];
        let mut input = b"kartka-commit/v1\n".to_vec();
        input.extend_from_slice(format!("{GAME}\nfirst\nS:0123\n").as_bytes());
        input.extend_from_slice(&nonce);
        let expected: [u8; 32] = Sha256::digest(&input).into();
        assert_eq!(commitment(GAME, Seat::FIRST, "S:0123", &nonce), expected);
    }

    #[test]
    fn a_commitment_changes_with_the_secret_the_seat_the_game_and_the_nonce() {
        let nonce = [7; NONCE_LEN];
        let base = commitment(GAME, Seat::FIRST, "S:0123", &nonce);
        assert_ne!(base, commitment(GAME, Seat::FIRST, "S:0124", &nonce));
        assert_ne!(base, commitment(GAME, Seat::SECOND, "S:0123", &nonce));
        assert_ne!(base, commitment("another-game", Seat::FIRST, "S:0123", &nonce));
        assert_ne!(base, commitment(GAME, Seat::FIRST, "S:0123", &[8; NONCE_LEN]));
    }

    #[test]
    fn hexadecimal_round_trips_and_refuses_a_wrong_length_or_digit() {
        let bytes = [0x00, 0x7f, 0xa5, 0xff];
        assert_eq!(to_hex(&bytes), "007fa5ff");
        assert_eq!(from_hex::<4>("007FA5ff"), Some(bytes));
        assert_eq!(from_hex::<4>("007fa5f"), None);
        assert_eq!(from_hex::<4>("007fa5fg"), None);
        assert_eq!(from_hex::<3>("007fa5ff"), None);
    }
}
