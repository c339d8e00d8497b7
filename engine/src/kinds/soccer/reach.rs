//! How many turns the ball needs to reach each goal given the lines already drawn: what a player sees when they
//! look at the paper and notice that no undrawn path leads to the goal they attack any more.

use super::direction::Direction;
use super::pitch::MAX_POINTS;
use super::position::Position;
use crate::Seat;

/// The fewest turns the ball needs to reach each goal from where it stands, counted over undrawn segments as if
/// the players moved it together: a step onto a point something already touches bounces and costs nothing, a
/// step onto a fresh point ends a turn and costs one. `None` for a goal no undrawn path reaches: the seat that
/// wins there can never score again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GoalReach {
    turns: [Option<u8>; 2],
}

impl GoalReach {
    /// The fewest turns before the ball can enter the goal where `scorer` wins (`Some(0)`: within the turn under
    /// way, through bounces only), or `None` when no undrawn path leads there.
    #[must_use]
    pub fn turns(self, scorer: Seat) -> Option<u8> {
        self.turns[scorer.index()]
    }
}

/// How many layers of points [`Position::turn_layers`] tells apart: the points the ball reaches within 0, 1, …,
/// `TURN_LAYERS - 1` turns; farther points are in none.
pub const TURN_LAYERS: usize = 8;

/// The points the ball reaches in each number of turns over the undrawn segments ([`Position::turn_layers`]),
/// as bit sets over the pitch's lattice indices ([`Pitch::lattice_index`](super::Pitch::lattice_index)), and
/// the goals' reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TurnLayers {
    layers: [u128; TURN_LAYERS],
    touched: u128,
    goals: GoalReach,
}

impl TurnLayers {
    /// The points (a bit per lattice index) the ball reaches in `turns` turns and no fewer: the ball's own point
    /// and those a bounce leads to for 0. Empty for `turns` of [`TURN_LAYERS`] or more, and when the game is
    /// over. Goal points are in none: [`TurnLayers::goals`] tells how far they are.
    #[must_use]
    pub fn points(&self, turns: usize) -> u128 {
        self.layers.get(turns).copied().unwrap_or(0)
    }

    /// The points something already touches, a drawn line or the border (a bit per lattice index): a ball
    /// arriving at one bounces. The goal rows count as touched.
    #[must_use]
    pub fn touched(&self) -> u128 {
        self.touched
    }

    /// How far each goal is, as [`Position::goal_reach`] says.
    #[must_use]
    pub fn goals(&self) -> GoalReach {
        self.goals
    }
}

/// The 8 x 8 bit matrix in `rows` (row `i` its byte `i`, column `j` that byte's bit `j`) transposed: bit `j` of
/// byte `i` becomes bit `i` of byte `j` (three rounds of swaps, Hacker's Delight §7-3).
fn transpose_bits(mut rows: u64) -> u64 {
    let mut swap = (rows ^ (rows >> 7)) & 0x00AA_00AA_00AA_00AA;
    rows ^= swap ^ (swap << 7);
    swap = (rows ^ (rows >> 14)) & 0x0000_CCCC_0000_CCCC;
    rows ^= swap ^ (swap << 14);
    swap = (rows ^ (rows >> 28)) & 0x0000_0000_F0F0_F0F0;
    rows ^ swap ^ (swap << 28)
}

/// Every point one open step from a point of `from`, on a lattice `STRIDE` points wide.
#[inline(always)]
fn step_on_stride<const STRIDE: i16>(from: u128, open: &[u128; 8]) -> u128 {
    step_on_stride_of(from, open, STRIDE)
}

/// Every point one open step from a point of `from`, on a lattice `stride` points wide.
#[inline(always)]
fn step_on_stride_of(from: u128, open: &[u128; 8], stride: i16) -> u128 {
    let mut to = 0;
    for direction in Direction::ALL {
        let (dx, dy) = direction.delta();
        let offset = i16::from(dy) * stride + i16::from(dx);
        let movers = from & open[usize::from(direction.index())];
        to |= if offset >= 0 { movers << offset } else { movers >> -offset };
    }
    to
}

