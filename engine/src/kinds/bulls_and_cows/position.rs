//! A Bulls and Cows game: secrets chosen by both seats at once (rule 2), then rounds of simultaneous guesses
//! (rule 3), each resolved when both guesses are in; all bulls wins, both in one round draw, and the game is
//! drawn after `max_rounds` rounds (rules 4 and 5).

use super::code::{score, Code, CodeError, Score};
use super::notation::Action;
use super::rules::{BullsAndCowsRules, MAX_ROUNDS};
use crate::game::Progress;
use crate::{EndReason, Outcome, Seat, SeatSet};

/// The two seats, in order.
const SEATS: [Seat; 2] = [Seat::FIRST, Seat::SECOND];

/// Why an action is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The seat is not one of the seats to act: its secret or this round's guess is in already.
    #[error("the {0} seat is not to act")]
    NotToAct(Seat),
    /// A guess before both secrets are chosen.
    #[error("no guess before both secrets are chosen")]
    GuessBeforeSecrets,
    /// A secret once both are chosen.
    #[error("the secrets are chosen")]
    SecretAfterSecrets,
    /// A secret or guess the rules refuse.
    #[error("{0}")]
    Code(#[from] CodeError),
}

/// A Bulls and Cows game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    rules: BullsAndCowsRules,
    secrets: [Option<Code>; 2],
    /// Each seat's guess of the open round, until the round resolves.
    guesses: [Option<Code>; 2],
    /// The rounds resolved.
    played: Played,
    outcome: Option<Outcome>,
}

/// The guesses of the resolved rounds, first seat first, the first round first: a fixed array behind the one
/// allocation made with the position, so that playing a round allocates nothing. Slots past `len` are unused and
/// left out of comparison, hashing and `Debug`.
#[derive(Clone)]
struct Played {
    len: u8,
    rounds: Box<[[Code; 2]; MAX_ROUNDS as usize]>,
}

impl Played {
    /// No round resolved.
    fn new() -> Played {
        let unused = Code::new(&[0; 3]).expect("three digits");
        Played { len: 0, rounds: Box::new([[unused; 2]; MAX_ROUNDS as usize]) }
    }

    /// The guesses of the resolved rounds.
    fn rounds(&self) -> &[[Code; 2]] {
        &self.rounds[..usize::from(self.len)]
    }

    /// Adds a resolved round (the rules allow at most `MAX_ROUNDS`).
    fn push(&mut self, guesses: [Code; 2]) {
        self.rounds[usize::from(self.len)] = guesses;
        self.len += 1;
    }
}

impl PartialEq for Played {
    fn eq(&self, other: &Played) -> bool {
        self.rounds() == other.rounds()
    }
}

impl Eq for Played {}

impl std::hash::Hash for Played {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.rounds().hash(state);
    }
}

impl std::fmt::Debug for Played {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.rounds()).finish()
    }
}

impl Position {
    /// The start: no secret chosen.
    #[must_use]
    pub fn new(rules: BullsAndCowsRules) -> Position {
        Position { rules, secrets: [None, None], guesses: [None, None], played: Played::new(), outcome: None }
    }

    /// The rules of the game.
    #[must_use]
    pub const fn rules(&self) -> BullsAndCowsRules {
        self.rules
    }

    /// Whether some secret is still to be chosen.
    #[must_use]
    pub fn choosing_secrets(&self) -> bool {
        self.secrets.iter().any(Option::is_none)
    }

    /// `seat`'s secret, once chosen.
    #[must_use]
    pub fn secret(&self, seat: Seat) -> Option<Code> {
        self.secrets[seat.index()]
    }

    /// `seat`'s guess in the open round, if it is in.
    #[must_use]
    pub fn pending_guess(&self, seat: Seat) -> Option<Code> {
        self.guesses[seat.index()]
    }

    /// The rounds resolved so far.
    #[must_use]
    pub const fn rounds(&self) -> u8 {
        self.played.len
    }

