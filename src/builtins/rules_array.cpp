// Array rules: element addresses and views (what `a[i]` and `a[i, j]` lower
// to), stores, loads through references, and the atomic read-modify-write
// builtins (`a[i] += x` becomes atomic_add).
#include "builtins/rules.h"

#include <array>
#include <fmt/format.h>

namespace ws::builtins::detail {

namespace array_rules {
namespace {

// The types of the bound indices among i, j, k, l (unbound ones default to None). At most four,
// held in place: a vector cost an allocation for every array access.
struct IndexTypes {
    std::array<TypeRef, 4> types{};
    size_t count = 0;
    size_t size() const { return count; }
    const TypeRef* begin() const { return types.data(); }
    const TypeRef* end() const { return types.data() + count; }
};

IndexTypes index_types(const RuleCall& call) {
    // One pass over the bound arguments (a find per name scanned them four times), the first
    // argument of each name kept, then taken in the order i, j, k, l.
    std::array<int, 4> at{-1, -1, -1, -1};
    for (size_t b = 0; b < call.bound.size(); ++b) {
        std::string_view name = call.bound[b].name;
        if (name.size() == 1 && name[0] >= 'i' && name[0] <= 'l' && at[name[0] - 'i'] < 0)
            at[name[0] - 'i'] = static_cast<int>(b);
    }
    IndexTypes out;
    for (int i : at)
        if (i >= 0) out.types[out.count++] = call.type(i);
    return out;
}

bool is_int_type(TypeRef t) {
    return t && t->is_int_scalar();
}

ResultOrError address(const RuleCall& call, std::string_view) {
    TypeRef arr = call.type("arr");
    IndexTypes idx = index_types(call);
    if (!arr || !arr->is_array()) return fail("address() first argument must be an array");
    if (static_cast<int>(idx.size()) != arr->ndim)
        return fail(
            fmt::format("The number of indices provided ({}) does not match the array dimensions ({}) for "
                        "array load",
                        idx.size(), arr->ndim));
    for (TypeRef t : idx)
        if (!is_int_type(t))
            return fail(fmt::format("address() index arguments must be of integer type, got index of type {}",
                                    type_repr(t)));
    return value(types::reference(arr->elem));
}

ResultOrError view(const RuleCall& call, std::string_view) {
    TypeRef arr = call.type("arr");
    IndexTypes idx = index_types(call);
    if (!arr || !arr->is_array()) return fail("view() first argument must be an array");
    const int n = static_cast<int>(idx.size());
    if (n > arr->ndim)
        return fail(
            fmt::format("Trying to create an array view with {} indices, but the array only has {} "
                        "dimension(s). Ensure that the argument type on the function or kernel specifies the "
                        "expected number of dimensions, e.g.: def func(param: wp.array3d[float]): ...",
                        n, arr->ndim));
    bool has_slice = false;
    for (TypeRef t : idx) has_slice = has_slice || t->kind == TypeKind::Slice;
    if (!has_slice && n == arr->ndim) return fail("Expected to call `address()` instead of `view()`");
    int int_count = 0;
    for (TypeRef t : idx) {
        if (is_int_type(t))
            ++int_count;
        else if (!has_slice || t->kind != TypeKind::Slice)
            return fail(
                fmt::format("view() index arguments must be of integer or slice types, got index of type {}",
                            type_repr(t)));
    }
    ArrayClass cls = arr->array_class;
    // Views of fabric arrays and fixed arrays are plain arrays.
    if (cls == ArrayClass::FabricArray || cls == ArrayClass::IndexedFabricArray ||
        cls == ArrayClass::FixedArray)
        cls = ArrayClass::Array;
    // Each integer index collapses one dimension; a slice keeps it.
    return value(types::array(arr->elem, arr->ndim - int_count, cls));
}

ResultOrError array_store(const RuleCall& call, std::string_view) {
    TypeRef arr = call.type("arr");
    TypeRef v = call.type("value");
    IndexTypes idx = index_types(call);
    if (!arr || !arr->is_array()) return fail("array_store() first argument must be an array");
    if (static_cast<int>(idx.size()) != arr->ndim)
        return fail(
            fmt::format("The number of indices provided ({}) does not match the array dimensions ({}) for "
                        "array store",
                        idx.size(), arr->ndim));
    for (TypeRef t : idx)
        if (!is_int_type(t))
            return fail(fmt::format(
                "array_store() index arguments must be of integer type, got index of type {}", type_repr(t)));
    if (!types_equal(arr->elem, v))
        return fail(
            fmt::format("array_store() value argument type ({}) must be of the same type as the array ({})",
                        type_repr(v), type_repr(arr->elem)));
    return void_result();
}

ResultOrError store(const RuleCall& call, std::string_view) {
    if (!types_equal(call.type("address"), call.type("value")))
        return fail(fmt::format("store() value argument type ({}) must be of the same type as the reference",
                                class_str(call.type("value"))));
    return void_result();
}

Dispatch store_dispatch(const RuleCall& call, const CallResult&) {
    Dispatch d;
    d.args.push_back(DispatchArg{call.find("address"), std::nullopt, true});
    d.args.push_back(DispatchArg{call.find("value"), std::nullopt});
    return d;
}

ResultOrError load(const RuleCall& call, std::string_view) {
    return value(call.type("address"));
}

Dispatch load_dispatch(const RuleCall& call, const CallResult&) {
    Dispatch d;
    d.args.push_back(DispatchArg{call.find("address"), std::nullopt, true});
    return d;
}

// create_atomic_op_value_func(op): the array's dtype, after checks that
// depend on the operation (rule argument "op=add", "op=min", ...).
ResultOrError atomic(const RuleCall& call, std::string_view arg) {
    std::string_view op = arg.starts_with("op=") ? arg.substr(3) : arg;
    TypeRef arr = call.type("arr");
    TypeRef v = call.type("value");
    IndexTypes idx = index_types(call);
    if (!arr || !arr->is_array()) return fail(fmt::format("atomic_{}() first argument must be an array", op));
    const int n = static_cast<int>(idx.size());
    if (n < arr->ndim)
        return fail(
            fmt::format("Num indices < num dimensions for atomic_{}(), this is a codegen error, should have "
                        "generated a view instead",
                        op));
    if (n > arr->ndim)
        return fail(
            fmt::format("Num indices > num dimensions for atomic_{}(), received {}, but array only has {}",
                        op, n, arr->ndim));
    for (TypeRef t : idx)
        if (!is_int_type(t))
            return fail(
                fmt::format("atomic_{}() index arguments must be of integer type, got index of type {}", op,
                            type_repr(t)));
    if (!types_equal(arr->elem, v))
        return fail(
            fmt::format("atomic_{}() value argument type ({}) must be of the same type as the array ({})", op,
                        type_repr(v), type_repr(arr->elem)));
    TypeRef scalar = scalar_type_of(arr->elem);
    auto in = [&](std::initializer_list<Scalar> allowed) {
        if (!scalar) return false;
        for (Scalar s : allowed)
            if (scalar->scalar == s) return true;
        return false;
    };
    using S = Scalar;
    std::string dtype_text = fmt::format("{} (with scalar type {})", type_repr(arr->elem),
                                         scalar ? type_repr(scalar) : type_repr(arr->elem));
    if (op == "add" || op == "sub") {
        if (!in({S::Int32, S::Int64, S::UInt32, S::UInt64, S::Float32, S::Float64, S::Float16, S::BFloat16}))
            return fail(
                fmt::format("atomic_{}() operations only work on arrays with [u]int32, [u]int64, float16, "
                            "bfloat16, float32, or float64 as the underlying scalar types, but got {}",
                            op, dtype_text));
    } else if (op == "min" || op == "max") {
        if (!in({S::Int32, S::Int64, S::UInt32, S::UInt64, S::Float32, S::Float64, S::BFloat16}))
            return fail(
                fmt::format("atomic_{}() operations only work on arrays with [u]int32, [u]int64, bfloat16, "
                            "float32, or float64 as the underlying scalar types, but got {}",
                            op, dtype_text));
    } else if (op == "cas" || op == "exch") {
        if (!in({S::Int32, S::Int64, S::UInt32, S::UInt64, S::Float32, S::Float64}))
            return fail(
                fmt::format("atomic_{}() operations only work on arrays with [u]int32, [u]int64, float32, or "
                            "float64 as the underlying scalar types, but got {}",
                            op, dtype_text));
    } else if (op == "and" || op == "or" || op == "xor") {
        if (!in({S::Int32, S::Int64, S::UInt32, S::UInt64}))
            return fail(
                fmt::format("atomic_{}() operations only work on arrays with [u]int32 or [u]int64 as the "
                            "underlying scalar types, but got {}",
                            op, dtype_text));
    } else {
        ResultOrError r = fail(fmt::format("unknown atomic operation '{}'", op));
        r.unsupported = true;
        return r;
    }
    return value(arr->elem);
}

// zeros(shape, dtype): a stack array (fixedarray) of a constant shape.
std::optional<std::vector<int>> fixed_shape(const RuleCall& call) {
    const int i = call.find("shape");
    std::vector<Constant> dims;
    if (const std::vector<Constant>* t = call.tuple_value(i))
        dims = *t;
    else if (const Constant* c = call.constant(i))
        dims = {*c};
    else
        return std::nullopt;
    std::vector<int> shape;
    int64_t size = 1;
    for (const Constant& c : dims) {
        std::optional<int64_t> v =
            c.holds_int() && c.kind != Constant::Kind::PyBool ? c.as_int64() : std::nullopt;
        if (!v || *v < 1 || *v > INT32_MAX) return std::nullopt;
        size *= *v;
        if (size > INT32_MAX) return std::nullopt;
        shape.push_back(static_cast<int>(*v));
    }
    if (shape.empty() || shape.size() > 4) return std::nullopt;
    return shape;
}

ResultOrError zeros(const RuleCall& call, std::string_view) {
    if (!call.tuple_value(call.find("shape")) && !call.constant(call.find("shape")))
        return fail("the `shape` argument must be specified as a constant when zero-initializing an array");
    std::optional<std::vector<int>> shape = fixed_shape(call);
    TypeRef dtype = call.type_value("dtype");
    if (!shape || !dtype || !(dtype->is_value() || dtype->is_struct())) {
        ResultOrError r = fail("wp.zeros is supported with a shape of 1 to 4 positive constant extents and a "
                               "value or struct dtype");
        r.unsupported = true;
        return r;
    }
    return value(types::fixed_array(dtype, *shape));
}

// fixedarray_t<size, dtype>(extents...): the extents as fresh constants.
Dispatch zeros_dispatch(const RuleCall& call, const CallResult& result) {
    Dispatch d;
    std::vector<int> shape = fixed_shape(call).value_or(std::vector<int>{});
    for (int extent : shape) d.args.push_back(DispatchArg{-1, Constant::py_int(extent)});
    TypeRef t = result.types.at(0);
    d.template_args = {std::to_string(t->length), template_arg(t->elem)};
    return d;
}

// array(ptr, shape, dtype): an array over raw memory, one dimension per element of the shape tuple.
ResultOrError array_from_ptr(const RuleCall& call, std::string_view) {
    TypeRef shape = call.type("shape");
    TypeRef dtype = call.type_value("dtype");
    bool ok = shape && shape->kind == TypeKind::Tuple && !shape->elems.empty() && shape->elems.size() <= 4 &&
              dtype && !call.is_python_type("dtype") && (dtype->is_value() || dtype->is_struct());
    if (!ok) {
        ResultOrError r =
            fail("wp.array(ptr, shape, dtype) is supported with a tuple shape of 1 to 4 extents "
                 "and a Warp value or struct dtype");
        r.unsupported = true;
        return r;
    }
    return value(types::array(dtype, static_cast<int>(shape->elems.size())));
}

// array_t<dtype>(ptr, extents...)
Dispatch array_from_ptr_dispatch(const RuleCall& call, const CallResult& result) {
    Dispatch d;
    d.args.push_back(DispatchArg{call.find("ptr"), std::nullopt});
    const int shape = call.find("shape");
    for (size_t k = 0; k < call.type(shape)->elems.size(); ++k) {
        DispatchArg a{shape, std::nullopt};
        a.tuple_element = static_cast<int>(k);
        d.args.push_back(a);
    }
    d.template_args = {template_arg(result.types.at(0)->elem)};
    return d;
}

constexpr ValueRule kValueRules[] = {
    {"zeros_value_func", zeros},
    {"array_value_func", array_from_ptr},
    {"address_value_func", address, kUntypedRaises},
    {"view_value_func", view, kUntypedRaises},
    {"array_store_value_func", array_store, kUntypedRaises},
    {"store_value_func", store, kUntypedRaises},
    {"load.lambda", load, kUntypedRaises},
    {"create_atomic_op_value_func", atomic},
};

constexpr DispatchRule kDispatchRules[] = {
    {"zeros_dispatch_func", zeros_dispatch},
    {"array_dispatch_func", array_from_ptr_dispatch},
    {"store_dispatch_func", store_dispatch},
    {"load_dispatch_func", load_dispatch},
    {"atomic_op_dispatch_func", [](const RuleCall& call, const CallResult&) { return dispatch_all(call); }},
};

} // namespace
} // namespace array_rules

std::span<const ValueRule> array_value_rules() {
    return array_rules::kValueRules;
}
std::span<const DispatchRule> array_dispatch_rules() {
    return array_rules::kDispatchRules;
}

} // namespace ws::builtins::detail
