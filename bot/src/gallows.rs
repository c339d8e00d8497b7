//! The Gallows bot (through [`SeatView`](crate::SeatView) on the server): as the setter, a dictionary word
//! chosen to be hard (its letters the rarest in the dictionary); as the guesser, the letter that the most words
//! still possible hold, the words still possible being the dictionary's words of the round's length consistent
//! with the letters shown, the letters missed and the words named wrong; the word itself once one is left.
//!
//! It plays from [`GallowsView`], what its seat sees: the public texts of the moves (and its own word as its
//! private text). The other seat's word is no input of any function here, so the bot cannot read it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use crate::rng::SplitMix64;
use kartka_engine::dictionary::{registry, Dictionary};
use kartka_engine::gallows::{for_each_word, Action, GallowsRules, PublicMove, Word, BLANK, MAX_LETTERS, MIN_LETTERS};

/// How many of the hardest words the setter draws from, so that its word is not always the same.
const HARD_WORDS: usize = 32;

/// What one seat has seen of a round.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct RoundView {
    /// The word as shown: blanks for hidden letters; `None` before the word is set.
    pattern: Option<Vec<char>>,
    /// The letters guessed, in order.
    tried: Vec<char>,
    /// The words named wrong.
    wrong: Vec<Word>,
    /// Whether the round is over.
    over: bool,
}

/// What one seat of a Gallows game knows: per round, the pattern shown, the letters tried and the wrong words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GallowsView {
    rules: GallowsRules,
    rounds: [RoundView; 2],
}

/// A text the view cannot take.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ViewError {
    /// Not a public text of Gallows, nor the seat's own word.
    #[error("{0:?} is not a move text of Gallows")]
    Unreadable(String),
    /// A move after both rounds ended.
    #[error("a move after the end of the game: {0:?}")]
    AfterTheEnd(String),
}

impl GallowsView {
    /// The view of a seat at the start of a game: both seats see the same texts but their own word.
    #[must_use]
    pub fn new(rules: GallowsRules) -> GallowsView {
        GallowsView { rules, rounds: Default::default() }
    }

    /// The round under way: the first until it is over, then the second.
    fn round_index(&self) -> usize {
        usize::from(self.rounds[0].over)
    }

    /// Takes one move as the seat received it: a public text, or the seat's own word (`W:kobra`).
    pub fn observe(&mut self, text: &str) -> Result<(), ViewError> {
        let index = self.round_index();
        if self.rounds[index].over {
            return Err(ViewError::AfterTheEnd(text.to_owned()));
        }
        let unreadable = || ViewError::Unreadable(text.to_owned());
        let round = &mut self.rounds[index];
        match PublicMove::parse(text).ok_or_else(unreadable)? {
            PublicMove::Set { pattern } => round.pattern = Some(pattern.chars().collect()),
            PublicMove::Letter { letter, shown, hanged } => {
                round.tried.push(letter);
                if let Some(shown) = shown {
                    round.over = !shown.contains(BLANK);
                    round.pattern = Some(shown.chars().collect());
                }
                round.over |= hanged.is_some();
            }
            PublicMove::Solve { word, right, hanged } => {
                if !right {
                    round.wrong.push(word);
                }
                round.over = right || hanged.is_some();
            }
        }
        Ok(())
    }

    /// The dictionary's words still possible in the round under way: of the pattern's length, each shown letter
    /// in its place, no tried or shown letter behind a blank, none named wrong.
    #[must_use]
    pub fn candidates(&self) -> Vec<Word> {
        let round = &self.rounds[self.round_index()];
        let Some(pattern) = &round.pattern else { return Vec::new() };
        let pattern: String = pattern.iter().collect();
        let known = |letter: char| round.tried.contains(&letter) || pattern.contains(letter);
        let mut candidates = Vec::new();
        for_each_word(&dictionary(self.rules), |word| {
            if word.fits(&pattern, known) && !round.wrong.contains(&word) {
                candidates.push(word);
            }
        });
        candidates
    }

