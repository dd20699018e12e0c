// Measurements of synthesized (or any) Warp kernels, for the synthesizer's
// diversity test: the Warp builtins a file calls, the catalogue of builtins
// warpsynth supports, and per-category aggregates. "Structurally unique" is
// the dataset's dedup key, analysis::structure_hash (src/analysis/fingerprint.h).
#pragma once

#include "syntax/token.h"

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace ws::synth {

// Warp builtins, Warp types and Python builtins called inside function and
// kernel bodies, spelled as in the source (`wp.sin`, `wp.vec3`, `float`,
// `range`), sorted and unique: the `call:` tags of the corpus vocabulary.
// Decorators, annotations, default values and module-level code do not count.
std::vector<std::string> builtins_used(std::string_view python_source);
// The same, from the tokens a parse of `python_source` read (parse_module's token stream): the
// text is not lexed again.
std::vector<std::string> builtins_used(std::span<const Token> tokens, std::string_view python_source);

// The builtins warpsynth supports and the synthesizer writes: the corpus's
// call list (the baseline) plus close relatives of the same families.
struct CatalogueEntry {
    std::string_view name;  // as spelled in Python: "wp.sin", "float"
    std::string_view group; // math, vector, matrix, quaternion, transform, spatial, atomic, random, query,
                            // type, python, utility
    bool in_corpus;         // called by at least one corpus case
};
std::span<const CatalogueEntry> builtin_catalogue();
bool in_catalogue(std::string_view name);

struct CategoryReport {
    std::string category;
    uint64_t count = 0;
    double mean_python_lines = 0.0;
    double mean_cuda_lines = 0.0;   // 0 when no CUDA line counts were given
    uint64_t unique_structures = 0; // distinct analysis::structure_hash values
    double uniqueness = 0.0;        // unique_structures / count
    double share = 0.0;             // count / total count
};

// Aggregates over many kernels; add() from one thread per accumulator, then merge().
class StatsAccumulator {
  public:
    // `cuda_lines` < 0 when unknown (e.g. synthesis without compilation).
    void add(std::string_view category, std::string_view python_source, int cuda_lines = -1);
    void merge(const StatsAccumulator& other);

    uint64_t count() const { return total_.count; }
    std::vector<CategoryReport> categories() const; // sorted by category name
    CategoryReport overall() const;
    // Kernels that call each builtin.
    const std::map<std::string, uint64_t>& builtin_counts() const { return builtins_; }
    // Fraction of builtin_catalogue() entries called by at least one kernel.
    double catalogue_coverage() const;
    std::vector<std::string> catalogue_missing() const; // catalogue entries never called
    std::vector<std::string> outside_catalogue() const; // called but not in the catalogue

  private:
    struct Agg {
        uint64_t count = 0;
        uint64_t python_lines = 0;
        uint64_t cuda_lines = 0;
        uint64_t cuda_count = 0;
        std::unordered_set<uint64_t> hashes;
        void merge(const Agg& o);
    };
    CategoryReport report(const std::string& name, const Agg& a) const;
    std::map<std::string, Agg> cats_;
    Agg total_;
    std::map<std::string, uint64_t> builtins_;
};

} // namespace ws::synth
