//! Replays recorded gcvm traces and heap streams (see tools/replay/README.md).
