// Warp's kernel content hashes (see module_hash.cpp).
#pragma once

#include "codegen/module_scope.h"
#include "codegen/warp_library.h"

#include <initializer_list>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ws {

// wp.static(...) expressions each function evaluated during a build (Warp's
// deferred_static_expressions), which the hash covers.
using DeferredStatics = std::map<const FunctionSource*, std::vector<std::pair<std::string, ObjectRef>>>;

// sha256 digest of each kernel of `scope`, in definition order. `warp_library`
// (may be null) resolves the Python-written builtins (wp.smooth_normalize) the
// kernels reference, which Warp hashes as the user functions they are.
std::vector<std::vector<unsigned char>> kernel_hashes(const ModuleScope& scope,
                                                      const DeferredStatics& deferred = {},
                                                      WarpLibrary* warp_library = nullptr);

// Hex digest of sha256 over `parts`, concatenated.
std::string sha256_hex(std::initializer_list<std::string_view> parts);

} // namespace ws
