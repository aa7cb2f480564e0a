//! Size arguments as Java spells them (`64m`, `512k`, `1g`), and the ranges each option allows:
//! heap sizes, thread stacks, regions, tiles.

/// Java's smallest and largest thread stacks (HotSpot on Linux x64 refuses others).
const MIN_STACK: usize = 136 << 10;
const MAX_STACK: usize = 1 << 30;

/// A positive number of bytes, with an optional k, m or g.
pub fn parse_size(s: &str) -> Result<usize, String> {
    let (digits, unit) = s.split_at(s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len()));
    let n: usize = digits.parse().map_err(|_| format!("invalid size '{s}'"))?;
    let mult = match unit {
        "" => 1,
        "k" | "K" => 1 << 10,
        "m" | "M" => 1 << 20,
        "g" | "G" => 1 << 30,
        _ => return Err(format!("invalid size '{s}' (use a number with k, m or g)")),
    };
    n.checked_mul(mult)
        .filter(|&v| v > 0)
        .ok_or_else(|| format!("invalid size '{s}'"))
}

/// `--xss` / `-Xss`: a size from 136k to 1g, refused in HotSpot's words.
pub fn parse_stack_size(s: &str) -> Result<usize, String> {
    let size = parse_size(s)?;
    if size < MIN_STACK {
        return Err(
            "The Java thread stack size specified is too small. Specify at least 136k".into(),
        );
    }
    if size > MAX_STACK {
        return Err("Invalid thread stack size: the largest is 1g".into());
    }
    Ok(size)
}

/// `--region-size`: a size that is a power of two from 64k to 32m.
pub fn parse_region_size(s: &str) -> Result<usize, String> {
    let size = parse_size(s)?;
    if size.is_power_of_two() && (64 << 10..=32 << 20).contains(&size) {
        Ok(size)
    } else {
        Err(format!("{s} is not a power of two from 64k to 32m"))
    }
}

/// `--stream-tile`, `--tile-size`: a power of two from 256 to 64m (the tracer's rule).
pub fn parse_tile_size(s: &str) -> Result<u64, String> {
    gcvm_tracer::stream::parse_size(s).and_then(gcvm_tracer::stream::check_tile_size)
}
