//! The object model: references, headers, and the per-type layout the collectors scan with.
//!
//! Every object starts with a 16-byte header (see docs/object-model.md):
//!
//! ```text
//!  offset 0  u64  GC word   bits 0-1 state (00 normal, 11 forwarded: bits 32-63 hold the new Ref)
//!                           bit  2   mark
//!                           bits 3-6 age (collections survived, saturating at 15)
//!                           bit  7   identity hash assigned
//!                           bits 8-31 monitor index (0 = none), used by the monitor table
//!                           bits 32-62 identity hash (31 bits)
//!  offset 8  u32  type id   index into the TypeRegistry (and the interpreter's class table)
//!  offset 12 u32  array length, or the first 4-byte instance field
//! ```
//!
//! Instance fields follow at offset 12 (a 4-byte field may use the slot arrays keep for their length);
//! array elements start at offset 16. Every object is 8-byte aligned and at least 16 bytes long.
//!
//! References are 32-bit *compressed* offsets: `address = heap_base + (ref << 3)`. Ref 0 is null (the
//! first page of the reservation is never handed out). Compressed references halve the size of
//! reference fields and arrays (as HotSpot's compressed oops do for heaps under 32 GB), make trace
//! addresses small and position-independent, and cost one shift and add to decode.

use std::sync::OnceLock;

/// A compressed reference to a heap object (or null).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[repr(transparent)]
pub struct Ref(u32);

impl Ref {
    pub const NULL: Ref = Ref(0);

    #[inline(always)]
    pub const fn from_raw(raw: u32) -> Ref {
        Ref(raw)
    }
    #[inline(always)]
    pub const fn raw(self) -> u32 {
        self.0
    }
    #[inline(always)]
    pub const fn is_null(self) -> bool {
        self.0 == 0
    }
    /// The byte offset of the object from the heap base.
    #[inline(always)]
    pub const fn offset(self) -> usize {
        (self.0 as usize) << 3
    }
    /// The reference to the object at byte offset `offset` (8-byte aligned, below 32 GB).
    #[inline(always)]
    pub const fn from_offset(offset: usize) -> Ref {
        Ref((offset >> 3) as u32)
    }
}

impl std::fmt::Debug for Ref {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.is_null() {
            write!(f, "null")
        } else {
            write!(f, "@{:#x}", self.offset())
        }
    }
}

pub const HEADER_SIZE: usize = 16;
pub const ARRAY_BASE: usize = 16;
pub const LENGTH_OFFSET: usize = 12;
pub const TYPE_OFFSET: usize = 8;
pub const FIRST_FIELD_OFFSET: usize = 12;
pub const MIN_OBJECT_SIZE: usize = 16;
pub const ALIGNMENT: usize = 8;
/// The largest array length the VM accepts (as HotSpot: a little under i32::MAX).
pub const MAX_ARRAY_LENGTH: usize = i32::MAX as usize - 8;

/// The GC word: one u64 at offset 0 of every object.
pub mod gcword {
    pub const STATE_MASK: u64 = 0b11;
    pub const FORWARDED: u64 = 0b11;
    pub const MARK_BIT: u64 = 1 << 2;
    pub const AGE_SHIFT: u32 = 3;
    pub const AGE_MASK: u64 = 0xf << AGE_SHIFT;
    pub const MAX_AGE: u64 = 15;
    pub const HASHED_BIT: u64 = 1 << 7;
    pub const MONITOR_SHIFT: u32 = 8;
    pub const MONITOR_MASK: u64 = 0xff_ffff << MONITOR_SHIFT;
    pub const HASH_SHIFT: u32 = 32;
    pub const HASH_MASK: u64 = 0x7fff_ffff << HASH_SHIFT;
    /// `--trace-deaths`: this unreachable object's death was reported (deaths.rs). Only ever
    /// set on dead objects, which no mutator touches again.
    pub const DEATH_REPORTED: u64 = 1 << 63;

    #[inline]
    pub fn is_forwarded(word: u64) -> bool {
        word & STATE_MASK == FORWARDED
    }
    #[inline]
    pub fn forwarded_to(word: u64) -> super::Ref {
        super::Ref::from_raw((word >> 32) as u32)
    }
    #[inline]
    pub fn forwarding(to: super::Ref) -> u64 {
        ((to.raw() as u64) << 32) | FORWARDED
    }
    #[inline]
    pub fn age(word: u64) -> u64 {
        (word & AGE_MASK) >> AGE_SHIFT
    }
    /// The same word, one collection older (saturating).
    #[inline]
    pub fn aged(word: u64) -> u64 {
        let age = (age(word) + 1).min(MAX_AGE);
        (word & !AGE_MASK) | (age << AGE_SHIFT)
    }
    #[inline]
    pub fn identity_hash(word: u64) -> Option<i32> {
        (word & HASHED_BIT != 0).then_some(((word & HASH_MASK) >> HASH_SHIFT) as i32)
    }
    #[inline]
    pub fn with_identity_hash(word: u64, hash: i32) -> u64 {
        (word & !HASH_MASK) | HASHED_BIT | (((hash as u64) & 0x7fff_ffff) << HASH_SHIFT)
    }
}

