//! Recordings of heap streams (`--stream-record FILE`, `gcvm tiles`): what a viewer was sent,
//! stored so that `gcvm replay` can send it again.
//!
//! A recording is one gzip stream holding `GCVMSTRM`, a little-endian `u32` version, then
//! records: a kind byte, a `u32` length and that many bytes. Kind 1 is the bootstrap (JSON
//! text), kind 2 a frame (as sent to the viewer), kind 3 the end (JSON: the frame count).
//! A recording cut short (the VM was killed) still replays up to its last whole frame.

use super::codec::{frame_event, Bootstrap, STREAM_VERSION};
use flate2::read::GzDecoder;
use flate2::write::GzEncoder;
use flate2::Compression;
use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::path::Path;

pub const RECORDING_MAGIC: &[u8; 8] = b"GCVMSTRM";
const KIND_BOOTSTRAP: u8 = 1;
const KIND_FRAME: u8 = 2;
const KIND_END: u8 = 3;

/// Writes a recording.
pub struct Recorder {
    out: GzEncoder<BufWriter<File>>,
    frames: u64,
    /// Bytes of frames before compression, and the compressed size so far (for figures).
    pub raw_bytes: u64,
}

impl Recorder {
    pub fn create(path: &Path, bootstrap: &str) -> io::Result<Recorder> {
        let file = File::create(path)?;
        let mut out = GzEncoder::new(BufWriter::new(file), Compression::fast());
        out.write_all(RECORDING_MAGIC)?;
        out.write_all(&STREAM_VERSION.to_le_bytes())?;
        let mut r = Recorder {
            out,
            frames: 0,
            raw_bytes: 0,
        };
        r.record(KIND_BOOTSTRAP, bootstrap.as_bytes())?;
        Ok(r)
    }

    fn record(&mut self, kind: u8, bytes: &[u8]) -> io::Result<()> {
        self.out.write_all(&[kind])?;
        self.out.write_all(&(bytes.len() as u32).to_le_bytes())?;
        self.out.write_all(bytes)
    }

    /// Appends a frame; it is on disk when this returns (a sync flush of the gzip stream), so
    /// a run that is killed leaves a recording of every frame sent so far.
    pub fn frame(&mut self, frame: &[u8]) -> io::Result<()> {
        self.frames += 1;
        self.raw_bytes += frame.len() as u64;
        self.record(KIND_FRAME, frame)?;
        self.out.flush()
    }

    pub fn frames(&self) -> u64 {
        self.frames
    }

    /// Writes the end record and closes the file; returns its size in bytes.
    pub fn finish(mut self) -> io::Result<u64> {
        let end = format!("{{\"frames\":{}}}", self.frames);
        self.record(KIND_END, end.as_bytes())?;
        let mut file = self
            .out
            .finish()?
            .into_inner()
            .map_err(|e| e.into_error())?;
        file.flush()?;
        Ok(file.metadata()?.len())
    }
}

/// A recording read back.
#[derive(Clone, Debug)]
pub struct Recording {
    pub bootstrap: Bootstrap,
    /// The bootstrap as it was recorded (sent to viewers as it is).
    pub bootstrap_text: String,
    /// Every frame, encoded.
    pub frames: Vec<Vec<u8>>,
    /// False when the file ends without its end record (the VM was killed).
    pub complete: bool,
}

/// Does `bytes` (a file's first bytes) start a recording? (Recordings are gzip streams; the
/// caller tells them from traces by trying.)
pub fn is_gzip(bytes: &[u8]) -> bool {
    bytes.len() >= 2 && bytes[0] == 0x1f && bytes[1] == 0x8b
}

