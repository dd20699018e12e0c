#include "codegen/call_plans.h"

#include "builtins/block_dim.h"
#include "codegen/adjoint.h"
#include "syntax/stable_store.h"

#include <algorithm>
#include <bit>
#include <vector>

namespace ws {

namespace {

size_t key_hash(const CallPlanKey& k) {
    uint64_t h = 0;
    for (size_t i = 0; i < k.size; ++i) h = (h ^ k.words[i]) * 0x100000001b3ull;
    // The table indexes by the low bits, which the aligned pointers leave nearly constant.
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9ull;
    return h ^ (h >> 32);
}

// Open addressing in a power-of-two array of (hash, plan) slots, at most half full: a look-up
// reads one slot and compares the stored hash before the key. std::unordered_map's look-up
// divided the hash by a prime (for the bucket, and again for each node of the bucket) and went
// through two dependent nodes: it took 3.7% of compile time for 0.8% of its instructions.
class PlanTable {
  public:
    using Entry = CallPlanEntry;
    const Entry* find(const CallPlanKey& key, size_t hash) const {
        if (slots_.empty()) return nullptr;
        for (size_t i = hash & mask_;; i = (i + 1) & mask_) {
            const Slot& s = slots_[i];
            if (!s.entry) return nullptr;
            if (s.hash == hash && s.entry->key == key) return s.entry;
        }
    }
    // Keeps a copy of `plan` under `key` (not in the table yet).
    Entry& insert(const CallPlanKey& key, size_t hash, const CallPlan& plan) {
        if (2 * (entries_.size() + 1) > slots_.size()) grow();
        Entry& e = entries_.emplace_back(Entry{{}, key, plan});
        place({hash, &e});
        return e;
    }
    size_t size() const { return entries_.size(); }

