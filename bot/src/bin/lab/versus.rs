//! `kartka-bot-lab versus`: the bot against an outside Paper Soccer engine at equal time per move, one game at a
//! time, colours alternated, each pair of games from the same short random opening. The engine is a program
//! that speaks a line protocol on stdin and stdout (`new`, `play DIGITS`, `go MS`, `quit`; bench/qtpapersoccer
//! has a driver for QtPaperSoccer). Every turn it answers is checked by kartka's engine: an illegal or unfinished
//! turn loses it the game and is counted apart, as is an answer later than half as long again as its time.
//! `--log FILE` keeps every game's turns, with how the bot saw the game after each of its own, to find where
//! games were lost.

use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::Context;
use kartka_bot::soccer_turns::Backup;
use kartka_bot::{Configuration, Evaluation, Level, SoccerJudgement, SoccerSearch};
use kartka_engine::{AnyGame, GameKind, Seat};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::judgement::{self, JudgementArgs};
use super::ladder::{elo_difference, signed, Tally};
use super::timed::timed_turn;
use super::turn_search::SearchArgs;

/// Options of `kartka-bot-lab versus`.
#[derive(Debug, clap::Args)]
pub struct VersusArgs {
    /// The engine's program.
    #[arg(long)]
    engine: String,
    /// Arguments of the engine's program (repeat the option for each).
    #[arg(long = "engine-arg")]
    engine_args: Vec<String>,
    /// Games (rounded up to an even number: each opening is played with both colours).
    #[arg(long, default_value_t = 20)]
    games: u32,
    /// Milliseconds each side thinks per turn.
    #[arg(long, default_value_t = 300)]
    time_ms: u64,
    /// The engine's milliseconds per turn, when not `--time-ms`.
    #[arg(long)]
    engine_time_ms: Option<u64>,
    /// The bot's level.
    #[arg(long, default_value_t = 8)]
    level: u8,
    /// Which evaluation judges.
    #[command(flatten)]
    judgement: JudgementArgs,
    /// Which search plays.
    #[command(flatten)]
    search: SearchArgs,
    /// Random steps that open each pair of games (the turn they end in is finished at random too).
    #[arg(long, default_value_t = 4)]
    opening_actions: u32,
    /// The seed of the openings.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Turns after which an unfinished game counts as a draw.
    #[arg(long, default_value_t = 400)]
    max_turns: u32,
    /// Appends each game to this file as it ends, a line each: the opening's number, the bot's seat, the
    /// bot's result, then every whole turn in order as `o:DIGITS` (the random opening), `e:DIGITS` (the
    /// engine) or `b:DIGITS:JUDGEMENT` (the bot, with how it saw the game after its turn: its evaluation in
    /// units, positive when it stands better, or `win`/`loss` when its search proved the result).
    #[arg(long)]
    log: Option<PathBuf>,
}

/// The engine's process and its two pipes.
pub(super) struct Engine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Engine {
    /// Starts `program` with `args`, its standard error discarded.
    pub(super) fn start(program: &str, args: &[String]) -> anyhow::Result<Engine> {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|error| anyhow::anyhow!("{program}: {error}"))?;
        let input = child.stdin.take().expect("a piped stdin");
        let output = BufReader::new(child.stdout.take().expect("a piped stdout"));
        Ok(Engine { child, input, output })
    }

    /// Sends one command and reads the one line that answers it.
    pub(super) fn ask(&mut self, command: &str) -> anyhow::Result<String> {
        writeln!(self.input, "{command}")?;
        self.input.flush()?;
        let mut line = String::new();
        anyhow::ensure!(self.output.read_line(&mut line)? > 0, "the engine closed its output after {command:?}");
        let answer = line.trim().to_owned();
        anyhow::ensure!(!answer.starts_with("error"), "the engine refused {command:?}: {answer}");
        Ok(answer)
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        let _ = self.child.wait();
    }
}

/// How one game went for the bot, and the time both sides took.
#[derive(Debug, Default)]
struct Played {
    tally: Tally,
    /// The engine's turns that were illegal or unfinished (each ends its game, lost by the engine).
    engine_illegal: u32,
    /// The engine's answers later than half as long again as its time.
    engine_late: u32,
    bot_time: Duration,
    bot_turns: u32,
    engine_time: Duration,
    engine_turns: u32,
    /// The game's whole turns in the words of `--log`.
    turns: Vec<String>,
}

impl Played {
    fn add(&mut self, other: &Played) {
        self.tally.add(other.tally);
        self.engine_illegal += other.engine_illegal;
        self.engine_late += other.engine_late;
        self.bot_time += other.bot_time;
        self.bot_turns += other.bot_turns;
        self.engine_time += other.engine_time;
        self.engine_turns += other.engine_turns;
    }
}