impl Position {
    /// How far each goal is from the ball in turns, given the drawn lines (see [`GoalReach`]): a 0-1
    /// breadth-first search over the lattice, without allocating. The bot calls it at every leaf of its search,
    /// so a pitch of up to 128 lattice points (kurnik's has 117) is searched a layer at a time on bit sets, one
    /// bit a point, and a larger one point by point.
    ///
    /// The search does not draw the segments it walks along, so a path may use a point twice: the count is a
    /// bound, exact for "unreachable": a goal it cannot reach is closed for good. Points where an arriving ball
    /// would be stuck (every other segment drawn) are dead ends.
    #[must_use]
    pub fn goal_reach(&self) -> GoalReach {
        if self.is_over() {
            return GoalReach { turns: [None; 2] };
        }
        if self.pitch().lattice_len() <= 128 {
            self.goal_reach_by_layers()
        } else {
            self.goal_reach_point_by_point()
        }
    }

    /// Whether the ball can enter the goal where `scorer` wins within the turn under way, through bounces only:
    /// [`Position::goal_reach`]'s `Some(0)`, for a fraction of its cost, as the search walks only the turn
    /// under way (the bot asks it of every turn it lists: does the opponent then score at once?).
    #[must_use]
    pub fn scores_within_turn(&self, scorer: Seat) -> bool {
        if self.is_over() {
            return false;
        }
        let turns = if self.pitch().lattice_len() <= 128 {
            self.walk_layers(|_, _, _| false).0
        } else {
            self.goal_reach_point_by_point().turns
        };
        turns[scorer.index()] == Some(0)
    }

    /// [`Position::goal_reach`] on bit sets: each layer of points at the same distance is closed under the
    /// steps that bounce (eight shifts a round), and its fresh neighbours seed the next layer.
    fn goal_reach_by_layers(&self) -> GoalReach {
        let (turns, _) = self.walk_layers(|_, _, turns| turns.iter().any(Option::is_none));
        GoalReach { turns }
    }

    /// How many turns the ball needs to reach each point of the pitch over the undrawn segments, a layer of
    /// points per number of turns up to [`TURN_LAYERS`], with [`Position::goal_reach`]'s goals: the picture of
    /// the drawn lines a player reads off the paper, and the bot's learned evaluation reads. Counted as
    /// [`Position::goal_reach`] counts. `None` on a pitch of more than 128 lattice points (kurnik's has 117),
    /// whose layers do not fit the bit sets.
    #[must_use]
    pub fn turn_layers(&self) -> Option<TurnLayers> {
        if self.pitch().lattice_len() > 128 {
            return None;
        }
        let mut layers = [0u128; TURN_LAYERS];
        let (turns, touched) = self.walk_layers(|layer, points, turns| {
            if let Some(slot) = layers.get_mut(usize::from(layer)) {
                *slot = points;
            }
            usize::from(layer) + 1 < TURN_LAYERS || turns.iter().any(Option::is_none)
        });
        if self.is_over() {
            return Some(TurnLayers { layers: [0; TURN_LAYERS], touched, goals: GoalReach { turns: [None; 2] } });
        }
        Some(TurnLayers { layers, touched, goals: GoalReach { turns } })
    }

