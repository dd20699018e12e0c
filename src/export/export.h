// `warpsynth export`: a dataset folder (generated, extracted, merged,
// verified) to a folder of training rows that Hugging Face `datasets` loads
// as it is (`load_dataset(OUT)`):
//
//     OUT/data/{train,validation,test}-00000-of-0000N.jsonl.zst
//     OUT/README.md     the card: YAML configs with the splits, tasks, counts, token lengths
//     OUT/export.json   the same figures for programs
//
// Two streaming passes over the shards: the first decides which records
// become rows (--verified-only, the task's fields, --max-chars), measures
// them and collects the fingerprints the splits are made from (splits.h);
// the second writes the rows. With --decontaminate, records whose kernel is a
// near-duplicate of a reference kernel are left out like the other filters.
// Everything is written into a temporary folder
// beside OUT that is renamed to OUT at the end, so OUT is never half-written.
// The output is a pure function of the input records and the options.
#pragma once

#include "export/format.h"
#include "export/splits.h"
#include "export/task.h"

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace ws::exporting {

// Prompt plus answer longer than this many characters are left out by default
// (about 8,000 tokens at four characters a token: what SFT runs on one GPU fit).
constexpr uint64_t kDefaultMaxChars = 32000;

// `export --decontaminate`: records whose kernel is a near-duplicate of a
// reference kernel (decontaminate.h) become no row.
struct ExportDecontamination {
    bool enabled = false;
    std::vector<std::filesystem::path> against; // empty: Warp's tests and examples
    std::string warp_include;
    double threshold = 0.7;
};

struct ExportOptions {
    std::filesystem::path input, out;
    Task task = Task::PythonToCuda;
    Format format = Format::Messages;
    SplitRatio split;
    bool verified_only = false;
    ExportDecontamination decontamination;
    uint64_t max_chars = kDefaultMaxChars; // 0: no limit
    uint64_t shard_size = 20000;           // rows per shard file
    bool overwrite = false;                // replace an existing OUT
    unsigned jobs = 0; // threads that parse records (0: all cores); never changes the output
    bool quiet = false;
};

// Runs the export and returns what export.json holds. Throws dataset::ConfigError
// (bad options, not a dataset), IoError, DataError (a record that does not parse).
nlohmann::json run_export(const ExportOptions& options);

} // namespace ws::exporting
