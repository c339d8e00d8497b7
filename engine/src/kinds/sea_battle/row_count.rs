//! The number of layouts of a fleet whose ships may not touch at all, row by row (a transfer-matrix count): what
//! the backtracking [`count_layouts`](super::count_layouts) cannot reach on 10 × 10 with the classic fleet
//! (rules §6: 1,855,545,978,831,780 layouts).
//!
//! The count walks the grid a row at a time. What the next row needs of the rows above is only the last row, cell
//! by cell: empty, taken by a finished ship (a horizontal one, which nothing may touch), or the lowest cell of a
//! vertical run still open (of some length so far: the cell below may extend it). With it go the ships finished so
//! far, per length. A cell of a new row alone in its row extends the run above it or starts one; a horizontal run
//! of two or more cells is a finished ship. Nothing may stand beside or diagonally next to an occupied cell above,
//! except the extension right below an open run; a run not extended ends, a ship of its length (a single cell when
//! its length is 1). Ships of equal length are not told apart, as in §6.
//!
//! A row is packed four bits a cell (0 empty, 1 finished, 1 + n the end of an open run of n), the ships finished
//! four bits a length, so that a state is two numbers; each distinct last row's ways on (the next row, the ships
//! it finishes) are worked out once.

use std::collections::HashMap;

use super::grid::MAX_SIDE;

/// A packed row's cell: empty.
const EMPTY: u64 = 0;
/// A packed row's cell: a finished ship's.
const FINISHED: u64 = 1;

/// The number of layouts of ships of `lengths` on a grid of side `side` (at most [`MAX_SIDE`]) in which no two
/// ships touch, not even at a corner; ships of equal length not told apart. Ships are 1 to 10 cells long and at
/// most 15 of one length.
#[must_use]
pub fn count_apart_by_rows(side: u8, lengths: &[u8]) -> u64 {
    let mut wanted = [0u8; 11];
    for &length in lengths {
        match wanted.get_mut(usize::from(length)) {
            Some(slot) if length > 0 && *slot < 15 => *slot += 1,
            _ => return 0,
        }
    }
    if side > MAX_SIDE {
        return 0;
    }
    let counter = RowCounter { side: usize::from(side), longest: lengths.iter().copied().max().unwrap_or(0), wanted };
    counter.count()
}

/// What one count needs: the grid's side, the longest ship and the ships wanted per length.
struct RowCounter {
    side: usize,
    longest: u8,
    wanted: [u8; 11],
}

impl RowCounter {
    fn count(&self) -> u64 {
        let mut ways: HashMap<u64, Vec<(u64, u64)>> = HashMap::new();
        let mut layouts: HashMap<(u64, u64), u64> = HashMap::from([((0, 0), 1)]);
        for _ in 0..self.side {
            let mut next: HashMap<(u64, u64), u64> = HashMap::new();
            for ((above, finished), count) in layouts {
                let row_ways = ways.entry(above).or_insert_with(|| self.ways_on(above));
                for &(row, ships) in row_ways.iter() {
                    if let Some(finished) = self.add(finished, ships) {
                        *next.entry((row, finished)).or_insert(0) += count;
                    }
                }
            }
            layouts = next;
        }
        let full = self.pack_wanted();
        layouts
            .into_iter()
            .filter(|&((above, finished), _)| self.add(finished, self.ended_runs(above, 0)) == Some(full))
            .map(|(_, count)| count)
            .sum()
    }

    /// Every next row below the packed row `above`, with the ships it finishes (packed per length).
    fn ways_on(&self, above: u64) -> Vec<(u64, u64)> {
        (0..1u32 << self.side).filter_map(|occupied| self.row_below(above, occupied)).collect()
    }

    fn cell(row: u64, column: usize) -> u64 {
        row >> (4 * column) & 0xF
    }

    /// The packed row whose occupied cells are the bits of `occupied`, below `above`, with the ships it finishes;
    /// `None` when a ship would touch another or a run grow past the longest ship.
    fn row_below(&self, above: u64, occupied: u32) -> Option<(u64, u64)> {
        let empty_above =
            |column: isize| column < 0 || column as usize >= self.side || Self::cell(above, column as usize) == EMPTY;
        let (mut row, mut ships) = (0u64, 0u64);
        let mut column = 0;
        while column < self.side {
            if occupied >> column & 1 == 0 {
                column += 1;
                continue;
            }
            let start = column;
            while column < self.side && occupied >> column & 1 == 1 {
                column += 1;
            }
            let length = column - start;
            let (left, right) = (start as isize - 1, column as isize);
            if length > 1 {
                if length > usize::from(self.longest) || !(left..=right).all(empty_above) {
                    return None;
                }
                ships += 1 << (4 * length);
                for cell in start..column {
                    row |= FINISHED << (4 * cell);
                }
            } else {
                if !empty_above(left) || !empty_above(right) {
                    return None;
                }
                let run = match Self::cell(above, start) {
                    EMPTY => 1,
                    FINISHED => return None,
                    open => open,
                };
                if run > u64::from(self.longest) {
                    return None;
                }
                row |= (1 + run) << (4 * start);
            }
        }
        Some((row, ships + self.ended_runs(above, row)))
    }

    /// The ships (packed per length) that the open runs of `above` make when `row` does not extend them.
    fn ended_runs(&self, above: u64, row: u64) -> u64 {
        (0..self.side)
            .filter(|&column| Self::cell(above, column) > FINISHED && Self::cell(row, column) <= FINISHED)
            .map(|column| 1 << (4 * (Self::cell(above, column) - 1)))
            .sum()
    }

    /// `finished` with `ships` added, unless a length would pass what the fleet has.
    fn add(&self, finished: u64, ships: u64) -> Option<u64> {
        let mut total = 0;
        for length in 1..=usize::from(self.longest) {
            let count = (finished >> (4 * length) & 0xF) + (ships >> (4 * length) & 0xF);
            if count > u64::from(self.wanted[length]) {
                return None;
            }
            total |= count << (4 * length);
        }
        Some(total)
    }

    /// The whole fleet, packed per length.
    fn pack_wanted(&self) -> u64 {
        (1..=usize::from(self.longest)).map(|length| u64::from(self.wanted[length]) << (4 * length)).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::super::layout::count_layouts;
    use super::super::rules::Touching;
    use super::*;

    #[test]
    fn the_row_count_agrees_with_the_backtracking_count() {
        for (side, lengths) in [(2, &[1, 1][..]), (4, &[2, 1, 1]), (5, &[3, 2, 1]), (6, &[3, 2, 2, 1, 1, 1])] {
            assert_eq!(
                count_apart_by_rows(side, lengths),
                count_layouts(side, lengths, Touching::None),
                "{side}: {lengths:?}"
            );
        }
        assert_eq!(count_apart_by_rows(6, &[3, 2, 2, 1, 1, 1]), 894_296);
        assert_eq!(count_apart_by_rows(3, &[0]), 0);
    }
}
