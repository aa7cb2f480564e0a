//! From heap spaces and objects to tiles: the one place that decides how the heap is cut.
//!
//! `layout` turns the heap's spaces (as the trace describes them) into stream spaces: the
//! regions of a region heap (spaces named `region N`) become one space, `regions`, whose tiles
//! show each region's role; every other heap space is a stream space of its own (the two
//! semispace halves, the mark-compact space, the mark-sweep space). A stream space covers its
//! spaces' committed memory, cut into `tile_size` tiles from its first byte.
//!
//! `Tiler` bins objects into those tiles (used bytes split across the tiles an object covers,
//! objects counted where they start), derives the role and control values from the spaces,
//! takes the collector's own per-tile values (`add`, `set_range`) and produces the frame's
//! spaces and summary. The VM feeds it its live heap, `gcvm tiles` a heap rebuilt from a trace.

use super::codec::{FrameSpace, StreamValues};
use super::{control, standard, ROLE_UNCOMMITTED};
use crate::writer::SpaceDesc;
use crate::TraceSpaceKind;

/// The name prefix of the spaces that make up a region heap.
const REGION_PREFIX: &str = "region ";

/// A heap space inside a stream space.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    pub start: u64,
    pub end: u64,
    pub kind: TraceSpaceKind,
}

/// A stream space: a name, the memory it covers, its tiles, and the heap spaces inside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpaceLayout {
    pub name: String,
    /// What the space is (`regions`, or the heap space's kind: `old`, `from` ...).
    pub kind: String,
    /// First byte of tile 0: the first byte of the space (of its first region).
    pub start: u64,
    pub tiles: u32,
    pub members: Vec<Member>,
}

impl SpaceLayout {
    fn end(&self, tile_size: u64) -> u64 {
        self.start + self.tiles as u64 * tile_size
    }
}

/// The stream spaces of a heap whose spaces are `spaces`, cut into `tile_size` tiles (a power
/// of two), in address order.
pub fn layout(spaces: &[SpaceDesc], tile_size: u64) -> Vec<SpaceLayout> {
    let mut sorted: Vec<&SpaceDesc> = spaces.iter().filter(|s| s.end > s.start).collect();
    sorted.sort_by_key(|s| s.start);
    let mut out: Vec<SpaceLayout> = Vec::new();
    let mut regions: Option<SpaceLayout> = None;
    for s in sorted {
        let member = Member {
            start: s.start,
            end: s.end,
            kind: s.kind,
        };
        if s.name.starts_with(REGION_PREFIX) {
            let r = regions.get_or_insert_with(|| SpaceLayout {
                name: "regions".into(),
                kind: "regions".into(),
                start: s.start,
                tiles: 0,
                members: Vec::new(),
            });
            r.members.push(member);
        } else {
            out.push(SpaceLayout {
                name: s.name.clone(),
                kind: s.kind.label().into(),
                start: s.start,
                tiles: (s.end - s.start).div_ceil(tile_size) as u32,
                members: vec![member],
            });
        }
    }
    if let Some(mut r) = regions {
        let end = r.members.iter().map(|m| m.end).max().unwrap_or(r.start);
        r.tiles = (end - r.start).div_ceil(tile_size) as u32;
        out.push(r);
    }
    out.sort_by_key(|l| l.start);
    out
}

/// Per-tile values of one stream space being gathered.
struct SpaceTiles {
    layout: SpaceLayout,
    used: Vec<u32>,
    objects: Vec<u32>,
    /// The collector's streams: (stream id, values).
    extra: Vec<(u16, Vec<u32>)>,
    /// Boundaries the collector marked (a dense prefix's end, an allocation top).
    marks: Vec<u32>,
    /// Tiles `[from, to)` the collector is filling now, drawn as used even in idle memory
    /// (to-space during a copy, a free region being evacuated into).
    in_use: Vec<(u32, u32)>,
}

impl SpaceTiles {
    fn extra_mut(&mut self, stream: u16) -> &mut Vec<u32> {
        let i = match self.extra.iter().position(|(id, _)| *id == stream) {
            Some(i) => i,
            None => {
                self.extra
                    .push((stream, vec![0; self.layout.tiles as usize]));
                self.extra.len() - 1
            }
        };
        &mut self.extra[i].1
    }
}

/// Objects binned once into tiles of a given size, to be added to many frames' tilers: a
/// pause's step frames draw the same regions again and again, and walking their objects
/// for every frame cost most of a watched pause.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bins {
    /// Where the space's tiles start counting (tile k covers `origin + k * tile size`).
    origin: u64,
    /// The first tile's first byte (`origin` plus a multiple of the tile size).
    start: u64,
    shift: u32,
    used: Vec<u32>,
    objects: Vec<u32>,
}

