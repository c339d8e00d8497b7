//! Paper Soccer variants on the common model of `paper-soccer-variants.md` §1: `line` (with its parameter set
//! `line/opcja1`) and `russian`. The ball draws a line of steps that never touches a drawn point, the centre or
//! the out-line; a player left without a full move is *closed*, and the player who closed them kicks: a
//! straight line that may cross drawn lines.
//!
//! Two game kinds share the model: [`LineGame`] (§2) and [`RussianGame`] (§3). An action is a step or a kick
//! ([`Action`]); a turn is everything one seat draws before the other acts, written as one turn token (§5).
//!
//! Decisions where the rules document leaves room (house, this module's):
//! - A step of a `line` turn that starts or continues a line that cannot be completed is illegal
//!   ([`IllegalAction::LineCannotBeCompleted`]), so a seat is never stuck part-way (§2.1).
//! - A kick action names the segments it draws (`p37`): the rules fix the length, and the action confirms it, so
//!   `write_action` needs no game. A kick naming another length is [`IllegalAction::WrongKickLength`].
//! - A kick series is every kick between two lines, whoever kicks (escalation passes it on). The rule that no
//!   kick of a series may end where the ball stood in it (§2 `line/opcja1`, §3.7) is applied in all three
//!   rulesets; in `line` it never bites, because kicks end on fresh points.
//! - When a kick duty passes to the other seat (§2.5), the turn ends and the seat due acts next; when it
//!   passes back, the turn of the seat it passed through is the `-` token (§5.4). When it passes back and the
//!   game is drawn (§2.6), that seat's `-` still follows as the record's last token ([`ends_with_pass`]), so
//!   tokens alternate to the end (§5.5); a record without it reads too.
//! - After an escalated kick (14 or 18) that closes the opponent, the next kick is again of the base length
//!   (7 or 6), with its own escalation (§2.5 "rule 4 applies").
//! - In `line/opcja1` a kick that ends on a drawn point earns another kick of the base length; like any kick
//!   duty, it escalates when the kicker has no legal kick.
//! - Records and kia84 saves: see the `record` and `kia84` modules (`[Winner]` carries the result; the kia84
//!   layout is our reading of §5.7).
//! - A drawn game by §2.6 ends with [`EndReason::Stuck`](crate::EndReason::Stuck) and no winner; a `russian`
//!   kicker without a legal penalty (§3.8) loses with the same reason.
//! - The lot for the first mover (§2) chooses who sits in the first seat; the first seat always moves first.
//! - Field sizes: `line` W 20–30, L 30–40 (S0); `line/opcja1` W 16–30, L 20–40 (WP's 16 × 20 up to S0's
//!   largest); `russian` W 10–40, L 10–52; all even.

