//! Five in a row end to end over real sockets: a swap2 gomoku game in which the second seat takes Black and the
//! turn goes where the rules send it, a renju forbidden point refused with `forbidden` and nothing changed, and
//! tic-tac-toe played to a draw and to a win.

use kartka_engine::{AnyGame, GameKind};
use kartka_protocol::kinds::five_in_a_row::{FiveInARowOpening, FiveInARowOptions, FiveInARowWin};
use kartka_protocol::rest::Session;
use kartka_protocol::{
    EndReasonName, ErrorCode, GameEvent, GameResult, GameSnapshot, RulesetSpec, SeatName, TimeControl,
};
use kartka_server::admin::audit::Actor;
use kartka_server::admin::role;
use kartka_server::config::Settings;
use kartka_server::games::kinds;
use kartka_tests::client::{move_frame, Api, WsClient};
use kartka_tests::server::TestServer;
use uuid::Uuid;

kartka_tests::on_both_stores!(
    in_swap2_the_second_seat_takes_black_and_the_first_seat_moves_next,
    a_renju_forbidden_point_is_refused_with_forbidden_and_changes_nothing,
    tic_tac_toe_is_played_to_a_draw_and_to_a_win,
);

const BLITZ: TimeControl = TimeControl::Fischer { initial_seconds: 300, increment_seconds: 5 };

/// Gomoku on 15x15 with a line of five, `win` and `opening`.
const fn gomoku(win: FiveInARowWin, opening: FiveInARowOpening) -> RulesetSpec {
    RulesetSpec::FiveInARow(FiveInARowOptions {
        width: Some(15),
        height: Some(15),
        endless: false,
        line: 5,
        win,
        opening,
    })
}

const TIC_TAC_TOE: RulesetSpec = RulesetSpec::FiveInARow(FiveInARowOptions {
    width: Some(3),
    height: Some(3),
    endless: false,
    line: 3,
    win: FiveInARowWin::Freestyle,
    opening: FiveInARowOpening::None,
});

/// The game as its REST snapshot shows it.
async fn snapshot(api: &Api, game: Uuid) -> GameSnapshot {
    let (status, snapshot) = api.get(&format!("/api/games/{game}"), None).await;
    assert_eq!(status, 200, "{snapshot}");
    serde_json::from_value(snapshot).expect("a snapshot")
}

/// A snapshot as JSON without the clocks read at the request (the running clock ticks between two requests):
/// everything the game holds, its moves with their clocks included.
fn without_running_clocks(snapshot: &GameSnapshot) -> serde_json::Value {
    let mut value = serde_json::to_value(snapshot).expect("a snapshot is JSON");
    let fields = value.as_object_mut().expect("an object");
    fields.remove("clocks").expect("the clocks");
    fields.remove("clocks_at_ms").expect("the clocks' moment");
    value
}

/// The result every client sees at the end.
async fn result_seen(client: &mut WsClient) -> GameResult {
    loop {
        if let GameEvent::Ended { result, .. } = client.next_event().await.event {
            return result;
        }
    }
}

async fn in_swap2_the_second_seat_takes_black_and_the_first_seat_moves_next(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let (alice, bob) = (api.guest("alice").await, api.guest("bob").await);
    let swap2 = gomoku(FiveInARowWin::Freestyle, FiveInARowOpening::Swap2);
    let game = api.start_game_of(&alice, &bob, swap2, BLITZ, false).await;
    let (mut first, start) = WsClient::subscribed(server.addr, &alice.token, game).await;
    let (mut second, _) = WsClient::subscribed(server.addr, &bob.token, game).await;
    assert_eq!((start.ruleset, start.to_act), (swap2, Some(SeatName::First)));

    // The first seat places black, white, black in one turn; a choice is not its to make.
    assert_eq!(first.refused(1, move_frame(game, 0, "c", "=B")).await, ErrorCode::IllegalMove);
    first.request(2, move_frame(game, 0, "opening", "h8 i9 j10")).await;
    let after_opening = snapshot(&api, game).await;
    assert_eq!((after_opening.ply, after_opening.to_act), (3, Some(SeatName::Second)), "the second seat chooses");

    // The second seat takes Black: White, the first seat, moves next, and not the second seat.
    second.request(3, move_frame(game, 3, "choose", "=B")).await;
    let chosen = snapshot(&api, game).await;
    assert_eq!((chosen.ply, chosen.to_act, chosen.mid_turn), (4, Some(SeatName::First), false));
    assert_eq!(second.refused(4, move_frame(game, 4, "early", "k11")).await, ErrorCode::NotYourTurn);
    first.request(5, move_frame(game, 4, "white", "h9")).await;
    assert_eq!(snapshot(&api, game).await.to_act, Some(SeatName::Second), "Black, the second seat, answers");
    second.request(6, move_frame(game, 5, "black", "k11")).await;

    // The engine agrees: the second seat plays Black, its stones are the black ones, and the game goes on.
    let played = snapshot(&api, game).await;
    let mut position = AnyGame::new(&kinds::ruleset(&played.ruleset).expect("a valid ruleset"));
    for record in &played.moves {
        position.play(&record.notation).expect("stored moves replay");
    }
    let AnyGame::FiveInARow(position) = position else { panic!("a Five in a row game") };
    assert_eq!(position.colour_of(kartka_engine::Seat::SECOND), Some(kartka_engine::five_in_a_row::Colour::Black));
    assert_eq!((played.ply, played.to_act), (6, Some(SeatName::First)));
    assert_eq!(played.moves.iter().map(|m| m.notation.as_str()).collect::<Vec<_>>(), ["h8 i9 j10", "=B", "h9", "k11"]);

    // The record is the rules' format, with the choice in its movetext.
    let (status, text) = api.get_text(&format!("/api/games/{game}/record"), None).await;
    assert_eq!(status, 200);
    assert!(text.starts_with("[Game \"five-in-a-row\"]\n[Board \"15x15\"]\n[Line \"5\"]"), "{text}");
    assert!(text.contains("[Opening \"swap2\"]") && text.contains("2. j10 =B"), "{text}");
    server.stop().await;
}

