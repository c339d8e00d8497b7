//! What the records of the hidden-information kinds share (not a kind): the secrets revealed at the end with their
//! nonces and commitments, the game id the commitments are bound to, and the moves as everyone saw them.
//!
//! Layout: tag pairs, a blank line, then one move a line, `<seat> <public text>` (`first F`, `second E5x E6.`):
//! - `[Game "<kind>"]` and `[GameId "<uuid>"]` (the id the commitments name, its text form);
//! - per seat, `[FirstSecret "…"]`, `[FirstNonce "<64 hex digits>"]`, `[FirstCommitment "<64 hex digits>"]` (and
//!   `Second…`): the canonical secret, the nonce and the commitment published when the secret was fixed
//!   ([`commitment`](crate::commitment));
//! - the kind's rules tags and any others, kept in order in [`HiddenRecord::tags`].
//!
//! Verification ([`HiddenRecord::checked_secret`], then each kind's replay of the moves against the revealed
//! secrets) answers with one [`VerifyError`], typed by the kind's illegal-action error.

use crate::commitment::{commitment, from_hex, to_hex, NONCE_LEN};
use crate::tag_pairs::{from_tag_error, write_tag, ReadError, Tag, TagReader};
use crate::{NotationError, Seat};

/// The seats of a two-seat hidden-information game, in the order their tags are written.
const SEATS: [Seat; 2] = [Seat::FIRST, Seat::SECOND];

/// One seat's secret as the end of the game reveals it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reveal {
    /// The canonical secret (`F:A1-A4,…`, `S:0123`).
    pub secret: String,
    /// The nonce the server drew for the commitment.
    pub nonce: [u8; NONCE_LEN],
    /// The commitment published when the secret was fixed.
    pub commitment: [u8; 32],
}

/// One move as everyone saw it: the seat that played it and its public text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedMove {
    /// The seat that played the move.
    pub seat: Seat,
    /// The move's public text ([`Disclosure::public`](crate::Disclosure)).
    pub public: String,
}

/// A finished game of a hidden-information kind: its tags, the revealed secrets and the public moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HiddenRecord {
    /// The kind's stable name, the `Game` tag.
    pub game: String,
    /// The game's id, the `GameId` tag, as the commitments name it.
    pub game_id: String,
    /// Each seat's revealed secret, first seat first; `None` for a seat whose secret the record lacks.
    pub reveals: [Option<Reveal>; 2],
    /// Every other tag (the kind's rules tags among them), in order.
    pub tags: Vec<Tag>,
    /// The moves in the order played.
    pub moves: Vec<RecordedMove>,
}

/// What makes a record unreadable.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordErrorKind {
    /// A line starting with `[` is not `[Name "value"]`.
    #[error("malformed tag")]
    MalformedTag,
    /// The same tag twice.
    #[error("tag {0} appears twice")]
    DuplicateTag(String),
    /// More tag pairs than [`MAX_RECORD_TAGS`](crate::tag_pairs::MAX_RECORD_TAGS).
    #[error("too many tag pairs")]
    TooManyTags,
    /// The `Game` tag names another kind than the reader's.
    #[error("the Game tag is {found:?}, not {expected:?}")]
    OtherGame {
        /// The kind the reader reads.
        expected: &'static str,
        /// The tag's value.
        found: String,
    },
    /// A tag the record needs is missing (`Game`, `GameId`, or a nonce or commitment beside a secret).
    #[error("the {0} tag is missing")]
    MissingTag(&'static str),
    /// A nonce or commitment tag is not 64 hexadecimal digits.
    #[error("the {0} tag is not 64 hexadecimal digits")]
    BadHex(String),
    /// A rules tag of the kind has a value outside the rules.
    #[error("the {name} tag {value:?} is outside the rules")]
    BadRules {
        /// The tag's name.
        name: &'static str,
        /// Its value.
        value: String,
    },
    /// A tag after the moves began.
    #[error("a tag after the moves")]
    TagAfterMoves,
    /// A move line is not `<seat> <public text>` with a seat of the game.
    #[error("a move line is not a seat and its public text")]
    BadMoveLine,
}

