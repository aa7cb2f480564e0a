//! The bytecode verifier: type checking (JVMS §4.10.1) and, for old class files, type inference
//! (JVMS §4.10.2).
//!
//! # Why a verifier
//! The interpreter trusts its bytecode: `getfield` reads at a fixed offset from whatever the
//! operand stack holds, `areturn` hands its slot to the caller as a reference. And the collectors
//! are precise: they read a frame's oop map (model/oopmap.rs) to learn which slots hold references.
//! Both are only right if the code really uses every slot with one type. A class file that
//! returns an int where an `Object` is expected (`iload_0; areturn`) would have the collector
//! follow an integer as a pointer. The verifier proves, before any method of a class runs, that
//! every instruction finds on the operand stack and in the locals the types it needs. It runs
//! once per class, when the class is linked (`ClassTable::link`: before its initialisation or the first
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
//! (classfile/), and stack discipline is checked again when the oop maps are computed.

use crate::classfile::{access, parse_field_descriptor, parse_method_descriptor};
use crate::classfile::{Code, Constant, ConstantPool, ExceptionHandler, FieldType};
use crate::model::error::LinkageError;
use std::fmt;
use std::rc::Rc;

mod frames;
mod instructions;
mod stackmap;

use stackmap::*;

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