impl Bins {
    /// Empty bins for tiles of `tile_size` bytes counted from `origin`: the start of the
    /// space they go to, or of any space whose tile grid that start is on.
    pub fn new(origin: u64, tile_size: u64) -> Bins {
        assert!(tile_size.is_power_of_two());
        Bins {
            origin,
            shift: tile_size.trailing_zeros(),
            ..Bins::default()
        }
    }

    /// The tile size the bins count in.
    pub fn tile_size(&self) -> u64 {
        1 << self.shift
    }

    /// An object of `size` bytes at `addr`: objects come in address order.
    pub fn object(&mut self, addr: u64, size: u64) {
        if self.used.is_empty() {
            self.start = self.origin + ((addr - self.origin) >> self.shift << self.shift);
        }
        let first = ((addr - self.start) >> self.shift) as usize;
        let last = ((addr + size.max(1) - 1 - self.start) >> self.shift) as usize;
        if self.used.len() <= last {
            self.used.resize(last + 1, 0);
            self.objects.resize(last + 1, 0);
        }
        self.objects[first] += 1;
        let mut at = addr;
        let end = addr + size;
        for tile in first..=last {
            let tile_end = self.start + ((tile as u64 + 1) << self.shift);
            let part = end.min(tile_end) - at;
            self.used[tile] += part as u32;
            at += part;
        }
    }
}

/// Bins objects (and collector values) into the tiles of a layout.
pub struct Tiler {
    tile_size: u64,
    shift: u32,
    spaces: Vec<SpaceTiles>,
    /// The space the last object fell in (objects come in address order).
    last: usize,
    /// Objects that fell outside every stream space (a bug in the caller's spaces).
    pub stray_objects: u64,
}

impl Tiler {
    pub fn new(layouts: Vec<SpaceLayout>, tile_size: u64) -> Tiler {
        assert!(tile_size.is_power_of_two());
        Tiler {
            tile_size,
            shift: tile_size.trailing_zeros(),
            spaces: layouts
                .into_iter()
                .map(|layout| SpaceTiles {
                    used: vec![0; layout.tiles as usize],
                    objects: vec![0; layout.tiles as usize],
                    extra: Vec::new(),
                    marks: Vec::new(),
                    in_use: Vec::new(),
                    layout,
                })
                .collect(),
            last: 0,
            stray_objects: 0,
        }
    }

    /// The tiler for a heap whose spaces are `spaces`.
    pub fn for_spaces(spaces: &[SpaceDesc], tile_size: u64) -> Tiler {
        Tiler::new(layout(spaces, tile_size), tile_size)
    }

    fn space_of(&mut self, addr: u64) -> Option<usize> {
        let ts = self.tile_size;
        let hit = |s: &SpaceTiles| addr >= s.layout.start && addr < s.layout.end(ts);
        if self.spaces.get(self.last).is_some_and(hit) {
            return Some(self.last);
        }
        let i = self.spaces.iter().position(hit)?;
        self.last = i;
        Some(i)
    }

    /// An object of `size` bytes at `addr`.
    pub fn object(&mut self, addr: u64, size: u64) {
        let Some(si) = self.space_of(addr) else {
            self.stray_objects += 1;
            return;
        };
        let shift = self.shift;
        let s = &mut self.spaces[si];
        let first = ((addr - s.layout.start) >> shift) as usize;
        s.objects[first] += 1;
        let mut at = addr;
        let end = addr + size;
        let mut tile = first;
        while at < end && tile < s.used.len() {
            let tile_end = s.layout.start + ((tile as u64 + 1) << shift);
            let part = end.min(tile_end) - at;
            s.used[tile] += part as u32;
            at += part;
            tile += 1;
        }
    }

    /// The tile size, for `Bins` that will be added to this tiler.
    pub fn tile_size(&self) -> u64 {
        self.tile_size
    }

    /// Adds objects binned before (`Bins` of this tiler's tile size), as if each were given
    /// to `object` again. The bins may run over several spaces (a pause's copies in many
    /// regions); their origin must be on each space's tile grid.
    pub fn add_bins(&mut self, bins: &Bins) {
        self.each_bin(bins, |s, tile, k| {
            s.used[tile] += bins.used[k];
            s.objects[tile] += bins.objects[k];
        });
    }