from_tag_error!(RecordErrorKind);

/// Why a record does not verify. `I` is the kind's illegal-action error.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError<I: std::error::Error> {
    /// The record does not reveal this seat's secret, though a move of the seat fixed one.
    #[error("the {seat} seat's secret is not revealed")]
    SecretMissing {
        /// The seat.
        seat: Seat,
    },
    /// The revealed secret and nonce do not hash to the commitment published during the game.
    #[error("the {seat} seat's revealed secret does not match its commitment")]
    CommitmentMismatch {
        /// The seat.
        seat: Seat,
    },
    /// The revealed secret is not in the kind's notation.
    #[error("the {seat} seat's revealed secret is unreadable: {error}")]
    UnreadableSecret {
        /// The seat.
        seat: Seat,
        /// Where the notation failed.
        error: NotationError,
    },
    /// The revealed secret breaks the rules (a fleet of the wrong ships, ships that touch, a secret with a
    /// repeated digit).
    #[error("the {seat} seat's revealed secret breaks the rules: {reason}")]
    IllegalSecret {
        /// The seat.
        seat: Seat,
        /// Why the rules refuse it.
        reason: I,
    },
    /// A move's public text is not in the kind's public notation.
    #[error("move {index}: unreadable public text {text:?}")]
    UnreadableMove {
        /// The move, counted from 1.
        index: usize,
        /// Its text.
        text: String,
    },
    /// A move's seat was not one of the seats to act, or the game was over.
    #[error("move {index}: the {seat} seat was not to act")]
    NotToAct {
        /// The move, counted from 1.
        index: usize,
        /// The seat the record names.
        seat: Seat,
    },
    /// A move the rules refuse against the revealed secrets.
    #[error("move {index}: illegal: {reason}")]
    IllegalMove {
        /// The move, counted from 1.
        index: usize,
        /// Why the rules refuse it.
        reason: I,
    },
    /// A published answer that does not follow from the revealed secrets.
    #[error("move {index}: the record says {recorded:?}, the revealed secrets answer {actual:?}")]
    AnswerMismatch {
        /// The move, counted from 1.
        index: usize,
        /// The public text the record holds.
        recorded: String,
        /// The public text the revealed secrets give.
        actual: String,
    },
}

/// A hidden-information kind's record, as `kartka verify` checks it whatever the kind
/// ([`verify_hidden_record`](crate::verify_hidden_record) finds the kind by the record's `Game` tag).
pub trait VerifiableRecord: Sized {
    /// Why the kind's rules refuse an action.
    type Illegal: std::error::Error + Send + Sync + 'static;

    /// Reads a record of the kind.
    fn read(text: &str) -> Result<Self, ReadError<RecordErrorKind>>;

    /// Its revealed secrets and public moves.
    fn hidden(&self) -> &HiddenRecord;

    /// Checks every revealed secret against its commitment and every move and answer against the secrets.
    fn check(&self) -> Result<(), VerifyError<Self::Illegal>>;

    /// How many answers the public moves carry: each one a fact about a secret that [`VerifiableRecord::check`]
    /// compared with the revealed secrets.
    fn answers(&self) -> usize;
}

/// What a verified record held.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verified {
    /// The revealed secrets, each matching its commitment.
    pub commitments: usize,
    /// The answers, each following from the revealed secrets.
    pub answers: usize,
}

/// Why a record of a hidden-information kind does not verify, whatever its kind.
#[derive(Debug, thiserror::Error)]
pub enum RecordCheckError {
    /// The record does not read as a record of its kind.
    #[error("malformed record, line {}: {}", .0.line, .0.kind)]
    Malformed(ReadError<RecordErrorKind>),
    /// The record reads but does not verify.
    #[error("not verified: {error}{}", .seat.map(|seat| format!(" (a move of the {seat} seat)")).unwrap_or_default())]
    NotVerified {
        /// The first failure, a [`VerifyError`] of the kind.
        error: Box<dyn std::error::Error + Send + Sync>,
        /// The seat that played the move the failure names, when it names a move.
        seat: Option<Seat>,
    },
}

