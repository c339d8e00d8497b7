//! A Dots record of a game played with a STOP window (rules 7.4) through the server's record path: the admin
//! imports the SGF, the server replays it into a finished game whose ruleset keeps the window, and its export
//! writes the window option and the window's moves again, so that it imports once more.

use kartka_protocol::rest::Session;
use kartka_server::admin::audit::Actor;
use kartka_server::admin::role;
use kartka_server::config::Settings;
use kartka_tests::client::Api;
use kartka_tests::server::TestServer;
use serde_json::json;

kartka_tests::on_both_stores!(an_sgf_with_a_stop_window_imports_replays_and_exports_with_its_window);

/// Blue (B, the first seat) captures Red's `ee` with `ef`; Red presses STOP (`W[]`), Blue places two dots in the
/// one-minute window and ends it (`XA[DONE]`): the counts as they stand, 1:0, decide.
const WINDOW_GAME: &str = "(;FF[4]GM[40]SZ[10:10]\
RU[Punish=0,Holes=1,AddTurn=0,MustSurr=1,MinArea=1,Pass=0,Stop=1,LastSafe=0,ScoreTerr=0,InstantWin=0]\
XD[start=empty;seed=0;zone=off;stop=window(60);auto=off;blitz=off]PB[ala]PW[ola]DT[2026-11-01]TM[300]\
;B[ed];W[ee];B[de];W[aa];B[fe];W[ba];B[ef.edfeefdeed];W[];B[ca];B[cb];XA[DONE])";

async fn an_sgf_with_a_stop_window_imports_replays_and_exports_with_its_window(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let credentials = json!({ "username": "boss", "password": "long enough secret" });
    let (status, admin) = api.post("/api/register", None, &credentials).await;
    assert_eq!(status, 201, "{admin}");
    let admin: Session = serde_json::from_value(admin).expect("a session");
    role::set_admin(server.state.store.as_ref(), "boss", true, Actor::CommandLine, "test admin").await.expect("grant");
    let token = Some(admin.token.as_str());

    let (status, report) = api.post_bytes("/api/admin/import?source=zagram", token, WINDOW_GAME.into()).await;
    assert_eq!(status, 200, "{report}");
    assert_eq!((report["imported"].as_u64(), report["rejected"].as_u64()), (Some(1), Some(0)), "{report}");
    let (status, found) = api.get("/api/admin/games?kind=dots&status=finished", token).await;
    assert_eq!(status, 200, "{found}");
    let game = &found["games"][0];
    assert_eq!(game["ruleset"]["stop"], json!({ "window": { "seconds": 60 } }), "the window option: {game}");
    assert_eq!(game["ply"], 11, "every action replayed, the window's dots and DONE included: {game}");
    assert_eq!(
        game["result"],
        json!({ "ranks": [1, 2], "winner": "first", "reason": "stop", "scores": [1, 0] }),
        "{game}"
    );
    let id = game["id"].as_str().expect("an id");

    let (status, review) = api.get(&format!("/api/admin/games/{id}"), token).await;
    assert_eq!(status, 200, "{review}");
    let moves: Vec<&str> =
        review["moves"].as_array().expect("moves").iter().filter_map(|m| m["notation"].as_str()).collect();
    assert_eq!(moves[7..], ["STOP", "ca", "cb", "DONE"], "{review}");

    let (status, record) = api.get_text(&format!("/api/admin/games/{id}/record"), token).await;
    assert_eq!(status, 200);
    assert!(record.contains("stop=window(60)") && record.contains("Stop=1"), "the window option is kept: {record}");
    assert!(record.contains(";W[];B[ca];B[cb];XA[DONE]"), "the STOP and the window's moves: {record}");
    let (status, report) = api.post_bytes("/api/admin/import?source=export", token, record.into_bytes()).await;
    assert_eq!(status, 200, "{report}");
    assert_eq!((report["imported"].as_u64(), report["rejected"].as_u64()), (Some(1), Some(0)), "{report}");
    let (_, found) = api.get("/api/admin/games?kind=dots&status=finished", token).await;
    let games = found["games"].as_array().expect("a page of games");
    assert_eq!(games.len(), 2, "the import and the import of its export: {found}");
    for game in games {
        assert_eq!(
            (game["ruleset"]["stop"].clone(), game["ply"].as_u64()),
            (json!({ "window": { "seconds": 60 } }), Some(11))
        );
    }
    server.stop().await;
}
