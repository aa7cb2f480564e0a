//! Finding things inside real `javac` output, to make hostile class files by patching bytes:
//! where each method's Code attribute is, and where each of its instructions starts.
//! Panics on malformed input (the tests feed it javac output only).

use std::ops::Range;

/// One method's Code attribute, as byte offsets into the class file.
#[derive(Clone, Debug)]
pub struct MethodCode {
    pub name: String,
    pub descriptor: String,
    /// Offset of the u2 max_stack (max_locals follows).
    pub max_stack_at: usize,
    /// The bytecode.
    pub code: Range<usize>,
}

impl MethodCode {
    /// Offsets (into the class file) of every instruction.
    pub fn instructions(&self, class: &[u8]) -> Vec<usize> {
        let starts = gcvm_interp::link::decode::instruction_starts(&class[self.code.clone()])
            .expect("javac's bytecode decodes");
        starts
            .into_iter()
            .map(|pc| self.code.start + pc as usize)
            .collect()
    }

    /// The length of the instruction at class-file offset `at` (one of `instructions`).
    pub fn instruction_length(&self, class: &[u8], at: usize) -> usize {
        let starts = self.instructions(class);
        let next = starts.into_iter().find(|&s| s > at);
        next.unwrap_or(self.code.end) - at
    }
}

struct Cursor<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Cursor<'_> {
    fn u8(&mut self) -> u8 {
        self.pos += 1;
        self.bytes[self.pos - 1]
    }
    fn u16(&mut self) -> usize {
        ((self.u8() as usize) << 8) | self.u8() as usize
    }
    fn u32(&mut self) -> usize {
        (self.u16() << 16) | self.u16()
    }
    fn skip(&mut self, n: usize) {
        self.pos += n;
    }
}

/// Every method with code, in class-file order.
pub fn methods(class: &[u8]) -> Vec<MethodCode> {
    let mut c = Cursor {
        bytes: class,
        pos: 8,
    };
    let utf8 = read_utf8_entries(&mut c);
    c.skip(6); // access, this, super
    let interfaces = c.u16();
    c.skip(2 * interfaces);
    for _ in 0..c.u16() {
        c.skip(6);
        skip_attributes(&mut c);
    }
    let mut out = Vec::new();
    for _ in 0..c.u16() {
        c.skip(2);
        let name = utf8[c.u16()].clone();
        let descriptor = utf8[c.u16()].clone();
        for _ in 0..c.u16() {
            let attribute = &utf8[c.u16()];
            let length = c.u32();
            let start = c.pos;
            if attribute == "Code" {
                let code_start = start + 8;
                let code_length =
                    (start + 4..start + 8).fold(0, |n, i| (n << 8) | class[i] as usize);
                out.push(MethodCode {
                    name: name.clone(),
                    descriptor: descriptor.clone(),
                    max_stack_at: start,
                    code: code_start..code_start + code_length,
                });
            }
            c.pos = start + length;
        }
    }
    out
}

/// The method `name` (the first one so named).
pub fn method(class: &[u8], name: &str) -> MethodCode {
    methods(class)
        .into_iter()
        .find(|m| m.name == name)
        .unwrap_or_else(|| panic!("no method {name} with code"))
}

/// One constant-pool entry: its index, tag, the offset of its tag byte and, for Utf8, its text.
#[derive(Clone, Debug)]
pub struct Constant {
    pub index: u16,
    pub tag: u8,
    pub at: usize,
    pub text: String,
}

/// Constant-pool tags.
#[allow(unused_imports)]
pub use gcvm_interp::classfile::tag;

/// Every constant-pool entry, in order.
pub fn constants(class: &[u8]) -> Vec<Constant> {
    read_constants(&mut Cursor {
        bytes: class,
        pos: 8,
    })
}

fn read_constants(c: &mut Cursor) -> Vec<Constant> {
    let count = c.u16();
    let mut out = Vec::new();
    let mut i = 1;
    while i < count {
        let at = c.pos;
        let tag = c.u8();
        let mut text = String::new();
        match tag {
            1 => {
                let len = c.u16();
                text = String::from_utf8_lossy(&c.bytes[c.pos..c.pos + len]).into_owned();
                c.skip(len);
            }
            3 | 4 | 9 | 10 | 11 | 12 | 17 | 18 => c.skip(4),
            5 | 6 => c.skip(8),
            7 | 8 | 16 | 19 | 20 => c.skip(2),
            15 => c.skip(3),
            other => panic!("constant tag {other}"),
        }
        out.push(Constant {
            index: i as u16,
            tag,
            at,
            text,
        });
        i += if tag == 5 || tag == 6 { 2 } else { 1 };
    }
    out
}

/// The constant pool's Utf8 entries by index (other entries are empty strings).
fn read_utf8_entries(c: &mut Cursor) -> Vec<String> {
    let constants = read_constants(c);
    let count = constants.last().map_or(1, |k| k.index as usize + 2);
    let mut utf8 = vec![String::new(); count];
    for k in constants {
        utf8[k.index as usize] = k.text;
    }
    utf8
}

fn skip_attributes(c: &mut Cursor) {
    for _ in 0..c.u16() {
        c.skip(2);
        let length = c.u32();
        c.skip(length);
    }
}
