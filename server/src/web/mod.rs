//! The browser client: the files of `web/`, embedded in the binary, served for every path no other route takes.
//!
//! The client is plain HTML, CSS and JavaScript modules with no build step, so the files are served as they
//! are. Paths without a file extension that match no file (`/game/…`, `/replay/…`, `/rules`) get
//! `index.html`: the client routes them itself. During development `--web-dir` serves the files from disk
//! instead, so a change shows on reload.
//!
//! So that a returning visitor asks for little more than the page: the embedded files have a version, a hash
//! of them all, and the pages name their scripts, styles and pictures under `/v/<version>/` (`/v/…/js/app.js`;
//! the scripts' relative imports stay under it). A file asked for under the current version never changes, so
//! it is kept for a year without a check (`immutable`); the page itself is checked every time (ETag, `no-cache`),
//! and names the next version's files after an upgrade. Text files go out compressed, brotli or gzip as the
//! browser accepts, each compressed once and kept. A page names every script its own script imports for
//! preloading (`preload.rs`), so that a cold visit fetches them at once rather than a level of imports at a time.

mod preload;

use std::collections::HashMap;
use std::io::Write;
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

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

/// The path prefix of versioned files: `v/<version>/<file>`.
const VERSIONED: &str = "v/";

/// How a file under the current version is cached: a year, never checked again.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// The most compressed files kept; the embedded client has far fewer (a `--web-dir` being edited could make
/// more, one per change), and past it the oldest are simply compressed again.
const COMPRESSED_KEPT: usize = 512;

/// What the client may load: only its own scripts, styles and images, and its own server's REST and
/// WebSocket. No inline scripts or styles, no framing by other sites.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; img-src 'self' data:; connect-src 'self'; \
     frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/// A file of the client, ready to send.
#[derive(Clone)]
struct WebFile {
    bytes: Vec<u8>,
    etag: String,
}

/// A content coding the client's files are sent in, best first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Coding {
    Brotli,
    Gzip,
}

impl Coding {
    /// The `Content-Encoding` name.
    fn name(self) -> &'static str {
        match self {
            Coding::Brotli => "br",
            Coding::Gzip => "gzip",
        }
    }

    /// The best coding `accept` (an `Accept-Encoding` value) takes, if any: one it names with a quality above 0.
    fn negotiate(accept: &str) -> Option<Coding> {
        let accepted = |name: &str| {
            accept.split(',').any(|item| {
                let mut parts = item.split(';').map(str::trim);
                let coding = parts.next().unwrap_or_default();
                let refused = parts.any(|param| {
                    param.strip_prefix("q=").and_then(|q| q.trim().parse::<f32>().ok()).is_some_and(|q| q <= 0.0)
                });
                coding.eq_ignore_ascii_case(name) && !refused
            })
        };
        [Coding::Brotli, Coding::Gzip].into_iter().find(|coding| accepted(coding.name()))
    }

    fn compress(self, bytes: &[u8]) -> Vec<u8> {
        let mut out = Vec::with_capacity(bytes.len() / 3);
        match self {
            Coding::Brotli => {
                // Quality 9 of 11: nearly the smallest for files this size, and quick enough to do on the first
                // request for each file without holding up the others.
                let mut writer = brotli::CompressorWriter::new(&mut out, 4096, 9, 22);
                // Writing into a Vec cannot fail.
                let _ = writer.write_all(bytes);
                drop(writer);
            }
            Coding::Gzip => {
                let mut writer = flate2::write::GzEncoder::new(&mut out, flate2::Compression::best());
                let _ = writer.write_all(bytes);
                let _ = writer.finish();
            }
        }
        out
    }
}

/// Compressed files by the content hash (ETag) of the original and the coding.
type CompressedFiles = HashMap<(String, Coding), Arc<Vec<u8>>>;

