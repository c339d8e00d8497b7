//! The registry of game kinds: the one list of every game kartka knows, and the one place that hands a call
//! on [`AnyGame`] to the game it holds (the way shakmaty's `VariantPosition` hands every call to one
//! `Position`).
//!
//! Each kind is a module of this folder. Adding a game kind is that module and one line in the `registry!` call
//! at the bottom of this file: it names the kind, its stable name and the type that implements [`Game`] (by its
//! full path: the generated macros expand elsewhere). [`GameKind`], [`Ruleset`], [`AnyGame`] and the dispatch
//! behind every method of [`AnyGame`] are generated from that line, so no list can miss a kind. Two modules here
//! are not kinds: `variant_record` holds what the Paper Soccer variants' records share, `hidden_record` what the
//! hidden-information kinds' records share.

use crate::game::Game;

pub mod balda;
pub mod barriers;
pub mod bulls_and_cows;
pub mod closing_in;
pub mod digital_wars;
pub mod dots;
pub mod dots_and_boxes;
pub mod five_in_a_row;
pub mod gallows;
pub mod hidden_record;
pub mod line_soccer;
pub mod points_and_segments;
pub mod racetrack;
pub mod sea_battle;
pub mod soccer;
pub mod soccer_centre;
pub mod superghost;
pub mod variant_record;
pub mod xrsoccer;

pub use crate::tag_pairs::MAX_RECORD_TAGS;

