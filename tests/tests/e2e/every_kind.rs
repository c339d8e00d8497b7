//! One scenario over every registered game kind, taken from the registries themselves (the engine's
//! `GameKind::ALL`, the server's default ruleset of each), so that a new kind is played here without being named:
//! two guests start a game of the kind's default rules by a challenge; they play random legal whole turns (a fixed
//! seed, chosen through `AnyGame`'s legal actions from the position each player's own socket told it); midway the
//! second player's socket drops, the first plays on, and the second resumes with `after_seq`, getting exactly the
//! events it missed; both players and a spectator see the same result; the game's record, exported through the
//! public record route and imported through the admin import, is the same game again.
//!
//! A game that random play has not finished after [`MAX_TURNS`] turns is ended by the seat to act resigning: a
//! large board (Dots' 39×32 field) takes hundreds of turns to fill, and the scenario is about the paths a game
//! takes through the server, not about how long it lasts. Every kind's game runs at once, each on its own sockets.

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

use futures_util::future::join_all;
use kartka_engine::{AnyGame, GameKind, Progress, Seat};
use kartka_protocol::admin::{GameSearchPage, ImportReport};
use kartka_protocol::rest::Session;
use kartka_protocol::{EndReasonName, EventEnvelope, GameEvent, GameResult, GameSnapshot, GameStatus, SeatName};
use kartka_protocol::{ServerFrame, TimeControl};
use kartka_server::admin::audit::Actor;
use kartka_server::admin::role;
use kartka_server::config::{Limits, Settings};
use kartka_server::games::kinds;
use kartka_tests::client::{move_frame, Api, WsClient};
use kartka_tests::on_both_stores;
use kartka_tests::server::TestServer;
use serde_json::json;
use uuid::Uuid;

on_both_stores!(every_kind_plays_resumes_ends_and_round_trips_its_record);

/// A live clock nobody runs out of during the scenario.
const GENEROUS: TimeControl = TimeControl::Fischer { initial_seconds: 3600, increment_seconds: 0 };
/// Turns played before the seat to act resigns a game random play has not finished.
const MAX_TURNS: usize = 60;
/// The second player's socket drops after its first turn past this many turns, when the first seat plays next.
const DROP_FROM_TURN: usize = 4;
/// The least time between two frames a socket sends: under the server's 20 messages a second.
const SEND_GAP: Duration = Duration::from_millis(60);
/// The seed of every kind's random play (each kind's own stream starts from it and the kind's place).
const SEED: u64 = 0x6b61_7274_6b61;

async fn every_kind_plays_resumes_ends_and_round_trips_its_record(url: &str) {
    // Three guests a kind, all from this one address.
    let limits = Limits { accounts_per_address_per_minute: 1_000, ..Limits::default() };
    let server = TestServer::start(url, Settings { limits, ..Settings::default() }).await;
    let api = Api::new(server.url());
    let credentials = json!({ "username": "arbiter", "password": "long enough secret" });
    let (status, body) = api.post("/api/register", None, &credentials).await;
    assert_eq!(status, 201, "register the admin: {body}");
    let admin: Session = serde_json::from_value(body).expect("a session");
    role::set_admin(server.state.store.as_ref(), "arbiter", true, Actor::CommandLine, "every-kind test")
        .await
        .expect("grant");

    assert!(!GameKind::ALL.is_empty(), "the registry lists kinds");
    let scenarios = GameKind::ALL.iter().enumerate().map(|(index, &kind)| {
        let seed = SEED.wrapping_add(index as u64);
        play_kind(&server, &api, &admin, kind, index, seed)
    });
    join_all(scenarios).await;
    server.stop().await;
}

