//! Threat-space search, its simplest and most forcing part: victory by continuous fours. The seat to act plays
//! a stone that makes a *four* (a point where its next stone would win); the opponent must block that point
//! or lose at once, so each four leaves the opponent one answer, and the search follows the chain until a four
//! leaves two winning points (the opponent can block only one) or a stone wins outright. Because every reply is
//! forced, the chain is a proof: it wins against any defence.
//!
//! What the engine decides is never guessed: a point counts as a winning point only after playing it through
//! the engine (after an unrelated stone of the opponent's far away) gave the game to the attacker, and a chain
//! is abandoned where the opponent could win at once instead of blocking, by the rows counted here, which see
//! every win the rules can give and more, so the search may miss a chain but never claims a false one.

use kartka_engine::five_in_a_row::{Action, BoardShape, Cell, Colour, Phase, Point, Position};
use kartka_engine::{Progress, Seat};

use super::DIRECTIONS;

/// The longest chain of fours followed: the attacker's stones run out long before on any real board.
const MAX_FOURS: u32 = 24;

/// A chain of fours found from a position: its first stone, and the positions played to find it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FourChain {
    /// The first stone of the chain, for the seat to act.
    pub first: Action,
    /// Positions played (stones placed on copies) in the search.
    pub nodes: u64,
}

/// A chain of fours that wins for the seat to act in `position`, found within `node_budget` positions
/// played; `None` when there is none within the budget, and always during the opening's choices.
#[must_use]
pub fn find_four_chain(position: &Position, node_budget: u64) -> Option<FourChain> {
    let attacker = position.to_act()?;
    if position.phase() != Phase::Play {
        return None;
    }
    let mut search = Search { attacker, nodes: 0, node_budget };
    let first = search.chain(position, 0)?;
    Some(FourChain { first, nodes: search.nodes })
}

struct Search {
    attacker: Seat,
    nodes: u64,
    node_budget: u64,
}

impl Search {
    /// The attacker's stone that starts a winning chain from `position` (the attacker to act), if any.
    fn chain(&mut self, position: &Position, fours: u32) -> Option<Action> {
        let colour = position.colour_of(self.attacker)?;
        let points = candidates(position, colour);
        // A stone that wins at once comes before any chain.
        let line = i16::from(position.rules().line());
        for &point in points.iter().filter(|&&point| row_through(position, point, colour) >= line) {
            let action = stone(position, point);
            if let Some((_, Progress::GameOver(outcome))) = self.play(position, action) {
                if outcome.winner() == Some(self.attacker) {
                    return Some(action);
                }
            }
        }
        for point in points {
            let action = stone(position, point);
            let Some((after, progress)) = self.play(position, action) else { continue };
            if matches!(progress, Progress::GameOver(_)) {
                continue;
            }
            let threats = self.winning_points(&after, point, colour);
            if threats.is_empty() || opponent_wins_at_once(&after, colour.other()) {
                continue;
            }
            if threats.len() >= 2 && self.every_block_loses(&after, &threats) {
                return Some(action);
            }
            if threats.len() == 1 && fours < MAX_FOURS {
                // The one answer: block the winning point. A block that wins or is refused ends this line.
                let block = stone(&after, threats[0]);
                let Some((blocked, Progress::TurnEnded)) = self.play(&after, block) else { continue };
                if self.chain(&blocked, fours + 1).is_some() {
                    return Some(action);
                }
            }
            if self.nodes >= self.node_budget {
                return None;
            }
        }
        None
    }

    /// Plays `action` on a copy of `position`, counting it; `None` when refused or out of budget.
    fn play(&mut self, position: &Position, action: Action) -> Option<(Position, Progress)> {
        if self.nodes >= self.node_budget {
            return None;
        }
        self.nodes += 1;
        let mut after = position.clone();
        let progress = after.play(action).ok()?;
        Some((after, progress))
    }

