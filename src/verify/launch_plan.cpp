#include "verify/launch_plan.h"

#include <algorithm>
#include <cctype>

namespace ws::verify {

namespace {

std::vector<int64_t> base_shape(int ndim) {
    switch (ndim) {
    case 1: return {16};
    case 2: return {8, 8};
    case 3: return {4, 4, 4};
    default: return {3, 3, 3, 3};
    }
}

std::string trim(const std::string& s) {
    size_t a = s.find_first_not_of(" \t\r\n");
    if (a == std::string::npos) return {};
    size_t b = s.find_last_not_of(" \t\r\n");
    return s.substr(a, b - a + 1);
}

int annotation_ndim(const std::string& annot) {
    for (int n = 2; n <= 4; ++n)
        if (annot.find("array" + std::to_string(n) + "d") != std::string::npos) return n;
    size_t p = annot.find("ndim");
    if (p != std::string::npos) {
        p = annot.find('=', p);
        while (p != std::string::npos && p + 1 < annot.size() &&
               !std::isdigit(static_cast<unsigned char>(annot[p])))
            ++p;
        if (p != std::string::npos && p < annot.size()) return std::clamp(annot[p] - '0', 1, 4);
    }
    return 1;
}

} // namespace

std::vector<std::pair<std::string, int>> python_array_ndims(const std::string& python,
                                                            const std::string& kernel) {
    std::vector<std::pair<std::string, int>> out;
    size_t p = python.find("def " + kernel + "(");
    if (p == std::string::npos) return out;
    p += 5 + kernel.size();
    // The parameter list up to the matching parenthesis, split at top-level commas.
    int depth = 0;
    std::string cur;
    std::vector<std::string> params;
    for (; p < python.size(); ++p) {
        char c = python[p];
        if (c == '(' || c == '[' || c == '{') ++depth;
        if (c == ')' || c == ']' || c == '}') {
            if (depth == 0) break;
            --depth;
        }
        if (c == ',' && depth == 0) {
            params.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    params.push_back(cur);
    for (const std::string& prm : params) {
        size_t colon = prm.find(':');
        if (colon == std::string::npos) continue;
        std::string name = trim(prm.substr(0, colon));
        std::string annot = prm.substr(colon + 1);
        if (annot.find("array") == std::string::npos) continue;
        out.emplace_back(name, annotation_ndim(annot));
    }
    return out;
}

bool writes_array(const RecordCode& code, const std::string& name) {
    const std::string& t = code.text;
    const std::string v = "var_" + name;
    auto has = [&](const std::string& s) { return t.find(s) != std::string::npos; };
    if (has("array_store(" + v + ",") || has("wp::store(&(wp::index(" + v + ",")) return true;
    // wp::atomic_<op>(var_name, ...) in the forward (and adj_atomic_<op> in the backward).
    for (size_t pos = t.find("atomic_"); pos != std::string::npos; pos = t.find("atomic_", pos + 7)) {
        size_t paren = t.find('(', pos);
        if (paren != std::string::npos && paren - pos < 24 &&
            t.compare(paren + 1, v.size() + 1, v + ",") == 0)
            return true;
    }
    // Passed to a user function (`name_N(..., var_x, ...)`) while the user
    // functions (the text before the kernel's args struct) store into arrays.
    const std::string functions = t.substr(0, t.find("struct wp_args_"));
    auto functions_have = [&](const std::string& s) { return functions.find(s) != std::string::npos; };
    bool functions_store = functions_have("array_store(") || functions_have("wp::store(&(wp::index(") ||
                           functions_have("wp::atomic_");
    if (!functions_store) return false;
    const std::string kernel = t.substr(functions.size());
    for (size_t pos = kernel.find(v); pos != std::string::npos; pos = kernel.find(v, pos + v.size())) {
        char after = pos + v.size() < kernel.size() ? kernel[pos + v.size()] : '\0';
        if (after != ',' && after != ')') continue;
        size_t line = kernel.rfind('\n', pos);
        line = line == std::string::npos ? 0 : line + 1;
        std::string text = kernel.substr(line, pos - line);
        bool user_call = false;
        for (size_t c = text.find('('); c != std::string::npos; c = text.find('(', c + 1)) {
            // `<name>_<digits>(` is how Warp names user functions.
            size_t d = c;
            while (d > 0 && std::isdigit(static_cast<unsigned char>(text[d - 1]))) --d;
            if (d < c && d > 0 && text[d - 1] == '_' && text.find("wp::") == std::string::npos)
                user_call = true;
        }
        if (user_call) return true;
    }
    return false;
}

namespace {

// The launch dimensions: recorded (a tiled launch gains its block dimension), else inferred.
void set_launch_dim(LaunchPlan& plan, const synth::LaunchSpec& spec, int ndim) {
    if (spec.tiled()) {
        // wp.launch_tiled appends the block size, which Warp's CPU launch resolves to 1.
        plan.dim = spec.dim;
        plan.dim.push_back(1);
        if (plan.dim.size() < size_t(ndim)) plan.dim.resize(size_t(ndim), 1);
    } else if (!spec.dim.empty()) {
        plan.dim = spec.dim;
    } else {
        plan.inferred = true;
        plan.dim = base_shape(ndim);
        // The leading extents of the first array with enough dimensions
        // (`x[i]`, `a[i, j]` and `rows[i]` of a 2-d array stay in bounds).
        for (const synth::ArgSpec& a : plan.args)
            if (int(a.shape.size()) >= ndim) {
                plan.dim.assign(a.shape.begin(), a.shape.begin() + ndim);
                break;
            }
    }
}

} // namespace

LaunchPlan plan_launch(const dataset::Record& r, const RecordCode& cpu) {
    // Always one ArgSpec per field, in field order; `error` says when the
    // result is not fit to launch.
    LaunchPlan plan;
    const synth::LaunchSpec& spec = r.launch;
    const int ndim = cpu.launch_ndim;
    auto ndims = python_array_ndims(r.python_source, r.kernel_name);
    auto ndim_of = [&](const std::string& name) {
        for (auto& [n, d] : ndims)
            if (n == name) return d;
        return 1;
    };

    // Recorded specs, matched by name (the synthesizer's order is the
    // parameter order, but names make a mismatch visible).
    const bool recorded = !spec.args.empty();
    for (const FieldDecl& f : cpu.fields) {
        const synth::ArgSpec* rec = nullptr;
        for (const synth::ArgSpec& a : spec.args)
            if (a.name == f.name) rec = &a;
        if (recorded && !rec && plan.error.empty())
            plan.error = "the LaunchSpec has no entry for argument '" + f.name + "'";
        synth::ArgSpec a = rec ? *rec : synth::ArgSpec{};
        a.name = f.name;
        if (f.is_array() && a.shape.empty()) {
            a.shape = base_shape(ndim_of(f.name));
            a.is_output = writes_array(cpu, f.name);
            plan.inferred = true;
        }
        if (!rec) {
            plan.inferred = true;
            a.is_output = f.is_array() && writes_array(cpu, f.name);
        }
        if (!rec && a.is_output) a.min_value = a.max_value = 0.0; // an inferred output starts at zero
        plan.args.push_back(std::move(a));
    }

    // Integer inputs without a recorded range: [0, smallest extent - 1].
    int64_t smallest = 16;
    for (const synth::ArgSpec& a : plan.args)
        for (int64_t e : a.shape) smallest = std::min(smallest, e);
    for (size_t i = 0; i < plan.args.size(); ++i) {
        const FieldDecl& f = cpu.fields[i];
        bool recorded_arg = false;
        for (const synth::ArgSpec& a : spec.args)
            if (a.name == f.name) recorded_arg = true;
        if (recorded_arg) continue;
        bool integral = f.type.find("int") != std::string::npos && f.type.find("float") == std::string::npos;
        if (integral) {
            plan.args[i].min_value = 0;
            plan.args[i].max_value = double(smallest - 1);
        } else {
            // Positive: extracted code often takes logarithms, roots and
            // powers of its inputs, which negative values would turn into NaN.
            plan.args[i].min_value = 0.1;
            plan.args[i].max_value = 1.0;
        }
    }

    set_launch_dim(plan, spec, ndim);
    // A tiled launch may have more dimensions than wp.tid() reads: the launch bounds fold
    // the rest into coord_mult, as Warp's do (harness.h).
    if (int(plan.dim.size()) != ndim && !(spec.tiled() && plan.dim.size() <= 4) && plan.error.empty())
        plan.error = "the launch has " + std::to_string(plan.dim.size()) +
                     " dimensions but the kernel uses " + std::to_string(ndim);
    for (const synth::ArgSpec& a : plan.args)
        if (a.shape.size() > 4 && plan.error.empty())
            plan.error = "argument '" + a.name + "' has more than 4 dimensions";
    // Geometry queries read a Warp object (mesh, BVH, hash grid, volume) through the uint64
    // id: a random id is a wild pointer, so such records are compiled but not run.
    static constexpr const char* kGeometryCalls[] = {"wp::mesh_", "wp::bvh_", "wp::hash_grid_", "wp::volume_",
                                                     "wp::texture_"};
    for (const char* call : kGeometryCalls)
        if (plan.error.empty() && cpu.text.find(call) != std::string::npos)
            plan.error = "needs a mesh, BVH, hash grid or volume (the kernel queries one by its id)";
    // A tile kernel runs from the CPU code Warp builds for a CPU launch (block_dim=1, one lane
    // per block); the record's own CPU code (block_dim 256, whose lanes would synchronise through
    // Warp's fiber runtime) is compiled only.
    if (plan.error.empty() && spec.tiled() && cpu.block_dim != 1)
        plan.error = "a tile kernel (wp.launch_tiled, block_dim=" + std::to_string(spec.block_dim) +
                     "): run from the CPU code Warp builds for a CPU launch (block_dim=1)";
    // The glue always needs one spec per argument, even when the record
    // cannot be launched (it is then compiled but not run).
    if (!plan.error.empty() && !spec.tiled()) plan.dim.resize(size_t(ndim), 1);
    return plan;
}

} // namespace ws::verify
