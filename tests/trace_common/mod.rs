//! Shared by the trace tests (tests/trace_*.rs): running gcvm with `--trace` and `--heap-dump`,
//! and checking that the heap rebuilt from the trace is, at every GC boundary and at the end,
//! exactly the heap the runtime dumped (address, type, size, array length of every object).
//!
//! The heap dump (`gcvm run --heap-dump FILE`) is one section per boundary — a header line
//! `gc N start`, `gc N end` or `end`, then one line per object in address order:
//! `address type_id size array_length` (address in hex, `-` for non-arrays).
#![allow(dead_code)]

use gcvm_tools::{Event, HeapModel, TraceReader};
use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::Path;

/// One object as both sides describe it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Obj {
    pub addr: u64,
    pub type_id: u32,
    pub size: u64,
    pub len: Option<u32>,
}

impl std::fmt::Display for Obj {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:#x} type {} size {}",
            self.addr, self.type_id, self.size
        )?;
        match self.len {
            Some(l) => write!(f, " length {l}"),
            None => Ok(()),
        }
    }
}

/// One boundary of a heap dump: its objects (address order) and, when the run traced pointers,
/// each object's references (slot, target) and the roots (kind code, address).
#[derive(Debug, Default)]
pub struct DumpSection {
    pub objects: Vec<Obj>,
    pub refs: Vec<Vec<(u32, u64)>>,
    pub roots: Vec<(u8, u64)>,
    /// The dump has references (`--trace-pointers`).
    pub has_pointers: bool,
}

/// Reads a heap dump one boundary at a time (a dump can be much larger than one boundary).
pub struct DumpSections {
    lines: std::io::Lines<BufReader<File>>,
    header: Option<String>,
    line: usize,
}

impl DumpSections {
    pub fn open(path: &Path) -> Result<DumpSections, String> {
        let f = File::open(path)
            .map_err(|e| format!("cannot open heap dump {}: {e}", path.display()))?;
        Ok(DumpSections {
            lines: BufReader::with_capacity(1 << 20, f).lines(),
            header: None,
            line: 0,
        })
    }

    fn next_line(&mut self) -> Result<Option<String>, String> {
        self.line += 1;
        self.lines
            .next()
            .transpose()
            .map_err(|e| format!("heap dump line {}: {e}", self.line))
    }

    /// The next boundary's header line and objects, or None at the end of the dump.
    pub fn next_section(&mut self) -> Result<Option<(String, Vec<Obj>)>, String> {
        Ok(self.next_full_section()?.map(|(h, s)| (h, s.objects)))
    }

    /// The next boundary's header line, objects, references and roots.
    pub fn next_full_section(&mut self) -> Result<Option<(String, DumpSection)>, String> {
        let header = match self.header.take() {
            Some(h) => h,
            None => match self.next_line()? {
                Some(h) => h,
                None => return Ok(None),
            },
        };
        let mut section = DumpSection::default();
        while let Some(line) = self.next_line()? {
            if line.starts_with("gc ") || line == "end" {
                self.header = Some(line);
                break;
            }
            let bad = || format!("heap dump line {}: cannot parse {line:?}", self.line);
            if let Some(root) = line.strip_prefix("root ") {
                section.roots.push(parse_root(root).ok_or_else(bad)?);
                continue;
            }
            section.objects.push(parse_object(&line).ok_or_else(bad)?);
            let refs = parse_refs(&line).ok_or_else(bad)?;
            section.has_pointers |= !refs.is_empty();
            section.refs.push(refs);
        }
        section.has_pointers |= !section.roots.is_empty();
        Ok(Some((header, section)))
    }
}

/// `KIND 0xADDR`.
fn parse_root(s: &str) -> Option<(u8, u64)> {
    let (kind, addr) = s.split_once(' ')?;
    Some((
        kind.parse().ok()?,
        u64::from_str_radix(addr.strip_prefix("0x")?, 16).ok()?,
    ))
}

/// The ` slot:0xADDR` references after an object's four fields.
fn parse_refs(line: &str) -> Option<Vec<(u32, u64)>> {
    line.split(' ')
        .skip(4)
        .map(|r| {
            let (slot, addr) = r.split_once(':')?;
            Some((
                slot.parse().ok()?,
                u64::from_str_radix(addr.strip_prefix("0x")?, 16).ok()?,
            ))
        })
        .collect()
}

