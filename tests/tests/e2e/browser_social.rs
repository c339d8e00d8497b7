//! The social site in headless Chromium: chat in a game between two players and a spectator, and in the lobby, with a
//! player's mute of the opponent that survives a reload and a lobby player's mute of another, and their report of
//! another's message to the admins, with a reason; a challenge that reaches
//! a player reading the rules, who accepts it from there; a challenge for three naming two players, who each take a
//! seat while the lobby shows the seats taken; a guest's forms, where Rated is closed to them; a profile
//! with its ratings, chart, games and results against the viewer; and the lobby, a game, the rules and a profile in
//! Polish, English and Russian with no catalog key or placeholder left on screen and no script error. Names are links
//! to the players' pages throughout, the lobby's online list and player search among them. Screenshots go to
//! `artifacts/browser/` (`chat-*`, `challenge-*`, `guest-rated-closed`, `profile`, `page-<language>-<page>`).

use fantoccini::Locator;
use kartka_protocol::rest::Session;
use kartka_protocol::TimeControl;
use kartka_server::config::Settings;
use kartka_tests::browser::{self, Browser, Challenge, Chromedriver, PAGE_TIMEOUT};
use kartka_tests::client::{Api, WsClient, KURNIK};
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::server::TestServer;
use serde_json::json;
use uuid::Uuid;

const DESKTOP: (u32, u32) = (1280, 900);
/// A phone's screen (Chromium widens the window to its minimum, as `browser_site` notes).
const PHONE: (u32, u32) = (390, 844);
const PASSWORD: &str = "long enough secret";
const BLITZ: TimeControl = TimeControl::Fischer { initial_seconds: 300, increment_seconds: 5 };

/// Writes `text` in the chat panel inside `scope` (a CSS selector) and sends it.
async fn say(player: &Browser, scope: &str, text: &str) {
    player.fill(&format!("{scope} .chat-form input"), text).await;
    player.click(&format!("{scope} .chat-form button[type=submit]")).await;
}

/// The `href` of the first element matching `css`.
async fn href(player: &Browser, css: &str) -> String {
    player.find(css).await.attr("href").await.expect("an attribute").unwrap_or_default()
}

/// Asserts that no page `player` showed since it last loaded had a script error.
/// The header's items (the name, the links, the account's buttons, the language switch) that overlap another or
/// run off the screen, described; none when the header fits.
async fn crowded_header(player: &Browser) -> Vec<String> {
    let script = r"
        const items = [...document.querySelectorAll(
            '.site-header .brand, .site-nav a, #account button, #account .button, .language select')]
            .filter((item) => item.getClientRects().length > 0);
        const found = [];
        items.forEach((item, index) => {
            const a = item.getBoundingClientRect();
            const name = item.textContent.trim() || item.id || item.className;
            if (a.left < 0 || a.right > innerWidth) found.push(`${name} off the screen`);
            for (const other of items.slice(index + 1)) {
                const b = other.getBoundingClientRect();
                const wide = Math.min(a.right, b.right) - Math.max(a.left, b.left);
                const high = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
                if (wide > 1 && high > 1) found.push(`${name} under ${other.textContent.trim() || other.id}`);
            }
        });
        return found;";
    let found = player.client.execute(script, vec![]).await.expect("the header's boxes");
    serde_json::from_value(found).expect("texts")
}

