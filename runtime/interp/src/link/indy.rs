//! invokedynamic: the three bootstrap methods javac 17 emits for ordinary code.
//!
//! - `StringConcatFactory.makeConcatWithConstants` (`"a" + b`): the recipe is parsed at link
//!   time into literal pieces and argument holes; executing it formats each argument as
//!   `String.valueOf` would and builds one String.
//! - `LambdaMetafactory.metafactory` / `altMetafactory` (lambdas and method references): at link
//!   time gcvm defines a small proxy class implementing the functional interface, with one field
//!   per captured value and a method whose body — generated directly as `Insn`s — loads the
//!   captures and arguments, adapts them (casts, boxing, unboxing, widening) and calls the
//!   implementation method. Executing the call site allocates a proxy and stores the captures.
//! - `ObjectMethods.bootstrap` (records' toString, hashCode, equals): executed natively from the
//!   record's component fields, with the JDK's formats and hash combination.

use crate::classfile::{self, access, ConstantPool, FieldType, MethodDescriptor};
use crate::link::classes::ClassTable;
use crate::model::class::{Class, Code, Field};
use crate::model::error::LinkageError;
use crate::model::insn::kind_of;
use crate::model::insn::{Insn, Kind};
use crate::model::sites::{ConcatSite, LambdaSite, Piece, RecordOp, RecordSite, StringSites};
use gcvm_tracer::format::SITE_VM;
use std::sync::OnceLock;

fn bsm_error(msg: String) -> LinkageError {
    LinkageError::new("java/lang/BootstrapMethodError", msg)
}

fn cf_error(e: classfile::ClassFileError) -> LinkageError {
    LinkageError::new("java/lang/ClassFormatError", e.to_string())
}

/// Links the invokedynamic call site at constant-pool index `idx` of `caller`.
pub fn link(
    classes: &'static ClassTable,
    caller: &'static Class,
    cp: &ConstantPool,
    idx: u16,
) -> Result<Insn, LinkageError> {
    let (bsm_index, name, descriptor) = cp.invoke_dynamic(idx).map_err(cf_error)?;
    let bsm = caller
        .bootstrap_methods
        .get(bsm_index as usize)
        .ok_or_else(|| bsm_error(format!("bootstrap method {bsm_index} missing")))?;
    let (_, handle) = cp.method_handle(bsm.method_ref).map_err(cf_error)?;
    let desc = classfile::parse_method_descriptor(descriptor).map_err(cf_error)?;
    match (handle.class.as_str(), handle.name.as_str()) {
        ("java/lang/invoke/StringConcatFactory", "makeConcatWithConstants") => {
            link_concat(cp, &bsm.arguments, &desc, true)
        }
        ("java/lang/invoke/StringConcatFactory", "makeConcat") => {
            link_concat(cp, &bsm.arguments, &desc, false)
        }
        ("java/lang/invoke/LambdaMetafactory", "metafactory" | "altMetafactory") => link_lambda(
            classes,
            caller,
            cp,
            &bsm.arguments,
            name,
            &desc,
            handle.name == "altMetafactory",
        ),
        ("java/lang/runtime/ObjectMethods", "bootstrap") => {
            link_record(classes, cp, &bsm.arguments, name, &desc)
        }
        (c, n) => Err(bsm_error(format!(
            "gcvm does not support the bootstrap method {}.{n}",
            c.replace('/', ".")
        ))),
    }
}

fn slot_offsets(desc: &MethodDescriptor) -> Vec<(Kind, u16)> {
    let mut slot = 0u16;
    desc.params
        .iter()
        .map(|p| {
            let k = kind_of(p);
            let at = slot;
            slot += k.slots() as u16;
            (k, at)
        })
        .collect()
}

