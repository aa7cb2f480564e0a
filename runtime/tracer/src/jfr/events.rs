//! The events of one happening (a pause, a safepoint, an allocation...) as a recording holds
//! them, built from plain numbers: what the running VM (`gcvm run --jfr`) and the trace exporter
//! (`gcvm export --jfr`) both write, so a live recording and one made from a trace agree.

use super::{JfrWriter, Key, ThreadInfo, Ticks, Value};
use crate::GcKind;

/// The trace id of the VM's own thread in recordings (pauses, safepoints): above any Java
/// thread id.
pub const VM_THREAD_ID: u64 = 1 << 48;

/// One collection's pause.
pub struct Pause<'a> {
    pub gc_id: u32,
    /// The collector's name (`semispace`, `region`...).
    pub collector: &'a str,
    pub kind: GcKind,
    pub cause: &'a str,
    /// The GC log's name for the pause when it is not a plain young or full one
    /// (`Pause Remark`, `Pause Young (Mixed) (G1 Evacuation Pause)`).
    pub pause_name: Option<&'a str>,
    pub start: Ticks,
    pub duration: Ticks,
    pub used_before: u64,
    pub used_after: u64,
    pub committed_before: u64,
    pub committed_after: u64,
    pub reserved: u64,
    /// Parallel phases: name, first worker start, last worker end.
    pub phases: &'a [(String, Ticks, Ticks)],
    /// References discovered, per kind: soft, weak, final, phantom.
    pub references: Option<[u64; 4]>,
}

/// A safepoint.
pub struct Safepoint<'a> {
    pub id: u64,
    pub requested: Ticks,
    pub all_arrived: Ticks,
    pub ended: Ticks,
    pub threads: usize,
    /// Per stopped thread: its Java id and name, and when it arrived.
    pub arrivals: &'a [(ThreadInfo, Ticks)],
}

/// A collector's name as recordings and the GC log's `Using` line show it: `region` is
/// `Region`, `mark-compact` `Mark-Compact`.
pub fn display_name(collector: &str) -> String {
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

/// The `jdk.types.GCName` of a collection of kind `kind` by `collector`: `Region Young`,
/// `Semispace Full`, `Concurrent-Mark-Sweep Concurrent` (a pause of a concurrent cycle).
pub fn gc_name(collector: &str, kind: GcKind) -> String {
    let display = display_name(collector);
    match kind {
        GcKind::Minor => format!("{display} Young"),
        GcKind::Major => format!("{display} Full"),
        GcKind::Marking => format!("{display} Concurrent"),
    }
}

/// G1's young-collection types, from the pause's name in the GC log.
fn g1_young_type(pause_name: &str) -> &'static str {
    if pause_name.contains("(Mixed)") {
        "Mixed"
    } else if pause_name.contains("(Concurrent Start)") {
        "Concurrent Start"
    } else {
        "Normal"
    }
}

const REFERENCE_TYPES: [&str; 4] = [
    "Soft reference",
    "Weak reference",
    "Final reference",
    "Phantom reference",
];

impl JfrWriter {
    fn vm_thread_key(&mut self) -> Key {
        self.vm_thread(VM_THREAD_ID, "VM Thread")
    }

