//! A track: the map of cells read from a track file (docs/tracks.md), its name and version, and its identity,
//! the SHA-256 of its canonical text.

use std::fmt;

use super::geometry::{Direction, FinishLine, Point};

pub use crate::data_name::{ContentHash as TrackHash, DataName as TrackName, MAX_NAME_LEN};
/// The widest map, in cells.
pub const MAX_WIDTH: usize = 200;
/// The tallest map, in cells.
pub const MAX_HEIGHT: usize = 120;
/// The most touch points a track may have (the cars' record of them is a 64-bit mask).
pub const MAX_TOUCH_POINTS: usize = 64;
/// The fewest start cells: a race has at least two cars.
pub const MIN_STARTS: usize = 2;

/// What one cell of the map is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// `#` (or a cell beyond a row's end): outside the track.
    Outside,
    /// `.`, or the direction marker: track.
    Track,
    /// `~`: track where a crash costs two hit points.
    Danger,
    /// `S`: a start cell on the start/finish line.
    Start,
    /// `F`: a cell of the start/finish line where no car starts.
    Finish,
    /// `o`: a touch point every lap must pass through.
    TouchPoint,
}

impl Cell {
    /// Whether a car may be on this cell.
    #[must_use]
    pub const fn is_track(self) -> bool {
        !matches!(self, Cell::Outside)
    }
}

/// What names one track exactly: its name and the hash of its canonical text. Rules carry this, never the
/// track itself, and a game replays only with the track of that hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TrackId {
    /// The track's name.
    pub name: TrackName,
    /// The hash of its canonical text.
    pub hash: TrackHash,
}

impl fmt::Display for TrackId {
    /// `name@hash`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}@{}", self.name, self.hash)
    }
}

/// Why a track file is refused, with the 1-based line and column where one applies.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TrackError {
    /// A header line that is not `key: value`, or whose key is unknown.
    #[error("line {line}: expected `name:`, `version:`, `fewest-moves:` or `map:`")]
    Header {
        /// The line.
        line: usize,
    },
    /// A header key given twice.
    #[error("line {line}: `{key}` is given twice")]
    RepeatedKey {
        /// The line.
        line: usize,
        /// The key.
        key: &'static str,
    },
    /// A header value that does not read.
    #[error("line {line}: `{key}` must be {expected}")]
    BadValue {
        /// The line.
        line: usize,
        /// The key.
        key: &'static str,
        /// What the value must be.
        expected: &'static str,
    },
    /// A required header key is missing.
    #[error("the header has no `{0}`")]
    MissingKey(&'static str),
    /// The `map:` line never comes, or no row follows it.
    #[error("the file has no map (a `map:` line followed by its rows)")]
    NoMap,
    /// The map is larger than [`MAX_WIDTH`] × [`MAX_HEIGHT`].
    #[error("the map is larger than {MAX_WIDTH} x {MAX_HEIGHT} cells")]
    TooLarge,
    /// A character that is not a map character.
    #[error("line {line}, column {column}: {found:?} is not a map character (# . ~ S F o > < ^ v)")]
    UnknownCharacter {
        /// The line.
        line: usize,
        /// The column.
        column: usize,
        /// The character.
        found: char,
    },
    /// No direction marker, or more than one.
    #[error("the map must have exactly one direction marker (> < ^ v), it has {0}")]
    Markers(usize),
    /// Fewer start cells than a race of two needs.
    #[error("the map has {0} start cells (S); a race needs at least {MIN_STARTS}")]
    TooFewStarts(usize),
    /// More touch points than cars can keep track of.
    #[error("the map has {0} touch points (o); at most {MAX_TOUCH_POINTS}")]
    TooManyTouchPoints(usize),
    /// A line cell off the straight line the first line cell and the marker define.
    #[error("line {line}, column {column}: the start/finish line (S and F) must be one straight run across the racing direction")]
    LineNotStraight {
        /// The line.
        line: usize,
        /// The column.
        column: usize,
    },
    /// A gap in the run of line cells.
    #[error("line {line}, column {column}: the start/finish line has a gap here")]
    LineBroken {
        /// The line.
        line: usize,
        /// The column.
        column: usize,
    },
    /// Track beyond an end of the line: the line does not span the track from wall to wall.
    #[error("line {line}, column {column}: the start/finish line must end at the outside, not at track")]
    LineOpen {
        /// The line.
        line: usize,
        /// The column.
        column: usize,
    },
    /// Outside cells that neither the outer wall nor the start/finish line reach: the track is not one ring cut
    /// by the line.
    #[error("line {line}, column {column}: an island the start/finish line does not reach; a track is one ring round one infield, the line running from the outer wall to the infield")]
    Island {
        /// The line.
        line: usize,
        /// The column.
        column: usize,
    },
    /// No way round from the cells ahead of the line to the cells behind it without crossing it; the position is
    /// the line's first cell.
    #[error("line {line}, column {column}: the lap is not closed: no way leads from ahead of the start/finish line round to behind it")]
    LapNotClosed {
        /// The line.
        line: usize,
        /// The column.
        column: usize,
    },
    /// A touch point the lap cannot pass.
    #[error("line {line}, column {column}: the touch point is off the lap")]
    TouchPointOffLap {
        /// The line.
        line: usize,
        /// The column.
        column: usize,
    },
    /// No car can drive a whole lap (the solver found no way to the finish); the position is the first start
    /// cell's.
    #[error("line {line}, column {column}: no car can reach the finish from this start cell")]
    FinishUnreachable {
        /// The line.
        line: usize,
        /// The column.
        column: usize,
    },
    /// The recorded fewest moves differs from what the solver finds.
    #[error("the header records {recorded} fewest moves, the solver finds {solved}")]
    FewestMovesDiffer {
        /// The header's value.
        recorded: u32,
        /// The solver's.
        solved: u32,
    },
}

