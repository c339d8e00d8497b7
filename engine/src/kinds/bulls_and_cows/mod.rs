//! Bulls and Cows («Быки и коровы»): each seat chooses a secret of `digits` different digits, both at once, then
//! both guess the other's secret in simultaneous rounds; each guess is answered in bulls (right digit, right
//! place) and cows (right digit, wrong place). The first to get all bulls wins; both in one round draw; after
//! `max_rounds` rounds the game is drawn (`../shared/rules/bulls-and-cows.md`). The second hidden-information
//! kind, on the layer Sea Battle built.
//!
//! How the rules are kept here:
//! - Both phases are simultaneous ([`Game::seats_to_act`]): each seat plays its secret (`S:0123`), then one guess
//!   (`0123`) a round, in either order; the guess that completes a round resolves it.
//! - What a move discloses ([`Game::disclose`]): a secret is public as `S` only; its text is the mover's private
//!   part and the secret the server commits to. A guess whose round is still open is public as `G` (the seat is
//!   ready), the guess itself private; the guess that completes the round publishes the whole round, both guesses
//!   with their answers, first seat first (`0123=1B1C 4567=0B2C`; see [`parse_round`]).
//! - A seat whose secret is missing when its time runs out gets a random secret
//!   ([`TimeoutPolicy::RandomAction`]: [`Game::pick_legal_action_as`] draws one uniformly from the server's seed);
//!   a missing guess loses. The per-move clock's random consistent guess (rule 6) is not here yet.
//! - No perft: every round offers every allowed code to both seats, so the tree is a power of their number; the
//!   scoring is checked against the rules document's references instead (the replies to 0123, the simple bot).
//! - The end reasons: [`EndReason::CodeBroken`](crate::EndReason::CodeBroken) for all bulls (a win, or a draw when
//!   both seats break the code in one round), [`EndReason::RoundsOut`](crate::EndReason::RoundsOut) for the draw
//!   after `max_rounds` rounds.
//!
//! The record ([`BullsAndCowsRecord`], the shared layout of [`HiddenRecord`]) adds the tags `Digits`,
//! `LeadingZero` (`yes`, `no`) and `MaxRounds`, each absent at its default; [`BullsAndCowsRecord::verify`]
//! checks the commitments and replays every round's answers against the revealed secrets.

mod code;
mod fuzz;
mod notation;
mod position;
mod record;
mod rules;

pub use super::hidden_record::{HiddenRecord, RecordErrorKind, RecordedMove, Reveal, VerifyError};
pub use code::{for_each_code, score, Code, CodeError, Score};
pub use notation::{parse_actions, parse_round, parse_secret, write_action, write_round, Action};
pub use position::{Illegal, Position};
pub use record::BullsAndCowsRecord;
pub use rules::{BullsAndCowsRules, RulesError, MAX_DIGITS, MAX_ROUNDS, MIN_DIGITS};

use crate::game::{Game, NotationError, Progress, TimeoutPolicy};
use crate::splitmix::SplitMix64;
use crate::{Disclosure, Outcome, Seat, SeatSet};

/// The kind's stable name.
pub const NAME: &str = "bulls-and-cows";

impl Position {
    /// Calls `visit` with every action legal for a seat to act now: every code the rules allow, as a secret or
    /// as a guess by the phase; nothing once the game is over.
    fn for_each_legal(&self, mut visit: impl FnMut(Action)) {
        if self.outcome().is_some() {
            return;
        }
        let secret = self.choosing_secrets();
        for_each_code(self.rules(), |code| visit(if secret { Action::Secret(code) } else { Action::Guess(code) }));
    }

    /// The public text of the round that `mover`'s `guess` completes from here: both guesses of the round with
    /// their answers, first seat first.
    fn round_text(&self, mover: Seat, guess: Code) -> String {
        let mut answers = Vec::with_capacity(2);
        for seat in [Seat::FIRST, Seat::SECOND] {
            let seat_guess = if seat == mover { Some(guess) } else { self.pending_guess(seat) };
            if let (Some(seat_guess), Some(secret)) = (seat_guess, self.secret(seat.other())) {
                answers.push((seat_guess, score(&secret, &seat_guess)));
            }
        }
        let mut text = String::new();
        write_round(&answers, &mut text);
        text
    }
}

