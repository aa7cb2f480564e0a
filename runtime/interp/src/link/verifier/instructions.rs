//! The verifier's rules, instruction by instruction (JVMS §4.10.1.9).

use super::*;

// ---------------------------------------------------------------------------
// The instructions
// ---------------------------------------------------------------------------

pub(super) const INT: VType = VType::Int;

/// The four arithmetic types in opcode order (iadd, ladd, fadd, dadd...).
pub(super) fn arithmetic_type(op: u8) -> VType {
    [VType::Int, VType::Long, VType::Float, VType::Double][(op % 4) as usize].clone()
}

/// Shifts and bitwise operations alternate int (even opcodes) and long (odd).
pub(super) fn int_or_long(op: u8) -> VType {
    match op & 1 {
        0 => VType::Int,
        _ => VType::Long,
    }
}

/// (from, to) of the conversions i2l (0x85) .. i2s (0x93).
pub(super) fn conversion(op: u8) -> (VType, VType) {
    use VType::{Double as D, Float as F, Int as I, Long as L};
    let table = [
        (I, L),
        (I, F),
        (I, D),
        (L, I),
        (L, F),
        (L, D),
        (F, I),
        (F, L),
        (F, D),
        (D, I),
        (D, L),
        (D, F),
        (I, I),
        (I, I),
        (I, I),
    ];
    table[(op - 0x85) as usize].clone()
}

/// The array type names an xaload/xastore accepts, and its element type.
pub(super) fn primitive_array(op: u8) -> (&'static [&'static str], VType) {
    match op {
        0x2e | 0x4f => (&["[I"], VType::Int),
        0x2f | 0x50 => (&["[J"], VType::Long),
        0x30 | 0x51 => (&["[F"], VType::Float),
        0x31 | 0x52 => (&["[D"], VType::Double),
        0x33 | 0x54 => (&["[B", "[Z"], VType::Int),
        0x34 | 0x55 => (&["[C"], VType::Int),
        _ => (&["[S"], VType::Int),
    }
}

/// The type xload/xstore opcodes 0x15-0x2d / 0x36-0x4e move (None: a reference).
pub(super) fn local_type(kind: u8) -> Option<VType> {
    match kind {
        0 => Some(VType::Int),
        1 => Some(VType::Long),
        2 => Some(VType::Float),
        3 => Some(VType::Double),
        _ => None,
    }
}

