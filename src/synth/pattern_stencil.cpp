// Stencil: one thread per cell of a 2D/3D grid; a stencil idiom reads a field
// at the cell and its neighbours (its ports are named by offset: c, xm, xp,
// ym, yp, zm, zp, and diagonals such as xmyp). Neighbour indices stay in
// bounds by clamping, periodic wrapping, or a guard that skips the border.
// Results are stored at the cell into new arrays (never into the field read
// at neighbours: that would race).
#include "synth/pattern.h"

#include <fmt/format.h>
#include <map>

namespace ws::synth {

namespace {

struct OffsetName {
    std::string_view name;
    int dx, dy, dz;
};
constexpr OffsetName kOffsets[] = {
    {"c", 0, 0, 0},     {"xm", -1, 0, 0},   {"xp", 1, 0, 0},   {"ym", 0, -1, 0},
    {"yp", 0, 1, 0},    {"zm", 0, 0, -1},   {"zp", 0, 0, 1},   {"xmym", -1, -1, 0},
    {"xpym", 1, -1, 0}, {"xmyp", -1, 1, 0}, {"xpyp", 1, 1, 0},
};

const OffsetName* offset_of(std::string_view port) {
    for (const OffsetName& o : kOffsets)
        if (o.name == port) return &o;
    return nullptr;
}

bool needs_3d(const Idiom& idiom) {
    for (const Port& p : idiom.inputs)
        if (const OffsetName* o = offset_of(p.name); o && o->dz != 0) return true;
    return false;
}

enum class Border : uint8_t { Clamp, Wrap, Guard };

class StencilPattern : public Pattern {
  public:
    std::string_view name() const override { return "stencil"; }
    bool fits(Domain d, uint32_t require) const override {
        return pattern_util::domain_has(d, kStencil | require);
    }

    void compose(Plan& plan, Dice& dice) const override {
        plan.element = pattern_util::element_noun(plan.domain, dice);
        CompositionRules rules;
        rules.place = [](const Idiom& idiom, int port, Stage) {
            External e;
            const Port& p = idiom.inputs[static_cast<size_t>(port)];
            if (const OffsetName* o = idiom.has(kStencil) ? offset_of(p.name) : nullptr) {
                e.access = Access::Neighbor;
                e.offset = {o->dx, o->dy, o->dz};
                e.group = fmt::format("field {} {}", p.role, port_type_name(p.type));
            }
            return e;
        };
        rules.allows = [](const Idiom&) { return true; };
        Composer c(plan, dice, rules);
        const Idiom* root = c.pick_root([](const Idiom& i) { return i.has(kStencil); });
        const int ndim = root && needs_3d(*root) ? 3 : 2;
        plan.dim = pattern_util::grid(ndim, dice);
        pattern_util::compose_chain(c, Stage::Pre, [&](const Idiom& i) { return &i == root; });
        for (int v : plan.graph.open_values()) {
            plan.graph.sinks.push_back({v, SinkKind::Store});
            ++plan.graph.values[static_cast<size_t>(v)].consumers;
        }
    }

    void write(KernelWriter& w) const override {
        Plan& plan = w.plan;
        const int ndim = static_cast<int>(plan.dim.size());
        for (size_t e = 0; e < plan.graph.externals.size(); ++e) {
            const Access a = plan.graph.externals[e].access;
            if (a == Access::Neighbor || a == Access::Element) w.array_of(static_cast<int>(e), plan.dim);
        }
        w.declare_uniforms();
        size_t b = w.dice.among({Knob::WBorderClamp, Knob::WBorderWrap, Knob::WBorderGuard});
        const Border border = static_cast<Border>(b > 2 ? 0 : b);
        const std::vector<std::string> tids = pattern_util::write_tid(w, ndim);
        const std::vector<std::string> extents = write_extents(w, ndim, border);
        if (border == Border::Guard) write_guard(w, tids, extents);
        pattern_util::write_rng(w, pattern_util::flat_index(tids, plan.dim));
        std::map<std::pair<int, int>, std::string> shifted; // (axis, delta) -> index text
        for (size_t e = 0; e < plan.graph.externals.size(); ++e) {
            const External& ext = plan.graph.externals[e];
            if (ext.access != Access::Neighbor) continue;
            std::string index;
            for (int d = 0; d < ndim; ++d) {
                const int delta = ext.offset[static_cast<size_t>(d)];
                index += (d ? ", " : "") +
                         (delta == 0 ? tids[size_t(d)] : shift(w, shifted, tids, extents, border, d, delta));
            }
            w.read(static_cast<int>(e), fmt::format("{}[{}]", w.array_name(static_cast<int>(e)), index));
        }
        std::string center;
        for (int d = 0; d < ndim; ++d) center += (d ? ", " : "") + tids[size_t(d)];
        w.read_all(Stage::Pre, center);
        w.write_nodes(Stage::Pre);
        pattern_util::write_stores(w, plan.dim, center);
    }

