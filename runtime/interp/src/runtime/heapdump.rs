//! Full heap dumps of the live heap in HPROF (`gcvm run --heap-dump-on-oom FILE`,
//! `--heap-dump-at WHEN FILE`; HotSpot's -XX:+HeapDumpOnOutOfMemoryError): every object with
//! its field values and references, every class with its statics, and the VM's real roots.
//! The format's framing (tags, ids, segments) is `gcvm_tracer::hprof`; this file decides what
//! goes in it, reading the heap through its read API and the classes through the class table.
//! It never writes the heap: the world is stopped and every TLAB retired while it runs.
//!
//! # What a dump holds, in file order
//! ```text
//! header               JAVA PROFILE 1.0.2, 8-byte ids, the time
//! STACK TRACE 1        empty: what class and object records name as their allocation trace
//! UTF8 ...             every name: classes (java/lang/String, [I), fields, methods, sources
//! LOAD CLASS ...       one per class (serial 1, 2, ...), not primitive types (as HotSpot)
//! STACK FRAME ...      each thread's frames, innermost first (line -3: a native method)
//! STACK TRACE k+1      thread k's frames (thread serials from 1)
//! HEAP DUMP SEGMENT    (cut every 8 MB)
//!   CLASS DUMP         per class: super class, instance size (gcvm's, header included),
//!                      static fields with their values, declared instance fields (name, type)
//!   ROOT STICKY CLASS  per class: gcvm never unloads one
//!   ROOT THREAD OBJECT per thread with a java.lang.Thread: thread serial, its stack trace
//!   ROOT JAVA FRAME    per reference in a frame (locals, operand stack, a synchronized
//!                      method's lock): thread serial, frame number (0: innermost)
//!   ROOT JNI LOCAL     references the VM holds for a thread (handles, its pending exception)
//!   ROOT JNI GLOBAL    the VM's global references (the preallocated OutOfMemoryError)
//!   ROOT UNKNOWN       interned strings (see below)
//!   ROOT MONITOR USED  objects whose monitor a thread owns
//!   INSTANCE DUMP      per object: its class and field bytes, the class's own fields first,
//!                      then its superclass's, up to java.lang.Object (HotSpot's order)
//!   OBJECT ARRAY DUMP  its array class and element ids
//!   PRIMITIVE ARRAY DUMP   element type and contents
//! HEAP DUMP END
//! ```
//!
//! # Ids and classes
//! An object's id is its heap offset + `OBJECT_ID_BASE`, the id `gcvm hprof` gives the same
//! object from a trace. A class's id is its java.lang.Class mirror's object id when it has a
//! mirror (made on first use of `getClass`, `Foo.class`...), as HotSpot identifies a class by
//! its mirror; the mirror is then not written again as an instance, so a reference to it is a
//! reference to the class. A class with no mirror gets an id of its own (`class_id`). Mirrors
//! of primitive types (`int.class`) are plain java.lang.Class instances, as in HotSpot.
//!
//! # Differences from HotSpot's dumps
//! HotSpot reaches interned string literals through each class's `<resolved_references>`
//! pseudo-static; gcvm keeps them in one VM-wide list, so each is a ROOT UNKNOWN. HotSpot 17
//! writes no ROOT MONITOR USED (JDK 8 did); gcvm does. A reference the dump would not resolve
//! (a dead object's stale field pointing at reused memory) is written as null, so every id in
//! the file names an object or class in it. Instance sizes are gcvm's layout (header
//! included), not the length of the field bytes.

use crate::model::class::{Class, ClassKind};
use crate::runtime::safepoints::StackGuard;
use crate::runtime::thread::{JThread, ThreadStack, ThreadState};
use crate::runtime::vm::Vm;
use gcvm_gc::object::{gcword, ElemKind, Shape, ARRAY_BASE};
use gcvm_gc::Ref;
use gcvm_tracer::hprof::{
    basic, class_id, id, object_id, sub, u2, u4, HprofWriter, EMPTY_STACK_TRACE, FRAME_ID_BASE,
    STRING_ID_BASE,
};
use std::collections::HashMap;
use std::io::BufWriter;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Ids of the VM's global references (ROOT JNI GLOBAL's second id), past the frame ids.
const HANDLE_ID_BASE: u64 = FRAME_ID_BASE + (1 << 40);

