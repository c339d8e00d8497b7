//! The layout the Paper Soccer variant records share (§5.5–5.6): tag pairs, then kurnik movetext
//! `N. <P1> <P2>` whose turn tokens alternate strictly, first seat first. This module reads that layout for
//! one record; what a tag or a turn token means is each kind's business.
//!
//! The kurnik reader of classic records (`soccer::read_records`) accepts digit tokens only, so the variants'
//! `-` and `r7,3` tokens need this reader; records are written with `soccer::KurnikRecord::write`, which
//! writes tokens as they are.

use crate::soccer::Tag;

/// Why the layout of a variant record is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MovetextError {
    /// A line starting with `[` is not `[Name "value"]`.
    #[error("malformed tag pair; expected [Name \"value\"]")]
    MalformedTag,
    /// The same tag twice.
    #[error("tag {0} appears twice")]
    DuplicateTag(String),
    /// A tag after the movetext began.
    #[error("a tag after the movetext")]
    TagAfterMovetext,
    /// A move number out of sequence.
    #[error("expected move number {expected}, found {found:?}")]
    WrongMoveNumber {
        /// The move number due here.
        expected: usize,
        /// The token found instead.
        found: String,
    },
    /// A turn token stands where a move number is due.
    #[error("turn {0:?} has no move number before it")]
    MissingMoveNumber(String),
    /// A move number is followed by no turn.
    #[error("move {0} has no turn")]
    EmptyMove(usize),
    /// The first seat's turn is followed by the next move number instead of the second seat's turn.
    #[error("move {0} has no turn for the second player before the next move number")]
    MissingSecondTurn(usize),
}

/// One record's tag pairs and turn tokens, each with its line (from 1), in the order written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Movetext {
    /// The tag pairs.
    pub(crate) tags: Vec<(usize, Tag)>,
    /// The turn tokens, the first seat's first; move numbers are checked and dropped.
    pub(crate) tokens: Vec<(usize, String)>,
}

/// Reads the tags and movetext of one record. Tags come first, one per line; a blank line before the movetext
/// is usual but not required. Every movetext token that does not end with `.` is a turn token.
pub(crate) fn read_movetext(text: &str) -> Result<Movetext, (usize, MovetextError)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut read = Movetext::default();
    let mut in_movetext = false;
    let mut number_line = None;
    for (index, line) in text.lines().enumerate() {
        let line_number = index + 1;
        let trimmed = line.trim();
        if trimmed.starts_with('[') {
            if in_movetext {
                return Err((line_number, MovetextError::TagAfterMovetext));
            }
            let tag = parse_tag(trimmed).ok_or((line_number, MovetextError::MalformedTag))?;
            if read.tags.iter().any(|(_, seen)| seen.name == tag.name) {
                return Err((line_number, MovetextError::DuplicateTag(tag.name)));
            }
            read.tags.push((line_number, tag));
            continue;
        }
        for token in trimmed.split_ascii_whitespace() {
            in_movetext = true;
            let number = read.tokens.len() / 2 + 1;
            let error = |kind| (line_number, kind);
            if token.ends_with('.') {
                if number_line.is_some() {
                    return Err(error(MovetextError::EmptyMove(number)));
                }
                if read.tokens.len() % 2 == 1 {
                    return Err(error(MovetextError::MissingSecondTurn(number)));
                }
                if token != format!("{number}.") {
                    return Err(error(MovetextError::WrongMoveNumber { expected: number, found: token.to_owned() }));
                }
                number_line = Some(line_number);
            } else {
                if number_line.is_none() && read.tokens.len() % 2 == 0 {
                    return Err(error(MovetextError::MissingMoveNumber(token.to_owned())));
                }
                number_line = None;
                read.tokens.push((line_number, token.to_owned()));
            }
        }
    }
    match number_line {
        Some(line) => Err((line, MovetextError::EmptyMove(read.tokens.len() / 2 + 1))),
        None => Ok(read),
    }
}

/// Reads `[Name "value"]`, undoing the `\"` and `\\` escapes in the value.
fn parse_tag(line: &str) -> Option<Tag> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, quoted) = inner.split_once(|c: char| c.is_ascii_whitespace())?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let quoted = quoted.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::with_capacity(quoted.len());
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next().filter(|&next| matches!(next, '"' | '\\'))?),
            '"' => return None,
            _ => value.push(c),
        }
    }
    Some(Tag { name: name.to_owned(), value })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> Vec<String> {
        read_movetext(text).expect("readable").tokens.into_iter().map(|(_, token)| token).collect()
    }

    #[test]
    fn reads_tags_and_tokens_with_their_lines() {
        let read = read_movetext("[Variant \"x\"]\r\n[A \"q\\\"\"]\r\n\r\n1. 0 - 2. r7,3012\r\n43 3. 1\r\n")
            .expect("readable");
        let tags: Vec<_> = read.tags.iter().map(|(line, tag)| (*line, tag.name.as_str(), tag.value.as_str())).collect();
        assert_eq!(tags, [(1, "Variant", "x"), (2, "A", "q\"")]);
        assert_eq!(
            read.tokens,
            [(4, "0".into()), (4, "-".into()), (4, "r7,3012".into()), (5, "43".into()), (5, "1".into())]
        );
        assert_eq!(tokens("1. 0"), ["0"]);
        assert!(tokens("").is_empty());
    }

    #[test]
    fn refuses_a_broken_layout() {
        let cases = [
            ("[A \"1\"]\n[A \"2\"]\n", 2, MovetextError::DuplicateTag("A".into())),
            ("[A 1]\n", 1, MovetextError::MalformedTag),
            ("1. 0\n[A \"1\"]\n", 2, MovetextError::TagAfterMovetext),
            ("1. 0 1 3. 2", 1, MovetextError::WrongMoveNumber { expected: 2, found: "3.".into() }),
            ("0", 1, MovetextError::MissingMoveNumber("0".into())),
            ("1. 0 1 2", 1, MovetextError::MissingMoveNumber("2".into())),
            ("1. 2.", 1, MovetextError::EmptyMove(1)),
            ("1. 0 1\n2.\n", 2, MovetextError::EmptyMove(2)),
            ("1. 0 2. 1", 1, MovetextError::MissingSecondTurn(1)),
        ];
        for (text, line, kind) in cases {
            assert_eq!(read_movetext(text), Err((line, kind)), "{text:?}");
        }
    }
}