/// Runs `kartka-bot-lab versus`, printing a line per game and the table at the end.
pub fn run(args: VersusArgs) -> anyhow::Result<()> {
    let level = Level::new(args.level)?;
    let soccer = args.judgement.soccer_judgement()?;
    let mut engine = Engine::start(&args.engine, &args.engine_args).with_context(|| "--engine".to_owned())?;
    let mut log = match &args.log {
        Some(path) => Some(
            File::options()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|error| anyhow::anyhow!("--log {}: {error}", path.display()))?,
        ),
        None => None,
    };
    let mut total = Played::default();
    let pairs = args.games.div_ceil(2);
    for opening in 0..pairs {
        let seed = args.seed ^ u64::from(opening).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for bot_seat in [Seat::FIRST, Seat::SECOND] {
            let played = play_game(&args, &mut engine, level, soccer, bot_seat, seed)?;
            let seat = if bot_seat == Seat::FIRST { "first" } else { "second" };
            eprintln!("opening {opening}, bot {seat}: {:?}", played.tally);
            if let Some(log) = log.as_mut() {
                writeln!(log, "{opening} {seat} {} {}", result_word(&played), played.turns.join(" "))?;
                log.flush()?;
            }
            total.add(&played);
        }
    }
    let (elo, low, high) = elo_difference(total.tally);
    let average = |time: Duration, turns: u32| time.as_millis() / u128::from(turns.max(1));
    println!(
        "paper-soccer, bot level {}{}{}, {} ms a turn (the engine {} ms), {} random opening steps, seed {}",
        args.level,
        judgement::label(soccer),
        match args.search.soccer_search() {
            SoccerSearch::Turns(Backup::Average) => " (turn search, UCT)",
            SoccerSearch::Turns(Backup::Minimax) => " (turn search, best-first minimax)",
            SoccerSearch::Turns(Backup::Blend) => " (turn search, QtPaperSoccer's blend)",
            SoccerSearch::Steps => " (step search)",
            SoccerSearch::ByLevel => "",
        },
        args.time_ms,
        args.engine_time_ms.unwrap_or(args.time_ms),
        args.opening_actions,
        args.seed
    );
    println!(
        "| games | bot won | drawn | lost | engine illegal | engine late | bot ms a turn | engine ms a turn | score \
         | Elo difference (95 %) |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    let tally = total.tally;
    println!(
        "| {} | {} | {} | {} | {} | {} | {} | {} | {:.1} % | {} ({} to {}) |",
        tally.games(),
        tally.wins,
        tally.draws,
        tally.losses,
        total.engine_illegal,
        total.engine_late,
        average(total.bot_time, total.bot_turns),
        average(total.engine_time, total.engine_turns),
        100.0 * (f64::from(tally.wins) + f64::from(tally.draws) / 2.0) / f64::from(tally.games().max(1)),
        signed(elo),
        signed(low),
        signed(high)
    );
    Ok(())
}

/// One game from the opening drawn from `seed`, the bot in `bot_seat`, judging by `soccer`.
fn play_game(
    args: &VersusArgs,
    engine: &mut Engine,
    level: Level,
    soccer: SoccerJudgement,
    bot_seat: Seat,
    seed: u64,
) -> anyhow::Result<Played> {
    let mut game = AnyGame::new(&GameKind::PaperSoccer.default_ruleset());
    engine.ask("new")?;
    let mut played = Played::default();
    let mut openings = StdRng::seed_from_u64(seed);
    // Random steps, then the turn they end in finished at random: the engine is told whole turns.
    let mut turn = String::new();
    let mut steps = 0;
    while let Some(seat) = game.to_act() {
        if steps >= args.opening_actions && turn.is_empty() {
            break;
        }
        let step = game.pick_legal_action(openings.random()).expect("a game going on has a legal step");
        game.play(&step)?;
        turn.push_str(&step);
        steps += 1;
        if game.to_act() != Some(seat) {
            engine.ask(&format!("play {turn}"))?;
            played.turns.push(format!("o:{turn}"));
            turn.clear();
        }
    }
    let configuration =
        Configuration { soccer, soccer_search: args.search.soccer_search(), ..Configuration::default() };
    let engine_ms = args.engine_time_ms.unwrap_or(args.time_ms);
    let mut turns = 0;
    while let Some(seat) = game.to_act() {
        if turns == args.max_turns {
            played.tally = Tally::of(super::ladder_record::GameResult::Unfinished);
            return Ok(played);
        }
        turns += 1;
        if seat == bot_seat {
            let started = Instant::now();
            let turn = timed_turn(&game, level, seed ^ u64::from(turns), args.time_ms, configuration)?;
            played.bot_time += started.elapsed();
            played.bot_turns += 1;
            let text = turn.text();
            played.turns.push(format!("b:{text}:{}", judgement_word(turn.evaluation)));
            game.play(&text)?;
            engine.ask(&format!("play {text}"))?;
        } else {
            let started = Instant::now();
            let answer = engine.ask(&format!("go {engine_ms}"))?;
            let took = started.elapsed();
            played.engine_time += took;
            played.engine_turns += 1;
            if took > Duration::from_millis(engine_ms * 3 / 2) {
                played.engine_late += 1;
            }
            played.turns.push(format!("e:{answer}"));
            let legal = game.play(&answer).is_ok() && game.to_act() != Some(seat);
            if !legal {
                played.engine_illegal += 1;
                played.tally = Tally::of(super::ladder_record::GameResult::Win);
                return Ok(played);
            }
        }
    }
    let outcome = game.outcome().ok_or_else(|| anyhow::anyhow!("a game with no one to act has no outcome"))?;
    played.tally = Tally::of(match outcome.winner() {
        None => super::ladder_record::GameResult::Draw,
        Some(winner) if winner == bot_seat => super::ladder_record::GameResult::Win,
        Some(_) => super::ladder_record::GameResult::Loss,
    });
    Ok(played)
}

