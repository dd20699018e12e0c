// Warp's kernel content hashes (see module_hash.cpp).
#pragma once

#include <vector>

#include "codegen/module_scope.h"

namespace ws {

// sha256 digest of each kernel of `scope`, in definition order.
std::vector<std::vector<unsigned char>> kernel_hashes(const ModuleScope& scope);

} // namespace ws
