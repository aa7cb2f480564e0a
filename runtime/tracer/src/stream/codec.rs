//! The bootstrap and frames as bytes (docs/stream-format.md).
//!
//! The bootstrap is one JSON object. A frame is binary, made for a browser to read without
//! copying: the magic `GCVF`, a little-endian `u32` header length, a JSON header padded with
//! spaces to a multiple of four bytes, then the payload — each stream's values as `u32`
//! little-endian arrays and each space's control bytes, at the offsets (from the payload's
//! start, four-aligned) the header gives. A browser views each array with a `Uint32Array`.

use super::steps::{StepDef, StepHeader};
use super::{Presentation, StreamDef, StreamEvent};
use serde_json::{json, Value};

pub const FRAME_MAGIC: &[u8; 4] = b"GCVF";
/// The protocol and recording version this code writes and reads.
pub const STREAM_VERSION: u32 = 1;

/// What a viewer is told first: the target, the tiling, the events and the streams.
#[derive(Clone, Debug, PartialEq)]
pub struct Bootstrap {
    /// The program (main class and arguments).
    pub target: String,
    /// The collector's `--gc` name.
    pub collector: String,
    /// "live" (gathered by the VM) or "trace" (recomputed from an object-level trace).
    pub source: String,
    pub tile_size: u64,
    pub streams: Vec<StreamDef>,
    /// The collector's step kinds, in the order they come (docs/stream-format.md).
    pub steps: Vec<StepDef>,
}

impl Bootstrap {
    pub fn to_json(&self) -> Value {
        json!({
            "type": "bootstrap",
            "version": STREAM_VERSION,
            "target": self.target,
            "collector": self.collector,
            "source": self.source,
            "tile_size": self.tile_size,
            "events": StreamEvent::ALL.iter().map(|e| e.name()).collect::<Vec<_>>(),
            "streams": self.streams.iter().map(stream_json).collect::<Vec<_>>(),
            "steps": self.steps.iter().map(StepDef::to_json).collect::<Vec<_>>(),
        })
    }

    pub fn encode(&self) -> String {
        self.to_json().to_string()
    }

    pub fn decode(text: &str) -> Result<Bootstrap, String> {
        let v: Value =
            serde_json::from_str(text).map_err(|e| format!("bootstrap is not JSON: {e}"))?;
        let version = v["version"].as_u64().ok_or("bootstrap has no version")?;
        if version != STREAM_VERSION as u64 {
            return Err(format!(
                "stream version {version} is not supported (this gcvm reads version {STREAM_VERSION})"
            ));
        }
        let streams = v["streams"]
            .as_array()
            .ok_or("bootstrap has no stream table")?
            .iter()
            .map(stream_from_json)
            .collect::<Result<Vec<_>, _>>()?;
        let steps = match v.get("steps").and_then(Value::as_array) {
            Some(steps) => steps
                .iter()
                .map(StepDef::from_json)
                .collect::<Result<Vec<_>, _>>()?,
            None => Vec::new(),
        };
        Ok(Bootstrap {
            target: str_field(&v, "target")?,
            collector: str_field(&v, "collector")?,
            source: str_field(&v, "source")?,
            tile_size: v["tile_size"]
                .as_u64()
                .filter(|t| t.is_power_of_two())
                .ok_or("bootstrap has no valid tile_size")?,
            streams,
            steps,
        })
    }
}

fn str_field(v: &Value, name: &str) -> Result<String, String> {
    v[name]
        .as_str()
        .map(str::to_string)
        .ok_or_else(|| format!("bootstrap has no '{name}'"))
}

fn stream_json(s: &StreamDef) -> Value {
    let (presentation, labels) = match &s.presentation {
        Presentation::Plain => ("plain", Value::Null),
        Presentation::Percent => ("percent", Value::Null),
        Presentation::Enum(labels) => ("enum", json!(labels)),
    };
    json!({
        "id": s.id,
        "name": s.name,
        "description": s.description,
        "unit": s.unit,
        "presentation": presentation,
        "labels": labels,
        "max": s.max,
        "colour": s.colour,
        "from_trace": s.from_trace,
    })
}

