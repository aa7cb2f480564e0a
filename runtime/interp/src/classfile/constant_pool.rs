//! The constant pool (JVMS §4.4): reading its entries, the accessors the VM reads symbolic
//! references through, and the checks of every cross reference once the whole pool is known.

use super::*;

// ---------------------------------------------------------------------------
// Constant pool
// ---------------------------------------------------------------------------

/// Constant-pool tags (JVMS §4.4).
pub mod tag {
    pub const UTF8: u8 = 1;
    pub const INTEGER: u8 = 3;
    pub const FLOAT: u8 = 4;
    pub const LONG: u8 = 5;
    pub const DOUBLE: u8 = 6;
    pub const CLASS: u8 = 7;
    pub const STRING: u8 = 8;
    pub const FIELD_REF: u8 = 9;
    pub const METHOD_REF: u8 = 10;
    pub const INTERFACE_METHOD_REF: u8 = 11;
    pub const NAME_AND_TYPE: u8 = 12;
    pub const METHOD_HANDLE: u8 = 15;
    pub const METHOD_TYPE: u8 = 16;
    pub const DYNAMIC: u8 = 17;
    pub const INVOKE_DYNAMIC: u8 = 18;
    pub const MODULE: u8 = 19;
    pub const PACKAGE: u8 = 20;
}

/// Method-handle reference kinds (JVMS §5.4.3.5).
pub mod ref_kind {
    pub const GET_FIELD: u8 = 1;
    pub const GET_STATIC: u8 = 2;
    pub const PUT_FIELD: u8 = 3;
    pub const PUT_STATIC: u8 = 4;
    pub const INVOKE_VIRTUAL: u8 = 5;
    pub const INVOKE_STATIC: u8 = 6;
    pub const INVOKE_SPECIAL: u8 = 7;
    pub const NEW_INVOKE_SPECIAL: u8 = 8;
    pub const INVOKE_INTERFACE: u8 = 9;
}

pub(super) fn read_constant_pool(r: &mut Reader, major: u16) -> Result<ConstantPool> {
    let count = r.u16("constant_pool_count")?;
    if count == 0 {
        return format_error("Illegal constant pool size 0 in class file");
    }
    let mut entries = Vec::with_capacity(capacity_for(count as usize, 3, r));
    entries.push(Constant::Unusable);
    while entries.len() < count as usize {
        let index = entries.len() as u16;
        let constant = read_constant(r, index, major)?;
        let two_slots = matches!(constant, Constant::Long(_) | Constant::Double(_));
        entries.push(constant);
        if two_slots {
            if entries.len() >= count as usize {
                return format_error(format!(
                    "Invalid constant pool entry {index}: a Long or Double needs two slots but is the last entry"
                ));
            }
            entries.push(Constant::Unusable);
        }
    }
    let pool = ConstantPool { entries };
    check_constant_pool(&pool, major)?;
    Ok(pool)
}

pub(super) fn read_constant(r: &mut Reader, index: u16, major: u16) -> Result<Constant> {
    let tag_offset = r.offset();
    let tag = r.u8("constant pool tag")?;
    check_tag_allowed(tag, index, tag_offset, major)?;
    let what = "constant pool entry";
    Ok(match tag {
        tag::UTF8 => Constant::Utf8(read_utf8_constant(r, index)?),
        tag::INTEGER => Constant::Integer(r.u32(what)? as i32),
        tag::FLOAT => Constant::Float(f32::from_bits(r.u32(what)?)),
        tag::LONG => Constant::Long(r.u64(what)? as i64),
        tag::DOUBLE => Constant::Double(f64::from_bits(r.u64(what)?)),
        tag::CLASS => Constant::Class {
            name_index: r.u16(what)?,
        },
        tag::STRING => Constant::String {
            string_index: r.u16(what)?,
        },
        tag::FIELD_REF => Constant::FieldRef {
            class_index: r.u16(what)?,
            name_and_type_index: r.u16(what)?,
        },
        tag::METHOD_REF => Constant::MethodRef {
            class_index: r.u16(what)?,
            name_and_type_index: r.u16(what)?,
        },
        tag::INTERFACE_METHOD_REF => Constant::InterfaceMethodRef {
            class_index: r.u16(what)?,
            name_and_type_index: r.u16(what)?,
        },
        tag::NAME_AND_TYPE => Constant::NameAndType {
            name_index: r.u16(what)?,
            descriptor_index: r.u16(what)?,
        },
        tag::METHOD_HANDLE => Constant::MethodHandle {
            reference_kind: r.u8(what)?,
            reference_index: r.u16(what)?,
        },
        tag::METHOD_TYPE => Constant::MethodType {
            descriptor_index: r.u16(what)?,
        },
        tag::DYNAMIC => Constant::Dynamic {
            bootstrap_method_attr_index: r.u16(what)?,
            name_and_type_index: r.u16(what)?,
        },
        tag::INVOKE_DYNAMIC => Constant::InvokeDynamic {
            bootstrap_method_attr_index: r.u16(what)?,
            name_and_type_index: r.u16(what)?,
        },
        tag::MODULE => Constant::Module {
            name_index: r.u16(what)?,
        },
        tag::PACKAGE => Constant::Package {
            name_index: r.u16(what)?,
        },
        _ => return Err(unknown_tag(tag, index, tag_offset)),
    })
}