  private:
    struct Slot {
        size_t hash = 0;
        Entry* entry = nullptr;
    };
    void place(Slot slot) {
        size_t i = slot.hash & mask_;
        while (slots_[i].entry) i = (i + 1) & mask_;
        slots_[i] = slot;
    }
    void grow() {
        std::vector<Slot> old(std::max<size_t>(64, 2 * slots_.size()));
        old.swap(slots_);
        mask_ = slots_.size() - 1;
        for (const Slot& s : old)
            if (s.entry) place(s);
    }
    StableStore<Entry, 16>
        entries_; // a plan in use (an outer call's, while a nested call adds another) never moves
    std::vector<Slot> slots_;
    size_t mask_ = 0;
};

PlanTable& plans() {
    thread_local PlanTable table;
    return table;
}

// Plenty for a type universe; past it calls are resolved each time (never cleared, as plans
// are referred to while they are applied).
constexpr size_t kPlanLimit = 1 << 14;

// Struct types die with their compilation, and their addresses may be reused.
bool lasting(TypeRef t) {
    return !t->scoped && !types::strip_reference(t)->scoped;
}

// A number's words of the key (its type's word written already); false for other compile-time
// values (composites, strings) and ints past 64 bits.
bool constant_key(const Constant& c, CallPlanKey& key) {
    if (!c.is_number_like() || !c.i.fits_int64()) return false;
    uint64_t* w = key.words.data() + key.size;
    w[0] = reinterpret_cast<uintptr_t>(c.type);
    w[1] = static_cast<uint64_t>(*c.i.to_int64());
    w[2] = std::bit_cast<uint64_t>(c.f);
    w[3] = static_cast<uint64_t>(c.kind) | static_cast<uint64_t>(c.raw_kind) << 16 |
           static_cast<uint64_t>(c.b) << 32;
    key.size += 4;
    return lasting(c.type);
}

// The fields of `planned`, from the rest of the kept `plan` (whose strings it views).
void plan_fast_path(CallPlanEntry& entry) {
    using Source = PlannedCall::Source;
    const CallPlan& plan = entry.plan;
    const builtins::Overload& ov = *plan.ov;
    const builtins::CallResult& r = plan.result;
    const builtins::Dispatch& d = plan.dispatch;
    PlannedCall& p = entry.planned;
    if (r.types.size() > 1 || d.args.size() > PlannedCall::kMaxArgs || r.same_type_object_arg >= 0 ||
        r.shared_tile_arg >= 0 || r.shared_tile_arg2 >= 0 || !d.shared_tile_args.empty() ||
        !r.shared_tile_elements.empty())
        return;
    for (size_t i = 0; i < d.args.size(); ++i) {
        const builtins::DispatchArg& da = d.args[i];
        PlannedCall::Arg& a = p.args[i];
        a.as_reference = da.as_reference;
        if (da.output >= 0) {
            a.source = Source::Output;
            a.index = static_cast<uint8_t>(da.output);
        } else if (!da.text.empty() || da.tuple_element >= 0) {
            return;
        } else if (da.constant) {
            a.source = Source::DispatchConstant;
            a.index = static_cast<uint8_t>(i);
        } else {
            const builtins::BoundArg& ba = plan.bound[static_cast<size_t>(da.bound_index)];
            bool from_call = ba.source >= 0;
            if (!from_call && !ba.arg.constant) return;
            a.source = from_call ? Source::Argument : Source::BoundConstant;
            a.index = static_cast<uint8_t>(from_call ? ba.source : da.bound_index);
        }
    }
    p.arg_count = static_cast<uint8_t>(d.args.size());
    p.output = r.types.empty() ? nullptr : r.types[0];
    p.is_void = r.kind == builtins::CallResult::Kind::Void;
    p.ns = ov.ns;
    p.func_name = plan.templated_name.empty() ? ov.native_func : std::string_view(plan.templated_name);
    p.adj_name = ov.adjoint_uses_template_args || ov.has_lto_dispatch_func ? p.func_name : ov.native_func;
    p.initializer_list = plan.initializer_list;
    p.skip_replay = ov.skip_replay;
    p.differentiable = ov.is_differentiable;
    p.require_original_output_arg = ov.require_original_output_arg;
    p.usable = true;
}

} // namespace

bool call_plan_key(const builtins::Builtin& builtin, std::span<const CallArgument> args, int min_outputs,
                   CallPlanKey& key) {
    if (args.size() > CallPlanKey::kMaxArgs) return false;
    key.words[0] = reinterpret_cast<uintptr_t>(&builtin);
    key.words[1] = static_cast<uint32_t>(min_outputs) |
                   static_cast<uint64_t>(static_cast<uint32_t>(builtins::block_dim())) << 32;
    key.size = 2;
    for (size_t i = 0; i < args.size(); ++i) {
        const Value& v = args[i].value;
        if (!v.is_var()) return false;
        const Var& var = *v.var;
        if (var.tuple_constants() || var.tuple_elements() || var.python_tuple) return false;
        TypeRef t = var.type, value = types::strip_reference(t);
        if (!lasting(t) || value->is_tile() || value->is_tile_stack()) return false;
        // Types are aligned: the low bit is free to mark a compile-time number.
        key.words[key.size++] = reinterpret_cast<uintptr_t>(t) | (var.constant ? 1 : 0);
        if (var.constant && !constant_key(*var.constant, key)) return false;
    }
    return true;
}

const CallPlanEntry* find_call_plan(const CallPlanKey& key) {
    return plans().find(key, key_hash(key));
}

void store_call_plan(const CallPlanKey& key, const CallPlan& plan) {
    using Kind = builtins::CallResult::Kind;
    if (plan.result.kind != Kind::Values && plan.result.kind != Kind::Void) return;
    for (TypeRef t : plan.result.types)
        if (!lasting(t)) return;
    PlanTable& table = plans();
    size_t hash = key_hash(key);
    if (table.size() >= kPlanLimit || table.find(key, hash)) return;
    CallPlanEntry& kept = table.insert(key, hash, plan);
    // The call's own arguments are its variables, found again by position in each call: their
    // constants, which belong to this call's variables, are not kept.
    for (builtins::BoundArg& b : kept.plan.bound)
        if (b.source >= 0) b.arg.constant = nullptr;
    plan_fast_path(kept);
}

} // namespace ws
