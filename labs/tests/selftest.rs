//! The labs check themselves: every lab's checks fail on its starter with the expected first
//! hint and pass on its reference solution; every hint points at a section its README has;
//! the student's part stays small; and labs/README.md's commands, run verbatim, reach the
//! first failing check and its hint.
//!
//! (A student who fills in a starter makes the starter tests fail: they are for the labs'
//! own CI, not for students.)

use gcvm_labs::check::repo_root;
use gcvm_labs::{labs, Lab};
use std::path::PathBuf;
use std::process::{Command, Output};

fn gcvm_lab(args: &[&str]) -> Output {
    let cache = std::env::temp_dir().join("gcvm-labs-selftest-cache");
    Command::new(env!("CARGO_BIN_EXE_gcvm-lab"))
        .args(args)
        .current_dir(repo_root())
        .env("GCVM_CACHE", cache)
        .output()
        .expect("gcvm-lab runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn lab_dir(lab: &Lab) -> PathBuf {
    repo_root().join("labs").join(lab.dir)
}

#[test]
fn there_are_labs_and_each_has_checks() {
    assert!(labs().len() >= 2);
    for lab in labs() {
        assert!(
            !(lab.checks)().is_empty(),
            "lab {} has no checks",
            lab.number
        );
    }
}

#[test]
fn every_starter_fails_its_first_check_naming_step_1_with_the_first_hint() {
    for lab in labs() {
        let checks = (lab.checks)();
        let out = gcvm_lab(&["check", lab.name]);
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "lab {}:\n{stdout}", lab.number);
        let lines: Vec<&str> = stdout.lines().collect();
        let first = format!("[1/{}] FAILED  {}", checks.len(), checks[0].name);
        assert!(
            lines[1].starts_with(&first),
            "lab {}: {}",
            lab.number,
            lines[1]
        );
        let why = lines[2].trim();
        assert!(
            why.contains(&format!("lab {}, step 1 is not written yet", lab.dir)),
            "lab {}: {why}",
            lab.number
        );
        let hint = lines[3].trim();
        assert_eq!(
            hint,
            format!("hint: {}", checks[0].hint),
            "lab {}",
            lab.number
        );
        assert!(
            stdout.contains(&format!("score: 0/{} checks passed", checks.len())),
            "lab {}: the starter passes a check:\n{stdout}",
            lab.number
        );
    }
}

#[test]
fn every_solution_passes_every_check() {
    for lab in labs() {
        assert!(
            lab.solution.is_some(),
            "lab {} was built without its solution",
            lab.number
        );
        let checks = (lab.checks)();
        let out = gcvm_lab(&["check", lab.name, "--solution"]);
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "lab {}:\n{stdout}", lab.number);
        let score = format!("score: {0}/{0} checks passed", checks.len());
        assert!(stdout.contains(&score), "lab {}:\n{stdout}", lab.number);
    }
}

/// The README sections a hint names: each quoted name after "README.md, ".
fn sections_named(hint: &str) -> Vec<String> {
    let Some(rest) = hint.split_once("README.md, ").map(|(_, r)| r) else {
        return Vec::new();
    };
    rest.split('"')
        .enumerate()
        .filter(|(i, _)| i % 2 == 1)
        .map(|(_, s)| s.to_string())
        .collect()
}

#[test]
fn every_hint_names_sections_its_readme_has() {
    for lab in labs() {
        let readme = std::fs::read_to_string(lab_dir(lab).join("README.md"))
            .unwrap_or_else(|e| panic!("lab {} has no README.md: {e}", lab.number));
        let headings: Vec<&str> = readme
            .lines()
            .filter_map(|l| l.strip_prefix("## ").or_else(|| l.strip_prefix("### ")))
            .collect();
        for check in (lab.checks)() {
            let sections = sections_named(check.hint);
            assert!(
                !sections.is_empty(),
                "lab {}: hint names no section: {}",
                lab.number,
                check.hint
            );
            for s in sections {
                let exact = headings.contains(&s.as_str());
                // "Step 3" names the section "Step 3: ...".
                let prefix = headings.iter().any(|h| h.starts_with(&format!("{s}:")));
                assert!(
                    exact || prefix,
                    "lab {}: no section \"{s}\" in its README",
                    lab.number
                );
            }
        }
    }
}

#[test]
fn every_step_a_starter_leaves_missing_has_a_readme_section() {
    for lab in labs() {
        let readme = std::fs::read_to_string(lab_dir(lab).join("README.md")).expect("README.md");
        let starter = std::fs::read_to_string(lab_dir(lab).join("student.rs")).expect("student.rs");
        let steps = starter.matches("crate::missing(&STEP_").count();
        assert!(
            steps >= 2,
            "lab {} leaves {steps} steps to write",
            lab.number
        );
        for n in 1..=steps {
            assert!(
                readme
                    .lines()
                    .any(|l| l.starts_with(&format!("## Step {n}: "))),
                "lab {}: README has no \"## Step {n}: ...\" section",
                lab.number
            );
        }
    }
}

