//! The format checks of JVMS 4.1-4.8 on a class's own structure, beyond its bytes: legal
//! modifiers of the class, its fields and methods; legal member names; special methods
//! (`<init>`, `<clinit>`) with the right modifiers and signatures; no member or interface
//! declared twice; arguments that fit in 255 slots and in the method's locals.
//!
//! The messages are HotSpot 17's (ClassFileParser), word for word, since programs and tests
//! compare them, and the checks run in its order: the class's modifiers, its superclass and
//! interfaces, then each field (modifiers, name, signature), the fields' uniqueness, each method
//! (name, modifiers, signature, arguments), the methods' uniqueness.

use super::{access, parse_field_descriptor, parse_method_descriptor, ClassFileError, Result};
use std::collections::HashSet;

/// What the member checks need to know of the class that declares them.
pub(super) struct ClassContext<'a> {
    pub name: &'a str,
    pub flags: u16,
    pub major: u16,
}

impl ClassContext<'_> {
    fn is_interface(&self) -> bool {
        self.flags & access::INTERFACE != 0
    }
}

/// The most slots a method's arguments may take, `this` included (JVMS 4.3.3).
const MAX_ARGS_SIZE: usize = 255;

const JAVA_5: u16 = 49;
const JAVA_6: u16 = 50;
const JAVA_7: u16 = 51;
const JAVA_8: u16 = 52;
const JAVA_17: u16 = 61;

fn illegal<T>(message: String) -> Result<T> {
    Err(ClassFileError::Illegal(message))
}

fn has(flags: u16, flag: u16) -> bool {
    flags & flag != 0
}

/// More than one of public, protected and private.
fn has_illegal_visibility(flags: u16) -> bool {
    (flags & (access::PUBLIC | access::PROTECTED | access::PRIVATE)).count_ones() > 1
}

/// JVMS 4.1: an interface is abstract (before version 50 it is made so), and neither final,
/// super nor an enum; only an interface is an annotation; nothing is both final and abstract.
/// Returns the flags as the class has them (`ACC_ABSTRACT` added to an old interface's).
pub(super) fn check_class_modifiers(name: &str, flags: u16, major: u16) -> Result<u16> {
    let flags = if has(flags, access::INTERFACE) && major < JAVA_6 {
        flags | access::ABSTRACT
    } else {
        flags
    };
    let (interface, abstract_) = (has(flags, access::INTERFACE), has(flags, access::ABSTRACT));
    let since_5 = major >= JAVA_5;
    if (abstract_ && has(flags, access::FINAL))
        || (interface && !abstract_)
        || (interface && since_5 && has(flags, access::SUPER | access::ENUM))
        || (!interface && since_5 && has(flags, access::ANNOTATION))
    {
        return illegal(format!(
            "Illegal class modifiers in class {name}: 0x{flags:X}"
        ));
    }
    Ok(flags)
}

/// JVMS 4.1: an interface's superclass is java.lang.Object.
pub(super) fn check_interface_super(class: &ClassContext, super_class: Option<&str>) -> Result<()> {
    if class.is_interface() && super_class != Some("java/lang/Object") {
        return illegal(format!(
            "Interfaces must have java.lang.Object as superclass in class file {}",
            class.name
        ));
    }
    Ok(())
}

/// JVMS 4.1: no interface is named twice.
pub(super) fn check_unique_interfaces(class: &ClassContext, interfaces: &[String]) -> Result<()> {
    let mut seen = HashSet::new();
    for interface in interfaces {
        if !seen.insert(interface.as_str()) {
            return illegal(format!(
                "Duplicate interface name \"{interface}\" in class file {}",
                class.name
            ));
        }
    }
    Ok(())
}

/// JVMS 4.2.2: an unqualified name is not empty and has none of `. ; [ /`; a method's has no
/// `<` or `>` either, unless it is `<init>` or `<clinit>`.
fn is_legal_unqualified_name(name: &str, method: bool) -> bool {
    if method && (name == "<init>" || name == "<clinit>") {
        return true;
    }
    let forbidden: &[char] = if method {
        &['.', ';', '[', '/', '<', '>']
    } else {
        &['.', ';', '[', '/']
    };
    !name.is_empty() && !name.contains(forbidden)
}

/// JVMS 4.5: a field's modifiers, name and descriptor.
pub(super) fn check_field(
    class: &ClassContext,
    flags: u16,
    name: &str,
    descriptor: &str,
) -> Result<()> {
    let illegal_modifiers = if class.is_interface() {
        !has(flags, access::PUBLIC)
            || !has(flags, access::STATIC)
            || !has(flags, access::FINAL)
            || has(
                flags,
                access::PRIVATE | access::PROTECTED | access::VOLATILE,
            )
            || has(flags, access::TRANSIENT)
            || (class.major >= JAVA_5 && has(flags, access::ENUM))
    } else {
        has_illegal_visibility(flags) || (has(flags, access::FINAL) && has(flags, access::VOLATILE))
    };
    if illegal_modifiers {
        return illegal(format!(
            "Illegal field modifiers in class {}: 0x{flags:X}",
            class.name
        ));
    }
    if !is_legal_unqualified_name(name, false) {
        return illegal(format!(
            "Illegal field name \"{name}\" in class {}",
            class.name
        ));
    }
    if parse_field_descriptor(descriptor).is_err() {
        return illegal(format!(
            "Field \"{name}\" in class {} has illegal signature \"{descriptor}\"",
            class.name
        ));
    }
    Ok(())
}

