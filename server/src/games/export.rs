//! A game as a kurnik record.

use kartka_engine::soccer::{split_turns, KurnikRecord, Position, RecordResult, SplitTurnsError, Tag};
use kartka_protocol::{GameResult, GameSnapshot, GameStatus, RulesetSpec, SeatName, TimeControl};

use super::convert;

/// Why a game cannot be written as a kurnik record.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The stored ruleset is not a valid one.
    #[error(transparent)]
    Ruleset(#[from] convert::SpecError),
    /// The stored moves do not replay.
    #[error(transparent)]
    Moves(#[from] SplitTurnsError),
}

/// What a kurnik record is written from: a live game's snapshot, or a stored game with its moves.
#[derive(Clone, Debug)]
pub struct RecordParts<'a> {
    /// Game kind and options.
    pub ruleset: RulesetSpec,
    /// The time control.
    pub time_control: TimeControl,
    /// The players' names, first seat (White) first.
    pub names: [&'a str; 2],
    /// Where the game stands.
    pub status: GameStatus,
    /// The result, once finished.
    pub result: Option<GameResult>,
    /// When the game was created (an imported game's historic date).
    pub created_at_ms: i64,
    /// The stored moves' notation, in order.
    pub moves: Vec<&'a str>,
}

/// The kurnik record of a Paper Soccer game's snapshot.
pub fn kurnik_record(game: &GameSnapshot) -> Result<KurnikRecord, ExportError> {
    record_of(&RecordParts {
        ruleset: game.ruleset,
        time_control: game.time_control,
        names: [&game.players[0].name, &game.players[1].name],
        status: game.status,
        result: game.result,
        created_at_ms: game.created_at_ms,
        moves: game.moves.iter().map(|m| m.notation.as_str()).collect(),
    })
}

/// The kurnik record of a Paper Soccer game: kurnik's tags (Black–White `Result`, `TimeControl` in seconds per
/// player), the players' names, and the movetext split into turns by the rules.
pub fn record_of(game: &RecordParts<'_>) -> Result<KurnikRecord, ExportError> {
    let kartka_engine::Ruleset::PaperSoccer(rules) = convert::ruleset(&game.ruleset)?;
    let pitch = rules.pitch;
    let digits: String = game.moves.concat();
    let turns = split_turns(&Position::new(pitch), &digits)?.turns;
    let result = match (game.status, game.result) {
        (GameStatus::Finished, Some(result)) => match result.winner {
            Some(SeatName::First) => RecordResult::WhiteWon,
            Some(SeatName::Second) => RecordResult::BlackWon,
            None => RecordResult::Draw,
        },
        _ => RecordResult::Unknown,
    };
    // kurnik writes a clock's starting seconds; a correspondence game is "one move per N seconds", as in PGN.
    let time_control = match game.time_control {
        TimeControl::Fischer { initial_seconds, .. } => initial_seconds.to_string(),
        TimeControl::Correspondence { days_per_move, .. } => format!("1/{}", u64::from(days_per_move) * 86_400),
    };
    let tag = |name: &str, value: String| Tag { name: name.to_owned(), value };
    let mut tags = vec![
        tag("Event", "kartka".to_owned()),
        tag("Site", "kartka".to_owned()),
        tag("Date", date(game.created_at_ms)),
        tag("Round", "-".to_owned()),
        tag("Black", game.names[1].to_owned()),
        tag("White", game.names[0].to_owned()),
        tag("Result", result.token().to_owned()),
        tag("TimeControl", time_control),
    ];
    if pitch != kartka_engine::soccer::Pitch::STANDARD {
        tags.push(tag("Board", format!("{}x{}", pitch.width(), pitch.height())));
        tags.push(tag("Mouth", pitch.goal_width().to_string()));
    }
    Ok(KurnikRecord { tags, turns, result: Some(result) })
}

/// `YYYY.MM.DD` (UTC) of a time in ms since the Unix epoch, as kurnik dates its records.
fn date(ms: i64) -> String {
    let days = ms.div_euclid(86_400_000);
    // Civil-from-days (Howard Hinnant's algorithm), valid for the whole proleptic Gregorian calendar.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
    let month = if shifted_month < 10 { shifted_month + 3 } else { shifted_month - 9 };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

#[cfg(test)]
mod tests {
    use super::date;

    #[test]
    fn dates_are_utc_calendar_days() {
        assert_eq!(date(0), "1970.01.01");
        assert_eq!(date(1_411_344_000_000), "2014.09.22");
        assert_eq!(date(951_782_400_000), "2000.02.29");
        assert_eq!(date(1_795_392_000_000 - 1), "2026.11.22");
    }
}
