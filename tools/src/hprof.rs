//! HPROF heap dumps (the format of HotSpot's `jmap -dump` and `-XX:+HeapDumpOnOutOfMemoryError`,
//! JAVA PROFILE 1.0.2) of the heap rebuilt from a trace at any boundary, for heap-dump analysers.
//!
//! The trace records every object's type, size, array length and address, but no field values.
//! Without pointers (a trace recorded without `--trace-pointers`) it has no references either,
//! so the dump holds: one class per type (LOAD CLASS, CLASS DUMP with the instance size and no
//! fields), every object (INSTANCE DUMP with no field bytes, OBJECT ARRAY DUMP with null
//! elements, PRIMITIVE ARRAY DUMP with zeroed elements, each of its length), and, since no
//! reference is known, every object as a root of unknown kind (so analysers keep it).
//!
//! With pointers (header flag `HEADER_FLAG_POINTERS`), the dump holds the object graph of the
//! boundary (`graph::graph_of`) with the runtime dump's conventions (runtime/interp's
//! runtime/heapdump.rs), so both dumps of one heap agree object by object, reference by
//! reference and root by root:
//! - one class per type the trace defines (every loaded class but the primitive types), with
//!   the class's instance size (gcvm's, header included: analysers' shallow sizes are right);
//!   a class whose `java.lang.Class` mirror is a root (kind "class") has the mirror's id and the
//!   mirror is not written again as an instance; every class is a ROOT STICKY CLASS (gcvm never
//!   unloads one);
//! - a class's CLASS DUMP declares its **reference** instance fields only, inherited ones
//!   included (no super class is declared), in slot order, typed object, named by the trace's
//!   Fields symbols; the trace knows nothing of primitive fields, so they are absent, and an
//!   INSTANCE DUMP holds one id per declared field (0 where the slot holds no reference);
//! - the static fields that are roots (kind "static field": non-null references) are static
//!   fields of their class's CLASS DUMP, named by the Static symbol's field name; primitive and
//!   null statics are absent;
//! - OBJECT ARRAY DUMPs hold their element ids (slot `array_header / 4 + k` is element k);
//! - the other roots map as the runtime maps them: thread stack → ROOT JAVA FRAME (thread
//!   serial, frame number -1: the trace records no frames), thread → ROOT THREAD OBJECT,
//!   monitor → ROOT MONITOR USED, VM internal → ROOT JNI GLOBAL (detail 0) or ROOT JNI LOCAL (a
//!   thread's handles, frame -1), reference queue and interned string → ROOT UNKNOWN. Threads
//!   named by roots get serials 1, 2... in thread id order, and thread serial k has an empty
//!   STACK TRACE k+1 (the trace records no frames).
//!
//! Ids are 8 bytes: an object's id is its heap offset plus `OBJECT_ID_BASE` (never 0); classes and
//! strings have ids in ranges of their own. All numbers are big-endian, as the format requires.
//! The format itself (tags, ids, segments) is `gcvm_tracer::hprof`, shared with the runtime's own
//! dump of the live heap, which also has primitive field values and stack frames
//! (docs/heap-dumps.md).

use crate::boundary::parse_boundary;
use crate::graph::{graph_at_reconstruction, ObjectGraph, RootKind};
use crate::reader::{Symbols, TraceError};
use crate::reconstruct::reconstruct;
use crate::reconstruct::Reconstruction;
use gcvm_tracer::format::HEADER_FLAG_POINTERS;
use gcvm_tracer::hprof::{
    basic, class_id, id, object_id, primitive_array, sub, u2, u4, HprofWriter, EMPTY_STACK_TRACE,
    FRAME_ID_BASE, STRING_ID_BASE,
};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
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
    if r.header.flags & HEADER_FLAG_POINTERS != 0 {
        let g = graph_at_reconstruction(path.as_ref(), &r)?;
        let n = GraphDump::new(&r, &g).write(&mut out).map_err(cannot)?;
        out.finish().map_err(cannot)?;
        return Ok(n);
    }
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

/// Ids of UTF8 records of field names, past the class names' (`STRING_ID_BASE` + type id).
const FIELD_NAME_ID_BASE: u64 = STRING_ID_BASE + (1 << 32);
/// Ids of the VM's global references (ROOT JNI GLOBAL's second id), as the runtime's dump.
const HANDLE_ID_BASE: u64 = FRAME_ID_BASE + (1 << 40);
/// A frame number the trace does not know (HPROF's -1).
const NO_FRAME: u32 = u32::MAX;

