//! Dots for the command-line tools: perft from a field after a run of actions, and replaying SGF files, each
//! game's final captures printed as `captures first=N second=M`.

use kartka_engine::dots::{parse_actions, read_sgf, DotsRules, FieldSize, Position};
use kartka_engine::Game;

use super::import::game_trees;
use crate::games::tools::{Setup, Tally, ToolError};

/// The field of the setup (`--size N`: N×N; the seed's 39×32 when not given, with its cross start) after its
/// actions (`qv rv`).
fn position_after(setup: &Setup) -> Result<Position, ToolError> {
    let rules = setup.size.map_or(Ok(DotsRules::default()), square_field)?;
    let mut position = Position::new(rules);
    let actions = parse_actions(&setup.moves).map_err(|error| ToolError(format!("--moves: {error}")))?;
    for (index, action) in actions.into_iter().enumerate() {
        position
            .apply(action)
            .map_err(|reason| ToolError(format!("--moves: action {} is illegal: {reason}", index + 1)))?;
    }
    Ok(position)
}

/// The default rules on a `side` × `side` field (`--size`).
pub fn square_field(side: u8) -> Result<DotsRules, ToolError> {
    let size = FieldSize::new(side, side).map_err(|error| ToolError(format!("--size: {error}")))?;
    Ok(DotsRules { size, ..DotsRules::default() })
}

/// Action sequences per depth, 1 to `depth`.
pub fn perft(setup: &Setup, depth: usize) -> Result<Vec<u64>, ToolError> {
    let position = position_after(setup)?;
    Ok((1..=depth).map(|depth| count(&position, depth)).collect())
}

fn count(position: &Position, depth: usize) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    position.for_each_legal_action(|action| {
        let mut next = position.clone();
        if next.apply(action).is_ok() {
            total += count(&next, depth - 1);
        }
    });
    total
}

/// Replays every game tree of an SGF file: prints each game's final counts on stdout, reports unreadable and
/// illegal games and results that disagree with the rules on stderr.
pub fn replay(file: &str, text: &str) -> Tally {
    let mut tally = Tally::default();
    for (index, tree) in game_trees(text).into_iter().enumerate() {
        let game = index + 1;
        tally.games += 1;
        let record = match read_sgf(tree) {
            Ok(record) => record,
            Err(error) => {
                eprintln!("{file}: game {game}: malformed or illegal record: {error}");
                tally.illegal += 1;
                tally.malformed += usize::from(!matches!(error, kartka_engine::dots::SgfError::Replay(_)));
                continue;
            }
        };
        let position = match record.replay() {
            Ok(position) => position,
            Err(error) => {
                eprintln!("{file}: game {game}: illegal: {error}");
                tally.illegal += 1;
                continue;
            }
        };
        let [first, second] = position.counts();
        println!("{file}: game {game}: captures first={first} second={second}");
        let (Some(outcome), Some(end)) = (position.outcome(), position.end()) else {
            tally.unfinished += 1;
            tally.mid_turn += usize::from(position.turn_begun());
            continue;
        };
        tally.finished += 1;
        *tally.endings.entry(end.name()).or_default() += 1;
        match record.result {
            None => tally.no_result += 1,
            Some(recorded) if recorded.win.map(|(seat, _)| seat) == outcome.winner() => tally.result_agrees += 1,
            Some(_) => {
                tally.result_disagrees += 1;
                eprintln!(
                    "{file}: game {game}: the rules end it with counts {first}:{second}, the record says otherwise"
                );
            }
        }
    }
    tally
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft_counts_the_points_of_a_small_field() {
        let setup = Setup { size: Some(4), ..Setup::default() };
        // 4x4 with a cross: 12 free points, and STOP.
        assert_eq!(perft(&setup, 1), Ok(vec![13]));
        assert!(perft(&Setup { size: Some(4), moves: "zz".into(), ..Setup::default() }, 1).is_err());
    }
}
