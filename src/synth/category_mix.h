// What each category is made of: weights over kernel patterns and idiom
// domains, and the idiom traits it prefers. Data, in category_mix.cpp.
#pragma once

#include "synth/idiom.h"
#include "synth/pattern.h"
#include "synth/synth.h"

#include <array>

namespace ws::synth {

struct CategoryMix {
    Category category;
    std::array<int, kPatternCount>
        patterns;                          // Map, Gather, Stencil, Reduce, Compact, Rows, Neighbors, Samples
    std::array<int, kDomainCount> domains; // Math, Particles, Rigid, Continuum, Geometry, Imaging,
                                           // Learning, Random, Grids, Bits
    uint32_t prefer;                       // Trait bits
};

const CategoryMix& category_mix(Category c);

} // namespace ws::synth
