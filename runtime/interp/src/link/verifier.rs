//! The bytecode verifier: type checking (JVMS §4.10.1) and, for old class files, type inference
//! (JVMS §4.10.2).
//!
//! # Why a verifier
//! The interpreter trusts its bytecode: `getfield` reads at a fixed offset from whatever the
//! operand stack holds, `areturn` hands its slot to the caller as a reference. And the collectors
//! are precise: they read a frame's oop map (oopmap.rs) to learn which slots hold references.
//! Both are only right if the code really uses every slot with one type. A class file that
//! returns an int where an `Object` is expected (`iload_0; areturn`) would have the collector
//! follow an integer as a pointer. The verifier proves, before any method of a class runs, that
//! every instruction finds on the operand stack and in the locals the types it needs. It runs
//! once per class, when the class is linked (`Vm::link`: before its initialisation or the first
//! call of one of its methods), and a failure is a `java.lang.VerifyError` with HotSpot's message.
//!
//! # Verification types (JVMS §4.10.1.2)
//! A slot holds one `VType`: `int` (also boolean, byte, char and short), `float`, `long`,
//! `double`, a reference — `null`, a class or array type by name, an *uninitialized* object
//! (made by `new` at some bytecode offset, its constructor not yet called) or
//! `uninitializedThis` (the receiver of a constructor before it calls `super(...)`/`this(...)`)
//! — or `top`, "unusable". `long` and `double` take two slots; the second one is `top`.
//!
//! Types are ordered by *assignability*: every type is assignable to `top`; `null` is assignable
//! to every class and array type; a class type to its superclasses; an array type to `Object`,
//! `Cloneable`, `Serializable` and to arrays of supertypes of its element type. As the JVMS says,
//! every reference type is assignable to an *interface* type: the verifier treats interfaces
//! like `Object`, and `invokeinterface` checks the receiver at run time. Deciding whether class
//! A is assignable to class B needs the hierarchy, so the verifier loads classes as needed
//! (`Hierarchy`), as HotSpot does — but only when the names differ and B is not `Object`.
//!
//! # Frames and the StackMapTable (class files of version 50 and later)
//! A *frame* is the type of every local and every operand-stack slot before an instruction, plus
//! one flag, `flagThisUninit`, set in a constructor until it has called `super(...)`. javac
//! writes a frame (in the `StackMapTable` attribute, compressed as deltas from the previous one)
//! for every instruction that is a branch target, an exception handler, or follows an
//! unconditional jump. With those, checking is one linear pass over the code:
//!
//! 1. The frame before the first instruction comes from the method descriptor (`this`, then the
//!    parameters; `uninitializedThis` in a constructor).
//! 2. For each instruction: if the table has a frame here, the current frame (when control can
//!    fall through from the previous instruction) must be assignable to it, slot by slot, and it
//!    becomes the current frame. After an unconditional jump there must be one.
//! 3. Every exception handler covering the instruction must accept the current locals with the
//!    caught exception type as the only stack slot.
//! 4. The instruction pops the types it needs (each must be assignable to what it expects),
//!    pushes its result, and updates locals. `areturn` checks the value against the method's
//!    return type, `putfield` against the field's type, `invoke*` its arguments against the
//!    method descriptor and the receiver against the method's class.
//! 5. Each branch target must have a frame, and the frame after the instruction must be
//!    assignable to it. Control must not fall off the end of the code.
//!
//! A frame is assignable to another if the stacks have the same height, every slot is assignable
//! to the corresponding one, and flags are a subset. Because every join point carries a declared
//! frame, there is no fixpoint to compute and no type merging.
//!
//! # Objects under construction
//! `new C` pushes `uninitialized(pc)`. Such a value may be copied (`dup`), stored and passed to
//! `invokespecial C.<init>`, which replaces *every* copy of it, in the locals and on the stack,
//! by `C`. In a constructor `uninitializedThis` is replaced the same way by the call to the
//! superclass's (or this class's other) constructor, which clears `flagThisUninit`; `return`
//! with the flag set is an error, as is passing an uninitialized object anywhere else. Before the
//! super call a constructor may only assign fields declared in its own class.
//!
//! # Type inference (class files before version 50)
//! Old class files have no StackMapTable. For them the verifier computes the frames itself: a
//! worklist fixpoint from the entry frame where the frames reaching a join are *merged* (the
//! least upper bound of two class types is their closest common superclass, `Object` for an
//! interface; different primitives merge to `top`, which on the operand stack is an error). The
//! per-instruction rules are the same code as above. gcvm does not implement `jsr`/`ret` (the
//! subroutines of old javac), so code using them is rejected. As in HotSpot, a version-50 file
//! whose stack maps fail to check is retried with inference.
//!
//! # What is deliberately not checked
//! Classes the VM trusts are not verified at all: the embedded class library and the classes
//! the interpreter builds itself (lambda proxies). For the rest, gcvm checks what keeps the
//! interpreter and the collector sound — types of every slot, stack heights, local indices,
//! branch targets, constant-pool entry kinds, constructor protocol — but not the access rules
//! for `protected` members (JVMS §4.10.1.8), nor that `invokespecial` names a superclass
//! method, nor final-method overriding; these are about Java's access semantics, not memory
//! safety. Class-file structure (constant pool, descriptors) was already checked by the parser
//! (classfile.rs), and stack discipline is checked again when the oop maps are computed.

