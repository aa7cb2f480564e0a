//! Tests of classfile (kept apart so the module reads on its own).

use super::*;
use std::path::Path;
use std::process::Command;
use std::sync::OnceLock;

// -----------------------------------------------------------------------
// Real javac output
// -----------------------------------------------------------------------

const GREETER_SOURCE: &str = r#"import java.util.function.Supplier;

public class Greeter implements Runnable {
static final int ANSWER = 42;
static final String NAME = "gcvm";
static final String WEIRD = "a\u0000b\uD83D\uDE00c\uD800";
static int finallyCount;
long counter;

public void run() {
    String who = "world";
    Supplier<String> s = () -> "Hello, " + who + "!" + counter;
    System.out.println(s.get());
}

static int divide(int a, int b) {
    try {
        return a / b;
    } catch (ArithmeticException e) {
        return 0;
    }
}

static int guarded(int x) {
    try {
        return 10 / x;
    } finally {
        finallyCount++;
    }
}

native void poke();

static void risky() throws java.io.IOException, InterruptedException {
}

class Inner {
}
}
"#;

struct Compiled {
    greeter: Vec<u8>,
    inner: Vec<u8>,
}

/// Compiles GREETER_SOURCE with javac once per test run.
fn compiled() -> &'static Compiled {
    static COMPILED: OnceLock<Compiled> = OnceLock::new();
    COMPILED.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("gcvm-classfile-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let source = dir.join("Greeter.java");
        std::fs::write(&source, GREETER_SOURCE).unwrap();
        run_javac(&dir, &source);
        let compiled = Compiled {
            greeter: std::fs::read(dir.join("Greeter.class")).unwrap(),
            inner: std::fs::read(dir.join("Greeter$Inner.class")).unwrap(),
        };
        let _ = std::fs::remove_dir_all(&dir);
        compiled
    })
}

fn run_javac(out_dir: &Path, source: &Path) {
    let output = Command::new("javac")
        .arg("-encoding")
        .arg("UTF-8")
        .arg("-d")
        .arg(out_dir)
        .arg(source)
        .output()
        .expect("javac (JDK 17) must be installed to run these tests");
    assert!(
        output.status.success(),
        "javac failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
}

fn greeter() -> ClassFile {
    parse(&compiled().greeter).expect("javac output parses")
}

fn method<'c>(class: &'c ClassFile, name: &str) -> &'c MethodInfo {
    class
        .methods
        .iter()
        .find(|m| m.name == name)
        .unwrap_or_else(|| panic!("no method {name}"))
}

fn field<'c>(class: &'c ClassFile, name: &str) -> &'c FieldInfo {
    class
        .fields
        .iter()
        .find(|f| f.name == name)
        .unwrap_or_else(|| panic!("no field {name}"))
}

/// 1-based line number of the first source line containing `needle`.
fn source_line(needle: &str) -> u16 {
    let index = GREETER_SOURCE
        .lines()
        .position(|l| l.contains(needle))
        .unwrap();
    index as u16 + 1
}

#[test]
fn exceptions_attribute_lists_the_declared_exceptions_in_order() {
    let class = greeter();
    assert_eq!(
        method(&class, "risky").exceptions,
        vec!["java/io/IOException", "java/lang/InterruptedException"]
    );
    assert!(method(&class, "divide").exceptions.is_empty());
}

#[test]
fn javac_class_has_its_name_super_interfaces_and_version() {
    let class = greeter();
    assert_eq!(class.this_class, "Greeter");
    assert_eq!(class.super_class.as_deref(), Some("java/lang/Object"));
    assert_eq!(class.interfaces, vec!["java/lang/Runnable".to_string()]);
    assert_eq!((class.major_version, class.minor_version), (61, 0));
    assert_ne!(class.access_flags & access::PUBLIC, 0);
}

#[test]
fn javac_class_has_its_source_file() {
    assert_eq!(greeter().source_file.as_deref(), Some("Greeter.java"));
}

#[test]
fn javac_class_lists_methods_with_descriptors() {
    let class = greeter();
    let signatures: Vec<(&str, &str)> = class
        .methods
        .iter()
        .map(|m| (m.name.as_str(), m.descriptor.as_str()))
        .collect();
    for expected in [
        ("<init>", "()V"),
        ("run", "()V"),
        ("divide", "(II)I"),
        ("guarded", "(I)I"),
        ("poke", "()V"),
    ] {
        assert!(
            signatures.contains(&expected),
            "{expected:?} missing from {signatures:?}"
        );
    }
    let lambda = class
        .methods
        .iter()
        .find(|m| m.name.starts_with("lambda$run$"))
        .expect("lambda body");
    assert_ne!(lambda.access_flags & access::SYNTHETIC, 0);
}

