//! One scenario over every registered game kind, taken from the registries themselves (the engine's
//! `GameKind::ALL`, the server's default ruleset of each and its rulesets of more than two seats,
//! `kinds::rulesets_of_more_than_two_seats`), so that a new kind, or a kind's new seat count, is played here
//! without being named: the guests start a game by a challenge (one opponent named, or the others invited, each
//! accepting); they play random legal whole turns (a fixed seed, chosen through `AnyGame`'s legal actions from the
//! position each player's own socket told it); midway the second player's socket drops, the seat to act next plays
//! on, and the second resumes with `after_seq`, getting exactly the events it missed; every player and a
//! spectator see the same result; the game's record, exported through the public record route and imported
//! through the admin import, is the same game again, ranks and all.
//!
//! A kind with secrets (`GameKind::hidden_information`) is played the same way, but a socket's view of it is no
//! whole game: the scenario's referee, which knows every move sent, chooses the turns (each seat acting when the
//! engine's `seats_to_act` holds it). Its record exists only once the game is over, verifies by the engine's
//! verification (the kind's `kartka replay`), and is refused by the import (`unsupported_by_rules`).
//!
//! A game that random play has not finished after [`MAX_TURNS`] turns is ended by the seat to act resigning: a
//! large board (Dots' 39×32 field) takes hundreds of turns to fill, and the scenario is about the paths a game
//! takes through the server, not about how long it lasts. Every kind's game runs at once, each on its own sockets.

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

use futures_util::future::join_all;
use kartka_engine::{AnyGame, EndReason, GameKind, Progress, Ruleset, Seat};
use kartka_protocol::admin::{GameSearchPage, ImportReport};
use kartka_protocol::rest::Session;
use kartka_protocol::RulesetSpec;
use kartka_protocol::{EndReasonName, EventEnvelope, GameEvent, GameResult, GameSnapshot, GameStatus, SeatName};
use kartka_protocol::{ServerFrame, TimeControl};
use kartka_server::admin::audit::Actor;
use kartka_server::admin::role;
use kartka_server::config::{Limits, Settings};
use kartka_server::games::{convert, kinds};
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
/// The second player's socket drops after its first turn past this many turns, when another seat plays next: its
/// first turn, so that the shortest games drop too (Points and segments: 15 points hold at most 7 segments, and a
/// random game rarely reaches the second player's third turn with a move left).
const DROP_FROM_TURN: usize = 1;
/// The least time between two frames a socket sends: under the server's 20 messages a second.
const SEND_GAP: Duration = Duration::from_millis(60);
/// The seed of every kind's random play (each kind's own stream starts from it and the kind's place).
const SEED: u64 = 0x6b61_7274_6b61;

async fn every_kind_plays_resumes_ends_and_round_trips_its_record(url: &str) {
    // A guest a seat and a spectator a game, all from this one address, each with its socket: every kind's
    // games at once (six seats the most) hold more sockets than one address may by default.
    let limits = Limits { accounts_per_address_per_minute: 1_000, sockets_per_address: 1_000, ..Limits::default() };
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
    let more_seats = kinds::rulesets_of_more_than_two_seats();
    assert!(!more_seats.is_empty(), "some kind seats more than two: its games are played here too");
    let specs = GameKind::ALL.iter().map(|&kind| kinds::default_spec(kind)).chain(more_seats);
    let scenarios = specs.enumerate().map(|(index, spec)| {
        let seed = SEED.wrapping_add(index as u64);
        play_game(&server, &api, &admin, spec, index, seed)
    });
    join_all(scenarios).await;
    server.stop().await;
}

