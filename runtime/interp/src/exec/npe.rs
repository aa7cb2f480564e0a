//! Helpful NullPointerException messages (JEP 358), worded exactly as HotSpot 17 words them.
//!
//! `NullPointerException.getMessage()` asks the VM (`getExtendedNPEMessage`) for a message when
//! the exception has none. The VM looks at the top frame of the exception's backtrace: the
//! instruction at that bytecode index says what failed (`Cannot invoke "String.length()"`), and
//! a backward analysis of the method's bytecode says where the null came from (`because
//! "<local1>" is null`). This is a port of HotSpot's `bytecodeUtils.cpp`
//! (`ExceptionMessageBuilder`), rule for rule, including where it gives up:
//!
//! * The analysis simulates the operand stack of every instruction, recording for each slot the
//!   bci of the instruction that pushed it; paths that merge with different sources forget it.
//!   It stops as soon as the faulting instruction has a stack (so a loop's back edge may not have
//!   been merged yet, as in HotSpot), and after a million stack entries.
//! * The source is printed at most five levels deep (`this.a.b[2].c`); an array index that is
//!   not a constant or local prints as `...`.
//! * An exception created by `new NullPointerException()` (its top frame is the `<init>` call),
//!   one thrown by a native method, or at an instruction that cannot throw one has no message.
//! * Locals are named from the LocalVariableTable (javac -g); without one, `this`,
//!   `<parameterN>` for an unwritten parameter slot, else `<localN>`.

use crate::classfile::{
    parse_method_descriptor, Code as RawCode, Constant, ConstantPool, FieldType,
};
use crate::model::class::Method;

/// HotSpot's `_max_entries`: the analysis gives up after this many simulated stack entries.
const MAX_ENTRIES: usize = 1_000_000;
/// HotSpot's `_max_cause_detail`: how deep the source of the null is described.
const MAX_CAUSE_DETAIL: u32 = 5;

/// The message HotSpot gives a NullPointerException thrown at `bci` of `method`, or None when it
/// gives none.
pub fn message_at(method: &Method, cp: &ConstantPool, bci: u32) -> Option<String> {
    if method.is_native() {
        return None;
    }
    let code = method.raw_code.as_ref()?;
    let bci = bci as usize;
    if bci >= code.bytecode.len() {
        return None;
    }
    let analysis = Analysis::run(method, code, cp, bci);
    let NullSlot::Slot(slot) = analysis.null_slot(bci) else {
        return None;
    };
    let mut out = analysis.failed_action(bci)?;
    analysis.print_cause(&mut out, bci, slot);
    Some(out)
}

/// Which operand-stack slot (0 = top) held the null at the faulting instruction.
enum NullSlot {
    Slot(usize),
    /// `invokespecial <init>`: an explicitly constructed exception, no message.
    ExplicitlyConstructed,
    /// The instruction cannot throw a NullPointerException.
    Invalid,
}

/// One simulated operand stack: per slot (bottom first), the bci that pushed the value, or None
/// when merged paths disagree; and which locals (below 64) some path has stored to.
#[derive(Clone, Default)]
struct SimStack {
    slots: Vec<Option<u32>>,
    written_locals: u64,
}

impl SimStack {
    fn push(&mut self, bci: usize, size: usize) {
        for _ in 0..size {
            self.slots.push(Some(bci as u32));
        }
    }

    fn pop(&mut self, n: usize) {
        let keep = self.slots.len().saturating_sub(n);
        self.slots.truncate(keep);
    }

    /// The source of slot `slot` counted from the top (0 = top of stack).
    fn get(&self, slot: usize) -> Option<u32> {
        let len = self.slots.len();
        if slot >= len {
            return None;
        }
        self.slots[len - 1 - slot]
    }

    fn push_raw(&mut self, source: Option<u32>) {
        self.slots.push(source);
    }

    fn set_local_written(&mut self, index: usize) {
        if index < 64 {
            self.written_locals |= 1 << index;
        }
    }

    fn local_was_written(&self, index: usize) -> bool {
        index > 63 || self.written_locals & (1 << index) != 0
    }

