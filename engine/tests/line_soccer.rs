//! The Paper Soccer variants `line`, `line/opcja1` and `russian` (paper-soccer-variants.md §1–§3, §5): every
//! rule and listed edge case from a hand-made position, random play, records and perft.

#[path = "common/rng.rs"]
mod rng;

#[path = "common/perft_data.rs"]
mod perft_data;

use rng::Rng;
use std::collections::HashSet;

use kartka_engine::line_soccer::{
    import_kia84, import_kia84_save, kia84_tokens, perft, perft_after, read_variant_records, Action, Drawing,
    IllegalAction, Kia84Error, LineGame, LinePreset, LineRules, Point, RecordError, RussianGame, RussianRules,
    TurnError, TurnTokens, VariantRecord, VariantRules,
};
use kartka_engine::soccer::{Direction, LineEnding};
use kartka_engine::{EndReason, Game, Outcome, Progress, Seat};

const fn pt(x: i8, y: i8) -> Point {
    Point { x, y }
}

/// Draws a path of segments from `from`, one digit per segment.
fn path(drawing: &mut Drawing, from: Point, digits: &str) {
    let mut at = from;
    for digit in digits.chars() {
        let direction = Direction::from_digit(digit).expect("a digit 0-7");
        drawing.draw_segment(at, direction);
        at = at.shifted(direction, 1).expect("on the field");
    }
}

/// Plays `text` (actions written together), every action legal; returns the last progress.
fn play<G: Game<Action = Action>>(game: &mut G, text: &str) -> Progress {
    let actions = G::parse_actions(text).expect("readable actions");
    let mut progress = Progress::TurnContinues;
    for action in actions {
        progress = game.apply(action).unwrap_or_else(|error| panic!("{action:?} in {text}: {error}"));
    }
    progress
}

/// The error of the one action `text`, checked and applied, with the game unchanged.
fn refused<G: Game<Action = Action, Illegal = IllegalAction> + PartialEq>(game: &G, text: &str) -> IllegalAction {
    let actions = G::parse_actions(text).expect("readable actions");
    assert_eq!(actions.len(), 1);
    let error = game.check(actions[0]).expect_err("an illegal action");
    let mut copy = game.clone();
    assert_eq!(copy.apply(actions[0]), Err(error));
    assert_eq!(&copy, game, "an illegal action changes nothing");
    error
}

fn line_rules() -> LineRules {
    LineRules::default()
}

fn opcja1_rules() -> LineRules {
    LineRules::preset(LinePreset::Opcja1)
}

/// A ring of drawn points around `centre`, open at `centre + gap` (a direction digit).
fn ring_open_at(drawing: &mut Drawing, centre: Point, gap: char) {
    let gap = centre.shifted(Direction::from_digit(gap).expect("a digit"), 1).expect("on the field");
    for direction in Direction::ALL {
        let point = centre.shifted(direction, 1).expect("on the field");
        let next = centre.shifted(Direction::ALL[(direction.index() as usize + 1) % 8], 1).expect("on the field");
        if point != gap && next != gap {
            let step = Direction::ALL
                .into_iter()
                .find(|&step| point.shifted(step, 1) == Some(next))
                .expect("ring neighbours touch");
            drawing.draw_segment(point, step);
        }
    }
}

// §1.1, §1.8: the first seat attacks north; any goal wins for the goal's attacker, own goals included.

#[test]
fn the_first_seat_attacks_north_and_own_goals_lose() {
    let mut game = LineGame::setup(line_rules(), Drawing::default(), pt(0, 13), Seat::FIRST);
    assert_eq!(play(&mut game, "0"), Progress::TurnContinues);
    assert_eq!(play(&mut game, "0"), Progress::GameOver(Outcome::win(2, Seat::FIRST, EndReason::Goal)));
    assert_eq!(game.to_act(), None);
    assert_eq!(refused(&game, "0"), IllegalAction::GameOver);

    let mut own = LineGame::setup(line_rules(), Drawing::default(), pt(1, -14), Seat::FIRST);
    assert_eq!(play(&mut own, "5"), Progress::GameOver(Outcome::win(2, Seat::SECOND, EndReason::OwnGoal)));

    let mut second = RussianGame::setup(RussianRules::default(), Drawing::default(), pt(-2, 25), Seat::SECOND);
    assert_eq!(play(&mut second, "0"), Progress::GameOver(Outcome::win(2, Seat::FIRST, EndReason::OwnGoal)));
}

// §1.2, §2.1: a line is three steps, diagonals counting as one, then the other seat draws.

#[test]
fn a_line_is_three_steps_then_the_other_seat_draws() {
    let mut game = LineGame::new(&line_rules());
    assert_eq!(game.to_act(), Some(Seat::FIRST), "the lot picks who sits first; the first seat starts");
    assert_eq!(play(&mut game, "1"), Progress::TurnContinues);
    assert!(game.mid_turn());
    assert_eq!(play(&mut game, "1"), Progress::TurnContinues);
    assert_eq!(play(&mut game, "1"), Progress::TurnEnded);
    assert_eq!(game.ball(), pt(3, 3));
    assert_eq!((game.to_act(), game.mid_turn()), (Some(Seat::SECOND), false));

    let mut russian = RussianGame::new(&RussianRules::default());
    assert_eq!(play(&mut russian, "01"), Progress::TurnContinues);
    assert_eq!(play(&mut russian, "2"), Progress::TurnEnded, "§3.1: a move is exactly three steps");
    assert_eq!(russian.to_act(), Some(Seat::SECOND));
}

// §1.4, §1.5, §3.2: steps never re-enter a drawn point (the centre included) nor cross a drawn diagonal.

