//! A Closing In position as an SVG picture: the board with its coordinates, removed squares crossed out, both
//! markers, and faint marks on the squares the side to move may go to.
//!
//! Only presentation attributes are used (no `style`), so the picture shows under a strict Content Security
//! Policy when a page inlines it.

use std::fmt::Write;

use kartka_engine::closing_in::{Position, Square};
use kartka_engine::{Game, Seat};

use crate::games::kinds::picture::escape;

/// Pixels per square.
const CELL: i32 = 48;
/// Pixels around the board, room for the coordinates.
const MARGIN: i32 = 28;
/// The markers' colours, first seat first (the site's player colours).
const MARKER_COLOURS: [&str; 2] = ["#1f3a93", "#c0392b"];

/// The picture of `position`, `title` as its accessible name.
#[must_use]
pub fn render(position: &Position, title: &str) -> String {
    let size = i32::from(position.size().get());
    let side = 2 * MARGIN + size * CELL;
    // Rows count from the bottom, as the notation does.
    let corner =
        |square: Square| (MARGIN + i32::from(square.column) * CELL, MARGIN + (size - 1 - i32::from(square.row)) * CELL);
    let mut svg = String::with_capacity(8 * 1024);
    let _ = write!(
        svg,
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" width="{side}" height="{side}" role="img"><title>{title}</title><rect width="{side}" height="{side}" fill="#fbfaf4"/>"##,
        title = escape(title),
    );
    svg.push_str(r##"<g fill="#ffffff" stroke="#9fb7cf" stroke-width="1">"##);
    for square in position.size().squares() {
        let (x, y) = corner(square);
        let _ = write!(svg, r#"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}"/>"#);
    }
    svg.push_str("</g>");
    svg.push_str(r##"<g font-family="sans-serif" font-size="13" fill="#55606e" text-anchor="middle">"##);
    for index in 0..size {
        let letter = char::from(b'A' + index as u8);
        let x = MARGIN + index * CELL + CELL / 2;
        let _ = write!(svg, r#"<text x="{x}" y="{}">{letter}</text>"#, side - MARGIN / 3);
        let y = MARGIN + (size - 1 - index) * CELL + CELL / 2 + 5;
        let _ = write!(svg, r#"<text x="{}" y="{y}">{}</text>"#, MARGIN / 2, index + 1);
    }
    svg.push_str("</g>");
    svg.push_str(r##"<g stroke="#20242a" stroke-width="3" stroke-linecap="round">"##);
    for square in position.removed().iter(position.size()) {
        let (x, y) = corner(square);
        let inset = CELL / 5;
        let (left, top, right, bottom) = (x + inset, y + inset, x + CELL - inset, y + CELL - inset);
        let _ = write!(svg, r#"<line x1="{left}" y1="{top}" x2="{right}" y2="{bottom}"/>"#);
        let _ = write!(svg, r#"<line x1="{left}" y1="{bottom}" x2="{right}" y2="{top}"/>"#);
    }
    svg.push_str("</g>");
    svg.push_str(r##"<g fill="#2e8b57" fill-opacity="0.35">"##);
    position.for_each_legal_action(|square| {
        let (x, y) = corner(square);
        let _ = write!(svg, r#"<circle cx="{}" cy="{}" r="6"/>"#, x + CELL / 2, y + CELL / 2);
    });
    svg.push_str("</g>");
    for seat in Seat::BOTH {
        if let Some(square) = position.marker(seat) {
            let (x, y) = corner(square);
            let _ = write!(
                svg,
                r##"<circle cx="{}" cy="{}" r="{}" fill="{}" stroke="#20242a" stroke-width="1.5"/>"##,
                x + CELL / 2,
                y + CELL / 2,
                CELL / 3,
                MARKER_COLOURS[seat.index()],
            );
        }
    }
    svg.push_str("</svg>");
    svg
}

#[cfg(test)]
mod tests {
    use kartka_engine::closing_in::BoardSize;

    use super::*;

    #[test]
    fn draws_the_board_removed_squares_and_both_markers() {
        let mut position = Position::new(BoardSize::default());
        for text in ["D5", "B2", "B3"] {
            let square = kartka_engine::closing_in::parse_squares(text).unwrap()[0];
            position.play(square).unwrap();
        }
        let svg = render(&position, "a <test>");
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert!(svg.contains("<title>a &lt;test&gt;</title>"));
        assert_eq!(svg.matches("<rect x=").count(), 36, "every square of 6x6");
        assert_eq!(svg.matches("<line").count(), 2, "one removed square, crossed out");
        assert!(svg.contains(MARKER_COLOURS[0]) && svg.contains(MARKER_COLOURS[1]));
        assert!(!svg.contains("style="), "no inline styles");
    }
}