fn parse_object(line: &str) -> Option<Obj> {
    let mut f = line.split(' ');
    let addr = u64::from_str_radix(f.next()?.strip_prefix("0x")?, 16).ok()?;
    let type_id = f.next()?.parse().ok()?;
    let size = f.next()?.parse().ok()?;
    let len = match f.next()? {
        "-" => None,
        l => Some(l.parse().ok()?),
    };
    Some(Obj {
        addr,
        type_id,
        size,
        len,
    })
}

/// What a successful check covered.
#[derive(Debug, Default, Clone)]
pub struct Checked {
    /// Boundaries compared (GC starts, GC ends, the end).
    pub boundaries: usize,
    pub collections: usize,
    /// Objects compared, over all boundaries.
    pub objects: usize,
    pub allocations: u64,
    /// Boundaries whose object graphs were compared (`--trace-pointers`).
    pub graphs: usize,
    /// Collections that collected something (not a marking pause naming no space).
    pub collecting: usize,
    /// Graphs compared at initial marks' starts and ends, completed by later collections.
    pub marking_graphs: usize,
    /// References compared, over those boundaries.
    pub references: usize,
}

fn model_objects(model: &HeapModel) -> Vec<Obj> {
    let mut v = Vec::new();
    model.for_each_object(|o| {
        v.push(Obj {
            addr: o.addr,
            type_id: o.desc.type_id,
            size: o.desc.size(),
            len: o.desc.array_len,
        })
    });
    v.sort_unstable();
    v
}

/// Where the rebuilt heap and the dumped one first differ, if they do.
pub fn first_difference(dumped: &[Obj], rebuilt: &[Obj]) -> Option<String> {
    for (i, (d, r)) in dumped.iter().zip(rebuilt).enumerate() {
        if d != r {
            let before = if i > 0 {
                format!(" (after {})", dumped[i - 1])
            } else {
                String::new()
            };
            return Some(format!(
                "object {i}: the heap has {d}, the trace has {r}{before}"
            ));
        }
    }
    match dumped.len().cmp(&rebuilt.len()) {
        std::cmp::Ordering::Equal => None,
        std::cmp::Ordering::Greater => Some(format!(
            "the heap has {} objects, the trace {}; first missing from the trace: {}",
            dumped.len(),
            rebuilt.len(),
            dumped[rebuilt.len()]
        )),
        std::cmp::Ordering::Less => Some(format!(
            "the heap has {} objects, the trace {}; first extra in the trace: {}",
            dumped.len(),
            rebuilt.len(),
            rebuilt[dumped.len()]
        )),
    }
}

