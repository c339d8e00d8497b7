//! The bot's strength, measured in matches at fixed node budgets (never by the clock): level 8 must beat
//! level 1 and a random mover by margins a broken search cannot reach.

use kartka_bot::{Bot, ClosingInEvaluation, DotsEvaluation, Evaluate, Level, NoDeadline, SoccerEvaluation};
use kartka_engine::{closing_in, dots, soccer, Game, Progress, Seat};

/// Who plays a seat in a match.
enum Player<G: Game, E> {
    Bot(Bot<G, E>, u64),
    Random(u64),
}

impl<G: Game, E: Evaluate<G>> Player<G, E> {
    /// Plays one whole turn of the seat to act on `game`.
    fn play_turn(&mut self, game: &mut G) {
        match self {
            Player::Bot(bot, nodes) => {
                let turn = bot.play_turn(game, *nodes, &NoDeadline).expect("a turn");
                for action in turn.actions {
                    game.apply(action).expect("the bot plays legal actions");
                }
            }
            Player::Random(state) => loop {
                *state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                let action = game.pick_legal_action(*state >> 33).expect("a legal action");
                if game.apply(action).expect("a legal action") != Progress::TurnContinues {
                    break;
                }
            },
        }
    }
}

/// Plays `games` games between `strong` and `weak` (each built afresh per game from the game's number),
/// alternating who moves first; returns the strong side's wins.
fn strong_wins<G, E>(
    start: &G,
    games: u64,
    strong: impl Fn(u64) -> Player<G, E>,
    weak: impl Fn(u64) -> Player<G, E>,
) -> u64
where
    G: Game,
    E: Evaluate<G>,
{
    let mut wins = 0;
    for number in 0..games {
        let strong_seat = if number % 2 == 0 { Seat::FIRST } else { Seat::SECOND };
        let mut players = [strong(number), weak(number)];
        let mut game = start.clone();
        while let Some(seat) = game.to_act() {
            let player = if seat == strong_seat { &mut players[0] } else { &mut players[1] };
            player.play_turn(&mut game);
        }
        let winner = game.outcome().expect("the game is over").winner();
        if winner == Some(strong_seat) {
            wins += 1;
        }
    }
    wins
}

fn soccer_bot(level: u8, nodes: u64, seed: u64) -> Player<soccer::Position, SoccerEvaluation> {
    Player::Bot(Bot::new(SoccerEvaluation::default(), Level::new(level).expect("a level"), seed), nodes)
}

const GAMES: u64 = 20;

#[test]
fn in_paper_soccer_level_8_beats_level_1_by_a_wide_margin() {
    let wins = strong_wins(
        &soccer::Position::default(),
        GAMES,
        |n| soccer_bot(8, 20_000, n),
        |n| soccer_bot(1, 20_000, n + 1_000),
    );
    // The generic evaluation (legal actions only) wins 17 of these 20 games.
    assert!(wins >= 18, "level 8 won {wins} of {GAMES}");
}

#[test]
fn in_paper_soccer_level_8_beats_a_random_mover_every_time() {
    let wins = strong_wins(&soccer::Position::default(), GAMES, |n| soccer_bot(8, 20_000, n), Player::Random);
    assert_eq!(wins, GAMES, "level 8 won {wins} of {GAMES}");
}

#[test]
fn in_paper_soccer_level_4_beats_level_1() {
    let wins = strong_wins(
        &soccer::Position::default(),
        GAMES,
        |n| soccer_bot(4, 20_000, n),
        |n| soccer_bot(1, 20_000, n + 1_000),
    );
    assert!(wins >= 14, "level 4 won {wins} of {GAMES}");
}

#[test]
fn in_closing_in_level_8_beats_level_1_and_a_random_mover() {
    let bot = |level: u8, seed: u64| -> Player<closing_in::Position, ClosingInEvaluation> {
        Player::Bot(Bot::new(ClosingInEvaluation, Level::new(level).expect("a level"), seed), 20_000)
    };
    let start = closing_in::Position::default();
    let against_beginner = strong_wins(&start, GAMES, |n| bot(8, n), |n| bot(1, n + 1_000));
    let against_random = strong_wins(&start, GAMES, |n| bot(8, n), Player::Random);
    assert!(against_beginner >= 17, "level 8 won {against_beginner} of {GAMES} against level 1");
    assert!(against_random >= 19, "level 8 won {against_random} of {GAMES} against a random mover");
}

#[test]
fn in_dots_level_8_beats_a_random_mover_clearly() {
    let rules = dots::DotsRules { size: dots::FieldSize::new(8, 8).expect("a size"), ..dots::DotsRules::default() };
    let wins = strong_wins(
        &dots::Position::new(rules),
        GAMES,
        |n| Player::Bot(Bot::new(DotsEvaluation, Level::STRONGEST, n), 2_000),
        |n| Player::Random(n + 1),
    );
    // The generic evaluation (legal actions only) wins 17 of these 20 games.
    assert!(wins >= 18, "level 8 won {wins} of {GAMES}");
}
