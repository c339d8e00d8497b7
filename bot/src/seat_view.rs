//! The bot of the kinds with secrets (Sea Battle, Bulls and Cows, Gallows) from one seat's view: what that seat's
//! connection received of each move (the public text of the others' moves, its own version of its own), never
//! the whole game. [`SeatView`] keeps the kind's own view ([`SeaBattleView`], [`BullsAndCowsView`]) and which
//! seats have fixed their secret (a move carrying a commitment); [`SeatView::next_move`] is the seat's move when
//! it is to act: its secret first (a legal fleet, a uniform secret from the seed, a hard word), then a shot or a
//! guess.
//!
//! This is the one place besides [`play_any_turn`](crate::play_any_turn) that names the kinds with secrets; that
//! one refuses them ([`BotError::HiddenInformation`](crate::BotError::HiddenInformation)), its input being the
//! whole game.

use kartka_engine::bulls_and_cows::{parse_round, Action as CodeAction};
use kartka_engine::gallows::{Position as GallowsPosition, WordSource};
use kartka_engine::sea_battle::{parse_answered_shots, Action as FleetAction};
use kartka_engine::{BySeat, Ruleset, Seat};

use crate::bulls_and_cows::{choose_secret, next_guess, BullsAndCowsView};
use crate::gallows::GallowsView;
use crate::sea_battle::{choose_fleet, SeaBattleView};

/// What one seat of a game with secrets has seen, kind by kind.
#[derive(Clone, Debug, PartialEq, Eq)]
enum KindView {
    SeaBattle(SeaBattleView),
    BullsAndCows(BullsAndCowsView),
    Gallows(GallowsView),
}

/// One seat's view of a game with secrets, for its bot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatView {
    ruleset: Ruleset,
    seat: Seat,
    fixed: BySeat<bool>,
    view: KindView,
}

/// A move text the view cannot take.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SeatViewError(String);

impl SeatView {
    /// The view of `seat` at the start of a game played by `ruleset`; `None` for a kind without secrets, whose
    /// bot searches the whole game ([`play_any_turn`](crate::play_any_turn)).
    #[must_use]
    pub fn new(ruleset: &Ruleset, seat: Seat) -> Option<SeatView> {
        let view = match *ruleset {
            Ruleset::SeaBattle(rules) => KindView::SeaBattle(SeaBattleView::new(rules, seat)),
            Ruleset::BullsAndCows(rules) => KindView::BullsAndCows(BullsAndCowsView::new(rules, seat)),
            Ruleset::Gallows(rules) => KindView::Gallows(GallowsView::new(rules)),
            _ => return None,
        };
        Some(SeatView { ruleset: *ruleset, seat, fixed: BySeat::splat(ruleset.seat_count(), false), view })
    }

    /// Takes one move as the seat received it: the seat that played it, its text (the public one, or the seat's
    /// own version of its own move), and whether it fixed a secret (it carries a commitment). Answers how many
    /// actions the move held (a secret, a guess: one; Sea Battle's shots of one turn: one each), which a move
    /// frame's `ply` counts.
    pub fn observe(&mut self, mover: Seat, text: &str, fixes_secret: bool) -> Result<u32, SeatViewError> {
        let unreadable = || SeatViewError(format!("{text:?} is no move of this game"));
        if fixes_secret {
            *self.fixed.get_mut(mover).ok_or_else(unreadable)? = true;
            // A Gallows word is set once a round: its text (the pattern, or the seat's own word) starts the
            // round's view.
            let KindView::Gallows(view) = &mut self.view else { return Ok(1) };
            view.observe(text).map_err(|error| SeatViewError(error.to_string()))?;
            return Ok(1);
        }
        match &mut self.view {
            KindView::SeaBattle(view) => {
                view.observe(mover, text).map_err(|error| SeatViewError(error.to_string()))?;
                let shots = parse_answered_shots(text).ok_or_else(unreadable)?;
                u32::try_from(shots.len()).map_err(|_| unreadable())
            }
            // The seat's own guess before its round resolves comes as the guess itself: the round's text, which
            // answers it, comes later.
            KindView::BullsAndCows(_) if mover == self.seat && parse_round(text).is_none() => Ok(1),
            KindView::BullsAndCows(view) => {
                view.observe(text).map_err(|error| SeatViewError(error.to_string()))?;
                Ok(1)
            }
            KindView::Gallows(view) => {
                view.observe(text).map_err(|error| SeatViewError(error.to_string()))?;
                Ok(1)
            }
        }
    }

