//! `kartka bot ladder`: the bot's levels measured against each other, as an Elo ladder.
//!
//! Each pair of neighbouring levels plays `--games` games at a fixed node budget per turn, so the result is the
//! same on every machine and under any load (time per move would make it depend on both). Games come in pairs:
//! a few random opening actions drawn from the seed, then the same opening once with each level moving first, so
//! neither the first player's advantage nor the deterministic higher levels (which would otherwise replay one
//! game) bias the score. The printed table gives each pairing's score, the Elo difference it means with a 95 %
//! interval, and each level's rating with level 1 at 0.
//!
//! With `--pit`, the same machinery measures parts of the bot instead of levels: named players (the bot as it
//! plays, the bot with the generic evaluation or with one search improvement switched off, or a plain UCT Monte
//! Carlo opponent) each play the first-named one at one level and the same node budget.

use std::io::Write;

use kartka_bot::{play_any_turn_configured, Configuration, Level, NoDeadline, SearchOptions};
use kartka_engine::{AnyGame, Ruleset, Seat};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::game::GameArgs;
use super::mcts;

/// Options of `kartka bot ladder`.
#[derive(Debug, clap::Args)]
pub struct LadderArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The levels, lowest first; each plays the next.
    #[arg(long, value_delimiter = ',', default_value = "1,2,3,4,5,6,7,8")]
    levels: Vec<u8>,
    /// Games per pairing (rounded up to an even number: each opening is played with both colours).
    #[arg(long, default_value_t = 200)]
    games: u32,
    /// The node budget of every turn.
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
    /// Random legal actions that open each pair of games.
    #[arg(long, default_value_t = 4)]
    opening_actions: u32,
    /// Turns after which an unfinished game counts as a draw.
    #[arg(long, default_value_t = 1_000)]
    max_turns: u32,
    /// The seed of the openings and of the levels' deliberate mistakes.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Games played at once (threads); the machine's cores by default.
    #[arg(long)]
    jobs: Option<usize>,
    /// Instead of levels, players by name, the first the reference that each other one plays: `default` (the
    /// bot), `generic` (mobility instead of the kind's evaluation), `no-table`, `no-ordering`,
    /// `no-root-order`, `whole-step-continuations` (one search improvement off), `mcts` (plain UCT).
    #[arg(long, value_delimiter = ',')]
    pit: Vec<String>,
    /// The level of the bots of `--pit`.
    #[arg(long, default_value_t = 8)]
    level: u8,
    /// The node budget of `mcts`'s turns (`--nodes` when not given): its nodes are cheaper than the bot's, so
    /// equal time per move means more of them.
    #[arg(long)]
    mcts_nodes: Option<u64>,
}

/// One side of a pairing: a level of the bot put together one way, or the UCT opponent.
#[derive(Clone, Copy, Debug)]
enum Side {
    /// The bot at a level.
    Bot(Level, Configuration),
    /// Plain UCT with random playouts ([`mcts`]) at this many nodes a turn, or `None` for the ladder's budget.
    Mcts(Option<u64>),
}

impl Side {
    /// The player `--pit` calls `name`, with bots at `level`.
    fn named(name: &str, level: Level, mcts_nodes: Option<u64>) -> anyhow::Result<Side> {
        let all = SearchOptions::default();
        let search = match name {
            "mcts" => return Ok(Side::Mcts(mcts_nodes)),
            "generic" => return Ok(Side::Bot(level, Configuration { generic: true, search: all })),
            "default" => all,
            "no-table" => SearchOptions { table: false, ..all },
            "no-ordering" => SearchOptions { ordering: false, ..all },
            "no-root-order" => SearchOptions { root_order: false, ..all },
            "whole-step-continuations" => SearchOptions { half_step_continuations: false, ..all },
            other => anyhow::bail!("--pit: no player is called {other:?}"),
        };
        Ok(Side::Bot(level, Configuration { generic: false, search }))
    }
}

/// A pairing's games, from the higher level's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
    /// Games stopped at `--max-turns` (counted as draws).
    unfinished: u32,
}

impl Tally {
    fn games(self) -> u32 {
        self.wins + self.draws + self.losses
    }

