//! Per-seat lists kept in one text column (migrations/*/0022_game_seats.sql): a game's players as ids separated
//! by spaces (`games.players`), its clocks as ms separated by colons (`game_progress.clocks_ms`,
//! `moves.clocks_ms`), both in seat order, as the result's scores already were. One column holds any number of
//! seats and reads the same in both databases.

use uuid::Uuid;

/// The most seats a stored list may name (the engine's `Seat::MAX_SEATS`).
const MAX_SEATS: usize = kartka_engine::Seat::MAX_SEATS;

/// Why a stored list could not be read: the store holds something no write of this server produces.
#[derive(Debug, thiserror::Error)]
#[error("a stored seat list is unreadable: {0:?}")]
struct UnreadableList(String);

fn unreadable(text: &str) -> sqlx::Error {
    sqlx::Error::Decode(Box::new(UnreadableList(text.to_owned())))
}

/// `players` as `games.players` holds them.
pub(super) fn players_text(players: &[Uuid]) -> String {
    players.iter().map(|id| id.hyphenated().to_string()).collect::<Vec<_>>().join(" ")
}

/// The players of a `games.players` value: two to six ids.
pub(super) fn read_players(text: &str) -> Result<Vec<Uuid>, sqlx::Error> {
    let players = text.split(' ').map(Uuid::parse_str).collect::<Result<Vec<_>, _>>().map_err(|_| unreadable(text))?;
    (2..=MAX_SEATS).contains(&players.len()).then_some(players).ok_or_else(|| unreadable(text))
}

/// `clocks` as a `clocks_ms` column holds them.
pub(in crate::store) fn clocks_text(clocks: &[i64]) -> String {
    clocks.iter().map(i64::to_string).collect::<Vec<_>>().join(":")
}

/// The clocks of a `clocks_ms` value: one to six numbers of ms.
pub(super) fn read_clocks(text: &str) -> Result<Vec<i64>, sqlx::Error> {
    let clocks = text.split(':').map(str::parse).collect::<Result<Vec<i64>, _>>().map_err(|_| unreadable(text))?;
    (1..=MAX_SEATS).contains(&clocks.len()).then_some(clocks).ok_or_else(|| unreadable(text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_back_as_written() {
        let players: Vec<Uuid> = (0..4).map(|_| Uuid::new_v4()).collect();
        assert_eq!(read_players(&players_text(&players)).unwrap(), players);
        let clocks = vec![60_000, -5, 0];
        assert_eq!(clocks_text(&clocks), "60000:-5:0");
        assert_eq!(read_clocks(&clocks_text(&clocks)).unwrap(), clocks);
    }

    #[test]
    fn a_list_of_the_wrong_length_or_shape_is_an_error() {
        let one = Uuid::new_v4().hyphenated().to_string();
        assert!(read_players(&one).is_err(), "a game has two seats at least");
        assert!(read_players(&[one.as_str(); 7].join(" ")).is_err(), "at most six");
        assert!(read_players(&format!("{one}  {one}")).is_err());
        assert!(read_clocks("").is_err());
        assert!(read_clocks("1:2:x").is_err());
        assert!(read_clocks(&["1"; 7].join(":")).is_err());
    }
}
