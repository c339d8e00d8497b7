//! The word games' dictionaries (Balda, Gallows, Superghost): word lists as shared, immutable data named by
//! language, name and content hash (ARCHITECTURE.md, "Rules that carry data"; docs/dictionaries.md).
//!
//! A list is a file (`file.rs`: a short header and an `fst` set of normalised words) built by
//! `kartka dictionary build` from the open word lists; a small list per language is compiled in, the server
//! registers full ones at start ([`registry`]). Rules name a list by its [`DictionaryId`], never hold it, and
//! every game shares the one `Arc<Dictionary>`. No I/O here: the server reads the files and hands over their bytes.

mod by_length;
mod file;
mod fragment;
mod id;
mod language;
pub mod registry;
mod walk;

use std::fmt;
use std::ops::{ControlFlow, RangeInclusive};
use std::sync::OnceLock;

use fst::{Set, Streamer};

pub use file::{build, BuildError, FileError, FORMAT_VERSION, MAGIC, MAX_SET_BYTES};
pub use id::{DictionaryHash, DictionaryId, DictionaryName, MAX_NAME_LEN};
pub use language::{Language, UnknownLanguage, WordError, MAX_WORD_LETTERS};

use crate::splitmix::SplitMix64;
use by_length::LengthIndex;
use fragment::FragmentIndex;

/// A word list: its identity and its normalised words. Immutable; shared as `Arc<Dictionary>`.
pub struct Dictionary {
    id: DictionaryId,
    words: Set<Vec<u8>>,
    /// Built the first time a fragment is asked about (Superghost), so lists only Balda or Gallows read never pay
    /// for it.
    fragments: OnceLock<FragmentIndex>,
    /// Built on the first draw (`by_length.rs`), so lists never drawn from never pay for it.
    by_length: OnceLock<LengthIndex>,
}

/// How many picks [`Dictionary::draw`] lets `accept` refuse before it reads the whole list instead.
pub const REJECTED_DRAWS: usize = 64;

impl Dictionary {
    /// The list a dictionary file holds, checked (docs/dictionaries.md): its header, an automaton of a finite
    /// set, every word normalised for the header's language. Its hash is the SHA-256 of `bytes`.
    pub fn read(bytes: Vec<u8>) -> Result<Dictionary, FileError> {
        let hash = DictionaryHash::of(&bytes);
        let read = file::read(bytes)?;
        let id = DictionaryId { language: read.language, name: read.name, hash };
        Ok(Dictionary { id, words: read.words, fragments: OnceLock::new(), by_length: OnceLock::new() })
    }

    /// The list's identity.
    #[must_use]
    pub const fn id(&self) -> DictionaryId {
        self.id
    }

    /// The list's language.
    #[must_use]
    pub const fn language(&self) -> Language {
        self.id.language
    }

    /// How many words the list holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.words.len()
    }

    /// Whether the list holds no word: never, for a list that was read (an empty file is refused).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// Whether `word` (normalised) is in the list.
    #[must_use]
    pub fn contains(&self, word: &str) -> bool {
        self.words.contains(word.as_bytes())
    }

    /// Whether some word of the list starts with `prefix` (normalised); the empty prefix starts every word.
    #[must_use]
    pub fn has_prefix(&self, prefix: &str) -> bool {
        let fst = self.words.as_fst();
        // Every state of a checked list ends some word, so a path for the prefix is a word that starts with it.
        file::follow(fst, fst.root().addr(), prefix.as_bytes()).is_some()
    }

    /// Whether some word of the list holds `fragment` (normalised) anywhere: at its start, its end or inside.
    /// The first call builds the list's fragment index (`fragment.rs`).
    #[must_use]
    pub fn contains_fragment(&self, fragment: &str) -> bool {
        let fst = self.words.as_fst();
        self.fragments.get_or_init(|| FragmentIndex::build(fst)).holds(fst, fragment.as_bytes())
    }

    /// The words, UTF-8, in byte order: for automaton walks and streams.
    #[must_use]
    pub const fn words(&self) -> &Set<Vec<u8>> {
        &self.words
    }

    /// A word chosen uniformly among those of `lengths` letters that `accept` takes, the same for the same `seed`
    /// and list, or `None` when `accept` takes none.
    ///
    /// SplitMix64 from `seed` picks among the words of those lengths (ordered by length, then bytes) until `accept`
    /// takes one: rejection keeps the choice uniform. The first draw from a list builds its length index
    /// (`by_length.rs`: one pass); later draws read a few hundred words. When `accept` refuses
    /// [`REJECTED_DRAWS`] picks in a row, the choice among the words it takes is made by reading the whole list.
    pub fn draw(&self, seed: u64, lengths: RangeInclusive<usize>, accept: impl Fn(&str) -> bool) -> Option<String> {
        let index = self.by_length.get_or_init(|| LengthIndex::build(&self.words));
        let within = index.count(lengths.clone());
        if within == 0 {
            return None;
        }
        let mut rng = SplitMix64::new(seed);
        for _ in 0..REJECTED_DRAWS {
            let word = index.word(&self.words, lengths.clone(), rng.below(within))?;
            if accept(&word) {
                return Some(word);
            }
        }
        let takes = |word: &str| lengths.contains(&word.chars().count()) && accept(word);
        self.draw_by_reading(&mut rng, takes)
    }

    /// Builds the index draws read (one pass over the list) now, so that the first draw does not pay for it: a
    /// server prepares the full lists it loads at start.
    pub fn prepare_draws(&self) {
        self.by_length.get_or_init(|| LengthIndex::build(&self.words));
    }

    /// The uniform choice among the words `takes` accepts, by reading the list twice: counting, then choosing.
    fn draw_by_reading(&self, rng: &mut SplitMix64, takes: impl Fn(&str) -> bool) -> Option<String> {
        let mut accepted = 0_u64;
        self.each_word(|word| {
            accepted += u64::from(takes(word));
            ControlFlow::Continue(())
        });
        if accepted == 0 {
            return None;
        }
        let mut before_chosen = rng.below(accepted);
        let mut chosen = None;
        self.each_word(|word| {
            if !takes(word) {
                return ControlFlow::Continue(());
            }
            if before_chosen == 0 {
                chosen = Some(word.to_owned());
                return ControlFlow::Break(());
            }
            before_chosen -= 1;
            ControlFlow::Continue(())
        });
        chosen
    }

    /// Runs `visit` over the words in byte order until it breaks, without allocating.
    fn each_word(&self, mut visit: impl FnMut(&str) -> ControlFlow<()>) {
        let mut stream = self.words.stream();
        while let Some(word) = stream.next() {
            // A checked list holds only UTF-8.
            if visit(std::str::from_utf8(word).unwrap_or_default()).is_break() {
                return;
            }
        }
    }
}

impl fmt::Debug for Dictionary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Dictionary").field("id", &self.id).field("words", &self.len()).finish_non_exhaustive()
    }
}
