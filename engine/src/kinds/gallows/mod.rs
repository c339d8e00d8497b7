//! Gallows (Hangman, «Виселица», «Wisielec»): two rounds with the roles swapped; the setter's word is a secret
//! the guesser uncovers a letter at a time, a miss adding a part to the gallows; fewer misses over both rounds
//! win, equal misses draw (`../shared/rules/word-games.md`, "Gallows"). The third hidden-information kind, on
//! the layer Sea Battle built, and the first whose rules name a dictionary (see "Rules that carry data" in
//! ARCHITECTURE.md: [`GallowsRules`] holds a [`DictionaryId`](crate::dictionary::DictionaryId), never the list).
//!
//! How the rules are kept here:
//! - The first round's word is set by the first seat and guessed by the second; the second round swaps them
//!   ([`Position::setter`]). The word is 4 to 12 letters of the game's alphabet and in its dictionary; a guess
//!   is a letter not tried yet (every occurrence shown, or a miss) or a whole dictionary word of the word's
//!   length not named yet (right ends the round, wrong is a miss). The round ends when every letter is shown,
//!   the word is named, or the misses reach the rules' 6, 8 or 10.
//! - `reveal: ends` ([`Hint::Ends`]) shows the first and last letters at the start, every occurrence of both,
//!   and counts them as tried; a word made of those two letters alone is refused then
//!   ([`Illegal::NothingHidden`]), since nothing of it would be hidden.
//! - What a move discloses ([`Game::disclose`]): the word is the setter's private text and the secret the
//!   server commits to; its public text is the pattern the guesser starts from (`W:_____`). Guesses are public
//!   with their answers (`o+_o___`, `x-`, `=kobra+`); the miss that hangs the guesser publishes the word
//!   (`x-#kobra`), since the round is over. See [`PublicMove`] for the texts.
//! - `word: server` ([`WordSource::Server`]): the setter's seat still "plays" the word, but the server plays it
//!   for that seat ([`Game::move_drawn_by_server`]), a word drawn with [`Game::pick_legal_action_as`] from
//!   a number of the server's own RNG: nothing public (the ruleset, the game id) determines it.
//! - Each guess is a move of its own (the turn ends, and the same seat acts again); a seat whose word is missing
//!   when its time runs out gets a random dictionary word ([`TimeoutPolicy::RandomAction`]); a guesser who runs
//!   out of time loses.
//! - The result: [`EndReason::Score`](crate::EndReason::Score), each seat scoring the parts it was spared as a
//!   guesser (misses allowed less misses made), so the fewer misses rank first.
//! - The legal actions: none listed while a word is set (every dictionary word would be one, as Sea Battle's
//!   fleets are too many to list); while guessing, each letter of the alphabet not tried, then each dictionary
//!   word of the word's length not named, in the dictionary's order. Perft counts guesses from a set word.
//!
//! The record ([`GallowsRecord`], the shared layout of [`HiddenRecord`]) adds the tags `Language`,
//! `Dictionary` and `DictionaryHash` (always), `Word` (`server`, absent for `setter`), `Misses` and `Reveal`
//! (`ends`), each of the last absent at its default; [`GallowsRecord::verify`] checks the commitments and
//! replays every answer against the revealed words.

mod fuzz;
mod notation;
mod position;
mod record;
mod rules;
mod word;
mod words;

pub use super::hidden_record::{HiddenRecord, RecordErrorKind, RecordedMove, Reveal, VerifyError};
pub use notation::{parse_actions, parse_secret, write_action, Action, PublicMove};
pub use position::{Illegal, Position, Round, RoundEnd};
pub use record::GallowsRecord;
pub use rules::{GallowsRules, Hint, RulesError, WordSource, MAX_MISSES, MISSES};
pub use word::{Word, BLANK, MAX_LETTERS, MIN_LETTERS};

use crate::dictionary::Dictionary;
use crate::game::{Game, NotationError, Progress, TimeoutPolicy};
use crate::splitmix::SplitMix64;
use crate::{Disclosure, Outcome, Seat, SeatSet};

/// The kind's stable name.
pub const NAME: &str = "gallows";

impl Position {
    /// Calls `visit` with every action listed as legal now (see the module's doc): nothing while a word is
    /// set, else each untried letter, then each dictionary word of the word's length not named yet.
    fn for_each_legal(&self, mut visit: impl FnMut(Action)) {
        if self.setting() || self.outcome().is_some() {
            return;
        }
        let index = self.round_index();
        let alphabet = self.rules().language().alphabet();
        for &letter in alphabet.iter().filter(|&&letter| !self.tried(index, letter)) {
            visit(Action::Letter(letter));
        }
        let round = self.round(index);
        let length = round.word().expect("guessing follows the word").len();
        self.for_each_word(length, |word| {
            if round.wrong_words().all(|tried| tried != word) {
                visit(Action::Solve(word));
            }
        });
    }

