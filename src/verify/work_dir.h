// Where verification (and `warpsynth judge`) keeps its files: a temporary
// work folder per run, and the cache of the host compiler's precompiled prefix.
#pragma once

#include <string>

namespace ws::verify {

// $WS_VERIFY_CACHE, else $XDG_CACHE_HOME/warpsynth/verify, else ~/.cache/warpsynth/verify; empty
// when none is set.
std::string default_cache_dir();

// A new folder under $TMPDIR (or /tmp) named warpsynth-<purpose>-XXXXXX; throws std::runtime_error
// when it cannot be made.
std::string make_temp_dir(const std::string& purpose);

} // namespace ws::verify
