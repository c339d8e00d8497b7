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
//!   a missing guess loses. Under a per-move clock's `random_move` the server plays
//!   [`Game::pick_legal_action_as`] for a missing guess too (rule 6): a guess drawn uniformly from the seed among
//!   the codes consistent with that seat's own resolved rounds ([`Position::answered`]), any code when none is.
//!   The draw sees that seat's guesses and answers only, never the other seat's secret or guesses.
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

    /// While secrets are chosen, a secret drawn uniformly among the legal ones; in a round (a per-move clock's
    /// `random_move`, rule 6) a guess drawn uniformly among the codes consistent with `seat`'s own resolved rounds
    /// (see `pick_consistent_guess`). Each draw takes `choice` as the seed of a generator (SplitMix64, so it
    /// has no modulo bias).
    fn pick_legal_action_as(&self, seat: Seat, choice: u64) -> Option<Action> {
        if !Position::seats_to_act(self).contains(seat) {
            return None;
        }
        if !self.choosing_secrets() {
            let answered: Vec<(Code, Score)> = self.answered(seat).collect();
            return Some(Action::Guess(pick_consistent_guess(self.rules(), &answered, choice)));
        }
        let mut count = 0u64;
        self.for_each_legal(|_| count += 1);
        let wanted = SplitMix64::new(choice).below(count.max(1));
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

/// The guess drawn with `choice` as the seed of a generator (SplitMix64), uniformly among the codes the rules
/// allow that are consistent with `answered` (every guess there would have got its answer had the secret been
/// that code); among every code the rules allow when none is (true answers always leave the secret itself).
///
/// It sees one seat's view only, its own guesses and the answers they got: never the other seat's secret, nor
/// its guesses. Two positions whose answers to the seat are the same give the same guess for the same seed.
fn pick_consistent_guess(rules: BullsAndCowsRules, answered: &[(Code, Score)], choice: u64) -> Code {
    let consistent = |code: &Code| answered.iter().all(|(guess, answer)| score(code, guess) == *answer);
    let mut count = 0u64;
    for_each_code(rules, |code| count += u64::from(consistent(&code)));
    let any = count == 0;
    if any {
        for_each_code(rules, |_| count += 1);
    }
    let wanted = SplitMix64::new(choice).below(count);
    let (mut seen, mut picked) = (0u64, None);
    for_each_code(rules, |code| {
        if any || consistent(&code) {
            if seen == wanted {
                picked = Some(code);
            }
            seen += 1;
        }
    });
    picked.expect("the rules allow some code")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(text: &str) -> Code {
        Code::new(&text.bytes().map(|byte| byte - b'0').collect::<Vec<_>>()).expect("a code")
    }

    /// A default game with these secrets after these resolved rounds (`[first's guess, second's guess]`), then
    /// `pending` played by the second seat in the open round, if any.
    fn game(secrets: [&str; 2], rounds: &[[&str; 2]], pending: Option<&str>) -> Position {
        let mut game = Position::new(BullsAndCowsRules::default());
        for (seat, secret) in [Seat::FIRST, Seat::SECOND].into_iter().zip(secrets) {
            game.apply_as(seat, Action::Secret(code(secret))).expect("a legal secret");
        }
        for round in rounds {
            for (seat, guess) in [Seat::FIRST, Seat::SECOND].into_iter().zip(round) {
                game.apply_as(seat, Action::Guess(code(guess))).expect("a legal guess");
            }
        }
        if let Some(guess) = pending {
            game.apply_as(Seat::SECOND, Action::Guess(code(guess))).expect("a legal guess");
        }
        game
    }

    /// The codes the rules allow that would have given every answer `seat` got.
    fn consistent(game: &Position, seat: Seat) -> Vec<Code> {
        let answered: Vec<_> = game.answered(seat).collect();
        let mut codes = Vec::new();
        for_each_code(game.rules(), |code| {
            if answered.iter().all(|(guess, answer)| score(&code, guess) == *answer) {
                codes.push(code);
            }
        });
        codes
    }

    fn picked_guess(game: &Position, seat: Seat, seed: u64) -> Code {
        match game.pick_legal_action_as(seat, seed) {
            Some(Action::Guess(guess)) => guess,
            other => panic!("a guess, not {other:?}"),
        }
    }

    #[test]
    fn a_random_guess_is_consistent_with_the_seats_own_answers() {
        let games = [
            game(["0123", "4567"], &[["0123", "4567"]], None),
            game(["0123", "4567"], &[["0123", "4567"], ["8945", "0132"]], Some("1023")),
            game(["9876", "1032"], &[["0123", "5678"], ["1023", "9870"], ["1302", "9867"]], None),
            game(["5018", "2967"], &[["0123", "4567"], ["2789", "0158"]], Some("1058")),
        ];
        for game in &games {
            for seat in Game::seats_to_act(game).iter() {
                let answered: Vec<_> = game.answered(seat).collect();
                assert!(!answered.is_empty());
                for seed in 0..300 {
                    let guess = picked_guess(game, seat, seed);
                    assert_eq!(game.check_as(seat, Action::Guess(guess)), Ok(()));
                    for (earlier, answer) in &answered {
                        assert_eq!(score(&guess, earlier), *answer, "{guess} against {earlier} for {seat}");
                    }
                }
            }
        }
    }

    #[test]
    fn every_consistent_guess_can_be_drawn() {
        let game = game(["0123", "4567"], &[["0123", "4567"], ["8945", "0132"]], None);
        let codes = consistent(&game, Seat::FIRST);
        assert!((2..=100).contains(&codes.len()), "{} consistent codes", codes.len());
        let mut drawn = std::collections::BTreeMap::new();
        for seed in 0..codes.len() as u64 * 100 {
            *drawn.entry(picked_guess(&game, Seat::FIRST, seed)).or_insert(0u32) += 1;
        }
        assert_eq!(drawn.keys().copied().collect::<Vec<_>>(), codes, "every consistent code, and only those");
        let (fewest, most) = (drawn.values().min().copied(), drawn.values().max().copied());
        assert!(fewest >= Some(50) && most <= Some(160), "about 100 draws each: {fewest:?} to {most:?}");
    }

    #[test]
    fn the_random_guess_depends_only_on_the_seats_own_view() {
        // The second seat's secret differs (4567, 4576) but answers the first seat's guesses alike (0B0C,
        // 0B2C); the second seat's guesses differ, and in one game its guess of the open round is in.
        let one = game(["0123", "4567"], &[["0123", "4567"], ["8945", "0132"]], None);
        let other = game(["0123", "4576"], &[["0123", "9876"], ["8945", "3210"]], Some("1023"));
        assert_ne!(one.secret(Seat::SECOND), other.secret(Seat::SECOND));
        assert_eq!(one.answered(Seat::FIRST).collect::<Vec<_>>(), other.answered(Seat::FIRST).collect::<Vec<_>>());
        for seed in 0..300 {
            assert_eq!(picked_guess(&one, Seat::FIRST, seed), picked_guess(&other, Seat::FIRST, seed));
        }
    }

    #[test]
    fn answers_no_code_gives_fall_back_to_any_code() {
        let impossible = [(code("0123"), Score { bulls: 4, cows: 0 }), (code("4567"), Score { bulls: 4, cows: 0 })];
        let rules = BullsAndCowsRules::default();
        let drawn: std::collections::BTreeSet<_> =
            (0..50).map(|seed| pick_consistent_guess(rules, &impossible, seed)).collect();
        assert!(drawn.len() > 40, "{} different codes", drawn.len());
        assert!(drawn.iter().all(|guess| guess.check(rules).is_ok()));
    }

    #[test]
    fn a_missing_secret_is_still_any_code_drawn_from_the_seed() {
        let game = Position::new(BullsAndCowsRules::default());
        let secret = |seat, seed| match game.pick_legal_action_as(seat, seed) {
            Some(Action::Secret(secret)) => secret.to_string(),
            other => panic!("a secret, not {other:?}"),
        };
        assert_eq!([secret(Seat::FIRST, 0), secret(Seat::FIRST, 7), secret(Seat::SECOND, 7)], ["4153", "4932", "4932"]);
    }
}
