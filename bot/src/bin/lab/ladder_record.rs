//! `kartka-bot-lab ladder --record FILE`: a ladder's finished games kept in a file, one line each, so that a run of
//! hours survives being stopped and can be finished later or split between machines. A run with the same
//! settings plays only the games the file lacks and counts them all; a file written with other settings is
//! refused, since its games would not be the ones these settings play.
//!
//! The file is text: a first line `# kartka bot ladder: SETTINGS`, then `LOWER HIGHER OPENING SEAT RESULT` per
//! game, where SEAT is the higher side's (`first` or `second`) and RESULT is the higher side's (`win`, `draw`,
//! `loss`, or `unfinished`, counted as a draw). The first line keeps the name the ladder had when it was part of
//! the server's `kartka` command, so that the records written then (docs/ladder/) still open.

use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::sync::Mutex;

use anyhow::Context;
use kartka_engine::Seat;

/// A finished game's result from the pairing's higher side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// The higher side won.
    Win,
    /// A draw by the rules.
    Draw,
    /// The higher side lost.
    Loss,
    /// Stopped at the turn limit (a draw in the table).
    Unfinished,
}

impl GameResult {
    const NAMES: [(GameResult, &'static str); 4] = [
        (GameResult::Win, "win"),
        (GameResult::Draw, "draw"),
        (GameResult::Loss, "loss"),
        (GameResult::Unfinished, "unfinished"),
    ];

    fn name(self) -> &'static str {
        Self::NAMES.iter().find(|(result, _)| *result == self).map_or("draw", |(_, name)| name)
    }

    fn parse(text: &str) -> Option<GameResult> {
        Self::NAMES.iter().find(|(_, name)| *name == text).map(|(result, _)| *result)
    }
}

/// Which game of a ladder a line is: the pairing's two sides by name, the opening, the higher side's seat.
#[derive(Clone, Debug, Hash, PartialEq, Eq)]
struct GameKey {
    lower: String,
    higher: String,
    opening: u32,
    higher_first: bool,
}

impl GameKey {
    fn new(lower: &str, higher: &str, opening: u32, higher_seat: Seat) -> GameKey {
        GameKey {
            lower: lower.to_owned(),
            higher: higher.to_owned(),
            opening,
            higher_first: higher_seat == Seat::FIRST,
        }
    }
}

/// The games of one ladder's settings already played, and the file the next ones are added to.
pub struct Record {
    file: Mutex<File>,
    done: HashMap<GameKey, GameResult>,
}

impl Record {
    /// Opens (or starts) the record at `path` for a ladder run with `settings`; a file of other settings is an
    /// error naming both.
    pub fn open(path: &Path, settings: &str) -> anyhow::Result<Record> {
        let header = format!("# kartka bot ladder: {settings}");
        let mut done = HashMap::new();
        let exists = path.exists();
        if exists {
            let reader = BufReader::new(File::open(path).with_context(|| format!("--record {}", path.display()))?);
            let mut lines = reader.lines();
            let first = lines.next().transpose()?.unwrap_or_default();
            anyhow::ensure!(
                first == header,
                "--record {}: written with other settings ({first:?}), this run has {header:?}",
                path.display()
            );
            for (number, line) in lines.enumerate() {
                let line = line?;
                let (key, result) = parse_line(&line).with_context(|| {
                    format!("--record {}: line {} is not a game: {line:?}", path.display(), number + 2)
                })?;
                done.insert(key, result);
            }
        }
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .with_context(|| format!("--record {}", path.display()))?;
        if !exists {
            writeln!(file, "{header}")?;
        }
        Ok(Record { file: Mutex::new(file), done })
    }

    /// How many games the record held when it was opened.
    pub fn len(&self) -> usize {
        self.done.len()
    }

    /// The result of a game if the record has it.
    pub fn result(&self, lower: &str, higher: &str, opening: u32, higher_seat: Seat) -> Option<GameResult> {
        self.done.get(&GameKey::new(lower, higher, opening, higher_seat)).copied()
    }

    /// Adds a finished game, written through at once so that a stopped run keeps it.
    pub fn add(
        &self,
        lower: &str,
        higher: &str,
        opening: u32,
        higher_seat: Seat,
        result: GameResult,
    ) -> anyhow::Result<()> {
        let seat = if higher_seat == Seat::FIRST { "first" } else { "second" };
        let mut file = self.file.lock().expect("record lock");
        writeln!(file, "{lower} {higher} {opening} {seat} {}", result.name())?;
        file.flush()?;
        Ok(())
    }
}

fn parse_line(line: &str) -> Option<(GameKey, GameResult)> {
    let mut fields = line.split(' ');
    let (lower, higher) = (fields.next()?, fields.next()?);
    let opening = fields.next()?.parse().ok()?;
    let higher_seat = match fields.next()? {
        "first" => Seat::FIRST,
        "second" => Seat::SECOND,
        _ => return None,
    };
    let result = GameResult::parse(fields.next()?)?;
    fields.next().is_none().then(|| (GameKey::new(lower, higher, opening, higher_seat), result))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_keeps_its_games_across_openings_and_refuses_other_settings() {
        let directory = tempfile::tempdir().expect("a directory");
        let path = directory.path().join("ladder.txt");
        let record = Record::open(&path, "levels 7,8").expect("a new record");
        assert_eq!(record.len(), 0);
        record.add("7", "8", 3, Seat::SECOND, GameResult::Win).expect("written");
        record.add("7", "8", 4, Seat::FIRST, GameResult::Unfinished).expect("written");
        drop(record);
        let again = Record::open(&path, "levels 7,8").expect("the same settings");
        assert_eq!(again.len(), 2);
        assert_eq!(again.result("7", "8", 3, Seat::SECOND), Some(GameResult::Win));
        assert_eq!(again.result("7", "8", 4, Seat::FIRST), Some(GameResult::Unfinished));
        assert_eq!(again.result("7", "8", 3, Seat::FIRST), None, "the other colour is another game");
        let error = Record::open(&path, "levels 6,7").err().expect("other settings are refused");
        assert!(error.to_string().contains("other settings"), "{error}");
    }

    #[test]
    fn a_damaged_line_is_an_error_naming_it() {
        let directory = tempfile::tempdir().expect("a directory");
        let path = directory.path().join("ladder.txt");
        std::fs::write(&path, "# kartka bot ladder: s\n7 8 3 first win\n7 8 x first win\n").expect("written");
        let error = Record::open(&path, "s").err().expect("refused");
        assert!(error.to_string().contains("line 3"), "{error}");
    }
}
