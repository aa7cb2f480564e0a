//! Quickening: rewriting a decoded method into faster forms once its oop maps are computed.
//!
//! The rewrites, all made once per method after `decode::with_oop_maps`:
//! - **Specialised forms** of field and array accesses by width (`GetField32`, `ArrayLoad64`,
//!   ...), so the interpreter does not dispatch on the kind a second time.
//! - **Superinstructions** for the common sequences javac emits: a local loaded and compared or
//!   branched on (`iload; iload; if_icmpge` forward starts most loops: `LoopTest`, which needs
//!   no poll; `key < t.key`, a local against an int field of a local), a local or constant as
//!   the second operand of arithmetic (`iload; iadd`, `dload; dmul`, `iconst; ishl`; both
//!   operands at once in `iload; iconst; iadd`; long constants and constant long shifts), a
//!   field of a local (`aload; getfield`, the `this.f` of every method), an element of a local
//!   array indexed by a local (`aload; iload; iaload`), a loop's increment and test (`iinc;
//!   iload; iload; if_icmplt`, `iinc; goto`), a compare of longs and its branch, static fields
//!   of initialised classes (the instruction holds the static's cell) and two loads in a row;
//!   element copies and element-to-local moves (`t = a[i]`, `a[x] = t`, `a[x] = b[y]`, `a[x] =
//!   b[j]`) and an array with an index computed from locals and constants (`a[i - j]`, `a[i +
//!   1]`); element moves with every operand a local (`a[i] = b[j]`, `a[i] = b[c - d]`, `a[c -
//!   d] = v`), `i < a.length` at a loop's top, `iinc; goto` back to a loop test (the test done
//!   in place), a static table's element, and double arithmetic on locals and fields (`a.x -
//!   b.x` into a local, `dx * dx`, `o.f -= x * y`), one variant per double operation so that
//!   the dispatch selects it.
//! - **`--trace-deaths`** (`tracked_form`): every `astore` over a local holding a reference
//!   (by the oop map) becomes `AStoreTracked`, which stamps the reference it overwrites, and
//!   nothing that would skip one (a superinstruction ending in such an `astore`, a quickened
//!   reference `putstatic`) is formed; so the default `astore` has no check at all. Every
//!   `return` of a method with at most 64 locals becomes `ReturnTracked`, carrying the oop
//!   map's reference locals there as a bit mask for the frame's stamps.
//! - **Trivial bodies** (`trivial_shape`): a method that only returns, a constructor that only
//!   calls an empty super constructor, or a getter of its receiver's field is marked so, and
//!   the interpreter runs calls of it in place, pushing no frame (with `--trace-deaths` it
//!   stamps the call's reference arguments, all the frame's locals would have held at its
//!   return, in the callee's context).
//! - **Intrinsics**: `invokestatic` of pure `java.lang.Math`, `StrictMath`, `Integer` and `Long`
//!   methods (sqrt, abs, int/long min and max, bit counts) computed in place. None of these
//!   classes has a static initialiser with an observable effect, so skipping the call's class
//!   initialisation check changes nothing a program can see.
//!
//! # Why the oop maps stay exact
//! A superinstruction replaces only the *first* instruction of its sequence; the others stay in
//! place, so a branch into the middle of a sequence still finds them. It runs only the fast path:
//! when anything needs the slow path — a null, an index out of bounds — it pushes what the
//! instructions before the failing one would have pushed and continues at the failing one, which
//! throws exactly as unquickened code does, with that instruction's pc, oop map and handlers.
//! A form whose *first* instruction is the one that can fail (a width-specialised `getfield`,
//! `getfield; if_icmp`) throws at its own index, where the stack is as that instruction expects.
//! The only other point where a quickened instruction can stop is the safepoint poll of a
//! backward branch, which it takes at its own index with the operand stack as it was there: the
//! oop map of that index describes it. The oop-map analysis itself never sees quickened forms.

use crate::link::classes::ClassTable;
use crate::model::class::{Code, Method, Trivial};
use crate::model::insn::{Cond, DoubleOp, FieldProduct, Insn, IntOp, Intrinsic, Kind, LongOp};
use crate::model::oopmap::OopMaps;

