//! `gcvm run File.java`: compiles a source file with javac into a per-source cache folder (like
//! `java Foo.java`) and finds the class to run.

use std::path::{Path, PathBuf};

/// Compiles a .java source file with javac into a per-source cache folder (like `java Foo.java`);
/// returns the class path and main class.
pub fn compile_source(path: &Path) -> Result<(String, String), String> {
    let source =
        std::fs::read(path).map_err(|e| format!("error: can't read {}: {e}", path.display()))?;
    let dir = cache_dir(path, &source);
    if !dir.join(COMPLETE).exists() {
        compile_into_cache(path, &dir)?;
    }
    let main = main_class(&dir, path)?;
    Ok((dir.to_string_lossy().into_owned(), main))
}

/// Marks a cache folder whose compilation finished.
const COMPLETE: &str = ".complete";

/// Compiles into a staging folder beside `dir` and renames it into place, so that runs of the
/// same source at the same time never read a half-written class file: the first rename wins and
/// the others use its folder.
fn compile_into_cache(path: &Path, dir: &Path) -> Result<(), String> {
    let cant_create =
        |at: &Path, e: std::io::Error| format!("error: can't create {}: {e}", at.display());
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let staging = dir.with_extension(format!("{}-{nanos}.tmp", std::process::id()));
    std::fs::create_dir_all(&staging).map_err(|e| cant_create(&staging, e))?;
    let compiled = run_javac(path, &staging).and_then(|()| {
        std::fs::write(staging.join(COMPLETE), b"").map_err(|e| cant_create(&staging, e))
    });
    if let Err(e) = compiled {
        let _ = std::fs::remove_dir_all(&staging);
        return Err(e);
    }
    if dir.exists() && !dir.join(COMPLETE).exists() {
        // Left by an interrupted compilation of an older gcvm, which compiled in place.
        let _ = std::fs::remove_dir_all(dir);
    }
    let renamed = std::fs::rename(&staging, dir);
    if renamed.is_err() {
        let _ = std::fs::remove_dir_all(&staging);
    }
    match renamed {
        Ok(()) => Ok(()),
        Err(_) if dir.join(COMPLETE).exists() => Ok(()), // another run's rename came first
        Err(e) => Err(cant_create(dir, e)),
    }
}

/// The cache folder of one version of one source file: `$GCVM_CACHE`, `~/.cache/gcvm` or the
/// temporary folder, then a hash of the source and its path.
fn cache_dir(path: &Path, source: &[u8]) -> PathBuf {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    source.hash(&mut hasher);
    std::fs::canonicalize(path)
        .unwrap_or_else(|_| path.to_path_buf())
        .hash(&mut hasher);
    let cache_root = std::env::var_os("GCVM_CACHE")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache/gcvm")))
        .unwrap_or_else(|| std::env::temp_dir().join("gcvm-cache"));
    cache_root.join(format!("{:016x}", hasher.finish()))
}

/// Runs `$JAVAC` (default `javac`) on `path` into `dir`; its complaints are the error.
fn run_javac(path: &Path, dir: &Path) -> Result<(), String> {
    let javac = std::env::var("JAVAC").unwrap_or_else(|_| "javac".into());
    let output = std::process::Command::new(&javac)
        .arg("-g")
        .arg("-d")
        .arg(dir)
        .arg(path)
        .output()
        .map_err(|e| {
            format!(
                "error: cannot run {javac} to compile {}: {e}",
                path.display()
            )
        })?;
    if !output.status.success() {
        let mut msg = String::from_utf8_lossy(&output.stderr).into_owned();
        msg.push_str("error: compilation failed");
        return Err(msg);
    }
    Ok(())
}

/// The class named like the source file, else the first top-level class by name.
fn main_class(dir: &Path, path: &Path) -> Result<String, String> {
    let stem = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("Main")
        .to_string();
    let mut classes = top_level_classes(dir, "");
    classes.sort();
    let named_like_the_file = classes
        .iter()
        .find(|c| c.rsplit('.').next() == Some(stem.as_str()));
    named_like_the_file
        .or(classes.first())
        .cloned()
        .ok_or_else(|| format!("error: no class declared in source file {}", path.display()))
}

/// The top-level classes javac wrote under `dir` (packages are folders), as binary names with
/// dots: a source file with a `package` line puts its classes in a folder.
fn top_level_classes(dir: &Path, package: &str) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut classes = Vec::new();
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name().to_string_lossy().into_owned();
        if entry.file_type().is_ok_and(|t| t.is_dir()) {
            classes.extend(top_level_classes(
                &entry.path(),
                &format!("{package}{name}."),
            ));
        } else if let Some(class) = name.strip_suffix(".class").filter(|c| !c.contains('$')) {
            classes.push(format!("{package}{class}"));
        }
    }
    classes
}
