//! `--judge-engine`: another engine's judgement of Paper Soccer, asked through a pipe, as the bot's evaluation
//! (bench/qtpapersoccer/README.md, "Its network in kartka's search"). The engine answers `judge` with the
//! chance that the seat to act wins each position of a batch; what the bot knows exactly stays exact
//! ([`OutsideJudgement`]).

use std::fmt::Write as _;
use std::sync::Mutex;

use kartka_bot::soccer_net::OutsideChances;
use kartka_engine::soccer::Position;

use super::versus::Engine;

/// An engine asked for chances, one line a batch.
pub struct EngineJudge {
    engine: Mutex<Engine>,
}

impl EngineJudge {
    /// Starts `program` with `args`.
    pub fn start(program: &str, args: &[String]) -> anyhow::Result<EngineJudge> {
        Ok(EngineJudge { engine: Mutex::new(Engine::start(program, args)?) })
    }
}

/// One position as the `judge` command writes it: the seat to act (0 is kurnik's first mover, attacking the
/// top goal), the ball's point, then every drawn segment as `x,y,d` (its end nearer the top-left and the
/// direction digit to the other end), in kartka's coordinates (`x` 0..=8 from the left, `y` −1..=11 from the
/// top goal).
pub fn position_words(position: &Position, line: &mut String) {
    let ball = position.ball();
    let _ = write!(line, "{} {} {}", position.to_move().index(), ball.x, ball.y);
    for (point, direction) in position.drawn_segments() {
        let _ = write!(line, " {},{},{}", point.x, point.y, direction as u8);
    }
}

/// The `judge` command for `positions`: their words separated by `|`.
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

impl OutsideChances for EngineJudge {
    /// Panics if the engine dies or answers out of protocol: a measurement cannot go on without its judge.
    fn chances(&self, positions: &[Position], chances: &mut Vec<f32>) {
        let mut engine = self.engine.lock().expect("a judge never panics while asked");
        let answer = engine.ask(&judge_command(positions)).unwrap_or_else(|error| panic!("--judge-engine: {error:#}"));
        let before = chances.len();
        for word in answer.split_whitespace() {
            let chance: f32 = word.parse().unwrap_or_else(|_| panic!("--judge-engine answered {word:?}, not a chance"));
            assert!((0.0..=1.0).contains(&chance), "--judge-engine answered {chance}, not a chance");
            chances.push(chance);
        }
        assert_eq!(chances.len() - before, positions.len(), "--judge-engine answered {answer:?}");
    }
}

#[cfg(test)]
mod tests {
    use kartka_engine::soccer::Direction;

    use super::*;

    #[test]
    fn a_position_is_written_as_its_seat_ball_and_drawn_segments() {
        let mut position = Position::default();
        position.step(Direction::North).expect("legal");
        let mut line = String::new();
        position_words(&position, &mut line);
        assert_eq!(line, "1 4 4 4,4,4", "the segment from (4,4) south to the centre (4,5)");
        assert_eq!(judge_command(&[Position::default(), position]), "judge 0 4 5|1 4 4 4,4,4");
    }

    /// A shell engine answering `judge` with one chance a position: a third for each.
    #[test]
    fn the_engine_s_chances_come_back_one_a_position() {
        let script = r#"while read -r command rest; do
            if [ "$command" = quit ]; then exit; fi
            if [ "$command" = judge ]; then
                echo "$rest" | tr '|' '\n' | while read -r _; do printf '0.333 '; done; echo
            else echo error; fi
        done"#;
        let judge = EngineJudge::start("sh", &["-c".to_owned(), script.to_owned()]).expect("sh runs");
        let mut position = Position::default();
        position.step(Direction::East).expect("legal");
        let mut chances = vec![0.9];
        judge.chances(&[Position::default(), position, position], &mut chances);
        assert_eq!(chances, vec![0.9, 0.333, 0.333, 0.333]);
    }
}
