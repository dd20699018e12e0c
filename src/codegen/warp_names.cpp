#include "codegen/warp_names.h"

#include <fmt/format.h>

#include <cmath>
#include <map>
#include <mutex>
#include <string>

#include "builtins/builtin.h"

namespace ws::warp_names {

namespace {

ObjectRef named(Object::Kind kind, std::string name) { return Object::make_named(kind, std::move(name)); }

// TODO(registry): read these from the dumped warp namespace table.
std::optional<double> float_constant(std::string_view name) {
    static const std::pair<std::string_view, double> kConstants[] = {
        {"pi", M_PI}, {"PI", M_PI}, {"e", M_E}, {"E", M_E}, {"tau", 2 * M_PI}, {"TAU", 2 * M_PI},
        {"half_pi", M_PI / 2}, {"HALF_PI", M_PI / 2}, {"inf", INFINITY}, {"INF", INFINITY}, {"nan", NAN},
        {"NAN", NAN}, {"ln2", M_LN2}, {"LN2", M_LN2}, {"ln10", M_LN10}, {"LN10", M_LN10}, {"log2e", M_LOG2E},
        {"LOG2E", M_LOG2E}, {"log10e", M_LOG10E}, {"LOG10E", M_LOG10E}, {"phi", 1.618033988749895},
        {"PHI", 1.618033988749895}};
    for (const auto& [n, v] : kConstants)
        if (n == name) return v;
    return std::nullopt;
}

bool is_exported_builtin(std::string_view name) { return builtins::find(name) != nullptr; }

int warp_import_count(std::string_view key) {
    static const std::pair<std::string_view, int> kCounts[] = {
        {"norm_huber", 1}, {"norm_l1", 1}, {"norm_l2", 1}, {"norm_pseudo_huber", 1}, {"quat_between_vectors", 1},
        {"quat_from_euler", 1}, {"quat_to_euler", 1}, {"quat_to_rpy", 1}, {"quat_twist", 1},
        {"quat_twist_angle", 1}, {"quat_twist_angle_signed", 1}, {"smooth_normalize", 1},
        {"transform_compose", 3}, {"transform_decompose", 3}, {"transform_from_matrix", 3},
        {"transform_to_matrix", 3}, {"transform_twist", 1}, {"transform_wrench", 1}, {"velocity_at_point", 1}};
    for (const auto& [n, c] : kCounts)
        if (n == key) return c;
    return 0;
}

// Types named by the warp package and warp.types: scalars and the vector,
// matrix, quaternion, transform and spatial aliases.
ObjectRef warp_type(std::string_view name) {
    if (auto s = scalar_from_name(name)) return Object::make_type(types::scalar(*s), std::string(name));
    static const std::pair<std::string_view, Scalar> kSuffix[] = {
        {"h", Scalar::Float16}, {"f", Scalar::Float32},  {"d", Scalar::Float64}, {"b", Scalar::Int8},
        {"ub", Scalar::UInt8},  {"s", Scalar::Int16},    {"us", Scalar::UInt16}, {"i", Scalar::Int32},
        {"ui", Scalar::UInt32}, {"l", Scalar::Int64},    {"ul", Scalar::UInt64}, {"", Scalar::Float32},
    };
    auto with_suffix = [&](std::string_view prefix, bool floats_only) -> std::optional<Scalar> {
        if (name.substr(0, prefix.size()) != prefix) return std::nullopt;
        std::string_view rest = name.substr(prefix.size());
        for (const auto& [suf, s] : kSuffix)
            if (rest == suf && (!floats_only || is_float(s))) return s;
        return std::nullopt;
    };
    for (int n = 2; n <= 4; ++n)
        if (auto s = with_suffix(fmt::format("vec{}", n), false))
            return Object::make_type(types::vector(n, *s), std::string(name));
    for (int n = 2; n <= 4; ++n)
        if (auto s = with_suffix(fmt::format("mat{0}{0}", n), true))
            return Object::make_type(types::matrix(n, n, *s), std::string(name));
    if (auto s = with_suffix("quat", true)) return Object::make_type(types::quaternion(*s), std::string(name));
    if (auto s = with_suffix("transform", true)) return Object::make_type(types::transform(*s), std::string(name));
    if (auto s = with_suffix("spatial_vector", true)) return Object::make_type(types::vector(6, *s), std::string(name));
    if (auto s = with_suffix("spatial_matrix", true))
        return Object::make_type(types::matrix(6, 6, *s), std::string(name));
    return nullptr;
}

ObjectRef warp_attribute(std::string_view module, std::string_view name) {
    if (ObjectRef t = warp_type(name)) return t;
    static const std::string_view kPyFuncs[] = {"constant", "static", "func", "kernel", "struct", "array",
                                                "array1d", "array2d", "array3d", "array4d", "set_module_options",
                                                "init", "vector", "matrix"};
    for (std::string_view f : kPyFuncs)
        if (f == name) {
            // wp.vector/wp.matrix are builtins in kernels; types.vector/types.matrix make types at import.
            if ((name == "vector" || name == "matrix") && module == "warp") break;
            return named(Object::Kind::WarpPyFunc, std::string(name));
        }
    if (module == "warp" && name == "types") return named(Object::Kind::WarpModule, "warp.types");
    if (auto c = float_constant(name)) return Object::make_constant(Constant::py_float(*c));
    if (is_exported_builtin(name)) return named(Object::Kind::Builtin, std::string(name));
    return nullptr;
}

} // namespace

ObjectRef module(std::string_view dotted_name) {
    if (dotted_name == "warp") return named(Object::Kind::WarpModule, "warp");
    if (dotted_name == "warp.types") return named(Object::Kind::WarpModule, "warp.types");
    if (dotted_name == "math") return named(Object::Kind::WarpModule, "math");
    return nullptr;
}

ObjectRef attribute(const Object& obj, std::string_view name) {
    if (obj.kind == Object::Kind::WarpModule) {
        if (obj.name == "warp" || obj.name == "warp.types") return warp_attribute(obj.name, name);
        if (obj.name == "math") {
            static const std::pair<std::string_view, double> kMath[] = {
                {"pi", M_PI}, {"e", M_E}, {"tau", 2 * M_PI}, {"inf", INFINITY}, {"nan", NAN}};
            for (const auto& [n, v] : kMath)
                if (n == name) return Object::make_constant(Constant::py_float(v));
            if (builtins::find(name)) return named(Object::Kind::PyBuiltin, std::string(name));
        }
    }
    return nullptr;
}

ObjectRef python_builtin(std::string_view name) {
    if (name == "__warp__") return named(Object::Kind::WarpModule, "warp");
    if (name == "float") return Object::make_type(types::float32(), "float");
    if (name == "int") return Object::make_type(types::int32(), "int");
    if (name == "bool") return Object::make_type(types::boolean(), "bool");
    static const std::string_view kBuiltins[] = {"range", "min", "max", "abs", "len", "print", "round", "pow",
                                                 "type", "isinstance", "tuple", "list", "sum", "divmod"};
    for (std::string_view b : kBuiltins)
        if (b == name) return named(Object::Kind::PyBuiltin, std::string(name));
    return nullptr;
}

int import_function_count(std::string_view key) { return warp_import_count(key); }

namespace {

// Python's float()/int()/bool() of a number.
std::optional<Constant> python_convert(std::string_view to, const Constant& v) {
    if (to == "float") return Constant::py_float(v.as_double());
    if (to == "int") {
        if (v.kind == Constant::Kind::PyFloat || (v.kind == Constant::Kind::Scalar && v.type->is_float_scalar()))
            return Constant::py_int(static_cast<int64_t>(std::trunc(v.f)));
        return Constant::py_int(v.as_int());
    }
    if (to == "bool") return Constant::py_bool(v.truthy());
    return std::nullopt;
}

ObjectRef composite_instance(TypeRef t, const std::vector<ObjectRef>& args) {
    Constant c;
    c.kind = Constant::Kind::Composite;
    c.type = t;
    int n = t->component_count();
    std::vector<Constant> flat;
    for (const auto& a : args) {
        if (!a || a->kind != Object::Kind::Constant) return nullptr;
        if (a->value->kind == Constant::Kind::Composite)
            for (const auto& comp : a->value->components) flat.push_back(comp);
        else flat.push_back(*a->value);
    }
    if (flat.empty()) {
        for (int i = 0; i < n; ++i) flat.push_back(Constant::py_int(0));
        if (t->is_quat()) flat[3] = Constant::py_int(1);
        if (t->is_transform()) flat[6] = Constant::py_int(1);
    } else if (flat.size() == 1 && n > 1) {
        flat.assign(n, flat[0]);
    }
    if (static_cast<int>(flat.size()) != n) return nullptr;
    c.components = std::move(flat);
    return Object::make_constant(std::move(c));
}

} // namespace

ObjectRef call_at_module_scope(const Object& func, const std::vector<ObjectRef>& args,
                               const std::vector<std::pair<std::string, ObjectRef>>& kwargs,
                               std::optional<std::pair<int, int>> shape) {
    auto kw = [&](std::string_view k) -> ObjectRef {
        for (const auto& [n, v] : kwargs)
            if (n == k) return v;
        return nullptr;
    };
    if (func.kind == Object::Kind::WarpPyFunc) {
        if (func.name == "constant") {
            if (args.size() == 1 && args[0] && args[0]->kind == Object::Kind::Constant) return args[0];
            return nullptr;
        }
        if (func.name == "vector") {
            ObjectRef length = args.size() > 0 ? args[0] : kw("length");
            ObjectRef dtype = args.size() > 1 ? args[1] : kw("dtype");
            if (!length || length->kind != Object::Kind::Constant) return nullptr;
            Scalar s = Scalar::Float32;
            if (dtype) {
                if (dtype->kind != Object::Kind::Type || !dtype->type->is_scalar()) return nullptr;
                s = dtype->type->scalar;
            }
            return Object::make_type(types::vector(static_cast<int>(length->value->as_int()), s));
        }
        if (func.name == "matrix") {
            ObjectRef dtype = args.size() > 1 ? args[1] : kw("dtype");
            if (!shape) return nullptr;
            Scalar s = Scalar::Float32;
            if (dtype) {
                if (dtype->kind != Object::Kind::Type || !dtype->type->is_scalar()) return nullptr;
                s = dtype->type->scalar;
            }
            return Object::make_type(types::matrix(shape->first, shape->second, s));
        }
        return nullptr;
    }
    if (func.kind == Object::Kind::Type) {
        TypeRef t = func.type;
        if (t->is_scalar()) {
            if (args.size() != 1 || !kwargs.empty() || !args[0] || args[0]->kind != Object::Kind::Constant) return nullptr;
            const Constant& v = *args[0]->value;
            if (v.kind == Constant::Kind::Composite) return nullptr;
            if (func.name == "float" || func.name == "int" || func.name == "bool") {
                auto c = python_convert(func.name, v);
                return c ? Object::make_constant(*c) : nullptr;
            }
            Constant raw = v;
            if (v.kind == Constant::Kind::Scalar) raw.kind = v.type->is_float_scalar() ? Constant::Kind::PyFloat : Constant::Kind::PyInt;
            return Object::make_constant(Constant::warp_scalar(t->scalar, raw));
        }
        if (t->is_composite() && kwargs.empty()) return composite_instance(t, args);
    }
    return nullptr;
}

} // namespace ws::warp_names
