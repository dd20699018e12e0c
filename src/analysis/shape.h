// The style and shape of Warp functions, measured the same way on generated
// and on real code so that their distributions can be compared: parameter
// annotations (array style, dimensionality, dtype) and what a body contains
// (statements, builtin calls, loops, branches, atomics, helper calls).
#pragma once

#include "analysis/warp_defs.h"
#include "syntax/ast.h"
#include "syntax/source.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace ws::analysis {

struct ParamShape {
    std::string name;
    bool is_array = false;
    // Arrays: the annotation with its arguments abstracted, as written otherwise:
    // "wp.array(dtype=T)", "wp.array(dtype=T, ndim=N)", "wp.array2d(dtype=T)",
    // "wp.array[T]", "wp.array2d[T]", "wp.array[T, N]". Other annotations: "value";
    // no annotation: "none".
    std::string style;
    int ndim = 0; // arrays: 1 to 4 (1 when the annotation does not say)
    // Arrays: the dtype as written without spaces ("float", "wp.vec3"); others:
    // the annotation as written without spaces; "" without annotation.
    std::string dtype;
};

ParamShape param_shape(const SourceFile& source, const ast::Arg& arg);

// Module-level names a function body may refer to.
struct ModuleNames {
    // module-level `NAME = literal` or `NAME = wp.constant(...)`
    std::set<std::string, std::less<>> constants;
    std::set<std::string> helpers; // @wp.func functions
};

ModuleNames module_names(const ast::Module& module, const std::vector<WarpDef>& defs);

// Loops are `for` over `range(...)` with constant arguments (numeric literals,
// module constants, `wp.static(...)`: Warp may unroll them), `for` over a
// `range` with another argument, `for` over anything else, and `while`.
struct BodyShape {
    int statements = 0; // every statement at any depth, a docstring excepted
    // Warp builtins and types (`wp.sin`, `wp.vec3`; `warp.` is written `wp.`) and the
    // Python builtins Warp accepts (abs bool float int len max min print range round),
    // by calls.
    std::map<std::string, int> builtin_calls;
    std::set<std::string> helpers_called; // @wp.func helpers of the module called directly
    std::set<std::string> constants_read; // module constants read
    int for_constant = 0, for_dynamic = 0, for_other = 0, while_loops = 0;
    int branches = 0;                // `if` statements; an `elif` is one more
    int conditional_expressions = 0; // `a if c else b`
    // Atomics: `wp.atomic_*` calls by name, and augmented assignments to an element
    // of an array parameter (`a[i] += x`, which Warp makes atomic) as "a[i] +=" etc.
    std::map<std::string, int> atomics;
};

BodyShape body_shape(const ast::FunctionDef& f, const std::vector<ParamShape>& params,
                     const ModuleNames& names);

} // namespace ws::analysis