#[test]
fn javac_method_code_has_limits_and_bytecode() {
    let class = greeter();
    let code = method(&class, "divide")
        .code
        .as_ref()
        .expect("divide has code");
    assert_eq!(code.max_locals, 3); // a, b, e
    assert_eq!(code.max_stack, 2);
    assert_eq!(&code.bytecode[..3], &[0x1a, 0x1b, 0x6c]); // iload_0 iload_1 idiv
}

#[test]
fn native_method_has_no_code() {
    assert_eq!(method(&greeter(), "poke").code, None);
}

#[test]
fn catch_clause_handler_names_the_exception_class() {
    let class = greeter();
    let code = method(&class, "divide").code.as_ref().unwrap();
    assert_eq!(code.exception_table.len(), 1);
    let handler = &code.exception_table[0];
    assert_eq!(
        handler.catch_type.as_deref(),
        Some("java/lang/ArithmeticException")
    );
    assert!(handler.start_pc < handler.end_pc && handler.handler_pc >= handler.end_pc);
}

#[test]
fn finally_handler_has_no_catch_type() {
    let class = greeter();
    let code = method(&class, "guarded").code.as_ref().unwrap();
    assert!(!code.exception_table.is_empty());
    assert!(code.exception_table.iter().all(|h| h.catch_type.is_none()));
}

#[test]
fn line_numbers_map_pcs_to_source_lines_in_pc_order() {
    let class = greeter();
    let code = method(&class, "divide").code.as_ref().unwrap();
    assert_eq!(
        code.line_numbers.first(),
        Some(&(0, source_line("return a / b;")))
    );
    assert!(code.line_numbers.windows(2).all(|w| w[0].0 <= w[1].0));
    assert!(code.line_numbers.contains(&(
        code.exception_table[0].handler_pc,
        source_line("catch (ArithmeticException")
    )));
}

#[test]
fn static_final_fields_carry_constant_values() {
    let class = greeter();
    let cp = &class.constant_pool;
    let answer = field(&class, "ANSWER").constant_value_index.unwrap();
    assert_eq!(cp.get(answer).unwrap(), &Constant::Integer(42));
    let name = field(&class, "NAME").constant_value_index.unwrap();
    assert_eq!(cp.string(name).unwrap().text, "gcvm");
    assert_eq!(field(&class, "counter").constant_value_index, None);
    assert_eq!(field(&class, "counter").descriptor, "J");
}

#[test]
fn string_constant_keeps_exact_utf16_with_nul_and_surrogates() {
    let class = greeter();
    let cp = &class.constant_pool;
    let weird = cp
        .string(field(&class, "WEIRD").constant_value_index.unwrap())
        .unwrap();
    assert_eq!(
        weird.utf16,
        vec![0x61, 0x0000, 0x62, 0xD83D, 0xDE00, 0x63, 0xD800]
    );
    assert_eq!(weird.text, "a\0b\u{1F600}c\u{FFFD}");
}

#[test]
fn bootstrap_methods_resolve_to_lambda_and_string_concat_factories() {
    let class = greeter();
    let cp = &class.constant_pool;
    let mut factories: Vec<(u8, String, String)> = class
        .bootstrap_methods
        .iter()
        .map(|bsm| {
            let (kind, target) = cp.method_handle(bsm.method_ref).unwrap();
            (kind, target.class, target.name)
        })
        .collect();
    factories.sort();
    assert_eq!(
        factories,
        vec![
            (
                ref_kind::INVOKE_STATIC,
                "java/lang/invoke/LambdaMetafactory".into(),
                "metafactory".into()
            ),
            (
                ref_kind::INVOKE_STATIC,
                "java/lang/invoke/StringConcatFactory".into(),
                "makeConcatWithConstants".into()
            ),
        ]
    );
}

#[test]
fn string_concat_recipe_is_a_bootstrap_argument() {
    let class = greeter();
    let cp = &class.constant_pool;
    let recipes: Vec<&str> = class
        .bootstrap_methods
        .iter()
        .flat_map(|bsm| bsm.arguments.iter())
        .filter_map(|&arg| cp.string(arg).ok())
        .map(|s| s.text.as_str())
        .collect();
    assert_eq!(recipes, vec!["Hello, \u{1}!\u{1}"]);
}

#[test]
fn invokedynamic_constants_name_call_sites_and_bootstrap_methods() {
    let class = greeter();
    let cp = &class.constant_pool;
    let mut call_sites: Vec<(String, String)> = (1..cp.entries.len() as u16)
        .filter(|&i| matches!(cp.entries[i as usize], Constant::InvokeDynamic { .. }))
        .map(|i| {
            let (bsm, name, descriptor) = cp.invoke_dynamic(i).unwrap();
            assert!((bsm as usize) < class.bootstrap_methods.len());
            (name.to_string(), descriptor.to_string())
        })
        .collect();
    call_sites.sort();
    assert_eq!(
        call_sites,
        vec![
            (
                "get".to_string(),
                "(LGreeter;Ljava/lang/String;)Ljava/util/function/Supplier;".to_string()
            ),
            (
                "makeConcatWithConstants".to_string(),
                "(Ljava/lang/String;J)Ljava/lang/String;".to_string()
            ),
        ]
    );
}

