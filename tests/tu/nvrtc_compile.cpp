// nvrtc_compile: compile CUDA translation units to PTX with NVRTC, one program
// per file, all in one process (so NVRTC's automatic precompiled header for
// Warp's native headers is built once and reused).
//
//   nvrtc_compile -I WARP_NATIVE [--arch N] [-D NAME[=V]]... [--no-pch] FILE...
//
// The options mirror what Warp passes to NVRTC when it loads a module
// (warp/native/warp.cu, release mode): C++17, NDEBUG, WP_ENABLE_MATHDX=0,
// device code as the default execution space, the include path of Warp's
// native headers. PTX is produced for compute_N (default 75, the oldest
// architecture CUDA 13 supports); nothing is written to disk.
//
// Prints "ok FILE" or "FAIL FILE" and NVRTC's log for each file; exit status
// 0 if every file compiled, 1 if any failed, 2 on usage errors.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <nvrtc.h>
#include <sstream>
#include <string>
#include <vector>

namespace {

int usage(const char* msg) {
    std::fprintf(
        stderr,
        "nvrtc_compile: %s\n"
        "usage: nvrtc_compile -I WARP_NATIVE [--arch N] [-D NAME[=V]]... [--no-pch] [--quiet] FILE...\n",
        msg);
    return 2;
}

bool read_file(const std::string& path, std::string& out) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    std::ostringstream ss;
    ss << in.rdbuf();
    out = ss.str();
    return true;
}

std::string basename_of(const std::string& path) {
    auto slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

} // namespace

int main(int argc, char** argv) {
    std::vector<std::string> includes, defines, files;
    int arch = 75;
    bool pch = true, quiet = false;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto value = [&](const char* what) -> std::string {
            if (i + 1 >= argc) {
                usage((std::string("missing value for ") + what).c_str());
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "-I")
            includes.push_back(value("-I"));
        else if (a.rfind("-I", 0) == 0)
            includes.push_back(a.substr(2));
        else if (a == "-D")
            defines.push_back(value("-D"));
        else if (a.rfind("-D", 0) == 0)
            defines.push_back(a.substr(2));
        else if (a == "--arch")
            arch = std::atoi(value("--arch").c_str());
        else if (a == "--no-pch")
            pch = false;
        else if (a == "--quiet")
            quiet = true;
        else if (a == "-h" || a == "--help")
            return usage("help"), 0;
        else if (!a.empty() && a[0] == '-')
            return usage(("unknown option " + a).c_str());
        else
            files.push_back(a);
    }
    if (files.empty()) return usage("no input files");
    if (includes.empty()) return usage("give -I <site-packages>/warp/native");
    if (arch <= 0) return usage("bad --arch");

    int major = 0, minor = 0;
    nvrtcVersion(&major, &minor);

    std::vector<std::string> opt_storage;
    opt_storage.push_back("--gpu-architecture=compute_" + std::to_string(arch));
    for (auto& inc : includes) opt_storage.push_back("--include-path=" + inc);
    opt_storage.push_back("--std=c++17");
    opt_storage.push_back("--define-macro=NDEBUG");
    opt_storage.push_back("--undefine-macro=WP_VERIFY_FP");
    opt_storage.push_back("--define-macro=WP_ENABLE_MATHDX=0");
    opt_storage.push_back("--fmad=true");
    opt_storage.push_back("--device-as-default-execution-space");
    opt_storage.push_back("--restrict");
    // Warp suppresses "declared but never referenced" / "set but never used".
    opt_storage.push_back("--diag-suppress=177,550");
    for (auto& d : defines) opt_storage.push_back("--define-macro=" + d);
    if (pch && (major > 12 || (major == 12 && minor >= 8))) opt_storage.push_back("-pch");
    std::vector<const char*> opts;
    for (auto& o : opt_storage) opts.push_back(o.c_str());

    int failed = 0;
    auto t_all = std::chrono::steady_clock::now();
    for (const auto& file : files) {
        std::string src;
        if (!read_file(file, src)) {
            std::printf("FAIL %s: cannot read the file\n", file.c_str());
            ++failed;
            continue;
        }
        auto t0 = std::chrono::steady_clock::now();
        nvrtcProgram prog;
        std::string name = basename_of(file);
        nvrtcResult res = nvrtcCreateProgram(&prog, src.c_str(), name.c_str(), 0, nullptr, nullptr);
        if (res != NVRTC_SUCCESS) {
            std::printf("FAIL %s: nvrtcCreateProgram: %s\n", file.c_str(), nvrtcGetErrorString(res));
            ++failed;
            continue;
        }
        res = nvrtcCompileProgram(prog, static_cast<int>(opts.size()), opts.data());
        size_t log_size = 0;
        nvrtcGetProgramLogSize(prog, &log_size);
        std::string log(log_size, '\0');
        if (log_size > 1) nvrtcGetProgramLog(prog, log.data());
        log.resize(std::strlen(log.c_str()));
        size_t ptx_size = 0;
        if (res == NVRTC_SUCCESS) nvrtcGetPTXSize(prog, &ptx_size);
        nvrtcDestroyProgram(&prog);
        double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        if (res != NVRTC_SUCCESS || ptx_size <= 1) {
            ++failed;
            std::printf("FAIL %s (%s, %.0f ms)\n%s\n", file.c_str(), nvrtcGetErrorString(res), ms,
                        log.c_str());
        } else if (!quiet) {
            std::printf("ok   %s (%zu bytes of PTX, %.0f ms)\n", file.c_str(), ptx_size, ms);
        }
        std::fflush(stdout);
    }
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t_all).count();
    std::printf("nvrtc_compile: NVRTC %d.%d, compute_%d: %zu passed, %d failed (%.1f s)\n", major, minor,
                arch, files.size() - failed, failed, secs);
    return failed ? 1 : 0;
}