/// The dump of a trace with pointers (see the module comment): the object graph, and what the
/// classes, fields, statics and threads of the dump are.
struct GraphDump<'a> {
    r: &'a Reconstruction,
    g: &'a ObjectGraph,
    /// Every class, by type id: its id in the dump.
    classes: BTreeMap<u32, u64>,
    /// Nodes written as classes (class mirrors), sorted.
    mirrors: Vec<u32>,
    /// Per instance type: the slots of its declared reference fields, increasing, and their names.
    fields: HashMap<u32, Vec<(u32, String)>>,
    /// Per class: its static fields that hold a reference: (field name, object id).
    statics: HashMap<u32, Vec<(String, u64)>>,
    /// Static-field roots whose class the trace does not name: written as ROOT UNKNOWN.
    orphan_statics: Vec<u64>,
    /// Threads the roots name, by thread id: their serial (from 1, in thread id order).
    threads: BTreeMap<u32, u32>,
    /// Names already written, with their ids.
    names: HashMap<String, u64>,
}

impl<'a> GraphDump<'a> {
    fn new(r: &'a Reconstruction, g: &'a ObjectGraph) -> GraphDump<'a> {
        let sy = &r.symbols;
        // every type the trace defines (every loaded class), and any type with an object — not
        // the filler, nor primitive types (no size, not arrays: HPROF has no class for `int`;
        // their mirrors are plain objects, as in HotSpot's and the runtime's dumps)
        let mut types: BTreeSet<u32> = sy
            .types
            .iter()
            .filter(|(_, t)| t.name != "<filler>" && (t.instance_size > 0 || t.elem_size.is_some()))
            .map(|(&id, _)| id)
            .collect();
        types.extend(g.objects.iter().map(|o| o.type_id));
        let mut classes: BTreeMap<u32, u64> = types.iter().map(|&t| (t, class_id(t))).collect();
        let mut mirrors = Vec::new();
        let mut threads = BTreeSet::new();
        for root in &g.roots {
            match root.kind {
                RootKind::ClassMirror => {
                    // a mirror of a type the trace does not define (a primitive type's) stays
                    // an instance, as in the runtime's dump
                    if let Some(cid) = classes.get_mut(&root.detail) {
                        if *cid == class_id(root.detail) {
                            *cid = object_id(g.objects[root.object as usize].addr);
                            mirrors.push(root.object);
                        }
                    }
                }
                RootKind::ThreadStack | RootKind::Monitor | RootKind::ThreadObject => {
                    threads.insert(root.detail);
                }
                RootKind::VmInternal if root.detail != 0 => {
                    threads.insert(root.detail);
                }
                _ => {}
            }
        }
        mirrors.sort_unstable();
        // declared reference fields: the Fields symbols' slots, and any other slot an
        // instance holds a reference in
        let mut slots: HashMap<u32, BTreeMap<u32, String>> = HashMap::new();
        for (&t, fs) in &sy.fields {
            let e = slots.entry(t).or_default();
            for (slot, name) in fs {
                e.insert(*slot, name.clone());
            }
        }
        for (i, o) in g.objects.iter().enumerate() {
            if o.array_len.is_some() {
                continue;
            }
            for e in g.edges_of(i as u32) {
                slots
                    .entry(o.type_id)
                    .or_default()
                    .entry(e.slot)
                    .or_insert_with(|| format!("<slot {}>", e.slot));
            }
        }
        let fields = slots
            .into_iter()
            .map(|(t, s)| (t, s.into_iter().collect()))
            .collect();
        // static fields, by their class's Java name
        let by_name: HashMap<String, u32> = types
            .iter()
            .filter_map(|&t| Some((sy.types.get(&t)?.name.replace('/', "."), t)))
            .collect();
        let mut statics: HashMap<u32, Vec<(String, u64)>> = HashMap::new();
        let mut orphan_statics = Vec::new();
        for root in g.roots.iter().filter(|r| r.kind == RootKind::StaticField) {
            let target = object_id(g.objects[root.object as usize].addr);
            let holder = sy
                .statics
                .get(&root.detail)
                .and_then(|(class, field)| Some((*by_name.get(class)?, field)));
            match holder {
                Some((t, field)) => statics.entry(t).or_default().push((field.clone(), target)),
                None => orphan_statics.push(target),
            }
        }
        let threads = threads
            .into_iter()
            .enumerate()
            .map(|(k, t)| (t, k as u32 + 1))
            .collect();
        GraphDump {
            r,
            g,
            classes,
            mirrors,
            fields,
            statics,
            orphan_statics,
            threads,
            names: HashMap::new(),
        }
    }

    /// The id of the UTF8 record of field name `text`, writing the record on first use.
    fn name<W: Write>(&mut self, out: &mut HprofWriter<W>, text: &str) -> std::io::Result<u64> {
        if let Some(&id) = self.names.get(text) {
            return Ok(id);
        }
        let id = FIELD_NAME_ID_BASE + self.names.len() as u64;
        out.utf8(id, text)?;
        self.names.insert(text.to_string(), id);
        Ok(id)
    }

    /// Writes names, classes, stack traces, class dumps, roots and objects (the runtime
    /// dump's order); returns the number of objects (mirrors written as classes included).
    fn write<W: Write>(mut self, out: &mut HprofWriter<W>) -> std::io::Result<u64> {
        let sy = &self.r.symbols;
        for (serial, (&t, &cid)) in self.classes.iter().enumerate() {
            let name_id = STRING_ID_BASE + t as u64;
            out.utf8(name_id, &sy.type_name(t))?;
            out.load_class(serial as u32 + 1, cid, name_id)?;
        }
        let mut field_names: Vec<String> = self
            .fields
            .values()
            .flatten()
            .map(|(_, n)| n.clone())
            .collect();
        field_names.extend(self.statics.values().flatten().map(|(n, _)| n.clone()));
        for n in field_names {
            self.name(out, &n)?;
        }
        for &serial in self.threads.values() {
            out.stack_trace(serial + 1, serial, &[])?;
        }
        self.write_class_dumps(out)?;
        self.write_roots(out)?;
        self.write_objects(out)
    }

    fn write_class_dumps<W: Write>(&self, out: &mut HprofWriter<W>) -> std::io::Result<()> {
        let sy = &self.r.symbols;
        // an instance type's size: its Type symbol's, else its first object's
        let mut sizes: HashMap<u32, u64> = HashMap::new();
        for o in self.g.objects.iter().filter(|o| o.array_len.is_none()) {
            sizes.entry(o.type_id).or_insert(o.size);
        }
        let mut b = Vec::new();
        for (&t, &cid) in &self.classes {
            let ty = sy.types.get(&t);
            let is_array = ty.is_some_and(|ty| ty.elem_size.is_some());
            let size = match ty {
                Some(ty) if ty.elem_size.is_none() => ty.instance_size as u64,
                Some(_) => 0,
                None => sizes.get(&t).copied().unwrap_or(0),
            };
            b.clear();
            b.push(sub::CLASS_DUMP);
            id(&mut b, cid);
            u4(&mut b, EMPTY_STACK_TRACE);
            for _ in 0..6 {
                id(&mut b, 0); // super, loader, signers, protection domain, 2 reserved
            }
            u4(&mut b, size.min(u32::MAX as u64) as u32);
            u2(&mut b, 0); // constant pool
            let statics = self.statics.get(&t).map_or(&[][..], Vec::as_slice);
            u2(&mut b, statics.len() as u16);
            for (name, target) in statics {
                id(&mut b, self.names[name]);
                b.push(basic::OBJECT);
                id(&mut b, *target);
            }
            let fields = match is_array {
                true => &[][..],
                false => self.fields.get(&t).map_or(&[][..], Vec::as_slice),
            };
            u2(&mut b, fields.len() as u16);
            for (_, name) in fields {
                id(&mut b, self.names[name]);
                b.push(basic::OBJECT);
            }
            out.sub(&b)?;
        }
        Ok(())
    }

    /// The root records: every class (sticky), then the trace's roots but static fields and
    /// class mirrors (which the classes stand for), each (kind, object, detail) once.
    fn write_roots<W: Write>(&self, out: &mut HprofWriter<W>) -> std::io::Result<()> {
        let mut b = Vec::new();
        for &cid in self.classes.values() {
            b.push(sub::ROOT_STICKY_CLASS);
            id(&mut b, cid);
        }
        for &o in &self.orphan_statics {
            b.push(sub::ROOT_UNKNOWN);
            id(&mut b, o);
        }
        let serial = |thread: u32| self.threads[&thread];
        let mut seen = HashSet::new();
        let mut globals = 0u64;
        for root in &self.g.roots {
            let obj = object_id(self.g.objects[root.object as usize].addr);
            if !seen.insert((root.kind as u8, obj, root.detail)) {
                continue;
            }
            match root.kind {
                RootKind::StaticField => {}
                RootKind::ClassMirror => {
                    // a mirror of a type the trace does not define stays an instance: its
                    // class is unknown, so it is held as a root of unknown kind
                    if self.mirrors.binary_search(&root.object).is_err()
                        && !self.classes.contains_key(&root.detail)
                    {
                        b.push(sub::ROOT_UNKNOWN);
                        id(&mut b, obj);
                    }
                }
                RootKind::ThreadStack => {
                    b.push(sub::ROOT_JAVA_FRAME);
                    id(&mut b, obj);
                    u4(&mut b, serial(root.detail));
                    u4(&mut b, NO_FRAME);
                }
                RootKind::ThreadObject => {
                    let s = serial(root.detail);
                    b.push(sub::ROOT_THREAD_OBJECT);
                    id(&mut b, obj);
                    u4(&mut b, s);
                    u4(&mut b, s + 1);
                }
                RootKind::Monitor => {
                    b.push(sub::ROOT_MONITOR_USED);
                    id(&mut b, obj);
                }
                RootKind::VmInternal if root.detail != 0 => {
                    b.push(sub::ROOT_JNI_LOCAL);
                    id(&mut b, obj);
                    u4(&mut b, serial(root.detail));
                    u4(&mut b, NO_FRAME);
                }
                RootKind::VmInternal => {
                    b.push(sub::ROOT_JNI_GLOBAL);
                    id(&mut b, obj);
                    id(&mut b, HANDLE_ID_BASE + globals);
                    globals += 1;
                }
                RootKind::ReferenceQueue | RootKind::InternedString => {
                    b.push(sub::ROOT_UNKNOWN);
                    id(&mut b, obj);
                }
            }
        }
        out.sub(&b)
    }

    /// Every object but the mirrors written as classes, with its references.
    fn write_objects<W: Write>(&self, out: &mut HprofWriter<W>) -> std::io::Result<u64> {
        let g = self.g;
        let base_slot = g.array_header / 4;
        let mut b = Vec::new();
        let mut ids: Vec<u64> = Vec::new();
        let sy = &self.r.symbols;
        let elements: HashMap<u32, Option<(u8, usize)>> = self
            .classes
            .keys()
            .map(|&t| (t, primitive_array(&sy.type_name(t))))
            .collect();
        for (i, o) in g.objects.iter().enumerate() {
            let i = i as u32;
            if self.mirrors.binary_search(&i).is_ok() {
                continue;
            }
            let oid = object_id(o.addr);
            let class = self.classes[&o.type_id];
            let target = |k: u32| object_id(g.objects[k as usize].addr);
            b.clear();
            match (o.array_len, elements[&o.type_id]) {
                (None, _) => {
                    let fields = self.fields.get(&o.type_id).map_or(&[][..], Vec::as_slice);
                    b.push(sub::INSTANCE_DUMP);
                    id(&mut b, oid);
                    u4(&mut b, EMPTY_STACK_TRACE);
                    id(&mut b, class);
                    u4(&mut b, fields.len() as u32 * 8);
                    let mut edges = g.edges_of(i).iter().peekable();
                    for (slot, _) in fields {
                        // edges and fields are both in slot order
                        while edges.next_if(|e| e.slot < *slot).is_some() {}
                        match edges.next_if(|e| e.slot == *slot) {
                            Some(e) => id(&mut b, target(e.target)),
                            None => id(&mut b, 0),
                        }
                    }
                    out.sub(&b)?;
                }
                (Some(len), Some((code, size))) => {
                    b.push(sub::PRIMITIVE_ARRAY_DUMP);
                    id(&mut b, oid);
                    u4(&mut b, EMPTY_STACK_TRACE);
                    u4(&mut b, len);
                    b.push(code);
                    out.sub_zeros(&b, len as u64 * size as u64)?;
                }
                (Some(len), None) => {
                    ids.clear();
                    ids.resize(len as usize, 0);
                    for e in g.edges_of(i) {
                        if let Some(k) = e.slot.checked_sub(base_slot) {
                            if let Some(at) = ids.get_mut(k as usize) {
                                *at = target(e.target);
                            }
                        }
                    }
                    b.push(sub::OBJECT_ARRAY_DUMP);
                    id(&mut b, oid);
                    u4(&mut b, EMPTY_STACK_TRACE);
                    u4(&mut b, len);
                    id(&mut b, class);
                    for &x in &ids {
                        id(&mut b, x);
                    }
                    out.sub(&b)?;
                }
            }
        }
        Ok(g.len() as u64)
    }
}