async fn no_script_errors(player: &Browser, moment: &str) {
    let errors = player.script_errors().await;
    assert!(errors.is_empty(), "{moment}: script errors {errors:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_and_a_spectator_chat_apart_the_lobby_chats_and_a_mute_survives_a_reload() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let driver = Chromedriver::start();
    let alice = Browser::open(&driver, &server.url(), DESKTOP.0, DESKTOP.1).await;
    let bob = Browser::open(&driver, &server.url(), DESKTOP.0, DESKTOP.1).await;
    let carol = Browser::open(&driver, &server.url(), DESKTOP.0, DESKTOP.1).await;
    for (player, name) in [(&alice, "alice"), (&bob, "bob"), (&carol, "carol")] {
        player.record_script_errors().await;
        player.sign_in_as_guest(name).await;
    }

    Challenge { opponent: "bob", ..Challenge::default() }.send(&alice).await;
    let path = format!("/game/{}", browser::accept_challenge(&bob, &alice).await);
    carol.goto(&path).await;
    carol.find("#page .board").await;

    // Each reads their own channel: the players theirs, the spectator the spectators' (the titles are in capitals).
    alice.wait_for_text(".chat h2", "CHAT WITH YOUR OPPONENT").await;
    bob.wait_for_text(".chat h2", "CHAT WITH YOUR OPPONENT").await;
    carol.wait_for_text(".chat h2", "SPECTATORS’ CHAT").await;
    let greeting = "powodzenia <b>bob</b>";
    say(&alice, "#page", greeting).await;
    bob.wait_for_text(".chat-messages", greeting).await;
    // What carol writes reaches her after alice's message, had it been sent to her too: the game's actor
    // delivers in order.
    say(&carol, "#page", "nice opening").await;
    carol.wait_for_text(".chat-messages", "nice opening").await;
    assert!(!carol.text(".chat-messages").await.contains("powodzenia"), "the spectator does not read the players");
    say(&bob, "#page", "thanks").await;
    alice.wait_for_text(".chat-messages", "thanks").await;
    for player in [&alice, &bob] {
        let lines = player.wait_for_text(".chat-messages", "thanks").await;
        assert!(!lines.contains("nice opening"), "a player does not read the spectators: {lines:?}");
    }
    assert_eq!(href(&bob, ".chat-messages a.player-link").await, "/player/alice", "a name in the chat is a link");
    let mut cards = Vec::new();
    for link in carol.client.find_all(Locator::Css("#page .player a.player-link")).await.expect("the cards' names") {
        cards.push(link.attr("href").await.expect("an attribute").unwrap_or_default());
    }
    cards.sort();
    assert_eq!(cards, ["/player/alice", "/player/bob"], "so are the players' cards'");
    carol.screenshot("chat-spectators").await;

    // Bob mutes alice; the page he reloads shows the mute as the server keeps it, and her message stays out.
    bob.wait_for_text(".chat-mute", "Mute opponent").await;
    bob.click(".chat-mute").await;
    bob.wait_for_text(".chat-mute", "Unmute opponent").await;
    bob.goto(&path).await;
    bob.wait_for_text(".chat-mute", "Unmute opponent").await;
    bob.wait_for_text(".chat-muted", "You muted your opponent’s chat.").await;
    let lines = bob.wait_for_text(".chat-messages", "thanks").await;
    assert!(!lines.contains("powodzenia"), "the muted opponent's message is left out: {lines:?}");
    bob.screenshot("chat-players-muted").await;

    // The lobby's chat reaches everyone in the lobby.
    alice.goto("/").await;
    carol.goto("/").await;
    carol.find("#lobby-chat .chat-form").await;
    say(&alice, "#lobby-chat", "anyone for a blitz").await;
    carol.wait_for_text("#lobby-chat .chat-messages", "alice: anyone for a blitz").await;
    assert_eq!(href(&carol, "#lobby-chat .chat-messages a.player-link").await, "/player/alice");
    // Who is online, and a search by the first letters of a name, link to the players' pages.
    carol.find("#online-players a.player-link[href=\"/player/alice\"]").await;
    carol.fill("input[name=player-search]", "bo").await;
    carol.wait_for_text("#found-players", "bob").await;
    assert_eq!(href(&carol, "#found-players a.player-link").await, "/player/bob");
    carol.screenshot("chat-lobby").await;

    for (player, name) in [(&alice, "alice"), (&bob, "bob"), (&carol, "carol")] {
        no_script_errors(player, name).await;
    }
    for player in [alice, bob, carol] {
        player.close().await;
    }
    server.stop().await;
}

/// The lobby chat's lines as `player` sees them.
async fn lobby_lines(player: &Browser) -> String {
    player.text("#lobby-chat .chat-messages").await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_mutes_another_in_the_lobby_chat_through_a_reload_and_unmutes_them() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let driver = Chromedriver::start();
    let ala = Browser::open(&driver, &server.url(), DESKTOP.0, DESKTOP.1).await;
    let ola = Browser::open(&driver, &server.url(), DESKTOP.0, DESKTOP.1).await;
    ala.record_script_errors().await;
    ala.sign_in_as_guest("ala").await;
    ola.sign_in_as_guest("ola").await;
    ala.find("#lobby-chat .chat-form").await;
    ola.find("#lobby-chat .chat-form").await;
    say(&ola, "#lobby-chat", "hello from ola").await;
    say(&ala, "#lobby-chat", "hello from ala").await;
    ala.wait_for_text("#lobby-chat .chat-messages", "ala: hello from ala").await;
    ala.wait_for_text("#lobby-chat .chat-messages", "ola: hello from ola").await;
    // Only the other player's message has a mute button.
    let buttons = ala.client.find_all(Locator::Css("#lobby-chat .chat-mute-author")).await.expect("the buttons");
    assert_eq!(buttons.len(), 1, "{}", lobby_lines(&ala).await);
    assert_eq!(buttons[0].attr("aria-label").await.expect("a label").as_deref(), Some("Mute ola in the lobby chat"));

    ala.click("#lobby-chat .chat-mute-author").await;
    ala.wait_for_text("#lobby-chat .chat-muted-panel summary", "Muted players").await;
    ala.click("#lobby-chat .chat-muted-panel summary").await;
    ala.wait_for_text("#lobby-chat .chat-muted-authors", "ola").await;
    assert!(!lobby_lines(&ala).await.contains("hello from ola"), "a muted player's messages go at once");
    say(&ola, "#lobby-chat", "are you there").await;
    ola.wait_for_text("#lobby-chat .chat-messages", "ola: are you there").await;
    ala.screenshot("chat-lobby-muted").await;

    // A reload keeps the mute: the server leaves her out and names her.
    ala.goto("/").await;
    ala.wait_for_text("#lobby-chat .chat-messages", "ala: hello from ala").await;
    ala.wait_for_text("#lobby-chat .chat-muted-panel summary", "Muted players").await;
    ala.click("#lobby-chat .chat-muted-panel summary").await;
    ala.wait_for_text("#lobby-chat .chat-muted-authors", "ola").await;
    let lines = lobby_lines(&ala).await;
    assert!(!lines.contains("hello from ola") && !lines.contains("are you there"), "{lines:?}");

    ala.click("#lobby-chat .chat-unmute-author").await;
    say(&ola, "#lobby-chat", "back again").await;
    ala.wait_for_text("#lobby-chat .chat-messages", "ola: back again").await;
    let panel = ala.find("#lobby-chat .chat-muted-panel").await;
    assert!(!panel.is_displayed().await.expect("shown or not"), "nobody is muted any more");
    no_script_errors(&ala, "ala").await;
    ala.close().await;
    ola.close().await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_reports_another_players_lobby_message_with_a_reason_and_the_admins_get_its_text() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let driver = Chromedriver::start();
    let ala = Browser::open(&driver, &server.url(), DESKTOP.0, DESKTOP.1).await;
    let ola = Browser::open(&driver, &server.url(), PHONE.0, PHONE.1).await;
    ala.record_script_errors().await;
    ala.sign_in_as_guest("ala").await;
    ola.sign_in_as_guest("ola").await;
    ala.find("#lobby-chat .chat-form").await;
    ola.open_panel("lobby-chat").await;
    ola.find("#lobby-chat .chat-form").await;
    say(&ola, "#lobby-chat", "you all play like bots").await;
    say(&ala, "#lobby-chat", "hello from ala").await;
    ala.wait_for_text("#lobby-chat .chat-messages", "ola: you all play like bots").await;
    ala.wait_for_text("#lobby-chat .chat-messages", "ala: hello from ala").await;
    // Only the other player's message has a report button, beside its mute.
    let buttons = ala.client.find_all(Locator::Css("#lobby-chat .chat-report-author")).await.expect("the buttons");
    assert_eq!(buttons.len(), 1, "{}", lobby_lines(&ala).await);
    let label = buttons[0].attr("aria-label").await.expect("a label");
    assert_eq!(label.as_deref(), Some("Report this message of ola to the admins"));
    // On a phone the button is a finger's size.
    ola.wait_for_text("#lobby-chat .chat-messages", "ala: hello from ala").await;
    let (_, _, width, height) = ola.find("#lobby-chat .chat-report-author").await.rectangle().await.expect("a box");
    assert!(width >= 44.0 && height >= 44.0, "{width}×{height} px on a phone");

    // The report asks why first; without a reason nothing is sent.
    ala.click("#lobby-chat .chat-report-author").await;
    ala.wait_for_text("#lobby-chat .chat-report", "Report ola’s message “you all play like bots” to the admins.").await;
    ala.click("#lobby-chat .chat-report-send").await;
    ala.wait_for_text("#lobby-chat .chat-error", "Write why you are reporting it first.").await;
    let stored = server.state.store.reports(false, None, 10).await.expect("read the reports");
    assert!(stored.is_empty(), "nothing is sent without a reason");
    ala.fill("#lobby-chat .chat-report textarea", "insults").await;
    ala.click("#lobby-chat .chat-report-send").await;
    ala.wait_for_text("#lobby-chat .chat-reported", "Your report of ola’s message reached the admins.").await;
    let report = ala.find("#lobby-chat .chat-report").await;
    assert!(!report.is_displayed().await.expect("shown or not"), "the form closes once sent");
    let stored = server.state.store.reports(false, None, 10).await.expect("read the reports");
    assert_eq!(stored.len(), 1);
    let message = stored[0].message.as_ref().expect("the reported message");
    assert_eq!((stored[0].reporter_name.as_str(), stored[0].account_name.as_str()), ("ala", "ola"));
    assert_eq!((message.body.as_str(), stored[0].reason.as_str()), ("you all play like bots", "insults"));
    ala.screenshot("chat-lobby-reported").await;
    no_script_errors(&ala, "ala").await;
    ala.close().await;
    ola.close().await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_reaches_a_player_reading_the_rules_who_accepts_it_there_and_guests_cannot_choose_rated() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let driver = Chromedriver::start();
    let alice = Browser::open(&driver, &server.url(), DESKTOP.0, DESKTOP.1).await;
    let bob = Browser::open(&driver, &server.url(), DESKTOP.0, DESKTOP.1).await;
    for (player, name) in [(&alice, "alice"), (&bob, "bob")] {
        player.record_script_errors().await;
        player.sign_in_as_guest(name).await;
    }

    // A guest plays casual games: every form that starts a game shows Rated closed, and says why.
    for css in [
        "select[name=rated] option[value=true]",
        "select[name=seek-rated] option[value=true]",
        "input[name=pool-rated][value=true]",
    ] {
        let rated = alice.find(css).await;
        assert!(!rated.is_enabled().await.expect("enabled or not"), "{css} is disabled for a guest");
    }
    let reason = alice.wait_for_text("#new-challenge .rated-needs-account", "Register to play rated games.").await;
    assert_eq!(alice.text("#quick-pairing .rated-needs-account").await, reason);
    alice.screenshot("guest-rated-closed").await;

    bob.goto("/rules").await;
    bob.wait_for_text("#page h1", "The rules of Paper Soccer").await;
    alice.fill("input[name=opponent]", "bob").await;
    alice.find("form:has(#create-challenge) select[name=colour]").await.select_by_value("first").await.expect("a seat");
    alice.click("#create-challenge").await;
    bob.wait_for_text("#notices", "alice challenges you to a game.").await;
    assert_eq!(bob.path().await, "/rules", "the notice comes to the page bob reads");
    assert_eq!(href(&bob, "#notices a.player-link").await, "/player/alice", "the challenger's name is a link");
    bob.screenshot("challenge-on-rules").await;
    bob.click("#notices a[href^=\"/challenge/\"]").await;
    bob.click("#accept-challenge").await;
    let path = browser::game_path(&bob).await;
    assert_eq!(browser::game_path(&alice).await, path, "both play the accepted challenge's game");
    bob.wait_for_text("#game-status", "alice to move").await;

    for (player, name) in [(&alice, "alice"), (&bob, "bob")] {
        no_script_errors(player, name).await;
    }
    alice.close().await;
    bob.close().await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_for_three_names_two_players_who_each_take_a_seat_and_all_three_are_taken_to_the_game() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let driver = Chromedriver::start();
    let alice = Browser::open(&driver, &server.url(), DESKTOP.0, DESKTOP.1).await;
    let bob = Browser::open(&driver, &server.url(), DESKTOP.0, DESKTOP.1).await;
    let carol = Browser::open(&driver, &server.url(), PHONE.0, PHONE.1).await;
    for (player, name) in [(&alice, "alice"), (&bob, "bob"), (&carol, "carol")] {
        player.record_script_errors().await;
        player.sign_in_as_guest(name).await;
    }
    let three = Challenge {
        opponent: "bob, carol",
        game: Some("Dots and Boxes 5×5, 3 players"),
        seat: Some("first"),
        ..Challenge::default()
    };
    three.send(&alice).await;
    let sent = alice.wait_for_text("#outgoing [data-challenge]", "1/3 seats taken").await;
    assert!(sent.contains("To bob, carol"), "both invited players are named: {sent}");
    bob.wait_for_text("#incoming [data-challenge]", "1/3 seats taken").await;
    bob.click("#incoming [data-challenge] button.primary").await;
    bob.wait_for_text("#incoming [data-challenge]", "waiting for the others").await;
    carol.open_panel("challenges").await;
    carol.wait_for_text("#incoming [data-challenge]", "2/3 seats taken").await;
    alice.wait_for_text("#outgoing [data-challenge]", "2/3 seats taken").await;
    alice.screenshot("challenge-three-half-full").await;
    carol.click("#incoming [data-challenge] button.primary").await;
    let path = browser::game_path(&carol).await;
    for (player, name) in [(&alice, "alice"), (&bob, "bob")] {
        assert_eq!(browser::game_path(player).await, path, "{name} is taken to the game when the last seat is taken");
    }
    for (player, name) in [(&alice, "alice"), (&bob, "bob"), (&carol, "carol")] {
        no_script_errors(player, name).await;
    }
    alice.close().await;
    bob.close().await;
    carol.close().await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_declined_challenge_stays_in_the_challengers_lobby_until_dismissed() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let driver = Chromedriver::start();
    let alice = Browser::open(&driver, &server.url(), DESKTOP.0, DESKTOP.1).await;
    let bob = Browser::open(&driver, &server.url(), PHONE.0, PHONE.1).await;
    for (player, name) in [(&alice, "alice"), (&bob, "bob")] {
        player.record_script_errors().await;
        player.sign_in_as_guest(name).await;
    }
    Challenge { opponent: "bob", ..Challenge::default() }.send(&alice).await;
    bob.click("#incoming [data-challenge] button.quiet").await;
    alice.wait_for_text("#declined", "bob declined your challenge.").await;
    assert_eq!(href(&alice, "#declined a.player-link").await, "/player/bob", "the decliner's name is a link");
    alice.screenshot("challenge-declined").await;
    alice.click("#declined button").await;
    browser::eventually(PAGE_TIMEOUT, || async { alice.text("#declined").await.is_empty().then_some(()) })
        .await
        .expect("dismissed, the line goes");
    for (player, name) in [(&alice, "alice"), (&bob, "bob")] {
        no_script_errors(player, name).await;
    }
    alice.close().await;
    bob.close().await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_header_bell_counts_open_challenges_on_every_page_and_opens_them() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let driver = Chromedriver::start();
    let alice = Browser::open(&driver, &server.url(), DESKTOP.0, DESKTOP.1).await;
    let bob = Browser::open(&driver, &server.url(), PHONE.0, PHONE.1).await;
    for (player, name) in [(&alice, "alice"), (&bob, "bob")] {
        player.record_script_errors().await;
        player.sign_in_as_guest(name).await;
    }
    bob.goto("/rules").await;
    bob.wait_for_text("#page h1", "The rules of Paper Soccer").await;
    Challenge { opponent: "bob", ..Challenge::default() }.send(&alice).await;
    bob.wait_for_text("#challenge-bell .count", "1").await;
    // Still there once the notice has gone: after a reload, and on another page.
    bob.goto("/rules/dots").await;
    bob.wait_for_text("#challenge-bell .count", "1").await;
    let summary = bob.find("#challenge-bell summary").await;
    let label = summary.attr("aria-label").await.expect("a label");
    assert_eq!(label.as_deref(), Some("1 challenge for you"));
    bob.screenshot("challenge-bell").await;
    bob.click("#challenge-bell summary").await;
    bob.click("#challenge-bell a[href^=\"/challenge/\"]").await;
    bob.find("#accept-challenge").await;
    assert!(bob.path().await.starts_with("/challenge/"), "the bell's line opens the challenge");
    // Withdrawn, it leaves the bell, which hides with nothing to count.
    alice.click("#outgoing button.cancel").await;
    browser::eventually(PAGE_TIMEOUT, || async {
        let hidden = bob.find("#challenge-bell").await.attr("hidden").await.expect("an attribute");
        hidden.is_some().then_some(())
    })
    .await
    .expect("the bell hides when no challenge waits");
    for (player, name) in [(&alice, "alice"), (&bob, "bob")] {
        no_script_errors(player, name).await;
    }
    alice.close().await;
    bob.close().await;
    server.stop().await;
}

async fn register(api: &Api, name: &str) -> Session {
    let (status, body) = api.post("/api/register", None, &json!({ "username": name, "password": PASSWORD })).await;
    assert_eq!(status, 201, "register {name}: {body}");
    serde_json::from_value(body).expect("a session")
}

/// Alice (first) and bob play one turn each of `game` over their sockets.
async fn first_turns(alice: &mut WsClient, bob: &mut WsClient, game: Uuid) {
    let step = |ply: u32, id: &str| json!({ "type": "move", "game_id": game, "ply": ply, "client_move_id": id, "notation": "0" });
    alice.request(1, step(0, "a")).await;
    bob.request(1, step(1, "b")).await;
}

/// A page: an element and its text in Polish, English and Russian, and an element that shows that what the page
/// loads after it is drawn (lists, the chart, ratings) is there too.
struct Page {
    name: &'static str,
    ready: &'static str,
    texts: [&'static str; 3],
    loaded: &'static str,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_profile_and_the_lobby_a_game_the_rules_and_a_profile_in_each_language() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let api = Api::new(server.url());
    let alice = register(&api, "alice").await;
    let bob = register(&api, "bob").await;
    let mut alice_socket = WsClient::connect(server.addr, &alice.token).await;
    let mut bob_socket = WsClient::connect(server.addr, &bob.token).await;
    // Two rated games, one won by each, then one being played.
    let game = api.start_game_of(&alice, &bob, KURNIK, BLITZ, true).await;
    first_turns(&mut alice_socket, &mut bob_socket, game).await;
    alice_socket.request(2, json!({ "type": "resign", "game_id": game })).await;
    let game = api.start_game_of(&alice, &bob, KURNIK, BLITZ, true).await;
    first_turns(&mut alice_socket, &mut bob_socket, game).await;
    bob_socket.request(2, json!({ "type": "resign", "game_id": game })).await;
    let live = api.start_game(&alice, &bob, BLITZ).await;
    first_turns(&mut alice_socket, &mut bob_socket, live).await;

    let driver = Chromedriver::start();
    let reader = Browser::open(&driver, &server.url(), DESKTOP.0, DESKTOP.1).await;
    reader.record_script_errors().await;
    reader.sign_in("alice", PASSWORD).await;

    // Bob's page, as alice sees it.
    reader.goto("/player/bob").await;
    reader.wait_for_text(".profile h1", "bob").await;
    reader.wait_for_text(".profile .ratings", "Paper Soccer · Blitz").await;
    reader.find(".profile .rating-chart svg polyline").await;
    reader.wait_for_text(".profile .versus", "You against them: 1 won, 1 lost, 0 drawn.").await;
    let games = browser::eventually(PAGE_TIMEOUT, || async {
        let items = reader.client.find_all(Locator::Css(".profile .game-list li.game")).await.ok()?;
        (items.len() == 3).then_some(items)
    })
    .await;
    assert!(games.is_some(), "bob's three games are listed");
    // Each finished game says how it ended, marked from bob's side.
    let results = reader.text(".profile .game-list").await;
    assert!(results.contains("alice won (resignation)") && results.contains("bob won (resignation)"), "{results}");
    reader.find(".profile .game-list li.game .result.win").await;
    reader.find(".profile .game-list li.game .result.loss").await;
    reader.find(".profile .game-list li.game .result.active").await;
    assert_eq!(href(&reader, ".profile .game-list li.game a.player-link").await, "/player/alice");
    reader.screenshot("profile").await;
    no_script_errors(&reader, "the profile").await;

    let game_path = format!("/game/{live}");
    let pages = [
        Page {
            name: "lobby",
            ready: "#my-games h2",
            texts: ["Twoje partie", "Your games", "Ваши партии"],
            loaded: "#live-games .items a.player-link",
        },
        Page {
            name: "game",
            ready: ".chat h2",
            texts: ["CZAT Z PRZECIWNIKIEM", "CHAT WITH YOUR OPPONENT", "ЧАТ С СОПЕРНИКОМ"],
            loaded: "#page .player.seat-second .card-rating .rating",
        },
        Page {
            name: "rules",
            ready: "#page h1",
            texts: ["Zasady piłkarzyków", "The rules of Paper Soccer", "Правила футбола на бумаге"],
            loaded: "#page h1",
        },
        Page {
            name: "profile",
            ready: ".profile .versus",
            texts: ["Ty przeciw temu graczowi", "You against them", "Вы против этого игрока"],
            loaded: ".profile .rating-chart svg",
        },
    ];
    let paths = ["/", game_path.as_str(), "/rules", "/player/bob"];
    // Each page in each language, on the desktop and then on a phone.
    let phone = Browser::open(&driver, &server.url(), PHONE.0, PHONE.1).await;
    phone.record_script_errors().await;
    phone.sign_in("alice", PASSWORD).await;
    for (size, reader) in [("desktop", &reader), ("phone", &phone)] {
        for (index, language) in ["pl", "en", "ru"].into_iter().enumerate() {
            reader.goto("/").await;
            reader.find("#language-choice").await.select_by_value(language).await.expect("choose a language");
            reader.wait_for_text(".site-nav a[href=\"/\"]", ["Poczekalnia", "Lobby", "Лобби"][index]).await;
            for (page, path) in pages.iter().zip(paths) {
                reader.goto(path).await;
                reader.wait_for_text(page.ready, page.texts[index]).await;
                reader.find(page.loaded).await;
                let left = reader.untranslated_texts().await;
                assert!(left.is_empty(), "{language} {} on the {size}: untranslated {left:?}", page.name);
                let crowded = crowded_header(reader).await;
                assert!(
                    crowded.is_empty(),
                    "{language} {} on the {size}: the header is crowded: {crowded:?}",
                    page.name
                );
                no_script_errors(reader, &format!("{language} {} on the {size}", page.name)).await;
                reader.screenshot(&format!("page-{language}-{}-{size}", page.name)).await;
            }
        }
    }
    phone.close().await;
    reader.close().await;
    server.stop().await;
}