    /// Every event of one pause, in HotSpot's order: heap summary before, phases, reference
    /// statistics, heap summary after, the pause phase, the collection and its kind's event.
    pub fn pause(&mut self, p: &Pause) {
        let id = p.gc_id as i32;
        let end = p.start + p.duration;
        self.heap_summary(
            p.start,
            id,
            "Before GC",
            p.used_before,
            p.committed_before,
            p.reserved,
        );
        let vm = self.vm_thread_key();
        for (phase, from, to) in p.phases {
            self.event(
                "jdk.GCPhasePauseLevel1",
                &[
                    Value::Long(*from),
                    Value::Long(to - from),
                    Value::Ref(vm),
                    Value::Int(id),
                    Value::Str(phase),
                ],
            );
        }
        if let Some(discovered) = p.references {
            for (kind, count) in REFERENCE_TYPES.iter().zip(discovered) {
                let ty = self.name("jdk.types.ReferenceType", kind);
                self.event(
                    "jdk.GCReferenceStatistics",
                    &[
                        Value::Long(end),
                        Value::Int(id),
                        Value::Ref(ty),
                        Value::Long(count as i64),
                    ],
                );
            }
        }
        self.heap_summary(
            end,
            id,
            "After GC",
            p.used_after,
            p.committed_after,
            p.reserved,
        );
        let phase_name = match (p.kind, p.pause_name) {
            (GcKind::Marking, Some(name)) => name,
            _ => "GC Pause",
        };
        let (start, d) = (Value::Long(p.start), Value::Long(p.duration));
        self.event(
            "jdk.GCPhasePause",
            &[
                start,
                d,
                Value::Ref(vm),
                Value::Int(id),
                Value::Str(phase_name),
            ],
        );
        let name = self.name("jdk.types.GCName", &gc_name(p.collector, p.kind));
        let cause = self.name("jdk.types.GCCause", p.cause);
        self.event(
            "jdk.GarbageCollection",
            &[
                start,
                d,
                Value::Int(id),
                Value::Ref(name),
                Value::Ref(cause),
                d,
                d,
            ],
        );
        match p.kind {
            GcKind::Minor => {
                self.event(
                    "jdk.YoungGarbageCollection",
                    &[start, d, Value::Int(id), Value::Int(0)],
                );
                if p.collector == "region" {
                    let ty = g1_young_type(p.pause_name.unwrap_or(""));
                    let ty = self.name("jdk.types.G1YCType", ty);
                    self.event(
                        "jdk.G1GarbageCollection",
                        &[start, d, Value::Int(id), Value::Ref(ty)],
                    );
                }
            }
            GcKind::Major => self.event("jdk.OldGarbageCollection", &[start, d, Value::Int(id)]),
            GcKind::Marking => {}
        }
    }

    fn heap_summary(
        &mut self,
        at: Ticks,
        id: i32,
        when: &str,
        used: u64,
        committed: u64,
        reserved: u64,
    ) {
        let when = self.name("jdk.types.GCWhen", when);
        let (committed, reserved) = (committed as i64, reserved as i64);
        let space = [
            Value::Long(0),
            Value::Long(committed),
            Value::Long(committed),
            Value::Long(reserved),
            Value::Long(reserved),
        ];
        self.event(
            "jdk.GCHeapSummary",
            &[
                Value::Long(at),
                Value::Int(id),
                Value::Ref(when),
                Value::Inline(&space),
                Value::Long(used as i64),
            ],
        );
    }

    /// A safepoint: its begin (from the request until every thread arrived), each thread's
    /// time to reach it (`gcvm.TimeToSafepoint`), and its end.
    pub fn safepoint(&mut self, s: &Safepoint) {
        let vm = self.vm_thread_key();
        let id = Value::Long(s.id as i64);
        self.event(
            "jdk.SafepointBegin",
            &[
                Value::Long(s.requested),
                Value::Long(s.all_arrived - s.requested),
                Value::Ref(vm),
                id,
                Value::Int(s.threads as i32),
                Value::Int(0),
            ],
        );
        for (thread, at) in s.arrivals {
            let t = self.thread(thread);
            let at = (*at).max(s.requested);
            self.event(
                "gcvm.TimeToSafepoint",
                &[
                    Value::Long(s.requested),
                    Value::Long(at - s.requested),
                    Value::Ref(t),
                    id,
                ],
            );
        }
        self.event(
            "jdk.SafepointEnd",
            &[Value::Long(s.ended), Value::Long(0), Value::Ref(vm), id],
        );
    }