    fn add(&mut self, other: Tally) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
        self.unfinished += other.unfinished;
    }
}

/// Runs `kartka bot ladder`, printing the table as it goes (a pairing at a time).
pub fn run(args: LadderArgs) -> anyhow::Result<()> {
    if !args.pit.is_empty() {
        return run_pit(&args);
    }
    let ruleset = args.game.ruleset()?;
    let levels = args.levels.iter().map(|&level| Level::new(level)).collect::<Result<Vec<_>, _>>()?;
    anyhow::ensure!(levels.len() >= 2, "a ladder needs at least two levels");
    let pairs = args.games.div_ceil(2);
    let jobs = args.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from)).max(1);
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{}: {} games a pairing, {} nodes a turn, {} random opening actions, seed {}",
        args.game.game,
        pairs * 2,
        args.nodes,
        args.opening_actions,
        args.seed
    )?;
    writeln!(out, "| lower | higher | higher won | drawn | lost | unfinished | score | Elo difference (95 %) |")?;
    writeln!(out, "|---|---|---|---|---|---|---|---|")?;
    let mut ladder = vec![0.0];
    for (pair, numbers) in levels.windows(2).zip(args.levels.windows(2)) {
        let setup = Setup {
            ruleset: &ruleset,
            nodes: args.nodes,
            opening_actions: args.opening_actions,
            max_turns: args.max_turns,
        };
        let (lower, higher) =
            (Side::Bot(pair[0], Configuration::default()), Side::Bot(pair[1], Configuration::default()));
        let tally = play_pairing(&setup, lower, higher, pairs, args.seed, jobs)?;
        let (difference, _, _) = elo_difference(tally);
        ladder.push(ladder.last().copied().unwrap_or_default() + difference);
        write_row(&mut out, &numbers[0].to_string(), &numbers[1].to_string(), tally)?;
    }
    let ratings: Vec<String> =
        args.levels.iter().zip(&ladder).map(|(level, rating)| format!("{level}: {rating:+.0}")).collect();
    writeln!(out, "ladder (level 1 at 0): {}", ratings.join(", "))?;
    Ok(())
}

/// Runs `kartka bot ladder --pit`: every named player after the first plays the first.
fn run_pit(args: &LadderArgs) -> anyhow::Result<()> {
    let ruleset = args.game.ruleset()?;
    let level = Level::new(args.level)?;
    let sides =
        args.pit.iter().map(|name| Side::named(name, level, args.mcts_nodes)).collect::<anyhow::Result<Vec<_>>>()?;
    anyhow::ensure!(sides.len() >= 2, "--pit needs a reference and at least one player to play it");
    let pairs = args.games.div_ceil(2);
    let jobs = args.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from)).max(1);
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{}: {} games a pairing, bots at level {}, {} nodes a turn ({} for mcts), {} random opening actions, seed {}",
        args.game.game,
        pairs * 2,
        args.level,
        args.nodes,
        args.mcts_nodes.unwrap_or(args.nodes),
        args.opening_actions,
        args.seed
    )?;
    writeln!(out, "| other | reference | reference won | drawn | lost | unfinished | score | Elo difference (95 %) |")?;
    writeln!(out, "|---|---|---|---|---|---|---|---|")?;
    let setup = Setup {
        ruleset: &ruleset,
        nodes: args.nodes,
        opening_actions: args.opening_actions,
        max_turns: args.max_turns,
    };
    for (other, name) in sides.iter().zip(&args.pit).skip(1) {
        let tally = play_pairing(&setup, *other, sides[0], pairs, args.seed, jobs)?;
        write_row(&mut out, name, &args.pit[0], tally)?;
    }
    Ok(())
}

/// One row of the table: a pairing's games from `higher`'s side, its score and the Elo difference it means.
fn write_row(out: &mut impl Write, lower: &str, higher: &str, tally: Tally) -> anyhow::Result<()> {
    let score = (f64::from(tally.wins) + f64::from(tally.draws) / 2.0) / f64::from(tally.games());
    let (difference, low, high) = elo_difference(tally);
    writeln!(
        out,
        "| {lower} | {higher} | {} | {} | {} | {} | {:.1} % | {} ({} to {}) |",
        tally.wins,
        tally.draws,
        tally.losses,
        tally.unfinished,
        score * 100.0,
        signed(difference),
        signed(low),
        signed(high)
    )?;
    out.flush()?;
    Ok(())
}

