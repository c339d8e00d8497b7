//! What the fuzz checks ask of Line Soccer and Russian Paper Soccer: a field (and preset) from the input, and
//! the §5 `[Variant]` records both kinds share, each kind replaying the records of its own rules.

use super::{
    parse_token, read_variant_records, LineGame, LinePreset, LineRules, RussianGame, RussianRules, Token, VariantGame,
    VariantRecord,
};
use crate::fuzzing::{assert_moves_replay, Fuzzed, Input};
use crate::game::Game;
use crate::soccer::LineEnding;

impl Fuzzed for LineGame {
    fn rules_from(input: &mut Input) -> Option<LineRules> {
        let preset = if input.next_u8() % 2 == 0 { LinePreset::Line } else { LinePreset::Opcja1 };
        LineRules::new(preset, 16 + input.next_u8() % 16, 20 + input.next_u8() % 22).ok()
    }

    fn check_records(text: &str) {
        for record in read_variant_records(text).flatten() {
            check_written(&record);
            if let Ok(VariantGame::Line(tokens)) = record.replay() {
                let rules = Game::rules(tokens.game());
                assert_moves_replay(&rules, turns(&record), tokens.game());
            }
        }
    }
}

impl Fuzzed for RussianGame {
    fn rules_from(input: &mut Input) -> Option<RussianRules> {
        RussianRules::new(10 + input.next_u8() % 32, 10 + input.next_u8() % 44).ok()
    }

    fn check_records(text: &str) {
        for record in read_variant_records(text).flatten() {
            if let Ok(VariantGame::Russian(tokens)) = record.replay() {
                let rules = Game::rules(tokens.game());
                assert_moves_replay(&rules, turns(&record), tokens.game());
            }
        }
    }
}

/// A record written with either line ending reads back as the same record (checked once, by `line-soccer`,
/// for the records of both kinds).
fn check_written(record: &VariantRecord) {
    for ending in [LineEnding::Lf, LineEnding::CrLf] {
        let written = record.write(ending);
        let read_back: Vec<_> = read_variant_records(&written).collect();
        assert_eq!(read_back, [Ok(record.clone())], "a [Variant] record reads back as written:\n{written}");
    }
}

/// The record's moves: its turn tokens without the `-` of a skipped slot.
fn turns(record: &VariantRecord) -> impl Iterator<Item = &String> {
    record.tokens.iter().filter(|token| matches!(parse_token(token), Ok(Token::Turn(_))))
}