/// The double superinstruction of `form` for operation `op`: each form has one variant per
/// operation (`DAddStore`, `DSubStore`, ...; see `DoubleOp`).
macro_rules! per_op {
    ($op:expr, $form:ident { $($field:ident: $value:expr),* }) => {
        per_op!(@pick $op, $form { $($field: $value),* })
    };
    (@pick $op:expr, Store $fields:tt) => {
        per_op!(@of $op, DAddStore, DSubStore, DMulStore, DDivStore, $fields)
    };
    (@pick $op:expr, PutField $fields:tt) => {
        per_op!(@of $op, DAddPutField, DSubPutField, DMulPutField, DDivPutField, $fields)
    };
    (@pick $op:expr, FieldOfLocal $fields:tt) => {
        per_op!(@of $op, LocalFieldDAdd, LocalFieldDSub, LocalFieldDMul, LocalFieldDDiv, $fields)
    };
    (@pick $op:expr, Locals $fields:tt) => {
        per_op!(@of $op, DLocalsAdd, DLocalsSub, DLocalsMul, DLocalsDiv, $fields)
    };
    (@pick $op:expr, LocalField $fields:tt) => {
        per_op!(@of $op, DAddLocalField, DSubLocalField, DMulLocalField, DDivLocalField, $fields)
    };
    (@pick $op:expr, Local $fields:tt) => {
        per_op!(@of $op, DAddLocal, DSubLocal, DMulLocal, DDivLocal, $fields)
    };
    (@of $op:expr, $add:ident, $sub:ident, $mul:ident, $div:ident, { $($field:ident: $value:expr),* }) => {
        match $op {
            DoubleOp::Add => Insn::$add { $($field: $value),* },
            DoubleOp::Sub => Insn::$sub { $($field: $value),* },
            DoubleOp::Mul => Insn::$mul { $($field: $value),* },
            DoubleOp::Div => Insn::$div { $($field: $value),* },
        }
    };
}

/// Rewrites `code`, the body of `method`, in place (its oop maps must already be computed).
pub fn quicken(classes: &ClassTable, method: &Method, code: &mut Code) {
    let tracking_deaths = classes.tracking_deaths;
    code.trivial = trivial_shape(method, &code.insns);
    if tracking_deaths {
        // `AStoreTracked` stamps without looking again: the maps say here which astores to mark.
        code.oopmaps.get_or_init(|| OopMaps::compute(code, method));
    }
    let forms: Vec<Option<Insn>> = (0..code.insns.len())
        .map(|i| match (tracking_deaths, code.oopmaps.get()) {
            (true, Some(maps)) => tracked_form(classes, code, maps, i),
            _ => quick_form(classes, &code.insns, i),
        })
        .collect();
    for (i, form) in forms.into_iter().enumerate() {
        if let Some(f) = form {
            code.insns[i] = f;
        }
    }
}

/// Whether a call of `method`, whose body (before quickening) is `insns`, can run in place: an
/// empty body, a constructor that only calls an empty one, or an instance method returning a
/// field of its receiver. The interpreter's invokes check the receiver for null before the call,
/// so a getter's `getfield` cannot throw.
fn trivial_shape(method: &Method, insns: &[Insn]) -> Trivial {
    use Insn::*;
    match insns {
        [Return(None)] => Trivial::Empty,
        [ALoad(0), InvokeSpecial(callee), Return(None)]
            if !method.is_static() && is_empty(callee) =>
        {
            Trivial::Empty
        }
        [ALoad(0), GetField { offset, kind }, Return(Some(_))] if !method.is_static() => {
            Trivial::Getter {
                offset: *offset,
                kind: *kind,
            }
        }
        _ => Trivial::No,
    }
}

/// `m` is plain bytecode decoded already with an empty body (so `Trivial::Empty` chains only
/// through constructors that have run before).
fn is_empty(m: &Method) -> bool {
    m.is_plain_bytecode() && matches!(m.code.get(), Some(Ok(c)) if c.trivial == Trivial::Empty)
}

