//! Finding class-file bytes on a `-cp` class path.
//!
//! A class path is a ':'-separated list of directories and jar/zip archives,
//! searched in order. As with `java`, entries that do not exist are ignored and
//! an empty entry means the current directory. Archives are opened on first use
//! and kept open (behind a mutex, so a `ClassPath` is `Send + Sync`).

use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

use zip::result::ZipError;
use zip::ZipArchive;

/// Class files larger than this are refused rather than read into memory.
const MAX_CLASS_FILE_SIZE: u64 = 64 * 1024 * 1024;

/// The ordered entries of a class path.
#[derive(Debug)]
pub struct ClassPath {
    entries: Vec<Entry>,
}

#[derive(Debug)]
enum Entry {
    Directory(PathBuf),
    Archive(Archive),
}

/// A jar or zip file, opened lazily and then cached.
#[derive(Debug)]
struct Archive {
    path: PathBuf,
    state: Mutex<ArchiveState>,
}

#[derive(Debug)]
enum ArchiveState {
    NotYetOpened,
    Open(ZipArchive<File>),
    /// Opening failed; the message is reported on every lookup.
    Broken(String),
}

impl ClassPath {
    /// Builds a class path from a `-cp` string such as `build/classes:lib/a.jar`.
    pub fn new(spec: &str) -> ClassPath {
        let entries = spec.split(':').filter_map(entry_for).collect();
        ClassPath { entries }
    }

    /// The bytes of `binary_name` + `.class` (e.g. `com/foo/Bar`) from the first entry
    /// holding it; `Ok(None)` if no entry does; `Err` if an archive cannot be read.
    pub fn find(&self, binary_name: &str) -> Result<Option<Vec<u8>>, String> {
        if !is_safe_binary_name(binary_name) {
            return Ok(None);
        }
        let file_name = format!("{binary_name}.class");
        for entry in &self.entries {
            let found = match entry {
                Entry::Directory(dir) => read_from_directory(dir, &file_name)?,
                Entry::Archive(archive) => archive.read(&file_name)?,
            };
            if found.is_some() {
                return Ok(found);
            }
        }
        Ok(None)
    }
}

/// Directories and existing files become entries (any file is treated as an
/// archive, as `java` does); missing paths are dropped.
fn entry_for(spec_entry: &str) -> Option<Entry> {
    let path = PathBuf::from(if spec_entry.is_empty() {
        "."
    } else {
        spec_entry
    });
    if path.is_dir() {
        Some(Entry::Directory(path))
    } else if path.is_file() {
        Some(Entry::Archive(Archive {
            path,
            state: Mutex::new(ArchiveState::NotYetOpened),
        }))
    } else {
        None
    }
}

/// Rejects names that could escape a directory entry (`..`, absolute paths, ...).
fn is_safe_binary_name(name: &str) -> bool {
    !name.is_empty()
        && !name.contains(['\\', '\0'])
        && name
            .split('/')
            .all(|part| !part.is_empty() && part != "." && part != "..")
}

fn read_from_directory(dir: &Path, file_name: &str) -> Result<Option<Vec<u8>>, String> {
    let path = dir.join(file_name);
    match std::fs::read(&path) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) if path.is_dir() => Err(format!("{} is a directory: {e}", path.display())),
        Err(e) => Err(format!("cannot read {}: {e}", path.display())),
    }
}

impl Archive {
    fn read(&self, file_name: &str) -> Result<Option<Vec<u8>>, String> {
        let mut state = self.lock();
        let zip = self.open(&mut state)?;
        let mut entry = match zip.by_name(file_name) {
            Ok(entry) => entry,
            Err(ZipError::FileNotFound) => return Ok(None),
            Err(e) => return Err(self.problem(&format!("cannot read {file_name}: {e}"))),
        };
        if entry.size() > MAX_CLASS_FILE_SIZE {
            return Err(self.problem(&format!("{file_name} is {} bytes, too large", entry.size())));
        }
        let mut bytes = Vec::with_capacity(entry.size() as usize);
        entry
            .read_to_end(&mut bytes)
            .map_err(|e| self.problem(&format!("cannot read {file_name}: {e}")))?;
        Ok(Some(bytes))
    }

