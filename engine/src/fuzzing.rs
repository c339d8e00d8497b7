//! The checks the engine's fuzz targets run (`fuzz/fuzz_targets/`), here so that the regression tests
//! (`engine/tests/fuzz_regressions.rs`) feed the saved inputs of `fuzz/regressions/` through the very same
//! code on stable, in the ordinary `cargo test`. Each check takes arbitrary bytes and panics when the engine
//! breaks a promise it makes (a panic of its own is a failure too); it never fails on bad input, which the
//! engine must refuse with a typed error.
//!
//! Hidden from the documentation: this is test support, not part of the engine's interface. It lives in the
//! crate (rather than in a crate of its own) because it needs nothing but the engine's public interface, and
//! the fuzz crate, which is outside the workspace and built on nightly, can depend on it like any user.

use crate::game::Game;
use crate::kinds::dispatch_kind;
use crate::{AnyGame, GameKind, MoveError, Progress, Ruleset, Seat};

/// The longest move text the action-sequence check builds from its input.
const MAX_TEXT_CHARS: usize = 12;
/// The most legal actions the action-sequence check strings into one move text.
const MAX_RUN: usize = 8;

/// What the checks ask of each game kind, implemented by the kind's game type in its own module (`fuzz.rs`)
/// and reached through the registry, so that every kind is fuzzed and these checks name none.
pub trait Fuzzed: Game + PartialEq {
    /// Rules other than the default read from the fuzz input, or `None` when the bytes make no valid rules
    /// (the check then plays the default rules).
    fn rules_from(input: &mut Input) -> Option<Self::Rules>;

    /// Reads `text` with every reader of the kind's records. Every record that reads must replay without a
    /// panic, play as its moves play, and write out as text that reads back as the same record.
    fn check_records(text: &str);
}

/// Reads `bytes` as a record file, the way the admin import does (bytes that are not UTF-8 replaced), with
/// the record readers of every kind ([`Fuzzed::check_records`]).
pub fn check_records(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    for &kind in GameKind::ALL {
        dispatch_kind!(kind, G => <G as Fuzzed>::check_records(&text));
    }
}

/// Plays `moves` (move texts in `G`'s notation, each a whole turn or the last turn's beginning) from the start
/// by `rules`, and asserts that every move is accepted and the game ends as the record's replay `replayed` did.
pub fn assert_moves_replay<G: Game + PartialEq>(
    rules: &G::Rules,
    moves: impl IntoIterator<Item = impl AsRef<str>>,
    replayed: &G,
) {
    let mut game = G::new(rules);
    for text in moves {
        let text = text.as_ref();
        let actions =
            G::parse_actions(text).unwrap_or_else(|error| panic!("the replayed move {text} is unreadable: {error}"));
        for action in actions {
            game.apply(action).unwrap_or_else(|error| panic!("the replayed move {text} is refused: {error}"));
        }
    }
    assert!(game == *replayed, "a record replays as its moves play:\n{game:?}\n{replayed:?}");
}

/// Reads `bytes` (bytes that are not UTF-8 replaced) as a move text of every kind. The three notation calls agree: all
/// refuse with the same error, or the canonical text holds as many actions as the text, splits into
/// canonical single actions that concatenate to it, and is its own canonical text.
pub fn check_notation(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    for &kind in GameKind::ALL {
        let count = kind.action_count(&text);
        let split = kind.split_actions(&text);
        match kind.canonical_move(&text) {
            Err(error) => {
                assert!(
                    error.at <= text.chars().count(),
                    "{kind}: the error is within the text or just past its end: {error}"
                );
                assert_eq!(count, Err(error.clone()), "{kind}: action_count refuses {text:?} like canonical_move");
                assert_eq!(split, Err(error), "{kind}: split_actions refuses {text:?} like canonical_move");
            }
            Ok(canonical) => {
                let split =
                    split.unwrap_or_else(|error| panic!("{kind}: {text:?} is canonical but not split: {error}"));
                assert_eq!(count, Ok(split.len()), "{kind}: {text:?} counts its actions");
                assert_eq!(
                    split.concat(),
                    canonical,
                    "{kind}: the actions of {text:?} concatenate to its canonical text"
                );
                for action in &split {
                    assert_eq!(kind.canonical_move(action).as_ref(), Ok(action), "{kind}: {action:?} is canonical");
                    assert_eq!(kind.action_count(action), Ok(1), "{kind}: {action:?} is one action");
                }
                assert_eq!(kind.canonical_move(&canonical).as_ref(), Ok(&canonical), "{kind}: canonical twice");
                assert_eq!(kind.action_count(&canonical), Ok(split.len()));
            }
        }
    }
}

