//! The VM side of reflection (`jdk.internal.gcvm.Reflection`, used by java.lang.Class and
//! java.lang.reflect): a class's declared members by index, raw field reads and writes, and calls.
//!
//! Design: the VM only answers narrow questions — "the name / type / modifiers of declared field
//! or method `i` of class `c`", "the raw bits of this field", "call method `i` with these argument
//! slots" — and the Java side does everything a Java programmer can observe: building the
//! `Field`/`Method`/`Constructor` objects, access checks, argument conversion (unboxing and
//! widening, with the JDK's exception messages), boxing of results and the wrapping of a thrown
//! exception in `InvocationTargetException`. A member is named by its declaring class and its
//! index in that class's `fields` or `methods` (the class file's order), which never change.
//!
//! Primitive values cross as Java `long`s holding the slot bits (an int's low 32 bits, a float's
//! raw bits, a double's raw bits); references cross as references. Reference stores into objects
//! go through the heap's access API (barriers); stores into statics are as `putstatic` does them.
//! GC safety: a native that allocates more than once keeps what it made in a handle and re-reads
//! it; `call` copies the argument slots into the callee's frame before anything can collect.

use crate::classfile::FieldType;
use crate::model::class::{Class, Field, Method};
use crate::model::insn::Kind;
use crate::runtime::natives::NativeFn;
use crate::runtime::thread::{JResult, JThread};
use gcvm_gc::object::ARRAY_BASE;
use gcvm_gc::Ref;

/// The natives of `jdk.internal.gcvm.Reflection` (name and descriptor), for the registry in
/// natives.rs.
pub fn natives() -> Vec<(String, NativeFn)> {
    const CLASS_INT: &str = "(Ljava/lang/Class;I)";
    const FIELD_ACCESS: &str = "(Ljava/lang/Class;ILjava/lang/Object;";
    const CALL: &str = "(Ljava/lang/Class;ILjava/lang/Object;[J[Ljava/lang/Object;Z)";
    let list: Vec<(String, NativeFn)> = vec![
        ("classModifiers(Ljava/lang/Class;)I".into(), class_modifiers),
        (
            "nestHost(Ljava/lang/Class;)Ljava/lang/Class;".into(),
            nest_host,
        ),
        (
            "isLibraryClass(Ljava/lang/Class;)Z".into(),
            is_library_class,
        ),
        ("fieldCount(Ljava/lang/Class;)I".into(), field_count),
        ("methodCount(Ljava/lang/Class;)I".into(), method_count),
        (
            format!("fieldName{CLASS_INT}Ljava/lang/String;"),
            field_name,
        ),
        (format!("fieldType{CLASS_INT}Ljava/lang/Class;"), field_type),
        (format!("fieldModifiers{CLASS_INT}I"), field_modifiers),
        (
            format!("methodName{CLASS_INT}Ljava/lang/String;"),
            method_name,
        ),
        (format!("methodModifiers{CLASS_INT}I"), method_modifiers),
        (
            format!("methodReturnType{CLASS_INT}Ljava/lang/Class;"),
            method_return_type,
        ),
        (
            format!("methodParameterTypes{CLASS_INT}[Ljava/lang/Class;"),
            method_parameter_types,
        ),
        (
            format!("methodExceptionTypes{CLASS_INT}[Ljava/lang/Class;"),
            method_exception_types,
        ),
        (format!("getPrimitive{FIELD_ACCESS})J"), get_primitive),
        (
            format!("getReference{FIELD_ACCESS})Ljava/lang/Object;"),
            get_reference,
        ),
        (format!("setPrimitive{FIELD_ACCESS}J)V"), set_primitive),
        (
            format!("setReference{FIELD_ACCESS}Ljava/lang/Object;)V"),
            set_reference,
        ),
        (
            "ensureInitialized(Ljava/lang/Class;)V".into(),
            ensure_initialized,
        ),
        (
            "allocate(Ljava/lang/Class;)Ljava/lang/Object;".into(),
            allocate,
        ),
        (format!("invokePrimitive{CALL}J"), invoke),
        (format!("invokeReference{CALL}Ljava/lang/Object;"), invoke),
        ("callerClass()Ljava/lang/Class;".into(), caller_class),
    ];
    list.into_iter()
        .map(|(key, f)| (format!("jdk/internal/gcvm/Reflection.{key}"), f))
        .collect()
}

