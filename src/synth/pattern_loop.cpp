// Loop patterns: one thread per element runs a loop and accumulates what a
// chain of idioms computes in the loop body (a sum, a mean, a maximum), then
// a short chain after the loop turns the accumulators into the results.
//   rows       a thread per row of a 2D array, the loop over its columns
//   neighbors  a thread per particle, the loop over every other particle (a
//              pair idiom reads the thread's own data and the neighbour's)
//   samples    a thread per element, the loop draws random samples
#include "synth/library.h"
#include "synth/pattern.h"
#include "synth/roles.h"

#include <algorithm>
#include <fmt/format.h>
#include <set>

namespace ws::synth {

namespace {

enum class LoopKind : uint8_t { Rows, Neighbors, Samples };

// Which endpoint a pair input reads (0 the thread's own, 1 the neighbour's).
int endpoint_of(const Idiom& idiom, int port) {
    const auto [rank, count] = pattern_util::rank_in_role(idiom, port);
    return count == 2 ? rank : -1;
}

// Whether a neighbour loop can place every input of an idiom: its same-role
// inputs form at most one pair (the thread's own value and the neighbour's).
// A third vertex, or two same-role inputs of an idiom that is not a pair,
// would all read the neighbour's one value (`x0 - x0`).
bool fits_neighbour_loop(const Idiom& idiom) {
    for (size_t i = 0; i < idiom.inputs.size(); ++i) {
        const Port& p = idiom.inputs[i];
        if (p.uniform) continue;
        const auto same = std::count_if(idiom.inputs.begin(), idiom.inputs.end(), [&](const Port& q) {
            return !q.uniform && q.role == p.role && q.type == p.type;
        });
        if (same > 2 || (same == 2 && !idiom.has(kPair))) return false;
    }
    return true;
}

class LoopPattern : public Pattern {
  public:
    explicit LoopPattern(LoopKind k) : kind_(k) {}

    std::string_view name() const override {
        return kind_ == LoopKind::Rows ? "rows" : (kind_ == LoopKind::Neighbors ? "neighbors" : "samples");
    }

    // A domain fits when one of its idioms can root the loop body.
    bool fits(Domain d) const override {
        const CompositionRules r = rules();
        const auto& idioms = Library::get().of(d);
        return std::any_of(idioms.begin(), idioms.end(),
                           [&](const Idiom* i) { return root_fits(*i) && r.allows(*i); });
    }

    void compose(Plan& plan, Dice& dice) const override {
        setup(plan, dice);
        Composer c(plan, dice, rules());
        const Idiom* root = c.pick_root([&](const Idiom& i) { return root_fits(i); });
        plan.root = c.add(*root, Stage::Body);
        c.grow(Stage::Body, std::max(1, dice.knob(Knob::Idioms) - 1));
        accumulate(plan, dice, c);
        // After the loop: what the accumulators become (a pressure from a density...).
        for (size_t a = 0; a < plan.graph.accumulators.size(); ++a) {
            const int v = plan.graph.accumulators[a].value;
            if (!dice.on(Knob::PExtend)) continue;
            if (auto cons = c.pick_consumer(v, Stage::Post))
                c.add(*cons->first, Stage::Post, {{cons->second, v}});
        }
        for (int v : plan.graph.open_values()) {
            if (plan.graph.values[static_cast<size_t>(v)].stage == Stage::Body) continue;
            plan.graph.sinks.push_back({v, SinkKind::Store});
            ++plan.graph.values[static_cast<size_t>(v)].consumers;
        }
        for (const Accumulator& a : plan.graph.accumulators)
            if (plan.graph.values[static_cast<size_t>(a.value)].consumers == 0) {
                plan.graph.sinks.push_back({a.value, SinkKind::Store});
                ++plan.graph.values[static_cast<size_t>(a.value)].consumers;
            }
    }