use crate::classfile::{access, parse_field_descriptor, parse_method_descriptor};
use crate::classfile::{Code, Constant, ConstantPool, ExceptionHandler, FieldType};
use crate::model::error::LinkageError;
use std::fmt;
use std::rc::Rc;

const OBJECT: &str = "java/lang/Object";
const THROWABLE: &str = "java/lang/Throwable";

// ---------------------------------------------------------------------------
// What the verifier is given
// ---------------------------------------------------------------------------

/// The class hierarchy, for assignability; loads classes as needed.
pub trait Hierarchy {
    /// Is the class `name` an interface?
    fn is_interface(&self, name: &str) -> Result<bool, LinkageError>;
    /// Is class `sub` the class `sup` or a subclass of it (both are class names, not arrays)?
    fn is_subclass(&self, sub: &str, sup: &str) -> Result<bool, LinkageError>;
    /// The superclass of class `name` (None for java/lang/Object and interfaces' Object).
    fn superclass(&self, name: &str) -> Result<Option<String>, LinkageError>;
}

/// The class a method belongs to.
pub struct ClassContext<'a> {
    pub name: &'a str,
    pub super_name: Option<&'a str>,
    pub major_version: u16,
    pub cp: &'a ConstantPool,
}

/// A method to verify.
pub struct MethodContext<'a> {
    pub name: &'a str,
    pub descriptor: &'a str,
    pub flags: u16,
    pub code: &'a Code,
}

/// Why a method failed verification.
#[derive(Debug, Clone, PartialEq)]
pub enum Failure {
    /// java.lang.VerifyError with this (multi-line, HotSpot-shaped) message.
    Verify(String),
    /// Loading a class the check needed failed (e.g. NoClassDefFoundError).
    Linkage(LinkageError),
}

/// Verifies one method of `class`.
pub fn verify_method(
    class: &ClassContext,
    method: &MethodContext,
    hierarchy: &dyn Hierarchy,
) -> Result<(), Failure> {
    let verifier = MethodVerifier::new(class, method, hierarchy).map_err(|stop| match stop {
        Stop::Bad(p) => Failure::Verify(p.describe(class, method, None, None)),
        Stop::Linkage(e) => Failure::Linkage(e),
    })?;
    let with_stack_maps = class.major_version >= 50;
    let outcome = match with_stack_maps {
        true => verifier.check_with_stack_maps(),
        false => verifier.infer(),
    };
    match outcome {
        Err(Located {
            stop: Stop::Bad(_), ..
        }) if class.major_version == 50 => verifier.infer(),
        other => other,
    }
    .map_err(|located| match located.stop {
        Stop::Bad(p) => {
            Failure::Verify(p.describe(class, method, located.pc, located.frame.as_ref()))
        }
        Stop::Linkage(e) => Failure::Linkage(e),
    })
}

// ---------------------------------------------------------------------------
// Verification types
// ---------------------------------------------------------------------------

/// The type of one local or operand-stack slot (JVMS §4.10.1.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VType {
    Top,
    Int,
    Float,
    Long,
    Double,
    Null,
    UninitThis,
    /// Made by the `new` at this bytecode offset, not yet constructed.
    Uninit(u16),
    /// A class (`java/lang/String`) or array type (`[I`, `[Ljava/lang/String;`).
    Ref(Rc<str>),
}

impl VType {
    fn class(name: &str) -> VType {
        VType::Ref(name.into())
    }

    fn of_field(t: &FieldType) -> VType {
        match t {
            FieldType::Boolean
            | FieldType::Byte
            | FieldType::Char
            | FieldType::Short
            | FieldType::Int => VType::Int,
            FieldType::Float => VType::Float,
            FieldType::Long => VType::Long,
            FieldType::Double => VType::Double,
            FieldType::Object(name) => VType::class(name),
            FieldType::Array(_) => VType::class(&t.descriptor()),
        }
    }