    /// The 0-1 breadth-first search on bit sets behind [`Position::goal_reach`] and [`Position::turn_layers`]:
    /// calls `visit` with each number of turns, the points the ball reaches in that many and no fewer, and the
    /// goals' turns found so far, until `visit` says stop or no point is left; returns the goals' turns and the
    /// touched points. Only for a pitch of up to 128 lattice points.
    fn walk_layers(&self, mut visit: impl FnMut(u8, u128, &[Option<u8>; 2]) -> bool) -> ([Option<u8>; 2], u128) {
        let pitch = self.pitch();
        let (len, stride) = (pitch.lattice_len(), pitch.stride());
        // Per direction, the points from which that step is open; the points something touches; the touched
        // points with one way out, where an arriving ball is stuck. The lattice's bytes are turned into bit sets
        // eight points at a time, each 8 x 8 block of bits transposed so that a byte per direction comes out.
        let bytes = self.blocked_bytes();
        let mut by_direction = [[0u8; 16]; 8];
        for chunk in 0..len.div_ceil(8) {
            let eight: [u8; 8] = bytes[chunk * 8..chunk * 8 + 8].try_into().expect("eight bytes");
            for (direction, byte) in transpose_bits(u64::from_le_bytes(eight)).to_le_bytes().into_iter().enumerate() {
                by_direction[direction][chunk] = byte;
            }
        }
        let blocked = by_direction.map(u128::from_le_bytes);
        let lattice = if len == 128 { u128::MAX } else { (1u128 << len) - 1 };
        let open = blocked.map(|mask| !mask & lattice);
        let touched = blocked.iter().fold(0, |touched, mask| touched | mask) & lattice;
        let (mut any_way, mut two_ways) = (0u128, 0u128);
        for mask in open {
            two_ways |= any_way & mask;
            any_way |= mask;
        }
        let dead_ends = touched & any_way & !two_ways;
        let rows = |from: usize, to: usize| -> u128 { ((1u128 << (to - from)) - 1) << from };
        let goals = [rows(0, stride), rows(stride * (pitch.height() as usize + 2), len)];
        let goal_points = goals[0] | goals[1];
        // Kurnik's pitch (9 lattice columns) shifts by constants, which cost a few instructions on 128 bits
        // where a shift by a variable costs a branch and a dozen: the search calls this at every leaf.
        let stride = stride as i16;
        let step = |from: u128| -> u128 {
            if stride == 9 {
                step_on_stride::<9>(from, &open)
            } else {
                step_on_stride_of(from, &open, stride)
            }
        };
        let mut turns = [None; 2];
        let mut reached = 1u128 << self.ball_index();
        let mut layer_seeds = reached;
        for layer in 0..=u8::MAX {
            let mut fresh = 0;
            let mut layer_points = layer_seeds;
            let mut frontier = layer_seeds;
            while frontier != 0 {
                let next = step(frontier);
                for (scorer, goal) in goals.iter().enumerate() {
                    if next & goal != 0 && turns[scorer].is_none() {
                        turns[scorer] = Some(layer);
                    }
                }
                let unseen = next & !reached & !goal_points;
                fresh |= unseen & !touched;
                frontier = unseen & touched & !dead_ends;
                reached |= frontier;
                layer_points |= frontier;
            }
            layer_seeds = fresh & !reached;
            if !visit(layer, layer_points, &turns) || layer_seeds == 0 {
                break;
            }
            reached |= layer_seeds;
        }
        (turns, touched)
    }

    /// [`Position::goal_reach`] point by point, for pitches too large for one 128-bit set: a 0-1 search with a
    /// double-ended queue in which every point enters at most twice (once per cost).
    fn goal_reach_point_by_point(&self) -> GoalReach {
        self.turns_point_by_point().1
    }

