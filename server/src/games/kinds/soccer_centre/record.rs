//! A match of points as a record of the rules document's §5.6 format: `[Variant "classic+centre"]`, the
//! pitch, kurnik's tags, `[Score]` and `[Winner]`, and turn tokens with `-` for a skipped slot.

use kartka_engine::soccer::{Pitch, Position, RecordResult};
use kartka_engine::soccer_centre::CentreRecord;
use kartka_engine::{Ruleset, Seat};

use crate::games::kinds::paper_soccer::record::{
    kurnik_time_control, stored_result, write_kurnik, KurnikRefusal, KURNIK,
};
use crate::games::kinds::{self, scored};
use crate::games::records::{ExportError, ForeignFormat, RecordParts};

/// A match's foreign formats: kurnik's, for a match that stopped by its first point ([`kurnik_record`]).
pub(super) const FORMATS: &[ForeignFormat] = &[ForeignFormat { name: KURNIK, write: kurnik_record }];

/// The pitch of a stored match.
fn pitch_of(game: &RecordParts<'_>) -> Result<Pitch, ExportError> {
    match kinds::ruleset(&game.ruleset).map_err(|e| ExportError::Ruleset(e.to_string()))? {
        Ruleset::PaperSoccerCentre(rules) => Ok(rules.pitch),
        other => Err(ExportError::Ruleset(format!("{other:?} is not a Paper Soccer (centre) ruleset"))),
    }
}

/// The record of a match: its turns regrouped by the rules, the score reached, and the winner (the rules',
/// or the server's result when the match ended otherwise, by resignation or on time).
pub fn record(game: &RecordParts<'_>) -> Result<String, ExportError> {
    let pitch = pitch_of(game)?;
    let actions = scored::directions(game)?;
    let mut record = CentreRecord::from_actions(pitch, &actions).map_err(|e| ExportError::Moves(e.to_string()))?;
    if record.winner.is_none() {
        record.winner = scored::stored_winner(game);
    }
    record.tags = scored::match_tags(game);
    Ok(record.write())
}

/// The kurnik record of a match that kurnik can express: one that stopped by its first point. Up to that
/// point a match is a classic game step for step (the `centre` option changes nothing before it), and the
/// classic game ends there, won by the scorer; so the match's result must be the scorer's win, or any result
/// when no point was scored (a resignation, time, a draw agreed). A match that went on past its first point
/// is refused: a kurnik record has no restart and no score.
pub fn kurnik_record(game: &RecordParts<'_>) -> Result<String, ExportError> {
    let pitch = pitch_of(game)?;
    let mut classic = Position::new(pitch);
    for direction in scored::directions(game)? {
        if classic.is_over() {
            return Err(KurnikRefusal::PastFirstPoint.into());
        }
        classic.step(direction).map_err(|e| ExportError::Moves(e.to_string()))?;
    }
    let result = match classic.outcome() {
        None => stored_result(game),
        Some(point) => {
            let (stored, by_point) = (stored_result(game), RecordResult::from_outcome(&point));
            if stored != RecordResult::Unknown && stored != by_point {
                let scorer = if point.winner() == Some(Seat::FIRST) { "first" } else { "second" };
                return Err(KurnikRefusal::WinnerIsNotScorer { scorer, result: stored.token() }.into());
            }
            by_point
        }
    };
    write_kurnik(pitch, game, result, kurnik_time_control(&game.time_control))
}

#[cfg(test)]
mod tests {
    use kartka_engine::GameKind;
    use kartka_protocol::kinds::paper_soccer::PaperSoccerOptions;
    use kartka_protocol::{EndReasonName, GameResult, GameStatus, RulesetSpec, SeatName, TimeControl};

    use super::*;
    use crate::games::kinds::of;
    use crate::games::tools::Tally;

    /// A match on kurnik's pitch: the first seat scores in the top goal with its third turn, `17`.
    const TO_THE_POINT: [&str; 5] = ["0", "0", "0", "0", "17"];

