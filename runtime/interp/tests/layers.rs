//! The layer check: runtime/interp's folders are layers, and a layer imports only the layers
//! below it.
//!
//! The order is the drawing in docs/architecture.md ("The interpreter's layers"): the check
//! reads that drawing, so the page and the code cannot drift apart. Every `crate::X` path in
//! the crate's sources (imports and paths in code alike, `crate::{a, b}` groups included, and
//! `super::super::X` that climbs to the crate root) is resolved to the layer it names; a path
//! from a lower layer to a higher one fails the test, naming the file and line. Since every
//! edge between layers points down, no cycle of imports can cross layers. Every folder under
//! src/ must be a drawn layer, and every drawn layer a folder.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

const DRAWING_START: &str = "<!-- layers: read by runtime/interp/tests/layers.rs -->";

/// The layers drawn in docs/architecture.md, lowest first. The drawing is the fenced block
/// after `DRAWING_START`: one layer a line, highest first, its name the line's first word.
fn drawn_layers(doc: &str) -> Vec<String> {
    let after = doc
        .split_once(DRAWING_START)
        .expect("docs/architecture.md has the layers drawing")
        .1;
    let block = after
        .split("```")
        .nth(1)
        .expect("the drawing is a fenced block");
    let mut layers: Vec<String> = block
        .lines()
        .skip(1) // the fence's info string
        .filter_map(|l| l.split_whitespace().next())
        .filter(|w| w.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
        .map(str::to_string)
        .collect();
    layers.reverse();
    layers
}

/// The module path of a source file under src/: `link/decode.rs` is `[link, decode]`,
/// `link/mod.rs` is `[link]`, a `#[path]` test file `library/javafmt_tests.rs` is
/// `[library, javafmt, tests]`.
fn module_path(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let file = parts.pop().expect("a file name");
    let stem = file.trim_end_matches(".rs");
    match stem {
        "mod" | "lib" => {}
        s if s.ends_with("_tests") => {
            parts.push(s.trim_end_matches("_tests").to_string());
            parts.push("tests".to_string());
        }
        s => parts.push(s.to_string()),
    }
    parts
}

/// The source without comments and string literals (a doc comment may name a higher layer,
/// a message may contain `crate::`), with line breaks kept so line numbers stay right.
fn code_only(source: &str) -> String {
    let mut out = String::with_capacity(source.len());
    let mut chars = source.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            '/' if chars.peek() == Some(&'*') => {
                let mut prev = ' ';
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                    }
                    if prev == '*' && c == '/' {
                        break;
                    }
                    prev = c;
                }
            }
            '"' => {
                let mut escaped = false;
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                    }
                    if escaped {
                        escaped = false;
                    } else if c == '\\' {
                        escaped = true;
                    } else if c == '"' {
                        break;
                    }
                }
                out.push_str("\"\"");
            }
            // A char literal such as '"' must not open a string.
            '\'' => {
                let rest: String = chars.clone().take(3).collect();
                let literal_len = if rest.starts_with('\\') {
                    rest.find('\'').filter(|&i| i > 0).map(|i| i + 1)
                } else if rest.chars().nth(1) == Some('\'') {
                    Some(2)
                } else {
                    None // a lifetime
                };
                match literal_len {
                    Some(n) => {
                        for _ in 0..n {
                            chars.next();
                        }
                        out.push_str("' '");
                    }
                    None => out.push('\''),
                }
            }
            c => out.push(c),
        }
    }
    out
}

fn identifier(s: &str) -> &str {
    let end = s
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(s.len());
    &s[..end]
}

/// The first segments named by a `{...}` group starting at `s` (which begins after the `{`).
fn group_heads(s: &str) -> Vec<String> {
    let mut heads = Vec::new();
    let mut depth = 0;
    let mut at_item_start = true;
    let mut item = String::new();
    for c in s.chars() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                at_item_start = true;
                item.clear();
                continue;
            }
            _ => {}
        }
        if depth == 0 && at_item_start {
            if c.is_whitespace() && item.is_empty() {
                continue;
            }
            item.push(c);
            if !(c.is_alphanumeric() || c == '_') {
                item.pop();
                if !item.is_empty() {
                    heads.push(item.clone());
                }
                at_item_start = false;
            }
        }
    }
    if at_item_start && !item.is_empty() {
        heads.push(item);
    }
    heads
}

/// Every top-level module that `code` (of the module at `module`) names by path, with its line.
fn imports(code: &str, module: &[String]) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (i, line) in code.lines().enumerate() {
        let mut rest = line;
        while let Some(at) = rest.find("crate::") {
            let before = &rest[..at];
            let is_path_start = !before.ends_with(|c: char| c.is_alphanumeric() || c == '_');
            let tail = &rest[at + "crate::".len()..];
            if is_path_start {
                if let Some(group) = tail.strip_prefix('{') {
                    // A group may span lines: read on in the whole code.
                    let offset = code.lines().take(i).map(|l| l.len() + 1).sum::<usize>()
                        + (line.len() - group.len());
                    for head in group_heads(&code[offset..]) {
                        found.push((i + 1, head));
                    }
                } else {
                    found.push((i + 1, identifier(tail).to_string()));
                }
            }
            rest = tail;
        }
        // `super::super::x` climbing to the crate root.
        let mut rest = line;
        while let Some(at) = rest.find("super::") {
            let before = &rest[..at];
            let mut tail = &rest[at..];
            if !before.ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':') {
                let mut depth = 0;
                while let Some(t) = tail.strip_prefix("super::") {
                    depth += 1;
                    tail = t;
                }
                if depth >= module.len() {
                    found.push((i + 1, identifier(tail).to_string()));
                }
            }
            rest = &rest[at + "super::".len()..];
        }
    }
    found
}

