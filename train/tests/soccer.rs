//! The training command on a slice of the kurnik corpus: it runs, its weights load in the bot, and the bot's
//! forward pass gives the trainer's values on the same positions; self-play games are written, read back and
//! trained on, and a broken game file is an error naming its line; corpus games labelled by the search are
//! written in the same form and trained on; two networks play a match, and generations of self-play
//! (scripts/soccer-generations.sh) train, measure and keep or drop each network; an outside engine judges
//! the held-out positions beside the network; rounds of temporal-difference learning write checkpoints that load
//! and resume.
//!
//! The corpus is read from `KARTKA_CORPUS_DIR` or `../shared/corpus/kurnik` beside the repository (as the
//! engine's corpus tests do); a missing corpus fails the test.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

use candle_core::Device;
use kartka_bot::soccer_net::{active_inputs, Network};
use kartka_engine::soccer::{Direction, Position};
use kartka_train::corpus;
use kartka_train::model::Model;
use kartka_train::self_play::SelfPlayGame;

fn corpus_dir() -> PathBuf {
    match std::env::var_os("KARTKA_CORPUS_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus/kurnik"),
    }
}

/// Positions of a few seeded random games, each on kurnik's pitch and not over.
fn random_positions() -> Vec<Position> {
    let mut positions = Vec::new();
    for seed in 0..20u64 {
        let mut position = Position::default();
        let mut state = seed;
        while !position.is_over() {
            positions.push(position);
            let directions: Vec<Direction> = position.legal_directions().collect();
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            position.step(directions[(state >> 33) as usize % directions.len()]).expect("a legal step");
        }
    }
    positions
}

/// Runs `kartka-train soccer` with `args` and the corpus; returns the log, having checked that it succeeded.
fn train(args: &[&OsStr]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_kartka-train"))
        .arg("soccer")
        .args(args)
        .arg("--corpus")
        .arg(corpus_dir())
        .output()
        .expect("kartka-train runs");
    let log = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(output.status.success(), "kartka-train failed:\n{log}");
    log
}

/// Trains on the first 150 games of the corpus for two epochs into `weights`; returns the command's log.
fn train_on_a_slice(weights: &Path) -> String {
    let options = ["--games", "150", "--epochs", "2", "--sample", "0.3", "--out"].map(OsStr::new);
    train(&[&options[..], &[weights.as_os_str()]].concat())
}

/// Trains one epoch on the corpus with the games of `games` (`--self-play`), `options` and `weights` as `--out`;
/// returns the log, having checked that it succeeded.
fn train_with_games(games: &Path, options: &[&OsStr], weights: &Path) -> String {
    let files = ["--epochs".as_ref(), "1".as_ref(), "--self-play".as_ref(), games.as_os_str(), "--out".as_ref()];
    train(&[options, &files[..], &[weights.as_os_str()]].concat())
}

#[test]
fn a_network_trained_on_a_slice_of_the_corpus_loads_in_the_bot_and_agrees_with_the_trainer() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let weights = dir.path().join("soccer.safetensors");
    let log = train_on_a_slice(&weights);
    assert!(log.contains("epoch 2: training loss"), "{log}");
    let bytes = std::fs::read(&weights).expect("the weights were written");
    train_on_a_slice(&weights);
    assert!(bytes == std::fs::read(&weights).expect("written again"), "the same command wrote different weights");

    let network = Network::from_safetensors(&bytes).expect("the bot reads the weights");
    let model = Model::load(&weights, &Device::Cpu).expect("the trainer reads its weights back");
    let positions = random_positions();
    let mut differing = 0;
    for position in &positions {
        let inputs = active_inputs(position, false).expect("kurnik's pitch, not over");
        let ours = network.logit(inputs.as_slice());
        let trainers = model.logit(inputs.as_slice(), &Device::Cpu).expect("a forward pass");
        assert!((ours - trainers).abs() <= 1e-4 * trainers.abs().max(1.0), "{ours} against {trainers}: {position:?}");
        differing += usize::from(ours != network.logit(&[]));
    }
    assert!(
        positions.len() > 500 && differing > positions.len() / 2,
        "the trained network says the same of everything"
    );
}

