//! The rules of one game: how many points, and how the server placed them.

/// The fewest points a game has.
pub const MIN_POINTS: u8 = 6;
/// The most points a game has.
pub const MAX_POINTS: u8 = 30;
/// The points of a game when the players choose none.
pub const DEFAULT_POINTS: u8 = 15;

/// Where the points stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Start {
    /// Drawn on a lattice from `seed` (SplitMix64), no three on a line: the server draws the seed when the game
    /// is created and the rules keep it, so a replay places the same points.
    Lattice {
        /// The seed the placement is drawn from.
        seed: u32,
    },
    /// On a circle, spread around it: no three points of a circle are ever on a line. The game is then Dawson's
    /// Kayles.
    Convex,
}

/// Rules a game cannot be played by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// The number of points is outside [`MIN_POINTS`]..=[`MAX_POINTS`].
    #[error("{0} points: a game has {MIN_POINTS} to {MAX_POINTS}")]
    Points(u8),
}

/// The rules of a Points and segments game. The default is the seed's: 15 points on a lattice, seed 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PointsRules {
    points: u8,
    start: Start,
}

impl Default for PointsRules {
    fn default() -> PointsRules {
        PointsRules { points: DEFAULT_POINTS, start: Start::Lattice { seed: 0 } }
    }
}

impl PointsRules {
    /// `points` points placed by `start`, if the number is allowed.
    pub const fn new(points: u8, start: Start) -> Result<PointsRules, RulesError> {
        if points < MIN_POINTS || points > MAX_POINTS {
            return Err(RulesError::Points(points));
        }
        Ok(PointsRules { points, start })
    }

    /// How many points the game has.
    #[must_use]
    pub const fn points(self) -> u8 {
        self.points
    }

    /// Where the points stand.
    #[must_use]
    pub const fn start(self) -> Start {
        self.start
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_six_to_thirty_points_are_rules() {
        assert_eq!(PointsRules::new(5, Start::Convex), Err(RulesError::Points(5)));
        assert_eq!(PointsRules::new(31, Start::Convex), Err(RulesError::Points(31)));
        for points in [MIN_POINTS, DEFAULT_POINTS, MAX_POINTS] {
            assert_eq!(PointsRules::new(points, Start::Convex).map(PointsRules::points), Ok(points));
        }
        assert_eq!(PointsRules::default().start(), Start::Lattice { seed: 0 });
    }
}