    fn merge(&mut self, other: &SimStack) {
        if self.slots.len() != other.slots.len() {
            // Not produced by javac; HotSpot asserts. Forget every source.
            self.slots.iter_mut().for_each(|s| *s = None);
        } else {
            for (mine, theirs) in self.slots.iter_mut().zip(&other.slots) {
                if *mine != *theirs {
                    *mine = None;
                }
            }
        }
        self.written_locals |= other.written_locals;
    }
}

/// The stacks of one method, computed as far as HotSpot computes them for a given bci.
struct Analysis<'a> {
    method: &'a Method,
    code: &'a [u8],
    locals: &'a [crate::classfile::LocalVariable],
    cp: &'a ConstantPool,
    stacks: Vec<Option<SimStack>>,
    entries: usize,
    added_one: bool,
    all_processed: bool,
}

fn u16_at(code: &[u8], at: usize) -> usize {
    match code.get(at..at + 2) {
        Some(b) => u16::from_be_bytes([b[0], b[1]]) as usize,
        None => 0,
    }
}

fn i16_at(code: &[u8], at: usize) -> i64 {
    u16_at(code, at) as u16 as i16 as i64
}

fn i32_at(code: &[u8], at: usize) -> i64 {
    match code.get(at..at + 4) {
        Some(b) => i32::from_be_bytes([b[0], b[1], b[2], b[3]]) as i64,
        None => 0,
    }
}

/// The operand-stack slots of a value of the type `descriptor` starts with (0 for void).
fn descriptor_slots(descriptor: &str) -> usize {
    match descriptor.as_bytes().first() {
        Some(b'J' | b'D') => 2,
        Some(b'V') | None => 0,
        _ => 1,
    }
}

/// A type as Java source names it: `int`, `java.lang.String`, `int[][]`.
fn external_type(t: &FieldType) -> String {
    match t {
        FieldType::Byte => "byte".into(),
        FieldType::Char => "char".into(),
        FieldType::Double => "double".into(),
        FieldType::Float => "float".into(),
        FieldType::Int => "int".into(),
        FieldType::Long => "long".into(),
        FieldType::Short => "short".into(),
        FieldType::Boolean => "boolean".into(),
        FieldType::Object(name) => name.replace('/', "."),
        FieldType::Array(element) => format!("{}[]", external_type(element)),
    }
}

/// HotSpot's `print_klass_name`: the external name, with `java.lang.Object` and
/// `java.lang.String` shortened.
fn klass_name(binary: &str) -> String {
    let name = binary.replace('/', ".");
    match name.as_str() {
        "java.lang.Object" => "Object".into(),
        "java.lang.String" => "String".into(),
        _ => name,
    }
}

/// HotSpot's `trim_well_known_class_names_from_signature`: drops `java.lang.` from a parameter
/// (at the start or after `, `) whose name starts with `Object` or `String` — only the first 16
/// characters are compared, so `java.lang.StringBuilder` becomes `StringBuilder` too.
fn trim_well_known_class_names(signature: &str) -> String {
    let s = signature.as_bytes();
    if s.len() < "java.lang.String".len() {
        return signature.to_string();
    }
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        let at_param_start = i == 0 || (i > 1 && &s[i - 2..i] == b", ");
        let rest = &s[i..];
        if at_param_start
            && (rest.starts_with(b"java.lang.Object") || rest.starts_with(b"java.lang.String"))
        {
            i += "java.lang.".len();
        }
        out.push(s[i]);
        i += 1;
    }
    String::from_utf8(out).unwrap_or_else(|_| signature.to_string())
}

