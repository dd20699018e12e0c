#include "verify/work_dir.h"

#include <cstdlib>
#include <stdexcept>
#include <unistd.h>
#include <vector>

namespace ws::verify {

std::string default_cache_dir() {
    if (const char* e = std::getenv("WS_VERIFY_CACHE"); e && *e) return e;
    if (const char* e = std::getenv("XDG_CACHE_HOME"); e && *e) return std::string(e) + "/warpsynth/verify";
    if (const char* e = std::getenv("HOME"); e && *e) return std::string(e) + "/.cache/warpsynth/verify";
    return {};
}

std::string make_temp_dir(const std::string& purpose) {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/warpsynth-" + purpose + "-XXXXXX";
    std::vector<char> buf(pattern.begin(), pattern.end());
    buf.push_back('\0');
    if (!mkdtemp(buf.data())) throw std::runtime_error("cannot create a temporary folder from " + pattern);
    return buf.data();
}

} // namespace ws::verify