    void write(KernelWriter& w) const override {
        Plan& plan = w.plan;
        declare_arrays(w);
        w.declare_uniforms();
        const std::string tid = pattern_util::write_tid(w, 1)[0];
        pattern_util::write_rng(w, tid);
        read_invariants(w, tid);
        const std::string count = write_count(w);
        const std::vector<std::string> accs = write_inits(w);
        const std::string j = open_loop(w, tid, count);
        read_body(w, tid, j);
        w.write_nodes(Stage::Body);
        for (size_t a = 0; a < accs.size(); ++a) write_accumulate(w, plan.graph.accumulators[a], accs[a]);
        w.body.close();
        for (size_t a = 0; a < accs.size(); ++a)
            finish_accumulator(w, plan.graph.accumulators[a], accs[a], count);
        w.read_all(Stage::Post, tid);
        w.write_nodes(Stage::Post);
        pattern_util::write_stores(w, plan.dim, tid);
    }

  private:
    LoopKind kind_;

    // Rows: what the loop body reads is a row of a 2D array.
    bool row_data(const Plan& plan, const External& e) const {
        return kind_ == LoopKind::Rows && e.access == Access::Element && !e.invariant &&
               plan.graph.values[static_cast<size_t>(e.value)].stage == Stage::Body;
    }

    void setup(Plan& plan, Dice& dice) const {
        static const std::vector<int64_t> kThreads = {64, 100, 128, 256};
        plan.dim = {dice.pick(kThreads)};
        switch (kind_) {
        case LoopKind::Rows:
            plan.inner = dice.pick(std::vector<int64_t>{16, 32, 64, 100});
            plan.element = "row";
            plan.loop_noun = "the entries of its row";
            break;
        case LoopKind::Neighbors:
            plan.inner = plan.dim[0];
            plan.element = pattern_util::element_noun(plan.domain, dice);
            plan.loop_noun = "every other " + plan.element;
            break;
        case LoopKind::Samples:
            plan.inner = dice.pick(std::vector<int64_t>{32, 64, 128});
            plan.element = pattern_util::element_noun(plan.domain, dice);
            plan.loop_noun = "a batch of random samples";
            break;
        }
    }

    bool root_fits(const Idiom& i) const {
        if (i.has(kStencil)) return false;
        if (kind_ == LoopKind::Neighbors) return i.has(kPair) && fits_neighbour_loop(i);
        if (kind_ == LoopKind::Samples) return i.has(kRandom);
        return !i.has(kPair);
    }

    CompositionRules rules() const {
        CompositionRules r;
        const LoopKind kind = kind_;
        r.place = [kind](const Idiom& idiom, int port, Stage stage) {
            External e;
            const Port& p = idiom.inputs[static_cast<size_t>(port)];
            const std::string vertex = fmt::format("vertex {} {}", p.role, port_type_name(p.type));
            if (kind == LoopKind::Neighbors && stage == Stage::Body) {
                const int k = idiom.has(kPair) ? endpoint_of(idiom, port) : 1;
                e.access = Access::Endpoint;
                e.endpoint = k < 0 ? 1 : k;
                e.group = vertex;
                e.invariant = e.endpoint == 0;
            } else if (kind == LoopKind::Samples || stage != Stage::Body) {
                e.invariant = stage == Stage::Body;
            }
            return e;
        };
        // Loop bodies accumulate floats and vectors: no integer or boolean results.
        r.allows = [kind](const Idiom& i) {
            if (kind == LoopKind::Neighbors && !fits_neighbour_loop(i)) return false;
            return !i.has(kStencil) && std::all_of(i.outputs.begin(), i.outputs.end(), [](const Port& o) {
                return o.type == PortType::F || o.type == PortType::V2 || o.type == PortType::V3 ||
                       o.type == PortType::V4;
            });
        };
        return r;
    }

    // A sum of forces is a force, but a sum of positions is no position (nor in a
    // position's range: a contact test on it never fires): only extensive
    // quantities keep their role when summed, other sums become plain values.
    static std::string role_of_sum(const Value& src) {
        // clang-format off
        static const std::set<std::string_view> kExtensive = {
            "force", "torque", "joint torque", "wrench", "impulse", "impulse magnitude", "momentum",
            "linear momentum", "angular momentum", "grid momentum", "mass", "energy", "power", "gradient",
            "loss", "area", "signed area", "volume", "signed volume", "count", "displacement", "radiance",
            "irradiance"};
        // clang-format on
        const Role* role = find_role(src.role);
        if (!role || role->generic() || kExtensive.count(role->spec->group)) return src.role;
        return src.type == PortType::F ? "value" : "any vector";
    }