    fn is_category2(&self) -> bool {
        matches!(self, VType::Long | VType::Double)
    }

    /// Any reference, initialized or not.
    fn is_reference(&self) -> bool {
        matches!(
            self,
            VType::Null | VType::UninitThis | VType::Uninit(_) | VType::Ref(_)
        )
    }

    fn array_name(&self) -> Option<&str> {
        match self {
            VType::Ref(name) if name.starts_with('[') => Some(name),
            _ => None,
        }
    }
}

/// HotSpot's names: `integer`, `'java/lang/String'`, `uninitializedThis`...
impl fmt::Display for VType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VType::Top => write!(f, "top"),
            VType::Int => write!(f, "integer"),
            VType::Float => write!(f, "float"),
            VType::Long => write!(f, "long"),
            VType::Double => write!(f, "double"),
            VType::Null => write!(f, "null"),
            VType::UninitThis => write!(f, "uninitializedThis"),
            VType::Uninit(pc) => write!(f, "uninitialized({pc})"),
            VType::Ref(name) => write!(f, "'{name}'"),
        }
    }
}

/// Appends `t` to a list of slots: long and double take two, the second `top`.
fn push_slots(slots: &mut Vec<VType>, t: VType) {
    let wide = t.is_category2();
    slots.push(t);
    if wide {
        slots.push(VType::Top);
    }
}

/// The element type of an array type's name: `[I` -> int, `[[I` -> `[I`.
fn component_of(array: &str) -> Option<VType> {
    let element = array.strip_prefix('[')?;
    parse_field_descriptor(element)
        .ok()
        .map(|t| VType::of_field(&t))
}

/// A reference type's name inside a descriptor: `Lfoo/Bar;` -> `foo/Bar`, `[I` -> `[I`.
fn reference_name(descriptor: &str) -> Option<&str> {
    if descriptor.starts_with('[') {
        return Some(descriptor);
    }
    descriptor.strip_prefix('L')?.strip_suffix(';')
}

/// The array type whose elements are the class or array type `element`.
fn array_of(element: &str) -> String {
    match element.starts_with('[') {
        true => format!("[{element}"),
        false => format!("[L{element};"),
    }
}

// ---------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------

/// A verification error without its location: HotSpot's headline and reason.
#[derive(Debug)]
struct Problem {
    headline: String,
    reason: String,
}

#[derive(Debug)]
enum Stop {
    Bad(Problem),
    Linkage(LinkageError),
}

impl From<LinkageError> for Stop {
    fn from(e: LinkageError) -> Stop {
        Stop::Linkage(e)
    }
}

type VResult<T> = Result<T, Stop>;

fn problem(headline: impl Into<String>, reason: impl Into<String>) -> Stop {
    Stop::Bad(Problem {
        headline: headline.into(),
        reason: reason.into(),
    })
}

fn bad<T>(headline: impl Into<String>, reason: impl Into<String>) -> VResult<T> {
    Err(problem(headline, reason))
}

/// A failure at an instruction, with the frame before it.
struct Located {
    stop: Stop,
    pc: Option<usize>,
    frame: Option<Frame>,
}

impl Located {
    fn at(pc: usize, frame: Option<&Frame>) -> impl FnOnce(Stop) -> Located + '_ {
        move |stop| Located {
            stop,
            pc: Some(pc),
            frame: frame.cloned(),
        }
    }
}

impl Problem {
    /// HotSpot's message: the headline, then where, why, the frame and the bytecode.
    fn describe(
        &self,
        class: &ClassContext,
        method: &MethodContext,
        pc: Option<usize>,
        frame: Option<&Frame>,
    ) -> String {
        let code = &method.code.bytecode;
        let pc = pc.filter(|&pc| pc < code.len());
        let mut text = format!("{}\nException Details:\n  Location:\n", self.headline);
        text += &format!("    {}.{}{}", class.name, method.name, method.descriptor);
        if let Some(pc) = pc {
            text += &format!(" @{pc}: {}", opcode_name(code[pc]));
        }
        text += &format!("\n  Reason:\n    {}\n", self.reason);
        if let (Some(pc), Some(frame)) = (pc, frame) {
            text += &frame.describe(pc);
        }
        text + &hex_dump(code)
    }
}

