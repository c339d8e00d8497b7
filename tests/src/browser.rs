//! Headless Chromium for end-to-end tests of the browser client, driven over WebDriver.
//!
//! A test starts its own `chromedriver` on a free port ([`Chromedriver::start`]) and opens one browser per
//! person ([`Browser::open`]), each with a fresh profile. `scripts/test.sh` installs Debian's `chromium` and
//! `chromium-driver`; `KARTKA_CHROMIUM` and `KARTKA_CHROMEDRIVER` name other binaries.

use std::future::Future;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::elements::Element;
use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use tempfile::TempDir;

use crate::client::Api;

/// How long a test waits for the page to show what it expects.
pub const PAGE_TIMEOUT: Duration = Duration::from_secs(20);

/// Flags Chromium needs to run headless as root on a closed network: without the background-networking ones
/// it waits for services it cannot reach.
const CHROMIUM_FLAGS: [&str; 9] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
];

/// Headless Chromium makes no window narrower than this many pixels (it widens a 390 px one to 500 px), so a
/// narrower screen, a phone's, is emulated at its exact size instead.
const MIN_WINDOW_WIDTH: u32 = 500;

fn binary(variable: &str, default: &str) -> String {
    std::env::var(variable).unwrap_or_else(|_| default.to_owned())
}

/// A `chromedriver` process on a free local port, killed when dropped.
pub struct Chromedriver {
    url: String,
    child: Child,
}

impl Chromedriver {
    /// Starts `chromedriver` and waits until it accepts connections.
    ///
    /// # Panics
    /// When it is not installed (run `scripts/test.sh`, which installs it) or does not start.
    pub fn start() -> Chromedriver {
        let port = TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port();
        let program = binary("KARTKA_CHROMEDRIVER", "chromedriver");
        let child = Command::new(&program)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|error| {
                panic!("cannot start {program} ({error}): install chromium-driver, or run scripts/test.sh")
            });
        let addr = SocketAddr::from(([127, 0, 0, 1], port));
        let deadline = Instant::now() + Duration::from_secs(20);
        while TcpStream::connect(addr).is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not listen on {addr} within 20 s");
            std::thread::sleep(Duration::from_millis(50));
        }
        Chromedriver { url: format!("http://{addr}"), child }
    }
}

impl Drop for Chromedriver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One headless browser (its own profile, so its own localStorage and session) at a site.
pub struct Browser {
    /// The WebDriver session.
    pub client: Client,
    base: String,
    _profile: TempDir,
}

impl Browser {
    /// Opens a browser with a `width` × `height` window (an emulated phone screen when narrower than Chromium
    /// allows) for the site at `base` (e.g. `http://127.0.0.1:1234`).
    pub async fn open(driver: &Chromedriver, base: &str, width: u32, height: u32) -> Browser {
        let profile = tempfile::tempdir().expect("a profile directory");
        let mut args: Vec<String> = CHROMIUM_FLAGS.iter().map(|flag| (*flag).to_owned()).collect();
        args.push(format!("--user-data-dir={}", profile.path().display()));
        args.push(format!("--window-size={width},{height}"));
        let mut options = json!({ "binary": binary("KARTKA_CHROMIUM", "/usr/bin/chromium"), "args": args });
        if width < MIN_WINDOW_WIDTH {
            options["mobileEmulation"] =
                json!({ "deviceMetrics": { "width": width, "height": height, "pixelRatio": 1.0 } });
        }
        // The browser's console is kept for `console_errors`.
        let capabilities = json!({ "browserName": "chrome", "goog:chromeOptions": options,
            "goog:loggingPrefs": { "browser": "ALL" } });
        let Value::Object(capabilities) = capabilities else { unreachable!("an object literal") };
        let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(capabilities)
            .connect(&driver.url)
            .await
            .expect("chromedriver opens a browser session");
        Browser { client, base: base.to_owned(), _profile: profile }
    }

    /// Opens `path` of the site.
    pub async fn goto(&self, path: &str) {
        self.client.goto(&format!("{}{path}", self.base)).await.expect("navigate");
    }

