#include "synth/compose.h"

#include "synth/library.h"
#include "synth/roles.h"

#include <algorithm>
#include <cmath>

namespace ws::synth {

namespace {

constexpr std::string_view kRngRole = "rng state";

// Values of the part before a loop are visible everywhere after it.
bool visible(Stage from, Stage at) {
    return from == at || from == Stage::Pre;
}

bool is_generic(const std::string& role) {
    const Role* r = find_role(role);
    return r && r->generic();
}

std::string noun_of(const std::string& role) {
    return "the " + role;
}

// What the data of an input of `role` guarantees, besides what the port asks.
Facts role_facts(const std::string& role, const Port& port) {
    Facts f = port.facts;
    f.unit = false; // raw data is never unit length; the reader normalises it
    if (const Role* r = find_role(role)) {
        if (r->spec->lo > 0.0) f.positive = f.nonneg = true;
        if (r->spec->lo >= 0.0) f.nonneg = true;
        if (r->spec->lo >= 0.0 && r->spec->hi <= 1.0) f.unit01 = true;
    }
    if (f.positive) f.nonneg = true;
    f.unit = port.facts.unit; // normalised on reading
    return f;
}

double role_mag(const std::string& role, const Port& port) {
    double m = 1.0;
    if (const Role* r = find_role(role)) m = std::max(std::fabs(r->spec->lo), std::fabs(r->spec->hi));
    if (port.facts.unit || port.facts.unit01) m = std::min(m, 1.0);
    if (port.max_abs > 0.0) m = std::min(m, port.max_abs);
    if (port.facts.has_range)
        m = static_cast<double>(std::max(std::llabs(port.facts.lo), std::llabs(port.facts.hi)));
    return std::max(m, 1e-3);
}

// Whether a role asked of the idiom's result reaches input `p`: the idiom
// returns `^x` of p's type (lerp of two velocities is a velocity).
bool passes_role(const Idiom& idiom, const Port& p) {
    return std::any_of(idiom.outputs.begin(), idiom.outputs.end(),
                       [&](const Port& o) { return o.role.starts_with('^') && o.type == p.type; });
}

// The two endpoints of a pair are two things, not a point and the same point
// wrapped, pushed out or clamped: their difference would be a lattice step or
// zero, and a distance test on it never fires. Likewise a test of a value
// against one computed from it is mostly an identity (the bit of a mask at
// its own highest set bit is always set). Through any number of steps: the
// drag force on a velocity slowed by friction still opposes that velocity.
bool computed_from(const Graph& g, int value, int source) {
    const int node = g.values[static_cast<size_t>(value)].node;
    if (node < 0) return false;
    for (int in : g.nodes[static_cast<size_t>(node)].inputs)
        if (in == source || (in >= 0 && computed_from(g, in, source))) return true;
    return false;
}

// The per-element inputs a value is computed from (uniform ones are shared by
// all, and the kernel's one RNG state feeds every draw).
void element_sources(const Graph& g, int value, std::vector<int>& out) {
    const Value& v = g.values[static_cast<size_t>(value)];
    if (v.node < 0) {
        if (!v.uniform && v.role != kRngRole) out.push_back(value);
        return;
    }
    for (int in : g.nodes[static_cast<size_t>(v.node)].inputs)
        if (in >= 0) element_sources(g, in, out);
}

bool share_source(const Graph& g, int a, int b) {
    std::vector<int> sa, sb;
    element_sources(g, a, sa);
    element_sources(g, b, sb);
    return std::any_of(sa.begin(), sa.end(),
                       [&](int s) { return std::find(sb.begin(), sb.end(), s) != sb.end(); });
}

bool is_point(const std::string& role) {
    const Role* r = find_role(role);
    return r && r->spec->point;
}

// Two per-element operands of one kind (two vectors; two points, such as a
// ray origin and a box corner) are kept apart like a pair's endpoints:
// x - clamp(x), the angle between a drag force and its velocity, or a ray
// from inside a box grown around its origin are constants.
bool like_operands(const Idiom& idiom) {
    const std::vector<Port>& in = idiom.inputs;
    for (size_t i = 0; i < in.size(); ++i)
        for (size_t j = i + 1; j < in.size(); ++j)
            if (!in[i].uniform && !in[j].uniform && in[i].type == in[j].type &&
                (roles_compatible(in[i].role, in[j].role) || roles_compatible(in[j].role, in[i].role) ||
                 (is_point(in[i].role) && is_point(in[j].role))))
                return true;
    return false;
}

} // namespace

std::vector<int> Graph::open_values() const {
    std::vector<int> out;
    for (size_t i = 0; i < values.size(); ++i)
        if (values[i].consumers == 0 && values[i].node >= 0) out.push_back(static_cast<int>(i));
    return out;
}

// The roles, the dearest test (two look-ups by name), are compared last.
namespace {

bool fits_but_role(const Value& v, const Port& port) {
    if (v.type != port.type) return false;
    if (port.max_abs > 0.0 && v.mag > port.max_abs) return false;
    if (v.mag < port.min_mag) return false;
    if (port.uniform && !v.uniform) return false;
    return v.facts.satisfies(port.facts);
}

} // namespace

bool fits(const Value& v, const Port& port, const std::string& role) {
    return fits_but_role(v, port) && roles_compatible(v.role, role);
}

bool fits(const Value& v, const Role* v_role, const Port& port) {
    return fits_but_role(v, port) && roles_compatible(v.role, v_role, port.role, port.known_role);
}

Composer::Composer(Plan& p, Dice& d, CompositionRules rules) : plan(p), dice(d), rules_(std::move(rules)) {}

int Composer::add_value(Value v) {
    plan.graph.values.push_back(std::move(v));
    return static_cast<int>(plan.graph.values.size()) - 1;
}

int Composer::weight(const Idiom& idiom) const {
    if (rules_.allows && !rules_.allows(idiom)) return 0;
    if (plan.fp == Scalar::F64 && idiom.has(kF32Only)) return 0;
    // A query needs a Warp object built on the host: the spatial category's kernels only.
    if (idiom.has(kQuery) && plan.category != Category::Spatial) return 0;
    // One use of an idiom per kernel: a second spring force reads as noise.
    for (const Node& n : plan.graph.nodes)
        if (n.idiom == &idiom) return 0;
    if (std::find(active_.begin(), active_.end(), &idiom) != active_.end()) return 0;
    // Generic math joins domain kernels now and then, as people write it.
    int w = idiom.domain() == plan.domain ? 30 : (plan.domain == Domain::Math ? 10 : 3);
    if (plan.prefer & idiom.spec->traits) w *= 3;
    return w;
}

const Idiom* Composer::pick_root(const std::function<bool(const Idiom&)>& filter) {
    if (plan.forced_root && plan.graph.nodes.empty() && (!filter || filter(*plan.forced_root)))
        return plan.forced_root;
    std::vector<const Idiom*> pool;
    std::vector<int> weights;
    for (const Idiom* i : Library::get().of(plan.domain)) {
        const int w = weight(*i);
        // A root reads per-element data: one of uniform inputs only would give
        // every element the same value.
        const bool per_element =
            std::any_of(i->inputs.begin(), i->inputs.end(), [](const Port& p) { return !p.uniform; });
        const bool required = !plan.graph.nodes.empty() || (i->spec->traits & plan.require) == plan.require;
        if (w > 0 && per_element && required && (!filter || filter(*i))) {
            pool.push_back(i);
            weights.push_back(w);
        }
    }
    const size_t k = dice.weighted(weights);
    if (k < pool.size()) return pool[k];
    // Nothing in float64 (Warp's RNG is float32 only): the kernel computes in float32.
    if (plan.fp == Scalar::F64 && plan.graph.nodes.empty()) {
        plan.fp = Scalar::F32;
        return pick_root(filter);
    }
    return nullptr;
}

// Neither one of the values to keep apart, nor computed from one, nor one of
// their sources; `distinct` ones (a pair's endpoints) share no data either: a
// point bounced off the ground and the same point wrapped are one particle.
// The kernel's one RNG state feeds every draw, whatever it was drawn for.
bool Composer::kept_apart(int v) const {
    const Graph& g = plan.graph;
    // Nor an object's id: every query of the kernel reads the same mesh or grid.
    if (g.values[static_cast<size_t>(v)].role == kRngRole ||
        g.values[static_cast<size_t>(v)].type == PortType::H)
        return false;
    return std::any_of(apart_.begin(), apart_.end(), [&](const Apart& a) {
        return v == a.value || computed_from(g, v, a.value) || computed_from(g, a.value, v) ||
               (a.distinct && share_source(g, v, a.value));
    });
}

std::vector<int> Composer::candidates(const Port& port, const std::string& role, Stage stage,
                                      const std::vector<int>& taken) const {
    std::vector<int> out;
    const auto& vals = plan.graph.values;
    for (size_t i = 0; i < vals.size(); ++i) {
        const int id = static_cast<int>(i);
        if (std::find(taken.begin(), taken.end(), id) != taken.end()) continue;
        if (!visible(vals[i].stage, stage)) continue;
        if (fits(vals[i], port, role) && !kept_apart(id)) out.push_back(id);
    }
    return out;
}

const Idiom* Composer::pick_producer(const Port& port, const std::string& role, int /*depth*/) {
    std::vector<const Idiom*> pool;
    std::vector<int> weights;
    // The weight (a pass over the graph) only of an idiom that could produce the port's value.
    auto consider = [&](const Idiom* i) {
        for (const Port& o : i->outputs) {
            if (o.type != port.type || !o.facts.satisfies(port.facts)) continue;
            bool inherits = false;
            if (o.role.starts_with('^')) {
                const Port& src =
                    i->inputs[static_cast<size_t>(i->input_index(std::string_view(o.role).substr(1)))];
                inherits = !src.uniform && (is_generic(src.role) || roles_compatible(src.role, role));
            }
            if (roles_compatible(o.role, role) || inherits) {
                if (const int w = weight(*i); w != 0) pool.push_back(i), weights.push_back(w);
                return;
            }
        }
    };
    for (const Idiom* i : Library::get().producers(plan.domain, port.type)) consider(i);
    if (plan.domain != Domain::Math)
        for (const Idiom* i : Library::get().producers(Domain::Math, port.type)) consider(i);
    const size_t k = dice.weighted(weights);
    return k < pool.size() ? pool[k] : nullptr;
}

int Composer::external(const Idiom& idiom, int port, Stage stage, const std::string& role) {
    const Port& p = idiom.inputs[static_cast<size_t>(port)];
    External e;
    if (role == kRngRole) {
        e.access = Access::Provided;
    } else if (p.uniform) {
        e.access = Access::Uniform;
    } else if (rules_.place) {
        e = rules_.place(idiom, port, stage);
    }
    return add_external(p, std::move(e), stage, role);
}

int Composer::pattern_input(const std::string& role, PortType type, const std::string& default_value) {
    Port p;
    p.type = type;
    p.uniform = true;
    p.role = role;
    p.default_value = default_value;
    const Role* r = find_role(role);
    p.name = r && !r->names.empty() ? r->names.front() : "param";
    External e;
    e.access = Access::Uniform;
    return add_external(p, std::move(e), Stage::Pre, role);
}

int Composer::add_external(const Port& p, External e, Stage stage, const std::string& role) {
    e.role = role;
    e.type = p.type;
    e.facts = role_facts(role, p);
    e.max_abs = p.max_abs;
    e.default_value = p.default_value;
    e.port_name = p.name;
    Value v;
    v.type = p.type;
    v.facts = e.facts;
    v.mag = role_mag(role, p);
    v.role = role;
    v.noun = noun_of(role);
    v.uniform = e.access == Access::Uniform;
    v.stage =
        (e.access == Access::Uniform || e.access == Access::Provided || e.invariant) ? Stage::Pre : stage;
    v.external = static_cast<int>(plan.graph.externals.size());
    const int id = add_value(v);
    e.value = id;
    plan.graph.externals.push_back(std::move(e));
    return id;
}

int Composer::wire(const Idiom& idiom, int port, Stage stage, int depth, const std::string& role_hint,
                   const std::vector<int>& taken) {
    const Port& p = idiom.inputs[static_cast<size_t>(port)];
    const std::string role =
        is_generic(p.role) && !role_hint.empty() && passes_role(idiom, p) ? role_hint : p.role;
    // The operands of a pair, a predicate or like operands are kept apart, down
    // through the producers made for this one.
    const size_t mark = apart_.size();
    if ((idiom.has(kPair) || idiom.has(kPredicate) || like_operands(idiom)) && role != kRngRole)
        for (int t : taken)
            if (t >= 0 && plan.graph.values[static_cast<size_t>(t)].role != kRngRole)
                apart_.push_back({t, idiom.has(kPair)});
    const int v = wire_value(idiom, port, stage, depth, role, taken);
    apart_.resize(mark);
    return v;
}

int Composer::wire_value(const Idiom& idiom, int port, Stage stage, int depth, const std::string& role,
                         const std::vector<int>& taken) {
    const Port& p = idiom.inputs[static_cast<size_t>(port)];
    // Endpoint and neighbour inputs always read their array at their place (once per kernel).
    if (!p.uniform && rules_.place) {
        const External placed = rules_.place(idiom, port, stage);
        if (placed.access == Access::Endpoint || placed.access == Access::Neighbor) {
            for (const External& e : plan.graph.externals)
                if (e.access == placed.access && e.group == placed.group && e.endpoint == placed.endpoint &&
                    e.offset == placed.offset)
                    return e.value;
            return external(idiom, port, stage, role);
        }
    }
    std::vector<int> cands = candidates(p, role, stage, taken);
    // One RNG state per kernel, and one mesh (grid, volume) of a role: its id is read again.
    if ((role == kRngRole || p.type == PortType::H) && !cands.empty()) return cands.front();
    std::vector<int> open;
    for (int c : cands)
        if (plan.graph.values[static_cast<size_t>(c)].consumers == 0) open.push_back(c);
    if (!open.empty() && dice.on(Knob::PReuse)) return dice.pick(open);
    if (!cands.empty() && dice.on(Knob::PReuse)) return dice.pick(cands);
    if (!p.uniform && depth < dice.knob(Knob::Depth) && dice.on(Knob::PProducer))
        if (const Idiom* prod = pick_producer(p, role, depth)) {
            const int n = add(*prod, stage, {}, depth + 1, role);
            for (int out : plan.graph.nodes[static_cast<size_t>(n)].outputs)
                if (plan.graph.values[static_cast<size_t>(out)].consumers == 0 &&
                    fits(plan.graph.values[static_cast<size_t>(out)], p, role))
                    return out;
        }
    return external(idiom, port, stage, role);
}

void Composer::set_outputs(int node) {
    Node& n = plan.graph.nodes[static_cast<size_t>(node)];
    const Idiom& idiom = *n.idiom;
    bool uniform = true;
    for (int in : n.inputs) uniform = uniform && plan.graph.values[static_cast<size_t>(in)].uniform;
    for (size_t o = 0; o < idiom.outputs.size(); ++o) {
        const Port& port = idiom.outputs[o];
        Value v;
        v.type = port.type;
        v.facts = port.facts;
        v.role = port.role;
        v.noun = noun_of(port.role);
        if (port.role.starts_with('^')) {
            // `^x`: what the idiom returns is still what x was (a clamped velocity).
            const Value& in = plan.graph.values[static_cast<size_t>(
                n.inputs[static_cast<size_t>(idiom.input_index(std::string_view(port.role).substr(1)))])];
            v.role = in.role;
            v.noun = in.noun;
            if (port.facts.keeps_zero && in.facts.often_zero) v.facts.often_zero = true;
        }
        v.uniform = uniform && !idiom.inputs.empty();
        v.stage = n.stage;
        v.node = node;
        v.port = static_cast<int>(o);
        if (!port.bound.empty()) {
            double m = 0.0;
            for (const BoundTerm& t : port.bound) {
                double term = t.coeff;
                for (int i : t.inputs)
                    term *= plan.graph.values[static_cast<size_t>(n.inputs[static_cast<size_t>(i)])].mag;
                m += term;
            }
            v.mag = m;
        } else if (port.facts.unit || port.facts.unit01 || port.type == PortType::B) {
            v.mag = 1.0;
        } else if (port.facts.has_range) {
            v.mag = static_cast<double>(std::max(std::llabs(port.facts.lo), std::llabs(port.facts.hi)));
        } else {
            double m = 0.0;
            for (int in : n.inputs) m += plan.graph.values[static_cast<size_t>(in)].mag;
            v.mag = std::max(m, 1.0);
        }
        const int id = add_value(std::move(v));
        plan.graph.nodes[static_cast<size_t>(node)].outputs.push_back(id);
    }
}

int Composer::add(const Idiom& idiom, Stage stage, const std::vector<std::pair<int, int>>& fixed, int depth,
                  const std::string& role_hint) {
    active_.push_back(&idiom); // being wired: not its own producer
    std::vector<int> inputs(idiom.inputs.size(), -1);
    std::vector<int> taken;
    for (auto [port, value] : fixed) {
        inputs[static_cast<size_t>(port)] = value;
        taken.push_back(value);
    }
    for (size_t i = 0; i < inputs.size(); ++i) {
        if (inputs[i] >= 0) continue;
        inputs[i] = wire(idiom, static_cast<int>(i), stage, depth, role_hint, taken);
        taken.push_back(inputs[i]);
    }
    active_.pop_back();
    Node n;
    n.idiom = &idiom;
    n.stage = stage;
    n.inputs = inputs;
    for (int v : inputs) ++plan.graph.values[static_cast<size_t>(v)].consumers;
    plan.graph.nodes.push_back(std::move(n));
    const int id = static_cast<int>(plan.graph.nodes.size()) - 1;
    set_outputs(id);
    return id;
}

std::optional<std::pair<const Idiom*, int>> Composer::pick_consumer(int v, Stage stage) {
    const Value& val = plan.graph.values[static_cast<size_t>(v)];
    const Idiom* producer = val.node >= 0 ? plan.graph.nodes[static_cast<size_t>(val.node)].idiom : nullptr;
    std::vector<std::pair<const Idiom*, int>> pool;
    std::vector<int> weights;
    const Role* role = find_role(val.role); // looked up once for all the ports tried
    // The weight (a pass over the graph) only of an idiom that could consume `v`.
    auto consider = [&](const Idiom* i) {
        if (i == producer) return;
        for (size_t p = 0; p < i->inputs.size(); ++p)
            if (fits(val, role, i->inputs[p])) {
                if (const int w = weight(*i); w != 0)
                    pool.emplace_back(i, static_cast<int>(p)), weights.push_back(w);
                return;
            }
    };
    for (const Idiom* i : Library::get().consumers(plan.domain, val.type)) consider(i);
    if (plan.domain != Domain::Math)
        for (const Idiom* i : Library::get().consumers(Domain::Math, val.type)) consider(i);
    (void)stage;
    const size_t k = dice.weighted(weights);
    if (k >= pool.size()) return std::nullopt;
    return pool[k];
}

void Composer::grow(Stage stage, int budget) {
    auto count = [&] {
        return static_cast<int>(std::count_if(plan.graph.nodes.begin(), plan.graph.nodes.end(),
                                              [&](const Node& n) { return n.stage == stage; }));
    };
    for (int tries = 0; count() < budget && tries < 4 * budget; ++tries) {
        std::vector<int> open;
        for (int v : plan.graph.open_values())
            if (plan.graph.values[static_cast<size_t>(v)].stage == stage) open.push_back(v);
        if (!open.empty() && dice.on(Knob::PExtend)) {
            // Mostly the newest result: chains read better than fans.
            const int v = dice.on(Knob::PExtend) ? open.back() : dice.pick(open);
            if (auto c = pick_consumer(v, stage)) {
                add(*c->first, stage, {{c->second, v}});
                continue;
            }
        }
        if (!dice.on(Knob::PSecondRoot)) break;
        if (const Idiom* root = pick_root()) add(*root, stage);
    }
}

} // namespace ws::synth
