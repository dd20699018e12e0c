// The syntax tree of a Python file, shaped like CPython's `ast` module so that
// the code generator can follow Warp's codegen.py node for node. Every node
// keeps CPython's positions (lineno, col_offset, end_lineno, end_col_offset):
// Warp prints source lines and line numbers taken from them.
//
// Nodes are owned by their Module (in shared blocks); children are plain pointers.
#pragma once

#include "syntax/node_arena.h"
#include "syntax/source.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ws::ast {

// ---------------------------------------------------------------- operators

enum class BinOpKind {
    Add,
    Sub,
    Mult,
    MatMult,
    Div,
    FloorDiv,
    Mod,
    Pow,
    LShift,
    RShift,
    BitOr,
    BitXor,
    BitAnd
};
enum class UnaryOpKind { UAdd, USub, Not, Invert };
enum class BoolOpKind { And, Or };
enum class CmpOpKind { Eq, NotEq, Lt, LtE, Gt, GtE, Is, IsNot, In, NotIn };

// CPython's class name of an operator node (`Add`, `USub`, ...), for messages.
const char* name_of(BinOpKind op);
const char* name_of(UnaryOpKind op);
const char* name_of(BoolOpKind op);
const char* name_of(CmpOpKind op);

// ---------------------------------------------------------------- expressions

enum class ExprKind {
    Name,
    Constant,
    Attribute,
    Subscript,
    Slice,
    Call,
    BinOp,
    UnaryOp,
    BoolOp,
    Compare,
    IfExp,
    Tuple,
    List,
    Starred,
    // Parsed so that Warp's "not supported" errors can name them.
    Lambda,
    Dict,
    Set,
    ListComp,
    SetComp,
    DictComp,
    GeneratorExp,
    JoinedStr,
    NamedExpr,
    Await,
    Yield,
    YieldFrom,
};

// CPython's class name of an expression kind (`Name`, `ListComp`, ...).
const char* name_of(ExprKind kind);

enum class ExprContext { Load, Store, Del };

struct Expr {
    explicit Expr(ExprKind k) : kind(k) {}
    virtual ~Expr() = default;
    ExprKind kind;
    Pos pos;
};

// Names and attributes view their module's source text (or text the module keeps):
// a string per identifier cost a copy (and a call to memcpy) for each of some sixty per kernel.
struct Name : Expr {
    Name() : Expr(ExprKind::Name) {}
    explicit Name(std::string_view name) : Expr(ExprKind::Name), id(name) {}
    std::string_view id;
    ExprContext ctx = ExprContext::Load;
};

// A literal. Python ints are arbitrary precision: those that fit in 64 bits
// (signed or unsigned) are kept as numbers, larger ones as their text.
struct Constant : Expr {
    Constant() : Expr(ExprKind::Constant) {}
    enum class Kind { None, Bool, Int, Float, Complex, Str, Bytes, Ellipsis } value_kind = Kind::None;
    bool bool_value = false;
    // Int: value is `int_value` when `int_is_unsigned` is false, else `uint_value`
    // (used only for literals in [2^63, 2^64)).
    int64_t int_value = 0;
    uint64_t uint_value = 0;
    bool int_is_unsigned = false;
    std::string int_literal;  // Int past 64 bits: the token's text (digits, prefix, underscores)
    double float_value = 0.0; // Float, and the imaginary part of Complex
    std::string str_value;    // Str and Bytes (decoded bytes)
};

// Whether `e` is the literal None.
inline bool is_none(const Expr* e) {
    return e->kind == ExprKind::Constant &&
           static_cast<const Constant*>(e)->value_kind == Constant::Kind::None;
}

struct Attribute : Expr {
    Attribute() : Expr(ExprKind::Attribute) {}
    Attribute(Expr* of, std::string_view name) : Expr(ExprKind::Attribute), value(of), attr(name) {}
    Expr* value = nullptr;
    std::string_view attr;
    ExprContext ctx = ExprContext::Load;
};

struct Subscript : Expr {
    Subscript() : Expr(ExprKind::Subscript) {}
    Expr* value = nullptr;
    Expr* slice = nullptr; // a Tuple for `a[i, j]`, a Slice for `a[1:2]`
    ExprContext ctx = ExprContext::Load;
};

