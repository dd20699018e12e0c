// The part of Python that a Warp module runs outside its kernels, evaluated
// without Python: module-level constants and `wp.static(...)` expressions.
// Numbers follow Python exactly (types/python_number.h); where Python raises,
// the evaluation throws PythonException. One file per kind of expression:
// python_eval.cpp (names, literals, containers, conditionals),
// python_eval_ops.cpp (operators), python_eval_call.cpp (calls).
#pragma once

#include "codegen/module_scope.h"

#include <optional>

namespace ws {

class PythonEval {
  public:
    PythonEval(const ModuleScope& scope, const ModuleScope::LocalLookup* locals)
        : scope_(scope), locals_(locals) {}

    // The value of `e`, or an Unsupported object when we cannot evaluate it.
    ObjectRef eval(const ast::Expr* e) const;
    // `a <op> b` on evaluated operands (also of an augmented assignment at `pos`).
    ObjectRef binary(ast::BinOpKind op, const ObjectRef& a, const ObjectRef& b, const Pos& pos) const;

  private:
    ObjectRef dispatch(const ast::Expr* e) const;
    ObjectRef constant(const ast::Constant* c) const;
    ObjectRef name(const ast::Name* n) const;
    ObjectRef attribute(const ast::Attribute* a) const;
    ObjectRef unary(const ast::UnaryOp* u) const;
    ObjectRef binary(const ast::BinOp* b) const;
    bool is_generic_alias(const ast::Expr* e) const;
    ObjectRef compare(const ast::Compare* c) const;
    ObjectRef bool_op(const ast::BoolOp* b) const;
    ObjectRef if_exp(const ast::IfExp* i) const;
    ObjectRef sequence(const ast::Expr* e, const std::vector<ast::Expr*>& elts) const;
    ObjectRef subscript(const ast::Subscript* s) const;
    ObjectRef dict(const ast::Dict* d) const;
    ObjectRef dict_item(const Object& d, const ObjectRef& key) const;
    ObjectRef call(const ast::Call* c) const;
    // What we could not evaluate: the expression's source text.
    ObjectRef unsupported(const ast::Expr* e) const;

    const ModuleScope& scope_;
    const ModuleScope::LocalLookup* locals_;
};

// The value of a bool, int or float literal.
Constant literal_value(const ast::Constant& c);

// Calls of Python's builtins (int, float, bool, abs, round, divmod, pow, min,
// max, len) on evaluated arguments: the result, null when we do not model the
// call; throws python::Error where Python raises.
ObjectRef call_python_builtin(std::string_view name, const std::vector<ObjectRef>& args,
                              const std::vector<std::pair<std::string, ObjectRef>>& kwargs);

} // namespace ws
