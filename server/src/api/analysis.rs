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
use crate::games::convert;
use crate::games::kinds::{self, RulesetError};
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
    Ruleset(RulesetError),
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
    /// A departure is not one the game can have at its ply: not a departure's reason, a seat the game lacks or
    /// that left already, a ply past the moves, or a kind that does not play on.
    #[error("departure {index} cannot happen there: {reason}")]
    Departure {
        /// The departure's place in the list, from 1.
        index: usize,
        /// Why.
        reason: &'static str,
    },
    /// The game is over before the last move, or after it: no side acts.
    #[error("the game is over: no side is to act")]
    GameOver,
    /// The game's kind keeps secrets: analysis is off for it (a position of such a game is a seat's view, which
    /// the board cannot set up, and the whole game would give the secrets away).
    #[error("analysis is off for a game with secrets")]
    HiddenInformation,
}

impl From<SuggestionError> for ApiError {
    fn from(error: SuggestionError) -> ApiError {
        let code = match &error {
            SuggestionError::Ruleset(error) => error.code(),
            SuggestionError::TooLong | SuggestionError::Departure { .. } => ErrorCode::InvalidRequest,
            SuggestionError::Notation { .. } => ErrorCode::BadNotation,
            SuggestionError::Illegal { .. } => ErrorCode::IllegalMove,
            SuggestionError::GameOver => ErrorCode::GameOver,
            SuggestionError::HiddenInformation => ErrorCode::UnsupportedByRules,
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

/// The game the request describes: its ruleset, validated, with every move played in order and every departure
/// at its ply among them.
fn position(request: &SuggestionRequest) -> Result<AnyGame, SuggestionError> {
    let ruleset = kinds::ruleset(&request.ruleset).map_err(SuggestionError::Ruleset)?;
    if ruleset.kind().hidden_information() {
        return Err(SuggestionError::HiddenInformation);
    }
    if request.moves.len() > MAX_ANALYSIS_ACTIONS {
        return Err(SuggestionError::TooLong);
    }
    let mut game = AnyGame::new(&ruleset);
    let mut departures = request.departed.iter().enumerate().peekable();
    let mut ply = 0;
    let mut leave = |game: &mut AnyGame, ply: u32, last: bool| -> Result<(), SuggestionError> {
        while let Some((at, left)) = departures.next_if(|(_, left)| left.ply <= ply || last) {
            let refused = |reason| SuggestionError::Departure { index: at + 1, reason };
            if left.ply != ply {
                return Err(refused("its ply is not the place of a move"));
            }
            let reason = convert::departure_reason(left.reason).ok_or_else(|| refused("not a departure's reason"))?;
            let seat = convert::seat(left.seat);
            if seat.index() >= game.seat_count() {
                return Err(refused("the game has no such seat"));
            }
            game.seat_left(seat, reason).ok_or_else(|| refused("the seat cannot leave a game that plays on there"))?;
        }
        Ok(())
    };
    for (at, text) in request.moves.iter().enumerate() {
        leave(&mut game, ply, false)?;
        let (index, text) = (at + 1, text.clone());
        let played = game.play(&text).map_err(|error| match error {
            MoveError::GameOver => SuggestionError::GameOver,
            MoveError::Notation(_) | MoveError::Empty => {
                SuggestionError::Notation { index, text, reason: error.to_string() }
            }
            MoveError::NotToAct { .. }
            | MoveError::PastTurnEnd { .. }
            | MoveError::Illegal { .. }
            | MoveError::Forbidden { .. } => SuggestionError::Illegal { index, text, reason: error.to_string() },
        })?;
        ply += played.actions as u32;
    }
    leave(&mut game, ply, true)?;
    Ok(game)
}

/// The bot's turn in `game` at the fixed node budget.
fn suggest(game: &AnyGame) -> Result<Suggestion, SuggestionError> {
    let level = Level::new(SUGGESTION_LEVEL).expect("a level of the bot");
    let turn = play_any_turn(game, level, 0, SUGGESTION_NODES, &NoDeadline).map_err(|error| match error {
        // A kind whose rules leave a live seat without an action would be broken; either way none can act.
        BotError::GameOver | BotError::NoLegalAction => SuggestionError::GameOver,
        BotError::HiddenInformation => SuggestionError::HiddenInformation,
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
            departed: Vec::new(),
        }
    }

    #[test]
    fn a_departure_is_applied_at_its_ply_and_an_impossible_one_is_refused() {
        use kartka_protocol::kinds::dots_and_boxes::DotsAndBoxesOptions;
        use kartka_protocol::{Departure, EndReasonName, RulesetSpec, SeatName};
        let three = RulesetSpec::DotsAndBoxes(DotsAndBoxesOptions { rows: 2, cols: 2, players: 3 });
        let mut game = AnyGame::new(&kinds::ruleset(&three).expect("a valid ruleset"));
        let first = game.legal_actions().swap_remove(0);
        game.play(&first).expect("a legal edge");
        let second = game.legal_actions().swap_remove(0);
        let left = |seat, ply, reason| Departure { seat, ply, reason };
        let asked = |departed: Vec<Departure>| SuggestionRequest {
            ruleset: three,
            moves: vec![first.clone(), second.clone()],
            departed,
        };
        let to_act = |departed| position(&asked(departed)).map(|game| game.to_act().map(|seat| seat.index()));
        assert_eq!(to_act(Vec::new()).expect("plays"), Some(2), "no box yet: the third seat is next");
        let third_resigned = left(SeatName::Third, 1, EndReasonName::Resignation);
        assert_eq!(to_act(vec![third_resigned]).expect("plays"), Some(0), "the third seat that left is passed by");
        let refused = [
            left(SeatName::Third, 1, EndReasonName::Goal),
            left(SeatName::Fourth, 1, EndReasonName::Time),
            left(SeatName::Third, 3, EndReasonName::Time),
        ];
        for departure in refused {
            let error = position(&asked(vec![departure])).expect_err("no such departure");
            assert!(matches!(error, SuggestionError::Departure { index: 1, .. }), "{departure:?}: {error}");
        }
        let twice = vec![third_resigned, left(SeatName::Third, 2, EndReasonName::Time)];
        assert!(matches!(position(&asked(twice)), Err(SuggestionError::Departure { index: 2, .. })));
        let soccer = SuggestionRequest {
            departed: vec![left(SeatName::First, 0, EndReasonName::Resignation)],
            ..request(GameKind::PaperSoccer, &[])
        };
        assert!(matches!(position(&soccer), Err(SuggestionError::Departure { .. })), "a game of two does not play on");
    }

    /// Every kind without secrets gets a turn; a kind with secrets is refused, analysis being off for it.
    #[test]
    fn every_kind_gets_a_legal_turn_for_the_side_to_act() {
        for &kind in GameKind::ALL {
            if kind.hidden_information() {
                let refused = position(&request(kind, &[])).map(|game| game.kind());
                assert!(matches!(refused, Err(SuggestionError::HiddenInformation)), "{kind}: analysis is off");
                continue;
            }
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
