//! The exact solver: who wins a Closing In position under perfect play, and a line of play that shows it.
//!
//! A game can end only in a win, so the search is negamax on win/loss: a position is won when some move
//! leads to a position lost for the opponent, and a move that leaves the opponent without a move wins at
//! once. What makes it fast enough to prove 5x5:
//! - a transposition table keyed by the removed squares, the mover's marker and the opponent's (after the
//!   placements the rules treat both seats alike, so the seat to move needs no place of its own in the key),
//!   in two-entry buckets: one keeps the result of the largest search, one the latest;
//! - move ordering by mobility: moves that leave the opponent fewest replies and the mover most room first;
//! - markers apart for good: once no free square can be reached by both, each walks its own region and the
//!   longer walk wins, so two small searches (one per region, up to `SEPARATE_WALK_LIMIT` cells) replace
//!   their product;
//! - the board's 8 symmetries in the opening: a placement whose mirror image has already been tried is
//!   skipped (once both markers stand, symmetric positions rarely meet again, so the search does not pay
//!   for canonical keys).
//!
//! The search runs on a framed board of its own: 14×14 cells with a one-cell wall around the largest board, so
//! walking a ray needs no bounds check. It is pure: the caller passes a node budget, and the answer is
//! [`Verdict::Unknown`] when the budget runs out first.

use super::board::{BoardSize, Square, MAX_SIZE};
use super::position::Position;
use crate::Seat;

/// Cells per row of the framed board: the largest board plus a wall on either side.
const STRIDE: usize = MAX_SIZE as usize + 2;
/// Cells of the framed board, rounded up to whole 64-bit words.
const WORDS: usize = (STRIDE * STRIDE).div_ceil(64);
/// The eight queen directions as steps between cells of the framed board.
const STEPS: [isize; 8] = [
    STRIDE as isize,
    STRIDE as isize + 1,
    1,
    1 - STRIDE as isize,
    -(STRIDE as isize),
    -(STRIDE as isize) - 1,
    -1,
    STRIDE as isize - 1,
];
/// At most 4 × 11 queen moves on a 12×12 board, with room to spare.
const MAX_MOVES: usize = 48;
/// Regions apart are solved by their longest walks only up to this many cells each: a walk is searched
/// without a table, so in larger regions the joint search is cheaper.
const SEPARATE_WALK_LIMIT: u32 = 14;
/// log2 of the default number of table entries (2^21 entries of 48 bytes: 96 MiB).
const DEFAULT_TABLE_BITS: u32 = 21;

/// Who wins with perfect play, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The seat that wins whatever the other does.
    pub winner: Seat,
    /// A line of perfect play from the position to the end of the game: the winner's moves win, and each of
    /// the loser's moves (all of which lose) is its first legal move in the fixed order of
    /// [`Position::for_each_legal_move`].
    pub line: Vec<Square>,
}

/// The answer of the solver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The position is solved.
    Proven(Solution),
    /// The node budget ran out first.
    Unknown,
}

/// Solves `position` with a fresh [`Solver`] of `node_budget` nodes.
#[must_use]
pub fn solve(position: &Position, node_budget: u64) -> Verdict {
    Solver::new(node_budget).solve(position)
}

/// The opening placements of A and B up to the board's symmetries: A's square in one eighth of the board, and
/// B's among the squares no symmetry keeping A's square maps to a smaller one. Every placement pair of the
/// board is the mirror image of exactly one of these.
#[must_use]
pub fn opening_pairs(size: BoardSize) -> Vec<(Square, Square)> {
    let start = Position::new(size);
    let mut pairs = Vec::new();
    for first in canonical_placements(&start) {
        let mut after = start;
        after.play(first).expect("a free square");
        pairs.extend(canonical_placements(&after).into_iter().map(|second| (first, second)));
    }
    pairs
}