/// The first class-file major version that allows `tag`, or None for unknown tags.
pub(super) fn first_major_for_tag(tag: u8) -> Option<u16> {
    match tag {
        tag::UTF8
        | tag::INTEGER
        | tag::FLOAT
        | tag::LONG
        | tag::DOUBLE
        | tag::CLASS
        | tag::STRING
        | tag::FIELD_REF
        | tag::METHOD_REF
        | tag::INTERFACE_METHOD_REF
        | tag::NAME_AND_TYPE => Some(45),
        tag::METHOD_HANDLE | tag::METHOD_TYPE | tag::INVOKE_DYNAMIC => Some(51),
        tag::MODULE | tag::PACKAGE => Some(53),
        tag::DYNAMIC => Some(55),
        _ => None,
    }
}

pub(super) fn check_tag_allowed(tag: u8, index: u16, offset: usize, major: u16) -> Result<()> {
    match first_major_for_tag(tag) {
        None => Err(unknown_tag(tag, index, offset)),
        Some(first) if major < first => format_error(format!(
            "Class file version {major} does not support constant tag {tag} at constant pool index {index}"
        )),
        Some(_) => Ok(()),
    }
}

pub(super) fn unknown_tag(tag: u8, index: u16, offset: usize) -> ClassFileError {
    ClassFileError::Format(format!(
        "Unknown constant tag {tag} at constant pool index {index} (byte offset {offset})"
    ))
}

pub(super) fn read_utf8_constant(r: &mut Reader, index: u16) -> Result<JUtf8> {
    let length = r.u16("Utf8 length")? as usize;
    let start = r.offset();
    let bytes = r.take(length, "Utf8 bytes")?;
    decode_modified_utf8(bytes).map_err(|bad| {
        ClassFileError::Format(format!(
            "Illegal UTF8 string in constant pool entry {index} at byte offset {}",
            start + bad
        ))
    })
}

impl JUtf8 {
    /// Decodes the modified UTF-8 of JVMS §4.4.7 (as stored in CONSTANT_Utf8).
    pub fn from_modified_utf8(bytes: &[u8]) -> Result<JUtf8> {
        decode_modified_utf8(bytes)
            .map_err(|bad| ClassFileError::Format(format!("Illegal modified UTF-8 at byte {bad}")))
    }

    /// A JUtf8 for a Rust string (surrogate pairs for characters above U+FFFF).
    pub fn from_text(text: &str) -> JUtf8 {
        JUtf8 {
            text: text.to_string(),
            utf16: text.encode_utf16().collect(),
        }
    }
}

/// Decodes modified UTF-8; on failure returns the position of the offending byte.
/// One, two and three byte forms only; NUL must be written as 0xC0 0x80; surrogates
/// are encoded one by one (three bytes each) and are kept as separate code units.
pub(super) fn decode_modified_utf8(bytes: &[u8]) -> std::result::Result<JUtf8, usize> {
    let mut utf16 = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let (unit, len) = decode_one_unit(&bytes[i..]).ok_or(i)?;
        utf16.push(unit);
        i += len;
    }
    let text = String::from_utf16_lossy(&utf16);
    Ok(JUtf8 { text, utf16 })
}

/// Decodes the code unit at the start of `b`, returning it and its length in bytes.
pub(super) fn decode_one_unit(b: &[u8]) -> Option<(u16, usize)> {
    let continuation = |i: usize| {
        b.get(i)
            .filter(|&&c| c & 0xC0 == 0x80)
            .map(|&c| (c & 0x3F) as u16)
    };
    let lead = b[0];
    match lead {
        0x01..=0x7F => Some((lead as u16, 1)),
        0xC0..=0xDF => {
            let unit = ((lead as u16 & 0x1F) << 6) | continuation(1)?;
            let shortest = unit == 0 || unit >= 0x80;
            shortest.then_some((unit, 2))
        }
        0xE0..=0xEF => {
            let unit = ((lead as u16 & 0x0F) << 12) | (continuation(1)? << 6) | continuation(2)?;
            (unit >= 0x800).then_some((unit, 3))
        }
        _ => None, // NUL byte, stray continuation byte, or a four-byte form
    }
}

// ----- Constant pool accessors ---------------------------------------------

