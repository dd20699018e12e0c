// Assignments: names, tuple unpacking, array elements, vector/matrix
// components, struct fields, and augmented assignments (which Warp lowers to
// atomics on arrays, in-place updates on local composites, or load-op-store).
#include "codegen/adjoint.h"
#include "codegen/module_builder.h"
#include "codegen/module_scope.h"
#include "codegen/operators.h"
#include "types/scratch_vector.h"

#include <fmt/format.h>
#include <functional>

namespace ws {

namespace {

std::string grad_handle_reassigned(std::string_view name) {
    return fmt::format(
        "Cannot reassign local '{}' after binding it to wp.grad(...). Warp treats wp.grad(...) "
        "results as static function handles; use a different local variable for the new value.",
        name);
}

bool is_function_object(const Object& o) {
    return o.kind == Object::Kind::Function || o.kind == Object::Kind::Builtin;
}

// `name = f` for a function (user or builtin) or a wp.grad(f) handle: the name stands for it
// (Warp's emit_Assign binds the symbol to the object; there are no function pointers).
void bind_function_local(Adjoint& adj, const ast::Assign* node, std::string_view name, const Value& rhs) {
    const Object& f = *rhs.object;
    const ast::Expr* lhs = node->targets[0];
    if (!is_grad_wrapper(f) && !is_function_object(f))
        adj.fail(node->value, "only values and functions can be assigned to local names");
    const Value* old = adj.symbols.find(name);
    if (is_function_object(f) && old && old->is_object() && is_function_object(*old->object)) {
        const Object& o = *old->object;
        bool same = o.kind == f.kind &&
                    (f.kind == Object::Kind::Function ? o.function == f.function : o.name == f.name);
        if (!same)
            adj.fail(lhs,
                     fmt::format("Error, rebinding function-valued local '{}' to a different function is not "
                                 "supported. Warp does not have function pointers, so a local bound to a "
                                 "function must refer to the same function throughout the kernel.",
                                 name));
    }
    adj.symbols.set(name, rhs);
}

// Warp's types_equal when a name is rebound: arrays of one class and dtype match whatever
// their ndim (`sub = arr[:2]` then `sub = arr[:2, 1]`); tiles of one dtype match whatever their
// shape and storage (an unrolled loop rebinds a tile that tile_matmul moved to shared memory).
bool same_symbol_type(TypeRef a, TypeRef b) {
    if (a == b) return true;
    if (a && b && a->is_tile() && b->is_tile()) return a->elem == b->elem;
    return a && b && a->is_array() && b->is_array() && a->array_class == b->array_class &&
           same_symbol_type(a->elem, b->elem);
}

const char* atomic_slot_op(ast::BinOpKind op) {
    switch (op) {
    case ast::BinOpKind::Add: return "add";
    case ast::BinOpKind::Sub: return "sub";
    case ast::BinOpKind::BitAnd: return "and";
    case ast::BinOpKind::BitOr: return "or";
    case ast::BinOpKind::BitXor: return "xor";
    default: return nullptr;
    }
}

bool is_non_atomic_scalar(Scalar s) {
    return s == Scalar::Int8 || s == Scalar::UInt8 || s == Scalar::Int16 || s == Scalar::UInt16;
}

// Warp reads the types of both sides of an assignment to an existing name, so
// neither may be nothing (the result of a call that returns no value).
[[noreturn]] void fail_nothing(const Adjoint& adj, const ast::Expr* target, std::string_view name,
                               bool old_is_nothing) {
    if (old_is_nothing)
        adj.fail(target, fmt::format("'{}' holds nothing (the result of a call that returns no value) and "
                                     "cannot be assigned again",
                                     name));
    adj.fail(
        target,
        fmt::format("cannot assign nothing (a call that returns no value) to the existing name '{}'", name));
}

} // namespace

void Adjoint::emit_assign(const ast::Assign* node) {
    if (node->targets.size() != 1)
        fail(node, "assigning the same value to multiple variables is not supported");
    if (node->value->kind == ast::ExprKind::List)
        fail(node->value,
             "list constructs are not supported in kernels; use vectors like `wp.vec3()` for small "
             "fixed-size collections");
    const ast::Expr* lhs = node->targets[0];

    if (lhs->kind == ast::ExprKind::Tuple) {
        const auto* tup = ast::as<ast::Tuple>(lhs);
        std::vector<Var*> rhs;
        std::vector<ObjectRef> functions; // by element: a function its name is bound to (`f, g = m.f, m.g`)
        if (node->value->kind == ast::ExprKind::Call)
            expected_outputs_[ast::as<ast::Call>(node->value)] = static_cast<int>(tup->elts.size());
        if (node->value->kind == ast::ExprKind::Tuple) {
            // As in Warp, an element that is nothing (a call that returns no
            // value) binds its name to nothing (null here): `x, y = 1, f(i)`.
            for (const ast::Expr* e : ast::as<ast::Tuple>(node->value)->elts) {
                Value v = eval(e);
                bool function =
                    v.is_object() && (is_function_object(*v.object) || is_grad_wrapper(*v.object));
                if (!v.is_var() && !v.is_none() && !function) fail(e, "value does not evaluate to a value");
                rhs.push_back(v.var);
                functions.push_back(function ? v.object : nullptr);
            }
        } else {
            Value v = eval(node->value);
            if (v.kind == Value::Kind::Outputs)
                rhs = v.outputs();
            else if (v.is_var() && v.var->type->is_tuple()) {
                if (v.var->type->elems.size() != tup->elts.size())
                    fail(node, fmt::format("invalid number of values to unpack (expected {}, got {})",
                                           tup->elts.size(), v.var->type->elems.size()));
                for (size_t i = 0; i < tup->elts.size(); ++i)
                    rhs.push_back(add_builtin_call1(
                        "extract", {v.var, add_constant(Constant::py_int(static_cast<int64_t>(i)))}));
            } else if (v.is_var()) {
                rhs.push_back(v.var);
            } else {
                fail(node, "cannot unpack this value");
            }
        }
        for (const ast::Expr* e : tup->elts)
            if (e->kind != ast::ExprKind::Name)
                fail(e, "multiple return functions can only assign to simple variables, e.g.: x, y = func()");
        if (rhs.size() != tup->elts.size())
            fail(node,
                 fmt::format("multiple return functions need to receive all their output values, incorrect "
                             "number of values to unpack (expected {}, got {})",
                             rhs.size(), tup->elts.size()));
        // Storing into a wp.ref[T] target must not change what the others read
        // (`old, x = x, 2.0`): Warp loads every reference on the right first.
        bool any_ref = false;
        for (const ast::Expr* e : tup->elts) any_ref = any_ref || ref_params.count(ast::as<ast::Name>(e)->id);
        if (any_ref)
            for (Var*& v : rhs)
                if (v) v = load(v);
        for (size_t i = 0; i < rhs.size(); ++i) {
            std::string_view name = ast::as<ast::Name>(tup->elts[i])->id;
            if (i < functions.size() && functions[i]) {
                // Warp binds the name to the function; it reads the type of a name bound before.
                if (ref_params.count(name) || symbols.find(name))
                    fail(tup->elts[i],
                         fmt::format("cannot bind '{}', a name bound before, to a function", name));
                symbols.set(name, Value::of_object(functions[i]));
                continue;
            }
            if (ref_params.count(name)) {
                if (!rhs[i]) fail(tup->elts[i], "only a value can be assigned to a wp.ref[T] parameter");
                store_ref_param(name, rhs[i], false, tup->elts[i]->pos);
                continue;
            }
            const Value* old = symbols.find(name);
            // Warp compares the types of both: neither may be nothing.
            if (old && (old->is_none() || !rhs[i])) fail_nothing(*this, tup->elts[i], name, old->is_none());
            if (old && old->is_var() && !same_symbol_type(old->var->type, rhs[i]->type))
                fail(tup->elts[i],
                     fmt::format("assigning to existing symbol {} ({}) with different type ({})", name,
                                 old->var->type->repr, rhs[i]->type->repr));
            symbols.set(name, rhs[i] ? Value(rhs[i]) : Value());
        }
        return;
    }

    Value rhs_value = eval(node->value);

    if (Var* adjoint = adjoint_target(lhs)) { // wp.adjoint[x] = value, in a @wp.func_grad body
        if (!rhs_value.is_var()) fail(node->value, "the assigned value is not a value");
        add_forward(fmt::format("{} = {};", adjoint->emit(), rhs_value.var->emit()));
        return;
    }

    if (lhs->kind == ast::ExprKind::Subscript) {
        if (!rhs_value.is_var()) fail(node->value, "the assigned value is not a value");
        Var* rhs = rhs_value.var;
        if (rhs->type->is_reference()) rhs = add_builtin_call1("copy", {rhs});
        ScratchVector<const ast::Expr*> index_nodes_s;
        std::vector<const ast::Expr*>& index_nodes = *index_nodes_s;
        Var* target = eval_subscript(ast::as<ast::Subscript>(lhs), true, index_nodes);
        ScratchVector<Var*> indices_s;
        std::vector<Var*>& indices = *indices_s;
        eval_indices(types::strip_reference(target->type), index_nodes, true, indices);
        if (auto slot = select_array_slot(target, &indices, nullptr, lhs)) {
            emit_array_slot(*slot, rhs, nullptr, &lhs->pos);
            return;
        }
        store_subscript(ast::as<ast::Subscript>(lhs), target, indices, rhs);
        return;
    }

    if (lhs->kind == ast::ExprKind::Name) {
        std::string_view name = ast::as<ast::Name>(lhs)->id;
        if (ref_params.count(name)) {
            if (!rhs_value.is_var())
                fail(node->value, "only a value can be assigned to a wp.ref[T] parameter");
            store_ref_param(name, rhs_value.var, false, lhs->pos);
            return;
        }
        if (rhs_value.is_object()) {
            bind_function_local(*this, node, name, rhs_value);
            return;
        }
        if (rhs_value.is_none())
            fail(node->value, "the assigned value is nothing (a call that returns no value)");
        if (const Value* old = symbols.find(name)) {
            if (old->is_none()) fail_nothing(*this, lhs, name, true);
            if (old->is_object() && is_grad_wrapper(*old->object)) fail(lhs, grad_handle_reassigned(name));
            if (!old->is_var())
                fail(lhs,
                     fmt::format("error, rebinding function-valued local '{}' to a non-function value is not "
                                 "supported",
                                 name));
            if (rhs_value.is_var() &&
                !same_symbol_type(types::strip_reference(rhs_value.var->type), old->var->type))
                fail(lhs,
                     fmt::format("error, assigning to existing symbol {} ({}) with different type ({})", name,
                                 old->var->type->repr, types::strip_reference(rhs_value.var->type)->repr));
        }
        Var* out;
        if (node->value->kind == ast::ExprKind::Tuple)
            out = rhs_value.var;
        else if (rhs_value.kind == Value::Kind::Outputs)
            out = add_builtin_call("tuple", rhs_value.outputs()).var;
        else if (node->value->kind == ast::ExprKind::Name && rhs_value.var->type->is_tile_stack())
            fail(node->value, "assigning a tile stack to another name is not supported by warpsynth");
        else if (node->value->kind == ast::ExprKind::Name || rhs_value.var->type->is_reference())
            out = add_builtin_call1("copy", {rhs_value.var});
        else
            out = rhs_value.var;
        // An array alias keeps the provenance of the storage it describes.
        if (out->type->is_array() && rhs_value.is_var()) out->ref_origin = rhs_value.var->ref_origin;
        symbols.set(name, Value(out));
        return;
    }

    if (lhs->kind == ast::ExprKind::Attribute) {
        if (!rhs_value.is_var()) fail(node->value, "the assigned value is not a value");
        Var* rhs = rhs_value.var;
        if (rhs->type->is_reference()) rhs = add_builtin_call1("copy", {rhs});
        const auto* attr = ast::as<ast::Attribute>(lhs);
        Var* aggregate = resolve_attribute_store_aggregate(attr->value);
        if (auto slot = select_array_slot(aggregate, nullptr, &attr->attr, lhs)) {
            emit_array_slot(*slot, rhs, nullptr, &lhs->pos);
            return;
        }
        store_attribute(attr, aggregate, rhs);
        return;
    }
    fail(node, "error, unsupported assignment statement");
}

void Adjoint::store_subscript(const ast::Subscript* lhs, Var* target, const std::vector<Var*>& indices,
                              Var* rhs) {
    TypeRef tt = types::strip_reference(target->type);
    if (tt->is_tile()) {
        store_tile_subscript(lhs, target, indices, rhs);
        return;
    }
    // A scratch vector (see ScratchVector): building one cost two allocations per store.
    ScratchVector<Var*> a_s;
    std::vector<Var*>& a = *a_s;
    a.push_back(target);
    a.insert(a.end(), indices.begin(), indices.end());
    if (tt->is_array()) {
        a.push_back(rhs);
        add_builtin_call("array_store", a);
    } else if (tt->is_composite()) {
        if (target->type->is_reference()) {
            Var* ref = add_builtin_call("indexref", a).var;
            add_builtin_call1("store", {ref, rhs});
        } else {
            a.push_back(rhs);
            add_builtin_call("assign_inplace", a);
        }
    } else {
        fail(lhs,
             fmt::format(
                 "can only subscript assign array, vector, quaternion, transformation, and matrix types, "
                 "got {}",
                 tt->repr));
    }
}

Var* Adjoint::resolve_attribute_store_aggregate(const ast::Expr* node) {
    // A nested struct member of a local struct becomes a dotted member variable.
    std::function<Var*(const ast::Expr*)> member = [&](const ast::Expr* n) -> Var* {
        if (n->kind != ast::ExprKind::Attribute) return nullptr;
        const auto* a = ast::as<ast::Attribute>(n);
        Var* base = nullptr;
        if (a->value->kind == ast::ExprKind::Name) {
            Value v = eval(a->value);
            base = v.is_var() ? v.var : nullptr;
        } else {
            base = member(a->value);
        }
        if (!base || base->type->is_reference() || !base->type->is_struct()) return nullptr;
        const StructDef::Field* f = base->type->st->field(a->attr);
        if (!f) return nullptr;
        Var& m = var_storage_.emplace_back();
        m.label = cat(base->label, ".", a->attr);
        m.type = f->type;
        m.prefix = base->prefix;
        return &m;
    };
    if (Var* m = member(node); m && m->type->is_struct()) return m;
    Value v = eval_store_target(node);
    if (!v.is_var()) fail(node, "attribute target is not a value");
    return v.var;
}

void Adjoint::store_attribute(const ast::Attribute* lhs, Var* aggregate, Var* rhs) {
    TypeRef at = types::strip_reference(aggregate->type);
    if (at->is_vector() || at->is_quat()) {
        Var* index = vector_component_index(lhs, lhs->attr, at);
        if (aggregate->type->is_reference()) {
            Var* ref = add_builtin_call1("indexref", {aggregate, index});
            add_builtin_call1("store", {ref, rhs});
        } else {
            add_builtin_call1("assign_inplace", {aggregate, index, rhs});
        }
        return;
    }
    if (at->is_transform()) {
        if (lhs->attr != "p" && lhs->attr != "q")
            fail(lhs,
                 fmt::format("attribute for transformation must be either 'p' or 'q', got {}", lhs->attr));
        if (aggregate->type->is_reference())
            fail(lhs, "error, assigning transform attribute to an array element");
        add_builtin_call1(lhs->attr == "p" ? "transform_set_translation" : "transform_set_rotation",
                          {aggregate, rhs});
        return;
    }
    if (at->is_struct() && !aggregate->type->is_reference()) {
        const StructDef::Field* f = at->st->field(lhs->attr);
        if (!f) fail(lhs, fmt::format("`{}` is not a field of {}", lhs->attr, at->repr));
        if (rhs->type->is_reference()) rhs = add_builtin_call1("copy", {rhs});
        if (types::strip_reference(rhs->type) != f->type)
            fail(lhs, fmt::format("error, assigning to struct field `{}` ({}) with different type ({})",
                                  lhs->attr, f->type->repr, types::strip_reference(rhs->type)->repr));
        add_forward(fmt::format("{}.{} = {};", aggregate->emit(), f->name, rhs->emit()));
        add_reverse(fmt::format("{}.{} = {{}};", aggregate->emit_adj(), f->name));
        bool differentiable = (f->type->is_value() && is_float(f->type->scalar)) || f->type->is_struct();
        if (differentiable)
            add_reverse(fmt::format("{} += {}.{};", rhs->emit_adj(), aggregate->emit_adj(), f->name));
        return;
    }
    Value attr = emit_attribute(lhs, Value(aggregate));
    if (!attr.is_var()) fail(lhs, "attribute is not assignable");
    if (attr.var->type->is_reference())
        add_builtin_call1("store", {attr.var, rhs});
    else
        add_builtin_call1("assign", {attr.var, rhs});
}

void Adjoint::record_unsupported_slot_adjoint(const Var* result, const Var* target) {
    if (!target->array_slot()) return;
    TypeRef t = types::strip_reference(result->type);
    bool differentiable = (t->is_value() && is_float(t->scalar)) || t->is_struct();
    if (!differentiable || !slot_augassign_error.empty()) return;
    slot_augassign_error =
        fmt::format("in {} '{}': differentiable composite slot augmented assignments with this "
                    "operator are not supported with backward code generation enabled; write "
                    "the result to a separate array, or use enable_backward=False",
                    is_user_function ? "function" : "kernel", src.key);
    slot_error_pos = current_pos_;
}

// `x op= v` of a name: the operator's result rebinds the name (Warp's types_equal must hold), a
// tile updated by a tile stays in place, a wp.ref parameter is stored through.
void Adjoint::augassign_name(const ast::AugAssign* node, std::string_view op_name, const ObjectRef& user_op) {
    const ast::Expr* lhs = node->target;
    Var* rhs = eval_var(node->value, "value");
    Var* target = eval_var(lhs, "augmented assignment target");
    if (target->type->is_tile() && augassign_tile(node, target, rhs)) return; // updated in place
    current_pos_ = node->pos;
    if (target->type->is_tile_stack())
        fail(lhs, "augmented assignment of a tile stack is not supported by warpsynth");
    Var* result;
    CallArgument a[] = {{Value(target), lhs, ""}, {Value(rhs), node->value, ""}};
    if (user_op && user_overload_exists(*user_op->function, a)) {
        result = add_user_call(user_op->function, a, {}, 0, node->value).var;
    } else {
        result = add_builtin_call1(op_name, {target, rhs});
    }
    std::string_view name = ast::as<ast::Name>(lhs)->id;
    if (ref_params.count(name)) {
        store_ref_param(name, result, true, node->pos);
        return;
    }
    if (const Value* old = symbols.find(name);
        old && old->is_var() && !same_symbol_type(types::strip_reference(result->type), old->var->type))
        fail(node, fmt::format("error, augmented assignment to `{}` ({}) produces different type ({})", name,
                               old->var->type->repr, types::strip_reference(result->type)->repr));
    symbols.set(name, Value(result));
}

void Adjoint::emit_augassign(const ast::AugAssign* node) {
    const ast::Expr* lhs = node->target;
    std::string_view op_name = operator_builtin(node->op);
    ObjectRef user_op = src.global(op_name);
    if (user_op && user_op->kind != Object::Kind::Function) user_op = nullptr;

    if (lhs->kind == ast::ExprKind::Name) {
        augassign_name(node, op_name, user_op);
        return;
    }

    std::optional<Var*> rhs_cache;
    auto eval_rhs = [&]() -> Var* {
        if (!rhs_cache) rhs_cache = eval_var(node->value, "value");
        return *rhs_cache;
    };
    auto apply_operator = [&](Var* current) -> Var* {
        Var* rhs = eval_rhs();
        current_pos_ = node->pos;
        CallArgument a[] = {{Value(current), lhs, ""}, {Value(rhs), node->value, ""}};
        if (user_op && user_overload_exists(*user_op->function, a))
            return add_user_call(user_op->function, a, {}, 0, node->value).var;
        return add_builtin_call1(op_name, {current, rhs});
    };

    if (Var* current = adjoint_target(lhs)) { // wp.adjoint[x] += value, in a @wp.func_grad body
        Var* result = apply_operator(current);
        add_forward(fmt::format("{} = {};", adjoint_target(lhs)->emit(), result->emit()));
        return;
    }

    if (lhs->kind == ast::ExprKind::Subscript) {
        const auto* sub = ast::as<ast::Subscript>(lhs);
        ScratchVector<const ast::Expr*> index_nodes;
        Var* target = eval_subscript(sub, true, *index_nodes);
        TypeRef tt = types::strip_reference(target->type);
        ScratchVector<Var*> indices_s;
        std::vector<Var*>& indices = *indices_s;
        eval_indices(tt, *index_nodes, true, indices);

        auto lower_load_op_store = [&]() {
            for (Var*& i : indices) i = load(i);
            auto slot = select_array_slot(target, &indices, nullptr, lhs);
            if (!user_op && slot && is_atomic_slot(*slot, node->op)) {
                emit_array_slot(*slot, eval_rhs(), atomic_slot_op(node->op), &lhs->pos);
                return;
            }
            ScratchVector<Var*> a_s; // see store_subscript
            std::vector<Var*>& a = *a_s;
            a.push_back(target);
            a.insert(a.end(), indices.begin(), indices.end());
            Var* current;
            if (target->type->is_reference())
                current = add_builtin_call("extract", a).var;
            else if (tt->is_array())
                current = add_builtin_call("address", a).var;
            else
                current = add_builtin_call("extract", a).var;
            Var* result = apply_operator(current);
            record_unsupported_slot_adjoint(result, target);
            if (slot)
                emit_array_slot(*slot, result, nullptr, &lhs->pos);
            else
                store_subscript(sub, target, indices, result);
        };

        if (tt->is_tile()) {
            augassign_tile_subscript(node, target, indices, eval_rhs, apply_operator);
            return;
        }
        if (tt->is_array()) {
            TypeRef dt = tt->elem;
            bool non_atomic = (dt->is_scalar() || dt->is_composite()) && is_non_atomic_scalar(dt->scalar);
            const char* atomic = nullptr;
            switch (node->op) {
            case ast::BinOpKind::Add: atomic = "atomic_add"; break;
            case ast::BinOpKind::Sub: atomic = "atomic_sub"; break;
            case ast::BinOpKind::BitAnd: atomic = "atomic_and"; break;
            case ast::BinOpKind::BitOr: atomic = "atomic_or"; break;
            case ast::BinOpKind::BitXor: atomic = "atomic_xor"; break;
            default: break;
            }
            if (non_atomic || !atomic) {
                lower_load_op_store();
                return;
            }
            ScratchVector<Var*> a_s; // see store_subscript
            std::vector<Var*>& a = *a_s;
            a.push_back(target);
            a.insert(a.end(), indices.begin(), indices.end());
            a.push_back(eval_rhs());
            current_pos_ = node->pos;
            add_builtin_call(atomic, a, 0, false);
            return;
        }
        if (tt->is_composite()) {
            const char* inplace = inplace_builtin(node->op);
            if (target->type->is_reference() || !inplace) {
                lower_load_op_store();
                return;
            }
            ScratchVector<Var*> a_s; // see store_subscript
            std::vector<Var*>& a = *a_s;
            a.push_back(target);
            a.insert(a.end(), indices.begin(), indices.end());
            a.push_back(eval_rhs());
            current_pos_ = node->pos;
            add_builtin_call(inplace, a);
            return;
        }
        fail(lhs, "can only subscript in-place assign array, vector, quaternion, and matrix types");
    }

    if (lhs->kind == ast::ExprKind::Attribute) {
        const auto* attr = ast::as<ast::Attribute>(lhs);
        Var* aggregate = resolve_attribute_store_aggregate(attr->value);
        auto slot = select_array_slot(aggregate, nullptr, &attr->attr, lhs);
        if (!user_op && slot && is_atomic_slot(*slot, node->op)) {
            emit_array_slot(*slot, eval_rhs(), atomic_slot_op(node->op), &lhs->pos);
            return;
        }
        Value current = emit_attribute(attr, Value(aggregate));
        if (!current.is_var()) fail(lhs, "attribute is not a value");
        Var* result = apply_operator(current.var);
        record_unsupported_slot_adjoint(result, aggregate);
        if (slot)
            emit_array_slot(*slot, result, nullptr, &lhs->pos);
        else
            store_attribute(attr, aggregate, result);
        return;
    }
    fail(node, "error, unsupported target for augmented assignment");
}

} // namespace ws
