//! A Gallows game: two rounds, the first seat setting the first round's word and the second guessing it, then
//! the roles swapped (rule 1); each letter shows every occurrence or is a miss, a whole word wins the round or
//! is a miss, and the misses the rules allow hang the guesser (rule 2); fewer misses over both rounds win
//! (rule 3).

use std::sync::Arc;

use super::notation::{Action, PublicMove};
use super::rules::{GallowsRules, Hint, MAX_MISSES};
use super::word::{Word, MAX_LETTERS, MIN_LETTERS};
use crate::dictionary::{registry, Dictionary};
use crate::game::Progress;
use crate::{BySeat, EndReason, Outcome, Seat};

/// Why an action is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The seat is not the one to act.
    #[error("the {0} seat is not to act")]
    NotToAct(Seat),
    /// A guess before the round's word is set.
    #[error("the word is not set yet")]
    WordNotSet,
    /// A word set while the round's word is being guessed.
    #[error("the word is set: guess a letter or the word")]
    WordAlreadySet,
    /// A word set of too few or too many letters.
    #[error("a word has {MIN_LETTERS} to {MAX_LETTERS} letters, not {0}")]
    WordLength(usize),
    /// A word the rules' hint would show whole at the start (its only letters are its first and last).
    #[error("the word {0} would be shown whole at the start")]
    NothingHidden(Word),
    /// A letter outside the game's alphabet.
    #[error("{0} is not a letter of the game's language")]
    NotInAlphabet(char),
    /// A word the game's dictionary lacks.
    #[error("{0} is not in the game's dictionary")]
    NotInDictionary(Word),
    /// A letter guessed already (or shown at the start).
    #[error("the letter {0} was tried already")]
    LetterTried(char),
    /// A whole word guessed already.
    #[error("the word {0} was tried already")]
    WordTried(Word),
    /// A whole word of another length than the round's.
    #[error("the word has {wanted} letters, not {found}")]
    GuessLength {
        /// The round's word's letters.
        wanted: usize,
        /// The guess's.
        found: usize,
    },
}

/// How a round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RoundEnd {
    /// The guesser found the word (every letter shown, or the whole word named).
    Solved,
    /// The misses the rules allow hanged the guesser.
    Hanged,
}

/// One round: its word once set, the letters tried (bits by the alphabet's order), the wrong words named, the
/// misses and how it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Round {
    word: Option<Word>,
    tried: u64,
    wrong_words: [Option<Word>; MAX_MISSES as usize],
    misses: u8,
    end: Option<RoundEnd>,
}

impl Round {
    const fn new() -> Round {
        Round { word: None, tried: 0, wrong_words: [None; MAX_MISSES as usize], misses: 0, end: None }
    }

    /// The round's word, once set (the setter's secret until the end of the round).
    #[must_use]
    pub const fn word(&self) -> Option<Word> {
        self.word
    }

    /// The misses so far.
    #[must_use]
    pub const fn misses(&self) -> u8 {
        self.misses
    }

    /// How the round ended, once it has.
    #[must_use]
    pub const fn end(&self) -> Option<RoundEnd> {
        self.end
    }

    /// The wrong words named, first first.
    pub fn wrong_words(&self) -> impl Iterator<Item = Word> + '_ {
        self.wrong_words.iter().map_while(|word| *word)
    }
}

/// The dictionary a game judges words by, shared; compared and hashed by its identity.
#[derive(Clone, Debug)]
struct Lexicon(Arc<Dictionary>);

impl PartialEq for Lexicon {
    fn eq(&self, other: &Lexicon) -> bool {
        self.0.id() == other.0.id()
    }
}

impl Eq for Lexicon {}

impl std::hash::Hash for Lexicon {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.id().hash(state);
    }
}

/// A Gallows game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    rules: GallowsRules,
    dictionary: Lexicon,
    rounds: [Round; 2],
    outcome: Option<Outcome>,
}

impl Position {
    /// The start: the first seat sets the first round's word.
    #[must_use]
    pub fn new(rules: GallowsRules) -> Position {
        // Rules exist only for registered dictionaries and the registry never forgets one (see GallowsRules).
        let dictionary = registry::find(&rules.dictionary())
            .unwrap_or_else(|| panic!("gallows rules name the unregistered dictionary {}", rules.dictionary()));
        Position { rules, dictionary: Lexicon(dictionary), rounds: [Round::new(); 2], outcome: None }
    }

    /// The rules of the game.
    #[must_use]
    pub const fn rules(&self) -> GallowsRules {
        self.rules
    }

    /// The dictionary the rules name.
    #[must_use]
    pub fn dictionary(&self) -> &Arc<Dictionary> {
        &self.dictionary.0
    }

