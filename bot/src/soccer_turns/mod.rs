//! A search over **whole turns** of classic Paper Soccer (issue #40 item 2), beside the step search of
//! `search.rs`: a node is a complete turn and the position after it, as QtPaperSoccer's searches see the game.
//!
//! - **Children** ([`children`]): the distinct turns from the engine's `TurnEnumerator`, the first
//!   [`LISTED_TURNS`] of a deep position's; a turn that scores
//!   is kept alone (the node is won); otherwise the [`EVALUATED_TURNS`] best by the cheap guess are evaluated
//!   in full and the [`CHILDREN_KEPT`] best of those kept, with every turn that ends the game (exact). A turn
//!   after which the opponent can score within its own turn is proven lost as it is listed (the engine's goal
//!   reach within a turn is exact), so a node whose every answer allows that is won by one listing.
//! - **The tree** ([`tree`]): a pool of at most [`NODE_LIMIT`] nodes and [`STEP_LIMIT`] steps, reserved once;
//!   a search that fills it answers with what it has.
//! - **The iterations** ([`search`]): UCB1 down to a node not yet expanded, its children listed and evaluated
//!   (by [`Backup::Blend`], on the node's second visit only),
//!   its value (the best answer's, negated) backed up by the [`Backup`] rule; won and lost nodes settled
//!   exactly, as in an MCTS solver. No random playouts. The deadline hears how the search goes after 8, 16,
//!   32, … iterations ([`Deadline::deepen`]), as after iterations of deepening, and is asked between
//!   iterations; the node budget counts the turns listed. No clock is read here.
//! - **Tree learning** ([`play_turn_with_tree`]): the search's most visited nodes with their values, the labels
//!   self-play writes beside its games so that the network learns what the search found below the root.

mod children;
mod search;
mod tree;

#[cfg(test)]
mod tests;

pub use children::{CHILDREN_KEPT, EVALUATED_TURNS, LISTED_TURNS};
pub use search::{BLEND_EXPLORATION, BLEND_MINIMAX, FIRST_VISIT_BONUS, ROOT_FIRST_VISIT_BONUS};
pub use tree::{NODE_LIMIT, STEP_LIMIT};

use kartka_engine::soccer::{Direction, Position};

use self::children::units_of_value;
use self::search::TurnSearch;
use self::tree::{Node, Proof};
use crate::bot::{BotError, Evaluation, Stats, Turn};
use crate::evaluate::Evaluate;
use crate::search::Deadline;

/// How a node's value follows from its subtree's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Backup {
    /// UCT: the mean of the values backed up through the node (its own evaluation counted once); the turn
    /// played is the root's most visited.
    #[default]
    Average,
    /// Best-first minimax: the best answer's value, negated, over the evaluations at the subtree's frontier;
    /// the turn played is the root's best valued.
    Minimax,
    /// QtPaperSoccer's rule: a node is worth [`BLEND_MINIMAX`] of its minimax value and the rest of the mean,
    /// a child never visited is tried with a bonus of its own ([`FIRST_VISIT_BONUS`], at the root
    /// [`ROOT_FIRST_VISIT_BONUS`]), the others by UCB1 with a wider constant ([`BLEND_EXPLORATION`]); the turn
    /// played is the root's child with the best minimax value plus ln(visits + 3), so that a turn both
    /// searched and well valued wins over either. A node's turns are listed on its second visit: the first
    /// backs up the value it got as its parent's child.
    Blend,
}

impl Backup {
    /// The rule the strongest level (level 8) plays, and so the one self-play and the trainer's matches play,
    /// which measure and teach that level's search.
    pub const STRONGEST: Backup = Backup::Blend;
}

/// The whole turn the search over turns plays in `position` (kind Paper Soccer), within `node_budget` listed
/// turns and before `deadline`, judged by `evaluator`. The root's turns are always listed and evaluated, so
/// a legal turn comes back however short the budget.
pub fn play_turn<E: Evaluate<Position>>(
    position: &Position,
    evaluator: &E,
    backup: Backup,
    node_budget: u64,
    deadline: &dyn Deadline,
) -> Result<Turn<Direction>, BotError> {
    search_turn(position, evaluator, backup, node_budget, deadline).map(|(turn, _)| turn)
}

