//! Gallows records: the shared layout of the hidden-information kinds ([`HiddenRecord`]) with the rules tags
//! `Language`, `Dictionary` and `DictionaryHash` (always written: a word is judged by the list the game was
//! created with), `Word` (`server`), `Misses` and `Reveal` (`ends`), each of the last three written only where
//! it differs from the default; and the verification of a finished game against its revealed words.

use super::notation::{parse_secret, Action, PublicMove};
use super::position::{Illegal, Position};
use super::rules::{GallowsRules, Hint, WordSource, MISSES};
use super::NAME;
use crate::dictionary::{DictionaryHash, DictionaryId, DictionaryName, Language};
use crate::kinds::hidden_record::{HiddenRecord, RecordErrorKind, VerifiableRecord, VerifyError};
use crate::tag_pairs::{ReadError, Tag};
use crate::Seat;

/// A Gallows record: the rules read from their tags, and the shared record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GallowsRecord {
    /// The rules the game was played by.
    pub rules: GallowsRules,
    /// Tags, revealed words and public moves (the rules tags are not among its tags).
    pub record: HiddenRecord,
}

impl GallowsRecord {
    /// Reads a record whose `Game` tag is `gallows`. Its dictionary must be registered in this process (a
    /// `DictionaryHash` this process lacks is refused as outside the rules).
    pub fn read(text: &str) -> Result<GallowsRecord, ReadError<RecordErrorKind>> {
        let default = GallowsRules::default();
        let (mut language, mut name, mut hash) = (None, None, None);
        let (mut source, mut misses, mut hint) = (default.source(), default.misses(), default.hint());
        let record = HiddenRecord::read(text, NAME, |tag| {
            let value = tag.value.as_str();
            let bad = |name| RecordErrorKind::BadRules { name, value: value.to_owned() };
            match tag.name.as_str() {
                "Language" => language = Some(value.parse::<Language>().map_err(|_| bad("Language"))?),
                "Dictionary" => name = Some(DictionaryName::new(value).ok_or_else(|| bad("Dictionary"))?),
                "DictionaryHash" => hash = Some(DictionaryHash::from_hex(value).ok_or_else(|| bad("DictionaryHash"))?),
                "Word" => {
                    source = match value {
                        "setter" => WordSource::Setter,
                        "server" => WordSource::Server,
                        _ => return Err(bad("Word")),
                    }
                }
                "Misses" => {
                    misses = value
                        .parse::<u8>()
                        .ok()
                        .filter(|misses| MISSES.contains(misses))
                        .ok_or_else(|| bad("Misses"))?
                }
                "Reveal" => {
                    hint = match value {
                        "none" => Hint::None,
                        "ends" => Hint::Ends,
                        _ => return Err(bad("Reveal")),
                    }
                }
                _ => return Ok(false),
            }
            Ok(true)
        })?;
        let last_line = text.lines().count().max(1);
        let missing = |tag| ReadError::at(last_line, RecordErrorKind::MissingTag(tag));
        let language = language.ok_or_else(|| missing("Language"))?;
        let name = name.ok_or_else(|| missing("Dictionary"))?;
        let hash = hash.ok_or_else(|| missing("DictionaryHash"))?;
        let dictionary = DictionaryId { language, name, hash };
        let rules = GallowsRules::new(dictionary, source, misses, hint).map_err(|_| {
            ReadError::at(last_line, RecordErrorKind::BadRules { name: "DictionaryHash", value: hash.to_hex() })
        })?;
        Ok(GallowsRecord { rules, record })
    }

    /// Writes the record, the rules tags first among the other tags.
    #[must_use]
    pub fn write(&self) -> String {
        let default = GallowsRules::default();
        let dictionary = self.rules.dictionary();
        let tag = |name: &str, value: String| Tag { name: name.into(), value };
        let mut rules_tags = vec![
            tag("Language", dictionary.language.code().to_owned()),
            tag("Dictionary", dictionary.name.to_string()),
            tag("DictionaryHash", dictionary.hash.to_hex()),
        ];
        if self.rules.source() == WordSource::Server {
            rules_tags.push(tag("Word", "server".into()));
        }
        if self.rules.misses() != default.misses() {
            rules_tags.push(tag("Misses", self.rules.misses().to_string()));
        }
        if self.rules.hint() == Hint::Ends {
            rules_tags.push(tag("Reveal", "ends".into()));
        }
        let mut record = self.record.clone();
        record.tags.splice(0..0, rules_tags);
        record.write()
    }

    /// Verifies a finished (or stopped) game: every revealed word hashes to its commitment and is a word the
    /// rules accept, every word set plays its seat's revealed word and shows the pattern it gives, and every
    /// guess is legal and answered as the revealed word answers it. The position after the last move comes back.
    pub fn verify(&self) -> Result<Position, VerifyError<Illegal>> {
        let mut words = [None, None];
        for seat in [Seat::FIRST, Seat::SECOND] {
            if self.record.reveals[seat.index()].is_none() {
                continue;
            }
            let secret = self.record.checked_secret(seat)?;
            let word = parse_secret(secret).map_err(|error| VerifyError::UnreadableSecret { seat, error })?;
            let start = Position::new(self.rules);
            start.check_word(word).map_err(|reason| VerifyError::IllegalSecret { seat, reason })?;
            words[seat.index()] = Some(word);
        }
        let mut position = Position::new(self.rules);
        for (offset, recorded) in self.record.moves.iter().enumerate() {
            let (index, seat) = (offset + 1, recorded.seat);
            let refused = |reason: Illegal| match reason {
                Illegal::GameOver | Illegal::NotToAct(_) => VerifyError::NotToAct { index, seat },
                reason => VerifyError::IllegalMove { index, reason },
            };
            let unreadable = || VerifyError::UnreadableMove { index, text: recorded.public.clone() };
            let action = match PublicMove::parse(&recorded.public).ok_or_else(unreadable)? {
                PublicMove::Set { .. } => {
                    Action::Secret(words[seat.index()].ok_or(VerifyError::SecretMissing { seat })?)
                }
                PublicMove::Letter { letter, .. } => Action::Letter(letter),
                PublicMove::Solve { word, .. } => Action::Solve(word),
            };
            if position.to_act() != Some(seat) {
                return Err(VerifyError::NotToAct { index, seat });
            }
            let mut after = position.clone();
            after.apply_as(seat, action).map_err(refused)?;
            let actual = position.public_move(action, &after).text();
            if actual != recorded.public {
                return Err(VerifyError::AnswerMismatch { index, recorded: recorded.public.clone(), actual });
            }
            position = after;
        }
        Ok(position)
    }
}

impl VerifiableRecord for GallowsRecord {
    type Illegal = Illegal;

    fn read(text: &str) -> Result<Self, ReadError<RecordErrorKind>> {
        GallowsRecord::read(text)
    }

    fn hidden(&self) -> &HiddenRecord {
        &self.record
    }

    fn check(&self) -> Result<(), VerifyError<Illegal>> {
        self.verify().map(drop)
    }

    /// Each guess is answered; a word set (`W:…`) answers nothing.
    fn answers(&self) -> usize {
        self.record.moves.iter().filter(|recorded| !recorded.public.starts_with("W:")).count()
    }
}
