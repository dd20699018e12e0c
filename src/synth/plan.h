// Everything decided about one kernel before it is written: its category,
// domain, pattern, precision, launch grid and data-flow graph.
#pragma once

#include "synth/graph.h"
#include "synth/policy.h"
#include "synth/synth.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ws::synth {

class Pattern;

struct Plan {
    Category category = Category::Arithmetic;
    Domain domain = Domain::Math;
    const Pattern* pattern = nullptr;
    Scalar fp = Scalar::F32;
    std::vector<int64_t> dim; // launch grid
    int64_t vertices = 0;     // gathers: how many vertices the index arrays point into
    int64_t inner = 0;        // loops: iterations per thread (columns, neighbours, samples)
    std::string loop_noun;    // loops: what the loop visits, for descriptions
    std::string element;      // what one thread handles, for descriptions ("particle", "pixel")
    Graph graph;
    int root = -1;                      // the node the kernel is about (its name comes from it)
    const Idiom* forced_root = nullptr; // testing: the root every pattern starts from
    // Traits the category prefers in the idioms it draws (kBranch for control flow...).
    uint32_t prefer = 0;
    // Traits the kernel's first root must have (kQuery: the spatial category's element-wise
    // kernels start from a query).
    uint32_t require = 0;
    // Query loops: what the loop visits, as a sentence of the description ("It visits ...").
    std::string scope;
};

} // namespace ws::synth