    /// The round under way (the second once the game is over): 0 or 1.
    #[must_use]
    pub fn round_index(&self) -> usize {
        usize::from(self.rounds[0].end.is_some())
    }

    /// A round, 0 or 1.
    #[must_use]
    pub fn round(&self, index: usize) -> &Round {
        &self.rounds[index]
    }

    /// The seat that sets round `index`'s word: the first seat the first round, the second the second.
    #[must_use]
    pub fn setter(index: usize) -> Seat {
        if index == 0 {
            Seat::FIRST
        } else {
            Seat::SECOND
        }
    }

    /// The outcome, once the game is over.
    #[must_use]
    pub const fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the round under way waits for its word.
    #[must_use]
    pub fn setting(&self) -> bool {
        self.outcome.is_none() && self.rounds[self.round_index()].word.is_none()
    }

    /// The seat to act: the setter while the word is not set, then the guesser.
    #[must_use]
    pub fn to_act(&self) -> Option<Seat> {
        if self.outcome.is_some() {
            return None;
        }
        let setter = Position::setter(self.round_index());
        Some(if self.setting() { setter } else { setter.other() })
    }

    /// The alphabet position of `letter` in the game's language.
    fn letter_bit(&self, letter: char) -> Option<u64> {
        let alphabet = self.rules.language().alphabet();
        alphabet.iter().position(|&known| known == letter).map(|index| 1 << index)
    }

    /// Whether `letter` was tried in round `index` (or shown at its start).
    #[must_use]
    pub fn tried(&self, index: usize, letter: char) -> bool {
        self.letter_bit(letter).is_some_and(|bit| self.rounds[index].tried & bit != 0)
    }

