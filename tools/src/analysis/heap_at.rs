//! `gcvm heap`: the heap rebuilt at a boundary — every object, its groups under one classifier,
//! or a tree of groups under a classifier chain (`type,site`, `age,type`, any order).

use super::labels::Keys;
use crate::boundary::{parse_boundary, Boundary, GroupBy};
use crate::reader::TraceError;
use crate::reconstruct::reconstruct;
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

/// The heap at a boundary: its totals and its objects or groups.
pub struct HeapAt {
    pub boundary: Boundary,
    pub objects: u64,
    pub bytes: u64,
    pub content: Content,
}

pub enum Content {
    /// Every object, in the model's order.
    Objects(Vec<ObjectRow>),
    /// Groups under one classifier: most bytes first (ages: by age).
    Groups {
        /// What the groups are (`type`, `allocation site`, `age`...).
        key_name: &'static str,
        /// (group, objects, bytes).
        rows: Vec<(String, u64, u64)>,
    },
}

/// One object, with its names.
pub struct ObjectRow {
    pub addr: u64,
    pub size: u64,
    pub type_id: u32,
    pub type_name: String,
    pub array_len: Option<u32>,
    pub site: u32,
    pub site_label: String,
    pub thread: u32,
    pub age: u8,
    /// The name of its space, if it is in one.
    pub space: Option<String>,
}

/// What a group is called in the table header and the JSON.
fn key_name(g: GroupBy) -> &'static str {
    match g {
        GroupBy::Type => "type",
        GroupBy::Site => "allocation site",
        GroupBy::Age => "age",
        GroupBy::Space => "space",
        GroupBy::Thread => "thread",
        GroupBy::Objects => "object",
    }
}

/// The heap at `boundary` of the trace at `path`, every object or grouped by `group_by`.
pub fn read(
    path: impl AsRef<Path>,
    boundary: &str,
    group_by: GroupBy,
) -> Result<HeapAt, TraceError> {
    let b = parse_boundary(boundary)?;
    let r = reconstruct(path, b, false)?;
    let (m, sy) = (&r.model, &r.symbols);
    let keys = Keys::new(m);
    let (mut objects, mut bytes) = (0u64, 0u64);
    m.for_each_object(|o| {
        objects += 1;
        bytes += o.desc.size();
    });
    let content = if group_by == GroupBy::Objects {
        let mut rows = Vec::new();
        m.for_each_object(|o| {
            rows.push(ObjectRow {
                addr: o.addr,
                size: o.desc.size(),
                type_id: o.desc.type_id,
                type_name: sy.type_name(o.desc.type_id),
                array_len: o.desc.array_len,
                site: o.desc.site,
                site_label: sy.site_label(o.desc.site),
                thread: o.desc.thread,
                age: o.age,
                space: keys.space(o.addr).map(|s| s.name.clone()),
            })
        });
        Content::Objects(rows)
    } else {
        let mut groups: HashMap<String, (u64, u64)> = HashMap::new();
        let mut ages: BTreeMap<u8, (u64, u64)> = BTreeMap::new();
        m.for_each_object(|o| {
            let e = match group_by {
                GroupBy::Age => ages.entry(o.age).or_default(),
                g => groups.entry(keys.key(g, sy, &o).1).or_default(),
            };
            e.0 += 1;
            e.1 += o.desc.size();
        });
        let rows: Vec<(String, (u64, u64))> = if group_by == GroupBy::Age {
            ages.into_iter().map(|(a, v)| (a.to_string(), v)).collect()
        } else {
            let mut v: Vec<_> = groups.into_iter().collect();
            v.sort_by(|a, b| b.1 .1.cmp(&a.1 .1).then(a.0.cmp(&b.0)));
            v
        };
        Content::Groups {
            key_name: key_name(group_by),
            rows: rows.into_iter().map(|(k, (n, b))| (k, n, b)).collect(),
        }
    };
    Ok(HeapAt {
        boundary: b,
        objects,
        bytes,
        content,
    })
}

/// The heap at a boundary as a tree of groups, one level per classifier of `chain`.
pub struct HeapTree {
    pub boundary: Boundary,
    pub chain: Vec<GroupBy>,
    /// All objects; its children are the first classifier's groups.
    pub root: Node,
}

/// A tree of groups: objects and bytes, children by key.
#[derive(Default)]
pub struct Node {
    pub objects: u64,
    pub bytes: u64,
    pub children: BTreeMap<(u64, String), Node>,
}

impl Node {
    fn add(&mut self, path: &[(u64, String)], bytes: u64) {
        self.objects += 1;
        self.bytes += bytes;
        if let Some((first, rest)) = path.split_first() {
            self.children
                .entry(first.clone())
                .or_default()
                .add(rest, bytes);
        }
    }
    /// Children by bytes (descending), or by key when the level (`level`: its classifier) is
    /// ages.
    pub fn sorted(&self, level: Option<&GroupBy>) -> Vec<(&(u64, String), &Node)> {
        let mut v: Vec<_> = self.children.iter().collect();
        if level != Some(&GroupBy::Age) {
            v.sort_by(|a, b| b.1.bytes.cmp(&a.1.bytes).then(a.0.cmp(b.0)));
        }
        v
    }
}

/// The heap at `boundary` of the trace at `path` as a tree of groups under `chain`.
pub fn read_tree(
    path: impl AsRef<Path>,
    boundary: &str,
    chain: &[GroupBy],
) -> Result<HeapTree, TraceError> {
    let b = parse_boundary(boundary)?;
    let r = reconstruct(path, b, false)?;
    let keys = Keys::new(&r.model);
    let mut root = Node::default();
    r.model.for_each_object(|o| {
        let path: Vec<(u64, String)> = chain.iter().map(|&g| keys.key(g, &r.symbols, &o)).collect();
        root.add(&path, o.desc.size());
    });
    Ok(HeapTree {
        boundary: b,
        chain: chain.to_vec(),
        root,
    })
}
