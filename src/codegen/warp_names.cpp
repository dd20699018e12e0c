#include "codegen/warp_names.h"

#include "builtins/builtin.h"
#include "builtins/warp_namespace.h"
#include "types/name_map.h"
#include "types/python_number.h"

#include <algorithm>
#include <array>
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

constexpr std::string_view kVolumeClass = "warp._src.types.Volume";

// The integer class attributes of wp.Volume (types.py), which kernels may read; its other
// attributes (methods, nested classes) are not values.
ObjectRef volume_constant(std::string_view name) {
    static const std::pair<std::string_view, int> kConstants[] = {
        {"CLOSEST", 0},
        {"LINEAR", 1},
        {"_NANOVDB_LEAF_TABLE_COUNT", 512},
        {"_NANOVDB_NAME_SIZE", 256},
        {"REBUILD_SUCCESS", 0},
        {"REBUILD_LEAF_CAPACITY_EXCEEDED", 1 << 0},
        {"REBUILD_LOWER_CAPACITY_EXCEEDED", 1 << 1},
        {"REBUILD_UPPER_CAPACITY_EXCEEDED", 1 << 2},
        {"REBUILD_VOXEL_CAPACITY_EXCEEDED", 1 << 3},
        {"REBUILD_INVALID_INPUT", 1 << 4},
    };
    for (const auto& [n, v] : kConstants)
        if (n == name) return Object::make_constant(Constant::py_int(v));
    return named(Object::Kind::Unsupported, fmt::format("{}.{}", kVolumeClass, name));
}

// Python-level helpers of the warp package that matter at import time, by qualified name.
std::string_view python_helper(std::string_view qualname) {
    static const std::pair<std::string_view, std::string_view> kHelpers[] = {
        {"warp._src.types.constant", "constant"},
        {"warp._src.builtins.static", "static"},
        {"warp._src.context.func", "func"},
        {"warp._src.context.func_native", "func_native"},
        {"warp._src.context.func_grad", "func_grad"},
        {"warp._src.context.func_replay", "func_replay"},
        {"warp._src.context.grad", "grad"},
        {"warp._src.context.kernel", "kernel"},
        {"warp._src.context.struct", "struct"},
        {"warp._src.types.vector", "vector"},
        {"warp._src.types.matrix", "matrix"},
        {"warp._src.types.quaternion", "quaternion"},
        {"warp._src.types.transformation", "transformation"},
        {"warp._src.context.set_module_options", "set_module_options"},
        {"warp._src.context.init", "init"},
        {"warp._src.context.overload", "overload"},
        {"warp._src.types.ref", "ref"},
        {"warp._src.types.address_of", "address_of"},
        {"warp._src.fabric.fabricarrayarray", "fabricarray2d"},
        {"warp._src.fabric.indexedfabricarrayarray", "indexedfabricarray2d"},
    };
    for (const auto& [q, n] : kHelpers)
        if (q == qualname) return n;
    return {};
}

ObjectRef from_namespace(const builtins::NamespaceEntry& e) {
    using K = builtins::NamespaceKind;
    switch (e.kind) {
    case K::Builtin:
        return e.builtin ? Object::make_builtin(*e.builtin)
                         : named(Object::Kind::Builtin, std::string(e.payload));
    case K::ScalarType:
    case K::CompositeType:
        if (!e.type) return named(Object::Kind::Unsupported, fmt::format("wp.{}", e.name));
        return Object::make_type(e.type, std::string(e.name));
    case K::ArrayClass:
        // Named by family and fixed ndim ("array2d", "indexedarray"); see eval_annotation.
        return named(Object::Kind::WarpPyFunc,
                     e.ndim ? fmt::format("{}{}d", e.payload, e.ndim) : std::string(e.payload));
    case K::Int: return Object::make_constant(Constant::py_int(e.int_value));
    case K::Bool: return Object::make_constant(Constant::py_bool(e.int_value != 0));
    case K::Float: return Object::make_constant(Constant::py_float(e.float_value));
    case K::Module:
        if (e.payload == "warp.types") return named(Object::Kind::WarpModule, "warp.types");
        if (e.payload == "warp._src") return named(Object::Kind::WarpModule, "warp._src");
        return named(Object::Kind::Unsupported, std::string(e.payload));
    case K::PythonCallable: {
        // wp.Volume: kernels read its integer class constants (Volume.LINEAR). Warp looks up an
        // attribute of a class as of a module, so it is modelled as one.
        if (e.payload == kVolumeClass) return named(Object::Kind::WarpModule, std::string(kVolumeClass));
        // wp.Function: the annotation of a parameter that takes a function.
        if (e.payload == "warp._src.context.Function")
            return Object::make_type(types::function_param(), std::string(e.name));
        // Query object classes (wp.HashGridQuery, wp.MeshQueryPoint...): types in annotations
        // (not wp.Mesh, which has no type code).
        if (e.payload.starts_with("warp._src.types."))
            if (TypeRef t = types::opaque(e.payload.substr(16)); t && !t->code.empty())
                return Object::make_type(t, std::string(e.name));
        if (e.payload.starts_with("warp._src.texture."))
            if (TypeRef t = types::opaque(e.payload.substr(18)))
                return Object::make_type(t, std::string(e.name));
        std::string_view helper = python_helper(e.payload);
        if (!helper.empty()) return named(Object::Kind::WarpPyFunc, std::string(helper));
        return named(Object::Kind::Unsupported, std::string(e.payload));
    }
    case K::PythonFunc:
        return named(
            Object::Kind::Unsupported,
            fmt::format(
                "wp.{} (a Python @wp.func shipped with Warp, which warpsynth compiles only when called "
                "directly)",
                e.name));
    default: return named(Object::Kind::Unsupported, fmt::format("wp.{}", e.name));
    }
}

