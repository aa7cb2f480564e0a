//! Oop maps: which locals and operand-stack slots hold references at each instruction.
//!
//! gcvm's collectors are precise: they must know, for every suspended frame, exactly which slots
//! are references. Instead of tagging every slot at run time (a store on every push), the maps are
//! computed once per method from its instructions, by the same abstract interpretation the JVM
//! verifier does (HotSpot's GenerateOopMap): each slot is *ref* or *non-ref*; an instruction's
//! effect on the slots follows from its kind; states are merged where control flow joins (a slot
//! that is a ref on one path and not on another is unusable after the join, so it is non-ref);
//! exception handlers start with the locals of every instruction they cover and one reference on
//! the stack. The fixpoint gives the state *before* each instruction — what a collection sees
//! when the frame is suspended there.
//!
//! The analysis also checks stack discipline (no underflow or overflow, equal depths at joins), so
//! malformed code fails with a VerifyError when first invoked instead of confusing a collector.

use crate::model::class::{Code, Method};
use crate::model::insn::{Insn, Kind};

/// The map at one instruction.
#[derive(Clone, Copy, Debug)]
pub struct OopMap<'a> {
    pub stack_depth: u16,
    bits: &'a [u64],
}

impl OopMap<'_> {
    /// Is slot `i` (locals first, then the operand stack) a reference?
    pub fn is_ref(&self, i: usize) -> bool {
        self.bits[i / 64] & (1 << (i % 64)) != 0
    }

    /// The reference slots among the first `n` as the bits of one word, if `n` is at most 64
    /// (`ReturnTracked`'s locals).
    pub fn refs_below_as_word(&self, n: usize) -> Option<u64> {
        match n {
            0 => Some(0),
            1..=63 => Some(self.bits[0] & ((1u64 << n) - 1)),
            64 => Some(self.bits[0]),
            _ => None,
        }
    }

    /// Calls `f` with each reference slot among the first `n` (the locals, when `n` is
    /// `max_locals`), in order: the set bits, found a word at a time (a returning frame's stamps
    /// visit only its reference locals, usually one or two, not every local).
    #[inline]
    pub fn for_each_ref_below(&self, n: usize, mut f: impl FnMut(usize)) {
        for (w, &word) in self.bits.iter().enumerate().take(n.div_ceil(64)) {
            let below = n - w * 64;
            let mut bits = if below >= 64 {
                word
            } else {
                word & ((1u64 << below) - 1)
            };
            while bits != 0 {
                f(w * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
    }
}

pub struct OopMaps {
    words: usize,
    depths: Vec<u16>,
    bits: Vec<u64>,
}

impl OopMaps {
    pub fn at(&self, pc: usize) -> OopMap<'_> {
        OopMap {
            stack_depth: self.depths[pc],
            bits: &self.bits[pc * self.words..(pc + 1) * self.words],
        }
    }

    /// Computes the maps; panics only on code that `verify` would reject (decode checks first).
    pub fn compute(code: &Code, method: &Method) -> OopMaps {
        match Self::analyse(code, method) {
            Ok(maps) => maps,
            Err(e) => panic!("oop map of unverified method {}: {e}", method.name),
        }
    }

    /// Runs the analysis; Err describes malformed code.
    pub fn analyse(code: &Code, method: &Method) -> Result<OopMaps, String> {
        let locals = code.max_locals as usize;
        let width = locals + code.max_stack as usize;
        let n = code.insns.len();
        let mut states: Vec<Option<State>> = vec![None; n];
        let mut entry = State {
            slots: vec![false; width],
            depth: 0,
        };
        for (i, &r) in method.arg_refs.iter().enumerate() {
            entry.slots[i] = r;
        }
        let mut work = vec![0usize];
        states[0] = Some(entry);
        while let Some(pc) = work.pop() {
            let state = states[pc].clone().expect("queued states exist");
            for (target, handler_state) in handler_edges(code, pc, &state, locals, width)? {
                merge_into(&mut states, &mut work, target, handler_state)?;
            }
            let mut out = state;
            let succ = step(&code.insns[pc], &mut out, locals, width)
                .map_err(|e| format!("at instruction {pc}: {e}"))?;
            for target in succ.targets(pc, &code.insns[pc]) {
                if target >= n {
                    return Err(format!("control falls off the end of the code at {pc}"));
                }
                merge_into(&mut states, &mut work, target, out.clone())?;
            }
        }
        let words = width.div_ceil(64).max(1);
        let mut bits = vec![0u64; words * n];
        let mut depths = vec![0u16; n];
        for (pc, st) in states.iter().enumerate() {
            if let Some(st) = st {
                depths[pc] = st.depth as u16;
                for (i, &r) in st.slots[..locals + st.depth].iter().enumerate() {
                    if r {
                        bits[pc * words + i / 64] |= 1 << (i % 64);
                    }
                }
            }
        }
        Ok(OopMaps {
            words,
            depths,
            bits,
        })
    }
}

#[derive(Clone, Debug, PartialEq)]
struct State {
    slots: Vec<bool>,
    depth: usize,
}

fn merge_into(
    states: &mut [Option<State>],
    work: &mut Vec<usize>,
    target: usize,
    incoming: State,
) -> Result<(), String> {
    match &mut states[target] {
        None => {
            states[target] = Some(incoming);
            work.push(target);
        }
        Some(existing) => {
            if existing.depth != incoming.depth {
                return Err(format!(
                    "stack depths {} and {} meet at instruction {target}",
                    existing.depth, incoming.depth
                ));
            }
            let mut changed = false;
            for (a, b) in existing.slots.iter_mut().zip(&incoming.slots) {
                if *a && !*b {
                    *a = false;
                    changed = true;
                }
            }
            if changed {
                work.push(target);
            }
        }
    }
    Ok(())
}

/// The states an exception at `pc` enters its handlers with: the locals, and the exception as
/// the only stack slot (which `max_stack` must have room for).
fn handler_edges(
    code: &Code,
    pc: usize,
    state: &State,
    locals: usize,
    width: usize,
) -> Result<Vec<(usize, State)>, String> {
    let pc = pc as u32;
    let mut covering = code.handlers.iter().filter(|h| h.start <= pc && pc < h.end);
    if width <= locals && covering.clone().next().is_some() {
        return Err(format!(
            "at instruction {pc}: operand stack overflow (max_stack 0 leaves no room for the exception of a handler)"
        ));
    }
    Ok(covering
        .by_ref()
        .map(|h| {
            let mut s = State {
                slots: state.slots.clone(),
                depth: 1,
            };
            for slot in s.slots[locals..].iter_mut() {
                *slot = false;
            }
            s.slots[locals] = true;
            (h.target as usize, s)
        })
        .collect())
}

/// Where control goes after an instruction.
enum Succ {
    Next,
    Branch(u32),
    Jump(u32),
    Switch,
    End,
}

impl Succ {
    fn targets(&self, pc: usize, insn: &Insn) -> Vec<usize> {
        match self {
            Succ::Next => vec![pc + 1],
            Succ::Branch(t) => vec![pc + 1, *t as usize],
            Succ::Jump(t) => vec![*t as usize],
            Succ::End => vec![],
            Succ::Switch => match insn {
                Insn::TableSwitch(ts) => ts
                    .targets
                    .iter()
                    .chain(std::iter::once(&ts.default))
                    .map(|&t| t as usize)
                    .collect(),
                Insn::LookupSwitch(ls) => ls
                    .pairs
                    .iter()
                    .map(|p| p.1)
                    .chain(std::iter::once(ls.default))
                    .map(|t| t as usize)
                    .collect(),
                _ => vec![],
            },
        }
    }
}

/// Applies one instruction's effect to `s`.
fn step(insn: &Insn, s: &mut State, locals: usize, width: usize) -> Result<Succ, String> {
    use Insn::*;
    let mut st = Stack { s, locals, width };
    let n = |k: Kind| (k.slots(), k == Kind::Ref);
    match insn {
        Nop | CheckCast(_) => {}
        // Local indices are checked here for every method, trusted ones included: the
        // interpreter's unchecked slot access relies on it (slots.rs).
        IInc(i, _) => {
            st.local(*i as usize)?;
        }
        AConstNull | LdcString(_) | LdcClass(_) | New { .. } => st.push(1, true)?,
        IConst(_) | FConst(_) => st.push(1, false)?,
        LConst(_) | DConst(_) => st.push(2, false)?,
        ILoad(i) | FLoad(i) => {
            st.local(*i as usize)?;
            st.push(1, false)?
        }
        LLoad(i) | DLoad(i) => {
            st.local(*i as usize + 1)?;
            st.push(2, false)?
        }
        ALoad(i) => {
            let r = st.local(*i as usize)?;
            st.push(1, r)?
        }
        IStore(i) | FStore(i) => {
            st.pop(1)?;
            st.set_local(*i as usize, 1, false)?
        }
        LStore(i) | DStore(i) => {
            st.pop(2)?;
            st.set_local(*i as usize, 2, false)?
        }
        AStore(i) => {
            let r = st.top_is_ref()?;
            st.pop(1)?;
            st.set_local(*i as usize, 1, r)?
        }
        ArrayLoad(k) => {
            st.pop(2)?;
            let (w, r) = n(*k);
            st.push(w, r)?
        }
        ArrayStore(k) => st.pop(2 + k.slots())?,
        Pop => st.pop(1)?,
        Pop2 => st.pop(2)?,
        Dup => st.permute(1, &[0, 0])?,
        DupX1 => st.permute(2, &[0, 1, 0])?,
        DupX2 => st.permute(3, &[0, 1, 2, 0])?,
        Dup2 => st.permute(2, &[0, 1, 0, 1])?,
        Dup2X1 => st.permute(3, &[0, 1, 2, 0, 1])?,
        Dup2X2 => st.permute(4, &[0, 1, 2, 3, 0, 1])?,
        Swap => st.permute(2, &[1, 0])?,
        IAdd | ISub | IMul | IDiv | IRem | IShl | IShr | IUShr | IAnd | IOr | IXor | FAdd
        | FSub | FMul | FDiv | FRem | FCmpL | FCmpG => {
            st.pop(2)?;
            st.push(1, false)?
        }
        LAdd | LSub | LMul | LDiv | LRem | LAnd | LOr | LXor | DAdd | DSub | DMul | DDiv | DRem => {
            st.pop(4)?;
            st.push(2, false)?
        }
        LShl | LShr | LUShr => {
            st.pop(3)?;
            st.push(2, false)?
        }
        LCmp | DCmpL | DCmpG => {
            st.pop(4)?;
            st.push(1, false)?
        }
        INeg | FNeg | I2F | F2I | I2B | I2C | I2S => {
            st.pop(1)?;
            st.push(1, false)?
        }
        LNeg | DNeg | L2D | D2L => {
            st.pop(2)?;
            st.push(2, false)?
        }
        I2L | I2D | F2L | F2D => {
            st.pop(1)?;
            st.push(2, false)?
        }
        L2I | L2F | D2I | D2F => {
            st.pop(2)?;
            st.push(1, false)?
        }
        IfEq(t) | IfNe(t) | IfLt(t) | IfGe(t) | IfGt(t) | IfLe(t) | IfNull(t) | IfNonNull(t) => {
            st.pop(1)?;
            return Ok(Succ::Branch(*t));
        }
        IfICmpEq(t) | IfICmpNe(t) | IfICmpLt(t) | IfICmpGe(t) | IfICmpGt(t) | IfICmpLe(t)
        | IfACmpEq(t) | IfACmpNe(t) => {
            st.pop(2)?;
            return Ok(Succ::Branch(*t));
        }
        Goto(t) => return Ok(Succ::Jump(*t)),
        TableSwitch(_) | LookupSwitch(_) => {
            st.pop(1)?;
            return Ok(Succ::Switch);
        }
        Return(k) => {
            st.pop(k.map_or(0, Kind::slots))?;
            return Ok(Succ::End);
        }
        AThrow => {
            st.pop(1)?;
            return Ok(Succ::End);
        }
        LinkError(_) => return Ok(Succ::End),
        GetStatic { kind, .. } => {
            let (w, r) = n(*kind);
            st.push(w, r)?
        }
        PutStatic { kind, .. } => st.pop(kind.slots())?,
        GetField { kind, .. } => {
            st.pop(1)?;
            let (w, r) = n(*kind);
            st.push(w, r)?
        }
        PutField { kind, .. } => st.pop(1 + kind.slots())?,
        InvokeStatic(m) | InvokeSpecial(m) | InvokeDirect(m) => {
            st.call(m.arg_slots as usize, m.ret)?
        }
        InvokeVirtual {
            arg_slots, method, ..
        }
        | InvokeInterface {
            arg_slots, method, ..
        } => st.call(*arg_slots as usize, method.ret)?,
        Concat(site) => st.call(site.arg_slots as usize, Some(Kind::Ref))?,
        NewLambda(site) => st.call(site.arg_slots as usize, Some(Kind::Ref))?,
        RecordMethod(site) => st.call(site.arg_slots as usize, site.ret)?,
        NewArray { .. } => {
            st.pop(1)?;
            st.push(1, true)?
        }
        MultiANewArray { dims, .. } => {
            st.pop(*dims as usize)?;
            st.push(1, true)?
        }
        ArrayLength | InstanceOf(_) => {
            st.pop(1)?;
            st.push(1, false)?
        }
        MonitorEnter | MonitorExit => st.pop(1)?,
        GetField32(_)
        | GetField64(_)
        | PutField32(_)
        | PutField64(_)
        | PutFieldRef(_)
        | ArrayLoad32
        | ArrayLoad64
        | ArrayStore32
        | ArrayStore64
        | LocalGetField32 { .. }
        | LocalGetField64 { .. }
        | LocalsArrayLoad32 { .. }
        | LocalsArrayLoad64 { .. }
        | IfICmpLocals { .. }
        | IIncIfICmpLocals { .. }
        | Load2 { .. }
        | GetStatic32(_)
        | GetStatic64(_)
        | PutStatic32(_)
        | PutStatic64(_)
        | IIncGoto { .. }
        | ArrayLoadLocalIndex32 { .. }
        | ArrayLoadLocalIndex64 { .. }
        | LocalDupGetField32 { .. }
        | LocalDupGetField64 { .. }
        | FieldAddProduct(_)
        | FieldSubProduct(_)
        | IfLCmp { .. }
        | LocalsArrayStore32 { .. }
        | LocalsArrayLoadStore32 { .. }
        | ArrayStoreLocal32 { .. }
        | ArrayLoadStore32
        | LocalsArrayLoadArrayStore32 { .. }
        | LocalIOpLocals { .. }
        | LocalIOpConst { .. }
        | LocalConstIOp { .. }
        | LoopTest { .. }
        | AStoreTracked(_)
        | ReturnTracked { .. }
        | LocalsArrayCopy32 { .. }
        | LocalsArrayCopyComputed32 { .. }
        | LocalsArrayStoreComputed32 { .. }
        | LocalsArrayCopySub32 { .. }
        | LocalsArrayCopyAdd32 { .. }
        | LocalsArrayStoreSub32 { .. }
        | LocalsArrayStoreAdd32 { .. }
        | StaticArrayLoad32 { .. }
        | StaticArrayLoad64 { .. }
        | IIncLoopTest { .. }
        | DAddStore { .. }
        | DSubStore { .. }
        | DMulStore { .. }
        | DDivStore { .. }
        | DAddPutField { .. }
        | DSubPutField { .. }
        | DMulPutField { .. }
        | DDivPutField { .. }
        | LocalFieldDAdd { .. }
        | LocalFieldDSub { .. }
        | LocalFieldDMul { .. }
        | LocalFieldDDiv { .. }
        | DLocalsAdd { .. }
        | DLocalsSub { .. }
        | DLocalsMul { .. }
        | DLocalsDiv { .. }
        | LengthLoopTest { .. }
        | LocalsArrayStore64 { .. }
        | LocalLocalGetField32 { .. }
        | GetFieldIfICmp { .. }
        | LocalGetFieldStore32 { .. }
        | DAddLocalField { .. }
        | DSubLocalField { .. }
        | DMulLocalField { .. }
        | DDivLocalField { .. }
        | IfICmpLocalConst { .. }
        | IfICmpLocalField { .. }
        | IfLocal { .. }
        | IOpLocal { .. }
        | IOpConst { .. }
        | LOpLocal { .. }
        | LOpConst { .. }
        | LShlConst(_)
        | LShrConst(_)
        | LUShrConst(_)
        | DAddLocal { .. }
        | DSubLocal { .. }
        | DMulLocal { .. }
        | DDivLocal { .. }
        | Intrinsic(_) => {
            return Err("quickened instruction (the analysis runs before quickening)".into())
        }
    }
    Ok(Succ::Next)
}

struct Stack<'a> {
    s: &'a mut State,
    locals: usize,
    width: usize,
}

