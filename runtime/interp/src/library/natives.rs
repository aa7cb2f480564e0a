//! Native methods: the VM side of the class library (docs/classlib.md lists them).
//!
//! A native receives its thread and the slot index of its first argument (the receiver, for
//! instance methods). Arguments stay in their slots, which are GC roots for the duration of the
//! call: a native that allocates re-reads its reference arguments afterwards.

use crate::model::class::ClassKind;
use crate::model::insn::Kind;
use crate::runtime::flight::{Monitored, Waiter};
use crate::runtime::natives::NativeFn;
use crate::runtime::thread::{JResult, JThread, ThreadState};
use gcvm_gc::{object::gcword, Ref};
use std::collections::HashMap;

const JAVA_TRUE: u64 = 1;
const JAVA_FALSE: u64 = 0;

fn b(v: bool) -> u64 {
    if v {
        JAVA_TRUE
    } else {
        JAVA_FALSE
    }
}
fn i(v: i32) -> u64 {
    v as u32 as u64
}
fn r(v: Ref) -> u64 {
    v.raw() as u64
}
fn d(v: f64) -> u64 {
    v.to_bits()
}

/// Every native gcvm implements, keyed by `class.name(descriptor)`.
pub fn registry() -> HashMap<String, NativeFn> {
    let mut m: HashMap<String, NativeFn> = HashMap::new();
    let mut add = |key: &str, f: NativeFn| {
        m.insert(key.to_string(), f);
    };
    // java.lang.Object
    add(
        "java/lang/Object.getClass()Ljava/lang/Class;",
        object_get_class,
    );
    add("java/lang/Object.hashCode()I", object_hash_code);
    add("java/lang/Object.clone()Ljava/lang/Object;", object_clone);
    add("java/lang/Object.notify()V", |t, a| {
        object_notify(t, a, false)
    });
    add("java/lang/Object.notifyAll()V", |t, a| {
        object_notify(t, a, true)
    });
    add("java/lang/Object.wait(J)V", object_wait);
    // java.lang.String
    add("java/lang/String.intern()Ljava/lang/String;", string_intern);
    // java.lang.Class
    add(
        "java/lang/Class.getName()Ljava/lang/String;",
        class_get_name,
    );
    add(
        "java/lang/Class.isInstance(Ljava/lang/Object;)Z",
        class_is_instance,
    );
    add(
        "java/lang/Class.isAssignableFrom(Ljava/lang/Class;)Z",
        class_is_assignable_from,
    );
    add("java/lang/Class.isInterface()Z", class_is_interface);
    add("java/lang/Class.isArray()Z", class_is_array);
    add("java/lang/Class.isPrimitive()Z", class_is_primitive);
    add(
        "java/lang/Class.getSuperclass()Ljava/lang/Class;",
        class_get_superclass,
    );
    add(
        "java/lang/Class.getInterfaces0()[Ljava/lang/Class;",
        crate::library::system::class_get_interfaces0,
    );
    add(
        "java/lang/Class.getComponentType()Ljava/lang/Class;",
        class_get_component_type,
    );
    add(
        "java/lang/Class.getPrimitiveClass(Ljava/lang/String;)Ljava/lang/Class;",
        class_get_primitive_class,
    );
    add(
        "java/lang/Class.getEnumConstants0()[Ljava/lang/Object;",
        class_get_enum_constants,
    );
    add(
        "java/lang/Class.forName(Ljava/lang/String;)Ljava/lang/Class;",
        class_for_name,
    );
    add(
        "java/lang/reflect/Array.newArray(Ljava/lang/Class;I)Ljava/lang/Object;",
        reflect_new_array,
    );
    add(
        "java/util/concurrent/atomic/AtomicInteger.compareAndSet(II)Z",
        atomic_int_cas,
    );
    add(
        "java/util/concurrent/atomic/AtomicLong.compareAndSet(JJ)Z",
        atomic_long_cas,
    );
    // java.lang.System and Runtime
    add(
        "java/lang/System.arraycopy(Ljava/lang/Object;ILjava/lang/Object;II)V",
        system_arraycopy,
    );
    add(
        "java/lang/System.currentTimeMillis()J",
        system_current_time_millis,
    );
    add("java/lang/System.nanoTime()J", system_nano_time);
    add(
        "java/lang/System.identityHashCode(Ljava/lang/Object;)I",
        system_identity_hash_code,
    );
    add("java/lang/System.halt0(I)V", crate::library::system::halt0);
    add(
        "java/lang/Runtime.noteShutdownHook()V",
        crate::library::system::note_shutdown_hook,
    );
    add(
        "java/lang/System.getenv0(Ljava/lang/String;)Ljava/lang/String;",
        crate::library::system::getenv0,
    );
    add(
        "java/lang/System.environ0()[Ljava/lang/String;",
        crate::library::system::environ0,
    );
    add(
        "java/lang/System.vmProperty(Ljava/lang/String;)Ljava/lang/String;",
        crate::library::system::vm_property_native,
    );
    add("java/lang/System.gc()V", system_gc);
    add("java/lang/Runtime.freeMemory()J", runtime_free_memory);
    add("java/lang/Runtime.totalMemory()J", runtime_total_memory);
    add("java/lang/Runtime.maxMemory()J", runtime_max_memory);
    add(
        "java/lang/Runtime.availableProcessors()I",
        runtime_available_processors,
    );
    add("java/lang/Runtime.gc()V", runtime_gc);
    // java.lang.ref (refs.rs)
    add(
        "java/lang/ref/Reference.get()Ljava/lang/Object;",
        crate::library::refs::reference_get,
    );
    add(
        "java/lang/ref/Reference.takePending()Ljava/lang/ref/Reference;",
        crate::library::refs::reference_take_pending,
    );
    add(
        "java/lang/ref/SoftReference.clock()J",
        crate::library::refs::soft_reference_clock,
    );
    // numbers
    add("java/lang/Double.doubleToRawLongBits(D)J", |t, a| {
        Ok(t.arg(a, 0))
    });
    add("java/lang/Double.longBitsToDouble(J)D", |t, a| {
        Ok(t.arg(a, 0))
    });
    add("java/lang/Float.floatToRawIntBits(F)I", |t, a| {
        Ok(t.arg(a, 0) as u32 as u64)
    });
    add("java/lang/Float.intBitsToFloat(I)F", |t, a| {
        Ok(t.arg(a, 0) as u32 as u64)
    });
    for (key, f) in crate::library::files::natives() {
        add(&key, f);
    }
    add("jdk/internal/gcvm/VM.write(I[BII)V", vm_write);
    add(
        "jdk/internal/gcvm/VM.read(I[BII)I",
        crate::library::system::vm_read,
    );
    add(
        "jdk/internal/gcvm/VM.doubleToString(D)Ljava/lang/String;",
        |t, a| {
            let s = crate::lang::javafmt::double_to_string(t.arg_double(a, 0));
            Ok(r(t.new_string(&s)?))
        },
    );
    add(
        "jdk/internal/gcvm/VM.floatToString(F)Ljava/lang/String;",
        |t, a| {
            let s = crate::lang::javafmt::float_to_string(t.arg_float(a, 0));
            Ok(r(t.new_string(&s)?))
        },
    );
    add(
        "jdk/internal/gcvm/VM.parseDouble(Ljava/lang/String;)D",
        vm_parse_double,
    );
    add(
        "jdk/internal/gcvm/VM.parseFloat(Ljava/lang/String;)F",
        vm_parse_float,
    );
    add(
        "jdk/internal/gcvm/VM.formatFixed(DI)Ljava/lang/String;",
        |t, a| {
            let s = crate::lang::javafmt::format_fixed(
                t.arg_double(a, 0),
                t.arg_int(a, 2).max(0) as usize,
            );
            Ok(r(t.new_string(&s)?))
        },
    );
    add(
        "jdk/internal/gcvm/VM.formatScientific(DI)Ljava/lang/String;",
        |t, a| {
            let s = crate::lang::javafmt::format_scientific(
                t.arg_double(a, 0),
                t.arg_int(a, 2).max(0) as usize,
            );
            Ok(r(t.new_string(&s)?))
        },
    );
    add(
        "jdk/internal/gcvm/VM.formatGeneral(DI)Ljava/lang/String;",
        |t, a| {
            let s = crate::lang::javafmt::format_general(
                t.arg_double(a, 0),
                t.arg_int(a, 2).max(0) as usize,
            );
            Ok(r(t.new_string(&s)?))
        },
    );
    // java.lang.Math: the functions HotSpot computes with its own x86_64 stubs (math::intel_*).
    add("java/lang/Math.exp(D)D", |t, a| {
        Ok(d(crate::lang::math::intel_exp::exp(t.arg_double(a, 0))))
    });
    add("java/lang/Math.log(D)D", |t, a| {
        Ok(d(crate::lang::math::intel_log::log(t.arg_double(a, 0))))
    });
    add("java/lang/Math.log10(D)D", |t, a| {
        Ok(d(crate::lang::math::intel_log10::log10(t.arg_double(a, 0))))
    });
    add("java/lang/Math.pow(DD)D", |t, a| {
        Ok(d(crate::lang::math::intel_pow::pow(
            t.arg_double(a, 0),
            t.arg_double(a, 2),
        )))
    });
    add("java/lang/Math.sin(D)D", |t, a| {
        Ok(d(crate::lang::math::intel_sin::sin(t.arg_double(a, 0))))
    });
    add("java/lang/Math.cos(D)D", |t, a| {
        Ok(d(crate::lang::math::intel_cos::cos(t.arg_double(a, 0))))
    });
    add("java/lang/Math.tan(D)D", |t, a| {
        Ok(d(crate::lang::math::intel_tan::tan(t.arg_double(a, 0))))
    });
    add("java/lang/Math.fma(DDD)D", |t, a| {
        Ok(d(t
            .arg_double(a, 0)
            .mul_add(t.arg_double(a, 2), t.arg_double(a, 4))))
    });
    // java.lang.StrictMath: fdlibm 5.3, bit for bit (math::fdlibm).
    add("java/lang/StrictMath.sin(D)D", |t, a| {
        Ok(d(crate::lang::math::fdlibm::sin(t.arg_double(a, 0))))
    });
    add("java/lang/StrictMath.cos(D)D", |t, a| {
        Ok(d(crate::lang::math::fdlibm::cos(t.arg_double(a, 0))))
    });
    add("java/lang/StrictMath.tan(D)D", |t, a| {
        Ok(d(crate::lang::math::fdlibm::tan(t.arg_double(a, 0))))
    });
    add("java/lang/StrictMath.asin(D)D", |t, a| {
        Ok(d(crate::lang::math::fdlibm::asin(t.arg_double(a, 0))))
    });
    add("java/lang/StrictMath.acos(D)D", |t, a| {
        Ok(d(crate::lang::math::fdlibm::acos(t.arg_double(a, 0))))
    });
    add("java/lang/StrictMath.atan(D)D", |t, a| {
        Ok(d(crate::lang::math::fdlibm::atan(t.arg_double(a, 0))))
    });
    add("java/lang/StrictMath.exp(D)D", |t, a| {
        Ok(d(crate::lang::math::fdlibm::exp(t.arg_double(a, 0))))
    });
    add("java/lang/StrictMath.log(D)D", |t, a| {
        Ok(d(crate::lang::math::fdlibm::log(t.arg_double(a, 0))))
    });
    add("java/lang/StrictMath.log10(D)D", |t, a| {
        Ok(d(crate::lang::math::fdlibm::log10(t.arg_double(a, 0))))
    });
    add("java/lang/StrictMath.sqrt(D)D", |t, a| {
        Ok(d(t.arg_double(a, 0).sqrt()))
    });
    add("java/lang/StrictMath.cbrt(D)D", |t, a| {
        Ok(d(crate::lang::math::fdlibm::cbrt(t.arg_double(a, 0))))
    });
    add("java/lang/StrictMath.sinh(D)D", |t, a| {
        Ok(d(crate::lang::math::fdlibm::sinh(t.arg_double(a, 0))))
    });
    add("java/lang/StrictMath.cosh(D)D", |t, a| {
        Ok(d(crate::lang::math::fdlibm::cosh(t.arg_double(a, 0))))
    });
    add("java/lang/StrictMath.tanh(D)D", |t, a| {
        Ok(d(crate::lang::math::fdlibm::tanh(t.arg_double(a, 0))))
    });
    add("java/lang/StrictMath.expm1(D)D", |t, a| {
        Ok(d(crate::lang::math::fdlibm::expm1(t.arg_double(a, 0))))
    });
    add("java/lang/StrictMath.log1p(D)D", |t, a| {
        Ok(d(crate::lang::math::fdlibm::log1p(t.arg_double(a, 0))))
    });
    add("java/lang/StrictMath.atan2(DD)D", |t, a| {
        Ok(d(crate::lang::math::fdlibm::atan2(
            t.arg_double(a, 0),
            t.arg_double(a, 2),
        )))
    });
    add("java/lang/StrictMath.hypot(DD)D", |t, a| {
        Ok(d(crate::lang::math::fdlibm::hypot(
            t.arg_double(a, 0),
            t.arg_double(a, 2),
        )))
    });
    add("java/lang/StrictMath.pow(DD)D", |t, a| {
        Ok(d(crate::lang::math::fdlibm::pow(
            t.arg_double(a, 0),
            t.arg_double(a, 2),
        )))
    });
    add("java/lang/StrictMath.IEEEremainder(DD)D", |t, a| {
        Ok(d(crate::lang::math::fdlibm::ieee_remainder(
            t.arg_double(a, 0),
            t.arg_double(a, 2),
        )))
    });
    // java.lang.Throwable
    add(
        "java/lang/Throwable.fillInStackTrace0()V",
        crate::library::exceptions::fill_in_stack_trace,
    );
    add(
        "java/lang/Throwable.getStackTrace0()[Ljava/lang/StackTraceElement;",
        crate::library::exceptions::get_stack_trace,
    );
    add(
        "java/lang/NullPointerException.getExtendedNPEMessage()Ljava/lang/String;",
        crate::library::exceptions::extended_npe_message,
    );
    // java.lang.Thread
    add(
        "java/lang/Thread.currentThread()Ljava/lang/Thread;",
        |t, _| Ok(r(t.thread_object)),
    );
    add("java/lang/Thread.sleep(J)V", thread_sleep);
    add("java/lang/Thread.yield()V", |t, _| {
        t.blocking(ThreadState::Native, std::thread::yield_now);
        Ok(0)
    });
    add(
        "java/lang/Thread.start0()V",
        crate::library::threads::start0,
    );
    add(
        "java/lang/Thread.getStackTrace0()[Ljava/lang/StackTraceElement;",
        crate::library::exceptions::thread_stack_trace,
    );
    add(
        "java/lang/Thread.isAlive()Z",
        crate::library::threads::is_alive,
    );
    add(
        "java/lang/Thread.isInterrupted0(Z)Z",
        crate::library::threads::is_interrupted0,
    );
    add(
        "java/lang/Thread.interrupt0()V",
        crate::library::threads::interrupt0,
    );
    add(
        "java/util/concurrent/locks/LockSupport.park0(ZJ)V",
        crate::library::threads::park0,
    );
    add(
        "java/util/concurrent/locks/LockSupport.unpark0(Ljava/lang/Thread;)V",
        crate::library::threads::unpark0,
    );
    // jdk.internal.gcvm.Reflection (reflect.rs)
    for (key, f) in crate::library::reflect::natives() {
        add(&key, f);
    }
    m
}