    /// `seat`'s guesses of the resolved rounds, the first round first, each with the answer it got: all that
    /// seat has learnt of the other seat's secret.
    pub fn answered(&self, seat: Seat) -> impl Iterator<Item = (Code, Score)> + '_ {
        let secret = self.secrets[seat.other().index()];
        self.played.rounds().iter().filter_map(move |round| {
            let guess = round[seat.index()];
            Some((guess, score(&secret?, &guess)))
        })
    }

    /// The outcome, once the game is over.
    #[must_use]
    pub const fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The seats to act: those still to choose a secret, then those still to guess in the open round.
    #[must_use]
    pub fn seats_to_act(&self) -> SeatSet {
        if self.outcome.is_some() {
            return SeatSet::EMPTY;
        }
        let waiting = if self.choosing_secrets() { &self.secrets } else { &self.guesses };
        SEATS.into_iter().filter(|seat| waiting[seat.index()].is_none()).collect()
    }

    /// Whether `seat` may play `action` now, and if not, why.
    pub fn check_as(&self, seat: Seat, action: Action) -> Result<(), Illegal> {
        if self.outcome.is_some() {
            return Err(Illegal::GameOver);
        }
        if !self.seats_to_act().contains(seat) {
            return Err(Illegal::NotToAct(seat));
        }
        match (action, self.choosing_secrets()) {
            (Action::Secret(code), true) | (Action::Guess(code), false) => Ok(code.check(self.rules)?),
            (Action::Secret(_), false) => Err(Illegal::SecretAfterSecrets),
            (Action::Guess(_), true) => Err(Illegal::GuessBeforeSecrets),
        }
    }

    /// Plays `action` for `seat`; the guess that completes a round resolves it. On error nothing changes.
    pub fn apply_as(&mut self, seat: Seat, action: Action) -> Result<Progress, Illegal> {
        self.check_as(seat, action)?;
        match action {
            Action::Secret(code) => self.secrets[seat.index()] = Some(code),
            Action::Guess(code) => {
                self.guesses[seat.index()] = Some(code);
                if self.guesses.iter().all(Option::is_some) {
                    return Ok(self.resolve());
                }
            }
        }
        Ok(Progress::TurnEnded)
    }

    /// The open round's guesses with their answers, first seat first, once both are in.
    #[must_use]
    pub fn open_round(&self) -> Option<[(Code, Score); 2]> {
        let answer = |seat: Seat| {
            let guess = self.guesses[seat.index()]?;
            Some((guess, score(&self.secrets[seat.other().index()]?, &guess)))
        };
        Some([answer(Seat::FIRST)?, answer(Seat::SECOND)?])
    }

    /// Resolves the round whose two guesses are in.
    fn resolve(&mut self) -> Progress {
        let round = self.open_round().expect("both guesses and secrets are in");
        let solved = round.map(|(_, answer)| answer.bulls == self.rules.digits());
        self.guesses = [None, None];
        self.played.push(round.map(|(guess, _)| guess));
        let outcome = match solved {
            [true, true] => Outcome::draw(2, EndReason::CodeBroken),
            [true, false] => Outcome::win(2, Seat::FIRST, EndReason::CodeBroken),
            [false, true] => Outcome::win(2, Seat::SECOND, EndReason::CodeBroken),
            [false, false] if self.played.len >= self.rules.max_rounds() => Outcome::draw(2, EndReason::RoundsOut),
            [false, false] => return Progress::TurnEnded,
        };
        self.outcome = Some(outcome);
        Progress::GameOver(outcome)
    }

    /// Writes the position's canonical bytes: per seat its secret (a presence flag, then its digits), per seat
    /// its guess of the open round (the same way), then the number of rounds resolved. The guesses of the
    /// resolved rounds are left out: play from here does not depend on them, only the random guess a per-move
    /// clock's timeout draws ([`Game::pick_legal_action_as`](crate::Game::pick_legal_action_as)) does.
    pub fn write_key(&self, key: &mut crate::PositionKey) {
        for code in self.secrets.iter().chain(&self.guesses) {
            key.flag(code.is_some());
            if let Some(code) = code {
                for &digit in code.digits() {
                    key.byte(digit);
                }
            }
        }
        key.byte(self.played.len);
    }
}