fn link_concat(
    cp: &ConstantPool,
    args: &[u16],
    desc: &MethodDescriptor,
    with_recipe: bool,
) -> Result<Insn, LinkageError> {
    let params = slot_offsets(desc);
    let mut pieces = Vec::new();
    if !with_recipe {
        pieces.extend(params.iter().map(|&(kind, slot)| Piece::Arg { kind, slot }));
    } else {
        let recipe = cp
            .string(
                *args
                    .first()
                    .ok_or_else(|| bsm_error("concat without a recipe".into()))?,
            )
            .map_err(cf_error)?;
        let mut constants = args[1..].iter();
        let mut next_arg = params.iter();
        let mut lit = Vec::new();
        for &c in &recipe.utf16 {
            match c {
                1 => {
                    if !lit.is_empty() {
                        pieces.push(Piece::Literal(std::mem::take(&mut lit)));
                    }
                    let &(kind, slot) = next_arg
                        .next()
                        .ok_or_else(|| bsm_error("concat recipe has too many arguments".into()))?;
                    pieces.push(Piece::Arg { kind, slot });
                }
                2 => {
                    let idx = *constants
                        .next()
                        .ok_or_else(|| bsm_error("concat recipe has too many constants".into()))?;
                    lit.extend(constant_text(cp, idx)?);
                }
                _ => lit.push(c),
            }
        }
        if !lit.is_empty() {
            pieces.push(Piece::Literal(lit));
        }
    }
    Ok(Insn::Concat(Box::new(ConcatSite {
        pieces,
        arg_slots: desc.arg_slots() as u16,
        sites: StringSites::new(SITE_VM, SITE_VM),
    })))
}

fn constant_text(cp: &ConstantPool, idx: u16) -> Result<Vec<u16>, LinkageError> {
    use classfile::Constant as C;
    let s = match cp.get(idx).map_err(cf_error)? {
        C::String { .. } => return Ok(cp.string(idx).map_err(cf_error)?.utf16.clone()),
        C::Integer(i) => i.to_string(),
        C::Long(l) => l.to_string(),
        C::Float(f) => crate::lang::javafmt::float_to_string(*f),
        C::Double(d) => crate::lang::javafmt::double_to_string(*d),
        other => return Err(bsm_error(format!("unsupported concat constant {other:?}"))),
    };
    Ok(s.encode_utf16().collect())
}

// ---- records ----

fn link_record(
    classes: &'static ClassTable,
    cp: &ConstantPool,
    args: &[u16],
    name: &str,
    desc: &MethodDescriptor,
) -> Result<Insn, LinkageError> {
    let op = match name {
        "toString" => RecordOp::ToString,
        "hashCode" => RecordOp::HashCode,
        "equals" => RecordOp::Equals,
        other => return Err(bsm_error(format!("ObjectMethods cannot make {other}"))),
    };
    if args.len() < 2 {
        return Err(bsm_error(
            "ObjectMethods needs the record class and its component names".into(),
        ));
    }
    let class = classes.load(cp.class_name(args[0]).map_err(cf_error)?)?;
    check_record_site(&class.name, op, desc)?;
    let names_text = cp.string(args[1]).map_err(cf_error)?.text.clone();
    let names: Vec<&str> = if names_text.is_empty() {
        vec![]
    } else {
        names_text.split(';').collect()
    };
    let mut components = Vec::new();
    for (i, &h) in args[2..].iter().enumerate() {
        let (kind, r) = cp.method_handle(h).map_err(cf_error)?;
        let field = class
            .find_field(&r.name, &r.descriptor)
            .filter(|f| kind == classfile::ref_kind::GET_FIELD && !f.is_static())
            .ok_or_else(|| LinkageError::new("java/lang/NoSuchFieldError", r.name.clone()))?;
        let label = names.get(i).copied().unwrap_or(&r.name).to_string();
        components.push((label, field.offset, field.kind));
    }
    // Class.getSimpleName(): local classes (`Outer$1Local`) drop the digits javac prefixes.
    let simple_name = class
        .name
        .rsplit(['/', '$'])
        .next()
        .unwrap_or(&class.name)
        .trim_start_matches(|c: char| c.is_ascii_digit())
        .to_string();
    Ok(Insn::RecordMethod(Box::new(RecordSite {
        op,
        class: class.id,
        simple_name,
        components,
        arg_slots: desc.arg_slots() as u16,
        ret: desc.ret.as_ref().map(kind_of),
    })))
}

