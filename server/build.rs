//! Rebuilds the server when a migration changes: `sqlx::migrate!` embeds them, and stable Rust cannot see
//! that dependency by itself.

fn main() {
    println!("cargo:rerun-if-changed=../migrations");
}
