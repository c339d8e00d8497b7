//! The kurnik corpus as training data: every position of every game that ended by the rules (a goal, an own
//! goal, a seat stuck), labelled with whether the seat to act went on to win. Games lost on time or resigned
//! are left out: their last positions say nothing of who was winning.

use std::io::Read;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use flate2::read::MultiGzDecoder;
use kartka_bot::soccer_net::active_inputs;
use kartka_engine::soccer::{parse_turn, read_records, Direction, Pitch, Position};
use kartka_engine::Seat;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use sha2::{Digest, Sha256};

/// The positions kept for training, their inputs packed one after another.
#[derive(Clone, Debug, Default)]
pub struct Positions {
    /// The active inputs of every position, one list after another.
    inputs: Vec<u16>,
    /// Where each position's list ends in `inputs`.
    ends: Vec<usize>,
    /// What the network should say of each position: the chance that the seat to act wins (1 or 0 for a
    /// corpus game's result; between them where a search's value is mixed in).
    targets: Vec<f32>,
}

impl Positions {
    /// How many positions there are.
    pub fn len(&self) -> usize {
        self.targets.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.targets.is_empty()
    }

    /// The active inputs of position `index`.
    pub fn inputs(&self, index: usize) -> &[u16] {
        let start = if index == 0 { 0 } else { self.ends[index - 1] };
        &self.inputs[start..self.ends[index]]
    }

    /// The target of position `index`: the chance that the seat to act wins.
    pub fn target(&self, index: usize) -> f32 {
        self.targets[index]
    }

    /// The mean binary entropy of the targets, in nats: the least mean cross-entropy any network can reach on
    /// them, so that a loss minus it is how far the network is from its targets. 0 when there are none.
    pub fn mean_target_entropy(&self) -> f64 {
        let entropy = |target: f64| {
            [target, 1.0 - target].iter().filter(|&&share| share > 0.0).map(|&share| -share * share.ln()).sum::<f64>()
        };
        self.targets.iter().map(|&target| entropy(f64::from(target))).sum::<f64>() / self.len().max(1) as f64
    }

    /// Adds a position by its active inputs and its target.
    pub(crate) fn push(&mut self, inputs: &[u16], target: f32) {
        self.inputs.extend_from_slice(inputs);
        self.ends.push(self.inputs.len());
        self.targets.push(target);
    }
}

/// What was read from the corpus.
#[derive(Debug)]
pub struct CorpusData {
    /// Positions of the training games.
    pub training: Positions,
    /// Positions of the held-out games, never trained on.
    pub validation: Positions,
    /// Games that ended by the rules and were used, of all games read.
    pub games_used: usize,
    /// Games read.
    pub games_read: usize,
    /// SHA-256 of the corpus files read, in name order: which data the weights were trained on.
    pub data_hash: String,
}

/// How to read the corpus.
#[derive(Clone, Debug)]
pub struct CorpusOptions {
    /// The directory of `*.pgn.gz` files.
    pub dir: PathBuf,
    /// Read at most this many games (in file-name order), for a quick run.
    pub max_games: Option<usize>,
    /// The share of positions kept: the positions of one game are alike, so a sample of them teaches nearly
    /// as much as all of them in a fraction of the memory and time.
    pub sample: f64,
    /// One game in this many is held out for validation.
    pub validation_every: usize,
    /// Seeds the sample.
    pub seed: u64,
    /// Train only on games whose time control (kurnik's `TimeControl`, seconds a player) is at least this
    /// long, to measure whether a slower game's result is a better target (docs/bot.md). The held-out games are
    /// all kept, so the validation figures compare with runs without it.
    pub min_time_control: Option<u32>,
}

/// A corpus game that ended by the rules, as training reads it.
#[derive(Clone, Debug)]
pub struct DecidedGame {
    /// Its turns, each a list of steps, in order from the start of the game.
    pub turns: Vec<Vec<Direction>>,
    /// Who won it.
    pub winner: Seat,
    /// Whether it is one of the games held out for validation (one in `validation_every` of the games used).
    pub held_out: bool,
    /// Its time control (kurnik's `TimeControl` tag, seconds a player), when the record gives one.
    pub time_control: Option<u32>,
}

