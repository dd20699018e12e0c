// What a category recipe builds a kernel with: the launch grid, parameters
// (arrays with their shapes and value ranges, scalars, composites, structs),
// module-level constants and types, helpers, the body, and the final pass
// that makes every output written and every helper called. Also assembles
// the module text and the LaunchSpec.
#pragma once

#include "synth/gen.h"

#include <string>
#include <vector>

namespace ws::synth {

enum class Access : uint8_t {
    In,     // read only
    Out,    // written at the thread's own element
    InOut,  // read and written at the thread's own element
    Atomic, // accumulated with atomics from any thread; never read
};

class KernelBuilder {
  public:
    explicit KernelBuilder(Module& mod);

    Module& mod;
    Fn fn;
    Gen g;

    // ---- launch ----
    void launch(std::vector<int64_t> dim);
    std::vector<int64_t> random_dim(int ndim);
    int ndim() const { return static_cast<int>(mod.dim.size()); }

    // ---- types ----
    // Makes sure `t` is in the type palette (recipes need their types).
    void require(const SType& t, int weight);
    SType fvec(int n) const { return SType::vec(n, mod.fp); }
    SType fscalar() const { return SType::scalar_of(mod.fp); }

    // ---- parameters, in declaration order ----
    ArrayRef& array(NameRole role, const SType& dtype, std::vector<int64_t> shape, Access access,
                    double lo = -1.0, double hi = 1.0, const std::string& name = "");
    // An array over the launch grid (plus optional trailing dimensions).
    ArrayRef& grid_array(NameRole role, const SType& dtype, Access access, double lo = -1.0, double hi = 1.0,
                         std::vector<int64_t> trailing = {}, const std::string& name = "");
    // An integer array whose values index an array of extent `target` ([0, target)).
    ArrayRef& index_array(std::vector<int64_t> shape, int64_t target, const SType& dtype,
                          const std::string& name = "");
    Var& scalar(const std::string& name, const SType& t, double lo, double hi);
    Var& scalar(NameRole role, const SType& t, double lo, double hi);
    Var& composite(const std::string& name, const SType& t, double lo, double hi);
    Var& struct_param(int struct_index, const std::string& name, double lo, double hi);
    // Extra scalar/composite parameters drawn from the policy.
    void extra_params();

    // ---- module level ----
    int add_struct(bool physics);
    void add_constants();
    // One module-level constant (`NAME = value` or `NAME = wp.constant(value)`); returns its name.
    std::string add_constant(std::string_view base, const SType& t, const std::string& value,
                             bool wp_constant, IntRange range = IntRange::unknown());

    // ---- body ----
    void tid();
    void helpers(int count);
    void helpers() { helpers(mod.policy[Knob::Helpers]); }
    void filler(int n);
    void filler() { filler(mod.rng.range(1, std::max(1, mod.policy[Knob::Stmts]))); }
    // Loads each readable grid array at the thread's element into a local.
    void load_inputs(int max_count);
    // Every helper called, every output written, unread locals folded into outputs.
    void finish();

    // ---- result ----
    std::string render() const;
    LaunchSpec launch_spec() const { return LaunchSpec{mod.dim, mod.args}; }

  private:
    std::string annotate(const SType& dtype, int ndim);
    std::vector<std::pair<std::string, std::string>> params_; // name, annotation
    std::vector<std::string> module_lines_;
    void call_unreached_helpers();
    std::optional<Value> convert(const Value& v, const SType& to);
    Value output_value(const SType& dtype);
};

} // namespace ws::synth
