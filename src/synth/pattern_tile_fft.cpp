// FFT filters: each tile block transforms one row of complex samples (wp.vec2f / wp.vec2d, real
// and imaginary parts) with tile_fft, multiplies the spectrum by a filter (a complex frequency
// response or real per-bin gains) through tile_map, and transforms back with tile_ifft, scaling
// by 1/N (Warp's inverse is unnormalised); or stores the row's power spectrum. Warp's FFT code
// depends on the block size (elements per thread), so these kernels are launched with
// block_dim=256, the size their code is generated for.
#include "synth/tile_kernel.h"

#include <fmt/format.h>

namespace ws::synth::tiles {

namespace {

struct Spectrum {
    std::string n, complex, signal, out;
    int size = 0;
};

// The filter applied to the spectrum `s`; writes the callable and returns the filtered local.
std::string write_filter(TileKernel& k, const Spectrum& sp, bool complex_response, bool per_row,
                         std::string& what) {
    Dice& d = k.dice;
    const int64_t rows = k.dim[0];
    const std::string at = per_row ? ", offset=(i, 0)" : "";
    if (complex_response) {
        const std::string h = k.array(pick(d, {"response", "transfer", "kernel_spectrum"}), sp.complex,
                                      {per_row ? rows : 1, sp.size}, -1.0, 1.0);
        k.func(fmt::format("@wp.func\ndef complex_mul(a: {0}, b: {0}) -> {0}:\n"
                           "    return {0}(a[0] * b[0] - a[1] * b[1], a[0] * b[1] + a[1] * b[0])\n",
                           sp.complex));
        k.line(fmt::format("h = wp.tile_load({}, shape=(1, {}){})", h, sp.n, at));
        k.line("filtered = wp.tile_map(complex_mul, s, h)");
        what = fmt::format("multiplies it by the frequency response {}", h);
    } else {
        const std::string g = k.array(pick(d, {"gains", "band_gain", "mask"}), k.real(),
                                      {per_row ? rows : 1, sp.size}, 0.0, 1.0);
        k.func(fmt::format("@wp.func\ndef scale_bin(z: {}, gain: {}) -> {}:\n    return z * gain\n",
                           sp.complex, k.real(), sp.complex));
        k.line(fmt::format("g = wp.tile_load({}, shape=(1, {}){})", g, sp.n, at));
        k.line("filtered = wp.tile_map(scale_bin, s, g)");
        what = fmt::format("scales every frequency bin by its gain in {}", g);
    }
    return "filtered";
}

} // namespace

void tile_fft(TileKernel& k) {
    Dice& d = k.dice;
    k.block_dim = 256;
    Spectrum sp;
    sp.size = d.below(2) ? 256 : 512;
    sp.n = k.constant("FFT_SIZE", sp.size);
    sp.complex = k.fp == Scalar::F64 ? "wp.vec2d" : "wp.vec2f";
    const int64_t rows = d.range(1, 8);
    sp.signal = k.array(pick(d, {"signal", "samples", "x"}), sp.complex, {rows, sp.size}, -1.0, 1.0);
    k.dim = {rows};
    const size_t kind = d.below(4); // 0: power spectrum, else a filter
    if (kind == 0) {
        sp.out = k.array(pick(d, {"power", "spectrum_power", "psd"}), k.real(), {rows, sp.size}, 0, 0, true);
        k.line("i = wp.tid()");
        k.line(fmt::format("s = wp.tile_load({}, shape=(1, {}), offset=(i, 0))", sp.signal, sp.n));
        k.line("wp.tile_fft(s)");
        k.line(fmt::format("wp.tile_store({}, wp.tile_map(wp.length_sq, s), offset=(i, 0))", sp.out));
        k.name = pick(d, {"power_spectrum", "fft_power", "periodogram_rows"});
        k.description =
            fmt::format("Computes the power spectrum of every row of {} ({} complex samples stored as "
                        "(re, im) pairs): tile_fft transforms the row in one tile block and {} receives "
                        "the squared magnitude of each frequency bin.",
                        sp.signal, sp.size, sp.out);
        return;
    }
    const bool per_row = d.below(3) == 0;
    sp.out = k.array(pick(d, {"out", "filtered_signal", "y"}), sp.complex, {rows, sp.size}, 0, 0, true);
    k.line("i = wp.tid()");
    k.line(fmt::format("s = wp.tile_load({}, shape=(1, {}), offset=(i, 0))", sp.signal, sp.n));
    k.line("wp.tile_fft(s)");
    std::string what;
    const std::string filtered = write_filter(k, sp, kind != 1, per_row, what);
    k.line(fmt::format("wp.tile_ifft({})", filtered));
    k.line(
        fmt::format("wp.tile_store({}, {} * {}, offset=(i, 0))", sp.out, filtered, k.inverse(sp.n, sp.size)));
    k.name = kind == 1 ? pick(d, {"spectral_gain_filter", "fft_bandpass", "fft_mask_filter"})
                       : pick(d, {"fft_convolve", "spectral_filter", "fft_filter_rows"});
    k.description =
        fmt::format("Filters every row of {} ({} complex samples) in the frequency domain: tile_fft "
                    "transforms the row, the kernel {}{}, and tile_ifft transforms back, scaled by 1/{}.",
                    sp.signal, sp.size, what, per_row ? " (one filter per row)" : "", sp.size);
}

} // namespace ws::synth::tiles
