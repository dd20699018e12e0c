#include "verify/differentiability.h"

#include <cctype>

namespace ws::verify {

namespace {

// `var_a = var_b;` (a plain copy: how Warp materialises a loop-carried variable).
bool is_plain_copy(const std::string& line) {
    size_t p = line.find_first_not_of(" \t");
    if (p == std::string::npos || line.compare(p, 4, "var_") != 0) return false;
    size_t eq = line.find(" = var_", p);
    if (eq == std::string::npos) return false;
    for (size_t i = p; i < eq; ++i)
        if (!(std::isalnum(static_cast<unsigned char>(line[i])) || line[i] == '_')) return false;
    size_t q = eq + 3;
    while (q < line.size() && (std::isalnum(static_cast<unsigned char>(line[q])) || line[q] == '_')) ++q;
    return line.compare(q, 1, ";") == 0 && line.find_first_not_of(" \t\r", q + 1) == std::string::npos;
}

} // namespace

std::vector<std::string> warp_nondifferentiable_constructs(const std::string& code) {
    std::vector<std::string> out;
    if (code.find("start_while_") != std::string::npos) out.push_back("while loop");
    // Lines between `start_for_N:;` and `end_for_N:;` in forward code.
    bool mutated = false;
    for (size_t pos = code.find("start_for_"); pos != std::string::npos && !mutated;
         pos = code.find("start_for_", pos + 10)) {
        size_t colon = code.find(":;", pos);
        if (colon == std::string::npos || colon - pos > 20) continue; // a goto, not the label
        std::string id = code.substr(pos + 10, colon - pos - 10);
        size_t end = code.find("end_for_" + id + ":", colon);
        if (end == std::string::npos) continue;
        size_t line_start = code.find('\n', colon);
        while (line_start != std::string::npos && line_start < end) {
            size_t nl = code.find('\n', line_start + 1);
            std::string line = code.substr(line_start + 1, (nl == std::string::npos ? code.size() : nl) - line_start - 1);
            if (is_plain_copy(line)) {
                mutated = true;
                break;
            }
            line_start = nl;
        }
    }
    if (mutated) out.push_back("variable mutated in a dynamic loop");
    if (code.find("wp::indexref(") != std::string::npos) out.push_back("array element mutated through a reference");
    // In-place updates of a local vector/matrix/quaternion (`v[1] -= x`, `m[0] += r`): the
    // value is updated where it lives, so a copy made earlier (`out = f`) aliases it and the
    // reverse pass counts the update twice.
    if (code.find("_inplace(") != std::string::npos) out.push_back("in-place component update");
    return out;
}

} // namespace ws::verify
