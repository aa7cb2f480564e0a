//! The types a gcvm JFR file declares in its metadata: the primitive types, the annotation
//! types, the constant-pool types (threads, classes, methods, stack traces, the GC's name
//! lists) and the event types. The `jdk.*` ones copy HotSpot 17's names, field names, field
//! order and types (`jfr metadata` on a HotSpot recording lists them); gcvm's own events are
//! `gcvm.*`. A field's annotations say how readers show it: a timestamp or timespan in ticks, an
//! amount of bytes, an address.

/// How a field's value is shown (the annotations a reader formats it by).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Content {
    Plain,
    /// A point in time, in ticks (`@Timestamp("TICKS")`).
    Timestamp,
    /// A duration in ticks (`@Timespan("TICKS")`).
    Timespan,
    /// A duration in milliseconds (`@Timespan("MILLISECONDS")`).
    Millis,
    /// An amount of memory (`@Unsigned @DataAmount("BYTES")`).
    Bytes,
    /// An address (`@Unsigned @MemoryAddress`).
    Address,
    Unsigned,
}

/// One field of a type, in the order values are written.
#[derive(Clone, Copy, Debug)]
pub struct FieldDef {
    pub name: &'static str,
    /// The name of the field's type.
    pub ty: &'static str,
    /// Written as a key into the type's constant pool.
    pub constant_pool: bool,
    /// An array (`dimension = 1`): a count, then the elements.
    pub array: bool,
    pub label: &'static str,
    pub content: Content,
}

/// One type: an event (`super_type` jdk.jfr.Event), an annotation, or a value type.
#[derive(Clone, Copy, Debug)]
pub struct TypeDef {
    pub name: &'static str,
    pub super_type: Option<&'static str>,
    /// A one-field type that readers see as its field's value (jdk.types.Symbol, GCName...).
    pub simple: bool,
    pub label: &'static str,
    pub description: &'static str,
    /// The path in readers' event trees (`@Category`), events only.
    pub category: &'static [&'static str],
    pub fields: &'static [FieldDef],
}

const fn field(
    name: &'static str,
    ty: &'static str,
    label: &'static str,
    content: Content,
) -> FieldDef {
    FieldDef {
        name,
        ty,
        constant_pool: false,
        array: false,
        label,
        content,
    }
}

const fn pooled(name: &'static str, ty: &'static str, label: &'static str) -> FieldDef {
    FieldDef {
        name,
        ty,
        constant_pool: true,
        array: false,
        label,
        content: Content::Plain,
    }
}

const fn long(name: &'static str, label: &'static str, content: Content) -> FieldDef {
    field(name, "long", label, content)
}

const fn int(name: &'static str, label: &'static str, content: Content) -> FieldDef {
    field(name, "int", label, content)
}

const fn boolean(name: &'static str, label: &'static str) -> FieldDef {
    field(name, "boolean", label, Content::Plain)
}

const fn string(name: &'static str, label: &'static str) -> FieldDef {
    field(name, "java.lang.String", label, Content::Plain)
}

const START_TIME: FieldDef = long("startTime", "Start Time", Content::Timestamp);
const DURATION: FieldDef = long("duration", "Duration", Content::Timespan);
const EVENT_THREAD: FieldDef = pooled("eventThread", "java.lang.Thread", "Event Thread");
const STACK_TRACE: FieldDef = pooled("stackTrace", "jdk.types.StackTrace", "Stack Trace");
const GC_ID: FieldDef = int("gcId", "GC Identifier", Content::Unsigned);
/// The fields of a pause's phase events (jdk.GCPhasePause, jdk.GCPhasePauseLevel1).
const PAUSE_PHASE: &[FieldDef] = &[
    START_TIME,
    DURATION,
    EVENT_THREAD,
    GC_ID,
    string("name", "Name"),
];

const fn primitive(name: &'static str) -> TypeDef {
    TypeDef {
        name,
        super_type: None,
        simple: false,
        label: "",
        description: "",
        category: &[],
        fields: &[],
    }
}

const fn annotation(name: &'static str, fields: &'static [FieldDef]) -> TypeDef {
    TypeDef {
        name,
        super_type: Some("java.lang.annotation.Annotation"),
        simple: false,
        label: "",
        description: "",
        category: &[],
        fields,
    }
}