    /// Adds the bytes of `bins` (objects binned before, such as the marked ones) to the
    /// collector stream `stream`, tile by tile: `set_range` for each object, done once.
    pub fn add_stream_bins(&mut self, stream: u16, bins: &Bins) {
        self.each_bin(bins, |s, tile, k| {
            let v = s.extra_mut(stream);
            v[tile] = v[tile].saturating_add(bins.used[k]);
        });
    }

    /// Calls `f(space, tile in it, bin)` for each non-empty bin of `bins`; objects outside
    /// every space count as stray.
    fn each_bin(&mut self, bins: &Bins, mut f: impl FnMut(&mut SpaceTiles, usize, usize)) {
        assert_eq!(bins.shift, self.shift, "bins of another tile size");
        for k in 0..bins.used.len() {
            if bins.used[k] == 0 && bins.objects[k] == 0 {
                continue;
            }
            let addr = bins.start + ((k as u64) << self.shift);
            let Some(si) = self.space_of(addr) else {
                self.stray_objects += bins.objects[k] as u64;
                continue;
            };
            let s = &mut self.spaces[si];
            assert_eq!(
                (addr - s.layout.start) & (self.tile_size - 1),
                0,
                "bins counted from an origin off their space's tile grid"
            );
            let tile = ((addr - s.layout.start) >> self.shift) as usize;
            if tile < s.used.len() {
                f(s, tile, k);
            }
        }
    }

    /// Adds `value` to the collector stream `stream` of the tile holding `addr`.
    pub fn add(&mut self, stream: u16, addr: u64, value: u32) {
        if let Some(si) = self.space_of(addr) {
            let shift = self.shift;
            let s = &mut self.spaces[si];
            let tile = ((addr - s.layout.start) >> shift) as usize;
            let v = s.extra_mut(stream);
            v[tile] = v[tile].saturating_add(value);
        }
    }

    /// Draws a separator before the tile holding `addr` (a boundary the collector moves: the
    /// end of mark-compact's dense prefix, the allocation top).
    pub fn separator(&mut self, addr: u64) {
        if let Some(si) = self.space_of(addr) {
            let shift = self.shift;
            let s = &mut self.spaces[si];
            let tile = ((addr - s.layout.start) >> shift) as u32;
            if tile > 0 {
                s.marks.push(tile);
            }
        }
    }

    /// Draws the tiles of `[start, end)` as used although their space is idle memory (a
    /// step frame's to-space, filling while the collector copies into it).
    pub fn in_use(&mut self, start: u64, end: u64) {
        if end <= start {
            return;
        }
        if let Some(si) = self.space_of(start) {
            let shift = self.shift;
            let s = &mut self.spaces[si];
            let first = ((start - s.layout.start) >> shift) as u32;
            let last = (((end - 1 - s.layout.start) >> shift) as u32 + 1).min(s.layout.tiles);
            s.in_use.push((first, last));
        }
    }

    /// Spreads `value` over `[start, end)` of the collector stream `stream`: each tile gets
    /// the share of `value` its overlap with the range is of the range (a region's live bytes
    /// over the tiles of the region). With `spread == false`, each tile overlapping the range
    /// gets `value` as it is (a region's remembered-set size, shown on each of its tiles).
    pub fn set_range(&mut self, stream: u16, start: u64, end: u64, value: u64, spread: bool) {
        if end <= start {
            return;
        }
        let Some(si) = self.space_of(start) else {
            return;
        };
        let shift = self.shift;
        let s = &mut self.spaces[si];
        let base = s.layout.start;
        let v = s.extra_mut(stream);
        let first = ((start - base) >> shift) as usize;
        let last = (((end - 1 - base) >> shift) as usize).min(v.len().saturating_sub(1));
        for (tile, slot) in v.iter_mut().enumerate().take(last + 1).skip(first) {
            let t0 = base + ((tile as u64) << shift);
            let t1 = t0 + (1u64 << shift);
            let share = if spread {
                let overlap = end.min(t1) - start.max(t0);
                (value as u128 * overlap as u128 / (end - start) as u128) as u64
            } else {
                value
            };
            *slot = slot.saturating_add(share.min(u32::MAX as u64) as u32);
        }
    }

