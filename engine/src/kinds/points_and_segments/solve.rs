//! The exact solver. A drawn segment takes its two points and bars every segment that would meet it, so a
//! position plays like the set of segments still drawable, each move taking one of them and every one it
//! conflicts with (meets, or shares a point with): node Kayles on the conflict graph of those segments. Parts of
//! that graph with no conflict between them are independent games, so a position's Grundy value is the exclusive
//! or of its parts' values, each found by a memoised search over the sets of segments it can leave.
//!
//! On a convex start each part is the region of a polygon's points between chords, and any two of its points
//! still join: its value depends only on how many points it holds, and a chord splits `k` points into arcs of
//! `a` and `k − 2 − a`. The solver then searches those arcs instead of segment sets (Dawson's Kayles), which
//! reaches every number of points the rules allow.

use std::collections::HashMap;

use super::position::{Position, Segment};
use super::rules::{Start, MAX_POINTS};
use crate::Seat;

/// Words of a set of segments: one bit per drawable segment, at most `30 · 29 / 2 = 435`.
const WORDS: usize = 7;

/// A set of drawable segments, by their index in the root's list.
type SegmentSet = [u64; WORDS];

/// What the solver proved about a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Who wins with perfect play.
    pub winner: Seat,
    /// A game played out from the position: the winner's moves keep the win, the loser's are the first it has.
    pub line: Vec<Segment>,
}

/// The solver's answer: a proof, or the budget ran out first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The position is solved.
    Proven(Solution),
    /// The search visited its budget of positions without an answer.
    Unknown,
}

/// The budget ran out.
struct OutOfBudget;

/// A memoised search over positions, reusable across positions of one game's rules.
#[derive(Debug)]
pub struct Solver {
    budget: u64,
    nodes: u64,
    arcs_for_convex_starts: bool,
    values: HashMap<SegmentSet, u8>,
    arcs: Vec<u8>,
}

impl Solver {
    /// A solver that visits at most `budget` positions, counting arcs as one each on a convex start.
    #[must_use]
    pub fn new(budget: u64) -> Solver {
        Solver { budget, nodes: 0, arcs_for_convex_starts: true, values: HashMap::new(), arcs: Vec::new() }
    }

    /// A solver that searches segment sets even on a convex start: the check that the arcs' shortcut agrees
    /// with the search it replaces.
    #[must_use]
    pub fn without_arcs(budget: u64) -> Solver {
        Solver { arcs_for_convex_starts: false, ..Solver::new(budget) }
    }

    /// The positions visited so far.
    #[must_use]
    pub const fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Perfect play from `position`: the winner and a line of play.
    pub fn solve(&mut self, position: &Position) -> Verdict {
        let winner = match self.winning_move(position) {
            Ok(Some(_)) => position.to_move(),
            // A position that is over has no move either: its seat to move is the one left without one.
            Ok(None) => position.to_move().other(),
            Err(OutOfBudget) => return Verdict::Unknown,
        };
        self.play_out(*position, winner)
    }

    /// Plays `position` to its end, each seat's move a winning one where it has one.
    fn play_out(&mut self, mut position: Position, winner: Seat) -> Verdict {
        let mut line = Vec::new();
        while !position.is_over() {
            let chosen = match self.winning_move(&position) {
                Ok(Some(segment)) => segment,
                Ok(None) => first_move(&position),
                Err(OutOfBudget) => return Verdict::Unknown,
            };
            position.play(chosen).expect("a drawable segment");
            line.push(chosen);
        }
        Verdict::Proven(Solution { winner, line })
    }

    /// A move after which the opponent loses, the first in move order; `None` when every move loses.
    fn winning_move(&mut self, position: &Position) -> Result<Option<Segment>, OutOfBudget> {
        let graph = Graph::of(position);
        let everything = graph.all();
        for (index, &segment) in graph.segments.iter().enumerate() {
            let rest = without(&everything, &graph.closed_neighbourhood[index]);
            if self.value(&graph, position, &rest)? == 0 {
                return Ok(Some(segment));
            }
        }
        Ok(None)
    }

    /// The Grundy value of the game left by the drawable segments `set`: the exclusive or of its parts'.
    fn value(&mut self, graph: &Graph, position: &Position, set: &SegmentSet) -> Result<u8, OutOfBudget> {
        let mut value = 0;
        for part in graph.parts(set) {
            value ^= if self.arcs_for_convex_starts && position.rules().start() == Start::Convex {
                self.arc(graph.points_of(&part))
            } else {
                self.part_value(graph, position, part)?
            };
        }
        Ok(value)
    }

    /// The Grundy value of one part: the least value no move in it leaves.
    fn part_value(&mut self, graph: &Graph, position: &Position, part: SegmentSet) -> Result<u8, OutOfBudget> {
        if let Some(&value) = self.values.get(&part) {
            return Ok(value);
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(OutOfBudget);
        }
        let mut reached = 0u64;
        for index in members(&part) {
            let rest = without(&part, &graph.closed_neighbourhood[index]);
            reached |= 1 << self.value(graph, position, &rest)?;
        }
        let value = u8::try_from(reached.trailing_ones()).expect("below 64");
        self.values.insert(part, value);
        Ok(value)
    }

