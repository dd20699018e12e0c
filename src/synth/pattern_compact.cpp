// Compact: an element-wise chain ending in a condition; the elements where it
// holds append their values to packed output arrays at a slot taken from an
// atomic counter (stream compaction).
#include "synth/pattern.h"

#include <fmt/format.h>

namespace ws::synth {

namespace {

class CompactPattern : public Pattern {
  public:
    std::string_view name() const override { return "compact"; }
    bool fits(Domain d, uint32_t require) const override {
        return pattern_util::domain_has(d, kPredicate | require) || (d == Domain::Math && require == 0);
    }

    void compose(Plan& plan, Dice& dice) const override {
        plan.dim = pattern_util::grid(1, dice);
        plan.element = pattern_util::element_noun(plan.domain, dice);
        Composer c(plan, dice, pattern_util::element_rules());
        const Idiom* test = pick_predicate(c);
        const int node = c.add(*test, Stage::Pre);
        plan.root = node;
        const int cond = plan.graph.nodes[static_cast<size_t>(node)].outputs[0];
        // What is kept: the value the condition tested, carried through the chain.
        const int kept = plan.graph.nodes[static_cast<size_t>(node)].inputs[0];
        ++plan.graph.values[static_cast<size_t>(cond)].consumers;
        plan.graph.sinks.push_back({kept, SinkKind::Compact, -1, cond});
        ++plan.graph.values[static_cast<size_t>(kept)].consumers;
        for (int v : plan.graph.open_values()) {
            plan.graph.sinks.push_back({v, SinkKind::Compact, -1, cond});
            ++plan.graph.values[static_cast<size_t>(v)].consumers;
        }
    }

    void write(KernelWriter& w) const override {
        Plan& plan = w.plan;
        for (size_t e = 0; e < plan.graph.externals.size(); ++e)
            if (plan.graph.externals[e].access == Access::Element) w.array_of(static_cast<int>(e), plan.dim);
        w.declare_uniforms();
        const std::string tid = pattern_util::write_tid(w, 1)[0];
        pattern_util::write_rng(w, tid);
        w.read_all(Stage::Pre, tid);
        w.write_nodes(Stage::Pre);
        const int cond = plan.graph.sinks.front().condition;
        const std::string counter =
            w.array_param({"count", "counter", "num_kept"}, PortType::I, {1}, 0.0, 0.0, true);
        w.body.open("if " + w.text(cond));
        const std::string slot = w.names.fresh({"slot", "dst", "k"});
        w.body.line(fmt::format("{} = wp.atomic_add({}, 0, 1)", slot, counter));
        for (const Sink& s : plan.graph.sinks) pattern_util::store_new_output(w, s.value, plan.dim, slot);
        w.body.close();
    }

  private:
    static const Idiom* pick_predicate(Composer& c) {
        if (const Idiom* i = c.pick_root([](const Idiom& i) { return i.has(kPredicate); })) return i;
        c.plan.domain = Domain::Math;
        return c.pick_root([](const Idiom& i) { return i.has(kPredicate); });
    }
};

} // namespace

const Pattern& compact_pattern() {
    static const CompactPattern p;
    return p;
}

} // namespace ws::synth