// ---- classes and members ----

/// The class-file modifiers Java's `Class.getModifiers` reports (ACC_SUPER dropped; nested
/// classes keep their top-level flags, as gcvm does not read InnerClasses).
fn class_modifiers(t: &mut JThread, a: usize) -> JResult<u64> {
    let c = t.class_of_mirror(t.arg_ref(a, 0));
    let flags = match c.kind {
        crate::model::class::ClassKind::Instance => c.flags & !crate::classfile::access::SUPER,
        // Arrays and primitives: public final abstract (arrays take their element's access).
        _ => 0x0411,
    };
    Ok(flags as u64)
}

/// The class's nest host (itself when it names none); a host that cannot be loaded counts as
/// none, as in HotSpot.
fn nest_host(t: &mut JThread, a: usize) -> JResult<u64> {
    let c = declaring(t, a);
    let host = match &c.nest_host {
        Some(name) => t.vm.classes.load(name).unwrap_or(c),
        None => c,
    };
    Ok(t.class_mirror(host)?.raw() as u64)
}

/// True for classes of the class library (module java.base).
fn is_library_class(t: &mut JThread, a: usize) -> JResult<u64> {
    Ok(declaring(t, a).is_bootstrap as u64)
}

fn declaring(t: &JThread, a: usize) -> &'static Class {
    t.class_of_mirror(t.arg_ref(a, 0))
}

fn field_at(t: &JThread, a: usize) -> &'static Field {
    &declaring(t, a).fields[t.arg_int(a, 1) as usize]
}

fn method_at(t: &JThread, a: usize) -> &'static Method {
    declaring(t, a).methods[t.arg_int(a, 1) as usize]
}

fn field_count(t: &mut JThread, a: usize) -> JResult<u64> {
    Ok(declaring(t, a).fields.len() as u64)
}

fn method_count(t: &mut JThread, a: usize) -> JResult<u64> {
    Ok(declaring(t, a).methods.len() as u64)
}

fn field_name(t: &mut JThread, a: usize) -> JResult<u64> {
    let name = &field_at(t, a).name;
    Ok(t.new_string(name)?.raw() as u64)
}

fn method_name(t: &mut JThread, a: usize) -> JResult<u64> {
    let name = &method_at(t, a).name;
    Ok(t.new_string(name)?.raw() as u64)
}

fn field_modifiers(t: &mut JThread, a: usize) -> JResult<u64> {
    Ok(field_at(t, a).flags as u64)
}

fn method_modifiers(t: &mut JThread, a: usize) -> JResult<u64> {
    Ok(method_at(t, a).flags as u64)
}

/// The class a field descriptor names, loaded (not initialised); a missing class throws its
/// NoClassDefFoundError, as HotSpot's reflection does.
fn class_of_descriptor(t: &mut JThread, desc: &str) -> JResult<&'static Class> {
    let name = match desc.as_bytes()[0] {
        b'L' => &desc[1..desc.len() - 1],
        b'[' => desc,
        b'V' => "void",
        _ => {
            let ft = crate::classfile::parse_field_descriptor(desc).expect("a checked descriptor");
            let kind = crate::model::insn::kind_of(&ft);
            return Ok(t.vm.classes.primitive_class(kind));
        }
    };
    t.load_class(name)
}

fn mirror_of_descriptor(t: &mut JThread, desc: &str) -> JResult<u64> {
    let class = class_of_descriptor(t, desc)?;
    Ok(t.class_mirror(class)?.raw() as u64)
}

