//! The VM: loaded classes, the heap, interned strings, natives and options.
//!
//! There is one `Vm` per process, leaked at start-up and shared by every Java thread as
//! `&'static Vm`. Class loading links classes eagerly (superclasses, interfaces, field layout,
//! vtables) but decodes method bodies lazily, on first invocation (see decode.rs).

use crate::model::class::*;
use crate::classfile::{self, access, ClassFile, ClassFileError, FieldType, MethodDescriptor};
use crate::classfile::classpath::ClassPath;
use crate::model::insn::Kind;
use gcvm_gc::{Heap, HeapConfig, Ref, Shape, TypeInfo, TypeRegistry};
use gcvm_tracer::stream::StreamEvent;
use gcvm_tracer::{format::SITE_VM, TraceConfig, TraceWriter};
use parking_lot::{Mutex, RwLock};
use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// A Java error raised while loading or linking: the error class and its message.
#[derive(Debug, Clone, PartialEq)]
pub struct LinkageError {
    pub class: &'static str,
    pub message: String,
}

impl LinkageError {
    pub fn new(class: &'static str, message: impl Into<String>) -> LinkageError {
        LinkageError {
            class,
            message: message.into(),
        }
    }
    pub fn no_class_def(name: &str) -> LinkageError {
        LinkageError::new("java/lang/NoClassDefFoundError", name)
    }
}

/// Options the VM runs with (parsed by the CLI).
#[derive(Clone, Debug)]
pub struct VmOptions {
    pub classpath: String,
    pub collector: String,
    pub heap: HeapConfig,
    /// Operand-stack and locals slots per thread (-Xss / 8).
    pub stack_slots: usize,
    pub max_frames: usize,
    pub gc_stress: Option<u64>,
    pub verify_heap: bool,
    /// `--verify-barriers`: check at every pause that every reference store ran the barrier.
    pub verify_barriers: bool,
    pub log_gc: bool,
    /// `-Xlog:gc*`: the collectors' detail lines too.
    pub log_gc_details: bool,
}

impl VmOptions {
    /// Options for embedding the VM (benches, tests): `classpath`, a fixed heap of `heap_size`
    /// bytes, the semispace collector with one GC thread, java's default 1 MB stack.
    pub fn with_heap(classpath: &str, heap_size: usize) -> VmOptions {
        let stack_slots = (1 << 20) / 8;
        VmOptions {
            classpath: classpath.into(),
            collector: "semispace".into(),
            heap: HeapConfig {
                initial_size: heap_size,
                max_size: heap_size,
                gc_threads: 1,
                periodic_interval: None,
                region_size: None,
                pause_goal: None,
            },
            stack_slots,
            max_frames: stack_slots / 4,
            gc_stress: None,
            verify_heap: false,
            verify_barriers: false,
            log_gc: false,
            log_gc_details: false,
        }
    }
}

/// What the VM records about its own run, beside running the program (`gcvm run --trace`,
/// `--heap-dump`). Off by default.
#[derive(Clone, Debug, Default)]
pub struct Recording {
    /// Write the object-level event trace (docs/trace-format.md) to this file.
    pub trace: Option<PathBuf>,
    /// Write the actual heap, object by object, at every GC boundary to this file (a self-check
    /// of the trace: see `Vm::dump_heap`).
    pub heap_dump: Option<PathBuf>,
    /// The traced program (main class and arguments), for the trace header.
    pub program: String,
    /// With `trace`: also record each dead object's death time and context
    /// (`--trace-deaths`, gcvm_gc::deaths).
    pub trace_deaths: bool,
    /// Heap streams for the viewer (`--stream`, `--stream-record`).
    pub stream: Option<crate::runtime::streams::StreamSetup>,
}

impl Recording {
    pub fn is_on(&self) -> bool {
        self.trace.is_some() || self.heap_dump.is_some()
    }
}

const MAX_CLASSES: usize = 1 << 16;

/// How long a terminating signal waits for a thread to reach a safepoint before giving up on
/// its buffered trace events (and for the output buffer).
const INTERRUPT_PATIENCE: Duration = Duration::from_secs(2);

/// How long an internal error waits for the output buffer.
const INTERNAL_ERROR_PATIENCE: Duration = Duration::from_millis(500);

/// The process's VM, for the signal and panic handlers (set as soon as the VM exists).
static THE_VM: OnceLock<&'static Vm> = OnceLock::new();

pub struct Vm {
    pub options: VmOptions,
    pub heap: Heap,
    pub types: Arc<TypeRegistry>,
    classes: Box<[OnceLock<&'static Class>]>,
    next_class_id: AtomicU32,
    by_name: Mutex<HashMap<String, u32>>,
    /// Class loading is serialised by one reentrant lock (loading is rare and never collects);
    /// the set holds the classes being defined, to detect circularity.
    loading: parking_lot::ReentrantMutex<std::cell::RefCell<HashSet<String>>>,
    classpath: ClassPath,
    bootstrap: HashMap<&'static str, &'static [u8]>,
    methods: RwLock<Vec<&'static Method>>,
    selectors: Mutex<HashMap<(String, String), u32>>,
    strings: Mutex<HashMap<Box<[u16]>, &'static StringConst>>,
    pub string_list: Mutex<Vec<&'static StringConst>>,
    pub natives: HashMap<String, NativeFn>,
    pub well_known: OnceLock<WellKnown>,
    /// VM-held references (the preallocated OutOfMemoryError, thread objects): GC roots.
    pub globals: Mutex<Vec<Ref>>,
    /// System.out: buffered, flushed at newlines on a terminal, else at every collection and
    /// every second (output.rs).
    stdout: crate::runtime::output::JavaStdout,
    pub lambda_count: AtomicU32,
    pub identity_hash_seed: AtomicU64,
    pub start: std::time::Instant,
    /// Every started, not yet finished Java thread.
    threads: Mutex<Vec<Arc<crate::runtime::thread::ThreadShared>>>,
    threads_changed: parking_lot::Condvar,
    safepoint: std::sync::atomic::AtomicBool,
    safepoint_lock: Mutex<()>,
    safepoint_cond: parking_lot::Condvar,
    /// Held by the thread running a collection.
    gc_lock: Mutex<()>,
    pub monitors: crate::runtime::monitor::Monitors,
    /// Time to safepoint of every pause, for statistics.
    pub ttsp: Mutex<Vec<std::time::Duration>>,
    /// The event trace, when recording (`--trace`).
    pub trace: Option<TraceWriter>,
    /// The heap dump file, when recording (`--heap-dump`).
    heap_dump: Option<Mutex<std::io::BufWriter<std::fs::File>>>,
    /// Serialises reading the spaces and reporting them to the trace outside collections.
    space_sync: Mutex<()>,
    /// Held while an exit path finishes the recording; another one waits for it.
    finishing: Mutex<()>,
    /// An exit path has finished the recording (it runs once).
    recording_finished: AtomicBool,
    /// Heap streams, when watched or recorded.
    pub(crate) streams: Option<crate::runtime::streams::VmStreams>,
}

/// Classes and offsets the VM itself relies on, resolved at boot.
pub struct WellKnown {
    pub object: &'static Class,
    pub string: &'static Class,
    pub class: &'static Class,
    pub string_value_offset: u32,
    pub class_id_offset: u32,
    pub char_array: &'static Class,
    pub throwable_backtrace_offset: u32,
    pub long_array: &'static Class,
    /// The trace's sites of the Strings the VM makes (natives, exception messages...).
    pub string_sites: crate::runtime::thread::StringSites,
}

impl Vm {
    pub fn new(options: VmOptions) -> Result<&'static Vm, String> {
        Vm::with_recording(options, Recording::default())
    }

