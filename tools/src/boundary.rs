//! Where and how the tools look at a heap: a `Boundary` of the trace (`gc:N:start`, `gc:N:end`,
//! `end`), and how objects are grouped (`GroupBy`, chained as `type,site`).

use std::str::FromStr;

/// A point in the trace at which the heap is exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Boundary {
    /// Just after GC N's start: every object allocated before it, dead or alive.
    GcStart(u32),
    /// Just after GC N's end: the survivors and everything not collected.
    GcEnd(u32),
    /// The end of the trace.
    End,
}

impl FromStr for Boundary {
    type Err = String;
    /// `gc:N:start`, `gc:N:end` or `end`.
    fn from_str(s: &str) -> Result<Self, String> {
        let s = s.trim();
        if s == "end" {
            return Ok(Boundary::End);
        }
        let parts: Vec<&str> = s.split(':').collect();
        match parts.as_slice() {
            ["gc", n, which] => {
                let n: u32 = n
                    .parse()
                    .map_err(|_| format!("bad GC id {n:?} in boundary {s:?}"))?;
                match *which {
                    "start" => Ok(Boundary::GcStart(n)),
                    "end" => Ok(Boundary::GcEnd(n)),
                    w => Err(format!(
                        "boundary {s:?}: expected start or end, found {w:?}"
                    )),
                }
            }
            _ => Err(format!(
                "boundary {s:?}: expected gc:N:start, gc:N:end or end"
            )),
        }
    }
}

impl std::fmt::Display for Boundary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Boundary::GcStart(n) => write!(f, "gc:{n}:start"),
            Boundary::GcEnd(n) => write!(f, "gc:{n}:end"),
            Boundary::End => write!(f, "end"),
        }
    }
}

/// How `heap_at` presents the heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupBy {
    /// Every object.
    Objects,
    Type,
    Site,
    /// Collections survived.
    Age,
    Space,
    Thread,
}

impl GroupBy {
    /// The names `--by` accepts, in the order `gcvm heap --help` lists them.
    pub const NAMES: [&'static str; 6] = ["objects", "type", "site", "age", "space", "thread"];
}

impl FromStr for GroupBy {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Ok(match s.trim() {
            "objects" | "none" | "list" => GroupBy::Objects,
            "type" => GroupBy::Type,
            "site" => GroupBy::Site,
            "age" => GroupBy::Age,
            "space" => GroupBy::Space,
            "thread" => GroupBy::Thread,
            o => {
                return Err(format!(
                    "group by {o:?}: expected objects, type, site, age, space or thread"
                ))
            }
        })
    }
}

/// Parses a classifier chain: `type`, `type,site`, `age,type,thread`... (not `objects`; no
/// classifier twice).
pub fn parse_chain(s: &str) -> Result<Vec<GroupBy>, String> {
    let mut chain = Vec::new();
    for part in s.split(',') {
        let g: GroupBy = part.parse()?;
        if g == GroupBy::Objects && s.contains(',') {
            return Err(format!(
                "classifier chain {s:?}: objects lists every object and cannot be chained"
            ));
        }
        if chain.contains(&g) {
            return Err(format!("classifier chain {s:?}: {part:?} appears twice"));
        }
        chain.push(g);
    }
    Ok(chain)
}

/// A classifier chain as one command-line value (`--by type,site`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chain(pub Vec<GroupBy>);

impl FromStr for Chain {
    type Err = String;
    fn from_str(s: &str) -> Result<Chain, String> {
        parse_chain(s).map(Chain)
    }
}

/// A boundary given as an argument; a bad one is an error at offset 0 of the trace.
pub fn parse_boundary(s: &str) -> Result<Boundary, crate::reader::TraceError> {
    s.parse()
        .map_err(|e: String| crate::reader::TraceError::at(0, e))
}

/// A chain as `--by` spells it: `type,site`.
pub fn chain_label(chain: &[GroupBy]) -> String {
    chain
        .iter()
        .map(|g| GroupBy::NAMES[*g as usize])
        .collect::<Vec<_>>()
        .join(",")
}