#[test]
fn member_refs_resolve_to_class_name_and_descriptor() {
    let class = greeter();
    let cp = &class.constant_pool;
    let println = (1..cp.entries.len() as u16)
        .filter_map(|i| cp.member_ref(i).ok())
        .find(|m| m.name == "println")
        .expect("a reference to println");
    assert_eq!(println.class, "java/io/PrintStream");
    assert_eq!(println.descriptor, "(Ljava/lang/String;)V");
    assert!(!println.is_interface);
    let get = (1..cp.entries.len() as u16)
        .filter_map(|i| cp.member_ref(i).ok())
        .find(|m| m.name == "get")
        .unwrap();
    assert!(get.is_interface);
}

#[test]
fn outer_class_lists_nest_members_and_inner_class_names_its_host() {
    assert_eq!(greeter().nest_members, vec!["Greeter$Inner".to_string()]);
    let inner = parse(&compiled().inner).unwrap();
    assert_eq!(inner.nest_host.as_deref(), Some("Greeter"));
    assert_eq!(inner.this_class, "Greeter$Inner");
}

// -----------------------------------------------------------------------
// Hand-assembled class files
// -----------------------------------------------------------------------

/// Builds a constant pool; each method returns the new entry's index.
struct Pool {
    bytes: Vec<u8>,
    next: u16,
}

impl Pool {
    fn new() -> Pool {
        Pool {
            bytes: Vec::new(),
            next: 1,
        }
    }

    fn raw(&mut self, entry: &[u8], slots: u16) -> u16 {
        let index = self.next;
        self.bytes.extend_from_slice(entry);
        self.next += slots;
        index
    }

    fn utf8(&mut self, s: &str) -> u16 {
        let mut entry = vec![tag::UTF8];
        entry.extend((s.len() as u16).to_be_bytes());
        entry.extend(s.as_bytes());
        self.raw(&entry, 1)
    }

    fn class(&mut self, name: &str) -> u16 {
        let name_index = self.utf8(name);
        self.raw(&[&[tag::CLASS][..], &name_index.to_be_bytes()].concat(), 1)
    }

    fn name_and_type(&mut self, name: &str, descriptor: &str) -> u16 {
        let (n, d) = (self.utf8(name), self.utf8(descriptor));
        self.raw(&[&[tag::NAME_AND_TYPE][..], &u16s(&[n, d])].concat(), 1)
    }
}

fn u16s(values: &[u16]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_be_bytes()).collect()
}

fn u32_bytes(value: u32) -> Vec<u8> {
    value.to_be_bytes().to_vec()
}

/// Magic, version 61.0, the pool, then `rest` (access_flags onwards).
fn class_file(pool: &Pool, rest: &[u8]) -> Vec<u8> {
    let mut bytes = vec![0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 61];
    bytes.extend(pool.next.to_be_bytes());
    bytes.extend(&pool.bytes);
    bytes.extend(rest);
    bytes
}

/// Counts of interfaces, fields, methods and attributes, all zero.
const NO_MEMBERS: [u8; 8] = [0; 8];

/// `public class Foo` (pool: #1 "Foo", #2 Class Foo, #3 "java/lang/Object", #4 Class
/// Object, then whatever `extend` adds); `extend` returns the bytes after super_class.
fn foo_class(extend: impl FnOnce(&mut Pool) -> Vec<u8>) -> Vec<u8> {
    let mut pool = Pool::new();
    let this_class = pool.class("Foo");
    let super_class = pool.class("java/lang/Object");
    let tail = extend(&mut pool);
    let mut rest = u16s(&[access::PUBLIC | access::SUPER, this_class, super_class]);
    rest.extend(tail);
    class_file(&pool, &rest)
}

fn minimal_class() -> Vec<u8> {
    foo_class(|_| NO_MEMBERS.to_vec())
}

fn with_version(mut bytes: Vec<u8>, major: u16, minor: u16) -> Vec<u8> {
    bytes[4..6].copy_from_slice(&minor.to_be_bytes());
    bytes[6..8].copy_from_slice(&major.to_be_bytes());
    bytes
}

/// Class attributes section holding one attribute.
fn one_class_attribute(pool: &mut Pool, name: &str, body: &[u8]) -> Vec<u8> {
    let name_index = pool.utf8(name);
    let mut bytes = u16s(&[0, 0, 0, 1, name_index]);
    bytes.extend(u32_bytes(body.len() as u32));
    bytes.extend(body);
    bytes
}

