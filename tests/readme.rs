//! The README's examples work on a fresh machine, and its test command is the one CI runs.

mod support;

use support::*;

/// The `cargo run --release -- ...` lines of the README that mention `file`, as gcvm's
/// arguments (bundled programs by their path in this checkout).
fn readme_example(file: &str) -> Vec<Vec<String>> {
    let readme = std::fs::read_to_string(repo_root().join("README.md")).expect("README.md");
    readme
        .lines()
        .filter_map(|l| l.strip_prefix("cargo run --release -- "))
        .filter(|l| l.contains(file))
        .map(|l| {
            l.split_whitespace()
                .map(|w| match w.strip_prefix("programs/") {
                    Some(_) => repo_root().join(w).to_string_lossy().into_owned(),
                    None => w.to_string(),
                })
                .collect()
        })
        .collect()
}

/// Runs each command with the gcvm under test in a scratch directory `name`; each must succeed.
/// Returns each command's standard output.
fn run_example(name: &str, commands: &[Vec<String>]) -> Vec<String> {
    let dir = scratch_dir(name);
    let mut outputs = Vec::new();
    for args in commands {
        let mut cmd = std::process::Command::new(gcvm_binary());
        cmd.args(args)
            .current_dir(&dir)
            .env("GCVM_CACHE", dir.join("cache"));
        let outcome = run_with_timeout(cmd, RUN_TIMEOUT);
        assert_eq!(
            outcome.code,
            Some(0),
            "gcvm {}: {}",
            args.join(" "),
            outcome.stderr_head(10)
        );
        outputs.push(outcome.stdout_text());
    }
    outputs
}

/// The README's trace example: the lines that record `gcbench.gct` and read it.
#[test]
fn the_readme_trace_example_records_and_reads_collection_3() {
    let commands = readme_example("gcbench.gct");
    assert_eq!(
        commands.len(),
        2,
        "the README's trace example changed: {commands:?}"
    );
    let outputs = run_example("readme-trace-example", &commands);
    for (args, out) in commands.iter().zip(&outputs) {
        if args[0] == "heap" {
            assert!(out.starts_with("heap at gc:3:end"), "{out}");
        }
    }
}

/// The README's code-activity example: record with `--activity`, then `gcvm activity` around
/// collection 3 names GCBench's own methods.
#[test]
fn the_readme_activity_example_shows_what_ran_before_collection_3() {
    let commands = readme_example("activity.gct");
    assert_eq!(
        commands.len(),
        2,
        "the README's activity example changed: {commands:?}"
    );
    let outputs = run_example("readme-activity-example", &commands);
    assert!(outputs[1].contains("GCBench."), "{}", outputs[1]);
}

/// The README's test command: the first line of the first code block of "Run the tests".
fn readme_test_command() -> String {
    let readme = std::fs::read_to_string(repo_root().join("README.md")).expect("README.md");
    let section = readme
        .split("\n## Run the tests\n")
        .nth(1)
        .expect("the README has a \"Run the tests\" section");
    let block = section
        .split("```\n")
        .nth(1)
        .expect("\"Run the tests\" opens with a code block");
    block.lines().next().unwrap_or("").to_string()
}

/// The command `.ci/run` runs: its last line.
fn ci_run_command() -> String {
    let run = std::fs::read_to_string(repo_root().join(".ci/run")).expect(".ci/run");
    run.lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("")
        .trim()
        .to_string()
}

#[test]
fn ci_runs_exactly_the_readme_test_command() {
    assert_eq!(ci_run_command(), readme_test_command());
}

/// On a fresh machine the tests fail until .ci/setup has installed DuckDB and chromium, so the
/// one command sets up first, then runs the class library's checks and every Rust test, each
/// step only if the one before succeeded.
#[test]
fn the_readme_test_command_sets_up_before_it_runs_every_test() {
    let command = readme_test_command();
    let steps: Vec<&str> = command.split(" && ").map(str::trim).collect();
    assert_eq!(
        steps,
        [
            "bash .ci/setup",
            "bash classlib/tests/run.sh",
            "cargo test --release --workspace"
        ],
        "{command}"
    );
}
