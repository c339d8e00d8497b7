//! [`AnyGame`]: the server's generic handle on a game of any kind, speaking each game's notation. Every
//! method hands the call to the game it holds through the registry's `dispatch!`; nothing here names a kind.
//! Code outside the engine does the same through [`GameVisitor`] and [`AnyGame::visit`].

use crate::game::{Game, NotationError, Progress, TimedWindow, TimeoutPolicy};
use crate::kinds::{dispatch, dispatch_kind, AnyGame, GameKind};
use crate::position_key::PositionKey;
use crate::{Disclosure, EndReason, Outcome, Seat, SeatSet};

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
    /// The seat is not one of the seats to act now.
    #[error("the {seat} seat is not to act now")]
    NotToAct {
        /// The seat that tried to act.
        seat: Seat,
    },
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
    /// An action is a point the rules forbid to the seat to act for the shape it would make (renju's
    /// forbidden points for Black, see [`Game::is_forbidden`]).
    #[error("action {at} is forbidden: {reason}")]
    Forbidden {
        /// Index of the forbidden action within the text.
        at: usize,
        /// The shape that forbids it.
        reason: String,
    },
}

/// Generic code over [`Game`] that [`AnyGame::visit`] runs on the game an [`AnyGame`] holds, as its concrete
/// type, whatever its kind: what the engine's own `dispatch!` does for [`AnyGame`]'s methods, for code outside
/// the engine (a search, a measurement tool) that would otherwise restate the registry's list of kinds.
pub trait GameVisitor {
    /// What visiting a game gives.
    type Output;

    /// Runs on `game`; compiled once per kind.
    fn visit<G: Game>(self, game: &G) -> Self::Output;
}

/// What playing a move text did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// How many actions the text held (all of them were applied).
    pub actions: usize,
    /// The state after the last action.
    pub progress: Progress,
}

impl GameKind {
    /// How many actions a move text of this kind holds (a run of three steps is three), without playing it.
    pub fn action_count(self, text: &str) -> Result<usize, NotationError> {
        dispatch_kind!(self, G => G::parse_actions(text).map(|actions| actions.len()))
    }

    /// Each action of a move text of this kind, in its canonical text, in order.
    pub fn split_actions(self, text: &str) -> Result<Vec<String>, NotationError> {
        dispatch_kind!(self, G => G::parse_actions(text)
            .map(|actions| actions.iter().map(|&action| write_actions::<G>(&[action])).collect()))
    }

    /// Whether some viewer of a game of this kind may not see all of it (see [`Game::HIDDEN_INFORMATION`]).
    #[must_use]
    pub fn hidden_information(self) -> bool {
        dispatch_kind!(self, G => G::HIDDEN_INFORMATION)
    }

    /// What stands between two actions written together as one move text (see [`Game::ACTION_SEPARATOR`]).
    #[must_use]
    pub fn action_separator(self) -> &'static str {
        dispatch_kind!(self, G => G::ACTION_SEPARATOR)
    }

    /// The canonical text of a move text of this kind: the same actions, written the way the game writes them.
    pub fn canonical_move(self, text: &str) -> Result<String, NotationError> {
        dispatch_kind!(self, G => G::parse_actions(text).map(|actions| write_actions::<G>(&actions)))
    }
}

impl AnyGame {
    /// The kind of this game.
    #[must_use]
    pub fn kind(&self) -> GameKind {
        self.ruleset().kind()
    }

    /// How many seats this game has (see [`Game::seat_count`]).
    #[must_use]
    pub fn seat_count(&self) -> usize {
        self.ruleset().seat_count()
    }

    /// The seat that must act next, or `None` when the game is over.
    #[must_use]
    pub fn to_act(&self) -> Option<Seat> {
        dispatch!(self, game => game.to_act())
    }

    /// The seats that may act now: one, several in a simultaneous phase, none once the game is over (see
    /// [`Game::seats_to_act`]).
    #[must_use]
    pub fn seats_to_act(&self) -> SeatSet {
        dispatch!(self, game => game.seats_to_act())
    }

    /// Whether the seat to act is in the middle of a turn.
    #[must_use]
    pub fn mid_turn(&self) -> bool {
        dispatch!(self, game => game.mid_turn())
    }

    /// Whether the seat to act faces a move of its own now (see [`Game::move_begins`]).
    #[must_use]
    pub fn move_begins(&self) -> bool {
        dispatch!(self, game => game.move_begins())
    }

