//! What the learned evaluation of Paper Soccer sees of a position: for every point of kurnik's pitch, how many
//! turns the ball needs to reach it over the undrawn lines, whether something already touches it (a ball
//! arriving there bounces), how far each goal is, and whether the turn is under way. The same inputs feed the
//! trainer (`kartka-train`) and the bot, so that the two compute the same value.
//!
//! The picture is drawn from the side of the seat to act, attacking the top goal: for the second seat, which
//! attacks the bottom one, the pitch is turned upside down. It may also be mirrored left to right (the pitch is
//! symmetric), which the trainer uses to see every game twice.

use kartka_engine::soccer::{Pitch, Position, TurnLayers, TURN_LAYERS};

/// Lattice columns of kurnik's pitch (8 cells wide).
const COLUMNS: usize = Pitch::STANDARD.width() as usize + 1;
/// Lattice rows of kurnik's pitch, the two goal rows included.
const ROWS: usize = Pitch::STANDARD.height() as usize + 3;
/// Lattice points of kurnik's pitch.
pub const POINTS: usize = COLUMNS * ROWS;

/// Where each group of inputs starts: the points reached in each number of turns, then the touched points,
/// then the turns to the goal the seat to act attacks, to the other goal, and the turn under way.
const REACH_START: usize = 0;
const TOUCHED_START: usize = REACH_START + TURN_LAYERS * POINTS;
/// A goal's distance in turns, one input per count up to [`TURN_LAYERS`] − 1, one for farther, one for "no
/// undrawn path leads there".
const GOAL_SLOTS: usize = TURN_LAYERS + 1;
const OUR_GOAL_START: usize = TOUCHED_START + POINTS;
const THEIR_GOAL_START: usize = OUR_GOAL_START + GOAL_SLOTS;
const MID_TURN: usize = THEIR_GOAL_START + GOAL_SLOTS;

/// The number of inputs of the network: each is 0 or 1.
pub const INPUTS: usize = MID_TURN + 1;

/// The most inputs one position turns on: a point is in one reach layer at most.
const MAX_ACTIVE: usize = 2 * POINTS + 3;

/// The inputs of one position that are 1, as indices below [`INPUTS`], each once (the rest are 0). Fixed-size,
/// so that the evaluation allocates nothing at the leaves of the search.
#[derive(Clone, Copy, Debug)]
pub struct ActiveInputs {
    indices: [u16; MAX_ACTIVE],
    len: usize,
}

impl ActiveInputs {
    /// The indices of the inputs that are 1.
    #[must_use]
    pub fn as_slice(&self) -> &[u16] {
        &self.indices[..self.len]
    }

    fn push(&mut self, index: usize) {
        self.indices[self.len] = index as u16;
        self.len += 1;
    }
}

/// The inputs of `position` for the seat to act, `mirrored` left to right or not; `None` for a position not on
/// kurnik's pitch or already over, which the network never learnt.
#[must_use]
pub fn active_inputs(position: &Position, mirrored: bool) -> Option<ActiveInputs> {
    if position.pitch() != Pitch::STANDARD || position.is_over() {
        return None;
    }
    Some(inputs_from_layers(position, &position.turn_layers()?, mirrored))
}

/// [`active_inputs`] of a position on kurnik's pitch, not over, whose [`TurnLayers`] the caller has.
pub(crate) fn inputs_from_layers(position: &Position, layers: &TurnLayers, mirrored: bool) -> ActiveInputs {
    debug_assert!(position.pitch() == Pitch::STANDARD && !position.is_over());
    let upside_down = position.to_move().index() == 1;
    let picture = &PICTURES[usize::from(upside_down) * 2 + usize::from(mirrored)];
    let seen_at = |index: usize| usize::from(picture[index]);
    let mut active = ActiveInputs { indices: [0; MAX_ACTIVE], len: 0 };
    for turns in 0..TURN_LAYERS {
        for_each_bit(layers.points(turns), |index| active.push(REACH_START + turns * POINTS + seen_at(index)));
    }
    for_each_bit(layers.touched(), |index| active.push(TOUCHED_START + seen_at(index)));
    let goals = layers.goals();
    let seat = position.to_move();
    for (start, scorer) in [(OUR_GOAL_START, seat), (THEIR_GOAL_START, seat.other())] {
        let slot = match goals.turns(scorer) {
            Some(turns) => usize::from(turns).min(TURN_LAYERS - 1),
            None => TURN_LAYERS,
        };
        active.push(start + slot);
    }
    if position.must_continue() {
        active.push(MID_TURN);
    }
    active
}

