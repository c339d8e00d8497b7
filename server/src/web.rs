//! The browser client: the files of `web/`, embedded in the binary, served for every path no other route takes.
//!
//! The client is plain HTML, CSS and JavaScript modules with no build step, so the files are served as they
//! are. Paths without a file extension that match no file (`/game/…`, `/replay/…`, `/rules`) get
//! `index.html`: the client routes them itself. During development `--web-dir` serves the files from disk
//! instead, so a change shows on reload.

use std::path::{Component, Path, PathBuf};

use axum::body::Body;
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use rust_embed::Embed;
use sha2::{Digest, Sha256};

pub use crate::config::WebFiles;
use crate::state::AppState;

/// The files of `web/`, compiled into the binary (in debug builds too, so every build is self-contained).
#[derive(Embed)]
#[folder = "../web"]
struct Embedded;

/// The page every client-side route is answered with.
const INDEX: &str = "index.html";

/// The admin pages' own shell, for `/admin` and every client route under it (they route by `#` fragment).
const ADMIN_INDEX: &str = "admin/index.html";

/// The folder of `web/` that holds the client's unit tests (`node --test`), never served.
const TESTS: &str = "test/";

/// What the client may load: only its own scripts, styles and images, and its own server's REST and
/// WebSocket. No inline scripts or styles, no framing by other sites.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; img-src 'self' data:; connect-src 'self'; \
     frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/// A file of the client, ready to send.
struct WebFile {
    bytes: Vec<u8>,
    etag: String,
}

impl WebFiles {
    /// The file at `path` (relative, `/`-separated), if there is one.
    async fn load(&self, path: &str) -> Option<WebFile> {
        match self {
            WebFiles::Embedded => Embedded::get(path)
                .map(|file| WebFile { etag: etag(&file.metadata.sha256_hash()), bytes: file.data.into_owned() }),
            WebFiles::Directory(root) => {
                let bytes = tokio::fs::read(safe_join(root, path)?).await.ok()?;
                Some(WebFile { etag: etag(&Sha256::digest(&bytes).into()), bytes })
            }
        }
    }
}

/// The fallback handler: a file of the client, `index.html` for a client-side route, or 404.
pub async fn serve(State(state): State<AppState>, method: Method, uri: Uri, headers: HeaderMap) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return StatusCode::METHOD_NOT_ALLOWED.into_response();
    }
    let path = uri.path().trim_start_matches('/');
    // Unknown API paths stay plain 404s: a script calling a wrong endpoint must not get a page back.
    if path.starts_with("api/") || path == "ws" || path.starts_with("ws/") {
        return StatusCode::NOT_FOUND.into_response();
    }
    // The client's unit tests live beside it in `web/` but are not part of the site.
    if path.starts_with(TESTS) {
        return StatusCode::NOT_FOUND.into_response();
    }
    let files = &state.settings.web_files;
    let requested = if path.is_empty() { INDEX } else { path };
    let (name, file) = match files.load(requested).await {
        Some(file) => (requested, file),
        None if is_client_route(path) => {
            let shell = shell_of(path);
            match files.load(shell).await {
                Some(file) => (shell, file),
                None => return StatusCode::NOT_FOUND.into_response(),
            }
        }
        None => return StatusCode::NOT_FOUND.into_response(),
    };
    respond(name, file, &headers, method == Method::HEAD)
}

/// The page that routes `path`: the admin pages' shell under `admin`, the site's otherwise.
fn shell_of(path: &str) -> &'static str {
    if path == "admin" || path.starts_with("admin/") {
        ADMIN_INDEX
    } else {
        INDEX
    }
}

/// A path the client routes itself: no file extension in its last segment.
fn is_client_route(path: &str) -> bool {
    !path.rsplit('/').next().unwrap_or_default().contains('.')
}

