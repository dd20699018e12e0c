// wp.address_of(x) in a kernel or function (Warp's emit_address_of): the address of an
// addressable expression as a wp::uint64, for native snippets that take raw pointers.
#include "codegen/adjoint.h"

#include <fmt/format.h>

namespace ws {

Value Adjoint::emit_address_of(const ast::Call* node) {
    if (node->args.size() != 1 || !node->keywords.empty())
        fail(node, "wp.address_of() takes exactly one positional argument");
    const ast::Expr* arg = node->args[0];
    const std::string purpose = "wp.address_of()";
    bool addressable_kind = arg->kind == ast::ExprKind::Name || arg->kind == ast::ExprKind::Subscript ||
                            arg->kind == ast::ExprKind::Attribute;
    Value value = addressable_kind ? eval(arg) : Value();
    Var* ref = addressable_reference(value.is_var() ? value.var : nullptr, arg, purpose, arg->pos);
    Var* result = add_var(types::scalar(Scalar::UInt64));
    add_forward(fmt::format("{} = (wp::uint64)({});", result->emit(), ref->emit()));
    return Value(result);
}

} // namespace ws