impl Recording {
    pub fn read(path: &Path) -> Result<Recording, String> {
        let file = File::open(path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
        Recording::read_from(file).map_err(|e| format!("{}: {e}", path.display()))
    }

    pub fn read_from(reader: impl Read) -> Result<Recording, String> {
        let mut data = Vec::new();
        // A recording cut short ends in the middle of the gzip stream: keep what inflated.
        let cut_short = GzDecoder::new(reader).read_to_end(&mut data).is_err();
        if data.len() < 12 || &data[..8] != RECORDING_MAGIC {
            return Err("not a gcvm heap-stream recording (no GCVMSTRM header)".into());
        }
        let version = u32::from_le_bytes([data[8], data[9], data[10], data[11]]);
        if version != STREAM_VERSION {
            return Err(format!(
                "recording version {version} is not supported (this gcvm reads version {STREAM_VERSION})"
            ));
        }
        let mut at = 12;
        let mut bootstrap_text = None;
        let mut frames = Vec::new();
        let mut complete = false;
        while at + 5 <= data.len() {
            let kind = data[at];
            let len = u32::from_le_bytes([data[at + 1], data[at + 2], data[at + 3], data[at + 4]])
                as usize;
            let Some(body) = data.get(at + 5..at + 5 + len) else {
                break;
            };
            match kind {
                KIND_BOOTSTRAP => {
                    let text =
                        std::str::from_utf8(body).map_err(|_| "the bootstrap is not UTF-8 text")?;
                    bootstrap_text = Some(text.to_string());
                }
                KIND_FRAME => {
                    frame_event(body).map_err(|e| format!("frame {}: {e}", frames.len()))?;
                    frames.push(body.to_vec());
                }
                KIND_END => {
                    complete = true;
                    break;
                }
                other => return Err(format!("unknown record kind {other} at byte {at}")),
            }
            at += 5 + len;
        }
        let bootstrap_text = bootstrap_text.ok_or("the recording has no bootstrap")?;
        let bootstrap = Bootstrap::decode(&bootstrap_text)?;
        Ok(Recording {
            bootstrap,
            bootstrap_text,
            frames,
            complete: complete && !cut_short,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stream::codec::Frame;
    use crate::stream::{standard_streams, tiles::Tiler, StreamEvent};
    use crate::{SpaceDesc, TraceSpaceKind};

    fn bootstrap() -> Bootstrap {
        Bootstrap {
            target: "T".into(),
            collector: "semispace".into(),
            source: "live".into(),
            tile_size: 1024,
            streams: standard_streams(1024),
            steps: vec![crate::stream::StepDef {
                kind: "semispace.scan".into(),
                name: "scanned".into(),
                explain: "The scan pointer chases the free pointer.".into(),
                concurrent: false,
                progress: true,
            }],
        }
    }

    fn frame(seq: u64) -> Vec<u8> {
        let spaces = vec![SpaceDesc {
            id: 0,
            kind: TraceSpaceKind::SemiFrom,
            start: 0,
            end: 8192,
            name: "semispace-0".into(),
        }];
        let mut t = Tiler::for_spaces(&spaces, 1024);
        t.object(64, seq * 8 + 16);
        let spaces = t.finish();
        Frame {
            seq,
            event: StreamEvent::GcStart,
            gc: Some(seq as u32),
            label: "Allocation Failure".into(),
            time_ms: seq as f64,
            full: false,
            heap_used: 0,
            heap_capacity: 8192,
            summary: vec![],
            activity: None,
            step: None,
            spaces,
        }
        .encode()
    }

    #[test]
    fn a_recording_reads_back_its_bootstrap_and_frames() {
        let dir = std::env::temp_dir().join(format!("gcvm-rec-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.gcs");
        let mut r = Recorder::create(&path, &bootstrap().encode()).unwrap();
        for i in 0..5 {
            r.frame(&frame(i)).unwrap();
        }
        r.finish().unwrap();
        let back = Recording::read(&path).unwrap();
        assert_eq!(back.bootstrap, bootstrap());
        assert_eq!(back.frames, (0..5).map(frame).collect::<Vec<_>>());
        assert!(back.complete);
    }

    #[test]
    fn a_recording_keeps_step_frames_and_the_step_kinds() {
        let dir = std::env::temp_dir().join(format!("gcvm-rec-step-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("s.gcs");
        let mut step = Frame::decode(&frame(1)).unwrap();
        step.event = StreamEvent::Step;
        step.step = Some(crate::stream::StepHeader {
            kind: "semispace.scan".into(),
            title: "Scanned 8 KB".into(),
            explain: "Grey objects lie between scan and free.".into(),
            n: 2,
            concurrent: false,
            gc_ms: 0.5,
        });
        let mut r = Recorder::create(&path, &bootstrap().encode()).unwrap();
        r.frame(&step.encode()).unwrap();
        r.finish().unwrap();
        let back = Recording::read(&path).unwrap();
        assert_eq!(back.bootstrap.steps, bootstrap().steps);
        assert_eq!(Frame::decode(&back.frames[0]).unwrap(), step);
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn a_recording_cut_short_keeps_its_whole_frames() {
        let mut raw = Vec::new();
        {
            let mut enc = GzEncoder::new(&mut raw, Compression::fast());
            enc.write_all(RECORDING_MAGIC).unwrap();
            enc.write_all(&STREAM_VERSION.to_le_bytes()).unwrap();
            let b = bootstrap().encode();
            enc.write_all(&[KIND_BOOTSTRAP]).unwrap();
            enc.write_all(&(b.len() as u32).to_le_bytes()).unwrap();
            enc.write_all(b.as_bytes()).unwrap();
            for i in 0..3 {
                let f = frame(i);
                enc.write_all(&[KIND_FRAME]).unwrap();
                enc.write_all(&(f.len() as u32).to_le_bytes()).unwrap();
                enc.write_all(&f).unwrap();
                enc.flush().unwrap();
            }
            enc.finish().unwrap();
        }
        raw.truncate(raw.len() - 30);
        let back = Recording::read_from(&raw[..]).unwrap();
        assert!(!back.complete);
        assert!(back.frames.len() >= 2, "{} frames", back.frames.len());
    }

    #[test]
    fn a_file_that_is_not_a_recording_is_refused_with_a_reason() {
        let err = Recording::read_from(&b"hello"[..]).unwrap_err();
        assert!(err.contains("not a gcvm heap-stream recording"), "{err}");
    }
}
