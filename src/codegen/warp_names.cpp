#include "codegen/warp_names.h"

#include "builtins/builtin.h"
#include "builtins/warp_namespace.h"

#include <cmath>
#include <fmt/format.h>
#include <map>
#include <mutex>
#include <string>

namespace ws::warp_names {

namespace {

ObjectRef named(Object::Kind kind, std::string name) {
    return Object::make_named(kind, std::move(name));
}

// Python-level helpers of the warp package that matter at import time, by qualified name.
std::string_view python_helper(std::string_view qualname) {
    static const std::pair<std::string_view, std::string_view> kHelpers[] = {
        {"warp._src.types.constant", "constant"},
        {"warp._src.builtins.static", "static"},
        {"warp._src.context.func", "func"},
        {"warp._src.context.kernel", "kernel"},
        {"warp._src.context.struct", "struct"},
        {"warp._src.types.vector", "vector"},
        {"warp._src.types.matrix", "matrix"},
        {"warp._src.context.set_module_options", "set_module_options"},
        {"warp._src.context.init", "init"},
    };
    for (const auto& [q, n] : kHelpers)
        if (q == qualname) return n;
    return {};
}

ObjectRef from_namespace(const builtins::NamespaceEntry& e) {
    using K = builtins::NamespaceKind;
    switch (e.kind) {
    case K::Builtin: return named(Object::Kind::Builtin, std::string(e.payload));
    case K::ScalarType:
    case K::CompositeType:
        if (!e.type) return named(Object::Kind::Unsupported, fmt::format("wp.{}", e.name)); // bfloat16
        return Object::make_type(e.type, std::string(e.name));
    case K::ArrayClass:
        if (e.payload != "array") return named(Object::Kind::Unsupported, fmt::format("wp.{}", e.name));
        return named(Object::Kind::WarpPyFunc,
                     e.ndim ? fmt::format("array{}d", e.ndim) : std::string("array"));
    case K::Int: return Object::make_constant(Constant::py_int(e.int_value));
    case K::Bool: return Object::make_constant(Constant::py_bool(e.int_value != 0));
    case K::Float: return Object::make_constant(Constant::py_float(e.float_value));
    case K::Module:
        if (e.payload == "warp.types") return named(Object::Kind::WarpModule, "warp.types");
        return named(Object::Kind::Unsupported, std::string(e.payload));
    case K::PythonCallable: {
        std::string_view helper = python_helper(e.payload);
        if (!helper.empty()) return named(Object::Kind::WarpPyFunc, std::string(helper));
        return named(Object::Kind::Unsupported, std::string(e.payload));
    }
    case K::PythonFunc:
        return named(
            Object::Kind::Unsupported,
            fmt::format(
                "wp.{} (a Python @wp.func shipped with Warp; its source is not available to warpsynth)",
                e.name));
    default: return named(Object::Kind::Unsupported, fmt::format("wp.{}", e.name));
    }
}

} // namespace

ObjectRef module(std::string_view dotted_name) {
    if (dotted_name == "warp") return named(Object::Kind::WarpModule, "warp");
    if (dotted_name == "warp.types") return named(Object::Kind::WarpModule, "warp.types");
    if (dotted_name == "math") return named(Object::Kind::WarpModule, "math");
    if (dotted_name == "typing") return named(Object::Kind::WarpModule, "typing");
    return nullptr;
}

ObjectRef attribute(const Object& obj, std::string_view name) {
    if (obj.kind == Object::Kind::WarpModule) {
        if (obj.name == "warp" || obj.name == "warp.types") {
            const builtins::NamespaceEntry* e = builtins::lookup(obj.name, name);
            return e ? from_namespace(*e) : nullptr;
        }
        if (obj.name == "typing" && name == "Any") return Object::make_type(types::any(), "Any");
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
    static const std::string_view kBuiltins[] = {"range", "min",   "max", "abs",   "len",
                                                 "print", "round", "pow", "type",  "isinstance",
                                                 "tuple", "list",  "sum", "divmod"};
    for (std::string_view b : kBuiltins)
        if (b == name) return named(Object::Kind::PyBuiltin, std::string(name));
    return nullptr;
}

int import_function_count(std::string_view key) {
    return builtins::function_key_count(key);
}

namespace {

// Python's float()/int()/bool() of a number.
std::optional<Constant> python_convert(std::string_view to, const Constant& v) {
    if (to == "float") return Constant::py_float(v.as_double());
    if (to == "int") {
        if (v.kind == Constant::Kind::PyFloat ||
            (v.kind == Constant::Kind::Scalar && v.type->is_float_scalar()))
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
        else
            flat.push_back(*a->value);
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
            auto t = std::make_shared<Object>(
                *Object::make_type(types::vector(static_cast<int>(length->value->as_int()), s)));
            t->custom = true;
            return t;
        }
        if (func.name == "matrix") {
            ObjectRef dtype = args.size() > 1 ? args[1] : kw("dtype");
            if (!shape) return nullptr;
            Scalar s = Scalar::Float32;
            if (dtype) {
                if (dtype->kind != Object::Kind::Type || !dtype->type->is_scalar()) return nullptr;
                s = dtype->type->scalar;
            }
            auto t =
                std::make_shared<Object>(*Object::make_type(types::matrix(shape->first, shape->second, s)));
            t->custom = true;
            return t;
        }
        return nullptr;
    }
    if (func.kind == Object::Kind::Type) {
        TypeRef t = func.type;
        if (t->is_scalar()) {
            if (args.size() != 1 || !kwargs.empty() || !args[0] || args[0]->kind != Object::Kind::Constant)
                return nullptr;
            const Constant& v = *args[0]->value;
            if (v.kind == Constant::Kind::Composite) return nullptr;
            if (func.name == "float" || func.name == "int" || func.name == "bool") {
                auto c = python_convert(func.name, v);
                return c ? Object::make_constant(*c) : nullptr;
            }
            return Object::make_constant(Constant::warp_scalar(t->scalar, v));
        }
        if (t->is_composite() && kwargs.empty()) return composite_instance(t, args);
    }
    return nullptr;
}

} // namespace ws::warp_names
