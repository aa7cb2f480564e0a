//! `gcvm run File.java`: compiles a source file with javac into a per-source cache folder (like
//! `java Foo.java`) and finds the class to run.

use std::path::{Path, PathBuf};

/// Compiles a .java source file with javac into a per-source cache folder (like `java Foo.java`);
/// returns the class path and main class.
pub fn compile_source(path: &Path) -> Result<(String, String), String> {
    let source =
        std::fs::read(path).map_err(|e| format!("error: can't read {}: {e}", path.display()))?;
    let dir = cache_dir(path, &source);
    let marker = dir.join(".complete");
    if !marker.exists() {
        std::fs::create_dir_all(&dir)
            .map_err(|e| format!("error: can't create {}: {e}", dir.display()))?;
        run_javac(path, &dir)?;
        std::fs::write(&marker, b"").map_err(|e| e.to_string())?;
    }
    let main = main_class(&dir, path)?;
    Ok((dir.to_string_lossy().into_owned(), main))
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