    /// The 0-1 search behind [`Position::goal_reach_point_by_point`]: the turns to every lattice point
    /// (`u8::MAX` for one the ball cannot reach), and the goals' reach.
    fn turns_point_by_point(&self) -> ([u8; MAX_POINTS], GoalReach) {
        let mut turns = [None; 2];
        let mut distance = [u8::MAX; MAX_POINTS];
        let mut queue = [0u16; 2 * MAX_POINTS];
        let (mut head, mut tail) = (MAX_POINTS, MAX_POINTS);
        let ball = usize::from(self.ball_index());
        distance[ball] = 0;
        queue[tail] = ball as u16;
        tail += 1;
        while head < tail {
            let from = queue[head] as usize;
            head += 1;
            let here = distance[from];
            let open = !self.blocked_at(from);
            for direction in 0..8u8 {
                if open & (1 << direction) == 0 {
                    continue;
                }
                let to = self.neighbour(from, direction);
                if let Some(scorer) = self.goal_at(to) {
                    let best = &mut turns[scorer.index()];
                    if best.is_none_or(|turns| here < turns) {
                        *best = Some(here);
                    }
                    continue;
                }
                let arriving = self.blocked_at(to);
                let bounces = arriving != 0;
                // The segment in: a ball arriving at a point with only that one free is stuck there.
                if bounces && arriving | (1 << ((direction + 4) % 8)) == 0xFF {
                    continue;
                }
                let cost = here + u8::from(!bounces);
                if cost < distance[to] {
                    distance[to] = cost;
                    if bounces {
                        head -= 1;
                        queue[head] = to as u16;
                    } else {
                        queue[tail] = to as u16;
                        tail += 1;
                    }
                }
            }
        }
        (distance, GoalReach { turns })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::soccer::{distinct_turns, Pitch, StepResult};
    use crate::splitmix::SplitMix64;
    use crate::EndReason;

    fn play(position: &mut Position, steps: &[Direction]) -> StepResult {
        let mut last = StepResult::TurnOver;
        for &step in steps {
            last = position.step(step).expect("a legal step");
        }
        last
    }

    #[test]
    fn from_the_centre_each_goal_is_four_turns_away() {
        // Five rows from the centre to the end line, every point on the way fresh, is five stops; a line to the
        // touch line and back along the end line to a post reaches the goal with four, the border's points
        // bouncing: (3,4) (2,3) (1,2) fresh, (0,1) and (1,0) on the border, (2,1) fresh, the post (3,0), in.
        let reach = Position::default().goal_reach();
        assert_eq!(reach.turns(Seat::FIRST), Some(4));
        assert_eq!(reach.turns(Seat::SECOND), Some(4));
    }

    #[test]
    fn a_game_that_is_over_reaches_no_goal() {
        let mut position = Position::default();
        let mut rng = SplitMix64::new(7);
        while !position.is_over() {
            let turns = distinct_turns(&position);
            play(&mut position, &turns[rng.below(turns.len() as u64) as usize]);
        }
        let reach = position.goal_reach();
        assert_eq!((reach.turns(Seat::FIRST), reach.turns(Seat::SECOND)), (None, None));
    }

    #[test]
    fn transposing_moves_bit_j_of_byte_i_to_bit_i_of_byte_j() {
        for i in 0..8 {
            for j in 0..8 {
                let single = 1u64 << (8 * i + j);
                assert_eq!(transpose_bits(single), 1u64 << (8 * j + i), "byte {i} bit {j}");
            }
        }
    }

    /// The layered bit-set search and the point-by-point one agree on every position of random games.
    #[test]
    fn both_searches_agree() {
        let mut rng = SplitMix64::new(40);
        let mut compared = 0;
        for _ in 0..200 {
            let mut position = Position::default();
            while !position.is_over() {
                assert_eq!(position.goal_reach_by_layers(), position.goal_reach_point_by_point(), "{position:?}");
                compared += 1;
                let steps: Vec<Direction> = position.legal_directions().collect();
                position.step(steps[rng.below(steps.len() as u64) as usize]).expect("a legal step");
            }
        }
        assert!(compared > 1_000);
    }

    /// Scoring within the turn under way is goal reach's `Some(0)`, for both seats, on every position of random
    /// games on kurnik's pitch (bit sets) and on one too large for them (point by point).
    #[test]
    fn scoring_within_the_turn_is_a_goal_zero_turns_away() {
        let mut rng = SplitMix64::new(42);
        let (mut compared, mut scoring) = (0, 0);
        for pitch in [Pitch::STANDARD, Pitch::new(12, 14, 4).expect("a legal pitch")] {
            for _ in 0..150 {
                let mut position = Position::new(pitch);
                loop {
                    let reach = position.goal_reach();
                    for seat in [Seat::FIRST, Seat::SECOND] {
                        let within = reach.turns(seat) == Some(0);
                        assert_eq!(position.scores_within_turn(seat), within, "{seat:?} {position:?}");
                        scoring += usize::from(within);
                    }
                    compared += 1;
                    if position.is_over() {
                        break;
                    }
                    let steps: Vec<Direction> = position.legal_directions().collect();
                    position.step(steps[rng.below(steps.len() as u64) as usize]).expect("a legal step");
                }
            }
        }
        assert!(compared > 2_000 && scoring > 100, "{compared} positions, {scoring} scoring: the test saw too little");
    }

    /// The layers of the bit-set search hold exactly the points the point-by-point search finds that many turns
    /// away, on every position of random games, and the goals they report are [`Position::goal_reach`]'s.
    #[test]
    fn turn_layers_agree_with_the_point_by_point_distances() {
        let mut rng = SplitMix64::new(41);
        let mut far_points = 0;
        for _ in 0..200 {
            let mut position = Position::default();
            while !position.is_over() {
                let layers = position.turn_layers().expect("kurnik's pitch fits the bit sets");
                let (distance, goals) = position.turns_point_by_point();
                assert_eq!(layers.goals(), goals, "{position:?}");
                for (index, &turns) in distance.iter().enumerate().take(position.pitch().lattice_len()) {
                    let expected = usize::from(turns);
                    let in_layers: Vec<usize> =
                        (0..TURN_LAYERS).filter(|&turns| layers.points(turns) >> index & 1 == 1).collect();
                    let is_goal = position.goal_at(index).is_some();
                    if is_goal || expected >= TURN_LAYERS {
                        assert!(in_layers.is_empty(), "index {index} in {in_layers:?}: {position:?}");
                    } else {
                        assert_eq!(in_layers, [expected], "index {index}: {position:?}");
                    }
                    far_points += usize::from(!is_goal && (TURN_LAYERS..usize::from(u8::MAX)).contains(&expected));
                }
                for index in pitch_points(&position) {
                    let point = position.pitch().lattice_point(index);
                    assert_eq!(layers.touched() >> index & 1 == 1, position.is_touched(point), "{point:?}");
                }
                let steps: Vec<Direction> = position.legal_directions().collect();
                position.step(steps[rng.below(steps.len() as u64) as usize]).expect("a legal step");
            }
        }
        assert!(far_points > 0, "no point was farther than the layers: the cut-off was not tested");
    }

    /// The lattice indices of the points of the game off the goal rows.
    fn pitch_points(position: &Position) -> impl Iterator<Item = usize> + '_ {
        (0..position.pitch().lattice_len()).filter(|&index| position.goal_at(index).is_none())
    }

