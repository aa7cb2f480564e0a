//! Class-file parsing (JVMS chapter 4) into plain Rust structures: the classfile layer, which
//! knows nothing of the VM (docs/architecture.md, "The interpreter's layers").
//!
//! CONTRACT (the interpreter codes against these types; keep them stable):
//! - `parse(bytes)` never panics; every problem is a `ClassFileError` naming it.
//! - Constant-pool indices are validated; symbolic references are exposed as strings
//!   through the accessors on `ConstantPool`.
//!
//! The parser reads the file front to back with a bounds-checked `Reader`, then
//! checks every constant-pool cross reference once the whole pool is known (the
//! pool may refer forwards). Field and method descriptors are validated at load
//! time, so the interpreter may parse them with `parse_*_descriptor` and expect
//! success. Attributes other than Code, LineNumberTable, LocalVariableTable (for helpful
//! NullPointerException messages), StackMapTable (kept
//! undecoded for the verifier), ConstantValue, SourceFile, BootstrapMethods,
//! NestHost and NestMembers are skipped.

mod checks;
pub mod classpath;
mod constant_pool;

use checks::ClassContext;
use constant_pool::*;
pub use constant_pool::{ref_kind, tag};

use std::fmt;

/// Why a class file could not be read.
#[derive(Debug, Clone, PartialEq)]
pub enum ClassFileError {
    /// java.lang.ClassFormatError: the message names the problem (and the offset where useful);
    /// the loader adds the class file's name.
    Format(String),
    /// java.lang.ClassFormatError with HotSpot's whole message, the class's name in it
    /// (checks.rs).
    Illegal(String),
    /// java.lang.UnsupportedClassVersionError: major.minor above 61.
    UnsupportedVersion { major: u16, minor: u16 },
}

impl fmt::Display for ClassFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClassFileError::Format(m) | ClassFileError::Illegal(m) => write!(f, "{m}"),
            ClassFileError::UnsupportedVersion { major, minor } => write!(
                f,
                "class file version {major}.{minor} is not supported (this VM recognizes class file versions up to 61.0)"
            ),
        }
    }
}