/// When `--heap-dump-at` dumps: a collection's start or end, or the end of the run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DumpPoint {
    GcStart(u32),
    GcEnd(u32),
    Exit,
}

impl DumpPoint {
    /// `gc:N:start`, `gc:N:end` or `exit` (the boundaries `gcvm hprof --at` takes).
    pub fn parse(s: &str) -> Result<DumpPoint, String> {
        let bad =
            || format!("invalid heap dump point '{s}' (expected gc:N:start, gc:N:end or exit)");
        if s == "exit" || s == "end" {
            return Ok(DumpPoint::Exit);
        }
        let mut parts = s.split(':');
        let (Some("gc"), Some(n), Some(edge), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(bad());
        };
        let n: u32 = n.parse().map_err(|_| bad())?;
        match edge {
            "start" => Ok(DumpPoint::GcStart(n)),
            "end" => Ok(DumpPoint::GcEnd(n)),
            _ => Err(bad()),
        }
    }
}

/// What the run asks for: a dump at the first OutOfMemoryError, dumps at given points.
#[derive(Clone, Debug, Default)]
pub struct HeapDumpSetup {
    pub on_oom: Option<PathBuf>,
    pub at: Vec<(DumpPoint, PathBuf)>,
}

/// The recorder's part: the setup, and whether the OutOfMemoryError dump was taken.
#[derive(Default)]
pub struct HeapDumps {
    setup: HeapDumpSetup,
    oom_reported: AtomicBool,
    /// The dumps at collections that never came have been reported (once, at exit).
    missed_reported: AtomicBool,
}

impl HeapDumps {
    /// Checks every file can be written (a bad path fails at start, as --trace does, not when
    /// the dump is due) without leaving an empty file behind.
    pub fn open(setup: &HeapDumpSetup) -> Result<HeapDumps, String> {
        let paths = setup.on_oom.iter().chain(setup.at.iter().map(|(_, p)| p));
        for path in paths {
            check_writable(path)
                .map_err(|e| format!("cannot create heap dump file {}: {e}", path.display()))?;
        }
        Ok(HeapDumps {
            setup: setup.clone(),
            oom_reported: AtomicBool::new(false),
            missed_reported: AtomicBool::new(false),
        })
    }

    /// Is a dump due at `point`?
    pub fn wants(&self, point: DumpPoint) -> bool {
        self.setup.at.iter().any(|(p, _)| *p == point)
    }
}

fn check_writable(path: &Path) -> std::io::Result<()> {
    if path.exists() {
        std::fs::OpenOptions::new()
            .append(true)
            .open(path)
            .map(drop)
    } else {
        std::fs::File::create(path)?;
        std::fs::remove_file(path)
    }
}

/// An io error as the C library words it ("No such file or directory"), as HotSpot prints it.
fn os_error_text(e: &std::io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error") {
        Some(at) => text[..at].to_string(),
        None => text,
    }
}

impl Vm {
    /// Writes the dumps due at `point`, with every thread stopped (`stacks`) and every TLAB
    /// retired. A failure is reported on stderr; the run goes on.
    pub(crate) fn hprof_at_pause(&self, point: DumpPoint, stacks: &[StackGuard]) {
        let dumps = &self.recorder.hprof;
        if !dumps.wants(point) {
            return;
        }
        let threads: Vec<&ThreadStack> = stacks.iter().map(|g| &**g).collect();
        for (_, path) in dumps.setup.at.iter().filter(|(p, _)| *p == point) {
            if let Err(e) = self.write_hprof(path, &threads) {
                let msg = format!("gcvm: cannot write heap dump {}: {e}\n", path.display());
                self.write_stderr(msg.as_bytes());
            }
        }
    }

