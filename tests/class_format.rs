//! The class-file format checks of JVMS 4.1-4.8 that a class's bytes can pass and its
//! structure still fail: duplicate members, illegal modifiers and names, special methods with
//! the wrong modifiers or signatures, arguments that do not fit. Each malformed class is built
//! here, loaded with `Class.forName` under HotSpot and under gcvm, and the two must print the
//! same `ClassFormatError` message, word for word. A class that only looks odd (two fields of
//! one name but different types) loads under both.

mod support;

use std::path::PathBuf;
use std::sync::OnceLock;
use support::*;

// ---------------------------------------------------------------------------
// A small class-file builder
// ---------------------------------------------------------------------------

const PUBLIC: u16 = 0x0001;
const PRIVATE: u16 = 0x0002;
const PROTECTED: u16 = 0x0004;
const STATIC: u16 = 0x0008;
const FINAL: u16 = 0x0010;
const SUPER: u16 = 0x0020;
const VOLATILE: u16 = 0x0040;
const BRIDGE: u16 = 0x0040;
const NATIVE: u16 = 0x0100;
const INTERFACE: u16 = 0x0200;
const ABSTRACT: u16 = 0x0400;
const ANNOTATION: u16 = 0x2000;
const ENUM: u16 = 0x4000;

#[derive(Default)]
struct Pool {
    bytes: Vec<u8>,
    count: u16,
    utf8s: Vec<(String, u16)>,
}

impl Pool {
    fn add(&mut self, entry: &[u8]) -> u16 {
        self.bytes.extend_from_slice(entry);
        self.count += 1;
        self.count
    }
    fn utf8(&mut self, s: &str) -> u16 {
        if let Some(&(_, i)) = self.utf8s.iter().find(|(t, _)| t == s) {
            return i;
        }
        let mut entry = vec![1];
        entry.extend((s.len() as u16).to_be_bytes());
        entry.extend(s.as_bytes());
        let i = self.add(&entry);
        self.utf8s.push((s.to_string(), i));
        i
    }
    fn class(&mut self, name: &str) -> u16 {
        let n = self.utf8(name);
        self.add(&[&[7][..], &n.to_be_bytes()].concat())
    }
}

fn u16s(values: &[u16]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_be_bytes()).collect()
}

