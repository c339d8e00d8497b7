//! Self-play: games of Paper Soccer the bot plays against itself, as training data beside the kurnik corpus
//! (issue #40 item 1, "then self-play"). Each game opens with a few random steps (the turn they end in
//! finished at random), so that one seed gives many different games; then every turn is played by the search
//! over whole turns (level 8's search) with a fixed node budget and no clock, so the same options give the same
//! games on every machine. Each searched turn keeps the search's value of its position for the seat to act:
//! a label that sees further than who won the game in the end.
//!
//! The games are written one a line (see [`SelfPlayGame::line`]), so a file can be read back, inspected and
//! fed to `kartka-train soccer --self-play`.

use std::fmt::Write as _;
use std::io::Write;
use std::ops::Range;
use std::path::Path;

use anyhow::{bail, Context};
use kartka_bot::soccer_net::{active_inputs, SoccerNetEvaluation};
use kartka_bot::soccer_turns::{play_turn_with_tree, Backup, SearchedNode};
use kartka_bot::{Evaluation, NoDeadline, UNIT};
use kartka_engine::soccer::{parse_turn, write_turn, Direction, Pitch, Position};
use kartka_engine::Seat;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::corpus::{DecidedGame, Positions};
use crate::parallel;

/// How to play the games.
#[derive(Clone, Copy, Debug)]
pub struct SelfPlayOptions {
    /// The search's budget a turn, in turns listed (as `play_turn` counts them).
    pub nodes: u64,
    /// Random steps that open each game.
    pub opening_steps: u32,
    /// Turns after which a game is given up unfinished (and left out of training).
    pub max_turns: u32,
    /// Seeds the openings: game `i` of a seed is the same whatever else is played.
    pub seed: u64,
    /// Threads playing games side by side; the games do not depend on it.
    pub threads: usize,
}

/// One turn of a recorded game.
#[derive(Clone, Debug, PartialEq)]
pub struct SelfPlayTurn {
    /// The turn's steps.
    pub steps: Vec<Direction>,
    /// What the turn says of the position it was played from, for training.
    pub label: TurnLabel,
}

/// What a turn of a recorded game says of the position at its start, for training.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TurnLabel {
    /// A random turn of the opening, or one nobody judged: not trained on.
    Random,
    /// A turn whose start was judged, with the judge's chance that the seat playing it wins: the bot's search
    /// that chose it (self-play), or the search or an outside engine's `eval` asked of a corpus turn
    /// (`soccer-relabel`).
    Searched(f32),
    /// A turn a player chose whose judgement is not known (an outside engine's): its position is trained on
    /// the game's result alone.
    Played,
}

impl TurnLabel {
    /// The search's chance, for a searched turn.
    #[must_use]
    pub fn chance(self) -> Option<f32> {
        match self {
            TurnLabel::Searched(chance) => Some(chance),
            TurnLabel::Random | TurnLabel::Played => None,
        }
    }

    /// Whether the position the turn was played from is trained on.
    #[must_use]
    pub fn is_trained(self) -> bool {
        !matches!(self, TurnLabel::Random)
    }
}

/// One self-play game.
#[derive(Clone, Debug, PartialEq)]
pub struct SelfPlayGame {
    /// Its turns, in order from the start of the game.
    pub turns: Vec<SelfPlayTurn>,
    /// Who won; `None` when the game was given up at the turn limit.
    pub winner: Option<Seat>,
}

impl SelfPlayGame {
    /// The game as one line: the winner (`1`, `2`, or `-` unfinished), then each turn as its kurnik digits,
    /// a colon and its label: the search's chance with three decimals, `-` for a random turn, `=` for a turn
    /// played without a known judgement; e.g. `2 0123:- 45:0.512 6:0.470 12:=`. A last word with a chance and
    /// no digits judges the position the turns reach (a branch off a game, `soccer-branches`; no winner):
    /// `- 0123:- 45:- :0.388`.
    pub fn line(&self) -> String {
        let mut line = String::from(match self.winner {
            Some(Seat::FIRST) => "1",
            Some(_) => "2",
            None => "-",
        });
        for turn in &self.turns {
            let _ = write!(line, " {}:", write_turn(&turn.steps));
            match turn.label {
                TurnLabel::Searched(chance) => {
                    let _ = write!(line, "{chance:.3}");
                }
                TurnLabel::Random => line.push('-'),
                TurnLabel::Played => line.push('='),
            }
        }
        line
    }

