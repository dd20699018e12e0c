// Blocked matrix products: each tile block owns one TILE_M x TILE_N block of the result, loops
// over K in TILE_K slices (tile_load of both operands, tile_matmul accumulating into a
// tile_zeros accumulator) and ends with an epilogue: a bias row broadcast over the block, an
// activation through tile_map, or the BLAS form alpha * A @ B + beta * C.
#include "synth/tile_kernel.h"

#include <fmt/format.h>

namespace ws::synth::tiles {

namespace {

enum class Epilogue { None, Bias, BiasActivation, Activation, AlphaBeta };

struct Gemm {
    std::string a, b, out, tm, tn, tk;
    bool transposed = false; // b is stored (N, K), as a linear layer's weight
    bool layer = false;      // named as a neural network layer rather than a GEMM
    int64_t m = 0, n = 0, kk = 0;
};

Epilogue draw_epilogue(TileKernel& k, bool layer) {
    if (!k.dice.on(Knob::PTileEpilogue)) return Epilogue::None;
    if (!layer) return k.dice.below(3) == 0 ? Epilogue::Activation : Epilogue::AlphaBeta;
    const size_t e = k.dice.below(4);
    return e == 0 ? Epilogue::Bias : (e == 3 ? Epilogue::Activation : Epilogue::BiasActivation);
}

// The K loop: a tile of each operand per step, accumulated by tile_matmul.
void write_loop(TileKernel& k, const Gemm& g) {
    const std::string shared = k.dice.on(Knob::PTileShared) ? ", storage=\"shared\"" : "";
    k.line(fmt::format("acc = wp.tile_zeros(shape=({}, {}), dtype={})", g.tm, g.tn, k.real()));
    std::string trips;
    if (k.dice.on(Knob::PTileShapeLoop)) {
        trips = fmt::format("{}.shape[1] // {}", g.a, g.tk);
    } else {
        trips = k.constant("K_TILES", g.kk);
    }
    k.line(fmt::format("for k in range({}):", trips));
    k.line(fmt::format("    ta = wp.tile_load({}, shape=({}, {}), offset=(i * {}, k * {}){})", g.a, g.tm,
                       g.tk, g.tm, g.tk, shared));
    if (g.transposed) {
        k.line(fmt::format("    tb = wp.tile_load({}, shape=({}, {}), offset=(j * {}, k * {}){})", g.b, g.tn,
                           g.tk, g.tn, g.tk, shared));
        k.line("    wp.tile_matmul(ta, wp.tile_transpose(tb), acc)");
    } else {
        k.line(fmt::format("    tb = wp.tile_load({}, shape=({}, {}), offset=(k * {}, j * {}){})", g.b, g.tk,
                           g.tn, g.tk, g.tn, shared));
        k.line("    wp.tile_matmul(ta, tb, acc)");
    }
}

// The epilogue and the store; returns the clause the description ends with.
std::string write_epilogue(TileKernel& k, const Gemm& g, Epilogue e) {
    const std::string at = fmt::format("offset=(i * {}, j * {})", g.tm, g.tn);
    std::string result = "acc", clause;
    if (e == Epilogue::Bias || e == Epilogue::BiasActivation) {
        const std::string bias =
            k.array(pick(k.dice, {"bias", "b_out", "offsets"}), k.real(), {g.n}, -0.5, 0.5);
        k.line(fmt::format("bias_row = wp.tile_load({}, shape={}, offset=j * {})", bias, g.tn, g.tn));
        k.line(fmt::format("acc += wp.tile_broadcast(bias_row, shape=({}, {}))", g.tm, g.tn));
        clause = fmt::format(", adds the bias {} to every row", bias);
    }
    if (e == Epilogue::Activation || e == Epilogue::BiasActivation) {
        std::string phrase;
        const std::string f = tile_activation(k, phrase);
        k.line(fmt::format("activated = wp.tile_map({}, acc)", f));
        result = "activated";
        clause += " and " + phrase + " element-wise";
    }
    if (e == Epilogue::AlphaBeta) {
        const std::string alpha = k.scalar("alpha", 0.5, 2.0), beta = k.scalar("beta", -1.0, 1.0);
        k.line(fmt::format("c_old = wp.tile_load({}, shape=({}, {}), {})", g.out, g.tm, g.tn, at));
        k.line(fmt::format("wp.tile_store({}, acc * {} + c_old * {}, {})", g.out, alpha, beta, at));
        return fmt::format(" and overwrites {0} with {1} * {2} @ {3} + {4} * {0}", g.out, alpha, g.a, g.b,
                           beta);
    }
    k.line(fmt::format("wp.tile_store({}, {}, {})", g.out, result, at));
    return clause;
}

} // namespace

void tile_gemm(TileKernel& k) {
    Dice& d = k.dice;
    Gemm g;
    g.layer = d.below(2) == 0;
    g.transposed = d.on(Knob::PTileTransposeB);
    const Epilogue e = draw_epilogue(k, g.layer);
    static constexpr int kTiles[] = {8, 16, 32}, kDepth[] = {4, 8, 16};
    const int tm = kTiles[d.below(3)], tn = kTiles[d.below(3)], tk = kDepth[d.below(3)];
    g.tm = k.constant("TILE_M", tm);
    g.tn = k.constant("TILE_N", tn);
    g.tk = k.constant("TILE_K", tk);
    const int64_t gm = d.range(1, 4), gn = d.range(1, 4);
    g.kk = d.range(1, 4);
    g.m = gm * tm;
    g.n = gn * tn;
    const int64_t depth = g.kk * tk;
    g.a = k.array(g.layer ? pick(d, {"x", "inputs", "features", "activations"}) : "a", k.real(), {g.m, depth},
                  -1.0, 1.0);
    g.b = k.array(g.layer ? pick(d, {"weight", "w", "weights"}) : "b", k.real(),
                  g.transposed ? std::vector<int64_t>{g.n, depth} : std::vector<int64_t>{depth, g.n}, -1.0,
                  1.0);
    g.out = k.array(g.layer ? pick(d, {"out", "y", "outputs", "hidden"}) : "c", k.real(), {g.m, g.n}, -1.0,
                    1.0, true, e == Epilogue::AlphaBeta);
    k.dim = {gm, gn};
    k.line("i, j = wp.tid()");
    write_loop(k, g);
    const std::string clause = write_epilogue(k, g, e);
    const std::string product = fmt::format("{} @ {}{}", g.a, g.b, g.transposed ? ".T" : "");
    if (g.layer)
        k.name =
            pick(d, {"dense_forward", "linear_tiled", "dense_layer", "fused_linear", "mlp_layer_forward"});
    else
        k.name = pick(d, {"gemm_tiled", "blocked_matmul", "tile_gemm", "matmul_blocked", "gemm_kernel"});
    k.description = fmt::format("Computes {} block by block: each tile block owns one {}x{} block of {}, "
                                "accumulates {}-wide slices of "
                                "the shared dimension with wp.tile_matmul{}.",
                                product, tm, tn, g.out, tk, clause);
}

} // namespace ws::synth::tiles
