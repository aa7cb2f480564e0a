//! Java's number <-> text conversions, reproduced bit for bit as OpenJDK 17 does them.
//!
//! gcvm's output is compared byte for byte with HotSpot's, so `Double.toString`,
//! `Float.toString`, `Double.parseDouble`, `Float.parseFloat` and the `%f` / `%e` / `%g`
//! conversions of `java.util.Formatter` must print exactly what JDK 17 prints.
//!
//! Where the algorithms come from:
//!
//! * Binary to decimal is a port of `jdk.internal.math.FloatingDecimal.BinaryToASCIIBuffer`
//!   (`dtoa`, `developLongDigits`, `roundup`, `estimateDecExp`, `getChars`) of JDK 17.
//!   JDK 17 still uses this old algorithm, not the shortest-digits one (Raffaello Giulietti's)
//!   that JDK 19 introduced, so its output is *usually* the shortest repr, but not always:
//!   `1.0E23` prints as `9.999999999999999E22` and `2e23` as `1.9999999999999998E23`.
//!   The port keeps the original's three arithmetic engines (int, long and big integer),
//!   including the wrapping of Java's `int` and `long` arithmetic, because the engine chosen
//!   affects the stopping test (`b + m > tens` in the small engines, `>=` in the big one).
//!   Our own small bignum stands in for `FDBigInteger`: the digit loop only needs exact
//!   quotients and comparisons, and FDBigInteger's normalising shift scales every operand
//!   by the same power of two, which changes no comparison.
//! * `%f`, `%e` and `%g` are ports of `jdk.internal.math.FormattedFloatingDecimal`
//!   (`applyPrecision`, `fillDecimal`, `fillScientific`) and of the double branch of
//!   `java.util.Formatter.FormatSpecifier.print`. Java rounds HALF_UP on the decimal
//!   digits that `dtoa` produced (in its non-"compatible" mode, which never stops after a
//!   single digit), not on the exact binary value as C does: `%.1f` of 0.25 is `0.3` and
//!   `%.2f` of 1.005 is `1.01`. Digits beyond those `dtoa` produced are printed as zeros
//!   (`%.3f` of 1e23 is `99999999999999990000000.000`). Width, flags and locales are not
//!   handled here; the decimal separator is always `.`.
//! * Text to binary follows the grammar of `FloatingDecimal.readJavaFormatString` and its
//!   hexadecimal regex. JDK 17's conversion is correctly rounded (to double for `parseDouble`,
//!   directly to float for `parseFloat`), so the decimal core is Rust's correctly rounded
//!   `str::parse` on a canonical string, and hexadecimal significands are rounded here
//!   (round half to even, with gradual underflow).

use std::cmp::Ordering;

// ---------------------------------------------------------------------------------------
// IEEE 754 constants (names as in FloatingDecimal / DoubleConsts / FloatConsts).
// ---------------------------------------------------------------------------------------

const EXP_SHIFT: i32 = 52;
const FRACT_HOB: u64 = 1 << EXP_SHIFT;
const EXP_ONE: u64 = 1023 << EXP_SHIFT;
const SIGNIF_BIT_MASK: u64 = FRACT_HOB - 1;
const EXP_BIT_MASK: u64 = 0x7ff << EXP_SHIFT;
const SIGN_BIT_MASK: u64 = 1 << 63;
const DOUBLE_EXP_BIAS: i32 = 1023;

const SINGLE_EXP_SHIFT: i32 = 23;
const SINGLE_FRACT_HOB: u32 = 1 << SINGLE_EXP_SHIFT;
const SINGLE_SIGNIF_BIT_MASK: u32 = SINGLE_FRACT_HOB - 1;
const SINGLE_EXP_BIT_MASK: u32 = 0xff << SINGLE_EXP_SHIFT;
const SINGLE_SIGN_BIT_MASK: u32 = 1 << 31;
const FLOAT_EXP_BIAS: i32 = 127;

const MAX_SMALL_BIN_EXP: i32 = 62;
const MIN_SMALL_BIN_EXP: i32 = -(63 / 3);

/// `FDBigInteger.SMALL_5_POW`: 5^0 ..= 5^13 as Java ints.
const SMALL_5_POW: [i32; 14] = small_5_pow();
/// `FDBigInteger.LONG_5_POW`: 5^0 ..= 5^26 as Java longs.
const LONG_5_POW: [i64; 27] = long_5_pow();

/// `BinaryToASCIIBuffer.N_5_BITS`: approximately ceil(log2(5^i)).
const N_5_BITS: [i32; 27] = [
    0, 3, 5, 7, 10, 12, 14, 17, 19, 21, 24, 26, 28, 31, 33, 35, 38, 40, 42, 45, 47, 49, 52, 54, 56,
    59, 61,
];

/// `BinaryToASCIIBuffer.insignificantDigitsNumber`.
const INSIGNIFICANT_DIGITS_NUMBER: [i32; 64] = [
    0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 8, 8, 8, 9, 9,
    9, 9, 10, 10, 10, 11, 11, 11, 12, 12, 12, 12, 13, 13, 13, 14, 14, 14, 15, 15, 15, 15, 16, 16,
    16, 17, 17, 17, 18, 18, 18, 19,
];

const fn small_5_pow() -> [i32; 14] {
    let mut table = [1i32; 14];
    let mut i = 1;
    while i < table.len() {
        table[i] = table[i - 1] * 5;
        i += 1;
    }
    table
}

const fn long_5_pow() -> [i64; 27] {
    let mut table = [1i64; 27];
    let mut i = 1;
    while i < table.len() {
        table[i] = table[i - 1] * 5;
        i += 1;
    }
    table
}

// ---------------------------------------------------------------------------------------
// Public API.
// ---------------------------------------------------------------------------------------

/// `Double.toString(double)` of JDK 17.
pub fn double_to_string(v: f64) -> String {
    match unpack_double(v) {
        Unpacked::Finite(binary) => binary_to_decimal(&binary, true).to_java_format_string(),
        special => special.special_image(),
    }
}

/// `Float.toString(float)` of JDK 17.
pub fn float_to_string(v: f32) -> String {
    match unpack_float(v) {
        Unpacked::Finite(binary) => binary_to_decimal(&binary, true).to_java_format_string(),
        special => special.special_image(),
    }
}

