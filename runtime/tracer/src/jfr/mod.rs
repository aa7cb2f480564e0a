//! JDK Flight Recorder files: what `gcvm run --jfr` and `gcvm export --jfr` write, for the JDK's
//! own readers (`jfr print`, `jfr summary`, `jdk.jfr.consumer.RecordingFile`, Mission Control).
//!
//! A file is one chunk of format 2.1 (docs/jfr.md):
//!
//! ```text
//! header (68 bytes, big-endian): "FLR\0", major 2, minor 1, chunk size, offset of the
//!        checkpoint, offset of the metadata, start (ns since the epoch), duration (ns),
//!        start (ticks), ticks per second, file state 0 (finished), flags 3 (compressed
//!        integers, final chunk)
//! events: size, type id, fields in declared order
//! metadata event (type 0): a string table, then the element tree of every declared type
//! checkpoint event (type 1): the constant pools events refer to by key
//! ```
//!
//! Every integer after the header is a JFR varint (7 bits a byte, least significant first, the
//! ninth byte carrying 8 bits); floats are big-endian; strings are an encoding byte (0 null,
//! 1 empty, 3 UTF-8) then a length and the bytes. An event's size counts itself.
//!
//! `JfrWriter` collects the events in memory (a run's recording is small: GC events, samples
//! and throttled allocation samples) and writes the chunk at `finish`. Constant pools are built
//! as events name things: threads, classes, methods, stack traces (deduplicated), symbols and the
//! GC's name lists.

pub mod events;
pub mod types;

use std::collections::HashMap;
use types::{Content, FieldDef, TypeDef, FIRST_TYPE_ID, TYPES};

/// Time in ticks: nanoseconds on the recording's monotonic clock.
pub type Ticks = i64;

/// One frame of a stack trace, innermost first in a trace.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Frame {
    /// Internal form: `java/util/ArrayList`.
    pub class: String,
    pub method: String,
    pub descriptor: String,
    /// -1 when unknown.
    pub line: i32,
    pub bci: i32,
}

/// A Java thread as events name it.
#[derive(Clone, Debug)]
pub struct ThreadInfo {
    pub java_id: u64,
    pub name: String,
}

/// The key of a constant-pool entry; 0 is null.
pub type Key = u64;

const NULL: Key = 0;
/// Event type ids of the two internal events.
const METADATA_ID: u64 = 0;
const CHECKPOINT_ID: u64 = 1;
const HEADER_SIZE: usize = 68;