/// The whole scenario for one ruleset.
async fn play_game(server: &TestServer, api: &Api, admin: &Session, spec: RulesetSpec, index: usize, seed: u64) {
    let rules = kinds::ruleset(&spec).expect("a registry's ruleset is valid");
    let (kind, seats) = (rules.kind(), rules.seat_count());
    let label = format!("{kind} of {seats}");
    let mut sessions = Vec::new();
    for seat in Seat::all(seats) {
        sessions.push(api.guest(&format!("ek{index}p{}", seat.index())).await);
    }
    let watcher = api.guest(&format!("ek{index}s")).await;
    let others: Vec<&Session> = sessions[1..].iter().collect();
    let game_id = api.start_game_for(&sessions[0], &others, spec, GENEROUS, false).await;

    let mut players = Vec::new();
    for session in &sessions {
        players.push(View::subscribe(server.addr, &session.token, game_id, &label).await);
    }
    let played = players[0].rules;
    assert_eq!((played.kind(), played.seat_count()), (kind, seats), "{label}: the game is the one challenged to");
    let hidden = kind.hidden_information();
    if hidden {
        let (status, body) = api.get(&format!("/api/games/{game_id}/record"), None).await;
        assert_eq!((status, body["code"].as_str()), (409, Some("not_allowed")), "{label}: no record in play: {body}");
    }
    let mut spectator = View::subscribe(server.addr, &watcher.token, game_id, &label).await;
    let mut referee = Referee { game: AnyGame::new(&played), ply: 0, told: Vec::new() };
    let mut rng = SplitMix(seed);
    let mut sent = Vec::new();
    let mut resumed = false;
    let mut turn = 0;
    while let Some(seat) = referee.game.seats_to_act().first().filter(|_| players[0].result.is_none()) {
        let mover = seat.index();
        if turn >= MAX_TURNS {
            // In a game that plays on without a departed seat, the next seat to act resigns in turn.
            let seq = players[mover].request(json!({ "type": "resign", "game_id": game_id })).await;
            for view in players.iter_mut().chain([&mut spectator]) {
                view.until_seq(seq).await;
            }
            referee.game.seat_left(seat, EndReason::Resignation);
            continue;
        }
        let notation = random_turn(&referee.game, seat, &mut rng);
        let ply = referee.ply;
        let seq = players[mover].request(move_frame(game_id, ply, &format!("ek{turn}"), &notation)).await;
        referee.play(seat, &notation);
        sent.push(notation);
        for view in players.iter_mut().chain([&mut spectator]) {
            view.until_seq(seq).await;
            referee.agrees_with(view);
        }
        turn += 1;
        let another_follows_second =
            seat == Seat::SECOND && referee.game.seats_to_act().first().is_some_and(|next| next != Seat::SECOND);
        if another_follows_second && turn > DROP_FROM_TURN && !resumed {
            let token = &sessions[Seat::SECOND.index()].token;
            drop_and_resume(server.addr, token, &mut players, &mut spectator, &mut referee, &mut rng, &mut sent).await;
            resumed = true;
        }
    }
    assert!(resumed, "{label}: the game lasted long enough for the second player to drop and resume");

    let mut results = Vec::new();
    for view in players.iter_mut().chain([&mut spectator]) {
        results.push(view.until_over().await);
    }
    assert!(results.windows(2).all(|pair| pair[0] == pair[1]), "{label}: everyone sees one result: {results:?}");
    let result = results.swap_remove(0);
    assert_eq!(result.ranks.len(), seats, "{label}: the result ranks every seat: {result:?}");
    eprintln!("{label}: {} turns, then ranks {:?} by {:?}", sent.len(), result.ranks, result.reason);

    let (status, body) = api.get(&format!("/api/games/{game_id}"), None).await;
    assert_eq!(status, 200, "{label}: the game: {body}");
    let stored: GameSnapshot = serde_json::from_value(body).expect("a game");
    assert_eq!(stored.status, GameStatus::Finished, "{label}");
    assert_eq!(stored.result.as_ref(), Some(&result), "{label}: the stored result is the one everyone saw");
    if hidden {
        // A finished game shows every move's whole version: a secret as the mover fixed it, a shot or a round
        // with its answer; the count of moves is the one sent.
        assert_eq!(stored.moves.len(), sent.len(), "{label}: the store kept every move sent");
    } else {
        // Each as everyone was told it: the text sent, with what the rules add to it (Superghost's verdicts).
        assert_eq!(notations(&stored), referee.told, "{label}: the store kept every move sent, in order");
        assert_eq!(canonical(kind, &referee.told), canonical(kind, &sent), "{label}: the told moves are the sent ones");
    }

    let (status, record) = api.get_text(&format!("/api/games/{game_id}/record"), None).await;
    assert_eq!(status, 200, "{label}: the record: {record}");
    let source = format!("every-kind-{index}");
    if hidden {
        let reader = kinds::of_record_file(&record).expect("the record names its kind");
        let tally = reader.replay("record", &record);
        // Over by the rules, or stopped by a resignation after MAX_TURNS: either way every answer verifies.
        let by_rules = usize::from(referee.game.outcome().is_some());
        let verified = (tally.games, tally.finished, tally.unfinished, tally.illegal);
        assert_eq!(verified, (1, by_rules, 1 - by_rules, 0), "{label}: the record verifies\n{record}");
        // The admin's record is the same file, and the bulk export of the kind takes games that are over only.
        let admin_record = api.get_text(&format!("/api/admin/games/{game_id}/record"), Some(&admin.token)).await;
        assert_eq!(admin_record, (200, record.clone()), "{label}: the admin's record");
        let export = format!("/api/admin/export/games.pgn?kind={kind}");
        let (status, body) = api.get(&export, Some(&admin.token)).await;
        assert_eq!((status, body["code"].as_str()), (409, Some("not_allowed")), "{label}: {body}");
        let (status, exported) = api.get_text(&format!("{export}&status=finished"), Some(&admin.token)).await;
        assert_eq!(status, 200, "{label}: the export: {exported}");
        assert!(exported.contains(&format!("[GameId \"{game_id}\"]")), "{label}: the export holds the game");
        let (status, body) =
            api.post_bytes(&format!("/api/admin/import?source={source}"), Some(&admin.token), record.into()).await;
        assert_eq!((status, body["code"].as_str()), (400, Some("unsupported_by_rules")), "{label}: {body}");
        return;
    }
    let (status, body) =
        api.post_bytes(&format!("/api/admin/import?source={source}"), Some(&admin.token), record.clone().into()).await;
    assert_eq!(status, 200, "{label}: the import: {body}");
    let report: ImportReport = serde_json::from_value(body).expect("an import report");
    assert_eq!((report.imported, report.rejected), (1, 0), "{label}: the record imports: {report:?}\n{record}");

    // The first player's name finds the imported game among the others of its kind: its record names them.
    let search = format!("/api/admin/games?imported=true&player={}", sessions[0].account.name);
    let (status, body) = api.get(&search, Some(&admin.token)).await;
    assert_eq!(status, 200, "{label}: the archive search: {body}");
    let found: GameSearchPage = serde_json::from_value(body).expect("a search page");
    let [imported] = found.games.as_slice() else { panic!("{label}: one imported game: {found:?}") };
    let (status, body) = api.get(&format!("/api/games/{}", imported.game.id), None).await;
    assert_eq!(status, 200, "{label}: the imported game: {body}");
    let again: GameSnapshot = serde_json::from_value(body).expect("a game");
    assert_eq!(again.ruleset, stored.ruleset, "{label}: the imported game has the same rules");
    assert_eq!(canonical(kind, &notations(&again)), canonical(kind, &sent), "{label}: and the same moves\n{record}");
    let imported_result = again.result.expect("an imported game has a result");
    assert_eq!(
        (&imported_result.ranks, imported_result.winner, &imported_result.scores),
        (&result.ranks, result.winner, &result.scores),
        "{label}: and the same result\n{record}"
    );
    // A record says who won, not always why: a win the rules did not decide comes back as `unknown`
    // (ARCHITECTURE.md, "Imported games are ordinary games").
    assert!(
        imported_result.reason == result.reason || imported_result.reason == EndReasonName::Unknown,
        "{label}: the reason {:?} came back as {:?}",
        result.reason,
        imported_result.reason
    );
}

