//! Sea Battle records: the shared layout of the hidden-information kinds ([`HiddenRecord`]) with the rules tags
//! `Fleet`, `Touching` and `ShootAgain` (each written only where it differs from the fleet's default), and the
//! verification of a finished game against its revealed fleets.

use super::notation::{parse_answered_shots, parse_fleet, write_answered_shot, Action};
use super::position::{Illegal, Position};
use super::rules::{FleetKind, SeaBattleRules, Touching};
use super::NAME;
use crate::kinds::hidden_record::{yes_no, HiddenRecord, RecordErrorKind, VerifiableRecord, VerifyError};
use crate::tag_pairs::{ReadError, Tag};
use crate::Seat;

/// A Sea Battle record: the rules read from their tags, and the shared record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeaBattleRecord {
    /// The rules the game was played by.
    pub rules: SeaBattleRules,
    /// Tags, revealed fleets and public moves (the rules tags are not among its tags).
    pub record: HiddenRecord,
}

impl SeaBattleRecord {
    /// Reads a record whose `Game` tag is `sea-battle`.
    pub fn read(text: &str) -> Result<SeaBattleRecord, ReadError<RecordErrorKind>> {
        let (mut fleet, mut touching, mut shoot_again) = (None, None, None);
        let record = HiddenRecord::read(text, NAME, |tag| {
            let value = tag.value.as_str();
            let bad = |name| RecordErrorKind::BadRules { name, value: value.to_owned() };
            match tag.name.as_str() {
                "Fleet" => fleet = Some(value.parse::<FleetKind>().map_err(|_| bad("Fleet"))?),
                "Touching" => touching = Some(value.parse::<Touching>().map_err(|_| bad("Touching"))?),
                "ShootAgain" => shoot_again = Some(yes_no(value).ok_or_else(|| bad("ShootAgain"))?),
                _ => return Ok(false),
            }
            Ok(true)
        })?;
        let mut rules = SeaBattleRules::of_fleet(fleet.unwrap_or_default());
        if let Some(touching) = touching {
            rules = rules.with_touching(touching);
        }
        if let Some(shoot_again) = shoot_again {
            rules = rules.with_shoot_again(shoot_again);
        }
        Ok(SeaBattleRecord { rules, record })
    }

    /// Writes the record, the rules tags that differ from the fleet's defaults first among the other tags.
    #[must_use]
    pub fn write(&self) -> String {
        let defaults = SeaBattleRules::of_fleet(self.rules.fleet());
        let mut rules_tags = Vec::new();
        if self.rules.fleet() != FleetKind::default() {
            rules_tags.push(Tag { name: "Fleet".into(), value: self.rules.fleet().name().into() });
        }
        if self.rules.touching() != defaults.touching() {
            rules_tags.push(Tag { name: "Touching".into(), value: self.rules.touching().name().into() });
        }
        if self.rules.shoot_again() != defaults.shoot_again() {
            let value = if self.rules.shoot_again() { "yes" } else { "no" };
            rules_tags.push(Tag { name: "ShootAgain".into(), value: value.into() });
        }
        let mut record = self.record.clone();
        record.tags.splice(0..0, rules_tags);
        record.write()
    }

    /// Verifies a finished (or stopped) game: every revealed fleet hashes to its commitment and is legal, every
    /// fleet move plays the revealed fleet of its seat, and every shot is legal and answered as the revealed
    /// fleets answer it. The position after the last move comes back.
    pub fn verify(&self) -> Result<Position, VerifyError<Illegal>> {
        let mut fleets = [None, None];
        for seat in [Seat::FIRST, Seat::SECOND] {
            if self.record.reveals[seat.index()].is_none() {
                continue;
            }
            let secret = self.record.checked_secret(seat)?;
            let fleet = parse_fleet(secret).map_err(|error| VerifyError::UnreadableSecret { seat, error })?;
            fleet.check(self.rules).map_err(|error| VerifyError::IllegalSecret { seat, reason: error.into() })?;
            fleets[seat.index()] = Some(fleet);
        }
        let mut position = Position::new(self.rules);
        for (offset, recorded) in self.record.moves.iter().enumerate() {
            let (index, seat) = (offset + 1, recorded.seat);
            let refused = |reason: Illegal| match reason {
                Illegal::GameOver | Illegal::NotToAct(_) => VerifyError::NotToAct { index, seat },
                reason => VerifyError::IllegalMove { index, reason },
            };
            if recorded.public == "F" {
                let fleet = fleets[seat.index()].ok_or(VerifyError::SecretMissing { seat })?;
                position.apply_as(seat, Action::Fleet(fleet)).map_err(refused)?;
                continue;
            }
            let shots = parse_answered_shots(&recorded.public)
                .ok_or_else(|| VerifyError::UnreadableMove { index, text: recorded.public.clone() })?;
            let mut actual = String::new();
            for (cell, _) in shots {
                position.check_as(seat, Action::Shot(cell)).map_err(refused)?;
                if !actual.is_empty() {
                    actual.push(' ');
                }
                write_answered_shot(cell, position.answer(seat.other(), cell), &mut actual);
                position.apply_as(seat, Action::Shot(cell)).map_err(refused)?;
            }
            if actual != recorded.public {
                return Err(VerifyError::AnswerMismatch { index, recorded: recorded.public.clone(), actual });
            }
        }
        Ok(position)
    }
}

impl VerifiableRecord for SeaBattleRecord {
    type Illegal = Illegal;

    fn read(text: &str) -> Result<Self, ReadError<RecordErrorKind>> {
        SeaBattleRecord::read(text)
    }

    fn hidden(&self) -> &HiddenRecord {
        &self.record
    }

    fn check(&self) -> Result<(), VerifyError<Illegal>> {
        self.verify().map(drop)
    }

    /// Each shot of a shooting move is answered; the fleet moves (`F`) answer nothing.
    fn answers(&self) -> usize {
        let shooting = self.record.moves.iter().filter(|recorded| recorded.public != "F");
        shooting.map(|recorded| recorded.public.split_whitespace().count()).sum()
    }
}
