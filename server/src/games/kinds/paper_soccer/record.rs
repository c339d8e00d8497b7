//! A Paper Soccer game as a kurnik record (CRLF, as kurnik writes its own): kartka's own record of the kind,
//! and the foreign format `kurnik` that the kinds kurnik can express list.

use kartka_engine::soccer::{split_turns, KurnikRecord, LineEnding, Pitch, Position, RecordResult, Tag};
use kartka_engine::Ruleset;
use kartka_protocol::{GameStatus, SeatName, TimeControl};

use crate::games::kinds;
use crate::games::records::{date_text, time_control_text, ExportError, ForeignFormat, RecordParts};

/// kurnik's record format, for the games kurnik can express: classic Paper Soccer with kurnik's
/// `TimeControl` (a clock's starting seconds alone).
pub(in crate::games::kinds) const KURNIK: &str = "kurnik";

/// Why a game has no kurnik record. A kurnik record is a classic Paper Soccer game (kurnik's rules, steps 0–7,
/// the game over at its first goal or block), so only games played by those rules up to that end have one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(in crate::games::kinds) enum KurnikRefusal {
    /// A match of points went on after its first point, where a kurnik game ends.
    #[error("the match went on after its first point; a kurnik game ends at its first goal or block")]
    PastFirstPoint,
    /// The match stopped at its one point but was not won by its scorer (a resignation or a draw agreed
    /// after it), which a kurnik game, won by that point, cannot say.
    #[error("the match's only point was scored by the {scorer} player but its result is {result}")]
    WinnerIsNotScorer {
        /// Who scored: `first` or `second`.
        scorer: &'static str,
        /// The match's result, as kurnik writes it (Black–White).
        result: &'static str,
    },
}

impl From<KurnikRefusal> for ExportError {
    fn from(refusal: KurnikRefusal) -> ExportError {
        ExportError::Inexpressible { format: KURNIK, reason: Box::new(refusal) }
    }
}

/// Paper Soccer's foreign formats: every classic game is kurnik's own.
pub(super) const FORMATS: &[ForeignFormat] = &[ForeignFormat { name: KURNIK, write: kurnik_record }];

/// The kurnik record of a Paper Soccer game: kurnik's tags (Black–White `Result`, `TimeControl` in seconds per
/// player), the players' names, and the movetext split into turns by the rules.
pub fn kurnik_record(game: &RecordParts<'_>) -> Result<String, ExportError> {
    write_kurnik(pitch_of(game)?, game, stored_result(game), kurnik_time_control(&game.time_control))
}

/// kartka's own record of a Paper Soccer game: the kurnik record, but with the `TimeControl` written as kartka
/// writes it for every kind (`180+2`: kurnik's tag has no room for the increment, and an export must not lose it).
pub fn own_record(game: &RecordParts<'_>) -> Result<String, ExportError> {
    write_kurnik(pitch_of(game)?, game, stored_result(game), time_control_text(&game.time_control))
}

fn pitch_of(game: &RecordParts<'_>) -> Result<Pitch, ExportError> {
    match kinds::ruleset(&game.ruleset).map_err(|e| ExportError::Ruleset(e.to_string()))? {
        Ruleset::PaperSoccer(rules) => Ok(rules.pitch),
        other => Err(ExportError::Ruleset(format!("{other:?} is not a Paper Soccer ruleset"))),
    }
}

/// The `TimeControl` tag as kurnik writes it: a clock's starting seconds; other clocks as kartka writes them for
/// any kind ("one move per N seconds" for correspondence, as in PGN).
pub(in crate::games::kinds) fn kurnik_time_control(time_control: &TimeControl) -> String {
    match time_control {
        TimeControl::Fischer { initial_seconds, .. } => initial_seconds.to_string(),
        TimeControl::Correspondence { .. } | TimeControl::PerMove { .. } => time_control_text(time_control),
    }
}

/// kurnik's result of a stored game: its winner once finished, else unknown (`*`).
pub(in crate::games::kinds) fn stored_result(game: &RecordParts<'_>) -> RecordResult {
    match (game.status, game.result.as_ref()) {
        (GameStatus::Finished, Some(result)) => match result.winner {
            Some(SeatName::First) => RecordResult::WhiteWon,
            Some(_) => RecordResult::BlackWon,
            None => RecordResult::Draw,
        },
        _ => RecordResult::Unknown,
    }
}

/// The kurnik record of `game`'s steps, classic Paper Soccer on `pitch`, with `result` and the `TimeControl` tag
/// `time_control`.
pub(in crate::games::kinds) fn write_kurnik(
    pitch: Pitch,
    game: &RecordParts<'_>,
    result: RecordResult,
    time_control: String,
) -> Result<String, ExportError> {
    let digits: String = game.moves.concat();
    let turns = split_turns(&Position::new(pitch), &digits).map_err(|e| ExportError::Moves(e.to_string()))?.turns;
    let tag = |name: &str, value: String| Tag { name: name.to_owned(), value };
    let mut tags = vec![
        tag("Event", "kartka".to_owned()),
        tag("Site", "kartka".to_owned()),
        tag("Date", date_text(game.created_at_ms)),
        tag("Round", "-".to_owned()),
        tag("Black", game.names[1].to_owned()),
        tag("White", game.names[0].to_owned()),
        tag("Result", result.token().to_owned()),
        tag("TimeControl", time_control),
    ];
    if pitch != Pitch::STANDARD {
        tags.push(tag("Board", format!("{}x{}", pitch.width(), pitch.height())));
        tags.push(tag("Mouth", pitch.goal_width().to_string()));
    }
    Ok(KurnikRecord { tags, turns, result: Some(result) }.write(LineEnding::CrLf))
}
