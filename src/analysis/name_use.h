// Which local names of one function are written and which are read, flow-
// insensitively: a name counts as read when it is loaded anywhere in the
// function's body, before or after any store.
//
// - Reads: every Name loaded in the body. `x += e` (and every augmented
//   assignment) reads its Name target; `a[i] = e` and `v.x = e` read `a` and
//   `v`. Annotations, decorators and default values are not the body.
// - Stores: Name targets of `=` (also inside tuple/list unpacking and
//   starred targets), of annotated assignments with a value, of augmented
//   assignments, and of `for` loops.
// - Loop variables (names stored only as `for` targets) are assigned names
//   like the others, and also reported apart: an unread one is a dead store
//   too. Python's way to say "repeat n times" is `for _ in range(n)`, and
//   Warp's own kernels never leave a loop variable unread (0 of 235).
// - Names starting with `_` (`_`, `_unused`) are read by convention.
#pragma once

#include "syntax/ast.h"
#include "syntax/ast_walk.h"

#include <string>
#include <string_view>
#include <vector>

namespace ws::analysis {

struct NameUse {
    std::vector<std::string> params;                // every parameter, in order
    std::vector<std::string> unused_params;         // parameters never read, in order
    std::vector<std::string> assigned;              // every stored name, sorted
    std::vector<std::string> dead;                  // assigned names never read (dead stores), sorted
    std::vector<std::string> loop_variables;        // of `assigned`, those stored only as `for` targets
    std::vector<std::string> unused_loop_variables; // of `dead`, the loop variables
};

NameUse name_use(const ast::FunctionDef& f);

// name_use's pass over the body, node by node in any order (a walk another analysis makes).
class NameCollector {
  public:
    void visit(const WalkNode& n);
    NameUse result(const ast::FunctionDef& f);

  private:
    std::vector<std::string_view> reads_, stored_, loop_stored_;
};

} // namespace ws::analysis
