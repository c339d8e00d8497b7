//! Tag pairs, `[Name "value"]`: the head every record format of PGN's shape shares, whichever kind it records.
//! One reader and one writer, so that every format takes
//! the same names, the same escapes (`\"` and `\\`) and the same cap, [`MAX_RECORD_TAGS`]; each format keeps its
//! own error kind, says what a refused tag line means there through `from_tag_error!`, and reports it at its
//! line with [`ReadError`]. Movetext of numbered moves is wrapped the same way in every format (`push_wrapped`), and
//! the kinds whose games cannot be drawn write their result with one type, [`DecisiveResult`].

use crate::Seat;

/// The most tag pairs one game's record may carry. Real records hold about a dozen; without a cap, a hostile file
/// of 200,000 tags took a minute to read, each tag checked against every one before it.
pub const MAX_RECORD_TAGS: usize = 64;

/// Movetext lines of the formats that number their moves are wrapped before this column, unless a single token
/// is longer.
pub(crate) const WRAP_COLUMN: usize = 79;

/// A record that cannot be read, and the line (from 1) where that became clear; `K` says what is wrong, in
/// the terms of the record's kind.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {kind}")]
pub struct ReadError<K> {
    /// The line, counted from 1.
    pub line: usize,
    /// What is wrong there.
    pub kind: K,
}

impl<K> ReadError<K> {
    pub(crate) fn at(line: usize, kind: impl Into<K>) -> ReadError<K> {
        ReadError { line, kind: kind.into() }
    }
}

/// One tag pair, `[Name "value"]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tag {
    /// The tag name: letters, digits and underscores.
    pub name: String,
    /// The value, unescaped.
    pub value: String,
}

/// Why a tag line of a record is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum TagError {
    /// The line is not `[Name "value"]`.
    Malformed,
    /// The record already has a tag of this name.
    Duplicate(String),
    /// The record already has [`MAX_RECORD_TAGS`] tags.
    TooMany,
}

/// The tags of one record as they are read, line by line: remembers the names seen, so that a name is taken
/// once and no record holds more than [`MAX_RECORD_TAGS`], whichever tags the format keeps.
#[derive(Debug, Default)]
pub(crate) struct TagReader {
    names: Vec<String>,
}

impl TagReader {
    /// The tag of `line`, or why the line is refused: not a tag pair, one tag more than the cap, or a name
    /// this record had already (checked in that order).
    pub(crate) fn read(&mut self, line: &str) -> Result<Tag, TagError> {
        let tag = parse_tag(line).ok_or(TagError::Malformed)?;
        if self.names.len() >= MAX_RECORD_TAGS {
            return Err(TagError::TooMany);
        }
        if self.names.contains(&tag.name) {
            return Err(TagError::Duplicate(tag.name));
        }
        self.names.push(tag.name.clone());
        Ok(tag)
    }
}

/// Whether `line` belongs to a record's tag pairs: it starts with `[`, well-formed or not.
pub(crate) fn is_tag_line(line: &str) -> bool {
    line.trim_start().starts_with('[')
}

/// Reads `[Name "value"]` (white space around it ignored), undoing the `\"` and `\\` escapes in the value.
fn parse_tag(line: &str) -> Option<Tag> {
    let inner = line.trim().strip_prefix('[')?.strip_suffix(']')?;
    let (name, quoted) = inner.split_once(|c: char| c.is_ascii_whitespace())?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let escaped = quoted.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::with_capacity(escaped.len());
    let mut chars = escaped.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next().filter(|&next| matches!(next, '"' | '\\'))?),
            '"' => return None,
            _ => value.push(c),
        }
    }
    Some(Tag { name: name.to_owned(), value })
}

/// The value of the first tag called `name` among `tags`.
pub(crate) fn tag_value<'a>(tags: &'a [Tag], name: &str) -> Option<&'a str> {
    tags.iter().find(|tag| tag.name == name).map(|tag| tag.value.as_str())
}

/// Appends `token` to the movetext `line`, first moving a full line to `out` when `token` would pass
/// [`WRAP_COLUMN`].
pub(crate) fn push_wrapped(out: &mut String, line: &mut String, token: &str) {
    if !line.is_empty() {
        if line.len() + 1 + token.len() >= WRAP_COLUMN {
            out.push_str(line);
            out.push('\n');
            line.clear();
        } else {
            line.push(' ');
        }
    }
    line.push_str(token);
}

