//! The heap verifier (`--verify-heap`): checks the whole heap is well formed.
//!
//! It walks every parseable range object by object, checking each header (a registered type, no
//! forwarding pointer left behind, a size that stays inside the range, a sane array length), records
//! every object start in a bitmap, then checks that every reference — in objects and in the roots —
//! is null or points at the start of a live (non-filler) object.

use crate::collector::RootSource;
use crate::memory::HeapMemory;
use crate::object::{
    gcword, Ref, Shape, TypeRegistry, FILLER_TYPE, MAX_ARRAY_LENGTH, MIN_OBJECT_SIZE,
};

/// What a successful verification saw.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct VerifyReport {
    pub objects: usize,
    pub bytes: usize,
    pub references: usize,
    pub roots: usize,
}

/// Live object starts, one bit per 8-byte word over the span the ranges cover, from the lowest
/// range start to the highest range end. Bits are set only inside ranges, so a set bit also says
/// the address lies in an active range: a lookup is one index, with no search over the ranges
/// (a concurrent sweeper's heap has thousands of spans, and every reference is looked up). The
/// bitmap is 1/64 of the covered span: 256 KB for a 16 MB heap.
struct StartMap {
    base: usize,
    end: usize,
    bits: Vec<u64>,
    /// The ranges, sorted by start: only to say where a bad reference lands.
    ranges: Vec<(usize, usize)>,
}

impl StartMap {
    fn new(ranges: &[(usize, usize)]) -> StartMap {
        let base = ranges.iter().map(|&(s, _)| s).min().unwrap_or(0);
        let end = ranges.iter().map(|&(_, e)| e).max().unwrap_or(0).max(base);
        let bits = vec![0u64; ((end - base) / 8).div_ceil(64)];
        let mut ranges = ranges.to_vec();
        ranges.sort_unstable();
        StartMap {
            base,
            end,
            bits,
            ranges,
        }
    }
    /// The active range holding `offset`, if any.
    fn range_of(&self, offset: usize) -> Option<(usize, usize)> {
        let i = self.ranges.partition_point(|&(s, _)| s <= offset);
        let (s, e) = *self.ranges.get(i.checked_sub(1)?)?;
        (offset < e).then_some((s, e))
    }
    fn word(&self, offset: usize) -> Option<usize> {
        (offset >= self.base && offset < self.end).then(|| (offset - self.base) / 8)
    }
    fn set(&mut self, offset: usize) {
        if let Some(w) = self.word(offset) {
            self.bits[w / 64] |= 1 << (w % 64);
        }
    }
    fn contains(&self, offset: usize) -> bool {
        self.word(offset)
            .is_some_and(|w| self.bits[w / 64] & (1 << (w % 64)) != 0)
    }
}

/// Verifies the objects in `ranges` and the `roots`. `is_dead` names objects that still tile
/// the ranges but are garbage a collector has not reclaimed yet (a concurrent sweeper's
/// backlog): their fields are not checked, and a reference to one is an error — a live object
/// pointing at a dead one means marking missed it (the tri-colour invariant was broken).
pub fn verify_heap(
    memory: &HeapMemory,
    types: &TypeRegistry,
    ranges: &[(usize, usize)],
    is_dead: &dyn Fn(Ref) -> bool,
    roots: &mut dyn RootSource,
) -> Result<VerifyReport, String> {
    let mut report = VerifyReport::default();
    let mut starts = StartMap::new(ranges);
    for &(start, top) in ranges {
        walk_range(memory, types, start, top, is_dead, &mut starts, &mut report)?;
    }
    for &(start, top) in ranges {
        check_fields(memory, types, start, top, &starts, &mut report)?;
    }
    let mut root_error = None;
    roots.visit_roots(&mut |r| {
        report.roots += 1;
        if root_error.is_none() {
            if let Err(e) = check_target(memory, &starts, r) {
                root_error = Some(format!("root {r:?}: {e}"));
            }
        }
        r
    });
    match root_error {
        Some(e) => Err(e),
        None => Ok(report),
    }
}