#[test]
fn steps_never_touch_drawn_points_nor_cross_lines() {
    let mut game = LineGame::new(&line_rules());
    play(&mut game, "16");
    assert_eq!(refused(&game, "3"), IllegalAction::CrossesLine);
    assert_eq!(refused(&game, "4"), IllegalAction::DrawnPoint, "the centre is drawn from the start");
    assert_eq!(refused(&game, "2"), IllegalAction::DrawnPoint);
    assert_eq!(play(&mut game, "0"), Progress::TurnEnded);

    let mut russian = RussianGame::new(&RussianRules::default());
    play(&mut russian, "16");
    assert_eq!(refused(&russian, "3"), IllegalAction::CrossesLine);
    assert_eq!(refused(&russian, "4"), IllegalAction::DrawnPoint);
}

// §1.3, §2 edge cases, §3 edge cases: the out-line and post tips are never touched; posts stand at half cells
// in `line`, so a diagonal from (±3, ±(L/2 − 1)) scores.

#[test]
fn the_out_line_and_post_tips_are_forbidden() {
    let game = LineGame::setup(line_rules(), Drawing::default(), pt(9, 0), Seat::FIRST);
    assert_eq!(refused(&game, "2"), IllegalAction::Forbidden);
    let corner = LineGame::setup(line_rules(), Drawing::default(), pt(9, 14), Seat::FIRST);
    assert_eq!(refused(&corner, "1"), IllegalAction::Forbidden, "corners are out-line");
    let beside_goal = LineGame::setup(line_rules(), Drawing::default(), pt(3, 14), Seat::FIRST);
    assert_eq!(refused(&beside_goal, "0"), IllegalAction::Forbidden);
    let mut post = beside_goal.clone();
    assert_eq!(play(&mut post, "7"), Progress::GameOver(Outcome::win(2, Seat::FIRST, EndReason::Goal)));

    let russian = RussianGame::setup(RussianRules::default(), Drawing::default(), pt(4, 24), Seat::FIRST);
    assert_eq!(refused(&russian, "7"), IllegalAction::Forbidden, "the post tip (3, 25)");
    let below_tip = RussianGame::setup(RussianRules::default(), Drawing::default(), pt(3, 24), Seat::FIRST);
    assert_eq!(refused(&below_tip, "0"), IllegalAction::Forbidden);
    let mut inside = RussianGame::setup(RussianRules::default(), Drawing::default(), pt(2, 25), Seat::FIRST);
    assert_eq!(refused(&inside, "1"), IllegalAction::Forbidden, "the mouth is entered only from |x| <= 2");
    assert_eq!(play(&mut inside, "0"), Progress::GameOver(Outcome::win(2, Seat::FIRST, EndReason::Goal)));
}

/// A pocket north of (0, 1): (0, 2) and (0, 3) with every other neighbour drawn.
fn pocket() -> Drawing {
    let mut drawing = Drawing::default();
    path(&mut drawing, pt(-1, 1), "00022444");
    drawing
}

// §2.1: a step that starts a line that cannot be completed is illegal; §3.4: in `russian` it is a self-clamp.

#[test]
fn a_line_into_a_dead_end_is_illegal_but_a_russian_move_self_clamps() {
    let game = LineGame::setup(line_rules(), pocket(), pt(0, 1), Seat::FIRST);
    assert_eq!(refused(&game, "0"), IllegalAction::LineCannotBeCompleted);
    assert_eq!(refused(&game, "6"), IllegalAction::DrawnPoint);
    let mut legal = Vec::new();
    game.for_each_legal_action(|action| legal.push(action));
    assert!(!legal.contains(&Action::Step(Direction::North)));
    assert!(legal.contains(&Action::Step(Direction::SouthWest)));

    let mut russian = RussianGame::setup(RussianRules::default(), pocket(), pt(0, 1), Seat::FIRST);
    assert_eq!(play(&mut russian, "0"), Progress::TurnContinues, "entering a dead end is allowed");
    assert_eq!(play(&mut russian, "0"), Progress::TurnEnded, "no step after the 2nd: the move ends");
    assert_eq!((russian.to_act(), russian.kick_due(), russian.mid_turn()), (Some(Seat::SECOND), Some(6), false));
    assert_eq!(refused(&russian, "0"), IllegalAction::KickDue);
    assert_eq!(play(&mut russian, "p06"), Progress::TurnEnded, "the opponent kicks from the dead end");
    assert_eq!((russian.to_act(), russian.kick_due()), (Some(Seat::FIRST), None));

    let mut drawing = Drawing::default();
    ring_open_at(&mut drawing, pt(0, 2), '4');
    let one_step = LineGame::setup(line_rules(), drawing, pt(0, 1), Seat::FIRST);
    assert_eq!(refused(&one_step, "0"), IllegalAction::LineCannotBeCompleted);
    let mut russian = RussianGame::setup(RussianRules::default(), drawing, pt(0, 1), Seat::FIRST);
    assert_eq!(play(&mut russian, "0"), Progress::TurnEnded, "no step after the 1st: the move ends");
    assert_eq!((russian.to_act(), russian.kick_due()), (Some(Seat::SECOND), Some(6)));
}

/// `line` 20 × 30: the first seat's line 000 from (0, 2) ends at (0, 5), which a ring closes.
fn closing_line() -> LineGame {
    let mut drawing = Drawing::default();
    ring_open_at(&mut drawing, pt(0, 5), '4');
    path(&mut drawing, pt(7, 12), "2");
    LineGame::setup(line_rules(), drawing, pt(0, 2), Seat::FIRST)
}

// §2.3: closing the opponent earns a kick of 7 in the same turn, ending on a fresh point, crossing allowed.

