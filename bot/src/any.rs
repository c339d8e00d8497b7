//! The bot for a game of any kind, through the engine's [`AnyGame`]: actions in the game's notation, and each
//! kind with its own knowledge.
//!
//! What needs no knowledge of a kind goes through the engine's [`GameVisitor`]: the search itself, and a bot
//! that evaluates with [`Generic`] for measurement. Which evaluation belongs to which kind is the bot's own
//! knowledge, which the engine's registry cannot hold, so it stays one match naming the kinds, in
//! [`play_any_turn_configured`], each arm only pairing a game with its evaluation. A new kind is one line there
//! (the compiler asks for it); with [`Generic`] until it has its own.

use kartka_engine::soccer::Position as SoccerPosition;
use kartka_engine::{write_actions, AnyGame, Game, GameVisitor};

use crate::balda::strongest_move;
use crate::barriers::BarriersEvaluation;
use crate::bot::{Bot, BotError, Evaluation, Stats, Turn};
use crate::closing_in::ClosingInEvaluation;
use crate::digital_wars::DigitalWarsEvaluation;
use crate::dots::DotsEvaluation;
use crate::dots_and_boxes::{DotsAndBoxesEvaluation, Paranoid, ParanoidEvaluation};
use crate::evaluate::{Evaluate, Generic};
use crate::five_in_a_row::FiveInARowEvaluation;
use crate::level::Level;
use crate::line_soccer::LineSoccerEvaluation;
use crate::points_and_segments::PointsAndSegmentsEvaluation;
use crate::racetrack::{race_move_visiting, RACE_BUDGET};
use crate::russian_soccer::RussianSoccerEvaluation;
use crate::search::{Deadline, SearchOptions};
use crate::soccer::SoccerEvaluation;
use crate::soccer_centre::SoccerCentreEvaluation;
use crate::soccer_net::OutsideJudgement;
use crate::soccer_net::{Network, SoccerNetEvaluation};
use crate::soccer_turns::{self, Backup};
use crate::superghost::superghost_action_weighing;
use crate::xrsoccer::XrsoccerEvaluation;

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
/// that plays a whole game keeps a [`Bot`] of the game's kind instead, whose table outlives each turn. A game
/// with secrets is refused ([`BotError::HiddenInformation`]): its bot plays from a seat's view
/// ([`SeatView`](crate::SeatView)).
pub fn play_any_turn(
    game: &AnyGame,
    level: Level,
    seed: u64,
    node_budget: u64,
    deadline: &dyn Deadline,
) -> Result<AnyTurn, BotError> {
    play_any_turn_configured(game, level, seed, node_budget, deadline, Configuration::default())
}

/// How a bot is put together, for measuring one part against another (`kartka-bot-lab ladder --pit`): the
/// default is the bot as it always plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Configuration {
    /// Evaluate with [`Generic`] (mobility) instead of the kind's own evaluation.
    pub generic: bool,
    /// The search's improvements.
    pub search: SearchOptions,
    /// Five in a row's threat-space search as it was before threes and defence: the bot's own chains of fours
    /// only ([`FiveInARowEvaluation::four_chains_only`]).
    pub four_chains_only: bool,
    /// Which evaluation judges Paper Soccer.
    pub soccer: SoccerJudgement,
    /// Which search plays classic Paper Soccer.
    pub soccer_search: SoccerSearch,
}

/// The searches that can play classic Paper Soccer, for measuring one against the other.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SoccerSearch {
    /// How the bot plays: the search over whole turns with UCT at level 8, which beat the step search in 38
    /// of 40 games at 300 ms a turn (docs/bot.md, "A search over whole turns"); the step search below, whose
    /// node caps and measured ladder are the step search's.
    #[default]
    ByLevel,
    /// Alpha-beta over single steps (`search.rs`), the turn played along the first step's line, at every level.
    Steps,
    /// The search over whole turns ([`soccer_turns`](crate::soccer_turns)) with this backup rule, from level 6
    /// up (the levels that play their best action); lower levels keep the step search, whose softmax is how
    /// they err.
    Turns(Backup),
}