// `module.name` of Warp's namespace. Its objects are immutable and made of the registry's
// types only (no struct types, which die with their compilation), so each is made once per
// thread: every annotation and decorator of every module looks up the same few.
ObjectRef namespace_attribute(std::string_view module, std::string_view name) {
    // A flat table: std::unordered_map's look-up (a division by a prime, two dependent nodes)
    // stalled 3 times longer than its instructions took.
    thread_local NameMap<ObjectRef> warp_cache, types_cache;
    NameMap<ObjectRef>& cache = module == "warp" ? warp_cache : types_cache;
    auto it = cache.find(name);
    if (it != cache.end()) return it->second;
    if (cache.size() >= 4096) cache.clear(); // names not in the namespace are cached too
    const builtins::NamespaceEntry* e = builtins::lookup(module, name);
    ObjectRef found = e ? from_namespace(*e) : nullptr;
    return cache[name] = std::move(found);
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
    // Warp turns an IntEnum/IntFlag member into its int (codegen's emit_Attribute).
    if (obj.kind == Object::Kind::EnumClass) {
        for (const auto& [member, value] : obj.members)
            if (member == name) return Object::make_constant(Constant::py_int(value));
        return nullptr;
    }
    if (obj.kind == Object::Kind::PlainClass) {
        for (const auto& [attr, value] : obj.attributes)
            if (attr == name) return value;
        return nullptr;
    }
    if (obj.kind == Object::Kind::WarpModule) {
        // Compared inline (std::string == literal called compare and memcmp for every name).
        if (same_name(obj.name, "warp")) return namespace_attribute("warp", name);
        if (same_name(obj.name, "warp.types")) return namespace_attribute("warp.types", name);
        if (obj.name == kVolumeClass) return volume_constant(name);
        // warp._src.types is what warp.types exports; its other modules are not modelled.
        if (obj.name == "warp._src")
            return name == "types" ? named(Object::Kind::WarpModule, "warp.types")
                                   : named(Object::Kind::Unsupported, fmt::format("warp._src.{}", name));
        if (obj.name == "typing" && name == "Any") return Object::make_type(types::any(), "Any");
        // `if TYPE_CHECKING:` blocks hold imports for type checkers only: False when Python runs.
        if (obj.name == "typing" && name == "TYPE_CHECKING")
            return Object::make_constant(Constant::py_bool(false));
        if (obj.name == "math") {
            static const std::pair<std::string_view, double> kMath[] = {
                {"pi", M_PI}, {"e", M_E}, {"tau", 2 * M_PI}, {"inf", INFINITY}, {"nan", NAN}};
            for (const auto& [n, v] : kMath)
                if (n == name) return Object::make_constant(Constant::py_float(v));
            if (builtins::find(name)) return named(Object::Kind::PyBuiltin, std::string(name));
        }
    }
    // NumPy's constants are Python floats (np.pi is math.pi); numpy stays unmodelled otherwise.
    if (obj.kind == Object::Kind::Unsupported && obj.name == "module numpy") {
        static const std::pair<std::string_view, double> kNumpy[] = {
            {"pi", M_PI}, {"e", M_E}, {"inf", INFINITY}, {"nan", NAN}, {"euler_gamma", 0.5772156649015329}};
        for (const auto& [n, v] : kNumpy)
            if (n == name) return Object::make_constant(Constant::py_float(v));
    }
    return nullptr;
}