/// `Double.parseDouble(String)`; `None` where Java throws `NumberFormatException`.
pub fn parse_double(s: &str) -> Option<f64> {
    Some(match read_java_format_string(s)? {
        ParsedNumber::NaN => f64::NAN,
        ParsedNumber::Infinity { negative } => signed(negative, f64::INFINITY),
        ParsedNumber::Zero { negative } => signed(negative, 0.0),
        ParsedNumber::Decimal(decimal) => decimal.to_f64(),
        ParsedNumber::Hex(hex) => f64::from_bits(hex.round_to_double_bits()),
    })
}

/// `Float.parseFloat(String)`; `None` where Java throws `NumberFormatException`.
/// Rounds directly to float (never through double).
pub fn parse_float(s: &str) -> Option<f32> {
    Some(match read_java_format_string(s)? {
        ParsedNumber::NaN => f32::NAN,
        ParsedNumber::Infinity { negative } => signed(negative, f64::INFINITY) as f32,
        ParsedNumber::Zero { negative } => signed(negative, 0.0) as f32,
        ParsedNumber::Decimal(decimal) => decimal.to_f32(),
        ParsedNumber::Hex(hex) => f32::from_bits(hex.round_to_float_bits()),
    })
}

/// `String.format("%.<precision>f", v)` without width or flags.
pub fn format_fixed(v: f64, precision: usize) -> String {
    format_with(v, |magnitude| {
        fixed_magnitude(magnitude, precision_to_i32(precision))
    })
}

/// `String.format("%.<precision>e", v)` without width or flags.
pub fn format_scientific(v: f64, precision: usize) -> String {
    format_with(v, |magnitude| {
        scientific_magnitude(magnitude, precision_to_i32(precision))
    })
}

/// `String.format("%.<precision>g", v)` without width or flags (precision 0 means 1).
pub fn format_general(v: f64, precision: usize) -> String {
    format_with(v, |magnitude| {
        general_magnitude(magnitude, precision_to_i32(precision))
    })
}

// ---------------------------------------------------------------------------------------
// Unpacking IEEE values (FloatingDecimal.getBinaryToASCIIConverter).
// ---------------------------------------------------------------------------------------

/// A finite non-zero value as `dtoa` takes it: `fract_bits` has its leading one at bit 52,
/// the value is `fract_bits * 2^(bin_exp - 52)`, and `n_significant_bits` is the precision of
/// the source format at this value (53 or 24, fewer for subnormals).
struct BinaryValue {
    negative: bool,
    bin_exp: i32,
    fract_bits: u64,
    n_significant_bits: i32,
}

enum Unpacked {
    NaN,
    Infinity { negative: bool },
    Zero { negative: bool },
    Finite(BinaryValue),
}

impl Unpacked {
    /// The `toString` image of NaN, the infinities and the zeros.
    fn special_image(&self) -> String {
        match self {
            Unpacked::NaN => "NaN".to_string(),
            Unpacked::Infinity { negative: false } => "Infinity".to_string(),
            Unpacked::Infinity { negative: true } => "-Infinity".to_string(),
            Unpacked::Zero { negative } => DecimalDigits::zero(*negative).to_java_format_string(),
            Unpacked::Finite(_) => unreachable!("finite values are converted by dtoa"),
        }
    }
}

fn unpack_double(v: f64) -> Unpacked {
    let bits = v.to_bits();
    let negative = bits & SIGN_BIT_MASK != 0;
    let mut fract_bits = bits & SIGNIF_BIT_MASK;
    let mut bin_exp = ((bits & EXP_BIT_MASK) >> EXP_SHIFT) as i32;
    if bin_exp == 0x7ff {
        return if fract_bits == 0 {
            Unpacked::Infinity { negative }
        } else {
            Unpacked::NaN
        };
    }
    let n_significant_bits;
    if bin_exp == 0 {
        if fract_bits == 0 {
            return Unpacked::Zero { negative };
        }
        let leading_zeros = fract_bits.leading_zeros() as i32;
        let shift = leading_zeros - (63 - EXP_SHIFT);
        fract_bits <<= shift;
        bin_exp = 1 - shift;
        n_significant_bits = 64 - leading_zeros;
    } else {
        fract_bits |= FRACT_HOB;
        n_significant_bits = EXP_SHIFT + 1;
    }
    Unpacked::Finite(BinaryValue {
        negative,
        bin_exp: bin_exp - DOUBLE_EXP_BIAS,
        fract_bits,
        n_significant_bits,
    })
}

fn unpack_float(v: f32) -> Unpacked {
    let bits = v.to_bits();
    let negative = bits & SINGLE_SIGN_BIT_MASK != 0;
    let mut fract_bits = bits & SINGLE_SIGNIF_BIT_MASK;
    let mut bin_exp = ((bits & SINGLE_EXP_BIT_MASK) >> SINGLE_EXP_SHIFT) as i32;
    if bin_exp == 0xff {
        return if fract_bits == 0 {
            Unpacked::Infinity { negative }
        } else {
            Unpacked::NaN
        };
    }
    let n_significant_bits;
    if bin_exp == 0 {
        if fract_bits == 0 {
            return Unpacked::Zero { negative };
        }
        let leading_zeros = fract_bits.leading_zeros() as i32;
        let shift = leading_zeros - (31 - SINGLE_EXP_SHIFT);
        fract_bits <<= shift;
        bin_exp = 1 - shift;
        n_significant_bits = 32 - leading_zeros;
    } else {
        fract_bits |= SINGLE_FRACT_HOB;
        n_significant_bits = SINGLE_EXP_SHIFT + 1;
    }
    Unpacked::Finite(BinaryValue {
        negative,
        bin_exp: bin_exp - FLOAT_EXP_BIAS,
        fract_bits: u64::from(fract_bits) << (EXP_SHIFT - SINGLE_EXP_SHIFT),
        n_significant_bits,
    })
}

// ---------------------------------------------------------------------------------------
// Binary to decimal digits (BinaryToASCIIBuffer.dtoa).
// ---------------------------------------------------------------------------------------

/// The result of `dtoa`: the value is `0.d1d2...dn * 10^dec_exponent`.
/// `digits` are ASCII; after a carry out of `roundup` they may end in zeros.
struct DecimalDigits {
    negative: bool,
    digits: Vec<u8>,
    dec_exponent: i32,
}

impl DecimalDigits {
    /// `B2AC_POSITIVE_ZERO` / `B2AC_NEGATIVE_ZERO`.
    fn zero(negative: bool) -> DecimalDigits {
        DecimalDigits {
            negative,
            digits: vec![b'0'],
            dec_exponent: 0,
        }
    }

