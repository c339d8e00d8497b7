//! The regression corpus: 33,549 real kurnik games from one week of September 2014.
//!
//! Every game must replay legally, every game that ended by the rules must agree with its recorded result, the
//! ways the games ended must match the counts measured independently (see the rules document), and every file
//! must come back byte for byte when its records are written again.
//!
//! The corpus is read in place from `../shared/corpus/kurnik` beside the repository, or from the directory in
//! `KARTKA_CORPUS_DIR`. A missing corpus fails the test: a regression test that skips proves nothing.

use std::io::Read;
use std::path::PathBuf;
use std::sync::OnceLock;

use flate2::read::MultiGzDecoder;
use kartka_engine::soccer::{read_records, write_records, KurnikRecord, LineEnding, Pitch, Replay, ResultCheck};
use kartka_engine::EndReason;

/// Facts about the corpus, measured by an independent model (`shared/rules/paper-soccer.md`, section 7).
const GAMES: usize = 33_549;
const GOALS_INCLUDING_OWN: usize = 21_510;
const OWN_GOALS: usize = 2_826;
const STUCK: usize = 7_003;
const UNFINISHED: usize = 5_036;
const UNFINISHED_MID_TURN: usize = 2_193;

/// One corpus file: its name, its text as kurnik wrote it, and its games.
struct CorpusFile {
    name: String,
    text: String,
    records: Vec<KurnikRecord>,
}

/// The corpus, read once and shared by the tests of this file (they run in parallel threads).
fn corpus() -> &'static [CorpusFile] {
    static CORPUS: OnceLock<Vec<CorpusFile>> = OnceLock::new();
    CORPUS.get_or_init(read_corpus)
}

fn corpus_dir() -> PathBuf {
    match std::env::var_os("KARTKA_CORPUS_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus/kurnik"),
    }
}

fn read_corpus() -> Vec<CorpusFile> {
    let dir = corpus_dir();
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|error| {
        panic!(
            "the kurnik corpus is not at {} ({error}); set KARTKA_CORPUS_DIR to the directory holding the \
             *.pgn.gz files",
            dir.display()
        )
    });
    let mut paths: Vec<PathBuf> = entries
        .map(|entry| entry.expect("a readable corpus directory").path())
        .filter(|path| path.to_string_lossy().ends_with(".pgn.gz"))
        .collect();
    assert!(
        !paths.is_empty(),
        "no *.pgn.gz files in {}; set KARTKA_CORPUS_DIR to the directory holding the kurnik corpus",
        dir.display()
    );
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let name = path.file_name().expect("a file name").to_string_lossy().into_owned();
            let file = std::fs::File::open(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
            let mut text = String::new();
            MultiGzDecoder::new(file)
                .read_to_string(&mut text)
                .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
            let records =
                read_records(&text).collect::<Result<Vec<_>, _>>().unwrap_or_else(|error| panic!("{name}: {error}"));
            CorpusFile { name, text, records }
        })
        .collect()
}

fn games() -> impl Iterator<Item = (&'static str, usize, &'static KurnikRecord)> {
    corpus().iter().flat_map(|file| {
        file.records.iter().enumerate().map(move |(index, record)| (file.name.as_str(), index + 1, record))
    })
}

fn replays() -> &'static [Replay] {
    static REPLAYS: OnceLock<Vec<Replay>> = OnceLock::new();
    REPLAYS.get_or_init(|| games().map(|(_, _, record)| record.replay(Pitch::STANDARD)).collect())
}

#[test]
fn holds_every_game() {
    assert_eq!(games().count(), GAMES);
}

#[test]
fn every_step_is_legal_and_every_finished_game_agrees_with_its_result() {
    for ((file, game, _), replay) in games().zip(replays()) {
        assert_eq!(replay.fault, None, "{file}, game {game}");
        assert!(
            matches!(replay.result, ResultCheck::Agrees | ResultCheck::Unfinished),
            "{file}, game {game}: {:?} against the recorded result",
            replay.result
        );
    }
}

#[test]
fn games_end_as_measured() {
    fn count(wanted: impl Fn(&Replay) -> bool) -> usize {
        replays().iter().filter(|&replay| wanted(replay)).count()
    }
    fn reason(replay: &Replay) -> Option<EndReason> {
        replay.outcome().map(|outcome| outcome.reason)
    }
    let goals = count(|replay| matches!(reason(replay), Some(EndReason::Goal | EndReason::OwnGoal)));
    let own_goals = count(|replay| reason(replay) == Some(EndReason::OwnGoal));
    let stuck = count(|replay| reason(replay) == Some(EndReason::Stuck));
    let finished = count(|replay| replay.outcome().is_some());
    let unfinished = count(|replay| replay.outcome().is_none());
    let mid_turn = count(|replay| replay.outcome().is_none() && replay.ends_mid_turn());

    assert_eq!(
        (goals, own_goals, stuck, unfinished, mid_turn),
        (GOALS_INCLUDING_OWN, OWN_GOALS, STUCK, UNFINISHED, UNFINISHED_MID_TURN)
    );
    assert_eq!(finished, goals + stuck);
    assert_eq!(finished + unfinished, GAMES);
}

#[test]
fn writing_reproduces_the_kurnik_files_byte_for_byte() {
    for file in corpus() {
        assert!(write_records(&file.records, LineEnding::CrLf) == file.text, "{} differs when written", file.name);
    }
}

#[test]
fn every_game_reads_back_the_same_from_crlf_and_lf() {
    for ending in [LineEnding::CrLf, LineEnding::Lf] {
        for (file, game, record) in games() {
            let written = record.write(ending);
            let mut read = read_records(&written);
            assert_eq!(read.next(), Some(Ok(record.clone())), "{file}, game {game}, {ending:?}");
            assert_eq!(read.next(), None, "{file}, game {game}, {ending:?}");
        }
    }
}