    /// The seat's move when it is to act: its word when the round waits for one (drawn by `seed` among the
    /// hardest), else its guess. `None` when the game is over.
    #[must_use]
    pub fn next_action(&self, seed: u64) -> Option<Action> {
        let round = &self.rounds[self.round_index()];
        if round.over {
            return None;
        }
        if round.pattern.is_none() {
            return choose_word(self.rules, seed).map(Action::Secret);
        }
        Some(next_guess(self.rules, round, &self.candidates()))
    }

    /// Whether the round under way waits for its word.
    #[must_use]
    pub fn awaits_word(&self) -> bool {
        let round = &self.rounds[self.round_index()];
        !round.over && round.pattern.is_none()
    }
}

/// The dictionary the rules name (registered: rules exist only for registered dictionaries).
fn dictionary(rules: GallowsRules) -> Arc<Dictionary> {
    registry::find(&rules.dictionary()).unwrap_or_else(|| panic!("gallows rules name {}", rules.dictionary()))
}

/// The guess: the word when one is left; else the untried letter the most candidates hold (the alphabet's
/// first among equals); else, no candidate being left, the alphabet's first untried letter.
fn next_guess(rules: GallowsRules, round: &RoundView, candidates: &[Word]) -> Action {
    if let [word] = candidates {
        return Action::Solve(*word);
    }
    let shown = |letter: char| round.pattern.as_ref().is_some_and(|pattern| pattern.contains(&letter));
    let untried =
        rules.language().alphabet().iter().copied().filter(|&letter| !round.tried.contains(&letter) && !shown(letter));
    let mut best: Option<(usize, char)> = None;
    for letter in untried {
        let holding = candidates.iter().filter(|word| word.holds(letter)).count();
        if best.is_none_or(|(most, _)| holding > most) {
            best = Some((holding, letter));
        }
    }
    // The alphabet has more letters than a word of at most 12 can show or a round can miss.
    Action::Letter(best.map_or('a', |(_, letter)| letter))
}

/// A hard word for the setter, drawn by `seed` among the [`HARD_WORDS`] the rules accept whose distinct letters
/// are the rarest: a word's weight is the sum, over its distinct letters, of how many dictionary words hold the
/// letter, the lightest hardest (a guesser going by frequency misses most before finding it).
#[must_use]
pub fn choose_word(rules: GallowsRules, seed: u64) -> Option<Word> {
    let hardest = hardest_words(rules);
    if hardest.is_empty() {
        return None;
    }
    let index = (SplitMix64::new(seed).next_unit() * hardest.len() as f64) as usize;
    Some(hardest[index.min(hardest.len() - 1)])
}

/// The [`HARD_WORDS`] hardest words the rules accept, the hardest first: a full list has millions of words, so
/// they are found once per process for each set of rules (a dictionary's rules are few, and the lists only grow).
fn hardest_words(rules: GallowsRules) -> Arc<Vec<Word>> {
    static KNOWN: OnceLock<Mutex<HashMap<GallowsRules, Arc<Vec<Word>>>>> = OnceLock::new();
    let known = KNOWN.get_or_init(Mutex::default);
    let mut known = known.lock().unwrap_or_else(PoisonError::into_inner);
    Arc::clone(known.entry(rules).or_insert_with(|| Arc::new(find_hardest_words(rules))))
}