    /// A VM that also records what `recording` asks for. The trace is opened before the first
    /// heap allocation and describes the heap's spaces before any object exists.
    pub fn with_recording(options: VmOptions, recording: Recording) -> Result<&'static Vm, String> {
        let types = Arc::new(TypeRegistry::new());
        let mut heap = Heap::new(&options.collector, options.heap.clone(), types.clone())?;
        if options.verify_barriers {
            heap = heap.with_barrier_check();
        }
        if recording.trace_deaths {
            if recording.trace.is_none() {
                return Err("--trace-deaths needs --trace FILE".to_string());
            }
            heap = heap.with_death_tracking();
        }
        let trace = open_trace(&recording, &options, &heap)?;
        let heap_dump = match &recording.heap_dump {
            Some(path) => Some(Mutex::new(std::io::BufWriter::with_capacity(
                1 << 20,
                std::fs::File::create(path)
                    .map_err(|e| format!("cannot create heap dump file {}: {e}", path.display()))?,
            ))),
            None => None,
        };
        let streams = match &recording.stream {
            Some(setup) => Some(crate::runtime::streams::VmStreams::open(
                setup,
                &heap,
                &recording.program,
            )?),
            None => None,
        };
        let bootstrap = crate::library::classlib::CLASSLIB
            .iter()
            .map(|&(n, b)| (n, b))
            .collect();
        let vm = Vm {
            classpath: ClassPath::new(&options.classpath),
            options,
            heap,
            types,
            classes: (0..MAX_CLASSES).map(|_| OnceLock::new()).collect(),
            next_class_id: AtomicU32::new(gcvm_gc::object::FIRST_VM_TYPE),
            by_name: Mutex::new(HashMap::new()),
            loading: parking_lot::ReentrantMutex::new(std::cell::RefCell::new(HashSet::new())),
            bootstrap,
            methods: RwLock::new(Vec::new()),
            selectors: Mutex::new(HashMap::new()),
            strings: Mutex::new(HashMap::new()),
            string_list: Mutex::new(Vec::new()),
            natives: crate::library::natives::registry(),
            well_known: OnceLock::new(),
            globals: Mutex::new(Vec::new()),
            stdout: crate::runtime::output::JavaStdout::default(),
            lambda_count: AtomicU32::new(0),
            identity_hash_seed: AtomicU64::new(0x2545_F491_4F6C_DD1D),
            start: std::time::Instant::now(),
            threads: Mutex::new(Vec::new()),
            threads_changed: parking_lot::Condvar::new(),
            safepoint: std::sync::atomic::AtomicBool::new(false),
            safepoint_lock: Mutex::new(()),
            safepoint_cond: parking_lot::Condvar::new(),
            gc_lock: Mutex::new(()),
            monitors: crate::runtime::monitor::Monitors::default(),
            ttsp: Mutex::new(Vec::new()),
            trace,
            heap_dump,
            space_sync: Mutex::new(()),
            finishing: Mutex::new(()),
            recording_finished: AtomicBool::new(false),
            streams,
        };
        let vm: &'static Vm = Box::leak(Box::new(vm));
        let _ = THE_VM.set(vm);
        vm.stdout.start_flusher();
        if vm.options.log_gc {
            // HotSpot's first GC log line names the collector (`Using G1`).
            let uptime = vm.heap.uptime().as_secs_f64();
            let name = display_name(vm.heap.collector_name());
            vm.write_stdout(format!("[{uptime:.3}s][info][gc] Using {name}\n").as_bytes());
        }
        vm.define_trace_filler();
        vm.boot()
            .map_err(|e| format!("{}: {}", e.class.replace('/', "."), e.message))?;
        let control: &'static VmPauses = Box::leak(Box::new(VmPauses(vm)));
        vm.heap.start(control)?;
        vm.start_stream_ticker();
        if let Some(streams) = &vm.streams {
            streams.wait_for_viewer();
        }
        Ok(vm)
    }

    fn boot(&'static self) -> Result<(), LinkageError> {
        for (name, kind) in PRIMITIVES {
            self.define_primitive(name, *kind);
        }
        // void.class: a primitive class no value has (its kind is never used).
        self.define_primitive("void", Kind::Int);
        let object = self.load("java/lang/Object")?;
        let string = self.load("java/lang/String")?;
        let class = self.load("java/lang/Class")?;
        let throwable = self.load("java/lang/Throwable")?;
        let field_offset = |c: &Class, name: &str| -> Result<u32, LinkageError> {
            c.fields
                .iter()
                .find(|f| f.name == name && !f.is_static())
                .map(|f| f.offset)
                .ok_or_else(|| {
                    LinkageError::new(
                        "java/lang/InternalError",
                        format!("{} has no field {name}", c.name),
                    )
                })
        };
        let char_array = self.load("[C")?;
        let wk = WellKnown {
            string_sites: crate::runtime::thread::StringSites::new(
                self.alloc_site("<vm>", "String", 0, None, Some(char_array.id)),
                self.alloc_site("<vm>", "String", 0, None, Some(string.id)),
            ),
            object,
            string,
            class,
            string_value_offset: field_offset(string, "value")?,
            class_id_offset: field_offset(class, "vmClassId")?,
            char_array,
            throwable_backtrace_offset: field_offset(throwable, "backtrace")?,
            long_array: self.load("[J")?,
        };
        let _ = self.well_known.set(wk);
        Ok(())
    }

    pub fn wk(&self) -> &WellKnown {
        self.well_known.get().expect("VM booted")
    }

    // ---- class table ----

    #[inline(always)]
    pub fn class(&self, id: u32) -> &'static Class {
        match self.classes[id as usize].get() {
            Some(c) => c,
            None => panic!("no class with id {id}"),
        }
    }

    pub fn class_count(&self) -> u32 {
        self.next_class_id.load(Ordering::Relaxed)
    }

    /// Every loaded class, in id order.
    pub fn all_classes(&self) -> impl Iterator<Item = &'static Class> + '_ {
        self.classes[..self.class_count() as usize]
            .iter()
            .filter_map(|c| c.get().copied())
    }

    /// `--trace-deaths`: `method` of class `class` as a death context in the trace.
    fn define_trace_method(&self, class: &str, method: &Method) {
        if self.heap.deaths().is_none() {
            return;
        }
        if let Some(w) = &self.trace {
            w.define_method(
                death_context(method),
                class,
                &method.name,
                &method.descriptor,
            );
        }
    }

    pub fn method_by_id(&self, id: u32) -> &'static Method {
        self.methods.read()[id as usize]
    }

    pub fn find_loaded(&self, name: &str) -> Option<&'static Class> {
        self.by_name.lock().get(name).map(|&id| self.class(id))
    }

    pub fn selector(&self, name: &str, descriptor: &str) -> u32 {
        let mut sel = self.selectors.lock();
        let next = sel.len() as u32;
        *sel.entry((name.to_string(), descriptor.to_string()))
            .or_insert(next)
    }

    fn allocate_class_id(&self) -> Result<u32, LinkageError> {
        let id = self.next_class_id.fetch_add(1, Ordering::Relaxed);
        if id as usize >= MAX_CLASSES {
            return Err(LinkageError::new(
                "java/lang/OutOfMemoryError",
                "too many classes",
            ));
        }
        Ok(id)
    }

    fn publish(&self, class: Class) -> &'static Class {
        let class: &'static Class = Box::leak(Box::new(class));
        let shape = match &class.kind {
            ClassKind::Array { elem, .. } => Some(Shape::Array { elem: elem.elem() }),
            ClassKind::Instance => Some(Shape::Instance {
                size: class.instance_size,
                ref_offsets: class.ref_offsets.clone().into_boxed_slice(),
            }),
            ClassKind::Primitive(_) => None,
        };
        if let Some(shape) = shape {
            crate::library::refs::note_class(&self.types, class);
            self.types
                .register(
                    class.id,
                    TypeInfo {
                        name: class.name.clone().into_boxed_str(),
                        shape,
                    },
                )
                .expect("fresh class id");
        }
        self.define_trace_type(class);
        let _ = self.classes[class.id as usize].set(class);
        self.by_name.lock().insert(class.name.clone(), class.id);
        class
    }

    // ---- loading ----

    /// Loads and links the class `name` (binary name or array descriptor).
    pub fn load(&'static self, name: &str) -> Result<&'static Class, LinkageError> {
        if let Some(c) = self.find_loaded(name) {
            return Ok(c);
        }
        let loading = self.loading.lock();
        if let Some(c) = self.find_loaded(name) {
            return Ok(c);
        }
        if name.starts_with('[') {
            return self.define_array(name);
        }
        let (bytes, bootstrap) = self.find_bytes(name)?;
        let cf = classfile::parse(&bytes).map_err(|e| match e {
            ClassFileError::UnsupportedVersion { .. } => LinkageError::new(
                "java/lang/UnsupportedClassVersionError",
                format!(
                    "{} has been compiled by a more recent version of the Java Runtime ({e})",
                    name.replace('/', ".")
                ),
            ),
            ClassFileError::Format(m) => LinkageError::new(
                "java/lang/ClassFormatError",
                format!("{m} in class file {name}"),
            ),
        })?;
        if cf.this_class != name {
            return Err(LinkageError::no_class_def(&format!(
                "{name} (wrong name: {})",
                cf.this_class
            )));
        }
        if !loading.borrow_mut().insert(name.to_string()) {
            return Err(LinkageError::new(
                "java/lang/ClassCircularityError",
                name.replace('/', "."),
            ));
        }
        let result = self.define(cf, bootstrap);
        loading.borrow_mut().remove(name);
        result
    }

    fn find_bytes(
        &self,
        name: &str,
    ) -> Result<(std::borrow::Cow<'static, [u8]>, bool), LinkageError> {
        if let Some(b) = self.bootstrap.get(name) {
            return Ok((std::borrow::Cow::Borrowed(*b), true));
        }
        if name.starts_with("java/") {
            return Err(LinkageError::no_class_def(name));
        }
        match self.classpath.find(name) {
            Ok(Some(bytes)) => Ok((std::borrow::Cow::Owned(bytes), false)),
            Ok(None) => Err(LinkageError::no_class_def(name)),
            Err(e) => Err(LinkageError::new(
                "java/lang/NoClassDefFoundError",
                format!("{name} ({e})"),
            )),
        }
    }

    fn define(
        &'static self,
        cf: ClassFile,
        bootstrap: bool,
    ) -> Result<&'static Class, LinkageError> {
        let super_class = match &cf.super_class {
            Some(s) => Some(self.load(s)?),
            None if cf.this_class == "java/lang/Object" => None,
            None => {
                return Err(LinkageError::new(
                    "java/lang/ClassFormatError",
                    format!("{} has no superclass", cf.this_class),
                ))
            }
        };
        if let Some(s) = super_class {
            if s.is_interface() {
                return Err(LinkageError::new(
                    "java/lang/IncompatibleClassChangeError",
                    format!(
                        "class {} has interface {} as super class",
                        cf.this_class.replace('/', "."),
                        s.java_name()
                    ),
                ));
            }
            if s.flags & access::FINAL != 0 {
                return Err(LinkageError::new(
                    "java/lang/VerifyError",
                    format!("Cannot inherit from final class {}", s.java_name()),
                ));
            }
        }
        let mut interfaces = Vec::new();
        for i in &cf.interfaces {
            let c = self.load(i)?;
            if !c.is_interface() {
                return Err(LinkageError::new(
                    "java/lang/IncompatibleClassChangeError",
                    format!(
                        "class {} can not implement {}, because it is not an interface",
                        cf.this_class.replace('/', "."),
                        c.java_name()
                    ),
                ));
            }
            interfaces.push(c);
        }
        let id = self.allocate_class_id()?;
        let mut all_interfaces: Vec<u32> = super_class
            .map(|s| s.all_interfaces.clone())
            .unwrap_or_default();
        for i in &interfaces {
            all_interfaces.push(i.id);
            all_interfaces.extend(i.all_interfaces.iter().copied());
        }
        all_interfaces.sort_unstable();
        all_interfaces.dedup();
        let mut display = super_class.map(|s| s.display.clone()).unwrap_or_default();
        display.push(id);

        let layout = layout_fields(&cf, super_class)?;
        let methods = self.create_methods(&cf, id)?;
        let (vtable, itable) =
            self.build_vtable(super_class, &methods, &all_interfaces, cf.access_flags);
        let class = Class {
            id,
            name: cf.this_class.clone(),
            flags: cf.access_flags,
            kind: ClassKind::Instance,
            super_class,
            interfaces,
            all_interfaces,
            display,
            statics: (0..layout.static_count)
                .map(|_| AtomicU64::new(0))
                .collect(),
            static_ref_slots: layout.static_ref_slots,
            fields: layout.fields,
            instance_size: layout.instance_size,
            fields_end: layout.fields_end,
            ref_offsets: layout.ref_offsets,
            methods,
            vtable,
            itable,
            init: Class::new_init_lock(false),
            mirror: AtomicU32::new(0),
            source_file: cf.source_file.clone(),
            is_bootstrap: bootstrap,
            nest_host: cf.nest_host.clone(),
            constant_pool: Some(cf.constant_pool),
            bootstrap_methods: cf.bootstrap_methods,
            major_version: cf.major_version,
            linked: OnceLock::new(),
        };
        let class = self.publish(class);
        self.set_constant_statics(class);
        Ok(class)
    }

    /// Links `class` (JVMS §5.4) once: verifies its superclass and interfaces, then its own
    /// methods (verifier.rs). The embedded class library and classes the VM makes are trusted.
    /// A failure (VerifyError, or a class the check needed not loading) is remembered and
    /// returned again on every later attempt, as the JVM does.
    pub fn link(&'static self, class: &'static Class) -> Result<(), LinkageError> {
        if let Some(outcome) = class.linked.get() {
            return outcome.clone();
        }
        if let Some(s) = class.super_class {
            self.link(s)?;
        }
        for &i in &class.interfaces {
            self.link(i)?;
        }
        let trusted = class.is_bootstrap;
        class
            .linked
            .get_or_init(|| match trusted {
                true => Ok(()),
                false => self.verify(class),
            })
            .clone()
    }

    /// Verifies every method of `class` now, trusted or not (`link` skips trusted classes).
    pub fn verify(&'static self, class: &'static Class) -> Result<(), LinkageError> {
        use crate::link::verifier::{verify_method, ClassContext, Failure, MethodContext};
        let Some(cp) = class.constant_pool.as_ref() else {
            return Ok(()); // made by the VM: no class file
        };
        let context = ClassContext {
            name: &class.name,
            super_name: class.super_class.map(|s| s.name.as_str()),
            major_version: class.major_version,
            cp,
        };
        for m in &class.methods {
            let Some(code) = &m.raw_code else { continue };
            let method = MethodContext {
                name: &m.name,
                descriptor: &m.descriptor,
                flags: m.flags,
                code,
            };
            verify_method(&context, &method, &LoadingHierarchy(self)).map_err(|f| match f {
                Failure::Verify(message) => LinkageError::new("java/lang/VerifyError", message),
                Failure::Linkage(e) => e,
            })?;
        }
        Ok(())
    }

    /// Static final fields with a ConstantValue attribute get their value at link time.
    fn set_constant_statics(&'static self, class: &'static Class) {
        let cp = class
            .constant_pool
            .as_ref()
            .expect("loaded class has a constant pool");
        for f in class.fields.iter().filter(|f| f.is_static()) {
            let Some(idx) = f.constant_value else {
                continue;
            };
            let v = match cp.get(idx) {
                Ok(classfile::Constant::Integer(i)) => *i as u32 as u64,
                Ok(classfile::Constant::Float(x)) => x.to_bits() as u64,
                Ok(classfile::Constant::Long(l)) => *l as u64,
                Ok(classfile::Constant::Double(d)) => d.to_bits(),
                Ok(classfile::Constant::String { .. }) => continue, // set at class init (needs the heap)
                _ => continue,
            };
            class.set_static_value(f.offset, v);
        }
    }

    fn create_methods(
        &self,
        cf: &ClassFile,
        class_id: u32,
    ) -> Result<Vec<&'static Method>, LinkageError> {
        let mut out = Vec::with_capacity(cf.methods.len());
        for m in &cf.methods {
            let desc = classfile::parse_method_descriptor(&m.descriptor).map_err(|e| {
                LinkageError::new(
                    "java/lang/ClassFormatError",
                    format!(
                        "{e} in method {}{} of {}",
                        m.name, m.descriptor, cf.this_class
                    ),
                )
            })?;
            let is_static = m.access_flags & access::STATIC != 0;
            let line_numbers = m
                .code
                .as_ref()
                .map(|c| c.line_numbers.clone())
                .unwrap_or_default();
            out.push(self.new_method(
                class_id,
                &m.name,
                &m.descriptor,
                m.access_flags,
                &desc,
                is_static,
                m.code.clone(),
                None,
                line_numbers,
            ));
        }
        for m in &out {
            self.define_trace_method(&cf.this_class, m);
        }
        Ok(out)
    }

    #[allow(clippy::too_many_arguments)]
    pub fn new_method(
        &self,
        class_id: u32,
        name: &str,
        descriptor: &str,
        flags: u16,
        desc: &MethodDescriptor,
        is_static: bool,
        raw_code: Option<classfile::Code>,
        synthetic_code: Option<Vec<crate::model::insn::Insn>>,
        line_numbers: Vec<(u16, u16)>,
    ) -> &'static Method {
        let mut arg_refs = Vec::new();
        if !is_static {
            arg_refs.push(true);
        }
        for p in &desc.params {
            arg_refs.push(p.is_reference());
            if p.slots() == 2 {
                arg_refs.push(false);
            }
        }
        let mut methods = self.methods.write();
        let method = Method {
            id: methods.len() as u32,
            class_id,
            name: name.to_string(),
            descriptor: descriptor.to_string(),
            flags,
            selector: self.selector(name, descriptor),
            arg_slots: arg_refs.len() as u16,
            arg_refs: arg_refs.into_boxed_slice(),
            params: desc.params.clone(),
            ret: desc.ret.as_ref().map(kind_of),
            vtable_index: OnceLock::new(),
            raw_code,
            synthetic_code,
            code: OnceLock::new(),
            native: OnceLock::new(),
            line_numbers,
        };
        let method: &'static Method = Box::leak(Box::new(method));
        methods.push(method);
        if let Some(c) = self.classes.get(class_id as usize).and_then(OnceLock::get) {
            // A method added to a loaded class (create_methods defines the others).
            self.define_trace_method(&c.name, method);
        }
        method
    }

    /// Builds the vtable (inherited slots, overrides, new virtuals, then interface methods not
    /// yet implemented: defaults or abstract "miranda" slots) and the selector -> slot map.
    pub fn build_vtable(
        &self,
        super_class: Option<&'static Class>,
        methods: &[&'static Method],
        all_interfaces: &[u32],
        class_flags: u16,
    ) -> (Vec<&'static Method>, crate::model::class::SelectorMap) {
        let mut vtable = super_class.map(|s| s.vtable.clone()).unwrap_or_default();
        let mut itable = super_class.map(|s| s.itable.clone()).unwrap_or_default();
        let is_interface = class_flags & access::INTERFACE != 0;
        for &m in methods {
            if m.is_static() || m.is_private() || m.name.starts_with('<') {
                continue;
            }
            if is_interface {
                continue;
            }
            match itable.get(&m.selector) {
                Some(&slot) => vtable[slot as usize] = m,
                None => {
                    itable.insert(m.selector, vtable.len() as u32);
                    vtable.push(m);
                }
            }
            let _ = m.vtable_index.set(itable[&m.selector]);
        }
        for &iid in all_interfaces {
            let iface = self.class(iid);
            for &m in &iface.methods {
                if m.is_static() || m.is_private() || m.name.starts_with('<') {
                    continue;
                }
                match itable.get(&m.selector) {
                    None => {
                        itable.insert(m.selector, vtable.len() as u32);
                        vtable.push(m);
                    }
                    Some(&slot) => {
                        let current = vtable[slot as usize];
                        if methods.iter().any(|m| std::ptr::eq(*m, current)) {
                            continue; // the class's own method always wins
                        }
                        let current_class = self.class(current.class_id);
                        if current_class.is_interface() && !m.is_abstract() {
                            // A default from a more specific interface wins; an abstract slot
                            // takes any default.
                            let more_specific = iface
                                .all_interfaces
                                .binary_search(&current_class.id)
                                .is_ok();
                            if current.is_abstract() || more_specific {
                                vtable[slot as usize] = m;
                            }
                        }
                    }
                }
            }
        }
        (vtable, itable)
    }

    fn define_primitive(&self, name: &str, kind: Kind) -> &'static Class {
        let id = self.allocate_class_id().expect("room for primitives");
        self.publish(Class::skeleton(
            id,
            name.to_string(),
            access::PUBLIC | access::FINAL | access::ABSTRACT,
            ClassKind::Primitive(kind),
        ))
    }

    pub fn primitive_class(&'static self, kind: Kind) -> &'static Class {
        let name = PRIMITIVES
            .iter()
            .find(|(_, k)| *k == kind)
            .map(|(n, _)| *n)
            .expect("primitive");
        self.find_loaded(name).expect("primitives defined at boot")
    }

    fn define_array(&'static self, name: &str) -> Result<&'static Class, LinkageError> {
        let elem_desc = &name[1..];
        let (elem, component) = match classfile::parse_field_descriptor(elem_desc) {
            Ok(FieldType::Object(c)) => (Kind::Ref, self.load(&c)?),
            Ok(FieldType::Array(_)) => (Kind::Ref, self.load(elem_desc)?),
            Ok(t) => {
                let k = kind_of(&t);
                (k, self.primitive_class(k))
            }
            Err(_) => return Err(LinkageError::no_class_def(name)),
        };
        let dims = name.bytes().take_while(|&b| b == b'[').count();
        if dims > 255 {
            return Err(LinkageError::new(
                "java/lang/ClassFormatError",
                format!("array class {name} has more than 255 dimensions"),
            ));
        }
        let object = self.load("java/lang/Object")?;
        let cloneable = self.load("java/lang/Cloneable")?;
        let serializable = self.load("java/io/Serializable")?;
        if let Some(c) = self.find_loaded(name) {
            return Ok(c);
        }
        let id = self.allocate_class_id()?;
        let mut all_interfaces = vec![cloneable.id, serializable.id];
        all_interfaces.sort_unstable();
        let kind = ClassKind::Array {
            elem,
            component: component.id,
            dims: dims as u8,
        };
        let flags = access::PUBLIC | access::FINAL | access::ABSTRACT;
        Ok(self.publish(Class {
            super_class: Some(object),
            interfaces: vec![cloneable, serializable],
            all_interfaces,
            display: vec![object.id, id],
            vtable: object.vtable.clone(),
            itable: object.itable.clone(),
            is_bootstrap: component.is_bootstrap,
            ..Class::skeleton(id, name.to_string(), flags, kind)
        }))
    }

    /// The array class whose elements are `component`.
    pub fn array_class_of(
        &'static self,
        component: &'static Class,
    ) -> Result<&'static Class, LinkageError> {
        let name = match &component.kind {
            ClassKind::Primitive(k) => format!("[{}", primitive_descriptor(*k)),
            ClassKind::Array { .. } => format!("[{}", component.name),
            ClassKind::Instance => format!("[L{};", component.name),
        };
        self.load(&name)
    }

    /// Defines a synthetic class (lambda proxies) from parts; see indy.rs.
    pub fn define_synthetic(
        &'static self,
        name: String,
        super_class: &'static Class,
        interfaces: Vec<&'static Class>,
        fields: Vec<(String, String)>,
        make_methods: impl FnOnce(u32, &[Field]) -> Result<Vec<&'static Method>, LinkageError>,
    ) -> Result<&'static Class, LinkageError> {
        let id = self.allocate_class_id()?;
        let mut all_interfaces: Vec<u32> = super_class.all_interfaces.clone();
        for i in &interfaces {
            all_interfaces.push(i.id);
            all_interfaces.extend(i.all_interfaces.iter().copied());
        }
        all_interfaces.sort_unstable();
        all_interfaces.dedup();
        let mut display = super_class.display.clone();
        display.push(id);
        let mut offset = super_class.fields_end as usize;
        let mut field_list = Vec::new();
        let mut ref_offsets = super_class.ref_offsets.clone();
        for (fname, fdesc) in fields {
            let kind = Kind::from_descriptor(&fdesc);
            offset = offset.next_multiple_of(kind.size());
            if kind == Kind::Ref {
                ref_offsets.push(offset as u32);
            }
            field_list.push(Field {
                name: fname,
                descriptor: fdesc,
                flags: access::PRIVATE | access::FINAL,
                kind,
                offset: offset as u32,
                constant_value: None,
            });
            offset += kind.size();
        }
        let methods = make_methods(id, &field_list)?;
        let (vtable, itable) = self.build_vtable(
            Some(super_class),
            &methods,
            &all_interfaces,
            access::FINAL | access::SYNTHETIC,
        );
        let flags = access::FINAL | access::SYNTHETIC | access::SUPER;
        Ok(self.publish(Class {
            super_class: Some(super_class),
            interfaces,
            all_interfaces,
            display,
            fields: field_list,
            methods,
            vtable,
            itable,
            instance_size: gcvm_gc::object::align_up(offset.max(16)) as u32,
            fields_end: offset as u32,
            ref_offsets,
            is_bootstrap: false,
            ..Class::skeleton(id, name, flags, ClassKind::Instance)
        }))
    }

    // ---- strings ----

    /// The constant for a string literal (the same one for equal contents).
    pub fn string_const(&self, utf16: &[u16]) -> &'static StringConst {
        let mut strings = self.strings.lock();
        if let Some(c) = strings.get(utf16) {
            return c;
        }
        let c: &'static StringConst = Box::leak(Box::new(StringConst {
            utf16: utf16.into(),
            value: AtomicU32::new(0),
        }));
        strings.insert(utf16.into(), c);
        self.string_list.lock().push(c);
        c
    }

    // ---- output ----

    pub fn write_stdout(&self, bytes: &[u8]) {
        self.stdout.write(bytes);
    }
    pub fn write_stderr(&self, bytes: &[u8]) {
        self.flush_stdout();
        let _ = std::io::stderr().write_all(bytes);
    }
    pub fn flush_stdout(&self) {
        self.stdout.flush();
    }

    // ---- threads and safepoints ----

    pub fn register_thread(&self, t: Arc<crate::runtime::thread::ThreadShared>) {
        self.threads.lock().push(t);
        self.threads_changed.notify_all();
    }

    pub fn unregister_thread(&self, id: u64) {
        self.threads.lock().retain(|t| t.id != id);
        self.threads_changed.notify_all();
    }

    pub fn thread_count(&self) -> usize {
        self.threads.lock().len()
    }

    pub fn find_thread(&self, id: u64) -> Option<Arc<crate::runtime::thread::ThreadShared>> {
        self.threads.lock().iter().find(|t| t.id == id).cloned()
    }

    /// Blocks until every non-daemon thread has finished (the JVM's exit rule).
    pub fn wait_for_non_daemon_threads(&self) {
        self.wait_for_non_daemon_threads_except(None);
    }

    /// Blocks until every non-daemon thread but `except` (the caller) has finished.
    pub fn wait_for_non_daemon_threads_except(&self, except: Option<u64>) {
        let mut threads = self.threads.lock();
        while threads
            .iter()
            .any(|t| !t.daemon.load(Ordering::Relaxed) && Some(t.id) != except)
        {
            self.threads_changed.wait(&mut threads);
        }
    }

    /// Has a collection asked every thread to stop?
    #[inline(always)]
    pub fn safepoint_requested(&self) -> bool {
        self.safepoint.load(Ordering::Relaxed)
    }

    /// Runs `f` on the stack of thread `target` while that thread is stopped: a safepoint for
    /// one thread, without a collection (what `Thread.getStackTrace` of another thread needs).
    /// Holding the GC lock keeps collections out; the safepoint request makes a running target
    /// let go of its stack at its next poll (other threads stop at theirs too, until `f` is
    /// done). The caller must not hold its own stack.
    pub fn with_thread_stopped<R>(
        &self,
        target: &crate::runtime::thread::ThreadShared,
        f: impl FnOnce(&crate::runtime::thread::ThreadStack) -> R,
    ) -> R {
        let _gc = self.gc_lock.lock();
        self.safepoint.store(true, Ordering::SeqCst);
        let result = {
            let stack = target.stack.lock();
            f(&stack)
        };
        let _guard = self.safepoint_lock.lock();
        self.safepoint.store(false, Ordering::SeqCst);
        self.safepoint_cond.notify_all();
        result
    }

    /// Called by a thread that has released its stack: returns when the pause is over.
    pub fn wait_for_safepoint_end(&self) {
        let mut guard = self.safepoint_lock.lock();
        while self.safepoint.load(Ordering::Acquire) {
            self.safepoint_cond.wait(&mut guard);
        }
    }

    /// Takes the stack lock of every registered thread, including threads started while the
    /// others are being stopped (a running thread may register a new one until it is stopped
    /// itself). With a deadline, a thread that has not stopped by then is left running. Returns
    /// the stacks taken and whether every thread stopped.
    fn stop_every_thread(&self, deadline: Option<Instant>) -> (Vec<StackGuard>, bool) {
        let mut stacks = Vec::new();
        let mut seen: HashSet<u64> = HashSet::new();
        let mut all = true;
        loop {
            let new: Vec<_> = self
                .threads
                .lock()
                .iter()
                .filter(|t| !seen.contains(&t.id))
                .cloned()
                .collect();
            if new.is_empty() {
                break;
            }
            for t in new {
                seen.insert(t.id);
                match deadline {
                    None => stacks.push(t.stack.lock_arc()),
                    Some(d) => match t.stack.try_lock_arc_until(d) {
                        Some(st) => stacks.push(st),
                        None => all = false,
                    },
                }
            }
        }
        (stacks, all)
    }

    /// Stops the world and collects (see docs/safepoints.md). The caller must have released its
    /// own stack. Returns None when another thread collected since `seen_gc_count` and this
    /// allocation-failure collection is therefore redundant.
    /// `requester` is the trace id of the Java thread asking (when tracing).
    pub fn stop_the_world_and_collect(
        &'static self,
        cause: gcvm_gc::GcCause,
        seen_gc_count: u32,
        requester: Option<u32>,
    ) -> Result<Option<gcvm_gc::GcRecord>, String> {
        let collector = self.heap.collector();
        let seen = (cause == gcvm_gc::GcCause::AllocationFailure).then_some(seen_gc_count);
        self.stop_the_world_and_run(cause, seen, requester, &mut |roots, events| {
            collector.collect(cause, roots, events)
        })
    }

    /// Runs `body` in a pause: stops every thread (docs/safepoints.md), flushes each one's
    /// collector state and trace buffer, runs `body` through `Heap::pause` with the roots, logs
    /// the pause (`-Xlog:gc`), resizes the TLABs and lets the threads go. With `seen_gc_count`,
    /// does nothing if a pause happened since (another thread's collection made this one
    /// redundant). The caller must not hold its own stack. `requester`: the Java thread asking
    /// (None: a collector's controller), for the trace's Safepoint event.
    pub fn stop_the_world_and_run(
        &'static self,
        cause: gcvm_gc::GcCause,
        seen_gc_count: Option<u32>,
        requester: Option<u32>,
        body: &mut gcvm_gc::PauseBody<'_>,
    ) -> Result<Option<gcvm_gc::GcRecord>, String> {
        let _gc = self.gc_lock.lock();
        if seen_gc_count.is_some_and(|seen| self.heap.gc_count() != seen) {
            return Ok(None);
        }
        let requested = std::time::Instant::now();
        self.safepoint.store(true, Ordering::SeqCst);
        let (mut stacks, _) = self.stop_every_thread(None);
        self.heap.world_stopped();
        let all_arrived = Instant::now();
        let time_to_safepoint = all_arrived - requested;
        self.ttsp.lock().push(time_to_safepoint);
        let safepoint = self.trace.is_some().then(|| Safepoint {
            requester,
            requested,
            all_arrived,
            arrivals: Safepoint::arrivals(&stacks, requested),
        });
        // The trace's GC start is a flush point: every thread's events go out with its TLAB.
        for st in stacks.iter_mut() {
            self.heap.flush_mutator(&mut st.mutator);
            st.flush_events();
        }
        let allocated: usize = stacks
            .iter()
            .map(|st| st.mutator.tlab.allocated_since_gc())
            .sum();
        let mut result = self.pause_in_safepoint(
            cause,
            &mut stacks,
            time_to_safepoint,
            safepoint.as_ref(),
            body,
        );
        // A collector may ask for another collection in the same safepoint (the region
        // collector's full collection after an evacuation pause that freed too little).
        while result.is_ok() {
            let Some(next) = self.heap.collector().follow_up() else {
                break;
            };
            let collector = self.heap.collector();
            result = self.pause_in_safepoint(
                next,
                &mut stacks,
                Duration::ZERO,
                None,
                &mut |roots, events| collector.collect(next, roots, events),
            );
        }
        let capacity = self.heap.tlab_capacity();
        for st in stacks.iter_mut() {
            st.mutator.tlab.resize_after_gc(allocated, capacity);
        }
        self.heap.world_resumed();
        {
            let _guard = self.safepoint_lock.lock();
            self.safepoint.store(false, Ordering::SeqCst);
            self.safepoint_cond.notify_all();
        }
        drop(stacks);
        self.stdout.flush_pending();
        result.map(Some)
    }

    /// Stops the world for a heap-stream tick frame (nothing is collected) and lets it go.
    /// Returns false once the run is over (no more ticks).
    pub(crate) fn tick_safepoint(&'static self) -> bool {
        let _gc = self.gc_lock.lock();
        if self.recording_finished.load(Ordering::Acquire) {
            return false;
        }
        self.safepoint.store(true, Ordering::SeqCst);
        let (mut stacks, _) = self.stop_every_thread(None);
        self.heap.world_stopped();
        for st in stacks.iter_mut() {
            self.heap.flush_mutator(&mut st.mutator);
        }
        self.stream_event(StreamEvent::Tick, None, "tick", false);
        self.heap.world_resumed();
        {
            let _guard = self.safepoint_lock.lock();
            self.safepoint.store(false, Ordering::SeqCst);
            self.safepoint_cond.notify_all();
        }
        drop(stacks);
        true
    }

    /// Runs `body` as one pause with every thread stopped (`stacks`): heap dumps before and
    /// after, the roots, the trace's sink, `Heap::pause`, the `-Xlog:gc` line.
    /// `safepoint`: how the world was stopped, when tracing and this is the safepoint's first
    /// pause (written before its GC start).
    fn pause_in_safepoint(
        &'static self,
        cause: gcvm_gc::GcCause,
        stacks: &mut [StackGuard],
        time_to_safepoint: Duration,
        safepoint: Option<&Safepoint>,
        body: &mut gcvm_gc::PauseBody<'_>,
    ) -> Result<gcvm_gc::GcRecord, String> {
        let id = self.heap.gc_count();
        self.dump_heap(&format!("gc {id} start"));
        self.stream_event(
            StreamEvent::GcStart,
            Some(id),
            &format!("GC({id}) {} start", cause.label()),
            false,
        );
        let result = {
            let mut roots = crate::runtime::thread::VmRoots {
                vm: self,
                threads: stacks.iter_mut().map(|g| &mut **g).collect(),
            };
            let mut sink = self.trace.as_ref().map(TraceWriter::gc_sink);
            if let (Some(sink), Some(sp)) = (sink.as_mut(), safepoint) {
                sink.safepoint(id, sp.requester, sp.requested, sp.all_arrived, &sp.arrivals);
            }
            let mut no_events = gcvm_gc::NoEvents;
            let inner: &mut dyn gcvm_gc::GcEventSink = match sink.as_mut() {
                Some(sink) => sink,
                None => &mut no_events,
            };
            let mut with_frames;
            let events: &mut dyn gcvm_gc::GcEventSink = if self.streams.is_some() {
                with_frames = crate::runtime::streams::PhaseFrames {
                    inner,
                    vm: self,
                    gc: id,
                };
                &mut with_frames
            } else {
                inner
            };
            self.heap.pause(
                cause,
                &mut roots,
                events,
                self.options.verify_heap,
                time_to_safepoint,
                body,
            )
        };
        if let Ok(record) = &result {
            self.dump_heap(&format!("gc {id} end"));
            if self.streams.is_some() {
                let line = record.log_line();
                let label = line.split("[gc] ").nth(1).unwrap_or(&line);
                let full = record.outcome.kind == gcvm_gc::GcKind::Major;
                self.stream_event(StreamEvent::GcEnd, Some(id), label, full);
            }
            if self.options.log_gc_details {
                let line = record.safepoint_line();
                self.write_stdout(format!("{line}\n").as_bytes());
            }
            if self.options.log_gc {
                let line = record.log_line();
                self.write_stdout(format!("{line}\n").as_bytes());
            }
            if self.options.log_gc_details {
                if let Some(refs) = &record.refs {
                    let lines = gcvm_gc::shared::refs::log_lines(record.id, refs);
                    let uptime = record.end_uptime();
                    for line in lines {
                        let tagged = format!("[{uptime:.3}s][debug][gc,phases,ref] {line}\n");
                        self.write_stdout(tagged.as_bytes());
                    }
                }
            }
        }
        result
    }

    /// A pause failed heap verification or the barrier check: report it, finish the recording
    /// (the trace up to the failure is what one wants to look at) and exit with status 70. The
    /// caller must not hold its own stack.
    pub fn fail_verification(&self, error: &str) -> ! {
        self.write_stderr(format!("gcvm: heap verification failed {error}\n").as_bytes());
        self.finish_recording(Some(Duration::from_secs(2)));
        self.flush_stdout();
        std::process::exit(70);
    }

    /// Ends the process with `status` (System.exit): finishes the recording, flushes output.
    /// The caller must not hold its own stack (see `finish_recording`).
    pub fn exit(&self, status: i32) -> ! {
        self.finish_recording(None);
        self.flush_stdout();
        std::process::exit(status)
    }

    // ---- recording: the trace and the heap dump ----

    /// Defines `class` in the trace (its id is its type id): instances with their size, arrays
    /// with their element size. Primitive classes have no objects.
    fn define_trace_type(&self, class: &Class) {
        let Some(w) = &self.trace else { return };
        match &class.kind {
            ClassKind::Array { elem, .. } => {
                w.define_type(class.id, &class.name, 0, Some(elem.size() as u32))
            }
            ClassKind::Instance => w.define_type(class.id, &class.name, class.instance_size, None),
            ClassKind::Primitive(_) => {}
        }
    }

    /// The filler type, for completeness: the trace never records fillers (TLAB tails, gaps),
    /// since they are not objects, but a tool meeting its id can name it.
    fn define_trace_filler(&self) {
        if let Some(w) = &self.trace {
            w.define_type(gcvm_gc::object::FILLER_TYPE, "<filler>", 0, Some(4));
        }
    }

    /// The trace's id for the allocation site at `bci` of `class.method` whose objects are
    /// usually of type `usual_type` (SITE_VM when not tracing).
    pub fn alloc_site(
        &self,
        class: &str,
        method: &str,
        bci: u32,
        line: Option<u32>,
        usual_type: Option<u32>,
    ) -> u32 {
        match &self.trace {
            Some(w) => w.define_site(class, method, bci, line, usual_type),
            None => SITE_VM,
        }
    }

    /// A new thread's event buffer (records Thread Alive), when tracing.
    pub fn thread_events(&self, id: u64, name: &str) -> Option<gcvm_tracer::ThreadEvents> {
        let id = u32::try_from(id)
            .unwrap_or(u32::MAX)
            .min(gcvm_tracer::format::GC_THREAD_BASE - 1);
        self.trace.as_ref().map(|w| w.thread_events(id, name))
    }

    /// Reports the heap's spaces to the trace after they changed outside a collection (the heap
    /// grew). Collections report their own changes through the GC sink.
    pub fn sync_trace_spaces(&self) {
        if let Some(w) = &self.trace {
            let _serial = self.space_sync.lock();
            w.sync_spaces(&self.heap.trace_spaces());
        }
    }

    /// `--heap-dump`: writes the heap as it is, one line per object in address order
    /// (`address type_id size array_length`, `-` for non-arrays; fillers left out), under the
    /// header line `label` (`gc N start`, `gc N end`, `end`). Every TLAB must be retired.
    fn dump_heap(&self, label: &str) {
        let Some(dump) = &self.heap_dump else { return };
        let mut out = dump.lock();
        let _ = writeln!(out, "{label}");
        let mem = &self.heap.memory;
        self.heap.for_each_object(|obj| {
            let ty = mem.type_id(obj);
            let size = mem.object_size(&self.types, obj);
            let _ = if self.types.info(ty).is_array() {
                writeln!(
                    out,
                    "{:#x} {ty} {size} {}",
                    obj.offset(),
                    mem.array_length(obj)
                )
            } else {
                writeln!(out, "{:#x} {ty} {size} -", obj.offset())
            };
        });
    }

    /// Makes the recording complete on an exit path (normal exit, uncaught exception,
    /// OutOfMemoryError, System.exit, Ctrl-C): stops every Java thread as a collection does,
    /// retires their TLABs, flushes their event buffers, dumps the final heap (boundary `end`)
    /// and finishes the trace file (trailer and footer). The caller must not hold its own stack.
    /// With `patience`, a thread that has not stopped in that time is given up: its unflushed
    /// events (at most one 16 KB buffer) are not in the trace, and the final heap is not dumped.
    /// Runs once: a second exit path (two threads calling System.exit, Ctrl-C during exit)
    /// waits for the first to be done, so the process never ends halfway through the trailer.
    /// The threads stay stopped, as the process exits next. Returns whether this call finished it.
    pub fn finish_recording(&self, patience: Option<Duration>) -> bool {
        self.end_streams();
        if self.trace.is_none() && self.heap_dump.is_none() {
            return false;
        }
        let _finishing = match patience {
            None => self.finishing.lock(),
            Some(p) => match self.finishing.try_lock_for(p * 5) {
                Some(guard) => guard,
                None => return false,
            },
        };
        if self.recording_finished.swap(true, Ordering::SeqCst) {
            return false;
        }
        let deadline = patience.map(|p| Instant::now() + p);
        let gc = match deadline {
            None => Some(self.gc_lock.lock()),
            Some(d) => self.gc_lock.try_lock_until(d),
        };
        self.safepoint.store(true, Ordering::SeqCst);
        let (mut stacks, all) = self.stop_every_thread(deadline);
        // The threads stay stopped until the process exits: concurrent collector work stops too.
        self.heap.world_stopped();
        for st in stacks.iter_mut() {
            self.heap.retire_mutator(&mut st.mutator);
            st.flush_events();
        }
        if all && gc.is_some() {
            self.dump_heap("end");
        }
        if let Some(w) = &self.trace {
            if let Err(e) = w.finish() {
                self.write_stderr(format!("gcvm: cannot finish the trace: {e}\n").as_bytes());
            }
        }
        if let Some(dump) = &self.heap_dump {
            let _ = dump.lock().flush();
        }
        // Nothing may run or collect after the recording is closed: keep the world stopped.
        std::mem::forget(stacks);
        std::mem::forget(gc);
        true
    }

    /// A new identity hash (a thread-safe xorshift, as HotSpot's hashCode=5 mode).
    pub fn next_identity_hash(&self) -> i32 {
        loop {
            let old = self.identity_hash_seed.load(Ordering::Relaxed);
            let mut x = old;
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            if self
                .identity_hash_seed
                .compare_exchange(old, x, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
            {
                let h = (x >> 33) as i32 & 0x7fff_ffff;
                return if h == 0 { 1 } else { h };
            }
        }
    }
}

