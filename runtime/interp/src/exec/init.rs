//! Classes seen from a running thread: loading by name (a linkage error thrown as Java's), class
//! mirrors (java.lang.Class objects), instance checks, and class initialisation (JVMS §5.5).

use crate::model::class::Class;
use crate::model::insn::Kind;
use crate::runtime::thread::*;
use gcvm_gc::Ref;

impl JThread {
    /// Loads a class, turning a linkage failure into a pending Java error.
    pub fn load_class(&mut self, name: &str) -> JResult<&'static Class> {
        self.vm
            .classes
            .load(name)
            .map_err(|e| self.throw_linkage(&e))
    }

    /// The java.lang.Class mirror of `class`, created on first use.
    pub fn class_mirror(&mut self, class: &'static Class) -> JResult<Ref> {
        let m = class.mirror();
        if !m.is_null() {
            return Ok(m);
        }
        let wk = self.vm.classes.wk();
        let mirror = self.new_object(wk.class)?;
        self.vm
            .heap
            .store_u32(mirror, wk.class_id_offset as usize, class.id);
        // One mirror per class, even when threads race to create it (static synchronized
        // methods lock it).
        match class.mirror.compare_exchange(
            0,
            mirror.raw(),
            std::sync::atomic::Ordering::AcqRel,
            std::sync::atomic::Ordering::Acquire,
        ) {
            Ok(_) => Ok(mirror),
            Err(winner) => Ok(Ref::from_raw(winner)),
        }
    }

    /// The class a mirror stands for.
    pub fn class_of_mirror(&self, mirror: Ref) -> &'static Class {
        let id = self
            .vm
            .heap
            .memory
            .read_u32(mirror.offset() + self.vm.classes.wk().class_id_offset as usize);
        self.vm.classes.class(id)
    }

    #[inline]
    pub fn class_of(&self, obj: Ref) -> &'static Class {
        self.vm.classes.class(self.vm.heap.memory.type_id(obj))
    }

    pub fn is_instance(&self, obj: Ref, class: &Class) -> bool {
        self.class_of(obj).is_subclass_of(class, &self.vm.classes)
    }

    /// Initialises `class` (JVMS 5.5): superclass first, then `<clinit>`.
    pub fn initialize(&mut self, class: &'static Class) -> JResult<()> {
        use crate::model::class::InitState;
        if class.init.is_done() {
            return Ok(());
        }
        if let Err(e) = self.vm.classes.link(class) {
            return Err(self.throw_linkage(&e));
        }
        {
            let mut st = class.init.state.lock();
            match st.0 {
                InitState::Done => return Ok(()),
                InitState::InProgress if st.1 == Some(self.id) => return Ok(()),
                InitState::InProgress => {
                    drop(st);
                    let outcome = self.blocking(ThreadState::Waiting, || {
                        let mut st = class.init.state.lock();
                        while st.0 == InitState::InProgress {
                            class.init.cond.wait(&mut st);
                        }
                        st.0
                    });
                    if outcome == InitState::Done {
                        return Ok(());
                    }
                    return Err(self.throw_new(
                        "java/lang/NoClassDefFoundError",
                        Some(&format!("Could not initialize class {}", class.java_name())),
                    ));
                }
                InitState::Failed => {
                    drop(st);
                    return Err(self.throw_new(
                        "java/lang/NoClassDefFoundError",
                        Some(&format!("Could not initialize class {}", class.java_name())),
                    ));
                }
                InitState::Uninitialized => *st = (InitState::InProgress, Some(self.id)),
            }
        }
        let result = self.run_initializers(class);
        let mut st = class.init.state.lock();
        match result {
            Ok(()) => {
                *st = (InitState::Done, None);
                class.init.mark_done();
            }
            Err(_) => *st = (InitState::Failed, None),
        }
        class.init.cond.notify_all();
        result
    }

    fn run_initializers(&mut self, class: &'static Class) -> JResult<()> {
        if let Some(s) = class.super_class {
            self.initialize(s)?;
        }
        if !class.is_interface() {
            for &i in &class.interfaces {
                if i.methods.iter().any(|m| !m.is_static() && !m.is_abstract()) {
                    self.initialize(i)?;
                }
            }
        }
        self.set_string_constant_statics(class)?;
        let Some(clinit) = class.find_declared_method("<clinit>", "()V") else {
            return Ok(());
        };
        if self.invoke(clinit, &[]).is_ok() {
            return Ok(());
        }
        let exc = self.pending;
        let error = self
            .vm
            .classes
            .load("java/lang/Error")
            .expect("classlib has Error");
        if self.is_instance(exc, error) {
            return Err(Throw);
        }
        self.pending = Ref::NULL;
        let h = self.push_handle(exc);
        let eiie = self.load_class("java/lang/ExceptionInInitializerError")?;
        let obj = self.new_object(eiie)?;
        let ctor = eiie
            .find_declared_method("<init>", "(Ljava/lang/Throwable;)V")
            .expect("EIIE(Throwable)");
        let cause = self.handle(h);
        self.truncate_handles(h);
        let h2 = self.push_handle(obj);
        self.invoke(ctor, &[obj.raw() as u64, cause.raw() as u64])?;
        self.pending = self.handle(h2);
        self.truncate_handles(h2);
        Err(Throw)
    }

    fn set_string_constant_statics(&mut self, class: &'static Class) -> JResult<()> {
        let Some(cp) = class.constant_pool.as_ref() else {
            return Ok(());
        };
        for f in class
            .fields
            .iter()
            .filter(|f| f.is_static() && f.kind == Kind::Ref)
        {
            let Some(idx) = f.constant_value else {
                continue;
            };
            if let Ok(crate::classfile::Constant::String { .. }) = cp.get(idx) {
                let utf = cp.string(idx).expect("validated string constant");
                let sc = self.vm.classes.string_const(&utf.utf16);
                let s = self.intern_const(sc)?;
                class.set_static_value(f.offset, s.raw() as u64);
            }
        }
        Ok(())
    }

    // ---- invocation ----
}