impl Stack<'_> {
    fn push(&mut self, n: usize, is_ref: bool) -> Result<(), String> {
        if self.locals + self.s.depth + n > self.width {
            return Err("operand stack overflow".into());
        }
        for i in 0..n {
            self.s.slots[self.locals + self.s.depth + i] = is_ref && i == 0;
        }
        self.s.depth += n;
        Ok(())
    }
    fn pop(&mut self, n: usize) -> Result<(), String> {
        if self.s.depth < n {
            return Err("operand stack underflow".into());
        }
        self.s.depth -= n;
        Ok(())
    }
    fn top_is_ref(&self) -> Result<bool, String> {
        if self.s.depth == 0 {
            return Err("operand stack underflow".into());
        }
        Ok(self.s.slots[self.locals + self.s.depth - 1])
    }
    fn local(&self, i: usize) -> Result<bool, String> {
        if i >= self.locals {
            return Err(format!("local {i} out of range"));
        }
        Ok(self.s.slots[i])
    }
    fn set_local(&mut self, i: usize, n: usize, is_ref: bool) -> Result<(), String> {
        if i + n > self.locals {
            return Err(format!("local {i} out of range"));
        }
        for k in 0..n {
            self.s.slots[i + k] = is_ref && k == 0;
        }
        Ok(())
    }
    /// Replaces the top `n` slots by `order`, listed from the new top down; each entry indexes
    /// the old top slots counted from the top (0 = the old top).
    fn permute(&mut self, n: usize, order: &[usize]) -> Result<(), String> {
        if self.s.depth < n {
            return Err("operand stack underflow".into());
        }
        let top = self.locals + self.s.depth;
        let taken: Vec<bool> = (0..n).map(|i| self.s.slots[top - 1 - i]).collect();
        self.s.depth -= n;
        for &k in order.iter().rev() {
            let r = taken[k];
            self.push(1, r)?;
        }
        Ok(())
    }
    fn call(&mut self, args: usize, ret: Option<Kind>) -> Result<(), String> {
        self.pop(args)?;
        match ret {
            Some(k) => self.push(k.slots(), k == Kind::Ref),
            None => Ok(()),
        }
    }
}
