//! Threat-space search (after Allis, 1994): victory by continuous threats. The seat to act (the attacker)
//! plays only threats, each of which leaves the opponent (the defender) few answers, and the search proves
//! that every answer still loses:
//! - a **four** (a stone after which one more stone wins) leaves one answer: block its winning point. A four
//!   with two winning points (or two fours at once) wins, the defender can block only one;
//! - a **three** (a stone after which one more, the *gain* point, makes an open four or two fours) leaves the
//!   defender the gain point and its winning points (Allis's cost squares), or a four of its own, which the
//!   attacker must block before the threat goes on. Any other stone loses to the gain point, unless the
//!   defender wins first, which only a four of its own could do.
//!
//! With no threes allowed this is victory by continuous fours (VCF): every answer forced. With threes it is
//! victory by continuous threats (VCT), searched by iterative deepening over the number of threes, so that a
//! chain of fours is found before a longer line with threes.
//!
//! Shapes are found by counting stones in windows of a line's length (a window of the attacker's stones, free
//! of the defender's, with one empty point is a four, with two a point that makes one), but what the rules
//! decide is never guessed: every stone of a winning line is played through the engine, which refuses renju's
//! forbidden points and wins only by the exact, caro or renju rule; a winning point counts only after playing
//! it (after an unrelated stone of the defender's far away) gave the game to the attacker; a three counts only
//! after its gain point, played after such a far stone, won by fours; and a line is abandoned where the
//! defender could win at once, by windows, which see every win the rules can give and more. So the search may
//! miss a win, but claims none that the engine would not give, with one assumption, Allis's: a defender stone
//! off the three's gain point and cost squares, and not a four, leaves that gain point winning (true by the
//! windows for freestyle, exact and caro; in renju a white stone could, in rare shapes, turn a black gain
//! point forbidden).
//!
//! The search is bounded in nodes (stones played on copies of the position) and allocates nothing once its
//! lists of points, kept per ply, have grown.

use kartka_engine::five_in_a_row::{Action, BoardShape, Cell, Colour, Phase, Point, Position, WinRule};
use kartka_engine::{Progress, Seat};

use super::DIRECTIONS;

/// The most stones (both colours') one line of the search plays: far beyond any real threat sequence, a bound
/// only so that the recursion is.
const MAX_PLY: usize = 60;

/// The most threes one line may hold: the deepening stops here if the budget has not stopped it before.
pub const MAX_THREES: u32 = 6;

/// What a threat search found from a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThreatSearch {
    /// The first stone of a line of threats that wins against any defence, for the seat to act.
    pub win: Option<Action>,
    /// Positions played (stones placed on copies) in the search.
    pub nodes: u64,
}

/// A line of threats that wins for the seat to act in `position`, with at most `max_threes` threes in it (0:
/// fours only), found within `node_budget` positions played. No win during the opening's choices.
#[must_use]
pub fn find_threat_win(position: &Position, node_budget: u64, max_threes: u32) -> ThreatSearch {
    let Some(mut search) = Search::new(position, node_budget) else { return ThreatSearch { win: None, nodes: 0 } };
    let win = search.deepen(position, max_threes);
    ThreatSearch { win, nodes: search.nodes }
}

/// What the seat to act can do against the opponent's threats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreatDefence {
    /// The opponent's first threat, had the seat to act passed (a stone far from everything): `None` when the
    /// opponent has no winning line of threats that the search saw.
    pub threat: Option<Action>,
    /// The stones that may still refute it: the candidates (points of the opponent's shapes, and the seat's
    /// own fours and threes) after which the opponent's search found no win. Empty when there is no threat,
    /// and when every candidate was seen to lose.
    pub refutations: Vec<Action>,
    /// Positions played in all.
    pub nodes: u64,
}