    /// A decided corpus game as a recorded one, every turn played by a person.
    #[must_use]
    pub fn played(game: DecidedGame) -> SelfPlayGame {
        let turns = game.turns.into_iter().map(|steps| SelfPlayTurn { steps, label: TurnLabel::Played }).collect();
        SelfPlayGame { turns, winner: Some(game.winner) }
    }

    /// The game as a decided corpus game (held out, for judging), or `None` if it was given up unfinished.
    #[must_use]
    pub fn decided(self) -> Option<DecidedGame> {
        let turns = self.turns.into_iter().map(|turn| turn.steps).collect();
        self.winner.map(|winner| DecidedGame { turns, winner, held_out: true, time_control: None })
    }

    /// Reads a game written by [`SelfPlayGame::line`], checking every turn against the rules.
    pub fn parse(line: &str) -> anyhow::Result<SelfPlayGame> {
        let mut words = line.split_whitespace();
        let winner = match words.next() {
            Some("1") => Some(Seat::FIRST),
            Some("2") => Some(Seat::SECOND),
            Some("-") => None,
            other => bail!("a self-play game starts with its winner (1, 2 or -), not {other:?}"),
        };
        let mut position = Position::new(Pitch::STANDARD);
        let mut turns = Vec::new();
        let mut words = words.peekable();
        while let Some(word) = words.next() {
            let (digits, value) = word.split_once(':').with_context(|| format!("a turn {word:?} without its value"))?;
            let label = match value {
                "-" => TurnLabel::Random,
                "=" => TurnLabel::Played,
                text => TurnLabel::Searched(
                    text.parse::<f32>()
                        .ok()
                        .filter(|value| (0.0..=1.0).contains(value))
                        .with_context(|| format!("a turn's value is a chance from 0 to 1, - or =, not {text:?}"))?,
                ),
            };
            if digits.is_empty() {
                if words.peek().is_some() || label.chance().is_none() || position.is_over() {
                    bail!("a chance without a turn ({word:?}) judges the end of a game going on, as its last word");
                }
                turns.push(SelfPlayTurn { steps: Vec::new(), label });
                continue;
            }
            let steps = parse_turn(digits)?;
            play_whole_turn(&mut position, &steps)?;
            turns.push(SelfPlayTurn { steps, label });
        }
        let decided = position.outcome().and_then(|outcome| outcome.winner());
        if winner.is_some() && decided != winner {
            bail!("the game's winner is given as {winner:?} but its turns end with {decided:?}");
        }
        Ok(SelfPlayGame { turns, winner })
    }
}

/// Plays `steps` on `position` as one whole turn: every step legal, the turn passing (or the game ending) at
/// the last step and not before. An error names the turn; `position` is then left part-way.
pub fn play_whole_turn(position: &mut Position, steps: &[Direction]) -> anyhow::Result<()> {
    let digits = write_turn(steps);
    let mover = position.to_move();
    for (index, &step) in steps.iter().enumerate() {
        if index > 0 && (position.is_over() || position.to_move() != mover) {
            bail!("an illegal turn {digits}: it goes on after the turn has passed");
        }
        position.step(step).with_context(|| format!("an illegal turn {digits}"))?;
    }
    if steps.is_empty() || (!position.is_over() && position.to_move() == mover) {
        bail!("the turn {digits:?} is unfinished");
    }
    Ok(())
}

/// Which nodes of each search's tree self-play labels besides the game (tree learning): none by default.
#[derive(Clone, Copy, Debug, Default)]
pub struct TreeLabels {
    /// The most visited nodes below the root labelled a searched turn.
    pub most_visited: usize,
    /// The fewest iterations through a node for it to be labelled: a node visited once is still only its
    /// evaluation, and under level 8's rule its turns are listed on its second visit.
    pub min_visits: u32,
}