/// With `--trace-deaths`: an astore over a local that holds a reference there (by the oop map)
/// becomes `AStoreTracked`, which stamps the reference it overwrites; every return of a method
/// with at most 64 locals becomes `ReturnTracked`, which carries the oop map's reference locals
/// there; no superinstruction may absorb such an astore, nor a putstatic of a reference (the
/// generic putstatic stamps the old value); everything else quickens as usual. An astore over
/// a local the map calls no reference has nothing to stamp, so it stays a plain `AStore` and
/// superinstructions may end in it. `AStoreTracked` does not look at the map again: this is
/// where it is checked.
fn tracked_form(classes: &ClassTable, code: &Code, maps: &OopMaps, i: usize) -> Option<Insn> {
    use Insn::*;
    let insns = &code.insns[..];
    let overwrites_ref = |pc: usize| match insns.get(pc) {
        Some(AStore(local)) => maps.at(pc).is_ref(*local as usize),
        _ => false,
    };
    match &insns[i] {
        AStore(local) => return overwrites_ref(i).then_some(AStoreTracked(*local)),
        Return(kind) => {
            let refs = maps.at(i).refs_below_as_word(code.max_locals as usize)?;
            return Some(ReturnTracked { kind: *kind, refs });
        }
        PutStatic {
            kind: Kind::Ref, ..
        } => return None,
        _ => {}
    }
    let form = quick_form(classes, insns, i)?;
    // aload; iload; aaload; astore and aload; getfield; astore end in the astore.
    let absorbs_tracked_astore = match form {
        LocalsArrayLoadStore32 { .. } => overwrites_ref(i + 3),
        LocalGetFieldStore32 { .. } => overwrites_ref(i + 2),
        _ => false,
    };
    (!absorbs_tracked_astore).then_some(form)
}

