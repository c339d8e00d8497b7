//! `kartka admin`: grant or revoke the admin role, mark bot accounts, import record files, and rebuild the opening
//! explorer, on the database that `DATABASE_URL` names (the server may be running).

use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context;

use crate::admin::audit::Actor;
use crate::admin::{bot, import, role};
use crate::explorer;

/// Options of `kartka admin`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Where games are stored: `postgres://…` for PostgreSQL, `sqlite:FILE` for SQLite.
    #[arg(long, env = "DATABASE_URL", default_value = "sqlite:kartka.db", global = true)]
    database_url: String,
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, clap::Subcommand)]
enum Command {
    /// Give a registered account the admin role.
    Grant {
        /// The account's name.
        user: String,
        /// Why, for the audit log.
        #[arg(long, default_value = "granted on the command line")]
        reason: String,
    },
    /// Take the admin role away from an account.
    Revoke {
        /// The account's name.
        user: String,
        /// Why, for the audit log.
        #[arg(long, default_value = "revoked on the command line")]
        reason: String,
    },
    /// Mark a registered account as a bot (a program playing through the protocol), or with `--unset` take the
    /// mark away.
    Bot {
        /// The account's name.
        user: String,
        /// Take the mark away instead.
        #[arg(long)]
        unset: bool,
        /// Why, for the audit log.
        #[arg(long, default_value = "marked on the command line")]
        reason: String,
    },
    /// Import record files (plain or gzip, each read by the game kind it holds) into the archive; each file's
    /// name is its source label, so importing a file again adds nothing.
    Import {
        /// The most a file may unpack to, in MiB (as the server's `--import-unpacked-mb`).
        #[arg(long, env = "KARTKA_IMPORT_UNPACKED_MB", default_value_t = 256)]
        unpacked_mb: u64,
        /// The record files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// The opening explorer.
    Explorer {
        #[command(subcommand)]
        command: ExplorerCommand,
    },
}

#[derive(Debug, clap::Subcommand)]
enum ExplorerCommand {
    /// Write every finished game's opening into the explorer again (games stored before it existed, or after
    /// a failed write).
    Rebuild,
}

/// Runs `kartka admin`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Runtime::new().context("starting the async runtime")?;
    runtime.block_on(async {
        // A node of its own: the command is not a server, and the servers hear of what it commits as another's.
        let store =
            crate::store::open(&args.database_url, uuid::Uuid::new_v4()).await.context("opening the database")?;
        match args.command {
            Command::Grant { user, reason } => {
                let changed = role::set_admin(store.as_ref(), &user, true, Actor::CommandLine, &reason).await?;
                println!("{user}: {}", if changed { "is now an admin" } else { "was an admin already" });
            }
            Command::Revoke { user, reason } => {
                let changed = role::set_admin(store.as_ref(), &user, false, Actor::CommandLine, &reason).await?;
                println!("{user}: {}", if changed { "is no longer an admin" } else { "was not an admin" });
            }
            Command::Bot { user, unset, reason } => {
                let changed = bot::set_bot(store.as_ref(), &user, !unset, Actor::CommandLine, &reason).await?;
                let now = match (unset, changed) {
                    (false, true) => "is now a bot",
                    (false, false) => "was a bot already",
                    (true, true) => "is no longer a bot",
                    (true, false) => "was not a bot",
                };
                println!("{user}: {now}");
            }
            Command::Import { unpacked_mb, files } => {
                let max_unpacked = unpacked_mb.max(1).saturating_mul(1024 * 1024);
                for path in files {
                    let started = Instant::now();
                    let bytes = std::fs::read(&path).with_context(|| format!("reading {}", path.display()))?;
                    let source = path
                        .file_name()
                        .map_or_else(|| path.display().to_string(), |name| name.to_string_lossy().into_owned());
                    let report = import::import_file(store.as_ref(), &source, bytes, max_unpacked, Actor::CommandLine)
                        .await
                        .with_context(|| format!("importing {}", path.display()))?;
                    println!(
                        "{}: {} read, {} imported, {} already imported, {} refused ({:.2} s)",
                        path.display(),
                        report.read,
                        report.imported,
                        report.already_imported,
                        report.rejected,
                        started.elapsed().as_secs_f64()
                    );
                    for rejection in &report.rejections {
                        eprintln!("{}: game {}: {}", path.display(), rejection.index, rejection.reason);
                    }
                }
            }
            Command::Explorer { command: ExplorerCommand::Rebuild } => {
                let started = Instant::now();
                let games = explorer::index::rebuild(store.as_ref()).await.context("rebuilding the explorer")?;
                println!("explorer: {games} finished games written ({:.2} s)", started.elapsed().as_secs_f64());
            }
        }
        Ok(())
    })
}
