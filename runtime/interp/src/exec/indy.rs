//! Running linked invokedynamic call sites (their linkage: link/indy.rs): string
//! concatenation, lambda proxies' construction, and records' toString, hashCode and equals.

use crate::model::insn::Kind;
use crate::model::sites::{ConcatSite, LambdaSite, Piece, RecordOp, RecordSite, Site};
use crate::runtime::thread::{JResult, JThread};
use gcvm_gc::Ref;

impl JThread {
    /// Runs a string-concatenation call site whose arguments end at `sp`; returns the new sp.
    pub fn exec_concat(&mut self, site: &ConcatSite, sp: usize) -> JResult<usize> {
        let base = sp - site.arg_slots as usize;
        let mut out: Vec<u16> = Vec::new();
        for piece in &site.pieces {
            match piece {
                Piece::Literal(l) => out.extend_from_slice(l),
                Piece::Arg { kind, slot } => {
                    let value = self.slots[base + *slot as usize];
                    self.append_value(&mut out, *kind, value)?;
                }
            }
        }
        let s = self.new_string_utf16_at(&out, site.sites)?;
        self.slots[base] = s.raw() as u64;
        Ok(base + 1)
    }

    /// Appends `String.valueOf(value)` for the value of `kind` in slot `at`.
    pub fn append_value(&mut self, out: &mut Vec<u16>, kind: Kind, v: u64) -> JResult<()> {
        let text = match kind {
            Kind::Int | Kind::Short | Kind::Byte => (v as u32 as i32).to_string(),
            Kind::Long => (v as i64).to_string(),
            Kind::Boolean => (if v as u32 != 0 { "true" } else { "false" }).to_string(),
            Kind::Char => {
                out.push(v as u16);
                return Ok(());
            }
            Kind::Float => crate::lang::javafmt::float_to_string(f32::from_bits(v as u32)),
            Kind::Double => crate::lang::javafmt::double_to_string(f64::from_bits(v)),
            Kind::Ref => {
                let obj = Ref::from_raw(v as u32);
                let s = self.string_value_of(obj)?;
                if s.is_null() {
                    "null".to_string()
                } else {
                    out.extend(self.string_chars(s));
                    return Ok(());
                }
            }
        };
        out.extend(text.encode_utf16());
        Ok(())
    }

    /// `String.valueOf(obj)` without the "null" mapping: the object itself if it is a String,
    /// else the result of its toString() (may be null).
    pub fn string_value_of(&mut self, obj: Ref) -> JResult<Ref> {
        if obj.is_null() {
            return Ok(Ref::NULL);
        }
        if self.class_of(obj).id == self.vm.classes.wk().string.id {
            return Ok(obj);
        }
        let r = self.invoke_virtual(obj, "toString", "()Ljava/lang/String;", &[])?;
        Ok(Ref::from_raw(r as u32))
    }

    /// Runs a lambda call site: allocates the proxy and stores the captured values.
    pub fn exec_new_lambda(&mut self, site: &LambdaSite, sp: usize) -> JResult<usize> {
        let base = sp - site.arg_slots as usize;
        let obj = self.new_object_at(site.class, Site::of_usual_type(site.site))?;
        let vm = self.vm;
        for &(offset, kind, slot) in &site.captures {
            let v = self.slots[base + slot as usize];
            crate::exec::interp::write_field(
                &vm.heap,
                &mut self.mutator,
                obj,
                offset as usize,
                kind,
                v,
            );
        }
        self.slots[base] = obj.raw() as u64;
        Ok(base + 1)
    }

    /// Runs a record's toString/hashCode/equals.
    pub fn exec_record_method(&mut self, site: &RecordSite, sp: usize) -> JResult<usize> {
        let base = sp - site.arg_slots as usize;
        let this = Ref::from_raw(self.slots[base] as u32);
        if this.is_null() {
            return Err(self.throw_npe());
        }
        let result: u64 = match site.op {
            RecordOp::ToString => self.record_to_string(site, base)?.raw() as u64,
            RecordOp::HashCode => self.record_hash_code(site, base)? as u32 as u64,
            RecordOp::Equals => self.record_equals(site, base)? as u64,
        };
        self.slots[base] = result;
        Ok(base + site.ret.map_or(0, Kind::slots))
    }