/// The call site's type must be the one ObjectMethods makes for `op` on `record`: what the
/// VM pushes and reads follows from it.
fn check_record_site(
    record: &str,
    op: RecordOp,
    desc: &MethodDescriptor,
) -> Result<(), LinkageError> {
    let this = FieldType::Object(record.to_string());
    let object = FieldType::Object("java/lang/Object".to_string());
    let (params, ret) = match op {
        RecordOp::ToString => (
            vec![this],
            FieldType::Object("java/lang/String".to_string()),
        ),
        RecordOp::HashCode => (vec![this], FieldType::Int),
        RecordOp::Equals => (vec![this, object], FieldType::Boolean),
    };
    if desc.params != params || desc.ret.as_ref() != Some(&ret) {
        return Err(bsm_error(format!(
            "ObjectMethods: call site type {} does not fit {op:?} of {}",
            desc.descriptor(),
            record.replace('/', ".")
        )));
    }
    Ok(())
}

// ---- lambdas ----

const REF_INVOKE_VIRTUAL: u8 = 5;
const REF_INVOKE_STATIC: u8 = 6;
const REF_INVOKE_SPECIAL: u8 = 7;
const REF_NEW_INVOKE_SPECIAL: u8 = 8;
const REF_INVOKE_INTERFACE: u8 = 9;
const FLAG_MARKERS: i32 = 2;
const FLAG_BRIDGES: i32 = 4;

fn link_lambda(
    classes: &'static ClassTable,
    caller: &'static Class,
    cp: &ConstantPool,
    args: &[u16],
    sam_name: &str,
    site_desc: &MethodDescriptor,
    alt: bool,
) -> Result<Insn, LinkageError> {
    if args.len() < 3 {
        return Err(bsm_error(
            "LambdaMetafactory needs three static arguments".into(),
        ));
    }
    let sam_desc = cp.method_type(args[0]).map_err(cf_error)?.to_string();
    let (impl_kind, impl_ref) = cp.method_handle(args[1]).map_err(cf_error)?;
    let instantiated =
        classfile::parse_method_descriptor(cp.method_type(args[2]).map_err(cf_error)?)
            .map_err(cf_error)?;
    let Some(FieldType::Object(iface_name)) = &site_desc.ret else {
        return Err(bsm_error(
            "lambda call site does not return an interface".into(),
        ));
    };
    let iface = classes.load(iface_name)?;
    let mut interfaces = vec![iface];
    let mut sam_descs = vec![sam_desc];
    if alt {
        let int_arg = |i: usize| -> Result<i32, LinkageError> {
            match args.get(i).map(|&a| cp.get(a)) {
                Some(Ok(classfile::Constant::Integer(v))) => Ok(*v),
                _ => Err(bsm_error("altMetafactory: bad flags".into())),
            }
        };
        let flags = int_arg(3)?;
        let mut at = 4;
        if flags & FLAG_MARKERS != 0 {
            let n = int_arg(at)? as usize;
            for k in 0..n {
                interfaces.push(classes.load(cp.class_name(args[at + 1 + k]).map_err(cf_error)?)?);
            }
            at += 1 + n;
        }
        if flags & FLAG_BRIDGES != 0 {
            let n = int_arg(at)? as usize;
            for k in 0..n {
                sam_descs.push(
                    cp.method_type(args[at + 1 + k])
                        .map_err(cf_error)?
                        .to_string(),
                );
            }
        }
    }
    let impl_class = classes.load(&impl_ref.class)?;
    let impl_method =
        crate::link::decode::find_method(classes, impl_class, &impl_ref.name, &impl_ref.descriptor)
            .ok_or_else(|| {
                LinkageError::new(
                    "java/lang/NoSuchMethodError",
                    format!(
                        "{}.{}{}",
                        impl_class.java_name(),
                        impl_ref.name,
                        impl_ref.descriptor
                    ),
                )
            })?;
    let plan = LambdaPlan {
        classes,
        impl_kind,
        impl_class,
        impl_method,
        instantiated,
        captured: site_desc.params.clone(),
    };
    plan.check_handle_kind()?;
    let fields: Vec<(String, String)> = site_desc
        .params
        .iter()
        .enumerate()
        .map(|(i, p)| (format!("arg${}", i + 1), p.descriptor()))
        .collect();
    let n = classes
        .lambda_count
        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let name = format!("{}$$Lambda${}", caller.name, n);
    let object = classes.load("java/lang/Object")?;
    let sam_name = sam_name.to_string();
    let class =
        classes.define_synthetic(name, object, interfaces, fields, |class_id, fields| {
            let mut methods = Vec::new();
            for d in &sam_descs {
                methods.push(plan.proxy_method(class_id, fields, &sam_name, d)?);
            }
            Ok(methods)
        })?;
    let captures = class
        .fields
        .iter()
        .zip(slot_offsets(site_desc))
        .map(|(f, (kind, slot))| (f.offset, kind, slot))
        .collect();
    Ok(Insn::NewLambda(Box::new(LambdaSite {
        class,
        arg_slots: site_desc.arg_slots() as u16,
        captures,
        site: SITE_VM,
    })))
}

