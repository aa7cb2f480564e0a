//! Compiles a lab's reference solution only while its folder is there: a teacher removes
//! labs/NN-name/solution/ before handing the labs out, and everything still builds (the
//! `--solution` checks then say the solution was removed).

const LABS: &[(&str, &str)] = &[
    ("01-allocation", "solution_01"),
    ("02-copying", "solution_02"),
    ("03-compaction", "solution_03"),
    ("04-generations", "solution_04"),
    ("05-concurrent-marking", "solution_05"),
];

fn main() {
    for (dir, cfg) in LABS {
        println!("cargo::rustc-check-cfg=cfg({cfg})");
        let solution = format!("{dir}/solution");
        println!("cargo::rerun-if-changed={solution}");
        if std::path::Path::new(&solution).join("student.rs").exists() {
            println!("cargo::rustc-cfg={cfg}");
        }
    }
}
