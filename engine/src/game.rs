//! The interface every game kind implements.

use std::fmt::Debug;

use crate::position_key::PositionKey;
use crate::{Disclosure, EndReason, Outcome, Seat, SeatSet};

/// What applying one legal action did to the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// The same seat must act again (after a bounce, or an extra move a capture earns).
    TurnContinues,
    /// The turn is over; [`Game::to_act`] tells who acts next.
    TurnEnded,
    /// The game is over by its rules.
    GameOver(Outcome),
}

/// What the server must do when a seat's time runs out, as the rules of the game decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeoutPolicy {
    /// The player out of time loses.
    Loss,
    /// A random legal action is played for the player and logged as an ordinary move.
    RandomAction,
}

/// A phase of the game with a time limit of its own, in which the main clocks stand still: the seat to act may
/// act until the window's time is up, and then the server plays `closing` for it (Dots' STOP window, rules 7.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimedWindow<A> {
    /// How long the window lasts from the action that opened it.
    pub seconds: u32,
    /// The action that closes the window, played for the seat to act when the time is up.
    pub closing: A,
}

/// The interface every game kind implements: create from a ruleset, whose turn, check and apply an action,
/// the outcome, legal actions, and the game's notation.
///
/// An *action* is the smallest unit a player submits and the engine validates: one step of a ball, one move
/// of a marker, one dot. A *turn* is the actions of one seat until another seat acts; whose turn it is always comes from the state ([`Game::to_act`]), never from alternation.
///
/// Implementations keep [`Game::check`] and [`Game::apply`] free of allocation, and [`Game::apply`] leaves
/// the state unchanged when it returns an error. A game hashes its state (derived in every kind): searches key
/// their transposition tables by it, through [`AnyGame::visit`](crate::AnyGame::visit) as well.
pub trait Game: Clone + Debug + std::hash::Hash + Send + Sync + 'static {
    /// Typed, validated options of one game (pitch size, variant switches). Part of a pairing pool's key; its
    /// `Default` is the rules a game of this kind is played by when nothing else is chosen.
    type Rules: Copy + Debug + Default + PartialEq + Eq + std::hash::Hash + Send + Sync + 'static;
    /// The smallest unit a player submits.
    type Action: Copy + Debug + PartialEq + Eq + Send + Sync + 'static;
    /// Why an action is illegal.
    type Illegal: std::error::Error + Clone + PartialEq + Eq + Send + Sync + 'static;

    /// The start position of a game with these rules.
    fn new(rules: &Self::Rules) -> Self;

    /// The rules this game is played by.
    fn rules(&self) -> Self::Rules;

    /// How many seats a game with these rules has: from 2 to [`Seat::MAX_SEATS`]. Seats are the indices below
    /// it; every per-seat value of the game ([`Outcome::ranks`], scores) has this many entries.
    fn seat_count(rules: &Self::Rules) -> usize;

    /// The seat that must act next, or `None` when the game is over.
    fn to_act(&self) -> Option<Seat>;

    /// The seats that may act now. By default the one seat of [`Game::to_act`]. A kind with a simultaneous phase
    /// (both fleets placed at once, a round of guesses) names every seat still to submit, each once, and its
    /// [`Game::to_act`] names the lowest of them; once the game is over the set is empty.
    fn seats_to_act(&self) -> SeatSet {
        self.to_act().into()
    }

    /// Whether `seat`, one of [`Game::seats_to_act`], may play `action` now, and if not, why. By default the
    /// seat is the one to act and this is [`Game::check`]; a kind with simultaneous phases overrides it.
    fn check_as(&self, _seat: Seat, action: Self::Action) -> Result<(), Self::Illegal> {
        self.check(action)
    }

    /// Plays `action` for `seat`, one of [`Game::seats_to_act`]. On error the game is unchanged. By default the
    /// seat is the one to act and this is [`Game::apply`]; a kind with simultaneous phases overrides it (and its
    /// [`Game::apply`] plays for [`Game::to_act`]).
    fn apply_as(&mut self, _seat: Seat, action: Self::Action) -> Result<Progress, Self::Illegal> {
        self.apply(action)
    }

    /// Whether some viewer may not see all of the game: a kind with secrets (a fleet, a secret number) says so,
    /// and the server then serves every viewer its projection of each move (see [`Game::disclose`]) and keeps
    /// analysis and the opening explorer off.
    const HIDDEN_INFORMATION: bool = false;

    /// What the move `actions`, just played by `mover` from this position to `after`, discloses to whom (see
    /// [`Disclosure`]). `None`, the default and the answer of most kinds of perfect information, means the move
    /// is public as written. A kind with secrets answers for every move, and so does a kind whose public text
    /// adds what a viewer cannot compute (Superghost's verdicts of its word list).
    fn disclose(&self, _mover: Seat, _actions: &[Self::Action], _after: &Self) -> Option<Disclosure> {
        None
    }

    /// Whether the seat to act is in the middle of a turn it has already begun.
    fn mid_turn(&self) -> bool;

    /// Whether the seat to act faces a move of its own now: a per-move clock starts a fresh move time then
    /// (Dots rules §9.2). By default at the start of every turn; a kind whose turn holds several moves (Dots'
    /// extra move after a capture) says so.
    fn move_begins(&self) -> bool {
        !self.mid_turn()
    }

    /// The outcome, once the game is over by its rules.
    fn outcome(&self) -> Option<Outcome>;

    /// Whether `action` may be played now, and if not, why.
    fn check(&self, action: Self::Action) -> Result<(), Self::Illegal>;

    /// Plays `action`. On error the game is unchanged.
    fn apply(&mut self, action: Self::Action) -> Result<Progress, Self::Illegal>;

    /// Calls `visit` with every action that is legal now, in a fixed order. A phase whose actions are too many
    /// to list (Sea Battle's setup: every legal fleet) lists none, though its seats to act have legal actions:
    /// code that needs one there draws it with [`Game::pick_legal_action_as`], which answers for every seat to
    /// act of every phase. An empty list therefore does not mean the seat is stuck; only the game's
    /// [`Game::seats_to_act`] and [`Game::outcome`] say whether anyone may act.
    fn for_each_legal_action(&self, visit: impl FnMut(Self::Action));

    /// What happens when the seat to act runs out of time.
    fn timeout_policy(&self) -> TimeoutPolicy {
        TimeoutPolicy::Loss
    }

    /// Whether the move to come is the server's to play for the seat to act, not its player's: a hidden setup
    /// drawn from the server's own randomness with [`Game::pick_legal_action_as`], which nothing public (the
    /// ruleset, the game id) may determine, and which the server commits to like a player's secret (Gallows'
    /// `word: server`). The server refuses that move from the seat's player. False by default.
    fn move_drawn_by_server(&self) -> bool {
        false
    }

    /// The timed window the game is in now, if any (see [`TimedWindow`]). None by default.
    fn timed_window(&self) -> Option<TimedWindow<Self::Action>> {
        None
    }

    /// The outcome of ending the game now because both players agree to, scored by the game's rules (Dots
    /// rule 8.1: counts plus deferred territory, 6.5), with [`EndReason::Agreement`](crate::EndReason) as its
    /// reason. `None` when the rules score no agreed end (by default: players of such a game may still agree a
    /// draw), and once the game is over.
    fn agreed_end(&self) -> Option<Outcome> {
        None
    }

    /// `seat` leaves before the end (it resigned, ran out of time or abandoned the game; `reason` says which),
    /// and the game goes on without it if the kind plays on. `None`, the default, means the kind does not play
    /// on: the server ends the game with that seat last. A kind that plays on answers what the departure did:
    /// [`Progress::TurnEnded`] when the departed seat was to act (the next seat acts), [`Progress::TurnContinues`]
    /// when the seat to act is the same as before, or [`Progress::GameOver`] with the outcome when too few seats
    /// remain. The server calls it for a seat still playing a game that is not over; for any other seat the
    /// game is unchanged and the answer is `None`.
    fn seat_left(&mut self, _seat: Seat, _reason: EndReason) -> Option<Progress> {
        None
    }

    /// Whether `illegal` refuses a point the rules forbid to the seat to act for the shape it would make
    /// (renju: Black's overline, double four and double three), as opposed to an action no rule allows there at
    /// all: the server reports it with its own error code (`forbidden`). False by default.
    fn is_forbidden(_illegal: &Self::Illegal) -> bool {
        false
    }

    /// The legal action at position `choice % n` among the `n` legal actions, or `None` when there is none.
    /// The caller supplies `choice` (from its own random source), so the engine stays deterministic.
    fn pick_legal_action(&self, choice: u64) -> Option<Self::Action> {
        let mut count = 0u64;
        self.for_each_legal_action(|_| count += 1);
        if count == 0 {
            return None;
        }
        let wanted = choice % count;
        let mut seen = 0u64;
        let mut picked = None;
        self.for_each_legal_action(|action| {
            if seen == wanted {
                picked = Some(action);
            }
            seen += 1;
        });
        picked
    }

    /// For `seat`, one of [`Game::seats_to_act`], the legal action chosen by `choice` as
    /// [`Game::pick_legal_action`] chooses (a seat whose time runs out in a simultaneous phase gets a random
    /// fleet or secret this way). By default the seat is the one to act. Unlike the list of
    /// [`Game::for_each_legal_action`], this answers `Some` for every seat to act, in every phase.
    fn pick_legal_action_as(&self, _seat: Seat, choice: u64) -> Option<Self::Action> {
        self.pick_legal_action(choice)
    }

    /// Writes the position's canonical bytes (see [`PositionKey`]): everything the rules look at from here on,
    /// in a documented layout that never changes, so that every way of reaching a position that plays alike
    /// writes the same bytes. The rules themselves are left out: keys are compared within one ruleset.
    fn write_key(&self, key: &mut PositionKey);

    /// Reads a run of actions in the game's notation, written together (e.g. three steps as `754`).
    fn parse_actions(text: &str) -> Result<Vec<Self::Action>, NotationError>;

    /// Writes one action in the game's notation.
    fn write_action(action: Self::Action, out: &mut String);

    /// What stands between two actions written as one move text: nothing where each action's text ends by
    /// itself (a step, a square), a space where tokens differ in length and a run would be ambiguous (Dots:
    /// `STOP` is also two points on a large field).
    const ACTION_SEPARATOR: &'static str = "";
}

/// A move text that does not follow the game's notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unreadable move text at character {at}: expected {expected}")]
pub struct NotationError {
    /// Character offset of the first character that could not be read.
    pub at: usize,
    /// What was expected there.
    pub expected: &'static str,
}
