//! Tests of javafmt (kept apart so the module reads on its own).

#![allow(clippy::excessive_precision)] // literals exactly as Java printed them
use super::*;

// Expected strings below were printed by OpenJDK 17.0.15 (`java`), with
// String.format(Locale.ROOT, ...).

#[test]
fn double_to_string_prints_simple_decimals_plainly() {
    assert_eq!(double_to_string(0.1), "0.1");
    assert_eq!(double_to_string(1.0 / 3.0), "0.3333333333333333");
    assert_eq!(double_to_string(100.0), "100.0");
    assert_eq!(double_to_string(1234567.0), "1234567.0");
    assert_eq!(double_to_string(-1.5), "-1.5");
    assert_eq!(double_to_string(0.25), "0.25");
    assert_eq!(double_to_string(1.005), "1.005");
    assert_eq!(double_to_string(4.35), "4.35");
    assert_eq!(double_to_string(99999.5), "99999.5");
}

#[test]
fn double_to_string_switches_to_e_notation_outside_1e_minus_3_to_1e7() {
    assert_eq!(double_to_string(1e7), "1.0E7");
    assert_eq!(double_to_string(12345678.0), "1.2345678E7");
    assert_eq!(double_to_string(123456789.125), "1.23456789125E8");
    assert_eq!(double_to_string(1.0e-3), "0.001");
    assert_eq!(double_to_string(0.001), "0.001");
    assert_eq!(double_to_string(2.0e-3), "0.002");
    assert_eq!(double_to_string(0.0001), "1.0E-4");
    assert_eq!(double_to_string(1.0e-5), "1.0E-5");
    assert_eq!(double_to_string(0.00009995), "9.995E-5");
    assert_eq!(double_to_string(1e20), "1.0E20");
    assert_eq!(double_to_string(1e21), "1.0E21");
    assert_eq!(double_to_string(1e22), "1.0E22");
    assert_eq!(double_to_string(1e300), "1.0E300");
    assert_eq!(double_to_string(1e-300), "1.0E-300");
}

#[test]
fn double_to_string_keeps_jdk17_non_shortest_outputs() {
    // JDK 19+ prints 1.0E23 and 2.0E23 here; JDK 17's FloatingDecimal does not.
    assert_eq!(
        double_to_string(9.999999999999999e22),
        "9.999999999999999E22"
    );
    assert_eq!(double_to_string(1.0e23), "9.999999999999999E22");
    assert_eq!(double_to_string(2e23), "1.9999999999999998E23");
    assert_eq!(double_to_string(2f64.powi(63)), "9.223372036854776E18");
    assert_eq!(double_to_string(2f64.powi(-44)), "5.6843418860808015E-14");
}

#[test]
fn double_to_string_prints_extremes() {
    assert_eq!(double_to_string(f64::from_bits(1)), "4.9E-324");
    assert_eq!(double_to_string(f64::from_bits(3)), "1.5E-323");
    assert_eq!(double_to_string(f64::MAX), "1.7976931348623157E308");
    assert_eq!(
        double_to_string(f64::MIN_POSITIVE),
        "2.2250738585072014E-308"
    );
}

#[test]
fn double_to_string_prints_zeros_nan_and_infinities() {
    assert_eq!(double_to_string(0.0), "0.0");
    assert_eq!(double_to_string(-0.0), "-0.0");
    assert_eq!(double_to_string(f64::NAN), "NaN");
    assert_eq!(double_to_string(f64::INFINITY), "Infinity");
    assert_eq!(double_to_string(f64::NEG_INFINITY), "-Infinity");
}

