//! Runtime classes, fields and methods.
//!
//! Classes, methods and string constants live for the whole run (gcvm never unloads classes), so
//! they are leaked and referred to as `&'static`. A class's id is also its heap type id: the
//! header of every instance names it, and `ClassTable::class(id)` finds it in O(1).

use crate::classfile::{Code as RawCode, FieldType};
use crate::model::insn::{Insn, Kind, RetKind};
use crate::model::oopmap::OopMaps;
use gcvm_gc::Ref;
use parking_lot::{Condvar, Mutex};
use std::sync::atomic::{AtomicU32, AtomicU64, AtomicU8, Ordering};
use std::sync::OnceLock;

/// A native method's binding: its function's index in the VM's table of native functions
/// (`runtime::natives::NativeTable`), found on the method's first call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NativeIndex(pub u32);

/// Finds a loaded class by its id (the class table, `link::classes::ClassTable`, does).
pub trait ClassById {
    fn class(&self, id: u32) -> &'static Class;
}

/// Method selector -> vtable index.
pub type SelectorMap = rustc_hash::FxHashMap<u32, u32>;

#[derive(Debug)]
pub struct Field {
    pub name: String,
    pub descriptor: String,
    pub flags: u16,
    pub kind: Kind,
    /// Byte offset in instances, or index into the class's static slots.
    pub offset: u32,
    pub constant_value: Option<u16>,
}

impl Field {
    pub fn is_static(&self) -> bool {
        self.flags & crate::classfile::access::STATIC != 0
    }
}

/// A decoded method body.
pub struct Code {
    pub insns: Box<[Insn]>,
    pub handlers: Box<[Handler]>,
    /// Bytecode index of each instruction (for line numbers and stack traces).
    pub bci: Box<[u32]>,
    pub max_locals: u16,
    pub max_stack: u16,
    pub oopmaps: OnceLock<OopMaps>,
    /// What a call of this body can be replaced by (link/quicken.rs): set once, when it is quickened.
    pub trivial: Trivial,
}

/// Bodies simple enough that the interpreter runs a call of them in place, with no frame pushed
/// (as HotSpot's interpreter has entries for empty and accessor methods): nothing in them can
/// throw, allocate, call or reach a safepoint, so no frame of theirs could ever be observed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trivial {
    /// An ordinary body: calls push a frame.
    No,
    /// Does nothing: `return`, or a constructor whose only work is calling an empty super
    /// constructor (`aload_0; invokespecial; return`, as `Object()` and `Number()`).
    Empty,
    /// An instance method that returns a field of its receiver (`aload_0; getfield; *return`):
    /// the field's offset and kind.
    Getter { offset: u32, kind: Kind },
}

pub struct Handler {
    pub start: u32,
    pub end: u32,
    pub target: u32,
    /// The catch type's name (None = any); resolved on first use.
    pub catch_name: Option<String>,
    pub catch_class: OnceLock<Option<u32>>,
}

pub struct Method {
    pub id: u32,
    pub class_id: u32,
    pub name: String,
    pub descriptor: String,
    pub flags: u16,
    /// Interned (name, descriptor) id: what virtual and interface dispatch look up.
    pub selector: u32,
    /// Argument slots including the receiver.
    pub arg_slots: u16,
    /// For each argument slot: does it hold a reference (for native frames' roots).
    pub arg_refs: Box<[bool]>,
    pub params: Vec<FieldType>,
    pub ret: RetKind,
    pub vtable_index: OnceLock<u32>,
    pub raw_code: Option<RawCode>,
    pub synthetic_code: Option<Vec<Insn>>,
    pub code: OnceLock<Result<Code, String>>,
    pub native: OnceLock<Option<NativeIndex>>,
    pub line_numbers: Vec<(u16, u16)>,
    /// The declared checked exceptions (the Exceptions attribute), for reflection.
    pub exceptions: Vec<String>,
}

