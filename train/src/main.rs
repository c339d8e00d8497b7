//! `kartka-train`: trains the bot's learned evaluations. See the library's documentation.

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

use anyhow::Context;
use clap::{Parser, Subcommand};
use kartka_bot::soccer_net::{Network, SoccerNetEvaluation};
use kartka_train::branches::{self, BranchOptions};
use kartka_train::choices::Choices;
use kartka_train::corpus::{self, CorpusOptions};
use kartka_train::engine;
use kartka_train::engine_games;
use kartka_train::judge;
use kartka_train::matches;
use kartka_train::model::Model;
use kartka_train::relabel::{self, RelabelOptions};
use kartka_train::self_play::{self, Exploration, PlayedGame, SelfPlayGame, SelfPlayOptions, TreeLabels};
use kartka_train::td::{Learner, TdOptions, TdRun};
use kartka_train::training::{self, TrainingOptions};
use sha2::{Digest, Sha256};

#[derive(Debug, Parser)]
#[command(about = "Trains the bot's learned evaluations from recorded games")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Paper Soccer's value network, from the kurnik corpus (and self-play games, if given).
    Soccer(SoccerArgs),
    /// Games of Paper Soccer the bot plays against itself, written one a line for `soccer --self-play`.
    SoccerSelfPlay(SelfPlayArgs),
    /// The corpus's games with the search's value at some turns, written like self-play games for
    /// `soccer --self-play`.
    SoccerRelabel(RelabelArgs),
    /// Positions one turn off the corpus's games, drawn among the turns level 8's search judges, each with
    /// an outside engine's judgement, written like self-play games for `soccer --self-play`.
    SoccerBranches(BranchesArgs),
    /// Two sets of weights against each other at a fixed node budget (pairs of games from the same opening,
    /// each network first once), as a self-play generation is measured before it replaces the last.
    SoccerMatch(MatchArgs),
    /// Games an outside engine plays against itself, written like self-play games (its turns trained on
    /// their results alone) for `soccer --self-play`.
    SoccerEngineGames(EngineGamesArgs),
    /// How well an outside engine's `eval` foretells the winners of the corpus's held-out games, beside the
    /// bot's network on the same positions.
    SoccerJudge(JudgeArgs),
    /// Temporal-difference learning from many cheap self-play games: each round plays games with the weights as
    /// they stand and trains them towards each position's λ-return.
    SoccerTd(TdArgs),
    /// The mean of several weights files of one width, tensor by tensor (a run's checkpoints averaged).
    SoccerAverage(AverageArgs),
}

#[derive(Debug, clap::Args)]
struct AverageArgs {
    /// The file the mean is written to.
    #[arg(long)]
    out: PathBuf,
    /// The weights files averaged, each counted once.
    #[arg(required = true)]
    weights: Vec<PathBuf>,
}

#[derive(Debug, clap::Args)]
struct TdArgs {
    /// The directory the checkpoints (`round-N.safetensors`) and `rounds.tsv` are written to.
    #[arg(long)]
    out: PathBuf,
    /// The weights to start from; fresh ones drawn from `--seed` when not given.
    #[arg(long)]
    from: Option<PathBuf>,
    /// Units of the first hidden layer: fresh weights of this width, or `--from`'s network widened to it (the
    /// same function, new units that start to count as they learn); `--from`'s width, or 64, when not given.
    #[arg(long)]
    width: Option<usize>,
    /// Rounds to play.
    #[arg(long, default_value_t = 100)]
    rounds: usize,
    /// The first round's number, so that a run resumed `--from` a checkpoint plays new openings.
    #[arg(long, default_value_t = 0)]
    first_round: usize,
    /// Games a round.
    #[arg(long, default_value_t = 200, value_parser = at_least_one)]
    games_per_round: usize,
    /// The search's budget a turn, in turns listed.
    #[arg(long, default_value_t = 300)]
    nodes: u64,
    /// How far a target looks ahead, from 0 (the next turn's value) to 1 (the result alone).
    #[arg(long, default_value_t = 0.7, value_parser = share)]
    lambda: f64,
    /// How the weights move: AdamW, or QtPaperSoccer's temporal-coherence rates per weight.
    #[arg(long, value_enum, default_value_t = Learner::Adamw)]
    learner: Learner,
    /// AdamW's learning rate; with `--learner temporal-coherence`, a position's rate before its coherence
    /// (QtPaperSoccer's online rule uses 0.2).
    #[arg(long, default_value_t = 1e-4)]
    learning_rate: f64,
    /// AdamW's weight decay (temporal coherence has none).
    #[arg(long, default_value_t = 1e-4)]
    weight_decay: f64,
    /// Positions per step of the optimiser.
    #[arg(long, default_value_t = 256, value_parser = at_least_one)]
    batch: usize,
    /// The share of searched turns played off the search's choice, drawn among the turns rated within
    /// `--explore-margin` of the best: the games then reach positions the network's own choices avoid.
    #[arg(long, default_value_t = 0.0, value_parser = share)]
    explore_share: f64,
    /// How far below the best turn's chance an explored turn may be rated.
    #[arg(long, default_value_t = 0.1, value_parser = share)]
    explore_margin: f64,
    /// One seat of every game (alternately the first and the second) searches this many listed turns a turn
    /// instead of `--nodes`: an exploiter that sets the traps the other's budget misses.
    #[arg(long)]
    exploiter_nodes: Option<u64>,
    /// Write the weights every this many rounds (and after the last).
    #[arg(long, default_value_t = 10, value_parser = at_least_one)]
    checkpoint_every: usize,
    /// The kurnik corpus, whose held-out games score each checkpoint (a check that the network still
    /// foretells people's games); none when not given.
    #[arg(long)]
    corpus: Option<PathBuf>,
    /// Corpus games read for that score (one in 20 held out).
    #[arg(long, default_value_t = 2_000)]
    corpus_games: usize,
    #[command(flatten)]
    games_run: GamesRunArgs,
}

