#include "synth/recipes.h"

namespace ws::synth::recipe {

SType data_scalar(KernelBuilder& kb, bool allow_int) {
    Module& mod = kb.mod;
    std::vector<SType> ints;
    ints.push_back(SType::scalar_of(Scalar::I32));
    if (kb.g.type_enabled(SType::scalar_of(Scalar::I64))) ints.push_back(SType::scalar_of(Scalar::I64));
    if (kb.g.type_enabled(SType::scalar_of(Scalar::U32))) ints.push_back(SType::scalar_of(Scalar::U32));
    const size_t form = mod.rng.weighted({10, allow_int ? 4 : 0, mod.on(Knob::TF16) ? 2 : 0});
    if (form == 1) return ints[mod.rng.below(ints.size())];
    if (form == 2) return SType::scalar_of(Scalar::F16);
    return kb.fscalar();
}

SType data_type(KernelBuilder& kb) {
    SType t = kb.g.pick_type(false, false);
    if (t.kind == Kind::Scalar) return data_scalar(kb, false);
    return t;
}

std::pair<double, double> value_range(KernelBuilder& kb, const SType& t) {
    Rng& rng = kb.mod.rng;
    if (t.is_scalar()) {
        switch (t.scalar) {
        case Scalar::I32:
        case Scalar::I64: return rng.chance(500) ? std::pair{0.0, 100.0} : std::pair{-50.0, 50.0};
        case Scalar::U32: return {0.0, 65535.0};
        case Scalar::Bool: return {0.0, 1.0};
        default: break;
        }
    }
    static constexpr std::pair<double, double> kRanges[] = {
        {-1.0, 1.0}, {0.0, 1.0}, {-10.0, 10.0}, {0.1, 2.0}};
    return kRanges[rng.below(std::size(kRanges))];
}

void grid_inputs(KernelBuilder& kb, int count, bool allow_int) {
    for (int k = 0; k < count; ++k) {
        const SType t = kb.mod.rng.chance(700) ? data_scalar(kb, allow_int) : data_type(kb);
        auto [lo, hi] = value_range(kb, t);
        kb.grid_array(NameRole::InArray, t, Access::In, lo, hi);
    }
}

void grid_outputs(KernelBuilder& kb, int count, bool allow_int) {
    for (int k = 0; k < count; ++k) {
        const SType t = kb.mod.rng.chance(650) ? data_scalar(kb, allow_int) : data_type(kb);
        auto [lo, hi] = value_range(kb, t);
        kb.grid_array(NameRole::OutArray, t, kb.mod.rng.chance(200) ? Access::InOut : Access::Out, lo, hi);
    }
}

std::string let(KernelBuilder& kb, NameRole role, const Value& v, const std::string& name) {
    const std::string n = name.empty() ? kb.g.fresh(role, v.type) : kb.fn.names.fresh_from(name);
    kb.g.define(n, v);
    return n;
}

std::string let_index(KernelBuilder& kb, NameRole role, const Value& v, const std::string& name) {
    const std::string n = let(kb, role, v, name);
    if (Var* var = kb.g.find_var(n)) var->assignable = false;
    return n;
}

int pick_ndim(KernelBuilder& kb, int w1, int w2, int w3, int w4) {
    return static_cast<int>(kb.mod.rng.weighted({w1, w2, w3, w4})) + 1;
}

} // namespace ws::synth::recipe
