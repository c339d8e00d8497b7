//! `kartka-bot-lab ladder`: the bot's levels measured against each other, as an Elo ladder.
//!
//! Each pair of neighbouring levels plays `--games` games at a fixed node budget per turn, so the result is the
//! same on every machine and under any load (time per move would make it depend on both). Games come in pairs:
//! a few random opening actions drawn from the seed, then the same opening once with each level moving first, so
//! neither the first player's advantage nor the deterministic higher levels (which would otherwise replay one
//! game) bias the score. The printed table gives each pairing's score, the Elo difference it means with a 95 %
//! interval, and each level's rating with level 1 at 0.
//!
//! With `--pit`, the same machinery measures parts of the bot instead of levels: named players (the bot as it
//! plays, the bot with the generic evaluation, with one search improvement switched off or with Five in a row's
//! old fours-only threat search, or a plain UCT Monte Carlo opponent) each play the first-named one at one
//! level and the same node budget.

use std::io::Write;
use std::path::PathBuf;

use kartka_bot::soccer_turns::Backup;
use kartka_bot::{
    play_any_turn_configured, Configuration, Level, NoDeadline, SearchOptions, SoccerJudgement, SoccerSearch,
};
use kartka_engine::{AnyGame, Ruleset, Seat};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::game::GameArgs;
use super::ladder_record::{GameResult, Record};
use super::mcts;

/// Options of `kartka-bot-lab ladder`.
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
    /// bot), `generic` (mobility instead of the kind's evaluation), `four-chains` (Five in a row's threat
    /// search with fours only and no defence, as before threes), `rows-only` (Paper Soccer's evaluation blind to the
    /// drawn lines, as before issue #40), `hand-written` (Paper Soccer's evaluation before the learned one), `no-table`, `no-ordering`,
    /// `no-root-order`,
    /// `whole-step-continuations`, `full-evaluation-ordering` (one search improvement off), `mcts` (plain UCT),
    /// `turns`, `turns-minimax` and `turns-blend` (Paper Soccer's search over whole turns, UCT, best-first
    /// minimax or QtPaperSoccer's blend, at any level from 6), `steps` (Paper Soccer's step search at every level, level 8's before the turn search).
    #[arg(long, value_delimiter = ',')]
    pit: Vec<String>,
    /// The level of the bots of `--pit`.
    #[arg(long, default_value_t = 8)]
    level: u8,
    /// The node budget of `mcts`'s turns (`--nodes` when not given): its nodes are cheaper than the bot's, so
    /// equal time per move means more of them.
    #[arg(long)]
    mcts_nodes: Option<u64>,
    /// The node budget of the reference of `--pit` (`--nodes` when not given): to play a dearer evaluation at
    /// about equal time, give the cheaper side the nodes it searches in the same time.
    #[arg(long)]
    reference_nodes: Option<u64>,
    /// A file that keeps every finished game: a run with the same settings plays only the games it lacks, so a
    /// long ladder can be stopped and finished later.
    #[arg(long)]
    record: Option<PathBuf>,
}

impl LadderArgs {
    /// Everything that decides which games a run plays and how, as the record's header states it (the
    /// reference's own budget only when given, so that records of before it still open).
    fn settings(&self) -> String {
        let reference_nodes =
            self.reference_nodes.map(|nodes| format!(", reference nodes {nodes}")).unwrap_or_default();
        format!(
            "game {}, levels {:?}, games {}, nodes {}, opening actions {}, max turns {}, seed {}, pit {:?}, \
             level {}, mcts nodes {:?}{reference_nodes}",
            self.game.ruleset().map(|ruleset| format!("{ruleset:?}")).unwrap_or_default(),
            self.levels,
            self.games.div_ceil(2) * 2,
            self.nodes,
            self.opening_actions,
            self.max_turns,
            self.seed,
            self.pit,
            self.level,
            self.mcts_nodes
        )
    }