impl<'a> Analysis<'a> {
    /// Simulates the method's operand stacks until the one at `bci` is known (HotSpot's
    /// `ExceptionMessageBuilder(method, bci)`).
    fn run(method: &'a Method, code: &'a RawCode, cp: &'a ConstantPool, bci: usize) -> Self {
        let len = code.bytecode.len();
        let mut a = Analysis {
            method,
            code: &code.bytecode,
            locals: &code.local_variables,
            cp,
            stacks: vec![None; len + 1],
            entries: 0,
            added_one: true,
            all_processed: false,
        };
        a.stacks[0] = Some(SimStack::default());
        for h in &code.exception_table {
            let at = h.handler_pc as usize;
            if a.stacks[at].is_none() {
                let mut s = SimStack::default();
                s.push(at, 1);
                a.stacks[at] = Some(s);
            }
        }
        while !a.all_processed && a.added_one {
            a.all_processed = true;
            a.added_one = false;
            let mut i = 0;
            while i < len {
                i += a.do_instruction(i);
                if bci == i && a.stacks[i].is_some() {
                    a.all_processed = true;
                    break;
                }
                if a.entries > MAX_ENTRIES {
                    return a;
                }
            }
        }
        a
    }

    fn merge_into(&mut self, at: usize, stack: &SimStack) {
        let Some(target) = self.stacks.get_mut(at) else {
            return;
        };
        match target {
            Some(existing) => {
                let mut merged = stack.clone();
                merged.merge(existing);
                *existing = merged;
            }
            None => {
                self.added_one = true;
                self.entries += stack.slots.len();
                *target = Some(stack.clone());
            }
        }
    }

    fn member_descriptor(&self, index: usize) -> Option<(String, String, String)> {
        let m = self.cp.member_ref(index as u16).ok()?;
        Some((m.class, m.name, m.descriptor))
    }

    /// Arguments' slots and the result's slots of the method `descriptor`.
    fn call_shape(descriptor: &str) -> (usize, usize) {
        match parse_method_descriptor(descriptor) {
            Ok(d) => (d.arg_slots(), d.ret.as_ref().map_or(0, FieldType::slots)),
            Err(_) => (0, 0),
        }
    }