/// The quickened form of the instruction at `i` (reading the original instructions after it).
fn quick_form(classes: &ClassTable, insns: &[Insn], i: usize) -> Option<Insn> {
    use Insn::*;
    let next = |k: usize| insns.get(i + k);
    match &insns[i] {
        GetField {
            offset,
            kind: Kind::Int,
        } if next(1).and_then(icmp).is_some() => {
            let (cond, target) = icmp(next(1)?)?;
            Some(GetFieldIfICmp {
                offset: *offset,
                cond,
                target,
            })
        }
        GetField { offset, kind } => match width(*kind)? {
            Width::W32 => Some(GetField32(*offset)),
            Width::W64 => Some(GetField64(*offset)),
        },
        PutField { offset, kind } => match kind {
            Kind::Ref => Some(PutFieldRef(*offset)),
            _ => match width(*kind)? {
                Width::W32 => Some(PutField32(*offset)),
                Width::W64 => Some(PutField64(*offset)),
            },
        },
        ArrayLoad(Kind::Int | Kind::Float) if next(1).is_some_and(is_store32) => {
            Some(ArrayLoadStore32)
        }
        ArrayLoad(kind) => match width(*kind)? {
            Width::W32 => Some(ArrayLoad32),
            Width::W64 => Some(ArrayLoad64),
        },
        ArrayStore(kind) if *kind != Kind::Ref => match width(*kind)? {
            Width::W32 => Some(ArrayStore32),
            Width::W64 => Some(ArrayStore64),
        },
        InvokeStatic(m) => intrinsic(classes, m).map(Intrinsic),
        // A class initialised now stays initialised: no check needed from here on.
        GetStatic {
            class,
            slot,
            kind: Kind::Ref,
        } if classes.class(*class).init.is_done() => {
            let table = classes.class(*class).static_cell(*slot);
            match (next(1), next(2)) {
                (Some(ILoad(index)), Some(ArrayLoad(Kind::Int | Kind::Float | Kind::Ref))) => {
                    Some(StaticArrayLoad32 {
                        table,
                        index: *index,
                    })
                }
                (Some(ILoad(index)), Some(ArrayLoad(Kind::Long | Kind::Double))) => {
                    Some(StaticArrayLoad64 {
                        table,
                        index: *index,
                    })
                }
                _ => Some(GetStatic32(table)),
            }
        }
        GetStatic { class, slot, kind } if classes.class(*class).init.is_done() => {
            let cell = classes.class(*class).static_cell(*slot);
            match width(*kind)? {
                Width::W32 => Some(GetStatic32(cell)),
                Width::W64 => Some(GetStatic64(cell)),
            }
        }
        PutStatic { class, slot, kind } if classes.class(*class).init.is_done() => {
            let cell = classes.class(*class).static_cell(*slot);
            match width(*kind)? {
                Width::W32 => Some(PutStatic32(cell)),
                Width::W64 => Some(PutStatic64(cell)),
            }
        }
        DAdd | DSub | DMul | DDiv => match next(1)? {
            DStore(local) => Some(per_op!(double_op(&insns[i])?, Store { local: *local })),
            PutField {
                offset,
                kind: Kind::Double,
            } => Some(per_op!(double_op(&insns[i])?, PutField { offset: *offset })),
            _ => None,
        },
        LCmp => {
            let (cond, target) = if_zero(next(1)?)?;
            Some(IfLCmp { cond, target })
        }
        ALoad(a) if field_product(insns, i, *a).is_some() => field_product(insns, i, *a),
        ALoad(a) if array_move(insns, i, *a).is_some() => array_move(insns, i, *a),
        ALoad(a) => match (next(1)?, next(2), next(3)) {
            (ILoad(index), Some(ILoad(value) | FLoad(value)), Some(ArrayStore(kind)))
                if matches!(kind, Kind::Int | Kind::Float) =>
            {
                Some(LocalsArrayStore32 {
                    array: *a,
                    index: *index,
                    value: *value,
                })
            }
            (ILoad(index), Some(LLoad(value) | DLoad(value)), Some(ArrayStore(kind)))
                if matches!(kind, Kind::Long | Kind::Double) =>
            {
                Some(LocalsArrayStore64 {
                    array: *a,
                    index: *index,
                    value: *value,
                })
            }
            (
                ILoad(index),
                Some(ArrayLoad(kind)),
                Some(IStore(store) | FStore(store) | AStore(store)),
            ) if matches!(width(*kind), Some(Width::W32)) => Some(LocalsArrayLoadStore32 {
                array: *a,
                index: *index,
                store: *store,
            }),
            (ILoad(index), Some(ArrayLoad(Kind::Int | Kind::Float)), Some(store))
                if is_store32(store) =>
            {
                Some(LocalsArrayLoadArrayStore32 {
                    array: *a,
                    index: *index,
                })
            }
            (ILoad(b), Some(ILoad(c)), Some(op)) if int_op(op).is_some() => Some(LocalIOpLocals {
                op: int_op(op)?,
                a: *a,
                b: *b,
                c: *c,
            }),
            (ILoad(b), Some(IConst(c)), Some(op)) if int_op(op).is_some() => Some(LocalIOpConst {
                op: int_op(op)?,
                a: *a,
                b: *b,
                c: *c,
            }),
            (ALoad(b), Some(GetField { offset, kind }), _)
                if matches!(width(*kind), Some(Width::W32)) =>
            {
                Some(LocalLocalGetField32 {
                    a: *a,
                    b: *b,
                    offset: *offset,
                })
            }
            (GetField { offset, kind }, Some(IStore(store) | FStore(store) | AStore(store)), _)
                if matches!(width(*kind), Some(Width::W32)) =>
            {
                Some(LocalGetFieldStore32 {
                    local: *a,
                    offset: *offset,
                    store: *store,
                })
            }
            _ => quick_aload(insns, i, *a),
        },
        ILoad(a) if is_length_loop_test(insns, i) => {
            let (ALoad(array), Some(IfICmpGe(exit))) = (next(1)?, next(3)) else {
                return None;
            };
            Some(LengthLoopTest {
                a: *a,
                array: *array,
                exit: *exit,
            })
        }
        ILoad(a) if compare_with_field(insns, i).is_some() => {
            let (object, offset, cond, target) = compare_with_field(insns, i)?;
            Some(IfICmpLocalField {
                a: *a,
                object,
                cond,
                offset,
                target,
            })
        }
        ILoad(a) => match (next(1)?, next(2)) {
            (ILoad(b), Some(IfICmpGe(exit))) if *exit as usize > i => Some(LoopTest {
                a: *a,
                b: *b,
                exit: *exit,
            }),
            (ILoad(b), Some(branch)) if icmp(branch).is_some() => {
                let (cond, target) = icmp(branch)?;
                Some(IfICmpLocals {
                    a: *a,
                    b: *b,
                    cond,
                    target,
                })
            }
            (IConst(c), Some(branch)) if icmp(branch).is_some() => {
                let (cond, target) = icmp(branch)?;
                Some(IfICmpLocalConst {
                    a: *a,
                    cond,
                    c: *c,
                    target,
                })
            }
            (IConst(c), Some(op)) if int_op(op).is_some() => Some(LocalConstIOp {
                op: int_op(op)?,
                a: *a,
                c: *c,
            }),
            (ILoad(b) | FLoad(b) | ALoad(b), _) => Some(Load2 { a: *a, b: *b }),
            (store, _) if is_store32(store) => Some(ArrayStoreLocal32 { value: *a }),
            (ArrayLoad(kind), _) if width(*kind).is_some() => match width(*kind)? {
                Width::W32 => Some(ArrayLoadLocalIndex32 { index: *a }),
                Width::W64 => Some(ArrayLoadLocalIndex64 { index: *a }),
            },
            (op, _) => {
                if let Some((cond, target)) = if_zero(op) {
                    return Some(IfLocal {
                        a: *a,
                        cond,
                        target,
                    });
                }
                Some(IOpLocal {
                    op: int_op(op)?,
                    local: *a,
                })
            }
        },
        FLoad(a) => match next(1)? {
            ILoad(b) | FLoad(b) | ALoad(b) => Some(Load2 { a: *a, b: *b }),
            store if is_store32(store) => Some(ArrayStoreLocal32 { value: *a }),
            _ => None,
        },
        IInc(local, delta) => match (next(1)?, next(2), next(3)) {
            (Goto(target), _, _) if is_loop_test_at(insns, *target as usize) => {
                let (ILoad(a), Some(ILoad(b))) = (
                    insns.get(*target as usize)?,
                    insns.get(*target as usize + 1),
                ) else {
                    return None;
                };
                Some(IIncLoopTest {
                    local: *local,
                    delta: *delta,
                    a: *a,
                    b: *b,
                    target: *target,
                })
            }
            (Goto(target), _, _) => Some(IIncGoto {
                local: *local,
                delta: *delta,
                target: *target,
            }),
            (ILoad(a), Some(ILoad(b)), Some(branch)) => {
                let (cond, target) = icmp(branch)?;
                Some(IIncIfICmpLocals {
                    local: *local,
                    delta: *delta,
                    a: *a,
                    b: *b,
                    cond,
                    target,
                })
            }
            _ => None,
        },
        IConst(c) => {
            // A long shift uses only the distance's low six bits.
            let distance = (*c & 63) as u8;
            match next(1)? {
                LShl => Some(LShlConst(distance)),
                LShr => Some(LShrConst(distance)),
                LUShr => Some(LUShrConst(distance)),
                op => Some(IOpConst {
                    op: int_op(op)?,
                    c: *c,
                }),
            }
        }
        LConst(c) => Some(LOpConst {
            op: long_op(next(1)?)?,
            c: *c,
        }),
        LLoad(b) => Some(LOpLocal {
            op: long_op(next(1)?)?,
            local: *b,
        }),
        DLoad(d) => match (next(1)?, next(2), next(3)) {
            (
                ALoad(o),
                Some(GetField {
                    offset,
                    kind: Kind::Double,
                }),
                Some(op),
            ) if double_op(op).is_some() => Some(per_op!(
                double_op(op)?,
                LocalField {
                    local: *d,
                    object: *o,
                    offset: *offset
                }
            )),
            (DLoad(b), Some(op), _) if double_op(op).is_some() => {
                Some(per_op!(double_op(op)?, Locals { a: *d, b: *b }))
            }
            _ => quick_dload(insns, i, *d),
        },
        _ => None,
    }
}

