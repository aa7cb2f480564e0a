//! Parquet export of a trace (`gcvm export TRACE --parquet DIR`), for data engines (DuckDB,
//! Spark, pandas) when a trace outgrows the tools: three tables in DIR.
//!
//! - `objects.parquet`: the heap at a boundary (default: the end), one row per object: address,
//!   type, size, array length, allocation site, thread, age, space.
//! - `events.parquet`: every event in file order, one row each: sequence number, thread, kind, and
//!   the fields the kind has (others null): GC id, time, site, type, address, destination, size,
//!   array length, space. A batch event is a row per entry with the event's sequence number: a
//!   Kept runs event's runs (address = destination, size), a Deaths event's deaths (address).
//! - `collections.parquet`: one row per collection: kind, cause, start, pause, heap before and
//!   after, collected, moved, kept in place, dead.
//!
//! Written with the `parquet` crate's column writers (no Arrow), uncompressed, dictionary-encoded
//! strings, row groups of 1 Mi rows. docs/analyses.md has queries for DuckDB and Spark.

use crate::analysis::labels::kind_label;
use crate::analysis::replay::reaches;
use crate::boundary::{parse_boundary, Boundary};
use crate::heap::HeapModel;
use crate::reader::{Event, TraceError, TraceReader};
use crate::render::Progress;
use parquet::data_type::{ByteArray, ByteArrayType, Int64Type};
use parquet::file::properties::WriterProperties;
use parquet::file::writer::SerializedFileWriter;
use parquet::schema::parser::parse_message_type;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::Arc;

const ROW_GROUP: usize = 1 << 20;

enum Values {
    Int(Vec<i64>),
    Text(Vec<ByteArray>),
}

/// One column being filled: values of the non-null rows, and definition levels when nullable.
struct Column {
    name: &'static str,
    values: Values,
    nullable: bool,
    defs: Vec<i16>,
}

/// A Parquet file written a row group at a time.
struct TableWriter {
    path: PathBuf,
    writer: SerializedFileWriter<File>,
    columns: Vec<Column>,
    rows: usize,
}

