// The buffers of one record's launch, owned by the runner: one primal and one
// adjoint buffer per argument, the random initial state, and the loss used by
// the gradient check. Array buffers end exactly at a PROT_NONE guard page, so
// a write past the end faults even where Warp's bounds checks cannot see it.
#pragma once

#include "verify/runner/abi.h"

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace ws::verify::runner {

struct GuardedBuffer {
    GuardedBuffer() = default;
    explicit GuardedBuffer(size_t bytes);
    ~GuardedBuffer();
    GuardedBuffer(GuardedBuffer&& o) noexcept;
    GuardedBuffer& operator=(GuardedBuffer&& o) noexcept;
    GuardedBuffer(const GuardedBuffer&) = delete;
    GuardedBuffer& operator=(const GuardedBuffer&) = delete;

    uint8_t* data = nullptr;
    size_t bytes = 0;

  private:
    void* map_ = nullptr;
    size_t map_bytes_ = 0;
};

struct ArgBuffers {
    ws_arg_desc desc{};
    const ws_arg_spec* spec = nullptr;
    int64_t count = 1; // elements (1 for values)
    GuardedBuffer primal, adjoint;
    std::vector<uint8_t> initial; // primal bytes before the first launch
    std::vector<double> weights;  // loss weights, one per float component (outputs only)

    bool is_array() const { return desc.kind == WS_ARRAY; }
    // Whether the initial values are drawn from the spec's range: inputs, and outputs the kernel
    // updates in place (an output whose range is one value starts filled with it).
    bool drawn() const { return !(is_array() && spec->is_output) || spec->min_value != spec->max_value; }
    size_t bytes() const { return size_t(count) * size_t(desc.elem_size); }
    uint8_t* component(uint8_t* base, int64_t elem, int comp) const {
        return base + size_t(elem) * size_t(desc.elem_size) + size_t(desc.comps[comp].offset);
    }
    std::string element_name(int64_t elem, int comp) const;
};

// One input component drawn from [lo, hi] as fill_initial draws it: floats
// uniform, integers uniform over the whole numbers in the range, bools a coin.
void draw_component(uint8_t* p, int scalar, double lo, double hi, std::mt19937_64& rng);

class RecordRun {
  public:
    RecordRun(const ws_record_entry& entry, uint64_t seed);

    // Empty if every argument can be built, else why not.
    const std::string& unsupported() const { return unsupported_; }

    const ws_record_entry& entry() const { return entry_; }
    std::vector<ArgBuffers>& args() { return args_; }
    std::mt19937_64& rng() { return rng_; }
    // A generator of its own for extra draws (the input-dependence check), so
    // that they leave rng()'s sequence, and the gradient check, unchanged.
    std::mt19937_64 side_rng(uint64_t salt) const { return std::mt19937_64(seed_ ^ salt); }

    // Primal buffers back to the initial state, adjoints to zero.
    void reset();
    void forward();
    // Primal buffers = `bytes` (a snapshot, one per argument); false, changing nothing, if it
    // does not fit.
    bool restore_primal(const std::vector<std::vector<uint8_t>>& bytes);
    // Adjoint buffers of outputs = loss weights, others zero.
    void seed_adjoints();
    // seed_adjoints(), then the backward pass on the current primal state.
    void backward();
    // The backward pass alone, with the adjoint buffers as they are.
    void backward_unseeded();
    // The float components of the outputs, in a fixed order, and the loss
    // weights in the same order; the loss is their dot product.
    void output_values(std::vector<double>& out) const;
    std::vector<double> output_weights() const;

    const ws_call& call() const { return call_; }

  private:
    void fill_initial(ArgBuffers& a);

    const ws_record_entry& entry_;
    uint64_t seed_;
    std::mt19937_64 rng_;
    std::vector<ArgBuffers> args_;
    ws_call call_{};
    std::string unsupported_;
};

} // namespace ws::verify::runner
