//! Statements assembled per call (search filters, id lists, multi-row inserts): SQL text with numbered
//! placeholders and the values they stand for, bound in order.

use uuid::Uuid;

use super::dialect::Statement;
use super::{Dialect, SqlStore};

/// Bound values per statement of a multi-row insert: well under SQLite's 32,766 and PostgreSQL's 65,535.
pub(super) const MAX_BOUND_VALUES: usize = 30_000;

/// A value bound to an assembled statement.
pub(super) enum Value {
    Id(Uuid),
    Int(i64),
    Text(String),
}

/// A statement under construction: SQL text with numbered placeholders and the values they stand for.
pub(super) struct Assembled {
    sql: String,
    values: Vec<Value>,
    placeholder: Placeholder,
}

/// Writes the placeholder of the `number`th value: [`Dialect::placeholder`].
pub(super) type Placeholder = fn(&mut String, usize);

impl Assembled {
    /// A statement starting with `sql`, its placeholders written by `placeholder`.
    pub(super) fn new(placeholder: Placeholder, sql: &str) -> Assembled {
        Assembled { sql: sql.to_owned(), values: Vec::new(), placeholder }
    }

    /// Appends a placeholder for `value` to the SQL.
    pub(super) fn value(&mut self, value: Value) -> &mut Self {
        self.values.push(value);
        (self.placeholder)(&mut self.sql, self.values.len());
        self
    }

    /// Puts `sql` before the statement so far: the SELECT of filters assembled first.
    pub(super) fn prepend(&mut self, sql: &str) -> &mut Self {
        self.sql.insert_str(0, sql);
        self
    }

    pub(super) fn text(&mut self, sql: &str) -> &mut Self {
        self.sql.push_str(sql);
        self
    }

    /// Appends `ids` as a parenthesised placeholder list.
    pub(super) fn id_list(&mut self, ids: &[Uuid]) -> &mut Self {
        self.text("(");
        for (index, id) in ids.iter().enumerate() {
            if index > 0 {
                self.text(", ");
            }
            self.value(Value::Id(*id));
        }
        self.text(")")
    }
}

/// `items` in chunks whose lengths are powers of two, the longest first and none over `most` (37 items, at
/// most 100: 32, 4, 1). A statement over a VALUES list is a text of its own for every number of rows, and
/// a database that prepares each text (SQLite, every group size of the group commit) would keep preparing
/// new ones; these lengths bound the texts of a statement to about log2(`most`), which its connection's
/// statement cache keeps, for a statement or two more per call.
pub(super) fn power_of_two_chunks<T>(items: &[T], most: usize) -> impl Iterator<Item = &[T]> {
    let longest = largest_power_of_two_within(most);
    let mut rest = items;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let (chunk, after) = rest.split_at(largest_power_of_two_within(rest.len()).min(longest));
        rest = after;
        Some(chunk)
    })
}

/// The largest power of two not over `n`, at least 1.
fn largest_power_of_two_within(n: usize) -> usize {
    1 << (usize::BITS - 1 - n.max(1).leading_zeros())
}

/// `(…), (…)` with `rows` groups of `columns` placeholders.
pub(super) fn value_groups(placeholder: Placeholder, rows: usize, columns: usize) -> String {
    let mut sql = String::with_capacity(rows * columns * 6);
    for row in 0..rows {
        sql.push_str(if row == 0 { "(" } else { ", (" });
        for column in 0..columns {
            if column > 0 {
                sql.push_str(", ");
            }
            placeholder(&mut sql, row * columns + column + 1);
        }
        sql.push(')');
    }
    sql
}

impl<DB: Dialect> SqlStore<DB> {
    /// The statement with its values bound in order.
    pub(super) fn bind_assembled<'q>(assembled: &'q Assembled) -> Statement<'q, DB> {
        assembled.values.iter().fold(DB::statement(&assembled.sql), |query, value| match value {
            Value::Id(id) => query.bind(DB::to_id(*id)),
            Value::Int(int) => query.bind(*int),
            Value::Text(text) => query.bind(text.as_str()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lengths(items: usize, most: usize) -> Vec<usize> {
        let items: Vec<usize> = (0..items).collect();
        let chunks: Vec<&[usize]> = power_of_two_chunks(&items, most).collect();
        let rejoined: Vec<usize> = chunks.concat();
        assert_eq!(rejoined, items, "the chunks keep every item once, in order");
        chunks.iter().map(|chunk| chunk.len()).collect()
    }

    #[test]
    fn chunks_are_powers_of_two_longest_first_within_the_most() {
        assert_eq!(lengths(0, 100), Vec::<usize>::new());
        assert_eq!(lengths(1, 100), [1]);
        assert_eq!(lengths(37, 100), [32, 4, 1]);
        assert_eq!(lengths(64, 100), [64]);
        assert_eq!(lengths(250, 100), [64, 64, 64, 32, 16, 8, 2]);
        assert_eq!(lengths(5, 1), [1, 1, 1, 1, 1]);
        assert_eq!(lengths(3, 0), [1, 1, 1], "a limit under one still makes progress");
    }

    #[test]
    fn a_statement_meets_few_chunk_lengths_whatever_the_group_sizes() {
        let mut seen = std::collections::BTreeSet::new();
        for items in 1..=1_000 {
            seen.extend(lengths(items, 3_750));
        }
        assert_eq!(seen.len(), 10, "1, 2, 4, … 512: {seen:?}");
    }
}
