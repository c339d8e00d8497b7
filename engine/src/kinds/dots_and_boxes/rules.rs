//! The options of a Dots and Boxes game (rules 1, 2 and 7), validated.

use std::fmt;

/// The fewest boxes along a side of the field.
pub const MIN_SIDE: u8 = 1;
/// The most boxes along a side of the field: ten columns of dots fit the letters `a`–`j`.
pub const MAX_SIDE: u8 = 9;
/// The fewest players.
pub const MIN_PLAYERS: u8 = 2;
/// The most players.
pub const MAX_PLAYERS: u8 = 4;

/// The options of one Dots and Boxes game: the field of `rows` × `cols` boxes and the number of players. The
/// default is the rules document's: 5 × 5 boxes, two players, a timeout loses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DotsAndBoxesRules {
    rows: u8,
    cols: u8,
    players: u8,
    random_edge_on_timeout: bool,
}

/// Options outside what the rules allow. Nothing is built from them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// Rows of boxes outside `MIN_SIDE..=MAX_SIDE`.
    #[error("a field has {MIN_SIDE} to {MAX_SIDE} rows of boxes, not {0}")]
    Rows(u8),
    /// Columns of boxes outside `MIN_SIDE..=MAX_SIDE`.
    #[error("a field has {MIN_SIDE} to {MAX_SIDE} columns of boxes, not {0}")]
    Columns(u8),
    /// Players outside `MIN_PLAYERS..=MAX_PLAYERS`.
    #[error("Dots and Boxes is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {0}")]
    Players(u8),
}

impl DotsAndBoxesRules {
    /// A field of `rows` × `cols` boxes for `players`, if the rules allow it; a timeout loses.
    pub const fn new(rows: u8, cols: u8, players: u8) -> Result<DotsAndBoxesRules, RulesError> {
        if rows < MIN_SIDE || rows > MAX_SIDE {
            return Err(RulesError::Rows(rows));
        }
        if cols < MIN_SIDE || cols > MAX_SIDE {
            return Err(RulesError::Columns(cols));
        }
        if players < MIN_PLAYERS || players > MAX_PLAYERS {
            return Err(RulesError::Players(players));
        }
        Ok(DotsAndBoxesRules { rows, cols, players, random_edge_on_timeout: false })
    }

    /// These rules, with a random legal edge played for a seat out of time instead of its loss (rule 7: what a
    /// time control with a per-move clock may choose).
    #[must_use]
    pub const fn with_random_edge_on_timeout(self, random_edge_on_timeout: bool) -> DotsAndBoxesRules {
        DotsAndBoxesRules { random_edge_on_timeout, ..self }
    }

    /// Rows of boxes.
    #[must_use]
    pub const fn rows(self) -> u8 {
        self.rows
    }

    /// Columns of boxes.
    #[must_use]
    pub const fn cols(self) -> u8 {
        self.cols
    }

    /// The number of players, and so of seats.
    #[must_use]
    pub const fn players(self) -> u8 {
        self.players
    }

    /// Whether a seat out of time has a random legal edge played for it rather than losing.
    #[must_use]
    pub const fn random_edge_on_timeout(self) -> bool {
        self.random_edge_on_timeout
    }

    /// The number of boxes.
    #[must_use]
    pub const fn box_count(self) -> usize {
        self.rows as usize * self.cols as usize
    }

    /// The number of horizontal edges: `cols` along each of the `rows + 1` rows of dots.
    #[must_use]
    pub const fn horizontal_count(self) -> usize {
        (self.rows as usize + 1) * self.cols as usize
    }

    /// The number of edges, horizontal and vertical.
    #[must_use]
    pub const fn edge_count(self) -> usize {
        self.horizontal_count() + self.rows as usize * (self.cols as usize + 1)
    }
}

impl Default for DotsAndBoxesRules {
    fn default() -> DotsAndBoxesRules {
        DotsAndBoxesRules { rows: 5, cols: 5, players: 2, random_edge_on_timeout: false }
    }
}

impl fmt::Display for DotsAndBoxesRules {
    /// The field as records write it, rows of boxes first: `5x5`, `2x3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bounds_are_checked_one_option_at_a_time() {
        assert_eq!(DotsAndBoxesRules::new(0, 5, 2), Err(RulesError::Rows(0)));
        assert_eq!(DotsAndBoxesRules::new(5, 10, 2), Err(RulesError::Columns(10)));
        assert_eq!(DotsAndBoxesRules::new(5, 5, 1), Err(RulesError::Players(1)));
        assert_eq!(DotsAndBoxesRules::new(5, 5, 5), Err(RulesError::Players(5)));
        assert_eq!(DotsAndBoxesRules::new(5, 5, 2), Ok(DotsAndBoxesRules::default()));
        let largest = DotsAndBoxesRules::new(9, 9, 4).expect("the largest field");
        assert_eq!((largest.box_count(), largest.horizontal_count(), largest.edge_count()), (81, 90, 180));
        let two_by_three = DotsAndBoxesRules::new(2, 3, 3).expect("valid");
        assert_eq!((two_by_three.edge_count(), two_by_three.to_string()), (17, "2x3".to_owned()));
        assert_eq!(RulesError::Players(5).to_string(), "Dots and Boxes is played by 2 to 4 players, not 5");
        assert!(!DotsAndBoxesRules::default().random_edge_on_timeout());
        assert!(DotsAndBoxesRules::default().with_random_edge_on_timeout(true).random_edge_on_timeout());
    }
}
