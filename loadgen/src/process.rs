//! A process's memory and CPU, read from `/proc` (Linux): the server's when its pid is given, and the load
//! generator's own, since both share the machine.

use std::time::{Duration, Instant};

use serde::Serialize;

/// Clock ticks per second of `/proc/<pid>/stat`'s CPU times: `USER_HZ`, which Linux fixes at 100 on every
/// architecture it reports to user space in these units (`getconf CLK_TCK`).
const TICKS_PER_SECOND: f64 = 100.0;

/// One reading of a process.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reading {
    /// Resident memory, in KiB.
    pub rss_kib: u64,
    /// User and system CPU time so far, in clock ticks.
    pub cpu_ticks: u64,
}

/// Reads the process `pid` (`"self"` for this one); `None` when it is gone or `/proc` is not there.
#[must_use]
pub fn read(pid: &str) -> Option<Reading> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    Some(Reading { rss_kib: rss_kib(&status)?, cpu_ticks: cpu_ticks(&stat)? })
}

/// `VmRSS` of a `/proc/<pid>/status` text, in KiB.
fn rss_kib(status: &str) -> Option<u64> {
    let line = status.lines().find(|line| line.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// `utime + stime` of a `/proc/<pid>/stat` line. The command name (field 2) may hold spaces and parentheses,
/// so the fields are counted from the last `)`.
fn cpu_ticks(stat: &str) -> Option<u64> {
    let after_name = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    // After the name: state is field 3, so utime (field 14) and stime (field 15) are at 11 and 12.
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some(utime + stime)
}

/// What a process did during the measured part of a run.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ProcessReport {
    /// Resident memory when the games began (after setting up), in KiB.
    pub rss_start_kib: u64,
    /// Resident memory at the end, in KiB.
    pub rss_end_kib: u64,
    /// The most resident memory seen in the once-a-second samples, in KiB.
    pub rss_peak_kib: u64,
    /// CPU used, as a share of one core (200 is two cores busy).
    pub cpu_percent: f64,
}

/// Samples one process from the start of the games on.
pub struct Sampler {
    pid: String,
    start: Option<(Instant, Reading)>,
    peak_kib: u64,
}

impl Sampler {
    /// Starts watching `pid` now.
    #[must_use]
    pub fn start(pid: String) -> Sampler {
        let start = read(&pid).map(|reading| (Instant::now(), reading));
        let peak_kib = start.map_or(0, |(_, reading)| reading.rss_kib);
        Sampler { pid, start, peak_kib }
    }

    /// Takes a sample for the peak.
    pub fn sample(&mut self) {
        if let Some(reading) = read(&self.pid) {
            self.peak_kib = self.peak_kib.max(reading.rss_kib);
        }
    }

    /// What the process did since the start; `None` if it could not be read.
    #[must_use]
    pub fn finish(mut self) -> Option<ProcessReport> {
        let (started, first) = self.start?;
        let last = read(&self.pid)?;
        self.peak_kib = self.peak_kib.max(last.rss_kib);
        Some(ProcessReport {
            rss_start_kib: first.rss_kib,
            rss_end_kib: last.rss_kib,
            rss_peak_kib: self.peak_kib,
            cpu_percent: cpu_percent(last.cpu_ticks.saturating_sub(first.cpu_ticks), started.elapsed()),
        })
    }
}

fn cpu_percent(ticks: u64, elapsed: Duration) -> f64 {
    let seconds = elapsed.as_secs_f64();
    if seconds <= 0.0 {
        return 0.0;
    }
    ticks as f64 / TICKS_PER_SECOND / seconds * 100.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_read_from_proc_texts() {
        let status = "Name:\tkartka\nVmPeak:\t  9000 kB\nVmRSS:\t   12345 kB\nThreads:\t3\n";
        assert_eq!(rss_kib(status), Some(12345));
        let stat = "4242 (kart ka) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 75 0 0 20 0 3 0 100 1000 300";
        assert_eq!(cpu_ticks(stat), Some(325));
    }

    #[test]
    fn this_process_can_be_read() {
        let reading = read("self").expect("/proc/self on Linux");
        assert!(reading.rss_kib > 0);
    }

    #[test]
    fn cpu_is_a_share_of_one_core() {
        assert!((cpu_percent(150, Duration::from_secs(1)) - 150.0).abs() < 1e-9);
        assert!((cpu_percent(50, Duration::from_secs(2)) - 25.0).abs() < 1e-9);
    }
}
