//! Starting the VM and running a program's `main`, with the JDK launcher's behaviour for the
//! usual failures (main class not found, no main method, uncaught exception).

use crate::runtime::thread::{JThread, ThreadState};
use crate::runtime::vm::{Recording, Vm, VmOptions};
use gcvm_gc::Ref;

/// Why a program could not be started: what to print and the exit code.
#[derive(Debug)]
pub struct LaunchError {
    pub message: String,
    pub exit_code: i32,
}

/// Runs `main_class.main(args)`; returns the process exit code.
pub fn run_main(options: VmOptions, main_class: &str, args: &[String]) -> i32 {
    run_main_recording(options, Recording::default(), main_class, args)
}

/// `run_main`, recording what `recording` asks for (the event trace, the heap dump). The
/// recording is finished (complete and readable) whichever way the program ends: here after a
/// normal return, an uncaught exception or an OutOfMemoryError; in `Vm::exit` after
/// System.exit; in `launch::signals::terminated` after SIGINT, SIGTERM or SIGHUP.
pub fn run_main_recording(
    options: VmOptions,
    recording: Recording,
    main_class: &str,
    args: &[String],
) -> i32 {
    let vm = match Vm::with_recording(options, recording) {
        Ok(vm) => vm,
        Err(e) => {
            eprintln!("Error occurred during initialization of VM\n{e}");
            return 1;
        }
    };
    let shared = JThread::create(vm, "main", 1, Ref::NULL, false, None);
    let mut thread = JThread::attach(vm, shared);
    let code = match start(&mut thread, main_class, args) {
        Ok(()) => 0,
        Err(e) => {
            if !e.message.is_empty() {
                vm.write_stderr(e.message.as_bytes());
            }
            e.exit_code
        }
    };
    // The JVM's exit rule: when the last non-daemon thread ends, the shutdown hooks run.
    let me = thread.id;
    thread.blocking(ThreadState::Waiting, || {
        vm.threads.wait_for_non_daemon_threads_except(Some(me))
    });
    crate::library::system::run_shutdown_hooks(&mut thread);
    crate::library::threads::finish(thread);
    vm.threads.wait_for_non_daemon_threads();
    vm.finish_recording(None);
    vm.flush_stdout();
    code
}

fn start(t: &mut JThread, main_class: &str, args: &[String]) -> Result<(), LaunchError> {
    let vm = t.vm;
    boot_thread(t).map_err(|_| uncaught(t))?;
    let name = main_class.replace('.', "/");
    let class = match vm.classes.load(&name) {
        Ok(c) => c,
        Err(e) if e.class == "java/lang/NoClassDefFoundError" && e.message == name => {
            return Err(LaunchError {
                message: format!("Error: Could not find or load main class {main_class}\nCaused by: java.lang.ClassNotFoundException: {main_class}\n"),
                exit_code: 1,
            })
        }
        Err(e) => {
            return Err(LaunchError {
                message: format!("Error: LinkageError occurred while loading main class {main_class}\n\t{}: {}\n", e.class.replace('/', "."), e.message),
                exit_code: 1,
            })
        }
    };
    if let Err(e) = vm.classes.link(class) {
        return Err(LaunchError {
            message: format!(
                "Error: Unable to initialize main class {main_class}\nCaused by: {}: {}\n",
                e.class.replace('/', "."),
                e.message.trim_end()
            ),
            exit_code: 1,
        });
    }
    let main = find_main(class, main_class)?;
    t.initialize(class).map_err(|_| uncaught(t))?;
    let argv = string_array(t, args).map_err(|_| uncaught(t))?;
    t.invoke(main, &[argv.raw() as u64])
        .map_err(|_| uncaught(t))?;
    Ok(())
}

