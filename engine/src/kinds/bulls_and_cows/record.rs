//! Bulls and Cows records: the shared layout of the hidden-information kinds ([`HiddenRecord`]) with the rules
//! tags `Digits`, `LeadingZero` and `MaxRounds` (each written only where it differs from the default), and the
//! verification of a finished game against its revealed secrets.

use super::code::score;
use super::notation::{parse_round, parse_secret, write_round, Action};
use super::position::{Illegal, Position};
use super::rules::{BullsAndCowsRules, MAX_DIGITS, MAX_ROUNDS, MIN_DIGITS};
use super::NAME;
use crate::kinds::hidden_record::{yes_no, HiddenRecord, RecordErrorKind, VerifiableRecord, VerifyError};
use crate::tag_pairs::{ReadError, Tag};
use crate::Seat;

/// A Bulls and Cows record: the rules read from their tags, and the shared record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BullsAndCowsRecord {
    /// The rules the game was played by.
    pub rules: BullsAndCowsRules,
    /// Tags, revealed secrets and public moves (the rules tags are not among its tags).
    pub record: HiddenRecord,
}

impl BullsAndCowsRecord {
    /// Reads a record whose `Game` tag is `bulls-and-cows`.
    pub fn read(text: &str) -> Result<BullsAndCowsRecord, ReadError<RecordErrorKind>> {
        let default = BullsAndCowsRules::default();
        let (mut digits, mut leading_zero, mut max_rounds) =
            (default.digits(), default.leading_zero(), default.max_rounds());
        let record = HiddenRecord::read(text, NAME, |tag| {
            let value = tag.value.as_str();
            let bad = |name| RecordErrorKind::BadRules { name, value: value.to_owned() };
            let number = |name, range: std::ops::RangeInclusive<u8>| {
                value.parse::<u8>().ok().filter(|number| range.contains(number)).ok_or_else(|| bad(name))
            };
            match tag.name.as_str() {
                "Digits" => digits = number("Digits", MIN_DIGITS..=MAX_DIGITS)?,
                "MaxRounds" => max_rounds = number("MaxRounds", 1..=MAX_ROUNDS)?,
                "LeadingZero" => leading_zero = yes_no(value).ok_or_else(|| bad("LeadingZero"))?,
                _ => return Ok(false),
            }
            Ok(true)
        })?;
        let rules =
            BullsAndCowsRules::new(digits, leading_zero, max_rounds).expect("each tag was checked against the rules");
        Ok(BullsAndCowsRecord { rules, record })
    }

    /// Writes the record, the rules tags that differ from the default first among the other tags.
    #[must_use]
    pub fn write(&self) -> String {
        let default = BullsAndCowsRules::default();
        let mut rules_tags = Vec::new();
        if self.rules.digits() != default.digits() {
            rules_tags.push(Tag { name: "Digits".into(), value: self.rules.digits().to_string() });
        }
        if !self.rules.leading_zero() {
            rules_tags.push(Tag { name: "LeadingZero".into(), value: "no".into() });
        }
        if self.rules.max_rounds() != default.max_rounds() {
            rules_tags.push(Tag { name: "MaxRounds".into(), value: self.rules.max_rounds().to_string() });
        }
        let mut record = self.record.clone();
        record.tags.splice(0..0, rules_tags);
        record.write()
    }

    /// Verifies a finished (or stopped) game: every revealed secret hashes to its commitment and is legal, every
    /// secret move plays the revealed secret of its seat, and every resolved round's guesses are legal and
    /// answered as the revealed secrets answer them. A guess whose round never resolved stays unknown. The
    /// position after the last move comes back.
    pub fn verify(&self) -> Result<Position, VerifyError<Illegal>> {
        let mut secrets = [None, None];
        for seat in [Seat::FIRST, Seat::SECOND] {
            if self.record.reveals[seat.index()].is_none() {
                continue;
            }
            let secret = self.record.checked_secret(seat)?;
            let code = parse_secret(secret).map_err(|error| VerifyError::UnreadableSecret { seat, error })?;
            code.check(self.rules).map_err(|error| VerifyError::IllegalSecret { seat, reason: error.into() })?;
            secrets[seat.index()] = Some(code);
        }
        let mut position = Position::new(self.rules);
        // The seat whose guess of the open round is in, unseen until the round resolves.
        let mut ready: Option<Seat> = None;
        for (offset, recorded) in self.record.moves.iter().enumerate() {
            let (index, seat) = (offset + 1, recorded.seat);
            let refused = |reason: Illegal| match reason {
                Illegal::GameOver | Illegal::NotToAct(_) => VerifyError::NotToAct { index, seat },
                reason => VerifyError::IllegalMove { index, reason },
            };
            match recorded.public.as_str() {
                "S" => {
                    let code = secrets[seat.index()].ok_or(VerifyError::SecretMissing { seat })?;
                    position.apply_as(seat, Action::Secret(code)).map_err(refused)?;
                }
                "G" => {
                    if ready.is_some() || position.choosing_secrets() || !position.seats_to_act().contains(seat) {
                        return Err(VerifyError::NotToAct { index, seat });
                    }
                    ready = Some(seat);
                }
                text => {
                    let unreadable = || VerifyError::UnreadableMove { index, text: text.to_owned() };
                    let round = parse_round(text).filter(|round| round.len() == 2).ok_or_else(unreadable)?;
                    let waiting = ready.take().filter(|&waiting| waiting != seat);
                    let waiting = waiting.ok_or(VerifyError::NotToAct { index, seat })?;
                    let guesses = [round[0].0, round[1].0];
                    let mut actual = String::new();
                    let answers = [Seat::FIRST, Seat::SECOND].map(|guesser| {
                        let guess = guesses[guesser.index()];
                        let answer = secrets[guesser.other().index()].map(|secret| score(&secret, &guess));
                        (guess, answer)
                    });
                    let answered: Vec<_> =
                        answers.iter().filter_map(|&(guess, answer)| Some((guess, answer?))).collect();
                    write_round(&answered, &mut actual);
                    for guesser in [waiting, seat] {
                        position.apply_as(guesser, Action::Guess(guesses[guesser.index()])).map_err(refused)?;
                    }
                    if actual != text {
                        return Err(VerifyError::AnswerMismatch { index, recorded: text.to_owned(), actual });
                    }
                }
            }
        }
        Ok(position)
    }
}

impl VerifiableRecord for BullsAndCowsRecord {
    type Illegal = Illegal;

    fn read(text: &str) -> Result<Self, ReadError<RecordErrorKind>> {
        BullsAndCowsRecord::read(text)
    }

    fn hidden(&self) -> &HiddenRecord {
        &self.record
    }

    fn check(&self) -> Result<(), VerifyError<Illegal>> {
        self.verify().map(drop)
    }

    /// Each guess of a resolved round carries its answer, `0123=1B1C`.
    fn answers(&self) -> usize {
        let guesses = self.record.moves.iter().flat_map(|recorded| recorded.public.split_whitespace());
        guesses.filter(|guess| guess.contains('=')).count()
    }
}