/// The placements open to the seat to move that no board symmetry keeping the placed marker (if any) maps to
/// a square earlier in the board's order.
fn canonical_placements(position: &Position) -> Vec<Square> {
    let size = position.size();
    let placed = position.marker(Seat::FIRST);
    let keeps_placed = |symmetry: u8| placed.is_none_or(|square| size.transform(square, symmetry) == square);
    let order = |square: Square| (square.row, square.column);
    let mut squares = Vec::new();
    position.for_each_legal_move(|square| {
        let smallest = (0..8)
            .filter(|&symmetry| keeps_placed(symmetry))
            .all(|symmetry| order(size.transform(square, symmetry)) >= order(square));
        if smallest {
            squares.push(square);
        }
    });
    squares
}

/// Cells of the framed board as a bitset.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct Cells([u64; WORDS]);

impl Cells {
    fn contains(&self, cell: usize) -> bool {
        self.0[cell / 64] & (1 << (cell % 64)) != 0
    }

    fn with(mut self, cell: usize) -> Cells {
        self.0[cell / 64] |= 1 << (cell % 64);
        self
    }

    fn len(&self) -> u32 {
        self.0.iter().map(|word| word.count_ones()).sum()
    }

    fn meets(&self, other: &Cells) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & b != 0)
    }
}

/// The framed cell of a square of the board.
fn cell(square: Square) -> usize {
    (square.row as usize + 1) * STRIDE + square.column as usize + 1
}

/// A position after both placements, seen from the seat to move: the cells no marker may enter (walls and
/// removed squares), the mover's cell and the opponent's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Node {
    blocked: Cells,
    mover: u8,
    opponent: u8,
}

impl Node {
    fn of(position: &Position) -> Option<Node> {
        let size = position.size().get() as usize;
        let mover = position.marker(position.to_move())?;
        let opponent = position.marker(position.to_move().other())?;
        let mut blocked = Cells::default();
        for index in 0..STRIDE * STRIDE {
            let (row, column) = (index / STRIDE, index % STRIDE);
            if row == 0 || column == 0 || row > size || column > size {
                blocked = blocked.with(index);
            }
        }
        for square in position.removed().iter(position.size()) {
            blocked = blocked.with(cell(square));
        }
        Some(Node { blocked, mover: cell(mover) as u8, opponent: cell(opponent) as u8 })
    }

    /// Calls `visit` with each of the mover's destinations, in the order of [`Position::for_each_legal_move`].
    fn for_each_move(&self, mut visit: impl FnMut(usize)) {
        for step in STEPS {
            let mut at = self.mover as usize;
            loop {
                at = at.wrapping_add_signed(step);
                if self.blocked.contains(at) || at == self.opponent as usize {
                    break;
                }
                visit(at);
            }
        }
    }

    /// The mover's destinations, in the order of [`Position::for_each_legal_move`].
    fn moves(&self, out: &mut [u8; MAX_MOVES]) -> usize {
        let mut count = 0;
        self.for_each_move(|at| {
            out[count] = at as u8;
            count += 1;
        });
        count
    }

    /// The number of the mover's moves.
    fn mobility(&self) -> u32 {
        let mut count = 0;
        self.for_each_move(|_| count += 1);
        count
    }

    /// The position after the mover goes to `to`, seen from the opponent.
    fn after(&self, to: u8) -> Node {
        Node { blocked: self.blocked.with(self.mover as usize), mover: self.opponent, opponent: to }
    }

    /// The free cells the mover's marker could ever reach: those connected to it through free cells by king
    /// steps (a queen move is a run of king steps over free cells). The opponent's cell is not free.
    fn region(&self) -> Cells {
        let walls = self.blocked.with(self.mover as usize).with(self.opponent as usize);
        let mut region = Cells::default();
        let mut stack = [0u8; STRIDE * STRIDE];
        stack[0] = self.mover;
        let mut len = 1;
        while len > 0 {
            len -= 1;
            let at = stack[len] as usize;
            for step in STEPS {
                let next = at.wrapping_add_signed(step);
                if !walls.contains(next) && !region.contains(next) {
                    region = region.with(next);
                    stack[len] = next as u8;
                    len += 1;
                }
            }
        }
        region
    }

