//! Why a run could not start or finish. Problems of the server under load (error frames, dropped connections,
//! timeouts) are not errors of the run: they are counted in the report.

use std::path::PathBuf;

/// A run that could not be carried out.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The server URL does not parse, or is not http.
    #[error("bad server URL {0}")]
    BadUrl(String),
    /// The server is not on this machine.
    #[error("{0} is not a loopback address: the load generator only loads a server on this machine")]
    NotLoopback(String),
    /// `--game` names no kind.
    #[error("unknown game kind {0:?}")]
    UnknownKind(String),
    /// The options ask for nothing to play.
    #[error("{0}")]
    BadOptions(&'static str),
    /// The record file could not be written or read.
    #[error("record file {path}: {source}")]
    Record {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// A line of a record file is not a recorded move.
    #[error("record file {path}, line {line}: {message}")]
    BadRecord {
        /// The file.
        path: PathBuf,
        /// The line number, from 1.
        line: usize,
        /// What is wrong with it.
        message: String,
    },
    /// Accounts or games could not be made before the measured part.
    #[error("setting up: {0}")]
    Setup(String),
    /// The server's process could not be read from `/proc`.
    #[error("process {0} cannot be read from /proc")]
    NoProcess(u32),
    /// The server could not be asked about a recorded game.
    #[error("reading game {game}: {message}")]
    Check {
        /// The game.
        game: uuid::Uuid,
        /// What went wrong.
        message: String,
    },
}