    /// `BinaryToASCIIBuffer.getChars`: plain notation for 1e-3 <= |v| < 1e7, else `d.dddE[-]n`.
    fn to_java_format_string(&self) -> String {
        let digits = &self.digits;
        let n_digits = digits.len();
        let dec_exponent = self.dec_exponent;
        let mut out = Vec::with_capacity(26);
        if self.negative {
            out.push(b'-');
        }
        if dec_exponent > 0 && dec_exponent < 8 {
            let integer_digits = n_digits.min(dec_exponent as usize);
            out.extend_from_slice(&digits[..integer_digits]);
            if integer_digits < dec_exponent as usize {
                out.resize(out.len() + dec_exponent as usize - integer_digits, b'0');
                out.extend_from_slice(b".0");
            } else {
                out.push(b'.');
                if integer_digits < n_digits {
                    out.extend_from_slice(&digits[integer_digits..]);
                } else {
                    out.push(b'0');
                }
            }
        } else if dec_exponent <= 0 && dec_exponent > -3 {
            out.extend_from_slice(b"0.");
            out.resize(out.len() + (-dec_exponent) as usize, b'0');
            out.extend_from_slice(digits);
        } else {
            out.push(digits[0]);
            out.push(b'.');
            if n_digits > 1 {
                out.extend_from_slice(&digits[1..]);
            } else {
                out.push(b'0');
            }
            out.push(b'E');
            let e = if dec_exponent <= 0 {
                out.push(b'-');
                -dec_exponent + 1
            } else {
                dec_exponent - 1
            };
            out.extend_from_slice(e.to_string().as_bytes());
        }
        String::from_utf8(out).expect("ASCII")
    }
}

/// `getBinaryToASCIIConverter(...)` followed by `dtoa`. `compatible` is Java's
/// `isCompatibleFormat`: true for `toString`, false for `Formatter`, where `dtoa` never
/// stops after the first digit.
fn binary_to_decimal(value: &BinaryValue, compatible: bool) -> DecimalDigits {
    let (digits, dec_exponent) = dtoa(
        value.bin_exp,
        value.fract_bits,
        value.n_significant_bits,
        compatible,
    );
    DecimalDigits {
        negative: value.negative,
        digits,
        dec_exponent,
    }
}

/// How the digit loop of `dtoa` ended; decides the rounding of the last digit.
struct DigitLoopResult {
    digits: Vec<u8>,
    /// `decExp` after the leading-zero correction of the first iteration.
    dec_exp: i32,
    low: bool,
    high: bool,
    /// Sign of `2 * remainder - 10 * S` (Java's `lowDigitDifference`).
    low_digit_difference: i64,
}

/// The exponents of 2 and 5 in `B` (the value), `S` (the scale) and `M` (half an ulp).
struct Scales {
    b2: i32,
    b5: i32,
    s2: i32,
    s5: i32,
    m2: i32,
    m5: i32,
}

/// `BinaryToASCIIBuffer.dtoa`: returns the ASCII digits and `decExponent`.
fn dtoa(
    bin_exp: i32,
    fract_bits: u64,
    n_significant_bits: i32,
    compatible: bool,
) -> (Vec<u8>, i32) {
    debug_assert!(fract_bits & FRACT_HOB != 0);
    let tail_zeros = fract_bits.trailing_zeros() as i32;
    let n_fract_bits = EXP_SHIFT + 1 - tail_zeros;
    let n_tiny_bits = (n_fract_bits - bin_exp - 1).max(0);

    if (MIN_SMALL_BIN_EXP..=MAX_SMALL_BIN_EXP).contains(&bin_exp)
        && (n_tiny_bits as usize) < LONG_5_POW.len()
        && n_fract_bits + N_5_BITS[n_tiny_bits as usize] < 64
        && n_tiny_bits == 0
    {
        return integer_value_digits(bin_exp, fract_bits, n_significant_bits);
    }

    let dec_exp = estimate_dec_exp(fract_bits, bin_exp);
    let scales = dtoa_scales(
        dec_exp,
        bin_exp,
        n_tiny_bits,
        n_fract_bits,
        n_significant_bits,
    );
    let fract = fract_bits >> tail_zeros;

    let b_bits = n_fract_bits + scales.b2 + approx_pow5_bits(scales.b5);
    let ten_s_bits = scales.s2 + 1 + approx_pow5_bits(scales.s5 + 1);
    let result = if b_bits < 32 && ten_s_bits < 32 {
        int_digit_loop(fract, &scales, dec_exp, compatible)
    } else if b_bits < 64 && ten_s_bits < 64 {
        long_digit_loop(fract, &scales, dec_exp, compatible)
    } else {
        big_digit_loop(fract, &scales, dec_exp, compatible)
    };
    round_last_digit(result)
}

/// The easy case of `dtoa`: the value is an integer that fits a long.
fn integer_value_digits(bin_exp: i32, fract_bits: u64, n_significant_bits: i32) -> (Vec<u8>, i32) {
    let insignificant = if bin_exp > n_significant_bits {
        insignificant_digits_for_pow2(bin_exp - n_significant_bits - 1)
    } else {
        0
    };
    let value = if bin_exp >= EXP_SHIFT {
        fract_bits << (bin_exp - EXP_SHIFT)
    } else {
        fract_bits >> (EXP_SHIFT - bin_exp)
    };
    develop_long_digits(value as i64, insignificant)
}

fn insignificant_digits_for_pow2(p2: i32) -> i32 {
    if p2 > 1 && (p2 as usize) < INSIGNIFICANT_DIGITS_NUMBER.len() {
        INSIGNIFICANT_DIGITS_NUMBER[p2 as usize]
    } else {
        0
    }
}

/// `developLongDigits(0, lvalue, insignificantDigits)`: drops `insignificant` low decimal
/// digits (rounding half up), then the trailing zeros.
fn develop_long_digits(mut value: i64, insignificant: i32) -> (Vec<u8>, i32) {
    let mut dec_exponent = 0;
    if insignificant != 0 {
        let pow10 = LONG_5_POW[insignificant as usize] << insignificant;
        let residue = value % pow10;
        value /= pow10;
        dec_exponent += insignificant;
        if residue >= (pow10 >> 1) {
            value += 1;
        }
    }
    debug_assert!(value > 0);
    let text = value.to_string();
    dec_exponent += text.len() as i32;
    let digits = text.trim_end_matches('0').as_bytes().to_vec();
    (digits, dec_exponent)
}

