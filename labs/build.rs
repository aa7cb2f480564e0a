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
    println!("cargo::rerun-if-changed=build.rs");
    for (dir, cfg) in LABS {
        println!("cargo::rustc-check-cfg=cfg({cfg})");
        // Watch the lab's folder, which is always there (a path that is missing would make
        // cargo rebuild the crate every time): removing solution/ changes it.
        if std::path::Path::new(dir).is_dir() {
            println!("cargo::rerun-if-changed={dir}");
        }
        if std::path::Path::new(dir)
            .join("solution/student.rs")
            .exists()
        {
            println!("cargo::rustc-cfg={cfg}");
        }
    }
}
