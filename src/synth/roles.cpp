// The role table. Add a row when an idiom needs a new role; a unit test checks
// that every role an idiom names is here. Ranges are those of an input's
// components (a uniform parameter takes its value from the same range).
#include "synth/roles.h"

#include "synth/string_table.h"

#include <algorithm>
#include <stdexcept>
#include <unordered_map>

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
    {"seed", "seed", 0.0, 100000.0, "seed", "seeds"},
    {"rng state", "rng state", 0.0, 0.0, "rng state", "states"},

    // ---- shared numeric parameters
    {"weight", "weight", 0.0, 1.0, "w weight", "weights w"},
    {"blend factor", "fraction", 0.0, 1.0, "t alpha blend", "blend alphas"},
    {"lower bound", "lower bound", -1.0, -0.25, "lo lower min_val", "lower lo"},
    {"upper bound", "upper bound", 0.25, 1.0, "hi upper max_val", "upper hi"},
    {"threshold", "threshold", 0.0, 0.5, "threshold thresh cutoff", "thresholds"},
    {"scale", "scale", 0.5, 2.0, "scale gain k", "scales gains"},
    // Rounding steps stay well below the values rounded (about 1): a step of 2
    // rounds nearly everything to 0.
    {"rounding step", "rounding step", 0.05, 0.25, "step q_step delta", "steps"},
    // Closed: a hundred in generic arithmetic (wp.max(x, 100.0)) swamps the values.
    {"decimal scale", "decimal scale", 10.0, 1000.0, "resolution res", "resolutions", false, true},
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

std::vector<std::span<const RoleSpec>> tables() {
    return {kRoles,           particle_roles(), rigid_roles(),    continuum_roles(),
            geometry_roles(), imaging_roles(),  learning_roles(), random_roles(),
            grid_roles(),     bits_roles(),     query_roles()};
}

// Hashed, keyed by the tables' own (static) strings: composition looks roles up hundreds of
// thousands of times per thousand kernels, and an ordered map compares strings at every level.
const std::unordered_map<std::string_view, Role>& roles() {
    static const auto table = [] {
        std::unordered_map<std::string_view, Role> m;
        for (auto t : tables())
            for (const RoleSpec& r : t)
                if (!m.try_emplace(r.role, Role{&r, words(r.names), words(r.arrays)}).second)
                    throw std::invalid_argument("role defined twice: " + std::string(r.role));
        return m;
    }();
    return table;
}

} // namespace

// By a table of its own (see string_table.h): composition asks tens of thousands of times per
// thousand kernels, twice per roles_compatible().
const Role* find_role(std::string_view role) {
    static const StringTable<const Role*> index = [] {
        std::vector<std::pair<std::string_view, const Role*>> entries;
        for (const auto& [name, r] : roles()) entries.emplace_back(name, &r);
        return StringTable<const Role*>(std::move(entries));
    }();
    const Role* const* r = index.find(role);
    return r ? *r : nullptr;
}

std::vector<const RoleSpec*> all_roles() {
    std::vector<const RoleSpec*> out;
    for (auto t : tables())
        for (const RoleSpec& r : t) out.push_back(&r);
    return out;
}

bool roles_compatible(std::string_view from, std::string_view to) {
    return roles_compatible(from, nullptr, to, nullptr);
}

bool roles_compatible(std::string_view from, const Role* a, std::string_view to, const Role* b) {
    if (from == to) return true;
    if (!a) a = find_role(from);
    if (!b) b = find_role(to);
    if (!a || !b) return false;
    if (a->spec->closed) return a->spec->group == b->spec->group;
    if (b->generic()) return b->spec->point || !a->spec->point;
    return a->spec->group == b->spec->group;
}

} // namespace ws::synth
