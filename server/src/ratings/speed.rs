//! The speed class of a time control: ratings are kept per game kind and speed class.

use kartka_protocol::{RulesetSpec, SpeedClass, TimeControl};

use crate::games::kinds;

/// The speed class of a game of `ruleset` under a time control, from its estimated duration per player:
/// initial time plus the increments of a typical game of that kind (its module in `games/kinds/` says how many
/// turns a player plays). Bullet under 3 minutes, blitz under 8, rapid under 25, classical beyond.
/// migrations/*/0002_ratings.sql classifies older Paper Soccer games by the same rule.
#[must_use]
pub fn speed_class(ruleset: &RulesetSpec, time_control: &TimeControl) -> SpeedClass {
    // A correspondence game lasts days: classical. It has no class of its own yet, because the speed columns'
    // CHECK constraints (0002) allow only the four live classes.
    let TimeControl::Fischer { initial_seconds, increment_seconds } = *time_control else {
        return SpeedClass::Classical;
    };
    let turns = kinds::of_spec(ruleset).typical_turns_per_player();
    let estimate = u64::from(initial_seconds) + turns * u64::from(increment_seconds);
    match estimate {
        0..180 => SpeedClass::Bullet,
        180..480 => SpeedClass::Blitz,
        480..1500 => SpeedClass::Rapid,
        _ => SpeedClass::Classical,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class(initial_seconds: u32, increment_seconds: u32) -> SpeedClass {
        let kurnik = RulesetSpec::PaperSoccer { width: 8, height: 10, goal: 2 };
        speed_class(&kurnik, &TimeControl::Fischer { initial_seconds, increment_seconds })
    }

    #[test]
    fn kurnik_time_controls_fall_into_the_expected_classes() {
        assert_eq!(class(60, 0), SpeedClass::Bullet);
        assert_eq!(class(120, 0), SpeedClass::Bullet);
        assert_eq!(class(180, 0), SpeedClass::Blitz);
        assert_eq!(class(300, 0), SpeedClass::Blitz);
        assert_eq!(class(420, 0), SpeedClass::Blitz);
        assert_eq!(class(600, 0), SpeedClass::Rapid);
        assert_eq!(class(900, 0), SpeedClass::Rapid);
        assert_eq!(class(1500, 0), SpeedClass::Classical);
        assert_eq!(class(60, 6), SpeedClass::Blitz, "increments count: 60 + 20 × 6 = 180 s");
    }
}