/// Turns played off the search's choice during self-play, so that the games reach positions the network's own
/// choices avoid (a trap the network does not see is never set by a player who does not see it either, and
/// self-play alone would never teach it). None by default.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Exploration {
    /// The share of searched turns played off the choice, each drawn at random (0 plays every choice).
    pub share: f32,
    /// How far below the best a turn may be rated and still be played off the choice: a root child whose
    /// chance is at least the best child's chance minus this, drawn uniformly among them.
    pub margin: f32,
    /// A seat of every game that searches this many listed turns a turn instead of the options' budget: an
    /// exploiter that sees further than its opponent, so that it sets the traps the other's budget misses and
    /// the positions before them are taught their outcome. The first seat in even games, the second in odd
    /// ones; its turns are labelled and trained on like the other's. None by default.
    pub exploiter_nodes: Option<u64>,
}

impl Exploration {
    /// The budget of the seat to act in game `index`: the exploiter's when `seat` is that game's exploiter.
    fn budget(&self, options: &SelfPlayOptions, index: usize, seat: Seat) -> u64 {
        match self.exploiter_nodes {
            Some(nodes) if seat.index() == index % 2 => nodes,
            _ => options.nodes,
        }
    }
}

/// A self-play game and its searches' tree labels: each a branch off the game (the game's turns up to a
/// searched turn, the turns from there to a node of that search's tree, and the search's chance for the seat
/// to act there as the judged end), in the order of the game's turns and then of visits.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedGame {
    /// The game.
    pub game: SelfPlayGame,
    /// Its searches' tree labels, as branches.
    pub tree: Vec<SelfPlayGame>,
}

/// Plays the games of `options` whose indices are in `indices` (each the same whatever else is played), by
/// `evaluator`, in the order of their index whatever the threads.
pub fn play_games(
    options: SelfPlayOptions,
    indices: Range<usize>,
    evaluator: SoccerNetEvaluation<'_>,
) -> anyhow::Result<Vec<SelfPlayGame>> {
    play_games_exploring(options, indices, evaluator, Exploration::default())
}

/// [`play_games`], each game with its searches' tree labels.
pub fn play_games_with_trees(
    options: SelfPlayOptions,
    indices: Range<usize>,
    evaluator: SoccerNetEvaluation<'_>,
    tree: TreeLabels,
) -> anyhow::Result<Vec<PlayedGame>> {
    play_in_order(options, indices, evaluator, tree, Exploration::default())
}

/// [`play_games`] with `exploration`: a turn played off the search's choice is labelled
/// [`TurnLabel::Random`], so that its position is not trained on (its result does not follow from the
/// search), while the positions after it are.
pub fn play_games_exploring(
    options: SelfPlayOptions,
    indices: Range<usize>,
    evaluator: SoccerNetEvaluation<'_>,
    exploration: Exploration,
) -> anyhow::Result<Vec<SelfPlayGame>> {
    let played = play_in_order(options, indices, evaluator, TreeLabels::default(), exploration)?;
    Ok(played.into_iter().map(|played| played.game).collect())
}

/// The games of `indices`, each by [`play_game_with_tree`], in the order of their index whatever the threads.
fn play_in_order(
    options: SelfPlayOptions,
    indices: Range<usize>,
    evaluator: SoccerNetEvaluation<'_>,
    tree: TreeLabels,
    exploration: Exploration,
) -> anyhow::Result<Vec<PlayedGame>> {
    parallel::in_order(indices, options.threads, |index| {
        play_game_with_tree(options, index, [evaluator; 2], tree, exploration).map(Some)
    })
}

