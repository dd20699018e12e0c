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

LValueOrigin LValueOrigin::extend(LValueStep step) const {
    LValueOrigin o = *this;
    o.steps.push_back(std::move(step));
    return o;
}

LValueOrigin LValueOrigin::extend_field(std::string field, std::string pointer_cast,
                                        std::string adjoint_cast) const {
    LValueStep s;
    s.kind = LValueStep::Kind::Field;
    s.field = std::move(field);
    s.pointer_cast = std::move(pointer_cast);
    s.adjoint_pointer_cast = std::move(adjoint_cast);
    return extend(std::move(s));
}

LValueOrigin LValueOrigin::extend_array(std::vector<const Var*> indices) const {
    LValueStep s;
    s.kind = LValueStep::Kind::Array;
    s.indices = std::move(indices);
    return extend(std::move(s));
}

LValueOrigin LValueOrigin::extend_view(std::vector<const Var*> indices) const {
    LValueStep s;
    s.kind = LValueStep::Kind::View;
    s.indices = std::move(indices);
    return extend(std::move(s));
}

LValueOrigin LValueOrigin::extend_index(std::vector<const Var*> indices) const {
    LValueStep s;
    s.kind = LValueStep::Kind::Index;
    s.indices = std::move(indices);
    return extend(std::move(s));
}

std::string LValueOrigin::emit_lvalue(bool adjoint) const {
    std::string expr = root_is_ref_parameter ? fmt::format("*({})", root->emit(adjoint ? "adj" : "var"))
                                             : root->emit(adjoint ? "adj" : "var");
    for (const auto& step : steps) expr = lvalue_of(expr, step);
    return expr;
}

std::string LValueOrigin::emit_pointer(bool adjoint) const {
    if (steps.empty()) {
        if (root_is_ref_parameter) return root->emit(adjoint ? "adj" : "var");
        return fmt::format("&({})", emit_lvalue(adjoint));
    }
    std::string expr = root_is_ref_parameter ? fmt::format("*({})", root->emit(adjoint ? "adj" : "var"))
                                             : root->emit(adjoint ? "adj" : "var");
    for (size_t i = 0; i + 1 < steps.size(); ++i) expr = lvalue_of(expr, steps[i]);
    return step_pointer(expr, steps.back(), adjoint);
}

std::string LValueOrigin::emit_adjoint_pointer(int& label_count, std::vector<std::string>& prelude) const {
    if (steps.empty()) return emit_pointer(true);
    std::string expr = root_is_ref_parameter ? fmt::format("*({})", root->emit("adj")) : root->emit("adj");
    for (size_t i = 0; i + 1 < steps.size(); ++i) {
        if (steps[i].kind != LValueStep::Kind::View) {
            expr = lvalue_of(expr, steps[i]);
            continue;
        }
        std::string name = fmt::format("_wp_ref_view_{}", label_count++);
        prelude.push_back(fmt::format("auto {} = {};", name, lvalue_of(expr, steps[i])));
        expr = name;
    }
    return step_pointer(expr, steps.back(), true);
}

} // namespace ws
