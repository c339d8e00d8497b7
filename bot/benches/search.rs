//! Bot benchmarks: nodes searched per second, for one turn at a fixed node budget.
//!
//! Run with `cargo bench -p kartka-bot`; the figures and the machine are in `docs/benchmarks/bot.md`. Each
//! benchmark plays one turn with a fresh bot (a fresh transposition table) at level 8 and reports throughput in
//! nodes (actions applied by the search), criterion's "elements". The `threats` group times Five in a row's
//! threat-space search alone in positions where it finds no win, so that it spends its whole budget (its
//! figures are in docs/bot.md). The `soccer_net` group times Paper Soccer's learned evaluation alone on the
//! positions a node's listing judges, split into its inputs and its network (docs/benchmarks/bot.md).

use std::hint::black_box;
use std::ops::ControlFlow;

use criterion::{criterion_main, Criterion, Throughput};
use kartka_bot::soccer_net::{active_inputs, SoccerNetEvaluation};
use kartka_bot::soccer_turns::{play_turn, Backup};
use kartka_bot::{
    find_threat_defence, find_threat_win, Bot, ClosingInEvaluation, Evaluate, Level, NoDeadline, SearchOptions,
    SoccerEvaluation, MAX_THREES,
};
use kartka_engine::closing_in::{self, parse_squares, BoardSize};
use kartka_engine::five_in_a_row::{self, parse_actions, BoardShape, Opening, Rules, WinRule};
use kartka_engine::soccer::{self, Direction, TurnEnumerator};

/// Game 4542 of the 2014-09-22 kurnik corpus after 48 steps: a bounce network of 185,204 distinct turns.
const MEDIUM_NETWORK: &str = "130646750241323176530117575750247105212305254661";

const NODE_BUDGET: u64 = 200_000;

fn soccer_after(digits: &str) -> soccer::Position {
    let mut position = soccer::Position::default();
    for digit in digits.chars() {
        position.step(Direction::from_digit(digit).expect("a digit 0-7")).expect("a legal step");
    }
    position
}

fn bench_turn<G, E>(c: &mut Criterion, name: &str, position: &G, evaluator: E)
where
    G: kartka_engine::Game,
    E: kartka_bot::Evaluate<G> + Clone,
{
    bench_turn_with(c, name, position, evaluator, SearchOptions::default());
}

fn bench_turn_with<G, E>(c: &mut Criterion, name: &str, position: &G, evaluator: E, options: SearchOptions)
where
    G: kartka_engine::Game,
    E: kartka_bot::Evaluate<G> + Clone,
{
    let play = || {
        Bot::new(evaluator.clone(), Level::STRONGEST, 1)
            .with_options(options)
            .play_turn(position, NODE_BUDGET, &NoDeadline)
            .expect("a turn")
    };
    let nodes = play().stats.nodes;
    let mut group = c.benchmark_group("turn");
    group.throughput(Throughput::Elements(nodes));
    group.sample_size(10);
    group.bench_function(name, |b| b.iter(|| black_box(play())));
    group.finish();
}

fn turns(c: &mut Criterion) {
    bench_turn(c, "paper_soccer/start", &soccer::Position::default(), SoccerEvaluation::default());
    bench_turn(c, "paper_soccer/medium_network", &soccer_after(MEDIUM_NETWORK), SoccerEvaluation::default());
    // The evaluation blind to drawn lines, as before issue #40: what seeing them costs per node.
    bench_turn(c, "paper_soccer/start/rows_only", &soccer::Position::default(), SoccerEvaluation::ROWS_ONLY);
    bench_turn(c, "paper_soccer/medium_network/rows_only", &soccer_after(MEDIUM_NETWORK), SoccerEvaluation::ROWS_ONLY);
    // The learned evaluation (issue #40): what the network costs per node.
    let network = SoccerNetEvaluation::embedded();
    bench_turn(c, "paper_soccer/start/network", &soccer::Position::default(), network);
    bench_turn(c, "paper_soccer/medium_network/network", &soccer_after(MEDIUM_NETWORK), network);
    // Inner nodes ordered by the full evaluation, goal reach included, as before the guess (issue #40).
    let full_ordering = SearchOptions { guess_ordering: false, ..SearchOptions::default() };
    let (start, medium) = (soccer::Position::default(), soccer_after(MEDIUM_NETWORK));
    bench_turn_with(c, "paper_soccer/start/full_ordering", &start, SoccerEvaluation::default(), full_ordering);
    bench_turn_with(
        c,
        "paper_soccer/medium_network/full_ordering",
        &medium,
        SoccerEvaluation::default(),
        full_ordering,
    );
    let mut closing_in = closing_in::Position::new(BoardSize::new(8).expect("a size"));
    for square in parse_squares("C3 F6").expect("squares") {
        closing_in.play(square).expect("a legal placement");
    }
    bench_turn(c, "closing_in/8x8_after_placements", &closing_in, ClosingInEvaluation);
}

/// Listed turns a search over whole turns is given in the `whole_turns` group.
const LISTED_TURNS: u64 = 20_000;