    fn open_record(&self) -> anyhow::Result<Option<Record>> {
        let Some(path) = &self.record else { return Ok(None) };
        let record = Record::open(path, &self.settings())?;
        eprintln!("{}: {} games already played", path.display(), record.len());
        Ok(Some(record))
    }
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
            "generic" => {
                return Ok(Side::Bot(level, Configuration { generic: true, ..Configuration::default() }));
            }
            "four-chains" => {
                return Ok(Side::Bot(level, Configuration { four_chains_only: true, ..Configuration::default() }));
            }
            "rows-only" => {
                let soccer = SoccerJudgement::RowsOnly;
                return Ok(Side::Bot(level, Configuration { soccer, ..Configuration::default() }));
            }
            "hand-written" => {
                let soccer = SoccerJudgement::HandWritten;
                return Ok(Side::Bot(level, Configuration { soccer, ..Configuration::default() }));
            }
            "steps" => {
                let soccer_search = SoccerSearch::Steps;
                return Ok(Side::Bot(level, Configuration { soccer_search, ..Configuration::default() }));
            }
            "turns" => {
                let soccer_search = SoccerSearch::Turns(Backup::Average);
                return Ok(Side::Bot(level, Configuration { soccer_search, ..Configuration::default() }));
            }
            "turns-minimax" => {
                let soccer_search = SoccerSearch::Turns(Backup::Minimax);
                return Ok(Side::Bot(level, Configuration { soccer_search, ..Configuration::default() }));
            }
            "turns-blend" => {
                let soccer_search = SoccerSearch::Turns(Backup::Blend);
                return Ok(Side::Bot(level, Configuration { soccer_search, ..Configuration::default() }));
            }
            "default" => all,
            "no-table" => SearchOptions { table: false, ..all },
            "no-ordering" => SearchOptions { ordering: false, ..all },
            "no-root-order" => SearchOptions { root_order: false, ..all },
            "whole-step-continuations" => SearchOptions { half_step_continuations: false, ..all },
            "full-evaluation-ordering" => SearchOptions { guess_ordering: false, ..all },
            other => anyhow::bail!("--pit: no player is called {other:?}"),
        };
        Ok(Side::Bot(level, Configuration { search, ..Configuration::default() }))
    }
}

/// A pairing's games, from the higher level's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Tally {
    pub(super) wins: u32,
    pub(super) draws: u32,
    pub(super) losses: u32,
    /// Games stopped at `--max-turns` (counted as draws).
    pub(super) unfinished: u32,
}

impl Tally {
    pub(super) fn of(result: GameResult) -> Tally {
        match result {
            GameResult::Win => Tally { wins: 1, ..Tally::default() },
            GameResult::Draw => Tally { draws: 1, ..Tally::default() },
            GameResult::Loss => Tally { losses: 1, ..Tally::default() },
            GameResult::Unfinished => Tally { draws: 1, unfinished: 1, ..Tally::default() },
        }
    }

    pub(super) fn games(self) -> u32 {
        self.wins + self.draws + self.losses
    }

    pub(super) fn add(&mut self, other: Tally) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
        self.unfinished += other.unfinished;
    }
}

/// Runs `kartka-bot-lab ladder`, printing the table as it goes (a pairing at a time).
pub fn run(args: LadderArgs) -> anyhow::Result<()> {
    if !args.pit.is_empty() {
        return run_pit(&args);
    }
    let ruleset = args.game.ruleset()?;
    let levels = args.levels.iter().map(|&level| Level::new(level)).collect::<Result<Vec<_>, _>>()?;
    anyhow::ensure!(levels.len() >= 2, "a ladder needs at least two levels");
    let record = args.open_record()?;
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
            higher_nodes: None,
            opening_actions: args.opening_actions,
            max_turns: args.max_turns,
        };
        let (lower, higher) =
            (Side::Bot(pair[0], Configuration::default()), Side::Bot(pair[1], Configuration::default()));
        let names = (numbers[0].to_string(), numbers[1].to_string());
        let pairing = Pairing { lower, higher, names: (&names.0, &names.1), record: record.as_ref() };
        let tally = play_pairing(&setup, &pairing, pairs, args.seed, jobs)?;
        let (difference, _, _) = elo_difference(tally);
        ladder.push(ladder.last().copied().unwrap_or_default() + difference);
        write_row(&mut out, &names.0, &names.1, tally)?;
    }
    let ratings: Vec<String> =
        args.levels.iter().zip(&ladder).map(|(level, rating)| format!("{level}: {rating:+.0}")).collect();
    writeln!(out, "ladder (level 1 at 0): {}", ratings.join(", "))?;
    Ok(())
}

