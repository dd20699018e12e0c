// Subscripts of tiles (Warp's eval_subscript, eval_indices, resolve_tile_int_index and the tile
// branch of emit_indexing): `t[i, j]` reads an element (tile_extract), fewer indices or slices
// make a view (tile_view), an index tile gathers along an axis (tile_slice_indexed).
#include "codegen/adjoint.h"

#include <climits>
#include <fmt/format.h>

namespace ws {

namespace {

// Whether evaluating an index could give a tile, as far as warpsynth tells without evaluating
// it (Warp's type probe): a name bound to a tile or a call of a builtin that makes tiles
// does, and so does arithmetic with one; a constant or an expression over other names does
// not. Anything else is not probed.
enum class Probe { NotTile, Tile, Unknown };

// Builtins whose result is always a tile.
bool makes_tile(std::string_view name) {
    static constexpr std::string_view kNames[] = {
        "tile",           "tile_arange",    "tile_zeros",  "tile_ones",    "tile_full",
        "tile_empty",     "tile_load",      "tile_view",   "tile_reshape", "tile_squeeze",
        "tile_transpose", "tile_broadcast", "tile_astype", "tile_map",     "tile_load_indexed"};
    for (std::string_view n : kNames)
        if (n == name) return true;
    return false;
}

} // namespace

// Warp's _tile_group_produces_view: a slice or an index tile in a bracket group.
bool Adjoint::tile_group_produces_view(const std::vector<const ast::Expr*>& group) {
    std::function<Probe(const ast::Expr*)> probe = [&](const ast::Expr* node) {
        switch (node->kind) {
        case ast::ExprKind::Constant: return Probe::NotTile;
        case ast::ExprKind::Name: {
            const Value* v = symbols.find(ast::as<ast::Name>(node)->id);
            return v && v->is_var() && types::strip_reference(v->var->type)->is_tile() ? Probe::Tile
                                                                                       : Probe::NotTile;
        }
        case ast::ExprKind::UnaryOp: return probe(ast::as<ast::UnaryOp>(node)->operand);
        case ast::ExprKind::BinOp: {
            Probe l = probe(ast::as<ast::BinOp>(node)->left), r = probe(ast::as<ast::BinOp>(node)->right);
            if (l == Probe::Unknown || r == Probe::Unknown) return Probe::Unknown;
            return l == Probe::Tile || r == Probe::Tile ? Probe::Tile : Probe::NotTile;
        }
        case ast::ExprKind::Call: {
            std::vector<std::string_view> path;
            ObjectRef f = resolve_static_path(ast::as<ast::Call>(node)->func, &path);
            bool builtin = f && (f->kind == Object::Kind::Builtin ||
                                 (f->kind == Object::Kind::WarpModule && f->name == "warp" && !path.empty()));
            std::string_view name = f && f->kind == Object::Kind::Builtin ? std::string_view(f->name)
                                    : path.empty()                        ? ""
                                                                          : path.back();
            return builtin && makes_tile(name) ? Probe::Tile : Probe::Unknown;
        }
        default: return Probe::Unknown;
        }
    };
    for (const ast::Expr* n : group) {
        if (n->kind == ast::ExprKind::Slice) return true;
        Probe p = probe(n);
        if (p == Probe::Tile) return true;
        if (p == Probe::Unknown)
            fail(n, "this index in chained tile subscripts (t[...][...]) is not supported by warpsynth");
    }
    return false;
}

// Chained brackets t[X][Y]: a group that makes a view (or a partial integer index followed
// by one) is applied first; the rest collapse to one index list, as in Warp.
std::pair<Var*, std::vector<const ast::Expr*>>
Adjoint::eval_tile_subscript(Var* target, std::vector<std::vector<const ast::Expr*>> groups) {
    while (groups.size() > 1 && types::strip_reference(target->type)->is_tile()) {
        const size_t ndim = types::strip_reference(target->type)->tile_shape.size();
        bool view = tile_group_produces_view(groups[0]);
        bool later_view = false;
        if (!view && groups[0].size() < ndim)
            for (size_t g = 1; g < groups.size() && !later_view; ++g)
                later_view = tile_group_produces_view(groups[g]);
        if (!view && !later_view) break;
        Value v = emit_indexing(target, groups[0]);
        target = v.var;
        groups.erase(groups.begin());
    }
    std::vector<const ast::Expr*> flat;
    for (const auto& g : groups) flat.insert(flat.end(), g.begin(), g.end());
    return {target, flat};
}

// Warp wraps a negative index against the axis length: a constant at compile time (and
// rejects one out of range), a runtime one with `i < 0 ? i + length : i`. Index tiles and
// the component / row indices past the tile's rank pass unchanged.
Var* Adjoint::resolve_tile_index(const ast::Expr* node, const std::vector<int>& shape, int dim) {
    Var* idx = eval_var(node, "tile index");
    TypeRef t = types::strip_reference(idx->type);
    if (t->is_tile()) return idx;
    if (!t->is_int_scalar())
        fail(node, fmt::format("Tile indices must be integers or slices, got {}.", t->repr));
    if (dim >= static_cast<int>(shape.size())) return idx;
    const int length = shape[dim];
    // Warp's wrapping constants are Python ints typed like the index: only int32 spells them so.
    if (t->scalar != Scalar::Int32)
        fail(node, "tile indices other than int32 values are not supported by warpsynth");
    if (!idx->constant) {
        const Constant zero_value = Constant::py_int(0), extent_value = Constant::py_int(length);
        Var* zero = add_var(t, &zero_value);
        Var* extent = add_var(t, &extent_value);
        const char* less[] = {"<"};
        Var* negative = add_comp(less, idx, std::span<Var* const>(&zero, 1));
        Var* wrapped = add_builtin_call1("add", {idx, extent});
        return add_builtin_call1("where", {negative, wrapped, idx});
    }
    std::optional<int64_t> value =
        idx->constant->kind == Constant::Kind::PyInt ? idx->constant->as_int64() : std::nullopt;
    if (!value) fail(node, "this constant tile index is not supported by warpsynth");
    int64_t wrapped = *value < 0 ? *value + length : *value;
    if (wrapped < 0 || wrapped >= length)
        fail(node,
             fmt::format("Tile index {} is out of bounds for axis {} with size {}.", *value, dim, length));
    return wrapped == *value ? idx : add_constant(Constant::py_int(wrapped));
}

// `a:b:c` of a tile (Warp's eval_raw_const_slice): constant bounds passed as they are, open
// ones as SLICE_BEGIN / SLICE_END and flagged, for tile_view to resolve against the axis.
Var* Adjoint::emit_tile_slice(const ast::Slice* node) {
    int64_t step = node->step ? eval_const_slice_component(node->step) : 1;
    if (step == 0) fail(node, "Slice step cannot be zero.");
    int64_t start = node->lower ? eval_const_slice_component(node->lower) : INT32_MAX;
    int64_t stop = node->upper ? eval_const_slice_component(node->upper) : INT32_MIN;
    std::vector<CallArgument> bounds;
    for (int64_t x : {start, stop, step})
        bounds.push_back(
            CallArgument{Value::of_object(Object::make_constant(Constant::py_int(x))), node, ""});
    Var* s = add_builtin_call_resolved(*Object::make_named(Object::Kind::Builtin, "slice"), std::move(bounds),
                                       {}, {}, 0, true, node)
                 .var;
    if (s->type->slice_runtime) fail(node, "tile slice bounds out of range are not supported by warpsynth");
    s->type = types::slice(s->type->slice_start, s->type->slice_stop, s->type->slice_step, !node->lower,
                           !node->upper);
    return s;
}

std::vector<Var*> Adjoint::eval_tile_indices(TypeRef tile, const std::vector<const ast::Expr*>& nodes) {
    std::vector<Var*> out;
    for (size_t d = 0; d < nodes.size(); ++d)
        out.push_back(nodes[d]->kind == ast::ExprKind::Slice
                          ? emit_tile_slice(ast::as<ast::Slice>(nodes[d]))
                          : resolve_tile_index(nodes[d], tile->tile_shape, static_cast<int>(d)));
    return out;
}

// The indices of a subscript as Warp passes them to tile_view and tile_slice_indexed: a
// Python tuple, never declared, whose elements reach C++ as they are.
Var* Adjoint::python_tuple(const std::vector<Var*>& elements) {
    std::vector<TypeRef> types;
    for (Var* e : elements) types.push_back(e->type);
    Var& v = var_storage_.emplace_back();
    v.label = "<tuple>";
    v.type = types::tuple(types);
    v.python_tuple = true;
    v.set_extras().tuple_elements = std::make_shared<const std::vector<Var*>>(elements);
    return &v;
}

// Warp's tile kinds of subscript (tile_index_kinds).
Adjoint::TileIndexKinds Adjoint::tile_index_kinds(const std::vector<Var*>& indices) {
    TileIndexKinds k;
    for (Var* i : indices) {
        TypeRef t = types::strip_reference(i->type);
        k.slice = k.slice || t->kind == TypeKind::Slice;
        k.index_tile = k.index_tile || t->is_tile();
    }
    return k;
}

Var* Adjoint::emit_tile_indexing(Var* target, const std::vector<Var*>& indices) {
    TypeRef t = types::strip_reference(target->type);
    TileIndexKinds kinds = tile_index_kinds(indices);
    if (kinds.index_tile) return add_builtin_call1("tile_slice_indexed", {target, python_tuple(indices)});
    if (kinds.slice || indices.size() < t->tile_shape.size())
        return add_builtin_call1("tile_view", {target, python_tuple(indices)});
    std::vector<Var*> args{target};
    args.insert(args.end(), indices.begin(), indices.end());
    return add_builtin_call("tile_extract", args).var; // which moves the tile to shared memory
}

} // namespace ws
