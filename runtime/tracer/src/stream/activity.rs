//! Code activity beside the heap (JOVE) and thread states (JIVE): what a frame carries about
//! the code that ran in the interval before it (docs/code-activity.md).
//!
//! The VM (live, from its threads' counters) and `gcvm tiles` (offline, from a trace's Activity
//! and Thread State events) both feed an `ActivityFeed`, and take from it, at every frame, a
//! `FrameActivity`: per code unit (a class), its bytecodes over the run so far and in the
//! interval since the previous frame, the threads that ran it, what it allocated; per thread,
//! its state spans in that interval. Both sides use the same feed, so a live recording and one
//! recomputed from the same run's trace carry the same activity.

use crate::format::ThreadState;
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};

/// One code unit (a class) in a frame.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UnitActivity {
    /// The class, as the VM names it (`java/util/HashMap`).
    pub name: String,
    /// Bytecodes executed over the run up to this frame (the box's area).
    pub total: u64,
    /// In the interval since the previous frame: bytecodes (the box's colour), invocations,
    /// the threads that ran the unit (its saturation), objects and bytes allocated (its
    /// brightness).
    pub bytecodes: u64,
    pub invocations: u64,
    pub threads: u32,
    pub objects: u64,
    pub bytes: u64,
}

/// One thread's state spans in a frame's interval.
#[derive(Clone, Debug, PartialEq)]
pub struct ThreadStrip {
    pub id: u64,
    pub name: String,
    /// (state, start_ms, end_ms), in time order, on the frames' clock.
    pub spans: Vec<(ThreadState, f64, f64)>,
}

/// What one frame carries about the code: the interval `(from_ms, to_ms]` since the previous
/// frame.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FrameActivity {
    pub from_ms: f64,
    pub to_ms: f64,
    /// Every unit that ran so far, the busiest (over the run) first.
    pub units: Vec<UnitActivity>,
    /// Every thread with a span in the interval, by id.
    pub threads: Vec<ThreadStrip>,
}