/// Level 8's search over whole turns (`soccer_turns`, its strongest rule) with the embedded network, at a
/// fixed number of listed turns; throughput in listed turns.
fn whole_turns(c: &mut Criterion) {
    let network = SoccerNetEvaluation::embedded();
    let mut group = c.benchmark_group("whole_turns");
    group.sample_size(10);
    for (name, position) in [
        ("paper_soccer/start", soccer::Position::default()),
        ("paper_soccer/medium_network", soccer_after(MEDIUM_NETWORK)),
    ] {
        let play = || play_turn(&position, &network, Backup::STRONGEST, LISTED_TURNS, &NoDeadline).expect("a turn");
        group.throughput(Throughput::Elements(play().stats.nodes));
        group.bench_function(name, |b| b.iter(|| black_box(play())));
    }
    group.finish();
}

/// Positions judged in the `soccer_net` group: as many as a node's listing judges in full
/// (`soccer_turns::EVALUATED_TURNS`).
const JUDGED_POSITIONS: usize = 1024;

/// The positions after the first [`JUDGED_POSITIONS`] distinct turns of `position` that do not end the game:
/// what the search over whole turns asks the evaluation of when it lists a node.
fn children_to_judge(position: &soccer::Position) -> Vec<soccer::Position> {
    let mut children = Vec::with_capacity(JUDGED_POSITIONS);
    TurnEnumerator::default().for_each_distinct_turn_until(position, |_, after| {
        if !after.is_over() {
            children.push(*after);
        }
        if children.len() == JUDGED_POSITIONS {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    children
}

/// The learned evaluation of Paper Soccer on a node's children: whole (`evaluate_many`, as the search asks
/// it), its inputs alone (the turn layers and the active inputs) and its network alone (the logit of inputs
/// computed beforehand); throughput in positions.
fn soccer_net(c: &mut Criterion) {
    let network = SoccerNetEvaluation::embedded();
    let mut group = c.benchmark_group("soccer_net");
    group.sample_size(20);
    for (name, position) in [("start", soccer::Position::default()), ("medium_network", soccer_after(MEDIUM_NETWORK))] {
        let children = children_to_judge(&position);
        group.throughput(Throughput::Elements(children.len() as u64));
        let mut values = Vec::with_capacity(children.len());
        group.bench_function(format!("{name}/evaluate"), |b| {
            b.iter(|| {
                values.clear();
                network.evaluate_many(black_box(&children), &mut values);
                black_box(values.last().copied())
            })
        });
        group.bench_function(format!("{name}/inputs"), |b| {
            b.iter(|| {
                children
                    .iter()
                    .map(|child| active_inputs(black_box(child), false).map_or(0, |a| a.as_slice().len()))
                    .sum::<usize>()
            })
        });
        let inputs: Vec<_> = children.iter().filter_map(|child| active_inputs(child, false)).collect();
        group.bench_function(format!("{name}/network"), |b| {
            b.iter(|| inputs.iter().map(|active| network.network().logit(black_box(active.as_slice()))).sum::<f32>())
        });
    }
    group.finish();
}

/// The threat search's budget in the `threats` group: the most the bot gives it in a turn.
const THREAT_BUDGET: u64 = 20_000;

/// A 15x15 position of `win` after `moves` (Black first).
fn five_in_a_row_after(win: WinRule, moves: &str) -> five_in_a_row::Position {
    let rules = Rules::new(BoardShape::Bounded { width: 15, height: 15 }, 5, win, Opening::None).expect("rules");
    let mut position = five_in_a_row::Position::new(rules);
    for action in parse_actions(moves).expect("points") {
        position.play(action).expect("a legal stone");
    }
    position
}

fn threats(c: &mut Criterion) {
    // Black to act with a double three on j8 that White's own chain of fours refutes (the threat search's test
    // "a defensive four"); in renju the same stones, and the double three is forbidden besides.
    let stones = "h8 k2 i8 l2 j10 m2 j11 k3 j2 l3 j3 m3 n6 n4 a15 n5";
    let freestyle = five_in_a_row_after(WinRule::Freestyle, stones);
    let renju = five_in_a_row_after(WinRule::Renju, stones);
    let mut group = c.benchmark_group("threats");
    group.sample_size(10);
    for (name, position) in [("gomoku/vct_refuted", &freestyle), ("renju/vct_forbidden", &renju)] {
        let search = find_threat_win(position, THREAT_BUDGET, MAX_THREES);
        assert!(search.win.is_none(), "{name}: no win, so the whole budget is spent");
        group.throughput(Throughput::Elements(search.nodes));
        group.bench_function(name, |b| b.iter(|| black_box(find_threat_win(position, THREAT_BUDGET, MAX_THREES))));
    }
    // White to act against Black's double three: the threat, then each candidate refutation searched.
    let defence = five_in_a_row_after(WinRule::Freestyle, "h8 i9 i8 k12 j10 g7 j11");
    let nodes = find_threat_defence(&defence, THREAT_BUDGET, MAX_THREES).nodes;
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("gomoku/defence", |b| {
        b.iter(|| black_box(find_threat_defence(&defence, THREAT_BUDGET, MAX_THREES)));
    });
    group.finish();
}

// The macro makes a public function it cannot document.
#[allow(missing_docs)]
mod group {
    criterion::criterion_group!(benches, super::turns, super::whole_turns, super::soccer_net, super::threats);
}
criterion_main!(group::benches);