/// The method the JDK launcher would run: the public `main(String[])` of the class or a
/// superclass (Class.getMethod), which must be static and return void.
fn find_main(
    class: &'static crate::model::class::Class,
    main_class: &str,
) -> Result<&'static crate::model::class::Method, LaunchError> {
    let define = "please define the main method as:\n   public static void main(String[] args)";
    let refuse = |problem: &str| LaunchError {
        message: format!("Error: Main method {problem} in class {main_class}, {define}\n"),
        exit_code: 1,
    };
    let public = crate::classfile::access::PUBLIC;
    let mut owner = Some(class);
    let found = loop {
        let Some(c) = owner else { break None };
        let main = c.methods.iter().find(|m| {
            m.name == "main"
                && m.flags & public != 0
                && m.descriptor.starts_with("([Ljava/lang/String;)")
        });
        if main.is_some() {
            break main.copied();
        }
        owner = c.super_class;
    };
    let Some(main) = found else {
        let mut e = refuse("not found");
        e.message += "or a JavaFX application class must extend javafx.application.Application\n";
        return Err(e);
    };
    if !main.is_static() {
        return Err(refuse("is not static"));
    }
    if main.ret.is_some() {
        return Err(refuse("must return a value of type void"));
    }
    Ok(main)
}

/// Classes initialised while the VM starts, as HotSpot does (`create_vm`, `initPhase1`): System
/// (its streams), and the errors the VM itself throws. A program that first needed one when
/// its heap was full would otherwise find it erroneous for the rest of the run (JVMS 5.5: a
/// class whose initialisation failed, with an OutOfMemoryError say, is never initialised).
const INITIALIZED_AT_BOOT: &[&str] = &[
    "java/lang/System",
    "java/lang/OutOfMemoryError",
    "java/lang/StackOverflowError",
    "java/lang/NullPointerException",
    "java/lang/ArithmeticException",
    "java/lang/ArrayIndexOutOfBoundsException",
    "java/lang/ArrayStoreException",
    "java/lang/ClassCastException",
    "java/lang/NegativeArraySizeException",
    "java/lang/IllegalMonitorStateException",
];

/// Creates the main thread's java.lang.Thread, initialises the classes HotSpot initialises at
/// boot and preallocates the OutOfMemoryError.
fn boot_thread(t: &mut JThread) -> crate::runtime::thread::JResult<()> {
    let vm = t.vm;
    let thread_class = t.load_class("java/lang/Thread")?;
    t.initialize(thread_class)?;
    let obj = t.new_object(thread_class)?;
    t.thread_object = obj;
    let name = t.new_string("main")?;
    let set = |t: &mut JThread, field: &str, v: u64| {
        if let Some(f) = thread_class
            .fields
            .iter()
            .find(|f| f.name == field && !f.is_static())
        {
            let holder = t.thread_object;
            crate::exec::interp::write_field(
                &vm.heap,
                &mut t.mutator,
                holder,
                f.offset as usize,
                f.kind,
                v,
            );
        }
    };
    set(t, "name", name.raw() as u64);
    set(t, "priority", 5);
    set(t, "tid", 1);
    for name in INITIALIZED_AT_BOOT {
        let class = t.load_class(name)?;
        t.initialize(class)?;
    }
    // Preallocated, for when the heap is too full to build one (HotSpot's message).
    let oom = t.preallocate_oom()?;
    vm.globals.lock().insert(0, oom);
    Ok(())
}

fn string_array(t: &mut JThread, args: &[String]) -> crate::runtime::thread::JResult<Ref> {
    let string_array = t.load_class("[Ljava/lang/String;")?;
    let arr = t.new_array(string_array, args.len() as i32)?;
    let h = t.push_handle(arr);
    for (i, a) in args.iter().enumerate() {
        let s = t.new_string(a)?;
        let arr = t.handle(h);
        t.store_ref_element(arr, i, s);
    }
    let arr = t.handle(h);
    t.truncate_handles(h);
    Ok(arr)
}

fn uncaught(t: &mut JThread) -> LaunchError {
    let exc = t.take_pending();
    if !exc.is_null() {
        crate::library::exceptions::report_uncaught(t, exc);
    }
    LaunchError {
        message: String::new(),
        exit_code: 1,
    }
}
