//! The speed class of a time control: ratings are kept per game kind and speed class.

use kartka_protocol::{SpeedClass, TimeControl};

/// Turns per player in a typical game: the kurnik corpus has a median of 41 turns per game (see
/// docs/first-player-advantage.md), so each player's clock sees about 20 increments.
const TYPICAL_TURNS_PER_PLAYER: u64 = 20;

/// The speed class of a time control, from its estimated duration per player: initial time plus the
/// increments of a typical game. Bullet under 3 minutes, blitz under 8, rapid under 25, classical beyond.
/// migrations/*/0002_ratings.sql classifies older games by the same rule.
#[must_use]
pub fn speed_class(time_control: &TimeControl) -> SpeedClass {
    // A correspondence game lasts days: classical. It has no class of its own yet, because the speed columns'
    // CHECK constraints (0002) allow only the four live classes.
    let TimeControl::Fischer { initial_seconds, increment_seconds } = *time_control else {
        return SpeedClass::Classical;
    };
    let estimate = u64::from(initial_seconds) + TYPICAL_TURNS_PER_PLAYER * u64::from(increment_seconds);
    match estimate {
        0..180 => SpeedClass::Bullet,
        180..480 => SpeedClass::Blitz,
        480..1500 => SpeedClass::Rapid,
        _ => SpeedClass::Classical,
    }
}

/// The stored text of a speed class.
#[must_use]
pub fn speed_text(speed: SpeedClass) -> &'static str {
    match speed {
        SpeedClass::Bullet => "bullet",
        SpeedClass::Blitz => "blitz",
        SpeedClass::Rapid => "rapid",
        SpeedClass::Classical => "classical",
    }
}

/// The speed class for its stored text.
#[must_use]
pub fn speed_from_text(text: &str) -> Option<SpeedClass> {
    [SpeedClass::Bullet, SpeedClass::Blitz, SpeedClass::Rapid, SpeedClass::Classical]
        .into_iter()
        .find(|speed| speed_text(*speed) == text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class(initial_seconds: u32, increment_seconds: u32) -> SpeedClass {
        speed_class(&TimeControl::Fischer { initial_seconds, increment_seconds })
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

    #[test]
    fn speed_text_round_trips() {
        for speed in [SpeedClass::Bullet, SpeedClass::Blitz, SpeedClass::Rapid, SpeedClass::Classical] {
            assert_eq!(speed_from_text(speed_text(speed)), Some(speed));
        }
        assert_eq!(speed_from_text("correspondence"), None);
    }
}