impl FrameActivity {
    /// The `activity` member of a frame header.
    pub fn to_json(&self) -> Value {
        json!({
            "from_ms": self.from_ms,
            "to_ms": self.to_ms,
            "units": self.units.iter().map(|u| json!({
                "name": u.name,
                "total": u.total,
                "bytecodes": u.bytecodes,
                "invocations": u.invocations,
                "threads": u.threads,
                "objects": u.objects,
                "bytes": u.bytes,
            })).collect::<Vec<_>>(),
            "threads": self.threads.iter().map(|t| json!({
                "id": t.id,
                "name": t.name,
                "spans": t.spans.iter().map(|(s, a, b)| json!([s.name(), a, b])).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
        })
    }

    /// Reads the `activity` member of a frame header back.
    pub fn from_json(v: &Value) -> Result<FrameActivity, String> {
        let bad = |what: &str| format!("frame activity: {what}");
        let num = |v: &Value, what: &str| v.as_u64().ok_or_else(|| bad(what));
        let mut units = Vec::new();
        for u in v["units"].as_array().ok_or_else(|| bad("no units"))? {
            units.push(UnitActivity {
                name: u["name"].as_str().ok_or_else(|| bad("unit name"))?.into(),
                total: num(&u["total"], "unit total")?,
                bytecodes: num(&u["bytecodes"], "unit bytecodes")?,
                invocations: num(&u["invocations"], "unit invocations")?,
                threads: num(&u["threads"], "unit threads")? as u32,
                objects: num(&u["objects"], "unit objects")?,
                bytes: num(&u["bytes"], "unit bytes")?,
            });
        }
        let mut threads = Vec::new();
        for t in v["threads"].as_array().ok_or_else(|| bad("no threads"))? {
            let mut spans = Vec::new();
            for s in t["spans"].as_array().ok_or_else(|| bad("no spans"))? {
                let state = s[0]
                    .as_str()
                    .and_then(ThreadState::from_name)
                    .ok_or_else(|| bad("unknown thread state"))?;
                let from = s[1].as_f64().ok_or_else(|| bad("span start"))?;
                let to = s[2].as_f64().ok_or_else(|| bad("span end"))?;
                spans.push((state, from, to));
            }
            threads.push(ThreadStrip {
                id: num(&t["id"], "thread id")?,
                name: t["name"].as_str().ok_or_else(|| bad("thread name"))?.into(),
                spans,
            });
        }
        Ok(FrameActivity {
            from_ms: v["from_ms"].as_f64().ok_or_else(|| bad("from_ms"))?,
            to_ms: v["to_ms"].as_f64().ok_or_else(|| bad("to_ms"))?,
            units,
            threads,
        })
    }
}

/// One method's counts as fed (bytes in bytes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub invocations: u64,
    pub bytecodes: u64,
    pub objects: u64,
    pub bytes: u64,
}

#[derive(Default)]
struct Unit {
    total: u64,
    interval: Counts,
    threads: BTreeSet<u64>,
}

/// Gathers activity between frames (see the module's comment).
#[derive(Default)]
pub struct ActivityFeed {
    units: BTreeMap<String, Unit>,
    names: BTreeMap<u64, String>,
    spans: BTreeMap<u64, Vec<(ThreadState, f64, f64)>>,
    last_ms: f64,
}

impl ActivityFeed {
    pub fn new() -> ActivityFeed {
        ActivityFeed::default()
    }

    /// Thread `thread` is called `name` (a frame's strips name their threads).
    pub fn thread_name(&mut self, thread: u64, name: &str) {
        self.names.insert(thread, name.to_string());
    }

    /// Thread `thread` ran code of `unit` with these counts.
    pub fn counts(&mut self, thread: u64, unit: &str, c: Counts) {
        if c == Counts::default() {
            return;
        }
        let u = match self.units.get_mut(unit) {
            Some(u) => u,
            None => self.units.entry(unit.to_string()).or_default(),
        };
        u.total += c.bytecodes;
        u.interval.invocations += c.invocations;
        u.interval.bytecodes += c.bytecodes;
        u.interval.objects += c.objects;
        u.interval.bytes += c.bytes;
        u.threads.insert(thread);
    }

    /// Thread `thread` was in `state` from `start_ms` to `end_ms`.
    pub fn state(&mut self, thread: u64, state: ThreadState, start_ms: f64, end_ms: f64) {
        self.spans
            .entry(thread)
            .or_default()
            .push((state, start_ms, end_ms.max(start_ms)));
    }

    /// The activity since the previous frame, for a frame at `now_ms`; the next interval
    /// starts here.
    pub fn take_frame(&mut self, now_ms: f64) -> FrameActivity {
        let mut units: Vec<UnitActivity> = self
            .units
            .iter_mut()
            .map(|(name, u)| {
                let a = UnitActivity {
                    name: name.clone(),
                    total: u.total,
                    bytecodes: u.interval.bytecodes,
                    invocations: u.interval.invocations,
                    threads: u.threads.len() as u32,
                    objects: u.interval.objects,
                    bytes: u.interval.bytes,
                };
                u.interval = Counts::default();
                u.threads.clear();
                a
            })
            .collect();
        units.sort_by(|a, b| b.total.cmp(&a.total).then_with(|| a.name.cmp(&b.name)));
        let threads = std::mem::take(&mut self.spans)
            .into_iter()
            .map(|(id, mut spans)| {
                spans.sort_by(|a, b| a.1.total_cmp(&b.1));
                ThreadStrip {
                    id,
                    name: self.names.get(&id).cloned().unwrap_or_default(),
                    spans,
                }
            })
            .collect();
        let from_ms = self.last_ms;
        self.last_ms = now_ms.max(from_ms);
        FrameActivity {
            from_ms,
            to_ms: self.last_ms,
            units,
            threads,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(bytecodes: u64, objects: u64) -> Counts {
        Counts {
            invocations: 1,
            bytecodes,
            objects,
            bytes: objects * 16,
        }
    }

    #[test]
    fn a_frame_carries_the_interval_and_the_run_totals() {
        let mut f = ActivityFeed::new();
        f.counts(1, "A", counts(100, 1));
        f.counts(2, "A", counts(50, 0));
        f.counts(1, "B", counts(10, 0));
        let first = f.take_frame(10.0);
        assert_eq!((first.from_ms, first.to_ms), (0.0, 10.0));
        assert_eq!(first.units[0].name, "A");
        assert_eq!(
            (
                first.units[0].total,
                first.units[0].bytecodes,
                first.units[0].threads
            ),
            (150, 150, 2)
        );
        f.counts(1, "B", counts(200, 0));
        let second = f.take_frame(20.0);
        let a = second.units.iter().find(|u| u.name == "A").unwrap();
        let b = second.units.iter().find(|u| u.name == "B").unwrap();
        assert_eq!((a.total, a.bytecodes, a.threads), (150, 0, 0));
        assert_eq!((b.total, b.bytecodes, b.threads), (210, 200, 1));
        assert_eq!(
            second.units[0].name, "B",
            "the busiest over the run comes first"
        );
    }

    #[test]
    fn thread_spans_go_to_the_frame_after_them_in_time_order() {
        let mut f = ActivityFeed::new();
        f.thread_name(1, "main");
        f.state(1, ThreadState::Blocked, 4.0, 6.0);
        f.state(1, ThreadState::Running, 0.0, 4.0);
        let frame = f.take_frame(6.0);
        assert_eq!(frame.threads.len(), 1);
        assert_eq!(frame.threads[0].name, "main");
        assert_eq!(
            frame.threads[0].spans,
            vec![
                (ThreadState::Running, 0.0, 4.0),
                (ThreadState::Blocked, 4.0, 6.0)
            ]
        );
        assert!(f.take_frame(7.0).threads.is_empty());
    }

    #[test]
    fn frame_activity_round_trips_through_json() {
        let mut f = ActivityFeed::new();
        f.thread_name(3, "worker");
        f.counts(3, "java/util/HashMap", counts(77, 2));
        f.state(3, ThreadState::Waiting, 1.5, 2.5);
        let a = f.take_frame(3.0);
        assert_eq!(FrameActivity::from_json(&a.to_json()).unwrap(), a);
    }
}
