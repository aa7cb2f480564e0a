//! Decoding bytecode into `Insn`s and resolving its symbolic references (JVMS 5.4.3).
//!
//! Decoding happens once per method, on its first invocation. Two passes: the first walks the
//! bytecode recording each instruction's offset (so branch targets, given as bytecode offsets,
//! can become instruction indices); the second builds the instructions, resolving classes,
//! fields and methods through the VM. A reference that does not resolve becomes a `LinkError`
//! instruction: the error is thrown only if that instruction runs, as the JVM does.

use crate::classfile::{Constant, ConstantPool};
use crate::link::classes::ClassTable;
use crate::model::class::{Class, Code, Handler, Method};
use crate::model::error::LinkageError;
use crate::model::insn::*;
use crate::model::sites::StringSites;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The decoded body of `method`, decoding it on first use.
pub fn code_of(
    classes: &'static ClassTable,
    method: &'static Method,
) -> Result<&'static Code, String> {
    method
        .code
        .get_or_init(|| decode_method(classes, method))
        .as_ref()
        .map_err(|e| e.clone())
}

fn decode_method(classes: &'static ClassTable, method: &'static Method) -> Result<Code, String> {
    let raw = method
        .raw_code
        .as_ref()
        .ok_or_else(|| format!("method {} has no code", method.name))?;
    let class = classes.class(method.class_id);
    let cp = class
        .constant_pool
        .as_ref()
        .ok_or("class has no constant pool")?;
    let bytes = &raw.bytecode;
    let starts = instruction_starts(bytes)?;
    let index_of: HashMap<u32, u32> = starts
        .iter()
        .enumerate()
        .map(|(i, &b)| (b, i as u32))
        .collect();
    let target = |bci: i64| -> Result<u32, String> {
        u32::try_from(bci)
            .ok()
            .and_then(|b| index_of.get(&b).copied())
            .ok_or_else(|| format!("bad branch target {bci} in {}", method.name))
    };
    let mut d = Decoder {
        classes,
        class,
        cp,
        method,
    };
    let mut insns = Vec::with_capacity(starts.len());
    for &bci in &starts {
        insns.push(d.decode_one(bytes, bci as usize, &target)?);
    }
    let end_index = |bci: u16| -> Result<u32, String> {
        if bci as usize == bytes.len() {
            Ok(starts.len() as u32)
        } else {
            target(bci as i64)
        }
    };
    let mut handlers = Vec::new();
    for h in &raw.exception_table {
        handlers.push(Handler {
            start: target(h.start_pc as i64)?,
            end: end_index(h.end_pc)?,
            target: target(h.handler_pc as i64)?,
            catch_name: h.catch_type.clone(),
            catch_class: OnceLock::new(),
        });
    }
    let code = Code {
        insns: insns.into_boxed_slice(),
        handlers: handlers.into_boxed_slice(),
        bci: starts.into_boxed_slice(),
        max_locals: raw.max_locals.max(method.arg_slots),
        max_stack: raw.max_stack,
        oopmaps: OnceLock::new(),
        trivial: crate::model::class::Trivial::No,
    };
    let mut code = with_oop_maps(code, method, &class.name)?;
    crate::link::quicken::quicken(classes, method, &mut code);
    Ok(code)
}

/// Computes a body's oop maps up front, so malformed code is rejected before it runs. Errors
/// name the method as HotSpot's old verifier did: `(class: Foo, method: f signature: (I)V) ...`.
pub fn with_oop_maps(code: Code, method: &Method, class_name: &str) -> Result<Code, String> {
    let maps = crate::model::oopmap::OopMaps::analyse(&code, method).map_err(|e| {
        format!(
            "(class: {class_name}, method: {} signature: {}) {e}",
            method.name, method.descriptor
        )
    })?;
    let _ = code.oopmaps.set(maps);
    Ok(code)
}

/// The array type `newarray` makes for its operand `atype` (JVMS §6.5.newarray).
pub fn newarray_type(atype: u8) -> Option<&'static str> {
    Some(match atype {
        4 => "[Z",
        5 => "[C",
        6 => "[F",
        7 => "[D",
        8 => "[B",
        9 => "[S",
        10 => "[I",
        11 => "[J",
        _ => return None,
    })
}

