// Gather: one thread per element that joins two to four vertices (a spring,
// an edge, a triangle, a tetrahedron), whose vertex indices come from an
// index array. A pair idiom reads its same-role inputs at the endpoints;
// results are stored per element or scattered to the endpoints with atomics
// (a pair force acts on the first endpoint and, opposite, on the second).
#include "synth/pattern.h"
#include "synth/roles.h"

#include <algorithm>
#include <fmt/format.h>

namespace ws::synth {

namespace {

// Which endpoint a pair input reads: its rank among the inputs of its role.
int endpoint_of(const Idiom& idiom, int port) {
    const auto [rank, count] = pattern_util::rank_in_role(idiom, port);
    return count >= 2 ? rank : -1;
}

// Values that mean something when added up per vertex (not rotations or poses).
bool accumulates(PortType t) {
    return t == PortType::F || t == PortType::V2 || t == PortType::V3 || t == PortType::V4 ||
           t == PortType::M33;
}

class GatherPattern : public Pattern {
  public:
    std::string_view name() const override { return "gather"; }
    bool fits(Domain d, uint32_t require) const override {
        return pattern_util::domain_has(d, kPair | require);
    }

    void compose(Plan& plan, Dice& dice) const override {
        static const std::vector<int64_t> kElements = {64, 100, 128, 256, 500};
        static const std::vector<int64_t> kVertices = {32, 64, 100, 128, 256};
        plan.dim = {dice.pick(kElements)};
        plan.vertices = dice.pick(kVertices);
        plan.element = element_noun(plan.domain, dice);
        CompositionRules rules;
        rules.place = [](const Idiom& idiom, int port, Stage) {
            External e;
            const int k = idiom.has(kPair) ? endpoint_of(idiom, port) : -1;
            if (k >= 0) {
                const Port& p = idiom.inputs[static_cast<size_t>(port)];
                e.access = Access::Endpoint;
                e.endpoint = k;
                e.group = fmt::format("vertex {} {}", p.role, port_type_name(p.type));
            }
            return e;
        };
        rules.allows = [](const Idiom& i) { return !i.has(kStencil); };
        Composer c(plan, dice, rules);
        pattern_util::compose_chain(c, Stage::Pre, [](const Idiom& i) { return i.has(kPair); });
        // The element is what its vertex count says (a triangle has three).
        int k = 0;
        for (const External& e : plan.graph.externals)
            if (e.access == Access::Endpoint) k = std::max(k, e.endpoint + 1);
        if (k == 4) plan.element = "tetrahedron";
        if (k == 3) plan.element = "triangle";
        if (k == 2 && plan.element == "triangle") plan.element = "edge";
        scatter_sinks(plan, dice);
    }

    void write(KernelWriter& w) const override {
        Plan& plan = w.plan;
        int k = 2;
        for (const External& e : plan.graph.externals) k = std::max(k, e.endpoint + 1);
        for (size_t e = 0; e < plan.graph.externals.size(); ++e) {
            const External& ext = plan.graph.externals[e];
            if (ext.access == Access::Endpoint) w.array_of(static_cast<int>(e), {plan.vertices});
            if (ext.access == Access::Element) w.array_of(static_cast<int>(e), plan.dim);
        }
        std::string tid;
        const std::vector<std::string> idx = write_indices(w, k, tid);
        w.declare_uniforms();
        pattern_util::write_rng(w, tid);
        for (size_t e = 0; e < plan.graph.externals.size(); ++e) {
            const External& ext = plan.graph.externals[e];
            if (ext.access != Access::Endpoint) continue;
            w.read(static_cast<int>(e), fmt::format("{}[{}]", w.array_name(static_cast<int>(e)),
                                                    idx[static_cast<size_t>(ext.endpoint)]));
        }
        w.read_all(Stage::Pre, tid);
        w.write_nodes(Stage::Pre);
        write_sinks(w, idx, tid);
    }

  private:
    static std::string element_noun(Domain d, Dice& dice) {
        switch (d) {
        case Domain::Particles: return dice.pick(std::vector<std::string>{"spring", "edge", "contact pair"});
        case Domain::Geometry: return dice.pick(std::vector<std::string>{"edge", "segment", "triangle"});
        case Domain::Continuum: return dice.pick(std::vector<std::string>{"element", "triangle"});
        case Domain::Rigid: return "joint";
        default: return dice.pick(std::vector<std::string>{"pair", "edge"});
        }
    }