#[test]
fn a_missing_corpus_is_an_error_not_an_empty_training() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let output = Command::new(env!("CARGO_BIN_EXE_kartka-train"))
        .args(["soccer", "--epochs", "1", "--corpus"])
        .arg(dir.path().join("nowhere"))
        .arg("--out")
        .arg(dir.path().join("weights"))
        .output()
        .expect("kartka-train runs");
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("the kurnik corpus is not at"));
    assert!(!dir.path().join("weights").exists());
}

#[test]
fn self_play_writes_each_game_followed_by_its_tree_labels() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let games = dir.path().join("self-play.txt");
    let output = Command::new(env!("CARGO_BIN_EXE_kartka-train"))
        .args(["soccer-self-play", "--games", "2", "--nodes", "2000", "--tree-nodes", "3", "--tree-min-visits", "2"])
        .arg("--out")
        .arg(&games)
        .output()
        .expect("kartka-train runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let text = std::fs::read_to_string(&games).expect("the games were written");
    let parsed: Vec<_> = text.lines().map(|line| SelfPlayGame::parse(line).expect("a line reads back")).collect();
    let decided: Vec<usize> = (0..parsed.len()).filter(|&index| parsed[index].winner.is_some()).collect();
    assert_eq!(decided.len(), 2, "two games, the rest branches: {text}");
    assert_eq!(decided[0], 0, "a game comes before its branches");
    assert!(decided[1] > 1 && parsed.len() > decided[1] + 1, "each game is followed by its branches: {text}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains(&format!("2 games and {} tree branches", parsed.len() - 2)), "{stderr}");

    let output = Command::new(env!("CARGO_BIN_EXE_kartka-train"))
        .args(["soccer-self-play", "--games", "1", "--tree-nodes", "3", "--tree-min-visits", "1", "--out"])
        .arg(dir.path().join("never.txt"))
        .output()
        .expect("kartka-train runs");
    assert!(!output.status.success(), "a node visited once is only its evaluation: refused");
    assert!(!dir.path().join("never.txt").exists());
}

#[test]
fn self_play_games_are_written_and_trained_on_from_existing_weights() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let games = dir.path().join("self-play.txt");
    let output = Command::new(env!("CARGO_BIN_EXE_kartka-train"))
        .args(["soccer-self-play", "--games", "3", "--nodes", "300", "--threads", "2", "--out"])
        .arg(&games)
        .output()
        .expect("kartka-train runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let text = std::fs::read_to_string(&games).expect("the games were written");
    assert_eq!(text.lines().count(), 3, "{text}");
    let parsed: Vec<_> = text.lines().map(|line| SelfPlayGame::parse(line).expect("a game reads back")).collect();
    assert!(parsed.iter().all(|game| game.winner.is_some()));

    let start = dir.path().join("start.safetensors");
    train_on_a_slice(&start);
    let weights = dir.path().join("tuned.safetensors");
    let options = ["--games", "150", "--sample", "0.3", "--from"].map(OsStr::new);
    let log = train_with_games(&games, &[&options[..], &[start.as_os_str()]].concat(), &weights);
    assert!(log.contains("self-play: 3 games and"), "{log}");
    let bytes = std::fs::read(&weights).expect("the weights were written");
    Network::from_safetensors(&bytes).expect("the bot reads the weights");
    assert!(bytes != std::fs::read(&start).expect("the start"), "training changed nothing");
    let header = String::from_utf8_lossy(&bytes[..bytes.len().min(4096)]).into_owned();
    assert!(header.contains("self_play_sha256"), "{header}");

    // The same games held out as labels: each position's cross-entropy is at least its label's entropy, so the
    // mean loss reported beside the labels' entropy is never below it.
    let options = ["--games", "150", "--sample", "0.3", "--held-out-labels"].map(OsStr::new);
    let log = train_with_games(&games, &[&options[..], &[games.as_os_str()]].concat(), &weights);
    let report = log.lines().find(|line| line.starts_with("held-out labels: ")).unwrap_or_else(|| panic!("{log}"));
    let figure = |after: &str| -> f64 {
        let rest = &report[report.find(after).unwrap_or_else(|| panic!("{report}")) + after.len()..];
        rest.split(|c: char| c != '.' && !c.is_ascii_digit()).next().and_then(|n| n.parse().ok()).expect(report)
    };
    let (loss, entropy) = (figure(", loss "), figure("own entropy "));
    assert!(loss.is_finite() && entropy > 0.0 && loss >= entropy, "{report}");

    let broken = dir.path().join("broken.txt");
    std::fs::write(&broken, "1 99999:0.5\n").expect("written");
    let output = Command::new(env!("CARGO_BIN_EXE_kartka-train"))
        .args(["soccer", "--games", "20", "--epochs", "1", "--self-play"])
        .arg(&broken)
        .arg("--out")
        .arg(dir.path().join("never.safetensors"))
        .arg("--corpus")
        .arg(corpus_dir())
        .output()
        .expect("kartka-train runs");
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("broken.txt:1"));
    assert!(!dir.path().join("never.safetensors").exists());
}

