//! HPROF files as the `jvm-hprof` crate reads them, independent of gcvm's writers: classes
//! (declared fields, statics, instance size), objects (field bytes, elements), roots, stack
//! traces. Shared by tests/heap_dump.rs (the runtime's own dumps) and tests/hprof_export.rs
//! (`gcvm hprof`'s export of a trace); included with `#[path = "support/hprof.rs"] mod hprof;`.
#![allow(dead_code)]

use jvm_hprof::heap_dump::{FieldType, FieldValue, SubRecord};
use std::collections::HashMap;
use std::path::Path;

/// A root as the dump records it.
#[derive(Debug, Clone, Copy)]
pub struct Root {
    pub kind: &'static str,
    pub obj: u64,
    pub thread: Option<u32>,
    pub frame: Option<u32>,
}

#[derive(Default)]
pub struct ClassDump {
    pub super_id: Option<u64>,
    /// The instance size the class declares (bytes).
    pub instance_size: u32,
    /// Declared instance fields, in the dump's order.
    pub fields: Vec<(String, FieldType)>,
    pub statics: HashMap<String, FieldValue>,
}

/// A dump as jvm-hprof reads it.
#[derive(Default)]
pub struct Dump {
    pub names: HashMap<u64, String>,
    pub class_names: HashMap<u64, String>,
    pub classes: HashMap<u64, ClassDump>,
    pub instances: HashMap<u64, (u64, Vec<u8>)>,
    pub object_arrays: HashMap<u64, (u64, Vec<Option<u64>>)>,
    /// Primitive arrays: element type name (`int`, `char`...) and elements as i64.
    pub primitive_arrays: HashMap<u64, (String, Vec<i64>)>,
    pub roots: Vec<Root>,
    /// Per thread serial: the method names of its stack trace, innermost first.
    pub traces: HashMap<u32, Vec<String>>,
}

pub fn read_dump(file: &Path) -> Dump {
    let bytes = std::fs::read(file).unwrap();
    let hprof = jvm_hprof::parse_hprof(&bytes[..]).expect("jvm-hprof parses the header");
    let id_size = hprof.header().id_size();
    let mut d = Dump::default();
    let mut frames: HashMap<u64, u64> = HashMap::new();
    let mut traces = Vec::new();
    for r in hprof.records_iter() {
        let r = r.expect("a well-formed record");
        if let Some(u) = r.as_utf_8() {
            let u = u.unwrap();
            d.names
                .insert(u.name_id().id(), u.text_as_str().unwrap().to_string());
        } else if let Some(c) = r.as_load_class() {
            let c = c.unwrap();
            d.class_names.insert(
                c.class_obj_id().id(),
                d.names[&c.class_name_id().id()].clone(),
            );
        } else if let Some(f) = r.as_stack_frame() {
            let f = f.unwrap();
            frames.insert(f.id().id(), f.method_name_id().id());
        } else if let Some(t) = r.as_stack_trace() {
            let t = t.unwrap();
            let ids: Vec<u64> = t.frame_ids().map(|i| i.unwrap().id()).collect();
            traces.push((t.thread_serial().num(), ids));
        } else if let Some(s) = r.as_heap_dump_segment() {
            for sub in s.unwrap().sub_records() {
                d.add(sub.expect("a well-formed sub-record"), id_size);
            }
        }
    }
    for (thread, ids) in traces {
        let methods = ids.iter().map(|f| d.names[&frames[f]].clone()).collect();
        d.traces.insert(thread, methods);
    }
    d
}

