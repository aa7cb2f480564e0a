//! The interpreter loop.
//!
//! `execute` runs Java frames until the frame that was on top when it was called returns. Calls
//! between Java methods do not recurse in Rust: a call pushes a frame and the loop switches to it;
//! a return pops it and resumes the caller. Only natives that call back into Java (class
//! initialisers, toString from string concatenation, exception constructors) nest a new
//! `execute`.
//!
//! Inside the loop, `next` (an iterator over the method's instructions from the next one on) and
//! `sp` live in Rust locals, and the slot view starts at the frame's locals, so local `i` is slot
//! `i` and `sp` counts from the locals base too (one base register for both, no locals base to
//! add per access). Running straight on is the iterator's `next`, one pointer compare and add,
//! with no index to scale and bounds-check; only branches index the instruction array. `sync!`
//! writes the pc (the index of the current instruction) and the absolute sp to the frame before
//! anything that may allocate, call, throw or collect — the collector reads the suspended frame's
//! pc to find its oop map.
//!
//! The loop is `run_frames::<COUNTING, DEATHS>`, compiled four times: with `--activity` it also
//! counts each method's invocations and instructions (runtime/activity.rs, docs/code-activity.md)
//! — a frame's count is a local that taken branches adjust, kept in the thread's stack while a
//! callee runs and handed to the method at return — and without it every `if COUNTING` is gone;
//! with `--trace-deaths` it stamps the references frames drop (gcvm_gc::deaths), and without it
//! those hooks are gone too.
//!
//! This file is longer than the project's 1,500-line bound on purpose: `run_frames` is the
//! dispatch loop, one function of about 1,900 lines, because its hot state (the instruction iterator, `sp`,
//! the slot view, the heap view) must stay in registers across every handler; split into
//! functions, each instruction would pay a call and a reload. What the loop only calls (frames'
//! unwinding, the death stamps) sits after it.

use crate::exec::invoke::Call;
use crate::exec::slots::Slots;
use crate::model::class::{Code, Method, Trivial};
use crate::model::insn::{DoubleOp, FieldProduct, Insn, IntOp, Kind};
use crate::model::sites::Site;
use crate::runtime::thread::{JResult, JThread, Throw};
use gcvm_gc::Ref;
use std::sync::atomic::Ordering::Relaxed;

/// The bytes of one instruction: a counting frame's count runs in instruction addresses.
const INSN_BYTES: usize = std::mem::size_of::<Insn>();

impl JThread {
    /// Runs until the frame count drops back to `base_depth`.
    pub fn execute(&mut self, base_depth: usize) -> JResult<()> {
        match (self.activity.is_some(), self.mutator.deaths.is_some()) {
            (false, false) => self.run_frames::<false, false>(base_depth),
            (true, false) => self.run_frames::<true, false>(base_depth),
            (false, true) => self.run_frames::<false, true>(base_depth),
            (true, true) => self.run_frames::<true, true>(base_depth),
        }
    }