/// `  Bytecode:` and 16 bytes a line, as HotSpot prints them.
fn hex_dump(code: &[u8]) -> String {
    let mut text = String::from("  Bytecode:\n");
    for (line, chunk) in code.chunks(16).enumerate() {
        let pairs: Vec<String> = chunk
            .chunks(2)
            .map(|p| p.iter().map(|b| format!("{b:02x}")).collect())
            .collect();
        text += &format!("    {:07x}: {}\n", line * 16, pairs.join(" "));
    }
    text
}

fn not_assignable(actual: &VType, place: &str, index: usize, expected: &str) -> String {
    format!("Type {actual} (current frame, {place}[{index}]) is not assignable to {expected}")
}

// ---------------------------------------------------------------------------
// Frames
// ---------------------------------------------------------------------------

/// The types before an instruction. `locals` always has `max_locals` entries; it is shared
/// between frames until one changes it.
#[derive(Clone, Debug, PartialEq)]
struct Frame {
    locals: Rc<Vec<VType>>,
    stack: Vec<VType>,
    this_uninit: bool,
}

impl Frame {
    fn describe(&self, pc: usize) -> String {
        let list = |types: &[VType]| {
            let used = types
                .iter()
                .rposition(|t| *t != VType::Top)
                .map_or(0, |i| i + 1);
            let names: Vec<String> = types[..used].iter().map(|t| t.to_string()).collect();
            match names.is_empty() {
                true => "{ }".to_string(),
                false => format!("{{ {} }}", names.join(", ")),
            }
        };
        let flags = match self.this_uninit {
            true => "{ flagThisUninit }",
            false => "{ }",
        };
        format!(
            "  Current Frame:\n    bci: @{pc}\n    flags: {flags}\n    locals: {}\n    stack: {}\n",
            list(&self.locals),
            list(&self.stack)
        )
    }

    /// Replaces every copy of the object `uninit` by the constructed class `class`.
    fn initialize(&mut self, uninit: &VType, class: &VType) {
        let replace = |t: &mut VType| {
            if t == uninit {
                *t = class.clone();
            }
        };
        Rc::make_mut(&mut self.locals).iter_mut().for_each(replace);
        self.stack.iter_mut().for_each(replace);
        if *uninit == VType::UninitThis {
            self.this_uninit = false;
        }
    }
}

/// Where control goes after an instruction.
struct Flow {
    targets: Vec<usize>,
    falls_through: bool,
}

impl Flow {
    fn next() -> Flow {
        Flow {
            targets: vec![],
            falls_through: true,
        }
    }
    fn end() -> Flow {
        Flow {
            targets: vec![],
            falls_through: false,
        }
    }
    fn branch(target: usize) -> Flow {
        Flow {
            targets: vec![target],
            falls_through: true,
        }
    }
    fn jump(targets: Vec<usize>) -> Flow {
        Flow {
            targets,
            falls_through: false,
        }
    }
}

// ---------------------------------------------------------------------------
// The method verifier: set-up and the two drivers
// ---------------------------------------------------------------------------

struct MethodVerifier<'a> {
    class: &'a ClassContext<'a>,
    method: &'a MethodContext<'a>,
    hierarchy: &'a dyn Hierarchy,
    code: &'a [u8],
    /// Instruction offsets, ascending.
    starts: Vec<usize>,
    /// For every offset: does an instruction start there?
    is_start: Vec<bool>,
    max_stack: usize,
    max_locals: usize,
    /// None for void.
    returns: Option<VType>,
    is_constructor: bool,
    /// The exception type each handler pushes.
    catch_types: Vec<VType>,
}

