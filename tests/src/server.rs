//! Servers for tests: one in this process on a free port, or a real `kartka` process that a test may kill.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Weak};
use std::time::Duration;

use kartka_server::cluster::Node;
use kartka_server::config::{ClusterSettings, Settings};
use kartka_server::games::remote;
use kartka_server::store::Store;
use kartka_server::AppState;
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use uuid::Uuid;

/// A server running inside the test process on 127.0.0.1 with a port chosen by the system.
pub struct TestServer {
    /// Where it listens.
    pub addr: SocketAddr,
    /// Where its cluster listener (for the other nodes' forwarded games) listens, if it has one.
    pub cluster_addr: Option<SocketAddr>,
    /// Its state (store and games), for looking behind the API in tests.
    pub state: AppState,
    stop: Option<oneshot::Sender<()>>,
    serving: Option<JoinHandle<()>>,
}

impl TestServer {
    /// Starts a server over the database at `url` with `settings`.
    pub async fn start(url: &str, settings: Settings) -> TestServer {
        TestServer::start_on(url, settings, SocketAddr::from(([127, 0, 0, 1], 0))).await
    }

    /// Starts a server at `addr` (port 0: a free one). Reusing the address of a server just stopped lets
    /// clients that reconnect to it find the restarted server.
    pub async fn start_on(url: &str, settings: Settings, addr: SocketAddr) -> TestServer {
        TestServer::start_with(url, settings, addr, None).await
    }

    /// Starts a server that forwards games to the other nodes and takes theirs, on a cluster listener of its own
    /// (127.0.0.1, a free port) with the shared `secret`.
    pub async fn start_clustered(url: &str, settings: Settings, secret: &str) -> TestServer {
        TestServer::start_with(url, settings, SocketAddr::from(([127, 0, 0, 1], 0)), Some(secret)).await
    }

    async fn start_with(url: &str, mut settings: Settings, addr: SocketAddr, secret: Option<&str>) -> TestServer {
        let id = Uuid::new_v4();
        let store = kartka_server::store::open(url, id).await.expect("open the test database");
        let listener = TcpListener::bind(addr).await.expect("bind the address");
        let addr = listener.local_addr().expect("local address");
        let cluster_listener = bind_cluster(&mut settings, secret).await;
        let cluster_addr = cluster_listener.as_ref().map(|listener| listener.local_addr().expect("local address"));
        let node = Node::join(store.as_ref(), id, settings.node).await.expect("join the database as a node");
        let state = AppState::new(store, settings, node);
        state.join_cluster(url).await.expect("listen to the other nodes");
        if let Some(cluster_listener) = cluster_listener {
            state.tasks.spawn(remote::serve(cluster_listener, state.clone()));
        }
        let (stop, stopped) = oneshot::channel();
        let serving = tokio::spawn(kartka_server::run(listener, state.clone(), async move {
            let _ = stopped.await;
        }));
        TestServer { addr, cluster_addr, state, stop: Some(stop), serving: Some(serving) }
    }

    /// The base URL for REST calls.
    #[must_use]
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Shuts down gracefully and waits until every task has ended.
    pub async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(serving) = self.serving.take() {
            tokio::time::timeout(Duration::from_secs(10), serving)
                .await
                .expect("the server shuts down within 10 s")
                .expect("the server task does not panic");
        }
    }
}

/// A server in a Tokio runtime of its own inside the test process, so that a test can crash it: dropping the
/// runtime ends every one of its tasks at once, and no shutdown code runs (its node keeps its row and leases, as
/// after a crash). Talk to it over its address only: its state's methods would spawn tasks on the caller's
/// runtime, which outlive the crash.
pub struct CrashableServer {
    /// Where it listens.
    pub addr: SocketAddr,
    /// Its node's id.
    pub node_id: uuid::Uuid,
    runtime: Option<tokio::runtime::Runtime>,
    /// Its store, gone once every task of the server is: then its files are closed, as a process's are when it
    /// ends (the SQLite lock file's lock with them).
    store: Weak<dyn Store>,
}

/// How long a crashed server's tasks may take to be dropped, however loaded the machine is.
const CRASH_PATIENCE: Duration = Duration::from_secs(20);

impl CrashableServer {
    /// Starts a server over the database at `url` with `settings`, in a runtime of its own.
    pub async fn start(url: &str, settings: Settings) -> CrashableServer {
        CrashableServer::start_with(url, settings, None).await
    }

