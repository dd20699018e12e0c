// What the patterns share: grids, thread indices, chains of idioms, stores.
#include "synth/library.h"
#include "synth/pattern.h"

#include <fmt/format.h>
#include <stdexcept>

namespace ws::synth {

namespace pattern_util {

std::string element_noun(Domain d, Dice& dice) {
    static const std::vector<std::string> kNouns[kDomainCount] = {
        {"element", "entry", "value"},          // math
        {"particle"},                           // particles
        {"body", "rigid body", "joint"},        // rigid
        {"element", "material point"},          // continuum
        {"point", "query", "ray"},              // geometry
        {"pixel"},                              // imaging
        {"element", "activation", "parameter"}, // learning
        {"sample", "thread"},                   // random
        {"cell", "grid cell"},                  // grids
        {"element", "key"},                     // bits
    };
    return dice.pick(kNouns[static_cast<size_t>(d)]);
}

std::vector<int64_t> grid(int ndim, Dice& dice) {
    static const std::vector<int64_t> k1[] = {{64}, {100}, {128}, {256}, {500}, {1000}, {1024}};
    std::vector<int64_t> out;
    if (ndim == 1) return dice.pick(std::vector<std::vector<int64_t>>(std::begin(k1), std::end(k1)));
    const std::vector<int64_t> sides =
        ndim == 2 ? std::vector<int64_t>{16, 24, 32, 48, 64} : std::vector<int64_t>{6, 8, 10, 12, 16};
    for (int d = 0; d < ndim; ++d) out.push_back(dice.pick(sides));
    return out;
}

std::vector<std::string> write_tid(KernelWriter& w, int ndim) {
    static const std::vector<std::vector<std::string>> k1 = {{"i"}, {"tid"}, {"idx"}, {"i"}};
    static const std::vector<std::vector<std::string>> k2 = {
        {"i", "j"}, {"i", "j"}, {"x", "y"}, {"row", "col"}};
    static const std::vector<std::vector<std::string>> k3 = {{"i", "j", "k"}, {"x", "y", "z"}};
    const auto& choices = ndim == 1 ? k1 : (ndim == 2 ? k2 : k3);
    std::vector<std::string> names;
    for (const std::string& n : w.dice.pick(choices)) names.push_back(w.names.fresh({n}));
    std::string lhs;
    for (size_t i = 0; i < names.size(); ++i) lhs += (i ? ", " : "") + names[i];
    w.body.line(lhs + " = wp.tid()");
    return names;
}

CompositionRules element_rules() {
    CompositionRules r;
    r.place = [](const Idiom&, int, Stage) {
        External e;
        e.access = Access::Element;
        return e;
    };
    r.allows = [](const Idiom& i) { return !i.has(kStencil); };
    return r;
}

bool domain_has(Domain d, uint32_t t) {
    for (const Idiom* i : Library::get().of(d))
        if ((i->spec->traits & t) == t) return true;
    return false;
}

bool domain_has_plain(Domain d, uint32_t require) {
    for (const Idiom* i : Library::get().of(d))
        if (!i->has(kStencil) && (i->spec->traits & require) == require) return true;
    return false;
}

std::string atomic_line(KernelWriter& w, SinkKind kind, const std::string& array, const std::string& index,
                        const std::string& value) {
    const bool aug =
        (kind == SinkKind::AtomicAdd || kind == SinkKind::AtomicSub) && w.dice.on(Knob::PAtomicAug);
    switch (kind) {
    case SinkKind::AtomicSub:
        return aug ? fmt::format("{}[{}] -= {}", array, index, value)
                   : fmt::format("wp.atomic_sub({}, {}, {})", array, index, value);
    case SinkKind::AtomicMax: return fmt::format("wp.atomic_max({}, {}, {})", array, index, value);
    case SinkKind::AtomicMin: return fmt::format("wp.atomic_min({}, {}, {})", array, index, value);
    default:
        return aug ? fmt::format("{}[{}] += {}", array, index, value)
                   : fmt::format("wp.atomic_add({}, {}, {})", array, index, value);
    }
}

void compose_chain(Composer& c, Stage stage, const std::function<bool(const Idiom&)>& filter) {
    const Idiom* root = c.pick_root(filter);
    if (!root)
        throw std::logic_error(fmt::format("no idiom fits a {} kernel in domain {}", c.plan.pattern->name(),
                                           domain_name(c.plan.domain)));
    const int node = c.add(*root, stage);
    if (c.plan.root < 0) c.plan.root = node;
    c.grow(stage, c.dice.knob(Knob::Idioms));
    // A condition left over feeds a selection or a guard when the library has one.
    for (int v : c.plan.graph.open_values())
        if (c.plan.graph.values[static_cast<size_t>(v)].type == PortType::B)
            if (auto cons = c.pick_consumer(v, stage)) c.add(*cons->first, stage, {{cons->second, v}});
}

void store_sinks(Plan& plan, Dice& dice) {
    std::vector<bool> written(plan.graph.externals.size());
    for (int v : plan.graph.open_values()) {
        Value& val = plan.graph.values[static_cast<size_t>(v)];
        Sink s;
        s.value = v;
        for (size_t e = 0; e < plan.graph.externals.size(); ++e) {
            const External& ext = plan.graph.externals[e];
            if (ext.access == Access::Element && !written[e] && ext.type == val.type &&
                ext.role == val.role && !ext.facts.unit && dice.on(Knob::PInPlace)) {
                s.in_place = static_cast<int>(e);
                written[e] = true;
                break;
            }
        }
        ++val.consumers;
        plan.graph.sinks.push_back(s);
    }
}

void write_stores(KernelWriter& w, const std::vector<int64_t>& shape, const std::string& index) {
    Plan& plan = w.plan;
    for (const Sink& s : plan.graph.sinks) {
        if (s.kind != SinkKind::Store) continue;
        if (s.in_place < 0) {
            store_new_output(w, s.value, shape, index);
            continue;
        }
        // A bool array updated in place takes the bool.
        const std::string array = w.array_name(s.in_place);
        w.mark_output(array);
        w.store(array, index, s.value);
        w.outputs.emplace_back(s.value, array);
    }
}

void store_new_output(KernelWriter& w, int value, const std::vector<int64_t>& shape, const std::string& index) {
    const Value& v = w.plan.graph.values[static_cast<size_t>(value)];
    const bool flag = v.type == PortType::B;
    const std::string array =
        w.array_param(w.output_names(value), flag ? PortType::I : v.type, shape, 0.0, 0.0, true);
    if (flag) w.set_text(value, fmt::format("wp.where({}, 1, 0)", w.text(value)));
    w.store(array, index, value);
    w.outputs.emplace_back(value, array);
}

std::pair<int, int> rank_in_role(const Idiom& idiom, int port) {
    const Port& p = idiom.inputs[static_cast<size_t>(port)];
    int rank = 0, count = 0;
    for (size_t i = 0; i < idiom.inputs.size(); ++i) {
        const Port& q = idiom.inputs[i];
        if (q.uniform || q.role != p.role || q.type != p.type) continue;
        if (static_cast<int>(i) < port) ++rank;
        ++count;
    }
    return {rank, count};
}

std::string flat_index(const std::vector<std::string>& tids, const std::vector<int64_t>& dim) {
    if (tids.size() == 2) return fmt::format("{} * {} + {}", tids[0], dim[1], tids[1]);
    if (tids.size() == 3) return fmt::format("({} * {} + {}) * {} + {}", tids[0], dim[1], tids[1], dim[2], tids[2]);
    return tids[0];
}

void write_rng(KernelWriter& w, const std::string& flat_index) {
    for (const External& e : w.plan.graph.externals) {
        if (e.access != Access::Provided || e.role != "rng state") continue;
        const std::string seed = w.scalar_param({"seed", "rng_seed"}, PortType::I, 0.0, 100000.0);
        const std::string state = w.names.fresh({"state", "rng", "rng_state"});
        w.body.line(fmt::format("{} = wp.rand_init({}, {})", state, seed, flat_index));
        w.set_text(e.value, state);
        return;
    }
}

} // namespace pattern_util

} // namespace ws::synth
