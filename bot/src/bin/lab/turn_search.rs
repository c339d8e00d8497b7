//! `--turn-search`, `--turn-backup` and `--step-search`: which search plays classic Paper Soccer, for `versus`
//! and `engine`.

use kartka_bot::soccer_turns::Backup;
use kartka_bot::SoccerSearch;

/// The backup rule of the search over whole turns, as the command line names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum TurnBackup {
    /// UCT: a node is worth the mean of what was backed up through it.
    Average,
    /// Best-first minimax: a node is worth its best answer's value.
    Minimax,
    /// QtPaperSoccer's rule, level 8's: a blend of the two, chosen by minimax value and visits, a node's turns
    /// listed on its second visit.
    Blend,
}

/// Options choosing the Paper Soccer search.
#[derive(Debug, clap::Args)]
pub struct SearchArgs {
    /// The search over whole turns (docs/bot.md, "A search over whole turns") at every level from 6 up; level
    /// 8 plays it by default.
    #[arg(long)]
    turn_search: bool,
    /// The backup rule of `--turn-search`; level 8's own by default.
    #[arg(long, value_enum, default_value_t = TurnBackup::Blend, requires = "turn_search")]
    turn_backup: TurnBackup,
    /// The step search at every level, as the bot played before the search over whole turns.
    #[arg(long, conflicts_with = "turn_search")]
    step_search: bool,
}

impl SearchArgs {
    /// The search these options ask for; the bot's own without any.
    pub fn soccer_search(&self) -> SoccerSearch {
        match (self.turn_search, self.turn_backup, self.step_search) {
            (true, TurnBackup::Average, _) => SoccerSearch::Turns(Backup::Average),
            (true, TurnBackup::Minimax, _) => SoccerSearch::Turns(Backup::Minimax),
            (true, TurnBackup::Blend, _) => SoccerSearch::Turns(Backup::Blend),
            (false, _, true) => SoccerSearch::Steps,
            (false, _, false) => SoccerSearch::ByLevel,
        }
    }

    /// The bot's own search, as the tests build the options.
    #[cfg(test)]
    pub fn by_level() -> SearchArgs {
        SearchArgs { turn_search: false, turn_backup: TurnBackup::Blend, step_search: false }
    }
}