/// A field: flags, name, descriptor.
struct Field(u16, &'static str, String);

/// A method: flags, name, descriptor; a concrete one gets `Code` of `bytecode` with
/// `max_locals` 4.
struct Method(u16, &'static str, String, &'static [u8]);

const RETURN: &[u8] = &[0xb1];

struct Class {
    flags: u16,
    super_class: &'static str,
    interfaces: Vec<&'static str>,
    fields: Vec<Field>,
    methods: Vec<Method>,
}

impl Default for Class {
    fn default() -> Class {
        Class {
            flags: PUBLIC | SUPER,
            super_class: "java/lang/Object",
            interfaces: Vec::new(),
            fields: Vec::new(),
            methods: Vec::new(),
        }
    }
}

impl Class {
    fn bytes(&self, name: &str) -> Vec<u8> {
        let mut pool = Pool::default();
        let this = pool.class(name);
        let super_class = pool.class(self.super_class);
        let interfaces: Vec<u16> = self.interfaces.iter().map(|i| pool.class(i)).collect();
        let mut rest = u16s(&[self.flags, this, super_class, interfaces.len() as u16]);
        rest.extend(u16s(&interfaces));
        rest.extend(u16s(&[self.fields.len() as u16]));
        for Field(flags, name, descriptor) in &self.fields {
            rest.extend(u16s(&[*flags, pool.utf8(name), pool.utf8(descriptor), 0]));
        }
        rest.extend(u16s(&[self.methods.len() as u16]));
        for Method(flags, name, descriptor, bytecode) in &self.methods {
            rest.extend(u16s(&[*flags, pool.utf8(name), pool.utf8(descriptor)]));
            if flags & (NATIVE | ABSTRACT) != 0 {
                rest.extend(u16s(&[0]));
                continue;
            }
            let mut code = u16s(&[1, 4]);
            code.extend((bytecode.len() as u32).to_be_bytes());
            code.extend(*bytecode);
            code.extend(u16s(&[0, 0]));
            rest.extend(u16s(&[1, pool.utf8("Code")]));
            rest.extend((code.len() as u32).to_be_bytes());
            rest.extend(code);
        }
        rest.extend(u16s(&[0]));
        let mut bytes = vec![0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 61];
        bytes.extend((pool.count + 1).to_be_bytes());
        bytes.extend(&pool.bytes);
        bytes.extend(rest);
        bytes
    }
}

fn field(flags: u16, name: &'static str, descriptor: &str) -> Field {
    Field(flags, name, descriptor.to_string())
}

fn method(flags: u16, name: &'static str, descriptor: &str) -> Method {
    Method(flags, name, descriptor.to_string(), RETURN)
}

fn interface() -> Class {
    Class {
        flags: PUBLIC | INTERFACE | ABSTRACT,
        ..Class::default()
    }
}

/// Every malformed (or odd but legal) class, by name.
fn cases() -> Vec<(&'static str, Class)> {
    let longs = |n: usize| "J".repeat(n);
    vec![
        (
            "DuplicateMethod",
            Class {
                methods: (0..1000)
                    .map(|_| method(PUBLIC | STATIC, "m", "()V"))
                    .collect(),
                ..Class::default()
            },
        ),
        (
            "DuplicateField",
            Class {
                fields: vec![field(STATIC, "f", "I"), field(STATIC, "f", "I")],
                ..Class::default()
            },
        ),
        (
            "SameFieldNameOtherType",
            Class {
                fields: vec![field(STATIC, "f", "I"), field(STATIC, "f", "J")],
                ..Class::default()
            },
        ),
        (
            "SameMethodNameOtherDescriptor",
            Class {
                methods: vec![method(STATIC, "m", "()V"), method(STATIC, "m", "(I)V")],
                ..Class::default()
            },
        ),
        (
            "DuplicateInterface",
            Class {
                flags: PUBLIC | SUPER | ABSTRACT,
                interfaces: vec!["java/lang/Runnable", "java/lang/Runnable"],
                ..Class::default()
            },
        ),
        (
            "MethodNameWithDot",
            Class {
                methods: vec![method(STATIC, "a.b", "()V")],
                ..Class::default()
            },
        ),
        (
            "MethodNameWithAngle",
            Class {
                methods: vec![method(STATIC, "a<b", "()V")],
                ..Class::default()
            },
        ),
        (
            "MethodNameWithBracket",
            Class {
                methods: vec![method(STATIC, "a[b", "()V")],
                ..Class::default()
            },
        ),
        (
            "UnknownSpecialMethod",
            Class {
                methods: vec![method(STATIC, "<foo>", "()V")],
                ..Class::default()
            },
        ),
        (
            "FieldNameWithSemicolon",
            Class {
                fields: vec![field(STATIC, "a;b", "I")],
                ..Class::default()
            },
        ),
        (
            "FieldNameWithSlash",
            Class {
                fields: vec![field(STATIC, "a/b", "I")],
                ..Class::default()
            },
        ),
        (
            "EmptyFieldName",
            Class {
                fields: vec![field(STATIC, "", "I")],
                ..Class::default()
            },
        ),
        (
            "FieldPublicAndPrivate",
            Class {
                fields: vec![field(STATIC | PUBLIC | PRIVATE, "f", "I")],
                ..Class::default()
            },
        ),
        (
            "FieldFinalAndVolatile",
            Class {
                fields: vec![field(STATIC | FINAL | VOLATILE, "f", "I")],
                ..Class::default()
            },
        ),
        (
            "InterfaceFieldNotStaticFinal",
            Class {
                fields: vec![field(PUBLIC, "f", "I")],
                ..interface()
            },
        ),
        (
            "FieldWithIllegalSignature",
            Class {
                fields: vec![field(STATIC, "f", "Q")],
                ..Class::default()
            },
        ),
        (
            "FieldModifiersCheckedBeforeName",
            Class {
                fields: vec![field(STATIC | PUBLIC | PRIVATE, "a;b", "Q")],
                ..Class::default()
            },
        ),
        (
            "MethodPublicAndPrivate",
            Class {
                methods: vec![method(PUBLIC | PRIVATE | STATIC, "m", "()V")],
                ..Class::default()
            },
        ),
        (
            "AbstractFinalMethod",
            Class {
                flags: PUBLIC | SUPER | ABSTRACT,
                methods: vec![method(PUBLIC | ABSTRACT | FINAL, "m", "()V")],
                ..Class::default()
            },
        ),
        (
            "AbstractPrivateMethod",
            Class {
                flags: PUBLIC | SUPER | ABSTRACT,
                methods: vec![method(PRIVATE | ABSTRACT, "m", "()V")],
                ..Class::default()
            },
        ),
        (
            "InterfaceMethodProtected",
            Class {
                methods: vec![method(PROTECTED | ABSTRACT, "m", "()V")],
                ..interface()
            },
        ),
        (
            "InterfaceMethodNeitherPublicNorPrivate",
            Class {
                methods: vec![method(ABSTRACT, "m", "()V")],
                ..interface()
            },
        ),
        (
            "MethodWithIllegalSignature",
            Class {
                methods: vec![method(STATIC, "m", "(Q)V")],
                ..Class::default()
            },
        ),
        (
            "StaticConstructor",
            Class {
                methods: vec![method(PUBLIC | STATIC, "<init>", "()V")],
                ..Class::default()
            },
        ),
        (
            "BridgeConstructor",
            Class {
                methods: vec![method(PUBLIC | BRIDGE, "<init>", "()V")],
                ..Class::default()
            },
        ),
        (
            "ConstructorReturningInt",
            Class {
                methods: vec![Method(PUBLIC, "<init>", "()I".into(), &[0x03, 0xac])],
                ..Class::default()
            },
        ),
        (
            "InterfaceConstructor",
            Class {
                methods: vec![method(PUBLIC, "<init>", "()V")],
                ..interface()
            },
        ),
        (
            "ClassInitializerWithArguments",
            Class {
                methods: vec![method(STATIC, "<clinit>", "(I)V")],
                ..Class::default()
            },
        ),
        (
            "ClassInitializerNotStatic",
            Class {
                methods: vec![method(0, "<clinit>", "()V")],
                ..Class::default()
            },
        ),
        (
            "TooManyArguments",
            Class {
                methods: vec![method(PUBLIC, "m", &format!("({}I)V", longs(127)))],
                ..Class::default()
            },
        ),
        (
            "ArgumentsBeyondMaxLocals",
            Class {
                methods: vec![method(STATIC, "m", "(JJJ)V")],
                ..Class::default()
            },
        ),
        (
            "FinalAbstractClass",
            Class {
                flags: PUBLIC | FINAL | ABSTRACT,
                ..Class::default()
            },
        ),
        (
            "InterfaceNotAbstract",
            Class {
                flags: PUBLIC | INTERFACE,
                ..Class::default()
            },
        ),
        (
            "EnumInterface",
            Class {
                flags: PUBLIC | INTERFACE | ABSTRACT | ENUM,
                ..Class::default()
            },
        ),
        (
            "AnnotationNotInterface",
            Class {
                flags: PUBLIC | SUPER | ANNOTATION,
                ..Class::default()
            },
        ),
        (
            "InterfaceExtendingNumber",
            Class {
                super_class: "java/lang/Number",
                ..interface()
            },
        ),
    ]
}

/// Loads every class named on the command line and prints what happened.
const LOADER: &str = r#"
public class Load {
    public static void main(String[] args) {
        for (String name : args) {
            try {
                Class.forName(name);
                System.out.println(name + ": loaded");
            } catch (Throwable t) {
                System.out.println(name + ": " + t);
            }
        }
    }
}
"#;

fn classes() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = compile_snippets("class-format", &[("Load.java", LOADER)]);
        for (name, class) in cases() {
            write_bytes(&dir.join(format!("{name}.class")), &class.bytes(name));
        }
        dir
    })
}