fn respond(name: &str, file: WebFile, request: &HeaderMap, head_only: bool) -> Response {
    let content_type = content_type(name);
    let not_modified = request
        .get(header::IF_NONE_MATCH)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|tags| tags.split(',').any(|tag| tag.trim() == file.etag));
    let mut response = if not_modified {
        StatusCode::NOT_MODIFIED.into_response()
    } else if head_only {
        Response::new(Body::empty())
    } else {
        Response::new(Body::from(file.bytes))
    };
    let headers = response.headers_mut();
    // The file names carry no content hash (there is no build step), so browsers keep a copy but check it
    // on every use; an unchanged file costs a 304.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    if let Ok(etag) = HeaderValue::from_str(&file.etag) {
        headers.insert(header::ETAG, etag);
    }
    if let Ok(content_type) = HeaderValue::from_str(&content_type) {
        headers.insert(header::CONTENT_TYPE, content_type);
    }
    if name.ends_with(".html") {
        headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CONTENT_SECURITY_POLICY));
    }
    response
}

/// The content type of a file by its extension; text types say they are UTF-8.
fn content_type(name: &str) -> String {
    let mime = mime_guess::from_path(name).first_or_octet_stream();
    match (mime.type_(), mime.subtype()) {
        (mime_guess::mime::TEXT, _) | (_, mime_guess::mime::JAVASCRIPT) | (_, mime_guess::mime::JSON) => {
            format!("{}; charset=utf-8", mime.essence_str())
        }
        (_, subtype) if subtype == "svg" => format!("{}; charset=utf-8", mime.essence_str()),
        _ => mime.essence_str().to_owned(),
    }
}

fn etag(hash: &[u8; 32]) -> String {
    let hex: String = hash.iter().map(|byte| format!("{byte:02x}")).collect();
    format!("\"{hex}\"")
}

/// `root` joined with a request path, or `None` when the path tries to leave `root` (`..`, absolute parts).
fn safe_join(root: &Path, path: &str) -> Option<PathBuf> {
    let relative = Path::new(path);
    relative.components().all(|part| matches!(part, Component::Normal(_))).then(|| root.join(relative))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_cannot_leave_the_web_directory() {
        let root = Path::new("/srv/web");
        assert_eq!(safe_join(root, "js/app.js"), Some(PathBuf::from("/srv/web/js/app.js")));
        assert_eq!(safe_join(root, "../etc/passwd"), None);
        assert_eq!(safe_join(root, "js/../../etc/passwd"), None);
        assert_eq!(safe_join(root, "/etc/passwd"), None);
    }

    #[test]
    fn client_routes_have_no_extension() {
        assert!(is_client_route("game/7e8f9a0b-1c2d-4e3f-8a5b-6c7d8e9f0a1b"));
        assert!(is_client_route("rules"));
        assert!(!is_client_route("js/missing.js"));
    }

    #[test]
    fn admin_routes_get_the_admin_shell() {
        assert_eq!(shell_of("admin"), ADMIN_INDEX);
        assert_eq!(shell_of("admin/"), ADMIN_INDEX);
        assert_eq!(shell_of("admin/games"), ADMIN_INDEX);
        assert_eq!(shell_of("administrator"), INDEX);
        assert_eq!(shell_of("game/7e8f9a0b-1c2d-4e3f-8a5b-6c7d8e9f0a1b"), INDEX);
    }

    #[test]
    fn content_types_follow_extensions() {
        assert_eq!(content_type("index.html"), "text/html; charset=utf-8");
        assert!(content_type("js/app.js").ends_with("javascript; charset=utf-8"));
        assert_eq!(content_type("css/site.css"), "text/css; charset=utf-8");
        assert_eq!(content_type("favicon.svg"), "image/svg+xml; charset=utf-8");
        assert_eq!(content_type("docs/game.png"), "image/png");
    }

    #[test]
    fn the_client_is_embedded() {
        assert!(Embedded::get(INDEX).is_some(), "web/index.html is compiled in");
        assert!(Embedded::get(ADMIN_INDEX).is_some(), "web/admin/index.html is compiled in");
    }
}
