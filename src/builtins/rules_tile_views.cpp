// Warp's tile views and element access: tile_view (also what `t[i]`, `t[a:b, ::2]` lower to),
// tile_squeeze, tile_reshape, tile_extract (`t[i, j]`, with a component or row index for tiles
// of vectors and matrices), and the stores into a tile: assign (`t[i, j] = x`), tile_assign
// and the in-place updates (`t[i] += x`, `a += b`).
//
// A view aliases its source, which Warp moves to shared memory; the view itself is a
// non-owning shared tile whose C++ type is the view's template argument.
#include "builtins/rules_tile.h"

#include <algorithm>
#include <climits>
#include <fmt/format.h>

namespace ws::builtins::detail {

namespace tile_views_rules {
namespace {

// One entry of an `offset` (Warp's extract_tuple): its type and compile-time value.
struct Entry {
    TypeRef type = nullptr;
    const Constant* constant = nullptr;
};

// The entries of the bound argument `i`: a tuple's elements (whose values codegen reports) or
// the value itself; nullopt when a tuple's elements are not known one by one.
std::optional<std::vector<Entry>> entries_of(const RuleCall& call, int i) {
    TypeRef raw = call.raw_type(i);
    if (!raw || !raw->is_tuple()) return std::vector<Entry>{{call.type(i), call.constant(i)}};
    const std::vector<const Constant*>& consts = call.bound[i].arg.tuple_element_constants;
    if (consts.size() != raw->elems.size()) return std::nullopt;
    std::vector<Entry> out;
    for (size_t k = 0; k < consts.size(); ++k)
        out.push_back(Entry{types::strip_reference(raw->elems[k]), consts[k]});
    return out;
}

// A non-owning shared view of `t` (Warp's tile(..., storage="shared", owner=False)).
TypeRef view_of(TypeRef t, std::vector<int> shape, std::vector<int> strides) {
    return types::tile(t->elem, std::move(shape), true, std::move(strides), false, t->tile_colmajor);
}

// Validates the offset entries (integers, in range when constant, or slices).
std::optional<ResultOrError> check_offsets(TypeRef t, const std::vector<Entry>& entries) {
    const int ndim = static_cast<int>(t->tile_shape.size());
    if (static_cast<int>(entries.size()) > ndim)
        return fail(fmt::format("tile_view() specified too many indices {} > {}", entries.size(), ndim));
    for (size_t d = 0; d < entries.size(); ++d) {
        const Entry& e = entries[d];
        if (e.type->kind == TypeKind::Slice) continue;
        if (!e.type->is_int_scalar() && !(e.type->is_bool() && e.constant)) // a Python bool is an int
            return fail(fmt::format("tile_view() offset entries must be integers or slices, got {}",
                                    type_repr(e.type)));
        if (!e.constant) continue;
        std::optional<int64_t> value = e.constant->holds_int() ? e.constant->as_int64() : std::nullopt;
        if (!value) return unsupported("this tile_view() offset is not supported");
        const int64_t c = *value;
        if (c < 0 || c >= t->tile_shape[d])
            return fail(fmt::format(
                "tile_view() integer offset {} is out of bounds for axis {} with size {}; negative offsets "
                "are only wrapped for subscript indexing (e.g. t[-1, :]), not explicit tile_view() calls.",
                c, d, t->tile_shape[d]));
    }
    return std::nullopt;
}

// The view of a subscript with slices: slices keep a (strided) sub-range, integers collapse
// their axis, later axes stay whole.
ResultOrError sliced_view(TypeRef t, const std::vector<Entry>& entries) {
    std::vector<int> shape, strides;
    for (size_t d = 0; d < t->tile_shape.size(); ++d) {
        if (d >= entries.size()) {
            shape.push_back(t->tile_shape[d]);
            strides.push_back(t->tile_strides[d]);
            continue;
        }
        if (entries[d].type->kind != TypeKind::Slice) continue;
        std::string error;
        std::optional<TileSlice> s = normalize_tile_slice(entries[d].type, t->tile_shape[d], error);
        if (!s) return fail(error);
        shape.push_back(s->length());
        strides.push_back(t->tile_strides[d] * s->step);
    }
    if (shape.empty())
        return fail("tile_view() slice resulted in a scalar; use tile_extract() for element access");
    if (std::find(shape.begin(), shape.end(), 0) != shape.end())
        return fail(fmt::format("tile_view() slice produced an empty tile with shape {}; zero-length tile "
                                "dimensions are not supported.",
                                shape_text(shape)));
    return value(view_of(t, shape, strides));
}

// tile_view(t, offset, shape=None)
ResultOrError view(const RuleCall& call, std::string_view) {
    TypeRef t = call.type("t");
    std::optional<std::vector<Entry>> entries = entries_of(call, call.find("offset"));
    if (!entries) return unsupported("tile_view() needs its offset written out as a tuple");
    if (std::optional<ResultOrError> e = check_offsets(t, *entries)) return *e;
    const bool has_slice = std::any_of(entries->begin(), entries->end(),
                                       [](const Entry& e) { return e.type->kind == TypeKind::Slice; });
    const int ndim = static_cast<int>(t->tile_shape.size());
    ResultOrError r;
    if (has_slice) {
        if (call.has("shape"))
            return fail("tile_view() does not support specifying 'shape' together with a slice-containing "
                        "'offset'; the view shape is inferred from the slice bounds.");
        r = sliced_view(t, *entries);
    } else if (call.has("shape")) {
        std::optional<std::vector<int>> shape = tile_shape(call);
        if (!shape) return unsupported("tile_view() needs a shape of positive int literals or constants");
        if (static_cast<int>(shape->size()) != ndim)
            return fail(
                fmt::format("tile_view() if shape is specified it must have same number of dimensions as "
                            "source tile, expected {}, got {}",
                            ndim, shape->size()));
        r = value(view_of(t, *shape, t->tile_strides));
    } else {
        const size_t n = entries->size();
        if (static_cast<int>(n) == ndim) return fail("Empty shape specified, must have at least 1 dimension");
        r = value(view_of(t, {t->tile_shape.begin() + n, t->tile_shape.end()},
                          {t->tile_strides.begin() + n, t->tile_strides.end()}));
    }
    if (r.result) r.result->shared_tile_arg = call.find("t");
    return r;
}

// tile_view<View>(t, coord...): a slice contributes its start, an integer its value, an axis
// left out 0.
Dispatch view_dispatch(const RuleCall& call, const CallResult& result) {
    TypeRef t = call.type("t");
    const int oi = call.find("offset");
    const bool tuple = call.raw_type(oi)->is_tuple();
    std::vector<Entry> entries = *entries_of(call, oi);
    Dispatch d;
    d.args.push_back(DispatchArg{call.find("t"), std::nullopt});
    for (size_t k = 0; k < t->tile_shape.size(); ++k) {
        if (k >= entries.size()) {
            d.args.push_back(DispatchArg{-1, Constant::py_int(0)});
        } else if (entries[k].type->kind == TypeKind::Slice) {
            std::string error;
            d.args.push_back(DispatchArg{
                -1, Constant::py_int(normalize_tile_slice(entries[k].type, t->tile_shape[k], error)->start)});
        } else {
            DispatchArg a{oi, std::nullopt};
            if (tuple) a.tuple_element = static_cast<int>(k);
            d.args.push_back(a);
        }
    }
    d.template_args = {result.types.at(0)->ctype};
    return d;
}

// The axes tile_squeeze removes: those given (negative ones counted from the end) or every
// axis of length one.
ResultOrError squeeze(const RuleCall& call, std::string_view) {
    TypeRef t = call.type("t");
    const int ndim = static_cast<int>(t->tile_shape.size());
    std::vector<bool> drop(ndim, false);
    if (call.has("axis")) {
        std::vector<Constant> axes;
        if (const auto* tv = call.tuple_value(call.find("axis")))
            axes = *tv;
        else if (const Constant* c = call.constant("axis"))
            axes = {*c};
        else
            return unsupported("tile_squeeze() needs its axis as int literals or constants");
        for (const Constant& c : axes) {
            std::optional<int64_t> v = c.holds_int() ? c.as_int64() : std::nullopt;
            if (!v) return unsupported("tile_squeeze() needs its axis as int literals or constants");
            const int64_t a = *v;
            if (a < -ndim || a >= ndim)
                return fail(fmt::format("tile_squeeze() axis {} is out of bounds for tile with {} dimensions",
                                        a, ndim));
            drop[a < 0 ? a + ndim : a] = true;
        }
        for (int a = 0; a < ndim; ++a)
            if (drop[a] && t->tile_shape[a] != 1)
                return fail(
                    fmt::format("Cannot select an axis to squeeze out which has size not equal to one, "
                                "axis={}, size={}",
                                a, t->tile_shape[a]));
    } else {
        for (int a = 0; a < ndim; ++a) drop[a] = t->tile_shape[a] == 1;
    }
    std::vector<int> shape, strides;
    for (int a = 0; a < ndim; ++a)
        if (!drop[a]) {
            shape.push_back(t->tile_shape[a]);
            strides.push_back(t->tile_strides[a]);
        }
    if (shape.empty()) return fail("Empty shape specified, must have at least 1 dimension");
    ResultOrError r = value(view_of(t, shape, strides));
    r.result->shared_tile_arg = call.find("t");
    return r;
}

// tile_reshape(t, shape): a dense view with a new shape (one extent may be -1).
ResultOrError reshape(const RuleCall& call, std::string_view) {
    TypeRef t = call.type("t");
    TypeRef dense = types::tile(t->elem, t->tile_shape, false, {}, true, t->tile_colmajor);
    if (dense->tile_strides != t->tile_strides)
        return fail(
            fmt::format("tile_reshape() requires a contiguous tile; a tile view with shape {} and strides {} "
                        "cannot be reshaped in place. Copy the view into a new tile first, e.g. with "
                        "wp.tile_assign().",
                        shape_text(t->tile_shape), shape_text(t->tile_strides)));
    const int size = types::tile_size(t);
    std::vector<Constant> dims;
    if (const auto* tv = call.tuple_value(call.find("shape")))
        dims = *tv;
    else if (const Constant* c = call.constant("shape"))
        dims = {*c};
    else
        return unsupported("tile_reshape() needs a shape of int literals or constants");
    std::vector<int64_t> dims64;
    int inferred = -1;
    int64_t known = 1;
    for (const Constant& c : dims) {
        std::optional<int64_t> v = c.kind == Constant::Kind::PyInt ? c.as_int64() : std::nullopt;
        if (!v || (*v < 1 && *v != -1) || *v > (1 << 20))
            return unsupported("tile_reshape() needs a shape of positive int literals or constants (or -1)");
        if (*v == -1) {
            if (inferred >= 0) return fail("Cannot infer shape if more than one index is -1.");
            inferred = static_cast<int>(dims64.size());
        } else {
            known *= *v;
        }
        dims64.push_back(*v);
    }
    if (inferred >= 0) dims64[inferred] = size / known;
    int64_t new_size = 1;
    for (int64_t e : dims64) new_size *= e;
    std::vector<int> shape(dims64.begin(), dims64.end());
    if (new_size != size)
        return fail(fmt::format("New shape {} has total size {} which does not match original size {}",
                                shape_text(shape), new_size, size));
    if (shape.empty()) return unsupported("tile_reshape() needs a shape");
    std::vector<int> strides(shape.size(), 1);
    for (size_t i = shape.size(); i-- > 1;) strides[i - 1] = strides[i] * shape[i];
    ResultOrError r = value(view_of(t, shape, strides));
    r.result->shared_tile_arg = call.find("t");
    return r;
}

// tile_squeeze / tile_reshape<View>(t)
Dispatch alias_dispatch(const RuleCall& call, const CallResult& result) {
    Dispatch d;
    d.args.push_back(DispatchArg{call.find("t"), std::nullopt});
    d.template_args = {result.types.at(0)->ctype};
    return d;
}

// tile_extract(a, i, ...): an element, or with one more index a vector's component or a
// matrix's row, with two a matrix's entry (a moves to shared memory).
ResultOrError extract(const RuleCall& call, std::string_view) {
    TypeRef t = call.type("a");
    const size_t n = call.bound.size() - 1, ndim = t->tile_shape.size();
    TypeRef out = nullptr;
    if (n == ndim)
        out = t->elem;
    else if (n == ndim + 1 && t->elem->is_vector())
        out = scalar_type_of(t->elem);
    else if (n == ndim + 1 && t->elem->is_matrix())
        out = vector_t(t->elem->cols, t->elem->scalar);
    else if (n == ndim + 2 && t->elem->is_matrix())
        out = scalar_type_of(t->elem);
    if (!out)
        return fail(fmt::format("tile_extract: incorrect number of indices ({}) for {}tile shape {}", n,
                                t->elem->is_matrix() ? "matrix " : "", shape_text(t->tile_shape)));
    ResultOrError r = value(out);
    r.result->shared_tile_arg = call.find("a");
    return r;
}

// tile_assign(dst, src, offset) and assign(dst, i, ..., src) (`t[i, j] = x`): dst moves to
// shared memory; a source tile must have dst's rank (and fit when no offset is given), a
// matrix row must be a vector of the row's type.
ResultOrError assign(const RuleCall& call, std::string_view) {
    TypeRef dst = call.type("dst");
    TypeRef src = call.type("src");
    if (src && src->is_tile()) {
        if (src->tile_shape.size() != dst->tile_shape.size())
            return fail(fmt::format(
                "tile_assign() destination and source tiles must have the same rank, got {} and {}",
                dst->tile_shape.size(), src->tile_shape.size()));
        for (size_t d = 0; d < dst->tile_shape.size() && !call.has("offset"); ++d)
            if (src->tile_shape[d] > dst->tile_shape[d])
                return fail(
                    fmt::format("tile_assign() source tile of shape {} does not fit within destination "
                                "tile of shape {}",
                                shape_text(src->tile_shape), shape_text(dst->tile_shape)));
    }
    if (src && !src->is_tile() && dst->elem->is_matrix() &&
        call.bound.size() - 2 == dst->tile_shape.size() + 1) {
        TypeRef row = types::matrix_row(dst->elem);
        if (!src->is_vector() || !types_equal(src, row))
            return fail(
                fmt::format("tile row-assign: expected a vector source of type {} for matrix-dtype tile "
                            "row, got {}",
                            type_repr(row), type_repr(src)));
    }
    ResultOrError r = void_result();
    r.result->shared_tile_arg = call.find("dst");
    return r;
}

// tile_assign(dst, src, offset...), zeros when no offset is given.
Dispatch assign_dispatch(const RuleCall& call, const CallResult&) {
    Dispatch d;
    d.args.push_back(DispatchArg{call.find("dst"), std::nullopt});
    d.args.push_back(DispatchArg{call.find("src"), std::nullopt});
    push_offsets(call, static_cast<int>(call.type("dst")->tile_shape.size()), d);
    return d;
}

// tile_add_inplace(a, i, ..., value) (`t[i] += x`): the element's own type only; a moves to
// shared memory, where the update is atomic.
ResultOrError inplace(const RuleCall& call, std::string_view) {
    TypeRef a = call.type("a");
    TypeRef v = call.type("value");
    if (!types_equal(a->elem, v))
        return fail(
            fmt::format("'value' must have the same dtype as target tile for inplace ops, got {} and {}",
                        class_str(a->elem), class_str(v)));
    ResultOrError r = void_result();
    r.result->shared_tile_arg = call.find("a");
    return r;
}

ResultOrError inplace_bitwise(const RuleCall& call, std::string_view) {
    if (call.type("a")->elem->is_struct())
        return fail("Tile bitwise inplace operators do not support Warp struct tile elements");
    return inplace(call, "");
}

constexpr ValueRule kValueRules[] = {
    {"tile_view_value_func", view},
    {"tile_squeeze_value_func", squeeze},
    {"tile_reshape_value_func", reshape},
    {"tile_extract_value_func", extract},
    {"tile_assign_value_func", assign},
    {"tile_inplace_value_func", inplace},
    {"tile_inplace_bitwise_value_func", inplace_bitwise},
};

constexpr DispatchRule kDispatchRules[] = {
    {"tile_view_dispatch_func", view_dispatch},
    {"tile_squeeze_dispatch_func", alias_dispatch},
    {"tile_reshape_dispatch_func", alias_dispatch},
    {"tile_assign_dispatch_func", assign_dispatch},
};

} // namespace
} // namespace tile_views_rules

std::span<const ValueRule> tile_view_value_rules() {
    return tile_views_rules::kValueRules;
}
std::span<const DispatchRule> tile_view_dispatch_rules() {
    return tile_views_rules::kDispatchRules;
}

} // namespace ws::builtins::detail
