//! Racetrack in the server: the race from a client's ruleset, its track found in the process's registry by name
//! and hash (a ruleset without a hash races the newest version of the named track, and the game keeps that
//! hash: [`Kind::settle`]); the rules' tagged records out and in; the command-line tools.
//!
//! A track the server lacks is refused when the ruleset is read ([`OptionsError::TrackMissing`]), before any
//! game exists: a race is never played on another track than the one its ruleset names.

mod files;
mod import;
mod record;
mod tools;

use kartka_engine::racetrack::{tracks, RacetrackRules, RulesError, TrackHash, TrackId, TrackName, MAX_PLAYERS};
use kartka_engine::{GameKind, Ruleset};
use kartka_protocol::kinds::racetrack::{CrashRule, RacetrackOptions, TrackHashText, TrackNameText, MAX_RACE_ROUNDS};
use kartka_protocol::RulesetSpec;

use super::{Kind, RulesetError};
use crate::games::data_files::DataFiles;
use crate::games::records::{ExportError, ReadGames, RecordParts};
use crate::games::tools::{Setup, Solved, Tally, ToolError};

/// Moves per player in a typical race: a shipped track's lap takes some 15 to 40 moves, crashes add a few.
const TYPICAL_TURNS_PER_PLAYER: u64 = 30;
/// The track the rulesets of more seats race on: it has six start cells.
const TRACK_OF_MORE_SEATS: &str = "oval";
/// The rounds the rulesets of more seats last at most, so that a generic scenario's random cars end soon.
const ROUNDS_OF_MORE_SEATS: u16 = 20;

/// Racetrack, as the registry lists it.
pub struct Racetrack;

/// Why a client's Racetrack options cannot be played here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    /// No track of that name (and hash, when given) is registered here: nothing is created.
    #[error("racetrack: there is no track {name}{} here", hash.map(|hash| format!(" of hash {hash}")).unwrap_or_default())]
    TrackMissing {
        /// The track's name.
        name: TrackNameText,
        /// Its hash, when the ruleset gave one.
        hash: Option<TrackHashText>,
    },
    /// More rounds than the wire allows.
    #[error("racetrack: a race lasts at most {MAX_RACE_ROUNDS} rounds, not {0}")]
    Rounds(u16),
    /// The players or rounds are outside the rules, or the track has too few start cells.
    #[error("racetrack: {0}")]
    Rules(#[from] RulesError),
}

/// The track a client's options name: by name and hash, or the newest version of the name.
fn track_of(options: &RacetrackOptions) -> Result<TrackId, OptionsError> {
    let missing = OptionsError::TrackMissing { name: options.track, hash: options.track_hash };
    match options.track_hash {
        Some(hash) => {
            // The wire's and the engine's track-name grammars are one (the tests below hold them together).
            let name = TrackName::new(options.track.as_str()).ok_or(missing)?;
            let id = TrackId { name, hash: TrackHash(hash.0) };
            tracks::find(&id).map(|track| track.id()).ok_or(missing)
        }
        None => tracks::latest(options.track.as_str()).map(|track| track.id()).ok_or(missing),
    }
}

/// The rules of a client's options, checked against the registry of tracks and the rules.
pub fn checked(options: &RacetrackOptions) -> Result<RacetrackRules, OptionsError> {
    if options.max_rounds > MAX_RACE_ROUNDS {
        return Err(OptionsError::Rounds(options.max_rounds));
    }
    let track = track_of(options)?;
    Ok(RacetrackRules::new(track, options.players, options.crash == CrashRule::Out, options.max_rounds)?)
}

/// The rules of a client's options, validated ([`checked`]).
pub fn ruleset(options: &RacetrackOptions) -> Result<Ruleset, RulesetError> {
    checked(options).map(Ruleset::Racetrack).map_err(RulesetError::from)
}

impl From<OptionsError> for RulesetError {
    /// Data this server lacks is refused apart from options that break the rules.
    fn from(error: OptionsError) -> RulesetError {
        match error {
            OptionsError::TrackMissing { .. } => RulesetError::UnknownTrack(error.to_string()),
            OptionsError::Rounds(_) | OptionsError::Rules(_) => RulesetError::invalid(error),
        }
    }
}

/// The protocol's ruleset of Racetrack's rules, naming the track by name and hash.
pub fn spec(rules: &RacetrackRules) -> RulesetSpec {
    let track = rules.track();
    // A registered track's name follows the one grammar both crates check.
    let name = TrackNameText::new(track.name.as_str()).unwrap_or_else(|error| panic!("{error}"));
    RulesetSpec::Racetrack(RacetrackOptions {
        track: name,
        track_hash: Some(TrackHashText(track.hash.0)),
        players: rules.players(),
        crash: if rules.crash_out() { CrashRule::Out } else { CrashRule::HitPoints },
        max_rounds: rules.max_rounds(),
    })
}

impl Kind for Racetrack {
    fn kind(&self) -> GameKind {
        GameKind::Racetrack
    }

