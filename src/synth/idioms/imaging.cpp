// Idioms of the imaging domain (grammar in src/synth/idiom.h).
#include "synth/library.h"

namespace ws::synth {

std::span<const IdiomSpec> imaging_idioms() {
    return {};
}

} // namespace ws::synth