/// The bot's result in the words of `--log`.
fn result_word(played: &Played) -> &'static str {
    let tally = played.tally;
    if played.engine_illegal > 0 {
        "engine-illegal"
    } else if tally.unfinished > 0 {
        "unfinished"
    } else if tally.wins > 0 {
        "win"
    } else if tally.losses > 0 {
        "loss"
    } else {
        "draw"
    }
}

/// How the bot saw the game after its turn, in the words of `--log`.
fn judgement_word(evaluation: Evaluation) -> String {
    match evaluation {
        Evaluation::Score(units) => units.to_string(),
        Evaluation::Win(_) => "win".to_owned(),
        Evaluation::Loss(_) => "loss".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An engine that answers every `go` with `answer` and everything else with `ok`.
    fn args_for_engine_answering(answer: &str) -> VersusArgs {
        let script = format!(
            "while read command rest; do case $command in go) echo {answer};; quit) exit 0;; *) echo ok;; esac; done"
        );
        VersusArgs {
            engine: "sh".to_owned(),
            engine_args: vec!["-c".to_owned(), script],
            games: 2,
            time_ms: 20,
            engine_time_ms: None,
            level: 1,
            judgement: JudgementArgs::default(),
            search: SearchArgs::by_level(),
            opening_actions: 4,
            seed: 3,
            max_turns: 400,
            log: None,
        }
    }

    #[test]
    fn an_engine_answering_an_illegal_turn_loses_the_game_and_is_counted() {
        let args = args_for_engine_answering("9");
        let mut engine = Engine::start(&args.engine, &args.engine_args).expect("sh runs");
        for bot_seat in [Seat::FIRST, Seat::SECOND] {
            let played = play_game(
                &args,
                &mut engine,
                Level::new(1).expect("a level"),
                SoccerJudgement::Network,
                bot_seat,
                args.seed,
            )
            .expect("a game");
            assert_eq!((played.tally.wins, played.engine_illegal, played.engine_turns), (1, 1, 1), "{bot_seat:?}");
        }
    }

    /// `--log` keeps each game's turns as they were played: the opening's whole turns, then the bot's turns with
    /// its judgement and the engine's, in order; replaying them gives the game's position.
    #[test]
    fn the_log_keeps_every_turn_in_order_with_the_bot_s_judgement() {
        let directory = std::env::temp_dir().join(format!("kartka-versus-log-{}", std::process::id()));
        std::fs::create_dir_all(&directory).expect("a temporary directory");
        let path = directory.join("games.txt");
        let _ = std::fs::remove_file(&path);
        // The engine's `9` is illegal: each game ends at the engine's first turn, after the bot's if it went first.
        let args = VersusArgs { log: Some(path.clone()), ..args_for_engine_answering("9") };
        run(args).expect("the match runs");
        let text = std::fs::read_to_string(&path).expect("the log is written");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2, "a line a game: {text}");
        let mut bot_turns = 0;
        for (line, seat) in lines.iter().zip(["first", "second"]) {
            let words: Vec<&str> = line.split(' ').collect();
            assert_eq!(&words[..3], ["0", seat, "engine-illegal"], "{line}");
            let mut game = AnyGame::new(&GameKind::PaperSoccer.default_ruleset());
            for word in &words[3..] {
                let mut parts = word.split(':');
                let (who, digits) = (parts.next().expect("a side"), parts.next().expect("digits"));
                match who {
                    "o" | "b" => {
                        game.play(digits).expect("a legal turn");
                    }
                    "e" => assert_eq!(digits, "9", "the engine's answer as given"),
                    _ => panic!("an unknown side in {word}"),
                }
                if who == "b" {
                    bot_turns += 1;
                    let judgement = parts.next().expect("the bot's judgement");
                    assert!(judgement.parse::<i32>().is_ok() || ["win", "loss"].contains(&judgement), "{word}");
                }
            }
            assert_eq!(words.last().map(|word| word.starts_with("e:")), Some(true), "{line}");
            assert!(words[3].starts_with("o:"), "{line}");
        }
        // Both games open alike, so the seat to act after the opening is the bot's in exactly one of them.
        assert_eq!(bot_turns, 1, "{text}");
        std::fs::remove_dir_all(&directory).expect("removed");
    }
}
