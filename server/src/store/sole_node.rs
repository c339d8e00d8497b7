//! The lock file that makes one process the only node of a SQLite database.
//!
//! A SQLite file serves one node. The `nodes` table alone cannot tell a node that crashed a moment ago from one
//! that runs: both have a young heartbeat, so a start after a crash had to watch the row for a whole TTL. An
//! exclusive OS lock on a file beside the database answers at once: the operating system drops it when its
//! process ends, however that happens, so whoever holds it knows that no other process serves the database and
//! every other node row is stale. It is taken only by a starting node (`cluster::Node::join`), never by opening
//! the store, so that `kartka admin` commands still run beside the server.
//!
//! The lock is `flock` on Unix and `LockFileEx` on Windows, through `fs4`: the standard library's
//! `File::try_lock` does the same but needs Rust 1.89, above the workspace's minimum. `flock` locks belong to
//! an open file, not to a process, so two stores of one test process exclude each other like two processes.

use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use fs4::{FileExt, TryLockError};

use super::StoreError;

/// What claiming a database for this process's node found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SoleNode {
    /// Several nodes may share this database (PostgreSQL): there is nothing to claim.
    Shared,
    /// This process holds the database alone, until it ends or leaves: every other node's row is stale.
    Held,
    /// Another process holds the database's lock file: it serves the database.
    HeldElsewhere {
        /// The lock file.
        lock_file: PathBuf,
    },
}

/// The lock of one SQLite database, taken at most once and held until released or dropped.
#[derive(Debug)]
pub(super) struct SoleNodeLock {
    /// The lock file; `None` for an in-memory database, which no other process can open.
    path: Option<PathBuf>,
    /// The open lock file while this process holds its lock.
    held: Mutex<Option<File>>,
}

impl SoleNodeLock {
    /// The lock of the database file `database`: the file `<database>.lock` beside it.
    pub(super) fn beside(database: &Path) -> SoleNodeLock {
        let mut path = database.as_os_str().to_owned();
        path.push(".lock");
        SoleNodeLock { path: Some(PathBuf::from(path)), held: Mutex::new(None) }
    }

    /// The lock of an in-memory database: always this process's, since no other process can reach it.
    pub(super) fn in_memory() -> SoleNodeLock {
        SoleNodeLock { path: None, held: Mutex::new(None) }
    }

    /// Takes the lock without waiting: [`SoleNode::Held`] once this process has it (again if already held),
    /// [`SoleNode::HeldElsewhere`] while another process does.
    pub(super) fn claim(&self) -> Result<SoleNode, StoreError> {
        let Some(path) = &self.path else { return Ok(SoleNode::Held) };
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        if held.is_some() {
            return Ok(SoleNode::Held);
        }
        let lock_error = |source| StoreError::LockFile { path: path.clone(), source };
        // Never truncated or removed: removing it would let a process lock a new file while another still holds
        // the old one's lock.
        let file = OpenOptions::new().create(true).truncate(false).write(true).open(path).map_err(lock_error)?;
        match FileExt::try_lock(&file) {
            Ok(()) => {
                *held = Some(file);
                Ok(SoleNode::Held)
            }
            Err(TryLockError::WouldBlock) => Ok(SoleNode::HeldElsewhere { lock_file: path.clone() }),
            Err(TryLockError::Error(source)) => Err(lock_error(source)),
        }
    }

    /// Lets the lock go (closing the file releases it), so that another node may start on the database.
    pub(super) fn release(&self) {
        self.held.lock().unwrap_or_else(PoisonError::into_inner).take();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_lock_at_a_time_until_released() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let database = dir.path().join("kartka.db");
        let first = SoleNodeLock::beside(&database);
        let second = SoleNodeLock::beside(&database);
        assert_eq!(first.claim().unwrap(), SoleNode::Held);
        assert_eq!(first.claim().unwrap(), SoleNode::Held, "claiming again keeps it");
        let lock_file = dir.path().join("kartka.db.lock");
        assert_eq!(second.claim().unwrap(), SoleNode::HeldElsewhere { lock_file: lock_file.clone() });
        first.release();
        assert_eq!(second.claim().unwrap(), SoleNode::Held, "free once released");
        assert_eq!(first.claim().unwrap(), SoleNode::HeldElsewhere { lock_file });
        drop(second);
        assert_eq!(first.claim().unwrap(), SoleNode::Held, "free once its holder is gone");
    }

    #[test]
    fn an_in_memory_database_is_always_this_processs() {
        let lock = SoleNodeLock::in_memory();
        assert_eq!(lock.claim().unwrap(), SoleNode::Held);
        assert_eq!(SoleNodeLock::in_memory().claim().unwrap(), SoleNode::Held);
    }

    #[test]
    fn a_lock_file_that_cannot_be_opened_is_an_error() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let lock = SoleNodeLock::beside(&dir.path().join("missing-directory").join("kartka.db"));
        assert!(matches!(lock.claim(), Err(StoreError::LockFile { .. })));
    }
}