/// Whether the opponent of the seat to act would win by threats if the seat passed, and if so which of the
/// seat's stones leave the opponent without such a win, all within `node_budget` positions played: half of it
/// for the threat, the rest shared among the candidates. A candidate whose search ran out of its share is kept.
#[must_use]
pub fn find_threat_defence(position: &Position, node_budget: u64, max_threes: u32) -> ThreatDefence {
    let mut defence = ThreatDefence { threat: None, refutations: Vec::new(), nodes: 0 };
    let Some(mut search) = Search::new(position, node_budget) else { return defence };
    let (mine, theirs) = (search.colour, search.colour.other());
    // A pass: a stone of ours as far from the board's centre as may be, then the opponent searches.
    let centre = position.rules().board().centre();
    let Some(far) = farthest_free_point(position, centre) else { return defence };
    let Some((passed, Progress::TurnEnded)) = search.play(position, stone(position, far)) else { return defence };
    let threat = find_threat_win(&passed, node_budget / 2, max_threes);
    defence.nodes = search.nodes + threat.nodes;
    let Some(first) = threat.win else { return defence };
    defence.threat = Some(first);
    let mut candidates = Vec::new();
    winning_points(position, theirs, &mut candidates);
    if candidates.is_empty() {
        if let Action::Stone(point) | Action::EndlessStone(point) = first {
            candidates.push(point);
        }
        let mut pairs = Vec::new();
        four_pairs(position, theirs, &mut pairs);
        push_new(&mut candidates, pairs.iter().map(|&(point, _)| point));
        three_makers(position, theirs, &mut candidates);
        pairs.clear();
        four_pairs(position, mine, &mut pairs);
        push_new(&mut candidates, pairs.iter().map(|&(point, _)| point));
        three_makers(position, mine, &mut candidates);
    }
    for (checked, &point) in candidates.iter().enumerate() {
        let left = node_budget.saturating_sub(defence.nodes);
        let share = left / (candidates.len() - checked) as u64;
        let action = stone(position, point);
        let mut after = position.clone();
        let Ok(progress) = after.play(action) else { continue };
        defence.nodes += 1;
        if progress == Progress::TurnEnded {
            let answer = find_threat_win(&after, share, max_threes);
            defence.nodes += answer.nodes;
            if answer.win.is_some() {
                continue;
            }
        }
        // Not refuted as far as the search saw, or a stone that ends the game (a win needs no refutation).
        defence.refutations.push(action);
    }
    defence
}

/// One threat search: whose it is, and what it has spent.
struct Search {
    attacker: Seat,
    colour: Colour,
    nodes: u64,
    node_budget: u64,
    /// Lists of points, one per ply in use, kept so that a node allocates nothing once they have grown.
    lists: Vec<Vec<Point>>,
    pairs: Vec<Vec<(Point, Point)>>,
}

impl Search {
    /// A search for the seat to act in `position`, once the colours are settled and stones are being played.
    fn new(position: &Position, node_budget: u64) -> Option<Search> {
        let attacker = position.to_act()?;
        if position.phase() != Phase::Play {
            return None;
        }
        let colour = position.colour_of(attacker)?;
        Some(Search { attacker, colour, nodes: 0, node_budget, lists: Vec::new(), pairs: Vec::new() })
    }

    /// Iterative deepening over the number of threes: fours only, then one three, and so on up to `max_threes`
    /// or the end of the budget.
    fn deepen(&mut self, position: &Position, max_threes: u32) -> Option<Action> {
        let most = if position.rules().line() >= 4 { max_threes } else { 0 };
        for threes in 0..=most {
            if let Some(first) = self.attack(position, threes, 0) {
                return Some(first);
            }
            if self.out_of_budget() {
                break;
            }
        }
        None
    }

    fn out_of_budget(&self) -> bool {
        self.nodes >= self.node_budget
    }

    /// The attacker's stone (the attacker to act in `position`) that starts a winning line of threats with at
    /// most `threes` threes, if the search finds one.
    fn attack(&mut self, position: &Position, threes: u32, ply: usize) -> Option<Action> {
        if ply >= MAX_PLY || self.out_of_budget() {
            return None;
        }
        let mut points = self.take_list();
        let found = self.attack_from(position, threes, ply, &mut points);
        self.give_back_list(points);
        found
    }