/// Compares the rebuilt heap at boundary `label` with the dump's next section.
/// `skip_earlier`: the dump's sections before `label` are skipped (a rotated file, which
/// begins late in the run).
fn compare_boundary(
    label: String,
    model: &HeapModel,
    sections: &mut DumpSections,
    checked: &mut Checked,
    skip_earlier: bool,
    waiting: &mut Waiting,
) -> Result<(), String> {
    let (header, section) = loop {
        let Some((header, section)) = sections.next_full_section()? else {
            return Err(format!(
                "the trace reaches boundary `{label}`, the heap dump has no more boundaries"
            ));
        };
        if !skip_earlier || header == label {
            break (header, section);
        }
    };
    if header != label {
        return Err(format!(
            "the trace reaches boundary `{label}`, the heap dump `{header}`"
        ));
    }
    let dumped = &section.objects;
    let rebuilt = model_objects(model);
    if let Some(diff) = first_difference(dumped, &rebuilt) {
        return Err(format!("at `{label}`: {diff}"));
    }
    checked.boundaries += 1;
    checked.objects += dumped.len();
    // The graph is recorded at collections: exact at the end of every pause that collects,
    // of every marking pause that records its logged objects, and at the end of the run. At
    // a GC start only the roots are recorded: the references there are the GC end's taken
    // back through the moves, compared at that GC end. An initial mark's graph is recorded
    // by the collection that completes its marking: both its boundaries are compared there.
    if label.ends_with(" start") {
        waiting.start = None;
        if section.has_pointers {
            let pointers = model
                .pointers()
                .ok_or_else(|| format!("at `{label}`: the dump has references, the trace none"))?;
            if !pointers.roots_fresh {
                return Err(format!(
                    "at `{label}`: the trace has no roots of the GC start"
                ));
            }
            waiting.start = Some(StartGraph {
                label,
                roots: pointers.roots.clone(),
                section,
            });
        }
        return Ok(());
    }
    let pointers = model.pointers();
    if let (Some(marking), Some(pointers)) = (waiting.marking.take(), pointers) {
        compare_marking_graphs(&marking, model, pointers, label == "end", checked)?;
    }
    let gc = model.gcs.last().filter(|_| label.ends_with(" end"));
    let at_initial_mark =
        gc.is_some_and(|g| !g.collects()) && pointers.is_some_and(|p| !p.recorded_at_last_end);
    if at_initial_mark && section.has_pointers {
        let pointers = pointers.expect("the dump has pointers");
        waiting.marking = Some(MarkingGraph {
            start: waiting.start.take(),
            label,
            state: pointers.clone(),
            section,
        });
        return Ok(());
    }
    if let Some(at_start) = waiting.start.take() {
        let pointers = pointers.expect("the start had pointers");
        compare_start_graph(&at_start, model, pointers)
            .map_err(|e| format!("at `{}`: {e}", at_start.label))?;
        checked.graphs += 1;
        checked.references += at_start.section.refs.iter().map(Vec::len).sum::<usize>();
    }
    if section.has_pointers {
        let pointers = pointers
            .ok_or_else(|| format!("at `{label}`: the dump has references, the trace none"))?;
        compare_graph(&section, pointers).map_err(|e| format!("at `{label}`: {e}"))?;
        checked.graphs += 1;
        checked.references += section.refs.iter().map(Vec::len).sum::<usize>();
    }
    Ok(())
}

/// Graphs the trace completes at a later boundary.
#[derive(Default)]
pub struct Waiting {
    /// A GC start's, until its GC end.
    start: Option<StartGraph>,
    /// An initial mark's, until the collection that completes its marking ends (or the run).
    marking: Option<MarkingGraph>,
}

/// A GC start's dump section, kept until its GC end, when the trace knows the references.
pub struct StartGraph {
    label: String,
    /// The trace's roots at the GC start.
    roots: Vec<gcvm_tracer::RootRecord>,
    section: DumpSection,
}

/// An initial mark's dump sections and the graph's state at its end, kept until the marking
/// records of the collection that completes its marking arrive.
pub struct MarkingGraph {
    start: Option<StartGraph>,
    label: String,
    state: gcvm_tools::pointers::PointerState,
    section: DumpSection,
}

/// The graph at an initial mark's start and end (the world was stopped in between: the same
/// references), rebuilt from the state at its end and the marking records of the collection
/// that completed its marking (`model` at that collection's end, or at the end of the run,
/// `at_end`), against the dump's: the same roots; and, over the objects that collection did
/// not free, the same objects reachable from them, each with the same references. (Objects
/// reachable at the initial mark only through a referent that collection cleared it did not
/// reach, and recorded nothing for.)
fn compare_marking_graphs(
    marking: &MarkingGraph,
    model: &HeapModel,
    pointers: &gcvm_tools::pointers::PointerState,
    at_end: bool,
    checked: &mut Checked,
) -> Result<(), String> {
    let records = pointers.marking.clone().unwrap_or_default();
    let graph = marking.state.graph_at_marking_end(&records);
    let mut survivors = std::collections::HashSet::new();
    model.for_each_object(|o| {
        survivors.insert(pointers.origin(o.addr));
    });
    let compared = |target: u64| at_end || survivors.contains(&target);
    // Both sides over the same objects: the marking records may name objects the completing
    // collection freed (a full collection after a concurrent mode failure writes the records
    // before it collects).
    let refs_of = |a: u64| -> Vec<(u32, u64)> {
        let refs = graph.get(&a).cloned().unwrap_or_default();
        refs.into_iter().filter(|r| compared(r.1)).collect()
    };
    let sections = marking
        .start
        .iter()
        .map(|s| (&s.label, &s.section))
        .chain([(&marking.label, &marking.section)]);
    for (label, section) in sections {
        compare_graph_with(section, &marking.state.roots, &refs_of, &compared)
            .map_err(|e| format!("at `{label}` (an initial mark): {e}"))?;
        checked.graphs += 1;
        checked.marking_graphs += 1;
        checked.references += section.refs.iter().map(Vec::len).sum::<usize>();
    }
    Ok(())
}

