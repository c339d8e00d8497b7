//! The relay's driver: pairs of sockets, each pair playing moves back and forth as fast as the relay carries
//! them, every move's three frames checked as they arrive (the event to both seats, the ack to the mover). With
//! the relay's process id it reads the relay's CPU time over the timed part alone, from `/proc`.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde::Serialize;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::serve::ACK;

/// How long a socket may wait for a frame of the move in play before the run fails.
const FRAME_TIMEOUT: Duration = Duration::from_secs(10);

/// Clock ticks per second of `/proc/<pid>/stat`'s CPU times (`USER_HZ`, 100 wherever Linux reports them).
const TICKS_PER_SECOND: f64 = 100.0;

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// What to drive.
#[derive(Clone, Debug)]
pub struct DriveOptions {
    /// The relay's address.
    pub relay: SocketAddr,
    /// Pairs of sockets playing at once.
    pub games: usize,
    /// How long the moves go on.
    pub duration: Duration,
    /// The relay's process id, for its CPU time; none read without it.
    pub relay_pid: Option<u32>,
}

/// What a drive measured.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DriveReport {
    /// Pairs that played.
    pub games: usize,
    /// Sockets: two per pair.
    pub sockets: usize,
    /// Moves whose three frames all arrived.
    pub moves: u64,
    /// Seconds the moves went on.
    pub seconds: f64,
    /// Moves per second.
    pub moves_per_s: f64,
    /// The relay's CPU time per move over the timed part, in microseconds, when its process id was given.
    pub relay_cpu_us_per_move: Option<f64>,
    /// The relay's CPU over the timed part as a share of one core (200 is two cores busy), likewise.
    pub relay_cpu_percent: Option<f64>,
}

/// Why a drive failed.
#[derive(Debug, thiserror::Error)]
pub enum DriveError {
    /// A socket could not be opened.
    #[error("cannot open socket {seat} of pair {pair}: {source}")]
    Connect {
        /// The pair.
        pair: usize,
        /// The seat.
        seat: usize,
        /// Why.
        source: tokio_tungstenite::tungstenite::Error,
    },
    /// The relay broke a socket, or sent something other than the move's frames.
    #[error("pair {pair}: {what}")]
    Relay {
        /// The pair.
        pair: usize,
        /// What went wrong.
        what: String,
    },
    /// The relay's process could not be read.
    #[error("cannot read the relay's process {0} in /proc")]
    Process(u32),
    /// Nothing to drive.
    #[error("a drive needs at least one game and a duration")]
    Empty,
}

/// Opens every pair's sockets, then plays for `options.duration`.
pub async fn drive(options: &DriveOptions) -> Result<DriveReport, DriveError> {
    if options.games == 0 || options.duration.is_zero() {
        return Err(DriveError::Empty);
    }
    let mut pairs = Vec::with_capacity(options.games);
    for pair in 0..options.games {
        pairs.push([connect(options.relay, pair, 0).await?, connect(options.relay, pair, 1).await?]);
    }
    let cpu_before = options.relay_pid.map(cpu_ticks).transpose()?;
    let started = Instant::now();
    let deadline = started + options.duration;
    let players: Vec<_> =
        pairs.into_iter().enumerate().map(|(pair, sockets)| tokio::spawn(play(pair, sockets, deadline))).collect();
    let mut moves = 0;
    for player in players {
        moves += player.await.map_err(|error| DriveError::Relay { pair: 0, what: error.to_string() })??;
    }
    let seconds = started.elapsed().as_secs_f64();
    let cpu_seconds = match (options.relay_pid, cpu_before) {
        (Some(pid), Some(before)) => Some(cpu_ticks(pid)?.saturating_sub(before) as f64 / TICKS_PER_SECOND),
        _ => None,
    };
    Ok(DriveReport {
        games: options.games,
        sockets: 2 * options.games,
        moves,
        seconds,
        moves_per_s: moves as f64 / seconds,
        relay_cpu_us_per_move: cpu_seconds.filter(|_| moves > 0).map(|cpu| cpu * 1e6 / moves as f64),
        relay_cpu_percent: cpu_seconds.map(|cpu| cpu * 100.0 / seconds),
    })
}

async fn connect(relay: SocketAddr, pair: usize, seat: usize) -> Result<Socket, DriveError> {
    let url = format!("ws://{relay}/relay/{pair}/{seat}");
    let (socket, _) =
        tokio_tungstenite::connect_async(url).await.map_err(|source| DriveError::Connect { pair, seat, source })?;
    Ok(socket)
}

/// Plays moves on one pair's sockets until `deadline`: the seats take turns, and a move counts once the mover
/// has its event and ack and the other seat its event.
async fn play(pair: usize, mut sockets: [Socket; 2], deadline: Instant) -> Result<u64, DriveError> {
    let mut moves = 0_u64;
    while Instant::now() < deadline {
        let mover = usize::from(moves % 2 == 1);
        let frame = move_frame(pair, moves);
        sockets[mover]
            .send(Message::text(frame.clone()))
            .await
            .map_err(|error| DriveError::Relay { pair, what: format!("sending a move: {error}") })?;
        let (mut event, mut ack) = (false, false);
        while !(event && ack) {
            let text = next_text(pair, &mut sockets[mover]).await?;
            match text.as_str() {
                sent if sent == frame && !event => event = true,
                ACK if !ack => ack = true,
                other => return Err(DriveError::Relay { pair, what: format!("the mover got {other:?}") }),
            }
        }
        let text = next_text(pair, &mut sockets[1 - mover]).await?;
        if text != frame {
            return Err(DriveError::Relay { pair, what: format!("the other seat got {text:?}, not {frame:?}") });
        }
        moves += 1;
    }
    for socket in &mut sockets {
        // The run is over either way; a close the relay does not answer changes no figure.
        let _ = socket.close(None).await;
    }
    Ok(moves)
}

/// A move as a kartka client sends it, of about the size of one.
fn move_frame(pair: usize, ply: u64) -> String {
    format!(
        r#"{{"type":"move","game_id":"00000000-0000-4000-8000-{pair:012}","ply":{ply},"client_move_id":"m-{ply:06}","notation":"2"}}"#
    )
}

async fn next_text(pair: usize, socket: &mut Socket) -> Result<String, DriveError> {
    let broken = |what: String| DriveError::Relay { pair, what };
    loop {
        let frame = tokio::time::timeout(FRAME_TIMEOUT, socket.next())
            .await
            .map_err(|_| broken(format!("no frame for {} s", FRAME_TIMEOUT.as_secs())))?;
        match frame {
            Some(Ok(Message::Text(text))) => return Ok(text.as_str().to_owned()),
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
            Some(Ok(other)) => return Err(broken(format!("an unexpected frame {other:?}"))),
            Some(Err(error)) => return Err(broken(format!("reading: {error}"))),
            None => return Err(broken("the relay closed the socket".to_owned())),
        }
    }
}

/// `utime + stime` of process `pid`, in clock ticks (the fields after the command name, which may hold spaces).
fn cpu_ticks(pid: u32) -> Result<u64, DriveError> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).map_err(|_| DriveError::Process(pid))?;
    let fields: Vec<&str> =
        stat.rsplit_once(')').map(|(_, rest)| rest.split_whitespace().collect()).unwrap_or_default();
    let time = |index: usize| fields.get(index).and_then(|field| field.parse::<u64>().ok());
    match (time(11), time(12)) {
        (Some(user), Some(system)) => Ok(user + system),
        _ => Err(DriveError::Process(pid)),
    }
}
