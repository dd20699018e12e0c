// Loop patterns: one thread per element runs a loop and accumulates what a
// chain of idioms computes in the loop body (a sum, a mean, a maximum), then
// a short chain after the loop turns the accumulators into the results.
//   rows       a thread per row of a 2D array, the loop over its columns
//   neighbors  a thread per particle, the loop over every other particle (a
//              pair idiom reads the thread's own data and the neighbour's)
//   samples    a thread per element, the loop draws random samples
// The query loops of pattern_query.cpp (a hash grid's or a BVH's candidates)
// are neighbour loops with another loop header; they override the hooks below.
#pragma once

#include "synth/pattern.h"

#include <array>
#include <string>
#include <utility>
#include <vector>

namespace ws::synth {

enum class LoopKind : uint8_t { Rows, Neighbors, Samples };

class LoopPattern : public Pattern {
  public:
    explicit LoopPattern(LoopKind k) : kind_(k) {}

    std::string_view name() const override;
    // A domain fits when one of its idioms can root the loop body.
    bool fits(Domain d, uint32_t require) const override;
    void compose(Plan& plan, Dice& dice) const override;
    void write(KernelWriter& w) const override;

    // Fills the table fits() reads from the idiom library: called once on each singleton, right
    // after it is built (root_fits is virtual, so not from the constructor).
    void index_roots();

  protected:
    LoopKind kind_;

    // Launch grid, trip count (plan.inner), nouns.
    virtual void setup(Plan& plan, Dice& dice) const;
    virtual bool root_fits(const Idiom& i) const;
    virtual CompositionRules rules() const;
    // Inputs the root takes from the pattern (port, value), made before it is wired: a query
    // loop's radius is the root's own.
    virtual std::vector<std::pair<int, int>> root_inputs(Composer&, const Idiom&) const { return {}; }
    // The index of the thread's own element (the thread index; a hash grid's ordered point id).
    virtual std::string own_index(KernelWriter&, const std::string& tid) const;
    // Whether the loop has a trip count (a mean divides by it).
    virtual bool counted() const { return true; }
    // Opens the loop (and skips the thread's own element); returns the iterate's name.
    virtual std::string open_loop(KernelWriter& w, const std::string& own, const std::string& count) const;
    // The shape of the array an external reads.
    virtual std::vector<int64_t> array_shape(const Plan& plan, const External& e) const;

    // The traits of each idiom of a domain that can root the loop (index_roots' table).
    std::array<std::vector<uint32_t>, kDomainCount> root_traits_;

    // Up to two body results become accumulators; the others are folded in too.
    void accumulate(Plan& plan, Dice& dice, Composer& c) const;
};

// `pattern` with its table of roots filled: how the loop singletons are made.
template <class P>
P with_roots(P pattern) {
    pattern.index_roots();
    return pattern;
}

// Whether a neighbour loop can place every input of an idiom: its same-role
// inputs form at most one pair (the thread's own value and the neighbour's).
bool fits_neighbour_loop(const Idiom& idiom);
// Which endpoint a pair input reads (0 the thread's own, 1 the neighbour's; -1 not a pair input).
int loop_endpoint(const Idiom& idiom, int port);

} // namespace ws::synth