    // The thread index, the index array and the vertex indices (`a = springs[s, 0]`).
    std::vector<std::string> write_indices(KernelWriter& w, int k, std::string& tid) const {
        const double last = double(w.plan.vertices - 1);
        const int64_t n = w.plan.dim[0];
        static const std::vector<std::vector<std::string>> kIndexNames = {
            {"a", "b", "c", "d"}, {"i", "j", "k", "l"}, {"i0", "i1", "i2", "i3"}, {"v0", "v1", "v2", "v3"}};
        const auto& names = w.dice.pick(kIndexNames);
        const std::string table_name = k == 4                         ? "tets"
                                       : w.plan.element == "triangle" ? "tris"
                                       : w.plan.element == "spring"   ? "springs"
                                       : w.plan.element == "edge"     ? "edges"
                                                                      : "pairs";
        size_t form = w.dice.among({Knob::WIndex2D, Knob::WIndexFlat, Knob::WIndexVec});
        if (form > 2 || (form == 2 && k > 3)) form = 0; // wp.vec2i/vec3i rows for up to three vertices
        std::string table;
        if (form == 0)
            table = w.array_param({table_name, "indices"}, PortType::I, {n, k}, 0.0, last, false);
        else if (form == 1)
            table = w.array_param({table_name, "indices"}, PortType::I, {n * k}, 0.0, last, false);
        else
            table = w.index_vector_param({table_name, "indices"}, k, {n}, last);
        tid = w.names.fresh({"tid", "s", "e", "i"});
        w.body.line(tid + " = wp.tid()");
        std::vector<std::string> idx;
        for (int e = 0; e < k; ++e) idx.push_back(w.names.fresh({names[static_cast<size_t>(e)]}));
        if (form == 2) {
            const std::string row = w.names.fresh({"e_idx", "ids", "edge"});
            w.body.line(fmt::format("{} = {}[{}]", row, table, tid));
            for (int e = 0; e < k; ++e) w.body.line(fmt::format("{} = {}[{}]", idx[size_t(e)], row, e));
        } else {
            for (int e = 0; e < k; ++e)
                w.body.line(form == 0 ? fmt::format("{} = {}[{}, {}]", idx[size_t(e)], table, tid, e)
                                      : fmt::format("{} = {}[{} * {}{}]", idx[size_t(e)], table, tid, k,
                                                    e == 0 ? std::string() : fmt::format(" + {}", e)));
        }
        return idx;
    }

    // Forces go to the endpoints (+ on the first, - on the second); other
    // results are stored per element or added to both endpoints.
    void scatter_sinks(Plan& plan, Dice& dice) const {
        for (int v : plan.graph.open_values()) {
            Value& val = plan.graph.values[static_cast<size_t>(v)];
            const Role* r = find_role(val.role);
            const bool force = r && r->spec->group == std::string_view("force");
            if (force) {
                plan.graph.sinks.push_back({v, SinkKind::AtomicAdd, 0});
                plan.graph.sinks.push_back({v, SinkKind::AtomicSub, 1});
                val.consumers += 2;
            } else if (accumulates(val.type) && dice.on(Knob::PScatterValue)) {
                plan.graph.sinks.push_back({v, SinkKind::AtomicAdd, 0});
                plan.graph.sinks.push_back({v, SinkKind::AtomicAdd, 1});
                val.consumers += 2;
            } else {
                plan.graph.sinks.push_back({v, SinkKind::Store});
                ++val.consumers;
            }
        }
    }

    void write_sinks(KernelWriter& w, const std::vector<std::string>& idx, const std::string& tid) const {
        Plan& plan = w.plan;
        std::vector<std::pair<int, std::string>> scattered; // value -> per-vertex array
        for (const Sink& s : plan.graph.sinks) {
            if (s.kind == SinkKind::Store) continue;
            auto it = std::find_if(scattered.begin(), scattered.end(),
                                   [&](const auto& p) { return p.first == s.value; });
            if (it == scattered.end()) {
                const PortType t = plan.graph.values[static_cast<size_t>(s.value)].type;
                scattered.emplace_back(
                    s.value, w.array_param(w.output_names(s.value), t, {plan.vertices}, 0.0, 0.0, true));
                it = scattered.end() - 1;
                w.outputs.emplace_back(s.value, it->second);
            }
            w.body.line(pattern_util::atomic_line(w, s.kind, it->second, idx[static_cast<size_t>(s.endpoint)],
                                                  w.text(s.value)));
        }
        pattern_util::write_stores(w, plan.dim, tid);
    }
};

} // namespace

const Pattern& gather_pattern() {
    static const GatherPattern p;
    return p;
}

} // namespace ws::synth
