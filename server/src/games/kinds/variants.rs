//! The Paper Soccer variants by the names the rules document gives them (§5.6): what a record's `Variant` tag
//! holds and what `kartka perft --rules` takes. One table, so that a variant is one line here whatever kind
//! plays it (several variants may be rulesets of one kind).

use kartka_engine::line_soccer::{LinePreset, LineRules, RussianRules};
use kartka_engine::soccer_centre::CentreRules;
use kartka_engine::xrsoccer::XrRules;
use kartka_engine::Ruleset;

/// A variant: its name and the rules it names.
struct Variant {
    name: &'static str,
    rules: fn() -> Ruleset,
}

/// Every variant, in the order `--rules` lists them.
const VARIANTS: &[Variant] = &[
    Variant { name: "classic+centre", rules: || Ruleset::PaperSoccerCentre(CentreRules::default()) },
    Variant { name: "xrsoccer", rules: || Ruleset::Xrsoccer(XrRules::STANDARD) },
    Variant { name: "line", rules: || Ruleset::LineSoccer(LineRules::preset(LinePreset::Line)) },
    Variant { name: "line/opcja1", rules: || Ruleset::LineSoccer(LineRules::preset(LinePreset::Opcja1)) },
    Variant { name: "russian", rules: || Ruleset::RussianSoccer(RussianRules::default()) },
];

/// The variants' names.
pub fn names() -> impl Iterator<Item = &'static str> {
    VARIANTS.iter().map(|variant| variant.name)
}

/// The rules a variant's name stands for (its default board; a record's own tags may name another).
#[must_use]
pub fn ruleset(name: &str) -> Option<Ruleset> {
    VARIANTS.iter().find(|variant| variant.name == name).map(|variant| (variant.rules)())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_is_found_and_names_one_ruleset() {
        for name in names() {
            let rules = ruleset(name).expect("a listed name");
            assert_eq!(names().filter(|other| ruleset(other) == Some(rules)).count(), 1, "{name}");
        }
        assert_eq!(ruleset("classic"), None);
    }
}