/// The input that `input` becomes when the picture is mirrored left to right: [`active_inputs`] with
/// `mirrored` is its unmirrored inputs each put through this.
#[must_use]
pub fn mirrored(input: u16) -> u16 {
    let index = usize::from(input);
    if index >= OUR_GOAL_START {
        return input;
    }
    let point = index % POINTS;
    let (row, column) = (point / COLUMNS, point % COLUMNS);
    (index - point + row * COLUMNS + COLUMNS - 1 - column) as u16
}

/// The picture's index of each lattice index, for each way of drawing it: upside down or not (twice the
/// first), mirrored or not (the second). Looked up rather than computed: the search asks it of every point at
/// every leaf.
const PICTURES: [[u8; POINTS]; 4] = {
    let mut pictures = [[0u8; POINTS]; 4];
    let mut way = 0;
    while way < 4 {
        let (upside_down, mirrored) = (way / 2 == 1, way % 2 == 1);
        let mut index = 0;
        while index < POINTS {
            let (row, column) = (index / COLUMNS, index % COLUMNS);
            let row = if upside_down { ROWS - 1 - row } else { row };
            let column = if mirrored { COLUMNS - 1 - column } else { column };
            pictures[way][index] = (row * COLUMNS + column) as u8;
            index += 1;
        }
        way += 1;
    }
    pictures
};

/// Calls `visit` with the index of every set bit of `bits`, lowest first.
fn for_each_bit(mut bits: u128, mut visit: impl FnMut(usize)) {
    while bits != 0 {
        visit(bits.trailing_zeros() as usize);
        bits &= bits - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_games::{after, random_game};

    #[test]
    fn every_input_is_in_range_and_on_at_most_once() {
        for digits in ["", "0", "05", "2", "00", "0123", "7"] {
            for mirrored in [false, true] {
                let active = active_inputs(&after(digits), mirrored).expect("kurnik's pitch");
                let mut indices = active.as_slice().to_vec();
                assert!(indices.iter().all(|&index| usize::from(index) < INPUTS));
                indices.sort_unstable();
                indices.dedup();
                assert_eq!(indices.len(), active.as_slice().len(), "{digits}");
            }
        }
    }

    fn sorted(active: ActiveInputs) -> Vec<u16> {
        let mut indices = active.as_slice().to_vec();
        indices.sort_unstable();
        indices
    }

    /// The start is symmetric left to right, and a step north-east looks, in the mirror, like a step north-west.
    #[test]
    fn the_mirror_swaps_left_and_right() {
        let start = Position::default();
        assert_eq!(sorted(active_inputs(&start, false).unwrap()), sorted(active_inputs(&start, true).unwrap()));
        assert_eq!(
            sorted(active_inputs(&after("1"), true).unwrap()),
            sorted(active_inputs(&after("7"), false).unwrap())
        );
        assert_ne!(
            sorted(active_inputs(&after("1"), false).unwrap()),
            sorted(active_inputs(&after("7"), false).unwrap())
        );
    }

    #[test]
    fn mirroring_the_inputs_is_mirroring_the_picture() {
        for digits in ["1", "12", "0707", "3", "23456"] {
            let position = after(digits);
            let mut by_input: Vec<u16> =
                active_inputs(&position, false).unwrap().as_slice().iter().map(|&input| mirrored(input)).collect();
            by_input.sort_unstable();
            assert_eq!(by_input, sorted(active_inputs(&position, true).unwrap()), "{digits}");
        }
    }

    /// The picture is drawn for the seat to act attacking the top goal: after the first seat's step north the
    /// second seat is to act, and sees the ball one row below the centre, nearer the goal it defends.
    #[test]
    fn the_second_seat_sees_the_pitch_upside_down() {
        let centre_row = ROWS / 2;
        let ball_at = |row: usize| (REACH_START + row * COLUMNS + COLUMNS / 2) as u16;
        let start = active_inputs(&Position::default(), false).unwrap();
        assert!(start.as_slice().contains(&ball_at(centre_row)));
        let after_north = active_inputs(&after("0"), false).unwrap();
        assert!(after_north.as_slice().contains(&ball_at(centre_row + 1)), "{:?}", after_north.as_slice());
        assert!(!after_north.as_slice().contains(&ball_at(centre_row - 1)));
    }

    #[test]
    fn positions_off_kurnik_s_pitch_or_over_have_no_inputs() {
        let larger = Position::new(Pitch::new(10, 12, 2).expect("a legal pitch"));
        assert!(active_inputs(&larger, false).is_none());
        let over = random_game(Pitch::STANDARD, 7).last().expect("a game");
        assert!(over.is_over());
        assert!(active_inputs(&over, false).is_none());
    }
}