    /// [`CrashableServer::start`] with a cluster listener and the shared `secret`, like
    /// [`TestServer::start_clustered`].
    pub async fn start_clustered(url: &str, settings: Settings, secret: &str) -> CrashableServer {
        CrashableServer::start_with(url, settings, Some(secret.to_owned())).await
    }

    async fn start_with(url: &str, mut settings: Settings, secret: Option<String>) -> CrashableServer {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .expect("a runtime for the server");
        let url = url.to_owned();
        let (addr, node_id, store) = runtime
            .spawn(async move {
                let id = Uuid::new_v4();
                let store = kartka_server::store::open(&url, id).await.expect("open the test database");
                let listener = TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], 0))).await.expect("bind");
                let addr = listener.local_addr().expect("local address");
                let cluster_listener = bind_cluster(&mut settings, secret.as_deref()).await;
                let node = Node::join(store.as_ref(), id, settings.node).await.expect("join the database as a node");
                let weak = Arc::downgrade(&store);
                let state = AppState::new(store, settings, node);
                state.join_cluster(&url).await.expect("listen to the other nodes");
                if let Some(cluster_listener) = cluster_listener {
                    tokio::spawn(remote::serve(cluster_listener, state.clone()));
                }
                // Never stopped gracefully: the runtime's end is the server's end.
                tokio::spawn(kartka_server::run(listener, state, std::future::pending()));
                (addr, node.id(), weak)
            })
            .await
            .expect("the server starts");
        CrashableServer { addr, node_id, runtime: Some(runtime), store }
    }

    /// The base URL for REST calls.
    #[must_use]
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Ends the server at once: every task stops where it is; nothing is released or written. Returns once its
    /// tasks are dropped, with everything they held, as a crashed process is gone.
    pub fn crash(mut self) {
        if let Some(runtime) = self.runtime.take() {
            // Waiting for the runtime's threads, not for the store's count of owners to reach zero: the count
            // reaches zero before the store's drop has run, and its files (the SQLite lock file's lock) are
            // closed only at the end of that drop, which a loaded machine may delay past the next start.
            // Blocking on a runtime is refused inside another one, hence a thread of its own.
            let shutdown = std::thread::spawn(move || runtime.shutdown_timeout(CRASH_PATIENCE));
            shutdown.join().expect("the crashed server's runtime shuts down");
        }
        assert_eq!(self.store.strong_count(), 0, "the crashed server's tasks are dropped");
    }
}

impl Drop for CrashableServer {
    fn drop(&mut self) {
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

/// With a `secret`, binds a cluster listener on 127.0.0.1 (a free port) and sets `settings` to forward games
/// with it and to be reached there.
async fn bind_cluster(settings: &mut Settings, secret: Option<&str>) -> Option<TcpListener> {
    let secret = secret?;
    let listener = TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], 0))).await.expect("bind the cluster address");
    let url = format!("http://{}", listener.local_addr().expect("local address"));
    settings.cluster = Some(ClusterSettings { url, secret: secret.to_owned() });
    Some(listener)
}

/// A real server process (the `kartka` command), so that a test can kill it without a clean shutdown.
pub struct ServerProcess {
    /// Where it listens.
    pub addr: SocketAddr,
    child: Child,
}

impl ServerProcess {
    /// Starts `binary serve` over the database at `url` on a free port, with extra environment variables, and
    /// waits until it listens.
    pub fn start(binary: &str, url: &str, env: &[(&str, &str)]) -> ServerProcess {
        let mut child = Command::new(binary)
            .arg("serve")
            .env("DATABASE_URL", url)
            .env("KARTKA_LISTEN", "127.0.0.1:0")
            .env("KARTKA_LOG_FORMAT", "json")
            .env("KARTKA_LOG", "info")
            .envs(env.iter().copied())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start the server process");
        let stdout = child.stdout.take().expect("piped stdout");
        let mut lines = BufReader::new(stdout).lines();
        let addr = loop {
            let line = lines.next().expect("the server printed its address before exiting").expect("read stdout");
            let Ok(entry) = serde_json::from_str::<serde_json::Value>(&line) else { continue };
            if entry["fields"]["message"] == "kartka is listening" {
                break entry["fields"]["address"].as_str().expect("address field").parse().expect("an address");
            }
        };
        // Keep draining stdout so the server never blocks on a full pipe.
        std::thread::spawn(move || lines.for_each(drop));
        ServerProcess { addr, child }
    }

    /// The base URL for REST calls.
    #[must_use]
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Kills the process outright (SIGKILL): no shutdown code runs.
    pub fn kill(mut self) {
        self.child.kill().expect("kill the server");
        self.child.wait().expect("reap the server");
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