struct Slice : Expr {
    Slice() : Expr(ExprKind::Slice) {}
    Expr* lower = nullptr; // each may be null
    Expr* upper = nullptr;
    Expr* step = nullptr;
};

struct Keyword {
    std::string arg; // empty for `**kwargs`
    Expr* value = nullptr;
    Pos pos;
};

struct Call : Expr {
    Call() : Expr(ExprKind::Call) {}
    Expr* func = nullptr;
    std::vector<Expr*> args; // may contain Starred
    std::vector<Keyword> keywords;
};

struct BinOp : Expr {
    BinOp() : Expr(ExprKind::BinOp) {}
    Expr* left = nullptr;
    BinOpKind op = BinOpKind::Add;
    Expr* right = nullptr;
};

struct UnaryOp : Expr {
    UnaryOp() : Expr(ExprKind::UnaryOp) {}
    UnaryOpKind op = UnaryOpKind::USub;
    Expr* operand = nullptr;
};

struct BoolOp : Expr {
    BoolOp() : Expr(ExprKind::BoolOp) {}
    BoolOpKind op = BoolOpKind::And;
    std::vector<Expr*> values; // two or more; `a and b and c` is one BoolOp
};

struct Compare : Expr {
    Compare() : Expr(ExprKind::Compare) {}
    Expr* left = nullptr;
    std::vector<CmpOpKind> ops;
    std::vector<Expr*> comparators;
};

struct IfExp : Expr {
    IfExp() : Expr(ExprKind::IfExp) {}
    Expr* test = nullptr;
    Expr* body = nullptr;
    Expr* orelse = nullptr;
};

struct Tuple : Expr {
    Tuple() : Expr(ExprKind::Tuple) {}
    std::vector<Expr*> elts;
    ExprContext ctx = ExprContext::Load;
};

struct List : Expr {
    List() : Expr(ExprKind::List) {}
    std::vector<Expr*> elts;
    ExprContext ctx = ExprContext::Load;
};

struct Starred : Expr {
    Starred() : Expr(ExprKind::Starred) {}
    Expr* value = nullptr;
    ExprContext ctx = ExprContext::Load;
};

// Any other expression form: kept only with its kind and position.
struct OtherExpr : Expr {
    explicit OtherExpr(ExprKind k) : Expr(k) {}
};

// A dict display `{k: v, **m}`. Warp modules pass one to wp.set_module_options.
struct Dict : OtherExpr {
    Dict() : OtherExpr(ExprKind::Dict) {}
    std::vector<Expr*> keys; // null for `**mapping`
    std::vector<Expr*> values;
};

// ---------------------------------------------------------------- statements

enum class StmtKind {
    FunctionDef,
    ClassDef,
    Return,
    Assign,
    AugAssign,
    AnnAssign,
    For,
    While,
    If,
    Expr,
    Pass,
    Break,
    Continue,
    Assert,
    Import,
    ImportFrom,
    // Parsed so that errors can name them; never lowered.
    Delete,
    Global,
    Nonlocal,
    With,
    Raise,
    Try,
    AsyncFunctionDef,
    AsyncFor,
    AsyncWith,
    Match,
};

// CPython's class name of a statement kind (`FunctionDef`, `Try`, ...).
const char* name_of(StmtKind kind);

struct Stmt {
    explicit Stmt(StmtKind k) : kind(k) {}
    virtual ~Stmt() = default;
    StmtKind kind;
    Pos pos;
};

struct Arg {
    std::string name;
    Expr* annotation = nullptr; // may be null
    Pos pos;
};

struct Arguments {
    std::vector<Arg> posonlyargs;
    std::vector<Arg> args;
    Arg* vararg = nullptr; // `*args`
    std::vector<Arg> kwonlyargs;
    std::vector<Expr*> kw_defaults;          // one per kwonlyarg, null when absent
    Arg* kwarg = nullptr;                    // `**kwargs`
    std::vector<Expr*> defaults;             // for the last len(defaults) of posonlyargs+args
    std::vector<std::unique_ptr<Arg>> owned; // storage for vararg/kwarg
};

struct FunctionDef : Stmt {
    FunctionDef() : Stmt(StmtKind::FunctionDef) {}
    std::string name;
    Arguments args;
    std::vector<Stmt*> body;
    std::vector<Expr*> decorators;
    Expr* returns = nullptr;
    // Line of the first decorator, or of `def` without decorators: the line
    // Warp reports for the function (`co_firstlineno`).
    int first_line = 0;
};