    fn record_to_string(&mut self, site: &RecordSite, base: usize) -> JResult<Ref> {
        let mut out: Vec<u16> = format!("{}[", site.simple_name).encode_utf16().collect();
        for (i, (name, offset, kind)) in site.components.iter().enumerate() {
            if i > 0 {
                out.extend(", ".encode_utf16());
            }
            out.extend(format!("{name}=").encode_utf16());
            let this = Ref::from_raw(self.slots[base] as u32);
            let v = crate::exec::interp::read_field(
                &self.vm.heap.memory,
                this.offset() + *offset as usize,
                *kind,
            );
            self.append_value(&mut out, *kind, v)?;
        }
        out.push(b']' as u16);
        self.new_string_utf16(&out)
    }

    fn record_hash_code(&mut self, site: &RecordSite, base: usize) -> JResult<i32> {
        let mut h: i32 = 0;
        for (_, offset, kind) in &site.components {
            let this = Ref::from_raw(self.slots[base] as u32);
            let v = crate::exec::interp::read_field(
                &self.vm.heap.memory,
                this.offset() + *offset as usize,
                *kind,
            );
            let c = match kind {
                Kind::Ref => {
                    let obj = Ref::from_raw(v as u32);
                    if obj.is_null() {
                        0
                    } else {
                        self.invoke_virtual(obj, "hashCode", "()I", &[])? as u32 as i32
                    }
                }
                _ => primitive_hash(*kind, v),
            };
            h = h.wrapping_mul(31).wrapping_add(c);
        }
        Ok(h)
    }

    fn record_equals(&mut self, site: &RecordSite, base: usize) -> JResult<bool> {
        let other = Ref::from_raw(self.slots[base + 1] as u32);
        let this = Ref::from_raw(self.slots[base] as u32);
        if other.is_null() || self.class_of(other).id != site.class {
            return Ok(false);
        }
        if other == this {
            return Ok(true);
        }
        for (_, offset, kind) in &site.components {
            let (this, other) = (
                Ref::from_raw(self.slots[base] as u32),
                Ref::from_raw(self.slots[base + 1] as u32),
            );
            let mem = &self.vm.heap.memory;
            let a = crate::exec::interp::read_field(mem, this.offset() + *offset as usize, *kind);
            let b = crate::exec::interp::read_field(mem, other.offset() + *offset as usize, *kind);
            let same = match kind {
                Kind::Float => canonical_f32(a) == canonical_f32(b),
                Kind::Double => canonical_f64(a) == canonical_f64(b),
                Kind::Ref => {
                    let (x, y) = (Ref::from_raw(a as u32), Ref::from_raw(b as u32));
                    x == y
                        || (!x.is_null()
                            && self.invoke_virtual(
                                x,
                                "equals",
                                "(Ljava/lang/Object;)Z",
                                &[y.raw() as u64],
                            )? as u32
                                != 0)
                }
                _ => a == b,
            };
            if !same {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

fn canonical_f32(bits: u64) -> u32 {
    let f = f32::from_bits(bits as u32);
    if f.is_nan() {
        0x7fc0_0000
    } else {
        f.to_bits()
    }
}

fn canonical_f64(bits: u64) -> u64 {
    let f = f64::from_bits(bits);
    if f.is_nan() {
        0x7ff8_0000_0000_0000
    } else {
        f.to_bits()
    }
}

/// The boxing classes' static hashCode of a primitive value.
fn primitive_hash(kind: Kind, v: u64) -> i32 {
    match kind {
        Kind::Boolean => {
            if v as u32 != 0 {
                1231
            } else {
                1237
            }
        }
        Kind::Long => (v ^ (v >> 32)) as i32,
        Kind::Double => {
            let b = canonical_f64(v);
            (b ^ (b >> 32)) as i32
        }
        Kind::Float => canonical_f32(v) as i32,
        _ => v as u32 as i32,
    }
}