/// Implements [`Game`](crate::Game) and the read-only view for a game type holding `rules` and a `play`:
/// the two kinds differ only in their rules.
macro_rules! line_soccer_game {
    ($game:ty, $rules:ty) => {
        impl $game {
            /// The field.
            #[must_use]
            pub const fn field(&self) -> $crate::line_soccer::Field {
                self.play.field()
            }

            /// The drawn points and segments.
            #[must_use]
            pub const fn drawing(&self) -> &$crate::line_soccer::Drawing {
                self.play.drawing()
            }

            /// Where the ball is.
            #[must_use]
            pub const fn ball(&self) -> $crate::line_soccer::Point {
                self.play.ball()
            }

            /// The length of the kick the seat to act owes, or `None` while a line is due or the game is over.
            #[must_use]
            pub fn kick_due(&self) -> Option<u8> {
                self.play.kick_due()
            }

            /// Whether a player drawing a line from the ball now would have a full move (§1.6): `false` means
            /// that player is closed.
            #[must_use]
            pub fn has_full_move(&self) -> bool {
                self.play.has_full_move()
            }
        }

        impl $crate::Game for $game {
            type Rules = $rules;
            type Action = $crate::line_soccer::Action;
            type Illegal = $crate::line_soccer::IllegalAction;

            fn new(rules: &$rules) -> Self {
                <$game>::start(*rules)
            }

            fn seat_count(_: &$rules) -> usize {
                2
            }

            fn rules(&self) -> $rules {
                self.rules
            }

            fn to_act(&self) -> Option<$crate::Seat> {
                self.play.to_act()
            }

            fn mid_turn(&self) -> bool {
                self.play.mid_turn()
            }

            fn outcome(&self) -> Option<$crate::Outcome> {
                self.play.outcome()
            }

            fn check(&self, action: Self::Action) -> Result<(), Self::Illegal> {
                self.play.check(action)
            }

            fn apply(&mut self, action: Self::Action) -> Result<$crate::Progress, Self::Illegal> {
                self.play.apply(action)
            }

            fn for_each_legal_action(&self, visit: impl FnMut(Self::Action)) {
                self.play.for_each_legal_action(visit);
            }

            fn write_key(&self, key: &mut $crate::PositionKey) {
                self.play.write_key(key);
            }

            fn parse_actions(text: &str) -> Result<Vec<Self::Action>, $crate::NotationError> {
                $crate::line_soccer::notation::parse_actions(text)
            }

            fn write_action(action: Self::Action, out: &mut String) {
                $crate::line_soccer::notation::write_action(action, out);
            }
        }
    };
}

mod drawing;
mod field;
mod fuzz;
mod kia84;
mod kick;
mod line;
mod notation;
mod perft;
mod play;
mod record;
mod russian;
mod turns;

pub use drawing::Drawing;
pub use field::{north_delta, Field, FieldError, Point, PointSet, SegmentSet, MAX_HALF_LENGTH, MAX_HALF_WIDTH};
pub use kia84::{import_kia84, import_kia84_save, kia84_tokens, Kia84Error};
pub use line::{LineGame, LinePreset, LineRules};
pub use notation::{parse_token, write_token, Token, TokenError};
pub use perft::{perft, perft_after};
pub use record::{read_variant_records, RecordError, VariantGame, VariantRecord, VariantRecords, VariantRules};
pub use russian::{RussianGame, RussianRules};
pub use turns::{ends_with_pass, TurnError, TurnTokens};

use crate::soccer::Direction;

/// The smallest unit a player submits: one step of a line, or one kick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// One step to a neighbouring point (§1.5), written as its digit `0`–`7`.
    Step(Direction),
    /// A kick (§1.7) in `direction`, drawing `segments` segments: the length due, or fewer when it scores.
    /// Written `p` + direction + segments (`p37`).
    Kick {
        /// The kick's direction.
        direction: Direction,
        /// How many segments it draws.
        segments: u8,
    },
}

/// Why an action is illegal. The game is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalAction {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A step was played while a kick is due.
    #[error("a kick is due, not a step")]
    KickDue,
    /// A kick was played while a line is being drawn.
    #[error("a step is due, not a kick")]
    StepDue,
    /// The step or kick leaves the field or touches the out-line or a post tip.
    #[error("the ball may not touch the out-line or leave the field")]
    Forbidden,
    /// The step ends on a drawn point.
    #[error("the step ends on a drawn point")]
    DrawnPoint,
    /// The diagonal step crosses a drawn diagonal.
    #[error("the step crosses a drawn line")]
    CrossesLine,
    /// No legal completion of the `line` turn follows this step.
    #[error("the line could not be completed after this step")]
    LineCannotBeCompleted,
    /// A `line` kick must end on a fresh point.
    #[error("the kick ends on a drawn point")]
    KickEndsOnDrawnPoint,
    /// The kick ends where the ball already stood during this kick series.
    #[error("the kick ends where the ball already stood in this series")]
    KickReturnsInSeries,
    /// The kick is legal but draws another number of segments than the action says.
    #[error("this kick draws {drawn} segments")]
    WrongKickLength {
        /// How many segments the kick draws.
        drawn: u8,
    },
}