#[test]
fn closing_the_opponent_earns_a_kick_of_seven() {
    let mut game = closing_line();
    assert_eq!(play(&mut game, "000"), Progress::TurnContinues);
    assert!(!game.has_full_move());
    assert_eq!((game.to_act(), game.kick_due(), game.mid_turn()), (Some(Seat::FIRST), Some(7), true));
    assert_eq!(refused(&game, "1"), IllegalAction::KickDue);
    assert_eq!(refused(&game, "p06"), IllegalAction::WrongKickLength { drawn: 7 });
    assert_eq!(refused(&game, "p17"), IllegalAction::KickEndsOnDrawnPoint);

    let mut north = game.clone();
    assert_eq!(play(&mut north, "p07"), Progress::TurnEnded, "the kick crosses the ring");
    assert_eq!((north.ball(), north.to_act(), north.kick_due()), (pt(0, 12), Some(Seat::SECOND), None));
    assert!(north.drawing().has_segment(pt(0, 5), Direction::North));

    let mut back = game.clone();
    assert_eq!(play(&mut back, "p47"), Progress::TurnEnded, "a kick may run along drawn segments");
    assert_eq!(back.ball(), pt(0, -2));
}

// §2.4: still closed after the kick, the kicker kicks 7 again.

#[test]
fn still_closed_after_a_kick_means_another_kick() {
    let mut game = closing_line();
    let mut drawing = *game.drawing();
    ring_open_at(&mut drawing, pt(0, 12), '4');
    game = LineGame::setup(line_rules(), drawing, pt(0, 2), Seat::FIRST);
    assert_eq!(play(&mut game, "000p07"), Progress::TurnContinues);
    assert_eq!(game.kick_due(), Some(7));
    assert_eq!(refused(&game, "p47"), IllegalAction::KickEndsOnDrawnPoint);
    assert_eq!(play(&mut game, "p67"), Progress::TurnEnded);
    assert_eq!(game.to_act(), Some(Seat::SECOND));
}

/// `line`: the first seat's line 000 from (7, 9) closes the second at (7, 12), near the corner, where no kick
/// of 7 is legal. `blocked` lists further points to draw, as ends of the longer kicks.
fn escalation(blocked: &[Point]) -> LineGame {
    let mut drawing = Drawing::default();
    ring_open_at(&mut drawing, pt(7, 12), '4');
    for &point in [pt(7, 5), pt(0, 5), pt(0, 12)].iter().chain(blocked) {
        drawing.draw_segment(point, Direction::East);
    }
    LineGame::setup(line_rules(), drawing, pt(7, 9), Seat::FIRST)
}

// §2.5: with no legal kick, the duty passes to the other seat at 14, then back at 21.

#[test]
fn a_kick_duty_without_a_legal_kick_escalates() {
    let mut game = escalation(&[]);
    assert_eq!(play(&mut game, "000"), Progress::TurnEnded, "no kick of 7: the duty passes");
    assert_eq!((game.to_act(), game.kick_due()), (Some(Seat::SECOND), Some(14)));
    assert_eq!(refused(&game, "p214"), IllegalAction::Forbidden, "a kick may not touch the out-line");
    assert_eq!(play(&mut game, "p414"), Progress::TurnEnded);
    assert_eq!((game.to_act(), game.kick_due(), game.ball()), (Some(Seat::FIRST), None, pt(7, -2)));

    let mut tokens = TurnTokens::from_game(escalation(&[pt(7, -2), pt(-7, -2), pt(-7, 12)]), Seat::FIRST);
    tokens.play("000").expect("the line");
    assert!(tokens.next_is_pass(), "the duty passed through the second seat");
    assert_eq!(tokens.play("p421"), Err(TurnError::NotDue));
    assert_eq!(tokens.play("-"), Ok(()));
    assert_eq!(tokens.game().kick_due(), Some(21));
    assert_eq!(tokens.play("-"), Err(TurnError::PassWhileDue));
    tokens.play("p421").expect("the kick of 21");
    assert_eq!(tokens.tokens(), ["000", "-", "p421"]);
    assert_eq!(tokens.game().to_act(), Some(Seat::SECOND));
}

// §2.6: no legal kick of 21 draws the game.

#[test]
fn no_legal_kick_of_twenty_one_draws() {
    let blocked = [pt(7, -2), pt(-7, -2), pt(-7, 12), pt(7, -9)];
    let mut game = escalation(&blocked);
    assert_eq!(play(&mut game, "000"), Progress::GameOver(Outcome::draw(2, EndReason::Stuck)));
    assert_eq!(game.outcome().map(|outcome| outcome.winner()), Some(None));

    // §5.4–5.5: the duty passed through the second seat before the game ended, so its `-` closes the tokens.
    let mut tokens = TurnTokens::from_game(escalation(&blocked), Seat::FIRST);
    tokens.play("000").expect("the drawing line");
    assert!(tokens.next_is_pass(), "the second seat's pass is still due");
    assert_eq!(tokens.play("p421"), Err(TurnError::GameOver), "nothing else follows the end");
    assert_eq!(tokens.play("-"), Ok(()));
    assert!(!tokens.next_is_pass());
    assert_eq!(tokens.play("-"), Err(TurnError::GameOver), "one pass, no more");
    assert_eq!(tokens.tokens(), ["000", "-"]);
}

/// A whole `line/opcja1` game (16 × 20, from random play) that the second seat's last kicks draw: the first
/// seat, closed, owes a kick of 6 it cannot make, the second one of 12, the first one of 18 (§2.5–2.6).
const DRAWN_OPCJA1: [&str; 38] = [
    "033",
    "013",
    "524",
    "563",
    "570",
    "770",
    "330p56",
    "067",
    "010",
    "500",
    "017",
    "213",
    "001",
    "320",
    "210",
    "501",
    "310",
    "230",
    "344",
    "775",
    "531",
    "035",
    "223",
    "000",
    "072p46",
    "534",
    "670",
    "064",
    "470",
    "575",
    "500",
    "505",
    "435",
    "674",
    "341",
    "365",
    "745",
    "221p06p16p46p46",
];

// §5.4–5.5: a drawn game's record ends with the `-` of the seat the duty passed through, and reads back; a
// record written without it (as they were before) still reads.