pub(super) fn kind_name(constant: &Constant) -> &'static str {
    match constant {
        Constant::Unusable => "unusable",
        Constant::Utf8(_) => "Utf8",
        Constant::Integer(_) => "Integer",
        Constant::Float(_) => "Float",
        Constant::Long(_) => "Long",
        Constant::Double(_) => "Double",
        Constant::Class { .. } => "Class",
        Constant::String { .. } => "String",
        Constant::FieldRef { .. } => "Fieldref",
        Constant::MethodRef { .. } => "Methodref",
        Constant::InterfaceMethodRef { .. } => "InterfaceMethodref",
        Constant::NameAndType { .. } => "NameAndType",
        Constant::MethodHandle { .. } => "MethodHandle",
        Constant::MethodType { .. } => "MethodType",
        Constant::Dynamic { .. } => "Dynamic",
        Constant::InvokeDynamic { .. } => "InvokeDynamic",
        Constant::Module { .. } => "Module",
        Constant::Package { .. } => "Package",
    }
}

pub(super) fn wrong_kind<T>(index: u16, found: &Constant, expected: &str) -> Result<T> {
    format_error(format!(
        "Constant pool entry {index} is a {}, expected {expected}",
        kind_name(found)
    ))
}

impl ConstantPool {
    /// The entry at `index`; index 0, the slot after a Long/Double and indices past
    /// the end are errors.
    pub fn get(&self, index: u16) -> Result<&Constant> {
        match self.entries.get(index as usize) {
            Some(Constant::Unusable) | None => format_error(format!(
                "Invalid constant pool index {index} (valid indices are 1 to {})",
                self.entries.len().saturating_sub(1)
            )),
            Some(constant) => Ok(constant),
        }
    }

    pub fn utf8(&self, index: u16) -> Result<&JUtf8> {
        match self.get(index)? {
            Constant::Utf8(s) => Ok(s),
            other => wrong_kind(index, other, "Utf8"),
        }
    }

    pub fn utf8_str(&self, index: u16) -> Result<&str> {
        Ok(&self.utf8(index)?.text)
    }

    /// CONSTANT_Class -> its binary name (or array descriptor, e.g. `[I`).
    pub fn class_name(&self, index: u16) -> Result<&str> {
        match self.get(index)? {
            Constant::Class { name_index } => self.utf8_str(*name_index),
            other => wrong_kind(index, other, "Class"),
        }
    }

    /// CONSTANT_String -> its contents.
    pub fn string(&self, index: u16) -> Result<&JUtf8> {
        match self.get(index)? {
            Constant::String { string_index } => self.utf8(*string_index),
            other => wrong_kind(index, other, "String"),
        }
    }

    /// CONSTANT_NameAndType -> (name, descriptor).
    pub fn name_and_type(&self, index: u16) -> Result<(&str, &str)> {
        match self.get(index)? {
            Constant::NameAndType {
                name_index,
                descriptor_index,
            } => Ok((
                self.utf8_str(*name_index)?,
                self.utf8_str(*descriptor_index)?,
            )),
            other => wrong_kind(index, other, "NameAndType"),
        }
    }

    /// CONSTANT_Fieldref, CONSTANT_Methodref or CONSTANT_InterfaceMethodref.
    pub fn member_ref(&self, index: u16) -> Result<MemberRef> {
        let (class_index, nat_index, is_interface) = match self.get(index)? {
            Constant::FieldRef {
                class_index,
                name_and_type_index,
            }
            | Constant::MethodRef {
                class_index,
                name_and_type_index,
            } => (*class_index, *name_and_type_index, false),
            Constant::InterfaceMethodRef {
                class_index,
                name_and_type_index,
            } => (*class_index, *name_and_type_index, true),
            other => return wrong_kind(index, other, "Fieldref, Methodref or InterfaceMethodref"),
        };
        let (name, descriptor) = self.name_and_type(nat_index)?;
        Ok(MemberRef {
            class: self.class_name(class_index)?.to_string(),
            name: name.to_string(),
            descriptor: descriptor.to_string(),
            is_interface,
        })
    }

    /// CONSTANT_MethodHandle -> (reference kind, the referenced member).
    pub fn method_handle(&self, index: u16) -> Result<(u8, MemberRef)> {
        match self.get(index)? {
            Constant::MethodHandle {
                reference_kind,
                reference_index,
            } => Ok((*reference_kind, self.member_ref(*reference_index)?)),
            other => wrong_kind(index, other, "MethodHandle"),
        }
    }

    /// CONSTANT_MethodType -> its method descriptor.
    pub fn method_type(&self, index: u16) -> Result<&str> {
        match self.get(index)? {
            Constant::MethodType { descriptor_index } => self.utf8_str(*descriptor_index),
            other => wrong_kind(index, other, "MethodType"),
        }
    }