/// The graph at a GC start, rebuilt at its GC end (`model` there), against the dump's: the
/// same roots; and, over the objects the collection did not free, the same objects reachable
/// from them, each with the same references. References to the objects it freed are not
/// compared: at the GC start nothing reached those but through a referent it cleared, and the
/// trace does not know them (tools/src/pointers.rs `graph_at_last_start`).
fn compare_start_graph(
    at_start: &StartGraph,
    model: &HeapModel,
    pointers: &gcvm_tools::pointers::PointerState,
) -> Result<(), String> {
    let mut survivors = std::collections::HashSet::new();
    model.for_each_object(|o| {
        survivors.insert(pointers.origin(o.addr));
    });
    let graph = pointers.graph_at_last_start();
    compare_graph_with(
        &at_start.section,
        &at_start.roots,
        &|a| graph.get(&a).cloned().unwrap_or_default(),
        &|target| survivors.contains(&target),
    )
}

/// The objects reachable from `roots` over `refs_of` (addresses), in address order.
fn reachable(roots: &[u64], refs_of: &dyn Fn(u64) -> Vec<u64>) -> Vec<u64> {
    let mut seen: std::collections::HashSet<u64> = roots.iter().copied().collect();
    let mut stack: Vec<u64> = seen.iter().copied().collect();
    while let Some(a) = stack.pop() {
        for t in refs_of(a) {
            if seen.insert(t) {
                stack.push(t);
            }
        }
    }
    let mut v: Vec<u64> = seen.into_iter().collect();
    v.sort_unstable();
    v
}

/// The graph rebuilt from the trace against the dumped one: the same roots (kind and
/// address), the same objects reachable from them, and each of those with the same
/// references. (Unreachable objects' fields may hold stale addresses the collector never
/// updated: they are not compared.)
fn compare_graph(
    section: &DumpSection,
    pointers: &gcvm_tools::pointers::PointerState,
) -> Result<(), String> {
    compare_graph_with(
        section,
        &pointers.roots,
        &|a| pointers.refs_of(a).to_vec(),
        &|_| true,
    )
}

/// `compare_graph` against the trace's `roots` and references (`rebuilt_refs`), over the dumped
/// references whose targets pass `compared`.
fn compare_graph_with(
    section: &DumpSection,
    roots: &[gcvm_tracer::RootRecord],
    rebuilt_refs: &dyn Fn(u64) -> Vec<(u32, u64)>,
    compared: &dyn Fn(u64) -> bool,
) -> Result<(), String> {
    let mut dumped_roots = section.roots.clone();
    dumped_roots.sort_unstable();
    let mut rebuilt_roots: Vec<(u8, u64)> = roots.iter().map(|r| (r.kind.code(), r.addr)).collect();
    rebuilt_roots.sort_unstable();
    if dumped_roots != rebuilt_roots {
        let missing: Vec<_> = dumped_roots
            .iter()
            .filter(|r| !rebuilt_roots.contains(r))
            .take(5)
            .collect();
        let extra: Vec<_> = rebuilt_roots
            .iter()
            .filter(|r| !dumped_roots.contains(r))
            .take(5)
            .collect();
        return Err(format!(
            "roots differ: the heap has {}, the trace {}; missing from the trace {missing:x?}, extra {extra:x?}",
            dumped_roots.len(),
            rebuilt_roots.len()
        ));
    }
    let index: std::collections::HashMap<u64, usize> = section
        .objects
        .iter()
        .enumerate()
        .map(|(i, o)| (o.addr, i))
        .collect();
    let dumped_refs = |a: u64| -> Vec<(u32, u64)> {
        index
            .get(&a)
            .map(|&i| {
                section.refs[i]
                    .iter()
                    .copied()
                    .filter(|r| compared(r.1))
                    .collect()
            })
            .unwrap_or_default()
    };
    let targets = |refs: Vec<(u32, u64)>| -> Vec<u64> { refs.into_iter().map(|r| r.1).collect() };
    let root_addrs: Vec<u64> = dumped_roots.iter().map(|r| r.1).collect();
    let live = reachable(&root_addrs, &|a| targets(dumped_refs(a)));
    for &a in &live {
        let Some(&i) = index.get(&a) else {
            return Err(format!(
                "a reachable reference points to {a:#x}, where no object starts"
            ));
        };
        let (want, got) = (dumped_refs(a), rebuilt_refs(a));
        if want != got {
            return Err(format!(
                "object {} has references {want:x?}, the trace {got:x?}",
                section.objects[i]
            ));
        }
    }
    let live_rebuilt = reachable(&root_addrs, &|a| targets(rebuilt_refs(a)));
    if live != live_rebuilt {
        return Err(format!(
            "{} objects are reachable in the heap, {} in the trace",
            live.len(),
            live_rebuilt.len()
        ));
    }
    Ok(())
}