/// Appends `v` as a JFR varint.
pub fn put_varint(out: &mut Vec<u8>, v: u64) {
    let mut v = v;
    for _ in 0..8 {
        if v < 0x80 {
            out.push(v as u8);
            return;
        }
        out.push((v as u8 & 0x7F) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Appends `s` as a UTF-8 string (encoding 3), or the empty string's one byte.
pub fn put_string(out: &mut Vec<u8>, s: &str) {
    if s.is_empty() {
        out.push(1);
        return;
    }
    out.push(3);
    put_varint(out, s.len() as u64);
    out.extend_from_slice(s.as_bytes());
}

/// One value of an event or a constant-pool entry, checked against the type's declared fields.
#[derive(Clone, Copy, Debug)]
pub enum Value<'a> {
    Long(i64),
    Int(i32),
    Byte(i8),
    Bool(bool),
    Str(&'a str),
    /// A constant-pool key (0: null).
    Ref(Key),
    /// A nested value type written in place (jdk.types.VirtualSpace).
    Inline(&'a [Value<'a>]),
}

fn value_fits(field: &FieldDef, value: &Value) -> bool {
    if field.constant_pool {
        return matches!(value, Value::Ref(_));
    }
    matches!(
        (field.ty, value),
        ("long", Value::Long(_))
            | ("int", Value::Int(_))
            | ("byte", Value::Byte(_))
            | ("boolean", Value::Bool(_))
            | ("java.lang.String", Value::Str(_))
            | (_, Value::Inline(_))
    )
}

/// Writes `values` as the fields of `ty`, in order.
fn put_values(out: &mut Vec<u8>, ty: &TypeDef, values: &[Value]) {
    assert_eq!(
        ty.fields.len(),
        values.len(),
        "JFR {}: {} values for {} fields",
        ty.name,
        values.len(),
        ty.fields.len()
    );
    for (field, value) in ty.fields.iter().zip(values) {
        assert!(
            value_fits(field, value),
            "JFR {}.{}: {:?} is not a {}",
            ty.name,
            field.name,
            value,
            field.ty
        );
        put_value(out, field, value);
    }
}

fn put_value(out: &mut Vec<u8>, field: &FieldDef, value: &Value) {
    match *value {
        Value::Long(v) => put_varint(out, v as u64),
        Value::Int(v) => put_varint(out, v as i64 as u64),
        Value::Byte(v) => out.push(v as u8),
        Value::Bool(v) => out.push(v as u8),
        Value::Str(s) => put_string(out, s),
        Value::Ref(key) => put_varint(out, key),
        Value::Inline(values) => put_values(out, types::type_def(field.ty), values),
    }
}

/// Wraps `body` (type id and fields) as an event: its size, counting the size's own bytes.
fn put_event(out: &mut Vec<u8>, body: &[u8]) {
    let mut size = body.len() + 1;
    while varint_len(size as u64) + body.len() != size {
        size = body.len() + varint_len(size as u64);
    }
    put_varint(out, size as u64);
    out.extend_from_slice(body);
}

fn varint_len(v: u64) -> usize {
    let mut buf = Vec::with_capacity(9);
    put_varint(&mut buf, v);
    buf.len()
}

/// Interns values of one constant-pool type: key per distinct value, entries in key order.
struct Pool<K> {
    keys: HashMap<K, Key>,
    entries: Vec<Vec<u8>>,
}

impl<K: std::hash::Hash + Eq> Pool<K> {
    fn new() -> Pool<K> {
        Pool {
            keys: HashMap::new(),
            entries: Vec::new(),
        }
    }

    /// The key of `k`, its entry written by `encode` the first time.
    fn intern(&mut self, k: K, encode: impl FnOnce(&mut Vec<u8>)) -> Key {
        if let Some(&key) = self.keys.get(&k) {
            return key;
        }
        let key = self.entries.len() as Key + 1;
        let mut entry = Vec::new();
        encode(&mut entry);
        self.entries.push(entry);
        self.keys.insert(k, key);
        key
    }
}

/// A JFR recording being written: events in memory, the constant pools they refer to.
pub struct JfrWriter {
    /// Nanoseconds since the Unix epoch at tick 0... at `start_ticks`.
    start_epoch_nanos: i64,
    start_ticks: Ticks,
    last_ticks: Ticks,
    events: Vec<u8>,
    counts: HashMap<&'static str, u64>,
    symbols: Pool<String>,
    classes: Pool<String>,
    methods: Pool<(String, String, String)>,
    stacks: Pool<(Vec<Frame>, bool)>,
    threads: Pool<u64>,
    thread_groups: Pool<String>,
    /// One-string pools (jdk.types.GCName, GCCause...), by type name.
    names: HashMap<&'static str, Pool<String>>,
}

impl JfrWriter {
    /// A recording starting at `start_ticks`, which is `start_epoch_nanos` on the wall clock.
    pub fn new(start_epoch_nanos: i64, start_ticks: Ticks) -> JfrWriter {
        JfrWriter {
            start_epoch_nanos,
            start_ticks,
            last_ticks: start_ticks,
            events: Vec::new(),
            counts: HashMap::new(),
            symbols: Pool::new(),
            classes: Pool::new(),
            methods: Pool::new(),
            stacks: Pool::new(),
            threads: Pool::new(),
            thread_groups: Pool::new(),
            names: HashMap::new(),
        }
    }

    /// Writes one event of type `name` (declared in `types::TYPES`), its values in field order:
    /// the first is its start time in ticks.
    pub fn event(&mut self, name: &'static str, values: &[Value]) {
        let ty = types::type_def(name);
        debug_assert_eq!(
            ty.super_type,
            Some("jdk.jfr.Event"),
            "{name} is not an event"
        );
        if let Some(Value::Long(start)) = values.first() {
            let end = match values.get(1) {
                Some(Value::Long(d)) if ty.fields[1].name == "duration" => start + d,
                _ => *start,
            };
            self.last_ticks = self.last_ticks.max(end);
        }
        let mut body = Vec::with_capacity(32);
        put_varint(&mut body, types::type_id(name));
        put_values(&mut body, ty, values);
        put_event(&mut self.events, &body);
        *self.counts.entry(ty.name).or_default() += 1;
    }

    /// How many events were written (metadata and constant pools aside).
    pub fn total_events(&self) -> u64 {
        self.counts.values().sum()
    }

    /// How many events of type `name` were written.
    pub fn count(&self, name: &str) -> u64 {
        self.counts.get(name).copied().unwrap_or(0)
    }

    /// The key of a symbol (jdk.types.Symbol).
    pub fn symbol(&mut self, s: &str) -> Key {
        let symbols = &mut self.symbols;
        symbols.intern(s.to_string(), |out| put_string(out, s))
    }

    /// The key of the class named `internal_name` (`java/lang/String`, `[I`).
    pub fn class(&mut self, internal_name: &str) -> Key {
        if let Some(&key) = self.classes.keys.get(internal_name) {
            return key;
        }
        let name = self.symbol(internal_name);
        let def = types::type_def("java.lang.Class");
        self.classes.intern(internal_name.to_string(), |out| {
            put_values(
                out,
                def,
                &[
                    Value::Ref(NULL),
                    Value::Ref(name),
                    Value::Ref(NULL),
                    Value::Int(0),
                    Value::Bool(false),
                ],
            )
        })
    }

    /// The key of a method.
    pub fn method(&mut self, class: &str, name: &str, descriptor: &str) -> Key {
        let k = (class.to_string(), name.to_string(), descriptor.to_string());
        if let Some(&key) = self.methods.keys.get(&k) {
            return key;
        }
        let class = self.class(class);
        let (name, descriptor) = (self.symbol(name), self.symbol(descriptor));
        let def = types::type_def("jdk.types.Method");
        self.methods.intern(k, |out| {
            put_values(
                out,
                def,
                &[
                    Value::Ref(class),
                    Value::Ref(name),
                    Value::Ref(descriptor),
                    Value::Int(0),
                    Value::Bool(false),
                ],
            )
        })
    }

    /// The key of the stack trace `frames` (innermost first; `truncated`: the stack had more
    /// frames than these); equal traces share a key.
    pub fn stack_trace(&mut self, frames: &[Frame], truncated: bool) -> Key {
        let k = (frames.to_vec(), truncated);
        if let Some(&key) = self.stacks.keys.get(&k) {
            return key;
        }
        let interpreted = self.name("jdk.types.FrameType", "Interpreted");
        let methods: Vec<Key> = frames
            .iter()
            .map(|f| self.method(&f.class, &f.method, &f.descriptor))
            .collect();
        let frame_def = types::type_def("jdk.types.StackFrame");
        self.stacks.intern(k, |out| {
            out.push(truncated as u8);
            put_varint(out, frames.len() as u64);
            for (frame, method) in frames.iter().zip(methods) {
                put_values(
                    out,
                    frame_def,
                    &[
                        Value::Ref(method),
                        Value::Int(frame.line),
                        Value::Int(frame.bci),
                        Value::Ref(interpreted),
                    ],
                );
            }
        })
    }

    /// The key of a Java thread (the first name given for its id is kept).
    pub fn thread(&mut self, thread: &ThreadInfo) -> Key {
        if let Some(&key) = self.threads.keys.get(&thread.java_id) {
            return key;
        }
        let group = self.thread_group("main");
        let def = types::type_def("java.lang.Thread");
        self.threads.intern(thread.java_id, |out| {
            put_values(
                out,
                def,
                &[
                    Value::Str(&thread.name),
                    Value::Long(thread.java_id as i64),
                    Value::Str(&thread.name),
                    Value::Long(thread.java_id as i64),
                    Value::Ref(group),
                ],
            )
        })
    }

    /// The key of a thread that is not a Java thread (the VM thread, a GC worker): no Java
    /// name or id, as HotSpot writes its own threads. `id` must not collide with a Java id.
    pub fn vm_thread(&mut self, id: u64, name: &str) -> Key {
        if let Some(&key) = self.threads.keys.get(&id) {
            return key;
        }
        let def = types::type_def("java.lang.Thread");
        self.threads.intern(id, |out| {
            put_values(
                out,
                def,
                &[
                    Value::Str(name),
                    Value::Long(id as i64),
                    Value::Str(""),
                    Value::Long(0),
                    Value::Ref(NULL),
                ],
            )
        })
    }

    fn thread_group(&mut self, name: &str) -> Key {
        let def = types::type_def("jdk.types.ThreadGroup");
        self.thread_groups.intern(name.to_string(), |out| {
            put_values(out, def, &[Value::Ref(NULL), Value::Str(name)])
        })
    }

    /// The key of `value` in the one-string pool of type `ty` (jdk.types.GCName...).
    pub fn name(&mut self, ty: &'static str, value: &str) -> Key {
        debug_assert!(types::type_def(ty).simple, "{ty} is not a name list");
        let pool = self.names.entry(ty).or_insert_with(Pool::new);
        pool.intern(value.to_string(), |out| put_string(out, value))
    }

    /// The whole chunk: header, events, metadata, constant pools.
    pub fn finish(mut self) -> Vec<u8> {
        let mut out = vec![0u8; HEADER_SIZE];
        out.extend_from_slice(&std::mem::take(&mut self.events));
        let metadata_offset = out.len();
        let start = self.start_ticks;
        put_event(&mut out, &metadata_body(start));
        let checkpoint_offset = out.len();
        let checkpoint = self.checkpoint_body(start);
        put_event(&mut out, &checkpoint);
        let duration = self.last_ticks - self.start_ticks;
        let header = Header {
            chunk_size: out.len() as i64,
            checkpoint_offset: checkpoint_offset as i64,
            metadata_offset: metadata_offset as i64,
            start_epoch_nanos: self.start_epoch_nanos,
            duration_nanos: duration,
            start_ticks: self.start_ticks,
        };
        out[..HEADER_SIZE].copy_from_slice(&header.encode());
        out
    }

    /// The checkpoint event: every non-empty pool, each entry its key then its fields.
    fn checkpoint_body(&self, start: Ticks) -> Vec<u8> {
        let mut pools: Vec<(&str, &[Vec<u8>])> = vec![
            ("jdk.types.Symbol", &self.symbols.entries),
            ("java.lang.Class", &self.classes.entries),
            ("jdk.types.Method", &self.methods.entries),
            ("jdk.types.StackTrace", &self.stacks.entries),
            ("java.lang.Thread", &self.threads.entries),
            ("jdk.types.ThreadGroup", &self.thread_groups.entries),
        ];
        let mut names: Vec<_> = self.names.iter().collect();
        names.sort_by_key(|(ty, _)| **ty);
        for (ty, pool) in names {
            pools.push((ty, &pool.entries));
        }
        pools.retain(|(_, entries)| !entries.is_empty());
        let mut body = Vec::new();
        put_varint(&mut body, CHECKPOINT_ID);
        put_varint(&mut body, start as u64);
        put_varint(&mut body, 0); // duration
        put_varint(&mut body, 0); // delta to the previous checkpoint: none
        body.push(0); // checkpoint type: generic
        put_varint(&mut body, pools.len() as u64);
        for (ty, entries) in pools {
            put_varint(&mut body, types::type_id(ty));
            put_varint(&mut body, entries.len() as u64);
            for (i, entry) in entries.iter().enumerate() {
                put_varint(&mut body, i as u64 + 1);
                body.extend_from_slice(entry);
            }
        }
        body
    }
}

/// The chunk header's numbers.
struct Header {
    chunk_size: i64,
    checkpoint_offset: i64,
    metadata_offset: i64,
    start_epoch_nanos: i64,
    duration_nanos: i64,
    start_ticks: i64,
}

impl Header {
    fn encode(&self) -> [u8; HEADER_SIZE] {
        let mut h = Vec::with_capacity(HEADER_SIZE);
        h.extend_from_slice(b"FLR\0");
        h.extend_from_slice(&2u16.to_be_bytes());
        h.extend_from_slice(&1u16.to_be_bytes());
        for v in [
            self.chunk_size,
            self.checkpoint_offset,
            self.metadata_offset,
            self.start_epoch_nanos,
            self.duration_nanos,
            self.start_ticks,
            1_000_000_000, // ticks per second: a tick is a nanosecond
        ] {
            h.extend_from_slice(&v.to_be_bytes());
        }
        // File state 0: finished. Flags: compressed integers (1), final chunk (2).
        h.extend_from_slice(&[0, 0, 0, 3]);
        h.try_into().expect("68 bytes")
    }
}

/// An element of the metadata tree.
struct Element {
    name: &'static str,
    attributes: Vec<(&'static str, String)>,
    children: Vec<Element>,
}

impl Element {
    fn new(name: &'static str) -> Element {
        Element {
            name,
            attributes: Vec::new(),
            children: Vec::new(),
        }
    }

    fn attr(mut self, key: &'static str, value: impl Into<String>) -> Element {
        self.attributes.push((key, value.into()));
        self
    }

    fn child(mut self, e: Element) -> Element {
        self.children.push(e);
        self
    }

    fn strings<'a>(&'a self, out: &mut Vec<&'a str>) {
        out.push(self.name);
        for (k, v) in &self.attributes {
            out.push(k);
            out.push(v);
        }
        for c in &self.children {
            c.strings(out);
        }
    }

    fn encode(&self, index: &HashMap<&str, u64>, out: &mut Vec<u8>) {
        put_varint(out, index[self.name]);
        put_varint(out, self.attributes.len() as u64);
        for (k, v) in &self.attributes {
            put_varint(out, index[k]);
            put_varint(out, index[v.as_str()]);
        }
        put_varint(out, self.children.len() as u64);
        for c in &self.children {
            c.encode(index, out);
        }
    }
}

/// An `annotation` element of annotation type `ty` with a `value` (or none).
fn annotation(ty: &str, value: Option<&str>) -> Element {
    let e = Element::new("annotation").attr("class", types::type_id(ty).to_string());
    match value {
        Some(v) => e.attr("value", v),
        None => e,
    }
}

fn label_and_description(mut e: Element, label: &str, description: &str) -> Element {
    if !label.is_empty() {
        e = e.child(annotation("jdk.jfr.Label", Some(label)));
    }
    if !description.is_empty() {
        e = e.child(annotation("jdk.jfr.Description", Some(description)));
    }
    e
}

fn content_annotations(content: Content) -> Vec<Element> {
    match content {
        Content::Plain => vec![],
        Content::Timestamp => vec![annotation("jdk.jfr.Timestamp", Some("TICKS"))],
        Content::Timespan => vec![annotation("jdk.jfr.Timespan", Some("TICKS"))],
        Content::Millis => vec![annotation("jdk.jfr.Timespan", Some("MILLISECONDS"))],
        Content::Bytes => vec![
            annotation("jdk.jfr.Unsigned", None),
            annotation("jdk.jfr.DataAmount", Some("BYTES")),
        ],
        Content::Address => vec![
            annotation("jdk.jfr.Unsigned", None),
            annotation("jdk.jfr.MemoryAddress", None),
        ],
        Content::Unsigned => vec![annotation("jdk.jfr.Unsigned", None)],
    }
}

fn field_element(f: &FieldDef) -> Element {
    let mut e = Element::new("field")
        .attr("name", f.name)
        .attr("class", types::type_id(f.ty).to_string());
    if f.constant_pool {
        e = e.attr("constantPool", "true");
    }
    if f.array {
        e = e.attr("dimension", "1");
    }
    for a in content_annotations(f.content) {
        e = e.child(a);
    }
    label_and_description(e, f.label, "")
}

fn class_element(id: u64, t: &TypeDef) -> Element {
    let mut e = Element::new("class").attr("name", t.name);
    if let Some(s) = t.super_type {
        e = e.attr("superType", s);
    }
    if t.simple {
        e = e.attr("simpleType", "true");
    }
    e = e.attr("id", id.to_string());
    for f in t.fields {
        e = e.child(field_element(f));
    }
    if !t.category.is_empty() {
        let mut c = annotation("jdk.jfr.Category", None);
        for (i, part) in t.category.iter().enumerate() {
            c = c.attr(["value-0", "value-1", "value-2", "value-3"][i], *part);
        }
        e = e.child(c);
    }
    if matches!(
        t.name,
        "jdk.jfr.Timestamp" | "jdk.jfr.Timespan" | "jdk.jfr.DataAmount" | "jdk.jfr.MemoryAddress"
    ) {
        e = e.child(annotation("jdk.jfr.ContentType", None));
    }
    label_and_description(e, t.label, t.description)
}

/// The metadata event's body: type id 0, times, metadata id, string table, element tree.
fn metadata_body(start: Ticks) -> Vec<u8> {
    let mut metadata = Element::new("metadata");
    for (i, t) in TYPES.iter().enumerate() {
        metadata = metadata.child(class_element(i as u64 + FIRST_TYPE_ID, t));
    }
    let region = Element::new("region")
        .attr("locale", "en_US")
        .attr("gmtOffset", "0");
    let root = Element::new("root").child(metadata).child(region);
    let mut strings = Vec::new();
    root.strings(&mut strings);
    let mut index: HashMap<&str, u64> = HashMap::new();
    let mut table: Vec<&str> = Vec::new();
    for s in strings {
        if !index.contains_key(s) {
            index.insert(s, table.len() as u64);
            table.push(s);
        }
    }
    let mut body = Vec::new();
    put_varint(&mut body, METADATA_ID);
    put_varint(&mut body, start as u64);
    put_varint(&mut body, 0); // duration
    put_varint(&mut body, 1); // metadata id
    put_varint(&mut body, table.len() as u64);
    for s in &table {
        put_string(&mut body, s);
    }
    root.encode(&index, &mut body);
    body
}

#[cfg(test)]
mod tests;
