// Idioms of the random domain (grammar in src/synth/idiom.h).
#include "synth/library.h"
#include "synth/roles.h"

namespace ws::synth {

std::span<const IdiomSpec> random_idioms() {
    return {};
}

std::span<const RoleSpec> random_roles() {
    return {};
}

} // namespace ws::synth