    // The largest or smallest of many values sits at the edge of their range: far
    // from zero (a small threshold always passes), or, for the smallest of
    // non-negative values, about 1/(n+1) of their bound (rounding it gives 0).
    static void extreme_of_many(Accumulator::Op op, const Value& src, double n, Value& acc) {
        if (op != Accumulator::Op::Max && op != Accumulator::Op::Min) return;
        if (op == Accumulator::Op::Min && src.facts.nonneg)
            acc.mag = src.mag / (n + 1.0);
        else
            acc.facts.offset = true;
    }

    // Up to two body results become accumulators; the others are folded in too.
    void accumulate(Plan& plan, Dice& dice, Composer& c) const {
        for (int v : plan.graph.open_values()) {
            Value& src = plan.graph.values[static_cast<size_t>(v)];
            if (src.stage != Stage::Body || src.type == PortType::B) continue;
            Accumulator a;
            a.source = v;
            const int extreme =
                src.type == PortType::F && !src.extremes_saturate() ? dice.knob(Knob::WAccExtreme) : 0;
            const int w[] = {dice.knob(Knob::WAccSum),
                             kind_ != LoopKind::Neighbors ? dice.knob(Knob::WAccMean) : 0, extreme, extreme};
            const size_t op = dice.weighted(w);
            a.op = op < 4 ? static_cast<Accumulator::Op>(op) : Accumulator::Op::Sum;
            Value acc;
            acc.type = src.type;
            acc.role = a.op == Accumulator::Op::Sum ? role_of_sum(src) : src.role;
            acc.stage = Stage::Post;
            acc.facts.nonneg = src.facts.nonneg;
            acc.facts.positive = src.facts.positive; // every loop runs at least once
            acc.mag = a.op == Accumulator::Op::Sum ? src.mag * static_cast<double>(plan.inner) : src.mag;
            extreme_of_many(a.op, src, static_cast<double>(plan.inner), acc);
            static const char* kPrefix[] = {"the sum of ", "the mean of ", "the largest ", "the smallest "};
            acc.noun =
                kPrefix[static_cast<size_t>(a.op)] + src.noun.substr(src.noun.starts_with("the ") ? 4 : 0);
            acc.accumulator = static_cast<int>(plan.graph.accumulators.size());
            ++src.consumers;
            a.value = c.add_value(std::move(acc));
            plan.graph.accumulators.push_back(a);
        }
    }

    void declare_arrays(KernelWriter& w) const {
        const Plan& plan = w.plan;
        for (size_t e = 0; e < plan.graph.externals.size(); ++e) {
            const External& ext = plan.graph.externals[e];
            if (ext.access != Access::Element && ext.access != Access::Endpoint) continue;
            w.array_of(static_cast<int>(e),
                       row_data(plan, ext) ? std::vector<int64_t>{plan.dim[0], plan.inner} : plan.dim);
        }
    }

    // Data the loop body uses but that does not change in it: read once.
    static void read_invariants(KernelWriter& w, const std::string& tid) {
        for (size_t e = 0; e < w.plan.graph.externals.size(); ++e) {
            const External& ext = w.plan.graph.externals[e];
            if (ext.invariant && ext.access != Access::Uniform)
                w.read(static_cast<int>(e), fmt::format("{}[{}]", w.array_name(static_cast<int>(e)), tid));
        }
    }

    void read_body(KernelWriter& w, const std::string& tid, const std::string& j) const {
        for (size_t e = 0; e < w.plan.graph.externals.size(); ++e) {
            const External& ext = w.plan.graph.externals[e];
            if (ext.invariant || (ext.access != Access::Element && ext.access != Access::Endpoint)) continue;
            if (w.plan.graph.values[static_cast<size_t>(ext.value)].stage != Stage::Body) continue;
            const std::string index = kind_ == LoopKind::Rows ? fmt::format("{}, {}", tid, j) : j;
            w.read(static_cast<int>(e), fmt::format("{}[{}]", w.array_name(static_cast<int>(e)), index));
        }
    }

