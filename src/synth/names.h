// Identifiers: the per-function bookkeeping that keeps every name unique
// (Warp's symbol table is function-wide, so a name is never reused with
// another type), and the names no kernel may take.
#pragma once

#include "types/name_hash.h"

#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace ws::synth {

class NameSet {
  public:
    // Marks a name as taken (parameters, module names).
    void reserve(std::string name) { used_.insert(std::move(name)); }
    bool taken(std::string_view name) const;
    // The first candidate not taken; else the first numbered (base2, base3...).
    std::string fresh(const std::vector<std::string>& candidates);
    std::string fresh_from(std::string_view base);

  private:
    // Asked only whether it holds a name (several per name the writer tries): hashed, not sorted.
    std::unordered_set<std::string, NameHash, std::equal_to<>> used_;
};

// Python keywords, builtins and Warp names that must never be used as identifiers.
bool is_reserved_name(std::string_view name);

} // namespace ws::synth