    /// The path of the page shown now.
    pub async fn path(&self) -> String {
        self.client.current_url().await.expect("the current URL").path().to_owned()
    }

    /// Waits for an element matching `css`.
    pub async fn find(&self, css: &str) -> Element {
        self.client
            .wait()
            .at_most(PAGE_TIMEOUT)
            .for_element(Locator::Css(css))
            .await
            .unwrap_or_else(|error| panic!("no element {css} within {PAGE_TIMEOUT:?}: {error}"))
    }

    /// Waits for an element matching `css` and clicks it. A page that redraws the element between finding
    /// and clicking it (an event arrived) gets the click on the new one.
    pub async fn click(&self, css: &str) {
        let deadline = Instant::now() + PAGE_TIMEOUT;
        loop {
            let element = self.find(css).await;
            match element.click().await {
                Ok(()) => return,
                Err(error) if Instant::now() < deadline && error.to_string().contains("stale element") => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                Err(error) => panic!("click {css}: {error}"),
            }
        }
    }

    /// Waits for a field and types `text` into it.
    pub async fn fill(&self, css: &str, text: &str) {
        let field = self.find(css).await;
        field.clear().await.expect("clear the field");
        field.send_keys(text).await.expect("type");
    }

    /// The text of the first element matching `css` (empty when there is none).
    pub async fn text(&self, css: &str) -> String {
        match self.client.find(Locator::Css(css)).await {
            Ok(element) => element.text().await.unwrap_or_default(),
            Err(_) => String::new(),
        }
    }

    /// Opens the lobby panel `id` as a phone's reader does, with its fold switch, when it is folded (on a phone
    /// every lobby panel but the top one starts folded; a desktop never folds them).
    pub async fn open_panel(&self, id: &str) {
        self.find(&format!("#{id}")).await;
        let folded = format!(
            "const toggle = document.querySelector('#{id}.folded > .fold-toggle');
             return Boolean(toggle && toggle.getClientRects().length > 0);"
        );
        if self.client.execute(&folded, vec![]).await.expect("a script") == json!(true) {
            self.click(&format!("#{id} > .fold-toggle")).await;
        }
    }

