//! `line-soccer` and `russian-soccer` for the command-line tools: `kartka perft --rules NAME [--moves
//! "TOKENS"] --depth D` (distinct sequences of turn tokens, a `-` counting as one), and replaying §5 record
//! files, whose `[Variant]` header names each game's ruleset.

use kartka_engine::line_soccer::{
    perft_after, read_variant_records, RecordError, VariantGame, VariantRecord, VariantRules,
};
use kartka_engine::{EndReason, Game, GameKind, Ruleset};

use crate::games::tools::{Setup, Tally, ToolError};

/// Turn-token sequences per depth, 1 to `depth`, after the setup's tokens, by the rules `--rules` named (the
/// default rules of `kind` when not given).
pub fn perft(kind: GameKind, setup: &Setup, depth: usize) -> Result<Vec<u64>, ToolError> {
    if setup.size.is_some() {
        return Err(ToolError("--size: these rulesets are counted on their default fields".into()));
    }
    let ruleset = setup.ruleset.unwrap_or_else(|| kind.default_ruleset());
    let rules = match ruleset {
        Ruleset::LineSoccer(rules) if kind == GameKind::LineSoccer => VariantRules::Line(rules),
        Ruleset::RussianSoccer(rules) if kind == GameKind::RussianSoccer => VariantRules::Russian(rules),
        other => return Err(ToolError(format!("--rules: {} is not played by {kind}", other.kind()))),
    };
    (1..=depth)
        .map(|depth| {
            perft_after(rules, &setup.moves, depth).map_err(|(index, error)| {
                let token = setup.moves.split_ascii_whitespace().nth(index).unwrap_or_default();
                ToolError(format!("--moves: token {} ({token}): {error}", index + 1))
            })
        })
        .collect()
}

/// Replays every record of a file, reporting on stderr the malformed ones, illegal tokens, and `[Winner]`
/// headers that disagree with the rules.
pub fn replay(file: &str, text: &str) -> Tally {
    let mut tally = Tally::default();
    for (index, record) in read_variant_records(text).enumerate() {
        tally.games += 1;
        let game = index + 1;
        let record = match record {
            Ok(record) => record,
            Err(error) => {
                tally.malformed(file, game, error);
                continue;
            }
        };
        match record.replay() {
            Ok(played) => count(&mut tally, &played, record.tag("Winner").is_some()),
            Err(error @ RecordError::WinnerMismatch { .. }) => {
                eprintln!("{file}: game {game}: {error}");
                match without_winner(&record).replay() {
                    Ok(played) => {
                        count(&mut tally, &played, false);
                        tally.no_result -= usize::from(played.outcome().is_some());
                        tally.result_disagrees += usize::from(played.outcome().is_some());
                    }
                    Err(_) => tally.illegal += 1,
                }
            }
            Err(error @ RecordError::Turn { .. }) => {
                eprintln!("{file}: game {game}: illegal: {error}");
                tally.illegal += 1;
            }
            Err(error) => tally.malformed(file, game, error),
        }
    }
    tally
}

/// The record without its `[Winner]`, to replay a game whose header disagrees with it.
fn without_winner(record: &VariantRecord) -> VariantRecord {
    let mut record = record.clone();
    record.tags.retain(|tag| tag.name != "Winner");
    record
}

/// Counts a replayed game as finished or unfinished; `recorded`: whether the record names a winner that
/// agrees.
fn count(tally: &mut Tally, played: &VariantGame, recorded: bool) {
    let Some(outcome) = played.outcome() else {
        tally.unfinished += 1;
        let mid_turn = match played {
            VariantGame::Line(tokens) => tokens.game().mid_turn(),
            VariantGame::Russian(tokens) => tokens.game().mid_turn(),
        };
        tally.mid_turn += usize::from(mid_turn);
        return;
    };
    tally.finished += 1;
    *tally.endings.entry(ending(outcome.reason)).or_default() += 1;
    if recorded {
        tally.result_agrees += 1;
    } else {
        tally.no_result += 1;
    }
}

/// How a game ended, in words.
fn ending(reason: EndReason) -> &'static str {
    match reason {
        EndReason::Goal => "goal",
        EndReason::OwnGoal => "own goal",
        EndReason::Stuck => "no kick",
        _ => "not by the rules",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft_takes_only_its_own_rulesets() {
        let russian = Setup { ruleset: crate::games::kinds::variants::ruleset("russian"), ..Setup::default() };
        assert!(perft(GameKind::LineSoccer, &russian, 1).is_err(), "line-soccer does not count russian");
        let counts = perft(GameKind::RussianSoccer, &russian, 2).expect("russian counts");
        assert_eq!(counts.len(), 2);
        assert!(counts[0] > 0 && counts[1] > counts[0]);
        let bad = Setup { moves: "000 7".into(), ..Setup::default() };
        let error = perft(GameKind::LineSoccer, &bad, 1).expect_err("7 is not a whole line");
        assert!(error.0.starts_with("--moves: token 2 (7)"), "{error}");
    }

    #[test]
    fn replay_counts_finished_unfinished_illegal_and_disagreeing_games() {
        let game = "[Variant \"russian\"]\n[Board \"10x12\"]\n\n1. 000 222\n";
        let illegal = game.replace("222", "2222");
        let wrong_winner = "[Variant \"line\"]\n[Winner \"draw\"]\n\n1. 000 222\n";
        let tally = replay("test", &format!("{game}\n{illegal}\n{wrong_winner}"));
        assert_eq!((tally.games, tally.unfinished, tally.illegal), (3, 2, 1));
        assert_eq!(tally.result_disagrees, 0, "a game the rules did not end may have any recorded winner");
    }
}
