// Lvalue provenance of references (Warp's _LValueOrigin): how to spell the
// address of a struct field or array element reached through a chain of
// accesses, for the primal or the adjoint storage.
#include "codegen/value.h"

#include <fmt/format.h>

namespace ws {

namespace {

std::string join_indices(const LValueStep& step) {
    std::string s;
    for (size_t i = 0; i < step.indices.size(); ++i) s += (i ? ", " : "") + step.indices[i]->emit();
    return s;
}

std::string lvalue_of(const std::string& base, const LValueStep& step) {
    switch (step.kind) {
    case LValueStep::Kind::Field: return fmt::format("({}).{}", base, step.field);
    case LValueStep::Kind::Array: return fmt::format("(*wp::address({}, {}))", base, join_indices(step));
    case LValueStep::Kind::View: return fmt::format("wp::view({}, {})", base, join_indices(step));
    case LValueStep::Kind::Index: return fmt::format("(*wp::index({}, {}))", base, join_indices(step));
    }
    return base;
}

std::string step_pointer(const std::string& base, const LValueStep& step, bool adjoint) {
    const std::string& cast = adjoint ? step.adjoint_pointer_cast : step.pointer_cast;
    if (step.kind == LValueStep::Kind::Array)
        return fmt::format("{}wp::address({}, {})", cast, base, join_indices(step));
    if (step.kind == LValueStep::Kind::Index)
        return fmt::format("{}wp::index({}, {})", cast, base, join_indices(step));
    return fmt::format("{}&({})", cast, lvalue_of(base, step));
}

} // namespace

std::string LValueOrigin::step_lvalue(const std::string& base, const LValueStep& step) {
    return lvalue_of(base, step);
}

std::vector<const LValueStep*> LValueOrigin::steps() const {
    std::vector<const LValueStep*> out(last_ ? last_->depth : 0);
    size_t i = out.size();
    for (const Node* n = last_.get(); n; n = n->prev.get()) out[--i] = &n->step;
    return out;
}

// The steps are filled in place: moving a finished step (three strings and a vector) into the
// node cost more than the node's allocation.
LValueOrigin LValueOrigin::extend_node(std::shared_ptr<Node> node) const {
    node->prev = last_;
    node->depth = last_ ? last_->depth + 1 : 1;
    LValueOrigin o(root, root_is_ref_parameter);
    o.last_ = std::move(node);
    return o;
}

LValueOrigin LValueOrigin::extend_field(std::string field, std::string pointer_cast,
                                        std::string adjoint_cast) const {
    auto node = std::make_shared<Node>();
    node->step.kind = LValueStep::Kind::Field;
    node->step.field = std::move(field);
    node->step.pointer_cast = std::move(pointer_cast);
    node->step.adjoint_pointer_cast = std::move(adjoint_cast);
    return extend_node(std::move(node));
}

LValueOrigin LValueOrigin::extend_indices(LValueStep::Kind kind, std::span<Var* const> indices) const {
    auto node = std::make_shared<Node>();
    node->step.kind = kind;
    node->step.indices.assign(indices);
    return extend_node(std::move(node));
}

std::string LValueOrigin::root_expression(bool adjoint) const {
    const char* prefix = adjoint ? "adj" : "var";
    return root_is_ref_parameter ? fmt::format("*({})", root->emit(prefix)) : root->emit(prefix);
}

// `base` extended by the steps up to and including `last`, from the root outwards.
std::string LValueOrigin::chain(std::string base, const Node* last) {
    if (!last) return base;
    return lvalue_of(chain(std::move(base), last->prev.get()), last->step);
}

std::string LValueOrigin::emit_lvalue(bool adjoint) const {
    return chain(root_expression(adjoint), last_.get());
}

std::string LValueOrigin::emit_pointer(bool adjoint) const {
    if (!last_) {
        if (root_is_ref_parameter) return root->emit(adjoint ? "adj" : "var");
        return fmt::format("&({})", emit_lvalue(adjoint));
    }
    return step_pointer(chain(root_expression(adjoint), last_->prev.get()), last_->step, adjoint);
}

std::string LValueOrigin::emit_adjoint_pointer(int& label_count, std::vector<std::string>& prelude) const {
    if (!last_) return emit_pointer(true);
    std::string expr = root_expression(true);
    std::vector<const LValueStep*> all = steps();
    for (size_t i = 0; i + 1 < all.size(); ++i) {
        if (all[i]->kind != LValueStep::Kind::View) {
            expr = lvalue_of(expr, *all[i]);
            continue;
        }
        std::string name = fmt::format("_wp_ref_view_{}", label_count++);
        prelude.push_back(fmt::format("auto {} = {};", name, lvalue_of(expr, *all[i])));
        expr = name;
    }
    return step_pointer(expr, *all.back(), true);
}

} // namespace ws
