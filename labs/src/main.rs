//! `gcvm-lab`: the gcvm command with the labs' collectors registered, plus `check`.
//!
//! - `gcvm-lab check LAB [--solution]`: the lab's checks, easiest first, with hints and a score
//!   (exit status 0 only when every check passed);
//! - `gcvm-lab labs`: the labs and their collectors;
//! - anything else is gcvm's own command line: `gcvm-lab run --gc lab-copying Foo.java`,
//!   `gcvm-lab compare --collectors lab-copying,semispace ...`, `gcvm-lab replay ...`.

use std::process::ExitCode;

const USAGE: &str = "usage: gcvm-lab check LAB [--solution]   run a lab's checks (LAB: 01..05 or its name)
       gcvm-lab labs                        list the labs and their collectors
       gcvm-lab <gcvm command> ...          any gcvm command, with the labs' collectors: gcvm-lab run --gc lab-copying Foo.java";

fn main() -> ExitCode {
    if let Err(e) = gcvm_labs::register() {
        eprintln!("gcvm-lab: {e}");
        return ExitCode::from(2);
    }
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("check") => check(&args[2..]),
        Some("labs") => {
            list();
            ExitCode::SUCCESS
        }
        None | Some("--help") | Some("-h") | Some("help") if args.len() <= 2 => {
            println!("{USAGE}");
            println!();
            list();
            ExitCode::SUCCESS
        }
        _ => gcvm::main(),
    }
}

fn list() {
    for lab in gcvm_labs::labs() {
        let solution = match lab.solution {
            Some(s) => format!(", solution: --gc {s}"),
            None => ", solution removed".to_string(),
        };
        println!(
            "{} {:<18} labs/{}/README.md  --gc {}{solution}",
            lab.number, lab.name, lab.dir, lab.collector
        );
    }
}

fn check(args: &[String]) -> ExitCode {
    let mut name = None;
    let mut solution = false;
    for a in args {
        match a.as_str() {
            "--solution" => solution = true,
            s if s.starts_with('-') => return usage_error(&format!("unknown option '{s}'")),
            s if name.is_none() => name = Some(s),
            s => return usage_error(&format!("unexpected argument '{s}'")),
        }
    }
    let Some(name) = name else {
        return usage_error("which lab? (01..05 or its name)");
    };
    let lab = match gcvm_labs::find_lab(name) {
        Ok(l) => l,
        Err(e) => return usage_error(&e),
    };
    let collector = if solution {
        match lab.solution {
            Some(s) => s,
            None => {
                eprintln!(
                    "gcvm-lab: lab {} has no solution in this build (labs/{}/solution/ was removed)",
                    lab.number, lab.dir
                );
                return ExitCode::from(2);
            }
        }
    } else {
        lab.collector
    };
    let exe = match std::env::current_exe() {
        Ok(e) => e,
        Err(e) => {
            eprintln!("gcvm-lab: cannot find gcvm-lab itself: {e}");
            return ExitCode::from(2);
        }
    };
    let (passed, total) = gcvm_labs::check::run_lab(lab, collector, &exe);
    if passed == total {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn usage_error(msg: &str) -> ExitCode {
    eprintln!("gcvm-lab: {msg}\n{USAGE}");
    ExitCode::from(2)
}