/// A track read from its file: the map, the start/finish line, the start cells in seat order, the touch points,
/// and its identity. Immutable once read; games share it through an `Arc`.
#[derive(Clone, Debug)]
pub struct Track {
    id: TrackId,
    version: u32,
    fewest_moves: Option<u32>,
    width: usize,
    height: usize,
    cells: Vec<Cell>,
    line: FinishLine,
    starts: Vec<Point>,
    touch_points: Vec<Point>,
    canonical: String,
    /// The file's line of the map's first row, so that errors found later name a cell's line and column.
    first_map_line: usize,
}

impl PartialEq for Track {
    /// Tracks are equal when their canonical texts are, which their hashes stand for.
    fn eq(&self, other: &Track) -> bool {
        self.id == other.id
    }
}

impl Eq for Track {}

impl std::hash::Hash for Track {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.id.hash(state);
    }
}

impl Track {
    /// Reads a track file (docs/tracks.md): the header, the map, and the map's shape (markers, start cells,
    /// the line). Whether the lap is closed and the finish reachable is [`check`](super::check)'s business.
    pub fn parse(text: &str) -> Result<Track, TrackError> {
        let mut name = None;
        let mut version = None;
        let mut fewest_moves = None;
        let mut lines = text.lines().enumerate().map(|(index, line)| (index + 1, line.trim_end()));
        let mut map_line = None;
        for (number, line) in lines.by_ref() {
            if line.is_empty() {
                continue;
            }
            let (key, value) = line.split_once(':').ok_or(TrackError::Header { line: number })?;
            let value = value.trim();
            match key.trim() {
                "name" => {
                    let parsed = TrackName::new(value).ok_or(TrackError::BadValue {
                        line: number,
                        key: "name",
                        expected: "1 to 32 of a-z, 0-9 and -",
                    })?;
                    set_once(&mut name, parsed, number, "name")?;
                }
                "version" => {
                    let parsed = value.parse::<u32>().map_err(|_| TrackError::BadValue {
                        line: number,
                        key: "version",
                        expected: "a whole number",
                    })?;
                    set_once(&mut version, parsed, number, "version")?;
                }
                "fewest-moves" => {
                    let parsed = value.parse::<u32>().map_err(|_| TrackError::BadValue {
                        line: number,
                        key: "fewest-moves",
                        expected: "a whole number",
                    })?;
                    set_once(&mut fewest_moves, parsed, number, "fewest-moves")?;
                }
                "map" if value.is_empty() => {
                    map_line = Some(number);
                    break;
                }
                _ => return Err(TrackError::Header { line: number }),
            }
        }
        let map_line = map_line.ok_or(TrackError::NoMap)?;
        let name = name.ok_or(TrackError::MissingKey("name"))?;
        let version = version.ok_or(TrackError::MissingKey("version"))?;
        let rows: Vec<&str> = lines.map(|(_, line)| line).collect();
        let height = rows.iter().rposition(|row| !row.is_empty()).map_or(0, |last| last + 1);
        let rows = &rows[..height];
        if rows.is_empty() {
            return Err(TrackError::NoMap);
        }
        let width = rows.iter().map(|row| row.chars().count()).max().unwrap_or(0);
        if width > MAX_WIDTH || height > MAX_HEIGHT {
            return Err(TrackError::TooLarge);
        }
        let mut cells = vec![Cell::Outside; width * height];
        let mut markers = Vec::new();
        for (y, row) in rows.iter().enumerate() {
            for (x, character) in row.chars().enumerate() {
                let cell = match character {
                    '#' => Cell::Outside,
                    '.' => Cell::Track,
                    '~' => Cell::Danger,
                    'S' => Cell::Start,
                    'F' => Cell::Finish,
                    'o' => Cell::TouchPoint,
                    _ => match Direction::of_marker(character) {
                        Some(direction) => {
                            markers.push(direction);
                            Cell::Track
                        }
                        None => {
                            return Err(TrackError::UnknownCharacter {
                                line: map_line + 1 + y,
                                column: x + 1,
                                found: character,
                            })
                        }
                    },
                };
                cells[y * width + x] = cell;
            }
        }
        let direction = match markers.as_slice() {
            [direction] => *direction,
            _ => return Err(TrackError::Markers(markers.len())),
        };
        let canonical = canonical_text(name, version, rows);
        let mut track = Track {
            id: TrackId { name, hash: TrackHash::of(&canonical) },
            version,
            fewest_moves,
            width,
            height,
            cells,
            line: FinishLine { direction, along: 0, across: (0, 0) },
            starts: Vec::new(),
            touch_points: Vec::new(),
            canonical,
            first_map_line: map_line + 1,
        };
        track.starts = track.cells_where(|cell| cell == Cell::Start);
        if track.starts.len() < MIN_STARTS {
            return Err(TrackError::TooFewStarts(track.starts.len()));
        }
        track.touch_points = track.cells_where(|cell| cell == Cell::TouchPoint);
        if track.touch_points.len() > MAX_TOUCH_POINTS {
            return Err(TrackError::TooManyTouchPoints(track.touch_points.len()));
        }
        track.line = track.read_line()?;
        Ok(track)
    }

