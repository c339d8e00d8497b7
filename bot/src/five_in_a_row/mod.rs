//! What the bot knows of Five in a row: rows of one colour with room to grow win the game, so the evaluation
//! counts them by length and open ends; and before the search begins, the threat-space search in [`threats`]
//! looks for a line of fours and threes that wins against any defence (played at once when found), and else
//! for such a line of the opponent's, against which the search then tries only the stones that refute it.
//!
//! Until the opening settles the colours (the first stones of `swap` and `swap2`), no row belongs to a seat:
//! the evaluation then only keeps the stones near the centre and together, and the colour choices `=B` and `=W`
//! are searched like any action, each valued by the rows as the chosen colours own them.

mod threats;

use kartka_engine::five_in_a_row::{Action, Cell, Colour, Point, Position};

use crate::evaluate::{Evaluate, Threats, EVALUATION_LIMIT, UNIT};

pub use threats::{find_threat_defence, find_threat_win, ThreatDefence, ThreatSearch, MAX_THREES};

/// The four directions a row runs in: across, up, and the two diagonals.
const DIRECTIONS: [(i16, i16); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// The most nodes (positions played) the search for the bot's own winning line of threats may visit, and at
/// most half of the threat search's budget (itself half of an action's): enough for chains a dozen fours long,
/// and for lines of two or three threes, at a fraction of a level-7 turn.
const THREAT_NODES: u64 = 20_000;

/// The most nodes the defence against the opponent's line of threats may visit, within what the bot's own
/// search left of the threat search's budget: half to find the threat, the rest shared among the stones that
/// may refute it.
const DEFENCE_NODES: u64 = 20_000;

/// Five in a row's evaluation, for the seat to act once the colours are settled:
/// - **rows**: every maximal unbroken row of one colour, weighted by how many stones it lacks to win and how
///   many of its two ends are empty (a row closed at both ends can never win and counts nothing); the seat's
///   rows for it, the opponent's against it;
/// - **the move**: a four of the seat to act wins next move, an open four of the opponent's (two ends to
///   block) wins for the opponent whatever the seat does, so each is worth nearly a decided game;
/// - **the centre**: a hundredth of a unit per point of distance from the centre against each stone's owner,
///   so that equal shapes are built where they have room.
///
/// Its threat search ([`Evaluate::threats`]) is the threat-space search: the bot's own winning line of fours
/// and threes, else the stones that refute the opponent's.
#[derive(Clone, Copy, Debug)]
pub struct FiveInARowEvaluation {
    /// The most threes in a line of threats: [`MAX_THREES`], or 0 for chains of fours alone.
    threes: u32,
    /// Whether the opponent's lines of threats are looked for and refuted.
    defends: bool,
}

impl Default for FiveInARowEvaluation {
    fn default() -> Self {
        FiveInARowEvaluation { threes: MAX_THREES, defends: true }
    }
}

impl FiveInARowEvaluation {
    /// The evaluation as it was before threes and defence, for measurement (`kartka-bot-lab ladder --pit`):
    /// its threat search finds only the bot's own chains of fours, and the opponent's threats are left to the
    /// search.
    #[must_use]
    pub const fn four_chains_only() -> Self {
        FiveInARowEvaluation { threes: 0, defends: false }
    }
}

impl Evaluate<Position> for FiveInARowEvaluation {
    fn evaluate(&self, position: &Position) -> i32 {
        let Some(seat) = position.to_act() else { return 0 };
        let centre = position.rules().board().centre();
        let Some(mine) = position.colour_of(seat) else {
            // The colours are not settled: keep the opening's stones central and close together.
            let mut spread = 0;
            position.stones().for_each(|point, _| spread += i32::from(point.distance(centre)));
            return (-spread * UNIT / 10).max(-EVALUATION_LIMIT + 1);
        };
        let line = i32::from(position.rules().line());
        let mut tally = [Rows::default(); 2];
        let mut centrality = 0;
        position.stones().for_each(|point, colour| {
            let distance = i32::from(point.distance(centre));
            centrality += if colour == mine { -distance } else { distance };
            for direction in DIRECTIONS {
                if position.cell(point.shifted(direction, -1)) == Cell::Stone(colour) {
                    continue;
                }
                let (length, open_ends) = row_from(position, point, direction, colour);
                tally[colour as usize].add(line - length, open_ends);
            }
        });
        let (ours, theirs) = (tally[mine as usize], tally[mine.other() as usize]);
        let score = if ours.fours > 0 {
            EVALUATION_LIMIT / 2
        } else if theirs.open_fours > 0 {
            -EVALUATION_LIMIT / 2
        } else {
            ours.weight - theirs.weight + centrality
        };
        score.clamp(-EVALUATION_LIMIT + 1, EVALUATION_LIMIT - 1)
    }

    /// A line of threats that wins for the seat to act, when the threat search finds one within its budget;
    /// else, when the opponent would win by threats if the seat to act passed, the stones after which the
    /// threat search finds no such win for the opponent (none when every stone tried loses, and the search
    /// then chooses among all).
    fn threats(&self, position: &Position, node_budget: u64) -> Threats<Action> {
        let own = find_threat_win(position, (node_budget / 2).min(THREAT_NODES), self.threes);
        let mut threats = Threats { win: own.win, refutations: Vec::new(), nodes: own.nodes };
        if own.win.is_none() && self.defends {
            let left = node_budget.saturating_sub(own.nodes).min(DEFENCE_NODES);
            let defence = find_threat_defence(position, left, self.threes);
            threats.refutations = defence.refutations;
            threats.nodes += defence.nodes;
        }
        threats
    }
}

/// The unbroken row of `colour` from `start` (its first stone) in `direction`: its length and how many of
/// the points just past its two ends are empty.
fn row_from(position: &Position, start: Point, direction: (i16, i16), colour: Colour) -> (i32, i32) {
    let mut length = 1;
    while position.cell(start.shifted(direction, length)) == Cell::Stone(colour) {
        length += 1;
    }
    let empty = |point: Point| i32::from(position.cell(point) == Cell::Empty);
    (i32::from(length), empty(start.shifted(direction, -1)) + empty(start.shifted(direction, length)))
}

/// What one colour's rows add up to.
#[derive(Clone, Copy, Debug, Default)]
struct Rows {
    /// The rows' worth, in hundredths of units summed as evaluation points.
    weight: i32,
    /// Rows one stone short of a win with at least one empty end.
    fours: u32,
    /// Rows one stone short of a win with both ends empty.
    open_fours: u32,
}

impl Rows {
    /// Adds a row that lacks `missing` stones to win, with `open_ends` empty ends (0, 1 or 2).
    fn add(&mut self, missing: i32, open_ends: i32) {
        if open_ends == 0 || missing <= 0 {
            return;
        }
        if missing == 1 {
            self.fours += 1;
            if open_ends == 2 {
                self.open_fours += 1;
            }
        }
        // Each stone nearer a win is worth five times more; an open row twice and a half a closed one.
        let worth = match missing {
            1 => 125,
            2 => 25,
            3 => 5,
            _ => 1,
        };
        self.weight += worth * UNIT / 10 * if open_ends == 2 { 5 } else { 2 } / 2;
    }
}

#[cfg(test)]
mod tests {
    use kartka_engine::five_in_a_row::{parse_actions, BoardShape, Opening, Rules, WinRule};
    use kartka_engine::Game;

    use super::*;

    /// Gomoku on 15x15 without an opening: Black, the first seat, moves first.
    fn free_gomoku() -> Rules {
        Rules::new(BoardShape::Bounded { width: 15, height: 15 }, 5, WinRule::Freestyle, Opening::None).expect("valid")
    }

    fn after(rules: Rules, moves: &str) -> Position {
        let mut position = Position::new(rules);
        for action in parse_actions(moves).expect("actions") {
            position.play(action).expect("legal");
        }
        position
    }

    #[test]
    fn longer_open_rows_are_worth_more_to_their_owner() {
        // Black (first) to move in each: two in a row against White's scattered stones, then three.
        let two = after(free_gomoku(), "h8 a1 i8 a15");
        let three = after(free_gomoku(), "h8 a1 i8 a15 j8 o1");
        assert!(FiveInARowEvaluation::default().evaluate(&three) > FiveInARowEvaluation::default().evaluate(&two));
        assert!(FiveInARowEvaluation::default().evaluate(&two) > 0, "Black's row against White's corners");
        // White to move facing Black's open three: the same rows count against White.
        let facing = after(free_gomoku(), "h8 a1 i8 a15 j8");
        assert!(FiveInARowEvaluation::default().evaluate(&facing) < 0);
    }

    #[test]
    fn a_four_of_the_seat_to_move_is_nearly_won_and_an_open_four_against_it_nearly_lost() {
        let four = after(free_gomoku(), "h8 a1 i8 a15 j8 o1 k8 o15");
        assert_eq!(FiveInARowEvaluation::default().evaluate(&four), EVALUATION_LIMIT / 2);
        let against = after(free_gomoku(), "h8 a1 i8 a15 j8 o1 k8");
        assert_eq!(FiveInARowEvaluation::default().evaluate(&against), -EVALUATION_LIMIT / 2);
        assert!(Game::outcome(&against).is_none());
    }

    /// The first stone of a chain of fours that wins in `position`.
    fn four_chain(position: &Position) -> Option<Action> {
        find_threat_win(position, 50_000, 0).win
    }

    /// Checks that `position`'s chain wins against every defence: the chain's stone wins at once, or after
    /// every answer of the opponent the attacker again has a winning chain (`fours` more at the most).
    fn assert_chain_wins(position: &Position, fours: u32) {
        let attacker = position.to_act().expect("a game going on");
        let first = four_chain(position).expect("a winning chain");
        let mut after = position.clone();
        if let kartka_engine::Progress::GameOver(outcome) = after.play(first).expect("the chain's stone is legal") {
            assert_eq!(outcome.winner(), Some(attacker));
            return;
        }
        assert!(fours > 0, "the chain is longer than expected");
        let mut replies = Vec::new();
        after.for_each_legal_action(|reply| replies.push(reply));
        for reply in replies {
            let mut answered = after.clone();
            let progress = answered.play(reply).expect("a legal reply");
            assert_eq!(progress, kartka_engine::Progress::TurnEnded, "the opponent cannot win at once: {reply:?}");
            assert_chain_wins(&answered, fours - 1);
        }
    }

    #[test]
    fn an_open_three_to_move_wins_by_an_open_four() {
        let three = after(free_gomoku(), "h8 a1 i8 a15 j8 o1");
        assert_chain_wins(&three, 1);
        let search = find_threat_win(&three, 50_000, 0);
        assert!(matches!(search.win, Some(Action::Stone(point)) if point.y == 7), "the four is made on the row");
        assert!(search.nodes > 0);
    }

    #[test]
    fn two_closed_threes_crossing_on_an_empty_point_win_by_a_double_four() {
        // Black: h8 i8 j8 (White on g8) and k9 k10 k11 (White on k12); k8 makes two fours.
        let position = after(free_gomoku(), "h8 g8 i8 k12 j8 a1 k9 a15 k10 o1 k11 o15");
        assert_chain_wins(&position, 1);
        assert_eq!(four_chain(&position), parse_actions("k8").ok().map(|a| a[0]));
    }

    #[test]
    fn a_chain_of_two_fours_forces_the_block_that_leaves_a_double_four() {
        // Black: d4 e4 f4 (White on c4), d5 e5 f5 (White on c5), g6 g7 (White on g8). No stone wins or makes
        // two fours at once; g4 (or g5) makes a four the opponent must block, and the other then makes a four
        // on its row and one on file g together.
        let position = after(free_gomoku(), "d4 c4 e4 c5 f4 g8 d5 a15 e5 o15 f5 o1 g6 a1 g7 n14");
        assert_chain_wins(&position, 2);
        let first = four_chain(&position).expect("a chain");
        assert!(parse_actions("g4 g5").expect("points").contains(&first), "{first:?}");
    }

    #[test]
    fn the_bot_makes_the_swap_choices_and_its_turn_ends_where_the_rules_end_it() {
        use kartka_engine::five_in_a_row::Phase;
        use kartka_engine::Seat;
        // Swap2 after the first seat's three stones: the second seat chooses (and may place stones).
        let choice = after(Rules::GOMOKU, "h8 i9 j10");
        for level in [1, 4, 8] {
            let level = crate::Level::new(level).expect("a level");
            let turn = crate::Bot::new(FiveInARowEvaluation::default(), level, 7)
                .play_turn(&choice, 20_000, &crate::NoDeadline)
                .expect("a turn");
            let mut played = choice.clone();
            for &action in &turn.actions {
                played.play(action).expect("the bot's actions are legal");
            }
            assert!(matches!(played.phase(), Phase::Play | Phase::Swap2LastChoice), "{:?}", turn.actions);
            assert_eq!(played.to_act().map(|seat| seat == Seat::SECOND), Some(false), "the second seat's turn ended");
            if played.phase() == Phase::Swap2LastChoice {
                // The choice passed back: the first seat's bot chooses now.
                let last = crate::Bot::new(FiveInARowEvaluation::default(), level, 7)
                    .play_turn(&played, 20_000, &crate::NoDeadline)
                    .expect("a choice");
                assert!(matches!(last.actions[..], [Action::Choose(_)]), "{:?}", last.actions);
            }
        }
    }

    #[test]
    fn quiet_positions_have_no_chain() {
        assert_eq!(find_threat_win(&after(free_gomoku(), "h8 a1"), 50_000, MAX_THREES).win, None);
        let opening = find_threat_win(&Position::new(Rules::GOMOKU), 50_000, MAX_THREES);
        assert_eq!(opening, ThreatSearch { win: None, nodes: 0 }, "the opening's stones");
    }

    #[test]
    fn before_the_colours_are_chosen_central_stones_are_better() {
        let swap = Rules::GOMOKU;
        let central = after(swap, "h8");
        let corner = after(swap, "a1");
        assert!(FiveInARowEvaluation::default().evaluate(&central) > FiveInARowEvaluation::default().evaluate(&corner));
    }
}
