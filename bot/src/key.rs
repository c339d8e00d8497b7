//! Position keys for the transposition table: any position that is `Hash` gets a 64-bit key through a fast
//! word-at-a-time hasher. The standard library's SipHash would spend more time on a 730-byte Paper Soccer
//! position than the search spends on the rest of the node.

use std::hash::{Hash, Hasher};

/// The position's 64-bit key. Equal positions have equal keys; different ones collide with odds of about
/// 2^-64 per pair, and the search checks every action it takes from the table before playing it.
pub(crate) fn position_key<G: Hash>(game: &G) -> u64 {
    let mut hasher = WordHasher(0);
    game.hash(&mut hasher);
    hasher.finish()
}

/// Folds eight bytes at a time into the state with a multiply and a rotate, and mixes the end result.
struct WordHasher(u64);

const MULTIPLIER: u64 = 0x9E37_79B9_7F4A_7C15;

impl WordHasher {
    fn fold(&mut self, word: u64) {
        self.0 = (self.0 ^ word).wrapping_mul(MULTIPLIER).rotate_left(26);
    }
}

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.fold(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            // The length keeps a short tail of zeros apart from no tail at all.
            self.fold(u64::from_le_bytes(word) ^ (rest.len() as u64) << 59);
        }
    }

    fn write_u8(&mut self, value: u8) {
        self.fold(u64::from(value) | 1 << 63);
    }

    fn write_u16(&mut self, value: u16) {
        self.fold(u64::from(value) | 1 << 62);
    }

    fn write_u64(&mut self, value: u64) {
        self.fold(value);
    }

    fn write_usize(&mut self, value: usize) {
        self.fold(value as u64);
    }

    fn finish(&self) -> u64 {
        // MurmurHash3's finaliser: every input bit reaches every output bit, so the table's index bits are good.
        let mut z = self.0;
        z = (z ^ (z >> 33)).wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        z = (z ^ (z >> 33)).wrapping_mul(0xC4CE_B9FE_1A85_EC53);
        z ^ (z >> 33)
    }
}

#[cfg(test)]
mod tests {
    use kartka_engine::soccer::{Direction, Position};

    use super::*;

    #[test]
    fn equal_positions_share_a_key_and_a_step_changes_it() {
        let start = Position::default();
        let mut east_then_west = start;
        east_then_west.step(Direction::East).expect("legal");
        let mut north = start;
        north.step(Direction::North).expect("legal");
        assert_eq!(position_key(&start), position_key(&Position::default()));
        assert_ne!(position_key(&start), position_key(&east_then_west));
        assert_ne!(position_key(&east_then_west), position_key(&north));
    }

    #[test]
    fn the_order_of_two_turns_does_not_matter_when_the_positions_are_equal() {
        // North then (the opponent) east, and the same segments drawn by east first are different positions;
        // the same steps in the same order are the same position.
        let play = |digits: &str| {
            let mut position = Position::default();
            for digit in digits.chars() {
                position.step(Direction::from_digit(digit).expect("a digit")).expect("legal");
            }
            position
        };
        assert_eq!(position_key(&play("02")), position_key(&play("02")));
        assert_ne!(position_key(&play("02")), position_key(&play("20")));
    }
}
