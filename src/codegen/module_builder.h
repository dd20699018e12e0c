// Warp's ModuleBuilder: builds each kernel, then every user function and
// struct it reaches (callees before callers), and assembles the module text
// in Warp's order.
#pragma once

#include "codegen/compile.h"
#include "codegen/module_scope.h"
#include "codegen/warp_library.h"
#include "syntax/limits.h"
#include "types/str_cat.h"

#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ws {

class ModuleBuilder {
  public:
    // `library`: the installed Warp the scope read its imports from (its Python-written builtins too).
    ModuleBuilder(const ModuleScope& scope, const CompileOptions& options, WarpLibrary& library);

    const ModuleScope& scope() const { return scope_; }
    const CompileOptions& options() const { return options_; }
    int64_t max_unroll() const { return scope_.options().max_unroll; }
    // Warp's deterministic mode, except in the build that only learns return types (whose code
    // is thrown away): functions read a @wp.func_grad must match.
    bool deterministic() const { return scope_.options().deterministic && !matching_custom_grads_; }
    // The path printed in `// path:line` comments.
    const std::string& comment_path() const { return comment_path_; }
    // Warp's builtins written in Python, read from the installed Warp when first called.
    WarpLibrary& warp_library() { return warp_library_; }

    // Builds `func` once (callees first), recording it in module order.
    void build_function(UserFunction* func);
    // A call built `func` first: its @wp.func_grad and @wp.func_replay bodies are built after
    // the kernels (Warp's deferred_functions).
    void defer_custom_adjoints(const UserFunction& func);
    // Records a struct type and the structs it contains, dependencies first.
    void build_struct_recursive(TypeRef struct_type);

    CompileOutput assemble();

    // Code generation depth, counted across calls into user functions
    // (limits::kMaxCodegenDepth): a guard per nested expression, statement
    // or function build; LimitError at `where` past the limit.
    class Nested {
      public:
        // Inline: one per expression evaluated, the limit's error out of line.
        Nested(ModuleBuilder& builder, const SourceFile& source, const Pos& where, int levels = 1)
            : builder_(builder), levels_(levels) {
            builder_.depth_ += levels;
            if (builder_.depth_ > limits::kMaxCodegenDepth) [[unlikely]]
                too_deep(source, where);
        }
        ~Nested() { builder_.depth_ -= levels_; }
        Nested(const Nested&) = delete;
        Nested& operator=(const Nested&) = delete;

      private:
        [[noreturn, gnu::noinline]] void too_deep(const SourceFile& source, const Pos& where);
        ModuleBuilder& builder_;
        int levels_;
    };
    // Counts one generated variable (limits::kMaxVariables); LimitError at `where` past the limit.
    void count_variable(const SourceFile& source, const Pos& where);
    // Counts `names` local names copied at a branch or loop (limits::kMaxNameCopies).
    void count_name_copies(size_t names, const SourceFile& source, const Pos& where);

  private:
    struct BuiltKernel {
        KernelDef* def;
        std::string name; // as printed: with its hash suffix unless strip_hash
    };
    // Where a function's printed parts sit in the module text (empty where it has none).
    struct FunctionSpan {
        TextSpan forward, reverse, grad_forward;
    };
    std::vector<BuiltKernel> build_in_hash_order();
    void check_backward_errors(const std::vector<BuiltKernel>& kernels) const;
    // `spans`: filled, indexed like functions_.
    void write_function_texts(TextBuffer& body, std::vector<FunctionSpan>& spans) const;
    void append_function_texts(std::string_view body, const std::vector<FunctionSpan>& spans,
                               const std::vector<char>& only, std::string& out) const;
    static void reached_functions(const Adjoint& kernel,
                                  const std::vector<std::pair<const UserFunction*, size_t>>& index,
                                  std::vector<char>& reach);
    void build_kernel(KernelDef* kernel);
    void propagate_used_by_backward();
    // custom_gradients.cpp: matches each @wp.func_grad with its overload (a build forgotten after).
    void attach_custom_grads();
    // Forgets the functions built so far (a build made only to learn something).
    void forget_build();
    void forget_tile_cells(UserFunction& f);

    const ModuleScope& scope_;
    CompileOptions options_;
    std::string comment_path_;
    WarpLibrary& warp_library_;
    std::vector<UserFunction*> functions_;
    std::vector<UserFunction*> deferred_;
    std::vector<TypeRef> structs_;
    int depth_ = 0;
    bool matching_custom_grads_ = false;
    size_t variables_ = 0;
    size_t name_copies_ = 0;
};

} // namespace ws
