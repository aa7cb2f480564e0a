//! Build script: compiles gcvm's own Java class library (../../classlib/src) with javac
//! and embeds the resulting class files in the interpreter.
//!
//! Output: `$OUT_DIR/classlib.rs` containing
//! `pub static CLASSLIB: &[(&str, &[u8])] = &[("java/lang/Object", include_bytes!("...")), ...];`
//! sorted by binary name, one entry per produced .class (nested and anonymous classes
//! included; `module-info.class` excluded, it is not a class).
//!
//! How the library is compiled: the sources contain a `module-info.java` declaring
//! `module java.base`, and javac runs with `--system none`, so the library is compiled
//! as a self-contained java.base with NO JDK classes visible. Any reference to a class
//! the library does not define is therefore a compile error. As a second line of
//! defence (javac synthesises a few references on its own, e.g. for string concatenation
//! or lambdas), this script parses every produced class file and checks that the
//! library is CLOSED: every class named by a CONSTANT_Class entry or by a field/method
//! descriptor is itself part of the library, that no class uses invokedynamic, dynamic
//! constants or method handles, and that every class file has major version 61.

use std::collections::BTreeMap;
use std::collections::BTreeSet;
use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    let manifest_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let src_dir = manifest_dir.join("../../classlib/src");
    let src_dir = src_dir.canonicalize().unwrap_or_else(|e| {
        panic!(
            "gcvm classlib sources not found at {}: {e}",
            src_dir.display()
        )
    });
    let out_dir = PathBuf::from(env::var("OUT_DIR").expect("OUT_DIR"));
    let classes_dir = out_dir.join("classlib-classes");

    println!("cargo:rerun-if-changed={}", src_dir.display());
    println!("cargo:rerun-if-env-changed=JAVAC");
    let mut sources = Vec::new();
    collect_files(&src_dir, "java", &mut sources);
    sources.sort();
    for s in &sources {
        println!("cargo:rerun-if-changed={}", s.display());
    }
    // Directories too, so that adding a file to an existing package is noticed.
    let mut dirs = Vec::new();
    collect_dirs(&src_dir, &mut dirs);
    for d in &dirs {
        println!("cargo:rerun-if-changed={}", d.display());
    }
    if sources.is_empty() {
        fail(&format!("no .java sources under {}", src_dir.display()));
    }

    if classes_dir.exists() {
        fs::remove_dir_all(&classes_dir).expect("cannot clean classlib-classes");
    }
    fs::create_dir_all(&classes_dir).expect("cannot create classlib-classes");
    compile(&sources, &classes_dir, &out_dir);

    let classes = read_classes(&classes_dir);
    if let Err(problems) = check_closed(&classes) {
        fail(&format!(
            "the class library is not closed / not plain:\n  {}",
            problems.join("\n  ")
        ));
    }
    write_table(&classes, &out_dir.join("classlib.rs"));
}

fn fail(msg: &str) -> ! {
    eprintln!("error: gcvm classlib: {msg}");
    panic!("gcvm classlib: {msg}");
}

fn collect_files(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    let entries =
        fs::read_dir(dir).unwrap_or_else(|e| fail(&format!("reading {}: {e}", dir.display())));
    for entry in entries {
        let path = entry.expect("dir entry").path();
        if path.is_dir() {
            collect_files(&path, ext, out);
        } else if path.extension().is_some_and(|x| x == ext) {
            out.push(path);
        }
    }
}

fn collect_dirs(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("read_dir").flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.push(path.clone());
            collect_dirs(&path, out);
        }
    }
}

