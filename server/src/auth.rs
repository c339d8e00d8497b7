//! Passwords, bearer tokens, and finding the account behind a token.
//!
//! Passwords are stored as argon2id PHC strings; tokens are 256 random bits given to the client once and
//! stored only as their SHA-256, so a leaked database holds no usable credential.

use argon2::password_hash::{rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use rand::RngCore;
use sha2::{Digest, Sha256};

/// A fresh bearer token: 32 random bytes as lower-case hex.
#[must_use]
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    to_hex(&bytes)
}

/// The stored form of a token: the lower-case hex SHA-256 of its text.
#[must_use]
pub fn token_hash(token: &str) -> String {
    to_hex(&Sha256::digest(token.as_bytes()))
}

/// Hashes a password with argon2id and a random salt. Slow on purpose: call it off the async runtime.
pub fn hash_password(password: &str) -> Result<String, argon2::password_hash::Error> {
    let salt = SaltString::generate(&mut OsRng);
    Ok(Argon2::default().hash_password(password.as_bytes(), &salt)?.to_string())
}

/// Whether `password` matches the stored PHC string. Slow on purpose: call it off the async runtime.
#[must_use]
pub fn verify_password(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored).is_ok_and(|hash| Argon2::default().verify_password(password.as_bytes(), &hash).is_ok())
}

/// The token in an `Authorization: Bearer …` header value.
#[must_use]
pub fn bearer_token(header: &str) -> Option<&str> {
    let token = header.strip_prefix("Bearer ").or_else(|| header.strip_prefix("bearer "))?.trim();
    (!token.is_empty()).then_some(token)
}

/// Bytes as lowercase hexadecimal. Every explorer position key and every token check goes through here.
pub(crate) fn to_hex(bytes: &[u8]) -> String {
    hex::encode(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn token_hash_is_stable_and_not_the_token() {
        let token = new_token();
        assert_eq!(token.len(), 64);
        assert_eq!(token_hash(&token), token_hash(&token));
        assert_ne!(token_hash(&token), token);
        assert_ne!(new_token(), token);
    }

    #[test]
    fn a_token_hash_is_the_lowercase_hex_sha256() {
        // The SHA-256 of "abc" (FIPS 180-2's example): stored hashes written before keep matching.
        assert_eq!(token_hash("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assert_eq!(to_hex(&[0x00, 0x0f, 0xa5, 0xff]), "000fa5ff");
    }

    #[test]
    fn passwords_verify() {
        let stored = hash_password("correct horse").unwrap();
        assert!(stored.starts_with("$argon2id$"));
        assert!(verify_password("correct horse", &stored));
        assert!(!verify_password("wrong horse", &stored));
        assert!(!verify_password("correct horse", "not a hash"));
    }

    #[test]
    fn reads_bearer_headers() {
        assert_eq!(bearer_token("Bearer abc"), Some("abc"));
        assert_eq!(bearer_token("Basic abc"), None);
        assert_eq!(bearer_token("Bearer "), None);
    }
}