#[test]
fn float_to_string_uses_float_precision() {
    assert_eq!(float_to_string(0.1f32), "0.1");
    assert_eq!(float_to_string(0.3f32 + 0.6f32), "0.90000004");
    assert_eq!(float_to_string(1.0f32 / 3.0), "0.33333334");
    assert_eq!(float_to_string(123456.7f32), "123456.7");
    assert_eq!(float_to_string(9999999f32), "9999999.0");
    assert_eq!(float_to_string(0.001f32), "0.001");
    assert_eq!(float_to_string(0.0009765625f32), "9.765625E-4");
    assert_eq!(float_to_string(16777216f32), "1.6777216E7");
    assert_eq!(float_to_string(100663296f32), "1.00663296E8");
    assert_eq!(float_to_string(1.0e7f32), "1.0E7");
    assert_eq!(float_to_string(1.0e10f32), "1.0E10");
    assert_eq!(float_to_string(1e38f32), "1.0E38");
}

#[test]
fn float_to_string_prints_extremes_and_specials() {
    assert_eq!(float_to_string(f32::MAX), "3.4028235E38");
    assert_eq!(float_to_string(f32::from_bits(1)), "1.4E-45");
    assert_eq!(float_to_string(1e-44f32), "9.8E-45");
    assert_eq!(float_to_string(f32::MIN_POSITIVE), "1.17549435E-38");
    assert_eq!(float_to_string(-0.0f32), "-0.0");
    assert_eq!(float_to_string(f32::NAN), "NaN");
    assert_eq!(float_to_string(f32::NEG_INFINITY), "-Infinity");
}

#[test]
fn format_fixed_rounds_half_up_on_java_digits() {
    assert_eq!(format_fixed(0.25, 1), "0.3");
    assert_eq!(format_fixed(1.005, 2), "1.01");
    assert_eq!(format_fixed(0.125, 2), "0.13");
    assert_eq!(format_fixed(9.9995, 3), "10.000");
    assert_eq!(format_fixed(0.5, 0), "1");
    assert_eq!(format_fixed(0.05, 0), "0");
    assert_eq!(format_fixed(1.0 / 3.0, 3), "0.333");
    assert_eq!(format_fixed(0.0001, 3), "0.000");
    assert_eq!(format_fixed(f64::from_bits(1), 3), "0.000");
}

#[test]
fn format_fixed_pads_large_values_with_zeros() {
    assert_eq!(format_fixed(1e7, 3), "10000000.000");
    assert_eq!(format_fixed(1e20, 3), "100000000000000000000.000");
    assert_eq!(format_fixed(1e23, 3), "99999999999999990000000.000");
    assert_eq!(format_fixed(2e23, 3), "199999999999999980000000.000");
    assert_eq!(format_fixed(2f64.powi(63), 3), "9223372036854776000.000");
    assert_eq!(format_fixed(1e300, 3), format!("1{}.000", "0".repeat(300)));
    assert_eq!(
        format_fixed(f64::MAX, 3),
        format!("17976931348623157{}.000", "0".repeat(292))
    );
}

#[test]
fn format_fixed_signs_negative_zero_and_prints_specials() {
    assert_eq!(format_fixed(-0.0, 3), "-0.000");
    assert_eq!(format_fixed(0.0, 0), "0");
    assert_eq!(format_fixed(-1.5, 3), "-1.500");
    assert_eq!(format_fixed(f64::NAN, 3), "NaN");
    assert_eq!(format_fixed(f64::INFINITY, 3), "Infinity");
    assert_eq!(format_fixed(f64::NEG_INFINITY, 3), "-Infinity");
}

#[test]
fn format_scientific_prints_two_digit_exponents() {
    assert_eq!(format_scientific(12.3456, 6), "1.234560e+01");
    assert_eq!(format_scientific(0.1, 6), "1.000000e-01");
    assert_eq!(format_scientific(1234567.0, 6), "1.234567e+06");
    assert_eq!(format_scientific(12345678.0, 6), "1.234568e+07");
    assert_eq!(format_scientific(9.999999999999999e22, 6), "1.000000e+23");
    assert_eq!(format_scientific(f64::MAX, 6), "1.797693e+308");
    assert_eq!(format_scientific(f64::from_bits(1), 6), "4.900000e-324");
    assert_eq!(format_scientific(99999.5, 6), "9.999950e+04");
}

