// Reading one element of a tile, `t[i, j]` (Warp's emit_indexing for tiles with integer
// indices, resolve_tile_int_index and the tile_extract builtin).
#include "codegen/adjoint.h"

#include <fmt/format.h>

namespace ws {

// Warp wraps a negative index against the axis length: a constant at compile time (and
// rejects one out of range), a runtime one with `i < 0 ? i + length : i`.
Var* Adjoint::resolve_tile_index(const ast::Expr* node, int length, int dim) {
    if (node->kind == ast::ExprKind::Slice) fail(node, "tile slices are not supported by warpsynth");
    Var* idx = eval_var(node, "tile index");
    TypeRef t = types::strip_reference(idx->type);
    if (t->is_tile()) fail(node, "indexing a tile with a tile is not supported by warpsynth");
    if (!t->is_int_scalar())
        fail(node, fmt::format("Tile indices must be integers or slices, got {}.", t->repr));
    // Warp's wrapping constants are Python ints typed like the index: only int32 spells them so.
    if (idx->type->is_reference() || t->scalar != Scalar::Int32)
        fail(node, "tile indices other than int32 values are not supported by warpsynth");
    if (!idx->constant) {
        Var* zero = add_var(t, Constant::py_int(0));
        Var* extent = add_var(t, Constant::py_int(length));
        Var* negative = add_comp({"<"}, idx, {zero});
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

Var* Adjoint::emit_tile_extract(Var* tile, const std::vector<const ast::Expr*>& index_nodes) {
    TypeRef t = types::strip_reference(tile->type);
    if (index_nodes.size() != t->tile_shape.size() || !t->elem->is_scalar())
        fail_at(current_pos_,
                "only t[i, ...] with one index per dimension of a tile of scalars is supported by warpsynth");
    std::vector<Var*> args{tile};
    for (size_t d = 0; d < index_nodes.size(); ++d)
        args.push_back(resolve_tile_index(index_nodes[d], t->tile_shape[d], static_cast<int>(d)));
    return add_builtin_call("tile_extract", args).var; // which moves the tile to shared memory
}

} // namespace ws
