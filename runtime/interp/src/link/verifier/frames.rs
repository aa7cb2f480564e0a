//! The verifier's frames: assignability and merging of types, the operand stack and locals,
//! and reading operands and constant-pool entries.

use super::*;

// ---------------------------------------------------------------------------
// Assignability and merging
// ---------------------------------------------------------------------------

impl MethodVerifier<'_> {
    /// Is a value of type `from` acceptable where `to` is expected?
    pub(super) fn assignable(&self, from: &VType, to: &VType) -> VResult<bool> {
        Ok(match (from, to) {
            (_, VType::Top) => true,
            (a, b) if a == b => true,
            (VType::Null, VType::Ref(_)) => true,
            (VType::Ref(a), VType::Ref(b)) => self.java_assignable(a, b)?,
            _ => false,
        })
    }

    /// Assignability between class and array types (JVMS isJavaAssignable); interfaces are
    /// treated like Object.
    pub(super) fn java_assignable(&self, from: &str, to: &str) -> VResult<bool> {
        if from == to || to == OBJECT {
            return Ok(true);
        }
        match (from.strip_prefix('['), to.strip_prefix('[')) {
            (Some(from_element), Some(to_element)) => {
                match (reference_name(from_element), reference_name(to_element)) {
                    (Some(f), Some(t)) => self.java_assignable(f, t),
                    _ => Ok(false), // different primitive arrays, or primitive vs reference
                }
            }
            (Some(_), None) => Ok(to == "java/lang/Cloneable" || to == "java/io/Serializable"),
            (None, Some(_)) => Ok(false),
            (None, None) => {
                Ok(self.hierarchy.is_interface(to)? || self.hierarchy.is_subclass(from, to)?)
            }
        }
    }

    pub(super) fn check_frame_assignable(
        &self,
        from: &Frame,
        to: &Frame,
        headline: &str,
    ) -> VResult<()> {
        if from.stack.len() != to.stack.len() {
            return bad(
                headline,
                "Current frame's stack size doesn't match stackmap.",
            );
        }
        let places = [
            ("locals", &from.locals[..], &to.locals[..]),
            ("stack", &from.stack[..], &to.stack[..]),
        ];
        for (place, have, want) in places {
            for (i, (a, b)) in have.iter().zip(want).enumerate() {
                if !self.assignable(a, b)? {
                    return bad(
                        headline,
                        format!("Type {a} (current frame, {place}[{i}]) is not assignable to {b} (stack map, {place}[{i}])"),
                    );
                }
            }
        }
        if from.this_uninit && !to.this_uninit {
            return bad(
                headline,
                "Current frame's flags are not assignable to stack map frame's.",
            );
        }
        Ok(())
    }

    /// Merges the frames reaching one instruction (type inference).
    pub(super) fn merge_frames(&self, old: &Frame, new: &Frame, target: usize) -> VResult<Frame> {
        if old.stack.len() != new.stack.len() {
            return bad(
                "Inconsistent stack height",
                format!(
                    "Inconsistent stack height {} != {} at {target}",
                    old.stack.len(),
                    new.stack.len()
                ),
            );
        }
        let mut locals = Vec::with_capacity(old.locals.len());
        for (a, b) in old.locals.iter().zip(new.locals.iter()) {
            locals.push(self.merge_types(a, b)?);
        }
        let mut stack = Vec::with_capacity(old.stack.len());
        for (i, (a, b)) in old.stack.iter().zip(&new.stack).enumerate() {
            let merged = self.merge_types(a, b)?;
            if merged == VType::Top && (*a != VType::Top || *b != VType::Top) {
                return bad(
                    "Mismatched stack types",
                    format!("Types {a} and {b} meet in stack[{i}] at {target}"),
                );
            }
            stack.push(merged);
        }
        Ok(Frame {
            locals: Rc::new(locals),
            stack,
            this_uninit: old.this_uninit || new.this_uninit,
        })
    }

    pub(super) fn merge_types(&self, a: &VType, b: &VType) -> VResult<VType> {
        Ok(match (a, b) {
            (a, b) if a == b => a.clone(),
            (VType::Null, VType::Ref(_)) => b.clone(),
            (VType::Ref(_), VType::Null) => a.clone(),
            (VType::Ref(x), VType::Ref(y)) => VType::class(&self.least_upper_bound(x, y)?),
            _ => VType::Top,
        })
    }

    /// The closest common supertype of two class or array types (interfaces count as Object).
    pub(super) fn least_upper_bound(&self, a: &str, b: &str) -> VResult<String> {
        match (a.strip_prefix('['), b.strip_prefix('[')) {
            (Some(ea), Some(eb)) => match (reference_name(ea), reference_name(eb)) {
                (Some(x), Some(y)) => Ok(array_of(&self.least_upper_bound(x, y)?)),
                _ => Ok(OBJECT.to_string()),
            },
            (None, None) => {
                if self.hierarchy.is_interface(a)? || self.hierarchy.is_interface(b)? {
                    return Ok(OBJECT.to_string());
                }
                let mut candidate = Some(a.to_string());
                while let Some(c) = candidate {
                    if self.hierarchy.is_subclass(b, &c)? {
                        return Ok(c);
                    }
                    candidate = self.hierarchy.superclass(&c)?;
                }
                Ok(OBJECT.to_string())
            }
            _ => Ok(OBJECT.to_string()),
        }
    }
}

