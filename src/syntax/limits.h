// warpsynth's input limits, in one place (README "Input limits"). Each is far
// above real Warp code (the largest real Warp modules are a few thousand lines
// and nest a few dozen levels) and keeps time linear and memory at a few
// hundred MB on hostile input. Input over a limit is refused with exit status
// 6 (cli/commands.h), never a crash, a hang or an exhausted memory.
#pragma once

#include "syntax/source.h"

#include <cstddef>

namespace ws::limits {

// Bytes in one Python source file; the largest Python files in the wild
// (Warp's own builtins.py, pandas' frame.py) are under 1 MiB.
constexpr size_t kMaxSourceBytes = size_t{8} << 20;

// Depth of the syntax tree: a nested expression, block, `elif` or bracket
// counts one level. CPython itself gives up near 3000.
constexpr int kMaxSyntaxDepth = 1000;

// Depth of code generation: an expression or statement nested inside another
// counts one, a call into a @wp.func counts kFunctionCallDepth more (Warp's
// own recursion at that point). Warp (Python's recursion limit) fails with a
// RecursionError near 490 levels: warpsynth refuses before that.
constexpr int kMaxCodegenDepth = 400;
constexpr int kFunctionCallDepth = 5;

// Top-level function and class definitions in one file (kernels, @wp.func,
// structs and plain Python functions alike).
constexpr size_t kMaxDefinitions = 10000;

// SSA variables (Warp's var_N) generated for one module: bounds the generated
// code (about 400 bytes of forward and adjoint C++ per variable) and the
// memory it takes.
constexpr size_t kMaxVariables = 200000;

// Local names copied at branches and loops, over a module: Warp copies a
// function's table of local names at every if, for and while, and so does
// warpsynth, so the work is names x branches (3000 names and 1000 ifs in one
// kernel are 3 million).
constexpr size_t kMaxNameCopies = 5000000;

} // namespace ws::limits

namespace ws {

// Input over one of the limits above: reported like a CompileError
// (`file:line:col: error: ...`), with its own exit status.
class LimitError : public CompileError {
  public:
    using CompileError::CompileError;
};

} // namespace ws
