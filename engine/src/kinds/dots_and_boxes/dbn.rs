//! The dbn line string (Barker & Korf's unscored state, as OpenSpiel's `dots_and_boxes` writes it): which edges
//! are drawn, as `0`/`1` characters, for cross-checking positions with other programs.
//!
//! OpenSpiel numbers rows from the top. Its string is first the horizontal edges, row of dots by row from the
//! top, left to right, then the vertical edges, row of boxes by row from the top, left to right: one character
//! per edge, `1` when drawn. It records neither scores nor whose move it is.

use super::edges::EdgeSet;
use super::rules::DotsAndBoxesRules;
use super::Edge;

/// A dbn string that does not describe a field of the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DbnError {
    /// The string has another length than the field's edge count.
    #[error("a dbn string of this field has {expected} characters, not {found}")]
    Length {
        /// The field's edge count.
        expected: usize,
        /// The characters found.
        found: usize,
    },
    /// A character other than `0` and `1`.
    #[error("character {at} of the dbn string is not 0 or 1")]
    Character {
        /// Its offset from 0.
        at: usize,
    },
}

/// The edges of the field of `rules` in dbn order.
fn dbn_order(rules: DotsAndBoxesRules) -> impl Iterator<Item = Edge> {
    let (rows, cols) = (rules.rows(), rules.cols());
    let horizontal = (0..=rows).rev().flat_map(move |row| (0..cols).map(move |column| Edge::horizontal(column, row)));
    let vertical = (0..rows).rev().flat_map(move |row| (0..=cols).map(move |column| Edge::vertical(column, row)));
    horizontal.chain(vertical)
}

/// The dbn string of the edges `drawn` on the field of `rules`.
#[must_use]
pub fn write_dbn(rules: DotsAndBoxesRules, drawn: &EdgeSet) -> String {
    dbn_order(rules)
        .map(|edge| {
            let index = rules.edge_index(edge).expect("dbn order lists the field's edges");
            if drawn.contains(index) {
                '1'
            } else {
                '0'
            }
        })
        .collect()
}

/// The edges a dbn string of the field of `rules` says are drawn.
pub fn read_dbn(rules: DotsAndBoxesRules, text: &str) -> Result<EdgeSet, DbnError> {
    let found = text.chars().count();
    if found != rules.edge_count() {
        return Err(DbnError::Length { expected: rules.edge_count(), found });
    }
    let mut drawn = EdgeSet::EMPTY;
    for (at, (c, edge)) in text.chars().zip(dbn_order(rules)).enumerate() {
        match c {
            '0' => {}
            '1' => drawn.insert(rules.edge_index(edge).expect("dbn order lists the field's edges")),
            _ => return Err(DbnError::Character { at }),
        }
    }
    Ok(drawn)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(rows: u8, cols: u8) -> DotsAndBoxesRules {
        DotsAndBoxesRules::new(rows, cols, 2).expect("valid")
    }

    fn only(rules: DotsAndBoxesRules, edge: Edge) -> EdgeSet {
        let mut set = EdgeSet::EMPTY;
        set.insert(rules.edge_index(edge).expect("on the field"));
        set
    }

    #[test]
    fn rows_count_from_the_top_and_horizontal_edges_come_first() {
        // 1x1: top, bottom, left, right.
        let one = rules(1, 1);
        assert_eq!(write_dbn(one, &only(one, Edge::horizontal(0, 1))), "1000");
        assert_eq!(write_dbn(one, &only(one, Edge::horizontal(0, 0))), "0100");
        assert_eq!(write_dbn(one, &only(one, Edge::vertical(0, 0))), "0010");
        assert_eq!(write_dbn(one, &only(one, Edge::vertical(1, 0))), "0001");
        // 2x3: 9 horizontal edges (3 rows of dots from the top, 3 each), then 8 vertical (2 rows of boxes, 4
        // each). b1h is on the bottom row of dots, the last horizontal row; a2v is on the top row of boxes.
        let field = rules(2, 3);
        assert_eq!(write_dbn(field, &only(field, Edge::horizontal(1, 0))), "00000001000000000");
        assert_eq!(write_dbn(field, &only(field, Edge::vertical(0, 1))), "00000000010000000");
        assert_eq!(write_dbn(field, &EdgeSet::EMPTY).len(), 17);
    }

    #[test]
    fn strings_of_another_field_or_other_characters_are_refused() {
        assert_eq!(read_dbn(rules(1, 1), "10100"), Err(DbnError::Length { expected: 4, found: 5 }));
        assert_eq!(read_dbn(rules(1, 1), "1x00"), Err(DbnError::Character { at: 1 }));
        assert_eq!(read_dbn(rules(1, 1), "0110").map(|drawn| drawn.len()), Ok(2));
    }
}
