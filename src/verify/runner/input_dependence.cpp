#include "verify/runner/input_dependence.h"

#include "verify/runner/record_run.h"
#include "verify/runner/report.h"
#include "verify/runner/scalars.h"

#include <cmath>
#include <cstring>
#include <utility>

namespace ws::verify::runner {

namespace {

enum class Draw { Uniform, Low, High, Mixed };

// An output is what the check compares; what is drawn (inputs, arrays updated in place) is redrawn.
bool is_marked_output(const ArgBuffers& a) {
    return a.is_array() && a.spec->is_output;
}

std::pair<double, double> range_of(const ArgBuffers& a) {
    double lo = a.spec->min_value, hi = a.spec->max_value;
    if (!(lo <= hi)) std::swap(lo, hi);
    return {lo, hi};
}

// The sub-range of [lo, hi] a draw of `kind` uses for a component of type `s`.
std::pair<double, double> draw_range(Draw kind, int s, double lo, double hi) {
    if (!is_float(s)) {
        lo = std::ceil(lo);
        hi = std::max(lo, std::floor(hi));
    }
    const double eighth = is_float(s) ? (hi - lo) / 8.0 : std::floor((hi - lo) / 8.0);
    if (kind == Draw::Low) return {lo, lo + eighth};
    if (kind == Draw::High) return {hi - eighth, hi};
    return {lo, hi};
}

bool can_vary(const ArgBuffers& a) {
    auto [lo, hi] = range_of(a);
    for (int c = 0; c < a.desc.ncomp; ++c) {
        const int s = a.desc.comps[c].scalar;
        if (s == WS_BOOL || (is_float(s) && lo < hi) || (!is_float(s) && std::floor(hi) > std::ceil(lo)))
            return true;
    }
    return false;
}

// Writes a draw of `kind` of an input argument into its primal buffer.
void draw_input(ArgBuffers& a, Draw kind, std::mt19937_64& rng) {
    auto [lo, hi] = range_of(a);
    for (int64_t e = 0; e < a.count; ++e)
        for (int c = 0; c < a.desc.ncomp; ++c) {
            const int s = a.desc.comps[c].scalar;
            uint8_t* p = a.component(a.primal.data, e, c);
            const uint8_t* before = a.component(a.initial.data(), e, c);
            // Mixed: each component in the lowest or the highest eighth, a coin flip apart.
            const Draw k = kind != Draw::Mixed ? kind : (rng() & 1 ? Draw::Low : Draw::High);
            if (s == WS_BOOL) {
                const double v = k == Draw::Low ? 0.0 : k == Draw::High ? 1.0 : 1.0 - load_scalar(before, s);
                store_scalar(p, s, v);
                continue;
            }
            auto [l, h] = draw_range(k, s, lo, hi);
            draw_component(p, s, l, h, rng);
            if (kind != Draw::Uniform) continue;
            // Different from the first draw wherever the range has room.
            const size_t n = size_t(scalar_size(s));
            for (int tries = 0; tries < 8 && std::memcmp(p, before, n) == 0; ++tries)
                draw_component(p, s, l, h, rng);
            if (std::memcmp(p, before, n) == 0 && !is_float(s)) {
                store_scalar(p, s, l);
                if (std::memcmp(p, before, n) == 0) store_scalar(p, s, h);
            }
        }
}

// Whether the scalar components of array `a` hold the same bits in `x` and `y`
// (padding inside composite elements is not compared).
bool same_components(const ArgBuffers& a, const uint8_t* x, const uint8_t* y) {
    for (int64_t e = 0; e < a.count; ++e)
        for (int c = 0; c < a.desc.ncomp; ++c) {
            const size_t off = size_t(e) * size_t(a.desc.elem_size) + size_t(a.desc.comps[c].offset);
            if (std::memcmp(x + off, y + off, size_t(scalar_size(a.desc.comps[c].scalar))) != 0) return false;
        }
    return true;
}

std::string fail_text(RecordRun& run, const std::vector<size_t>& constant, int runs, bool inputs_vary,
                      const std::vector<std::vector<uint8_t>>& first) {
    auto& args = run.args();
    std::string names;
    for (size_t i : constant) names += (names.empty() ? "" : ", ") + std::string(args[i].spec->name);
    const ArgBuffers& a = args[constant.front()];
    const double v0 =
        load_scalar(&first[constant.front()][size_t(a.desc.comps[0].offset)], a.desc.comps[0].scalar);
    std::string detail = inputs_vary
                             ? "bit-identical in " + std::to_string(runs) + " runs on different inputs"
                             : "the kernel has no input that can vary";
    return "fail: outputs ignore the inputs: " + names + " (" + detail + "; " + a.element_name(0, 0) + " = " +
           fmt_double(v0) + ")";
}

} // namespace

std::string input_dependence(RecordRun& run, const std::vector<std::vector<uint8_t>>& first) {
    auto& args = run.args();
    std::vector<size_t> outputs;
    bool inputs_vary = false;
    for (size_t i = 0; i < args.size(); ++i) {
        const ArgBuffers& a = args[i];
        if (a.drawn()) inputs_vary = inputs_vary || can_vary(a);
        if (is_marked_output(a) || (a.is_array() && first[i] != a.initial)) outputs.push_back(i);
    }
    if (outputs.empty()) return "fail: no output: the kernel writes none of its arrays";

    std::mt19937_64 rng = run.side_rng(0x6a09e667f3bcc909ull);
    std::vector<bool> moved(outputs.size(), false);
    size_t left = inputs_vary ? outputs.size() : 0;
    int runs = 1;
    for (Draw kind : {Draw::Uniform, Draw::Low, Draw::High, Draw::Mixed, Draw::Mixed, Draw::Mixed,
                      Draw::Mixed, Draw::Mixed}) {
        if (left == 0) break;
        ++runs;
        run.reset();
        for (ArgBuffers& a : args)
            if (a.drawn()) draw_input(a, kind, rng);
        run.forward();
        for (size_t k = 0; k < outputs.size(); ++k) {
            const size_t i = outputs[k];
            if (!moved[k] && !same_components(args[i], first[i].data(), args[i].primal.data)) {
                moved[k] = true;
                --left;
            }
        }
    }
    run.reset();

    std::vector<size_t> constant;
    for (size_t k = 0; k < outputs.size(); ++k)
        if (!moved[k]) constant.push_back(outputs[k]);
    return constant.empty() ? "pass" : fail_text(run, constant, runs, inputs_vary, first);
}

} // namespace ws::verify::runner
