//! Gallows' notation. Actions: the setter's word `W:kobra`, a letter `a`, a whole-word guess `=kobra`; several
//! actions are separated by spaces.
//!
//! Public texts (what every viewer sees of a move; the word itself is the setter's private text):
//! - a word set: `W:` and the pattern the guesser starts from, a `_` per hidden letter: `W:_____`, or `W:k___a`
//!   when the rules show the ends;
//! - a letter: `o+_o___` when the word holds it (`+` and the pattern after it), `x-` when not;
//! - a whole word: `=kobra+` when right, `=kobza-` when wrong;
//! - a miss that hangs the guesser ends with `#` and the word, which the round's end makes public: `x-#kobra`.

use super::word::{is_letter, Word, BLANK};
use crate::game::NotationError;

/// One Gallows action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// The setter's word for the round.
    Secret(Word),
    /// A letter guessed: every occurrence is shown, or it is a miss.
    Letter(char),
    /// The whole word guessed: right ends the round, wrong is a miss.
    Solve(Word),
}

/// Writes one action: `W:kobra`, `a` or `=kobra`.
pub fn write_action(action: Action, out: &mut String) {
    use std::fmt::Write;
    let _ = match action {
        Action::Secret(word) => write!(out, "W:{word}"),
        Action::Letter(letter) => write!(out, "{letter}"),
        Action::Solve(word) => write!(out, "={word}"),
    };
}

/// Reads actions separated by spaces.
pub fn parse_actions(text: &str) -> Result<Vec<Action>, NotationError> {
    let mut actions = Vec::new();
    let mut at = 0;
    for token in text.split(' ') {
        if !token.is_empty() {
            actions.push(parse_action(token, at)?);
        }
        at += token.chars().count() + 1;
    }
    Ok(actions)
}

/// One token; `at` is where it starts in the whole text, for the error.
fn parse_action(token: &str, at: usize) -> Result<Action, NotationError> {
    if let Some(word) = token.strip_prefix("W:") {
        return parse_word(word, at + 2).map(Action::Secret);
    }
    if let Some(word) = token.strip_prefix('=') {
        return parse_word(word, at + 1).map(Action::Solve);
    }
    let mut letters = token.chars();
    match (letters.next(), letters.next()) {
        (Some(letter), None) if is_letter(letter) => Ok(Action::Letter(letter)),
        (Some(_), None) => Err(NotationError { at, expected: "a lower-case letter" }),
        _ => Err(NotationError { at, expected: "a letter, =WORD or W:WORD" }),
    }
}

/// 1 to 12 lower-case letters; `at` is where they start in the whole text.
fn parse_word(text: &str, at: usize) -> Result<Word, NotationError> {
    if let Some(offset) = text.chars().position(|letter| !is_letter(letter)) {
        return Err(NotationError { at: at + offset, expected: "a lower-case letter" });
    }
    Word::new(text).ok_or(NotationError { at, expected: "a word of 1 to 12 letters" })
}

/// Reads a revealed secret's text, `W:kobra`.
pub fn parse_secret(text: &str) -> Result<Word, NotationError> {
    match parse_actions(text)?.as_slice() {
        [Action::Secret(word)] => Ok(*word),
        _ => Err(NotationError { at: 0, expected: "one word, W:WORD" }),
    }
}

/// What a move's public text says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PublicMove {
    /// A word set, with the pattern the guesser starts from.
    Set {
        /// `_` for each hidden letter.
        pattern: String,
    },
    /// A letter, with the pattern after it when the word holds it.
    Letter {
        /// The letter guessed.
        letter: char,
        /// The pattern after it, `None` for a miss.
        shown: Option<String>,
        /// The word, when this miss hanged the guesser.
        hanged: Option<Word>,
    },
    /// A whole word guessed.
    Solve {
        /// The word guessed.
        word: Word,
        /// Whether it was the round's word.
        right: bool,
        /// The round's word, when this miss hanged the guesser.
        hanged: Option<Word>,
    },
}