/// `BinaryToASCIIBuffer.estimateDecExp`: floor(log10(value)), possibly one too large.
/// The constants are Java's literals (0.301029995663981 is not the double nearest log10(2)).
#[allow(clippy::approx_constant)]
fn estimate_dec_exp(fract_bits: u64, bin_exp: i32) -> i32 {
    let d2 = f64::from_bits(EXP_ONE | (fract_bits & SIGNIF_BIT_MASK));
    let d = (d2 - 1.5) * 0.289529654 + 0.176091259 + f64::from(bin_exp) * 0.301029995663981;
    let d_bits = d.to_bits();
    let exponent = ((d_bits & EXP_BIT_MASK) >> EXP_SHIFT) as i32 - DOUBLE_EXP_BIAS;
    let is_negative = d_bits & SIGN_BIT_MASK != 0;
    if (0..52).contains(&exponent) {
        let mask = SIGNIF_BIT_MASK >> exponent;
        let r = (((d_bits & SIGNIF_BIT_MASK) | FRACT_HOB) >> (EXP_SHIFT - exponent)) as i32;
        if !is_negative {
            r
        } else if mask & d_bits == 0 {
            -r
        } else {
            -r - 1
        }
    } else if exponent < 0 {
        if d_bits & !SIGN_BIT_MASK == 0 || !is_negative {
            0
        } else {
            -1
        }
    } else {
        d as i32
    }
}

/// The powers of 2 and 5 of B, S and M, with common factors of 2 removed.
fn dtoa_scales(
    dec_exp: i32,
    bin_exp: i32,
    n_tiny_bits: i32,
    n_fract_bits: i32,
    n_significant_bits: i32,
) -> Scales {
    let b5 = (-dec_exp).max(0);
    let mut b2 = b5 + n_tiny_bits + bin_exp;
    let s5 = dec_exp.max(0);
    let mut s2 = s5 + n_tiny_bits;
    let m5 = b5;
    let mut m2 = b2 - n_significant_bits;

    b2 -= n_fract_bits - 1;
    let common2 = b2.min(s2);
    b2 -= common2;
    s2 -= common2;
    m2 -= common2;
    // Java's "HACK" for exact powers of two (kept, although it is only half right).
    if n_fract_bits == 1 {
        m2 -= 1;
    }
    if m2 < 0 {
        b2 -= m2;
        s2 -= m2;
        m2 = 0;
    }
    Scales {
        b2,
        b5,
        s2,
        s5,
        m2,
        m5,
    }
}

/// Binary digits needed for 5^p, as `dtoa` estimates them.
fn approx_pow5_bits(p5: i32) -> i32 {
    if (p5 as usize) < N_5_BITS.len() {
        N_5_BITS[p5 as usize]
    } else {
        p5 * 3
    }
}

/// Whether `dtoa` must produce at least two digits ("Java spec sez that we always have at
/// least one digit after the . in either F- or E-form output").
fn needs_second_digit(compatible: bool, dec_exp: i32) -> bool {
    !compatible || !(-3..8).contains(&dec_exp)
}

/// The digit loop on Java ints (wrapping like them).
fn int_digit_loop(fract: u64, sc: &Scales, mut dec_exp: i32, compatible: bool) -> DigitLoopResult {
    let mut b = (fract as i32)
        .wrapping_mul(SMALL_5_POW[sc.b5 as usize])
        .wrapping_shl(sc.b2 as u32);
    let s = SMALL_5_POW[sc.s5 as usize].wrapping_shl(sc.s2 as u32);
    let mut m = SMALL_5_POW[sc.m5 as usize].wrapping_shl(sc.m2 as u32);
    let tens = s.wrapping_mul(10);
    let mut digits = Vec::with_capacity(20);

    let mut q = b / s;
    b = (b % s).wrapping_mul(10);
    m = m.wrapping_mul(10);
    let mut low = b < m;
    let mut high = b.wrapping_add(m) > tens;
    if q == 0 && !high {
        dec_exp -= 1;
    } else {
        digits.push(b'0' + q as u8);
    }
    if needs_second_digit(compatible, dec_exp) {
        low = false;
        high = false;
    }
    while !low && !high {
        q = b / s;
        b = (b % s).wrapping_mul(10);
        m = m.wrapping_mul(10);
        if m > 0 {
            low = b < m;
            high = b.wrapping_add(m) > tens;
        } else {
            low = true;
            high = true;
        }
        digits.push(b'0' + q as u8);
    }
    let low_digit_difference = i64::from(b.wrapping_shl(1).wrapping_sub(tens));
    DigitLoopResult {
        digits,
        dec_exp,
        low,
        high,
        low_digit_difference,
    }
}

/// The digit loop on Java longs (wrapping like them).
fn long_digit_loop(fract: u64, sc: &Scales, mut dec_exp: i32, compatible: bool) -> DigitLoopResult {
    let mut b = (fract as i64)
        .wrapping_mul(LONG_5_POW[sc.b5 as usize])
        .wrapping_shl(sc.b2 as u32);
    let s = LONG_5_POW[sc.s5 as usize].wrapping_shl(sc.s2 as u32);
    let mut m = LONG_5_POW[sc.m5 as usize].wrapping_shl(sc.m2 as u32);
    let tens = s.wrapping_mul(10);
    let mut digits = Vec::with_capacity(20);

    let mut q = b / s;
    b = (b % s).wrapping_mul(10);
    m = m.wrapping_mul(10);
    let mut low = b < m;
    let mut high = b.wrapping_add(m) > tens;
    if q == 0 && !high {
        dec_exp -= 1;
    } else {
        digits.push(b'0' + q as u8);
    }
    if needs_second_digit(compatible, dec_exp) {
        low = false;
        high = false;
    }
    while !low && !high {
        q = b / s;
        b = (b % s).wrapping_mul(10);
        m = m.wrapping_mul(10);
        if m > 0 {
            low = b < m;
            high = b.wrapping_add(m) > tens;
        } else {
            low = true;
            high = true;
        }
        digits.push(b'0' + q as u8);
    }
    let low_digit_difference = b.wrapping_shl(1).wrapping_sub(tens);
    DigitLoopResult {
        digits,
        dec_exp,
        low,
        high,
        low_digit_difference,
    }
}

