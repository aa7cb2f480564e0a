//! HPROF heap dumps (the format of HotSpot's `jmap -dump` and `-XX:+HeapDumpOnOutOfMemoryError`,
//! JAVA PROFILE 1.0.2) of the heap rebuilt from a trace at any boundary, for heap-dump analysers.
//!
//! The trace records every object's type, size, array length and address, but no field values
//! and no references, so the dump holds: one class per type (LOAD CLASS, CLASS DUMP with the
//! instance size and no fields), every object (INSTANCE DUMP with no field bytes, OBJECT ARRAY
//! DUMP with null elements, PRIMITIVE ARRAY DUMP with zeroed elements, each of its length), and,
//! since no reference is known, every object as a root of unknown kind (so analysers keep it).
//! Ids are 8 bytes: an object's id is its heap offset plus `OBJECT_ID_BASE` (never 0); classes and
//! strings have ids in ranges of their own. All numbers are big-endian, as the format requires.
//! The format itself (tags, ids, segments) is `gcvm_tracer::hprof`, shared with the runtime's own
//! dump of the live heap, which has field values, references and real roots (docs/heap-dumps.md).

use crate::boundary::parse_boundary;
use crate::reader::{Symbols, TraceError};
use crate::reconstruct::reconstruct;
use gcvm_tracer::hprof::{
    class_id, id, object_id, primitive_array, sub, u4, HprofWriter, EMPTY_STACK_TRACE,
    STRING_ID_BASE,
};
use std::collections::BTreeMap;
use std::io::{BufWriter, Write};
use std::path::Path;

pub use gcvm_tracer::hprof::OBJECT_ID_BASE;

/// The classes the dump declares: every type with an object in the heap.
fn write_classes<W: Write>(
    out: &mut HprofWriter<W>,
    sy: &Symbols,
    types: &BTreeMap<u32, u64>,
) -> std::io::Result<()> {
    for (serial, &t) in types.keys().enumerate() {
        let name_id = STRING_ID_BASE + t as u64;
        out.utf8(name_id, &sy.type_name(t))?;
        out.load_class(serial as u32 + 1, class_id(t), name_id)?;
    }
    for (&t, &instance_size) in types {
        let mut b = vec![sub::CLASS_DUMP];
        id(&mut b, class_id(t));
        u4(&mut b, EMPTY_STACK_TRACE);
        for _ in 0..6 {
            id(&mut b, 0); // super, loader, signers, protection domain, 2 reserved
        }
        u4(&mut b, instance_size.min(u32::MAX as u64) as u32);
        b.extend_from_slice(&[0, 0, 0, 0, 0, 0]); // constant pool, statics, instance fields
        out.sub(&b)?;
    }
    Ok(())
}

/// Writes the heap at `boundary` of the trace at `path` as an HPROF file at `dest`; returns the
/// number of objects written.
pub fn write_hprof(path: impl AsRef<Path>, boundary: &str, dest: &Path) -> Result<u64, TraceError> {
    let b = parse_boundary(boundary)?;
    let r = reconstruct(path.as_ref(), b, false)?;
    let sy = &r.symbols;
    let cannot =
        |e: std::io::Error| TraceError::message(format!("cannot write {}: {e}", dest.display()));
    let f = std::fs::File::create(dest).map_err(cannot)?;
    let mut out = HprofWriter::new(BufWriter::with_capacity(1 << 20, f), r.header.start_unix_ms)
        .map_err(cannot)?;
    let mut types: BTreeMap<u32, u64> = BTreeMap::new();
    r.model.for_each_object(|o| {
        let inst = match o.desc.array_len {
            None => o.desc.size(),
            Some(_) => 0,
        };
        types.entry(o.desc.type_id).or_insert(inst);
    });
    write_classes(&mut out, sy, &types).map_err(cannot)?;
    let names: BTreeMap<u32, String> = types.keys().map(|&t| (t, sy.type_name(t))).collect();
    let mut n = 0u64;
    let mut err: Option<std::io::Error> = None;
    let mut buf = Vec::new();
    r.model.for_each_object(|o| {
        if err.is_some() {
            return;
        }
        let oid = object_id(o.addr);
        buf.clear();
        buf.push(sub::ROOT_UNKNOWN);
        id(&mut buf, oid);
        let name = &names[&o.desc.type_id];
        // the elements: zeroed primitives, null references
        let elements = match (o.desc.array_len, primitive_array(name)) {
            (None, _) => {
                buf.push(sub::INSTANCE_DUMP);
                id(&mut buf, oid);
                u4(&mut buf, EMPTY_STACK_TRACE);
                id(&mut buf, class_id(o.desc.type_id));
                u4(&mut buf, 0);
                0
            }
            (Some(len), Some((code, size))) => {
                buf.push(sub::PRIMITIVE_ARRAY_DUMP);
                id(&mut buf, oid);
                u4(&mut buf, EMPTY_STACK_TRACE);
                u4(&mut buf, len);
                buf.push(code);
                len as u64 * size as u64
            }
            (Some(len), None) => {
                buf.push(sub::OBJECT_ARRAY_DUMP);
                id(&mut buf, oid);
                u4(&mut buf, EMPTY_STACK_TRACE);
                u4(&mut buf, len);
                id(&mut buf, class_id(o.desc.type_id));
                len as u64 * 8
            }
        };
        n += 1;
        if let Err(e) = out.sub_zeros(&buf, elements) {
            err = Some(e);
        }
    });
    if let Some(e) = err {
        return Err(cannot(e));
    }
    out.finish().map_err(cannot)?;
    Ok(n)
}
