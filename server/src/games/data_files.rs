//! Files a kind plays with beyond what the engine ships (tracks, word lists, …), which a server adds when it
//! starts from its data directory (`--data-dir`, docs/operations.md "Game data"). A kind that has such files says where they are
//! and how one is registered ([`DataFiles`], through `Kind::data_files`); this reads the folders and names
//! the file that fails. The engine does no I/O: it is handed each file's bytes.

use std::error::Error;
use std::io;
use std::path::{Path, PathBuf};

/// The error a kind's registration gives for a file it refuses.
pub type Refusal = Box<dyn Error + Send + Sync>;

/// One sort of file a kind plays with, read from a folder of the data directory.
#[derive(Debug)]
pub struct DataFiles {
    /// The folder of the data directory the files are in: a plain name, e.g. `tracks`. Kinds that share files
    /// (the word games' lists) share one `DataFiles`, and so one folder.
    pub folder: &'static str,
    /// The extension of the files read there (without the dot); any other file is left alone.
    pub extension: &'static str,
    /// Checks one file's bytes and registers what they hold in the engine's registry, returning the name it is
    /// known by (for the start's log).
    pub register: fn(Vec<u8>) -> Result<String, Refusal>,
}

/// Why the data directory could not be loaded: the file (or folder) and the reason. The first failure stops
/// the loading, and the server does not start.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    /// A folder or file could not be read.
    #[error("reading {}: {reason}", path.display())]
    Read {
        /// The folder or file.
        path: PathBuf,
        /// What the system said.
        reason: io::Error,
    },
    /// A file was read, and its kind refused it: it fails the kind's check, or conflicts with what is already
    /// registered.
    #[error("{}: {reason}", path.display())]
    Refused {
        /// The file.
        path: PathBuf,
        /// The kind's reason.
        reason: Refusal,
    },
}

impl DataFiles {
    /// Registers every file of this sort in `data_dir`'s folder, in the order of their names, returning the
    /// names they are registered by; a data directory without the folder has none. The first file that fails
    /// stops the loading.
    pub fn load(&self, data_dir: &Path) -> Result<Vec<String>, DataError> {
        let folder = data_dir.join(self.folder);
        if !folder.exists() {
            return Ok(Vec::new());
        }
        let read_error = |path: &Path| {
            let path = path.to_path_buf();
            move |reason| DataError::Read { path, reason }
        };
        let mut files = std::fs::read_dir(&folder)
            .and_then(|entries| entries.map(|entry| entry.map(|entry| entry.path())).collect::<io::Result<Vec<_>>>())
            .map_err(read_error(&folder))?;
        files.retain(|path| path.extension().is_some_and(|extension| extension == self.extension));
        files.sort();
        files
            .into_iter()
            .map(|path| {
                let bytes = std::fs::read(&path).map_err(read_error(&path))?;
                (self.register)(bytes).map_err(|reason| DataError::Refused { path, reason })
            })
            .collect()
    }
}

/// The entries of `data_dir` other than `folders`, in name order: files and folders no kind reads there. An
/// error when the directory cannot be read, so that a mistyped setting stops the start rather than leaving
/// every folder empty.
pub fn entries_besides(data_dir: &Path, folders: &[&str]) -> Result<Vec<PathBuf>, DataError> {
    let read_error = |reason| DataError::Read { path: data_dir.to_path_buf(), reason };
    let mut entries = std::fs::read_dir(data_dir)
        .and_then(|entries| entries.map(|entry| entry.map(|entry| entry.path())).collect::<io::Result<Vec<_>>>())
        .map_err(read_error)?;
    entries.retain(|path| !path.file_name().is_some_and(|name| folders.iter().any(|folder| name == *folder)));
    entries.sort();
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sort of file whose registration accepts the text `good` and refuses anything else.
    static WORDS: DataFiles = DataFiles {
        folder: "words",
        extension: "w",
        register: |bytes| match bytes.as_slice() {
            b"good" => Ok("good".to_owned()),
            _ => Err("not good".into()),
        },
    };

    #[test]
    fn a_folder_registers_its_files_by_name_order_and_the_first_refused_is_named() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        assert_eq!(WORDS.load(dir.path()).expect("no folder, no files"), Vec::<String>::new());
        let folder = dir.path().join("words");
        std::fs::create_dir(&folder).expect("created");
        std::fs::write(folder.join("b.w"), "good").expect("written");
        std::fs::write(folder.join("a.w"), "good").expect("written");
        std::fs::write(folder.join("notes.txt"), "not of this sort").expect("written");
        assert_eq!(WORDS.load(dir.path()).expect("loads"), ["good", "good"]);
        std::fs::write(folder.join("c.w"), "bad").expect("written");
        let error = WORDS.load(dir.path()).expect_err("the bad file is refused").to_string();
        assert!(error.contains("c.w") && error.ends_with(": not good"), "{error}");
    }

    #[test]
    fn a_missing_data_directory_is_an_error_naming_it_and_entries_no_kind_reads_are_listed() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let missing = dir.path().join("nowhere");
        let error = entries_besides(&missing, &["words"]).expect_err("no such directory").to_string();
        assert!(error.starts_with("reading ") && error.contains("nowhere"), "{error}");
        assert_eq!(entries_besides(dir.path(), &["words"]).expect("an empty directory is fine"), Vec::<PathBuf>::new());
        for folder in ["words", "word", "README"] {
            std::fs::create_dir(dir.path().join(folder)).expect("created");
        }
        let unknown = entries_besides(dir.path(), &["words"]).expect("reads");
        assert_eq!(unknown, [dir.path().join("README"), dir.path().join("word")]);
    }
}
