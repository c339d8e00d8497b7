//! A Digital Wars position: the string of digits, the phase (the pie rule's writing and choosing, then play),
//! whose move it is, and how the game ended.

use super::rules::{DigitalWarsRules, Ending, Start, MAX_LENGTH};
use crate::game::Progress;
use crate::position_key::PositionKey;
use crate::{EndReason, Outcome, Seat};

/// One action. Positions in the string count from 0 here and from 1 in the notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Lowers the digit at `at` from `from` to the smaller `to` (`4:7>2`).
    Lower {
        /// The digit's place, from 0 at the left.
        at: u8,
        /// The digit there now.
        from: u8,
        /// The smaller digit it becomes.
        to: u8,
    },
    /// Erases the `0` at `at` and every digit to its right (`4:x`).
    Erase {
        /// The zero's place, from 0 at the left.
        at: u8,
    },
    /// Under the pie rule, the first seat writes the next digit of the string (`=7`).
    Write {
        /// The digit written.
        digit: u8,
    },
    /// Under the pie rule, the second seat chooses the seat that moves first (`first`, `second`).
    Choose {
        /// The seat that moves first.
        first: Seat,
    },
}

/// The phases of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The pie rule's writing: the first seat writes the string, one digit an action, in one turn.
    Writing,
    /// The pie rule's choice: the second seat names the seat that moves first.
    Choosing,
    /// Lowering and erasing.
    Playing,
}

/// Why an action is refused. The position is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum IllegalMove {
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
    /// The action belongs to another phase (a digit lowered while the string is written, a choice during play).
    #[error("that is not an action of this phase")]
    WrongPhase,
    /// The place is past the string's end.
    #[error("there is no digit there")]
    NoDigit,
    /// The digit named as the one lowered is not the digit there.
    #[error("the digit there is another")]
    OtherDigit,
    /// A digit may only be lowered.
    #[error("a digit may only become smaller")]
    NotLower,
    /// Only a `0` is erased.
    #[error("only a 0 may be erased")]
    NotZero,
    /// A written digit is past 9.
    #[error("a digit is 0 to 9")]
    NotADigit,
}

/// A Digital Wars position. It is `Copy` and fixed-size, so checking and playing never allocate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    rules: DigitalWarsRules,
    digits: [u8; MAX_LENGTH as usize],
    len: u8,
    phase: Phase,
    to_move: Seat,
    outcome: Option<Outcome>,
}

impl Default for Position {
    fn default() -> Position {
        Position::new(DigitalWarsRules::default())
    }
}

impl Position {
    /// The start of a game of `rules`: the drawn string with the first seat to move, or the pie rule's empty
    /// string for the first seat to write.
    #[must_use]
    pub fn new(rules: DigitalWarsRules) -> Position {
        let mut position = Position {
            rules,
            digits: [0; MAX_LENGTH as usize],
            len: 0,
            phase: Phase::Writing,
            to_move: Seat::FIRST,
            outcome: None,
        };
        if let Some(drawn) = rules.drawn_digits() {
            position.digits[..drawn.len()].copy_from_slice(&drawn);
            position.len = rules.length();
            position.phase = Phase::Playing;
        }
        position
    }

    /// The rules of the game.
    #[must_use]
    pub const fn rules(&self) -> DigitalWarsRules {
        self.rules
    }

    /// The digits left (written so far, in the writing phase), from the left.
    #[must_use]
    pub fn digits(&self) -> &[u8] {
        &self.digits[..usize::from(self.len)]
    }

    /// The phase the game is in.
    #[must_use]
    pub const fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat to act (after the end: the seat that would have moved next).
    #[must_use]
    pub const fn to_move(&self) -> Seat {
        self.to_move
    }

    /// How the game ended, once the last digit was erased.
    #[must_use]
    pub const fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game is over.
    #[must_use]
    pub const fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Whether the seat to act has begun its turn: the pie rule's writer after its first digit.
    #[must_use]
    pub const fn mid_turn(&self) -> bool {
        matches!(self.phase, Phase::Writing) && self.len > 0
    }

