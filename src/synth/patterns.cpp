// The pattern registry.
#include "synth/pattern.h"

namespace ws::synth {

const Pattern& map_pattern();
const Pattern& gather_pattern();

const Pattern& pattern(PatternId id) {
    switch (id) {
    case PatternId::Gather: return gather_pattern();
    case PatternId::Map:
    case PatternId::Stencil:
    case PatternId::Reduce:
    case PatternId::Compact:
    case PatternId::Count: break;
    }
    return map_pattern();
}

} // namespace ws::synth
