// The pattern registry.
#include "synth/pattern.h"

namespace ws::synth {

const Pattern& map_pattern();
const Pattern& gather_pattern();
const Pattern& stencil_pattern();
const Pattern& reduce_pattern();
const Pattern& compact_pattern();
const Pattern& rows_pattern();
const Pattern& neighbors_pattern();
const Pattern& samples_pattern();
const Pattern& hash_grid_pattern();
const Pattern& bvh_pattern();
const Pattern& bvh_ray_pattern();

const Pattern& pattern(PatternId id) {
    switch (id) {
    case PatternId::Gather: return gather_pattern();
    case PatternId::Stencil: return stencil_pattern();
    case PatternId::Reduce: return reduce_pattern();
    case PatternId::Compact: return compact_pattern();
    case PatternId::Rows: return rows_pattern();
    case PatternId::Neighbors: return neighbors_pattern();
    case PatternId::Samples: return samples_pattern();
    case PatternId::HashGrid: return hash_grid_pattern();
    case PatternId::Bvh: return bvh_pattern();
    case PatternId::BvhRay: return bvh_ray_pattern();
    case PatternId::Map:
    case PatternId::Count: break;
    }
    return map_pattern();
}

} // namespace ws::synth
