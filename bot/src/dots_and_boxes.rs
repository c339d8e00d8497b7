//! What the bot knows of Dots and Boxes: boxes taken and boxes there to take, an exact endgame solver for two
//! players, and for three or four players a paranoid view of the game that the two-seat search can play.
//!
//! The search's own rule does most of the chain work: after a completed box the same seat acts again, which
//! costs half a step of depth, so a chain is taken to its end within a short search. The evaluation counts a
//! box with three sides drawn for the seat to act (it may take it), so an edge that draws a third side shows up
//! at once as a box handed over, and a safe edge is preferred while there is one. Once few edges are left the
//! solver plays the endgame exactly, double-dealing included.

use kartka_engine::dots_and_boxes::{DotsAndBoxesRules, Edge, IllegalMove, Position};
use kartka_engine::{BySeat, Game, NotationError, Outcome, PositionKey, Progress, Seat};

use crate::evaluate::{Evaluate, Proof, EVALUATION_LIMIT, UNIT};

/// The solver is asked only when at most this many edges are free: a table of 2^18 one-byte values (256 KiB),
/// filled in some five million steps. A 5×5 field reaches it in the endgame, when the chains are drawn.
const SOLVE_FREE_EDGES: usize = 18;

/// The boxes with exactly three sides drawn: each one the seat to act may take.
fn takeable(position: &Position) -> i32 {
    let rules = position.rules();
    let drawn = position.drawn();
    let mut count = 0;
    for row in 0..rules.rows() {
        for column in 0..rules.cols() {
            let sides = rules.box_edges(column, row).iter().filter(|&&side| drawn.contains(side)).count();
            if sides == 3 {
                count += 1;
            }
        }
    }
    count
}

/// `seat`'s boxes minus the most any other seat has.
fn lead(scores: &BySeat<u32>, seat: Seat) -> i32 {
    let best_other = scores.iter().filter(|&(other, _)| other != seat).map(|(_, &boxes)| boxes).max().unwrap_or(0);
    // Scores are at most 81 boxes.
    scores[seat] as i32 - best_other as i32
}

/// An evaluation in units, kept strictly inside the evaluation limit.
fn units(value: i32) -> i32 {
    (value * UNIT).clamp(-(EVALUATION_LIMIT - 1), EVALUATION_LIMIT - 1)
}

/// Dots and Boxes' evaluation for the seat to act: its boxes minus the best other seat's, plus the boxes it may
/// take now; and the exact solver for two players once few edges are free.
#[derive(Clone, Copy, Debug, Default)]
pub struct DotsAndBoxesEvaluation;

impl Evaluate<Position> for DotsAndBoxesEvaluation {
    fn evaluate(&self, position: &Position) -> i32 {
        units(lead(&position.scores(), position.to_move()) + takeable(position))
    }

    fn solve(&self, position: &Position, node_budget: u64) -> Option<Proof<Edge>> {
        if position.rules().players() != 2 || position.is_over() {
            return None;
        }
        let solved = solve_endgame(position, node_budget)?;
        let margin = lead(&position.scores(), position.to_move()) + solved.gain;
        Some(Proof { wins: margin > 0, action: solved.edge, nodes: solved.nodes })
    }
}

/// What the endgame solver found: the best edge for the seat to act, the net boxes it gains from here with
/// perfect play (its future boxes minus the opponent's), and the steps it took.
struct Endgame {
    edge: Edge,
    gain: i32,
    nodes: u64,
}

