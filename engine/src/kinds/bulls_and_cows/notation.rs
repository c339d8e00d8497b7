//! Bulls and Cows' notation. Actions: a secret is `S:` and its digits (`S:0123`), a guess its digits (`0123`);
//! several actions are separated by spaces (a code's length depends on the rules, so codes cannot run together).
//!
//! Public texts: `S` for a secret, `G` for a guess whose round is still open (the seat is ready), and for the
//! guess that completes a round the whole round, first seat's guess first, each with its answer, bulls then
//! cows: `0123=1B1C 4567=0B2C`.

use super::code::{Code, Score};
use crate::game::NotationError;

/// One Bulls and Cows action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A seat's secret.
    Secret(Code),
    /// A guess at the other seat's secret.
    Guess(Code),
}

/// Writes one action: `S:0123` or `0123`.
pub fn write_action(action: Action, out: &mut String) {
    use std::fmt::Write;
    let _ = match action {
        Action::Secret(code) => write!(out, "S:{code}"),
        Action::Guess(code) => write!(out, "{code}"),
    };
}

/// Reads actions separated by spaces.
pub fn parse_actions(text: &str) -> Result<Vec<Action>, NotationError> {
    let mut actions = Vec::new();
    let mut at = 0;
    for token in text.split(' ') {
        if !token.is_empty() {
            actions.push(match token.strip_prefix("S:") {
                Some(digits) => Action::Secret(parse_code(digits, at + 2)?),
                None => Action::Guess(parse_code(token, at)?),
            });
        }
        at += token.chars().count() + 1;
    }
    Ok(actions)
}

/// Reads a public text of a resolved round: `0123=1B1C 4567=0B2C`; `None` when the text is not one.
#[must_use]
pub fn parse_round(text: &str) -> Option<Vec<(Code, Score)>> {
    let round: Option<Vec<(Code, Score)>> = text
        .split(' ')
        .map(|token| {
            let (guess, answer) = token.split_once('=')?;
            let guess = parse_code(guess, 0).ok()?;
            let (bulls, cows) = answer.strip_suffix('C')?.split_once('B')?;
            let number = |text: &str| (text.len() == 1).then(|| text.parse::<u8>().ok()).flatten();
            Some((guess, Score { bulls: number(bulls)?, cows: number(cows)? }))
        })
        .collect();
    round.filter(|round| !round.is_empty())
}

/// Writes a resolved round's public text.
pub fn write_round(round: &[(Code, Score)], out: &mut String) {
    use std::fmt::Write;
    for (index, (guess, score)) in round.iter().enumerate() {
        if index > 0 {
            out.push(' ');
        }
        let _ = write!(out, "{guess}={score}");
    }
}

/// Reads a secret's text, `S:0123` (a revealed secret).
pub fn parse_secret(text: &str) -> Result<Code, NotationError> {
    match parse_actions(text)?.as_slice() {
        [Action::Secret(code)] => Ok(*code),
        _ => Err(NotationError { at: 0, expected: "one secret" }),
    }
}

/// 3 to 6 digits; `at` is where they start in the whole text, for the error.
fn parse_code(text: &str, at: usize) -> Result<Code, NotationError> {
    let mut digits = Vec::with_capacity(6);
    for (offset, c) in text.chars().enumerate() {
        match c.to_digit(10) {
            Some(digit) if digits.len() < 6 => digits.push(digit as u8),
            Some(_) => return Err(NotationError { at: at + offset, expected: "at most 6 digits" }),
            None => return Err(NotationError { at: at + offset, expected: "a digit" }),
        }
    }
    Code::new(&digits).ok_or(NotationError { at: at + digits.len(), expected: "at least 3 digits" })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_read_and_write_back() {
        let actions = parse_actions("S:0123 4567 987").expect("readable");
        let mut text = String::new();
        for (index, &action) in actions.iter().enumerate() {
            if index > 0 {
                text.push(' ');
            }
            write_action(action, &mut text);
        }
        assert_eq!(text, "S:0123 4567 987");
        assert_eq!(parse_actions("").map(|actions| actions.len()), Ok(0));
    }

    #[test]
    fn unreadable_text_says_where() {
        let at = |text| parse_actions(text).expect_err("unreadable").at;
        assert_eq!(at("01"), 2);
        assert_eq!(at("0123 45a7"), 7);
        assert_eq!(at("S:0123456"), 8);
        assert_eq!(at("S0123"), 0);
    }

    #[test]
    fn a_round_reads_back() {
        let round = parse_round("0123=1B1C 4567=0B2C").expect("a round");
        let mut text = String::new();
        write_round(&round, &mut text);
        assert_eq!(text, "0123=1B1C 4567=0B2C");
        for bad in ["", "0123", "0123=1B", "0123=1B1", "0123=10B0C", "0123=1B1C  4567=0B2C"] {
            assert_eq!(parse_round(bad), None, "{bad:?}");
        }
    }
}