    fn lock(&self) -> MutexGuard<'_, ArchiveState> {
        // A panic while holding the lock leaves the state usable, so ignore poisoning.
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Opens the archive on first use; later calls reuse it (or its error).
    fn open<'s>(&self, state: &'s mut ArchiveState) -> Result<&'s mut ZipArchive<File>, String> {
        if let ArchiveState::NotYetOpened = state {
            *state = match self.open_archive() {
                Ok(zip) => ArchiveState::Open(zip),
                Err(message) => ArchiveState::Broken(message),
            };
        }
        match state {
            ArchiveState::Open(zip) => Ok(zip),
            ArchiveState::Broken(message) => Err(message.clone()),
            ArchiveState::NotYetOpened => Err(self.problem("archive was not opened")),
        }
    }

    fn open_archive(&self) -> Result<ZipArchive<File>, String> {
        let file =
            File::open(&self.path).map_err(|e| self.problem(&format!("cannot open: {e}")))?;
        ZipArchive::new(file)
            .map_err(|e| self.problem(&format!("not a valid jar or zip file: {e}")))
    }

    fn problem(&self, what: &str) -> String {
        format!(
            "error reading class path archive {}: {what}",
            self.path.display()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use zip::write::SimpleFileOptions;
    use zip::{CompressionMethod, ZipWriter};

    /// A fresh directory under the system temp dir, removed when dropped.
    struct TempDir(PathBuf);

    impl TempDir {
        fn new() -> TempDir {
            static COUNTER: AtomicUsize = AtomicUsize::new(0);
            let n = COUNTER.fetch_add(1, Ordering::Relaxed);
            let path = std::env::temp_dir()
                .join(format!("gcvm-classpath-test-{}-{n}", std::process::id()));
            std::fs::create_dir_all(&path).unwrap();
            TempDir(path)
        }

        fn path(&self, relative: &str) -> PathBuf {
            self.0.join(relative)
        }

        fn write(&self, relative: &str, bytes: &[u8]) -> PathBuf {
            let path = self.path(relative);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, bytes).unwrap();
            path
        }

        /// Writes a jar holding `files` (name, contents), deflate-compressed.
        fn jar(&self, relative: &str, files: &[(&str, &[u8])]) -> PathBuf {
            let path = self.path(relative);
            let mut zip = ZipWriter::new(File::create(&path).unwrap());
            let options =
                SimpleFileOptions::default().compression_method(CompressionMethod::Deflated);
            for (name, contents) in files {
                zip.start_file(*name, options).unwrap();
                zip.write_all(contents).unwrap();
            }
            zip.finish().unwrap();
            path
        }
    }

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn spec(paths: &[&Path]) -> String {
        paths
            .iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join(":")
    }

    #[test]
    fn finds_a_class_in_a_directory() {
        let dir = TempDir::new();
        dir.write("classes/com/foo/Bar.class", b"bar bytes");
        let cp = ClassPath::new(&spec(&[&dir.path("classes")]));
        assert_eq!(cp.find("com/foo/Bar"), Ok(Some(b"bar bytes".to_vec())));
    }

    #[test]
    fn finds_a_class_in_a_jar() {
        let dir = TempDir::new();
        let jar = dir.jar(
            "lib.jar",
            &[
                ("META-INF/MANIFEST.MF", b"Manifest-Version: 1.0\n"),
                ("com/foo/Bar.class", b"jarred"),
            ],
        );
        let cp = ClassPath::new(&spec(&[&jar]));
        assert_eq!(cp.find("com/foo/Bar"), Ok(Some(b"jarred".to_vec())));
    }

    #[test]
    fn finds_classes_in_a_jar_made_by_the_jar_tool() {
        let dir = TempDir::new();
        dir.write("in/p/A.class", b"from jar tool");
        let jar = dir.path("tool.jar");
        let status = std::process::Command::new("jar")
            .arg("cf")
            .arg(&jar)
            .arg("-C")
            .arg(dir.path("in"))
            .arg("p")
            .status()
            .expect("the JDK `jar` tool must be installed to run this test");
        assert!(status.success());
        let cp = ClassPath::new(&spec(&[&jar]));
        assert_eq!(cp.find("p/A"), Ok(Some(b"from jar tool".to_vec())));
    }

    #[test]
    fn repeated_lookups_reuse_the_open_jar() {
        let dir = TempDir::new();
        let jar = dir.jar("lib.jar", &[("A.class", b"a"), ("B.class", b"b")]);
        let cp = ClassPath::new(&spec(&[&jar]));
        assert_eq!(cp.find("A"), Ok(Some(b"a".to_vec())));
        std::fs::remove_file(&jar).unwrap(); // the cached handle still works
        assert_eq!(cp.find("B"), Ok(Some(b"b".to_vec())));
    }

    #[test]
    fn missing_class_is_not_an_error() {
        let dir = TempDir::new();
        dir.write("classes/A.class", b"a");
        let jar = dir.jar("lib.jar", &[("B.class", b"b")]);
        let cp = ClassPath::new(&spec(&[&dir.path("classes"), &jar]));
        assert_eq!(cp.find("com/foo/Missing"), Ok(None));
    }

    #[test]
    fn earlier_entries_win() {
        let dir = TempDir::new();
        dir.write("first/A.class", b"first");
        let jar = dir.jar("second.jar", &[("A.class", b"second")]);
        let cp = ClassPath::new(&spec(&[&dir.path("first"), &jar]));
        assert_eq!(cp.find("A"), Ok(Some(b"first".to_vec())));
        let reversed = ClassPath::new(&spec(&[&jar, &dir.path("first")]));
        assert_eq!(reversed.find("A"), Ok(Some(b"second".to_vec())));
    }

    #[test]
    fn missing_entries_are_ignored() {
        let dir = TempDir::new();
        dir.write("classes/A.class", b"a");
        let cp = ClassPath::new(&spec(&[
            &dir.path("nope"),
            &dir.path("nope.jar"),
            &dir.path("classes"),
        ]));
        assert_eq!(cp.find("A"), Ok(Some(b"a".to_vec())));
    }

    #[test]
    fn corrupt_jar_is_an_error_naming_the_jar() {
        let dir = TempDir::new();
        let jar = dir.write("broken.jar", b"this is not a zip file");
        let cp = ClassPath::new(&spec(&[&jar]));
        let error = cp.find("A").unwrap_err();
        assert!(error.contains(&jar.display().to_string()), "{error}");
        assert!(error.contains("not a valid jar or zip file"), "{error}");
    }

    #[test]
    fn corrupt_jar_keeps_failing_on_later_lookups() {
        let dir = TempDir::new();
        let jar = dir.write("broken.jar", b"PK\x03\x04 truncated");
        let cp = ClassPath::new(&spec(&[&jar]));
        assert!(cp.find("A").is_err());
        assert!(cp.find("B").is_err());
    }

    #[test]
    fn class_found_before_a_corrupt_jar_is_still_returned() {
        let dir = TempDir::new();
        dir.write("classes/A.class", b"a");
        let jar = dir.write("broken.jar", b"garbage");
        let cp = ClassPath::new(&spec(&[&dir.path("classes"), &jar]));
        assert_eq!(cp.find("A"), Ok(Some(b"a".to_vec())));
    }

    #[test]
    fn names_that_escape_the_directory_are_not_found() {
        let dir = TempDir::new();
        dir.write("Secret.class", b"secret");
        dir.write("classes/A.class", b"a");
        let cp = ClassPath::new(&spec(&[&dir.path("classes")]));
        assert_eq!(cp.find("../Secret"), Ok(None));
        assert_eq!(cp.find(&dir.path("Secret").display().to_string()), Ok(None));
        assert_eq!(cp.find(""), Ok(None));
    }

    #[test]
    fn empty_class_path_finds_nothing_but_the_current_directory() {
        assert_eq!(ClassPath::new("").find("surely/not/Here"), Ok(None));
    }

    #[test]
    fn class_path_can_be_shared_between_threads() {
        fn assert_send_sync<T: Send + Sync>() {}
        assert_send_sync::<ClassPath>();
    }
}
