//! Lab 01's checks, easiest first (see src/check.rs).

use super::{AllocationSteps, BumpSpace, Decision, RefillPolicy, TlabState, SOLUTION};
use crate::check::{Check, Expect};
use crate::heap::{LabHeap, INT_ARRAY, LEAF};
use gcvm_gc::object::{array_size, ElemKind};

/// Runs `$check::<S>()` for the steps behind `$collector`: the solution's or the student's.
macro_rules! with_steps {
    ($collector:expr, $check:ident) => {{
        #[cfg(solution_01)]
        if $collector == SOLUTION {
            return $check::<super::solution::Student>();
        }
        let _ = ($collector, SOLUTION);
        $check::<super::student::Student>()
    }};
}

pub fn checks() -> Vec<Check> {
    vec![
        Check::unit(
            "bump hands out consecutive addresses from the top",
            "README.md, \"Step 1: bump\": return the old top, then move top past the object",
            |c| with_steps!(c, bump_hands_out_consecutive_addresses),
        ),
        Check::unit(
            "bump refuses what does not fit and leaves the space unchanged",
            "README.md, \"Step 1: bump\": compare size with end - top before moving top",
            |c| with_steps!(c, bump_refuses_what_does_not_fit),
        ),
        Check::unit(
            "a TLAB is carved at the desired size when it fits",
            "README.md, \"Step 2: carve a TLAB\"",
            |c| with_steps!(c, a_tlab_gets_the_desired_size),
        ),
        Check::unit(
            "near the end a TLAB gets what is left if that is at least min, else nothing",
            "README.md, \"Step 2: carve a TLAB\": the last TLAB may be smaller than desired, never smaller than min",
            |c| with_steps!(c, near_the_end_a_tlab_gets_what_is_left),
        ),
        Check::unit(
            "the desired TLAB size is the thread's share over 50 refills, clamped",
            "README.md, \"Step 3: the desired size\": capacity / threads / TARGET_REFILLS, rounded down to 8, within [MIN_TLAB, MAX_TLAB]",
            |c| with_steps!(c, the_desired_size_is_a_share_of_the_space),
        ),
        Check::unit(
            "an object larger than a TLAB is allocated outside, and an empty TLAB is refilled",
            "README.md, \"Step 4: refill or allocate outside\": test size + RESERVE against desired_size first",
            |c| with_steps!(c, big_objects_go_outside_and_empty_tlabs_refill),
        ),
        Check::unit(
            "a TLAB with a small tail is refilled; one with a big tail is kept and the limit raised",
            "README.md, \"Step 4: refill or allocate outside\": compare the free tail with refill_waste_limit; raise it by WASTE_INCREMENT when you keep the TLAB",
            |c| with_steps!(c, the_waste_limit_decides),
        ),
        Check::unit(
            "40 MB of mixed objects: the space stays parseable and TLAB waste stays under 1%",
            "README.md, \"Step 4: refill or allocate outside\" and \"Step 3\": too small a limit wastes whole TLABs, too big a TLAB wastes its tail",
            waste_stays_small,
        ),
        Check::program(
            "a program runs without any collector: JsonDoc (size 1) in 512 MB",
            "README.md, \"Run a program\": every allocation of the interpreter goes through your slow path when its TLAB is full",
            "programs/JsonDoc.java",
            &["1"],
            &["-Xmx512m", "--verify-heap"],
            Expect::File("programs/expected/JsonDoc.size1.txt"),
        ),
        Check::conformance(
            "8 conformance programs print what HotSpot prints, in 512 MB",
            "README.md, \"Run a program\": arrays, strings and objects of every size come through your slow path; compare the failing program's output with HotSpot's",
            &["-Xmx512m"],
        ),
        Check::program(
            "several threads allocate at once: MultiThreadAlloc (size 1) in 512 MB",
            "README.md, \"Threads\": each thread has its own TLAB and policy; only bump and carve touch the shared space, under its lock",
            "programs/MultiThreadAlloc.java",
            &["1"],
            &["-Xmx512m"],
            Expect::File("programs/expected/MultiThreadAlloc.size1.txt"),
        ),
        Check::program(
            "a full heap ends in OutOfMemoryError, as under HotSpot's Epsilon",
            "README.md, \"When the space is full\": bump and carve_tlab return None when nothing fits; never hand out memory past end",
            "labs/01-allocation/programs/FillTheHeap.java",
            &[],
            &["-Xmx16m"],
            Expect::OutOfMemory("filling the heap\n"),
        ),
    ]
}

const START: usize = 4096;

fn space(len: usize) -> BumpSpace {
    BumpSpace {
        start: START,
        top: START,
        end: START + len,
    }
}

fn bump_hands_out_consecutive_addresses<S: AllocationSteps>() -> Result<(), String> {
    let mut s = space(1024);
    let got = [
        S::bump(&mut s, 24),
        S::bump(&mut s, 16),
        S::bump(&mut s, 40),
    ];
    let want = [Some(START), Some(START + 24), Some(START + 40)];
    if got != want || s.top != START + 80 {
        return Err(format!(
            "bump of 24, 16 and 40 bytes in a fresh space at {START} gave {got:?} and top {}; expected {want:?} and top {}",
            s.top,
            START + 80
        ));
    }
    Ok(())
}

fn bump_refuses_what_does_not_fit<S: AllocationSteps>() -> Result<(), String> {
    let mut s = space(100);
    S::bump(&mut s, 64);
    let before = s;
    if let Some(at) = S::bump(&mut s, 40) {
        return Err(format!("bump of 40 bytes with 36 left returned {at}"));
    }
    if s != before {
        return Err(format!(
            "a refused bump changed the space from {before:?} to {s:?}"
        ));
    }
    let last = S::bump(&mut s, 36);
    if last != Some(START + 64) || s.top != s.end {
        return Err(format!(
            "bump of exactly the 36 bytes left returned {last:?} and left top at {}; expected Some({}) and top at end ({})",
            s.top,
            START + 64,
            s.end
        ));
    }
    Ok(())
}

