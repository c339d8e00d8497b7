//! Dots (Kropki) in the server: the rules from a client's ruleset, zagram-compatible SGF records out and in,
//! and `kartka replay` of SGF files.
//!
//! The lobby offers what the protocol's `RulesetSpec::Dots` carries: a field of 10 to 52 points a side
//! (rule 1.1, [house]), the starts (`empty`, `cross`, `cross2`, `cross4`, and `random`: four crosses drawn from
//! a seed the server settles when the game is created, [`Kind::settle`]), the first-move zone on or off, extra
//! moves, an instant win, STOP computed, off or with its window (7.4, 10 to 600 seconds; the game's actor times
//! it through the engine's `timed_window`), the automatic end, and territory mode (6.5, with STOP off). The
//! engine's blitz switch is the per-move time control's `on_timeout` here; records that use it are refused on
//! import with the reason.

mod import;
mod record;
mod tools;

use kartka_engine::dots::{DotsRules, FieldSize, Start, StopMode, Zone};
use kartka_engine::{GameKind, Ruleset};
use kartka_protocol::kinds::dots::DotsOptions;
use kartka_protocol::kinds::dots::{
    DotsStart, DotsStop, MAX_FIELD_SIDE, MAX_WINDOW_SECONDS, MIN_FIELD_SIDE, MIN_WINDOW_SECONDS,
};
use kartka_protocol::RulesetSpec;

use super::{Kind, RulesetError};
use crate::games::records::{ExportError, ReadGames, RecordParts};
use crate::games::tools::{Setup, Tally, ToolError};

/// Turns per player in a typical game: the corpus game (zagram) has 130 moves each; shorter games on smaller
/// fields are common, so 100 sits between.
const TYPICAL_TURNS_PER_PLAYER: u64 = 100;

/// The crosses of a random start: the rules' default (2.6).
const RANDOM_CROSSES: u8 = 4;

/// The STOP windows the lobby offers, in seconds: long enough to place a few dots, short enough that the
/// presser is not kept waiting longer than a slow game's move ([house]; the seed's window is 180).
const WINDOW_SECONDS: std::ops::RangeInclusive<u16> = MIN_WINDOW_SECONDS..=MAX_WINDOW_SECONDS;

/// Dots, as the registry lists it.
pub struct Dots;

/// The rules of a client's options, validated: each option's own range, then the engine's check that they fit
/// together and fit the field.
pub fn ruleset(options: &DotsOptions) -> Result<Ruleset, RulesetError> {
    let DotsOptions { width, height, start, first_move_zone, extra_move, instant_win, stop, auto_end, territory, seed } =
        *options;
    let sides = MIN_FIELD_SIDE..=MAX_FIELD_SIDE;
    if !sides.contains(&width) || !sides.contains(&height) {
        return Err(RulesetError::Invalid(format!(
            "a Dots field has {MIN_FIELD_SIDE} to {MAX_FIELD_SIDE} points a side"
        )));
    }
    let size = FieldSize::new(width, height).map_err(|_| {
        RulesetError::Invalid(format!("a Dots field has {MIN_FIELD_SIDE} to {MAX_FIELD_SIDE} points a side"))
    })?;
    if seed.is_some() && start != DotsStart::Random {
        return Err(RulesetError::Invalid("a seed is only for a random start".into()));
    }
    let points = u32::from(width) * u32::from(height);
    if instant_win > points {
        return Err(RulesetError::Invalid(format!("instant_win is 0 (off) or at most the field's {points} points")));
    }
    if let DotsStop::Window { seconds } = stop {
        if !WINDOW_SECONDS.contains(&seconds) {
            let (least, most) = (WINDOW_SECONDS.start(), WINDOW_SECONDS.end());
            return Err(RulesetError::Invalid(format!("a STOP window lasts {least} to {most} seconds")));
        }
    }
    let rules = DotsRules {
        size,
        start: match start {
            DotsStart::Empty => Start::Empty,
            DotsStart::Cross => Start::Cross,
            DotsStart::Cross2 => Start::Cross2,
            DotsStart::Cross4 => Start::Cross4,
            DotsStart::Random => Start::Random { blocks: RANDOM_CROSSES },
        },
        seed: seed.map_or(0, u64::from),
        zone: if first_move_zone { Zone::Auto } else { Zone::Off },
        extra_move,
        instant_win,
        stop: match stop {
            DotsStop::Computed => StopMode::Computed,
            DotsStop::Window { seconds } => StopMode::Window { seconds },
            DotsStop::Off => StopMode::Off,
        },
        auto_end,
        territory,
        ..DotsRules::default()
    };
    rules.validate().map_err(|error| RulesetError::Invalid(format!("dots: {error}")))?;
    Ok(Ruleset::Dots(rules))
}