/// Solves the rest of a two-player game exactly when few edges are free and the budget allows: the value of a
/// set of drawn edges is the best net gain of the seat to act, as in the engine's solver, over the free edges
/// only (those already drawn stay drawn, so a box closes when its free sides are drawn).
fn solve_endgame(position: &Position, node_budget: u64) -> Option<Endgame> {
    let rules: DotsAndBoxesRules = position.rules();
    let drawn = position.drawn();
    let free: Vec<usize> = (0..rules.edge_count()).filter(|&index| !drawn.contains(index)).collect();
    let count = free.len();
    if count == 0 || count > SOLVE_FREE_EDGES {
        return None;
    }
    let nodes = (1u64 << count) * count as u64;
    if nodes > node_budget {
        return None;
    }
    let bit = |index: usize| free.iter().position(|&edge| edge == index);
    // For each free edge, the free sides of the (at most two) boxes beside it, as bits of positions in `free`.
    let beside: Vec<[u32; 2]> = free
        .iter()
        .map(|&index| {
            rules.boxes_beside(rules.edge_at(index)).map(|side| {
                side.map_or(0, |(column, row)| {
                    rules.box_edges(column, row).iter().filter_map(|&side| bit(side)).fold(0, |mask, at| mask | 1 << at)
                })
            })
        })
        .collect();
    let worth = |value: &[i8], state: u32, at: usize| -> i8 {
        let after = state | 1 << at;
        let closed = beside[at].iter().filter(|&&mask| mask != 0 && after & mask == mask).count();
        // At most two boxes close, and values stay within the 81 boxes of the largest field.
        if closed > 0 {
            closed as i8 + value[after as usize]
        } else {
            -value[after as usize]
        }
    };
    let full = (1u32 << count) - 1;
    let mut value = vec![0i8; 1 << count];
    for state in (0..full).rev() {
        let best = (0..count).filter(|&at| state & 1 << at == 0).map(|at| worth(&value, state, at)).max();
        value[state as usize] = best.unwrap_or(0);
    }
    let at = (0..count).max_by_key(|&at| (worth(&value, 0, at), std::cmp::Reverse(at)))?;
    Some(Endgame { edge: rules.edge_at(free[at]), gain: i32::from(value[0]), nodes })
}

/// A game of three or four players as the bot's two-seat search sees it: the bot's seat against a coalition of
/// all the others (the paranoid assumption). The coalition acts whenever any other seat does, in the engine's
/// seat order (after a completed box the same seat moves again, so no alternation is assumed); a game is won
/// when the bot ends with more boxes than every other seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Paranoid {
    position: Position,
    me: Seat,
}

impl Paranoid {
    /// The position as the seat to act in it sees it; `None` once the game is over.
    #[must_use]
    pub fn of(position: &Position) -> Option<Paranoid> {
        position.to_act().map(|me| Paranoid { position: *position, me })
    }

    /// The two-seat outcome of the real game's end: the bot's boxes against the most any other seat has.
    fn duel(&self, outcome: Outcome) -> Outcome {
        let scores = self.position.scores();
        let mine = scores[self.me];
        let best_other = scores.iter().filter(|&(seat, _)| seat != self.me).map(|(_, &boxes)| boxes).max();
        let against = BySeat::from_fn(2, |seat| if seat == Seat::FIRST { mine } else { best_other.unwrap_or(0) });
        Outcome::of_scores(against, outcome.reason)
    }
}

impl Game for Paranoid {
    type Rules = DotsAndBoxesRules;
    type Action = Edge;
    type Illegal = IllegalMove;

    fn new(rules: &DotsAndBoxesRules) -> Self {
        Paranoid { position: Position::new(*rules), me: Seat::FIRST }
    }

    fn rules(&self) -> DotsAndBoxesRules {
        self.position.rules()
    }

    fn seat_count(_rules: &DotsAndBoxesRules) -> usize {
        2
    }

    /// The bot's seat is the first, the coalition the second.
    fn to_act(&self) -> Option<Seat> {
        self.position.to_act().map(|seat| if seat == self.me { Seat::FIRST } else { Seat::SECOND })
    }

    fn mid_turn(&self) -> bool {
        self.position.mid_turn()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.position.outcome().map(|outcome| self.duel(outcome))
    }

    fn check(&self, action: Edge) -> Result<(), IllegalMove> {
        self.position.check(action)
    }

    fn apply(&mut self, action: Edge) -> Result<Progress, IllegalMove> {
        match self.position.play(action)? {
            Progress::GameOver(outcome) => Ok(Progress::GameOver(self.duel(outcome))),
            progress => Ok(progress),
        }
    }

    fn for_each_legal_action(&self, visit: impl FnMut(Edge)) {
        self.position.for_each_legal_edge(visit);
    }

    fn write_key(&self, key: &mut PositionKey) {
        self.position.write_key(key);
        key.seat(self.me);
    }

    fn parse_actions(text: &str) -> Result<Vec<Edge>, NotationError> {
        Position::parse_actions(text)
    }

    fn write_action(action: Edge, out: &mut String) {
        Position::write_action(action, out);
    }