    #[test]
    fn a_pitch_too_large_for_the_bit_sets_has_no_layers() {
        let pitch = Pitch::new(20, 30, 2).expect("a legal pitch");
        assert!(pitch.lattice_len() > 128);
        assert_eq!(Position::new(pitch).turn_layers(), None);
        assert!(Position::default().turn_layers().is_some());
    }

    /// Over random games: a goal the search calls closed is never entered later in the game, and a goal it
    /// says the seat to act can enter within the turn under way is entered by one of that seat's turns.
    #[test]
    fn closed_goals_stay_closed_and_open_ones_within_the_turn_can_be_entered() {
        let mut rng = SplitMix64::new(2026);
        let mut closed_seen = 0;
        let mut within_turn_seen = 0;
        for _ in 0..300 {
            let mut position = Position::default();
            let mut closed: Vec<Seat> = Vec::new();
            while !position.is_over() {
                let reach = position.goal_reach();
                for scorer in [Seat::FIRST, Seat::SECOND] {
                    if reach.turns(scorer).is_none() && !closed.contains(&scorer) {
                        closed.push(scorer);
                        closed_seen += 1;
                    }
                }
                let turns = distinct_turns(&position);
                let mover = position.to_move();
                if reach.turns(mover) == Some(0) {
                    within_turn_seen += 1;
                    let scores = turns.iter().any(|steps| {
                        let mut after = position;
                        matches!(play(&mut after, steps), StepResult::GameOver(outcome)
                            if outcome.winner() == Some(mover) && outcome.reason == EndReason::Goal)
                    });
                    assert!(scores, "a goal within the turn, yet no turn of {mover:?} scores: {position:?}");
                }
                play(&mut position, &turns[rng.below(turns.len() as u64) as usize]);
            }
            let outcome = position.outcome().expect("over");
            if matches!(outcome.reason, EndReason::Goal | EndReason::OwnGoal) {
                let winner = outcome.winner().expect("a goal has a winner");
                assert!(!closed.contains(&winner), "{winner:?} scored in a goal the search had called closed");
            }
        }
        assert!(closed_seen > 0, "the random games closed no goal: the test saw nothing");
        assert!(within_turn_seen > 0, "no position had a goal within the turn: the test saw nothing");
    }
}