    fn attack_from(&mut self, position: &Position, threes: u32, ply: usize, points: &mut Vec<Point>) -> Option<Action> {
        // A stone that wins at once comes before anything else.
        winning_points(position, self.colour, points);
        for &point in points.iter() {
            let action = stone(position, point);
            if self.wins_by(position, action) {
                return Some(action);
            }
        }
        points.clear();
        // A four of the defender's must be blocked: its one winning point is the attacker's only stone.
        winning_points(position, self.colour.other(), points);
        match points.len() {
            0 => {}
            1 => {
                // After the block, a three of the attacker's that the defender's four interrupted still stands.
                let action = stone(position, points[0]);
                let (after, progress) = self.play(position, action)?;
                let wins = progress == Progress::TurnEnded && self.defend(&after, threes, ply + 1, true);
                return wins.then_some(action);
            }
            _ => return None,
        }
        let mut pairs = self.take_pairs();
        four_pairs(position, self.colour, &mut pairs);
        push_new(points, pairs.iter().map(|&(point, _)| point));
        let fours = points.len();
        self.give_back_pairs(pairs);
        if threes > 0 {
            three_makers(position, self.colour, points);
        }
        for (index, &point) in points.iter().enumerate() {
            let action = stone(position, point);
            let Some((after, Progress::TurnEnded)) = self.play(position, action) else {
                if self.out_of_budget() {
                    return None;
                }
                continue;
            };
            // A four forces its block; a three is paid for from the line's threes.
            let is_four = index < fours;
            let left = if is_four { threes } else { threes - 1 };
            if self.defend(&after, left, ply + 1, !is_four) {
                return Some(action);
            }
            if self.out_of_budget() {
                return None;
            }
        }
        None
    }

    /// Whether the attacker wins against every defence the threat-space search allows, the defender to act in
    /// `position`, the attacker's line holding at most `threes` more threes. `three` says whether the
    /// attacker's threat may be a three (a four that turned out none is no three paid for).
    fn defend(&mut self, position: &Position, threes: u32, ply: usize, three: bool) -> bool {
        if ply >= MAX_PLY || self.out_of_budget() {
            return false;
        }
        let mut points = self.take_list();
        let wins = self.defend_from(position, threes, ply, three, &mut points);
        self.give_back_list(points);
        wins
    }

    fn defend_from(
        &mut self,
        position: &Position,
        threes: u32,
        ply: usize,
        three: bool,
        points: &mut Vec<Point>,
    ) -> bool {
        // The defender wins at once: by windows, which see every win and more, so this never lets a loss by.
        winning_points(position, self.colour.other(), points);
        if !points.is_empty() {
            return false;
        }
        winning_points(position, self.colour, points);
        points.retain(|&point| self.wins_after_a_far_stone(position, point));
        match points.len() {
            0 => {}
            1 => {
                // The one answer: block the winning point. A point the defender may not take is no block, and
                // the attacker's stone there wins (checked after the far stone).
                let Some((blocked, progress)) = self.play(position, stone(position, points[0])) else {
                    return !self.out_of_budget() && position.check(stone(position, points[0])).is_err();
                };
                return progress == Progress::TurnEnded && self.attack(&blocked, threes, ply + 1).is_some();
            }
            _ => return self.every_block_loses(position, points),
        }
        if !three {
            return false;
        }
        // No four: a three, if some gain point (a stone that makes an open four or two fours) wins once the
        // defender has passed; the defender's answers are its cost squares and the defender's own fours.
        let mut pairs = self.take_pairs();
        four_pairs(position, self.colour, &mut pairs);
        let gain = self.verified_gain(position, &pairs, ply);
        if let Some(gain) = gain {
            points.push(gain);
            push_new(points, pairs.iter().filter(|&&(point, _)| point == gain).map(|&(_, partner)| partner));
            if position.rules().win() == WinRule::Caro {
                // A caro five does not win when blocked at both ends: the points just past its windows defend.
                let ends: Vec<Point> = points.clone();
                for point in ends {
                    for direction in DIRECTIONS {
                        push_new(points, [point.shifted(direction, 1), point.shifted(direction, -1)]);
                    }
                }
            }
            pairs.clear();
            four_pairs(position, self.colour.other(), &mut pairs);
            push_new(points, pairs.iter().map(|&(point, _)| point));
        }
        self.give_back_pairs(pairs);
        if gain.is_none() {
            return false;
        }
        for &answer in points.iter() {
            let action = stone(position, answer);
            let Some((after, progress)) = self.play(position, action) else {
                if self.out_of_budget() {
                    return false;
                }
                // Occupied or forbidden: not an answer the defender has.
                continue;
            };
            if progress != Progress::TurnEnded || self.attack(&after, threes, ply + 1).is_none() {
                return false;
            }
        }
        true
    }