/// How a pause's safepoint was reached, for the trace (docs/trace-format.md, Safepoint).
struct Safepoint {
    /// The Java thread that asked (None: a collector's controller thread).
    requester: Option<u32>,
    requested: Instant,
    /// Every thread's stack lock taken.
    all_arrived: Instant,
    /// Per traced thread: its trace id and when it reached the safepoint.
    arrivals: Vec<(u32, Instant)>,
}

impl Safepoint {
    /// When each stopped thread reached the safepoint: the moment it let go of its stack
    /// (`ThreadStack::released_at`), or the request for a thread that was already in a safe
    /// region (blocked, not started) when it came.
    fn arrivals(stacks: &[StackGuard], requested: Instant) -> Vec<(u32, Instant)> {
        stacks
            .iter()
            .filter_map(|st| {
                let thread = st.events.as_ref()?.thread_id();
                let at = st.released_at.map_or(requested, |t| t.max(requested));
                Some((thread, at))
            })
            .collect()
    }
}

/// The VM as a collector's controller sees it (`gcvm_gc::VmControl`): pauses on request.
pub struct VmPauses(&'static Vm);

impl gcvm_gc::VmControl for VmPauses {
    fn request_pause(
        &self,
        cause: gcvm_gc::GcCause,
        body: &mut gcvm_gc::PauseBody<'_>,
    ) -> Option<gcvm_gc::GcRecord> {
        let vm = self.0;
        if vm.recording_finished.load(Ordering::Acquire) {
            return None;
        }
        match vm.stop_the_world_and_run(cause, None, None, body) {
            Ok(record) => record,
            Err(e) => vm.fail_verification(&e),
        }
    }

    fn pause_count(&self) -> u32 {
        self.0.heap.gc_count()
    }

    fn log_gc(&self, line: &str) {
        let vm = self.0;
        if vm.options.log_gc {
            let uptime = vm.heap.uptime().as_secs_f64();
            vm.write_stdout(format!("[{uptime:.3}s][info][gc] {line}\n").as_bytes());
        }
    }

    fn log_gc_detail(&self, tags: &str, line: &str) {
        let vm = self.0;
        if vm.options.log_gc_details {
            let uptime = vm.heap.uptime().as_secs_f64();
            vm.write_stdout(format!("[{uptime:.3}s][info][{tags}] {line}\n").as_bytes());
        }
    }
}

/// A collector's name as the GC log's `Using` line prints it: `region` is `Region`,
/// `mark-compact` is `Mark-Compact`.
fn display_name(collector: &str) -> String {
    collector
        .split('-')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_uppercase().chain(c).collect::<String>())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join("-")
}

