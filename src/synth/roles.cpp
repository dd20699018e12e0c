// The role table. Add a row when an idiom needs a new role; a unit test checks
// that every role an idiom names is here. Ranges are those of an input's
// components (a uniform parameter takes its value from the same range).
#include "synth/roles.h"

#include <algorithm>
#include <map>
#include <mutex>

namespace ws::synth {

namespace {

constexpr RoleSpec kRoles[] = {
    // ---- generic: any value of the port's type may feed these
    {"value", "*", -1.0, 1.0, "x val s a", "values data x vals samples", true},
    {"vector", "*", -1.0, 1.0, "v vec u", "vectors vecs dirs"},
    {"any vector", "*", -1.0, 1.0, "v vec p", "vectors vecs points", true},
    {"amount", "*", 0.0, 1.0, "t amount s", "amounts", true},
    {"matrix", "*", -1.0, 1.0, "A M mat", "matrices mats", true},
    {"quaternion", "*", -1.0, 1.0, "q rot", "quats rotations", true},

    {"condition", "condition", 0.0, 1.0, "mask flag active", "mask flags active"},

    // ---- shared numeric parameters
    {"weight", "weight", 0.0, 1.0, "w weight", "weights w"},
    {"blend factor", "fraction", 0.0, 1.0, "t alpha blend", "blend alphas"},
    {"lower bound", "lower bound", -1.0, -0.25, "lo lower min_val", "lower lo"},
    {"upper bound", "upper bound", 0.25, 1.0, "hi upper max_val", "upper hi"},
    {"threshold", "threshold", 0.0, 0.5, "threshold thresh cutoff", "thresholds"},
    {"scale", "scale", 0.5, 2.0, "scale gain k", "scales gains"},
    {"offset", "offset", -0.5, 0.5, "offset bias shift", "offsets biases"},
    {"exponent", "exponent", 0.5, 3.0, "p exponent power", "exponents"},
    {"frequency", "frequency", 0.5, 4.0, "freq omega frequency", "freqs"},
    {"phase", "phase", 0.0, 3.0, "phase phi", "phases"},
    {"time", "time", 0.0, 2.0, "t time sim_time", "times"},
    {"angle", "angle", -3.0, 3.0, "angle theta", "angles"},
    {"distance", "distance", 0.0, 2.0, "dist d r", "dists distances"},
    {"length", "distance", 0.0, 2.0, "length len_v", "lengths"},
    {"direction", "direction", -1.0, 1.0, "dir n d", "dirs directions"},
    {"normal", "direction", -1.0, 1.0, "n normal", "normals"},
    {"axis", "direction", -1.0, 1.0, "axis a", "axes"},
    {"count", "count", 1.0, 8.0, "n count", "counts"},
    {"index", "index", 0.0, 8.0, "idx i k", "indices ids"},
    {"tolerance", "tolerance", 1.0e-4, 1.0e-2, "tol eps", "tols"},

    // ---- particles and rigid bodies
    {"position", "position", -1.0, 1.0, "x p pos", "x positions particle_x points pos", true},
    {"velocity", "velocity", -1.0, 1.0, "v vel", "v velocities vel particle_v"},
    {"force", "force", -1.0, 1.0, "f force", "f forces particle_f"},
    {"acceleration", "acceleration", -1.0, 1.0, "a accel", "accel accelerations"},
    {"gravity", "acceleration", -10.0, 0.0, "gravity g", "gravity"},
    {"mass", "mass", 0.5, 2.0, "m mass", "masses mass particle_mass"},
    {"inverse mass", "inverse mass", 0.0, 2.0, "inv_m w inv_mass", "inv_mass inv_masses particle_inv_mass"},
    {"time step", "time step", 0.001, 0.02, "dt", "dt"},
    {"stiffness", "stiffness", 10.0, 100.0, "ke k stiffness", "stiffness ke"},
    {"damping", "damping", 0.0, 1.0, "kd damping", "damping kd"},
    {"rest length", "distance", 0.1, 1.0, "rest rest_length l0", "rest_lengths rest spring_rest"},
    {"radius", "radius", 0.02, 0.2, "r radius", "radii radius particle_radius"},
    {"ground height", "height", -1.0, 0.0, "ground ground_y floor_y", "ground_heights"},
    {"restitution", "restitution", 0.0, 1.0, "restitution e_rest bounce", "restitution"},
    {"friction coefficient", "friction", 0.1, 1.0, "mu friction", "friction mu"},
    {"smoothing length", "radius", 0.1, 0.5, "h smoothing_length support", "support_radii"},
    {"density", "density", 0.5, 2.0, "rho density", "densities rho"},
    {"rest density", "density", 0.5, 2.0, "rho0 rest_density", "rest_densities"},
    {"pressure", "pressure", 0.0, 2.0, "p pressure", "pressures"},
    {"energy", "energy", 0.0, 2.0, "e energy", "energies"},
    {"speed limit", "speed", 1.0, 4.0, "max_speed v_max speed_limit", "max_speeds"},
    {"drag coefficient", "damping", 0.0, 1.0, "drag c_drag k_drag", "drag"},

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

    // ---- learning
    {"activation", "value", -1.0, 1.0, "h act z", "activations hidden z"},
    {"logit", "value", -2.0, 2.0, "logit z", "logits scores"},
    {"probability", "fraction", 0.0, 1.0, "prob p", "probs probabilities"},
    {"target", "value", -1.0, 1.0, "y target label", "targets labels y"},
    {"prediction", "value", -1.0, 1.0, "y_hat pred", "preds predictions"},
    {"gradient", "gradient", -1.0, 1.0, "g grad", "grads gradients g"},
    {"parameter", "parameter", -1.0, 1.0, "w theta param", "params weights theta"},
    {"learning rate", "learning rate", 1.0e-4, 1.0e-2, "lr learning_rate", "lrs"},
    {"momentum", "momentum", 0.8, 0.99, "beta momentum mu", "betas"},
    {"first moment", "first moment", -1.0, 1.0, "m m_t", "m moments exp_avg"},
    {"second moment", "second moment", 0.0, 1.0, "v v_t", "v sq_avg exp_avg_sq"},
    {"loss", "loss", 0.0, 2.0, "loss l", "losses loss"},
    {"bias", "offset", -0.5, 0.5, "b bias", "biases bias b"},

    // ---- grids
    {"field value", "field", -1.0, 1.0, "u phi val", "u field grid phi"},
    {"grid spacing", "grid spacing", 0.05, 0.2, "h dx spacing", "spacings"},
    {"diffusivity", "diffusivity", 0.01, 0.1, "kappa alpha nu", "diffusivity"},
    {"wave speed", "speed", 0.5, 2.0, "c wave_speed", "wave_speeds"},

    // ---- bits
    {"key", "key", 0.0, 65535.0, "key k h", "keys"},
    {"seed", "seed", 0.0, 100000.0, "seed", "seeds"},
    {"rng state", "rng state", 0.0, 0.0, "rng state", "states"},
};

// A name list: space-separated words.
std::vector<std::string> words(std::string_view s) {
    std::vector<std::string> out;
    size_t start = 0;
    for (size_t i = 0; i <= s.size(); ++i)
        if (i == s.size() || s[i] == ' ') {
            if (i > start) out.emplace_back(s.substr(start, i - start));
            start = i + 1;
        }
    return out;
}

const std::map<std::string, Role, std::less<>>& roles() {
    static const auto table = [] {
        std::map<std::string, Role, std::less<>> m;
        for (const RoleSpec& r : kRoles) m[std::string(r.role)] = Role{&r, words(r.names), words(r.arrays)};
        return m;
    }();
    return table;
}

} // namespace

const Role* find_role(std::string_view role) {
    const auto& m = roles();
    auto it = m.find(role);
    return it == m.end() ? nullptr : &it->second;
}

std::span<const RoleSpec> role_table() {
    return kRoles;
}

bool roles_compatible(std::string_view from, std::string_view to) {
    if (from == to) return true;
    const Role* a = find_role(from);
    const Role* b = find_role(to);
    if (!a || !b) return false;
    if (b->generic()) return b->spec->point || !a->spec->point;
    return a->spec->group == b->spec->group;
}

} // namespace ws::synth
