#include "dataset/record_builder.h"

#include "builtins/builtin.h"
#include "codegen/compile.h"
#include "dataset/hash_set.h"
#include "syntax/source.h"

#include <algorithm>
#include <fmt/format.h>
#include <memory>
#include <stdexcept>

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

int count_lines(const std::string& text) {
    if (text.empty()) return 0;
    auto n = static_cast<int>(std::count(text.begin(), text.end(), '\n'));
    return text.back() == '\n' ? n : n + 1;
}

uint64_t code_lines(const Record& r) {
    auto lines = [](std::initializer_list<const std::string*> texts) {
        uint64_t n = 0;
        for (const std::string* t : texts) n += static_cast<uint64_t>(count_lines(*t));
        return n;
    };
    return std::max(lines({&r.cuda_functions, &r.cuda_forward, &r.cuda_backward}),
                    lines({&r.cpu_functions, &r.cpu_forward, &r.cpu_backward, &r.cpu_entry}));
}

namespace {

struct DevicePieces {
    std::string forward, backward, functions, entry;
    std::vector<std::string> builtins;
};

DevicePieces compile_for(const std::shared_ptr<const SourceFile>& source, const std::string& kernel_name,
                         const std::string& comment_path, Device device) {
    CompileOptions options;
    options.device = device;
    options.strip_hash = true;
    options.enable_backward = true;
    options.comment_path = comment_path;
    CompileOutput out = compile_module(source, options);
    for (auto& k : out.kernels) {
        if (k.name != kernel_name) continue;
        return DevicePieces{std::move(k.forward), std::move(k.backward), std::move(k.functions),
                            std::move(k.entry), std::move(out.builtins_used)};
    }
    for (const OmittedKernel& k : out.omitted)
        if (k.name == kernel_name) throw CompileError(source->path(), k.line, k.col, k.reason);
    throw std::runtime_error(fmt::format("the module has no kernel named '{}'", kernel_name));
}

void fill_code(Record& r, const std::shared_ptr<const SourceFile>& source, DeviceSet device) {
    std::string path = comment_path_for(r.id);
    std::vector<std::string> builtins;
    if (device != DeviceSet::Cpu) {
        DevicePieces p = compile_for(source, r.kernel_name, path, Device::Cuda);
        r.cuda_forward = std::move(p.forward);
        r.cuda_backward = std::move(p.backward);
        r.cuda_functions = std::move(p.functions);
        builtins = std::move(p.builtins);
    }
    if (device != DeviceSet::Cuda) {
        DevicePieces p = compile_for(source, r.kernel_name, path, Device::Cpu);
        r.cpu_forward = std::move(p.forward);
        r.cpu_backward = std::move(p.backward);
        r.cpu_functions = std::move(p.functions);
        r.cpu_entry = std::move(p.entry);
        if (builtins.empty()) builtins = std::move(p.builtins);
    }
    r.builtins = std::move(builtins);
    const std::string& forward = device == DeviceSet::Cpu ? r.cpu_forward : r.cuda_forward;
    const std::string& backward = device == DeviceSet::Cpu ? r.cpu_backward : r.cuda_backward;
    r.forward_lines = count_lines(forward);
    r.backward_lines = count_lines(backward);
    r.has_backward = !backward.empty();
}

} // namespace

BuiltRecord build_record(Candidate candidate, std::string id, DeviceSet device, uint64_t seed,
                         uint64_t index) {
    BuiltRecord out;
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

    auto source = std::make_shared<const SourceFile>(comment_path_for(r.id), r.python_source);
    fill_code(r, source, device);
    out.fingerprint = analysis::fingerprint(*source);
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
    fill_code(fresh, source, device);
    fresh.python_lines = count_lines(fresh.python_source);
    fresh.source_hash = hash_hex(analysis::structure_hash(fresh.python_source));
    return fresh;
}

} // namespace ws::dataset
