//! How rules name a word list: its language, its name and the SHA-256 of its file, all `Copy` (ARCHITECTURE.md,
//! "Rules that carry data").

use std::fmt;

pub use crate::data_name::{ContentHash as DictionaryHash, DataName as DictionaryName, MAX_NAME_LEN};

use super::Language;

/// Which list a game judges words by: language, name and content hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DictionaryId {
    /// The list's language.
    pub language: Language,
    /// The list's name.
    pub name: DictionaryName,
    /// The SHA-256 of the list's file.
    pub hash: DictionaryHash,
}

impl fmt::Display for DictionaryId {
    /// `pl/sjp-small@` and the hash's first 12 hexadecimal digits.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hex = self.hash.to_hex();
        write!(f, "{}/{}@{}", self.language, self.name, &hex[..12])
    }
}
