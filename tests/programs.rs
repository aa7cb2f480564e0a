//! The bundled programs (programs/*.java) at size 1 must print exactly what HotSpot prints, under
//! every collector, with and without GC stress plus heap verification.

mod support;

use std::process::Command;
use std::sync::OnceLock;
use support::*;

const SIZE: &str = "1";

struct Bundled {
    classes: std::path::PathBuf,
    programs: Vec<(String, Expected)>,
}

fn bundled() -> &'static Bundled {
    static B: OnceLock<Bundled> = OnceLock::new();
    B.get_or_init(|| {
        let sources = java_sources_in(&repo_root().join("programs"));
        let classes = compile_java_cached("programs", &sources);
        let programs = parallel_map(&sources, PARALLEL_RUNS, |src| {
            let name = class_name_of(src);
            let mut cmd = Command::new(jdk().tool("java"));
            cmd.args(HOTSPOT_ARGS)
                .arg("-cp")
                .arg(&classes)
                .arg(&name)
                .arg(SIZE);
            let out = run_with_timeout(cmd, RUN_TIMEOUT);
            let code = out.code.unwrap_or(-1);
            (
                name,
                Expected {
                    stdout: out.stdout,
                    code,
                },
            )
        });
        Bundled { classes, programs }
    })
}

fn failures(options: &[&str]) -> Vec<String> {
    let b = bundled();
    let config = options.join(" ");
    parallel_map(&b.programs, PARALLEL_RUNS, |(name, expected)| {
        let mut args: Vec<&str> = vec!["run"];
        args.extend_from_slice(options);
        let cp = b.classes.to_string_lossy().into_owned();
        args.extend_from_slice(&["-cp", &cp, name, SIZE]);
        let outcome = run_gcvm(&args);
        describe_difference(expected, &outcome).map(|why| format!("{name} [{config}]: {why}"))
    })
    .into_iter()
    .flatten()
    .collect()
}

#[test]
fn every_bundled_program_is_covered() {
    assert!(
        bundled().programs.len() >= 10,
        "programs/ holds at least ten programs"
    );
}

#[test]
fn bundled_programs_match_hotspot_under_every_collector() {
    for collector in COLLECTORS {
        let f = failures(&["--gc", collector, "-Xmx16m"]);
        assert_no_failures(
            &format!("bundled programs under {collector}"),
            bundled().programs.len(),
            &f,
        );
    }
}

#[test]
fn bundled_programs_match_hotspot_under_gc_stress_with_verification() {
    for collector in COLLECTORS {
        let f = failures(&[
            "--gc",
            collector,
            "--gc-stress",
            "100",
            "--verify-heap",
            "-Xmx16m",
        ]);
        assert_no_failures(
            &format!("bundled programs under {collector} with GC stress"),
            bundled().programs.len(),
            &f,
        );
    }
}

#[test]
fn bundled_programs_reference_stores_all_run_the_write_barrier_under_every_collector() {
    for collector in COLLECTORS {
        let f = failures(&["--gc", collector, "--verify-barriers", "-Xmx16m"]);
        assert_no_failures(
            &format!("bundled programs under {collector} --verify-barriers"),
            bundled().programs.len(),
            &f,
        );
    }
}