/// Reads `text` as a record of `R`'s kind and verifies it.
pub fn check_record<R: VerifiableRecord>(text: &str) -> Result<Verified, RecordCheckError> {
    let record = R::read(text).map_err(RecordCheckError::Malformed)?;
    let hidden = record.hidden();
    record.check().map_err(|error| {
        let seat = match &error {
            VerifyError::UnreadableMove { index, .. }
            | VerifyError::IllegalMove { index, .. }
            | VerifyError::AnswerMismatch { index, .. } => hidden.moves.get(index - 1).map(|recorded| recorded.seat),
            // The other failures name their seat themselves.
            _ => None,
        };
        RecordCheckError::NotVerified { error: Box::new(error), seat }
    })?;
    Ok(Verified { commitments: hidden.reveals.iter().flatten().count(), answers: record.answers() })
}

impl HiddenRecord {
    /// An empty record of the kind `game` for the game `game_id`.
    #[must_use]
    pub fn new(game: &str, game_id: &str) -> HiddenRecord {
        HiddenRecord {
            game: game.to_owned(),
            game_id: game_id.to_owned(),
            reveals: [None, None],
            tags: Vec::new(),
            moves: Vec::new(),
        }
    }

    /// The value of the first other tag called `name`.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        crate::tag_pairs::tag_value(&self.tags, name)
    }

    /// Reads a record of the kind `game`: tags first, one per line; then each line that is not blank is one move.
    /// `rules_tag` sees every tag besides the ones read here, in order: it answers whether the tag is one of the
    /// kind's rules tags (taken by the kind, so not kept among [`HiddenRecord::tags`]), or why its value is outside
    /// the rules (reported at the tag's line).
    pub fn read(
        text: &str,
        game: &'static str,
        mut rules_tag: impl FnMut(&Tag) -> Result<bool, RecordErrorKind>,
    ) -> Result<HiddenRecord, ReadError<RecordErrorKind>> {
        let mut reader = TagReader::default();
        let mut tags = Vec::new();
        let mut moves = Vec::new();
        let mut last_line = 0;
        for (index, line) in text.lines().enumerate() {
            let line_number = index + 1;
            last_line = line_number;
            let trimmed = line.trim();
            if trimmed.is_empty() {
                continue;
            }
            if trimmed.starts_with('[') {
                if !moves.is_empty() {
                    return Err(ReadError::at(line_number, RecordErrorKind::TagAfterMoves));
                }
                tags.push((line_number, reader.read(trimmed).map_err(|error| ReadError::at(line_number, error))?));
            } else {
                let (seat, public) =
                    trimmed.split_once(' ').ok_or(ReadError::at(line_number, RecordErrorKind::BadMoveLine))?;
                let seat = Seat::from_ordinal(seat)
                    .filter(|seat| seat.index() < SEATS.len())
                    .ok_or(ReadError::at(line_number, RecordErrorKind::BadMoveLine))?;
                moves.push(RecordedMove { seat, public: public.trim().to_owned() });
            }
        }
        let mut record = HiddenRecord::new(game, "");
        let (mut game_seen, mut id_seen) = (false, false);
        let mut parts: [[Option<(usize, String)>; 3]; 2] = Default::default();
        for (line, tag) in tags {
            match tag.name.as_str() {
                "Game" if tag.value != game => {
                    return Err(ReadError::at(line, RecordErrorKind::OtherGame { expected: game, found: tag.value }))
                }
                "Game" => game_seen = true,
                "GameId" => (record.game_id, id_seen) = (tag.value, true),
                name => match secret_part(name) {
                    Some((seat, part)) => parts[seat][part] = Some((line, tag.value)),
                    None => {
                        if !rules_tag(&tag).map_err(|kind| ReadError::at(line, kind))? {
                            record.tags.push(tag);
                        }
                    }
                },
            }
        }
        if !game_seen {
            return Err(ReadError::at(last_line.max(1), RecordErrorKind::MissingTag("Game")));
        }
        if !id_seen {
            return Err(ReadError::at(last_line.max(1), RecordErrorKind::MissingTag("GameId")));
        }
        for (seat, [secret, nonce, commitment]) in parts.into_iter().enumerate() {
            record.reveals[seat] = reveal(seat, secret, nonce, commitment, last_line.max(1))?;
        }
        record.moves = moves;
        Ok(record)
    }

    /// Writes the record: `Game`, `GameId`, the other tags, each revealed secret with its nonce and commitment, a
    /// blank line, then one move a line. Lines end with `\n`.
    #[must_use]
    pub fn write(&self) -> String {
        let mut out = String::new();
        write_tag(&mut out, "Game", &self.game, "\n");
        write_tag(&mut out, "GameId", &self.game_id, "\n");
        for tag in &self.tags {
            write_tag(&mut out, &tag.name, &tag.value, "\n");
        }
        for (seat, reveal) in SEATS.iter().zip(&self.reveals) {
            let Some(reveal) = reveal else { continue };
            let prefix = seat_prefix(*seat);
            write_tag(&mut out, &format!("{prefix}Secret"), &reveal.secret, "\n");
            write_tag(&mut out, &format!("{prefix}Nonce"), &to_hex(&reveal.nonce), "\n");
            write_tag(&mut out, &format!("{prefix}Commitment"), &to_hex(&reveal.commitment), "\n");
        }
        out.push('\n');
        for recorded in &self.moves {
            out.push_str(recorded.seat.ordinal());
            out.push(' ');
            out.push_str(&recorded.public);
            out.push('\n');
        }
        out
    }

    /// The revealed secret of `seat`, checked against its commitment: the secret when the revealed secret and
    /// nonce hash to the published commitment, else why not.
    pub fn checked_secret<I: std::error::Error>(&self, seat: Seat) -> Result<&str, VerifyError<I>> {
        let reveal =
            self.reveals.get(seat.index()).and_then(Option::as_ref).ok_or(VerifyError::SecretMissing { seat })?;
        if commitment(&self.game_id, seat, &reveal.secret, &reveal.nonce) != reveal.commitment {
            return Err(VerifyError::CommitmentMismatch { seat });
        }
        Ok(&reveal.secret)
    }
}

