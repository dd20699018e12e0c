// A pair record from a Python module: compile it with warpsynth's compiler
// for the requested device(s), take the pieces of one kernel, count lines,
// fingerprint the source and measure its code health.
//
// Machine independence: the `// path:line` comments Warp prints above
// functions name the file; records use the fixed virtual path
// `/warpsynth/<record id>.py` (comment_path_for), so the bytes of a record
// depend only on its inputs, never on the folder, machine or user.
#pragma once

#include "analysis/fingerprint.h"
#include "analysis/health.h"
#include "dataset/kernel_source.h"
#include "dataset/record.h"
#include "dataset/stats.h"

#include <cstdint>
#include <string>

namespace ws::dataset {

enum class DeviceSet { Cuda, Cpu, Both };

const char* device_set_name(DeviceSet d);
bool parse_device_set(const std::string& name, DeviceSet& out);

// "/warpsynth/<id>.py"
std::string comment_path_for(const std::string& id);
// "<seed>-<index, 10 digits>", e.g. "42-0000001234"
std::string generated_record_id(uint64_t seed, uint64_t index);

std::string warp_version();
std::string generator_version();

struct BuiltRecord {
    Record record;
    analysis::Fingerprint fingerprint;
    analysis::HealthCounts health;
    // Lines of the C++ of the record for its larger device: functions, forward, backward (and the
    // CPU entry points); what --max-code-lines limits.
    uint64_t code_lines = 0;
    SourceMeasures measures() const { return {fingerprint.signature, health}; }
};

// The fingerprint build_record gives `c` (from the parse's tokens when it has them), without
// compiling: generate skips compiling a kernel whose structure hash is already in the dataset.
analysis::Fingerprint fingerprint_candidate(const Candidate& c);

// Throws CompileError when warpsynth rejects the module (unsupported
// construct, or input Warp would reject), std::exception on internal errors.
BuiltRecord build_record(Candidate candidate, std::string id, DeviceSet device, uint64_t seed,
                         uint64_t index);
// The same, with fingerprint_candidate(candidate) already made.
BuiltRecord build_record(Candidate candidate, analysis::Fingerprint fingerprint, std::string id,
                         DeviceSet device, uint64_t seed, uint64_t index);

// The code fields of `r` recompiled from its python_source, for validate:
// a record with the same metadata and freshly generated code fields.
Record recompile_record(const Record& r);

// Lines of a text: newlines, plus one for a last line without '\n'.
int count_lines(const std::string& text);

// The size limit on the code of a record (generate and extract --max-code-lines; 0: none):
// constant loops unrolled into each other can make a kernel of a few lines
// generate hundreds of thousands of lines of C++ that nobody can train on. The
// default is about four times the largest record of 10,000 synthesized ones.
constexpr uint64_t kDefaultMaxCodeLines = 10000;
inline bool over_size_limit(const BuiltRecord& b, uint64_t max_code_lines) {
    return max_code_lines > 0 && b.code_lines > max_code_lines;
}

} // namespace ws::dataset
