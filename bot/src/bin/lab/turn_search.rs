//! `--turn-search` and `--turn-backup`: which search plays classic Paper Soccer, for `versus` and `engine`.

use kartka_bot::soccer_turns::Backup;
use kartka_bot::SoccerSearch;

/// The backup rule of the search over whole turns, as the command line names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum TurnBackup {
    /// UCT: a node is worth the mean of what was backed up through it.
    Average,
    /// Best-first minimax: a node is worth its best answer's value.
    Minimax,
}

/// The search `--turn-search` (with `--turn-backup`) asks for; the step search without it.
pub fn soccer_search(turn_search: bool, backup: TurnBackup) -> SoccerSearch {
    match (turn_search, backup) {
        (false, _) => SoccerSearch::Steps,
        (true, TurnBackup::Average) => SoccerSearch::Turns(Backup::Average),
        (true, TurnBackup::Minimax) => SoccerSearch::Turns(Backup::Minimax),
    }
}
