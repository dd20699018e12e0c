// Vector, matrix, quaternion, transform and spatial-vector expressions, and
// calls of the builtins in fn_table() for any result type.
#include "synth/fn_table.h"
#include "synth/gen.h"

#include <algorithm>
#include <fmt/format.h>

namespace ws::synth {

namespace {

constexpr std::string_view kUnitAxes[] = {"0.0, 1.0, 0.0", "1.0, 0.0, 0.0", "0.0, 0.0, 1.0"};

// Binds a row's result family to the requested type: scalar and length N.
bool bind_result(Fam f, const SType& t, int& n) {
    switch (f) {
    case Fam::F: return t.is_float() && t.scalar != Scalar::F16;
    case Fam::V: n = t.n; return t.is_float_vec() && t.scalar != Scalar::F16;
    case Fam::V3: n = 3; return t.is_float_vec() && t.n == 3 && t.custom < 0;
    case Fam::M: n = t.n; return t.kind == Kind::Mat && t.is_square_mat() && t.custom < 0 && t.n <= 4;
    case Fam::M3: n = 3; return t.kind == Kind::Mat && t.n == 3 && t.m == 3 && t.custom < 0;
    case Fam::Q: return t.kind == Kind::Quat;
    case Fam::T: return t.kind == Kind::Transform;
    case Fam::S: return t.kind == Kind::Spatial;
    default: return false;
    }
}

} // namespace

std::optional<Value> Gen::table_call(Knob knob, const SType& t, int depth) {
    struct Cand {
        const FnRow* row;
        int n;
    };
    std::vector<Cand> cands;
    std::vector<int> weights;
    const Scalar s = t.scalar;
    for (const auto& row : fn_table()) {
        if (row.knob != knob) continue;
        int n = 0;
        if (!bind_result(row.result, t, n)) continue;
        // Custom-length vectors only meet element-wise builtins.
        bool ok = true;
        bool needs_n = false;
        for (uint8_t i = 0; i < row.nargs; ++i) {
            const Fam a = row.args[i];
            if (t.custom >= 0 && (a == Fam::M || a == Fam::M3 || a == Fam::Q || a == Fam::T || a == Fam::S))
                ok = false;
            if ((a == Fam::V || a == Fam::M) && n == 0) needs_n = true;
            if (a == Fam::Q || a == Fam::Qunit)
                ok = ok && (type_enabled(SType::quat(s)) || t.kind == Kind::Quat);
            if (a == Fam::T) ok = ok && (type_enabled(SType::transform(s)) || t.kind == Kind::Transform);
            if (a == Fam::S) ok = ok && (type_enabled(SType::spatial(s)) || t.kind == Kind::Spatial);
            if (a == Fam::M3) ok = ok && (type_enabled(SType::mat(3, 3, s)) || t == SType::mat(3, 3, s));
            if (a == Fam::V3 || a == Fam::Vunit3)
                ok = ok && (type_enabled(SType::vec(3, s)) || t.kind != Kind::Scalar);
        }
        if (!ok) continue;
        if (needs_n) {
            // Reductions (dot, length, determinant...) take a vector/matrix
            // type the kernel already uses.
            const bool wants_mat = std::any_of(row.args.begin(), row.args.begin() + row.nargs,
                                               [](Fam a) { return a == Fam::M; });
            std::vector<int> lens;
            for (const auto& [pt, w] : mod.palette) {
                if (w <= 0 || pt.scalar != s || pt.custom >= 0) continue;
                if (wants_mat ? (pt.kind == Kind::Mat && pt.is_square_mat() && pt.n <= 4)
                              : (pt.kind == Kind::Vec && pt.is_float_vec() && pt.n <= 4))
                    lens.push_back(pt.n);
            }
            if (lens.empty()) continue;
            n = lens[mod.rng.below(lens.size())];
        }
        cands.push_back({&row, n});
        weights.push_back(row.weight);
    }
    if (cands.empty()) return std::nullopt;
    const Cand c = cands[mod.rng.weighted(weights)];
    need_var = true; // a call of literals only is not what people write
    std::vector<Value> args;
    for (uint8_t i = 0; i < c.row->nargs; ++i) {
        const Fam a = c.row->args[i];
        // Element-wise builtins of custom vectors keep the custom type.
        if (a == Fam::V && t.custom >= 0 && t.kind == Kind::Vec)
            args.push_back(expr(t, depth - 1));
        else
            args.push_back(table_arg(static_cast<uint8_t>(a), s, c.n, depth - 1));
    }
    Value out = call(c.row->name, args, t);
    out.positive = (c.row->flags & kPositive) != 0;
    out.unit = (c.row->flags & kUnit) != 0;
    return out;
}

Value Gen::table_arg(uint8_t fam, Scalar s, int n, int depth) {
    const SType f = SType::scalar_of(s);
    const int d = std::max(0, depth);
    switch (static_cast<Fam>(fam)) {
    case Fam::F: return expr(f, d);
    case Fam::Fpos: return positive(f, d);
    case Fam::Funit: {
        const size_t form = mod.rng.weighted({6, 2, 2});
        if (form == 0)
            return call("wp.clamp", {float_expr(f, d), float_const(s, "-1.0"), float_const(s, "1.0")}, f);
        if (form == 1) {
            static constexpr std::string_view kBounded[] = {"wp.sin", "wp.cos", "wp.tanh"};
            return call(mod.rng.pick(kBounded), {float_expr(f, d)}, f);
        }
        static constexpr std::string_view kInside[] = {"0.5", "-0.25", "0.8", "0.1", "-0.9", "0.0"};
        return float_const(s, mod.rng.pick(kInside));
    }
    case Fam::Fsmall: {
        Value x = float_expr(f, d);
        if (x.literal || mod.rng.chance(500)) return x;
        static constexpr std::string_view kLimits[] = {"4.0", "8.0", "10.0", "20.0"};
        const std::string_view lim = mod.rng.pick(kLimits);
        return call("wp.clamp", {x, float_const(s, fmt::format("-{}", lim)), float_const(s, lim)}, f);
    }
    case Fam::V: return expr(SType::vec(n, s), d);
    case Fam::V3: return expr(SType::vec(3, s), d);
    case Fam::Vunit3: return unit_vec3(d);
    case Fam::M: return expr(SType::mat(n, n, s), d);
    case Fam::M3: return expr(SType::mat(3, 3, s), d);
    case Fam::Q: return expr(SType::quat(s), d);
    case Fam::Qunit: return unit_quat(d);
    case Fam::T: return expr(SType::transform(s), d);
    case Fam::S: return expr(SType::spatial(s), d);
    }
    return expr(f, d);
}

Value Gen::unit_vec3(int depth) {
    const SType v3 = SType::vec(3, mod.fp);
    std::vector<Var*> units;
    for (auto& v : fn.vars)
        if (v.unit && v.type == v3) units.push_back(&v);
    const size_t form = mod.rng.weighted({units.empty() ? 0 : 5, 5, 2});
    if (form == 0) return use(*units[mod.rng.below(units.size())]);
    if (form == 1) {
        Value v = call("wp.normalize", {expr(v3, std::max(0, depth))}, v3);
        v.unit = true;
        return v;
    }
    const std::string_view axis = mod.rng.pick(kUnitAxes);
    mod.feats.add(Tag::literal_float);
    Value v;
    if (mod.fp == Scalar::F32) {
        v = call("wp.vec3", std::vector<Value>{}, v3);
        v.text = fmt::format("wp.vec3({})", axis);
    } else {
        // float64 components need typed literals.
        std::vector<Value> parts;
        for (int k = 0; k < 3; ++k) parts.push_back(float_const(mod.fp, axis.substr(size_t(k) * 5, 3)));
        v = call("wp.vec3d", parts, v3);
    }
    v.unit = true;
    return v;
}

Value Gen::unit_quat(int depth) {
    const SType q = SType::quat(mod.fp);
    std::vector<Var*> units;
    for (auto& v : fn.vars)
        if (v.unit && v.type == q) units.push_back(&v);
    const size_t form = mod.rng.weighted({units.empty() ? 0 : 5, 4, 3});
    Value out;
    if (form == 0) return use(*units[mod.rng.below(units.size())]);
    if (form == 1)
        out = call("wp.quat_from_axis_angle",
                   {unit_vec3(depth - 1), expr(SType::scalar_of(mod.fp), depth - 1)}, q);
    else
        out = call("wp.normalize", {expr(q, std::max(0, depth))}, q);
    out.unit = true;
    return out;
}

Value Gen::composite_expr(const SType& t, int depth) {
    if (nodes_left <= 0) depth = 0;
    if (depth <= 0) return leaf(t);
    const auto& p = mod.policy;
    const Scalar s = t.scalar;
    const SType f = SType::scalar_of(s);
    enum { Leaf, Arith, Neg, Fn, Select, CallH, Construct, Row, Load, Const, Rand };
    const bool float_vec = t.is_float_vec();
    const bool rng_ok = float_vec && s == Scalar::F32 && t.custom < 0 && (t.n == 2 || t.n == 3) &&
                        std::any_of(fn.vars.begin(), fn.vars.end(), [](const Var& v) { return v.is_rng; });
    std::vector<int> w = {
        p[Knob::EVar] + 10,
        p[Knob::EArith],
        t.kind == Kind::Transform || !t.has_float_components() ? 0 : p[Knob::ENeg],
        t.has_float_components() ? p[Knob::ECompositeFn] : 0,
        (p[Knob::ETernary] + p[Knob::EWhere]) / 2,
        pick_helper(t) ? p[Knob::ECallHelper] : 0,
        need_var ? p[Knob::ELiteral] / 4 : p[Knob::ELiteral],
        float_vec ? p[Knob::EComponent] / 2 : 0,
        p[Knob::EArrayLoad],
        need_var ? 0 : p[Knob::EConstant] / 2,
        rng_ok ? 20 : 0,
    };
    for (int attempt = 0; attempt < 4; ++attempt) {
        // A production that gives up restores the tags its operands added.
        const Features saved = mod.feats;
        const size_t pick = mod.rng.weighted(w);
        switch (pick) {
        case Leaf: return leaf(t);
        case Arith: {
            const int sub = depth - 1;
            need_var = true;
            if (t.kind == Kind::Transform) {
                Value out = binop(expr(t, sub), "*", expr(t, sub), t, kMul);
                return out;
            }
            if (!t.has_float_components()) { // integer vectors: + and -
                Value a = expr(t, sub);
                const Features saved = mod.feats;
                Value b = expr(t, sub);
                const bool minus = mod.rng.chance(400);
                Value out = binop(a, minus ? "-" : "+", b, t, kAdd);
                out.range = minus ? range_sub(a.range, b.range) : range_add(a.range, b.range);
                if (!range_fits(out.range, kIntLimit)) {
                    mod.feats = saved;
                    return a;
                }
                return out;
            }
            // Matrix-vector products for vectors.
            std::vector<SType> mats;
            if (t.kind == Kind::Vec)
                for (const auto& [pt, wt] : mod.palette)
                    if (wt > 0 && pt.kind == Kind::Mat && pt.scalar == s && pt.n == t.n && t.custom < 0)
                        mats.push_back(pt);
            const bool product =
                (t.kind == Kind::Mat && t.is_square_mat() && t.custom < 0) || t.kind == Kind::Quat;
            const size_t op = mod.rng.weighted(
                {5, 4, 4, t.kind == Kind::Quat ? 0 : 2, product ? 4 : 0, mats.empty() ? 0 : 5});
            if (op == 0 || op == 1) {
                if (t.kind == Kind::Quat && op == 1) break;
                Value a = expr(t, sub), b = expr(t, sub);
                if (b.text == a.text) b = expr(t, sub + 1); // not `v - v`
                return binop(a, op == 0 ? "+" : "-", b, t, kAdd);
            }
            if (op == 2) { // scalar * value or value * scalar
                Value k = expr(f, sub), v = expr(t, sub);
                return mod.rng.chance(600) ? binop(k, "*", v, t, kMul) : binop(v, "*", k, t, kMul);
            }
            if (op == 3) return binop(expr(t, sub), "/", positive(f, sub), t, kMul);
            if (op == 4) { // matrix product / quaternion product
                const bool at = t.kind == Kind::Mat && mod.rng.chance(mod.policy[Knob::PMatmulAt]);
                return binop(expr(t, sub), at ? "@" : "*", expr(t, sub), t, kMul);
            }
            const SType m = mats[mod.rng.below(mats.size())];
            const bool at = m.custom < 0 && mod.rng.chance(mod.policy[Knob::PMatmulAt]);
            Value mv = expr(m, sub);
            Value v = expr(SType::vec(m.m, s), sub);
            return binop(mv, at ? "@" : "*", v, t, kMul);
        }
        case Neg: {
            need_var = true;
            Value a = expr(t, depth - 1);
            mod.feats.add(Tag::op_neg);
            Value out = a;
            out.text = "-" + wrap(a, a.prec == kUnary ? kAtom : kUnary);
            out.prec = kUnary;
            out.unit = a.unit;
            return out;
        }
        case Fn:
            if (auto v = table_call(Knob::ECompositeFn, t, depth)) return *v;
            break;
        case Select: return select(t, depth);
        case CallH:
            if (const Helper* h = pick_helper(t)) return call_helper(*h, depth - 1);
            break;
        case Construct: return construct(t, depth);
        case Row:
            if (auto v = component_read(t)) return *v;
            break;
        case Load:
            if (pick_array(t, false)) return array_load_of(t, depth - 1);
            break;
        case Const:
            if (auto v = constant_leaf(t)) return *v;
            break;
        case Rand: {
            Var* st = nullptr;
            for (auto& v : fn.vars)
                if (v.is_rng) st = &v;
            static constexpr std::string_view k3[] = {"wp.sample_unit_sphere"};
            static constexpr std::string_view k2[] = {"wp.sample_unit_disk", "wp.sample_unit_square"};
            Value out = call(t.n == 3 ? mod.rng.pick(k3) : mod.rng.pick(k2), {use(*st)}, t);
            out.unit = t.n == 3;
            return out;
        }
        default: break;
        }
        mod.feats = saved;
        w[pick] = 0;
    }
    return leaf(t);
}

Value Gen::reduce_to_scalar(const Value& v, Scalar s) {
    const SType f = SType::scalar_of(s);
    const SType& t = v.type;
    Value out;
    switch (t.kind) {
    case Kind::Scalar:
        if (t.is_bool()) return call("wp.where", {v, float_const(s, "1.0"), float_const(s, "0.0")}, f);
        return t == f ? v : cast(v, f);
    case Kind::Vec: {
        if (!t.is_float_vec()) {
            mod.feats.add(Tag::vec_index_read);
            mod.feats.add(Tag::literal_int);
            Value c = v;
            c.text = wrap(v, kAtom) + "[0]";
            c.type = t.component();
            c.prec = kAtom;
            return cast(c, f);
        }
        const size_t form = mod.rng.weighted({4, 2, 2});
        if (form == 0)
            out = call("wp.length", {v}, t.component());
        else if (form == 1)
            out = call("wp.dot", {v, v}, t.component());
        else {
            mod.feats.add(Tag::vec_index_read);
            mod.feats.add(Tag::literal_int);
            out = v;
            out.text = wrap(v, kAtom) + fmt::format("[{}]", mod.rng.range(0, t.n - 1));
            out.type = t.component();
            out.prec = kAtom;
        }
        break;
    }
    case Kind::Mat:
        if (t.is_square_mat() && t.custom < 0 && mod.rng.chance(700)) {
            out = call(mod.rng.chance(600) ? "wp.trace" : "wp.determinant", {v}, t.component());
        } else {
            mod.feats.add(Tag::mat_elem_read);
            mod.feats.add(Tag::literal_int);
            out = v;
            out.text = wrap(v, kAtom) + "[0, 0]";
            out.type = t.component();
            out.prec = kAtom;
        }
        break;
    case Kind::Quat:
        mod.feats.add(Tag::quat_index_read);
        mod.feats.add(Tag::literal_int);
        out = v;
        out.text = wrap(v, kAtom) + fmt::format("[{}]", mod.rng.range(0, 3));
        out.type = t.component();
        out.prec = kAtom;
        break;
    case Kind::Transform:
        out = call("wp.length", {call("wp.transform_get_translation", {v}, SType::vec(3, t.scalar))},
                   t.component());
        break;
    case Kind::Spatial:
        if (mod.rng.chance(500))
            out = call("wp.length", {v}, t.component());
        else
            out = call("wp.spatial_dot", {v, v}, t.component());
        break;
    case Kind::Struct: {
        const auto& def = mod.structs[static_cast<size_t>(t.custom)];
        for (const auto& [name, ft] : def.fields)
            if (ft.is_float() || ft.is_float_vec()) {
                mod.feats.add(Tag::struct_field_read);
                Value fv = v;
                fv.text = wrap(v, kAtom) + "." + name;
                fv.type = ft;
                fv.prec = kAtom;
                return reduce_to_scalar(fv, s);
            }
        return float_const(s, "0.0");
    }
    }
    if (out.type.scalar != s) out = cast(out, f);
    return out;
}

} // namespace ws::synth
