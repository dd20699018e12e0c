// Loop patterns (see pattern_loop.h): rows, neighbours, samples.
#include "synth/pattern_loop.h"

#include "synth/library.h"
#include "synth/roles.h"

#include <algorithm>
#include <fmt/format.h>
#include <set>

namespace ws::synth {

int loop_endpoint(const Idiom& idiom, int port) {
    const auto [rank, count] = pattern_util::rank_in_role(idiom, port);
    return count == 2 ? rank : -1;
}

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

namespace {

// A sum of forces is a force, but a sum of positions is no position (nor in a
// position's range: a contact test on it never fires): only extensive
// quantities keep their role when summed, other sums become plain values.
std::string role_of_sum(const Value& src) {
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
void extreme_of_many(Accumulator::Op op, const Value& src, double n, Value& acc) {
    if (op != Accumulator::Op::Max && op != Accumulator::Op::Min) return;
    if (op == Accumulator::Op::Min && src.facts.nonneg)
        acc.mag = src.mag / (n + 1.0);
    else
        acc.facts.offset = true;
}

std::string bare(const std::string& noun) {
    return noun.substr(noun.starts_with("the ") ? 4 : 0);
}

// The hit flag the idiom of a ray parameter reports beside it (ray_sphere_hit's `hit`), or -1.
int reported_hit(const Plan& plan, const Value& v) {
    if (v.role != "ray parameter" || v.node < 0) return -1;
    for (int out : plan.graph.nodes[static_cast<size_t>(v.node)].outputs)
        if (plan.graph.values[static_cast<size_t>(out)].type == PortType::B) return out;
    return -1;
}

// A condition counted over the loop (a query loop's hits or neighbours in range).
Value count_of(const Plan& plan, const Value& src) {
    Value acc;
    acc.type = PortType::I;
    acc.role = "count";
    acc.facts.nonneg = acc.facts.whole = acc.facts.has_range = true;
    acc.facts.lo = 0;
    acc.facts.hi = plan.inner;
    acc.mag = static_cast<double>(plan.inner);
    acc.noun = src.role == "ray hit"
                   ? "the number of hits"
                   : "the number of " + plan.element + "s where " + bare(src.noun) + " holds";
    return acc;
}

} // namespace

std::string_view LoopPattern::name() const {
    return kind_ == LoopKind::Rows ? "rows" : (kind_ == LoopKind::Neighbors ? "neighbors" : "samples");
}

bool LoopPattern::fits(Domain d, uint32_t require) const {
    const std::vector<uint32_t>& traits = root_traits_[static_cast<size_t>(d)];
    return std::any_of(traits.begin(), traits.end(), [&](uint32_t t) { return (t & require) == require; });
}

void LoopPattern::index_roots() {
    // fits() is asked several times for every kernel drawn, and the answer is fixed by the
    // library: the rules (closures) are built and the idioms scanned once, here.
    const CompositionRules r = rules();
    for (size_t d = 0; d < kDomainCount; ++d) {
        root_traits_[d].clear();
        for (const Idiom* i : Library::get().of(static_cast<Domain>(d)))
            if (root_fits(*i) && r.allows(*i)) root_traits_[d].push_back(i->spec->traits);
    }
}

void LoopPattern::compose(Plan& plan, Dice& dice) const {
    setup(plan, dice);
    Composer c(plan, dice, rules());
    const Idiom* root = c.pick_root([&](const Idiom& i) { return root_fits(i); });
    plan.root = c.add(*root, Stage::Body, root_inputs(c, *root));
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

namespace {

// Rows: what the loop body reads is a row of a 2D array.
bool row_data(LoopKind kind, const Plan& plan, const External& e) {
    return kind == LoopKind::Rows && e.access == Access::Element && !e.invariant &&
           plan.graph.values[static_cast<size_t>(e.value)].stage == Stage::Body;
}

// Data the loop body uses but that does not change in it: read once.
void read_invariants(KernelWriter& w, const std::string& own) {
    for (size_t e = 0; e < w.plan.graph.externals.size(); ++e) {
        const External& ext = w.plan.graph.externals[e];
        if (ext.invariant && ext.access != Access::Uniform && ext.access != Access::Provided)
            w.read(static_cast<int>(e), fmt::format("{}[{}]", w.array_name(static_cast<int>(e)), own));
    }
}

void read_body(KernelWriter& w, LoopKind kind, const std::string& own, const std::string& j) {
    for (size_t e = 0; e < w.plan.graph.externals.size(); ++e) {
        const External& ext = w.plan.graph.externals[e];
        if (ext.invariant || (ext.access != Access::Element && ext.access != Access::Endpoint)) continue;
        if (w.plan.graph.values[static_cast<size_t>(ext.value)].stage != Stage::Body) continue;
        const std::string index = kind == LoopKind::Rows ? fmt::format("{}, {}", own, j) : j;
        w.read(static_cast<int>(e), fmt::format("{}[{}]", w.array_name(static_cast<int>(e)), index));
    }
}

// The trip count: an array extent, a parameter or a module constant.
std::string write_count(KernelWriter& w, LoopKind kind) {
    const Plan& plan = w.plan;
    std::string shaped;
    for (size_t e = 0; e < plan.graph.externals.size() && shaped.empty(); ++e) {
        const External& ext = plan.graph.externals[e];
        const bool row = row_data(kind, plan, ext);
        if ((row || (kind == LoopKind::Neighbors && ext.access == Access::Endpoint)) && !ext.invariant) {
            const std::string& a = w.array_name(static_cast<int>(e));
            shaped = row ? a + ".shape[1]" : (w.dice.on(Knob::PLen) ? "len(" + a + ")" : a + ".shape[0]");
        }
    }
    const double n = static_cast<double>(plan.inner);
    static const std::vector<std::string> kNames[] = {{"n_cols", "num_cols", "width"},
                                                      {"n", "num_particles", "count"},
                                                      {"num_samples", "n_samples", "samples"}};
    const auto& names = kNames[static_cast<size_t>(kind)];
    if (!shaped.empty() && w.dice.on(Knob::PShapeExtent)) {
        const std::string name = w.names.fresh(names);
        w.body.line(fmt::format("{} = {}", name, shaped));
        return name;
    }
    return w.scalar_param(names, PortType::I, n, n);
}

std::string zero_of(const KernelWriter& w, PortType t, Accumulator::Op op) {
    const std::string scalar = w.type_name(PortType::F);
    if (op == Accumulator::Op::Count) return "int(0)";
    if (t != PortType::F) return w.type_name(t) + "(0.0)";
    if (op == Accumulator::Op::Max) return scalar + "(-1.0e30)";
    if (op == Accumulator::Op::Min) return scalar + "(1.0e30)";
    if (op == Accumulator::Op::Nearest) return scalar + "(1.0e6)";
    return scalar + "(0.0)";
}

std::vector<std::string> write_inits(KernelWriter& w) {
    std::vector<std::string> names;
    for (const Accumulator& a : w.plan.graph.accumulators) {
        static const std::vector<std::string> kNames[] = {
            {"total", "acc", "sum_val"}, {"acc", "total", "running"},      {"best", "peak", "max_val"},
            {"lowest", "min_val", "m"},  {"count", "num_found", "n_hits"}, {"t_best", "t_nearest", "t_min"}};
        const Value& v = w.plan.graph.values[static_cast<size_t>(a.source)];
        const std::string name = w.names.fresh(kNames[static_cast<size_t>(a.op)]);
        w.body.line(fmt::format("{} = {}", name, zero_of(w, v.type, a.op)));
        names.push_back(name);
    }
    return names;
}

void write_accumulate(KernelWriter& w, const Accumulator& a, const std::string& acc) {
    const std::string v = w.text(a.source);
    switch (a.op) {
    case Accumulator::Op::Sum:
    case Accumulator::Op::Mean: w.body.line(fmt::format("{} += {}", acc, v)); break;
    case Accumulator::Op::Max: w.body.line(fmt::format("{} = wp.max({}, {})", acc, acc, v)); break;
    case Accumulator::Op::Min: w.body.line(fmt::format("{} = wp.min({}, {})", acc, acc, v)); break;
    case Accumulator::Op::Count:
        w.body.open("if " + v);
        w.body.line(acc + " += 1");
        w.body.close();
        break;
    case Accumulator::Op::Nearest:
        w.body.open("if " + w.text(a.condition));
        w.body.line(fmt::format("{} = wp.min({}, {})", acc, acc, v));
        w.body.close();
        break;
    }
}

void finish_accumulator(KernelWriter& w, const Accumulator& a, const std::string& acc,
                        const std::string& count) {
    if (a.op == Accumulator::Op::Mean)
        w.set_text(a.value, fmt::format("{} / {}({})", acc, w.type_name(PortType::F), count));
    else
        w.set_text(a.value, acc);
}

} // namespace

void LoopPattern::write(KernelWriter& w) const {
    Plan& plan = w.plan;
    for (size_t e = 0; e < plan.graph.externals.size(); ++e) {
        const External& ext = plan.graph.externals[e];
        if (ext.access == Access::Element || ext.access == Access::Endpoint)
            w.array_of(static_cast<int>(e), array_shape(plan, ext));
    }
    w.declare_uniforms();
    const std::string tid = pattern_util::write_tid(w, 1)[0];
    pattern_util::write_rng(w, tid);
    const std::string own = own_index(w, tid);
    read_invariants(w, own);
    const std::string count = counted() ? write_count(w, kind_) : "";
    const std::vector<std::string> accs = write_inits(w);
    const std::string j = open_loop(w, own, count);
    read_body(w, kind_, own, j);
    w.write_nodes(Stage::Body);
    for (size_t a = 0; a < accs.size(); ++a) write_accumulate(w, plan.graph.accumulators[a], accs[a]);
    w.body.close();
    for (size_t a = 0; a < accs.size(); ++a)
        finish_accumulator(w, plan.graph.accumulators[a], accs[a], count);
    w.read_all(Stage::Post, own);
    w.write_nodes(Stage::Post);
    pattern_util::write_stores(w, plan.dim, own);
}

void LoopPattern::setup(Plan& plan, Dice& dice) const {
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

bool LoopPattern::root_fits(const Idiom& i) const {
    if (i.has(kStencil)) return false;
    if (kind_ == LoopKind::Neighbors) return i.has(kPair) && fits_neighbour_loop(i);
    if (kind_ == LoopKind::Samples) return i.has(kRandom);
    return !i.has(kPair);
}

CompositionRules LoopPattern::rules() const {
    CompositionRules r;
    const LoopKind kind = kind_;
    r.place = [kind](const Idiom& idiom, int port, Stage stage) {
        External e;
        const Port& p = idiom.inputs[static_cast<size_t>(port)];
        const std::string vertex = fmt::format("vertex {} {}", p.role, port_type_name(p.type));
        if (kind == LoopKind::Neighbors && stage == Stage::Body) {
            const int k = idiom.has(kPair) ? loop_endpoint(idiom, port) : 1;
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

std::string LoopPattern::own_index(KernelWriter&, const std::string& tid) const {
    return tid;
}

std::string LoopPattern::open_loop(KernelWriter& w, const std::string& own, const std::string& count) const {
    if (kind_ == LoopKind::Samples) {
        w.body.open(fmt::format("for _ in range({})", count));
        return "_";
    }
    const std::string j = w.names.fresh({"j", "k", "col"});
    w.body.open(fmt::format("for {} in range({})", j, count));
    if (kind_ == LoopKind::Neighbors) {
        w.body.open(fmt::format("if {} == {}", j, own));
        w.body.line("continue");
        w.body.close();
    }
    return j;
}

std::vector<int64_t> LoopPattern::array_shape(const Plan& plan, const External& e) const {
    return row_data(kind_, plan, e) ? std::vector<int64_t>{plan.dim[0], plan.inner} : plan.dim;
}

void LoopPattern::accumulate(Plan& plan, Dice& dice, Composer& c) const {
    for (int v : plan.graph.open_values()) {
        Value& src = plan.graph.values[static_cast<size_t>(v)];
        if (src.stage != Stage::Body) continue;
        Accumulator a;
        a.source = v;
        Value acc;
        if (src.type == PortType::B) {
            a.op = Accumulator::Op::Count;
            acc = count_of(plan, src);
        } else if (const int hit = reported_hit(plan, src); hit >= 0) {
            a.op = Accumulator::Op::Nearest;
            a.condition = hit;
            ++plan.graph.values[static_cast<size_t>(hit)].consumers;
            acc.type = PortType::F;
            acc.role = src.role;
            acc.facts.positive = acc.facts.nonneg = true;
            acc.mag = 1.0e6; // no hit: the initial value
            acc.noun = "the nearest " + bare(src.noun);
        } else {
            const int extreme =
                src.type == PortType::F && !src.extremes_saturate() ? dice.knob(Knob::WAccExtreme) : 0;
            const int w[] = {dice.knob(Knob::WAccSum),
                             counted() && kind_ != LoopKind::Neighbors ? dice.knob(Knob::WAccMean) : 0,
                             extreme, extreme};
            const size_t op = dice.weighted(w);
            a.op = op < 4 ? static_cast<Accumulator::Op>(op) : Accumulator::Op::Sum;
            acc.type = src.type;
            acc.role = a.op == Accumulator::Op::Sum ? role_of_sum(src) : src.role;
            acc.facts.nonneg = src.facts.nonneg;
            // A counted loop runs at least once; a query may find nothing.
            acc.facts.positive = src.facts.positive && counted();
            acc.mag = a.op == Accumulator::Op::Sum ? src.mag * static_cast<double>(plan.inner) : src.mag;
            extreme_of_many(a.op, src, static_cast<double>(plan.inner), acc);
            static const char* kPrefix[] = {"the sum of ", "the mean of ", "the largest ", "the smallest "};
            acc.noun = kPrefix[static_cast<size_t>(a.op)] + bare(src.noun);
        }
        acc.stage = Stage::Post;
        acc.accumulator = static_cast<int>(plan.graph.accumulators.size());
        ++plan.graph.values[static_cast<size_t>(v)].consumers;
        a.value = c.add_value(std::move(acc));
        plan.graph.accumulators.push_back(a);
    }
}

const Pattern& rows_pattern() {
    static const LoopPattern p = with_roots(LoopPattern(LoopKind::Rows));
    return p;
}

const Pattern& neighbors_pattern() {
    static const LoopPattern p = with_roots(LoopPattern(LoopKind::Neighbors));
    return p;
}

const Pattern& samples_pattern() {
    static const LoopPattern p = with_roots(LoopPattern(LoopKind::Samples));
    return p;
}

} // namespace ws::synth
