//! One WebSocket: authenticated on the upgrade with the bearer token, written by its owner, read by a task of
//! its own that stamps each frame with the moment it arrived and hands it on. Reading all the time also
//! answers the server's pings, as every WebSocket client does.

use std::time::{Duration, Instant};

use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use kartka_protocol::ServerFrame;
use reqwest::Url;
use serde_json::Value;
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Stream = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// How long opening a socket may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(30);

/// What a socket's reader hands on.
#[derive(Debug)]
pub enum Incoming {
    /// A frame from the server, and when it arrived.
    Frame {
        /// Which of its owner's sockets it came on.
        socket: usize,
        /// When it arrived.
        at: Instant,
        /// The frame.
        frame: Box<ServerFrame>,
    },
    /// A text message that is no server frame.
    Unreadable,
    /// The socket closed or broke.
    Closed,
}

/// Why a socket could not be opened or written.
#[derive(Debug, thiserror::Error)]
pub enum SocketError {
    /// The upgrade failed, was refused, or took too long.
    #[error("connecting: {0}")]
    Connect(String),
    /// The socket is closed.
    #[error("sending: {0}")]
    Send(#[from] tokio_tungstenite::tungstenite::Error),
}

/// The writing half of an open socket; its reader runs until the socket closes or this is dropped.
pub struct Socket {
    sink: SplitSink<Stream, Message>,
    reader: JoinHandle<()>,
    next_id: u64,
}

impl Socket {
    /// Opens `/ws` on the server at `base` with `token`; its frames go to `incoming`, marked `socket`.
    pub async fn open(
        base: &Url,
        token: &str,
        socket: usize,
        incoming: mpsc::Sender<Incoming>,
    ) -> Result<Socket, SocketError> {
        let mut url = base.clone();
        url.set_scheme("ws").map_err(|()| SocketError::Connect("cannot make a ws:// URL".to_owned()))?;
        url.set_path("/ws");
        let mut request =
            url.as_str().into_client_request().map_err(|error| SocketError::Connect(error.to_string()))?;
        let authorization =
            format!("Bearer {token}").parse().map_err(|_| SocketError::Connect("a token unfit for a header".into()))?;
        request.headers_mut().insert("Authorization", authorization);
        let (stream, _) = tokio::time::timeout(CONNECT_TIMEOUT, tokio_tungstenite::connect_async(request))
            .await
            .map_err(|_| SocketError::Connect("timed out".to_owned()))?
            .map_err(|error| SocketError::Connect(error.to_string()))?;
        let (sink, stream) = stream.split();
        let reader = tokio::spawn(read(stream, socket, incoming));
        Ok(Socket { sink, reader, next_id: 1 })
    }

    /// Sends `frame` with a new request id, which it returns.
    pub async fn request(&mut self, mut frame: Value) -> Result<u64, SocketError> {
        let id = self.next_id;
        self.next_id += 1;
        frame["id"] = Value::from(id);
        self.sink.send(Message::Text(frame.to_string().into())).await?;
        Ok(id)
    }

    /// Closes the socket politely and stops its reader.
    pub async fn close(mut self) {
        let _ = tokio::time::timeout(Duration::from_secs(2), self.sink.close()).await;
        self.reader.abort();
    }
}

impl Drop for Socket {
    fn drop(&mut self) {
        self.reader.abort();
    }
}

async fn read(mut stream: SplitStream<Stream>, socket: usize, incoming: mpsc::Sender<Incoming>) {
    loop {
        let handed_on = match stream.next().await {
            Some(Ok(Message::Text(text))) => match serde_json::from_str::<ServerFrame>(text.as_str()) {
                Ok(frame) => Incoming::Frame { socket, at: Instant::now(), frame: Box::new(frame) },
                Err(_) => Incoming::Unreadable,
            },
            Some(Ok(Message::Close(_)) | Err(_)) | None => {
                let _ = incoming.send(Incoming::Closed).await;
                return;
            }
            Some(Ok(_)) => continue,
        };
        if incoming.send(handed_on).await.is_err() {
            return;
        }
    }
}
