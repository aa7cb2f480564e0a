//! Reading the StackMapTable attribute (JVMS §4.7.4) into frames.

use super::*;

// ---------------------------------------------------------------------------
// The StackMapTable (JVMS §4.7.4)
// ---------------------------------------------------------------------------

/// Reads the StackMapTable attribute's bytes.
pub(super) struct StackMapReader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl StackMapReader<'_> {
    pub(super) fn u8(&mut self) -> VResult<u8> {
        let b = self.bytes.get(self.pos).copied();
        self.pos += 1;
        b.map_or_else(
            || {
                bad(
                    "StackMapTable format error",
                    "access beyond the end of attribute",
                )
            },
            Ok,
        )
    }
    pub(super) fn u16(&mut self) -> VResult<u16> {
        Ok(u16::from_be_bytes([self.u8()?, self.u8()?]))
    }
}

impl MethodVerifier<'_> {
    /// The declared frames, indexed by bytecode offset.
    pub(super) fn read_stack_maps(&self, entry: &Frame) -> VResult<Vec<Option<Frame>>> {
        let mut maps: Vec<Option<Frame>> = vec![None; self.code.len()];
        let Some(bytes) = &self.method.code.stack_map_table else {
            return Ok(maps);
        };
        let mut r = StackMapReader { bytes, pos: 0 };
        let count = r.u16()?;
        let mut previous = entry.clone();
        // The local slots the previous frame declares (chop and append count from there).
        let mut declared = self.entry_slots();
        let mut offset: Option<usize> = None;
        for _ in 0..count {
            let frame_type = r.u8()?;
            let (delta, frame) = self.read_frame(&mut r, frame_type, &previous, &mut declared)?;
            let pc = offset.map_or(delta, |o| o + delta + 1);
            if self.is_start.get(pc) != Some(&true) {
                return bad(
                    "StackMapTable error: bad offset",
                    format!("Frame at offset {pc} is not at an instruction"),
                );
            }
            offset = Some(pc);
            maps[pc] = Some(frame.clone());
            previous = frame;
        }
        if r.pos != bytes.len() {
            return bad("StackMapTable format error", "wrong attribute size");
        }
        Ok(maps)
    }

    /// Local slots the method's arguments take.
    pub(super) fn entry_slots(&self) -> usize {
        let this = (self.method.flags & access::STATIC == 0) as usize;
        let args = parse_method_descriptor(self.method.descriptor).map_or(0, |d| d.arg_slots());
        this + args
    }

    /// One stack_map_frame: its offset_delta and the frame.
    pub(super) fn read_frame(
        &self,
        r: &mut StackMapReader,
        frame_type: u8,
        previous: &Frame,
        declared: &mut usize,
    ) -> VResult<(usize, Frame)> {
        let same_locals = |stack: Vec<VType>| Frame {
            locals: previous.locals.clone(),
            stack,
            this_uninit: previous.this_uninit,
        };
        Ok(match frame_type {
            0..=63 => (frame_type as usize, same_locals(vec![])),
            64..=127 => {
                let stack = self.read_stack(r, 1)?;
                ((frame_type - 64) as usize, same_locals(stack))
            }
            247 => {
                let delta = r.u16()? as usize;
                (delta, same_locals(self.read_stack(r, 1)?))
            }
            248..=250 => {
                let delta = r.u16()? as usize;
                let locals = self.chop(previous, declared, (251 - frame_type) as usize)?;
                (delta, self.frame_of(locals, vec![]))
            }
            251 => (r.u16()? as usize, same_locals(vec![])),
            252..=254 => {
                let delta = r.u16()? as usize;
                let mut locals = (*previous.locals).clone();
                for _ in 0..frame_type - 251 {
                    let t = self.read_type(r)?;
                    *declared = self.place_local(&mut locals, *declared, t)?;
                }
                (delta, self.frame_of(locals, vec![]))
            }
            255 => {
                let delta = r.u16()? as usize;
                let mut locals = vec![VType::Top; self.max_locals];
                *declared = 0;
                for _ in 0..r.u16()? {
                    let t = self.read_type(r)?;
                    *declared = self.place_local(&mut locals, *declared, t)?;
                }
                let stack_items = r.u16()? as usize;
                let stack = self.read_stack(r, stack_items)?;
                (delta, self.frame_of(locals, stack))
            }
            _ => {
                return bad(
                    "StackMapTable format error",
                    format!("reserved frame type {frame_type}"),
                )
            }
        })
    }

    /// A frame's flag follows from its locals: uninitializedThis means a constructor that has
    /// not called super() yet.
    pub(super) fn frame_of(&self, locals: Vec<VType>, stack: Vec<VType>) -> Frame {
        let this_uninit = locals.contains(&VType::UninitThis);
        Frame {
            locals: Rc::new(locals),
            stack,
            this_uninit,
        }
    }

    /// Puts `t` at local slot `at` (two slots for long/double); returns the next free slot.
    pub(super) fn place_local(&self, locals: &mut [VType], at: usize, t: VType) -> VResult<usize> {
        let width = if t.is_category2() { 2 } else { 1 };
        if at + width > self.max_locals {
            return bad(
                "StackMapTable error: local variable table overflow",
                format!(
                    "frame declares more locals than max_locals {}",
                    self.max_locals
                ),
            );
        }
        locals[at] = t;
        if width == 2 {
            locals[at + 1] = VType::Top;
        }
        Ok(at + width)
    }

    /// The previous frame's locals without its last `k` declared locals.
    pub(super) fn chop(
        &self,
        previous: &Frame,
        declared: &mut usize,
        k: usize,
    ) -> VResult<Vec<VType>> {
        let mut locals = (*previous.locals).clone();
        for _ in 0..k {
            if *declared == 0 {
                return bad(
                    "StackMapTable format error",
                    "chop frame removes more locals than there are",
                );
            }
            let second_half = *declared >= 2 && locals[*declared - 2].is_category2();
            let width = if second_half { 2 } else { 1 };
            for slot in &mut locals[*declared - width..*declared] {
                *slot = VType::Top;
            }
            *declared -= width;
        }
        Ok(locals)
    }

    pub(super) fn read_stack(&self, r: &mut StackMapReader, items: usize) -> VResult<Vec<VType>> {
        let mut stack = Vec::new();
        for _ in 0..items {
            push_slots(&mut stack, self.read_type(r)?);
            if stack.len() > self.max_stack {
                return bad(
                    "StackMapTable error: stack overflow",
                    format!("frame's stack is larger than max_stack {}", self.max_stack),
                );
            }
        }
        Ok(stack)
    }

    /// One verification_type_info.
    pub(super) fn read_type(&self, r: &mut StackMapReader) -> VResult<VType> {
        Ok(match r.u8()? {
            0 => VType::Top,
            1 => VType::Int,
            2 => VType::Float,
            3 => VType::Double,
            4 => VType::Long,
            5 => VType::Null,
            6 => VType::UninitThis,
            7 => VType::class(self.class_at(r.u16()?)?),
            8 => {
                let pc = r.u16()?;
                if self.code.get(pc as usize) != Some(&0xbb)
                    || self.is_start.get(pc as usize) != Some(&true)
                {
                    return bad(
                        "StackMapTable error: bad uninitialized type",
                        format!("Expecting new instruction at offset {pc}"),
                    );
                }
                VType::Uninit(pc)
            }
            tag => {
                return bad(
                    "StackMapTable format error",
                    format!("bad verification type tag {tag}"),
                )
            }
        })
    }
}

