// synth_diversity: the diversity criteria of issue 4, measured on N synthesized kernels.
//
//   synth_diversity [--count N] [--seed S] [--jobs J]
//                   [--min-unique F] [--max-share-deviation F] [--min-coverage F]
//
// Prints per-category counts, shares, mean Python lines and structural uniqueness
// (distinct analysis::structure_hash values: the dataset's exact-dedup key), the overall
// uniqueness, and the coverage of the supported-builtins catalogue. Exits 1 when a
// threshold is missed (defaults: 95% unique, every category within 20% of an even
// share, 90% of the catalogue used).
#include "synth/stats.h"
#include "synth/synth.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <thread>
#include <vector>

int main(int argc, char** argv) {
    uint64_t count = 100000, seed = 1;
    unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
    double min_unique = 0.95, max_dev = 0.20, min_coverage = 0.90;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string a = argv[i], v = argv[i + 1];
        if (a == "--count")
            count = std::strtoull(v.c_str(), nullptr, 10);
        else if (a == "--seed")
            seed = std::strtoull(v.c_str(), nullptr, 10);
        else if (a == "--jobs")
            jobs = static_cast<unsigned>(std::max(1, std::atoi(v.c_str())));
        else if (a == "--min-unique")
            min_unique = std::atof(v.c_str());
        else if (a == "--max-share-deviation")
            max_dev = std::atof(v.c_str());
        else if (a == "--min-coverage")
            min_coverage = std::atof(v.c_str());
        else {
            std::fprintf(stderr, "usage: synth_diversity [--count N] [--seed S] [--jobs J] [--min-unique F] "
                                 "[--max-share-deviation F] [--min-coverage F]\n");
            return 2;
        }
    }

    ws::synth::SynthOptions options;
    options.seed = seed;
    // One part per job, each taking every jobs-th kernel and merged in job order: the same
    // partition, so the same statistics, however TBB schedules the parts.
    std::vector<ws::synth::StatsAccumulator> parts(jobs);
    tbb::global_control threads(tbb::global_control::max_allowed_parallelism, jobs);
    tbb::parallel_for(0u, jobs, [&](unsigned t) {
        for (uint64_t k = t; k < count; k += jobs) {
            const auto kern = ws::synth::synthesize(options, k);
            parts[t].add(ws::synth::category_name(kern.category), kern.python_source);
        }
    });
    ws::synth::StatsAccumulator stats;
    for (const auto& p : parts) stats.merge(p);

    bool ok = true;
    const auto cats = stats.categories();
    const double even = 1.0 / static_cast<double>(ws::synth::default_categories().size());
    std::printf("synth_diversity: %llu kernels, seed %llu\n", static_cast<unsigned long long>(count),
                static_cast<unsigned long long>(seed));
    std::printf("%-16s %8s %7s %9s %10s %9s %8s\n", "category", "count", "share", "vs even", "py lines",
                "unique", "unique%");
    for (const auto& r : cats) {
        const double dev = r.share / even - 1.0;
        const bool share_ok = std::fabs(dev) <= max_dev;
        ok = ok && share_ok;
        std::printf("%-16s %8llu %6.2f%% %+8.1f%% %10.1f %9llu %7.2f%%%s\n", r.category.c_str(),
                    static_cast<unsigned long long>(r.count), 100.0 * r.share, 100.0 * dev,
                    r.mean_python_lines, static_cast<unsigned long long>(r.unique_structures),
                    100.0 * r.uniqueness, share_ok ? "" : "  <- share outside the bound");
    }
    if (cats.size() != ws::synth::default_categories().size()) {
        std::printf("missing categories: %zu of %zu present\n", cats.size(),
                    ws::synth::default_categories().size());
        ok = false;
    }
    const auto all = stats.overall();
    std::printf("structurally unique: %llu of %llu = %.2f%% (need >= %.0f%%)\n",
                static_cast<unsigned long long>(all.unique_structures),
                static_cast<unsigned long long>(all.count), 100.0 * all.uniqueness, 100.0 * min_unique);
    ok = ok && all.uniqueness >= min_unique;
    const double cov = stats.catalogue_coverage();
    std::printf("builtin catalogue coverage: %.1f%% of %zu (need >= %.0f%%)\n", 100.0 * cov,
                ws::synth::builtin_catalogue().size(), 100.0 * min_coverage);
    ok = ok && cov >= min_coverage;
    std::printf("never called:");
    for (const auto& m : stats.catalogue_missing()) std::printf(" %s", m.c_str());
    std::printf("\ncalled outside the catalogue:");
    for (const auto& m : stats.outside_catalogue()) std::printf(" %s", m.c_str());
    std::printf("\nleast used builtins:");
    std::vector<std::pair<uint64_t, std::string>> uses;
    for (const auto& [b, n] : stats.builtin_counts()) uses.emplace_back(n, b);
    std::sort(uses.begin(), uses.end());
    for (size_t i = 0; i < uses.size() && i < 12; ++i)
        std::printf(" %s(%llu)", uses[i].second.c_str(), static_cast<unsigned long long>(uses[i].first));
    std::printf("\n%s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
