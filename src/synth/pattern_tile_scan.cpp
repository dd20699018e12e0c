// Reorderings and prefix operations on tiles: the normalised cumulative distribution of each
// segment of weights (tile_scan_inclusive), exclusive prefix sums of counts (the write offsets of
// a compaction), a sort of each block of keys carrying their indices (tile_sort with
// tile_arange), and a blocked matrix transpose through a tile (tile_transpose).
#include "synth/tile_kernel.h"

#include <fmt/format.h>

namespace ws::synth::tiles {

namespace {

int segment_size(Dice& d) {
    static constexpr int kTile[] = {32, 64, 128, 256};
    return kTile[d.below(4)];
}

void segment_cdf(TileKernel& k) {
    Dice& d = k.dice;
    const int tile = segment_size(d);
    const std::string t = k.constant(pick(d, {"TILE", "SEGMENT", "BINS"}), tile);
    const int64_t blocks = d.range(2, 8);
    const std::string w =
        k.array(pick(d, {"weights", "pdf", "histogram"}), k.real(), {blocks * tile}, 0.1, 1.0);
    const std::string out = k.array(pick(d, {"cdf", "cumulative"}), k.real(), {blocks * tile}, 0, 0, true);
    k.dim = {blocks};
    k.line("i = wp.tid()");
    k.line(fmt::format("w = wp.tile_load({}, shape={}, offset=i * {})", w, t, t));
    k.line("running = wp.tile_scan_inclusive(w)");
    k.line(fmt::format("total = wp.tile_broadcast(wp.tile_sum(w), shape=({},))", t));
    k.line(fmt::format("wp.tile_store({}, running / total, offset=i * {})", out, t));
    k.name = pick(d, {"segment_cdf", "build_cdf_tiled", "normalized_prefix_sum"});
    k.description =
        fmt::format("Builds the cumulative distribution of each segment of {} positive weights in {}: "
                    "an inclusive scan of the segment divided by its total, so each segment's {} rises "
                    "to 1 (for sampling by inversion).",
                    tile, w, out);
}

void count_offsets(TileKernel& k) {
    Dice& d = k.dice;
    const int tile = segment_size(d);
    const std::string t = k.constant(pick(d, {"TILE", "BLOCK"}), tile);
    const int64_t blocks = d.range(2, 8);
    const std::string counts =
        k.array(pick(d, {"counts", "num_items", "hits"}), "int", {blocks * tile}, 0, 4);
    const std::string out =
        k.array(pick(d, {"offsets", "write_offsets", "starts"}), "int", {blocks * tile}, 0, 0, true);
    k.dim = {blocks};
    k.line("i = wp.tid()");
    k.line(fmt::format("c = wp.tile_load({}, shape={}, offset=i * {})", counts, t, t));
    k.line(fmt::format("wp.tile_store({}, wp.tile_scan_exclusive(c), offset=i * {})", out, t));
    k.name = pick(d, {"block_offsets", "exclusive_scan_counts", "compaction_offsets"});
    k.description =
        fmt::format("Turns the per-item counts in {} into write offsets within each block of {} items: "
                    "an exclusive prefix sum, so item k of a block starts after the items before it.",
                    counts, tile);
}

void block_sort(TileKernel& k) {
    Dice& d = k.dice;
    const int tile = segment_size(d);
    const std::string t = k.constant(pick(d, {"TILE", "BLOCK"}), tile);
    const int64_t blocks = d.range(2, 8);
    const std::string keys =
        k.array(pick(d, {"keys", "depths", "distances"}), k.real(), {blocks * tile}, -1.0, 1.0, true, true);
    const std::string order =
        k.array(pick(d, {"order", "perm", "indices"}), "int", {blocks * tile}, 0, 0, true);
    k.dim = {blocks};
    k.line("i = wp.tid()");
    k.line(fmt::format("key = wp.tile_load({}, shape={}, offset=i * {}, storage=\"shared\")", keys, t, t));
    k.line(fmt::format(
        "idx = wp.tile_arange({0}, dtype=int, storage=\"shared\") + wp.tile_full(shape={0}, value=i * "
        "{0}, dtype=int)",
        t));
    k.line("wp.tile_sort(key, idx)");
    k.line(fmt::format("wp.tile_store({}, key, offset=i * {})", keys, t));
    k.line(fmt::format("wp.tile_store({}, idx, offset=i * {})", order, t));
    k.name = pick(d, {"sort_blocks", "block_argsort", "tile_sort_segments"});
    k.description =
        fmt::format("Sorts each block of {} values of {} in place, in ascending order, and writes to {} "
                    "the index each sorted value came from.",
                    tile, keys, order);
}

void transpose(TileKernel& k) {
    Dice& d = k.dice;
    static constexpr int kSide[] = {8, 16, 32};
    const int tr = kSide[d.below(3)], tc = kSide[d.below(3)];
    const std::string r = k.constant("TILE_ROWS", tr), c = k.constant("TILE_COLS", tc);
    const int64_t gi = d.range(1, 4), gj = d.range(1, 4);
    const std::string a = k.array(pick(d, {"a", "src", "matrix"}), k.real(), {gi * tr, gj * tc}, -1.0, 1.0);
    const std::string at =
        k.array(pick(d, {"a_t", "dst", "transposed"}), k.real(), {gj * tc, gi * tr}, 0, 0, true);
    const bool scaled = d.below(3) == 0;
    const std::string s = scaled ? k.scalar("scale", 0.5, 2.0) : "";
    k.dim = {gi, gj};
    k.line("i, j = wp.tid()");
    k.line(fmt::format("t = wp.tile_load({}, shape=({}, {}), offset=(i * {}, j * {}))", a, r, c, r, c));
    k.line(fmt::format("wp.tile_store({}, wp.tile_transpose(t){}, offset=(j * {}, i * {}))", at,
                       scaled ? " * " + s : "", c, r));
    k.name = pick(d, {"transpose_tiled", "blocked_transpose", "transpose_blocks"});
    k.description =
        fmt::format("Writes the transpose of {}{} to {}, one {}x{} block per tile block: the block is "
                    "loaded as a tile, transposed in shared memory and stored at the mirrored offset.",
                    a, scaled ? " times scale" : "", at, tr, tc);
}

} // namespace

void tile_scan(TileKernel& k) {
    size_t kind = k.dice.below(4);
    // Warp scans float32, int32 and uint32 tiles and sorts no float64 keys: a float64 kernel transposes.
    if ((kind == 0 || kind == 2) && k.fp == Scalar::F64) kind = 3;
    switch (kind) {
    case 0: segment_cdf(k); break;
    case 1: count_offsets(k); break;
    case 2: block_sort(k); break;
    default: transpose(k); break;
    }
}

} // namespace ws::synth::tiles