/// JVMS 4.5 and 4.6: no two fields (`kind` "field"), or methods ("method"), have the same
/// name and descriptor.
pub(super) fn check_unique_members<'m>(
    class: &ClassContext,
    kind: &str,
    members: impl IntoIterator<Item = (&'m str, &'m str)>,
) -> Result<()> {
    let mut seen = HashSet::new();
    for (name, descriptor) in members {
        if !seen.insert((name, descriptor)) {
            return illegal(format!(
                "Duplicate {kind} name \"{name}\" with signature \"{descriptor}\" in class file {}",
                class.name
            ));
        }
    }
    Ok(())
}

/// JVMS 4.6: a method's name, modifiers and descriptor. Returns the slots its arguments take,
/// `this` included, for `check_arguments_fit`.
pub(super) fn check_method(
    class: &ClassContext,
    flags: u16,
    name: &str,
    descriptor: &str,
) -> Result<usize> {
    if !is_legal_unqualified_name(name, true) {
        return illegal(format!(
            "Illegal method name \"{name}\" in class {}",
            class.name
        ));
    }
    if name == "<clinit>" {
        // Other modifiers of a class initialiser are ignored (JVMS 4.6).
        if class.major >= JAVA_7 && !has(flags, access::STATIC) {
            return illegal(format!(
                "Method <clinit> is not static in class file {}",
                class.name
            ));
        }
    } else if has_illegal_method_modifiers(class, flags, name) {
        return illegal(format!(
            "Method {name} in class {} has illegal modifiers: 0x{flags:X}",
            class.name
        ));
    }
    if name == "<init>" && class.is_interface() {
        return illegal(format!(
            "Interface cannot have a method named <init>, class file {}",
            class.name
        ));
    }
    let illegal_signature = || {
        illegal(format!(
            "Method \"{name}\" in class {} has illegal signature \"{descriptor}\"",
            class.name
        ))
    };
    let Ok(parsed) = parse_method_descriptor(descriptor) else {
        return illegal_signature();
    };
    let special = name == "<init>" || name == "<clinit>";
    if (special && parsed.ret.is_some())
        || (name == "<clinit>" && class.major >= JAVA_7 && !parsed.params.is_empty())
    {
        return illegal_signature();
    }
    let is_static = name == "<clinit>" || has(flags, access::STATIC);
    let args_size = parsed.arg_slots() + usize::from(!is_static);
    if args_size > MAX_ARGS_SIZE {
        return illegal(format!(
            "Too many arguments in method signature in class file {}",
            class.name
        ));
    }
    Ok(args_size)
}

/// JVMS 4.7.3: a method's arguments (`args_size` slots) fit in its Code's `max_locals`.
pub(super) fn check_arguments_fit(
    class: &ClassContext,
    args_size: usize,
    max_locals: u16,
) -> Result<()> {
    if args_size > usize::from(max_locals) {
        return illegal(format!(
            "Arguments can't fit into locals in class file {}",
            class.name
        ));
    }
    Ok(())
}

/// HotSpot's `verify_legal_method_modifiers` (JVMS 4.6, table 4.6-A and the text after it).
fn has_illegal_method_modifiers(class: &ClassContext, flags: u16, name: &str) -> bool {
    let f = |flag| has(flags, flag);
    let (public, private, protected) =
        (f(access::PUBLIC), f(access::PRIVATE), f(access::PROTECTED));
    let (static_, final_, synchronized) =
        (f(access::STATIC), f(access::FINAL), f(access::SYNCHRONIZED));
    let (native, abstract_, strict) = (f(access::NATIVE), f(access::ABSTRACT), f(access::STRICT));
    let bridge = f(access::BRIDGE);
    let major = class.major;
    // ACC_STRICT means nothing from version 61 (every method is strict).
    let strict = strict && major < JAVA_17;
    if class.is_interface() {
        if major >= JAVA_8 {
            public == private
                || native
                || protected
                || final_
                || synchronized
                || (abstract_ && (private || static_ || strict))
        } else if major >= JAVA_5 {
            !public
                || private
                || protected
                || static_
                || final_
                || synchronized
                || native
                || !abstract_
                || strict
        } else {
            !public || static_ || final_ || native || !abstract_
        }
    } else if has_illegal_visibility(flags) {
        true
    } else if name == "<init>" {
        static_ || final_ || synchronized || native || abstract_ || (major >= JAVA_5 && bridge)
    } else {
        abstract_
            && (final_
                || native
                || private
                || static_
                || (major >= JAVA_5 && (synchronized || strict)))
    }
}