#[test]
fn format_scientific_prints_zero_with_plus_zero_exponent() {
    assert_eq!(format_scientific(0.0, 6), "0.000000e+00");
    assert_eq!(format_scientific(-0.0, 6), "-0.000000e+00");
    assert_eq!(format_scientific(f64::NEG_INFINITY, 6), "-Infinity");
}

#[test]
fn format_general_chooses_notation_by_rounded_exponent() {
    assert_eq!(format_general(0.1, 4), "0.1000");
    assert_eq!(format_general(100.0, 4), "100.0");
    assert_eq!(format_general(1e7, 4), "1.000e+07");
    assert_eq!(format_general(0.001, 4), "0.001000");
    assert_eq!(format_general(0.0001, 4), "0.0001000");
    assert_eq!(format_general(1.0e-5, 4), "1.000e-05");
    assert_eq!(format_general(0.00009995, 4), "9.995e-05");
    assert_eq!(format_general(9.9995, 4), "10.00");
    assert_eq!(format_general(99999.5, 4), "1.000e+05");
    assert_eq!(format_general(1234567.0, 4), "1.235e+06");
    assert_eq!(format_general(f64::from_bits(1), 4), "4.900e-324");
}

#[test]
fn format_general_treats_precision_zero_as_one_and_zero_as_decimal() {
    assert_eq!(format_general(0.0, 4), "0.000");
    assert_eq!(format_general(-0.0, 4), "-0.000");
    assert_eq!(format_general(0.0, 0), "0");
    assert_eq!(format_general(1.5, 0), "2");
    assert_eq!(format_general(f64::NAN, 4), "NaN");
}

#[test]
fn parse_double_round_trips_double_to_string() {
    let mut state = 0x1234_5678_9abc_def0u64;
    for _ in 0..20_000 {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let v = f64::from_bits(state);
        if v.is_nan() {
            continue;
        }
        assert_eq!(
            parse_double(&double_to_string(v)).map(f64::to_bits),
            Some(v.to_bits())
        );
    }
}

#[test]
fn parse_float_round_trips_float_to_string() {
    let mut state = 0x0fed_cba9_8765_4321u64;
    for _ in 0..20_000 {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let v = f32::from_bits((state >> 32) as u32);
        if v.is_nan() {
            continue;
        }
        assert_eq!(
            parse_float(&float_to_string(v)).map(f32::to_bits),
            Some(v.to_bits())
        );
    }
}

fn double_text(s: &str) -> String {
    parse_double(s).map_or("NFE".to_string(), double_to_string)
}

fn float_text(s: &str) -> String {
    parse_float(s).map_or("NFE".to_string(), float_to_string)
}

#[test]
fn parse_accepts_whitespace_signs_suffixes_and_partial_forms() {
    for (input, expected) in [
        ("  1e10  ", "1.0E10"),
        ("\t1\n", "1.0"),
        ("1.5f", "1.5"),
        ("+.5", "0.5"),
        ("1.e5", "100000.0"),
        (".5e-3D", "5.0E-4"),
        ("0.1e1f", "1.0"),
        ("1d", "1.0"),
        ("1F", "1.0"),
        ("00001.2500", "1.25"),
        ("0.", "0.0"),
        ("0.0000", "0.0"),
        ("-0", "-0.0"),
        ("-.0", "-0.0"),
    ] {
        assert_eq!(double_text(input), expected, "parse_double({input:?})");
        assert_eq!(float_text(input), expected, "parse_float({input:?})");
    }
}

#[test]
fn parse_rejects_malformed_numbers() {
    for input in [
        ".",
        "e5",
        "0x",
        "1_000",
        "1e",
        "1e+",
        "-",
        "+",
        "",
        "  ",
        "1.5ff",
        "Infinityf",
        "NaNd",
        "1 2",
        "++1",
        "1e--1",
        "1..2",
        "0x1p",
        "0xp1",
        "0x.p1",
        "0x1p1.5",
        "1,5",
        "١",
    ] {
        assert_eq!(parse_double(input), None, "parse_double({input:?})");
        assert_eq!(parse_float(input), None, "parse_float({input:?})");
    }
}