fn format_message(result: Result<ClassFile>) -> String {
    match result {
        Err(ClassFileError::Format(message) | ClassFileError::Illegal(message)) => message,
        other => panic!("expected a format error, got {other:?}"),
    }
}

#[test]
fn minimal_class_parses() {
    let class = parse(&minimal_class()).unwrap();
    assert_eq!(class.this_class, "Foo");
    assert_eq!(class.super_class.as_deref(), Some("java/lang/Object"));
    assert!(
        class.methods.is_empty() && class.fields.is_empty() && class.bootstrap_methods.is_empty()
    );
}

#[test]
fn bad_magic_is_a_format_error_showing_the_value() {
    let mut bytes = minimal_class();
    bytes[3] = 0xBF;
    assert_eq!(
        format_message(parse(&bytes)),
        "Incompatible magic value 3405691583 in class file"
    );
}

#[test]
fn version_62_is_unsupported() {
    let result = parse(&with_version(minimal_class(), 62, 0));
    assert_eq!(
        result,
        Err(ClassFileError::UnsupportedVersion {
            major: 62,
            minor: 0
        })
    );
}

#[test]
fn unsupported_version_message_names_the_version_and_limit() {
    let error = ClassFileError::UnsupportedVersion {
        major: 62,
        minor: 0,
    };
    assert_eq!(
        error.to_string(),
        "class file version 62.0 is not supported (this VM recognizes class file versions up to 61.0)"
    );
}

#[test]
fn version_61_preview_is_unsupported() {
    let result = parse(&with_version(minimal_class(), 61, 0xFFFF));
    assert_eq!(
        result,
        Err(ClassFileError::UnsupportedVersion {
            major: 61,
            minor: 0xFFFF
        })
    );
}

#[test]
fn version_below_45_is_unsupported() {
    let result = parse(&with_version(minimal_class(), 44, 0));
    assert_eq!(
        result,
        Err(ClassFileError::UnsupportedVersion {
            major: 44,
            minor: 0
        })
    );
}

#[test]
fn version_45_3_is_supported() {
    assert!(parse(&with_version(minimal_class(), 45, 3)).is_ok());
}

#[test]
fn every_truncation_of_a_javac_class_is_reported_as_truncated() {
    let bytes = &compiled().greeter;
    for len in 0..bytes.len() {
        let message = format_message(parse(&bytes[..len]));
        assert!(
            message.starts_with("Truncated class file"),
            "cut at {len}: {message}"
        );
    }
}

#[test]
fn truncation_message_names_the_item_and_byte_offset() {
    let message = format_message(parse(&minimal_class()[..7]));
    assert_eq!(
        message,
        "Truncated class file while reading major_version at byte offset 6"
    );
}

#[test]
fn truncated_utf8_constant_is_reported_with_its_offset() {
    let message = format_message(parse(&minimal_class()[..14]));
    assert_eq!(
        message,
        "Truncated class file while reading Utf8 bytes at byte offset 13"
    );
}

#[test]
fn extra_bytes_after_the_class_are_rejected() {
    let mut bytes = minimal_class();
    bytes.push(0);
    let message = format_message(parse(&bytes));
    assert!(
        message.starts_with("Extra bytes at the end of class file"),
        "{message}"
    );
}

#[test]
fn constant_pool_index_out_of_range_is_rejected() {
    let mut pool = Pool::new();
    let object = pool.class("java/lang/Object");
    let mut rest = u16s(&[access::PUBLIC, 99, object]);
    rest.extend(NO_MEMBERS);
    let message = format_message(parse(&class_file(&pool, &rest)));
    assert!(
        message.starts_with("Invalid constant pool index 99"),
        "{message}"
    );
    assert!(message.contains("this_class"), "{message}");
}

#[test]
fn constant_pool_index_of_the_wrong_kind_is_rejected() {
    let mut pool = Pool::new();
    let object = pool.class("java/lang/Object");
    let mut rest = u16s(&[access::PUBLIC, 1, object]); // #1 is a Utf8
    rest.extend(NO_MEMBERS);
    let message = format_message(parse(&class_file(&pool, &rest)));
    assert!(
        message.starts_with("Constant pool entry 1 is a Utf8, expected Class"),
        "{message}"
    );
}

#[test]
fn reference_inside_the_constant_pool_is_checked() {
    let bytes = foo_class(|pool| {
        pool.raw(&[tag::STRING, 0, 42], 1);
        NO_MEMBERS.to_vec()
    });
    let message = format_message(parse(&bytes));
    assert!(
        message.starts_with("Invalid constant pool index 42"),
        "{message}"
    );
    assert!(message.contains("constant pool entry 5"), "{message}");
}