/// `iload a; iload b; if_icmpge` forward at `i`: what `LoopTest` quickens.
fn is_loop_test_at(insns: &[Insn], i: usize) -> bool {
    use Insn::*;
    matches!(
        (insns.get(i), insns.get(i + 1), insns.get(i + 2)),
        (Some(ILoad(_)), Some(ILoad(_)), Some(IfICmpGe(exit))) if *exit as usize > i
    )
}

/// `iload a; aload object; getfield` of an int field; `if_icmp<cond>` at `i`: the object local,
/// the field's offset, the condition and the branch target.
fn compare_with_field(insns: &[Insn], i: usize) -> Option<(u16, u32, Cond, u32)> {
    use Insn::*;
    match (insns.get(i + 1)?, insns.get(i + 2)?) {
        (
            ALoad(object),
            GetField {
                offset,
                kind: Kind::Int,
            },
        ) => {
            let (cond, target) = icmp(insns.get(i + 3)?)?;
            Some((*object, *offset, cond, target))
        }
        _ => None,
    }
}

/// `iload a; aload b; arraylength; if_icmpge` forward at `i`: the top of a loop over an array.
fn is_length_loop_test(insns: &[Insn], i: usize) -> bool {
    use Insn::*;
    matches!(
        (insns.get(i + 1), insns.get(i + 2), insns.get(i + 3)),
        (Some(ALoad(_)), Some(ArrayLength), Some(IfICmpGe(exit))) if *exit as usize > i
    )
}