    /// The heap's spaces after a collection, per kind (`gcvm.SpaceSummary`): how many spaces
    /// have each role (eden, survivor, old, humongous, free regions; from and to halves) and
    /// the bytes they span.
    pub fn space_summary(&mut self, at: Ticks, gc_id: u32, spaces: &[crate::SpaceDesc]) {
        let mut kinds: Vec<(&'static str, i32, i64)> = Vec::new();
        for s in spaces {
            let label = s.kind.label();
            let bytes = (s.end - s.start) as i64;
            match kinds.iter_mut().find(|(k, _, _)| *k == label) {
                Some(k) => {
                    k.1 += 1;
                    k.2 += bytes;
                }
                None => kinds.push((label, 1, bytes)),
            }
        }
        for (kind, count, bytes) in kinds {
            self.event(
                "gcvm.SpaceSummary",
                &[
                    Value::Long(at),
                    Value::Int(gc_id as i32),
                    Value::Str(kind),
                    Value::Int(count),
                    Value::Long(bytes),
                ],
            );
        }
    }

    /// A collector's concurrent phase.
    pub fn concurrent_phase(&mut self, gc_id: u32, name: &str, start: Ticks, duration: Ticks) {
        self.event(
            "gcvm.ConcurrentPhase",
            &[
                Value::Long(start),
                Value::Long(duration),
                Value::Int(gc_id as i32),
                Value::Str(name),
            ],
        );
    }

    /// A thread started by `parent` (at the stack `parent_stack`, a key from `stack_trace`).
    pub fn thread_start(
        &mut self,
        at: Ticks,
        thread: &ThreadInfo,
        parent: Option<&ThreadInfo>,
        parent_stack: Key,
    ) {
        let new = self.thread(thread);
        let parent = parent.map_or(0, |p| self.thread(p));
        self.event(
            "jdk.ThreadStart",
            &[
                Value::Long(at),
                Value::Ref(new),
                Value::Ref(parent_stack),
                Value::Ref(new),
                Value::Ref(parent),
            ],
        );
    }

    pub fn thread_end(&mut self, at: Ticks, thread: &ThreadInfo) {
        let t = self.thread(thread);
        self.event(
            "jdk.ThreadEnd",
            &[Value::Long(at), Value::Ref(t), Value::Ref(t)],
        );
    }

    /// An allocation that took a new TLAB of `tlab_size` bytes (`Some`) or none.
    pub fn slow_allocation(
        &mut self,
        at: Ticks,
        thread: &ThreadInfo,
        stack: Key,
        class: &str,
        size: u64,
        tlab_size: Option<u64>,
    ) {
        let t = self.thread(thread);
        let class = self.class(class);
        let common = [
            Value::Long(at),
            Value::Ref(t),
            Value::Ref(stack),
            Value::Ref(class),
            Value::Long(size as i64),
        ];
        match tlab_size {
            Some(tlab) => {
                let mut values = common.to_vec();
                values.push(Value::Long(tlab as i64));
                self.event("jdk.ObjectAllocationInNewTLAB", &values);
            }
            None => self.event("jdk.ObjectAllocationOutsideTLAB", &common),
        }
    }

    /// The collector's and the heap's configuration.
    pub fn configuration(&mut self, at: Ticks, c: &Configuration) {
        let young = self.name("jdk.types.GCName", &gc_name(c.collector, c.young_kind()));
        let old = self.name("jdk.types.GCName", &gc_name(c.collector, c.old_kind()));
        self.event(
            "jdk.GCConfiguration",
            &[
                Value::Long(at),
                Value::Ref(young),
                Value::Ref(old),
                Value::Int(c.gc_threads as i32),
                Value::Int(c.concurrent() as i32),
                Value::Bool(false),
                Value::Bool(false),
                Value::Bool(false),
                Value::Long(c.pause_goal_ms as i64),
                Value::Int(0),
            ],
        );
        let mode = self.name("jdk.types.NarrowOopMode", "Non-zero based");
        self.event(
            "jdk.GCHeapConfiguration",
            &[
                Value::Long(at),
                Value::Long(c.initial_heap as i64),
                Value::Long(c.max_heap as i64),
                Value::Long(c.initial_heap as i64),
                Value::Bool(true),
                Value::Ref(mode),
                Value::Long(8),
                Value::Byte(32),
            ],
        );
    }
}

/// What `jdk.GCConfiguration` and `jdk.GCHeapConfiguration` say.
pub struct Configuration<'a> {
    pub collector: &'a str,
    pub gc_threads: usize,
    /// The region collector's pause goal (0: none).
    pub pause_goal_ms: u64,
    pub initial_heap: u64,
    pub max_heap: u64,
}

impl Configuration<'_> {
    /// Does the collector run a controller thread beside the program?
    fn concurrent(&self) -> bool {
        matches!(self.collector, "region" | "concurrent-mark-sweep")
    }

    fn young_kind(&self) -> GcKind {
        match self.collector {
            "region" => GcKind::Minor,
            _ => GcKind::Major,
        }
    }

    fn old_kind(&self) -> GcKind {
        match self.collector {
            "concurrent-mark-sweep" => GcKind::Marking,
            _ => GcKind::Major,
        }
    }
}