/// Drops the second player's socket, has the seat to act (another) play a turn it misses, and resumes it with
/// `after_seq`: the resume holds exactly the events the spectator saw meanwhile, and the second player's position
/// follows them.
async fn drop_and_resume(
    addr: SocketAddr,
    token: &str,
    players: &mut [View],
    spectator: &mut View,
    referee: &mut Referee,
    rng: &mut SplitMix,
    sent: &mut Vec<String>,
) {
    let label = spectator.label.clone();
    let game_id = spectator.game_id;
    let away = Seat::SECOND.index();
    let last_seen = players[away].last_seq;
    players[away].socket.take().expect("the second player is connected").close().await;
    // The server saw the drop before the next seat moves on, so the missed events are the same every run.
    spectator.until(|event| matches!(event, GameEvent::PlayerDisconnected { seat: SeatName::Second, .. })).await;

    let seat = referee.game.seats_to_act().first().expect("a seat to act");
    let mover = seat.index();
    assert_ne!(mover, away, "{label}: another seat plays while the second is away");
    let notation = random_turn(&referee.game, seat, rng);
    let ply = referee.ply;
    let seq = players[mover].request(move_frame(game_id, ply, "while-away", &notation)).await;
    referee.play(seat, &notation);
    sent.push(notation);
    for (at, view) in players.iter_mut().enumerate() {
        if at != away {
            view.until_seq(seq).await;
        }
    }
    spectator.until_seq(seq).await;

    let mut socket = WsClient::connect(addr, token).await;
    socket.send(json!({ "type": "subscribe", "id": 1, "game_id": game_id, "after_seq": last_seen })).await;
    let (mut replayed, mut live) = (Vec::new(), Vec::new());
    let acknowledged = loop {
        match socket.next().await {
            ServerFrame::Events { game_id: of, events } if of == game_id => replayed.extend(events),
            ServerFrame::Event(envelope) if envelope.game_id == game_id => live.push(envelope),
            ServerFrame::Ack { id: Some(1), seq, .. } => break seq.expect("a subscription's ack names the last event"),
            ServerFrame::Error { code, message, .. } => panic!("{label}: the resume was refused: {code:?}: {message}"),
            _ => {}
        }
    };
    let replayed_seqs: Vec<u64> = replayed.iter().map(|event| event.seq).collect();
    // At least up to the move, and at most up to the ack's seq: a kind may add events of its own after the
    // move (a round that resolves, a clock), which reach the resume either in the replay or live; what they
    // are is checked against the spectator below.
    let replayed_to = replayed_seqs.last().copied().unwrap_or(last_seen);
    assert!(seq <= replayed_to && replayed_to <= acknowledged, "{label}: replayed to {replayed_to}");
    assert_eq!(
        replayed_seqs,
        (last_seen + 1..=replayed_to).collect::<Vec<_>>(),
        "{label}: the resume holds what was missed"
    );
    assert!(
        replayed.iter().any(|event| matches!(&event.event, GameEvent::Moved { record, .. } if record.ply == ply)),
        "{label}: including the move played meanwhile"
    );
    spectator.until_seq(acknowledged).await;
    let missed: Vec<EventEnvelope> = replayed.into_iter().chain(live).collect();
    let watched: Vec<EventEnvelope> =
        spectator.events.range(last_seen + 1..=acknowledged).map(|(_, e)| e.clone()).collect();
    assert_eq!(missed, watched, "{label}: the resumed player got exactly the events the spectator saw meanwhile");

    let view = &mut players[away];
    view.socket = Some(socket);
    for event in missed {
        view.absorb(event);
    }
    referee.agrees_with(view);
}

