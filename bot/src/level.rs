//! Playing levels, 1 (beginner) to 8 (strongest): how much the bot may search, and how often it chooses
//! something other than its best action on purpose.
//!
//! Weak levels are made weak the way people are weak, not by random moves: they look only a few steps ahead
//! (so they miss long bounce chains and deep threats), and they choose among their actions by a softmax over
//! the scores the search gave them, with a temperature that falls as the level rises. A beginner usually plays
//! a reasonable action, sometimes a merely good one, and now and then a blunder that a search one step deeper
//! would have refused. From level 6 up the bot plays its best action; levels 6 and 7 are capped in nodes, and
//! level 8 takes up to what the clock affords: a caller's deadline that settles early ([`crate::Deadline`])
//! stops it once its best action holds, so it spends the whole budget only on positions that need it.
//!
//! | level | nodes per turn at most | looks ahead (steps) | softmax temperature | exact solver |
//! |---|---|---|---|---|
//! | 1 | 200 | 1 | 3 units | no |
//! | 2 | 800 | 2 | 2 units | no |
//! | 3 | 3,000 | 3 | 1 unit | no |
//! | 4 | 10,000 | 4 | ½ unit | no |
//! | 5 | 40,000 | 6 | ⅕ unit | yes |
//! | 6 | 150,000 | 10 | 0 (best action) | yes |
//! | 7 | 1,000,000 | 64 | 0 | yes |
//! | 8 | the caller's budget | 64 | 0 | yes |
//!
//! A unit is a step of the ball towards the goal in Paper Soccer and a queen move in Closing In; bounces count
//! half a step of look-ahead. At about two million nodes a second, levels 1 to 6 answer within a tenth of a
//! second whatever the clock.
//!
//! Level 8 plays classic Paper Soccer with the search over whole turns ([`crate::soccer_turns`]), whose node
//! budget counts the turns it lists rather than the steps it applies.
//!
//! How strong each level is, measured: [`Level::measured_elo`], the lobby's figure beside each level's name.

use crate::evaluate::UNIT;

/// A playing level, 1 to 8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// A level outside 1–8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("levels run from 1 to 8, not {0}")]
pub struct LevelError(pub u8);

/// Per level (index `level - 1`): the node cap of one turn, the depth cap in steps, the softmax temperature in
/// evaluation units, and whether an exact solver (and a kind's threat search) may be asked.
const TABLE: [(Option<u64>, u32, i32, bool); 8] = [
    (Some(200), 1, 3 * UNIT, false),
    (Some(800), 2, 2 * UNIT, false),
    (Some(3_000), 3, UNIT, false),
    (Some(10_000), 4, UNIT / 2, false),
    (Some(40_000), 6, UNIT / 5, true),
    (Some(150_000), 10, 0, true),
    (Some(1_000_000), 64, 0, true),
    (None, 64, 0, true),
];

/// Per level (index `level - 1`): its Elo measured against the other levels in Paper Soccer, level 1 at 0.
///
/// Measured with the learned evaluation (the network of 2026-12-04) by `kartka-bot-lab ladder --levels
/// 1,2,3,4,5,6,7 --jobs 2 --nodes 2000000 --record docs/ladder/levels-1-7-td.txt` (docs/bot.md, "The ladder with
/// the learned evaluation": 200 games a pairing, each level at its own node cap; every game is in that file).
/// Level 8 has no cap of its own, so no figure: its strength is the time it is given, and at twice level 7's
/// nodes the step search measured level 7's (docs/ladder/levels-7-8.txt), a figure that would list the
/// strongest level below the one under it. Remeasure and update this table whenever a level's row in
/// [`TABLE`], the search or the evaluation changes; the figures rise with the levels (tested).
const MEASURED_ELO: [Option<i32>; 8] =
    [Some(0), Some(225), Some(364), Some(524), Some(684), Some(930), Some(1041), None];

impl Level {
    /// Level 1: a beginner that looks one step ahead and often picks a lesser action.
    pub const WEAKEST: Level = Level(1);
    /// Level 8: the best action of a search as long as the budget allows.
    pub const STRONGEST: Level = Level(8);

    /// The level numbered `number`, 1 to 8.
    pub const fn new(number: u8) -> Result<Level, LevelError> {
        if number >= Level::WEAKEST.0 && number <= Level::STRONGEST.0 {
            Ok(Level(number))
        } else {
            Err(LevelError(number))
        }
    }

    /// The level's number, 1 to 8.
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The most nodes one turn may take at this level, whatever the budget; `None` at level 8.
    #[must_use]
    pub const fn node_cap(self) -> Option<u64> {
        TABLE[self.index()].0
    }

    /// How many steps (actions that pass the turn) the search may look ahead.
    #[must_use]
    pub const fn max_steps(self) -> u32 {
        TABLE[self.index()].1
    }

    /// The softmax temperature over the root's choices, in evaluation units: 0 plays the best action; at `T`
    /// an action `T` worse than the best is chosen e^-1 times as often.
    #[must_use]
    pub const fn temperature(self) -> i32 {
        TABLE[self.index()].2
    }

    /// Whether the bot asks the kind's exact solver and threat search (a beginner that played perfect endgames,
    /// or saw every winning line of threats, would not be one).
    #[must_use]
    pub const fn uses_solver(self) -> bool {
        TABLE[self.index()].3
    }

    /// The level's Elo measured against the other levels in Paper Soccer, level 1 at 0 (the table `MEASURED_ELO`);
    /// `None` for the strongest level, as strong as the time it is given. Relative to the levels only: not a
    /// rating on the server's scale.
    #[must_use]
    pub const fn measured_elo(self) -> Option<i32> {
        MEASURED_ELO[self.index()]
    }

    const fn index(self) -> usize {
        self.0 as usize - 1
    }
}

impl Default for Level {
    fn default() -> Level {
        Level::STRONGEST
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_one_to_eight() {
        assert_eq!(Level::new(0), Err(LevelError(0)));
        assert_eq!(Level::new(9), Err(LevelError(9)));
        assert_eq!(Level::new(1), Ok(Level::WEAKEST));
        assert_eq!(Level::new(8), Ok(Level::STRONGEST));
    }

    #[test]
    fn a_higher_level_searches_at_least_as_much_and_errs_no_more() {
        for number in 1..8 {
            let (lower, higher) = (Level(number), Level(number + 1));
            let cap = |level: Level| level.node_cap().unwrap_or(u64::MAX);
            assert!(cap(higher) > cap(lower));
            assert!(higher.max_steps() >= lower.max_steps());
            assert!(higher.temperature() <= lower.temperature());
        }
        assert_eq!(Level::STRONGEST.temperature(), 0);
        assert_eq!(Level::STRONGEST.node_cap(), None);
        assert_eq!(Level::WEAKEST.measured_elo(), Some(0), "the ladder's zero is level 1");
        let figures: Vec<Option<i32>> = (1..=8).map(|number| Level(number).measured_elo()).collect();
        assert!(figures[..7].iter().all(Option::is_some), "every capped level is measured: {figures:?}");
        assert_eq!(Level::STRONGEST.measured_elo(), None, "the strongest is as strong as its time");
        assert!(figures[..7].windows(2).all(|pair| pair[0] < pair[1]), "the figures rise with the levels: {figures:?}");
    }
}
