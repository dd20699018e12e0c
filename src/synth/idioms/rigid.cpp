// Idioms of the rigid domain (grammar in src/synth/idiom.h).
#include "synth/library.h"
#include "synth/roles.h"

namespace ws::synth {

std::span<const IdiomSpec> rigid_idioms() {
    return {};
}

std::span<const RoleSpec> rigid_roles() {
    return {};
}

} // namespace ws::synth
