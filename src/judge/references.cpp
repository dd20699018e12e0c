#include "judge/references.h"

#include "dataset/manifest.h"
#include "dataset/record_reader.h"

namespace ws::judge {

std::map<std::string, dataset::Record> load_records_by_id(const std::filesystem::path& dir,
                                                          const std::set<std::string>& ids) {
    std::map<std::string, dataset::Record> out;
    if (ids.empty()) return out;
    const dataset::Manifest m = dataset::load_complete_manifest(dir);
    for (const dataset::ShardEntry& e : m.shards) {
        dataset::for_each_record(dir, e, [&](const std::string&, const dataset::Record& r) {
            if (ids.count(r.id)) out.emplace(r.id, r);
        });
        if (out.size() == ids.size()) break;
    }
    return out;
}

} // namespace ws::judge
