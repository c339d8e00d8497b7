//! Edges and boxes of the field: an edge by its lower or left dot, the field's fixed numbering of edges and
//! boxes, and a fixed-size set of edges.
//!
//! Dots are numbered by column from the left and row from the bottom, both from 0. The field numbers its edges
//! horizontal first, row of dots by row from the bottom, left to right (`row * cols + column`), then vertical,
//! row of boxes by row from the bottom, left to right (`horizontal_count + row * (cols + 1) + column`); boxes by
//! their lower left dot, `row * cols + column`. That numbering is the order of legal actions, records and
//! position keys.

use std::fmt;

use super::rules::{DotsAndBoxesRules, MAX_SIDE};

/// The most edges of any field: 9 × 9 boxes have 90 horizontal and 90 vertical edges.
pub const MAX_EDGES: usize = 2 * (MAX_SIDE as usize + 1) * MAX_SIDE as usize;
/// The most boxes of any field.
pub const MAX_BOXES: usize = MAX_SIDE as usize * MAX_SIDE as usize;
/// 64-bit words of an [`EdgeSet`].
const WORDS: usize = MAX_EDGES.div_ceil(64);

/// Which way an edge runs from its dot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Orientation {
    /// To the dot on the right (`h`).
    Horizontal,
    /// To the dot above (`v`).
    Vertical,
}

/// One unit edge, by its lower or left dot (column and row from 0) and its orientation. Notation reads edges
/// past any field, so an edge may lie off the field it is played on; the rules refuse it then.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Edge {
    /// The dot's column, 0 for `a`; notation reads and writes columns up to `z` (25), and writes any column
    /// past it as `z`.
    pub column: u8,
    /// The dot's row from the bottom, 0 for `1`.
    pub row: u8,
    /// Whether the edge runs right or up from the dot.
    pub orientation: Orientation,
}

impl Edge {
    /// The edge from the dot in `column` and `row` to the dot on its right.
    #[must_use]
    pub const fn horizontal(column: u8, row: u8) -> Edge {
        Edge { column, row, orientation: Orientation::Horizontal }
    }

    /// The edge from the dot in `column` and `row` to the dot above it.
    #[must_use]
    pub const fn vertical(column: u8, row: u8) -> Edge {
        Edge { column, row, orientation: Orientation::Vertical }
    }
}

impl fmt::Display for Edge {
    /// The edge in the rules' notation: the dot's column letter, its row from 1, `h` or `v` (`a1h`, `c3v`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let orientation = match self.orientation {
            Orientation::Horizontal => 'h',
            Orientation::Vertical => 'v',
        };
        // Notation reads columns up to `z`, so the letter is one of 26.
        let letter = char::from(b'a' + self.column.min(25));
        write!(f, "{letter}{}{orientation}", u32::from(self.row) + 1)
    }
}

/// A set of a field's edges by their numbers (see the module's numbering), as a fixed-size bitset: copying and
/// comparing it never allocates.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct EdgeSet([u64; WORDS]);

impl EdgeSet {
    /// The empty set.
    pub const EMPTY: EdgeSet = EdgeSet([0; WORDS]);

    /// Whether the edge numbered `index` is in the set.
    #[must_use]
    pub const fn contains(&self, index: usize) -> bool {
        index < MAX_EDGES && self.0[index / 64] & (1 << (index % 64)) != 0
    }

    /// Adds the edge numbered `index`, which must be below [`MAX_EDGES`].
    pub fn insert(&mut self, index: usize) {
        debug_assert!(index < MAX_EDGES, "edge {index} is on no field");
        self.0[index / 64] |= 1 << (index % 64);
    }

    /// The number of edges in the set.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.iter().map(|word| word.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&word| word == 0)
    }

    /// The lowest 64 edge numbers as bits (bit `i` for edge `i`): the whole set on fields of up to 64 edges.
    #[must_use]
    pub const fn low_bits(&self) -> u64 {
        self.0[0]
    }
}

impl DotsAndBoxesRules {
    /// The number of `edge` on this field, or `None` when it lies off the field.
    #[must_use]
    pub const fn edge_index(self, edge: Edge) -> Option<usize> {
        let (rows, cols) = (self.rows() as usize, self.cols() as usize);
        let (column, row) = (edge.column as usize, edge.row as usize);
        match edge.orientation {
            Orientation::Horizontal if column < cols && row <= rows => Some(row * cols + column),
            Orientation::Vertical if column <= cols && row < rows => {
                Some(self.horizontal_count() + row * (cols + 1) + column)
            }
            _ => None,
        }
    }

