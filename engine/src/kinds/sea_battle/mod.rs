//! Sea Battle (Statki, «Морской бой»): two 10 × 10 grids, a fleet on each placed in secret by both seats at once,
//! then shots in turn, answered miss, hit or sunk; whoever first sinks the whole other fleet wins. The first game
//! of kartka with hidden information (`../shared/rules/sea-battle.md`; the design's "Viewers" and "Phases").
//!
//! How the rules are kept here:
//! - Setup is simultaneous: both seats are to act ([`Game::seats_to_act`]) until each has played its one fleet
//!   action (`F:A1-A4,C1-C3,…`, [`notation`](self::parse_actions)); a fleet is refused unless it is exactly the
//!   ships of the `fleet` option, apart as `touching` says ([`FleetError`]). Then the first seat shoots first.
//! - A shot at a cell shot before, or next to a sunk ship where `touching` makes that cell known to be empty
//!   (every neighbour with `none`, the side neighbours with `sides`, none with `any`), is refused (rule 2.4,
//!   [`Illegal`]). A hit or a sink shoots again unless `shoot_again` is off.
//! - Setup's actions are fleets, about 1.9 · 10¹⁵ of them for the classic fleet, too many to list:
//!   [`Game::for_each_legal_action`] lists none in setup, and [`Game::pick_legal_action_as`] draws a fleet
//!   uniformly at random among the legal ones from the server's seed ([`random_fleet`]). In play it lists the
//!   shots not refused by rule 2.4.
//! - A seat whose setup time runs out gets that random fleet ([`TimeoutPolicy::RandomAction`]); in play a
//!   timeout loses.
//! - What a move discloses ([`Game::disclose`]): a fleet is public as `F` only; its canonical text is the mover's
//!   private part and the secret the server commits to. A shot is public with its answer (`E5.`, `E5x`,
//!   `E5#E3-E6`, the sunk ship's cells public; see [`notation`](self::write_answered_shot)).
//! - The end: the winner sinks the last ship ([`EndReason::FleetSunk`](crate::EndReason::FleetSunk)).
//! - Not yet: the `salvo` option (rules §4, "later": one shot per ship afloat, announced together).
//! - No perft: setup's fleets cannot be listed, and after it the shots' tree is every order of the open cells.
//!   The move generator's checks are the layout counts of rules §6 instead ([`count_layouts`] by backtracking,
//!   [`count_apart_by_rows`] row by row up to the classic fleet on 10 × 10).
//!
//! The record ([`SeaBattleRecord`], the shared layout of [`HiddenRecord`]) adds the tags `Fleet` (`classic`,
//! `hasbro`), `Touching` (`none`, `sides`, `any`) and `ShootAgain` (`yes`, `no`), each absent for the fleet's
//! default; [`SeaBattleRecord::verify`] checks the commitments and replays every answer against the revealed
//! fleets.

mod fleet;
mod fuzz;
mod grid;
mod layout;
mod notation;
mod position;
mod record;
mod row_count;
mod rules;

pub use super::hidden_record::{HiddenRecord, RecordErrorKind, RecordedMove, Reveal, VerifyError};
pub use fleet::{Fleet, FleetError, Ship, MAX_SHIPS};
pub use grid::{Cell, MAX_SIDE, SIZE};
pub use layout::{count_layouts, random_fleet};
pub use notation::{
    parse_actions, parse_answered_shots, parse_fleet, write_action, write_answered_shot, Action, Answer,
};
pub use position::{Illegal, Position};
pub use record::SeaBattleRecord;
pub use row_count::count_apart_by_rows;
pub use rules::{FleetKind, RulesError, SeaBattleRules, Touching};

use crate::game::{Game, NotationError, Progress, TimeoutPolicy};
use crate::{Disclosure, Outcome, Seat, SeatSet};

/// The kind's stable name.
pub const NAME: &str = "sea-battle";