#[derive(Debug, clap::Args)]
struct JudgeArgs {
    /// The directory of the kurnik corpus's *.pgn.gz files.
    #[arg(long, env = "KARTKA_CORPUS_DIR")]
    corpus: PathBuf,
    /// The outside engine's program.
    #[arg(long)]
    engine: String,
    /// Arguments of the engine's program (repeat the option for each).
    #[arg(long = "engine-arg")]
    engine_args: Vec<String>,
    /// Read at most this many games (the held-out ones among them are judged).
    #[arg(long)]
    games: Option<usize>,
    /// One game in this many is held out, as `soccer --validation-every`.
    #[arg(long, default_value_t = 20, value_parser = at_least_one)]
    validation_every: usize,
    /// The bot's weights to compare with, instead of the embedded ones.
    #[arg(long)]
    network: Option<PathBuf>,
    /// Judge the decided games of this file of recorded games (`soccer-engine-games`, `soccer-self-play`),
    /// every one of them, instead of the corpus's held-out games.
    #[arg(long)]
    recorded: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
struct EngineGamesArgs {
    /// Where to write the games; an existing file is added to (from game `--first` on).
    #[arg(long)]
    out: PathBuf,
    /// The outside engine's program (one process a game).
    #[arg(long)]
    engine: String,
    /// Arguments of the engine's program (repeat the option for each).
    #[arg(long = "engine-arg")]
    engine_args: Vec<String>,
    /// How many games.
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// The first game's index, so that a stopped run goes on with new openings.
    #[arg(long, default_value_t = 0)]
    first: usize,
    /// The engine's time a turn, in milliseconds.
    #[arg(long, default_value_t = 50)]
    time_ms: u64,
    #[command(flatten)]
    games_run: GamesRunArgs,
}

/// What a run of games from self-play's openings shares.
#[derive(Debug, clap::Args)]
struct GamesRunArgs {
    /// Random steps that open each game.
    #[arg(long, default_value_t = 4)]
    opening_steps: u32,
    /// Turns after which a game is given up unfinished (half a point each in a match).
    #[arg(long, default_value_t = 300)]
    max_turns: u32,
    /// Seeds the openings: game `i` of a seed opens the same way whoever plays it.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Games played side by side.
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

#[derive(Debug, clap::Args)]
struct MatchArgs {
    /// The weights measured.
    #[arg(long)]
    candidate: PathBuf,
    /// The weights it plays against, the embedded ones when not given.
    #[arg(long)]
    reference: Option<PathBuf>,
    /// Pairs of games (each opening played with both colours).
    #[arg(long, default_value_t = 100)]
    pairs: usize,
    /// The search's budget a turn, in turns listed, on both sides.
    #[arg(long, default_value_t = 3_000)]
    nodes: u64,
    #[command(flatten)]
    games_run: GamesRunArgs,
}

#[derive(Debug, clap::Args)]
struct RelabelArgs {
    #[command(flatten)]
    slice: CorpusSliceArgs,
    /// The share of a game's turns the search labels, from 0 to 1.
    #[arg(long, default_value_t = 0.1, value_parser = share)]
    share: f64,
    /// The search's budget a labelled turn, in turns listed.
    #[arg(long, default_value_t = 2_000)]
    nodes: u64,
    /// One game in this many is held out (never labelled), as `soccer --validation-every`.
    #[arg(long, default_value_t = 20, value_parser = at_least_one)]
    validation_every: usize,
    /// Label with this outside engine's judgement (its `eval`, no search; one process, one thread) instead of
    /// the bot's search: a network trained on the labels learns that engine's judgement.
    #[arg(long, conflicts_with_all = ["nodes", "network", "threads"])]
    engine: Option<String>,
    /// Arguments of `--engine`'s program (repeat the option for each).
    #[arg(long = "engine-arg")]
    engine_args: Vec<String>,
    #[command(flatten)]
    run: SearchRunArgs,
}

#[derive(Debug, clap::Args)]
struct BranchesArgs {
    #[command(flatten)]
    slice: CorpusSliceArgs,
    /// The share of a game's turns branched from, from 0 to 1.
    #[arg(long, default_value_t = 0.5, value_parser = share)]
    share: f64,
    /// Branches from each turn drawn.
    #[arg(long, default_value_t = 2, value_parser = at_least_one)]
    per_turn: usize,
    /// One game in this many is held out (never branched from), as `soccer --validation-every`.
    #[arg(long, default_value_t = 20, value_parser = at_least_one)]
    validation_every: usize,
    /// Seeds which turns are branched from and the branches.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Threads listing turns side by side (what is written is the same whatever the number).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// The outside engine that judges the branches' ends (its `judge`).
    #[arg(long)]
    engine: String,
    /// Arguments of `--engine`'s program (repeat the option for each).
    #[arg(long = "engine-arg")]
    engine_args: Vec<String>,
}

/// Which of the corpus's games a labelling run reads, and where it writes them.
#[derive(Debug, clap::Args)]
struct CorpusSliceArgs {
    /// The directory of the kurnik corpus's *.pgn.gz files.
    #[arg(long, env = "KARTKA_CORPUS_DIR")]
    corpus: PathBuf,
    /// Where to write the labelled games.
    #[arg(long)]
    out: PathBuf,
    /// Start from this game (in the order training reads them: file-name order, games that ended by the
    /// rules), so that runs can share the corpus out.
    #[arg(long, default_value_t = 0)]
    first: usize,
    /// How many games to read (held-out games among them are skipped).
    #[arg(long, default_value_t = 1000)]
    games: usize,
}

impl CorpusSliceArgs {
    /// Reads the corpus's decided games up to the slice's end (one in `validation_every` held out) and creates
    /// the file to write; returns the games, the slice's indices among them and the file. `doing` names the
    /// work on the progress line.
    fn open(
        &self,
        validation_every: usize,
        doing: &str,
    ) -> anyhow::Result<(Vec<corpus::DecidedGame>, std::ops::Range<usize>, std::io::BufWriter<std::fs::File>)> {
        let (games, _, data_hash) =
            corpus::decided_games(&self.corpus, None, Some(self.first + self.games), validation_every)?;
        let end = (self.first + self.games).min(games.len());
        anyhow::ensure!(self.first < end, "--first {} is past the corpus's {} decided games", self.first, games.len());
        eprintln!("corpus: {} decided games read (sha256 {data_hash}); {doing} {}..{end}", games.len(), self.first);
        let file = std::fs::File::create(&self.out).with_context(|| format!("creating {}", self.out.display()))?;
        Ok((games, self.first..end, std::io::BufWriter::new(file)))
    }
}

/// What a run of searches shares: the seed, the threads and the weights.
#[derive(Debug, clap::Args)]
struct SearchRunArgs {
    /// Seeds the run (which openings are played, which turns are labelled).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Threads searching side by side (what is written is the same whatever the number).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// The weights the search judges with, instead of the embedded ones.
    #[arg(long)]
    network: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
struct SelfPlayArgs {
    /// Where to write the games.
    #[arg(long)]
    out: PathBuf,
    /// How many games.
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// The search's budget a turn, in turns listed.
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
    /// Random steps that open each game.
    #[arg(long, default_value_t = 4)]
    opening_steps: u32,
    /// Turns after which a game is given up unfinished.
    #[arg(long, default_value_t = 300)]
    max_turns: u32,
    /// Tree learning: also write, for every searched turn, this many of the most visited nodes of its search's
    /// tree as branches off the game judged by the search's value there (`soccer --self-play` trains them on
    /// that chance alone). The games are the same with or without.
    #[arg(long, default_value_t = 0)]
    tree_nodes: usize,
    /// The fewest iterations through a node for `--tree-nodes` to label it.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(2..))]
    tree_min_visits: u32,
    #[command(flatten)]
    run: SearchRunArgs,
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
    /// The share of each game's positions kept, from 0 to 1.
    #[arg(long, default_value_t = 0.3, value_parser = share)]
    sample: f64,
    /// One game in this many is held out to validate on.
    #[arg(long, default_value_t = 20, value_parser = at_least_one)]
    validation_every: usize,
    /// Train only on corpus games whose time control is at least this many seconds a player (kurnik's
    /// `TimeControl`); the held-out games are all kept.
    #[arg(long)]
    min_time_control: Option<u32>,
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
    /// Files of self-play games (`soccer-self-play`) whose searched positions are trained on too.
    #[arg(long)]
    self_play: Vec<PathBuf>,
    /// The share of a self-play position's target that is the search's chance (0 to 1); the rest is the game's
    /// result.
    #[arg(long, default_value_t = 0.5, value_parser = share)]
    value_share: f64,
    /// Start from these weights instead of ones drawn from the seed.
    #[arg(long)]
    from: Option<PathBuf>,
    /// Files of recorded games (`soccer-engine-games`, `soccer-self-play`) never trained on, whose positions'
    /// results the trained network is scored against at the end, beside the corpus's held-out games.
    #[arg(long)]
    held_out_games: Vec<PathBuf>,
    /// Files of labelled games (`soccer-relabel`, `soccer-self-play`) never trained on, whose positions' labels
    /// (a search's or an outside engine's chance, whatever `--value-share`) the trained network is scored
    /// against at the end, beside the labels' own entropy: how closely it learnt the judgement it was taught.
    #[arg(long)]
    held_out_labels: Vec<PathBuf>,
    /// Files of recorded games whose chosen turns are trained on by the comparison loss: each chosen child
    /// against `--choice-siblings` other children of its position (docs/bot.md, "Games of a stronger engine").
    /// The held-out games' choices are scored after every epoch.
    #[arg(long)]
    choices: Vec<PathBuf>,
    /// Also train the comparison loss on the turns kurnik's players chose in this many of the corpus's
    /// decided games (the held-out ones left out).
    #[arg(long)]
    corpus_choices: Option<usize>,
    /// Of each group's siblings, this many are the children the starting network (`--from`, else the
    /// embedded one) rates best for the mover, the rest drawn at random.
    #[arg(long, default_value_t = 0)]
    favourite_siblings: usize,
    /// Other children beside each chosen one.
    #[arg(long, default_value_t = 15, value_parser = at_least_one)]
    choice_siblings: usize,
    /// The comparison loss's weight beside the value loss.
    #[arg(long, default_value_t = 1.0)]
    choice_weight: f64,
    /// Choices a step.
    #[arg(long, default_value_t = 32, value_parser = at_least_one)]
    choice_batch: usize,
}

/// A share from 0 to 1, as the options that draw or mix by one take it.
fn share(text: &str) -> Result<f64, String> {
    let value: f64 = text.parse().map_err(|_| format!("{text:?} is not a number"))?;
    if (0.0..=1.0).contains(&value) {
        Ok(value)
    } else {
        Err(format!("{value} is not a share from 0 to 1"))
    }
}

/// A count of at least one, as `--validation-every` takes it (one game in that many).
fn at_least_one(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(value) if value >= 1 => Ok(value),
        _ => Err(format!("{text:?} is not a whole number of at least 1")),
    }
}

fn main() -> anyhow::Result<()> {
    match Cli::parse().command {
        Command::Soccer(args) => soccer(args),
        Command::SoccerSelfPlay(args) => soccer_self_play(args),
        Command::SoccerRelabel(args) => soccer_relabel(args),
        Command::SoccerBranches(args) => soccer_branches(args),
        Command::SoccerMatch(args) => soccer_match(args),
        Command::SoccerEngineGames(args) => soccer_engine_games(args),
        Command::SoccerJudge(args) => soccer_judge(args),
        Command::SoccerTd(args) => soccer_td(args),
        Command::SoccerAverage(args) => soccer_average(args),
    }
}

/// The embedded network, or that of the weights file `path`.
fn network(path: Option<&PathBuf>) -> anyhow::Result<&'static Network> {
    Ok(match path {
        Some(path) => Network::load_for_program(path).with_context(|| format!("loading {}", path.display()))?,
        None => SoccerNetEvaluation::embedded().network(),
    })
}

/// The learned evaluation with the embedded weights, or those of `path`.
fn evaluator(path: Option<&PathBuf>) -> anyhow::Result<SoccerNetEvaluation<'static>> {
    Ok(match path {
        Some(_) => SoccerNetEvaluation::with(network(path)?),
        None => SoccerNetEvaluation::embedded(),
    })
}

