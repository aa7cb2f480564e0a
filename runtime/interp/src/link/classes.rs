//! The class table: every loaded class and method, by id and by name; loading and defining
//! classes (superclass and interfaces first, field layout, vtables), array and primitive
//! classes, classes the VM makes (lambda proxies), string constants, and the classes the VM
//! itself relies on (`WellKnown`).
//!
//! Classes, methods and string constants live for the whole run (gcvm never unloads classes), so
//! they are leaked and referred to as `&'static`. Class loading links classes eagerly
//! (superclasses, interfaces, field layout, vtables) but decodes method bodies lazily, on first
//! invocation (see decode.rs). A class's id is also its heap type id; defining a class
//! registers its shape with the heap's type registry and, when tracing, names it in the trace.

use crate::classfile::classpath::ClassPath;
use crate::classfile::{self, access, ClassFile, ClassFileError, FieldType, MethodDescriptor};
use crate::link::layout::layout_fields;
use crate::model::class::*;
use crate::model::error::LinkageError;
use crate::model::insn::{kind_of, primitive_descriptor, Kind, PRIMITIVES};
use gcvm_gc::{Shape, TypeInfo, TypeRegistry};
use gcvm_tracer::{format::SITE_VM, TraceWriter};
use parking_lot::{Mutex, RwLock};
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

const MAX_CLASSES: usize = 1 << 16;

/// Every loaded class and method, and how to load more.
pub struct ClassTable {
    types: Arc<TypeRegistry>,
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
    /// Every string constant, in creation order: GC roots (their interned Strings).
    pub string_list: Mutex<Vec<&'static StringConst>>,
    well_known: OnceLock<WellKnown>,
    /// Lambda proxy classes made so far (their names count up).
    pub lambda_count: AtomicU32,
    /// The trace, when recording: classes, methods and allocation sites are named in it.
    trace: Option<TraceWriter>,
    /// `--trace-deaths`: methods are named in the trace (as death contexts), and quickening
    /// keeps reference stores tracked.
    pub tracking_deaths: bool,
    /// `--activity`: methods are named in the trace (the units of code activity).
    naming_methods: bool,
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
    /// `Throwable.detailMessage`, read when printing a stack trace fails (a heap too full).
    pub throwable_message_offset: u32,
    /// `Throwable.stackTrace`: the decoded trace, null until decoded.
    pub throwable_stack_trace_offset: u32,
    pub long_array: &'static Class,
    /// The trace's sites of the Strings the VM makes (natives, exception messages...).
    pub string_sites: crate::model::sites::StringSites,
}

impl ClassTable {
    /// An empty table loading from `classpath` and, first, from `bootstrap` (the embedded class
    /// library: binary name and class file).
    pub fn new(
        classpath: &str,
        bootstrap: &[(&'static str, &'static [u8])],
        types: Arc<TypeRegistry>,
        trace: Option<TraceWriter>,
        tracking_deaths: bool,
        counting_activity: bool,
    ) -> ClassTable {
        ClassTable {
            types,
            classes: (0..MAX_CLASSES).map(|_| OnceLock::new()).collect(),
            next_class_id: AtomicU32::new(gcvm_gc::object::FIRST_VM_TYPE),
            by_name: Mutex::new(HashMap::new()),
            loading: parking_lot::ReentrantMutex::new(std::cell::RefCell::new(HashSet::new())),
            classpath: ClassPath::new(classpath),
            bootstrap: bootstrap.iter().copied().collect(),
            methods: RwLock::new(Vec::new()),
            selectors: Mutex::new(HashMap::new()),
            strings: Mutex::new(HashMap::new()),
            string_list: Mutex::new(Vec::new()),
            well_known: OnceLock::new(),
            lambda_count: AtomicU32::new(0),
            trace,
            tracking_deaths,
            naming_methods: tracking_deaths || counting_activity,
        }
    }

    /// Defines the primitive classes and loads the classes the VM relies on (`WellKnown`).
    pub fn boot(&'static self) -> Result<(), LinkageError> {
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
            string_sites: crate::model::sites::StringSites::new(
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
            throwable_message_offset: field_offset(throwable, "detailMessage")?,
            throwable_stack_trace_offset: field_offset(throwable, "stackTrace")?,
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

    /// `--trace-deaths` and `--activity`: `method` of class `class` as a Method symbol in the
    /// trace (a death context, a unit of code activity).
    fn define_trace_method(&self, class: &str, method: &Method) {
        if !self.naming_methods {
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
            crate::link::references::note_class(&self.types, class);
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
            ClassFileError::Illegal(m) => LinkageError::new("java/lang/ClassFormatError", m),
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
    /// methods (link/verifier/). The embedded class library and classes the VM makes are trusted.
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
                m.exceptions.clone(),
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
        exceptions: Vec<String>,
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
            exceptions,
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
        for m in &methods {
            self.define_trace_method(&name, m);
        }
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

    // ---- the trace ----

    /// Defines `class` in the trace (its id is its type id): instances with their size, arrays
    /// with their element size. Primitive classes have no objects.
    fn define_trace_type(&self, class: &Class) {
        let Some(w) = &self.trace else { return };
        match &class.kind {
            ClassKind::Array { elem, .. } => {
                w.define_type(class.id, &class.name, 0, Some(elem.size() as u32))
            }
            ClassKind::Instance => {
                w.define_type(class.id, &class.name, class.instance_size, None);
                if w.header().flags & gcvm_tracer::format::HEADER_FLAG_POINTERS != 0 {
                    define_trace_fields(w, class);
                }
            }
            // No object has a primitive type, but `int.class` is a root with `--trace-pointers`
            // (a class mirror's detail is its type id): name it.
            ClassKind::Primitive(_) => {
                if w.header().flags & gcvm_tracer::format::HEADER_FLAG_POINTERS != 0 {
                    w.define_type(class.id, &class.name, 0, None);
                }
            }
        }
    }

    /// The filler type, for completeness: the trace never records fillers (TLAB tails, gaps),
    /// since they are not objects, but a tool meeting its id can name it.
    pub fn define_trace_filler(&self) {
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
}

/// The verifier's view of the class hierarchy: classes are loaded (not initialised) as needed.
struct LoadingHierarchy(&'static ClassTable);

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

impl ClassById for ClassTable {
    #[inline(always)]
    fn class(&self, id: u32) -> &'static Class {
        ClassTable::class(self, id)
    }
}

/// `--trace-pointers`: names the reference fields of instance class `class` in the trace (its
/// own and inherited ones), so that tools print paths with field names.
fn define_trace_fields(w: &TraceWriter, class: &Class) {
    let mut fields: Vec<(u32, &str)> = Vec::new();
    let mut c = Some(class);
    while let Some(k) = c {
        for f in &k.fields {
            if !f.is_static() && f.kind == crate::model::insn::Kind::Ref {
                fields.push((f.offset / 4, f.name.as_str()));
            }
        }
        c = k.super_class;
    }
    if !fields.is_empty() {
        fields.sort_unstable();
        w.define_fields(class.id, &fields);
    }
}