/// The evaluations of Paper Soccer the bot can play with, for measuring one against another.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SoccerJudgement {
    /// The learned evaluation ([`SoccerNetEvaluation`]): how the bot plays.
    #[default]
    Network,
    /// The hand-written evaluation that sees the drawn lines ([`SoccerEvaluation::WITH_DRAWN_LINES`]), the
    /// bot's before the network.
    HandWritten,
    /// The hand-written evaluation blind to the drawn lines, as before issue #40 ([`SoccerEvaluation::ROWS_ONLY`]).
    RowsOnly,
    /// The learned evaluation with other weights than the embedded ones (`kartka-bot-lab --network`), to
    /// measure a newly trained network against the bot's.
    Loaded(LoadedNetwork),
    /// An evaluation from outside the bot (`kartka-bot-lab --judge-engine`: another engine's network asked
    /// through a pipe), to measure the search apart from the judgement it starts from.
    Outside(OutsideJudgement),
}

/// Weights of the learned evaluation loaded at run time, kept for the life of the program. Two are the same
/// judgement when they are the same loaded copy.
#[derive(Clone, Copy, Debug)]
pub struct LoadedNetwork(pub &'static Network);

impl PartialEq for LoadedNetwork {
    fn eq(&self, other: &LoadedNetwork) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for LoadedNetwork {}

impl std::hash::Hash for LoadedNetwork {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        std::ptr::hash(self.0, state);
    }
}

/// [`play_any_turn`] by a bot put together as `configuration` says.
pub fn play_any_turn_configured(
    game: &AnyGame,
    level: Level,
    seed: u64,
    node_budget: u64,
    deadline: &dyn Deadline,
    configuration: Configuration,
) -> Result<AnyTurn, BotError> {
    let play = Player { level, seed, node_budget, deadline, configuration };
    if game.kind().hidden_information() {
        return Err(BotError::HiddenInformation);
    }
    if configuration.generic {
        return game.visit(play);
    }
    match game {
        AnyGame::PaperSoccer(position) => match configuration.soccer {
            SoccerJudgement::Network => play.soccer_turn(position, SoccerNetEvaluation::embedded()),
            SoccerJudgement::HandWritten => play.soccer_turn(position, SoccerEvaluation::WITH_DRAWN_LINES),
            SoccerJudgement::RowsOnly => play.soccer_turn(position, SoccerEvaluation::ROWS_ONLY),
            SoccerJudgement::Loaded(LoadedNetwork(network)) => {
                play.soccer_turn(position, SoccerNetEvaluation::with(network))
            }
            SoccerJudgement::Outside(judgement) => play.soccer_turn(position, judgement),
        },
        AnyGame::ClosingIn(position) => play.turn(position, ClosingInEvaluation),
        AnyGame::Dots(position) => play.turn(position, DotsEvaluation),
        AnyGame::LineSoccer(game) => play.turn(game, LineSoccerEvaluation),
        AnyGame::RussianSoccer(game) => play.turn(game, RussianSoccerEvaluation),
        AnyGame::PaperSoccerCentre(position) => play.turn(position, SoccerCentreEvaluation),
        AnyGame::Xrsoccer(position) => play.turn(position, XrsoccerEvaluation),
        AnyGame::FiveInARow(position) if configuration.four_chains_only => {
            play.turn(position, FiveInARowEvaluation::four_chains_only())
        }
        AnyGame::FiveInARow(position) => play.turn(position, FiveInARowEvaluation::default()),
        AnyGame::DotsAndBoxes(position) if position.rules().players() == 2 => {
            play.turn(position, DotsAndBoxesEvaluation)
        }
        AnyGame::DotsAndBoxes(position) => {
            let view = Paranoid::of(position).ok_or(BotError::GameOver)?;
            play.turn(&view, ParanoidEvaluation)
        }
        AnyGame::SeaBattle(_) | AnyGame::BullsAndCows(_) | AnyGame::Gallows(_) => Err(BotError::HiddenInformation),
        AnyGame::Barriers(position) => play.turn(position, BarriersEvaluation),
        AnyGame::DigitalWars(position) => play.turn(position, DigitalWarsEvaluation),
        AnyGame::PointsAndSegments(position) => play.turn(position, PointsAndSegmentsEvaluation),
        AnyGame::Racetrack(race) => race_turn(race),
        AnyGame::Balda(game) => balda_turn(game),
        AnyGame::Superghost(game) => superghost_turn(game, seed),
    }
}

/// Superghost's turn: a challenge of a bluff, else a letter that keeps a word possible (no adversarial search, see
/// [`superghost_action_weighing`]), at every level, drawn by `seed`; its nodes are the fragments it looked up.
fn superghost_turn(game: &kartka_engine::superghost::Position, seed: u64) -> Result<AnyTurn, BotError> {
    let (action, looked_up) = superghost_action_weighing(game, seed).ok_or(BotError::GameOver)?;
    Ok(AnyTurn {
        actions: vec![write_actions::<kartka_engine::superghost::Position>(&[action])],
        separator: kartka_engine::superghost::Position::ACTION_SEPARATOR,
        // The player keeps words possible rather than weighing the others' replies: it has no score to report.
        evaluation: Evaluation::Score(0),
        stats: Stats { nodes: looked_up, ..Stats::default() },
    })
}

/// Balda's turn: the longest word the dictionary allows (no adversarial search, see [`strongest_move`]), at every
/// level; its nodes are the placements the walk met, its evaluation the word's points.
fn balda_turn(game: &kartka_engine::balda::Position) -> Result<AnyTurn, BotError> {
    let (action, met) = strongest_move(game).ok_or(BotError::GameOver)?;
    let points = match action {
        kartka_engine::balda::Move::Place(placement) => placement.path.len() as i32,
        kartka_engine::balda::Move::Pass => 0,
    };
    Ok(AnyTurn {
        actions: vec![write_actions::<kartka_engine::balda::Position>(&[action])],
        separator: kartka_engine::balda::Position::ACTION_SEPARATOR,
        evaluation: Evaluation::Score(points),
        stats: Stats { nodes: met, ..Stats::default() },
    })
}

/// Racetrack's turn: the racer's move (no adversarial search: the fewest moves to the finish, see
/// [`race_move_visiting`]), at every level; its nodes are the car states the racer's search visited.
fn race_turn(race: &kartka_engine::racetrack::Position) -> Result<AnyTurn, BotError> {
    let (action, visited) = race_move_visiting(race, RACE_BUDGET).ok_or(BotError::GameOver)?;
    Ok(AnyTurn {
        actions: vec![write_actions::<kartka_engine::racetrack::Position>(&[action])],
        separator: kartka_engine::racetrack::Position::ACTION_SEPARATOR,
        // The racer follows a line rather than weighing the others' replies: it has no score to report.
        evaluation: Evaluation::Score(0),
        stats: Stats { nodes: visited, ..Stats::default() },
    })
}

/// Everything of one turn but the game and its kind's knowledge.
struct Player<'a> {
    level: Level,
    seed: u64,
    node_budget: u64,
    deadline: &'a dyn Deadline,
    configuration: Configuration,
}

