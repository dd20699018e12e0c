#include "synth/names.h"

#include "synth/string_table.h"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>
#include <iterator>
#include <vector>

namespace ws::synth {

namespace {

constexpr std::string_view kReserved[] = {
    // Python keywords and the builtins a kernel may call.
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def",
    "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda",
    "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield", "abs", "all", "any",
    "bool", "float", "int", "len", "max", "min", "pow", "print", "range", "round", "sum", "type", "id",
    "list", "dict", "tuple", "str", "object", "input", "iter", "next", "map", "filter", "zip", "slice",
    "super", "hash", "format", "vars", "self", "wp", "warp", "np", "math",
    // Helpers Warp itself defines as @wp.func: a user function with one of
    // these keys is numbered after Warp's own.
    "norm_l1", "norm_l2", "norm_huber", "norm_pseudo_huber", "smooth_normalize", "quat_from_euler",
    "quat_to_euler", "quat_to_rpy", "quat_twist", "quat_twist_angle", "quat_twist_angle_signed",
    "velocity_at_point", "transform_from_matrix", "transform_to_matrix", "transform_compose",
    "transform_decompose", "transform_twist", "transform_wrench"};

} // namespace

bool is_reserved_name(std::string_view name) {
    // A table of its own (see string_table.h): asked for every name the writer tries (hundreds
    // per kernel).
    static const StringTable<bool> reserved = [] {
        std::vector<std::pair<std::string_view, bool>> entries;
        for (std::string_view r : kReserved) entries.emplace_back(r, true);
        return StringTable<bool>(std::move(entries));
    }();
    return reserved.find(name) != nullptr;
}

bool NameSet::taken(std::string_view name) const {
    return used_.count(name) > 0 || is_reserved_name(name);
}

std::string NameSet::fresh(const std::vector<std::string>& candidates) {
    for (const std::string& c : candidates)
        if (!taken(c)) {
            used_.insert(c);
            return c;
        }
    return fresh_from(candidates.empty() ? std::string_view("tmp") : std::string_view(candidates.front()));
}

std::string NameSet::fresh_from(std::string_view base) {
    std::string name(base);
    for (int n = 2; taken(name); ++n)
        name =
            fmt::format("{}{}{}", base, std::isdigit(static_cast<unsigned char>(base.back())) ? "_" : "", n);
    used_.insert(name);
    return name;
}

} // namespace ws::synth