impl Game for Position {
    type Rules = SeaBattleRules;
    type Action = Action;
    type Illegal = Illegal;

    fn new(rules: &SeaBattleRules) -> Self {
        Position::new(*rules)
    }

    fn rules(&self) -> SeaBattleRules {
        Position::rules(self)
    }

    fn seat_count(_: &SeaBattleRules) -> usize {
        2
    }

    fn to_act(&self) -> Option<Seat> {
        Position::seats_to_act(self).first()
    }

    fn seats_to_act(&self) -> SeatSet {
        Position::seats_to_act(self)
    }

    fn check_as(&self, seat: Seat, action: Action) -> Result<(), Illegal> {
        Position::check_as(self, seat, action)
    }

    fn apply_as(&mut self, seat: Seat, action: Action) -> Result<Progress, Illegal> {
        Position::apply_as(self, seat, action)
    }

    const HIDDEN_INFORMATION: bool = true;

    fn disclose(&self, mover: Seat, actions: &[Action], _after: &Self) -> Option<Disclosure> {
        let mut public = String::new();
        let mut fleet_text = None;
        let mut replay = self.clone();
        for &action in actions {
            match action {
                Action::Fleet(fleet) => {
                    public.push('F');
                    fleet_text = Some(fleet.to_string());
                }
                Action::Shot(cell) => {
                    if !public.is_empty() {
                        public.push(' ');
                    }
                    write_answered_shot(cell, replay.answer(mover.other(), cell), &mut public);
                    // The move was played from here, so every shot of it is legal in turn.
                    let _ = Position::apply_as(&mut replay, mover, action);
                }
            }
        }
        Some(Disclosure { public, private: fleet_text.clone(), secret: fleet_text })
    }

    fn mid_turn(&self) -> bool {
        self.shooting_again()
    }

    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }

    fn check(&self, action: Action) -> Result<(), Illegal> {
        let seat = Game::to_act(self).ok_or(Illegal::GameOver)?;
        Position::check_as(self, seat, action)
    }

    fn apply(&mut self, action: Action) -> Result<Progress, Illegal> {
        let seat = Game::to_act(self).ok_or(Illegal::GameOver)?;
        Position::apply_as(self, seat, action)
    }

    fn for_each_legal_action(&self, mut visit: impl FnMut(Action)) {
        self.for_each_legal_shot(|cell| visit(Action::Shot(cell)));
    }

    fn timeout_policy(&self) -> TimeoutPolicy {
        if self.in_setup() {
            TimeoutPolicy::RandomAction
        } else {
            TimeoutPolicy::Loss
        }
    }

    fn pick_legal_action(&self, choice: u64) -> Option<Action> {
        self.pick_legal_action_as(Game::to_act(self)?, choice)
    }

    /// In setup a legal fleet drawn uniformly at random from `choice` as a seed (see [`random_fleet`]); in play
    /// the legal shot at `choice % n` of the `n` legal shots.
    fn pick_legal_action_as(&self, seat: Seat, choice: u64) -> Option<Action> {
        if !Position::seats_to_act(self).contains(seat) {
            return None;
        }
        if self.in_setup() {
            return Some(Action::Fleet(random_fleet(self.rules(), choice)));
        }
        let mut count = 0u64;
        self.for_each_legal_shot(|_| count += 1);
        let wanted = choice % count.max(1);
        let (mut seen, mut picked) = (0u64, None);
        self.for_each_legal_shot(|cell| {
            if seen == wanted {
                picked = Some(Action::Shot(cell));
            }
            seen += 1;
        });
        picked
    }

    fn write_key(&self, key: &mut crate::PositionKey) {
        Position::write_key(self, key);
    }

    fn parse_actions(text: &str) -> Result<Vec<Action>, NotationError> {
        parse_actions(text)
    }

    fn write_action(action: Action, out: &mut String) {
        write_action(action, out);
    }

    const ACTION_SEPARATOR: &'static str = " ";
}
