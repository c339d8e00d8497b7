//! Notation (§5): steps as digits `0`–`7`, kicks as `p` + direction + segments drawn (`p37`, `p314`), and turn
//! tokens: everything one seat draws before the other acts (`012p37`), or `-` for a seat that draws nothing.
//!
//! A turn draws its steps before its kicks, so a kick's count is every digit up to the next `p` or the end.

use super::Action;
use crate::game::NotationError;
use crate::soccer::Direction;

/// The largest segment count a kick is written with: the longest escalation (21).
const MAX_KICK_SEGMENTS: u8 = 21;

/// Reads a run of actions written together, e.g. `012p37p06`.
pub fn parse_actions(text: &str) -> Result<Vec<Action>, NotationError> {
    let bytes = text.as_bytes();
    let mut actions = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let c = bytes[at];
        if c == b'p' {
            let direction = bytes
                .get(at + 1)
                .and_then(|&d| Direction::from_digit(char::from(d)))
                .ok_or(NotationError { at: at + 1, expected: "a kick direction 0-7" })?;
            let digits = bytes[at + 2..].iter().take_while(|b| b.is_ascii_digit()).count();
            let segments = text[at + 2..at + 2 + digits]
                .parse::<u8>()
                .ok()
                .filter(|&n| (1..=MAX_KICK_SEGMENTS).contains(&n))
                .ok_or(NotationError { at: at + 2, expected: "a kick's segment count 1-21" })?;
            actions.push(Action::Kick { direction, segments });
            at += 2 + digits;
        } else {
            let direction = Direction::from_digit(char::from(c))
                .ok_or(NotationError { at, expected: "a step digit 0-7 or a kick p" })?;
            actions.push(Action::Step(direction));
            at += 1;
        }
    }
    Ok(actions)
}

/// Writes one action: `3` or `p314`.
pub fn write_action(action: Action, out: &mut String) {
    match action {
        Action::Step(direction) => out.push(direction.digit()),
        Action::Kick { direction, segments } => {
            out.push('p');
            out.push(direction.digit());
            out.push_str(&segments.to_string());
        }
    }
}

/// One turn token of a record (§5.3–5.4).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Token {
    /// `-`: the seat draws nothing (an escalation duty passed through it).
    Pass,
    /// The actions of one turn, in order.
    Turn(Vec<Action>),
}

/// A turn token that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    /// The token is empty.
    #[error("an empty turn token")]
    Empty,
    /// The token is not in the notation.
    #[error(transparent)]
    Notation(#[from] NotationError),
}

/// Reads one turn token: `-`, or steps then kicks.
pub fn parse_token(text: &str) -> Result<Token, TokenError> {
    if text == "-" {
        return Ok(Token::Pass);
    }
    let actions = parse_actions(text)?;
    if actions.is_empty() {
        return Err(TokenError::Empty);
    }
    Ok(Token::Turn(actions))
}

/// Writes one turn token.
#[must_use]
pub fn write_token(token: &Token) -> String {
    let mut out = String::new();
    match token {
        Token::Pass => out.push('-'),
        Token::Turn(actions) => actions.iter().for_each(|&action| write_action(action, &mut out)),
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kick(direction: Direction, segments: u8) -> Action {
        Action::Kick { direction, segments }
    }

    #[test]
    fn steps_then_kicks_read_and_write_back() {
        for (text, actions) in [
            (
                "012p37",
                vec![
                    Action::Step(Direction::North),
                    Action::Step(Direction::NorthEast),
                    Action::Step(Direction::East),
                    kick(Direction::SouthEast, 7),
                ],
            ),
            ("p314", vec![kick(Direction::SouthEast, 14)]),
            (
                "201p26p06",
                vec![
                    Action::Step(Direction::East),
                    Action::Step(Direction::North),
                    Action::Step(Direction::NorthEast),
                    kick(Direction::East, 6),
                    kick(Direction::North, 6),
                ],
            ),
            ("p021", vec![kick(Direction::North, 21)]),
        ] {
            assert_eq!(parse_token(text), Ok(Token::Turn(actions.clone())), "{text}");
            assert_eq!(write_token(&Token::Turn(actions)), text);
        }
        assert_eq!(parse_token("-"), Ok(Token::Pass));
        assert_eq!(write_token(&Token::Pass), "-");
    }

    #[test]
    fn bad_text_is_a_typed_error() {
        assert_eq!(parse_actions("018").unwrap_err().at, 2);
        assert_eq!(parse_actions("p8").unwrap_err().at, 1);
        assert_eq!(parse_actions("p3").unwrap_err().at, 2);
        assert_eq!(parse_actions("p30").unwrap_err().at, 2);
        assert_eq!(parse_actions("p322").unwrap_err().at, 2);
        assert_eq!(parse_actions("p3999999999").unwrap_err().at, 2);
        assert_eq!(parse_token(""), Err(TokenError::Empty));
        assert_eq!(
            parse_token("--"),
            Err(TokenError::Notation(NotationError { at: 0, expected: "a step digit 0-7 or a kick p" }))
        );
        assert_eq!(parse_actions("p37p0"), Err(NotationError { at: 5, expected: "a kick's segment count 1-21" }));
    }
}