// ---------------------------------------------------------------------------
// Operand stack and locals
// ---------------------------------------------------------------------------

impl MethodVerifier<'_> {
    /// Pushes a value (two slots for long and double).
    pub(super) fn push(&self, f: &mut Frame, t: VType) -> VResult<()> {
        let wide = t.is_category2();
        self.push_slot(f, t)?;
        if wide {
            self.push_slot(f, VType::Top)?;
        }
        Ok(())
    }

    pub(super) fn push_slot(&self, f: &mut Frame, t: VType) -> VResult<()> {
        if f.stack.len() >= self.max_stack {
            return bad("Operand stack overflow", "Exceeded max stack size.");
        }
        f.stack.push(t);
        Ok(())
    }

    pub(super) fn pop_slot(&self, f: &mut Frame) -> VResult<VType> {
        match f.stack.pop() {
            Some(t) => Ok(t),
            None => bad(
                "Operand stack underflow",
                "Attempted to pop from an empty stack.",
            ),
        }
    }

    /// Pops a value assignable to `expected` (two slots for long and double); returns it.
    pub(super) fn pop(&self, f: &mut Frame, expected: &VType) -> VResult<VType> {
        if expected.is_category2() {
            let high = self.pop_slot(f)?;
            if high != VType::Top {
                let at = f.stack.len();
                return bad(
                    "Bad type on operand stack",
                    not_assignable(&high, "stack", at, "category2 type"),
                );
            }
        }
        let actual = self.pop_slot(f)?;
        if !self.assignable(&actual, expected)? {
            let at = f.stack.len();
            return bad(
                "Bad type on operand stack",
                not_assignable(&actual, "stack", at, &expected.to_string()),
            );
        }
        Ok(actual)
    }

    /// Pops any reference, initialized or not.
    pub(super) fn pop_reference(&self, f: &mut Frame) -> VResult<VType> {
        let actual = self.pop_slot(f)?;
        if !actual.is_reference() {
            let at = f.stack.len();
            return bad(
                "Bad type on operand stack",
                not_assignable(&actual, "stack", at, "reference type"),
            );
        }
        Ok(actual)
    }

    /// Pops one slot that is a whole value (not half of a long or double).
    pub(super) fn pop_category1(&self, f: &mut Frame) -> VResult<VType> {
        let actual = self.pop_slot(f)?;
        if actual == VType::Top {
            let at = f.stack.len();
            return bad(
                "Bad type on operand stack",
                not_assignable(&actual, "stack", at, "category1 type"),
            );
        }
        Ok(actual)
    }

    /// Pops two slots — one long or double, or two category-1 values — in stack order.
    pub(super) fn pop_two_slots(&self, f: &mut Frame) -> VResult<Vec<VType>> {
        if f.stack.last() == Some(&VType::Top) {
            self.pop_slot(f)?;
            let value = self.pop_slot(f)?;
            if !value.is_category2() {
                let at = f.stack.len();
                return bad(
                    "Bad type on operand stack",
                    not_assignable(&value, "stack", at, "category2 type"),
                );
            }
            return Ok(vec![value, VType::Top]);
        }
        let top = self.pop_category1(f)?;
        let below = self.pop_category1(f)?;
        Ok(vec![below, top])
    }

    pub(super) fn push_all(&self, f: &mut Frame, slots: &[VType]) -> VResult<()> {
        slots.iter().try_for_each(|t| self.push_slot(f, t.clone()))
    }

    pub(super) fn check_local_index(&self, index: usize, width: usize) -> VResult<()> {
        if index + width > self.max_locals {
            return bad(
                "Illegal local variable number",
                format!(
                    "Local index {index} is invalid (max_locals {})",
                    self.max_locals
                ),
            );
        }
        Ok(())
    }

    /// Reads a local for xload/iinc: it must be assignable to `expected` (any reference for
    /// `aload`, when `expected` is None). Returns its type.
    pub(super) fn load_local(
        &self,
        f: &Frame,
        index: usize,
        expected: Option<&VType>,
    ) -> VResult<VType> {
        let width = expected.map_or(1, |t| if t.is_category2() { 2 } else { 1 });
        self.check_local_index(index, width)?;
        let actual = f.locals[index].clone();
        let ok = match expected {
            None => actual.is_reference(),
            Some(t) => {
                self.assignable(&actual, t)? && (width == 1 || f.locals[index + 1] == VType::Top)
            }
        };
        if !ok {
            let wanted = expected.map_or("reference type".to_string(), |t| t.to_string());
            return bad(
                "Bad local variable type",
                not_assignable(&actual, "locals", index, &wanted),
            );
        }
        Ok(actual)
    }

    /// Stores `t` in local `index` (and `index + 1` for long/double); a long or double that
    /// the store overwrites half of becomes unusable.
    pub(super) fn store_local(&self, f: &mut Frame, index: usize, t: VType) -> VResult<()> {
        let wide = t.is_category2();
        self.check_local_index(index, if wide { 2 } else { 1 })?;
        let locals = Rc::make_mut(&mut f.locals);
        if index > 0 && locals[index - 1].is_category2() {
            locals[index - 1] = VType::Top;
        }
        locals[index] = t;
        if wide {
            locals[index + 1] = VType::Top;
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------
// Reading operands and the constant pool
// ---------------------------------------------------------------------------

impl MethodVerifier<'_> {
    pub(super) fn byte(&self, at: usize) -> VResult<u8> {
        match self.code.get(at) {
            Some(&b) => Ok(b),
            None => bad(
                "Bad instruction",
                format!("operand at {at} past the end of the code"),
            ),
        }
    }

    pub(super) fn u16_at(&self, at: usize) -> VResult<u16> {
        Ok(u16::from_be_bytes([self.byte(at)?, self.byte(at + 1)?]))
    }

    pub(super) fn i32_at(&self, at: usize) -> VResult<i32> {
        let b = [
            self.byte(at)?,
            self.byte(at + 1)?,
            self.byte(at + 2)?,
            self.byte(at + 3)?,
        ];
        Ok(i32::from_be_bytes(b))
    }

    /// A branch target: an instruction start inside the code.
    pub(super) fn target(&self, pc: usize, offset: i64) -> VResult<usize> {
        let target = pc as i64 + offset;
        match usize::try_from(target)
            .ok()
            .filter(|&t| self.is_start.get(t) == Some(&true))
        {
            Some(t) => Ok(t),
            None => bad(
                "Illegal target of jump or branch",
                format!("Branch from {pc} to {target} does not reach an instruction"),
            ),
        }
    }

    pub(super) fn cp_error<T>(&self, index: u16, e: impl fmt::Display) -> VResult<T> {
        bad(
            "Illegal constant pool index",
            format!("Constant pool entry {index}: {e}"),
        )
    }

    pub(super) fn class_at(&self, index: u16) -> VResult<&str> {
        self.class
            .cp
            .class_name(index)
            .or_else(|e| self.cp_error(index, e))
    }

    pub(super) fn field_ref(&self, index: u16) -> VResult<(String, String, FieldType)> {
        if !matches!(self.class.cp.get(index), Ok(Constant::FieldRef { .. })) {
            return self.cp_error(index, "expected a Fieldref");
        }
        let r = self
            .class
            .cp
            .member_ref(index)
            .or_else(|e| self.cp_error(index, e))?;
        let t = parse_field_descriptor(&r.descriptor).or_else(|e| self.cp_error(index, e))?;
        Ok((r.class, r.name, t))
    }
}