/// The verifier's view of the class hierarchy: classes are loaded (not initialised) as needed.
struct LoadingHierarchy(&'static Vm);

impl crate::link::verifier::Hierarchy for LoadingHierarchy {
    fn is_interface(&self, name: &str) -> Result<bool, LinkageError> {
        Ok(self.0.load(name)?.is_interface())
    }
    fn is_subclass(&self, sub: &str, sup: &str) -> Result<bool, LinkageError> {
        let (sub, sup) = (self.0.load(sub)?, self.0.load(sup)?);
        Ok(sub.is_subclass_of(sup, self.0))
    }
    fn superclass(&self, name: &str) -> Result<Option<String>, LinkageError> {
        Ok(self.0.load(name)?.super_class.map(|s| s.name.clone()))
    }
}

type StackGuard = parking_lot::ArcMutexGuard<parking_lot::RawMutex, crate::runtime::thread::ThreadStack>;

/// Opens the trace file (when `recording` asks for one) and describes the heap's spaces in it.
fn open_trace(
    recording: &Recording,
    options: &VmOptions,
    heap: &Heap,
) -> Result<Option<TraceWriter>, String> {
    let Some(path) = &recording.trace else {
        return Ok(None);
    };
    let config = TraceConfig {
        collector: heap.collector_name().to_string(),
        program: recording.program.clone(),
        heap_size: options.heap.max_size as u64,
        deaths: recording.trace_deaths,
        ..TraceConfig::default()
    };
    let w = TraceWriter::create(path, config)
        .map_err(|e| format!("cannot create trace file {}: {e}", path.display()))?;
    w.sync_spaces(&heap.trace_spaces());
    Ok(Some(w))
}

/// A terminating signal — SIGINT (Ctrl-C), SIGTERM or SIGHUP — ends the program as it ends
/// java: from the signal-handling thread (src/main.rs), the recording is finished — a safepoint
/// stops the Java threads at their next poll and their buffers are flushed, waiting at most
/// `INTERRUPT_PATIENCE` for the world to stop — the output is flushed, and the process exits
/// with 128 + the signal's number (130, 143, 129), as a shell expects.
///
/// First, as java does, the shutdown hooks run (if any was ever registered): on a Java thread
/// attached to the signal thread for the purpose (a daemon with no Thread object).
pub fn terminated(signal: i32) -> ! {
    if let Some(vm) = THE_VM.get() {
        if crate::library::system::shutdown_hooks_registered() {
            let id = u64::MAX - 1;
            let shared =
                crate::runtime::thread::JThread::create(vm, "Signal Dispatcher", id, Ref::NULL, true);
            let mut thread = crate::runtime::thread::JThread::attach(vm, shared);
            crate::library::system::run_shutdown_hooks(&mut thread);
            thread.detach();
        }
        vm.finish_recording(Some(INTERRUPT_PATIENCE));
        vm.stdout.flush_within(INTERRUPT_PATIENCE);
    }
    let _ = std::io::stderr().flush();
    std::process::exit(128 + signal)
}

/// Flushes the program's output before gcvm reports an internal error (its panic hook), without
/// waiting long for a thread that holds the buffer.
pub fn flush_output_on_internal_error() {
    if let Some(vm) = THE_VM.get() {
        vm.stdout.flush_within(INTERNAL_ERROR_PATIENCE);
    }
}

const PRIMITIVES: &[(&str, Kind)] = &[
    ("boolean", Kind::Boolean),
    ("byte", Kind::Byte),
    ("char", Kind::Char),
    ("short", Kind::Short),
    ("int", Kind::Int),
    ("float", Kind::Float),
    ("long", Kind::Long),
    ("double", Kind::Double),
];

pub fn primitive_descriptor(k: Kind) -> char {
    match k {
        Kind::Boolean => 'Z',
        Kind::Byte => 'B',
        Kind::Char => 'C',
        Kind::Short => 'S',
        Kind::Int => 'I',
        Kind::Float => 'F',
        Kind::Long => 'J',
        Kind::Double => 'D',
        Kind::Ref => 'L',
    }
}

pub fn primitive_name(k: Kind) -> &'static str {
    PRIMITIVES
        .iter()
        .find(|(_, p)| *p == k)
        .map(|(n, _)| *n)
        .unwrap_or("object")
}

