//! The HPROF binary format (JAVA PROFILE 1.0.2, what HotSpot's `jmap -dump` and
//! `-XX:+HeapDumpOnOutOfMemoryError` write): record and sub-record tags, basic type codes, the
//! id conventions gcvm's dumps share, and a writer that frames records and heap dump segments.
//!
//! Two dumpers use it: the trace-based export (`gcvm hprof`, tools/src/hprof.rs), which knows
//! objects but no field values (and, with `--trace-pointers`, references and roots), and the runtime's own dump (runtime/interp's
//! runtime/heapdump.rs), which reads the live heap. Neither links the other; both write through
//! this file.
//!
//! # The file, as a student would read it
//! ```text
//! "JAVA PROFILE 1.0.2\0"  u4 id size (8)  u8 milliseconds since 1970
//! records, each:  u1 tag  u4 microseconds since the header's time (0 here)  u4 body length  body
//!   UTF8          id, the text (no terminator): every name is written once and named by its id
//!   LOAD CLASS    u4 class serial, class id, u4 stack trace serial, name id
//!   STACK FRAME   frame id, method name id, signature id, source file id, u4 class serial,
//!                 u4 line (-1 unknown, -3 native method)
//!   STACK TRACE   u4 serial, u4 thread serial, u4 frame count, the frame ids, innermost first
//!   HEAP DUMP SEGMENT   a run of sub-records (roots, classes, objects), cut anywhere between two
//!   HEAP DUMP END       (empty body) after the last segment
//! ```
//! All numbers are big-endian. Ids are 8 bytes here; the format allows 4.

use std::io::Write;

/// Object ids: heap offset + this (an offset may be 0; an id may not). A runtime dump and a
/// trace export of the same heap give an object the same id.
pub const OBJECT_ID_BASE: u64 = 1 << 32;
/// Ids of classes that have no object of their own in the heap (no java.lang.Class mirror).
pub const CLASS_ID_BASE: u64 = 0x7000_0000_0000_0000;
/// Ids of UTF8 records (names).
pub const STRING_ID_BASE: u64 = 0x6000_0000_0000_0000;
/// Ids of stack frames and of VM handles (ROOT JNI GLOBAL's "global ref id").
pub const FRAME_ID_BASE: u64 = 0x5000_0000_0000_0000;
/// The serial of the empty stack trace that records with no trace of their own name.
pub const EMPTY_STACK_TRACE: u32 = 1;
/// Heap dump segments are cut at about this many bytes (HotSpot: 1 GB; smaller keeps the
/// segment buffer small).
pub const SEGMENT_BYTES: usize = 8 << 20;

/// Top-level record tags.
pub mod tag {
    pub const UTF8: u8 = 0x01;
    pub const LOAD_CLASS: u8 = 0x02;
    pub const STACK_FRAME: u8 = 0x04;
    pub const STACK_TRACE: u8 = 0x05;
    pub const HEAP_DUMP_SEGMENT: u8 = 0x1C;
    pub const HEAP_DUMP_END: u8 = 0x2C;
}

/// Sub-record tags inside a heap dump segment.
pub mod sub {
    pub const ROOT_UNKNOWN: u8 = 0xFF;
    pub const ROOT_JNI_GLOBAL: u8 = 0x01;
    pub const ROOT_JNI_LOCAL: u8 = 0x02;
    pub const ROOT_JAVA_FRAME: u8 = 0x03;
    pub const ROOT_STICKY_CLASS: u8 = 0x05;
    pub const ROOT_MONITOR_USED: u8 = 0x07;
    pub const ROOT_THREAD_OBJECT: u8 = 0x08;
    pub const CLASS_DUMP: u8 = 0x20;
    pub const INSTANCE_DUMP: u8 = 0x21;
    pub const OBJECT_ARRAY_DUMP: u8 = 0x22;
    pub const PRIMITIVE_ARRAY_DUMP: u8 = 0x23;
}

/// Basic type codes (field types, primitive array element types) and their sizes in the dump.
pub mod basic {
    pub const OBJECT: u8 = 2;
    pub const BOOLEAN: u8 = 4;
    pub const CHAR: u8 = 5;
    pub const FLOAT: u8 = 6;
    pub const DOUBLE: u8 = 7;
    pub const BYTE: u8 = 8;
    pub const SHORT: u8 = 9;
    pub const INT: u8 = 10;
    pub const LONG: u8 = 11;

