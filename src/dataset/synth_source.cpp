// The product's kernel source: src/synth's synthesizer. This file is compiled
// into every program that links ws_dataset (an INTERFACE source of the target,
// so the static registration is never dropped by the linker), and only when
// the build has the ws_synth library.
#include "dataset/kernel_source.h"
#include "dataset/record_builder.h"
#include "synth/synth.h"

#include <stdexcept>
#include <string>

namespace ws::dataset {

namespace {

std::vector<std::string> synth_category_names() {
    std::vector<std::string> names;
    for (synth::Category c : synth::all_categories()) names.emplace_back(synth::category_name(c));
    return names;
}

Candidate synth_candidate(uint64_t seed, const std::vector<std::string>& categories, uint64_t index) {
    synth::SynthOptions options;
    options.seed = seed;
    options.source_path = comment_path_for(generated_record_id(seed, index));
    for (const auto& name : categories) {
        synth::Category c;
        if (!synth::category_from_name(name, c)) throw std::invalid_argument("unknown category " + name);
        options.categories.push_back(c);
    }
    synth::SynthKernel k = synth::synthesize(options, index);
    Candidate out;
    out.python_source = std::move(k.python_source);
    out.kernel_name = std::move(k.kernel_name);
    out.category = std::string(synth::category_name(k.category));
    out.description = std::move(k.description);
    out.features = std::move(k.features);
    out.launch = std::move(k.launch);
    out.health = k.health;
    out.module = std::move(k.module);
    out.source = std::move(k.source);
    out.tokens = std::move(k.tokens);
    return out;
}

const KernelSourceRegistration kSynth{KernelSource{"synth", synth_category_names(), synth_candidate}};

} // namespace

} // namespace ws::dataset