namespace {

constexpr std::string_view kPythonBuiltins[] = {
    "__warp__", "float", "int",  "bool",       "range", "min",  "max", "abs",    "len",      "print",
    "round",    "pow",   "type", "isinstance", "tuple", "list", "sum", "divmod", "reversed", "slice"};

ObjectRef make_python_builtin(std::string_view name) {
    if (name == "__warp__") return named(Object::Kind::WarpModule, "warp");
    if (name == "float") return Object::make_type(types::float32(), "float");
    if (name == "int") return Object::make_type(types::int32(), "int");
    if (name == "bool") return Object::make_type(types::boolean(), "bool");
    return named(Object::Kind::PyBuiltin, std::string(name));
}

} // namespace

ObjectRef python_builtin(std::string_view name) {
    // Immutable and made of the registry's scalar types only: each is made once per thread
    // (as namespace_attribute's), not allocated again for every name a module looks up.
    thread_local std::array<ObjectRef, std::size(kPythonBuiltins)> made;
    for (size_t i = 0; i < std::size(kPythonBuiltins); ++i) {
        if (!same_name(kPythonBuiltins[i], name)) continue;
        if (!made[i]) made[i] = make_python_builtin(name);
        return made[i];
    }
    return nullptr;
}

int import_function_count(std::string_view key) {
    return builtins::function_key_count(key);
}

namespace {

// Bytes of one component of a vector of `s` (for ctypes' size limit).
int64_t scalar_size(Scalar s) {
    return std::max(1, scalar_bits(s) / 8);
}

// A ctypes array length from Python: an int in [0, 2^63) whose array of
// `item_size`-byte items fits a Py_ssize_t, as ctypes requires; null when
// warpsynth does not model the value (a length past an int).
std::optional<int> array_length(const ObjectRef& v, int64_t item_size) {
    if (v && v->is_complex)
        throw python::Error("TypeError",
                            "slice indices must be integers or None or have an __index__ method");
    if (!v || v->kind != Object::Kind::Constant || !v->value->is_number_like()) return std::nullopt;
    const Constant& c = *v->value;
    if (c.kind == Constant::Kind::PyFloat)
        throw python::Error("TypeError",
                            "slice indices must be integers or None or have an __index__ method");
    if (c.kind != Constant::Kind::PyInt)
        return std::nullopt; // a bool stays a bool in Warp's type: not modelled
    if (c.i.sign() < 0) throw python::Error("ValueError", "The '_length_' attribute must not be negative");
    std::optional<int64_t> n = c.i.to_int64();
    if (!n) throw python::Error("OverflowError", "The '_length_' attribute is too large");
    if (*n > INT64_MAX / item_size) throw python::Error("OverflowError", "array too large");
    if (*n > INT32_MAX) return std::nullopt;
    return static_cast<int>(*n);
}

ObjectRef composite_instance(TypeRef t, const std::vector<ObjectRef>& args, bool runtime_loaded) {
    // One sequence argument, `vec3([1, 2, 3])`: vectors and matrices take its items as arguments.
    if (args.size() == 1 && args[0] && args[0]->kind == Object::Kind::Sequence &&
        (t->kind == TypeKind::Vector || t->kind == TypeKind::Matrix)) {
        std::vector<ObjectRef> items(args[0]->items.begin(), args[0]->items.end());
        return composite_instance(t, items, runtime_loaded);
    }
    Constant c;
    c.kind = Constant::Kind::Composite;
    c.type = t;
    int n = t->component_count();
    if (n > (1 << 16)) return nullptr; // a constant this large is not modelled
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
    if ((t->scalar == Scalar::Float16 || t->scalar == Scalar::BFloat16) && !args.empty() && !runtime_loaded)
        throw python::Error("AttributeError",
                            fmt::format("'NoneType' object has no attribute 'core' (Warp converts {} "
                                        "components with its native library, loaded by wp.init())",
                                        scalar_name(t->scalar)));
    // ctypes stores each Python number: an int past the largest double does not
    // fit a float field, a float is refused by an int field.
    for (const Constant& x : flat) {
        if (is_float(t->scalar) && x.is_py_int() && !x.i.to_double())
            throw python::Error("OverflowError", "int too large to convert to float");
        if (!is_float(t->scalar) && t->scalar != Scalar::Bool && x.kind == Constant::Kind::PyFloat)
            throw python::Error("TypeError", "int expected instead of float");
    }
    c.components = std::move(flat);
    return Object::make_constant(std::move(c));
}

} // namespace