impl PublicMove {
    /// Writes the public text.
    pub fn write(&self, out: &mut String) {
        use std::fmt::Write;
        let hanged = match self {
            PublicMove::Set { pattern } => {
                let _ = write!(out, "W:{pattern}");
                None
            }
            PublicMove::Letter { letter, shown, hanged } => {
                let _ = match shown {
                    Some(pattern) => write!(out, "{letter}+{pattern}"),
                    None => write!(out, "{letter}-"),
                };
                *hanged
            }
            PublicMove::Solve { word, right, hanged } => {
                let _ = write!(out, "={word}{}", if *right { '+' } else { '-' });
                *hanged
            }
        };
        if let Some(word) = hanged {
            let _ = write!(out, "#{word}");
        }
    }

    /// The public text.
    #[must_use]
    pub fn text(&self) -> String {
        let mut text = String::new();
        self.write(&mut text);
        text
    }

    /// Reads a public text; `None` when it is not one.
    #[must_use]
    pub fn parse(text: &str) -> Option<PublicMove> {
        if let Some(pattern) = text.strip_prefix("W:") {
            let readable = (1..=super::word::MAX_LETTERS).contains(&pattern.chars().count())
                && pattern.chars().all(|letter| letter == BLANK || is_letter(letter));
            return readable.then(|| PublicMove::Set { pattern: pattern.to_owned() });
        }
        let (text, hanged) = match text.split_once('#') {
            Some((text, word)) => (text, Some(Word::new(word)?)),
            None => (text, None),
        };
        if let Some(guess) = text.strip_prefix('=') {
            let (word, right) = match guess.strip_suffix('+') {
                Some(word) => (word, true),
                None => (guess.strip_suffix('-')?, false),
            };
            return (!right || hanged.is_none()).then_some(PublicMove::Solve { word: Word::new(word)?, right, hanged });
        }
        let mut chars = text.chars();
        let letter = chars.next().filter(|&letter| is_letter(letter))?;
        match chars.next()? {
            '-' if chars.as_str().is_empty() => Some(PublicMove::Letter { letter, shown: None, hanged }),
            '+' if hanged.is_none() => {
                let pattern = chars.as_str();
                let readable = (1..=super::word::MAX_LETTERS).contains(&pattern.chars().count())
                    && pattern.chars().all(|shown| shown == BLANK || is_letter(shown));
                readable.then(|| PublicMove::Letter { letter, shown: Some(pattern.to_owned()), hanged })
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_read_and_write_back() {
        let actions = parse_actions("W:żółw a ł =kobra").expect("readable");
        let mut text = String::new();
        for (index, &action) in actions.iter().enumerate() {
            if index > 0 {
                text.push(' ');
            }
            write_action(action, &mut text);
        }
        assert_eq!(text, "W:żółw a ł =kobra");
        assert_eq!(parse_actions("").map(|actions| actions.len()), Ok(0));
        assert_eq!(parse_secret("W:kobra").map(|word| word.to_string()), Ok("kobra".to_owned()));
        assert!(parse_secret("a").is_err());
    }

    #[test]
    fn unreadable_text_says_where() {
        let at = |text| parse_actions(text).expect_err("unreadable").at;
        assert_eq!(at("A"), 0);
        assert_eq!(at("ab"), 0);
        assert_eq!(at("a W:ko2ra"), 6);
        assert_eq!(at("=abcdefghijklm"), 1);
        assert_eq!(at("W:"), 2);
        assert_eq!(at("a ="), 3);
    }

    #[test]
    fn public_texts_read_back() {
        for text in ["W:_____", "W:k___a", "o+_o___", "x-", "x-#kobra", "=kobra+", "=kobza-", "=kobza-#kobra"] {
            let public = PublicMove::parse(text).unwrap_or_else(|| panic!("{text:?} reads"));
            assert_eq!(public.text(), text);
        }
        for text in ["", "W:", "W:k0", "o+", "o", "o-x", "=kobra", "=kobra+#kobra", "o+k___a#kobra", "X-", "x-#"] {
            assert_eq!(PublicMove::parse(text), None, "{text:?}");
        }
    }
}
