//! `kartka bot`: the built-in bot on the command line. `kartka bot --server URL --token T` plays on a server
//! through the public protocol (`crate::bot_client`); `kartka bot move` prints the turn the bot would play in a
//! position.

use std::io::Write;
use std::time::{Duration, Instant};

use clap::Subcommand;
use kartka_bot::clock::{think_time, Clock, Delivery, TurnClock};
use kartka_bot::{play_any_turn, AnyTurn, Evaluation, Level, NoDeadline, UNIT};
use kartka_engine::{AnyGame, Ruleset};

use super::game::GameArgs;
use crate::bot_client::{self, BotClientSettings, ChallengePolicy, ThinkingLimits};

/// The node budget of a turn when neither `--time-ms` nor `--nodes` limits it: a couple of seconds on one
/// core, and the same answer on every machine.
const UNTIMED_NODES: u64 = 2_000_000;

/// Options of `kartka bot`: a command, or the options of playing on a server.
#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct Args {
    #[command(subcommand)]
    command: Option<BotCommand>,
    #[command(flatten)]
    play: PlayArgs,
}

/// Options of `kartka bot --server`.
#[derive(Debug, clap::Args)]
struct PlayArgs {
    /// The server's base URL, e.g. http://localhost:8080.
    #[arg(long, env = "KARTKA_BOT_SERVER", required = true)]
    server: Option<String>,
    /// The bot account's bearer token (from `POST /api/login`).
    #[arg(long, env = "KARTKA_BOT_TOKEN", required = true, hide_env_values = true)]
    token: Option<String>,
    /// Playing level, 1 (beginner, errs on purpose) to 8 (strongest).
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u8).range(1..=8))]
    level: u8,
    /// Accept challenges only from these players (comma-separated); everyone's when not given.
    #[arg(long, value_delimiter = ',')]
    accept_from: Vec<String>,
    /// Stop after playing this many games.
    #[arg(long)]
    max_games: Option<u32>,
    /// Play at most this many games at once with one challenger (declining further challenges meanwhile).
    #[arg(long)]
    games_per_challenger: Option<u32>,
    /// Play at most this many games at once in all.
    #[arg(long)]
    games_at_once: Option<u32>,
    /// The most milliseconds to think about one move, whatever the clock allows.
    #[arg(long, default_value_t = 10_000)]
    think_per_move_ms: u64,
    /// The most seconds to think over one game; past it, each move is played at once.
    #[arg(long, default_value_t = 300)]
    think_per_game_seconds: u64,
}

#[derive(Debug, Subcommand)]
enum BotCommand {
    /// Print the turn the bot would play after some moves, and how it sees the game after it.
    Move(MoveArgs),
}

/// Options of `kartka bot move`.
#[derive(Debug, clap::Args)]
struct MoveArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Moves to play first, in the game's notation: for Paper Soccer one flat run of kurnik digits (turns run
    /// together, as `kartka perft --moves` takes them); for a game of squares, squares such as "D5 B2 B3".
    #[arg(long, default_value = "")]
    moves: String,
    /// Milliseconds for this turn; the bot keeps a twentieth back, answers in time, and sooner when its action
    /// is forced or settled. Without it, the node budget
    /// alone ends the search, and the answer is the same on every machine.
    #[arg(long)]
    time_ms: Option<u64>,
    /// Playing level, 1 (beginner, errs on purpose) to 8 (strongest).
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u8).range(1..=8))]
    level: u8,
    /// The seed of the bot's deliberate mistakes (levels 1 to 5).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The most nodes the turn may take (the level's own cap still applies). Default: no limit with
    /// `--time-ms`, 2,000,000 without.
    #[arg(long)]
    nodes: Option<u64>,
}

/// Runs `kartka bot`.
pub fn run(args: Args) -> anyhow::Result<()> {
    match args.command {
        Some(BotCommand::Move(args)) => run_move(args),
        None => run_play(args.play),
    }
}

/// Plays on the server until Ctrl-C, or until `--max-games` games are over.
fn run_play(args: PlayArgs) -> anyhow::Result<()> {
    let (Some(server), Some(token)) = (args.server, args.token) else {
        anyhow::bail!("--server and --token are required");
    };
    tracing_subscriber::fmt().with_env_filter(tracing_subscriber::EnvFilter::new("info")).init();
    let settings = BotClientSettings {
        server,
        token,
        level: Level::new(args.level)?,
        policy: ChallengePolicy {
            accept_from: args.accept_from,
            max_games: args.max_games,
            games_per_challenger: args.games_per_challenger,
            games_at_once: args.games_at_once,
        },
        thinking: ThinkingLimits {
            per_move: Duration::from_millis(args.think_per_move_ms),
            per_game: Duration::from_secs(args.think_per_game_seconds),
        },
    };
    let runtime = tokio::runtime::Runtime::new()?;
    runtime.block_on(async {
        let interrupted = async {
            let _ = tokio::signal::ctrl_c().await;
        };
        bot_client::run(settings, interrupted).await
    })?;
    Ok(())
}