/// Generates the kind enums and the `dispatch!` macro from the one list of kinds. The first token is a `$`,
/// passed in so that the generated `dispatch!` can declare its own metavariables.
macro_rules! registry {
    ($d:tt $( $(#[doc = $doc:literal])* $kind:ident($game:ty) = $name:literal; )+) => {
        /// The kinds of game kartka knows.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum GameKind {
            $( $(#[doc = $doc])* $kind, )+
        }

        impl GameKind {
            /// Every kind, in the registry's order.
            pub const ALL: &'static [GameKind] = &[$(GameKind::$kind),+];

            /// The stable name used on the wire and in storage.
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self {
                    $( GameKind::$kind => $name, )+
                }
            }

            /// The kind with a stable name.
            #[must_use]
            pub fn from_name(name: &str) -> Option<GameKind> {
                match name {
                    $( $name => Some(GameKind::$kind), )+
                    _ => None,
                }
            }

            /// The rules a game of this kind is played by when nothing else is chosen.
            #[must_use]
            pub fn default_ruleset(self) -> Ruleset {
                match self {
                    $( GameKind::$kind => Ruleset::$kind(<<$game as Game>::Rules as Default>::default()), )+
                }
            }
        }

        /// The rules of one game of any kind.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Ruleset {
            $( $(#[doc = $doc])* $kind(<$game as Game>::Rules), )+
        }

        impl Ruleset {
            /// The kind of game these rules are for.
            #[must_use]
            pub const fn kind(&self) -> GameKind {
                match self {
                    $( Ruleset::$kind(_) => GameKind::$kind, )+
                }
            }

            /// How many seats a game with these rules has (see [`Game::seat_count`]).
            #[must_use]
            pub fn seat_count(&self) -> usize {
                match self {
                    $( Ruleset::$kind(rules) => <$game as Game>::seat_count(rules), )+
                }
            }
        }

        /// A game of any kind, with the interface the server needs.
        // Games are plain values (a Paper Soccer position is ~730 bytes, a Closing In one ~50): the server
        // plays each move on a copy, and boxing the large one would allocate on every copy instead.
        #[allow(clippy::large_enum_variant)]
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum AnyGame {
            $( $(#[doc = $doc])* $kind($game), )+
        }

        impl AnyGame {
            /// The start position for `ruleset`.
            #[must_use]
            pub fn new(ruleset: &Ruleset) -> AnyGame {
                match ruleset {
                    $( Ruleset::$kind(rules) => AnyGame::$kind(<$game as Game>::new(rules)), )+
                }
            }

            /// The rules this game is played by.
            #[must_use]
            pub fn ruleset(&self) -> Ruleset {
                match self {
                    $( AnyGame::$kind(game) => Ruleset::$kind(game.rules()), )+
                }
            }

            /// Runs `visitor` over the game this holds, as its concrete type: generic code over [`Game`] for
            /// any kind, without naming one (see [`GameVisitor`](crate::GameVisitor)).
            pub fn visit<V: crate::GameVisitor>(&self, visitor: V) -> V::Output {
                match self {
                    $( AnyGame::$kind(game) => visitor.visit(game), )+
                }
            }
        }

        /// Runs `$body` with `$game` bound to the game inside an [`AnyGame`] (or a `&mut` to it), whatever its
        /// kind. `$body` is generic code over [`Game`]; it is compiled once per kind.
        macro_rules! dispatch {
            ($d any:expr, $d game:ident => $d body:expr) => {
                match $d any {
                    $( crate::kinds::AnyGame::$kind($d game) => $d body, )+
                }
            };
        }
        pub(crate) use dispatch;

        /// Runs `$body` with `G` bound to the game type of a [`GameKind`], and, in the second form, `$ruleset`
        /// to the kind's [`Ruleset`] constructor (from the game type's rules).
        macro_rules! dispatch_kind {
            ($d kind:expr, $d g:ident => $d body:expr) => {
                match $d kind {
                    $( crate::kinds::GameKind::$kind => { type $d g = $game; $d body } )+
                }
            };
            ($d kind:expr, $d g:ident, $d ruleset:ident => $d body:expr) => {
                match $d kind {
                    $( crate::kinds::GameKind::$kind => {
                        type $d g = $game;
                        let $d ruleset = crate::kinds::Ruleset::$kind;
                        $d body
                    } )+
                }
            };
        }
        pub(crate) use dispatch_kind;
    };
}

registry! { $
    /// Paper Soccer (Piłkarzyki), by the kurnik.pl / PlayOK rules.
    PaperSoccer(crate::soccer::Position) = "paper-soccer";
    /// Closing In (Domykanie): two markers that move like queens over a board that shrinks behind them.
    ClosingIn(crate::closing_in::Position) = "closing-in";
    /// Dots (Kropki): dots on the points of squared paper, capturing by enclosing, with the sports rules.
    Dots(crate::dots::Position) = "dots";
    /// Line Soccer: Paper Soccer of three-step lines that never touch, with kicks (`line`, `line/opcja1`).
    LineSoccer(crate::line_soccer::LineGame) = "line-soccer";
    /// Russian Paper Soccer (kia84): moves of three steps, self-clamps and penalties.
    RussianSoccer(crate::line_soccer::RussianGame) = "russian-soccer";
    /// Paper Soccer played as a match of points (the `centre` option): every goal or block is a point.
    PaperSoccerCentre(crate::soccer_centre::Position) = "paper-soccer-centre";
    /// xrsoccer: no walls, lines of three steps, a stuck ball relocated, points to a target.
    Xrsoccer(crate::xrsoccer::Position) = "xrsoccer";
    /// Five in a row: gomoku, tic-tac-toe and renju as one m,n,k game, with its openings and the endless board.
    FiveInARow(crate::five_in_a_row::Position) = "five-in-a-row";
    /// Dots and Boxes: two to four players draw edges between dots; a completed box is the mover's, who moves again.
    DotsAndBoxes(crate::dots_and_boxes::Position) = "dots-and-boxes";
    /// Sea Battle (Statki): fleets placed in secret by both seats at once, then shots answered miss, hit or sunk.
    SeaBattle(crate::sea_battle::Position) = "sea-battle";
    /// Bulls and Cows: secret codes chosen at once, then simultaneous rounds of guesses answered in bulls and cows.
    BullsAndCows(crate::bulls_and_cows::Position) = "bulls-and-cows";
    /// Barriers (Cram): bars of two cells placed in turn on a grid; the player who cannot place one loses.
    Barriers(crate::barriers::Position) = "barriers";
    /// Digital Wars (Conway's Digital Deletions): digits lowered or erased from a zero rightwards, misère by default.
    DigitalWars(crate::digital_wars::Position) = "digital-wars";
    /// Points and segments: unused points joined in turn by segments that meet no earlier one; no move loses.
    PointsAndSegments(crate::points_and_segments::Position) = "points-and-segments";
    /// Racetrack: two to six cars on a track drawn as data, each move an acceleration of at most one a direction.
    Racetrack(crate::racetrack::Position) = "racetrack";
    /// Balda: two to four players add a letter a move to a grid of letters and name a dictionary word through it.
    Balda(crate::balda::Position) = "balda";
    /// Gallows (Hangman): two rounds, each seat's secret dictionary word guessed a letter at a time by the other.
    Gallows(crate::gallows::Position) = "gallows";
    /// Superghost: two to four players add a letter at either end of a fragment, or challenge; the list judges.
    Superghost(crate::superghost::Position) = "superghost";
}

/// Verifies `text`, the record of a finished game of the hidden-information kind `kind`
/// (docs/hidden-information.md): every revealed secret against its commitment, every answer against the secrets.
/// `None` for a kind without hidden information, whose records have nothing to verify.
pub fn verify_hidden_record(
    kind: GameKind,
    text: &str,
) -> Option<Result<hidden_record::Verified, hidden_record::RecordCheckError>> {
    let check = match kind {
        GameKind::SeaBattle => hidden_record::check_record::<sea_battle::SeaBattleRecord>,
        GameKind::BullsAndCows => hidden_record::check_record::<bulls_and_cows::BullsAndCowsRecord>,
        GameKind::Gallows => hidden_record::check_record::<gallows::GallowsRecord>,
        _ => return None,
    };
    Some(check(text))
}

/// The kind meant where none is named (`kartka perft` and `kartka bot move` without `--game`): Paper Soccer,
/// the game kartka began with. Chosen here, not by the registry's order.
impl Default for GameKind {
    fn default() -> GameKind {
        GameKind::PaperSoccer
    }
}

impl std::fmt::Display for GameKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_is_found_by_its_name_and_starts_by_its_default_rules() {
        assert!(!GameKind::ALL.is_empty());
        for &kind in GameKind::ALL {
            assert_eq!(GameKind::from_name(kind.name()), Some(kind));
            let ruleset = kind.default_ruleset();
            assert_eq!(ruleset.kind(), kind);
            assert_eq!(AnyGame::new(&ruleset).ruleset(), ruleset);
            assert!((2..=crate::Seat::MAX_SEATS).contains(&ruleset.seat_count()), "{kind}: from two to six seats");
        }
        assert_eq!(GameKind::from_name("chess"), None);
    }

    #[test]
    fn every_kind_with_hidden_information_and_only_those_has_records_to_verify() {
        for &kind in GameKind::ALL {
            let verifies = verify_hidden_record(kind, "").is_some();
            assert_eq!(verifies, kind.hidden_information(), "{kind}");
        }
    }

    /// What a visitor sees of a game: its type's name and its legal actions in its notation.
    struct TypeAndActions;

    impl crate::GameVisitor for TypeAndActions {
        type Output = (&'static str, Vec<String>);

        fn visit<G: Game>(self, game: &G) -> Self::Output {
            let mut actions = Vec::new();
            game.for_each_legal_action(|action| actions.push(crate::write_actions::<G>(&[action])));
            (std::any::type_name::<G>(), actions)
        }
    }

    #[test]
    fn the_visitor_reaches_the_game_of_every_kind_as_its_own_type() {
        let mut types = std::collections::HashSet::new();
        for &kind in GameKind::ALL {
            let game = AnyGame::new(&kind.default_ruleset());
            let (type_name, actions) = game.visit(TypeAndActions);
            assert!(game.pick_legal_action(0).is_some(), "{kind} has actions at the start, listed or drawn");
            assert_eq!(actions, game.legal_actions(), "{kind}: the visitor saw the game the methods see");
            assert!(types.insert(type_name), "{kind}: {type_name} is visited for another kind too");
        }
        assert_eq!(types.len(), GameKind::ALL.len());
    }
}
