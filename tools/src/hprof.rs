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

use crate::boundary::parse_boundary;
use crate::reader::{Symbols, TraceError};
use crate::reconstruct::reconstruct;
use std::collections::BTreeMap;
use std::io::{BufWriter, Write};
use std::path::Path;

/// Object ids: heap offset + this (an offset may be 0; an id may not).
pub const OBJECT_ID_BASE: u64 = 1 << 32;
const CLASS_ID_BASE: u64 = 0x7000_0000_0000_0000;
const STRING_ID_BASE: u64 = 0x6000_0000_0000_0000;
/// Heap dump segments are cut at about this many bytes.
const SEGMENT_BYTES: usize = 8 << 20;

const TAG_UTF8: u8 = 0x01;
const TAG_LOAD_CLASS: u8 = 0x02;
const TAG_STACK_TRACE: u8 = 0x05;
const TAG_HEAP_DUMP_SEGMENT: u8 = 0x1C;
const TAG_HEAP_DUMP_END: u8 = 0x2C;
const SUB_ROOT_UNKNOWN: u8 = 0xFF;
const SUB_CLASS_DUMP: u8 = 0x20;
const SUB_INSTANCE_DUMP: u8 = 0x21;
const SUB_OBJECT_ARRAY_DUMP: u8 = 0x22;
const SUB_PRIMITIVE_ARRAY_DUMP: u8 = 0x23;
const STACK_SERIAL: u32 = 1;

/// HPROF's basic type code and element size of a primitive array type name (`[I`...).
fn primitive_array(name: &str) -> Option<(u8, usize)> {
    Some(match name {
        "[Z" => (4, 1),
        "[C" => (5, 2),
        "[F" => (6, 4),
        "[D" => (7, 8),
        "[B" => (8, 1),
        "[S" => (9, 2),
        "[I" => (10, 4),
        "[J" => (11, 8),
        _ => return None,
    })
}

fn class_id(type_id: u32) -> u64 {
    CLASS_ID_BASE + type_id as u64 * 8
}

struct Out<W: Write> {
    w: W,
    seg: Vec<u8>,
}

impl<W: Write> Out<W> {
    fn record(&mut self, tag: u8, body: &[u8]) -> std::io::Result<()> {
        self.w.write_all(&[tag])?;
        self.w.write_all(&0u32.to_be_bytes())?;
        self.w.write_all(&(body.len() as u32).to_be_bytes())?;
        self.w.write_all(body)
    }
    fn flush_segment(&mut self) -> std::io::Result<()> {
        if !self.seg.is_empty() {
            let seg = std::mem::take(&mut self.seg);
            self.record(TAG_HEAP_DUMP_SEGMENT, &seg)?;
        }
        Ok(())
    }
    fn sub(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        if self.seg.len() + bytes.len() > SEGMENT_BYTES {
            self.flush_segment()?;
        }
        self.seg.extend_from_slice(bytes);
        Ok(())
    }
    /// A sub-record: `head`, then `zeros` zero bytes (an array's elements). A large one gets a
    /// segment of its own and its zeros are written a block at a time, never held.
    fn sub_zeros(&mut self, head: &[u8], zeros: u64) -> std::io::Result<()> {
        const BLOCK: usize = 64 << 10;
        if zeros <= BLOCK as u64 {
            let mut b = head.to_vec();
            b.resize(head.len() + zeros as usize, 0);
            return self.sub(&b);
        }
        let len = u32::try_from(head.len() as u64 + zeros).map_err(|_| {
            std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("an array of {zeros} bytes does not fit an HPROF record (at most 4 GiB)"),
            )
        })?;
        self.flush_segment()?;
        self.w.write_all(&[TAG_HEAP_DUMP_SEGMENT])?;
        self.w.write_all(&0u32.to_be_bytes())?;
        self.w.write_all(&len.to_be_bytes())?;
        self.w.write_all(head)?;
        let block = [0u8; BLOCK];
        let mut left = zeros;
        while left > 0 {
            let n = left.min(BLOCK as u64) as usize;
            self.w.write_all(&block[..n])?;
            left -= n as u64;
        }
        Ok(())
    }
}

fn id(v: &mut Vec<u8>, x: u64) {
    v.extend_from_slice(&x.to_be_bytes());
}
fn u4(v: &mut Vec<u8>, x: u32) {
    v.extend_from_slice(&x.to_be_bytes());
}

/// The classes the dump declares: every type with an object in the heap.
fn write_classes<W: Write>(
    out: &mut Out<W>,
    sy: &Symbols,
    types: &BTreeMap<u32, u64>,
) -> std::io::Result<()> {
    for (serial, &t) in types.keys().enumerate() {
        let name_id = STRING_ID_BASE + t as u64;
        let mut b = Vec::new();
        id(&mut b, name_id);
        b.extend_from_slice(sy.type_name(t).as_bytes());
        out.record(TAG_UTF8, &b)?;
        let mut b = Vec::new();
        u4(&mut b, serial as u32 + 1);
        id(&mut b, class_id(t));
        u4(&mut b, STACK_SERIAL);
        id(&mut b, name_id);
        out.record(TAG_LOAD_CLASS, &b)?;
    }
    for (&t, &instance_size) in types {
        let mut b = vec![SUB_CLASS_DUMP];
        id(&mut b, class_id(t));
        u4(&mut b, STACK_SERIAL);
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
    let mut out = Out {
        w: BufWriter::with_capacity(1 << 20, f),
        seg: Vec::new(),
    };
    out.w.write_all(b"JAVA PROFILE 1.0.2\0").map_err(cannot)?;
    out.w.write_all(&8u32.to_be_bytes()).map_err(cannot)?;
    out.w
        .write_all(&r.header.start_unix_ms.to_be_bytes())
        .map_err(cannot)?;
    // one empty stack trace, which every record names
    let mut st = Vec::new();
    u4(&mut st, STACK_SERIAL);
    u4(&mut st, 0);
    u4(&mut st, 0);
    out.record(TAG_STACK_TRACE, &st).map_err(cannot)?;
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
        let oid = OBJECT_ID_BASE + o.addr;
        buf.clear();
        buf.push(SUB_ROOT_UNKNOWN);
        id(&mut buf, oid);
        let name = &names[&o.desc.type_id];
        // the elements: zeroed primitives, null references
        let elements = match (o.desc.array_len, primitive_array(name)) {
            (None, _) => {
                buf.push(SUB_INSTANCE_DUMP);
                id(&mut buf, oid);
                u4(&mut buf, STACK_SERIAL);
                id(&mut buf, class_id(o.desc.type_id));
                u4(&mut buf, 0);
                0
            }
            (Some(len), Some((code, size))) => {
                buf.push(SUB_PRIMITIVE_ARRAY_DUMP);
                id(&mut buf, oid);
                u4(&mut buf, STACK_SERIAL);
                u4(&mut buf, len);
                buf.push(code);
                len as u64 * size as u64
            }
            (Some(len), None) => {
                buf.push(SUB_OBJECT_ARRAY_DUMP);
                id(&mut buf, oid);
                u4(&mut buf, STACK_SERIAL);
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
    out.flush_segment().map_err(cannot)?;
    out.record(TAG_HEAP_DUMP_END, &[]).map_err(cannot)?;
    out.w.flush().map_err(cannot)?;
    Ok(n)
}
