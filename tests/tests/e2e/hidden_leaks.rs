//! The leak test of the kinds with secrets (issue #35): one Sea Battle, one Bulls and Cows and one Gallows game
//! played through
//! the server, read after every move through every read path by every kind of outsider — the opponent's socket, a
//! signed-in spectator's, a signed-out visitor's, a spectator that drops and resumes with `after_seq`, the public
//! REST routes, the opponent's own lists and notifications, the analysis and conditional-move routes, the admin
//! routes as an admin who does not play and as one who does, and the admin bulk exports — collecting every byte
//! each receives. Before the end no outsider's bytes hold a seat's fleet, secret number or word, its nonce, a guess
//! of a round still open, a Gallows word before the end of its round (the bare word, in any text), or a move
//! record with a secret or nonce of another seat; a seat that resumes gets its own
//! private parts back and only its own. After the end the secrets are revealed, and the record verifies by the
//! engine's verification (and fails once a ship of the fleet is moved). On PostgreSQL the second seat and a
//! spectator connect to a second node, which relays them to the game's. Last, a game left with a round open is
//! read from a server started afresh, which loads it from the store's moves (each mover's whole text).
//!
//! The fleets, secrets and guesses are chosen so that no public text can hold a forbidden string by chance: a
//! guess is written nowhere in public until its round resolves, and no guess is a secret until the last round.

use std::net::SocketAddr;
use std::time::Duration;

use kartka_engine::bulls_and_cows::BullsAndCowsRecord;
use kartka_engine::gallows::GallowsRecord;
use kartka_engine::sea_battle::SeaBattleRecord;
use kartka_engine::{AnyGame, GameKind, Seat};
use kartka_protocol::rest::Session;
use kartka_protocol::{GameEvent, ServerFrame, TimeControl};
use kartka_server::admin::audit::Actor;
use kartka_server::admin::role;
use kartka_server::config::{Limits, Settings};
use kartka_server::games::kinds;
use kartka_tests::client::{move_frame, Api, WsClient};
use kartka_tests::cluster::until_held_by;
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::on_both_stores;
use kartka_tests::server::TestServer;
use serde_json::json;
use uuid::Uuid;

on_both_stores!(database: no_outsider_reads_a_secret_before_the_end);

/// Correspondence, so that the opponent has notifications and conditional moves are asked for where they exist.
const DAYS: TimeControl = TimeControl::Correspondence { days_per_move: 3, vacation_allowed: true };
/// The least time between two frames one socket sends: under the server's 20 messages a second.
const SEND_GAP: Duration = Duration::from_millis(60);
/// The secret the two nodes of the PostgreSQL run share.
const CLUSTER_SECRET: &str = "the nodes' shared secret";

/// The first seat's fleet: ships in columns A, C, E, G and I.
const FIRST_FLEET: &str = "F:A1-A4,C1-C3,E1-E3,G1-G2,I1-I2,A6-A7,C6,E6,G6,I6";
/// The second seat's fleet: ships in columns B, D, F, H and J.
const SECOND_FLEET: &str = "F:J1-J4,H1-H3,F1-F3,D1-D2,B1-B2,J6-J7,H6,F6,D6,B6";

/// Sea Battle's turns, each seat's in the order it plays them: a fleet, misses in the other's empty rows, one hit
/// that shoots again, then the first seat sinks the whole fleet in one turn.
const SEA_BATTLE: [&[&str]; 2] = [
    &[FIRST_FLEET, "A10", "B1 A9", "J1 J2 J3 J4 H1 H2 H3 F1 F2 F3 D1 D2 B2 J6 J7 H6 F6 D6 B6"],
    &[SECOND_FLEET, "J10", "J9"],
];
/// Bulls and Cows' turns: a secret each, then guesses; the first seat guesses the second's secret in the third
/// round. No guess is a secret before that, and no guess repeats.
const BULLS_AND_COWS: [&[&str]; 2] = [&["S:1357", "0913", "7092", "2468"], &["S:2468", "3019", "6042", "9876"]];
/// Gallows' turns: the first seat sets the first word, which the second finds after a miss and a hit by naming
/// it; the second sets the second word, and the first misses six times and is hanged. Neither word holds the
/// other, nor is it held by any text of a guess before its round ends.
const GALLOWS: [&[&str]; 2] = [&["W:kobra", "q", "x", "v", "j", "f", "h"], &["ż", "o", "=kobra", "W:żółw"]];
/// The second seat's word in a record forged after the game.
const GALLOWS_FORGED_WORD: &str = "W:sowa";