    /// A gain point of the attacker's in `position` (the defender to act; `pairs` the attacker's four-making
    /// points with their winning points) that wins by fours once the defender has played a stone far away.
    fn verified_gain(&mut self, position: &Position, pairs: &[(Point, Point)], ply: usize) -> Option<Point> {
        let far = farthest_free_point(position, pairs.first()?.0)?;
        let mut passed: Option<Position> = None;
        for (index, &(point, partner)) in pairs.iter().enumerate() {
            let is_gain = pairs.iter().any(|&(other, second)| other == point && second != partner);
            let seen = pairs[..index].iter().any(|&(earlier, _)| earlier == point);
            if !is_gain || seen {
                continue;
            }
            if passed.is_none() {
                let (after, Progress::TurnEnded) = self.play(position, stone(position, far))? else { return None };
                passed = Some(after);
            }
            let after_far = passed.as_ref()?;
            let action = stone(after_far, point);
            if self.wins_by(after_far, action) {
                return Some(point);
            }
            let Some((gained, Progress::TurnEnded)) = self.play(after_far, action) else { continue };
            if self.defend(&gained, 0, ply + 2, false) {
                return Some(point);
            }
        }
        None
    }

    /// Plays `action` on a copy of `position`, counting it; `None` when refused or out of budget.
    fn play(&mut self, position: &Position, action: Action) -> Option<(Position, Progress)> {
        if self.out_of_budget() {
            return None;
        }
        self.nodes += 1;
        let mut after = position.clone();
        let progress = after.play(action).ok()?;
        Some((after, progress))
    }

    /// Whether `action` wins the game for the attacker at once, played through the engine.
    fn wins_by(&mut self, position: &Position, action: Action) -> bool {
        matches!(
            self.play(position, action),
            Some((_, Progress::GameOver(outcome))) if outcome.winner() == Some(self.attacker)
        )
    }

    /// Whether the attacker wins by a stone on `point` once the defender (to act in `position`) has played a
    /// stone as far from it as the board allows (a stone that changes nothing on the rows through `point`).
    fn wins_after_a_far_stone(&mut self, position: &Position, point: Point) -> bool {
        let Some(far) = farthest_free_point(position, point) else { return false };
        let Some((after_far, Progress::TurnEnded)) = self.play(position, stone(position, far)) else {
            return false;
        };
        self.wins_by(&after_far, stone(&after_far, point))
    }

    /// Whether every block of one of `threats` (the defender to act) leaves the attacker another that wins.
    fn every_block_loses(&mut self, position: &Position, threats: &[Point]) -> bool {
        threats.iter().all(|&block| {
            let Some((blocked, progress)) = self.play(position, stone(position, block)) else {
                // A point the defender may not take is no block; a search out of budget proves nothing.
                return !self.out_of_budget();
            };
            progress == Progress::TurnEnded
                && threats
                    .iter()
                    .filter(|&&point| point != block)
                    .any(|&point| self.wins_by(&blocked, stone(&blocked, point)))
        })
    }

    fn take_list(&mut self) -> Vec<Point> {
        self.lists.pop().unwrap_or_default()
    }