/// Plays a game chosen by the first bytes, then acts as the rest of `bytes` says: legal actions one by one,
/// runs of legal actions as one text, texts made of the characters of the game's notation, and actions that
/// were legal at the start. Every refused text leaves the game unchanged; every accepted one reports what
/// [`AnyGame::to_act`], [`AnyGame::mid_turn`] and [`AnyGame::outcome`] then say; legal actions are offered
/// exactly while someone is to act.
pub fn check_action_sequence(bytes: &[u8]) {
    let mut input = Input(bytes);
    let ruleset = ruleset(&mut input);
    let mut game = AnyGame::new(&ruleset);
    let start_actions = game.legal_actions();
    // The phase at the start may list no actions (Sea Battle's fleets): a drawn one gives the notation too.
    let drawn = game.pick_legal_action(0).into_iter();
    let alphabet = alphabet(&start_actions.iter().cloned().chain(drawn).collect::<Vec<_>>());
    check_state(&game);
    while let Some(operation) = input.next() {
        match operation % 4 {
            0 => play_legal_action(&mut game, input.next_u16()),
            1 => play_legal_run(&mut game, &mut input),
            2 => play_text(&mut game, &text_from(&mut input, &alphabet)),
            _ => {
                let index = usize::from(input.next_u16()) % start_actions.len().max(1);
                if let Some(action) = start_actions.get(index) {
                    play_start_action(&mut game, action);
                }
            }
        }
        check_state(&game);
    }
}

/// The fuzz input still to be read; reading past its end gives zeros.
pub struct Input<'a>(&'a [u8]);

impl Input<'_> {
    /// The next byte, or `None` at the end.
    fn next(&mut self) -> Option<u8> {
        let (&first, rest) = self.0.split_first()?;
        self.0 = rest;
        Some(first)
    }

    /// The next byte, or 0 at the end.
    pub fn next_u8(&mut self) -> u8 {
        self.next().unwrap_or(0)
    }

    /// The next two bytes, little-endian.
    pub fn next_u16(&mut self) -> u16 {
        u16::from_le_bytes([self.next_u8(), self.next_u8()])
    }
}

/// The rules of the game to play: a kind chosen by the input, played by its default rules or by rules the
/// input makes ([`Fuzzed::rules_from`]; invalid ones fall back to the default).
fn ruleset(input: &mut Input) -> Ruleset {
    let kind = GameKind::ALL[usize::from(input.next_u8()) % GameKind::ALL.len()];
    let chosen = input.next_u8() >= 128;
    let default = kind.default_ruleset();
    if !chosen {
        return default;
    }
    dispatch_kind!(kind, G, wrap => <G as Fuzzed>::rules_from(input).map_or(default, wrap))
}

/// The characters of the notation (every character of a legal first action), and a few outside it.
fn alphabet(start_actions: &[String]) -> Vec<char> {
    let mut alphabet: Vec<char> = start_actions.iter().flat_map(|action| action.chars()).collect();
    alphabet.extend([' ', '0', '9', 'z', 'ł']);
    alphabet.sort_unstable();
    alphabet.dedup();
    alphabet
}

/// A text of up to [`MAX_TEXT_CHARS`] characters of `alphabet`.
fn text_from(input: &mut Input, alphabet: &[char]) -> String {
    let length = usize::from(input.next_u8()) % (MAX_TEXT_CHARS + 1);
    (0..length).map(|_| alphabet[usize::from(input.next_u8()) % alphabet.len()]).collect()
}

/// What must hold of any game: someone acts exactly while there is no outcome, and exactly then there is a
/// legal action.
fn check_state(game: &AnyGame) {
    let kind = game.kind();
    let some_legal_action = game.pick_legal_action(0);
    match game.to_act() {
        None => {
            assert!(game.outcome().is_some(), "{kind}: a game nobody acts in is over");
            assert_eq!(some_legal_action, None, "{kind}: nothing is legal after the end");
            assert!(!game.mid_turn(), "{kind}: no turn goes on after the end");
        }
        Some(_) => {
            assert_eq!(game.outcome(), None, "{kind}: a game someone acts in is not over");
            assert!(some_legal_action.is_some(), "{kind}: the seat to act has a legal action");
        }
    }
}

/// What must hold after `seat` played a text and the engine reported `progress`.
fn check_progress(game: &AnyGame, seat: Seat, progress: Progress) {
    let kind = game.kind();
    match progress {
        Progress::TurnContinues => {
            assert_eq!(game.to_act(), Some(seat), "{kind}: the turn goes on for the same seat");
            assert!(game.mid_turn(), "{kind}: a turn that goes on is mid-turn");
        }
        Progress::TurnEnded => {
            assert!(game.to_act().is_some(), "{kind}: someone acts after a turn ends");
            assert!(!game.mid_turn(), "{kind}: a new turn begins");
            assert_eq!(game.outcome(), None);
        }
        Progress::GameOver(outcome) => {
            assert_eq!(game.to_act(), None, "{kind}: nobody acts after the end");
            assert_eq!(game.outcome(), Some(outcome), "{kind}: the outcome is the one reported");
            assert_eq!(outcome.seat_count(), game.seat_count(), "{kind}: the outcome ranks every seat");
            assert!(outcome.ranks.as_slice().contains(&1), "{kind}: some seat ranks first");
        }
    }
}

