// Expressions: names, constants, operators, comparisons, boolean operators,
// conditional expressions, attributes, subscripts, tuples and calls — Warp's
// emit_* methods for expression nodes.
#include "builtins/builtin.h"
#include "builtins/warp_namespace.h"
#include "codegen/adjoint.h"
#include "codegen/module_builder.h"
#include "codegen/module_scope.h"
#include "codegen/operators.h"
#include "codegen/python_eval.h"
#include "types/name_hash.h"
#include "types/python_number.h"
#include "types/scratch_vector.h"
#include "types/str_cat.h"

#include <algorithm>
#include <array>
#include <fmt/format.h>
#include <span>
#include <vector>

namespace ws {

// Names compared as views of literals: std::string == const char* called strlen each time.
using namespace std::string_view_literals;

namespace {

bool is_fabric(TypeRef array_type) {
    return array_type->array_class == ArrayClass::FabricArray ||
           array_type->array_class == ArrayClass::IndexedFabricArray;
}

const char* compare_operator(ast::CmpOpKind op) {
    switch (op) {
    case ast::CmpOpKind::Gt: return ">";
    case ast::CmpOpKind::Lt: return "<";
    case ast::CmpOpKind::GtE: return ">=";
    case ast::CmpOpKind::LtE: return "<=";
    case ast::CmpOpKind::Eq: return "==";
    case ast::CmpOpKind::NotEq: return "!=";
    default: return nullptr;
    }
}

} // namespace

Value Adjoint::eval(const ast::Expr* node) {
    ModuleBuilder::Nested nested(*builder, builder->scope().source(), node->pos);
    if (node->pos.line > 0) set_lineno(node->pos.line - src.fun_lineno); // synthesized nodes have no position
    current_pos_ = node->pos;
    if (ObjectRef obj = src.static_value(node)) {
        // A wp.static(...) evaluated when the function was defined.
        if (obj->kind == Object::Kind::Constant) return Value(add_constant(*obj->value));
        return Value::of_object(obj);
    }
    switch (node->kind) {
    case ast::ExprKind::Name: return emit_name(ast::as<ast::Name>(node));
    case ast::ExprKind::Constant: return emit_constant(ast::as<ast::Constant>(node));
    case ast::ExprKind::BinOp: return emit_binop(ast::as<ast::BinOp>(node));
    case ast::ExprKind::UnaryOp: return emit_unaryop(ast::as<ast::UnaryOp>(node));
    case ast::ExprKind::BoolOp: return emit_boolop(ast::as<ast::BoolOp>(node));
    case ast::ExprKind::Compare: return emit_compare(ast::as<ast::Compare>(node));
    case ast::ExprKind::IfExp: return emit_ifexp(ast::as<ast::IfExp>(node));
    case ast::ExprKind::Attribute: return emit_attribute(ast::as<ast::Attribute>(node));
    case ast::ExprKind::Subscript: return emit_subscript(ast::as<ast::Subscript>(node));
    case ast::ExprKind::Tuple: return emit_tuple(ast::as<ast::Tuple>(node));
    case ast::ExprKind::Call: return emit_call(ast::as<ast::Call>(node));
    case ast::ExprKind::List:
        fail(node, "list constructs are not supported in kernels; use vectors like `wp.vec3()` for small "
                   "fixed-size collections");
    default:
        fail(node, fmt::format("construct `ast.{}` is not supported in kernels", ast::name_of(node->kind)));
    }
}

Var* Adjoint::eval_var(const ast::Expr* node, const char* what) {
    Value v = eval(node);
    if (!v.is_var()) fail(node, fmt::format("{} does not evaluate to a value", what));
    return v.var;
}

Value Adjoint::emit_constant(const ast::Constant* node) {
    switch (node->value_kind) {
    case ast::Constant::Kind::Bool:
    case ast::Constant::Kind::Int:
    case ast::Constant::Kind::Float: return Value(add_constant(literal_value(*node)));
    case ast::Constant::Kind::None: fail(node, "None type unsupported");
    // Warp declares a string literal `const wp::str var_N = "...";` (print, wp.printf).
    case ast::Constant::Kind::Str: return Value(add_constant(Constant::py_str(node->str_value)));
    default: fail(node, "unsupported constant");
    }
}

Value Adjoint::emit_name(const ast::Name* node) {
    if (const Value* v = symbols.find(node->id)) return *v;
    ObjectRef obj = src.global(node->id);
    if (!obj) fail(node, fmt::format("referencing undefined symbol: {}", node->id));
    switch (obj->kind) {
    case Object::Kind::Constant: {
        Var* out = add_constant(*obj->value);
        symbols.set(node->id, Value(out));
        return Value(out);
    }
    case Object::Kind::Struct: builder->build_struct_recursive(obj->type); return Value::of_object(obj);
    case Object::Kind::Unsupported:
        // NumPy's float constants (np.pi) are read through the module, as Warp does.
        if (obj->name == "module numpy") return Value::of_object(obj);
        fail(node, fmt::format("global '{}' cannot be used in a kernel: {}", node->id, obj->name));
    default: return Value::of_object(obj);
    }
}

Value Adjoint::emit_binop(const ast::BinOp* node) {
    Var* left = eval_var(node->left, "left operand");
    Var* right = eval_var(node->right, "right operand");
    std::string_view name = operator_builtin(node->op);
    // A user function named like the operator (e.g. `add`) overloads it.
    // A user function named like the operator (e.g. `mul`) overloads it for the
    // argument types it accepts; other types fall back to the builtin.
    if (ObjectRef user = src.global(name); user && user->kind == Object::Kind::Function) {
        CallArgument args[] = {{Value(left), node->left, ""}, {Value(right), node->right, ""}};
        if (user_overload_exists(*user->function, args))
            return add_user_call(user->function, args, {}, 0, node);
    }
    current_pos_ = node->pos;
    Var* a[] = {left, right};
    return add_builtin_call(name, a);
}

Value Adjoint::emit_unaryop(const ast::UnaryOp* node) {
    Var* arg = eval_var(node->operand, "operand");
    if (arg->constant && arg->constant->is_py_number() && node->op == ast::UnaryOpKind::USub) {
        // Python negates the value (a bool becomes an int), with no size limit.
        Constant neg = python::unary(python::UnaryOp::Neg, *arg->constant);
        // A literal's variable is fresh and unshared: Warp negates it in place.
        if (node->operand->kind == ast::ExprKind::Constant || src.static_value(node->operand)) {
            arg->constant = neg;
            return Value(arg);
        }
        return Value(add_constant(neg));
    }
    const char* name = node->op == ast::UnaryOpKind::USub   ? "neg"
                       : node->op == ast::UnaryOpKind::UAdd ? "pos"
                       : node->op == ast::UnaryOpKind::Not  ? "unot"
                                                            : "invert";
    current_pos_ = node->pos;
    Var* a[] = {arg};
    return add_builtin_call(name, a);
}

Value Adjoint::emit_boolop(const ast::BoolOp* node) {
    bool is_and = node->op == ast::BoolOpKind::And;
    Var* output = add_var(types::boolean());
    Var* first = load(eval_var(node->values[0], "operand"));
    // Each line written in place (a string built for add_forward or add_reverse cost its
    // allocation past 15 bytes).
    const std::string_view open = is_and ? "if (" : "if (!", op = is_and ? " && " : " || ";
    forward_line(output->emit(), " = ", first->emit(), ";");
    for (size_t i = 1; i < node->values.size(); ++i) {
        forward_line(open, output->emit(), ") {");
        reverse_line("}");
        indent();
        Var* val = load(eval_var(node->values[i], "operand"));
        forward_line(output->emit(), " = ", output->emit(), op, val->emit(), ";");
        dedent();
        forward_line("}");
        reverse_line(open, output->emit(), ") {");
    }
    return Value(output);
}

Value Adjoint::emit_compare(const ast::Compare* node) {
    Var* left = eval_var(node->left, "comparison operand");
    ScratchVector<Var*> comps; // reused across comparisons
    for (const ast::Expr* c : node->comparators) comps->push_back(eval_var(c, "comparison operand"));
    ScratchVector<const char*> ops;
    for (ast::CmpOpKind op : node->ops) {
        const char* s = compare_operator(op);
        if (!s)
            fail(node, fmt::format("comparison operator `{}` is not supported in kernels", ast::name_of(op)));
        ops->push_back(s);
    }
    current_pos_ = node->pos;
    return Value(add_comp(*ops, left, *comps));
}

Value Adjoint::emit_ifexp(const ast::IfExp* node) {
    Var* cond = eval_var(node->test, "condition");
    if (cond->constant) return eval(cond->constant->truthy() ? node->body : node->orelse);
    auto load_branch = [&](Var* v) {
        if (v->type->is_reference()) return add_builtin_call1("copy", {v});
        return load(v);
    };
    begin_if(cond);
    Var* body = load_branch(eval_var(node->body, "branch"));
    end_if(cond);
    begin_else(cond);
    Var* orelse = load_branch(eval_var(node->orelse, "branch"));
    end_else(cond);
    current_pos_ = node->pos;
    return Value(add_builtin_call1("where", {cond, body, orelse}));
}

Value Adjoint::emit_tuple(const ast::Tuple* node) {
    std::vector<Var*> elems;
    for (const ast::Expr* e : node->elts) elems.push_back(eval_var(e, "tuple element"));
    current_pos_ = node->pos;
    Value out = add_builtin_call("tuple", elems);
    // Builtins read compile-time tuples such as `shape=(2, 2)` by value.
    auto constants = std::make_shared<std::vector<Constant>>();
    for (Var* e : elems)
        if (e->constant) constants->push_back(*e->constant);
    if (out.is_var() && constants->size() == elems.size()) out.var->set_extras().tuple_constants = constants;
    if (out.is_var()) out.var->set_extras().tuple_elements = std::make_shared<const std::vector<Var*>>(elems);
    return out;
}

// ------------------------------------------------------------------ names

ObjectRef Adjoint::resolve_path(std::span<const std::string_view> path) {
    if (path.empty() || symbols.contains(path[0])) return nullptr;
    ObjectRef obj = resolve_global_path(src, path);
    if (!obj) return nullptr;
    // `wp.norm_l2` as a value (a wp.Function argument) is the @wp.func of Warp's own source.
    if (obj->kind == Object::Kind::Unsupported && obj->is_from_warp() && path.size() > 1 &&
        WarpLibrary::is_python_builtin(path.back())) {
        std::string why;
        if (ObjectRef f = builder->warp_library().function(path.back(), why)) return f;
    }
    return obj;
}

ObjectRef Adjoint::resolve_static_path(const ast::Expr* node, std::vector<std::string_view>* path_out) {
    // The names counted first, so that the path is built once, in order (this runs for every
    // call and call argument). Views of the syntax tree's names, in place for a usual depth:
    // a vector of string copies cost an allocation and a copy per name.
    size_t depth = 0;
    const ast::Expr* root = node;
    for (; root->kind == ast::ExprKind::Attribute; root = ast::as<ast::Attribute>(root)->value) ++depth;
    const bool named = root->kind == ast::ExprKind::Name;
    const size_t n = depth + (named ? 1 : 0);
    std::string_view local[8];
    std::vector<std::string_view> heap;
    if (n > std::size(local)) heap.resize(n);
    std::span<std::string_view> path = n > std::size(local) ? std::span(heap) : std::span(local, n);
    size_t i = n;
    for (const ast::Expr* e = node; e->kind == ast::ExprKind::Attribute;
         e = ast::as<ast::Attribute>(e)->value)
        path[--i] = ast::as<ast::Attribute>(e)->attr;
    if (named) path[0] = ast::as<ast::Name>(root)->id;
    if (path_out) path_out->assign(path.begin(), path.end());
    return named ? resolve_path(path) : nullptr;
}

// Whether eval(node) would fail at once as a name bound nowhere (`float` as an argument).
bool Adjoint::unbound_name(const ast::Expr* node) const {
    if (node->kind != ast::ExprKind::Name || src.static_value(node)) return false;
    std::string_view id = ast::as<ast::Name>(node)->id;
    return !symbols.contains(id) && !src.global(id);
}

Value Adjoint::resolve_arg(const ast::Expr* node) {
    std::optional<CompileError> error;
    Value v;
    if (unbound_name(node)) {
        // What eval does before it fails, without the exception (tens of thousands of
        // instructions to throw and catch): the error is raised below only if the path fails too.
        if (node->pos.line > 0) set_lineno(node->pos.line - src.fun_lineno);
        current_pos_ = node->pos;
        if (ObjectRef obj = resolve_static_path(node)) return resolved_arg(node, obj);
        eval(node); // throws the undefined-symbol error
    }
    try {
        v = eval(node);
    } catch (const CompileError& e) {
        error = e;
    }
    ObjectRef obj = resolve_static_path(node);
    // `type(x)` as an argument: Warp's call to `type` fails, then it resolves the type statically.
    std::vector<std::string_view> type_path;
    if (!obj && error) obj = resolve_type_operator(node, &type_path);
    if (!obj) {
        if (error) throw *error;
        return v;
    }
    return resolved_arg(node, obj);
}

// An argument as the object its static path names.
Value Adjoint::resolved_arg(const ast::Expr* node, const ObjectRef& obj) {
    switch (obj->kind) {
    case Object::Kind::Constant:
        return Value(add_constant(*obj->value)); // Warp evaluates such arguments twice
    case Object::Kind::Unsupported: fail(node, fmt::format("'{}' cannot be used in a kernel", obj->name));
    default: return Value::of_object(obj);
    }
}

// ------------------------------------------------------------------ attributes

Var* Adjoint::vector_component_index(const ast::Expr* node, std::string_view component, TypeRef vector_type) {
    if (component.size() != 1)
        fail(node, fmt::format("vector swizzle must be single character, got .{}", component));
    int dim = vector_type->is_quat() ? 4 : vector_type->length;
    std::string swizzles = std::string("xyzw").substr(0, std::min(dim, 4));
    size_t idx = swizzles.find(component[0]);
    if (idx == std::string::npos)
        fail(node, fmt::format("vector swizzle for {} must be one of {}, got {}", vector_type->repr, swizzles,
                               component));
    return add_constant(Constant::py_int(static_cast<int64_t>(idx)));
}

const LValueOrigin* Adjoint::reference_origin_for_var(const Var* var, LValueOrigin* storage) const {
    const LValueOrigin* own = var->ref_origin ? &var->ref_origin : nullptr;
    if (var->type->is_reference()) return own;
    if (var->type->is_array() && own) return own;
    for (const auto& [name, v] : symbols.entries())
        if (v.is_var() && v.var == var) {
            *storage = LValueOrigin(var, false);
            return storage;
        }
    return own;
}

Value Adjoint::emit_attribute(const ast::Attribute* node, std::optional<Value> aggregate_in, bool as_target) {
    Value aggregate = aggregate_in ? *aggregate_in : eval(node->value);
    current_pos_ = node->pos;
    if (aggregate.is_var() && types::strip_reference(aggregate.var->type)->is_tile())
        fail_at(current_pos_, "attributes of a tile are not supported by warpsynth");
    if (aggregate.is_object()) {
        ObjectRef out = ModuleScope::attribute(*aggregate.object, node->attr);
        if (!out && aggregate.object->kind == Object::Kind::Type)
            if (TypeRef t = type_attribute(aggregate.object->type, node->attr)) out = Object::make_type(t);
        if (!out && aggregate.object->kind == Object::Kind::Unsupported)
            fail(node, fmt::format("'{}.{}' cannot be used in a kernel", aggregate.object->name, node->attr));
        if (!out)
            fail(node, fmt::format("`{}` is not an attribute of '{}'", node->attr, aggregate.object->name));
        if (out->kind == Object::Kind::Constant) return Value(add_constant(*out->value));
        if (out->kind == Object::Kind::Unsupported)
            fail(node, fmt::format("'{}' cannot be used in a kernel", out->name));
        return Value::of_object(out);
    }
    if (!aggregate.is_var()) fail(node, fmt::format("`{}` is not an attribute of this value", node->attr));
    Var* agg = aggregate.var;
    if (agg->constant && agg->constant->kind != Constant::Kind::Composite) return aggregate;
    TypeRef agg_type = types::strip_reference(agg->type);
    // Not a field: Warp falls back to the type's attribute (`a.dtype` of an array or vector).
    if (!as_target && !agg_type->is_struct())
        if (TypeRef t = type_attribute(agg_type, node->attr)) return Value::of_object(Object::make_type(t));
    if (ObjectRef n = as_target ? nullptr : value_length(agg_type, node->attr)) return Value::of_object(n);
    LValueOrigin origin_storage;

    if (as_target) {
        if (auto slot = select_array_slot(agg, nullptr, &node->attr, node)) {
            std::optional<LValueOrigin> extended;
            if (const LValueOrigin* o = reference_origin_for_var(agg, &origin_storage)) {
                // Warp extends the origin with the component index (a fresh constant) or the field.
                if (agg_type->is_vector() || agg_type->is_quat())
                    extended = o->extend_index(vector_component_index(node, node->attr, agg_type));
                else
                    extended = o->extend_field(std::string(node->attr));
            }
            return Value(array_slot_reference(slot, extended ? &*extended : nullptr));
        }
    }

    if (agg_type->is_vector() || agg_type->is_quat()) {
        Var* index = vector_component_index(node, node->attr, agg_type);
        Var* out = add_builtin_call1("extract", {agg, index});
        if (const LValueOrigin* origin = reference_origin_for_var(agg, &origin_storage))
            out->ref_origin = origin->extend_index(index);
        return Value(out);
    }
    if (agg_type->is_transform()) {
        if (node->attr != "p" && node->attr != "q")
            fail(node,
                 fmt::format("attribute for transformation must be either 'p' or 'q', got {}", node->attr));
        Var* out = add_builtin_call1(
            node->attr == "p" ? "transform_get_translation" : "transform_get_rotation", {agg});
        if (const LValueOrigin* origin = reference_origin_for_var(agg, &origin_storage))
            out->ref_origin = origin->extend_field(std::string(node->attr));
        return Value(out);
    }

    // Struct fields, the fields of a query result (MeshQueryPoint) and array descriptor fields.
    std::string label;
    TypeRef field_type = nullptr;
    std::string cast, adj_cast;
    if (agg_type->is_struct() || (agg_type->kind == TypeKind::Opaque && agg_type->st)) {
        const StructDef::Field* f = agg_type->st->field(node->attr);
        if (!f)
            fail(node, fmt::format("`{}` is not an attribute of '{}' ({})", node->attr,
                                   expr_text(src.scope->source(), node->value), agg_type->repr));
        label = f->name;
        field_type = f->type;
    } else if (agg_type->is_array() && node->attr == "ndim") {
        // A Python attribute of the array type: a Python int.
        return Value::of_object(Object::make_constant(Constant::py_int(agg_type->ndim)));
    } else if (agg_type->is_array() && is_fabric(agg_type) && node->attr == "size") {
        // Fabric arrays expose only their element count, which Warp reads through a uint64*
        // although the native field is a size_t: its code does not compile.
        fail(node, "Warp's code for a fabric array's `size` does not compile (a size_t read through "
                   "a wp::uint64*)");
    } else if (agg_type->is_array() && !is_fabric(agg_type) && node->attr == "shape") {
        label = "shape";
        field_type = types::shape();
    } else if (agg_type->is_array() && node->attr == "ptr" &&
               agg_type->array_class != ArrayClass::IndexedArray && !is_fabric(agg_type)) {
        label = "data";
        field_type = types::scalar(Scalar::UInt64);
        cast = "(wp::uint64*)";
        adj_cast = cat("(", agg_type->elem->ctype, "*)");
    } else {
        fail(node, fmt::format("`{}` is not an attribute of '{}' ({})", node->attr,
                               expr_text(src.scope->source(), node->value), agg_type->repr));
    }

    Var* attr = add_var(types::reference(field_type));
    const LValueOrigin* origin =
        agg_type->is_array() ? nullptr : reference_origin_for_var(agg, &origin_storage);
    if (origin) {
        attr->ref_origin = origin->extend_field(label, cast, adj_cast);
        forward_line(attr->emit(), " = ", attr->ref_origin.emit_pointer(), ";");
    } else {
        forward_line(attr->emit(), " = ", cast, "&(", agg->emit(), agg->type->is_reference() ? "->"sv : "."sv,
                     label, ");");
    }
    bool differentiable = (field_type->is_value() && is_float(field_type->scalar)) || field_type->is_struct();
    reverse_line(agg->adj_prefix(), agg->label, ".", label, differentiable ? " += "sv : " = "sv, adj_cast,
                 attr->adj_prefix(), attr->label, ";");
    return Value(attr);
}

// ------------------------------------------------------------------ subscripts

namespace {

// A subscript's indices: the tuple's elements of a[i, j], or the one index of a[i].
void subscript_indices(const ast::Subscript* s, std::vector<const ast::Expr*>& out) {
    out.clear();
    if (s->slice->kind != ast::ExprKind::Tuple) {
        out.push_back(s->slice);
        return;
    }
    const auto& elts = ast::as<ast::Tuple>(s->slice)->elts;
    out.assign(elts.begin(), elts.end());
}

} // namespace

// What subscripts lower to.
Value Adjoint::eval_subscript_base(const ast::Expr* cur, bool as_target) {
    return is_adjoint_subscript(cur)                       ? Value(adjoint_target(cur))
           : as_target && cur->kind != ast::ExprKind::Name ? eval_store_target(cur)
                                                           : eval(cur);
}

// eval_subscript of one bracket group (a[i] or a[i, j], the common case), without the
// bookkeeping of several groups: the same steps, in the same order.
Var* Adjoint::eval_single_subscript(const ast::Subscript* node, bool as_target,
                                    std::vector<const ast::Expr*>& ij) {
    subscript_indices(node, ij);
    Value base = eval_subscript_base(node->value, as_target);
    if (!base.is_var()) fail(node->value, "subscripted object is not a value");
    Var* target = base.var;
    if (types::strip_reference(target->type)->is_tile()) {
        std::vector<std::vector<const ast::Expr*>> groups;
        groups.push_back(ij);
        auto [tile_target, indices] = eval_tile_subscript(target, std::move(groups));
        ij = std::move(indices);
        return tile_target;
    }
    TypeRef tt = types::strip_reference(target->type);
    if (tt->is_array() && static_cast<int>(ij.size()) > tt->ndim) {
        // More indices than dimensions in one group: indexed, then refused.
        std::vector<const ast::Expr*> first(ij.begin(), ij.begin() + tt->ndim);
        Value v = emit_indexing(target, first, as_target);
        if (!v.is_var()) fail(node, "indexing did not produce a value");
        fail(node, "incorrect number of indices specified for array indexing");
    }
    return target;
}

Var* Adjoint::eval_subscript(const ast::Subscript* node, bool as_target, std::vector<const ast::Expr*>& out) {
    if (!is_adjoint_subscript(node) &&
        (node->value->kind != ast::ExprKind::Subscript || is_adjoint_subscript(node->value)))
        return eval_single_subscript(node, as_target, out);
    // Collect the bracket groups a[i][j, k] -> [[i], [j, k]] from the innermost value out.
    std::vector<std::vector<const ast::Expr*>> groups;
    const ast::Expr* cur = node;
    while (cur->kind == ast::ExprKind::Subscript && !is_adjoint_subscript(cur)) {
        const auto* s = ast::as<ast::Subscript>(cur);
        std::vector<const ast::Expr*> ij;
        if (s->slice->kind == ast::ExprKind::Tuple)
            for (const ast::Expr* e : ast::as<ast::Tuple>(s->slice)->elts) ij.push_back(e);
        else
            ij.push_back(s->slice);
        groups.insert(groups.begin(), ij);
        cur = s->value;
    }
    Value base = eval_subscript_base(cur, as_target);
    if (!base.is_var()) fail(cur, "subscripted object is not a value");
    Var* target = base.var;
    if (types::strip_reference(target->type)->is_tile()) {
        auto [tile_target, indices] = eval_tile_subscript(target, std::move(groups));
        out = std::move(indices);
        return tile_target;
    }
    // Warp recurses from the innermost subscript outwards: each time the
    // indices collected so far cover all dimensions of an array, it indexes it.
    std::vector<std::vector<const ast::Expr*>> pending;
    for (size_t g = 0; g < groups.size(); ++g) {
        pending.push_back(groups[g]);
        TypeRef tt = types::strip_reference(target->type);
        if (tt->is_array()) {
            std::vector<const ast::Expr*> flat;
            for (auto& p : pending) flat.insert(flat.end(), p.begin(), p.end());
            if (static_cast<int>(flat.size()) > tt->ndim) {
                std::vector<const ast::Expr*> first(flat.begin(), flat.begin() + tt->ndim);
                Value v = emit_indexing(target, first, as_target);
                if (!v.is_var()) fail(node, "indexing did not produce a value");
                target = v.var;
                int count = tt->ndim;
                while (count > 0) {
                    count -= static_cast<int>(pending.front().size());
                    pending.erase(pending.begin());
                }
                if (count < 0)
                    fail(node, fmt::format("incorrect number of indices specified for array indexing"));
            }
        }
    }
    out.clear();
    for (auto& p : pending) out.insert(out.end(), p.begin(), p.end());
    return target;
}

Value Adjoint::emit_subscript(const ast::Subscript* node) {
    if (Var* adjoint = adjoint_target(node)) return Value(adjoint);
    ScratchVector<const ast::Expr*> indices;
    Var* target = eval_subscript(node, false, *indices);
    return emit_indexing(target, *indices);
}

Value Adjoint::eval_store_target(const ast::Expr* node) {
    if (node->kind == ast::ExprKind::Attribute) {
        const auto* a = ast::as<ast::Attribute>(node);
        return emit_attribute(a, eval_store_target(a->value), true);
    }
    if (node->kind == ast::ExprKind::Subscript) {
        ScratchVector<const ast::Expr*> indices;
        Var* target = eval_subscript(ast::as<ast::Subscript>(node), true, *indices);
        return emit_indexing(target, *indices, true);
    }
    return eval(node);
}

void Adjoint::eval_indices(TypeRef target_type, const std::vector<const ast::Expr*>& nodes, bool as_target,
                           std::vector<Var*>& out) {
    out.clear();
    if (target_type->is_tile()) {
        out = eval_tile_indices(target_type, nodes);
        return;
    }
    for (size_t dim = 0; dim < nodes.size(); ++dim) {
        const ast::Expr* n = nodes[dim];
        if (n->kind != ast::ExprKind::Slice) {
            out.push_back(eval_var(n, "index"));
            continue;
        }
        if (target_type->is_array()) {
            // Warp's headers define wp::view with slices for wp::array_t (and the fixedarray_t
            // derived from it) only.
            if (target_type->array_class != ArrayClass::Array &&
                target_type->array_class != ArrayClass::FixedArray)
                fail(n, fmt::format("Warp's code for a slice of an {} does not compile (wp::view takes "
                                    "slices of regular arrays only)",
                                    target_type->repr.substr(0, target_type->repr.find('('))));
            out.push_back(emit_array_slice(ast::as<ast::Slice>(n)));
            continue;
        }
        // A slice of a vector or matrix has constant bounds, clamped to the length.
        if (!target_type->is_composite())
            fail(n, as_target ? "assigning to slices is not supported yet"
                              : "slices of this type are not supported");
        int length = target_type->is_matrix()      ? (dim == 0 ? target_type->rows : target_type->cols)
                     : target_type->is_quat()      ? 4
                     : target_type->is_transform() ? 7
                                                   : target_type->length;
        SliceBounds b = eval_const_slice(ast::as<ast::Slice>(n), length);
        // Warp passes the bounds as Python ints: constants made after the slice variable.
        std::vector<CallArgument> bounds;
        for (int64_t x : {b.start, *b.stop, b.step})
            bounds.push_back(
                CallArgument{Value::of_object(Object::make_constant(Constant::py_int(x))), n, ""});
        out.push_back(add_builtin_call_resolved(*Object::make_named(Object::Kind::Builtin, "slice"),
                                                std::move(bounds), {}, {}, 0, true, n)
                          .var);
    }
}

// An array slice `a[lo:hi:step]` (Warp's emit_Slice): omitted bounds are Python ints,
// SLICE_BEGIN / SLICE_END and a step of 1, made constants after the slice variable.
Var* Adjoint::emit_array_slice(const ast::Slice* node) {
    auto bound = [&](const ast::Expr* e, int64_t omitted) {
        if (!e) return Value::of_object(Object::make_constant(Constant::py_int(omitted)));
        return Value(eval_var(e, "slice bound"));
    };
    std::vector<CallArgument> bounds;
    bounds.push_back(CallArgument{bound(node->lower, INT32_MAX), node, ""});
    bounds.push_back(CallArgument{bound(node->upper, INT32_MIN), node, ""});
    Value step = bound(node->step, 1);
    if (step.is_var() && step.var->constant && step.var->constant->holds_int() &&
        step.var->constant->as_int64() == 0)
        fail(node, "Slice step cannot be zero.");
    bounds.push_back(CallArgument{step, node, ""});
    return add_builtin_call_resolved(*Object::make_named(Object::Kind::Builtin, "slice"), std::move(bounds),
                                     {}, {}, 0, true, node)
        .var;
}

Value Adjoint::emit_indexing(Var* target, const std::vector<const ast::Expr*>& index_nodes, bool as_target) {
    TypeRef target_type = types::strip_reference(target->type);
    ScratchVector<Var*> indices;
    eval_indices(target_type, index_nodes, as_target, *indices);
    return emit_indexing_vars(target, *indices, as_target);
}

Value Adjoint::emit_indexing_vars(Var* target, std::vector<Var*>& indices, bool as_target) {
    TypeRef target_type = types::strip_reference(target->type);
    if (target_type->is_tile()) return Value(emit_tile_indexing(target, indices));
    LValueOrigin origin_storage;
    // The builtin called with the target, then the indices: on the stack (arrays have up to 4
    // dimensions; a scratch vector cost its taking, reserve and inserts), a vector past that.
    auto call_with_indices = [&](std::string_view key) {
        std::array<Var*, 8> a;
        if (indices.size() < a.size()) {
            a[0] = target;
            std::copy(indices.begin(), indices.end(), a.begin() + 1);
            return add_builtin_call(key, std::span<Var* const>(a.data(), 1 + indices.size())).var;
        }
        std::vector<Var*> v{target};
        v.insert(v.end(), indices.begin(), indices.end());
        return add_builtin_call(key, v).var;
    };
    if (target_type->is_array()) {
        bool all_int = true;
        for (Var* i : indices) all_int = all_int && types::strip_reference(i->type)->is_int_scalar();
        if (static_cast<int>(indices.size()) == target_type->ndim && all_int) {
            for (Var*& i : indices) i = load(i);
            // A fixedarray is an array to Warp here (a subclass).
            bool plain_array = target_type->array_class == ArrayClass::Array ||
                               target_type->array_class == ArrayClass::FixedArray;
            if (as_target && plain_array &&
                (target_type->elem->is_composite() || target_type->elem->is_struct())) {
                // Store targets inside array elements resolve to a slot, not a load.
                auto slot = std::make_shared<ArraySlot>();
                slot->root = target;
                slot->indices.assign(indices.begin(), indices.end());
                slot->type = target_type->elem;
                const LValueOrigin* o = reference_origin_for_var(target, &origin_storage);
                std::optional<LValueOrigin> extended;
                if (o) extended = o->extend_array(indices);
                return Value(array_slot_reference(slot, extended ? &*extended : nullptr));
            }
            Var* out = call_with_indices("address");
            if (const LValueOrigin* o = reference_origin_for_var(target, &origin_storage))
                out->ref_origin = o->extend_array(indices);
            return Value(out);
        }
        for (Var*& i : indices) i = load(i);
        Var* out = call_with_indices("view");
        if (const LValueOrigin* o = reference_origin_for_var(target, &origin_storage))
            out->ref_origin = o->extend_view(indices);
        return Value(out);
    }
    if (as_target) {
        if (auto slot = select_array_slot(target, &indices, nullptr, nullptr)) {
            std::optional<LValueOrigin> extended;
            if (const LValueOrigin* o = reference_origin_for_var(target, &origin_storage))
                extended = target_type->is_matrix() ? o->extend_index(indices) : o->extend_index(indices[0]);
            return Value(array_slot_reference(slot, extended ? &*extended : nullptr));
        }
    }
    Var* out = call_with_indices("extract");
    if (const LValueOrigin* o = reference_origin_for_var(target, &origin_storage)) {
        bool all_int = true;
        for (Var* i : indices) all_int = all_int && types::strip_reference(i->type)->is_int_scalar();
        if (all_int && target_type->is_matrix() && (indices.size() == 1 || indices.size() == 2))
            out->ref_origin = o->extend_index(indices);
        else if (all_int && indices.size() == 1 &&
                 (target_type->is_vector() || target_type->is_quat() || target_type->is_transform()))
            out->ref_origin = o->extend_index(indices[0]);
    }
    return Value(out);
}

// ------------------------------------------------------------------ calls

Value Adjoint::emit_call(const ast::Call* node, bool return_value_used) {
    if (node->func->kind == ast::ExprKind::Call) {
        const auto* inner = ast::as<ast::Call>(node->func);
        ObjectRef g = resolve_static_path(inner->func);
        if (g && g->kind == Object::Kind::WarpPyFunc && same_name(g->name, "grad"))
            return emit_grad_call(node, inner);
    }
    // The path and arguments in scratch vectors (see ScratchVector): a call allocates none.
    ScratchVector<std::string_view> path_s;
    std::vector<std::string_view>& path = *path_s;
    ObjectRef func = resolve_type_operator(node->func, &path);
    if (!func) func = resolve_static_path(node->func, &path);
    Value func_value;
    if (func)
        func_value = Value::of_object(func);
    else
        func_value = eval(node->func);
    current_pos_ = node->pos;
    if (!func_value.is_object()) fail(node, "called object is not a function");
    func = func_value.object;
    if (func->kind == Object::Kind::WarpPyFunc && same_name(func->name, "static")) return emit_static(node);
    if (func->kind == Object::Kind::WarpPyFunc && same_name(func->name, "address_of"))
        return emit_address_of(node);
    if (func->kind == Object::Kind::WarpPyFunc && same_name(func->name, "grad"))
        return emit_grad_wrapper(node);
    if (is_grad_wrapper(*func)) return emit_grad_wrapper_call(node, *func);

    std::vector<std::pair<std::string, builtins::CallArg>> type_args;
    ObjectRef callee = func;
    if (!path.empty() && func->kind != Object::Kind::Function && func->kind != Object::Kind::Builtin) {
        std::string_view attr = path.back();
        ObjectRef caller = func;
        callee = nullptr;
        if (caller->kind == Object::Kind::WarpModule) {
            ObjectRef a = ModuleScope::attribute(*caller, attr);
            if (a) {
                if (a->kind == Object::Kind::Function || a->kind == Object::Kind::Builtin)
                    callee = a;
                else
                    caller = a;
            } else if (const builtins::Builtin* b =
                           same_name(caller->name, "warp") ? builtins::find(attr) : nullptr) {
                callee = Object::make_builtin(*b);
            } else {
                fail(node, fmt::format("could not find function {} as a built-in or user-defined function",
                                       fmt::join(path, ".")));
            }
        }
        if (!callee && caller->unread_module)
            fail(node, fmt::format("cannot resolve {}: {}", fmt::join(path, "."), caller->name));
        if (!callee && path.size() > 1 && caller->kind == Object::Kind::Unsupported &&
            !caller->is_from_warp() && !caller->is_numpy_module())
            fail(node, fmt::format("cannot resolve {}: warpsynth does not know what {} holds (Warp calls a "
                                   "@wp.func found there, and the builtin '{}' only otherwise)",
                                   fmt::join(path, "."), path.front(), attr));
        if (const builtins::Builtin* b = callee ? nullptr : builtins::find(attr))
            callee = Object::make_builtin(*b);
        bool composite = caller->kind == Object::Kind::Type && caller->type && caller->type->is_composite();
        if (!callee && composite)
            callee = Object::make_named(Object::Kind::Builtin,
                                        std::string(builtins::constructor_key(caller->type)));
        // A composite type passes its parameters (length/shape, dtype) as implicit arguments;
        // they become variables only if they reach C++.
        if (composite) {
            const auto& targs =
                type_args_storage_.emplace_back(std::make_unique<builtins::TypeArgs>(caller->type));
            type_args.assign(targs->args().begin(), targs->args().end());
        }
        if (!callee && caller->kind == Object::Kind::Type && caller->type && caller->type->is_scalar() &&
            builtins::find(caller->name))
            callee = Object::make_named(Object::Kind::Builtin, caller->name);
        if (!callee && caller->kind == Object::Kind::Struct) {
            builder->build_struct_recursive(caller->type);
            callee = caller;
        }
        if (!callee)
            fail(node,
                 fmt::format("could not find function {} as a built-in or user-defined function. Note that "
                             "user functions must be annotated with a @wp.func decorator to be called from a "
                             "kernel",
                             fmt::join(path, ".")));
    }

    if (callee->kind == Object::Kind::Builtin && same_name(callee->name, "tid")) {
        if (is_user_function)
            fail(
                node,
                "tid() may only be called from a Warp kernel, not a Warp function; obtain the indices in the "
                "kernel and pass them as arguments");
    }
    if (callee->kind == Object::Kind::Kernel)
        fail(node, "kernels cannot be called from kernels or functions");
    if (callee->kind != Object::Kind::Builtin && callee->kind != Object::Kind::Function &&
        callee->kind != Object::Kind::Struct)
        fail(node, fmt::format("'{}' cannot be called from a kernel", callee->name));

    auto expected = expected_outputs_.find(node);
    int min_outputs = expected == expected_outputs_.end() ? 0 : expected->second;
    if (callee->kind == Object::Kind::Builtin && same_name(callee->name, "tid")) {
        uses_tid = true;
        if (min_outputs <= 1) uses_scalar_tid = true;
    }

    ScratchVector<CallArgument> args_s, kwargs_s;
    std::vector<CallArgument>& args = *args_s;
    std::vector<CallArgument>& kwargs = *kwargs_s;
    for (const ast::Expr* a : node->args) {
        if (a->kind == ast::ExprKind::Starred) {
            for (Value& v : unpack_starred(ast::as<ast::Starred>(a)))
                args.push_back(CallArgument{v, nullptr, ""});
            continue;
        }
        args.push_back(CallArgument{resolve_arg(a), a, ""});
    }
    for (const ast::Keyword& kw : node->keywords) {
        if (kw.arg.empty()) fail(node, "**kwargs are not supported in kernels");
        kwargs.push_back(CallArgument{resolve_arg(kw.value), kw.value, kw.arg});
    }
    current_pos_ = node->pos;

    if (callee->kind == Object::Kind::Function)
        return add_user_call(callee->function, args, kwargs, min_outputs, node);
    if (callee->kind == Object::Kind::Struct)
        return emit_struct_constructor(callee->type, args, kwargs, node);
    return add_builtin_call_resolved(*callee, args, kwargs, type_args, min_outputs, return_value_used, node);
}

} // namespace ws

