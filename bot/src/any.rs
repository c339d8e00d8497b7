//! The bot for a game of any kind, through the engine's [`AnyGame`]: actions in the game's notation, and each
//! kind with its own knowledge. A new kind is one line in [`play_any_turn`]'s match (the compiler asks for
//! it); with [`Generic`](crate::Generic) knowledge until it has its own.

use kartka_engine::{closing_in, dots, line_soccer, soccer, soccer_centre, xrsoccer, AnyGame, Game};

use crate::bot::{Bot, BotError, Evaluation, Stats, Turn};
use crate::closing_in::ClosingInEvaluation;
use crate::dots::DotsEvaluation;
use crate::evaluate::{Evaluate, Generic};
use crate::level::Level;
use crate::search::Deadline;
use crate::soccer::SoccerEvaluation;

/// A turn of any kind of game, in the game's notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnyTurn {
    /// Each action in the game's notation (one kurnik digit per step in Paper Soccer).
    pub actions: Vec<String>,
    /// What stands between two actions in one move text: the game's
    /// [`Game::ACTION_SEPARATOR`](kartka_engine::Game::ACTION_SEPARATOR) (a space in Dots).
    pub separator: &'static str,
    /// How the bot sees the game after the turn.
    pub evaluation: Evaluation,
    /// The work behind it.
    pub stats: Stats,
}

impl AnyTurn {
    /// The whole turn as one move text: the actions written together with the game's separator, as
    /// [`AnyGame::play`] reads them.
    #[must_use]
    pub fn text(&self) -> String {
        self.actions.join(self.separator)
    }
}

/// The turn a fresh bot of `level` plays in `game`, within `node_budget` nodes and before `deadline`. A server
/// that plays a whole game keeps a [`Bot`] of the game's kind instead, whose table outlives each turn.
pub fn play_any_turn(
    game: &AnyGame,
    level: Level,
    seed: u64,
    node_budget: u64,
    deadline: &dyn Deadline,
) -> Result<AnyTurn, BotError> {
    match game {
        AnyGame::PaperSoccer(position) => {
            play_turn_as_text::<soccer::Position, _>(position, SoccerEvaluation, level, seed, node_budget, deadline)
        }
        AnyGame::ClosingIn(position) => play_turn_as_text::<closing_in::Position, _>(
            position,
            ClosingInEvaluation,
            level,
            seed,
            node_budget,
            deadline,
        ),
        AnyGame::Dots(position) => {
            play_turn_as_text::<dots::Position, _>(position, DotsEvaluation, level, seed, node_budget, deadline)
        }
        AnyGame::LineSoccer(game) => {
            play_turn_as_text::<line_soccer::LineGame, _>(game, Generic, level, seed, node_budget, deadline)
        }
        AnyGame::RussianSoccer(game) => {
            play_turn_as_text::<line_soccer::RussianGame, _>(game, Generic, level, seed, node_budget, deadline)
        }
        AnyGame::PaperSoccerCentre(position) => {
            play_turn_as_text::<soccer_centre::Position, _>(position, Generic, level, seed, node_budget, deadline)
        }
        AnyGame::Xrsoccer(position) => {
            play_turn_as_text::<xrsoccer::Position, _>(position, Generic, level, seed, node_budget, deadline)
        }
    }
}

fn play_turn_as_text<G: Game + std::hash::Hash, E: Evaluate<G>>(
    game: &G,
    evaluator: E,
    level: Level,
    seed: u64,
    node_budget: u64,
    deadline: &dyn Deadline,
) -> Result<AnyTurn, BotError> {
    let Turn { actions, evaluation, stats } =
        Bot::new(evaluator, level, seed).play_turn(game, node_budget, deadline)?;
    let actions = actions
        .into_iter()
        .map(|action| {
            let mut text = String::new();
            G::write_action(action, &mut text);
            text
        })
        .collect();
    Ok(AnyTurn { actions, separator: G::ACTION_SEPARATOR, evaluation, stats })
}
