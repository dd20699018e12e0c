// Idioms of the continuum domain (grammar in src/synth/idiom.h).
#include "synth/library.h"

namespace ws::synth {

std::span<const IdiomSpec> continuum_idioms() {
    return {};
}

} // namespace ws::synth
