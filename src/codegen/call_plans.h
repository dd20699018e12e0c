// Builtin calls whose outcome depends on types alone, memoized per thread. Resolving a call
// (overload, bound arguments, Warp's value and dispatch functions, the native name) cost about
// a third of every builtin call, and kernels make the same few calls over and over
// (`add(float32, float32)`, `extract(vec3f, int32)`...). A call qualifies when its arguments are
// positional variables without compile-time values (no constant, no tuple of them, no tile,
// no struct type): then only the builtin, their types, the outputs asked for and the module's
// block_dim (which tile rules read) decide the outcome.
#pragma once

#include "builtins/builtin.h"
#include "codegen/value.h"

#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace ws {

struct CallArgument;

// What a qualifying call resolved to (a successful call with outputs or none).
struct CallPlan {
    const builtins::Overload* ov = nullptr;
    std::vector<builtins::BoundArg> bound;
    builtins::CallResult result;
    builtins::Dispatch dispatch;
    std::string templated_name; // the native name with template arguments; empty without
    bool initializer_list = false;
};

struct CallPlanKey {
    static constexpr size_t kMaxArgs = 6;
    const builtins::Builtin* builtin = nullptr;
    int min_outputs = 0;
    int block_dim = 0;
    size_t count = 0;
    std::array<TypeRef, kMaxArgs> types{};
    bool operator==(const CallPlanKey&) const = default;
};

// The key of a call made with `args` (positional; no keywords or type arguments), or false when
// the call does not qualify.
bool call_plan_key(const builtins::Builtin& builtin, std::span<const CallArgument> args, int min_outputs,
                   CallPlanKey& key);
// The plan stored for `key`, or null. Plans stay put while later ones are added.
const CallPlan* find_call_plan(const CallPlanKey& key);
// Keeps a copy of a plan whose result has outputs or none (not a constant or an argument) and
// whose types all outlive the compilation.
void store_call_plan(const CallPlanKey& key, const CallPlan& plan);

} // namespace ws