// ---------------------------------------------------------------------------
// Opcode names, for messages
// ---------------------------------------------------------------------------

#[rustfmt::skip]
pub(super) const OPCODE_NAMES: [&str; 202] = [
    "nop", "aconst_null", "iconst_m1", "iconst_0", "iconst_1", "iconst_2", "iconst_3", "iconst_4",
    "iconst_5", "lconst_0", "lconst_1", "fconst_0", "fconst_1", "fconst_2", "dconst_0", "dconst_1",
    "bipush", "sipush", "ldc", "ldc_w", "ldc2_w", "iload", "lload", "fload", "dload", "aload",
    "iload_0", "iload_1", "iload_2", "iload_3", "lload_0", "lload_1", "lload_2", "lload_3",
    "fload_0", "fload_1", "fload_2", "fload_3", "dload_0", "dload_1", "dload_2", "dload_3",
    "aload_0", "aload_1", "aload_2", "aload_3", "iaload", "laload", "faload", "daload", "aaload",
    "baload", "caload", "saload", "istore", "lstore", "fstore", "dstore", "astore", "istore_0",
    "istore_1", "istore_2", "istore_3", "lstore_0", "lstore_1", "lstore_2", "lstore_3", "fstore_0",
    "fstore_1", "fstore_2", "fstore_3", "dstore_0", "dstore_1", "dstore_2", "dstore_3", "astore_0",
    "astore_1", "astore_2", "astore_3", "iastore", "lastore", "fastore", "dastore", "aastore",
    "bastore", "castore", "sastore", "pop", "pop2", "dup", "dup_x1", "dup_x2", "dup2", "dup2_x1",
    "dup2_x2", "swap", "iadd", "ladd", "fadd", "dadd", "isub", "lsub", "fsub", "dsub", "imul",
    "lmul", "fmul", "dmul", "idiv", "ldiv", "fdiv", "ddiv", "irem", "lrem", "frem", "drem", "ineg",
    "lneg", "fneg", "dneg", "ishl", "lshl", "ishr", "lshr", "iushr", "lushr", "iand", "land",
    "ior", "lor", "ixor", "lxor", "iinc", "i2l", "i2f", "i2d", "l2i", "l2f", "l2d", "f2i", "f2l",
    "f2d", "d2i", "d2l", "d2f", "i2b", "i2c", "i2s", "lcmp", "fcmpl", "fcmpg", "dcmpl", "dcmpg",
    "ifeq", "ifne", "iflt", "ifge", "ifgt", "ifle", "if_icmpeq", "if_icmpne", "if_icmplt",
    "if_icmpge", "if_icmpgt", "if_icmple", "if_acmpeq", "if_acmpne", "goto", "jsr", "ret",
    "tableswitch", "lookupswitch", "ireturn", "lreturn", "freturn", "dreturn", "areturn", "return",
    "getstatic", "putstatic", "getfield", "putfield", "invokevirtual", "invokespecial",
    "invokestatic", "invokeinterface", "invokedynamic", "new", "newarray", "anewarray",
    "arraylength", "athrow", "checkcast", "instanceof", "monitorenter", "monitorexit", "wide",
    "multianewarray", "ifnull", "ifnonnull", "goto_w", "jsr_w",
];

pub(super) fn opcode_name(op: u8) -> &'static str {
    OPCODE_NAMES
        .get(op as usize)
        .copied()
        .unwrap_or("<illegal>")
}
