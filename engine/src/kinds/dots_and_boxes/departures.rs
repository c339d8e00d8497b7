//! The departures of a Dots and Boxes record (rule 8), the value of its `Departures` tag: the seats that left
//! before the end while the game played on, in the order they left, each as `SEAT@EDGES REASON`, separated by
//! commas (`[Departures "2@14 resignation, 3@20 time"]`):
//! - `SEAT` is the seat's number from 1, in seat order (1 the first seat, `White`; 3 the third, `Player3`);
//! - `EDGES` is how many edges had been drawn, in all turns together, when it left: it left after those edges
//!   and before the next one (a departure in the middle of another seat's turn is where it happened);
//! - `REASON` is why: `resignation`, `time` (its clock ran out) or `abandonment` (it was claimed absent).
//!
//! A departure's `EDGES` is never smaller than the one before it; two seats that left at one point are listed
//! in the order they left. The text is read and written here, knowing nothing of the field: whether the seats
//! exist and the points can be reached is the record's to check. Racetrack's records write their departures in
//! the same tag, `EDGES` counting the moves played.

use crate::{EndReason, Seat};

/// Why a seat left a game that played on without it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DepartureReason {
    /// It resigned.
    Resignation,
    /// Its clock ran out.
    Time,
    /// It was claimed absent.
    Abandonment,
}

impl DepartureReason {
    /// Every reason, in the order of their words.
    const ALL: [DepartureReason; 3] =
        [DepartureReason::Resignation, DepartureReason::Time, DepartureReason::Abandonment];

    /// The reason's word in the tag: `resignation`, `time` or `abandonment`.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            DepartureReason::Resignation => "resignation",
            DepartureReason::Time => "time",
            DepartureReason::Abandonment => "abandonment",
        }
    }

    /// The reason whose word is `word`.
    #[must_use]
    pub fn from_word(word: &str) -> Option<DepartureReason> {
        DepartureReason::ALL.into_iter().find(|reason| reason.word() == word)
    }

    /// The engine's end reason of the same name, which [`Game::seat_left`](crate::Game::seat_left) takes.
    #[must_use]
    pub const fn end_reason(self) -> EndReason {
        match self {
            DepartureReason::Resignation => EndReason::Resignation,
            DepartureReason::Time => EndReason::Time,
            DepartureReason::Abandonment => EndReason::Abandonment,
        }
    }

    /// The departure reason of an end reason, if it is one a seat can leave for.
    #[must_use]
    pub const fn of(reason: EndReason) -> Option<DepartureReason> {
        match reason {
            EndReason::Resignation => Some(DepartureReason::Resignation),
            EndReason::Time => Some(DepartureReason::Time),
            EndReason::Abandonment => Some(DepartureReason::Abandonment),
            _ => None,
        }
    }
}

/// One seat that left before the end, and when.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Departure {
    /// The seat that left.
    pub seat: Seat,
    /// The edges drawn, in all turns together, when it left.
    pub after: u32,
    /// Why it left.
    pub reason: DepartureReason,
}

/// The departures a `Departures` tag value lists, in its order, or `None` when it is not a comma-separated list
/// of `SEAT@EDGES REASON` (white space around an entry is ignored; a seat number is 1 to 6). Whether the seats
/// are at the table, differ and leave in order is checked by the reader of the record.
pub(crate) fn parse_departures(value: &str) -> Option<Vec<Departure>> {
    value.split(',').map(parse_departure).collect()
}

/// One `SEAT@EDGES REASON` entry.
fn parse_departure(entry: &str) -> Option<Departure> {
    let mut words = entry.split_whitespace();
    let (Some(point), Some(reason), None) = (words.next(), words.next(), words.next()) else { return None };
    let (seat, after) = point.split_once('@')?;
    let seat: usize = seat.parse().ok()?;
    Some(Departure {
        seat: Seat::new(seat.checked_sub(1)?)?,
        after: after.parse().ok()?,
        reason: DepartureReason::from_word(reason)?,
    })
}

/// The `Departures` tag value of `departures`: `SEAT@EDGES REASON` each, separated by `, `.
pub(crate) fn write_departures(departures: &[Departure]) -> String {
    departures
        .iter()
        .map(|departure| format!("{}@{} {}", departure.seat.index() + 1, departure.after, departure.reason.word()))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(index: usize) -> Seat {
        Seat::new(index).expect("a seat")
    }

    #[test]
    fn a_list_reads_in_its_order_and_writes_back() {
        let read = parse_departures(" 2@14 resignation,3@20   time , 1@20 abandonment").expect("readable");
        assert_eq!(
            read,
            [
                Departure { seat: seat(1), after: 14, reason: DepartureReason::Resignation },
                Departure { seat: seat(2), after: 20, reason: DepartureReason::Time },
                Departure { seat: seat(0), after: 20, reason: DepartureReason::Abandonment },
            ]
        );
        assert_eq!(write_departures(&read), "2@14 resignation, 3@20 time, 1@20 abandonment");
    }

    #[test]
    fn entries_that_are_not_seat_at_edges_reason_are_refused() {
        for bad in
            ["", "2@14", "2@14 resign", "0@3 time", "7@3 time", "2@-1 time", "2 14 time", "2@14 time,", "x@1 time"]
        {
            assert_eq!(parse_departures(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn reasons_are_the_engines_departure_reasons() {
        for reason in DepartureReason::ALL {
            assert_eq!(DepartureReason::of(reason.end_reason()), Some(reason));
            assert_eq!(DepartureReason::from_word(reason.word()), Some(reason));
        }
        assert_eq!(DepartureReason::of(EndReason::Score), None);
    }
}
