//! Racetrack in the browser end to end: two headless Chromium sessions (a desktop and a phone) are given a race on
//! the shipped sprint track through the API; each page fetches the track's map by the hash the game names, draws
//! it, and shows the car to move its nine targets, those the rules allow as controls. The players click the
//! bot's racer's choice among them for some moves (on the phone a first tap marks, a second plays), and both pages
//! draw each car's trail in its seat's colour. Screenshots go under `artifacts/browser/racetrack-*.png`.
//!
//! SQLite only, like `browser_new_kinds.rs`: the client is the same whatever the store.

use kartka_bot::racetrack::{race_move, RACE_BUDGET};
use kartka_engine::racetrack::{write_move, Move, Position};
use kartka_engine::{Game, Ruleset};
use kartka_protocol::kinds::racetrack::{CrashRule, RacetrackOptions, TrackNameText};
use kartka_protocol::{RulesetSpec, TimeControl};
use kartka_server::config::Settings;
use kartka_server::games::kinds;
use kartka_tests::browser::{self, Browser, Chromedriver};
use kartka_tests::client::Api;
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::server::TestServer;
use serde_json::json;

const DESKTOP: (u32, u32) = (1280, 900);
const PHONE: (u32, u32) = (390, 844);
/// A clock long enough that no race here ends on time.
const TIME_CONTROL: TimeControl = TimeControl::Fischer { initial_seconds: 600, increment_seconds: 0 };
/// The moves clicked: enough for the cars to leave the line and their trails to bend.
const MOVES: usize = 8;

/// The digits of the targets a page offers as controls (those the rules allow), sorted.
async fn playable_targets(page: &Browser) -> Vec<String> {
    let script =
        "return [...document.querySelectorAll('#page .board .target:not(.blocked)')].map((t) => t.dataset.digit);";
    let found = page.client.execute(script, vec![]).await.expect("read the targets");
    let mut digits: Vec<String> =
        found.as_array().expect("a list").iter().map(|d| d.as_str().unwrap_or_default().to_owned()).collect();
    digits.sort();
    digits
}

/// The points of a seat's trail as the page draws it.
async fn trail_points(page: &Browser, seat: &str) -> usize {
    let script = "return (document.querySelector(`#page .board .trail-${arguments[0]}`)?.getAttribute('points') ?? '').split(' ').filter(Boolean).length;";
    let found = page.client.execute(script, vec![json!(seat)]).await.expect("read the trail");
    found.as_u64().expect("a count") as usize
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_browsers_race_on_a_track_fetched_by_its_hash_by_clicking_targets() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let driver = Chromedriver::start();
    let base = server.url();
    let api = Api::new(base.clone());
    let alice = Browser::open(&driver, &base, DESKTOP.0, DESKTOP.1).await;
    let bob = Browser::open(&driver, &base, PHONE.0, PHONE.1).await;
    alice.sign_in_as_guest("alice").await;
    bob.sign_in_as_guest("bob").await;
    let sprint = TrackNameText::new("sprint").expect("a track name");
    let options =
        RacetrackOptions { track: sprint, track_hash: None, players: 2, crash: CrashRule::HitPoints, max_rounds: 200 };
    let spec = RulesetSpec::Racetrack(options);
    let game_id = browser::start_game_on_pages(&alice, &bob, &api, spec, TIME_CONTROL).await;
    let Ok(Ruleset::Racetrack(rules)) = kinds::ruleset(&spec) else { panic!("a valid race") };
    let mut race = Position::new(rules);

    let seats = [(&alice, "alice", false), (&bob, "bob", true)];
    let mut moves_of = [0usize; 2];
    for played in 0..MOVES {
        let seat = race.to_act().expect("the race goes on");
        let (mover, name, confirm) = seats[seat.index()];
        let (waiter, _, _) = seats[1 - seat.index()];
        mover.wait_for_text("#game-status", "Your move.").await;
        waiter.wait_for_text("#game-status", &format!("{name} to move.")).await;
        let mut legal = race.legal_actions_text();
        legal.sort();
        assert_eq!(
            playable_targets(mover).await,
            legal,
            "{name}'s page offers the rules' targets after {played} moves"
        );
        assert_eq!(mover.board_targets("digit").await.len(), 9, "all nine targets are drawn");
        assert!(waiter.board_targets("digit").await.is_empty(), "no targets for the player who waits");
        let Some(Move::Keypad(digit)) = race_move(&race, RACE_BUDGET) else { panic!("the racer plays a digit") };
        let hit = format!("#page .board .target[data-digit=\"{digit}\"] .target-hit");
        mover.click(&hit).await;
        if confirm {
            mover.find(&format!("#page .board .target.pending[data-digit=\"{digit}\"]")).await;
            mover.click(&hit).await;
        }
        race.play(Move::Keypad(digit)).expect("the racer's move is legal");
        moves_of[seat.index()] += 1;
        // The click reaches the server before the page waits on: poll until it is stored.
        let mut stored = Vec::new();
        for _ in 0..100 {
            stored = browser::stored_moves(&api, &game_id).await;
            if stored.len() > played {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        assert_eq!(stored.last().map(String::as_str), Some(digit.to_string().as_str()), "the click was played");
        if played == MOVES - 2 {
            alice.screenshot("racetrack-race").await;
            bob.screenshot("racetrack-race-on-a-phone").await;
        }
    }
    // Both pages draw each car's trail: its start and every point it reached.
    for page in [&alice, &bob] {
        for (seat, moves) in ["first", "second"].into_iter().zip(moves_of) {
            assert_eq!(trail_points(page, seat).await, moves + 1, "the {seat} car's trail");
        }
    }
    alice.close().await;
    bob.close().await;
}

/// The legal moves of the race as the page writes them: keypad digits.
trait LegalText {
    fn legal_actions_text(&self) -> Vec<String>;
}

impl LegalText for Position {
    fn legal_actions_text(&self) -> Vec<String> {
        let mut digits = Vec::new();
        self.for_each_legal_action(|action| {
            let mut text = String::new();
            write_move(action, &mut text);
            digits.push(text);
        });
        digits
    }
}
