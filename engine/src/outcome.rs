//! The ways a game ends, shared by every game kind: per-seat ranks, a reason, and scores where the game keeps them.

use crate::seat::{BySeat, Seat};

/// Why a game ended. Rule endings come from the engine; the others are decided by the server or an admin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The ball entered the goal its attacker aimed at.
    Goal,
    /// The mover put the ball into their own goal.
    OwnGoal,
    /// The player who had to move had no legal step.
    Stuck,
    /// A player resigned.
    Resignation,
    /// A player's clock ran out.
    Time,
    /// A player left the game and the opponent claimed the win.
    Abandonment,
    /// Both players agreed to end the game: a draw by agreement, or an end scored by the game's rules
    /// ([`Game::agreed_end`](crate::Game::agreed_end)).
    Agreement,
    /// An admin decided the result.
    Adjudication,
    /// The game ended by its own scoring rule (points counted at the end).
    Score,
    /// Dots: the seat to move had no point left to place a dot on; the counts decide (rule 8.2 `full`). Five in
    /// a row: no stone fits any more; a draw.
    BoardFull,
    /// Dots: a seat pressed STOP (and its window, if any, closed); the counts decide (rule 8.2 `stop`).
    Stop,
    /// Dots: a seat's count reached the instant-win number (rule 6.2; 8.2 `instant`).
    InstantWin,
    /// Dots: the game ended itself, a seat being sure to win by STOP or every live dot grounded (rule 6.4;
    /// 8.2 `auto`); the counts decide.
    AutoEnd,
    /// Five in a row: a seat completed a winning row of its stones.
    Row,
    /// Sea Battle: the last ship of a fleet was sunk; its owner loses.
    FleetSunk,
    /// Bulls and Cows: a seat's guess scored all bulls; it wins, or both draw when both did in one round.
    CodeBroken,
    /// Bulls and Cows: the last round (`max_rounds`) passed without all bulls; a draw.
    RoundsOut,
}

impl EndReason {
    /// Whether the rules of the game themselves end the game this way (as opposed to the server or a person).
    #[must_use]
    pub const fn is_by_rule(self) -> bool {
        matches!(
            self,
            EndReason::Goal
                | EndReason::OwnGoal
                | EndReason::Stuck
                | EndReason::Score
                | EndReason::BoardFull
                | EndReason::Stop
                | EndReason::InstantWin
                | EndReason::AutoEnd
                | EndReason::Row
                | EndReason::FleetSunk
                | EndReason::CodeBroken
                | EndReason::RoundsOut
        )
    }
}

/// How a game ended: a rank per seat (1 is best; tied seats share a rank), the reason, and scores for games
/// that keep them. In a two-seat game a win is ranks `[1, 2]`, a loss `[2, 1]`, a draw `[1, 1]`.
///
/// Ranks are *competition* ranks: seats that tie share the better rank and the next rank is skipped
/// (scores 5, 5, 3 rank 1, 1, 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The rank of each seat; the container's length is the game's seat count.
    pub ranks: BySeat<u8>,
    /// Why the game ended.
    pub reason: EndReason,
    /// Points per seat, for games that count them.
    pub scores: Option<BySeat<u32>>,
    /// Whether `scores` count half points (5 is 2½): only when a score is not whole (Dots' agreed end in
    /// territory mode, rule 6.5).
    pub half_points: bool,
}

impl Outcome {
    /// An outcome of these ranks for `reason`, without scores.
    #[must_use]
    pub const fn ranked(ranks: BySeat<u8>, reason: EndReason) -> Outcome {
        Outcome { ranks, reason, scores: None, half_points: false }
    }

    /// A win for `winner` among `seat_count` seats for `reason`, without scores: the winner ranks first and
    /// every other seat shares second place.
    #[must_use]
    pub fn win(seat_count: usize, winner: Seat, reason: EndReason) -> Outcome {
        Outcome::ranked(BySeat::from_fn(seat_count, |seat| if seat == winner { 1 } else { 2 }), reason)
    }

