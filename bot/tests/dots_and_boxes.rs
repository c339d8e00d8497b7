//! The bot in Dots and Boxes: it takes a box there to take, does not hand one over while a safe edge exists,
//! and plays legal whole turns to the end in games of three and four players, where the seat that completes a
//! box moves again.

use kartka_bot::{play_any_turn, Bot, DotsAndBoxesEvaluation, Level, NoDeadline};
use kartka_engine::dots_and_boxes::{parse_edges, DotsAndBoxesRules, Edge, Position};
use kartka_engine::{AnyGame, Game, Progress, Ruleset};

/// The field of `rows` × `cols` boxes for `players` after `edges`.
fn after(rows: u8, cols: u8, players: u8, edges: &str) -> Position {
    let mut position = Position::new(DotsAndBoxesRules::new(rows, cols, players).expect("valid rules"));
    for edge in parse_edges(edges).expect("edges") {
        position.play(edge).expect("a legal edge");
    }
    position
}

/// The boxes with three sides drawn: boxes the seat to act may take.
fn three_sided(position: &Position) -> usize {
    let rules = position.rules();
    let drawn = position.drawn();
    (0..rules.rows())
        .flat_map(|row| (0..rules.cols()).map(move |column| (column, row)))
        .filter(|&(column, row)| rules.box_edges(column, row).iter().filter(|&&side| drawn.contains(side)).count() == 3)
        .count()
}

/// The bot's turn at `level` with `nodes`.
fn turn(position: &Position, level: u8, nodes: u64) -> Vec<Edge> {
    let level = Level::new(level).expect("a level");
    Bot::new(DotsAndBoxesEvaluation, level, 7).play_turn(position, nodes, &NoDeadline).expect("a turn").actions
}

#[test]
fn it_takes_a_box_there_to_take() {
    // The second seat to act; the first box of 5x5 has three sides and `b1v` closes it.
    let position = after(5, 5, 2, "a1h a2h a1v");
    assert_eq!(three_sided(&position), 1);
    for level in [4, 6, 8] {
        let actions = turn(&position, level, 20_000);
        assert_eq!(actions.first(), Some(&Edge::vertical(1, 0)), "level {level}: {actions:?}");
        assert!(actions.len() >= 2, "level {level}: a completed box earns the same seat another edge");
    }
}

#[test]
fn it_does_not_hand_a_box_over_while_a_safe_edge_exists() {
    // Every horizontal edge but `e6h`: each row of boxes is a corridor with two sides drawn, so every vertical
    // edge but `f5v` (beside the top right box, which has one side) draws a third side. The safe edges are
    // `e6h` and `f5v`; 31 edges are free, too many for the endgame solver, so the search decides.
    let mut edges: Vec<String> = Vec::new();
    for row in 1..=6 {
        for column in ['a', 'b', 'c', 'd', 'e'] {
            if (column, row) != ('e', 6) {
                edges.push(format!("{column}{row}h"));
            }
        }
    }
    let position = after(5, 5, 2, &edges.join(" "));
    assert_eq!((three_sided(&position), position.scores().as_slice()), (0, &[0, 0][..]));
    let safe = [Edge::horizontal(4, 5), Edge::vertical(5, 4)];
    for level in [4, 6, 8] {
        let actions = turn(&position, level, 50_000);
        assert_eq!(actions.len(), 1, "level {level}: no box to take, one edge");
        assert!(safe.contains(&actions[0]), "level {level}: {actions:?} hands a box over");
        let mut played = position;
        played.play(actions[0]).expect("legal");
        assert_eq!(three_sided(&played), 0, "level {level}");
    }
}

/// Plays a whole game of `rules` with the bot of `level` in every seat, checking each turn: every edge legal,
/// the turn's edges all played by one seat, and the turn going on exactly while edges complete boxes. Returns
/// how many turns drew more than one edge.
fn bots_play_to_the_end(rules: DotsAndBoxesRules, level: u8) -> usize {
    let mut game = AnyGame::new(&Ruleset::DotsAndBoxes(rules));
    let level = Level::new(level).expect("a level");
    let (mut turns, mut longer_turns) = (0u64, 0);
    while let Some(seat) = game.to_act() {
        let turn = play_any_turn(&game, level, turns, 3_000, &NoDeadline).expect("a turn while the game goes on");
        for (index, edge) in turn.actions.iter().enumerate() {
            assert_eq!(game.to_act(), Some(seat), "turn {turns}: one seat plays the whole turn");
            let progress = game.play(edge).unwrap_or_else(|error| panic!("turn {turns}: {edge}: {error}")).progress;
            let last = index + 1 == turn.actions.len();
            assert_eq!(progress == Progress::TurnContinues, !last, "turn {turns}: {edge} ends the turn only last");
        }
        longer_turns += usize::from(turn.actions.len() > 1);
        turns += 1;
    }
    let AnyGame::DotsAndBoxes(position) = &game else { panic!("a Dots and Boxes game") };
    let outcome = position.outcome().expect("over by the rules");
    let boxes: u32 = outcome.scores.expect("box counts").as_slice().iter().sum();
    assert_eq!(boxes as usize, rules.box_count(), "every box is someone's");
    assert_eq!(outcome.ranks.len(), usize::from(rules.players()));
    longer_turns
}