#[test]
fn unknown_constant_tag_is_named_with_its_index() {
    let bytes = foo_class(|pool| {
        pool.raw(&[2, 0, 0], 1);
        NO_MEMBERS.to_vec()
    });
    let message = format_message(parse(&bytes));
    assert!(
        message.starts_with("Unknown constant tag 2 at constant pool index 5"),
        "{message}"
    );
}

#[test]
fn constant_tag_newer_than_the_class_version_is_rejected() {
    let bytes = foo_class(|pool| {
        let descriptor = pool.utf8("()V");
        pool.raw(
            &[&[tag::METHOD_TYPE][..], &descriptor.to_be_bytes()].concat(),
            1,
        );
        NO_MEMBERS.to_vec()
    });
    let message = format_message(parse(&with_version(bytes, 50, 0)));
    assert!(
        message.contains("does not support constant tag 16"),
        "{message}"
    );
}

#[test]
fn malformed_utf8_constant_is_rejected() {
    let bytes = foo_class(|pool| {
        pool.raw(&[tag::UTF8, 0, 1, 0xFF], 1);
        NO_MEMBERS.to_vec()
    });
    let message = format_message(parse(&bytes));
    assert!(
        message.starts_with("Illegal UTF8 string in constant pool entry 5"),
        "{message}"
    );
}

#[test]
fn constant_pool_count_of_zero_is_rejected() {
    let mut bytes = minimal_class();
    bytes[8..10].copy_from_slice(&[0, 0]);
    assert!(format_message(parse(&bytes)).contains("constant pool size 0"));
}

#[test]
fn long_constant_takes_two_slots_and_the_second_is_unusable() {
    let bytes = foo_class(|pool| {
        pool.raw(&[tag::LONG, 0, 0, 0, 1, 0, 0, 0, 2], 2);
        pool.utf8("after");
        NO_MEMBERS.to_vec()
    });
    let cp = parse(&bytes).unwrap().constant_pool;
    assert_eq!(cp.get(5).unwrap(), &Constant::Long((1 << 32) | 2));
    assert_eq!(cp.entries[6], Constant::Unusable);
    assert!(cp.get(6).is_err());
    assert_eq!(cp.utf8_str(7).unwrap(), "after");
}