// ---- Object ----

fn object_get_class(t: &mut JThread, a: usize) -> JResult<u64> {
    let class = t.class_of(t.arg_ref(a, 0));
    Ok(r(t.class_mirror(class)?))
}

/// The identity hash of `obj`, assigning one on first request.
pub fn identity_hash(t: &JThread, obj: Ref) -> i32 {
    let word = t.vm.heap.header_word(obj);
    loop {
        let w = word.load(std::sync::atomic::Ordering::Relaxed);
        if let Some(h) = gcword::identity_hash(w) {
            return h;
        }
        let h = t.vm.next_identity_hash();
        let new = gcword::with_identity_hash(w, h);
        if word
            .compare_exchange(
                w,
                new,
                std::sync::atomic::Ordering::Relaxed,
                std::sync::atomic::Ordering::Relaxed,
            )
            .is_ok()
        {
            return h;
        }
    }
}

fn object_hash_code(t: &mut JThread, a: usize) -> JResult<u64> {
    Ok(i(identity_hash(t, t.arg_ref(a, 0))))
}

/// Copies `from`'s body (bytes `first..size`) into its fresh clone `to`, with barriers.
fn clone_body(t: &mut JThread, from: Ref, to: Ref, first: usize, size: usize) {
    let vm = t.vm;
    vm.heap.clone_body(&mut t.mutator, from, to, first, size);
}