struct ClassDef : Stmt {
    ClassDef() : Stmt(StmtKind::ClassDef) {}
    std::string name;
    std::vector<Expr*> bases;
    std::vector<Keyword> keywords;
    std::vector<Stmt*> body;
    std::vector<Expr*> decorators;
    int first_line = 0;
};

struct Return : Stmt {
    Return() : Stmt(StmtKind::Return) {}
    Expr* value = nullptr; // may be null
};

struct Assign : Stmt {
    Assign() : Stmt(StmtKind::Assign) {}
    std::vector<Expr*> targets; // `a = b = c` has two
    Expr* value = nullptr;
};

struct AugAssign : Stmt {
    AugAssign() : Stmt(StmtKind::AugAssign) {}
    Expr* target = nullptr;
    BinOpKind op = BinOpKind::Add;
    Expr* value = nullptr;
};

struct AnnAssign : Stmt {
    AnnAssign() : Stmt(StmtKind::AnnAssign) {}
    Expr* target = nullptr;
    Expr* annotation = nullptr;
    Expr* value = nullptr; // may be null
    bool simple = true;
};

struct For : Stmt {
    For() : Stmt(StmtKind::For) {}
    Expr* target = nullptr;
    Expr* iter = nullptr;
    std::vector<Stmt*> body;
    std::vector<Stmt*> orelse;
};

struct While : Stmt {
    While() : Stmt(StmtKind::While) {}
    Expr* test = nullptr;
    std::vector<Stmt*> body;
    std::vector<Stmt*> orelse;
};

// `elif` is an If inside `orelse`, as in CPython.
struct If : Stmt {
    If() : Stmt(StmtKind::If) {}
    Expr* test = nullptr;
    std::vector<Stmt*> body;
    std::vector<Stmt*> orelse;
};

struct ExprStmt : Stmt {
    ExprStmt() : Stmt(StmtKind::Expr) {}
    Expr* value = nullptr;
};

struct Assert : Stmt {
    Assert() : Stmt(StmtKind::Assert) {}
    Expr* test = nullptr;
    Expr* msg = nullptr;
};

struct Alias {
    std::string name;   // dotted for `import a.b`
    std::string asname; // empty when absent
    Pos pos;
};

struct Import : Stmt {
    Import() : Stmt(StmtKind::Import) {}
    std::vector<Alias> names;
};

struct ImportFrom : Stmt {
    ImportFrom() : Stmt(StmtKind::ImportFrom) {}
    std::string module; // may be empty for `from . import x`
    std::vector<Alias> names;
    int level = 0;
};

// Pass, Break, Continue and the unsupported statement kinds.
struct SimpleStmt : Stmt {
    explicit SimpleStmt(StmtKind k) : Stmt(k) {}
};

// ---------------------------------------------------------------- module

struct Module {
    std::shared_ptr<const SourceFile> source;
    std::vector<Stmt*> body;

    // Every node of the tree, in shared blocks: an allocation per node (and a free when the
    // module went) was a visible share of compiling a small module.
    template <class T, class... A>
    T* make_expr(A&&... a) {
        return nodes_.make<T>(std::forward<A>(a)...);
    }
    template <class T, class... A>
    T* make_stmt(A&&... a) {
        return nodes_.make<T>(std::forward<A>(a)...);
    }
    // A copy of `text` that lives as long as the module, for names of nodes made after parsing.
    std::string_view keep(std::string_view text) { return *nodes_.make<std::string>(text); }
    // How many nodes were made (the depth check's shortcut: depth_check.cpp).
    size_t node_count() const { return nodes_.size(); }

  private:
    NodeArena nodes_;
};

// Downcasts; the caller has checked `kind`.
template <class T>
T* as(Expr* e) {
    return static_cast<T*>(e);
}
template <class T>
const T* as(const Expr* e) {
    return static_cast<const T*>(e);
}
template <class T>
T* as(Stmt* s) {
    return static_cast<T*>(s);
}
template <class T>
const T* as(const Stmt* s) {
    return static_cast<const T*>(s);
}

} // namespace ws::ast