    /// The Grundy value of `points` points in convex position: a chord leaves arcs of `a` and `points − 2 − a`.
    fn arc(&mut self, points: usize) -> u8 {
        while self.arcs.len() <= points {
            let k = self.arcs.len();
            let mut reached = 0u64;
            for a in 0..k.saturating_sub(1) {
                reached |= 1 << (self.arcs[a] ^ self.arcs[k - 2 - a]);
            }
            self.nodes += 1;
            self.arcs.push(u8::try_from(reached.trailing_ones()).expect("below 64"));
        }
        self.arcs[points]
    }
}

/// The first legal move of a position that is not over.
fn first_move(position: &Position) -> Segment {
    let mut first = None;
    position.for_each_legal_move(|segment| {
        first.get_or_insert(segment);
    });
    first.expect("a position that is not over has a move")
}

/// The drawable segments of a position and which conflict.
struct Graph {
    segments: Vec<Segment>,
    /// Per segment: itself and every segment it conflicts with.
    closed_neighbourhood: Vec<SegmentSet>,
}

impl Graph {
    fn of(position: &Position) -> Graph {
        let mut segments = Vec::new();
        position.for_each_legal_move(|segment| segments.push(segment));
        let closed_neighbourhood = segments
            .iter()
            .map(|&segment| {
                let mut set = [0; WORDS];
                for (index, &other) in segments.iter().enumerate() {
                    if other == segment || conflict(position, segment, other) {
                        insert(&mut set, index);
                    }
                }
                set
            })
            .collect();
        Graph { segments, closed_neighbourhood }
    }

    fn all(&self) -> SegmentSet {
        let mut set = [0; WORDS];
        (0..self.segments.len()).for_each(|index| insert(&mut set, index));
        set
    }

    /// The parts of `set` with no conflict between them.
    fn parts(&self, set: &SegmentSet) -> Vec<SegmentSet> {
        let mut left = *set;
        let mut parts = Vec::new();
        while let Some(start) = first_member(&left) {
            let mut part = [0; WORDS];
            let mut frontier = vec![start];
            remove(&mut left, start);
            insert(&mut part, start);
            while let Some(index) = frontier.pop() {
                for next in members(&intersection(&left, &self.closed_neighbourhood[index])) {
                    remove(&mut left, next);
                    insert(&mut part, next);
                    frontier.push(next);
                }
            }
            parts.push(part);
        }
        parts
    }

    /// How many points the segments of `part` end at.
    fn points_of(&self, part: &SegmentSet) -> usize {
        let mut points = 0u32;
        for index in members(part) {
            let (low, high) = self.segments[index].ends();
            points |= 1 << low | 1 << high;
        }
        points.count_ones() as usize
    }
}

/// Whether drawing one of two segments bars the other: they share a point or meet.
fn conflict(position: &Position, a: Segment, b: Segment) -> bool {
    let ((a1, a2), (b1, b2)) = (a.ends(), b.ends());
    if a1 == b1 || a1 == b2 || a2 == b1 || a2 == b2 {
        return true;
    }
    let points = position.layout().points();
    let at = |index: u8| points[usize::from(index)];
    super::geometry::segments_meet(at(a1), at(a2), at(b1), at(b2))
}

fn insert(set: &mut SegmentSet, index: usize) {
    set[index / 64] |= 1 << (index % 64);
}

fn remove(set: &mut SegmentSet, index: usize) {
    set[index / 64] &= !(1 << (index % 64));
}

fn without(set: &SegmentSet, taken: &SegmentSet) -> SegmentSet {
    std::array::from_fn(|word| set[word] & !taken[word])
}

fn intersection(a: &SegmentSet, b: &SegmentSet) -> SegmentSet {
    std::array::from_fn(|word| a[word] & b[word])
}

/// The lowest index in `set`.
fn first_member(set: &SegmentSet) -> Option<usize> {
    members(set).next()
}

/// The indices in `set`, increasing.
fn members(set: &SegmentSet) -> impl Iterator<Item = usize> + '_ {
    set.iter().enumerate().flat_map(|(word, &bits)| {
        let mut bits = bits;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let bit = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                word * 64 + bit
            })
        })
    })
}

// Every segment of the largest game fits the set.
const _: () = assert!((MAX_POINTS as usize) * (MAX_POINTS as usize - 1) / 2 <= WORDS * 64);

#[cfg(test)]
mod tests {
    use super::super::rules::PointsRules;
    use super::*;

    #[test]
    fn arcs_of_dawsons_kayles_start_as_the_octal_game_0_07() {
        let mut solver = Solver::new(0);
        let values: Vec<u8> = (0..16).map(|points| solver.arc(points)).collect();
        assert_eq!(values, [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0]);
    }

    #[test]
    fn a_small_budget_gives_no_answer() {
        let position = Position::new(PointsRules::new(12, Start::Lattice { seed: 3 }).expect("valid"));
        assert_eq!(Solver::new(5).solve(&position), Verdict::Unknown);
    }
}
