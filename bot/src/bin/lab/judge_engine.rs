//! `--judge-engine`: another engine's judgement of Paper Soccer, asked through a pipe, as the bot's evaluation
//! (bench/qtpapersoccer/README.md, "Its network in kartka's search"). The engine answers `judge` with the
//! chance that the seat to act wins each position of a batch; what the bot knows exactly stays exact
//! ([`OutsideJudgement`]).

use std::sync::Mutex;

use kartka_bot::soccer_net::{judge_command, OutsideChances};
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