/// Replays `trace` once and compares the rebuilt heap with each section of `dump`, in order:
/// after every GC start, after every GC end, and at the end of the trace. The trace must be
/// finished (trailer present), have no stale objects, and the two must have the same
/// boundaries.
pub fn check_trace_against_dump(trace: &Path, dump: &Path) -> Result<Checked, String> {
    check_trace_against_dump_from(trace, dump, false)
}

/// `check_trace_against_dump` for a trace that begins late in the run (a rotated file, or a
/// rotated set whose first files were deleted), when `skip_earlier`: the dump's sections before
/// the trace's first boundary are skipped. The synced objects are not counted as allocations.
pub fn check_trace_against_dump_from(
    trace: &Path,
    dump: &Path,
    skip_earlier: bool,
) -> Result<Checked, String> {
    let mut first = skip_earlier;
    let mut reader = TraceReader::open(trace).map_err(|e| e.to_string())?;
    let h = reader.header().clone();
    let mut model = HeapModel::new(h.array_header as u32, h.min_object_size as u32);
    let mut sections = DumpSections::open(dump)?;
    let mut checked = Checked::default();
    let mut waiting = Waiting::default();
    while let Some((thread, ev)) = reader.next_event().map_err(|e| e.to_string())? {
        model
            .apply(thread, &ev)
            .map_err(|m| reader.error_here(m).to_string())?;
        let label = match ev {
            Event::GcStart { gc_id, .. } => format!("gc {gc_id} start"),
            Event::GcEnd { gc_id, .. } => {
                checked.collections += 1;
                if model.gcs.last().is_some_and(|g| g.collects()) {
                    checked.collecting += 1;
                }
                format!("gc {gc_id} end")
            }
            _ => continue,
        };
        compare_boundary(
            label,
            &model,
            &mut sections,
            &mut checked,
            first,
            &mut waiting,
        )?;
        first = false;
    }
    if reader.trailer().is_none() {
        return Err("the trace is not finished (no trailer)".into());
    }
    model.close_open_runs();
    if skip_earlier && reader.header().sequence.is_some() {
        // A rotated file that is not the set's last ends where the next one begins: at the
        // next collection's start (nothing is allocated between the cut and it).
        let Some((header, section)) = sections.next_full_section()? else {
            return Err("the trace has ended, the heap dump has no `end`".into());
        };
        let rebuilt = model_objects(&model);
        if let Some(diff) = first_difference(&section.objects, &rebuilt) {
            return Err(format!(
                "at the trace's end (the dump's `{header}`): {diff}"
            ));
        }
        checked.boundaries += 1;
        checked.objects += section.objects.len();
        if header == "end" && section.has_pointers {
            let pointers = model
                .pointers()
                .ok_or("at `end`: the dump has references, the trace none")?;
            compare_graph(&section, pointers).map_err(|e| format!("at `end`: {e}"))?;
            checked.graphs += 1;
        }
        if header != "end" {
            checked.allocations = model.allocations;
            return Ok(checked);
        }
    } else {
        compare_boundary(
            "end".into(),
            &model,
            &mut sections,
            &mut checked,
            first,
            &mut waiting,
        )?;
    }
    if let Some((header, _)) = sections.next_section()? {
        return Err(format!(
            "the trace has ended, the heap dump goes on with `{header}`"
        ));
    }
    if model.stale_objects > 0 {
        return Err(format!(
            "{} objects were overwritten without a recorded death",
            model.stale_objects
        ));
    }
    checked.allocations = model.allocations;
    Ok(checked)
}
