#include "synth/category_mix.h"

#include <iterator>

namespace ws::synth {

namespace {

// Patterns: Map Gather Stencil Reduce Compact Rows Neighbors Samples HashGrid Bvh BvhRay
// Domains: Math Particles Rigid Continuum Geometry Imaging Learning Random Grids Bits
constexpr CategoryMix kMixes[] = {
    {Category::Arithmetic, {8, 0, 0, 2, 1, 1, 0, 0, 0, 0, 0}, {3, 0, 0, 0, 0, 1, 1, 0, 0, 6}, 0},
    {Category::Math, {8, 0, 0, 1, 0, 2, 0, 1, 0, 0, 0}, {6, 0, 0, 0, 0, 3, 4, 0, 0, 0}, 0},
    {Category::Vector, {7, 3, 0, 0, 0, 0, 1, 0, 0, 0, 0}, {1, 2, 0, 0, 6, 2, 0, 0, 0, 0}, 0},
    {Category::Matrix, {8, 2, 0, 0, 0, 1, 0, 0, 0, 0, 0}, {0, 0, 2, 6, 2, 0, 0, 0, 0, 0}, 0},
    {Category::QuatTransform, {8, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0}, {0, 0, 9, 0, 1, 0, 0, 0, 0, 0}, 0},
    {Category::ControlFlow,
     {7, 1, 0, 0, 2, 1, 1, 0, 0, 0, 0},
     {2, 2, 1, 0, 3, 2, 2, 0, 0, 1},
     kBranch | kPredicate},
    {Category::Loops, {3, 0, 0, 0, 0, 4, 4, 3, 0, 0, 0}, {2, 2, 0, 0, 1, 1, 3, 1, 1, 1}, kLoop},
    {Category::Atomic, {2, 3, 0, 4, 2, 0, 0, 0, 0, 0, 0}, {1, 3, 0, 0, 2, 2, 2, 0, 0, 1}, 0},
    {Category::Stencil, {0, 0, 10, 0, 0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 4, 0, 0, 6, 0}, kStencil},
    {Category::Functions, {6, 2, 1, 1, 0, 1, 1, 1, 0, 0, 0}, {2, 2, 2, 2, 2, 2, 2, 1, 1, 1}, kHelper},
    {Category::Random, {5, 0, 0, 1, 0, 0, 0, 6, 0, 0, 0}, {0, 1, 0, 0, 0, 1, 0, 8, 0, 0}, kRandom},
    {Category::Physics, {5, 4, 0, 1, 0, 0, 4, 0, 0, 0, 0}, {0, 7, 1, 2, 0, 0, 0, 0, 0, 0}, 0},
    // Element-wise queries of meshes and volumes, and loops over what a hash grid or a BVH returns:
    // SPH and DEM (particles), closest points, ray casts and overlaps (geometry), volume sampling (grids).
    {Category::Spatial, {6, 0, 0, 1, 1, 0, 0, 0, 5, 2, 2}, {0, 5, 0, 0, 4, 0, 0, 0, 2, 0}, 0, kQuery},
};

} // namespace

const CategoryMix& category_mix(Category c) {
    for (const CategoryMix& m : kMixes)
        if (m.category == c) return m;
    return kMixes[0];
}

} // namespace ws::synth
