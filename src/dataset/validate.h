// `warpsynth validate DIR`: rechecks a dataset folder end to end.
//
// - manifest: readable, complete, every listed shard present with the listed
//   size and xxh3; no unlisted shard files.
// - every record: valid JSON of the record schema, in canonical form (parsing
//   and re-serializing gives the same bytes), a unique id, index inside its
//   shard's range (generated datasets), source_hash equal to the fingerprint
//   of python_source, and code fields equal to a fresh compile of
//   python_source (recompiled in parallel).
// - dedup: no two records with the same structure hash.
// - verification: every record of a shard marked verified has verdicts (the
//   shard's record count already excludes the records --drop-failed removed).
// - stats: the record count of each shard, and stats.json equal to the
//   statistics recomputed from the records (its "timing" part aside).
// Problems name the record id (or the file) and make the exit status non-zero.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace ws::dataset {

struct ValidateOptions {
    std::filesystem::path dir;
    unsigned jobs = 0;
    bool recompile = true;
    bool quiet = false;
};

struct ValidateReport {
    uint64_t records = 0;
    std::vector<std::string> problems;
};

ValidateReport validate(const ValidateOptions& options);

} // namespace ws::dataset
