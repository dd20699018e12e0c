// compile_throughput: how many kernels per second warpsynth's compiler turns into C++.
//
//   compile_throughput [--repeat N] [--device cuda|cpu] [--ok-list FILE] [PATH...]
//
// PATHs are .py files or directories (default tests/corpus, run from the repository
// root). Each file is read once; then every file is compiled N times (forward and
// backward, strip_hash, like the fidelity tests), timing parse + codegen + assembly.
// Files warpsynth rejects are reported and left out; --ok-list writes the paths that
// compiled, so bench/warp_codegen_throughput.py can time Warp on the same set.
#include "codegen/compile.h"
#include "syntax/source.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

int usage() {
    std::fprintf(stderr,
                 "usage: compile_throughput [--repeat N] [--device cuda|cpu] [--ok-list FILE] [PATH...]\n");
    return 2;
}

void collect(const fs::path& p, std::vector<std::string>& out) {
    if (fs::is_directory(p)) {
        for (const auto& e : fs::recursive_directory_iterator(p))
            if (e.is_regular_file() && e.path().extension() == ".py") out.push_back(e.path().string());
    } else {
        out.push_back(p.string());
    }
}

} // namespace

int main(int argc, char** argv) {
    int repeat = 200;
    ws::CompileOptions options;
    options.device = ws::Device::Cuda;
    options.strip_hash = true;
    options.enable_backward = true;
    std::string ok_list;
    std::vector<std::string> paths;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--repeat" && i + 1 < argc)
            repeat = std::atoi(argv[++i]);
        else if (a == "--device" && i + 1 < argc) {
            std::string d = argv[++i];
            if (d != "cuda" && d != "cpu") return usage();
            options.device = d == "cuda" ? ws::Device::Cuda : ws::Device::Cpu;
        } else if (a == "--ok-list" && i + 1 < argc)
            ok_list = argv[++i];
        else if (!a.empty() && a[0] == '-')
            return usage();
        else
            collect(a, paths);
    }
    if (repeat <= 0) return usage();
    if (paths.empty()) collect("tests/corpus", paths);
    std::sort(paths.begin(), paths.end());

    std::vector<std::shared_ptr<const ws::SourceFile>> sources;
    std::vector<std::string> ok_paths;
    size_t kernels = 0, rejected = 0;
    for (const auto& path : paths) {
        std::ifstream in(path, std::ios::binary);
        if (!in) {
            std::fprintf(stderr, "compile_throughput: cannot read %s\n", path.c_str());
            return 2;
        }
        std::ostringstream text;
        text << in.rdbuf();
        auto source = std::make_shared<const ws::SourceFile>(path, text.str());
        try {
            kernels += ws::compile_module(source, options).kernels.size(); // warm-up and check
            sources.push_back(source);
            ok_paths.push_back(path);
        } catch (const ws::CompileError& e) {
            ++rejected;
            std::fprintf(stderr, "left out: %s\n", e.format().c_str());
        } catch (const std::exception& e) {
            ++rejected;
            std::fprintf(stderr, "left out %s: %s\n", path.c_str(), e.what());
        }
    }
    if (!ok_list.empty()) {
        std::ofstream out(ok_list);
        for (const auto& p : ok_paths) out << p << '\n';
    }
    if (sources.empty()) {
        std::fprintf(stderr, "compile_throughput: no file compiled (%zu left out)\n", rejected);
        return 1;
    }

    size_t bytes = 0;
    auto t0 = std::chrono::steady_clock::now();
    for (int r = 0; r < repeat; ++r)
        for (const auto& source : sources) bytes += ws::compile_module(source, options).body.size();
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    double rate = static_cast<double>(kernels) * repeat / secs;
    std::printf(
        "warpsynth: %zu files (%zu left out), %zu kernels x %d passes (%s, forward+backward) in %.2f s: "
        "%.1f kernels/s, %.1f MB/s of C++\n",
        sources.size(), rejected, kernels, repeat, options.device == ws::Device::Cuda ? "cuda" : "cpu", secs,
        rate, static_cast<double>(bytes) / secs / 1e6);
    std::printf("kernels_per_second=%.3f\n", rate);
    return 0;
}