struct LambdaPlan {
    classes: &'static ClassTable,
    impl_kind: u8,
    impl_class: &'static Class,
    impl_method: &'static crate::model::class::Method,
    instantiated: MethodDescriptor,
    captured: Vec<FieldType>,
}

impl LambdaPlan {
    /// The proxy's implementation of the interface method with descriptor `desc`.
    fn proxy_method(
        &self,
        class_id: u32,
        fields: &[Field],
        name: &str,
        desc: &str,
    ) -> Result<&'static crate::model::class::Method, LinkageError> {
        let sam = classfile::parse_method_descriptor(desc).map_err(cf_error)?;
        let method = self.classes.new_method(
            class_id,
            name,
            desc,
            access::PUBLIC | access::SYNTHETIC,
            &sam,
            false,
            None,
            None,
            vec![],
            vec![],
        );
        let insns = self.body(fields, &sam)?;
        let param_slots: usize = sam.params.iter().map(FieldType::slots).sum();
        let code = Code {
            insns: insns.into_boxed_slice(),
            handlers: Box::new([]),
            bci: Box::new([]),
            max_locals: 1 + param_slots as u16,
            max_stack: (4 + 2 * (self.captured.len() + sam.params.len())) as u16 + 4,
            oopmaps: OnceLock::new(),
            trivial: crate::model::class::Trivial::No,
        };
        let class_name = format!("{}$$Lambda", self.impl_class.name);
        let mut code = crate::link::decode::with_oop_maps(code, method, &class_name)
            .map_err(|e| bsm_error(format!("lambda proxy: {e}")))?;
        // Quickened as a class file's methods are: with `--trace-deaths` its return then
        // carries the reference locals to stamp (`ReturnTracked`), not the oop map lookup.
        crate::link::quicken::quicken(self.classes, method, &mut code);
        let _ = method.code.set(Ok(code));
        Ok(method)
    }

    /// The handle's kind must fit its method, as method-handle resolution checks (JVMS
    /// §5.4.3.5): static for invokeStatic, an instance method for the invoke kinds taking a
    /// receiver, a constructor for newInvokeSpecial.
    fn check_handle_kind(&self) -> Result<(), LinkageError> {
        let m = self.impl_method;
        let is_init = m.name == "<init>";
        let fits = match self.impl_kind {
            REF_INVOKE_STATIC => m.is_static(),
            REF_INVOKE_VIRTUAL | REF_INVOKE_SPECIAL | REF_INVOKE_INTERFACE => {
                !m.is_static() && !is_init
            }
            REF_NEW_INVOKE_SPECIAL => is_init && !m.is_static(),
            _ => false,
        };
        if !fits {
            return Err(bsm_error(format!(
                "java.lang.invoke.LambdaConversionException: method handle kind {} does not fit {}.{}{}",
                self.impl_kind,
                self.impl_class.java_name(),
                m.name,
                m.descriptor
            )));
        }
        Ok(())
    }

    /// The parameter types the implementation call takes (receiver first for instance methods).
    fn target_params(&self) -> Vec<FieldType> {
        let mut params = Vec::new();
        if matches!(
            self.impl_kind,
            REF_INVOKE_VIRTUAL | REF_INVOKE_INTERFACE | REF_INVOKE_SPECIAL
        ) {
            params.push(FieldType::Object(self.impl_class.name.clone()));
        }
        params.extend(self.impl_method.params.iter().cloned());
        params
    }

    fn body(&self, fields: &[Field], sam: &MethodDescriptor) -> Result<Vec<Insn>, LinkageError> {
        let mut code = Vec::new();
        let is_ctor = self.impl_kind == REF_NEW_INVOKE_SPECIAL;
        if is_ctor {
            // A constructor reference (`Foo::new`): the site is the proxy's.
            let site = self.classes.alloc_site(
                &self.impl_class.name,
                "<init> (constructor reference)",
                0,
                None,
                Some(self.impl_class.id),
            );
            code.push(Insn::New {
                class: self.impl_class.id,
                site,
            });
            code.push(Insn::Dup);
        }
        let targets = self.target_params();
        if targets.len() != self.captured.len() + sam.params.len() {
            return Err(bsm_error(format!(
                "java.lang.invoke.LambdaConversionException: Incorrect number of parameters for {} method {}{}",
                if self.impl_method.is_static() { "static" } else { "instance" },
                self.impl_method.name,
                self.impl_method.descriptor
            )));
        }
        let mut ti = targets.iter();
        for (f, t) in fields.iter().zip(&self.captured) {
            code.push(Insn::ALoad(0));
            code.push(Insn::GetField {
                offset: f.offset,
                kind: f.kind,
            });
            if let Some(target) = ti.next() {
                self.adapt(&mut code, t, target)?;
            }
        }
        let mut local = 1u16;
        for (i, p) in sam.params.iter().enumerate() {
            code.push(load_insn(kind_of(p), local));
            local += p.slots() as u16;
            let specific = self.instantiated.params.get(i).unwrap_or(p);
            if specific != p {
                self.adapt(&mut code, p, specific)?;
            }
            if let Some(target) = ti.next() {
                self.adapt(&mut code, specific, target)?;
            }
        }
        code.push(self.call_insn());
        let produced = if is_ctor {
            Some(FieldType::Object(self.impl_class.name.clone()))
        } else {
            self.impl_method.ret_type()
        };
        match (&produced, &sam.ret) {
            (Some(p), None) => code.push(if p.slots() == 2 {
                Insn::Pop2
            } else {
                Insn::Pop
            }),
            (Some(p), Some(r)) => self.adapt(&mut code, p, r)?,
            (None, Some(r)) if r.is_reference() => code.push(Insn::AConstNull),
            (None, Some(r)) => return Err(inconvertible(&FieldType::Object("void".into()), r)),
            (None, None) => {}
        }
        code.push(Insn::Return(sam.ret.as_ref().map(kind_of)));
        Ok(code)
    }

    fn call_insn(&self) -> Insn {
        let m = self.impl_method;
        match self.impl_kind {
            REF_INVOKE_STATIC => Insn::InvokeStatic(m),
            REF_INVOKE_SPECIAL | REF_NEW_INVOKE_SPECIAL => Insn::InvokeSpecial(m),
            _ if m.is_private() || (m.is_final() && !m.is_abstract()) => Insn::InvokeDirect(m),
            REF_INVOKE_VIRTUAL if !self.impl_class.is_interface() => {
                match self.impl_class.itable.get(&m.selector) {
                    Some(&vindex) => Insn::InvokeVirtual {
                        vindex,
                        arg_slots: m.arg_slots,
                        method: m,
                    },
                    None => Insn::InvokeInterface {
                        selector: m.selector,
                        arg_slots: m.arg_slots,
                        method: m,
                    },
                }
            }
            _ => Insn::InvokeInterface {
                selector: m.selector,
                arg_slots: m.arg_slots,
                method: m,
            },
        }
    }

    /// Emits the conversion of a value of type `from` on the stack to type `to`.
    fn adapt(
        &self,
        code: &mut Vec<Insn>,
        from: &FieldType,
        to: &FieldType,
    ) -> Result<(), LinkageError> {
        let (fk, tk) = (kind_of(from), kind_of(to));
        match (fk == Kind::Ref, tk == Kind::Ref) {
            (true, true) => {
                let name = match to {
                    FieldType::Object(name) => name.clone(),
                    other => other.descriptor(),
                };
                if name != "java/lang/Object" && from != to {
                    code.push(Insn::CheckCast(self.classes.load(&name)?.id));
                }
            }
            (false, false) => widen(code, fk, tk).ok_or_else(|| inconvertible(from, to))?,
            (false, true) => {
                let wrapper = wrapper_of(fk);
                let desc = format!(
                    "({})L{wrapper};",
                    crate::model::insn::primitive_descriptor(fk)
                );
                code.push(Insn::InvokeStatic(self.method(wrapper, "valueOf", &desc)?));
            }
            (true, false) => {
                let source = match from {
                    FieldType::Object(n) if primitive_of_wrapper(n).is_some() => n.clone(),
                    _ => {
                        let w = wrapper_of(tk).to_string();
                        code.push(Insn::CheckCast(self.classes.load(&w)?.id));
                        w
                    }
                };
                let sk = primitive_of_wrapper(&source).ok_or_else(|| inconvertible(from, to))?;
                let name = format!("{}Value", primitive_name(sk));
                let desc = format!("(){}", crate::model::insn::primitive_descriptor(sk));
                code.push(Insn::InvokeDirect(self.method(&source, &name, &desc)?));
                widen(code, sk, tk).ok_or_else(|| inconvertible(from, to))?;
            }
        }
        Ok(())
    }

    fn method(
        &self,
        class: &str,
        name: &str,
        desc: &str,
    ) -> Result<&'static crate::model::class::Method, LinkageError> {
        let c = self.classes.load(class)?;
        crate::link::decode::find_method(self.classes, c, name, desc).ok_or_else(|| {
            LinkageError::new(
                "java/lang/NoSuchMethodError",
                format!("{class}.{name}{desc}"),
            )
        })
    }
}

