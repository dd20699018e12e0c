// Tile annotations of @wp.func parameters and returns (Warp's tile.__class_getitem__):
// `wp.tile[dtype]` (any shape: a generic parameter), `wp.tile[dtype, M, N]`,
// `wp.tile[dtype, (M, N)]`, with `Literal[N]` for a dimension. Such a type is a register tile;
// the function takes any tile of that dtype (Warp's types_equal ignores shape and storage) as a
// C++ template parameter.
#include "codegen/module_scope.h"

#include <fmt/format.h>

namespace ws {

std::optional<int64_t> ModuleScope::annotation_int(const ast::Expr*& node) const {
    if (node->kind == ast::ExprKind::Subscript) node = ast::as<ast::Subscript>(node)->slice; // Literal[N]
    ObjectRef v = eval_python(node);
    if (v && v->kind == Object::Kind::Constant && v->value->kind == Constant::Kind::PyInt)
        return v->value->as_int64();
    return std::nullopt;
}

TypeRef ModuleScope::tile_annotation(const ast::Subscript* sub) {
    std::vector<const ast::Expr*> params;
    if (sub->slice->kind == ast::ExprKind::Tuple)
        for (const ast::Expr* x : ast::as<ast::Tuple>(sub->slice)->elts) params.push_back(x);
    else
        params.push_back(sub->slice);
    if (params.empty()) fail(sub->pos, "wp.tile requires at least a dtype parameter");
    TypeRef dtype = eval_annotation(params[0]);
    if (!(dtype->is_scalar() || dtype->is_vector() || dtype->is_matrix()) || dtype->scoped)
        fail(params[0]->pos,
             fmt::format("tile annotations of dtype {} are not supported by warpsynth", dtype->repr));
    std::vector<const ast::Expr*> dims(params.begin() + 1, params.end());
    if (dims.size() == 1 && dims[0]->kind == ast::ExprKind::Tuple) { // wp.tile[float, (M, N)]
        std::vector<const ast::Expr*> flat;
        for (const ast::Expr* x : ast::as<ast::Tuple>(dims[0])->elts) flat.push_back(x);
        dims = flat;
    }
    if (dims.empty()) return types::tile(dtype, {}, false); // any shape
    if (dims.size() > 4) fail(sub->pos, "tiles have 1 to 4 dimensions");
    std::vector<int> shape;
    for (size_t i = 0; i < dims.size(); ++i) {
        const ast::Expr* n = dims[i];
        std::optional<int64_t> size = annotation_int(n);
        if (!size || *size <= 0) fail(n->pos, fmt::format("Tile dimension {} must be a positive integer", i));
        if (*size > (1 << 20)) fail(n->pos, "a tile this large is not modelled by warpsynth");
        shape.push_back(static_cast<int>(*size));
    }
    return types::tile(dtype, shape, false);
}

} // namespace ws