fn object_clone(t: &mut JThread, a: usize) -> JResult<u64> {
    let class = t.class_of(t.arg_ref(a, 0));
    let copy = match class.kind {
        ClassKind::Array { elem, .. } => {
            let len = t.vm.heap.memory.array_length(t.arg_ref(a, 0));
            let copy = t.new_array(class, len as i32)?;
            let size = gcvm_gc::object::array_size(elem.elem(), len as usize);
            clone_body(t, t.arg_ref(a, 0), copy, gcvm_gc::object::ARRAY_BASE, size);
            copy
        }
        _ => {
            let cloneable = t.load_class("java/lang/Cloneable")?;
            if !class.is_subclass_of(cloneable, &t.vm.classes) {
                return Err(t.throw_new(
                    "java/lang/CloneNotSupportedException",
                    Some(&class.java_name()),
                ));
            }
            let copy = t.new_object(class)?;
            let first = gcvm_gc::object::FIRST_FIELD_OFFSET;
            clone_body(
                t,
                t.arg_ref(a, 0),
                copy,
                first,
                class.instance_size as usize,
            );
            copy
        }
    };
    Ok(r(copy))
}

fn illegal_monitor_state(t: &mut JThread) -> crate::runtime::thread::Throw {
    t.throw_new(
        "java/lang/IllegalMonitorStateException",
        Some("current thread is not owner"),
    )
}