impl crate::model::class::Method {
    /// The declared return type.
    pub fn ret_type(&self) -> Option<FieldType> {
        classfile::parse_method_descriptor(&self.descriptor)
            .ok()
            .and_then(|d| d.ret)
    }
}

fn load_insn(kind: Kind, local: u16) -> Insn {
    match kind {
        Kind::Long => Insn::LLoad(local),
        Kind::Double => Insn::DLoad(local),
        Kind::Float => Insn::FLoad(local),
        Kind::Ref => Insn::ALoad(local),
        _ => Insn::ILoad(local),
    }
}

/// Emits the primitive widening (JLS 5.1.2) from `from` to `to`; None if there is none (a
/// narrowing or boolean conversion, which the lambda metafactory refuses).
fn widen(code: &mut Vec<Insn>, from: Kind, to: Kind) -> Option<()> {
    let int_like = |k: Kind| matches!(k, Kind::Int | Kind::Short | Kind::Byte | Kind::Char);
    let insn = match (from, to) {
        (f, t) if f == t => return Some(()),
        (Kind::Byte, Kind::Short) | (Kind::Byte | Kind::Short | Kind::Char, Kind::Int) => {
            return Some(())
        }
        (f, Kind::Long) if int_like(f) => Insn::I2L,
        (f, Kind::Float) if int_like(f) => Insn::I2F,
        (f, Kind::Double) if int_like(f) => Insn::I2D,
        (Kind::Long, Kind::Float) => Insn::L2F,
        (Kind::Long, Kind::Double) => Insn::L2D,
        (Kind::Float, Kind::Double) => Insn::F2D,
        _ => return None,
    };
    code.push(insn);
    Some(())
}