    /// Calls `visit` with every word of the dictionary of `length` letters, in the dictionary's order.
    fn for_each_word(&self, length: usize, visit: impl FnMut(Word)) {
        words::by_length(self.dictionary()).get(length).into_iter().flatten().copied().for_each(visit);
    }

    /// A word for the setter drawn with `choice` as the seed: uniformly among the dictionary's words the rules
    /// accept as a round's word.
    fn draw_word(&self, choice: u64) -> Option<Word> {
        let hint = self.rules().hint();
        let acceptable = |text: &str| Word::new(text).is_some_and(|word| hint.hides_something(word));
        self.dictionary().draw(choice, MIN_LETTERS..=MAX_LETTERS, acceptable).and_then(|text| Word::new(&text))
    }
}

/// Calls `visit` with every word of `dictionary` of at most [`MAX_LETTERS`] letters, the shortest first, each
/// length in the dictionary's order.
pub fn for_each_word(dictionary: &Dictionary, visit: impl FnMut(Word)) {
    words::by_length(dictionary).iter().flatten().copied().for_each(visit);
}

impl Game for Position {
    type Rules = GallowsRules;
    type Action = Action;
    type Illegal = Illegal;

    fn new(rules: &GallowsRules) -> Self {
        Position::new(*rules)
    }

    fn rules(&self) -> GallowsRules {
        Position::rules(self)
    }

    fn seat_count(_: &GallowsRules) -> usize {
        2
    }

    fn to_act(&self) -> Option<Seat> {
        Position::to_act(self)
    }

    fn seats_to_act(&self) -> SeatSet {
        Position::to_act(self).into_iter().collect()
    }

    fn check_as(&self, seat: Seat, action: Action) -> Result<(), Illegal> {
        Position::check_as(self, seat, action)
    }

    fn apply_as(&mut self, seat: Seat, action: Action) -> Result<Progress, Illegal> {
        Position::apply_as(self, seat, action)
    }

    const HIDDEN_INFORMATION: bool = true;

    fn disclose(&self, _mover: Seat, actions: &[Action], after: &Self) -> Option<Disclosure> {
        let mut own = String::new();
        actions.iter().for_each(|&action| write_action(action, &mut own));
        let disclosure = match actions {
            [action @ Action::Secret(_)] => Disclosure {
                public: self.public_move(*action, after).text(),
                private: Some(own.clone()),
                secret: Some(own),
            },
            [action] => Disclosure { public: self.public_move(*action, after).text(), private: None, secret: None },
            _ => Disclosure { public: own, private: None, secret: None },
        };
        Some(disclosure)
    }

    fn mid_turn(&self) -> bool {
        false
    }

    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }

    fn check(&self, action: Action) -> Result<(), Illegal> {
        let seat = Position::to_act(self).ok_or(Illegal::GameOver)?;
        Position::check_as(self, seat, action)
    }

    fn apply(&mut self, action: Action) -> Result<Progress, Illegal> {
        let seat = Position::to_act(self).ok_or(Illegal::GameOver)?;
        Position::apply_as(self, seat, action)
    }

    fn for_each_legal_action(&self, visit: impl FnMut(Action)) {
        self.for_each_legal(visit);
    }

    /// Under `word: server`, each round's word: the server plays it at once for the setter's seat with
    /// [`Game::pick_legal_action_as`] and refuses a word from the seat's player.
    fn move_drawn_by_server(&self) -> bool {
        self.rules().source() == WordSource::Server && self.setting()
    }

    fn timeout_policy(&self) -> TimeoutPolicy {
        if self.setting() {
            TimeoutPolicy::RandomAction
        } else {
            TimeoutPolicy::Loss
        }
    }

    fn pick_legal_action(&self, choice: u64) -> Option<Action> {
        self.pick_legal_action_as(Position::to_act(self)?, choice)
    }

    /// While a word is set, a dictionary word drawn uniformly among those the rules accept (the server's draw
    /// under `word: server`, and a setter's timeout); while guessing, a letter drawn uniformly among those not
    /// tried (a per-move clock's `random_move`). `choice` seeds the draw, so the same number draws the same.
    fn pick_legal_action_as(&self, seat: Seat, choice: u64) -> Option<Action> {
        if Position::to_act(self) != Some(seat) {
            return None;
        }
        if self.setting() {
            return self.draw_word(choice).map(Action::Secret);
        }
        let index = self.round_index();
        let untried: Vec<char> =
            self.rules().language().alphabet().iter().copied().filter(|&letter| !self.tried(index, letter)).collect();
        let wanted = SplitMix64::new(choice).below(untried.len() as u64);
        untried.get(wanted as usize).copied().map(Action::Letter)
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