impl Dump {
    pub fn add(&mut self, sub: SubRecord, id_size: jvm_hprof::IdSize) {
        let root = |kind, obj: jvm_hprof::Id, thread: Option<u32>, frame| Root {
            kind,
            obj: obj.id(),
            thread,
            frame,
        };
        match sub {
            SubRecord::Class(c) => {
                let mut cd = ClassDump {
                    super_id: c.super_class_obj_id().map(|i| i.id()),
                    instance_size: c.instance_size_bytes(),
                    ..Default::default()
                };
                for f in c.instance_field_descriptors() {
                    let f = f.unwrap();
                    cd.fields
                        .push((self.names[&f.name_id().id()].clone(), f.field_type()));
                }
                for s in c.static_fields() {
                    let s = s.unwrap();
                    cd.statics
                        .insert(self.names[&s.name_id().id()].clone(), s.value());
                }
                self.classes.insert(c.obj_id().id(), cd);
            }
            SubRecord::Instance(i) => {
                let fields = i.fields().to_vec();
                self.instances
                    .insert(i.obj_id().id(), (i.class_obj_id().id(), fields));
            }
            SubRecord::ObjectArray(a) => {
                let elements = a
                    .elements(id_size)
                    .map(|e| e.unwrap().map(|i| i.id()))
                    .collect();
                self.object_arrays
                    .insert(a.obj_id().id(), (a.array_class_obj_id().id(), elements));
            }
            SubRecord::PrimitiveArray(a) => {
                let ty = a.primitive_type().java_type_name().to_string();
                self.primitive_arrays
                    .insert(a.obj_id().id(), (ty, primitive_values(&a)));
            }
            SubRecord::GcRootUnknown(r) => self.roots.push(root("unknown", r.obj_id(), None, None)),
            SubRecord::GcRootJniGlobal(r) => {
                self.roots.push(root("jni global", r.obj_id(), None, None))
            }
            SubRecord::GcRootSystemClass(r) => {
                self.roots
                    .push(root("sticky class", r.obj_id(), None, None))
            }
            SubRecord::GcRootBusyMonitor(r) => {
                self.roots
                    .push(root("monitor used", r.obj_id(), None, None))
            }
            SubRecord::GcRootJniLocalRef(r) => {
                let t = Some(r.thread_serial().num());
                self.roots
                    .push(root("jni local", r.obj_id(), t, r.frame_index()))
            }
            SubRecord::GcRootJavaStackFrame(r) => {
                let t = Some(r.thread_serial().num());
                self.roots
                    .push(root("java frame", r.obj_id(), t, r.frame_index()))
            }
            SubRecord::GcRootThreadObj(r) => {
                if let Some(obj) = r.thread_obj_id() {
                    let t = Some(r.thread_serial().num());
                    self.roots.push(root("thread object", obj, t, None));
                }
            }
            other => panic!("a sub-record gcvm does not write: {other:?}"),
        }
    }

    pub fn class_named(&self, name: &str) -> u64 {
        let found = self.class_names.iter().find(|(_, n)| n.as_str() == name);
        *found.unwrap_or_else(|| panic!("no class {name}")).0
    }

    pub fn class_name_of(&self, obj: u64) -> String {
        if let Some((class, _)) = self.instances.get(&obj) {
            return self.class_names[class].clone();
        }
        if let Some((class, _)) = self.object_arrays.get(&obj) {
            return self.class_names[class].clone();
        }
        if let Some((ty, _)) = self.primitive_arrays.get(&obj) {
            return format!("{ty}[]");
        }
        if self.classes.contains_key(&obj) {
            return "java/lang/Class".to_string();
        }
        panic!("no object {obj:#x}")
    }

    pub fn instances_of(&self, name: &str) -> Vec<u64> {
        let class = self.class_named(name);
        let mut v: Vec<u64> = self
            .instances
            .iter()
            .filter(|(_, (c, _))| *c == class)
            .map(|(&id, _)| id)
            .collect();
        v.sort();
        v
    }

    /// An instance's field values by name (its own class's first: a shadowed field is the
    /// subclass's), parsed with the field lists of its class and superclasses.
    pub fn fields(&self, obj: u64) -> HashMap<String, FieldValue> {
        let (class, bytes) = &self.instances[&obj];
        let mut input = &bytes[..];
        let mut out = HashMap::new();
        let mut c = Some(*class);
        while let Some(id) = c {
            let cd = &self.classes[&id];
            for (name, ty) in &cd.fields {
                let (rest, v) = ty.parse_value(input, jvm_hprof::IdSize::U64).unwrap();
                input = rest;
                out.entry(name.clone()).or_insert(v);
            }
            c = cd.super_id;
        }
        assert!(input.is_empty(), "field bytes left over");
        out
    }