#[test]
fn a_drawn_game_record_ends_with_the_pass_and_reads_back() {
    let rules = opcja1_rules();
    let mut tokens = TurnTokens::<LineGame>::new(&rules);
    tokens.play_all(&DRAWN_OPCJA1.join(" ")).expect("a legal game");
    let outcome = tokens.game().outcome().expect("over");
    assert_eq!(outcome, Outcome::draw(2, EndReason::Stuck));
    assert!(tokens.next_is_pass(), "the first seat passed the duty on");
    tokens.play("-").expect("its pass");
    let written = VariantRecord::new(VariantRules::Line(rules), tokens.tokens().to_vec(), Some(outcome));
    let text = written.write(LineEnding::Lf);
    assert!(text.trim_end().ends_with("20. -"), "{text}");
    let read = read_variant_records(&text).next().expect("one record").expect("it reads");
    assert_eq!(read.tokens, written.tokens);
    assert_eq!(read.replay().expect("it replays").outcome(), Some(outcome));

    let old = VariantRecord::new(VariantRules::Line(rules), DRAWN_OPCJA1.map(str::to_owned).to_vec(), Some(outcome));
    let read = read_variant_records(&old.write(LineEnding::Lf)).next().expect("one record").expect("it reads");
    assert_eq!(read.replay().expect("it replays without the pass").outcome(), Some(outcome));

    let mut extra = written.clone();
    extra.tokens.push("-".to_owned());
    assert!(
        matches!(extra.replay(), Err(RecordError::Turn { index: 39, error: TurnError::GameOver, .. })),
        "a second pass is refused"
    );
}

// §2.5: after an escalated kick that closes the opponent, the kicker kicks the base length again.

#[test]
fn an_escalated_kick_that_closes_earns_a_kick_of_seven() {
    let mut game = escalation(&[]);
    let mut drawing = *game.drawing();
    ring_open_at(&mut drawing, pt(7, -2), '0');
    game = LineGame::setup(line_rules(), drawing, pt(7, 9), Seat::FIRST);
    play(&mut game, "000");
    assert_eq!(play(&mut game, "p414"), Progress::TurnContinues);
    assert_eq!((game.to_act(), game.kick_due()), (Some(Seat::SECOND), Some(7)));
}

// §2 edge case: a kick may score, own goals included, and stops at the mouth.

#[test]
fn a_kick_scores_and_stops_at_the_mouth() {
    let mut game = closing_line();
    let mut drawing = *game.drawing();
    ring_open_at(&mut drawing, pt(0, 12), '4');
    game = LineGame::setup(line_rules(), drawing, pt(0, 2), Seat::FIRST);
    play(&mut game, "000p07");
    assert_eq!(refused(&game, "p07"), IllegalAction::WrongKickLength { drawn: 3 });
    assert_eq!(play(&mut game, "p03"), Progress::GameOver(Outcome::win(2, Seat::FIRST, EndReason::Goal)));
    assert_eq!(game.ball(), pt(0, 15));

    let mut drawing = Drawing::default();
    ring_open_at(&mut drawing, pt(0, -10), '0');
    let mut own = LineGame::setup(line_rules(), drawing, pt(0, -7), Seat::FIRST);
    play(&mut own, "444");
    assert_eq!(play(&mut own, "p45"), Progress::GameOver(Outcome::win(2, Seat::SECOND, EndReason::OwnGoal)));
}

/// `line/opcja1` 16 × 20: the first seat's line 000 from the centre closes the second at (0, 3); (0, 9) is
/// drawn.
fn opcja1_closing() -> LineGame {
    let mut drawing = Drawing::default();
    ring_open_at(&mut drawing, pt(0, 3), '4');
    path(&mut drawing, pt(0, 9), "2");
    LineGame::setup(opcja1_rules(), drawing, Point::CENTRE, Seat::FIRST)
}

// §2 `line/opcja1`: kicks of 6 may end on drawn points and then kick again, never back where the series stood.

#[test]
fn opcja1_kicks_end_on_drawn_points_and_kick_again() {
    let mut game = opcja1_closing();
    assert_eq!(play(&mut game, "000"), Progress::TurnContinues);
    assert_eq!(game.kick_due(), Some(6));
    assert_eq!(play(&mut game, "p06"), Progress::TurnContinues, "ending on a drawn point earns a kick");
    assert_eq!(game.kick_due(), Some(6));
    assert_eq!(refused(&game, "p46"), IllegalAction::KickReturnsInSeries);
    assert_eq!(play(&mut game, "p26"), Progress::TurnEnded);
    assert_eq!(game.to_act(), Some(Seat::SECOND));
    assert_eq!(opcja1_rules().kick_lengths(), [6, 12, 18]);
}

/// `russian` 40 × 52: the first seat's move 000 from (0, 2) clamps the second at (0, 5), and a penalty
/// north ends at (0, 11), clamped too; (6, 11) is drawn.
fn russian_series() -> RussianGame {
    let mut drawing = Drawing::default();
    ring_open_at(&mut drawing, pt(0, 5), '4');
    ring_open_at(&mut drawing, pt(0, 11), '4');
    path(&mut drawing, pt(6, 11), "2");
    RussianGame::setup(RussianRules::default(), drawing, pt(0, 2), Seat::FIRST)
}

// §3.3, §3.5–§3.7: a clamp earns a penalty of 6 in any direction, which may cross lines and end on drawn
// points; the series goes on while the opponent is clamped, never back where the ball stood.

#[test]
fn russian_penalties_come_in_series_without_there_and_back() {
    let mut game = russian_series();
    assert_eq!(play(&mut game, "000"), Progress::TurnContinues);
    assert_eq!(game.kick_due(), Some(6));
    let mut backwards = game.clone();
    assert_eq!(play(&mut backwards, "p46"), Progress::TurnEnded, "backwards, along and across the line");
    assert_eq!(play(&mut game, "p06"), Progress::TurnContinues, "still clamped: kick again");
    assert_eq!(refused(&game, "p46"), IllegalAction::KickReturnsInSeries);
    assert_eq!(play(&mut game, "p26"), Progress::TurnEnded, "a penalty may end on a drawn point");
    assert_eq!((game.to_act(), game.kick_due()), (Some(Seat::SECOND), None));
}

