//! `kartka serve`: the game server.

use std::sync::Arc;

use anyhow::Context;
use tokio::net::TcpListener;
use uuid::Uuid;

use crate::cluster::bus;
use crate::cluster::Node;
use crate::config::{ClusterSettings, LogFormat, ServeArgs, Settings};
use crate::games::remote;
use crate::state::AppState;
use crate::telemetry::{self, PoolReader};

/// Runs the server until Ctrl-C or SIGTERM.
pub fn run(args: ServeArgs) -> anyhow::Result<()> {
    init_logging(&args)?;
    raise_file_limit();
    if let Some(dir) = &args.data_dir {
        let loaded = crate::games::kinds::load_data(dir)?;
        for (folder, registered) in loaded.registered {
            tracing::info!(dir = %dir.display(), folder, ?registered, "game data registered");
        }
        for entry in loaded.unknown {
            tracing::warn!(entry = %entry.display(), "no game reads this entry of the data directory: left alone");
        }
    }
    let runtime = tokio::runtime::Runtime::new().context("starting the async runtime")?;
    runtime.block_on(async {
        // This node's id for this run: the other nodes on the same PostgreSQL tell its messages and leases by it.
        let id = Uuid::new_v4();
        let store = crate::store::open_with(&args.database_url, id, args.store_committers)
            .await
            .context("opening the database")?;
        // Bound before the node joins, so that the URL the other nodes dial names the port it got.
        let cluster_listener = match args.cluster_listen {
            Some(address) => Some(
                TcpListener::bind(address).await.with_context(|| format!("listening for other nodes on {address}"))?,
            ),
            None => None,
        };
        let cluster_address =
            cluster_listener.as_ref().map(TcpListener::local_addr).transpose().context("reading the bound address")?;
        let mut settings = Settings::from(&args);
        settings.cluster = ClusterSettings::from_args(&args, cluster_address).context("the cluster options")?;
        let node = Node::join(store.as_ref(), id, settings.node).await.context("joining the database as a node")?;
        let state = AppState::new(store.clone(), settings, node);
        // Before the address is announced, so that a node that says it is up hears the others. It stops with the
        // server's shutdown token; `crate::run` waits for it with the other tasks.
        if state.join_cluster(&args.database_url).await.context("listening to the other server nodes")?.is_some() {
            tracing::info!(node = %id, channel = bus::CHANNEL, "listening to the cluster bus");
        }
        if let Some(cluster_listener) = cluster_listener {
            // Never the public router: only the other nodes, with the shared secret, reach it.
            tracing::info!(address = ?cluster_address, "listening for other nodes' forwarded games");
            state.tasks.spawn(remote::serve(cluster_listener, state.clone()));
        }
        let listener = TcpListener::bind(args.listen).await.with_context(|| format!("listening on {}", args.listen))?;
        let address = listener.local_addr().context("reading the bound address")?;
        tracing::info!(%address, "kartka is listening");
        if let Some(metrics_addr) = args.metrics_addr {
            let metrics = TcpListener::bind(metrics_addr)
                .await
                .with_context(|| format!("listening for metrics on {metrics_addr}"))?;
            let pool: PoolReader = Arc::new(move || store.pool_use());
            // Ends with the runtime, after the server has stopped.
            tokio::spawn(telemetry::serve(metrics, pool, std::future::pending()));
        }
        crate::run(listener, state, shutdown_signal()).await;
        tracing::info!("kartka stopped");
        Ok(())
    })
}

/// Raises the soft limit on open files to the hard limit: every socket is a file, and the usual soft limit
/// of 1,024 lets a thousand idle sockets lock everyone else out. Where the limit cannot be raised, the server
/// runs with what it has.
fn raise_file_limit() {
    match rlimit::increase_nofile_limit(u64::MAX) {
        Ok(limit) => tracing::info!(limit, "open file limit"),
        Err(error) => tracing::warn!(%error, "could not raise the open file limit"),
    }
}

fn init_logging(args: &ServeArgs) -> anyhow::Result<()> {
    let filter = tracing_subscriber::EnvFilter::try_new(&args.log_level).context("reading the log level")?;
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    match args.log_format {
        LogFormat::Plain => builder.init(),
        LogFormat::Json => builder.json().init(),
    }
    Ok(())
}

/// Resolves on Ctrl-C, or SIGTERM on Unix (what container runtimes send).
async fn shutdown_signal() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {},
        () = terminate => {},
    }
    tracing::info!("shutting down");
}