    /// Writes an HPROF dump of the heap to `path`; returns its size in bytes. The world must
    /// be stopped (`threads`: every Java thread's stack) and every TLAB retired.
    pub fn write_hprof(&self, path: &Path, threads: &[&ThreadStack]) -> std::io::Result<u64> {
        let file = BufWriter::with_capacity(1 << 20, std::fs::File::create(path)?);
        let now_ms = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis() as u64)
            .unwrap_or(0);
        let out = HprofWriter::new(file, now_ms)?;
        let mut dumper = Dumper::new(self, out);
        dumper.write_names_and_classes()?;
        dumper.write_stack_traces(threads)?;
        dumper.write_class_dumps()?;
        dumper.write_roots(threads)?;
        dumper.write_objects()?;
        let (_, bytes) = dumper.out.finish()?;
        Ok(bytes)
    }

    /// At exit: says which `--heap-dump-at gc:N:...` dumps were not written because the run
    /// had no collection N (once, whichever exit path comes first).
    pub(crate) fn report_missed_heap_dumps(&self) {
        let dumps = &self.recorder.hprof;
        if dumps.setup.at.is_empty() || dumps.missed_reported.swap(true, Ordering::SeqCst) {
            return;
        }
        let collections = self.heap.gc_count();
        for (point, path) in &dumps.setup.at {
            let (DumpPoint::GcStart(n) | DumpPoint::GcEnd(n)) = *point else {
                continue;
            };
            if n >= collections {
                let msg = format!(
                    "gcvm: no heap dump {}: the run had no collection {n} (it had {collections})\n",
                    path.display()
                );
                self.write_stderr(msg.as_bytes());
            }
        }
    }

    /// Stops the world, retires every TLAB, runs `f` with every thread's stack, lets the world
    /// go. The caller must not hold its own stack.
    fn with_world_stopped<R>(&self, f: impl FnOnce(&[&ThreadStack]) -> R) -> R {
        let _gc = self.threads.gc_lock.lock();
        self.in_stopped_world(|stacks| {
            let threads: Vec<&ThreadStack> = stacks.iter().map(|g| &**g).collect();
            f(&threads)
        })
    }

    /// `--heap-dump-on-oom`: the dump at the run's first OutOfMemoryError, with HotSpot's lines
    /// on stdout. The caller must not hold its own stack.
    fn dump_heap_for_out_of_memory(&self, path: &Path, message: &str) {
        self.write_stdout(format!("java.lang.OutOfMemoryError: {message}\n").as_bytes());
        self.write_stdout(format!("Dumping heap to {} ...\n", path.display()).as_bytes());
        self.flush_stdout();
        let began = Instant::now();
        let line = match self.with_world_stopped(|threads| self.write_hprof(path, threads)) {
            Ok(bytes) => format!(
                "Heap dump file created [{bytes} bytes in {:.3} secs]\n",
                began.elapsed().as_secs_f64()
            ),
            Err(e) => format!(
                "Unable to create {}: {}\n",
                path.display(),
                os_error_text(&e)
            ),
        };
        self.write_stdout(line.as_bytes());
        self.flush_stdout();
    }
}

/// The messages of the OutOfMemoryErrors that mean the Java heap is exhausted: the ones
/// HotSpot dumps the heap for.
fn is_heap_exhaustion(message: &str) -> bool {
    matches!(
        message,
        "Java heap space" | "GC overhead limit exceeded" | "Requested array size exceeds VM limit"
    )
}

impl JThread {
    /// An OutOfMemoryError with `message` is about to be thrown: with `--heap-dump-on-oom`,
    /// the first one of the run (that means the heap is exhausted) dumps the heap. Frames must
    /// be synced, as at any allocation.
    pub(crate) fn heap_dump_on_out_of_memory(&mut self, message: &str) {
        let vm = self.vm;
        let dumps = &vm.recorder.hprof;
        let Some(path) = &dumps.setup.on_oom else {
            return;
        };
        if !is_heap_exhaustion(message) || dumps.oom_reported.swap(true, Ordering::SeqCst) {
            return;
        }
        self.blocking(ThreadState::Safepoint, || {
            vm.dump_heap_for_out_of_memory(path, message)
        });
    }
}

/// A basic type and where its value sits in an instance: one field of a dumped layout.
#[derive(Clone, Copy)]
struct FieldSlot {
    offset: u32,
    code: u8,
}

