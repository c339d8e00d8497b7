//! The process-wide registry of tracks: the shipped tracks, compiled in, and any the server registers when it
//! starts (from its tracks directory). Rules name a track by [`TrackId`]; games get the track itself from here
//! as a shared, immutable `Arc<Track>`.
//!
//! The registry only grows: a track once registered stays for the life of the process, so rules that were built
//! because their track was here ([`RacetrackRules::new`](super::RacetrackRules::new)) always find it.

use std::sync::{Arc, OnceLock, RwLock};

use super::track::{Track, TrackError, TrackId, TrackName};

/// The tracks shipped with kartka, as their files: `(file name, text)`.
pub const SHIPPED: &[(&str, &str)] = &[
    ("sprint.track", include_str!("tracks/sprint.track")),
    ("oval.track", include_str!("tracks/oval.track")),
    ("chicane.track", include_str!("tracks/chicane.track")),
    ("grand-tour.track", include_str!("tracks/grand-tour.track")),
];

/// The name of the track default rules race on.
pub const DEFAULT_TRACK: &str = "oval";

/// Why a track was not registered. Nothing was added.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RegisterError {
    /// The file does not read as a track.
    #[error(transparent)]
    Unreadable(#[from] TrackError),
    /// Another track of the same name and version is registered with other content.
    #[error("a different track {name} version {version} is registered already")]
    Conflict {
        /// The name.
        name: TrackName,
        /// The version.
        version: u32,
    },
}

/// Every registered track: the shipped ones first, in [`SHIPPED`]'s order, then the ones registered later.
fn registry() -> &'static RwLock<Vec<Arc<Track>>> {
    static REGISTRY: OnceLock<RwLock<Vec<Arc<Track>>>> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let shipped = SHIPPED
            .iter()
            .map(|(file, text)| {
                // Shipped tracks are checked by the engine's tests (`tracks_are_valid`); one that does not read
                // is a build that must not ship.
                Arc::new(Track::parse(text).unwrap_or_else(|error| panic!("shipped track {file}: {error}")))
            })
            .collect();
        RwLock::new(shipped)
    })
}

/// Every registered track.
#[must_use]
pub fn all() -> Vec<Arc<Track>> {
    registry().read().unwrap_or_else(std::sync::PoisonError::into_inner).clone()
}

/// The track `id` names, if it is registered.
#[must_use]
pub fn find(id: &TrackId) -> Option<Arc<Track>> {
    all_guarded(|tracks| tracks.iter().find(|track| track.id() == *id).cloned())
}

/// The highest version of the track named `name`, if any is registered.
#[must_use]
pub fn latest(name: &str) -> Option<Arc<Track>> {
    all_guarded(|tracks| {
        tracks.iter().filter(|track| track.id().name.as_str() == name).max_by_key(|track| track.version()).cloned()
    })
}

/// The shipped track named `name` (a server's own track of the same name never replaces it here).
#[must_use]
pub fn shipped(name: &str) -> Option<Arc<Track>> {
    all_guarded(|tracks| tracks[..SHIPPED.len()].iter().find(|track| track.id().name.as_str() == name).cloned())
}

/// Reads a track file and registers the track; a track already registered with the same content is answered
/// as it is. A file that does not read, or another content under a registered name and version, is refused.
/// This reads the file only: the server checks a file fully ([`check`](super::check)) before it registers it.
pub fn register(text: &str) -> Result<Arc<Track>, RegisterError> {
    let track = Track::parse(text)?;
    let mut tracks = registry().write().unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(same) = tracks.iter().find(|known| known.id() == track.id()) {
        return Ok(Arc::clone(same));
    }
    if tracks.iter().any(|known| known.id().name == track.id().name && known.version() == track.version()) {
        return Err(RegisterError::Conflict { name: track.id().name, version: track.version() });
    }
    let track = Arc::new(track);
    tracks.push(Arc::clone(&track));
    Ok(track)
}

/// Runs `read` over the registered tracks under the registry's read lock.
fn all_guarded<T>(read: impl FnOnce(&[Arc<Track>]) -> T) -> T {
    let tracks = registry().read().unwrap_or_else(std::sync::PoisonError::into_inner);
    read(&tracks)
}
