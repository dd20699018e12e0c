// Builtin calls whose outcome depends on types alone, memoized per thread. Resolving a call
// (overload, bound arguments, Warp's value and dispatch functions, the native name) cost about
// a third of every builtin call, and kernels make the same few calls over and over
// (`add(float32, float32)`, `extract(vec3f, int32)`...). A call qualifies when its arguments are
// positional variables (no tuple, no tile, no struct type, no compile-time value other than a
// number): then only the builtin, their types and numbers, the outputs asked for and the
// module's block_dim (which tile rules read) decide the outcome.
#pragma once

#include "builtins/builtin.h"
#include "codegen/value.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ws {

struct CallArgument;

// What a planned call reads: most calls pass variables and constants to one overload with one
// output or none, touch no tile and are written as the plan says. Reading that from the plan's
// overload, Dispatch and BoundArgs (elements of ~200 bytes, each in its own block) missed the
// cache at nearly every field: a third of the calls' compile time.
struct PlannedCall {
    static constexpr size_t kMaxArgs = 8;
    // Where an argument comes from: the call's output, the call's argument, or a constant of the
    // plan (Dispatch::args[index].constant, or BoundArgs[index].arg.constant, a default).
    enum class Source : uint8_t { Output, Argument, DispatchConstant, BoundConstant };
    struct Arg {
        Source source;
        bool as_reference; // passed without loading a reference
        uint8_t index;
    };
    std::string_view ns, func_name, adj_name;
    TypeRef output = nullptr; // null: none
    std::array<Arg, kMaxArgs> args;
    uint8_t arg_count = 0;
    bool usable = false; // false: the call takes the general path (finish_builtin_call)
    bool is_void = false;
    bool initializer_list = false, skip_replay = false, differentiable = true,
         require_original_output_arg = false;
};

// What a qualifying call resolved to (a successful call with outputs or none).
struct CallPlan {
    const builtins::Overload* ov = nullptr;
    std::vector<builtins::BoundArg> bound;
    builtins::CallResult result;
    builtins::Dispatch dispatch;
    std::string templated_name; // the native name with template arguments; empty without
    bool initializer_list = false;
};

// A call as a plan key sees it, in words: the builtin; the outputs asked for and block_dim;
// each argument's type, its low bit set for a compile-time number, whose type, int, float bits
// and kinds follow (Warp's value functions may read a vector's length, an index). A call of
// variables takes a few words, which share a cache line pair with the plan's PlannedCall (a key
// of 40-byte arguments spread a look-up over more lines).
// No member initializer for `words`: only the used ones are written.
struct CallPlanKey {
    static constexpr size_t kMaxArgs = 6;
    static constexpr size_t kWordsPerConstant = 5;
    uint32_t size = 0; // words used
    std::array<uint64_t, 2 + kMaxArgs * kWordsPerConstant> words;
    bool operator==(const CallPlanKey& o) const {
        // A loop over the few words (std::equal called memcmp for every call planned).
        if (size != o.size) return false;
        for (uint32_t i = 0; i < size; ++i)
            if (words[i] != o.words[i]) return false;
        return true;
    }
};

// A stored plan: what its calls read first (PlannedCall, then the key compared), together in
// the entry's first two cache lines, and the rest.
struct alignas(128) CallPlanEntry {
    PlannedCall planned;
    CallPlanKey key;
    CallPlan plan;
};

// The key of a call made with `args` (positional; no keywords or type arguments), or false when
// the call does not qualify.
bool call_plan_key(const builtins::Builtin& builtin, std::span<const CallArgument> args, int min_outputs,
                   CallPlanKey& key);
// The plan stored for `key`, or null. Plans stay put while later ones are added.
const CallPlanEntry* find_call_plan(const CallPlanKey& key);
// Keeps a copy of a plan whose result has outputs or none (not a constant or an argument) and
// whose types all outlive the compilation.
void store_call_plan(const CallPlanKey& key, const CallPlan& plan);

} // namespace ws
