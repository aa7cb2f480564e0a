// gcvm heap viewer: shows the heap streams of docs/stream-format.md, live or replayed.
//
// One pane per source (`/sources`: one for a live run, one per recording in a replay; two
// panes side by side are kept in step by frame number). Each pane holds a WebSocket to
// `/ws?src=N`, decodes the frames it receives (a JSON header, then u32 arrays viewed in place),
// keeps the recent ones for looking back, and draws every space as a grid of tiles on one
// canvas through a single ImageData (one pass over the tiles, a 32-bit palette lookup each),
// the legend under each space's title, the selected tile's values, the summary, and a history
// graph of one row of tiny tiles per frame. A frame carrying `activity` also gets a code pane
// beside the heap: its classes as a treemap and its threads' states as strips (CodeView). The
// header's buttons, the timeline and the event filter table send commands to every pane's
// source. Plain JS, no dependencies: gcvm serves this file from its binary.
"use strict";

// ---- constants ----

const EVENTS = ["gc-start", "gc-end", "step", "tick"];
const CONTROL_USED = 0, CONTROL_UNUSED = 1, CONTROL_BACKGROUND = 2;
const WHITE = "#ffffff", UNUSED_COLOUR = "#ececec", BACKGROUND_COLOUR = "#9e9e9e";
const SEPARATOR_COLOUR = "#000000", FULL_GC_COLOUR = "#e53935", SELECT_COLOUR = "#ffd600";
const ENUM_COLOURS = ["#7f7f7f", "#2ca02c", "#98df8a", "#1f77b4", "#ff7f0e", "#ffbb78",
                      "#d62728", "#ff9896", "#9467bd", "#8c564b", "#e377c2", "#17becf"];
// Enum labels that mean "nothing here" are drawn pale (the cset stream's "no" too).
const PALE_LABELS = { free: "#d6d6d6", uncommitted: UNUSED_COLOUR, no: "#f4f4f4" };
const TITLE_H = 16, LEGEND_H = 16, SPACE_GAP = 8;
const HISTORY_ROW_H = 2, HISTORY_MAX_ROWS = 4000;
const KEEP_FRAMES = 2000, KEEP_BYTES = 400 << 20;
const KEEP_PAUSES = 2000;
// EVENTS are the events of a bootstrap that lists none (the bootstrap's `events` rule
// otherwise); a filter's fields default to FILTER_DEFAULTS.
const FILTER_DEFAULTS = { enabled: true, delay_ms: 0, pause: false, period: 1 };
// The history graph's left gutter: the frame shown (x 0-3), a pause's bracket (x 6) and its
// steps as ticks placed by their GC time within the pause (x 9 to the gutter's end).
const GUTTER_W = 34, BRACKET_X = 6, TICK_X0 = 9, TICK_W = 3;
const BRACKET_COLOUR = "#455a64", CSET_MARK_COLOUR = "#1565c0";

// ---- small helpers ----

