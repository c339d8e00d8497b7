//! Conversions at the boundaries: protocol ↔ engine, protocol ↔ stored text.

use kartka_engine::{EndReason, Outcome, Seat, SeatSet};
use kartka_protocol::rest::GameSummary;
use kartka_protocol::{
    EndReasonName, GameResult, GameStatus, PlayerInfo, SeatName, SpeedClass, TimeControl, MAX_INCREMENT_SECONDS,
    MAX_INITIAL_SECONDS, MAX_MOVE_SECONDS, MAX_RESERVE_SECONDS, MIN_INITIAL_SECONDS, MIN_MOVE_SECONDS,
};

use crate::store::{GameRow, GameState};

/// Why a time control from a client cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum TimeControlError {
    /// The Fischer time control is out of range.
    #[error("time control out of range: initial 1 s to 24 h, increment at most 10 min")]
    Fischer,
    /// The correspondence time control has days per move that are not offered.
    #[error("days per move must be 1, 2, 3, 5, 7, 10 or 14")]
    DaysPerMove,
    /// The per-move time control is out of range.
    #[error("time control out of range: 1 s to 10 min per move, a reserve of at most 24 h")]
    PerMove,
}

/// Checks a time control's ranges.
pub fn validate_time_control(time_control: &TimeControl) -> Result<(), TimeControlError> {
    match *time_control {
        TimeControl::Fischer { initial_seconds, increment_seconds } => {
            if (MIN_INITIAL_SECONDS..=MAX_INITIAL_SECONDS).contains(&initial_seconds)
                && increment_seconds <= MAX_INCREMENT_SECONDS
            {
                Ok(())
            } else {
                Err(TimeControlError::Fischer)
            }
        }
        TimeControl::Correspondence { days_per_move, .. } => {
            if TimeControl::CORRESPONDENCE_DAYS.contains(&days_per_move) {
                Ok(())
            } else {
                Err(TimeControlError::DaysPerMove)
            }
        }
        TimeControl::PerMove { move_seconds, reserve_seconds, .. } => {
            if (MIN_MOVE_SECONDS..=MAX_MOVE_SECONDS).contains(&move_seconds) && reserve_seconds <= MAX_RESERVE_SECONDS {
                Ok(())
            } else {
                Err(TimeControlError::PerMove)
            }
        }
    }
}

/// The engine's seat for a protocol seat.
#[must_use]
pub fn seat(name: SeatName) -> Seat {
    Seat::new(name.index()).expect("the protocol names as many seats as the engine has")
}

/// The protocol's seat for an engine seat.
#[must_use]
pub fn seat_name(seat: Seat) -> SeatName {
    SeatName::from_index(seat.index()).expect("the protocol names as many seats as the engine has")
}

/// The protocol's names of the seats of `seats`, in seat order.
#[must_use]
pub fn seat_names(seats: SeatSet) -> Vec<SeatName> {
    seats.iter().map(seat_name).collect()
}

/// The stored text of a seat: its ordinal.
#[must_use]
pub fn seat_text(seat: Seat) -> &'static str {
    seat.ordinal()
}

/// The seat for its stored text.
#[must_use]
pub fn seat_from_text(text: &str) -> Option<Seat> {
    Seat::from_ordinal(text)
}

/// The stored text of a set of seats: their ordinals in seat order, separated by commas (`first,second`);
/// `None` for no seat.
#[must_use]
pub fn seats_text(seats: SeatSet) -> Option<String> {
    (!seats.is_empty()).then(|| seats.iter().map(seat_text).collect::<Vec<_>>().join(","))
}

/// The seats of their stored text (see [`seats_text`]); `None` when a part names no seat.
#[must_use]
pub fn seats_from_text(text: &str) -> Option<SeatSet> {
    text.split(',').map(seat_from_text).collect()
}

/// The engine's reason for a seat's departure, as a `seat_left` event names it: a resignation, a timeout or an
/// abandonment; `None` for any other reason, which no departure has.
#[must_use]
pub fn departure_reason(reason: EndReasonName) -> Option<EndReason> {
    match reason {
        EndReasonName::Resignation => Some(EndReason::Resignation),
        EndReasonName::Time => Some(EndReason::Time),
        EndReasonName::Abandonment => Some(EndReason::Abandonment),
        _ => None,
    }
}