/// Compressed files by content hash and coding, so each is compressed once.
fn compressed(etag: &str, coding: Coding, bytes: &[u8]) -> Arc<Vec<u8>> {
    static KEPT: OnceLock<Mutex<CompressedFiles>> = OnceLock::new();
    let kept = KEPT.get_or_init(Mutex::default);
    let key = (etag.to_owned(), coding);
    if let Some(found) = kept.lock().unwrap_or_else(std::sync::PoisonError::into_inner).get(&key) {
        return Arc::clone(found);
    }
    let made = Arc::new(coding.compress(bytes));
    let mut kept = kept.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if kept.len() >= COMPRESSED_KEPT {
        kept.clear();
    }
    kept.insert(key, Arc::clone(&made));
    made
}

/// The version of the embedded files: a hash of every file's path and content hash.
fn embedded_version() -> &'static str {
    static VERSION: OnceLock<String> = OnceLock::new();
    VERSION.get_or_init(|| {
        let mut names: Vec<_> = Embedded::iter().collect();
        names.sort();
        let mut hasher = Sha256::new();
        for name in names {
            if let Some(file) = Embedded::get(&name) {
                hasher.update(name.as_bytes());
                hasher.update(file.metadata.sha256_hash());
            }
        }
        hasher.finalize().iter().take(8).map(|byte| format!("{byte:02x}")).collect()
    })
}

/// `html` with every `src="/…"` and `href="/…"` that names a file (an extension in its last segment) moved
/// under `/v/<version>/`; links to pages (`href="/rules"`) stay as they are.
fn versioned_html(html: &str, version: &str) -> String {
    let mut out = String::with_capacity(html.len() + 256);
    let mut rest = html;
    while let Some(at) =
        ["src=\"/", "href=\"/"].iter().filter_map(|attribute| rest.find(attribute).map(|i| i + attribute.len())).min()
    {
        let (before, after) = rest.split_at(at);
        out.push_str(before);
        let end = after.find('"').unwrap_or(after.len());
        let target = &after[..end];
        let path = target.split(['?', '#']).next().unwrap_or_default();
        if !path.starts_with('/') && !is_client_route(path) && !path.starts_with(VERSIONED) {
            out.push_str(VERSIONED);
            out.push_str(version);
            out.push('/');
        }
        rest = after;
    }
    out.push_str(rest);
    out
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
    // A versioned file: the file itself, kept for a year if it is of the current version. An older version's
    // page may still ask for its files; it gets today's, which a browser must not keep.
    let (path, current) = match path.strip_prefix(VERSIONED).and_then(|rest| rest.split_once('/')) {
        Some((version, file)) => {
            (file, matches!(state.settings.web_files, WebFiles::Embedded) && version == embedded_version())
        }
        None => (path, false),
    };
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
    let file = match (&state.settings.web_files, name.ends_with(".html")) {
        (WebFiles::Embedded, true) => embedded_page(name, &file),
        _ => file,
    };
    let cache = if current { IMMUTABLE } else { "no-cache" };
    respond(name, file, &headers, method == Method::HEAD, cache)
}