fn stream_from_json(v: &Value) -> Result<StreamDef, String> {
    let text = |k: &str| -> Result<String, String> {
        v[k].as_str()
            .map(str::to_string)
            .ok_or_else(|| format!("stream definition has no '{k}'"))
    };
    let presentation = match v["presentation"].as_str() {
        Some("plain") => Presentation::Plain,
        Some("percent") => Presentation::Percent,
        Some("enum") => Presentation::Enum(
            v["labels"]
                .as_array()
                .ok_or("enum stream without labels")?
                .iter()
                .map(|l| l.as_str().map(str::to_string).ok_or("label is not text"))
                .collect::<Result<Vec<_>, _>>()?,
        ),
        other => return Err(format!("unknown stream presentation {other:?}")),
    };
    Ok(StreamDef {
        id: v["id"]
            .as_u64()
            .and_then(|i| u16::try_from(i).ok())
            .ok_or("stream definition has no id")?,
        name: text("name")?,
        description: text("description")?,
        unit: text("unit")?,
        presentation,
        max: v["max"].as_u64().unwrap_or(0),
        colour: text("colour")?,
        from_trace: v["from_trace"].as_bool().unwrap_or(false),
    })
}

/// One stream's values, one per tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StreamValues {
    pub id: u16,
    pub values: Vec<u32>,
}

/// One stream space in a frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FrameSpace {
    pub name: String,
    pub kind: String,
    /// Address (offset from the heap base) of tile 0.
    pub start: u64,
    pub tiles: u32,
    pub streams: Vec<StreamValues>,
    /// One `control::*` value per tile.
    pub control: Vec<u8>,
    /// Tiles before which the viewer draws a boundary line.
    pub separators: Vec<u32>,
}

impl FrameSpace {
    pub fn stream(&self, id: u16) -> Option<&[u32]> {
        self.streams
            .iter()
            .find(|s| s.id == id)
            .map(|s| &s.values[..])
    }
}

/// The heap at one event.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    /// The frame's number in the run (0, 1, 2 ... in the order gathered; frames an event
    /// filter skipped leave no gap).
    pub seq: u64,
    pub event: StreamEvent,
    /// The collection the event belongs to (None for ticks).
    pub gc: Option<u32>,
    /// What happened: the pause's cause or name, the phase.
    pub label: String,
    /// Milliseconds since the VM started.
    pub time_ms: f64,
    /// Was the collection a full one (the history graph draws a separator)?
    pub full: bool,
    pub heap_used: u64,
    pub heap_capacity: u64,
    pub spaces: Vec<FrameSpace>,
    /// Per stream, its total over the heap (`tiles::summarise`).
    pub summary: Vec<(u16, u64)>,
    /// `--activity`: the code that ran and the threads' states since the previous frame.
    pub activity: Option<super::activity::FrameActivity>,
    /// Step frames (event `step`): which step, and what it shows.
    pub step: Option<StepHeader>,
}

impl Frame {
    pub fn space(&self, name: &str) -> Option<&FrameSpace> {
        self.spaces.iter().find(|s| s.name == name)
    }

    /// The frame as the viewer receives it.
    pub fn encode(&self) -> Vec<u8> {
        let mut payload: Vec<u8> = Vec::new();
        let mut spaces_json = Vec::new();
        for s in &self.spaces {
            let mut streams = Vec::new();
            for sv in &s.streams {
                streams.push(json!([sv.id, payload.len()]));
                for v in &sv.values {
                    payload.extend_from_slice(&v.to_le_bytes());
                }
            }
            let control_at = payload.len();
            payload.extend_from_slice(&s.control);
            while !payload.len().is_multiple_of(4) {
                payload.push(0);
            }
            spaces_json.push(json!({
                "name": s.name,
                "kind": s.kind,
                "start": s.start,
                "tiles": s.tiles,
                "streams": streams,
                "control": control_at,
                "separators": s.separators,
            }));
        }
        let mut header = json!({
            "seq": self.seq,
            "event": self.event.name(),
            "gc": self.gc,
            "label": self.label,
            "time_ms": self.time_ms,
            "full": self.full,
            "heap": {"used": self.heap_used, "capacity": self.heap_capacity},
            "summary": self.summary.iter().map(|(id, v)| json!([id, v])).collect::<Vec<_>>(),
            "spaces": spaces_json,
        });
        if let Some(a) = &self.activity {
            header["activity"] = a.to_json();
        }
        if let Some(step) = &self.step {
            header["step"] = step.to_json();
        }
        let mut header = header.to_string().into_bytes();
        while !header.len().is_multiple_of(4) {
            header.push(b' ');
        }
        let mut out = Vec::with_capacity(8 + header.len() + payload.len());
        out.extend_from_slice(FRAME_MAGIC);
        out.extend_from_slice(&(header.len() as u32).to_le_bytes());
        out.extend_from_slice(&header);
        out.extend_from_slice(&payload);
        out
    }