/// Plays the legal action `choice` picks; the engine must accept it as one action.
fn play_legal_action(game: &mut AnyGame, choice: u16) {
    let kind = game.kind();
    let Some(seat) = game.to_act() else {
        assert_eq!(game.pick_legal_action(u64::from(choice)), None, "{kind}: nothing to pick after the end");
        return;
    };
    let action = game.pick_legal_action(u64::from(choice)).expect("the seat to act has a legal action");
    let listed = game.legal_actions();
    assert!(listed.is_empty() || listed.contains(&action), "{kind}: a picked action is among the listed ones");
    let played = game.play(&action).unwrap_or_else(|error| panic!("{kind}: legal {action} refused: {error}"));
    assert_eq!(played.actions, 1);
    check_progress(game, seat, played.progress);
}

/// Picks up to [`MAX_RUN`] legal actions within one turn on a copy, then plays them as one text: the game
/// must end where the actions one by one did.
fn play_legal_run(game: &mut AnyGame, input: &mut Input) {
    let Some(seat) = game.to_act() else { return };
    let length = 1 + usize::from(input.next_u8()) % MAX_RUN;
    let mut probe = game.clone();
    let mut run = String::new();
    let mut actions = 0;
    let mut progress = Progress::TurnContinues;
    while actions < length && progress == Progress::TurnContinues {
        let action = probe.pick_legal_action(u64::from(input.next_u16())).expect("the turn goes on");
        progress = probe.play(&action).expect("a legal action is played").progress;
        if !run.is_empty() {
            run.push_str(game.kind().action_separator());
        }
        run.push_str(&action);
        actions += 1;
    }
    let kind = game.kind();
    let played = game.play(&run).unwrap_or_else(|error| panic!("{kind}: the run {run} refused: {error}"));
    assert_eq!((played.actions, played.progress), (actions, progress), "{kind}: {run}");
    assert_eq!(*game, probe, "{kind}: the run {run} ends where its actions one by one did");
    check_progress(game, seat, progress);
}

/// Plays any text: refused, it changes nothing and says why consistently with the notation; accepted, it
/// reports all its actions.
fn play_text(game: &mut AnyGame, text: &str) {
    let kind = game.kind();
    let before = game.clone();
    let count = kind.action_count(text);
    match game.play(text) {
        Ok(played) => {
            let seat = before.to_act().expect("only a game someone acts in accepts a move");
            assert_eq!(count, Ok(played.actions), "{kind}: {text:?} played all its actions");
            check_progress(game, seat, played.progress);
        }
        Err(error) => {
            assert_eq!(*game, before, "{kind}: the refused {text:?} changed nothing");
            match error {
                MoveError::Notation(error) => assert_eq!(count, Err(error)),
                MoveError::Empty => assert_eq!(count, Ok(0)),
                MoveError::GameOver => assert_eq!(before.to_act(), None),
                MoveError::NotToAct { seat } => panic!("{kind}: play() acts for the seat to act, not {seat}"),
                MoveError::PastTurnEnd { at } | MoveError::Illegal { at, .. } | MoveError::Forbidden { at, .. } => {
                    assert!(before.to_act().is_some(), "{kind}: a finished game refuses as over");
                    assert!(count.is_ok_and(|count| at < count), "{kind}: action {at} is in {text:?}");
                }
            }
        }
    }
}

/// Plays an action that was legal at the start: accepted exactly when it is legal now.
fn play_start_action(game: &mut AnyGame, action: &str) {
    let kind = game.kind();
    let before = game.clone();
    let legal_now = before.legal_actions().iter().any(|legal| legal == action);
    match game.play(action) {
        Ok(played) => {
            assert!(legal_now, "{kind}: {action} is accepted, so it is legal");
            check_progress(game, before.to_act().expect("someone acted"), played.progress);
        }
        Err(error) => {
            assert!(!legal_now, "{kind}: legal {action} refused: {error}");
            assert_eq!(*game, before, "{kind}: the refused {action} changed nothing");
            let expected = if before.to_act().is_none() { "GameOver" } else { "Illegal at 0" };
            assert!(
                matches!(
                    (&error, before.to_act()),
                    (MoveError::GameOver, None)
                        | (MoveError::Illegal { at: 0, .. } | MoveError::Forbidden { at: 0, .. }, Some(_))
                ),
                "{kind}: {action} refused with {error:?}, not {expected}"
            );
        }
    }
}