/// An embedded page as it is sent: every script its module scripts import named for preloading
/// (`preload.rs`), then its files' paths versioned. Made once per page, as the embedded files never change.
fn embedded_page(name: &str, file: &WebFile) -> WebFile {
    static PAGES: OnceLock<Mutex<HashMap<String, WebFile>>> = OnceLock::new();
    let pages = PAGES.get_or_init(Mutex::default);
    if let Some(page) = pages.lock().unwrap_or_else(std::sync::PoisonError::into_inner).get(name) {
        return page.clone();
    }
    let read = |path: &str| Embedded::get(path).map(|file| String::from_utf8_lossy(&file.data).into_owned());
    let html = preload::with_module_preloads(&String::from_utf8_lossy(&file.bytes), read);
    let html = versioned_html(&html, embedded_version());
    let page = WebFile { etag: etag(&Sha256::digest(html.as_bytes()).into()), bytes: html.into_bytes() };
    pages.lock().unwrap_or_else(std::sync::PoisonError::into_inner).insert(name.to_owned(), page.clone());
    page
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

/// Whether a file of this content type is worth compressing (text; pictures other than SVG already are).
fn compressible(content_type: &str) -> bool {
    content_type.starts_with("text/")
        || content_type.contains("javascript")
        || content_type.contains("json")
        || content_type.contains("svg")
}

/// The response for `file` (named `name`): `cache` is its `Cache-Control` (`no-cache`: checked by ETag on every
/// use, an unchanged file costs a 304; or kept for a year when versioned).
fn respond(name: &str, file: WebFile, request: &HeaderMap, head_only: bool, cache: &'static str) -> Response {
    let content_type = content_type(name);
    let vary = compressible(&content_type);
    let coding = vary
        .then(|| request.get(header::ACCEPT_ENCODING).and_then(|value| value.to_str().ok()).and_then(Coding::negotiate))
        .flatten();
    // Each coding of a file is a representation of its own, with its own tag.
    let tag = match coding {
        Some(coding) => format!("{}-{}\"", file.etag.trim_end_matches('"'), coding.name()),
        None => file.etag.clone(),
    };
    let not_modified = request
        .get(header::IF_NONE_MATCH)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|tags| tags.split(',').any(|candidate| candidate.trim() == tag));
    let mut response = if not_modified {
        StatusCode::NOT_MODIFIED.into_response()
    } else if head_only {
        Response::new(Body::empty())
    } else {
        match coding {
            Some(coding) => Response::new(Body::from(compressed(&file.etag, coding, &file.bytes).as_ref().clone())),
            None => Response::new(Body::from(file.bytes)),
        }
    };
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    if vary {
        headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    if let Some(coding) = coding {
        headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(coding.name()));
    }
    if let Ok(etag) = HeaderValue::from_str(&tag) {
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
    fn codings_follow_accept_encoding() {
        assert_eq!(Coding::negotiate("gzip, deflate, br, zstd"), Some(Coding::Brotli));
        assert_eq!(Coding::negotiate("gzip"), Some(Coding::Gzip));
        assert_eq!(Coding::negotiate("br;q=0, gzip;q=0.5"), Some(Coding::Gzip));
        assert_eq!(Coding::negotiate("BR"), Some(Coding::Brotli));
        assert_eq!(Coding::negotiate("identity"), None);
        assert_eq!(Coding::negotiate("gzip;q=0"), None);
    }

    #[test]
    fn compressed_files_decompress_to_themselves() {
        let text = "export const a = 1;\n".repeat(200);
        let brotli = Coding::Brotli.compress(text.as_bytes());
        let mut back = Vec::new();
        brotli::BrotliDecompress(&mut brotli.as_slice(), &mut back).expect("brotli");
        assert_eq!(back, text.as_bytes());
        assert!(brotli.len() < text.len() / 10, "{} bytes", brotli.len());
        let gzip = Coding::Gzip.compress(text.as_bytes());
        let mut back = String::new();
        std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(gzip.as_slice()), &mut back).expect("gzip");
        assert_eq!(back, text);
    }

    #[test]
    fn pages_name_files_under_the_version_and_pages_as_they_are() {
        let html = r#"<link rel="icon" href="/favicon.svg"><link href="/css/site.css"><script src="/js/app.js"></script>
<a href="/">Lobby</a><a href="/rules">Rules</a><a href="/admin/#/audit">Audit</a><a href="//example.com/x.js">x</a>"#;
        let versioned = versioned_html(html, "abc");
        assert!(versioned.contains(r#"href="/v/abc/favicon.svg""#), "{versioned}");
        assert!(versioned.contains(r#"href="/v/abc/css/site.css""#), "{versioned}");
        assert!(versioned.contains(r#"src="/v/abc/js/app.js""#), "{versioned}");
        for unchanged in [r#"href="/""#, r#"href="/rules""#, r#"href="/admin/#/audit""#, r#"href="//example.com/x.js""#]
        {
            assert!(versioned.contains(unchanged), "{unchanged} in {versioned}");
        }
        assert_eq!(versioned_html(&versioned, "abc"), versioned, "a versioned page is left as it is");
    }

    #[test]
    fn the_client_is_embedded() {
        assert!(Embedded::get(INDEX).is_some(), "web/index.html is compiled in");
        assert!(Embedded::get(ADMIN_INDEX).is_some(), "web/admin/index.html is compiled in");
    }
}
