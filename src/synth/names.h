// Realistic identifiers: domain vocabulary per category and per value kind,
// and the per-scope bookkeeping that keeps every name unique (Warp's symbol
// table is function-wide, so a name is never reused with another type).
#pragma once

#include "synth/rng.h"
#include "synth/stype.h"
#include "synth/synth.h"

#include <set>
#include <span>
#include <string>
#include <string_view>

namespace ws::synth {

// What a name is for; picks the vocabulary list.
enum class NameRole : uint8_t {
    Local,      // a local of the given type
    LoopVar,    // for-loop target
    Counter,    // while-loop counter
    RngState,   // wp.rand_init result
    Accum,      // loop accumulator
    InArray,    // kernel input array
    OutArray,   // kernel output array
    IndexArray, // array of indices into another array
    Param,      // scalar/composite kernel parameter
    Helper,     // @wp.func name
    Struct,     // @wp.struct class name
    Field,      // struct field
    Constant,   // module-level constant (upper case)
};

class NameSet {
  public:
    // Marks a name as taken (parameters, module names).
    void reserve(std::string name) { used_.insert(std::move(name)); }
    bool taken(std::string_view name) const;
    // A fresh name from the vocabulary for `role`/`type` in `category`.
    std::string fresh(Rng& rng, NameRole role, const SType& type, Category category);
    // A fresh name built from `base` (base, then base2, base3...).
    std::string fresh_from(std::string_view base);

  private:
    std::set<std::string, std::less<>> used_;
};

// Vocabulary lookups (exposed for the recipes that want a specific flavour).
std::span<const std::string_view> vocabulary(NameRole role, const SType& type, Category category);

// `verb_noun` kernel name for a category.
std::string kernel_name(Rng& rng, Category category);

// Python keywords, builtins and Warp names that must never be used as identifiers.
bool is_reserved_name(std::string_view name);

} // namespace ws::synth
