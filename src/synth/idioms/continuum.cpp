// Idioms of the continuum domain (grammar in src/synth/idiom.h).
#include "synth/library.h"
#include "synth/roles.h"

namespace ws::synth {

std::span<const IdiomSpec> continuum_idioms() {
    return {};
}

std::span<const RoleSpec> continuum_roles() {
    return {};
}

} // namespace ws::synth
