// Idioms of the rigid domain (grammar in src/synth/idiom.h).
#include "synth/library.h"

namespace ws::synth {

std::span<const IdiomSpec> rigid_idioms() {
    return {};
}

} // namespace ws::synth
