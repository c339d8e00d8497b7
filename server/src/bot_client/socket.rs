//! The bot's WebSocket: connect, authenticate with `hello`, and typed frames both ways. The server's WebSocket
//! pings are answered by the socket library as frames are read.

use futures_util::{SinkExt, StreamExt};
use kartka_protocol::rest::AccountInfo;
use kartka_protocol::{ClientFrame, ServerFrame, PROTOCOL_VERSION};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// An authenticated connection.
pub(super) struct Socket {
    stream: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

/// Why a socket could not be opened.
pub(super) enum OpenError {
    /// The network or the server failed; worth another try.
    Lost(String),
    /// The server refused the token; another try would be refused too.
    Refused(String),
}

impl Socket {
    /// Connects to `url` and says `hello` with `token`; the account the server knows the token by.
    pub(super) async fn open(url: &str, token: &str) -> Result<(Socket, AccountInfo), OpenError> {
        let (stream, _) = tokio_tungstenite::connect_async(url).await.map_err(|e| OpenError::Lost(e.to_string()))?;
        let mut socket = Socket { stream };
        let hello = ClientFrame::Hello { id: None, protocol: PROTOCOL_VERSION, token: token.to_owned() };
        socket.send(&hello).await.map_err(OpenError::Lost)?;
        match socket.next().await {
            Some(ServerFrame::Welcome { account, .. }) => Ok((socket, account)),
            Some(ServerFrame::Error { message, .. }) => Err(OpenError::Refused(message)),
            Some(other) => Err(OpenError::Lost(format!("expected welcome, got {other:?}"))),
            None => Err(OpenError::Lost("closed before the welcome".to_owned())),
        }
    }

    /// Sends one frame; the error is the reason the socket failed.
    pub(super) async fn send(&mut self, frame: &ClientFrame) -> Result<(), String> {
        let text = serde_json::to_string(frame).map_err(|e| e.to_string())?;
        self.stream.send(Message::Text(text.into())).await.map_err(|e| e.to_string())
    }

    /// The next frame from the server; `None` once the socket is closed or broken. A frame the bot cannot read
    /// (a newer server's) is logged and skipped.
    pub(super) async fn next(&mut self) -> Option<ServerFrame> {
        loop {
            match self.stream.next().await? {
                Ok(Message::Text(text)) => match serde_json::from_str(text.as_str()) {
                    Ok(frame) => return Some(frame),
                    Err(error) => tracing::warn!(%error, "bot: unreadable frame skipped"),
                },
                Ok(Message::Close(_)) | Err(_) => return None,
                Ok(_) => {}
            }
        }
    }
}