    /// Waits until the text of `css` contains `expected`; returns the text.
    pub async fn wait_for_text(&self, css: &str, expected: &str) -> String {
        let deadline = Instant::now() + PAGE_TIMEOUT;
        loop {
            let text = self.text(css).await;
            if text.contains(expected) {
                return text;
            }
            assert!(Instant::now() < deadline, "{css} never read {expected:?}; it reads {text:?}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// The session the page keeps after signing in.
    pub async fn session(&self) -> kartka_protocol::rest::Session {
        let stored = self.client.execute("return localStorage.getItem('kartka.session')", vec![]).await.expect("read");
        serde_json::from_str(stored.as_str().expect("a stored session")).expect("the page keeps a session")
    }

    /// The targets the page's board highlights, each by its `data-<attribute>` (`digit`, `action`, `point`,
    /// `edge`), sorted.
    pub async fn board_targets(&self, attribute: &str) -> Vec<String> {
        let script =
            "return [...document.querySelectorAll('#page .board .target')].map((t) => t.dataset[arguments[0]]);";
        let found = self.client.execute(script, vec![json!(attribute)]).await.expect("read the targets");
        let mut names: Vec<String> =
            found.as_array().expect("a list").iter().map(|n| n.as_str().unwrap_or_default().to_owned()).collect();
        names.sort();
        names
    }

    /// Signs in as a guest named `name` from the sign-in page and waits for the lobby.
    pub async fn sign_in_as_guest(&self, name: &str) {
        self.goto("/login").await;
        self.fill("input[name=guest-name]", name).await;
        self.click("#play-as-guest").await;
        self.find("#new-challenge form").await;
    }

    /// Signs in with a registered account's name and password from the sign-in page and waits for the lobby.
    pub async fn sign_in(&self, name: &str, password: &str) {
        self.goto("/login").await;
        self.fill("input[name=login-username]", name).await;
        self.fill("input[name=login-password]", password).await;
        self.click("form[aria-label=\"Sign in\"] button[type=submit]").await;
        self.find("#new-challenge form").await;
    }

    /// Saves a screenshot as `artifacts/browser/<name>.png` in the workspace, for people to look at.
    pub async fn screenshot(&self, name: &str) -> PathBuf {
        let png = self.client.screenshot().await.expect("a screenshot");
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../artifacts/browser");
        std::fs::create_dir_all(&dir).expect("create the artifacts directory");
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, png).expect("write the screenshot");
        path
    }

    /// Ends the browser session.
    pub async fn close(self) {
        let _ = self.client.close().await;
    }

    /// From the next page load on, keeps every script error of every page (uncaught errors and unhandled
    /// promise rejections) for [`Browser::script_errors`]: Chromium runs [`RECORD_SCRIPT_ERRORS`] in each new
    /// document before the page's own scripts.
    pub async fn record_script_errors(&self) {
        let command = DevTools {
            command: "Page.addScriptToEvaluateOnNewDocument",
            params: json!({ "source": RECORD_SCRIPT_ERRORS }),
        };
        self.client.issue_cmd(command).await.expect("chromedriver runs a DevTools command");
    }

    /// From now on, every request is slow, as on a poor mobile connection: `latency_ms` more per request and
    /// `kilobytes_per_second` each way (DevTools' `Network.emulateNetworkConditions`); and the cache is off, so
    /// each load is a cold one.
    pub async fn throttle(&self, latency_ms: u32, kilobytes_per_second: u32) {
        let bytes_per_second = f64::from(kilobytes_per_second) * 1024.0;
        for (command, params) in [
            ("Network.enable", json!({})),
            ("Network.setCacheDisabled", json!({ "cacheDisabled": true })),
            (
                "Network.emulateNetworkConditions",
                json!({ "offline": false, "latency": latency_ms, "downloadThroughput": bytes_per_second,
                        "uploadThroughput": bytes_per_second }),
            ),
        ] {
            self.client.issue_cmd(DevTools { command, params }).await.expect("chromedriver runs a DevTools command");
        }
    }

    /// The scripts the page shown now has fetched since it loaded (its Resource Timing entries), each by its
    /// path, with the bytes that came over the network, and when the last one ended, in milliseconds from the
    /// start of the page's navigation.
    pub async fn fetched_scripts(&self) -> FetchedScripts {
        let script = "const entries = performance.getEntriesByType('resource').filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'));
            return { scripts: entries.map((entry) => ({ path: new URL(entry.name).pathname, bytes: entry.transferSize })),
                     last_ms: Math.max(0, ...entries.map((entry) => entry.responseEnd)) };";
        let found = self.client.execute(script, vec![]).await.expect("a script");
        serde_json::from_value(found).expect("the scripts fetched")
    }

    /// The script errors of the page shown now, since it loaded.
    ///
    /// # Panics
    /// When the page does not record them: [`Browser::record_script_errors`] comes before the page loads.
    pub async fn script_errors(&self) -> Vec<String> {
        let found = self.client.execute("return window.kartkaScriptErrors ?? null", vec![]).await.expect("a script");
        let errors: Option<Vec<String>> = serde_json::from_value(found).expect("a list of messages");
        errors.expect("the page records its script errors: call record_script_errors before it loads")
    }

    /// From the next page load on, keeps the time (`Date.now()`) of every WebSocket each page opens, for
    /// [`Browser::sockets`]: Chromium runs [`RECORD_SOCKETS`] in each new document before the page's own scripts.
    pub async fn record_sockets(&self) {
        let command =
            DevTools { command: "Page.addScriptToEvaluateOnNewDocument", params: json!({ "source": RECORD_SOCKETS }) };
        self.client.issue_cmd(command).await.expect("chromedriver runs a DevTools command");
    }

    /// The WebSockets the page shown now has opened since it loaded, oldest first: when each was opened (ms since
    /// the epoch) and whether it is still open.
    ///
    /// # Panics
    /// When the page does not record them: [`Browser::record_sockets`] comes before the page loads.
    pub async fn sockets(&self) -> Vec<OpenedSocket> {
        let script = "return window.kartkaSockets?.map((socket) => ({ at: socket.at, open: socket.socket.readyState < 2 })) ?? null";
        let found = self.client.execute(script, vec![]).await.expect("a script");
        let sockets = found.as_array().expect("the page records its sockets: call record_sockets before it loads");
        sockets
            .iter()
            .map(|socket| OpenedSocket {
                at: socket["at"].as_f64().expect("a time"),
                open: socket["open"].as_bool().expect("a flag"),
            })
            .collect()
    }

    /// The errors the browser's console has logged since it was last asked (script errors, failed requests, and
    /// the browser's own complaints, such as a frame sent on a closed WebSocket).
    pub async fn console_errors(&self) -> Vec<String> {
        let entries = self.client.issue_cmd(BrowserLog).await.expect("chromedriver gives the browser's log");
        let entries: Vec<Value> = serde_json::from_value(entries).expect("a list of log entries");
        entries
            .into_iter()
            .filter(|entry| entry["level"] == "SEVERE")
            .map(|entry| entry["message"].as_str().unwrap_or_default().to_owned())
            .collect()
    }

    /// Whatever on the page reads like text that was never translated: a catalog key (a word of one of the
    /// catalogs' groups, a dot, more: `lobby.title`), a placeholder left unfilled (`{name}`) or a missing value
    /// written as text (`null`, `undefined`, `NaN`), in the page's
    /// text (shown or not) or in a title, placeholder or label. The catalogs are the page's own (`js/i18n.js` beside `js/app.js`).
    pub async fn untranslated_texts(&self) -> Vec<String> {
        let found = self.client.execute_async(UNTRANSLATED_TEXTS, vec![]).await.expect("a script");
        serde_json::from_value(found).expect("a list of texts")
    }
}

/// Run first in every document of a browser that records script errors (`window.kartkaScriptErrors`). A
/// resource that fails to load is no script error: its event does not reach `window`'s listener.
pub const RECORD_SCRIPT_ERRORS: &str = r#"window.kartkaScriptErrors = [];
addEventListener('error', (event) => window.kartkaScriptErrors.push(`${event.message} (${event.filename}:${event.lineno})`));
addEventListener('unhandledrejection', (event) => window.kartkaScriptErrors.push(`unhandled: ${event.reason?.stack ?? event.reason}`));"#;

/// Run first in every document of a browser that records its WebSockets (`window.kartkaSockets`): the page's
/// `WebSocket` is wrapped so that each one opened is kept with its time.
pub const RECORD_SOCKETS: &str = r"window.kartkaSockets = [];
const PageSocket = window.WebSocket;
window.WebSocket = class extends PageSocket {
  constructor(...args) {
    super(...args);
    window.kartkaSockets.push({ at: Date.now(), socket: this });
  }
};";

/// The scripts a page fetched ([`Browser::fetched_scripts`]).
#[derive(Clone, Debug, serde::Deserialize)]
pub struct FetchedScripts {
    /// Each script, in the order its fetch started.
    pub scripts: Vec<FetchedScript>,
    /// When the last script arrived, in milliseconds from the start of the page's navigation.
    pub last_ms: f64,
}

/// A script a page fetched.
#[derive(Clone, Debug, serde::Deserialize)]
pub struct FetchedScript {
    /// Its path (`/v/<version>/js/app.js`).
    pub path: String,
    /// The bytes that came over the network for it (compressed, with headers).
    pub bytes: u64,
}

/// A WebSocket a page opened ([`Browser::sockets`]).
#[derive(Clone, Copy, Debug)]
pub struct OpenedSocket {
    /// When it was opened, in milliseconds since the epoch by the browser's clock.
    pub at: f64,
    /// Whether it is still open (or opening).
    pub open: bool,
}

/// An asynchronous script (its last argument is the callback) that answers [`Browser::untranslated_texts`].
const UNTRANSLATED_TEXTS: &str = r#"const done = arguments[arguments.length - 1];
const app = document.querySelector('script[type=module][src]').src;
import(new URL('i18n.js', app).href).then(({ loadAllCatalogs }) => loadAllCatalogs()).then((catalogs) => {
  const groups = new Set(Object.keys(catalogs.en).map((key) => key.split('.')[0]));
  // Each text node as written (innerText would give `text-transform`'s capitals), and the labels.
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const texts = [];
  while (walker.nextNode()) if (!walker.currentNode.parentElement?.closest('script, style')) texts.push(walker.currentNode.data);
  for (const element of document.querySelectorAll('[title], [placeholder], [aria-label]')) {
    texts.push(...['title', 'placeholder', 'aria-label'].map((name) => element.getAttribute(name) ?? ''));
  }
  const found = texts.flatMap((text) => [
    ...[...text.matchAll(/[a-z][a-zA-Z-]*(?:\.[a-zA-Z0-9_-]+)+/g)].map((match) => match[0])
      .filter((word) => groups.has(word.split('.')[0])),
    ...[...text.matchAll(/\{[a-z]\w*\}/g)].map((match) => match[0]),
    ...(['null', 'undefined', 'NaN'].includes(text.trim()) ? [text.trim()] : []),
  ]);
  done([...new Set(found)]);
}, (error) => done([`the catalogs did not load: ${error}`]));"#;

/// A Chrome DevTools Protocol command, sent through chromedriver's `goog/cdp/execute`.
#[derive(Debug)]
struct DevTools {
    command: &'static str,
    params: Value,
}

impl WebDriverCompatibleCommand for DevTools {
    fn endpoint(&self, base_url: &url::Url, session_id: Option<&str>) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!("session/{}/goog/cdp/execute", session_id.unwrap_or_default()))
    }

