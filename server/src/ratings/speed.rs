//! The speed class of a time control: ratings are kept per game kind and speed class.

use kartka_protocol::{RulesetSpec, SpeedClass, TimeControl};

use crate::games::kinds;

/// The speed class of a game of `ruleset` under a time control, from its estimated duration per player:
/// initial time plus the increments of a typical game of that kind (its module in `games/kinds/` says how many
/// turns a player plays). A per-move clock counts like Fischer: its reserve as the initial time, its move time
/// as the increment. Bullet under 3 minutes, blitz under 8, rapid under 25, classical beyond.
/// migrations/*/0002_ratings.sql classified the games stored before it by the same rule.
#[must_use]
pub fn speed_class(ruleset: &RulesetSpec, time_control: &TimeControl) -> SpeedClass {
    // A correspondence game lasts days: classical. It has no class of its own yet, because the speed columns'
    // CHECK constraints (0002) allow only the four live classes.
    let (initial_seconds, increment_seconds) = match *time_control {
        TimeControl::Fischer { initial_seconds, increment_seconds } => (initial_seconds, increment_seconds),
        TimeControl::PerMove { move_seconds, reserve_seconds, .. } => (reserve_seconds, move_seconds),
        TimeControl::Correspondence { .. } => return SpeedClass::Classical,
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
    use kartka_engine::GameKind;

    use super::*;

    #[test]
    fn every_kind_classes_its_time_controls_by_time_and_typical_length() {
        for &kind in GameKind::ALL {
            let ruleset = kinds::default_spec(kind);
            let class = |initial_seconds, increment_seconds| {
                speed_class(&ruleset, &TimeControl::Fischer { initial_seconds, increment_seconds })
            };
            assert_eq!(class(60, 0), SpeedClass::Bullet, "{kind}");
            assert_eq!(class(300, 0), SpeedClass::Blitz, "{kind}");
            assert_eq!(class(900, 0), SpeedClass::Rapid, "{kind}");
            assert_eq!(class(1500, 0), SpeedClass::Classical, "{kind}");
            let turns = kinds::of(kind).typical_turns_per_player() as u32;
            // One-second increments, so that a kind of long games (Dots: 100 turns) still fits under 180 s.
            assert_eq!(class(180 - turns, 1), SpeedClass::Blitz, "{kind}: {turns} increments count");
            assert_eq!(class(179 - turns, 1), SpeedClass::Bullet, "{kind}");
            let per_move = |move_seconds, reserve_seconds| {
                let on_timeout = kartka_protocol::OnTimeout::Lose;
                speed_class(&ruleset, &TimeControl::PerMove { move_seconds, reserve_seconds, on_timeout })
            };
            assert_eq!(per_move(1, 179 - turns), SpeedClass::Bullet, "{kind}: reserve plus a move time per turn");
            assert_eq!(per_move(1, 180 - turns), SpeedClass::Blitz, "{kind}");
            assert_eq!(per_move(600, 0), SpeedClass::Classical, "{kind}");
            let days = TimeControl::Correspondence { days_per_move: 3, vacation_allowed: true };
            assert_eq!(speed_class(&ruleset, &days), SpeedClass::Classical);
        }
    }
}
