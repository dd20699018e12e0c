// Reductions over tiles: a statistic of every row of a 2D array (sum, mean, L2 norm, largest
// magnitude, maximum) for a block of ROWS rows per tile block, or the sum of each segment of a 1D
// array; optionally a grand total accumulated across blocks with tile_atomic_add.
#include "synth/tile_kernel.h"

#include <fmt/format.h>

namespace ws::synth::tiles {

namespace {

enum class Stat { Sum, Mean, Norm, MaxAbs, Max };

struct StatText {
    std::string local, phrase;
    bool additive; // a grand total of it means something
};

// Writes the per-row statistic of `block` (ROWS x COLS) into a local; returns it.
StatText write_stat(TileKernel& k, Stat s, const std::string& cols, int ncols) {
    switch (s) {
    case Stat::Sum: k.line("row_sum = wp.tile_sum(block, axis=1)"); return {"row_sum", "sum", true};
    case Stat::Mean:
        k.line(fmt::format("row_mean = wp.tile_sum(block, axis=1) * {}", k.inverse(cols, ncols)));
        return {"row_mean", "mean", true};
    case Stat::Norm:
        k.line("sq_sum = wp.tile_sum(wp.tile_map(wp.mul, block, block), axis=1)");
        k.line("norm = wp.tile_map(wp.sqrt, sq_sum)");
        return {"norm", "Euclidean norm", true};
    case Stat::MaxAbs:
        k.line("peak = wp.tile_reduce(wp.max, wp.tile_map(wp.abs, block), axis=1)");
        return {"peak", "largest magnitude", false};
    case Stat::Max:
        k.line("row_max = wp.tile_reduce(wp.max, block, axis=1)");
        return {"row_max", "maximum", false};
    }
    return {};
}

void row_statistics(TileKernel& k) {
    Dice& d = k.dice;
    const Stat s = static_cast<Stat>(d.below(5));
    static constexpr int kRows[] = {1, 2, 4, 8}, kCols[] = {32, 64, 128, 256};
    const int rows = kRows[d.below(4)], ncols = kCols[d.below(4)];
    const std::string r = k.constant("ROWS", rows), c = k.constant("COLS", ncols);
    const int64_t blocks = d.range(2, 8);
    const std::string in =
        k.array(pick(d, {"values", "x", "samples", "data"}), k.real(), {blocks * rows, ncols}, -1.0, 1.0);
    const std::string shared = d.on(Knob::PTileShared) ? ", storage=\"shared\"" : "";
    k.dim = {blocks};
    k.line("i = wp.tid()");
    k.line(
        fmt::format("block = wp.tile_load({}, shape=({}, {}), offset=(i * {}, 0){})", in, r, c, r, shared));
    const StatText st = write_stat(k, s, c, ncols);
    const std::string out =
        k.array(pick(d, {"row_stats", "out", "result", "per_row"}), k.real(), {blocks * rows}, 0, 0, true);
    k.line(fmt::format("wp.tile_store({}, {}, offset=i * {})", out, st.local, r));
    std::string total_clause;
    if (st.additive && d.on(Knob::PTileTotal)) {
        const std::string total = k.array("total", k.real(), {1}, 0, 0, true);
        k.line(fmt::format("wp.tile_atomic_add({}, wp.tile_sum({}))", total, st.local));
        total_clause =
            fmt::format(", and adds the block's {}s to {} with wp.tile_atomic_add", st.phrase, total);
    }
    k.name = fmt::format("{}_{}", pick(d, {"row", "rowwise", "per_row"}),
                         s == Stat::Norm
                             ? "norms"
                             : (s == Stat::MaxAbs ? "abs_max" : st.local.substr(st.local.find('_') + 1)));
    k.description =
        fmt::format("Computes the {} of every row of {} into {}: each tile block loads {} rows of {} "
                    "values as one tile and reduces it along its rows{}.",
                    st.phrase, in, out, rows, ncols, total_clause);
}

void segment_sums(TileKernel& k) {
    Dice& d = k.dice;
    static constexpr int kTile[] = {64, 128, 256, 512};
    const int tile = kTile[d.below(4)];
    const std::string t = k.constant(pick(d, {"TILE", "SEGMENT", "BLOCK"}), tile);
    const int64_t blocks = d.range(2, 16);
    const std::string in =
        k.array(pick(d, {"x", "values", "weights", "energies"}), k.real(), {blocks * tile}, -1.0, 1.0);
    const std::string out =
        k.array(pick(d, {"partial_sums", "sums", "segment_sums"}), k.real(), {blocks}, 0, 0, true);
    k.dim = {blocks};
    k.line("i = wp.tid()");
    k.line(fmt::format("segment = wp.tile_load({}, shape={}, offset=i * {})", in, t, t));
    k.line("s = wp.tile_sum(segment)");
    k.line(fmt::format("wp.tile_store({}, s, offset=i)", out));
    std::string total_clause;
    if (d.on(Knob::PTileTotal)) {
        const std::string total = k.array("total", k.real(), {1}, 0, 0, true);
        k.line(fmt::format("wp.tile_atomic_add({}, s)", total));
        total_clause = fmt::format(" and accumulates the grand total in {}", total);
    }
    k.name = pick(d, {"segment_sums", "block_reduce_sum", "partial_sums", "tiled_sum"});
    k.description = fmt::format("Sums {} in segments of {} values, one segment per tile block, writing each "
                                "segment's sum to {}{}.",
                                in, tile, out, total_clause);
}

} // namespace

void tile_reduce(TileKernel& k) {
    if (k.dice.below(3) == 0)
        segment_sums(k);
    else
        row_statistics(k);
}

} // namespace ws::synth::tiles