namespace {

// The dtype argument of wp.types.vector/matrix (float32 when absent); null when not a scalar type.
std::optional<Scalar> dtype_of(const ObjectRef& dtype) {
    if (!dtype) return Scalar::Float32;
    if (dtype->kind != Object::Kind::Type || !dtype->type->is_scalar()) return std::nullopt;
    return dtype->type->scalar;
}

ObjectRef custom_type(TypeRef t) {
    auto o = std::make_shared<Object>(*Object::make_type(t));
    o->custom = true;
    return o;
}

// wp.types.vector(length, dtype)
ObjectRef vector_type(const ObjectRef& length, const ObjectRef& dtype) {
    std::optional<Scalar> s = dtype_of(dtype);
    if (!s) return nullptr;
    std::optional<int> n = array_length(length, scalar_size(*s));
    return n ? custom_type(types::vector(*n, *s)) : nullptr;
}

// wp.types.matrix(shape, dtype): ctypes checks the row and column vector types,
// then the whole array of rows * cols items.
ObjectRef matrix_type(const ObjectRef& shape, const ObjectRef& dtype) {
    std::optional<Scalar> s = dtype_of(dtype);
    if (!s || !shape || shape->kind != Object::Kind::Sequence || shape->items.size() != 2) return nullptr;
    std::optional<int> cols = array_length(shape->items[1], scalar_size(*s));
    std::optional<int> rows = array_length(shape->items[0], scalar_size(*s));
    if (!rows || !cols) return nullptr;
    if (int64_t{*rows} * *cols > INT64_MAX / scalar_size(*s))
        throw python::Error("OverflowError", "array too large");
    if (*rows == 0 || *cols == 0) return nullptr; // Warp turns such shapes into (0, 0)
    if (int64_t{*rows} * *cols > INT32_MAX) return nullptr;
    return custom_type(types::matrix(*rows, *cols, *s));
}

// wp.types.quaternion(dtype) / transformation(dtype) of a Warp float type (Warp keeps Python's
// float as the type parameter, Type::python_float, which is not modelled here).
ObjectRef quat_or_transform_type(bool quat, const ObjectRef& dtype) {
    if (!dtype || dtype->kind != Object::Kind::Type || dtype->name == "float" ||
        !dtype->type->is_float_scalar())
        return nullptr;
    Scalar s = dtype->type->scalar;
    return custom_type(quat ? types::quaternion(s) : types::transform(s));
}

} // namespace

ObjectRef call_at_module_scope(const Object& func, const std::vector<ObjectRef>& args,
                               const std::vector<std::pair<std::string, ObjectRef>>& kwargs,
                               bool runtime_loaded) {
    auto arg = [&](size_t i, std::string_view k) -> ObjectRef {
        if (i < args.size()) return args[i];
        for (const auto& [n, v] : kwargs)
            if (n == k) return v;
        return nullptr;
    };
    if (func.kind == Object::Kind::WarpPyFunc) {
        if (func.name == "constant") {
            if (args.size() != 1 || !kwargs.empty() || !args[0]) return nullptr;
            if (args[0]->kind == Object::Kind::Sequence || args[0]->is_complex)
                throw python::Error("TypeError",
                                    fmt::format("Invalid constant type: <class '{}'>",
                                                args[0]->is_complex ? "complex" : args[0]->name));
            return args[0]->kind == Object::Kind::Constant ? args[0] : nullptr;
        }
        if (func.name == "static") // wp.static(x) is x in Python
            return args.size() == 1 && kwargs.empty() ? args[0] : nullptr;
        if (func.name == "vector") return vector_type(arg(0, "length"), arg(1, "dtype"));
        if (func.name == "matrix") return matrix_type(arg(0, "shape"), arg(1, "dtype"));
        if ((func.name == "quaternion" || func.name == "transformation") && args.size() + kwargs.size() == 1)
            return quat_or_transform_type(func.name == "quaternion", arg(0, "dtype"));
        return nullptr;
    }
    if (func.kind == Object::Kind::Type) {
        TypeRef t = func.type;
        if (t->is_scalar()) {
            if (args.size() != 1 || !kwargs.empty() || !args[0] || args[0]->kind != Object::Kind::Constant)
                return nullptr;
            const Constant& v = *args[0]->value;
            if (v.kind == Constant::Kind::Composite) return nullptr;
            // The instance keeps any raw value, but Warp's module hash converts it with
            // ctypes, which refuses a float for an int type and an int past the largest
            // double for a float type: such a constant fails wherever a kernel uses it.
            bool int_type = !is_float(t->scalar) && t->scalar != Scalar::Bool;
            if ((int_type && v.value_kind() == Constant::Kind::PyFloat) ||
                (is_float(t->scalar) && v.holds_int() && !v.i.to_double()))
                return Object::make_unsupported(fmt::format(
                    "wp.{}({}): Warp's module hash cannot convert this value to a {} (ctypes raises)",
                    func.name, python_str(v), func.name));
            return Object::make_constant(Constant::warp_scalar(t->scalar, v));
        }
        if (t->is_composite() && kwargs.empty()) return composite_instance(t, args, runtime_loaded);
    }
    return nullptr;
}

} // namespace ws::warp_names