/// Runs `soccer-relabel` on the corpus's first 30 decided games with `options`, into `labelled`, and reads the
/// games back, each checked to be a training game of the corpus with its own turns and winner.
fn relabel_first_games(options: &[&OsStr], labelled: &Path) -> Vec<SelfPlayGame> {
    let output = Command::new(env!("CARGO_BIN_EXE_kartka-train"))
        .args(["soccer-relabel", "--games", "30"])
        .args(options)
        .arg("--out")
        .arg(labelled)
        .arg("--corpus")
        .arg(corpus_dir())
        .output()
        .expect("kartka-train runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let (decided, _, _) = corpus::decided_games(&corpus_dir(), None, Some(30), 20).expect("the corpus reads");
    let kept: Vec<_> = decided.iter().filter(|game| !game.held_out).collect();
    let text = std::fs::read_to_string(labelled).expect("written");
    let games: Vec<_> = text.lines().map(|line| SelfPlayGame::parse(line).expect("a game reads back")).collect();
    assert_eq!(games.len(), kept.len(), "every game but the held-out ones: {text}");
    for (game, corpus_game) in games.iter().zip(&kept) {
        assert_eq!(game.winner, Some(corpus_game.winner));
        let turns: Vec<_> = game.turns.iter().map(|turn| turn.steps.clone()).collect();
        assert_eq!(turns, corpus_game.turns, "the corpus's own turns");
    }
    games
}

#[test]
fn corpus_games_are_labelled_by_the_search_and_trained_on() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let labelled = dir.path().join("labelled.txt");
    let options = ["--nodes", "100", "--share", "0.2", "--threads", "2"].map(OsStr::new);
    let games = relabel_first_games(&options, &labelled);
    let values = games.iter().flat_map(|game| &game.turns).filter(|turn| turn.label.is_trained()).count();
    let turns = games.iter().map(|game| game.turns.len()).sum::<usize>();
    assert!(values * 10 > turns && values * 3 < turns, "about a fifth labelled: {values} of {turns}");

    let weights = dir.path().join("tuned.safetensors");
    let log = train_with_games(&labelled, &["--games", "60", "--value-share", "0.8"].map(OsStr::new), &weights);
    assert!(log.contains(&format!("self-play: {} games and {values} positions", games.len())), "{log}");
    Network::from_safetensors(&std::fs::read(&weights).expect("written")).expect("the bot reads the weights");
}

