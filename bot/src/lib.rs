//! The built-in bot: a search that plays every kartka game kind, at eight levels, deterministic under a seed.
//!
//! # Pure
//! Like the engine, this crate does no I/O and reads no clock and no random number generator. The caller gives
//! a node budget, a [`Deadline`] it checks itself (a closure over its own clock, or none at all), and a seed
//! for the bot's one source of randomness, a small SplitMix64 ([`clock::think_time`] turns a game clock
//! into the time to think, and [`clock::TurnClock`] spends it over a clock the caller reads). With a node
//! budget and no deadline the bot plays exactly the same actions on every machine, which is what the tests rely on.
//!
//! # The search
//! Negamax alpha-beta over **single actions** (`search.rs`), generic over the engine's
//! [`Game`](kartka_engine::Game) trait, with iterative deepening and a transposition table keyed by a 64-bit
//! hash of the position. A Paper Soccer turn
//! can be hundreds of thousands of distinct step sequences in a bounce network, so the bot never lists whole
//! turns: an action after which the same seat acts again (a bounce) is just a node where that seat acts once
//! more. It keeps the score's point of view and costs half a step of depth, where an action that passes the
//! turn costs a whole step, so bounce chains are followed twice as deep as turns. The bot searches the
//! turn's first action; from level 6 up it plays the rest of the turn along the best line that search found
//! while the same seat acts (the table's best actions), searching again only where the line runs out, and
//! weaker levels search each action again. The turn's first action gets three quarters of the budget, each
//! later search half of what is left, and every search at least a complete one-step iteration, so a legal
//! turn always comes back however short the budget or the deadline. Moves are ordered by the table's best action, then by the
//! static evaluation of the position they lead to.
//!
//! Classic Paper Soccer at level 8 is played by another search, over **whole turns** ([`soccer_turns`]): UCT
//! whose nodes are complete turns listed by the engine's turn enumerator, each node's best few hundred kept by
//! the evaluation, as QtPaperSoccer searches; it beat the step search in 36 of 40 games at equal time
//! (docs/bot.md). [`Configuration::soccer_search`] chooses between them.
//!
//! Why alpha-beta rather than Monte Carlo tree search: both games reward exact tactics (a goal through a
//! bounce chain, a queen cut off from the board) that random playouts see poorly, and a cheap evaluation is
//! known for both; alpha-beta with a table also gives the same answer for the same node budget, which makes
//! levels and tests reproducible. Measured in classic Paper Soccer, the bot beats plain UCT with random
//! playouts in 97 % of games at equal time per move (docs/bot.md).
//!
//! # What the bot knows of each kind
//! Per-kind knowledge is the [`Evaluate`] trait: a static evaluation, and optionally an exact solver and
//! a threat search.
//! - Paper Soccer on kurnik's pitch ([`soccer_net::SoccerNetEvaluation`]): a small network trained on kurnik's
//!   games (`kartka-train soccer`) reads how many turns the ball needs to reach every point over the undrawn
//!   lines; a seat cut off from the goal it attacks stays the near-win the hand-written evaluation scores.
//! - Paper Soccer on other pitches ([`SoccerEvaluation`]): goals out of reach over the undrawn lines (a near-win
//!   for the seat that can still score), turns to each goal with bounces free, distance to each goal, urgency
//!   near a goal, mobility in the middle of a turn, wall traps in one's own half.
//! - Closing In ([`ClosingInEvaluation`]): queen moves against the opponent's; the engine's exact solver
//!   (`closing_in::solve`) once few squares are free.
//! - Dots ([`DotsEvaluation`]): the capture difference, and enemy dots hemmed in by one's own (a beginner's
//!   sense of threats).
//! - Dots and Boxes ([`DotsAndBoxesEvaluation`]): boxes taken and boxes there to take (so a third side is not
//!   handed over while a safe edge exists), and an exact endgame solver for two players; three or four players
//!   are searched as the bot against a coalition of the others ([`Paranoid`], [`ParanoidEvaluation`]).
//! - Paper Soccer `line` and `russian` ([`LineSoccerEvaluation`], [`RussianSoccerEvaluation`]): distance to each
//!   goal counted in lines of three steps, a kick owed, a ball hemmed in by drawn points (a closed seat hands
//!   over a kick).
//! - Paper Soccer `centre` ([`SoccerCentreEvaluation`]): the points scored, then the classic evaluation.
//! - xrsoccer ([`XrsoccerEvaluation`]): the points scored, distance to each goal, drawn segments at the ball.
//! - Five in a row ([`FiveInARowEvaluation`]): rows of one colour by length and open ends, a four to move or
//!   an open four against nearly decided; a line of fours and threes that wins against any defence
//!   (threat-space search, [`find_threat_win`]) played at once, and against the opponent's such line only the
//!   stones that refute it searched ([`find_threat_defence`]), both as the kind's [`Evaluate::threats`].
//! - Barriers ([`BarriersEvaluation`]): the engine's Grundy-value solver (regions no bar joins, valued once
//!   per shape) whenever it proves the position in budget; else the parity of the bars a greedy packing fits.
//! - Digital Wars ([`DigitalWarsEvaluation`]): the engine's memoised exact search over strings whenever it
//!   proves the position in budget (the pie rule's chooser takes the winning side); else a parity hint.
//! - Balda ([`balda`]) is no search: the longest word the dictionary allows now, found by walking the board's
//!   paths against the list's automaton.
//! - Any other kind ([`Generic`]): the number of legal actions. The search alone still finds wins and avoids
//!   losses within its horizon.
//! - Sea Battle, Bulls and Cows and Gallows, which keep secrets, are no search: [`sea_battle`] (density
//!   targeting), [`bulls_and_cows`] (the expected-size guesser) and [`gallows`] (a word of rare letters; the
//!   letter most words still possible hold) play from a seat's view, built from the public texts alone, through
//!   [`SeatView`]; [`play_any_turn`] refuses a whole game of theirs.
//! - Superghost is no search either: [`superghost`] challenges a fragment no word of the game's list holds, else
//!   adds a letter that keeps the fragment inside a word without completing one, at every level.
//!
//! # Levels
//! [`Level`] 1 to 8. The low levels make human mistakes on purpose: they look only a few steps ahead, and
//! choose among the root's actions by a softmax over their scores (a temperature that falls with the level),
//! so they usually play sensibly, sometimes second-best, and now and then blunder. From level 6 the bot plays
//! its best action; level 8 has no node cap and thinks as long as the caller's deadline allows.

