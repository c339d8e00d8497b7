//! The options of a Dots game (§6 of the rules), validated.

use super::field::{FieldSize, Point};
use super::start::{Layout, Start, MAX_RANDOM_BLOCKS};

/// The first-move zone of an empty start (2.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Zone {
    /// The centred rectangle left after removing ⌊3·min(W,H)/8⌋ points on every side.
    #[default]
    Auto,
    /// A centred rectangle of `width` × `height` points.
    Size {
        /// Columns of the zone.
        width: u8,
        /// Rows of the zone.
        height: u8,
    },
    /// No zone: the first dot may go anywhere.
    Off,
}

/// Whether and how a player may press STOP (§7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum StopMode {
    /// STOP ends the game at once; the presser's ungrounded dots count as captured (7.3).
    #[default]
    Computed,
    /// After STOP the opponent may go on placing dots until `DONE` (7.4); `seconds` is the server's window.
    Window {
        /// How long the window lasts, for the server's clock.
        seconds: u16,
    },
    /// No STOP.
    Off,
}

/// The options of one Dots game. The default is the seed's game: 39×32, a cross start, STOP computed,
/// everything else off.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DotsRules {
    /// The field.
    pub size: FieldSize,
    /// The start position.
    pub start: Start,
    /// Where the first dots of an empty start must go.
    pub zone: Zone,
    /// Random starts draw their crosses from this number, so the rules alone reproduce the start.
    pub seed: u64,
    /// A capturing move earns another move (6.1).
    pub extra_move: bool,
    /// A count of this many wins at once; 0 is off (6.2).
    pub instant_win: u32,
    /// STOP (6.3).
    pub stop: StopMode,
    /// The game ends by itself when a STOP would win or every live dot is grounded (6.4).
    pub auto_end: bool,
    /// Territory mode: captures may be painted later, and agreed ends count territory (6.5).
    pub territory: bool,
    /// Blitz with a random point: when the seat to move runs out of time the server plays a random point
    /// for it (9.3).
    pub blitz_random_on_timeout: bool,
}

/// Options that do not fit together or do not fit the field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// The start's crosses do not fit on the field.
    #[error("the start does not fit a field of this size")]
    StartDoesNotFit,
    /// `random(n)` with n outside 1 to the maximum.
    #[error("a random start has 1 to {MAX_RANDOM_BLOCKS} crosses")]
    RandomBlocks,
    /// The zone is empty or larger than the field.
    #[error("the zone does not fit the field")]
    ZoneDoesNotFit,
    /// STOP is not played in territory mode (6.5).
    #[error("STOP is unavailable in territory mode")]
    StopWithTerritory,
}

impl DotsRules {
    /// What the start position is made from: the start, the field and the seed.
    #[must_use]
    pub const fn layout(&self) -> Layout {
        Layout { start: self.start, size: self.size, seed: self.seed }
    }

    /// Whether the options fit together and fit the field. Records are checked with this; a game made from
    /// rules that fail it still starts (crosses that do not fit are left out, an oversized zone is the field).
    pub fn validate(&self) -> Result<(), RulesError> {
        let (width, height) = (self.size.width(), self.size.height());
        let fits = match self.start {
            Start::Empty | Start::Custom | Start::Cross => true,
            Start::Cross2 => width >= 4,
            // Its four crosses must fit apart, as random ones do (2.6): touching crosses enclose dots.
            Start::Cross4 => super::start::cross_corners(self.layout()).as_slice().len() == 4,
            Start::Random { blocks } => {
                if blocks == 0 || blocks > MAX_RANDOM_BLOCKS {
                    return Err(RulesError::RandomBlocks);
                }
                true
            }
        };
        if !fits {
            return Err(RulesError::StartDoesNotFit);
        }
        if let Zone::Size { width: zone_width, height: zone_height } = self.zone {
            if zone_width == 0 || zone_height == 0 || zone_width > width || zone_height > height {
                return Err(RulesError::ZoneDoesNotFit);
            }
        }
        if self.territory && self.stop != StopMode::Off {
            return Err(RulesError::StopWithTerritory);
        }
        Ok(())
    }

    /// Whether STOP may be pressed in this game.
    #[must_use]
    pub fn stop_allowed(&self) -> bool {
        self.stop != StopMode::Off && !self.territory
    }

    /// The first-move zone as (left, top, width, height), when the start has one: an empty start with a zone
    /// other than `off` (2.7: no zone after a cross start).
    #[must_use]
    pub fn zone_rect(&self) -> Option<(u8, u8, u8, u8)> {
        if self.start != Start::Empty {
            return None;
        }
        let (width, height) = (self.size.width(), self.size.height());
        match self.zone {
            Zone::Off => None,
            Zone::Auto => {
                let margin = 3 * width.min(height) / 8;
                Some((margin, margin, width - 2 * margin, height - 2 * margin))
            }
            Zone::Size { width: zone_width, height: zone_height } => {
                let (zone_width, zone_height) = (zone_width.clamp(1, width), zone_height.clamp(1, height));
                Some(((width - zone_width) / 2, (height - zone_height) / 2, zone_width, zone_height))
            }
        }
    }

    /// Whether `point` lies in the first-move zone (always, when there is none).
    #[must_use]
    pub fn in_zone(&self, point: Point) -> bool {
        self.zone_rect().is_none_or(|(left, top, width, height)| {
            (left..left + width).contains(&point.x) && (top..top + height).contains(&point.y)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_auto_zone_of_39_by_32_leaves_twelve_points_each_side() {
        let rules = DotsRules { start: Start::Empty, ..DotsRules::default() };
        assert_eq!(rules.zone_rect(), Some((12, 12, 15, 8)));
        assert!(rules.in_zone(Point::new(12, 19)));
        assert!(!rules.in_zone(Point::new(11, 15)));
        assert!(!rules.in_zone(Point::new(27, 12)));
        assert_eq!(DotsRules::default().zone_rect(), None, "no zone after a cross start");
    }

    #[test]
    fn options_that_do_not_fit_are_refused() {
        let small = FieldSize::new(6, 9).expect("valid");
        let cross4 = DotsRules { size: small, start: Start::Cross4, ..DotsRules::default() };
        assert_eq!(cross4.validate(), Err(RulesError::StartDoesNotFit));
        let wide_enough = FieldSize::new(8, 8).expect("valid");
        assert_eq!(DotsRules { size: wide_enough, ..cross4 }.validate(), Ok(()));
        let territory = DotsRules { territory: true, ..DotsRules::default() };
        assert_eq!(territory.validate(), Err(RulesError::StopWithTerritory));
        let random = DotsRules { start: Start::Random { blocks: 0 }, ..DotsRules::default() };
        assert_eq!(random.validate(), Err(RulesError::RandomBlocks));
        assert_eq!(DotsRules::default().validate(), Ok(()));
    }
}