    fn hash(&self) -> u64 {
        let mut hash = u64::from(self.mover) << 8 | u64::from(self.opponent);
        for word in self.blocked.0 {
            hash = (hash ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
        }
        hash ^ hash >> 32
    }
}

/// One remembered result; an entry with no work is empty.
#[derive(Clone, Copy, Debug)]
struct Entry {
    node: Node,
    /// Whether the mover wins.
    wins: bool,
    /// Nodes the search of this result took (saturating): the larger, the more worth keeping.
    work: u32,
}

const EMPTY: Entry = Entry { node: Node { blocked: Cells([0; WORDS]), mover: 0, opponent: 0 }, wins: false, work: 0 };

/// The exact solver. Its table outlives a call, so solving the positions along a line is cheap.
#[derive(Debug)]
pub struct Solver {
    table: Vec<Entry>,
    mask: usize,
    budget: u64,
    nodes: u64,
}

impl Solver {
    /// A solver that visits at most `node_budget` nodes in all, with the default table (2^21 entries, 96 MiB).
    #[must_use]
    pub fn new(node_budget: u64) -> Solver {
        Solver::with_table_bits(node_budget, DEFAULT_TABLE_BITS)
    }

    /// A solver with a table of 2^`bits` entries (at least 2).
    #[must_use]
    pub fn with_table_bits(node_budget: u64, bits: u32) -> Solver {
        let entries = 1usize << bits.max(1);
        Solver { table: vec![EMPTY; entries], mask: entries - 1, budget: node_budget, nodes: 0 }
    }

    /// The nodes visited so far, over all calls.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Who wins `position` with perfect play, with a line of play to the end; [`Verdict::Unknown`] when the
    /// node budget runs out first.
    pub fn solve(&mut self, position: &Position) -> Verdict {
        let Some(wins) = self.position_wins(position) else {
            return Verdict::Unknown;
        };
        let winner = if wins { position.to_move() } else { position.to_move().other() };
        let mut line = Vec::new();
        let mut at = *position;
        while !at.is_over() {
            let Some(square) = self.line_move(&at, at.to_move() == winner) else {
                return Verdict::Unknown;
            };
            at.play(square).expect("the solver plays legal moves");
            line.push(square);
        }
        Verdict::Proven(Solution { winner, line })
    }

    /// A move of the line: for the winner, the first that keeps the win; for the loser, the first legal move.
    /// `None` when the budget runs out.
    fn line_move(&mut self, position: &Position, winning: bool) -> Option<Square> {
        let mut candidates = Vec::new();
        position.for_each_legal_move(|square| candidates.push(square));
        if !winning {
            return candidates.first().copied();
        }
        for square in candidates {
            let mut after = *position;
            after.play(square).expect("a listed move is legal");
            if !self.position_wins(&after)? {
                return Some(square);
            }
        }
        unreachable!("a won position has a winning move")
    }

    /// Whether the seat to move in `position` wins; `None` when the budget runs out.
    fn position_wins(&mut self, position: &Position) -> Option<bool> {
        if position.is_over() {
            return Some(false);
        }
        if let Some(node) = Node::of(position) {
            return self.wins(&node);
        }
        for square in canonical_placements(position) {
            let mut after = *position;
            after.play(square).expect("a free square");
            if !self.position_wins(&after)? {
                return Some(true);
            }
        }
        Some(false)
    }

    /// Whether the mover of `node` wins; `None` when the budget runs out.
    fn wins(&mut self, node: &Node) -> Option<bool> {
        if self.nodes >= self.budget {
            return None;
        }
        self.nodes += 1;
        let bucket = (node.hash() as usize) & self.mask & !1;
        for entry in &self.table[bucket..bucket + 2] {
            if entry.work > 0 && entry.node == *node {
                return Some(entry.wins);
            }
        }
        let started = self.nodes;
        let wins = self.search(node)?;
        let work = u32::try_from(self.nodes - started + 1).unwrap_or(u32::MAX);
        let slot = if self.table[bucket].work <= work { bucket } else { bucket + 1 };
        self.table[slot] = Entry { node: *node, wins, work };
        Some(wins)
    }