/// The element moves of array loops starting with `aload a` at `i`, every operand a local:
/// `a[i] = b[j]` (`LocalsArrayCopy32`), `a[i] = b[c op d]` (`LocalsArrayCopyComputed32`) and
/// `a[c op d] = v` (`LocalsArrayStoreComputed32`), on int or float arrays; with isub or iadd as
/// the operation, their `Sub` and `Add` variants.
fn array_move(insns: &[Insn], i: usize, a: u16) -> Option<Insn> {
    use Insn::*;
    let at = |k: usize| insns.get(i + k);
    let is_load32 = |insn: Option<&Insn>| matches!(insn, Some(ArrayLoad(Kind::Int | Kind::Float)));
    let is_store = |insn: Option<&Insn>| insn.is_some_and(is_store32);
    match (at(1)?, at(2), at(3), at(4)) {
        (ILoad(index), Some(ALoad(src)), Some(ILoad(j)), _)
            if is_load32(at(4)) && is_store(at(5)) =>
        {
            Some(LocalsArrayCopy32 {
                array: a,
                index: *index,
                src: *src,
                src_index: *j,
            })
        }
        (ILoad(index), Some(ALoad(src)), Some(ILoad(c)), Some(ILoad(d)))
            if at(5).and_then(int_op).is_some() && is_load32(at(6)) && is_store(at(7)) =>
        {
            let (index, src, c, d) = (*index, *src, *c, *d);
            Some(match int_op(at(5)?)? {
                IntOp::Sub => LocalsArrayCopySub32 {
                    array: a,
                    index,
                    src,
                    c,
                    d,
                },
                IntOp::Add => LocalsArrayCopyAdd32 {
                    array: a,
                    index,
                    src,
                    c,
                    d,
                },
                op => LocalsArrayCopyComputed32 {
                    array: a,
                    index,
                    src,
                    c,
                    d,
                    op,
                },
            })
        }
        (ILoad(c), Some(ILoad(d)), Some(op), Some(ILoad(value) | FLoad(value)))
            if int_op(op).is_some() && is_store(at(5)) =>
        {
            let (c, d, value) = (*c, *d, *value);
            Some(match int_op(op)? {
                IntOp::Sub => LocalsArrayStoreSub32 {
                    array: a,
                    c,
                    d,
                    value,
                },
                IntOp::Add => LocalsArrayStoreAdd32 {
                    array: a,
                    c,
                    d,
                    value,
                },
                op => LocalsArrayStoreComputed32 {
                    array: a,
                    c,
                    d,
                    op,
                    value,
                },
            })
        }
        _ => None,
    }
}