/// What every game of a ladder shares.
struct Setup<'a> {
    ruleset: &'a Ruleset,
    nodes: u64,
    opening_actions: u32,
    max_turns: u32,
}

/// Plays `pairs` openings, each with both colours, split over `jobs` threads.
fn play_pairing(
    setup: &Setup<'_>,
    lower: Side,
    higher: Side,
    pairs: u32,
    seed: u64,
    jobs: usize,
) -> anyhow::Result<Tally> {
    let results = std::thread::scope(|scope| {
        let threads: Vec<_> = (0..jobs)
            .map(|job| {
                scope.spawn(move || {
                    let mut tally = Tally::default();
                    for opening in (0..pairs).skip(job).step_by(jobs) {
                        let game_seed = seed ^ u64::from(opening).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                        for higher_seat in [Seat::First, Seat::Second] {
                            tally.add(play_game(setup, lower, higher, higher_seat, game_seed)?);
                        }
                    }
                    anyhow::Ok(tally)
                })
            })
            .collect();
        threads.into_iter().map(|thread| thread.join().expect("a ladder thread panicked")).collect::<Vec<_>>()
    });
    let mut total = Tally::default();
    for result in results {
        total.add(result?);
    }
    Ok(total)
}

/// One game: the opening drawn from `seed`, then the two sides in turn; the result from `higher`'s side.
fn play_game(setup: &Setup<'_>, lower: Side, higher: Side, higher_seat: Seat, seed: u64) -> anyhow::Result<Tally> {
    let mut game = AnyGame::new(setup.ruleset);
    let mut openings = StdRng::seed_from_u64(seed);
    for _ in 0..setup.opening_actions {
        if game.outcome().is_some() {
            break;
        }
        let Some(action) = game.pick_legal_action(openings.random()) else { break };
        game.play(&action)?;
    }
    let mut turns = 0;
    while let Some(seat) = game.to_act() {
        if turns == setup.max_turns {
            return Ok(Tally { draws: 1, unfinished: 1, ..Tally::default() });
        }
        let side = if seat == higher_seat { higher } else { lower };
        let turn_seed = seed.wrapping_add(u64::from(turns));
        let text = match side {
            Side::Bot(level, configuration) => {
                play_any_turn_configured(&game, level, turn_seed, setup.nodes, &NoDeadline, configuration)?.text()
            }
            Side::Mcts(nodes) => mcts::play_any_turn(&game, nodes.unwrap_or(setup.nodes), turn_seed),
        };
        game.play(&text)?;
        turns += 1;
    }
    let outcome = game.outcome().ok_or_else(|| anyhow::anyhow!("a game with no one to act has no outcome"))?;
    Ok(match outcome.winner {
        None => Tally { draws: 1, ..Tally::default() },
        Some(winner) if winner == higher_seat => Tally { wins: 1, ..Tally::default() },
        Some(_) => Tally { losses: 1, ..Tally::default() },
    })
}

/// The Elo difference a tally means (higher minus lower) and its 95 % interval: the Wilson score interval of the
/// points scored (draws as half a point), which stays inside 0 to 1 and is honest for lopsided scores. A clean
/// sweep is taken as half a game short of it, so the difference is large but finite; its interval is open on
/// that side (an infinite bound).
fn elo_difference(tally: Tally) -> (f64, f64, f64) {
    const Z: f64 = 1.96;
    let games = f64::from(tally.games());
    let points = f64::from(tally.wins) + f64::from(tally.draws) / 2.0;
    let elo = |score: f64| match score {
        score if score <= 0.0 => f64::NEG_INFINITY,
        score if score >= 1.0 => f64::INFINITY,
        score => -400.0 * (1.0 / score - 1.0).log10(),
    };
    let observed = points / games;
    let spread = Z * Z / games;
    let centre = (observed + spread / 2.0) / (1.0 + spread);
    let half = Z * (observed * (1.0 - observed) / games + spread / (4.0 * games)).sqrt() / (1.0 + spread);
    // Rounding can leave a sweep's Wilson bound a hair inside 0 or 1, which would print as a huge finite Elo.
    let low = if points <= 0.0 { f64::NEG_INFINITY } else { elo(centre - half) };
    let high = if points >= games { f64::INFINITY } else { elo(centre + half) };
    (elo(points.clamp(0.5, games - 0.5) / games), low, high)
}

