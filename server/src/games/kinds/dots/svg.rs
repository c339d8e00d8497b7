//! A Dots position as an SVG picture: the squared paper, captured areas shaded in the capturer's colour with
//! their outlines, houses as small rings, the empty points of deferred areas (territory mode, not painted yet) as
//! small dashed squares, every dot (captured ones faded), and the score.
//!
//! Captured areas are drawn cell by cell: a cell of the paper whose corners all belong to a seat's capture
//! (its live dots, the enemy dots it holds, its territory), or a half cell whose three corners do, with at
//! least one corner inside the capture so that four live dots in a square stay unshaded. Only presentation
//! attributes are used (no `style`), so the picture shows under a strict Content Security Policy.

use std::fmt::Write;

use kartka_engine::dots::{Cell, Point, Position};
use kartka_engine::Seat;

use crate::games::kinds::picture::escape;

/// Pixels between two points.
const STEP: i32 = 20;
/// Pixels around the field, and room for the score below it.
const MARGIN: i32 = 16;
/// Room for the score line.
const SCORE_ROOM: i32 = 24;
/// The seats' colours, first seat first (Blue and Red, rule 1.3).
const COLOURS: [&str; 2] = ["#1f3a93", "#c0392b"];

/// How a point relates to `seat`'s captures.
fn membership(cell: Cell, seat: Seat) -> (bool, bool) {
    match cell {
        Cell::Live(owner) => (owner == seat, false),
        Cell::Territory(owner) | Cell::Deferred(owner) => (owner == seat, owner == seat),
        Cell::Captured(owner) => (owner != seat, owner != seat),
        Cell::Free | Cell::House(_) => (false, false),
    }
}

