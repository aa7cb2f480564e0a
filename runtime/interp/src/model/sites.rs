//! Sites: where allocations come from, as the trace records them, and the linked
//! invokedynamic call sites (string concatenation, lambdas, record methods) that decoded
//! instructions carry.

use crate::model::class::Class;
use crate::model::insn::{Kind, RetKind};
use gcvm_tracer::format::SITE_VM;

/// Where an allocation comes from, as the trace records it: the site's id, and whether the
/// object is of the site's usual type (then the event is one 32-bit word; otherwise it names
/// the type). Bytecode `new`/`newarray` sites imply their type; the VM's own allocations
/// (strings, exceptions, mirrors, clones...) use `Site::VM`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Site {
    pub id: u32,
    pub implies_type: bool,
}

impl Site {
    /// Allocations by the VM itself.
    pub const VM: Site = Site {
        id: SITE_VM,
        implies_type: false,
    };

    /// A site whose objects are of its usual type.
    pub fn of_usual_type(id: u32) -> Site {
        Site {
            id,
            implies_type: true,
        }
    }

    /// A site whose objects name their type.
    pub fn typed(id: u32) -> Site {
        Site {
            id,
            implies_type: false,
        }
    }
}

/// Where a String and its char[] come from: a site for each, so that both are of their site's
/// usual type (two 4-byte events instead of two typed ones).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StringSites {
    pub chars: Site,
    pub string: Site,
}

impl StringSites {
    /// Sites `chars` (usual type char[]) and `string` (usual type String).
    pub fn new(chars: u32, string: u32) -> StringSites {
        StringSites {
            chars: Site::of_usual_type(chars),
            string: Site::of_usual_type(string),
        }
    }
}

#[derive(Debug)]
pub enum Piece {
    Literal(Vec<u16>),
    /// Argument index and its slot offset from the first argument.
    Arg {
        kind: Kind,
        slot: u16,
    },
}

#[derive(Debug)]
pub struct ConcatSite {
    pub pieces: Vec<Piece>,
    pub arg_slots: u16,
    /// The trace's allocation sites (set by the decoder): the String and its char[].
    pub sites: StringSites,
}

#[derive(Debug)]
pub struct LambdaSite {
    pub class: &'static Class,
    pub arg_slots: u16,
    /// (field offset, kind, slot offset of the captured argument)
    pub captures: Vec<(u32, Kind, u16)>,
    /// The trace's allocation site (set by the decoder): the proxy object.
    pub site: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordOp {
    ToString,
    HashCode,
    Equals,
}

#[derive(Debug)]
pub struct RecordSite {
    pub op: RecordOp,
    pub class: u32,
    pub simple_name: String,
    /// (name, offset, kind)
    pub components: Vec<(String, u32, Kind)>,
    pub arg_slots: u16,
    pub ret: RetKind,
}
