//! `--rows-only`, `--hand-written`, `--network` and `--judge-engine`: which evaluation judges Paper Soccer, for
//! `versus` and `engine`.

use std::path::PathBuf;

use anyhow::Context;
use kartka_bot::soccer_net::{Network, OutsideJudgement};
use kartka_bot::{LoadedNetwork, SoccerJudgement};

use super::judge_engine::EngineJudge;

/// Options choosing Paper Soccer's evaluation.
#[derive(Debug, Default, clap::Args)]
pub struct JudgementArgs {
    /// Paper Soccer's evaluation blind to the drawn lines, as before issue #40.
    #[arg(long)]
    rows_only: bool,
    /// Paper Soccer's hand-written evaluation, the bot's before the learned one (docs/bot.md).
    #[arg(long, conflicts_with = "rows_only")]
    hand_written: bool,
    /// The learned evaluation with the weights of this file (written by `kartka-train`) instead of the
    /// embedded ones, to measure a new network against the bot's.
    #[arg(long, conflicts_with_all = ["rows_only", "hand_written"])]
    network: Option<PathBuf>,
    /// Another engine's judgement instead of the bot's: this program, asked `judge` for the chance that the
    /// seat to act wins each position of a batch (bench/qtpapersoccer's driver answers it with
    /// QtPaperSoccer's network), to measure the bot's search apart from its judgement.
    #[arg(long, conflicts_with_all = ["rows_only", "hand_written", "network"])]
    judge_engine: Option<String>,
    /// An argument for `--judge-engine`'s program (repeat for several).
    #[arg(long, allow_hyphen_values = true, requires = "judge_engine")]
    judge_engine_arg: Vec<String>,
}

impl JudgementArgs {
    /// The evaluation these options ask for, the bot's own without any; the weights of `--network` are read,
    /// and the program of `--judge-engine` started, once and kept for the life of the program.
    pub fn soccer_judgement(&self) -> anyhow::Result<SoccerJudgement> {
        if let Some(program) = &self.judge_engine {
            let judge = EngineJudge::start(program, &self.judge_engine_arg).context("--judge-engine")?;
            return Ok(SoccerJudgement::Outside(OutsideJudgement(Box::leak(Box::new(judge)))));
        }
        Ok(match (self.rows_only, self.hand_written, &self.network) {
            (true, _, _) => SoccerJudgement::RowsOnly,
            (_, true, _) => SoccerJudgement::HandWritten,
            (_, _, Some(path)) => {
                let network = Network::load_for_program(path).with_context(|| format!("loading {}", path.display()))?;
                SoccerJudgement::Loaded(LoadedNetwork(network))
            }
            _ => SoccerJudgement::Network,
        })
    }
}

/// How a match report names the evaluation: nothing for the bot's own.
pub fn label(judgement: SoccerJudgement) -> &'static str {
    match judgement {
        SoccerJudgement::RowsOnly => " (rows only)",
        SoccerJudgement::HandWritten => " (hand-written evaluation)",
        SoccerJudgement::Loaded(_) => " (network from --network)",
        SoccerJudgement::Outside(_) => " (judged by --judge-engine)",
        SoccerJudgement::Network => "",
    }
}
