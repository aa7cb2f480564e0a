//! Pre-decoded instructions.
//!
//! A method's bytecode is decoded once, on its first invocation, into a flat array of `Insn`s:
//! branch targets become instruction indices, constant-pool references become resolved classes,
//! field offsets, vtable indices and direct method pointers, and the typed variants tell the
//! interpreter (and the oop-map builder) exactly what each slot holds. A reference that cannot be
//! resolved becomes `LinkError`, which throws the right Java error if — and only if — it executes.

use crate::classfile::FieldType;
use crate::model::class::{Method, StringConst};
use crate::model::sites::{ConcatSite, LambdaSite, RecordSite};
use std::sync::atomic::AtomicU64;

/// What a field or array element holds, and how it is loaded and stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Boolean,
    Byte,
    Char,
    Short,
    Int,
    Float,
    Long,
    Double,
    Ref,
}

impl Kind {
    /// Operand-stack slots a value of this kind takes.
    pub fn slots(self) -> usize {
        match self {
            Kind::Long | Kind::Double => 2,
            _ => 1,
        }
    }
    pub fn size(self) -> usize {
        match self {
            Kind::Boolean | Kind::Byte => 1,
            Kind::Char | Kind::Short => 2,
            Kind::Int | Kind::Float | Kind::Ref => 4,
            Kind::Long | Kind::Double => 8,
        }
    }
    pub fn from_descriptor_char(c: u8) -> Option<Kind> {
        Some(match c {
            b'Z' => Kind::Boolean,
            b'B' => Kind::Byte,
            b'C' => Kind::Char,
            b'S' => Kind::Short,
            b'I' => Kind::Int,
            b'F' => Kind::Float,
            b'J' => Kind::Long,
            b'D' => Kind::Double,
            b'L' | b'[' => Kind::Ref,
            _ => return None,
        })
    }
    pub fn from_descriptor(desc: &str) -> Kind {
        Kind::from_descriptor_char(desc.as_bytes()[0]).unwrap_or(Kind::Ref)
    }
    pub fn elem(self) -> gcvm_gc::ElemKind {
        use gcvm_gc::ElemKind as E;
        match self {
            Kind::Boolean => E::Boolean,
            Kind::Byte => E::Byte,
            Kind::Char => E::Char,
            Kind::Short => E::Short,
            Kind::Int => E::Int,
            Kind::Float => E::Float,
            Kind::Long => E::Long,
            Kind::Double => E::Double,
            Kind::Ref => E::Ref,
        }
    }
}

/// The return kind of a method (None = void).
pub type RetKind = Option<Kind>;

#[derive(Debug)]
pub struct TableSwitch {
    pub low: i32,
    pub default: u32,
    pub targets: Box<[u32]>,
}

#[derive(Debug)]
pub struct LookupSwitch {
    pub default: u32,
    /// Sorted by key.
    pub pairs: Box<[(i32, u32)]>,
}

/// A resolution error deferred to execution.
#[derive(Debug)]
pub struct LinkErrorInfo {
    /// Java class name of the error, e.g. `java/lang/NoClassDefFoundError`.
    pub class: &'static str,
    pub message: String,
}

