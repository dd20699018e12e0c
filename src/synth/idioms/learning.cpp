// Idioms of the learning domain (grammar in src/synth/idiom.h).
#include "synth/library.h"

namespace ws::synth {

std::span<const IdiomSpec> learning_idioms() {
    return {};
}

} // namespace ws::synth
