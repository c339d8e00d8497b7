//! A position of a match of points as an SVG picture: the classic picture of the pitch with the score under
//! the title.

use kartka_engine::soccer_centre::Position;

use crate::games::kinds::paper_soccer::svg::render as render_pitch;

/// The picture of `position`, `title` as its accessible name.
#[must_use]
pub fn render(position: &Position, title: &str) -> String {
    let [first, second] = position.scores();
    let mut svg = render_pitch(position.board(), title);
    let score = format!(
        r##"<text x="8" y="18" font-family="sans-serif" font-size="15" fill="#20242a">{first} : {second}</text></svg>"##
    );
    if svg.ends_with("</svg>") {
        svg.truncate(svg.len() - "</svg>".len());
    }
    svg.push_str(&score);
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shows_the_score_on_the_classic_picture() {
        let svg = render(&Position::default(), "match");
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert_eq!(svg.matches("</svg>").count(), 1);
        assert!(svg.contains(">0 : 0</text>"));
    }
}