#[test]
fn corpus_games_are_labelled_by_an_outside_engine_s_judgement() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    // An engine that follows the game and judges every position by the number of turns played so far, so
    // that a label read back says the engine was told each turn before it was asked.
    let engine = dir.path().join("counting.sh");
    std::fs::write(
        &engine,
        "n=0; while read -r command rest; do case $command in new) n=0; echo ok ;; play) n=$((n + 1)); echo ok ;; \
         eval) echo \"0.$((n % 10))\" ;; quit) exit 0 ;; *) echo error ;; esac; done\n",
    )
    .expect("written");
    let mut options = ["--share", "1", "--engine", "bash", "--engine-arg"].map(OsStr::new).to_vec();
    options.push(engine.as_os_str());
    let games = relabel_first_games(&options, &dir.path().join("labelled.txt"));
    for game in &games {
        for (played, turn) in game.turns.iter().enumerate() {
            let expected = (played % 10) as f32 / 10.0;
            let chance = turn.label.chance().expect("every turn labelled at a share of 1");
            assert!((chance - expected).abs() < 1e-6, "turn {played}: {chance}, the engine said {expected}");
        }
    }
}

#[test]
fn shares_outside_zero_to_one_and_a_zero_hold_out_are_refused_before_anything_is_written() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let out = dir.path().join("never.txt");
    for (command, option, value) in [
        ("soccer-relabel", "--share", "1.5"),
        ("soccer-relabel", "--share", "-0.1"),
        ("soccer-relabel", "--validation-every", "0"),
        ("soccer", "--sample", "2"),
        ("soccer", "--value-share", "nan"),
        ("soccer", "--validation-every", "0"),
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_kartka-train"))
            .args([command, &format!("{option}={value}"), "--out"])
            .arg(&out)
            .arg("--corpus")
            .arg(corpus_dir())
            .output()
            .expect("kartka-train runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{command} {option} {value}: {stderr}");
        assert!(stderr.contains(&format!("invalid value '{value}' for '{option}")), "{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert!(!out.exists(), "{command} {option} {value} wrote {}", out.display());
    }
}