    fn display_name(&self) -> &'static str {
        "Racetrack"
    }

    fn typical_turns_per_player(&self) -> u64 {
        TYPICAL_TURNS_PER_PLAYER
    }

    /// A ruleset that names its track by name only gets the hash of the track it will be raced on, so that the
    /// stored game replays on that very track whatever versions are registered later.
    fn settle(&self, spec: RulesetSpec, _draw: u32) -> RulesetSpec {
        match spec {
            RulesetSpec::Racetrack(options) => match checked(&options) {
                Ok(rules) => self::spec(&rules),
                // Refused when the game's rules are read, with the reason.
                Err(_) => spec,
            },
            other => other,
        }
    }

    fn data_files(&self) -> Option<&'static DataFiles> {
        Some(&files::TRACK_FILES)
    }

    fn rulesets_of_more_seats(&self) -> Vec<RulesetSpec> {
        let Some(track) = tracks::shipped(TRACK_OF_MORE_SEATS) else { return Vec::new() };
        (3..=MAX_PLAYERS)
            .filter_map(|players| RacetrackRules::new(track.id(), players, false, ROUNDS_OF_MORE_SEATS).ok())
            .map(|rules| spec(&rules))
            .collect()
    }

    fn record(&self, game: &RecordParts<'_>) -> Result<String, ExportError> {
        record::record(game)
    }

    fn read_records(&self, text: &str) -> ReadGames {
        import::read_games(text)
    }

    fn perft(&self, setup: &Setup, depth: usize) -> Result<Vec<u64>, ToolError> {
        tools::perft(setup, depth)
    }

    fn solve(&self, setup: &Setup, _budget: u64) -> Result<Solved, ToolError> {
        tools::solve(setup)
    }

    fn replay(&self, file: &str, text: &str) -> Tally {
        tools::replay(file, text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kartka_protocol::kinds::racetrack::{MAX_RACE_PLAYERS, MAX_TRACK_NAME_LEN, MIN_RACE_PLAYERS};

    fn options(track: &str, hash: Option<TrackHashText>, players: u8) -> RacetrackOptions {
        let track = TrackNameText::new(track).expect("a name");
        RacetrackOptions { track, track_hash: hash, players, crash: CrashRule::HitPoints, max_rounds: 200 }
    }

    #[test]
    fn the_default_options_are_the_engines_default_rules_and_settle_names_the_hash() {
        let default = GameKind::Racetrack.default_ruleset();
        assert_eq!(ruleset(&options("oval", None, 2)).expect("valid"), default);
        let settled = Racetrack.settle(RulesetSpec::Racetrack(options("oval", None, 2)), 0);
        assert_eq!(settled, crate::games::kinds::default_spec(GameKind::Racetrack));
        let RulesetSpec::Racetrack(settled) = settled else { panic!("a race") };
        let Ruleset::Racetrack(rules) = default else { panic!("a race") };
        assert_eq!(settled.track_hash.map(|hash| hash.0), Some(rules.track().hash.0));
    }

    #[test]
    fn a_track_the_server_lacks_is_refused_by_name_or_by_hash() {
        assert_eq!(
            checked(&options("nowhere", None, 2)),
            Err(OptionsError::TrackMissing { name: TrackNameText::new("nowhere").expect("a name"), hash: None })
        );
        let other = Some(TrackHashText([9; 32]));
        assert!(matches!(checked(&options("oval", other, 2)), Err(OptionsError::TrackMissing { .. })));
        let refused = ruleset(&options("oval", other, 2)).expect_err("refused");
        assert_eq!(refused.code(), kartka_protocol::ErrorCode::UnknownTrack);
        assert!(refused.to_string().contains("no track oval of hash 0909"), "{refused}");
    }

    #[test]
    fn options_outside_the_rules_are_refused_with_the_rules_reason() {
        assert_eq!(checked(&options("oval", None, 7)), Err(OptionsError::Rules(RulesError::Players(7))));
        assert!(matches!(
            checked(&options("sprint", None, 6)),
            Err(OptionsError::Rules(RulesError::TooFewStarts { .. }))
        ));
        let long = RacetrackOptions { max_rounds: MAX_RACE_ROUNDS + 1, ..options("oval", None, 2) };
        assert_eq!(checked(&long), Err(OptionsError::Rounds(MAX_RACE_ROUNDS + 1)));
        assert_eq!(ruleset(&long).map_err(|error| error.code()), Err(kartka_protocol::ErrorCode::InvalidRequest));
        let none = RacetrackOptions { max_rounds: 0, ..options("oval", None, 2) };
        assert_eq!(checked(&none), Err(OptionsError::Rules(RulesError::NoRounds)));
    }

    #[test]
    fn the_wire_bounds_are_the_engines() {
        use kartka_engine::racetrack::{MAX_NAME_LEN, MIN_PLAYERS};
        assert_eq!((MIN_RACE_PLAYERS, MAX_RACE_PLAYERS), (MIN_PLAYERS, MAX_PLAYERS));
        assert_eq!(MAX_TRACK_NAME_LEN, MAX_NAME_LEN);
        for (file, _) in tracks::SHIPPED {
            let name = file.trim_end_matches(".track");
            assert_eq!(TrackNameText::new(name).is_ok(), TrackName::new(name).is_some(), "{name}");
        }
        for name in ["Oval", "a b", "", "ovał"] {
            assert!(TrackNameText::new(name).is_err() && TrackName::new(name).is_none(), "{name:?}");
        }
    }
}
