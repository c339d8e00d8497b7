//! What an admin's record import may cost and store, on both stores: a gzip file that unpacks past the limit
//! is refused with a JSON `frame_too_large` (413) and stores nothing; a game whose player name holds a NUL (or
//! any control character) is refused in the report while the file's other games are imported — before, SQLite
//! stored the NUL and PostgreSQL failed the whole import with a 500.

use std::io::Write;

use flate2::write::GzEncoder;
use flate2::Compression;
use kartka_protocol::admin::ImportReport;
use kartka_protocol::rest::Session;
use kartka_server::admin::audit::Actor;
use kartka_server::admin::role;
use kartka_server::config::{Limits, Settings};
use kartka_tests::client::Api;
use kartka_tests::server::TestServer;
use serde_json::json;

kartka_tests::on_both_stores!(
    a_file_unpacking_past_the_limit_is_refused_and_stores_nothing,
    a_player_name_with_a_control_character_refuses_that_game_alone,
);

/// One Closing In game (the rules document's sample) with the players named `white` and `black`.
fn record(white: &str, black: &str) -> String {
    format!(
        "[Game \"closing-in\"]\n[Board \"6x6\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"0-1\"]\n\
         [Winner \"second\"]\n\n1. D5 B2 2. B3 C3 3. B5 C4 4. C5 D4 5. D6 F4 6. A6 C1 7. A1 B1 0-1\n\n"
    )
}

async fn admin(api: &Api, server: &TestServer) -> Session {
    let credentials = json!({ "username": "boss", "password": "long enough secret" });
    let (status, body) = api.post("/api/register", None, &credentials).await;
    assert_eq!(status, 201, "{body}");
    role::set_admin(server.state.store.as_ref(), "boss", true, Actor::CommandLine, "test admin").await.expect("grant");
    serde_json::from_value(body).expect("a session")
}

fn gzip(text: &str) -> Vec<u8> {
    let mut encoder = GzEncoder::new(Vec::new(), Compression::best());
    encoder.write_all(text.as_bytes()).expect("gzip");
    encoder.finish().expect("gzip")
}

async fn a_file_unpacking_past_the_limit_is_refused_and_stores_nothing(url: &str) {
    const LIMIT: u64 = 64 * 1024;
    let settings =
        Settings { limits: Limits { import_unpacked_bytes: LIMIT, ..Limits::default() }, ..Settings::default() };
    let server = TestServer::start(url, settings).await;
    let api = Api::new(server.url());
    let token = admin(&api, &server).await.token;

    // Games enough to pass the limit once unpacked, though the gzip file is a fraction of it.
    let many: String = (0..400).map(|_| record("white", "black")).collect();
    assert!(many.len() as u64 > LIMIT);
    let packed = gzip(&many);
    assert!((packed.len() as u64) < LIMIT / 4, "a small upload: {} bytes", packed.len());
    let (status, body) = api.post_bytes("/api/admin/import?source=bomb", Some(&token), packed).await;
    assert_eq!((status, body["code"].as_str()), (413, Some("frame_too_large")), "{body}");
    let (status, found) = api.get("/api/admin/games?imported=true&limit=1", Some(&token)).await;
    assert_eq!((status, found["total"].as_u64()), (200, Some(0)), "nothing stored: {found}");

    // The same games within the limit are imported.
    let few: String = (0..3).map(|_| record("white", "black")).collect();
    let (status, body) = api.post_bytes("/api/admin/import?source=few", Some(&token), gzip(&few)).await;
    assert_eq!(status, 200, "{body}");
    let report: ImportReport = serde_json::from_value(body).expect("a report");
    assert_eq!((report.read, report.imported), (3, 3));
}

async fn a_player_name_with_a_control_character_refuses_that_game_alone(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let token = admin(&api, &server).await.token;

    let file = [record("ann", "bea"), record("nul\u{0}name", "bea"), record("ann", "tab\u{9}bed")].concat();
    let (status, body) = api.post_bytes("/api/admin/import?source=names", Some(&token), file.into_bytes()).await;
    assert_eq!(status, 200, "{body}");
    let report: ImportReport = serde_json::from_value(body).expect("a report");
    assert_eq!((report.read, report.imported, report.rejected), (3, 1, 2), "{report:?}");
    assert_eq!(report.rejections.iter().map(|r| r.index).collect::<Vec<_>>(), [2, 3]);
    assert!(report.rejections.iter().all(|r| r.reason.contains("control character")), "{report:?}");
    let (status, found) = api.get("/api/admin/games?imported=true", Some(&token)).await;
    assert_eq!((status, found["total"].as_u64()), (200, Some(1)), "{found}");
}