fn object_notify(t: &mut JThread, a: usize, all: bool) -> JResult<u64> {
    let obj = t.arg_ref(a, 0);
    match t.vm.monitors.existing(&t.vm.heap, obj) {
        Some(m) if m.notify(t.id, all) => Ok(0),
        _ => Err(illegal_monitor_state(t)),
    }
}

/// Object.wait(millis): 0 waits until notified. The wait runs in a safe region.
fn object_wait(t: &mut JThread, a: usize) -> JResult<u64> {
    let (obj, millis) = (t.arg_ref(a, 0), t.arg_long(a, 1));
    if millis < 0 {
        return Err(t.throw_new(
            "java/lang/IllegalArgumentException",
            Some("timeout value is negative"),
        ));
    }
    let monitor = match t.vm.monitors.existing(&t.vm.heap, obj) {
        Some(m) if m.is_owned_by(t.id) => m,
        _ => return Err(illegal_monitor_state(t)),
    };
    if t.shared
        .interrupted
        .swap(false, std::sync::atomic::Ordering::AcqRel)
    {
        return Err(t.throw_new("java/lang/InterruptedException", None));
    }
    *t.shared.waiting_on.lock() = Some(monitor.clone());
    let shared = t.shared.clone();
    let me = t.id;
    let timeout = (millis > 0).then(|| std::time::Duration::from_millis(millis as u64));
    t.vm.flush_stdout();
    // Read before waiting: a collection while this thread waits may move `obj`.
    let what = t.vm.recorder.jfr.as_ref().map(|_| Monitored::of(t.vm, obj));
    let start = std::time::Instant::now();
    let (_, notifier) = t.blocking(ThreadState::Waiting, || {
        monitor.wait_noting_notifier(me, timeout, &|| {
            shared
                .interrupted
                .load(std::sync::atomic::Ordering::Acquire)
        })
    });
    if let (Some(jfr), Some(what)) = (&t.vm.recorder.jfr, what) {
        let waited = start.elapsed();
        if jfr.above_threshold(waited) {
            let thread = Waiter::of(t);
            jfr.monitor_wait(&thread, start, waited, &what, notifier, millis);
        }
    }
    *t.shared.waiting_on.lock() = None;
    if t.shared
        .interrupted
        .swap(false, std::sync::atomic::Ordering::AcqRel)
    {
        return Err(t.throw_new("java/lang/InterruptedException", None));
    }
    Ok(0)
}

