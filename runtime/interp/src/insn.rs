//! Pre-decoded instructions.
//!
//! A method's bytecode is decoded once, on its first invocation, into a flat array of `Insn`s:
//! branch targets become instruction indices, constant-pool references become resolved classes,
//! field offsets, vtable indices and direct method pointers, and the typed variants tell the
//! interpreter (and the oop-map builder) exactly what each slot holds. A reference that cannot be
//! resolved becomes `LinkError`, which throws the right Java error if — and only if — it executes.

use crate::class::{Method, StringConst};
use crate::indy::{ConcatSite, LambdaSite, RecordSite};

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
}
