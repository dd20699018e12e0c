// Idioms of the geometry domain (grammar in src/synth/idiom.h).
#include "synth/library.h"
#include "synth/roles.h"

namespace ws::synth {

std::span<const IdiomSpec> geometry_idioms() {
    return {};
}


namespace {

constexpr RoleSpec kRoles[] = {
    // ---- geometry
    {"point", "position", -1.0, 1.0, "p pt point", "points pts queries", true},
    {"center", "position", -1.0, 1.0, "c center", "centers", true},
    {"ray origin", "position", -1.0, 1.0, "ro origin ray_o", "origins ray_origins", true},
    {"ray direction", "direction", -1.0, 1.0, "rd ray_dir ray_d", "directions ray_dirs"},
    {"box minimum", "box minimum", -1.0, -0.1, "lower box_lo bmin", "lowers box_min", true},
    {"box maximum", "box maximum", 0.1, 1.0, "upper box_hi bmax", "uppers box_max", true},
    {"triangle vertex", "position", -1.0, 1.0, "v0 a p0", "vertices verts", true},
    {"barycentric coordinates", "barycentric", 0.0, 1.0, "bary uvw", "barys", true},
    {"plane offset", "offset", -0.5, 0.5, "d plane_d offset", "plane_offsets"},
};

} // namespace

std::span<const RoleSpec> geometry_roles() {
    return kRoles;
}

} // namespace ws::synth