    /// Simulates the instruction at `bci`; returns its length.
    fn do_instruction(&mut self, bci: usize) -> usize {
        let code = self.code;
        let len = match crate::link::decode::instruction_length(code, bci) {
            Ok(l) => l,
            Err(_) => return code.len() - bci,
        };
        let Some(mut stack) = self.stacks[bci].clone() else {
            self.all_processed = false;
            return len;
        };
        let mut op = code[bci];
        let mut pos = bci + 1;
        let is_wide = op == 0xc4;
        if is_wide {
            op = code.get(bci + 1).copied().unwrap_or(0);
            pos += 1;
        }
        let local_index = || match is_wide {
            true => u16_at(code, bci + 2),
            false => code.get(bci + 1).copied().unwrap_or(0) as usize,
        };
        let mut dest: Option<i64> = None;
        let mut dests: Vec<i64> = Vec::new();
        let mut flow_ended = false;
        match op {
            // Constants and loads push one value; long and double take two slots.
            0x00 => {}
            0x01..=0x08 | 0x0b..=0x0d | 0x10 | 0x11 => stack.push(bci, 1),
            0x09 | 0x0a | 0x0e | 0x0f => stack.push(bci, 2),
            0x15 | 0x17 | 0x19 | 0x1a..=0x1d | 0x22..=0x25 | 0x2a..=0x2d => stack.push(bci, 1),
            0x16 | 0x18 | 0x1e..=0x21 | 0x26..=0x29 => stack.push(bci, 2),
            0x84 => {} // iinc pushes nothing and is not a store
            0xbb => stack.push(bci, 1),
            0x12..=0x14 => {
                let index = if op == 0x12 {
                    code.get(pos).copied().unwrap_or(0) as u16
                } else {
                    u16_at(code, pos) as u16
                };
                let size = match self.cp.get(index) {
                    Ok(Constant::Long(_) | Constant::Double(_)) => 2,
                    Ok(Constant::Dynamic { .. }) => self
                        .cp
                        .invoke_dynamic(index)
                        .map_or(1, |(_, _, d)| descriptor_slots(d)),
                    _ => 1,
                };
                stack.push(bci, size);
            }
            // Array loads.
            0x2e | 0x30 | 0x32..=0x35 => {
                stack.pop(2);
                stack.push(bci, 1);
            }
            0x2f | 0x31 => {
                stack.pop(2);
                stack.push(bci, 2);
            }
            // Stores.
            0x36 | 0x38 | 0x3a => {
                stack.set_local_written(local_index());
                stack.pop(1);
            }
            0x37 | 0x39 => {
                stack.set_local_written(local_index());
                stack.pop(2);
            }
            0x3b..=0x4e => {
                let group = (op - 0x3b) / 4; // istore, lstore, fstore, dstore, astore
                stack.set_local_written(((op - 0x3b) % 4) as usize);
                stack.pop(if group == 1 || group == 3 { 2 } else { 1 });
            }
            // Array stores, pops, monitors.
            0x4f | 0x51 | 0x53..=0x56 => stack.pop(3),
            0x50 | 0x52 => stack.pop(4),
            0x57 | 0xc2 | 0xc3 => stack.pop(1),
            0x58 => stack.pop(2),
            // Stack shuffles copy the sources.
            0x59 => {
                let top = stack.get(0);
                stack.push_raw(top);
            }
            0x5a => {
                let (t1, t2) = (stack.get(0), stack.get(1));
                stack.pop(2);
                [t1, t2, t1].into_iter().for_each(|s| stack.push_raw(s));
            }
            0x5b => {
                let (t1, t2, t3) = (stack.get(0), stack.get(1), stack.get(2));
                stack.pop(3);
                [t1, t3, t2, t1].into_iter().for_each(|s| stack.push_raw(s));
            }
            0x5c => {
                let (t1, t2) = (stack.get(0), stack.get(1));
                [t2, t1].into_iter().for_each(|s| stack.push_raw(s));
            }
            0x5d => {
                let (t1, t2, t3) = (stack.get(0), stack.get(1), stack.get(2));
                stack.pop(3);
                [t2, t1, t3, t2, t1]
                    .into_iter()
                    .for_each(|s| stack.push_raw(s));
            }
            0x5e => {
                let (t1, t2, t3, t4) = (stack.get(0), stack.get(1), stack.get(2), stack.get(3));
                stack.pop(4);
                [t2, t1, t4, t3, t2, t1]
                    .into_iter()
                    .for_each(|s| stack.push_raw(s));
            }
            0x5f => {
                let (t1, t2) = (stack.get(0), stack.get(1));
                stack.pop(2);
                stack.push_raw(t1);
                stack.push_raw(t2);
            }
            // Arithmetic: int, long, float, double in turn.
            0x60..=0x73 | 0x7e..=0x83 => {
                let size = if (op - 0x60) % 2 == 1 { 2 } else { 1 };
                stack.pop(2 * size);
                stack.push(bci, size);
            }
            0x74..=0x77 => {
                let size = if (op - 0x74) % 2 == 1 { 2 } else { 1 };
                stack.pop(size);
                stack.push(bci, size);
            }
            0x78..=0x7d => {
                let size = if (op - 0x78) % 2 == 1 { 2 } else { 1 };
                stack.pop(1 + size);
                stack.push(bci, size);
            }
            // Conversions: (popped, pushed).
            0x85..=0x93 => {
                let (popped, pushed) = match op {
                    0x85 => (1, 2),
                    0x86 => (1, 1),
                    0x87 => (1, 2),
                    0x88 | 0x89 => (2, 1),
                    0x8a => (2, 2),
                    0x8b => (1, 1),
                    0x8c | 0x8d => (1, 2),
                    0x8e => (2, 1),
                    0x8f => (2, 2),
                    0x90 => (2, 1),
                    _ => (1, 1),
                };
                stack.pop(popped);
                stack.push(bci, pushed);
            }
            0x94 | 0x97 | 0x98 => {
                stack.pop(4);
                stack.push(bci, 1);
            }
            0x95 | 0x96 => {
                stack.pop(2);
                stack.push(bci, 1);
            }
            // Branches.
            0x99..=0x9e | 0xc6 | 0xc7 => {
                stack.pop(1);
                dest = Some(bci as i64 + i16_at(code, pos));
            }
            0x9f..=0xa6 => {
                stack.pop(2);
                dest = Some(bci as i64 + i16_at(code, pos));
            }
            0xa7 => {
                dest = Some(bci as i64 + i16_at(code, pos));
                flow_ended = true;
            }
            0xc8 => {
                dest = Some(bci as i64 + i32_at(code, pos));
                flow_ended = true;
            }
            0xaa => {
                stack.pop(1);
                let p = (pos + 3) & !3;
                dest = Some(bci as i64 + i32_at(code, p));
                let (low, high) = (i32_at(code, p + 4), i32_at(code, p + 8));
                for i in low..=high {
                    dests.push(bci as i64 + i32_at(code, p + 12 + 4 * (i - low) as usize));
                }
            }
            0xab => {
                stack.pop(1);
                let p = (pos + 3) & !3;
                dest = Some(bci as i64 + i32_at(code, p));
                let n = i32_at(code, p + 4).max(0) as usize;
                for i in 0..n {
                    dests.push(bci as i64 + i32_at(code, p + 12 + 8 * i));
                }
            }
            // Returns and athrow end the flow (what they pop does not matter).
            0xac..=0xb1 | 0xbf => flow_ended = true,
            // Field accesses.
            0xb2..=0xb5 => {
                let size = self
                    .member_descriptor(u16_at(code, pos))
                    .map_or(1, |(_, _, d)| descriptor_slots(&d));
                match op {
                    0xb2 => stack.push(bci, size),
                    0xb4 => {
                        stack.pop(1);
                        stack.push(bci, size);
                    }
                    0xb3 => stack.pop(size),
                    _ => stack.pop(size + 1),
                }
            }
            // Invocations.
            0xb6..=0xb9 => {
                let descriptor = self
                    .member_descriptor(u16_at(code, pos))
                    .map(|(_, _, d)| d)
                    .unwrap_or_default();
                let (args, result) = Self::call_shape(&descriptor);
                if op != 0xb8 {
                    stack.pop(1);
                }
                stack.pop(args);
                stack.push(bci, result);
            }
            0xba => {
                let descriptor = self
                    .cp
                    .invoke_dynamic(u16_at(code, pos) as u16)
                    .map(|(_, _, d)| d.to_string())
                    .unwrap_or_default();
                let (args, result) = Self::call_shape(&descriptor);
                stack.pop(args);
                stack.push(bci, result);
            }
            0xbc | 0xbd | 0xbe | 0xc1 => {
                stack.pop(1);
                stack.push(bci, 1);
            }
            0xc0 => {}
            0xc5 => {
                stack.pop(code.get(pos + 2).copied().unwrap_or(0) as usize);
                stack.push(bci, 1);
            }
            _ => {
                // HotSpot: "Allow at least the bcis which have stack info to work."
                self.all_processed = false;
                self.added_one = false;
                return len;
            }
        }
        if !flow_ended {
            self.merge_into(bci + len, &stack);
        }
        for target in dest.into_iter().chain(dests) {
            if target >= 0 {
                self.merge_into(target as usize, &stack);
            }
        }
        len
    }