impl Game for Position {
    type Rules = BullsAndCowsRules;
    type Action = Action;
    type Illegal = Illegal;

    fn new(rules: &BullsAndCowsRules) -> Self {
        Position::new(*rules)
    }

    fn rules(&self) -> BullsAndCowsRules {
        Position::rules(self)
    }

    fn seat_count(_: &BullsAndCowsRules) -> usize {
        2
    }

    fn to_act(&self) -> Option<Seat> {
        Position::seats_to_act(self).first()
    }

    fn seats_to_act(&self) -> SeatSet {
        Position::seats_to_act(self)
    }

    fn check_as(&self, seat: Seat, action: Action) -> Result<(), Illegal> {
        Position::check_as(self, seat, action)
    }

    fn apply_as(&mut self, seat: Seat, action: Action) -> Result<Progress, Illegal> {
        Position::apply_as(self, seat, action)
    }

    const HIDDEN_INFORMATION: bool = true;

    fn disclose(&self, mover: Seat, actions: &[Action], after: &Self) -> Option<Disclosure> {
        let mut own = String::new();
        actions.iter().for_each(|&action| write_action(action, &mut own));
        let disclosure = match actions.first() {
            Some(Action::Secret(_)) => Disclosure { public: "S".into(), private: Some(own.clone()), secret: Some(own) },
            Some(&Action::Guess(guess)) if after.rounds() > self.rounds() => {
                Disclosure { public: self.round_text(mover, guess), private: None, secret: None }
            }
            Some(Action::Guess(_)) => Disclosure { public: "G".into(), private: Some(own), secret: None },
            None => Disclosure { public: own, private: None, secret: None },
        };
        Some(disclosure)
    }

    fn mid_turn(&self) -> bool {
        false
    }

    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }

    fn check(&self, action: Action) -> Result<(), Illegal> {
        let seat = Game::to_act(self).ok_or(Illegal::GameOver)?;
        Position::check_as(self, seat, action)
    }

    fn apply(&mut self, action: Action) -> Result<Progress, Illegal> {
        let seat = Game::to_act(self).ok_or(Illegal::GameOver)?;
        Position::apply_as(self, seat, action)
    }

    fn for_each_legal_action(&self, visit: impl FnMut(Action)) {
        self.for_each_legal(visit);
    }

    fn timeout_policy(&self) -> TimeoutPolicy {
        if self.choosing_secrets() {
            TimeoutPolicy::RandomAction
        } else {
            TimeoutPolicy::Loss
        }
    }

    fn pick_legal_action(&self, choice: u64) -> Option<Action> {
        self.pick_legal_action_as(Game::to_act(self)?, choice)
    }

    /// While secrets are chosen, a secret drawn uniformly among the legal ones with `choice` as the seed of a
    /// generator (SplitMix64, so the draw has no modulo bias); in a round the guess at `choice % n` of the `n`
    /// legal guesses.
    fn pick_legal_action_as(&self, seat: Seat, choice: u64) -> Option<Action> {
        if !Position::seats_to_act(self).contains(seat) {
            return None;
        }
        let mut count = 0u64;
        self.for_each_legal(|_| count += 1);
        let wanted =
            if self.choosing_secrets() { SplitMix64::new(choice).below(count.max(1)) } else { choice % count.max(1) };
        let (mut seen, mut picked) = (0u64, None);
        self.for_each_legal(|action| {
            if seen == wanted {
                picked = Some(action);
            }
            seen += 1;
        });
        picked
    }

    fn write_key(&self, key: &mut crate::PositionKey) {
        Position::write_key(self, key);
    }

    fn parse_actions(text: &str) -> Result<Vec<Action>, NotationError> {
        parse_actions(text)
    }

    fn write_action(action: Action, out: &mut String) {
        write_action(action, out);
    }

    const ACTION_SEPARATOR: &'static str = " ";
}