async fn a_renju_forbidden_point_is_refused_with_forbidden_and_changes_nothing(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let (alice, bob) = (api.guest("alice").await, api.guest("bob").await);
    let renju = gomoku(FiveInARowWin::Renju, FiveInARowOpening::None);
    let game = api.start_game_of(&alice, &bob, renju, BLITZ, false).await;
    let (mut black, _) = WsClient::subscribed(server.addr, &alice.token, game).await;
    let (mut white, _) = WsClient::subscribed(server.addr, &bob.token, game).await;
    // Black: i8 j8 on row 8 and h9 h10 on file h; White far off in the corners.
    let moves = ["i8", "a1", "j8", "a15", "h9", "o1", "h10", "o15"];
    for (ply, notation) in moves.into_iter().enumerate() {
        let mover = if ply % 2 == 0 { &mut black } else { &mut white };
        mover.request(10 + ply as u64, move_frame(game, ply as u32, &format!("m{ply}"), notation)).await;
    }
    // h8 would make two open threes at once, row 8 and file h: a double three, forbidden to Black.
    let before = snapshot(&api, game).await;
    assert_eq!(black.refused(30, move_frame(game, 8, "double-three", "h8")).await, ErrorCode::Forbidden);
    let after = snapshot(&api, game).await;
    assert_eq!(without_running_clocks(&after), without_running_clocks(&before), "nothing changed");
    // White may take the point, and Black any allowed one, on the same ply as before.
    black.request(31, move_frame(game, 8, "allowed", "g7")).await;
    white.request(32, move_frame(game, 9, "takes", "h8")).await;
    assert_eq!(snapshot(&api, game).await.ply, 10);

    // An admin exports the stones as Gomocup's board text: x from the left, y from the top, 1 for Black.
    let credentials = serde_json::json!({ "username": "boss", "password": "long enough secret" });
    let (status, admin) = api.post("/api/register", None, &credentials).await;
    assert_eq!(status, 201, "{admin}");
    let admin: Session = serde_json::from_value(admin).expect("a session");
    role::set_admin(server.state.store.as_ref(), "boss", true, Actor::CommandLine, "test admin").await.expect("grant");
    let path = format!("/api/admin/games/{game}/record?format=gomocup");
    let (status, board) = api.get_text(&path, Some(&admin.token)).await;
    assert_eq!(status, 200, "{board}");
    let expected = ["8,7,1", "0,14,2", "9,7,1", "0,0,2", "7,6,1", "14,14,2", "7,5,1", "14,0,2", "6,8,1", "7,7,2"];
    assert_eq!(board.lines().collect::<Vec<_>>(), expected);
    server.stop().await;
}

async fn tic_tac_toe_is_played_to_a_draw_and_to_a_win(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let (alice, bob) = (api.guest("alice").await, api.guest("bob").await);
    let lines: [(&[&str], Option<SeatName>, EndReasonName); 2] = [
        (&["b2", "a1", "c3", "a3", "a2", "c2", "b1", "b3", "c1"], None, EndReasonName::BoardFull),
        (&["a1", "b1", "a2", "b2", "a3"], Some(SeatName::First), EndReasonName::Row),
    ];
    for (moves, winner, reason) in lines {
        let game = api.start_game_of(&alice, &bob, TIC_TAC_TOE, BLITZ, false).await;
        let (mut x, _) = WsClient::subscribed(server.addr, &alice.token, game).await;
        let (mut o, _) = WsClient::subscribed(server.addr, &bob.token, game).await;
        for (ply, notation) in moves.iter().enumerate() {
            let mover = if ply % 2 == 0 { &mut x } else { &mut o };
            mover.request(ply as u64 + 1, move_frame(game, ply as u32, &format!("t{ply}"), notation)).await;
        }
        for client in [&mut x, &mut o] {
            let result = result_seen(client).await;
            assert_eq!((result.winner, result.reason), (winner, reason), "{moves:?}");
        }
        let finished = snapshot(&api, game).await;
        assert_eq!(finished.result.map(|result| result.winner), Some(winner));
        assert_eq!(finished.to_act, None);
        assert_eq!(kinds::of(GameKind::FiveInARow).display_name(), "Five in a row");
    }
    server.stop().await;
}
