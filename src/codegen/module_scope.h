// A Warp module's top level, evaluated without Python: imports, constants,
// custom vector/matrix types, structs, functions and kernels, in the order
// Python would create them. Warp resolves a global when it generates code,
// after the whole file ran, so lookups see each name's final binding.
#pragma once

#include "codegen/compile.h"
#include "codegen/function.h"
#include "codegen/object.h"
#include "syntax/ast.h"
#include "types/name_hash.h"
#include "types/name_map.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace ws {

// Module options Warp reads at codegen (wp.set_module_options / kernel decorator).
struct ModuleOptions {
    bool enable_backward = true;
    int64_t max_unroll = 16; // a constant range() longer than this is not unrolled
    bool default_grid_stride = true;
    int deterministic = 0; // wp.DeterministicMode: 0 NOT_GUARANTEED, 1 RUN_TO_RUN, 2 GPU_TO_GPU
};

// A Python exception raised while evaluating an expression (ZeroDivisionError,
// OverflowError, ...): Python would stop there, so Warp does too.
class WarpLibrary;

struct PythonException {
    Pos pos;             // the operation that raised it
    std::string message; // e.g. "ZeroDivisionError: division by zero"
};

class ModuleScope {
  public:
    // Evaluates the module's top level. Throws CompileError for constructs
    // that define something we cannot model (names we cannot evaluate are
    // recorded as Unsupported and only fail if a kernel uses them).
    // `library`: the installed Warp whose modules `import warp.x` runs (null:
    // such imports stay unknown names); it also numbers the functions created
    // (Warp's process-wide function_key_counts).
    // `warp_own_source`: a module of Warp itself (warp/_src/math.py), run at
    // `import warp` before any user code, so its functions count from key_0.
    // `module` is borrowed (it outlives the scope and is never written) and `source` is the file
    // it reads as, which names every message and `// path:line` comment: a tree can be evaluated
    // again, for another device, under any name.
    ModuleScope(std::shared_ptr<const SourceFile> source, const ast::Module& module,
                WarpLibrary* library = nullptr, bool warp_own_source = false);
    // The same, owning the tree, which reads as module->source.
    explicit ModuleScope(std::unique_ptr<ast::Module> module, WarpLibrary* library = nullptr,
                         bool warp_own_source = false);
    ~ModuleScope();

    const ast::Module& module() const { return *module_; }
    const SourceFile& source() const { return *source_; }

    // The final binding of a global name, or null.
    ObjectRef global(std::string_view name) const;

    const std::vector<KernelDef*>& kernels() const { return kernels_; }
    // Kernels defined here that generate no code in this module.
    // The kernels that add no code, with the reason: of another module, or generic without
    // wp.overload, in source order.
    std::vector<OmittedKernel> omitted_kernels() const;
    // Every user function defined in the module (all overloads), in definition order.
    std::vector<UserFunction*> functions() const;
    const ModuleOptions& options() const { return options_; }
    // Whether wp.init() has run so far: Warp's native library, which converts
    // float16 values, is loaded only then.
    bool runtime_loaded() const { return runtime_loaded_; }

    // Attribute of a module-level object (Warp's getattr in resolve_path);
    // null when it has none.
    static ObjectRef attribute(const Object& obj, std::string_view name);
    // A Python builtin by name (float, int, range, min, ...), or null.
    static ObjectRef python_builtin(std::string_view name);

    // Names visible to an expression besides the module's globals (constant
    // locals of a kernel, for wp.static). Returns null for unknown names.
    using LocalLookup = std::function<ObjectRef(std::string_view)>;
    // Evaluates a Python expression the way Python would at import time, or
    // with `locals` at code-generation time. Returns an Unsupported object
    // when it cannot (unknown names, operations we do not model); throws
    // PythonException where Python raises.
    ObjectRef eval_python(const ast::Expr* e, const LocalLookup* locals = nullptr) const;

    // What a call's target names, resolved in module scope (null if unknown
    // or if its first name is `shadowed`).
    using NameTest = std::function<bool(std::string_view)>;
    ObjectRef static_call_target(const ast::Call* call, const NameTest& shadowed) const;
    // The object a dotted name `a.b.c` stands for, as static_call_target resolves it.
    ObjectRef dotted_target(const ast::Expr* e, const NameTest& shadowed) const;
    // Evaluates `wp.static(expr)`: a number, Warp value or function; an
    // Unsupported object saying why not; null for a call without one argument.
    // `code` receives the expression's source text (Warp's key for it).
    // Throws PythonException where Python raises.
    ObjectRef evaluate_static(const ast::Call* call, const LocalLookup* locals, std::string* code) const;

