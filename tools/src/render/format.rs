//! The building blocks of every report: plain-text tables and number formats, a minimal JSON
//! writer, and the progress bar.

use std::io::{IsTerminal, Write};
use std::time::Instant;

/// A text table: the first column left-aligned, the others right-aligned unless marked.
pub struct Table {
    headers: Vec<String>,
    left: Vec<bool>,
    rows: Vec<Vec<String>>,
}

impl Table {
    pub fn new(headers: &[&str]) -> Table {
        let mut left = vec![false; headers.len()];
        if !left.is_empty() {
            left[0] = true;
        }
        Table {
            headers: headers.iter().map(|s| s.to_string()).collect(),
            left,
            rows: Vec::new(),
        }
    }
    /// Left-aligns column `i`.
    pub fn left(mut self, i: usize) -> Table {
        if i < self.left.len() {
            self.left[i] = true;
        }
        self
    }
    pub fn row(&mut self, cells: Vec<String>) {
        self.rows.push(cells);
    }
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }
    pub fn render(&self) -> String {
        let n = self.headers.len();
        let mut w: Vec<usize> = self.headers.iter().map(|h| h.chars().count()).collect();
        for r in &self.rows {
            for (i, c) in r.iter().enumerate().take(n) {
                w[i] = w[i].max(c.chars().count());
            }
        }
        let mut out = String::new();
        #[allow(clippy::needless_range_loop)]
        let line = |cells: &[String], out: &mut String| {
            let mut s = String::new();
            for i in 0..n {
                let c = cells.get(i).map(String::as_str).unwrap_or("");
                let pad = w[i].saturating_sub(c.chars().count());
                if i > 0 {
                    s.push_str("  ");
                }
                if self.left[i] {
                    s.push_str(c);
                    if i + 1 < n {
                        s.extend(std::iter::repeat_n(' ', pad));
                    }
                } else {
                    s.extend(std::iter::repeat_n(' ', pad));
                    s.push_str(c);
                }
            }
            out.push_str(s.trim_end());
            out.push('\n');
        };
        line(&self.headers, &mut out);
        let total: usize = w.iter().sum::<usize>() + 2 * n.saturating_sub(1);
        out.push_str(&"-".repeat(total));
        out.push('\n');
        for r in &self.rows {
            line(r, &mut out);
        }
        out
    }
}

/// `1234567` -> `1,234,567`.
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Bytes as B / KiB / MiB / GiB.
pub fn human_bytes(n: u64) -> String {
    let (size, unit) = binary_unit(n as f64);
    if size == 1.0 {
        format!("{n} B")
    } else {
        format!("{:.1} {unit}", n as f64 / size)
    }
}

/// The largest of B, KiB, MiB, GiB and TiB that `bytes` holds at least one of (B below 1 KiB):
/// (its size in bytes, its name).
pub fn binary_unit(bytes: f64) -> (f64, &'static str) {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut i = 0;
    while i + 1 < UNITS.len() && bytes >= 1024f64.powi(i as i32 + 1) {
        i += 1;
    }
    (1024f64.powi(i as i32), UNITS[i])
}

/// Microseconds as milliseconds with three decimals.
pub fn ms(us: u64) -> String {
    format!("{:.3}", us as f64 / 1000.0)
}

pub fn percent(part: u64, whole: u64) -> String {
    if whole == 0 {
        "-".into()
    } else {
        format!("{:.1}%", part as f64 * 100.0 / whole as f64)
    }
}

/// A JSON string literal.
pub fn js(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A JSON object built field by field (values are already JSON).
#[derive(Default)]
pub struct Obj(Vec<(String, String)>);

impl Obj {
    pub fn new() -> Obj {
        Obj(Vec::new())
    }
    pub fn raw(mut self, k: &str, v: impl Into<String>) -> Obj {
        self.0.push((k.to_string(), v.into()));
        self
    }
    pub fn str(self, k: &str, v: &str) -> Obj {
        self.raw(k, js(v))
    }
    pub fn num(self, k: &str, v: impl std::fmt::Display) -> Obj {
        self.raw(k, v.to_string())
    }
    pub fn opt(self, k: &str, v: Option<impl std::fmt::Display>) -> Obj {
        match v {
            Some(v) => self.raw(k, v.to_string()),
            None => self.raw(k, "null"),
        }
    }
    pub fn build(&self) -> String {
        let fields: Vec<String> = self
            .0
            .iter()
            .map(|(k, v)| format!("{}:{}", js(k), v))
            .collect();
        format!("{{{}}}", fields.join(","))
    }
}

pub fn arr(items: impl IntoIterator<Item = String>) -> String {
    let v: Vec<String> = items.into_iter().collect();
    format!("[{}]", v.join(","))
}

/// A progress line on stderr, drawn only when stderr is a terminal, at most 10 times a second.
pub struct Progress {
    total: u64,
    started: Instant,
    last: Instant,
    enabled: bool,
    drawn: bool,
    label: &'static str,
}

impl Progress {
    pub fn new(label: &'static str, total: u64) -> Progress {
        let now = Instant::now();
        Progress {
            total,
            started: now,
            last: now,
            enabled: std::io::stderr().is_terminal(),
            drawn: false,
            label,
        }
    }
    pub fn update(&mut self, done: u64) {
        if !self.enabled {
            return;
        }
        let now = Instant::now();
        if now.duration_since(self.last).as_millis() < 100
            || now.duration_since(self.started).as_millis() < 300
        {
            return;
        }
        self.last = now;
        let secs = now.duration_since(self.started).as_secs_f64().max(1e-9);
        let pct = if self.total > 0 {
            done as f64 * 100.0 / self.total as f64
        } else {
            0.0
        };
        let filled = (pct / 5.0).round().clamp(0.0, 20.0) as usize;
        let bar: String = "#".repeat(filled) + &"-".repeat(20 - filled);
        let mut e = std::io::stderr().lock();
        let _ = write!(
            e,
            "\r{} [{}] {:5.1}% {} / {}  {:.1} MiB/s\x1b[K",
            self.label,
            bar,
            pct,
            human_bytes(done),
            human_bytes(self.total),
            done as f64 / 1048576.0 / secs
        );
        let _ = e.flush();
        self.drawn = true;
    }
    pub fn finish(&mut self) {
        if self.drawn {
            let mut e = std::io::stderr().lock();
            let _ = write!(e, "\r\x1b[K");
            let _ = e.flush();
            self.drawn = false;
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binary_unit_is_the_largest_unit_held_at_least_once() {
        assert_eq!(binary_unit(1024.0), (1024.0, "KiB"));
        assert_eq!(binary_unit(3.5 * 1024.0 * 1024.0), (1024.0 * 1024.0, "MiB"));
        assert_eq!(binary_unit(1023.0 * 1024.0), (1024.0, "KiB"));
    }

    #[test]
    fn binary_unit_below_one_kib_is_bytes() {
        assert_eq!(binary_unit(0.0), (1.0, "B"));
        assert_eq!(binary_unit(1023.0), (1.0, "B"));
    }

    #[test]
    fn human_bytes_names_the_unit_with_one_decimal_above_a_kib() {
        assert_eq!(human_bytes(1023), "1023 B");
        assert_eq!(human_bytes(1536), "1.5 KiB");
        assert_eq!(human_bytes(44 << 20), "44.0 MiB");
    }
}
