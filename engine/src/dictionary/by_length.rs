//! The words of each length, counted and sampled so that a uniform draw among them reads a few hundred words
//! instead of the whole list (a full Polish list holds four million). Built once per list, on its first draw.

use std::ops::RangeInclusive;

use fst::{IntoStreamer, Set, Streamer};

use super::MAX_WORD_LETTERS;

/// Every `STRIDE`-th word of a length is kept as a starting point, so the `n`-th word of that length is found by
/// streaming from the nearest kept one: at most `STRIDE` words of the length, and the other lengths' words between
/// them. 256 keeps a full list's index near 400 KiB and a draw under a few milliseconds.
const STRIDE: u32 = 256;

/// Per length in letters: how many words, and every [`STRIDE`]-th of them (the first included), in byte order.
pub(super) struct LengthIndex {
    counts: [u32; MAX_WORD_LETTERS + 1],
    samples: Vec<Vec<Box<[u8]>>>,
}

impl LengthIndex {
    /// One pass over `words`.
    pub(super) fn build(words: &Set<Vec<u8>>) -> LengthIndex {
        let mut index =
            LengthIndex { counts: [0; MAX_WORD_LETTERS + 1], samples: vec![Vec::new(); MAX_WORD_LETTERS + 1] };
        let mut stream = words.stream();
        while let Some(word) = stream.next() {
            let Some(length) = letters(word).filter(|&length| length <= MAX_WORD_LETTERS) else { continue };
            if index.counts[length] % STRIDE == 0 {
                index.samples[length].push(word.into());
            }
            index.counts[length] += 1;
        }
        index
    }

    /// How many words have a length within `lengths`.
    pub(super) fn count(&self, lengths: RangeInclusive<usize>) -> u64 {
        lengths.filter_map(|length| self.counts.get(length)).map(|&count| u64::from(count)).sum()
    }

    /// The `ordinal`-th word (below [`LengthIndex::count`]) of those with a length within `lengths`, ordered by
    /// length, then by bytes.
    pub(super) fn word(
        &self,
        words: &Set<Vec<u8>>,
        lengths: RangeInclusive<usize>,
        mut ordinal: u64,
    ) -> Option<String> {
        for length in lengths {
            let count = u64::from(*self.counts.get(length)?);
            if ordinal >= count {
                ordinal -= count;
                continue;
            }
            // Below a `u32` count, so both fit.
            let sample = usize::try_from(ordinal / u64::from(STRIDE)).ok()?;
            let mut skip = ordinal % u64::from(STRIDE);
            let mut stream = words.range().ge(&self.samples[length][sample]).into_stream();
            while let Some(word) = stream.next() {
                if letters(word) != Some(length) {
                    continue;
                }
                if skip == 0 {
                    return String::from_utf8(word.to_vec()).ok();
                }
                skip -= 1;
            }
            return None;
        }
        None
    }
}

/// The letters of a word, or `None` for bytes that are not UTF-8 (a checked list holds none).
pub(super) fn letters(word: &[u8]) -> Option<usize> {
    std::str::from_utf8(word).ok().map(|text| text.chars().count())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ordinal_names_the_word_of_its_place_by_length_then_bytes() {
        // Lengths interleave in byte order and each outnumbers the stride, so words are found from samples.
        let mut words: Vec<String> = (0..700_u32)
            .flat_map(|n| [format!("{n:03}"), format!("{n:03}x"), format!("{n:03}yz"), format!("ą{n:03}")])
            .collect();
        words.sort();
        let set = Set::from_iter(&words).expect("sorted");
        let index = LengthIndex::build(&set);
        let mut expected: Vec<&String> = words.iter().collect();
        expected.sort_by_key(|word| (word.chars().count(), word.as_bytes()));
        for lengths in [3..=3, 4..=4, 5..=5, 3..=5, 4..=5] {
            let within: Vec<&&String> =
                expected.iter().filter(|word| lengths.contains(&word.chars().count())).collect();
            assert_eq!(index.count(lengths.clone()), within.len() as u64, "{lengths:?}");
            for (ordinal, word) in within.iter().enumerate() {
                assert_eq!(index.word(&set, lengths.clone(), ordinal as u64).as_ref(), Some(**word), "{lengths:?}");
            }
            assert_eq!(index.word(&set, lengths.clone(), within.len() as u64), None, "past the end");
        }
        assert_eq!(index.count(6..=MAX_WORD_LETTERS + 5), 0, "lengths past the largest count nothing");
    }
}