/// The picture of `position`, `title` as its accessible name.
#[must_use]
pub fn render(position: &Position, title: &str) -> String {
    let size = position.rules().size;
    let (width, height) = (i32::from(size.width()), i32::from(size.height()));
    let (picture_width, picture_height) =
        (2 * MARGIN + (width - 1) * STEP, 2 * MARGIN + (height - 1) * STEP + SCORE_ROOM);
    let at = |x: i32, y: i32| (MARGIN + x * STEP, MARGIN + y * STEP);
    let mut svg = String::with_capacity(64 * 1024);
    let _ = write!(
        svg,
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {picture_width} {picture_height}" width="{picture_width}" height="{picture_height}" role="img"><title>{title}</title><rect width="{picture_width}" height="{picture_height}" fill="#fbfaf4"/>"##,
        title = escape(title),
    );
    svg.push_str(r##"<g stroke="#c9d8e6" stroke-width="1">"##);
    for x in 0..width {
        let ((x1, y1), (_, y2)) = (at(x, 0), at(x, height - 1));
        let _ = write!(svg, r#"<line x1="{x1}" y1="{y1}" x2="{x1}" y2="{y2}"/>"#);
    }
    for y in 0..height {
        let ((x1, y1), (x2, _)) = (at(0, y), at(width - 1, y));
        let _ = write!(svg, r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y1}"/>"#);
    }
    svg.push_str("</g>");
    let cell = |x: i32, y: i32| position.cell(Point::new(x as u8, y as u8));
    for seat in Seat::BOTH {
        let colour = COLOURS[seat.index()];
        let mut shapes = String::new();
        let mut outline = String::new();
        for y in 0..height - 1 {
            for x in 0..width - 1 {
                let corners = [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)];
                let marks = corners.map(|(cx, cy)| membership(cell(cx, cy), seat));
                let owned: Vec<(i32, i32)> =
                    corners.iter().zip(marks).filter(|(_, (owned, _))| *owned).map(|(&c, _)| c).collect();
                let inner = marks.iter().any(|&(owned, inner)| owned && inner);
                if owned.len() < 3 || !inner {
                    continue;
                }
                let points: Vec<String> = owned
                    .iter()
                    .map(|&(cx, cy)| {
                        let (px, py) = at(cx, cy);
                        format!("{px},{py}")
                    })
                    .collect();
                let _ = write!(shapes, r#"<polygon points="{}"/>"#, points.join(" "));
                for (index, &from) in owned.iter().enumerate() {
                    let to = owned[(index + 1) % owned.len()];
                    let live = |(cx, cy): (i32, i32)| cell(cx, cy) == Cell::Live(seat);
                    if live(from) && live(to) {
                        let ((x1, y1), (x2, y2)) = (at(from.0, from.1), at(to.0, to.1));
                        let _ = write!(outline, r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>"#);
                    }
                }
            }
        }
        let _ = write!(svg, r#"<g fill="{colour}" fill-opacity="0.25" class="area">{shapes}</g>"#);
        let _ = write!(svg, r#"<g stroke="{colour}" stroke-width="2" class="outline">{outline}</g>"#);
    }
    for point in size.points() {
        let (x, y) = at(i32::from(point.x), i32::from(point.y));
        match position.cell(point) {
            Cell::Live(seat) => {
                let _ = write!(svg, r#"<circle cx="{x}" cy="{y}" r="5" fill="{}"/>"#, COLOURS[seat.index()]);
            }
            Cell::Captured(seat) => {
                let _ = write!(
                    svg,
                    r#"<circle cx="{x}" cy="{y}" r="4" fill="{}" fill-opacity="0.45"/>"#,
                    COLOURS[seat.index()]
                );
            }
            Cell::House(seat) => {
                let _ = write!(
                    svg,
                    r#"<circle cx="{x}" cy="{y}" r="3" fill="none" stroke="{}" stroke-width="1.5" class="house"/>"#,
                    COLOURS[seat.index()]
                );
            }
            Cell::Deferred(seat) => {
                let _ = write!(
                    svg,
                    r#"<rect x="{}" y="{}" width="6" height="6" fill="none" stroke="{}" stroke-dasharray="2 1" class="deferred"/>"#,
                    x - 3,
                    y - 3,
                    COLOURS[seat.index()]
                );
            }
            Cell::Free | Cell::Territory(_) => {}
        }
    }
    let counts = position.counts();
    let _ = write!(
        svg,
        r##"<text x="{MARGIN}" y="{}" font-family="sans-serif" font-size="14" fill="#20242a">Blue {} : {} Red</text>"##,
        picture_height - SCORE_ROOM / 3,
        counts[0],
        counts[1],
    );
    svg.push_str("</svg>");
    svg
}

#[cfg(test)]
mod tests {
    use kartka_engine::dots::{parse_actions, DotsRules, FieldSize, Start, Zone};

    use super::*;

    #[test]
    fn draws_dots_a_captured_area_with_its_outline_and_the_score() {
        let rules = DotsRules {
            size: FieldSize::new(10, 10).expect("valid"),
            start: Start::Empty,
            zone: Zone::Off,
            ..DotsRules::default()
        };
        let mut position = Position::new(rules);
        for action in parse_actions("ed ee de aa fe ba ef").expect("notation") {
            position.play(action).expect("legal");
        }
        let svg = render(&position, "a <test>");
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert!(svg.contains("<title>a &lt;test&gt;</title>"));
        assert_eq!(svg.matches("<polygon").count(), 4, "four half cells around the captured dot");
        assert_eq!(svg.matches(r#"fill-opacity="0.45""#).count(), 1, "one captured dot");
        assert!(svg.contains("Blue 1 : 0 Red"));
        assert!(!svg.contains("style="), "no inline styles");
        assert!(!svg.contains(r#"class="deferred""#));
    }

    #[test]
    fn marks_a_deferred_area_until_it_is_painted() {
        let rules = DotsRules {
            size: FieldSize::new(10, 10).expect("valid"),
            start: Start::Empty,
            zone: Zone::Off,
            stop: kartka_engine::dots::StopMode::Off,
            territory: true,
            ..DotsRules::default()
        };
        let mut position = Position::new(rules);
        for action in parse_actions("dc dd ec aa cd ba fd ca de da ee~").expect("notation") {
            position.play(action).expect("legal");
        }
        assert_eq!(render(&position, "deferred").matches(r#"class="deferred""#).count(), 1, "ed, not painted yet");
        for action in parse_actions("ea P:ed").expect("notation") {
            position.play(action).expect("legal");
        }
        assert!(!render(&position, "painted").contains(r#"class="deferred""#), "painted: territory now");
    }
}
