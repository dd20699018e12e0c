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
    // Map, Gather, Stencil, Reduce, Compact, Rows, Neighbors, Samples, HashGrid, Bvh, BvhRay
    std::array<int, kPatternCount> patterns;
    std::array<int, kDomainCount> domains; // Math, Particles, Rigid, Continuum, Geometry, Imaging,
                                           // Learning, Random, Grids, Bits
    uint32_t prefer;                       // Trait bits
    uint32_t require = 0;                  // Trait bits a root must have, unless the pattern itself queries
};

const CategoryMix& category_mix(Category c);

} // namespace ws::synth