/// Game `index` of `options.seed`: its random opening (the same for the same seed and index, whoever plays),
/// then every turn searched with the evaluation of the seat to act, `by_seat[seat.index()]`.
pub fn play_game(
    options: SelfPlayOptions,
    index: usize,
    by_seat: [SoccerNetEvaluation<'_>; 2],
) -> anyhow::Result<SelfPlayGame> {
    play_game_with_tree(options, index, by_seat, TreeLabels::default(), Exploration::default())
        .map(|played| played.game)
}

/// [`play_game`] with its searches' tree labels, exploring as `exploration` asks; the game is the same
/// whatever `tree` asks.
fn play_game_with_tree(
    options: SelfPlayOptions,
    index: usize,
    by_seat: [SoccerNetEvaluation<'_>; 2],
    tree: TreeLabels,
    exploration: Exploration,
) -> anyhow::Result<PlayedGame> {
    let (mut position, mut turns) = random_opening(options.seed, options.opening_steps, index)?;
    // Its own stream, so that a game without exploration opens and plays exactly as before.
    let mut explore_rng = StdRng::seed_from_u64(!options.seed ^ (index as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F));
    let mut branches = Vec::new();
    while !position.is_over() && turns.len() < options.max_turns as usize {
        let evaluator = &by_seat[position.to_move().index()];
        let explores = exploration.share > 0.0 && explore_rng.random::<f32>() < exploration.share;
        // Exploring needs every root child with its value; the tree's labels are the most visited of them all.
        let (most_visited, min_visits) = if explores { (usize::MAX, 0) } else { (tree.most_visited, tree.min_visits) };
        let (turn, nodes) = play_turn_with_tree(
            &position,
            evaluator,
            Backup::STRONGEST,
            exploration.budget(&options, index, position.to_move()),
            &NoDeadline,
            most_visited,
            min_visits,
        )?;
        let played = if explores { explored_turn(&nodes, exploration.margin, &mut explore_rng) } else { None };
        let labelled = nodes.into_iter().filter(|node| node.visits >= tree.min_visits).take(tree.most_visited);
        for node in labelled {
            branches.extend(tree_branch(&turns, &position, node)?);
        }
        let (steps, label) = match played {
            Some(steps) if steps != turn.actions => (steps, TurnLabel::Random),
            _ => (turn.actions, TurnLabel::Searched(chance_of(turn.evaluation))),
        };
        for &step in &steps {
            position.step(step).context("the search plays legal steps")?;
        }
        turns.push(SelfPlayTurn { steps, label });
    }
    let game = SelfPlayGame { turns, winner: position.outcome().and_then(|outcome| outcome.winner()) };
    Ok(PlayedGame { game, tree: branches })
}

/// A turn drawn uniformly among the root's children (the nodes one turn below it) rated within `margin` of
/// the best one's chance; `None` when the search kept no child.
fn explored_turn(nodes: &[SearchedNode], margin: f32, rng: &mut StdRng) -> Option<Vec<Direction>> {
    let children: Vec<(&SearchedNode, f32)> =
        nodes.iter().filter(|node| node.turns.len() == 1).map(|node| (node, chance_of(node.evaluation))).collect();
    let best = children.iter().map(|&(_, chance)| chance).fold(f32::NEG_INFINITY, f32::max);
    let near: Vec<&SearchedNode> =
        children.into_iter().filter(|&(_, chance)| chance >= best - margin).map(|(node, _)| node).collect();
    if near.is_empty() {
        return None;
    }
    Some(near[rng.random_range(0..near.len())].turns[0].clone())
}

/// The branch off a game at `position` (reached by `turns`) to a node of its search's tree: `None` where the
/// node's turns end the game, which leaves no seat to act to judge.
fn tree_branch(
    turns: &[SelfPlayTurn],
    position: &Position,
    node: SearchedNode,
) -> anyhow::Result<Option<SelfPlayGame>> {
    let mut end = *position;
    for steps in &node.turns {
        play_whole_turn(&mut end, steps).context("the search's tree holds whole legal turns")?;
    }
    if end.is_over() {
        return Ok(None);
    }
    let unjudged = |steps: Vec<Direction>| SelfPlayTurn { steps, label: TurnLabel::Random };
    let mut branch: Vec<SelfPlayTurn> = turns.iter().map(|turn| unjudged(turn.steps.clone())).collect();
    branch.extend(node.turns.into_iter().map(unjudged));
    // The node's value is its last mover's; the judged end is the other seat's to act.
    let chance = 1.0 - chance_of(node.evaluation);
    branch.push(SelfPlayTurn { steps: Vec::new(), label: TurnLabel::Searched(chance) });
    Ok(Some(SelfPlayGame { turns: branch, winner: None }))
}

/// The random opening of game `index` of `seed`: `steps` random steps, then the turn they end in finished at
/// random. Returns the position it reaches and its turns.
pub fn random_opening(seed: u64, steps: u32, index: usize) -> anyhow::Result<(Position, Vec<SelfPlayTurn>)> {
    let mut rng = StdRng::seed_from_u64(seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut position = Position::new(Pitch::STANDARD);
    let mut turns = Vec::new();
    let mut opening = Vec::new();
    let mut taken = 0;
    while !position.is_over() && (taken < steps || !opening.is_empty()) {
        let mover = position.to_move();
        let legal: Vec<Direction> = position.legal_directions().collect();
        let step = legal[rng.random_range(0..legal.len())];
        position.step(step).context("a legal step")?;
        opening.push(step);
        taken += 1;
        if position.is_over() || position.to_move() != mover {
            turns.push(SelfPlayTurn { steps: std::mem::take(&mut opening), label: TurnLabel::Random });
        }
    }
    Ok((position, turns))
}

/// The chance of a win the search's evaluation of its turn stands for: the learned evaluation gives two units
/// a unit of logit, so a score of `s` units is the logistic of `s / 2` units.
pub fn chance_of(evaluation: Evaluation) -> f32 {
    match evaluation {
        Evaluation::Win(_) => 1.0,
        Evaluation::Loss(_) => 0.0,
        Evaluation::Score(units) => 1.0 / (1.0 + (-(units as f32) / (2.0 * UNIT as f32)).exp()),
    }
}

/// Adds to `positions` the position at the start of every trained turn of `games`, with its target: for a
/// searched turn `value_share` of the search's chance and the rest the result (1 if the seat to act won, else
/// 0), for a played one the result. A game without a result (given up unfinished, or a branch off a game)
/// says nothing of who won: with `value_share` above 0 its judged positions are trained on their chance
/// alone, and the rest of it is left out. Returns how many positions it added.
pub fn add_positions(games: &[SelfPlayGame], value_share: f32, positions: &mut Positions) -> anyhow::Result<usize> {
    let before = positions.len();
    for game in games {
        if game.winner.is_none() && value_share == 0.0 {
            continue;
        }
        let mut position = Position::new(Pitch::STANDARD);
        for turn in &game.turns {
            let result = game.winner.map(|winner| if position.to_move() == winner { 1.0 } else { 0.0 });
            let target = match (turn.label.chance(), result) {
                (Some(chance), Some(result)) => Some(value_share * chance + (1.0 - value_share) * result),
                (Some(chance), None) => Some(chance),
                (None, Some(result)) if turn.label.is_trained() => Some(result),
                (None, _) => None,
            };
            if let (Some(target), Some(inputs)) = (target, active_inputs(&position, false)) {
                positions.push(inputs.as_slice(), target);
            }
            for &step in &turn.steps {
                position.step(step).context("a self-play game was checked when read")?;
            }
        }
    }
    Ok(positions.len() - before)
}

/// Appends `games` to `out`, one a line, so that a long run keeps what it has played.
pub fn append(out: &mut impl Write, games: &[SelfPlayGame]) -> std::io::Result<()> {
    for game in games {
        writeln!(out, "{}", game.line())?;
    }
    out.flush()
}

/// Reads the games of a file written by [`append`].
pub fn read(path: &Path) -> anyhow::Result<Vec<SelfPlayGame>> {
    let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(number, line)| SelfPlayGame::parse(line).with_context(|| format!("{}:{}", path.display(), number + 1)))
        .collect()
}

#[cfg(test)]
mod tests {
    use kartka_bot::soccer_turns::play_turn;

    use super::*;

    fn quick(threads: usize) -> SelfPlayOptions {
        SelfPlayOptions { nodes: 300, opening_steps: 4, max_turns: 300, seed: 7, threads }
    }

    #[test]
    fn games_are_legal_decided_and_the_same_whatever_the_threads() {
        let one = play_games(quick(1), 0..3, SoccerNetEvaluation::embedded()).expect("self-play");
        let two = play_games(quick(2), 0..3, SoccerNetEvaluation::embedded()).expect("self-play");
        assert_eq!(one, two, "the threads changed the games");
        assert_eq!(one.len(), 3);
        let last = play_games(quick(2), 2..3, SoccerNetEvaluation::embedded()).expect("self-play");
        assert_eq!(last[..], one[2..], "a game is the same whatever else is played");
        for game in &one {
            assert!(game.winner.is_some(), "a game of a few hundred turns ends: {}", game.line());
            assert_eq!(SelfPlayGame::parse(&game.line()).expect("its own line reads back").winner, game.winner);
            assert_eq!(game.turns[0].label, TurnLabel::Random, "the opening is random");
            assert!(game.turns.iter().filter_map(|turn| turn.label.chance()).all(|value| (0.0..=1.0).contains(&value)));
        }
        assert_ne!(one[0].turns, one[1].turns, "each game has its own opening");
    }

    #[test]
    fn no_exploration_plays_the_same_games() {
        let evaluator = SoccerNetEvaluation::embedded();
        let plain = play_games(quick(1), 0..2, evaluator).expect("self-play");
        let exploring = play_games_exploring(quick(2), 0..2, evaluator, Exploration::default()).expect("self-play");
        assert_eq!(plain, exploring);
    }

    #[test]
    fn explored_turns_are_near_the_best_legal_and_not_trained_on() {
        let evaluator = SoccerNetEvaluation::embedded();
        let exploration = Exploration { share: 0.5, margin: 0.15, exploiter_nodes: None };
        let games = play_games_exploring(quick(1), 0..2, evaluator, exploration).expect("self-play");
        assert_eq!(games, play_games_exploring(quick(2), 0..2, evaluator, exploration).expect("again"), "seeded");
        assert_ne!(games, play_games(quick(1), 0..2, evaluator).expect("self-play"), "nothing was explored");
        let mut explored = 0;
        for (game_index, game) in games.iter().enumerate() {
            assert!(game.winner.is_some(), "a game of a few hundred turns ends: {}", game.line());
            let opening = random_opening(7, 4, game_index).expect("an opening").1.len();
            let mut position = Position::new(Pitch::STANDARD);
            for (index, turn) in game.turns.iter().enumerate() {
                if turn.label == TurnLabel::Random && index >= opening {
                    explored += 1;
                    let (chosen, nodes) =
                        play_turn_with_tree(&position, &evaluator, Backup::STRONGEST, 300, &NoDeadline, usize::MAX, 0)
                            .expect("a search");
                    assert_ne!(chosen.actions, turn.steps, "an explored turn differs from the choice");
                    let children: Vec<&SearchedNode> = nodes.iter().filter(|node| node.turns.len() == 1).collect();
                    let best = children.iter().map(|node| chance_of(node.evaluation)).fold(0.0, f32::max);
                    let played = children.iter().find(|node| node.turns[0] == turn.steps).expect("a root child");
                    assert!(chance_of(played.evaluation) >= best - 0.15, "an explored turn far below the best");
                }
                play_whole_turn(&mut position, &turn.steps).expect("a legal whole turn");
            }
            assert!(position.is_over());
        }
        assert!(explored > 0, "no turn was explored");
    }

    #[test]
    fn the_exploiter_seat_searches_its_own_budget_and_the_other_the_options() {
        let evaluator = SoccerNetEvaluation::embedded();
        let exploration = Exploration { exploiter_nodes: Some(1_500), ..Exploration::default() };
        let games = play_games_exploring(quick(2), 0..2, evaluator, exploration).expect("self-play");
        assert_ne!(games, play_games(quick(1), 0..2, evaluator).expect("self-play"), "the exploiter changed nothing");
        let mut by_budget = [0, 0];
        for (index, game) in games.iter().enumerate() {
            assert!(game.winner.is_some(), "a game of a few hundred turns ends: {}", game.line());
            let mut position = Position::new(Pitch::STANDARD);
            for turn in &game.turns {
                if turn.label != TurnLabel::Random {
                    let exploits = position.to_move().index() == index % 2;
                    let budget = if exploits { 1_500 } else { 300 };
                    let searched = play_turn(&position, &evaluator, Backup::STRONGEST, budget, &NoDeadline)
                        .expect("a game going on has a turn");
                    assert_eq!(searched.actions, turn.steps, "game {index}: not the search of {budget} listed turns");
                    by_budget[usize::from(exploits)] += 1;
                }
                play_whole_turn(&mut position, &turn.steps).expect("a legal whole turn");
            }
        }
        assert!(by_budget.iter().all(|&turns| turns > 5), "both budgets played: {by_budget:?}");
    }

    #[test]
    fn tree_labels_branch_off_the_same_games_to_nodes_judged_for_the_seat_to_act() {
        let options = SelfPlayOptions { nodes: 3_000, ..quick(1) };
        let evaluator = SoccerNetEvaluation::embedded();
        let tree = TreeLabels { most_visited: 4, min_visits: 2 };
        let played = play_games_with_trees(options, 0..2, evaluator, tree).expect("self-play");
        let games: Vec<SelfPlayGame> = played.iter().map(|played| played.game.clone()).collect();
        assert_eq!(games, play_games(options, 0..2, evaluator).expect("self-play"), "the labels changed the games");
        let mut played_turns_seen = 0;
        for PlayedGame { game, tree: branches } in &played {
            let searched = game.turns.iter().filter(|turn| turn.label.chance().is_some()).count();
            assert!(!branches.is_empty() && branches.len() <= 4 * searched, "{} branches", branches.len());
            for branch in branches {
                assert_eq!(SelfPlayGame::parse(&branch.line()).expect("a branch reads back").winner, None);
                let (end, turns) = branch.turns.split_last().expect("a judged end");
                assert!(end.steps.is_empty() && end.label.chance().is_some_and(|chance| (0.0..=1.0).contains(&chance)));
                assert!(turns.iter().all(|turn| turn.label == TurnLabel::Random), "only the end is judged");
            }
            for (index, turn) in game.turns.iter().enumerate() {
                let Some(chance) = turn.label.chance() else { continue };
                // An earlier search's deeper node may end on the same turns, judged by that search: the turn
                // played is among the branches of that length with the game's turns, one judged as it was.
                let judged_as_played = branches.iter().any(|branch| {
                    branch.turns.len() == index + 2
                        && branch.turns[..=index].iter().zip(&game.turns).all(|(own, its)| own.steps == its.steps)
                        && branch.turns[index + 1].label.chance() == Some(1.0 - chance)
                });
                played_turns_seen += usize::from(judged_as_played);
            }
        }
        assert!(played_turns_seen > 10, "the turn played was labelled only {played_turns_seen} times");
        let branches: Vec<SelfPlayGame> = played.into_iter().flat_map(|played| played.tree).collect();
        let mut positions = Positions::default();
        assert_eq!(add_positions(&branches, 0.5, &mut positions).expect("positions"), branches.len(), "one a branch");
    }

    #[test]
    fn every_searched_turn_is_the_one_the_strongest_level_s_rule_plays() {
        let options = quick(1);
        let evaluator = SoccerNetEvaluation::embedded();
        let game = play_game(options, 0, [evaluator; 2]).expect("self-play");
        let mut position = Position::new(Pitch::STANDARD);
        for turn in &game.turns {
            if turn.label != TurnLabel::Random {
                let searched = play_turn(&position, &evaluator, Backup::STRONGEST, options.nodes, &NoDeadline)
                    .expect("a game going on has a turn");
                assert_eq!(searched.actions, turn.steps, "self-play played another search's turn");
            }
            for &step in &turn.steps {
                position.step(step).expect("a self-play turn is legal");
            }
        }
    }

    #[test]
    fn a_game_at_a_real_budget_ends() {
        // This game once reached a node whose every kept answer was lost, though the caps had left turns out:
        // the search went back there without end, listing nothing, and never spent its budget.
        let options = SelfPlayOptions { nodes: 20_000, opening_steps: 4, max_turns: 300, seed: 100, threads: 1 };
        let games = play_games(options, 0..1, SoccerNetEvaluation::embedded()).expect("self-play");
        assert!(games[0].winner.is_some(), "{}", games[0].line());
    }

    #[test]
    fn a_line_round_trips_with_its_values() {
        let played = play_games(quick(1), 0..1, SoccerNetEvaluation::embedded()).expect("self-play");
        let line = played[0].line();
        assert_eq!(SelfPlayGame::parse(&line).expect("reads back").line(), line);
    }

    #[test]
    fn bad_lines_are_refused_with_the_reason() {
        let game = play_games(quick(1), 0..1, SoccerNetEvaluation::embedded()).expect("self-play").remove(0);
        let line = game.line();
        let (winner, turns) = line.split_once(' ').expect("a winner and turns");
        let wrong_winner = format!("{} {turns}", if winner == "1" { "2" } else { "1" });
        let error = SelfPlayGame::parse(&wrong_winner).expect_err("the wrong winner");
        assert!(format!("{error:#}").contains("winner"), "{error:#}");
        let error = SelfPlayGame::parse(&format!("{winner} {turns} 0:0.5")).expect_err("a turn after the end");
        assert!(format!("{error:#}").contains("illegal"), "{error:#}");
        let error = SelfPlayGame::parse("x 0:0.5").expect_err("no winner");
        assert!(format!("{error:#}").contains("winner"), "{error:#}");
        let first = turns.split_whitespace().next().expect("a turn");
        let (digits, _) = first.split_once(':').expect("digits and a value");
        let error = SelfPlayGame::parse(&format!("- {digits}{digits}:0.5")).expect_err("two turns as one");
        assert!(format!("{error:#}").contains("illegal"), "{error:#}");
        let error = SelfPlayGame::parse(&format!("- {digits}:1.5")).expect_err("a chance over 1");
        assert!(format!("{error:#}").contains("chance"), "{error:#}");
        let error = SelfPlayGame::parse(&format!("- :0.5 {digits}:-")).expect_err("a judged end before a turn");
        assert!(format!("{error:#}").contains("last word"), "{error:#}");
        let error = SelfPlayGame::parse(&format!("- {digits}:- :-")).expect_err("an end without a chance");
        assert!(format!("{error:#}").contains("last word"), "{error:#}");
        let error = SelfPlayGame::parse(&format!("{line} :0.5")).expect_err("the end of a finished game");
        assert!(format!("{error:#}").contains("last word"), "{error:#}");
    }

    #[test]
    fn positions_get_the_search_value_mixed_with_the_result() {
        let games = play_games(quick(1), 0..2, SoccerNetEvaluation::embedded()).expect("self-play");
        let searched: usize =
            games.iter().map(|game| game.turns.iter().filter(|turn| turn.label.is_trained()).count()).sum();
        let mut positions = Positions::default();
        assert_eq!(add_positions(&games, 0.5, &mut positions).expect("positions"), searched);
        let mut results_only = Positions::default();
        add_positions(&games, 0.0, &mut results_only).expect("positions");
        assert!((0..results_only.len()).all(|index| matches!(results_only.target(index), 0.0 | 1.0)));
        assert!((0..positions.len()).any(|index| !matches!(positions.target(index), 0.0 | 1.0)));
        let unfinished = SelfPlayGame { winner: None, ..games[0].clone() };
        assert_eq!(add_positions(std::slice::from_ref(&unfinished), 0.0, &mut Positions::default()).expect("none"), 0);
        let mut chances = Positions::default();
        let searched: Vec<f32> = unfinished.turns.iter().filter_map(|turn| turn.label.chance()).collect();
        assert_eq!(add_positions(&[unfinished], 0.5, &mut chances).expect("positions"), searched.len());
        let targets: Vec<f32> = (0..chances.len()).map(|index| chances.target(index)).collect();
        assert_eq!(targets, searched, "without a result, a judged position's target is its chance alone");
    }

    #[test]
    fn a_branch_s_judged_end_reads_back_and_is_trained_on_its_chance() {
        let (end, mut turns) = random_opening(3, 6, 0).expect("an opening");
        turns.push(SelfPlayTurn { steps: Vec::new(), label: TurnLabel::Searched(0.388) });
        let branch = SelfPlayGame { turns, winner: None };
        let line = branch.line();
        assert!(line.ends_with(" :0.388"), "{line}");
        assert_eq!(SelfPlayGame::parse(&line).expect("a branch off a game"), branch);
        let mut positions = Positions::default();
        assert_eq!(add_positions(&[branch], 1.0, &mut positions).expect("positions"), 1, "only the judged end");
        assert_eq!(positions.target(0), 0.388);
        let expected = active_inputs(&end, false).expect("a game going on");
        assert_eq!(positions.inputs(0), expected.as_slice(), "the position the turns reach");
    }

    #[test]
    fn a_score_is_read_as_the_logistic_of_half_its_units() {
        assert_eq!(chance_of(Evaluation::Score(0)), 0.5);
        assert!((chance_of(Evaluation::Score(2 * UNIT)) - 0.731_058_6).abs() < 1e-6);
        assert_eq!(chance_of(Evaluation::Win(Some(3))), 1.0);
        assert_eq!(chance_of(Evaluation::Loss(None)), 0.0);
    }
}