    /// Bytes a value of basic type `code` takes in the dump (an object: one id).
    pub fn size(code: u8) -> usize {
        match code {
            OBJECT | DOUBLE | LONG => 8,
            BOOLEAN | BYTE => 1,
            CHAR | SHORT => 2,
            _ => 4,
        }
    }

    /// The basic type of a field descriptor (`I`, `Ljava/lang/String;`, `[J`...).
    pub fn of_descriptor(descriptor: &str) -> u8 {
        match descriptor.as_bytes().first() {
            Some(b'Z') => BOOLEAN,
            Some(b'C') => CHAR,
            Some(b'F') => FLOAT,
            Some(b'D') => DOUBLE,
            Some(b'B') => BYTE,
            Some(b'S') => SHORT,
            Some(b'I') => INT,
            Some(b'J') => LONG,
            _ => OBJECT,
        }
    }
}

/// HPROF's basic type code and element size of a primitive array type name (`[I`...).
pub fn primitive_array(name: &str) -> Option<(u8, usize)> {
    let code = match name {
        "[Z" => basic::BOOLEAN,
        "[C" => basic::CHAR,
        "[F" => basic::FLOAT,
        "[D" => basic::DOUBLE,
        "[B" => basic::BYTE,
        "[S" => basic::SHORT,
        "[I" => basic::INT,
        "[J" => basic::LONG,
        _ => return None,
    };
    Some((code, basic::size(code)))
}

/// The id of the object at heap offset `offset`.
pub fn object_id(offset: u64) -> u64 {
    OBJECT_ID_BASE + offset
}

/// The id of the class with type id `type_id` when it has no object in the heap.
pub fn class_id(type_id: u32) -> u64 {
    CLASS_ID_BASE + type_id as u64 * 8
}

/// Appends an id (8 bytes, big-endian).
pub fn id(v: &mut Vec<u8>, x: u64) {
    v.extend_from_slice(&x.to_be_bytes());
}
/// Appends a u4 (big-endian).
pub fn u4(v: &mut Vec<u8>, x: u32) {
    v.extend_from_slice(&x.to_be_bytes());
}
/// Appends a u2 (big-endian).
pub fn u2(v: &mut Vec<u8>, x: u16) {
    v.extend_from_slice(&x.to_be_bytes());
}

/// Writes an HPROF file: the header, then top-level records, then heap dump sub-records
/// gathered into segments. Counts the bytes it writes.
pub struct HprofWriter<W: Write> {
    w: W,
    seg: Vec<u8>,
    written: u64,
}

impl<W: Write> HprofWriter<W> {
    /// Writes the header (8-byte ids, the time `start_unix_ms`) and the empty stack trace
    /// (serial `EMPTY_STACK_TRACE`) that class and object records name.
    pub fn new(w: W, start_unix_ms: u64) -> std::io::Result<HprofWriter<W>> {
        let mut out = HprofWriter {
            w,
            seg: Vec::new(),
            written: 0,
        };
        out.write(b"JAVA PROFILE 1.0.2\0")?;
        out.write(&8u32.to_be_bytes())?;
        out.write(&start_unix_ms.to_be_bytes())?;
        out.stack_trace(EMPTY_STACK_TRACE, 0, &[])?;
        Ok(out)
    }

    fn write(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.written += bytes.len() as u64;
        self.w.write_all(bytes)
    }

    fn record_head(&mut self, tag: u8, len: u32) -> std::io::Result<()> {
        self.write(&[tag])?;
        self.write(&0u32.to_be_bytes())?;
        self.write(&len.to_be_bytes())
    }

    /// A top-level record with body `body`. Top-level records may not come between the
    /// sub-records of a segment: the pending segment is written first.
    pub fn record(&mut self, tag: u8, body: &[u8]) -> std::io::Result<()> {
        self.flush_segment()?;
        self.record_head(tag, body.len() as u32)?;
        self.write(body)
    }

    /// A UTF8 record: `text` under `name_id`.
    pub fn utf8(&mut self, name_id: u64, text: &str) -> std::io::Result<()> {
        let mut b = Vec::with_capacity(8 + text.len());
        id(&mut b, name_id);
        b.extend_from_slice(text.as_bytes());
        self.record(tag::UTF8, &b)
    }

    /// A LOAD CLASS record.
    pub fn load_class(&mut self, serial: u32, class: u64, name_id: u64) -> std::io::Result<()> {
        let mut b = Vec::with_capacity(24);
        u4(&mut b, serial);
        id(&mut b, class);
        u4(&mut b, EMPTY_STACK_TRACE);
        id(&mut b, name_id);
        self.record(tag::LOAD_CLASS, &b)
    }