#[test]
fn long_constant_in_the_last_slot_is_rejected() {
    let mut bytes = vec![0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 61, 0, 2];
    bytes.extend([tag::DOUBLE, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert!(format_message(parse(&bytes)).contains("needs two slots"));
}

#[test]
fn index_zero_is_never_a_valid_constant() {
    let cp = parse(&minimal_class()).unwrap().constant_pool;
    assert!(cp.get(0).is_err());
}

#[test]
fn missing_superclass_is_allowed_only_for_object() {
    let mut pool = Pool::new();
    let object = pool.class("java/lang/Object");
    let foo = pool.class("Foo");
    let class_with_super_zero = |this_class| {
        let mut rest = u16s(&[access::PUBLIC, this_class, 0]);
        rest.extend(NO_MEMBERS);
        parse(&class_file(&pool, &rest))
    };
    assert_eq!(class_with_super_zero(object).unwrap().super_class, None);
    assert!(format_message(class_with_super_zero(foo)).contains("Invalid superclass index 0"));
}

#[test]
fn unknown_attributes_are_skipped() {
    let bytes = foo_class(|pool| one_class_attribute(pool, "Whatever", &[1, 2, 3, 4, 5]));
    assert!(parse(&bytes).is_ok());
}

#[test]
fn attribute_longer_than_its_contents_is_rejected() {
    let bytes = foo_class(|pool| {
        let file = pool.utf8("Foo.java");
        one_class_attribute(pool, "SourceFile", &[&u16s(&[file])[..], &[0]].concat())
    });
    let message = format_message(parse(&bytes));
    assert!(
        message.starts_with("SourceFile attribute has 1 unexpected extra bytes"),
        "{message}"
    );
}

#[test]
fn attribute_shorter_than_its_contents_is_rejected() {
    let bytes = foo_class(|pool| one_class_attribute(pool, "SourceFile", &[0]));
    let message = format_message(parse(&bytes));
    assert!(
        message.starts_with("SourceFile attribute is too short"),
        "{message}"
    );
}

#[test]
fn invokedynamic_without_bootstrap_methods_is_rejected() {
    let bytes = foo_class(|pool| {
        let nat = pool.name_and_type("run", "()V");
        pool.raw(&[&[tag::INVOKE_DYNAMIC][..], &u16s(&[0, nat])].concat(), 1);
        NO_MEMBERS.to_vec()
    });
    assert!(format_message(parse(&bytes)).contains("uses bootstrap method 0"));
}

/// A method section with one `()V` method `m` and the given attributes.
fn one_method(pool: &mut Pool, flags: u16, attributes: &[(&str, Vec<u8>)]) -> Vec<u8> {
    let (name, descriptor) = (pool.utf8("m"), pool.utf8("()V"));
    let mut bytes = u16s(&[0, 0, 1, flags, name, descriptor, attributes.len() as u16]);
    for (attribute, body) in attributes {
        bytes.extend(u16s(&[pool.utf8(attribute)]));
        bytes.extend(u32_bytes(body.len() as u32));
        bytes.extend(body);
    }
    bytes.extend(u16s(&[0])); // class attributes_count
    bytes
}

fn line_number_table(entries: &[(u16, u16)]) -> Vec<u8> {
    let mut body = u16s(&[entries.len() as u16]);
    entries
        .iter()
        .for_each(|&(pc, line)| body.extend(u16s(&[pc, line])));
    body
}

/// Code for `nop; nop; return` with the given nested attributes.
fn code_attribute(pool: &mut Pool, nested: &[(&str, Vec<u8>)]) -> Vec<u8> {
    let mut body = u16s(&[1, 1]);
    body.extend(u32_bytes(3));
    body.extend([0x00, 0x00, 0xB1]);
    body.extend(u16s(&[0, nested.len() as u16]));
    for (attribute, nested_body) in nested {
        body.extend(u16s(&[pool.utf8(attribute)]));
        body.extend(u32_bytes(nested_body.len() as u32));
        body.extend(nested_body);
    }
    body
}

/// `Foo` with access flags `flags` and major version `major`, and nothing else.
fn flagged_class(flags: u16, major: u16) -> Result<ClassFile> {
    let mut pool = Pool::new();
    let this_class = pool.class("Foo");
    let super_class = pool.class("java/lang/Object");
    let mut rest = u16s(&[flags, this_class, super_class]);
    rest.extend(NO_MEMBERS);
    parse(&with_version(class_file(&pool, &rest), major, 0))
}

#[test]
fn an_interface_before_version_50_is_abstract_even_without_the_flag() {
    let old = flagged_class(access::PUBLIC | access::INTERFACE, 49).unwrap();
    assert_eq!(old.access_flags & access::ABSTRACT, access::ABSTRACT);
    assert_eq!(
        format_message(flagged_class(access::PUBLIC | access::INTERFACE, 50)),
        "Illegal class modifiers in class Foo: 0x201"
    );
}

/// `Foo` of version `major` with one method `name` `()V` with `flags` (code `return`).
fn class_with_method(flags: u16, name: &str, major: u16) -> Result<ClassFile> {
    let mut pool = Pool::new();
    let this_class = pool.class("Foo");
    let super_class = pool.class("java/lang/Object");
    let code = code_attribute(&mut pool, &[]);
    let (name, descriptor, code_name) = (pool.utf8(name), pool.utf8("()V"), pool.utf8("Code"));
    let mut rest = u16s(&[
        access::PUBLIC | access::SUPER,
        this_class,
        super_class,
        0,
        0,
    ]);
    rest.extend(u16s(&[1, flags, name, descriptor, 1, code_name]));
    rest.extend(u32_bytes(code.len() as u32));
    rest.extend(code);
    rest.extend(u16s(&[0]));
    parse(&with_version(class_file(&pool, &rest), major, 0))
}

#[test]
fn a_class_initializer_must_be_static_only_from_version_51() {
    assert!(class_with_method(0, "<clinit>", 50).is_ok());
    assert_eq!(
        format_message(class_with_method(0, "<clinit>", 51)),
        "Method <clinit> is not static in class file Foo"
    );
}

#[test]
fn strict_abstract_is_illegal_before_version_61_and_meaningless_from_it() {
    // An abstract method in a concrete class is legal; ACC_STRICT with it was not until 17.
    let parse_abstract_strict = |major| {
        let mut pool = Pool::new();
        let this_class = pool.class("Foo");
        let super_class = pool.class("java/lang/Object");
        let flags = access::PUBLIC | access::SUPER | access::ABSTRACT;
        let mut rest = u16s(&[flags, this_class, super_class]);
        rest.extend(one_method(
            &mut pool,
            access::ABSTRACT | access::STRICT,
            &[],
        ));
        parse(&with_version(class_file(&pool, &rest), major, 0))
    };
    assert!(parse_abstract_strict(61).is_ok());
    assert_eq!(
        format_message(parse_abstract_strict(60)),
        "Method m in class Foo has illegal modifiers: 0xC00"
    );
}

#[test]
fn line_number_tables_are_merged_and_sorted() {
    let bytes = foo_class(|pool| {
        let nested = [
            ("LineNumberTable", line_number_table(&[(2, 30)])),
            ("LineNumberTable", line_number_table(&[(1, 20), (0, 10)])),
        ];
        let code = code_attribute(pool, &nested);
        one_method(pool, access::STATIC, &[("Code", code)])
    });
    let class = parse(&bytes).unwrap();
    let code = class.methods[0].code.as_ref().unwrap();
    assert_eq!(code.line_numbers, vec![(0, 10), (1, 20), (2, 30)]);
    assert_eq!(code.bytecode, vec![0x00, 0x00, 0xB1]);
}

#[test]
fn concrete_method_without_code_is_rejected() {
    let bytes = foo_class(|pool| one_method(pool, access::PUBLIC, &[]));
    let message = format_message(parse(&bytes));
    assert!(message.starts_with("Absent Code attribute"), "{message}");
    assert!(message.contains("method m()V"), "{message}");
}

#[test]
fn abstract_method_with_code_is_rejected() {
    let bytes = foo_class(|pool| {
        let code = code_attribute(pool, &[]);
        one_method(pool, access::ABSTRACT, &[("Code", code)])
    });
    assert!(
        format_message(parse(&bytes)).starts_with("Code attribute in native or abstract method")
    );
}

#[test]
fn accessor_for_the_wrong_kind_says_what_it_found() {
    let cp = parse(&minimal_class()).unwrap().constant_pool;
    let error = cp.member_ref(2).unwrap_err();
    assert_eq!(
        error.to_string(),
        "Constant pool entry 2 is a Class, expected Fieldref, Methodref or InterfaceMethodref"
    );
}

// -----------------------------------------------------------------------
// Modified UTF-8
// -----------------------------------------------------------------------

fn decode(bytes: &[u8]) -> Option<JUtf8> {
    JUtf8::from_modified_utf8(bytes).ok()
}

#[test]
fn two_byte_nul_decodes_to_nul() {
    let s = decode(&[b'a', 0xC0, 0x80, b'b']).unwrap();
    assert_eq!(s.utf16, vec![0x61, 0, 0x62]);
    assert_eq!(s.text, "a\0b");
}

#[test]
fn separately_encoded_surrogate_pair_decodes_to_one_character() {
    let s = decode(&[0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80]).unwrap();
    assert_eq!(s.utf16, vec![0xD83D, 0xDE00]);
    assert_eq!(s.text, "\u{1F600}");
}

#[test]
fn unpaired_surrogate_is_kept_in_utf16_and_replaced_in_text() {
    let s = decode(&[0xED, 0xA0, 0x80, b'x']).unwrap();
    assert_eq!(s.utf16, vec![0xD800, 0x78]);
    assert_eq!(s.text, "\u{FFFD}x");
}

#[test]
fn raw_nul_byte_is_malformed() {
    assert_eq!(decode(&[b'a', 0]), None);
}

#[test]
fn four_byte_form_is_malformed() {
    assert_eq!(decode(&[0xF0, 0x9F, 0x98, 0x80]), None);
}

#[test]
fn cut_off_multibyte_sequence_is_malformed() {
    assert_eq!(decode(&[0xE2, 0x82]), None);
}

#[test]
fn stray_continuation_byte_is_malformed() {
    assert_eq!(decode(&[0x80]), None);
}

#[test]
fn overlong_encoding_other_than_nul_is_malformed() {
    assert_eq!(decode(&[0xC1, 0x81]), None);
    assert_eq!(decode(&[0xE0, 0x81, 0x81]), None);
}

// -----------------------------------------------------------------------
// Descriptors
// -----------------------------------------------------------------------

fn object(name: &str) -> FieldType {
    FieldType::Object(name.to_string())
}

fn array(element: FieldType) -> FieldType {
    FieldType::Array(Box::new(element))
}

#[test]
fn primitive_field_descriptors_parse() {
    let expected = [
        ("B", FieldType::Byte),
        ("C", FieldType::Char),
        ("D", FieldType::Double),
        ("F", FieldType::Float),
        ("I", FieldType::Int),
        ("J", FieldType::Long),
        ("S", FieldType::Short),
        ("Z", FieldType::Boolean),
    ];
    for (descriptor, field_type) in expected {
        assert_eq!(parse_field_descriptor(descriptor).unwrap(), field_type);
    }
}

#[test]
fn object_and_array_field_descriptors_parse() {
    assert_eq!(
        parse_field_descriptor("Ljava/lang/String;").unwrap(),
        object("java/lang/String")
    );
    assert_eq!(
        parse_field_descriptor("[[I").unwrap(),
        array(array(FieldType::Int))
    );
    assert_eq!(
        parse_field_descriptor("[Ljava/lang/Object;").unwrap(),
        array(object("java/lang/Object"))
    );
}

#[test]
fn field_descriptor_round_trips_through_descriptor() {
    for descriptor in ["I", "J", "[Z", "[[Ljava/util/Map$Entry;", "Lé;"] {
        assert_eq!(
            parse_field_descriptor(descriptor).unwrap().descriptor(),
            descriptor
        );
    }
}

#[test]
fn void_is_not_a_field_type() {
    assert!(parse_field_descriptor("V").is_err());
    assert!(parse_field_descriptor("[V").is_err());
    assert!(parse_method_descriptor("(V)V").is_err());
}

#[test]
fn trailing_characters_after_a_descriptor_are_rejected() {
    assert!(parse_field_descriptor("II").is_err());
    assert!(parse_field_descriptor("Ljava/lang/String;X").is_err());
    assert!(parse_method_descriptor("()VV").is_err());
}

#[test]
fn malformed_class_names_in_descriptors_are_rejected() {
    for bad in [
        "L;",
        "Ljava/lang/String",
        "Ljava.lang.String;",
        "Ljava//String;",
        "L/a;",
        "La/;",
        "",
        "[",
        "Q",
    ] {
        assert!(
            parse_field_descriptor(bad).is_err(),
            "{bad:?} should be rejected"
        );
    }
}

#[test]
fn arrays_of_255_dimensions_are_allowed_but_not_256() {
    assert!(parse_field_descriptor(&format!("{}I", "[".repeat(255))).is_ok());
    let error = parse_field_descriptor(&format!("{}I", "[".repeat(256))).unwrap_err();
    assert!(error.to_string().contains("256 dimensions"), "{error}");
}

#[test]
fn method_descriptor_parses_params_and_return() {
    let descriptor = parse_method_descriptor("(IJ[DLjava/lang/Object;)Ljava/lang/String;").unwrap();
    assert_eq!(
        descriptor.params,
        vec![
            FieldType::Int,
            FieldType::Long,
            array(FieldType::Double),
            object("java/lang/Object")
        ]
    );
    assert_eq!(descriptor.ret, Some(object("java/lang/String")));
    assert_eq!(
        descriptor.descriptor(),
        "(IJ[DLjava/lang/Object;)Ljava/lang/String;"
    );
}

#[test]
fn void_method_descriptor_has_no_return_type() {
    let descriptor = parse_method_descriptor("()V").unwrap();
    assert_eq!(
        descriptor,
        MethodDescriptor {
            params: vec![],
            ret: None
        }
    );
}

#[test]
fn malformed_method_descriptors_are_rejected() {
    for bad in ["", "I", "(I", "()", "(I)", "(L;)V", ")V", "(I)X"] {
        assert!(
            parse_method_descriptor(bad).is_err(),
            "{bad:?} should be rejected"
        );
    }
}

#[test]
fn long_and_double_take_two_slots() {
    assert_eq!(FieldType::Long.slots(), 2);
    assert_eq!(FieldType::Double.slots(), 2);
    assert_eq!(FieldType::Int.slots(), 1);
    assert_eq!(array(FieldType::Long).slots(), 1);
    assert_eq!(object("java/lang/Object").slots(), 1);
}

#[test]
fn arg_slots_count_long_and_double_twice() {
    assert_eq!(
        parse_method_descriptor("(IJ[DLjava/lang/Object;D)V")
            .unwrap()
            .arg_slots(),
        7
    );
    assert_eq!(parse_method_descriptor("()J").unwrap().arg_slots(), 0);
}

#[test]
fn only_objects_and_arrays_are_references() {
    assert!(object("java/lang/Object").is_reference());
    assert!(array(FieldType::Int).is_reference());
    assert!(!FieldType::Int.is_reference());
    assert!(!FieldType::Long.is_reference());
}

// -----------------------------------------------------------------------
// Robustness
// -----------------------------------------------------------------------

mod robustness {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        #[test]
        fn truncated_and_bit_flipped_class_files_never_panic(
            cut in any::<usize>(),
            flips in proptest::collection::vec((any::<usize>(), any::<u8>()), 0..8),
        ) {
            let original = &compiled().greeter;
            let mut bytes = original[..cut % (original.len() + 1)].to_vec();
            for (position, value) in flips {
                if !bytes.is_empty() {
                    let len = bytes.len();
                    bytes[position % len] = value;
                }
            }
            let _ = parse(&bytes);
        }

        #[test]
        fn arbitrary_descriptor_strings_never_panic(s in ".{0,40}") {
            let _ = parse_field_descriptor(&s);
            let _ = parse_method_descriptor(&s);
        }

        #[test]
        fn arbitrary_bytes_never_panic_the_utf8_decoder(bytes in proptest::collection::vec(any::<u8>(), 0..40)) {
            let _ = JUtf8::from_modified_utf8(&bytes);
        }
    }
}