/// The whole scenario for one kind.
async fn play_kind(server: &TestServer, api: &Api, admin: &Session, kind: GameKind, index: usize, seed: u64) {
    let first = api.guest(&format!("ek{index}a")).await;
    let second = api.guest(&format!("ek{index}b")).await;
    let watcher = api.guest(&format!("ek{index}s")).await;
    let spec = kinds::default_spec(kind);
    let game_id = api.start_game_of(&first, &second, spec, GENEROUS, false).await;

    let mut players = [
        View::subscribe(server.addr, &first.token, game_id, kind).await,
        View::subscribe(server.addr, &second.token, game_id, kind).await,
    ];
    let mut spectator = View::subscribe(server.addr, &watcher.token, game_id, kind).await;
    let mut rng = SplitMix(seed);
    let mut sent = Vec::new();
    let mut resumed = false;
    let mut turn = 0;
    while let Some(seat) = players[0].game.to_act() {
        let mover = seat.index();
        if turn == MAX_TURNS {
            players[mover].request(json!({ "type": "resign", "game_id": game_id })).await;
            break;
        }
        let notation = random_turn(&players[mover].game, &mut rng);
        let ply = players[mover].ply;
        let seq = players[mover].request(move_frame(game_id, ply, &format!("ek{turn}"), &notation)).await;
        sent.push(notation);
        for view in players.iter_mut().chain([&mut spectator]) {
            view.until_seq(seq).await;
        }
        turn += 1;
        let first_follows_second = seat == Seat::SECOND && players[0].game.to_act() == Some(Seat::FIRST);
        if first_follows_second && turn > DROP_FROM_TURN && !resumed {
            drop_and_resume(server.addr, &second.token, &mut players, &mut spectator, &mut rng, &mut sent).await;
            resumed = true;
        }
    }
    assert!(resumed, "{kind}: the game lasted long enough for the second player to drop and resume");

    let mut results = Vec::new();
    for view in players.iter_mut().chain([&mut spectator]) {
        results.push(view.until_over().await);
    }
    assert!(results.windows(2).all(|pair| pair[0] == pair[1]), "{kind}: everyone sees one result: {results:?}");
    let result = results.swap_remove(0);
    eprintln!("{kind}: {} turns, then {:?} won by {:?}", sent.len(), result.winner, result.reason);

    let (status, body) = api.get(&format!("/api/games/{game_id}"), None).await;
    assert_eq!(status, 200, "{kind}: the game: {body}");
    let stored: GameSnapshot = serde_json::from_value(body).expect("a game");
    assert_eq!(stored.status, GameStatus::Finished, "{kind}");
    assert_eq!(stored.result.as_ref(), Some(&result), "{kind}: the stored result is the one everyone saw");
    assert_eq!(notations(&stored), sent, "{kind}: the store kept every move sent, in order");

    let (status, record) = api.get_text(&format!("/api/games/{game_id}/record"), None).await;
    assert_eq!(status, 200, "{kind}: the record: {record}");
    let source = format!("every-kind-{}", kind.name());
    let (status, body) =
        api.post_bytes(&format!("/api/admin/import?source={source}"), Some(&admin.token), record.clone().into()).await;
    assert_eq!(status, 200, "{kind}: the import: {body}");
    let report: ImportReport = serde_json::from_value(body).expect("an import report");
    assert_eq!((report.imported, report.rejected), (1, 0), "{kind}: the record imports: {report:?}\n{record}");

    let search = format!("/api/admin/games?imported=true&kind={}", kind.name());
    let (status, body) = api.get(&search, Some(&admin.token)).await;
    assert_eq!(status, 200, "{kind}: the archive search: {body}");
    let found: GameSearchPage = serde_json::from_value(body).expect("a search page");
    let [imported] = found.games.as_slice() else { panic!("{kind}: one imported game: {found:?}") };
    let (status, body) = api.get(&format!("/api/games/{}", imported.game.id), None).await;
    assert_eq!(status, 200, "{kind}: the imported game: {body}");
    let again: GameSnapshot = serde_json::from_value(body).expect("a game");
    assert_eq!(again.ruleset, stored.ruleset, "{kind}: the imported game has the same rules");
    assert_eq!(canonical(kind, &notations(&again)), canonical(kind, &sent), "{kind}: and the same moves\n{record}");
    let imported_result = again.result.expect("an imported game has a result");
    assert_eq!(
        (imported_result.winner, imported_result.scores),
        (result.winner, result.scores),
        "{kind}: and the same result\n{record}"
    );
    // A record says who won, not always why: a win the rules did not decide comes back as `unknown`
    // (ARCHITECTURE.md, "Imported games are ordinary games").
    assert!(
        imported_result.reason == result.reason || imported_result.reason == EndReasonName::Unknown,
        "{kind}: the reason {:?} came back as {:?}",
        result.reason,
        imported_result.reason
    );
}