// §3.8: a kicker with no legal penalty loses (only after the kicker's own kicks).

#[test]
fn a_russian_kicker_without_a_legal_penalty_loses() {
    let rules = RussianRules::new(10, 10).expect("a small field");
    let mut drawing = Drawing::default();
    path(&mut drawing, pt(3, -1), "2");
    path(&mut drawing, pt(3, -3), "2");
    path(&mut drawing, pt(-3, -2), "022");
    path(&mut drawing, pt(-3, -3), "22");
    path(&mut drawing, pt(4, 3), "4");
    let mut game = RussianGame::setup(rules, drawing, pt(1, -2), Seat::FIRST);
    assert_eq!(play(&mut game, "222"), Progress::TurnContinues);
    assert_eq!(play(&mut game, "p66"), Progress::TurnContinues);
    assert_eq!(play(&mut game, "p16"), Progress::GameOver(Outcome::win(2, Seat::SECOND, EndReason::Stuck)));
}

// §1.6: the full-move test counts a shorter line into a goal, and only legal lines.

#[test]
fn a_short_line_into_the_goal_is_a_full_move() {
    let mut drawing = Drawing::default();
    path(&mut drawing, pt(-1, 14), "6");
    path(&mut drawing, pt(-1, 13), "22");
    path(&mut drawing, pt(1, 14), "2");
    let game = LineGame::setup(line_rules(), drawing, pt(0, 14), Seat::FIRST);
    assert!(game.has_full_move());
    let mut legal = Vec::new();
    game.for_each_legal_action(|action| legal.push(action));
    assert_eq!(
        legal,
        [Action::Step(Direction::North), Action::Step(Direction::NorthEast), Action::Step(Direction::NorthWest)]
    );
}

/// Turn tokens as a game's actions make them: `-` where a seat draws nothing.
#[derive(Default)]
struct Tokens {
    tokens: Vec<String>,
    current: String,
    next_is_second: bool,
}

impl Tokens {
    fn push<G: Game<Action = Action>>(&mut self, seat: Seat, action: Action, progress: Progress) {
        let next = if self.next_is_second { Seat::SECOND } else { Seat::FIRST };
        if self.current.is_empty() && seat != next {
            self.tokens.push("-".to_owned());
            self.next_is_second = !self.next_is_second;
        }
        G::write_action(action, &mut self.current);
        if progress != Progress::TurnContinues {
            self.tokens.push(std::mem::take(&mut self.current));
            self.next_is_second = !self.next_is_second;
        }
    }
}

/// Every action a player could submit: 8 steps and 8 × 21 kicks.
fn every_action() -> Vec<Action> {
    let steps = Direction::ALL.into_iter().map(Action::Step);
    let kicks = Direction::ALL
        .into_iter()
        .flat_map(|direction| (1..=21).map(move |segments| Action::Kick { direction, segments }));
    steps.chain(kicks).collect()
}

/// Plays random games; every state offers a legal action while the game is on, illegal actions change
/// nothing, every game ends, and its record round-trips.
fn random_games<G: Game<Action = Action, Illegal = IllegalAction> + PartialEq>(
    rules: G::Rules,
    record_rules: VariantRules,
    games: u64,
) {
    let candidates = every_action();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut ends = [0u32; 3];
    let mut kicks = 0u32;
    let mut passes = 0u32;
    for game_number in 0..games {
        let mut game = G::new(&rules);
        let mut tokens = Tokens::default();
        let mut actions = 0;
        while let Some(seat) = game.to_act() {
            let probe = candidates[(rng.next() % candidates.len() as u64) as usize];
            if let Err(error) = game.check(probe) {
                let before = game.clone();
                assert_eq!(game.apply(probe), Err(error));
                assert_eq!(game, before);
            }
            let action = game.pick_legal_action(rng.next()).expect("a seat to act has a legal action");
            let progress = game.apply(action).expect("a picked action is legal");
            tokens.push::<G>(seat, action, progress);
            kicks += u32::from(matches!(action, Action::Kick { .. }));
            actions += 1;
            assert!(actions < 20_000, "game {game_number} does not end");
        }
        let outcome = game.outcome().expect("over");
        passes += tokens.tokens.iter().filter(|token| *token == "-").count() as u32;
        ends[outcome.winner().map_or(2, Seat::index)] += 1;
        if game_number % 20 == 0 {
            let record = VariantRecord::new(record_rules, tokens.tokens.clone(), Some(outcome));
            let text = record.write(LineEnding::Lf);
            let read: Vec<_> = read_variant_records(&text).collect();
            assert_eq!(read, [Ok(record.clone())], "{text}");
            let replayed = record.replay().expect("a written record replays");
            assert_eq!(replayed.outcome(), Some(outcome));
        }
    }
    assert!(ends[0] > 0 && ends[1] > 0, "both seats win some games: {ends:?}");
    assert!(kicks > 0, "random play kicks");
    if let VariantRules::Russian(_) = record_rules {
        assert_eq!(ends[2], 0, "§3.9: russian has no draws");
        assert_eq!(passes, 0, "a russian kick duty never passes");
    }
}

// §2.2, §2.7, §3.9: moving is compulsory, every game ends, and records of random games round-trip.

#[test]
fn random_line_games_end() {
    random_games::<LineGame>(line_rules(), VariantRules::Line(line_rules()), 2000);
}

#[test]
fn random_opcja1_games_end() {
    random_games::<LineGame>(opcja1_rules(), VariantRules::Line(opcja1_rules()), 2000);
}

#[test]
fn random_russian_games_end_without_draws() {
    let rules = RussianRules::default();
    random_games::<RussianGame>(rules, VariantRules::Russian(rules), 1000);
}

