// Map: one thread per element of a 1D/2D/3D grid; inputs read at the thread's
// element, results stored at it (or written back in place). The most common
// shape of a Warp kernel.
#include "synth/pattern.h"

#include <fmt/format.h>

namespace ws::synth {

namespace {

class MapPattern : public Pattern {
  public:
    bool fits(Domain d, uint32_t require) const override {
        return pattern_util::domain_has_plain(d, require);
    }
    std::string_view name() const override { return "map"; }

    void compose(Plan& plan, Dice& dice) const override {
        const int ndim = 1 + static_cast<int>(dice.among({Knob::WDim1, Knob::WDim2, Knob::WDim3}));
        plan.dim = pattern_util::grid(ndim, dice);
        plan.element = pattern_util::element_noun(plan.domain, dice);
        CompositionRules rules = pattern_util::element_rules();
        // An image's pixel coordinate is the thread's own pixel, not data read from an array.
        if (ndim == 2)
            rules.place = [](const Idiom& idiom, int port, Stage) {
                External e;
                const Port& p = idiom.inputs[static_cast<size_t>(port)];
                if (p.role == kPixelRole && p.type == PortType::V2) e.access = Access::Provided;
                return e;
            };
        Composer c(plan, dice, rules);
        pattern_util::compose_chain(c, Stage::Pre);
        pattern_util::store_sinks(plan, dice);
    }

    void write(KernelWriter& w) const override {
        const auto& dim = w.plan.dim;
        for (size_t e = 0; e < w.plan.graph.externals.size(); ++e)
            if (w.plan.graph.externals[e].access == Access::Element) w.array_of(static_cast<int>(e), dim);
        w.declare_uniforms();
        const std::vector<std::string> tids = pattern_util::write_tid(w, static_cast<int>(dim.size()));
        std::string index;
        for (size_t i = 0; i < tids.size(); ++i) index += (i ? ", " : "") + tids[i];
        if (w.dice.on(Knob::PGuard)) write_guard(w, index);
        pattern_util::write_rng(w, pattern_util::flat_index(tids, dim));
        write_pixels(w, tids);
        w.read_all(Stage::Pre, index);
        w.write_nodes(Stage::Pre);
        pattern_util::write_stores(w, dim, index);
    }

  private:
    static constexpr std::string_view kPixelRole = "pixel coordinate";

    // `wp.vec2(float(j), float(i))`: x runs along the second launch dimension (an image's
    // columns), unless the thread indices are named x and y.
    static void write_pixels(KernelWriter& w, const std::vector<std::string>& tids) {
        if (tids.size() != 2) return;
        const bool xy = tids[0] == "x" && tids[1] == "y";
        const std::string& col = xy ? tids[0] : tids[1];
        const std::string& row = xy ? tids[1] : tids[0];
        const std::string f = w.type_name(PortType::F);
        for (const External& e : w.plan.graph.externals) {
            if (e.access != Access::Provided || e.role != kPixelRole) continue;
            w.set_text(e.value, fmt::format("{}({}({}), {}({}))", w.type_name(PortType::V2), f, col, f, row));
            if (w.plan.graph.values[static_cast<size_t>(e.value)].consumers > 1)
                w.bind(e.value, {"px", "pixel", "uv"});
        }
    }

    // Inactive elements are skipped: `if active[i] == 0: return`.
    static void write_guard(KernelWriter& w, const std::string& index) {
        const std::string mask = w.mask_param({"active", "mask", "enabled", "valid"}, w.plan.dim);
        const bool is_bool = w.launch().args.back().type.find("bool") != std::string::npos;
        w.body.open(is_bool ? fmt::format("if not {}[{}]", mask, index)
                            : fmt::format("if {}[{}] == 0", mask, index));
        w.body.line("return");
        w.body.close();
    }
};

} // namespace

const Pattern& map_pattern() {
    static const MapPattern p;
    return p;
}

} // namespace ws::synth
