// Naming the records that break a batch compilation. A batch that fails is
// split until every failure is pinned to one record; the compiler's error
// locations (which record's lines they fall in) are tried first, so a single
// bad record usually costs two extra compilations instead of log2(batch).
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace ws::verify {

struct Attempt {
    bool ok = false;
    std::string message;            // first error, when it failed
    std::vector<size_t> implicated; // members whose code the errors point into
    std::string artifact;           // what the compilation produced (a .so or .ptx path), when ok
};

using CompileFn = std::function<Attempt(const std::vector<size_t>& members)>;

struct BisectResult {
    std::map<size_t, std::string> failures; // member -> its own compiler error
    Attempt good;                           // the compilation of exactly the members that pass
    int compilations = 0;

    // Why `member` is not in the good compilation (its own error, or "the batch does not
    // compile: ..."), empty when it is.
    std::string failure_of(size_t member) const;
};

BisectResult compile_with_bisection(const std::vector<size_t>& members, const CompileFn& compile);

} // namespace ws::verify