#[test]
fn random_small_russian_games_end() {
    let rules = RussianRules::new(10, 12).expect("a small field");
    random_games::<RussianGame>(rules, VariantRules::Russian(rules), 2000);
}

/// Every distinct sequence of `depth` turn tokens, found by trying every possible action at every point.
fn naive_sequences<G: Game<Action = Action>>(
    game: &G,
    next: Seat,
    depth: usize,
    candidates: &[Action],
) -> HashSet<Vec<String>> {
    if depth == 0 {
        return HashSet::from([Vec::new()]);
    }
    let Some(to_act) = game.to_act() else {
        return HashSet::new();
    };
    let prefixed = |token: String, rest: HashSet<Vec<String>>| {
        rest.into_iter().map(move |mut tail| {
            tail.insert(0, token.clone());
            tail
        })
    };
    if to_act != next {
        return prefixed("-".to_owned(), naive_sequences(game, next.other(), depth - 1, candidates)).collect();
    }
    let mut turns = Vec::new();
    let mut partial = vec![(game.clone(), String::new())];
    while let Some((state, text)) = partial.pop() {
        for &action in candidates {
            let mut after = state.clone();
            if let Ok(progress) = after.apply(action) {
                let mut token = text.clone();
                G::write_action(action, &mut token);
                if progress == Progress::TurnContinues {
                    partial.push((after, token));
                } else {
                    turns.push((after, token));
                }
            }
        }
    }
    let mut all = HashSet::new();
    for (after, token) in turns {
        all.extend(prefixed(token, naive_sequences(&after, next.other(), depth - 1, candidates)));
    }
    all
}

fn check_perft<G: Game<Action = Action, Illegal = IllegalAction>>(tokens: &TurnTokens<G>, depth: usize) -> u64 {
    let candidates = every_action();
    let counted = perft(tokens, depth);
    let naive = naive_sequences(tokens.game(), tokens.next_seat(), depth, &candidates).len() as u64;
    assert_eq!(counted, naive, "perft({depth})");
    counted
}

// The perft of the issue: distinct sequences of turn tokens, `-` counting as one.

#[test]
fn perft_counts_turn_tokens_like_a_naive_enumeration() {
    let line = TurnTokens::<LineGame>::new(&line_rules());
    assert_eq!(perft(&line, 0), 1);
    let first = check_perft(&line, 1);
    let mut after_two = TurnTokens::<LineGame>::new(&opcja1_rules());
    after_two.play_all("012 765").expect("legal tokens");
    assert!(first > 8);
    check_perft(&line, 2);
    let russian = TurnTokens::<RussianGame>::new(&RussianRules::default());
    assert_eq!(check_perft(&russian, 1), first, "the same start, the same lines");
    check_perft(&russian, 2);

    check_perft(&TurnTokens::from_game(escalation(&[]), Seat::FIRST), 1);
    for blocked in [&[][..], &[pt(7, -2), pt(-7, -2), pt(-7, 12)][..]] {
        let mut tokens = TurnTokens::from_game(escalation(blocked), Seat::FIRST);
        tokens.play("000").expect("the closing line");
        for depth in 1..=3 {
            check_perft(&tokens, depth);
        }
    }
    check_perft(&TurnTokens::from_game(russian_series(), Seat::FIRST), 2);
    let opcja1 = VariantRules::from_name("line/opcja1").expect("a ruleset name");
    assert_eq!(perft_after(opcja1, "", 1), Ok(first));
    assert_eq!(perft_after(opcja1, "012 765", 1), Ok(perft(&after_two, 1)));
    assert_eq!(perft_after(opcja1, "012 7", 1), Err((1, TurnError::Unfinished)));
    check_perft(&TurnTokens::from_game(opcja1_closing(), Seat::FIRST), 2);
}

// §5.6: records with the variant headers, written and read back.

#[test]
fn a_record_carries_the_variant_headers_and_round_trips() {
    let mut tokens = TurnTokens::<LineGame>::new(&opcja1_rules());
    tokens.play_all("012 765 456").expect("legal tokens");
    let record = VariantRecord::new(VariantRules::Line(opcja1_rules()), tokens.tokens().to_vec(), None);
    let text = record.write(LineEnding::CrLf);
    assert_eq!(
        text,
        "[Variant \"line/opcja1\"]\r\n[Board \"16x20\"]\r\n[Mouth \"5\"]\r\n[Kicks \"6,12,18\"]\r\n\r\n\
         1. 012 765 2. 456\r\n"
    );
    let read = read_variant_records(&text).next().expect("a game").expect("readable");
    assert_eq!(read, record);
    assert_eq!(read.rules(), Ok(VariantRules::Line(opcja1_rules())));
    assert_eq!(read.replay().expect("replays").outcome(), None);
}

#[test]
fn the_format_example_reads() {
    let text = "[Variant \"line\"]\n\n1. 012 765 2. 101p37 210 3. 443 - 4. p021\n";
    let record = read_variant_records(text).next().expect("a game").expect("readable");
    assert_eq!(record.tokens, ["012", "765", "101p37", "210", "443", "-", "p021"]);
}

