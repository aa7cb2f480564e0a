//! How the analyses name things: collection kinds, threads, and an object's group under each
//! classifier (`Keys`).

use crate::boundary::GroupBy;
use crate::heap::{HeapModel, ObjectView};
use crate::reader::{self, Space, Symbols};
use gcvm_tracer::format;
use gcvm_tracer::GcKind;
use std::collections::HashMap;

pub fn kind_label(k: GcKind) -> &'static str {
    match k {
        GcKind::Minor => "minor",
        GcKind::Major => "major",
        GcKind::Marking => "marking",
    }
}

pub fn thread_label(id: u32, names: &HashMap<u32, String>) -> String {
    if id == format::GLOBAL_THREAD {
        return "global".into();
    }
    if reader::is_gc_thread(id) {
        return format!("gc-{}", id - format::GC_THREAD_BASE);
    }
    match names.get(&id) {
        Some(n) if !n.is_empty() => format!("{id} ({n})"),
        _ => id.to_string(),
    }
}

/// The thread names a model has seen, by thread id.
pub fn thread_names(model: &HeapModel) -> HashMap<u32, String> {
    model
        .threads()
        .map(|(id, n, _)| (id, n.to_string()))
        .collect()
}

/// Names an object's group under one classifier; the sort key orders ages numerically.
pub struct Keys {
    spaces: Vec<Space>,
    names: HashMap<u32, String>,
}

impl Keys {
    pub fn new(model: &HeapModel) -> Keys {
        let mut spaces: Vec<Space> = model.spaces().cloned().collect();
        spaces.sort_by_key(|s| s.start);
        Keys {
            spaces,
            names: thread_names(model),
        }
    }
    /// The space holding `addr`, if any.
    pub fn space(&self, addr: u64) -> Option<&Space> {
        let i = self.spaces.partition_point(|s| s.start <= addr);
        (i > 0 && addr < self.spaces[i - 1].end).then(|| &self.spaces[i - 1])
    }
    /// `name (kind)` of the space holding `addr`, `-` outside every space.
    pub fn space_label(&self, addr: u64) -> String {
        self.space(addr)
            .map_or("-".into(), |s| format!("{} ({})", s.name, s.kind.label()))
    }
    pub fn key(&self, g: GroupBy, sy: &Symbols, o: &ObjectView<'_>) -> (u64, String) {
        match g {
            GroupBy::Type => (0, sy.type_name(o.desc.type_id)),
            GroupBy::Site => (0, sy.site_label(o.desc.site)),
            GroupBy::Thread => (0, thread_label(o.desc.thread, &self.names)),
            GroupBy::Space => (0, self.space_label(o.addr)),
            GroupBy::Age => (o.age as u64, format!("age {}", o.age)),
            GroupBy::Objects => (o.addr, format!("{:#x}", o.addr)),
        }
    }
}
