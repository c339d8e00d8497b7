//! Game kinds handled generically: the server holds an [`AnyGame`] and speaks each game's notation.

use std::fmt;

use crate::game::{Game, NotationError, Progress};
use crate::outcome::{Outcome, Seat};
use crate::soccer::{self, SoccerRules};

/// The kinds of game kartka knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// Paper Soccer (Piłkarzyki).
    PaperSoccer,
}

impl GameKind {
    /// The stable name used on the wire and in storage.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::PaperSoccer => "paper-soccer",
        }
    }

    /// The kind with a stable name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<GameKind> {
        match name {
            "paper-soccer" => Some(GameKind::PaperSoccer),
            _ => None,
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The rules of one game of any kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ruleset {
    /// Paper Soccer with its pitch.
    PaperSoccer(SoccerRules),
}

impl Ruleset {
    /// The kind of game these rules are for.
    #[must_use]
    pub const fn kind(&self) -> GameKind {
        match self {
            Ruleset::PaperSoccer(_) => GameKind::PaperSoccer,
        }
    }
}

/// Why a move text was refused. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not in the game's notation.
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// The text holds no action.
    #[error("the move is empty")]
    Empty,
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The text goes on after the turn ended; the next actions belong to the opponent.
    #[error("the move goes on after the turn ended (at action {at})")]
    PastTurnEnd {
        /// Index of the first action after the end of the turn.
        at: usize,
    },
    /// An action is illegal.
    #[error("action {at} is illegal: {reason}")]
    Illegal {
        /// Index of the illegal action within the text.
        at: usize,
        /// Why the engine refused it.
        reason: String,
    },
}

/// What playing a move text did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// How many actions the text held (all of them were applied).
    pub actions: usize,
    /// The state after the last action.
    pub progress: Progress,
}

/// A game of any kind, with the interface the server needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyGame {
    /// A Paper Soccer game.
    PaperSoccer(soccer::Position),
}

impl AnyGame {
    /// The start position for `ruleset`.
    #[must_use]
    pub fn new(ruleset: &Ruleset) -> AnyGame {
        match ruleset {
            Ruleset::PaperSoccer(rules) => AnyGame::PaperSoccer(soccer::Position::new(rules.pitch)),
        }
    }

    /// The kind of this game.
    #[must_use]
    pub fn kind(&self) -> GameKind {
        self.ruleset().kind()
    }

    /// The rules this game is played by.
    #[must_use]
    pub fn ruleset(&self) -> Ruleset {
        match self {
            AnyGame::PaperSoccer(position) => Ruleset::PaperSoccer(position.rules()),
        }
    }

    /// The seat that must act next, or `None` when the game is over.
    #[must_use]
    pub fn to_act(&self) -> Option<Seat> {
        match self {
            AnyGame::PaperSoccer(position) => position.to_act(),
        }
    }

    /// Whether the seat to act is in the middle of a turn.
    #[must_use]
    pub fn mid_turn(&self) -> bool {
        match self {
            AnyGame::PaperSoccer(position) => position.mid_turn(),
        }
    }

    /// The outcome, once the game is over by its rules.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        match self {
            AnyGame::PaperSoccer(position) => Game::outcome(position),
        }
    }

    /// Plays a run of actions in the game's notation: a whole turn or part of one, never more than the rest
    /// of the current turn. All or nothing: on error the game is unchanged.
    pub fn play(&mut self, text: &str) -> Result<Played, MoveError> {
        match self {
            AnyGame::PaperSoccer(position) => play_text(position, text),
        }
    }

    /// A legal action chosen by `choice` (see [`Game::pick_legal_action`]), in the game's notation.
    #[must_use]
    pub fn pick_legal_action(&self, choice: u64) -> Option<String> {
        match self {
            AnyGame::PaperSoccer(position) => position.pick_legal_action(choice).map(notation_of::<soccer::Position>),
        }
    }

    /// The Paper Soccer position, if this is a Paper Soccer game.
    #[must_use]
    pub fn as_paper_soccer(&self) -> Option<&soccer::Position> {
        match self {
            AnyGame::PaperSoccer(position) => Some(position),
        }
    }
}

fn notation_of<G: Game>(action: G::Action) -> String {
    let mut text = String::new();
    G::write_action(action, &mut text);
    text
}

/// Applies every action of `text` to a copy of `game`, and keeps the copy only if all were legal and none
/// went past the end of the turn.
fn play_text<G: Game>(game: &mut G, text: &str) -> Result<Played, MoveError> {
    let actions = G::parse_actions(text)?;
    if actions.is_empty() {
        return Err(MoveError::Empty);
    }
    if game.to_act().is_none() {
        return Err(MoveError::GameOver);
    }
    let mut next = game.clone();
    let mut progress = Progress::TurnContinues;
    for (at, &action) in actions.iter().enumerate() {
        if progress != Progress::TurnContinues {
            return Err(MoveError::PastTurnEnd { at });
        }
        progress = next.apply(action).map_err(|illegal| MoveError::Illegal { at, reason: illegal.to_string() })?;
    }
    *game = next;
    Ok(Played { actions: actions.len(), progress })
}