#[test]
fn bad_records_are_typed_errors() {
    let read = |text: &str| read_variant_records(text).next().expect("a game");
    assert!(matches!(read("[Variant \"line\"\n\n1. 0\n"), Err(RecordError::MalformedTag(1))));
    assert!(matches!(read("[Variant \"line\"]\n\n1. 0x\n"), Err(RecordError::BadToken { line: 3, .. })));
    assert!(matches!(read("[Variant \"line\"]\n\n2. 012\n"), Err(RecordError::OutOfOrder { .. })));
    assert!(matches!(read("[Variant \"line\"]\n\n1. 012 210 012\n"), Err(RecordError::OutOfOrder { .. })));
    assert!(matches!(read("[Variant \"line\"]\n\n1. 012 2.\n"), Err(RecordError::OutOfOrder { .. })));
    let replay = |text: &str| read(text).expect("readable").replay().map(|_| ());
    assert_eq!(replay("[Variant \"chess\"]\n\n1. 012\n"), Err(RecordError::UnknownVariant(Some("chess".into()))));
    assert_eq!(
        replay("[Variant \"line\"]\n[Board \"20-30\"]\n\n1. 012\n"),
        Err(RecordError::MalformedBoard("20-30".into()))
    );
    assert!(matches!(replay("[Variant \"line\"]\n[Board \"16x20\"]\n\n1. 012\n"), Err(RecordError::Size(_))));
    assert!(matches!(
        replay("[Variant \"russian\"]\n[Kicks \"7,14,21\"]\n\n1. 012\n"),
        Err(RecordError::ParameterMismatch { name: "Kicks", .. })
    ));
    assert!(matches!(
        replay("[Variant \"line\"]\n\n1. 012 654\n"),
        Err(RecordError::Turn { index: 1, error: TurnError::Illegal { at: 0, .. }, .. })
    ));
    assert!(matches!(
        replay("[Variant \"line\"]\n\n1. 01 210\n"),
        Err(RecordError::Turn { index: 0, error: TurnError::Unfinished, .. })
    ));
    assert!(matches!(
        replay("[Variant \"line\"]\n\n1. 0123\n"),
        Err(RecordError::Turn { index: 0, error: TurnError::PastTurnEnd(3), .. })
    ));
    assert!(matches!(
        replay("[Variant \"line\"]\n\n1. -\n"),
        Err(RecordError::Turn { error: TurnError::PassWhileDue, .. })
    ));
    assert!(matches!(
        replay("[Variant \"line\"]\n[Winner \"P3\"]\n\n1. 012\n"),
        Err(RecordError::WinnerMismatch { .. })
    ));
    assert_eq!(
        replay("[Variant \"line\"]\n[Winner \"P2\"]\n\n1. 012 76\n"),
        Ok(()),
        "resigned part-way through a turn"
    );
}

// §5.7: kia84 saves, numpad digits signed by player, `5` before a whole penalty.

#[test]
fn kia84_saves_import_as_russian_records() {
    let record = import_kia84("8 9 6\n-2 -3 -6\n8, 8, 8").expect("a legal save");
    assert_eq!(record.tokens, ["012", "432", "000"]);
    assert_eq!(record.tag("Variant"), Some("russian"));
    assert_eq!(record.replay().expect("replays").outcome(), None);
    assert_eq!(import_kia84("8 9 -6"), Err(Kia84Error::WrongPlayer(2)));
    // The same game as kia84's QDataStream writes it: one two's-complement byte per entry, red's negative.
    let bytes = [0x08, 0x09, 0x06, 0xFE, 0xFD, 0xFA, 0x08, 0x08, 0x08];
    assert_eq!(import_kia84_save(&bytes), Ok(record.clone()), "a .save file: one signed byte per entry");
    assert!(matches!(import_kia84_save(&[8, 0]), Err(Kia84Error::BadEntry { index: 1, .. })));
    assert!(matches!(import_kia84("8 x"), Err(Kia84Error::BadEntry { index: 1, .. })));
    assert!(matches!(import_kia84("8 9 1"), Err(Kia84Error::Illegal { index: 2, .. })));

    let mut game = russian_series();
    assert_eq!(kia84_tokens(&mut game, "8 8 8 5 8 5 6").expect("a series"), ["000p06p26"]);
    let mut game = russian_series();
    assert_eq!(kia84_tokens(&mut game, "8 8 8 5"), Err(Kia84Error::PenaltyWithoutDirection(3)));
    let mut game = russian_series();
    assert_eq!(kia84_tokens(&mut game, "8 8 8 8"), Err(Kia84Error::UnmarkedPenalty(3)));
}

#[test]
fn kia84_scoring_penalties_are_repeated_steps() {
    let mut drawing = Drawing::default();
    ring_open_at(&mut drawing, pt(0, 22), '4');
    let mut game = RussianGame::setup(RussianRules::default(), drawing, pt(0, 19), Seat::FIRST);
    let tokens = kia84_tokens(&mut game, "8 8 8 8 8 8 8").expect("a scoring penalty");
    assert_eq!(tokens, ["000p04"]);
    assert_eq!(game.outcome(), Some(Outcome::win(2, Seat::FIRST, EndReason::Goal)));
}

/// Plays a random game of `rules` and returns its actions.
fn random_game<G: Game<Action = Action>>(rules: &G::Rules, seed: u64) -> Vec<Action> {
    let mut rng = Rng(seed);
    let mut game = G::new(rules);
    let mut actions = Vec::new();
    while game.to_act().is_some() {
        let action = game.pick_legal_action(rng.next()).expect("a legal action");
        game.apply(action).expect("legal");
        actions.push(action);
    }
    actions
}

/// Replays `actions`, checking, listing and applying each; counts the allocations.
fn replay_allocations<G: Game<Action = Action>>(rules: &G::Rules, actions: &[Action]) -> u64 {
    let mut game = G::new(rules);
    let mut listed = 0;
    let allocations = allocation_counter::measure(|| {
        for &action in actions {
            assert!(game.check(action).is_ok());
            game.for_each_legal_action(|_| listed += 1);
            game.apply(action).expect("legal");
        }
    });
    assert!(listed > 0 && game.outcome().is_some());
    allocations.count_total
}

// Checking, listing and applying actions allocate nothing (the architecture's invariant).

#[test]
fn checking_and_applying_allocate_nothing() {
    for seed in 1..=5 {
        let line = random_game::<LineGame>(&line_rules(), seed);
        assert_eq!(replay_allocations::<LineGame>(&line_rules(), &line), 0);
        let opcja1 = random_game::<LineGame>(&opcja1_rules(), seed);
        assert_eq!(replay_allocations::<LineGame>(&opcja1_rules(), &opcja1), 0);
        let rules = RussianRules::default();
        let russian = random_game::<RussianGame>(&rules, seed);
        assert_eq!(replay_allocations::<RussianGame>(&rules, &russian), 0);
    }
}

