#include "verify/warp_headers.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <vector>

namespace ws::verify {

namespace fs = std::filesystem;

namespace {

// The native directory for any of the accepted spellings, or empty. `package`
// receives the warp package holding it, spelled as given (made absolute and
// normalised like Python's os.path.abspath, symbolic links kept).
std::string native_dir_of(const fs::path& p, std::string& package) {
    for (const fs::path& cand : {p, p / "native", p / "warp" / "native"}) {
        std::error_code ec;
        if (fs::is_regular_file(cand / "builtin.h", ec) && fs::is_regular_file(cand / "array.h", ec)) {
            fs::path spelled = fs::absolute(cand, ec).lexically_normal();
            if (!spelled.has_filename()) spelled = spelled.parent_path(); // a trailing '/'
            package = spelled.parent_path().string();
            return fs::weakly_canonical(cand, ec).string();
        }
    }
    return {};
}

// warp/config.py carries `version: str = "X.Y.Z"`; reading it avoids running
// Python a second time.
std::string version_of(const std::string& native) {
    std::ifstream in(fs::path(native).parent_path() / "config.py");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("version", 0) != 0) continue;
        auto q1 = line.find('"');
        auto q2 = q1 == std::string::npos ? q1 : line.find('"', q1 + 1);
        if (q2 != std::string::npos) return line.substr(q1 + 1, q2 - q1 - 1);
    }
    return {};
}

// Asks a Python interpreter on PATH where its warp package lives, without
// importing warp (which would initialise CUDA and take seconds).
std::string ask_python(std::string& tried) {
    const char* script = "import importlib.util as u; s = u.find_spec('warp'); "
                         "print(list(s.submodule_search_locations)[0] if s and s.submodule_search_locations "
                         "else '')";
    for (const char* py : {"python3", "python"}) {
        std::string cmd = std::string(py) + " -c \"" + script + "\" 2>/dev/null";
        FILE* f = popen(cmd.c_str(), "r");
        if (!f) continue;
        std::string out;
        char buf[512];
        while (fgets(buf, sizeof buf, f)) out += buf;
        int status = pclose(f);
        while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
        if (status == 0 && !out.empty()) return out;
        tried += std::string(tried.empty() ? "" : ", ") + py +
                 (status == 0 ? " (no warp package)" : " (not runnable)");
    }
    return {};
}

} // namespace

WarpHeaders locate_warp_headers(const std::string& explicit_path) {
    WarpHeaders h;
    if (!explicit_path.empty()) {
        h.native_dir = native_dir_of(explicit_path, h.package_dir);
        if (h.native_dir.empty())
            throw std::runtime_error(
                "--warp-include " + explicit_path +
                ": no Warp native headers there (expected builtin.h in it, in native/ or in "
                "warp/native/)");
        h.found_via = "--warp-include";
    } else if (const char* env = std::getenv("WARP_INCLUDE"); env && *env) {
        h.native_dir = native_dir_of(env, h.package_dir);
        if (h.native_dir.empty())
            throw std::runtime_error(
                std::string("WARP_INCLUDE=") + env +
                ": no Warp native headers there (expected builtin.h in it, in native/ or in "
                "warp/native/)");
        h.found_via = "WARP_INCLUDE";
    } else {
        std::string tried;
        std::string pkg = ask_python(tried);
        if (!pkg.empty()) h.native_dir = native_dir_of(pkg, h.package_dir);
        if (h.native_dir.empty())
            throw std::runtime_error(
                "cannot find Warp's native headers: no --warp-include, no WARP_INCLUDE, and " +
                (pkg.empty() ? "no Python on PATH with warp-lang installed (tried " + tried + ")"
                             : "the warp package at " + pkg + " has no native/builtin.h") +
                ". Install warp-lang (pip install warp-lang) or pass --warp-include "
                "<site-packages>/warp/native");
        h.found_via = "python3 on PATH";
    }
    h.version = version_of(h.native_dir);
    return h;
}

} // namespace ws::verify
