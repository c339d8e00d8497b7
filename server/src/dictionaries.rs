//! Word lists a server adds to the shipped small ones: every `*.dict` file of its dictionaries directory
//! (`--dictionaries-dir`), read and checked as `kartka dictionary check` checks and registered in the engine's
//! registry when the server starts (docs/dictionaries.md). The engine does no I/O: this reads the files and
//! hands it their bytes. The largest list of a language becomes the one new games of it play with.

use std::path::{Path, PathBuf};

use anyhow::Context;
use kartka_engine::dictionary::{registry, DictionaryId};

/// Reads and registers every `*.dict` file of `dir`, in the order of their names; the first that does not read or
/// conflicts with a registered list stops the loading with its file's name and error.
pub fn load_dir(dir: &Path) -> anyhow::Result<Vec<DictionaryId>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("reading the dictionaries directory {}", dir.display()))?
        .map(|entry| entry.map(|entry| entry.path()))
        .collect::<Result<_, _>>()
        .with_context(|| format!("listing {}", dir.display()))?;
    files.retain(|path| path.extension().is_some_and(|extension| extension == "dict"));
    files.sort();
    files.iter().map(|path| load_file(path)).collect()
}

/// Reads and registers one dictionary file, and prepares its draws so that no game's creation pays for the pass.
pub fn load_file(path: &Path) -> anyhow::Result<DictionaryId> {
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    let list = registry::register(bytes).with_context(|| format!("{}", path.display()))?;
    list.prepare_draws();
    Ok(list.id())
}

#[cfg(test)]
mod tests {
    use kartka_engine::dictionary::{build, DictionaryName, Language};

    use super::*;

    #[test]
    fn a_directory_registers_its_dictionary_files_and_a_bad_one_is_named() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let name = DictionaryName::new("dir-test").expect("a name");
        let bytes = build(Language::En, name, ["cat", "dog"]).expect("builds");
        std::fs::write(dir.path().join("en-dir-test.dict"), &bytes).expect("written");
        std::fs::write(dir.path().join("notes.txt"), "not a dictionary").expect("written");
        let loaded = load_dir(dir.path()).expect("loads");
        assert_eq!(loaded.len(), 1);
        assert_eq!(registry::find(&loaded[0]).map(|list| list.len()), Some(2));
        std::fs::write(dir.path().join("zz-broken.dict"), &bytes[..bytes.len() / 2]).expect("written");
        let error = format!("{:#}", load_dir(dir.path()).expect_err("the broken file is refused"));
        assert!(error.contains("zz-broken.dict") && error.contains("word set"), "{error}");
    }
}