/// Element kinds of arrays; the shift is log2 of the element size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ElemKind {
    Boolean,
    Byte,
    Char,
    Short,
    Int,
    Float,
    Long,
    Double,
    /// Compressed references, 4 bytes each.
    Ref,
}

impl ElemKind {
    pub const fn size(self) -> usize {
        match self {
            ElemKind::Boolean | ElemKind::Byte => 1,
            ElemKind::Char | ElemKind::Short => 2,
            ElemKind::Int | ElemKind::Float | ElemKind::Ref => 4,
            ElemKind::Long | ElemKind::Double => 8,
        }
    }
}

/// What a collector needs to know about a type to size and scan its objects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A plain object: total size (multiple of 8) and the offsets of its reference fields.
    Instance { size: u32, ref_offsets: Box<[u32]> },
    /// An array of `elem` with the length at offset 12.
    Array { elem: ElemKind },
    /// A gap-filling dead object (an int array in disguise): keeps spaces parseable.
    Filler,
}

#[derive(Clone, Debug)]
pub struct TypeInfo {
    /// Java binary name (`java/lang/String`, `[I`), or `<filler>`.
    pub name: Box<str>,
    pub shape: Shape,
}

impl TypeInfo {
    pub fn is_array(&self) -> bool {
        matches!(self.shape, Shape::Array { .. })
    }
}

/// The type id every collector uses for gap fillers.
pub const FILLER_TYPE: u32 = 1;
/// The first type id the VM may register.
pub const FIRST_VM_TYPE: u32 = 2;
const MAX_TYPES: usize = 1 << 16;

/// Type id -> layout, shared between the VM (which registers types as it loads classes) and the
/// collectors (which read it while the world is stopped). Append-only: entries never change.
pub struct TypeRegistry {
    slots: Box<[OnceLock<TypeInfo>]>,
    /// Which types are java.lang.ref references, and the reference-processing state the VM and
    /// the collector share (shared/refs.rs).
    references: crate::shared::refs::References,
}

impl Default for TypeRegistry {
    fn default() -> Self {
        Self::new()
    }
}

impl TypeRegistry {
    pub fn new() -> TypeRegistry {
        let slots: Box<[OnceLock<TypeInfo>]> = (0..MAX_TYPES).map(|_| OnceLock::new()).collect();
        let reg = TypeRegistry {
            slots,
            references: crate::shared::refs::References::new(MAX_TYPES),
        };
        reg.register(
            FILLER_TYPE,
            TypeInfo {
                name: "<filler>".into(),
                shape: Shape::Filler,
            },
        )
        .expect("fresh registry");
        reg
    }

    pub fn capacity(&self) -> usize {
        MAX_TYPES
    }

    /// The reference types and reference-processing state (shared/refs.rs).
    #[inline]
    pub fn references(&self) -> &crate::shared::refs::References {
        &self.references
    }

    /// Records the layout of type `id`. Each id is registered once.
    pub fn register(&self, id: u32, info: TypeInfo) -> Result<(), String> {
        let slot = self
            .slots
            .get(id as usize)
            .ok_or_else(|| format!("too many types (limit {MAX_TYPES})"))?;
        slot.set(info)
            .map_err(|_| format!("type id {id} registered twice"))
    }

    #[inline]
    pub fn get(&self, id: u32) -> Option<&TypeInfo> {
        self.slots.get(id as usize).and_then(|s| s.get())
    }

    /// Like `get`, for ids read from live objects (which are always registered).
    #[inline]
    pub fn info(&self, id: u32) -> &TypeInfo {
        match self.get(id) {
            Some(info) => info,
            None => panic!("object with unregistered type id {id}"),
        }
    }
}

/// Size in bytes of an array of `len` elements of `elem`, header included, aligned.
#[inline]
pub const fn array_size(elem: ElemKind, len: usize) -> usize {
    align_up(ARRAY_BASE + len * elem.size())
}

/// Size in bytes of a filler array with `len` int slots.
#[inline]
pub const fn filler_size(len: usize) -> usize {
    align_up(ARRAY_BASE + len * 4)
}

#[inline]
pub const fn align_up(n: usize) -> usize {
    (n + ALIGNMENT - 1) & !(ALIGNMENT - 1)
}