    const ACTION_SEPARATOR: &'static str = Position::ACTION_SEPARATOR;
}

/// The paranoid evaluation: the bot's boxes minus the best other seat's, the boxes there to take counted for
/// whichever side acts, from the point of view of the side to act.
#[derive(Clone, Copy, Debug, Default)]
pub struct ParanoidEvaluation;

impl Evaluate<Paranoid> for ParanoidEvaluation {
    fn evaluate(&self, game: &Paranoid) -> i32 {
        let bot_acts = game.position.to_move() == game.me;
        let takeable = if bot_acts { takeable(&game.position) } else { -takeable(&game.position) };
        let for_bot = lead(&game.position.scores(), game.me) + takeable;
        units(if bot_acts { for_bot } else { -for_bot })
    }
}

#[cfg(test)]
mod tests {
    use kartka_engine::dots_and_boxes::parse_edges;

    use super::*;

    fn after(rows: u8, cols: u8, players: u8, edges: &str) -> Position {
        let mut position = Position::new(DotsAndBoxesRules::new(rows, cols, players).expect("valid"));
        for edge in parse_edges(edges).expect("edges") {
            position.play(edge).expect("legal");
        }
        position
    }

    #[test]
    fn the_endgame_solver_agrees_with_the_engines_margins() {
        // The engine's solver gives the empty fields' margins; the bot's solves any position the same way.
        for (rows, cols, margin) in [(1, 1, -1), (1, 2, 0), (2, 2, 2)] {
            let position = after(rows, cols, 2, "");
            let solved = solve_endgame(&position, u64::MAX).expect("small enough");
            assert_eq!(solved.gain, margin, "{rows}x{cols}");
        }
        assert!(solve_endgame(&after(5, 5, 2, ""), u64::MAX).is_none(), "60 free edges are too many");
    }

    /// The best net gain of the seat to act by plain minimax over every order of the free edges.
    fn minimax_gain(position: &Position) -> i32 {
        if position.is_over() {
            return 0;
        }
        let mover = position.to_move();
        let mut best = i32::MIN;
        position.for_each_legal_edge(|edge| {
            let mut next = *position;
            next.play(edge).expect("legal");
            let gained = next.scores()[mover] as i32 - position.scores()[mover] as i32;
            let rest = minimax_gain(&next);
            best = best.max(if next.to_move() == mover && !next.is_over() { gained + rest } else { gained - rest });
        });
        best
    }

    #[test]
    fn the_endgame_solver_agrees_with_plain_minimax_after_any_opening() {
        // 2x3 has 17 edges; after 9 of them, 8 are free: few enough to try every order.
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..20 {
            let mut position = after(2, 3, 2, "");
            for _ in 0..9 {
                let mut free = Vec::new();
                position.for_each_legal_edge(|edge| free.push(edge));
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                position.play(free[(seed % free.len() as u64) as usize]).expect("legal");
            }
            let solved = solve_endgame(&position, u64::MAX).expect("8 free edges");
            assert_eq!(solved.gain, minimax_gain(&position), "{position:?}");
            let mut next = position;
            let mover = position.to_move();
            next.play(solved.edge).expect("the solver's edge is legal");
            let gained = next.scores()[mover] as i32 - position.scores()[mover] as i32;
            let rest = minimax_gain(&next);
            let value = if next.to_move() == mover && !next.is_over() { gained + rest } else { gained - rest };
            assert_eq!(value, solved.gain, "the solver's edge keeps its value");
        }
    }

    #[test]
    fn a_box_with_three_sides_counts_for_the_seat_to_act() {
        let position = after(1, 2, 2, "a1h a2h a1v");
        assert_eq!(takeable(&position), 1);
        assert_eq!(DotsAndBoxesEvaluation.evaluate(&position), UNIT);
    }

    #[test]
    fn the_paranoid_view_is_the_bot_against_everyone_else() {
        let position = after(1, 2, 3, "a1h a2h");
        let view = Paranoid::of(&position).expect("a seat to act");
        assert_eq!(position.to_move(), Seat::new(2).expect("the third seat"));
        assert_eq!(view.to_act(), Some(Seat::FIRST));
        let mut next = view;
        next.apply(Edge::vertical(0, 0)).expect("legal");
        assert_eq!(next.to_act(), Some(Seat::SECOND), "the first seat acts for the coalition");
    }
}
