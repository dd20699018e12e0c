// Idioms of the random domain (grammar in src/synth/idiom.h).
#include "synth/library.h"

namespace ws::synth {

std::span<const IdiomSpec> random_idioms() {
    return {};
}

} // namespace ws::synth
