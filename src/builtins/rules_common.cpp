// Helpers shared by the rule files: the views of a bound call that Warp's
// callbacks use (arg_types / arg_values), scalar type inference, Warp's type
// spellings for messages, and the default dispatch.
#include "builtins/rules.h"
#include "types/name_hash.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <fmt/format.h>
#include <limits>

namespace ws::builtins::detail {

int RuleCall::find(std::string_view name) const {
    for (size_t i = 0; i < bound.size(); ++i)
        if (same_name(bound[i].name, name)) return static_cast<int>(i);
    return -1;
}

// Counted first, then filled at once: grown from one, a vector constructor's arguments took an
// allocation per doubling.
std::vector<int> RuleCall::all(std::string_view name) const {
    std::vector<int> out;
    out.reserve(static_cast<size_t>(std::count_if(
        bound.begin(), bound.end(), [&](const BoundArg& b) { return same_name(b.name, name); })));
    for (size_t i = 0; i < bound.size(); ++i)
        if (same_name(bound[i].name, name)) out.push_back(static_cast<int>(i));
    return out;
}

std::vector<int> RuleCall::all_except(std::initializer_list<std::string_view> skip) const {
    std::vector<int> out;
    out.reserve(bound.size()); // at most all, in one allocation
    for (size_t i = 0; i < bound.size(); ++i) {
        bool skipped = false;
        for (std::string_view s : skip) skipped = skipped || same_name(bound[i].name, s);
        if (!skipped) out.push_back(static_cast<int>(i));
    }
    return out;
}

TypeRef RuleCall::type(int i) const {
    if (i < 0) return nullptr;
    const BoundArg& b = bound[i];
    if (b.arg.type) return types::strip_reference(b.arg.type);
    // A type object: its own type when passed by keyword, Python's `type`
    // (spelled nullptr) when it is a type argument or a default.
    return b.source >= 0 ? b.arg.type_object : nullptr;
}

const Constant* RuleCall::constant(int i) const {
    return i < 0 ? nullptr : bound[i].arg.constant;
}

TypeRef RuleCall::type_value(int i) const {
    return i < 0 ? nullptr : bound[i].arg.type_object;
}

TypeRef RuleCall::type_value(std::string_view name) const {
    return type_value(find(name));
}

bool RuleCall::is_python_type(std::string_view name) const {
    int i = find(name);
    return i >= 0 && bound[i].arg.type_object && bound[i].arg.python_type;
}

bool RuleCall::is_var(int i) const {
    const CallArg& a = bound[i].arg;
    return !a.constant && !a.type_object && !a.tuple_values;
}

const std::vector<Constant>* RuleCall::tuple_value(int i) const {
    return i < 0 ? nullptr : bound[i].arg.tuple_values;
}

ResultOrError value(TypeRef t) {
    ResultOrError r;
    r.result.emplace();
    if (t) {
        r.result->kind = CallResult::Kind::Values;
        r.result->types.push_back(t);
    }
    return r;
}

ResultOrError values(TypeList ts) {
    ResultOrError r;
    r.result.emplace();
    r.result->kind = CallResult::Kind::Values;
    r.result->types = std::move(ts);
    return r;
}

ResultOrError void_result() {
    ResultOrError r;
    r.result.emplace();
    return r;
}

ResultOrError fail(std::string message) {
    ResultOrError r;
    r.error = std::move(message);
    return r;
}

ResultOrError unsupported(std::string message) {
    ResultOrError r = fail(std::move(message));
    r.unsupported = true;
    return r;
}

Dimension dimension_value(const Constant& c, std::string_view what) {
    Dimension d;
    if (c.kind == Constant::Kind::PyBool ||
        (c.kind == Constant::Kind::Scalar && c.raw_kind == Constant::Kind::PyBool)) {
        ResultOrError r = fail(fmt::format("a bool as the {} is not supported", what));
        r.unsupported = true;
        d.error = r;
        return d;
    }
    const bool is_float = c.kind == Constant::Kind::PyFloat ||
                          (c.kind == Constant::Kind::Scalar && c.raw_kind == Constant::Kind::PyFloat);
    if (is_float && (!std::isfinite(c.as_double()) || c.as_double() != std::trunc(c.as_double()))) {
        d.error =
            fail(fmt::format("the {} must be an integer (slice indices must be integers or None or have "
                             "an __index__ method)",
                             what));
        return d;
    }
    if (is_float) { // Warp takes 3.0 only where a type of that shape exists already (vec3), else fails
        ResultOrError r = fail(fmt::format("a float as the {} is not supported", what));
        r.unsupported = true;
        d.error = r;
        return d;
    }
    if (c.i.sign() < 0) {
        d.error = fail(fmt::format("the {} must not be negative", what));
    } else if (std::optional<int64_t> v = c.as_int64(); v && *v <= std::numeric_limits<int32_t>::max()) {
        d.value = *v;
    } else { // Warp prints it; our types hold an int
        ResultOrError r = fail(fmt::format("a {} of {} is not supported", what, c.i.str()));
        r.unsupported = true;
        d.error = r;
    }
    return d;
}

namespace {

constexpr int kScalars = static_cast<int>(Scalar::Float64) + 1;
constexpr int kMaxCachedDim = 8;

// A slot filled once with an interned type; the pointer never changes after.
template <class Make>
TypeRef memo(std::atomic<TypeRef>& slot, Make make) {
    TypeRef t = slot.load(std::memory_order_acquire);
    if (!t) {
        t = make();
        slot.store(t, std::memory_order_release);
    }
    return t;
}

} // namespace

TypeRef scalar_t(Scalar s) {
    static std::atomic<TypeRef> cache[kScalars];
    return memo(cache[static_cast<int>(s)], [&] { return types::scalar(s); });
}

TypeRef vector_t(int length, Scalar s) {
    static std::atomic<TypeRef> cache[kMaxCachedDim + 1][kScalars];
    if (length < 0 || length > kMaxCachedDim) return types::vector(length, s);
    return memo(cache[length][static_cast<int>(s)], [&] { return types::vector(length, s); });
}

TypeRef matrix_t(int rows, int cols, Scalar s) {
    static std::atomic<TypeRef> cache[kMaxCachedDim + 1][kMaxCachedDim + 1][kScalars];
    if (rows < 0 || cols < 0 || rows > kMaxCachedDim || cols > kMaxCachedDim)
        return types::matrix(rows, cols, s);
    return memo(cache[rows][cols][static_cast<int>(s)], [&] { return types::matrix(rows, cols, s); });
}

TypeRef quat_t(Scalar s) {
    static std::atomic<TypeRef> cache[kScalars];
    return memo(cache[static_cast<int>(s)], [&] { return types::quaternion(s); });
}

TypeRef transform_t(Scalar s) {
    static std::atomic<TypeRef> cache[kScalars];
    return memo(cache[static_cast<int>(s)], [&] { return types::transform(s); });
}

TypeRef scalar_ref_t(Scalar s) {
    static std::atomic<TypeRef> cache[kScalars];
    return memo(cache[static_cast<int>(s)], [&] { return types::reference(scalar_t(s)); });
}

bool types_equal(TypeRef a, TypeRef b) {
    if (a == b) return true;
    if (!a || !b) return false;
    if (a->is_tile() && b->is_tile()) return types_equal(a->elem, b->elem); // shape and storage aside
    if (a->is_array() && b->is_array())
        return a->array_class == b->array_class && types_equal(a->elem, b->elem);
    if (a->is_tuple() && b->is_tuple()) {
        if (a->elems.size() != b->elems.size()) return false;
        for (size_t i = 0; i < a->elems.size(); ++i)
            if (!types_equal(a->elems[i], b->elems[i])) return false;
        return true;
    }
    return false;
}

TypeRef scalar_type_of(TypeRef t) {
    if (!t) return nullptr;
    if (t->is_scalar()) return t;
    if (t->is_composite()) return scalar_t(t->scalar);
    return nullptr;
}

Inferred scalar_infer_type(std::span<const TypeRef> ts) {
    // Warp collects the scalar types in a set and fails if there are several.
    Inferred out;
    std::vector<TypeRef> seen;
    for (TypeRef t : ts) {
        TypeRef s = scalar_type_of(t);
        if (!s) continue;
        bool dup = false;
        for (TypeRef x : seen) dup = dup || x == s;
        if (!dup) seen.push_back(s);
    }
    if (seen.size() > 1) {
        std::string list;
        for (TypeRef s : seen) list += (list.empty() ? "" : ", ") + class_str(s);
        out.error =
            fmt::format("Couldn't figure out return type as arguments have multiple precisions: [{}]", list);
        return out;
    }
    if (!seen.empty()) out.scalar = seen[0];
    return out;
}

namespace {

std::string scalar_repr(Scalar s) {
    // Warp's bool is not one of its `scalar_types`: type_repr falls back to the qualified name.
    return s == Scalar::Bool ? std::string("warp._src.types.bool") : std::string(scalar_name(s));
}

} // namespace

std::string type_repr(TypeRef t) {
    if (!t) return "builtins.type"; // Python's `type`: the type of a type argument
    switch (t->kind) {
    case TypeKind::Scalar: return scalar_repr(t->scalar);
    case TypeKind::Vector:
        if (t->scalar != Scalar::Bool && t->length <= 4)
            return fmt::format("vec{}{}", t->length, alias_suffix(t->scalar));
        return fmt::format("vector(length={}, dtype={})", t->length, scalar_repr(t->scalar));
    case TypeKind::Matrix:
        if (t->scalar != Scalar::Bool && t->rows <= 4 && t->cols <= 4)
            return fmt::format("mat{}{}{}", t->rows, t->cols, alias_suffix(t->scalar));
        return fmt::format("matrix(shape=({}, {}), dtype={})", t->rows, t->cols, scalar_repr(t->scalar));
    case TypeKind::Quaternion:
        if (t->scalar != Scalar::Bool) return fmt::format("quat{}", alias_suffix(t->scalar));
        return fmt::format("quat(dtype={})", scalar_repr(t->scalar));
    case TypeKind::Transform:
        if (t->scalar != Scalar::Bool) return fmt::format("transform{}", alias_suffix(t->scalar));
        return fmt::format("transform(dtype={})", scalar_repr(t->scalar));
    case TypeKind::Array: {
        static constexpr std::string_view kNames[] = {"array", "indexedarray", "fabricarray",
                                                      "indexedfabricarray", "fixedarray"};
        return fmt::format("{}(ndim={}, dtype={})", kNames[static_cast<int>(t->array_class)], t->ndim,
                           type_repr(t->elem));
    }
    case TypeKind::Reference: return type_repr(t->elem);
    case TypeKind::Tuple: {
        std::string inner;
        for (TypeRef e : t->elems) inner += (inner.empty() ? "" : ", ") + type_repr(e);
        return fmt::format("tuple({})", inner);
    }
    case TypeKind::Struct:
    case TypeKind::Tile:
    case TypeKind::TileStack:
    case TypeKind::Opaque: return t->repr;
    case TypeKind::Range: return "warp._src.types.range_t";
    case TypeKind::Shape: return "warp._src.types.shape_t";
    case TypeKind::Str: return "builtins.str";
    case TypeKind::Void: return "None";
    case TypeKind::Any: return "typing.Any";
    case TypeKind::Slice: return "warp._src.types.slice_t";
    case TypeKind::Function: return "warp._src.context.Function";
    }
    return t->repr;
}

std::string dtype_name(TypeRef t) {
    return t && t->is_scalar() ? std::string(scalar_name(t->scalar)) : type_repr(t);
}

bool vars_match_dtype(const RuleCall& call, std::span<const int> values, TypeRef dtype) {
    for (int i : values) {
        if (!call.is_var(i)) continue;
        TypeRef t = call.type(i);
        TypeRef s = scalar_type_of(t) ? scalar_type_of(t) : t;
        if (s != dtype) return false;
    }
    return true;
}

std::string repr_list(std::span<const TypeRef> ts) {
    std::string out = "[";
    for (size_t i = 0; i < ts.size(); ++i) out += fmt::format("{}'{}'", i ? ", " : "", type_repr(ts[i]));
    return out + "]";
}

std::string class_str(TypeRef t) {
    if (!t) return "<class 'type'>";
    if (t->is_scalar()) return fmt::format("<class 'warp._src.types.{}'>", scalar_name(t->scalar));
    if (t->kind == TypeKind::Opaque) return fmt::format("<class '{}'>", t->repr); // repr has the module
    return fmt::format("<class 'warp._src.types.{}'>", type_repr(t));
}

std::string shape_str(int rows, int cols) {
    return fmt::format("({}, {})", rows, cols);
}

Dispatch dispatch_all(const RuleCall& call) {
    Dispatch d;
    dispatch_all_into(d.args, call.bound.size());
    return d;
}

DispatchArg cast_scalar_constant(const RuleCall& call, int i, Scalar dtype) {
    DispatchArg out{i, std::nullopt};
    const BoundArg& b = call.bound[i];
    // Only constant scalar (or bool) Vars of another type are converted.
    if (!b.arg.type || !b.arg.constant) return out;
    TypeRef t = b.arg.type;
    if (t->kind != TypeKind::Scalar || t->scalar == dtype) return out;
    out.bound_index = -1;
    out.constant = Constant::warp_scalar(dtype, *b.arg.constant);
    return out;
}

std::string template_arg(TypeRef t) {
    if (t->kind == TypeKind::Struct) return t->ctype;
    // Scalars spell as wp::float32 (bool as bool); composites as wp::vec_t<3, wp::float32>.
    return t->ctype;
}

std::string template_arg(const RuleCall& call, std::string_view name) {
    TypeRef t = call.type_value(name);
    // Warp's Var.dtype_to_ctype spells Python's classes by their own names.
    if (call.is_python_type(name)) return t->is_bool() ? "bool" : t->is_float_scalar() ? "float" : "int";
    return template_arg(t);
}

} // namespace ws::builtins::detail