    /// The points on the rows through `placed` where the attacker's next stone wins in `position` (the
    /// opponent to act), each checked by playing it after a stone of the opponent's far from it.
    fn winning_points(&mut self, position: &Position, placed: Point, colour: Colour) -> Vec<Point> {
        let reach = i16::from(position.rules().line());
        let mut points = Vec::new();
        for direction in DIRECTIONS {
            for steps in (-reach..=reach).filter(|&steps| steps != 0) {
                let point = placed.shifted(direction, steps);
                if position.cell(point) != Cell::Empty || points.contains(&point) {
                    continue;
                }
                if row_through(position, point, colour) >= reach && self.wins_after_a_far_stone(position, point) {
                    points.push(point);
                }
            }
        }
        points
    }

    /// Whether the attacker wins by a stone on `point` once the opponent has played a stone as far from it as
    /// the board allows (a stone that changes nothing on the rows through `point`).
    fn wins_after_a_far_stone(&mut self, position: &Position, point: Point) -> bool {
        let Some(far) = farthest_free_point(position, point) else { return false };
        let Some((after_far, Progress::TurnEnded)) = self.play(position, stone(position, far)) else {
            return false;
        };
        matches!(
            self.play(&after_far, stone(&after_far, point)),
            Some((_, Progress::GameOver(outcome))) if outcome.winner() == Some(self.attacker)
        )
    }

    /// Whether every block of one of `threats` leaves the attacker another that wins.
    fn every_block_loses(&mut self, position: &Position, threats: &[Point]) -> bool {
        threats.iter().all(|&block| {
            let Some((blocked, progress)) = self.play(position, stone(position, block)) else {
                // A point the opponent may not take is no block.
                return true;
            };
            if progress != Progress::TurnEnded {
                return false;
            }
            threats.iter().filter(|&&point| point != block).any(|&point| {
                matches!(
                    self.play(&blocked, stone(&blocked, point)),
                    Some((_, Progress::GameOver(outcome))) if outcome.winner() == Some(self.attacker)
                )
            })
        })
    }
}

/// The stone action on `point` in the notation of `position`'s board.
fn stone(position: &Position, point: Point) -> Action {
    match position.rules().board() {
        BoardShape::Bounded { .. } => Action::Stone(point),
        BoardShape::Endless => Action::EndlessStone(point),
    }
}

/// The empty points on the rows through the attacker's stones, within a line's length of one: the only
/// points where a stone can make a four.
fn candidates(position: &Position, colour: Colour) -> Vec<Point> {
    let reach = i16::from(position.rules().line()) - 1;
    let mut points = Vec::new();
    position.stones().for_each(|at, owner| {
        if owner != colour {
            return;
        }
        for direction in DIRECTIONS {
            for steps in (-reach..=reach).filter(|&steps| steps != 0) {
                let point = at.shifted(direction, steps);
                if position.cell(point) == Cell::Empty && !points.contains(&point) {
                    points.push(point);
                }
            }
        }
    });
    points
}

/// The longest row of `colour` a stone on the empty `point` would stand in.
fn row_through(position: &Position, point: Point, colour: Colour) -> i16 {
    DIRECTIONS
        .into_iter()
        .map(|direction| {
            let run = |sign: i16| {
                let mut steps = 1;
                while position.cell(point.shifted(direction, sign * steps)) == Cell::Stone(colour) {
                    steps += 1;
                }
                steps - 1
            };
            1 + run(1) + run(-1)
        })
        .max()
        .unwrap_or(1)
}

/// Whether `colour` (to act in `position`) has a point where a stone of its own wins now, by the rows:
/// every win the rules give is such a row, so `false` is certain.
fn opponent_wins_at_once(position: &Position, colour: Colour) -> bool {
    let line = i16::from(position.rules().line());
    candidates(position, colour).into_iter().any(|point| row_through(position, point, colour) >= line)
}

/// The legal stone for the seat to act farthest from `point` (rows and columns), if any.
fn farthest_free_point(position: &Position, point: Point) -> Option<Point> {
    let mut best: Option<(i16, Point)> = None;
    position.for_each_legal_action(|action| {
        if let Action::Stone(at) | Action::EndlessStone(at) = action {
            let distance = at.distance(point);
            if best.is_none_or(|(most, _)| distance > most) {
                best = Some((distance, at));
            }
        }
    });
    best.map(|(_, at)| at)
}
