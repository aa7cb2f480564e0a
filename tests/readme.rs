//! The README's examples work on a fresh machine.

mod support;

use support::*;

/// The README's trace example: the `cargo run --release -- ...` lines of the code block that
/// records `gcbench.gct`, run in a scratch directory with the gcvm under test.
#[test]
fn the_readme_trace_example_records_and_reads_collection_3() {
    let readme = std::fs::read_to_string(repo_root().join("README.md")).expect("README.md");
    let commands: Vec<Vec<String>> = readme
        .lines()
        .filter_map(|l| l.strip_prefix("cargo run --release -- "))
        .filter(|l| l.contains("gcbench.gct"))
        .map(|l| {
            l.split_whitespace()
                .map(|w| match w.strip_prefix("programs/") {
                    Some(_) => repo_root().join(w).to_string_lossy().into_owned(),
                    None => w.to_string(),
                })
                .collect()
        })
        .collect();
    assert_eq!(
        commands.len(),
        2,
        "the README's trace example changed: {commands:?}"
    );
    let dir = scratch_dir("readme-trace-example");
    for args in commands {
        let mut cmd = std::process::Command::new(gcvm_binary());
        cmd.args(&args)
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
        if args[0] == "heap" {
            assert!(
                outcome.stdout_text().starts_with("heap at gc:3:end"),
                "{}",
                outcome.stdout_text()
            );
        }
    }
}