    /// The letters tried in round `index`, in the alphabet's order.
    pub fn tried_letters(&self, index: usize) -> impl Iterator<Item = char> + '_ {
        let tried = self.rounds[index].tried;
        let alphabet = self.rules.language().alphabet();
        alphabet.iter().enumerate().filter(move |&(bit, _)| tried & 1 << bit != 0).map(|(_, &letter)| letter)
    }

    /// Round `index`'s word as its guesser sees it (blanks for the letters not shown); `None` before it is set.
    #[must_use]
    pub fn pattern(&self, index: usize) -> Option<String> {
        let round = &self.rounds[index];
        let word = round.word?;
        if round.end == Some(RoundEnd::Solved) {
            return Some(word.to_string());
        }
        Some(word.pattern(|letter| self.tried(index, letter)))
    }

    /// Whether `seat` may play `action` now, and if not, why.
    pub fn check_as(&self, seat: Seat, action: Action) -> Result<(), Illegal> {
        let to_act = self.to_act().ok_or(Illegal::GameOver)?;
        if seat != to_act {
            return Err(Illegal::NotToAct(seat));
        }
        let index = self.round_index();
        let round = &self.rounds[index];
        match (action, round.word) {
            (Action::Secret(word), None) => self.check_word(word),
            (Action::Secret(_), Some(_)) => Err(Illegal::WordAlreadySet),
            (Action::Letter(_) | Action::Solve(_), None) => Err(Illegal::WordNotSet),
            (Action::Letter(letter), Some(_)) => {
                let bit = self.letter_bit(letter).ok_or(Illegal::NotInAlphabet(letter))?;
                if round.tried & bit != 0 {
                    return Err(Illegal::LetterTried(letter));
                }
                Ok(())
            }
            (Action::Solve(guess), Some(word)) => {
                if guess.len() != word.len() {
                    return Err(Illegal::GuessLength { wanted: word.len(), found: guess.len() });
                }
                if round.wrong_words().any(|tried| tried == guess) {
                    return Err(Illegal::WordTried(guess));
                }
                self.check_in_dictionary(guess)
            }
        }
    }

    /// Whether the rules accept `word` as a round's word: 4 to 12 letters of the alphabet, in the dictionary,
    /// something of it hidden under the rules' hint.
    pub fn check_word(&self, word: Word) -> Result<(), Illegal> {
        if !(MIN_LETTERS..=MAX_LETTERS).contains(&word.len()) {
            return Err(Illegal::WordLength(word.len()));
        }
        if !self.rules.hint().hides_something(word) {
            return Err(Illegal::NothingHidden(word));
        }
        self.check_in_dictionary(word)
    }

    /// Whether `word` is of the game's alphabet and in its dictionary.
    fn check_in_dictionary(&self, word: Word) -> Result<(), Illegal> {
        if let Some(&letter) = word.letters().iter().find(|&&letter| self.letter_bit(letter).is_none()) {
            return Err(Illegal::NotInAlphabet(letter));
        }
        if !self.dictionary.0.contains(&word.to_string()) {
            return Err(Illegal::NotInDictionary(word));
        }
        Ok(())
    }

    /// Plays `action` for `seat`. On error nothing changes.
    pub fn apply_as(&mut self, seat: Seat, action: Action) -> Result<Progress, Illegal> {
        self.check_as(seat, action)?;
        let index = self.round_index();
        match action {
            Action::Secret(word) => {
                self.rounds[index].word = Some(word);
                if self.rules.hint() == Hint::Ends {
                    let letters = word.letters();
                    for letter in [letters[0], letters[letters.len() - 1]] {
                        self.rounds[index].tried |= self.letter_bit(letter).expect("a word of the alphabet");
                    }
                }
                return Ok(Progress::TurnEnded);
            }
            Action::Letter(letter) => {
                self.rounds[index].tried |= self.letter_bit(letter).expect("checked");
                let word = self.rounds[index].word.expect("checked");
                if !word.holds(letter) {
                    self.rounds[index].misses += 1;
                } else if word.letters().iter().all(|&letter| self.tried(index, letter)) {
                    self.rounds[index].end = Some(RoundEnd::Solved);
                }
            }
            Action::Solve(guess) => {
                let round = &mut self.rounds[index];
                if Some(guess) == round.word {
                    round.end = Some(RoundEnd::Solved);
                } else {
                    // Each wrong word is a miss, so the slots (as many as the most misses) never run out.
                    let named = round.wrong_words().count();
                    round.wrong_words[named] = Some(guess);
                    round.misses += 1;
                }
            }
        }
        let round = &mut self.rounds[index];
        if round.end.is_none() && round.misses >= self.rules.misses() {
            round.end = Some(RoundEnd::Hanged);
        }
        if index == 1 && self.rounds[1].end.is_some() {
            let outcome = self.final_outcome();
            self.outcome = Some(outcome);
            return Ok(Progress::GameOver(outcome));
        }
        Ok(Progress::TurnEnded)
    }

    /// The outcome once both rounds ended: each seat scores the parts it was spared as a guesser (the misses the
    /// rules allow less its misses), so fewer misses rank first and equal misses draw.
    fn final_outcome(&self) -> Outcome {
        let spared = |seat: Seat| {
            let guessed = usize::from(seat == Seat::FIRST);
            u32::from(self.rules.misses() - self.rounds[guessed].misses)
        };
        Outcome::of_scores(BySeat::from_fn(2, spared), EndReason::Score)
    }

    /// The misses `seat` made as the guesser (in its round, so far).
    #[must_use]
    pub fn misses_of(&self, seat: Seat) -> u8 {
        self.rounds[usize::from(seat == Seat::FIRST)].misses
    }

    /// What `action`, legal here, makes public once played (`after` is the position it leads to).
    #[must_use]
    pub fn public_move(&self, action: Action, after: &Position) -> PublicMove {
        let index = self.round_index();
        let round = &after.rounds[index];
        let hanged = (round.end == Some(RoundEnd::Hanged)).then(|| round.word.expect("a round under way has its word"));
        match action {
            Action::Secret(_) => PublicMove::Set { pattern: after.pattern(index).expect("the word is set") },
            Action::Letter(letter) => {
                let word = round.word.expect("a guess follows the word");
                let shown = word.holds(letter).then(|| after.pattern(index).expect("the word is set"));
                PublicMove::Letter { letter, shown, hanged }
            }
            Action::Solve(word) => PublicMove::Solve { word, right: round.word == Some(word), hanged },
        }
    }

    /// Writes the position's canonical bytes: per round a presence flag and the word's letters (each as its
    /// code point, 4 bytes), the letters tried (8 bytes, by the alphabet's order), the misses, the wrong words
    /// named (their count, then each as the word) and how it ended (0 not, 1 solved, 2 hanged).
    pub fn write_key(&self, key: &mut crate::PositionKey) {
        let word_key = |key: &mut crate::PositionKey, word: Word| {
            key.byte(word.len() as u8);
            for &letter in word.letters() {
                key.number(u32::from(letter));
            }
        };
        for round in &self.rounds {
            key.flag(round.word.is_some());
            if let Some(word) = round.word {
                word_key(key, word);
            }
            for byte in round.tried.to_le_bytes() {
                key.byte(byte);
            }
            key.byte(round.misses);
            key.byte(round.wrong_words().count() as u8);
            for word in round.wrong_words() {
                word_key(key, word);
            }
            key.byte(match round.end {
                None => 0,
                Some(RoundEnd::Solved) => 1,
                Some(RoundEnd::Hanged) => 2,
            });
        }
    }
}
