// Warp's tile builtins: creation (tile_zeros, tile_ones, tile_full), global memory
// (tile_load, tile_store), reductions to a one-element tile (tile_sum, tile_max, tile_min) and
// the element-wise operators between tiles (+, -, unary -).
//
// Shapes are compile-time tuples of Python ints; they become template arguments. Anything
// Warp would print differently from what these rules know (a shape given as a Warp scalar, a
// storage mode or flag that is not a literal) is refused as unsupported, never guessed.
#include "builtins/rules_tile.h"

#include <algorithm>
#include <fmt/format.h>

namespace ws::builtins::detail {

// Warp's extract_tuple(arg_values["shape"], as_constant=True), limited to positive Python ints
// (compute_type_str prints only those as template arguments).
std::optional<std::vector<int>> tile_shape(const RuleCall& call, std::string_view name) {
    const int i = call.find(name);
    std::vector<Constant> dims;
    if (const std::vector<Constant>* t = call.tuple_value(i))
        dims = *t;
    else if (const Constant* c = call.constant(i))
        dims = {*c};
    else
        return std::nullopt;
    std::vector<int> shape;
    for (const Constant& c : dims) {
        std::optional<int64_t> v = c.kind == Constant::Kind::PyInt ? c.as_int64() : std::nullopt;
        if (!v || *v < 1 || *v > (1 << 20)) return std::nullopt;
        shape.push_back(static_cast<int>(*v));
    }
    if (shape.empty() || shape.size() > 4) return std::nullopt;
    return shape;
}

// The storage argument: "register" when left to its default, else a string literal.
std::optional<std::string> storage_of(const RuleCall& call) {
    const int i = call.find("storage");
    if (i < 0 || call.bound[i].is_default) return "register";
    const Constant* c = call.constant(i);
    if (!c || c->kind != Constant::Kind::PyStr) return std::nullopt;
    return c->s;
}

// compute_type_str's spelling of a Python bool flag (bounds_check, aligned).
std::optional<std::string> flag_of(const RuleCall& call, std::string_view name) {
    const Constant* c = call.constant(call.find(name));
    if (!c || c->kind != Constant::Kind::PyBool) return std::nullopt;
    return c->b ? "true" : "false";
}

// The number of offset values (Warp's len(extract_tuple(offset))): a tuple's elements, one
// otherwise; `ndim` zeros when no offset is given.
int offset_count(const RuleCall& call, int ndim) {
    const int i = call.find("offset");
    if (i < 0) return ndim;
    TypeRef t = call.raw_type(i);
    return t && t->is_tuple() ? static_cast<int>(t->elems.size()) : 1;
}

// func_args `(*offset)`: a tuple's elements, the value itself, or fresh zeros.
void push_offsets(const RuleCall& call, int ndim, Dispatch& d) {
    const int i = call.find("offset");
    if (i < 0) {
        for (int k = 0; k < ndim; ++k) d.args.push_back(DispatchArg{-1, Constant::py_int(0)});
        return;
    }
    TypeRef t = call.raw_type(i);
    if (t && t->is_tuple()) {
        for (int k = 0; k < static_cast<int>(t->elems.size()); ++k) {
            DispatchArg a{i, std::nullopt};
            a.tuple_element = k;
            d.args.push_back(a);
        }
        return;
    }
    d.args.push_back(DispatchArg{i, std::nullopt});
}

std::optional<ResultOrError> load_dimensions_error(const RuleCall& call, std::string_view fn,
                                                   const std::vector<int>& shape, int ndim) {
    if (static_cast<int>(shape.size()) != ndim)
        return fail(fmt::format("{}() array argument must have same number of dimensions as the tile shape, "
                                "trying to perform an {} dimensional load from an array with {} dimensions.",
                                fn, shape.size(), ndim));
    if (offset_count(call, ndim) != ndim)
        return fail(fmt::format("{}() offset argument must have the same number of dimensions as the array "
                                "to load from, got {} indices for an array with {} dimensions",
                                fn, offset_count(call, ndim), ndim));
    return std::nullopt;
}

std::string shape_text(const std::vector<int>& shape) {
    std::string s = "(";
    for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + (shape.size() == 1 ? ",)" : ")");
}

std::optional<ResultOrError> shape_mismatch(std::string_view fn, TypeRef a, TypeRef b) {
    if (a->tile_shape.size() != b->tile_shape.size())
        return fail(fmt::format("{}() shapes must have the same number of dimensions, got {} and {}", fn,
                                a->tile_shape.size(), b->tile_shape.size()));
    for (size_t i = 0; i < a->tile_shape.size(); ++i)
        if (a->tile_shape[i] != b->tile_shape[i])
            return fail(fmt::format("{}() shapes do not match on dimension {}, got {} and {}", fn, i,
                                    shape_text(a->tile_shape), shape_text(b->tile_shape)));
    return std::nullopt;
}

std::optional<ResultOrError> require_tile(const RuleCall& call, std::string_view name,
                                          std::string_view what) {
    TypeRef t = call.type(name);
    if (t && t->is_tile()) return std::nullopt;
    if (!t || !(t->is_scalar() || t->is_composite()))
        return unsupported(fmt::format("{} of this value is not supported", what));
    return fail(fmt::format("{} must be a tile, got {}", what, class_str(t)));
}

// CPython's slice.indices for an open or given bound (Warp's _normalize_tile_slice).
std::optional<TileSlice> normalize_tile_slice(TypeRef s, int length, std::string& error) {
    if (s->slice_runtime) {
        error = "tile_view() slice bounds must be compile-time constants.";
        return std::nullopt;
    }
    if (s->slice_step == 0) {
        error = "tile_view() slice step cannot be zero.";
        return std::nullopt;
    }
    const int64_t step = s->slice_step;
    const int64_t lower = step > 0 ? 0 : -1, upper = step > 0 ? length : length - 1;
    auto resolve = [&](int64_t v, int64_t dflt, bool omitted) {
        if (omitted) return dflt;
        return v < 0 ? std::max(v + length, lower) : std::min(v, upper);
    };
    TileSlice out;
    out.start = static_cast<int>(resolve(s->slice_start, step > 0 ? lower : upper, s->slice_start_omitted));
    out.stop = static_cast<int>(resolve(s->slice_stop, step > 0 ? upper : lower, s->slice_stop_omitted));
    out.step = static_cast<int>(step);
    return out;
}

int TileSlice::length() const {
    int64_t n =
        step > 0 ? (int64_t{stop} - start + step - 1) / step : (int64_t{start} - stop - step - 1) / -step;
    return static_cast<int>(std::max<int64_t>(0, n));
}

// A tile element type: scalars, vectors, matrices, quaternions, transforms and structs.
bool supported_dtype(TypeRef t) {
    return t && (t->is_scalar() || t->is_composite() || t->is_struct());
}

// Warp's check_tile_atomic_add_dtype: structs (their helper skips fields without atomics) or
// elements of a scalar type with atomic adds.
std::optional<ResultOrError> atomic_dtype_error(TypeRef dtype, std::string_view fn) {
    if (dtype->is_struct()) return std::nullopt;
    Scalar s = dtype->scalar;
    bool atomic = s == Scalar::Int32 || s == Scalar::UInt32 || s == Scalar::Int64 || s == Scalar::UInt64 ||
                  s == Scalar::Float16 || s == Scalar::BFloat16 || s == Scalar::Float32 ||
                  s == Scalar::Float64;
    if (atomic) return std::nullopt;
    return fail(
        fmt::format("{}() only supports tiles with [u]int32, [u]int64, float16, bfloat16, float32, or "
                    "float64 as the underlying scalar type, but got {}",
                    fn, type_repr(dtype)));
}

namespace tile_rules {
namespace {

ResultOrError load(const RuleCall& call, std::string_view) {
    TypeRef a = call.type("a");
    std::optional<std::vector<int>> shape = tile_shape(call);
    if (!shape) return unsupported("tile_load() needs a shape of positive int literals or constants");
    if (auto e = load_dimensions_error(call, "tile_load", *shape, a->ndim)) return *e;
    std::optional<std::string> storage = storage_of(call);
    if (!storage || (*storage != "register" && *storage != "shared"))
        return unsupported("tile_load() needs storage=\"register\" or \"shared\" as a literal");
    if (!flag_of(call, "bounds_check") || !flag_of(call, "aligned"))
        return unsupported("tile_load() needs bounds_check and aligned as bool literals");
    if (!supported_dtype(a->elem)) return unsupported("tile_load() of this array dtype is not supported");
    return value(types::tile(a->elem, *shape, *storage == "shared"));
}

// tile_load<dtype, bounds_check, aligned (shared tiles only), shape...>(a, offset...)
Dispatch load_dispatch(const RuleCall& call, const CallResult& result) {
    TypeRef t = result.types.at(0);
    Dispatch d;
    d.args.push_back(DispatchArg{call.find("a"), std::nullopt});
    push_offsets(call, call.type("a")->ndim, d);
    d.template_args = {template_arg(t->elem), *flag_of(call, "bounds_check"),
                       t->tile_shared ? *flag_of(call, "aligned") : "false"};
    for (int e : t->tile_shape) d.template_args.push_back(std::to_string(e));
    return d;
}

ResultOrError store(const RuleCall& call, std::string_view) {
    TypeRef a = call.type("a");
    TypeRef t = call.type("t");
    const int n = offset_count(call, a->ndim);
    if (n != a->ndim)
        return fail(fmt::format("tile_store() 'a' argument must have {} dimensions, calculated based on the "
                                "provided offset arguments, but got {} dimensions.",
                                n, a->ndim));
    if (static_cast<int>(t->tile_shape.size()) != a->ndim)
        return fail(
            fmt::format("tile_store() 'a' argument must have the same number of dimensions as the 't' "
                        "argument, but got {} dimensions for 'a' and {} dimensions for 't'",
                        a->ndim, t->tile_shape.size()));
    if (!types_equal(a->elem, t->elem))
        return fail(fmt::format("tile_store() 'a' and 't' arguments must have the same dtype, got {} and {}",
                                class_str(a->elem), class_str(t->elem)));
    if (!flag_of(call, "bounds_check") || !flag_of(call, "aligned"))
        return unsupported("tile_store() needs bounds_check and aligned as bool literals");
    return void_result();
}

// tile_store<dtype, bounds_check, aligned (shared tiles only)>(a, offset..., t)
Dispatch store_dispatch(const RuleCall& call, const CallResult&) {
    TypeRef a = call.type("a");
    Dispatch d;
    d.args.push_back(DispatchArg{call.find("a"), std::nullopt});
    push_offsets(call, a->ndim, d);
    d.args.push_back(DispatchArg{call.find("t"), std::nullopt});
    d.template_args = {template_arg(a->elem), *flag_of(call, "bounds_check"),
                       call.type("t")->tile_shared ? *flag_of(call, "aligned") : "false"};
    return d;
}

// tile_atomic_add(a, t, offset, bounds_check): adds t into a, returns the replaced values.
ResultOrError atomic_add(const RuleCall& call, std::string_view) {
    TypeRef a = call.type("a");
    TypeRef t = call.type("t");
    const int n = offset_count(call, a->ndim);
    if (n != a->ndim)
        return fail(
            fmt::format("tile_atomic_add() 'a' argument must have {} dimensions, calculated based on the "
                        "provided offset arguments, but got {} dimensions.",
                        n, a->ndim));
    if (static_cast<int>(t->tile_shape.size()) != a->ndim)
        return fail(
            fmt::format("tile_atomic_add() 'a' argument must have the same number of dimensions as the 't' "
                        "argument, but got {} dimensions for 'a' and {} dimensions for 't'",
                        a->ndim, t->tile_shape.size()));
    if (!types_equal(a->elem, t->elem))
        return fail(
            fmt::format("tile_atomic_add() 'a' and 't' arguments must have the same dtype, got {} and {}",
                        class_str(a->elem), class_str(t->elem)));
    if (std::optional<ResultOrError> e = atomic_dtype_error(t->elem, "tile_atomic_add")) return *e;
    if (!flag_of(call, "bounds_check"))
        return unsupported("tile_atomic_add() needs bounds_check as a bool literal");
    return value(types::tile(t->elem, t->tile_shape, t->tile_shared));
}

// tile_atomic_add<dtype, bounds_check>(a, offset..., t)
Dispatch atomic_add_dispatch(const RuleCall& call, const CallResult&) {
    TypeRef a = call.type("a");
    Dispatch d;
    d.args.push_back(DispatchArg{call.find("a"), std::nullopt});
    push_offsets(call, a->ndim, d);
    d.args.push_back(DispatchArg{call.find("t"), std::nullopt});
    d.template_args = {template_arg(a->elem), *flag_of(call, "bounds_check")};
    return d;
}

// tile_zeros / tile_ones / tile_empty(shape, dtype=float, storage="register").
ResultOrError filled_tile(const RuleCall& call, bool ones) {
    std::optional<std::vector<int>> shape = tile_shape(call);
    if (!shape) return unsupported("tile creation needs a shape of positive int literals or constants");
    std::optional<std::string> storage = storage_of(call);
    if (!storage || (*storage != "register" && *storage != "shared"))
        return unsupported("tile creation needs storage=\"register\" or \"shared\" as a literal");
    TypeRef dtype = call.type_value("dtype");
    if (!supported_dtype(dtype)) return unsupported("tiles of this dtype are not supported");
    if (dtype->is_struct() && ones)
        return fail(
            "tile_ones() does not support Warp struct dtypes; use tile_full() with an explicit value");
    return value(types::tile(dtype, *shape, *storage == "shared"));
}

ResultOrError filled(const RuleCall& call, std::string_view) {
    return filled_tile(call, false);
}
ResultOrError ones(const RuleCall& call, std::string_view) {
    return filled_tile(call, true);
}

// The dtype as Warp passes it through: Python's `float` when defaulted or written so.
std::string dtype_arg(const RuleCall& call) {
    const int i = call.find("dtype");
    if (call.bound[i].is_default) return "float";
    return template_arg(call, "dtype");
}

Dispatch filled_dispatch(const RuleCall& call, const CallResult& result) {
    Dispatch d;
    d.template_args = {dtype_arg(call)};
    for (int e : result.types.at(0)->tile_shape) d.template_args.push_back(std::to_string(e));
    return d;
}

// tile_full(shape, value, dtype=None, storage="register"): dtype defaults to the value's type.
ResultOrError full(const RuleCall& call, std::string_view) {
    std::optional<std::vector<int>> shape = tile_shape(call);
    if (!shape) return unsupported("tile_full() needs a shape of positive int literals or constants");
    std::optional<std::string> storage = storage_of(call);
    if (!storage || (*storage != "register" && *storage != "shared"))
        return unsupported("tile_full() needs storage=\"register\" or \"shared\" as a literal");
    TypeRef value_type = call.type("value");
    TypeRef dtype = call.has("dtype") ? call.type_value("dtype") : value_type;
    if (!supported_dtype(dtype) || !supported_dtype(value_type))
        return unsupported("tile_full() of this dtype is not supported");
    if (dtype->is_struct() && !types_equal(value_type, dtype))
        return fail(
            fmt::format("tile_full() value must have dtype {} when filling Warp struct tile elements, got {}",
                        type_repr(dtype), type_repr(value_type)));
    if ((value_type->is_composite() || value_type->is_struct()) && !types_equal(value_type, dtype))
        return fail(
            fmt::format("tile_full() cannot convert a composite or Warp struct value of type {} to tile "
                        "element type {}",
                        type_repr(value_type), type_repr(dtype)));
    return value(types::tile(dtype, *shape, *storage == "shared"));
}

Dispatch full_dispatch(const RuleCall& call, const CallResult& result) {
    TypeRef t = result.types.at(0);
    Dispatch d;
    d.args.push_back(DispatchArg{call.find("value"), std::nullopt});
    d.template_args = {template_arg(t->elem)};
    for (int e : t->tile_shape) d.template_args.push_back(std::to_string(e));
    return d;
}

// tile_sum / tile_max / tile_min of a whole tile: a one-element register tile.
ResultOrError reduce_all(const RuleCall& call, std::string_view) {
    if (call.bound.size() != 1) return unsupported("tile reductions take one tile argument");
    if (auto e = require_tile(call, "a", fmt::format("{}() argument", call.ov.key))) return *e;
    TypeRef a = call.type(0);
    return value(types::tile(a->elem, {1}, false));
}

// Element-wise `+`, `-` between two tiles (tile_binary_map_value_func without an op).
ResultOrError binary_map(const RuleCall& call, std::string_view) {
    TypeRef a = call.type("a");
    TypeRef b = call.type("b");
    if (!b->is_tile()) return unsupported("tile_map() of a tile and a value is not supported");
    if (auto e = shape_mismatch("tile_map", a, b)) return *e;
    if (!types_equal(a->elem, b->elem))
        return fail(
            fmt::format("tile_map() arguments must have the same dtype for this operation, got {} and {}",
                        class_str(a->elem), class_str(b->elem)));
    return value(types::tile(a->elem, a->tile_shape, false));
}

// `&`, `|`, `^` between tiles (tile_binary_bitwise_value_func): as binary_map, then Warp's
// refusal of struct elements on either side.
ResultOrError binary_bitwise(const RuleCall& call, std::string_view) {
    ResultOrError r = binary_map(call, "");
    if (r.result && (call.type("a")->elem->is_struct() || call.type("b")->elem->is_struct()))
        return fail("Tile bitwise operators do not support Warp struct tile elements");
    return r;
}

// Warp's type_scalar_type: a composite's component type; any other type stands for itself.
TypeRef scalar_of(TypeRef t) {
    return t->is_composite() ? scalar_type_of(t) : t;
}

// tile_mul_value_func / tile_div_value_func: `*` and `/` between tiles, or between a tile and
// a scalar, vector or matrix (either side). `verb` is "multiply" or "divide".
ResultOrError arithmetic(const RuleCall& call, std::string_view verb) {
    TypeRef a = call.type("a");
    TypeRef b = call.type("b");
    const bool a_tile = a->is_tile(), b_tile = b->is_tile();
    auto shape_error = [&]() -> std::optional<ResultOrError> {
        if (a->tile_shape.size() != b->tile_shape.size())
            return fail(fmt::format("Shapes must have same dimensions: {} vs {}", a->tile_shape.size(),
                                    b->tile_shape.size()));
        for (size_t i = 0; i < a->tile_shape.size(); ++i)
            if (a->tile_shape[i] != b->tile_shape[i])
                return fail(fmt::format("Shape mismatch on dim {}: {} vs {}", i, shape_text(a->tile_shape),
                                        shape_text(b->tile_shape)));
        return std::nullopt;
    };
    if (a_tile && b_tile) {
        if (auto e = shape_error()) return *e;
        if (!a->elem->is_scalar() && !b->elem->is_scalar())
            return fail(
                fmt::format("Cannot {} tile<{}> by tile<{}>: at least one element type must be scalar", verb,
                            type_repr(a->elem), type_repr(b->elem)));
        TypeRef sa = scalar_of(a->elem), sb = scalar_of(b->elem);
        if (sa != sb)
            return fail(
                fmt::format("Underlying scalar types don't match: {} vs {}", type_repr(sa), type_repr(sb)));
        // The vector or matrix side wins (not a quaternion or transform: a's dtype then).
        auto vec_or_mat = [](TypeRef t) { return t->is_vector() || t->is_matrix(); };
        TypeRef dtype = vec_or_mat(a->elem) ? a->elem : vec_or_mat(b->elem) ? b->elem : a->elem;
        return value(types::tile(dtype, a->tile_shape, false));
    }
    TypeRef t = a_tile ? a : b;
    TypeRef c = a_tile ? b : a;
    if (!c || !(c->is_scalar() || c->is_vector() || c->is_matrix()))
        return unsupported("tile arithmetic with this operand is not supported");
    TypeRef st = scalar_of(t->elem), sc = scalar_of(c);
    if (st != sc)
        return fail(fmt::format("Underlying scalar types don't match: tile={}, const={}", type_repr(st),
                                type_repr(sc)));
    if (!t->elem->is_scalar() && !c->is_scalar())
        return fail(a_tile
                        ? fmt::format("Cannot {} tile<{}> by {}: at least one operand must be a scalar type",
                                      verb, type_repr(t->elem), type_repr(c))
                        : fmt::format("Cannot {} {} by tile<{}>: at least one operand must be a scalar type",
                                      verb, type_repr(c), type_repr(t->elem)));
    TypeRef dtype = c->is_vector() || c->is_matrix() ? c : t->elem;
    return value(types::tile(dtype, t->tile_shape, false));
}

ResultOrError multiply(const RuleCall& call, std::string_view) {
    return arithmetic(call, "multiply");
}
ResultOrError divide(const RuleCall& call, std::string_view) {
    return arithmetic(call, "divide");
}

// `scalar * tile` reaches C++ as tile_mul(tile, scalar).
Dispatch const_first_dispatch(const RuleCall& call, const CallResult&) {
    Dispatch d;
    d.args.push_back(DispatchArg{call.find("b"), std::nullopt});
    d.args.push_back(DispatchArg{call.find("a"), std::nullopt});
    return d;
}

// Unary `-` of a tile.
ResultOrError unary(const RuleCall& call, std::string_view) {
    TypeRef t = call.type("x");
    if (t->elem->is_struct()) return fail("Tile unary operators do not support Warp struct tile elements");
    return value(types::tile(t->elem, t->tile_shape, false));
}

// wp.tile(x, preserve_type=False): one value per thread; vectors and matrices spread over
// leading dimensions unless preserve_type.
std::optional<bool> preserve_type(const RuleCall& call) {
    const Constant* c = call.constant(call.find("preserve_type"));
    if (!c || c->kind != Constant::Kind::PyBool) return std::nullopt;
    return c->b;
}

ResultOrError from_thread_values(const RuleCall& call, std::string_view) {
    if (call.bound.size() > 2) return unsupported("tile() takes one value and preserve_type");
    std::optional<bool> keep = preserve_type(call);
    TypeRef x = call.type("x");
    // Warp's dispatch spells the value's own type, which for an array element is a Reference
    // it cannot print: it fails.
    if (const TypeRef raw = call.raw_type(call.find("x")); raw && raw->is_reference())
        return fail(
            "'Reference' object has no attribute '__name__' (wp.tile() of an array element: assign it "
            "to a variable first)");
    if (!keep || !supported_dtype(x))
        return unsupported("tile() of this value is supported for scalars, vectors, matrices, quaternions, "
                           "transforms and structs with preserve_type given as a bool literal");
    if (*keep) return value(types::tile(x, {block_dim()}, false));
    // A vector, quaternion or matrix spreads over leading dimensions; a transform is not a
    // vector to Warp and stays whole, like a scalar or a struct.
    TypeRef s = scalar_type_of(x);
    if (x->is_vector()) return value(types::tile(s, {x->length, block_dim()}, false));
    if (x->is_quat()) return value(types::tile(s, {4, block_dim()}, false));
    if (x->is_matrix()) return value(types::tile(s, {x->rows, x->cols, block_dim()}, false));
    return value(types::tile(x, {block_dim()}, false));
}

Dispatch from_thread_values_dispatch(const RuleCall& call, const CallResult&) {
    TypeRef x = call.type("x");
    Dispatch d;
    d.args.push_back(DispatchArg{call.find("x"), std::nullopt});
    if (*preserve_type(call) || !(x->is_vector() || x->is_quat() || x->is_matrix()))
        d.template_args = {template_arg(x)};
    else if (x->is_vector())
        d.template_args = {template_arg(scalar_t(x->scalar)), std::to_string(x->length)};
    else if (x->is_quat())
        d.template_args = {template_arg(scalar_t(x->scalar)), "4"};
    else // matrices: rows, cols, then the dtype
        d.template_args = {std::to_string(x->rows), std::to_string(x->cols),
                           template_arg(scalar_t(x->scalar))};
    return d;
}

// wp.untile(t): back to one value per thread.
ResultOrError untile(const RuleCall& call, std::string_view) {
    if (call.bound.size() != 1) return unsupported("untile() takes one tile");
    if (auto e = require_tile(call, "a", "untile() argument")) return *e;
    TypeRef t = call.type("a");
    const std::vector<int>& shape = t->tile_shape;
    if (shape.back() != block_dim())
        return fail(
            fmt::format("untile() argument last dimension {} does not match the expected block width {}",
                        shape.back(), block_dim()));
    if (shape.size() == 1) return value(t->elem); // a scalar, vector, matrix or quaternion
    if (!t->elem->is_scalar())
        return unsupported("untile() of a tile of vectors or matrices of more than one dimension is not "
                           "supported");
    if (shape.size() == 2) return value(vector_t(shape[0], t->elem->scalar));
    if (shape.size() == 3) return value(matrix_t(shape[0], shape[1], t->elem->scalar));
    return unsupported("untile() of a tile of more than 3 dimensions is not supported");
}

// tile_sum(a, axis): the sum along one axis (a moves to shared memory).
ResultOrError sum_axis(const RuleCall& call, std::string_view) {
    TypeRef a = call.type("a");
    const Constant* c = call.constant(call.find("axis"));
    std::optional<int64_t> axis = c && c->kind == Constant::Kind::PyInt ? c->as_int64() : std::nullopt;
    if (!axis) return unsupported("tile_sum() needs the axis as an int literal or constant");
    const int ndim = static_cast<int>(a->tile_shape.size());
    if (*axis < 0 || *axis >= ndim)
        return fail(
            fmt::format("tile_sum() axis {} is out of bounds for tile with {} dimensions", *axis, ndim));
    std::vector<int> shape;
    for (int d = 0; d < ndim; ++d)
        if (d != *axis) shape.push_back(a->tile_shape[d]);
    if (shape.empty()) shape = {1};
    ResultOrError r = value(types::tile(a->elem, shape, false));
    r.result->shared_tile_arg = call.find("a");
    return r;
}

// tile_sum_axis<axis>(a); its adjoint takes the axis too.
Dispatch sum_axis_dispatch(const RuleCall& call, const CallResult&) {
    Dispatch d;
    d.args.push_back(DispatchArg{call.find("a"), std::nullopt});
    d.template_args = {std::to_string(*call.constant(call.find("axis"))->as_int64())};
    return d;
}

constexpr ValueRule kValueRules[] = {
    {"tile_sum_axis_value_func", sum_axis},
    {"tile_value_func", from_thread_values},
    {"untile_value_func", untile},
    {"tile_atomic_add_value_func", atomic_add},
    {"tile_load_tuple_value_func", load},
    {"tile_store_value_func", store},
    {"tile_zeros_value_func", filled},
    {"tile_ones_value_func", ones},
    {"tile_full_value_func", full},
    {"tile_sum_value_func", reduce_all},
    {"tile_max_value_func", reduce_all},
    {"tile_min_value_func", reduce_all},
    {"tile_binary_map_value_func", binary_map},
    {"tile_binary_bitwise_value_func", binary_bitwise},
    {"tile_unary_value_func", unary},
    {"tile_mul_value_func", multiply},
    {"tile_div_value_func", divide},
    {"tile_empty_value_func", filled},
};

constexpr DispatchRule kDispatchRules[] = {
    {"tile_dispatch_func", from_thread_values_dispatch},
    {"tile_sum_axis_dispatch_func", sum_axis_dispatch},
    {"tile_atomic_add_dispatch_func", atomic_add_dispatch},
    {"tile_load_tuple_dispatch_func", load_dispatch},
    {"tile_store_dispatch_func", store_dispatch},
    {"tile_zeros_dispatch_func", filled_dispatch},
    {"tile_ones_dispatch_func", filled_dispatch},
    {"tile_full_dispatch_func", full_dispatch},
    {"tile_mul_const_first_dispatch_func", const_first_dispatch},
    {"tile_empty_dispatch_func", filled_dispatch},
};

} // namespace
} // namespace tile_rules

std::span<const ValueRule> tile_value_rules() {
    return tile_rules::kValueRules;
}
std::span<const DispatchRule> tile_dispatch_rules() {
    return tile_rules::kDispatchRules;
}

} // namespace ws::builtins::detail
