//! The options of a Sea Battle game (rules §4), validated: the fleet, how close ships may stand, and whether a
//! hit shoots again.

use std::fmt;
use std::str::FromStr;

/// Which ships a fleet holds (rules 1.2 and §4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FleetKind {
    /// One ship of 4 cells, two of 3, three of 2, four of 1: 20 cells.
    #[default]
    Classic,
    /// Ships of 5, 4, 3, 3 and 2 cells: 17 cells.
    Hasbro,
}

impl FleetKind {
    /// The ships' lengths, longest first.
    #[must_use]
    pub const fn lengths(self) -> &'static [u8] {
        match self {
            FleetKind::Classic => &[4, 3, 3, 2, 2, 2, 1, 1, 1, 1],
            FleetKind::Hasbro => &[5, 4, 3, 3, 2],
        }
    }

    /// The option's name: `classic`, `hasbro`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            FleetKind::Classic => "classic",
            FleetKind::Hasbro => "hasbro",
        }
    }
}

/// How close two ships may stand (rule 1.3 and its override).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Touching {
    /// No two ships touch, not even at a corner.
    #[default]
    None,
    /// Ships may touch at a corner, never side by side.
    Sides,
    /// Ships may touch anywhere (they never overlap).
    Any,
}

impl Touching {
    /// The option's name: `none`, `sides`, `any`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Touching::None => "none",
            Touching::Sides => "sides",
            Touching::Any => "any",
        }
    }
}

/// The options of one Sea Battle game. The default is the rules document's: the classic fleet, no touching, a
/// hit shoots again. [`SeaBattleRules::hasbro`] is the Hasbro game: its fleet, touching allowed, no second shot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SeaBattleRules {
    fleet: FleetKind,
    touching: Touching,
    shoot_again: bool,
}

/// An option's text that names no value of the option.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// Not `classic` or `hasbro`.
    #[error("the fleet is classic or hasbro, not {0:?}")]
    Fleet(String),
    /// Not `none`, `sides` or `any`.
    #[error("touching is none, sides or any, not {0:?}")]
    Touching(String),
}

impl SeaBattleRules {
    /// The rules of `fleet` with that fleet's own defaults: the classic fleet forbids touching and shoots again,
    /// the Hasbro fleet allows touching and does not (rules §4).
    #[must_use]
    pub const fn of_fleet(fleet: FleetKind) -> SeaBattleRules {
        match fleet {
            FleetKind::Classic => SeaBattleRules { fleet, touching: Touching::None, shoot_again: true },
            FleetKind::Hasbro => SeaBattleRules { fleet, touching: Touching::Any, shoot_again: false },
        }
    }

    /// The Hasbro game.
    #[must_use]
    pub const fn hasbro() -> SeaBattleRules {
        SeaBattleRules::of_fleet(FleetKind::Hasbro)
    }

    /// These rules with `touching` instead.
    #[must_use]
    pub const fn with_touching(self, touching: Touching) -> SeaBattleRules {
        SeaBattleRules { touching, ..self }
    }

    /// These rules with `shoot_again` instead.
    #[must_use]
    pub const fn with_shoot_again(self, shoot_again: bool) -> SeaBattleRules {
        SeaBattleRules { shoot_again, ..self }
    }

    /// The fleet each seat places.
    #[must_use]
    pub const fn fleet(self) -> FleetKind {
        self.fleet
    }

    /// How close ships may stand.
    #[must_use]
    pub const fn touching(self) -> Touching {
        self.touching
    }

    /// Whether a hit or a sink lets the shooter shoot again.
    #[must_use]
    pub const fn shoot_again(self) -> bool {
        self.shoot_again
    }
}

impl Default for SeaBattleRules {
    fn default() -> SeaBattleRules {
        SeaBattleRules::of_fleet(FleetKind::Classic)
    }
}

impl FromStr for FleetKind {
    type Err = RulesError;

    fn from_str(text: &str) -> Result<FleetKind, RulesError> {
        [FleetKind::Classic, FleetKind::Hasbro]
            .into_iter()
            .find(|fleet| fleet.name() == text)
            .ok_or_else(|| RulesError::Fleet(text.to_owned()))
    }
}

impl FromStr for Touching {
    type Err = RulesError;

    fn from_str(text: &str) -> Result<Touching, RulesError> {
        [Touching::None, Touching::Sides, Touching::Any]
            .into_iter()
            .find(|touching| touching.name() == text)
            .ok_or_else(|| RulesError::Touching(text.to_owned()))
    }
}

impl fmt::Display for SeaBattleRules {
    /// The options as `classic, touching none, shoot again`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let again = if self.shoot_again { "shoot again" } else { "no second shot" };
        write!(f, "{}, touching {}, {again}", self.fleet.name(), self.touching.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_fleet_brings_its_own_defaults_and_options_override_them() {
        let classic = SeaBattleRules::default();
        assert_eq!(
            (classic.fleet(), classic.touching(), classic.shoot_again()),
            (FleetKind::Classic, Touching::None, true)
        );
        assert_eq!(classic.fleet().lengths().iter().map(|&len| u32::from(len)).sum::<u32>(), 20);
        let hasbro = SeaBattleRules::hasbro();
        assert_eq!((hasbro.touching(), hasbro.shoot_again()), (Touching::Any, false));
        assert_eq!(
            hasbro.with_touching(Touching::Sides).with_shoot_again(true).to_string(),
            "hasbro, touching sides, shoot again"
        );
    }

    #[test]
    fn option_names_read_back_and_others_are_refused() {
        assert_eq!("hasbro".parse(), Ok(FleetKind::Hasbro));
        assert_eq!("sides".parse(), Ok(Touching::Sides));
        assert_eq!("salvo".parse::<FleetKind>(), Err(RulesError::Fleet("salvo".into())));
        assert_eq!("corners".parse::<Touching>(), Err(RulesError::Touching("corners".into())));
    }
}