/// Runs javac over all sources (through an @argfile, the list is long).
fn compile(sources: &[PathBuf], classes_dir: &Path, out_dir: &Path) {
    let javac = env::var("JAVAC").unwrap_or_else(|_| "javac".to_string());
    let argfile = out_dir.join("classlib-javac-args.txt");
    let mut args = String::new();
    for opt in [
        "--system",
        "none", // nothing from the JDK is visible: classlib is java.base
        "-source",
        "17",
        "-target",
        "17",                     // class file version 61
        "-g",                     // line numbers, source file, locals: needed for stack traces
        "-XDstringConcat=inline", // `+` on strings becomes StringBuilder calls, no indy
        "-encoding",
        "UTF-8",
        "-nowarn",
        "-Xmaxerrs",
        "500",
        "-d",
    ] {
        args.push_str(opt);
        args.push('\n');
    }
    args.push_str(&quote_arg(&classes_dir.to_string_lossy()));
    args.push('\n');
    for s in sources {
        args.push_str(&quote_arg(&s.to_string_lossy()));
        args.push('\n');
    }
    fs::write(&argfile, args).expect("cannot write javac argfile");
    let output = Command::new(&javac)
        .arg(format!("@{}", argfile.display()))
        // javac drops a javac.*.args file into its working directory when it crashes
        .current_dir(out_dir)
        .output()
        .unwrap_or_else(|e| {
            fail(&format!(
                "cannot run javac ({javac}): {e}. Install JDK 17 or set JAVAC to its javac."
            ))
        });
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() {
        eprintln!("{stdout}{stderr}");
        fail(&format!(
            "javac failed ({}):\n{stdout}{stderr}",
            output.status
        ));
    }
}

