#include "verify/runner/record_run.h"

#include "verify/runner/report.h"
#include "verify/runner/scalars.h"

#include <cmath>
#include <cstring>
#include <stdexcept>
#include <sys/mman.h>
#include <unistd.h>

namespace ws::verify::runner {

namespace {

size_t page_size() {
    static const size_t p = size_t(sysconf(_SC_PAGESIZE));
    return p;
}

uint64_t fnv1a(const char* s) {
    uint64_t h = 1469598103934665603ull;
    for (; s && *s; ++s) h = (h ^ uint8_t(*s)) * 1099511628211ull;
    return h;
}

} // namespace

GuardedBuffer::GuardedBuffer(size_t n) : bytes(n) {
    const size_t page = page_size();
    const size_t rounded = (n + 15) & ~size_t(15);
    const size_t data_pages = rounded == 0 ? 1 : (rounded + page - 1) / page;
    map_bytes_ = (data_pages + 1) * page;
    map_ = mmap(nullptr, map_bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map_ == MAP_FAILED) {
        map_ = nullptr;
        throw std::runtime_error("out of memory for a kernel buffer");
    }
    uint8_t* guard = static_cast<uint8_t*>(map_) + data_pages * page;
    mprotect(guard, page, PROT_NONE);
    // The data ends at the guard page, 16-byte aligned like Warp's allocations.
    data = guard - rounded;
}

GuardedBuffer::~GuardedBuffer() {
    if (map_) munmap(map_, map_bytes_);
}

GuardedBuffer::GuardedBuffer(GuardedBuffer&& o) noexcept
    : data(o.data), bytes(o.bytes), map_(o.map_), map_bytes_(o.map_bytes_) {
    o.map_ = nullptr;
    o.data = nullptr;
}

GuardedBuffer& GuardedBuffer::operator=(GuardedBuffer&& o) noexcept {
    if (this != &o) {
        if (map_) munmap(map_, map_bytes_);
        data = o.data;
        bytes = o.bytes;
        map_ = o.map_;
        map_bytes_ = o.map_bytes_;
        o.map_ = nullptr;
        o.data = nullptr;
    }
    return *this;
}

std::string ArgBuffers::element_name(int64_t elem, int comp) const {
    std::string s = spec && spec->name ? spec->name : "?";
    if (is_array()) {
        // Row-major multi-index, as the Python side would write it.
        std::vector<int64_t> idx(size_t(spec->ndim));
        int64_t rest = elem;
        for (int d = spec->ndim - 1; d >= 0; --d) {
            idx[size_t(d)] = rest % spec->shape[d];
            rest /= spec->shape[d];
        }
        s += "[";
        for (size_t d = 0; d < idx.size(); ++d) s += (d ? "," : "") + std::to_string(idx[d]);
        s += "]";
    }
    if (desc.ncomp > 1) s += "[" + std::to_string(comp) + "]";
    return s;
}

RecordRun::RecordRun(const ws_record_entry& entry, uint64_t seed)
    : entry_(entry), seed_(seed ^ fnv1a(entry.id)), rng_(seed_) {
    if (entry.nargs > WS_MAX_ARGS) {
        unsupported_ = "more than " + std::to_string(WS_MAX_ARGS) + " kernel arguments";
        return;
    }
    std::vector<ws_arg_desc> descs(size_t(entry.nargs));
    if (entry.nargs > 0 && entry.describe(descs.data()) != 0) {
        for (int i = 0; i < entry.nargs; ++i)
            if (descs[size_t(i)].kind == WS_UNSUPPORTED) {
                unsupported_ = std::string("argument '") + entry.specs[i].name +
                               "' has a type the runner cannot build (runtime handle, indexed array or "
                               "struct holding arrays)";
                return;
            }
        unsupported_ = "the glue could not describe the arguments";
        return;
    }
    call_.launch_ndim = entry.launch_ndim;
    for (int d = 0; d < WS_MAX_DIMS; ++d) call_.dim[d] = entry.dim[d];
    call_.nargs = entry.nargs;
    args_.resize(size_t(entry.nargs));
    for (int i = 0; i < entry.nargs; ++i) {
        ArgBuffers& a = args_[size_t(i)];
        a.desc = descs[size_t(i)];
        a.spec = &entry.specs[i];
        if (a.is_array()) {
            if (a.spec->ndim < 1 || a.spec->ndim > WS_MAX_DIMS) {
                unsupported_ = std::string("array argument '") + a.spec->name + "' has no shape";
                return;
            }
            for (int d = 0; d < a.spec->ndim; ++d) a.count *= a.spec->shape[d];
        }
        a.primal = GuardedBuffer(a.bytes());
        a.adjoint = GuardedBuffer(a.bytes());
        fill_initial(a);
        call_.data[i] = a.primal.data;
        call_.adj[i] = a.adjoint.data;
    }
    reset();
}

void draw_component(uint8_t* p, int s, double lo, double hi, std::mt19937_64& rng) {
    if (is_float(s)) {
        store_scalar(p, s, std::uniform_real_distribution<double>(lo, hi)(rng));
    } else if (s == WS_BOOL) {
        store_scalar(p, s, double(rng() & 1));
    } else {
        double ilo = std::ceil(lo), ihi = std::floor(hi);
        if (ihi < ilo) ihi = ilo;
        std::uniform_int_distribution<int64_t> pick{static_cast<int64_t>(ilo), static_cast<int64_t>(ihi)};
        store_scalar(p, s, double(pick(rng)));
    }
}

void RecordRun::fill_initial(ArgBuffers& a) {
    a.initial.assign(a.bytes(), 0);
    const bool output = a.is_array() && a.spec->is_output;
    double lo = a.spec->min_value, hi = a.spec->max_value;
    if (!(lo <= hi)) std::swap(lo, hi);
    // An output that is not drawn starts filled with its one value: zeros, like the wp.zeros
    // Warp programs allocate, or a reduction's start.
    const bool filled = !a.drawn();
    std::uniform_real_distribution<double> weight(0.5, 1.5);
    for (int64_t e = 0; e < a.count; ++e) {
        for (int c = 0; c < a.desc.ncomp; ++c) {
            const int s = a.desc.comps[c].scalar;
            if (output && is_float(s)) a.weights.push_back((rng_() & 1 ? 1.0 : -1.0) * weight(rng_));
            if (filled) {
                if (lo != 0.0) store_scalar(a.component(a.initial.data(), e, c), s, lo);
                continue;
            }
            draw_component(a.component(a.initial.data(), e, c), s, lo, hi, rng_);
        }
    }
}

void RecordRun::reset() {
    for (ArgBuffers& a : args_) {
        std::memcpy(a.primal.data, a.initial.data(), a.bytes());
        std::memset(a.adjoint.data, 0, a.bytes());
    }
}

void RecordRun::forward() {
    entry_.forward(&call_);
}

bool RecordRun::restore_primal(const std::vector<std::vector<uint8_t>>& bytes) {
    if (bytes.size() != args_.size()) return false;
    for (size_t i = 0; i < args_.size(); ++i)
        if (bytes[i].size() != args_[i].bytes()) return false;
    for (size_t i = 0; i < args_.size(); ++i)
        if (!bytes[i].empty()) std::memcpy(args_[i].primal.data, bytes[i].data(), bytes[i].size());
    return true;
}

void RecordRun::seed_adjoints() {
    for (ArgBuffers& a : args_) {
        std::memset(a.adjoint.data, 0, a.bytes());
        if (!a.is_array() || !a.spec->is_output) continue;
        size_t w = 0;
        for (int64_t e = 0; e < a.count; ++e)
            for (int c = 0; c < a.desc.ncomp; ++c)
                if (is_float(a.desc.comps[c].scalar))
                    store_scalar(a.component(a.adjoint.data, e, c), a.desc.comps[c].scalar, a.weights[w++]);
    }
}

void RecordRun::backward() {
    seed_adjoints();
    backward_unseeded();
}

void RecordRun::backward_unseeded() {
    set_in_backward(true);
    entry_.backward(&call_);
    set_in_backward(false);
}

void RecordRun::output_values(std::vector<double>& out) const {
    out.clear();
    for (const ArgBuffers& a : args_) {
        if (!a.is_array() || !a.spec->is_output) continue;
        for (int64_t e = 0; e < a.count; ++e)
            for (int c = 0; c < a.desc.ncomp; ++c)
                if (is_float(a.desc.comps[c].scalar))
                    out.push_back(load_scalar(a.component(a.primal.data, e, c), a.desc.comps[c].scalar));
    }
}

std::vector<double> RecordRun::output_weights() const {
    std::vector<double> w;
    for (const ArgBuffers& a : args_)
        if (a.is_array() && a.spec->is_output) w.insert(w.end(), a.weights.begin(), a.weights.end());
    return w;
}

} // namespace ws::verify::runner
