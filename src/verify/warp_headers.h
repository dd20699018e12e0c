// Finding Warp's native headers (`warp/native` of an installed warp-lang),
// which every translation unit verification compiles is written against.
#pragma once

#include <string>

namespace ws::verify {

struct WarpHeaders {
    std::string native_dir; // .../site-packages/warp/native (holds builtin.h)
    std::string version;    // warp-lang version when known ("1.19.0"), else empty
    std::string found_via;  // "--warp-include", "WARP_INCLUDE" or "python3 on PATH"
    // The `warp` package holding native_dir, spelled as given or as Python names
    // it (Warp prints its own source files' paths so), not resolving links.
    std::string package_dir;
};

// In order: `explicit_path` (--warp-include), $WARP_INCLUDE, then the warp
// package of the first `python3` (or `python`) on PATH. A path may name the
// native directory itself, the `warp` package, or its site-packages parent.
// Throws std::runtime_error with a message that says what was tried and how
// to fix it.
WarpHeaders locate_warp_headers(const std::string& explicit_path = "");

} // namespace ws::verify