    fn method_and_body(&self, _request_url: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(json!({ "cmd": self.command, "params": self.params }).to_string()))
    }
}

/// The browser's console log since it was last read, through chromedriver's `se/log`.
#[derive(Debug)]
struct BrowserLog;

impl WebDriverCompatibleCommand for BrowserLog {
    fn endpoint(&self, base_url: &url::Url, session_id: Option<&str>) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!("session/{}/se/log", session_id.unwrap_or_default()))
    }

    fn method_and_body(&self, _request_url: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(json!({ "type": "browser" }).to_string()))
    }
}

/// The variable that lets the browser tests refresh the pictures the docs show (`docs/screenshots/`); without
/// it they write under `artifacts/` only, and a test run leaves the checkout as it was.
pub const UPDATE_SCREENSHOTS: &str = "KARTKA_UPDATE_SCREENSHOTS";

/// Copies `shot` (a screenshot under `artifacts/browser/`) to `docs/screenshots/{name}.png` when
/// [`UPDATE_SCREENSHOTS`] is set to `1`; otherwise does nothing.
pub fn keep_for_docs(shot: &std::path::Path, name: &str) {
    if std::env::var(UPDATE_SCREENSHOTS).as_deref() != Ok("1") {
        return;
    }
    let docs = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/screenshots");
    std::fs::copy(shot, docs.join(format!("{name}.png"))).expect("copy the screenshot into docs/screenshots");
}

