//! The analysis board's one server route: `POST /api/analysis/suggestion`, the built-in bot's turn in a position
//! given as a ruleset and the moves from its start. Nothing is stored; lines and their positions live in the
//! browser (and in the links it shares).

use axum::extract::State;
use axum::Json;
use kartka_bot::{play_any_turn, BotError, Evaluation, Level, NoDeadline};
use kartka_engine::{AnyGame, MoveError};
use kartka_protocol::analysis::{BotEvaluation, Suggestion, SuggestionRequest, MAX_ANALYSIS_ACTIONS};
use kartka_protocol::ErrorCode;

use super::limits::ClientAddress;
use super::{ApiError, Authenticated};
use crate::api::input::JsonBody;
use crate::games::kinds;
use crate::state::AppState;

/// The nodes a suggestion's search may visit: a fraction of a second on one core in a release build, the same
/// answer on every machine (no clock decides it).
const SUGGESTION_NODES: u64 = 300_000;

/// The level the bot suggests at: the strongest, which never errs on purpose.
const SUGGESTION_LEVEL: u8 = 8;

/// Why no suggestion could be made. Nothing is changed either way.
#[derive(Debug, thiserror::Error)]
pub enum SuggestionError {
    /// The ruleset is not one the server plays.
    #[error("{0}")]
    Ruleset(String),
    /// More moves than [`MAX_ANALYSIS_ACTIONS`].
    #[error("at most {MAX_ANALYSIS_ACTIONS} moves may lead to the position")]
    TooLong,
    /// A move is not in the game's notation.
    #[error("move {index} ({text}) is not in the game's notation: {reason}")]
    Notation {
        /// The move's place in the list, from 1.
        index: usize,
        /// The move as sent.
        text: String,
        /// What the notation refused.
        reason: String,
    },
    /// A move is illegal in the position the moves before it lead to.
    #[error("move {index} ({text}) is illegal there: {reason}")]
    Illegal {
        /// The move's place in the list, from 1.
        index: usize,
        /// The move as sent.
        text: String,
        /// Why the rules refused it.
        reason: String,
    },
    /// The game is over before the last move, or after it: no side acts.
    #[error("the game is over: no side is to act")]
    GameOver,
}

impl From<SuggestionError> for ApiError {
    fn from(error: SuggestionError) -> ApiError {
        let code = match error {
            SuggestionError::Ruleset(_) | SuggestionError::TooLong => ErrorCode::InvalidRequest,
            SuggestionError::Notation { .. } => ErrorCode::BadNotation,
            SuggestionError::Illegal { .. } => ErrorCode::IllegalMove,
            SuggestionError::GameOver => ErrorCode::GameOver,
        };
        ApiError::new(code, error.to_string())
    }
}

/// `POST /api/analysis/suggestion`: the bot's turn for the side to act after `moves`. Rate-limited per account
/// and per address, checked before the request is read further: every request takes from the allowance, the
/// refused ones too. The search runs on a blocking thread, off the async workers that serve the games, only a
/// few at once and one per account (`AbuseLimits::search`).
pub async fn suggestion(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    auth: Authenticated,
    JsonBody(request): JsonBody<SuggestionRequest>,
) -> Result<Json<Suggestion>, ApiError> {
    state.abuse.suggestion(address, auth.account.id)?;
    let game = position(&request)?;
    let suggestion = state.abuse.search(auth.account.id, move || suggest(&game)).await??;
    Ok(Json(suggestion))
}

/// The game the request describes: its ruleset, validated, with every move played in order.
fn position(request: &SuggestionRequest) -> Result<AnyGame, SuggestionError> {
    let ruleset = kinds::ruleset(&request.ruleset).map_err(|error| SuggestionError::Ruleset(error.0))?;
    if request.moves.len() > MAX_ANALYSIS_ACTIONS {
        return Err(SuggestionError::TooLong);
    }
    let mut game = AnyGame::new(&ruleset);
    for (at, text) in request.moves.iter().enumerate() {
        let (index, text) = (at + 1, text.clone());
        game.play(&text).map_err(|error| match error {
            MoveError::GameOver => SuggestionError::GameOver,
            MoveError::Notation(_) | MoveError::Empty => {
                SuggestionError::Notation { index, text, reason: error.to_string() }
            }
            MoveError::PastTurnEnd { .. } | MoveError::Illegal { .. } | MoveError::Forbidden { .. } => {
                SuggestionError::Illegal { index, text, reason: error.to_string() }
            }
        })?;
    }
    Ok(game)
}

/// The bot's turn in `game` at the fixed node budget.
fn suggest(game: &AnyGame) -> Result<Suggestion, SuggestionError> {
    let level = Level::new(SUGGESTION_LEVEL).expect("a level of the bot");
    let turn = play_any_turn(game, level, 0, SUGGESTION_NODES, &NoDeadline).map_err(|error| match error {
        // A kind whose rules leave a live seat without an action would be broken; either way none can act.
        BotError::GameOver | BotError::NoLegalAction => SuggestionError::GameOver,
    })?;
    let evaluation = match turn.evaluation {
        Evaluation::Score(units) => BotEvaluation::Score { hundredths: units * 100 / kartka_bot::UNIT },
        Evaluation::Win(within) => BotEvaluation::Win { within },
        Evaluation::Loss(within) => BotEvaluation::Loss { within },
    };
    Ok(Suggestion {
        turn: turn.text(),
        nodes: turn.stats.nodes,
        depth: turn.stats.depth,
        actions: turn.actions,
        evaluation,
    })
}

#[cfg(test)]
mod tests {
    use kartka_engine::GameKind;

    use super::*;

    fn request(kind: GameKind, moves: &[&str]) -> SuggestionRequest {
        SuggestionRequest {
            ruleset: kinds::default_spec(kind),
            moves: moves.iter().map(|&text| text.to_owned()).collect(),
        }
    }

    #[test]
    fn every_kind_gets_a_legal_turn_for_the_side_to_act() {
        for &kind in GameKind::ALL {
            let mut game = AnyGame::new(&kind.default_ruleset());
            let first = game.pick_legal_action(1).expect("a start position has an action");
            game.play(&first).expect("a legal action");
            let asked = request(kind, &[&first]);
            let suggested = suggest(&position(&asked).expect("a legal line")).expect("the game goes on");
            assert!(!suggested.actions.is_empty(), "{kind}: a turn has actions");
            assert!(suggested.nodes > 0, "{kind}: the search ran");
            let mut after = game.clone();
            after.play(&suggested.turn).unwrap_or_else(|error| panic!("{kind}: {} is legal: {error}", suggested.turn));
        }
    }

    #[test]
    fn bad_moves_are_named_by_their_place_and_kind_of_fault() {
        let kind = GameKind::PaperSoccer;
        let error = position(&request(kind, &["7", "x"])).expect_err("not kurnik notation");
        assert!(matches!(error, SuggestionError::Notation { index: 2, .. }), "{error}");
        // North from the centre, then south back along the same line.
        let error = position(&request(kind, &["0", "4"])).expect_err("a drawn line cannot be drawn again");
        assert!(matches!(error, SuggestionError::Illegal { index: 2, .. }), "{error}");
        let too_long = vec!["0"; MAX_ANALYSIS_ACTIONS + 1];
        assert!(matches!(position(&request(kind, &too_long)), Err(SuggestionError::TooLong)));
    }
}
