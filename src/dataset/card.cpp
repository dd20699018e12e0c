#include "dataset/card.h"

#include "dataset/file_io.h"
#include "dataset/svg.h"

#include <fmt/format.h>
#include <string>

namespace ws::dataset {

namespace {

using nlohmann::json;

std::string pct(uint64_t a, uint64_t b) {
    return b == 0 ? "0.0%" : fmt::format("{:.1f}%", 100.0 * static_cast<double>(a) / static_cast<double>(b));
}

// The "code_health" part of stats.json as a table (definitions: src/analysis/README.md).
std::string code_health_section(const json& h) {
    auto rate = [&](const char* key, const char* num, const char* den) {
        return fmt::format("{:.1f}% ({} of {})", 100.0 * h.at(key).get<double>(), h.at(num).get<uint64_t>(),
                           h.at(den).get<uint64_t>());
    };
    auto share = [&](const char* key) { return fmt::format("{:.1f}%", 100.0 * h.at(key).get<double>()); };
    std::string kinds;
    for (const auto& [kind, n] : h.at("degenerate_by_kind").items())
        if (n.get<uint64_t>() > 0)
            kinds += fmt::format("{}{} {}", kinds.empty() ? "" : ", ", kind, n.get<uint64_t>());
    std::string out =
        "\n## Code health\n\nHow the Python reads as code, measured on every record's `python_source` by "
        "warpsynth's code analysis (`warpsynth health` gives the same figures for any Python files; "
        "definitions "
        "in warpsynth's `src/analysis/README.md`).\n\n| measure | value |\n| --- | --- |\n";
    out +=
        fmt::format("| local names assigned and never read (dead stores; loop variables included) | {} |\n",
                    rate("dead_store_rate", "dead_stores", "assigned_names"));
    out += fmt::format("| pairs with at least one dead store | {} |\n", share("files_with_dead_store_share"));
    out += fmt::format("| kernel parameters never used | {} |\n",
                       rate("unused_kernel_param_rate", "unused_kernel_params", "kernel_params"));
    out += fmt::format("| `@wp.func` parameters ignored | {} |\n",
                       rate("ignored_helper_param_rate", "ignored_helper_params", "helper_params"));
    out += fmt::format(
        "| degenerate expressions (`x - x`, `wp.min(x, x)`, `e if c else e`, ...) per pair | {:.3f}{} |\n",
        h.at("degenerate_per_file").get<double>(), kinds.empty() ? "" : " (" + kinds + ")");
    out += fmt::format("| pairs with a docstring or a comment | {} |\n", share("files_documented_share"));
    out += fmt::format("| kernels with a docstring | {} |\n", share("kernel_docstring_share"));
    return out;
}

std::string config_line(const Manifest& m) {
    const json& c = m.config;
    if (m.kind == "generate")
        return fmt::format(
            "`warpsynth generate --count {} --seed {} --device {}{}{}` (kernel source `{}`, {} kernels "
            "per shard file)",
            c.value("count", 0), c.value("seed", 0), c.value("device", std::string("cuda")),
            c.value("categories", json::array()).empty() ? std::string()
                                                         : " --categories " + c.at("categories").dump(),
            !c.value("verify", false)       ? ""
            : c.value("drop_failed", false) ? " --verify --drop-failed"
                                            : " --verify",
            c.value("kernel_source", std::string("synth")), c.value("shard_size", 0));
    if (m.kind == "merge") return "`warpsynth merge` of " + c.value("inputs", json::array()).dump();
    if (m.kind == "decontaminate")
        return "`warpsynth decontaminate --drop` of a `" +
               c.value("input", json::object()).value("kind", std::string("?")) + "` dataset";
    return "`warpsynth extract` from existing Warp code";
}

// What `warpsynth decontaminate --drop` removed, from the manifest's configuration.
std::string manifest_decontamination(const Manifest& m) {
    if (!m.config.contains("decontamination")) return "";
    return decontamination_section(m.config.at("decontamination"));
}

// Pairs compiled but not run, by the verifier's reason (a kernel that queries a mesh, BVH, hash
// grid or volume by its id: the verifier builds none, and a random id is a wild pointer).
std::string not_run_text(const json& executed, uint64_t records) {
    if (!executed.contains("not_run") || executed.at("not_run").empty()) return {};
    std::string out = "\n| not run (`executed: skipped`), by reason | pairs | share |\n| --- | --- | --- |\n";
    for (const auto& [reason, n] : executed.at("not_run").items()) {
        std::string cell = reason;
        for (size_t p = 0; (p = cell.find('|', p)) != std::string::npos; p += 2) cell.replace(p, 1, "\\|");
        out += fmt::format("| {} | {} | {} |\n", cell, n.get<uint64_t>(), pct(n, records));
    }
    return out;
}

// The figures of verification_figures.h: non-finite outputs apart from other
// execution failures, and the share of kernels whose outputs ignore their inputs.
std::string verification_figures_text(const json& s) {
    if (!s.contains("verification_figures")) return {};
    const json& ex = s.at("verification_figures").at("executed");
    const json& dep = s.at("verification_figures").at("depends_on_inputs");
    const uint64_t run = ex.at("pass").get<uint64_t>() + ex.at("non_finite").get<uint64_t>() +
                         ex.at("other_failures").get<uint64_t>();
    std::string out = "\n| forward pass on random inputs | pairs | share |\n| --- | --- | --- |\n";
    out += fmt::format("| executed cleanly | {} | {} |\n", ex.at("pass").get<uint64_t>(),
                       pct(ex.at("pass"), run));
    out += fmt::format("| non-finite outputs ({} with nan, {} with inf only) | {} | {} |\n",
                       ex.at("non_finite_nan").get<uint64_t>(), ex.at("non_finite_inf").get<uint64_t>(),
                       ex.at("non_finite").get<uint64_t>(), pct(ex.at("non_finite"), run));
    out += fmt::format("| other execution failures (crash, bounds check, time-out, ...) | {} | {} |\n",
                       ex.at("other_failures").get<uint64_t>(), pct(ex.at("other_failures"), run));
    out += fmt::format("| outputs that ignore their inputs (bit-identical when the inputs are drawn anew), "
                       "of {} checked | {} | "
                       "{} |\n",
                       dep.at("checked").get<uint64_t>(), dep.at("outputs_ignore_inputs").get<uint64_t>(),
                       pct(dep.at("outputs_ignore_inputs"), dep.at("checked")));
    return out + not_run_text(ex, s.at("records").get<uint64_t>());
}

// What `extract` left out, by reason (manifest config "extract_skips").
std::string extract_skips_section(const Manifest& m) {
    if (!m.config.contains("extract_skips")) return {};
    const json& k = m.config.at("extract_skips");
    std::string out = "\n## Skipped by extract\n\nWhat `extract` left out and why (names and numbers in the "
                      "reasons blanked); `extract` lists each on standard output.\n\n"
                      "| skipped | reason | count |\n| --- | --- | --- |\n";
    auto cell = [](std::string text) {
        for (size_t p = 0; (p = text.find('|', p)) != std::string::npos; p += 2) text.replace(p, 1, "\\|");
        return text;
    };
    for (const char* what : {"files", "kernels"})
        for (const auto& [reason, n] : k.at(what).items())
            out += fmt::format("| {} | {} | {} |\n", what, cell(reason), n.get<uint64_t>());
    return out;
}

std::string card_text(const Manifest& m, const json& s) {
    uint64_t records = s.at("records");
    std::string out;
    out += "---\n";
    out += "pretty_name: warpsynth Warp kernel pairs\n";
    out += "license: other\n";
    out += "language:\n- code\n";
    out += "task_categories:\n- text-generation\n";
    out += "tags:\n- code\n- cuda\n- nvidia-warp\n- synthetic\n";
    out += fmt::format("size_categories:\n- {}\n", size_category(records));
    out += "configs:\n- config_name: default\n  data_files:\n  - split: train\n    path: data/train-*\n";
    out += "---\n\n";

    out += "# warpsynth: NVIDIA Warp kernels paired with Warp's generated C++\n\n";
    out += fmt::format(
        "{} pairs of an NVIDIA Warp kernel in Python and the CUDA / CPU C++ that Warp {} generates "
        "for it (forward and reverse-mode adjoint), made by warpsynth {} with {}.\n\n",
        records, m.config.value("warp_version", std::string("?")),
        m.config.value("generator_version", std::string("?")), config_line(m));
    out +=
        "Load it with (`pip install datasets zstandard`: the shards are zstd-compressed JSON "
        "lines):\n\n```python\nimport datasets\nds = datasets.load_dataset(\"json\", "
        "data_files=\"data/train-*\", split=\"train\")  # or load_dataset(\"path/to/this/folder\")\n```\n\n";

    out += "## Fields\n\n| field | description |\n| --- | --- |\n";
    out += "| `id` | stable id: `<seed>-<index>` for generated kernels, `x-<hash>` for extracted ones |\n";
    out += "| `kernel_name` | the Python name of the `@wp.kernel` |\n";
    out += "| `category` | synthesizer category, or `extracted` |\n";
    if (s.contains("by_license"))
        out += "| `metadata.origin` | extracted kernels: `path` (under the folder given), `line`, "
               "`qualified_name`, "
               "`license` (SPDX id or `unknown`) |\n";
    out += "| `description` | what the kernel computes, in English (the first paragraph of an extracted "
           "kernel's "
           "docstring); empty when unknown |\n";
    out += "| `python_source` | the whole Python module that was compiled; the `// <path>:<line>` comments "
           "of the C++ "
           "refer to its lines, under the virtual path `/warpsynth/<id>.py` |\n";
    out += "| `cuda_forward`, `cuda_backward` | the kernel's CUDA forward and backward (adjoint) entry "
           "functions |\n";
    out +=
        "| `cuda_functions` | the CUDA forward and adjoint functions of the `@wp.func`s the kernel calls |\n";
    out += "| `cpu_forward`, `cpu_backward`, `cpu_functions`, `cpu_entry` | the same for the CPU (null "
           "unless the "
           "device is `cpu` or `both`); `cpu_entry` holds the module entry points |\n";
    out += "| `metadata.device`, `warp_version`, `generator_version`, `seed`, `index` | how the record was "
           "made |\n";
    out += "| `metadata.python_lines`, `forward_lines`, `backward_lines`, `has_backward` | sizes |\n";
    out += "| `metadata.features`, `builtins` | construct tags and the Warp builtins the kernel calls |\n";
    out += "| `metadata.source_hash` | the normalised-structure hash used for exact dedup |\n";
    out += "| `metadata.launch` | launch dimensions and array shapes/value ranges that keep every access in "
           "bounds; `block_dim` on tile kernels, launched with `wp.launch_tiled(..., block_dim=...)` |\n";
    out += "| `metadata.verification` | `pass`, `fail: ...`, `skipped: ...` or null when not verified |\n\n";

    out += "## Summary\n\n| | |\n| --- | --- |\n";
    uint64_t candidates = s.at("candidates");
    const json& ed = s.at("exact_dedup");
    const json& nd = s.at("near_dedup");
    const json& fl = s.at("failures");
    out += fmt::format("| pairs | {} |\n", records);
    out += fmt::format("| kernels considered | {} |\n", candidates);
    out +=
        fmt::format("| exact duplicates dropped | {} ({}) |\n", ed.at("duplicates_dropped").get<uint64_t>(),
                    pct(ed.at("duplicates_dropped"), candidates));
    out += fmt::format("| rejected by the compiler | {} ({}) |\n", fl.at("compile").get<uint64_t>(),
                       pct(fl.at("compile"), candidates));
    uint64_t oversized = s.at("size_limit").at("oversized_dropped");
    if (m.config.contains("max_code_lines") || oversized > 0)
        out +=
            fmt::format("| left out as too large (over {} lines of C++, `--max-code-lines`) | {} ({}) |\n",
                        m.config.value("max_code_lines", uint64_t{0}), oversized, pct(oversized, candidates));
    if (s.contains("verification_dropped"))
        out += fmt::format("| dropped as not verified (`--drop-failed`) | {} ({}) |\n",
                           s.at("verification_dropped").get<uint64_t>(),
                           pct(s.at("verification_dropped"), candidates));
    out +=
        fmt::format("| near-duplicate rate (MinHash 5-grams, Jaccard >= 0.7, sample of {}) | {:.1f}% |\n",
                    nd.at("sample_size").get<uint64_t>(), 100.0 * nd.at("near_duplicate_rate").get<double>());
    out += fmt::format("| pairs with a backward pass | {} |\n\n", s.at("with_backward").get<uint64_t>());

    out += manifest_decontamination(m);
    out += "## Categories\n\n![category mix](figures/categories.svg)\n\n| category | pairs | share |\n| --- "
           "| --- | "
           "--- |\n";
    for (const auto& [cat, n] : s.at("by_category").items())
        out += fmt::format("| {} | {} | {} |\n", cat, n.get<uint64_t>(), pct(n, records));

    if (s.contains("by_license")) {
        out +=
            "\n## Licences\n\nThe licence of the tree each extracted kernel came from "
            "(`metadata.origin.license`: "
            "the SPDX id of the first LICENSE, LICENCE or COPYING file found walking up from the file to the "
            "folder given to `extract`, recognised by its text; `unknown` when there is none or it is not "
            "recognised). Check each licence's terms before you redistribute or train on its pairs.\n\n"
            "| licence | pairs | share |\n| --- | --- | --- |\n";
        for (const auto& [id, n] : s.at("by_license").items())
            out += fmt::format("| {} | {} | {} |\n", id, n.get<uint64_t>(), pct(n, records));
    }
    out += extract_skips_section(m);
    out += "\n## Sizes (lines)\n\n![line counts](figures/lines.svg)\n\n"
           "The histograms' bins are log-spaced (each spans a constant ratio of line counts), so the long "
           "tail shows.\n\n";
    out += "| | min | p50 | p90 | p99 | max | mean |\n| --- | --- | --- | --- | --- | --- | --- |\n";
    for (const char* k : {"python", "forward", "backward"}) {
        const json& d = s.at("lines").at(k);
        out += fmt::format("| {} | {} | {} | {} | {} | {} | {} |\n", k, d.at("min").get<int>(),
                           d.at("p50").get<int>(), d.at("p90").get<int>(), d.at("p99").get<int>(),
                           d.at("max").get<int>(), d.at("mean").get<double>());
    }

    out += code_health_section(s.at("code_health"));

    out += "\n## Most used builtins\n\n| builtin | pairs |\n| --- | --- |\n";
    int shown = 0;
    for (const auto& b : s.at("builtins")) {
        if (++shown > 25) break;
        out +=
            fmt::format("| `{}` | {} |\n", b.at("name").get<std::string>(), b.at("records").get<uint64_t>());
    }

    out += "\n## Verification\n\n| check | verdicts |\n| --- | --- |\n";
    for (const auto& [check, counts] : s.at("verification").items()) {
        std::string cell;
        for (const auto& [verdict, n] : counts.items())
            cell += fmt::format("{}{}: {}", cell.empty() ? "" : ", ", verdict, n.get<uint64_t>());
        out += fmt::format("| {} | {} |\n", check, cell);
    }
    out += verification_figures_text(s);
    if (s.contains("verification_dropped"))
        out += fmt::format(
            "\nThe shards went through `warpsynth verify` (NVRTC and host compilation, runs on random "
            "inputs, gradient check); records dropped because they were not verified (a failed verdict, "
            "or no compilation passed): {}. They are not counted above. Verdicts depend on the tools of "
            "the machine that verified (a step it could not run is `skipped`).\n",
            s.at("verification_dropped").get<uint64_t>());
    out +=
        "\n## Reproducibility\n\nThe same command gives the same bytes on any machine and with any number of "
        "threads: records contain no path, user name or time of the machine that made them. `manifest.json` "
        "holds the configuration and the xxh3 checksum of every shard; `warpsynth validate` rechecks all of "
        "it "
        "and recompiles every record.\n";
    return out;
}

} // namespace

void write_stats_and_card(const std::filesystem::path& dir, const Manifest& manifest,
                          const StatsCollector& stats) {
    json s = stats.to_json();
    Series categories;
    for (const auto& [cat, n] : stats.by_category()) categories.emplace_back(cat, n);
    std::vector<std::pair<std::string, Series>> panels = {
        {"Python lines per pair", stats.python_lines().bins(30)},
        {"forward lines per pair", stats.forward_lines().bins(30)},
        {"backward lines per pair", stats.backward_lines().bins(30)}};

    ensure_writable_directory(dir / "figures");
    write_file_atomically(dir / "figures" / "categories.svg", svg_bar_chart("Pairs by category", categories));
    write_file_atomically(dir / "figures" / "lines.svg", svg_histograms(panels));
    write_file_atomically(dir / "README.md", card_text(manifest, s));
    json with_timing = s;
    with_timing["timing"] = manifest.timing;
    for (const char* key : kStatsFromConfig)
        if (manifest.config.contains(key)) with_timing[key] = manifest.config.at(key);
    write_file_atomically(dir / "stats.json", with_timing.dump(2) + "\n");
}

std::string decontamination_section(const json& d) {
    const json& r = d.at("references");
    return fmt::format(
        "## Decontamination\n\n{} of {} records were dropped as near-duplicates of reference kernels "
        "(kept: {}): {}. References: {} kernels from {} files in {}.\n\n",
        d.at("contaminated").get<uint64_t>(), d.at("records").get<uint64_t>(), d.at("kept").get<uint64_t>(),
        d.at("method").get<std::string>(), r.at("kernels").get<uint64_t>(), r.at("files").get<uint64_t>(),
        fmt::join(r.at("sources").get<std::vector<std::string>>(), ", "));
}

std::string size_category(uint64_t n) {
    if (n < 1000) return "n<1K";
    if (n < 10000) return "1K<n<10K";
    if (n < 100000) return "10K<n<100K";
    if (n < 1000000) return "100K<n<1M";
    if (n < 10000000) return "1M<n<10M";
    if (n < 100000000) return "10M<n<100M";
    return "100M<n<1B";
}

} // namespace ws::dataset
