// Scalar expressions: floats (any precision), integers with value ranges,
// uint32 bit twiddling, conditions, and the guarded forms (positive values,
// integers inside a range) that keep generated code free of NaN sources,
// division by zero and out-of-bounds indices.
#include "synth/gen.h"

#include <algorithm>
#include <fmt/format.h>

namespace ws::synth {

namespace {

constexpr std::string_view kSmallPositive[] = {"1.0e-6", "1.0e-3", "0.1", "1.0", "1.0e-4", "0.01", "0.5"};
constexpr std::string_view kExponents[] = {"2.0", "3.0", "0.5", "1.5", "2.0", "-1.0", "-0.5", "4.0"};
// (lo, hi) literal pairs with lo < hi, for clamp/smoothstep edges and chained comparisons.
constexpr std::pair<std::string_view, std::string_view> kEdges[] = {
    {"0.0", "1.0"}, {"-1.0", "1.0"}, {"0.0", "10.0"},  {"-0.5", "0.5"},     {"0.1", "0.9"},
    {"0.0", "0.5"}, {"-2.0", "2.0"}, {"0.25", "0.75"}, {"1.0e-3", "1.0e3"}, {"-100.0", "100.0"}};
constexpr std::string_view kSmallLimits[] = {"4.0", "8.0", "10.0", "20.0", "1.0"};

Var* pick_var(Rng& rng, std::vector<Var>& vars, bool (*pred)(const Var&)) {
    std::vector<Var*> c;
    for (auto& v : vars)
        if (pred(v)) c.push_back(&v);
    if (c.empty()) return nullptr;
    return c[rng.below(c.size())];
}

} // namespace

Value Gen::expr(const SType& t, int depth) {
    if (t.kind == Kind::Struct) return leaf(t);
    if (t.is_bool()) return cond(depth);
    if (t.is_scalar() && t.scalar == Scalar::U32) return uint_expr(depth);
    if (t.is_int()) return int_expr(t, depth);
    if (t.is_scalar() && t.scalar == Scalar::F16)
        return cast(float_expr(SType::scalar_of(Scalar::F32), depth), t);
    if (t.is_float()) return float_expr(t, depth);
    return composite_expr(t, depth);
}

// ---------------------------------------------------------------- floats

Value Gen::float_expr(const SType& t, int depth) {
    if (nodes_left <= 0) depth = 0;
    if (depth <= 0) return leaf(t);
    const Scalar s = t.scalar;
    const auto& p = mod.policy;
    Var* rng_var = pick_var(mod.rng, fn.vars, [](const Var& v) { return v.is_rng; });
    enum { Leaf, Lit, Arith, Neg, Math, Comp, Select, Cast, CallH, Component, Load, Const, Rand, Special };
    std::vector<int> w = {
        p[Knob::EVar],
        need_var ? 0 : p[Knob::ELiteral] / 2,
        p[Knob::EArith],
        p[Knob::ENeg],
        p[Knob::EMathFn],
        p[Knob::ECompositeFn],
        p[Knob::ETernary] + p[Knob::EWhere],
        p[Knob::ECast],
        pick_helper(t) ? p[Knob::ECallHelper] : 0,
        p[Knob::EComponent],
        p[Knob::EArrayLoad],
        need_var ? 0 : p[Knob::EConstant] / 2,
        rng_var ? 25 : 0,
        p[Knob::EMathFn] / 3,
    };
    for (int attempt = 0; attempt < 4; ++attempt) {
        // A production that gives up restores the tags its operands added.
        const Features saved = mod.feats;
        const size_t pick = mod.rng.weighted(w);
        switch (pick) {
        case Leaf: return leaf(t);
        case Lit: return float_lit(s);
        case Arith: {
            const size_t op = mod.rng.weighted({5, 4, 5, 2, 1});
            need_var = true;
            if (op == 4) { // power: positive base, or an even exponent
                const bool square = mod.rng.chance(400);
                Value base = square ? float_expr(t, depth - 1) : positive(t, depth - 1);
                Value e = square ? float_const(s, "2.0") : float_const(s, mod.rng.pick(kExponents));
                Value out = binop(base, "**", e, t, kPow);
                out.positive = base.positive;
                return out;
            }
            Value a = float_expr(t, depth - 1);
            if (op == 3) { // division by a positive value
                Value b = positive(t, depth - 1);
                Value out = binop(a, "/", b, t, kMul);
                out.positive = a.positive;
                return out;
            }
            static constexpr std::string_view kArith[] = {"+", "-", "*"};
            // Two literals in one operation are not what people write: the
            // second operand is then a variable or an expression.
            Value b = a.literal ? nonliteral(t) : float_expr(t, depth - 1);
            if (b.text == a.text) b = float_expr(t, depth - 1); // not `x - x`
            Value out = binop(a, kArith[op], b, t, op == 2 ? kMul : kAdd);
            out.positive = op != 1 && a.positive && b.positive;
            return out;
        }
        case Neg: {
            need_var = true;
            Value a = float_expr(t, depth - 1);
            if (a.literal) return a;
            mod.feats.add(Tag::op_neg);
            Value out = a;
            out.text = "-" + wrap(a, a.prec == kUnary ? kAtom : kUnary);
            out.prec = kUnary;
            out.positive = false;
            return out;
        }
        case Math:
            if (auto v = table_call(Knob::EMathFn, t, depth)) return *v;
            break;
        case Comp:
            if (auto v = table_call(Knob::ECompositeFn, t, depth)) return *v;
            break;
        case Select: return select(t, depth);
        case Cast: {
            const bool from_int = mod.rng.chance(700);
            if (from_int) return cast(int_expr(SType::scalar_of(Scalar::I32), depth - 1), t);
            const SType other = SType::scalar_of(s == Scalar::F64 ? Scalar::F32 : Scalar::F64);
            if (!type_enabled(other) && s == Scalar::F32) break;
            Value inner = float_expr(other, depth - 1);
            Value out = cast(inner, t);
            out.positive = inner.positive;
            return out;
        }
        case CallH:
            if (const Helper* h = pick_helper(t)) return call_helper(*h, depth - 1);
            break;
        case Component:
            if (auto v = component_read(t)) return *v;
            break;
        case Load:
            if (pick_array(t, false)) return array_load_of(t, depth - 1);
            break;
        case Const:
            if (auto v = constant_leaf(t)) return *v;
            break;
        case Rand: {
            Value st = use(*rng_var);
            const size_t form = mod.rng.weighted({5, 3, 3});
            Value r;
            if (form == 0) {
                r = call("wp.randf", {st}, SType::scalar_of(Scalar::F32));
            } else if (form == 1) {
                const auto& e = mod.rng.pick(kEdges);
                r = call("wp.randf",
                         {st, float_const(Scalar::F32, e.first), float_const(Scalar::F32, e.second)},
                         SType::scalar_of(Scalar::F32));
            } else {
                r = call("wp.randn", {st}, SType::scalar_of(Scalar::F32));
            }
            return s == Scalar::F32 ? r : cast(r, t);
        }
        case Special: {
            // Builtins with literal edges, and Python's abs/min/max.
            const size_t form = mod.rng.weighted({4, 2, mod.policy[Knob::PPyMinMax] > 0 ? 2 : 0});
            need_var = true;
            Value x = float_expr(t, depth - 1);
            const auto& e = mod.rng.pick(kEdges);
            if (form == 0) return call("wp.clamp", {x, float_const(s, e.first), float_const(s, e.second)}, t);
            if (form == 1)
                return call("wp.smoothstep", {float_const(s, e.first), float_const(s, e.second), x}, t);
            if (mod.rng.chance(400)) {
                Value out = call("abs", {x}, t);
                return out;
            }
            Value y = x.literal ? nonliteral(t) : float_expr(t, depth - 1);
            if (y.text == x.text) y = float_expr(t, depth - 1);
            return call(mod.rng.chance(500) ? "min" : "max", {x, y}, t);
        }
        default: break;
        }
        mod.feats = saved;
        w[pick] = 0;
    }
    return leaf(t);
}

Value Gen::positive(const SType& t, int depth) {
    const Scalar s = t.scalar;
    need_var = true;
    std::vector<Var*> pos;
    for (auto& v : fn.vars)
        if (v.positive && v.type == t) pos.push_back(&v);
    const size_t form =
        mod.rng.weighted({pos.empty() ? 0 : 8, need_var ? 0 : 4, 4, 3, 2, 2, 2, depth > 0 ? 2 : 0});
    Value out;
    auto eps = [&]() { return float_const(s, mod.rng.pick(kSmallPositive)); };
    switch (form) {
    case 0: out = use(*pos[mod.rng.below(pos.size())]); break;
    case 1: {
        out = float_lit(s, false);
        if (out.text == "0.0") out = float_const(s, "1.0");
        break;
    }
    case 2: {
        Value a = call("wp.abs", {float_expr(t, std::max(0, depth - 1))}, t);
        out = binop(a, "+", eps(), t, kAdd);
        break;
    }
    case 3: { // x * x + eps
        Value a = nonliteral(t);
        Value sq = binop(a, "*", a, t, kMul);
        out = binop(sq, "+", eps(), t, kAdd);
        break;
    }
    case 4: out = call("wp.max", {float_expr(t, std::max(0, depth - 1)), eps()}, t); break;
    case 5: {
        Value x = float_expr(t, std::max(0, depth - 1));
        Value lim = float_const(s, mod.rng.pick(kSmallLimits));
        out = call("wp.exp", {call("wp.min", {x, lim}, t)}, t);
        break;
    }
    case 6: {
        Value one = float_const(s, "1.0");
        out = binop(one, "+", call("wp.abs", {float_expr(t, std::max(0, depth - 1))}, t), t, kAdd);
        break;
    }
    default: {
        std::vector<SType> vecs;
        for (const auto& [pt, w] : mod.palette)
            if (pt.is_float_vec() && pt.scalar == s && w > 0) vecs.push_back(pt);
        if (vecs.empty()) {
            out = binop(call("wp.abs", {float_expr(t, depth - 1)}, t), "+", eps(), t, kAdd);
        } else {
            Value v = expr(vecs[mod.rng.below(vecs.size())], depth - 1);
            out = binop(call("wp.length", {v}, t), "+", eps(), t, kAdd);
        }
        break;
    }
    }
    out.positive = true;
    return out;
}

Value Gen::select(const SType& t, int depth) {
    const int wt = std::max(mod.policy[Knob::ETernary], 1), ww = std::max(mod.policy[Knob::EWhere], 1);
    need_var = true;
    Value c = cond(std::max(0, depth - 1));
    Value a = expr(t, std::max(0, depth - 1));
    need_var = true;
    Value b = expr(t, std::max(0, depth - 1));
    if (b.text == a.text) b = expr(t, std::max(1, depth - 1));
    Value out;
    if (mod.rng.weighted({wt, ww}) == 0) {
        mod.feats.add(Tag::ternary);
        out.text = wrap(a, kTernary + 1) + " if " + wrap(c, kTernary + 1) + " else " + wrap(b, kTernary);
        out.prec = kTernary;
        out.type = t;
        mod.feats.type(t);
    } else {
        out = call("wp.where", {c, a, b}, t);
    }
    out.range = range_union(a.range, b.range);
    out.positive = a.positive && b.positive;
    out.unit = a.unit && b.unit;
    return out;
}

// ---------------------------------------------------------------- integers

Value Gen::int_expr(const SType& t, int depth) {
    if (t.scalar == Scalar::I64) {
        // int64 appears as keys and large accumulators: widen int32 values.
        const size_t form = depth <= 0 ? 0 : mod.rng.weighted({3, 4, 3});
        if (form == 0) {
            bool have = false;
            for (const auto& v : fn.vars) have = have || v.type == t;
            if (have || pick_array(t, false)) return leaf(t);
        }
        if (form == 2) {
            const Features saved = mod.feats;
            need_var = true;
            Value a = int_expr(t, depth - 1);
            Value b =
                mod.rng.chance(500) ? int_lit(mod.rng.range(2, 1000), Scalar::I64) : int_expr(t, depth - 1);
            const bool mul = mod.rng.chance(400);
            IntRange r = mul ? range_mul(a.range, b.range) : range_add(a.range, b.range);
            if (range_fits(r, kInt64Limit)) {
                Value out = binop(a, mul ? "*" : "+", b, t, mul ? kMul : kAdd);
                out.range = r;
                return out;
            }
            mod.feats = saved;
        }
        Value inner = int_expr(SType::scalar_of(Scalar::I32), std::max(0, depth - 1));
        return cast(inner, t);
    }
    if (nodes_left <= 0) depth = 0;
    if (depth <= 0) return leaf(t);
    const auto& p = mod.policy;
    Var* rng_var = pick_var(mod.rng, fn.vars, [](const Var& v) { return v.is_rng; });
    enum {
        Leaf,
        Lit,
        AddSub,
        Mul,
        Div,
        Mod,
        Bits,
        Fn,
        FromFloat,
        Select,
        CallH,
        Component,
        Load,
        Const,
        Rand
    };
    std::vector<int> w = {
        p[Knob::EVar] + 10,
        need_var ? 0 : p[Knob::ELiteral] / 2,
        p[Knob::EArith],
        p[Knob::EArith] / 2,
        p[Knob::EArith] / 3,
        p[Knob::EArith] / 3,
        p[Knob::EArith] / 5,
        p[Knob::EMathFn] / 2 + 2,
        p[Knob::ECast] / 2,
        (p[Knob::ETernary] + p[Knob::EWhere]) / 2,
        pick_helper(t) ? p[Knob::ECallHelper] / 2 : 0,
        p[Knob::EComponent] / 2,
        no_loads ? 0 : p[Knob::EArrayLoad] / 2,
        need_var ? 0 : p[Knob::EConstant] / 2,
        rng_var ? 15 : 0,
    };
    // With no integer to start from, integers come from floats (clamped casts),
    // helpers or the RNG rather than from arithmetic on literals.
    bool int_src = has_array_of(t);
    bool float_src = false;
    for (const auto& v : fn.vars) {
        int_src =
            int_src || (v.type == t && !v.is_rng) || (v.type.kind == Kind::Vec && v.type.scalar == t.scalar);
        float_src = float_src || v.type == float_type();
    }
    if (need_var && !int_src) {
        for (int k : {Leaf, AddSub, Mul, Div, Mod, Bits, Fn, Select, Component}) w[size_t(k)] = 0;
        if (float_src)
            w[FromFloat] += 20;
        else
            w[Lit] = 10;
    }
    for (int attempt = 0; attempt < 4; ++attempt) {
        // A production that gives up restores the tags its operands added.
        const Features saved = mod.feats;
        const size_t pick = mod.rng.weighted(w);
        if (pick >= w.size()) break;
        switch (pick) {
        case Leaf: return leaf(t);
        case Lit: return int_lit(mod.rng.range(0, 16));
        case AddSub: {
            need_var = true;
            Value a = int_expr(t, depth - 1);
            Value b = a.literal
                          ? nonliteral(t)
                          : (mod.rng.chance(500) ? int_lit(mod.rng.range(1, 8)) : int_expr(t, depth - 1));
            if (b.text == a.text) b = int_lit(mod.rng.range(1, 8));
            const bool minus = mod.rng.chance(400);
            IntRange r = minus ? range_sub(a.range, b.range) : range_add(a.range, b.range);
            if (!range_fits(r, kIntLimit)) break;
            Value out = binop(a, minus ? "-" : "+", b, t, kAdd);
            out.range = r;
            return out;
        }
        case Mul: {
            need_var = true;
            Value a = int_expr(t, depth - 1);
            Value b = mod.rng.chance(600) ? int_lit(mod.rng.range(2, 16)) : int_expr(t, depth - 1);
            IntRange r = range_mul(a.range, b.range);
            if (!range_fits(r, kIntLimit)) break;
            Value out = binop(a, "*", b, t, kMul);
            out.range = r;
            return out;
        }
        case Div:
        case Mod: {
            need_var = true;
            Value a = int_expr(t, depth - 1);
            if (!range_fits(a.range, kIntLimit)) break;
            // The divisor is a positive literal or forced to >= 1.
            Value d;
            if (mod.rng.chance(650)) {
                d = int_lit(mod.rng.range(2, 16));
            } else {
                need_var = true;
                Value e = int_expr(t, depth - 1);
                if (e.range.lo >= 1) {
                    d = e;
                } else if (e.literal) { // `wp.max(0, 1)` is not worth writing
                    d = int_lit(mod.rng.range(2, 16));
                } else {
                    d = call("wp.max", {e, int_lit(1)}, t);
                    d.range = IntRange::of(1, std::max<int64_t>(e.range.hi, 1));
                }
            }
            const int64_t m = a.range.magnitude();
            Value out = binop(a, pick == Div ? "//" : "%", d, t, kMul);
            if (pick == Div)
                out.range = a.range.lo >= 0 ? IntRange::of(0, a.range.hi) : IntRange::of(-m, m);
            else
                out.range = a.range.lo >= 0 ? IntRange::of(0, std::min(d.range.hi - 1, a.range.hi))
                                            : IntRange::of(-(d.range.hi - 1), d.range.hi - 1);
            return out;
        }
        case Bits: {
            need_var = true;
            Value a = int_expr(t, depth - 1);
            if (a.range.lo < 0 || !range_fits(a.range, kIntLimit)) break;
            const size_t form = mod.rng.weighted({3, 2, 1, 1});
            if (form == 3) { // ~a == -a - 1
                mod.feats.add(Tag::op_invert);
                Value out;
                out.text = "~" + wrap(a, kUnary);
                out.type = t;
                out.prec = kUnary;
                out.range = IntRange::of(-a.range.hi - 1, -a.range.lo - 1);
                mod.feats.type(t);
                return out;
            }
            if (form == 0) {
                const int64_t mask = (int64_t{1} << mod.rng.range(1, 6)) - 1;
                Value out = binop(a, "&", int_lit(mask), t, kBitAnd);
                out.range = IntRange::of(0, std::min(mask, a.range.hi));
                return out;
            }
            const int sh = mod.rng.range(1, 3);
            if (form == 1) {
                Value out = binop(a, ">>", int_lit(sh), t, kShift);
                out.range = IntRange::of(0, a.range.hi >> sh);
                return out;
            }
            IntRange r = range_mul(a.range, IntRange::of(int64_t{1} << sh, int64_t{1} << sh));
            if (!range_fits(r, kIntLimit)) break;
            Value out = binop(a, "<<", int_lit(sh), t, kShift);
            out.range = r;
            return out;
        }
        case Fn: {
            const bool py = mod.rng.chance(mod.policy[Knob::PPyMinMax]);
            const size_t form = mod.rng.weighted({2, 3, 3, 3});
            need_var = true;
            Value a = int_expr(t, depth - 1);
            if (form == 0) {
                Value out = call(py ? "abs" : "wp.abs", {a}, t);
                out.range = IntRange::of(0, a.range.magnitude());
                return out;
            }
            if (form == 3) {
                const int64_t lo = mod.rng.range(-2, 2), hi = lo + mod.rng.range(1, 32);
                Value out = call("wp.clamp", {a, int_lit(lo), int_lit(hi)}, t);
                out.range = IntRange::of(lo, hi);
                return out;
            }
            Value b = a.literal
                          ? nonliteral(t)
                          : (mod.rng.chance(500) ? int_lit(mod.rng.range(0, 16)) : int_expr(t, depth - 1));
            const bool is_min = form == 1;
            Value out = call(py ? (is_min ? "min" : "max") : (is_min ? "wp.min" : "wp.max"), {a, b}, t);
            out.range =
                is_min ? IntRange::of(std::min(a.range.lo, b.range.lo), std::min(a.range.hi, b.range.hi))
                       : IntRange::of(std::max(a.range.lo, b.range.lo), std::max(a.range.hi, b.range.hi));
            return out;
        }
        case FromFloat: {
            // float -> int is only defined for values in range: clamp the float first.
            Value f = float_expr(float_type(), depth - 1);
            const int64_t hi = mod.rng.range(4, 256);
            static constexpr std::string_view kRound[] = {"", "wp.floor", "wp.round", "wp.ceil"};
            std::string_view round = mod.rng.pick(kRound);
            if (!round.empty()) f = call(round, {f}, float_type());
            Value clamped = call(
                "wp.clamp", {f, float_const(mod.fp, "0.0"), float_const(mod.fp, fmt::format("{}.0", hi))},
                float_type());
            Value out = cast(clamped, t);
            out.range = IntRange::of(0, hi);
            return out;
        }
        case Select: return select(t, depth);
        case CallH:
            if (const Helper* h = pick_helper(t)) return call_helper(*h, depth - 1);
            break;
        case Component:
            if (auto v = component_read(t)) return *v;
            break;
        case Load:
            if (pick_array(t, false)) return array_load_of(t, depth - 1);
            break;
        case Const:
            if (auto v = constant_leaf(t)) return *v;
            break;
        case Rand: {
            Value st = use(*rng_var);
            const int64_t lo = mod.rng.range(0, 4), hi = lo + mod.rng.range(2, 64);
            Value out = call("wp.randi", {st, int_lit(lo), int_lit(hi)}, t);
            out.range = IntRange::of(lo, hi - 1);
            return out;
        }
        default: break;
        }
        mod.feats = saved;
        w[pick] = 0;
    }
    return leaf(t);
}

Value Gen::int_in(int64_t lo, int64_t hi, int depth) {
    std::vector<Var*> fitting;
    for (auto& v : fn.vars)
        if (v.type.scalar == Scalar::I32 && v.type.is_scalar() && v.range.within(lo, hi) && !v.is_rng)
            fitting.push_back(&v);
    const size_t form = mod.rng.weighted({fitting.empty() ? 0 : 6, 2, 4});
    if (form == 0) return use(*fitting[mod.rng.below(fitting.size())]);
    if (form == 1) return int_lit(mod.rng.range64(lo, hi));
    Value e = int_expr(SType::scalar_of(Scalar::I32), depth);
    if (e.range.within(lo, hi)) return e;
    Value out;
    if (lo == 0 && e.range.lo >= 0 && mod.rng.chance(mod.policy[Knob::PIndexWrap])) {
        mod.feats.add(Tag::index_wrap);
        out = binop(e, "%", int_lit(hi + 1), e.type, kMul);
    } else {
        mod.feats.add(Tag::index_clamp);
        out = call("wp.clamp", {e, int_lit(lo), int_lit(hi)}, e.type);
    }
    out.range = IntRange::of(lo, hi);
    return out;
}

// ---------------------------------------------------------------- uint32

Value Gen::uint_expr(int depth) {
    const SType u = SType::scalar_of(Scalar::U32);
    if (nodes_left <= 0) depth = 0;
    if (depth <= 0) {
        bool have = false;
        for (const auto& v : fn.vars) have = have || (v.type == u && !v.is_rng);
        if (have || pick_array(u, false)) return leaf(u);
        return cast(int_expr(SType::scalar_of(Scalar::I32), 0), u);
    }
    const size_t form = mod.rng.weighted({3, 3, 4, 2, 1});
    switch (form) {
    case 0: return cast(int_expr(SType::scalar_of(Scalar::I32), depth - 1), u);
    case 1: {
        static constexpr std::string_view kOps[] = {"*", "+", "^"};
        const std::string_view op = mod.rng.pick(kOps);
        Value a = uint_expr(depth - 1);
        Value b = mod.rng.chance(500) ? literal(u) : uint_expr(depth - 1);
        return binop(a, op, b, u, op == "^" ? kBitXor : (op == "+" ? kAdd : kMul));
    }
    case 2: {
        Value a = uint_expr(depth - 1);
        Value s = int_lit(mod.rng.range(1, 31), Scalar::U32);
        const bool right = mod.rng.chance(650);
        return binop(a, right ? ">>" : "<<", s, u, kShift);
    }
    case 3: {
        Value a = uint_expr(depth - 1);
        const bool is_and = mod.rng.chance(600);
        Value b = literal(u);
        return binop(a, is_and ? "&" : "|", b, u, is_and ? kBitAnd : kBitOr);
    }
    default: {
        mod.feats.add(Tag::op_invert);
        Value a = uint_expr(depth - 1);
        Value out;
        out.text = "~" + wrap(a, kUnary);
        out.type = u;
        out.prec = kUnary;
        return out;
    }
    }
}

// ---------------------------------------------------------------- conditions

Value Gen::cond(int depth) {
    const SType b = SType::scalar_of(Scalar::Bool);
    const SType f = float_type();
    const SType i32 = SType::scalar_of(Scalar::I32);
    if (nodes_left <= 0) depth = 0;
    const int sub = std::max(0, depth - 1);
    need_var = true;
    bool have_bool = false;
    for (const auto& v : fn.vars) have_bool = have_bool || v.type == b;
    const auto& p = mod.policy;
    // Compare what exists: floats when a float (or float composite) is around.
    bool float_src = has_array_of(f), int_src = has_array_of(i32);
    for (const auto& v : fn.vars) {
        float_src = float_src || (v.type.scalar == mod.fp && (v.type.is_scalar() || v.type.is_composite()));
        int_src = int_src || (v.type == i32 && !v.is_rng);
    }
    if (!float_src && !int_src) float_src = true; // nothing to compare: literals it is
    const size_t form =
        mod.rng.weighted({float_src ? 10 : 0, int_src ? 6 : 0, p[Knob::PChained] / 20, float_src ? 1 : 0,
                          depth > 0 ? p[Knob::PAnd] / 25 : 0, depth > 0 ? p[Knob::POr] / 25 : 0,
                          depth > 0 ? p[Knob::PNot] / 25 : 0, have_bool ? 4 : 0,
                          has_array_of(SType::scalar_of(Scalar::U8)) ? 4 : 0});
    static constexpr std::string_view kOrder[] = {"<", "<=", ">", ">="};
    switch (form) {
    case 0: { // float comparison
        Value a = float_expr(f, sub);
        Value c = a.literal ? nonliteral(f) : (mod.rng.chance(550) ? float_lit(mod.fp) : float_expr(f, sub));
        if (c.text == a.text) c = float_lit(mod.fp);
        std::string_view op = mod.rng.chance(60) ? (mod.rng.chance(500) ? "==" : "!=") : mod.rng.pick(kOrder);
        return binop(a, op, c, b, kCompare);
    }
    case 1: { // integer comparison
        Value a = int_expr(i32, sub);
        Value c = a.literal ? nonliteral(i32)
                            : (mod.rng.chance(500) ? int_lit(mod.rng.range(0, 8)) : int_expr(i32, sub));
        if (c.text == a.text) c = int_lit(mod.rng.range(0, 8));
        std::string_view op =
            mod.rng.chance(300) ? (mod.rng.chance(600) ? "==" : "!=") : mod.rng.pick(kOrder);
        return binop(a, op, c, b, kCompare);
    }
    case 2: { // chained: lo < x < hi
        mod.feats.add(Tag::compare_chained);
        mod.feats.add(Tag::compare);
        Value out;
        out.type = b;
        out.prec = kCompare;
        if (float_src && (!int_src || mod.rng.chance(500))) {
            Value x = float_expr(f, sub);
            static constexpr std::pair<std::string_view, std::string_view> kBand[] = {
                {"0.0", "1.0"}, {"-1.0", "1.0"}, {"0.1", "0.9"}, {"-0.5", "0.5"}};
            const auto& e = mod.rng.pick(kBand);
            Value lo = float_const(mod.fp, e.first), hi = float_const(mod.fp, e.second);
            out.text = fmt::format("{} {} {} {} {}", wrap(lo, kCompare + 1),
                                   mod.rng.chance(500) ? "<" : "<=", wrap(x, kCompare + 1),
                                   mod.rng.chance(500) ? "<" : "<=", wrap(hi, kCompare + 1));
        } else {
            Value x = int_expr(i32, sub);
            Value lo = int_lit(0);
            Value hi = mod.rng.chance(500) && !fn.arrays.empty()
                           ? shape_of(fn.arrays[mod.rng.below(fn.arrays.size())], 0)
                           : int_lit(mod.rng.range(2, 32));
            out.text = fmt::format("{} <= {} < {}", wrap(lo, kCompare + 1), wrap(x, kCompare + 1),
                                   wrap(hi, kCompare + 1));
        }
        mod.feats.type(b);
        return out;
    }
    case 8: { // a byte mask: `mask[i] != wp.uint8(0)`
        const SType u8 = SType::scalar_of(Scalar::U8);
        Value m = array_load_of(u8, 0);
        need_var = false;
        return binop(m, mod.rng.chance(700) ? "!=" : "==", int_lit(mod.rng.chance(800) ? 0 : 1, Scalar::U8),
                     b, kCompare);
    }
    case 3: { // classification
        static constexpr std::string_view kFns[] = {"wp.isnan", "wp.isinf", "wp.isfinite"};
        return call(mod.rng.pick(kFns), {float_expr(f, sub)}, b);
    }
    case 4: return binop(cond(sub), "and", cond(sub), b, kAnd);
    case 5: return binop(cond(sub), "or", cond(sub), b, kOr);
    case 6: {
        Value c = cond(sub);
        if (c.text.starts_with("not ")) return c; // no `not not x`
        mod.feats.add(Tag::bool_not);
        Value out;
        out.text = "not " + wrap(c, kNot);
        out.type = b;
        out.prec = kNot;
        return out;
    }
    default: return leaf(b);
    }
}

// ---------------------------------------------------------------- conversions

Value Gen::to_float(const Value& v) {
    const SType f = float_type();
    if (v.type == f) return v;
    if (v.type.is_bool())
        return call("wp.where", {v, float_const(mod.fp, "1.0"), float_const(mod.fp, "0.0")}, f);
    if (v.type.is_scalar()) return cast(v, f);
    return reduce_to_scalar(v, mod.fp);
}

} // namespace ws::synth