    // The trip count: an array extent, a parameter or a module constant.
    std::string write_count(KernelWriter& w) const {
        const Plan& plan = w.plan;
        std::string shaped;
        for (size_t e = 0; e < plan.graph.externals.size() && shaped.empty(); ++e) {
            const External& ext = plan.graph.externals[e];
            const bool row = row_data(plan, ext);
            if ((row || (kind_ == LoopKind::Neighbors && ext.access == Access::Endpoint)) && !ext.invariant) {
                const std::string& a = w.array_name(static_cast<int>(e));
                shaped = row ? a + ".shape[1]" : (w.dice.on(Knob::PLen) ? "len(" + a + ")" : a + ".shape[0]");
            }
        }
        const double n = static_cast<double>(plan.inner);
        static const std::vector<std::string> kNames[] = {{"n_cols", "num_cols", "width"},
                                                          {"n", "num_particles", "count"},
                                                          {"num_samples", "n_samples", "samples"}};
        const auto& names = kNames[static_cast<size_t>(kind_)];
        if (!shaped.empty() && w.dice.on(Knob::PShapeExtent)) {
            const std::string name = w.names.fresh(names);
            w.body.line(fmt::format("{} = {}", name, shaped));
            return name;
        }
        return w.scalar_param(names, PortType::I, n, n);
    }

    static std::string zero_of(const KernelWriter& w, PortType t, Accumulator::Op op) {
        const std::string scalar = w.type_name(PortType::F);
        if (t != PortType::F) return w.type_name(t) + "(0.0)";
        if (op == Accumulator::Op::Max) return scalar + "(-1.0e30)";
        if (op == Accumulator::Op::Min) return scalar + "(1.0e30)";
        return scalar + "(0.0)";
    }

    static std::vector<std::string> write_inits(KernelWriter& w) {
        std::vector<std::string> names;
        for (const Accumulator& a : w.plan.graph.accumulators) {
            static const std::vector<std::string> kNames[] = {{"total", "acc", "sum_val"},
                                                              {"acc", "total", "running"},
                                                              {"best", "peak", "max_val"},
                                                              {"lowest", "min_val", "m"}};
            const Value& v = w.plan.graph.values[static_cast<size_t>(a.source)];
            const std::string name = w.names.fresh(kNames[static_cast<size_t>(a.op)]);
            w.body.line(fmt::format("{} = {}", name, zero_of(w, v.type, a.op)));
            names.push_back(name);
        }
        return names;
    }

    std::string open_loop(KernelWriter& w, const std::string& tid, const std::string& count) const {
        if (kind_ == LoopKind::Samples) {
            w.body.open(fmt::format("for _ in range({})", count));
            return "_";
        }
        const std::string j = w.names.fresh({"j", "k", "col"});
        w.body.open(fmt::format("for {} in range({})", j, count));
        if (kind_ == LoopKind::Neighbors) {
            w.body.open(fmt::format("if {} == {}", j, tid));
            w.body.line("continue");
            w.body.close();
        }
        return j;
    }

    static void write_accumulate(KernelWriter& w, const Accumulator& a, const std::string& acc) {
        const std::string v = w.text(a.source);
        switch (a.op) {
        case Accumulator::Op::Sum:
        case Accumulator::Op::Mean: w.body.line(fmt::format("{} += {}", acc, v)); break;
        case Accumulator::Op::Max: w.body.line(fmt::format("{} = wp.max({}, {})", acc, acc, v)); break;
        case Accumulator::Op::Min: w.body.line(fmt::format("{} = wp.min({}, {})", acc, acc, v)); break;
        }
    }

    static void finish_accumulator(KernelWriter& w, const Accumulator& a, const std::string& acc,
                                   const std::string& count) {
        if (a.op == Accumulator::Op::Mean)
            w.set_text(a.value, fmt::format("{} / {}({})", acc, w.type_name(PortType::F), count));
        else
            w.set_text(a.value, acc);
    }
};

} // namespace

const Pattern& rows_pattern() {
    static const LoopPattern p(LoopKind::Rows);
    return p;
}

const Pattern& neighbors_pattern() {
    static const LoopPattern p(LoopKind::Neighbors);
    return p;
}

const Pattern& samples_pattern() {
    static const LoopPattern p(LoopKind::Samples);
    return p;
}

} // namespace ws::synth