    /// The track's name and hash.
    #[must_use]
    pub const fn id(&self) -> TrackId {
        self.id
    }

    /// The track's version, from its header.
    #[must_use]
    pub const fn version(&self) -> u32 {
        self.version
    }

    /// The fewest moves of a lone car from the first start cell, as the header records it.
    #[must_use]
    pub const fn fewest_moves(&self) -> Option<u32> {
        self.fewest_moves
    }

    /// The map's width in cells.
    #[must_use]
    pub const fn width(&self) -> usize {
        self.width
    }

    /// The map's height in cells.
    #[must_use]
    pub const fn height(&self) -> usize {
        self.height
    }

    /// The cell at `point`; outside the map, [`Cell::Outside`].
    #[must_use]
    pub fn cell(&self, point: Point) -> Cell {
        match (usize::try_from(point.x), usize::try_from(point.y)) {
            (Ok(x), Ok(y)) if x < self.width && y < self.height => self.cells[y * self.width + x],
            _ => Cell::Outside,
        }
    }

    /// The start/finish line.
    #[must_use]
    pub const fn line(&self) -> FinishLine {
        self.line
    }

    /// The start cells, in seat order (the order of the map's reading: rows from the top, each from the left).
    #[must_use]
    pub fn starts(&self) -> &[Point] {
        &self.starts
    }

    /// The touch points, in the map's reading order; a car's record of them is a mask by this order.
    #[must_use]
    pub fn touch_points(&self) -> &[Point] {
        &self.touch_points
    }

    /// The mask of every touch point passed.
    #[must_use]
    pub fn all_touched(&self) -> u64 {
        match self.touch_points.len() {
            MAX_TOUCH_POINTS => u64::MAX,
            count => (1u64 << count) - 1,
        }
    }