async fn no_outsider_reads_a_secret_before_the_end(database: &TestDb) {
    let limits = Limits { accounts_per_address_per_minute: 1_000, ..Limits::default() };
    let settings = Settings { limits, ..Settings::default() };
    // On PostgreSQL a second node relays the second seat's socket and a spectator's to the node running the game.
    let (server, relay) = match database.backend() {
        Backend::Postgres => (
            TestServer::start_clustered(database.url(), settings.clone(), CLUSTER_SECRET).await,
            Some(TestServer::start_clustered(database.url(), settings, CLUSTER_SECRET).await),
        ),
        Backend::Sqlite => (TestServer::start(database.url(), settings).await, None),
    };
    let api = Api::new(server.url());
    let arbiter = registered_admin(&server, &api, "arbiter").await;
    // The first seat is an admin too: the admin routes refuse it its own game's secrets.
    let alice = registered_admin(&server, &api, "alice").await;
    let bob = api.guest("bob").await;
    let watcher = api.guest("watcher").await;
    let far = api.guest("far").await;
    let room = Room { server: &server, relay: relay.as_ref(), api: &api, arbiter, alice, bob, watcher, far };
    room.play(GameKind::from_name("sea-battle").expect("a kind"), SEA_BATTLE, 0).await;
    // Each of the three rounds is read while only the first seat's guess is in.
    room.play(GameKind::from_name("bulls-and-cows").expect("a kind"), BULLS_AND_COWS, 3).await;
    room.play(GameKind::from_name("gallows").expect("a kind"), GALLOWS, 0).await;
    let open = room.leave_a_round_open().await;
    let arbiter = room.arbiter.token.clone();
    server.stop().await;
    if let Some(relay) = relay {
        relay.stop().await;
    }

    // A server started afresh loads the game from the store, whose moves hold each mover's whole text: it tells
    // a visitor and the export only what everyone saw before.
    let server = TestServer::start(database.url(), Settings::default()).await;
    let api = Api::new(server.url());
    let forbidden: Vec<String> = ["\"S:", "\"secret\":\"", "\"nonce\":\"", "\"1357\"", "\"2468\"", "\"0913\"", "0913="]
        .map(str::to_owned)
        .into();
    let (status, game) = api.get_text(&format!("/api/games/{open}"), None).await;
    assert_eq!(status, 200, "{game}");
    assert_clean("a game loaded afresh", &game, &forbidden);
    let visitor = subscribe(server.addr, None, open).await;
    assert_clean("a visitor of a game loaded afresh", visitor.received(), &forbidden);
    visitor.close().await;
    let (status, exported) = api.get_text("/api/admin/export/games.ndjson?status=active", Some(&arbiter)).await;
    assert_eq!(status, 200, "{exported}");
    assert!(exported.contains(&open.to_string()), "the export holds the open game: {exported}");
    assert_clean("the export after a restart", &exported, &forbidden);
    server.stop().await;
}

async fn registered_admin(server: &TestServer, api: &Api, name: &str) -> Session {
    let credentials = json!({ "username": name, "password": "long enough secret" });
    let (status, body) = api.post("/api/register", None, &credentials).await;
    assert_eq!(status, 201, "register {name}: {body}");
    role::set_admin(server.state.store.as_ref(), name, true, Actor::CommandLine, "hidden-leaks test")
        .await
        .expect("grant");
    serde_json::from_value(body).expect("a session")
}