    /// HotSpot's `get_NPE_null_slot`.
    fn null_slot(&self, bci: usize) -> NullSlot {
        let code = self.code;
        let mut op = code[bci];
        let mut pos = bci + 1;
        if op == 0xc4 {
            op = code.get(bci + 1).copied().unwrap_or(0);
            pos += 1;
        }
        match op {
            0xb4 | 0xbe | 0xbf | 0xc2 | 0xc3 => NullSlot::Slot(0),
            0x2e..=0x35 => NullSlot::Slot(1),
            0x4f | 0x51 | 0x53..=0x56 => NullSlot::Slot(2),
            0x50 | 0x52 => NullSlot::Slot(3),
            0xb5 => match self.member_descriptor(u16_at(code, pos)) {
                Some((_, _, d)) => NullSlot::Slot(descriptor_slots(&d)),
                None => NullSlot::Invalid,
            },
            0xb6 | 0xb7 | 0xb9 => match self.member_descriptor(u16_at(code, pos)) {
                Some((_, name, _)) if name == "<init>" => NullSlot::ExplicitlyConstructed,
                Some((_, _, d)) => NullSlot::Slot(Self::call_shape(&d).0),
                None => NullSlot::Invalid,
            },
            _ => NullSlot::Invalid,
        }
    }