impl Method {
    pub fn is_static(&self) -> bool {
        self.flags & crate::classfile::access::STATIC != 0
    }
    pub fn is_native(&self) -> bool {
        self.flags & crate::classfile::access::NATIVE != 0
    }
    pub fn is_abstract(&self) -> bool {
        self.flags & crate::classfile::access::ABSTRACT != 0
    }
    pub fn is_private(&self) -> bool {
        self.flags & crate::classfile::access::PRIVATE != 0
    }
    pub fn is_final(&self) -> bool {
        self.flags & crate::classfile::access::FINAL != 0
    }
    pub fn is_synchronized(&self) -> bool {
        self.flags & crate::classfile::access::SYNCHRONIZED != 0
    }
    /// Runs bytecode with no monitor to take on entry (not native, abstract nor synchronized):
    /// a call to it is a frame pushed and nothing more, once its code is decoded.
    #[inline(always)]
    pub fn is_plain_bytecode(&self) -> bool {
        use crate::classfile::access::{ABSTRACT, NATIVE, SYNCHRONIZED};
        self.flags & (NATIVE | ABSTRACT | SYNCHRONIZED) == 0
    }
    /// The source line of bytecode index `bci`, or -1.
    pub fn line_of(&self, bci: u32) -> i32 {
        let mut line = -1;
        for &(start, l) in &self.line_numbers {
            if start as u32 <= bci {
                line = l as i32;
            } else {
                break;
            }
        }
        line
    }
}

impl std::fmt::Debug for Method {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.name, self.descriptor)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InitState {
    Uninitialized,
    InProgress,
    Done,
    Failed,
}

const INIT_DONE: u8 = 2;

/// The JVM's class-initialisation state machine (JVMS 5.5), shared by threads.
pub struct InitLock {
    pub fast: AtomicU8,
    pub state: Mutex<(InitState, Option<u64>)>,
    pub cond: Condvar,
}