/// The accounts of the scenario: an admin who does not play, the two players (the first an admin) and two
/// spectators, one of them on the relaying node.
struct Room<'a> {
    server: &'a TestServer,
    /// The second node, on PostgreSQL.
    relay: Option<&'a TestServer>,
    api: &'a Api,
    arbiter: Session,
    alice: Session,
    bob: Session,
    watcher: Session,
    far: Session,
}

/// What no one but a seat (and an admin) may read while the game runs.
#[derive(Default)]
struct Secrets {
    /// Per seat: its secret as sent and in canonical text, and its nonce.
    of_seat: [Vec<String>; 2],
    /// Per seat: the guess it submitted in a round still open, as written in texts.
    pending: [Option<String>; 2],
    /// Per seat: every turn it sent (a guess of the other's secret is the guesser's own to read).
    sent: [Vec<String>; 2],
    /// Per seat: its Gallows word, bare, until the end of its round makes it public.
    word_in_play: [Option<String>; 2],
}

impl Secrets {
    /// The strings forbidden to a reader who is `seat` (`None`: no seat).
    fn forbidden_to(&self, seat: Option<Seat>) -> Vec<String> {
        let mut forbidden = Vec::new();
        for other in [Seat::FIRST, Seat::SECOND].into_iter().filter(|&other| Some(other) != seat) {
            forbidden.extend(self.of_seat[other.index()].iter().cloned());
            forbidden.extend(self.word_in_play[other.index()].iter().cloned());
            if let Some(guess) = &self.pending[other.index()] {
                forbidden.push(format!("\"{guess}\""));
                forbidden.push(format!("{guess}="));
            }
        }
        if let Some(seat) = seat {
            let own = &self.sent[seat.index()];
            forbidden
                .retain(|text| !own.iter().any(|turn| *text == format!("\"{turn}\"") || *text == format!("{turn}=")));
        } else {
            // No seat's private part in any form: a secret move's private text, its secret or nonce fields.
            forbidden.extend(["\"F:", "\"S:", "\"secret\":\"", "\"nonce\":\""].map(str::to_owned));
        }
        forbidden
    }
}

/// Fails if `bytes`, which `reader` received, hold any of `forbidden`.
fn assert_clean(reader: &str, bytes: &str, forbidden: &[String]) {
    for text in forbidden {
        assert!(!bytes.contains(text.as_str()), "{reader} received `{text}` before the end:\n{bytes}");
    }
}