fn names() -> Vec<&'static str> {
    cases().into_iter().map(|(name, _)| name).collect()
}

#[test]
fn every_malformed_class_is_refused_with_hotspots_class_format_error_message() {
    let dir = classes();
    let mut java = std::process::Command::new(jdk().tool("java"));
    java.args(["-Xint", "-cp"])
        .arg(dir)
        .arg("Load")
        .args(names());
    let hotspot = run_with_timeout(java, RUN_TIMEOUT);
    assert_eq!(hotspot.code, Some(0), "{}", hotspot.stderr_head(5));
    let mut args = vec![
        "run".to_string(),
        "-cp".into(),
        dir.to_string_lossy().into(),
    ];
    args.push("Load".into());
    args.extend(names().iter().map(|n| n.to_string()));
    let gcvm = run_gcvm(&args);
    assert_no_panic(&gcvm, "Load");
    let (expected, actual) = (hotspot.stdout_text(), gcvm.stdout_text());
    for (e, a) in expected.lines().zip(actual.lines()) {
        assert_eq!(a, e, "gcvm (left) and HotSpot (right) differ");
    }
    assert_eq!(actual.lines().count(), expected.lines().count());
}

#[test]
fn a_class_with_the_same_method_declared_a_thousand_times_is_refused() {
    let mut args = vec![
        "run".to_string(),
        "-cp".into(),
        classes().to_string_lossy().into(),
    ];
    args.extend(["Load".into(), "DuplicateMethod".into()]);
    let out = run_gcvm(&args);
    assert_eq!(
        out.stdout_text(),
        "DuplicateMethod: java.lang.ClassFormatError: Duplicate method name \"m\" with signature \"()V\" in class file DuplicateMethod\n"
    );
}

#[test]
fn fields_or_methods_sharing_a_name_but_not_a_descriptor_are_legal() {
    let mut args = vec![
        "run".to_string(),
        "-cp".into(),
        classes().to_string_lossy().into(),
    ];
    args.extend(
        [
            "Load",
            "SameFieldNameOtherType",
            "SameMethodNameOtherDescriptor",
        ]
        .map(String::from),
    );
    let out = run_gcvm(&args);
    assert_eq!(
        out.stdout_text(),
        "SameFieldNameOtherType: loaded\nSameMethodNameOtherDescriptor: loaded\n"
    );
}

#[test]
fn a_malformed_main_class_ends_the_run_with_the_error_and_exit_code_1() {
    let out = run_gcvm_program(classes(), "DuplicateField", &[]);
    assert_no_panic(&out, "DuplicateField");
    assert_eq!(out.code, Some(1));
    assert_eq!(
        out.stderr_text(),
        "Error: LinkageError occurred while loading main class DuplicateField\n\tjava.lang.ClassFormatError: Duplicate field name \"f\" with signature \"I\" in class file DuplicateField\n",
        "as java prints it"
    );
}