    /// The loop, compiled four times: `COUNTING` (`--activity`, runtime/activity.rs) counts
    /// invocations and instructions per method, `DEATHS` (`--trace-deaths`, gcvm_gc::deaths)
    /// stamps the roots frames lose; without them the loop is the plain one.
    fn run_frames<const COUNTING: bool, const DEATHS: bool>(
        &mut self,
        base_depth: usize,
    ) -> JResult<()> {
        let vm = self.vm;
        let heap = &vm.heap;
        // Loads and primitive stores through one copy of the heap's base address.
        let mem = heap.view();
        // `--trace-deaths` (fixed for the thread's life): the hooks at frame entry and return
        // are compiled into the `DEATHS` loops only (`if DEATHS`). Guarded by a run-time flag,
        // in the other loops they cost the plain loop 1.3% of its instructions and the counting
        // one 4% (callgrind, GCBench 6): registers and code layout. Astore's hook is its own
        // quickened form (`AStoreTracked`, link/quicken.rs), which only a deaths run quickens to.
        // A callee `invoke!` has just pushed the frame of, with what the top of 'frames would
        // otherwise read back from that frame.
        let mut entered: Option<Entry> = None;
        // COUNTING: the poll word this thread expects while it has nothing to do (no
        // safepoint requested, and the VM still in the interval this thread counts in). Any
        // other word sends a poll to `poll_counting`: one compare tells both.
        let mut quiet: u32 = if COUNTING { self.quiet_poll_word() } else { 0 };
        'frames: loop {
            // One look through the thread's stack guard for the frame and the slot view.
            let st: &mut crate::runtime::thread::ThreadStack = self;
            let fi = st.frames.len() - 1;
            // `fresh`: a frame just pushed, which has run nothing yet.
            let (
                Entry {
                    method,
                    code,
                    locals: lb,
                    pc,
                    sp: frame_sp,
                },
                fresh,
            ) = match entered.take() {
                Some(entry) => (entry, true),
                None => (Entry::of(&st.frames[fi]), false),
            };
            let insns: &'static [Insn] = &code.insns;
            if DEATHS {
                st.set_death_context(method);
            }
            // The instructions from the next one to run on.
            let mut next = insns[pc..].iter();
            // COUNTING: the instructions this frame ran before the current straight run, in
            // bytes of instructions, minus the address the run started at (wrapping): adding
            // the address of the next instruction gives the bytes of every instruction run so
            // far (`count!`), and a taken branch adds the run's end and subtracts its target
            // (`jump!`): two operations on addresses at hand. Taken back from the thread's
            // stack, where it waited while a callee ran; a fresh frame has nothing waiting
            // there (whatever saves a count there takes it back before the depth is reused).
            let mut executed: usize = if COUNTING {
                let waiting = if fresh {
                    debug_assert_eq!(st.frame_counts.get(fi).copied().unwrap_or(0), 0);
                    0
                } else {
                    st.take_frame_count(fi) as usize
                };
                (waiting * INSN_BYTES).wrapping_sub(next.as_slice().as_ptr() as usize)
            } else {
                0
            };
            // Relative to the locals base, as the view below.
            let mut sp = frame_sp - lb;
            // The frame's part of the slot array, unchecked (slots.rs); re-taken after every call
            // out of the loop.
            let mut slots = Slots::from(&mut st.slots, lb);

            macro_rules! reload {
                () => {{
                    slots = Slots::from(&mut self.slots, lb);
                }};
            }
            // SAFETY (for `slot!` and `set_slot!`, the loop's only unsafe code): every index is
            // a local index or a stack pointer of this frame, both counted from the locals base
            // where the view starts, which the oop-map analysis run on every method before it
            // first runs keeps within its locals and `max_stack`, and `JThread::call` keeps the
            // frame inside the array (slots.rs); the view is re-taken (`reload!`) after anything
            // else touches the array.
            macro_rules! slot {
                ($i:expr) => {{
                    let i: usize = $i;
                    // SAFETY: see above.
                    unsafe { slots.get(i) }
                }};
            }
            // The low 32 bits of a slot (an int, float or reference).
            macro_rules! slot32 {
                ($i:expr) => {{
                    let i: usize = $i;
                    // SAFETY: see above.
                    unsafe { slots.get_u32(i) }
                }};
            }
            // `--trace-deaths`: a trivial method `m` ran in place, its arguments at slot `at`.
            // Its frame would have held only them, and stamped its reference ones when it
            // returned, in its context: so do that (an empty constructor's chain of empty
            // super constructors would stamp the receiver first with theirs, at the same clock,
            // so that the outermost one's stamp is what stays).
            macro_rules! stamp_trivial_call {
                ($m:expr, $at:expr) => {{
                    let (m, at): (&Method, usize) = ($m, $at);
                    if let Some(deaths) = self.deaths() {
                        let stamp = deaths.stamp_now(crate::model::class::death_context(m));
                        for (j, _) in m.arg_refs.iter().enumerate().filter(|(_, &r)| r) {
                            deaths.lost_at(Ref::from_raw(slot32!(at + j)), stamp);
                        }
                    }
                }};
            }
            macro_rules! set_slot {
                ($i:expr, $v:expr) => {{
                    let i: usize = $i;
                    let v: u64 = $v;
                    // SAFETY: see above.
                    unsafe { slots.set(i, v) }
                }};
            }

            // Continue at instruction `t` (a branch target).
            macro_rules! jump {
                ($t:expr) => {{
                    let t: u32 = $t;
                    // The run ends after this instruction; the next starts at `t`.
                    let end = next.as_slice().as_ptr() as usize;
                    next = insns[t as usize..].iter();
                    if COUNTING {
                        let start = next.as_slice().as_ptr() as usize;
                        executed = executed.wrapping_add(end).wrapping_sub(start);
                    }
                }};
            }
            // Step over the next `k` instructions (those a superinstruction did the work of).
            macro_rules! skip {
                ($k:expr) => {{
                    next.nth($k - 1);
                }};
            }
            // COUNTING: the instructions this frame ran, the current one included.
            macro_rules! count {
                () => {{
                    executed.wrapping_add(next.as_slice().as_ptr() as usize) / INSN_BYTES
                }};
            }
            macro_rules! sync {
                () => {{
                    let after = insns.len() - next.len();
                    let f = &mut self.frames[fi];
                    f.pc = (after - 1) as u32;
                    f.sp = f.locals + sp as u32;
                }};
            }
            // `sync!` and, counting, keeps the frame's instruction count in the thread's stack
            // (before a callee runs, a throw, a safepoint stop or a report of the interval,
            // which takes the counts kept there), through one look at the thread's stack.
            macro_rules! sync_saving {
                () => {{
                    let after = insns.len() - next.len();
                    let st: &mut crate::runtime::thread::ThreadStack = self;
                    let f = &mut st.frames[fi];
                    f.pc = (after - 1) as u32;
                    f.sp = f.locals + sp as u32;
                    if COUNTING {
                        st.keep_frame_count(fi, count!() as u64);
                    }
                }};
            }
            // COUNTING: the frame runs on (a native ran in place, a report or a safepoint
            // stop is over): it takes back what is still kept, all of its count if nothing
            // took it meanwhile, and counts on from here.
            macro_rules! restore_count {
                () => {{
                    if COUNTING {
                        let kept = self.take_frame_count(fi) as usize * INSN_BYTES;
                        executed = kept.wrapping_sub(next.as_slice().as_ptr() as usize);
                    }
                }};
            }
            // Is something asked of this thread at a poll? Counting, one compare with the
            // quiet word tells whether a safepoint is requested or the interval moved on.
            macro_rules! polled {
                () => {{
                    if COUNTING {
                        vm.threads.poll_word() != quiet
                    } else {
                        vm.threads.safepoint_requested()
                    }
                }};
            }
            // Does what `polled!` found asked (frames synced, the running frame's count saved).
            macro_rules! poll {
                () => {{
                    if COUNTING {
                        quiet = self.poll_counting();
                    } else {
                        self.safepoint_poll();
                    }
                }};
            }
            // Dispatch the pending exception: to a handler in this execute, or out of it.
            macro_rules! unwind {
                () => {{
                    match self.unwind_to_handler(base_depth) {
                        Ok(()) => continue 'frames,
                        Err(t) => return Err(t),
                    }
                }};
            }
            macro_rules! throw {
                ($e:expr) => {{
                    sync_saving!();
                    let _: Throw = $e;
                    unwind!()
                }};
            }
            macro_rules! tryj {
                ($e:expr) => {{
                    match $e {
                        Ok(v) => {
                            reload!();
                            v
                        }
                        Err(Throw) => unwind!(),
                    }
                }};
            }
            macro_rules! push_i {
                ($v:expr) => {{
                    let v: i32 = $v;
                    set_slot!(sp, v as u32 as u64);
                    sp += 1;
                }};
            }
            macro_rules! push_l {
                ($v:expr) => {{
                    let v: i64 = $v;
                    set_slot!(sp, v as u64);
                    sp += 2;
                }};
            }
            macro_rules! push_f {
                ($v:expr) => {{
                    let v: f32 = $v;
                    set_slot!(sp, v.to_bits() as u64);
                    sp += 1;
                }};
            }
            macro_rules! push_d {
                ($v:expr) => {{
                    let v: f64 = $v;
                    set_slot!(sp, v.to_bits());
                    sp += 2;
                }};
            }
            macro_rules! push_a {
                ($v:expr) => {{
                    let v: Ref = $v;
                    set_slot!(sp, v.raw() as u64);
                    sp += 1;
                }};
            }
            macro_rules! pop_i {
                () => {{
                    sp -= 1;
                    slot32!(sp) as i32
                }};
            }
            macro_rules! pop_l {
                () => {{
                    sp -= 2;
                    slot!(sp) as i64
                }};
            }
            macro_rules! pop_f {
                () => {{
                    sp -= 1;
                    f32::from_bits(slot32!(sp))
                }};
            }
            macro_rules! pop_d {
                () => {{
                    sp -= 2;
                    f64::from_bits(slot!(sp))
                }};
            }
            macro_rules! pop_a {
                () => {{
                    sp -= 1;
                    Ref::from_raw(slot32!(sp))
                }};
            }
            macro_rules! binop_i {
                ($f:expr) => {{
                    let b = pop_i!();
                    let a = pop_i!();
                    push_i!($f(a, b));
                }};
            }
            macro_rules! binop_l {
                ($f:expr) => {{
                    let b = pop_l!();
                    let a = pop_l!();
                    push_l!($f(a, b));
                }};
            }
            macro_rules! binop_f {
                ($f:expr) => {{
                    let b = pop_f!();
                    let a = pop_f!();
                    push_f!($f(a, b));
                }};
            }
            macro_rules! binop_d {
                ($f:expr) => {{
                    let b = pop_d!();
                    let a = pop_d!();
                    push_d!($f(a, b));
                }};
            }
            // A backward branch is a safepoint poll (taken before the branch pops anything, so the
            // frame's oop map at this instruction is exact).
            // Counting, it is also where a loop notices that the interval moved on.
            macro_rules! poll_if_backward {
                ($t:expr) => {{
                    if polled!() && (*$t as usize) < insns.len() - next.len() {
                        sync_saving!(); // the count is reported if the thread stops here
                        poll!();
                        reload!();
                        restore_count!();
                    }
                }};
            }
            macro_rules! if_i {
                ($t:expr, $cond:expr) => {{
                    poll_if_backward!($t);
                    let a = pop_i!();
                    if $cond(a) {
                        jump!(*$t);
                    }
                }};
            }
            macro_rules! if_icmp {
                ($t:expr, $cond:expr) => {{
                    poll_if_backward!($t);
                    let b = pop_i!();
                    let a = pop_i!();
                    if $cond(a, b) {
                        jump!(*$t);
                    }
                }};
            }
            macro_rules! null_check {
                ($r:expr) => {{
                    if $r.is_null() {
                        throw!(self.throw_npe());
                    }
                }};
            }
            // Pops index and array; checks both; yields the array and the element's offset in it.
            macro_rules! element_in {
                ($size:expr) => {{
                    let index = pop_i!();
                    let arr = pop_a!();
                    null_check!(arr);
                    let len = mem.array_length(arr);
                    if index as u32 >= len {
                        throw!(self.throw_aioobe(index, len as usize));
                    }
                    (arr, 16 + index as usize * $size)
                }};
            }
            // The same, yielding the element's byte offset in the heap (for loads).
            macro_rules! element {
                ($size:expr) => {{
                    let (arr, off) = element_in!($size);
                    arr.offset() + off
                }};
            }
            macro_rules! invoke {
                ($m:expr, $base:expr) => {{
                    let m: &'static Method = $m;
                    // A bytecode method run before: its frame is pushed here, without `call`'s
                    // checks for natives, linking and decoding; a trivial one runs in place.
                    if m.is_plain_bytecode() {
                        if let Some(Ok(callee)) = m.code.get() {
                            match callee.trivial {
                                Trivial::No => {}
                                Trivial::Empty => {
                                    if COUNTING {
                                        self.count_call(m, callee.insns.len());
                                    }
                                    if DEATHS {
                                        stamp_trivial_call!(m, $base);
                                    }
                                    sp = $base;
                                    continue;
                                }
                                Trivial::Getter { offset, kind } => {
                                    if COUNTING {
                                        self.count_call(m, callee.insns.len());
                                    }
                                    if DEATHS {
                                        stamp_trivial_call!(m, $base);
                                    }
                                    // The receiver: checked for null by every invoke above.
                                    let obj = Ref::from_raw(slot32!($base));
                                    let at = obj.offset() + offset as usize;
                                    set_slot!($base, read_field(&heap.memory, at, kind));
                                    sp = $base + kind.slots();
                                    continue;
                                }
                            }
                            sync_saving!();
                            // The method entry's poll; counting, it also notices the interval's
                            // end (the callee's frame, on top, has run nothing yet).
                            let pushed = if COUNTING {
                                let pushed =
                                    self.push_decoded_frame_unpolled(m, callee, lb + $base);
                                if pushed && polled!() {
                                    poll!();
                                }
                                pushed
                            } else {
                                self.push_decoded_frame(m, callee, lb + $base)
                            };
                            if pushed {
                                let locals = lb + $base;
                                entered = Some(Entry {
                                    method: m,
                                    code: callee,
                                    locals,
                                    pc: 0,
                                    sp: locals + callee.max_locals as usize,
                                });
                                continue 'frames;
                            }
                        }
                    }
                    sync_saving!();
                    match self.call(m, lb + $base) {
                        Ok(Call::Pushed) => continue 'frames,
                        Ok(Call::Done) => {
                            // A native ran in place: the frame runs on.
                            restore_count!();
                            reload!();
                            sp = $base + m.ret.map_or(0, Kind::slots);
                        }
                        Err(Throw) => unwind!(),
                    }
                }};
            }

            // `a op b` into a local, for a constant `op`
            // (one quickened variant per operation).
            macro_rules! d_op_store {
                ($op:expr, $local:expr) => {{
                    let op: DoubleOp = $op;
                    let local = $local;
                    let b = f64::from_bits(slot!(sp - 2));
                    let a = f64::from_bits(slot!(sp - 4));
                    sp -= 4;
                    set_slot!(*local as usize, op.apply(a, b).to_bits());
                    skip!(1);
                }};
            }
            // `a op b` into a double field, for a constant `op`
            // (one quickened variant per operation).
            macro_rules! d_op_put_field {
                ($op:expr, $offset:expr) => {{
                    let op: DoubleOp = $op;
                    let offset = $offset;
                    let b = f64::from_bits(slot!(sp - 2));
                    let a = f64::from_bits(slot!(sp - 4));
                    let v = op.apply(a, b).to_bits();
                    let obj = Ref::from_raw(slot32!(sp - 5));
                    if obj.is_null() {
                        set_slot!(sp - 4, v);
                        sp -= 2;
                        continue; // the putfield throws
                    }
                    sp -= 5;
                    mem.store_u64(obj, *offset as usize, v);
                    skip!(1);
                }};
            }
            // `top op o.f`, for a constant `op`
            // (one quickened variant per operation).
            macro_rules! local_field_d_op {
                ($op:expr, $object:expr, $offset:expr) => {{
                    let op: DoubleOp = $op;
                    let object = $object;
                    let offset = $offset;
                    let obj = Ref::from_raw(slot32!(*object as usize));
                    if obj.is_null() {
                        set_slot!(sp, obj.raw() as u64);
                        sp += 1;
                        continue; // the getfield throws
                    }
                    let f = f64::from_bits(mem.read_u64(obj.offset() + *offset as usize));
                    let a = f64::from_bits(slot!(sp - 2));
                    set_slot!(sp - 2, op.apply(a, f).to_bits());
                    skip!(2);
                }};
            }
            // `a op b` of two locals, for a constant `op`
            // (one quickened variant per operation).
            macro_rules! d_locals_op {
                ($op:expr, $a:expr, $b:expr) => {{
                    let op: DoubleOp = $op;
                    let a = $a;
                    let b = $b;
                    let x = f64::from_bits(slot!(*a as usize));
                    let y = f64::from_bits(slot!(*b as usize));
                    set_slot!(sp, op.apply(x, y).to_bits());
                    sp += 2;
                    skip!(2);
                }};
            }
            // `d op o.f`, for a constant `op`
            // (one quickened variant per operation).
            macro_rules! d_op_local_field {
                ($op:expr, $local:expr, $object:expr, $offset:expr) => {{
                    let op: DoubleOp = $op;
                    let local = $local;
                    let object = $object;
                    let offset = $offset;
                    let d = slot!(*local as usize);
                    let obj = Ref::from_raw(slot32!(*object as usize));
                    if obj.is_null() {
                        set_slot!(sp, d);
                        set_slot!(sp + 2, obj.raw() as u64);
                        sp += 3;
                        skip!(1);
                        continue; // the getfield throws
                    }
                    let f = f64::from_bits(mem.read_u64(obj.offset() + *offset as usize));
                    set_slot!(sp, op.apply(f64::from_bits(d), f).to_bits());
                    sp += 2;
                    skip!(3);
                }};
            }
            // `top op d`, for a constant `op`
            // (one quickened variant per operation).
            macro_rules! d_op_local {
                ($op:expr, $local:expr) => {{
                    let op: DoubleOp = $op;
                    let local = $local;
                    let b = f64::from_bits(slot!(*local as usize));
                    let a = f64::from_bits(slot!(sp - 2));
                    set_slot!(sp - 2, op.apply(a, b).to_bits());
                    skip!(1);
                }};
            }

            // `array[index] = from[j]` with every operand in a local (`j` computed by the caller):
            // the array load is the `load_at`-th instruction of the sequence and the store the
            // next one, so a failing load or store continues there with the stack its
            // instructions expect.
            macro_rules! locals_array_copy {
                ($array:expr, $index:expr, $from:expr, $j:expr, $load_at:expr) => {{
                    let from: Ref = $from;
                    let j: u32 = $j;
                    let load_at: usize = $load_at;
                    let arr = Ref::from_raw(slot32!(*$array as usize));
                    let i = slot32!(*$index as usize);
                    if from.is_null() || j >= mem.array_length(from) {
                        set_slot!(sp, arr.raw() as u64);
                        set_slot!(sp + 1, i as u64);
                        set_slot!(sp + 2, from.raw() as u64);
                        set_slot!(sp + 3, j as u64);
                        sp += 4;
                        skip!(load_at);
                        continue; // the array load throws
                    }
                    let v = mem.read_u32(from.offset() + 16 + j as usize * 4);
                    if arr.is_null() || i >= mem.array_length(arr) {
                        set_slot!(sp, arr.raw() as u64);
                        set_slot!(sp + 1, i as u64);
                        set_slot!(sp + 2, v as u64);
                        sp += 3;
                        skip!(load_at + 1);
                        continue; // the array store throws
                    }
                    mem.store_u32(arr, 16 + i as usize * 4, v);
                    skip!(load_at + 2);
                }};
            }
            // `array[index] = src[c op d]`; `op` is a constant in the Sub and Add variants.
            macro_rules! locals_array_copy_computed {
                ($op:expr, $array:expr, $index:expr, $src:expr, $c:expr, $d:expr) => {{
                    let op: IntOp = $op;
                    let from = Ref::from_raw(slot32!(*$src as usize));
                    let j =
                        op.apply(slot32!(*$c as usize) as i32, slot32!(*$d as usize) as i32) as u32;
                    locals_array_copy!($array, $index, from, j, 5)
                }};
            }
            // `array[c op d] = value`; `op` is a constant in the Sub and Add variants.
            macro_rules! locals_array_store_computed {
                ($op:expr, $array:expr, $c:expr, $d:expr, $value:expr) => {{
                    let op: IntOp = $op;
                    let array = $array;
                    let c = $c;
                    let d = $d;
                    let value = $value;
                    let arr = Ref::from_raw(slot32!(*array as usize));
                    let i =
                        op.apply(slot32!(*c as usize) as i32, slot32!(*d as usize) as i32) as u32;
                    let v = slot32!(*value as usize);
                    if arr.is_null() || i >= mem.array_length(arr) {
                        set_slot!(sp, arr.raw() as u64);
                        set_slot!(sp + 1, i as u64);
                        set_slot!(sp + 2, v as u64);
                        sp += 3;
                        skip!(4);
                        continue; // the array store throws
                    }
                    mem.store_u32(arr, 16 + i as usize * 4, v);
                    skip!(5);
                }};
            }

            // `o.f op= x * p.g * y` (`FieldAddProduct`, `FieldSubProduct`). A null `o` stops at
            // its getfield (after aload, dup); a null `p` at its getfield, with `o`, `o.f` and `x`
            // pushed as the instructions before it leave them.
            macro_rules! field_product {
                ($operands:expr, $op:expr) => {{
                    let FieldProduct {
                        object,
                        field,
                        x,
                        factor,
                        factor_field,
                        y,
                    } = *$operands;
                    let obj = Ref::from_raw(slot32!(object as usize));
                    if obj.is_null() {
                        set_slot!(sp, obj.raw() as u64);
                        set_slot!(sp + 1, obj.raw() as u64);
                        sp += 2;
                        skip!(1);
                        continue; // the getfield throws
                    }
                    let at = obj.offset() + field as usize;
                    let f = f64::from_bits(mem.read_u64(at));
                    let other = Ref::from_raw(slot32!(factor as usize));
                    if other.is_null() {
                        set_slot!(sp, obj.raw() as u64);
                        set_slot!(sp + 1, f.to_bits());
                        set_slot!(sp + 3, slot!(x as usize));
                        set_slot!(sp + 5, other.raw() as u64);
                        sp += 6;
                        skip!(4);
                        continue; // the second getfield throws
                    }
                    let g = f64::from_bits(mem.read_u64(other.offset() + factor_field as usize));
                    let product =
                        f64::from_bits(slot!(x as usize)) * g * f64::from_bits(slot!(y as usize));
                    let op: DoubleOp = $op;
                    mem.store_u64(obj, field as usize, op.apply(f, product).to_bits());
                    skip!(10);
                }};
            }

            loop {
                let Some(insn) = next.next() else {
                    unreachable!("the oop-map analysis rejects code that runs off its end")
                };
                match insn {
                    Insn::Nop => {}
                    Insn::AConstNull => push_a!(Ref::NULL),
                    Insn::IConst(v) => push_i!(*v),
                    Insn::LConst(v) => push_l!(*v),
                    Insn::FConst(v) => push_f!(*v),
                    Insn::DConst(v) => push_d!(*v),
                    Insn::LdcString(sc) => {
                        let r = Ref::from_raw(sc.value.load(std::sync::atomic::Ordering::Acquire));
                        if r.is_null() {
                            sync!();
                            let r = tryj!(self.intern_const(sc));
                            push_a!(r);
                        } else {
                            push_a!(r);
                        }
                    }
                    Insn::LdcClass(id) => {
                        sync!();
                        let m = tryj!(self.class_mirror(vm.classes.class(*id)));
                        push_a!(m);
                    }

                    Insn::ILoad(i) | Insn::FLoad(i) | Insn::ALoad(i) => {
                        set_slot!(sp, slot!(*i as usize));
                        sp += 1;
                    }
                    Insn::LLoad(i) | Insn::DLoad(i) => {
                        set_slot!(sp, slot!(*i as usize));
                        sp += 2;
                    }
                    Insn::IStore(i) | Insn::FStore(i) | Insn::AStore(i) => {
                        sp -= 1;
                        set_slot!(*i as usize, slot!(sp));
                    }
                    Insn::IIncLoopTest {
                        local,
                        delta,
                        a,
                        b,
                        target,
                    } => {
                        let at = *local as usize;
                        set_slot!(
                            at,
                            (slot32!(at) as i32).wrapping_add(*delta as i32) as u32 as u64
                        );
                        poll_if_backward!(target);
                        let x = slot32!(*a as usize) as i32;
                        let y = slot32!(*b as usize) as i32;
                        jump!(if x >= y { *target } else { *target + 3 });
                    }
                    Insn::StaticArrayLoad32 { table, index } => {
                        let arr = Ref::from_raw(table.load(Relaxed) as u32);
                        let i = slot32!(*index as usize);
                        if arr.is_null() || i >= mem.array_length(arr) {
                            set_slot!(sp, arr.raw() as u64);
                            set_slot!(sp + 1, i as u64);
                            sp += 2;
                            skip!(1);
                            continue; // the array load throws
                        }
                        set_slot!(sp, mem.read_u32(arr.offset() + 16 + i as usize * 4) as u64);
                        sp += 1;
                        skip!(2);
                    }
                    Insn::StaticArrayLoad64 { table, index } => {
                        let arr = Ref::from_raw(table.load(Relaxed) as u32);
                        let i = slot32!(*index as usize);
                        if arr.is_null() || i >= mem.array_length(arr) {
                            set_slot!(sp, arr.raw() as u64);
                            set_slot!(sp + 1, i as u64);
                            sp += 2;
                            skip!(1);
                            continue; // the array load throws
                        }
                        set_slot!(sp, mem.read_u64(arr.offset() + 16 + i as usize * 8));
                        sp += 2;
                        skip!(2);
                    }
                    Insn::LocalsArrayCopy32 {
                        array,
                        index,
                        src,
                        src_index,
                    } => locals_array_copy!(
                        array,
                        index,
                        Ref::from_raw(slot32!(*src as usize)),
                        slot32!(*src_index as usize),
                        3
                    ),
                    Insn::LocalsArrayCopyComputed32 {
                        array,
                        index,
                        src,
                        c,
                        d,
                        op,
                    } => locals_array_copy_computed!(*op, array, index, src, c, d),
                    Insn::LocalsArrayCopySub32 {
                        array,
                        index,
                        src,
                        c,
                        d,
                    } => locals_array_copy_computed!(IntOp::Sub, array, index, src, c, d),
                    Insn::LocalsArrayCopyAdd32 {
                        array,
                        index,
                        src,
                        c,
                        d,
                    } => locals_array_copy_computed!(IntOp::Add, array, index, src, c, d),
                    Insn::LocalsArrayStoreComputed32 {
                        array,
                        c,
                        d,
                        op,
                        value,
                    } => locals_array_store_computed!(*op, array, c, d, value),
                    Insn::LocalsArrayStoreSub32 { array, c, d, value } => {
                        locals_array_store_computed!(IntOp::Sub, array, c, d, value)
                    }
                    Insn::LocalsArrayStoreAdd32 { array, c, d, value } => {
                        locals_array_store_computed!(IntOp::Add, array, c, d, value)
                    }
                    Insn::DAddStore { local } => d_op_store!(DoubleOp::Add, local),
                    Insn::DSubStore { local } => d_op_store!(DoubleOp::Sub, local),
                    Insn::DMulStore { local } => d_op_store!(DoubleOp::Mul, local),
                    Insn::DDivStore { local } => d_op_store!(DoubleOp::Div, local),
                    Insn::DAddPutField { offset } => d_op_put_field!(DoubleOp::Add, offset),
                    Insn::DSubPutField { offset } => d_op_put_field!(DoubleOp::Sub, offset),
                    Insn::DMulPutField { offset } => d_op_put_field!(DoubleOp::Mul, offset),
                    Insn::DDivPutField { offset } => d_op_put_field!(DoubleOp::Div, offset),
                    Insn::LocalFieldDAdd { object, offset } => {
                        local_field_d_op!(DoubleOp::Add, object, offset)
                    }
                    Insn::LocalFieldDSub { object, offset } => {
                        local_field_d_op!(DoubleOp::Sub, object, offset)
                    }
                    Insn::LocalFieldDMul { object, offset } => {
                        local_field_d_op!(DoubleOp::Mul, object, offset)
                    }
                    Insn::LocalFieldDDiv { object, offset } => {
                        local_field_d_op!(DoubleOp::Div, object, offset)
                    }
                    Insn::DLocalsAdd { a, b } => d_locals_op!(DoubleOp::Add, a, b),
                    Insn::DLocalsSub { a, b } => d_locals_op!(DoubleOp::Sub, a, b),
                    Insn::DLocalsMul { a, b } => d_locals_op!(DoubleOp::Mul, a, b),
                    Insn::DLocalsDiv { a, b } => d_locals_op!(DoubleOp::Div, a, b),
                    Insn::LengthLoopTest { a, array, exit } => {
                        let arr = Ref::from_raw(slot32!(*array as usize));
                        let x = slot32!(*a as usize);
                        if arr.is_null() {
                            set_slot!(sp, x as u64);
                            sp += 1;
                            continue; // the arraylength throws
                        }
                        if x as i32 >= mem.array_length(arr) as i32 {
                            jump!(*exit); // forward: no poll
                        } else {
                            skip!(3);
                        }
                    }
                    Insn::AStoreTracked(i) => {
                        // The local's old reference (quickening checked that it holds one
                        // here) is a root going away.
                        if DEATHS {
                            let old = Ref::from_raw(slot32!(*i as usize));
                            if !old.is_null() {
                                if let Some(deaths) = self.deaths() {
                                    deaths.lost(old);
                                }
                            }
                        }
                        sp -= 1;
                        set_slot!(*i as usize, slot!(sp));
                    }
                    Insn::LStore(i) | Insn::DStore(i) => {
                        sp -= 2;
                        set_slot!(*i as usize, slot!(sp));
                    }
                    Insn::IInc(i, d) => {
                        let at = *i as usize;
                        set_slot!(
                            at,
                            (slot32!(at) as i32).wrapping_add(*d as i32) as u32 as u64
                        );
                    }

                    Insn::ArrayLoad(kind) => match kind {
                        Kind::Int => {
                            let at = element!(4);
                            push_i!(mem.read_u32(at) as i32)
                        }
                        Kind::Ref => {
                            let at = element!(4);
                            push_a!(mem.read_ref(at))
                        }
                        Kind::Float => {
                            let at = element!(4);
                            set_slot!(sp, mem.read_u32(at) as u64);
                            sp += 1;
                        }
                        Kind::Long | Kind::Double => {
                            let at = element!(8);
                            set_slot!(sp, mem.read_u64(at));
                            sp += 2;
                        }
                        Kind::Byte | Kind::Boolean => {
                            let at = element!(1);
                            push_i!(mem.read_u8(at) as i8 as i32)
                        }
                        Kind::Char => {
                            let at = element!(2);
                            push_i!(mem.read_u16(at) as i32)
                        }
                        Kind::Short => {
                            let at = element!(2);
                            push_i!(mem.read_u16(at) as i16 as i32)
                        }
                    },
                    Insn::ArrayStore(kind) => match kind {
                        Kind::Int | Kind::Float => {
                            sp -= 1;
                            let v = slot32!(sp);
                            let (arr, off) = element_in!(4);
                            mem.store_u32(arr, off, v);
                        }
                        Kind::Long | Kind::Double => {
                            sp -= 2;
                            let v = slot!(sp);
                            let (arr, off) = element_in!(8);
                            mem.store_u64(arr, off, v);
                        }
                        Kind::Byte | Kind::Boolean => {
                            let v = pop_i!();
                            let (arr, off) = element_in!(1);
                            mem.store_u8(arr, off, v as u8);
                        }
                        Kind::Char | Kind::Short => {
                            let v = pop_i!();
                            let (arr, off) = element_in!(2);
                            mem.store_u16(arr, off, v as u16);
                        }
                        Kind::Ref => {
                            let v = Ref::from_raw(slot32!(sp - 1));
                            let arr = Ref::from_raw(slot32!(sp - 3));
                            if !v.is_null() && !arr.is_null() {
                                let crate::model::class::ClassKind::Array { component, .. } =
                                    self.class_of(arr).kind
                                else {
                                    unreachable!()
                                };
                                if !self
                                    .class_of(v)
                                    .is_subclass_of(vm.classes.class(component), &vm.classes)
                                {
                                    let name = self.class_of(v).java_name();
                                    throw!(self
                                        .throw_new("java/lang/ArrayStoreException", Some(&name)));
                                }
                            }
                            sp -= 1;
                            let (arr, off) = element_in!(4);
                            if DEATHS {
                                heap.store_ref_stamping(&mut self.mutator, arr, off, v);
                            } else {
                                heap.store_ref(&mut self.mutator, arr, off, v);
                            }
                        }
                    },

                    Insn::Pop => sp -= 1,
                    Insn::Pop2 => sp -= 2,
                    Insn::Dup => {
                        set_slot!(sp, slot!(sp - 1));
                        sp += 1;
                    }
                    Insn::DupX1 => {
                        let (v1, v2) = (slot!(sp - 1), slot!(sp - 2));
                        set_slot!(sp - 2, v1);
                        set_slot!(sp - 1, v2);
                        set_slot!(sp, v1);
                        sp += 1;
                    }
                    Insn::DupX2 => {
                        let (v1, v2, v3) = (slot!(sp - 1), slot!(sp - 2), slot!(sp - 3));
                        set_slot!(sp - 3, v1);
                        set_slot!(sp - 2, v3);
                        set_slot!(sp - 1, v2);
                        set_slot!(sp, v1);
                        sp += 1;
                    }
                    Insn::Dup2 => {
                        set_slot!(sp, slot!(sp - 2));
                        set_slot!(sp + 1, slot!(sp - 1));
                        sp += 2;
                    }
                    Insn::Dup2X1 => {
                        let (v1, v2, v3) = (slot!(sp - 1), slot!(sp - 2), slot!(sp - 3));
                        set_slot!(sp - 3, v2);
                        set_slot!(sp - 2, v1);
                        set_slot!(sp - 1, v3);
                        set_slot!(sp, v2);
                        set_slot!(sp + 1, v1);
                        sp += 2;
                    }
                    Insn::Dup2X2 => {
                        let (v1, v2, v3, v4) =
                            (slot!(sp - 1), slot!(sp - 2), slot!(sp - 3), slot!(sp - 4));
                        set_slot!(sp - 4, v2);
                        set_slot!(sp - 3, v1);
                        set_slot!(sp - 2, v4);
                        set_slot!(sp - 1, v3);
                        set_slot!(sp, v2);
                        set_slot!(sp + 1, v1);
                        sp += 2;
                    }
                    Insn::Swap => {
                        let (v1, v2) = (slot!(sp - 1), slot!(sp - 2));
                        set_slot!(sp - 1, v2);
                        set_slot!(sp - 2, v1);
                    }

                    Insn::IAdd => binop_i!(i32::wrapping_add),
                    Insn::LAdd => binop_l!(i64::wrapping_add),
                    Insn::FAdd => binop_f!(|a: f32, b: f32| a + b),
                    Insn::DAdd => binop_d!(|a: f64, b: f64| a + b),
                    Insn::ISub => binop_i!(i32::wrapping_sub),
                    Insn::LSub => binop_l!(i64::wrapping_sub),
                    Insn::FSub => binop_f!(|a: f32, b: f32| a - b),
                    Insn::DSub => binop_d!(|a: f64, b: f64| a - b),
                    Insn::IMul => binop_i!(i32::wrapping_mul),
                    Insn::LMul => binop_l!(i64::wrapping_mul),
                    Insn::FMul => binop_f!(|a: f32, b: f32| a * b),
                    Insn::DMul => binop_d!(|a: f64, b: f64| a * b),
                    Insn::IDiv | Insn::IRem => {
                        let b = pop_i!();
                        let a = pop_i!();
                        if b == 0 {
                            sp += 2;
                            throw!(
                                self.throw_new("java/lang/ArithmeticException", Some("/ by zero"))
                            );
                        }
                        push_i!(if matches!(insn, Insn::IDiv) {
                            a.wrapping_div(b)
                        } else {
                            a.wrapping_rem(b)
                        });
                    }
                    Insn::LDiv | Insn::LRem => {
                        let b = pop_l!();
                        let a = pop_l!();
                        if b == 0 {
                            sp += 4;
                            throw!(
                                self.throw_new("java/lang/ArithmeticException", Some("/ by zero"))
                            );
                        }
                        push_l!(if matches!(insn, Insn::LDiv) {
                            a.wrapping_div(b)
                        } else {
                            a.wrapping_rem(b)
                        });
                    }
                    Insn::FDiv => binop_f!(|a: f32, b: f32| a / b),
                    Insn::DDiv => binop_d!(|a: f64, b: f64| a / b),
                    Insn::FRem => binop_f!(|a: f32, b: f32| a % b),
                    Insn::DRem => binop_d!(|a: f64, b: f64| a % b),
                    Insn::INeg => {
                        let a = pop_i!();
                        push_i!(a.wrapping_neg())
                    }
                    Insn::LNeg => {
                        let a = pop_l!();
                        push_l!(a.wrapping_neg())
                    }
                    Insn::FNeg => {
                        let a = pop_f!();
                        push_f!(-a)
                    }
                    Insn::DNeg => {
                        let a = pop_d!();
                        push_d!(-a)
                    }
                    Insn::IShl => binop_i!(|a: i32, b: i32| a.wrapping_shl(b as u32 & 31)),
                    Insn::IShr => binop_i!(|a: i32, b: i32| a.wrapping_shr(b as u32 & 31)),
                    Insn::IUShr => {
                        binop_i!(|a: i32, b: i32| ((a as u32) >> (b as u32 & 31)) as i32)
                    }
                    Insn::LShl | Insn::LShr | Insn::LUShr => {
                        let b = pop_i!() as u32 & 63;
                        let a = pop_l!();
                        push_l!(match insn {
                            Insn::LShl => a.wrapping_shl(b),
                            Insn::LShr => a.wrapping_shr(b),
                            _ => ((a as u64) >> b) as i64,
                        })
                    }
                    Insn::IAnd => binop_i!(|a: i32, b: i32| a & b),
                    Insn::IOr => binop_i!(|a: i32, b: i32| a | b),
                    Insn::IXor => binop_i!(|a: i32, b: i32| a ^ b),
                    Insn::LAnd => binop_l!(|a: i64, b: i64| a & b),
                    Insn::LOr => binop_l!(|a: i64, b: i64| a | b),
                    Insn::LXor => binop_l!(|a: i64, b: i64| a ^ b),

                    Insn::I2L => {
                        let a = pop_i!();
                        push_l!(a as i64)
                    }
                    Insn::I2F => {
                        let a = pop_i!();
                        push_f!(a as f32)
                    }
                    Insn::I2D => {
                        let a = pop_i!();
                        push_d!(a as f64)
                    }
                    Insn::L2I => {
                        let a = pop_l!();
                        push_i!(a as i32)
                    }
                    Insn::L2F => {
                        let a = pop_l!();
                        push_f!(a as f32)
                    }
                    Insn::L2D => {
                        let a = pop_l!();
                        push_d!(a as f64)
                    }
                    Insn::F2I => {
                        let a = pop_f!();
                        push_i!(a as i32)
                    }
                    Insn::F2L => {
                        let a = pop_f!();
                        push_l!(a as i64)
                    }
                    Insn::F2D => {
                        let a = pop_f!();
                        push_d!(a as f64)
                    }
                    Insn::D2I => {
                        let a = pop_d!();
                        push_i!(a as i32)
                    }
                    Insn::D2L => {
                        let a = pop_d!();
                        push_l!(a as i64)
                    }
                    Insn::D2F => {
                        let a = pop_d!();
                        push_f!(a as f32)
                    }
                    Insn::I2B => {
                        let a = pop_i!();
                        push_i!(a as i8 as i32)
                    }
                    Insn::I2C => {
                        let a = pop_i!();
                        push_i!(a as u16 as i32)
                    }
                    Insn::I2S => {
                        let a = pop_i!();
                        push_i!(a as i16 as i32)
                    }

                    Insn::LCmp => {
                        let b = pop_l!();
                        let a = pop_l!();
                        push_i!(a.cmp(&b) as i32)
                    }
                    Insn::FCmpL | Insn::FCmpG => {
                        let b = pop_f!();
                        let a = pop_f!();
                        push_i!(compare_floats(
                            a as f64,
                            b as f64,
                            matches!(insn, Insn::FCmpG)
                        ))
                    }
                    Insn::DCmpL | Insn::DCmpG => {
                        let b = pop_d!();
                        let a = pop_d!();
                        push_i!(compare_floats(a, b, matches!(insn, Insn::DCmpG)))
                    }

                    Insn::IfEq(t) => if_i!(t, |a| a == 0),
                    Insn::IfNe(t) => if_i!(t, |a| a != 0),
                    Insn::IfLt(t) => if_i!(t, |a| a < 0),
                    Insn::IfGe(t) => if_i!(t, |a| a >= 0),
                    Insn::IfGt(t) => if_i!(t, |a| a > 0),
                    Insn::IfLe(t) => if_i!(t, |a| a <= 0),
                    Insn::IfICmpEq(t) => if_icmp!(t, |a, b| a == b),
                    Insn::IfICmpNe(t) => if_icmp!(t, |a, b| a != b),
                    Insn::IfICmpLt(t) => if_icmp!(t, |a, b| a < b),
                    Insn::IfICmpGe(t) => if_icmp!(t, |a, b| a >= b),
                    Insn::IfICmpGt(t) => if_icmp!(t, |a, b| a > b),
                    Insn::IfICmpLe(t) => if_icmp!(t, |a, b| a <= b),
                    Insn::IfACmpEq(t) => if_icmp!(t, |a, b| a == b),
                    Insn::IfACmpNe(t) => if_icmp!(t, |a, b| a != b),
                    Insn::IfNull(t) => if_i!(t, |a| a == 0),
                    Insn::IfNonNull(t) => if_i!(t, |a| a != 0),
                    Insn::Goto(t) => {
                        poll_if_backward!(t);
                        jump!(*t);
                    }
                    Insn::TableSwitch(ts) => {
                        let key = pop_i!();
                        let idx = (key as i64) - (ts.low as i64);
                        jump!(if idx >= 0 && (idx as usize) < ts.targets.len() {
                            ts.targets[idx as usize]
                        } else {
                            ts.default
                        });
                    }
                    Insn::LookupSwitch(ls) => {
                        let key = pop_i!();
                        jump!(match ls.pairs.binary_search_by_key(&key, |&(k, _)| k) {
                            Ok(i) => ls.pairs[i].1,
                            Err(_) => ls.default,
                        });
                    }

                    Insn::Return(kind) | Insn::ReturnTracked { kind, .. } => {
                        let slots = kind.map_or(0, Kind::slots);
                        let lock = self.frames[fi].lock;
                        if !lock.is_null() {
                            sync!();
                            tryj!(self.monitor_exit(lock));
                        }
                        if DEATHS {
                            if let Insn::ReturnTracked { refs, .. } = insn {
                                // Each reference local goes away, in the method's context.
                                let mut refs = *refs;
                                if refs != 0 {
                                    if let Some(deaths) = self.deaths() {
                                        let context = crate::model::class::death_context(method);
                                        let stamp = deaths.stamp_now(context);
                                        while refs != 0 {
                                            let j = refs.trailing_zeros() as usize;
                                            refs &= refs - 1;
                                            deaths.lost_at(Ref::from_raw(slot32!(j)), stamp);
                                        }
                                    }
                                }
                            } else {
                                // More than 64 locals: the oop map, looked up.
                                let pc = insns.len() - next.len() - 1;
                                self.stamp_frame_locals(code, method, pc, lb);
                            }
                        }
                        if slots > 0 {
                            set_slot!(0, slot!(sp - slots));
                        }
                        let st: &mut crate::runtime::thread::ThreadStack = self;
                        if COUNTING {
                            // One call of the method, with its count.
                            st.method_counts.called(method, count!() as u64);
                        }
                        st.frames.pop();
                        if st.frames.len() == base_depth {
                            if DEATHS {
                                self.restore_death_context();
                            }
                            return Ok(());
                        }
                        let caller = st.frames.last_mut().expect("caller frame");
                        caller.pc += 1;
                        caller.sp = (lb + slots) as u32;
                        continue 'frames;
                    }

                    Insn::GetStatic { class, slot, kind } => {
                        let c = vm.classes.class(*class);
                        if !c.init.is_done() {
                            sync!();
                            tryj!(self.initialize(c));
                        }
                        set_slot!(sp, c.static_value(*slot));
                        sp += kind.slots();
                    }
                    Insn::PutStatic { class, slot, kind } => {
                        let c = vm.classes.class(*class);
                        if !c.init.is_done() {
                            sync!();
                            tryj!(self.initialize(c));
                        }
                        sp -= kind.slots();
                        if *kind == Kind::Ref && DEATHS {
                            // A static is a root: its old reference goes away.
                            self.stamp_static(c, *slot);
                        }
                        c.set_static_value(*slot, narrow(*kind, slot!(sp)));
                    }
                    Insn::GetField { offset, kind } => {
                        let obj = pop_a!();
                        null_check!(obj);
                        let at = obj.offset() + *offset as usize;
                        set_slot!(sp, read_field(&heap.memory, at, *kind));
                        sp += kind.slots();
                    }
                    Insn::PutField { offset, kind } => {
                        let n = kind.slots();
                        let v = slot!(sp - n);
                        let obj = Ref::from_raw(slot32!(sp - n - 1));
                        null_check!(obj);
                        sp -= n + 1;
                        write_field(heap, &mut self.mutator, obj, *offset as usize, *kind, v);
                    }

                    Insn::InvokeStatic(m) => {
                        let c = vm.classes.class(m.class_id);
                        if !c.init.is_done() {
                            sync!();
                            tryj!(self.initialize(c));
                        }
                        let base = sp - m.arg_slots as usize;
                        invoke!(*m, base)
                    }
                    Insn::InvokeSpecial(m) | Insn::InvokeDirect(m) => {
                        let base = sp - m.arg_slots as usize;
                        null_check!(Ref::from_raw(slot32!(base)));
                        invoke!(*m, base)
                    }
                    Insn::InvokeVirtual {
                        vindex, arg_slots, ..
                    } => {
                        let base = sp - *arg_slots as usize;
                        let recv = Ref::from_raw(slot32!(base));
                        null_check!(recv);
                        let m = self.class_of(recv).vtable[*vindex as usize];
                        invoke!(m, base)
                    }
                    Insn::InvokeInterface {
                        selector,
                        arg_slots,
                        method,
                    } => {
                        let base = sp - *arg_slots as usize;
                        let recv = Ref::from_raw(slot32!(base));
                        null_check!(recv);
                        let class = self.class_of(recv);
                        let m = match class.itable.get(selector) {
                            Some(&slot) => class.vtable[slot as usize],
                            None => {
                                let msg = format!(
                                    "Class {} does not implement the requested interface {}",
                                    class.java_name(),
                                    vm.classes.class(method.class_id).java_name()
                                );
                                throw!(self.throw_new(
                                    "java/lang/IncompatibleClassChangeError",
                                    Some(&msg)
                                ))
                            }
                        };
                        invoke!(m, base)
                    }
                    Insn::Concat(site) => {
                        sync!();
                        sp = tryj!(self.exec_concat(site, lb + sp)) - lb;
                    }
                    Insn::NewLambda(site) => {
                        sync!();
                        sp = tryj!(self.exec_new_lambda(site, lb + sp)) - lb;
                    }
                    Insn::RecordMethod(site) => {
                        sync!();
                        sp = tryj!(self.exec_record_method(site, lb + sp)) - lb;
                    }

                    Insn::New { class, site } => {
                        let c = vm.classes.class(*class);
                        sync!();
                        if !c.init.is_done() {
                            tryj!(self.initialize(c));
                        }
                        if c.is_abstract() {
                            throw!(self
                                .throw_new("java/lang/InstantiationError", Some(&c.java_name())));
                        }
                        let site = Site::of_usual_type(*site);
                        let obj = tryj!(if COUNTING {
                            self.new_object_counted(method, c, site)
                        } else {
                            self.new_object_at(c, site)
                        });
                        push_a!(obj);
                    }
                    Insn::NewArray { class, site } => {
                        sync!();
                        let len = slot32!(sp - 1) as i32;
                        let (class, site) = (vm.classes.class(*class), Site::of_usual_type(*site));
                        let arr = tryj!(if COUNTING {
                            self.new_array_counted(method, class, len, site)
                        } else {
                            self.new_array_at(class, len, site)
                        });
                        sp -= 1;
                        push_a!(arr);
                    }
                    Insn::MultiANewArray { class, dims, site } => {
                        sync!();
                        let n = *dims as usize;
                        let counts: Vec<i32> = (0..n).map(|i| slot32!(sp - n + i) as i32).collect();
                        if let Some(neg) = counts.iter().find(|&&c| c < 0) {
                            throw!(self.throw_new(
                                "java/lang/NegativeArraySizeException",
                                Some(&neg.to_string())
                            ));
                        }
                        let arr = tryj!(self.new_multi_array(
                            vm.classes.class(*class),
                            &counts,
                            Site::of_usual_type(*site)
                        ));
                        sp -= n;
                        push_a!(arr);
                    }
                    Insn::ArrayLength => {
                        let arr = pop_a!();
                        null_check!(arr);
                        push_i!(mem.array_length(arr) as i32)
                    }
                    Insn::AThrow => {
                        let exc = Ref::from_raw(slot32!(sp - 1));
                        null_check!(exc);
                        sync!();
                        self.pending = exc;
                        unwind!()
                    }
                    Insn::CheckCast(id) => {
                        let obj = Ref::from_raw(slot32!(sp - 1));
                        if !obj.is_null() {
                            let target = vm.classes.class(*id);
                            let actual = self.class_of(obj);
                            if !actual.is_subclass_of(target, &vm.classes) {
                                let msg = class_cast_message(actual, target);
                                throw!(self.throw_new("java/lang/ClassCastException", Some(&msg)));
                            }
                        }
                    }
                    Insn::InstanceOf(id) => {
                        let obj = pop_a!();
                        push_i!(
                            (!obj.is_null()
                                && self
                                    .class_of(obj)
                                    .is_subclass_of(vm.classes.class(*id), &vm.classes))
                                as i32
                        )
                    }
                    Insn::MonitorEnter => {
                        let obj = Ref::from_raw(slot32!(sp - 1));
                        null_check!(obj);
                        sync!();
                        tryj!(self.monitor_enter(obj));
                        sp -= 1;
                    }
                    Insn::MonitorExit => {
                        let obj = Ref::from_raw(slot32!(sp - 1));
                        null_check!(obj);
                        sync!();
                        tryj!(self.monitor_exit(obj));
                        sp -= 1;
                    }
                    Insn::LinkError(info) => {
                        throw!(self.throw_new(info.class, Some(&info.message)))
                    }

                    // ---- quickened forms (link/quicken.rs): fast paths; a slow path falls back to
                    // the original instructions after this one, with the stack they expect.
                    Insn::GetField32(offset) => {
                        let obj = Ref::from_raw(slot32!(sp - 1));
                        null_check!(obj);
                        set_slot!(sp - 1, mem.read_u32(obj.offset() + *offset as usize) as u64);
                    }
                    Insn::GetField64(offset) => {
                        let obj = Ref::from_raw(slot32!(sp - 1));
                        null_check!(obj);
                        set_slot!(sp - 1, mem.read_u64(obj.offset() + *offset as usize));
                        sp += 1;
                    }
                    Insn::PutField32(offset) => {
                        let v = slot32!(sp - 1);
                        let obj = Ref::from_raw(slot32!(sp - 2));
                        null_check!(obj);
                        sp -= 2;
                        mem.store_u32(obj, *offset as usize, v);
                    }
                    Insn::PutField64(offset) => {
                        let v = slot!(sp - 2);
                        let obj = Ref::from_raw(slot32!(sp - 3));
                        null_check!(obj);
                        sp -= 3;
                        mem.store_u64(obj, *offset as usize, v);
                    }
                    Insn::PutFieldRef(offset) => {
                        let v = Ref::from_raw(slot32!(sp - 1));
                        let obj = Ref::from_raw(slot32!(sp - 2));
                        null_check!(obj);
                        sp -= 2;
                        if DEATHS {
                            heap.store_ref_stamping(&mut self.mutator, obj, *offset as usize, v);
                        } else {
                            heap.store_ref(&mut self.mutator, obj, *offset as usize, v);
                        }
                    }
                    Insn::ArrayLoad32 => {
                        let at = element!(4);
                        set_slot!(sp, mem.read_u32(at) as u64);
                        sp += 1;
                    }
                    Insn::ArrayLoad64 => {
                        let at = element!(8);
                        set_slot!(sp, mem.read_u64(at));
                        sp += 2;
                    }
                    Insn::ArrayStore32 => {
                        sp -= 1;
                        let v = slot32!(sp);
                        let (arr, off) = element_in!(4);
                        mem.store_u32(arr, off, v);
                    }
                    Insn::ArrayStore64 => {
                        sp -= 2;
                        let v = slot!(sp);
                        let (arr, off) = element_in!(8);
                        mem.store_u64(arr, off, v);
                    }
                    Insn::LocalGetField32 { local, offset } => {
                        let obj = Ref::from_raw(slot32!(*local as usize));
                        set_slot!(sp, obj.raw() as u64);
                        sp += 1;
                        if obj.is_null() {
                            continue; // the getfield throws
                        }
                        set_slot!(sp - 1, mem.read_u32(obj.offset() + *offset as usize) as u64);
                        skip!(1);
                    }
                    Insn::LocalGetField64 { local, offset } => {
                        let obj = Ref::from_raw(slot32!(*local as usize));
                        set_slot!(sp, obj.raw() as u64);
                        sp += 1;
                        if obj.is_null() {
                            continue; // the getfield throws
                        }
                        set_slot!(sp - 1, mem.read_u64(obj.offset() + *offset as usize));
                        sp += 1;
                        skip!(1);
                    }
                    Insn::LocalsArrayLoad32 { array, index } => {
                        let arr = Ref::from_raw(slot32!(*array as usize));
                        let i = slot32!(*index as usize);
                        if arr.is_null() || i >= mem.array_length(arr) {
                            set_slot!(sp, arr.raw() as u64);
                            set_slot!(sp + 1, i as u64);
                            sp += 2;
                            skip!(1);
                            continue; // the array load throws
                        }
                        set_slot!(sp, mem.read_u32(arr.offset() + 16 + i as usize * 4) as u64);
                        sp += 1;
                        skip!(2);
                    }
                    Insn::LocalsArrayLoad64 { array, index } => {
                        let arr = Ref::from_raw(slot32!(*array as usize));
                        let i = slot32!(*index as usize);
                        if arr.is_null() || i >= mem.array_length(arr) {
                            set_slot!(sp, arr.raw() as u64);
                            set_slot!(sp + 1, i as u64);
                            sp += 2;
                            skip!(1);
                            continue; // the array load throws
                        }
                        set_slot!(sp, mem.read_u64(arr.offset() + 16 + i as usize * 8));
                        sp += 2;
                        skip!(2);
                    }
                    Insn::LoopTest { a, b, exit } => {
                        let x = slot32!(*a as usize) as i32;
                        let y = slot32!(*b as usize) as i32;
                        if x >= y {
                            jump!(*exit); // forward: no poll
                        } else {
                            skip!(2);
                        }
                    }
                    Insn::IfICmpLocals { a, b, cond, target } => {
                        let x = slot32!(*a as usize) as i32;
                        let y = slot32!(*b as usize) as i32;
                        if cond.test(x, y) {
                            poll_if_backward!(target);
                            jump!(*target);
                        } else {
                            skip!(2);
                        }
                    }
                    Insn::IIncIfICmpLocals {
                        local,
                        delta,
                        a,
                        b,
                        cond,
                        target,
                    } => {
                        let at = *local as usize;
                        set_slot!(
                            at,
                            (slot32!(at) as i32).wrapping_add(*delta as i32) as u32 as u64
                        );
                        let x = slot32!(*a as usize) as i32;
                        let y = slot32!(*b as usize) as i32;
                        if cond.test(x, y) {
                            poll_if_backward!(target);
                            jump!(*target);
                        } else {
                            skip!(3);
                        }
                    }
                    Insn::GetStatic32(cell) => {
                        set_slot!(sp, cell.load(Relaxed));
                        sp += 1;
                    }
                    Insn::GetStatic64(cell) => {
                        set_slot!(sp, cell.load(Relaxed));
                        sp += 2;
                    }
                    Insn::PutStatic32(cell) => {
                        sp -= 1;
                        cell.store(slot!(sp), Relaxed);
                    }
                    Insn::PutStatic64(cell) => {
                        sp -= 2;
                        cell.store(slot!(sp), Relaxed);
                    }
                    Insn::IIncGoto {
                        local,
                        delta,
                        target,
                    } => {
                        let at = *local as usize;
                        set_slot!(
                            at,
                            (slot32!(at) as i32).wrapping_add(*delta as i32) as u32 as u64
                        );
                        poll_if_backward!(target);
                        jump!(*target);
                    }
                    Insn::ArrayLoadLocalIndex32 { index } => {
                        let arr = Ref::from_raw(slot32!(sp - 1));
                        let i = slot32!(*index as usize);
                        if arr.is_null() || i >= mem.array_length(arr) {
                            set_slot!(sp, i as u64);
                            sp += 1;
                            continue; // the array load throws
                        }
                        set_slot!(
                            sp - 1,
                            mem.read_u32(arr.offset() + 16 + i as usize * 4) as u64
                        );
                        skip!(1);
                    }
                    Insn::ArrayLoadLocalIndex64 { index } => {
                        let arr = Ref::from_raw(slot32!(sp - 1));
                        let i = slot32!(*index as usize);
                        if arr.is_null() || i >= mem.array_length(arr) {
                            set_slot!(sp, i as u64);
                            sp += 1;
                            continue; // the array load throws
                        }
                        set_slot!(sp - 1, mem.read_u64(arr.offset() + 16 + i as usize * 8));
                        sp += 1;
                        skip!(1);
                    }
                    Insn::FieldAddProduct(operands) => field_product!(operands, DoubleOp::Add),
                    Insn::FieldSubProduct(operands) => field_product!(operands, DoubleOp::Sub),
                    Insn::LocalDupGetField32 { local, offset } => {
                        let obj = Ref::from_raw(slot32!(*local as usize));
                        set_slot!(sp, obj.raw() as u64);
                        sp += 1;
                        if obj.is_null() {
                            continue; // dup, then the getfield throws
                        }
                        set_slot!(sp, mem.read_u32(obj.offset() + *offset as usize) as u64);
                        sp += 1;
                        skip!(2);
                    }
                    Insn::LocalDupGetField64 { local, offset } => {
                        let obj = Ref::from_raw(slot32!(*local as usize));
                        set_slot!(sp, obj.raw() as u64);
                        sp += 1;
                        if obj.is_null() {
                            continue; // dup, then the getfield throws
                        }
                        set_slot!(sp, mem.read_u64(obj.offset() + *offset as usize));
                        sp += 2;
                        skip!(2);
                    }
                    Insn::LocalsArrayStore32 {
                        array,
                        index,
                        value,
                    } => {
                        let arr = Ref::from_raw(slot32!(*array as usize));
                        let i = slot32!(*index as usize);
                        if arr.is_null() || i >= mem.array_length(arr) {
                            set_slot!(sp, arr.raw() as u64);
                            set_slot!(sp + 1, i as u64);
                            sp += 2;
                            skip!(1);
                            continue; // load the value, then the array store throws
                        }
                        let v = slot32!(*value as usize);
                        mem.store_u32(arr, 16 + i as usize * 4, v);
                        skip!(3);
                    }
                    Insn::LocalsArrayLoadStore32 {
                        array,
                        index,
                        store,
                    } => {
                        let arr = Ref::from_raw(slot32!(*array as usize));
                        let i = slot32!(*index as usize);
                        if arr.is_null() || i >= mem.array_length(arr) {
                            set_slot!(sp, arr.raw() as u64);
                            set_slot!(sp + 1, i as u64);
                            sp += 2;
                            skip!(1);
                            continue; // the array load throws
                        }
                        let v = mem.read_u32(arr.offset() + 16 + i as usize * 4);
                        set_slot!(*store as usize, v as u64);
                        skip!(3);
                    }
                    Insn::ArrayStoreLocal32 { value } => {
                        let v = slot32!(*value as usize);
                        let arr = Ref::from_raw(slot32!(sp - 2));
                        let i = slot32!(sp - 1);
                        if arr.is_null() || i >= mem.array_length(arr) {
                            set_slot!(sp, v as u64);
                            sp += 1;
                            continue; // the array store throws
                        }
                        sp -= 2;
                        mem.store_u32(arr, 16 + i as usize * 4, v);
                        skip!(1);
                    }
                    Insn::ArrayLoadStore32 => {
                        let at = element!(4);
                        let v = mem.read_u32(at);
                        let arr = Ref::from_raw(slot32!(sp - 2));
                        let i = slot32!(sp - 1);
                        if arr.is_null() || i >= mem.array_length(arr) {
                            set_slot!(sp, v as u64);
                            sp += 1;
                            continue; // the array store throws
                        }
                        sp -= 2;
                        mem.store_u32(arr, 16 + i as usize * 4, v);
                        skip!(1);
                    }
                    Insn::LocalsArrayLoadArrayStore32 { array, index } => {
                        let src = Ref::from_raw(slot32!(*array as usize));
                        let j = slot32!(*index as usize);
                        if src.is_null() || j >= mem.array_length(src) {
                            set_slot!(sp, src.raw() as u64);
                            set_slot!(sp + 1, j as u64);
                            sp += 2;
                            skip!(1);
                            continue; // the array load throws
                        }
                        let v = mem.read_u32(src.offset() + 16 + j as usize * 4);
                        let arr = Ref::from_raw(slot32!(sp - 2));
                        let i = slot32!(sp - 1);
                        if arr.is_null() || i >= mem.array_length(arr) {
                            set_slot!(sp, v as u64);
                            sp += 1;
                            skip!(2);
                            continue; // the array store throws
                        }
                        sp -= 2;
                        mem.store_u32(arr, 16 + i as usize * 4, v);
                        skip!(3);
                    }
                    Insn::LocalsArrayStore64 {
                        array,
                        index,
                        value,
                    } => {
                        let arr = Ref::from_raw(slot32!(*array as usize));
                        let i = slot32!(*index as usize);
                        if arr.is_null() || i >= mem.array_length(arr) {
                            set_slot!(sp, arr.raw() as u64);
                            set_slot!(sp + 1, i as u64);
                            sp += 2;
                            skip!(1);
                            continue; // load the value, then the array store throws
                        }
                        let v = slot!(*value as usize);
                        mem.store_u64(arr, 16 + i as usize * 8, v);
                        skip!(3);
                    }
                    Insn::LocalLocalGetField32 { a, b, offset } => {
                        set_slot!(sp, slot!(*a as usize));
                        let obj = Ref::from_raw(slot32!(*b as usize));
                        set_slot!(sp + 1, obj.raw() as u64);
                        sp += 2;
                        if obj.is_null() {
                            skip!(1);
                            continue; // the getfield throws
                        }
                        set_slot!(sp - 1, mem.read_u32(obj.offset() + *offset as usize) as u64);
                        skip!(2);
                    }
                    Insn::GetFieldIfICmp {
                        offset,
                        cond,
                        target,
                    } => {
                        let obj = Ref::from_raw(slot32!(sp - 1));
                        null_check!(obj);
                        let b = mem.read_u32(obj.offset() + *offset as usize) as i32;
                        let a = slot32!(sp - 2) as i32;
                        if cond.test(a, b) {
                            poll_if_backward!(target);
                            sp -= 2;
                            jump!(*target);
                        } else {
                            sp -= 2;
                            skip!(1);
                        }
                    }
                    Insn::LocalGetFieldStore32 {
                        local,
                        offset,
                        store,
                    } => {
                        let obj = Ref::from_raw(slot32!(*local as usize));
                        if obj.is_null() {
                            set_slot!(sp, obj.raw() as u64);
                            sp += 1;
                            continue; // the getfield throws
                        }
                        let v = mem.read_u32(obj.offset() + *offset as usize) as u64;
                        set_slot!(*store as usize, v);
                        skip!(2);
                    }
                    Insn::DAddLocalField {
                        local,
                        object,
                        offset,
                    } => d_op_local_field!(DoubleOp::Add, local, object, offset),
                    Insn::DSubLocalField {
                        local,
                        object,
                        offset,
                    } => d_op_local_field!(DoubleOp::Sub, local, object, offset),
                    Insn::DMulLocalField {
                        local,
                        object,
                        offset,
                    } => d_op_local_field!(DoubleOp::Mul, local, object, offset),
                    Insn::DDivLocalField {
                        local,
                        object,
                        offset,
                    } => d_op_local_field!(DoubleOp::Div, local, object, offset),
                    Insn::IfLCmp { cond, target } => {
                        let b = slot!(sp - 2) as i64;
                        let a = slot!(sp - 4) as i64;
                        if cond.test(a.cmp(&b) as i32, 0) {
                            poll_if_backward!(target);
                            sp -= 4;
                            jump!(*target);
                        } else {
                            sp -= 4;
                            skip!(1);
                        }
                    }
                    Insn::Load2 { a, b } => {
                        set_slot!(sp, slot!(*a as usize));
                        set_slot!(sp + 1, slot!(*b as usize));
                        sp += 2;
                        skip!(1);
                    }
                    Insn::IfICmpLocalConst { a, cond, c, target } => {
                        let x = slot32!(*a as usize) as i32;
                        if cond.test(x, *c) {
                            poll_if_backward!(target);
                            jump!(*target);
                        } else {
                            skip!(2);
                        }
                    }
                    Insn::IfICmpLocalField {
                        a,
                        object,
                        cond,
                        offset,
                        target,
                    } => {
                        let x = slot32!(*a as usize) as i32;
                        let obj = Ref::from_raw(slot32!(*object as usize));
                        if obj.is_null() {
                            set_slot!(sp, x as u32 as u64);
                            set_slot!(sp + 1, obj.raw() as u64);
                            sp += 2;
                            skip!(1);
                            continue; // the getfield throws
                        }
                        let y = mem.read_u32(obj.offset() + *offset as usize) as i32;
                        if cond.test(x, y) {
                            poll_if_backward!(target);
                            jump!(*target);
                        } else {
                            skip!(3);
                        }
                    }
                    Insn::IfLocal { a, cond, target } => {
                        let x = slot32!(*a as usize) as i32;
                        if cond.test(x, 0) {
                            poll_if_backward!(target);
                            jump!(*target);
                        } else {
                            skip!(1);
                        }
                    }
                    Insn::IOpLocal { op, local } => {
                        let b = slot32!(*local as usize) as i32;
                        let a = slot32!(sp - 1) as i32;
                        set_slot!(sp - 1, op.apply(a, b) as u32 as u64);
                        skip!(1);
                    }
                    Insn::LocalIOpLocals { op, a, b, c } => {
                        let x = slot32!(*b as usize) as i32;
                        let y = slot32!(*c as usize) as i32;
                        set_slot!(sp, slot!(*a as usize));
                        set_slot!(sp + 1, op.apply(x, y) as u32 as u64);
                        sp += 2;
                        skip!(3);
                    }
                    Insn::LocalConstIOp { op, a, c } => {
                        let x = slot32!(*a as usize) as i32;
                        set_slot!(sp, op.apply(x, *c) as u32 as u64);
                        sp += 1;
                        skip!(2);
                    }
                    Insn::LocalIOpConst { op, a, b, c } => {
                        let x = slot32!(*b as usize) as i32;
                        set_slot!(sp, slot!(*a as usize));
                        set_slot!(sp + 1, op.apply(x, *c) as u32 as u64);
                        sp += 2;
                        skip!(3);
                    }
                    Insn::IOpConst { op, c } => {
                        let a = slot32!(sp - 1) as i32;
                        set_slot!(sp - 1, op.apply(a, *c) as u32 as u64);
                        skip!(1);
                    }
                    Insn::LOpLocal { op, local } => {
                        let b = slot!(*local as usize) as i64;
                        let a = slot!(sp - 2) as i64;
                        set_slot!(sp - 2, op.apply(a, b) as u64);
                        skip!(1);
                    }
                    Insn::LOpConst { op, c } => {
                        let a = slot!(sp - 2) as i64;
                        set_slot!(sp - 2, op.apply(a, *c) as u64);
                        skip!(1);
                    }
                    Insn::LShlConst(distance) => {
                        let a = slot!(sp - 2) as i64;
                        set_slot!(sp - 2, (a << *distance) as u64);
                        skip!(1);
                    }
                    Insn::LShrConst(distance) => {
                        let a = slot!(sp - 2) as i64;
                        set_slot!(sp - 2, (a >> *distance) as u64);
                        skip!(1);
                    }
                    Insn::LUShrConst(distance) => {
                        let a = slot!(sp - 2);
                        set_slot!(sp - 2, a >> *distance);
                        skip!(1);
                    }
                    Insn::DAddLocal { local } => d_op_local!(DoubleOp::Add, local),
                    Insn::DSubLocal { local } => d_op_local!(DoubleOp::Sub, local),
                    Insn::DMulLocal { local } => d_op_local!(DoubleOp::Mul, local),
                    Insn::DDivLocal { local } => d_op_local!(DoubleOp::Div, local),
                    Insn::Intrinsic(which) => {
                        use crate::model::insn::Intrinsic as I;
                        // Only the slots the intrinsic's arguments take are read.
                        macro_rules! arg {
                            ($slots_from_top:expr) => {
                                slot!(sp - $slots_from_top)
                            };
                        }
                        match which {
                            I::DSqrt => set_slot!(sp - 2, f64::from_bits(arg!(2)).sqrt().to_bits()),
                            I::IAbs => set_slot!(
                                sp - 1,
                                (arg!(1) as u32 as i32).wrapping_abs() as u32 as u64
                            ),
                            I::LAbs => set_slot!(sp - 2, (arg!(2) as i64).wrapping_abs() as u64),
                            I::FAbs => {
                                let a = f32::from_bits(arg!(1) as u32);
                                let r = if a <= 0.0 { 0.0 - a } else { a };
                                set_slot!(sp - 1, r.to_bits() as u64)
                            }
                            I::DAbs => {
                                let a = f64::from_bits(arg!(2));
                                set_slot!(sp - 2, if a <= 0.0 { 0.0 - a } else { a }.to_bits())
                            }
                            I::IMin | I::IMax => {
                                let (i2, i1) = (arg!(2) as u32 as i32, arg!(1) as u32 as i32);
                                let r = if matches!(which, I::IMin) {
                                    i2.min(i1)
                                } else {
                                    i2.max(i1)
                                };
                                sp -= 1;
                                set_slot!(sp - 1, r as u32 as u64)
                            }
                            I::LMin | I::LMax => {
                                let (a, b) = (arg!(4) as i64, arg!(2) as i64);
                                let r = if matches!(which, I::LMin) {
                                    a.min(b)
                                } else {
                                    a.max(b)
                                };
                                sp -= 2;
                                set_slot!(sp - 2, r as u64)
                            }
                            I::INumberOfTrailingZeros => {
                                set_slot!(sp - 1, (arg!(1) as u32).trailing_zeros() as u64)
                            }
                            I::INumberOfLeadingZeros => {
                                set_slot!(sp - 1, (arg!(1) as u32).leading_zeros() as u64)
                            }
                            I::IBitCount => set_slot!(sp - 1, (arg!(1) as u32).count_ones() as u64),
                            I::LNumberOfTrailingZeros | I::LNumberOfLeadingZeros | I::LBitCount => {
                                let d2 = arg!(2);
                                let r = match which {
                                    I::LNumberOfTrailingZeros => d2.trailing_zeros(),
                                    I::LNumberOfLeadingZeros => d2.leading_zeros(),
                                    _ => d2.count_ones(),
                                };
                                sp -= 1;
                                set_slot!(sp - 1, r as u64)
                            }
                        }
                    }
                }
            }
        }
    }

    /// Finds a handler for the pending exception, popping frames down to `base_depth`. On
    /// success the handler's frame is on top, ready to run; otherwise the exception propagates.
    fn unwind_to_handler(&mut self, base_depth: usize) -> JResult<()> {
        loop {
            let exc = self.pending;
            let fi = self.frames.len() - 1;
            let frame = self.frames[fi];
            let code = match frame.method.code.get() {
                Some(Ok(c)) => c,
                _ => unreachable!("java frame"),
            };
            if let Some(target) = self.find_handler(code, frame.pc, exc)? {
                let f = &mut self.frames[fi];
                f.pc = target;
                let stack_base = f.locals as usize + code.max_locals as usize;
                f.sp = stack_base as u32 + 1;
                self.slots[stack_base] = self.pending.raw() as u64;
                self.pending = Ref::NULL;
                return Ok(());
            }
            if self.mutator.deaths.is_some() {
                self.stamp_frame_locals(
                    code,
                    frame.method,
                    frame.pc as usize,
                    frame.locals as usize,
                );
            }
            if self.activity.is_some() {
                let n = self.take_frame_count(fi);
                self.count_call(frame.method, n as usize);
            }
            self.frames.pop();
            if !frame.lock.is_null() {
                // A synchronized method's monitor is released when an exception leaves it.
                let exc = self.take_pending();
                let h = self.push_handle(exc);
                if self.monitor_exit(frame.lock).is_err() {
                    self.take_pending();
                }
                self.pending = self.handle(h);
                self.truncate_handles(h);
            }
            if self.frames.len() == base_depth {
                return Err(Throw);
            }
        }
    }

    /// `--trace-deaths`: the frame of `method` (locals at `lb`) leaves the stack at instruction
    /// `pc`: every reference its locals hold goes away, in its context (gcvm_gc::deaths).
    #[cold]
    #[inline(never)]
    fn stamp_frame_locals(&mut self, code: &Code, method: &'static Method, pc: usize, lb: usize) {
        let maps = code
            .oopmaps
            .get_or_init(|| crate::model::oopmap::OopMaps::compute(code, method));
        let map = maps.at(pc);
        let context = crate::model::class::death_context(method);
        let st: &mut crate::runtime::thread::ThreadStack = self;
        let Some(deaths) = st.mutator.deaths.as_deref_mut() else {
            return;
        };
        let locals = &st.slots[lb..lb + code.max_locals as usize];
        let stamp = deaths.stamp_now(context);
        map.for_each_ref_below(locals.len(), |j| {
            deaths.lost_at(Ref::from_raw(locals[j] as u32), stamp)
        });
    }

    /// `--trace-deaths`: the thread's way to stamp (always there in the `DEATHS` loops).
    /// Inline: local stores and returns stamp through it, millions of times a second; the
    /// loop reads the references they drop through its own view of the slots.
    #[inline]
    fn deaths(&mut self) -> Option<&mut gcvm_gc::deaths::MutatorDeaths> {
        let st: &mut crate::runtime::thread::ThreadStack = self;
        st.mutator.deaths.as_deref_mut()
    }

    /// `--trace-deaths`: static `slot` of `class` is overwritten; its old reference, a root,
    /// goes away.
    #[cold]
    #[inline(never)]
    fn stamp_static(&mut self, class: &crate::model::class::Class, slot: u32) {
        let old = Ref::from_raw(class.static_value(slot) as u32);
        if let Some(deaths) = self.mutator.deaths.as_deref_mut() {
            deaths.lost(old);
        }
    }

    /// `--trace-deaths`: back in the caller of an `execute` (a native, the VM): its frame's
    /// method is the context again.
    #[cold]
    #[inline(never)]
    fn restore_death_context(&mut self) {
        let method = self.frames.last().map(|f| f.method);
        if let (Some(deaths), Some(m)) = (self.mutator.deaths.as_deref_mut(), method) {
            deaths.context = crate::model::class::death_context(m);
        }
    }

    fn find_handler(&mut self, code: &Code, pc: u32, exc: Ref) -> JResult<Option<u32>> {
        for h in code.handlers.iter() {
            if pc < h.start || pc >= h.end {
                continue;
            }
            let catch = match &h.catch_name {
                None => return Ok(Some(h.target)),
                Some(name) => *h
                    .catch_class
                    .get_or_init(|| self.vm.classes.load(name).ok().map(|c| c.id)),
            };
            if let Some(cid) = catch {
                if self.is_instance(exc, self.vm.classes.class(cid)) {
                    return Ok(Some(h.target));
                }
            }
        }
        Ok(None)
    }
}

