//! An outside engine spoken to over its standard input and output, one command a line and one answer line
//! each: the line protocol of `kartka-bot-lab versus` (`new`, `play DIGITS`, `go MS`), with `eval` (the
//! engine's chance that the seat to act wins) for `kartka-train soccer-judge` and `judge` (the same for a batch
//! of positions of any game) for `kartka-train soccer-branches`. The bench's QtPaperSoccer driver
//! (bench/qtpapersoccer) speaks it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use anyhow::{bail, Context};
use kartka_bot::soccer_net::judge_command;
use kartka_engine::soccer::{parse_turn, Direction, Position};

use crate::self_play::play_whole_turn;

/// An outside engine, spoken to over its standard input and output.
pub struct Engine {
    child: Child,
    /// `None` once closed, as the engine is dropped.
    input: Option<ChildStdin>,
    output: BufReader<ChildStdout>,
}

impl Engine {
    /// Starts `program` with `args`.
    pub fn start(program: &str, args: &[String]) -> anyhow::Result<Engine> {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .with_context(|| format!("starting {program}"))?;
        let input = child.stdin.take().context("the engine's standard input")?;
        let output = BufReader::new(child.stdout.take().context("the engine's standard output")?);
        Ok(Engine { child, input: Some(input), output })
    }

    /// Sends `command` and returns the engine's one-line answer; an `error …` answer is an error.
    pub fn ask(&mut self, command: &str) -> anyhow::Result<String> {
        let input = self.input.as_mut().context("the engine was closed")?;
        writeln!(input, "{command}").context("writing to the engine")?;
        input.flush().context("writing to the engine")?;
        let mut line = String::new();
        if self.output.read_line(&mut line).context("reading the engine")? == 0 {
            bail!("the engine ended before answering {command:?}");
        }
        let line = line.trim().to_owned();
        if line.starts_with("error") {
            bail!("the engine answered {command:?} with {line:?}");
        }
        Ok(line)
    }

    /// The engine's chance that the seat to act wins in the position it was told of.
    pub fn chance(&mut self) -> anyhow::Result<f32> {
        let answer = self.ask("eval")?;
        answer
            .parse::<f32>()
            .ok()
            .filter(|chance| (0.0..=1.0).contains(chance))
            .with_context(|| format!("`eval` is answered by a chance from 0 to 1, not {answer:?}"))
    }

    /// The engine's chance that the seat to act wins each of `positions` (`judge`), in order, whatever game
    /// it was told of: positions the bot's search would ask it about ([`kartka_bot::soccer_net::asks_outside`]).
    pub fn judge(&mut self, positions: &[Position]) -> anyhow::Result<Vec<f32>> {
        let answer = self.ask(&judge_command(positions))?;
        let chances = answer
            .split_whitespace()
            .map(|word| word.parse::<f32>().ok().filter(|chance| (0.0..=1.0).contains(chance)))
            .collect::<Option<Vec<f32>>>()
            .with_context(|| format!("`judge` is answered by chances from 0 to 1, not {answer:?}"))?;
        if chances.len() != positions.len() {
            bail!("`judge` of {} positions was answered by {} chances", positions.len(), chances.len());
        }
        Ok(chances)
    }

    /// The engine's whole turn after thinking `ms` milliseconds (`go MS`), which it also plays on its own
    /// board; checked against `position` (the engine's view of the game, which the caller keeps), which it is
    /// played on. A turn that breaks the rules, or stops before the turn passes or goes on after, is an error.
    pub fn turn(&mut self, ms: u64, position: &mut Position) -> anyhow::Result<Vec<Direction>> {
        let answer = self.ask(&format!("go {ms}"))?;
        let steps =
            parse_turn(&answer).with_context(|| format!("`go` is answered by a turn's digits, not {answer:?}"))?;
        play_whole_turn(position, &steps).context("the engine's turn")?;
        Ok(steps)
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        // `quit`, then the end of its input: an engine that ignores the one stops at the other, and is killed
        // if it does neither, so that a broken engine never holds the run.
        if let Some(mut input) = self.input.take() {
            let _ = writeln!(input, "quit");
        }
        for _ in 0..50 {
            if !matches!(self.child.try_wait(), Ok(None)) {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