/// The protocol's ruleset of engine rules, or why the protocol cannot say them (an imported record's random
/// start of other than four crosses, a custom start, a window out of range, blitz).
fn try_spec(rules: &DotsRules) -> Result<RulesetSpec, String> {
    let start = match rules.start {
        Start::Empty => DotsStart::Empty,
        Start::Cross => DotsStart::Cross,
        Start::Cross2 => DotsStart::Cross2,
        Start::Cross4 => DotsStart::Cross4,
        Start::Random { blocks: RANDOM_CROSSES } => DotsStart::Random,
        Start::Random { .. } => {
            return Err(format!("a random start of other than {RANDOM_CROSSES} crosses is not played here"))
        }
        Start::Custom => return Err("a custom start (setup dots of no known start) is not played here".into()),
    };
    let stop = match rules.stop {
        StopMode::Computed => DotsStop::Computed,
        StopMode::Off => DotsStop::Off,
        StopMode::Window { seconds } if WINDOW_SECONDS.contains(&seconds) => DotsStop::Window { seconds },
        StopMode::Window { .. } => {
            let (least, most) = (WINDOW_SECONDS.start(), WINDOW_SECONDS.end());
            return Err(format!("a STOP window of other than {least} to {most} seconds is not played here"));
        }
    };
    if rules.blitz_random_on_timeout {
        return Err("the blitz switch is not played here: a per-move clock's on_timeout says it".into());
    }
    if matches!(rules.zone, Zone::Size { .. }) {
        return Err("a first-move zone of a given size is not played here".into());
    }
    if rules.size.width() < MIN_FIELD_SIDE || rules.size.height() < MIN_FIELD_SIDE {
        return Err(format!("a field under {MIN_FIELD_SIDE} points a side is not played here"));
    }
    Ok(RulesetSpec::Dots(DotsOptions {
        width: rules.size.width(),
        height: rules.size.height(),
        start,
        first_move_zone: rules.zone == Zone::Auto,
        extra_move: rules.extra_move,
        instant_win: rules.instant_win,
        stop,
        auto_end: rules.auto_end,
        territory: rules.territory,
        seed: match rules.start {
            Start::Random { .. } => {
                Some(u32::try_from(rules.seed).map_err(|_| "a random start's seed beyond 32 bits is not played here")?)
            }
            _ => None,
        },
    }))
}

/// The protocol's ruleset of Dots' rules (the registry's `spec` hands them over).
pub fn spec(rules: &DotsRules) -> RulesetSpec {
    // Every game the server holds came from a spec (a client's, or an import's checked by `try_spec`).
    try_spec(rules).unwrap_or_else(|reason| unreachable!("Dots rules the protocol cannot say: {reason}"))
}

impl Kind for Dots {
    fn kind(&self) -> GameKind {
        GameKind::Dots
    }

