//! What the kinds with secrets (Sea Battle, Bulls and Cows) share in the server: the record of a game, the
//! engine's [`HiddenRecord`] (docs/hidden-information.md), written from the stored moves replayed for their public
//! texts and from the secrets the end revealed; and `kartka replay` of such records by the engine's verification.
//!
//! Only a game that is over has a record: the guard is [`Kind::record_in`](super::Kind::record_in)'s, for every
//! kind whose [`GameKind::hidden_information`] says so.

use kartka_engine::commitment::from_hex;
use kartka_engine::hidden_record::{HiddenRecord, RecordedMove, Reveal};
use kartka_engine::{AnyGame, EndReason, Game, GameKind};
use kartka_protocol::admin::ReviewedMove;
use kartka_protocol::{GameStatus, MoveRecord, RulesetSpec};

use super::ruleset;
use crate::games::convert;
use crate::games::kinds::ranked_records;
use crate::games::records::{split_records, ExportError, ReadGames, RecordParts};
use crate::games::tools::{Recorded, Replayed, Tally};

/// The shared record of `game` (tags, revealed secrets and public moves), its kind's rules tags still to add.
pub fn record(game: &RecordParts<'_>) -> Result<HiddenRecord, ExportError> {
    let secrets = game.secrets.as_ref().ok_or(ExportError::SecretsMissing)?;
    let rules = ruleset(&game.ruleset).map_err(|error| ExportError::Ruleset(error.to_string()))?;
    if game.moves.len() != secrets.movers.len() {
        return Err(ExportError::Moves(format!("{} moves and {} movers", game.moves.len(), secrets.movers.len())));
    }
    let mut replayed = AnyGame::new(&rules);
    let mut record = HiddenRecord::new(rules.kind().name(), &secrets.game_id.hyphenated().to_string());
    for (&text, &seat) in game.moves.iter().zip(&secrets.movers) {
        let (_, disclosure) = replayed.play_as(seat, text).map_err(|error| ExportError::Moves(error.to_string()))?;
        let public = disclosure.map_or_else(|| text.to_owned(), |disclosure| disclosure.public);
        record.moves.push(RecordedMove { seat, public });
    }
    for revealed in secrets.revealed.iter().filter(|revealed| revealed.secret.is_some()) {
        let seat = convert::seat(revealed.seat);
        let slot = record.reveals.get_mut(seat.index()).ok_or_else(|| damaged(revealed, "a seat of no game of two"))?;
        *slot = Some(reveal(revealed)?);
    }
    record.tags = ranked_records::tags(game);
    Ok(record)
}

/// A revealed move's secret with its nonce and commitment.
fn reveal(revealed: &MoveRecord) -> Result<Reveal, ExportError> {
    let secret = revealed.secret.clone().ok_or_else(|| damaged(revealed, "no secret"))?;
    let nonce = revealed.nonce.as_deref().and_then(from_hex).ok_or_else(|| damaged(revealed, "no nonce"))?;
    let commitment =
        revealed.commitment.as_deref().and_then(from_hex).ok_or_else(|| damaged(revealed, "no commitment"))?;
    Ok(Reveal { secret, nonce, commitment })
}

fn damaged(revealed: &MoveRecord, what: &str) -> ExportError {
    ExportError::Moves(format!("the revealed move at ply {}: {what}", revealed.ply))
}

/// Replays every record of a file by the engine's verification (`verify`: the commitments, then every answer
/// against the revealed secrets), reporting the malformed and the false ones on stderr; `ending` names how the
/// rules ended a finished game. A record carries no result of its own to compare beyond its `Ranks`, which the
/// verified replay gives anyway: a finished game counts as one whose result is missing.
pub fn replay<R, E: std::fmt::Display, I: std::error::Error, G: Game>(
    file: &str,
    text: &str,
    read: impl Fn(&str) -> Result<R, E>,
    verify: impl Fn(&R) -> Result<G, kartka_engine::hidden_record::VerifyError<I>>,
    ending: impl Fn(EndReason) -> &'static str,
) -> Tally {
    let records = split_records(text).into_iter().map(|text| read(&text));
    Tally::of_records(file, records, |record| match verify(&record) {
        Err(error) => Replayed::Illegal(error.to_string()),
        Ok(position) => match position.outcome() {
            Some(outcome) => Replayed::Finished { ending: Some(ending(outcome.reason)), recorded: Recorded::Missing },
            None => Replayed::Unfinished { mid_turn: false },
        },
    })
}

/// Replaces each move's stored text (the mover's whole text) by its public text, replayed through the engine: a
/// fleet `F`, a secret `S`, a guess of a round still open `G`, the rest as everyone saw them.
pub fn public_moves(spec: &RulesetSpec, moves: &mut [ReviewedMove]) -> Result<(), ExportError> {
    let rules = ruleset(spec).map_err(|error| ExportError::Ruleset(error.to_string()))?;
    let mut replayed = AnyGame::new(&rules);
    for reviewed in moves {
        let seat = convert::seat(reviewed.seat);
        let (_, disclosure) =
            replayed.play_as(seat, &reviewed.notation).map_err(|error| ExportError::Moves(error.to_string()))?;
        if let Some(disclosure) = disclosure {
            reviewed.notation = disclosure.public;
        }
    }
    Ok(())
}

/// Whether `kind` keeps secrets: the record of its games is written once they are over.
pub fn secrets_in_play(kind: GameKind, status: GameStatus) -> bool {
    kind.hidden_information() && status == GameStatus::Active
}

/// Every record of a file of a kind with secrets, each refused: such records are not imported
/// ([`ImportError::HiddenInformation`](crate::admin::import::ImportError::HiddenInformation), which the import
/// answers before reading them).
pub fn not_imported(text: &str) -> ReadGames {
    let refused = |_: u64, _: &String| Err("records of a kind with secrets are not imported".to_owned());
    ReadGames::of_records(split_records(text).into_iter().map(Ok), refused)
}
