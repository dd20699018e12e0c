// Source files that verification writes next to every CPU batch unit
// (runner/abi.h and runner/harness.h), embedded at build time by
// embed_text.cmake so the installed warpsynth needs no source tree.
#pragma once

#include <string_view>

namespace ws::verify::embedded {

extern const std::string_view abi_h;
extern const std::string_view harness_h;
extern const std::string_view warp_instances; // warp_instances.txt

} // namespace ws::verify::embedded