/// Drops the second player's socket, has the first play a turn it misses, and resumes it with `after_seq`: the
/// resume holds exactly the events the spectator saw meanwhile, and the second player's position follows them.
async fn drop_and_resume(
    addr: SocketAddr,
    token: &str,
    players: &mut [View; 2],
    spectator: &mut View,
    rng: &mut SplitMix,
    sent: &mut Vec<String>,
) {
    let kind = spectator.kind;
    let game_id = spectator.game_id;
    let last_seen = players[1].last_seq;
    players[1].socket.take().expect("the second player is connected").close().await;
    // The server saw the drop before the first player moves on, so the missed events are the same every run.
    spectator.until(|event| matches!(event, GameEvent::PlayerDisconnected { seat: SeatName::Second, .. })).await;

    let notation = random_turn(&players[0].game, rng);
    let ply = players[0].ply;
    let seq = players[0].request(move_frame(game_id, ply, "while-away", &notation)).await;
    sent.push(notation);
    players[0].until_seq(seq).await;
    spectator.until_seq(seq).await;

    let mut socket = WsClient::connect(addr, token).await;
    socket.send(json!({ "type": "subscribe", "id": 1, "game_id": game_id, "after_seq": last_seen })).await;
    let (mut replayed, mut live) = (Vec::new(), Vec::new());
    let acknowledged = loop {
        match socket.next().await {
            ServerFrame::Events { game_id: of, events } if of == game_id => replayed.extend(events),
            ServerFrame::Event(envelope) if envelope.game_id == game_id => live.push(envelope),
            ServerFrame::Ack { id: Some(1), seq, .. } => break seq.expect("a subscription's ack names the last event"),
            ServerFrame::Error { code, message, .. } => panic!("{kind}: the resume was refused: {code:?}: {message}"),
            _ => {}
        }
    };
    let replayed_seqs: Vec<u64> = replayed.iter().map(|event| event.seq).collect();
    assert_eq!(replayed_seqs, (last_seen + 1..=seq).collect::<Vec<_>>(), "{kind}: the resume holds what was missed");
    assert!(
        replayed.iter().any(|event| matches!(&event.event, GameEvent::Moved { record, .. } if record.ply == ply)),
        "{kind}: including the move played meanwhile"
    );
    spectator.until_seq(acknowledged).await;
    let missed: Vec<EventEnvelope> = replayed.into_iter().chain(live).collect();
    let watched: Vec<EventEnvelope> =
        spectator.events.range(last_seen + 1..=acknowledged).map(|(_, e)| e.clone()).collect();
    assert_eq!(missed, watched, "{kind}: the resumed player got exactly the events the spectator saw meanwhile");

    let view = &mut players[1];
    view.socket = Some(socket);
    for event in missed {
        view.absorb(event);
    }
}

/// What one socket has seen of the game: its events by sequence number, and the position they lead to.
struct View {
    kind: GameKind,
    game_id: Uuid,
    /// `None` while dropped.
    socket: Option<WsClient>,
    game: AnyGame,
    ply: u32,
    events: BTreeMap<u64, EventEnvelope>,
    last_seq: u64,
    result: Option<GameResult>,
    next_id: u64,
    last_sent: Option<Instant>,
}

impl View {
    /// Connects with `token` and subscribes to `game_id`, taking the position from the snapshot (its ruleset as
    /// the server settled it, then its moves).
    async fn subscribe(addr: SocketAddr, token: &str, game_id: Uuid, kind: GameKind) -> View {
        let mut socket = WsClient::connect(addr, token).await;
        socket.send(json!({ "type": "subscribe", "id": 1, "game_id": game_id })).await;
        let snapshot = socket.snapshot().await;
        let rules = kinds::ruleset(&snapshot.ruleset).expect("the server's ruleset is valid");
        assert_eq!(rules.kind(), kind, "the game is of the kind challenged to");
        let mut game = AnyGame::new(&rules);
        let mut ply = 0;
        for record in &snapshot.moves {
            ply += game.play(&record.notation).expect("a stored move plays").actions as u32;
        }
        let mut view = View {
            kind,
            game_id,
            socket: Some(socket),
            game,
            ply,
            events: BTreeMap::new(),
            last_seq: snapshot.seq,
            result: None,
            next_id: 100,
            last_sent: None,
        };
        // Events the subscription caused (a player's `player_connected`) come between the snapshot and the ack.
        loop {
            match view.socket().next().await {
                ServerFrame::Event(envelope) => view.absorb(envelope),
                ServerFrame::Ack { id: Some(1), .. } => return view,
                ServerFrame::Error { code, message, .. } => {
                    panic!("{kind}: the subscription was refused: {code:?}: {message}")
                }
                _ => {}
            }
        }
    }

