//! `kartka track check`'s checks beyond reading: the track is one ring cut by the line, the lap is closed, every
//! touch point is on it, and a car can reach the finish (with the header's fewest moves, if it records them,
//! confirmed).

use std::collections::VecDeque;

use super::geometry::Point;
use super::solve::{fewest_moves, CarState, SolveError, DEFAULT_BUDGET};
use super::track::{Cell, Track, TrackError};

/// What a check found: the track, and its fewest moves from the first start cell.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The track read.
    pub track: Track,
    /// The fewest moves of a lone car from the first start cell.
    pub fewest_moves: u32,
}

/// Reads and checks a track file: the file reads ([`Track::parse`]), the track is one ring that the line cuts,
/// the lap is closed, the touch points are on it, a lone car reaches the finish, and the fewest moves the header
/// records (if any) are the solver's.
pub fn check(text: &str) -> Result<Checked, TrackError> {
    let track = Track::parse(text)?;
    check_ring(&track)?;
    check_lap(&track)?;
    let start = CarState::at_start(track.starts()[0]);
    let solution = match fewest_moves(&track, start, DEFAULT_BUDGET) {
        Ok(solution) => solution,
        Err(SolveError::Unreachable | SolveError::Budget(_)) => {
            let (line, column) = track.location(track.starts()[0]);
            return Err(TrackError::FinishUnreachable { line, column });
        }
    };
    if let Some(recorded) = track.fewest_moves() {
        if recorded != solution.moves {
            return Err(TrackError::FewestMovesDiffer { recorded, solved: solution.moves });
        }
    }
    Ok(Checked { track, fewest_moves: solution.moves })
}

/// The track is one ring round one infield, cut by the line: with the line cells taken as outside, every outside
/// cell joins the map's border through outside cells that share a side. An island the line does not reach (a
/// pillar, or the infield itself when the line ends at a pillar) is refused: a car could circle it crossing the
/// line every time, or lap the track without crossing the line at all. Cells that meet only at a corner do not
/// join, as cars pass between them.
fn check_ring(track: &Track) -> Result<(), TrackError> {
    let (width, height) = (track.width(), track.height());
    let blocks =
        |point: Point| !track.cell(point).is_track() || matches!(track.cell(point), Cell::Start | Cell::Finish);
    let mut reached = vec![false; width * height];
    let mut queue = VecDeque::new();
    let points = (0..height).flat_map(|y| (0..width).map(move |x| Point::new(x as i16, y as i16)));
    for point in points.clone() {
        let on_border = point.x == 0 || point.y == 0 || point.x as usize == width - 1 || point.y as usize == height - 1;
        if on_border && blocks(point) {
            reached[point.y as usize * width + point.x as usize] = true;
            queue.push_back(point);
        }
    }
    while let Some(point) = queue.pop_front() {
        for step in [Point::new(1, 0), Point::new(-1, 0), Point::new(0, 1), Point::new(0, -1)] {
            let next = point + step;
            let inside = (0..width as i16).contains(&next.x) && (0..height as i16).contains(&next.y);
            if inside && blocks(next) && !reached[next.y as usize * width + next.x as usize] {
                reached[next.y as usize * width + next.x as usize] = true;
                queue.push_back(next);
            }
        }
    }
    match points.clone().find(|&point| blocks(point) && !reached[point.y as usize * width + point.x as usize]) {
        Some(island) => {
            let (line, column) = track.location(island);
            Err(TrackError::Island { line, column })
        }
        None => Ok(()),
    }
}

/// The lap is closed when the track cells just ahead of the start/finish line lead, without passing a line
/// cell, to the cells just behind it; cars move between cells that share a side or a corner (a diagonal step
/// touches the corner, which is allowed). Every touch point must be on that way round.
fn check_lap(track: &Track) -> Result<(), TrackError> {
    let line = track.line();
    let step = line.direction.step();
    let is_line = |point: Point| matches!(track.cell(point), Cell::Start | Cell::Finish);
    let line_cells: Vec<Point> = (0..track.height())
        .flat_map(|y| (0..track.width()).map(move |x| Point::new(x as i16, y as i16)))
        .filter(|&point| is_line(point))
        .collect();
    let mut reached = vec![false; track.width() * track.height()];
    let index = |point: Point| point.y as usize * track.width() + point.x as usize;
    let mut queue = VecDeque::new();
    for &cell in &line_cells {
        let ahead = cell + step;
        if track.cell(ahead).is_track() && !is_line(ahead) && !reached[index(ahead)] {
            reached[index(ahead)] = true;
            queue.push_back(ahead);
        }
    }
    while let Some(point) = queue.pop_front() {
        for dy in -1..=1 {
            for dx in -1..=1 {
                let next = point + Point::new(dx, dy);
                if track.cell(next).is_track() && !is_line(next) && !reached[index(next)] {
                    reached[index(next)] = true;
                    queue.push_back(next);
                }
            }
        }
    }
    let behind = Point::new(-step.x, -step.y);
    let closed = line_cells.iter().any(|&cell| {
        let back = cell + behind;
        track.cell(back).is_track() && !is_line(back) && reached[index(back)]
    });
    if !closed {
        let (line, column) = track.location(line_cells[0]);
        return Err(TrackError::LapNotClosed { line, column });
    }
    if let Some(&off) = track.touch_points().iter().find(|&&touch| !reached[index(touch)]) {
        let (line, column) = track.location(off);
        return Err(TrackError::TouchPointOffLap { line, column });
    }
    Ok(())
}