    /// The edge numbered `index`, which must be below the field's edge count.
    #[must_use]
    pub const fn edge_at(self, index: usize) -> Edge {
        let cols = self.cols() as usize;
        // Fields have at most ten dots a side, so coordinates fit a byte.
        if index < self.horizontal_count() {
            Edge::horizontal((index % cols) as u8, (index / cols) as u8)
        } else {
            let vertical = index - self.horizontal_count();
            Edge::vertical((vertical % (cols + 1)) as u8, (vertical / (cols + 1)) as u8)
        }
    }

    /// Every edge of the field, in the order of their numbers.
    pub fn edges(self) -> impl Iterator<Item = Edge> {
        (0..self.edge_count()).map(move |index| self.edge_at(index))
    }

    /// The numbers of the four edges of the box whose lower left dot is in `column` and `row`: bottom, top,
    /// left, right.
    #[must_use]
    pub const fn box_edges(self, column: u8, row: u8) -> [usize; 4] {
        let (cols, horizontals) = (self.cols() as usize, self.horizontal_count());
        let (column, row) = (column as usize, row as usize);
        let left = horizontals + row * (cols + 1) + column;
        [row * cols + column, (row + 1) * cols + column, left, left + 1]
    }

    /// The boxes on either side of `edge` (below and above a horizontal edge, left and right of a vertical one),
    /// by their lower left dot, where the field has them.
    #[must_use]
    pub const fn boxes_beside(self, edge: Edge) -> [Option<(u8, u8)>; 2] {
        let (rows, cols) = (self.rows(), self.cols());
        let (column, row) = (edge.column, edge.row);
        match edge.orientation {
            Orientation::Horizontal => [
                if row > 0 { Some((column, row - 1)) } else { None },
                if row < rows { Some((column, row)) } else { None },
            ],
            Orientation::Vertical => [
                if column > 0 { Some((column - 1, row)) } else { None },
                if column < cols { Some((column, row)) } else { None },
            ],
        }
    }

    /// The number of the box whose lower left dot is in `column` and `row`.
    #[must_use]
    pub const fn box_index(self, column: u8, row: u8) -> usize {
        row as usize * self.cols() as usize + column as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_edge_has_its_own_number_and_comes_back_from_it() {
        for (rows, cols) in [(1, 1), (2, 3), (9, 9), (1, 9)] {
            let rules = DotsAndBoxesRules::new(rows, cols, 2).expect("valid");
            for (index, edge) in rules.edges().enumerate() {
                assert_eq!(rules.edge_index(edge), Some(index), "{edge}");
            }
            assert_eq!(rules.edge_index(Edge::horizontal(cols, 0)), None);
            assert_eq!(rules.edge_index(Edge::vertical(0, rows)), None);
            assert!(rules.edge_index(Edge::horizontal(0, rows)).is_some(), "the top row of dots");
        }
    }

    #[test]
    fn a_box_is_bounded_by_the_edges_whose_sides_it_is_on() {
        let rules = DotsAndBoxesRules::new(2, 3, 2).expect("valid");
        let [bottom, top, left, right] = rules.box_edges(1, 1);
        assert_eq!(
            [bottom, top, left, right].map(|index| rules.edge_at(index).to_string()),
            ["b2h", "b3h", "b2v", "c2v"]
        );
        for index in [bottom, top, left, right] {
            assert!(rules.boxes_beside(rules.edge_at(index)).contains(&Some((1, 1))));
        }
        assert_eq!(rules.boxes_beside(Edge::horizontal(0, 0)), [None, Some((0, 0))]);
        assert_eq!(rules.boxes_beside(Edge::vertical(3, 1)), [Some((2, 1)), None]);
    }

    #[test]
    fn a_set_holds_every_edge_of_the_largest_field() {
        let mut set = EdgeSet::EMPTY;
        assert!(set.is_empty());
        for index in 0..MAX_EDGES {
            assert!(!set.contains(index));
            set.insert(index);
            assert!(set.contains(index));
            assert_eq!(set.len(), index + 1);
        }
        assert!(!set.contains(MAX_EDGES));
        assert_eq!(set.low_bits(), u64::MAX);
    }
}
