#include "dataset/record_builder.h"

#include "builtins/builtin.h"
#include "codegen/compile.h"
#include "dataset/hash_set.h"
#include "syntax/ast.h"
#include "syntax/source.h"

#include <algorithm>
#include <fmt/format.h>
#include <memory>
#include <stdexcept>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#ifndef WS_GENERATOR_VERSION
#define WS_GENERATOR_VERSION "unknown"
#endif

namespace ws::dataset {

const char* device_set_name(DeviceSet d) {
    switch (d) {
    case DeviceSet::Cuda: return "cuda";
    case DeviceSet::Cpu: return "cpu";
    case DeviceSet::Both: return "both";
    }
    return "cuda";
}

bool parse_device_set(const std::string& name, DeviceSet& out) {
    if (name == "cuda")
        out = DeviceSet::Cuda;
    else if (name == "cpu")
        out = DeviceSet::Cpu;
    else if (name == "both")
        out = DeviceSet::Both;
    else
        return false;
    return true;
}

std::string comment_path_for(const std::string& id) {
    return "/warpsynth/" + id + ".py";
}

std::string generated_record_id(uint64_t seed, uint64_t index) {
    return fmt::format("{}-{:010}", seed, index);
}

std::string warp_version() {
    return std::string(builtins::registry_warp_version());
}

std::string generator_version() {
    return WS_GENERATOR_VERSION;
}

namespace {

// The '\n's of [p, p + size): 64 bytes at a time with SSE2, since every record's code (about
// 40 KB) is counted and std::count is a byte loop. Each byte lane counts up to 63 chunks of four
// blocks (252 matches at most) before the lanes are summed.
size_t count_newlines(const char* p, size_t size) {
    size_t n = 0;
#if defined(__SSE2__)
    const __m128i newline = _mm_set1_epi8('\n');
    auto matches = [&](const char* q) { // -1 per '\n'
        return _mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(q)), newline);
    };
    while (size >= 64) {
        const size_t chunks = std::min<size_t>(size / 64, 63);
        __m128i lanes = _mm_setzero_si128();
        for (size_t c = 0; c < chunks; ++c, p += 64) {
            const __m128i pair0 = _mm_add_epi8(matches(p), matches(p + 16));
            const __m128i pair1 = _mm_add_epi8(matches(p + 32), matches(p + 48));
            lanes = _mm_sub_epi8(lanes, _mm_add_epi8(pair0, pair1));
        }
        const __m128i sums = _mm_sad_epu8(lanes, _mm_setzero_si128()); // two 16-bit sums
        n += static_cast<size_t>(_mm_cvtsi128_si32(sums)) + static_cast<size_t>(_mm_extract_epi16(sums, 4));
        size -= chunks * 64;
    }
#endif
    for (; size; --size) n += *p++ == '\n';
    return n;
}

} // namespace

int count_lines(const std::string& text) {
    if (text.empty()) return 0;
    auto n = static_cast<int>(count_newlines(text.data(), text.size()));
    return text.back() == '\n' ? n : n + 1;
}

