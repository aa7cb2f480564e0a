//! java.lang.ref classes as the collectors need to know them: when a class is defined, the type
//! registry learns whether it is a reference class and of which kind, and where
//! `Reference.referent` and `SoftReference.timestamp` live (collectors' side:
//! runtime/gc/src/shared/refs.rs; the natives: library/refs.rs).

use crate::model::class::Class;
use gcvm_gc::shared::refs::RefKind;

/// The reference kind the JDK class `name` (or a class extending it) has.
fn kind_of_name(name: &str) -> Option<RefKind> {
    match name {
        "java/lang/ref/SoftReference" => Some(RefKind::Soft),
        "java/lang/ref/WeakReference" => Some(RefKind::Weak),
        "java/lang/ref/FinalReference" => Some(RefKind::Final),
        "java/lang/ref/PhantomReference" => Some(RefKind::Phantom),
        _ => None,
    }
}

/// Registers `class` with the collector's reference processing if it is a reference class
/// (called before its type is published, so before any instance exists).
pub fn note_class(types: &gcvm_gc::TypeRegistry, class: &Class) {
    let refs = types.references();
    let offset_of = |field: &str| {
        class
            .fields
            .iter()
            .find(|f| f.name == field && !f.is_static())
            .map(|f| f.offset)
    };
    match class.name.as_str() {
        "java/lang/ref/Reference" => refs.set_layout(offset_of("referent").unwrap_or(0), None),
        "java/lang/ref/SoftReference" => refs.set_layout(0, offset_of("timestamp")),
        _ => {}
    }
    let mut c = Some(class);
    while let Some(k) = c {
        if let Some(kind) = kind_of_name(&k.name) {
            refs.set_reference_type(class.id, kind);
            return;
        }
        c = k.super_class;
    }
}
