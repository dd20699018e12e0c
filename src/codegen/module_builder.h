// Warp's ModuleBuilder: builds each kernel, then every user function and
// struct it reaches (callees before callers), and assembles the module text
// in Warp's order.
#pragma once

#include "codegen/compile.h"
#include "codegen/module_scope.h"

#include <string>
#include <vector>

namespace ws {

class ModuleBuilder {
  public:
    ModuleBuilder(const ModuleScope& scope, const CompileOptions& options);

    const ModuleScope& scope() const { return scope_; }
    const CompileOptions& options() const { return options_; }
    int64_t max_unroll() const { return scope_.options().max_unroll; }
    // The path printed in `// path:line` comments.
    const std::string& comment_path() const { return comment_path_; }

    // Builds `func` once (callees first), recording it in module order.
    void build_function(UserFunction* func);
    // Records a struct type and the structs it contains, dependencies first.
    void build_struct_recursive(TypeRef struct_type);

    CompileOutput assemble();

  private:
    void build_kernel(KernelDef* kernel);
    void propagate_used_by_backward();

    const ModuleScope& scope_;
    CompileOptions options_;
    std::string comment_path_;
    std::vector<UserFunction*> functions_;
    std::vector<TypeRef> structs_;
};

} // namespace ws