    fn display_name(&self) -> &'static str {
        "Dots"
    }

    fn typical_turns_per_player(&self) -> u64 {
        TYPICAL_TURNS_PER_PLAYER
    }

    fn settle(&self, mut spec: RulesetSpec, draw: u32) -> RulesetSpec {
        if let RulesetSpec::Dots(DotsOptions { start: DotsStart::Random, seed, .. }) = &mut spec {
            *seed = Some(draw);
        }
        spec
    }

    fn record(&self, game: &RecordParts<'_>) -> Result<String, ExportError> {
        record::record(game)
    }

    fn record_extension(&self) -> &'static str {
        "sgf"
    }

    fn read_records(&self, text: &str) -> ReadGames {
        import::read_games(text)
    }

    fn recognises_record_file(&self, text: &str) -> bool {
        import::is_sgf(text)
    }

    fn sized_ruleset(&self, side: u8) -> Result<Ruleset, ToolError> {
        tools::square_field(side).map(Ruleset::Dots)
    }

    fn perft(&self, setup: &Setup, depth: usize) -> Result<Vec<u64>, ToolError> {
        tools::perft(setup, depth)
    }

    fn replay(&self, file: &str, text: &str) -> Tally {
        tools::replay(file, text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options() -> DotsOptions {
        DotsOptions {
            width: 39,
            height: 32,
            start: DotsStart::Cross,
            first_move_zone: true,
            extra_move: false,
            instant_win: 0,
            stop: DotsStop::Computed,
            auto_end: false,
            territory: false,
            seed: None,
        }
    }

    #[test]
    fn the_default_options_are_the_engines_default_rules() {
        assert_eq!(ruleset(&options()).expect("valid"), GameKind::Dots.default_ruleset());
    }

    #[test]
    fn options_out_of_range_are_refused_with_a_reason() {
        for bad in [
            DotsOptions { width: 9, ..options() },
            DotsOptions { height: 53, ..options() },
            DotsOptions { instant_win: 39 * 32 + 1, ..options() },
            DotsOptions { seed: Some(7), ..options() },
            DotsOptions { territory: true, ..options() },
            DotsOptions { stop: DotsStop::Window { seconds: 9 }, ..options() },
            DotsOptions { stop: DotsStop::Window { seconds: 601 }, ..options() },
        ] {
            assert!(ruleset(&bad).is_err(), "{bad:?}");
        }
        assert!(ruleset(&DotsOptions { width: 52, height: 52, start: DotsStart::Cross4, ..options() }).is_ok());
    }

    #[test]
    fn every_offered_ruleset_round_trips_through_the_protocol() {
        for start in [DotsStart::Empty, DotsStart::Cross, DotsStart::Cross2, DotsStart::Cross4, DotsStart::Random] {
            for (extra_move, stop, first_move_zone, territory) in [
                (false, DotsStop::Computed, true, false),
                (true, DotsStop::Off, false, false),
                (false, DotsStop::Off, true, true),
                (true, DotsStop::Window { seconds: 180 }, false, false),
            ] {
                let seed = (start == DotsStart::Random).then_some(u32::MAX);
                let chosen = DotsOptions {
                    width: 20,
                    height: 20,
                    start,
                    extra_move,
                    stop,
                    first_move_zone,
                    territory,
                    seed,
                    ..options()
                };
                let rules = ruleset(&chosen).expect("valid");
                let spec = crate::games::kinds::spec(&rules);
                assert_eq!(crate::games::kinds::ruleset(&spec).expect("valid"), rules);
            }
        }
    }

    #[test]
    fn a_new_game_settles_a_random_starts_seed_and_nothing_else() {
        let random =
            crate::games::kinds::spec(&ruleset(&DotsOptions { start: DotsStart::Random, ..options() }).expect("valid"));
        assert!(matches!(Dots.settle(random, 99), RulesetSpec::Dots(DotsOptions { seed: Some(99), .. })));
        let cross = crate::games::kinds::spec(&ruleset(&options()).expect("valid"));
        assert_eq!(Dots.settle(cross, 99), cross);
    }
}