    // Replaces the wp.static(...) calls of `fs` that its parameter types let
    // evaluate (Warp does it again for each instance of a generic function or kernel).
    void resolve_static_expressions(FunctionSource& fs) const;

    // A @wp.func_grad body not yet matched with an overload of its forward function.
    struct PendingGrad {
        FunctionGroup* forward = nullptr;
        std::shared_ptr<UserFunction> grad;
    };
    const std::vector<PendingGrad>& pending_grads() const { return pending_grads_; }

  private:
    void exec(const ast::Stmt* stmt);
    void exec_statement(const ast::Stmt* stmt);
    void exec_import(const ast::Stmt* stmt);
    ObjectRef import_module(const std::string& dotted_name, const Pos& pos) const;
    ObjectRef import_name(const Object& module, const std::string& name, const Pos& pos) const;
    ObjectRef bind_submodules(const ObjectRef& bound, const std::string& name, std::string_view rest,
                              const Pos& pos) const;
    void import_all(const ModuleScope& other);
    void exec_assign(const ast::Stmt* stmt);
    bool exec_unpacking(const ast::Assign* a);
    void forget_changed_dict(const ast::Expr* target);
    void check_module_code(const ast::Expr* e) const;
    bool hands_over_a_function(const ast::Call* call) const;
    const ast::Call* as_overload_call(const ast::Expr* e) const;
    ObjectRef exec_value(const ast::Expr* e);
    // function_factories.cpp: `wp.func(make(dtype), name="f")`.
    const ast::Call* as_factory_call(const ast::Expr* e) const;
    ObjectRef factory_function(const ast::Call* call);
    // module_definitions.cpp
    void define_function(const ast::FunctionDef* def);
    void run_plain_def(const ast::FunctionDef* def);
    void define_kernel(const ast::FunctionDef* def, const ast::Call* decorator);
    void require_defined_root(const ast::Expr* decorator) const;
    void define_user_function(const ast::FunctionDef* def, const ast::Call* decorator, bool native = false);
    // custom_gradients.cpp: @wp.func_grad(f) / @wp.func_replay(f).
    void define_custom_adjoint(const ast::FunctionDef* def, const ast::Call* decorator, bool grad);
    // The suffix of the next Function with `key` (Warp's process-wide function_key_counts).
    int next_function_index(const std::string& key);
    // native_snippets.cpp: the snippets of @wp.func_native(snippet, adj_snippet, replay_snippet).
    void native_snippets(const ast::Call* decorator, UserFunction& f) const;
    void define_struct(const ast::ClassDef* def);
    bool is_int_enum_base(const ast::Expr* base) const;
    ObjectRef int_enum_class(const ast::ClassDef* def) const;
    ObjectRef plain_class(const ast::ClassDef* def) const;
    ObjectRef warp_class(const ast::ClassDef* def);
    void forget_class_attributes(const ast::Attribute* target);
    // `value`: what eval_python gave for `e` already (a name or attribute), else null.
    TypeRef eval_annotation(const ast::Expr* e, const ObjectRef* value = nullptr);
    TypeRef generic_hint_annotation(const ast::Subscript* sub, bool matrix);
    TypeRef tuple_param_annotation(const ast::Expr* annotation);
    TypeRef hash_grid_query_annotation(const ast::Subscript* sub);
    // wp.tile[dtype], wp.tile[dtype, M, N], wp.tile[dtype, (M, N)] (module_tile_annotation.cpp).
    TypeRef tile_annotation(const ast::Subscript* sub);
    // An annotation's size argument (`N`, `Literal[N]`) as a Python int, or none.
    std::optional<int64_t> annotation_int(const ast::Expr*& node) const;
    bool is_python_str(const ast::Expr* annotation) const;
    // Leaves the value of a name or attribute annotation in `value` (for eval_annotation).
    bool is_function_annotation(const ast::Expr* annotation, ObjectRef* value = nullptr) const;
    TypeRef ref_annotation(const ast::Expr* annotation); // wp.ref[T]: Reference(T), else null
    int array_ndim(const ast::Expr* e) const;            // 1 to 4, else 0
    void refuse_python_scalar_dtype(const ast::Call& call) const;
    TypeRef eval_fixedarray_annotation(const ast::Call& call);
    TypeRef eval_tile_stack_annotation(const ast::Call& call);
    FunctionSource function_source(const ast::FunctionDef* def, bool is_kernel);
    // module_overloads.cpp
    KernelDef* add_kernel_overload(KernelDef& generic, const std::vector<TypeRef>& types, const Pos& where);
    KernelDef& overloadable_kernel(const ast::Expr* e) const;
    ObjectRef overload_call(const ast::Call* call);                              // wp.overload(kernel, types)
    void overload_stub(const ast::FunctionDef* def, const ast::Expr* decorator); // @wp.overload
    // static_expressions.cpp
    // module_options.cpp
    void set_config(const ast::Attribute* target, const ObjectRef& value);
    void set_module_options(const ast::Call* call);
    // `wp.DeterministicMode.<MEMBER>`: the member's value (module option `deterministic`).
    std::optional<int> deterministic_mode(const ast::Expr* node) const;
    // Applies @wp.kernel(...) options; false when the kernel belongs to another module.
    bool apply_kernel_options(const ast::Call* decorator, KernelDef& k);
    [[noreturn]] void fail(const Pos& pos, const std::string& message) const;