// ---- String ----

fn string_intern(t: &mut JThread, a: usize) -> JResult<u64> {
    let chars = t.string_chars(t.arg_ref(a, 0));
    let sc = t.vm.classes.string_const(&chars);
    let current = Ref::from_raw(sc.value.load(std::sync::atomic::Ordering::Acquire));
    if !current.is_null() {
        return Ok(r(current));
    }
    let s = t.arg_ref(a, 0);
    match sc.value.compare_exchange(
        0,
        s.raw(),
        std::sync::atomic::Ordering::AcqRel,
        std::sync::atomic::Ordering::Acquire,
    ) {
        Ok(_) => Ok(r(s)),
        Err(winner) => Ok(winner as u64),
    }
}

// ---- Class ----

fn mirror_class(t: &JThread, a: usize, i: usize) -> &'static crate::model::class::Class {
    t.class_of_mirror(t.arg_ref(a, i))
}

fn class_get_name(t: &mut JThread, a: usize) -> JResult<u64> {
    let name = mirror_class(t, a, 0).java_name();
    Ok(r(t.new_string(&name)?))
}

fn class_is_instance(t: &mut JThread, a: usize) -> JResult<u64> {
    let obj = t.arg_ref(a, 1);
    Ok(b(
        !obj.is_null() && t.is_instance(obj, mirror_class(t, a, 0))
    ))
}

fn class_is_assignable_from(t: &mut JThread, a: usize) -> JResult<u64> {
    if t.arg_ref(a, 1).is_null() {
        return Err(t.throw_npe());
    }
    let (this, other) = (mirror_class(t, a, 0), mirror_class(t, a, 1));
    Ok(b(other.is_subclass_of(this, &t.vm.classes)))
}

fn class_is_interface(t: &mut JThread, a: usize) -> JResult<u64> {
    let c = mirror_class(t, a, 0);
    Ok(b(
        c.is_interface() && !matches!(c.kind, ClassKind::Primitive(_))
    ))
}

fn class_is_array(t: &mut JThread, a: usize) -> JResult<u64> {
    Ok(b(mirror_class(t, a, 0).is_array()))
}

fn class_is_primitive(t: &mut JThread, a: usize) -> JResult<u64> {
    Ok(b(matches!(
        mirror_class(t, a, 0).kind,
        ClassKind::Primitive(_)
    )))
}

fn class_get_superclass(t: &mut JThread, a: usize) -> JResult<u64> {
    let c = mirror_class(t, a, 0);
    match c.super_class {
        Some(s) if !c.is_interface() => Ok(r(t.class_mirror(s)?)),
        _ => Ok(0),
    }
}

fn class_get_component_type(t: &mut JThread, a: usize) -> JResult<u64> {
    match mirror_class(t, a, 0).kind {
        ClassKind::Array { component, .. } => {
            let c = t.vm.classes.class(component);
            Ok(r(t.class_mirror(c)?))
        }
        _ => Ok(0),
    }
}

fn class_get_primitive_class(t: &mut JThread, a: usize) -> JResult<u64> {
    let name = t.rust_string(t.arg_ref(a, 0));
    match t.vm.classes.find_loaded(&name) {
        Some(c) if matches!(c.kind, ClassKind::Primitive(_)) => Ok(r(t.class_mirror(c)?)),
        _ => Err(t.throw_new(
            "java/lang/IllegalArgumentException",
            Some(&format!("unknown primitive type {name}")),
        )),
    }
}

