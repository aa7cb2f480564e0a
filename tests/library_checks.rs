//! The class library's generated checks on gcvm itself. `classlib/tests/run.sh` runs each of
//! them on HotSpot against renamed copies of the library, which checks the library's logic in
//! depth; here the same programs run on gcvm (the embedded library) and on HotSpot (the JDK's)
//! with the same seeded inputs, usually at a smaller scale, and must print identically, line
//! for line. That catches what only gcvm can get wrong: the interpreter, the natives, lambdas
//! in the checks themselves and the rest of the library underneath (String, StringBuilder,
//! Math, collections, streams). The checks that exercise the collectors' view of the library
//! (collections, maps keyed by identity, copy-on-write arrays) also run under every collector
//! with GC stress and heap verification.

mod support;

use support::{LibraryCheck, COLLECTORS};

/// BigInteger cases, BigDecimal cases, and the largest probablePrime in bits (a 1,024-bit
/// prime search alone takes gcvm about 10 s).
const MATH: LibraryCheck = LibraryCheck {
    class: "MathCheck",
    args: &["1500", "1500", "600"],
    finished: "MathCheck: 1500 BigInteger cases",
};

/// java.time, Date/Calendar/TimeZone and SimpleDateFormat at 20% of run.sh's scale: about
/// 40,000 cases, some 6 s on gcvm.
const TIME: LibraryCheck = LibraryCheck {
    class: "TimeCheck",
    args: &["20"],
    finished: "cases ",
};

/// DecimalFormat, NumberFormat (per locale), ChoiceFormat and MessageFormat on about 38,000
/// generated cases, at run.sh's scale (some 10 s on gcvm).
const TEXT: LibraryCheck = LibraryCheck {
    class: "TextCheck",
    args: &[],
    finished: "cases ",
};

/// Hashtable, Properties, IdentityHashMap, StringTokenizer, UUID, Optional*, spliterators,
/// copy-on-write lists and skip-list maps.
const MORE_UTIL: LibraryCheck = LibraryCheck {
    class: "MoreUtilCheck",
    args: &[],
    finished: "MoreUtilCheck done",
};

/// Scanner over 1,000 generated token, line and delimiter inputs.
const SCANNER: LibraryCheck = LibraryCheck {
    class: "ScannerCheck",
    args: &[],
    finished: "ScannerCheck done",
};

#[test]
fn math_check_prints_the_same_on_gcvm_as_on_hotspot() {
    MATH.assert_gcvm_matches_hotspot(&[]);
}

#[test]
fn text_check_prints_the_same_on_gcvm_as_on_hotspot() {
    TEXT.assert_gcvm_matches_hotspot(&[]);
}

#[test]
fn time_check_prints_the_same_on_gcvm_as_on_hotspot() {
    TIME.assert_gcvm_matches_hotspot(&[]);
}

#[test]
fn scanner_check_prints_the_same_on_gcvm_as_on_hotspot() {
    SCANNER.assert_gcvm_matches_hotspot(&[]);
}

#[test]
fn more_util_check_prints_the_same_on_gcvm_as_on_hotspot() {
    MORE_UTIL.assert_gcvm_matches_hotspot(&[]);
}

#[test]
fn more_util_check_prints_the_same_under_every_collector_with_gc_stress_and_verification() {
    for collector in COLLECTORS {
        MORE_UTIL.assert_gcvm_matches_hotspot(&[
            "--gc",
            collector,
            "--gc-stress",
            "50",
            "--verify-heap",
            "-Xmx16m",
        ]);
    }
}
