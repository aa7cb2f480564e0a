//! Zeroed slices of atomics in memory the OS backs only when first written: `vec![0; n]`
//! allocates zeroed memory (calloc: fresh pages for a large size), so a side table sized for the
//! whole reservation — cards, block offsets, mark bits, death stamps — costs nothing until used.

use std::sync::atomic::{AtomicU32, AtomicU64, AtomicU8};

/// Reinterprets a boxed slice of plain integers as the same-sized atomics.
macro_rules! zeroed_atomics {
    ($name:ident, $atomic:ty, $plain:ty) => {
        #[doc = concat!("`n` zeroed `", stringify!($atomic), "`s, lazily backed by the OS.")]
        pub fn $name(n: usize) -> Box<[$atomic]> {
            let plain: Box<[$plain]> = vec![0; n].into_boxed_slice();
            // SAFETY: the atomic type has the same size, alignment and bit validity as the
            // plain integer (std documents it), so a boxed slice of one is a boxed slice of the
            // other; the box owns the allocation and is moved, not copied.
            unsafe { Box::from_raw(Box::into_raw(plain) as *mut [$atomic]) }
        }
    };
}

zeroed_atomics!(zeroed_u8, AtomicU8, u8);
zeroed_atomics!(zeroed_u32, AtomicU32, u32);
zeroed_atomics!(zeroed_u64, AtomicU64, u64);

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::Ordering;

    #[test]
    fn zeroed_slices_read_zero_and_take_stores() {
        let words = zeroed_u64(1 << 20);
        assert_eq!(words.len(), 1 << 20);
        assert!(words
            .iter()
            .step_by(4096)
            .all(|w| w.load(Ordering::Relaxed) == 0));
        words[12345].store(7, Ordering::Relaxed);
        assert_eq!(words[12345].load(Ordering::Relaxed), 7);
        assert_eq!(zeroed_u8(3).len(), 3);
        assert_eq!(zeroed_u32(5)[4].load(Ordering::Relaxed), 0);
    }
}