#[test]
fn generations_of_self_play_train_measure_and_keep_or_drop_each_network_and_resume() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let run = dir.path().join("run");
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../scripts/soccer-generations.sh");
    let generations_in = |run: &Path, count: &str, more: &[&OsStr]| {
        let output = Command::new("bash")
            .arg(&script)
            .arg("--dir")
            .arg(run)
            .args(["--generations", count, "--games", "4", "--nodes", "200", "--pairs", "2", "--corpus-games", "150"])
            .args(more)
            .env("KARTKA_TRAIN", env!("CARGO_BIN_EXE_kartka-train"))
            .env("KARTKA_CORPUS_DIR", corpus_dir())
            .output()
            .expect("the script runs");
        let log = String::from_utf8_lossy(&output.stderr).into_owned();
        assert!(output.status.success(), "the script failed:\n{log}");
        log
    };
    let generations = |count: &str| generations_in(&run, count, &[]);
    generations("1");
    let first_games = std::fs::read(run.join("gen-1/games.txt")).expect("generation 1's games");
    let log = generations("2");
    assert!(!log.contains("generation 1:"), "a finished generation was played again:\n{log}");
    assert_eq!(std::fs::read(run.join("gen-1/games.txt")).expect("kept"), first_games);

    let table = std::fs::read_to_string(run.join("generations.tsv")).expect("the table");
    let rows: Vec<Vec<&str>> = table.lines().skip(1).map(|line| line.split('\t').collect()).collect();
    assert_eq!(rows.len(), 2, "{table}");
    for (number, row) in rows.iter().enumerate() {
        assert_eq!(row[0], (number + 1).to_string(), "{table}");
        assert_eq!(row[1], "4", "{table}");
        let positions: usize = row[2].parse().expect("positions trained on");
        assert!(positions > 0, "{table}");
        for score in [row[5], row[6]] {
            let score: f64 = score.parse().expect("a score");
            assert!((0.0..=1.0).contains(&score), "{table}");
        }
        let gen = run.join(format!("gen-{}", number + 1));
        Network::from_safetensors(&std::fs::read(gen.join("net.safetensors")).expect("weights"))
            .expect("each generation's weights load in the bot");
        // The network kept is the new one exactly when it scored the gate (0.5) against the current one.
        let kept = std::fs::read_to_string(gen.join("done")).expect("the generation's result");
        let score: f64 = row[5].parse().expect("a score");
        assert_eq!(row[7] == "yes", score >= 0.5, "{table}");
        assert_eq!(kept.trim().ends_with(&format!("gen-{}/net.safetensors", number + 1)), row[7] == "yes", "{kept}");
    }
    // Generation 2 trained on both generations' games (the window is 3).
    let train_log = std::fs::read_to_string(run.join("gen-2/train.log")).expect("its log");
    assert_eq!(train_log.matches("self-play: 4 games and").count(), 2, "{train_log}");

    // On another machine, from a checkpoint: generation 3 from generation 2's weights, numbered and seeded as
    // the third, its window holding only what this folder played.
    let elsewhere = dir.path().join("elsewhere");
    let checkpoint = run.join("gen-2/net.safetensors");
    let log = generations_in(
        &elsewhere,
        "3",
        &["--from".as_ref(), checkpoint.as_os_str(), "--first-generation".as_ref(), "3".as_ref()],
    );
    assert!(log.contains("generation 3:") && !log.contains("generation 1:"), "{log}");
    assert!(!elsewhere.join("gen-1").exists() && !elsewhere.join("gen-2").exists());
    assert_eq!(
        std::fs::read(elsewhere.join("start.safetensors")).expect("the start"),
        std::fs::read(&checkpoint).expect("kept")
    );
    let table = std::fs::read_to_string(elsewhere.join("generations.tsv")).expect("the table");
    assert_eq!(table.lines().skip(1).map(|line| line.split('\t').next()).collect::<Vec<_>>(), [Some("3")], "{table}");
    let train_log = std::fs::read_to_string(elsewhere.join("gen-3/train.log")).expect("its log");
    assert_eq!(train_log.matches("self-play: 4 games and").count(), 1, "{train_log}");
    // Its games are the third generation's seed's from the checkpoint.
    let games = dir.path().join("third.txt");
    let output = Command::new(env!("CARGO_BIN_EXE_kartka-train"))
        .args([
            "soccer-self-play",
            "--games",
            "4",
            "--nodes",
            "200",
            "--seed",
            "3000009",
            "--threads",
            "1",
            "--network",
        ])
        .arg(&checkpoint)
        .arg("--out")
        .arg(&games)
        .output()
        .expect("self-play runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(
        std::fs::read(&games).expect("written"),
        std::fs::read(elsewhere.join("gen-3/games.txt")).expect("played")
    );
}

