// Stores into a part of an array element (Warp's array slots): `a[i].x = v`,
// `a[i][k] += v`, `particles[i].vel = v`. The element is addressed once, the
// selected component or field is written (or updated atomically) in place,
// and the adjoint scatters only into that slot.
#include "codegen/adjoint.h"
#include "codegen/module_builder.h"

#include <fmt/format.h>

namespace ws {

namespace {

std::string join_indices(const std::vector<const Var*>& indices) {
    std::string s;
    for (size_t i = 0; i < indices.size(); ++i) s += (i ? ", " : "") + indices[i]->emit();
    return s;
}

std::string root_expression(const Var* root) {
    return root->type->is_reference() ? fmt::format("*({})", root->emit()) : root->emit();
}

} // namespace

Var* Adjoint::array_slot_reference(std::shared_ptr<const ArraySlot> slot, const LValueOrigin* origin) {
    Var* ref = add_var(types::reference(slot->type));
    ref->set_extras().array_slot = slot;
    if (origin) ref->ref_origin = *origin;
    add_forward(fmt::format("{} = &(wp::index({}, {}){});", ref->emit(), root_expression(slot->root),
                            join_indices(slot->indices), slot->access));
    return ref;
}

std::shared_ptr<const ArraySlot> Adjoint::select_array_slot(const Var* target,
                                                            const std::vector<Var*>* indices,
                                                            const std::string_view* attr,
                                                            const ast::Expr* node) {
    if (!target || !target->array_slot()) return nullptr;
    const ArraySlot& src_slot = *target->array_slot();
    TypeRef t = src_slot.type;
    std::string access;
    TypeRef slot_type = nullptr;
    if (!attr) {
        std::vector<Var*> idx = *indices;
        for (Var*& i : idx) i = load(i);
        auto is_int = [](const Var* v) { return types::strip_reference(v->type)->is_int_scalar(); };
        if (t->is_matrix()) {
            if (idx.size() == 1 && is_int(idx[0])) {
                access = fmt::format(".row_ref({})", idx[0]->emit());
                slot_type = types::matrix_row(t);
            } else if (idx.size() == 2 && is_int(idx[0]) && is_int(idx[1])) {
                access = fmt::format(".element_ref({}, {})", idx[0]->emit(), idx[1]->emit());
                slot_type = types::scalar(t->scalar);
            } else {
                return nullptr;
            }
        } else if (t->is_vector() || t->is_quat() || t->is_transform()) {
            if (idx.size() != 1 || !is_int(idx[0])) return nullptr;
            access = fmt::format(".component_ref({})", idx[0]->emit());
            slot_type = types::scalar(t->scalar);
        } else {
            return nullptr;
        }
    } else if (t->is_vector() || t->is_quat()) {
        Var* index = vector_component_index(node, *attr, t);
        access = fmt::format(".component_ref({})", index->emit());
        slot_type = types::scalar(t->scalar);
    } else if (t->is_transform()) {
        if (*attr != "p" && *attr != "q")
            fail(node, fmt::format("attribute for transformation must be either 'p' or 'q', got {}", *attr));
        access.append(".").append(*attr);
        slot_type = *attr == "p" ? types::vector(3, t->scalar) : types::quaternion(t->scalar);
    } else if (t->is_struct()) {
        const StructDef::Field* f = t->st->field(*attr);
        if (!f || f->type->is_array()) return nullptr;
        access = "." + f->name;
        slot_type = f->type;
    } else {
        return nullptr;
    }
    auto out = std::make_shared<ArraySlot>();
    out->root = src_slot.root;
    out->indices = src_slot.indices;
    out->access = src_slot.access + access;
    out->type = slot_type;
    return out;
}

bool Adjoint::is_atomic_slot(const ArraySlot& slot, ast::BinOpKind op) const {
    Scalar s = slot.type->scalar;
    if (!slot.type->is_scalar() && !slot.type->is_composite()) return false;
    switch (op) {
    case ast::BinOpKind::Add:
    case ast::BinOpKind::Sub:
        return s == Scalar::Int32 || s == Scalar::UInt32 || s == Scalar::Int64 || s == Scalar::UInt64 ||
               s == Scalar::Float16 || s == Scalar::BFloat16 || s == Scalar::Float32 || s == Scalar::Float64;
    case ast::BinOpKind::BitAnd:
    case ast::BinOpKind::BitOr:
    case ast::BinOpKind::BitXor:
        return s == Scalar::Int32 || s == Scalar::UInt32 || s == Scalar::Int64 || s == Scalar::UInt64;
    default: return false;
    }
}

void Adjoint::emit_array_slot(const ArraySlot& slot, Var* rhs, const char* operation, const Pos* where) {
    if (rhs->type->is_reference()) rhs = add_builtin_call1("copy", {rhs});
    if (types::strip_reference(rhs->type) != slot.type)
        fail_at(where ? *where : current_pos_,
                fmt::format("composite slot assignment expects value of type {}, got {}", slot.type->repr,
                            types::strip_reference(rhs->type)->repr));
    if (det) det->track_slot_write(slot, operation, where ? *where : current_pos_);
    std::string array = root_expression(slot.root);
    std::string indices = join_indices(slot.indices);
    std::string accessor = fmt::format("[&](auto& _e) -> auto& {{ return _e{}; }}", slot.access);
    std::string forward, reverse_op;
    if (!operation) {
        forward =
            fmt::format("wp::store(&(wp::index({}, {}){}), {});", array, indices, slot.access, rhs->emit());
        reverse_op = "store";
    } else {
        forward = fmt::format("wp::array_atomic_{}_slot({}, {}, {}, {});", operation, array, rhs->emit(),
                              accessor, indices);
        reverse_op = fmt::format("atomic_{}", operation);
    }
    add_forward(forward, "// " + forward);
    add_reverse(fmt::format("wp::adj_array_{}_slot({}, {}, {}, {}, {});", reverse_op, array,
                            array_slot_adjoint(slot.root), rhs->emit_adj(), accessor, indices));
}

std::string Adjoint::array_slot_adjoint(const Var* root) {
    // The gradient array of the slot's root, found through the root's
    // provenance (a parameter, a struct field, an element, a view) without
    // rebinding descriptors: a chain of steps in a lambda when there are some.
    LValueOrigin storage;
    const LValueOrigin* origin = reference_origin_for_var(root, &storage);
    if (!origin) return root->emit_adj();
    TypeRef array_type = types::strip_reference(root->type);
    std::string expr = origin->root->emit_adj();
    if (origin->root_is_ref_parameter) expr = fmt::format("*({})", expr);
    if (!origin->has_steps()) return expr;
    TypeRef current = types::strip_reference(origin->root->type);
    std::string statements = fmt::format("auto slot_adj_0 = {};", expr);
    std::vector<const LValueStep*> steps = origin->steps();
    for (size_t i = 0; i < steps.size(); ++i) {
        const LValueStep& step = *steps[i];
        std::string source = fmt::format("slot_adj_{}", i);
        if (step.kind == LValueStep::Kind::Array || step.kind == LValueStep::Kind::View) {
            if (!current->is_array() || current->array_class != ArrayClass::Array) return root->emit_adj();
            statements += fmt::format(" if (!{}.data) return {{}};", source);
            if (step.kind == LValueStep::Kind::Array) current = current->elem;
        } else if (step.kind == LValueStep::Kind::Field) {
            const StructDef::Field* f = current->is_struct() ? current->st->field(step.field) : nullptr;
            if (!f) return root->emit_adj();
            current = f->type;
        } else {
            return root->emit_adj();
        }
        statements += fmt::format(" auto slot_adj_{} = {};", i + 1, LValueOrigin::step_lvalue(source, step));
    }
    statements += fmt::format(" return slot_adj_{};", steps.size());
    return fmt::format("([&]() -> {} {{ {} }}())", array_type->ctype, statements);
}

} // namespace ws