/// [`hardest_words`], by reading the whole dictionary.
fn find_hardest_words(rules: GallowsRules) -> Vec<Word> {
    let dictionary = dictionary(rules);
    let alphabet = rules.language().alphabet();
    let mut holding = vec![0u64; alphabet.len()];
    let mut acceptable = Vec::new();
    for_each_word(&dictionary, |word| {
        for (index, &letter) in alphabet.iter().enumerate() {
            holding[index] += u64::from(word.holds(letter));
        }
        let in_alphabet = word.letters().iter().all(|letter| alphabet.contains(letter));
        if (MIN_LETTERS..=MAX_LETTERS).contains(&word.len()) && in_alphabet && rules.hint().hides_something(word) {
            acceptable.push(word);
        }
    });
    let weight = |word: &Word| -> u64 {
        alphabet.iter().zip(&holding).filter(|(letter, _)| word.holds(**letter)).map(|(_, &count)| count).sum()
    };
    let mut weighed: Vec<(u64, Word)> = acceptable.iter().map(|word| (weight(word), *word)).collect();
    if weighed.len() > HARD_WORDS {
        weighed.select_nth_unstable(HARD_WORDS - 1);
        weighed.truncate(HARD_WORDS);
    }
    weighed.sort_unstable();
    weighed.into_iter().map(|(_, word)| word).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use kartka_engine::gallows::Position;
    use kartka_engine::{Game, Seat, Viewer};

    /// The guesser's view plays a round against `word` from the public texts alone: the misses it needs.
    fn misses_against(word: &str) -> u8 {
        let rules = GallowsRules::default();
        let mut game = Position::new(rules);
        let mut view = GallowsView::new(rules);
        let secret = Action::Secret(Word::new(word).expect("a word"));
        let play = |game: &mut Position, seat: Seat, action: Action, view: &mut GallowsView| {
            let before = game.clone();
            game.apply_as(seat, action).expect("legal");
            let disclosure = before.disclose(seat, &[action], game).expect("disclosed");
            view.observe(disclosure.for_viewer(seat, Viewer::Seat(Seat::SECOND))).expect("readable");
        };
        play(&mut game, Seat::FIRST, secret, &mut view);
        while game.round_index() == 0 && game.round(0).end().is_none() {
            let action = view.next_action(0).expect("a guess");
            play(&mut game, Seat::SECOND, action, &mut view);
        }
        game.round(0).misses()
    }

    /// The misses of a guesser that tries the alphabet in order, up to `allowed`.
    fn alphabetical_misses(word: Word, alphabet: &[char], allowed: u8) -> u8 {
        let last = alphabet.iter().rposition(|letter| word.holds(*letter)).expect("a word of the alphabet");
        let misses = alphabet[..last].iter().filter(|letter| !word.holds(**letter)).count();
        u8::try_from(misses).unwrap_or(u8::MAX).min(allowed)
    }

    #[test]
    fn the_guesser_misses_a_third_less_than_going_through_the_alphabet() {
        let rules = GallowsRules::default();
        let mut words = Vec::new();
        for_each_word(&dictionary(rules), |word| {
            if (6..=9).contains(&word.len()) && words.len() < 20 {
                words.push(word);
            }
        });
        assert_eq!(words.len(), 20);
        let alphabet = rules.language().alphabet();
        let bot: u32 = words.iter().map(|word| u32::from(misses_against(&word.to_string()))).sum();
        let baseline: u32 = words.iter().map(|word| u32::from(alphabetical_misses(*word, alphabet, 6))).sum();
        assert!(bot * 3 < baseline * 2, "{bot} misses against {baseline} going through the alphabet");
    }

    #[test]
    fn the_setters_word_is_accepted_and_differs_between_seeds() {
        let rules = GallowsRules::default();
        let game = Position::new(rules);
        let words: Vec<Word> = (0..3).filter_map(|seed| choose_word(rules, seed)).collect();
        assert_eq!(words.len(), 3);
        for word in &words {
            assert_eq!(game.check_word(*word), Ok(()), "{word}");
        }
        assert!(words.iter().any(|word| *word != words[0]), "the seed draws among several words: {words:?}");
    }

    #[test]
    fn the_view_reads_public_texts_and_refuses_others() {
        let mut view = GallowsView::new(GallowsRules::default());
        view.observe("W:_____").expect("a word set");
        view.observe("o+_o___").expect("a hit");
        view.observe("x-").expect("a miss");
        assert!(view.candidates().iter().all(|word| word.letters()[1] == 'o' && !word.holds('x')));
        assert_eq!(view.observe("Q"), Err(ViewError::Unreadable("Q".into())));
    }
}