mod any;
pub mod balda;
mod barriers;
mod bot;
pub mod bulls_and_cows;
pub mod clock;
mod closing_in;
mod digital_wars;
mod dots;
mod dots_and_boxes;
mod evaluate;
mod five_in_a_row;
pub mod gallows;
mod key;
mod level;
mod line_soccer;
mod points_and_segments;
pub mod racetrack;
mod rng;
mod russian_soccer;
pub mod sea_battle;
mod search;
mod seat_view;
mod soccer;
mod soccer_centre;
pub mod soccer_net;
pub mod soccer_turns;
pub mod superghost;
mod table;
#[cfg(test)]
mod test_games;
mod xrsoccer;

pub use any::{
    play_any_turn, play_any_turn_configured, AnyTurn, Configuration, LoadedNetwork, SoccerJudgement, SoccerSearch,
};
pub use barriers::BarriersEvaluation;
pub use bot::{Bot, BotError, Evaluation, Stats, Turn};
pub use closing_in::ClosingInEvaluation;
pub use digital_wars::DigitalWarsEvaluation;
pub use dots::DotsEvaluation;
pub use dots_and_boxes::{DotsAndBoxesEvaluation, Paranoid, ParanoidEvaluation};
pub use evaluate::{Evaluate, Generic, Proof, Threats, EVALUATION_LIMIT, UNIT};
pub use five_in_a_row::{
    find_threat_defence, find_threat_win, FiveInARowEvaluation, ThreatDefence, ThreatSearch, MAX_THREES,
};
pub use level::{Level, LevelError};
pub use line_soccer::LineSoccerEvaluation;
pub use russian_soccer::RussianSoccerEvaluation;
pub use search::{Deadline, Iteration, NoDeadline, SearchOptions};
pub use seat_view::{SeatView, SeatViewError};
pub use soccer::SoccerEvaluation;
pub use soccer_centre::SoccerCentreEvaluation;
pub use xrsoccer::XrsoccerEvaluation;