    /// HotSpot's `print_method_name`: `Type.name(ParamType, ...)`.
    fn method_name(&self, index: usize) -> String {
        let Some((class, name, descriptor)) = self.member_descriptor(index) else {
            return String::new();
        };
        let params = match parse_method_descriptor(&descriptor) {
            Ok(d) => d
                .params
                .iter()
                .map(external_type)
                .collect::<Vec<_>>()
                .join(", "),
            Err(_) => String::new(),
        };
        format!(
            "{}.{name}({})",
            klass_name(&class),
            trim_well_known_class_names(&params)
        )
    }

    fn field_name(&self, index: usize) -> String {
        self.member_descriptor(index)
            .map(|(_, name, _)| name)
            .unwrap_or_default()
    }

    /// HotSpot's `print_NPE_failed_action`.
    fn failed_action(&self, bci: usize) -> Option<String> {
        let code = self.code;
        let mut op = code[bci];
        let mut pos = bci + 1;
        if op == 0xc4 {
            op = code.get(bci + 1).copied().unwrap_or(0);
            pos += 1;
        }
        let array = |kind: &str, verb: &str| Some(format!("Cannot {verb} {kind} array"));
        match op {
            0x2e => array("int", "load from"),
            0x30 => array("float", "load from"),
            0x32 => array("object", "load from"),
            0x33 => array("byte/boolean", "load from"),
            0x34 => array("char", "load from"),
            0x35 => array("short", "load from"),
            0x2f => array("long", "load from"),
            0x31 => array("double", "load from"),
            0x4f => array("int", "store to"),
            0x51 => array("float", "store to"),
            0x53 => array("object", "store to"),
            0x54 => array("byte/boolean", "store to"),
            0x55 => array("char", "store to"),
            0x56 => array("short", "store to"),
            0x50 => array("long", "store to"),
            0x52 => array("double", "store to"),
            0xbe => Some("Cannot read the array length".into()),
            0xbf => Some("Cannot throw exception".into()),
            0xc2 => Some("Cannot enter synchronized block".into()),
            0xc3 => Some("Cannot exit synchronized block".into()),
            0xb4 => Some(format!(
                "Cannot read field \"{}\"",
                self.field_name(u16_at(code, pos))
            )),
            0xb5 => Some(format!(
                "Cannot assign field \"{}\"",
                self.field_name(u16_at(code, pos))
            )),
            0xb6 | 0xb7 | 0xb9 => Some(format!(
                "Cannot invoke \"{}\"",
                self.method_name(u16_at(code, pos))
            )),
            _ => None,
        }
    }

    /// HotSpot's `print_NPE_cause`: ` because "<what>" is null`, or nothing.
    fn print_cause(&self, out: &mut String, bci: usize, slot: usize) {
        if self.print_cause0(out, bci, slot, MAX_CAUSE_DETAIL, false, Some(" because \"")) {
            out.push_str("\" is null");
        }
    }