#[derive(Debug)]
pub enum Insn {
    Nop,
    AConstNull,
    IConst(i32),
    LConst(i64),
    FConst(f32),
    DConst(f64),
    LdcString(&'static StringConst),
    LdcClass(u32),

    ILoad(u16),
    LLoad(u16),
    FLoad(u16),
    DLoad(u16),
    ALoad(u16),
    IStore(u16),
    LStore(u16),
    FStore(u16),
    DStore(u16),
    AStore(u16),
    IInc(u16, i16),

    ArrayLoad(Kind),
    ArrayStore(Kind),

    Pop,
    Pop2,
    Dup,
    DupX1,
    DupX2,
    Dup2,
    Dup2X1,
    Dup2X2,
    Swap,

    IAdd,
    LAdd,
    FAdd,
    DAdd,
    ISub,
    LSub,
    FSub,
    DSub,
    IMul,
    LMul,
    FMul,
    DMul,
    IDiv,
    LDiv,
    FDiv,
    DDiv,
    IRem,
    LRem,
    FRem,
    DRem,
    INeg,
    LNeg,
    FNeg,
    DNeg,
    IShl,
    LShl,
    IShr,
    LShr,
    IUShr,
    LUShr,
    IAnd,
    LAnd,
    IOr,
    LOr,
    IXor,
    LXor,

    I2L,
    I2F,
    I2D,
    L2I,
    L2F,
    L2D,
    F2I,
    F2L,
    F2D,
    D2I,
    D2L,
    D2F,
    I2B,
    I2C,
    I2S,

    LCmp,
    FCmpL,
    FCmpG,
    DCmpL,
    DCmpG,

    IfEq(u32),
    IfNe(u32),
    IfLt(u32),
    IfGe(u32),
    IfGt(u32),
    IfLe(u32),
    IfICmpEq(u32),
    IfICmpNe(u32),
    IfICmpLt(u32),
    IfICmpGe(u32),
    IfICmpGt(u32),
    IfICmpLe(u32),
    IfACmpEq(u32),
    IfACmpNe(u32),
    IfNull(u32),
    IfNonNull(u32),
    Goto(u32),
    TableSwitch(Box<TableSwitch>),
    LookupSwitch(Box<LookupSwitch>),

    Return(RetKind),

    GetStatic {
        class: u32,
        slot: u32,
        kind: Kind,
    },
    PutStatic {
        class: u32,
        slot: u32,
        kind: Kind,
    },
    GetField {
        offset: u32,
        kind: Kind,
    },
    PutField {
        offset: u32,
        kind: Kind,
    },

    /// invokestatic, and invokespecial of constructors, private and super methods.
    InvokeStatic(&'static Method),
    InvokeSpecial(&'static Method),
    /// invokevirtual/invokeinterface that can only reach one method (private or final).
    InvokeDirect(&'static Method),
    InvokeVirtual {
        vindex: u32,
        arg_slots: u16,
        method: &'static Method,
    },
    InvokeInterface {
        selector: u32,
        arg_slots: u16,
        method: &'static Method,
    },
    Concat(Box<ConcatSite>),
    NewLambda(Box<LambdaSite>),
    RecordMethod(Box<RecordSite>),

    /// `new`, `newarray`/`anewarray`, `multianewarray`: the class, and the allocation site the
    /// trace names (defined at decode time; `format::SITE_VM` when not tracing).
    New {
        class: u32,
        site: u32,
    },
    NewArray {
        class: u32,
        site: u32,
    },
    MultiANewArray {
        class: u32,
        dims: u8,
        site: u32,
    },
    ArrayLength,
    AThrow,
    CheckCast(u32),
    InstanceOf(u32),
    MonitorEnter,
    MonitorExit,

    LinkError(Box<LinkErrorInfo>),

    // ---- Quickened forms (link/quicken.rs). Made after the oop maps are computed, never seen by the
    // oop-map analysis: each one stands at the index of the first instruction it replaces, does
    // the work of it and the following ones, and leaves those in place. Whatever needs the slow
    // path (a null, an index out of bounds) falls back to them with the operand stack as they
    // expect it, so exceptions, oop maps and handlers see the original instructions.
    /// getfield of an int, float or reference field.
    GetField32(u32),
    /// getfield of a long or double field.
    GetField64(u32),
    /// putfield of an int or float field.
    PutField32(u32),
    /// putfield of a long or double field.
    PutField64(u32),
    /// putfield of a reference field.
    PutFieldRef(u32),
    /// iaload, faload, aaload.
    ArrayLoad32,
    /// laload, daload.
    ArrayLoad64,
    /// iastore, fastore.
    ArrayStore32,
    /// lastore, dastore.
    ArrayStore64,
    /// aload; getfield of a 32-bit field.
    LocalGetField32 {
        local: u16,
        offset: u32,
    },
    /// aload; getfield of a 64-bit field.
    LocalGetField64 {
        local: u16,
        offset: u32,
    },
    /// aload; iload; iaload/faload/aaload.
    LocalsArrayLoad32 {
        array: u16,
        index: u16,
    },
    /// aload; iload; laload/daload.
    LocalsArrayLoad64 {
        array: u16,
        index: u16,
    },
    /// iload; iload; if_icmp<cond>.
    IfICmpLocals {
        a: u16,
        b: u16,
        cond: Cond,
        target: u32,
    },
    /// iload a; aload object; getfield of an int field; if_icmp<cond>: `key < t.key`.
    IfICmpLocalField {
        a: u16,
        object: u16,
        cond: Cond,
        offset: u32,
        target: u32,
    },
    /// iload; iconst (or bipush, sipush, ldc); if_icmp<cond>.
    IfICmpLocalConst {
        a: u16,
        cond: Cond,
        c: i32,
        target: u32,
    },
    /// iload; if<cond> (or aload; ifnull/ifnonnull).
    IfLocal {
        a: u16,
        cond: Cond,
        target: u32,
    },
    /// getstatic of a 32-bit (int, float, reference) field of a class initialised before the
    /// method was quickened; holds the static's cell (`Class::static_cell`).
    GetStatic32(&'static AtomicU64),
    /// getstatic of a long or double field, likewise.
    GetStatic64(&'static AtomicU64),
    /// putstatic of an int, float or reference field, likewise.
    PutStatic32(&'static AtomicU64),
    /// putstatic of a long or double field, likewise.
    PutStatic64(&'static AtomicU64),
    /// iinc; goto (the end of a loop whose test is at its top).
    IIncGoto {
        local: u16,
        delta: i16,
        target: u32,
    },
    /// iload; iaload/faload/aaload: the array is on the stack, the index in a local.
    ArrayLoadLocalIndex32 {
        index: u16,
    },
    /// iload; laload/daload.
    ArrayLoadLocalIndex64 {
        index: u16,
    },
    /// aload; dup; getfield of a 32-bit field (`o.f op= x` starts so).
    LocalDupGetField32 {
        local: u16,
        offset: u32,
    },
    /// aload; dup; getfield of a 64-bit field.
    LocalDupGetField64 {
        local: u16,
        offset: u32,
    },
    /// aload o; dup; getfield f; dload x; aload p; getfield g; dmul; dload y; dmul; dadd;
    /// putfield f, all fields double: `o.f += x * p.g * y`, n-body's velocity update, in one
    /// dispatch instead of four (when both field offsets fit in 16 bits).
    FieldAddProduct(FieldProduct),
    /// The same ending in dsub: `o.f -= x * p.g * y`.
    FieldSubProduct(FieldProduct),
    /// aload; iload; iload; iastore/fastore: array, index and value all locals.
    LocalsArrayStore32 {
        array: u16,
        index: u16,
        value: u16,
    },
    /// aload; iload; lload/dload; lastore/dastore.
    LocalsArrayStore64 {
        array: u16,
        index: u16,
        value: u16,
    },
    /// aload; aload; getfield of a 32-bit field: a local, then a field of another local.
    LocalLocalGetField32 {
        a: u16,
        b: u16,
        offset: u32,
    },
    /// getfield of an int field; if_icmp<cond> (the field is the second operand).
    GetFieldIfICmp {
        offset: u32,
        cond: Cond,
        target: u32,
    },
    /// aload; getfield of a 32-bit field; astore/istore/fstore.
    LocalGetFieldStore32 {
        local: u16,
        offset: u32,
        store: u16,
    },
    /// dload; aload; getfield of a double field; a double operation: `d op o.f`.
    /// One variant per operation (see `DoubleOp`).
    DAddLocalField {
        local: u16,
        object: u16,
        offset: u32,
    },
    /// The same with dsub.
    DSubLocalField {
        local: u16,
        object: u16,
        offset: u32,
    },
    /// The same with dmul.
    DMulLocalField {
        local: u16,
        object: u16,
        offset: u32,
    },
    /// The same with ddiv.
    DDivLocalField {
        local: u16,
        object: u16,
        offset: u32,
    },
    /// lcmp; if<cond>.
    IfLCmp {
        cond: Cond,
        target: u32,
    },
    /// iinc; iload; iload; if_icmp<cond> (the end of most counted loops).
    IIncIfICmpLocals {
        local: u16,
        delta: i16,
        a: u16,
        b: u16,
        cond: Cond,
        target: u32,
    },
    /// Two loads of one-slot locals (iload, fload, aload) in a row.
    Load2 {
        a: u16,
        b: u16,
    },
    /// iload; an int operation: the top of the stack becomes `top op local`.
    IOpLocal {
        op: IntOp,
        local: u16,
    },
    /// iconst; an int operation.
    IOpConst {
        op: IntOp,
        c: i32,
    },
    /// lload; a long operation.
    LOpLocal {
        op: LongOp,
        local: u16,
    },
    /// lconst (ldc2_w); a long operation: `seed * MULTIPLIER + ADDEND & MASK` of
    /// java.util.Random.
    LOpConst {
        op: LongOp,
        c: i64,
    },
    /// iconst; lshl: a long shifted left by a constant (xorshift generators), the distance
    /// already masked to 0-63.
    LShlConst(u8),
    /// iconst; lshr, likewise.
    LShrConst(u8),
    /// iconst; lushr, likewise.
    LUShrConst(u8),
    /// dload; a double operation.
    /// One variant per operation (see `DoubleOp`).
    DAddLocal {
        local: u16,
    },
    /// The same with dsub.
    DSubLocal {
        local: u16,
    },
    /// The same with dmul.
    DMulLocal {
        local: u16,
    },
    /// The same with ddiv.
    DDivLocal {
        local: u16,
    },
    /// aload; iload; iaload/faload/aaload; istore/fstore/astore: `t = a[i]`, all locals.
    LocalsArrayLoadStore32 {
        array: u16,
        index: u16,
        store: u16,
    },
    /// iload/fload; iastore/fastore: array and index on the stack, the value a local.
    ArrayStoreLocal32 {
        value: u16,
    },
    /// iaload/faload; iastore/fastore: `a[x] = b[y]` with both arrays and indices on the stack.
    ArrayLoadStore32,
    /// aload; iload; iaload/faload; iastore/fastore: `a[x] = b[j]`, the source array and index
    /// locals, the target array and index on the stack.
    LocalsArrayLoadArrayStore32 {
        array: u16,
        index: u16,
    },
    /// aload a; iload b; iload c; an int operation: the array (or object) and an index computed
    /// from two locals, `a[b - c]`'s operands.
    LocalIOpLocals {
        op: IntOp,
        a: u16,
        b: u16,
        c: u16,
    },
    /// iload a; iconst c; an int operation: pushes `a op c` (`i + 1`, `n - 1`, `x >> 1`).
    LocalConstIOp {
        op: IntOp,
        a: u16,
        c: i32,
    },
    /// aload a; iload b; iconst c; an int operation: `a[b + 1]`'s operands.
    LocalIOpConst {
        op: IntOp,
        a: u16,
        b: u16,
        c: i32,
    },
    /// iinc; goto a loop's top that is a `LoopTest` (`iload a; iload b; if_icmpge` forward):
    /// the increment, the poll and the test in one; while the loop goes on it continues at the
    /// body (`target + 3`), on exit at `target`, whose test then leaves the loop.
    IIncLoopTest {
        local: u16,
        delta: i16,
        a: u16,
        b: u16,
        target: u32,
    },
    /// getstatic of an array (class initialised before quickening); iload; iaload/faload/aaload:
    /// `table[i]` of a static table.
    StaticArrayLoad32 {
        table: &'static AtomicU64,
        index: u16,
    },
    /// The same with laload/daload.
    StaticArrayLoad64 {
        table: &'static AtomicU64,
        index: u16,
    },
    /// aload; iload; aload; iload; iaload/faload; iastore/fastore: `array[index] =
    /// src[src_index]`, all locals.
    LocalsArrayCopy32 {
        array: u16,
        index: u16,
        src: u16,
        src_index: u16,
    },
    /// aload; iload; aload; iload c; iload d; an int operation; iaload/faload; iastore/fastore:
    /// `array[index] = src[c op d]`, all locals.
    LocalsArrayCopyComputed32 {
        array: u16,
        index: u16,
        src: u16,
        c: u16,
        d: u16,
        op: IntOp,
    },
    /// aload; iload c; iload d; an int operation; iload/fload; iastore/fastore: `array[c op d] =
    /// value`, all locals.
    LocalsArrayStoreComputed32 {
        array: u16,
        c: u16,
        d: u16,
        op: IntOp,
        value: u16,
    },
    /// `LocalsArrayCopyComputed32` with isub (`a[i] = b[k - i]`) and with iadd, the common
    /// operations of an index, as their own variants: a handler that decodes the operation spends
    /// an indirect jump and, in this large handler, moves of registers around it.
    LocalsArrayCopySub32 {
        array: u16,
        index: u16,
        src: u16,
        c: u16,
        d: u16,
    },
    /// The same with iadd.
    LocalsArrayCopyAdd32 {
        array: u16,
        index: u16,
        src: u16,
        c: u16,
        d: u16,
    },
    /// `LocalsArrayStoreComputed32` with isub (`a[k - i] = t`), likewise.
    LocalsArrayStoreSub32 {
        array: u16,
        c: u16,
        d: u16,
        value: u16,
    },
    /// The same with iadd.
    LocalsArrayStoreAdd32 {
        array: u16,
        c: u16,
        d: u16,
        value: u16,
    },
    /// A double operation; dstore: `local = a op b`.
    /// One variant per operation (see `DoubleOp`).
    DAddStore {
        local: u16,
    },
    /// The same with dsub.
    DSubStore {
        local: u16,
    },
    /// The same with dmul.
    DMulStore {
        local: u16,
    },
    /// The same with ddiv.
    DDivStore {
        local: u16,
    },
    /// A double operation; putfield of a double field: `o.f = a op b` (`o.f -= x` ends so).
    /// One variant per operation (see `DoubleOp`).
    DAddPutField {
        offset: u32,
    },
    /// The same with dsub.
    DSubPutField {
        offset: u32,
    },
    /// The same with dmul.
    DMulPutField {
        offset: u32,
    },
    /// The same with ddiv.
    DDivPutField {
        offset: u32,
    },
    /// aload; getfield of a double field; a double operation: `top op o.f`.
    /// One variant per operation (see `DoubleOp`).
    LocalFieldDAdd {
        object: u16,
        offset: u32,
    },
    /// The same with dsub.
    LocalFieldDSub {
        object: u16,
        offset: u32,
    },
    /// The same with dmul.
    LocalFieldDMul {
        object: u16,
        offset: u32,
    },
    /// The same with ddiv.
    LocalFieldDDiv {
        object: u16,
        offset: u32,
    },
    /// dload a; dload b; a double operation: pushes `a op b`.
    /// One variant per operation (see `DoubleOp`).
    DLocalsAdd {
        a: u16,
        b: u16,
    },
    /// The same with dsub.
    DLocalsSub {
        a: u16,
        b: u16,
    },
    /// The same with dmul.
    DLocalsMul {
        a: u16,
        b: u16,
    },
    /// The same with ddiv.
    DLocalsDiv {
        a: u16,
        b: u16,
    },
    /// iload a; aload b; arraylength; if_icmpge forward: `i < arr.length` at the top of a loop.
    LengthLoopTest {
        a: u16,
        array: u16,
        exit: u32,
    },
    /// astore with `--trace-deaths` over a local that holds a reference here (by the oop map,
    /// checked at quickening): the local's old reference is stamped as a lost root first (the
    /// plain `AStore` has no such stamp, so it costs nothing otherwise).
    AStoreTracked(u16),
    /// return with `--trace-deaths` in a method of at most 64 locals: bit j of `refs` is set
    /// when local j holds a reference here (the oop map's bits at this instruction), so the
    /// returning frame stamps its reference locals without looking the map up.
    ReturnTracked {
        kind: RetKind,
        refs: u64,
    },
    /// iload a; iload b; if_icmpge forward: the test at the top of javac's counted loops, on its
    /// own so that it needs neither a condition to decode nor a safepoint poll (its branch
    /// leaves the loop, forward).
    LoopTest {
        a: u16,
        b: u16,
        exit: u32,
    },
    /// invokestatic of a pure library method computed in place (Math.sqrt, abs, min, max, ...).
    Intrinsic(Intrinsic),
}

// Every instruction fits in 16 bytes, so the dispatch loop indexes a dense array.
const _: () = assert!(std::mem::size_of::<Insn>() == 16);

/// The operands of `FieldAddProduct` and `FieldSubProduct`: `object.field op= x *
/// factor.factor_field * y`, every operand a local.
#[derive(Clone, Copy, Debug)]
pub struct FieldProduct {
    pub object: u16,
    pub field: u16,
    pub x: u16,
    pub factor: u16,
    pub factor_field: u16,
    pub y: u16,
}

/// The condition of a quickened comparison (against the second operand, or zero).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cond {
    Eq,
    Ne,
    Lt,
    Ge,
    Gt,
    Le,
}

impl Cond {
    #[inline(always)]
    pub fn test(self, a: i32, b: i32) -> bool {
        match self {
            Cond::Eq => a == b,
            Cond::Ne => a != b,
            Cond::Lt => a < b,
            Cond::Ge => a >= b,
            Cond::Gt => a > b,
            Cond::Le => a <= b,
        }
    }
}

/// Int operations that cannot throw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntOp {
    Add,
    Sub,
    Mul,
    And,
    Or,
    Xor,
    Shl,
    Shr,
    UShr,
}

impl IntOp {
    #[inline(always)]
    pub fn apply(self, a: i32, b: i32) -> i32 {
        match self {
            IntOp::Add => a.wrapping_add(b),
            IntOp::Sub => a.wrapping_sub(b),
            IntOp::Mul => a.wrapping_mul(b),
            IntOp::And => a & b,
            IntOp::Or => a | b,
            IntOp::Xor => a ^ b,
            IntOp::Shl => a.wrapping_shl(b as u32 & 31),
            IntOp::Shr => a.wrapping_shr(b as u32 & 31),
            IntOp::UShr => ((a as u32) >> (b as u32 & 31)) as i32,
        }
    }
}

/// Long operations on two longs that cannot throw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LongOp {
    Add,
    Sub,
    Mul,
    And,
    Or,
    Xor,
}

impl LongOp {
    #[inline(always)]
    pub fn apply(self, a: i64, b: i64) -> i64 {
        match self {
            LongOp::Add => a.wrapping_add(b),
            LongOp::Sub => a.wrapping_sub(b),
            LongOp::Mul => a.wrapping_mul(b),
            LongOp::And => a & b,
            LongOp::Or => a | b,
            LongOp::Xor => a ^ b,
        }
    }
}

/// Double arithmetic. The double superinstructions have one variant per operation
/// (`DAddStore`, `DSubStore`, ...), so the dispatch itself selects the operation: a field holding
/// the operation costs a second, indirect jump in every handler (n-body runs ~30 per inner loop
/// iteration). Quickening uses this to name the operation; the handlers apply a constant one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DoubleOp {
    Add,
    Sub,
    Mul,
    Div,
}

impl DoubleOp {
    #[inline(always)]
    pub fn apply(self, a: f64, b: f64) -> f64 {
        match self {
            DoubleOp::Add => a + b,
            DoubleOp::Sub => a - b,
            DoubleOp::Mul => a * b,
            DoubleOp::Div => a / b,
        }
    }
}

/// Library methods the interpreter computes in place of a call (link/quicken.rs lists which).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Intrinsic {
    DSqrt,
    IAbs,
    LAbs,
    FAbs,
    DAbs,
    IMin,
    IMax,
    LMin,
    LMax,
    INumberOfTrailingZeros,
    LNumberOfTrailingZeros,
    INumberOfLeadingZeros,
    LNumberOfLeadingZeros,
    IBitCount,
    LBitCount,
}

pub const PRIMITIVES: &[(&str, Kind)] = &[
    ("boolean", Kind::Boolean),
    ("byte", Kind::Byte),
    ("char", Kind::Char),
    ("short", Kind::Short),
    ("int", Kind::Int),
    ("float", Kind::Float),
    ("long", Kind::Long),
    ("double", Kind::Double),
];

pub fn primitive_descriptor(k: Kind) -> char {
    match k {
        Kind::Boolean => 'Z',
        Kind::Byte => 'B',
        Kind::Char => 'C',
        Kind::Short => 'S',
        Kind::Int => 'I',
        Kind::Float => 'F',
        Kind::Long => 'J',
        Kind::Double => 'D',
        Kind::Ref => 'L',
    }
}

pub fn primitive_name(k: Kind) -> &'static str {
    PRIMITIVES
        .iter()
        .find(|(_, p)| *p == k)
        .map(|(n, _)| *n)
        .unwrap_or("object")
}

pub fn kind_of(t: &FieldType) -> Kind {
    match t {
        FieldType::Byte => Kind::Byte,
        FieldType::Char => Kind::Char,
        FieldType::Double => Kind::Double,
        FieldType::Float => Kind::Float,
        FieldType::Int => Kind::Int,
        FieldType::Long => Kind::Long,
        FieldType::Short => Kind::Short,
        FieldType::Boolean => Kind::Boolean,
        FieldType::Object(_) | FieldType::Array(_) => Kind::Ref,
    }
}