impl<'a> MethodVerifier<'a> {
    fn new(
        class: &'a ClassContext<'a>,
        method: &'a MethodContext<'a>,
        hierarchy: &'a dyn Hierarchy,
    ) -> VResult<MethodVerifier<'a>> {
        let code = &method.code.bytecode[..];
        let starts: Vec<usize> = match crate::link::decode::instruction_starts(code) {
            Ok(starts) => starts.into_iter().map(|s| s as usize).collect(),
            Err(e) => return bad("Bad instruction", e),
        };
        let mut is_start = vec![false; code.len()];
        starts.iter().for_each(|&s| is_start[s] = true);
        let descriptor = match parse_method_descriptor(method.descriptor) {
            Ok(d) => d,
            Err(e) => return bad("Bad method descriptor", e.to_string()),
        };
        let mut verifier = MethodVerifier {
            class,
            method,
            hierarchy,
            code,
            starts,
            is_start,
            max_stack: method.code.max_stack as usize,
            max_locals: method.code.max_locals as usize,
            returns: descriptor.ret.as_ref().map(VType::of_field),
            is_constructor: method.name == "<init>" && method.flags & access::STATIC == 0,
            catch_types: Vec::new(),
        };
        verifier.catch_types = verifier.check_handlers()?;
        Ok(verifier)
    }

    /// Handler ranges start at instructions and catch Throwables; returns the caught types.
    fn check_handlers(&self) -> VResult<Vec<VType>> {
        let mut types = Vec::new();
        for h in &self.method.code.exception_table {
            let at_insn = |pc: u16| self.is_start.get(pc as usize) == Some(&true);
            let end_ok = h.end_pc as usize == self.code.len() || at_insn(h.end_pc);
            if !at_insn(h.start_pc) || !end_ok || !at_insn(h.handler_pc) {
                return bad(
                    "Illegal exception table range",
                    format!(
                        "[{}, {}) -> {} does not start and end at instructions",
                        h.start_pc, h.end_pc, h.handler_pc
                    ),
                );
            }
            let caught = h.catch_type.as_deref().unwrap_or(THROWABLE);
            if !self.java_assignable(caught, THROWABLE)? {
                return bad(
                    format!(
                        "Catch type is not a subclass of Throwable in exception handler {}",
                        h.handler_pc
                    ),
                    format!("'{caught}' is not a subclass of 'java/lang/Throwable'"),
                );
            }
            types.push(VType::class(caught));
        }
        Ok(types)
    }

    /// The frame on entry: `this` and the parameters, the rest unusable.
    fn entry_frame(&self) -> VResult<Frame> {
        let mut locals = Vec::with_capacity(self.max_locals);
        let this_uninit = self.is_constructor && self.class.name != OBJECT;
        if self.method.flags & access::STATIC == 0 {
            locals.push(match this_uninit {
                true => VType::UninitThis,
                false => VType::class(self.class.name),
            });
        }
        let descriptor = parse_method_descriptor(self.method.descriptor)
            .map_err(|e| problem("Bad method descriptor", e.to_string()))?;
        for p in &descriptor.params {
            push_slots(&mut locals, VType::of_field(p));
        }
        if locals.len() > self.max_locals {
            return bad(
                "Arguments can't fit into locals",
                format!(
                    "the arguments take {} slots, max_locals is {}",
                    locals.len(),
                    self.max_locals
                ),
            );
        }
        locals.resize(self.max_locals, VType::Top);
        Ok(Frame {
            locals: Rc::new(locals),
            stack: Vec::new(),
            this_uninit,
        })
    }

    /// Type checking with the StackMapTable (JVMS §4.10.1): one pass over the code.
    fn check_with_stack_maps(&self) -> Result<(), Located> {
        let entry = self.entry_frame().map_err(Located::at(0, None))?;
        let maps = self.read_stack_maps(&entry).map_err(|stop| Located {
            stop,
            pc: None,
            frame: None,
        })?;
        let mut current = Some(entry);
        for &pc in &self.starts {
            if let Some(mapped) = &maps[pc] {
                if let Some(frame) = &current {
                    self.check_frame_assignable(
                        frame,
                        mapped,
                        "Instruction type does not match stack map",
                    )
                    .map_err(Located::at(pc, Some(frame)))?;
                }
                current = Some(mapped.clone());
            }
            let Some(frame) = current.take() else {
                let reason = format!("Expected stackmap frame at this location ({pc}).");
                let stop = problem("Expecting a stackmap frame at branch target", reason);
                return Err(Located::at(pc, None)(stop));
            };
            let located = Located::at(pc, Some(&frame));
            let step = self.step_with_stack_maps(pc, &frame, &maps);
            current = step.map_err(located)?;
        }
        match current {
            Some(frame) => {
                let last = self.starts.last().copied().unwrap_or(0);
                let stop = problem(
                    "Falling off the end of the code",
                    "Control flow falls through code end.",
                );
                Err(Located::at(last, Some(&frame))(stop))
            }
            None => Ok(()),
        }
    }

    /// Checks one instruction against the stack maps; returns the frame falling through to the
    /// next instruction, if control can.
    fn step_with_stack_maps(
        &self,
        pc: usize,
        frame: &Frame,
        maps: &[Option<Frame>],
    ) -> VResult<Option<Frame>> {
        for (handler, exception_frame) in self.handler_frames(pc, frame)? {
            let target = handler.handler_pc as usize;
            let Some(mapped) = &maps[target] else {
                return bad(
                    format!("Expecting a stackmap frame at branch target {target}"),
                    format!("Exception handler at {target} has no stackmap frame."),
                );
            };
            let headline =
                format!("Stack map does not match the one at exception handler {target}");
            self.check_frame_assignable(&exception_frame, mapped, &headline)?;
        }
        let mut after = frame.clone();
        let flow = self.execute(pc, &mut after)?;
        for &target in &flow.targets {
            let Some(mapped) = &maps[target] else {
                return bad(
                    format!("Expecting a stackmap frame at branch target {target}"),
                    format!("Expected stackmap frame at this location ({target})."),
                );
            };
            let headline = format!("Inconsistent stackmap frames at branch target {target}");
            self.check_frame_assignable(&after, mapped, &headline)?;
        }
        Ok(flow.falls_through.then_some(after))
    }

    /// Type inference (JVMS §4.10.2, old class files): a fixpoint over merged frames.
    fn infer(&self) -> Result<(), Located> {
        let entry = self.entry_frame().map_err(Located::at(0, None))?;
        let index_of = |pc: usize| self.starts.binary_search(&pc).ok();
        let mut frames: Vec<Option<Frame>> = vec![None; self.starts.len()];
        frames[0] = Some(entry);
        let mut work = vec![0usize];
        while let Some(i) = work.pop() {
            let pc = self.starts[i];
            let Some(frame) = frames[i].clone() else {
                continue;
            };
            let located = Located::at(pc, Some(&frame));
            let successors = self.step_inferring(pc, &frame).map_err(located)?;
            for (target, incoming) in successors {
                let Some(t) = index_of(target) else {
                    let stop = problem(
                        "Falling off the end of the code",
                        "Control flow falls through code end.",
                    );
                    return Err(Located::at(pc, Some(&frame))(stop));
                };
                let merged = match &frames[t] {
                    None => incoming,
                    Some(old) => {
                        let merged = self.merge_frames(old, &incoming, target);
                        let merged = merged.map_err(Located::at(pc, Some(&frame)))?;
                        if merged == *old {
                            continue;
                        }
                        merged
                    }
                };
                frames[t] = Some(merged);
                work.push(t);
            }
        }
        Ok(())
    }

    /// One instruction under inference: the frames it passes to handlers and successors.
    fn step_inferring(&self, pc: usize, frame: &Frame) -> VResult<Vec<(usize, Frame)>> {
        let mut out: Vec<(usize, Frame)> = self
            .handler_frames(pc, frame)?
            .into_iter()
            .map(|(h, f)| (h.handler_pc as usize, f))
            .collect();
        let mut after = frame.clone();
        let flow = self.execute(pc, &mut after)?;
        for &target in &flow.targets {
            out.push((target, after.clone()));
        }
        if flow.falls_through {
            let next = pc + self.length_at(pc);
            out.push((next, after));
        }
        Ok(out)
    }

    fn length_at(&self, pc: usize) -> usize {
        let i = self.starts.binary_search(&pc).unwrap_or(0);
        self.starts.get(i + 1).copied().unwrap_or(self.code.len()) - pc
    }

    /// The handlers covering `pc` and the frame each is entered with: the locals, and the caught
    /// exception as the only stack slot.
    fn handler_frames(
        &self,
        pc: usize,
        frame: &Frame,
    ) -> VResult<Vec<(&'a ExceptionHandler, Frame)>> {
        let mut out = Vec::new();
        let handlers = self
            .method
            .code
            .exception_table
            .iter()
            .zip(&self.catch_types);
        for (h, caught) in handlers {
            if (h.start_pc as usize) <= pc && pc < h.end_pc as usize {
                if self.max_stack == 0 {
                    return bad(
                        "Operand stack overflow",
                        "Exceeded max stack size (an exception handler needs one slot).",
                    );
                }
                out.push((
                    h,
                    Frame {
                        locals: frame.locals.clone(),
                        stack: vec![caught.clone()],
                        this_uninit: frame.this_uninit,
                    },
                ));
            }
        }
        Ok(out)
    }
}