fn class_get_enum_constants(t: &mut JThread, a: usize) -> JResult<u64> {
    let c = mirror_class(t, a, 0);
    let desc = format!("()[L{};", c.name);
    let Some(values) = c.find_declared_method("values", &desc) else {
        return Ok(0);
    };
    t.initialize(c)?;
    t.invoke(values, &[])
}

fn class_for_name(t: &mut JThread, a: usize) -> JResult<u64> {
    let name_ref = t.arg_ref(a, 0);
    if name_ref.is_null() {
        return Err(t.throw_npe());
    }
    let name = t.rust_string(name_ref);
    let internal = name.replace('.', "/");
    match t.vm.classes.load(&internal) {
        Ok(c) => {
            t.initialize(c)?;
            Ok(r(t.class_mirror(c)?))
        }
        // Not found is ClassNotFoundException; a class found but malformed, or one whose
        // superclass is missing, throws its LinkageError, as in HotSpot.
        Err(e) if e.class == "java/lang/NoClassDefFoundError" && e.message == internal => {
            Err(t.throw_new("java/lang/ClassNotFoundException", Some(&name)))
        }
        Err(e) => Err(t.throw_linkage(&e)),
    }
}

fn reflect_new_array(t: &mut JThread, a: usize) -> JResult<u64> {
    let component_mirror = t.arg_ref(a, 0);
    if component_mirror.is_null() {
        return Err(t.throw_npe());
    }
    let component = t.class_of_mirror(component_mirror);
    if component.name == "void" {
        return Err(t.throw_new(
            "java/lang/IllegalArgumentException",
            Some("Cannot create an array of void"),
        ));
    }
    let array_class =
        t.vm.classes
            .array_class_of(component)
            .map_err(|e| t.throw_linkage(&e))?;
    Ok(r(t.new_array(array_class, t.arg_int(a, 1))?))
}

/// The byte offset of instance field `value` in the receiver's class (or a superclass).
fn value_field_offset(t: &JThread, obj: Ref) -> usize {
    let mut c = Some(t.class_of(obj));
    while let Some(k) = c {
        if let Some(f) = k
            .fields
            .iter()
            .find(|f| f.name == "value" && !f.is_static())
        {
            return f.offset as usize;
        }
        c = k.super_class;
    }
    panic!("atomic class without a value field")
}

fn atomic_int_cas(t: &mut JThread, a: usize) -> JResult<u64> {
    let this = t.arg_ref(a, 0);
    let cell =
        t.vm.heap
            .atomic_u32_field(this, value_field_offset(t, this));
    let (expect, update) = (t.arg_int(a, 1) as u32, t.arg_int(a, 2) as u32);
    Ok(b(cell
        .compare_exchange(
            expect,
            update,
            std::sync::atomic::Ordering::SeqCst,
            std::sync::atomic::Ordering::SeqCst,
        )
        .is_ok()))
}

fn atomic_long_cas(t: &mut JThread, a: usize) -> JResult<u64> {
    let this = t.arg_ref(a, 0);
    let cell =
        t.vm.heap
            .atomic_u64_field(this, value_field_offset(t, this));
    let (expect, update) = (t.arg_long(a, 1) as u64, t.arg_long(a, 3) as u64);
    Ok(b(cell
        .compare_exchange(
            expect,
            update,
            std::sync::atomic::Ordering::SeqCst,
            std::sync::atomic::Ordering::SeqCst,
        )
        .is_ok()))
}

// ---- System ----

fn array_kind(t: &JThread, arr: Ref) -> Option<(Kind, u32)> {
    match t.class_of(arr).kind {
        ClassKind::Array {
            elem, component, ..
        } => Some((elem, component)),
        _ => None,
    }
}

fn type_name(t: &JThread, arr: Ref) -> String {
    let c = t.class_of(arr);
    match c.kind {
        ClassKind::Array {
            elem: Kind::Ref,
            component,
            ..
        } => format!(
            "object array[{}]",
            t.vm.classes.class(component).java_name()
        )
        .replace("object array", "object array"),
        ClassKind::Array { elem, .. } => format!("{}[]", crate::model::insn::primitive_name(elem)),
        _ => c.java_name(),
    }
}