    fn give_back_list(&mut self, mut list: Vec<Point>) {
        list.clear();
        self.lists.push(list);
    }

    fn take_pairs(&mut self) -> Vec<(Point, Point)> {
        self.pairs.pop().unwrap_or_default()
    }

    fn give_back_pairs(&mut self, mut pairs: Vec<(Point, Point)>) {
        pairs.clear();
        self.pairs.push(pairs);
    }
}

/// The stone action on `point` in the notation of `position`'s board.
fn stone(position: &Position, point: Point) -> Action {
    match position.rules().board() {
        BoardShape::Bounded { .. } => Action::Stone(point),
        BoardShape::Endless => Action::EndlessStone(point),
    }
}

/// Appends the points of `new` that `points` lacks.
fn push_new(points: &mut Vec<Point>, new: impl IntoIterator<Item = Point>) {
    for point in new {
        if !points.contains(&point) {
            points.push(point);
        }
    }
}

/// What a window (a line's length of points along one direction) holds for one colour.
#[derive(Clone, Copy, Debug)]
struct Window {
    /// Stones of the colour, the hypothetical one included.
    own: i16,
    /// Whether a stone of the other colour, or the board's edge, is in it: then it can never be a row.
    blocked: bool,
    /// Its empty points, the first three.
    empty: [Point; 3],
    empties: usize,
}

/// The window of `length` points from `start` along `direction`, for `colour`, as if a stone of `colour`
/// stood on `extra` too.
fn window(
    position: &Position,
    colour: Colour,
    start: Point,
    direction: (i16, i16),
    length: i16,
    extra: Option<Point>,
) -> Window {
    let mut found = Window { own: 0, blocked: false, empty: [start; 3], empties: 0 };
    for step in 0..length {
        let point = start.shifted(direction, step);
        match position.cell(point) {
            Cell::Empty if Some(point) == extra => found.own += 1,
            Cell::Empty => {
                if found.empties < 3 {
                    found.empty[found.empties] = point;
                }
                found.empties += 1;
            }
            Cell::Stone(stone) if stone == colour => found.own += 1,
            Cell::Stone(_) | Cell::Off => found.blocked = true,
        }
    }
    found
}

/// Calls `visit` once with every window of a line's length that holds a stone of `colour` and nothing of the
/// other colour's, with `own` stones of `colour` in it.
fn for_each_window_with(position: &Position, colour: Colour, own: i16, mut visit: impl FnMut(&Window)) {
    let length = i16::from(position.rules().line());
    position.stones().for_each(|stone, owner| {
        if owner != colour {
            return;
        }
        for direction in DIRECTIONS {
            for back in 0..length {
                let start = stone.shifted(direction, -back);
                // Each window once: from its first stone of `colour`.
                if (0..back).any(|step| position.cell(start.shifted(direction, step)) == Cell::Stone(colour)) {
                    continue;
                }
                let found = window(position, colour, start, direction, length, None);
                if !found.blocked && found.own == own {
                    visit(&found);
                }
            }
        }
    });
}

/// The empty points where a stone of `colour` completes a line's length of its stones in a window (every win
/// the rules give, and overlines or caro's blocked fives besides), appended to `points`.
fn winning_points(position: &Position, colour: Colour, points: &mut Vec<Point>) {
    let line = i16::from(position.rules().line());
    for_each_window_with(position, colour, line - 1, |window| push_new(points, [window.empty[0]]));
}

/// Every point where a stone of `colour` makes a four, with the four's winning point: both orders of the two
/// empty points of each window one stone short of a four, appended to `pairs`. A point with two different
/// winning points is a gain point: its stone makes an open four or two fours.
fn four_pairs(position: &Position, colour: Colour, pairs: &mut Vec<(Point, Point)>) {
    let line = i16::from(position.rules().line());
    for_each_window_with(position, colour, line - 2, |window| {
        let [first, second, _] = window.empty;
        for pair in [(first, second), (second, first)] {
            if !pairs.contains(&pair) {
                pairs.push(pair);
            }
        }
    });
}

