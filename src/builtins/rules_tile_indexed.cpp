// Warp's tile builtins that go through a 1-D tile of indices along one axis: gathers from
// global memory (tile_load_indexed), scatters to it (tile_store_indexed,
// tile_atomic_add_indexed) and the gather of a tile subscript `t[idx, :]` (tile_slice_indexed).
// The index tile always moves to shared memory.
#include "builtins/rules_tile.h"

#include <fmt/format.h>

namespace ws::builtins::detail {

namespace tile_indexed_rules {
namespace {

// The axis argument: a non-negative int literal or constant (Warp compares it with ndim).
std::optional<int64_t> axis_of(const RuleCall& call) {
    const Constant* c = call.constant("axis");
    if (!c || c->kind != Constant::Kind::PyInt) return std::nullopt;
    return c->as_int64();
}

// The checks the three global-memory builtins share: axis, a 1-D index tile as long as the
// tile's extent along the axis. `what` is "input" or "output" as Warp words it.
std::optional<ResultOrError> check_indices(const RuleCall& call, std::string_view fn, int64_t axis,
                                           const std::vector<int>& shape, int ndim, std::string_view what) {
    TypeRef idx = call.type("indices");
    if (axis >= ndim)
        return fail(fmt::format("{}() axis argument must be valid axis of array {}, got {}.", fn,
                                call.type("a")->repr, axis));
    if (axis < 0) return unsupported(fmt::format("{}() with a negative axis is not supported", fn));
    if (idx->tile_shape.size() != 1)
        return fail(fmt::format("{}() indices argument must be a 1D tile, got {} dimensions instead.", fn,
                                idx->tile_shape.size()));
    if (static_cast<int>(shape.size()) > axis && idx->tile_shape[0] != shape[axis])
        return fail(
            fmt::format("The number of elements in the 1D indices tile must match the {} tile shape along "
                        "the specified axis.",
                        what));
    return std::nullopt;
}

// tile_load_indexed(a, indices, shape, offset, axis, storage)
ResultOrError load_indexed(const RuleCall& call, std::string_view) {
    TypeRef a = call.type("a");
    std::optional<int64_t> axis = axis_of(call);
    if (!axis) return unsupported("tile_load_indexed() needs the axis as an int literal or constant");
    std::optional<std::vector<int>> shape = tile_shape(call);
    if (!shape) return unsupported("tile_load_indexed() needs a shape of positive int literals or constants");
    if (auto e = check_indices(call, "tile_load_indexed", *axis, *shape, a->ndim, "output")) return *e;
    if (auto e = load_dimensions_error(call, "tile_load_indexed", *shape, a->ndim)) return *e;
    std::optional<std::string> storage = storage_of(call);
    if (!storage || (*storage != "register" && *storage != "shared"))
        return unsupported("tile_load_indexed() needs storage=\"register\" or \"shared\" as a literal");
    if (!supported_dtype(a->elem))
        return unsupported("tile_load_indexed() of this array dtype is not supported");
    ResultOrError r = value(types::tile(a->elem, *shape, *storage == "shared"));
    r.result->shared_tile_arg = call.find("indices");
    return r;
}

// tile_load_indexed<shape...>(a, indices, axis, offset...)
Dispatch load_indexed_dispatch(const RuleCall& call, const CallResult& result) {
    Dispatch d;
    for (std::string_view n : {"a", "indices", "axis"})
        d.args.push_back(DispatchArg{call.find(n), std::nullopt});
    push_offsets(call, call.type("a")->ndim, d);
    for (int e : result.types.at(0)->tile_shape) d.template_args.push_back(std::to_string(e));
    return d;
}

// tile_store_indexed / tile_atomic_add_indexed(a, indices, t, offset, axis): `atomic` adds the
// dtype check and returns the replaced values.
ResultOrError scatter(const RuleCall& call, std::string_view fn, bool atomic) {
    TypeRef a = call.type("a");
    TypeRef t = call.type("t");
    std::optional<int64_t> axis = axis_of(call);
    if (!axis) return unsupported(fmt::format("{}() needs the axis as an int literal or constant", fn));
    if (auto e = check_indices(call, fn, *axis, t->tile_shape, a->ndim, "input")) return *e;
    const int n = offset_count(call, a->ndim);
    if (n != a->ndim)
        return fail(
            fmt::format("{}() 'a' argument must have {} dimensions, calculated based on the provided offset "
                        "arguments, but got {} dimensions.",
                        fn, n, a->ndim));
    if (static_cast<int>(t->tile_shape.size()) != a->ndim)
        return fail(
            fmt::format("{}() 'a' argument must have the same number of dimensions as the 't' argument, but "
                        "got {} dimensions for 'a' and {} dimensions for 't'",
                        fn, a->ndim, t->tile_shape.size()));
    if (!types_equal(a->elem, t->elem))
        return fail(fmt::format("{}() 'a' and 't' arguments must have the same dtype, got {} and {}", fn,
                                class_str(a->elem), class_str(t->elem)));
    if (atomic)
        if (std::optional<ResultOrError> e = atomic_dtype_error(t->elem, fn)) return *e;
    ResultOrError r = atomic ? value(types::tile(t->elem, t->tile_shape, t->tile_shared)) : void_result();
    r.result->shared_tile_arg = call.find("indices");
    return r;
}

ResultOrError store_indexed(const RuleCall& call, std::string_view) {
    return scatter(call, "tile_store_indexed", false);
}
ResultOrError atomic_add_indexed(const RuleCall& call, std::string_view) {
    return scatter(call, "tile_atomic_add_indexed", true);
}

// (a, indices, axis, offset..., t), no template arguments.
Dispatch scatter_dispatch(const RuleCall& call, const CallResult&) {
    Dispatch d;
    for (std::string_view n : {"a", "indices", "axis"})
        d.args.push_back(DispatchArg{call.find(n), std::nullopt});
    push_offsets(call, call.type("a")->ndim, d);
    d.args.push_back(DispatchArg{call.find("t"), std::nullopt});
    return d;
}

// `t[idx, :]`: exactly one 1-D integer index tile, whole slices `:` elsewhere.
struct Gather {
    int axis = -1;
    std::string error;
};

Gather gather_axis(const RuleCall& call, TypeRef t) {
    TypeRef idx_tuple = call.raw_type(call.find("indices"));
    Gather g;
    if (!idx_tuple->is_tuple()) {
        g.error = "tile indexing needs its indices as a tuple";
        return g;
    }
    for (size_t d = 0; d < idx_tuple->elems.size(); ++d) {
        TypeRef e = types::strip_reference(idx_tuple->elems[d]);
        if (e->is_tile()) {
            if (g.axis >= 0) return Gather{-1, "Tile indexing supports exactly one 1D integer index tile."};
            if (e->tile_shape.size() != 1)
                return Gather{
                    -1, fmt::format("Tile indexing requires a 1D integer index tile, got {} dimensions.",
                                    e->tile_shape.size())};
            if (!e->elem->is_int_scalar())
                return Gather{-1, fmt::format("Tile indexing requires an integer index tile, got dtype {}.",
                                              e->elem->repr)};
            g.axis = static_cast<int>(d);
        } else if (e->kind == TypeKind::Slice) {
            std::string error;
            std::optional<TileSlice> s = normalize_tile_slice(e, t->tile_shape[d], error);
            if (!s) return Gather{-1, error};
            if (s->start != 0 || s->step != 1 || s->length() != t->tile_shape[d])
                return Gather{-1,
                              "Tile indexing with an integer index tile requires ':' on all other axes, e.g. "
                              "`t[indices, :]`."};
        } else {
            return Gather{-1, "Tile indexing entries must be a 1D integer index tile or full slices ':'."};
        }
    }
    return g;
}

// tile_slice_indexed(t, indices): t and the index tile move to shared memory; the result is a
// register tile with the index tile's length along the axis.
ResultOrError slice_indexed(const RuleCall& call, std::string_view) {
    TypeRef t = call.type("t");
    const int ii = call.find("indices");
    TypeRef idx_tuple = call.raw_type(ii);
    if (idx_tuple->is_tuple() && idx_tuple->elems.size() > t->tile_shape.size())
        return fail(fmt::format("tile indexing specified too many indices {} > {}", idx_tuple->elems.size(),
                                t->tile_shape.size()));
    Gather g = gather_axis(call, t);
    if (g.axis < 0) return fail(g.error.empty() ? "Tile indexing requires an integer index tile." : g.error);
    std::vector<int> shape = t->tile_shape;
    shape[g.axis] = types::strip_reference(idx_tuple->elems[g.axis])->tile_shape[0];
    ResultOrError r = value(types::tile(t->elem, shape, false));
    r.result->shared_tile_arg = call.find("t");
    r.result->shared_tile_elements.emplace_back(ii, g.axis);
    return r;
}

// tile_slice_indexed<shape...>(t, index_tile, axis)
Dispatch slice_indexed_dispatch(const RuleCall& call, const CallResult& result) {
    Gather g = gather_axis(call, call.type("t"));
    Dispatch d;
    d.args.push_back(DispatchArg{call.find("t"), std::nullopt});
    DispatchArg idx{call.find("indices"), std::nullopt};
    idx.tuple_element = g.axis;
    d.args.push_back(idx);
    d.args.push_back(DispatchArg{-1, Constant::py_int(g.axis)});
    for (int e : result.types.at(0)->tile_shape) d.template_args.push_back(std::to_string(e));
    return d;
}

constexpr ValueRule kValueRules[] = {
    {"tile_load_indexed_tuple_value_func", load_indexed},
    {"tile_store_indexed_value_func", store_indexed},
    {"tile_atomic_add_indexed_value_func", atomic_add_indexed},
    {"tile_slice_indexed_value_func", slice_indexed},
};

constexpr DispatchRule kDispatchRules[] = {
    {"tile_load_indexed_tuple_dispatch_func", load_indexed_dispatch},
    {"tile_store_indexed_dispatch_func", scatter_dispatch},
    {"tile_atomic_add_indexed_dispatch_func", scatter_dispatch},
    {"tile_slice_indexed_dispatch_func", slice_indexed_dispatch},
};

} // namespace
} // namespace tile_indexed_rules

std::span<const ValueRule> tile_indexed_value_rules() {
    return tile_indexed_rules::kValueRules;
}
std::span<const DispatchRule> tile_indexed_dispatch_rules() {
    return tile_indexed_rules::kDispatchRules;
}

} // namespace ws::builtins::detail