/// What the interpreter loop needs of a frame to run it.
struct Entry {
    method: &'static Method,
    code: &'static Code,
    /// The locals base, the pc to run from and the sp, in the thread's slot array.
    locals: usize,
    pc: usize,
    sp: usize,
}

impl Entry {
    /// The state of a suspended frame.
    #[inline(always)]
    fn of(frame: &crate::runtime::thread::Frame) -> Entry {
        let method = frame.method;
        Entry {
            method,
            code: match method.code.get() {
                Some(Ok(code)) => code,
                _ => unreachable!("frames are pushed for decoded methods only"),
            },
            locals: frame.locals as usize,
            pc: frame.pc as usize,
            sp: frame.sp as usize,
        }
    }
}

/// fcmpl/fcmpg/dcmpl/dcmpg: NaN compares as -1 (l) or 1 (g).
fn compare_floats(a: f64, b: f64, nan_is_greater: bool) -> i32 {
    if a > b {
        1
    } else if a == b {
        0
    } else if a < b {
        -1
    } else if nan_is_greater {
        1
    } else {
        -1
    }
}

/// Stores of sub-int kinds keep only the bits the field holds.
#[inline(always)]
fn narrow(kind: Kind, v: u64) -> u64 {
    match kind {
        Kind::Boolean => (v & 1) as u32 as u64,
        Kind::Byte => v as u8 as i8 as i32 as u32 as u64,
        Kind::Char => v as u16 as u64,
        Kind::Short => v as u16 as i16 as i32 as u32 as u64,
        _ => v,
    }
}