/// A switch of a rules tag, `yes` or `no`.
pub(crate) fn yes_no(value: &str) -> Option<bool> {
    match value {
        "yes" => Some(true),
        "no" => Some(false),
        _ => None,
    }
}

/// `First` or `Second`: how a seat's secret tags begin.
fn seat_prefix(seat: Seat) -> &'static str {
    if seat == Seat::FIRST {
        "First"
    } else {
        "Second"
    }
}

/// The seat and the part (0 secret, 1 nonce, 2 commitment) a secret tag's name stands for.
fn secret_part(name: &str) -> Option<(usize, usize)> {
    let (seat, part) =
        if let Some(part) = name.strip_prefix("First") { (0, part) } else { (1, name.strip_prefix("Second")?) };
    let part = ["Secret", "Nonce", "Commitment"].iter().position(|&known| known == part)?;
    Some((seat, part))
}

/// A seat's reveal from its three tags (each with its line): none when no tag is there, else all three.
fn reveal(
    seat: usize,
    secret: Option<(usize, String)>,
    nonce: Option<(usize, String)>,
    commitment: Option<(usize, String)>,
    last_line: usize,
) -> Result<Option<Reveal>, ReadError<RecordErrorKind>> {
    if secret.is_none() && nonce.is_none() && commitment.is_none() {
        return Ok(None);
    }
    let missing = |part: &'static str| ReadError::at(last_line, RecordErrorKind::MissingTag(part));
    let names = if seat == 0 {
        ["FirstSecret", "FirstNonce", "FirstCommitment"]
    } else {
        ["SecondSecret", "SecondNonce", "SecondCommitment"]
    };
    let (_, secret) = secret.ok_or_else(|| missing(names[0]))?;
    let (nonce_line, nonce) = nonce.ok_or_else(|| missing(names[1]))?;
    let (commitment_line, commitment) = commitment.ok_or_else(|| missing(names[2]))?;
    let nonce = from_hex(&nonce).ok_or(ReadError::at(nonce_line, RecordErrorKind::BadHex(names[1].to_owned())))?;
    let commitment =
        from_hex(&commitment).ok_or(ReadError::at(commitment_line, RecordErrorKind::BadHex(names[2].to_owned())))?;
    Ok(Some(Reveal { secret, nonce, commitment }))
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME_ID: &str = "0f8e2a4c-1d3b-4e5f-9a7b-6c5d4e3f2a1b";

    fn sample() -> HiddenRecord {
        let nonce = [3; NONCE_LEN];
        let secret = "S:0123".to_owned();
        let mut record = HiddenRecord::new("bulls-and-cows", GAME_ID);
        record.reveals[0] =
            Some(Reveal { commitment: commitment(GAME_ID, Seat::FIRST, &secret, &nonce), secret, nonce });
        record.tags.push(Tag { name: "Digits".into(), value: "4".into() });
        record.moves.push(RecordedMove { seat: Seat::FIRST, public: "S".into() });
        record
    }

    #[test]
    fn a_record_reads_back_as_written() {
        let record = sample();
        let text = record.write();
        assert_eq!(HiddenRecord::read(&text, "bulls-and-cows", |_| Ok(false)), Ok(record));
    }

    #[test]
    fn a_commitment_is_checked_against_the_revealed_secret() {
        let mut record = sample();
        assert_eq!(record.checked_secret::<NotationError>(Seat::FIRST), Ok("S:0123"));
        assert_eq!(
            record.checked_secret::<NotationError>(Seat::SECOND),
            Err(VerifyError::SecretMissing { seat: Seat::SECOND })
        );
        record.reveals[0].as_mut().expect("revealed").secret = "S:0124".into();
        assert_eq!(
            record.checked_secret::<NotationError>(Seat::FIRST),
            Err(VerifyError::CommitmentMismatch { seat: Seat::FIRST })
        );
    }

    #[test]
    fn unreadable_records_say_why() {
        let text = sample().write();
        let kind = |text: &str| HiddenRecord::read(text, "bulls-and-cows", |_| Ok(false)).map_err(|error| error.kind);
        assert!(matches!(kind(&text.replace("bulls-and-cows", "sea-battle")), Err(RecordErrorKind::OtherGame { .. })));
        assert_eq!(kind(&text.replace("[GameId", "[Id")), Err(RecordErrorKind::MissingTag("GameId")));
        assert_eq!(
            kind(&text.replace("FirstNonce \"03", "FirstNonce \"zz")),
            Err(RecordErrorKind::BadHex("FirstNonce".into()))
        );
        assert_eq!(kind(&text.replace("[FirstNonce", "[OtherNonce")), Err(RecordErrorKind::MissingTag("FirstNonce")));
        assert_eq!(kind(&format!("{text}third S\n")), Err(RecordErrorKind::BadMoveLine));
        assert_eq!(kind(&format!("{text}[Late \"x\"]\n")), Err(RecordErrorKind::TagAfterMoves));
        let refuse_digits = |tag: &Tag| match tag.name.as_str() {
            "Digits" => Err(RecordErrorKind::BadRules { name: "Digits", value: tag.value.clone() }),
            _ => Ok(false),
        };
        let refused = HiddenRecord::read(&text, "bulls-and-cows", refuse_digits).expect_err("a rules tag refused");
        assert_eq!((refused.line, refused.kind), (3, RecordErrorKind::BadRules { name: "Digits", value: "4".into() }));
    }
}
