//! A ban, as the banned player's browser shows it, in Polish, English and Russian: a guest whose account an admin
//! bans is told that the account is banned (not that the session ended) and taken to the sign-in page, where a new
//! guest from the same address is refused with a sentence saying why, until the ban is lifted; a banned registered
//! account's sign-in says that it is banned.
//!
//! SQLite only, like `browser.rs`: the client is the same whatever the store (the cool-down's store side is
//! tested on both stores in `store.rs` and `admin.rs`).

use kartka_server::admin::audit::Actor;
use kartka_server::admin::role;
use kartka_server::config::Settings;
use kartka_tests::browser::{Browser, Chromedriver};
use kartka_tests::client::Api;
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::server::TestServer;
use serde_json::json;

const DESKTOP: (u32, u32) = (1280, 900);

/// What the page says, in one language.
struct Sentences {
    language: &'static str,
    /// The sign-in page's guest button, once the page is in this language.
    play_as_guest: &'static str,
    /// `account.banned`: the open page of a banned account.
    banned: &'static str,
    /// `error.guest_banned`: a new guest from the banned guest's address.
    guest_refused: &'static str,
    /// `error.account_banned`: a banned registered account signing in.
    sign_in_refused: &'static str,
}

const LANGUAGES: [Sentences; 3] = [
    Sentences {
        language: "pl",
        play_as_guest: "Graj jako gość",
        banned: "To konto zostało zablokowane przez administratorów strony.",
        guest_refused: "Niedawno zablokowano gościa grającego z Twojego adresu",
        sign_in_refused: "To konto zostało zablokowane przez administratorów strony.",
    },
    Sentences {
        language: "en",
        play_as_guest: "Play as a guest",
        banned: "This account has been banned by the site’s admins.",
        guest_refused: "A guest playing from your address was banned a short while ago",
        sign_in_refused: "This account has been banned by the site’s admins.",
    },
    Sentences {
        language: "ru",
        play_as_guest: "Играть как гость",
        banned: "Этот аккаунт заблокирован администраторами сайта.",
        guest_refused: "Недавно был заблокирован гость, игравший с вашего адреса",
        sign_in_refused: "Этот аккаунт заблокирован администраторами сайта.",
    },
];

async fn register(api: &Api, name: &str) -> String {
    let credentials = json!({ "username": name, "password": "long enough secret" });
    let (status, body) = api.post("/api/register", None, &credentials).await;
    assert_eq!(status, 201, "register {name}: {body}");
    body["token"].as_str().expect("a token").to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_banned_guest_is_told_so_and_cannot_come_back_as_a_new_guest() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let api = Api::new(server.url());
    let admin = register(&api, "boss").await;
    role::set_admin(server.state.store.as_ref(), "boss", true, Actor::CommandLine, "test admin").await.expect("grant");
    register(&api, "carol").await;
    let (status, body) =
        api.post("/api/admin/accounts/carol/ban", Some(&admin), &json!({ "reason": "cheating" })).await;
    assert_eq!(status, 200, "{body}");
    let driver = Chromedriver::start();

    for sentences in &LANGUAGES {
        let page = Browser::open(&driver, &server.url(), DESKTOP.0, DESKTOP.1).await;
        page.record_script_errors().await;
        page.goto("/login").await;
        page.find("#language-choice").await.select_by_value(sentences.language).await.expect("choose a language");
        page.wait_for_text("#play-as-guest", sentences.play_as_guest).await;
        let guest = format!("guest_{}", sentences.language);
        page.fill("input[name=guest-name]", &guest).await;
        page.click("#play-as-guest").await;
        page.find("#new-challenge form").await;

        let ban = format!("/api/admin/accounts/{guest}/ban");
        let (status, body) = api.post(&ban, Some(&admin), &json!({ "reason": "abuse in chat" })).await;
        assert_eq!(status, 200, "{body}");
        page.wait_for_text("#notices", sentences.banned).await;
        page.find("#play-as-guest").await;
        assert_eq!(page.path().await, "/login", "{}: the banned guest is signed out", sentences.language);

        page.click("#play-as-guest").await;
        page.wait_for_text("form[aria-label] .error", sentences.guest_refused).await;
        assert_eq!(page.path().await, "/login", "{}: no new guest from the banned guest's address", sentences.language);

        page.fill("input[name=login-username]", "carol").await;
        page.fill("input[name=login-password]", "long enough secret").await;
        page.click(".accounts form button[type=submit]").await;
        page.wait_for_text(".accounts .error", sentences.sign_in_refused).await;

        // Lifting the ban ends the cool-down: the next language's guest comes from the same address.
        let unban = format!("/api/admin/accounts/{guest}/unban");
        let (status, body) = api.post(&unban, Some(&admin), &json!({ "reason": "appeal" })).await;
        assert_eq!(status, 200, "{body}");
        let untranslated = page.untranslated_texts().await;
        assert!(untranslated.is_empty(), "{}: {untranslated:?}", sentences.language);
        let errors = page.script_errors().await;
        assert!(errors.is_empty(), "{}: script errors {errors:?}", sentences.language);
        page.close().await;
    }
    server.stop().await;
}