    /// The search below [`Solver::wins`]: children ordered by mobility, the first lost child wins.
    fn search(&mut self, node: &Node) -> Option<bool> {
        let mine = node.region();
        let theirs = Node { blocked: node.blocked, mover: node.opponent, opponent: node.mover }.region();
        if !mine.meets(&theirs) && mine.len().max(theirs.len()) <= SEPARATE_WALK_LIMIT {
            // Apart for good: each marker walks its own region, and the mover, who must move first, wins by
            // having the longer walk.
            let their_walk = self.longest_walk(node.blocked.with(node.mover as usize), node.opponent, theirs.len())?;
            let my_walk = self.longest_walk(node.blocked.with(node.opponent as usize), node.mover, their_walk + 1)?;
            return Some(my_walk > their_walk);
        }
        let mut moves = [0u8; MAX_MOVES];
        let count = node.moves(&mut moves);
        let mut children = [(0i32, 0u8); MAX_MOVES];
        for (child, &to) in children.iter_mut().zip(&moves[..count]) {
            let after = node.after(to);
            let replies = after.mobility();
            if replies == 0 {
                return Some(true);
            }
            let room = Node { blocked: after.blocked, mover: to, opponent: after.mover }.mobility();
            *child = (2 * replies as i32 - room as i32, to);
        }
        let children = &mut children[..count];
        children.sort_unstable_by_key(|&(score, _)| score);
        for &(_, to) in children.iter() {
            if !self.wins(&node.after(to))? {
                return Some(true);
            }
        }
        Some(false)
    }

    /// The most queen moves a lone marker on `from` can make, each removing the cell it leaves, counted up
    /// to `enough` (the search stops on finding that many); `None` when the budget runs out.
    fn longest_walk(&mut self, blocked: Cells, from: u8, enough: u32) -> Option<u32> {
        if self.nodes >= self.budget {
            return None;
        }
        self.nodes += 1;
        // The other marker is among the blocked cells; the walker's own cell stands in for it.
        let node = Node { blocked, mover: from, opponent: from };
        let mut moves = [0u8; MAX_MOVES];
        let count = node.moves(&mut moves);
        let mut longest = 0;
        for &to in &moves[..count] {
            if longest >= enough {
                break;
            }
            longest = longest.max(1 + self.longest_walk(blocked.with(from as usize), to, enough - 1)?);
        }
        Some(longest.min(enough))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn size(n: u8) -> BoardSize {
        BoardSize::new(n).expect("a valid size")
    }

    #[test]
    fn the_opening_pairs_cover_every_placement_pair_once_up_to_symmetry() {
        for n in [3, 4, 5, 6] {
            let board = size(n);
            let pairs = opening_pairs(board);
            let mut covered = std::collections::BTreeSet::new();
            for &(first, second) in &pairs {
                for symmetry in 0..8 {
                    covered.insert((board.transform(first, symmetry), board.transform(second, symmetry)));
                }
            }
            let all = u64::from(n) * u64::from(n) * (u64::from(n) * u64::from(n) - 1);
            assert_eq!(covered.len() as u64, all, "{n}x{n}");
            let distinct: std::collections::BTreeSet<_> = pairs
                .iter()
                .map(|&(a, b)| (0..8).map(|g| (board.transform(a, g), board.transform(b, g))).min())
                .collect();
            assert_eq!(distinct.len(), pairs.len(), "{n}x{n}: two pairs are mirror images");
        }
        assert_eq!(opening_pairs(size(3)).len(), 5 + 5 + 2, "B after A in a corner, on an edge, in the centre");
    }

    #[test]
    fn a_line_ends_with_the_winner_to_have_moved_last() {
        let Verdict::Proven(solution) = solve(&Position::new(size(3)), u64::MAX) else {
            panic!("3x3 is solved without a budget");
        };
        let mut position = Position::new(size(3));
        for &square in &solution.line {
            position.play(square).expect("the line is legal");
        }
        assert_eq!(position.outcome().and_then(|outcome| outcome.winner()), Some(solution.winner));
    }

    #[test]
    fn a_table_entry_is_48_bytes() {
        assert_eq!(std::mem::size_of::<Entry>(), 48);
    }

    #[test]
    fn a_budget_too_small_gives_unknown() {
        assert_eq!(solve(&Position::new(size(4)), 10), Verdict::Unknown);
        let mut solver = Solver::with_table_bits(10, 4);
        assert_eq!(solver.solve(&Position::new(size(4))), Verdict::Unknown);
        assert_eq!(solver.nodes(), 10);
    }
}
