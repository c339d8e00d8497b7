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
