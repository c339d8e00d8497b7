//! Closing In against independent code: perft values from `tests/data/perft/closing-in.txt`, recomputed by a
//! naive count, and the exact solver against a naive minimax on thousands of positions from random games.

#[path = "common/perft_data.rs"]
mod perft_data;

use kartka_engine::closing_in::{self, BoardSize, Position, Solver, Verdict};
use kartka_engine::{perft, Game, Seat};
use perft_data::{entries, Entry};

/// Values up to this are recomputed by the naive count; larger ones take too long for the test suite.
const NAIVE_LIMIT: u64 = 1_000_000;

fn position(entry: &Entry) -> Position {
    let size: u8 = entry.field("size").parse().expect("a number");
    let mut position = Position::new(BoardSize::new(size).expect("a valid size"));
    let moves = Position::parse_actions(entry.field("moves")).expect("readable squares");
    for square in moves {
        if let Err(illegal) = position.play(square) {
            panic!("line {}: {square} is illegal: {illegal}", entry.line);
        }
    }
    position
}

#[test]
fn perft_matches_the_data_file_and_a_naive_count() {
    let mut naive_checked = 0;
    for entry in entries("closing-in") {
        let position = position(&entry);
        let counts = perft::counts_by_depth(&position, entry.counts.len());
        assert_eq!(counts, entry.counts, "line {}", entry.line);
        assert_eq!(perft::perft(&position, entry.counts.len()), *entry.counts.last().expect("a count"));
        let board = naive::Board::of(&position);
        for (depth, &expected) in (1..).zip(&entry.counts).filter(|(_, &count)| count <= NAIVE_LIMIT) {
            assert_eq!(board.count(depth), expected, "line {}, depth {depth}, naive count", entry.line);
            naive_checked += 1;
        }
    }
    assert!(naive_checked >= 40, "only {naive_checked} values were recomputed");
    assert_eq!(perft::perft(&Position::default(), 0), 1);
}

/// A xorshift generator: the test's own random source, seeded so every run checks the same positions.
struct Random(u64);

impl Random {
    fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % bound as u64) as usize
    }
}

/// A random game on `size` played to its end, as the positions before each move and the final one.
fn random_game(size: BoardSize, random: &mut Random) -> Vec<Position> {
    let mut positions = vec![Position::new(size)];
    let mut position = positions[0];
    while let Some(square) = position.pick_legal_action(random.below(usize::MAX) as u64) {
        position.play(square).expect("a legal move");
        positions.push(position);
    }
    positions
}

/// Checks a proof: the line is legal, ends the game, and the seat that wins it is the one claimed.
fn assert_line_wins(position: &Position, verdict: &Verdict) -> Seat {
    let Verdict::Proven(solution) = verdict else {
        panic!("no proof for {position:?}");
    };
    let mut after = *position;
    for &square in &solution.line {
        after.play(square).unwrap_or_else(|illegal| panic!("the line plays {square}: {illegal}"));
    }
    let winner = after.outcome().and_then(|outcome| outcome.winner());
    assert_eq!(winner, Some(solution.winner), "the line of {position:?} ends otherwise");
    solution.winner
}

#[test]
fn the_solver_agrees_with_naive_minimax_on_random_positions() {
    let mut random = Random(0x2545_F491_4F6C_DD1D);
    // The naive search is exponential: on 5x5 it starts after eight moves (six squares removed).
    for (size, earliest_move, positions) in [(3, 0, 1000), (4, 2, 1000), (5, 8, 1000)] {
        let size = BoardSize::new(size).expect("a valid size");
        let mut solver = Solver::with_table_bits(u64::MAX, 16);
        let mut wins = [0; 2];
        for _ in 0..positions {
            let game = random_game(size, &mut random);
            let stop = earliest_move.min(game.len() - 1);
            let position = game[stop + random.below(game.len() - stop)];
            let naive_winner =
                if naive::Board::of(&position).mover_wins() { position.to_move() } else { position.to_move().other() };
            let verdict = solver.solve(&position);
            assert_eq!(assert_line_wins(&position, &verdict), naive_winner, "{position:?}");
            wins[naive_winner.index()] += 1;
        }
        assert!(wins[0] > positions / 10 && wins[1] > positions / 10, "{size}: wins by seat {wins:?}");
    }
}

#[test]
fn the_solver_proves_the_small_boards_from_the_empty_board() {
    for size in [3, 4] {
        let start = Position::new(BoardSize::new(size).expect("a valid size"));
        let verdict = closing_in::solve(&start, u64::MAX);
        let winner = assert_line_wins(&start, &verdict);
        let naive_winner = if naive::Board::of(&start).mover_wins() { Seat::FIRST } else { Seat::SECOND };
        assert_eq!(winner, naive_winner, "{size}x{size}");
    }
}

/// A plain recursive count over a `Vec<bool>` of removed squares, written apart from the engine: it shares
/// nothing with it but the starting position's markers and removed squares.
mod naive {
    use kartka_engine::closing_in::Position;
    use kartka_engine::Seat;

    #[derive(Clone)]
    pub struct Board {
        size: i32,
        removed: Vec<bool>,
        markers: [Option<(i32, i32)>; 2],
        mover: usize,
    }

    impl Board {
        pub fn of(position: &Position) -> Board {
            let size = i32::from(position.size().get());
            let mut removed = vec![false; (size * size) as usize];
            for square in position.removed().iter(position.size()) {
                removed[(i32::from(square.row) * size + i32::from(square.column)) as usize] = true;
            }
            let marker = |seat| position.marker(seat).map(|s| (i32::from(s.column), i32::from(s.row)));
            Board {
                size,
                removed,
                markers: [marker(Seat::FIRST), marker(Seat::SECOND)],
                mover: position.to_move().index(),
            }
        }

        fn free(&self, (column, row): (i32, i32)) -> bool {
            (0..self.size).contains(&column)
                && (0..self.size).contains(&row)
                && !self.removed[(row * self.size + column) as usize]
                && self.markers[1 - self.mover] != Some((column, row))
        }

        fn moves(&self) -> Vec<(i32, i32)> {
            let mut moves = Vec::new();
            match self.markers[self.mover] {
                None => {
                    for row in 0..self.size {
                        for column in 0..self.size {
                            if self.free((column, row)) {
                                moves.push((column, row));
                            }
                        }
                    }
                }
                Some((column, row)) => {
                    for dc in -1..=1 {
                        for dr in -1..=1 {
                            let mut at = (column + dc, row + dr);
                            while (dc, dr) != (0, 0) && self.free(at) {
                                moves.push(at);
                                at = (at.0 + dc, at.1 + dr);
                            }
                        }
                    }
                }
            }
            moves
        }

        fn after(&self, to: (i32, i32)) -> Board {
            let mut next = self.clone();
            if let Some((column, row)) = self.markers[self.mover] {
                next.removed[(row * self.size + column) as usize] = true;
            }
            next.markers[self.mover] = Some(to);
            next.mover = 1 - self.mover;
            next
        }

        /// The number of move sequences of `depth` ≥ 1 moves.
        pub fn count(&self, depth: usize) -> u64 {
            let moves = self.moves();
            if depth == 1 {
                return moves.len() as u64;
            }
            moves.into_iter().map(|to| self.after(to).count(depth - 1)).sum()
        }

        /// Plain minimax: the mover wins when some move leaves the opponent a lost position (a player without
        /// a move has lost).
        pub fn mover_wins(&self) -> bool {
            self.moves().into_iter().any(|to| !self.after(to).mover_wins())
        }
    }
}