/// The digit loop on big integers (FDBigInteger in Java). Note `high` uses `>=` here.
fn big_digit_loop(fract: u64, sc: &Scales, mut dec_exp: i32, compatible: bool) -> DigitLoopResult {
    let s = BigUint::pow52(sc.s5, sc.s2);
    let mut b = BigUint::mul_pow52(fract, sc.b5, sc.b2);
    let mut m = BigUint::pow52(sc.m5 + 1, sc.m2 + 1);
    let ten_s = BigUint::pow52(sc.s5 + 1, sc.s2 + 1);
    let mut digits = Vec::with_capacity(20);

    let mut q = b.quo_rem_iteration(&s);
    let mut low = b < m;
    let mut high = b.add(&m) >= ten_s;
    if q == 0 && !high {
        dec_exp -= 1;
    } else {
        digits.push(b'0' + q as u8);
    }
    if needs_second_digit(compatible, dec_exp) {
        low = false;
        high = false;
    }
    while !low && !high {
        q = b.quo_rem_iteration(&s);
        m.mul_small(10);
        low = b < m;
        high = b.add(&m) >= ten_s;
        digits.push(b'0' + q as u8);
    }
    let low_digit_difference = if high && low {
        b.shl(1);
        match b.cmp(&ten_s) {
            Ordering::Less => -1,
            Ordering::Equal => 0,
            Ordering::Greater => 1,
        }
    } else {
        0
    };
    DigitLoopResult {
        digits,
        dec_exp,
        low,
        high,
        low_digit_difference,
    }
}

/// The tail of `dtoa`: rounds the last digit by the stopping condition.
fn round_last_digit(result: DigitLoopResult) -> (Vec<u8>, i32) {
    let DigitLoopResult {
        mut digits,
        dec_exp,
        low,
        high,
        low_digit_difference,
    } = result;
    let mut dec_exponent = dec_exp + 1;
    let round_up = if !high {
        false
    } else if !low {
        true
    } else if low_digit_difference == 0 {
        digits.last().is_some_and(|&d| (d & 1) != 0)
    } else {
        low_digit_difference > 0
    };
    if round_up {
        roundup(&mut digits, &mut dec_exponent);
    }
    (digits, dec_exponent)
}

/// `BinaryToASCIIBuffer.roundup`: adds one to the last digit. On a carry out of the first
/// digit Java writes `1` there and keeps the length (so `99` becomes `10`, exponent + 1).
fn roundup(digits: &mut [u8], dec_exponent: &mut i32) {
    let mut i = digits.len() - 1;
    let mut q = digits[i];
    if q == b'9' {
        while q == b'9' && i > 0 {
            digits[i] = b'0';
            i -= 1;
            q = digits[i];
        }
        if q == b'9' {
            *dec_exponent += 1;
            digits[0] = b'1';
            return;
        }
    }
    digits[i] = q + 1;
}

// ---------------------------------------------------------------------------------------
// A small unsigned big integer, enough for dtoa's hard case.
// ---------------------------------------------------------------------------------------

/// Little-endian base-2^32 words, without leading zero words (zero is empty).
#[derive(Clone, PartialEq, Eq)]
struct BigUint {
    words: Vec<u32>,
}

impl BigUint {
    fn from_u64(v: u64) -> BigUint {
        let mut n = BigUint {
            words: vec![v as u32, (v >> 32) as u32],
        };
        n.trim();
        n
    }

    /// `5^p5 * 2^p2`.
    fn pow52(p5: i32, p2: i32) -> BigUint {
        BigUint::mul_pow52(1, p5, p2)
    }

    /// `value * 5^p5 * 2^p2`.
    fn mul_pow52(value: u64, p5: i32, p2: i32) -> BigUint {
        debug_assert!(p5 >= 0 && p2 >= 0);
        let mut n = BigUint::from_u64(value);
        let mut remaining = p5;
        while remaining >= 13 {
            n.mul_small(SMALL_5_POW[13] as u32);
            remaining -= 13;
        }
        if remaining > 0 {
            n.mul_small(SMALL_5_POW[remaining as usize] as u32);
        }
        n.shl(p2 as u32);
        n
    }

    fn trim(&mut self) {
        while self.words.last() == Some(&0) {
            self.words.pop();
        }
    }

    fn is_zero(&self) -> bool {
        self.words.is_empty()
    }

    fn mul_small(&mut self, factor: u32) {
        let mut carry = 0u64;
        for word in &mut self.words {
            let product = u64::from(*word) * u64::from(factor) + carry;
            *word = product as u32;
            carry = product >> 32;
        }
        if carry != 0 {
            self.words.push(carry as u32);
        }
        self.trim();
    }

    fn shl(&mut self, bits: u32) {
        if self.is_zero() {
            return;
        }
        let word_shift = (bits / 32) as usize;
        let bit_shift = bits % 32;
        if bit_shift != 0 {
            let mut carry = 0u32;
            for word in &mut self.words {
                let next_carry = *word >> (32 - bit_shift);
                *word = (*word << bit_shift) | carry;
                carry = next_carry;
            }
            if carry != 0 {
                self.words.push(carry);
            }
        }
        if word_shift != 0 {
            self.words.splice(0..0, vec![0; word_shift]);
        }
    }

    fn add(&self, other: &BigUint) -> BigUint {
        let len = self.words.len().max(other.words.len());
        let mut words = Vec::with_capacity(len + 1);
        let mut carry = 0u64;
        for i in 0..len {
            let sum = u64::from(self.words.get(i).copied().unwrap_or(0))
                + u64::from(other.words.get(i).copied().unwrap_or(0))
                + carry;
            words.push(sum as u32);
            carry = sum >> 32;
        }
        if carry != 0 {
            words.push(carry as u32);
        }
        BigUint { words }
    }

    /// `self -= other`; requires `self >= other`.
    fn sub_assign(&mut self, other: &BigUint) {
        let mut borrow = 0i64;
        for i in 0..self.words.len() {
            let diff = i64::from(self.words[i])
                - i64::from(other.words.get(i).copied().unwrap_or(0))
                - borrow;
            if diff < 0 {
                self.words[i] = (diff + (1i64 << 32)) as u32;
                borrow = 1;
            } else {
                self.words[i] = diff as u32;
                borrow = 0;
            }
        }
        debug_assert_eq!(borrow, 0);
        self.trim();
    }

    /// `FDBigInteger.quoRemIteration`: returns `self / s` (a single digit) and replaces
    /// `self` with `10 * (self % s)`.
    fn quo_rem_iteration(&mut self, s: &BigUint) -> u32 {
        let mut q = 0;
        while *self >= *s {
            self.sub_assign(s);
            q += 1;
        }
        debug_assert!(q < 10);
        self.mul_small(10);
        q
    }
}

impl Ord for BigUint {
    fn cmp(&self, other: &BigUint) -> Ordering {
        self.words
            .len()
            .cmp(&other.words.len())
            .then_with(|| self.words.iter().rev().cmp(other.words.iter().rev()))
    }
}