    /// The frame's spaces: standard streams, the collector's streams, control and separators.
    pub fn finish(self) -> Vec<FrameSpace> {
        let ts = self.tile_size;
        self.spaces
            .into_iter()
            .map(|s| {
                let (role, mut ctl, mut separators) = roles_and_control(&s.layout, ts);
                for &(a, b) in &s.in_use {
                    for c in &mut ctl[a as usize..b as usize] {
                        if *c == control::BACKGROUND {
                            *c = control::USED;
                        }
                    }
                }
                separators.extend(&s.marks);
                separators.sort_unstable();
                separators.dedup();
                let mut streams = vec![
                    StreamValues {
                        id: standard::USED,
                        values: s.used,
                    },
                    StreamValues {
                        id: standard::OBJECTS,
                        values: s.objects,
                    },
                    StreamValues {
                        id: standard::ROLE,
                        values: role,
                    },
                ];
                let mut extra = s.extra;
                extra.sort_by_key(|(id, _)| *id);
                streams.extend(
                    extra
                        .into_iter()
                        .map(|(id, values)| StreamValues { id, values }),
                );
                FrameSpace {
                    name: s.layout.name,
                    kind: s.layout.kind,
                    start: s.layout.start,
                    tiles: s.layout.tiles,
                    streams,
                    control: ctl,
                    separators,
                }
            })
            .collect()
    }
}

/// Per tile: the role (kind of the heap space covering the tile's first byte), the control
/// value, and the separators (tiles where a heap space of at least two tiles starts).
fn roles_and_control(l: &SpaceLayout, ts: u64) -> (Vec<u32>, Vec<u8>, Vec<u32>) {
    let n = l.tiles as usize;
    let mut role = vec![ROLE_UNCOMMITTED; n];
    let mut ctl = vec![control::UNUSED; n];
    let mut separators = Vec::new();
    for m in &l.members {
        let first = ((m.start - l.start) / ts) as usize;
        let last = ((m.end - 1 - l.start) / ts) as usize;
        let background = matches!(m.kind, TraceSpaceKind::Free | TraceSpaceKind::SemiTo);
        for tile in first..=last.min(n - 1) {
            let tile_start = l.start + tile as u64 * ts;
            if tile_start >= m.start || role[tile] == ROLE_UNCOMMITTED {
                role[tile] = m.kind as u32;
                ctl[tile] = if background {
                    control::BACKGROUND
                } else {
                    control::USED
                };
            }
        }
        if first > 0 && (m.start - l.start).is_multiple_of(ts) && m.end - m.start >= 2 * ts {
            separators.push(first as u32);
        }
    }
    separators.sort_unstable();
    separators.dedup();
    (role, ctl, separators)
}

/// The frame's summary: per stream, the total over every tile (the role stream: the number
/// of tiles in use).
pub fn summarise(spaces: &[FrameSpace]) -> Vec<(u16, u64)> {
    let mut totals: Vec<(u16, u64)> = Vec::new();
    for s in spaces {
        for sv in &s.streams {
            let total = if sv.id == standard::ROLE {
                s.control.iter().filter(|&&c| c == control::USED).count() as u64
            } else {
                sv.values.iter().map(|&v| v as u64).sum()
            };
            match totals.iter_mut().find(|(id, _)| *id == sv.id) {
                Some((_, t)) => *t += total,
                None => totals.push((sv.id, total)),
            }
        }
    }
    totals.sort_by_key(|(id, _)| *id);
    totals
}

#[cfg(test)]
mod tests {
    use super::*;

    fn space(id: u32, name: &str, kind: TraceSpaceKind, start: u64, end: u64) -> SpaceDesc {
        SpaceDesc {
            id,
            kind,
            start,
            end,
            name: name.into(),
        }
    }

    #[test]
    fn regions_become_one_space_with_their_roles() {
        let spaces = vec![
            space(0, "region 0", TraceSpaceKind::Eden, 0, 4096),
            space(1, "region 1", TraceSpaceKind::Old, 4096, 8192),
            space(3, "region 3", TraceSpaceKind::Free, 12288, 16384),
        ];
        let l = layout(&spaces, 1024);
        assert_eq!(l.len(), 1);
        assert_eq!(l[0].tiles, 16);
        let frame = Tiler::new(l, 1024).finish();
        let role = &frame[0].streams[standard::ROLE as usize].values;
        assert_eq!(role[0], TraceSpaceKind::Eden as u32);
        assert_eq!(role[4], TraceSpaceKind::Old as u32);
        assert_eq!(role[8], ROLE_UNCOMMITTED);
        assert_eq!(frame[0].control[8], control::UNUSED);
        assert_eq!(frame[0].control[12], control::BACKGROUND);
        assert_eq!(frame[0].separators, vec![4, 12]);
    }