namespace ws {

Value Adjoint::emit_static(const ast::Call* node) {
    // A wp.static(...) that could not be evaluated when the function was
    // defined (it names a loop variable): evaluate it now, with the constant
    // locals (unrolled loop indices) and the types of all locals (for len()).
    ModuleScope::LocalLookup locals = [&](std::string_view name) -> ObjectRef {
        const Value* v = symbols.find(name);
        if (!v || !v->is_var()) return nullptr;
        if (v->var->constant) return Object::make_constant(*v->var->constant);
        return Object::make_type(types::strip_reference(v->var->type), "<local>");
    };
    std::string code;
    ObjectRef obj;
    try {
        obj = src.scope->evaluate_static(node, &locals, &code);
    } catch (const PythonException& e) {
        fail_at(e.pos, fmt::format("error evaluating static expression: Python raises {}", e.message));
    }
    if (!obj) fail(node, "warp.static() requires a single argument or keyword");
    if (obj->kind == Object::Kind::Unsupported) {
        std::string why =
            obj->is_complex ? "its value is a complex number, which kernels cannot use" : obj->name;
        if (obj->name.rfind("undefined name", 0) == 0)
            why += "; make sure all variables used in the static expression are constant";
        fail(node, fmt::format("error evaluating static expression: {}", why));
    }
    deferred_statics.emplace_back(code, obj);
    if (obj->kind == Object::Kind::Constant) return Value(add_constant(*obj->value));
    return Value::of_object(obj);
}

} // namespace ws