const fn value_type(
    name: &'static str,
    label: &'static str,
    fields: &'static [FieldDef],
) -> TypeDef {
    TypeDef {
        name,
        super_type: None,
        simple: false,
        label,
        description: "",
        category: &[],
        fields,
    }
}

/// A constant-pool type holding one string (a name from a fixed list).
const fn name_list(name: &'static str, label: &'static str, field: &'static [FieldDef]) -> TypeDef {
    TypeDef {
        name,
        super_type: None,
        simple: true,
        label,
        description: "",
        category: &[],
        fields: field,
    }
}

const fn event(
    name: &'static str,
    label: &'static str,
    description: &'static str,
    category: &'static [&'static str],
    fields: &'static [FieldDef],
) -> TypeDef {
    TypeDef {
        name,
        super_type: Some("jdk.jfr.Event"),
        simple: false,
        label,
        description,
        category,
        fields,
    }
}

const GC_COLLECTOR: &[&str] = &["Java Virtual Machine", "GC", "Collector"];
const GC_PHASES: &[&str] = &["Java Virtual Machine", "GC", "Phases"];
const GC_HEAP: &[&str] = &["Java Virtual Machine", "GC", "Heap"];
const GC_CONFIGURATION: &[&str] = &["Java Virtual Machine", "GC", "Configuration"];
const SAFEPOINT: &[&str] = &["Java Virtual Machine", "Runtime", "Safepoint"];
const APPLICATION: &[&str] = &["Java Application"];
const GCVM_GC: &[&str] = &["gcvm", "GC"];

/// The annotation types the fields above use.
const ANNOTATIONS: &[TypeDef] = &[
    annotation("jdk.jfr.Label", &[string("value", "")]),
    annotation("jdk.jfr.Description", &[string("value", "")]),
    annotation(
        "jdk.jfr.Category",
        &[FieldDef {
            name: "value",
            ty: "java.lang.String",
            constant_pool: false,
            array: true,
            label: "",
            content: Content::Plain,
        }],
    ),
    annotation("jdk.jfr.ContentType", &[]),
    annotation("jdk.jfr.Timestamp", &[string("value", "")]),
    annotation("jdk.jfr.Timespan", &[string("value", "")]),
    annotation("jdk.jfr.DataAmount", &[string("value", "")]),
    annotation("jdk.jfr.MemoryAddress", &[]),
    annotation("jdk.jfr.Unsigned", &[]),
];

