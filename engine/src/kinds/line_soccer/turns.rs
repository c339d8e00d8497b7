//! Turn tokens played in order (§5): each token is the actions of one seat until the other acts, or `-` when
//! the seat draws nothing, so that tokens alternate strictly between the seats.

use super::notation::{parse_token, write_token, Token, TokenError};
use super::{Action, IllegalAction};
use crate::game::{Game, Progress};
use crate::{EndReason, Outcome, Seat};

/// Whether a game that ended with `outcome` owes one more token after its last turn, a `-`: a game drawn for
/// want of any legal kick (§2.6) ended when the duty came back at its last length to the seat that drew last,
/// after passing through the other seat (§2.5), whose token that pass is (§5.4), as it is in mid-game.
#[must_use]
pub fn ends_with_pass(outcome: Option<Outcome>) -> bool {
    outcome == Some(Outcome::draw(2, EndReason::Stuck))
}

/// A game and the seat whose turn token comes next. Tokens alternate strictly between the seats (§5.5), so a
/// seat that does not act when its token is due writes `-`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnTokens<G> {
    pub(super) game: G,
    pub(super) next: Seat,
    tokens: Vec<String>,
}

/// Why a turn token cannot be played. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TurnError {
    /// The token cannot be read.
    #[error(transparent)]
    Token(#[from] TokenError),
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
    /// The token is `-` but its seat must act.
    #[error("a pass, but this seat must act")]
    PassWhileDue,
    /// The token draws something but its seat does not act now: it must be `-`.
    #[error("this seat does not act now; its token is -")]
    NotDue,
    /// An action of the token is illegal.
    #[error("action {at} is illegal: {reason}")]
    Illegal {
        /// The action's index in the token.
        at: usize,
        /// Why.
        reason: IllegalAction,
    },
    /// The token stops before its turn is over.
    #[error("the token stops before the turn is over")]
    Unfinished,
    /// The token goes on after its turn ended.
    #[error("the token goes on after the turn ended, at action {0}")]
    PastTurnEnd(usize),
}

impl<G: Game<Action = Action, Illegal = IllegalAction>> TurnTokens<G> {
    /// The start of a game by `rules`, the first seat's token next.
    #[must_use]
    pub fn new(rules: &G::Rules) -> TurnTokens<G> {
        TurnTokens { game: G::new(rules), next: Seat::FIRST, tokens: Vec::new() }
    }

    /// `game` (set up, or played by other means), with `next`'s token next.
    #[must_use]
    pub fn from_game(game: G, next: Seat) -> TurnTokens<G> {
        TurnTokens { game, next, tokens: Vec::new() }
    }

    /// The game after the tokens played.
    #[must_use]
    pub const fn game(&self) -> &G {
        &self.game
    }

    /// The seat whose token is next.
    #[must_use]
    pub const fn next_seat(&self) -> Seat {
        self.next
    }

    /// The tokens played, in their canonical text.
    #[must_use]
    pub fn tokens(&self) -> &[String] {
        &self.tokens
    }

    /// Whether the next token is `-`: the game goes on and its seat does not act, or the game ended drawn after
    /// the kick duty passed through that seat and its `-` is not yet played ([`ends_with_pass`]).
    #[must_use]
    pub fn next_is_pass(&self) -> bool {
        match self.game.to_act() {
            Some(seat) => seat != self.next,
            None => self.closing_pass_due(),
        }
    }

    /// Whether the game is over and still owes the `-` of [`ends_with_pass`]: the last token played is the
    /// turn that drew the game, not that `-`.
    fn closing_pass_due(&self) -> bool {
        ends_with_pass(self.game.outcome()) && self.tokens.last().is_some_and(|token| token != "-")
    }

    /// Plays one turn token; on error nothing changes.
    pub fn play(&mut self, text: &str) -> Result<(), TurnError> {
        let token = parse_token(text)?;
        self.play_token(&token, false)
    }

    /// Plays the last token of a game that ended by time or resignation: it may stop part-way through its
    /// turn. On error nothing changes.
    pub fn play_last(&mut self, text: &str) -> Result<(), TurnError> {
        let token = parse_token(text)?;
        self.play_token(&token, true)
    }

    /// Plays one read turn token, which may stop part-way through its turn only if `may_stop`; on error
    /// nothing changes. After the end of the game only the `-` of [`ends_with_pass`] may follow, once; a record
    /// that leaves it out (as records did before it was written) reads all the same.
    pub fn play_token(&mut self, token: &Token, may_stop: bool) -> Result<(), TurnError> {
        match (self.game.to_act(), token) {
            (None, Token::Pass) if self.closing_pass_due() => {}
            (None, _) => return Err(TurnError::GameOver),
            (Some(to_act), Token::Pass) if to_act == self.next => return Err(TurnError::PassWhileDue),
            (Some(_), Token::Pass) => {}
            (Some(to_act), Token::Turn(_)) if to_act != self.next => return Err(TurnError::NotDue),
            (Some(_), Token::Turn(actions)) => self.game = played(&self.game, actions, may_stop)?,
        }
        self.tokens.push(write_token(token));
        self.next = self.next.other();
        Ok(())
    }

    /// Plays whitespace-separated turn tokens; stops at the first error, with the tokens before it played.
    pub fn play_all(&mut self, text: &str) -> Result<(), (usize, TurnError)> {
        text.split_ascii_whitespace()
            .enumerate()
            .try_for_each(|(index, token)| self.play(token).map_err(|error| (index, error)))
    }

    /// Calls `visit` with the text of every complete turn the seat to act may play now (none when the next
    /// token is `-` or the game is over), each with the game after it.
    pub fn for_each_turn(&self, mut visit: impl FnMut(&str, &G)) {
        if self.next_is_pass() || self.game.to_act().is_none() {
            return;
        }
        let mut text = String::new();
        each_turn(&self.game, &mut text, &mut visit);
    }
}

/// `game` after `actions`, which must make exactly one whole turn (or part of one, if `may_stop`).
fn played<G: Game<Action = Action, Illegal = IllegalAction>>(
    game: &G,
    actions: &[Action],
    may_stop: bool,
) -> Result<G, TurnError> {
    let mut after = game.clone();
    for (at, &action) in actions.iter().enumerate() {
        let progress = after.apply(action).map_err(|reason| TurnError::Illegal { at, reason })?;
        if progress != Progress::TurnContinues {
            return if at + 1 == actions.len() { Ok(after) } else { Err(TurnError::PastTurnEnd(at + 1)) };
        }
    }
    if may_stop {
        Ok(after)
    } else {
        Err(TurnError::Unfinished)
    }
}

/// Walks every complete turn from `game`, whose text so far is `text`.
pub(super) fn each_turn<G: Game<Action = Action>>(game: &G, text: &mut String, visit: &mut impl FnMut(&str, &G)) {
    let mut actions = [None; 8];
    let mut count = 0;
    game.for_each_legal_action(|action| {
        actions[count] = Some(action);
        count += 1;
    });
    for action in actions.into_iter().flatten() {
        let mut after = game.clone();
        let Ok(progress) = after.apply(action) else {
            continue;
        };
        let length = text.len();
        G::write_action(action, text);
        if progress == Progress::TurnContinues {
            each_turn(&after, text, visit);
        } else {
            visit(text, &after);
        }
        text.truncate(length);
    }
}