    /// A STACK TRACE record of `frames` (frame ids, innermost first).
    pub fn stack_trace(&mut self, serial: u32, thread: u32, frames: &[u64]) -> std::io::Result<()> {
        let mut b = Vec::with_capacity(12 + 8 * frames.len());
        u4(&mut b, serial);
        u4(&mut b, thread);
        u4(&mut b, frames.len() as u32);
        for &f in frames {
            id(&mut b, f);
        }
        self.record(tag::STACK_TRACE, &b)
    }

    /// Writes the pending heap dump segment, if any.
    pub fn flush_segment(&mut self) -> std::io::Result<()> {
        if !self.seg.is_empty() {
            let seg = std::mem::take(&mut self.seg);
            self.record_head(tag::HEAP_DUMP_SEGMENT, seg.len() as u32)?;
            self.write(&seg)?;
            self.seg = seg;
            self.seg.clear();
        }
        Ok(())
    }

    /// A heap dump sub-record (`bytes` starts with its sub-record tag).
    pub fn sub(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        if !self.seg.is_empty() && self.seg.len() + bytes.len() > SEGMENT_BYTES {
            self.flush_segment()?;
        }
        if bytes.len() > SEGMENT_BYTES {
            // a large array: a segment of its own, written straight through
            self.record_head(tag::HEAP_DUMP_SEGMENT, segment_len(bytes.len() as u64)?)?;
            return self.write(bytes);
        }
        self.seg.extend_from_slice(bytes);
        Ok(())
    }

    /// A sub-record: `head`, then `zeros` zero bytes (an array's elements). A large one gets a
    /// segment of its own and its zeros are written a block at a time, never held.
    pub fn sub_zeros(&mut self, head: &[u8], zeros: u64) -> std::io::Result<()> {
        const BLOCK: usize = 64 << 10;
        if zeros <= BLOCK as u64 {
            let mut b = head.to_vec();
            b.resize(head.len() + zeros as usize, 0);
            return self.sub(&b);
        }
        let len = segment_len(head.len() as u64 + zeros)?;
        self.flush_segment()?;
        self.record_head(tag::HEAP_DUMP_SEGMENT, len)?;
        self.write(head)?;
        let block = [0u8; BLOCK];
        let mut left = zeros;
        while left > 0 {
            let n = left.min(BLOCK as u64) as usize;
            self.write(&block[..n])?;
            left -= n as u64;
        }
        Ok(())
    }

    /// Ends the heap dump (the last segment, HEAP DUMP END) and flushes; returns the writer
    /// and the number of bytes written.
    pub fn finish(mut self) -> std::io::Result<(W, u64)> {
        self.flush_segment()?;
        self.record_head(tag::HEAP_DUMP_END, 0)?;
        self.w.flush()?;
        Ok((self.w, self.written))
    }
}

/// A segment's length field, or an error for a sub-record too large for one (4 GiB).
fn segment_len(len: u64) -> std::io::Result<u32> {
    u32::try_from(len).map_err(|_| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("a sub-record of {len} bytes does not fit an HPROF segment (at most 4 GiB)"),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_header_empty_trace_segments_and_end() {
        let mut w = HprofWriter::new(Vec::new(), 7).unwrap();
        w.utf8(STRING_ID_BASE, "A").unwrap();
        w.sub(&[sub::ROOT_UNKNOWN, 0, 0, 0, 0, 0, 0, 0, 1]).unwrap();
        let (bytes, n) = w.finish().unwrap();
        assert_eq!(n, bytes.len() as u64);
        assert!(bytes.starts_with(b"JAVA PROFILE 1.0.2\0\0\0\0\x08"));
        // header 31, empty trace 9+12, UTF8 9+9, one segment 9+9, end 9
        assert_eq!(bytes.len(), 31 + 21 + 18 + 18 + 9);
        assert_eq!(bytes[bytes.len() - 9], tag::HEAP_DUMP_END);
    }

    #[test]
    fn descriptors_map_to_basic_types() {
        assert_eq!(basic::of_descriptor("I"), basic::INT);
        assert_eq!(basic::of_descriptor("[I"), basic::OBJECT);
        assert_eq!(basic::of_descriptor("Ljava/lang/String;"), basic::OBJECT);
        assert_eq!(basic::size(basic::LONG), 8);
        assert_eq!(primitive_array("[C"), Some((basic::CHAR, 2)));
    }
}