/// The games of the corpus in `dir` that ended by the rules, in file-name order, with how many games were read
/// and the SHA-256 of the files read. Reading stops after `max_games` games read or `max_decided` decided
/// ones. Fails loudly when the corpus is missing or holds no such game.
pub fn decided_games(
    dir: &Path,
    max_games: Option<usize>,
    max_decided: Option<usize>,
    validation_every: usize,
) -> anyhow::Result<(Vec<DecidedGame>, usize, String)> {
    let paths = corpus_files(dir)?;
    let mut hasher = Sha256::new();
    let (mut games, mut games_read) = (Vec::new(), 0);
    'files: for path in paths {
        let mut text = String::new();
        MultiGzDecoder::new(std::fs::File::open(&path).with_context(|| path.display().to_string())?)
            .read_to_string(&mut text)
            .with_context(|| path.display().to_string())?;
        hasher.update(text.as_bytes());
        for record in read_records(&text) {
            if max_games.is_some_and(|max| games_read >= max) || max_decided.is_some_and(|max| games.len() >= max) {
                break 'files;
            }
            let record = record.with_context(|| format!("{}", path.display()))?;
            games_read += 1;
            let replay = record.replay(Pitch::STANDARD);
            let Some(winner) = replay.outcome().and_then(|outcome| outcome.winner()).filter(|_| replay.is_clean())
            else {
                continue;
            };
            let turns = record
                .turns
                .iter()
                .map(|turn| parse_turn(turn).context("a replayed turn parses"))
                .collect::<anyhow::Result<_>>()?;
            let time_control = record.tag("TimeControl").and_then(|seconds| seconds.parse().ok());
            games.push(DecidedGame { turns, winner, held_out: games.len() % validation_every == 0, time_control });
        }
    }
    if games.is_empty() {
        bail!("no game in {} ended by the rules: nothing to train on", dir.display());
    }
    Ok((games, games_read, format!("{:x}", hasher.finalize())))
}

/// Reads the corpus in `options.dir`. Fails loudly when it is missing or empty: training on nothing proves
/// nothing.
pub fn read(options: &CorpusOptions) -> anyhow::Result<CorpusData> {
    let (games, games_read, data_hash) =
        decided_games(&options.dir, options.max_games, None, options.validation_every)?;
    let too_fast = |game: &DecidedGame| {
        options.min_time_control.is_some_and(|least| game.time_control.is_none_or(|seconds| seconds < least))
    };
    let games: Vec<&DecidedGame> = games.iter().filter(|game| game.held_out || !too_fast(game)).collect();
    let mut rng = StdRng::seed_from_u64(options.seed);
    let mut data = CorpusData {
        training: Positions::default(),
        validation: Positions::default(),
        games_used: games.len(),
        games_read,
        data_hash,
    };
    for game in games {
        let positions = if game.held_out { &mut data.validation } else { &mut data.training };
        let mut position = Position::new(Pitch::STANDARD);
        for &direction in game.turns.iter().flatten() {
            if rng.random_bool(options.sample) {
                if let Some(inputs) = active_inputs(&position, false) {
                    positions.push(inputs.as_slice(), if position.to_move() == game.winner { 1.0 } else { 0.0 });
                }
            }
            position.step(direction).context("a replayed step is legal")?;
        }
    }
    Ok(data)
}

/// The corpus files of `dir`, in name order.
fn corpus_files(dir: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let entries = std::fs::read_dir(dir).with_context(|| {
        format!("the kurnik corpus is not at {}; give --corpus or KARTKA_CORPUS_DIR", dir.display())
    })?;
    let mut paths = Vec::new();
    for entry in entries {
        let path = entry?.path();
        if path.to_string_lossy().ends_with(".pgn.gz") {
            paths.push(path);
        }
    }
    if paths.is_empty() {
        bail!("no *.pgn.gz files in {}", dir.display());
    }
    paths.sort();
    Ok(paths)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_targets_entropy_is_nothing_for_results_and_ln_2_for_even_chances() {
        let mut positions = Positions::default();
        assert_eq!(positions.mean_target_entropy(), 0.0);
        positions.push(&[1], 1.0);
        positions.push(&[2], 0.0);
        assert_eq!(positions.mean_target_entropy(), 0.0);
        positions.push(&[3], 0.5);
        positions.push(&[4], 0.5);
        assert!((positions.mean_target_entropy() - std::f64::consts::LN_2 / 2.0).abs() < 1e-9);
    }
}