/// Column kinds: `i` int, `I` nullable int, `s` text, `S` nullable text.
fn schema_text(table: &str, cols: &[(&'static str, char)]) -> String {
    let fields: Vec<String> = cols
        .iter()
        .map(|&(n, k)| match k {
            'i' => format!("REQUIRED INT64 {n};"),
            'I' => format!("OPTIONAL INT64 {n};"),
            's' => format!("REQUIRED BINARY {n} (UTF8);"),
            _ => format!("OPTIONAL BINARY {n} (UTF8);"),
        })
        .collect();
    format!("message {table} {{ {} }}", fields.join(" "))
}

fn perr(path: &Path, e: impl std::fmt::Display) -> TraceError {
    TraceError::message(format!("cannot write {}: {e}", path.display()))
}

impl TableWriter {
    fn create(dir: &Path, table: &str, cols: &[(&'static str, char)]) -> Result<Self, TraceError> {
        let path = dir.join(format!("{table}.parquet"));
        let schema = parse_message_type(&schema_text(table, cols)).map_err(|e| perr(&path, e))?;
        let file = File::create(&path).map_err(|e| perr(&path, e))?;
        let props = Arc::new(WriterProperties::builder().build());
        let writer =
            SerializedFileWriter::new(file, Arc::new(schema), props).map_err(|e| perr(&path, e))?;
        let columns = cols
            .iter()
            .map(|&(name, k)| Column {
                name,
                values: match k {
                    'i' | 'I' => Values::Int(Vec::new()),
                    _ => Values::Text(Vec::new()),
                },
                nullable: k.is_ascii_uppercase(),
                defs: Vec::new(),
            })
            .collect();
        Ok(TableWriter {
            path,
            writer,
            columns,
            rows: 0,
        })
    }

    fn int(&mut self, col: usize, v: Option<i64>) {
        let c = &mut self.columns[col];
        if c.nullable {
            c.defs.push(v.is_some() as i16);
        }
        if let (Values::Int(vals), Some(v)) = (&mut c.values, v) {
            vals.push(v);
        }
    }

    fn text(&mut self, col: usize, v: Option<&str>) {
        let c = &mut self.columns[col];
        if c.nullable {
            c.defs.push(v.is_some() as i16);
        }
        if let (Values::Text(vals), Some(v)) = (&mut c.values, v) {
            vals.push(ByteArray::from(v.as_bytes().to_vec()));
        }
    }

    /// Ends a row (all columns were given a value); writes a row group when full.
    fn end_row(&mut self) -> Result<(), TraceError> {
        self.rows += 1;
        if self.rows >= ROW_GROUP {
            self.flush()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> Result<(), TraceError> {
        if self.rows == 0 {
            return Ok(());
        }
        let path = self.path.clone();
        let mut rg = self.writer.next_row_group().map_err(|e| perr(&path, e))?;
        for c in &mut self.columns {
            let Some(mut col) = rg.next_column().map_err(|e| perr(&path, e))? else {
                return Err(perr(
                    &path,
                    format!("column {} missing from the schema", c.name),
                ));
            };
            let defs = c.nullable.then_some(c.defs.as_slice());
            match &mut c.values {
                Values::Int(v) => {
                    col.typed::<Int64Type>()
                        .write_batch(v, defs, None)
                        .map_err(|e| perr(&path, e))?;
                    v.clear();
                }
                Values::Text(v) => {
                    col.typed::<ByteArrayType>()
                        .write_batch(v, defs, None)
                        .map_err(|e| perr(&path, e))?;
                    v.clear();
                }
            }
            c.defs.clear();
            col.close().map_err(|e| perr(&path, e))?;
        }
        rg.close().map_err(|e| perr(&path, e))?;
        self.rows = 0;
        Ok(())
    }

    fn finish(mut self) -> Result<(), TraceError> {
        self.flush()?;
        let path = self.path.clone();
        self.writer.close().map_err(|e| perr(&path, e))?;
        Ok(())
    }
}

const OBJECT_COLS: [(&str, char); 10] = [
    ("addr", 'i'),
    ("type_id", 'i'),
    ("type", 's'),
    ("size", 'i'),
    ("array_length", 'I'),
    ("site", 'i'),
    ("site_label", 's'),
    ("thread", 'i'),
    ("age", 'i'),
    ("space", 'S'),
];

const EVENT_COLS: [(&str, char); 12] = [
    ("seq", 'i'),
    ("thread", 'i'),
    ("kind", 's'),
    ("gc_id", 'I'),
    ("time_us", 'I'),
    ("site", 'I'),
    ("type_id", 'I'),
    ("addr", 'I'),
    ("to_addr", 'I'),
    ("size", 'I'),
    ("array_length", 'I'),
    ("space", 'I'),
];

const GC_COLS: [(&str, char); 13] = [
    ("gc", 'i'),
    ("kind", 's'),
    ("cause", 's'),
    ("start_us", 'i'),
    ("pause_us", 'I'),
    ("before_bytes", 'i'),
    ("after_bytes", 'i'),
    ("collected_bytes", 'i'),
    ("moved_bytes", 'i'),
    ("kept_bytes", 'i'),
    ("dead_objects", 'i'),
    ("dead_bytes", 'i'),
    ("survivor_bytes", 'i'),
];

/// The event's fields as (gc id, time, site, type, addr, to, size, array length, space).
type EventFields = [Option<i64>; 9];

fn event_fields(e: &Event) -> EventFields {
    let n = |x: u64| Some(x as i64);
    let m = |x: u32| Some(x as i64);
    let l = |x: Option<u32>| x.map(|v| v as i64);
    match *e {
        Event::Alloc { site, array_len } => [
            None,
            None,
            m(site),
            None,
            None,
            None,
            None,
            l(array_len),
            None,
        ],
        Event::AllocTyped {
            site,
            type_id,
            size,
            array_len,
        } => [
            None,
            None,
            m(site),
            m(type_id),
            None,
            None,
            size.map(|s| s as i64),
            l(array_len),
            None,
        ],
        Event::AllocOutside {
            site,
            type_id,
            addr,
            size,
            array_len,
        } => [
            None,
            None,
            m(site),
            m(type_id),
            n(addr),
            None,
            n(size),
            l(array_len),
            None,
        ],
        Event::Tlab { start, size } | Event::Plab { start, size } => {
            [None, None, None, None, n(start), None, n(size), None, None]
        }
        // The run's extent, as a TLAB's (the cell size is `size` / the run's cell count).
        Event::Cells { start, cell, count } => [
            None,
            None,
            None,
            None,
            n(start),
            None,
            n(cell * count),
            None,
            None,
        ],
        // A map of free cells: its start (when not implied) and its free cells' bytes.
        Event::CellsMap {
            start, cell, free, ..
        } => [
            None,
            None,
            None,
            None,
            start.map(|s| s as i64),
            None,
            n(cell * free.count_ones() as u64),
            None,
            None,
        ],
        Event::CellsNext { cell, count, .. } => [
            None,
            None,
            None,
            None,
            None,
            None,
            n(cell * count),
            None,
            None,
        ],
        Event::AllocCell {
            site,
            type_id,
            size,
            array_len,
            ..
        } => [
            None,
            None,
            m(site),
            m(type_id),
            None,
            None,
            size.map(|s| s as i64),
            l(array_len),
            None,
        ],
        Event::GcStart { gc_id, time_us, .. } | Event::GcEnd { gc_id, time_us } => [
            m(gc_id),
            n(time_us),
            None,
            None,
            None,
            None,
            None,
            None,
            None,
        ],
        Event::GcSpace { space } => [None, None, None, None, None, None, None, None, m(space)],
        Event::Move { from, to } => [
            None,
            None,
            None,
            None,
            n(from),
            to.map(|t| t as i64),
            None,
            None,
            None,
        ],
        Event::RegionMove {
            from, to, bytes, ..
        } => [None, None, None, None, n(from), n(to), n(bytes), None, None],
        Event::KeepAlive { addr } => [None, None, None, None, n(addr), None, None, None, None],
        Event::Death { addr, .. } => death_fields(addr),
        Event::SpaceCreate(ref s) => [
            None,
            None,
            None,
            None,
            n(s.start),
            n(s.end),
            None,
            None,
            m(s.id),
        ],
        Event::SpaceRedefine { id, start, end } => {
            [None, None, None, None, n(start), n(end), None, None, m(id)]
        }
        Event::SpaceAlloc { id, .. } | Event::SpaceRelease { id } | Event::SpaceDestroy { id } => {
            [None, None, None, None, None, None, None, None, m(id)]
        }
        Event::TypeDef { id, .. } => [None, None, None, m(id), None, None, None, None, None],
        Event::SiteDef { id, .. } => [None, None, m(id), None, None, None, None, None, None],
        _ => [None; 9],
    }
}

/// A death's row: the dead object's address (its time counts allocated bytes, not µs).
fn death_fields(addr: u64) -> EventFields {
    [
        None,
        None,
        None,
        None,
        Some(addr as i64),
        None,
        None,
        None,
        None,
    ]
}

fn write_objects(dir: &Path, model: &HeapModel, sy: &crate::Symbols) -> Result<u64, TraceError> {
    let mut t = TableWriter::create(dir, "objects", &OBJECT_COLS)?;
    let mut spaces: Vec<&crate::Space> = model.spaces().collect();
    spaces.sort_by_key(|s| s.start);
    let mut n = 0u64;
    let mut err = None;
    model.for_each_object(|o| {
        if err.is_some() {
            return;
        }
        let i = spaces.partition_point(|s| s.start <= o.addr);
        let space = (i > 0 && o.addr < spaces[i - 1].end).then(|| spaces[i - 1].name.as_str());
        t.int(0, Some(o.addr as i64));
        t.int(1, Some(o.desc.type_id as i64));
        t.text(2, Some(&sy.type_name(o.desc.type_id)));
        t.int(3, Some(o.desc.size() as i64));
        t.int(4, o.desc.array_len.map(|l| l as i64));
        t.int(5, Some(o.desc.site as i64));
        t.text(6, Some(&sy.site_label(o.desc.site)));
        t.int(7, Some(o.desc.thread as i64));
        t.int(8, Some(o.age as i64));
        t.text(9, space);
        n += 1;
        if let Err(e) = t.end_row() {
            err = Some(e);
        }
    });
    if let Some(e) = err {
        return Err(e);
    }
    t.finish()?;
    Ok(n)
}

fn write_collections(dir: &Path, model: &HeapModel, sy: &crate::Symbols) -> Result<(), TraceError> {
    let mut t = TableWriter::create(dir, "collections", &GC_COLS)?;
    for g in &model.gcs {
        let v = |x: u64| Some(x as i64);
        t.int(0, v(g.id as u64));
        t.text(1, Some(kind_label(g.kind)));
        t.text(2, Some(&sy.cause_name(g.cause)));
        t.int(3, v(g.start_us));
        t.int(4, g.pause_us().map(|p| p as i64));
        t.int(5, v(g.before_bytes));
        t.int(6, v(g.after_bytes));
        t.int(7, v(g.collected_bytes));
        t.int(8, v(g.moved_bytes));
        t.int(9, v(g.kept_bytes));
        t.int(10, v(g.dead_objects));
        t.int(11, v(g.dead_bytes));
        t.int(12, v(g.survivor_bytes()));
        t.end_row()?;
    }
    t.finish()
}

/// `gcvm export TRACE --parquet DIR [--at BOUNDARY]`: writes the three tables; returns a summary.
pub fn export_parquet(path: impl AsRef<Path>, dir: &Path, at: &str) -> Result<String, TraceError> {
    let path = path.as_ref();
    let b = parse_boundary(at)?;
    std::fs::create_dir_all(dir)
        .map_err(|e| TraceError::message(format!("cannot create {}: {e}", dir.display())))?;
    let mut reader = TraceReader::open(path)?;
    let mut progress = Progress::new("reading trace", crate::reconstruct::file_len(path));
    let h = reader.header().clone();
    let mut model = HeapModel::for_trace(&h);
    let mut events = TableWriter::create(dir, "events", &EVENT_COLS)?;
    let mut seq = 0i64;
    let mut objects = None;
    while let Some((thread, ev)) = reader.next_event()? {
        model.apply(thread, &ev).map_err(|m| reader.error_here(m))?;
        let mut row = |fields: EventFields| {
            events.int(0, Some(seq));
            events.int(1, Some(thread as i64));
            events.text(2, Some(ev.kind_name()));
            for (i, f) in fields.into_iter().enumerate() {
                events.int(3 + i, f);
            }
            events.end_row()
        };
        // A batch event is a row per entry, all with its sequence number.
        match &ev {
            Event::KeptRuns(runs) => runs.iter().try_for_each(|&(from, bytes)| {
                let (from, bytes) = (Some(from as i64), Some(bytes as i64));
                row([None, None, None, None, from, from, bytes, None, None])
            })?,
            Event::Deaths(deaths) => deaths.iter().try_for_each(|d| row(death_fields(d.addr)))?,
            _ => row(event_fields(&ev))?,
        }
        seq += 1;
        if seq & 0xffff == 0 {
            progress.update(reader.position());
        }
        if reaches(&ev, b) && objects.is_none() {
            objects = Some(write_objects(dir, &model, reader.symbols())?);
        }
    }
    progress.finish();
    model.close_open_runs();
    events.finish()?;
    let sy = reader.symbols().clone();
    if b == Boundary::End {
        objects = Some(write_objects(dir, &model, &sy)?);
    }
    let Some(objects) = objects else {
        return Err(TraceError::not_in_trace(
            reader.position(),
            format!(
                "boundary {b} not found: the trace has {} collections",
                model.gcs.len()
            ),
        ));
    };
    write_collections(dir, &model, &sy)?;
    Ok(format!(
        "{}: objects.parquet ({objects} objects at {b}), events.parquet ({seq} events), collections.parquet ({} collections)\n",
        dir.display(),
        model.gcs.len()
    ))
}