fn soccer_relabel(args: RelabelArgs) -> anyhow::Result<()> {
    let started = std::time::Instant::now();
    let evaluator = evaluator(args.run.network.as_ref())?;
    let (games, slice, mut out) = args.slice.open(args.validation_every, "labelling")?;
    let options =
        RelabelOptions { nodes: args.nodes, share: args.share, seed: args.run.seed, threads: args.run.threads };
    let (mut written, mut labels) = (0, 0);
    // Batches of a few games a thread, each appended as it ends: a long run keeps what it has labelled.
    let batch = options.threads.max(1) * 16;
    let mut engine =
        args.engine.as_ref().map(|program| engine::Engine::start(program, &args.engine_args)).transpose()?;
    for start in slice.clone().step_by(batch) {
        let indices = start..(start + batch).min(slice.end);
        let labelled = match engine.as_mut() {
            Some(engine) => relabel::relabel_by_engine(&games, indices, options.share, options.seed, engine)?,
            None => relabel::relabel(&games, indices, options, evaluator)?,
        };
        self_play::append(&mut out, &labelled).with_context(|| format!("writing {}", args.slice.out.display()))?;
        written += labelled.len();
        labels += labelled.iter().flat_map(|game| &game.turns).filter(|turn| turn.label.is_trained()).count();
        eprintln!("{written} games, {labels} labelled turns ({:.0} s)", started.elapsed().as_secs_f64());
    }
    eprintln!(
        "{written} games with {labels} labelled turns written to {} in {:.0} s",
        args.slice.out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn soccer_branches(args: BranchesArgs) -> anyhow::Result<()> {
    let started = std::time::Instant::now();
    let (games, slice, mut out) = args.slice.open(args.validation_every, "branching off")?;
    let options = BranchOptions { share: args.share, per_turn: args.per_turn, seed: args.seed, threads: args.threads };
    let mut engine = engine::Engine::start(&args.engine, &args.engine_args)?;
    let mut written = 0;
    // Batches of a few games a thread, each appended as it ends: a long run keeps what it has judged.
    let batch = options.threads.max(1) * 16;
    for start in slice.clone().step_by(batch) {
        let found = branches::branches(&games, start..(start + batch).min(slice.end), options)?;
        let judged = branches::judge_branches(&games, &found, &mut engine)?;
        self_play::append(&mut out, &judged).with_context(|| format!("writing {}", args.slice.out.display()))?;
        written += judged.len();
        eprintln!("{written} branches ({:.0} s)", started.elapsed().as_secs_f64());
    }
    let path = args.slice.out.display();
    eprintln!("{written} branches written to {path} in {:.0} s", started.elapsed().as_secs_f64());
    Ok(())
}

fn soccer_judge(args: JudgeArgs) -> anyhow::Result<()> {
    let started = std::time::Instant::now();
    let network = network(args.network.as_ref())?;
    let games = match &args.recorded {
        Some(path) => {
            let games: Vec<corpus::DecidedGame> =
                self_play::read(path)?.into_iter().filter_map(SelfPlayGame::decided).collect();
            eprintln!("{}: {} decided games", path.display(), games.len());
            games
        }
        None => {
            let (games, read, data_hash) =
                corpus::decided_games(&args.corpus, args.games, None, args.validation_every)?;
            let held_out = games.iter().filter(|game| game.held_out).count();
            eprintln!("corpus: {read} games read, {} decided, {held_out} held out (sha256 {data_hash})", games.len());
            games
        }
    };
    let mut engine = engine::Engine::start(&args.engine, &args.engine_args)?;
    let (outside, own) = judge::judge(&games, &mut engine, network)?;
    for (name, verdicts) in [("engine", outside), ("network", own)] {
        println!(
            "{name} positions {} loss {:.4} accuracy {:.4}",
            verdicts.positions,
            verdicts.log_loss(),
            verdicts.accuracy()
        );
    }
    eprintln!("judged in {:.0} s", started.elapsed().as_secs_f64());
    Ok(())
}

fn soccer_match(args: MatchArgs) -> anyhow::Result<()> {
    let started = std::time::Instant::now();
    let candidate = evaluator(Some(&args.candidate))?;
    let reference = evaluator(args.reference.as_ref())?;
    let options = SelfPlayOptions {
        nodes: args.nodes,
        opening_steps: args.games_run.opening_steps,
        max_turns: args.games_run.max_turns,
        seed: args.games_run.seed,
        threads: args.games_run.threads,
    };
    let tally = matches::play_match(options, args.pairs, candidate, reference)?;
    let (elo, low, high) = tally.elo();
    // One line a script can read: the score first.
    println!(
        "score {:.4} games {} won {} lost {} unfinished {} elo {elo:+.0} ({low:+.0} to {high:+.0}) in {:.0} s",
        tally.score(),
        tally.games(),
        tally.wins,
        tally.losses,
        tally.unfinished,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn soccer_engine_games(args: EngineGamesArgs) -> anyhow::Result<()> {
    let started = std::time::Instant::now();
    let options = engine_games::EngineGamesOptions {
        program: args.engine,
        args: args.engine_args,
        time_ms: args.time_ms,
        opening_steps: args.games_run.opening_steps,
        max_turns: args.games_run.max_turns,
        seed: args.games_run.seed,
        threads: args.games_run.threads,
    };
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.out)
        .with_context(|| format!("opening {}", args.out.display()))?;
    let mut out = std::io::BufWriter::new(file);
    let end = args.first + args.games;
    let (mut first_won, mut unfinished) = (0, 0);
    // Batches of a few games a thread, each appended as it ends: a long run keeps what it has played.
    let batch = options.threads.max(1) * 4;
    for start in (args.first..end).step_by(batch) {
        let games = engine_games::play_games(&options, start..(start + batch).min(end))?;
        self_play::append(&mut out, &games).with_context(|| format!("writing {}", args.out.display()))?;
        first_won += games.iter().filter(|game| game.winner == Some(kartka_engine::Seat::FIRST)).count();
        unfinished += games.iter().filter(|game| game.winner.is_none()).count();
        eprintln!("games {}..{} ({:.0} s)", args.first, start + games.len(), started.elapsed().as_secs_f64());
    }
    eprintln!(
        "{} games added to {} ({first_won} won by the first seat, {unfinished} unfinished) in {:.0} s",
        args.games,
        args.out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn soccer_self_play(args: SelfPlayArgs) -> anyhow::Result<()> {
    let started = std::time::Instant::now();
    let evaluator = evaluator(args.run.network.as_ref())?;
    let options = SelfPlayOptions {
        nodes: args.nodes,
        opening_steps: args.opening_steps,
        max_turns: args.max_turns,
        seed: args.run.seed,
        threads: args.run.threads,
    };
    let file = std::fs::File::create(&args.out).with_context(|| format!("creating {}", args.out.display()))?;
    let mut out = std::io::BufWriter::new(file);
    let tree = TreeLabels { most_visited: args.tree_nodes, min_visits: args.tree_min_visits };
    let (mut first_won, mut unfinished, mut branches) = (0, 0, 0);
    // Batches of a few games a thread, each appended as it ends: a long run keeps what it has played.
    let batch = options.threads.max(1) * 8;
    for start in (0..args.games).step_by(batch) {
        let played =
            self_play::play_games_with_trees(options, start..(start + batch).min(args.games), evaluator, tree)?;
        for PlayedGame { game, tree } in &played {
            self_play::append(&mut out, std::slice::from_ref(game))
                .and_then(|()| self_play::append(&mut out, tree))
                .with_context(|| format!("writing {}", args.out.display()))?;
            first_won += usize::from(game.winner == Some(kartka_engine::Seat::FIRST));
            unfinished += usize::from(game.winner.is_none());
            branches += tree.len();
        }
        eprintln!("{} of {} games ({:.0} s)", start + played.len(), args.games, started.elapsed().as_secs_f64());
    }
    eprintln!(
        "{} games and {branches} tree branches written to {} ({first_won} won by the first seat, {unfinished} unfinished) in {:.0} s",
        args.games,
        args.out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn soccer(args: SoccerArgs) -> anyhow::Result<()> {
    let started = std::time::Instant::now();
    let mut data = corpus::read(&CorpusOptions {
        dir: args.corpus.clone(),
        max_games: args.games,
        sample: args.sample,
        validation_every: args.validation_every,
        seed: args.seed,
        min_time_control: args.min_time_control,
    })?;
    eprintln!(
        "corpus: {} games read, {} ended by the rules; {} training and {} validation positions; data sha256 {}",
        data.games_read,
        data.games_used,
        data.training.len(),
        data.validation.len(),
        data.data_hash
    );
    let mut self_play_hasher = Sha256::new();
    for path in &args.self_play {
        let games = self_play::read(path)?;
        let added = self_play::add_positions(&games, args.value_share as f32, &mut data.training)?;
        self_play_hasher.update(std::fs::read(path)?);
        eprintln!("self-play: {} games and {added} positions from {}", games.len(), path.display());
    }
    let choosing = !args.choices.is_empty() || args.corpus_choices.is_some();
    let mut held_out_games = corpus::Positions::default();
    let mut held_out_choices = Choices::new(args.choice_siblings);
    for path in &args.held_out_games {
        let games = self_play::read(path)?;
        self_play::add_positions(&games, 0.0, &mut held_out_games)?;
        if choosing {
            held_out_choices.add_games(&games, args.seed)?;
        }
    }
    let mut held_out_labels = corpus::Positions::default();
    for path in &args.held_out_labels {
        self_play::add_positions(&self_play::read(path)?, 1.0, &mut held_out_labels)?;
    }
    let mut choices = Choices::new(args.choice_siblings);
    let mut choices_hasher = Sha256::new();
    let favourites = match args.favourite_siblings {
        0 => None,
        count => Some((network(args.from.as_ref())?, count)),
    };
    for path in &args.choices {
        let added = choices.add_games_against(&self_play::read(path)?, args.seed, favourites)?;
        choices_hasher.update(std::fs::read(path)?);
        eprintln!("choices: {added} from {} ({:.0} s)", path.display(), started.elapsed().as_secs_f64());
    }
    if let Some(count) = args.corpus_choices {
        let (games, _, _) = corpus::decided_games(&args.corpus, None, Some(count), args.validation_every)?;
        let chosen: Vec<SelfPlayGame> =
            games.into_iter().filter(|game| !game.held_out).map(SelfPlayGame::played).collect();
        let added = choices.add_games(&chosen, args.seed)?;
        eprintln!("choices: {added} from {} corpus games ({:.0} s)", chosen.len(), started.elapsed().as_secs_f64());
    }
    let choice_training = choosing.then_some(training::ChoiceTraining {
        choices: &choices,
        held_out: &held_out_choices,
        weight: args.choice_weight,
        batch: args.choice_batch,
    });
    let start = match &args.from {
        Some(path) => Some(Model::load(path, &candle_core::Device::Cpu)?),
        None => None,
    };
    let options = TrainingOptions {
        epochs: args.epochs,
        batch: args.batch,
        learning_rate: args.learning_rate,
        weight_decay: args.weight_decay,
        seed: args.seed,
    };
    let mut last = None;
    let model = training::train(&data.training, &data.validation, start, options, choice_training, |report| {
        let choices = report.choices.map_or(String::new(), |score| {
            format!(", held-out choices loss {:.4}, chosen first {:.1} %", score.loss, score.accuracy * 100.0)
        });
        eprintln!(
            "epoch {}: training loss {:.4}, {}{choices} ({:.0} s)",
            report.epoch,
            report.training_loss,
            report.validation.map_or("no position held out".to_owned(), |score| format!(
                "validation loss {:.4}, accuracy {:.1} %",
                score.loss,
                score.accuracy * 100.0
            )),
            started.elapsed().as_secs_f64()
        );
        last = Some(*report);
    })?;
    if !args.held_out_games.is_empty() {
        if !held_out_choices.is_empty() {
            let score =
                training::evaluate_choices(&model, &held_out_choices, args.choice_batch, &candle_core::Device::Cpu)?;
            eprintln!(
                "held-out choices: {} groups, loss {:.4}, chosen first {:.1} %",
                held_out_choices.len(),
                score.loss,
                score.accuracy * 100.0
            );
        }
        match training::evaluate(&model, &held_out_games, args.batch, &candle_core::Device::Cpu)? {
            Some(score) => eprintln!(
                "held-out recorded games: {} positions, loss {:.4}, accuracy {:.1} %",
                held_out_games.len(),
                score.loss,
                score.accuracy * 100.0
            ),
            None => eprintln!("held-out recorded games: no decided position"),
        }
    }
    if let Some(score) = training::evaluate(&model, &held_out_labels, args.batch, &candle_core::Device::Cpu)? {
        eprintln!(
            "held-out labels: {} positions, loss {:.4} (the labels' own entropy {:.4}), winner agreed {:.1} %",
            held_out_labels.len(),
            score.loss,
            held_out_labels.mean_target_entropy(),
            score.accuracy * 100.0
        );
    }
    let command: Vec<String> = std::env::args().skip(1).collect();
    // One key whose value is a JSON object with sorted keys: the file's header keeps a map in no fixed order,
    // and the same command on the same data must write the same bytes.
    let mut training = BTreeMap::from([
        ("command".to_owned(), format!("kartka-train {}", command.join(" "))),
        ("data_sha256".to_owned(), data.data_hash.clone()),
        ("games".to_owned(), data.games_used.to_string()),
        ("training_positions".to_owned(), data.training.len().to_string()),
    ]);
    if !args.self_play.is_empty() {
        training.insert("self_play_sha256".to_owned(), format!("{:x}", self_play_hasher.finalize()));
    }
    if !args.choices.is_empty() {
        training.insert("choices_sha256".to_owned(), format!("{:x}", choices_hasher.finalize()));
    }
    if let Some(last) = last.and_then(|report: training::EpochReport| report.validation) {
        training.insert("validation_loss".to_owned(), format!("{:.4}", last.loss));
        training.insert("validation_accuracy".to_owned(), format!("{:.4}", last.accuracy));
    }
    let metadata = HashMap::from([("training".to_owned(), serde_json::to_string(&training)?)]);
    model.save(&args.out, metadata)?;
    eprintln!("weights written to {}", args.out.display());
    Ok(())
}

fn soccer_average(args: AverageArgs) -> anyhow::Result<()> {
    let device = candle_core::Device::Cpu;
    let models = args
        .weights
        .iter()
        .map(|path| Model::load(path, &device).with_context(|| format!("reading {}", path.display())))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let mut sources = Vec::new();
    for path in &args.weights {
        let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
        sources.push(format!("{} {:x}", path.display(), Sha256::digest(bytes)));
    }
    let command = format!("kartka-train {}", std::env::args().skip(1).collect::<Vec<_>>().join(" "));
    let training = BTreeMap::from([("command".to_owned(), command), ("averaged".to_owned(), sources.join(", "))]);
    let metadata = HashMap::from([("training".to_owned(), serde_json::to_string(&training)?)]);
    Model::average(&models)?.save(&args.out, metadata)?;
    eprintln!("the mean of {} weights files written to {}", models.len(), args.out.display());
    Ok(())
}

fn soccer_td(args: TdArgs) -> anyhow::Result<()> {
    let started = std::time::Instant::now();
    let device = candle_core::Device::Cpu;
    let run = &args.games_run;
    let model = match (&args.from, args.width) {
        (Some(path), width) => {
            let model = Model::load(path, &device).with_context(|| format!("loading {}", path.display()))?;
            match width {
                Some(width) => model.widened(width, run.seed)?,
                None => model,
            }
        }
        (None, width) => Model::of_width(width.unwrap_or(kartka_bot::soccer_net::HIDDEN_1), run.seed, &device)?,
    };
    let from_sha256 = match &args.from {
        Some(path) => format!("{:x}", Sha256::digest(std::fs::read(path)?)),
        None => "fresh weights".to_owned(),
    };
    let held_out = match &args.corpus {
        Some(dir) => {
            let data = corpus::read(&CorpusOptions {
                dir: dir.clone(),
                max_games: Some(args.corpus_games),
                sample: 1.0,
                validation_every: 20,
                seed: run.seed,
                min_time_control: None,
            })?;
            eprintln!("corpus: {} held-out positions score each checkpoint", data.validation.len());
            data.validation
        }
        None => Default::default(),
    };
    let options = TdOptions {
        games: SelfPlayOptions {
            nodes: args.nodes,
            opening_steps: run.opening_steps,
            max_turns: run.max_turns,
            seed: run.seed,
            threads: run.threads,
        },
        games_per_round: args.games_per_round,
        lambda: args.lambda as f32,
        learner: args.learner,
        learning_rate: args.learning_rate,
        weight_decay: args.weight_decay,
        batch: args.batch,
        exploration: Exploration {
            share: args.explore_share as f32,
            margin: args.explore_margin as f32,
            exploiter_nodes: args.exploiter_nodes,
        },
    };
    std::fs::create_dir_all(&args.out).with_context(|| format!("creating {}", args.out.display()))?;
    let table_path = args.out.join("rounds.tsv");
    let mut table = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&table_path)
        .with_context(|| format!("opening {}", table_path.display()))?;
    let command = format!("kartka-train {}", std::env::args().skip(1).collect::<Vec<_>>().join(" "));
    let mut td = TdRun::new(model, options)?;
    let last = args.first_round + args.rounds;
    for round in args.first_round..last {
        let report = td.round(round)?;
        let line = format!(
            "{round}\t{}\t{}\t{}\t{:.4}\t{:.4}\t{:.0}",
            report.decided,
            report.first_won,
            report.positions,
            report.mean_td_error,
            report.training_loss,
            started.elapsed().as_secs_f64()
        );
        std::io::Write::write_all(&mut table, format!("{line}\n").as_bytes())
            .with_context(|| format!("writing {}", table_path.display()))?;
        eprintln!("round {line}");
        if (round + 1 - args.first_round) % args.checkpoint_every == 0 || round + 1 == last {
            let mut training = BTreeMap::from([
                ("command".to_owned(), command.clone()),
                ("from_sha256".to_owned(), from_sha256.clone()),
                ("rounds_done".to_owned(), (round + 1).to_string()),
            ]);
            if let Some(score) = training::evaluate(td.model(), &held_out, args.batch, &device)? {
                eprintln!("round {round}: held-out corpus loss {:.4}, accuracy {:.4}", score.loss, score.accuracy);
                training.insert("validation_loss".to_owned(), format!("{:.4}", score.loss));
                training.insert("validation_accuracy".to_owned(), format!("{:.4}", score.accuracy));
            }
            let path = args.out.join(format!("round-{}.safetensors", round + 1));
            let metadata = HashMap::from([("training".to_owned(), serde_json::to_string(&training)?)]);
            td.model().save(&path, metadata)?;
            eprintln!("weights written to {}", path.display());
        }
    }
    Ok(())
}