/// The paths in `source` (the file at `rel` under src/) that name a layer above its own, or a
/// top-level module that is no layer.
fn violations(rel: &Path, source: &str, layers: &[String]) -> Vec<String> {
    let module = module_path(rel);
    let Some(own) = module.first() else {
        return Vec::new(); // lib.rs declares the layers
    };
    let rank = |name: &str| layers.iter().position(|l| l == name);
    let Some(own_rank) = rank(own) else {
        return vec![format!(
            "{}: {own}/ is not a layer drawn in docs/architecture.md",
            rel.display()
        )];
    };
    let mut out = Vec::new();
    for (line, target) in imports(&code_only(source), &module) {
        match rank(&target) {
            Some(r) if r > own_rank => out.push(format!(
                "{}:{line}: {own} imports crate::{target}, a higher layer",
                rel.display()
            )),
            Some(_) => {}
            None if target == "self" || target == "super" => {}
            None => out.push(format!(
                "{}:{line}: crate::{target} is not a layer",
                rel.display()
            )),
        }
    }
    out
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .expect("src/ is readable")
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn layers() -> Vec<String> {
    let doc = fs::read_to_string(crate_dir().join("../../docs/architecture.md"))
        .expect("docs/architecture.md");
    drawn_layers(&doc)
}

fn test_layers() -> Vec<String> {
    [
        "lang",
        "classfile",
        "model",
        "link",
        "runtime",
        "exec",
        "library",
        "launch",
    ]
    .map(String::from)
    .to_vec()
}

#[test]
fn every_layer_imports_only_the_layers_below_it() {
    let layers = layers();
    let src = crate_dir().join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut problems = Vec::new();
    for file in &files {
        let rel = file.strip_prefix(&src).expect("under src/");
        let source = fs::read_to_string(file).expect("a readable source file");
        problems.extend(violations(rel, &source, &layers));
    }
    assert!(
        problems.is_empty(),
        "layer violations (docs/architecture.md, 'The interpreter's layers'):\n{}",
        problems.join("\n")
    );
    assert!(
        files.len() > 20,
        "the check read the sources ({} files)",
        files.len()
    );
}

#[test]
fn the_drawing_names_every_layer_folder_and_nothing_else() {
    let drawn: BTreeSet<String> = layers().into_iter().collect();
    let folders: BTreeSet<String> = fs::read_dir(crate_dir().join("src"))
        .expect("src/")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.is_dir())
        .map(|p| {
            p.file_name()
                .expect("a name")
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    assert_eq!(
        drawn, folders,
        "docs/architecture.md's layers vs src/'s folders"
    );
}

#[test]
fn lib_rs_declares_every_drawn_layer_and_nothing_else() {
    let lib = fs::read_to_string(crate_dir().join("src/lib.rs")).expect("src/lib.rs");
    let declared: Vec<String> = lib
        .lines()
        .filter_map(|l| l.strip_prefix("pub mod "))
        .map(|l| l.trim_end_matches(';').to_string())
        .collect();
    let mut drawn = layers();
    drawn.sort();
    let mut declared = declared;
    declared.sort();
    assert_eq!(declared, drawn);
}

#[test]
fn an_import_of_a_higher_layer_is_reported_with_file_and_line() {
    let source = "use crate::model::class::Class;\n\nuse crate::exec::interp::run;\n";
    let problems = violations(Path::new("link/decode.rs"), source, &test_layers());
    assert_eq!(
        problems,
        vec!["link/decode.rs:3: link imports crate::exec, a higher layer".to_string()]
    );
}

#[test]
fn a_path_in_code_counts_as_an_import() {
    let source = "fn f() {\n    let x = crate::launch::launcher::run_main;\n}\n";
    let problems = violations(Path::new("runtime/vm.rs"), source, &test_layers());
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].starts_with("runtime/vm.rs:2:"), "{problems:?}");
}

#[test]
fn a_group_import_is_read_item_by_item() {
    let source = "use crate::{\n    model::class::Class,\n    library::natives,\n};\n";
    let problems = violations(Path::new("link/decode.rs"), source, &test_layers());
    assert_eq!(
        problems,
        vec!["link/decode.rs:1: link imports crate::library, a higher layer".to_string()]
    );
}

#[test]
fn super_paths_that_climb_to_the_crate_root_are_checked() {
    let source = "use super::super::exec::interp;\nuse super::class::Class;\n";
    let problems = violations(Path::new("model/insn.rs"), source, &test_layers());
    assert_eq!(
        problems,
        vec!["model/insn.rs:1: model imports crate::exec, a higher layer".to_string()]
    );
}

#[test]
fn comments_and_strings_do_not_count() {
    let source = "//! See crate::launch for the top.\nconst S: &str = \"crate::exec\";\nlet c = '\"';\n/* crate::exec */\n";
    assert!(violations(Path::new("model/class.rs"), source, &test_layers()).is_empty());
}

#[test]
fn imports_of_the_same_or_lower_layers_pass() {
    let source =
        "use crate::exec::slots::Slots;\nuse crate::runtime::vm::Vm;\nuse crate::classfile;\n";
    assert!(violations(Path::new("exec/interp.rs"), source, &test_layers()).is_empty());
}

#[test]
fn a_file_outside_every_layer_is_reported() {
    let problems = violations(Path::new("misc/x.rs"), "", &test_layers());
    assert_eq!(problems.len(), 1);
    assert!(problems[0].contains("misc/ is not a layer"), "{problems:?}");
}

#[test]
fn the_drawing_is_read_highest_first() {
    let doc = format!(
        "x\n{DRAWING_START}\n\n```text\ntop    the top\nmiddle things\nbottom parsing\n```\n"
    );
    assert_eq!(drawn_layers(&doc), vec!["bottom", "middle", "top"]);
}