    /// The outcome, once the game is over by its rules.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        dispatch!(self, game => game.outcome())
    }

    /// What happens when the seat to act runs out of time, as this game's rules say.
    #[must_use]
    pub fn timeout_policy(&self) -> TimeoutPolicy {
        dispatch!(self, game => game.timeout_policy())
    }

    /// Whether the move to come is the server's to draw for the seat to act (see [`Game::move_drawn_by_server`]).
    #[must_use]
    pub fn move_drawn_by_server(&self) -> bool {
        dispatch!(self, game => game.move_drawn_by_server())
    }

    /// The outcome of ending the game now by agreement, scored by its rules (see [`Game::agreed_end`]); `None`
    /// when the rules score no agreed end, or the game is over.
    #[must_use]
    pub fn agreed_end(&self) -> Option<Outcome> {
        dispatch!(self, game => game.agreed_end())
    }

    /// `seat` leaves before the end (see [`Game::seat_left`]): `None` when the kind does not play on, and the game
    /// is unchanged; otherwise what the departure did to the game, which plays on without that seat.
    pub fn seat_left(&mut self, seat: Seat, reason: EndReason) -> Option<Progress> {
        dispatch!(self, game => game.seat_left(seat, reason))
    }

    /// The timed window the game is in now (see [`Game::timed_window`]), its closing action in the game's
    /// notation.
    #[must_use]
    pub fn timed_window(&self) -> Option<TimedWindow<String>> {
        dispatch!(self, game => window_text(game))
    }

    /// Plays a run of actions in the game's notation: a whole turn or part of one, never more than the rest
    /// of the current turn. All or nothing: on error the game is unchanged.
    pub fn play(&mut self, text: &str) -> Result<Played, MoveError> {
        dispatch!(self, game => play_text(game, text))
    }

    /// Plays a run of actions in the game's notation for `seat`, one of the seats to act (in a simultaneous
    /// phase, any of them): a whole turn or part of one, never more than the rest of the seat's turn. All or
    /// nothing: on error the game is unchanged. Besides what [`AnyGame::play`] answers, says what the move
    /// discloses to whom (see [`Game::disclose`]): `None` when it is public as written.
    pub fn play_as(&mut self, seat: Seat, text: &str) -> Result<(Played, Option<Disclosure>), MoveError> {
        dispatch!(self, game => play_text_as(game, seat, text))
    }

    /// A legal action chosen by `choice` (see [`Game::pick_legal_action`]), in the game's notation.
    #[must_use]
    pub fn pick_legal_action(&self, choice: u64) -> Option<String> {
        dispatch!(self, game => pick_text(game, choice))
    }

    /// For `seat`, one of the seats to act, a legal action chosen by `choice` (see
    /// [`Game::pick_legal_action_as`]), in the game's notation; `None` for a seat not to act.
    #[must_use]
    pub fn pick_legal_action_as(&self, seat: Seat, choice: u64) -> Option<String> {
        if !self.seats_to_act().contains(seat) {
            return None;
        }
        dispatch!(self, game => pick_text_as(game, seat, choice))
    }

    /// The position's canonical bytes: the kind's stable name, then what its [`Game::write_key`] writes. Equal
    /// for every way of reaching a position that plays alike, and the same in every version of the engine.
    #[must_use]
    pub fn position_key(&self) -> Vec<u8> {
        let mut key = PositionKey::new();
        key.tag(self.kind().name());
        dispatch!(self, game => game.write_key(&mut key));
        key.as_bytes().to_vec()
    }

    /// Every action legal now, each in the game's notation, in the game's fixed order.
    #[must_use]
    pub fn legal_actions(&self) -> Vec<String> {
        dispatch!(self, game => legal_texts(game))
    }
}

/// `actions` as one move text in `G`'s notation, joined by [`Game::ACTION_SEPARATOR`], as [`AnyGame::play`]
/// reads it.
#[must_use]
pub fn write_actions<G: Game>(actions: &[G::Action]) -> String {
    let mut text = String::new();
    for (index, &action) in actions.iter().enumerate() {
        if index > 0 {
            text.push_str(G::ACTION_SEPARATOR);
        }
        G::write_action(action, &mut text);
    }
    text
}

fn window_text<G: Game>(game: &G) -> Option<TimedWindow<String>> {
    game.timed_window()
        .map(|window| TimedWindow { seconds: window.seconds, closing: write_actions::<G>(&[window.closing]) })
}

fn pick_text<G: Game>(game: &G, choice: u64) -> Option<String> {
    game.pick_legal_action(choice).map(|action| write_actions::<G>(&[action]))
}

fn pick_text_as<G: Game>(game: &G, seat: Seat, choice: u64) -> Option<String> {
    game.pick_legal_action_as(seat, choice).map(|action| write_actions::<G>(&[action]))
}

fn legal_texts<G: Game>(game: &G) -> Vec<String> {
    let mut texts = Vec::new();
    game.for_each_legal_action(|action| texts.push(write_actions::<G>(&[action])));
    texts
}

/// Plays `text` for the seat to act (see [`play_text_as`]).
fn play_text<G: Game>(game: &mut G, text: &str) -> Result<Played, MoveError> {
    let seat = game.to_act().ok_or(MoveError::GameOver)?;
    play_text_as(game, seat, text).map(|(played, _)| played)
}

/// Applies every action of `text` for `seat` to a copy of `game`, and keeps the copy only if all were legal and
/// none went past the end of the seat's turn.
fn play_text_as<G: Game>(game: &mut G, seat: Seat, text: &str) -> Result<(Played, Option<Disclosure>), MoveError> {
    let actions = G::parse_actions(text)?;
    if actions.is_empty() {
        return Err(MoveError::Empty);
    }
    let to_act = game.seats_to_act();
    if to_act.is_empty() {
        return Err(MoveError::GameOver);
    }
    if !to_act.contains(seat) {
        return Err(MoveError::NotToAct { seat });
    }
    let mut next = game.clone();
    let mut progress = Progress::TurnContinues;
    for (at, &action) in actions.iter().enumerate() {
        if progress != Progress::TurnContinues {
            return Err(MoveError::PastTurnEnd { at });
        }
        progress = next.apply_as(seat, action).map_err(|illegal| {
            let reason = illegal.to_string();
            if G::is_forbidden(&illegal) {
                MoveError::Forbidden { at, reason }
            } else {
                MoveError::Illegal { at, reason }
            }
        })?;
    }
    let disclosure = game.disclose(seat, &actions, &next);
    *game = next;
    Ok((Played { actions: actions.len(), progress }, disclosure))
}
