// Options that change Warp's code generation: wp.config.<option> = value,
// wp.set_module_options({...}) and @wp.kernel(option=value), each a table of
// the options warpsynth models.
#include "codegen/module_scope.h"
#include "syntax/ast_walk.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

namespace ws {

namespace {

bool is_number(const Object* v) {
    return v && v->kind == Object::Kind::Constant && v->value->is_number_like();
}

// A Python int that fits in 64 bits (larger values are refused).
std::optional<int64_t> small_int(const Object* v) {
    if (!is_number(v) || !v->value->is_py_int()) return std::nullopt;
    return v->value->as_int64();
}

// ---- module options: each sets ModuleOptions, or returns false for a value
// warpsynth does not model.
using ModuleRule = bool (*)(ModuleOptions&, const Object* value, const ast::Expr* node);

struct ModuleOption {
    std::string_view name;
    ModuleRule apply; // null: the option does not change the generated source text
};

bool constant(const Object* v) {
    return v && v->kind == Object::Kind::Constant;
}

bool max_unroll(ModuleOptions& o, const Object* v, const ast::Expr*) {
    // Warp unrolls a constant range() unless `len(range) > max_unroll`: keep the
    // int threshold that gives the same answer for every length.
    if (!is_number(v)) return false;
    const Constant& c = *v->value;
    if (c.value_kind() == Constant::Kind::PyFloat) {
        double f = std::floor(c.f);
        o.max_unroll = std::isnan(c.f) || f >= 9.2e18 ? INT64_MAX : f < -1 ? -1 : static_cast<int64_t>(f);
    } else if (std::optional<int64_t> n = c.as_int64()) {
        o.max_unroll = std::max<int64_t>(*n, -1);
    } else {
        o.max_unroll = c.i.sign() < 0 ? -1 : INT64_MAX;
    }
    return true;
}

bool enable_backward(ModuleOptions& o, const Object* v, const ast::Expr*) {
    if (!constant(v)) return false;
    o.enable_backward = v->value->truthy();
    return true;
}

bool default_grid_stride(ModuleOptions& o, const Object* v, const ast::Expr*) {
    if (!constant(v)) return false;
    o.default_grid_stride = v->value->truthy();
    return true;
}

bool block_dim(ModuleOptions&, const Object* v, const ast::Expr*) {
    return is_number(v) && v->value->as_double() == 256; // the default: other sizes change the code
}

bool mode(ModuleOptions&, const Object*, const ast::Expr* node) {
    return node->kind == ast::ExprKind::Constant && ast::as<ast::Constant>(node)->str_value == "release";
}

// Warp's launch-time record capacity: a non-negative int, not a bool; no effect on the code.
bool deterministic_max_records(ModuleOptions&, const Object* v, const ast::Expr*) {
    std::optional<int64_t> n = small_int(v);
    return n && *n >= 0 && v->value->kind != Constant::Kind::PyBool;
}

bool lineinfo(ModuleOptions&, const Object* v, const ast::Expr*) {
    return constant(v) && !v->value->truthy();
}

constexpr ModuleOption kConfigOptions[] = {
    {"max_unroll", max_unroll},
    {"enable_backward", enable_backward},
    {"quiet", nullptr},
    {"verbose", nullptr},
    {"log_level", nullptr},
    {"print_launches", nullptr},
    {"kernel_cache_dir", nullptr},
    {"cache_kernels", nullptr},
    {"verify_cuda", nullptr},
    {"enable_graph_capture_module_load_by_default", nullptr},
};

constexpr ModuleOption kModuleOptions[] = {
    {"max_unroll", max_unroll},
    {"enable_backward", enable_backward},
    {"default_grid_stride", default_grid_stride},
    {"block_dim", block_dim},
    {"mode", mode},
    {"lineinfo", lineinfo},
    {"deterministic_max_records", deterministic_max_records},
    {"fast_math", nullptr},
    {"fuse_fp", nullptr},
    {"cuda_output", nullptr},
    {"optimization_level", nullptr},
    {"cpu_compiler_flags", nullptr},
    {"compile_time_trace", nullptr},
    {"strip_hash", nullptr},
    {"enable_mathdx_gemm", nullptr},
    {"enable_mathdx_solver", nullptr},
    {"enable_mathdx_fft", nullptr},
    {"verify_fp", nullptr},
    {"verify_autograd_array_access", nullptr},
    {"use_precompiled_headers", nullptr},
    {"line_directives", nullptr},
};

template <size_t N>
const ModuleOption* find_option(const ModuleOption (&table)[N], std::string_view name) {
    for (const ModuleOption& o : table)
        if (o.name == name) return &o;
    return nullptr;
}

// ---- kernel options: each sets KernelOptions (and the text Warp hashes), or
// returns false, with `error` set or empty for the generic message.
using KernelRule = bool (*)(KernelOptions&, const Object* value, const ast::Expr* node, std::string& error);

struct KernelOption {
    std::string_view name;
    KernelRule apply;
};

std::string py_bool_text(bool b) {
    return python_str(Constant::py_bool(b));
}

bool kernel_enable_backward(KernelOptions& o, const Object* v, const ast::Expr*, std::string&) {
    if (!is_number(v) || !v->value->is_py_number()) return false;
    o.enable_backward = v->value->truthy();
    // Warp keeps the value as given (grid_stride goes through bool()) and hashes its str():
    // `enable_backward=1` hashes as "1", which moves the kernel in the module.
    o.hash_text["enable_backward"] = python_str(*v->value);
    return true;
}

bool kernel_grid_stride(KernelOptions& o, const Object* v, const ast::Expr*, std::string&) {
    if (!is_number(v)) return false;
    o.grid_stride = v->value->truthy();
    o.hash_text["grid_stride"] = py_bool_text(*o.grid_stride);
    return true;
}

// Warp's _normalize_cuda_max_registers: a positive int, not a bool.
bool kernel_max_registers(KernelOptions& o, const Object* v, const ast::Expr*, std::string& error) {
    if (is_number(v) && v->value->kind == Constant::Kind::PyBool) {
        error = fmt::format("cuda_max_registers must be a positive int, got bool {}", python_str(*v->value));
        return false;
    }
    o.cuda_max_registers = small_int(v);
    if (!o.cuda_max_registers) return false;
    if (*o.cuda_max_registers < 1) {
        error = fmt::format("cuda_max_registers must be >= 1, got {}", *o.cuda_max_registers);
        return false;
    }
    o.hash_text["cuda_max_registers"] = std::to_string(*o.cuda_max_registers);
    return true;
}

bool kernel_smem_spilling(KernelOptions& o, const Object* v, const ast::Expr*, std::string&) {
    if (!is_number(v)) return false;
    if (v->value->truthy()) {
        o.enable_cuda_smem_spilling = true;
        o.hash_text["enable_cuda_smem_spilling"] = "True";
    }
    return true;
}

bool kernel_cluster_dim(KernelOptions& o, const Object* v, const ast::Expr*, std::string&) {
    std::optional<int64_t> n = small_int(v);
    if (!n) return false;
    o.cluster_dim = *n;
    o.hash_text["cluster_dim"] = std::to_string(o.cluster_dim);
    return true;
}

bool kernel_launch_bounds(KernelOptions& o, const Object* v, const ast::Expr* node, std::string& error) {
    if (std::optional<int64_t> n = small_int(v)) {
        o.launch_bounds = {*n};
        o.hash_text["launch_bounds"] = std::to_string(*n);
        return true;
    }
    if (!v || v->kind != Object::Kind::Sequence || v->items.empty() || v->items.size() > 2) return false;
    std::string text;
    for (const auto& item : v->items) {
        std::optional<int64_t> n = small_int(item.get());
        if (!n) {
            error = "launch_bounds must be an int or a tuple of 1-2 ints";
            return false;
        }
        o.launch_bounds.push_back(*n);
        text += (text.empty() ? "" : ", ") + std::to_string(*n);
    }
    bool is_tuple = node->kind == ast::ExprKind::Tuple;
    if (is_tuple && v->items.size() == 1) text += ",";
    o.hash_text["launch_bounds"] = is_tuple ? "(" + text + ")" : "[" + text + "]";
    return true;
}

constexpr KernelOption kKernelOptions[] = {
    {"enable_backward", kernel_enable_backward},  {"grid_stride", kernel_grid_stride},
    {"cuda_max_registers", kernel_max_registers}, {"enable_cuda_smem_spilling", kernel_smem_spilling},
    {"cluster_dim", kernel_cluster_dim},          {"launch_bounds", kernel_launch_bounds},
};

bool is_str(const ast::Expr* e) {
    return e->kind == ast::ExprKind::Constant &&
           ast::as<ast::Constant>(e)->value_kind == ast::Constant::Kind::Str;
}

} // namespace

void ModuleScope::set_config(const ast::Attribute* target, const ObjectRef& value) {
    // wp.config.<option> = value
    std::vector<std::string> path;
    if (!dotted_name(target, path) || path.size() != 3) return;
    ObjectRef root = global(path[0]);
    if (!root || root->kind != Object::Kind::WarpModule || root->name != "warp" || path[1] != "config")
        return;
    const ModuleOption* o = find_option(kConfigOptions, path[2]);
    if (o && (!o->apply || o->apply(options_, value.get(), target))) return;
    fail(
        target->pos,
        fmt::format("wp.config.{} changes Warp's code generation in ways warpsynth does not model", path[2]));
}

void ModuleScope::set_module_options(const ast::Call* call) {
    if (call->args.size() != 1 || !call->keywords.empty() || call->args[0]->kind != ast::ExprKind::Dict)
        fail(call->pos, "wp.set_module_options() is supported with one dict literal argument");
    const auto* dict = static_cast<const ast::Dict*>(call->args[0]);
    for (size_t i = 0; i < dict->keys.size(); ++i) {
        const ast::Expr* k = dict->keys[i];
        if (!k || !is_str(k)) fail(k ? k->pos : dict->pos, "module option names must be string literals");
        const std::string& name = ast::as<ast::Constant>(k)->str_value;
        const ast::Expr* node = dict->values[i];
        if (name == "deterministic") { // a member of an enum class warpsynth names but does not evaluate
            std::optional<int> mode = deterministic_mode(node);
            if (!mode) fail(node->pos, "module option 'deterministic' must be a wp.DeterministicMode member");
            options_.deterministic = *mode;
            continue;
        }
        const ModuleOption* o = find_option(kModuleOptions, name);
        if (o && !o->apply) continue;
        if (o && o->apply(options_, eval_python(node).get(), node)) continue;
        fail(node->pos, fmt::format("module option '{}' with this value changes Warp's code generation in "
                                    "ways warpsynth does not model",
                                    name));
    }
}

std::optional<int> ModuleScope::deterministic_mode(const ast::Expr* node) const {
    static constexpr std::pair<std::string_view, int> kMembers[] = {
        {"NOT_GUARANTEED", 0}, {"RUN_TO_RUN", 1}, {"GPU_TO_GPU", 2}};
    if (node->kind != ast::ExprKind::Attribute) return std::nullopt;
    const auto* a = ast::as<ast::Attribute>(node);
    ObjectRef mode_class = eval_python(a->value);
    if (!mode_class || mode_class->name != "warp.config.DeterministicMode") return std::nullopt;
    for (auto [member, value] : kMembers)
        if (a->attr == member) return value;
    return std::nullopt;
}

bool ModuleScope::apply_kernel_options(const ast::Call* decorator, KernelDef& k) {
    if (!decorator->args.empty()) fail(decorator->args[0]->pos, "@wp.kernel takes keyword arguments only");
    // A kernel of another (or its own unique) module is not this module's, but Warp still checks
    // its options when it decorates it: a value Warp refuses is refused either way.
    bool other_module = false;
    for (const auto& kw : decorator->keywords)
        other_module = other_module || (kw.arg == "module" && !is_none(kw.value));
    for (const auto& kw : decorator->keywords) {
        if (is_none(kw.value) || kw.arg == "module") continue; // an explicit None is the default
        if (kw.arg == "name" && is_str(kw.value)) {
            k.src.key = ast::as<ast::Constant>(kw.value)->str_value;
            continue;
        }
        ObjectRef v = eval_python(kw.value);
        std::string error;
        bool applied = false;
        for (const KernelOption& o : kKernelOptions)
            if (o.name == kw.arg) applied = o.apply(k.options, v.get(), kw.value, error);
        if (!applied && (!error.empty() || !other_module))
            fail(kw.value->pos,
                 error.empty() ? fmt::format("unsupported @wp.kernel option '{}'", kw.arg) : error);
    }
    if (!k.options.launch_bounds.empty() && k.options.cuda_max_registers)
        fail(decorator->pos, "cuda_max_registers and launch_bounds cannot be specified together");
    return !other_module;
}

} // namespace ws