    fn parts<'a>(kind: RulesetSpec, moves: &[&'a str], winner: Option<SeatName>) -> RecordParts<'a> {
        RecordParts {
            ruleset: kind,
            time_control: TimeControl::Fischer { initial_seconds: 180, increment_seconds: 0 },
            names: vec!["Ala", "Ola"],
            status: if winner.is_some() { GameStatus::Finished } else { GameStatus::Active },
            result: winner.map(|winner| GameResult {
                ranks: crate::games::convert::ranks_of_winner(Some(crate::games::convert::seat(winner))),
                winner: Some(winner),
                reason: EndReasonName::Resignation,
                scores: None,
                half_points: false,
            }),
            created_at_ms: 1_411_344_000_000,
            moves: moves.to_vec(),
            departed: Vec::new(),
            secrets: None,
        }
    }

    fn centre(moves: &[&'static str], winner: Option<SeatName>) -> RecordParts<'static> {
        parts(RulesetSpec::PaperSoccerCentre(PaperSoccerOptions { width: 8, height: 10, goal: 2 }), moves, winner)
    }

    /// Reads `text` as classic Paper Soccer's kurnik records: the one game's steps and winner, and the replay
    /// tally of `kartka replay --game paper-soccer`.
    fn read_back(text: &str) -> (String, Option<SeatName>, Tally) {
        let classic = of(GameKind::PaperSoccer);
        let read = classic.read_records(text);
        assert_eq!((read.count, read.games.len()), (1, 1), "{:?}", read.rejections);
        let game = &read.games[0];
        let steps = game.moves.iter().map(|m| m.notation.as_str()).collect();
        (steps, game.result.as_ref().and_then(|result| result.winner), classic.replay("export", text))
    }

    #[test]
    fn a_match_stopped_at_its_first_point_is_a_kurnik_game_won_by_the_scorer() {
        let text = kurnik_record(&centre(&TO_THE_POINT, None)).expect("kurnik can express it");
        assert!(text.contains("[Result \"0-1\"]\r\n") && text.contains("1. 0 0 2. 0 0 3. 17 0-1\r\n"), "{text}");
        let (steps, winner, tally) = read_back(&text);
        assert_eq!((steps.as_str(), winner), ("000017", Some(SeatName::First)));
        assert_eq!((tally.finished, tally.result_agrees, tally.illegal), (1, 1, 0));
        let scorer_won = kurnik_record(&centre(&TO_THE_POINT, Some(SeatName::First))).expect("the scorer's win");
        assert_eq!(scorer_won, text);
    }

    #[test]
    fn a_match_without_a_point_keeps_its_result() {
        let text = kurnik_record(&centre(&["0", "0", "3"], Some(SeatName::Second))).expect("kurnik can express it");
        assert!(text.contains("[Result \"1-0\"]\r\n"), "Black–White: the second seat won: {text}");
        let (steps, winner, tally) = read_back(&text);
        assert_eq!((steps.as_str(), winner), ("003", Some(SeatName::Second)));
        assert_eq!((tally.unfinished, tally.illegal), (1, 0), "a resignation the rules did not make");
    }

    /// The refusal of a format that cannot express a game, as the format's own type.
    fn kurnik_refusal(written: Result<String, ExportError>) -> Option<KurnikRefusal> {
        match written {
            Err(ExportError::Inexpressible { format: KURNIK, reason }) => reason.downcast_ref().cloned(),
            _ => None,
        }
    }

    #[test]
    fn what_kurnik_cannot_express_is_refused_with_the_reason() {
        let past = [&TO_THE_POINT[..], &["3"]].concat();
        assert_eq!(kurnik_refusal(kurnik_record(&centre(&past, None))), Some(KurnikRefusal::PastFirstPoint));
        assert_eq!(
            kurnik_refusal(kurnik_record(&centre(&TO_THE_POINT, Some(SeatName::Second)))),
            Some(KurnikRefusal::WinnerIsNotScorer { scorer: "first", result: "1-0" })
        );
        let centre_kind = of(GameKind::PaperSoccerCentre);
        let refused = centre_kind.record_in(KURNIK, &centre(&past, None)).expect_err("past the first point");
        assert_eq!(
            refused.to_string(),
            "no kurnik record: the match went on after its first point; a kurnik game ends at its first goal or block"
        );
        let classic =
            parts(RulesetSpec::PaperSoccer(PaperSoccerOptions { width: 8, height: 10, goal: 2 }), &TO_THE_POINT, None);
        assert!(of(GameKind::PaperSoccer).record_in(KURNIK, &classic).is_ok(), "classic games are kurnik's own");
    }

    #[test]
    fn kinds_that_list_no_kurnik_format_refuse_it_naming_theirs() {
        for kind in [GameKind::LineSoccer, GameKind::RussianSoccer, GameKind::Xrsoccer] {
            let spec = kinds::spec(&kind.default_ruleset());
            let refused = of(kind).record_in(KURNIK, &parts(spec, &[], None));
            assert!(
                matches!(&refused, Err(ExportError::UnknownFormat { asked, offered, .. })
                    if asked == KURNIK && offered == &["own"]),
                "{kind}: {refused:?}"
            );
        }
        assert_eq!(of(GameKind::PaperSoccer).format_names(), ["own", "kurnik"]);
        assert_eq!(of(GameKind::PaperSoccerCentre).format_names(), ["own", "kurnik"]);
        let refused = of(GameKind::PaperSoccer).record_in("sgf", &centre(&[], None)).expect_err("no such format");
        assert_eq!(refused.to_string(), "no sgf record of Paper Soccer: its formats are own, kurnik");
    }
}