/// Runs `kartka-bot-lab ladder --pit`: every named player after the first plays the first.
fn run_pit(args: &LadderArgs) -> anyhow::Result<()> {
    let ruleset = args.game.ruleset()?;
    let level = Level::new(args.level)?;
    let sides =
        args.pit.iter().map(|name| Side::named(name, level, args.mcts_nodes)).collect::<anyhow::Result<Vec<_>>>()?;
    anyhow::ensure!(sides.len() >= 2, "--pit needs a reference and at least one player to play it");
    let record = args.open_record()?;
    let pairs = args.games.div_ceil(2);
    let jobs = args.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from)).max(1);
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{}: {} games a pairing, bots at level {}, {} nodes a turn ({} for mcts, {} for the reference), {} random \
         opening actions, seed {}",
        args.game.game,
        pairs * 2,
        args.level,
        args.nodes,
        args.mcts_nodes.unwrap_or(args.nodes),
        args.reference_nodes.unwrap_or(args.nodes),
        args.opening_actions,
        args.seed
    )?;
    writeln!(out, "| other | reference | reference won | drawn | lost | unfinished | score | Elo difference (95 %) |")?;
    writeln!(out, "|---|---|---|---|---|---|---|---|")?;
    let setup = Setup {
        ruleset: &ruleset,
        nodes: args.nodes,
        higher_nodes: args.reference_nodes,
        opening_actions: args.opening_actions,
        max_turns: args.max_turns,
    };
    for (other, name) in sides.iter().zip(&args.pit).skip(1) {
        let pairing = Pairing { lower: *other, higher: sides[0], names: (name, &args.pit[0]), record: record.as_ref() };
        let tally = play_pairing(&setup, &pairing, pairs, args.seed, jobs)?;
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
    /// The higher side's node budget where it differs from `nodes` (`--reference-nodes`).
    higher_nodes: Option<u64>,
    opening_actions: u32,
    max_turns: u32,
}

/// Two sides to play each other: the sides, their names in the table and the record, and the record if any.
struct Pairing<'a> {
    lower: Side,
    higher: Side,
    names: (&'a str, &'a str),
    record: Option<&'a Record>,
}

impl Pairing<'_> {
    /// A game's result from the record, or played now and added to it.
    fn game(&self, setup: &Setup<'_>, opening: u32, higher_seat: Seat, seed: u64) -> anyhow::Result<Tally> {
        let (lower, higher) = self.names;
        if let Some(result) = self.record.and_then(|record| record.result(lower, higher, opening, higher_seat)) {
            return Ok(Tally::of(result));
        }
        let result = play_game(setup, self.lower, self.higher, higher_seat, seed)?;
        if let Some(record) = self.record {
            record.add(lower, higher, opening, higher_seat, result)?;
        }
        Ok(Tally::of(result))
    }
}