fn inconvertible(from: &FieldType, to: &FieldType) -> LinkageError {
    bsm_error(format!(
        "java.lang.invoke.LambdaConversionException: Type mismatch: {} cannot be converted to {}",
        from.descriptor(),
        to.descriptor()
    ))
}

fn wrapper_of(k: Kind) -> &'static str {
    match k {
        Kind::Boolean => "java/lang/Boolean",
        Kind::Byte => "java/lang/Byte",
        Kind::Char => "java/lang/Character",
        Kind::Short => "java/lang/Short",
        Kind::Int => "java/lang/Integer",
        Kind::Float => "java/lang/Float",
        Kind::Long => "java/lang/Long",
        Kind::Double => "java/lang/Double",
        Kind::Ref => "java/lang/Object",
    }
}

fn primitive_of_wrapper(name: &str) -> Option<Kind> {
    [
        Kind::Boolean,
        Kind::Byte,
        Kind::Char,
        Kind::Short,
        Kind::Int,
        Kind::Float,
        Kind::Long,
        Kind::Double,
    ]
    .into_iter()
    .find(|&k| wrapper_of(k) == name)
}

fn primitive_name(k: Kind) -> &'static str {
    match k {
        Kind::Boolean => "boolean",
        Kind::Byte => "byte",
        Kind::Char => "char",
        Kind::Short => "short",
        Kind::Int => "int",
        Kind::Float => "float",
        Kind::Long => "long",
        Kind::Double => "double",
        Kind::Ref => "object",
    }
}