#[test]
fn temporal_difference_rounds_write_checkpoints_that_load_and_a_run_resumes_from_one() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let out = dir.path().join("td");
    let run = |extra: &[&OsStr]| {
        let output = Command::new(env!("CARGO_BIN_EXE_kartka-train"))
            .args([
                "soccer-td",
                "--games-per-round",
                "4",
                "--nodes",
                "150",
                "--threads",
                "2",
                "--checkpoint-every",
                "2",
            ])
            .arg("--out")
            .arg(&out)
            .args(extra)
            .output()
            .expect("kartka-train runs");
        let log = String::from_utf8_lossy(&output.stderr).into_owned();
        assert!(output.status.success(), "kartka-train failed:\n{log}");
        log
    };
    let corpus = corpus_dir();
    let log = run(&[
        "--rounds".as_ref(),
        "3".as_ref(),
        "--corpus".as_ref(),
        corpus.as_os_str(),
        "--corpus-games".as_ref(),
        "100".as_ref(),
    ]);
    assert!(log.contains("held-out corpus loss"), "{log}");
    for round in [2, 3] {
        let bytes = std::fs::read(out.join(format!("round-{round}.safetensors"))).expect("a checkpoint");
        Network::from_safetensors(&bytes).expect("the bot reads a checkpoint");
    }
    assert!(!out.join("round-1.safetensors").exists(), "only every second round and the last");
    let from = out.join("round-3.safetensors");
    run(&[
        "--rounds".as_ref(),
        "1".as_ref(),
        "--first-round".as_ref(),
        "3".as_ref(),
        "--from".as_ref(),
        from.as_os_str(),
        "--learner".as_ref(),
        "temporal-coherence".as_ref(),
        "--learning-rate".as_ref(),
        "0.2".as_ref(),
        "--explore-share".as_ref(),
        "0.3".as_ref(),
    ]);
    Network::from_safetensors(&std::fs::read(out.join("round-4.safetensors")).expect("resumed")).expect("loads");
    let table = std::fs::read_to_string(out.join("rounds.tsv")).expect("the table");
    let rounds: Vec<&str> = table.lines().map(|line| line.split('\t').next().expect("a round")).collect();
    assert_eq!(rounds, ["0", "1", "2", "3"], "{table}");

    let mean = dir.path().join("mean.safetensors");
    let output = Command::new(env!("CARGO_BIN_EXE_kartka-train"))
        .args(["soccer-average", "--out"])
        .arg(&mean)
        .args([2, 3, 4].map(|round| out.join(format!("round-{round}.safetensors"))))
        .output()
        .expect("kartka-train runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let bytes = std::fs::read(&mean).expect("the mean is written");
    Network::from_safetensors(&bytes).expect("the bot reads the mean");
    let header = String::from_utf8_lossy(&bytes[..bytes.len().min(4096)]).into_owned();
    assert!(header.contains("round-2.safetensors") && header.contains("round-4.safetensors"), "{header}");
    let refused = Command::new(env!("CARGO_BIN_EXE_kartka-train"))
        .args(["soccer-average", "--out"])
        .arg(dir.path().join("none.safetensors"))
        .arg(dir.path().join("missing.safetensors"))
        .output()
        .expect("kartka-train runs");
    assert!(!refused.status.success() && !dir.path().join("none.safetensors").exists());
}

#[test]
fn a_match_between_two_networks_prints_its_score_first() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let weights = dir.path().join("slice.safetensors");
    train_on_a_slice(&weights);
    let output = Command::new(env!("CARGO_BIN_EXE_kartka-train"))
        .args(["soccer-match", "--pairs", "2", "--nodes", "200", "--threads", "2", "--candidate"])
        .arg(&weights)
        .output()
        .expect("kartka-train runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let line = String::from_utf8_lossy(&output.stdout).into_owned();
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!((words[0], words[2], words[3]), ("score", "games", "4"), "{line}");
    let score: f64 = words[1].parse().expect("a score");
    let won: f64 = words[5].parse().expect("games won");
    let unfinished: f64 = words[9].parse().expect("games unfinished");
    assert_eq!(score, (won + unfinished / 2.0) / 4.0, "{line}");
}

#[test]
fn an_outside_engine_judges_the_held_out_positions_beside_the_network() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    // An engine that knows nothing: every position an even chance.
    let engine = dir.path().join("even.sh");
    std::fs::write(
        &engine,
        "while read -r command rest; do case $command in eval) echo 0.5 ;; quit) exit 0 ;; *) echo ok ;; esac; done\n",
    )
    .expect("written");
    let output = Command::new(env!("CARGO_BIN_EXE_kartka-train"))
        .args(["soccer-judge", "--games", "1000", "--engine", "bash", "--engine-arg"])
        .arg(&engine)
        .arg("--corpus")
        .arg(corpus_dir())
        .output()
        .expect("kartka-train runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let lines: Vec<Vec<&str>> = text.lines().map(|line| line.split_whitespace().collect()).collect();
    assert_eq!((lines[0][0], lines[1][0]), ("engine", "network"), "{text}");
    assert_eq!(lines[0][2], lines[1][2], "both judge the same positions: {text}");
    let positions: usize = lines[0][2].parse().expect("positions");
    assert!(positions > 1000, "{text}");
    let loss = |line: &[&str]| line[4].parse::<f64>().expect("a loss");
    // An even chance costs ln 2 a position whoever wins; the network, trained on these games' kind, does better.
    assert!((loss(&lines[0]) - std::f64::consts::LN_2).abs() < 1e-4, "{text}");
    assert!(loss(&lines[1]) < loss(&lines[0]), "{text}");

    let broken = dir.path().join("broken.sh");
    std::fs::write(&broken, "while read -r command rest; do echo ok; done\n").expect("written");
    let output = Command::new(env!("CARGO_BIN_EXE_kartka-train"))
        .args(["soccer-judge", "--games", "200", "--engine", "bash", "--engine-arg"])
        .arg(&broken)
        .arg("--corpus")
        .arg(corpus_dir())
        .output()
        .expect("kartka-train runs");
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("a chance from 0 to 1"), "an answer that is no chance");
}