/// §1.6 written out naively: every sequence of up to three directions, each step checked against the drawing
/// plus the sequence's own earlier points and segments (kept in sets), stopping at a mouth.
fn naive_full_move(field: kartka_engine::line_soccer::Field, drawing: &Drawing, ball: Point) -> bool {
    let crossing = |from: Point, direction: Direction, own: &HashSet<(Point, Point)>| {
        let (dx, dy) = kartka_engine::line_soccer::north_delta(direction);
        if dx == 0 || dy == 0 {
            return false;
        }
        let a = pt(from.x + dx, from.y);
        let b = pt(from.x, from.y + dy);
        let drawn = Direction::ALL.into_iter().any(|d| a.shifted(d, 1) == Some(b) && drawing.has_segment(a, d));
        drawn || own.contains(&(a, b)) || own.contains(&(b, a))
    };
    let mut stack = vec![(ball, 0, HashSet::from([ball]), HashSet::new())];
    while let Some((at, steps, points, segments)) = stack.pop() {
        if steps == 3 {
            return true;
        }
        for direction in Direction::ALL {
            let Some(to) = at.shifted(direction, 1) else { continue };
            if !field.contains(to) || field.is_forbidden(to) || drawing.has_point(to) || points.contains(&to) {
                continue;
            }
            if crossing(at, direction, &segments) {
                continue;
            }
            if field.is_mouth(to) {
                return true;
            }
            let mut points = points.clone();
            points.insert(to);
            let mut segments = segments.clone();
            segments.insert((at, to));
            stack.push((to, steps + 1, points, segments));
        }
    }
    false
}

// §1.6: the engine's full-move test agrees with the naive one in every position of random games.

#[test]
fn the_full_move_test_agrees_with_a_naive_one() {
    let mut rng = Rng(42);
    let mut closed = 0;
    for rules in [line_rules(), opcja1_rules()] {
        for _ in 0..30 {
            let mut game = LineGame::new(&rules);
            while game.to_act().is_some() {
                let naive = naive_full_move(game.field(), game.drawing(), game.ball());
                assert_eq!(game.has_full_move(), naive, "at {:?}", game.ball());
                closed += u32::from(!naive);
                let action = game.pick_legal_action(rng.next()).expect("a legal action");
                game.apply(action).expect("legal");
            }
        }
    }
    for _ in 0..10 {
        let mut game = RussianGame::new(&RussianRules::new(10, 12).expect("a small field"));
        while game.to_act().is_some() {
            assert_eq!(game.has_full_move(), naive_full_move(game.field(), game.drawing(), game.ball()));
            let action = game.pick_legal_action(rng.next()).expect("a legal action");
            game.apply(action).expect("legal");
        }
    }
    assert!(closed > 0, "some positions are closed");
}

proptest::proptest! {
    // §5.1–§5.3: any turn token (steps, then kicks) reads back as the actions it was written from.
    #[test]
    fn turn_tokens_read_back_as_written(
        steps in proptest::collection::vec(0u8..8, 0..4),
        kicks in proptest::collection::vec((0u8..8, 1u8..=21), 0..4),
    ) {
        let direction = |index: u8| Direction::from_index(index).expect("0-7");
        let actions: Vec<Action> = steps
            .iter()
            .map(|&index| Action::Step(direction(index)))
            .chain(kicks.iter().map(|&(index, segments)| Action::Kick { direction: direction(index), segments }))
            .collect();
        let mut text = String::new();
        for &action in &actions {
            LineGame::write_action(action, &mut text);
        }
        proptest::prop_assert_eq!(LineGame::parse_actions(&text), Ok(actions.clone()));
        proptest::prop_assert_eq!(RussianGame::parse_actions(&text), Ok(actions));
    }
}

// The perft data file: every value from the engine's walk, and depths 1 and 2 from the naive enumeration.

#[test]
fn perft_matches_the_data_file() {
    for entry in perft_data::entries("line-soccer") {
        let rules = VariantRules::from_name(entry.field("rules")).expect("a ruleset name");
        let moves = entry.field("moves").replace(',', " ");
        let counted: Vec<u64> =
            (1..=entry.counts.len()).map(|depth| perft_after(rules, &moves, depth).expect("legal moves")).collect();
        assert_eq!(counted, entry.counts, "line {}", entry.line);
        let naive_depths = entry.counts.len().min(2);
        match rules {
            VariantRules::Line(rules) => {
                let mut tokens = TurnTokens::<LineGame>::new(&rules);
                tokens.play_all(&moves).expect("legal moves");
                (1..=naive_depths).for_each(|depth| _ = check_perft(&tokens, depth));
            }
            VariantRules::Russian(rules) => {
                let mut tokens = TurnTokens::<RussianGame>::new(&rules);
                tokens.play_all(&moves).expect("legal moves");
                (1..=naive_depths).for_each(|depth| _ = check_perft(&tokens, depth));
            }
        }
    }
}

proptest::proptest! {
    // A bad record or save is a typed error, never a panic.
    #[test]
    fn any_text_reads_without_panicking(
        body in "(\\[Variant \"(line|russian|line/opcja1)\"\\]\n)?(\\[Board \"[0-9x]{0,6}\"\\]\n)?\n?([0-9p. \n-]{0,60})",
    ) {
        for record in read_variant_records(&body).flatten() {
            let _ = record.replay();
        }
        let _ = import_kia84(&body);
    }

    #[test]
    fn any_save_imports_without_panicking(entries in proptest::collection::vec(-9i8..=9, 0..80)) {
        let save = entries.iter().map(i8::to_string).collect::<Vec<_>>().join(" ");
        if let Ok(record) = import_kia84(&save) {
            let text = record.write(LineEnding::Lf);
            let read = read_variant_records(&text).next().expect("a game").expect("readable");
            proptest::prop_assert!(read.replay().is_ok());
        }
    }
}
