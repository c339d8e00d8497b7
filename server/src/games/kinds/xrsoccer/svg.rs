//! An xrsoccer position as an SVG picture: squared paper without walls, the mouth points of both goals, the
//! drawn segments, the ball, the relocation that began the turn (a dashed arrow), faint marks for the steps
//! the ball may take, and the score.
//!
//! Only presentation attributes are used (no `style`), so the picture shows under a strict Content Security
//! Policy when a page inlines it.

use std::fmt::Write;

use kartka_engine::soccer::Point;
use kartka_engine::xrsoccer::Position;
use kartka_engine::Game;

use super::view::drawn_segments;
use crate::games::kinds::picture::escape;

/// Pixels per cell.
const CELL: i32 = 28;
/// Pixels around the field, room for the score.
const MARGIN: i32 = 24;

/// The picture of `position`, `title` as its accessible name.
#[must_use]
pub fn render(position: &Position, title: &str) -> String {
    let rules = position.rules();
    let (width, length) = (i32::from(rules.width()), i32::from(rules.length()));
    let canvas = (2 * MARGIN + width * CELL, 2 * MARGIN + length * CELL);
    let at = |point: Point| (MARGIN + i32::from(point.x) * CELL, MARGIN + i32::from(point.y) * CELL);
    let mut svg = String::with_capacity(16 * 1024);
    let _ = write!(
        svg,
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img"><title>{title}</title><rect width="{w}" height="{h}" fill="#fbfaf4"/>"##,
        w = canvas.0,
        h = canvas.1,
        title = escape(title),
    );
    svg.push_str(r##"<g stroke="#c9dcef" stroke-width="1">"##);
    for x in 0..=width {
        let (x1, y1) = (MARGIN + x * CELL, MARGIN);
        let _ = write!(svg, r#"<line x1="{x1}" y1="{y1}" x2="{x1}" y2="{}"/>"#, MARGIN + length * CELL);
    }
    for y in 0..=length {
        let y1 = MARGIN + y * CELL;
        let _ = write!(svg, r#"<line x1="{MARGIN}" y1="{y1}" x2="{}" y2="{y1}"/>"#, MARGIN + width * CELL);
    }
    svg.push_str("</g>");
    // The mouth points: the first seat scores in the north goal, the second in the south one.
    for (y, colour) in [(0, "#1f3a93"), (length, "#c0392b")] {
        for dx in -1..=1 {
            let (cx, cy) = at(Point::new((width / 2 + dx) as i8, y as i8));
            let _ = write!(svg, r#"<circle cx="{cx}" cy="{cy}" r="5" fill="{colour}" fill-opacity="0.5"/>"#);
        }
    }
    svg.push_str(r##"<g stroke="#20242a" stroke-width="2.5" stroke-linecap="round">"##);
    for (from, to) in drawn_segments(position) {
        let ((x1, y1), (x2, y2)) = (at(from), at(to));
        let _ = write!(svg, r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>"#);
    }
    svg.push_str("</g>");
    if let Some(relocation) = position.relocation() {
        let ((x1, y1), (x2, y2)) = (at(relocation.from), at(relocation.to));
        let _ = write!(
            svg,
            r##"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#d4a017" stroke-width="2" stroke-dasharray="4 3"/>"##
        );
    }
    let ball = position.ball();
    svg.push_str(r##"<g fill="#2e8b57" fill-opacity="0.35">"##);
    position.for_each_legal_action(|direction| {
        let (cx, cy) = at(ball.step(direction));
        let _ = write!(svg, r#"<circle cx="{cx}" cy="{cy}" r="5"/>"#);
    });
    svg.push_str("</g>");
    let (cx, cy) = at(ball);
    let _ = write!(svg, r##"<circle cx="{cx}" cy="{cy}" r="7" fill="#20242a"/>"##);
    let [first, second] = position.scores();
    let _ = write!(
        svg,
        r##"<text x="8" y="16" font-family="sans-serif" font-size="14" fill="#20242a">{first} : {second} (to {})</text>"##,
        rules.target()
    );
    svg.push_str("</svg>");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_the_segments_the_ball_and_the_score() {
        let mut position = Position::default();
        for digit in "000".chars() {
            position.step(kartka_engine::soccer::Direction::from_digit(digit).unwrap()).unwrap();
        }
        let svg = render(&position, "a <test>");
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert!(svg.contains("<title>a &lt;test&gt;</title>"));
        assert_eq!(svg.matches(r#"stroke-linecap="round"><line"#).count(), 1, "the drawn line's group");
        assert!(svg.contains(">0 : 0 (to 5)</text>"));
        assert!(!svg.contains("style="), "no inline styles");
    }
}
