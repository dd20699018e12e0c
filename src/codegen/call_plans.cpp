#include "codegen/call_plans.h"

#include "builtins/block_dim.h"
#include "codegen/adjoint.h"

#include <functional>
#include <unordered_map>

namespace ws {

namespace {

struct KeyHash {
    size_t operator()(const CallPlanKey& k) const {
        size_t h = std::hash<const void*>()(k.builtin) ^ (static_cast<size_t>(k.min_outputs) << 8) ^
                   (static_cast<size_t>(k.block_dim) << 16);
        for (size_t i = 0; i < k.count; ++i)
            h = (h ^ std::hash<const void*>()(k.types[i])) * 0x100000001b3ull;
        return h;
    }
};

// Node-based: a plan in use (an outer call's, while a nested call adds another) never moves.
using PlanMap = std::unordered_map<CallPlanKey, CallPlan, KeyHash>;

PlanMap& plans() {
    thread_local PlanMap map;
    return map;
}

// Plenty for a type universe; past it calls are resolved each time (never cleared, as plans
// are referred to while they are applied).
constexpr size_t kPlanLimit = 1 << 14;

// Struct types die with their compilation, and their addresses may be reused.
bool lasting(TypeRef t) {
    return !t->scoped && !types::strip_reference(t)->scoped;
}

} // namespace

bool call_plan_key(const builtins::Builtin& builtin, std::span<const CallArgument> args, int min_outputs,
                   CallPlanKey& key) {
    if (args.size() > CallPlanKey::kMaxArgs) return false;
    key.builtin = &builtin;
    key.min_outputs = min_outputs;
    key.block_dim = builtins::block_dim();
    key.count = args.size();
    for (size_t i = 0; i < args.size(); ++i) {
        const Value& v = args[i].value;
        if (!v.is_var()) return false;
        const Var& var = *v.var;
        if (var.constant || var.tuple_constants || var.tuple_elements || var.python_tuple) return false;
        TypeRef t = var.type, value = types::strip_reference(t);
        if (!lasting(t) || value->is_tile() || value->is_tile_stack()) return false;
        key.types[i] = t;
    }
    for (size_t i = args.size(); i < CallPlanKey::kMaxArgs; ++i) key.types[i] = nullptr;
    return true;
}

const CallPlan* find_call_plan(const CallPlanKey& key) {
    const PlanMap& map = plans();
    auto it = map.find(key);
    return it == map.end() ? nullptr : &it->second;
}

void store_call_plan(const CallPlanKey& key, const CallPlan& plan) {
    using Kind = builtins::CallResult::Kind;
    if (plan.result.kind != Kind::Values && plan.result.kind != Kind::Void) return;
    for (TypeRef t : plan.result.types)
        if (!lasting(t)) return;
    PlanMap& map = plans();
    if (map.size() < kPlanLimit) map.emplace(key, plan);
}

} // namespace ws
