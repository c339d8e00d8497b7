//! The relay carries every move's three frames between the sockets of each pair, and the driver counts them
//! and reads the relay's CPU (this process's, where the relay runs in-process).

use std::time::Duration;

use kartka_relay::{drive, serve, DriveError, DriveOptions};
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pairs_play_moves_through_the_relay_and_its_cpu_per_move_is_read() {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("a free port");
    let relay = listener.local_addr().expect("an address");
    let stop = CancellationToken::new();
    let server = tokio::spawn(serve::run(listener, stop.clone().cancelled_owned()));

    let options =
        DriveOptions { relay, games: 3, duration: Duration::from_millis(500), relay_pid: Some(std::process::id()) };
    let report = drive(&options).await.expect("a drive");
    assert_eq!((report.games, report.sockets), (3, 6));
    assert!(report.moves >= 3, "every pair moved at least once: {report:?}");
    let per_move = report.relay_cpu_us_per_move.expect("the relay's process was read");
    assert!(per_move.is_finite() && per_move >= 0.0, "{report:?}");

    let empty = DriveOptions { games: 0, ..options };
    assert!(matches!(drive(&empty).await, Err(DriveError::Empty)));
    stop.cancel();
    server.await.expect("the relay task").expect("the relay stops cleanly");
}
