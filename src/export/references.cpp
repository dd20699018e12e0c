#include "export/references.h"

#include "dataset/io_error.h"
#include "dataset/manifest.h"
#include "dataset/record_reader.h"
#include "export/kernel_text.h"
#include "syntax/source.h"
#include "verify/warp_headers.h"

#include <fmt/format.h>
#include <optional>
#include <stdexcept>

namespace ws::exporting {

namespace fs = std::filesystem;

namespace {

void add_python_file(const fs::path& file, ReferenceSet& set) {
    std::string source;
    try {
        source = read_source_file(file.string());
    } catch (const SourceReadError& e) {
        set.skipped.push_back({file.string(), e.what()});
        return;
    }
    ++set.files;
    bool parsed = true;
    std::vector<KernelText> kernels = kernel_texts(file.string(), source, &parsed);
    if (!parsed) ++set.unparsed_files;
    for (auto& k : kernels)
        set.kernels.push_back(Reference{fmt::format("{}:{}", file.string(), k.line), std::move(k.name),
                                        analysis::normalized_signature(k.text)});
}

void add_dataset(const fs::path& dir, const dataset::Manifest& m, ReferenceSet& set) {
    if (!m.complete)
        throw dataset::ConfigError(fmt::format("--against {}: the dataset is not complete", dir.string()));
    for (const auto& e : m.shards)
        dataset::for_each_record(dir, e, [&](const std::string&, const dataset::Record& r) {
            ++set.files;
            KernelText k = kernel_text(r.python_source, r.kernel_name);
            set.kernels.push_back(Reference{fmt::format("{}/{}:{}", dir.string(), r.id, k.line),
                                            r.kernel_name, analysis::normalized_signature(k.text)});
        });
}

} // namespace

std::vector<fs::path> default_reference_paths(const std::string& warp_include) {
    verify::WarpHeaders h;
    try {
        h = verify::locate_warp_headers(warp_include);
    } catch (const std::runtime_error& e) {
        throw dataset::ConfigError(fmt::format(
            "no --against given and no installed warp-lang for its tests and examples: {}", e.what()));
    }
    fs::path warp = fs::path(h.native_dir).parent_path();
    std::vector<fs::path> out;
    for (const char* sub : {"tests", "examples"}) {
        std::error_code ec;
        if (fs::is_directory(warp / sub, ec)) out.push_back(warp / sub);
    }
    if (out.empty())
        throw dataset::ConfigError(fmt::format(
            "no --against given and {} has neither tests/ nor examples/ to compare with", warp.string()));
    return out;
}

ReferenceSet load_references(const std::vector<fs::path>& paths) {
    ReferenceSet set;
    for (const auto& p : paths) {
        set.sources.push_back(p.string());
        std::error_code ec;
        std::optional<dataset::Manifest> m;
        if (fs::is_directory(p, ec)) m = dataset::load_manifest(p);
        if (m) {
            add_dataset(p, *m, set);
            continue;
        }
        std::vector<fs::path> files;
        dataset::collect_python_files(p, files, &set.skipped);
        for (const auto& f : files) add_python_file(f, set);
    }
    return set;
}

} // namespace ws::exporting
