//! How well an outside engine's judgement foretells who wins the corpus's held-out games, beside the bot's
//! network on the same positions (`kartka-train soccer-judge`): a measure of evaluations apart from the
//! searches that use them. The engine speaks the line protocol of `kartka-bot-lab versus` (`new`, `play
//! DIGITS`) with one more command, `eval`, answered by its chance (0 to 1) that the seat to act wins. The
//! bench's QtPaperSoccer driver (bench/qtpapersoccer) answers it with its network's value.

use anyhow::Context;
use kartka_bot::soccer_net::{active_inputs, Network};
use kartka_engine::soccer::{write_turn, Pitch, Position};

use crate::corpus::DecidedGame;
use crate::engine::Engine;

/// The lowest and highest chance counted in a log loss, so that a judge sure and wrong costs a finite amount.
const CLAMP: f32 = 1e-4;

/// How one judge did over the positions.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Verdicts {
    /// Positions judged.
    pub positions: usize,
    /// The sum of the binary cross-entropy of the chances against the results.
    log_loss_sum: f64,
    /// Positions whose winner the chance foretold (above one half for a win, below for a loss).
    pub foretold: usize,
}

impl Verdicts {
    /// Counts one position: the judge's `chance` that the seat to act wins, and whether it did.
    pub fn add(&mut self, chance: f32, won: bool) {
        let chance = chance.clamp(CLAMP, 1.0 - CLAMP);
        let likelihood = if won { chance } else { 1.0 - chance };
        self.positions += 1;
        self.log_loss_sum -= f64::from(likelihood.ln());
        self.foretold += usize::from((chance > 0.5) == won);
    }

    /// The mean binary cross-entropy, as the trainer's validation loss.
    #[must_use]
    pub fn log_loss(&self) -> f64 {
        self.log_loss_sum / self.positions.max(1) as f64
    }

    /// The share of positions whose winner the judge foretold.
    #[must_use]
    pub fn accuracy(&self) -> f64 {
        self.foretold as f64 / self.positions.max(1) as f64
    }
}

/// Judges the start of every turn of the held-out games among `games` (positions not over): the engine's
/// chance and `network`'s (its plain value, without the search's exact scores for a goal out of reach),
/// against the games' winners. Returns the engine's verdicts and the network's, over the same positions.
pub fn judge(games: &[DecidedGame], engine: &mut Engine, network: &Network) -> anyhow::Result<(Verdicts, Verdicts)> {
    let (mut outside, mut own) = (Verdicts::default(), Verdicts::default());
    for game in games.iter().filter(|game| game.held_out) {
        engine.ask("new")?;
        let mut position = Position::new(Pitch::STANDARD);
        for turn in &game.turns {
            if let Some(inputs) = active_inputs(&position, false) {
                let won = position.to_move() == game.winner;
                let logit = network.logit(inputs.as_slice());
                own.add(1.0 / (1.0 + (-logit).exp()), won);
                outside.add(engine.chance()?, won);
            }
            for &step in turn {
                position.step(step).context("a corpus game was replayed when read")?;
            }
            engine.ask(&format!("play {}", write_turn(turn)))?;
        }
    }
    Ok((outside, own))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_count_the_loss_and_the_winners_foretold_with_sure_chances_clamped() {
        let mut verdicts = Verdicts::default();
        verdicts.add(0.8, true);
        verdicts.add(0.8, false);
        verdicts.add(0.0, false);
        verdicts.add(1.0, false);
        assert_eq!((verdicts.positions, verdicts.foretold), (4, 2));
        // A chance of 1 for a loss counts as 1 − CLAMP, so the likelihood is 1 − (1 − CLAMP), in f32.
        let sure_and_wrong = (1.0 - (1.0 - CLAMP)).ln();
        let expected = -(0.8f32.ln() + 0.2f32.ln() + (1.0 - CLAMP).ln() + sure_and_wrong) as f64 / 4.0;
        assert!((verdicts.log_loss() - expected).abs() < 1e-6, "{}", verdicts.log_loss());
        assert_eq!(verdicts.accuracy(), 0.5);
    }
}
