//! The bytecode verifier (runtime/interp/src/link/verifier/): it accepts everything javac makes
//! and rejects, like HotSpot, class files whose code uses a slot with the wrong type.

mod support;

use gcvm_interp::{Vm, VmOptions};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use support::classfile;
use support::*;

/// One VM for the in-process tests, with `class_path` (the first caller's) on its class path.
fn vm(class_path: &Path) -> &'static Vm {
    static VM: OnceLock<&'static Vm> = OnceLock::new();
    VM.get_or_init(|| {
        let options = VmOptions::with_heap(&class_path.to_string_lossy(), 8 << 20);
        Vm::new(options).expect("VM starts")
    })
}

/// Every class javac compiled from the conformance suite and the bundled programs, in one
/// directory.
fn javac_classes() -> PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = scratch_dir("verifier-javac-classes");
        for (label, folder) in [
            ("conformance", "tests/conformance"),
            ("programs", "programs"),
        ] {
            let sources = java_sources_in(&repo_root().join(folder));
            copy_dir_files(&compile_java_cached(label, &sources), &dir);
        }
        dir
    })
    .clone()
}

fn class_names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("class dir")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|n| n.strip_suffix(".class").map(str::to_string))
        .collect();
    names.sort();
    names
}

#[test]
fn every_class_library_class_passes_the_verifier() {
    let vm = vm(&javac_classes());
    let mut failures = Vec::new();
    for (name, _) in gcvm_interp::library::classlib::CLASSLIB {
        let outcome = vm
            .classes
            .load(name)
            .and_then(|class| vm.classes.verify(class));
        if let Err(e) = outcome {
            failures.push(format!("{name}: {}: {}", e.class, e.message));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn every_conformance_and_bundled_program_class_passes_the_verifier() {
    let dir = javac_classes();
    let vm = vm(&dir);
    let names = class_names_in(&dir);
    assert!(names.len() > 50, "only {} classes", names.len());
    let mut failures = Vec::new();
    for name in names {
        if let Err(e) = vm
            .classes
            .load(&name)
            .and_then(|class| vm.classes.verify(class))
        {
            failures.push(format!("{name}: {}: {}", e.class, e.message));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

// ---------------------------------------------------------------------------
// Type swaps: an int where a reference is expected, and the reverse
// ---------------------------------------------------------------------------

const SWAPS: &str = r#"public class Swaps {
    static Object so;
    static int si;
    Object fo;
    int fi;

    static Object id(Object o) { return o; }
    static int iid(int i) { return i; }
    static void take(Object o, int i) { so = o; si = i; }

    static Object locals(Object o, int i) {
        Object x = o;
        int y = i;
        so = x;
        si = y;
        return x;
    }

    static int intLocals(int i, Object o) {
        int y = i;
        Object x = o;
        si = y;
        so = x;
        return y;
    }

    static void args(Object o, int i) {
        take(o, i);
        take(id(o), iid(i));
    }

    Object fields(Object o, int i) {
        fo = o;
        fi = i;
        Object a = fo;
        int b = fi;
        return b > 0 ? a : null;
    }

    static String loop(String s, int n) {
        String t = s;
        for (int k = 0; k < n; k++) {
            t = t + k;
        }
        return t;
    }

    static int arrays(int[] a, Object[] b, int i) {
        b[0] = a;
        a[0] = i;
        return a[i] + b.length;
    }

    public static void main(String[] args) {
        Swaps s = new Swaps();
        System.out.println(locals("a", 1));
        System.out.println(intLocals(2, "b"));
        args("c", 3);
        System.out.println(s.fields("d", 4));
        System.out.println(loop("e", 5));
        System.out.println(arrays(new int[2], new Object[1], 1));
    }
}
"#;

/// The i <-> a partner of a load, store or return opcode.
fn swapped(op: u8) -> Option<u8> {
    Some(match op {
        0x15 => 0x19,
        0x19 => 0x15,
        0x1a..=0x1d => op + 0x10,
        0x2a..=0x2d => op - 0x10,
        0x36 => 0x3a,
        0x3a => 0x36,
        0x3b..=0x3e => op + 0x10,
        0x4b..=0x4e => op - 0x10,
        0xac => 0xb0,
        0xb0 => 0xac,
        _ => return None,
    })
}

/// How a JVM ended on a class: its exit code and the `java.lang.VerifyError: ...` line, if any.
#[derive(Debug, PartialEq)]
struct Verdict {
    code: Option<i32>,
    verify_error: Option<String>,
}

fn verdict(outcome: &Outcome) -> Verdict {
    let stderr = outcome.stderr_text();
    let verify_error = stderr.lines().find_map(|l| {
        l.split_once("java.lang.VerifyError: ")
            .map(|(_, m)| m.to_string())
    });
    Verdict {
        code: outcome.code,
        verify_error,
    }
}

/// HotSpot's verdict on `Swaps.class` with `bytes`, cached by the bytes.
fn hotspot_verdict(dir: &Path, bytes: &[u8]) -> Verdict {
    let key = stable_hash([bytes, jdk().version_line.as_bytes()]);
    let cache = target_tmp()
        .join("hotspot-verdicts")
        .join(format!("{key:016x}"));
    if let Ok(text) = std::fs::read_to_string(&cache) {
        let mut lines = text.lines();
        let code = lines.next().and_then(|c| c.parse().ok());
        let verify_error = lines.next().map(str::to_string);
        return Verdict { code, verify_error };
    }
    let mut cmd = Command::new(jdk().tool("java"));
    cmd.args(["-Xint", "-Xshare:auto", "-cp"])
        .arg(dir)
        .arg("Swaps");
    let v = verdict(&run_with_timeout(cmd, RUN_TIMEOUT));
    let mut text = v.code.map_or("signal".to_string(), |c| c.to_string()) + "\n";
    if let Some(e) = &v.verify_error {
        text += e;
    }
    write_bytes(&cache, text.as_bytes());
    v
}

#[test]
fn int_and_reference_swaps_are_rejected_with_a_verify_error_like_hotspot() {
    let classes = compile_snippets("verifier-swaps", &[("Swaps.java", SWAPS)]);
    let original = read_bytes(&classes.join("Swaps.class"));
    let mut mutants = Vec::new();
    for m in classfile::methods(&original) {
        for at in m.instructions(&original) {
            if let Some(op) = swapped(original[at]) {
                let mut bytes = original.clone();
                bytes[at] = op;
                mutants.push((
                    format!("{}{} @{}", m.name, m.descriptor, at - m.code.start),
                    bytes,
                ));
            }
        }
    }
    assert!(mutants.len() >= 50, "only {} swaps", mutants.len());
    let results = parallel_map(&mutants, PARALLEL_RUNS, |(what, bytes)| {
        let dir = scratch_dir(&format!("verifier-swap-{:016x}", stable_hash([bytes])));
        write_bytes(&dir.join("Swaps.class"), bytes);
        let expected = hotspot_verdict(&dir, bytes);
        let outcome = run_gcvm(&[
            "run".as_ref(),
            "-cp".as_ref(),
            dir.as_os_str(),
            "Swaps".as_ref(),
        ]);
        assert_no_panic(&outcome, what);
        (what.clone(), expected, verdict(&outcome))
    });
    let rejected = results
        .iter()
        .filter(|(_, e, _)| e.verify_error.is_some())
        .count();
    assert!(
        rejected * 10 >= results.len() * 9,
        "HotSpot rejects only {rejected} of {}",
        results.len()
    );
    let differences: Vec<String> = results
        .iter()
        .filter(|(_, expected, actual)| expected != actual)
        .map(|(what, expected, actual)| format!("{what}: HotSpot {expected:?}, gcvm {actual:?}"))
        .collect();
    assert!(
        differences.is_empty(),
        "{} of {} swaps differ:\n{}",
        differences.len(),
        results.len(),
        differences.join("\n")
    );
}

#[test]
fn verify_error_in_a_class_used_by_main_is_thrown_where_it_is_first_used() {
    let classes = compile_snippets(
        "verifier-late",
        &[(
            "Late.java",
            r#"public class Late {
    public static void main(String[] args) {
        System.out.println("before");
        try {
            Bad.f(1);
        } catch (VerifyError e) {
            System.out.println("caught " + e.getMessage().split("\n")[0]);
        }
        Bad.f(2);
    }
}

class Bad {
    static Object f(int i) {
        Object o = null;
        return o;
    }
}
"#,
        )],
    );
    let mut bad = read_bytes(&classes.join("Bad.class"));
    let f = classfile::method(&bad, "f");
    let at = f.code.start + 2; // aconst_null astore_1 [aload_1] areturn
    assert_eq!(bad[at], 0x2b);
    bad[at] = 0x1b; // iload_1
    let dir = scratch_dir("verifier-late-run");
    write_bytes(&dir.join("Bad.class"), &bad);
    write_bytes(
        &dir.join("Late.class"),
        &read_bytes(&classes.join("Late.class")),
    );
    let outcome = run_gcvm(&[
        "run".as_ref(),
        "-cp".as_ref(),
        dir.as_os_str(),
        "Late".as_ref(),
    ]);
    assert_no_panic(&outcome, "Bad.f with iload_1; areturn");
    assert_eq!(outcome.code, Some(1), "{}", outcome.stderr_head(20));
    assert_eq!(
        outcome.stdout_text(),
        "before\ncaught Bad local variable type\n"
    );
    let stderr = outcome.stderr_text();
    assert!(
        stderr.starts_with(
            "Exception in thread \"main\" java.lang.VerifyError: Bad local variable type\n"
        ),
        "{stderr}"
    );
    for expected in [
        "    Bad.f(I)Ljava/lang/Object; @2: iload_1\n",
        "    Type null (current frame, locals[1]) is not assignable to integer\n",
        "\tat Late.main(Late.java:9)\n",
    ] {
        assert!(
            stderr.contains(expected),
            "{expected:?} missing from:\n{stderr}"
        );
    }
}

/// Link-time cost: loading, then verifying, every class of the class library and of the
/// bundled programs, in one VM. Prints the figures (`cargo test --release --test verifier
/// link_time -- --ignored --nocapture`); the class library is trusted (not verified) at run
/// time, so its line shows what verifying it would cost.
#[test]
#[ignore]
fn link_time_of_the_class_library_and_the_bundled_programs() {
    let dir = javac_classes();
    let vm = vm(&dir);
    let library: Vec<String> = gcvm_interp::library::classlib::CLASSLIB
        .iter()
        .map(|(n, _)| n.to_string())
        .collect();
    let programs = compile_java_cached("programs", &java_sources_in(&repo_root().join("programs")));
    let bundled = class_names_in(&programs);
    for (what, names) in [("class library", library), ("bundled programs", bundled)] {
        let start = std::time::Instant::now();
        let classes: Vec<_> = names
            .iter()
            .map(|n| vm.classes.load(n).expect("loads"))
            .collect();
        let loaded = start.elapsed();
        let start = std::time::Instant::now();
        let methods: usize = classes.iter().map(|c| c.methods.len()).sum();
        for c in &classes {
            vm.classes.verify(c).expect("verifies");
        }
        let verified = start.elapsed();
        eprintln!(
            "{what}: {} classes, {methods} methods: loading {loaded:.2?}, verifying {verified:.2?}",
            classes.len()
        );
    }
}

/// A program in the style of old javac output: no invokedynamic (built with `--release 8`, so
/// string concatenation uses StringBuilder), with joins the inference must merge — different
/// classes meeting (their common superclass), null and objects, long and double locals,
/// exception handlers, constructors, switches.
const OLD_STYLE: &str = r#"
import java.util.ArrayList;
import java.util.List;

public class OldStyle {
    static abstract class Shape { abstract double area(); }
    static class Square extends Shape {
        final double side;
        Square(double side) { this.side = side; }
        double area() { return side * side; }
    }
    static class Circle extends Shape {
        final double r;
        Circle(double r) { super(); this.r = r; }
        double area() { return 3.0 * r * r; }
    }

    static Shape pick(int i) {
        Shape s = i % 2 == 0 ? new Square(i) : new Circle(i);
        Object o = i > 5 ? null : s;
        return o == null ? s : (Shape) o;
    }

    static long sum(int[] xs) {
        long total = 0;
        double mean = 0;
        for (int i = 0; i < xs.length; i++) {
            total += xs[i];
            mean = total / (double) (i + 1);
        }
        return total + (long) mean;
    }

    static String describe(int n) {
        switch (n % 4) {
            case 0: return "zero";
            case 1: return "one";
            case 1000: return "thousand";
            default: return "many " + n;
        }
    }

    static int divide(int a, int b) {
        int result = -1;
        try {
            result = a / b;
        } catch (ArithmeticException e) {
            result = -2;
        } finally {
            result += 100;
        }
        return result;
    }

    public static void main(String[] args) {
        List<Shape> shapes = new ArrayList<Shape>();
        for (int i = 0; i < 8; i++) shapes.add(pick(i));
        double total = 0;
        for (Shape s : shapes) total += s.area();
        System.out.println("area " + total);
        System.out.println("sum " + sum(new int[] {3, 1, 4, 1, 5, 9, 2, 6}));
        for (int i = 0; i < 6; i++) System.out.println(describe(i));
        System.out.println(divide(7, 2) + " " + divide(7, 0));
        StringBuilder sb = new StringBuilder();
        String[][] grid = new String[3][2];
        for (int i = 0; i < grid.length; i++)
            for (int j = 0; j < grid[i].length; j++)
                grid[i][j] = i + ":" + j;
        for (String[] row : grid) sb.append(row[0]).append(row[1]).append(' ');
        System.out.println(sb);
    }
}
"#;

/// Class files before version 50 have no StackMapTable: the verifier infers the frames
/// (JVMS §4.10.2). A program relabelled as version 49 runs as it does as version 52.
#[test]
fn old_class_files_are_verified_by_type_inference() {
    let src = scratch_dir("verifier-old-style-src");
    write_bytes(&src.join("OldStyle.java"), OLD_STYLE.as_bytes());
    let classes = scratch_dir("verifier-old-style-52");
    let javac = Command::new(jdk().tool("javac"))
        .args(["--release", "8", "-nowarn", "-d"])
        .arg(&classes)
        .arg(src.join("OldStyle.java"))
        .output()
        .expect("run javac");
    assert!(
        javac.status.success(),
        "{}",
        String::from_utf8_lossy(&javac.stderr)
    );
    let old = scratch_dir("verifier-old-style-49");
    for name in class_names_in(&classes) {
        let mut bytes = read_bytes(&classes.join(format!("{name}.class")));
        assert_eq!(bytes[6..8], 52u16.to_be_bytes());
        bytes[6..8].copy_from_slice(&49u16.to_be_bytes());
        write_bytes(&old.join(format!("{name}.class")), &bytes);
    }
    let new = run_gcvm_program(&classes, "OldStyle", &[]);
    assert_eq!(new.code, Some(0), "{}", new.stderr_head(10));
    let outcome = run_gcvm_program(&old, "OldStyle", &["--gc-stress", "5"]);
    assert_no_panic(&outcome, "version 49");
    assert_eq!(outcome.code, Some(0), "{}", outcome.stderr_head(20));
    assert_eq!(outcome.stdout_text(), new.stdout_text());

    // And inference rejects what checking rejects: `pick` reading its Shape local as an int.
    let mut bytes = read_bytes(&old.join("OldStyle.class"));
    let pick = classfile::method(&bytes, "pick");
    let at = pick
        .instructions(&bytes)
        .into_iter()
        .find(|&at| bytes[at] == 0x2c) // aload_2
        .expect("pick loads local 2");
    bytes[at] = 0x1c; // iload_2
    write_bytes(&old.join("OldStyle.class"), &bytes);
    let outcome = run_gcvm_program(&old, "OldStyle", &[]);
    assert_no_panic(&outcome, "version 49, iload_2");
    assert_eq!(outcome.code, Some(1));
    assert!(
        outcome
            .stderr_text()
            .contains("java.lang.VerifyError: Bad local variable type"),
        "{}",
        outcome.stderr_head(10)
    );
}
