//! What every kind's SVG picture shares.

/// Text made safe inside an XML element.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}
