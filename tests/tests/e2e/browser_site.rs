//! The site in each of its languages, and a whole game on a phone. Headless Chromium reads every page in
//! Polish, English and Russian (screenshots under `artifacts/browser/lang-*`), switching with the header's
//! language switch; two phones play a game to its end while the test checks, from the elements' positions,
//! that the clocks, whose turn it is, the actions, a received draw offer and the result are all on screen
//! without scrolling.

use fantoccini::Locator;
use kartka_server::config::Settings;
use kartka_tests::browser::{self, Browser, Challenge, Chromedriver};
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::server::TestServer;
use serde_json::json;

const DESKTOP: (u32, u32) = (1280, 900);
const PHONE: (u32, u32) = (390, 844);

/// A page and, in Polish, English and Russian, a text it shows at `css`.
struct Reading {
    path: &'static str,
    css: &'static str,
    texts: [&'static str; 3],
}

const LANGUAGES: [&str; 3] = ["pl", "en", "ru"];

const PAGES: [Reading; 7] = [
    Reading { path: "/", css: "#quick-pairing h2", texts: ["Szybka gra", "Quick pairing", "Быстрая игра"] },
    Reading {
        path: "/rules",
        css: "#page h1",
        texts: ["Zasady piłkarzyków", "The rules of Paper Soccer", "Правила футбола на бумаге"],
    },
    Reading {
        path: "/rules/dots",
        css: ".rules-kinds",
        texts: ["Zasady: Piłkarzyki", "The rules of Paper Soccer", "Правила: Футбол на бумаге"],
    },
    Reading {
        path: "/rules/closing-in",
        css: "#page h1",
        texts: ["Zasady domykania", "The rules of Closing In", "Правила игры «Окружение»"],
    },
    Reading {
        path: "/rules/xrsoccer",
        css: "#page h1",
        texts: ["Zasady xrsoccer", "The rules of xrsoccer", "Правила xrsoccer"],
    },
    Reading {
        path: "/game/7e8f9a0b-1c2d-4e3f-8a5b-6c7d8e9f0a1b",
        css: "#page h1",
        texts: ["Nie można otworzyć partii", "Cannot open the game", "Не удалось открыть партию"],
    },
    Reading {
        path: "/no-such-page", css: "#page h1", texts: ["Nic tu nie ma", "Nothing here", "Здесь ничего нет"]
    },
];

/// Chooses `language` with the header's switch (the page reloads in it) and waits for the navigation to read
/// `lobby`.
async fn switch_to(player: &Browser, language: &str, lobby: &str) {
    player.find("#language-choice").await.select_by_value(language).await.expect("choose a language");
    player.wait_for_text(".site-nav a[href=\"/\"]", lobby).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_page_reads_in_polish_english_and_russian_and_the_choice_is_kept() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let driver = Chromedriver::start();
    let reader = Browser::open(&driver, &server.url(), DESKTOP.0, DESKTOP.1).await;

    // The sign-in page in each language, before any account.
    reader.goto("/login").await;
    let lobby_links = ["Poczekalnia", "Lobby", "Лобби"];
    for (index, language) in LANGUAGES.iter().enumerate() {
        switch_to(&reader, language, lobby_links[index]).await;
        let lang = reader.client.execute("return document.documentElement.lang", vec![]).await.expect("lang");
        assert_eq!(lang, json!(language), "the page says its language");
        reader.wait_for_text("#play-as-guest", ["Graj jako gość", "Play as a guest", "Играть как гость"][index]).await;
        // A refusal reads as a sentence of the page's language, never as the server's own English words.
        reader.fill("input[name=login-username]", "nobody").await;
        reader.fill("input[name=login-password]", "not the password").await;
        reader.click("form:has(input[name=login-password]) button[type=submit]").await;
        let refusal = [
            "Zła nazwa użytkownika lub hasło.",
            "Wrong username or password.",
            "Неверное имя пользователя или пароль.",
        ];
        reader.wait_for_text("form:has(input[name=login-password]) .error", refusal[index]).await;
        reader.screenshot(&format!("lang-{language}-sign-in")).await;
    }
    reader.sign_in_as_guest("reader").await;

    for (index, language) in LANGUAGES.iter().enumerate() {
        reader.goto("/").await;
        switch_to(&reader, language, lobby_links[index]).await;
        for page in &PAGES {
            // The choice is kept across pages and loads.
            reader.goto(page.path).await;
            reader.wait_for_text(page.css, page.texts[index]).await;
            reader.wait_for_text(".site-nav a[href=\"/\"]", lobby_links[index]).await;
            let name = page
                .path
                .trim_start_matches('/')
                .split('/')
                .next()
                .filter(|first| !first.is_empty())
                .unwrap_or("lobby");
            let suffix =
                page.path.trim_start_matches('/').split('/').nth(1).filter(|_| name == "rules").unwrap_or_default();
            if name == "rules" {
                links_stand_apart(&reader, ".rules-kinds a", page.path).await;
            }
            reader
                .screenshot(&format!("lang-{language}-{name}{}{suffix}", if suffix.is_empty() { "" } else { "-" }))
                .await;
        }
    }
    reader.close().await;
    server.stop().await;
}

/// Asserts that the links matching `css` are more than one, each with room before the next one on its line (or
/// on a line of its own), so that their names never run together.
async fn links_stand_apart(player: &Browser, css: &str, page: &str) {
    let links = boxes(player, css).await;
    assert!(links.len() > 1, "{page}: {css} are links to the other games");
    for pair in links.windows(2) {
        let ([top, _, _, right], [next_top, _, next_left, _]) = (pair[0], pair[1]);
        let gap = next_left - right;
        assert!(next_top > top || gap >= 8.0, "{page}: {css} run together ({gap} px apart on one line)");
    }
}

/// The on-screen box of every element matching `css`: `[top, bottom, left, right]` in viewport pixels.
async fn boxes(player: &Browser, css: &str) -> Vec<[f64; 4]> {
    let script =
        "return [...document.querySelectorAll(arguments[0])].map((e) => { const r = e.getBoundingClientRect(); \
                  return [r.top, r.bottom, r.left, r.right]; })";
    let found = player.client.execute(script, vec![json!(css)]).await.expect("the boxes");
    serde_json::from_value(found).expect("numbers")
}

/// Asserts that every element of `controls` is on the screen as it is, the page scrolled to its top.
async fn on_screen(player: &Browser, controls: &[&str], moment: &str) {
    let size = player
        .client
        .execute("return [innerWidth, innerHeight, document.scrollingElement.scrollTop]", vec![])
        .await
        .expect("the viewport");
    let [width, height, scrolled]: [f64; 3] = serde_json::from_value(size).expect("numbers");
    assert_eq!(scrolled, 0.0, "{moment}: the page has not scrolled");
    for css in controls {
        let found = boxes(player, css).await;
        assert!(!found.is_empty(), "{moment}: {css} is shown");
        for [top, bottom, left, right] in found {
            assert!(
                top >= 0.0 && bottom <= height && left >= 0.0 && right <= width,
                "{moment}: {css} at {top}–{bottom} × {left}–{right} is off a {width} × {height} screen"
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phone_header_shows_the_whole_account_name_in_every_language() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let driver = Chromedriver::start();
    let reader = Browser::open(&driver, &server.url(), PHONE.0, PHONE.1).await;
    reader.sign_in_as_guest("gracz_testowy").await;
    let lobby_links = ["Poczekalnia", "Lobby", "Лобби"];
    for (index, language) in LANGUAGES.iter().enumerate() {
        switch_to(&reader, language, lobby_links[index]).await;
        let name = reader
            .client
            .execute(
                "const name = document.querySelector('#account .me'); \
                 return [name.scrollWidth, name.clientWidth, name.getBoundingClientRect().right, innerWidth]",
                vec![],
            )
            .await
            .expect("the name's widths");
        let [needed, shown, right, width]: [f64; 4] = serde_json::from_value(name).expect("numbers");
        assert!(
            needed <= shown && right <= width,
            "{language}: the name needs {needed} px, shows {shown} px, ends at {right} of {width}"
        );
        reader.screenshot(&format!("phone-header-{language}")).await;
    }
    reader.close().await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_taken_guest_name_is_said_with_the_name_given_instead() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let driver = Chromedriver::start();
    let first = Browser::open(&driver, &server.url(), DESKTOP.0, DESKTOP.1).await;
    first.sign_in_as_guest("alice_k").await;
    let second = Browser::open(&driver, &server.url(), PHONE.0, PHONE.1).await;
    second.sign_in_as_guest("alice_k").await;
    second.wait_for_text("#notices", "The name alice_k is taken, so you play as alice_k-").await;
    first.close().await;
    second.close().await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_on_a_phone_keeps_clocks_turn_actions_offer_and_result_on_screen() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let driver = Chromedriver::start();
    let alice = Browser::open(&driver, &server.url(), PHONE.0, PHONE.1).await;
    let bob = Browser::open(&driver, &server.url(), PHONE.0, PHONE.1).await;
    alice.sign_in_as_guest("alice").await;
    bob.sign_in_as_guest("bob").await;

    // On a phone the lobby's panels take the screen's width.
    let [[_, _, left, right]] = boxes(&alice, "#new-challenge").await[..] else { panic!("one challenge panel") };
    assert!(right - left > f64::from(PHONE.0) * 0.9, "the panel is {} px of {}", right - left, PHONE.0);
    let sign_out = boxes(&alice, "#account button").await;
    assert!(sign_out.iter().all(|[top, bottom, _, _]| bottom - top < 48.0), "Sign out on one line: {sign_out:?}");

    Challenge { opponent: "bob", seat: Some("first"), ..Challenge::default() }.send(&alice).await;
    browser::accept_challenge(&bob, &alice).await;

    // Each player has the board from their side: Bob, second, sees it turned, his card at the bottom.
    let playing = [
        "#page .player.seat-first .clock",
        "#page .player.seat-second .clock",
        "#game-status",
        "#resign",
        "#offer-draw",
    ];
    alice.wait_for_text("#game-status", "Your move").await;
    bob.wait_for_text("#game-status", "alice to move").await;
    assert!(bob.client.find(Locator::Css(".board-wrap.turned")).await.is_ok(), "bob's board is turned");
    let [[bob_card, ..]] = boxes(&bob, ".player.seat-second").await[..] else { panic!("bob's card") };
    let [[alice_card, ..]] = boxes(&bob, ".player.seat-first").await[..] else { panic!("alice's card") };
    assert!(bob_card > alice_card, "bob's own card is under the board on his screen");
    on_screen(&alice, &playing, "alice to move").await;
    on_screen(&bob, &playing, "bob waiting").await;
    // Before her first move Alice's clock waits; her first-move time counts down beside it, on both screens.
    for player in [&alice, &bob] {
        player.wait_for_text("#page .player.seat-first .note", "first move").await;
        on_screen(player, &["#page .player.seat-first .note"], "the first-move time").await;
    }
    alice.screenshot("phone-game").await;

    // A draw offer stays on the opponent's screen, with its answers, until answered.
    step(&alice, 0).await;
    bob.wait_for_text("#game-status", "Your move").await;
    bob.click("#offer-draw").await;
    alice.wait_for_text("#offer", "Your opponent offers a draw").await;
    tokio::time::sleep(std::time::Duration::from_secs(7)).await;
    assert!(alice.text("#offer").await.contains("offers a draw"), "still there after a toast would have gone");
    on_screen(&alice, &["#offer", "#accept-draw", "#decline-draw", "#resign", "#game-status"], "an offer").await;
    alice.screenshot("phone-draw-offer").await;
    alice.click("#decline-draw").await;
    let gone = browser::eventually(browser::PAGE_TIMEOUT, || async {
        (!alice.find("#offer").await.is_displayed().await.ok()?).then_some(())
    })
    .await;
    assert!(gone.is_some(), "the banner goes once answered");

    // The protocol's example game to its goal; Bob's steps are in the board's own frame, whatever his view.
    bob_steps(&bob, 0).await;
    step(&alice, 0).await;
    bob_steps(&bob, 0).await;
    step(&alice, 1).await;
    alice.wait_for_text("#game-status", "Bounce!").await;
    on_screen(&alice, &playing, "a bounce").await;
    step(&alice, 7).await;
    alice.wait_for_text("#game-status", "You won (goal).").await;
    bob.wait_for_text("#game-status", "You lost (goal).").await;
    for player in [&alice, &bob] {
        on_screen(
            player,
            &["#game-status", "#page .player.seat-first .clock", "#page .player.seat-second .clock"],
            "the result",
        )
        .await;
    }
    bob.screenshot("phone-game-over").await;
    alice.close().await;
    bob.close().await;
    server.stop().await;
}

/// Clicks the highlighted point one step in kurnik direction `digit` (in the board's frame) from the ball.
async fn step(player: &Browser, digit: u8) {
    player.click(&format!("#page .board .target[data-digit=\"{digit}\"] .target-hit")).await;
}

/// Bob's step: he waits for his move first, so the click never lands before the board offers it.
async fn bob_steps(bob: &Browser, digit: u8) {
    bob.wait_for_text("#game-status", "Your move").await;
    step(bob, digit).await;
}

/// How far down a phone's lobby "Live games" may start: within the first two screens, so that one swipe reaches
/// it (it was 3,350 px down, behind every way to start a game, #32 item 13).
const LIVE_GAMES_WITHIN_SCREENS: f64 = 2.0;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phone_lobby_shows_what_a_player_needs_first_and_live_games_within_two_screens() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let driver = Chromedriver::start();
    let alice = Browser::open(&driver, &server.url(), PHONE.0, PHONE.1).await;
    alice.sign_in_as_guest("alice").await;
    alice.find("#live-games h2").await;
    alice.find("#my-games h2").await;

    // Each shown panel's top in the page, from the top of the document.
    let script = "return Object.fromEntries([...document.querySelectorAll('.lobby .panel')]
        .filter((panel) => panel.getClientRects().length > 0).map((panel) =>
        [panel.id, panel.getBoundingClientRect().top + document.scrollingElement.scrollTop]));";
    let tops = alice.client.execute(script, vec![]).await.expect("the panels' tops");
    let top = |id: &str| tops[id].as_f64().unwrap_or_else(|| panic!("a panel {id}: {tops}"));
    let first = ["quick-pairing", "challenges", "my-games", "live-games"];
    for pair in first.windows(2) {
        assert!(top(pair[0]) < top(pair[1]), "{} comes before {}: {tops}", pair[0], pair[1]);
    }
    let others = tops.as_object().expect("an object").keys().filter(|id| !first.contains(&id.as_str()));
    for other in others {
        assert!(top(other) > top("live-games"), "{other} comes after live games: {tops}");
    }
    let bound = LIVE_GAMES_WITHIN_SCREENS * f64::from(PHONE.1);
    assert!(top("live-games") <= bound, "live games start {} px down, within {bound}: {tops}", top("live-games"));

    alice.close().await;
    server.stop().await;
}

/// Each shown lobby panel's heading: its panel's id, the heading's top in the page, whether its panel shows more
/// than the heading (a panel's list, form or buttons), and whether it folds (has a fold switch shown).
const HEADINGS_SCRIPT: &str = "return [...document.querySelectorAll('.lobby .panel')]
    .filter((panel) => panel.getClientRects().length > 0).map((panel) => {
      const title = panel.querySelector(`#${panel.id}-title`);
      const shown = [...panel.querySelectorAll('ol, ul, form, p, table, select')]
        .filter((element) => element.getClientRects().length > 0).length;
      const toggle = panel.querySelector(':scope > .fold-toggle');
      return [panel.id, title.getBoundingClientRect().top + document.scrollingElement.scrollTop, shown > 0,
        Boolean(toggle && toggle.getClientRects().length > 0)];
    });";

/// A lobby panel's heading as `HEADINGS_SCRIPT` gives it.
#[derive(Debug, serde::Deserialize)]
struct Heading(String, f64, bool, bool);

/// The lobby panels' headings, as `HEADINGS_SCRIPT` gives them.
async fn headings(player: &Browser) -> Vec<Heading> {
    let found = player.client.execute(HEADINGS_SCRIPT, vec![]).await.expect("the headings");
    serde_json::from_value(found).expect("headings as [id, top, shown, folds]")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phone_lobby_folds_its_panels_so_every_heading_is_within_two_screens_and_keeps_what_is_opened() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let driver = Chromedriver::start();
    let alice = Browser::open(&driver, &server.url(), PHONE.0, PHONE.1).await;
    alice.sign_in_as_guest("alice").await;
    alice.find("#lobby-chat-title").await;
    alice.find("#leaderboard-title").await;

    let bound = 2.0 * f64::from(PHONE.1);
    let shown = headings(&alice).await;
    assert!(shown.len() >= 10, "every panel of a signed-in player's lobby: {shown:?}");
    for Heading(id, top, _, _) in &shown {
        assert!(*top <= bound, "the heading of {id} starts {top} px down, within {bound}: {shown:?}");
    }
    // Of the panels that fold, only the top one starts open; what waits for the player never folds.
    let open: Vec<&str> =
        shown.iter().filter(|Heading(_, _, open, folds)| *open && *folds).map(|heading| heading.0.as_str()).collect();
    assert_eq!(open, ["quick-pairing"], "{shown:?}");
    let unfolding: Vec<&str> =
        shown.iter().filter(|Heading(_, _, _, folds)| !*folds).map(|heading| heading.0.as_str()).collect();
    assert_eq!(unfolding, ["challenges", "my-games"], "{shown:?}");
    alice.screenshot("phone-lobby-folded").await;

    // The chat opens with a tap and stays open after a reload.
    alice.click("#lobby-chat > .fold-toggle").await;
    alice.find("#lobby-chat form.chat-form").await;
    let chat_open = |found: &[Heading]| found.iter().any(|Heading(id, _, open, _)| id == "lobby-chat" && *open);
    assert!(chat_open(&headings(&alice).await), "the chat is open after a tap");
    alice.goto("/").await;
    alice.find("#lobby-chat-title").await;
    assert!(chat_open(&headings(&alice).await), "the chat stays open after a reload");
    let toggle = alice.find("#lobby-chat > .fold-toggle").await;
    assert_eq!(toggle.attr("aria-expanded").await.expect("aria-expanded").as_deref(), Some("true"));
    alice.close().await;

    // A desktop shows every panel whole and no switch.
    let bob = Browser::open(&driver, &server.url(), DESKTOP.0, DESKTOP.1).await;
    bob.sign_in_as_guest("bob").await;
    bob.find("#leaderboard-title").await;
    let whole = headings(&bob).await;
    assert!(whole.iter().all(|Heading(_, _, open, _)| *open), "every panel shows whole on a desktop: {whole:?}");
    let switches = bob.client.execute(
        "return [...document.querySelectorAll('.fold-toggle')].filter((t) => t.getClientRects().length > 0).length;",
        vec![],
    );
    assert_eq!(switches.await.expect("the switches"), json!(0), "no fold switch on a desktop");
    bob.close().await;
    server.stop().await;
}