/// Prints the turn in the game's notation on the first line, the evaluation on the second and the work on the
/// third.
fn run_move(args: MoveArgs) -> anyhow::Result<()> {
    let ruleset = args.game.ruleset()?;
    let game = position_after(&ruleset, &args.moves)?;
    let level = Level::new(args.level)?;
    let started = Instant::now();
    let elapsed_ms = || u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
    let turn = match args.time_ms {
        Some(per_move_ms) => {
            // Printed here, read by whoever called: no network to allow for.
            let deadline = TurnClock::new(think_time(Clock::PerMove { per_move_ms }, Delivery::Local), elapsed_ms);
            play_any_turn(&game, level, args.seed, args.nodes.unwrap_or(u64::MAX), &deadline)?
        }
        None => play_any_turn(&game, level, args.seed, args.nodes.unwrap_or(UNTIMED_NODES), &NoDeadline)?,
    };
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}", turn.text())?;
    writeln!(out, "evaluation {}", describe(turn.evaluation))?;
    write_stats(&mut out, &turn, started.elapsed())?;
    Ok(())
}

/// The start position of `ruleset` after `moves`, played one action at a time (so turns may run together).
fn position_after(ruleset: &Ruleset, moves: &str) -> anyhow::Result<AnyGame> {
    let mut game = AnyGame::new(ruleset);
    let actions = ruleset.kind().split_actions(moves).map_err(|error| anyhow::anyhow!("--moves: {error}"))?;
    for (index, action) in actions.iter().enumerate() {
        game.play(action).map_err(|error| anyhow::anyhow!("--moves: action {} ({action}): {error}", index + 1))?;
    }
    Ok(game)
}

/// An evaluation for people: units with two decimals, or the win or loss the bot sees.
fn describe(evaluation: Evaluation) -> String {
    match evaluation {
        Evaluation::Score(score) => format!("{:+.2}", f64::from(score) / f64::from(UNIT)),
        Evaluation::Win(Some(actions)) => format!("win within {actions} actions"),
        Evaluation::Loss(Some(actions)) => format!("loss within {actions} actions"),
        Evaluation::Win(None) => "win (proven by the solver)".to_owned(),
        Evaluation::Loss(None) => "loss (proven by the solver)".to_owned(),
    }
}

fn write_stats(out: &mut impl Write, turn: &AnyTurn, elapsed: Duration) -> std::io::Result<()> {
    let stats = turn.stats;
    writeln!(
        out,
        "nodes {} depth {} solved {} planned {} time {} ms",
        stats.nodes,
        stats.depth,
        stats.solved,
        stats.planned,
        elapsed.as_millis()
    )
}

#[cfg(test)]
mod tests {
    use kartka_engine::GameKind;

    use super::*;

    #[test]
    fn moves_run_together_across_turns_and_bad_ones_are_named() {
        for &kind in GameKind::ALL {
            let ruleset = kind.default_ruleset();
            let mut played = AnyGame::new(&ruleset);
            let mut moves = Vec::new();
            for choice in 0..4 {
                let action = played.pick_legal_action(choice).expect("four actions into the game, it goes on");
                played.play(&action).expect("a legal action");
                moves.push(action);
            }
            let text = moves.join(kind.action_separator());
            assert_eq!(position_after(&ruleset, &text).expect("legal actions"), played, "{kind}: {text}");

            // An action legal at the start (or later in the game: a phase may list none, Sea Battle's fleets) but
            // not after the first action, played second; last, the first action again (a Gallows word is set once,
            // and every guess of the moves is still legal after it). A kind whose start actions all stay legal
            // (Superghost's letters) has one legal after the first action but not at the start, played first.
            let start = AnyGame::new(&ruleset);
            let mut after_first = start.clone();
            after_first.play(&moves[0]).expect("a legal action");
            let candidates =
                start.legal_actions().into_iter().chain(moves[1..].iter().cloned()).chain(moves[..1].iter().cloned());
            let refused = candidates.into_iter().find(|action| after_first.clone().play(action).is_err());
            let (text, refused, at) = match refused {
                Some(refused) => ([moves[0].as_str(), &refused].join(kind.action_separator()), refused, 2),
                None => {
                    let later =
                        after_first.legal_actions().into_iter().find(|action| start.clone().play(action).is_err());
                    let later = later.unwrap_or_else(|| panic!("{kind}: some action is legal at one point only"));
                    (later.clone(), later, 1)
                }
            };
            let error = position_after(&ruleset, &text).expect_err("an illegal action");
            assert!(error.to_string().contains(&format!("action {at} ({refused})")), "{kind}: {error}");
            assert!(position_after(&ruleset, "ł").is_err(), "{kind}: not its notation");
        }
    }

    #[test]
    fn evaluations_read_as_units_wins_and_losses() {
        assert_eq!(describe(Evaluation::Score(125)), "+1.25");
        assert_eq!(describe(Evaluation::Score(-50)), "-0.50");
        assert_eq!(describe(Evaluation::Win(Some(9))), "win within 9 actions");
        assert_eq!(describe(Evaluation::Loss(None)), "loss (proven by the solver)");
    }
}