/// Offsets of every instruction (an error if one runs past the end or is not supported).
pub fn instruction_starts(b: &[u8]) -> Result<Vec<u32>, String> {
    let mut starts = Vec::new();
    let mut pc = 0usize;
    while pc < b.len() {
        starts.push(pc as u32);
        pc += instruction_length(b, pc)?;
    }
    if pc != b.len() {
        return Err("instruction runs past the end of the code".into());
    }
    Ok(starts)
}

fn read_i32(b: &[u8], at: usize) -> Result<i32, String> {
    b.get(at..at + 4)
        .map(|s| i32::from_be_bytes([s[0], s[1], s[2], s[3]]))
        .ok_or_else(|| "truncated switch".to_string())
}

pub(crate) fn instruction_length(b: &[u8], pc: usize) -> Result<usize, String> {
    let op = b[pc];
    Ok(match op {
        0x10 | 0x12 | 0x15..=0x19 | 0x36..=0x3a | 0xa9 | 0xbc => 2,
        0x11
        | 0x13
        | 0x14
        | 0x84
        | 0x99..=0xa8
        | 0xb2..=0xb8
        | 0xbb
        | 0xbd
        | 0xc0
        | 0xc1
        | 0xc6
        | 0xc7 => 3,
        0xc5 => 4,
        0xb9 | 0xba | 0xc8 | 0xc9 => 5,
        0xc4 => match b.get(pc + 1) {
            Some(0x84) => 6,
            Some(_) => 4,
            None => return Err("truncated wide".into()),
        },
        0xaa => {
            let base = (pc + 4) & !3;
            let low = read_i32(b, base + 4)?;
            let high = read_i32(b, base + 8)?;
            if high < low {
                return Err("tableswitch with high < low".into());
            }
            base + 12 + 4 * ((high as i64 - low as i64 + 1) as usize) - pc
        }
        0xab => {
            let base = (pc + 4) & !3;
            let n = read_i32(b, base + 4)?;
            if n < 0 {
                return Err("lookupswitch with negative count".into());
            }
            base + 8 + 8 * n as usize - pc
        }
        0x00..=0x0f
        | 0x1a..=0x35
        | 0x3b..=0x83
        | 0x85..=0x98
        | 0xac..=0xb1
        | 0xbe
        | 0xbf
        | 0xc2
        | 0xc3 => 1,
        _ => {
            return Err(format!(
                "unsupported bytecode 0x{op:02x} (jsr/ret or reserved)"
            ))
        }
    })
}

struct Decoder<'a> {
    classes: &'static ClassTable,
    class: &'static Class,
    cp: &'a ConstantPool,
    method: &'static Method,
}

fn link_error(e: LinkageError) -> Insn {
    Insn::LinkError(Box::new(LinkErrorInfo {
        class: e.class,
        message: e.message,
    }))
}

