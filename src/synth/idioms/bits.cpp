// Idioms of the bits domain (grammar in src/synth/idiom.h).
#include "synth/library.h"

namespace ws::synth {

std::span<const IdiomSpec> bits_idioms() {
    return {};
}

} // namespace ws::synth
