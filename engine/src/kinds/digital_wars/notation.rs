//! Digital Wars actions in text, separated by spaces: `4:7>2` (the 4th digit from the left, a 7, lowered to 2),
//! `4:x` (the 0 there erased with everything to its right), `=7` (the pie rule's writer writes a 7; several
//! digits run together, `=31415`, are one action each) and `first` or `second` (the pie rule's choice of the
//! seat that moves first). Reading does not know the string: a place past its end is refused by the rules.

use super::position::Action;
use crate::game::NotationError;
use crate::Seat;

/// Reads a run of actions separated by ASCII spaces.
pub fn parse_actions(text: &str) -> Result<Vec<Action>, NotationError> {
    let mut actions = Vec::new();
    let mut at = 0;
    for piece in text.split(' ') {
        if !piece.is_empty() {
            parse_token(piece, at, &mut actions)?;
        }
        at += piece.chars().count() + 1;
    }
    Ok(actions)
}

fn parse_token(token: &str, at: usize, actions: &mut Vec<Action>) -> Result<(), NotationError> {
    match token {
        "first" => actions.push(Action::Choose { first: Seat::FIRST }),
        "second" => actions.push(Action::Choose { first: Seat::SECOND }),
        _ => {
            let chars: Vec<char> = token.chars().collect();
            if chars[0] == '=' {
                if chars.len() == 1 {
                    return Err(NotationError { at: at + 1, expected: "a digit 0-9" });
                }
                for (offset, &c) in chars.iter().enumerate().skip(1) {
                    let digit = c.to_digit(10).ok_or(NotationError { at: at + offset, expected: "a digit 0-9" })?;
                    actions.push(Action::Write { digit: digit as u8 });
                }
                return Ok(());
            }
            actions.push(parse_move(&chars, at)?);
        }
    }
    Ok(())
}

/// `N:D>E` or `N:x`, N a place 1-99 without a leading zero.
fn parse_move(chars: &[char], at: usize) -> Result<Action, NotationError> {
    let place_expected = "a place 1-99, `first`, `second` or `=`";
    let mut index = 0;
    let mut place: u32 = match chars.first() {
        Some(&c @ '1'..='9') => c.to_digit(10).expect("a digit"),
        _ => return Err(NotationError { at, expected: place_expected }),
    };
    index += 1;
    if let Some(&c @ '0'..='9') = chars.get(index) {
        place = place * 10 + c.to_digit(10).expect("a digit");
        index += 1;
    }
    if chars.get(index) != Some(&':') {
        return Err(NotationError { at: at + index, expected: "`:`" });
    }
    index += 1;
    let at_place = (place - 1) as u8;
    let action = match chars.get(index) {
        Some('x') => Action::Erase { at: at_place },
        Some(&c @ '0'..='9') => {
            let from = c.to_digit(10).expect("a digit") as u8;
            if chars.get(index + 1) != Some(&'>') {
                return Err(NotationError { at: at + index + 1, expected: "`>`" });
            }
            let to = match chars.get(index + 2) {
                Some(&c @ '0'..='9') => c.to_digit(10).expect("a digit") as u8,
                _ => return Err(NotationError { at: at + index + 2, expected: "a digit 0-9" }),
            };
            index += 2;
            Action::Lower { at: at_place, from, to }
        }
        _ => return Err(NotationError { at: at + index, expected: "a digit 0-9 or `x`" }),
    };
    if index + 1 < chars.len() {
        return Err(NotationError { at: at + index + 1, expected: "a space" });
    }
    Ok(action)
}

/// Writes `action` in the canonical form: `4:7>2`, `4:x`, `=7`, `first`, `second`.
pub fn write_action(action: Action, out: &mut String) {
    use std::fmt::Write;
    match action {
        Action::Lower { at, from, to } => write!(out, "{}:{from}>{to}", u32::from(at) + 1),
        Action::Erase { at } => write!(out, "{}:x", u32::from(at) + 1),
        Action::Write { digit } => write!(out, "={digit}"),
        Action::Choose { first } => write!(out, "{first}"),
    }
    .expect("writing to a String cannot fail");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_reads_and_writes_back() {
        let text = "4:7>2 12:x =3 first second";
        let actions = parse_actions(text).expect("readable");
        assert_eq!(
            actions,
            [
                Action::Lower { at: 3, from: 7, to: 2 },
                Action::Erase { at: 11 },
                Action::Write { digit: 3 },
                Action::Choose { first: Seat::FIRST },
                Action::Choose { first: Seat::SECOND },
            ]
        );
        let mut written = Vec::new();
        for action in actions {
            let mut out = String::new();
            write_action(action, &mut out);
            written.push(out);
        }
        assert_eq!(written.join(" "), text);
        assert_eq!(parse_actions("=314").map(|actions| actions.len()), Ok(3), "a written run is one action a digit");
        assert_eq!(
            parse_actions("  9:3>9 "),
            Ok(vec![Action::Lower { at: 8, from: 3, to: 9 }]),
            "refused by the rules, not here"
        );
    }

    #[test]
    fn unreadable_text_names_the_character() {
        let cases = [
            ("0:x", 0, "a place 1-99, `first`, `second` or `=`"),
            ("4", 1, "`:`"),
            ("4:", 2, "a digit 0-9 or `x`"),
            ("4:7", 3, "`>`"),
            ("4:7>", 4, "a digit 0-9"),
            ("4:7>2x", 5, "a space"),
            ("123:x", 2, "`:`"),
            ("=", 1, "a digit 0-9"),
            ("=3a", 2, "a digit 0-9"),
            ("1:x third", 4, "a place 1-99, `first`, `second` or `=`"),
        ];
        for (text, at, expected) in cases {
            assert_eq!(parse_actions(text), Err(NotationError { at, expected }), "{text:?}");
        }
    }
}
