//! How rules name a word list: its language, its name and the SHA-256 of its file, all `Copy` (ARCHITECTURE.md,
//! "Rules that carry data").

use std::fmt;

use sha2::{Digest, Sha256};

use super::Language;

/// The longest dictionary name, in bytes.
pub const MAX_NAME_LEN: usize = 32;

/// A dictionary's name: 1 to [`MAX_NAME_LEN`] bytes of `a`–`z`, `0`–`9` and `-` (e.g. `sjp-small`). A
/// fixed-capacity value, so that rules naming a list stay `Copy`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DictionaryName {
    len: u8,
    bytes: [u8; MAX_NAME_LEN],
}

impl DictionaryName {
    /// `name` if it follows the grammar.
    #[must_use]
    pub fn new(name: &str) -> Option<DictionaryName> {
        let valid = !name.is_empty()
            && name.len() <= MAX_NAME_LEN
            && name.bytes().all(|byte| byte.is_ascii_lowercase() || byte.is_ascii_digit() || byte == b'-');
        if !valid {
            return None;
        }
        let mut bytes = [0; MAX_NAME_LEN];
        bytes[..name.len()].copy_from_slice(name.as_bytes());
        // At most MAX_NAME_LEN (32) bytes, so the length fits a byte.
        Some(DictionaryName { len: name.len() as u8, bytes })
    }

    /// The name as text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        // Only ASCII is ever stored.
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }
}

impl fmt::Debug for DictionaryName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

impl fmt::Display for DictionaryName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The SHA-256 of a dictionary file's bytes (docs/dictionaries.md): the list's identity.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DictionaryHash(pub [u8; 32]);

impl DictionaryHash {
    /// The hash of a file's bytes.
    #[must_use]
    pub fn of(bytes: &[u8]) -> DictionaryHash {
        DictionaryHash(Sha256::digest(bytes).into())
    }

    /// The hash read from 64 hexadecimal digits (either case).
    #[must_use]
    pub fn from_hex(hex: &str) -> Option<DictionaryHash> {
        if hex.len() != 64 || !hex.bytes().all(|byte| byte.is_ascii_hexdigit()) {
            return None;
        }
        let mut bytes = [0; 32];
        for (index, byte) in bytes.iter_mut().enumerate() {
            *byte = u8::from_str_radix(&hex[2 * index..2 * index + 2], 16).ok()?;
        }
        Some(DictionaryHash(bytes))
    }

    /// 64 lowercase hexadecimal digits.
    #[must_use]
    pub fn to_hex(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for DictionaryHash {
    /// 64 lowercase hexadecimal digits.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|byte| write!(f, "{byte:02x}"))
    }
}

impl fmt::Debug for DictionaryHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

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
