//! An opening replayed into its turns: the position key before each turn and the turn's notation.

use kartka_engine::{AnyGame, Progress};
use kartka_protocol::RulesetSpec;
use sha2::{Digest, Sha256};

use super::ExplorerError;
use crate::auth::to_hex;
use crate::games::kinds;

/// One turn of an opening.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The key of the position before the turn.
    pub position: String,
    /// The turn's actions in the kind's notation, joined by its action separator.
    pub notation: String,
}

/// A game replayed from its start.
#[derive(Clone, Debug)]
pub struct Opening {
    /// The position after the replayed actions.
    pub game: AnyGame,
    /// The whole turns played, at most the number asked for.
    pub turns: Vec<Turn>,
    /// Whether the last action ended a turn (or nothing was played), so that `game` is where a turn begins.
    pub at_turn_start: bool,
}

/// The explorer's key of a position: the hex SHA-256 of its canonical bytes.
#[must_use]
pub fn position_key(game: &AnyGame) -> String {
    to_hex(&Sha256::digest(game.position_key()))
}

/// The ruleset as the explorer stores it: its protocol JSON, written afresh so that field order and defaults
/// are the same whoever wrote the game's.
#[must_use]
pub fn ruleset_key(spec: &RulesetSpec) -> String {
    serde_json::to_string(spec).expect("rulesets always serialise")
}

/// Replays `actions` (each one action in the kind's notation) from the start of `spec`, keeping the first
/// `max_turns` whole turns; stops after those turns when `stop_after` is set (a stored game's opening needs no
/// more), else replays every action.
pub fn replay<I, S>(
    spec: &RulesetSpec,
    actions: I,
    max_turns: usize,
    stop_after: bool,
) -> Result<Opening, ExplorerError>
where
    I: IntoIterator<Item = S>,
    S: AsRef<str>,
{
    let ruleset = explored(spec)?;
    let mut game = AnyGame::new(&ruleset);
    let separator = game.kind().action_separator();
    let mut turns = Vec::new();
    let mut current: Option<Turn> = None;
    for (index, action) in actions.into_iter().enumerate() {
        if stop_after && turns.len() == max_turns {
            break;
        }
        let turn = current.get_or_insert_with(|| Turn { position: position_key(&game), notation: String::new() });
        let played =
            game.play(action.as_ref()).map_err(|error| ExplorerError::BadMoves(format!("action {index}: {error}")))?;
        if !turn.notation.is_empty() {
            turn.notation.push_str(separator);
        }
        turn.notation.push_str(action.as_ref());
        if played.progress != Progress::TurnContinues {
            let turn = current.take().expect("a turn is open");
            if turns.len() < max_turns {
                turns.push(turn);
            }
        }
    }
    Ok(Opening { game, turns, at_turn_start: current.is_none() })
}

/// The rules of `spec`, a kind the explorer serves: valid, and without secrets.
fn explored(spec: &RulesetSpec) -> Result<kartka_engine::Ruleset, ExplorerError> {
    let ruleset = kinds::ruleset(spec).map_err(|error| ExplorerError::BadRuleset(error.to_string()))?;
    if ruleset.kind().hidden_information() {
        return Err(ExplorerError::HiddenInformation);
    }
    Ok(ruleset)
}

/// Each action of a move text of `spec`'s kind, in its canonical text.
pub fn split(spec: &RulesetSpec, text: &str) -> Result<Vec<String>, ExplorerError> {
    let ruleset = explored(spec)?;
    ruleset.kind().split_actions(text).map_err(|error| ExplorerError::BadMoves(error.to_string()))
}
