//! A webhook receiver for tests: an HTTP server on 127.0.0.1 that records every POST and answers with a
//! failure for the first few.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use axum::Router;
use hmac::{Hmac, Mac};
use sha2::Sha256;
use tokio::net::TcpListener;

/// One POST the receiver got.
#[derive(Clone, Debug)]
pub struct Delivery {
    /// The `X-Kartka-Signature` header.
    pub signature: Option<String>,
    /// The `X-Kartka-Notification` header.
    pub notification_id: Option<String>,
    /// The body.
    pub body: Bytes,
    /// Whether the receiver answered with success.
    pub accepted: bool,
}

#[derive(Clone)]
struct Behaviour {
    deliveries: Arc<Mutex<Vec<Delivery>>>,
    failures_left: Arc<Mutex<usize>>,
    delay: Duration,
}

/// A running receiver.
pub struct Receiver {
    /// Where it listens.
    pub addr: SocketAddr,
    behaviour: Behaviour,
}

impl Receiver {
    /// Starts a receiver that answers 500 to the first `failures` POSTs, each after `delay`, then 200.
    pub async fn start(failures: usize, delay: Duration) -> Receiver {
        let behaviour = Behaviour { deliveries: Arc::default(), failures_left: Arc::new(Mutex::new(failures)), delay };
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind a free port");
        let addr = listener.local_addr().expect("local address");
        let app = Router::new().route("/hook", post(receive)).with_state(behaviour.clone());
        tokio::spawn(async move { axum::serve(listener, app).await });
        Receiver { addr, behaviour }
    }

    /// The URL to register.
    #[must_use]
    pub fn url(&self) -> String {
        format!("http://{}/hook", self.addr)
    }

    /// Every POST so far.
    #[must_use]
    pub fn deliveries(&self) -> Vec<Delivery> {
        self.behaviour.deliveries.lock().expect("lock").clone()
    }

    /// Waits until `done` holds for the deliveries (at most `timeout`), and returns them.
    pub async fn wait_for(&self, timeout: Duration, done: impl Fn(&[Delivery]) -> bool) -> Vec<Delivery> {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let deliveries = self.deliveries();
            if done(&deliveries) || tokio::time::Instant::now() >= deadline {
                return deliveries;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

async fn receive(State(behaviour): State<Behaviour>, headers: HeaderMap, body: Bytes) -> StatusCode {
    tokio::time::sleep(behaviour.delay).await;
    let fail = {
        let mut left = behaviour.failures_left.lock().expect("lock");
        let fail = *left > 0;
        *left = left.saturating_sub(1);
        fail
    };
    let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok()).map(str::to_owned);
    behaviour.deliveries.lock().expect("lock").push(Delivery {
        signature: header("x-kartka-signature"),
        notification_id: header("x-kartka-notification"),
        body,
        accepted: !fail,
    });
    if fail {
        StatusCode::INTERNAL_SERVER_ERROR
    } else {
        StatusCode::OK
    }
}

/// The signature a body must carry: `sha256=` and the hex HMAC-SHA256 keyed with the secret's text.
#[must_use]
pub fn expected_signature(secret: &str, body: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("any key length");
    mac.update(body);
    let hex: String = mac.finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect();
    format!("sha256={hex}")
}
