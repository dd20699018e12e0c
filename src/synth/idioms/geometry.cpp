// Idioms of the geometry domain (grammar in src/synth/idiom.h).
#include "synth/library.h"

namespace ws::synth {

std::span<const IdiomSpec> geometry_idioms() {
    return {};
}

} // namespace ws::synth