#[inline(always)]
pub fn read_field(mem: &gcvm_gc::HeapMemory, at: usize, kind: Kind) -> u64 {
    match kind {
        Kind::Int | Kind::Float | Kind::Ref => mem.read_u32(at) as u64,
        Kind::Long | Kind::Double => mem.read_u64(at),
        Kind::Boolean => mem.read_u8(at) as u64,
        Kind::Byte => mem.read_u8(at) as i8 as i32 as u32 as u64,
        Kind::Char => mem.read_u16(at) as u64,
        Kind::Short => mem.read_u16(at) as i16 as i32 as u32 as u64,
    }
}

/// Stores `v` (a slot value of `kind`) into the field at `offset` of `holder`, through the
/// heap's access API (a reference store runs the collector's barrier).
#[inline(always)]
pub fn write_field(
    heap: &gcvm_gc::Heap,
    m: &mut gcvm_gc::Mutator,
    holder: Ref,
    offset: usize,
    kind: Kind,
    v: u64,
) {
    match kind {
        Kind::Ref => heap.store_ref(m, holder, offset, Ref::from_raw(v as u32)),
        Kind::Int | Kind::Float => heap.store_u32(holder, offset, v as u32),
        Kind::Long | Kind::Double => heap.store_u64(holder, offset, v),
        Kind::Boolean => heap.store_u8(holder, offset, (v & 1) as u8),
        Kind::Byte => heap.store_u8(holder, offset, v as u8),
        Kind::Char | Kind::Short => heap.store_u16(holder, offset, v as u16),
    }
}

/// HotSpot's ClassCastException message.
pub fn class_cast_message(
    actual: &crate::model::class::Class,
    target: &crate::model::class::Class,
) -> String {
    fn place(c: &crate::model::class::Class) -> &'static str {
        if c.is_bootstrap {
            "module java.base of loader 'bootstrap'"
        } else {
            "unnamed module of loader 'app'"
        }
    }
    let (a, t) = (actual.java_name(), target.java_name());
    let (pa, pt) = (place(actual), place(target));
    if pa == pt {
        format!("class {a} cannot be cast to class {t} ({a} and {t} are in {pa})")
    } else {
        format!("class {a} cannot be cast to class {t} ({a} is in {pa}; {t} is in {pt})")
    }
}

impl crate::runtime::thread::ThreadStack {
    /// `--trace-deaths`: `method`'s frame runs now, so stores and lost roots are in its context
    /// (gcvm_gc::deaths). Inline: run at every frame entry and return, it is one store, and only
    /// the `DEATHS` loops have it.
    #[inline(always)]
    fn set_death_context(&mut self, method: &Method) {
        if let Some(deaths) = self.mutator.deaths.as_deref_mut() {
            deaths.context = crate::model::class::death_context(method);
        }
    }
}
