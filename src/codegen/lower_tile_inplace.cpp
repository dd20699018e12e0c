// Augmented assignment of a tile by a tile (Warp's emit_AugAssign for a name target): `+=`,
// `-=`, `&=`, `|=` and `^=` update the tile in place (add_inplace, ... whose tile overloads are
// tile_add_inplace, ...); the name keeps its variable.
#include "codegen/adjoint.h"

namespace ws {

bool Adjoint::emit_tile_inplace(ast::BinOpKind op, Var* target, Var* rhs) {
    if (!rhs->type->is_tile()) return false;
    const char* name = nullptr;
    switch (op) {
    case ast::BinOpKind::Add: name = "add_inplace"; break;
    case ast::BinOpKind::Sub: name = "sub_inplace"; break;
    case ast::BinOpKind::BitAnd: name = "bit_and_inplace"; break;
    case ast::BinOpKind::BitOr: name = "bit_or_inplace"; break;
    case ast::BinOpKind::BitXor: name = "bit_xor_inplace"; break;
    default: return false;
    }
    Var* args[] = {target, rhs};
    add_builtin_call(name, args);
    return true;
}

} // namespace ws
