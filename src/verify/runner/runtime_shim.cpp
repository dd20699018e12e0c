// The few runtime symbols that code compiled against Warp's native headers
// with WP_NO_CRT expects its host to provide (Warp binds them into its CPU
// JIT; the list is in warp/native/crt.h and cpu_block_runtime.h). The runner
// exports them (it is linked with ENABLE_EXPORTS), so the batch shared
// objects it loads resolve them here. Implementations are warpsynth's own.
#include "verify/runner/report.h"
#include "verify/runner/scalars.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

extern "C" {

// A failed assert() in Warp's headers: with NDEBUG undefined, these are the
// array bounds checks (and a few shape checks). In the forward pass the
// record is failed and the runner exits; in the backward pass see
// set_in_backward() in report.h.
__attribute__((visibility("default"))) void _wp_assert(const char* message, const char* file,
                                                       unsigned int line) {
    ws::verify::runner::report_assert(message, file, line);
}

__attribute__((visibility("default"))) int _wp_isfinite(double x) {
    return std::isfinite(x);
}
__attribute__((visibility("default"))) int _wp_isnan(double x) {
    return std::isnan(x);
}
__attribute__((visibility("default"))) int _wp_isinf(double x) {
    return std::isinf(x);
}

// Inverse error function: a rational first guess refined by Newton steps on
// erf, which the C library provides. Accurate to a few ulps in double.
static double inverse_erf(double y) {
    if (std::isnan(y) || y <= -1.0 || y >= 1.0) {
        if (y == 1.0) return HUGE_VAL;
        if (y == -1.0) return -HUGE_VAL;
        return NAN;
    }
    if (y == 0.0) return y;
    // Initial guess (Winitzki's approximation, a = 0.147).
    const double a = 0.147;
    double ln = std::log(1.0 - y * y);
    double t = 2.0 / (M_PI * a) + ln / 2.0;
    double x = std::copysign(std::sqrt(std::sqrt(t * t - ln / a) - t), y);
    const double two_over_sqrt_pi = 1.1283791670955126;
    for (int i = 0; i < 4; ++i) {
        double err = std::erf(x) - y;
        x -= err / (two_over_sqrt_pi * std::exp(-x * x));
    }
    return x;
}

__attribute__((visibility("default"))) double erfinv(double y) {
    return inverse_erf(y);
}
__attribute__((visibility("default"))) float erfinvf(float y) {
    return float(inverse_erf(y));
}
__attribute__((visibility("default"))) double erfcinv(double y) {
    return inverse_erf(1.0 - y);
}
__attribute__((visibility("default"))) float erfcinvf(float y) {
    return float(inverse_erf(1.0 - double(y)));
}

// Half and bfloat16 conversions, which Warp's headers leave to its runtime library.
__attribute__((visibility("default"))) uint16_t wp_float_to_half_bits(float x) {
    return ws::verify::runner::float_to_half(x);
}
__attribute__((visibility("default"))) float wp_half_bits_to_float(uint16_t u) {
    return ws::verify::runner::half_to_float(u);
}
__attribute__((visibility("default"))) uint16_t wp_float_to_bfloat16_bits(float x) {
    return ws::verify::runner::float_to_bfloat16(x);
}
__attribute__((visibility("default"))) float wp_bfloat16_bits_to_float(uint16_t u) {
    return ws::verify::runner::bfloat16_to_float(u);
}

// The CPU block runtime of code built with block_dim > 1 (the records' own
// CPU code). Warp runs such a block's lanes as fibers (wp.config.enable_cpu_blocks)
// so that cooperative tile code can synchronise; kernels that never synchronise
// behave identically when lanes run one after another, which is what this
// runner does. Tile kernels run from their block_dim=1 build instead (one lane,
// no synchronisation: Warp's default CPU path); a kernel that does synchronise
// here is reported as unsupported rather than run wrongly.
typedef void (*wp_cpu_block_lane_fn)(void* dim, size_t block_id, int lane, void* args);

static int g_lane = 0;
static int g_active = 1;

__attribute__((visibility("default"))) int wp_cpu_get_thread_idx() {
    return g_lane;
}
__attribute__((visibility("default"))) int wp_cpu_get_active_count() {
    return g_active;
}
__attribute__((visibility("default"))) int wp_cpu_get_first_active_lane() {
    return 0;
}

__attribute__((visibility("default"))) void wp_cpu_tile_sync() {
    if (g_active > 1)
        ws::verify::runner::report_unsupported(
            "cooperative tile code (block synchronisation) needs Warp's fiber "
            "runtime");
}

__attribute__((visibility("default"))) int wp_cpu_run_block(int /*block_dim*/, int active_count,
                                                            wp_cpu_block_lane_fn kernel_fn, void* dim,
                                                            size_t block_id, void* args) {
    g_active = active_count;
    for (int lane = 0; lane < active_count; ++lane) {
        g_lane = lane;
        kernel_fn(dim, block_id, lane, args);
    }
    g_lane = 0;
    g_active = 1;
    return 1;
}

} // extern "C"
