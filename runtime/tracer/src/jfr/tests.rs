use super::*;
use std::process::Command;

fn varint(v: u64) -> Vec<u8> {
    let mut out = Vec::new();
    put_varint(&mut out, v);
    out
}

#[test]
fn small_varints_take_one_byte() {
    assert_eq!(varint(0), [0]);
    assert_eq!(varint(127), [127]);
    assert_eq!(varint(128), [0x80, 1]);
}

#[test]
fn negative_longs_take_nine_bytes_the_last_carrying_eight_bits() {
    let bytes = varint(-1i64 as u64);
    assert_eq!(bytes.len(), 9);
    assert_eq!(bytes[8], 0xFF);
    assert!(bytes[..8].iter().all(|&b| b == 0xFF));
}

#[test]
fn an_events_size_counts_its_own_bytes() {
    for len in [
        0usize, 1, 125, 126, 127, 128, 16_380, 16_381, 16_383, 16_384,
    ] {
        let body = vec![7u8; len];
        let mut out = Vec::new();
        put_event(&mut out, &body);
        let mut size = 0u64;
        let mut shift = 0;
        let mut i = 0;
        loop {
            let b = out[i];
            size |= ((b & 0x7F) as u64) << shift;
            i += 1;
            if b < 0x80 {
                break;
            }
            shift += 7;
        }
        assert_eq!(size as usize, out.len(), "body of {len} bytes");
    }
}

#[test]
fn equal_stack_traces_share_a_key() {
    let mut w = JfrWriter::new(0, 0);
    let frame = Frame {
        class: "A".into(),
        method: "m".into(),
        descriptor: "()V".into(),
        line: 3,
        bci: 0,
    };
    let a = w.stack_trace(&[frame.clone()], false);
    let b = w.stack_trace(&[frame.clone()], false);
    let c = w.stack_trace(&[frame.clone(), frame], false);
    assert_eq!(a, b);
    assert_ne!(a, c);
}

#[test]
#[should_panic(expected = "is not a long")]
fn a_value_of_the_wrong_kind_is_refused() {
    let mut w = JfrWriter::new(0, 0);
    w.event(
        "jdk.OldGarbageCollection",
        &[Value::Long(0), Value::Int(1), Value::Int(1)],
    );
}

/// The JDK's `jfr` tool, next to the `java` on PATH.
fn jfr_tool() -> Command {
    Command::new("jfr")
}

#[test]
fn the_jdks_jfr_tool_reads_a_recording_with_every_event_type() {
    let mut w = JfrWriter::new(1_700_000_000_000_000_000, 5_000);
    let main = w.thread(&ThreadInfo {
        java_id: 1,
        name: "main".into(),
    });
    let vm = w.vm_thread(1 << 40, "VM Thread");
    let frames = [
        Frame {
            class: "Foo".into(),
            method: "inner".into(),
            descriptor: "(I)V".into(),
            line: 12,
            bci: 4,
        },
        Frame {
            class: "Foo".into(),
            method: "main".into(),
            descriptor: "([Ljava/lang/String;)V".into(),
            line: 30,
            bci: 9,
        },
    ];
    let stack = w.stack_trace(&frames, false);
    let ints = w.class("[I");
    let name = w.name("jdk.types.GCName", "semispace");
    let cause = w.name("jdk.types.GCCause", "Allocation Failure");
    w.event(
        "jdk.GarbageCollection",
        &[
            Value::Long(6_000),
            Value::Long(2_500_000),
            Value::Int(0),
            Value::Ref(name),
            Value::Ref(cause),
            Value::Long(2_500_000),
            Value::Long(2_500_000),
        ],
    );
    w.event(
        "jdk.GCPhasePause",
        &[
            Value::Long(6_000),
            Value::Long(2_500_000),
            Value::Ref(vm),
            Value::Int(0),
            Value::Str("GC Pause"),
        ],
    );
    let space = [
        Value::Long(0x1000),
        Value::Long(0x2001000),
        Value::Long(32 << 20),
        Value::Long(0x4001000),
        Value::Long(64 << 20),
    ];
    let before = w.name("jdk.types.GCWhen", "Before GC");
    w.event(
        "jdk.GCHeapSummary",
        &[
            Value::Long(6_000),
            Value::Int(0),
            Value::Ref(before),
            Value::Inline(&space),
            Value::Long(30 << 20),
        ],
    );
    w.event(
        "jdk.ObjectAllocationInNewTLAB",
        &[
            Value::Long(7_000),
            Value::Ref(main),
            Value::Ref(stack),
            Value::Ref(ints),
            Value::Long(24),
            Value::Long(65536),
        ],
    );
    w.event(
        "jdk.ThreadSleep",
        &[
            Value::Long(8_000),
            Value::Long(20_000_000),
            Value::Ref(main),
            Value::Ref(stack),
            Value::Long(20),
        ],
    );
    let runnable = w.name("jdk.types.ThreadState", "STATE_RUNNABLE");
    w.event(
        "jdk.ExecutionSample",
        &[
            Value::Long(9_000),
            Value::Ref(main),
            Value::Ref(stack),
            Value::Ref(runnable),
        ],
    );
    let dir = std::env::temp_dir().join(format!("gcvm-jfr-unit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("every.jfr");
    std::fs::write(&file, w.finish()).unwrap();
    let out = jfr_tool()
        .arg("print")
        .arg("--json")
        .arg(&file)
        .output()
        .expect("the JDK's jfr tool");
    assert!(
        out.status.success(),
        "jfr print: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let events = json["recording"]["events"].as_array().expect("events");
    let of = |ty: &str| {
        events
            .iter()
            .filter(|e| e["type"] == ty)
            .collect::<Vec<_>>()
    };
    let gc = of("jdk.GarbageCollection");
    assert_eq!(gc.len(), 1);
    assert_eq!(gc[0]["values"]["name"], "semispace");
    assert_eq!(gc[0]["values"]["cause"], "Allocation Failure");
    assert_eq!(gc[0]["values"]["duration"], "PT0.0025S");
    let summary = &of("jdk.GCHeapSummary")[0]["values"];
    assert_eq!(summary["when"], "Before GC");
    assert_eq!(summary["heapSpace"]["committedSize"], 32 << 20);
    let tlab = &of("jdk.ObjectAllocationInNewTLAB")[0]["values"];
    assert_eq!(tlab["objectClass"]["name"], "[I");
    assert_eq!(tlab["tlabSize"], 65536);
    let top = &tlab["stackTrace"]["frames"][0];
    assert_eq!(top["method"]["name"], "inner");
    assert_eq!(top["lineNumber"], 12);
    assert_eq!(top["bytecodeIndex"], 4);
    assert_eq!(tlab["eventThread"]["javaName"], "main");
    assert_eq!(of("jdk.ThreadSleep")[0]["values"]["time"], "PT0.02S");
    assert_eq!(
        of("jdk.ExecutionSample")[0]["values"]["state"],
        "STATE_RUNNABLE"
    );
    let summary = jfr_tool().arg("summary").arg(&file).output().unwrap();
    assert!(summary.status.success());
    assert!(String::from_utf8_lossy(&summary.stdout).contains("jdk.ExecutionSample"));
    std::fs::remove_dir_all(&dir).ok();
}
