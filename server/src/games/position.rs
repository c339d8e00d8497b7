//! A stored game's position after any number of actions, and its view for admins.

use kartka_engine::soccer::{Direction, Position};
use kartka_engine::{Game, Ruleset};
use kartka_protocol::admin::{PointView, SegmentView, SoccerPositionView};
use kartka_protocol::RulesetSpec;

use super::convert::{self, seat_name};

/// Why a position cannot be shown.
#[derive(Debug, thiserror::Error)]
pub enum PositionError {
    /// The game has fewer actions than asked for.
    #[error("the game has only {played} actions")]
    BeyondEnd {
        /// Actions the game has.
        played: u32,
    },
    /// The stored ruleset or moves do not replay.
    #[error("the stored game does not replay: {0}")]
    Corrupt(String),
}

/// The position after the first `ply` actions of `moves` (each a stored move's notation).
pub fn position_after<'a>(
    ruleset: &RulesetSpec,
    moves: impl IntoIterator<Item = &'a str>,
    ply: u32,
) -> Result<Position, PositionError> {
    let corrupt = |why: String| PositionError::Corrupt(why);
    let Ruleset::PaperSoccer(rules) = convert::ruleset(ruleset).map_err(|e| corrupt(e.to_string()))?;
    let mut position = Position::new(rules.pitch);
    let mut played = 0;
    for digit in moves.into_iter().flat_map(str::chars) {
        if played == ply {
            return Ok(position);
        }
        let direction = Direction::from_digit(digit).ok_or_else(|| corrupt(format!("{digit:?} is no direction")))?;
        position.step(direction).map_err(|e| corrupt(format!("action {played}: {e}")))?;
        played += 1;
    }
    if played < ply {
        return Err(PositionError::BeyondEnd { played });
    }
    Ok(position)
}

/// How admins see a position reached after `ply` actions.
#[must_use]
pub fn view(position: &Position, ply: u32) -> SoccerPositionView {
    let point = |p: kartka_engine::soccer::Point| PointView { x: p.x, y: p.y };
    let pitch = position.pitch();
    let mut legal = Vec::new();
    position.for_each_legal_action(|direction| legal.push(direction.index()));
    SoccerPositionView {
        ply,
        width: pitch.width(),
        height: pitch.height(),
        goal: pitch.goal_width(),
        ball: point(position.ball()),
        to_move: seat_name(position.to_move()),
        must_continue: position.must_continue(),
        over: position.is_over(),
        segments: position
            .drawn_segments()
            .map(|(from, direction)| SegmentView { from: point(from), to: point(from.step(direction)) })
            .collect(),
        legal,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replays_to_any_ply_inside_a_turn() {
        let moves = ["0", "0", "0", "0", "17"];
        let ruleset = RulesetSpec::default();
        let start = view(&position_after(&ruleset, moves, 0).unwrap(), 0);
        assert_eq!((start.ball.x, start.ball.y), (4, 5));
        assert!(start.segments.is_empty());
        assert_eq!(start.legal.len(), 8);
        let on_post = view(&position_after(&ruleset, moves, 5).unwrap(), 5);
        assert_eq!((on_post.ball.x, on_post.ball.y), (5, 0));
        assert!(on_post.must_continue, "a post bounces");
        assert_eq!(on_post.segments.len(), 5);
        let goal = view(&position_after(&ruleset, moves, 6).unwrap(), 6);
        assert!(goal.over);
        assert!(goal.legal.is_empty());
        assert!(matches!(position_after(&ruleset, moves, 7), Err(PositionError::BeyondEnd { played: 6 })));
    }
}