    /// An instance's non-null reference fields as (name, id), in the dump's order, shadowed
    /// fields included (`fields` keeps the subclass's only).
    pub fn refs(&self, obj: u64) -> Vec<(String, u64)> {
        let (class, bytes) = &self.instances[&obj];
        let mut input = &bytes[..];
        let mut out = Vec::new();
        let mut c = Some(*class);
        while let Some(id) = c {
            let cd = &self.classes[&id];
            for (name, ty) in &cd.fields {
                let (rest, v) = ty.parse_value(input, jvm_hprof::IdSize::U64).unwrap();
                input = rest;
                if let FieldValue::ObjectId(Some(id)) = v {
                    out.push((name.clone(), id.id()));
                }
            }
            c = cd.super_id;
        }
        assert!(input.is_empty(), "field bytes left over");
        out
    }

    pub fn statics(&self, class: &str) -> &HashMap<String, FieldValue> {
        &self.classes[&self.class_named(class)].statics
    }

    /// The text of the java.lang.String `obj` (its `value` array: chars or Latin-1 bytes).
    pub fn string(&self, obj: u64) -> String {
        let FieldValue::ObjectId(Some(value)) = self.fields(obj)["value"] else {
            panic!("a string without a value array")
        };
        let (ty, v) = &self.primitive_arrays[&value.id()];
        match ty.as_str() {
            "char" => String::from_utf16(&v.iter().map(|&c| c as u16).collect::<Vec<_>>()).unwrap(),
            _ => v.iter().map(|&b| b as u8 as char).collect(),
        }
    }

    /// Every object id the dump refers to (fields, statics, elements, roots, super classes).
    pub fn references(&self) -> Vec<(String, u64)> {
        let mut refs = Vec::new();
        for &obj in self.instances.keys() {
            for (name, v) in self.fields(obj) {
                if let FieldValue::ObjectId(Some(id)) = v {
                    refs.push((format!("field {name} of {obj:#x}"), id.id()));
                }
            }
        }
        for (&class, cd) in &self.classes {
            for (name, v) in &cd.statics {
                if let FieldValue::ObjectId(Some(id)) = v {
                    refs.push((format!("static {name} of {class:#x}"), id.id()));
                }
            }
            if let Some(s) = cd.super_id {
                refs.push((format!("super of {class:#x}"), s));
            }
        }
        for (&arr, (class, elements)) in &self.object_arrays {
            refs.push((format!("class of {arr:#x}"), *class));
            for e in elements.iter().flatten() {
                refs.push((format!("element of {arr:#x}"), *e));
            }
        }
        for r in &self.roots {
            refs.push((format!("{} root", r.kind), r.obj));
        }
        refs
    }

    pub fn has(&self, obj: u64) -> bool {
        self.instances.contains_key(&obj)
            || self.object_arrays.contains_key(&obj)
            || self.primitive_arrays.contains_key(&obj)
            || self.classes.contains_key(&obj)
    }

    pub fn roots_of(&self, kind: &str, obj: u64) -> Vec<Root> {
        self.roots
            .iter()
            .filter(|r| r.kind == kind && r.obj == obj)
            .copied()
            .collect()
    }
}

pub fn primitive_values(a: &jvm_hprof::heap_dump::PrimitiveArray) -> Vec<i64> {
    fn all<T, E: std::fmt::Debug>(
        it: impl Iterator<Item = Result<T, E>>,
        f: impl Fn(T) -> i64,
    ) -> Vec<i64> {
        it.map(|v| f(v.unwrap())).collect()
    }
    if let Some(it) = a.ints() {
        return all(it, |v| v as i64);
    }
    if let Some(it) = a.chars() {
        return all(it, |v| v as i64);
    }
    if let Some(it) = a.bytes() {
        return all(it, |v| v as i64);
    }
    if let Some(it) = a.longs() {
        return all(it, |v| v);
    }
    if let Some(it) = a.shorts() {
        return all(it, |v| v as i64);
    }
    if let Some(it) = a.booleans() {
        return all(it, |v| v as i64);
    }
    if let Some(it) = a.floats() {
        return all(it, |v| v.to_bits() as i64);
    }
    all(a.doubles().unwrap(), |v| v.to_bits() as i64)
}