    /// CONSTANT_InvokeDynamic or CONSTANT_Dynamic -> (bootstrap method index, name, descriptor).
    pub fn invoke_dynamic(&self, index: u16) -> Result<(u16, &str, &str)> {
        match self.get(index)? {
            Constant::InvokeDynamic {
                bootstrap_method_attr_index,
                name_and_type_index,
            }
            | Constant::Dynamic {
                bootstrap_method_attr_index,
                name_and_type_index,
            } => {
                let (name, descriptor) = self.name_and_type(*name_and_type_index)?;
                Ok((*bootstrap_method_attr_index, name, descriptor))
            }
            other => wrong_kind(index, other, "InvokeDynamic or Dynamic"),
        }
    }
}

// ----- Constant pool validation ----------------------------------------------

/// Checks every cross reference in the pool once all entries are known.
pub(super) fn check_constant_pool(pool: &ConstantPool, major: u16) -> Result<()> {
    for (index, constant) in pool.entries.iter().enumerate() {
        let index = index as u16;
        in_context(check_constant(pool, index, constant, major), || {
            format!("constant pool entry {index}")
        })?;
    }
    Ok(())
}

pub(super) fn check_constant(
    pool: &ConstantPool,
    index: u16,
    constant: &Constant,
    major: u16,
) -> Result<()> {
    match constant {
        Constant::Class { name_index } => pool.utf8(*name_index).map(drop),
        Constant::String { string_index } => pool.utf8(*string_index).map(drop),
        Constant::Module { name_index } | Constant::Package { name_index } => {
            pool.utf8(*name_index).map(drop)
        }
        Constant::NameAndType { .. } => pool.name_and_type(index).map(drop),
        Constant::FieldRef { .. } => {
            parse_field_descriptor(&pool.member_ref(index)?.descriptor).map(drop)
        }
        Constant::MethodRef { .. } | Constant::InterfaceMethodRef { .. } => {
            parse_method_descriptor(&pool.member_ref(index)?.descriptor).map(drop)
        }
        Constant::MethodHandle {
            reference_kind,
            reference_index,
        } => check_method_handle(pool, *reference_kind, *reference_index, major),
        Constant::MethodType { .. } => parse_method_descriptor(pool.method_type(index)?).map(drop),
        Constant::Dynamic { .. } => parse_field_descriptor(pool.invoke_dynamic(index)?.2).map(drop),
        Constant::InvokeDynamic { .. } => {
            parse_method_descriptor(pool.invoke_dynamic(index)?.2).map(drop)
        }
        Constant::Unusable
        | Constant::Utf8(_)
        | Constant::Integer(_)
        | Constant::Float(_)
        | Constant::Long(_)
        | Constant::Double(_) => Ok(()),
    }
}

/// JVMS §4.4.8: the kind decides what the handle may refer to.
pub(super) fn check_method_handle(
    pool: &ConstantPool,
    kind: u8,
    target: u16,
    major: u16,
) -> Result<()> {
    let referenced = pool.get(target)?;
    let kind_fits = match (kind, referenced) {
        (1..=4, Constant::FieldRef { .. }) => true,
        (5 | 8, Constant::MethodRef { .. }) => true,
        (6 | 7, Constant::MethodRef { .. }) => true,
        (6 | 7, Constant::InterfaceMethodRef { .. }) => major >= 52,
        (9, Constant::InterfaceMethodRef { .. }) => true,
        _ => false,
    };
    if !(1..=9).contains(&kind) {
        return format_error(format!("Bad method handle kind {kind}"));
    }
    if !kind_fits {
        return wrong_kind(
            target,
            referenced,
            &format!("a target fitting method handle kind {kind}"),
        );
    }
    let name = pool.member_ref(target)?.name;
    let is_initializer = name == "<init>" || name == "<clinit>";
    let name_fits = match kind {
        ref_kind::NEW_INVOKE_SPECIAL => name == "<init>",
        5..=9 => !is_initializer,
        _ => true,
    };
    if !name_fits {
        return format_error(format!(
            "Method handle of kind {kind} may not refer to {name}"
        ));
    }
    Ok(())
}

/// Dynamic/InvokeDynamic entries index the BootstrapMethods attribute.
pub(super) fn check_bootstrap_method_indices(
    pool: &ConstantPool,
    bootstrap: &[BootstrapMethod],
) -> Result<()> {
    for (index, constant) in pool.entries.iter().enumerate() {
        if let Constant::Dynamic {
            bootstrap_method_attr_index: bsm,
            ..
        }
        | Constant::InvokeDynamic {
            bootstrap_method_attr_index: bsm,
            ..
        } = constant
        {
            if *bsm as usize >= bootstrap.len() {
                return format_error(format!(
                    "Constant pool entry {index} uses bootstrap method {bsm}, but the class has {} bootstrap methods",
                    bootstrap.len()
                ));
            }
        }
    }
    Ok(())
}
