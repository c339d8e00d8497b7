//! A judgement of Paper Soccer from outside the bot: chances that the seat to act wins, supplied by the program
//! (`kartka-bot-lab --judge-engine` asks another engine's network through a pipe), put on the evaluation's
//! scale as the learned evaluation puts its network's. It lets the bot's search be measured apart from the
//! judgement it starts from: the same search with another engine's network, against that engine.

use std::fmt::Write as _;

use kartka_engine::soccer::{Pitch, Position};

use super::evaluation::{LIMIT, UNITS_PER_LOGIT};
use crate::evaluate::{Evaluate, UNIT};
use crate::soccer::{cut_off_score, SoccerEvaluation};

/// Chances that the seat to act wins, from outside the bot.
pub trait OutsideChances: Sync {
    /// Appends to `chances` the chance (0 to 1) that the seat to act wins each of `positions`, in order: games
    /// going on, on kurnik's pitch, at the start of a turn, neither seat cut off from the goal it attacks.
    fn chances(&self, positions: &[Position], chances: &mut Vec<f32>);
}

/// Paper Soccer's evaluation by [`OutsideChances`] kept for the life of the program. What the bot knows
/// exactly stays exact (a seat cut off from the goal it attacks), and any pitch but kurnik's, or a position in
/// the middle of a turn (which the search over whole turns never judges), is judged by the hand-written
/// evaluation. Two are the same judgement when they ask the same object.
#[derive(Clone, Copy)]
pub struct OutsideJudgement(pub &'static dyn OutsideChances);

impl std::fmt::Debug for OutsideJudgement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("OutsideJudgement")
    }
}

impl PartialEq for OutsideJudgement {
    fn eq(&self, other: &OutsideJudgement) -> bool {
        std::ptr::addr_eq(self.0, other.0)
    }
}

impl Eq for OutsideJudgement {}

impl std::hash::Hash for OutsideJudgement {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        std::ptr::hash(std::ptr::from_ref(self.0).cast::<()>(), state);
    }
}

/// Whether [`OutsideJudgement`] asks the outside about `position`: a game going on, on kurnik's pitch, at the
/// start of a turn, neither seat cut off from the goal it attacks. The rest the bot knows itself.
#[must_use]
pub fn asks_outside(position: &Position) -> bool {
    !position.is_over() && known(position).is_none()
}

/// One position as an outside engine's `judge` command reads it (bench/qtpapersoccer/README.md): the seat to
/// act (0 is kurnik's first mover, attacking the top goal), the ball's point, then every drawn segment as
/// `x,y,d` (its end nearer the top-left and the direction digit to the other end), in kartka's coordinates
/// (`x` 0..=8 from the left, `y` −1..=11 from the top goal), appended to `line`.
pub fn position_words(position: &Position, line: &mut String) {
    let ball = position.ball();
    let _ = write!(line, "{} {} {}", position.to_move().index(), ball.x, ball.y);
    for (point, direction) in position.drawn_segments() {
        let _ = write!(line, " {},{},{}", point.x, point.y, direction as u8);
    }
}

/// The `judge` command asking an outside engine's chance for each of `positions`: their
/// [`position_words`] separated by `|`.
#[must_use]
pub fn judge_command(positions: &[Position]) -> String {
    let mut line = String::from("judge ");
    for (index, position) in positions.iter().enumerate() {
        if index > 0 {
            line.push('|');
        }
        position_words(position, &mut line);
    }
    line
}

/// What the bot knows of `position` without asking: `None` when only the outside judgement can tell.
fn known(position: &Position) -> Option<i32> {
    if position.pitch() != Pitch::STANDARD || position.must_continue() {
        return Some(SoccerEvaluation::WITH_DRAWN_LINES.evaluate(position));
    }
    cut_off_score(position.goal_reach(), position.to_move())
}

/// A chance on the evaluation's scale: its logit in units, as the learned evaluation scales its network's.
fn units_of_chance(chance: f32) -> i32 {
    let chance = chance.clamp(1e-6, 1.0 - 1e-6);
    let logit = (chance / (1.0 - chance)).ln();
    ((logit * UNITS_PER_LOGIT * UNIT as f32) as i32).clamp(-LIMIT, LIMIT)
}

impl Evaluate<Position> for OutsideJudgement {
    fn evaluate(&self, position: &Position) -> i32 {
        let mut values = Vec::with_capacity(1);
        self.evaluate_many(std::slice::from_ref(position), &mut values);
        values[0]
    }

