//! The options of a race (rules 1.2, 1.3, 2.4 and 3.2), validated against the registry of tracks.

use super::track::TrackId;
use super::tracks;

/// The fewest players.
pub const MIN_PLAYERS: u8 = 2;
/// The most players.
pub const MAX_PLAYERS: u8 = 6;
/// The rounds a race lasts at most when nothing else is chosen (rules 3.2).
pub const DEFAULT_MAX_ROUNDS: u16 = 200;
/// The hit points a car starts with (rules 2.4).
pub const HIT_POINTS: u8 = 5;

/// The options of one race: the track (by name and content hash: the track itself is shared data, see
/// [`tracks`]), the number of players, whether the first crash puts a car out (Gardner's rule), and the most
/// rounds.
///
/// Rules are `Copy` because they name the track rather than hold it. A value exists only if its track was
/// registered when it was built ([`RacetrackRules::new`] checks; the default names a shipped track), and the
/// registry never forgets a track, so a game built from rules always finds its track.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RacetrackRules {
    track: TrackId,
    players: u8,
    crash_out: bool,
    max_rounds: u16,
}

/// Options outside what the rules allow, or a track this process does not have. Nothing is built from them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// No track of this name and hash is registered: the game is refused, never played on another track.
    #[error("the track {0} is not known here")]
    TrackMissing(TrackId),
    /// Players outside `MIN_PLAYERS..=MAX_PLAYERS`.
    #[error("a race has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {0}")]
    Players(u8),
    /// More players than the track has start cells.
    #[error("the track has {starts} start cells, too few for {players} players")]
    TooFewStarts {
        /// The players asked for.
        players: u8,
        /// The track's start cells.
        starts: usize,
    },
    /// A race of no rounds.
    #[error("a race lasts at least one round")]
    NoRounds,
}

impl RacetrackRules {
    /// A race on the registered track `track` for `players`, if the rules allow it: hit points count down
    /// (`crash_out` false) or the first crash puts a car out, and the race ends after `max_rounds` at most.
    pub fn new(track: TrackId, players: u8, crash_out: bool, max_rounds: u16) -> Result<RacetrackRules, RulesError> {
        let found = tracks::find(&track).ok_or(RulesError::TrackMissing(track))?;
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(RulesError::Players(players));
        }
        if usize::from(players) > found.starts().len() {
            return Err(RulesError::TooFewStarts { players, starts: found.starts().len() });
        }
        if max_rounds == 0 {
            return Err(RulesError::NoRounds);
        }
        Ok(RacetrackRules { track, players, crash_out, max_rounds })
    }

    /// The track, by name and hash.
    #[must_use]
    pub const fn track(self) -> TrackId {
        self.track
    }

    /// The number of players, and so of seats.
    #[must_use]
    pub const fn players(self) -> u8 {
        self.players
    }

    /// Whether a car's first crash puts it out (`crash: out`), rather than costing hit points.
    #[must_use]
    pub const fn crash_out(self) -> bool {
        self.crash_out
    }

    /// The most rounds the race lasts.
    #[must_use]
    pub const fn max_rounds(self) -> u16 {
        self.max_rounds
    }
}

impl Default for RacetrackRules {
    /// Two players on the shipped track [`tracks::DEFAULT_TRACK`], hit points, 200 rounds.
    fn default() -> RacetrackRules {
        let track = tracks::shipped(tracks::DEFAULT_TRACK).map(|track| track.id());
        // The default track is shipped, compiled in and checked by the engine's tests.
        let track = track.unwrap_or_else(|| panic!("the shipped track {} is missing", tracks::DEFAULT_TRACK));
        RacetrackRules { track, players: MIN_PLAYERS, crash_out: false, max_rounds: DEFAULT_MAX_ROUNDS }
    }
}
