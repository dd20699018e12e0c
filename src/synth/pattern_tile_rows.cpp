// Normalisations over rows, one row per tile block: softmax (with a temperature, or as a
// log-softmax), layer norm and RMS norm with learned gain (and bias). The row's statistics are
// one-element tiles (tile_max, tile_sum) broadcast back over the row with tile_broadcast.
#include "synth/tile_kernel.h"

#include <fmt/format.h>

namespace ws::synth::tiles {

namespace {

struct Row {
    std::string cols, in, out, shape; // shape: "(1, COLS)"
    int ncols = 0;
};

Row load_row(TileKernel& k, const std::vector<std::string>& in_names,
             const std::vector<std::string>& out_names, double lo, double hi) {
    Dice& d = k.dice;
    static constexpr int kCols[] = {32, 64, 128, 256};
    Row r;
    r.ncols = kCols[d.below(4)];
    r.cols = k.constant(pick(d, {"COLS", "DIM", "FEATURES", "ROW_LEN"}), r.ncols);
    r.shape = "(1, " + r.cols + ")";
    const int64_t rows = d.range(2, 16);
    r.in = k.array(pick(d, in_names), k.real(), {rows, r.ncols}, lo, hi);
    r.out = k.array(pick(d, out_names), k.real(), {rows, r.ncols}, 0, 0, true);
    k.dim = {rows};
    k.line("i = wp.tid()");
    return r;
}

void softmax(TileKernel& k) {
    Dice& d = k.dice;
    const bool log_form = d.below(4) == 0, temperature = d.below(3) == 0;
    Row r = load_row(k, {"logits", "scores", "x"}, {log_form ? "log_probs" : "probs", "out", "weights"}, -4.0,
                     4.0);
    if (temperature) {
        const std::string t = k.scalar("temperature", 0.5, 2.0);
        k.line(fmt::format("z = wp.tile_load({}, shape={}, offset=(i, 0)) * ({} / {})", r.in, r.shape,
                           k.lit("1.0"), t));
    } else {
        k.line(fmt::format("z = wp.tile_load({}, shape={}, offset=(i, 0))", r.in, r.shape));
    }
    k.line("peak = wp.tile_max(z)");
    k.line(fmt::format("shifted = z - wp.tile_broadcast(peak, shape={})", r.shape));
    if (log_form) {
        k.line("total = wp.tile_sum(wp.tile_map(wp.exp, shifted))");
        k.line(fmt::format(
            "wp.tile_store({}, shifted - wp.tile_broadcast(wp.tile_map(wp.log, total), shape={}), "
            "offset=(i, 0))",
            r.out, r.shape));
    } else {
        k.line("e = wp.tile_map(wp.exp, shifted)");
        k.line("total = wp.tile_sum(e)");
        k.line(fmt::format("wp.tile_store({}, e / wp.tile_broadcast(total, shape={}), offset=(i, 0))", r.out,
                           r.shape));
    }
    k.name = log_form ? pick(d, {"log_softmax_rows", "log_softmax_tiled"})
                      : pick(d, {"softmax_rows", "row_softmax", "softmax_tiled", "attention_softmax"});
    k.description = fmt::format(
        "Computes the {}softmax of every row of {}{} into {}, one row of {} values per tile "
        "block; the row's maximum is subtracted before exponentiating so that large "
        "scores do not overflow.",
        log_form ? "log-" : "", r.in, temperature ? " divided by a temperature" : "", r.out, r.ncols);
}

void norm(TileKernel& k) {
    Dice& d = k.dice;
    const bool rms = d.below(3) == 0, bias = !rms || d.below(2) == 0;
    const std::string eps = k.real_constant("EPS", d.below(2) ? "1.0e-5" : "1.0e-6");
    const std::string f = rms ? "inv_rms" : "inv_std";
    k.func(fmt::format("@wp.func\ndef {0}(v: {1}) -> {1}:\n    return {2} / wp.sqrt(v + {3})\n", f, k.real(),
                       k.lit("1.0"), eps));
    Row r = load_row(k, {"x", "hidden", "activations"}, {"y", "out", "normed"}, -2.0, 2.0);
    const std::string gamma = k.array(pick(d, {"gamma", "gain", "weight"}), k.real(), {r.ncols}, 0.5, 1.5);
    const std::string inv_n = k.inverse(r.cols, r.ncols);
    k.line(fmt::format("row = wp.tile_load({}, shape={}, offset=(i, 0))", r.in, r.shape));
    k.line(
        fmt::format("g = wp.tile_broadcast(wp.tile_load({}, shape={}), shape={})", gamma, r.cols, r.shape));
    std::string value = "row";
    if (rms) {
        k.line(fmt::format("mean_sq = wp.tile_sum(wp.tile_map(wp.mul, row, row)) * {}", inv_n));
        k.line(fmt::format("scale = wp.tile_broadcast(wp.tile_map({}, mean_sq), shape={})", f, r.shape));
    } else {
        k.line(fmt::format("mean = wp.tile_sum(row) * {}", inv_n));
        k.line(fmt::format("centered = row - wp.tile_broadcast(mean, shape={})", r.shape));
        k.line(fmt::format("variance = wp.tile_sum(wp.tile_map(wp.mul, centered, centered)) * {}", inv_n));
        k.line(fmt::format("scale = wp.tile_broadcast(wp.tile_map({}, variance), shape={})", f, r.shape));
        value = "centered";
    }
    std::string result = value + " * scale * g";
    if (bias) {
        const std::string beta = k.array(pick(d, {"beta", "bias", "shift"}), k.real(), {r.ncols}, -0.5, 0.5);
        k.line(fmt::format("b = wp.tile_broadcast(wp.tile_load({}, shape={}), shape={})", beta, r.cols,
                           r.shape));
        result += " + b";
    }
    k.line(fmt::format("wp.tile_store({}, {}, offset=(i, 0))", r.out, result));
    k.name = rms ? pick(d, {"rms_norm", "rmsnorm_rows", "rms_norm_tiled"})
                 : pick(d, {"layer_norm", "layernorm_rows", "layer_norm_tiled"});
    k.description =
        fmt::format("Applies {} to every row of {} ({} features, one row per tile block): the row is "
                    "{} by its {} plus {} and scaled by the gain {}{}.",
                    rms ? "RMS normalisation" : "layer normalisation", r.in, r.ncols,
                    rms ? "divided" : "centred and divided", rms ? "root mean square" : "standard deviation",
                    eps, gamma, bias ? " before the shift is added" : "");
}

} // namespace

void tile_rows(TileKernel& k) {
    if (k.dice.below(2) == 0)
        softmax(k);
    else
        norm(k);
}

} // namespace ws::synth::tiles