fn system_arraycopy(t: &mut JThread, a: usize) -> JResult<u64> {
    let (src, src_pos, dst, dst_pos, len) = (
        t.arg_ref(a, 0),
        t.arg_int(a, 1),
        t.arg_ref(a, 2),
        t.arg_int(a, 3),
        t.arg_int(a, 4),
    );
    if src.is_null() || dst.is_null() {
        return Err(t.throw_npe());
    }
    let Some((sk, scomp)) = array_kind(t, src) else {
        let msg = format!(
            "arraycopy: source type {} is not an array",
            t.class_of(src).java_name()
        );
        return Err(t.throw_new("java/lang/ArrayStoreException", Some(&msg)));
    };
    let Some((dk, dcomp)) = array_kind(t, dst) else {
        let msg = format!(
            "arraycopy: destination type {} is not an array",
            t.class_of(dst).java_name()
        );
        return Err(t.throw_new("java/lang/ArrayStoreException", Some(&msg)));
    };
    if sk != dk {
        let msg = format!(
            "arraycopy: type mismatch: can not copy {} into {}",
            type_name(t, src),
            type_name(t, dst)
        );
        return Err(t.throw_new("java/lang/ArrayStoreException", Some(&msg)));
    }
    let mem = &t.vm.heap.memory;
    let (slen, dlen) = (mem.array_length(src) as i64, mem.array_length(dst) as i64);
    let bounds = |what: &str, pos: i32, alen: i64, arr: Ref, t: &JThread| -> Option<String> {
        if pos < 0 {
            Some(format!(
                "arraycopy: {what} index {pos} out of bounds for {}",
                bounded_name(t, arr, alen)
            ))
        } else if pos as i64 + len as i64 > alen {
            Some(format!(
                "arraycopy: last {what} index {} out of bounds for {}",
                pos as i64 + len as i64,
                bounded_name(t, arr, alen)
            ))
        } else {
            None
        }
    };
    if len < 0 {
        return Err(t.throw_new(
            "java/lang/ArrayIndexOutOfBoundsException",
            Some(&format!("arraycopy: length {len} is negative")),
        ));
    }
    if let Some(msg) = bounds("source", src_pos, slen, src, t)
        .or_else(|| bounds("destination", dst_pos, dlen, dst, t))
    {
        return Err(t.throw_new("java/lang/ArrayIndexOutOfBoundsException", Some(&msg)));
    }
    let vm = t.vm;
    let (src_pos, dst_pos, len) = (src_pos as usize, dst_pos as usize, len as usize);
    if sk != Kind::Ref {
        vm.heap
            .copy_primitive_elements(src, src_pos, dst, dst_pos, len, sk.size());
        return Ok(0);
    }
    if vm
        .classes
        .class(scomp)
        .is_subclass_of(vm.classes.class(dcomp), &vm.classes)
    {
        vm.heap
            .copy_ref_elements(&mut t.mutator, src, src_pos, dst, dst_pos, len);
        return Ok(0);
    }
    // Element by element, each checked: the elements before a mismatch are stored, as in Java.
    let target = vm.classes.class(dcomp);
    for k in 0..len {
        let v = mem.read_ref(src.offset() + 16 + 4 * (src_pos + k));
        if !v.is_null() && !t.class_of(v).is_subclass_of(target, &t.vm.classes) {
            let msg = format!(
                "arraycopy: element type mismatch: can not cast one of the elements of {} to the type of the destination array, {}",
                type_name(t, src),
                target.java_name()
            );
            return Err(t.throw_new("java/lang/ArrayStoreException", Some(&msg)));
        }
        t.store_ref_element(dst, dst_pos + k, v);
    }
    Ok(0)
}

fn bounded_name(t: &JThread, arr: Ref, len: i64) -> String {
    match t.class_of(arr).kind {
        ClassKind::Array {
            elem: Kind::Ref,
            component,
            ..
        } => format!("object array[{len}]")
            .replace(
                "object array",
                &t.vm.classes.class(component).java_name().to_string(),
            )
            .to_string(),
        ClassKind::Array { elem, .. } => {
            format!("{}[{len}]", crate::model::insn::primitive_name(elem))
        }
        _ => String::new(),
    }
}

fn system_current_time_millis(_: &mut JThread, _: usize) -> JResult<u64> {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    Ok(now.as_millis() as u64)
}

fn system_nano_time(t: &mut JThread, _: usize) -> JResult<u64> {
    Ok(t.vm.start.elapsed().as_nanos() as u64)
}

fn system_identity_hash_code(t: &mut JThread, a: usize) -> JResult<u64> {
    let obj = t.arg_ref(a, 0);
    Ok(if obj.is_null() {
        0
    } else {
        i(identity_hash(t, obj))
    })
}

fn system_gc(t: &mut JThread, _: usize) -> JResult<u64> {
    t.collect(gcvm_gc::GcCause::SystemGc);
    crate::library::refs::wait_until_enqueued(t);
    Ok(0)
}

fn runtime_free_memory(t: &mut JThread, _: usize) -> JResult<u64> {
    let heap = &t.vm.heap;
    Ok(heap.capacity().saturating_sub(heap.used()) as u64)
}

fn runtime_total_memory(t: &mut JThread, _: usize) -> JResult<u64> {
    Ok(t.vm.heap.capacity() as u64)
}

