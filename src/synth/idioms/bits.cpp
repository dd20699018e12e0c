// Idioms of the bits domain (grammar in src/synth/idiom.h).
#include "synth/library.h"
#include "synth/roles.h"

namespace ws::synth {

std::span<const IdiomSpec> bits_idioms() {
    return {};
}


namespace {

constexpr RoleSpec kRoles[] = {
    // ---- bits
    {"key", "key", 0.0, 65535.0, "key k h", "keys"},
};

} // namespace

std::span<const RoleSpec> bits_roles() {
    return kRoles;
}

} // namespace ws::synth