/// Plays `pairs` openings, each with both colours, split over `jobs` threads.
fn play_pairing(setup: &Setup<'_>, pairing: &Pairing<'_>, pairs: u32, seed: u64, jobs: usize) -> anyhow::Result<Tally> {
    let results = std::thread::scope(|scope| {
        let threads: Vec<_> = (0..jobs)
            .map(|job| {
                scope.spawn(move || {
                    let mut tally = Tally::default();
                    for opening in (0..pairs).skip(job).step_by(jobs) {
                        let game_seed = seed ^ u64::from(opening).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                        for higher_seat in [Seat::FIRST, Seat::SECOND] {
                            tally.add(pairing.game(setup, opening, higher_seat, game_seed)?);
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
fn play_game(setup: &Setup<'_>, lower: Side, higher: Side, higher_seat: Seat, seed: u64) -> anyhow::Result<GameResult> {
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
            return Ok(GameResult::Unfinished);
        }
        let (side, nodes) = if seat == higher_seat {
            (higher, setup.higher_nodes.unwrap_or(setup.nodes))
        } else {
            (lower, setup.nodes)
        };
        let turn_seed = seed.wrapping_add(u64::from(turns));
        let text = match side {
            Side::Bot(level, configuration) => {
                play_any_turn_configured(&game, level, turn_seed, nodes, &NoDeadline, configuration)?.text()
            }
            Side::Mcts(mcts_nodes) => mcts::play_any_turn(&game, mcts_nodes.unwrap_or(nodes), turn_seed),
        };
        game.play(&text)?;
        turns += 1;
    }
    let outcome = game.outcome().ok_or_else(|| anyhow::anyhow!("a game with no one to act has no outcome"))?;
    Ok(match outcome.winner() {
        None => GameResult::Draw,
        Some(winner) if winner == higher_seat => GameResult::Win,
        Some(_) => GameResult::Loss,
    })
}

/// The Elo difference a tally means (higher minus lower) and its 95 % interval: the Wilson score interval of the
/// points scored (draws as half a point), which stays inside 0 to 1 and is honest for lopsided scores. A clean
/// sweep is taken as half a game short of it, so the difference is large but finite; its interval is open on
/// that side (an infinite bound).
pub(super) fn elo_difference(tally: Tally) -> (f64, f64, f64) {
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
pub(super) fn signed(elo: f64) -> String {
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
        let setup = Setup { ruleset: &ruleset, nodes: 300, higher_nodes: None, opening_actions: 2, max_turns: 1_000 };
        let level = |number| Side::Bot(Level::new(number).expect("a level"), Configuration::default());
        let pairing = Pairing { lower: level(1), higher: level(6), names: ("1", "6"), record: None };
        let tally = play_pairing(&setup, &pairing, 3, 7, 2).expect("the games");
        assert_eq!(tally.games(), 6, "three openings, each with both colours");
        assert_eq!(tally.unfinished, 0);
        assert_eq!(tally, play_pairing(&setup, &pairing, 3, 7, 1).expect("the games"), "the same on one thread");
    }

    #[test]
    fn a_recorded_ladder_plays_only_the_games_its_record_lacks_and_counts_them_all() {
        let ruleset = GameKind::default().default_ruleset();
        let setup = Setup { ruleset: &ruleset, nodes: 300, higher_nodes: None, opening_actions: 2, max_turns: 1_000 };
        let level = |number| Side::Bot(Level::new(number).expect("a level"), Configuration::default());
        let directory = tempfile::tempdir().expect("a directory");
        let path = directory.path().join("ladder.txt");
        let (lower, higher) = (level(1), level(6));
        let first = {
            let record = Record::open(&path, "test").expect("a record");
            let pairing = Pairing { lower, higher, names: ("1", "6"), record: Some(&record) };
            play_pairing(&setup, &pairing, 2, 7, 1).expect("two openings")
        };
        assert_eq!((first.games(), first.unfinished), (4, 0));
        // Mark the recorded games unfinished, which none of them was: a run that counts them, not replays them,
        // shows it.
        let text = std::fs::read_to_string(&path).expect("the file");
        let marked: String = text
            .lines()
            .map(|line| {
                if line.starts_with('#') {
                    format!("{line}\n")
                } else {
                    format!("{} unfinished\n", line.rsplit_once(' ').expect("a game").0)
                }
            })
            .collect();
        std::fs::write(&path, marked).expect("rewritten");
        let record = Record::open(&path, "test").expect("the record again");
        assert_eq!(record.len(), 4);
        let pairing = Pairing { lower, higher, names: ("1", "6"), record: Some(&record) };
        let all = play_pairing(&setup, &pairing, 3, 7, 2).expect("three openings");
        assert_eq!(
            (all.games(), all.unfinished),
            (6, 4),
            "four games counted from the record, the third opening played"
        );
        assert_eq!(std::fs::read_to_string(&path).expect("the file").lines().count(), 1 + 6, "a header and six games");
    }

    #[test]
    fn pit_players_are_known_by_name_and_play_whole_games_against_the_reference() {
        let level = Level::STRONGEST;
        assert!(Side::named("no-such-player", level, None).is_err());
        let ruleset = GameKind::default().default_ruleset();
        let setup = Setup { ruleset: &ruleset, nodes: 300, higher_nodes: None, opening_actions: 2, max_turns: 1_000 };
        let reference = Side::named("default", level, None).expect("the bot");
        for name in [
            "generic",
            "four-chains",
            "rows-only",
            "hand-written",
            "no-table",
            "no-ordering",
            "no-root-order",
            "whole-step-continuations",
            "full-evaluation-ordering",
            "mcts",
        ] {
            let other = Side::named(name, level, None).expect("a player");
            let pairing = Pairing { lower: other, higher: reference, names: (name, "default"), record: None };
            let tally = play_pairing(&setup, &pairing, 1, 5, 1).expect("the games");
            assert_eq!((tally.games(), tally.unfinished), (2, 0), "{name}");
        }
    }
}