fn runtime_max_memory(t: &mut JThread, _: usize) -> JResult<u64> {
    Ok(t.vm.heap.max_capacity() as u64)
}

fn runtime_available_processors(_: &mut JThread, _: usize) -> JResult<u64> {
    Ok(i(std::thread::available_parallelism()
        .map(|n| n.get() as i32)
        .unwrap_or(1)))
}

fn runtime_gc(t: &mut JThread, _: usize) -> JResult<u64> {
    system_gc(t, 0)
}

// ---- VM internals ----

/// Throws what `System.arraycopy` would for a byte range outside `arr`: NullPointerException,
/// or IndexOutOfBoundsException with the JDK's `Range [off, off + len) out of bounds` message.
pub(crate) fn check_byte_range(t: &mut JThread, arr: Ref, off: i32, len: i32) -> JResult<()> {
    if arr.is_null() {
        return Err(t.throw_npe());
    }
    let alen = t.vm.heap.memory.array_length(arr) as i64;
    if off < 0 || len < 0 || off as i64 + len as i64 > alen {
        return Err(t.throw_new(
            "java/lang/IndexOutOfBoundsException",
            Some(&format!(
                "Range [{off}, {off} + {len}) out of bounds for length {alen}"
            )),
        ));
    }
    Ok(())
}

/// Copies `bytes` into the Java byte array `arr` from index `off` (the range already checked).
pub(crate) fn store_into_byte_array(t: &JThread, arr: Ref, off: i32, bytes: &[u8]) {
    for (i, &byte) in bytes.iter().enumerate() {
        let at = gcvm_gc::object::ARRAY_BASE + off as usize + i;
        t.vm.heap.store_u8(arr, at, byte);
    }
}

fn vm_write(t: &mut JThread, a: usize) -> JResult<u64> {
    let (fd, arr, off, len) = (
        t.arg_int(a, 0),
        t.arg_ref(a, 1),
        t.arg_int(a, 2),
        t.arg_int(a, 3),
    );
    check_byte_range(t, arr, off, len)?;
    let mut bytes = vec![0u8; len as usize];
    t.vm.heap
        .memory
        .read_bytes(arr.offset() + 16 + off as usize, &mut bytes);
    if fd == 2 {
        t.vm.write_stderr(&bytes);
    } else {
        t.vm.write_stdout(&bytes);
    }
    Ok(0)
}

fn number_format(t: &mut JThread, s: Ref) -> crate::runtime::thread::Throw {
    if s.is_null() {
        return t.throw_npe();
    }
    let text = t.rust_string(s);
    let msg = if text.trim().is_empty() {
        "empty String".to_string()
    } else {
        format!("For input string: \"{text}\"")
    };
    t.throw_new("java/lang/NumberFormatException", Some(&msg))
}

fn vm_parse_double(t: &mut JThread, a: usize) -> JResult<u64> {
    let s = t.arg_ref(a, 0);
    if s.is_null() {
        return Err(t.throw_npe());
    }
    match crate::lang::javafmt::parse_double(&t.rust_string(s)) {
        Some(v) => Ok(d(v)),
        None => Err(number_format(t, s)),
    }
}

fn vm_parse_float(t: &mut JThread, a: usize) -> JResult<u64> {
    let s = t.arg_ref(a, 0);
    if s.is_null() {
        return Err(t.throw_npe());
    }
    match crate::lang::javafmt::parse_float(&t.rust_string(s)) {
        Some(v) => Ok(v.to_bits() as u64),
        None => Err(number_format(t, s)),
    }
}

// ---- Thread ----

fn thread_sleep(t: &mut JThread, a: usize) -> JResult<u64> {
    let millis = t.arg_long(a, 0);
    if millis < 0 {
        return Err(t.throw_new(
            "java/lang/IllegalArgumentException",
            Some("timeout value is negative"),
        ));
    }
    t.vm.flush_stdout();
    let shared = t.shared.clone();
    let start = std::time::Instant::now();
    let deadline = start + std::time::Duration::from_millis(millis as u64);
    t.blocking(ThreadState::Sleeping, || {
        let mut guard = shared.park.lock();
        while !shared
            .interrupted
            .load(std::sync::atomic::Ordering::Acquire)
            && std::time::Instant::now() < deadline
        {
            shared.park_cond.wait_until(&mut guard, deadline);
        }
    });
    if let Some(jfr) = &t.vm.recorder.jfr {
        let slept = start.elapsed();
        if jfr.above_threshold(slept) {
            let thread = Waiter::of(t);
            jfr.sleep(&thread, start, slept, millis);
        }
    }
    if t.shared
        .interrupted
        .swap(false, std::sync::atomic::Ordering::AcqRel)
    {
        return Err(t.throw_new("java/lang/InterruptedException", Some("sleep interrupted")));
    }
    Ok(0)
}