#[test]
fn parse_reads_nan_and_signed_infinities() {
    assert!(parse_double("NaN").unwrap().is_nan());
    assert!(parse_double("-NaN").unwrap().is_nan());
    assert!(parse_float("NaN").unwrap().is_nan());
    assert_eq!(parse_double("-Infinity"), Some(f64::NEG_INFINITY));
    assert_eq!(parse_double("+Infinity"), Some(f64::INFINITY));
    assert_eq!(parse_float("-Infinity"), Some(f32::NEG_INFINITY));
}

#[test]
fn parse_reads_hexadecimal_literals() {
    for (input, double, float) in [
        ("0x1.8p3", "12.0", "12.0"),
        ("0X.8P1", "1.0", "1.0"),
        ("0x1.p1d", "2.0", "2.0"),
        ("0x1p1F", "2.0", "2.0"),
        ("0x1.8p3 ", "12.0", "12.0"),
        ("-0x1p-1074", "-4.9E-324", "-0.0"),
        ("0x1p-1075", "0.0", "0.0"),
        ("0x1.0000000000001p-1075", "4.9E-324", "0.0"),
        ("0x1.fffffffffffff8p1023", "Infinity", "Infinity"),
        (
            "0x1.fffffffffffff7p1023",
            "1.7976931348623157E308",
            "Infinity",
        ),
        ("0x1p99999999999", "Infinity", "Infinity"),
        ("0x1p-99999999999", "0.0", "0.0"),
        ("0x0p99999999999", "0.0", "0.0"),
    ] {
        assert_eq!(double_text(input), double, "parse_double({input:?})");
        assert_eq!(float_text(input), float, "parse_float({input:?})");
    }
}

#[test]
fn parse_rounds_hexadecimal_ties_to_even() {
    for (input, double, float) in [
        ("0x1.00000000000018p0", "1.0000000000000004", "1.0"),
        ("0x1.00000000000008p0", "1.0", "1.0"),
        ("0x1.00000000000008000000001p0", "1.0000000000000002", "1.0"),
        ("0x1.000003p0", "1.0000001788139343", "1.0000002"),
        ("0x1.000001p0", "1.0000000596046448", "1.0"),
        ("0x1.0000018p0", "1.0000000894069672", "1.0000001"),
        ("0x3p-1075", "1.0E-323", "0.0"),
        ("0x1p-150", "7.006492321624085E-46", "0.0"),
        ("0x3p-150", "2.1019476964872256E-45", "2.8E-45"),
        ("0x1.fffffep127", "3.4028234663852886E38", "3.4028235E38"),
        ("0x1.ffffffp127", "3.4028235677973366E38", "Infinity"),
    ] {
        assert_eq!(double_text(input), double, "parse_double({input:?})");
        assert_eq!(float_text(input), float, "parse_float({input:?})");
    }
}

#[test]
fn parse_rounds_correctly_at_ties_and_range_limits() {
    for (input, double, float) in [
        (
            "1.00000017881393432617187499",
            "1.0000001788139343",
            "1.0000001",
        ),
        (
            "1.000000178813934326171875",
            "1.0000001788139343",
            "1.0000002",
        ),
        ("2.4703282292062327E-324", "0.0", "0.0"),
        ("2.4703282292062328E-324", "4.9E-324", "0.0"),
        (
            "3.4028235677973366e38",
            "3.4028235677973366E38",
            "3.4028235E38",
        ),
        ("3.4028236e38", "3.4028236E38", "Infinity"),
        ("7.006492321624086e-46", "7.006492321624085E-46", "1.4E-45"),
        (
            "1.7976931348623158e308",
            "1.7976931348623157E308",
            "Infinity",
        ),
        ("1.7976931348623159e308", "Infinity", "Infinity"),
        (
            "123456789012345678901234567890",
            "1.2345678901234568E29",
            "1.2345679E29",
        ),
        ("1e400", "Infinity", "Infinity"),
        ("-1e-400", "-0.0", "-0.0"),
        ("1e2147483648", "Infinity", "Infinity"),
        ("1e-2147483648", "0.0", "0.0"),
        ("0e99999999999", "0.0", "0.0"),
    ] {
        assert_eq!(double_text(input), double, "parse_double({input:?})");
        assert_eq!(float_text(input), float, "parse_float({input:?})");
    }
}