/// `o.f += x * p.g * y` or `o.f -= x * p.g * y` (doubles, every operand a local) starting with
/// `aload o` at `i`: `FieldAddProduct` or `FieldSubProduct`.
fn field_product(insns: &[Insn], i: usize, object: u16) -> Option<Insn> {
    use Insn::*;
    let at = |k: usize| insns.get(i + k);
    let double_field = |insn: Option<&Insn>| match insn {
        Some(GetField {
            offset,
            kind: Kind::Double,
        }) => u16::try_from(*offset).ok(),
        _ => None,
    };
    let (Some(Dup), Some(DLoad(x)), Some(ALoad(factor)), Some(DMul), Some(DLoad(y)), Some(DMul)) =
        (at(1), at(3), at(4), at(6), at(7), at(8))
    else {
        return None;
    };
    let field = double_field(at(2))?;
    let operands = FieldProduct {
        object,
        field,
        x: *x,
        factor: *factor,
        factor_field: double_field(at(5))?,
        y: *y,
    };
    // The store goes back to the field read at the start.
    match (at(9)?, at(10)?) {
        (
            DAdd,
            PutField {
                offset,
                kind: Kind::Double,
            },
        ) if *offset == field as u32 => Some(FieldAddProduct(operands)),
        (
            DSub,
            PutField {
                offset,
                kind: Kind::Double,
            },
        ) if *offset == field as u32 => Some(FieldSubProduct(operands)),
        _ => None,
    }
}

/// `dload b` followed by a double operation.
fn quick_dload(insns: &[Insn], i: usize, b: u16) -> Option<Insn> {
    Some(per_op!(double_op(insns.get(i + 1)?)?, Local { local: b }))
}

/// The quickened form of `aload a` at `i` followed by a one- or two-instruction sequence.
fn quick_aload(insns: &[Insn], i: usize, a: u16) -> Option<Insn> {
    use Insn::*;
    let a = &a;
    let next = |k: usize| insns.get(i + k);
    match (next(1)?, next(2)) {
        (
            GetField {
                offset,
                kind: Kind::Double,
            },
            Some(op),
        ) if double_op(op).is_some() => Some(per_op!(
            double_op(op)?,
            FieldOfLocal {
                object: *a,
                offset: *offset
            }
        )),
        (ILoad(index), Some(ArrayLoad(kind))) if width(*kind).is_some() => match width(*kind)? {
            Width::W32 => Some(LocalsArrayLoad32 {
                array: *a,
                index: *index,
            }),
            Width::W64 => Some(LocalsArrayLoad64 {
                array: *a,
                index: *index,
            }),
        },
        (GetField { offset, kind }, _) => match width(*kind)? {
            Width::W32 => Some(LocalGetField32 {
                local: *a,
                offset: *offset,
            }),
            Width::W64 => Some(LocalGetField64 {
                local: *a,
                offset: *offset,
            }),
        },
        (Dup, Some(GetField { offset, kind })) => match width(*kind)? {
            Width::W32 => Some(LocalDupGetField32 {
                local: *a,
                offset: *offset,
            }),
            Width::W64 => Some(LocalDupGetField64 {
                local: *a,
                offset: *offset,
            }),
        },
        (ILoad(b) | FLoad(b) | ALoad(b), _) => Some(Load2 { a: *a, b: *b }),
        (IfNull(t), _) => Some(IfLocal {
            a: *a,
            cond: Cond::Eq,
            target: *t,
        }),
        (IfNonNull(t), _) => Some(IfLocal {
            a: *a,
            cond: Cond::Ne,
            target: *t,
        }),
        _ => None,
    }
}

enum Width {
    W32,
    W64,
}

/// How many bits a field or element of `kind` takes in a slot, for the kinds whose loads need no
/// sign or zero extension.
fn width(kind: Kind) -> Option<Width> {
    match kind {
        Kind::Int | Kind::Float | Kind::Ref => Some(Width::W32),
        Kind::Long | Kind::Double => Some(Width::W64),
        _ => None,
    }
}

