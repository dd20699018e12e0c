// synthesize(): one kernel from (seed, index, categories). Everything random
// comes from dice seeded by a hash of (seed, index), so a kernel never depends
// on other kernels, threads or machines.
//
// The steps: the category picks a pattern and a domain (category_mix.cpp);
// the pattern composes a data-flow graph of idioms from that domain
// (compose.cpp) and writes it as Python (writer.cpp); the description is built
// from the idioms' phrases (describe.cpp).
#include "analysis/health.h"
#include "analysis/report.h"
#include "syntax/parser.h"
#include "synth/category_mix.h"
#include "synth/describe.h"
#include "synth/library.h"
#include "synth/pattern.h"
#include "synth/probe/probe.h"
#include "synth/stats.h"
#include "synth/synth.h"
#include "synth/tile_kernel.h"

#include <array>
#include <set>
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

// The root traits `require` bind a pattern unless it queries a Warp object itself.
bool pattern_fits(PatternId id, Domain domain, uint32_t require) {
    const Pattern& p = pattern(id);
    return p.fits(domain, p.queries() ? 0 : require);
}

const Pattern& pick_pattern(const CategoryMix& mix, Domain domain, Dice& dice) {
    std::array<int, kPatternCount> weights = mix.patterns;
    for (size_t k = 0; k < kPatternCount; ++k)
        if (!pattern_fits(static_cast<PatternId>(k), domain, mix.require)) weights[k] = 0;
    size_t p = dice.weighted(weights);
    if (p >= kPatternCount) { // nothing of the mix fits this domain: any pattern that does
        // (a query loop only where the category asks for queries)
        for (size_t k = 0; k < kPatternCount; ++k) {
            const auto id = static_cast<PatternId>(k);
            weights[k] =
                pattern_fits(id, domain, mix.require) && (mix.require != 0 || !pattern(id).queries());
        }
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
    if (idiom->has(kStencil))
        id = PatternId::Stencil;
    else if (idiom->has(kPair))
        id = PatternId::Gather;
    plan.pattern = &pattern(id);
}

// Whether node `a`'s helper can be called inside node `b`'s helper for input
// `port`: a's only result feeds only that port, and the names of the two
// idioms' parameters do not collide.
bool can_nest(const Plan& plan, const Node& a, const Node& b, size_t port) {
    if (!a.helper || a.inside || a.nested >= 0 || a.outputs.size() != 1 || a.stage != b.stage) return false;
    if (plan.graph.values[static_cast<size_t>(a.outputs[0])].consumers != 1) return false;
    std::set<std::string> names;
    for (size_t p = 0; p < b.idiom->inputs.size(); ++p)
        if (p != port) names.insert(b.idiom->inputs[p].name);
    for (const Port& p : b.idiom->outputs) names.insert(p.name);
    for (const std::string& t : b.idiom->temps) names.insert(t);
    for (const Port& p : a.idiom->inputs)
        if (!names.insert(p.name).second) return false;
    return !names.count(a.idiom->outputs[0].name);
}

void choose_helpers(Plan& plan, Dice& dice) {
    for (Node& n : plan.graph.nodes) {
        // A @wp.func takes the RNG state by value: draws in a helper would not
        // advance the kernel's state, and the kernel would draw them again.
        if (n.idiom->has(kInline) || n.idiom->has(kRandom)) continue;
        n.helper = dice.on(Knob::PHelper) || (n.idiom->has(kHelper) && dice.on(Knob::PHelper));
    }
    for (Node& b : plan.graph.nodes) {
        if (!b.helper || b.inside || !dice.on(Knob::PNestHelpers)) continue;
        for (size_t port = 0; port < b.inputs.size() && b.nested < 0; ++port) {
            const int producer = plan.graph.values[static_cast<size_t>(b.inputs[port])].node;
            if (producer < 0) continue;
            Node& a = plan.graph.nodes[static_cast<size_t>(producer)];
            if (!can_nest(plan, a, b, port)) continue;
            b.nested = producer;
            b.nested_port = static_cast<int>(port);
            a.inside = true;
        }
    }
}

std::string kernel_name(KernelWriter& w) {
    const int root = w.plan.root >= 0 ? w.plan.root : 0;
    const std::string_view id = w.plan.graph.nodes[static_cast<size_t>(root)].idiom->id();
    // The form is drawn first and only its name built.
    static constexpr std::string_view kForms[][2] = {
        {"", "_kernel"}, {"compute_", ""}, {"eval_", ""}, {"apply_", ""}, {"", "_step"}};
    const auto& [prefix, suffix] = kForms[w.dice.below(std::size(kForms))];
    std::string name;
    name.append(prefix).append(id).append(suffix);
    return w.module_name({std::move(name)});
}

} // namespace

