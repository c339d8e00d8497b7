//! What the view and the picture read of a game of either kind: the engine's two game types share their
//! accessors but no trait, so this gathers them once.

use kartka_engine::line_soccer::{Action, Drawing, Field, Point};
use kartka_engine::{AnyGame, Game, Outcome, Seat};

/// A position of `line-soccer` or `russian-soccer`, as far as showing it goes.
pub struct Seen<'a> {
    /// The field.
    pub field: Field,
    /// The drawn points and segments.
    pub drawing: &'a Drawing,
    /// Where the ball is.
    pub ball: Point,
    /// The seat to act, or the seat that acted last once the game is over.
    pub to_move: Seat,
    /// The kick the seat to act owes.
    pub kick_due: Option<u8>,
    /// Whether the seat to act has drawn in this turn already.
    pub mid_turn: bool,
    /// The outcome, once the rules ended the game.
    pub outcome: Option<Outcome>,
    /// The legal actions of the seat to act.
    pub legal: Vec<Action>,
}

macro_rules! seen {
    ($game:expr) => {{
        let game = $game;
        let mut legal = Vec::new();
        game.for_each_legal_action(|action| legal.push(action));
        Seen {
            field: game.field(),
            drawing: game.drawing(),
            ball: game.ball(),
            to_move: game.to_act().unwrap_or(Seat::First),
            kick_due: game.kick_due(),
            mid_turn: game.mid_turn(),
            outcome: game.outcome(),
            legal,
        }
    }};
}

impl Seen<'_> {
    /// The position inside `game`; the registry hands this module only games of its two kinds.
    pub fn of(game: &AnyGame) -> Seen<'_> {
        match game {
            AnyGame::LineSoccer(game) => seen!(game),
            AnyGame::RussianSoccer(game) => seen!(game),
            other => unreachable!("the registry handed a {} game to the line-soccer module", other.kind()),
        }
    }

    /// Every drawn segment once, as its two ends (the southern or western one first) and whether a kick drew
    /// it.
    pub fn segments(&self) -> Vec<(Point, Point, bool)> {
        let (half_width, half_length) = (self.field.width() as i8 / 2, self.field.length() as i8 / 2);
        let mut segments = Vec::new();
        for y in -half_length..=half_length {
            for x in -half_width..=half_width {
                let from = Point { x, y };
                for direction in kartka_engine::soccer::Direction::ALL {
                    let Some(to) = from.shifted(direction, 1) else { continue };
                    // Each segment once: from its southern end, or its western end on a row.
                    let forward = to.y > from.y || (to.y == from.y && to.x > from.x);
                    if forward && self.drawing.has_segment(from, direction) {
                        segments.push((from, to, self.drawing.is_kicked(from, direction)));
                    }
                }
            }
        }
        segments
    }

    /// Every drawn point.
    pub fn points(&self) -> Vec<Point> {
        let (half_width, half_length) = (self.field.width() as i8 / 2, self.field.length() as i8 / 2);
        (-half_length..=half_length)
            .flat_map(|y| (-half_width..=half_width).map(move |x| Point { x, y }))
            .filter(|&point| self.drawing.has_point(point))
            .collect()
    }
}