/// iastore or fastore (an array store of 32 bits that needs no type check).
fn is_store32(insn: &Insn) -> bool {
    matches!(insn, Insn::ArrayStore(Kind::Int | Kind::Float))
}

fn icmp(insn: &Insn) -> Option<(Cond, u32)> {
    use Insn::*;
    Some(match insn {
        IfICmpEq(t) => (Cond::Eq, *t),
        IfICmpNe(t) => (Cond::Ne, *t),
        IfICmpLt(t) => (Cond::Lt, *t),
        IfICmpGe(t) => (Cond::Ge, *t),
        IfICmpGt(t) => (Cond::Gt, *t),
        IfICmpLe(t) => (Cond::Le, *t),
        _ => return None,
    })
}

fn if_zero(insn: &Insn) -> Option<(Cond, u32)> {
    use Insn::*;
    Some(match insn {
        IfEq(t) => (Cond::Eq, *t),
        IfNe(t) => (Cond::Ne, *t),
        IfLt(t) => (Cond::Lt, *t),
        IfGe(t) => (Cond::Ge, *t),
        IfGt(t) => (Cond::Gt, *t),
        IfLe(t) => (Cond::Le, *t),
        _ => return None,
    })
}

fn int_op(insn: &Insn) -> Option<IntOp> {
    use Insn::*;
    Some(match insn {
        IAdd => IntOp::Add,
        ISub => IntOp::Sub,
        IMul => IntOp::Mul,
        IAnd => IntOp::And,
        IOr => IntOp::Or,
        IXor => IntOp::Xor,
        IShl => IntOp::Shl,
        IShr => IntOp::Shr,
        IUShr => IntOp::UShr,
        _ => return None,
    })
}

fn long_op(insn: &Insn) -> Option<LongOp> {
    use Insn::*;
    Some(match insn {
        LAdd => LongOp::Add,
        LSub => LongOp::Sub,
        LMul => LongOp::Mul,
        LAnd => LongOp::And,
        LOr => LongOp::Or,
        LXor => LongOp::Xor,
        _ => return None,
    })
}

fn double_op(insn: &Insn) -> Option<DoubleOp> {
    use Insn::*;
    Some(match insn {
        DAdd => DoubleOp::Add,
        DSub => DoubleOp::Sub,
        DMul => DoubleOp::Mul,
        DDiv => DoubleOp::Div,
        _ => return None,
    })
}

/// The intrinsic computing `m`, if it is one of the library methods the interpreter knows.
fn intrinsic(classes: &ClassTable, m: &Method) -> Option<Intrinsic> {
    use Intrinsic::*;
    let class = classes.class(m.class_id);
    if !class.is_bootstrap {
        return None;
    }
    let math = matches!(
        class.name.as_str(),
        "java/lang/Math" | "java/lang/StrictMath"
    );
    Some(
        match (class.name.as_str(), m.name.as_str(), m.descriptor.as_str()) {
            (_, "sqrt", "(D)D") if math => DSqrt,
            (_, "abs", "(I)I") if math => IAbs,
            (_, "abs", "(J)J") if math => LAbs,
            (_, "abs", "(F)F") if math => FAbs,
            (_, "abs", "(D)D") if math => DAbs,
            (_, "min", "(II)I") if math => IMin,
            (_, "max", "(II)I") if math => IMax,
            (_, "min", "(JJ)J") if math => LMin,
            (_, "max", "(JJ)J") if math => LMax,
            ("java/lang/Integer", "numberOfTrailingZeros", "(I)I") => INumberOfTrailingZeros,
            ("java/lang/Long", "numberOfTrailingZeros", "(J)I") => LNumberOfTrailingZeros,
            ("java/lang/Integer", "numberOfLeadingZeros", "(I)I") => INumberOfLeadingZeros,
            ("java/lang/Long", "numberOfLeadingZeros", "(J)I") => LNumberOfLeadingZeros,
            ("java/lang/Integer", "bitCount", "(I)I") => IBitCount,
            ("java/lang/Long", "bitCount", "(J)I") => LBitCount,
            _ => return None,
        },
    )
}