/// The game as the scenario played it, every move sent: what chooses the turns. A socket's view of a game
/// without secrets is the same game; of one with secrets it is no whole game.
struct Referee {
    game: AnyGame,
    /// The actions played: a move frame's `ply`.
    ply: u32,
    /// Each move as everyone is told it: its public text (the engine's disclosure), else as sent.
    told: Vec<String>,
}

impl Referee {
    /// Plays the turn `notation` that `seat` sent.
    fn play(&mut self, seat: Seat, notation: &str) {
        let (played, disclosure) = self.game.play_as(seat, notation).expect("a sent turn is legal");
        self.ply += played.actions as u32;
        self.told.push(disclosure.map_or_else(|| notation.to_owned(), |disclosure| disclosure.public));
    }

    /// A view of a game without secrets is the referee's game, at its ply.
    fn agrees_with(&self, view: &View) {
        if let Some(game) = &view.game {
            assert_eq!((game, view.ply), (&self.game, self.ply), "{}: the socket's position is the game's", view.label);
        }
    }
}

/// What one socket has seen of the game: its events by sequence number, and the position they lead to.
struct View {
    /// The game's kind and seats, as failures name them.
    label: String,
    game_id: Uuid,
    /// `None` while dropped.
    socket: Option<WsClient>,
    /// The rules as the server settled them.
    rules: Ruleset,
    /// The position the socket's events lead to; `None` for a kind with secrets, of which a socket sees a view.
    game: Option<AnyGame>,
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
    async fn subscribe(addr: SocketAddr, token: &str, game_id: Uuid, label: &str) -> View {
        let mut socket = WsClient::connect(addr, token).await;
        socket.send(json!({ "type": "subscribe", "id": 1, "game_id": game_id })).await;
        let snapshot = socket.snapshot().await;
        let rules = kinds::ruleset(&snapshot.ruleset).expect("the server's ruleset is valid");
        let mut game = (!rules.kind().hidden_information()).then(|| AnyGame::new(&rules));
        let mut ply = 0;
        if let Some(game) = &mut game {
            for record in &snapshot.moves {
                ply += game.play(&record.notation).expect("a stored move plays").actions as u32;
            }
        }
        let mut view = View {
            label: label.to_owned(),
            game_id,
            socket: Some(socket),
            rules,
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
                    panic!("{label}: the subscription was refused: {code:?}: {message}")
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
        let label = self.label.clone();
        self.socket().request(id, frame).await.unwrap_or_else(|| panic!("{label}: the ack names its event"))
    }

    /// Takes in the next event of the game: in order and without gaps, a move played on the position.
    fn absorb(&mut self, envelope: EventEnvelope) {
        let label = &self.label;
        assert_eq!(envelope.game_id, self.game_id, "{label}: one game watched");
        assert_eq!(envelope.seq, self.last_seq + 1, "{label}: events come in order without gaps");
        self.last_seq = envelope.seq;
        match &envelope.event {
            GameEvent::Moved { record, .. } => {
                if let Some(game) = &mut self.game {
                    assert_eq!(record.ply, self.ply, "{label}: the move is at the ply this socket knows");
                    let played = game.play(&record.notation).unwrap_or_else(|e| panic!("{label}: a pushed move: {e}"));
                    self.ply += played.actions as u32;
                }
            }
            GameEvent::SeatLeft { seat, reason, .. } => {
                let reason = convert::departure_reason(*reason).expect("a departure's reason");
                let game = self.game.as_mut().expect("only a kind without secrets plays on");
                game.seat_left(convert::seat(*seat), reason);
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

/// A random legal whole turn of `seat`, one of the seats to act in `game`, its actions written together in the
/// game's notation.
fn random_turn(game: &AnyGame, seat: Seat, rng: &mut SplitMix) -> String {
    let mut game = game.clone();
    let mut actions = Vec::new();
    loop {
        let action = game.pick_legal_action_as(seat, rng.next()).expect("the seat to act has a legal action");
        let (played, _) = game.play_as(seat, &action).expect("a legal action plays");
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