/// Polls `check` every 50 ms until it gives a value or `timeout` passes.
pub async fn eventually<T, F, Fut>(timeout: Duration, mut check: F) -> Option<T>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Option<T>>,
{
    let deadline = Instant::now() + timeout;
    loop {
        if let Some(value) = check().await {
            return Some(value);
        }
        if Instant::now() >= deadline {
            return None;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Waits until `player` shows a game page with its board, and returns the page's path.
pub async fn game_path(player: &Browser) -> String {
    let path = eventually(PAGE_TIMEOUT, || async {
        let path = player.path().await;
        path.starts_with("/game/").then_some(path)
    })
    .await;
    let path = path.expect("the browser opens the game");
    player.find("#page .board").await;
    path
}

/// A challenge as the lobby's form sends it: whom, and the game, clock and seat chosen (`None`: the form's default).
#[derive(Clone, Copy, Debug, Default)]
pub struct Challenge<'a> {
    /// The challenged player's name.
    pub opponent: &'a str,
    /// The game as its choice reads (`"Closing In 6×6"`).
    pub game: Option<&'a str>,
    /// The time control as its choice reads (`"14 days a turn · Correspondence"`).
    pub time_control: Option<&'a str>,
    /// The challenger's seat: `first`, `second` or `random`.
    pub seat: Option<&'a str>,
}

impl Challenge<'_> {
    /// Fills the lobby's challenge form of `challenger` (showing the lobby) and sends the challenge.
    pub async fn send(self, challenger: &Browser) {
        const FORM: &str = "form:has(#create-challenge)";
        challenger.open_panel("new-challenge").await;
        challenger.fill("input[name=opponent]", self.opponent).await;
        if let Some(game) = self.game {
            let choice = challenger.find(&format!("{FORM} select[name=game]")).await;
            choice.select_by_label(game).await.expect("choose the game");
        }
        if let Some(time_control) = self.time_control {
            let choice = challenger.find(&format!("{FORM} select[name=time-control]")).await;
            choice.select_by_label(time_control).await.expect("choose the time control");
        }
        if let Some(seat) = self.seat {
            let choice = challenger.find(&format!("{FORM} select[name=colour]")).await;
            choice.select_by_value(seat).await.expect("choose a seat");
        }
        challenger.click("#create-challenge").await;
    }
}

/// `challenged` accepts the first challenge in their lobby; both players are taken to its game, whose id this
/// returns.
pub async fn accept_challenge(challenged: &Browser, challenger: &Browser) -> String {
    challenged.click("#incoming [data-challenge] button.primary").await;
    let path = game_path(challenged).await;
    assert_eq!(game_path(challenger).await, path, "the challenger is taken to the game when it starts");
    path.trim_start_matches("/game/").to_owned()
}

/// Starts a game of `spec` on `time_control` through the API between the players signed in on `first` (the
/// first seat) and `second`, and opens it on both pages; its id.
///
/// # Panics
/// When the game cannot be started or a page does not show its board.
pub async fn start_game_on_pages(
    first: &Browser,
    second: &Browser,
    api: &Api,
    spec: kartka_protocol::RulesetSpec,
    time_control: kartka_protocol::TimeControl,
) -> String {
    let (first_session, second_session) = (first.session().await, second.session().await);
    let game_id = api.start_game_of(&first_session, &second_session, spec, time_control, false).await.to_string();
    for page in [first, second] {
        page.goto(&format!("/game/{game_id}")).await;
        page.find("#page .board").await;
    }
    game_id
}

/// The notation of every stored move of a game, in order, as the REST API gives them.
pub async fn stored_moves(api: &Api, game_id: &str) -> Vec<String> {
    let (status, game) = api.get(&format!("/api/games/{game_id}"), None).await;
    assert_eq!(status, 200, "the game: {game}");
    game["moves"].as_array().expect("moves").iter().map(|m| m["notation"].as_str().unwrap_or("").to_owned()).collect()
}

/// Waits until the game's stored moves are `expected`.
pub async fn wait_for_moves<S: AsRef<str> + std::fmt::Debug>(api: &Api, game_id: &str, expected: &[S]) {
    let matches = |moves: &[String]| moves.iter().map(String::as_str).eq(expected.iter().map(AsRef::as_ref));
    let reached = eventually(PAGE_TIMEOUT, || async { matches(&stored_moves(api, game_id).await).then_some(()) }).await;
    if reached.is_none() {
        panic!("the stored moves never became {expected:?}; they are {:?}", stored_moves(api, game_id).await);
    }
}
