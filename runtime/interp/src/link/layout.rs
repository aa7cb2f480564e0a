//! Field layout: where each instance field lives in an object and which static slot each static
//! field takes.

use crate::classfile::{self, access, ClassFile};
use crate::model::class::{Class, Field};
use crate::model::error::LinkageError;
use crate::model::insn::Kind;

pub struct FieldLayout {
    pub fields: Vec<Field>,
    pub instance_size: u32,
    pub fields_end: u32,
    pub ref_offsets: Vec<u32>,
    pub static_count: usize,
    pub static_ref_slots: Vec<u32>,
}

/// Lays out instance fields after the superclass's (largest first, a 4-byte field filling the
/// slot at offset 12 when the layout starts there) and gives each static field a slot.
pub fn layout_fields(
    cf: &ClassFile,
    super_class: Option<&Class>,
) -> Result<FieldLayout, LinkageError> {
    let mut fields = Vec::new();
    let mut instance: Vec<(usize, Kind)> = Vec::new();
    let mut static_count = 0;
    let mut static_ref_slots = Vec::new();
    for (i, f) in cf.fields.iter().enumerate() {
        classfile::parse_field_descriptor(&f.descriptor).map_err(|e| {
            LinkageError::new(
                "java/lang/ClassFormatError",
                format!("{e} in field {} of {}", f.name, cf.this_class),
            )
        })?;
        let kind = Kind::from_descriptor(&f.descriptor);
        let is_static = f.access_flags & access::STATIC != 0;
        let offset = if is_static {
            if kind == Kind::Ref {
                static_ref_slots.push(static_count as u32);
            }
            static_count += 1;
            static_count as u32 - 1
        } else {
            instance.push((i, kind));
            0
        };
        fields.push(Field {
            name: f.name.clone(),
            descriptor: f.descriptor.clone(),
            flags: f.access_flags,
            kind,
            offset,
            constant_value: f.constant_value_index,
        });
    }
    let mut offset = super_class
        .map(|s| s.fields_end as usize)
        .unwrap_or(gcvm_gc::object::FIRST_FIELD_OFFSET);
    let mut ref_offsets = super_class
        .map(|s| s.ref_offsets.clone())
        .unwrap_or_default();
    instance.sort_by_key(|&(i, k)| (std::cmp::Reverse(k.size()), i));
    if offset % 8 == 4 {
        if let Some(pos) = instance.iter().position(|&(_, k)| k.size() == 4) {
            let item = instance.remove(pos);
            instance.insert(0, item);
        }
    }
    for (i, kind) in instance {
        offset = offset.next_multiple_of(kind.size());
        fields[i].offset = offset as u32;
        if kind == Kind::Ref {
            ref_offsets.push(offset as u32);
        }
        offset += kind.size();
    }
    Ok(FieldLayout {
        fields,
        instance_size: gcvm_gc::object::align_up(offset.max(gcvm_gc::object::MIN_OBJECT_SIZE))
            as u32,
        fields_end: offset as u32,
        ref_offsets,
        static_count,
        static_ref_slots,
    })
}