    /// The hand-written evaluation's cheap guess, as the learned evaluation's.
    fn guess(&self, position: &Position) -> i32 {
        SoccerEvaluation::ROWS_ONLY.evaluate(position)
    }

    /// Asks the outside judgement once for every position the bot cannot judge itself.
    fn evaluate_many(&self, positions: &[Position], values: &mut Vec<i32>) {
        let start = values.len();
        let mut asked = Vec::new();
        let mut slots = Vec::new();
        for position in positions {
            match known(position) {
                Some(value) => values.push(value),
                None => {
                    slots.push(values.len());
                    asked.push(*position);
                    values.push(0);
                }
            }
        }
        debug_assert_eq!(values.len() - start, positions.len(), "one value a position");
        if asked.is_empty() {
            return;
        }
        let mut chances = Vec::with_capacity(asked.len());
        self.0.chances(&asked, &mut chances);
        assert_eq!(chances.len(), asked.len(), "the outside judgement answers every position it is asked");
        for (slot, chance) in slots.into_iter().zip(chances) {
            values[slot] = units_of_chance(chance);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use kartka_engine::soccer::Direction;

    use super::*;
    use crate::test_games::random_game;

    /// Answers each position with a chance read from its ball's column, and remembers how many it was asked.
    struct ByColumn {
        asked: Mutex<Vec<usize>>,
    }

    impl OutsideChances for ByColumn {
        fn chances(&self, positions: &[Position], chances: &mut Vec<f32>) {
            self.asked.lock().expect("not poisoned").push(positions.len());
            chances.extend(positions.iter().map(|position| 0.1 + 0.1 * f32::from(position.ball().x as u8)));
        }
    }

    #[test]
    fn the_outside_is_asked_once_for_what_the_bot_does_not_know_and_its_chances_become_logits() {
        let outside: &'static ByColumn = Box::leak(Box::new(ByColumn { asked: Mutex::new(Vec::new()) }));
        let judgement = OutsideJudgement(outside);
        let positions: Vec<Position> =
            (0..20).flat_map(|seed| random_game(Pitch::STANDARD, seed)).filter(|p| !p.is_over()).collect();
        let mut values = vec![7];
        judgement.evaluate_many(&positions, &mut values);
        assert_eq!(values.len(), positions.len() + 1, "appended after what was there");
        assert_eq!(values[0], 7);
        let unknown: Vec<&Position> = positions.iter().filter(|position| known(position).is_none()).collect();
        assert!(unknown.len() > 100 && unknown.len() < positions.len(), "{} of {}", unknown.len(), positions.len());
        assert_eq!(*outside.asked.lock().expect("not poisoned"), vec![unknown.len()], "one question");
        for (position, &value) in positions.iter().zip(&values[1..]) {
            match known(position) {
                Some(exact) => assert_eq!(value, exact),
                None => {
                    let chance = 0.1 + 0.1 * f32::from(position.ball().x as u8);
                    assert_eq!(value, units_of_chance(chance));
                }
            }
        }
        assert_eq!(units_of_chance(0.5), 0);
        assert!(units_of_chance(0.1) < -UNIT && units_of_chance(0.9) > UNIT);
        assert!(units_of_chance(1.0) > 20 * UNIT && units_of_chance(1.0) <= LIMIT);
        assert!((units_of_chance(0.0) + units_of_chance(1.0)).abs() <= 5, "symmetric up to rounding");
    }

    #[test]
    fn a_position_is_written_as_its_seat_ball_and_drawn_segments() {
        let mut position = Position::default();
        position.step(Direction::North).expect("legal");
        let mut line = String::new();
        position_words(&position, &mut line);
        assert_eq!(line, "1 4 4 4,4,4", "the segment from (4,4) south to the centre (4,5)");
        assert_eq!(judge_command(&[Position::default(), position]), "judge 0 4 5|1 4 4 4,4,4");
    }

    #[test]
    fn the_outside_is_asked_only_about_turn_starts_of_games_going_on_that_nobody_is_cut_off_in() {
        let positions: Vec<Position> = (0..20).flat_map(|seed| random_game(Pitch::STANDARD, seed)).collect();
        let asked = positions.iter().filter(|position| asks_outside(position)).count();
        assert!(asked > 100 && asked < positions.len(), "{asked} of {}", positions.len());
        for position in &positions {
            if position.is_over() || position.must_continue() {
                assert!(!asks_outside(position), "a finished game or a turn's middle is known without asking");
            }
            if asks_outside(position) {
                assert_eq!(cut_off_score(position.goal_reach(), position.to_move()), None);
            }
        }
        assert!(asks_outside(&Position::default()));
    }
}