impl Room<'_> {
    /// Plays `turns`, reading the game after every move; `open_rounds` moments have a guess whose round is open.
    async fn play(&self, kind: GameKind, turns: [&[&str]; 2], open_rounds: usize) {
        let (api, addr) = (self.api, self.server.addr);
        let spec = kinds::default_spec(kind);
        let game_id = api.start_game_for(&self.alice, &[&self.bob], spec, DAYS, false).await;
        // The second seat, and a spectator, through the second node where there is one.
        let far_addr = match self.relay {
            Some(relay) => {
                until_held_by(self.server.state.store.as_ref(), game_id, self.server.state.node.id()).await;
                relay.addr
            }
            None => addr,
        };
        let mut seats = [
            subscribe(addr, Some(&self.alice.token), game_id).await,
            subscribe(far_addr, Some(&self.bob.token), game_id).await,
        ];
        let mut far = subscribe(far_addr, Some(&self.far.token), game_id).await;
        let mut spectator = subscribe(addr, Some(&self.watcher.token), game_id).await;
        let mut visitor = subscribe(addr, None, game_id).await;
        let mut referee = AnyGame::new(&kinds::ruleset(&spec).expect("a valid ruleset"));
        let mut ply = 0u32;
        let mut next = [0usize; 2];
        let mut secrets = Secrets::default();
        let mut resumer: Option<WsClient> = None;
        let mut last_seq = 0;
        let mut moment = 0;
        let mut read_open = 0;
        let mut no_conditional = false;
        while referee.outcome().is_none() {
            let seat = referee.seats_to_act().first().expect("a seat to act");
            let text = turns[seat.index()][next[seat.index()]];
            next[seat.index()] += 1;
            tokio::time::sleep(SEND_GAP).await;
            let socket = &mut seats[seat.index()];
            let seq = socket
                .request(100 + moment, move_frame(game_id, ply, &format!("m{moment}"), text))
                .await
                .expect("a move's ack names its event");
            secrets.sent[seat.index()].push(text.to_owned());
            let (played, disclosure) = referee.play_as(seat, text).expect("a planned turn is legal");
            ply += played.actions as u32;
            moment += 1;
            for socket in seats.iter_mut().chain([&mut spectator, &mut visitor, &mut far]) {
                until_seq(socket, seq).await;
            }
            if let Some(socket) = &mut resumer {
                until_seq(socket, seq).await;
            }
            let over = referee.outcome().is_some();
            if let Some(disclosure) = disclosure.filter(|_| !over) {
                let mine = own_record(seats[seat.index()].received(), seq);
                if let Some(secret) = &disclosure.secret {
                    let nonce = mine["nonce"].as_str().expect("the mover gets its nonce").to_owned();
                    assert_eq!(mine["secret"].as_str(), Some(secret.as_str()), "{kind}: the mover gets its secret");
                    secrets.of_seat[seat.index()].extend([text.to_owned(), secret.clone(), nonce]);
                    // The digits of a secret number, as a guess would write them.
                    if let Some(digits) = secret.strip_prefix("S:") {
                        secrets.of_seat[seat.index()].extend([format!("\"{digits}\""), format!("{digits}=")]);
                    }
                    // A Gallows word, in any text, until its round ends.
                    if let Some(word) = secret.strip_prefix("W:") {
                        secrets.word_in_play[seat.index()] = Some(word.to_owned());
                    }
                }
                // A guess whose round is still open: its public text tells only that the seat is ready.
                let open = disclosure.private.is_some() && disclosure.secret.is_none();
                secrets.pending[seat.index()] = open.then(|| text.to_owned());
                if !open {
                    secrets.pending = Default::default();
                }
            } else {
                secrets.pending = Default::default();
            }
            // The end of a Gallows round makes its word public (the word named, or shown whole).
            if let AnyGame::Gallows(position) = &referee {
                for round in 0..2 {
                    if position.round(round).end().is_some() {
                        secrets.word_in_play[round] = None;
                    }
                }
            }
            if over {
                break;
            }
            read_open += usize::from(secrets.pending.iter().any(Option::is_some));
            let label = format!("{kind} after move {moment}");
            for (at, socket) in seats.iter().enumerate() {
                let seat = Seat::all(2).nth(at).expect("two seats");
                assert_clean(
                    &format!("{label}: seat {at}'s socket"),
                    socket.received(),
                    &secrets.forbidden_to(Some(seat)),
                );
            }
            let public = secrets.forbidden_to(None);
            assert_clean(&format!("{label}: the spectator's socket"), spectator.received(), &public);
            assert_clean(&format!("{label}: the visitor's socket"), visitor.received(), &public);
            assert_clean(&format!("{label}: the spectator on the relaying node"), far.received(), &public);
            // A spectator drops after the first move and resumes after the third; one that stays on its resume
            // after that.
            // Each seat's snapshot on a new socket: its own moves whole, the other's public.
            for (seat, token, at) in [(Seat::FIRST, &self.alice.token, addr), (Seat::SECOND, &self.bob.token, far_addr)]
            {
                let again = subscribe(at, Some(token), game_id).await;
                let forbidden = secrets.forbidden_to(Some(seat));
                assert_clean(&format!("{label}: seat {seat:?}'s new snapshot"), again.received(), &forbidden);
                again.close().await;
            }
            // A newcomer's snapshot, on each node.
            for at in [addr, far_addr] {
                let newcomer = subscribe(at, None, game_id).await;
                assert_clean(&format!("{label}: a newcomer's snapshot"), newcomer.received(), &public);
                newcomer.close().await;
            }
            if moment == 1 {
                let dropped = subscribe(addr, Some(&self.watcher.token), game_id).await;
                assert_clean(&format!("{label}: the spectator that drops"), dropped.received(), &public);
                dropped.close().await;
                last_seq = seq;
            }
            if moment == 3 {
                let mut socket = signed_in(addr, &self.watcher.token).await;
                socket.send(json!({ "type": "subscribe", "id": 1, "game_id": game_id, "after_seq": last_seq })).await;
                // The events missed come ahead of the ack, in one `events` frame.
                acked(&mut socket).await;
                resumer = Some(socket);
            }
            if let Some(socket) = &resumer {
                assert_clean(&format!("{label}: the resumed spectator"), socket.received(), &public);
            }
            if moment == 3 {
                self.resume_seat(game_id, &secrets, seq, &label).await;
            }
            no_conditional |= self.read_over_rest(kind, game_id, &secrets, ply, &label).await;
        }

        assert_eq!(read_open, open_rounds, "{kind}: the moments a guess's round was open");
        assert!(no_conditional, "{kind}: a seat waiting for its opponent is refused conditional moves by the kind");
        // The end reveals every secret to everyone, and the record verifies; a fleet moved after the game does not.
        while !matches!(spectator.next_event().await.event, GameEvent::Ended { .. }) {}
        let ended = ended_event(spectator.received());
        let revealed: Vec<&str> = ended["revealed"]
            .as_array()
            .expect("the end reveals")
            .iter()
            .filter_map(|m| m["secret"].as_str())
            .collect();
        for seat in 0..2 {
            let secret = &secrets.of_seat[seat][1];
            assert!(revealed.contains(&secret.as_str()), "{kind}: seat {seat}'s secret revealed: {ended}");
        }
        let (status, record) = api.get_text(&format!("/api/games/{game_id}/record"), None).await;
        assert_eq!(status, 200, "{kind}: the record of a finished game: {record}");
        let (_, game) = api.get_text(&format!("/api/games/{game_id}"), None).await;
        let export = format!("/api/admin/export/games.ndjson?kind={kind}");
        let (_, exported) = api.get_text(&export, Some(&self.arbiter.token)).await;
        for own in &secrets.of_seat {
            let (sent, secret) = (&own[0], &own[1]);
            assert!(record.contains(secret.as_str()), "{kind}: the record reveals {secret}:\n{record}");
            assert!(game.contains(secret.as_str()), "{kind}: the finished game shows {secret}: {game}");
            // The export writes the stored moves: each as its mover sent it.
            assert!(exported.contains(sent.as_str()), "{kind}: the export of a finished game: {exported}");
        }
        // The opponent's notifications were read on every move: they are about this game.
        let (_, notifications) = api.get_text("/api/notifications", Some(&self.bob.token)).await;
        assert!(notifications.contains(&game_id.to_string()), "{kind}: the opponent was notified: {notifications}");
        if kind == GameKind::from_name("sea-battle").expect("a kind") {
            let read = SeaBattleRecord::read(&record).expect("a Sea Battle record");
            read.verify().unwrap_or_else(|error| panic!("the record verifies: {error}\n{record}"));
            let fleet = &secrets.of_seat[Seat::FIRST.index()][1];
            let forged = record.replace(fleet.as_str(), &fleet.replace("I6", "J9"));
            assert_ne!(forged, record, "the forged record moves a ship");
            let forged = SeaBattleRecord::read(&forged).expect("a Sea Battle record");
            assert!(forged.verify().is_err(), "a record whose fleet was moved fails its verification");
        } else if kind == GameKind::from_name("gallows").expect("a kind") {
            let read = GallowsRecord::read(&record).expect("a Gallows record");
            read.verify().unwrap_or_else(|error| panic!("the record verifies: {error}\n{record}"));
            let word = &secrets.of_seat[Seat::SECOND.index()][1];
            let forged = record.replace(word.as_str(), GALLOWS_FORGED_WORD);
            let forged = GallowsRecord::read(&forged).expect("a Gallows record");
            assert!(forged.verify().is_err(), "a record whose word was changed fails its verification");
        } else {
            let read = BullsAndCowsRecord::read(&record).expect("a Bulls and Cows record");
            read.verify().unwrap_or_else(|error| panic!("the record verifies: {error}\n{record}"));
        }
        for socket in seats.into_iter().chain([spectator, visitor, far]) {
            socket.close().await;
        }
        if let Some(socket) = resumer {
            socket.close().await;
        }
    }

    /// A seat that has fixed its secret resumes from the start on a new socket: its own secret and nonce come
    /// back, the other seat's do not. The second seat, unless only the first has a secret yet (Gallows' first
    /// round).
    async fn resume_seat(&self, game_id: Uuid, secrets: &Secrets, seq: u64, label: &str) {
        let seat = if secrets.of_seat[Seat::SECOND.index()].is_empty() { Seat::FIRST } else { Seat::SECOND };
        let token = if seat == Seat::FIRST { &self.alice.token } else { &self.bob.token };
        let mut socket = signed_in(self.server.addr, token).await;
        socket.send(json!({ "type": "subscribe", "id": 1, "game_id": game_id, "after_seq": 0 })).await;
        acked(&mut socket).await;
        assert!(socket.received().contains(&format!("\"seq\":{seq},")), "{label}: the resume reaches event {seq}");
        let received = socket.received();
        for own in &secrets.of_seat[seat.index()][1..3] {
            assert!(received.contains(own.as_str()), "{label}: the resumed seat gets its own {own} back:\n{received}");
        }
        assert_clean(&format!("{label}: the resumed seat"), received, &secrets.forbidden_to(Some(seat)));
        socket.close().await;
    }

    /// Every REST read path, as every kind of outsider.
    /// A Bulls and Cows game whose secrets are fixed and whose first round has the first seat's guess `0913` in
    /// only.
    async fn leave_a_round_open(&self) -> Uuid {
        let spec = kinds::default_spec(GameKind::from_name("bulls-and-cows").expect("a kind"));
        let game_id = self.api.start_game_for(&self.alice, &[&self.bob], spec, DAYS, false).await;
        let addr = self.server.addr;
        if self.relay.is_some() {
            until_held_by(self.server.state.store.as_ref(), game_id, self.server.state.node.id()).await;
        }
        let mut seats = [
            subscribe(addr, Some(&self.alice.token), game_id).await,
            subscribe(addr, Some(&self.bob.token), game_id).await,
        ];
        let mut referee = AnyGame::new(&kinds::ruleset(&spec).expect("a valid ruleset"));
        let mut ply = 0;
        for (id, text) in ["S:1357", "S:2468", "0913"].into_iter().enumerate() {
            let seat = referee.seats_to_act().first().expect("a seat to act");
            tokio::time::sleep(SEND_GAP).await;
            seats[seat.index()].request(200 + id as u64, move_frame(game_id, ply, &format!("o{id}"), text)).await;
            ply += referee.play_as(seat, text).expect("a legal turn").0.actions as u32;
        }
        for socket in seats {
            socket.close().await;
        }
        game_id
    }

    /// Returns whether a seat was told the kind has no conditional moves.
    async fn read_over_rest(&self, kind: GameKind, game_id: Uuid, secrets: &Secrets, ply: u32, label: &str) -> bool {
        let api = self.api;
        let public = secrets.forbidden_to(None);
        let to_bob = secrets.forbidden_to(Some(Seat::SECOND));
        let (alice, bob) = (&self.alice.account.name, &self.bob.account.name);
        let spec = serde_json::to_string(&kinds::default_spec(kind)).expect("a spec");
        let explorer = format!("/api/explorer?ruleset={}", urlencoding(&spec));
        for path in [
            format!("/api/games/{game_id}"),
            "/api/games".to_owned(),
            format!("/api/players/{alice}/games"),
            format!("/api/players/{bob}/games"),
        ] {
            let (status, body) = api.get_text(&path, None).await;
            assert_clean(&format!("{label}: {path} ({status})"), &body, &public);
        }
        let (status, body) = api.get(&format!("/api/games/{game_id}/record"), None).await;
        assert_eq!((status, body["code"].as_str()), (409, Some("not_allowed")), "{label}: no record in play: {body}");
        let (status, body) = api.get(&explorer, None).await;
        assert_eq!((status, body["code"].as_str()), (400, Some("unsupported_by_rules")), "{label}: {body}");
        for path in [
            "/api/me/games".to_owned(),
            "/api/notifications".to_owned(),
            format!("/api/games/{game_id}/conditional-moves"),
        ] {
            let (status, body) = api.get_text(&path, Some(&self.bob.token)).await;
            assert_clean(&format!("{label}: {path} as the opponent ({status})"), &body, &to_bob);
        }
        // A seat to act is told conditional moves wait for the opponent's turn; the other, that the kind has none.
        let lines = json!({ "lines": [{ "condition": "A1", "reply": "B2" }] });
        let mut unsupported = false;
        for token in [&self.alice.token, &self.bob.token] {
            let (status, body) = api.put(&format!("/api/games/{game_id}/conditional-moves"), token, &lines).await;
            let refused = (status, body["code"].as_str());
            assert!(
                [(409, Some("not_allowed")), (400, Some("unsupported_by_rules"))].contains(&refused),
                "{label}: no conditional moves here: {body}"
            );
            unsupported |= refused.1 == Some("unsupported_by_rules");
        }
        // The analysis refuses the kind whatever the position: asked once a game, within the rate of suggestions
        // one account may ask for.
        if ply == 1 {
            let suggestion = json!({ "ruleset": kinds::default_spec(kind), "moves": [] });
            let (status, body) = api.post("/api/analysis/suggestion", Some(&self.bob.token), &suggestion).await;
            assert_eq!((status, body["code"].as_str()), (400, Some("unsupported_by_rules")), "{label}: {body}");
        }

        // An admin who does not play reads the secrets, on the audit log; one who plays is refused.
        let review = format!("/api/admin/games/{game_id}");
        let position = format!("/api/admin/games/{game_id}/position?ply={ply}");
        for path in [&review, &position] {
            let (status, body) = api.get_text(path, Some(&self.arbiter.token)).await;
            assert_eq!(status, 200, "{label}: {path} for an admin: {body}");
            let (status, body) = api.get(path, Some(&self.alice.token)).await;
            let refused = (status, body["code"].as_str());
            assert_eq!(refused, (409, Some("not_allowed")), "{label}: {path} for an admin who plays: {body}");
            assert_clean(&format!("{label}: {path} for an admin who plays"), &body.to_string(), &public);
        }
        let (status, audit) = api.get_text("/api/admin/audit", Some(&self.arbiter.token)).await;
        assert_eq!(status, 200, "{audit}");
        assert!(audit.contains("read_secrets") && audit.contains(&game_id.to_string()), "{label}: audited: {audit}");
        let (status, body) =
            api.get_text(&format!("/api/admin/games/{game_id}/record"), Some(&self.arbiter.token)).await;
        assert_eq!(status, 409, "{label}: no admin record of a game in progress: {body}");
        // The other kind's game, over, may reveal its secrets: the export is of this kind's.
        let export = format!("/api/admin/export/games.ndjson?kind={kind}");
        let (status, body) = api.get_text(&export, Some(&self.arbiter.token)).await;
        assert_eq!(status, 200, "{label}: the export: {body}");
        assert!(body.contains(&game_id.to_string()), "{label}: the export writes the game's public texts: {body}");
        assert_clean(&format!("{label}: the NDJSON export"), &body, &public);
        for filter in ["", "&status=active"] {
            let path = format!("/api/admin/export/games.pgn?kind={kind}{filter}");
            let (status, body) = api.get_text(&path, Some(&self.arbiter.token)).await;
            assert_eq!(status, 409, "{label}: {path}: {body}");
        }
        let (status, body) = api
            .get_text(&format!("/api/admin/export/games.pgn?kind={kind}&status=finished"), Some(&self.arbiter.token))
            .await;
        assert_eq!(status, 200, "{label}: {body}");
        assert_clean(&format!("{label}: the record export of finished games"), &body, &public);
        unsupported
    }
}

