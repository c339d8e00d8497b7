//! A position of `line-soccer` or `russian-soccer` as an SVG picture: the field and its goals, the drawn lines
//! and points, the ball, and, when a kick is due, the ball ringed in the kicker's colour with each legal kick
//! drawn as a dashed ray of its length. Segments a kick drew (the engine's drawing keeps them) are thicker and
//! dashed.
//!
//! Only presentation attributes are used (no `style`), so the picture shows under a strict Content Security
//! Policy when a page inlines it.

use std::fmt::Write;

use kartka_engine::line_soccer::{north_delta, Action, Point};

use super::seen::Seen;
use crate::games::kinds::picture::escape;

/// Pixels per cell.
const CELL: i32 = 16;
/// Pixels around the field, room for the goals.
const MARGIN: i32 = 2 * CELL;
/// The seats' colours, first seat first (the site's player colours).
const SEAT_COLOURS: [&str; 2] = ["#1f3a93", "#c0392b"];

/// The picture of `seen`, `title` as its accessible name.
#[must_use]
pub fn render(seen: &Seen<'_>, title: &str) -> String {
    let (width, length) = (i32::from(seen.field.width()), i32::from(seen.field.length()));
    let (half_width, half_length) = (width / 2, length / 2);
    let (picture_width, picture_height) = (width * CELL + 2 * MARGIN, length * CELL + 2 * MARGIN);
    let at = |p: Point| (MARGIN + (i32::from(p.x) + half_width) * CELL, MARGIN + (half_length - i32::from(p.y)) * CELL);
    let mut svg = String::with_capacity(32 * 1024);
    let _ = write!(
        svg,
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {picture_width} {picture_height}" width="{picture_width}" height="{picture_height}" role="img"><title>{title}</title><rect width="{picture_width}" height="{picture_height}" fill="#fbfaf4"/>"##,
        title = escape(title),
    );
    svg.push_str(r##"<g stroke="#d5e1ec" stroke-width="1">"##);
    for column in 0..=width {
        let x = MARGIN + column * CELL;
        let _ = write!(svg, r#"<line x1="{x}" y1="{MARGIN}" x2="{x}" y2="{}"/>"#, MARGIN + length * CELL);
    }
    for row in 0..=length {
        let y = MARGIN + row * CELL;
        let _ = write!(svg, r#"<line x1="{MARGIN}" y1="{y}" x2="{}" y2="{y}"/>"#, MARGIN + width * CELL);
    }
    svg.push_str("</g>");
    // The out-line, and each goal as a box behind its mouth; the posts stand half a cell outside the mouth.
    let mouth = i32::from(seen.field.mouth());
    let (goal_left, goal_width) = (MARGIN + (half_width - mouth) * CELL - CELL / 2, (2 * mouth + 1) * CELL);
    let _ = write!(
        svg,
        r##"<g fill="none" stroke="#20242a" stroke-width="2"><rect x="{MARGIN}" y="{MARGIN}" width="{}" height="{}"/><rect x="{goal_left}" y="{}" width="{goal_width}" height="{}" stroke="{}"/><rect x="{goal_left}" y="{}" width="{goal_width}" height="{}" stroke="{}"/></g>"##,
        width * CELL,
        length * CELL,
        MARGIN - CELL,
        CELL,
        SEAT_COLOURS[0],
        MARGIN + length * CELL,
        CELL,
        SEAT_COLOURS[1],
    );
    svg.push_str(r##"<g stroke="#20242a" stroke-width="2" stroke-linecap="round">"##);
    for (from, to, kick) in seen.segments() {
        let ((x1, y1), (x2, y2)) = (at(from), at(to));
        // A kicked segment is drawn thicker and dashed, so a review tells kicks from steps.
        let kicked = if kick { r#" class="kicked" stroke-width="3.5" stroke-dasharray="5 3""# } else { "" };
        let _ = write!(svg, r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"{kicked}/>"#);
    }
    svg.push_str("</g>");
    svg.push_str(r##"<g fill="#20242a">"##);
    for point in seen.points() {
        let (x, y) = at(point);
        let _ = write!(svg, r#"<circle cx="{x}" cy="{y}" r="2.5"/>"#);
    }
    svg.push_str("</g>");
    let colour = SEAT_COLOURS[seen.to_move.index()];
    let (ball_x, ball_y) = at(seen.ball);
    if seen.kick_due.is_some() && seen.outcome.is_none() {
        let _ = write!(svg, r##"<g stroke="{colour}" stroke-width="2" stroke-dasharray="6 4" fill="none">"##);
        for action in &seen.legal {
            if let Action::Kick { direction, segments } = *action {
                let (dx, dy) = north_delta(direction);
                let reach = i32::from(segments) * CELL;
                let (x2, y2) = (ball_x + i32::from(dx) * reach, ball_y - i32::from(dy) * reach);
                let _ = write!(svg, r#"<line class="kick" x1="{ball_x}" y1="{ball_y}" x2="{x2}" y2="{y2}"/>"#);
            }
        }
        let _ =
            write!(svg, r#"<circle cx="{ball_x}" cy="{ball_y}" r="{}" stroke-dasharray="none"/></g>"#, CELL / 2 + 3);
    }
    let _ = write!(
        svg,
        r##"<circle cx="{ball_x}" cy="{ball_y}" r="{}" fill="#ffffff" stroke="{colour}" stroke-width="2.5"/>"##,
        CELL / 3
    );
    svg.push_str("</svg>");
    svg
}

#[cfg(test)]
mod tests {
    use kartka_engine::line_soccer::{Drawing, LineGame, LineRules};
    use kartka_engine::soccer::Direction;
    use kartka_engine::{AnyGame, Seat};

    use super::*;

    #[test]
    fn draws_the_field_the_lines_and_the_ball() {
        let mut game = AnyGame::new(&kartka_engine::Ruleset::LineSoccer(LineRules::default()));
        game.play("000").expect("a line north");
        let svg = render(&Seen::of(&game), "a <test>");
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert!(svg.contains("<title>a &lt;test&gt;</title>"));
        assert_eq!(svg.matches("<circle cx").count(), 4 + 1, "four drawn points and the ball");
        assert!(!svg.contains("class=\"kick\""), "no kick is due");
        assert!(!svg.contains("style="), "no inline styles");
    }

    #[test]
    fn a_kick_due_rings_the_ball_and_draws_each_legal_kick() {
        // After the line 000 from (5, 5) the ball stands on (5, 8), every neighbour of which is drawn: the second
        // seat is closed and the first kicks.
        let mut drawing = Drawing::default();
        for (x, y, direction) in
            [(4, 9, Direction::East), (5, 9, Direction::East), (4, 8, Direction::South), (6, 8, Direction::South)]
        {
            drawing.draw_segment(Point { x, y }, direction);
        }
        let mut game =
            AnyGame::LineSoccer(LineGame::setup(LineRules::default(), drawing, Point { x: 5, y: 5 }, Seat::First));
        game.play("000").expect("a line north");
        let seen = Seen::of(&game);
        assert_eq!((seen.kick_due, seen.to_move), (Some(7), Seat::First));
        let kicks = seen.legal.iter().filter(|action| matches!(action, Action::Kick { .. })).count();
        assert!(kicks > 0);
        let svg = render(&seen, "kick");
        assert_eq!(svg.matches("class=\"kick\"").count(), kicks, "one ray per legal kick");
        assert!(svg.contains(SEAT_COLOURS[0]));
        assert!(!svg.contains("class=\"kicked\""), "no kick drawn yet");

        // The first seat kicks: its segments, and only they, are marked in the picture and the admin view.
        let kick = seen.legal.iter().find_map(|action| match *action {
            Action::Kick { direction, segments } => Some((direction, segments)),
            Action::Step(_) => None,
        });
        let (direction, segments) = kick.expect("a legal kick");
        game.play(&format!("p{}{segments}", direction.index())).expect("the legal kick");
        let seen = Seen::of(&game);
        let kicked: Vec<_> = seen.segments().into_iter().filter(|&(_, _, kick)| kick).collect();
        assert_eq!(kicked.len(), usize::from(segments), "every segment of the kick, no step");
        assert_eq!(render(&seen, "kicked").matches("class=\"kicked\"").count(), usize::from(segments));
        let view = super::super::view::view(&seen, 4);
        assert_eq!(view.segments.iter().filter(|segment| segment.kick).count(), usize::from(segments));
        assert!(view.segments.iter().any(|segment| !segment.kick), "the steps stay unmarked");
    }
}
