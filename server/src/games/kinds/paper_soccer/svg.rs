//! A Paper Soccer position as an SVG picture: squared paper, the pitch and its goals, the drawn lines, the
//! ball, and faint marks for the steps the ball may take.
//!
//! Only presentation attributes are used (no `style`), so the picture shows under a strict Content Security
//! Policy when a page inlines it.

use std::fmt::Write;

use kartka_engine::soccer::{Point, Position};
use kartka_engine::Game;

use crate::games::kinds::picture::escape;

/// Pixels per cell.
const CELL: i32 = 36;
/// Pixels around the pitch.
const MARGIN: i32 = 24;

/// The picture of `position`, `title` as its accessible name.
#[must_use]
pub fn render(position: &Position, title: &str) -> String {
    let pitch = position.pitch();
    let (width, height) = (i32::from(pitch.width()), i32::from(pitch.height()));
    let (left, right) = pitch.posts();
    let (left, right) = (i32::from(left), i32::from(right));
    let canvas = (2 * MARGIN + width * CELL, 2 * MARGIN + (height + 2) * CELL);
    let at = |x: i32, y: i32| (MARGIN + x * CELL, MARGIN + (y + 1) * CELL);
    let mut svg = String::with_capacity(16 * 1024);
    let _ = write!(
        svg,
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img"><title>{title}</title><rect width="{w}" height="{h}" fill="#fbfaf4"/>"##,
        w = canvas.0,
        h = canvas.1,
        title = escape(title),
    );
    // Squared paper over the field and both goals.
    svg.push_str(r##"<g stroke="#c9dcef" stroke-width="1">"##);
    for x in 0..=width {
        let (top, bottom) = if (left..=right).contains(&x) { (-1, height + 1) } else { (0, height) };
        line(&mut svg, at(x, top), at(x, bottom));
    }
    for y in -1..=height + 1 {
        let (from, to) = if y < 0 || y > height { (left, right) } else { (0, width) };
        line(&mut svg, at(from, y), at(to, y));
    }
    svg.push_str("</g>");
    // The border: touch lines, goal lines and the goals' sides and backs.
    let border = [
        (0, 0),
        (left, 0),
        (left, -1),
        (right, -1),
        (right, 0),
        (width, 0),
        (width, height),
        (right, height),
        (right, height + 1),
        (left, height + 1),
        (left, height),
        (0, height),
    ];
    svg.push_str(r##"<polygon fill="none" stroke="#20242a" stroke-width="3" stroke-linejoin="round" points=""##);
    for (x, y) in border {
        let (px, py) = at(x, y);
        let _ = write!(svg, "{px},{py} ");
    }
    svg.push_str(r#""/>"#);
    let point = |p: Point| at(i32::from(p.x), i32::from(p.y));
    svg.push_str(r##"<g stroke="#1f3a93" stroke-width="3" stroke-linecap="round">"##);
    for (from, direction) in position.drawn_segments() {
        line(&mut svg, point(from), point(from.step(direction)));
    }
    svg.push_str("</g>");
    let ball = position.ball();
    svg.push_str(r##"<g stroke="#2e8b57" stroke-width="2" stroke-dasharray="3 4" stroke-linecap="round">"##);
    position.for_each_legal_action(|direction| {
        let (from, to) = (point(ball), point(ball.step(direction)));
        line(&mut svg, from, ((from.0 + to.0) / 2, (from.1 + to.1) / 2));
    });
    svg.push_str("</g>");
    let (bx, by) = point(ball);
    let _ = write!(svg, r##"<circle cx="{bx}" cy="{by}" r="7" fill="#d62828" stroke="#20242a" stroke-width="1.5"/>"##);
    svg.push_str("</svg>");
    svg
}

fn line(svg: &mut String, (x1, y1): (i32, i32), (x2, y2): (i32, i32)) {
    let _ = write!(svg, r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>"#);
}

#[cfg(test)]
mod tests {
    use kartka_engine::soccer::{Direction, Pitch};

    use super::*;

    #[test]
    fn draws_every_segment_and_the_ball() {
        let mut position = Position::new(Pitch::STANDARD);
        for direction in [Direction::North, Direction::East, Direction::South] {
            position.step(direction).unwrap();
        }
        let svg = render(&position, "a <test>");
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert!(svg.contains("<title>a &lt;test&gt;</title>"));
        let drawn = svg.split(r##"stroke="#1f3a93""##).nth(1).unwrap().split("</g>").next().unwrap();
        assert_eq!(drawn.matches("<line").count(), 3);
        assert_eq!(svg.matches("<circle").count(), 1);
        assert!(!svg.contains("style="), "no inline styles");
    }
}
