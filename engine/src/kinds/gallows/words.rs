//! A dictionary's words by length, as Gallows reads them: the whole words a guesser may name are those of the
//! round's word's length, listed on every position the legal actions are asked of, so each list is walked once
//! per process and kept beside the registry's (which, like it, only grows).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use super::word::{Word, MAX_LETTERS};
use crate::dictionary::{Dictionary, DictionaryId};

/// A list's words of 1 to [`MAX_LETTERS`] letters, by their number of letters (index 0 unused), each in the
/// list's order.
pub type WordsByLength = [Vec<Word>; MAX_LETTERS + 1];

/// The words of `dictionary` by length, walked the first time this process asks for them.
pub fn by_length(dictionary: &Dictionary) -> Arc<WordsByLength> {
    static KNOWN: OnceLock<Mutex<HashMap<DictionaryId, Arc<WordsByLength>>>> = OnceLock::new();
    let known = KNOWN.get_or_init(Mutex::default);
    let mut known = known.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    Arc::clone(known.entry(dictionary.id()).or_insert_with(|| Arc::new(walk(dictionary))))
}

/// Every word of `dictionary` of at most [`MAX_LETTERS`] letters, sorted by length.
fn walk(dictionary: &Dictionary) -> WordsByLength {
    use fst::Streamer;
    let mut by_length: WordsByLength = Default::default();
    let mut stream = dictionary.words().stream();
    while let Some(bytes) = stream.next() {
        if let Some(word) = std::str::from_utf8(bytes).ok().and_then(Word::new) {
            by_length[word.len()].push(word);
        }
    }
    by_length
}
