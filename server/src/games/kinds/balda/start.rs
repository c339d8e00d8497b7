//! The start words the server has drawn, remembered: a draw is a pass over the whole list (4.3 million forms for
//! Polish), and a ruleset without its start word (a seek, a challenge before its game exists) is read more than
//! once. The memory is bounded: past [`MAX_REMEMBERED`] entries it starts again.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock, PoisonError};

use kartka_engine::balda::{BaldaRules, RulesError};
use kartka_engine::dictionary::DictionaryId;

/// The most draws remembered at once.
const MAX_REMEMBERED: usize = 4096;

/// Rules by (size, players, list, seed), each drawn once.
type Remembered = HashMap<(u8, u8, DictionaryId, u64), BaldaRules>;

fn remembered() -> &'static Mutex<Remembered> {
    static REMEMBERED: OnceLock<Mutex<Remembered>> = OnceLock::new();
    REMEMBERED.get_or_init(|| Mutex::new(HashMap::new()))
}

/// [`BaldaRules::drawn`], drawn once per (size, players, list, seed) while remembered.
pub fn drawn(size: u8, players: u8, dictionary: DictionaryId, seed: u64) -> Result<BaldaRules, RulesError> {
    let key = (size, players, dictionary, seed);
    if let Some(&rules) = remembered().lock().unwrap_or_else(PoisonError::into_inner).get(&key) {
        return Ok(rules);
    }
    let rules = BaldaRules::drawn(size, players, dictionary, seed)?;
    let mut memory = remembered().lock().unwrap_or_else(PoisonError::into_inner);
    if memory.len() >= MAX_REMEMBERED {
        memory.clear();
    }
    memory.insert(key, rules);
    Ok(rules)
}
