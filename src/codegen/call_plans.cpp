#include "codegen/call_plans.h"

#include "builtins/block_dim.h"
#include "codegen/adjoint.h"

#include <bit>
#include <functional>
#include <unordered_map>

namespace ws {

namespace {

struct KeyHash {
    size_t operator()(const CallPlanKey& k) const {
        size_t h = std::hash<const void*>()(k.builtin) ^ (static_cast<size_t>(k.min_outputs) << 8) ^
                   (static_cast<size_t>(k.block_dim) << 16);
        for (size_t i = 0; i < k.count; ++i) {
            const CallPlanArg& a = k.args[i];
            h = (h ^ std::hash<const void*>()(a.type)) * 0x100000001b3ull;
            if (a.constant_type) h = (h ^ static_cast<size_t>(a.i) ^ a.f_bits) * 0x100000001b3ull;
        }
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

// A number's part of the key; false for other compile-time values (composites, strings) and
// ints past 64 bits.
bool constant_key(const Constant& c, CallPlanArg& a) {
    if (!c.is_number_like() || !c.i.fits_int64()) return false;
    a.constant_type = c.type;
    a.kind = c.kind;
    a.raw_kind = c.raw_kind;
    a.b = c.b;
    a.i = *c.i.to_int64();
    a.f_bits = std::bit_cast<uint64_t>(c.f);
    return lasting(c.type);
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
        if (var.tuple_constants() || var.tuple_elements() || var.python_tuple) return false;
        TypeRef t = var.type, value = types::strip_reference(t);
        if (!lasting(t) || value->is_tile() || value->is_tile_stack()) return false;
        CallPlanArg& a = key.args[i];
        a = CallPlanArg{};
        a.type = t;
        if (var.constant && !constant_key(*var.constant, a)) return false;
    }
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
    if (map.size() >= kPlanLimit) return;
    CallPlan& kept = map.emplace(key, plan).first->second;
    // The call's own arguments are its variables, found again by position in each call: their
    // constants, which belong to this call's variables, are not kept.
    for (builtins::BoundArg& b : kept.bound)
        if (b.source >= 0) b.arg.constant = nullptr;
}

} // namespace ws