/// An Elo figure for the table: signed, whole, `+∞` and `−∞` for an open bound.
fn signed(elo: f64) -> String {
    if elo.is_infinite() {
        if elo > 0.0 {
            "+∞".to_owned()
        } else {
            "−∞".to_owned()
        }
    } else {
        format!("{elo:+.0}")
    }
}

#[cfg(test)]
mod tests {
    use kartka_engine::GameKind;

    use super::*;

    #[test]
    fn an_even_score_is_no_difference_and_three_quarters_is_about_191() {
        let (even, low, high) = elo_difference(Tally { wins: 50, draws: 0, losses: 50, unfinished: 0 });
        assert!(even.abs() < 1e-9, "{even}");
        assert!((low + high).abs() < 1e-9 && high > 50.0 && high < 100.0, "100 games decide within about ±70: {high}");
        let (better, low, high) = elo_difference(Tally { wins: 70, draws: 10, losses: 20, unfinished: 0 });
        assert!((better - 190.85).abs() < 0.1, "75 % is 191 Elo: {better}");
        assert!(low < better && better < high);
        let (worse, _, _) = elo_difference(Tally { wins: 20, draws: 10, losses: 70, unfinished: 0 });
        assert!((worse + better).abs() < 1e-9, "symmetric");
    }

    #[test]
    fn a_sweep_is_large_but_finite_with_an_open_interval() {
        let (sweep, low, high) = elo_difference(Tally { wins: 200, draws: 0, losses: 0, unfinished: 0 });
        assert!(sweep.is_finite() && sweep > 800.0, "{sweep}");
        assert!(low.is_finite() && low < sweep && high == f64::INFINITY, "{low} {high}");
        assert_eq!(signed(high), "+∞");
        for games in [1, 3, 100] {
            let (_, _, high) = elo_difference(Tally { wins: games, draws: 0, losses: 0, unfinished: 0 });
            assert_eq!(high, f64::INFINITY, "a sweep of {games} is open above");
            let (_, low, _) = elo_difference(Tally { wins: 0, draws: 0, losses: games, unfinished: 0 });
            assert_eq!(low, f64::NEG_INFINITY, "a whitewash of {games} is open below");
        }
        assert_eq!(signed(-12.4), "-12");
    }

    #[test]
    fn a_small_ladder_plays_every_game_to_its_end_with_both_colours() {
        let ruleset = GameKind::default().default_ruleset();
        let setup = Setup { ruleset: &ruleset, nodes: 300, opening_actions: 2, max_turns: 1_000 };
        let level = |number| Side::Bot(Level::new(number).expect("a level"), Configuration::default());
        let (lower, higher) = (level(1), level(6));
        let tally = play_pairing(&setup, lower, higher, 3, 7, 2).expect("the games");
        assert_eq!(tally.games(), 6, "three openings, each with both colours");
        assert_eq!(tally.unfinished, 0);
        assert_eq!(tally, play_pairing(&setup, lower, higher, 3, 7, 1).expect("the games"), "the same on one thread");
    }

    #[test]
    fn pit_players_are_known_by_name_and_play_whole_games_against_the_reference() {
        let level = Level::STRONGEST;
        assert!(Side::named("no-such-player", level, None).is_err());
        let ruleset = GameKind::default().default_ruleset();
        let setup = Setup { ruleset: &ruleset, nodes: 300, opening_actions: 2, max_turns: 1_000 };
        let reference = Side::named("default", level, None).expect("the bot");
        for name in ["generic", "no-table", "no-ordering", "no-root-order", "whole-step-continuations", "mcts"] {
            let other = Side::named(name, level, None).expect("a player");
            let tally = play_pairing(&setup, other, reference, 1, 5, 1).expect("the games");
            assert_eq!((tally.games(), tally.unfinished), (2, 0), "{name}");
        }
    }
}
