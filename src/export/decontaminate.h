// `warpsynth decontaminate`: finds the records of a dataset whose kernel
// function is a near-duplicate of a reference kernel (by default Warp's own
// tests and examples, the likeliest evaluation set for Warp kernels), and
// reports them or writes the dataset without them.
//
// A record is contaminated when the text of its kernel function (not the
// helper functions of its module) has an estimated Jaccard similarity >=
// `threshold` with some reference kernel, over token 5-grams of the
// normalised token stream (analysis::normalized_signature: renamed
// variables, comments and layout do not matter; reordered statements change
// only the shingles across them). Candidates come from LSH bands and are
// confirmed on the full signature (export/reference_index.h).
//
// With `drop`, the kept records are written with the dataset writer into a
// temporary folder beside `out` that is renamed to `out` at the end; its
// manifest configuration, stats.json and card carry the counts and the
// references under "decontamination".
#pragma once

#include "dataset/record.h"
#include "export/reference_index.h"
#include "export/references.h"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace ws::exporting {

// The reference kernels and their index: what `decontaminate` and
// `export --decontaminate` check each record against.
class Contamination {
  public:
    // `against` empty: Warp's tests and examples (references.h). Throws
    // ConfigError when the references hold no kernel, IoError for a missing path.
    Contamination(const std::vector<std::filesystem::path>& against, const std::string& warp_include,
                  double threshold);

    // The reference the record's kernel function is a near-duplicate of. Thread-safe.
    std::optional<ReferenceMatch> match(const dataset::Record& record) const;

    const ReferenceSet& references() const { return *references_; }

    // The report's figures without the matches: what stats.json, a manifest
    // and export.json hold under "decontamination".
    nlohmann::json summary(uint64_t records, uint64_t contaminated) const;

  private:
    double threshold_;
    std::unique_ptr<ReferenceSet> references_; // the index points into it
    std::unique_ptr<ReferenceIndex> index_;
};

struct DecontaminateOptions {
    std::filesystem::path input;
    std::vector<std::filesystem::path> against; // empty: Warp's tests and examples
    std::string warp_include;                   // where to find that Warp (verify/warp_headers.h)
    double threshold = 0.7;
    bool drop = false;
    std::filesystem::path out;   // with drop
    uint64_t shard_size = 10000; // records per shard file of `out`
    unsigned jobs = 0;           // 0: all cores; never changes the output
    bool quiet = false;
};

// Runs it and returns the report (format "warpsynth-decontamination/1").
// Throws dataset::ConfigError (bad options, not a dataset, `out` exists),
// IoError, DataError (a record that does not parse).
nlohmann::json run_decontaminate(const DecontaminateOptions& options);

// The report for people: counts, then one line per contaminated record.
std::string decontamination_text(const nlohmann::json& report);

} // namespace ws::exporting