impl PartialOrd for BigUint {
    fn partial_cmp(&self, other: &BigUint) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

// ---------------------------------------------------------------------------------------
// Formatter: %f, %e, %g (Formatter.FormatSpecifier.print(double) and
// FormattedFloatingDecimal).
// ---------------------------------------------------------------------------------------

/// Precisions beyond this cannot be printed by Java either (they exhaust memory).
fn precision_to_i32(precision: usize) -> i32 {
    precision.min(i32::MAX as usize / 4) as i32
}

/// `Formatter.FormatSpecifier.print(double, Locale)`: NaN, the sign (which -0.0 has too)
/// and Infinity; `magnitude` prints the absolute value of finite numbers.
fn format_with(v: f64, magnitude: impl FnOnce(f64) -> String) -> String {
    if v.is_nan() {
        return "NaN".to_string();
    }
    let mut out = String::new();
    if v.is_sign_negative() {
        out.push('-');
    }
    let abs = v.abs();
    if abs.is_infinite() {
        out.push_str("Infinity");
    } else {
        out.push_str(&magnitude(abs));
    }
    out
}

/// The digits of a non-negative finite value as `FormattedFloatingDecimal` gets them
/// (`dtoa` in non-compatible mode).
fn formatter_digits(abs: f64) -> DecimalDigits {
    match unpack_double(abs) {
        Unpacked::Finite(binary) => binary_to_decimal(&binary, false),
        Unpacked::Zero { negative } => DecimalDigits::zero(negative),
        _ => unreachable!("NaN and Infinity are printed by format_with"),
    }
}

/// `%.<prec>f` of a non-negative finite value.
fn fixed_magnitude(abs: f64, prec: i32) -> String {
    let DecimalDigits {
        mut digits,
        dec_exponent,
        ..
    } = formatter_digits(abs);
    let exp = apply_precision(dec_exponent, &mut digits, dec_exponent.saturating_add(prec));
    let mut mantissa = fill_decimal(prec, &digits, exp);
    add_zeros(&mut mantissa, prec);
    mantissa
}

/// `%.<prec>e` of a non-negative finite value.
fn scientific_magnitude(abs: f64, prec: i32) -> String {
    let DecimalDigits {
        mut digits,
        dec_exponent,
        ..
    } = formatter_digits(abs);
    let exp = apply_precision(dec_exponent, &mut digits, prec.saturating_add(1));
    let (mut mantissa, exponent) = fill_scientific(prec, &digits, exp);
    add_zeros(&mut mantissa, prec);
    let exponent = if abs == 0.0 {
        "+00".to_string()
    } else {
        exponent
    };
    format!("{mantissa}e{exponent}")
}

/// `%.<precision>g` of a non-negative finite value.
fn general_magnitude(abs: f64, precision: i32) -> String {
    let prec = precision.max(1);
    if abs == 0.0 {
        let mut mantissa = "0".to_string();
        add_zeros(&mut mantissa, prec - 1);
        return mantissa;
    }
    let DecimalDigits {
        mut digits,
        dec_exponent,
        ..
    } = formatter_digits(abs);
    let exp = apply_precision(dec_exponent, &mut digits, prec);
    // Scientific when the printed exponent (exp - 1) is < -4 or >= precision.
    if exp < -3 || exp > prec {
        let (mut mantissa, exponent) = fill_scientific(prec - 1, &digits, exp);
        add_zeros(&mut mantissa, prec - 1);
        format!("{mantissa}e{exponent}")
    } else {
        let mut mantissa = fill_decimal(prec - exp, &digits, exp);
        add_zeros(&mut mantissa, prec - exp);
        mantissa
    }
}

/// `FormattedFloatingDecimal.applyPrecision`: rounds `digits` HALF_UP to `prec` digits in
/// place (zero-filling the rest) and returns the possibly incremented decimal exponent.
fn apply_precision(dec_exp: i32, digits: &mut [u8], prec: i32) -> i32 {
    let n_digits = digits.len();
    if prec < 0 || prec as usize >= n_digits {
        return dec_exp;
    }
    let prec = prec as usize;
    if prec == 0 {
        return if digits[0] >= b'5' {
            digits[0] = b'1';
            digits[1..].fill(b'0');
            dec_exp + 1
        } else {
            digits.fill(b'0');
            dec_exp
        };
    }
    if digits[prec] >= b'5' {
        let mut i = prec - 1;
        let mut q = digits[i];
        if q == b'9' {
            while q == b'9' && i > 0 {
                i -= 1;
                q = digits[i];
            }
            if q == b'9' {
                digits[0] = b'1';
                digits[1..].fill(b'0');
                return dec_exp + 1;
            }
        }
        digits[i] = q + 1;
        digits[i + 1..].fill(b'0');
    } else {
        digits[prec..].fill(b'0');
    }
    dec_exp
}

/// `FormattedFloatingDecimal.fillDecimal` for a non-negative value.
fn fill_decimal(precision: i32, digits: &[u8], exp: i32) -> String {
    let n_digits = digits.len() as i64;
    let exp = i64::from(exp);
    let precision = i64::from(precision);
    let mut out = String::new();
    if exp > 0 {
        if n_digits < exp {
            push_ascii(&mut out, digits);
            push_zeros(&mut out, exp - n_digits);
        } else {
            let t = (n_digits - exp).min(precision);
            push_ascii(&mut out, &digits[..exp as usize]);
            if t > 0 {
                out.push('.');
                push_ascii(&mut out, &digits[exp as usize..(exp + t) as usize]);
            }
        }
    } else {
        let zeros = (-exp).min(precision).max(0);
        let t = n_digits.min(precision + exp).max(0);
        if zeros > 0 || t > 0 {
            out.push_str("0.");
            push_zeros(&mut out, zeros);
            push_ascii(&mut out, &digits[..t as usize]);
        } else {
            out.push('0');
        }
    }
    out
}

/// `FormattedFloatingDecimal.fillScientific` for a non-negative value: the mantissa and
/// the signed exponent of at least two digits.
fn fill_scientific(precision: i32, digits: &[u8], exp: i32) -> (String, String) {
    let t = (digits.len() as i64 - 1).min(i64::from(precision)).max(0) as usize;
    let mut mantissa = String::new();
    mantissa.push(char::from(digits[0]));
    if t > 0 {
        mantissa.push('.');
        push_ascii(&mut mantissa, &digits[1..=t]);
    }
    let exponent = if exp <= 0 {
        format!("-{:02}", -exp + 1)
    } else {
        format!("+{:02}", exp - 1)
    };
    (mantissa, exponent)
}

/// `Formatter.FormatSpecifier.addZeros`: pads the fraction with zeros to `prec` digits,
/// adding the point if needed.
fn add_zeros(mantissa: &mut String, prec: i32) {
    let len = mantissa.len() as i64;
    let point = mantissa.find('.');
    let out_prec = match point {
        Some(i) => len - i as i64 - 1,
        None => 0,
    };
    let prec = i64::from(prec);
    if out_prec == prec {
        return;
    }
    if point.is_none() {
        mantissa.push('.');
    }
    push_zeros(mantissa, prec - out_prec);
}

fn push_ascii(out: &mut String, digits: &[u8]) {
    out.extend(digits.iter().map(|&d| char::from(d)));
}

fn push_zeros(out: &mut String, count: i64) {
    for _ in 0..count.max(0) {
        out.push('0');
    }
}

// ---------------------------------------------------------------------------------------
// Parsing (FloatingDecimal.readJavaFormatString and parseHexString).
// ---------------------------------------------------------------------------------------

enum ParsedNumber {
    NaN,
    Infinity { negative: bool },
    Zero { negative: bool },
    Decimal(ParsedDecimal),
    Hex(ParsedHex),
}

/// A non-zero decimal `0.d1d2...dn * 10^dec_exp` with `d1 != 0`.
struct ParsedDecimal {
    negative: bool,
    digits: String,
    dec_exp: i64,
}

/// Beyond these decimal exponents every non-zero value is infinite or zero.
const DECIMAL_EXP_OVERFLOW: i64 = 400;
const DECIMAL_EXP_UNDERFLOW: i64 = -400;

impl ParsedDecimal {
    /// The canonical text that Rust's correctly rounded parser reads, or the overflow or
    /// underflow value.
    fn canonical(&self) -> Result<String, f64> {
        if self.dec_exp > DECIMAL_EXP_OVERFLOW {
            Err(signed(self.negative, f64::INFINITY))
        } else if self.dec_exp < DECIMAL_EXP_UNDERFLOW {
            Err(signed(self.negative, 0.0))
        } else {
            let sign = if self.negative { "-" } else { "" };
            Ok(format!("{sign}0.{}e{}", self.digits, self.dec_exp))
        }
    }

