//! A Superghost game: the fragment, whose turn, each seat's lost rounds, who is out, and the end.

use std::sync::Arc;

use super::fragment::{Fragment, Side};
use super::rules::{SuperghostRules, LOSSES_TO_ELIMINATE, MIN_WORD_LETTERS};
use crate::dictionary::{registry, Dictionary, Language};
use crate::game::Progress;
use crate::{BySeat, EndReason, Outcome, PositionKey, Seat};

/// One turn: a letter added at either end of the fragment, or a challenge of the previous player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Adds `letter` (lower case) at `side`.
    Add {
        /// Which end.
        side: Side,
        /// The letter.
        letter: char,
    },
    /// Claims that no word holds the fragment; the server's list decides.
    Challenge,
}

/// Why an action is refused. The game is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The letter is not one of the game's language.
    #[error("{letter:?} is not a letter of {language}")]
    NotALetter {
        /// The letter refused.
        letter: char,
        /// The game's language.
        language: Language,
    },
    /// A round's first letter is written at the end (`>x`): the fragment has no start yet.
    #[error("the first letter of a round goes at the end")]
    EmptyStart,
    /// The fragment is as long as the longest word: only a challenge is left.
    #[error("the fragment is as long as any word may be; challenge")]
    FragmentFull,
    /// Nobody has added a letter this round, so there is nobody to challenge.
    #[error("nobody has added a letter this round")]
    NothingToChallenge,
}

/// How the last round ended: who lost it and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RoundEnd {
    /// The seat that lost the round.
    pub loser: Seat,
    /// Why.
    pub reason: RoundLoss,
}

/// Why a round was lost (rules 2 and 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RoundLoss {
    /// The loser completed a word of at least four letters.
    Completed,
    /// The loser challenged a fragment some word holds.
    ChallengeFailed,
    /// The loser was challenged and no word holds the fragment.
    Challenged,
}

/// A game of Superghost. The word list is shared (`Arc`); positions compare and hash it by its id, in the rules.
#[derive(Clone, Debug)]
pub struct Position {
    rules: SuperghostRules,
    dictionary: Arc<Dictionary>,
    fragment: Fragment,
    to_move: Seat,
    /// The seat that added the fragment's last letter: the one a challenge is against.
    last_adder: Option<Seat>,
    losses: BySeat<u8>,
    /// 0 while a seat plays; else its place in the order of elimination (1 the first out).
    out: BySeat<u8>,
    last_round: Option<RoundEnd>,
    outcome: Option<Outcome>,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.state() == other.state()
    }
}

impl Eq for Position {}

impl std::hash::Hash for Position {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.state().hash(state);
    }
}

/// Everything a position is besides its shared list, which the rules name.
type State = (SuperghostRules, Fragment, Seat, Option<Seat>, BySeat<u8>, BySeat<u8>, Option<RoundEnd>, Option<Outcome>);

impl Position {
    /// The start: an empty fragment, the first seat to move.
    #[must_use]
    pub fn new(rules: SuperghostRules) -> Position {
        // Rules exist only for a registered list, and the registry never forgets one.
        let dictionary = registry::find(&rules.dictionary())
            .unwrap_or_else(|| unreachable!("rules name a registered dictionary: {}", rules.dictionary()));
        let seats = usize::from(rules.players());
        Position {
            rules,
            dictionary,
            fragment: Fragment::EMPTY,
            to_move: Seat::FIRST,
            last_adder: None,
            losses: BySeat::splat(seats, 0),
            out: BySeat::splat(seats, 0),
            last_round: None,
            outcome: None,
        }
    }

    fn state(&self) -> State {
        (self.rules, self.fragment, self.to_move, self.last_adder, self.losses, self.out, self.last_round, self.outcome)
    }

    /// The rules.
    #[must_use]
    pub const fn rules(&self) -> SuperghostRules {
        self.rules
    }

    /// The word list the game is judged by.
    #[must_use]
    pub fn dictionary(&self) -> &Arc<Dictionary> {
        &self.dictionary
    }

    /// The fragment.
    #[must_use]
    pub const fn fragment(&self) -> &Fragment {
        &self.fragment
    }

    /// The seat to move (the last one to move once the game is over).
    #[must_use]
    pub const fn to_move(&self) -> Seat {
        self.to_move
    }

    /// The seat a challenge now would be against.
    #[must_use]
    pub const fn last_adder(&self) -> Option<Seat> {
        self.last_adder
    }

    /// Rounds each seat has lost: how many letters of B-A-L-D-A it holds.
    #[must_use]
    pub const fn losses(&self) -> BySeat<u8> {
        self.losses
    }

    /// Whether `seat` is out (five letters, or it left).
    #[must_use]
    pub fn is_out(&self, seat: Seat) -> bool {
        self.out[seat] != 0
    }

    /// How the last round ended, once one has.
    #[must_use]
    pub const fn last_round(&self) -> Option<RoundEnd> {
        self.last_round
    }

