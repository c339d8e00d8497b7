//! The dictionary file (docs/dictionaries.md): a short header, then the words as an `fst` set.
//!
//! ```text
//! KRTKDICT           8 bytes, the magic
//! 1                  1 byte, the format version
//! pl                 2 bytes, the language's code
//! n, name            1 byte, the name's length, then the name (a-z, 0-9, -)
//! fst                the rest: the set of the normalised words, UTF-8, in byte order
//! ```
//!
//! The file's bytes are canonical: the `fst` builder writes the same bytes for the same sorted words, so building
//! a list twice from the same source gives the same file and the same [`DictionaryHash`](super::DictionaryHash).

use fst::raw::{CompiledAddr, Fst};
use fst::{Set, Streamer};

use super::{DictionaryName, Language, WordError};

/// The file's first bytes.
pub const MAGIC: &[u8; 8] = b"KRTKDICT";
/// The format version this build reads and writes.
pub const FORMAT_VERSION: u8 = 1;

/// Why a list could not be built. Nothing was written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BuildError {
    /// A source word is not a word of the list's language.
    #[error("{word:?}: {error}")]
    Word {
        /// The word as given.
        word: String,
        /// Why it was refused.
        error: WordError,
    },
    /// No words were given.
    #[error("a dictionary has at least one word")]
    Empty,
}

/// Why bytes are not a dictionary file. Nothing was read into any registry.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FileError {
    /// The file does not start with [`MAGIC`] and a whole header.
    #[error("not a kartka dictionary file (no KRTKDICT header)")]
    NotADictionary,
    /// The file is of another format version.
    #[error("dictionary format version {0}, this build reads {FORMAT_VERSION}")]
    Version(u8),
    /// The header's language is none of `pl`, `en`, `ru`.
    #[error("unknown dictionary language {0:?}")]
    Language(String),
    /// The header's name breaks the name grammar.
    #[error("a dictionary name is 1 to 32 of a-z, 0-9 and -, not {0:?}")]
    Name(String),
    /// The words do not read as an `fst` set.
    #[error("the word set does not read: {0}")]
    Words(String),
    /// The set's automaton has a loop, so its words never end, or a transition that leads nowhere.
    #[error("the word set's automaton is malformed (a cycle, or a transition out of the file)")]
    Malformed,
    /// The set's automaton has a state that leads to no word.
    #[error("the word set has a state that ends no word")]
    DeadState,
    /// The set holds text that is not a normalised word of the file's language.
    #[error("the word set holds {word:?}, which is not a normalised {language} word")]
    Word {
        /// The word, its invalid bytes replaced.
        word: String,
        /// The file's language.
        language: Language,
    },
    /// The set holds no word.
    #[error("a dictionary has at least one word")]
    Empty,
    /// The word set is larger than [`MAX_SET_BYTES`].
    #[error("the word set is larger than {MAX_SET_BYTES} bytes")]
    TooLarge,
}

/// The largest word set a file may hold, so that every state's address fits 32 bits (the fragment index keeps
/// them so). The Polish list of 4.3 million forms takes a small fraction of it.
pub const MAX_SET_BYTES: usize = u32::MAX as usize;

/// A dictionary file read and checked: its header's fields and the words.
pub(super) struct ReadFile {
    pub(super) language: Language,
    pub(super) name: DictionaryName,
    pub(super) words: Set<Vec<u8>>,
}

/// The dictionary file of `words` (in any order, repeats allowed), each normalised for `language`.
pub fn build<I>(language: Language, name: DictionaryName, words: I) -> Result<Vec<u8>, BuildError>
where
    I: IntoIterator,
    I::Item: AsRef<str>,
{
    let mut normalised = words
        .into_iter()
        .map(|word| {
            let word = word.as_ref();
            language.normalise(word).map_err(|error| BuildError::Word { word: word.to_owned(), error })
        })
        .collect::<Result<Vec<String>, BuildError>>()?;
    if normalised.is_empty() {
        return Err(BuildError::Empty);
    }
    normalised.sort_unstable();
    normalised.dedup();
    let set = Set::from_iter(&normalised)
        .unwrap_or_else(|error| unreachable!("sorted distinct words always build a set: {error}"));
    let mut file = header(language, name);
    file.extend_from_slice(set.as_fst().as_bytes());
    Ok(file)
}

