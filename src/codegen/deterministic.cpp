// Warp's deterministic lowering of scatter atomics and array-read gradients (see deterministic.h).
#include "codegen/deterministic.h"

#include "codegen/adjoint.h"
#include "syntax/ast_walk.h"

#include <algorithm>
#include <deque>
#include <fmt/format.h>
#include <fmt/ranges.h>

namespace ws {

namespace {

bool intercepted(std::string_view name) {
    return name == "atomic_add" || name == "atomic_sub" || name == "atomic_min" || name == "atomic_max";
}

// Atomics Warp leaves as they are, but whose targets it checks against the transformed ones.
bool side_effect_atomic(std::string_view key) {
    return key == "atomic_cas" || key == "atomic_exch" || key == "atomic_xor" || key == "atomic_and" ||
           key == "atomic_or" || key == "tile_atomic_add" || key == "tile_atomic_add_indexed";
}

std::string_view call_name(const ast::Expr* func) {
    if (func->kind == ast::ExprKind::Name) return ast::as<ast::Name>(func)->id;
    if (func->kind == ast::ExprKind::Attribute) return ast::as<ast::Attribute>(func)->attr;
    return {};
}

// Warp's pre-scan (_deterministic_has_consumed_atomic): an atomic call by name that is not a
// statement of its own. Null when there is none.
const ast::Call* consumed_atomic(const ast::FunctionDef* def) {
    std::vector<std::pair<WalkNode, const ast::Stmt*>> stack{{WalkNode{.stmt = def}, nullptr}};
    std::deque<WalkNode> kids;
    while (!stack.empty()) {
        auto [node, parent] = stack.back();
        stack.pop_back();
        if (node.expr && node.expr->kind == ast::ExprKind::Call) {
            const auto* call = ast::as<ast::Call>(node.expr);
            bool statement = parent && parent->kind == ast::StmtKind::Expr &&
                             ast::as<ast::ExprStmt>(parent)->value == node.expr;
            if (intercepted(call_name(call->func)) && !statement) return call;
        }
        kids.clear();
        children(node, kids);
        for (const WalkNode& k : kids) stack.emplace_back(k, node.stmt);
    }
    return nullptr;
}

// Warp's sanitize_det_name for a Python identifier: without leading and trailing underscores.
std::string sanitized(const std::string& label) {
    size_t b = label.find_first_not_of('_');
    if (b == std::string::npos) return "target";
    return label.substr(b, label.find_last_not_of('_') - b + 1);
}

bool float_value(TypeRef t) {
    return (t->is_scalar() || t->is_composite()) && is_float(t->scalar);
}

} // namespace

DeterministicLowering::DeterministicLowering(Adjoint& adj) : adj_(adj) {
    if (adj.is_user_function) return; // its atomics are refused where they are lowered
    if (const ast::Call* call = consumed_atomic(adj.src.def))
        refuse(call->pos, "the result of an atomic (Warp's two-pass slot counters)");
}

void DeterministicLowering::refuse(const Pos& where, const std::string& what) const {
    adj_.fail_at(where, fmt::format("deterministic mode: {} is not supported by warpsynth", what));
}

// The kernel parameter an array (or, for `element_reference`, the element it addresses) belongs
// to; null for arrays reached through struct fields, views, wp.ref parameters and locals.
const Var* DeterministicLowering::root_parameter(const Var* array, bool element_reference) const {
    const LValueOrigin* o = array->ref_origin ? &array->ref_origin : nullptr;
    if (!o) return nullptr;
    if (o->root_is_ref_parameter || !o->root->is_parameter || !o->root->type->is_array()) return nullptr;
    if (element_reference ? !o->has_steps() || o->steps()[0]->kind != LValueStep::Kind::Array
                          : o->has_steps())
        return nullptr;
    return o->root;
}

void DeterministicLowering::check_access(const Key& key, const char* operation, const Pos& where) const {
    for (const Target& t : targets_)
        if (t.forward && t.root == key.first && t.adjoint == key.second)
            adj_.fail_at(where,
                         fmt::format("deterministic mode cannot compile this kernel: array '{}' receives "
                                     "deterministic atomic updates and is also {}",
                                     key.first, operation));
}

void DeterministicLowering::record(std::set<Key>& seen, const Var* array, bool element_reference,
                                   const char* operation, const Pos& where) {
    const Var* root = root_parameter(array, element_reference);
    if (!root) return; // never a target: targets are parameters themselves
    Key key{root->label, false};
    check_access(key, operation, where);
    seen.insert(key);
}

void DeterministicLowering::track_call(std::string_view key, std::span<Var* const> args, const Pos& where) {
    bool writes = key == "array_store" || key == "tile_store" || key == "tile_store_indexed";
    if (key == "view") refuse(where, "an array view (its deterministic reduction offsets)");
    if (adj_.is_user_function && (writes || side_effect_atomic(key)))
        refuse(where, "writing to an array inside a @wp.func (Warp guards it with the kernel's deterministic "
                      "context)");
    // Warp guards these side effects in a @wp.func with the caller's deterministic context too.
    if (adj_.is_user_function && (key == "printf" || key.starts_with("volume_store")))
        refuse(where, fmt::format("wp.{}() inside a @wp.func", key));
    if (args.empty()) return;
    if (key == "load" && args[0]->type->is_reference() && !args[0]->type->elem->is_array())
        record(loads_, args[0], true, "read directly", where);
    else if (key == "tile_load" || key == "tile_load_indexed")
        record(loads_, args[0], false, "read directly", where);
    else if (writes)
        record(stores_, args[0], false, "written directly", where);
    else if (side_effect_atomic(key))
        record(side_effects_, args[0], false, "updated by another atomic operation", where);
}

void DeterministicLowering::include_call(const DeterministicLowering& callee,
                                         const std::vector<Param>& params, const std::vector<Var*>& bound,
                                         const Pos& where) {
    for (const Key& key : callee.loads_)
        for (size_t j = 0; j < params.size(); ++j)
            if (params[j].name == key.first && bound[j])
                record(loads_, bound[j], false, "read directly", where);
}

void DeterministicLowering::track_slot_write(const ArraySlot& slot, const char* operation, const Pos& where) {
    if (adj_.is_user_function) refuse(where, "writing into an array element inside a @wp.func");
    if (!operation) {
        record(stores_, slot.root, false, "written directly", where);
        return;
    }
    std::string_view op = operation;
    if ((op == "add" || op == "sub") && float_value(slot.type))
        adj_.fail_at(where, "deterministic mode cannot compile this kernel: floating-point composite slot "
                            "augmented assignment atomics are not supported");
}

const DeterministicLowering::Target& DeterministicLowering::target(const Var* root, bool adjoint,
                                                                   Family family, TypeRef value_type,
                                                                   const Pos& where) {
    Key key{root->label, adjoint};
    std::string label = adjoint ? "adj_" + root->label : root->label;
    if (!adjoint) {
        const char* conflict = loads_.count(key)          ? "read directly"
                               : stores_.count(key)       ? "written directly"
                               : side_effects_.count(key) ? "updated by another atomic operation"
                                                          : nullptr;
        if (conflict)
            adj_.fail_at(where,
                         fmt::format("deterministic mode cannot compile this kernel: array '{}' receives "
                                     "deterministic atomic updates and is also {}",
                                     label, conflict));
    }
    for (Target& t : targets_) {
        if (t.root != key.first || t.adjoint != adjoint) continue;
        if (t.family != family)
            adj_.fail_at(where,
                         fmt::format("deterministic mode cannot compile this kernel: array '{}' receives "
                                     "atomic operations of different families (add, min, max)",
                                     label));
        t.forward = t.forward || !adjoint;
        return t;
    }
    std::string helper = fmt::format("det_scatter_{}_{}", targets_.size(), sanitized(label));
    targets_.push_back(Target{root->label, adjoint, family, value_type, std::move(helper), !adjoint});
    return targets_.back();
}

// The element's offset from the array's data pointer, through its strides (Warp's
// _deterministic_flat_index_expr), with Python's negative indices.
std::string DeterministicLowering::flat_index(const std::string& array, std::span<Var* const> indices,
                                              TypeRef value_type) const {
    std::string terms;
    for (size_t k = 0; k < indices.size(); ++k) {
        const std::string& i = indices[k]->emit();
        terms += fmt::format("{}(({} < 0) ? ({} + {}.shape[{}]) : {}) * {}.strides[{}]", k ? " + " : "", i, i,
                             array, k, i, array, k);
    }
    return fmt::format("(({}) / static_cast<int>(sizeof({})))", terms, value_type->ctype);
}

DeterministicLowering::Atomic DeterministicLowering::emit_atomic(std::string_view key,
                                                                 const std::string& native,
                                                                 const std::vector<Var*>& fwd_args,
                                                                 const std::vector<Var*>& args, Var* output,
                                                                 bool return_value_used, const Pos& where) {
    if (!intercepted(key)) return Atomic::NotIntercepted;
    if (adj_.src.custom_reverse_inputs >= 0) refuse(where, "an atomic inside a @wp.func_grad");
    if (return_value_used) refuse(where, "the result of an atomic (Warp's two-pass slot counters)");
    TypeRef array_type = types::strip_reference(fwd_args[0]->type);
    if (!array_type->is_array() || array_type->array_class != ArrayClass::Array || !output)
        refuse(where, "an atomic on an indexed, fabric or fixed array");
    const Var* root = root_parameter(fwd_args[0], false);
    if (!root)
        refuse(where, "an atomic whose target array is not a kernel argument (a struct field or a view)");
    TypeRef value_type = array_type->elem;
    if (!float_value(value_type)) { // integer atomics are deterministic as they are
        if (adj_.is_user_function)  // Warp guards them with the caller's deterministic context
            refuse(where, "an integer atomic inside a @wp.func");
        record(side_effects_, fwd_args[0], false, "updated by another atomic operation", where);
        return Atomic::Usual;
    }
    Family family = key == "atomic_min" ? Family::Min : key == "atomic_max" ? Family::Max : Family::Add;
    const Target& t = target(root, false, family, value_type, where);
    std::span<Var* const> indices(fwd_args.data() + 1, fwd_args.size() - 2);
    const Var* value = fwd_args.back();
    std::vector<std::string> loaded;
    for (const Var* a : fwd_args) loaded.push_back(a->emit());
    std::string fallback = fmt::format("{} = wp::{}({});", output->emit(), native, fmt::join(loaded, ", "));
    std::string scattered = key == "atomic_sub" ? "(-" + value->emit() + ")" : value->emit();
    adj_.add_forward(fmt::format("WP_DET_SCATTER_OR_FALLBACK(det_ctx, {}, {}, {}, {});", t.helper,
                                 flat_index(root->emit(), indices, value_type), scattered, fallback),
                     "// deterministic scatter replay (skipped)");
    adj_.add_forward(fmt::format("{} = {}{{}};", output->emit(), output->type->ctype));
    // The reverse takes the loaded indices' adjoints and the value's as it was passed.
    std::vector<std::string> parts{root->emit()};
    for (const Var* i : indices) parts.push_back(i->emit());
    parts.push_back(value->emit());
    parts.push_back(root->emit_adj());
    for (const Var* i : indices) parts.push_back(i->emit_adj());
    parts.push_back(args.back()->emit_adj());
    parts.push_back(output->emit_adj());
    adj_.add_reverse(fmt::format("wp::adj_{}({});", native, fmt::join(parts, ", ")));
    return Atomic::Scattered;
}

std::string DeterministicLowering::adjoint_address(const std::vector<Var*>& fwd_args, const Var* output,
                                                   std::string fallback, const Pos& where) {
    TypeRef array_type = types::strip_reference(fwd_args[0]->type);
    if (!array_type->is_array() || !output || !float_value(array_type->elem)) return fallback;
    if (adj_.src.custom_reverse_inputs >= 0) refuse(where, "reading a float array inside a @wp.func_grad");
    const Var* root = root_parameter(fwd_args[0], false);
    if (!root || array_type->array_class != ArrayClass::Array)
        refuse(where, "the gradient of a float array that is not a plain kernel argument (a struct field, a "
                      "view, an indexed or fabric array)");
    const Target& t = target(root, true, Family::Add, array_type->elem, where);
    std::span<Var* const> indices(fwd_args.data() + 1, fwd_args.size() - 1);
    return fmt::format("WP_DET_SCATTER_OR_FALLBACK(det_ctx, {}, {}, {}, {});", t.helper,
                       flat_index(root->emit_adj(), indices, array_type->elem), output->emit_adj(), fallback);
}

std::vector<std::string> DeterministicLowering::function_params() const {
    if (targets_.empty()) return {};
    std::vector<std::string> params{"wp::det_ctx det_ctx"};
    for (const Target& t : targets_)
        params.push_back(fmt::format("wp::det_scatter_buf_t<{}> {}", t.value_type->ctype, t.helper));
    return params;
}

// Warp's helper_args_for_meta: each of the callee's targets becomes the caller's target for the
// array the call passes (created at the call, so numbered in call order).
std::vector<std::string> DeterministicLowering::call_args(const DeterministicLowering& callee,
                                                          const std::vector<Param>& params,
                                                          const std::vector<Var*>& bound, const Pos& where) {
    if (callee.targets_.empty()) return {};
    std::vector<std::string> args{"det_ctx"};
    for (const Target& ct : callee.targets_) {
        const Var* root = nullptr;
        for (size_t j = 0; j < params.size(); ++j)
            if (params[j].name == ct.root && bound[j]) root = root_parameter(bound[j], false);
        if (!root)
            refuse(where,
                   "passing a @wp.func's deterministic target an array that is not an argument (a struct "
                   "field or a view)");
        args.push_back(target(root, ct.adjoint, ct.family, ct.value_type, where).helper);
    }
    return args;
}

void DeterministicLowering::refuse_indirect_call(const DeterministicLowering* callee,
                                                 const Pos& where) const {
    if (callee && callee->has_targets())
        refuse(where,
               "a @wp.func with deterministic scatter targets called through wp.grad() or a tile builtin");
}

std::vector<std::string> DeterministicLowering::cuda_kernel_params() const {
    if (targets_.empty()) return {};
    std::vector<std::string> params{"int _wp_det_phase", "int _wp_det_debug", "int* _wp_det_overflow"};
    for (const Target& t : targets_)
        params.push_back(fmt::format("wp::det_scatter_buf_t<{}> _wp_{}", t.value_type->ctype, t.helper));
    return params;
}

std::string DeterministicLowering::kernel_locals(Device device) const {
    if (targets_.empty()) return "";
    std::string s;
    if (device == Device::Cuda) {
        s = "    wp::det_ctx det_ctx{_wp_det_phase, _wp_det_debug, _idx, _wp_det_overflow, nullptr, 0};\n";
        for (const Target& t : targets_) s += fmt::format("    auto& {0} = _wp_{0};\n", t.helper);
        return s;
    }
    s = "    wp::det_ctx det_ctx{1, 0, 0, nullptr, nullptr, 0};\n";
    for (const Target& t : targets_)
        s += fmt::format("    wp::det_scatter_buf_t<{}> {}{{nullptr, nullptr, nullptr, 0}};\n",
                         t.value_type->ctype, t.helper);
    return s;
}

} // namespace ws
