// Stencils through shared memory: each tile block loads its TILE cells plus a one-cell halo on
// every side into one shared tile and reads the neighbours as shifted views of it (tile_view).
// The input carries the halo (two more cells per dimension than the output), so every load is
// in bounds by construction: a 1D smoothing filter, second derivative or central difference,
// and a 2D five-point Laplacian or neighbour average.
#include "synth/tile_kernel.h"

#include <fmt/format.h>

namespace ws::synth::tiles {

namespace {

void stencil_1d(TileKernel& k) {
    Dice& d = k.dice;
    static constexpr int kTile[] = {32, 64, 128, 256};
    const int tile = kTile[d.below(4)];
    const std::string t = k.constant("TILE", tile), halo = k.constant_expr("HALO", "TILE + 2");
    const int64_t blocks = d.range(2, 8);
    const std::string in =
        k.array(pick(d, {"u", "signal", "field", "x"}), k.real(), {blocks * tile + 2}, -1.0, 1.0);
    const std::string out =
        k.array(pick(d, {"out", "result", "u_out"}), k.real(), {blocks * tile}, 0, 0, true);
    const size_t kind = d.below(3);
    const std::string dx = kind == 0 ? "" : k.scalar("dx", 0.05, 0.5);
    k.dim = {blocks};
    k.line("i = wp.tid()");
    k.line(fmt::format("cells = wp.tile_load({}, shape={}, offset=i * {}, storage=\"shared\")", in, halo, t));
    k.line(fmt::format("left = wp.tile_view(cells, offset=(0,), shape=({},))", t));
    if (kind != 2) k.line(fmt::format("center = wp.tile_view(cells, offset=(1,), shape=({},))", t));
    k.line(fmt::format("right = wp.tile_view(cells, offset=(2,), shape=({},))", t));
    std::string what;
    if (kind == 0) {
        k.line(
            fmt::format("smoothed = {0} * left + {1} * center + {0} * right", k.lit("0.25"), k.lit("0.5")));
        k.line(fmt::format("wp.tile_store({}, smoothed, offset=i * {})", out, t));
        what = "Smooths " + in + " with the [1/4, 1/2, 1/4] binomial filter";
    } else if (kind == 1) {
        k.line(fmt::format("d2 = (left - {} * center + right) * ({} / ({} * {}))", k.lit("2.0"), k.lit("1.0"),
                           dx, dx));
        k.line(fmt::format("wp.tile_store({}, d2, offset=i * {})", out, t));
        what = "Takes the second derivative of " + in + " with the three-point stencil over the spacing dx";
    } else {
        k.line(fmt::format("slope = (right - left) * ({} / {})", k.lit("0.5"), dx));
        k.line(fmt::format("wp.tile_store({}, slope, offset=i * {})", out, t));
        what = "Takes the central difference of " + in + " over the spacing dx";
    }
    k.name = kind == 0 ? pick(d, {"smooth_1d", "binomial_filter", "blur_tiled"})
                       : (kind == 1 ? pick(d, {"second_derivative", "laplacian_1d"})
                                    : pick(d, {"central_difference", "gradient_1d"}));
    k.description =
        fmt::format("{}: each tile block loads {} cells and their two neighbours into a shared tile and "
                    "reads the neighbours as shifted views of it; {} holds one ghost cell at each end.",
                    what, tile, in);
}

void stencil_2d(TileKernel& k) {
    Dice& d = k.dice;
    const int tile = d.below(2) ? 8 : 16;
    const std::string t = k.constant("TILE", tile), halo = k.constant_expr("HALO", "TILE + 2");
    const int64_t gi = d.range(1, 4), gj = d.range(1, 4);
    const std::string in = k.array(pick(d, {"u", "field", "temperature", "phi"}), k.real(),
                                   {gi * tile + 2, gj * tile + 2}, -1.0, 1.0);
    const std::string out =
        k.array(pick(d, {"out", "lap_u", "u_new"}), k.real(), {gi * tile, gj * tile}, 0, 0, true);
    const bool laplacian = d.below(2) == 0;
    const std::string h = laplacian ? k.scalar("h", 0.05, 0.5) : "";
    k.dim = {gi, gj};
    k.line("i, j = wp.tid()");
    k.line(
        fmt::format("cells = wp.tile_load({}, shape=({}, {}), offset=(i * {}, j * {}), storage=\"shared\")",
                    in, halo, halo, t, t));
    const char* views[][3] = {{"north", "0", "1"},
                              {"south", "2", "1"},
                              {"west", "1", "0"},
                              {"east", "1", "2"},
                              {"center", "1", "1"}};
    for (const auto& v : views)
        k.line(
            fmt::format("{} = wp.tile_view(cells, offset=({}, {}), shape=({}, {}))", v[0], v[1], v[2], t, t));
    if (laplacian) {
        k.line(fmt::format("lap = (north + south + west + east - {} * center) * ({} / ({} * {}))",
                           k.lit("4.0"), k.lit("1.0"), h, h));
        k.line(fmt::format("wp.tile_store({}, lap, offset=(i * {}, j * {}))", out, t, t));
    } else {
        k.line(fmt::format("avg = (north + south + west + east + center) * {}", k.lit("0.2")));
        k.line(fmt::format("wp.tile_store({}, avg, offset=(i * {}, j * {}))", out, t, t));
    }
    k.name = laplacian ? pick(d, {"laplacian_2d", "five_point_laplacian", "laplace_tiled"})
                       : pick(d, {"box_smooth_2d", "neighbour_average", "diffuse_tiled"});
    k.description =
        fmt::format("{} of {} into {} ({}x{} cells per tile block): the block's cells and a one-cell halo "
                    "are loaded into one shared tile, and the four neighbours are shifted views of it.",
                    laplacian ? "Computes the five-point Laplacian with grid spacing h"
                              : "Averages every cell with its four neighbours",
                    in, out, tile, tile);
}

} // namespace

void tile_stencil(TileKernel& k) {
    if (k.dice.below(2) == 0)
        stencil_1d(k);
    else
        stencil_2d(k);
}

} // namespace ws::synth::tiles