#[test]
fn every_students_part_is_at_most_about_100_lines_of_the_solution() {
    for lab in labs() {
        let solution = std::fs::read_to_string(lab_dir(lab).join("solution/student.rs"))
            .expect("solution/student.rs");
        let code = solution
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with("//"))
            .count();
        assert!(
            code <= 110,
            "lab {}: the solution's part is {code} lines",
            lab.number
        );
    }
}

/// The `cargo run --release -p gcvm-labs -- ...` lines of labs/README.md, as arguments.
fn readme_commands() -> Vec<Vec<String>> {
    let readme = std::fs::read_to_string(repo_root().join("labs/README.md")).expect("README");
    readme
        .lines()
        .filter_map(|l| l.strip_prefix("cargo run --release -p gcvm-labs -- "))
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect()
}

/// The README's example output: the ```text block after the first command.
fn readme_example_output() -> Vec<String> {
    let readme = std::fs::read_to_string(repo_root().join("labs/README.md")).expect("README");
    let block = readme
        .split("```text\n")
        .nth(1)
        .expect("an example output block");
    let block = block.split("```").next().expect("the block ends");
    block
        .lines()
        .filter(|l| l.trim() != "...")
        .map(str::to_string)
        .collect()
}

#[test]
fn the_readme_reaches_the_first_failing_check_and_its_hint_in_one_command() {
    let commands = readme_commands();
    let first: Vec<&str> = commands[0].iter().map(String::as_str).collect();
    assert_eq!(
        first[0], "check",
        "the README's first command is a check: {first:?}"
    );
    let out = gcvm_lab(&first);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    for line in readme_example_output() {
        let shown = line.split(" (").next().unwrap_or(&line).trim_end();
        assert!(
            stdout.contains(shown),
            "'{shown}' is not in what it printed:\n{stdout}"
        );
    }
}

#[test]
fn the_readmes_other_commands_run_as_it_says() {
    let commands = readme_commands();
    let labs_list = commands
        .iter()
        .find(|c| c[0] == "labs")
        .expect("a labs command");
    let args: Vec<&str> = labs_list.iter().map(String::as_str).collect();
    let out = gcvm_lab(&args);
    assert_eq!(out.status.code(), Some(0));
    for lab in labs() {
        assert!(
            text(&out.stdout).contains(lab.collector),
            "{}",
            text(&out.stdout)
        );
    }
    let run = commands
        .iter()
        .find(|c| c[0] == "run")
        .expect("a run command");
    let args: Vec<&str> = run.iter().map(String::as_str).collect();
    let out = gcvm_lab(&args);
    assert_eq!(
        out.status.code(),
        Some(3),
        "a starter run stops at its first missing step"
    );
    let stderr = text(&out.stderr);
    assert!(stderr.contains("step 1 is not written yet"), "{stderr}");
    assert_eq!(
        stderr.lines().count(),
        1,
        "one line naming the step: {stderr}"
    );
}

/// A lab README's `cargo run --release -p gcvm-labs -- run|compare ...` lines, with the
/// student's collector replaced by the solution's and repository paths made absolute.
fn lab_readme_runs(lab: &Lab) -> Vec<Vec<String>> {
    let readme = std::fs::read_to_string(lab_dir(lab).join("README.md")).expect("README.md");
    let solution = lab.solution.expect("built with its solution");
    readme
        .lines()
        .filter_map(|l| l.strip_prefix("cargo run --release -p gcvm-labs -- "))
        .filter(|l| l.starts_with("run ") || l.starts_with("compare "))
        .map(|l| {
            l.split_whitespace()
                .map(|w| {
                    let w = w
                        .split(',')
                        .map(|c| if c == lab.collector { solution } else { c })
                        .collect::<Vec<_>>()
                        .join(",");
                    if ["programs/", "tests/", "labs/"]
                        .iter()
                        .any(|p| w.starts_with(p))
                    {
                        repo_root().join(&w).to_string_lossy().into_owned()
                    } else {
                        w
                    }
                })
                .collect()
        })
        .collect()
}

#[test]
fn every_labs_readme_run_and_compare_commands_work_on_its_solution() {
    for lab in labs() {
        let dir = std::env::temp_dir().join(format!("gcvm-labs-readme-{}", lab.number));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        let runs = lab_readme_runs(lab);
        assert!(
            runs.iter().any(|r| r[0] == "run"),
            "lab {} shows no run",
            lab.number
        );
        assert!(
            runs.iter().any(|r| r[0] == "compare"),
            "lab {} shows no compare",
            lab.number
        );
        for args in runs {
            let out = Command::new(env!("CARGO_BIN_EXE_gcvm-lab"))
                .args(&args)
                .current_dir(&dir)
                .env(
                    "GCVM_CACHE",
                    std::env::temp_dir().join("gcvm-labs-selftest-cache"),
                )
                .output()
                .expect("gcvm-lab runs");
            assert_eq!(
                out.status.code(),
                Some(0),
                "lab {}: gcvm-lab {}\n{}",
                lab.number,
                args.join(" "),
                text(&out.stderr)
            );
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