/// Appends to `points` the points not there yet where a stone of `colour` makes a three: a gain point appears
/// in a window through it. The caller lists the four-making points first, so a four is never a three here.
fn three_makers(position: &Position, colour: Colour, points: &mut Vec<Point>) {
    let line = i16::from(position.rules().line());
    if line < 4 {
        return;
    }
    let start = points.len();
    for_each_window_with(position, colour, line - 3, |window| {
        for &point in &window.empty[..3] {
            if !points.contains(&point) {
                points.push(point);
            }
        }
    });
    let mut index = start;
    while index < points.len() {
        if makes_gain(position, colour, points[index]) {
            index += 1;
        } else {
            points.swap_remove(index);
        }
    }
}

/// Whether a stone of `colour` on `point` makes a gain point: a point with two different winning points.
fn makes_gain(position: &Position, colour: Colour, point: Point) -> bool {
    let line = i16::from(position.rules().line());
    DIRECTIONS.into_iter().any(|direction| {
        (0..line).any(|back| {
            let found = window(position, colour, point.shifted(direction, -back), direction, line, Some(point));
            !found.blocked
                && found.own == line - 2
                && found.empty[..2].iter().any(|&gain| is_gain(position, colour, gain, Some(point)))
        })
    })
}

/// Whether a stone of `colour` on `gain` makes fours with two different winning points, with a stone of
/// `colour` on `extra` too.
fn is_gain(position: &Position, colour: Colour, gain: Point, extra: Option<Point>) -> bool {
    let line = i16::from(position.rules().line());
    let mut partner: Option<Point> = None;
    for direction in DIRECTIONS {
        for back in 0..line {
            let found = window(position, colour, gain.shifted(direction, -back), direction, line, extra);
            if found.blocked || found.own != line - 2 {
                continue;
            }
            let [first, second, _] = found.empty;
            let other = if first == gain { second } else { first };
            match partner {
                Some(seen) if seen != other => return true,
                _ => partner = Some(other),
            }
        }
    }
    false
}

/// The legal stone for the seat to act farthest from `point` (rows and columns), if any: on a bounded board
/// the farthest corner when it is free, without listing every legal stone (it is asked at most nodes).
fn farthest_free_point(position: &Position, point: Point) -> Option<Point> {
    if let BoardShape::Bounded { width, height } = position.rules().board() {
        let (right, top) = (i16::from(width) - 1, i16::from(height) - 1);
        let corners = [Point::new(0, 0), Point::new(right, 0), Point::new(0, top), Point::new(right, top)];
        let farthest = corners.into_iter().max_by_key(|corner| corner.distance(point));
        if let Some(corner) = farthest.filter(|&corner| position.check(Action::Stone(corner)).is_ok()) {
            return Some(corner);
        }
    }
    let mut best: Option<(i16, Point)> = None;
    position.for_each_legal_action(|action| {
        if let Action::Stone(at) | Action::EndlessStone(at) = action {
            let distance = at.distance(point);
            if best.is_none_or(|(most, _)| distance > most) {
                best = Some((distance, at));
            }
        }
    });
    best.map(|(_, at)| at)
}

#[cfg(test)]
mod tests {
    use kartka_engine::five_in_a_row::{parse_actions, Opening, Rules};

    use super::*;

    /// Gomoku on 15x15 without an opening: Black, the first seat, moves first.
    const FREESTYLE: &str = "freestyle";
    /// Renju on 15x15 without an opening.
    const RENJU: &str = "renju";

    /// A hand-made position: the rules, Black's and White's stones (played alternately from Black's, so
    /// Black has as many as White or one more, and the seat to act follows), and the first stones expected of
    /// the seat to act (its winning line's, or its refutations').
    struct Case {
        name: &'static str,
        win: &'static str,
        black: &'static str,
        white: &'static str,
        expected: &'static str,
    }

