// synth_dump: writes synthesized kernels as .py files, for looking at them and
// for the acceptance test (tests/synth/acceptance.py) before `warpsynth
// generate` exists.
//
//   synth_dump --count N --out DIR [--seed S] [--start I] [--categories a,b,..] [--jobs J]
//   synth_dump --each-idiom [--count K] --out DIR   (K kernels per idiom of the library)
//   synth_dump --list-categories                    (the categories a stream without --categories draws)
//
// Writes DIR/kNNNNNNN_<category>.py (NNNNNNN = index) and DIR/kernels.json: one
// entry per kernel with its file, index, name, category, features and launch spec.
#include "synth/library.h"
#include "synth/synth.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <vector>

namespace fs = std::filesystem;
using ws::synth::Category;

namespace {

int usage() {
    std::fprintf(
        stderr,
        "usage: synth_dump --count N --out DIR [--seed S] [--start I] [--categories a,b] [--jobs J]\n");
    return 2;
}

nlohmann::json launch_json(const ws::synth::LaunchSpec& l) {
    nlohmann::json j;
    j["dim"] = l.dim;
    j["args"] = nlohmann::json::array();
    for (const auto& a : l.args)
        j["args"].push_back({{"name", a.name},
                             {"type", a.type},
                             {"shape", a.shape},
                             {"min", a.min_value},
                             {"max", a.max_value},
                             {"output", a.is_output}});
    if (l.tiled()) j["block_dim"] = l.block_dim;
    return j;
}

// `count` kernels rooted at each idiom of the library, alternately float32 and
// float64 (float32 only where the idiom is), named i_<idiom>_<k>.py.
int dump_each_idiom(ws::synth::SynthOptions options, const std::string& out, uint64_t count) {
    nlohmann::json index = nlohmann::json::array();
    for (const auto& idiom : ws::synth::Library::get().all()) {
        options.idiom = std::string(idiom.id());
        for (uint64_t k = 0; k < count; ++k) {
            options.float64 = k % 2 == 1;
            const auto kern = ws::synth::synthesize(options, k);
            const std::string file = fmt::format("i_{}_{}.py", idiom.id(), k);
            std::ofstream(fs::path(out) / file, std::ios::binary) << kern.python_source;
            index.push_back({{"file", file},
                             {"index", k},
                             {"idiom", options.idiom},
                             {"kernel_name", kern.kernel_name},
                             {"category", std::string(ws::synth::category_name(kern.category))},
                             {"launch", launch_json(kern.launch)}});
        }
    }
    std::ofstream(fs::path(out) / "kernels.json") << index.dump(1) << "\n";
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    ws::synth::SynthOptions options;
    uint64_t count = 0, start = 0;
    unsigned jobs = 1;
    std::string out;
    bool each_idiom = false;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto next = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
        if (a == "--count")
            count = std::strtoull(next().c_str(), nullptr, 10);
        else if (a == "--start")
            start = std::strtoull(next().c_str(), nullptr, 10);
        else if (a == "--seed")
            options.seed = std::strtoull(next().c_str(), nullptr, 10);
        else if (a == "--jobs")
            jobs = static_cast<unsigned>(std::max(1, std::atoi(next().c_str())));
        else if (a == "--out")
            out = next();
        else if (a == "--each-idiom")
            each_idiom = true;
        else if (a == "--list-categories") {
            for (Category c : ws::synth::default_categories())
                std::printf("%s\n", std::string(ws::synth::category_name(c)).c_str());
            return 0;
        } else if (a == "--categories") {
            std::string list = next();
            size_t pos = 0;
            while (pos <= list.size()) {
                size_t comma = list.find(',', pos);
                if (comma == std::string::npos) comma = list.size();
                Category c;
                if (!ws::synth::category_from_name(list.substr(pos, comma - pos), c)) {
                    std::fprintf(stderr, "synth_dump: unknown category '%s'\n",
                                 list.substr(pos, comma - pos).c_str());
                    return 2;
                }
                options.categories.push_back(c);
                pos = comma + 1;
            }
        } else
            return usage();
    }
    if (out.empty() || (count == 0 && !each_idiom)) return usage();
    fs::create_directories(out);
    if (each_idiom) return dump_each_idiom(options, out, std::max<uint64_t>(count, 1));

    std::vector<ws::synth::SynthKernel> kernels(count);
    // Each kernel depends only on (options, index), so any schedule writes the same files.
    tbb::global_control threads(tbb::global_control::max_allowed_parallelism, jobs);
    tbb::parallel_for(uint64_t{0}, count,
                      [&](uint64_t k) { kernels[k] = ws::synth::synthesize(options, start + k); });

    nlohmann::json index = nlohmann::json::array();
    for (uint64_t k = 0; k < count; ++k) {
        const auto& kern = kernels[k];
        const std::string file =
            fmt::format("k{:07d}_{}.py", start + k, ws::synth::category_name(kern.category));
        std::ofstream(fs::path(out) / file, std::ios::binary) << kern.python_source;
        index.push_back({{"file", file},
                         {"index", start + k},
                         {"seed", options.seed},
                         {"kernel_name", kern.kernel_name},
                         {"category", std::string(ws::synth::category_name(kern.category))},
                         {"features", kern.features},
                         {"launch", launch_json(kern.launch)}});
    }
    std::ofstream(fs::path(out) / "kernels.json") << index.dump(1) << "\n";
    return 0;
}