fn field_type(t: &mut JThread, a: usize) -> JResult<u64> {
    let desc = &field_at(t, a).descriptor;
    mirror_of_descriptor(t, desc)
}

fn method_return_type(t: &mut JThread, a: usize) -> JResult<u64> {
    let desc = &method_at(t, a).descriptor;
    let ret = &desc[desc.rfind(')').expect("a method descriptor") + 1..];
    mirror_of_descriptor(t, ret)
}

fn method_parameter_types(t: &mut JThread, a: usize) -> JResult<u64> {
    let descriptors: Vec<String> = method_at(t, a)
        .params
        .iter()
        .map(FieldType::descriptor)
        .collect();
    new_class_array(t, &descriptors)
}

fn method_exception_types(t: &mut JThread, a: usize) -> JResult<u64> {
    let descriptors: Vec<String> = method_at(t, a)
        .exceptions
        .iter()
        .map(|name| format!("L{name};"))
        .collect();
    new_class_array(t, &descriptors)
}

/// A new `Class[]` of the classes the descriptors name, in order.
fn new_class_array(t: &mut JThread, descriptors: &[String]) -> JResult<u64> {
    let array_class = t.load_class("[Ljava/lang/Class;")?;
    let arr = t.new_array(array_class, descriptors.len() as i32)?;
    let h = t.push_handle(arr);
    for (i, desc) in descriptors.iter().enumerate() {
        let mirror = match mirror_of_descriptor(t, desc) {
            Ok(m) => Ref::from_raw(m as u32),
            Err(e) => {
                t.truncate_handles(h);
                return Err(e);
            }
        };
        let arr = t.handle(h);
        t.store_ref_element(arr, i, mirror);
    }
    let arr = t.handle(h);
    t.truncate_handles(h);
    Ok(arr.raw() as u64)
}

// ---- fields ----

/// The field's declaring class is initialised before a static is touched, as getstatic does.
fn static_holder(t: &mut JThread, a: usize) -> JResult<&'static Class> {
    let c = declaring(t, a);
    t.initialize(c)?;
    Ok(c)
}

/// The field's value as slot bits (the Java side has checked the receiver).
fn read(t: &mut JThread, a: usize) -> JResult<u64> {
    let f = field_at(t, a);
    if f.is_static() {
        let c = static_holder(t, a)?;
        return Ok(c.static_value(f.offset));
    }
    let obj = t.arg_ref(a, 2);
    let at = obj.offset() + f.offset as usize;
    Ok(crate::exec::interp::read_field(
        &t.vm.heap.memory,
        at,
        f.kind,
    ))
}

fn get_primitive(t: &mut JThread, a: usize) -> JResult<u64> {
    read(t, a)
}

fn get_reference(t: &mut JThread, a: usize) -> JResult<u64> {
    read(t, a)
}

/// Stores the slot bits in argument slot 3 into the field: an instance field through the heap's
/// access API (a reference store runs the collector's barrier), a static as putstatic does. The
/// value is read from its slot only after the class is initialised, which can collect.
fn write(t: &mut JThread, a: usize) -> JResult<u64> {
    let f = field_at(t, a);
    if f.is_static() {
        let c = static_holder(t, a)?;
        c.set_static_value(f.offset, narrow(f.kind, t.arg(a, 3)));
        return Ok(0);
    }
    let (obj, v) = (t.arg_ref(a, 2), t.arg(a, 3));
    let vm = t.vm;
    crate::exec::interp::write_field(&vm.heap, &mut t.mutator, obj, f.offset as usize, f.kind, v);
    Ok(0)
}

fn narrow(kind: Kind, v: u64) -> u64 {
    match kind {
        Kind::Boolean => v & 1,
        Kind::Byte => v as u8 as i8 as i32 as u32 as u64,
        Kind::Char => v as u16 as u64,
        Kind::Short => v as u16 as i16 as i32 as u32 as u64,
        Kind::Int | Kind::Float | Kind::Ref => v as u32 as u64,
        Kind::Long | Kind::Double => v,
    }
}

