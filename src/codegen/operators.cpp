#include "codegen/operators.h"

namespace ws {

std::string_view operator_builtin(ast::BinOpKind op) {
    switch (op) {
    case ast::BinOpKind::Add: return "add";
    case ast::BinOpKind::Sub: return "sub";
    case ast::BinOpKind::Mult: return "mul";
    case ast::BinOpKind::MatMult: return "mul";
    case ast::BinOpKind::Div: return "div";
    case ast::BinOpKind::FloorDiv: return "floordiv";
    case ast::BinOpKind::Pow: return "pow";
    case ast::BinOpKind::Mod: return "mod";
    case ast::BinOpKind::BitAnd: return "bit_and";
    case ast::BinOpKind::BitOr: return "bit_or";
    case ast::BinOpKind::BitXor: return "bit_xor";
    case ast::BinOpKind::LShift: return "lshift";
    case ast::BinOpKind::RShift: return "rshift";
    }
    return "";
}

const char* inplace_builtin(ast::BinOpKind op) {
    switch (op) {
    case ast::BinOpKind::Add: return "add_inplace";
    case ast::BinOpKind::Sub: return "sub_inplace";
    case ast::BinOpKind::BitAnd: return "bit_and_inplace";
    case ast::BinOpKind::BitOr: return "bit_or_inplace";
    case ast::BinOpKind::BitXor: return "bit_xor_inplace";
    default: return nullptr;
    }
}

bool is_operator_builtin(std::string_view name) {
    using K = ast::BinOpKind;
    for (K op : {K::Add, K::Sub, K::Mult, K::Div, K::FloorDiv, K::Pow, K::Mod, K::BitAnd, K::BitOr, K::BitXor,
                 K::LShift, K::RShift})
        if (name == operator_builtin(op)) return true;
    return false;
}

} // namespace ws