    /// A draw among `seat_count` seats for `reason`, without scores: every seat ranks first.
    #[must_use]
    pub fn draw(seat_count: usize, reason: EndReason) -> Outcome {
        Outcome::ranked(BySeat::splat(seat_count, 1), reason)
    }

    /// The outcome of these scores for `reason`: the higher the score, the better the rank; equal scores
    /// share a rank.
    #[must_use]
    pub fn of_scores(scores: BySeat<u32>, reason: EndReason) -> Outcome {
        Outcome { scores: Some(scores), ..Outcome::ranked(ranks_of(&scores), reason) }
    }

    /// The outcome of scores in half points for `reason`, ranked as [`Outcome::of_scores`]; the scores are
    /// whole points when every one is, else half points.
    #[must_use]
    pub fn of_half_points(halves: BySeat<u32>, reason: EndReason) -> Outcome {
        let half_points = halves.as_slice().iter().any(|half| half % 2 == 1);
        let scores = if half_points { halves } else { halves.map(|half| half / 2) };
        Outcome { scores: Some(scores), half_points, ..Outcome::ranked(ranks_of(&halves), reason) }
    }

    /// This outcome with the seats that left before the end (each once, the earliest to leave first) ranked
    /// below every seat still playing: the seats that stayed keep their order among themselves (ties still
    /// share a rank) and take the first places; below them the departed seats, the later to leave the higher
    /// (a seat that stayed longer outlasted the ones gone before it). Reason and scores are kept: a departed
    /// seat keeps what it scored, but no score lifts it above a seat that stayed.
    #[must_use]
    pub fn with_departures(self, departed: &[Seat]) -> Outcome {
        debug_assert!(
            departed.iter().enumerate().all(|(at, seat)| !departed[..at].contains(seat)),
            "a seat leaves once: {departed:?}"
        );
        let stayed = |seat: &Seat| !departed.contains(seat);
        let staying = self.ranks.seats().filter(stayed).count();
        let ranks = BySeat::from_fn(self.seat_count(), |seat| {
            let rank = match departed.iter().position(|&gone| gone == seat) {
                Some(order) => staying + departed.len() - order,
                None => {
                    let mine = self.ranks[seat];
                    1 + self.ranks.seats().filter(stayed).filter(|&other| self.ranks[other] < mine).count()
                }
            };
            // At most six seats, so the rank fits a byte.
            rank as u8
        });
        Outcome { ranks, ..self }
    }

    /// An outcome of `ranks` (seat order) for `reason`, without scores; `None` unless they are competition ranks
    /// of two to six seats: each seat ranked one below the number of seats ranked better (1, 1, 3 but not 1, 1, 2
    /// or 1, 3, 3).
    #[must_use]
    pub fn of_ranks(ranks: &[u8], reason: EndReason) -> Option<Outcome> {
        let competition = ranks.iter().all(|&mine| {
            let better = ranks.iter().filter(|&&theirs| theirs < mine).count();
            usize::from(mine) == better + 1
        });
        let ranks = BySeat::from_slice(ranks).filter(|ranks| ranks.len() >= 2 && competition)?;
        Some(Outcome::ranked(ranks, reason))
    }

    /// How many seats the game had.
    #[must_use]
    pub const fn seat_count(&self) -> usize {
        self.ranks.len()
    }

    /// The one seat ranked first, or `None` when several share first place (a draw in a two-seat game).
    #[must_use]
    pub fn winner(&self) -> Option<Seat> {
        let mut first = self.ranks.iter().filter(|&(_, &rank)| rank == 1).map(|(seat, _)| seat);
        match (first.next(), first.next()) {
            (Some(winner), None) => Some(winner),
            _ => None,
        }
    }

    /// Whether every seat shares first place.
    #[must_use]
    pub fn is_draw(&self) -> bool {
        self.ranks.as_slice().iter().all(|&rank| rank == 1)
    }
}