    /// HotSpot's `print_NPE_cause0`: describes the instruction that pushed `slot` of the stack
    /// at `bci`, recursing into array and field sources; false if nothing was described.
    fn print_cause0(
        &self,
        out: &mut String,
        bci: usize,
        slot: usize,
        max_detail: u32,
        inner_expr: bool,
        prefix: Option<&str>,
    ) -> bool {
        if max_detail == 0 {
            return false;
        }
        let Some(Some(stack)) = self.stacks.get(bci) else {
            return false;
        };
        let Some(source) = stack.get(slot) else {
            return false;
        };
        let code = self.code;
        let source = source as usize;
        let mut op = code[source];
        let mut pos = source + 1;
        let is_wide = op == 0xc4;
        if is_wide {
            op = code.get(source + 1).copied().unwrap_or(0);
            pos += 1;
        }
        let is_invoke = matches!(op, 0xb6..=0xb9);
        if max_detail == MAX_CAUSE_DETAIL && !is_invoke {
            if let Some(p) = prefix {
                out.push_str(p);
            }
        }
        let local = |out: &mut String, index: usize| {
            self.print_local_var(out, source, index, !stack.local_was_written(index))
        };
        match op {
            0x1a..=0x1d => local(out, (op - 0x1a) as usize),
            0x2a..=0x2d => local(out, (op - 0x2a) as usize),
            0x15 | 0x19 => {
                let index = match is_wide {
                    true => u16_at(code, source + 2),
                    false => code.get(source + 1).copied().unwrap_or(0) as usize,
                };
                local(out, index)
            }
            0x01 => out.push_str("null"),
            0x02..=0x08 => out.push_str(&(op as i32 - 3).to_string()),
            0x10 => out.push_str(&(code.get(source + 1).copied().unwrap_or(0) as i8).to_string()),
            // sipush: HotSpot prints the operand unsigned.
            0x11 => out.push_str(&u16_at(code, source + 1).to_string()),
            0x2e | 0x32 => {
                if !self.print_cause0(out, source, 1, max_detail - 1, inner_expr, None) {
                    out.push_str("<array>");
                }
                out.push('[');
                if !self.print_cause0(out, source, 0, max_detail, true, None) {
                    out.push_str("...");
                }
                out.push(']');
            }
            0xb2 => {
                if let Some((class, name, _)) = self.member_descriptor(u16_at(code, pos)) {
                    out.push_str(&format!("{}.{name}", klass_name(&class)));
                }
            }
            0xb4 => {
                if self.print_cause0(out, source, 0, max_detail - 1, inner_expr, None) {
                    out.push('.');
                }
                out.push_str(&self.field_name(u16_at(code, pos)));
            }
            0xb6..=0xb9 => {
                if max_detail == MAX_CAUSE_DETAIL && !inner_expr {
                    out.push_str(" because the return value of \"");
                }
                out.push_str(&self.method_name(u16_at(code, pos)));
            }
            _ => return false,
        }
        true
    }

    /// HotSpot's `print_local_var`: the local's name from the LocalVariableTable, else `this`,
    /// `<parameterN>` or `<localN>`.
    fn print_local_var(&self, out: &mut String, bci: usize, slot: usize, is_parameter: bool) {
        let named = self.locals.iter().find(|v| {
            let start = v.start_pc as usize;
            bci >= start && bci < start + v.length as usize && v.slot as usize == slot
        });
        if let Some(v) = named {
            out.push_str(&v.name);
            return;
        }
        let is_static = self.method.is_static();
        if !is_static && slot == 0 && is_parameter {
            out.push_str("this");
            return;
        }
        let mut current = if is_static { 0 } else { 1 };
        let mut param_index = 1;
        let mut found = false;
        for p in &self.method.params {
            let size = p.slots();
            if slot >= current && slot < current + size {
                found = true;
                break;
            }
            param_index += 1;
            current += size;
        }
        if found && is_parameter {
            out.push_str(&format!("<parameter{param_index}>"));
        } else {
            out.push_str(&format!("<local{slot}>"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameter_names_lose_java_lang_only_before_object_and_string_prefixes() {
        assert_eq!(
            trim_well_known_class_names(
                "java.lang.String, java.lang.Object, java.lang.Integer, java.lang.StringBuilder"
            ),
            "String, Object, java.lang.Integer, StringBuilder"
        );
        assert_eq!(
            trim_well_known_class_names("test.java.lang.String[], int"),
            "test.java.lang.String[], int"
        );
    }

    #[test]
    fn receiver_class_names_shorten_only_object_and_string_exactly() {
        assert_eq!(klass_name("java/lang/String"), "String");
        assert_eq!(klass_name("java/lang/Object"), "Object");
        assert_eq!(
            klass_name("java/lang/StringBuilder"),
            "java.lang.StringBuilder"
        );
        assert_eq!(klass_name("[I"), "[I");
    }
}