    fn rules(win: &str) -> Rules {
        let win = WinRule::from_name(win).expect("a win rule");
        Rules::new(BoardShape::Bounded { width: 15, height: 15 }, 5, win, Opening::None).expect("valid")
    }

    fn stones(text: &str) -> Vec<Action> {
        parse_actions(text).expect("points")
    }

    fn position(case: &Case) -> Position {
        let (black, white) = (stones(case.black), stones(case.white));
        assert!(black.len() == white.len() || black.len() == white.len() + 1, "{}: stones alternate", case.name);
        let mut position = Position::new(rules(case.win));
        for (index, &action) in black.iter().enumerate() {
            let progress = position.play(action).unwrap_or_else(|error| panic!("{}: {action:?}: {error}", case.name));
            assert_eq!(progress, Progress::TurnEnded, "{}: no stone ends the game", case.name);
            if let Some(&answer) = white.get(index) {
                let progress =
                    position.play(answer).unwrap_or_else(|error| panic!("{}: {answer:?}: {error}", case.name));
                assert_eq!(progress, Progress::TurnEnded, "{}: no stone ends the game", case.name);
            }
        }
        position
    }

    /// Checks the line starting with `first` in `position`: its stone is legal, and after every legal answer
    /// of the opponent's, the seat that played it either won or still has a winning line of threats.
    fn assert_line_wins(name: &str, position: &Position, first: Action) {
        let attacker = position.to_act().expect("a game going on");
        let mut after = position.clone();
        if let Progress::GameOver(outcome) = after.play(first).expect("the first stone is legal") {
            assert_eq!(outcome.winner(), Some(attacker), "{name}");
            return;
        }
        let mut answers = Vec::new();
        after.for_each_legal_action(|answer| answers.push(answer));
        for answer in answers {
            let mut answered = after.clone();
            assert_eq!(answered.play(answer), Ok(Progress::TurnEnded), "{name}: {answer:?} cannot win at once");
            let again = find_threat_win(&answered, 200_000, MAX_THREES);
            assert!(again.win.is_some(), "{name}: after {first:?} {answer:?} the attacker has no winning line");
        }
    }

    /// Winning lines of threats with threes, each found, its first stone among those expected, and checked
    /// against every answer.
    const WINS: [Case; 2] = [
        Case {
            // Black's open twos h8 i8 and j10 j11 cross on j8: two open threes at once, White blocks one.
            name: "double three",
            win: FREESTYLE,
            black: "h8 i8 j10 j11",
            white: "a1 a15 o1 o15",
            expected: "j8",
        },
        Case {
            // The same shape for White in renju, where White's double three is allowed.
            name: "renju white double three",
            win: RENJU,
            black: "a1 a15 o1 o15 b14",
            white: "h8 i8 j10 j11",
            expected: "j8",
        },
    ];

    /// Lines with threes that look winning but are not, each with the first stones the search must not report.
    const REFUTED: [Case; 2] = [
        Case {
            // The double three of `WINS`, but White has a chain of fours of its own (n2 or n3, Black blocks on
            // the o file, then the other makes two fours): White answers the threes with fours and wins first.
            name: "a defensive four",
            win: FREESTYLE,
            black: "h8 i8 j10 j11 j2 j3 n6 a15",
            white: "k2 l2 m2 k3 l3 m3 n4 n5",
            expected: "j8",
        },
        Case {
            // The double three of `WINS` for Black in renju: forbidden.
            name: "renju black double three",
            win: RENJU,
            black: "h8 i8 j10 j11",
            white: "a1 a15 o1 o15",
            expected: "j8",
        },
    ];

    #[test]
    fn a_line_refuted_by_a_defensive_four_or_forbidden_is_not_reported() {
        for case in &REFUTED {
            let position = position(case);
            let found = find_threat_win(&position, 50_000, MAX_THREES);
            if let Some(first) = found.win {
                assert!(!stones(case.expected).contains(&first), "{}: {first:?}", case.name);
                assert_line_wins(case.name, &position, first);
            }
        }
        // Without White's four the same stone wins: the four is what refutes it.
        let without = Case { white: "a1 a15 o1 o15", black: "h8 i8 j10 j11", ..REFUTED[0] };
        assert_eq!(find_threat_win(&position(&without), 50_000, MAX_THREES).win, stones("j8").first().copied());
    }