// ---- Oracle: compare thousands of values with the JDK itself. -------------------

/// Generates the values (deterministically) and prints the JDK's answers, one per line:
/// `D bits p <TAB> toString <TAB> %.3f <TAB> %.6e <TAB> %.4g <TAB> %.pf <TAB> %.pe <TAB> %.pg`,
/// `F bits <TAB> toString`, and `P text <TAB> double bits|NFE <TAB> float bits|NFE`.
const ORACLE_JAVA: &str = r#"
import java.math.BigDecimal;
import java.util.Locale;

public class JavaFmtOracle {
static long state = 0x243F6A8885A308D3L;
static final StringBuilder out = new StringBuilder();

static long next() { // splitmix64
    long z = (state += 0x9E3779B97F4A7C15L);
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
}
static int below(int n) { return (int) Long.remainderUnsigned(next(), n); }

static String fmt(String f, double v) { return String.format(Locale.ROOT, f, v); }

static void d(double v) {
    int p = below(18);
    out.append("D ").append(Long.toHexString(Double.doubleToRawLongBits(v))).append(' ').append(p)
       .append('\t').append(Double.toString(v))
       .append('\t').append(fmt("%.3f", v)).append('\t').append(fmt("%.6e", v)).append('\t').append(fmt("%.4g", v))
       .append('\t').append(fmt("%." + p + "f", v)).append('\t').append(fmt("%." + p + "e", v))
       .append('\t').append(fmt("%." + p + "g", v)).append('\n');
}
static void f(float v) {
    out.append("F ").append(Integer.toHexString(Float.floatToRawIntBits(v))).append('\t').append(Float.toString(v)).append('\n');
}
static void p(String s) {
    String dr, fr;
    try { dr = Long.toHexString(Double.doubleToRawLongBits(Double.parseDouble(s))); } catch (NumberFormatException e) { dr = "NFE"; }
    try { fr = Integer.toHexString(Float.floatToRawIntBits(Float.parseFloat(s))); } catch (NumberFormatException e) { fr = "NFE"; }
    out.append("P ").append(s).append('\t').append(dr).append('\t').append(fr).append('\n');
}
static String digits(int n) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < n; i++) b.append((char) ('0' + below(10)));
    return b.toString();
}

