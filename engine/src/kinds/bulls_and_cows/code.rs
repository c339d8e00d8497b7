//! Codes (a secret or a guess: a few digits), the answer of a guess against a secret, and the codes the rules
//! allow, in numeric order.

use std::fmt;

use super::rules::{BullsAndCowsRules, MAX_DIGITS};

/// A secret or a guess: 3 to 6 digits, as written (the rules, not the code, require them different).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Code {
    len: u8,
    digits: [u8; MAX_DIGITS as usize],
}

/// The answer to a guess: right digits in the right place, and right digits in the wrong place (rule 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Score {
    /// Right digit, right place.
    pub bulls: u8,
    /// Right digit, wrong place.
    pub cows: u8,
}

/// Why the rules refuse a code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CodeError {
    /// Not as many digits as the rules say.
    #[error("the code has {found} digits, not {wanted}")]
    Length {
        /// The rules' digits.
        wanted: u8,
        /// The code's.
        found: u8,
    },
    /// A digit twice.
    #[error("the digit {0} is repeated")]
    RepeatedDigit(u8),
    /// A leading 0 where the rules forbid it.
    #[error("the code starts with 0")]
    LeadingZero,
}

impl Code {
    /// The code of `digits` (each 0–9), when it has 3 to 6 of them.
    #[must_use]
    pub fn new(digits: &[u8]) -> Option<Code> {
        if !(3..=usize::from(MAX_DIGITS)).contains(&digits.len()) || digits.iter().any(|&digit| digit > 9) {
            return None;
        }
        let mut code = Code { len: digits.len() as u8, digits: [0; MAX_DIGITS as usize] };
        code.digits[..digits.len()].copy_from_slice(digits);
        Some(code)
    }

    /// The digits, first first.
    #[must_use]
    pub fn digits(&self) -> &[u8] {
        &self.digits[..usize::from(self.len)]
    }

    /// Whether the rules allow this code as a secret or a guess, and if not, why.
    pub fn check(&self, rules: BullsAndCowsRules) -> Result<(), CodeError> {
        if self.len != rules.digits() {
            return Err(CodeError::Length { wanted: rules.digits(), found: self.len });
        }
        let mut seen = 0u16;
        for &digit in self.digits() {
            if seen & 1 << digit != 0 {
                return Err(CodeError::RepeatedDigit(digit));
            }
            seen |= 1 << digit;
        }
        if !rules.leading_zero() && self.digits[0] == 0 {
            return Err(CodeError::LeadingZero);
        }
        Ok(())
    }
}

/// The answer to `guess` against `secret`, both codes the rules allow (different digits).
#[must_use]
pub fn score(secret: &Code, guess: &Code) -> Score {
    let bulls = secret.digits().iter().zip(guess.digits()).filter(|(a, b)| a == b).count() as u8;
    let mask = |code: &Code| code.digits().iter().fold(0u16, |mask, &digit| mask | 1 << digit);
    let common = (mask(secret) & mask(guess)).count_ones() as u8;
    Score { bulls, cows: common - bulls }
}

/// Calls `visit` with every code the rules allow, in numeric order (`0123`, `0124`, …).
pub fn for_each_code(rules: BullsAndCowsRules, mut visit: impl FnMut(Code)) {
    let length = usize::from(rules.digits());
    let mut digits = [0u8; MAX_DIGITS as usize];
    fill(rules, &mut digits, 0, length, 0, &mut visit);
}

/// Fills `digits[at..length]` with digits not in `used`, smallest first.
fn fill(
    rules: BullsAndCowsRules,
    digits: &mut [u8; 6],
    at: usize,
    length: usize,
    used: u16,
    visit: &mut impl FnMut(Code),
) {
    if at == length {
        visit(Code::new(&digits[..length]).expect("3 to 6 digits"));
        return;
    }
    let first = u8::from(at == 0 && !rules.leading_zero());
    for digit in first..10 {
        if used & 1 << digit == 0 {
            digits[at] = digit;
            fill(rules, digits, at + 1, length, used | 1 << digit, visit);
        }
    }
}

impl fmt::Display for Code {
    /// The digits: `0123`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.digits().iter().try_for_each(|digit| write!(f, "{digit}"))
    }
}

impl fmt::Display for Score {
    /// `1B1C`: bulls, then cows.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}B{}C", self.bulls, self.cows)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(text: &str) -> Code {
        Code::new(&text.bytes().map(|byte| byte - b'0').collect::<Vec<_>>()).expect("a code")
    }

    #[test]
    fn the_seeds_example_scores_one_bull_and_one_cow() {
        assert_eq!(score(&code("6109"), &code("0123")).to_string(), "1B1C");
        assert_eq!(score(&code("0123"), &code("0123")), Score { bulls: 4, cows: 0 });
        assert_eq!(score(&code("0123"), &code("3210")), Score { bulls: 0, cows: 4 });
    }

    #[test]
    fn the_rules_count_the_codes_they_allow() {
        let count = |rules| {
            let mut count = 0;
            for_each_code(rules, |_| count += 1);
            count
        };
        assert_eq!(count(BullsAndCowsRules::default()), 5040);
        assert_eq!(count(BullsAndCowsRules::new(4, false, 10).expect("valid")), 4536);
        assert_eq!(count(BullsAndCowsRules::new(6, true, 10).expect("valid")), 151_200);
        let mut first = None;
        for_each_code(BullsAndCowsRules::new(4, false, 10).expect("valid"), |code| {
            first.get_or_insert(code);
        });
        assert_eq!(first, Some(code("1023")));
    }

    #[test]
    fn a_code_the_rules_refuse_says_why() {
        let rules = BullsAndCowsRules::default();
        assert_eq!(code("0123").check(rules), Ok(()));
        assert_eq!(code("012").check(rules), Err(CodeError::Length { wanted: 4, found: 3 }));
        assert_eq!(code("0113").check(rules), Err(CodeError::RepeatedDigit(1)));
        let no_zero = BullsAndCowsRules::new(4, false, 10).expect("valid");
        assert_eq!(code("0123").check(no_zero), Err(CodeError::LeadingZero));
    }
}