    /// Reads an encoded frame back, checking every offset.
    pub fn decode(bytes: &[u8]) -> Result<Frame, String> {
        let (header, payload) = split_frame(bytes)?;
        let h: Value =
            serde_json::from_slice(header).map_err(|e| format!("frame header is not JSON: {e}"))?;
        let bad = |what: &str| format!("frame header: {what}");
        let event = h["event"]
            .as_str()
            .and_then(StreamEvent::from_recorded_name)
            .ok_or_else(|| bad("unknown event"))?;
        let mut spaces = Vec::new();
        for s in h["spaces"].as_array().ok_or_else(|| bad("no spaces"))? {
            let tiles = s["tiles"]
                .as_u64()
                .ok_or_else(|| bad("space without tiles"))? as usize;
            let mut streams = Vec::new();
            for pair in s["streams"].as_array().ok_or_else(|| bad("no streams"))? {
                let id = pair[0].as_u64().ok_or_else(|| bad("stream id"))? as u16;
                let at = pair[1].as_u64().ok_or_else(|| bad("stream offset"))? as usize;
                let raw = payload
                    .get(at..at + tiles * 4)
                    .filter(|_| at.is_multiple_of(4))
                    .ok_or_else(|| bad("stream values outside the frame"))?;
                let values = raw
                    .chunks_exact(4)
                    .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                    .collect();
                streams.push(StreamValues { id, values });
            }
            let at = s["control"].as_u64().ok_or_else(|| bad("no control"))? as usize;
            let control = payload
                .get(at..at + tiles)
                .ok_or_else(|| bad("control outside the frame"))?
                .to_vec();
            let separators = s["separators"]
                .as_array()
                .ok_or_else(|| bad("no separators"))?
                .iter()
                .map(|v| v.as_u64().map(|v| v as u32).ok_or_else(|| bad("separator")))
                .collect::<Result<Vec<_>, _>>()?;
            spaces.push(FrameSpace {
                name: s["name"].as_str().ok_or_else(|| bad("space name"))?.into(),
                kind: s["kind"].as_str().unwrap_or("").into(),
                start: s["start"].as_u64().ok_or_else(|| bad("space start"))?,
                tiles: tiles as u32,
                streams,
                control,
                separators,
            });
        }
        let summary = h["summary"]
            .as_array()
            .ok_or_else(|| bad("no summary"))?
            .iter()
            .map(|p| match (p[0].as_u64(), p[1].as_u64()) {
                (Some(id), Some(v)) => Ok((id as u16, v)),
                _ => Err(bad("summary entry")),
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Frame {
            seq: h["seq"].as_u64().ok_or_else(|| bad("no seq"))?,
            event,
            gc: h["gc"].as_u64().map(|g| g as u32),
            label: h["label"].as_str().unwrap_or("").into(),
            time_ms: h["time_ms"].as_f64().unwrap_or(0.0),
            full: h["full"].as_bool().unwrap_or(false),
            heap_used: h["heap"]["used"].as_u64().unwrap_or(0),
            heap_capacity: h["heap"]["capacity"].as_u64().unwrap_or(0),
            spaces,
            summary,
            activity: match h.get("activity") {
                Some(a) if !a.is_null() => Some(super::activity::FrameActivity::from_json(a)?),
                _ => None,
            },
            step: match h.get("step") {
                Some(s) if !s.is_null() => Some(StepHeader::from_json(s)?),
                _ => None,
            },
        })
    }
}

/// The JSON header and the payload of an encoded frame.
pub fn split_frame(bytes: &[u8]) -> Result<(&[u8], &[u8]), String> {
    if bytes.len() < 8 || &bytes[..4] != FRAME_MAGIC {
        return Err("not a heap-stream frame (no GCVF magic)".into());
    }
    let len = u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]) as usize;
    if !len.is_multiple_of(4) || 8 + len > bytes.len() {
        return Err(format!(
            "frame header length {len} does not fit a {}-byte frame",
            bytes.len()
        ));
    }
    Ok((&bytes[8..8 + len], &bytes[8 + len..]))
}

/// The step kind of an encoded step frame (None for other frames), read from its header.
pub fn frame_step_kind(bytes: &[u8]) -> Result<Option<String>, String> {
    let (header, _) = split_frame(bytes)?;
    let h: Value =
        serde_json::from_slice(header).map_err(|e| format!("frame header is not JSON: {e}"))?;
    Ok(h["step"]["kind"].as_str().map(str::to_string))
}