    /// The outcome, once the game is over.
    #[must_use]
    pub const fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether `action` may be played now, and if not, why.
    pub fn check(&self, action: Action) -> Result<(), IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove::GameOver);
        }
        match action {
            Action::Add { side, letter } => {
                let language = self.rules.language();
                if !language.alphabet().contains(&letter) {
                    return Err(IllegalMove::NotALetter { letter, language });
                }
                if self.fragment.is_full() {
                    return Err(IllegalMove::FragmentFull);
                }
                if side == Side::Start && self.fragment.is_empty() {
                    return Err(IllegalMove::EmptyStart);
                }
                Ok(())
            }
            Action::Challenge => self.last_adder.map(|_| ()).ok_or(IllegalMove::NothingToChallenge),
        }
    }

    /// How `action`, legal here, ends the round, or `None` when play goes on: a letter that completes a word of
    /// [`MIN_WORD_LETTERS`] or more loses it for the mover; a challenge loses it for the challenger when some
    /// word holds the fragment, else for the challenged player. What [`Position::play`] does and the move's
    /// public text says (`Game::disclose`).
    #[must_use]
    pub fn round_loss(&self, action: Action) -> Option<RoundLoss> {
        match action {
            Action::Add { side, letter } => {
                let mut grown = self.fragment;
                grown.add(side, letter);
                let completed =
                    grown.len() >= MIN_WORD_LETTERS && grown.with_text(|text| self.dictionary.contains(text));
                completed.then_some(RoundLoss::Completed)
            }
            Action::Challenge => Some(if self.fragment.with_text(|text| self.dictionary.contains_fragment(text)) {
                RoundLoss::ChallengeFailed
            } else {
                RoundLoss::Challenged
            }),
        }
    }

    /// Plays `action` for the seat to move; on error the game is unchanged.
    pub fn play(&mut self, action: Action) -> Result<Progress, IllegalMove> {
        self.check(action)?;
        let mover = self.to_move;
        let Some(reason) = self.round_loss(action) else {
            // Only a letter leaves the round going: a challenge always ends it.
            if let Action::Add { side, letter } = action {
                self.fragment.add(side, letter);
            }
            self.last_adder = Some(mover);
            self.to_move = self.next_in(mover);
            return Ok(Progress::TurnEnded);
        };
        let loser = match reason {
            RoundLoss::Challenged => self.last_adder.unwrap_or_else(|| unreachable!("checked: someone added")),
            RoundLoss::Completed | RoundLoss::ChallengeFailed => mover,
        };
        Ok(self.lose_round(loser, reason))
    }

    /// The next seat still in after `seat`, in seat order round the table (`seat` itself when it is the only
    /// one).
    fn next_in(&self, seat: Seat) -> Seat {
        let seats = self.losses.len();
        (1..=seats)
            .filter_map(|step| Seat::new((seat.index() + step) % seats))
            .find(|&next| !self.is_out(next))
            .unwrap_or(seat)
    }

    fn seats_in(&self) -> usize {
        self.out.as_slice().iter().filter(|&&place| place == 0).count()
    }

    /// `loser` takes a letter; at five it is out. The next round starts with the loser, or the next seat in.
    fn lose_round(&mut self, loser: Seat, reason: RoundLoss) -> Progress {
        self.losses[loser] += 1;
        self.last_round = Some(RoundEnd { loser, reason });
        if self.losses[loser] >= LOSSES_TO_ELIMINATE {
            self.put_out(loser);
        }
        self.start_round(loser, EndReason::Score)
    }

    fn put_out(&mut self, seat: Seat) {
        let gone = self.out.as_slice().iter().filter(|&&place| place != 0).count();
        // At most four seats.
        self.out[seat] = gone as u8 + 1;
    }

    /// Clears the table for a new round begun by `from` if it is in, else by the next seat in; ends the game
    /// when one seat is left, for `reason`.
    fn start_round(&mut self, from: Seat, reason: EndReason) -> Progress {
        self.fragment = Fragment::EMPTY;
        self.last_adder = None;
        self.to_move = if self.is_out(from) { self.next_in(from) } else { from };
        if self.seats_in() > 1 {
            return Progress::TurnEnded;
        }
        let seats = self.out.len();
        // The last seat in ranks first; the others by elimination, the first out last.
        let ranks = self.out.map(|&place| if place == 0 { 1 } else { (seats + 1 - usize::from(place)) as u8 });
        let outcome = Outcome::ranked(ranks, reason);
        self.outcome = Some(outcome);
        Progress::GameOver(outcome)
    }

    /// `seat` leaves: it is out in the order of elimination and the round starts again without it.
    pub fn seat_left(&mut self, seat: Seat, reason: EndReason) -> Option<Progress> {
        if self.outcome.is_some() || seat.index() >= self.out.len() || self.is_out(seat) {
            return None;
        }
        self.put_out(seat);
        let from = if self.to_move == seat { self.next_in(seat) } else { self.to_move };
        Some(self.start_round(from, reason))
    }

    /// Every legal action in a fixed order: the challenge first, then each letter of the alphabet at the start,
    /// then at the end.
    pub fn for_each_legal_action(&self, mut visit: impl FnMut(Action)) {
        if self.outcome.is_some() {
            return;
        }
        if self.last_adder.is_some() {
            visit(Action::Challenge);
        }
        if self.fragment.is_full() {
            return;
        }
        for side in [Side::Start, Side::End] {
            if side == Side::Start && self.fragment.is_empty() {
                continue;
            }
            for &letter in self.rules.language().alphabet() {
                visit(Action::Add { side, letter });
            }
        }
    }

    /// The position's key: the fragment as UTF-8 after its length in bytes, the seat to move, the seat a
    /// challenge is against, and per seat its losses and its place out.
    pub fn write_key(&self, key: &mut PositionKey) {
        self.fragment.with_text(|text| {
            key.tag(text);
        });
        key.seat(self.to_move).optional_seat(self.last_adder);
        for (seat, &losses) in self.losses.iter() {
            key.byte(losses).byte(self.out[seat]);
        }
    }
}
