//! Parallel chunk decompression for the trace reader.
//!
//! Chunks are independent deflate streams, so the reader hands each compressed payload to a small
//! pool of worker threads and takes the raw payloads back in file order, while it decodes the
//! events of earlier chunks. The pool is started at the first compressed chunk (uncompressed traces
//! never start it) and its threads end when the reader is dropped.
//!
//! Workers only inflate and check the raw length; every error is turned into a `TraceError` (with
//! the chunk's file offsets) by the reader when it reaches that chunk, so the reader reports
//! exactly what the sequential reader reported, at the same place.

use std::collections::HashMap;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// One payload to inflate: sequence number, stored bytes, expected raw length.
struct Job {
    seq: u64,
    stored: Vec<u8>,
    raw_len: usize,
}

/// Payloads go to the workers in batches of about this many raw bytes (a mutator chunk is
/// 16 KiB), so that waking a thread is paid once per batch, not once per chunk.
const BATCH_RAW: usize = 256 << 10;

/// The result of a job: the raw payload, or what went wrong (without offsets).
pub type Inflated = Result<Vec<u8>, String>;

/// A pool of inflating threads; results come back by sequence number.
pub struct InflatePool {
    jobs: Option<Sender<Vec<Job>>>,
    results: Receiver<Vec<(u64, Inflated)>>,
    /// Jobs not sent yet, and their raw bytes.
    batch: Vec<Job>,
    batch_raw: usize,
    /// Results that arrived before they were asked for.
    early: HashMap<u64, Inflated>,
    next_seq: u64,
    workers: Vec<JoinHandle<()>>,
}

/// How many threads inflate: the available cores, at least 1, at most 8.
pub fn default_workers() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
        .clamp(1, 8)
}

impl InflatePool {
    /// Starts `workers` threads.
    pub fn new(workers: usize) -> InflatePool {
        let (jobs, job_rx) = channel::<Vec<Job>>();
        let (res_tx, results) = channel();
        let job_rx = Arc::new(Mutex::new(job_rx));
        let workers = (0..workers.max(1))
            .map(|i| {
                let rx = Arc::clone(&job_rx);
                let tx = res_tx.clone();
                std::thread::Builder::new()
                    .name(format!("trace-inflate-{i}"))
                    .spawn(move || inflate_jobs(&rx, &tx))
                    .expect("spawning a trace inflate thread")
            })
            .collect();
        InflatePool {
            jobs: Some(jobs),
            results,
            batch: Vec::new(),
            batch_raw: 0,
            early: HashMap::new(),
            next_seq: 0,
            workers,
        }
    }

    /// Queues a payload; returns its sequence number for `wait`. It reaches a worker when its
    /// batch is full or at `flush`.
    pub fn submit(&mut self, stored: Vec<u8>, raw_len: usize) -> u64 {
        let seq = self.next_seq;
        self.next_seq += 1;
        self.batch.push(Job {
            seq,
            stored,
            raw_len,
        });
        self.batch_raw += raw_len;
        if self.batch_raw >= BATCH_RAW {
            self.flush();
        }
        seq
    }

    /// Sends the queued payloads to the workers.
    pub fn flush(&mut self) {
        if self.batch.is_empty() {
            return;
        }
        self.batch_raw = 0;
        let batch = std::mem::take(&mut self.batch);
        if let Some(j) = &self.jobs {
            // The workers live as long as the pool, so the channel is open.
            let _ = j.send(batch);
        }
    }

    /// The raw payload of job `seq` (blocks until a worker has inflated it).
    pub fn wait(&mut self, seq: u64) -> Inflated {
        if self.batch.iter().any(|j| j.seq == seq) {
            self.flush();
        }
        loop {
            if let Some(r) = self.early.remove(&seq) {
                return r;
            }
            match self.results.recv() {
                Ok(done) => self.early.extend(done),
                Err(_) => return Err("trace inflate threads ended unexpectedly".into()),
            }
        }
    }
}

impl Drop for InflatePool {
    fn drop(&mut self) {
        self.jobs = None; // the workers see the closed channel and return
        for w in self.workers.drain(..) {
            let _ = w.join();
        }
    }
}

fn inflate_jobs(jobs: &Mutex<Receiver<Vec<Job>>>, results: &Sender<Vec<(u64, Inflated)>>) {
    let mut d = flate2::Decompress::new(false);
    loop {
        let batch = match jobs.lock() {
            Ok(rx) => match rx.recv() {
                Ok(b) => b,
                Err(_) => return,
            },
            Err(_) => return,
        };
        let done = batch
            .into_iter()
            .map(|j| (j.seq, inflate_one(&mut d, &j.stored, j.raw_len)))
            .collect();
        if results.send(done).is_err() {
            return;
        }
    }
}

/// Inflates one raw-deflate payload that must hold exactly `raw_len` bytes.
pub fn inflate_one(d: &mut flate2::Decompress, stored: &[u8], raw_len: usize) -> Inflated {
    d.reset(false);
    let mut raw = Vec::with_capacity(raw_len + 1);
    match d.decompress_vec(stored, &mut raw, flate2::FlushDecompress::Finish) {
        Ok(flate2::Status::StreamEnd)
            if raw.len() == raw_len && d.total_in() == stored.len() as u64 =>
        {
            Ok(raw)
        }
        Ok(_) => Err(format!(
            "compressed chunk: expected {raw_len} bytes after inflating {}, found {} (or trailing data)",
            stored.len(),
            raw.len()
        )),
        Err(e) => Err(format!("compressed chunk: invalid deflate data: {e}")),
    }
}
