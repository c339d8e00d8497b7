//! Seats and the ways a game ends, shared by every game kind.

use std::fmt;

/// One of the two seats at a game. The first seat makes the first move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Seat {
    /// The player who moves first ("White" in records that name seats by colour).
    First,
    /// The player who moves second ("Black" in records that name seats by colour).
    Second,
}

impl Seat {
    /// Both seats, first seat first.
    pub const BOTH: [Seat; 2] = [Seat::First, Seat::Second];

    /// The opponent's seat.
    #[must_use]
    pub const fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }

    /// 0 for the first seat, 1 for the second: handy as an array index.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Seat::First => 0,
            Seat::Second => 1,
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Seat::First => "first",
            Seat::Second => "second",
        })
    }
}

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
    /// Dots: the seat to move had no point left to place a dot on; the counts decide (rule 8.2 `full`).
    BoardFull,
    /// Dots: a seat pressed STOP (and its window, if any, closed); the counts decide (rule 8.2 `stop`).
    Stop,
    /// Dots: a seat's count reached the instant-win number (rule 6.2; 8.2 `instant`).
    InstantWin,
    /// Dots: the game ended itself, a seat being sure to win by STOP or every live dot grounded (rule 6.4;
    /// 8.2 `auto`); the counts decide.
    AutoEnd,
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
        )
    }
}

/// How a game ended: the winner (none for a draw), the reason, and scores for games that keep them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winning seat, or `None` for a draw.
    pub winner: Option<Seat>,
    /// Why the game ended.
    pub reason: EndReason,
    /// Points per seat (first seat first), for games that count them.
    pub scores: Option<[u32; 2]>,
    /// Whether `scores` count half points (5 is 2½): only when a score is not whole (Dots' agreed end in
    /// territory mode, rule 6.5).
    pub half_points: bool,
}

impl Outcome {
    /// A win for `winner` for the given reason, without scores.
    #[must_use]
    pub const fn win(winner: Seat, reason: EndReason) -> Outcome {
        Outcome { winner: Some(winner), reason, scores: None, half_points: false }
    }

    /// A draw for the given reason, without scores.
    #[must_use]
    pub const fn draw(reason: EndReason) -> Outcome {
        Outcome { winner: None, reason, scores: None, half_points: false }
    }

    /// The outcome of scores in half points (first seat first) for `reason`: the higher score wins, equal
    /// scores draw; the scores are whole points when both are, else half points.
    #[must_use]
    pub fn of_half_points(halves: [u32; 2], reason: EndReason) -> Outcome {
        let winner = match halves[0].cmp(&halves[1]) {
            std::cmp::Ordering::Greater => Some(Seat::First),
            std::cmp::Ordering::Less => Some(Seat::Second),
            std::cmp::Ordering::Equal => None,
        };
        let half_points = halves.iter().any(|half| half % 2 == 1);
        let scores = if half_points { halves } else { halves.map(|half| half / 2) };
        Outcome { winner, reason, scores: Some(scores), half_points }
    }
}
