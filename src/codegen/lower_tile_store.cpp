// Stores into tiles (Warp's tile branches of _store_subscript and emit_AugAssign):
// `t[i, j] = x` is assign(), `t[i] = row` and `t[a:b] = src` assign a tile into a view,
// `t[i, j] += x` and `a += b` update in place (tile_add_inplace, add_inplace, ...).
#include "codegen/adjoint.h"
#include "codegen/operators.h"

#include <fmt/format.h>

namespace ws {

namespace {

// The in-place builtin of an operator on one element (`t[i] += x`: tile_add_inplace) or on a
// whole tile (`a += b`: add_inplace).
std::string inplace_name(ast::BinOpKind op, bool element) {
    const char* name = inplace_builtin(op);
    if (!name) return {};
    return element ? std::string("tile_") + name : name;
}

} // namespace

void Adjoint::store_tile_subscript(const ast::Subscript* lhs, Var* target, const std::vector<Var*>& indices,
                                   Var* rhs) {
    TypeRef t = types::strip_reference(target->type);
    TileIndexKinds kinds = tile_index_kinds(indices);
    if (kinds.index_tile)
        fail(lhs,
             "Advanced-index assignment on tiles (e.g. `t[indices, :] = src`) is not supported. Use slice "
             "assignment (`t[a:b, :] = src`) or construct the tile explicitly.");
    if (kinds.slice || indices.size() < t->tile_shape.size()) {
        TypeRef src = types::strip_reference(rhs->type);
        if (!src->is_tile())
            fail(lhs,
                 fmt::format("Tile view assignment requires a tile of matching shape on the right-hand side "
                             "(e.g. `t[a:b, :] = src` or `t[0] = row`), but got a value of type {}.",
                             src->repr));
        Var* view = add_builtin_call1("tile_view", {target, python_tuple(indices)});
        if (view->type->tile_shape != src->tile_shape) {
            auto text = [](const std::vector<int>& s) {
                return fmt::format("({}{})", fmt::join(s, ", "), s.size() == 1 ? "," : "");
            };
            fail(lhs,
                 fmt::format("Tile view assignment shape mismatch: destination view has shape {} but source "
                             "has shape {}.",
                             text(view->type->tile_shape), text(src->tile_shape)));
        }
        add_builtin_call1("tile_assign", {view, rhs});
        return;
    }
    std::vector<Var*> args{target};
    args.insert(args.end(), indices.begin(), indices.end());
    args.push_back(rhs);
    add_builtin_call("assign", args);
}

// `a += b` of two tiles updates a in place (the name keeps its variable); false when Warp
// computes a new value instead (another operator, or a value that is not a tile).
bool Adjoint::augassign_tile(const ast::AugAssign* node, Var* target, Var* rhs) {
    const std::string name = inplace_name(node->op, false);
    if (name.empty() || !types::strip_reference(rhs->type)->is_tile()) return false;
    current_pos_ = node->pos;
    add_builtin_call1(name, {target, rhs});
    return true;
}

// `t[i, j] op= x`: + - & | ^ update the element in place; other operators read the element,
// apply the operator and assign the result. Views cannot be updated so.
void Adjoint::augassign_tile_subscript(const ast::AugAssign* node, Var* target, std::vector<Var*> indices,
                                       const std::function<Var*()>& eval_rhs,
                                       const std::function<Var*(Var*)>& apply) {
    TypeRef t = types::strip_reference(target->type);
    TileIndexKinds kinds = tile_index_kinds(indices);
    if (kinds.slice || kinds.index_tile || indices.size() < t->tile_shape.size())
        fail(node,
             "Compound assignment to a tile view (e.g. `t[a:b, :] += x` or `t[i] += x`) is not supported. "
             "Read the view, update it, and assign it back explicitly.");
    std::vector<Var*> args{target};
    if (const std::string name = inplace_name(node->op, true); !name.empty()) {
        args.insert(args.end(), indices.begin(), indices.end());
        args.push_back(eval_rhs());
        current_pos_ = node->pos;
        add_builtin_call(name, args);
        return;
    }
    for (Var*& i : indices) i = load(i);
    args.insert(args.end(), indices.begin(), indices.end());
    Var* current = add_builtin_call("tile_extract", args).var;
    Var* result = apply(current);
    store_tile_subscript(ast::as<ast::Subscript>(node->target), target, indices, result);
}

} // namespace ws