    fn to_f64(&self) -> f64 {
        match self.canonical() {
            Ok(text) => text.parse().expect("canonical decimal"),
            Err(limit) => limit,
        }
    }

    fn to_f32(&self) -> f32 {
        match self.canonical() {
            Ok(text) => text.parse().expect("canonical decimal"),
            Err(limit) => limit as f32,
        }
    }
}

fn signed(negative: bool, magnitude: f64) -> f64 {
    if negative {
        -magnitude
    } else {
        magnitude
    }
}

/// Java's `String.trim`: strips characters <= U+0020 at both ends.
fn java_trim(s: &str) -> &str {
    s.trim_matches(|c: char| c <= ' ')
}

/// `FloatingDecimal.readJavaFormatString`; `None` is a NumberFormatException.
fn read_java_format_string(s: &str) -> Option<ParsedNumber> {
    let text = java_trim(s);
    let bytes = text.as_bytes();
    let mut i = 0;
    let mut negative = false;
    let mut sign_seen = false;
    match bytes.first()? {
        b'-' => {
            negative = true;
            sign_seen = true;
            i = 1;
        }
        b'+' => {
            sign_seen = true;
            i = 1;
        }
        _ => {}
    }
    let rest = &bytes[i..];
    match rest.first()? {
        b'N' => return (rest == b"NaN").then_some(ParsedNumber::NaN),
        b'I' => return (rest == b"Infinity").then_some(ParsedNumber::Infinity { negative }),
        b'0' if matches!(rest.get(1), Some(b'x' | b'X')) => return parse_hex_string(text),
        _ => {}
    }
    parse_decimal(bytes, i, negative, sign_seen)
}

/// The decimal part of `readJavaFormatString`, from the first character after the sign.
fn parse_decimal(
    bytes: &[u8],
    start: usize,
    negative: bool,
    sign_seen: bool,
) -> Option<ParsedNumber> {
    let len = bytes.len();
    let mut i = start;
    let mut dec_seen = false;
    let mut dec_pt: i64 = 0;
    let mut n_lead_zero: i64 = 0;
    let mut n_trail_zero: i64 = 0;
    let mut digits = String::new();

    // Java records the point's index less one if a sign was seen: the number of
    // characters before the point, leading zeros included.
    let note_point = |i: usize, dec_seen: &mut bool, dec_pt: &mut i64| -> Option<()> {
        if *dec_seen {
            return None; // "multiple points"
        }
        *dec_pt = i as i64 - i64::from(sign_seen);
        *dec_seen = true;
        Some(())
    };

    while i < len {
        match bytes[i] {
            b'0' => n_lead_zero += 1,
            b'.' => note_point(i, &mut dec_seen, &mut dec_pt)?,
            _ => break,
        }
        i += 1;
    }
    while i < len {
        match bytes[i] {
            c @ b'1'..=b'9' => {
                digits.push(char::from(c));
                n_trail_zero = 0;
            }
            b'0' => {
                digits.push('0');
                n_trail_zero += 1;
            }
            b'.' => note_point(i, &mut dec_seen, &mut dec_pt)?,
            _ => break,
        }
        i += 1;
    }
    digits.truncate(digits.len() - n_trail_zero as usize);
    let n_digits = digits.len() as i64;
    let is_zero = n_digits == 0;
    if is_zero && n_lead_zero == 0 {
        return None; // no digits at all
    }
    let mut dec_exp = if dec_seen {
        dec_pt - n_lead_zero
    } else {
        n_digits + n_trail_zero
    };

    if i < len && matches!(bytes[i], b'e' | b'E') {
        i += 1;
        let exp_sign: i64 = match bytes.get(i)? {
            b'-' => {
                i += 1;
                -1
            }
            b'+' => {
                i += 1;
                1
            }
            _ => 1,
        };
        let exp_at = i;
        let mut exp_val: i64 = 0;
        while i < len && bytes[i].is_ascii_digit() {
            // Saturating far beyond any exponent that can still give a finite non-zero.
            exp_val = (exp_val * 10 + i64::from(bytes[i] - b'0')).min(1 << 40);
            i += 1;
        }
        if i == exp_at {
            return None; // no exponent digits
        }
        dec_exp = dec_exp.saturating_add(exp_sign * exp_val);
    }
    let trailing_ok = i == len || (i == len - 1 && matches!(bytes[i], b'f' | b'F' | b'd' | b'D'));
    if !trailing_ok {
        return None;
    }
    Some(if is_zero {
        ParsedNumber::Zero { negative }
    } else {
        ParsedNumber::Decimal(ParsedDecimal {
            negative,
            digits,
            dec_exp,
        })
    })
}

/// A non-zero hexadecimal significand: the value is `(significand + sticky bits) * 2^exp2`,
/// where `sticky` records non-zero bits dropped below `significand`.
struct ParsedHex {
    negative: bool,
    significand: u64,
    sticky: bool,
    exp2: i64,
}

/// Hexadecimal digits kept exactly (15 keep the top bit of `significand` free).
const HEX_DIGITS_KEPT: usize = 15;

/// `FloatingDecimal.parseHexString`: the whole (trimmed) string must match
/// `([-+])?0[xX](((\p{XDigit}+)\.?)|((\p{XDigit}*)\.(\p{XDigit}+)))[pP]([-+])?(\p{Digit}+)[fFdD]?`.
fn parse_hex_string(text: &str) -> Option<ParsedNumber> {
    let bytes = text.as_bytes();
    let mut i = 0;
    let negative = bytes.first() == Some(&b'-');
    if matches!(bytes.first(), Some(b'-' | b'+')) {
        i += 1;
    }
    if bytes.get(i) != Some(&b'0') || !matches!(bytes.get(i + 1), Some(b'x' | b'X')) {
        return None;
    }
    i += 2;
    let integer_start = i;
    while i < bytes.len() && bytes[i].is_ascii_hexdigit() {
        i += 1;
    }
    let integer_part = &bytes[integer_start..i];
    let mut fraction_part: &[u8] = &[];
    if bytes.get(i) == Some(&b'.') {
        i += 1;
        let fraction_start = i;
        while i < bytes.len() && bytes[i].is_ascii_hexdigit() {
            i += 1;
        }
        fraction_part = &bytes[fraction_start..i];
    }
    if integer_part.is_empty() && fraction_part.is_empty() {
        return None;
    }
    if !matches!(bytes.get(i), Some(b'p' | b'P')) {
        return None;
    }
    i += 1;
    let exponent_negative = bytes.get(i) == Some(&b'-');
    if matches!(bytes.get(i), Some(b'-' | b'+')) {
        i += 1;
    }
    let exponent_start = i;
    while i < bytes.len() && bytes[i].is_ascii_digit() {
        i += 1;
    }
    let exponent_digits = &bytes[exponent_start..i];
    if exponent_digits.is_empty() {
        return None;
    }
    if i < bytes.len() && !(i == bytes.len() - 1 && matches!(bytes[i], b'f' | b'F' | b'd' | b'D')) {
        return None;
    }

    let mut significand = 0u64;
    let mut sticky = false;
    let mut exp2: i64 = -4 * fraction_part.len() as i64;
    let mut kept = 0;
    for &c in integer_part
        .iter()
        .chain(fraction_part)
        .skip_while(|&&c| c == b'0')
    {
        let digit = u64::from(char::from(c).to_digit(16).expect("hex digit"));
        if kept < HEX_DIGITS_KEPT {
            significand = (significand << 4) | digit;
            kept += 1;
        } else {
            sticky |= digit != 0;
            exp2 += 4;
        }
    }
    if significand == 0 {
        return Some(ParsedNumber::Zero { negative });
    }
    // Integer.parseInt of the exponent; on int overflow Java answers infinity or zero.
    let exponent_value = std::str::from_utf8(exponent_digits).ok()?.parse::<i32>();
    let Ok(exponent_value) = exponent_value else {
        return Some(if exponent_negative {
            ParsedNumber::Zero { negative }
        } else {
            ParsedNumber::Infinity { negative }
        });
    };
    let exponent = if exponent_negative {
        -i64::from(exponent_value)
    } else {
        i64::from(exponent_value)
    };
    exp2 += exponent;
    Some(ParsedNumber::Hex(ParsedHex {
        negative,
        significand,
        sticky,
        exp2,
    }))
}

impl ParsedHex {
    fn round_to_double_bits(&self) -> u64 {
        let sign = if self.negative { SIGN_BIT_MASK } else { 0 };
        sign | self.round_to_format(53, -1074, 1023)
    }

