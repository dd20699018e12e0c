// Idioms of the imaging domain (grammar in src/synth/idiom.h).
#include "synth/library.h"
#include "synth/roles.h"

namespace ws::synth {

std::span<const IdiomSpec> imaging_idioms() {
    return {};
}


namespace {

constexpr RoleSpec kRoles[] = {
    // ---- imaging and shading
    {"color", "color", 0.0, 1.0, "c color rgb col", "colors image pixels rgb img", true},
    {"albedo", "color", 0.0, 1.0, "albedo base_color", "albedo albedos", true},
    {"luminance", "luminance", 0.0, 1.0, "lum luminance", "luminance lums"},
    {"exposure", "scale", 0.5, 2.0, "exposure", "exposures"},
    {"gamma", "exponent", 1.8, 2.4, "gamma", "gammas"},
    {"texture coordinate", "uv", 0.0, 1.0, "uv st", "uvs texcoords", true},
    {"light direction", "direction", -1.0, 1.0, "light_dir l_dir", "light_dirs"},
    {"view direction", "direction", -1.0, 1.0, "view_dir v_dir", "view_dirs"},
    {"opacity", "fraction", 0.0, 1.0, "alpha opacity", "alphas opacity"},
    {"intensity", "luminance", 0.0, 1.0, "intensity i_val", "intensities"},
};

} // namespace

std::span<const RoleSpec> imaging_roles() {
    return kRoles;
}

} // namespace ws::synth