/// Competition ranks of scores, the higher score better: each seat ranks one below the number of seats that
/// scored more.
fn ranks_of(scores: &BySeat<u32>) -> BySeat<u8> {
    scores.map(|mine| {
        let better = scores.as_slice().iter().filter(|&theirs| theirs > mine).count();
        // At most six seats, so the rank fits a byte.
        (better + 1) as u8
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_taken_only_as_competition_ranks_of_two_to_six_seats() {
        let ranked = |ranks: &[u8]| Outcome::of_ranks(ranks, EndReason::Adjudication).map(|o| o.ranks);
        assert_eq!(ranked(&[2, 1, 3]), Some(BySeat::from([2, 1, 3])));
        assert_eq!(ranked(&[1, 1, 3]), Some(BySeat::from([1, 1, 3])));
        assert_eq!(ranked(&[1, 1]), Some(BySeat::from([1, 1])));
        for refused in [&[1, 1, 2][..], &[1, 3, 3], &[0, 1], &[2, 2], &[1], &[], &[1, 2, 3, 4, 5, 6, 7], &[1, 2, 4]] {
            assert_eq!(ranked(refused), None, "{refused:?}");
        }
    }

    #[test]
    fn two_seat_outcomes_are_ranks() {
        assert_eq!(Outcome::win(2, Seat::SECOND, EndReason::Goal).ranks, BySeat::from([2, 1]));
        assert_eq!(Outcome::win(2, Seat::SECOND, EndReason::Goal).winner(), Some(Seat::SECOND));
        assert_eq!(Outcome::draw(2, EndReason::Stuck).winner(), None);
        assert!(Outcome::draw(2, EndReason::Stuck).is_draw());
        assert!(!Outcome::win(2, Seat::FIRST, EndReason::Goal).is_draw());
    }

    #[test]
    fn scores_rank_with_ties_sharing_the_better_place() {
        let outcome = Outcome::of_scores(BySeat::from([5, 3, 5, 1]), EndReason::Score);
        assert_eq!(outcome.ranks, BySeat::from([1, 3, 1, 4]));
        assert_eq!(outcome.winner(), None);
        assert!(!outcome.is_draw());
        assert_eq!(Outcome::of_scores(BySeat::from([2, 9, 4]), EndReason::Score).winner(), Seat::new(1));
    }

    #[test]
    fn departed_seats_rank_below_the_staying_the_later_to_leave_the_higher() {
        let seat = |index| Seat::new(index).expect("a seat");
        // Scores 2, 9, 4, 4: the second seat left first and the first seat after it; the two that stayed tie.
        let outcome =
            Outcome::of_scores(BySeat::from([2, 9, 4, 4]), EndReason::Score).with_departures(&[seat(1), seat(0)]);
        assert_eq!(outcome.ranks, BySeat::from([3, 4, 1, 1]));
        assert_eq!(outcome.scores, Some(BySeat::from([2, 9, 4, 4])), "a departed seat keeps its score");
        assert_eq!(outcome.reason, EndReason::Score);
        // The staying seats are re-ranked among themselves: 7 beats 5 even though the departed 9 was best.
        let outcome = Outcome::of_scores(BySeat::from([5, 9, 7]), EndReason::Resignation).with_departures(&[seat(1)]);
        assert_eq!((outcome.ranks, outcome.winner()), (BySeat::from([2, 3, 1]), Some(seat(2))));
        // Two seats: the one that left is second whatever the scores.
        let outcome = Outcome::of_scores(BySeat::from([0, 3]), EndReason::Time).with_departures(&[seat(1)]);
        assert_eq!(outcome.ranks, BySeat::from([1, 2]));
        // Nobody left: nothing changes.
        let draw = Outcome::draw(3, EndReason::Agreement);
        assert_eq!(draw.with_departures(&[]), draw);
    }

    #[test]
    fn half_points_stay_halves_only_when_one_is_odd() {
        let whole = Outcome::of_half_points(BySeat::from([6, 4]), EndReason::Agreement);
        assert_eq!((whole.scores, whole.half_points), (Some(BySeat::from([3, 2])), false));
        let halves = Outcome::of_half_points(BySeat::from([5, 4]), EndReason::Agreement);
        assert_eq!(
            (halves.scores, halves.half_points, halves.winner()),
            (Some(BySeat::from([5, 4])), true, Some(Seat::FIRST))
        );
    }
}