#[test]
fn three_and_four_players_play_legal_whole_turns_to_the_end() {
    for (rows, cols, players, level) in [(3, 3, 3, 8), (3, 4, 4, 8), (2, 3, 3, 2), (4, 4, 4, 5)] {
        let rules = DotsAndBoxesRules::new(rows, cols, players).expect("valid rules");
        let longer_turns = bots_play_to_the_end(rules, level);
        assert!(longer_turns > 0, "{rows}x{cols} of {players}: some seat completed a box and moved again");
    }
}

#[test]
fn two_players_play_legal_whole_turns_to_the_end() {
    let rules = DotsAndBoxesRules::new(3, 3, 2).expect("valid rules");
    assert!(bots_play_to_the_end(rules, 8) > 0);
}

/// The bot of the strongest level in both seats from the empty field, each search stopped after `think`: the
/// first seat's boxes minus the second's at the end.
fn margin_between_strongest_bots(rows: u8, cols: u8, think: std::time::Duration) -> i64 {
    let mut position = after(rows, cols, 2, "");
    let mut bots = [0, 1].map(|seed| Bot::new(DotsAndBoxesEvaluation, Level::STRONGEST, seed));
    while let Some(seat) = position.to_act() {
        let started = std::time::Instant::now();
        let deadline = || started.elapsed() > think;
        let turn = bots[seat.index()].play_turn(&position, 50_000_000, &deadline).expect("a turn");
        for edge in turn.actions {
            position.play(edge).expect("a legal edge");
        }
    }
    let scores = position.scores();
    i64::from(scores.as_slice()[0]) - i64::from(scores.as_slice()[1])
}

#[test]
fn the_side_that_wins_with_perfect_play_wins_against_the_strongest_bot() {
    // The rules document's exact margins: 1x3 −1, 2x2 +2, 2x3 −2. The winning side's solver keeps the win
    // whatever the other side does, so the sign is the reference's.
    let think = std::time::Duration::from_millis(100);
    assert!(margin_between_strongest_bots(1, 3, think) < 0, "1x3 is the second player's");
    assert!(margin_between_strongest_bots(2, 2, think) > 0, "2x2 is the first player's");
    assert!(margin_between_strongest_bots(2, 3, think) < 0, "2x3 is the second player's");
}

#[test]
fn it_double_deals_to_keep_control_of_the_chains() {
    // 2x4 with every horizontal edge: two corridors of four boxes, every vertical edge free, so any edge opens a
    // chain. The first seat opens the bottom one at its end. Taking all four would leave the second seat to open
    // the top chain (4-4); taking two and handing the last two over with the far end edge keeps control: the
    // first seat takes the pair and must open the top chain, and the second seat wins 6-2.
    let horizontals = "a1h b1h c1h d1h a2h b2h c2h d2h a3h b3h c3h d3h";
    let position = after(2, 4, 2, &format!("{horizontals} a1v"));
    let actions = turn(&position, 8, 1_000_000);
    let mut played = position;
    for &edge in &actions {
        played.play(edge).expect("legal");
    }
    assert_eq!(played.scores().as_slice(), &[0, 2], "two boxes taken, two handed over: {actions:?}");
    assert_eq!(actions.last(), Some(&Edge::vertical(4, 0)), "the far end of the chain: {actions:?}");
    let mut bots = [0, 1].map(|seed| Bot::new(DotsAndBoxesEvaluation, Level::STRONGEST, seed));
    while let Some(seat) = played.to_act() {
        let turn = bots[seat.index()].play_turn(&played, 1_000_000, &NoDeadline).expect("a turn");
        for edge in turn.actions {
            played.play(edge).expect("legal");
        }
    }
    assert_eq!(played.scores().as_slice(), &[2, 6]);
}
