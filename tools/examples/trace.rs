//! A stand-in CLI over the library until `gcvm trace info` / `gcvm stats` / `gcvm heap` exist:
//!   cargo run -p gcvm-tools --release --example trace -- info FILE [--json]
//!   cargo run -p gcvm-tools --release --example trace -- stats FILE [--json]
//!   cargo run -p gcvm-tools --release --example trace -- heap FILE gc:3:end [type|site|age|space|thread|objects] [--json]
//!   cargo run -p gcvm-tools --release --example trace -- events FILE   (every event, one per line)

use std::io::Write;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let json = args.iter().any(|a| a == "--json");
    let args: Vec<&str> = args
        .iter()
        .map(String::as_str)
        .filter(|a| *a != "--json")
        .collect();
    let out = match args.as_slice() {
        ["info", f] => gcvm_tools::trace_info(f, json),
        ["stats", f] => gcvm_tools::stats(f, json),
        ["heap", f, b] => gcvm_tools::heap_at(f, b, gcvm_tools::GroupBy::Type, json),
        ["heap", f, b, g] => match g.parse() {
            Ok(g) => gcvm_tools::heap_at(f, b, g, json),
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(2)
            }
        },
        ["events", f] => (|| {
            let mut r = gcvm_tools::TraceReader::open(f)?;
            let mut n = 0u64;
            while let Some((t, e)) = r.next_event()? {
                n += 1;
                if !json && writeln!(std::io::stdout(), "{t:#x} {e:?}").is_err() {
                    break; // stdout closed (e.g. piped into head)
                }
            }
            Ok(format!("{n} events\n"))
        })(),
        _ => {
            eprintln!("usage: trace (info|stats|events) FILE [--json] | trace heap FILE BOUNDARY [GROUP] [--json]");
            std::process::exit(2)
        }
    };
    match out {
        Ok(s) => {
            let _ = std::io::stdout().write_all(s.as_bytes());
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1)
        }
    }
}
