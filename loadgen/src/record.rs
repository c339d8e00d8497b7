//! The record of acknowledged moves: one JSON object per line, written as each `ack` arrives, so that a
//! crash test can check afterwards that the store kept every one.

use std::fs::File;
use std::io::{BufRead, BufReader, LineWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use kartka_protocol::SeatName;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::error::LoadError;

/// A move the server acknowledged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedMove {
    /// The game.
    pub game_id: Uuid,
    /// The ply the move started at.
    pub ply: u32,
    /// The sequence number of its `moved` event, from the `ack`.
    pub seq: Option<u64>,
    /// Who played it.
    pub seat: SeatName,
    /// The move text sent.
    pub notation: String,
}

/// Where acknowledged moves are written, line by line (each line reaches the file as it is written).
pub struct Recorder {
    path: PathBuf,
    file: Mutex<LineWriter<File>>,
}

impl Recorder {
    /// Creates (or truncates) the file at `path`.
    pub fn create(path: &Path) -> Result<Recorder, LoadError> {
        let file = File::create(path).map_err(|source| LoadError::Record { path: path.to_owned(), source })?;
        Ok(Recorder { path: path.to_owned(), file: Mutex::new(LineWriter::new(file)) })
    }

    /// Appends one move.
    pub fn write(&self, recorded: &RecordedMove) -> Result<(), LoadError> {
        let mut line = serde_json::to_string(recorded)
            .map_err(|error| LoadError::Record { path: self.path.clone(), source: std::io::Error::other(error) })?;
        line.push('\n');
        let mut file = self.file.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        file.write_all(line.as_bytes()).map_err(|source| LoadError::Record { path: self.path.clone(), source })
    }
}

/// Every move recorded in the file at `path`, in order.
pub fn read(path: &Path) -> Result<Vec<RecordedMove>, LoadError> {
    let file = File::open(path).map_err(|source| LoadError::Record { path: path.to_owned(), source })?;
    let mut moves = Vec::new();
    for (index, line) in BufReader::new(file).lines().enumerate() {
        let line = line.map_err(|source| LoadError::Record { path: path.to_owned(), source })?;
        if line.trim().is_empty() {
            continue;
        }
        let recorded = serde_json::from_str(&line).map_err(|error| LoadError::BadRecord {
            path: path.to_owned(),
            line: index + 1,
            message: error.to_string(),
        })?;
        moves.push(recorded);
    }
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recorded_moves_read_back_in_order() {
        let dir = std::env::temp_dir().join(format!("kartka-loadgen-{}", Uuid::new_v4()));
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        let path = dir.join("moves.jsonl");
        let moves = [
            RecordedMove { game_id: Uuid::new_v4(), ply: 0, seq: Some(4), seat: SeatName::First, notation: "0".into() },
            RecordedMove { game_id: Uuid::new_v4(), ply: 1, seq: None, seat: SeatName::Second, notation: "17".into() },
        ];
        let recorder = Recorder::create(&path).expect("create");
        for recorded in &moves {
            recorder.write(recorded).expect("write");
        }
        drop(recorder);
        assert_eq!(read(&path).expect("read"), moves);
        std::fs::write(&path, "{\"game_id\": 1}\n").expect("overwrite");
        assert!(matches!(read(&path), Err(LoadError::BadRecord { line: 1, .. })));
        std::fs::remove_dir_all(&dir).expect("clean up");
    }
}