    // Names to objects, hashed: global() runs for every name a kernel reads, and a hash
    // lookup is cheaper than the ordered map's string compares. Nothing depends on the order.
    using Bindings = NameMap<ObjectRef>;

    std::unique_ptr<ast::Module> owned_; // the tree, when the scope owns it
    std::shared_ptr<const SourceFile> source_;
    const ast::Module* module_ = nullptr;
    Bindings globals_;
    bool star_import_ = false;        // `from other import *` ran: unknown names may be bound
    bool future_annotations_ = false; // `from __future__ import annotations`: annotations are text
    std::vector<std::unique_ptr<FunctionGroup>> groups_;
    std::map<std::string, int, std::less<>> function_key_counts_; // Functions created per key
    std::vector<PendingGrad> pending_grads_;
    // Where definitions bind their names: the module's globals, or a class's namespace while its
    // body runs (warp_class), whose name then prefixes the functions' keys.
    Bindings* bindings_ = &globals_;
    std::string qualname_prefix_;
    // Plain functions by name, with the object the name was bound to (a factory must still be it).
    std::map<std::string, std::pair<const ast::FunctionDef*, const Object*>, std::less<>> plain_defs_;
    // While a factory's function is defined: the factory's locals (FunctionSource::closure).
    std::shared_ptr<const std::map<std::string, ObjectRef, std::less<>>> closure_;
    std::vector<std::unique_ptr<KernelDef>> kernel_storage_;
    std::vector<KernelDef*> kernels_;
    std::unordered_set<std::string> kernel_keys_; // of kernels_, for a linear duplicate check
    std::vector<OmittedKernel> omitted_;          // kernels of other modules; generic ones: omitted_kernels()
    std::map<std::string, KernelDef*, std::less<>> registered_kernels_; // latest kernel per key (generic too)
    ModuleOptions options_;
    bool runtime_loaded_ = false;
    WarpLibrary* library_ = nullptr;
    bool warp_own_source_ = false;
};

// Python's `str` of an annotation-ish expression, used in messages.
std::string expr_text(const SourceFile& src, const ast::Expr* e);

// Warp's resolve_path once it knows the first name is no local: that name is a global of the
// function (its closure first), else a name of the warp package, else a Python builtin; each next
// name is an attribute. A missing last attribute leaves the object before it, an earlier one null.
// Codegen and the module hash resolve names alike; each adds its own ending.
template <class Name>
ObjectRef resolve_global_path(const FunctionSource& src, std::span<const Name> path) {
    if (path.empty()) return nullptr;
    ObjectRef obj = src.global(path[0]);
    if (!obj) obj = ModuleScope::attribute(*ModuleScope::python_builtin("__warp__"), path[0]);
    if (!obj) obj = ModuleScope::python_builtin(path[0]);
    if (!obj) return nullptr;
    for (size_t i = 1; i < path.size(); ++i) {
        ObjectRef next = ModuleScope::attribute(*obj, path[i]);
        if (next)
            obj = next;
        else if (i < path.size() - 1)
            return nullptr;
    }
    return obj;
}

} // namespace ws
