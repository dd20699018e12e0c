// Kernel patterns: the shape of a kernel around its idioms. A pattern picks
// the launch grid and what a thread handles, decides how kernel inputs are
// read (the thread's element, gathered endpoints, grid neighbours, a loop's
// iterate) and where results go (stores, atomics, compaction), and writes the
// body's frame (thread indices, index arithmetic, loops, guards).
#pragma once

#include "synth/compose.h"
#include "synth/writer.h"

#include <span>
#include <utility>
#include <string_view>

namespace ws::synth {

class Pattern {
  public:
    virtual ~Pattern() = default;
    virtual std::string_view name() const = 0;
    // Launch grid, element, and the whole graph with its sinks.
    virtual void compose(Plan& plan, Dice& dice) const = 0;
    // The kernel body (parameters are declared as the body needs them).
    virtual void write(KernelWriter& w) const = 0;
    // Whether the domain has what this pattern needs (stencil or pair idioms), its root idiom
    // also having the traits `require` (a query, for the spatial category).
    virtual bool fits(Domain, uint32_t require = 0) const { return require == 0; }
    // Whether the pattern itself queries a Warp object (a hash grid, a BVH): its root need not.
    virtual bool queries() const { return false; }
};

enum class PatternId : uint8_t {
    Map,
    Gather,
    Stencil,
    Reduce,
    Compact,
    Rows,
    Neighbors,
    Samples,
    HashGrid,
    Bvh,
    BvhRay,
    Count
};
constexpr size_t kPatternCount = static_cast<size_t>(PatternId::Count);
const Pattern& pattern(PatternId id);

// Shared by the patterns (patterns_common.cpp).
namespace pattern_util {

// What one thread handles in a domain ("particle", "pixel", "cell").
std::string element_noun(Domain d, Dice& dice);
// A launch grid of `ndim` dimensions.
std::vector<int64_t> grid(int ndim, Dice& dice);
// Thread-index names for `ndim` dimensions, declared in `w` (`i, j = wp.tid()`).
std::vector<std::string> write_tid(KernelWriter& w, int ndim);
// The default rules: every input read at the thread's element, every idiom
// allowed that needs no special pattern.
CompositionRules element_rules();
// Root idiom (among those `filter` accepts), growth to the policy's size,
// consumers for open conditions.
void compose_chain(Composer& c, Stage stage, const std::function<bool(const Idiom&)>& filter = {});
// Whether the domain has an idiom with all the traits `t` (the pattern can be used).
bool domain_has(Domain d, uint32_t t);
// Whether the domain has an idiom an element-wise kernel can start from, with the traits `require`.
bool domain_has_plain(Domain d, uint32_t require = 0);
// `wp.atomic_add(a, k, v)` or `a[k] += v` (and the sub/min/max forms).
std::string atomic_line(KernelWriter& w, SinkKind kind, const std::string& array, const std::string& index,
                        const std::string& value);
// Open values become stores (in place where an input of the same role was
// read at the element).
void store_sinks(Plan& plan, Dice& dice);
// Declares the output arrays of store sinks and writes them at `index`.
void write_stores(KernelWriter& w, const std::vector<int64_t>& shape, const std::string& index);
// Stores a value into a new output array (named for it, of `shape`), a
// condition as 0 or 1 into an int array: Warp refuses a bool stored into ints.
void store_new_output(KernelWriter& w, int value, const std::vector<int64_t>& shape, const std::string& index);
// The RNG state, if any idiom draws random numbers: a `seed` parameter and
// `state = wp.rand_init(seed, flat_index)`.
void write_rng(KernelWriter& w, const std::string& flat_index);
// Input `port`'s rank among the non-uniform inputs of its role and type, and their count
// (pair idioms: which endpoint of an edge, or which side of a neighbour pair, a port reads).
std::pair<int, int> rank_in_role(const Idiom& idiom, int port);
// The row-major flat index of thread indices `tids` over launch dimensions `dim`.
std::string flat_index(const std::vector<std::string>& tids, const std::vector<int64_t>& dim);

} // namespace pattern_util

} // namespace ws::synth
