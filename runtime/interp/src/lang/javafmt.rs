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
#[path = "javafmt_tests.rs"]
mod tests;
