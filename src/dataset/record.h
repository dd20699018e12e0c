// One pair record: a Warp kernel in Python and the CUDA / CPU C++ that Warp
// generates for it (design §5). One JSON object per line in a shard.
#pragma once

#include "synth/synth.h"
#include "types/str_cat.h"

#include <cstdint>
#include <initializer_list>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

namespace ws::dataset {

// A verification verdict: "pass", "fail: <reason>" or "skipped: <reason>".
struct Verdicts {
    std::string compiled_cuda;
    std::string compiled_cpu;
    std::string executed;
    std::string grad_check;
    std::string
        depends_on_inputs; // the outputs change when the inputs do (absent in records verified before it)
    bool empty() const {
        return compiled_cuda.empty() && compiled_cpu.empty() && executed.empty() && grad_check.empty() &&
               depends_on_inputs.empty();
    }
};

// Where an extracted kernel came from (absent for generated ones).
struct Origin {
    std::string path;           // relative to the folder given to extract, under that folder's name
    int line = 0;               // of the kernel's first decorator
    std::string qualified_name; // Python's __qualname__
    std::string license;        // SPDX id of the tree's licence, or "unknown"
    bool empty() const { return path.empty(); }
};

struct Record {
    std::string id; // stable: derived from (seed, index) or source hash for extracted kernels
    std::string kernel_name;
    std::string category; // synthesizer category, or "extracted"
    // What the kernel computes, in one to three English sentences: the
    // synthesizer's, or the first paragraph of an extracted kernel's docstring;
    // empty when unknown (and in records written before the field existed).
    std::string description;
    std::string python_source;

    std::string cuda_forward, cuda_backward, cuda_functions;
    std::string cpu_forward, cpu_backward, cpu_functions;
    // CPU module entry points (`extern "C"` wrappers Warp emits per kernel);
    // empty unless the record has CPU code.
    std::string cpu_entry;

    // metadata
    std::string device;            // "cuda", "cpu" or "both"
    std::string warp_version;      // reference release, e.g. "1.19.0"
    std::string generator_version; // warpsynth version
    uint64_t seed = 0;
    uint64_t index = 0;
    bool has_backward = true;
    int python_lines = 0, forward_lines = 0, backward_lines = 0;
    std::vector<std::string> features;
    std::vector<std::string> builtins;
    std::string source_hash;  // normalised-structure hash used for dedup (hex)
    synth::LaunchSpec launch; // shapes the verifier allocates
    Verdicts verification;
    Origin origin;

    // Frees the code texts, keeping the metadata (what statistics need).
    void drop_code() {
        for (std::string* t : {&python_source, &cuda_forward, &cuda_backward, &cuda_functions, &cpu_forward,
                               &cpu_backward, &cpu_functions, &cpu_entry})
            std::string().swap(*t);
    }
};

void from_json(const nlohmann::json& j, Record& r);

// Appends the record's JSON line (without '\n') to `out`. It is the only writer
// of the record schema (design §5), written directly instead of through a JSON
// DOM (the pipeline's hot path: a record is about 40 KB of escaped text). The
// line is canonical: nlohmann's parse then dump() gives the same bytes. Throws
// nlohmann::json::type_error on invalid UTF-8, as dump() does.
void append_json(TextBuffer& out, const Record& r);
// The same, appended to a string (through a TextBuffer: one copy more).
void append_json(std::string& out, const Record& r);

// The record's JSON line as a string (append_json into an empty one).
std::string json_line(const Record& r);

// The JSON of a launch, as the record's metadata.launch holds it.
std::string launch_json(const synth::LaunchSpec& launch);

} // namespace ws::dataset
