// synthesize(): one kernel from (seed, index, categories). Everything random
// comes from dice seeded by a hash of (seed, index), so a kernel never depends
// on other kernels, threads or machines.
//
// The steps: the category picks a pattern and a domain (category_mix.cpp);
// the pattern composes a data-flow graph of idioms from that domain
// (compose.cpp) and writes it as Python (writer.cpp); the description is built
// from the idioms' phrases (describe.cpp).
#include "synth/category_mix.h"
#include "synth/describe.h"
#include "synth/library.h"
#include "synth/pattern.h"
#include "synth/stats.h"
#include "synth/synth.h"

#include <array>
#include <stdexcept>

namespace ws::synth {

namespace {

Domain pick_domain(const CategoryMix& mix, Dice& dice) {
    std::array<int, kDomainCount> w = mix.domains;
    for (size_t d = 0; d < kDomainCount; ++d)
        if (Library::get().of(static_cast<Domain>(d)).empty()) w[d] = 0;
    const size_t k = dice.weighted(w);
    return k < kDomainCount ? static_cast<Domain>(k) : Domain::Math;
}

const Pattern& pick_pattern(std::array<int, kPatternCount> weights, Domain domain, Dice& dice) {
    for (size_t k = 0; k < kPatternCount; ++k)
        if (!pattern(static_cast<PatternId>(k)).fits(domain)) weights[k] = 0;
    size_t p = dice.weighted(weights);
    if (p >= kPatternCount) { // nothing of the mix fits this domain: any pattern that does
        for (size_t k = 0; k < kPatternCount; ++k) weights[k] = pattern(static_cast<PatternId>(k)).fits(domain);
        p = dice.weighted(weights);
    }
    return pattern(static_cast<PatternId>(p));
}

// Testing the library: a kernel of the pattern the idiom needs, starting from it.
void force_idiom(Plan& plan, const SynthOptions& options) {
    const Idiom* idiom = Library::get().find(options.idiom);
    if (!idiom) throw std::invalid_argument("unknown idiom '" + options.idiom + "'");
    plan.forced_root = idiom;
    plan.domain = idiom->domain();
    plan.fp = options.float64 && !idiom->has(kF32Only) ? Scalar::F64 : Scalar::F32;
    PatternId id = PatternId::Map;
    if (idiom->has(kStencil)) id = PatternId::Stencil;
    else if (idiom->has(kPair)) id = PatternId::Gather;
    plan.pattern = &pattern(id);
}

void choose_helpers(Plan& plan, Dice& dice) {
    for (Node& n : plan.graph.nodes) {
        // A @wp.func takes the RNG state by value: draws in a helper would not
        // advance the kernel's state, and the kernel would draw them again.
        if (n.idiom->has(kInline) || n.idiom->has(kRandom)) continue;
        n.helper = dice.on(Knob::PHelper) || (n.idiom->has(kHelper) && dice.on(Knob::PHelper));
    }
}

std::string kernel_name(KernelWriter& w) {
    const int root = w.plan.root >= 0 ? w.plan.root : 0;
    const std::string id(w.plan.graph.nodes[static_cast<size_t>(root)].idiom->id());
    const std::vector<std::vector<std::string>> forms = {
        {id + "_kernel"}, {"compute_" + id}, {"eval_" + id}, {"apply_" + id}, {id + "_step"}};
    return w.module_name(w.dice.pick(forms));
}

} // namespace

uint64_t kernel_seed(uint64_t seed, uint64_t index) {
    return hash_combine(hash_combine(seed, 0x5EEDull), index);
}

SynthKernel synthesize(const SynthOptions& options, uint64_t index) {
    const std::vector<Category>& cats = options.categories.empty() ? all_categories() : options.categories;
    const uint64_t h = kernel_seed(options.seed, index);
    const Category category = cats[hash_combine(h, hash_name("category")) % cats.size()];

    Rng rng(h);
    const Policy policy = draw_policy(rng, category);
    Dice dice(rng.fork(hash_name("kernel")), policy);
    const CategoryMix& mix = category_mix(category);

    Plan plan;
    plan.category = category;
    plan.prefer = mix.prefer;
    plan.fp = dice.on(Knob::PFloat64) ? Scalar::F64 : Scalar::F32;
    if (!options.idiom.empty()) {
        force_idiom(plan, options);
    } else {
        plan.domain = pick_domain(mix, dice);
        plan.pattern = &pick_pattern(mix.patterns, plan.domain, dice);
    }
    plan.pattern->compose(plan, dice);
    choose_helpers(plan, dice);

    KernelWriter w(plan, dice);
    plan.pattern->write(w);
    const std::string name = kernel_name(w);
    const std::string description = describe(plan, w.outputs, w.texts(), dice);

    SynthKernel out;
    out.python_source = w.render(name, dice.on(Knob::PDocstring) ? description : "");
    out.kernel_name = name;
    out.category = category;
    out.description = description;
    for (const std::string& b : builtins_used(out.python_source)) out.features.push_back("call:" + b);
    out.launch = w.launch();
    return out;
}

} // namespace ws::synth