/// The protocol's end reason for the engine's.
#[must_use]
pub fn end_reason_name(reason: EndReason) -> EndReasonName {
    match reason {
        EndReason::Goal => EndReasonName::Goal,
        EndReason::OwnGoal => EndReasonName::OwnGoal,
        EndReason::Stuck => EndReasonName::Stuck,
        EndReason::Resignation => EndReasonName::Resignation,
        EndReason::Time => EndReasonName::Time,
        EndReason::Abandonment => EndReasonName::Abandonment,
        EndReason::Agreement => EndReasonName::Agreement,
        EndReason::Adjudication => EndReasonName::Adjudication,
        EndReason::Score => EndReasonName::Score,
        EndReason::BoardFull => EndReasonName::BoardFull,
        EndReason::Stop => EndReasonName::Stop,
        EndReason::InstantWin => EndReasonName::InstantWin,
        EndReason::AutoEnd => EndReasonName::AutoEnd,
        EndReason::Row => EndReasonName::Row,
        EndReason::FleetSunk => EndReasonName::FleetSunk,
        EndReason::CodeBroken => EndReasonName::CodeBroken,
        EndReason::RoundsOut => EndReasonName::RoundsOut,
    }
}

/// The protocol's result for an engine outcome.
#[must_use]
pub fn game_result(outcome: Outcome) -> GameResult {
    GameResult {
        ranks: outcome.ranks.as_slice().to_vec(),
        winner: outcome.winner().map(seat_name),
        reason: end_reason_name(outcome.reason),
        scores: outcome.scores.map(|scores| scores.as_slice().to_vec()),
        half_points: outcome.half_points,
    }
}

/// The stored snake-case text of an end reason.
#[must_use]
pub fn end_reason_text(reason: EndReasonName) -> String {
    json_text(&reason)
}

/// The bare snake-case text of a unit-like protocol enum value (an audit action, an account kind).
#[must_use]
pub fn enum_text<T: serde::Serialize>(value: &T) -> String {
    json_text(value)
}

/// A unit-like protocol enum value from its bare text.
#[must_use]
pub fn enum_from_text<T: serde::de::DeserializeOwned>(text: &str) -> Option<T> {
    serde_json::from_value(serde_json::Value::String(text.to_owned())).ok()
}

/// The end reason for its stored text.
#[must_use]
pub fn end_reason_from_text(text: &str) -> Option<EndReasonName> {
    enum_from_text(text)
}

/// The stored text of a speed class.
#[must_use]
pub fn speed_text(speed: SpeedClass) -> &'static str {
    match speed {
        SpeedClass::Bullet => "bullet",
        SpeedClass::Blitz => "blitz",
        SpeedClass::Rapid => "rapid",
        SpeedClass::Classical => "classical",
    }
}

/// The speed class for its stored text.
#[must_use]
pub fn speed_from_text(text: &str) -> Option<SpeedClass> {
    [SpeedClass::Bullet, SpeedClass::Blitz, SpeedClass::Rapid, SpeedClass::Classical]
        .into_iter()
        .find(|speed| speed_text(*speed) == text)
}

/// A stored game row that does not read back: the stored text is not the protocol's.
#[derive(Debug, thiserror::Error)]
#[error("stored game {0} does not parse")]
pub struct CorruptGame(pub uuid::Uuid);

/// The stored text of a game status.
#[must_use]
pub fn status_text(status: GameStatus) -> &'static str {
    match status {
        GameStatus::Active => "active",
        GameStatus::Finished => "finished",
        GameStatus::Aborted => "aborted",
    }
}

/// A stored game as a list entry, with its players (first seat first).
pub fn game_summary(row: &GameRow, players: Vec<PlayerInfo>) -> Result<GameSummary, CorruptGame> {
    let corrupt = || CorruptGame(row.id);
    let state = &row.state;
    let status = [GameStatus::Active, GameStatus::Finished, GameStatus::Aborted]
        .into_iter()
        .find(|status| status_text(*status) == state.status)
        .ok_or_else(corrupt)?;
    let result = stored_result(state, status).map_err(|_| corrupt())?;
    Ok(GameSummary {
        id: row.id,
        ruleset: serde_json::from_str(&row.ruleset).map_err(|_| corrupt())?,
        time_control: serde_json::from_str(&row.time_control).map_err(|_| corrupt())?,
        speed: speed_from_text(&row.speed).ok_or_else(corrupt)?,
        rated: row.rated,
        players,
        status,
        result,
        ply: state.ply as u32,
        to_act: state.to_act.as_deref().and_then(seat_from_text).map(seat_name),
        created_at_ms: row.created_at,
        finished_at_ms: state.finished_at,
    })
}