// ---------------------------------------------------------------------------
// Assignability and merging
// ---------------------------------------------------------------------------

impl MethodVerifier<'_> {
    /// Is a value of type `from` acceptable where `to` is expected?
    fn assignable(&self, from: &VType, to: &VType) -> VResult<bool> {
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
    fn java_assignable(&self, from: &str, to: &str) -> VResult<bool> {
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

    fn check_frame_assignable(&self, from: &Frame, to: &Frame, headline: &str) -> VResult<()> {
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
    fn merge_frames(&self, old: &Frame, new: &Frame, target: usize) -> VResult<Frame> {
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

    fn merge_types(&self, a: &VType, b: &VType) -> VResult<VType> {
        Ok(match (a, b) {
            (a, b) if a == b => a.clone(),
            (VType::Null, VType::Ref(_)) => b.clone(),
            (VType::Ref(_), VType::Null) => a.clone(),
            (VType::Ref(x), VType::Ref(y)) => VType::class(&self.least_upper_bound(x, y)?),
            _ => VType::Top,
        })
    }

    /// The closest common supertype of two class or array types (interfaces count as Object).
    fn least_upper_bound(&self, a: &str, b: &str) -> VResult<String> {
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
    fn push(&self, f: &mut Frame, t: VType) -> VResult<()> {
        let wide = t.is_category2();
        self.push_slot(f, t)?;
        if wide {
            self.push_slot(f, VType::Top)?;
        }
        Ok(())
    }

    fn push_slot(&self, f: &mut Frame, t: VType) -> VResult<()> {
        if f.stack.len() >= self.max_stack {
            return bad("Operand stack overflow", "Exceeded max stack size.");
        }
        f.stack.push(t);
        Ok(())
    }

    fn pop_slot(&self, f: &mut Frame) -> VResult<VType> {
        match f.stack.pop() {
            Some(t) => Ok(t),
            None => bad(
                "Operand stack underflow",
                "Attempted to pop from an empty stack.",
            ),
        }
    }

    /// Pops a value assignable to `expected` (two slots for long and double); returns it.
    fn pop(&self, f: &mut Frame, expected: &VType) -> VResult<VType> {
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
    fn pop_reference(&self, f: &mut Frame) -> VResult<VType> {
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
    fn pop_category1(&self, f: &mut Frame) -> VResult<VType> {
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
    fn pop_two_slots(&self, f: &mut Frame) -> VResult<Vec<VType>> {
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

    fn push_all(&self, f: &mut Frame, slots: &[VType]) -> VResult<()> {
        slots.iter().try_for_each(|t| self.push_slot(f, t.clone()))
    }

    fn check_local_index(&self, index: usize, width: usize) -> VResult<()> {
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
    fn load_local(&self, f: &Frame, index: usize, expected: Option<&VType>) -> VResult<VType> {
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
    fn store_local(&self, f: &mut Frame, index: usize, t: VType) -> VResult<()> {
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
    fn byte(&self, at: usize) -> VResult<u8> {
        match self.code.get(at) {
            Some(&b) => Ok(b),
            None => bad(
                "Bad instruction",
                format!("operand at {at} past the end of the code"),
            ),
        }
    }

    fn u16_at(&self, at: usize) -> VResult<u16> {
        Ok(u16::from_be_bytes([self.byte(at)?, self.byte(at + 1)?]))
    }

    fn i32_at(&self, at: usize) -> VResult<i32> {
        let b = [
            self.byte(at)?,
            self.byte(at + 1)?,
            self.byte(at + 2)?,
            self.byte(at + 3)?,
        ];
        Ok(i32::from_be_bytes(b))
    }

    /// A branch target: an instruction start inside the code.
    fn target(&self, pc: usize, offset: i64) -> VResult<usize> {
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

    fn cp_error<T>(&self, index: u16, e: impl fmt::Display) -> VResult<T> {
        bad(
            "Illegal constant pool index",
            format!("Constant pool entry {index}: {e}"),
        )
    }

    fn class_at(&self, index: u16) -> VResult<&str> {
        self.class
            .cp
            .class_name(index)
            .or_else(|e| self.cp_error(index, e))
    }

    fn field_ref(&self, index: u16) -> VResult<(String, String, FieldType)> {
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

// ---------------------------------------------------------------------------
// The instructions
// ---------------------------------------------------------------------------

const INT: VType = VType::Int;

/// The four arithmetic types in opcode order (iadd, ladd, fadd, dadd...).
fn arithmetic_type(op: u8) -> VType {
    [VType::Int, VType::Long, VType::Float, VType::Double][(op % 4) as usize].clone()
}

/// Shifts and bitwise operations alternate int (even opcodes) and long (odd).
fn int_or_long(op: u8) -> VType {
    match op & 1 {
        0 => VType::Int,
        _ => VType::Long,
    }
}

/// (from, to) of the conversions i2l (0x85) .. i2s (0x93).
fn conversion(op: u8) -> (VType, VType) {
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
fn primitive_array(op: u8) -> (&'static [&'static str], VType) {
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
fn local_type(kind: u8) -> Option<VType> {
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
    fn execute(&self, pc: usize, f: &mut Frame) -> VResult<Flow> {
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
    fn load(&self, f: &mut Frame, kind: u8, index: usize) -> VResult<()> {
        let expected = local_type(kind);
        let actual = self.load_local(f, index, expected.as_ref())?;
        self.push(f, expected.unwrap_or(actual))
    }

    /// xstore: `kind` 0-4 is int, long, float, double, reference (uninitialized ones too).
    fn store(&self, f: &mut Frame, kind: u8, index: usize) -> VResult<()> {
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
    fn pop_array(&self, f: &mut Frame, op: u8, accepted: Option<&[&str]>) -> VResult<VType> {
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

    fn array_load(&self, f: &mut Frame, op: u8) -> VResult<()> {
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

    fn array_store(&self, f: &mut Frame, op: u8) -> VResult<()> {
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
    fn stack_op(&self, f: &mut Frame, op: u8) -> VResult<()> {
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

    fn ldc(&self, f: &mut Frame, index: u16, two_slots: bool) -> VResult<()> {
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

    fn table_switch(&self, pc: usize, f: &mut Frame) -> VResult<Flow> {
        self.pop(f, &INT)?;
        let base = (pc + 4) & !3;
        let mut targets = vec![self.target(pc, self.i32_at(base)? as i64)?];
        let (low, high) = (self.i32_at(base + 4)? as i64, self.i32_at(base + 8)? as i64);
        for i in 0..(high - low + 1).max(0) as usize {
            targets.push(self.target(pc, self.i32_at(base + 12 + 4 * i)? as i64)?);
        }
        Ok(Flow::jump(targets))
    }

    fn lookup_switch(&self, pc: usize, f: &mut Frame) -> VResult<Flow> {
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
    fn check_return(&self, f: &mut Frame, op: u8) -> VResult<()> {
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

    fn field_access(&self, f: &mut Frame, op: u8, index: u16) -> VResult<()> {
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
    fn invoke(&self, pc: usize, f: &mut Frame, op: u8) -> VResult<()> {
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
    fn construct(&self, f: &mut Frame, class: &str) -> VResult<()> {
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

    fn invoke_dynamic(&self, pc: usize, f: &mut Frame) -> VResult<()> {
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

    fn wide(&self, pc: usize, f: &mut Frame) -> VResult<()> {
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

    fn multi_new_array(&self, pc: usize, f: &mut Frame) -> VResult<()> {
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

// ---------------------------------------------------------------------------
// The StackMapTable (JVMS §4.7.4)
// ---------------------------------------------------------------------------

/// Reads the StackMapTable attribute's bytes.
struct StackMapReader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl StackMapReader<'_> {
    fn u8(&mut self) -> VResult<u8> {
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
    fn u16(&mut self) -> VResult<u16> {
        Ok(u16::from_be_bytes([self.u8()?, self.u8()?]))
    }
}

impl MethodVerifier<'_> {
    /// The declared frames, indexed by bytecode offset.
    fn read_stack_maps(&self, entry: &Frame) -> VResult<Vec<Option<Frame>>> {
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
    fn entry_slots(&self) -> usize {
        let this = (self.method.flags & access::STATIC == 0) as usize;
        let args = parse_method_descriptor(self.method.descriptor).map_or(0, |d| d.arg_slots());
        this + args
    }

    /// One stack_map_frame: its offset_delta and the frame.
    fn read_frame(
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
    fn frame_of(&self, locals: Vec<VType>, stack: Vec<VType>) -> Frame {
        let this_uninit = locals.contains(&VType::UninitThis);
        Frame {
            locals: Rc::new(locals),
            stack,
            this_uninit,
        }
    }

    /// Puts `t` at local slot `at` (two slots for long/double); returns the next free slot.
    fn place_local(&self, locals: &mut [VType], at: usize, t: VType) -> VResult<usize> {
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
    fn chop(&self, previous: &Frame, declared: &mut usize, k: usize) -> VResult<Vec<VType>> {
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

    fn read_stack(&self, r: &mut StackMapReader, items: usize) -> VResult<Vec<VType>> {
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
    fn read_type(&self, r: &mut StackMapReader) -> VResult<VType> {
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
const OPCODE_NAMES: [&str; 202] = [
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

fn opcode_name(op: u8) -> &'static str {
    OPCODE_NAMES
        .get(op as usize)
        .copied()
        .unwrap_or("<illegal>")
}
