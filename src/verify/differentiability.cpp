#include "verify/differentiability.h"

#include <cctype>

namespace ws::verify {

namespace {

// `wp::assign(var_a, var_b);` (how Warp materialises a variable reassigned in a
// loop body; older releases wrote a plain copy `var_a = var_b;`).
bool is_plain_copy(const std::string& line) {
    size_t p = line.find_first_not_of(" \t");
    if (p != std::string::npos && line.compare(p, 15, "wp::assign(var_") == 0) return true;
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
            std::string line =
                code.substr(line_start + 1, (nl == std::string::npos ? code.size() : nl) - line_start - 1);
            if (is_plain_copy(line)) {
                mutated = true;
                break;
            }
            line_start = nl;
        }
    }
    if (mutated) out.push_back("variable mutated in a dynamic loop");
    if (code.find("wp::indexref(") != std::string::npos)
        out.push_back("array element mutated through a reference");
    // In-place updates of a local vector/matrix/quaternion (`v[1] -= x`, `m[0] += r`): the
    // value is updated where it lives, so a copy made earlier (`out = f`) aliases it and the
    // reverse pass counts the update twice.
    if (code.find("_inplace(") != std::string::npos) out.push_back("in-place component update");
    // atomic_min/max: the adjoint flows to whichever thread Warp's adjoint
    // picks, not necessarily the one whose value won.
    if (code.find("wp::atomic_min(") != std::string::npos ||
        code.find("wp::atomic_max(") != std::string::npos)
        out.push_back("atomic min/max");
    // An array both read and written by the kernel: Warp's reverse pass reads
    // the overwritten values (Warp documents array overwrites as not differentiable).
    for (size_t pos = code.find("wp::address(var_"); pos != std::string::npos;
         pos = code.find("wp::address(var_", pos + 1)) {
        size_t comma = code.find(',', pos);
        if (comma == std::string::npos) break;
        std::string var = code.substr(pos + 12, comma - pos - 12);
        if (code.find("array_store(" + var + ",") != std::string::npos ||
            code.find("wp::store(&(wp::index(" + var + ",") != std::string::npos ||
            code.find("_inplace(" + var + ",") != std::string::npos) {
            out.push_back("array read and overwritten");
            break;
        }
        bool atomic = false;
        for (size_t a = code.find("wp::atomic_"); a != std::string::npos && !atomic;
             a = code.find("wp::atomic_", a + 1)) {
            size_t paren = code.find('(', a);
            atomic = paren != std::string::npos && code.compare(paren + 1, var.size() + 1, var + ",") == 0;
        }
        if (atomic) {
            out.push_back("array read and overwritten");
            break;
        }
    }
    // `idx = wp.atomic_add(counter, 0, 1)` then `out[idx] = ...`: the reverse
    // pass replays the atomic, gets another slot, and sends adjoints there.
    for (size_t pos = code.find(" = wp::atomic_"); pos != std::string::npos;
         pos = code.find(" = wp::atomic_", pos + 1)) {
        size_t start = code.rfind('\n', pos);
        start = start == std::string::npos ? 0 : start + 1;
        std::string var =
            code.substr(code.find_first_not_of(" \t", start), pos - code.find_first_not_of(" \t", start));
        if (var.rfind("var_", 0) != 0) continue;
        size_t end = code.find("\n}\n", pos);
        std::string rest = code.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
        bool used = false;
        for (size_t u = rest.find(var); u != std::string::npos && !used; u = rest.find(var, u + var.size())) {
            char after = u + var.size() < rest.size() ? rest[u + var.size()] : ' ';
            if (std::isalnum(static_cast<unsigned char>(after)) || after == '_')
                continue; // var_12 vs var_123
            if (u > 0 && (std::isalnum(static_cast<unsigned char>(rest[u - 1])) || rest[u - 1] == '_'))
                continue;
            if (rest.compare(u + var.size(), 3, " = ") == 0) continue; // (re)assignment, not a use
            used = true;
        }
        if (used) {
            out.push_back("value returned by an atomic operation");
            break;
        }
    }
    return out;
}

std::vector<std::string> warp_missing_tile_adjoints(const std::string& code) {
    static constexpr const char* kOps[] = {"tile_max",
                                           "tile_min",
                                           "tile_reduce",
                                           "tile_reduce_axis",
                                           "tile_scan_inclusive",
                                           "tile_scan_exclusive",
                                           "tile_scan_max_inclusive",
                                           "tile_scan_min_inclusive",
                                           "tile_sort",
                                           "tile_diag_add",
                                           "tile_upper_solve",
                                           "tile_upper_solve_inplace",
                                           "tile_lower_solve_inplace",
                                           "tile_cholesky_solve",
                                           "tile_cholesky_solve_inplace",
                                           "tile_cholesky_inplace"};
    std::vector<std::string> out;
    for (const char* op : kOps) {
        const std::string call = std::string(op) + "(";
        for (size_t p = code.find(call); p != std::string::npos; p = code.find(call, p + 1)) {
            // A call of the operation itself: not adj_<op>, a longer name ending in it, or the
            // Python line quoted in a comment (`wp.tile_max(`).
            char before = p ? code[p - 1] : ' ';
            if (std::isalnum(static_cast<unsigned char>(before)) || before == '_' || before == '.') continue;
            out.emplace_back(op);
            break;
        }
    }
    return out;
}

std::string grad_verdict_with_missing_adjoints(const std::string& grad, const std::string& code) {
    const bool pass = grad == "pass";
    const bool differs =
        grad.rfind("fail: adjoint differs", 0) == 0 || grad.rfind("fail: non-finite adjoint", 0) == 0;
    if (!pass && !differs) return grad;
    std::vector<std::string> ops = warp_missing_tile_adjoints(code);
    if (ops.empty()) return grad;
    std::string names;
    for (const std::string& op : ops) names += (names.empty() ? "" : ", ") + op;
    return "skipped: Warp has no adjoint for " + names +
           " (its backward pass leaves that gradient at zero): " +
           (pass ? "the finite differences agreed on the sampled elements"
                 : "finite differences: " + grad.substr(6));
}

} // namespace ws::verify
