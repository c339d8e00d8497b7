//! What the bot knows of a game kind beyond its rules: a static evaluation of positions, and for some kinds an
//! exact solver. The search is the same for every kind; this trait is where the kinds differ.

use kartka_engine::Game;

/// The scale of evaluations: a position a whole "unit" better is worth this much. What a unit is belongs to the
/// kind (a step nearer the goal in Paper Soccer, one move more than the opponent in Closing In).
pub const UNIT: i32 = 100;

/// Evaluations stay strictly inside ±`EVALUATION_LIMIT`, far below the scores of decided games.
pub const EVALUATION_LIMIT: i32 = 100 * UNIT;

/// Knowledge of one game kind.
pub trait Evaluate<G: Game> {
    /// How good `game` is for the seat to act, in [`UNIT`]s (0 is even, positive is better for that seat),
    /// strictly inside ±[`EVALUATION_LIMIT`]. Called only while the game goes on, at every leaf of the search:
    /// it must be cheap.
    fn evaluate(&self, game: &G) -> i32;

    /// A cheaper estimate of [`Evaluate::evaluate`] on the same scale, by which the search orders the actions
    /// of an inner node: it is asked of every child before any is searched, most of which the search then cuts
    /// off, so a kind whose evaluation is dear may leave its dearest terms out here. The evaluation itself by
    /// default.
    fn guess(&self, game: &G) -> i32 {
        self.evaluate(game)
    }

    /// [`Evaluate::evaluate`] of each of `games`, in order, appended to `values`: what a search asks when it
    /// has many positions to judge at once (the children of a node), so that an evaluation cheaper by the
    /// batch (another process asked once for many positions) can be. One at a time by default.
    fn evaluate_many(&self, games: &[G], values: &mut Vec<i32>) {
        values.extend(games.iter().map(|game| self.evaluate(game)));
    }

    /// An exact answer for the seat to act, if the kind has a solver and `game` is small enough to prove within
    /// `node_budget` nodes. The default knows none.
    fn solve(&self, game: &G, node_budget: u64) -> Option<Proof<G::Action>> {
        let _ = (game, node_budget);
        None
    }

    /// What the kind's threat search sees for the seat to act within `node_budget` nodes: a win against any
    /// defence, or else the only actions worth searching against the opponent's. The default knows no threats.
    fn threats(&self, game: &G, node_budget: u64) -> Threats<G::Action> {
        let _ = (game, node_budget);
        Threats::default()
    }
}

/// What a kind's threat search found ([`Evaluate::threats`]), with every node it visited, found or not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Threats<A> {
    /// An action that wins against any defence.
    pub win: Option<A>,
    /// Without a win: the only actions worth searching, those that refute the opponent's threat; empty when
    /// all are.
    pub refutations: Vec<A>,
    /// The nodes the threat search visited.
    pub nodes: u64,
}

impl<A> Default for Threats<A> {
    fn default() -> Self {
        Threats { win: None, refutations: Vec::new(), nodes: 0 }
    }
}

/// What an exact solver proved about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proof<A> {
    /// Whether the seat to act wins with perfect play.
    pub wins: bool,
    /// The action to play: one that keeps the win, or (in a lost position) the solver's choice.
    pub action: A,
    /// The nodes the solver visited.
    pub nodes: u64,
}

/// The bot of a kind it knows nothing about: the seat with more legal actions is better off. Enough for the
/// search to find wins and avoid losses within its horizon, so every kind has a bot from the day it lands.
#[derive(Clone, Copy, Debug, Default)]
pub struct Generic;

impl<G: Game> Evaluate<G> for Generic {
    fn evaluate(&self, game: &G) -> i32 {
        let mut actions = 0i32;
        game.for_each_legal_action(|_| actions += 1);
        actions.min(EVALUATION_LIMIT / UNIT - 1) * UNIT / 10
    }
}

#[cfg(test)]
mod tests {
    use kartka_engine::closing_in;
    use kartka_engine::soccer;

    use super::*;

    #[test]
    fn the_generic_evaluation_counts_the_actions_of_the_seat_to_act() {
        let soccer_start = soccer::Position::default();
        assert_eq!(Generic.evaluate(&soccer_start), 8 * UNIT / 10);
        let closing_in_start = closing_in::Position::default();
        assert_eq!(Generic.evaluate(&closing_in_start), 36 * UNIT / 10);
    }
}
