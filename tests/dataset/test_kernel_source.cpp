// A test-only kernel source, "test-corpus", for the pipeline tests: cycles
// through the kernels of the .py files in $WS_TEST_KERNELS (default: the
// kernels/ folder beside this file) and perturbs one float literal per kernel
// from (seed, index), so the stream has many distinct kernels, some exact
// duplicates (dedup) and, through the reject_* files, some compile failures.
// It is linked only into the test binary ws_dataset_cli, never into warpsynth.
#include "dataset/kernel_source.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <mutex>
#include <regex>
#include <sstream>
#include <stdexcept>

namespace {

namespace fs = std::filesystem;
using ws::dataset::Candidate;

struct Entry {
    std::string source;
    std::string kernel;
    std::string category;
    std::vector<std::pair<size_t, size_t>> floats; // offsets and lengths of float literals
};

uint64_t mix(uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

const std::vector<Entry>& entries() {
    static std::vector<Entry> list = [] {
        const char* env = std::getenv("WS_TEST_KERNELS");
        fs::path dir = env ? fs::path(env) : fs::path(WS_TEST_KERNELS_DIR);
        std::vector<fs::path> files;
        for (const auto& e : fs::directory_iterator(dir))
            if (e.path().extension() == ".py") files.push_back(e.path());
        std::sort(files.begin(), files.end());
        std::vector<Entry> out;
        std::regex kernel_re(R"(@wp\.kernel\s*\ndef\s+(\w+))");
        std::regex float_re(R"(\b\d+\.\d+\b)");
        for (const auto& f : files) {
            std::ifstream in(f);
            std::stringstream ss;
            ss << in.rdbuf();
            std::string text = ss.str();
            std::string stem = f.stem().string();
            std::string category = stem.substr(0, stem.find('_'));
            for (std::sregex_iterator it(text.begin(), text.end(), kernel_re), end; it != end; ++it) {
                Entry e{text, (*it)[1].str(), category, {}};
                for (std::sregex_iterator fl(text.begin(), text.end(), float_re); fl != end; ++fl)
                    e.floats.emplace_back(static_cast<size_t>(fl->position()),
                                          static_cast<size_t>(fl->length()));
                out.push_back(std::move(e));
            }
        }
        if (out.empty()) throw std::runtime_error("test-corpus: no kernels in " + dir.string());
        return out;
    }();
    return list;
}

std::vector<std::string> category_names() {
    std::vector<std::string> names;
    for (const auto& e : entries())
        if (std::find(names.begin(), names.end(), e.category) == names.end()) names.push_back(e.category);
    return names;
}

Candidate make(uint64_t seed, const std::vector<std::string>& categories, uint64_t index) {
    std::vector<const Entry*> pool;
    for (const auto& e : entries())
        if (categories.empty() ||
            std::find(categories.begin(), categories.end(), e.category) != categories.end())
            pool.push_back(&e);
    uint64_t h = mix(mix(seed) ^ index);
    const Entry& e = *pool[h % pool.size()];
    Candidate c;
    c.python_source = e.source;
    if (!e.floats.empty()) {
        auto [pos, len] = e.floats[mix(h) % e.floats.size()];
        uint64_t v = mix(h + 1) % 400; // few enough values that some kernels repeat
        c.python_source.replace(pos, len, fmt::format("{}.{}", v / 100, v % 100));
    }
    c.kernel_name = e.kernel;
    c.category = e.category;
    c.features = {"test-corpus"};
    c.launch.dim = {64};
    return c;
}

const ws::dataset::KernelSourceRegistration kTestCorpus{
    ws::dataset::KernelSource{"test-corpus", category_names(), make}};

} // namespace