uint64_t kernel_seed(uint64_t seed, uint64_t index) {
    return hash_combine(hash_combine(seed, 0x5EEDull), index);
}

namespace {

// One draw of kernel `h` in `category`; `attempt` > 0 draws again (another RNG stream).
SynthKernel synthesize_attempt(const SynthOptions& options, uint64_t h, Category category, uint64_t attempt) {
    Rng rng(attempt == 0 ? h : hash_combine(h, attempt));
    const Policy policy = draw_policy(rng, category);
    Dice dice(rng.fork(hash_name("kernel")), policy);
    const CategoryMix& mix = category_mix(category);

    // Tile kernels have their own shape (pattern_tile_*.cpp), not a composition of idioms.
    if (category == Category::Tiles && options.idiom.empty())
        return tiles::synthesize_tile_kernel(dice, dice.on(Knob::PFloat64) ? Scalar::F64 : Scalar::F32);

    Plan plan;
    plan.category = category;
    plan.prefer = mix.prefer;
    plan.fp = dice.on(Knob::PFloat64) ? Scalar::F64 : Scalar::F32;
    if (!options.idiom.empty()) {
        force_idiom(plan, options);
    } else {
        plan.domain = pick_domain(mix, dice);
        plan.pattern = &pick_pattern(mix, plan.domain, dice);
        if (!plan.pattern->queries()) plan.require = mix.require;
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
    out.launch = w.launch(); // features: by synthesize(), for the attempt it keeps
    return out;
}

// Whether the code-health analysis finds nothing in `k` (no dead store, unused kernel parameter,
// ignored helper parameter or degenerate expression) and the probe does not see an output that
// ignores the inputs. Composition avoids both by construction where it can; what it cannot
// foresee (two ports wired to one value that make `x * x - x * x`, a uniform inlined into a
// comparison, a threshold no input reaches) is drawn again.
// The source is parsed once, for both.
bool healthy(SynthKernel& k, const std::string& source_path) {
    auto source = std::make_shared<const SourceFile>(source_path, k.python_source);
    std::unique_ptr<ast::Module> module;
    std::vector<Token> tokens;
    try {
        module = parse_module(source, tokens);
    } catch (const CompileError& e) {
        // The report analyze() makes of a file that does not parse, without parsing it again.
        analysis::FileReport unparsed;
        unparsed.path = source->path();
        unparsed.error = e.format();
        k.health = analysis::health_counts(unparsed); // counts the file as unparsed
        return false;
    }
    const analysis::HealthCounts c = analysis::health_counts(source, *module, tokens);
    k.health = c;
    if (c.unparsed_files != 0 || c.dead_stores != 0 || c.unused_kernel_params != 0 ||
        c.ignored_helper_params != 0 || c.degenerate_total() != 0)
        return false;
    if (probe_dependence(*module, k.launch).verdict == ProbeVerdict::Ignores) return false;
    k.module = std::move(module);
    k.source = std::move(source);
    k.tokens = std::move(tokens);
    return true;
}

} // namespace

SynthKernel synthesize(const SynthOptions& options, uint64_t index) {
    const std::vector<Category>& cats =
        options.categories.empty() ? default_categories() : options.categories;
    const uint64_t h = kernel_seed(options.seed, index);
    const Category category = cats[hash_combine(h, hash_name("category")) % cats.size()];
    constexpr uint64_t kAttempts = 8;
    SynthKernel k = synthesize_attempt(options, h, category, 0);
    for (uint64_t attempt = 1; attempt < kAttempts && !healthy(k, options.source_path); ++attempt)
        k = synthesize_attempt(options, h, category, attempt);
    // Features only for the attempt kept, from the tokens its parse read when there was one.
    const std::vector<std::string> calls =
        k.module ? builtins_used(k.tokens, k.python_source) : builtins_used(k.python_source);
    for (const std::string& b : calls) k.features.push_back("call:" + b);
    return k;
}

} // namespace ws::synth