fn set_primitive(t: &mut JThread, a: usize) -> JResult<u64> {
    write(t, a)
}

fn set_reference(t: &mut JThread, a: usize) -> JResult<u64> {
    write(t, a)
}

// ---- objects and calls ----

fn ensure_initialized(t: &mut JThread, a: usize) -> JResult<u64> {
    let c = declaring(t, a);
    t.initialize(c)?;
    Ok(0)
}

/// A new, zeroed instance of the class (the Java side has checked it is instantiable), after
/// initialising it as `new` does.
fn allocate(t: &mut JThread, a: usize) -> JResult<u64> {
    let c = declaring(t, a);
    t.initialize(c)?;
    Ok(t.new_object(c)?.raw() as u64)
}

/// `invokePrimitive` / `invokeReference(Class decl, int index, Object receiver, long[] prims,
/// Object[] refs, boolean virtual)`: calls declared method `index` of `decl`. Its parameters are
/// taken in order from `prims` (primitive parameters, as slot bits) and `refs` (reference
/// parameters); the Java side has checked and converted every argument and the receiver. With
/// `virtual`, the method is selected in the receiver's class (virtual and interface dispatch).
/// The result slot is returned as is; an exception thrown by the callee propagates.
fn invoke(t: &mut JThread, a: usize) -> JResult<u64> {
    let mut method = method_at(t, a);
    if method.is_static() {
        let c = declaring(t, a);
        t.initialize(c)?; // can collect: no reference is read from the slots before this
    }
    // From here to the callee's frame nothing allocates: the raw references read below stay
    // valid, and once copied into the frame they are its roots.
    let receiver = t.arg_ref(a, 2);
    let (prims, refs) = (t.arg_ref(a, 3), t.arg_ref(a, 4));
    if !method.is_static() && t.arg_int(a, 5) != 0 {
        method = select(t, receiver, method);
    }
    let mut args = Vec::with_capacity(method.arg_slots as usize);
    if !method.is_static() {
        args.push(receiver.raw() as u64);
    }
    let mem = &t.vm.heap.memory;
    let (mut p, mut r) = (0usize, 0usize);
    for param in &method.params {
        if param.is_reference() {
            args.push(mem.read_ref(refs.offset() + ARRAY_BASE + 4 * r).raw() as u64);
            r += 1;
        } else {
            let bits = mem.read_u64(prims.offset() + ARRAY_BASE + 8 * p);
            p += 1;
            let kind = crate::model::insn::kind_of(param);
            args.push(narrow(kind, bits));
            if param.slots() == 2 {
                args.push(0);
            }
        }
    }
    t.invoke(method, &args)
}

/// The method a virtual or interface call of `method` on `receiver` runs.
fn select(t: &JThread, receiver: Ref, method: &'static Method) -> &'static Method {
    if method.is_private() || method.name == "<init>" {
        return method;
    }
    let class = t.class_of(receiver);
    match class.itable.get(&method.selector) {
        Some(&slot) => class.vtable[slot as usize],
        None => method,
    }
}

/// The class whose code called into reflection: the innermost frame outside java.lang.reflect,
/// java.lang.Class and this VM class (null if there is none).
fn caller_class(t: &mut JThread, _: usize) -> JResult<u64> {
    let vm = t.vm;
    let caller = t
        .frames
        .iter()
        .rev()
        .map(|f| vm.classes.class(f.method.class_id))
        .find(|c| {
            !c.name.starts_with("java/lang/reflect/")
                && c.name != "java/lang/Class"
                && c.name != "jdk/internal/gcvm/Reflection"
        });
    match caller {
        Some(c) => Ok(t.class_mirror(c)?.raw() as u64),
        None => Ok(0),
    }
}
