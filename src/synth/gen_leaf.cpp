// Leaves of expressions: variables, components, constants, array elements,
// and the in-bounds index expressions array accesses need.
#include "synth/gen.h"

#include <algorithm>
#include <fmt/format.h>

namespace ws::synth {

namespace {

constexpr const char* kXyzw[] = {"x", "y", "z", "w"};

bool is_tid(const Fn& fn, const Module& mod, const std::string& name) {
    return fn.is_kernel && std::find(mod.tids.begin(), mod.tids.end(), name) != mod.tids.end();
}

} // namespace

Value Gen::nonliteral(const SType& t) {
    const bool saved = need_var;
    need_var = true;
    Value v = leaf(t);
    if (need_var) need_var = saved; // nothing variable was available
    return v;
}

bool Gen::has_array_of(const SType& t) const {
    if (no_loads) return false;
    for (const auto& a : fn.arrays)
        if (!a.atomic_target && a.readable &&
            (a.dtype == t ||
             (t == SType::scalar_of(Scalar::F32) && a.dtype == SType::scalar_of(Scalar::F16))))
            return true;
    return false;
}

Value Gen::leaf(const SType& t) {
    if (t.is_bool()) {
        // Boolean leaves are comparisons unless a bool variable exists.
        std::vector<Var*> bools;
        for (auto& v : fn.vars)
            if (v.type == t) bools.push_back(&v);
        if (!bools.empty() && mod.rng.chance(600)) {
            need_var = false;
            return use(*bools[mod.rng.below(bools.size())]);
        }
        if (has_array_of(t) && mod.rng.chance(500)) { // a mask element
            need_var = false;
            return array_load_of(t, 0);
        }
        return cond(0);
    }
    if (t.scalar == Scalar::F16 && t.is_scalar()) return cast(leaf(SType::scalar_of(Scalar::F32)), t);

    // Candidates: variables (unread ones first), components, constants, array
    // elements, literals. While the enclosing expression has no variable yet
    // (need_var), literals and constants are left out when anything else exists.
    std::vector<int> weights;
    std::vector<Var*> vars;
    for (auto& v : fn.vars) {
        if (!(v.type == t) || v.is_rng) continue;
        vars.push_back(&v);
        int w = v.uses == 0 ? 18 : 6;
        if (v.is_loop_var) w = v.uses == 0 ? 14 : 4; // a loop usually reads its variable
        if (is_tid(fn, mod, v.name)) w = 5;
        if (v.name == last_leaf) w = 1; // `x * x`, `wp.min(a, a)`: rarely
        weights.push_back(w);
    }
    const size_t n_vars = vars.size();
    const bool arrays = mod.policy[Knob::EArrayLoad] > 0 && has_array_of(t);
    // Components of composite variables (and struct fields) also read a variable.
    bool comps = false;
    for (const auto& v : fn.vars) {
        if (t.is_scalar() && v.type.is_composite() && v.type.kind != Kind::Transform &&
            v.type.scalar == t.scalar)
            comps = true;
        if (v.type.kind == Kind::Struct)
            for (const auto& [f, ft] : mod.structs[size_t(v.type.custom)].fields) comps = comps || ft == t;
    }
    // A float can also be read from an integer variable: `float(k)`.
    std::vector<Var*> ints;
    if (t.is_float() && n_vars == 0)
        for (auto& v : fn.vars)
            if (v.type == SType::scalar_of(Scalar::I32) && !v.is_rng) ints.push_back(&v);
    const bool strict = need_var && (n_vars > 0 || arrays || comps || !ints.empty());
    const int lit_weight = t.is_scalar() ? (n_vars > 0 ? 2 : 4) : (n_vars == 0 ? 6 : 1);
    const bool comp_only = strict && n_vars == 0 && !arrays;
    weights.push_back(comps ? (comp_only ? 8 : (mod.policy[Knob::EComponent] > 0 ? 3 : 0)) : 0); // component
    weights.push_back(!strict && mod.policy[Knob::EConstant] > 0 ? 2 : 0);                       // constant
    weights.push_back(arrays ? 5 : 0);                                 // array element
    weights.push_back(!strict && t.is_int() && no_loads == 0 ? 1 : 0); // a.shape[k]
    weights.push_back(strict ? 0 : lit_weight);                        // literal
    weights.push_back(strict && !ints.empty() ? 4 : 0);                // float(k)

    for (int attempt = 0; attempt < 3; ++attempt) {
        const size_t pick = mod.rng.weighted(weights);
        if (pick >= weights.size()) break;
        if (pick < n_vars) {
            need_var = false;
            last_leaf = vars[pick]->name;
            return use(*vars[pick]);
        }
        switch (pick - n_vars) {
        case 0:
            if (auto v = component_read(t)) {
                need_var = false;
                return *v;
            }
            break;
        case 1:
            if (auto v = constant_leaf(t)) return *v;
            break;
        case 2: {
            need_var = false;
            return array_load_of(t, 0);
        }
        case 3:
            if (t.scalar == Scalar::I32 && !fn.arrays.empty()) {
                const auto& a = fn.arrays[mod.rng.below(fn.arrays.size())];
                return shape_of(a, mod.rng.range(0, a.ndim - 1));
            }
            break;
        case 4: return t.is_scalar() ? literal(t) : construct(t, 1);
        default: {
            need_var = false;
            return cast(use(*ints[mod.rng.below(ints.size())]), t);
        }
        }
        weights[pick] = 0;
    }
    return t.is_scalar() ? literal(t) : construct(t, 1);
}

std::optional<Value> Gen::component_read(const SType& t) {
    if (!t.is_scalar()) {
        // A matrix row is a vector: `m[k]`.
        if (t.kind != Kind::Vec || !t.is_float_vec() || t.custom >= 0) return std::nullopt;
        std::vector<Var*> mats;
        for (auto& v : fn.vars)
            if (v.type.kind == Kind::Mat && v.type.custom < 0 && v.type.m == t.n && v.type.scalar == t.scalar)
                mats.push_back(&v);
        if (mats.empty()) return std::nullopt;
        Var& m = *mats[mod.rng.below(mats.size())];
        mod.feats.add(Tag::mat_row_read);
        mod.feats.add(Tag::literal_int);
        Value out = use(m);
        out.text = fmt::format("{}[{}]", m.name, mod.rng.range(0, m.type.n - 1));
        out.type = t;
        mod.feats.type(t);
        return out;
    }
    struct Cand {
        Var* var;
        int field; // struct field index, -1 for components
    };
    std::vector<Cand> cands;
    for (auto& v : fn.vars) {
        if (v.type.kind == Kind::Struct) {
            const auto& def = mod.structs[static_cast<size_t>(v.type.custom)];
            for (size_t f = 0; f < def.fields.size(); ++f)
                if (def.fields[f].second == t) cands.push_back({&v, static_cast<int>(f)});
        } else if (v.type.is_composite() && v.type.scalar == t.scalar && v.type.kind != Kind::Transform) {
            cands.push_back({&v, -1});
        }
    }
    if (cands.empty()) return std::nullopt;
    const Cand c = cands[mod.rng.below(cands.size())];
    Var& v = *c.var;
    Value out = use(v);
    out.type = t;
    out.range = t.is_int() ? v.range : IntRange::unknown();
    out.positive = false;
    out.unit = false;
    if (c.field >= 0) {
        mod.feats.add(Tag::struct_field_read);
        out.text =
            v.name + "." + mod.structs[static_cast<size_t>(v.type.custom)].fields[size_t(c.field)].first;
        mod.feats.type(t);
        return out;
    }
    const SType& vt = v.type;
    if (vt.kind == Kind::Mat) {
        mod.feats.add(Tag::mat_elem_read);
        mod.feats.add(Tag::literal_int);
        out.text = fmt::format("{}[{}, {}]", v.name, mod.rng.range(0, vt.n - 1), mod.rng.range(0, vt.m - 1));
    } else if (vt.kind == Kind::Quat) {
        mod.feats.add(Tag::quat_index_read);
        mod.feats.add(Tag::literal_int);
        out.text = fmt::format("{}[{}]", v.name, mod.rng.range(0, 3));
    } else {
        const int n = component_count(vt);
        // A loop variable known to be inside the vector also indexes it.
        std::vector<Var*> loop_idx;
        for (auto& lv : fn.vars)
            if (lv.is_loop_var && lv.range.within(0, n - 1)) loop_idx.push_back(&lv);
        if (!loop_idx.empty() && mod.rng.chance(400)) {
            mod.feats.add(Tag::vec_index_read);
            out.text = fmt::format("{}[{}]", v.name, use(*loop_idx[mod.rng.below(loop_idx.size())]).text);
        } else if (n <= 4 && vt.kind == Kind::Vec && mod.rng.chance(600)) {
            mod.feats.add(Tag::component_read);
            out.text = fmt::format("{}.{}", v.name, kXyzw[mod.rng.range(0, n - 1)]);
        } else {
            mod.feats.add(Tag::vec_index_read);
            mod.feats.add(Tag::literal_int);
            out.text = fmt::format("{}[{}]", v.name, mod.rng.range(0, n - 1));
        }
    }
    mod.feats.type(t);
    return out;
}

std::optional<Value> Gen::constant_leaf(const SType& t) {
    std::vector<const ModuleConst*> cands;
    for (const auto& c : mod.consts)
        if (c.type == t) cands.push_back(&c);
    if (cands.empty()) return std::nullopt;
    const ModuleConst& c = *cands[mod.rng.below(cands.size())];
    fn.evaluated.insert(c.name);
    mod.feats.add(c.wp_constant ? Tag::module_constant : Tag::python_global_constant);
    Value v;
    v.text = c.name;
    v.type = t;
    v.range = c.range;
    v.positive = c.positive;
    // A module constant is a compile-time constant in Warp, like a literal.
    v.literal = t.is_scalar();
    if (t.is_scalar()) v.const_text = c.value_text;
    mod.feats.type(t);
    return v;
}

// ---------------------------------------------------------------- arrays

ArrayRef* Gen::pick_array(const SType& dtype, bool for_write) {
    std::vector<ArrayRef*> cands;
    for (auto& a : fn.arrays) {
        if (a.atomic_target) continue;
        const bool type_ok = a.dtype == dtype || (!for_write && dtype == SType::scalar_of(Scalar::F32) &&
                                                  a.dtype == SType::scalar_of(Scalar::F16));
        if (!type_ok) continue;
        if (for_write ? (a.writable && a.owned_dims > 0) : a.readable) cands.push_back(&a);
    }
    if (cands.empty()) return nullptr;
    return cands[mod.rng.below(cands.size())];
}

Value Gen::shape_of(const ArrayRef& a, int dim) {
    Value v;
    v.type = SType::scalar_of(Scalar::I32);
    v.range = IntRange::of(a.shape[size_t(dim)], a.shape[size_t(dim)]);
    v.positive = true;
    if (dim == 0 && a.ndim == 1 && mod.rng.chance(250)) {
        mod.feats.call("len");
        v.text = fmt::format("len({})", a.name);
    } else {
        mod.feats.add(Tag::array_shape);
        mod.feats.add(Tag::literal_int);
        v.text = fmt::format("{}.shape[{}]", a.name, dim);
    }
    mod.feats.type(v.type);
    return v;
}

Value Gen::index_for(const ArrayRef& a, int d, int depth) {
    const int64_t extent = a.shape[size_t(d)];
    if (d < a.owned_dims && fn.is_kernel && size_t(d) < mod.tids.size()) {
        // The thread's own element. Read-only arrays are sometimes read at a
        // neighbour instead (stencils), kept in bounds below.
        if (a.writable || mod.rng.chance(850)) {
            Var* tid = find_var(mod.tids[size_t(d)]);
            if (tid) return use(*tid);
        }
    }
    ++no_loads;
    Value out;
    // In-range integers that already exist: loop variables, tids, locals.
    std::vector<Var*> fitting;
    for (auto& v : fn.vars)
        if (v.type.scalar == Scalar::I32 && v.type.is_scalar() && v.range.within(0, extent - 1) && !v.is_rng)
            fitting.push_back(&v);
    // Computed indices start from an integer variable; with none, a small literal.
    bool any_int = false;
    for (const auto& v : fn.vars) any_int = any_int || (v.type == SType::scalar_of(Scalar::I32) && !v.is_rng);
    const size_t form =
        mod.rng.weighted({fitting.empty() ? 0 : 8, 2, fitting.empty() ? 0 : 4, depth > 0 && any_int ? 2 : 0});
    if (form == 0) {
        out = use(*fitting[mod.rng.below(fitting.size())]);
    } else if (form == 1) {
        out = int_lit(mod.rng.range64(0, std::min<int64_t>(extent - 1, 3)));
    } else {
        // A neighbour or a computed index, brought into [0, extent).
        Value e;
        if (form == 2 && !fitting.empty()) {
            Value base = use(*fitting[mod.rng.below(fitting.size())]);
            int64_t off = mod.rng.range(1, 2);
            const bool minus = mod.rng.chance(500);
            e = binop(base, minus ? "-" : "+", int_lit(off), base.type, kAdd);
            e.range = minus ? range_sub(base.range, IntRange::of(off, off))
                            : range_add(base.range, IntRange::of(off, off));
        } else {
            need_var = true;
            e = int_expr(SType::scalar_of(Scalar::I32), std::max(depth, 1));
        }
        if (e.range.within(0, extent - 1)) {
            out = e;
        } else {
            const bool shape_text = mod.rng.chance(600) && fn.is_kernel;
            auto extent_value = [&]() { return shape_text ? shape_of(a, d) : int_lit(extent); };
            auto last_value = [&]() {
                Value ext = extent_value();
                if (!shape_text) return int_lit(extent - 1);
                Value last = binop(ext, "-", int_lit(1), ext.type, kAdd);
                last.range = IntRange::of(extent - 1, extent - 1);
                return last;
            };
            const bool wrap = mod.rng.chance(mod.policy[Knob::PIndexWrap]) &&
                              range_fits(range_add(e.range, IntRange::of(extent, extent)), kIntLimit);
            if (wrap) {
                mod.feats.add(Tag::index_wrap);
                if (e.range.lo >= 0) {
                    out = binop(e, "%", extent_value(), e.type, kMul);
                } else if (e.range.lo >= -extent) {
                    Value shifted = binop(e, "+", extent_value(), e.type, kAdd);
                    out = binop(paren(shifted), "%", extent_value(), e.type, kMul);
                } else {
                    Value inner = binop(e, "%", extent_value(), e.type, kMul);
                    Value shifted = binop(inner, "+", extent_value(), e.type, kAdd);
                    out = binop(paren(shifted), "%", extent_value(), e.type, kMul);
                }
            } else {
                mod.feats.add(Tag::index_clamp);
                const size_t clamp_form =
                    mod.rng.weighted({6, e.range.lo >= 0 ? 3 : 0, mod.policy[Knob::PPyMinMax] > 0 ? 2 : 0});
                if (clamp_form == 0) {
                    out = call("wp.clamp", {e, int_lit(0), last_value()}, e.type);
                } else if (clamp_form == 1) {
                    out = call("wp.min", {e, last_value()}, e.type);
                } else {
                    Value lower = call("max", {e, int_lit(0)}, e.type);
                    out = call("min", {lower, last_value()}, e.type);
                }
            }
        }
    }
    --no_loads;
    out.range = IntRange::of(std::max<int64_t>(out.range.lo, 0), std::min<int64_t>(out.range.hi, extent - 1));
    if (form >= 2 && !out.range.within(0, extent - 1)) out.range = IntRange::of(0, extent - 1);
    return out;
}

std::string Gen::index_text(const ArrayRef& a, int depth) {
    std::string text;
    for (int d = 0; d < a.ndim; ++d) {
        if (d) text += ", ";
        text += index_for(a, d, depth).text;
    }
    if (a.ndim > 1) mod.feats.add(Tag::array_multi_index);
    return text;
}

Value Gen::load(ArrayRef& a, int depth) {
    mod.feats.add(Tag::array_load);
    Value v;
    v.text = fmt::format("{}[{}]", a.name, index_text(a, depth));
    v.type = a.dtype;
    v.range = a.values;
    v.positive = a.positive;
    ++a.loads;
    mod.feats.type(a.dtype);
    return v;
}

Value Gen::load_at(ArrayRef& a, const std::string& index) {
    mod.feats.add(Tag::array_load);
    if (a.ndim > 1) mod.feats.add(Tag::array_multi_index);
    Value v;
    v.text = fmt::format("{}[{}]", a.name, index);
    v.type = a.dtype;
    v.range = a.values;
    v.positive = a.positive;
    ++a.loads;
    mod.feats.type(a.dtype);
    return v;
}

ArrayRef* Gen::array_named(const std::string& name) {
    for (auto& a : fn.arrays)
        if (a.name == name) return &a;
    return nullptr;
}

Value Gen::var_named(const std::string& name) {
    Var* v = find_var(name);
    if (!v) return literal(float_type());
    return use(*v);
}

Value Gen::array_load_of(const SType& t, int depth) {
    ArrayRef* a = pick_array(t, false);
    if (!a) return literal(t);
    Value v = load(*a, depth);
    if (a->dtype.scalar == Scalar::F16 && a->dtype.is_scalar() && !(t == a->dtype)) {
        const bool positive = v.positive;
        v = cast(v, t);
        v.positive = positive;
    }
    return v;
}

} // namespace ws::synth