impl Decoder<'_> {
    fn u8_at(b: &[u8], at: usize) -> u8 {
        b[at]
    }
    fn u16_at(b: &[u8], at: usize) -> u16 {
        u16::from_be_bytes([b[at], b[at + 1]])
    }
    fn i16_at(b: &[u8], at: usize) -> i16 {
        Self::u16_at(b, at) as i16
    }

    fn decode_one(
        &mut self,
        b: &[u8],
        pc: usize,
        target: &dyn Fn(i64) -> Result<u32, String>,
    ) -> Result<Insn, String> {
        use Insn::*;
        let op = b[pc];
        let u8a = || Self::u8_at(b, pc + 1) as u16;
        let u16a = || Self::u16_at(b, pc + 1);
        let branch = || target(pc as i64 + Self::i16_at(b, pc + 1) as i64);
        Ok(match op {
            0x00 => Nop,
            0x01 => AConstNull,
            0x02..=0x08 => IConst(op as i32 - 0x03),
            0x09 | 0x0a => LConst((op - 0x09) as i64),
            0x0b..=0x0d => FConst((op - 0x0b) as f32),
            0x0e | 0x0f => DConst((op - 0x0e) as f64),
            0x10 => IConst(b[pc + 1] as i8 as i32),
            0x11 => IConst(Self::i16_at(b, pc + 1) as i32),
            0x12 => self.ldc(u8a()),
            0x13 | 0x14 => self.ldc(u16a()),
            0x15 => ILoad(u8a()),
            0x16 => LLoad(u8a()),
            0x17 => FLoad(u8a()),
            0x18 => DLoad(u8a()),
            0x19 => ALoad(u8a()),
            0x1a..=0x1d => ILoad((op - 0x1a) as u16),
            0x1e..=0x21 => LLoad((op - 0x1e) as u16),
            0x22..=0x25 => FLoad((op - 0x22) as u16),
            0x26..=0x29 => DLoad((op - 0x26) as u16),
            0x2a..=0x2d => ALoad((op - 0x2a) as u16),
            0x2e => ArrayLoad(Kind::Int),
            0x2f => ArrayLoad(Kind::Long),
            0x30 => ArrayLoad(Kind::Float),
            0x31 => ArrayLoad(Kind::Double),
            0x32 => ArrayLoad(Kind::Ref),
            0x33 => ArrayLoad(Kind::Byte),
            0x34 => ArrayLoad(Kind::Char),
            0x35 => ArrayLoad(Kind::Short),
            0x36 => IStore(u8a()),
            0x37 => LStore(u8a()),
            0x38 => FStore(u8a()),
            0x39 => DStore(u8a()),
            0x3a => AStore(u8a()),
            0x3b..=0x3e => IStore((op - 0x3b) as u16),
            0x3f..=0x42 => LStore((op - 0x3f) as u16),
            0x43..=0x46 => FStore((op - 0x43) as u16),
            0x47..=0x4a => DStore((op - 0x47) as u16),
            0x4b..=0x4e => AStore((op - 0x4b) as u16),
            0x4f => ArrayStore(Kind::Int),
            0x50 => ArrayStore(Kind::Long),
            0x51 => ArrayStore(Kind::Float),
            0x52 => ArrayStore(Kind::Double),
            0x53 => ArrayStore(Kind::Ref),
            0x54 => ArrayStore(Kind::Byte),
            0x55 => ArrayStore(Kind::Char),
            0x56 => ArrayStore(Kind::Short),
            0x57 => Pop,
            0x58 => Pop2,
            0x59 => Dup,
            0x5a => DupX1,
            0x5b => DupX2,
            0x5c => Dup2,
            0x5d => Dup2X1,
            0x5e => Dup2X2,
            0x5f => Swap,
            0x60 => IAdd,
            0x61 => LAdd,
            0x62 => FAdd,
            0x63 => DAdd,
            0x64 => ISub,
            0x65 => LSub,
            0x66 => FSub,
            0x67 => DSub,
            0x68 => IMul,
            0x69 => LMul,
            0x6a => FMul,
            0x6b => DMul,
            0x6c => IDiv,
            0x6d => LDiv,
            0x6e => FDiv,
            0x6f => DDiv,
            0x70 => IRem,
            0x71 => LRem,
            0x72 => FRem,
            0x73 => DRem,
            0x74 => INeg,
            0x75 => LNeg,
            0x76 => FNeg,
            0x77 => DNeg,
            0x78 => IShl,
            0x79 => LShl,
            0x7a => IShr,
            0x7b => LShr,
            0x7c => IUShr,
            0x7d => LUShr,
            0x7e => IAnd,
            0x7f => LAnd,
            0x80 => IOr,
            0x81 => LOr,
            0x82 => IXor,
            0x83 => LXor,
            0x84 => IInc(u8a(), b[pc + 2] as i8 as i16),
            0x85 => I2L,
            0x86 => I2F,
            0x87 => I2D,
            0x88 => L2I,
            0x89 => L2F,
            0x8a => L2D,
            0x8b => F2I,
            0x8c => F2L,
            0x8d => F2D,
            0x8e => D2I,
            0x8f => D2L,
            0x90 => D2F,
            0x91 => I2B,
            0x92 => I2C,
            0x93 => I2S,
            0x94 => LCmp,
            0x95 => FCmpL,
            0x96 => FCmpG,
            0x97 => DCmpL,
            0x98 => DCmpG,
            0x99 => IfEq(branch()?),
            0x9a => IfNe(branch()?),
            0x9b => IfLt(branch()?),
            0x9c => IfGe(branch()?),
            0x9d => IfGt(branch()?),
            0x9e => IfLe(branch()?),
            0x9f => IfICmpEq(branch()?),
            0xa0 => IfICmpNe(branch()?),
            0xa1 => IfICmpLt(branch()?),
            0xa2 => IfICmpGe(branch()?),
            0xa3 => IfICmpGt(branch()?),
            0xa4 => IfICmpLe(branch()?),
            0xa5 => IfACmpEq(branch()?),
            0xa6 => IfACmpNe(branch()?),
            0xa7 => Goto(branch()?),
            0xc6 => IfNull(branch()?),
            0xc7 => IfNonNull(branch()?),
            0xc8 => Goto(target(pc as i64 + read_i32(b, pc + 1)? as i64)?),
            0xaa => {
                let base = (pc + 4) & !3;
                let default = target(pc as i64 + read_i32(b, base)? as i64)?;
                let low = read_i32(b, base + 4)?;
                let high = read_i32(b, base + 8)?;
                let mut targets = Vec::new();
                for i in 0..=(high as i64 - low as i64) as usize {
                    targets.push(target(pc as i64 + read_i32(b, base + 12 + 4 * i)? as i64)?);
                }
                TableSwitch(Box::new(crate::model::insn::TableSwitch {
                    low,
                    default,
                    targets: targets.into_boxed_slice(),
                }))
            }
            0xab => {
                let base = (pc + 4) & !3;
                let default = target(pc as i64 + read_i32(b, base)? as i64)?;
                let n = read_i32(b, base + 4)? as usize;
                let mut pairs = Vec::new();
                for i in 0..n {
                    let key = read_i32(b, base + 8 + 8 * i)?;
                    pairs.push((
                        key,
                        target(pc as i64 + read_i32(b, base + 12 + 8 * i)? as i64)?,
                    ));
                }
                pairs.sort_by_key(|p| p.0);
                LookupSwitch(Box::new(crate::model::insn::LookupSwitch {
                    default,
                    pairs: pairs.into_boxed_slice(),
                }))
            }
            0xac => Return(Some(Kind::Int)),
            0xad => Return(Some(Kind::Long)),
            0xae => Return(Some(Kind::Float)),
            0xaf => Return(Some(Kind::Double)),
            0xb0 => Return(Some(Kind::Ref)),
            0xb1 => Return(None),
            0xb2..=0xb5 => self.field_access(op, u16a()),
            0xb6..=0xb9 => self.invoke(op, u16a()),
            0xba => match crate::link::indy::link(self.classes, self.class, self.cp, u16a()) {
                Ok(insn) => self.with_indy_site(insn, pc),
                Err(e) => link_error(e),
            },
            0xbb => self.with_class(u16a(), |c| {
                Ok(New {
                    class: c.id,
                    site: self.site(pc, Some(c.id)),
                })
            }),
            0xbc => {
                let t = b[pc + 1];
                let desc = newarray_type(t).ok_or_else(|| format!("bad newarray type {t}"))?;
                match self.classes.load(desc) {
                    Ok(c) => NewArray {
                        class: c.id,
                        site: self.site(pc, Some(c.id)),
                    },
                    Err(e) => link_error(e),
                }
            }
            0xbd => {
                let classes = self.classes;
                self.with_class(u16a(), |c| {
                    classes.array_class_of(c).map(|a| NewArray {
                        class: a.id,
                        site: self.site(pc, Some(a.id)),
                    })
                })
            }
            0xbe => ArrayLength,
            0xbf => AThrow,
            0xc0 => self.with_class(u16a(), |c| Ok(CheckCast(c.id))),
            0xc1 => self.with_class(u16a(), |c| Ok(InstanceOf(c.id))),
            0xc2 => MonitorEnter,
            0xc3 => MonitorExit,
            0xc4 => {
                let sub = b[pc + 1];
                let idx = Self::u16_at(b, pc + 2);
                match sub {
                    0x15 => ILoad(idx),
                    0x16 => LLoad(idx),
                    0x17 => FLoad(idx),
                    0x18 => DLoad(idx),
                    0x19 => ALoad(idx),
                    0x36 => IStore(idx),
                    0x37 => LStore(idx),
                    0x38 => FStore(idx),
                    0x39 => DStore(idx),
                    0x3a => AStore(idx),
                    0x84 => IInc(idx, Self::i16_at(b, pc + 4)),
                    _ => return Err(format!("bad wide opcode 0x{sub:02x}")),
                }
            }
            0xc5 => {
                let dims = b[pc + 3];
                self.with_class(u16a(), |c| {
                    Ok(MultiANewArray {
                        class: c.id,
                        dims,
                        site: self.site(pc, Some(c.id)),
                    })
                })
            }
            _ => return Err(format!("unsupported bytecode 0x{op:02x}")),
        })
    }

    /// The trace's allocation site for the instruction at `bci` (usually allocating
    /// `usual_type`).
    fn site(&self, bci: usize, usual_type: Option<u32>) -> u32 {
        let line = u32::try_from(self.method.line_of(bci as u32)).ok();
        self.classes.alloc_site(
            &self.class.name,
            &self.method.name,
            bci as u32,
            line,
            usual_type,
        )
    }

    /// Gives an allocating invokedynamic call site (string concatenation, lambda creation) its
    /// trace site.
    fn with_indy_site(&self, mut insn: Insn, bci: usize) -> Insn {
        match &mut insn {
            Insn::Concat(c) => {
                let wk = self.classes.wk();
                c.sites = StringSites::new(
                    self.site(bci, Some(wk.char_array.id)),
                    self.site(bci, Some(wk.string.id)),
                );
            }
            Insn::NewLambda(l) => l.site = self.site(bci, Some(l.class.id)),
            _ => {}
        }
        insn
    }

    fn with_class(
        &self,
        idx: u16,
        f: impl FnOnce(&'static Class) -> Result<Insn, LinkageError>,
    ) -> Insn {
        let name = match self.cp.class_name(idx) {
            Ok(n) => n,
            Err(e) => {
                return link_error(LinkageError::new(
                    "java/lang/ClassFormatError",
                    e.to_string(),
                ))
            }
        };
        match self.classes.load(name).and_then(f) {
            Ok(i) => i,
            Err(e) => link_error(e),
        }
    }

    fn ldc(&self, idx: u16) -> Insn {
        match self.cp.get(idx) {
            Ok(Constant::Integer(v)) => Insn::IConst(*v),
            Ok(Constant::Float(v)) => Insn::FConst(*v),
            Ok(Constant::Long(v)) => Insn::LConst(*v),
            Ok(Constant::Double(v)) => Insn::DConst(*v),
            Ok(Constant::String { .. }) => match self.cp.string(idx) {
                Ok(s) => Insn::LdcString(self.classes.string_const(&s.utf16)),
                Err(e) => link_error(LinkageError::new(
                    "java/lang/ClassFormatError",
                    e.to_string(),
                )),
            },
            Ok(Constant::Class { .. }) => self.with_class(idx, |c| Ok(Insn::LdcClass(c.id))),
            Ok(other) => link_error(LinkageError::new(
                "java/lang/UnsupportedOperationException",
                format!(
                    "gcvm does not support ldc of {other:?} (in {}.{})",
                    self.class.java_name(),
                    self.method.name
                ),
            )),
            Err(e) => link_error(LinkageError::new(
                "java/lang/ClassFormatError",
                e.to_string(),
            )),
        }
    }

    fn field_access(&self, op: u8, idx: u16) -> Insn {
        match self.resolve_field(op, idx) {
            Ok(i) => i,
            Err(e) => link_error(e),
        }
    }

    fn resolve_field(&self, op: u8, idx: u16) -> Result<Insn, LinkageError> {
        let r = self
            .cp
            .member_ref(idx)
            .map_err(|e| LinkageError::new("java/lang/ClassFormatError", e.to_string()))?;
        let class = self.classes.load(&r.class)?;
        let (owner, field) = find_field(self.classes, class, &r.name, &r.descriptor)
            .ok_or_else(|| LinkageError::new("java/lang/NoSuchFieldError", r.name.clone()))?;
        let want_static = op == 0xb2 || op == 0xb3;
        if field.is_static() != want_static {
            let what = if want_static {
                "Expected static field"
            } else {
                "Expected non-static field"
            };
            return Err(LinkageError::new(
                "java/lang/IncompatibleClassChangeError",
                format!("{what} {}.{}", class.java_name(), r.name),
            ));
        }
        let kind = field.kind;
        Ok(match op {
            0xb2 => Insn::GetStatic {
                class: owner.id,
                slot: field.offset,
                kind,
            },
            0xb3 => Insn::PutStatic {
                class: owner.id,
                slot: field.offset,
                kind,
            },
            0xb4 => Insn::GetField {
                offset: field.offset,
                kind,
            },
            _ => Insn::PutField {
                offset: field.offset,
                kind,
            },
        })
    }

    fn invoke(&self, op: u8, idx: u16) -> Insn {
        match self.resolve_invoke(op, idx) {
            Ok(i) => i,
            Err(e) => link_error(e),
        }
    }

    fn resolve_invoke(&self, op: u8, idx: u16) -> Result<Insn, LinkageError> {
        let r = self
            .cp
            .member_ref(idx)
            .map_err(|e| LinkageError::new("java/lang/ClassFormatError", e.to_string()))?;
        let class = self.classes.load(&r.class)?;
        let m = find_method(self.classes, class, &r.name, &r.descriptor).ok_or_else(|| {
            LinkageError::new(
                "java/lang/NoSuchMethodError",
                format!(
                    "'{}'",
                    pretty_method(&class.java_name(), &r.name, &r.descriptor)
                ),
            )
        })?;
        let static_mismatch = |expected_static: bool| {
            LinkageError::new(
                "java/lang/IncompatibleClassChangeError",
                format!(
                    "Expected {} method '{}'",
                    if expected_static {
                        "static"
                    } else {
                        "non-static"
                    },
                    pretty_method(&class.java_name(), &r.name, &r.descriptor)
                ),
            )
        };
        match op {
            0xb8 => {
                if !m.is_static() {
                    return Err(static_mismatch(true));
                }
                Ok(Insn::InvokeStatic(m))
            }
            0xb7 => {
                if m.is_static() {
                    return Err(static_mismatch(false));
                }
                if m.name == "<init>" || m.is_private() || class.is_interface() {
                    return Ok(Insn::InvokeSpecial(m));
                }
                // A super call: the method the current class's superclass would dispatch to.
                let start = self
                    .class
                    .super_class
                    .filter(|_| self.class.id != class.id && !self.class.is_interface());
                let target = start
                    .and_then(|s| s.itable.get(&m.selector).map(|&i| s.vtable[i as usize]))
                    .unwrap_or(m);
                Ok(Insn::InvokeSpecial(target))
            }
            0xb6 | 0xb9 => {
                if m.is_static() {
                    return Err(static_mismatch(false));
                }
                if m.is_private() {
                    return Ok(Insn::InvokeDirect(m));
                }
                if op == 0xb6 && !class.is_interface() {
                    if m.is_final() && !m.is_abstract() {
                        return Ok(Insn::InvokeDirect(m));
                    }
                    if let Some(&vindex) = class.itable.get(&m.selector) {
                        return Ok(Insn::InvokeVirtual {
                            vindex,
                            arg_slots: m.arg_slots,
                            method: m,
                        });
                    }
                }
                Ok(Insn::InvokeInterface {
                    selector: m.selector,
                    arg_slots: m.arg_slots,
                    method: m,
                })
            }
            _ => unreachable!(),
        }
    }
}

