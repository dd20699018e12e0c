// The reference kernels that decontamination compares a dataset with: every
// `@wp.kernel` of Python files, of folders of Python files, or of the records
// of dataset folders, each with its normalised MinHash signature
// (analysis::normalized_signature). Files are parsed, never imported or run.
#pragma once

#include "analysis/fingerprint.h"
#include "dataset/file_io.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace ws::exporting {

struct Reference {
    std::string where; // "path:line" of the kernel's first decorator (a record: "DIR/ID:line")
    std::string name;
    analysis::MinHashSignature signature{};
};

struct ReferenceSet {
    std::vector<std::string> sources; // the paths the references came from, as given
    std::vector<Reference> kernels;
    uint64_t files = 0;          // Python files read (or dataset records)
    uint64_t unparsed_files = 0; // Python files the parser rejected (no kernels taken from them)
    std::vector<dataset::PathSkip> skipped;
};

// Warp's own tests and examples (`warp/tests`, `warp/examples`) of the
// installed warp-lang, found as verify finds Warp's headers
// (verify/warp_headers.h: --warp-include, $WARP_INCLUDE, python3 on PATH).
// ConfigError when there is no Warp.
std::vector<std::filesystem::path> default_reference_paths(const std::string& warp_include);

// IoError when a path does not exist; ConfigError when it is an incomplete dataset.
ReferenceSet load_references(const std::vector<std::filesystem::path>& paths);

} // namespace ws::exporting
