//! Superghost (the seed's "Balda": letters added at either end of a fragment), two to four players in Polish,
//! English or Russian, judged by a word list the rules name (docs/dictionaries.md).
//!
//! Decisions the rules document leaves open, taken here:
//! - the server judges a challenge with the game's list at once: the challenged player is taken to name a word
//!   holding the fragment if the list has one (so nobody can bluff a word), and the challenger loses the round;
//!   if the list has none, the challenged player loses it. A letter that leaves no word possible is therefore
//!   legal, a bluff a challenge can expose;
//! - a letter must be one of the game's language (`Language::alphabet`): anything else is refused, and the
//!   game is unchanged; a round's first letter is written at the end (`>x`), since an empty fragment has one end;
//! - completing a word of four letters or more loses the round at once; a shorter word does not;
//! - the loser of a round starts the next one (the next seat still in, when the loser is out);
//! - five lost rounds put a seat out; a seat that leaves is out at that moment and the round starts again; the
//!   last seat in wins, the others rank by the order they went out (the first out last). The end's reason is
//!   `score` (the letters decided it), or the departure's own reason when the last opponent left;
//! - a move's public text carries the list's verdict (`>s!` completed a word, `?+` a challenge some word answers,
//!   `?-` one none does: see `notation`), so a viewer without the list sees who lost each round. Nothing is
//!   secret: the private text is the public one.

mod fragment;
mod fuzz;
mod notation;
mod position;
mod record;
mod rules;

pub use fragment::{Fragment, Side};
pub use notation::{parse_actions, write_action, write_public};
pub use position::{Action, IllegalMove, Position, RoundEnd, RoundLoss};
pub use record::{ReadError, ReadErrorKind, ReplayError, SuperghostRecord};
pub use rules::{RulesError, SuperghostRules, LOSSES_TO_ELIMINATE, MAX_PLAYERS, MIN_PLAYERS, MIN_WORD_LETTERS};

use crate::game::{Game, NotationError, Progress};
use crate::{Disclosure, EndReason, Outcome, Seat};

impl Game for Position {
    type Rules = SuperghostRules;
    type Action = Action;
    type Illegal = IllegalMove;

    fn new(rules: &SuperghostRules) -> Self {
        Position::new(*rules)
    }

    fn seat_count(rules: &SuperghostRules) -> usize {
        usize::from(rules.players())
    }

    fn rules(&self) -> SuperghostRules {
        Position::rules(self)
    }

    fn to_act(&self) -> Option<Seat> {
        self.outcome().is_none().then(|| self.to_move())
    }

    /// Public as played, with each action's verdict (`notation`): the list's answer a viewer cannot reach.
    fn disclose(&self, _mover: Seat, actions: &[Action], _after: &Self) -> Option<Disclosure> {
        let mut public = String::new();
        let mut game = self.clone();
        for &action in actions {
            write_public(action, game.round_loss(action), &mut public);
            // Every action was played legally from here to `after`.
            let _ = game.play(action);
        }
        Some(Disclosure { public, private: None, secret: None })
    }

    fn mid_turn(&self) -> bool {
        false
    }

    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }

    fn check(&self, action: Action) -> Result<(), IllegalMove> {
        Position::check(self, action)
    }

    fn apply(&mut self, action: Action) -> Result<Progress, IllegalMove> {
        self.play(action)
    }

    fn seat_left(&mut self, seat: Seat, reason: EndReason) -> Option<Progress> {
        Position::seat_left(self, seat, reason)
    }

    fn for_each_legal_action(&self, visit: impl FnMut(Action)) {
        Position::for_each_legal_action(self, visit);
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
}