/// The result a stored game's state holds once it is finished; the unreadable end reason as the error.
pub fn stored_result(state: &GameState, status: GameStatus) -> Result<Option<GameResult>, String> {
    match (&state.end_reason, status) {
        (Some(reason), GameStatus::Finished) => {
            let (scores, half_points) = match &state.scores {
                Some(text) => {
                    scores_from_text(text).map(|(scores, half)| (Some(scores), half)).ok_or_else(|| text.clone())?
                }
                None => (None, false),
            };
            let winner = state.winner.as_deref().and_then(seat_from_text);
            let ranks = match &state.ranks {
                Some(text) => ranks_from_text(text).ok_or_else(|| text.clone())?,
                None => ranks_of_winner(winner),
            };
            Ok(Some(GameResult {
                ranks,
                winner: winner.map(seat_name),
                reason: end_reason_from_text(reason).ok_or_else(|| reason.clone())?,
                scores,
                half_points,
            }))
        }
        _ => Ok(None),
    }
}

/// The stored text of a result's ranks, one per seat joined by `:` (`2:1:3`).
#[must_use]
pub fn ranks_text(result: &GameResult) -> String {
    result.ranks.iter().map(u8::to_string).collect::<Vec<_>>().join(":")
}

/// The ranks of their stored text; `None` unless they rank two to six seats from 1 as a result does.
#[must_use]
pub fn ranks_from_text(text: &str) -> Option<Vec<u8>> {
    let ranks = text.split(':').map(|rank| rank.parse().ok()).collect::<Option<Vec<u8>>>()?;
    Outcome::of_ranks(&ranks, EndReason::Score).map(|outcome| outcome.ranks.as_slice().to_vec())
}

/// The ranks of a two-seat result known by its winner: the winner first and the other second, or both first
/// when no one won (records of two-seat games, and games of two stored before their ranks were, keep a result
/// as its winner).
pub fn ranks_of_winner(winner: Option<Seat>) -> Vec<u8> {
    let outcome = winner.map_or(Outcome::draw(2, EndReason::Score), |winner| Outcome::win(2, winner, EndReason::Score));
    outcome.ranks.as_slice().to_vec()
}

/// The stored text of a result's points, one per seat joined by `:` (`first:second`), each a whole number or one with `.5` when the result
/// counts half points (`2.5:0`); `None` for a result without points.
#[must_use]
pub fn scores_text(result: &GameResult) -> Option<String> {
    let point = |value: u32| match (result.half_points, value % 2) {
        (false, _) => value.to_string(),
        (true, 0) => (value / 2).to_string(),
        (true, _) => format!("{}.5", value / 2),
    };
    let scores = result.scores.as_ref()?;
    Some(scores.iter().map(|&score| point(score)).collect::<Vec<_>>().join(":"))
}

/// A result's points from their stored text, and whether they count half points (one of them ends in `.5`).
#[must_use]
pub fn scores_from_text(text: &str) -> Option<(Vec<u32>, bool)> {
    let halves = |part: &str| -> Option<u32> {
        let (whole, half) = part.strip_suffix(".5").map_or((part, 0), |whole| (whole, 1));
        whole.parse::<u32>().ok()?.checked_mul(2)?.checked_add(half)
    };
    let halves = text.split(':').map(halves).collect::<Option<Vec<u32>>>()?;
    if !(2..=Seat::MAX_SEATS).contains(&halves.len()) {
        return None;
    }
    let half_points = halves.iter().any(|half| half % 2 == 1);
    Some(if half_points { (halves, true) } else { (halves.into_iter().map(|half| half / 2).collect(), false) })
}