  private:
    // Grid extents: from a field's shape, a parameter, or not needed (guards
    // and wraps need them; clamps too).
    static std::vector<std::string> write_extents(KernelWriter& w, int ndim, Border) {
        static const std::vector<std::string> kNames[] = {
            {"nx", "width", "w"}, {"ny", "height", "h"}, {"nz", "depth", "d"}};
        std::string field;
        for (size_t e = 0; e < w.plan.graph.externals.size(); ++e)
            if (w.plan.graph.externals[e].access == Access::Neighbor)
                field = w.array_name(static_cast<int>(e));
        std::vector<std::string> out;
        const bool from_shape = w.dice.on(Knob::PShapeExtent);
        for (int d = 0; d < ndim; ++d) {
            const double n = static_cast<double>(w.plan.dim[static_cast<size_t>(d)]);
            if (from_shape) {
                const std::string name = w.names.fresh(kNames[d]);
                w.body.line(fmt::format("{} = {}.shape[{}]", name, field, d));
                out.push_back(name);
            } else {
                out.push_back(w.scalar_param(kNames[d], PortType::I, n, n));
            }
        }
        return out;
    }

    static void write_guard(KernelWriter& w, const std::vector<std::string>& tids,
                            const std::vector<std::string>& n) {
        std::string test;
        for (size_t d = 0; d < tids.size(); ++d)
            test += fmt::format("{}{} < 1 or {} >= {} - 1", d ? " or " : "", tids[d], tids[d], n[d]);
        w.body.open("if " + test);
        w.body.line("return");
        w.body.close();
    }

    // The index of the neighbour at `delta` along `axis`, named once per kernel.
    static std::string shift(KernelWriter& w, std::map<std::pair<int, int>, std::string>& done,
                             const std::vector<std::string>& tids, const std::vector<std::string>& n,
                             Border border, int axis, int delta) {
        auto it = done.find({axis, delta});
        if (it != done.end()) return it->second;
        const std::string& i = tids[static_cast<size_t>(axis)];
        const std::string& ext = n[static_cast<size_t>(axis)];
        std::string text;
        switch (border) {
        case Border::Guard: text = fmt::format("{} {} 1", i, delta < 0 ? "-" : "+"); break;
        case Border::Wrap:
            text = delta < 0 ? fmt::format("({} - 1 + {}) % {}", i, ext, ext)
                             : fmt::format("({} + 1) % {}", i, ext);
            break;
        case Border::Clamp: {
            const char* prefix = w.dice.on(Knob::PPyMinMax) ? "" : "wp.";
            text = delta < 0 ? fmt::format("{}max({} - 1, 0)", prefix, i)
                             : fmt::format("{}min({} + 1, {} - 1)", prefix, i, ext);
            break;
        }
        }
        if (border != Border::Guard) {
            const std::string name =
                w.names.fresh({i + (delta < 0 ? "m" : "p"), i + (delta < 0 ? "_lo" : "_hi")});
            w.body.line(name + " = " + text);
            text = name;
        }
        done.emplace(std::make_pair(axis, delta), text);
        return text;
    }
};

} // namespace

const Pattern& stencil_pattern() {
    static const StencilPattern p;
    return p;
}

} // namespace ws::synth