/// One dump being written: the names it has given ids, the objects in the heap (to resolve
/// references), each class's id, serial and field layout.
struct Dumper<'v> {
    vm: &'v Vm,
    out: HprofWriter<BufWriter<std::fs::File>>,
    names: HashMap<String, u64>,
    /// Every object in the heap (compressed refs), sorted: a reference resolves if it is here.
    objects: Vec<u32>,
    /// By class id: the class's id in the dump and LOAD CLASS serial (None: not dumped, a
    /// primitive type).
    classes: Vec<Option<(u64, u32)>>,
    /// Mirrors written as CLASS DUMPs, not as instances.
    class_mirrors: Vec<u32>,
    /// By class id: the instance fields an INSTANCE DUMP holds, own first then inherited.
    layouts: Vec<Vec<FieldSlot>>,
}

impl<'v> Dumper<'v> {
    fn new(vm: &'v Vm, out: HprofWriter<BufWriter<std::fs::File>>) -> Dumper<'v> {
        let mut objects = Vec::new();
        vm.heap.for_each_object(|obj| objects.push(obj.raw()));
        objects.sort_unstable();
        let count = vm.classes.class_count() as usize;
        Dumper {
            vm,
            out,
            names: HashMap::new(),
            objects,
            classes: vec![None; count],
            class_mirrors: Vec::new(),
            layouts: vec![Vec::new(); count],
        }
    }

    /// The id of a reference: null, or an object in the dump; anything else becomes null.
    fn ref_id(&self, raw: u32) -> u64 {
        match raw != 0 && self.objects.binary_search(&raw).is_ok() {
            true => object_id(Ref::from_raw(raw).offset() as u64),
            false => 0,
        }
    }

    /// The id of the UTF8 record of `text`, writing the record on first use.
    fn name(&mut self, text: &str) -> std::io::Result<u64> {
        if let Some(&id) = self.names.get(text) {
            return Ok(id);
        }
        let id = STRING_ID_BASE + self.names.len() as u64 + 1;
        self.out.utf8(id, text)?;
        self.names.insert(text.to_string(), id);
        Ok(id)
    }

    /// The classes the dump declares: every loaded class but the primitive types.
    fn dumped_classes(&self) -> impl Iterator<Item = &'static Class> + 'v {
        self.vm
            .classes
            .all_classes()
            .filter(|c| !matches!(c.kind, ClassKind::Primitive(_)))
    }

    /// UTF8 and LOAD CLASS records of every class, the names of their fields, and each class's
    /// id and instance layout.
    fn write_names_and_classes(&mut self) -> std::io::Result<()> {
        let classes: Vec<&'static Class> = self.dumped_classes().collect();
        for (serial, class) in classes.iter().enumerate() {
            let mirror = class.mirror().raw();
            let cid = match self.ref_id(mirror) {
                0 => class_id(class.id),
                id => {
                    self.class_mirrors.push(mirror);
                    id
                }
            };
            let serial = serial as u32 + 1;
            self.classes[class.id as usize] = Some((cid, serial));
            let name = self.name(&class.name)?;
            self.out.load_class(serial, cid, name)?;
            for f in &class.fields {
                self.name(&f.name)?;
            }
            self.layouts[class.id as usize] = instance_layout(class);
        }
        self.class_mirrors.sort_unstable();
        Ok(())
    }

    /// The id of class `class_id` in the dump.
    fn class_obj(&self, class_id: u32) -> u64 {
        self.classes
            .get(class_id as usize)
            .copied()
            .flatten()
            .map_or(0, |(id, _)| id)
    }

    /// STACK FRAME and STACK TRACE records of every thread (thread k: trace k+1).
    fn write_stack_traces(&mut self, threads: &[&ThreadStack]) -> std::io::Result<()> {
        let mut next_frame = FRAME_ID_BASE;
        for (k, t) in threads.iter().enumerate() {
            let mut frame_ids = Vec::with_capacity(t.frames.len());
            for frame in t.frames.iter().rev() {
                next_frame += 1;
                self.write_stack_frame(next_frame, frame)?;
                frame_ids.push(next_frame);
            }
            let serial = thread_serial(k);
            self.out.stack_trace(serial + 1, serial, &frame_ids)?;
        }
        Ok(())
    }

    fn write_stack_frame(
        &mut self,
        frame_id: u64,
        frame: &crate::runtime::thread::Frame,
    ) -> std::io::Result<()> {
        let m = frame.method;
        let class = self.vm.classes.class(m.class_id);
        let line = match m.code.get() {
            _ if m.is_native() => -3,
            Some(Ok(code)) => m.line_of(code.bci.get(frame.pc as usize).copied().unwrap_or(0)),
            _ => -1,
        };
        // HPROF's lines: positive, or -1 unknown, -2 compiled, -3 native
        let line = if line > 0 || line == -3 { line } else { -1 };
        let source = class.source_file.as_deref().unwrap_or("Unknown Source");
        let mut b = Vec::with_capacity(40);
        id(&mut b, frame_id);
        id(&mut b, self.name(&m.name)?);
        id(&mut b, self.name(&m.descriptor)?);
        id(&mut b, self.name(source)?);
        let serial = self.classes[class.id as usize].map_or(0, |(_, s)| s);
        u4(&mut b, serial);
        u4(&mut b, line as u32);
        self.out.record(gcvm_tracer::hprof::tag::STACK_FRAME, &b)
    }

    /// A CLASS DUMP per class.
    fn write_class_dumps(&mut self) -> std::io::Result<()> {
        let classes: Vec<&'static Class> = self.dumped_classes().collect();
        let mut b = Vec::new();
        for class in classes {
            b.clear();
            self.class_dump(class, &mut b);
            self.out.sub(&b)?;
        }
        Ok(())
    }

    fn class_dump(&self, class: &Class, b: &mut Vec<u8>) {
        b.push(sub::CLASS_DUMP);
        id(b, self.class_obj(class.id));
        u4(b, EMPTY_STACK_TRACE);
        id(b, class.super_class.map_or(0, |s| self.class_obj(s.id)));
        for _ in 0..5 {
            id(b, 0); // loader, signers, protection domain, 2 reserved
        }
        u4(b, class.instance_size);
        u2(b, 0); // constant pool
        let statics: Vec<_> = class.fields.iter().filter(|f| f.is_static()).collect();
        u2(b, statics.len() as u16);
        for f in statics {
            let code = basic::of_descriptor(&f.descriptor);
            id(b, self.names[f.name.as_str()]);
            b.push(code);
            self.put_value(b, code, class.static_value(f.offset));
        }
        let own: Vec<_> = class.fields.iter().filter(|f| !f.is_static()).collect();
        u2(b, own.len() as u16);
        for f in own {
            id(b, self.names[f.name.as_str()]);
            b.push(basic::of_descriptor(&f.descriptor));
        }
    }

    /// Appends a value of basic type `code` held in the low bits of `raw` (a reference: its
    /// compressed form).
    fn put_value(&self, b: &mut Vec<u8>, code: u8, raw: u64) {
        match code {
            basic::OBJECT => id(b, self.ref_id(raw as u32)),
            basic::BOOLEAN | basic::BYTE => b.push(raw as u8),
            basic::CHAR | basic::SHORT => u2(b, raw as u16),
            basic::LONG | basic::DOUBLE => b.extend_from_slice(&raw.to_be_bytes()),
            _ => u4(b, raw as u32),
        }
    }

    /// The root records: classes, threads and their frames, VM globals, interned strings.
    fn write_roots(&mut self, threads: &[&ThreadStack]) -> std::io::Result<()> {
        let mut b = Vec::new();
        let classes: Vec<u64> = self.classes.iter().flatten().map(|&(id, _)| id).collect();
        for cid in classes {
            root(&mut b, sub::ROOT_STICKY_CLASS, cid, &[]);
        }
        for (k, t) in threads.iter().enumerate() {
            self.thread_roots(&mut b, thread_serial(k), t);
        }
        for (i, g) in self.vm.globals.lock().iter().enumerate() {
            let handle = (HANDLE_ID_BASE + i as u64).to_be_bytes();
            root(&mut b, sub::ROOT_JNI_GLOBAL, self.ref_id(g.raw()), &handle);
        }
        for sc in self.vm.classes.string_list.lock().iter() {
            let r = sc.value.load(Ordering::Relaxed);
            root(&mut b, sub::ROOT_UNKNOWN, self.ref_id(r), &[]);
        }
        self.out.sub(&b)
    }

    /// A thread's roots: its java.lang.Thread, its frames' references, what the VM holds for it.
    fn thread_roots(&self, b: &mut Vec<u8>, serial: u32, t: &ThreadStack) {
        let mut serials = [0u8; 8];
        serials[..4].copy_from_slice(&serial.to_be_bytes());
        serials[4..].copy_from_slice(&(serial + 1).to_be_bytes());
        root(
            b,
            sub::ROOT_THREAD_OBJECT,
            self.ref_id(t.thread_object.raw()),
            &serials,
        );
        let frames = t.frames.len();
        t.for_each_frame_ref(|i, r| {
            let mut at = [0u8; 8];
            at[..4].copy_from_slice(&serial.to_be_bytes());
            at[4..].copy_from_slice(&((frames - 1 - i) as u32).to_be_bytes());
            root(b, sub::ROOT_JAVA_FRAME, self.ref_id(r.raw()), &at);
        });
        let mut top = [0u8; 8];
        top[..4].copy_from_slice(&serial.to_be_bytes());
        top[4..].copy_from_slice(&(if frames == 0 { u32::MAX } else { 0 }).to_be_bytes());
        for r in t.handles.iter().chain(std::iter::once(&t.pending)) {
            root(b, sub::ROOT_JNI_LOCAL, self.ref_id(r.raw()), &top);
        }
    }

    /// Every object (but the mirrors written as classes), and a ROOT MONITOR USED for each one
    /// whose monitor is owned.
    fn write_objects(&mut self) -> std::io::Result<()> {
        let mut b = Vec::new();
        for i in 0..self.objects.len() {
            let raw = self.objects[i];
            if self.class_mirrors.binary_search(&raw).is_ok() {
                continue;
            }
            b.clear();
            let obj = Ref::from_raw(raw);
            self.object_dump(obj, &mut b);
            if self.monitor_is_owned(obj) {
                root(
                    &mut b,
                    sub::ROOT_MONITOR_USED,
                    object_id(obj.offset() as u64),
                    &[],
                );
            }
            self.out.sub(&b)?;
        }
        Ok(())
    }

    fn monitor_is_owned(&self, obj: Ref) -> bool {
        let word = self.vm.heap.memory.gc_word(obj);
        if word & gcword::MONITOR_MASK == 0 {
            return false;
        }
        self.vm
            .monitors
            .existing(&self.vm.heap, obj)
            .is_some_and(|m| m.owner() != 0)
    }

    /// The sub-record of `obj`: an instance, an object array or a primitive array.
    fn object_dump(&self, obj: Ref, b: &mut Vec<u8>) {
        let mem = &self.vm.heap.memory;
        let ty = mem.type_id(obj);
        match &self.vm.types.info(ty).shape {
            Shape::Array {
                elem: ElemKind::Ref,
            } => self.object_array_dump(obj, ty, b),
            Shape::Array { elem } => self.primitive_array_dump(obj, *elem, b),
            _ => self.instance_dump(obj, ty, b),
        }
    }

    fn instance_dump(&self, obj: Ref, ty: u32, b: &mut Vec<u8>) {
        let mem = &self.vm.heap.memory;
        let layout = &self.layouts[ty as usize];
        b.push(sub::INSTANCE_DUMP);
        id(b, object_id(obj.offset() as u64));
        u4(b, EMPTY_STACK_TRACE);
        id(b, self.class_obj(ty));
        let len: usize = layout.iter().map(|f| basic::size(f.code)).sum();
        u4(b, len as u32);
        for f in layout {
            let at = obj.offset() + f.offset as usize;
            let raw = match basic::size(f.code) {
                1 => mem.read_u8(at) as u64,
                2 => mem.read_u16(at) as u64,
                8 if f.code != basic::OBJECT => mem.read_u64(at),
                _ => mem.read_u32(at) as u64,
            };
            self.put_value(b, f.code, raw);
        }
    }

    fn object_array_dump(&self, obj: Ref, ty: u32, b: &mut Vec<u8>) {
        let mem = &self.vm.heap.memory;
        let len = mem.array_length(obj);
        b.push(sub::OBJECT_ARRAY_DUMP);
        id(b, object_id(obj.offset() as u64));
        u4(b, EMPTY_STACK_TRACE);
        u4(b, len);
        id(b, self.class_obj(ty));
        let base = obj.offset() + ARRAY_BASE;
        for i in 0..len as usize {
            id(b, self.ref_id(mem.read_u32(base + 4 * i)));
        }
    }

    fn primitive_array_dump(&self, obj: Ref, elem: ElemKind, b: &mut Vec<u8>) {
        let mem = &self.vm.heap.memory;
        let len = mem.array_length(obj);
        b.push(sub::PRIMITIVE_ARRAY_DUMP);
        id(b, object_id(obj.offset() as u64));
        u4(b, EMPTY_STACK_TRACE);
        u4(b, len);
        b.push(elem_code(elem));
        let size = elem.size();
        let start = b.len();
        b.resize(start + len as usize * size, 0);
        mem.read_bytes(obj.offset() + ARRAY_BASE, &mut b[start..]);
        to_big_endian(&mut b[start..], size);
    }
}

/// Appends a root sub-record: its tag, the object's id, then `rest` (serials, frame numbers).
/// A root of nothing (a null or unresolved reference) is left out.
fn root(b: &mut Vec<u8>, tag: u8, object: u64, rest: &[u8]) {
    if object == 0 {
        return;
    }
    b.push(tag);
    id(b, object);
    b.extend_from_slice(rest);
}

/// Thread serial numbers start at 1, in the order the threads were stopped.
fn thread_serial(index: usize) -> u32 {
    index as u32 + 1
}

/// The fields of an instance of `class` as the dump writes them: the class's own declared
/// instance fields, then its superclass's, up to java.lang.Object.
fn instance_layout(class: &Class) -> Vec<FieldSlot> {
    let mut layout = Vec::new();
    let mut c = Some(class);
    while let Some(k) = c {
        for f in k.fields.iter().filter(|f| !f.is_static()) {
            layout.push(FieldSlot {
                offset: f.offset,
                code: basic::of_descriptor(&f.descriptor),
            });
        }
        c = k.super_class;
    }
    layout
}

fn elem_code(elem: ElemKind) -> u8 {
    match elem {
        ElemKind::Boolean => basic::BOOLEAN,
        ElemKind::Byte => basic::BYTE,
        ElemKind::Char => basic::CHAR,
        ElemKind::Short => basic::SHORT,
        ElemKind::Int => basic::INT,
        ElemKind::Float => basic::FLOAT,
        ElemKind::Long => basic::LONG,
        ElemKind::Double => basic::DOUBLE,
        ElemKind::Ref => basic::OBJECT,
    }
}

/// Turns elements of `size` bytes from the machine's byte order into big-endian, in place.
fn to_big_endian(bytes: &mut [u8], size: usize) {
    if cfg!(target_endian = "big") || size == 1 {
        return;
    }
    for e in bytes.chunks_exact_mut(size) {
        e.reverse();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dump_points_parse_as_the_boundaries_do() {
        assert_eq!(DumpPoint::parse("gc:3:end"), Ok(DumpPoint::GcEnd(3)));
        assert_eq!(DumpPoint::parse("gc:0:start"), Ok(DumpPoint::GcStart(0)));
        assert_eq!(DumpPoint::parse("exit"), Ok(DumpPoint::Exit));
        for bad in ["gc:3", "gc:x:end", "gc:3:middle", "later", "gc:1:end:2"] {
            let e = DumpPoint::parse(bad).unwrap_err();
            assert!(e.contains(bad), "{e}");
        }
    }

    #[test]
    fn elements_turn_big_endian() {
        let mut b = 0x0102_0304u32.to_ne_bytes().to_vec();
        to_big_endian(&mut b, 4);
        assert_eq!(b, [1, 2, 3, 4]);
    }
}
