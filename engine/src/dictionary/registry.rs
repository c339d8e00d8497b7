//! The process-wide registry of word lists: the small list of each language, compiled in, and any the server
//! registers when it starts (from its dictionaries directory). Rules name a list by [`DictionaryId`]; games get
//! the list itself from here as a shared, immutable `Arc<Dictionary>`.
//!
//! The registry only grows: a list once registered stays for the life of the process, so rules that were built
//! because their list was here always find it. The Polish list of 4.3 million forms is read once and shared by
//! every game.

use std::sync::{Arc, OnceLock, RwLock};

use super::{Dictionary, DictionaryHash, DictionaryId, DictionaryName, FileError, Language};

/// The lists shipped with kartka, one per language, as their files (built by `kartka dictionary build` from the
/// Debian packages with `--small`; docs/dictionaries.md).
pub const SHIPPED: [(Language, &[u8]); 3] = [
    (Language::Pl, include_bytes!("lists/pl-sjp-small.dict")),
    (Language::En, include_bytes!("lists/en-scowl-small.dict")),
    (Language::Ru, include_bytes!("lists/ru-lebedev-small.dict")),
];

/// Why a list was not registered. Nothing was added.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RegisterError {
    /// The bytes are not a dictionary file.
    #[error(transparent)]
    Unreadable(#[from] FileError),
    /// Another list of the same language and name is registered with other content.
    #[error("a different dictionary {language}/{name} is registered already")]
    Conflict {
        /// The language.
        language: Language,
        /// The name.
        name: DictionaryName,
    },
}

/// Every registered list: the shipped ones first, in [`SHIPPED`]'s order, then the ones registered later.
fn registry() -> &'static RwLock<Vec<Arc<Dictionary>>> {
    static REGISTRY: OnceLock<RwLock<Vec<Arc<Dictionary>>>> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let shipped = SHIPPED
            .iter()
            .map(|(language, bytes)| {
                // The shipped lists are read by the engine's tests (`every_shipped_list_reads`); one that does not
                // is a build that must not ship.
                let list =
                    Dictionary::read(bytes.to_vec()).unwrap_or_else(|error| panic!("shipped {language} list: {error}"));
                assert_eq!(list.language(), *language, "the shipped {language} list is of its language");
                Arc::new(list)
            })
            .collect();
        RwLock::new(shipped)
    })
}

/// Runs `read` over the registered lists under the registry's read lock.
fn all_guarded<T>(read: impl FnOnce(&[Arc<Dictionary>]) -> T) -> T {
    let lists = registry().read().unwrap_or_else(std::sync::PoisonError::into_inner);
    read(&lists)
}

/// Every registered list.
#[must_use]
pub fn all() -> Vec<Arc<Dictionary>> {
    all_guarded(<[Arc<Dictionary>]>::to_vec)
}

/// The list `id` names, if it is registered.
#[must_use]
pub fn find(id: &DictionaryId) -> Option<Arc<Dictionary>> {
    all_guarded(|lists| lists.iter().find(|list| list.id() == *id).cloned())
}

/// The list whose file has the SHA-256 `hash`, if it is registered: what the wire names a game's list by (its
/// language and hash, docs/dictionaries.md). A hash names the whole file, its language and name included, so it
/// names one list; the caller compares the list's language with the one asked for.
#[must_use]
pub fn by_hash(hash: &DictionaryHash) -> Option<Arc<Dictionary>> {
    all_guarded(|lists| lists.iter().find(|list| list.id().hash == *hash).cloned())
}

/// The small list of `language` compiled into the binary.
#[must_use]
pub fn shipped(language: Language) -> Arc<Dictionary> {
    all_guarded(|lists| {
        lists[..SHIPPED.len()]
            .iter()
            .find(|list| list.language() == language)
            .cloned()
            .unwrap_or_else(|| unreachable!("SHIPPED has a list of every language"))
    })
}

/// The largest registered list of `language` (the full one when the server registered it, else the shipped
/// one); of two as large, the first registered.
#[must_use]
pub fn default_for(language: Language) -> Arc<Dictionary> {
    all_guarded(|lists| {
        lists
            .iter()
            .filter(|list| list.language() == language)
            .reduce(|largest, list| if list.len() > largest.len() { list } else { largest })
            .cloned()
            .unwrap_or_else(|| unreachable!("SHIPPED has a list of every language"))
    })
}

/// Reads a dictionary file and registers its list; a list already registered with the same content is answered
/// as it is. A file that does not read, or other content under a registered language and name, is refused.
pub fn register(bytes: Vec<u8>) -> Result<Arc<Dictionary>, RegisterError> {
    let list = Dictionary::read(bytes)?;
    let mut lists = registry().write().unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(same) = lists.iter().find(|known| known.id() == list.id()) {
        return Ok(Arc::clone(same));
    }
    let id = list.id();
    if lists.iter().any(|known| known.language() == id.language && known.id().name == id.name) {
        return Err(RegisterError::Conflict { language: id.language, name: id.name });
    }
    let list = Arc::new(list);
    lists.push(Arc::clone(&list));
    Ok(list)
}
