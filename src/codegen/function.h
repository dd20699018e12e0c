// User functions (@wp.func) and kernels (@wp.kernel) of a module, as Warp's
// context.Function / context.Kernel know them.
#pragma once

#include "codegen/object.h"
#include "syntax/ast.h"
#include "syntax/ast_walk.h"
#include "types/constant.h"
#include "types/type.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ws {

class Adjoint;
class ModuleScope;
struct TileCell;

struct Param {
    std::string name;
    TypeRef type = nullptr;
    Pos pos;
    // Default value (Warp keeps the Python object; numbers and bools are all we model).
    std::optional<Constant> default_value;
    // Default of a wp.Function parameter: the function (Function or Builtin object).
    ObjectRef default_function;
    bool has_default = false;
    // A tile parameter of a generic function's instance has its first caller's argument's type
    // object (value.h's TileCell).
    std::shared_ptr<TileCell> tile_cell;
};

// What Adjoint needs to know about the Python function it lowers.
struct FunctionSource {
    const ast::FunctionDef* def = nullptr;
    const ModuleScope* scope = nullptr; // the module's globals
    std::string key;                    // Warp's key: the qualified name
    std::vector<Param> params;
    TypeRef return_annotation = nullptr; // `-> T` (single value)
    std::vector<TypeRef> return_tuple;   // `-> tuple[A, B]`
    bool has_return_annotation = false;
    bool is_generic = false; // some parameter type contains Any
    int fun_lineno = 0;      // line of the first decorator (co_firstlineno)
    // Base of the line numbers Warp prints (`<L n>`, `// path:n`): fun_lineno,
    // except for instantiations of generic functions, which Warp builds from
    // the bare source text and numbers from 0 (the decorator line).
    int display_lineno = 0;
    // wp.static(...) expressions evaluated when the function was defined, in
    // order, as (source text, value), and by call node (Warp replaces those
    // calls by their values in its view of the tree; our tree is never written).
    std::vector<std::pair<std::string, ObjectRef>> resolved_statics;
    StaticValues static_values;
    // The value a wp.static(...) call was replaced by, or null.
    ObjectRef static_value(const ast::Expr* e) const {
        // Asked for every expression evaluated; most functions have none (an empty
        // unordered_map's find still hashes and divides).
        if (static_values.empty()) return nullptr;
        auto it = static_values.find(e);
        return it == static_values.end() ? nullptr : it->second;
    }
    // A specialization for wp.Function arguments: each such parameter's target function (a
    // Function or Builtin object), in parameter order. The body calls the target by the
    // parameter's name; the parameter does not reach C++.
    std::vector<std::pair<std::string, ObjectRef>> callable_args;
    // Some wp.static(...) could not be evaluated at definition time and is
    // evaluated during code generation instead.
    bool has_unresolved_statics = false;
    // A function a factory made (`wp.func(make(dtype), name="f")`): the factory's local names, which
    // its annotations and body see before the module's globals (Python's closure). Null otherwise.
    std::shared_ptr<const std::map<std::string, ObjectRef, std::less<>>> closure;
    // What a free name of the function stands for: a closure variable, else a module global.
    ObjectRef global(std::string_view name) const;
    // A @wp.func_grad body (Warp's custom_reverse_mode): its first `custom_reverse_inputs`
    // parameters are the forward function's, the others the adjoints of its outputs, and
    // `wp.adjoint[x]` names the adjoint of x. -1 for other functions.
    int custom_reverse_inputs = -1;
    // Forgets the wp.static(...) values (before resolving them again for an instance).
    void clear_statics() {
        resolved_statics.clear();
        static_values.clear();
        has_unresolved_statics = false;
    }
};

struct UserFunction {
    FunctionSource src;
    std::string native_name; // key_N (an instantiation shares its template's name: C++ overloads it)
    // @wp.func_native: the C++ snippets that replace the generated forward and adjoint bodies.
    std::optional<std::string> native_snippet, adj_native_snippet;
    // The target of a wp.grad(): its adjoint is printed even without a backward kernel.
    bool force_adjoint_codegen = false;
    // @wp.func_grad(f): the adjoint Warp prints for f instead of its own (named like f's), and
    // @wp.func_replay(f): the forward the backward pass replays (`replay_<key>_<N>`).
    std::shared_ptr<UserFunction> custom_grad, custom_replay;
    const UserFunction* replay_of = nullptr; // a @wp.func_replay body: the function it replays
    // For an instantiation of a generic function: the template it came from.
    const UserFunction* generic_parent = nullptr;
    // Its clones for the functions passed to its wp.Function parameters (Warp's
    // _callable_specializations), in creation order.
    std::vector<std::shared_ptr<UserFunction>> specializations;
    // Per-module build state (a module is compiled once per UserFunction).
    std::unique_ptr<Adjoint> adj;
    bool built = false;
    bool building = false;

    UserFunction();
    ~UserFunction();
};

// All overloads registered under one name (Warp's user_overloads, in
// registration order; a redefinition with the same signature replaces in place).
struct FunctionGroup {
    std::string key;
    // Shared: redefining a function with the same signature makes a new group
    // (Warp's new Function object) that shares the other overloads, while names
    // bound to the old group keep calling the old definition.
    std::vector<std::shared_ptr<UserFunction>> overloads; // concrete, incl. instantiations of templates
    std::vector<std::shared_ptr<UserFunction>> templates; // generic (a parameter typed Any)
};

// Options given to @wp.kernel(...) (Warp's kernel.options).
struct KernelOptions {
    std::optional<bool> enable_backward;
    std::vector<int64_t> launch_bounds; // empty: none
    std::optional<int64_t> cuda_max_registers;
    bool enable_cuda_smem_spilling = false;
    std::optional<bool> grid_stride;
    int64_t cluster_dim = 1;
    // Each option as Warp hashes it: key -> str(value), sorted by key.
    std::map<std::string, std::string> hash_text;
};

struct KernelDef {
    FunctionSource src;
    KernelOptions options;
    // A generic kernel's instances (wp.overload), as (signature, kernel), in creation order.
    std::vector<std::pair<std::string, KernelDef*>> overloads;
    std::unique_ptr<Adjoint> adj;

    KernelDef();
    ~KernelDef();
};

} // namespace ws
