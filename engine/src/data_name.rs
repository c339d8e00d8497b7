//! How rules name the data they carry (ARCHITECTURE.md, "Rules that carry data"): a short name and the SHA-256 of
//! the content, both `Copy` so that rules naming a Racetrack track or a word list stay `Copy`. The kinds re-export
//! them under their own names (`TrackName`, `TrackHash`, `DictionaryName`, `DictionaryHash`).

use std::fmt;

use sha2::{Digest, Sha256};

/// The longest name, in bytes.
pub const MAX_NAME_LEN: usize = 32;

/// A name of data: 1 to [`MAX_NAME_LEN`] bytes of `a`–`z`, `0`–`9` and `-` (e.g. `sjp-small`, `oval`). A
/// fixed-capacity value, so that rules naming it stay `Copy`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DataName {
    len: u8,
    bytes: [u8; MAX_NAME_LEN],
}

impl DataName {
    /// `name` if it follows the grammar.
    #[must_use]
    pub fn new(name: &str) -> Option<DataName> {
        let valid = !name.is_empty()
            && name.len() <= MAX_NAME_LEN
            && name.bytes().all(|byte| byte.is_ascii_lowercase() || byte.is_ascii_digit() || byte == b'-');
        if !valid {
            return None;
        }
        let mut bytes = [0; MAX_NAME_LEN];
        bytes[..name.len()].copy_from_slice(name.as_bytes());
        // At most MAX_NAME_LEN (32) bytes, so the length fits a byte.
        Some(DataName { len: name.len() as u8, bytes })
    }

    /// The name as text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        // Only ASCII is ever stored.
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }
}

impl fmt::Debug for DataName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

impl fmt::Display for DataName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The SHA-256 of some content (a dictionary file's bytes, a track's canonical text): the data's identity.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ContentHash(pub [u8; 32]);

impl ContentHash {
    /// The hash of `content`.
    #[must_use]
    pub fn of(content: impl AsRef<[u8]>) -> ContentHash {
        ContentHash(Sha256::digest(content.as_ref()).into())
    }

    /// The hash read from exactly 64 hexadecimal digits (either case); anything else, a sign included, is `None`.
    #[must_use]
    pub fn from_hex(hex: &str) -> Option<ContentHash> {
        if hex.len() != 64 || !hex.bytes().all(|byte| byte.is_ascii_hexdigit()) {
            return None;
        }
        let mut bytes = [0; 32];
        for (index, byte) in bytes.iter_mut().enumerate() {
            *byte = u8::from_str_radix(&hex[2 * index..2 * index + 2], 16).ok()?;
        }
        Some(ContentHash(bytes))
    }

    /// 64 lowercase hexadecimal digits.
    #[must_use]
    pub fn to_hex(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for ContentHash {
    /// 64 lowercase hexadecimal digits.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|byte| write!(f, "{byte:02x}"))
    }
}

impl fmt::Debug for ContentHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_grammar() {
        assert_eq!(DataName::new("sjp-small").map(|name| name.to_string()), Some("sjp-small".to_owned()));
        for bad in ["", "Oval", "a b", "ł", &"x".repeat(MAX_NAME_LEN + 1)] {
            assert_eq!(DataName::new(bad), None, "{bad:?}");
        }
        assert!(DataName::new(&"x".repeat(MAX_NAME_LEN)).is_some());
    }

    #[test]
    fn a_hash_reads_back_from_its_hex_and_nothing_else_reads() {
        let hash = ContentHash::of("kartka");
        assert_eq!(ContentHash::from_hex(&hash.to_hex()), Some(hash));
        assert_eq!(ContentHash::from_hex(&hash.to_hex().to_uppercase()), Some(hash));
        let signed = format!("+f{}", &hash.to_hex()[2..]);
        assert_eq!(ContentHash::from_hex(&signed), None, "u8::from_str_radix alone takes a sign");
        assert_eq!(ContentHash::from_hex(&hash.to_hex()[1..]), None);
        assert_eq!(ContentHash::from_hex(&format!("{}é", &hash.to_hex()[..62])), None);
    }
}