    /// Opponents' winning lines of threats, with the stones expected to refute them.
    const THREATS: [Case; 3] = [
        Case {
            // White to act against Black's double three on j8 (White's i9, k12 and g7 leave Black no other):
            // j8 itself, an end of Black's row (g8, k8) or the file's gap or ends (j9, j7, j12) breaks one of
            // the threes.
            name: "double three",
            win: FREESTYLE,
            black: "h8 i8 j10 j11",
            white: "i9 k12 g7",
            expected: "j8 g8 k8 j9 j7 j12",
        },
        Case {
            // The same in renju, Black to act against White's double three.
            name: "renju white double three",
            win: RENJU,
            black: "i9 k12 g7 b14",
            white: "h8 i8 j10 j11",
            expected: "j8 g8 k8 j9 j7 j12",
        },
        Case {
            // From a game of the bot against its fours-only self (level 8, 20,000 nodes): Black to act against
            // White's i6 i7 and j8 k9 l10 shapes around l6 l7 k7. The old bot played m5, and White then won by
            // a line of two threes or more; l8, l5 or i5 leave White none.
            name: "a line of threes from a game",
            win: FREESTYLE,
            black: "f7 j9 i9 k8 h6 j7 l10",
            white: "k7 j8 k9 i7 l7 i6 l6",
            expected: "l8 l5 i5",
        },
    ];

    #[test]
    fn the_opponents_line_of_threats_is_refuted() {
        for case in &THREATS {
            let position = position(case);
            let defence = find_threat_defence(&position, 20_000, MAX_THREES);
            assert!(defence.threat.is_some(), "{}: the threat is seen", case.name);
            assert!(!defence.refutations.is_empty(), "{}: something refutes it", case.name);
            for &refutation in &defence.refutations {
                assert!(stones(case.expected).contains(&refutation), "{}: {refutation:?}", case.name);
                let mut after = position.clone();
                after.play(refutation).expect("legal");
                assert_eq!(find_threat_win(&after, 20_000, MAX_THREES).win, None, "{}: {refutation:?}", case.name);
            }
            // The bot plays one of them.
            let level = crate::Level::STRONGEST;
            let turn = crate::Bot::new(super::super::FiveInARowEvaluation::default(), level, 1)
                .play_turn(&position, 80_000, &crate::NoDeadline)
                .expect("a turn");
            assert!(stones(case.expected).contains(&turn.actions[0]), "{}: {:?}", case.name, turn.actions);
        }
    }

    #[test]
    fn the_block_the_fours_only_bot_played_loses_to_a_line_of_threes() {
        // The game of `THREATS`' third case, with the old bot's m5: White wins by a line that needs more than
        // one three, and it wins against every answer.
        let lost = Case { black: "f7 j9 i9 k8 h6 j7 l10 m5", ..THREATS[2] };
        let position = position(&lost);
        assert_eq!(find_threat_win(&position, 200_000, 1).win, None, "no line with one three");
        let first = find_threat_win(&position, 200_000, MAX_THREES).win.expect("a line with more threes");
        assert_line_wins(lost.name, &position, first);
    }

    #[test]
    fn lines_with_threes_are_found_and_win_against_every_answer() {
        for case in &WINS {
            let position = position(case);
            assert_eq!(find_threat_win(&position, 200_000, 0).win, None, "{}: no chain of fours alone", case.name);
            let found = find_threat_win(&position, 200_000, MAX_THREES);
            let first = found.win.unwrap_or_else(|| panic!("{}: a winning line", case.name));
            assert!(stones(case.expected).contains(&first), "{}: {first:?}", case.name);
            assert_line_wins(case.name, &position, first);
        }
    }
}