impl MethodVerifier<'_> {
    /// Applies the instruction at `pc` to `f` (the frame before it becomes the frame after it)
    /// and says where control goes.
    pub(super) fn execute(&self, pc: usize, f: &mut Frame) -> VResult<Flow> {
        let op = self.code[pc];
        match op {
            0x00 => {}
            0x01 => self.push(f, VType::Null)?,
            0x02..=0x08 | 0x10 | 0x11 => self.push(f, INT)?,
            0x09 | 0x0a => self.push(f, VType::Long)?,
            0x0b..=0x0d => self.push(f, VType::Float)?,
            0x0e | 0x0f => self.push(f, VType::Double)?,
            0x12 => self.ldc(f, self.byte(pc + 1)? as u16, false)?,
            0x13 => self.ldc(f, self.u16_at(pc + 1)?, false)?,
            0x14 => self.ldc(f, self.u16_at(pc + 1)?, true)?,
            0x15..=0x19 => self.load(f, op - 0x15, self.byte(pc + 1)? as usize)?,
            0x1a..=0x2d => self.load(f, (op - 0x1a) / 4, ((op - 0x1a) % 4) as usize)?,
            0x2e..=0x35 => self.array_load(f, op)?,
            0x36..=0x3a => self.store(f, op - 0x36, self.byte(pc + 1)? as usize)?,
            0x3b..=0x4e => self.store(f, (op - 0x3b) / 4, ((op - 0x3b) % 4) as usize)?,
            0x4f..=0x56 => self.array_store(f, op)?,
            0x57..=0x5f => self.stack_op(f, op)?,
            0x60..=0x73 => {
                let t = arithmetic_type(op);
                self.pop(f, &t)?;
                self.pop(f, &t)?;
                self.push(f, t)?;
            }
            0x74..=0x77 => {
                let t = arithmetic_type(op);
                self.pop(f, &t)?;
                self.push(f, t)?;
            }
            0x78..=0x7d => {
                let t = int_or_long(op);
                self.pop(f, &INT)?;
                self.pop(f, &t)?;
                self.push(f, t)?;
            }
            0x7e..=0x83 => {
                let t = int_or_long(op);
                self.pop(f, &t)?;
                self.pop(f, &t)?;
                self.push(f, t)?;
            }
            0x84 => {
                self.load_local(f, self.byte(pc + 1)? as usize, Some(&INT))?;
            }
            0x85..=0x93 => {
                let (from, to) = conversion(op);
                self.pop(f, &from)?;
                self.push(f, to)?;
            }
            0x94..=0x98 => {
                let t = [
                    VType::Long,
                    VType::Float,
                    VType::Float,
                    VType::Double,
                    VType::Double,
                ][(op - 0x94) as usize]
                    .clone();
                self.pop(f, &t)?;
                self.pop(f, &t)?;
                self.push(f, INT)?;
            }
            0x99..=0x9e => {
                self.pop(f, &INT)?;
                return Ok(Flow::branch(
                    self.target(pc, self.u16_at(pc + 1)? as i16 as i64)?,
                ));
            }
            0x9f..=0xa4 => {
                self.pop(f, &INT)?;
                self.pop(f, &INT)?;
                return Ok(Flow::branch(
                    self.target(pc, self.u16_at(pc + 1)? as i16 as i64)?,
                ));
            }
            0xa5 | 0xa6 => {
                self.pop_reference(f)?;
                self.pop_reference(f)?;
                return Ok(Flow::branch(
                    self.target(pc, self.u16_at(pc + 1)? as i16 as i64)?,
                ));
            }
            0xa7 => {
                return Ok(Flow::jump(vec![
                    self.target(pc, self.u16_at(pc + 1)? as i16 as i64)?
                ]))
            }
            0xc8 => {
                return Ok(Flow::jump(vec![
                    self.target(pc, self.i32_at(pc + 1)? as i64)?
                ]))
            }
            0xa8 | 0xa9 | 0xc9 => {
                return bad(
                    "Bad instruction",
                    "gcvm does not support jsr/ret (subroutines of class files before version 50)",
                )
            }
            0xaa => return self.table_switch(pc, f),
            0xab => return self.lookup_switch(pc, f),
            0xac..=0xb1 => {
                self.check_return(f, op)?;
                return Ok(Flow::end());
            }
            0xb2..=0xb5 => self.field_access(f, op, self.u16_at(pc + 1)?)?,
            0xb6..=0xb9 => self.invoke(pc, f, op)?,
            0xba => self.invoke_dynamic(pc, f)?,
            0xbb => {
                let class = self.class_at(self.u16_at(pc + 1)?)?;
                if class.starts_with('[') {
                    return bad(
                        "Illegal new instruction",
                        format!("new of the array type {class}"),
                    );
                }
                self.push(f, VType::Uninit(pc as u16))?;
            }
            0xbc => {
                let atype = self.byte(pc + 1)?;
                let Some(array) = crate::link::decode::newarray_type(atype) else {
                    return bad(
                        "Illegal newarray instruction",
                        format!("Bad array type {atype}"),
                    );
                };
                self.pop(f, &INT)?;
                self.push(f, VType::class(array))?;
            }
            0xbd => {
                let element = self.class_at(self.u16_at(pc + 1)?)?;
                let array = array_of(element);
                if array.bytes().take_while(|&b| b == b'[').count() > 255 {
                    return bad(
                        "Illegal anewarray instruction",
                        "Array with too many dimensions",
                    );
                }
                self.pop(f, &INT)?;
                self.push(f, VType::class(&array))?;
            }
            0xbe => {
                let array = self.pop_reference(f)?;
                if array != VType::Null && array.array_name().is_none() {
                    let at = f.stack.len();
                    return bad(
                        "Bad type on operand stack in arraylength",
                        not_assignable(&array, "stack", at, "array type"),
                    );
                }
                self.push(f, INT)?;
            }
            0xbf => {
                self.pop(f, &VType::class(THROWABLE))?;
                return Ok(Flow::end());
            }
            0xc0 => {
                let class = self.class_at(self.u16_at(pc + 1)?)?;
                self.pop(f, &VType::class(OBJECT))?;
                self.push(f, VType::class(class))?;
            }
            0xc1 => {
                self.class_at(self.u16_at(pc + 1)?)?;
                self.pop(f, &VType::class(OBJECT))?;
                self.push(f, INT)?;
            }
            0xc2 | 0xc3 => {
                self.pop_reference(f)?;
            }
            0xc4 => self.wide(pc, f)?,
            0xc5 => self.multi_new_array(pc, f)?,
            0xc6 | 0xc7 => {
                self.pop_reference(f)?;
                return Ok(Flow::branch(
                    self.target(pc, self.u16_at(pc + 1)? as i16 as i64)?,
                ));
            }
            _ => return bad("Bad instruction", format!("Unknown opcode 0x{op:02x}")),
        }
        Ok(Flow::next())
    }

    /// xload: `kind` 0-4 is int, long, float, double, reference.
    pub(super) fn load(&self, f: &mut Frame, kind: u8, index: usize) -> VResult<()> {
        let expected = local_type(kind);
        let actual = self.load_local(f, index, expected.as_ref())?;
        self.push(f, expected.unwrap_or(actual))
    }

    /// xstore: `kind` 0-4 is int, long, float, double, reference (uninitialized ones too).
    pub(super) fn store(&self, f: &mut Frame, kind: u8, index: usize) -> VResult<()> {
        let value = match local_type(kind) {
            Some(t) => {
                self.pop(f, &t)?;
                t
            }
            None => self.pop_reference(f)?,
        };
        self.store_local(f, index, value)
    }

    /// Pops the array operand of xaload/xastore and checks its type against `accepted`
    /// (None: an array of references). Returns it.
    pub(super) fn pop_array(
        &self,
        f: &mut Frame,
        op: u8,
        accepted: Option<&[&str]>,
    ) -> VResult<VType> {
        let array = self.pop_reference(f)?;
        let ok = match (&array, array.array_name(), accepted) {
            (VType::Null, _, _) => true,
            (_, Some(name), Some(names)) => names.contains(&name),
            (_, Some(name), None) => name.starts_with("[L") || name.starts_with("[["),
            _ => false,
        };
        if !ok {
            let at = f.stack.len();
            let wanted = accepted.map_or("an array of references".to_string(), |n| {
                format!("'{}'", n[0])
            });
            return bad(
                format!("Bad type on operand stack in {}", opcode_name(op)),
                not_assignable(&array, "stack", at, &wanted),
            );
        }
        Ok(array)
    }

    pub(super) fn array_load(&self, f: &mut Frame, op: u8) -> VResult<()> {
        self.pop(f, &INT)?;
        if op == 0x32 {
            let array = self.pop_array(f, op, None)?;
            let element = array
                .array_name()
                .and_then(component_of)
                .unwrap_or(VType::Null);
            return self.push(f, element);
        }
        let (names, element) = primitive_array(op);
        self.pop_array(f, op, Some(names))?;
        self.push(f, element)
    }

    pub(super) fn array_store(&self, f: &mut Frame, op: u8) -> VResult<()> {
        if op == 0x53 {
            self.pop(f, &VType::class(OBJECT))?;
            self.pop(f, &INT)?;
            self.pop_array(f, op, None)?;
            return Ok(());
        }
        let (names, element) = primitive_array(op);
        self.pop(f, &element)?;
        self.pop(f, &INT)?;
        self.pop_array(f, op, Some(names))?;
        Ok(())
    }

    /// pop, pop2, dup..., swap.
    pub(super) fn stack_op(&self, f: &mut Frame, op: u8) -> VResult<()> {
        match op {
            0x57 => drop(self.pop_category1(f)?),
            0x58 => drop(self.pop_two_slots(f)?),
            0x59 => {
                let v = self.pop_category1(f)?;
                self.push_all(f, &[v.clone(), v])?;
            }
            0x5a => {
                let v1 = self.pop_category1(f)?;
                let v2 = self.pop_category1(f)?;
                self.push_all(f, &[v1.clone(), v2, v1])?;
            }
            0x5b => {
                let v1 = self.pop_category1(f)?;
                let below = self.pop_two_slots(f)?;
                self.push_slot(f, v1.clone())?;
                self.push_all(f, &below)?;
                self.push_slot(f, v1)?;
            }
            0x5c => {
                let top = self.pop_two_slots(f)?;
                self.push_all(f, &top)?;
                self.push_all(f, &top)?;
            }
            0x5d => {
                let top = self.pop_two_slots(f)?;
                let v = self.pop_category1(f)?;
                self.push_all(f, &top)?;
                self.push_slot(f, v)?;
                self.push_all(f, &top)?;
            }
            0x5e => {
                let top = self.pop_two_slots(f)?;
                let below = self.pop_two_slots(f)?;
                self.push_all(f, &top)?;
                self.push_all(f, &below)?;
                self.push_all(f, &top)?;
            }
            _ => {
                let v1 = self.pop_category1(f)?;
                let v2 = self.pop_category1(f)?;
                self.push_all(f, &[v1, v2])?;
            }
        }
        Ok(())
    }

    pub(super) fn ldc(&self, f: &mut Frame, index: u16, two_slots: bool) -> VResult<()> {
        let major = self.class.major_version;
        let t = match self.class.cp.get(index) {
            Ok(Constant::Integer(_)) => VType::Int,
            Ok(Constant::Float(_)) => VType::Float,
            Ok(Constant::Long(_)) => VType::Long,
            Ok(Constant::Double(_)) => VType::Double,
            Ok(Constant::String { .. }) => VType::class("java/lang/String"),
            Ok(Constant::Class { .. }) if major >= 49 => VType::class("java/lang/Class"),
            Ok(Constant::MethodType { .. }) if major >= 51 => {
                VType::class("java/lang/invoke/MethodType")
            }
            Ok(Constant::MethodHandle { .. }) if major >= 51 => {
                VType::class("java/lang/invoke/MethodHandle")
            }
            Ok(Constant::Dynamic { .. }) => match self.class.cp.invoke_dynamic(index) {
                Ok((_, _, descriptor)) => match parse_field_descriptor(descriptor) {
                    Ok(t) => VType::of_field(&t),
                    Err(e) => return self.cp_error(index, e),
                },
                Err(e) => return self.cp_error(index, e),
            },
            _ => {
                return bad(
                    "Invalid index in ldc",
                    format!("Constant pool entry {index} cannot be loaded by ldc"),
                )
            }
        };
        if t.is_category2() != two_slots {
            return bad(
                "Invalid index in ldc",
                format!("Constant pool entry {index} has the wrong size for this ldc"),
            );
        }
        self.push(f, t)
    }

    pub(super) fn table_switch(&self, pc: usize, f: &mut Frame) -> VResult<Flow> {
        self.pop(f, &INT)?;
        let base = (pc + 4) & !3;
        let mut targets = vec![self.target(pc, self.i32_at(base)? as i64)?];
        let (low, high) = (self.i32_at(base + 4)? as i64, self.i32_at(base + 8)? as i64);
        for i in 0..(high - low + 1).max(0) as usize {
            targets.push(self.target(pc, self.i32_at(base + 12 + 4 * i)? as i64)?);
        }
        Ok(Flow::jump(targets))
    }

    pub(super) fn lookup_switch(&self, pc: usize, f: &mut Frame) -> VResult<Flow> {
        self.pop(f, &INT)?;
        let base = (pc + 4) & !3;
        let mut targets = vec![self.target(pc, self.i32_at(base)? as i64)?];
        let pairs = self.i32_at(base + 4)?.max(0) as usize;
        let mut previous_key = None;
        for i in 0..pairs {
            let key = self.i32_at(base + 8 + 8 * i)?;
            if previous_key.is_some_and(|k| k >= key) {
                return bad(
                    "Bad lookupswitch instruction",
                    "Keys are not sorted in increasing order",
                );
            }
            previous_key = Some(key);
            targets.push(self.target(pc, self.i32_at(base + 12 + 8 * i)? as i64)?);
        }
        Ok(Flow::jump(targets))
    }

    /// ireturn .. areturn, return: the value against the method's return type.
    pub(super) fn check_return(&self, f: &mut Frame, op: u8) -> VResult<()> {
        if op == 0xb1 {
            if self.returns.is_some() {
                return bad(
                    "Method expects a return value",
                    "Return with no value from a method with a return type.",
                );
            }
            if self.is_constructor && f.this_uninit {
                return bad(
                    "Constructor must call super() or this() before return",
                    "uninitializedThis at return.",
                );
            }
            return Ok(());
        }
        let returned = match op {
            0xac => self.pop(f, &VType::Int)?,
            0xad => self.pop(f, &VType::Long)?,
            0xae => self.pop(f, &VType::Float)?,
            0xaf => self.pop(f, &VType::Double)?,
            _ => self.pop_reference(f)?,
        };
        let Some(declared) = &self.returns else {
            return bad(
                "Method does not expect a return value",
                "Return of a value from a void method.",
            );
        };
        let fits = match op {
            0xb0 => declared.is_reference() && self.assignable(&returned, declared)?,
            _ => returned == *declared,
        };
        if !fits {
            let at = f.stack.len();
            return bad("Bad return type", format!("Type {returned} (current frame, stack[{at}]) is not assignable to {declared} (from method signature)"));
        }
        Ok(())
    }

    pub(super) fn field_access(&self, f: &mut Frame, op: u8, index: u16) -> VResult<()> {
        let (class, _, field_type) = self.field_ref(index)?;
        let value = VType::of_field(&field_type);
        match op {
            0xb2 => self.push(f, value)?,
            0xb3 => drop(self.pop(f, &value)?),
            0xb4 => {
                self.pop(f, &VType::class(&class))?;
                self.push(f, value)?;
            }
            _ => {
                self.pop(f, &value)?;
                let receiver = self.pop_slot(f)?;
                let own_field_of_this = receiver == VType::UninitThis && class == self.class.name;
                if !own_field_of_this && !self.assignable(&receiver, &VType::class(&class))? {
                    let at = f.stack.len();
                    return bad(
                        "Bad type on operand stack in putfield",
                        not_assignable(&receiver, "stack", at, &format!("'{class}'")),
                    );
                }
            }
        }
        Ok(())
    }

    /// invokevirtual, invokespecial, invokestatic, invokeinterface.
    pub(super) fn invoke(&self, pc: usize, f: &mut Frame, op: u8) -> VResult<()> {
        let index = self.u16_at(pc + 1)?;
        let constant = self
            .class
            .cp
            .get(index)
            .or_else(|e| self.cp_error(index, e))?;
        let kind_ok = match (op, constant) {
            (0xb6, Constant::MethodRef { .. }) => true,
            (0xb7 | 0xb8, Constant::MethodRef { .. }) => true,
            (0xb7 | 0xb8, Constant::InterfaceMethodRef { .. }) => self.class.major_version >= 52,
            (0xb9, Constant::InterfaceMethodRef { .. }) => true,
            _ => false,
        };
        if !kind_ok {
            return bad(
                "Illegal type at constant pool",
                format!(
                    "Constant pool entry {index} cannot be called by {}",
                    opcode_name(op)
                ),
            );
        }
        let r = self
            .class
            .cp
            .member_ref(index)
            .or_else(|e| self.cp_error(index, e))?;
        let descriptor =
            parse_method_descriptor(&r.descriptor).or_else(|e| self.cp_error(index, e))?;
        let is_init = r.name == "<init>";
        if r.name.starts_with('<') && !(is_init && op == 0xb7) {
            return bad(
                "Illegal call to internal method",
                format!("{} of {}", opcode_name(op), r.name),
            );
        }
        if op == 0xb9 {
            let count = self.byte(pc + 3)? as usize;
            if count != descriptor.arg_slots() + 1 || self.byte(pc + 4)? != 0 {
                return bad(
                    "Inconsistent args count operand in invokeinterface",
                    format!("count {count} for {}", r.descriptor),
                );
            }
        }
        for p in descriptor.params.iter().rev() {
            self.pop(f, &VType::of_field(p))?;
        }
        match op {
            0xb8 => {}
            0xb7 if is_init => {
                if descriptor.ret.is_some() {
                    return bad("Bad <init> method call", "<init> must return void");
                }
                self.construct(f, &r.class)?;
            }
            0xb7 => drop(self.pop(f, &VType::class(self.class.name))?),
            _ => drop(self.pop(f, &VType::class(&r.class))?),
        }
        if let Some(ret) = &descriptor.ret {
            self.push(f, VType::of_field(ret))?;
        }
        Ok(())
    }

    /// invokespecial <init>: pops the object under construction and marks it initialized.
    pub(super) fn construct(&self, f: &mut Frame, class: &str) -> VResult<()> {
        let object = self.pop_reference(f)?;
        let constructed = match &object {
            VType::UninitThis => {
                let allowed = class == self.class.name || Some(class) == self.class.super_name;
                if !allowed {
                    return bad(
                        "Bad <init> method call",
                        format!("Call to {class}.<init> on uninitializedThis"),
                    );
                }
                self.class.name
            }
            VType::Uninit(new_pc) => {
                let made = self.class_at(self.u16_at(*new_pc as usize + 1)?)?;
                if made != class {
                    return bad(
                        "Call to wrong <init> method",
                        format!("{class}.<init> called on an uninitialized '{made}'"),
                    );
                }
                made
            }
            other => {
                let at = f.stack.len();
                return bad(
                    "Bad operand type when invoking <init>",
                    not_assignable(other, "stack", at, "uninitialized type"),
                );
            }
        };
        f.initialize(&object, &VType::class(constructed));
        Ok(())
    }

    pub(super) fn invoke_dynamic(&self, pc: usize, f: &mut Frame) -> VResult<()> {
        let index = self.u16_at(pc + 1)?;
        if self.byte(pc + 3)? != 0 || self.byte(pc + 4)? != 0 {
            return bad(
                "Bad invokedynamic instruction",
                "Third and fourth operand bytes of invokedynamic must be zero",
            );
        }
        if !matches!(self.class.cp.get(index), Ok(Constant::InvokeDynamic { .. })) {
            return self.cp_error(index, "expected an InvokeDynamic");
        }
        let (_, name, descriptor) = self
            .class
            .cp
            .invoke_dynamic(index)
            .or_else(|e| self.cp_error(index, e))?;
        if name.starts_with('<') {
            return bad(
                "Illegal call to internal method",
                format!("invokedynamic of {name}"),
            );
        }
        let descriptor =
            parse_method_descriptor(descriptor).or_else(|e| self.cp_error(index, e))?;
        for p in descriptor.params.iter().rev() {
            self.pop(f, &VType::of_field(p))?;
        }
        if let Some(ret) = &descriptor.ret {
            self.push(f, VType::of_field(ret))?;
        }
        Ok(())
    }

    pub(super) fn wide(&self, pc: usize, f: &mut Frame) -> VResult<()> {
        let op = self.byte(pc + 1)?;
        let index = self.u16_at(pc + 2)? as usize;
        match op {
            0x15..=0x19 => self.load(f, op - 0x15, index),
            0x36..=0x3a => self.store(f, op - 0x36, index),
            0x84 => self.load_local(f, index, Some(&INT)).map(drop),
            _ => bad(
                "Bad instruction",
                format!("Bad wide instruction 0x{op:02x}"),
            ),
        }
    }

    pub(super) fn multi_new_array(&self, pc: usize, f: &mut Frame) -> VResult<()> {
        let class = self.class_at(self.u16_at(pc + 1)?)?;
        let dimensions = self.byte(pc + 3)? as usize;
        let array_dimensions = class.bytes().take_while(|&b| b == b'[').count();
        if dimensions == 0 || dimensions > array_dimensions {
            return bad(
                "Illegal dimension in multianewarray instruction",
                format!("{dimensions} dimensions of {class}"),
            );
        }
        for _ in 0..dimensions {
            self.pop(f, &INT)?;
        }
        self.push(f, VType::class(class))
    }
}