fn a_tlab_gets_the_desired_size<S: AllocationSteps>() -> Result<(), String> {
    let mut s = space(64 * 1024);
    let first = S::carve_tlab(&mut s, 64, 8192);
    let second = S::carve_tlab(&mut s, 64, 8192);
    let want = (
        Some((START, START + 8192)),
        Some((START + 8192, START + 16384)),
    );
    if (first, second) != want || s.top != START + 16384 {
        return Err(format!(
            "two TLABs of 8192 bytes gave {first:?} and {second:?} (top {}); expected {want:?}",
            s.top
        ));
    }
    Ok(())
}

fn near_the_end_a_tlab_gets_what_is_left<S: AllocationSteps>() -> Result<(), String> {
    let mut s = space(10_000);
    S::bump(&mut s, 6000);
    let last = S::carve_tlab(&mut s, 1000, 8192);
    if last != Some((START + 6000, START + 10_000)) {
        return Err(format!(
            "with 4000 bytes left, a TLAB of 8192 (min 1000) gave {last:?}; expected the 4000 bytes left"
        ));
    }
    let mut s = space(10_000);
    S::bump(&mut s, 9500);
    let before = s;
    let none = S::carve_tlab(&mut s, 1000, 8192);
    if none.is_some() || s != before {
        return Err(format!(
            "with 500 bytes left, a TLAB of min 1000 gave {none:?} and space {s:?}; expected None and no change"
        ));
    }
    Ok(())
}

fn the_desired_size_is_a_share_of_the_space<S: AllocationSteps>() -> Result<(), String> {
    let cases = [
        (64 << 20, 1, 1_342_176),
        (64 << 20, 4, 335_544),
        (64 << 10, 1, super::MIN_TLAB),
        (1 << 30, 1, super::MAX_TLAB),
    ];
    for (capacity, threads, want) in cases {
        let got = S::desired_size(capacity, threads);
        if got != want {
            return Err(format!(
                "desired_size({capacity}, {threads} threads) is {got}; expected {want}"
            ));
        }
    }
    Ok(())
}

fn policy() -> RefillPolicy {
    RefillPolicy {
        desired_size: 64 * 1024,
        refill_waste_limit: 1024,
    }
}

fn big_objects_go_outside_and_empty_tlabs_refill<S: AllocationSteps>() -> Result<(), String> {
    let empty = TlabState {
        empty: true,
        free: 0,
    };
    let mut p = policy();
    let big = S::decide(&mut p, empty, 64 * 1024);
    if big != Decision::Outside {
        return Err(format!(
            "an object of a whole TLAB's size got {big:?}; expected Outside"
        ));
    }
    let small = S::decide(&mut p, empty, 100);
    if small != (Decision::Refill { size: 64 * 1024 }) {
        return Err(format!(
            "a small object with no TLAB got {small:?}; expected Refill {{ size: 65536 }}"
        ));
    }
    Ok(())
}

fn the_waste_limit_decides<S: AllocationSteps>() -> Result<(), String> {
    let mut p = policy();
    let refill = Decision::Refill { size: 64 * 1024 };
    for free in [500, 1024] {
        let got = S::decide(&mut p, TlabState { empty: false, free }, 1100);
        if got != refill || p.refill_waste_limit != 1024 {
            return Err(format!(
                "a 1100-byte object, {free} bytes free, limit 1024: got {got:?} and limit {}; expected {refill:?} and limit 1024 (a tail of at most the limit is wasted)",
                p.refill_waste_limit
            ));
        }
    }
    let big_tail = S::decide(
        &mut p,
        TlabState {
            empty: false,
            free: 3000,
        },
        4000,
    );
    if big_tail != Decision::Outside || p.refill_waste_limit != 1024 + super::WASTE_INCREMENT {
        return Err(format!(
            "a 4000-byte object, 3000 bytes free, limit 1024: got {big_tail:?} and limit {}; expected Outside and limit {}",
            p.refill_waste_limit,
            1024 + super::WASTE_INCREMENT
        ));
    }
    Ok(())
}

fn waste_stays_small(collector: &str) -> Result<(), String> {
    let mut h = LabHeap::new(collector, 64)?;
    let mut rng = 0x2545_f491_4f6c_dd1du64;
    let mut allocated = 0usize;
    while allocated < 40 << 20 {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let pick = rng % 100;
        if pick < 70 {
            h.leaf(pick as i32)?;
            allocated += crate::heap::LEAF_SIZE;
        } else {
            // int arrays of 0..4000 elements, a few up to 40,000 (bigger than many TLABs' tails)
            let len = if pick < 98 {
                (rng >> 8) % 4000
            } else {
                (rng >> 8) % 40_000
            } as usize;
            let size = array_size(ElemKind::Int, len);
            let at = h.alloc(size)?;
            h.heap.init_array(at, INT_ARRAY, len as u32);
            allocated += size;
        }
    }
    let _ = LEAF;
    h.collect()?; // verifies the heap: every byte up to top is an object or a filler
    let stats = h.mutator.tlab.stats;
    let used = h.heap.used();
    let waste = stats.refill_waste as usize;
    if waste * 100 > used {
        return Err(format!(
            "{waste} bytes of {used} used ({:.2}%) were wasted in retired TLAB tails ({} refills); the goal is under 1%",
            waste as f64 * 100.0 / used as f64,
            stats.refills
        ));
    }
    Ok(())
}
