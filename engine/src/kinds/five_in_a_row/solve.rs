//! The small-board solver: who wins a game on a board of at most 64 points with perfect play, by negamax over
//! win, draw and loss, remembering every position it has valued (keyed by its stones, phase and colours, so
//! that transpositions are valued once). Rules §5's references: tic-tac-toe is a draw, 4×4 with a line of 3 a
//! first-player win, 4×4 with a line of 4 a draw.

use std::collections::HashMap;

use super::board::Colour;
use super::opening::Phase;
use super::position::Position;
use super::rules::{BoardShape, Rules};
use crate::game::Progress;
use crate::Seat;

/// The most points a board may have for the solver: one bit each in a `u64` per colour.
pub const MAX_SOLVED_POINTS: usize = 64;

/// The value of a position with perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The seat that wins whatever the other does, or `None` for a draw.
    pub winner: Option<Seat>,
    /// How many distinct positions (up to mirror images) were valued or bounded.
    pub positions: usize,
}

/// Why a game is not for this solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The endless board, or a bounded board of more than [`MAX_SOLVED_POINTS`] points.
    #[error("the solver takes bounded boards of at most {MAX_SOLVED_POINTS} points")]
    TooLarge,
}

/// Solves the start position of `rules`.
pub fn solve(rules: Rules) -> Result<Solved, SolveError> {
    solve_position(&Position::new(rules))
}

/// Solves `position`.
pub fn solve_position(position: &Position) -> Result<Solved, SolveError> {
    let BoardShape::Bounded { width, height } = position.rules().board() else {
        return Err(SolveError::TooLarge);
    };
    if usize::from(width) * usize::from(height) > MAX_SOLVED_POINTS {
        return Err(SolveError::TooLarge);
    }
    let mut search = Search::new(position.rules(), width, height);
    let winner = match position.outcome() {
        Some(outcome) => outcome.winner(),
        None => {
            let seat = position.to_act().expect("someone acts in a game that is not over");
            match search.value(position, -1, 1) {
                1 => Some(seat),
                -1 => Some(seat.other()),
                _ => None,
            }
        }
    };
    Ok(Solved { winner, positions: search.memo.len() })
}

/// A position as the memo knows it: each colour's stones as bits, the phase and the seat playing Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Key {
    black: u64,
    white: u64,
    phase: Phase,
    first_seat: Option<Colour>,
}

/// What the memo knows of a position's value, from the view of the seat to act: the value itself, or a bound
/// of it found by a search that was cut short.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact(i8),
    AtLeast(i8),
    AtMost(i8),
}

/// One solve: the board's symmetries (as maps of point numbers) and what is known of the positions seen.
struct Search {
    width: i16,
    symmetries: Vec<[u8; MAX_SOLVED_POINTS]>,
    memo: HashMap<Key, Bound>,
}

impl Search {
    /// The search of a board of `width` × `height`. The board's mirror images play alike (rows and diagonals
    /// map to rows and diagonals), so positions are remembered up to them; not when a `pro` opening measures
    /// from a centre that an even side leaves off the middle.
    fn new(rules: Rules, width: u8, height: u8) -> Search {
        let (w, h) = (usize::from(width), usize::from(height));
        let centred = rules.opening().second_black_distance().is_none() || (w % 2 == 1 && h % 2 == 1);
        let count = match (centred, w == h) {
            (false, _) => 1,
            (true, false) => 4,
            (true, true) => 8,
        };
        let symmetries = (0..count)
            .map(|symmetry| {
                let mut map = [0u8; MAX_SOLVED_POINTS];
                for y in 0..h {
                    for x in 0..w {
                        let mx = if symmetry & 1 != 0 { w - 1 - x } else { x };
                        let my = if symmetry & 2 != 0 { h - 1 - y } else { y };
                        let (tx, ty) = if symmetry & 4 != 0 { (my, mx) } else { (mx, my) };
                        // At most 64 points, so a point's number fits a byte.
                        map[y * w + x] = (ty * w + tx) as u8;
                    }
                }
                map
            })
            .collect();
        Search { width: i16::from(width), symmetries, memo: HashMap::new() }
    }

    /// The key of `position`: of its mirror images, the one with the smallest stones.
    fn key(&self, position: &Position) -> Key {
        let (mut black, mut white) = (0u64, 0u64);
        position.stones().for_each(|point, colour| {
            let bit = 1u64 << (point.y * self.width + point.x);
            match colour {
                Colour::Black => black |= bit,
                Colour::White => white |= bit,
            }
        });
        let image = |map: &[u8; MAX_SOLVED_POINTS], bits: u64| {
            let mut image = 0u64;
            let mut rest = bits;
            while rest != 0 {
                image |= 1 << map[rest.trailing_zeros() as usize];
                rest &= rest - 1;
            }
            image
        };
        let (black, white) = self
            .symmetries
            .iter()
            .map(|map| (image(map, black), image(map, white)))
            .min()
            .expect("the identity at least");
        Key { black, white, phase: position.phase(), first_seat: position.colour_of(Seat::FIRST) }
    }

    /// The value of `position` (not over) for the seat to act, 1 a win, 0 a draw, −1 a loss, searched within
    /// `alpha` and `beta`: a value at or below `alpha` or at or above `beta` may be a bound only.
    fn value(&mut self, position: &Position, alpha: i8, beta: i8) -> i8 {
        let key = self.key(position);
        match self.memo.get(&key) {
            Some(&Bound::Exact(value)) => return value,
            Some(&Bound::AtLeast(value)) if value >= beta => return value,
            Some(&Bound::AtMost(value)) if value <= alpha => return value,
            _ => {}
        }
        let seat = position.to_act().expect("the game is not over");
        let mut actions = [None; MAX_SOLVED_POINTS + 2];
        let mut count = 0;
        position.for_each_legal_action(|action| {
            actions[count] = Some(action);
            count += 1;
        });
        let mut best = -1;
        let mut floor = alpha;
        for action in actions[..count].iter().flatten() {
            let mut after = position.clone();
            let value = match after.play(*action).expect("a listed action is legal") {
                Progress::GameOver(outcome) => match outcome.winner() {
                    Some(winner) if winner == seat => 1,
                    Some(_) => -1,
                    None => 0,
                },
                _ if after.to_act() == Some(seat) => self.value(&after, floor, beta),
                _ => -self.value(&after, -beta, -floor),
            };
            best = best.max(value);
            floor = floor.max(best);
            if floor >= beta {
                break;
            }
        }
        let bound = if best <= alpha {
            Bound::AtMost(best)
        } else if best >= beta {
            Bound::AtLeast(best)
        } else {
            Bound::Exact(best)
        };
        self.memo.insert(key, bound);
        best
    }
}