/// A socket subscribed to `game_id`, signed in with `token` or signed out.
async fn subscribe(addr: SocketAddr, token: Option<&str>, game_id: Uuid) -> WsClient {
    let mut socket = match token {
        Some(token) => signed_in(addr, token).await,
        None => WsClient::connect_anonymous(addr).await,
    };
    socket.send(json!({ "type": "subscribe", "id": 1, "game_id": game_id })).await;
    acked(&mut socket).await;
    socket
}

/// A socket signed in with `token`. Its first frame is the welcome, even with notifications to the account (a
/// correspondence turn of its) on their way: a connection joins its account's connections only once its welcome
/// is queued.
async fn signed_in(addr: SocketAddr, token: &str) -> WsClient {
    let mut socket = WsClient::connect_anonymous(addr).await;
    socket.send(json!({ "type": "hello", "protocol": kartka_protocol::PROTOCOL_VERSION, "token": token })).await;
    let first = socket.next().await;
    assert!(matches!(first, ServerFrame::Welcome { .. }), "the welcome comes first: {first:?}");
    socket
}

/// Reads until the subscription's ack.
async fn acked(socket: &mut WsClient) {
    loop {
        match socket.next().await {
            ServerFrame::Ack { id: Some(1), .. } => return,
            ServerFrame::Error { code, message, .. } => panic!("the subscription was refused: {code:?}: {message}"),
            _ => {}
        }
    }
}

