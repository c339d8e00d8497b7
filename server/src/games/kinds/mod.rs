//! The server's registry of game kinds: for each kind, what the server knows of it beyond its rules (which
//! the engine holds). Each kind is one module here (`kinds/<kind>/`): validating a ruleset from a client, the
//! name people read, the admin's view and picture of a position, record files out and in, and the figures
//! the speed class is estimated from. Nothing outside these modules names a kind.
//!
//! Architecture invariant: this file is the only place in the server that lists the kinds; the matches
//! below are exhaustive, so a kind the engine or the protocol gains fails to compile until it has a module.

mod closing_in;
mod paper_soccer;

use kartka_engine::{AnyGame, GameKind, Ruleset};
use kartka_protocol::admin::PositionView;
use kartka_protocol::{GameKindName, RulesetSpec};

use super::records::{ExportError, ReadGames, RecordParts};

/// What the server knows of one game kind beyond its rules.
pub trait Kind: Sync {
    /// The engine's kind.
    fn kind(&self) -> GameKind;

    /// The name people read, e.g. "Paper Soccer".
    fn display_name(&self) -> &'static str;

    /// The turns one player plays in a typical game: the speed class counts that many increments.
    fn typical_turns_per_player(&self) -> u64;

    /// The protocol's ruleset for the engine's rules of this kind.
    fn spec(&self, ruleset: &Ruleset) -> RulesetSpec;

    /// How admins see `game`, reached after `ply` actions.
    fn view(&self, game: &AnyGame, ply: u32) -> PositionView;

    /// `game` as an SVG picture, `title` as its accessible name.
    fn picture(&self, game: &AnyGame, title: &str) -> String;

    /// The game as a record file in the kind's own format.
    fn record(&self, game: &RecordParts<'_>) -> Result<String, ExportError>;

    /// Reads every game of a record file of this kind, checked against the rules.
    fn read_records(&self, text: &str) -> ReadGames;
}

/// Why a ruleset from a client cannot be played.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct RulesetError(pub String);

/// The server's knowledge of `kind`.
#[must_use]
pub fn of(kind: GameKind) -> &'static dyn Kind {
    match kind {
        GameKind::PaperSoccer => &paper_soccer::PaperSoccer,
        GameKind::ClosingIn => &closing_in::ClosingIn,
    }
}

/// The server's knowledge of the kind of a protocol ruleset.
#[must_use]
pub fn of_spec(spec: &RulesetSpec) -> &'static dyn Kind {
    of(kind_of(spec.kind()))
}

/// The engine's rules for a protocol ruleset, validated.
pub fn ruleset(spec: &RulesetSpec) -> Result<Ruleset, RulesetError> {
    match *spec {
        RulesetSpec::PaperSoccer { width, height, goal } => paper_soccer::ruleset(width, height, goal),
        RulesetSpec::ClosingIn { size } => closing_in::ruleset(size),
    }
}

/// The engine's kind of a protocol kind name.
#[must_use]
pub fn kind_of(name: GameKindName) -> GameKind {
    match name {
        GameKindName::PaperSoccer => GameKind::PaperSoccer,
        GameKindName::ClosingIn => GameKind::ClosingIn,
    }
}

/// The kind whose records a record file holds: the one its `Game` tag names; kurnik's own files, which have
/// none, hold Paper Soccer.
#[must_use]
pub fn of_record_file(text: &str) -> Option<&'static dyn Kind> {
    let game_tag = text
        .lines()
        .map(str::trim)
        .take_while(|line| line.is_empty() || line.starts_with('['))
        .find_map(|line| line.strip_prefix("[Game \"")?.strip_suffix("\"]"));
    match game_tag {
        None => Some(of(GameKind::PaperSoccer)),
        Some(name) => GameKind::from_name(name).map(of),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_layer_lists_every_kind_under_one_name() {
        assert_eq!(GameKind::ALL.len(), GameKindName::ALL.len(), "the engine and the protocol list the same kinds");
        for &name in GameKindName::ALL {
            let kind = kind_of(name);
            assert_eq!(kind.name(), name.name(), "one name per kind in every layer");
            assert_eq!(of(kind).kind(), kind);
            let ruleset = kind.default_ruleset();
            let spec = of(kind).spec(&ruleset);
            assert_eq!(spec.kind(), name);
            assert_eq!(self::ruleset(&spec).expect("the default rules are valid"), ruleset);
        }
    }

    #[test]
    fn record_files_name_their_kind() {
        assert_eq!(of_record_file("[Event \"x\"]\n1. 0").map(|k| k.kind()), Some(GameKind::PaperSoccer));
        assert!(of_record_file("[Game \"chess\"]\n1. e4").is_none());
        for &kind in GameKind::ALL {
            let text = format!("[Game \"{}\"]\n", kind.name());
            assert_eq!(of_record_file(&text).map(|k| k.kind()), Some(kind));
        }
    }
}