/// A unit-like serde enum value as its bare text (`"own_goal"` → `own_goal`).
fn json_text<T: serde::Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(text)) => text,
        other => unreachable!("a unit enum variant serialises to a string, got {other:?}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn end_reasons_round_trip_through_text() {
        for reason in [EndReasonName::OwnGoal, EndReasonName::Time, EndReasonName::Abandonment] {
            assert_eq!(end_reason_from_text(&end_reason_text(reason)), Some(reason));
        }
        assert_eq!(end_reason_text(EndReasonName::OwnGoal), "own_goal");
        let rule_ends = [
            (EndReason::BoardFull, "board_full"),
            (EndReason::Stop, "stop"),
            (EndReason::InstantWin, "instant_win"),
            (EndReason::AutoEnd, "auto_end"),
            (EndReason::Row, "row"),
            (EndReason::FleetSunk, "fleet_sunk"),
            (EndReason::CodeBroken, "code_broken"),
            (EndReason::RoundsOut, "rounds_out"),
        ];
        for (reason, text) in rule_ends {
            assert_eq!(end_reason_text(end_reason_name(reason)), text, "rule ends are stored by their own names");
            assert_eq!(end_reason_from_text(text), Some(end_reason_name(reason)));
        }
        assert_eq!(end_reason_from_text("score"), Some(EndReasonName::Score), "games stored as `score` still read");
    }

    #[test]
    fn ranks_round_trip_through_text_and_only_rankings_read() {
        let result = |ranks: &[u8]| GameResult {
            ranks: ranks.to_vec(),
            winner: None,
            reason: EndReasonName::Resignation,
            scores: None,
            half_points: false,
        };
        assert_eq!(ranks_text(&result(&[2, 1, 3])), "2:1:3");
        assert_eq!(ranks_from_text("2:1:3"), Some(vec![2, 1, 3]));
        assert_eq!(ranks_from_text("1:1:3:4"), Some(vec![1, 1, 3, 4]));
        for unreadable in ["", "1", "1:1:2", "2:x", "1:2:3:4:5:6:7", "1::2"] {
            assert_eq!(ranks_from_text(unreadable), None, "{unreadable:?}");
        }
    }

    #[test]
    fn scores_round_trip_through_text() {
        let result = |scores: &[u32], half_points| GameResult {
            ranks: vec![1, 2],
            winner: Some(SeatName::First),
            reason: EndReasonName::Agreement,
            scores: Some(scores.to_vec()),
            half_points,
        };
        assert_eq!(scores_text(&result(&[3, 1], false)).as_deref(), Some("3:1"));
        assert_eq!(scores_from_text("3:1"), Some((vec![3, 1], false)));
        assert_eq!(scores_text(&result(&[5, 2], true)).as_deref(), Some("2.5:1"), "half points");
        assert_eq!(scores_from_text("2.5:1"), Some((vec![5, 2], true)));
        assert_eq!(scores_text(&result(&[4, 0, 5], false)).as_deref(), Some("4:0:5"), "one score per seat");
        assert_eq!(scores_from_text("4:0:5"), Some((vec![4, 0, 5], false)));
        assert_eq!(scores_text(&GameResult { scores: None, ..result(&[0, 0], false) }), None);
        assert_eq!(scores_from_text("3"), None, "at least two seats");
        assert_eq!(scores_from_text("1:1:1:1:1:1:1"), None, "at most six seats");
        assert_eq!(scores_from_text("3:x"), None);
        assert_eq!(scores_from_text("3.25:1"), None);
    }

    #[test]
    fn speed_text_round_trips() {
        for speed in [SpeedClass::Bullet, SpeedClass::Blitz, SpeedClass::Rapid, SpeedClass::Classical] {
            assert_eq!(speed_from_text(speed_text(speed)), Some(speed));
        }
        assert_eq!(speed_from_text("correspondence"), None);
    }

    #[test]
    fn rejects_bad_time_controls() {
        assert!(validate_time_control(&TimeControl::Fischer { initial_seconds: 0, increment_seconds: 0 }).is_err());
        assert!(validate_time_control(&TimeControl::Fischer { initial_seconds: 60, increment_seconds: 2 }).is_ok());
        let days = |days_per_move| TimeControl::Correspondence { days_per_move, vacation_allowed: true };
        assert!(validate_time_control(&days(3)).is_ok());
        assert!(validate_time_control(&days(4)).is_err());
        assert!(validate_time_control(&days(0)).is_err());
    }
}