    fn round_to_float_bits(&self) -> u32 {
        let sign = if self.negative {
            SINGLE_SIGN_BIT_MASK
        } else {
            0
        };
        sign | self.round_to_format(24, -149, 127) as u32
    }

    /// Rounds half to even into an IEEE format with `precision` significand bits, whose
    /// smallest subnormal is `2^min_sub_exp` and largest exponent `max_exp`; returns the
    /// magnitude's bit pattern (infinity on overflow, zero on underflow).
    fn round_to_format(&self, precision: i32, min_sub_exp: i64, max_exp: i64) -> u64 {
        let top_bit = 63 - i64::from(self.significand.leading_zeros());
        let top_exp = self.exp2 + top_bit;
        let infinity = ((max_exp * 2 + 1) as u64) << (precision - 1);
        if top_exp > max_exp + 1 {
            return infinity;
        }
        if top_exp < min_sub_exp - 2 {
            return 0;
        }
        // The exponent of the last kept bit.
        let ulp_exp = (top_exp - i64::from(precision - 1)).max(min_sub_exp);
        let shift = ulp_exp - self.exp2;
        // Sticky bits exist only with more than 15 digits, and then `shift` is positive.
        let (mut mantissa, mut ulp_exp) = if shift <= 0 {
            (self.significand << (-shift), ulp_exp)
        } else {
            let kept = self.significand >> shift;
            let half = 1u64 << (shift - 1);
            let rest = self.significand & ((1u64 << shift) - 1);
            let above_half = rest > half || (rest == half && self.sticky);
            let tie_to_odd = rest == half && !self.sticky && kept & 1 != 0;
            (kept + u64::from(above_half || tie_to_odd), ulp_exp)
        };
        if mantissa >> precision != 0 {
            mantissa >>= 1;
            ulp_exp += 1;
        }
        let hidden = 1u64 << (precision - 1);
        if mantissa < hidden {
            return mantissa; // subnormal (or zero)
        }
        let biased = ulp_exp + i64::from(precision - 1) + max_exp;
        if biased > 2 * max_exp {
            return infinity;
        }
        ((biased as u64) << (precision - 1)) | (mantissa & (hidden - 1))
    }
}

#[cfg(test)]
#[allow(clippy::excessive_precision)] // literals exactly as Java printed them
mod tests {
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
}
