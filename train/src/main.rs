//! `kartka-train`: trains the bot's learned evaluations. See the library's documentation.

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

use clap::{Parser, Subcommand};
use kartka_train::corpus::{self, CorpusOptions};
use kartka_train::training::{self, TrainingOptions};

#[derive(Debug, Parser)]
#[command(about = "Trains the bot's learned evaluations from recorded games")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Paper Soccer's value network, from the kurnik corpus.
    Soccer(SoccerArgs),
}

#[derive(Debug, clap::Args)]
struct SoccerArgs {
    /// The directory of the kurnik corpus's *.pgn.gz files.
    #[arg(long, env = "KARTKA_CORPUS_DIR")]
    corpus: PathBuf,
    /// Where to write the weights (safetensors).
    #[arg(long)]
    out: PathBuf,
    /// Read at most this many games, for a quick run.
    #[arg(long)]
    games: Option<usize>,
    /// The share of each game's positions kept.
    #[arg(long, default_value_t = 0.3)]
    sample: f64,
    /// One game in this many is held out to validate on.
    #[arg(long, default_value_t = 20)]
    validation_every: usize,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 8)]
    epochs: usize,
    /// Positions per optimiser step.
    #[arg(long, default_value_t = 256)]
    batch: usize,
    /// AdamW's learning rate at the start.
    #[arg(long, default_value_t = 2e-3)]
    learning_rate: f64,
    /// AdamW's weight decay.
    #[arg(long, default_value_t = 1e-4)]
    weight_decay: f64,
    /// Seeds the sample, the initial weights and the order of training.
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

fn main() -> anyhow::Result<()> {
    let Command::Soccer(args) = Cli::parse().command;
    let started = std::time::Instant::now();
    let data = corpus::read(&CorpusOptions {
        dir: args.corpus.clone(),
        max_games: args.games,
        sample: args.sample,
        validation_every: args.validation_every,
        seed: args.seed,
    })?;
    eprintln!(
        "corpus: {} games read, {} ended by the rules; {} training and {} validation positions; data sha256 {}",
        data.games_read,
        data.games_used,
        data.training.len(),
        data.validation.len(),
        data.data_hash
    );
    let options = TrainingOptions {
        epochs: args.epochs,
        batch: args.batch,
        learning_rate: args.learning_rate,
        weight_decay: args.weight_decay,
        seed: args.seed,
    };
    let mut last = None;
    let model = training::train(&data.training, &data.validation, options, |report| {
        eprintln!(
            "epoch {}: training loss {:.4}, validation loss {:.4}, accuracy {:.1} % ({:.0} s)",
            report.epoch,
            report.training_loss,
            report.validation.loss,
            report.validation.accuracy * 100.0,
            started.elapsed().as_secs_f64()
        );
        last = Some(*report);
    })?;
    let command: Vec<String> = std::env::args().skip(1).collect();
    // One key whose value is a JSON object with sorted keys: the file's header keeps a map in no fixed order,
    // and the same command on the same data must write the same bytes.
    let mut training = BTreeMap::from([
        ("command".to_owned(), format!("kartka-train {}", command.join(" "))),
        ("data_sha256".to_owned(), data.data_hash.clone()),
        ("games".to_owned(), data.games_used.to_string()),
        ("training_positions".to_owned(), data.training.len().to_string()),
    ]);
    if let Some(last) = last {
        training.insert("validation_loss".to_owned(), format!("{:.4}", last.validation.loss));
        training.insert("validation_accuracy".to_owned(), format!("{:.4}", last.validation.accuracy));
    }
    let metadata = HashMap::from([("training".to_owned(), serde_json::to_string(&training)?)]);
    model.save(&args.out, metadata)?;
    eprintln!("weights written to {}", args.out.display());
    Ok(())
}