    #[test]
    fn an_object_spanning_tiles_counts_its_bytes_in_each_and_itself_once() {
        let spaces = vec![space(0, "heap", TraceSpaceKind::Old, 0, 4096)];
        let mut t = Tiler::for_spaces(&spaces, 1024);
        t.object(1000, 2100);
        let f = t.finish();
        assert_eq!(f[0].streams[0].values, vec![24, 1024, 1024, 28]);
        assert_eq!(f[0].streams[1].values, vec![1, 0, 0, 0]);
        assert_eq!(summarise(&f)[0], (standard::USED, 2100));
    }

    #[test]
    fn objects_binned_once_add_to_a_tiler_as_if_given_one_by_one() {
        let spaces = vec![space(0, "heap", TraceSpaceKind::Old, 0, 8192)];
        let objects = [(1000, 2100), (3100, 24), (5000, 16), (6200, 1900)];
        let mut direct = Tiler::for_spaces(&spaces, 1024);
        let mut binned = Tiler::for_spaces(&spaces, 1024);
        let (mut low, mut high) = (Bins::new(0, 1024), Bins::new(0, 1024));
        for &(addr, size) in &objects {
            direct.object(addr, size);
            if addr < 4096 {
                low.object(addr, size)
            } else {
                high.object(addr, size)
            }
        }
        binned.add_bins(&low);
        binned.add_bins(&high);
        assert_eq!(binned.finish(), direct.finish());
    }

    /// `objects` given to a tiler one by one, and binned from `origin` then added: the two
    /// frames must be the same, with no stray object.
    fn assert_binned_as_given(spaces: &[SpaceDesc], origin: u64, objects: &[(u64, u64)]) {
        let mut direct = Tiler::for_spaces(spaces, 1024);
        let mut binned = Tiler::for_spaces(spaces, 1024);
        let mut bins = Bins::new(origin, 1024);
        for &(addr, size) in objects {
            direct.object(addr, size);
            bins.object(addr, size);
        }
        binned.add_bins(&bins);
        assert_eq!(binned.stray_objects, 0);
        assert_eq!(binned.finish(), direct.finish());
    }

    #[test]
    fn bins_of_a_space_off_the_tile_size_grid_count_from_its_start() {
        let spaces = vec![space(0, "heap", TraceSpaceKind::Old, 512, 512 + 4096)];
        assert_binned_as_given(&spaces, 512, &[(600, 500), (1500, 100), (3000, 1600)]);
    }

    #[test]
    fn bins_running_over_two_spaces_add_to_each() {
        let spaces = vec![
            space(0, "region 0", TraceSpaceKind::Old, 512, 512 + 2048),
            space(1, "region 1", TraceSpaceKind::Old, 512 + 2048, 512 + 4096),
        ];
        let objects = [(700, 300), (2000, 900), (3000, 64), (4000, 600)];
        assert_binned_as_given(&spaces, 512, &objects);
    }

    #[test]
    fn stream_bins_add_what_set_range_spreads_object_by_object() {
        let spaces = vec![space(0, "heap", TraceSpaceKind::Old, 0, 8192)];
        let objects = [(1000, 2100), (3100, 24), (6200, 1900)];
        let mut direct = Tiler::for_spaces(&spaces, 1024);
        let mut binned = Tiler::for_spaces(&spaces, 1024);
        let mut bins = Bins::new(0, 1024);
        for &(addr, size) in &objects {
            direct.set_range(9, addr, addr + size, size, true);
            bins.object(addr, size);
        }
        binned.add_stream_bins(9, &bins);
        assert_eq!(binned.finish(), direct.finish());
    }

    #[test]
    #[should_panic(expected = "off their space's tile grid")]
    fn bins_counted_from_another_origin_are_refused() {
        let spaces = vec![space(0, "heap", TraceSpaceKind::Old, 512, 512 + 4096)];
        let mut tiler = Tiler::for_spaces(&spaces, 1024);
        let mut bins = Bins::new(0, 1024);
        bins.object(1100, 16);
        tiler.add_bins(&bins);
    }

    #[test]
    fn a_spread_value_is_shared_by_overlap() {
        let spaces = vec![space(0, "heap", TraceSpaceKind::Old, 0, 4096)];
        let mut t = Tiler::for_spaces(&spaces, 1024);
        t.set_range(7, 512, 2560, 2048, true);
        let f = t.finish();
        assert_eq!(f[0].streams[3].id, 7);
        assert_eq!(f[0].streams[3].values, vec![512, 1024, 512, 0]);
    }
}
