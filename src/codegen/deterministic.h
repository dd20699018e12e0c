// Warp's deterministic mode (module option `deterministic`, Warp's DeterministicCodegen in
// warp/_src/deterministic.py). A floating-point atomic whose result is unused (`wp.atomic_add(a, i, v)`,
// `a[i] += v`) on an array argument becomes a scatter record: the kernel writes (index, value) into
// a buffer, and Warp sorts and reduces the records after the launch, so the sum is the same on
// every run. The gradient a float array read scatters in the backward pass goes the same way.
// Every such target array gets a helper (`det_scatter_<N>_<name>`), extra CUDA kernel parameters
// and locals in both devices' kernels.
//
// What warpsynth models is that subset: targets that are parameters, of kernels and of @wp.funcs
// (whose helpers Warp threads through their signatures). Counters (an atomic's result used),
// targets in struct fields or views, and @wp.func bodies that write arrays or have custom
// adjoints are refused with a clean error.
#pragma once

#include "codegen/compile.h"
#include "types/type.h"

#include <set>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ws {

class Adjoint;
struct ArraySlot;
struct Param;
struct Pos;
struct Var;

class DeterministicLowering {
  public:
    // Warp's pre-scan: a kernel that uses an atomic's result runs twice (a counting pass) and
    // guards every store, which warpsynth does not model.
    explicit DeterministicLowering(Adjoint& adj);

    // Before a builtin call is emitted: records reads, direct writes and atomics Warp leaves as
    // they are, refusing those that touch a transformed target (Warp's access checks).
    void track_call(std::string_view key, std::span<Var* const> args, const Pos& where);
    // A call of a @wp.func: the arrays it reads, as the caller's arrays (`bound`: the argument
    // of each of the callee's parameters, null for defaults).
    void include_call(const DeterministicLowering& callee, const std::vector<Param>& params,
                      const std::vector<Var*>& bound, const Pos& where);
    // `a[i].x = v`, `a[i][k] += v`: a write into part of an element.
    void track_slot_write(const ArraySlot& slot, const char* operation, const Pos& where);

    // atomic_add/sub/min/max on integers: Warp loads the arguments, then emits the call as usual,
    // loading them again. Scattered: the transformed call is emitted.
    enum class Atomic { NotIntercepted, Usual, Scattered };
    // `fwd_args` are the loaded arguments, `args` the arguments before loading.
    Atomic emit_atomic(std::string_view key, const std::string& native, const std::vector<Var*>& fwd_args,
                       const std::vector<Var*>& args, Var* output, bool return_value_used, const Pos& where);
    // The reverse statement of `address`: the gradient of a float array argument is scattered.
    std::string adjoint_address(const std::vector<Var*>& fwd_args, const Var* output, std::string fallback,
                                const Pos& where);

    // A @wp.func with scatter targets takes the deterministic context and its helpers.
    bool has_targets() const { return !targets_.empty(); }
    std::vector<std::string> function_params() const;
    // The helpers a call of `callee` passes (its targets, as the caller's), after its arguments.
    std::vector<std::string> call_args(const DeterministicLowering& callee, const std::vector<Param>& params,
                                       const std::vector<Var*>& bound, const Pos& where);
    // Refuses a call of `callee` by name that cannot pass its helpers (wp.grad, tile_map).
    void refuse_indirect_call(const DeterministicLowering* callee, const Pos& where) const;

    // The kernel's extra CUDA parameters and its locals (both empty without targets).
    std::vector<std::string> cuda_kernel_params() const;
    std::string kernel_locals(Device device) const;

  private:
    enum class Family { Add, Min, Max };
    struct Target {
        std::string root; // the parameter's name
        bool adjoint = false;
        Family family = Family::Add;
        TypeRef value_type = nullptr;
        std::string helper; // det_scatter_<N>_<name>
        bool forward = false;
    };
    using Key = std::pair<std::string, bool>; // (parameter, its adjoint)

    const Target& target(const Var* root, bool adjoint, Family family, TypeRef value_type, const Pos& where);
    void check_access(const Key& key, const char* operation, const Pos& where) const;
    const Var* root_parameter(const Var* array, bool element_reference) const;
    void record(std::set<Key>& seen, const Var* array, bool element_reference, const char* operation,
                const Pos& where);
    std::string flat_index(const std::string& array, std::span<Var* const> indices, TypeRef value_type) const;
    [[noreturn]] void refuse(const Pos& where, const std::string& what) const;

    Adjoint& adj_;
    std::vector<Target> targets_; // in creation order, which numbers the helpers
    std::set<Key> loads_, stores_, side_effects_;
};

} // namespace ws