#[test]
fn an_outside_engine_plays_itself_and_its_games_are_trained_on_their_results() {
    use kartka_train::self_play::{self, SelfPlayOptions, TurnLabel};
    let dir = tempfile::tempdir().expect("a temporary directory");
    // A legal game from the start (no random opening), which a scripted engine then answers `go` with, turn
    // by turn.
    let options = SelfPlayOptions { nodes: 300, opening_steps: 0, max_turns: 300, seed: 3, threads: 1 };
    let script =
        self_play::play_game(options, 0, [kartka_bot::soccer_net::SoccerNetEvaluation::embedded(); 2]).expect("a game");
    let digits: Vec<String> = script.turns.iter().map(|turn| kartka_engine::soccer::write_turn(&turn.steps)).collect();
    let engine = dir.path().join("scripted.sh");
    std::fs::write(
        &engine,
        format!(
            "turns=({})\nnext=0\nwhile read -r command rest; do case $command in \
             go) echo ${{turns[$next]}}; next=$((next + 1)) ;; quit) exit 0 ;; *) echo ok ;; esac; done\n",
            digits.join(" ")
        ),
    )
    .expect("written");
    let games = dir.path().join("engine.txt");
    let play = |first: &str, games_to_play: &str, script: &Path| {
        Command::new(env!("CARGO_BIN_EXE_kartka-train"))
            .args(["soccer-engine-games", "--opening-steps", "0", "--threads", "2", "--engine", "bash"])
            .args(["--first", first, "--games", games_to_play, "--engine-arg"])
            .arg(script)
            .arg("--out")
            .arg(&games)
            .output()
            .expect("kartka-train runs")
    };
    let output = play("0", "3", &engine);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    // A stopped run goes on: the file is added to.
    let output = play("3", "1", &engine);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let text = std::fs::read_to_string(&games).expect("written");
    let played: Vec<_> = text.lines().map(|line| SelfPlayGame::parse(line).expect("a game reads back")).collect();
    assert_eq!(played.len(), 4, "{text}");
    for game in &played {
        assert_eq!(game.winner, script.winner);
        let turns: Vec<_> = game.turns.iter().map(|turn| turn.steps.clone()).collect();
        let expected: Vec<_> = script.turns.iter().map(|turn| turn.steps.clone()).collect();
        assert_eq!(turns, expected, "the engine's own turns");
        assert!(game.turns.iter().all(|turn| turn.label == TurnLabel::Played), "{text}");
    }
    // Each turn's position is trained on, on the game's result alone.
    let weights = dir.path().join("tuned.safetensors");
    let options = ["--games".as_ref(), "60".as_ref(), "--held-out-games".as_ref(), games.as_os_str()];
    let log = train_with_games(&games, &options, &weights);
    let positions = 4 * script.turns.len();
    assert!(log.contains(&format!("self-play: 4 games and {positions} positions")), "{log}");
    // The same games held out are scored on their results.
    assert!(log.contains(&format!("held-out recorded games: {positions} positions, loss")), "{log}");
    // Their choices: every turn but the last, which ends the game, is a group of the chosen child and three
    // others, scored after every epoch.
    let options = ["--games", "60", "--choice-siblings", "3", "--choices"].map(OsStr::new);
    let held_out = ["--held-out-games".as_ref(), games.as_os_str()];
    let log = train(
        &[
            &options[..],
            &[games.as_os_str()],
            &held_out[..],
            &["--epochs".as_ref(), "2".as_ref(), "--out".as_ref(), weights.as_os_str()],
        ]
        .concat(),
    );
    let groups = 4 * (script.turns.len() - 1);
    assert!(log.contains(&format!("choices: {groups} from")), "{log}");
    assert!(log.contains("epoch 2: ") && log.contains("held-out choices loss"), "{log}");
    assert!(log.contains(&format!("held-out choices: {groups} groups, loss")), "{log}");
    Network::load_for_program(&weights).expect("the weights load in the bot");
    // An outside engine judges the recorded games instead of the corpus's: every turn's start.
    let even = dir.path().join("even.sh");
    std::fs::write(
        &even,
        "while read -r command rest; do case $command in eval) echo 0.5 ;; *) echo ok ;; esac; done\n",
    )
    .expect("written");
    let output = Command::new(env!("CARGO_BIN_EXE_kartka-train"))
        .args(["soccer-judge", "--engine", "bash", "--engine-arg"])
        .arg(&even)
        .arg("--recorded")
        .arg(&games)
        .arg("--corpus")
        .arg(corpus_dir())
        .output()
        .expect("kartka-train runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let verdicts = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(verdicts.starts_with(&format!("engine positions {positions} loss 0.6931")), "{verdicts}");

    // A turn against the rules ends the run with the reason, and nothing of the game is written.
    let cheat = dir.path().join("cheat.sh");
    std::fs::write(
        &cheat,
        "while read -r command rest; do case $command in go) echo 00000000000 ;; *) echo ok ;; esac; done\n",
    )
    .expect("written");
    let output = play("4", "1", &cheat);
    assert!(!output.status.success());
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("illegal turn"),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(std::fs::read_to_string(&games).expect("still there"), text);
}

#[test]
fn a_least_time_control_leaves_out_only_faster_training_games() {
    let options = |min_time_control| corpus::CorpusOptions {
        dir: corpus_dir(),
        max_games: Some(400),
        sample: 1.0,
        validation_every: 20,
        seed: 3,
        min_time_control,
    };
    let all = corpus::read(&options(None)).expect("the corpus reads");
    let slow = corpus::read(&options(Some(300))).expect("the corpus reads");
    let (decided, _, _) = corpus::decided_games(&corpus_dir(), Some(400), None, 20).expect("the corpus reads");
    let too_fast = |seconds: Option<u32>| seconds.is_none_or(|seconds| seconds < 300);
    let left_out = decided.iter().filter(|game| !game.held_out && too_fast(game.time_control)).count();
    assert!(left_out > 0, "the slice has games faster than 300 s");
    assert_eq!(slow.games_used, all.games_used - left_out);
    assert_eq!(slow.validation.len(), all.validation.len(), "every held-out game is kept, fast or not");
    assert!(slow.training.len() < all.training.len(), "{} of {}", slow.training.len(), all.training.len());
}

/// Every checkpoint of a long run (train/checkpoints/README.md) holds weights the bot loads, so that a run goes
/// on from it on the next machine.
#[test]
fn every_checkpoint_s_weights_load_in_the_bot() {
    let checkpoints = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("checkpoints");
    let mut loaded = 0;
    for entry in std::fs::read_dir(&checkpoints).expect("train/checkpoints") {
        let folder = entry.expect("an entry").path();
        if folder.is_dir() {
            let weights = folder.join("net.safetensors");
            let bytes = std::fs::read(&weights).unwrap_or_else(|error| panic!("{}: {error}", weights.display()));
            Network::from_safetensors(&bytes).unwrap_or_else(|error| panic!("{}: {error}", weights.display()));
            let tables = ["generations.tsv", "rounds.tsv"];
            assert!(tables.iter().any(|table| folder.join(table).is_file()), "{}: no table", folder.display());
            loaded += 1;
        }
    }
    assert!(loaded > 0, "no checkpoint under {}", checkpoints.display());
}
