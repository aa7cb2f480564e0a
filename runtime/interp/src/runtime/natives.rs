//! The table of native functions: every Rust function that implements a Java `native` method,
//! by the method's `Class.name(descriptor)` key. The class library's side registers them
//! (library/natives.rs) when the VM is made; a method binds to its function on its first call.

use crate::link::classes::ClassTable;
use crate::model::class::{Method, NativeIndex};
use crate::runtime::thread::{JResult, JThread};
use std::collections::HashMap;

/// A native method: the calling thread and the slot of the first argument; returns the result
/// as a slot value (0 for void).
pub type NativeFn = fn(&mut JThread, usize) -> JResult<u64>;

/// The native functions, by key and by index.
pub struct NativeTable {
    functions: Vec<NativeFn>,
    by_key: HashMap<String, NativeIndex>,
}

impl NativeTable {
    /// A table of `functions`: key (`java/lang/Object.hashCode()I`) and function.
    pub fn new(functions: HashMap<String, NativeFn>) -> NativeTable {
        let mut table = NativeTable {
            functions: Vec::with_capacity(functions.len()),
            by_key: HashMap::with_capacity(functions.len()),
        };
        let mut entries: Vec<_> = functions.into_iter().collect();
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        for (key, f) in entries {
            table
                .by_key
                .insert(key, NativeIndex(table.functions.len() as u32));
            table.functions.push(f);
        }
        table
    }

    /// The function bound to `method` (None: gcvm has none), looked up by its class's name in
    /// `classes` on the first call only.
    #[inline]
    pub fn bind(&self, classes: &ClassTable, method: &Method) -> Option<NativeFn> {
        let index = *method.native.get_or_init(|| {
            let class_name = &classes.class(method.class_id).name;
            let key = format!("{class_name}.{}{}", method.name, method.descriptor);
            self.by_key.get(&key).copied()
        });
        index.map(|NativeIndex(i)| self.functions[i as usize])
    }
}