/// Every type a gcvm JFR file declares. Ids are positions in this list plus `FIRST_TYPE_ID`.
pub const TYPES: &[TypeDef] = &[
    primitive("boolean"),
    primitive("byte"),
    primitive("int"),
    primitive("long"),
    primitive("java.lang.String"),
    ANNOTATIONS[0],
    ANNOTATIONS[1],
    ANNOTATIONS[2],
    ANNOTATIONS[3],
    ANNOTATIONS[4],
    ANNOTATIONS[5],
    ANNOTATIONS[6],
    ANNOTATIONS[7],
    ANNOTATIONS[8],
    // ---- constant-pool types ----
    value_type(
        "java.lang.Thread",
        "Thread",
        &[
            string("osName", "OS Thread Name"),
            long("osThreadId", "OS Thread Id", Content::Plain),
            string("javaName", "Java Thread Name"),
            long("javaThreadId", "Java Thread Id", Content::Plain),
            pooled("group", "jdk.types.ThreadGroup", "Java Thread Group"),
        ],
    ),
    value_type(
        "jdk.types.ThreadGroup",
        "Thread Group",
        &[pooled("parent", "jdk.types.ThreadGroup", "Parent"), string("name", "Name")],
    ),
    value_type(
        "java.lang.Class",
        "Java Class",
        &[
            pooled("classLoader", "jdk.types.ClassLoader", "Class Loader"),
            pooled("name", "jdk.types.Symbol", "Name"),
            pooled("package", "jdk.types.Package", "Package"),
            int("modifiers", "Access Modifiers", Content::Plain),
            boolean("hidden", "Hidden"),
        ],
    ),
    value_type(
        "jdk.types.ClassLoader",
        "Java Class Loader",
        &[pooled("type", "java.lang.Class", "Type"), pooled("name", "jdk.types.Symbol", "Name")],
    ),
    value_type(
        "jdk.types.Package",
        "Package",
        &[pooled("name", "jdk.types.Symbol", "Name"), boolean("exported", "Exported")],
    ),
    value_type(
        "jdk.types.Method",
        "Java Method",
        &[
            pooled("type", "java.lang.Class", "Type"),
            pooled("name", "jdk.types.Symbol", "Name"),
            pooled("descriptor", "jdk.types.Symbol", "Descriptor"),
            int("modifiers", "Access Modifiers", Content::Plain),
            boolean("hidden", "Hidden"),
        ],
    ),
    name_list("jdk.types.Symbol", "Symbol", &[string("string", "String")]),
    value_type(
        "jdk.types.StackTrace",
        "Stacktrace",
        &[
            boolean("truncated", "Truncated"),
            FieldDef {
                name: "frames",
                ty: "jdk.types.StackFrame",
                constant_pool: false,
                array: true,
                label: "Stack Frames",
                content: Content::Plain,
            },
        ],
    ),
    value_type(
        "jdk.types.StackFrame",
        "",
        &[
            pooled("method", "jdk.types.Method", "Java Method"),
            int("lineNumber", "Line Number", Content::Plain),
            int("bytecodeIndex", "Bytecode Index", Content::Plain),
            pooled("type", "jdk.types.FrameType", "Frame Type"),
        ],
    ),
    name_list("jdk.types.FrameType", "Frame type", &[string("description", "Description")]),
    name_list("jdk.types.ThreadState", "Java Thread State", &[string("name", "Name")]),
    name_list("jdk.types.GCName", "GC Name", &[string("name", "name")]),
    name_list("jdk.types.GCCause", "GC Cause", &[string("cause", "cause")]),
    name_list("jdk.types.GCWhen", "GC When", &[string("when", "when")]),
    name_list("jdk.types.ReferenceType", "Reference Type", &[string("type", "type")]),
    name_list("jdk.types.G1YCType", "G1 YC Type", &[string("type", "type")]),
    name_list("jdk.types.NarrowOopMode", "Narrow Oop Mode", &[string("mode", "mode")]),
    value_type(
        "jdk.types.VirtualSpace",
        "",
        &[
            long("start", "Start Address", Content::Address),
            long("committedEnd", "Committed End Address", Content::Address),
            long("committedSize", "Committed Size", Content::Bytes),
            long("reservedEnd", "Reserved End Address", Content::Address),
            long("reservedSize", "Reserved Size", Content::Bytes),
        ],
    ),
    // ---- events: HotSpot's ----
    event(
        "jdk.GarbageCollection",
        "Garbage Collection",
        "Garbage collection performed by the JVM",
        GC_COLLECTOR,
        &[
            START_TIME,
            DURATION,
            GC_ID,
            pooled("name", "jdk.types.GCName", "Name"),
            pooled("cause", "jdk.types.GCCause", "Cause"),
            long("sumOfPauses", "Sum of Pauses", Content::Timespan),
            long("longestPause", "Longest Pause", Content::Timespan),
        ],
    ),
    event(
        "jdk.YoungGarbageCollection",
        "Young Garbage Collection",
        "Young Generation Garbage Collection",
        GC_COLLECTOR,
        &[START_TIME, DURATION, GC_ID, int("tenuringThreshold", "Tenuring Threshold", Content::Unsigned)],
    ),
    event(
        "jdk.OldGarbageCollection",
        "Old Garbage Collection",
        "Old Generation Garbage Collection",
        GC_COLLECTOR,
        &[START_TIME, DURATION, GC_ID],
    ),
    event(
        "jdk.G1GarbageCollection",
        "G1 Garbage Collection",
        "Extra information specific to G1 Young Garbage Collections",
        GC_COLLECTOR,
        &[START_TIME, DURATION, GC_ID, pooled("type", "jdk.types.G1YCType", "Type")],
    ),
    event(
        "jdk.GCPhasePause",
        "GC Phase Pause",
        "",
        GC_PHASES,
        PAUSE_PHASE,
    ),
    event(
        "jdk.GCPhasePauseLevel1",
        "GC Phase Pause Level 1",
        "",
        GC_PHASES,
        PAUSE_PHASE,
    ),
    event(
        "jdk.GCHeapSummary",
        "Heap Summary",
        "",
        GC_HEAP,
        &[
            START_TIME,
            GC_ID,
            pooled("when", "jdk.types.GCWhen", "When"),
            field("heapSpace", "jdk.types.VirtualSpace", "Heap Space", Content::Plain),
            long("heapUsed", "Heap Used", Content::Bytes),
        ],
    ),
    event(
        "jdk.GCReferenceStatistics",
        "GC Reference Statistics",
        "Total count of processed references during GC",
        &["Java Virtual Machine", "GC", "Reference"],
        &[
            START_TIME,
            GC_ID,
            pooled("type", "jdk.types.ReferenceType", "Type"),
            long("count", "Total Count", Content::Unsigned),
        ],
    ),
    event(
        "jdk.GCConfiguration",
        "GC Configuration",
        "The configuration of the garbage collector",
        GC_CONFIGURATION,
        &[
            START_TIME,
            pooled("youngCollector", "jdk.types.GCName", "Young Garbage Collector"),
            pooled("oldCollector", "jdk.types.GCName", "Old Garbage Collector"),
            int("parallelGCThreads", "Parallel GC Threads", Content::Unsigned),
            int("concurrentGCThreads", "Concurrent GC Threads", Content::Unsigned),
            boolean("usesDynamicGCThreads", "Uses Dynamic GC Threads"),
            boolean("isExplicitGCConcurrent", "Concurrent Explicit GC"),
            boolean("isExplicitGCDisabled", "Disabled Explicit GC"),
            long("pauseTarget", "Pause Target", Content::Millis),
            int("gcTimeRatio", "GC Time Ratio", Content::Unsigned),
        ],
    ),
    event(
        "jdk.GCHeapConfiguration",
        "GC Heap Configuration",
        "The configuration of the garbage collected heap",
        GC_CONFIGURATION,
        &[
            START_TIME,
            long("minSize", "Minimum Heap Size", Content::Bytes),
            long("maxSize", "Maximum Heap Size", Content::Bytes),
            long("initialSize", "Initial Heap Size", Content::Bytes),
            boolean("usesCompressedOops", "If Compressed Oops Are Used"),
            pooled("compressedOopsMode", "jdk.types.NarrowOopMode", "Compressed Oops Mode"),
            long("objectAlignment", "Object Alignment", Content::Bytes),
            field("heapAddressBits", "byte", "Heap Address Size", Content::Unsigned),
        ],
    ),
    event(
        "jdk.SafepointBegin",
        "Safepoint Begin",
        "Safepointing begin",
        SAFEPOINT,
        &[
            START_TIME,
            DURATION,
            EVENT_THREAD,
            long("safepointId", "Safepoint Identifier", Content::Unsigned),
            int("totalThreadCount", "Total Threads", Content::Plain),
            int("jniCriticalThreadCount", "JNI Critical Threads", Content::Plain),
        ],
    ),
    event(
        "jdk.SafepointEnd",
        "Safepoint End",
        "Safepointing end",
        SAFEPOINT,
        &[START_TIME, DURATION, EVENT_THREAD, long("safepointId", "Safepoint Identifier", Content::Unsigned)],
    ),
    event(
        "jdk.ObjectAllocationInNewTLAB",
        "Allocation in new TLAB",
        "Allocation in new Thread Local Allocation Buffer",
        APPLICATION,
        &[
            START_TIME,
            EVENT_THREAD,
            STACK_TRACE,
            pooled("objectClass", "java.lang.Class", "Object Class"),
            long("allocationSize", "Allocation Size", Content::Bytes),
            long("tlabSize", "TLAB Size", Content::Bytes),
        ],
    ),
    event(
        "jdk.ObjectAllocationOutsideTLAB",
        "Allocation outside TLAB",
        "Allocation outside Thread Local Allocation Buffers",
        APPLICATION,
        &[
            START_TIME,
            EVENT_THREAD,
            STACK_TRACE,
            pooled("objectClass", "java.lang.Class", "Object Class"),
            long("allocationSize", "Allocation Size", Content::Bytes),
        ],
    ),
    event(
        "jdk.ObjectAllocationSample",
        "Object Allocation Sample",
        "",
        APPLICATION,
        &[
            START_TIME,
            EVENT_THREAD,
            STACK_TRACE,
            pooled("objectClass", "java.lang.Class", "Object Class"),
            long("weight", "Sample Weight", Content::Bytes),
        ],
    ),
    event(
        "jdk.ThreadStart",
        "Java Thread Start",
        "",
        APPLICATION,
        &[
            START_TIME,
            EVENT_THREAD,
            STACK_TRACE,
            pooled("thread", "java.lang.Thread", "New Java Thread"),
            pooled("parentThread", "java.lang.Thread", "Parent Java Thread"),
        ],
    ),
    event(
        "jdk.ThreadEnd",
        "Java Thread End",
        "",
        APPLICATION,
        &[START_TIME, EVENT_THREAD, pooled("thread", "java.lang.Thread", "Thread")],
    ),
    event(
        "jdk.ThreadSleep",
        "Java Thread Sleep",
        "",
        APPLICATION,
        &[START_TIME, DURATION, EVENT_THREAD, STACK_TRACE, long("time", "Sleep Time", Content::Millis)],
    ),
    event(
        "jdk.JavaMonitorEnter",
        "Java Monitor Blocked",
        "",
        APPLICATION,
        &[
            START_TIME,
            DURATION,
            EVENT_THREAD,
            STACK_TRACE,
            pooled("monitorClass", "java.lang.Class", "Monitor Class"),
            pooled("previousOwner", "java.lang.Thread", "Previous Monitor Owner"),
            long("address", "Monitor Address", Content::Address),
        ],
    ),
    event(
        "jdk.JavaMonitorWait",
        "Java Monitor Wait",
        "Waiting on a Java monitor",
        APPLICATION,
        &[
            START_TIME,
            DURATION,
            EVENT_THREAD,
            STACK_TRACE,
            pooled("monitorClass", "java.lang.Class", "Monitor Class"),
            pooled("notifier", "java.lang.Thread", "Notifier Thread"),
            long("timeout", "Timeout", Content::Millis),
            boolean("timedOut", "Timed Out"),
            long("address", "Monitor Address", Content::Address),
        ],
    ),
    event(
        "jdk.ExecutionSample",
        "Method Profiling Sample",
        "Snapshot of a threads state",
        &["Java Virtual Machine", "Profiling"],
        &[
            START_TIME,
            pooled("sampledThread", "java.lang.Thread", "Thread"),
            STACK_TRACE,
            pooled("state", "jdk.types.ThreadState", "Thread State"),
        ],
    ),
    // ---- events: gcvm's own ----
    event(
        "gcvm.ConcurrentPhase",
        "Concurrent Phase",
        "A phase a collector ran while the program ran (marking, sweeping, cleanup)",
        GCVM_GC,
        &[START_TIME, DURATION, GC_ID, string("name", "Name")],
    ),
    event(
        "gcvm.TimeToSafepoint",
        "Time to Safepoint",
        "How long one thread took to reach a pause's safepoint, from the request",
        SAFEPOINT,
        &[
            START_TIME,
            DURATION,
            EVENT_THREAD,
            long("safepointId", "Safepoint Identifier", Content::Unsigned),
        ],
    ),
    event(
        "gcvm.SpaceSummary",
        "Space Summary",
        "Bytes in each kind of space (eden, survivor, old, humongous, free regions...) after a collection",
        GCVM_GC,
        &[
            START_TIME,
            GC_ID,
            string("kind", "Space Kind"),
            int("spaces", "Spaces", Content::Unsigned),
            long("committed", "Committed", Content::Bytes),
        ],
    ),
];

/// The id of `TYPES[0]`. 0 and 1 are the metadata and checkpoint events.
pub const FIRST_TYPE_ID: u64 = 20;

/// The id of the type named `name`. Panics on a name not in `TYPES` (a bug in this module).
pub fn type_id(name: &str) -> u64 {
    TYPES
        .iter()
        .position(|t| t.name == name)
        .map(|i| i as u64 + FIRST_TYPE_ID)
        .unwrap_or_else(|| panic!("JFR type {name} is not declared"))
}

/// The declaration of the type named `name`.
pub fn type_def(name: &str) -> &'static TypeDef {
    &TYPES[(type_id(name) - FIRST_TYPE_ID) as usize]
}