/// A node of the search's tree below the root and what the search found it worth: a label for tree learning,
/// which teaches the network what its own search saw below the positions it was asked about, not only at the
/// root (Cohen-Solal's "tree learning", the training of the unbounded best-first minimax QtPaperSoccer plays).
#[derive(Clone, Debug, PartialEq)]
pub struct SearchedNode {
    /// The whole turns from the root to the node, the root's child first; each never empty.
    pub turns: Vec<Vec<Direction>>,
    /// What the position after the last turn is worth to the seat that played it, on the scale of
    /// [`play_turn`]'s own evaluation: the backup rule's value, or exact where the tree proved it (a win or a
    /// loss without a count of steps).
    pub evaluation: Evaluation,
    /// The iterations that went through the node.
    pub visits: u32,
}

/// [`play_turn`], and the `most_visited` nodes below the root that the search went through at least
/// `min_visits` times, most visited first (ties in the tree's order), each with the search's value; none
/// and no work beyond [`play_turn`]'s where `most_visited` is 0.
pub fn play_turn_with_tree<E: Evaluate<Position>>(
    position: &Position,
    evaluator: &E,
    backup: Backup,
    node_budget: u64,
    deadline: &dyn Deadline,
    most_visited: usize,
    min_visits: u32,
) -> Result<(Turn<Direction>, Vec<SearchedNode>), BotError> {
    let (turn, search) = search_turn(position, evaluator, backup, node_budget, deadline)?;
    if most_visited == 0 {
        return Ok((turn, Vec::new()));
    }
    let tree = &search.tree;
    let mut parents = vec![0u32; tree.nodes.len()];
    for (index, node) in tree.nodes.iter().enumerate() {
        for child in node.child_indices() {
            parents[child] = index as u32;
        }
    }
    let mut chosen: Vec<usize> =
        (1..tree.nodes.len()).filter(|&index| tree.nodes[index].visits >= min_visits).collect();
    chosen.sort_by_key(|&index| std::cmp::Reverse(tree.nodes[index].visits));
    chosen.truncate(most_visited);
    let nodes = chosen
        .into_iter()
        .map(|index| {
            let mut turns = Vec::new();
            let mut at = index;
            while at != 0 {
                turns.push(tree.steps_of(at).to_vec());
                at = parents[at] as usize;
            }
            turns.reverse();
            let node = &tree.nodes[index];
            SearchedNode { turns, evaluation: evaluation_of(&search, node), visits: node.visits }
        })
        .collect();
    Ok((turn, nodes))
}

/// The search of [`play_turn`], with the tree it grew.
fn search_turn<'a, E: Evaluate<Position>>(
    position: &Position,
    evaluator: &'a E,
    backup: Backup,
    node_budget: u64,
    deadline: &'a dyn Deadline,
) -> Result<(Turn<Direction>, TurnSearch<'a, E>), BotError> {
    if position.is_over() {
        return Err(BotError::GameOver);
    }
    let mut search = TurnSearch::new(evaluator, deadline, backup, node_budget);
    let outcome = search.run(position).ok_or(BotError::NoLegalAction)?;
    let chosen = &search.tree.nodes[outcome.chosen];
    let actions = search.tree.steps_of(outcome.chosen).to_vec();
    let evaluation = match evaluation_of(&search, chosen) {
        Evaluation::Win(_) => Evaluation::Win(actions_if_it_ends_the_game(position, &actions)),
        evaluation => evaluation,
    };
    let stats = Stats { nodes: outcome.turns, depth: outcome.depth, solved: 0, planned: 0 };
    Ok((Turn { actions, evaluation, stats }, search))
}

/// What `node` is worth to the seat that played its turn, as the search found it.
fn evaluation_of<E: Evaluate<Position>>(search: &TurnSearch<'_, E>, node: &Node) -> Evaluation {
    match node.proof {
        Proof::Won => Evaluation::Win(None),
        Proof::Lost => Evaluation::Loss(None),
        Proof::Drawn => Evaluation::Score(0),
        Proof::Open => Evaluation::Score(units_of_value(search.value(node))),
    }
}

/// The number of steps of a winning turn that ends the game itself (a goal, the opponent stuck): a win within
/// that many actions, as the step search counts them. `None` for a win the tree proved over later turns.
fn actions_if_it_ends_the_game(position: &Position, actions: &[Direction]) -> Option<u32> {
    let mut after = *position;
    for &direction in actions {
        after.step(direction).ok()?;
    }
    after.is_over().then(|| u32::try_from(actions.len()).unwrap_or(u32::MAX))
}
