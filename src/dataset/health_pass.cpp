#include "dataset/health_pass.h"

#include "dataset/file_io.h"
#include "dataset/io_error.h"
#include "dataset/manifest.h"
#include "dataset/record_reader.h"

#include <fmt/format.h>

namespace ws::dataset {

namespace fs = std::filesystem;

analysis::Summary analyze_paths(const HealthOptions& options,
                                const std::function<void(const analysis::FileReport&)>& each) {
    analysis::Summary summary;
    const analysis::AnalyzeOptions analyze_options{options.keep_source};
    auto add = [&](std::string name, std::string text) {
        analysis::FileReport report = analysis::analyze(std::move(name), std::move(text), analyze_options);
        summary.add(report);
        each(report);
    };
    for (const fs::path& path : options.paths) {
        std::error_code ec;
        if (fs::is_directory(path, ec) && fs::exists(path / "manifest.json", ec)) {
            std::optional<Manifest> m = load_manifest(path);
            if (!m) throw DataError(fmt::format("{}: manifest.json cannot be read", path.string()));
            for (const ShardEntry& e : m->shards)
                for_each_record(path, e, [&](const std::string&, const Record& r) {
                    add(fmt::format("{}#{}", path.string(), r.id), r.python_source);
                });
            continue;
        }
        std::vector<fs::path> files;
        collect_python_files(path, files);
        for (const fs::path& f : files) add(f.string(), read_file(f));
    }
    return summary;
}

} // namespace ws::dataset