impl InitLock {
    fn new(done: bool) -> InitLock {
        InitLock {
            fast: AtomicU8::new(if done { INIT_DONE } else { 0 }),
            state: Mutex::new((
                if done {
                    InitState::Done
                } else {
                    InitState::Uninitialized
                },
                None,
            )),
            cond: Condvar::new(),
        }
    }
    #[inline(always)]
    pub fn is_done(&self) -> bool {
        self.fast.load(Ordering::Acquire) == INIT_DONE
    }
    pub fn mark_done(&self) {
        self.fast.store(INIT_DONE, Ordering::Release)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClassKind {
    Instance,
    /// An array class; `component` is the element class id (primitive classes for `[I` etc.).
    Array {
        elem: Kind,
        component: u32,
        dims: u8,
    },
    Primitive(Kind),
}

pub struct Class {
    pub id: u32,
    /// Binary name: `java/lang/String`, `[I`, `[Ljava/lang/Object;`, or `int` for primitives.
    pub name: String,
    pub flags: u16,
    pub kind: ClassKind,
    pub super_class: Option<&'static Class>,
    pub interfaces: Vec<&'static Class>,
    /// Every superinterface, transitively (ids), sorted.
    pub all_interfaces: Vec<u32>,
    /// Superclass chain from java/lang/Object down to this class (ids): a Cohen display.
    pub display: Vec<u32>,
    pub fields: Vec<Field>,
    pub methods: Vec<&'static Method>,
    pub vtable: Vec<&'static Method>,
    /// selector -> vtable index, for interface dispatch (looked up on every invokeinterface:
    /// selectors are small integers, so a fast non-cryptographic hash).
    pub itable: SelectorMap,
    pub instance_size: u32,
    /// One past the last instance field byte (subclass fields start here).
    pub fields_end: u32,
    pub ref_offsets: Vec<u32>,
    pub statics: Box<[AtomicU64]>,
    pub static_ref_slots: Vec<u32>,
    pub init: InitLock,
    pub mirror: AtomicU32,
    pub source_file: Option<String>,
    /// Loaded from the embedded class library (bootstrap loader), not the user class path.
    pub is_bootstrap: bool,
    pub nest_host: Option<String>,
    /// The class file's constant pool and bootstrap methods, for decoding method bodies.
    pub constant_pool: Option<crate::classfile::ConstantPool>,
    pub bootstrap_methods: Vec<crate::classfile::BootstrapMethod>,
    /// The class file's major version (0 for classes the VM makes): picks the verifier.
    pub major_version: u16,
    /// The outcome of linking (verification), once done: see `ClassTable::link`.
    pub linked: OnceLock<Result<(), crate::model::error::LinkageError>>,
}

impl Class {
    pub fn is_interface(&self) -> bool {
        self.flags & crate::classfile::access::INTERFACE != 0
    }
    pub fn is_abstract(&self) -> bool {
        self.flags & crate::classfile::access::ABSTRACT != 0
    }
    pub fn is_array(&self) -> bool {
        matches!(self.kind, ClassKind::Array { .. })
    }
    /// The Java-visible name with dots: `java.lang.String`, `[I`, `[Ljava.lang.String;`.
    pub fn java_name(&self) -> String {
        self.name.replace('/', ".")
    }
    pub fn mirror(&self) -> Ref {
        Ref::from_raw(self.mirror.load(Ordering::Relaxed))
    }

    /// Is this class `other` or a subclass / implementor of it (JVMS checkcast rules)?
    #[inline]
    pub fn is_subclass_of(&self, other: &Class, classes: &impl ClassById) -> bool {
        if self.id == other.id {
            return true;
        }
        match (&self.kind, &other.kind) {
            (
                ClassKind::Array {
                    elem: e1,
                    component: c1,
                    ..
                },
                ClassKind::Array {
                    elem: e2,
                    component: c2,
                    ..
                },
            ) => match (e1, e2) {
                (Kind::Ref, Kind::Ref) => classes
                    .class(*c1)
                    .is_subclass_of(classes.class(*c2), classes),
                _ => false,
            },
            (ClassKind::Array { .. }, _) => {
                other.name == "java/lang/Object"
                    || other.name == "java/lang/Cloneable"
                    || other.name == "java/io/Serializable"
            }
            _ if other.is_interface() => self.all_interfaces.binary_search(&other.id).is_ok(),
            _ => {
                let depth = other.display.len() - 1;
                self.display.get(depth) == Some(&other.id)
            }
        }
    }

    pub fn find_field(&self, name: &str, descriptor: &str) -> Option<&Field> {
        self.fields
            .iter()
            .find(|f| f.name == name && f.descriptor == descriptor)
    }

    pub fn find_declared_method(&self, name: &str, descriptor: &str) -> Option<&'static Method> {
        self.methods
            .iter()
            .copied()
            .find(|m| m.name == name && m.descriptor == descriptor)
    }

    /// Static slot values.
    pub fn static_value(&self, slot: u32) -> u64 {
        self.statics[slot as usize].load(Ordering::Relaxed)
    }
    pub fn set_static_value(&self, slot: u32, v: u64) {
        self.statics[slot as usize].store(v, Ordering::Relaxed)
    }
    /// The cell of static `slot`, for quickened static accesses: the statics are allocated once
    /// with the class and never move, so an instruction can hold the cell itself (no class load
    /// and no bounds check per access).
    pub fn static_cell(&'static self, slot: u32) -> &'static AtomicU64 {
        &self.statics[slot as usize]
    }

    pub fn new_init_lock(done: bool) -> InitLock {
        InitLock::new(done)
    }

    /// A class with no supertypes, members or statics, already initialised: the base that the
    /// VM-made classes (primitives, arrays, lambda proxies) fill in with struct-update syntax.
    pub fn skeleton(id: u32, name: String, flags: u16, kind: ClassKind) -> Class {
        Class {
            id,
            name,
            flags,
            kind,
            super_class: None,
            interfaces: vec![],
            all_interfaces: vec![],
            display: vec![id],
            fields: vec![],
            methods: vec![],
            vtable: vec![],
            itable: SelectorMap::default(),
            instance_size: 0,
            fields_end: 0,
            ref_offsets: vec![],
            statics: Box::new([]),
            static_ref_slots: vec![],
            init: InitLock::new(true),
            mirror: AtomicU32::new(0),
            source_file: None,
            is_bootstrap: true,
            nest_host: None,
            constant_pool: None,
            bootstrap_methods: vec![],
            major_version: 0,
            linked: OnceLock::new(),
        }
    }
}

impl std::fmt::Debug for Class {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Class({})", self.name)
    }
}

/// A string literal (and the interned string it resolves to, created on first use).
pub struct StringConst {
    pub utf16: Box<[u16]>,
    pub value: AtomicU32,
}

impl std::fmt::Debug for StringConst {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", String::from_utf16_lossy(&self.utf16))
    }
}

/// The trace's id of `method` as a death context (`gcvm_gc::deaths`; 0 means unknown).
#[inline]
pub fn death_context(method: &Method) -> u32 {
    method.id + 1
}
