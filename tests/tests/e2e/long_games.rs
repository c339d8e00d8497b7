//! A game too long for one WebSocket frame: a default Dots game (39 × 32) of 1,200 moves, subscribed to afresh
//! (its snapshot comes in parts) and resumed from its start (its events in several frames), through real
//! sockets on both stores. Before the lists were cut, the frame holding them was never sent and the
//! connection dropped, on every reload, for good.

use kartka_engine::{AnyGame, GameKind, Seat};
use kartka_protocol::kinds::dots::DotsOptions;
use kartka_protocol::{GameSnapshot, RulesetSpec, ServerFrame, TimeControl};
use kartka_server::config::Settings;
use kartka_server::games::kinds;
use kartka_tests::client::{move_frame, Api, WsClient};
use kartka_tests::server::TestServer;
use serde_json::json;

kartka_tests::on_both_stores!(a_1200_move_dots_game_is_subscribed_to_and_resumed_in_frames_that_fit);

const MOVES: usize = 1200;

async fn a_1200_move_dots_game_is_subscribed_to_and_resumed_in_frames_that_fit(url: &str) {
    // The players move as fast as the server answers: far above a person's rate limit.
    let settings = Settings { ws_messages_per_second: 10_000, ..Settings::default() };
    let server = TestServer::start(url, settings).await;
    let api = Api::new(server.url());
    let (alice, bob, carol) = (api.guest("alice").await, api.guest("bob").await, api.guest("carol").await);
    let time_control = TimeControl::Fischer { initial_seconds: 3600, increment_seconds: 30 };
    // Dots' default field (39 × 32) with its default options.
    let default_dots = kinds::default_spec(GameKind::Dots);
    let game = api.start_game_of(&alice, &bob, default_dots, time_control, false).await;
    let (first, snapshot) = WsClient::subscribed(server.addr, &alice.token, game).await;
    let (second, _) = WsClient::subscribed(server.addr, &bob.token, game).await;
    assert!(
        matches!(snapshot.ruleset, RulesetSpec::Dots(DotsOptions { width: 39, height: 32, .. })),
        "{:?}",
        snapshot.ruleset
    );

    let played = play_without_captures(&snapshot, [first, second]).await;
    assert_eq!(played.len(), MOVES);

    // A new spectator: the snapshot's moves come in parts ahead of it, every frame within the limit.
    let mut spectator = WsClient::connect(server.addr, &carol.token).await;
    spectator.send(json!({ "type": "subscribe", "id": 1, "game_id": game })).await;
    let mut parts = 0;
    let whole = loop {
        match spectator.next().await {
            ServerFrame::SnapshotMoves { game_id, moves } => {
                assert_eq!(game_id, game);
                assert!(!moves.is_empty());
                parts += 1;
            }
            ServerFrame::Snapshot { game: snapshot } => break snapshot,
            other => panic!("expected the snapshot's parts, got {other:?}"),
        }
    };
    assert!(parts >= 1, "the moves of 1,200 dots do not fit in one frame");
    assert!(whole.earlier_moves > 0 && whole.moves.len() + whole.earlier_moves as usize == MOVES);
    assert!(matches!(spectator.next_reply().await, ServerFrame::Ack { id: Some(1), .. }));

    // The same, put together by the client's helper: every move, in order.
    let (_, snapshot) = WsClient::subscribed(server.addr, &carol.token, game).await;
    let notations: Vec<&str> = snapshot.moves.iter().map(|m| m.notation.as_str()).collect();
    assert_eq!(notations, played.iter().map(String::as_str).collect::<Vec<_>>());

    // A resume from the game's start: the missed events come in several `events` frames, without a gap.
    let mut resumer = WsClient::connect(server.addr, &carol.token).await;
    resumer.send(json!({ "type": "subscribe", "id": 2, "game_id": game, "after_seq": 1 })).await;
    let mut frames = 0;
    let mut next_seq = 2;
    let last = loop {
        match resumer.next().await {
            ServerFrame::Events { game_id, events } => {
                assert_eq!(game_id, game);
                frames += 1;
                for event in events {
                    assert_eq!(event.seq, next_seq, "events in order, none missing");
                    next_seq += 1;
                }
            }
            ServerFrame::Ack { id: Some(2), seq, .. } => break seq.expect("the game's last event"),
            ServerFrame::Event(event) => assert!(event.seq >= next_seq, "a live event after the resumed ones"),
            other => panic!("expected events, got {other:?}"),
        }
    };
    assert!(frames > 1, "1,200 moves' events do not fit in one frame");
    assert!(next_seq > last, "every event up to the ack's {last} came (next expected {next_seq})");
}

/// Plays [`MOVES`] dots: the first seat fills the even rows, the second the odd ones, column by column, so
/// that no chain of either colour spans two rows and nothing is ever captured (the opening cross aside, whose
/// points are skipped). Each move is checked on a local copy of the rules first. Returns the moves played.
async fn play_without_captures(snapshot: &GameSnapshot, mut players: [WsClient; 2]) -> Vec<String> {
    let RulesetSpec::Dots(DotsOptions { width, height, .. }) = snapshot.ruleset else { unreachable!("a Dots game") };
    let mut local = AnyGame::new(&kinds::ruleset(&snapshot.ruleset).expect("a valid ruleset"));
    let points = |parity: u8| -> Vec<String> {
        (0..height)
            .filter(|y| y % 2 == parity)
            .flat_map(|y| (0..width).map(move |x| format!("{}{}", letter(x), letter(y))))
            .collect()
    };
    let mut unplayed = [points(0), points(1)];
    let mut played = Vec::with_capacity(MOVES);
    let mut ply = snapshot.ply;
    while played.len() < MOVES {
        let seat = local.to_act().expect("the game goes on");
        let index = usize::from(seat != Seat::FIRST);
        // The first legal one: a first dot must go in the first-move zone, so points before it wait.
        let at = unplayed[index]
            .iter()
            .position(|candidate| local.clone().play(candidate).is_ok())
            .expect("points left for the seat");
        let notation = unplayed[index].remove(at);
        local.play(&notation).expect("checked on a copy");
        let id = u64::from(ply) + 10;
        players[index].request(id, move_frame(snapshot.id, ply, &format!("m{ply}"), &notation)).await;
        ply += 1;
        played.push(notation);
    }
    played
}

/// The SGF letter of a coordinate (`a`–`z`, then `A`–`Z`).
fn letter(value: u8) -> char {
    kartka_engine::dots::coordinate_letter(value)
}