fn quote_arg(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

/// (binary name, absolute path, bytes) of every produced class, sorted by name.
fn read_classes(classes_dir: &Path) -> BTreeMap<String, (PathBuf, Vec<u8>)> {
    let mut files = Vec::new();
    collect_files(classes_dir, "class", &mut files);
    let mut map = BTreeMap::new();
    for f in files {
        let rel = f.strip_prefix(classes_dir).expect("prefix");
        let name = rel.with_extension("").to_string_lossy().replace('\\', "/");
        if name == "module-info" {
            continue;
        }
        let bytes = fs::read(&f).expect("read class");
        map.insert(name, (f.canonicalize().expect("canonicalize"), bytes));
    }
    map
}

fn write_table(classes: &BTreeMap<String, (PathBuf, Vec<u8>)>, dest: &Path) {
    let mut s = String::from("pub static CLASSLIB: &[(&str, &[u8])] = &[");
    for (name, (path, _)) in classes {
        s.push_str(&format!(
            "({:?}, include_bytes!({:?})), ",
            name,
            path.to_string_lossy()
        ));
    }
    s.push_str("];\n");
    fs::write(dest, s).expect("cannot write classlib.rs");
}

// ---------------------------------------------------------------------------------
// Closure check: a tiny class-file reader (constant pool, fields, methods).

enum Cp {
    Utf8(String),
    Class(u16),
    NameAndType(u16),
    MethodType(u16),
    Forbidden(&'static str),
    Other,
}

struct Reader<'a> {
    b: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn u1(&mut self) -> Result<u8, String> {
        let v = *self.b.get(self.pos).ok_or("truncated class file")?;
        self.pos += 1;
        Ok(v)
    }
    fn u2(&mut self) -> Result<u16, String> {
        Ok(((self.u1()? as u16) << 8) | self.u1()? as u16)
    }
    fn u4(&mut self) -> Result<u32, String> {
        Ok(((self.u2()? as u32) << 16) | self.u2()? as u32)
    }
    fn skip(&mut self, n: usize) -> Result<(), String> {
        if self.pos + n > self.b.len() {
            return Err("truncated class file".into());
        }
        self.pos += n;
        Ok(())
    }
}

/// Class names referenced by one class file, or a description of why it is not plain.
fn referenced_classes(bytes: &[u8]) -> Result<(String, BTreeSet<String>), String> {
    let mut r = Reader { b: bytes, pos: 0 };
    if r.u4()? != 0xCAFE_BABE {
        return Err("bad magic".into());
    }
    let _minor = r.u2()?;
    let major = r.u2()?;
    if major != 61 {
        return Err(format!("class file major version {major}, expected 61"));
    }
    let count = r.u2()? as usize;
    let mut cp: Vec<Cp> = Vec::with_capacity(count);
    cp.push(Cp::Other);
    let mut i = 1;
    while i < count {
        let tag = r.u1()?;
        let entry = match tag {
            1 => {
                let len = r.u2()? as usize;
                let start = r.pos;
                r.skip(len)?;
                // Modified UTF-8; class names in classlib are ASCII, lossy is fine here.
                Cp::Utf8(String::from_utf8_lossy(&bytes[start..start + len]).into_owned())
            }
            3 | 4 => {
                r.skip(4)?;
                Cp::Other
            }
            5 | 6 => {
                r.skip(8)?;
                cp.push(Cp::Other);
                i += 1;
                Cp::Other
            }
            7 => Cp::Class(r.u2()?),
            8 | 19 | 20 => {
                r.skip(2)?;
                if tag == 8 {
                    Cp::Other
                } else {
                    Cp::Forbidden("CONSTANT_Module/Package")
                }
            }
            9..=11 => {
                r.skip(4)?;
                Cp::Other
            }
            12 => {
                r.skip(2)?;
                Cp::NameAndType(r.u2()?)
            }
            15 => {
                r.skip(3)?;
                Cp::Forbidden("CONSTANT_MethodHandle")
            }
            16 => Cp::MethodType(r.u2()?),
            17 => {
                r.skip(4)?;
                Cp::Forbidden("CONSTANT_Dynamic")
            }
            18 => {
                r.skip(4)?;
                Cp::Forbidden("CONSTANT_InvokeDynamic (lambda, method ref or indy string concat)")
            }
            t => return Err(format!("unknown constant pool tag {t}")),
        };
        cp.push(entry);
        i += 1;
    }
    let utf8 = |idx: u16| -> Result<&str, String> {
        match cp.get(idx as usize) {
            Some(Cp::Utf8(s)) => Ok(s.as_str()),
            _ => Err(format!("constant pool index {idx} is not Utf8")),
        }
    };
    let mut refs = BTreeSet::new();
    for e in &cp {
        match e {
            Cp::Forbidden(what) => return Err(format!("uses {what}")),
            Cp::Class(n) => add_class_name(utf8(*n)?, &mut refs),
            Cp::NameAndType(d) | Cp::MethodType(d) => add_descriptor(utf8(*d)?, &mut refs),
            _ => {}
        }
    }
    let _access = r.u2()?;
    let this_class = match cp.get(r.u2()? as usize) {
        Some(Cp::Class(n)) => utf8(*n)?.to_string(),
        _ => return Err("bad this_class".into()),
    };
    let _super = r.u2()?;
    let ifaces = r.u2()? as usize;
    r.skip(ifaces * 2)?;
    // fields, then methods: descriptors of declared members
    for _ in 0..2 {
        let n = r.u2()?;
        for _ in 0..n {
            let _flags = r.u2()?;
            let _name = r.u2()?;
            add_descriptor(utf8(r.u2()?)?, &mut refs);
            let attrs = r.u2()?;
            for _ in 0..attrs {
                r.skip(2)?;
                let len = r.u4()? as usize;
                r.skip(len)?;
            }
        }
    }
    Ok((this_class, refs))
}

fn add_class_name(name: &str, refs: &mut BTreeSet<String>) {
    if name.starts_with('[') {
        add_descriptor(name, refs);
    } else {
        refs.insert(name.to_string());
    }
}

/// Adds every `Lpkg/Name;` in a field or method descriptor.
fn add_descriptor(desc: &str, refs: &mut BTreeSet<String>) {
    let mut rest = desc;
    while let Some(start) = rest.find('L') {
        let after = &rest[start + 1..];
        match after.find(';') {
            Some(end) => {
                refs.insert(after[..end].to_string());
                rest = &after[end + 1..];
            }
            None => break,
        }
    }
}

fn check_closed(classes: &BTreeMap<String, (PathBuf, Vec<u8>)>) -> Result<(), Vec<String>> {
    let mut problems = Vec::new();
    for (name, (_, bytes)) in classes {
        match referenced_classes(bytes) {
            Err(e) => problems.push(format!("{name}: {e}")),
            Ok((this, refs)) => {
                if &this != name {
                    problems.push(format!("{name}: file declares class {this}"));
                }
                for r in refs {
                    if !classes.contains_key(&r) {
                        problems.push(format!(
                            "{name} references {r}, which classlib does not define"
                        ));
                    }
                }
            }
        }
    }
    if !classes.contains_key("java/lang/Object") {
        problems.push("java/lang/Object is missing".into());
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}
