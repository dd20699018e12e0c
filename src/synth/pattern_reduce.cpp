// Reduce: an element-wise chain whose results are accumulated with atomics
// instead of stored: a total (one slot), a per-row sum in 2D, a running
// maximum or minimum, a histogram of a value in [0, 1], a count of the
// elements where a condition holds.
#include "synth/pattern.h"
#include "synth/pytext.h"

#include <algorithm>
#include <fmt/format.h>

namespace ws::synth {

namespace {

enum class Fold : uint8_t { Total, PerRow, Max, Min, Histogram, Count };

class ReducePattern : public Pattern {
  public:
    bool fits(Domain d, uint32_t require) const override {
        return pattern_util::domain_has_plain(d, require);
    }
    std::string_view name() const override { return "reduce"; }

    void compose(Plan& plan, Dice& dice) const override {
        const int ndim = 1 + static_cast<int>(dice.among({Knob::WDim1, Knob::WDim2}));
        plan.dim = pattern_util::grid(ndim, dice);
        plan.element = pattern_util::element_noun(plan.domain, dice);
        CompositionRules rules = pattern_util::element_rules();
        // Results are folded with atomics: scalars, vectors and conditions (counted).
        rules.allows = [](const Idiom& i) {
            return !i.has(kStencil) && std::all_of(i.outputs.begin(), i.outputs.end(), [](const Port& o) {
                return o.type == PortType::F || o.type == PortType::I || o.type == PortType::B ||
                       o.type == PortType::V2 || o.type == PortType::V3 || o.type == PortType::V4;
            });
        };
        Composer c(plan, dice, rules);
        pattern_util::compose_chain(c, Stage::Pre);
        for (int v : plan.graph.open_values()) {
            plan.graph.sinks.push_back({v, SinkKind::AtomicAdd});
            ++plan.graph.values[static_cast<size_t>(v)].consumers;
        }
    }

    void write(KernelWriter& w) const override {
        Plan& plan = w.plan;
        for (size_t e = 0; e < plan.graph.externals.size(); ++e)
            if (plan.graph.externals[e].access == Access::Element) w.array_of(static_cast<int>(e), plan.dim);
        w.declare_uniforms();
        const std::vector<std::string> tids = pattern_util::write_tid(w, static_cast<int>(plan.dim.size()));
        std::string index;
        for (size_t i = 0; i < tids.size(); ++i) index += (i ? ", " : "") + tids[i];
        pattern_util::write_rng(w, pattern_util::flat_index(tids, plan.dim));
        w.read_all(Stage::Pre, index);
        w.write_nodes(Stage::Pre);
        for (const Sink& s : plan.graph.sinks) write_fold(w, s.value, tids);
    }

  private:
    static Fold pick_fold(KernelWriter& w, const Value& v) {
        if (v.type == PortType::B) return Fold::Count;
        const bool per_row = w.plan.dim.size() == 2 && w.dice.on(Knob::PPerRow);
        if (v.type != PortType::F) return per_row ? Fold::PerRow : Fold::Total;
        const int extreme = v.extremes_saturate() ? 0 : w.dice.knob(Knob::WFoldExtreme);
        const int weights[] = {w.dice.knob(Knob::WFoldTotal), extreme, extreme,
                               v.facts.unit01 ? w.dice.knob(Knob::WFoldHistogram) : 0};
        static constexpr Fold kFolds[] = {Fold::Total, Fold::Max, Fold::Min, Fold::Histogram};
        const size_t k = w.dice.weighted(weights);
        const Fold fold = k < 4 ? kFolds[k] : Fold::Total;
        return fold == Fold::Total && per_row ? Fold::PerRow : fold;
    }

    static void write_fold(KernelWriter& w, int value, const std::vector<std::string>& tids) {
        const Value& v = w.plan.graph.values[static_cast<size_t>(value)];
        const Fold fold = pick_fold(w, v);
        const std::vector<std::string> names = w.output_names(value);
        switch (fold) {
        case Fold::Total: {
            const std::string out = w.array_param({"total", "sum_out", "accum"}, v.type, {1}, 0.0, 0.0, true);
            w.body.line(pattern_util::atomic_line(w, SinkKind::AtomicAdd, out, "0", w.text(value)));
            w.outputs.emplace_back(value, out);
            break;
        }
        case Fold::PerRow: {
            const std::string out =
                w.array_param({"row_sums", "row_total", "per_row"}, v.type, {w.plan.dim[0]}, 0.0, 0.0, true);
            w.body.line(pattern_util::atomic_line(w, SinkKind::AtomicAdd, out, tids[0], w.text(value)));
            w.outputs.emplace_back(value, out);
            break;
        }
        case Fold::Max:
        case Fold::Min: {
            const bool max = fold == Fold::Max;
            const double init = max ? -1.0e6 : 1.0e6;
            const std::string out =
                w.array_param(max ? std::vector<std::string>{"max_out", "peak", "upper"}
                                  : std::vector<std::string>{"min_out", "lowest", "lower"},
                              v.type, {1}, init, init, true);
            w.body.line(pattern_util::atomic_line(w, max ? SinkKind::AtomicMax : SinkKind::AtomicMin, out,
                                                  "0", w.text(value)));
            w.outputs.emplace_back(value, out);
            break;
        }
        case Fold::Histogram: {
            const int64_t bins = w.dice.pick(std::vector<int64_t>{8, 10, 16, 32});
            const std::string hist =
                w.array_param({"hist", "histogram", "bins"}, PortType::I, {bins}, 0.0, 0.0, true);
            const std::string bin = w.names.fresh({"bin", "b", "bucket"});
            w.body.line(fmt::format("{} = wp.min(int({} * {}), {})", bin, w.operand(value),
                                    float_literal(fmt::format("{}.0", bins), w.plan.fp), bins - 1));
            w.body.line(pattern_util::atomic_line(w, SinkKind::AtomicAdd, hist, bin, "1"));
            w.outputs.emplace_back(value, hist);
            break;
        }
        case Fold::Count: {
            const std::string count =
                w.array_param({"count", "num_hits", "counter"}, PortType::I, {1}, 0.0, 0.0, true);
            w.body.open("if " + w.text(value));
            w.body.line(pattern_util::atomic_line(w, SinkKind::AtomicAdd, count, "0", "1"));
            w.body.close();
            w.outputs.emplace_back(value, count);
            break;
        }
        }
    }
};

} // namespace

const Pattern& reduce_pattern() {
    static const ReducePattern p;
    return p;
}

} // namespace ws::synth