/// Reads events until the one numbered `seq`.
async fn until_seq(socket: &mut WsClient, seq: u64) {
    loop {
        if socket.next_event().await.seq >= seq {
            return;
        }
    }
}

/// The move record of the event `seq` among the frames a socket received.
fn own_record(received: &str, seq: u64) -> serde_json::Value {
    frames(received)
        .filter_map(|frame| match frame {
            ServerFrame::Event(envelope) if envelope.seq == seq => match envelope.event {
                GameEvent::Moved { record, .. } => Some(serde_json::to_value(record).expect("a record")),
                _ => None,
            },
            _ => None,
        })
        .next()
        .unwrap_or_else(|| panic!("event {seq} is a move"))
}

/// The `ended` event among the frames a socket received.
fn ended_event(received: &str) -> serde_json::Value {
    frames(received)
        .find_map(|frame| match frame {
            ServerFrame::Event(envelope) if matches!(envelope.event, GameEvent::Ended { .. }) => {
                Some(serde_json::to_value(envelope.event).expect("an event"))
            }
            _ => None,
        })
        .expect("the game ended")
}

fn frames(received: &str) -> impl Iterator<Item = ServerFrame> + '_ {
    received.lines().map(|line| serde_json::from_str(line).expect("a frame"))
}

/// `text` as a query parameter's value.
fn urlencoding(text: &str) -> String {
    text.bytes()
        .map(|byte| match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (byte as char).to_string(),
            _ => format!("%{byte:02X}"),
        })
        .collect()
}
