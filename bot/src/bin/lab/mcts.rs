//! A plain UCT Monte Carlo tree search with uniformly random playouts, over single actions of any game kind:
//! the kind of engine most open Paper Soccer bots are (see docs/bot.md), written here from the textbook
//! algorithm as an opponent for `kartka-bot-lab ladder --pit … mcts`, never as a server level.
//!
//! Like the bot it counts its work in actions applied (tree steps and playout steps alike), so the two play at
//! the same node budget; and like the bot it searches a turn's first action, plays it, and searches again
//! while the turn goes on, with the same shares of the budget (three quarters, then half of what is left).

use kartka_engine::{write_actions, AnyGame, Game, GameVisitor, Seat};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// UCT's exploration constant: √2, the textbook value for rewards in 0 to 1.
const EXPLORATION: f64 = std::f64::consts::SQRT_2;
/// Actions after which a playout stops as a draw, in case a kind's game were endless under random play.
const PLAYOUT_LIMIT: u32 = 100_000;

/// One node of the tree: the position reached by `action` from its parent.
struct Node<A> {
    action: Option<A>,
    /// The seat that chose `action` (whose point of view `reward` takes).
    mover: Option<Seat>,
    children: Vec<usize>,
    untried: Vec<A>,
    visits: f64,
    reward: f64,
}

/// The turn UCT plays in `game` within `node_budget` applied actions, as move text [`AnyGame::play`] reads.
pub fn play_any_turn(game: &AnyGame, node_budget: u64, seed: u64) -> String {
    game.visit(TurnText { node_budget, seed })
}

/// [`play_turn`] in a game of any kind, written as move text.
struct TurnText {
    node_budget: u64,
    seed: u64,
}

impl GameVisitor for TurnText {
    type Output = String;

    fn visit<G: Game>(self, game: &G) -> String {
        write_actions::<G>(&play_turn(game, self.node_budget, self.seed))
    }
}

/// The actions of one whole turn of the seat to act in `game`, chosen by UCT within `node_budget` actions
/// applied, random choices drawn from `seed`. Empty when the game is over.
pub fn play_turn<G: Game>(game: &G, node_budget: u64, seed: u64) -> Vec<G::Action> {
    let mut rng = StdRng::seed_from_u64(seed);
    let Some(seat) = game.to_act() else { return Vec::new() };
    let mut position = game.clone();
    let mut actions = Vec::new();
    let mut spent = 0;
    while position.to_act() == Some(seat) {
        let remaining = node_budget.saturating_sub(spent);
        let share = if actions.is_empty() { remaining - remaining / 4 } else { remaining / 2 };
        let (action, nodes) = choose(&position, share, &mut rng);
        spent += nodes;
        let Some(action) = action else { break };
        actions.push(action);
        if position.apply(action).is_err() || !position.mid_turn() {
            break;
        }
    }
    actions
}

/// The root action with the most visits after UCT iterations worth `budget` applied actions (at least one
/// iteration), and the actions applied.
fn choose<G: Game>(root: &G, budget: u64, rng: &mut StdRng) -> (Option<G::Action>, u64) {
    let mut tree =
        vec![Node { action: None, mover: None, children: Vec::new(), untried: legal(root), visits: 0.0, reward: 0.0 }];
    let mut nodes = 0u64;
    let mut buffer = Vec::new();
    loop {
        let mut state = root.clone();
        let mut path = vec![0];
        let mut current = 0;
        // Selection: down the fully expanded part of the tree by the UCB1 bound.
        while tree[current].untried.is_empty() && !tree[current].children.is_empty() {
            let parent_visits = tree[current].visits.ln();
            current = *tree[current]
                .children
                .iter()
                .max_by(|&&a, &&b| ucb(&tree[a], parent_visits).total_cmp(&ucb(&tree[b], parent_visits)))
                .expect("a child");
            if let Some(action) = tree[current].action {
                let _ = state.apply(action);
                nodes += 1;
            }
            path.push(current);
        }
        // Expansion: one untried action, at random.
        if !tree[current].untried.is_empty() {
            let pick = rng.random_range(0..tree[current].untried.len());
            let action = tree[current].untried.swap_remove(pick);
            let mover = state.to_act();
            if state.apply(action).is_ok() {
                nodes += 1;
                let child = tree.len();
                tree.push(Node {
                    action: Some(action),
                    mover,
                    children: Vec::new(),
                    untried: legal(&state),
                    visits: 0.0,
                    reward: 0.0,
                });
                tree[current].children.push(child);
                path.push(child);
            }
        }
        // Playout: uniformly random legal actions to the end.
        let mut steps = 0;
        while state.to_act().is_some() && steps < PLAYOUT_LIMIT {
            buffer.clear();
            state.for_each_legal_action(|action| buffer.push(action));
            if buffer.is_empty() {
                break;
            }
            let action = buffer[rng.random_range(0..buffer.len())];
            if state.apply(action).is_err() {
                break;
            }
            nodes += 1;
            steps += 1;
        }
        let winner = state.outcome().and_then(|outcome| outcome.winner());
        // Back-propagation: a win for the seat that chose each action on the path.
        for &index in &path {
            let node = &mut tree[index];
            node.visits += 1.0;
            node.reward += match (winner, node.mover) {
                (Some(winner), Some(mover)) if winner == mover => 1.0,
                (None, _) => 0.5,
                _ => 0.0,
            };
        }
        if nodes >= budget {
            break;
        }
    }
    let best = tree[0]
        .children
        .iter()
        .max_by(|&&a, &&b| tree[a].visits.total_cmp(&tree[b].visits))
        .and_then(|&child| tree[child].action);
    (best, nodes)
}

/// UCB1 of `node` under a parent with ln(visits) = `parent_visits`: the mean reward plus the exploration bonus.
fn ucb<A>(node: &Node<A>, parent_visits: f64) -> f64 {
    node.reward / node.visits + EXPLORATION * (parent_visits / node.visits).sqrt()
}

fn legal<G: Game>(game: &G) -> Vec<G::Action> {
    let mut actions = Vec::new();
    if game.to_act().is_some() {
        game.for_each_legal_action(|action| actions.push(action));
    }
    actions
}

#[cfg(test)]
mod tests {
    use kartka_engine::soccer::Position;

    use super::*;

    #[test]
    fn a_turn_is_legal_and_the_same_for_the_same_seed() {
        let position = Position::default();
        let turn = play_turn(&position, 5_000, 3);
        assert!(!turn.is_empty());
        let mut game = position;
        for &action in &turn {
            game.apply(action).expect("a legal action");
        }
        assert_ne!(game.to_act(), Some(Seat::FIRST), "the turn is whole: the other seat acts");
        assert_eq!(turn, play_turn(&position, 5_000, 3));
    }
}