/// `'void Foo.bar(int)'`-style rendering is HotSpot's; we keep the descriptor form.
fn pretty_method(class: &str, name: &str, desc: &str) -> String {
    format!("{class}.{name}{desc}")
}

/// Field resolution (JVMS 5.4.3.2): the class, its superinterfaces, then its superclasses.
pub fn find_field<'a>(
    classes: &ClassTable,
    class: &'static Class,
    name: &str,
    desc: &str,
) -> Option<(&'static Class, &'static crate::model::class::Field)> {
    let mut c = Some(class);
    while let Some(k) = c {
        if let Some(f) = k.find_field(name, desc) {
            return Some((k, f));
        }
        for &iid in &k.all_interfaces {
            let i = classes.class(iid);
            if let Some(f) = i.find_field(name, desc) {
                return Some((i, f));
            }
        }
        c = k.super_class;
    }
    None
}

/// Method resolution (JVMS 5.4.3.3/4): the class and its superclasses, then superinterfaces
/// (non-abstract first).
pub fn find_method(
    classes: &ClassTable,
    class: &'static Class,
    name: &str,
    desc: &str,
) -> Option<&'static Method> {
    let mut c = Some(class);
    while let Some(k) = c {
        if let Some(m) = k.find_declared_method(name, desc) {
            return Some(m);
        }
        c = k.super_class;
    }
    let mut abstract_match = None;
    for &iid in &class.all_interfaces {
        if let Some(m) = classes.class(iid).find_declared_method(name, desc) {
            if !m.is_abstract() {
                return Some(m);
            }
            abstract_match.get_or_insert(m);
        }
    }
    abstract_match
}
