//! `gcvm diff`: what happened between two boundaries, per group: *perm* (alive at both), *born*
//! (allocated after the first, alive at the second), *died* (alive at the first, dead at the
//! second), *temp* (allocated and dead in between). Objects allocated after the first boundary
//! are told apart by their allocation epoch (`HeapModel::new_epoch` at the first boundary).

use super::labels::{thread_label, thread_names};
use super::replay::{missing, reaches, replay, Flow};
use crate::boundary::{parse_boundary, Boundary, GroupBy};
use crate::heap::{Desc, HeapModel};
use crate::reader::TraceError;
use std::collections::HashMap;
use std::path::Path;

/// Per group of a diff: objects and bytes of each category.
#[derive(Default, Clone, Copy)]
pub struct DiffRow {
    /// Alive at both boundaries: (objects, bytes).
    pub perm: (u64, u64),
    /// Allocated after the first, alive at the second.
    pub born: (u64, u64),
    /// Alive at the first, dead at the second.
    pub died: (u64, u64),
    /// Allocated and dead in between.
    pub temp: (u64, u64),
}

/// What happened between two boundaries, per group.
pub struct Diff {
    pub from: Boundary,
    pub to: Boundary,
    pub chain: Vec<GroupBy>,
    /// Every group together.
    pub total: DiffRow,
    /// Per group, the most bytes (all categories) first.
    pub groups: Vec<(String, DiffRow)>,
}

/// Perm / born / died / temp per group between the boundaries `from` and `to` of the trace at
/// `path`. Groups must be stable over an object's life: type, site, thread.
pub fn read(
    path: impl AsRef<Path>,
    from: &str,
    to: &str,
    chain: &[GroupBy],
) -> Result<Diff, TraceError> {
    let a = parse_boundary(from)?;
    let b = parse_boundary(to)?;
    if let Some(g) = chain
        .iter()
        .find(|g| matches!(g, GroupBy::Age | GroupBy::Space | GroupBy::Objects))
    {
        return Err(TraceError::message(format!(
            "diff groups by type, site or thread: an object's {} changes between the boundaries",
            GroupBy::NAMES[*g as usize]
        )));
    }
    let order = |x: Boundary| match x {
        Boundary::GcStart(n) => (n as u64) * 2,
        Boundary::GcEnd(n) => (n as u64) * 2 + 1,
        Boundary::End => u64::MAX,
    };
    if order(a) >= order(b) {
        return Err(TraceError::message(format!(
            "diff: --from {a} must come before --to {b}"
        )));
    }
    // Objects are counted per id (type, site, thread: fixed in their description) and labelled
    // at the end: a symbol or thread name defined or changed between the boundaries (a damaged
    // trace) must not split an object's counts between two labels.
    let key = |d: &Desc| -> Vec<u32> {
        chain
            .iter()
            .map(|g| match g {
                GroupBy::Type => d.type_id,
                GroupBy::Site => d.site,
                _ => d.thread,
            })
            .collect()
    };
    let mut rows: HashMap<Vec<u32>, DiffRow> = HashMap::new();
    let mut first_epoch: Option<u32> = None;
    let (mut seen_a, mut seen_b) = (false, false);
    let snapshot_a = |m: &mut HeapModel, rows: &mut HashMap<Vec<u32>, DiffRow>| {
        m.for_each_object(|o| {
            let r = rows.entry(key(o.desc)).or_default();
            r.died.0 += 1; // alive at A; the survivors move to perm at B
            r.died.1 += o.desc.size();
        });
        m.new_epoch()
    };
    let mut r = replay(
        path.as_ref(),
        |m, _| m.count_allocations(),
        |m, ev, _| {
            if !seen_a && reaches(ev, a) {
                seen_a = true;
                first_epoch = Some(snapshot_a(m, &mut rows));
            } else if seen_a && reaches(ev, b) {
                seen_b = true;
                return Ok(Flow::Stop);
            }
            Ok(Flow::Go)
        },
    )?;
    if !seen_a {
        return Err(missing(a, &r.model));
    }
    if !seen_b && b != Boundary::End {
        return Err(missing(b, &r.model));
    }
    let ep = first_epoch.unwrap_or(0);
    let m = &mut r.model;
    m.for_each_object(|o| {
        let row = rows.entry(key(o.desc)).or_default();
        let size = o.desc.size();
        if o.desc.birth < ep {
            // alive at A too (its description, hence its key, never changes)
            row.perm.0 += 1;
            row.perm.1 += size;
            row.died.0 = row.died.0.saturating_sub(1);
            row.died.1 = row.died.1.saturating_sub(size);
        } else {
            row.born.0 += 1;
            row.born.1 += size;
        }
    });
    // allocated after A: born or temp
    let counts = m.allocation_counts().unwrap_or(&[]).to_vec();
    for (d, &(n, bytes)) in counts.iter().enumerate() {
        let desc = m.descs.list[d];
        if n > 0 && desc.birth >= ep {
            let row = rows.entry(key(&desc)).or_default();
            row.temp.0 += n;
            row.temp.1 += bytes;
        }
    }
    let sy = &r.symbols;
    let names = thread_names(m);
    let label = |ids: &[u32]| -> String {
        chain
            .iter()
            .zip(ids)
            .map(|(g, &id)| match g {
                GroupBy::Type => sy.type_name(id),
                GroupBy::Site => sy.site_label(id),
                _ => thread_label(id, &names),
            })
            .collect::<Vec<_>>()
            .join(" | ")
    };
    let mut labelled: HashMap<String, DiffRow> = HashMap::new();
    for (ids, mut row) in rows {
        // every object born after A was allocated after A: temp counted it too
        row.temp.0 = row.temp.0.saturating_sub(row.born.0);
        row.temp.1 = row.temp.1.saturating_sub(row.born.1);
        let to = labelled.entry(label(&ids)).or_default();
        for (t, x) in [
            (&mut to.perm, row.perm),
            (&mut to.born, row.born),
            (&mut to.died, row.died),
            (&mut to.temp, row.temp),
        ] {
            t.0 += x.0;
            t.1 += x.1;
        }
    }
    let mut v: Vec<(String, DiffRow)> = labelled.into_iter().collect();
    let weight = |r: &DiffRow| r.perm.1 + r.born.1 + r.died.1 + r.temp.1;
    v.sort_by(|x, y| weight(&y.1).cmp(&weight(&x.1)).then(x.0.cmp(&y.0)));
    let mut total = DiffRow::default();
    for (_, r) in &v {
        for (t, x) in [
            (&mut total.perm, r.perm),
            (&mut total.born, r.born),
            (&mut total.died, r.died),
            (&mut total.temp, r.temp),
        ] {
            t.0 += x.0;
            t.1 += x.1;
        }
    }
    Ok(Diff {
        from: a,
        to: b,
        chain: chain.to_vec(),
        total,
        groups: v,
    })
}
