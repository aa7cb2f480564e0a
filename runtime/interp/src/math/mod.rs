//! Floating-point functions with the exact bits HotSpot (JDK 17, x86_64) gives:
//! `fdlibm` is java.lang.StrictMath (fdlibm 5.3, as the Java SE specification requires).
//! Every function is pure, allocation-free and cheap to call from a native.
//! `intel_*` are java.lang.Math's exp, log, log10, pow, sin, cos and tan as HotSpot computes
//! them on x86_64: ports of its Intel LIBM stubs (which the interpreter and both JITs call), on
//! the SSE register model in `sse` with the stubs' own tables (`intel_tables`, generated).
pub mod fdlibm;

mod intel_tables;
mod sse;
pub mod intel_exp;
pub mod intel_log;
pub mod intel_log10;
pub mod intel_pow;
pub mod intel_sin;
pub mod intel_cos;
pub mod intel_tan;

#[cfg(test)]
mod tests {
    //! The values issue 15 quoted, as HotSpot (JDK 17, x86_64) prints them. The full comparison
    //! with a running JVM is tests/math_exact.rs.
    use super::*;

    #[test]
    fn math_exp_of_one_is_hotspots_2_718281828459045() {
        assert_eq!(intel_exp::exp(1.0), 2.718281828459045);
    }

    #[test]
    fn strictmath_exp_of_one_is_fdlibms_2_7182818284590455() {
        assert_eq!(fdlibm::exp(1.0), 2.7182818284590455);
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn math_pow_ten_to_minus_five_is_hotspots_1e_minus_5() {
        assert_eq!(intel_pow::pow(10.0, -5.0), 1.0E-5);
    }

    #[test]
    fn strictmath_pow_ten_to_minus_five_is_fdlibms_9_999999999999999e_minus_6() {
        assert_eq!(fdlibm::pow(10.0, -5.0), 9.999999999999999E-6);
    }

    #[test]
    fn math_sin_of_minus_ten_differs_from_strictmath_in_the_last_bit_as_on_hotspot() {
        let x = -9.999999999999996;
        assert_eq!(intel_sin::sin(x), 0.5440211108893668);
        assert_eq!(fdlibm::sin(x), 0.5440211108893669);
    }
}