    fn socket(&mut self) -> &mut WsClient {
        self.socket.as_mut().expect("the socket is connected")
    }

    /// Sends `frame` (no sooner than [`SEND_GAP`] after the last) and waits for its ack: the sequence number
    /// of the event it caused.
    async fn request(&mut self, frame: serde_json::Value) -> u64 {
        if let Some(last) = self.last_sent {
            tokio::time::sleep_until((last + SEND_GAP).into()).await;
        }
        self.last_sent = Some(Instant::now());
        self.next_id += 1;
        let id = self.next_id;
        let kind = self.kind;
        self.socket().request(id, frame).await.unwrap_or_else(|| panic!("{kind}: the ack names its event"))
    }

    /// Takes in the next event of the game: in order and without gaps, a move played on the position.
    fn absorb(&mut self, envelope: EventEnvelope) {
        let kind = self.kind;
        assert_eq!(envelope.game_id, self.game_id, "{kind}: one game watched");
        assert_eq!(envelope.seq, self.last_seq + 1, "{kind}: events come in order without gaps");
        self.last_seq = envelope.seq;
        match &envelope.event {
            GameEvent::Moved { record, .. } => {
                assert_eq!(record.ply, self.ply, "{kind}: the move is at the ply this socket knows");
                let played = self.game.play(&record.notation).unwrap_or_else(|e| panic!("{kind}: a pushed move: {e}"));
                self.ply += played.actions as u32;
            }
            GameEvent::Ended { result, .. } => self.result = Some(result.clone()),
            _ => {}
        }
        self.events.insert(envelope.seq, envelope);
    }

    /// Reads events until the one numbered `seq`.
    async fn until_seq(&mut self, seq: u64) {
        while self.last_seq < seq {
            let event = self.socket().next_event().await;
            self.absorb(event);
        }
    }

    /// Reads events until one `matches`.
    async fn until(&mut self, matches: impl Fn(&GameEvent) -> bool) {
        loop {
            let event = self.socket().next_event().await;
            let found = matches(&event.event);
            self.absorb(event);
            if found {
                return;
            }
        }
    }

    /// Reads events until the game's end: its result.
    async fn until_over(&mut self) -> GameResult {
        while self.result.is_none() {
            let event = self.socket().next_event().await;
            self.absorb(event);
        }
        self.result.clone().expect("checked above")
    }
}

/// A random legal whole turn of the seat to act in `game`, its actions written together in the game's notation.
fn random_turn(game: &AnyGame, rng: &mut SplitMix) -> String {
    let mut game = game.clone();
    let mut actions = Vec::new();
    loop {
        let action = game.pick_legal_action(rng.next()).expect("the seat to act has a legal action");
        let played = game.play(&action).expect("a legal action plays");
        actions.push(action);
        if played.progress != Progress::TurnContinues {
            return actions.join(game.kind().action_separator());
        }
    }
}

/// The move texts of a stored game, in order.
fn notations(game: &GameSnapshot) -> Vec<String> {
    game.moves.iter().map(|record| record.notation.clone()).collect()
}

/// Move texts in the kind's canonical writing, so that a record's spelling of a move compares equal.
fn canonical(kind: GameKind, moves: &[String]) -> Vec<String> {
    moves.iter().map(|text| kind.canonical_move(text).expect("a move text of the kind")).collect()
}

/// SplitMix64: a small, fixed-seed source of choices, so that every run plays the same games.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}