pub fn kind_of(t: &FieldType) -> Kind {
    match t {
        FieldType::Byte => Kind::Byte,
        FieldType::Char => Kind::Char,
        FieldType::Double => Kind::Double,
        FieldType::Float => Kind::Float,
        FieldType::Int => Kind::Int,
        FieldType::Long => Kind::Long,
        FieldType::Short => Kind::Short,
        FieldType::Boolean => Kind::Boolean,
        FieldType::Object(_) | FieldType::Array(_) => Kind::Ref,
    }
}

struct FieldLayout {
    fields: Vec<Field>,
    instance_size: u32,
    fields_end: u32,
    ref_offsets: Vec<u32>,
    static_count: usize,
    static_ref_slots: Vec<u32>,
}

/// Lays out instance fields after the superclass's (largest first, a 4-byte field filling the
/// slot at offset 12 when the layout starts there) and gives each static field a slot.
fn layout_fields(cf: &ClassFile, super_class: Option<&Class>) -> Result<FieldLayout, LinkageError> {
    let mut fields = Vec::new();
    let mut instance: Vec<(usize, Kind)> = Vec::new();
    let mut static_count = 0;
    let mut static_ref_slots = Vec::new();
    for (i, f) in cf.fields.iter().enumerate() {
        classfile::parse_field_descriptor(&f.descriptor).map_err(|e| {
            LinkageError::new(
                "java/lang/ClassFormatError",
                format!("{e} in field {} of {}", f.name, cf.this_class),
            )
        })?;
        let kind = Kind::from_descriptor(&f.descriptor);
        let is_static = f.access_flags & access::STATIC != 0;
        let offset = if is_static {
            if kind == Kind::Ref {
                static_ref_slots.push(static_count as u32);
            }
            static_count += 1;
            static_count as u32 - 1
        } else {
            instance.push((i, kind));
            0
        };
        fields.push(Field {
            name: f.name.clone(),
            descriptor: f.descriptor.clone(),
            flags: f.access_flags,
            kind,
            offset,
            constant_value: f.constant_value_index,
        });
    }
    let mut offset = super_class
        .map(|s| s.fields_end as usize)
        .unwrap_or(gcvm_gc::object::FIRST_FIELD_OFFSET);
    let mut ref_offsets = super_class
        .map(|s| s.ref_offsets.clone())
        .unwrap_or_default();
    instance.sort_by_key(|&(i, k)| (std::cmp::Reverse(k.size()), i));
    if offset % 8 == 4 {
        if let Some(pos) = instance.iter().position(|&(_, k)| k.size() == 4) {
            let item = instance.remove(pos);
            instance.insert(0, item);
        }
    }
    for (i, kind) in instance {
        offset = offset.next_multiple_of(kind.size());
        fields[i].offset = offset as u32;
        if kind == Kind::Ref {
            ref_offsets.push(offset as u32);
        }
        offset += kind.size();
    }
    Ok(FieldLayout {
        fields,
        instance_size: gcvm_gc::object::align_up(offset.max(gcvm_gc::object::MIN_OBJECT_SIZE))
            as u32,
        fields_end: offset as u32,
        ref_offsets,
        static_count,
        static_ref_slots,
    })
}

/// The trace's id of `method` as a death context (`gcvm_gc::deaths`; 0 means unknown).
#[inline]
pub fn death_context(method: &Method) -> u32 {
    method.id + 1
}