/// Appends `[name "value"]` and `ending` to `out`, escaping `"` and `\` in the value.
pub(crate) fn write_tag(out: &mut String, name: &str, value: &str, ending: &str) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    for c in value.chars() {
        if matches!(c, '"' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push_str("\"]");
    out.push_str(ending);
}

/// Implements `From<TagError>` for a record format's error, whose `MalformedTag`, `DuplicateTag(name)` and
/// `TooManyTags` say the same in its own terms.
macro_rules! from_tag_error {
    ($error:ty) => {
        impl From<$crate::tag_pairs::TagError> for $error {
            fn from(error: $crate::tag_pairs::TagError) -> Self {
                match error {
                    $crate::tag_pairs::TagError::Malformed => Self::MalformedTag,
                    $crate::tag_pairs::TagError::Duplicate(name) => Self::DuplicateTag(name),
                    $crate::tag_pairs::TagError::TooMany => Self::TooManyTags,
                }
            }
        }
    };
}
pub(crate) use from_tag_error;

/// The result of a two-seat game with no draws as a tagged record writes it, in chess order (`1-0`: the first
/// seat won): the `Result` tag and movetext end of Closing In, Barriers and Digital Wars, each of which names it
/// `RecordResult`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DecisiveResult {
    /// `1-0`: A, the first seat, won.
    FirstWon,
    /// `0-1`: B, the second seat, won.
    SecondWon,
    /// `*`: the game is unfinished or its result is not known.
    #[default]
    Unknown,
}

impl DecisiveResult {
    /// The result written as `token`, if it is one of `1-0`, `0-1` and `*`.
    #[must_use]
    pub fn from_token(token: &str) -> Option<DecisiveResult> {
        match token {
            "1-0" => Some(DecisiveResult::FirstWon),
            "0-1" => Some(DecisiveResult::SecondWon),
            "*" => Some(DecisiveResult::Unknown),
            _ => None,
        }
    }

    /// The token a record writes for this result.
    #[must_use]
    pub const fn token(self) -> &'static str {
        match self {
            DecisiveResult::FirstWon => "1-0",
            DecisiveResult::SecondWon => "0-1",
            DecisiveResult::Unknown => "*",
        }
    }

    /// The result of a game won by `winner`, or not (yet) won.
    #[must_use]
    pub const fn of_winner(winner: Option<Seat>) -> DecisiveResult {
        match winner {
            Some(Seat::FIRST) => DecisiveResult::FirstWon,
            Some(_) => DecisiveResult::SecondWon,
            None => DecisiveResult::Unknown,
        }
    }

    /// The winning seat, when the result is known.
    #[must_use]
    pub const fn winner(self) -> Option<Seat> {
        match self {
            DecisiveResult::FirstWon => Some(Seat::FIRST),
            DecisiveResult::SecondWon => Some(Seat::SECOND),
            DecisiveResult::Unknown => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tag_reads_back_as_written_with_its_escapes() {
        let mut line = String::new();
        write_tag(&mut line, "Event_2", r#"a "quoted" \ value"#, "\n");
        assert_eq!(line, "[Event_2 \"a \\\"quoted\\\" \\\\ value\"]\n");
        let tag = TagReader::default().read(line.trim_end()).expect("a tag");
        assert_eq!(tag, Tag { name: "Event_2".into(), value: r#"a "quoted" \ value"#.into() });
        assert_eq!(TagReader::default().read("  [Site  \"x\"]  ").expect("spaces around").value, "x");
    }

    #[test]
    fn malformed_lines_are_refused() {
        for line in [
            "[Event]",
            "[Event \"x\"",
            "[\"x\"]",
            "[Ev-ent \"x\"]",
            "[Event x]",
            "[Event \"a\"b\"]",
            "[Event \"a\\n\"]",
            "[Event \"a\\\"]",
        ] {
            assert_eq!(TagReader::default().read(line), Err(TagError::Malformed), "{line}");
        }
    }

    #[test]
    fn a_name_is_taken_once_and_a_record_holds_at_most_the_cap() {
        let mut reader = TagReader::default();
        reader.read("[Site \"a\"]").expect("the first");
        assert_eq!(reader.read("[Site \"b\"]"), Err(TagError::Duplicate("Site".into())));
        for i in 1..MAX_RECORD_TAGS {
            reader.read(&format!("[T{i} \"v\"]")).expect("within the cap");
        }
        assert_eq!(reader.read("[Last \"v\"]"), Err(TagError::TooMany));
        assert_eq!(reader.read("[Last v]"), Err(TagError::Malformed), "the line's shape is checked first");
        assert!(is_tag_line("  [anything") && !is_tag_line("1. 2 3"));
    }
}