public static void main(String[] args) {
    // Doubles: random bit patterns over all exponents, subnormals, nice decimals, integers,
    // powers of ten and their neighbours, ties for the formatter.
    for (int i = 0; i < 4000; i++) d(Double.longBitsToDouble(next()));
    for (int i = 0; i < 300; i++) d(Double.longBitsToDouble(next() >>> 12));
    for (int i = 0; i < 1000; i++) d(below(2000000) / 1000.0);
    for (int i = 0; i < 500; i++) d(below(100000) / 100.0 * (below(2) == 0 ? 1 : -1));
    for (int i = 0; i < 500; i++) d((double) (next() >> below(64)));
    for (int i = 0; i < 500; i++) d((below(20000) * 5 + 5) / Math.pow(10, below(12)));
    for (int e = -325; e <= 309; e++) {
        double t = Double.parseDouble("1e" + e);
        d(t); d(Math.nextUp(t)); d(Math.nextDown(t));
    }
    for (int i = 0; i < 300; i++) d(Double.parseDouble(digits(1 + below(17)) + "e" + (below(60) - 30)));
    // Floats.
    for (int i = 0; i < 4000; i++) f(Float.intBitsToFloat((int) next()));
    for (int i = 0; i < 300; i++) f(Float.intBitsToFloat((int) (next() >>> 41)));
    for (int i = 0; i < 1000; i++) f(below(2000000) / 1000.0f);
    for (int i = 0; i < 500; i++) f((float) (next() >> below(64)));
    for (int e = -46; e <= 39; e++) {
        float t = Float.parseFloat("1e" + e);
        f(t); f(Math.nextUp(t)); f(Math.nextDown(t));
    }
    // Parsing: random decimal texts, exact midpoints between neighbouring doubles and
    // floats (and just off them), hexadecimal texts.
    for (int i = 0; i < 1500; i++) {
        String m = digits(1 + below(30));
        int point = below(m.length() + 1);
        String s = (below(2) == 0 ? "-" : "") + m.substring(0, point) + "." + m.substring(point);
        if (below(3) > 0) s += (below(2) == 0 ? "e" : "E") + (below(700) - 360);
        p(s);
    }
    for (int i = 0; i < 700; i++) {
        double v = Double.longBitsToDouble(next() & 0x7fefffffffffffffL);
        BigDecimal mid = new BigDecimal(v).add(new BigDecimal(Math.nextUp(v))).divide(BigDecimal.valueOf(2));
        p(mid.toString());
        p(mid.add(mid.ulp()).toString());
        p(mid.subtract(mid.ulp()).toString());
    }
    for (int i = 0; i < 700; i++) {
        float v = Float.intBitsToFloat((int) next() & 0x7f7fffff);
        BigDecimal mid = new BigDecimal(v).add(new BigDecimal(Math.nextUp(v))).divide(BigDecimal.valueOf(2));
        p(mid.toString());
        p(mid.add(mid.ulp()).toString());
        p(mid.subtract(mid.ulp()).toString());
    }
    for (int i = 0; i < 500; i++) p(Double.toHexString(Double.longBitsToDouble(next())));
    // Exact binary midpoints (and just above them) in hexadecimal, for doubles and floats.
    for (int i = 0; i < 300; i++) {
        long bits = next() & 0x7fefffffffffffffL;
        int biased = (int) (bits >>> 52);
        long m = (bits & 0xfffffffffffffL) | (biased == 0 ? 0 : 1L << 52);
        int e = Math.max(biased, 1) - 1075;
        if (m == 0) continue;
        p("0x" + Long.toHexString(2 * m + 1) + "p" + (e - 1));
        p("0x" + Long.toHexString(2 * m + 1) + ".0001p" + (e - 1));
        int fbits = (int) next() & 0x7f7fffff;
        int fbiased = fbits >>> 23;
        long fm = (fbits & 0x7fffff) | (fbiased == 0 ? 0 : 1 << 23);
        int fe = Math.max(fbiased, 1) - 150;
        if (fm == 0) continue;
        p("0x" + Long.toHexString(2 * fm + 1) + "p" + (fe - 1));
        p("0x" + Long.toHexString(2 * fm + 1) + ".0001p" + (fe - 1));
    }
    for (int i = 0; i < 500; i++) {
        StringBuilder h = new StringBuilder(below(2) == 0 ? "0x" : "-0X");
        String hex = "0123456789abcdefABCDEF";
        int n = 1 + below(24), point = below(n + 1);
        for (int k = 0; k < n; k++) {
            if (k == point) h.append('.');
            h.append(hex.charAt(below(hex.length())));
        }
        h.append(below(2) == 0 ? 'p' : 'P').append(below(2400) - 1200);
        p(h.toString());
    }
    System.out.print(out);
}
}
"#;