    /// Whether the seat's move to come is the server's to play, not its player's: a Gallows word under
    /// `word: server`, which the server draws for the setter's seat.
    #[must_use]
    pub fn move_is_the_servers(&self) -> bool {
        match (&self.view, self.ruleset) {
            (KindView::Gallows(view), Ruleset::Gallows(rules)) => {
                rules.source() == WordSource::Server && view.awaits_word()
            }
            _ => false,
        }
    }

    /// The seat's move, in the game's notation, when it is to act: its secret until it has fixed one, then its
    /// shot or guess; `seed` draws the secret. `None` when nothing is left to try (every cell shot, no secret
    /// consistent with the answers), which the rules end before.
    #[must_use]
    pub fn next_move(&self, seed: u64) -> Option<String> {
        let fixed = self.fixed.get(self.seat).copied().unwrap_or(false);
        let mut text = String::new();
        match (&self.view, self.ruleset) {
            (KindView::SeaBattle(_), Ruleset::SeaBattle(rules)) if !fixed => {
                kartka_engine::sea_battle::write_action(FleetAction::Fleet(choose_fleet(rules, seed)), &mut text);
            }
            (KindView::SeaBattle(view), _) => {
                kartka_engine::sea_battle::write_action(FleetAction::Shot(view.next_shot()?), &mut text);
            }
            (KindView::BullsAndCows(_), Ruleset::BullsAndCows(rules)) if !fixed => {
                kartka_engine::bulls_and_cows::write_action(CodeAction::Secret(choose_secret(rules, seed)), &mut text);
            }
            (KindView::BullsAndCows(view), _) => {
                kartka_engine::bulls_and_cows::write_action(CodeAction::Guess(next_guess(view)?), &mut text);
            }
            (KindView::Gallows(view), _) => {
                <GallowsPosition as kartka_engine::Game>::write_action(view.next_action(seed)?, &mut text);
            }
        }
        Some(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kartka_engine::{AnyGame, GameKind, Viewer};

    /// Both seats' bots play a whole game of each kind with secrets against each other, each told only what its
    /// seat's connection would receive: the game ends by the rules.
    #[test]
    fn two_seat_views_play_a_game_of_every_kind_with_secrets_to_its_end() {
        for &kind in GameKind::ALL.iter().filter(|kind| kind.hidden_information()) {
            let ruleset = kind.default_ruleset();
            let mut game = AnyGame::new(&ruleset);
            let mut views: Vec<SeatView> =
                Seat::all(2).map(|seat| SeatView::new(&ruleset, seat).expect("a kind with secrets")).collect();
            let mut moves = 0;
            while let Some(seat) = game.seats_to_act().first() {
                assert!(moves < 1_000, "{kind}: the game ends");
                let text = views[seat.index()].next_move(moves).expect("a move");
                let (_, disclosure) =
                    game.play_as(seat, &text).unwrap_or_else(|error| panic!("{kind}: {text}: {error}"));
                let disclosure = disclosure.expect("a kind with secrets discloses every move");
                for (at, view) in views.iter_mut().enumerate() {
                    let seen = disclosure.for_viewer(seat, Viewer::Seat(Seat::all(2).nth(at).expect("two seats")));
                    view.observe(seat, seen, disclosure.secret.is_some()).expect("a readable move");
                }
                moves += 1;
            }
            assert!(game.outcome().is_some(), "{kind}: over by the rules");
        }
    }

    #[test]
    fn a_kind_without_secrets_has_no_seat_view() {
        assert_eq!(SeatView::new(&GameKind::PaperSoccer.default_ruleset(), Seat::FIRST), None);
    }
}
