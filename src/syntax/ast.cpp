#include "syntax/ast.h"

namespace ws::ast {

const char* name_of(BinOpKind op) {
    switch (op) {
    case BinOpKind::Add: return "Add";
    case BinOpKind::Sub: return "Sub";
    case BinOpKind::Mult: return "Mult";
    case BinOpKind::MatMult: return "MatMult";
    case BinOpKind::Div: return "Div";
    case BinOpKind::FloorDiv: return "FloorDiv";
    case BinOpKind::Mod: return "Mod";
    case BinOpKind::Pow: return "Pow";
    case BinOpKind::LShift: return "LShift";
    case BinOpKind::RShift: return "RShift";
    case BinOpKind::BitOr: return "BitOr";
    case BinOpKind::BitXor: return "BitXor";
    case BinOpKind::BitAnd: return "BitAnd";
    }
    return "?";
}

const char* name_of(UnaryOpKind op) {
    switch (op) {
    case UnaryOpKind::UAdd: return "UAdd";
    case UnaryOpKind::USub: return "USub";
    case UnaryOpKind::Not: return "Not";
    case UnaryOpKind::Invert: return "Invert";
    }
    return "?";
}

const char* name_of(BoolOpKind op) {
    return op == BoolOpKind::And ? "And" : "Or";
}

const char* name_of(CmpOpKind op) {
    switch (op) {
    case CmpOpKind::Eq: return "Eq";
    case CmpOpKind::NotEq: return "NotEq";
    case CmpOpKind::Lt: return "Lt";
    case CmpOpKind::LtE: return "LtE";
    case CmpOpKind::Gt: return "Gt";
    case CmpOpKind::GtE: return "GtE";
    case CmpOpKind::Is: return "Is";
    case CmpOpKind::IsNot: return "IsNot";
    case CmpOpKind::In: return "In";
    case CmpOpKind::NotIn: return "NotIn";
    }
    return "?";
}

const char* name_of(ExprKind kind) {
    switch (kind) {
    case ExprKind::Name: return "Name";
    case ExprKind::Constant: return "Constant";
    case ExprKind::Attribute: return "Attribute";
    case ExprKind::Subscript: return "Subscript";
    case ExprKind::Slice: return "Slice";
    case ExprKind::Call: return "Call";
    case ExprKind::BinOp: return "BinOp";
    case ExprKind::UnaryOp: return "UnaryOp";
    case ExprKind::BoolOp: return "BoolOp";
    case ExprKind::Compare: return "Compare";
    case ExprKind::IfExp: return "IfExp";
    case ExprKind::Tuple: return "Tuple";
    case ExprKind::List: return "List";
    case ExprKind::Starred: return "Starred";
    case ExprKind::Lambda: return "Lambda";
    case ExprKind::Dict: return "Dict";
    case ExprKind::Set: return "Set";
    case ExprKind::ListComp: return "ListComp";
    case ExprKind::SetComp: return "SetComp";
    case ExprKind::DictComp: return "DictComp";
    case ExprKind::GeneratorExp: return "GeneratorExp";
    case ExprKind::JoinedStr: return "JoinedStr";
    case ExprKind::NamedExpr: return "NamedExpr";
    case ExprKind::Await: return "Await";
    case ExprKind::Yield: return "Yield";
    case ExprKind::YieldFrom: return "YieldFrom";
    }
    return "?";
}

const char* name_of(StmtKind kind) {
    switch (kind) {
    case StmtKind::FunctionDef: return "FunctionDef";
    case StmtKind::ClassDef: return "ClassDef";
    case StmtKind::Return: return "Return";
    case StmtKind::Assign: return "Assign";
    case StmtKind::AugAssign: return "AugAssign";
    case StmtKind::AnnAssign: return "AnnAssign";
    case StmtKind::For: return "For";
    case StmtKind::While: return "While";
    case StmtKind::If: return "If";
    case StmtKind::Expr: return "Expr";
    case StmtKind::Pass: return "Pass";
    case StmtKind::Break: return "Break";
    case StmtKind::Continue: return "Continue";
    case StmtKind::Assert: return "Assert";
    case StmtKind::Import: return "Import";
    case StmtKind::ImportFrom: return "ImportFrom";
    case StmtKind::Delete: return "Delete";
    case StmtKind::Global: return "Global";
    case StmtKind::Nonlocal: return "Nonlocal";
    case StmtKind::With: return "With";
    case StmtKind::Raise: return "Raise";
    case StmtKind::Try: return "Try";
    case StmtKind::AsyncFunctionDef: return "AsyncFunctionDef";
    case StmtKind::AsyncFor: return "AsyncFor";
    case StmtKind::AsyncWith: return "AsyncWith";
    case StmtKind::Match: return "Match";
    }
    return "?";
}

} // namespace ws::ast