namespace {

struct DevicePieces {
    std::string forward, backward, functions, entry;
    std::vector<std::string> builtins;
};

// `parsed`: `source` already parsed (under any name), or null; only read.
DevicePieces compile_for(const std::shared_ptr<const SourceFile>& source, const ast::Module* parsed,
                         const std::string& kernel_name, const std::string& comment_path, Device device) {
    CompileOptions options;
    options.device = device;
    options.strip_hash = true;
    options.enable_backward = true;
    options.comment_path = comment_path;
    CompileOutput out = parsed ? compile_module(source, *parsed, options) : compile_module(source, options);
    for (auto& k : out.kernels) {
        if (k.name != kernel_name) continue;
        return DevicePieces{std::string(out.text(k.forward)), std::string(out.text(k.backward)),
                            std::move(k.functions), std::string(out.text(k.entry)),
                            std::move(out.builtins_used)};
    }
    for (const OmittedKernel& k : out.omitted)
        if (k.name == kernel_name) throw CompileError(source->path(), k.line, k.col, k.reason);
    throw std::runtime_error(fmt::format("the module has no kernel named '{}'", kernel_name));
}

// Lines of one device's code: its forward and backward entries counted apart (the record's
// forward_lines and backward_lines) and the whole (functions and CPU entry points too).
struct DeviceLines {
    int forward = 0, backward = 0;
    uint64_t total = 0;
};

DeviceLines count_device_lines(const std::string& forward, const std::string& backward,
                               const std::string& functions, const std::string& entry) {
    DeviceLines n{count_lines(forward), count_lines(backward)};
    n.total = static_cast<uint64_t>(n.forward) + static_cast<uint64_t>(n.backward) +
              static_cast<uint64_t>(count_lines(functions)) + static_cast<uint64_t>(count_lines(entry));
    return n;
}

// `parsed`: r.python_source already parsed, or null; every device compiles it.
// Returns the lines of C++ of the larger device (each piece is counted once, here).
uint64_t fill_code(Record& r, const std::shared_ptr<const SourceFile>& source, const ast::Module* parsed,
                   DeviceSet device) {
    std::string path = comment_path_for(r.id);
    std::vector<std::string> builtins;
    DeviceLines cuda, cpu;
    if (device != DeviceSet::Cpu) {
        DevicePieces p = compile_for(source, parsed, r.kernel_name, path, Device::Cuda);
        r.cuda_forward = std::move(p.forward);
        r.cuda_backward = std::move(p.backward);
        r.cuda_functions = std::move(p.functions);
        builtins = std::move(p.builtins);
        cuda = count_device_lines(r.cuda_forward, r.cuda_backward, r.cuda_functions, {});
    }
    if (device != DeviceSet::Cuda) {
        DevicePieces p = compile_for(source, parsed, r.kernel_name, path, Device::Cpu);
        r.cpu_forward = std::move(p.forward);
        r.cpu_backward = std::move(p.backward);
        r.cpu_functions = std::move(p.functions);
        r.cpu_entry = std::move(p.entry);
        if (builtins.empty()) builtins = std::move(p.builtins);
        cpu = count_device_lines(r.cpu_forward, r.cpu_backward, r.cpu_functions, r.cpu_entry);
    }
    r.builtins = std::move(builtins);
    const DeviceLines& lines = device == DeviceSet::Cpu ? cpu : cuda;
    r.forward_lines = lines.forward;
    r.backward_lines = lines.backward;
    r.has_backward = !(device == DeviceSet::Cpu ? r.cpu_backward : r.cuda_backward).empty();
    return std::max(cuda.total, cpu.total);
}

} // namespace

analysis::Fingerprint fingerprint_candidate(const Candidate& c) {
    return c.module ? analysis::fingerprint(c.tokens, c.python_source)
                    : analysis::fingerprint(c.python_source);
}

BuiltRecord build_record(Candidate candidate, std::string id, DeviceSet device, uint64_t seed,
                         uint64_t index) {
    analysis::Fingerprint fingerprint = fingerprint_candidate(candidate);
    return build_record(std::move(candidate), fingerprint, std::move(id), device, seed, index);
}

BuiltRecord build_record(Candidate candidate, analysis::Fingerprint fingerprint, std::string id,
                         DeviceSet device, uint64_t seed, uint64_t index) {
    BuiltRecord out;
    out.fingerprint = fingerprint;
    Record& r = out.record;
    r.id = std::move(id);
    r.kernel_name = std::move(candidate.kernel_name);
    r.category = std::move(candidate.category);
    r.description = std::move(candidate.description);
    r.python_source = std::move(candidate.python_source);
    r.device = device_set_name(device);
    r.warp_version = warp_version();
    r.generator_version = generator_version();
    r.seed = seed;
    r.index = index;
    r.python_lines = count_lines(r.python_source);
    r.features = std::move(candidate.features);
    r.launch = std::move(candidate.launch);
    r.origin = std::move(candidate.origin);

    std::string path = comment_path_for(r.id);
    const bool reuse = candidate.module && candidate.source && candidate.source->path() == path &&
                       candidate.source->text() == r.python_source;
    auto source = reuse ? std::move(candidate.source)
                        : std::make_shared<const SourceFile>(std::move(path), r.python_source);
    out.code_lines = fill_code(r, source, candidate.module.get(), device);
    out.health = candidate.health ? *candidate.health : analysis::health_counts(r.python_source);
    r.source_hash = hash_hex(out.fingerprint.structure_hash);
    return out;
}

Record recompile_record(const Record& r) {
    Record fresh = r;
    fresh.cuda_forward.clear();
    fresh.cuda_backward.clear();
    fresh.cuda_functions.clear();
    fresh.cpu_forward.clear();
    fresh.cpu_backward.clear();
    fresh.cpu_functions.clear();
    fresh.cpu_entry.clear();
    DeviceSet device;
    if (!parse_device_set(r.device, device)) throw std::runtime_error("unknown device '" + r.device + "'");
    auto source = std::make_shared<const SourceFile>(comment_path_for(r.id), r.python_source);
    fill_code(fresh, source, nullptr, device);
    fresh.python_lines = count_lines(fresh.python_source);
    fresh.source_hash = hash_hex(analysis::structure_hash(fresh.python_source));
    return fresh;
}

} // namespace ws::dataset
