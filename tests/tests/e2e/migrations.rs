//! Migrations that move stored data: rows written in the shape before a migration read back the same through
//! the store after it, on both backends.

use kartka_server::store::{
    EventRow, GameChange, GameRow, GameState, Millis, MoveRow, OfferKind, OfferSeat, SeatChange, StoreError,
};
use kartka_tests::db::{Backend, OlderDb};
use uuid::Uuid;

/// An arbitrary moment the games count from.
const T0: Millis = 1_750_000_000_000;
const RULESET: &str = r#"{"kind":"paper-soccer","width":8,"height":10,"goal":2}"#;
const TIME_CONTROL: &str = r#"{"type":"fischer","initial_seconds":60,"increment_seconds":2}"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_games_stored_before_0015_read_back_the_same_after_it() {
    games_stored_before_0015_read_back_the_same_after_it(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_games_stored_before_0015_read_back_the_same_after_it() {
    games_stored_before_0015_read_back_the_same_after_it(Backend::Postgres).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_only_correspondence_deadlines_are_swept_after_0018() {
    only_correspondence_deadlines_are_swept_after_0018(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_only_correspondence_deadlines_are_swept_after_0018() {
    only_correspondence_deadlines_are_swept_after_0018(Backend::Postgres).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_seats_stored_before_0022_read_back_as_lists_after_it() {
    seats_stored_before_0022_read_back_as_lists_after_it(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_seats_stored_before_0022_read_back_as_lists_after_it() {
    seats_stored_before_0022_read_back_as_lists_after_it(Backend::Postgres).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_results_of_three_stored_before_0026_read_back_with_their_ranks_after_it() {
    results_of_three_stored_before_0026_read_back_with_their_ranks_after_it(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_results_of_three_stored_before_0026_read_back_with_their_ranks_after_it() {
    results_of_three_stored_before_0026_read_back_with_their_ranks_after_it(Backend::Postgres).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_offers_stored_before_0025_keep_their_players_as_seats_after_it() {
    offers_stored_before_0025_keep_their_players_as_seats_after_it(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_offers_stored_before_0025_keep_their_players_as_seats_after_it() {
    offers_stored_before_0025_keep_their_players_as_seats_after_it(Backend::Postgres).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_seats_to_act_stored_before_0028_read_back_as_sets_after_it() {
    seats_to_act_stored_before_0028_read_back_as_sets_after_it(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_seats_to_act_stored_before_0028_read_back_as_sets_after_it() {
    seats_to_act_stored_before_0028_read_back_as_sets_after_it(Backend::Postgres).await;
}

fn game(first_id: Uuid, second_id: Uuid, state: GameState) -> GameRow {
    GameRow {
        id: Uuid::new_v4(),
        kind: "paper-soccer".to_owned(),
        ruleset: RULESET.to_owned(),
        time_control: TIME_CONTROL.to_owned(),
        speed: "blitz".to_owned(),
        rated: false,
        correspondence: false,
        players: vec![first_id, second_id],
        created_at: T0,
        state,
    }
}

/// An SQL literal of an optional value: NULL or the value as `literal` writes it.
fn or_null<T>(value: Option<T>, literal: impl Fn(T) -> String) -> String {
    value.map_or_else(|| "NULL".to_owned(), literal)
}

fn text(value: &str) -> String {
    format!("'{value}'")
}

/// The values of a `games` row's first columns, which no migration has changed: `id, kind, ruleset,
/// time_control, first_id, second_id, created_at, speed`.
fn identity_values(game: &GameRow) -> String {
    format!(
        "'{}', '{}', '{}', '{}', '{}', '{}', {}, '{}'",
        game.id,
        game.kind,
        game.ruleset,
        game.time_control,
        game.players[0],
        game.players[1],
        game.created_at,
        game.speed
    )
}

/// The INSERT of `game` into 0014's `games`, whose row held the state columns that 0015 moves out.
fn insert_in_0014_shape(game: &GameRow) -> String {
    let state = &game.state;
    format!(
        "INSERT INTO games (id, kind, ruleset, time_control, first_id, second_id, created_at, speed, rated, \
         correspondence, status, winner, end_reason, ply, seq, first_ms, second_ms, clock_at, to_act, deadline, \
         finished_at, scores) VALUES ({}, FALSE, FALSE, '{}', {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {})",
        identity_values(game),
        state.status,
        or_null(state.winner.as_deref(), text),
        or_null(state.end_reason.as_deref(), text),
        state.ply,
        state.seq,
        state.clocks_ms[0],
        state.clocks_ms[1],
        state.clock_at,
        or_null(state.to_act.as_deref(), text),
        or_null(state.deadline, |deadline| deadline.to_string()),
        or_null(state.finished_at, |finished_at| finished_at.to_string()),
        or_null(state.scores.as_deref(), text),
    )
}

/// Two registered players, stored in `older` in the shape every migration since 0001 keeps: their ids.
async fn two_players(older: &OlderDb) -> (Uuid, Uuid) {
    let (first_id, second_id) = (Uuid::new_v4(), Uuid::new_v4());
    for (id, name) in [(first_id, "ala"), (second_id, "ola")] {
        older
            .execute(&format!(
                "INSERT INTO accounts (id, name, name_key, kind, password_hash, is_admin, banned, created_at) \
                 VALUES ('{id}', '{name}', '{name}', 'registered', NULL, FALSE, FALSE, {T0})"
            ))
            .await;
    }
    (first_id, second_id)
}

async fn games_stored_before_0015_read_back_the_same_after_it(backend: Backend) {
    let older = OlderDb::new(backend, 15).await;
    let (first_id, second_id) = two_players(&older).await;
    let deadline = T0 + 50_000;
    let active = game(
        first_id,
        second_id,
        GameState {
            status: "active".to_owned(),
            winner: None,
            end_reason: None,
            ply: 7,
            seq: 9,
            clocks_ms: vec![51_000, 48_500],
            clock_at: T0 + 9_000,
            to_act: Some("second".to_owned()),
            seats_to_act: Some("second".to_owned()),
            deadline: Some(deadline),
            finished_at: None,
            scores: None,
            ranks: None,
        },
    );
    let finished = game(
        second_id,
        first_id,
        GameState {
            status: "finished".to_owned(),
            winner: Some("first".to_owned()),
            end_reason: Some("goal".to_owned()),
            ply: 40,
            seq: 45,
            clocks_ms: vec![12_000, 3_000],
            clock_at: T0 + 110_000,
            to_act: None,
            seats_to_act: None,
            deadline: None,
            finished_at: Some(T0 + 110_000),
            scores: Some("1:0".to_owned()),
            ranks: None,
        },
    );
    for stored in [&active, &finished] {
        older.execute(&insert_in_0014_shape(stored)).await;
    }

    let database = older.open().await;
    let store = database.store();

    for stored in [&active, &finished] {
        assert_eq!(store.game(stored.id).await.unwrap().as_ref(), Some(stored), "every column copied");
        let archived = store.archived_game(stored.id).await.unwrap().expect("the archive has the game");
        assert_eq!(archived.game, *stored);
        assert_eq!(archived.length, stored.state.ply, "the archive's length is the ply stored before");
    }

    // The copied game plays on: its seq was copied too, so the sequence check passes once and only once.
    let next = GameState {
        ply: 8,
        seq: 10,
        clocks_ms: vec![51_000, 47_000],
        clock_at: T0 + 10_500,
        to_act: Some("first".to_owned()),
        seats_to_act: Some("first".to_owned()),
        deadline: Some(T0 + 62_000),
        ..active.state.clone()
    };
    let change = GameChange {
        expected_seq: 9,
        event: EventRow {
            seq: 10,
            kind: "move_made".to_owned(),
            payload: "{}".to_owned(),
            at: T0 + 10_500,
            private: None,
        },
        new_move: Some(MoveRow {
            ply: 7,
            seat: "second".to_owned(),
            notation: "4".to_owned(),
            turn_ended: true,
            client_move_id: "m8".to_owned(),
            clocks_ms: vec![51_000, 47_000],
            received_at: T0 + 10_500,
        }),
        state: next.clone(),
        ratings: Vec::new(),
        explorer: Vec::new(),
    };
    store.record(active.id, &change).await.unwrap();
    assert!(matches!(store.record(active.id, &change).await, Err(StoreError::Conflict)));
    assert_eq!(store.game(active.id).await.unwrap().expect("stored").state, next);
}

/// The two INSERTs of `game` into 0017's `games` and `game_progress`, whose progress row had no
/// `correspondence` column yet.
fn insert_in_0017_shape(game: &GameRow) -> [String; 2] {
    let state = &game.state;
    [
        format!(
            "INSERT INTO games (id, kind, ruleset, time_control, first_id, second_id, created_at, speed, rated, \
             correspondence, status, length) VALUES ({}, FALSE, {}, '{}', {})",
            identity_values(game),
            if game.correspondence { "TRUE" } else { "FALSE" },
            state.status,
            state.ply,
        ),
        format!(
            "INSERT INTO game_progress (game_id, seq, ply, first_ms, second_ms, clock_at, to_act, deadline) \
             VALUES ('{}', {}, {}, {}, {}, {}, {}, {})",
            game.id,
            state.seq,
            state.ply,
            state.clocks_ms[0],
            state.clocks_ms[1],
            state.clock_at,
            or_null(state.to_act.as_deref(), text),
            or_null(state.deadline, |deadline| deadline.to_string()),
        ),
    ]
}

async fn only_correspondence_deadlines_are_swept_after_0018(backend: Backend) {
    let older = OlderDb::new(backend, 18).await;
    let (first_id, second_id) = two_players(&older).await;
    let in_play = |deadline| GameState {
        status: "active".to_owned(),
        winner: None,
        end_reason: None,
        ply: 3,
        seq: 5,
        clocks_ms: vec![40_000, 50_000],
        clock_at: T0,
        to_act: Some("first".to_owned()),
        seats_to_act: Some("first".to_owned()),
        deadline: Some(deadline),
        finished_at: None,
        scores: None,
        ranks: None,
    };
    // The live game's flag fell first: before 0018 the sweeper would have listed it first.
    let live = game(first_id, second_id, in_play(T0 + 40_000));
    let correspondence = GameRow {
        time_control: r#"{"type":"correspondence","days_per_move":1,"vacation_allowed":true}"#.to_owned(),
        speed: "classical".to_owned(),
        correspondence: true,
        ..game(second_id, first_id, in_play(T0 + 86_400_000))
    };
    for stored in [&live, &correspondence] {
        for statement in insert_in_0017_shape(stored) {
            older.execute(&statement).await;
        }
    }

    let database = older.open().await;
    let store = database.store();

    for stored in [&live, &correspondence] {
        assert_eq!(store.game(stored.id).await.unwrap().as_ref(), Some(stored), "read back the same");
    }
    let overdue = store.overdue_games(T0 + 100_000_000, 10).await.unwrap();
    assert_eq!(overdue, [correspondence.id], "the correspondence game's deadline, not the live game's");

    // A change moves the deadline the sweeper watches for a correspondence game, and never makes a live game's
    // its.
    let moved_on = |game: &GameRow, deadline| GameChange {
        expected_seq: game.state.seq,
        event: EventRow {
            seq: game.state.seq + 1,
            kind: "player_connected".to_owned(),
            payload: "{}".to_owned(),
            at: T0,
            private: None,
        },
        new_move: None,
        state: GameState { seq: game.state.seq + 1, deadline: Some(deadline), ..game.state.clone() },
        ratings: Vec::new(),
        explorer: Vec::new(),
    };
    store.record(live.id, &moved_on(&live, T0 + 1)).await.unwrap();
    store.record(correspondence.id, &moved_on(&correspondence, T0 + 200_000_000)).await.unwrap();
    assert!(store.overdue_games(T0 + 100_000_000, 10).await.unwrap().is_empty());
    assert_eq!(store.overdue_games(T0 + 200_000_000, 10).await.unwrap(), [correspondence.id]);

    // A game stored after 0018 is swept by the same rule.
    let later = GameRow { id: Uuid::new_v4(), ..correspondence.clone() };
    let started =
        EventRow { seq: later.state.seq, kind: "started".to_owned(), payload: "{}".to_owned(), at: T0, private: None };
    store.insert_game(&later, &started, None).await.unwrap();
    let overdue = store.overdue_games(T0 + 200_000_000, 10).await.unwrap();
    assert_eq!(overdue, [later.id, correspondence.id], "most overdue first");
}

/// The INSERTs of `game` and its `moves` into 0021's tables: seats and clocks in pairs of columns.
fn insert_in_0021_shape(game: &GameRow, moves: &[MoveRow]) -> Vec<String> {
    let state = &game.state;
    let mut statements = vec![
        format!(
            "INSERT INTO games (id, kind, ruleset, time_control, first_id, second_id, created_at, speed, rated, \
             correspondence, status, winner, end_reason, length, finished_at, scores) \
             VALUES ({}, FALSE, FALSE, '{}', {}, {}, {}, {}, {})",
            identity_values(game),
            state.status,
            or_null(state.winner.as_deref(), text),
            or_null(state.end_reason.as_deref(), text),
            state.ply,
            or_null(state.finished_at, |finished_at| finished_at.to_string()),
            or_null(state.scores.as_deref(), text),
        ),
        format!(
            "INSERT INTO game_progress (game_id, seq, ply, first_ms, second_ms, clock_at, to_act, deadline) \
             VALUES ('{}', {}, {}, {}, {}, {}, {}, {})",
            game.id,
            state.seq,
            state.ply,
            state.clocks_ms[0],
            state.clocks_ms[1],
            state.clock_at,
            or_null(state.to_act.as_deref(), text),
            or_null(state.deadline, |deadline| deadline.to_string()),
        ),
    ];
    statements.extend(moves.iter().map(|row| {
        format!(
            "INSERT INTO moves (game_id, ply, seat, notation, turn_ended, client_move_id, first_ms, second_ms, \
             received_at) VALUES ('{}', {}, '{}', '{}', {}, '{}', {}, {}, {})",
            game.id,
            row.ply,
            row.seat,
            row.notation,
            if row.turn_ended { "TRUE" } else { "FALSE" },
            row.client_move_id,
            row.clocks_ms[0],
            row.clocks_ms[1],
            row.received_at,
        )
    }));
    statements
}

async fn seats_stored_before_0022_read_back_as_lists_after_it(backend: Backend) {
    let older = OlderDb::new(backend, 22).await;
    let (ala, ola) = two_players(&older).await;
    let finished_state = GameState {
        status: "finished".to_owned(),
        winner: Some("second".to_owned()),
        end_reason: Some("resignation".to_owned()),
        ply: 2,
        seq: 4,
        clocks_ms: vec![55_000, 58_000],
        clock_at: T0 + 5_000,
        to_act: None,
        seats_to_act: None,
        deadline: None,
        finished_at: Some(T0 + 5_000),
        scores: None,
        ranks: None,
    };
    let finished = game(ala, ola, finished_state);
    let moves = [("first", 57_000, 60_000), ("second", 57_000, 58_000)].map(|(seat, first_ms, second_ms)| {
        let ply = if seat == "first" { 0 } else { 1 };
        MoveRow {
            ply,
            seat: seat.to_owned(),
            notation: (ply + 3).to_string(),
            turn_ended: true,
            client_move_id: format!("m{ply}"),
            clocks_ms: vec![first_ms, second_ms],
            received_at: T0 + 1_000 * (ply + 1),
        }
    });
    let active_state = GameState {
        status: "active".to_owned(),
        winner: None,
        end_reason: None,
        ply: 0,
        seq: 1,
        clocks_ms: vec![60_000, 60_000],
        clock_at: T0,
        to_act: Some("first".to_owned()),
        seats_to_act: Some("first".to_owned()),
        deadline: Some(T0 + 60_000),
        finished_at: None,
        scores: None,
        ranks: None,
    };
    let active = GameRow { id: Uuid::new_v4(), created_at: T0 + 10_000, ..game(ola, ala, active_state) };
    for statement in insert_in_0021_shape(&finished, &moves).into_iter().chain(insert_in_0021_shape(&active, &[])) {
        older.execute(&statement).await;
    }

    let database = older.open().await;
    let store = database.store();

    for stored in [&finished, &active] {
        assert_eq!(store.game(stored.id).await.unwrap().as_ref(), Some(stored), "seats and clocks as lists");
    }
    assert_eq!(store.moves(finished.id).await.unwrap(), moves, "each move's clocks as a list");
    let listed: Vec<Uuid> = store.games_of(ala, None, 10).await.unwrap().iter().map(|game| game.id).collect();
    assert_eq!(listed, [active.id, finished.id], "a player's games, newest first, through the seats");
    let counts = store.result_counts(ola).await.unwrap();
    assert_eq!((counts.finished, counts.wins, counts.losses, counts.active), (1, 1, 0, 1), "ola won as second");
    let between = store.results_between(ala, ola).await.unwrap();
    assert_eq!((between.finished, between.wins, between.losses), (1, 0, 1), "ala lost to ola");

    // A game of three seats stores and reads back after it.
    let now = T0 + 20_000;
    let third = kartka_tests::stored::insert_guest(store.as_ref(), "ula", now).await.id;
    let three = GameRow {
        id: Uuid::new_v4(),
        players: vec![ala, ola, third],
        created_at: now,
        state: GameState {
            clocks_ms: vec![60_000, 59_000, 58_000],
            to_act: Some("third".to_owned()),
            seats_to_act: Some("third".to_owned()),
            ..active.state.clone()
        },
        ..active.clone()
    };
    let started = EventRow { seq: 1, kind: "started".to_owned(), payload: "{}".to_owned(), at: now, private: None };
    store.insert_game(&three, &started, None).await.unwrap();
    assert_eq!(store.game(three.id).await.unwrap(), Some(three.clone()));
    let listed: Vec<Uuid> = store.games_of(third, None, 10).await.unwrap().iter().map(|game| game.id).collect();
    assert_eq!(listed, [three.id]);
}

/// The INSERTs of a finished game of `players` into 0025's `games` and `game_progress`, with a result event of
/// `payload`: a game's result was its winner, end reason and scores, and its ranks only in its events.
fn insert_in_0025_shape(game: &GameRow, events: &[(&str, &str)]) -> Vec<String> {
    let state = &game.state;
    let players: Vec<String> = game.players.iter().map(Uuid::to_string).collect();
    let mut statements = vec![
        format!(
            "INSERT INTO games (id, kind, ruleset, time_control, players, created_at, speed, rated, correspondence, \
             status, winner, end_reason, length, finished_at, scores) \
             VALUES ('{}', '{}', '{}', '{}', '{}', {}, '{}', FALSE, FALSE, '{}', {}, {}, {}, {}, {})",
            game.id,
            game.kind,
            game.ruleset,
            game.time_control,
            players.join(" "),
            game.created_at,
            game.speed,
            state.status,
            or_null(state.winner.as_deref(), text),
            or_null(state.end_reason.as_deref(), text),
            state.ply,
            or_null(state.finished_at, |finished_at| finished_at.to_string()),
            or_null(state.scores.as_deref(), text),
        ),
        format!(
            "INSERT INTO game_progress (game_id, seq, ply, clocks_ms, clock_at, to_act, deadline) \
             VALUES ('{}', {}, {}, '{}', {}, NULL, NULL)",
            game.id,
            state.seq,
            state.ply,
            state.clocks_ms.iter().map(i64::to_string).collect::<Vec<_>>().join(":"),
            state.clock_at,
        ),
    ];
    for (seat, player) in players.iter().enumerate() {
        statements.push(format!(
            "INSERT INTO game_seats (game_id, seat, account_id, kind, created_at) VALUES ('{}', {seat}, '{player}', '{}', {})",
            game.id, game.kind, game.created_at
        ));
    }
    for (seq, (kind, payload)) in events.iter().enumerate() {
        statements.push(format!(
            "INSERT INTO game_events (game_id, seq, kind, payload, at) VALUES ('{}', {}, '{kind}', '{payload}', {})",
            game.id,
            seq + 1,
            game.created_at
        ));
    }
    statements
}

async fn results_of_three_stored_before_0026_read_back_with_their_ranks_after_it(backend: Backend) {
    let older = OlderDb::new(backend, 26).await;
    let (ala, ola) = two_players(&older).await;
    let ula = Uuid::new_v4();
    older
        .execute(&format!(
            "INSERT INTO accounts (id, name, name_key, kind, password_hash, is_admin, banned, created_at) \
             VALUES ('{ula}', 'ula', 'ula', 'registered', 'x', FALSE, FALSE, {T0})"
        ))
        .await;
    let finished = GameState {
        status: "finished".to_owned(),
        winner: Some("second".to_owned()),
        end_reason: Some("resignation".to_owned()),
        ply: 9,
        seq: 3,
        clocks_ms: vec![50_000, 51_000, 52_000],
        clock_at: T0 + 9_000,
        to_act: None,
        seats_to_act: None,
        deadline: None,
        finished_at: Some(T0 + 9_000),
        scores: Some("1:3:1".to_owned()),
        ranks: None,
    };
    let three = GameRow {
        kind: "dots-and-boxes".to_owned(),
        ruleset: r#"{"kind":"dots-and-boxes","rows":2,"cols":2,"players":3}"#.to_owned(),
        players: vec![ala, ola, ula],
        ..game(ala, ola, finished.clone())
    };
    // Ranked by its last result event (an adjudication after the end), not by its winner nor its scores.
    let ended = r#"{"type":"ended","result":{"ranks":[3,1,2],"winner":"second","reason":"resignation"}}"#;
    let adjudicated = r#"{"type":"adjudicated","result":{"ranks":[2,1,2],"winner":"second","reason":"adjudication"}}"#;
    let events = [("started", "{}"), ("ended", ended), ("adjudicated", adjudicated)];
    let two = GameRow {
        kind: "paper-soccer".to_owned(),
        ..game(ala, ola, GameState { clocks_ms: vec![1, 2], scores: None, ..finished })
    };
    let two_events =
        [("started", "{}"), ("ended", r#"{"type":"ended","result":{"winner":"second","reason":"resignation"}}"#)];
    for statement in insert_in_0025_shape(&three, &events).into_iter().chain(insert_in_0025_shape(&two, &two_events)) {
        older.execute(&statement).await;
    }

    let database = older.open().await;
    let store = database.store();
    let read = store.game(three.id).await.unwrap().expect("the game of three");
    assert_eq!(read.state.ranks.as_deref(), Some("2:1:2"), "from its last result event");
    assert_eq!(read, GameRow { state: GameState { ranks: Some("2:1:2".to_owned()), ..three.state.clone() }, ..three });
    let read = store.game(two.id).await.unwrap().expect("the game of two");
    assert_eq!(read.state.ranks, None, "a game of two keeps its winner, which says its ranks");
}

/// A seat of an offer as migration 0025 moves it: `invited` at its place, `joined` with its join order.
fn offer_seat(
    account_id: Uuid,
    invited: Option<usize>,
    seat: Option<usize>,
    joined: Option<(Millis, i64)>,
) -> OfferSeat {
    OfferSeat {
        account_id,
        invited,
        seat,
        joined_at: joined.map(|(at, _)| at),
        join_order: joined.map(|(_, order)| order),
    }
}

async fn offers_stored_before_0025_keep_their_players_as_seats_after_it(backend: Backend) {
    let older = OlderDb::new(backend, 25).await;
    let (ala, ola) = two_players(&older).await;
    let (named, link, taken) = (Uuid::new_v4(), Uuid::new_v4(), Uuid::new_v4());
    let expires = T0 + 600_000;
    let challenges = [(named, "'{ola}'", "second", "open"), (link, "NULL", "random", "cancelled")];
    for (id, opponent, colour, status) in challenges {
        let opponent = opponent.replace("{ola}", &ola.to_string());
        older
            .execute(&format!(
                "INSERT INTO challenges (id, challenger_id, opponent_id, ruleset, time_control, colour, status, \
                 game_id, created_at, expires_at, rated, rematch_of) VALUES ('{id}', '{ala}', {opponent}, \
                 '{RULESET}', '{TIME_CONTROL}', '{colour}', '{status}', NULL, {T0}, {expires}, FALSE, NULL)"
            ))
            .await;
    }
    older
        .execute(&format!(
            "INSERT INTO seeks (id, creator_id, acceptor_id, ruleset, time_control, colour, status, game_id, \
             created_at, expires_at, rated) VALUES ('{taken}', '{ola}', '{ala}', '{RULESET}', '{TIME_CONTROL}', \
             'first', 'accepted', NULL, {T0}, {expires}, FALSE)"
        ))
        .await;

    let database = older.open().await;
    let store = database.store();
    let challenge = store.challenge(named).await.unwrap().expect("the named challenge");
    let seats = [offer_seat(ala, None, Some(1), Some((T0, 0))), offer_seat(ola, Some(0), None, None)];
    assert_eq!(challenge.offer.seats, seats, "the challenger's colour fixes their seat; the opponent is invited");
    assert_eq!(challenge.offer.revision, 0);
    let incoming: Vec<Uuid> = store.open_challenges_of(ola, T0).await.unwrap().iter().map(|c| c.offer.id).collect();
    assert_eq!(incoming, [named], "listed for the invited opponent through the seats");
    let open_link = store.challenge(link).await.unwrap().expect("the open link");
    assert_eq!(open_link.offer.seats, [offer_seat(ala, None, None, Some((T0, 0)))], "nobody but its challenger");
    let seek = store.seek(taken).await.unwrap().expect("the seek");
    let seats = [offer_seat(ola, None, Some(0), Some((T0, 0))), offer_seat(ala, None, None, Some((T0, 1)))];
    assert_eq!(seek.seats, seats, "its acceptor joined second");

    // The moved challenge is taken like a new one: the invited opponent's seat answered, the game stored.
    let state = GameState {
        status: "active".to_owned(),
        winner: None,
        end_reason: None,
        ply: 0,
        seq: 1,
        clocks_ms: vec![60_000, 60_000],
        clock_at: T0 + 1,
        to_act: Some("first".to_owned()),
        seats_to_act: Some("first".to_owned()),
        deadline: Some(T0 + 60_001),
        finished_at: None,
        scores: None,
        ranks: None,
    };
    let game = game(ola, ala, state);
    let started = EventRow { seq: 1, kind: "started".to_owned(), payload: "{}".to_owned(), at: T0 + 1, private: None };
    let taking = SeatChange { kind: OfferKind::Challenge, offer_id: named, revision: 0, account_id: ola, at: T0 + 1 };
    assert!(store.accept_offer(&taking, &game, &started, None).await.unwrap());
    let accepted = store.challenge(named).await.unwrap().expect("the challenge");
    assert_eq!((accepted.offer.status.as_str(), accepted.offer.game_id), ("accepted", Some(game.id)));
    assert_eq!(accepted.offer.seats[1], offer_seat(ola, Some(0), None, Some((T0 + 1, 1))));
}

async fn seats_to_act_stored_before_0028_read_back_as_sets_after_it(backend: Backend) {
    let older = OlderDb::new(backend, 28).await;
    let (ala, ola) = two_players(&older).await;
    let active = GameState {
        status: "active".to_owned(),
        winner: None,
        end_reason: None,
        ply: 3,
        seq: 4,
        clocks_ms: vec![50_000, 51_000],
        clock_at: T0 + 3_000,
        to_act: Some("second".to_owned()),
        seats_to_act: Some("second".to_owned()),
        deadline: Some(T0 + 54_000),
        finished_at: None,
        scores: None,
        ranks: None,
    };
    let one_to_act = game(ala, ola, active.clone());
    for statement in insert_in_0025_shape(&one_to_act, &[("started", "{}")]) {
        older.execute(&statement).await;
    }
    older
        .execute(&format!(
            "UPDATE game_progress SET to_act = 'second', deadline = {} WHERE game_id = '{}'",
            T0 + 54_000,
            one_to_act.id
        ))
        .await;

    let database = older.open().await;
    let store = database.store();
    assert_eq!(store.game(one_to_act.id).await.unwrap(), Some(one_to_act.clone()), "its one seat is its set");
    // A simultaneous phase: both seats act, the first named alone in `to_act`; the set reads back whole.
    let both = GameRow {
        id: Uuid::new_v4(),
        state: GameState {
            seq: 1,
            ply: 0,
            to_act: Some("first".to_owned()),
            seats_to_act: Some("first,second".to_owned()),
            ..active
        },
        ..one_to_act
    };
    let started = EventRow { seq: 1, kind: "started".to_owned(), payload: "{}".to_owned(), at: T0, private: None };
    store.insert_game(&both, &started, None).await.unwrap();
    assert_eq!(store.game(both.id).await.unwrap(), Some(both.clone()));
    let second = Some("second".to_owned());
    let moved = GameState { seq: 2, to_act: second.clone(), seats_to_act: second, ply: 1, ..both.state.clone() };
    let change = GameChange {
        expected_seq: 1,
        event: EventRow { seq: 2, kind: "moved".to_owned(), payload: "{}".to_owned(), at: T0, private: None },
        new_move: None,
        state: moved.clone(),
        ratings: Vec::new(),
        explorer: Vec::new(),
    };
    store.record(both.id, &change).await.unwrap();
    assert_eq!(store.game(both.id).await.unwrap().map(|game| game.state), Some(moved), "committed as a set too");
}