impl Player<'_> {
    /// The turn in `game`, evaluated by `evaluator`.
    fn turn<G: Game, E: Evaluate<G>>(&self, game: &G, evaluator: E) -> Result<AnyTurn, BotError> {
        let Turn { actions, evaluation, stats } = Bot::new(evaluator, self.level, self.seed)
            .with_options(self.configuration.search)
            .play_turn(game, self.node_budget, self.deadline)?;
        let actions = actions.iter().map(|&action| write_actions::<G>(&[action])).collect();
        Ok(AnyTurn { actions, separator: G::ACTION_SEPARATOR, evaluation, stats })
    }

    /// The turn in classic Paper Soccer, evaluated by `evaluator`, by the search the configuration names.
    fn soccer_turn<E: Evaluate<SoccerPosition>>(
        &self,
        position: &SoccerPosition,
        evaluator: E,
    ) -> Result<AnyTurn, BotError> {
        let backup = match self.configuration.soccer_search {
            SoccerSearch::ByLevel if self.level == Level::STRONGEST => Backup::STRONGEST,
            SoccerSearch::Turns(backup) if self.level.temperature() == 0 => backup,
            _ => return self.turn(position, evaluator),
        };
        let budget = self.level.node_cap().map_or(self.node_budget, |cap| cap.min(self.node_budget));
        let Turn { actions, evaluation, stats } =
            soccer_turns::play_turn(position, &evaluator, backup, budget, self.deadline)?;
        let actions = actions.iter().map(|&action| write_actions::<SoccerPosition>(&[action])).collect();
        Ok(AnyTurn { actions, separator: SoccerPosition::ACTION_SEPARATOR, evaluation, stats })
    }
}

/// The turn with [`Generic`] knowledge, in a game of whatever kind.
impl GameVisitor for Player<'_> {
    type Output = Result<AnyTurn, BotError>;

    fn visit<G: Game>(self, game: &G) -> Self::Output {
        self.turn(game, Generic)
    }
}