function hexRgb(hex) {
  const n = parseInt(hex.replace("#", ""), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
// A colour as ImageData's little-endian 32-bit RGBA word.
function word([r, g, b]) { return ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0; }
function mix(a, b, t) { return a.map((v, i) => Math.round(v + (b[i] - v) * t)); }
function css([r, g, b]) { return `rgb(${r},${g},${b})`; }
function el(tag, attrs = {}, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}
function bytes(n) {
  if (n >= 1 << 30) return (n / (1 << 30)).toFixed(2) + " GB";
  if (n >= 1 << 20) return (n / (1 << 20)).toFixed(2) + " MB";
  if (n >= 1 << 10) return (n / (1 << 10)).toFixed(1) + " KB";
  return n + " B";
}
function hex(n) { return "0x" + n.toString(16).padStart(8, "0"); }

// ---- frames ----

const decoder = new TextDecoder();

// Decodes a binary frame: the header, and per space its streams' values and control bytes as
// views into the buffer. Throws with the reason when the frame is malformed.
function decodeFrame(buf) {
  if (buf.byteLength < 8) throw new Error(`frame of ${buf.byteLength} bytes is too short`);
  const dv = new DataView(buf);
  if (decoder.decode(new Uint8Array(buf, 0, 4)) !== "GCVF") throw new Error("frame without GCVF magic");
  const len = dv.getUint32(4, true);
  if (len % 4 !== 0 || 8 + len > buf.byteLength) throw new Error(`frame header length ${len} does not fit`);
  const h = JSON.parse(decoder.decode(new Uint8Array(buf, 8, len)));
  const base = 8 + len;
  for (const s of h.spaces) {
    s.values = new Map();
    for (const [id, off] of s.streams) {
      if (off % 4 !== 0 || base + off + 4 * s.tiles > buf.byteLength)
        throw new Error(`space ${s.name}: stream ${id} lies outside the frame`);
      s.values.set(id, new Uint32Array(buf, base + off, s.tiles));
    }
    if (base + s.control + s.tiles > buf.byteLength) throw new Error(`space ${s.name}: control outside the frame`);
    s.ctl = new Uint8Array(buf, base + s.control, s.tiles);
    s.sepSet = new Set(s.separators);
  }
  h.bytes = buf.byteLength;
  return h;
}

// ---- what a frame shows: its step, or what its event is ----

// The line above the heap for frames that are not steps.
const EVENT_STORIES = {
  "gc-start": ["Pause begins", "The program has stopped for a collection: the heap is as the program left it, nothing is collected yet."],
  "gc-end": ["Pause ends", "The collector is done: the heap is as it left it, and the program runs on."],
  "tick": ["The program is running", "A look at the heap while the program runs: the world stopped only to take this picture, nothing was collected."],
  "phase-end": ["Phase ended", "A phase inside the pause is done (marking and planning): nothing has moved yet, so dead objects are still in place."],
};

// HotSpot 17's -Xlog:gc+phases (and gc+marking) names of the work a step kind ends: shown
// beside the steps of the pause panel, so the figures can be compared with a HotSpot log.
const XLOG_PHASES = {
  "region.cset": "Pre Evacuate Collection Set",
  "region.roots": "Evacuate Collection Set: Ext Root Scanning",
  "region.remsets": "Merge Heap Roots, Scan Heap Roots",
  "region.evacuated": "Evacuate Collection Set: Object Copy",
  "region.references": "Post Evacuate Collection Set: Reference Processing",
  "region.freed": "Post Evacuate Collection Set: Free Collection Set",
  "region.concurrent-start": "Pause Young (Concurrent Start)",
  "region.marking": "Concurrent Mark From Roots",
  "region.remark": "Pause Remark",
  "region.cleanup": "Pause Cleanup",
  "mark-compact.marked": "Phase 1: Mark live objects",
  "mark-compact.planned": "Phase 2: Compute new object addresses",
  "mark-compact.updated": "Phase 3: Adjust pointers",
  "mark-compact.compacted": "Phase 4: Move objects",
  "cms.initial-mark": "Pause Initial Mark",
  "cms.marking": "Concurrent Mark",
  "cms.remark": "Pause Remark",
  "cms.sweeping": "Concurrent Sweep",
};

// A frame's step header, or null (frames of other events, older recordings, a malformed one).
function stepOf(f) {
  const s = f.step;
  return s && typeof s === "object" && typeof s.kind === "string" ? s : null;
}

function gcMs(step) { return typeof step.gc_ms === "number" && isFinite(step.gc_ms) ? step.gc_ms : null; }

// The -Xlog phase name of a step, when known.
function xlogPhase(step) { return (typeof step.phase === "string" && step.phase) || XLOG_PHASES[step.kind] || ""; }

// What the frame shows, for a student: {title, explain, meta}. A step frame says what its
// step did; a gc-start, gc-end or tick frame what that moment is.
function frameStory(f) {
  const step = stepOf(f);
  if (step) {
    const ms = gcMs(step), phase = xlogPhase(step);
    const meta = [`step ${step.n ?? "?"}`, step.kind,
                  step.concurrent ? "while the program runs" : "inside the pause",
                  ms !== null ? `${ms.toFixed(3)} ms of GC work so far` : "",
                  phase ? `-Xlog: ${phase}` : ""].filter(Boolean).join(" · ");
    return { title: String(step.title || f.label || step.kind), explain: String(step.explain || ""), meta };
  }
  const story = EVENT_STORIES[f.event];
  const gc = f.gc === null || f.gc === undefined ? "" : `GC ${f.gc}`;
  if (!story) return { title: f.label || String(f.event), explain: "", meta: gc };
  const label = f.event === "tick" || !f.label ? "" : `: ${f.label}`;
  return { title: story[0] + label, explain: story[1], meta: gc };
}

// A line of the pause panel: the step's title, or what the frame's event is.
function entryTitle(e) {
  if (e.step) return String(e.step.title || e.label || e.step.kind);
  const story = EVENT_STORIES[e.event];
  if (e.event === "phase-end") return `${story[0]}: ${e.label}`;
  return story ? story[0] : e.label || String(e.event);
}

// A stream's total over the frame, as the summary shows it: a yes/no stream (`cset`) counts
// its "yes" tiles, the role stream the tiles in use, bytes in KB / MB.
function summaryText(def, total) {
  if (def && def.presentation === "enum") {
    const labels = def.labels || [];
    return labels.length === 2 ? `${total} tiles “${labels[1]}”` : `${total} tiles in use`;
  }
  if (def && def.unit === "bytes") return `${bytes(total)} (${total} bytes)`;
  return `${total}${def && def.unit ? " " + def.unit : ""}`;
}

// ---- palettes: how a stream's values become colours ----

// A stream's palette: 256 colour words. Numeric streams: 0 is "zero" (drawn as a frame),
// 1..255 run from a pale tint to the stream's colour. Enum streams: one colour per label.
function makePalette(stream) {
  const words = new Uint32Array(256);
  const colours = [];
  if (stream.presentation === "enum") {
    const labels = stream.labels || [];
    for (let i = 0; i < 256; i++) {
      const label = labels[i];
      const c = hexRgb(PALE_LABELS[label] || ENUM_COLOURS[i % ENUM_COLOURS.length]);
      colours.push(c);
      words[i] = word(c);
    }
  } else {
    const full = hexRgb(stream.colour || "#d62728");
    const low = mix([255, 255, 255], full, 0.12);
    for (let i = 0; i < 256; i++) {
      const c = i === 0 ? [255, 255, 255] : mix(low, full, (i - 1) / 254);
      colours.push(c);
      words[i] = word(c);
    }
  }
  const frame = hexRgb(stream.colour || "#888888");
  return { words, colours, zeroFrame: word(mix([255, 255, 255], frame, 0.55)), enumeration: stream.presentation === "enum" };
}

// The palette index of a value: enum values as they are, numbers scaled by `max`.
function level(v, max, enumeration) {
  if (enumeration) return v > 255 ? 255 : v;
  if (v === 0) return 0;
  const l = 1 + Math.floor((v * 254) / max);
  return l > 255 ? 255 : l;
}

// ---- the code pane: JOVE's classes as a treemap, JIVE's thread states as strips ----

const IDLE_UNIT = [200, 200, 200];
const THREAD_STATES = ["running", "blocked", "waiting", "sleeping", "safepoint", "gc", "native"];
const STATE_COLOURS = { running: "#2ca02c", blocked: "#d62728", waiting: "#ff7f0e", sleeping: "#1f77b4",
                        safepoint: "#e6c229", gc: "#8c564b", native: "#9467bd" };
const STRIP_ROW_H = 14, STRIP_LABEL_W = 90, CODE_ROW_H = 16;

// HSL (hue in degrees, saturation and lightness 0-1) as [r, g, b].
function hslRgb(h, s, l) {
  const a = s * Math.min(l, 1 - l);
  const f = (n) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

// The largest bytecodes, threads and bytes of any unit in the interval (the colour scales).
function busiest(units) {
  const most = { bytecodes: 0, threads: 0, bytes: 0 };
  for (const u of units) {
    if (u.bytecodes > most.bytecodes) most.bytecodes = u.bytecodes;
    if (u.threads > most.threads) most.threads = u.threads;
    if (u.bytes > most.bytes) most.bytes = u.bytes;
  }
  return most;
}

// The channels of a unit's colour, each 0-1 relative to the busiest unit of the interval:
// heat (bytecodes: the hue, blue 220° cold to red 0° hot), threads (the saturation, 35% to
// 100%), allocation (bytes allocated: the lightness, 35% dark to 70% bright).
function unitChannels(u, most) {
  return {
    heat: most.bytecodes ? u.bytecodes / most.bytecodes : 0,
    threads: most.threads ? u.threads / most.threads : 0,
    alloc: most.bytes ? u.bytes / most.bytes : 0,
  };
}
function channelColour(c) { return hslRgb(220 * (1 - c.heat), 0.35 + 0.65 * c.threads, 0.35 + 0.35 * c.alloc); }
// A unit's colour: grey when it ran no bytecode in the interval.
function unitColour(u, most) { return u.bytecodes ? channelColour(unitChannels(u, most)) : IDLE_UNIT; }

// The worst aspect ratio of a row of areas laid along a side of length `side`.
function worstRatio(row, side) {
  let sum = 0, max = 0, min = Infinity;
  for (const a of row) { sum += a; if (a > max) max = a; if (a < min) min = a; }
  const s2 = side * side, sum2 = sum * sum;
  return Math.max((s2 * max) / sum2, sum2 / (s2 * min));
}

// Squarified treemap (Bruls, Huizing & van Wijk): rectangles {x, y, w, h} for `values` (all > 0,
// largest first) filling `rect`, each of area proportional to its value, as square as rows
// allow. Rows go along the shorter side of what is left.
function squarify(values, rect) {
  const total = values.reduce((n, v) => n + v, 0);
  let { x, y, w, h } = rect;
  const areas = values.map((v) => (v * w * h) / total);
  const out = [];
  let i = 0;
  while (i < areas.length) {
    const side = Math.min(w, h);
    const row = [areas[i]];
    let worst = worstRatio(row, side), j = i + 1;
    while (j < areas.length) {
      const next = worstRatio([...row, areas[j]], side);
      if (next > worst) break;
      row.push(areas[j++]);
      worst = next;
    }
    const thick = row.reduce((n, a) => n + a, 0) / side;
    let at = w >= h ? y : x;
    for (const a of row) {
      const len = a / thick;
      out.push(w >= h ? { x, y: at, w: thick, h: len } : { x: at, y, w: len, h: thick });
      at += len;
    }
    if (w >= h) { x += thick; w -= thick; } else { y += thick; h -= thick; }
    i = j;
  }
  return out;
}

// A class name without its package, for box labels.
function shortName(name) { return name.slice(name.lastIndexOf("/") + 1); }
function ms(t) { return `${t.toFixed(3)} ms`; }
function luminance([r, g, b]) { return (0.299 * r + 0.587 * g + 0.114 * b) / 255; }

// The code pane of one source: shown beside the heap while the frame carries `activity`.
// After each draw, `boxes`, `spans` and `legend` hold what was drawn where (CSS colours), for
// the tooltips and for tests (`gcvmActivityBoxes()`).
class CodeView {
  constructor(root) {
    this.col = root.querySelector(".codecol");
    this.info = root.querySelector(".codeinfo");
    this.canvas = root.querySelector("canvas.code");
    this.ctx = this.canvas.getContext("2d", { willReadFrequently: true });
    this.tip = root.querySelector(".codetip");
    this.activity = null;
    this.boxes = [];
    this.spans = [];
    this.legend = [];
    this.dirty = false;
    this.canvas.addEventListener("mousemove", (e) => this.hover(e));
    this.canvas.addEventListener("mouseleave", () => { this.tip.hidden = true; });
  }

  // Shows `activity` (a frame header's member), or hides the pane when there is none.
  show(activity) {
    this.activity = activity || null;
    this.col.hidden = !activity;
    this.tip.hidden = true;
    this.dirty = !!activity;
    if (!activity) { this.boxes = []; this.spans = []; this.legend = []; }
  }

  draw() {
    const a = this.activity;
    this.dirty = false;
    if (!a) return;
    const ctx = this.ctx;
    const W = Math.max(200, Math.floor(this.canvas.clientWidth || 320));
    const mapH = Math.max(160, Math.min(320, Math.round(W * 0.55)));
    const mapLegend = this.treemapLegend(a), stateLegend = this.stateLegend();
    ctx.font = "11px sans-serif";
    const mapLegendH = this.legendFlow(mapLegend, 0, W, false) * CODE_ROW_H;
    const stripsTop = mapH + 4 + mapLegendH + 6;
    const axisY = stripsTop + CODE_ROW_H + a.threads.length * STRIP_ROW_H;
    const H = axisY + CODE_ROW_H + this.legendFlow(stateLegend, 0, W, false) * CODE_ROW_H + 2;
    this.canvas.width = W;
    this.canvas.height = H;
    this.canvas.style.height = `${H}px`;
    ctx.fillStyle = WHITE;
    ctx.fillRect(0, 0, W, H);
    ctx.font = "11px sans-serif";
    ctx.textBaseline = "middle";
    this.legend = [];
    this.drawTreemap(a, W, mapH);
    this.legendFlow(mapLegend, mapH + 4, W, true);
    this.drawStrips(a, stripsTop, W);
    this.legendFlow(stateLegend, axisY + CODE_ROW_H, W, true);
    const ran = a.units.filter((u) => u.bytecodes > 0).length;
    this.info.textContent = `interval ${a.from_ms.toFixed(1)} – ${a.to_ms.toFixed(1)} ms · ` +
      `${a.units.length} classes, ${ran} ran · ${a.threads.length} threads with states`;
  }

  // One box per unit with bytecodes over the run, area ∝ its total, in its unit colour.
  drawTreemap(a, W, mapH) {
    const ctx = this.ctx, most = busiest(a.units);
    const units = a.units.filter((u) => u.total > 0).sort((p, q) => q.total - p.total);
    const rects = units.length ? squarify(units.map((u) => u.total), { x: 0, y: 0, w: W, h: mapH }) : [];
    this.boxes = units.map((u, i) => {
      const r = rects[i];
      const x = Math.round(r.x), y = Math.round(r.y);
      const w = Math.max(1, Math.round(r.x + r.w) - x - 1), h = Math.max(1, Math.round(r.y + r.h) - y - 1);
      const rgb = unitColour(u, most);
      ctx.fillStyle = css(rgb);
      ctx.fillRect(x, y, w, h);
      if (w > 28 && h > 12) {
        ctx.save();
        ctx.beginPath();
        ctx.rect(x, y, w, h);
        ctx.clip();
        ctx.fillStyle = luminance(rgb) > 0.5 ? "#111" : "#fff";
        ctx.fillText(shortName(u.name), x + 3, y + 7);
        ctx.restore();
      }
      return { name: u.name, fill: css(rgb), ...unitChannels(u, most), x, y, w, h, unit: u };
    });
    if (!units.length) {
      ctx.fillStyle = "#777";
      ctx.fillText("no code ran yet", 4, mapH / 2);
    }
  }

  // Lays out legend items (a caption, or a swatch and its label) left to right from row `y`,
  // wrapping at width W; draws them (and notes the swatches in `legend`) when `draw`. Returns
  // the rows used.
  legendFlow(items, y, W, draw) {
    const ctx = this.ctx, s = CODE_ROW_H - 5;
    let x = 2, rows = 1;
    for (const it of items) {
      const w = (it.colour ? s + 3 : 0) + ctx.measureText(it.label).width + 8;
      if (x > 2 && x + w > W) { x = 2; y += CODE_ROW_H; rows++; }
      if (draw) {
        let tx = x;
        if (it.colour) {
          ctx.fillStyle = it.colour;
          ctx.fillRect(x, y, s, s);
          this.legend.push({ label: it.label, colour: it.colour, x, y, w: s, h: s });
          tx += s + 3;
        }
        ctx.fillStyle = it.colour ? "#333" : "#000";
        ctx.fillText(it.label, tx, y + s / 2);
      }
      x += w;
    }
    return rows;
  }

  // What the boxes' colours mean: hue for bytecodes, saturation for threads, lightness for
  // bytes allocated, each relative to the busiest unit of the interval; grey for none.
  treemapLegend(a) {
    const most = busiest(a.units), c = (heat, threads, alloc) => css(channelColour({ heat, threads, alloc }));
    return [
      { label: "hue = bytecodes in the interval:" }, { label: "none", colour: css(IDLE_UNIT) },
      { label: "10%", colour: c(0.1, 1, 0) }, { label: "50%", colour: c(0.5, 1, 0) },
      { label: `100% = ${most.bytecodes}`, colour: c(1, 1, 0) },
      { label: "saturation = threads:" }, { label: "0", colour: c(1, 0, 0) },
      { label: String(most.threads), colour: c(1, 1, 0) },
      { label: "lightness = bytes allocated:" }, { label: "0", colour: c(1, 1, 0) },
      { label: bytes(most.bytes), colour: c(1, 1, 1) },
    ];
  }

  stateLegend() {
    return [{ label: "states:" }, ...THREAD_STATES.map((s) => ({ label: s, colour: STATE_COLOURS[s] }))];
  }

  // Per thread a row of its state spans on a time axis covering the interval (and any span
  // reaching outside it; then dashed lines mark the interval), and the axis's ends.
  drawStrips(a, top, W) {
    const ctx = this.ctx;
    ctx.fillStyle = "#222";
    ctx.fillText("Threads", 2, top + CODE_ROW_H / 2);
    let lo = a.from_ms, hi = a.to_ms;
    for (const t of a.threads) for (const [, s, e] of t.spans) { lo = Math.min(lo, s); hi = Math.max(hi, e); }
    if (hi <= lo) hi = lo + 1;
    const x0 = STRIP_LABEL_W, span = W - 2 - x0;
    const at = (t) => x0 + ((t - lo) * span) / (hi - lo);
    const rowsTop = top + CODE_ROW_H;
    this.spans = [];
    a.threads.forEach((t, i) => {
      const y = rowsTop + i * STRIP_ROW_H, name = t.name || `thread ${t.id}`;
      ctx.fillStyle = "#f2f2f2";
      ctx.fillRect(x0, y, span, STRIP_ROW_H - 2);
      ctx.save();
      ctx.beginPath();
      ctx.rect(0, y, x0 - 4, STRIP_ROW_H);
      ctx.clip();
      ctx.fillStyle = "#222";
      ctx.fillText(name, 2, y + STRIP_ROW_H / 2 - 1);
      ctx.restore();
      for (const [state, start, end] of t.spans) {
        const x = Math.floor(at(start)), w = Math.max(1, Math.round(at(end)) - x);
        const fill = STATE_COLOURS[state] || "#000000";
        ctx.fillStyle = fill;
        ctx.fillRect(x, y, w, STRIP_ROW_H - 2);
        this.spans.push({ thread: t.id, name, state, start, end, fill, x, y, w, h: STRIP_ROW_H - 2 });
      }
    });
    const axisY = rowsTop + a.threads.length * STRIP_ROW_H;
    if (lo < a.from_ms || hi > a.to_ms) {
      ctx.strokeStyle = "#555";
      ctx.setLineDash([3, 3]);
      for (const t of [a.from_ms, a.to_ms]) {
        ctx.beginPath();
        ctx.moveTo(Math.round(at(t)) + 0.5, rowsTop);
        ctx.lineTo(Math.round(at(t)) + 0.5, axisY);
        ctx.stroke();
      }
      ctx.setLineDash([]);
    }
    ctx.fillStyle = "#555";
    ctx.fillText(`${lo.toFixed(1)} ms`, x0, axisY + CODE_ROW_H / 2);
    const end = `${hi.toFixed(1)} ms`;
    ctx.fillText(end, W - 2 - ctx.measureText(end).width, axisY + CODE_ROW_H / 2);
  }

  // The box or span under canvas point (x, y), with its tooltip text.
  describeAt(x, y) {
    const inside = (r) => x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h;
    const b = this.boxes.find(inside);
    if (b) {
      const u = b.unit;
      return `${u.name}\nbytecodes: ${u.bytecodes} in the interval (${Math.round(100 * b.heat)}% of the busiest), ` +
        `${u.total} over the run\ninvocations: ${u.invocations}\nthreads: ${u.threads}\n` +
        `allocated: ${u.objects} objects, ${bytes(u.bytes)}`;
    }
    const s = this.spans.find(inside);
    if (s) return `${s.name} (thread ${s.thread})\n${s.state}\n${ms(s.start)} – ${ms(s.end)} (${ms(s.end - s.start)})`;
    return null;
  }

  hover(e) {
    const rect = this.canvas.getBoundingClientRect();
    const x = ((e.clientX - rect.left) * this.canvas.width) / rect.width;
    const y = ((e.clientY - rect.top) * this.canvas.height) / rect.height;
    const text = this.describeAt(x, y);
    this.tip.hidden = !text;
    if (!text) return;
    this.tip.textContent = text;
    const colRect = this.col.getBoundingClientRect();
    this.tip.style.left = `${Math.min(e.clientX - colRect.left + 12, Math.max(0, colRect.width - 260))}px`;
    this.tip.style.top = `${e.clientY - colRect.top + 14}px`;
  }
}

// For tests and scripts: the boxes of pane `pane`'s code pane as drawn, with their CSS fill.
window.gcvmActivityBoxes = (pane = 0) => {
  const p = window.gcvm && window.gcvm.panes[pane];
  return p ? p.code.boxes.map(({ name, fill, heat, threads, alloc, x, y, w, h }) => ({ name, fill, heat, threads, alloc, x, y, w, h })) : [];
};

// ---- one pane: one source ----

class Pane {
  constructor(app, src, name) {
    this.app = app;
    this.src = src;
    this.name = name;
    this.frames = new Map();         // seq -> decoded frame (the recent ones)
    this.keptBytes = 0;
    this.latest = -1;                // highest seq received
    this.shown = null;               // the frame drawn
    this.bootstrap = null;
    this.status = null;
    this.choice = new Map();         // space name -> stream id
    this.selected = null;            // {space, tile}
    this.history = [];               // {seq, full, frame, row: Uint32Array, event, gc, step}
    this.received = {};              // event or step kind -> frames received
    this.pauses = new Map();         // gc -> {gc, label, ended, entries: Map(seq -> entry)}
    this.stepKinds = [];             // the bootstrap's `steps` (none in older recordings)
    this.state = "connecting";
    this.dirty = true;
    this.redraws = 0;
    this.buildDom();
    this.connect();
  }

  buildDom() {
    const t = document.getElementById("pane-template").content.firstElementChild.cloneNode(true);
    this.root = t;
    t.querySelector(".source").textContent = this.name;
    this.frameInfo = t.querySelector(".frameinfo");
    this.stepTitle = t.querySelector(".steptitle");
    this.stepExplain = t.querySelector(".stepexplain");
    this.stepMeta = t.querySelector(".stepmeta");
    this.streamNote = t.querySelector(".streamnote");
    this.pauseBody = t.querySelector(".pausebody");
    this.pauseBody.addEventListener("click", (e) => this.clickPauseRow(e));
    this.selectors = t.querySelector(".selectors");
    this.canvas = t.querySelector("canvas.heap");
    this.ctx = this.canvas.getContext("2d", { willReadFrequently: true });
    this.tileBody = t.querySelector(".tilebody");
    this.summary = t.querySelector(".summarytable");
    this.code = new CodeView(t);
    this.historyCanvas = t.querySelector("canvas.history");
    this.hctx = this.historyCanvas.getContext("2d", { willReadFrequently: true });
    this.canvas.addEventListener("click", (e) => this.clickTile(e));
    this.historyCanvas.addEventListener("click", (e) => this.clickHistory(e));
    document.getElementById("panes").appendChild(t);
  }

  connect() {
    const ws = new WebSocket(`ws://${location.host}/ws?src=${this.src}`);
    ws.binaryType = "arraybuffer";
    this.ws = ws;
    ws.onopen = () => { this.state = "open"; this.app.showConnection(); };
    ws.onclose = (e) => {
      this.state = `closed${e.code ? " (" + e.code + (e.reason ? " " + e.reason : "") + ")" : ""}`;
      this.app.showConnection();
    };
    ws.onerror = () => this.app.error(this, "WebSocket error");
    ws.onmessage = (m) => {
      try {
        if (typeof m.data === "string") this.text(JSON.parse(m.data));
        else this.frame(decodeFrame(m.data));
      } catch (err) {
        this.app.error(this, `cannot read a message: ${err.message}`);
      }
    };
  }

  send(cmd) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(cmd));
  }

  text(msg) {
    switch (msg.type) {
      case "bootstrap":
        this.bootstrap = msg;
        this.streams = new Map(msg.streams.map((s) => [s.id, s]));
        this.palettes = new Map(msg.streams.map((s) => [s.id, makePalette(s)]));
        this.streamByName = new Map(msg.streams.map((s) => [s.name, s.id]));
        this.stepKinds = (Array.isArray(msg.steps) ? msg.steps : [])
          .filter((k) => k && typeof k.kind === "string");
        this.root.querySelector(".source").textContent =
          `${msg.collector} — ${msg.target} (${msg.source}, ${bytes(msg.tile_size)} tiles)`;
        this.app.bootstrapArrived(this);
        break;
      case "status":
        this.status = msg;
        this.app.statusChanged(this);
        break;
      case "error":
        this.app.error(this, msg.message);
        break;
      default:
        this.app.error(this, `unknown message type ${JSON.stringify(msg.type)}`);
    }
  }

  frame(f) {
    if (!this.bootstrap) throw new Error("a frame came before the bootstrap");
    this.received[f.event] = (this.received[f.event] || 0) + 1;
    const step = stepOf(f);
    if (step) this.received[step.kind] = (this.received[step.kind] || 0) + 1;
    this.notePause(f);
    this.keep(f);
    this.latest = Math.max(this.latest, f.seq);
    this.lastArrived = f.seq;
    this.addHistoryRow(f);
    this.app.frameArrived(this, f);
  }

  keep(f) {
    const old = this.frames.get(f.seq);
    if (old) this.keptBytes -= old.bytes;
    this.frames.set(f.seq, f);
    this.keptBytes += f.bytes;
    while (this.frames.size > KEEP_FRAMES || this.keptBytes > KEEP_BYTES) {
      const [seq, oldest] = this.frames.entries().next().value;
      if (oldest === f) break;
      this.frames.delete(seq);
      this.keptBytes -= oldest.bytes;
    }
  }

  // The kept frame with this seq, or the nearest one before it.
  frameAt(seq) {
    if (this.frames.has(seq)) return this.frames.get(seq);
    let best = null;
    for (const f of this.frames.values()) if (f.seq <= seq && (!best || f.seq > best.seq)) best = f;
    return best;
  }

  // ---- the pause panel: the frames of the collection shown ----

  // Notes frame f among its collection's frames (gc-start, its steps, gc-end: the pause panel
  // lists them, the history's ticks are placed by their GC time). Ticks belong to none.
  notePause(f) {
    if (typeof f.gc !== "number" || f.event === "tick") return;
    let p = this.pauses.get(f.gc);
    if (!p) {
      p = { gc: f.gc, label: "", ended: false, entries: new Map() };
      this.pauses.set(f.gc, p);
      if (this.pauses.size > KEEP_PAUSES) this.pauses.delete(this.pauses.keys().next().value);
    }
    // The pause's name: its -Xlog summary line once its gc-end came, its cause before.
    if (f.event === "gc-end" || (f.event === "gc-start" && !p.ended)) p.label = f.label || "";
    if (f.event === "gc-end") p.ended = true;
    const step = stepOf(f);
    p.entries.set(f.seq, { seq: f.seq, event: f.event, step, label: f.label || "" });
  }

  // The largest GC time of the collection's steps taken in the pause (or, concurrent, while
  // the program ran): the scale of the history's ticks.
  pauseMaxMs(gc, concurrent) {
    const p = this.pauses.get(gc);
    let most = 0;
    if (p) for (const e of p.entries.values()) {
      const ms = e.step && !!e.step.concurrent === concurrent ? gcMs(e.step) : null;
      if (ms !== null && ms > most) most = ms;
    }
    return most;
  }

  // The frames of the collection of frame f, in order: pause begins, each step with its GC
  // time so far and since the step before, its -Xlog phase, pause ends; f highlighted.
  showPause(f) {
    const body = this.pauseBody;
    body.textContent = "";
    const p = typeof f.gc === "number" && f.event !== "tick" ? this.pauses.get(f.gc) : null;
    if (!p) {
      body.textContent = f.event === "tick" ? "a tick: the program was running, no collection" : "no collection";
      return;
    }
    body.appendChild(el("div", { class: "pausehead" }, `GC ${p.gc}${p.label ? " · " + p.label : ""}`));
    const table = el("table");
    const head = el("tr");
    for (const [h, title] of [["#", "the step's number in its pause"], ["step", "what happened (and its -Xlog:gc+phases name)"],
                              ["GC ms", "the collector's own time so far, frame gathering excluded"], ["+ms", "since the step before"]])
      head.appendChild(el("th", { title }, h));
    table.appendChild(head);
    const last = { pause: 0, concurrent: 0 };
    for (const e of [...p.entries.values()].sort((a, b) => a.seq - b.seq)) {
      table.appendChild(this.pauseRow(e, f, last));
    }
    // The lines scroll under the pause's name.
    const lines = el("div", { class: "pauselines" });
    lines.appendChild(table);
    body.appendChild(lines);
    if (this.pauseNote) body.appendChild(el("div", { class: "note" }, this.pauseNote));
    this.scrollPauseToShown(lines);
  }

  // Scrolls the pause's lines (not the page) so that the line of the frame shown is in sight.
  scrollPauseToShown(lines) {
    const row = lines.querySelector("tr.shown");
    if (!row) return;
    const r = row.getBoundingClientRect(), box = lines.getBoundingClientRect();
    if (r.top < box.top || r.bottom > box.bottom)
      lines.scrollTop += r.top - box.top - (lines.clientHeight - r.height) / 2;
  }

  // One row of the pause panel; `last` holds the GC time of the step before, per kind of time.
  pauseRow(e, f, last) {
    const tr = el("tr", { class: "row", "data-seq": e.seq, title: `frame ${e.seq}: click to show it` });
    if (e.seq === f.seq) tr.classList.add("shown");
    const step = e.step, ms = step ? gcMs(step) : null;
    if (step && step.concurrent) tr.classList.add("concurrent");
    const what = el("td", { class: "what" }, entryTitle(e));
    const phase = step ? xlogPhase(step) : "";
    if (phase) { what.appendChild(el("br")); what.appendChild(el("span", { class: "phase" }, phase)); }
    let since = "";
    if (ms !== null) {
      const key = step.concurrent ? "concurrent" : "pause";
      since = `+${(ms >= last[key] ? ms - last[key] : ms).toFixed(3)}`;
      last[key] = ms;
    }
    tr.append(el("td", {}, step && step.n !== undefined ? String(step.n) : ""), what,
              el("td", {}, ms !== null ? ms.toFixed(3) : ""), el("td", {}, since));
    return tr;
  }

  clickPauseRow(e) {
    const tr = e.target.closest("tr[data-seq]");
    if (tr) this.app.jumpTo(this, Number(tr.dataset.seq));
  }

  show(f) {
    if (f && f !== this.shown) {
      const shapeChanged = !this.shown || this.shapeOf(this.shown) !== this.shapeOf(f);
      this.shown = f;
      this.pauseNote = "";
      if (shapeChanged) this.buildSelectors();
      // The code pane appearing or going changes the heap's width: the grid's layout follows.
      this.code.show(f.activity);
      this.dirty = true;
      this.infoDirty = true;
      this.historyDirty = true;
    }
  }

  shapeOf(f) { return f.spaces.map((s) => `${s.name}:${s.tiles}:${s.streams.map((p) => p[0])}`).join("|"); }

  streamOf(space) {
    const ids = space.streams.map((p) => p[0]);
    const chosen = this.choice.get(space.name);
    return ids.includes(chosen) ? chosen : ids[0];
  }

  buildSelectors() {
    this.selectors.textContent = "";
    for (const s of this.shown.spaces) {
      const label = el("label", {}, `${s.name}: `);
      const sel = el("select", { "data-space": s.name });
      for (const [id] of s.streams) {
        const def = this.streams.get(id);
        sel.appendChild(el("option", { value: id }, def ? def.name : `stream ${id}`));
      }
      sel.value = String(this.streamOf(s));
      sel.addEventListener("change", () => {
        this.choice.set(s.name, Number(sel.value));
        this.rebuildHistory();
        this.dirty = true;
        this.infoDirty = true;
      });
      label.appendChild(sel);
      this.selectors.appendChild(label);
    }
  }

  // ---- the heap canvas ----

  // Where every space, its legend and each tile go: recomputed when the frame's shape or the
  // canvas width changes.
  layout() {
    const f = this.shown;
    const width = Math.max(200, Math.floor(this.canvas.clientWidth || 600));
    const key = `${this.shapeOf(f)}@${width}`;
    if (this.lay && this.lay.key === key) return this.lay;
    const total = f.spaces.reduce((n, s) => n + s.tiles, 0);
    // Cells as large as fit about 520 pixels of grid (3 to 16 pixels a side).
    const cell = Math.max(3, Math.min(16, Math.floor(Math.sqrt((width * 520) / Math.max(1, total)))));
    const gap = cell >= 4 ? 1 : 0;
    const cols = Math.max(1, Math.floor((width - 2) / cell));
    let y = 0;
    const spaces = f.spaces.map((s) => {
      const top = y;
      const rows = Math.ceil(s.tiles / cols);
      y += TITLE_H + LEGEND_H + rows * cell + SPACE_GAP;
      return { name: s.name, top, gridTop: top + TITLE_H + LEGEND_H, rows, tiles: s.tiles };
    });
    const height = Math.max(20, y);
    this.canvas.width = width;
    this.canvas.height = height;
    this.canvas.style.height = `${height}px`;
    const image = this.ctx.createImageData(width, height);
    this.lay = { key, width, height, cell, gap, cols, spaces, image, pixels: new Uint32Array(image.data.buffer) };
    return this.lay;
  }

  // The pixel rectangle of tile `i` of space number `si`.
  tileRect(si, i) {
    const L = this.lay, sp = L.spaces[si];
    return { x: 1 + (i % L.cols) * L.cell, y: sp.gridTop + Math.floor(i / L.cols) * L.cell, w: L.cell - L.gap, h: L.cell - L.gap };
  }

  // The largest value of stream `id` in the frame (the scale of unbounded streams).
  frameMax(id) {
    let max = 0;
    for (const s of this.shown.spaces) {
      const v = s.values.get(id);
      if (!v) continue;
      for (let i = 0; i < v.length; i++) if (v[i] > max) max = v[i];
    }
    return max;
  }

  scaleOf(id) {
    const def = this.streams.get(id);
    return def && def.max > 0 ? def.max : Math.max(1, this.frameMax(id));
  }

  // Draws every space of the frame shown: tiles into the ImageData, then titles, legends,
  // separators' ends and the selection on top.
  draw() {
    const f = this.shown;
    if (!f) return;
    const t0 = performance.now();
    const L = this.layout();
    const px = L.pixels, W = L.width;
    px.fill(word([255, 255, 255]));
    const unused = word(hexRgb(UNUSED_COLOUR)), background = word(hexRgb(BACKGROUND_COLOUR));
    const sepWord = word(hexRgb(SEPARATOR_COLOUR)), white = word([255, 255, 255]);
    const side = L.cell - L.gap;
    const csetWord = word(hexRgb(CSET_MARK_COLOUR)), band = side >= 8 ? 2 : 1;
    L.csetMarked = new Set();
    f.spaces.forEach((s, si) => {
      const id = this.streamOf(s);
      const cset = this.csetMarks(s, id);
      if (cset) L.csetMarked.add(s.name);
      const pal = this.palettes.get(id) || makePalette({ colour: "#888888" });
      const values = s.values.get(id), ctl = s.ctl;
      const max = this.scaleOf(id);
      const words = pal.words, zeroFrame = pal.zeroFrame, enumeration = pal.enumeration;
      const gridTop = L.spaces[si].gridTop;
      for (let i = 0; i < s.tiles; i++) {
        const c = ctl[i];
        const row = (i / L.cols) | 0, col = i - row * L.cols;
        const x0 = 1 + col * L.cell, y0 = gridTop + row * L.cell;
        let colour, frame = false;
        if (c === CONTROL_UNUSED) colour = unused;
        else if (c === CONTROL_BACKGROUND) colour = background;
        else {
          const v = values ? values[i] : 0;
          if (v === 0 && !enumeration) { colour = white; frame = side >= 4; }
          else colour = words[level(v, max, enumeration)];
        }
        for (let y = 0; y < side; y++) {
          const at = (y0 + y) * W + x0;
          px.fill(colour, at, at + side);
        }
        if (frame) {
          const top = y0 * W + x0, bottom = (y0 + side - 1) * W + x0;
          px.fill(zeroFrame, top, top + side);
          px.fill(zeroFrame, bottom, bottom + side);
          for (let y = 1; y < side - 1; y++) {
            px[(y0 + y) * W + x0] = zeroFrame;
            px[(y0 + y) * W + x0 + side - 1] = zeroFrame;
          }
        }
        if (cset && cset[i] && c === CONTROL_USED) {
          // In the collection set: a band across the tile's top, whatever the stream shown.
          for (let y = 0; y < band; y++) px.fill(csetWord, (y0 + y) * W + x0, (y0 + y) * W + x0 + side);
        }
        if (s.sepSet.size && s.sepSet.has(i)) {
          // A boundary before tile i: a line down its left edge (the gap column).
          const x = x0 > 1 ? x0 - 1 : x0;
          for (let y = -L.gap; y < L.cell; y++) px[(y0 + y) * W + x] = sepWord;
        }
      }
    });
    this.ctx.putImageData(L.image, 0, 0);
    this.drawLabels(f, L);
    this.drawSelection(L);
    this.lastDrawMs = performance.now() - t0;
    this.redraws++;
    this.dirty = false;
  }

  // The `cset` values of space s when the frame carries them and another stream is shown: its
  // collection-set tiles are then marked on top of that stream's colours.
  csetMarks(s, shownId) {
    const id = this.streamByName ? this.streamByName.get("cset") : undefined;
    return id === undefined || id === shownId ? null : s.values.get(id) || null;
  }

  drawLabels(f, L) {
    const ctx = this.ctx;
    ctx.font = "11px sans-serif";
    ctx.textBaseline = "middle";
    L.legend = [];
    f.spaces.forEach((s, si) => {
      const sp = L.spaces[si];
      const id = this.streamOf(s);
      const def = this.streams.get(id) || { name: `stream ${id}`, unit: "", presentation: "plain" };
      ctx.fillStyle = "#222";
      ctx.fillText(`${s.name} (${s.kind}) — ${s.tiles} tiles from ${hex(s.start)} — ${def.name}`, 2, sp.top + TITLE_H / 2);
      this.drawLegend(s, sp, id, def, L);
    });
  }

  // The legend of a space's stream: zero (a frame), low, mid and high colours with their
  // values (or one swatch per enum label), then unused and idle tiles.
  drawLegend(s, sp, id, def, L) {
    const ctx = this.ctx, pal = this.palettes.get(id) || makePalette(def);
    const y = sp.top + TITLE_H + 2, h = LEGEND_H - 5;
    let x = 2;
    const swatch = (label, colour, frame) => {
      ctx.fillStyle = frame ? WHITE : colour;
      ctx.fillRect(x, y, h, h);
      if (frame) { ctx.strokeStyle = frame; ctx.lineWidth = 1; ctx.strokeRect(x + 0.5, y + 0.5, h - 1, h - 1); }
      L.legend.push({ space: s.name, label, x, y, w: h, h, colour: frame || colour });
      ctx.fillStyle = "#333";
      ctx.fillText(label, x + h + 3, y + h / 2);
      x += h + 8 + ctx.measureText(label).width;
    };
    if (def.presentation === "enum") {
      const labels = def.labels || [];
      const present = new Set(s.values.get(id) || []);
      labels.forEach((label, i) => { if (present.has(i)) swatch(label, css(pal.colours[i])); });
    } else {
      const max = this.scaleOf(id);
      const show = (v) => def.presentation === "percent" && def.max > 0
        ? `${Math.round((100 * v) / def.max)}%` : `${Math.round(v)}${def.unit ? " " + def.unit : ""}`;
      const zw = pal.zeroFrame;
      swatch("0", null, css([zw & 255, (zw >> 8) & 255, (zw >> 16) & 255]));
      swatch(`low ${show(max / 10)}`, css(pal.colours[level(Math.max(1, max / 10), max, false)]));
      swatch(`mid ${show(max / 2)}`, css(pal.colours[level(max / 2, max, false)]));
      swatch(`high ${show(max)}`, css(pal.colours[255]));
    }
    swatch("unused", UNUSED_COLOUR);
    swatch("idle", BACKGROUND_COLOUR);
    if (L.csetMarked && L.csetMarked.has(s.name)) swatch("top band: collection set", CSET_MARK_COLOUR);
  }

  drawSelection(L) {
    if (!this.selected) return;
    const si = L.spaces.findIndex((s) => s.name === this.selected.space);
    if (si < 0 || this.selected.tile >= L.spaces[si].tiles) return;
    const r = this.tileRect(si, this.selected.tile);
    this.ctx.strokeStyle = SELECT_COLOUR;
    this.ctx.lineWidth = 2;
    this.ctx.strokeRect(r.x - 1, r.y - 1, r.w + 2, r.h + 2);
  }

  // ---- tile info, summary, frame info ----

  clickTile(e) {
    if (!this.lay) return;
    const rect = this.canvas.getBoundingClientRect();
    const x = ((e.clientX - rect.left) * this.canvas.width) / rect.width;
    const y = ((e.clientY - rect.top) * this.canvas.height) / rect.height;
    const L = this.lay;
    for (const sp of L.spaces) {
      if (y < sp.gridTop || y >= sp.gridTop + sp.rows * L.cell) continue;
      const tile = Math.floor((y - sp.gridTop) / L.cell) * L.cols + Math.floor((x - 1) / L.cell);
      if (x >= 1 && x < 1 + L.cols * L.cell && tile < sp.tiles) this.app.select(sp.name, tile);
    }
  }

  // Text of a value of stream `def`: with its unit, its share of max, or its label.
  present(def, v) {
    if (!def) return String(v);
    if (def.presentation === "enum") return (def.labels || [])[v] ?? `#${v}`;
    const unit = def.unit ? ` ${def.unit}` : "";
    if (def.presentation === "percent" && def.max > 0) return `${v}${unit} (${((100 * v) / def.max).toFixed(1)}%)`;
    return `${v}${unit}`;
  }

  showInfo() {
    const f = this.shown;
    if (!f) return;
    const gc = f.gc === null || f.gc === undefined ? "" : ` · GC ${f.gc}`;
    this.frameInfo.textContent = `frame ${f.seq} · ${f.event}${gc} · ${f.label || "–"} · ` +
      `${(f.time_ms / 1000).toFixed(3)} s · heap ${bytes(f.heap.used)} of ${bytes(f.heap.capacity)}` +
      (f.heap.capacity ? ` (${((100 * f.heap.used) / f.heap.capacity).toFixed(1)}%)` : "") +
      (f.full ? " · full collection" : "");
    this.showStory(f);
    this.showStreamNote(f);
    this.showPause(f);
    this.showSummary(f);
    this.showTile(f);
  }

  // The line above the heap: the step's title and its explanation (or what the event is).
  showStory(f) {
    const story = frameStory(f);
    this.stepTitle.textContent = story.title;
    this.stepExplain.textContent = story.explain;
    this.stepMeta.textContent = story.meta;
  }

  // Under the stream menus: per space, the stream shown and what its values are.
  showStreamNote(f) {
    const parts = [];
    for (const s of f.spaces) {
      const def = this.streams.get(this.streamOf(s));
      if (def) parts.push(`${s.name}: ${def.name} — ${def.description}${def.from_trace === false ? " (live runs only)" : ""}`);
    }
    this.streamNote.textContent = parts.join(" · ");
  }

  showSummary(f) {
    const rows = [["event", `${f.event}${f.gc !== null && f.gc !== undefined ? " of GC " + f.gc : ""}`],
                  ["label", f.label || "–"], ["time", `${f.time_ms.toFixed(1)} ms`],
                  ["heap used", `${bytes(f.heap.used)} (${f.heap.used} bytes)`],
                  ["heap capacity", bytes(f.heap.capacity)]];
    for (const [id, total] of f.summary) {
      const def = this.streams.get(id);
      const name = def ? def.name : `stream ${id}`;
      rows.push([`Σ ${name}`, summaryText(def, total)]);
    }
    this.summary.textContent = "";
    for (const [k, v] of rows) {
      const tr = el("tr");
      tr.appendChild(el("td", {}, k));
      tr.appendChild(el("td", {}, v));
      this.summary.appendChild(tr);
    }
  }

  showTile(f) {
    const sel = this.selected;
    const s = sel && f.spaces.find((x) => x.name === sel.space);
    if (!s || sel.tile >= s.tiles) {
      this.tileBody.textContent = sel ? `tile ${sel.tile} of ${sel.space} is not in this frame` : "click a tile";
      return;
    }
    const ts = this.bootstrap.tile_size, from = s.start + sel.tile * ts;
    const state = ["used", "unused", "idle"][s.ctl[sel.tile]] || `control ${s.ctl[sel.tile]}`;
    const rows = [["space", `${s.name} (${s.kind})`], ["tile", String(sel.tile)],
                  ["addresses", `${hex(from)} – ${hex(from + ts)}`], ["state", state]];
    for (const [id] of s.streams) {
      const def = this.streams.get(id);
      rows.push([def ? def.name : `stream ${id}`, this.present(def, s.values.get(id)[sel.tile])]);
    }
    const table = el("table");
    for (const [k, v] of rows) {
      const tr = el("tr");
      tr.appendChild(el("td", {}, k));
      tr.appendChild(el("td", {}, v));
      table.appendChild(tr);
    }
    this.tileBody.textContent = "";
    this.tileBody.appendChild(table);
  }

  // ---- the history graph ----

  historyWidth() { return Math.max(100, Math.floor(this.historyCanvas.clientWidth || 600)); }
  // The width of the tiles of a row: the canvas less the gutter.
  historyRowWidth() { return this.historyWidth() - GUTTER_W; }

  // A frame as one row of tiny tiles: every space's tiles of its chosen stream, squeezed (or
  // stretched) into the graph's width; a squeezed pixel shows the largest value it covers.
  historyRow(f, width) {
    const row = new Uint32Array(width);
    const total = f.spaces.reduce((n, s) => n + s.tiles, 0);
    if (!total) return row;
    const unused = word(hexRgb(UNUSED_COLOUR)), background = word(hexRgb(BACKGROUND_COLOUR));
    let at = 0;
    const cells = [];
    for (const s of f.spaces) {
      const id = this.streamOf(s);
      cells.push({ s, from: at, values: s.values.get(id), pal: this.palettes.get(id), max: this.scaleOfIn(f, id) });
      at += s.tiles;
    }
    let ci = 0;
    for (let x = 0; x < width; x++) {
      const t0 = Math.floor((x * total) / width), t1 = Math.max(t0 + 1, Math.floor(((x + 1) * total) / width));
      let best = -1, colour = unused;
      for (let t = t0; t < t1; t++) {
        while (t >= cells[ci].from + cells[ci].s.tiles) ci++;
        const c = cells[ci], i = t - c.from, ctl = c.s.ctl[i];
        if (ctl === CONTROL_BACKGROUND && best < 0) colour = background;
        if (ctl !== CONTROL_USED || !c.values || !c.pal) continue;
        const l = level(c.values[i], c.max, c.pal.enumeration);
        if (l > best) { best = l; colour = c.pal.words[l]; }
      }
      row[x] = colour;
    }
    return row;
  }

  scaleOfIn(f, id) {
    const def = this.streams.get(id);
    if (def && def.max > 0) return def.max;
    let max = 1;
    for (const s of f.spaces) { const v = s.values.get(id); if (v) for (const x of v) if (x > max) max = x; }
    return max;
  }

  addHistoryRow(f) {
    this.history.push({ seq: f.seq, full: f.full, frame: f, row: this.historyRow(f, this.historyRowWidth()),
                        event: f.event, gc: f.gc, step: stepOf(f) });
    if (this.history.length > HISTORY_MAX_ROWS) this.history.shift();
    this.historyDirty = true;
  }

  // A stream was chosen (or the width changed): rows of the frames still kept are redrawn.
  rebuildHistory() {
    const w = this.historyRowWidth();
    for (const h of this.history) {
      const f = this.frames.get(h.seq) === h.frame ? h.frame : null;
      if (f) h.row = this.historyRow(f, w);
    }
    this.historyDirty = true;
  }

  drawHistory() {
    const c = this.historyCanvas, w = this.historyWidth();
    if (c.width !== w) { c.width = w; this.rebuildHistory(); }
    // Rows of 2 pixels, taller (up to 6) while few frames have come.
    const rowH = Math.max(HISTORY_ROW_H, Math.min(6, Math.floor(c.height / Math.max(1, this.history.length))));
    const rows = Math.floor(c.height / rowH);
    const first = Math.max(0, this.history.length - rows);
    const image = this.hctx.createImageData(w, c.height);
    const px = new Uint32Array(image.data.buffer);
    px.fill(word([250, 250, 250]));
    const fullWord = word(hexRgb(FULL_GC_COLOUR)), shownWord = word(hexRgb("#000000"));
    const marks = [], most = new Map();
    for (let r = first; r < this.history.length; r++) {
      const h = this.history[r], y = (r - first) * rowH;
      for (let k = 0; k < rowH; k++) {
        const at = (y + k) * w + GUTTER_W;
        if (h.row.length === w - GUTTER_W) px.set(h.row, at);
      }
      if (h.full) px.fill(fullWord, y * w, y * w + w);
      this.drawGutter(px, w, y, rowH, h, most, marks);
      if (this.shown && h.seq === this.shown.seq) { px.fill(shownWord, y * w, y * w + BRACKET_X - 2); }
    }
    this.historyMarks = marks;
    this.hctx.putImageData(image, 0, 0);
    this.historyFirst = first;
    this.historyRowH = rowH;
    this.historyDirty = false;
  }

  // The gutter of history row h at y: a bracket along the frames of a pause (a line from its
  // gc-start down to its gc-end; a dot for a step taken while the program ran), and a step as
  // a tick placed by its GC time within its pause (or concurrent phase), in its kind's colour.
  // `most` caches each collection's largest GC time; `marks` gets the ticks drawn.
  drawGutter(px, w, y, rowH, h, most, marks) {
    const bracket = word(hexRgb(BRACKET_COLOUR)), step = h.step;
    const inPause = h.event === "gc-start" || h.event === "gc-end" || h.event === "phase-end" || (step && !step.concurrent);
    if (inPause) for (let k = 0; k < rowH; k++) px[(y + k) * w + BRACKET_X] = bracket;
    else if (step) px[y * w + BRACKET_X] = bracket;
    if (h.event === "gc-start") px.fill(bracket, y * w + BRACKET_X, y * w + GUTTER_W - 2);
    if (h.event === "gc-end") px.fill(bracket, (y + rowH - 1) * w + BRACKET_X, (y + rowH - 1) * w + GUTTER_W - 2);
    if (!step || typeof h.gc !== "number") return;
    const key = `${h.gc}:${!!step.concurrent}`;
    if (!most.has(key)) most.set(key, this.pauseMaxMs(h.gc, !!step.concurrent));
    const ms = gcMs(step), max = most.get(key), span = GUTTER_W - 2 - TICK_W - TICK_X0;
    const x = TICK_X0 + (ms !== null && max > 0 ? Math.round((Math.min(ms, max) / max) * span) : 0);
    const colour = word(hexRgb(this.kindColour(step.kind)));
    for (let k = 0; k < rowH; k++) px.fill(colour, (y + k) * w + x, (y + k) * w + x + TICK_W);
    marks.push({ seq: h.seq, kind: step.kind, x, y, w: TICK_W, h: rowH, colour: this.kindColour(step.kind) });
  }

  // A step kind's colour (the history's ticks): by its place in the bootstrap's list.
  kindColour(kind) {
    const i = this.stepKinds.findIndex((k) => k.kind === kind);
    return i < 0 ? "#000000" : ENUM_COLOURS[(i + 1) % ENUM_COLOURS.length];
  }

  clickHistory(e) {
    const rect = this.historyCanvas.getBoundingClientRect();
    const y = ((e.clientY - rect.top) * this.historyCanvas.height) / rect.height;
    const h = this.history[(this.historyFirst || 0) + Math.floor(y / (this.historyRowH || HISTORY_ROW_H))];
    if (h) this.app.lookAt(h.seq);
  }
}

// ---- the application: panes, controls, timeline, filters ----

class App {
  constructor() {
    this.panes = [];
    this.errors = [];
    this.position = null;          // the frame number shown (null: follow the latest)
    this.follow = true;
    this.benchmarking = false;
  }

  async start() {
    let sources = [{ id: 0, name: "source 0" }];
    try {
      const r = await fetch("/sources");
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      sources = (await r.json()).sources;
    } catch (err) {
      this.error(null, `cannot list the sources (${err.message}); showing source 0`);
    }
    this.panes = sources.map((s) => new Pane(this, s.id, s.name));
    document.body.classList.toggle("two", this.panes.length > 1);
    this.wireControls();
    this.buildFilterTable();
    this.showConnection();
    requestAnimationFrame(() => this.tick());
  }

  get replay() { return this.panes.some((p) => p.status && p.status.mode === "replay"); }

  // Commands go to every source: two recordings stay in step.
  sendAll(cmd) { for (const p of this.panes) p.send(cmd); }

  wireControls() {
    document.getElementById("pause").onclick = () => this.sendAll({ cmd: "pause" });
    document.getElementById("resume").onclick = () => { this.setFollow(true); this.sendAll({ cmd: "resume" }); };
    document.getElementById("step").onclick = () => { this.setFollow(true); this.sendAll({ cmd: "step" }); };
    document.getElementById("back").onclick = () => this.back();
    const slider = document.getElementById("timeline");
    slider.addEventListener("input", () => this.scrub(Number(slider.value), false));
    slider.addEventListener("change", () => this.scrub(Number(slider.value), true));
    document.getElementById("follow").addEventListener("change", (e) => this.setFollow(e.target.checked));
    document.addEventListener("keydown", (e) => {
      if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
      if (e.key === " ") {
        e.preventDefault();
        const paused = this.panes.some((p) => p.status && p.status.state === "paused");
        this.sendAll({ cmd: paused ? "resume" : "pause" });
      } else if (e.key === "s") this.sendAll({ cmd: "step" });
      else if (e.key === "b") this.back();
    });
  }

  setFollow(on) {
    this.follow = on;
    document.getElementById("follow").checked = on;
    if (on) this.position = null;
    this.refreshShown();
  }

  // The timeline moved: a replay seeks its sources (on release, and while dragging at most
  // every 100 ms); a live run looks back at the frames already received.
  scrub(n, released) {
    if (this.replay) {
      const now = performance.now();
      if (released || !this.lastSeek || now - this.lastSeek > 100) {
        this.lastSeek = now;
        this.position = n;
        this.follow = true;
        this.sendAll({ cmd: "seek", frame: n });
      }
    } else {
      this.lookAt(n);
    }
    this.showPosition();
  }

  // Shows frame `seq` chosen in a pane's pause panel: a replay seeks to it; a live run shows
  // it while it is kept, and says so when it is not.
  jumpTo(pane, seq) {
    if (!this.replay && !pane.frames.has(seq)) {
      pane.pauseNote = `frame ${seq} is no longer kept (the page keeps the last ${KEEP_FRAMES} frames)`;
      pane.infoDirty = true;
      return;
    }
    this.lookAt(seq);
  }

  // Back one frame from the one shown (to step back through a collection): a replay seeks to
  // it; a live run shows the nearest frame kept before it.
  back() {
    const shown = this.panes.map((p) => (p.shown ? p.shown.seq : null)).filter((s) => s !== null);
    if (!shown.length || Math.min(...shown) === 0) return;
    const seq = Math.min(...shown) - 1;
    if (!this.replay && !this.panes.some((p) => p.frameAt(seq))) return;
    this.lookAt(seq);
  }

  // Shows frame `seq` from the frames kept (live) or by seeking (replay).
  lookAt(seq) {
    if (this.replay) { this.sendAll({ cmd: "seek", frame: seq }); this.position = seq; return; }
    this.follow = false;
    document.getElementById("follow").checked = false;
    this.position = seq;
    this.refreshShown();
  }

  frameArrived(pane, f) {
    this.countersDirty = true;
    if (this.replay && this.follow) this.position = null;
    this.refreshShown();
  }

  // Which frame each pane shows: the one numbered `position` (the latest every pane has, when
  // following), so two panes always show the same frame number.
  refreshShown() {
    const have = this.panes.filter((p) => p.latest >= 0);
    if (!have.length) return;
    let target = this.position;
    if (target === null || this.follow && !this.replay) {
      target = this.replay ? Math.min(...have.map((p) => p.lastArrived)) : Math.min(...have.map((p) => p.latest));
      if (this.follow) this.position = null;
    }
    for (const p of have) p.show(p.frameAt(target) || p.frames.get(p.latest));
    this.showPosition();
  }

  showPosition() {
    const slider = document.getElementById("timeline");
    const p0 = this.panes[0];
    const shown = this.panes.map((p) => (p.shown ? p.shown.seq : null)).filter((s) => s !== null);
    let max = 0;
    if (this.replay) {
      max = Math.max(0, Math.min(...this.panes.map((p) => (p.status && p.status.frames_total) || 1)) - 1);
    } else {
      max = Math.max(0, Math.min(...this.panes.map((p) => Math.max(0, p.latest))));
    }
    slider.max = String(max);
    if (document.activeElement !== slider && shown.length) slider.value = String(Math.min(...shown));
    const total = this.replay ? ` of ${max + 1}` : p0 && p0.latest >= 0 ? ` of ${p0.latest + 1} received` : "";
    document.getElementById("position").textContent = shown.length ? `${shown.join(" | ")}${total}` : "–";
  }

  select(space, tile) {
    for (const p of this.panes) { p.selected = { space, tile }; p.dirty = true; p.infoDirty = true; }
  }

  // A source's bootstrap came: its events and step kinds join the filter table, the
  // breakpoints and the counters.
  bootstrapArrived(pane) {
    this.buildFilterTable();
    this.buildBreakpoints();
    this.countersDirty = true;
  }

  // The events of every source's bootstrap, in their order (the default four before any).
  events() {
    const out = [];
    for (const p of this.panes) {
      const evs = p.bootstrap && Array.isArray(p.bootstrap.events) ? p.bootstrap.events : [];
      for (const e of evs) if (typeof e === "string" && !out.includes(e)) out.push(e);
    }
    return out.length ? out : EVENTS;
  }

  // The step kinds of every source's collector, in their order, each once.
  stepKinds() {
    const out = [];
    for (const p of this.panes) for (const k of p.stepKinds) if (!out.some((o) => o.kind === k.kind)) out.push(k);
    return out;
  }

  statusChanged(pane) {
    this.showStatus();
    this.fillFilterTable();
    this.fillBreakpoints();
    this.showCounters();
    this.showPosition();
  }

  showConnection() {
    const c = document.getElementById("connection");
    const states = this.panes.map((p) => p.state);
    c.textContent = states.length ? states.join(" | ") : "connecting";
    c.className = "conn" + (states.every((s) => s === "open") ? " open" : states.some((s) => s.startsWith("closed")) ? " closed" : "");
  }

  showStatus() {
    const box = document.getElementById("status");
    box.textContent = "";
    for (const p of this.panes) {
      const s = p.status;
      if (!s) continue;
      const line = `${this.panes.length > 1 ? "source " + p.src + ": " : ""}${s.state} · ${s.mode} · ` +
        `${s.frames_sent} sent${s.frames_total !== null ? " · " + s.frames_total + " recorded" : ""}` +
        ` · ${s.clients} viewer${s.clients === 1 ? "" : "s"}` + (s.missed ? ` · ${s.missed} missed by this viewer` : "");
      box.appendChild(el("div", { class: "state-" + s.state }, line));
    }
  }

  buildFilterTable() {
    const body = document.querySelector("#filters tbody");
    body.textContent = "";
    this.filterInputs = {};
    for (const ev of this.events()) {
      const tr = el("tr");
      tr.appendChild(el("td", {}, ev));
      const inputs = {
        enabled: el("input", { type: "checkbox", checked: "" }),
        delay_ms: el("input", { type: "number", min: "0", max: "60000", value: "0" }),
        pause: el("input", { type: "checkbox" }),
        period: el("input", { type: "number", min: "1", max: "1000000", value: "1" }),
      };
      for (const [k, input] of Object.entries(inputs)) {
        input.dataset.event = ev;
        input.dataset.field = k;
        input.addEventListener("change", () => this.sendFilter(ev));
        const td = el("td");
        td.appendChild(input);
        tr.appendChild(td);
      }
      this.filterInputs[ev] = inputs;
      body.appendChild(tr);
    }
  }

  sendFilter(ev) {
    const i = this.filterInputs[ev];
    this.sendAll({ cmd: "filter", event: ev, enabled: i.enabled.checked, delay_ms: Number(i.delay_ms.value),
                   pause: i.pause.checked, period: Number(i.period.value) });
  }

  // The breakpoints: a checkbox per step kind ("pause at: region evacuated"), setting that
  // kind's filter to pause, or not, in every source whose collector has the kind.
  buildBreakpoints() {
    const box = document.getElementById("breakpoints");
    box.textContent = "";
    this.breakpointInputs = {};
    const kinds = this.stepKinds();
    if (!kinds.length) {
      box.appendChild(el("span", { class: "none" }, "none: this collector takes no steps, or the recording is older than steps"));
      return;
    }
    for (const k of kinds) {
      const input = el("input", { type: "checkbox", "data-kind": k.kind });
      input.addEventListener("change", () => this.sendBreakpoint(k.kind, input.checked));
      const label = el("label", { title: `${k.kind}: ${k.explain || ""}` });
      label.append(input, ` pause at: ${k.name || k.kind}`);
      const tags = [k.concurrent ? "while the program runs" : "", k.progress ? "repeats" : ""].filter(Boolean);
      if (tags.length) label.appendChild(el("span", { class: "tag" }, ` (${tags.join(", ")})`));
      box.appendChild(label);
      this.breakpointInputs[k.kind] = input;
    }
    this.fillBreakpoints();
  }

  // Sends step kind `kind`'s filter with `pause`, its other fields as the source has them.
  sendBreakpoint(kind, pause) {
    for (const p of this.panes) {
      if (!p.stepKinds.some((k) => k.kind === kind)) continue;
      const now = { ...FILTER_DEFAULTS, ...((p.status && p.status.filters && p.status.filters[kind]) || {}) };
      p.send({ cmd: "filter", event: kind, enabled: now.enabled, delay_ms: now.delay_ms, pause, period: now.period });
    }
  }

  // The breakpoints as the first source reporting each kind's filter has them.
  fillBreakpoints() {
    for (const [kind, input] of Object.entries(this.breakpointInputs || {})) {
      const p = this.panes.find((q) => q.status && q.status.filters && q.status.filters[kind]);
      if (p && document.activeElement !== input) input.checked = !!p.status.filters[kind].pause;
    }
  }

  // The filters as the (first) source has them, unless the user is editing one.
  fillFilterTable() {
    const s = this.panes[0] && this.panes[0].status;
    if (!s || !s.filters) return;
    for (const [ev, i] of Object.entries(this.filterInputs)) {
      const f = s.filters[ev];
      if (!f || !i) continue;
      if (document.activeElement !== i.enabled) i.enabled.checked = f.enabled;
      if (document.activeElement !== i.delay_ms) i.delay_ms.value = f.delay_ms;
      if (document.activeElement !== i.pause) i.pause.checked = f.pause;
      if (document.activeElement !== i.period) i.period.value = f.period;
    }
  }

  showCounters() {
    const head = document.querySelector("#counters thead"), body = document.querySelector("#counters tbody");
    head.textContent = "";
    body.textContent = "";
    const hr = el("tr");
    hr.appendChild(el("th", {}, "event"));
    for (const p of this.panes) {
      hr.appendChild(el("th", { title: "events that happened" }, this.panes.length > 1 ? `seen ${p.src}` : "seen"));
      hr.appendChild(el("th", { title: "frames this viewer received" }, this.panes.length > 1 ? `frames ${p.src}` : "frames"));
    }
    head.appendChild(hr);
    const rows = [...this.events(), ...this.stepKinds().map((k) => k.kind)];
    for (const ev of rows) {
      const tr = el("tr");
      tr.appendChild(el("td", { class: ev.includes(".") ? "kind" : "" }, ev.includes(".") ? `· ${ev}` : ev));
      for (const p of this.panes) {
        tr.appendChild(el("td", {}, String(p.status && p.status.events_seen ? p.status.events_seen[ev] ?? 0 : 0)));
        tr.appendChild(el("td", {}, String(p.received[ev] || 0)));
      }
      body.appendChild(tr);
    }
  }

  error(pane, message) {
    const text = (pane && this.panes.length > 1 ? `source ${pane.src}: ` : "") + message;
    this.errors.push(text);
    const list = document.getElementById("errors");
    const none = list.querySelector(".none");
    if (none) none.remove();
    list.appendChild(el("li", {}, text));
    while (list.children.length > 20) list.firstChild.remove();
  }

  // The drawing loop: redraws what changed, once per animation frame.
  tick() {
    if (!this.benchmarking) {
      for (const p of this.panes) {
        if (p.dirty && p.shown) p.draw();
        if (p.infoDirty && p.shown) { p.showInfo(); p.infoDirty = false; }
        if (p.historyDirty) p.drawHistory();
        if (p.code.dirty) p.code.draw();
      }
      if (this.countersDirty) { this.showCounters(); this.countersDirty = false; }
    }
    requestAnimationFrame(() => this.tick());
  }

  // The viewer-speed benchmark (benches/viewer_fps.rs): a full redraw of every pane in every
  // animation frame for `ms` milliseconds. Resolves with redraws per second and ms per redraw.
  bench(ms) {
    return new Promise((resolve) => {
      this.benchmarking = true;
      let frames = 0, drawMs = 0;
      const start = performance.now();
      const step = () => {
        const t0 = performance.now();
        for (const p of this.panes) if (p.shown) p.draw();
        drawMs += performance.now() - t0;
        frames++;
        const elapsed = performance.now() - start;
        if (elapsed < ms) requestAnimationFrame(step);
        else {
          this.benchmarking = false;
          const tiles = this.panes.reduce((n, p) => n + (p.shown ? p.shown.spaces.reduce((m, s) => m + s.tiles, 0) : 0), 0);
          resolve({ frames, seconds: elapsed / 1000, fps: frames / (elapsed / 1000), msPerRedraw: drawMs / frames, tiles });
        }
      };
      requestAnimationFrame(step);
    });
  }
}

const app = new App();
window.gcvm = app;
window.addEventListener("resize", () => {
  for (const p of app.panes) { p.dirty = true; p.historyDirty = true; p.code.dirty = !!p.code.activity; }
});
app.start();