/// The header of a file of `language` named `name`.
fn header(language: Language, name: DictionaryName) -> Vec<u8> {
    let mut header = Vec::with_capacity(MAGIC.len() + 4 + name.as_str().len());
    header.extend_from_slice(MAGIC);
    header.push(FORMAT_VERSION);
    header.extend_from_slice(language.code().as_bytes());
    // A name has at most 32 bytes.
    header.push(name.as_str().len() as u8);
    header.extend_from_slice(name.as_str().as_bytes());
    header
}

/// Reads and checks a file: its header, an acyclic set whose every state ends some word, every word normalised.
pub(super) fn read(mut bytes: Vec<u8>) -> Result<ReadFile, FileError> {
    let rest = bytes.strip_prefix(MAGIC.as_slice()).ok_or(FileError::NotADictionary)?;
    let (&version, rest) = rest.split_first().ok_or(FileError::NotADictionary)?;
    if version != FORMAT_VERSION {
        return Err(FileError::Version(version));
    }
    let (code, rest) = rest.split_at_checked(2).ok_or(FileError::NotADictionary)?;
    let code = String::from_utf8_lossy(code);
    let language = code.parse::<Language>().map_err(|_| FileError::Language(code.into_owned()))?;
    let (&name_len, rest) = rest.split_first().ok_or(FileError::NotADictionary)?;
    let (name, rest) = rest.split_at_checked(usize::from(name_len)).ok_or(FileError::NotADictionary)?;
    let name = String::from_utf8_lossy(name);
    let name = DictionaryName::new(&name).ok_or_else(|| FileError::Name(name.into_owned()))?;
    if rest.len() > MAX_SET_BYTES {
        return Err(FileError::TooLarge);
    }
    let header_len = bytes.len() - rest.len();
    // The header is dropped in place, so a large list is never held twice.
    bytes.drain(..header_len);
    let words = Set::new(bytes).map_err(|error| FileError::Words(error.to_string()))?;
    words.as_fst().verify().map_err(|error| FileError::Words(error.to_string()))?;
    if words.is_empty() {
        return Err(FileError::Empty);
    }
    check_shape(words.as_fst())?;
    check_words(language, &words)?;
    Ok(ReadFile { language, name, words })
}

/// Refuses a set with a cycle (its stream would never end) or a state leading to no word (the fragment and prefix
/// answers take every state to lead to one).
fn check_shape(fst: &Fst<Vec<u8>>) -> Result<(), FileError> {
    let mut dead = false;
    super::walk::each_state(fst, |node| dead |= node.is_empty() && !node.is_final())
        .map_err(|_| FileError::Malformed)?;
    if dead {
        return Err(FileError::DeadState);
    }
    Ok(())
}

/// Refuses a set holding anything but normalised words of `language`.
fn check_words(language: Language, words: &Set<Vec<u8>>) -> Result<(), FileError> {
    let mut stream = words.stream();
    while let Some(word) = stream.next() {
        let normalised = std::str::from_utf8(word).is_ok_and(|text| language.is_normalised(text));
        if !normalised {
            return Err(FileError::Word { word: String::from_utf8_lossy(word).into_owned(), language });
        }
    }
    Ok(())
}

/// The address of the state reached from `from` by reading `bytes`, if the set has that path.
pub(super) fn follow(fst: &Fst<Vec<u8>>, from: CompiledAddr, bytes: &[u8]) -> Option<CompiledAddr> {
    bytes.iter().try_fold(from, |at, &byte| {
        let node = fst.node(at);
        node.find_input(byte).map(|index| node.transition_addr(index))
    })
}
