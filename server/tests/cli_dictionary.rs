//! `kartka dictionary build` and `check` as a user runs them: a build is reproducible (the same source gives the
//! same file and hash twice), and the full lists scripts/test.sh builds (`KARTKA_TEST_DICTIONARIES`) read and
//! rebuild from their Debian packages to the same hash. Without that variable the shipped small lists are checked.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use kartka_engine::dictionary::{registry, Language};

/// The directory of the full lists, set by scripts/test.sh.
const FULL_LISTS: &str = "KARTKA_TEST_DICTIONARIES";

fn kartka(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kartka")).arg("dictionary").args(args).output().expect("kartka runs")
}

fn stdout_of(output: &Output) -> String {
    assert!(output.status.success(), "kartka failed: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

/// The value of a `key: value` line.
fn field(stdout: &str, key: &str) -> String {
    let prefix = format!("{key}: ");
    stdout
        .lines()
        .find_map(|line| line.strip_prefix(&prefix))
        .unwrap_or_else(|| panic!("no {key} in {stdout}"))
        .to_owned()
}

fn path(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

#[test]
fn building_twice_from_the_same_source_gives_the_same_file_and_hash() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let source = dir.path().join("words.txt");
    std::fs::write(&source, "żółw\nkot\nKraków\npies\ngęś\nkot\nabbé\n").expect("written");
    let build = |out: &Path| {
        let args = ["build", "--language", "pl", "--name", "twice", "--from", path(&source), "--out", path(out)];
        stdout_of(&kartka(&args))
    };
    let (first, second) = (dir.path().join("first.dict"), dir.path().join("second.dict"));
    let (built_first, built_second) = (build(&first), build(&second));
    assert_eq!(std::fs::read(&first).expect("read"), std::fs::read(&second).expect("read"));
    assert_eq!(field(&built_first, "hash"), field(&built_second, "hash"));
    assert_eq!(field(&built_first, "words"), "4");
    assert_eq!(field(&built_first, "left-out-capitalised"), "1");
    assert_eq!(field(&built_first, "left-out-other-letters"), "1");
    let checked = stdout_of(&kartka(&["check", path(&first)]));
    assert_eq!(checked, built_first.lines().take(4).map(|line| format!("{line}\n")).collect::<String>());
    std::fs::write(&second, b"KRTKDICT\x01pl").expect("written");
    let refused = kartka(&["check", path(&second)]);
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("second.dict"));
}

/// A full list: its file in the directory, its language, its source and whether that is a hunspell dictionary.
const FULL: [(&str, Language, &str, bool, usize); 3] = [
    ("pl.dict", Language::Pl, "/usr/share/dict/polish", false, 4_000_000),
    ("en.dict", Language::En, "/usr/share/dict/american-english-large", false, 100_000),
    ("ru.dict", Language::Ru, "/usr/share/hunspell/ru_RU.dic", true, 1_000_000),
];

#[test]
fn the_full_lists_read_and_rebuild_from_their_packages_to_their_hash() {
    let Some(dir) = std::env::var_os(FULL_LISTS).map(PathBuf::from) else {
        // Without the full lists, the shipped ones: each file checks to the identity the registry gives it.
        let lists = Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/src/dictionary/lists");
        let shipped = [
            ("pl-sjp-small.dict", Language::Pl),
            ("en-scowl-small.dict", Language::En),
            ("ru-lebedev-small.dict", Language::Ru),
        ];
        for (file, language) in shipped {
            let checked = stdout_of(&kartka(&["check", path(&lists.join(file))]));
            assert_eq!(field(&checked, "hash"), registry::shipped(language).id().hash.to_hex(), "{file}");
        }
        return;
    };
    for (file, language, source, hunspell, at_least) in FULL {
        let list = dir.join(file);
        assert!(list.is_file(), "{FULL_LISTS}={} lacks {file}: run scripts/test.sh to build it", dir.display());
        let checked = stdout_of(&kartka(&["check", path(&list)]));
        assert_eq!(field(&checked, "language"), language.code());
        let words: usize = field(&checked, "words").parse().expect("a count");
        assert!(words >= at_least, "{file}: {words} words");
        let rebuilt = tempfile::NamedTempFile::new().expect("a temporary file");
        let name = field(&checked, "name");
        let mut args = vec!["build", "--language", language.code(), "--name", &name, "--from", source];
        if hunspell {
            args.push("--hunspell");
        }
        args.extend(["--out", path(rebuilt.path())]);
        let built = stdout_of(&kartka(&args));
        assert_eq!(field(&built, "hash"), field(&checked, "hash"), "{file} rebuilt from {source}");
    }
}