/// A CONSTANT_Utf8 entry: the raw modified-UTF-8 bytes decoded as UTF-16 code units
/// (exact, including unpaired surrogates) plus a Rust string (lossy only for unpaired surrogates).
#[derive(Debug, Clone, PartialEq)]
pub struct JUtf8 {
    pub text: String,
    pub utf16: Vec<u16>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Constant {
    /// Index 0 and the slot after a Long or Double.
    Unusable,
    Utf8(JUtf8),
    Integer(i32),
    Float(f32),
    Long(i64),
    Double(f64),
    Class {
        name_index: u16,
    },
    String {
        string_index: u16,
    },
    FieldRef {
        class_index: u16,
        name_and_type_index: u16,
    },
    MethodRef {
        class_index: u16,
        name_and_type_index: u16,
    },
    InterfaceMethodRef {
        class_index: u16,
        name_and_type_index: u16,
    },
    NameAndType {
        name_index: u16,
        descriptor_index: u16,
    },
    MethodHandle {
        reference_kind: u8,
        reference_index: u16,
    },
    MethodType {
        descriptor_index: u16,
    },
    Dynamic {
        bootstrap_method_attr_index: u16,
        name_and_type_index: u16,
    },
    InvokeDynamic {
        bootstrap_method_attr_index: u16,
        name_and_type_index: u16,
    },
    Module {
        name_index: u16,
    },
    Package {
        name_index: u16,
    },
}

/// A resolved-to-strings field or method reference.
#[derive(Debug, Clone, PartialEq)]
pub struct MemberRef {
    /// Binary class name, e.g. `java/lang/String` (or an array descriptor like `[I` for array methods).
    pub class: String,
    pub name: String,
    pub descriptor: String,
    /// True for CONSTANT_InterfaceMethodref.
    pub is_interface: bool,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct ConstantPool {
    pub entries: Vec<Constant>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ExceptionHandler {
    pub start_pc: u16,
    pub end_pc: u16,
    pub handler_pc: u16,
    /// None = catch all (finally).
    pub catch_type: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Code {
    pub max_stack: u16,
    pub max_locals: u16,
    pub bytecode: Vec<u8>,
    pub exception_table: Vec<ExceptionHandler>,
    /// (start_pc, line_number), from every LineNumberTable attribute, sorted by start_pc.
    pub line_numbers: Vec<(u16, u16)>,
    /// The StackMapTable attribute's body, undecoded (the verifier reads it: link/verifier/).
    pub stack_map_table: Option<Vec<u8>>,
    /// Every LocalVariableTable entry (javac -g), in class-file order.
    pub local_variables: Vec<LocalVariable>,
}

/// One LocalVariableTable entry: local `slot` is named `name` for bytecode indices
/// `start_pc .. start_pc + length`.
#[derive(Debug, Clone, PartialEq)]
pub struct LocalVariable {
    pub start_pc: u16,
    pub length: u16,
    pub name: String,
    pub slot: u16,
}

#[derive(Debug, Clone, PartialEq)]
pub struct FieldInfo {
    pub access_flags: u16,
    pub name: String,
    pub descriptor: String,
    /// ConstantValue attribute: index of an Integer/Float/Long/Double/String constant.
    pub constant_value_index: Option<u16>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct MethodInfo {
    pub access_flags: u16,
    pub name: String,
    pub descriptor: String,
    pub code: Option<Code>,
    /// The Exceptions attribute: binary names of the declared checked exceptions (reflection).
    pub exceptions: Vec<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct BootstrapMethod {
    /// Index of a CONSTANT_MethodHandle.
    pub method_ref: u16,
    pub arguments: Vec<u16>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ClassFile {
    pub minor_version: u16,
    pub major_version: u16,
    pub constant_pool: ConstantPool,
    pub access_flags: u16,
    pub this_class: String,
    pub super_class: Option<String>,
    pub interfaces: Vec<String>,
    pub fields: Vec<FieldInfo>,
    pub methods: Vec<MethodInfo>,
    pub source_file: Option<String>,
    pub bootstrap_methods: Vec<BootstrapMethod>,
    pub nest_host: Option<String>,
    pub nest_members: Vec<String>,
}

pub mod access {
    pub const PUBLIC: u16 = 0x0001;
    pub const PRIVATE: u16 = 0x0002;
    pub const PROTECTED: u16 = 0x0004;
    pub const STATIC: u16 = 0x0008;
    pub const FINAL: u16 = 0x0010;
    pub const SYNCHRONIZED: u16 = 0x0020;
    pub const SUPER: u16 = 0x0020;
    pub const VOLATILE: u16 = 0x0040;
    pub const BRIDGE: u16 = 0x0040;
    pub const VARARGS: u16 = 0x0080;
    pub const TRANSIENT: u16 = 0x0080;
    pub const NATIVE: u16 = 0x0100;
    pub const INTERFACE: u16 = 0x0200;
    pub const ABSTRACT: u16 = 0x0400;
    pub const STRICT: u16 = 0x0800;
    pub const SYNTHETIC: u16 = 0x1000;
    pub const ANNOTATION: u16 = 0x2000;
    pub const ENUM: u16 = 0x4000;
}

/// A field type from a descriptor.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum FieldType {
    Byte,
    Char,
    Double,
    Float,
    Int,
    Long,
    Short,
    Boolean,
    /// Binary class name without L and ;
    Object(String),
    Array(Box<FieldType>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MethodDescriptor {
    pub params: Vec<FieldType>,
    /// None = void.
    pub ret: Option<FieldType>,
}

type Result<T> = std::result::Result<T, ClassFileError>;

fn format_error<T>(message: impl Into<String>) -> Result<T> {
    Err(ClassFileError::Format(message.into()))
}

/// Appends where a format error happened, e.g. " (in method run()V)".
fn in_context<T>(result: Result<T>, context: impl FnOnce() -> String) -> Result<T> {
    result.map_err(|error| match error {
        ClassFileError::Format(message) => {
            ClassFileError::Format(format!("{message} (in {})", context()))
        }
        other => other,
    })
}

// ---------------------------------------------------------------------------
// Parsing entry point
// ---------------------------------------------------------------------------

const MAGIC: u32 = 0xCAFE_BABE;
const MIN_MAJOR: u16 = 45;
const MAX_MAJOR: u16 = 61;

/// Parses a whole class file. See the module documentation for what is checked.
pub fn parse(bytes: &[u8]) -> Result<ClassFile> {
    let mut r = Reader::new(bytes);
    check_magic(&mut r)?;
    let (minor_version, major_version) = read_version(&mut r)?;
    let constant_pool = read_constant_pool(&mut r, major_version)?;
    let cp = &constant_pool;
    let access_flags = r.u16("access_flags")?;
    let this_class = read_class_ref(&mut r, cp, "this_class")?;
    let access_flags = checks::check_class_modifiers(&this_class, access_flags, major_version)?;
    let class = ClassContext {
        name: &this_class,
        flags: access_flags,
        major: major_version,
    };
    let super_class = read_super_class(&mut r, cp, &this_class)?;
    checks::check_interface_super(&class, super_class.as_deref())?;
    let interfaces = read_interfaces(&mut r, cp)?;
    checks::check_unique_interfaces(&class, &interfaces)?;
    let fields = read_fields(&mut r, cp, &class)?;
    let methods = read_methods(&mut r, cp, &class)?;
    let attributes = read_class_attributes(&mut r, cp)?;
    check_no_extra_bytes(&r)?;
    check_bootstrap_method_indices(cp, &attributes.bootstrap_methods)?;
    Ok(ClassFile {
        minor_version,
        major_version,
        access_flags,
        this_class,
        super_class,
        interfaces,
        fields,
        methods,
        source_file: attributes.source_file,
        bootstrap_methods: attributes.bootstrap_methods,
        nest_host: attributes.nest_host,
        nest_members: attributes.nest_members,
        constant_pool,
    })
}

fn check_magic(r: &mut Reader) -> Result<()> {
    let magic = r.u32("magic")?;
    if magic != MAGIC {
        return format_error(format!("Incompatible magic value {magic} in class file"));
    }
    Ok(())
}

/// Returns (minor, major); accepts 45.0 up to and including 61.0.
fn read_version(r: &mut Reader) -> Result<(u16, u16)> {
    let minor = r.u16("minor_version")?;
    let major = r.u16("major_version")?;
    let too_new = major > MAX_MAJOR || (major == MAX_MAJOR && minor != 0);
    if major < MIN_MAJOR || too_new {
        return Err(ClassFileError::UnsupportedVersion { major, minor });
    }
    Ok((minor, major))
}

fn check_no_extra_bytes(r: &Reader) -> Result<()> {
    if r.remaining() != 0 {
        return format_error(format!(
            "Extra bytes at the end of class file ({} bytes from byte offset {})",
            r.remaining(),
            r.offset()
        ));
    }
    Ok(())
}

/// A `count` for a list whose items take at least `item_size` bytes, capped by
/// what the input can hold, so a lying length never makes a huge allocation.
fn capacity_for(count: usize, item_size: usize, r: &Reader) -> usize {
    count.min(r.remaining() / item_size.max(1))
}

// ---------------------------------------------------------------------------
// Reader: bounds-checked big-endian reads with useful truncation messages
// ---------------------------------------------------------------------------

struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
    /// Offset of `bytes[0]` within the whole class file, for messages.
    base: usize,
    /// None for the whole file; Some(attribute name) inside an attribute body.
    attribute: Option<String>,
}

impl<'a> Reader<'a> {
    fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader {
            bytes,
            pos: 0,
            base: 0,
            attribute: None,
        }
    }

    fn offset(&self) -> usize {
        self.base + self.pos
    }

    fn remaining(&self) -> usize {
        self.bytes.len() - self.pos
    }

    fn take(&mut self, n: usize, what: &str) -> Result<&'a [u8]> {
        if n > self.remaining() {
            return Err(self.ran_out(what));
        }
        let slice = &self.bytes[self.pos..self.pos + n];
        self.pos += n;
        Ok(slice)
    }

    fn ran_out(&self, what: &str) -> ClassFileError {
        let offset = self.offset();
        ClassFileError::Format(match &self.attribute {
            None => format!("Truncated class file while reading {what} at byte offset {offset}"),
            Some(name) => format!(
                "{name} attribute is too short: reading {what} at byte offset {offset} runs past its end"
            ),
        })
    }

    fn u8(&mut self, what: &str) -> Result<u8> {
        Ok(self.take(1, what)?[0])
    }

    fn u16(&mut self, what: &str) -> Result<u16> {
        let b = self.take(2, what)?;
        Ok(u16::from_be_bytes([b[0], b[1]]))
    }

    fn u32(&mut self, what: &str) -> Result<u32> {
        let b = self.take(4, what)?;
        Ok(u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn u64(&mut self, what: &str) -> Result<u64> {
        let hi = self.u32(what)? as u64;
        let lo = self.u32(what)? as u64;
        Ok((hi << 32) | lo)
    }

    /// Splits off the next `len` bytes as the body of attribute `name`.
    fn attribute_body(&mut self, name: &str, len: usize) -> Result<Reader<'a>> {
        let base = self.offset();
        let bytes = self.take(len, &format!("{name} attribute ({len} bytes)"))?;
        Ok(Reader {
            bytes,
            pos: 0,
            base,
            attribute: Some(name.to_string()),
        })
    }

    /// Known attributes must be exactly as long as their contents.
    fn expect_end(&self) -> Result<()> {
        if self.remaining() != 0 {
            return format_error(format!(
                "{} attribute has {} unexpected extra bytes at byte offset {}",
                self.attribute.as_deref().unwrap_or("class file"),
                self.remaining(),
                self.offset()
            ));
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------
// Class header: this, super, interfaces
// ---------------------------------------------------------------------------

fn read_class_ref(r: &mut Reader, cp: &ConstantPool, what: &str) -> Result<String> {
    let index = r.u16(what)?;
    let name = in_context(cp.class_name(index), || what.to_string())?;
    Ok(name.to_string())
}

fn read_super_class(r: &mut Reader, cp: &ConstantPool, this_class: &str) -> Result<Option<String>> {
    let index = r.u16("super_class")?;
    if index == 0 {
        if this_class != "java/lang/Object" {
            return Err(ClassFileError::Illegal(format!(
                "Invalid superclass index 0 in class file {this_class}"
            )));
        }
        return Ok(None);
    }
    let name = in_context(cp.class_name(index), || "super_class".to_string())?;
    Ok(Some(name.to_string()))
}

fn read_interfaces(r: &mut Reader, cp: &ConstantPool) -> Result<Vec<String>> {
    let count = r.u16("interfaces_count")? as usize;
    let mut interfaces = Vec::with_capacity(capacity_for(count, 2, r));
    for _ in 0..count {
        interfaces.push(read_class_ref(r, cp, "interface")?);
    }
    Ok(interfaces)
}

// ---------------------------------------------------------------------------
// Attributes (shared helpers)
// ---------------------------------------------------------------------------

/// Reads an attribute header and returns its name and a reader over its body.
fn read_attribute<'a, 'c>(
    r: &mut Reader<'a>,
    cp: &'c ConstantPool,
) -> Result<(&'c str, Reader<'a>)> {
    let name_index = r.u16("attribute_name_index")?;
    let name = in_context(cp.utf8_str(name_index), || "attribute name".to_string())?;
    let length = r.u32("attribute_length")? as usize;
    let body = r.attribute_body(name, length)?;
    Ok((name, body))
}

fn store_once<T>(slot: &mut Option<T>, value: T, name: &str) -> Result<()> {
    if slot.is_some() {
        return format_error(format!("Multiple {name} attributes"));
    }
    *slot = Some(value);
    Ok(())
}

fn read_class_list(body: &mut Reader, cp: &ConstantPool, what: &str) -> Result<Vec<String>> {
    let count = body.u16("number_of_classes")? as usize;
    let mut classes = Vec::with_capacity(capacity_for(count, 2, body));
    for _ in 0..count {
        classes.push(read_class_ref(body, cp, what)?);
    }
    Ok(classes)
}

// ---------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------

fn read_fields(r: &mut Reader, cp: &ConstantPool, class: &ClassContext) -> Result<Vec<FieldInfo>> {
    let count = r.u16("fields_count")? as usize;
    let mut fields = Vec::with_capacity(capacity_for(count, 8, r));
    for number in 0..count {
        fields.push(read_field(r, cp, class, number)?);
    }
    let names = fields
        .iter()
        .map(|f| (f.name.as_str(), f.descriptor.as_str()));
    checks::check_unique_members(class, "field", names)?;
    Ok(fields)
}

fn read_field(
    r: &mut Reader,
    cp: &ConstantPool,
    class: &ClassContext,
    number: usize,
) -> Result<FieldInfo> {
    let header = in_context(read_member_header(r, cp, "field"), || {
        format!("field #{number}")
    });
    let (access_flags, name, descriptor) = header?;
    checks::check_field(class, access_flags, &name, &descriptor)?;
    let in_field = || format!("field {name} {descriptor}");
    let field_type = in_context(parse_field_descriptor(&descriptor), in_field)?;
    let constant_value_index = in_context(read_field_attributes(r, cp, &field_type), in_field)?;
    Ok(FieldInfo {
        access_flags,
        name,
        descriptor,
        constant_value_index,
    })
}

/// access_flags, name and descriptor: the start of every field_info and method_info.
fn read_member_header(
    r: &mut Reader,
    cp: &ConstantPool,
    kind: &str,
) -> Result<(u16, String, String)> {
    let access_flags = r.u16(&format!("{kind} access_flags"))?;
    let name = cp
        .utf8_str(r.u16(&format!("{kind} name_index"))?)?
        .to_string();
    let descriptor = cp
        .utf8_str(r.u16(&format!("{kind} descriptor_index"))?)?
        .to_string();
    Ok((access_flags, name, descriptor))
}

/// Returns the ConstantValue index, if any; skips other attributes.
fn read_field_attributes(
    r: &mut Reader,
    cp: &ConstantPool,
    field_type: &FieldType,
) -> Result<Option<u16>> {
    let mut constant_value_index = None;
    let count = r.u16("field attributes_count")?;
    for _ in 0..count {
        let (attribute, mut body) = read_attribute(r, cp)?;
        if attribute == "ConstantValue" {
            let index = body.u16("constantvalue_index")?;
            body.expect_end()?;
            check_constant_value(cp, index, field_type)?;
            store_once(&mut constant_value_index, index, attribute)?;
        }
    }
    Ok(constant_value_index)
}

/// The ConstantValue constant must match the field's type (JVMS §4.7.2).
fn check_constant_value(cp: &ConstantPool, index: u16, field_type: &FieldType) -> Result<()> {
    let constant = cp.get(index)?;
    let fits = match (field_type, constant) {
        (FieldType::Long, Constant::Long(_)) => true,
        (FieldType::Float, Constant::Float(_)) => true,
        (FieldType::Double, Constant::Double(_)) => true,
        (
            FieldType::Int
            | FieldType::Short
            | FieldType::Char
            | FieldType::Byte
            | FieldType::Boolean,
            Constant::Integer(_),
        ) => true,
        (FieldType::Object(class), Constant::String { .. }) => class == "java/lang/String",
        _ => false,
    };
    if !fits {
        return format_error(format!(
            "Inconsistent constant value type: a {} constant for a field of type {}",
            kind_name(constant),
            field_type.descriptor()
        ));
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Methods and Code
// ---------------------------------------------------------------------------

fn read_methods(
    r: &mut Reader,
    cp: &ConstantPool,
    class: &ClassContext,
) -> Result<Vec<MethodInfo>> {
    let count = r.u16("methods_count")? as usize;
    let mut methods = Vec::with_capacity(capacity_for(count, 8, r));
    for number in 0..count {
        methods.push(read_method(r, cp, class, number)?);
    }
    let names = methods
        .iter()
        .map(|m| (m.name.as_str(), m.descriptor.as_str()));
    checks::check_unique_members(class, "method", names)?;
    Ok(methods)
}

fn read_method(
    r: &mut Reader,
    cp: &ConstantPool,
    class: &ClassContext,
    number: usize,
) -> Result<MethodInfo> {
    let header = in_context(read_member_header(r, cp, "method"), || {
        format!("method #{number}")
    });
    let (access_flags, name, descriptor) = header?;
    let args_size = checks::check_method(class, access_flags, &name, &descriptor)?;
    let in_method = || format!("method {name}{descriptor}");
    let (code, exceptions) = in_context(read_method_attributes(r, cp), in_method)?;
    if let Some(code) = &code {
        checks::check_arguments_fit(class, args_size, code.max_locals)?;
    }
    in_context(check_code_presence(access_flags, code.is_some()), in_method)?;
    Ok(MethodInfo {
        access_flags,
        name,
        descriptor,
        code,
        exceptions,
    })
}

/// Returns the Code attribute, if any, and the Exceptions attribute's class names; skips other
/// attributes.
fn read_method_attributes(
    r: &mut Reader,
    cp: &ConstantPool,
) -> Result<(Option<Code>, Vec<String>)> {
    let mut code = None;
    let mut exceptions = Vec::new();
    let count = r.u16("method attributes_count")?;
    for _ in 0..count {
        let (attribute, mut body) = read_attribute(r, cp)?;
        if attribute == "Code" {
            store_once(&mut code, read_code(&mut body, cp)?, attribute)?;
        } else if attribute == "Exceptions" {
            let n = body.u16("number_of_exceptions")?;
            for _ in 0..n {
                exceptions.push(read_class_ref(&mut body, cp, "Exceptions")?);
            }
        }
    }
    Ok((code, exceptions))
}

/// Native and abstract methods have no Code; every other method has exactly one.
fn check_code_presence(access_flags: u16, has_code: bool) -> Result<()> {
    let needs_code = access_flags & (access::NATIVE | access::ABSTRACT) == 0;
    match (needs_code, has_code) {
        (true, false) => {
            format_error("Absent Code attribute in method that is not native or abstract")
        }
        (false, true) => format_error("Code attribute in native or abstract method"),
        _ => Ok(()),
    }
}

fn read_code(body: &mut Reader, cp: &ConstantPool) -> Result<Code> {
    let max_stack = body.u16("max_stack")?;
    let max_locals = body.u16("max_locals")?;
    let code_length = body.u32("code_length")? as usize;
    if code_length == 0 || code_length >= 65536 {
        return format_error(format!("Invalid method Code length {code_length}"));
    }
    let bytecode = body.take(code_length, "bytecode")?.to_vec();
    let exception_table = read_exception_table(body, cp, code_length)?;
    let mut line_numbers = Vec::new();
    let mut local_variables = Vec::new();
    let mut stack_map_table = None;
    let count = body.u16("Code attributes_count")?;
    for _ in 0..count {
        let (attribute, mut nested) = read_attribute(body, cp)?;
        match attribute {
            "LineNumberTable" => read_line_numbers(&mut nested, code_length, &mut line_numbers)?,
            "LocalVariableTable" => {
                read_local_variables(&mut nested, cp, code_length, &mut local_variables)?
            }
            "StackMapTable" => {
                let table = nested.take(nested.remaining(), "StackMapTable")?.to_vec();
                store_once(&mut stack_map_table, table, attribute)?;
            }
            _ => {}
        }
    }
    body.expect_end()?;
    line_numbers.sort_by_key(|&(start_pc, _)| start_pc);
    Ok(Code {
        max_stack,
        max_locals,
        bytecode,
        exception_table,
        line_numbers,
        stack_map_table,
        local_variables,
    })
}

fn read_exception_table(
    body: &mut Reader,
    cp: &ConstantPool,
    code_length: usize,
) -> Result<Vec<ExceptionHandler>> {
    let count = body.u16("exception_table_length")? as usize;
    let mut handlers = Vec::with_capacity(capacity_for(count, 8, body));
    for _ in 0..count {
        handlers.push(read_exception_handler(body, cp, code_length)?);
    }
    Ok(handlers)
}

fn read_exception_handler(
    body: &mut Reader,
    cp: &ConstantPool,
    code_length: usize,
) -> Result<ExceptionHandler> {
    let start_pc = body.u16("start_pc")?;
    let end_pc = body.u16("end_pc")?;
    let handler_pc = body.u16("handler_pc")?;
    let catch_index = body.u16("catch_type")?;
    let range_ok = start_pc < end_pc && (end_pc as usize) <= code_length;
    if !range_ok || handler_pc as usize >= code_length {
        return format_error(format!(
            "Illegal exception table entry [{start_pc}, {end_pc}) -> {handler_pc} for code of length {code_length}"
        ));
    }
    let catch_type = match catch_index {
        0 => None,
        index => Some(in_context(cp.class_name(index), || "catch_type".to_string())?.to_string()),
    };
    Ok(ExceptionHandler {
        start_pc,
        end_pc,
        handler_pc,
        catch_type,
    })
}

fn read_line_numbers(
    body: &mut Reader,
    code_length: usize,
    out: &mut Vec<(u16, u16)>,
) -> Result<()> {
    let count = body.u16("line_number_table_length")?;
    for _ in 0..count {
        let start_pc = body.u16("line start_pc")?;
        let line = body.u16("line_number")?;
        if start_pc as usize >= code_length {
            return format_error(format!("Invalid pc {start_pc} in LineNumberTable"));
        }
        out.push((start_pc, line));
    }
    body.expect_end()
}

/// A LocalVariableTable, checked as HotSpot checks it: the range lies in the code and the name
/// is a Utf8 constant.
fn read_local_variables(
    body: &mut Reader,
    cp: &ConstantPool,
    code_length: usize,
    out: &mut Vec<LocalVariable>,
) -> Result<()> {
    let count = body.u16("local_variable_table_length")?;
    for _ in 0..count {
        let start_pc = body.u16("local variable start_pc")?;
        let length = body.u16("local variable length")?;
        let name_index = body.u16("local variable name_index")?;
        let _descriptor_index = body.u16("local variable descriptor_index")?;
        let slot = body.u16("local variable index")?;
        if start_pc as usize >= code_length {
            return format_error(format!("Invalid start_pc {start_pc} in LocalVariableTable"));
        }
        if start_pc as usize + length as usize > code_length {
            return format_error(format!("Invalid length {length} in LocalVariableTable"));
        }
        let name = in_context(cp.utf8_str(name_index), || {
            "LocalVariableTable name".to_string()
        })?;
        out.push(LocalVariable {
            start_pc,
            length,
            name: name.to_string(),
            slot,
        });
    }
    body.expect_end()
}

// ---------------------------------------------------------------------------
// Class attributes
// ---------------------------------------------------------------------------

#[derive(Default)]
struct ClassAttributes {
    source_file: Option<String>,
    bootstrap_methods: Vec<BootstrapMethod>,
    nest_host: Option<String>,
    nest_members: Vec<String>,
}

fn read_class_attributes(r: &mut Reader, cp: &ConstantPool) -> Result<ClassAttributes> {
    let mut source_file = None;
    let mut bootstrap_methods = None;
    let mut nest_host = None;
    let mut nest_members = None;
    let count = r.u16("attributes_count")?;
    for _ in 0..count {
        let (name, mut body) = read_attribute(r, cp)?;
        match name {
            "SourceFile" => {
                let file = cp.utf8_str(body.u16("sourcefile_index")?)?.to_string();
                store_once(&mut source_file, file, name)?;
            }
            "BootstrapMethods" => {
                store_once(
                    &mut bootstrap_methods,
                    read_bootstrap_methods(&mut body, cp)?,
                    name,
                )?;
            }
            "NestHost" => store_once(
                &mut nest_host,
                read_class_ref(&mut body, cp, "NestHost")?,
                name,
            )?,
            "NestMembers" => {
                store_once(
                    &mut nest_members,
                    read_class_list(&mut body, cp, "NestMembers")?,
                    name,
                )?;
            }
            _ => continue, // unknown or uninteresting: skipped by its length
        }
        body.expect_end()?;
    }
    Ok(ClassAttributes {
        source_file,
        bootstrap_methods: bootstrap_methods.unwrap_or_default(),
        nest_host,
        nest_members: nest_members.unwrap_or_default(),
    })
}

fn read_bootstrap_methods(body: &mut Reader, cp: &ConstantPool) -> Result<Vec<BootstrapMethod>> {
    let count = body.u16("num_bootstrap_methods")? as usize;
    let mut methods = Vec::with_capacity(capacity_for(count, 4, body));
    for number in 0..count {
        let method = read_bootstrap_method(body, cp);
        methods.push(in_context(method, || format!("bootstrap method {number}"))?);
    }
    Ok(methods)
}

fn read_bootstrap_method(body: &mut Reader, cp: &ConstantPool) -> Result<BootstrapMethod> {
    let method_ref = body.u16("bootstrap_method_ref")?;
    cp.method_handle(method_ref)?;
    let count = body.u16("num_bootstrap_arguments")? as usize;
    let mut arguments = Vec::with_capacity(capacity_for(count, 2, body));
    for _ in 0..count {
        let index = body.u16("bootstrap_argument")?;
        check_loadable(cp, index)?;
        arguments.push(index);
    }
    Ok(BootstrapMethod {
        method_ref,
        arguments,
    })
}

/// Bootstrap arguments must be loadable constants (JVMS §4.4, table 4.4-C).
fn check_loadable(cp: &ConstantPool, index: u16) -> Result<()> {
    match cp.get(index)? {
        Constant::Integer(_)
        | Constant::Float(_)
        | Constant::Long(_)
        | Constant::Double(_)
        | Constant::Class { .. }
        | Constant::String { .. }
        | Constant::MethodHandle { .. }
        | Constant::MethodType { .. }
        | Constant::Dynamic { .. } => Ok(()),
        other => wrong_kind(index, other, "a loadable constant"),
    }
}

// ---------------------------------------------------------------------------
// Descriptors (JVMS §4.3)
// ---------------------------------------------------------------------------

const MAX_ARRAY_DIMENSIONS: usize = 255;

/// Parses a field descriptor such as `I`, `[J` or `Ljava/lang/String;`.
pub fn parse_field_descriptor(s: &str) -> Result<FieldType> {
    let mut cursor = DescriptorCursor { s, pos: 0 };
    let parsed = cursor
        .field_type()
        .and_then(|t| cursor.expect_end().map(|_| t));
    parsed.map_err(|reason| {
        ClassFileError::Format(format!("Invalid field descriptor \"{s}\": {reason}"))
    })
}

/// Parses a method descriptor such as `(I[JLjava/lang/Object;)V`.
pub fn parse_method_descriptor(s: &str) -> Result<MethodDescriptor> {
    let mut cursor = DescriptorCursor { s, pos: 0 };
    let parsed = cursor
        .method_descriptor()
        .and_then(|d| cursor.expect_end().map(|_| d));
    parsed.map_err(|reason| {
        ClassFileError::Format(format!("Invalid method descriptor \"{s}\": {reason}"))
    })
}

struct DescriptorCursor<'a> {
    s: &'a str,
    pos: usize,
}

impl DescriptorCursor<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.as_bytes().get(self.pos).copied()
    }

    fn next(&mut self) -> Option<u8> {
        let byte = self.peek();
        self.pos += byte.is_some() as usize;
        byte
    }

    fn expect_end(&self) -> std::result::Result<(), String> {
        match self.pos < self.s.len() {
            true => Err(format!("unexpected characters after position {}", self.pos)),
            false => Ok(()),
        }
    }

    fn method_descriptor(&mut self) -> std::result::Result<MethodDescriptor, String> {
        if self.next() != Some(b'(') {
            return Err("expected '('".to_string());
        }
        let mut params = Vec::new();
        while self.peek() != Some(b')') {
            params.push(self.field_type()?);
        }
        self.next(); // ')'
        let ret = match self.peek() {
            Some(b'V') => {
                self.next();
                None
            }
            _ => Some(self.field_type()?),
        };
        Ok(MethodDescriptor { params, ret })
    }

    fn field_type(&mut self) -> std::result::Result<FieldType, String> {
        let mut dimensions = 0;
        while self.peek() == Some(b'[') {
            self.next();
            dimensions += 1;
        }
        if dimensions > MAX_ARRAY_DIMENSIONS {
            return Err(format!(
                "array type has {dimensions} dimensions (the limit is 255)"
            ));
        }
        let mut field_type = self.non_array_type()?;
        for _ in 0..dimensions {
            field_type = FieldType::Array(Box::new(field_type));
        }
        Ok(field_type)
    }

    fn non_array_type(&mut self) -> std::result::Result<FieldType, String> {
        let at = self.pos;
        Ok(match self.next() {
            Some(b'B') => FieldType::Byte,
            Some(b'C') => FieldType::Char,
            Some(b'D') => FieldType::Double,
            Some(b'F') => FieldType::Float,
            Some(b'I') => FieldType::Int,
            Some(b'J') => FieldType::Long,
            Some(b'S') => FieldType::Short,
            Some(b'Z') => FieldType::Boolean,
            Some(b'L') => FieldType::Object(self.class_name()?),
            Some(b'V') => return Err(format!("'V' at position {at} is not a field type")),
            Some(_) => return Err(format!("unexpected character at position {at}")),
            None => return Err("unexpected end".to_string()),
        })
    }

    /// The binary class name after an `L`, up to and consuming the `;`.
    fn class_name(&mut self) -> std::result::Result<String, String> {
        let rest = &self.s[self.pos..];
        let Some(end) = rest.find(';') else {
            return Err("class name without terminating ';'".to_string());
        };
        let name = &rest[..end];
        if !is_valid_binary_class_name(name) {
            return Err(format!("invalid class name \"{name}\""));
        }
        self.pos += end + 1;
        Ok(name.to_string())
    }
}

/// Slash-separated, non-empty unqualified names (JVMS §4.2.1).
fn is_valid_binary_class_name(name: &str) -> bool {
    name.split('/')
        .all(|part| !part.is_empty() && !part.contains(['.', '[', ';']))
}

impl FieldType {
    /// The descriptor string, e.g. `[Ljava/lang/String;`.
    pub fn descriptor(&self) -> String {
        match self {
            FieldType::Byte => "B".to_string(),
            FieldType::Char => "C".to_string(),
            FieldType::Double => "D".to_string(),
            FieldType::Float => "F".to_string(),
            FieldType::Int => "I".to_string(),
            FieldType::Long => "J".to_string(),
            FieldType::Short => "S".to_string(),
            FieldType::Boolean => "Z".to_string(),
            FieldType::Object(name) => format!("L{name};"),
            FieldType::Array(element) => format!("[{}", element.descriptor()),
        }
    }

    /// Local-variable / operand-stack slots: 2 for long and double, else 1.
    pub fn slots(&self) -> usize {
        match self {
            FieldType::Long | FieldType::Double => 2,
            _ => 1,
        }
    }

    /// True for class and array types.
    pub fn is_reference(&self) -> bool {
        matches!(self, FieldType::Object(_) | FieldType::Array(_))
    }
}

impl MethodDescriptor {
    /// Slots taken by the arguments (not counting `this`).
    pub fn arg_slots(&self) -> usize {
        self.params.iter().map(FieldType::slots).sum()
    }

    /// The descriptor string, e.g. `(IJ)V`.
    pub fn descriptor(&self) -> String {
        let params: String = self.params.iter().map(FieldType::descriptor).collect();
        let ret = self
            .ret
            .as_ref()
            .map_or("V".to_string(), FieldType::descriptor);
        format!("({params}){ret}")
    }
}

#[cfg(test)]
mod tests;