    /// Writes the position's canonical bytes: format 1, the phase (0 writing, 1 choosing, 2 playing), the seat
    /// to act, whether the game is over, the number of digits, then the digits from the left. The rules are left
    /// out.
    pub fn write_key(&self, key: &mut PositionKey) {
        let phase = match self.phase {
            Phase::Writing => 0,
            Phase::Choosing => 1,
            Phase::Playing => 2,
        };
        key.byte(1).byte(phase).seat(self.to_move).flag(self.is_over()).byte(self.len);
        for &digit in self.digits() {
            key.byte(digit);
        }
    }

    /// Whether the seat to act may play `action`, and if not, why.
    pub fn check(&self, action: Action) -> Result<(), IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        match (self.phase, action) {
            (Phase::Writing, Action::Write { digit }) if digit > 9 => Err(IllegalMove::NotADigit),
            (Phase::Writing, Action::Write { .. }) | (Phase::Choosing, Action::Choose { .. }) => Ok(()),
            (Phase::Playing, Action::Lower { at, from, to }) => {
                let digit = *self.digits().get(usize::from(at)).ok_or(IllegalMove::NoDigit)?;
                if digit != from {
                    Err(IllegalMove::OtherDigit)
                } else if to >= from {
                    Err(IllegalMove::NotLower)
                } else {
                    Ok(())
                }
            }
            (Phase::Playing, Action::Erase { at }) => match self.digits().get(usize::from(at)) {
                None => Err(IllegalMove::NoDigit),
                Some(0) => Ok(()),
                Some(_) => Err(IllegalMove::NotZero),
            },
            _ => Err(IllegalMove::WrongPhase),
        }
    }

    /// Plays `action` for the seat to act. A written digit continues the writer's turn until the string is
    /// whole; the choice hands the move to the chosen seat; every move of play ends the turn, and erasing the
    /// last digit ends the game: the eraser loses (misère) or wins (normal). On error nothing changes.
    pub fn play(&mut self, action: Action) -> Result<Progress, IllegalMove> {
        self.check(action)?;
        match action {
            Action::Write { digit } => {
                self.digits[usize::from(self.len)] = digit;
                self.len += 1;
                if self.len < self.rules.length() {
                    return Ok(Progress::TurnContinues);
                }
                self.phase = Phase::Choosing;
                self.to_move = Seat::SECOND;
            }
            Action::Choose { first } => {
                self.phase = Phase::Playing;
                self.to_move = first;
            }
            Action::Lower { at, to, .. } => {
                self.digits[usize::from(at)] = to;
                self.to_move = self.to_move.other();
            }
            Action::Erase { at } => {
                let mover = self.to_move;
                self.digits[usize::from(at)..].fill(0);
                self.len = at;
                self.to_move = mover.other();
                if self.len == 0 {
                    let winner = match self.rules.ending() {
                        Ending::Misere => mover.other(),
                        Ending::Normal => mover,
                    };
                    let outcome = Outcome::win(2, winner, EndReason::Stuck);
                    self.outcome = Some(outcome);
                    return Ok(Progress::GameOver(outcome));
                }
            }
        }
        Ok(Progress::TurnEnded)
    }

    /// Calls `visit` with every legal action in a fixed order: the digits 0 to 9 while writing, `first` then
    /// `second` while choosing, and in play every lowering, place by place from the left, each digit's to 0, 1,
    /// …, and then every erasure from the left (so that the first few choices do not end a game at once).
    pub fn for_each_legal_action(&self, mut visit: impl FnMut(Action)) {
        if self.is_over() {
            return;
        }
        match self.phase {
            Phase::Writing => (0..10).for_each(|digit| visit(Action::Write { digit })),
            Phase::Choosing => {
                [Seat::FIRST, Seat::SECOND].into_iter().for_each(|first| visit(Action::Choose { first }))
            }
            Phase::Playing => {
                for (at, &from) in self.digits().iter().enumerate() {
                    (0..from).for_each(|to| visit(Action::Lower { at: at as u8, from, to }));
                }
                for (at, &digit) in self.digits().iter().enumerate() {
                    if digit == 0 {
                        visit(Action::Erase { at: at as u8 });
                    }
                }
            }
        }
    }

    /// The position of play on `digits` (at most [`MAX_LENGTH`]), the first seat to move, by `ending`: what the
    /// tools and the solver's tests start from. Each digit must be 0 to 9.
    #[must_use]
    pub fn of_digits(digits: &[u8], ending: Ending) -> Option<Position> {
        if digits.len() > usize::from(MAX_LENGTH) || digits.iter().any(|&digit| digit > 9) {
            return None;
        }
        let length = (digits.len() as u8).max(super::rules::MIN_LENGTH);
        let rules = DigitalWarsRules::new(length, Start::Pie, ending).ok()?;
        let mut position = Position::new(rules);
        position.digits[..digits.len()].copy_from_slice(digits);
        position.len = digits.len() as u8;
        position.phase = Phase::Playing;
        (!digits.is_empty()).then_some(position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pie(length: u8, ending: Ending) -> Position {
        Position::new(DigitalWarsRules::new(length, Start::Pie, ending).expect("valid"))
    }

    fn written(digits: &[u8], ending: Ending) -> Position {
        let mut position = pie(digits.len() as u8, ending);
        for &digit in digits {
            position.play(Action::Write { digit }).expect("a digit");
        }
        position
    }

    #[test]
    fn the_pie_rule_writes_then_the_second_seat_chooses() {
        let mut position = pie(5, Ending::Misere);
        assert_eq!(position.phase(), Phase::Writing);
        assert!(!position.mid_turn());
        for digit in [3, 0, 9, 1] {
            assert_eq!(position.play(Action::Write { digit }), Ok(Progress::TurnContinues));
            assert!(position.mid_turn());
        }
        assert_eq!(position.play(Action::Write { digit: 4 }), Ok(Progress::TurnEnded));
        assert_eq!(
            (position.phase(), position.to_move(), position.digits()),
            (Phase::Choosing, Seat::SECOND, &[3, 0, 9, 1, 4][..])
        );
        assert_eq!(position.check(Action::Write { digit: 1 }), Err(IllegalMove::WrongPhase));
        position.play(Action::Choose { first: Seat::SECOND }).expect("a choice");
        assert_eq!((position.phase(), position.to_move()), (Phase::Playing, Seat::SECOND));
    }

    #[test]
    fn every_kind_of_illegal_action_is_named_and_changes_nothing() {
        let position = written(&[3, 0, 9, 1, 4], Ending::Misere);
        let mut playing = position;
        playing.play(Action::Choose { first: Seat::FIRST }).expect("a choice");
        let cases = [
            (Action::Lower { at: 5, from: 1, to: 0 }, IllegalMove::NoDigit),
            (Action::Lower { at: 0, from: 4, to: 1 }, IllegalMove::OtherDigit),
            (Action::Lower { at: 0, from: 3, to: 3 }, IllegalMove::NotLower),
            (Action::Erase { at: 0 }, IllegalMove::NotZero),
            (Action::Erase { at: 7 }, IllegalMove::NoDigit),
            (Action::Write { digit: 1 }, IllegalMove::WrongPhase),
            (Action::Choose { first: Seat::FIRST }, IllegalMove::WrongPhase),
        ];
        for (action, reason) in cases {
            let mut after = playing;
            assert_eq!(after.play(action), Err(reason), "{action:?}");
            assert_eq!(after, playing, "{action:?} changed the position");
        }
        assert_eq!(pie(5, Ending::Normal).check(Action::Write { digit: 10 }), Err(IllegalMove::NotADigit));
    }

    #[test]
    fn erasing_the_last_digit_loses_in_misere_and_wins_in_normal_play() {
        for (ending, winner) in [(Ending::Misere, Seat::SECOND), (Ending::Normal, Seat::FIRST)] {
            let mut position = Position::of_digits(&[0, 5, 2], ending).expect("digits");
            assert_eq!(
                position.play(Action::Erase { at: 0 }),
                Ok(Progress::GameOver(Outcome::win(2, winner, EndReason::Stuck)))
            );
            assert!(position.digits().is_empty());
            assert_eq!(position.check(Action::Write { digit: 0 }), Err(IllegalMove::GameOver));
        }
        let mut position = Position::of_digits(&[4, 0, 2], Ending::Misere).expect("digits");
        assert_eq!(position.play(Action::Erase { at: 1 }), Ok(Progress::TurnEnded));
        assert_eq!((position.digits(), position.to_move()), (&[4][..], Seat::SECOND));
        let mut count = 0;
        position.for_each_legal_action(|_| count += 1);
        assert_eq!(count, 4, "4 becomes 0, 1, 2 or 3");
    }
}