/// Compiles and runs the oracle program with the JDK (`JAVAC` / `JAVA` or the PATH).
fn run_java_oracle() -> String {
    use std::process::Command;
    let dir = std::env::temp_dir().join(format!("gcvm-javafmt-oracle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    std::fs::write(dir.join("JavaFmtOracle.java"), ORACLE_JAVA).expect("write oracle source");
    let javac = std::env::var("JAVAC").unwrap_or_else(|_| "javac".to_string());
    let java = std::env::var("JAVA").unwrap_or_else(|_| "java".to_string());
    let status = Command::new(&javac)
        .arg("-d")
        .arg(&dir)
        .arg(dir.join("JavaFmtOracle.java"))
        .status()
        .unwrap_or_else(|e| panic!("cannot run {javac} (JDK 17 is required): {e}"));
    assert!(status.success(), "javac failed");
    let output = Command::new(&java)
        .arg("-cp")
        .arg(&dir)
        .arg("JavaFmtOracle")
        .output()
        .unwrap_or_else(|e| panic!("cannot run {java} (JDK 17 is required): {e}"));
    assert!(
        output.status.success(),
        "java failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
    String::from_utf8(output.stdout).expect("oracle output is UTF-8")
}

/// Checks one oracle line; returns how many conversions it compared and the mismatches.
fn check_oracle_line(line: &str, mismatches: &mut Vec<String>) -> usize {
    let mut fields = line.split('\t');
    let head = fields.next().unwrap();
    let expected: Vec<&str> = fields.collect();
    let mut compare = |what: String, ours: String, theirs: &str| {
        if ours != theirs {
            mismatches.push(format!("{what}: ours {ours:?}, java {theirs:?}"));
        }
    };
    let parts: Vec<&str> = head.split(' ').collect();
    match parts[0] {
        "D" => {
            let v = f64::from_bits(u64::from_str_radix(parts[1], 16).unwrap());
            let p: usize = parts[2].parse().unwrap();
            let ours = [
                double_to_string(v),
                format_fixed(v, 3),
                format_scientific(v, 6),
                format_general(v, 4),
                format_fixed(v, p),
                format_scientific(v, p),
                format_general(v, p),
            ];
            let names = ["toString", "%.3f", "%.6e", "%.4g", "%.pf", "%.pe", "%.pg"];
            for i in 0..ours.len() {
                compare(
                    format!("{} {} of {v:e} (p={p})", head, names[i]),
                    ours[i].clone(),
                    expected[i],
                );
            }
            if !v.is_nan() {
                let back = parse_double(expected[0]).map(|r| format!("{:x}", r.to_bits()));
                compare(
                    format!("parse_double({})", expected[0]),
                    back.unwrap_or_default(),
                    parts[1],
                );
            }
            ours.len() + 1
        }
        "F" => {
            let v = f32::from_bits(u32::from_str_radix(parts[1], 16).unwrap());
            compare(
                format!("Float.toString of {head}"),
                float_to_string(v),
                expected[0],
            );
            if !v.is_nan() {
                let back = parse_float(expected[0]).map(|r| format!("{:x}", r.to_bits()));
                compare(
                    format!("parse_float({})", expected[0]),
                    back.unwrap_or_default(),
                    parts[1],
                );
            }
            2
        }
        "P" => {
            let text = &head[2..];
            let ours_double =
                parse_double(text).map_or("NFE".to_string(), |r| format!("{:x}", r.to_bits()));
            let ours_float =
                parse_float(text).map_or("NFE".to_string(), |r| format!("{:x}", r.to_bits()));
            compare(format!("parse_double({text})"), ours_double, expected[0]);
            compare(format!("parse_float({text})"), ours_float, expected[1]);
            2
        }
        other => panic!("unexpected oracle line kind {other:?}"),
    }
}

#[test]
fn oracle_matches_jdk17_on_thousands_of_values() {
    let output = run_java_oracle();
    let mut mismatches = Vec::new();
    let mut values = 0;
    let mut conversions = 0;
    for line in output.lines() {
        values += 1;
        conversions += check_oracle_line(line, &mut mismatches);
    }
    println!("oracle: {values} values, {conversions} conversions compared with the JDK");
    assert!(values > 10_000, "oracle printed only {values} lines");
    assert!(
        mismatches.is_empty(),
        "{} of {conversions} conversions differ from the JDK, e.g.:\n{}",
        mismatches.len(),
        mismatches
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