    /// The bit of the touch point at `point` in a car's mask, 0 for any other cell.
    #[must_use]
    pub fn touch_bit(&self, point: Point) -> u64 {
        if self.cell(point) != Cell::TouchPoint {
            return 0;
        }
        self.touch_points.iter().position(|&touch| touch == point).map_or(0, |index| 1 << index)
    }

    /// The canonical text the hash is taken of: `kartka-track/1`, the name and version lines, then the map's
    /// rows as written with trailing blanks removed, each ending in a line feed. Blank lines, the header's order
    /// and the recorded fewest moves (a result about the track, not the track) are left out.
    #[must_use]
    pub fn canonical_text(&self) -> &str {
        &self.canonical
    }

    /// The map's rows as the canonical text writes them (trailing blanks removed), top row first: what a client
    /// draws the track from.
    pub fn rows(&self) -> impl Iterator<Item = &str> {
        // The canonical text is its three header lines, then the rows (`canonical_text`).
        self.canonical.lines().skip(CANONICAL_HEADER_LINES)
    }

    /// The 1-based line and column of the file where the map's cell at `point` is written.
    #[must_use]
    pub fn location(&self, point: Point) -> (usize, usize) {
        (self.first_map_line + point.y.max(0) as usize, point.x.max(0) as usize + 1)
    }

    /// Every point whose cell satisfies `wanted`, in reading order.
    fn cells_where(&self, wanted: impl Fn(Cell) -> bool) -> Vec<Point> {
        (0..self.height)
            .flat_map(|y| (0..self.width).map(move |x| (x, y)))
            .filter(|&(x, y)| wanted(self.cells[y * self.width + x]))
            // The map's size is bounded by MAX_WIDTH and MAX_HEIGHT, well within i16.
            .map(|(x, y)| Point::new(x as i16, y as i16))
            .collect()
    }

    /// The start/finish line the map's `S` and `F` cells draw: one straight run across the racing direction,
    /// without gaps, ending at the outside on both sides.
    fn read_line(&self) -> Result<FinishLine, TrackError> {
        let direction = self.line.direction;
        let position = |point: Point| self.location(point);
        let line_cells = self.cells_where(|cell| matches!(cell, Cell::Start | Cell::Finish));
        let (along, _) = direction.frame(line_cells[0]);
        let mut across: Vec<(i64, Point)> = Vec::with_capacity(line_cells.len());
        for &point in &line_cells {
            let (here_along, here_across) = direction.frame(point);
            if here_along != along {
                let (line, column) = position(point);
                return Err(TrackError::LineNotStraight { line, column });
            }
            across.push((here_across, point));
        }
        across.sort_unstable();
        for pair in across.windows(2) {
            if pair[1].0 != pair[0].0 + 1 {
                let (line, column) = position(pair[0].1);
                return Err(TrackError::LineBroken { line, column });
            }
        }
        let (first, last) = (across[0], across[across.len() - 1]);
        let beside = Point::new(direction.step().y.abs(), direction.step().x.abs());
        let before = Point::new(first.1.x - beside.x, first.1.y - beside.y);
        let after = Point::new(last.1.x + beside.x, last.1.y + beside.y);
        for end in [before, after] {
            if self.cell(end).is_track() {
                let (line, column) = position(end);
                return Err(TrackError::LineOpen { line, column });
            }
        }
        Ok(FinishLine { direction, along, across: (first.0, last.0) })
    }
}

/// Sets a header value read once, refusing a key given twice.
fn set_once<T>(slot: &mut Option<T>, value: T, line: usize, key: &'static str) -> Result<(), TrackError> {
    if slot.is_some() {
        return Err(TrackError::RepeatedKey { line, key });
    }
    *slot = Some(value);
    Ok(())
}

/// The lines of the canonical text before the map's rows: the format, the name and the version.
const CANONICAL_HEADER_LINES: usize = 3;

/// The canonical text of a track (see [`Track::canonical_text`]).
fn canonical_text(name: TrackName, version: u32, rows: &[&str]) -> String {
    let mut text = format!("kartka-track/1\nname: {name}\nversion: {version}\n");
    for row in rows {
        text.push_str(row);
        text.push('\n');
    }
    text
}
