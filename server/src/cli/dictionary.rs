//! `kartka dictionary build` and `kartka dictionary check`: the word games' lists built from the open word lists
//! into kartka's dictionary file, and a file's identity printed (docs/dictionaries.md).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command as Process;

use anyhow::Context;
use kartka_engine::dictionary::{build, Dictionary, DictionaryName, Language, WordError};

/// Options of `kartka dictionary`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, clap::Subcommand)]
enum Command {
    /// Build a dictionary file from a word list (one word a line) or a hunspell dictionary: proper nouns and
    /// abbreviations (any capital letter) and words with letters outside the language's alphabet are left out,
    /// the rest normalised (docs/dictionaries.md). Prints what the check prints, and what was left out.
    Build(BuildArgs),
    /// Read and check a dictionary file; print its language, name, words and hash.
    Check {
        /// The dictionary file.
        file: PathBuf,
    },
}

/// Options of `kartka dictionary build`.
#[derive(Debug, clap::Args)]
struct BuildArgs {
    /// The list's language: pl, en or ru.
    #[arg(long)]
    language: Language,
    /// The list's name: 1 to 32 of a-z, 0-9 and - (e.g. sjp).
    #[arg(long)]
    name: String,
    /// The source: a word list, one word a line (UTF-8), or with `--hunspell` a hunspell `.dic` file whose
    /// `.aff` lies beside it.
    #[arg(long)]
    from: PathBuf,
    /// Read `--from` as a hunspell dictionary, expanding its affixes with hunspell-tools' `unmunch`.
    #[arg(long)]
    hunspell: bool,
    /// Keep only the words of at most this many letters (the shipped small lists, docs/dictionaries.md).
    #[arg(long)]
    max_letters: Option<usize>,
    /// Where to write the dictionary file.
    #[arg(long)]
    out: PathBuf,
}

/// Runs `kartka dictionary`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    match args.command {
        Command::Build(args) => {
            let source = read_source(&args.from, args.hunspell)?;
            let name = DictionaryName::new(&args.name)
                .with_context(|| format!("a dictionary name is 1 to 32 of a-z, 0-9 and -, not {:?}", args.name))?;
            let (bytes, left_out) = build_list(args.language, name, &source, args.max_letters)?;
            std::fs::write(&args.out, &bytes).with_context(|| format!("writing {}", args.out.display()))?;
            write_summary(&mut out, &Dictionary::read(bytes)?)?;
            writeln!(out, "left-out-capitalised: {}", left_out.capitalised)?;
            writeln!(out, "left-out-other-letters: {}", left_out.other_letters)?;
            writeln!(out, "left-out-longer: {}", left_out.longer)?;
            Ok(())
        }
        Command::Check { file } => {
            let bytes = std::fs::read(&file).with_context(|| format!("reading {}", file.display()))?;
            let list = Dictionary::read(bytes).with_context(|| format!("{}", file.display()))?;
            write_summary(&mut out, &list)
        }
    }
}

/// The source's text: the file itself, or a hunspell dictionary's every form as `unmunch` writes them.
fn read_source(from: &Path, hunspell: bool) -> anyhow::Result<String> {
    if !hunspell {
        return std::fs::read_to_string(from).with_context(|| format!("reading {}", from.display()));
    }
    let affixes = from.with_extension("aff");
    let expanded = Process::new("unmunch")
        .arg(from)
        .arg(&affixes)
        .output()
        .context("running unmunch (Debian: apt-get install hunspell-tools)")?;
    anyhow::ensure!(expanded.status.success(), "unmunch {} {} failed: {}", from.display(), affixes.display(), {
        String::from_utf8_lossy(&expanded.stderr)
    });
    String::from_utf8(expanded.stdout).context("unmunch wrote text that is not UTF-8")
}

/// How many source words were left out, and why.
#[derive(Debug, Default, PartialEq, Eq)]
struct LeftOut {
    /// Words with a capital letter: proper nouns and abbreviations.
    capitalised: usize,
    /// Words with a character outside the language's alphabet (accents of loan words, apostrophes, hyphens).
    other_letters: usize,
    /// Words longer than `--max-letters`, or than any list holds.
    longer: usize,
}

/// The dictionary file of `source`'s words (one a line; blank lines and surrounding blanks ignored).
fn build_list(
    language: Language,
    name: DictionaryName,
    source: &str,
    max_letters: Option<usize>,
) -> anyhow::Result<(Vec<u8>, LeftOut)> {
    let mut left_out = LeftOut::default();
    let mut words = Vec::new();
    for line in source.lines().map(str::trim).filter(|line| !line.is_empty()) {
        if line.chars().any(char::is_uppercase) {
            left_out.capitalised += 1;
            continue;
        }
        match language.normalise(line) {
            Err(WordError::TooLong) => left_out.longer += 1,
            Err(_) => left_out.other_letters += 1,
            Ok(word) if max_letters.is_some_and(|max| word.chars().count() > max) => left_out.longer += 1,
            Ok(word) => words.push(word),
        }
    }
    let bytes = build(language, name, words).context("building the list")?;
    Ok((bytes, left_out))
}

/// Prints a list's identity, one `key: value` line each.
fn write_summary(out: &mut impl Write, list: &Dictionary) -> anyhow::Result<()> {
    let id = list.id();
    writeln!(out, "language: {}", id.language)?;
    writeln!(out, "name: {}", id.name)?;
    writeln!(out, "words: {}", list.len())?;
    writeln!(out, "hash: {}", id.hash)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_build_leaves_out_capitals_and_foreign_letters_and_keeps_the_short_words_when_asked() {
        let name = DictionaryName::new("cli-test").expect("a name");
        let source = "kot\nKraków\nNATO\n  pies \n\nabbé\nżółw\nkot\nwiewiórka\n";
        let (bytes, left_out) = build_list(Language::Pl, name, source, None).expect("builds");
        assert_eq!(left_out, LeftOut { capitalised: 2, other_letters: 1, longer: 0 });
        let words: Vec<String> = Dictionary::read(bytes).expect("reads").words().stream().into_strs().expect("UTF-8");
        assert_eq!(words, ["kot", "pies", "wiewiórka", "żółw"]);
        let (small, left_out) = build_list(Language::Pl, name, source, Some(4)).expect("builds");
        assert_eq!(left_out.longer, 1);
        assert_eq!(Dictionary::read(small).expect("reads").len(), 3);
        let russian = build_list(Language::Ru, name, "ёж\nЁлка\nелка\n", None).expect("builds").0;
        let words: Vec<String> = Dictionary::read(russian).expect("reads").words().stream().into_strs().expect("UTF-8");
        assert_eq!(words, ["еж", "елка"]);
    }

    #[test]
    fn a_check_prints_the_lists_identity() {
        let mut out = Vec::new();
        let shipped = kartka_engine::dictionary::registry::shipped(Language::En);
        write_summary(&mut out, &shipped).expect("written");
        let text = String::from_utf8(out).expect("text");
        let expected =
            format!("language: en\nname: scowl-small\nwords: {}\nhash: {}\n", shipped.len(), shipped.id().hash);
        assert_eq!(text, expected);
    }
}
