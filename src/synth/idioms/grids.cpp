// Idioms of the grids domain (grammar in src/synth/idiom.h).
#include "synth/library.h"

namespace ws::synth {

std::span<const IdiomSpec> grid_idioms() {
    return {};
}

} // namespace ws::synth
