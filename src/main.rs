//! The `gcvm` command (src/lib.rs holds it, so that labs/ can build gcvm plus its labs).

fn main() -> std::process::ExitCode {
    gcvm::main()
}