/// The `seq` and event of an encoded frame, read from its header alone.
pub fn frame_event(bytes: &[u8]) -> Result<(u64, StreamEvent), String> {
    let (header, _) = split_frame(bytes)?;
    let h: Value =
        serde_json::from_slice(header).map_err(|e| format!("frame header is not JSON: {e}"))?;
    let seq = h["seq"].as_u64().ok_or("frame header: no seq")?;
    let event = h["event"]
        .as_str()
        .and_then(StreamEvent::from_recorded_name)
        .ok_or("frame header: unknown event")?;
    Ok((seq, event))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stream::{standard_streams, tiles::Tiler};
    use crate::{SpaceDesc, TraceSpaceKind};

    fn sample_frame() -> Frame {
        let spaces = vec![SpaceDesc {
            id: 0,
            kind: TraceSpaceKind::Old,
            start: 4096,
            end: 4096 + 8192,
            name: "heap".into(),
        }];
        let mut t = Tiler::for_spaces(&spaces, 1024);
        t.object(4096, 100);
        t.object(5000, 3000);
        t.add(5, 6000, 9);
        let spaces = t.finish();
        Frame {
            seq: 3,
            event: StreamEvent::GcEnd,
            gc: Some(1),
            label: "Pause Full (System.gc())".into(),
            time_ms: 12.5,
            full: true,
            heap_used: 3100,
            heap_capacity: 8192,
            summary: crate::stream::tiles::summarise(&spaces),
            activity: None,
            step: None,
            spaces,
        }
    }

    #[test]
    fn a_frame_decodes_to_what_was_encoded() {
        let f = sample_frame();
        let bytes = f.encode();
        assert_eq!(bytes.len() % 4, 0);
        assert_eq!(Frame::decode(&bytes).unwrap(), f);
        assert_eq!(frame_event(&bytes).unwrap(), (3, StreamEvent::GcEnd));
    }

    #[test]
    fn a_truncated_frame_is_an_error_not_a_panic() {
        let bytes = sample_frame().encode();
        for cut in [0, 3, 7, 9, bytes.len() / 2, bytes.len() - 1] {
            assert!(Frame::decode(&bytes[..cut]).is_err(), "cut at {cut}");
        }
    }

    #[test]
    fn a_bootstrap_decodes_to_what_was_encoded() {
        let b = Bootstrap {
            target: "GCBench 1".into(),
            collector: "region".into(),
            source: "live".into(),
            tile_size: 8192,
            streams: standard_streams(8192),
            steps: vec![StepDef {
                kind: "region.evacuated".into(),
                name: "region evacuated".into(),
                explain: "Its live objects have copies elsewhere.".into(),
                concurrent: false,
                progress: true,
            }],
        };
        assert_eq!(Bootstrap::decode(&b.encode()).unwrap(), b);
    }

    #[test]
    fn a_step_frame_decodes_to_what_was_encoded() {
        let mut f = sample_frame();
        f.event = StreamEvent::Step;
        f.step = Some(StepHeader {
            kind: "semispace.scan".into(),
            title: "Scanned 256 KB of 1 MB copied".into(),
            explain: "Grey objects lie between the scan and the free pointer.".into(),
            n: 3,
            concurrent: false,
            gc_ms: 1.25,
        });
        let bytes = f.encode();
        assert_eq!(Frame::decode(&bytes).unwrap(), f);
        assert_eq!(
            frame_step_kind(&bytes).unwrap().as_deref(),
            Some("semispace.scan")
        );
        assert_eq!(frame_step_kind(&sample_frame().encode()).unwrap(), None);
    }

    #[test]
    fn a_step_header_without_its_kind_is_an_error() {
        let bad = serde_json::json!({"title": "x", "explain": "y", "n": 1});
        assert!(StepHeader::from_json(&bad).is_err());
    }

    #[test]
    fn a_phase_end_frame_of_an_older_recording_decodes_as_a_step_without_its_header() {
        let mut f = sample_frame();
        f.event = StreamEvent::Step;
        let bytes = f.encode();
        // The same frame as recordings made before steps wrote it: event "phase-end".
        let len = u32::from_le_bytes(bytes[4..8].try_into().unwrap()) as usize;
        let header = std::str::from_utf8(&bytes[8..8 + len]).unwrap().trim_end();
        let mut old_header = header.replace(r#""event":"step""#, r#""event":"phase-end""#);
        assert_ne!(old_header, header, "the header names its event");
        while !old_header.len().is_multiple_of(4) {
            old_header.push(' ');
        }
        let mut old = b"GCVF".to_vec();
        old.extend_from_slice(&(old_header.len() as u32).to_le_bytes());
        old.extend_from_slice(old_header.as_bytes());
        old.extend_from_slice(&bytes[8 + len..]);
        assert_eq!(Frame::decode(&old).unwrap(), f);
        assert_eq!(frame_event(&old).unwrap().1, StreamEvent::Step);
    }
}