fn walk_range(
    memory: &HeapMemory,
    types: &TypeRegistry,
    start: usize,
    top: usize,
    is_dead: &dyn Fn(Ref) -> bool,
    starts: &mut StartMap,
    report: &mut VerifyReport,
) -> Result<(), String> {
    let mut at = start;
    while at < top {
        let obj = Ref::from_offset(at);
        let size = check_header(memory, types, obj, top)?;
        if is_dead(obj) {
            at += size;
            continue;
        }
        starts.set(at);
        report.objects += 1;
        report.bytes += size;
        at += size;
    }
    if at != top {
        return Err(format!(
            "range [{start:#x}, {top:#x}) ends inside an object at {at:#x}"
        ));
    }
    Ok(())
}

/// Checks one header; returns the object's size.
fn check_header(
    memory: &HeapMemory,
    types: &TypeRegistry,
    obj: Ref,
    top: usize,
) -> Result<usize, String> {
    let at = obj.offset();
    let word = memory.gc_word(obj);
    if gcword::is_forwarded(word) {
        return Err(format!(
            "object at {at:#x} still has a forwarding pointer ({word:#x})"
        ));
    }
    let type_id = memory.type_id(obj);
    let info = types
        .get(type_id)
        .ok_or_else(|| format!("object at {at:#x} has unknown type id {type_id}"))?;
    if let Shape::Array { .. } | Shape::Filler = info.shape {
        let len = memory.array_length(obj) as usize;
        if len > MAX_ARRAY_LENGTH {
            return Err(format!("array at {at:#x} ({}) has length {len}", info.name));
        }
    }
    let size = memory.object_size(types, obj);
    if size < MIN_OBJECT_SIZE || !size.is_multiple_of(8) || at + size > top {
        return Err(format!(
            "object at {at:#x} ({}) has size {size} past the range top {top:#x}",
            info.name
        ));
    }
    Ok(size)
}

/// Checks every reference field of the live objects in one range. The walk already asked the
/// collector which objects are dead and left their starts unset, so a dead object is one whose
/// start is not in `starts`.
fn check_fields(
    memory: &HeapMemory,
    types: &TypeRegistry,
    start: usize,
    top: usize,
    starts: &StartMap,
    report: &mut VerifyReport,
) -> Result<(), String> {
    let mut at = start;
    while at < top {
        let obj = Ref::from_offset(at);
        if !starts.contains(at) {
            at += memory.object_size(types, obj);
            continue;
        }
        let mut error = None;
        memory.for_each_ref_slot(types, obj, |slot| {
            let target = memory.read_ref(slot);
            report.references += 1;
            if error.is_none() {
                if let Err(e) = check_target(memory, starts, target) {
                    let name = &types.info(memory.type_id(obj)).name;
                    error = Some(format!(
                        "object at {at:#x} ({name}), field at +{}: {e}",
                        slot - at
                    ));
                }
            }
        });
        if let Some(e) = error {
            return Err(e);
        }
        at += memory.object_size(types, obj);
    }
    Ok(())
}

/// For a bad reference's error: the range it lands in (or none), and the header found there —
/// a forwarding pointer says a collection moved the object and missed this reference.
fn where_it_lands(memory: &HeapMemory, starts: &StartMap, target: Ref) -> String {
    let at = target.offset();
    let place = match starts.range_of(at) {
        Some((s, e)) => format!("inside the range [{s:#x}, {e:#x})"),
        None => "in no active range".to_string(),
    };
    if !at.is_multiple_of(8) || at + 16 > memory.size() {
        return place;
    }
    let word = memory.gc_word(target);
    let header = if gcword::is_forwarded(word) {
        format!("forwarded to {:#x}", gcword::forwarded_to(word).offset())
    } else {
        format!("gc word {word:#x}")
    };
    format!(
        "{place}; there: type id {}, {header}",
        memory.type_id(target)
    )
}

fn check_target(memory: &HeapMemory, starts: &StartMap, target: Ref) -> Result<(), String> {
    if target.is_null() {
        return Ok(());
    }
    if !starts.contains(target.offset()) {
        return Err(format!(
            "reference {target:?} is not the start of a live object in an active space ({})",
            where_it_lands(memory, starts, target)
        ));
    }
    if memory.type_id(target) == FILLER_TYPE {
        return Err(format!(
            "reference {target:?} points at a filler (dead) object"
        ));
    }
    Ok(())
}
