// Typed expression generation. Every expression is produced for a known
// type, so Warp's strict typing (no literal promotion, same-type operands)
// holds by construction; integer expressions carry a value range so indices
// stay in bounds and products cannot overflow.
#include "synth/fn_table.h"
#include "synth/gen.h"

#include <algorithm>
#include <array>
#include <fmt/format.h>

namespace ws::synth {

namespace {

constexpr std::string_view kPyBuiltins[] = {"float", "int", "min", "max", "abs", "len", "range", "bool"};

bool is_tagged_call(std::string_view fn) {
    if (fn.starts_with("wp.")) return true;
    return std::find(std::begin(kPyBuiltins), std::end(kPyBuiltins), fn) != std::end(kPyBuiltins);
}

struct OpInfo {
    std::string_view op;
    Tag tag;
};
constexpr OpInfo kOps[] = {
    {"+", Tag::op_add},     {"-", Tag::op_sub},       {"*", Tag::op_mul},      {"@", Tag::op_matmul},
    {"/", Tag::op_div},     {"//", Tag::op_floordiv}, {"%", Tag::op_mod},      {"**", Tag::op_pow},
    {"&", Tag::op_bitwise}, {"|", Tag::op_bitwise},   {"^", Tag::op_bitwise},  {"<<", Tag::op_shift},
    {">>", Tag::op_shift},  {"<", Tag::compare},      {"<=", Tag::compare},    {">", Tag::compare},
    {">=", Tag::compare},   {"==", Tag::compare_eq},  {"!=", Tag::compare_eq}, {"and", Tag::bool_and},
    {"or", Tag::bool_or},
};

// Hand-picked float literals that real kernels use, as text (never formatted
// from a double, so the output is the same on every platform).
constexpr std::string_view kNiceFloats[] = {"0.5",   "1.0",    "2.0",    "0.25",   "0.1",     "0.01",
                                            "1.5",   "3.0",    "0.75",   "4.0",    "10.0",    "0.2",
                                            "0.001", "1.0e-3", "1.0e-6", "9.81",   "3.14159", "6.2831853",
                                            "0.9",   "0.99",   "100.0",  "1.0e-4", "0.05",    "0.3333"};

} // namespace

// ---------------------------------------------------------------- text helpers

std::string Gen::wrap(const Value& v, int min_prec) const {
    if (v.prec >= min_prec) return v.text;
    return "(" + v.text + ")";
}

Value Gen::paren(const Value& v) const {
    Value out = v;
    out.text = "(" + v.text + ")";
    out.prec = kAtom;
    return out;
}

Value Gen::binop(const Value& a, std::string_view op, const Value& b, const SType& result, int prec) {
    --nodes_left;
    for (const auto& o : kOps)
        if (o.op == op) {
            mod.feats.add(o.tag);
            if (o.tag == Tag::compare_eq) mod.feats.add(Tag::compare);
        }
    if ((op == "+" || op == "-") && b.literal && b.text.starts_with("-")) {
        // `x - -0.5` is written `x + 0.5`.
        Value pos = b;
        pos.text = b.text.substr(1);
        pos.prec = kAtom;
        return binop(a, op == "+" ? "-" : "+", pos, result, prec);
    }
    Value out;
    out.type = result;
    out.prec = prec;
    if (op == "**") // right-associative; the base must bind tighter than unary minus
        out.text = wrap(a, kPow + 1) + " ** " + wrap(b, kUnary);
    else if (prec == kCompare)
        out.text = wrap(a, kCompare + 1) + " " + std::string(op) + " " + wrap(b, kCompare + 1);
    else
        out.text = wrap(a, prec) + " " + std::string(op) + " " + wrap(b, prec + 1);
    mod.feats.type(result);
    return out;
}

Value Gen::call(std::string_view fn_name, const std::vector<Value>& args, const SType& result) {
    --nodes_left;
    if (is_tagged_call(fn_name)) mod.feats.call(fn_name);
    std::string text(fn_name);
    text += "(";
    for (size_t i = 0; i < args.size(); ++i) {
        if (i) text += ", ";
        text += args[i].text;
    }
    text += ")";
    Value out;
    out.text = std::move(text);
    out.type = result;
    out.prec = kAtom;
    mod.feats.type(result);
    return out;
}

Value Gen::call(std::string_view fn_name, std::initializer_list<Value> args, const SType& result) {
    return call(fn_name, std::vector<Value>(args), result);
}

Value Gen::cast(const Value& v, const SType& to) {
    if (!v.const_text.empty() && !(v.type == to) && (to.scalar == Scalar::F64 || to.scalar == Scalar::I64)) {
        // Warp would re-type the constant variable itself: cast its literal.
        Value lit = v;
        lit.text = v.const_text;
        lit.literal = true;
        lit.const_text.clear();
        lit.prec = v.const_text.starts_with("-") ? kUnary : kAtom;
        mod.feats.add(v.type.is_float() ? Tag::literal_float : Tag::literal_int);
        if (lit.prec == kUnary) mod.feats.add(Tag::literal_negative);
        return cast(lit, to);
    }
    if (v.const_iter && !(v.type == to) && (to.scalar == Scalar::F64 || to.scalar == Scalar::I64)) {
        // Same re-typing for an unrolled loop's variable: widen a 32-bit copy.
        Value narrow = cast(v, SType::scalar_of(to.scalar == Scalar::F64 ? Scalar::F32 : Scalar::I32));
        narrow.const_iter = false;
        return cast(narrow, to);
    }
    const bool builtin_names = mod.rng.chance(mod.policy[Knob::PBuiltinNames]);
    const std::string name = scalar_name(to.scalar, builtin_names);
    mod.feats.add(v.literal ? Tag::typed_literal : Tag::cast);
    Value out = call(name, {v}, to);
    if (to.is_int() && v.type.is_int()) out.range = v.range;
    if (to.is_float()) out.positive = v.positive || (v.type.is_int() && v.range.lo > 0);
    return out;
}

// ---------------------------------------------------------------- literals

Value Gen::float_const(Scalar s, std::string_view digits) {
    mod.feats.add(Tag::literal_float);
    Value v;
    v.text = std::string(digits);
    v.type = SType::scalar_of(Scalar::F32);
    v.literal = true;
    v.positive = !digits.starts_with("-") && digits != "0.0";
    mod.feats.type(v.type);
    if (s == Scalar::F32) return v;
    // float64/float16 contexts need a typed literal: Warp never promotes.
    Value out = cast(v, SType::scalar_of(s));
    out.positive = v.positive;
    return out;
}

Value Gen::float_lit(Scalar s, bool allow_negative) {
    std::string text;
    if (mod.rng.chance(500)) {
        text = std::string(mod.rng.pick(kNiceFloats));
    } else {
        // k / 10^d written digit by digit.
        const int d = mod.rng.range(0, 3);
        int k = mod.rng.range(1, d == 0 ? 20 : 999);
        std::string digits = std::to_string(k);
        if (d == 0) {
            text = digits + ".0";
        } else {
            while (static_cast<int>(digits.size()) <= d) digits.insert(digits.begin(), '0');
            std::string int_part = digits.substr(0, digits.size() - static_cast<size_t>(d));
            std::string frac = digits.substr(digits.size() - static_cast<size_t>(d));
            while (frac.size() > 1 && frac.back() == '0') frac.pop_back();
            text = int_part + "." + frac;
        }
    }
    const bool negative = allow_negative && mod.rng.chance(150);
    Value v = float_const(Scalar::F32, text);
    if (negative) {
        mod.feats.add(Tag::literal_negative);
        v.text = "-" + v.text;
        v.prec = kUnary;
        v.positive = false;
    }
    if (s == Scalar::F32) return v;
    Value out = cast(v, SType::scalar_of(s));
    out.positive = v.positive;
    return out;
}

Value Gen::int_lit(int64_t value, Scalar s) {
    mod.feats.add(Tag::literal_int);
    Value v;
    v.text = std::to_string(value < 0 ? -value : value);
    v.type = SType::scalar_of(Scalar::I32);
    v.literal = true;
    v.range = IntRange::of(value, value);
    if (value < 0) {
        mod.feats.add(Tag::literal_negative);
        v.text = "-" + v.text;
        v.prec = kUnary;
    }
    mod.feats.type(v.type);
    if (s == Scalar::I32) return v;
    Value out = cast(v, SType::scalar_of(s));
    out.range = v.range;
    return out;
}

Value Gen::literal(const SType& t) {
    if (t.is_float()) return float_lit(t.scalar == Scalar::F16 ? Scalar::F32 : t.scalar);
    if (t.is_bool()) {
        mod.feats.add(Tag::literal_bool);
        Value v;
        v.text = mod.rng.chance(500) ? "True" : "False";
        v.type = t;
        v.literal = true;
        mod.feats.type(t);
        return v;
    }
    if (t.scalar == Scalar::U32) {
        static constexpr int64_t kHashy[] = {747796405,  2891336453, 277803737, 0x9E3779B9, 0x85EBCA6B,
                                             0xC2B2AE35, 0xFFFF,     0xFF,      1664525,    1013904223};
        return int_lit(mod.rng.chance(500) ? mod.rng.pick(kHashy) : mod.rng.range(1, 64), Scalar::U32);
    }
    if (t.is_int()) return int_lit(mod.rng.range(0, 9), t.scalar);
    return construct(t, 0);
}

Value Gen::zero(const SType& t) {
    if (t.is_float()) return float_const(t.scalar, "0.0");
    if (t.is_int()) return int_lit(0, t.scalar);
    if (t.kind == Kind::Vec && t.custom < 0) {
        Value z = t.is_float_vec() ? float_const(t.scalar, "0.0") : int_lit(0, t.scalar);
        return call(mod.type_name(t), {z}, t);
    }
    if (t.kind == Kind::Mat && t.is_square_mat() && t.custom < 0) {
        Value s = float_const(t.scalar, "0.0");
        mod.feats.add(Tag::call_keyword_args);
        Value id = call("wp.identity", std::vector<Value>{}, t);
        id.text = fmt::format("wp.identity(n={}, dtype={})", t.n, scalar_name(t.scalar, true));
        mod.feats.add(Tag::literal_int);
        return binop(s, "*", id, t, kMul);
    }
    return construct(t, 0);
}

Value Gen::typed_zero(const SType& t) {
    if (t.is_float() || t.is_int()) {
        // `float(0.0)` / `int(0)`: a typed value, not a constant, so it may be
        // mutated in a dynamic loop.
        Value lit = t.is_float() ? float_const(Scalar::F32, "0.0") : int_lit(0);
        Value out = cast(lit, t);
        out.range = IntRange::of(0, 0);
        out.literal = false;
        return out;
    }
    return zero(t);
}

// ---------------------------------------------------------------- constructors

Value Gen::construct(const SType& t, int depth) {
    const int sub = std::max(0, depth - 1);
    need_var = true;
    switch (t.kind) {
    case Kind::Vec: {
        const std::string name = mod.type_name(t);
        const SType comp = t.component();
        if (!t.is_float_vec()) {
            std::vector<Value> parts;
            for (int k = 0; k < t.n; ++k) parts.push_back(sub > 0 ? expr(comp, sub) : leaf(comp));
            Value v = call(name, parts, t);
            v.range = parts[0].range; // element range of an integer vector
            for (const auto& p : parts) v.range = range_union(v.range, p.range);
            return v;
        }
        const size_t form = mod.rng.weighted({t.n <= 4 ? 6 : 3, 2});
        if (form == 1) return call(name, {leaf(comp)}, t); // splat
        std::vector<Value> parts;
        for (int k = 0; k < t.n; ++k)
            parts.push_back(k > 0 && mod.rng.chance(250) ? float_lit(t.scalar)
                                                         : (sub > 0 ? expr(comp, sub) : leaf(comp)));
        return call(name, parts, t);
    }
    case Kind::Mat: {
        const size_t form = t.custom >= 0 ? 2 : mod.rng.weighted({4, 3, t.n == 2 ? 3 : 1});
        if (form == 0) {
            mod.feats.add(Tag::call_keyword_args);
            mod.feats.add(Tag::literal_int);
            Value id = call("wp.identity", std::vector<Value>{}, t);
            id.text = fmt::format("wp.identity(n={}, dtype={})", t.n,
                                  scalar_name(t.scalar, mod.rng.chance(mod.policy[Knob::PBuiltinNames])));
            if (mod.rng.chance(400)) return id;
            return binop(sub > 0 ? expr(t.component(), sub) : leaf(t.component()), "*", id, t, kMul);
        }
        if (form == 1)
            return call(
                "wp.diag",
                {sub > 0 ? expr(SType::vec(t.n, t.scalar), sub) : construct(SType::vec(t.n, t.scalar), 0)},
                t);
        std::vector<Value> parts;
        for (int k = 0; k < t.n * t.m; ++k)
            parts.push_back(k > 0 && mod.rng.chance(250) ? float_lit(t.scalar) : leaf(t.component()));
        return call(mod.type_name(t), parts, t);
    }
    case Kind::Quat: {
        const size_t form = mod.rng.weighted({3, 4, 2});
        if (form == 0) {
            Value v;
            if (t.scalar == Scalar::F32) {
                v = call("wp.quat_identity", std::vector<Value>{}, t);
            } else {
                mod.feats.add(Tag::call_keyword_args);
                v = call("wp.quat_identity", std::vector<Value>{}, t);
                v.text = "wp.quat_identity(dtype=wp.float64)";
            }
            v.unit = true;
            return v;
        }
        if (form == 1) {
            Value v = call("wp.quat_from_axis_angle",
                           {unit_vec3(sub), sub > 0 ? expr(t.component(), sub) : leaf(t.component())}, t);
            v.unit = true;
            return v;
        }
        std::vector<Value> parts;
        for (int k = 0; k < 4; ++k)
            parts.push_back(mod.rng.chance(500) ? float_lit(t.scalar) : leaf(t.component()));
        Value q = call(mod.type_name(t), parts, t);
        if (mod.rng.chance(500)) {
            q = call("wp.normalize", {q}, t);
            q.unit = true;
        }
        return q;
    }
    case Kind::Transform: {
        if (mod.rng.chance(250)) {
            if (t.scalar == Scalar::F32) return call("wp.transform_identity", std::vector<Value>{}, t);
            mod.feats.add(Tag::call_keyword_args);
            Value v = call("wp.transform_identity", std::vector<Value>{}, t);
            v.text = "wp.transform_identity(dtype=wp.float64)";
            return v;
        }
        const SType v3 = SType::vec(3, t.scalar);
        return call(mod.type_name(t), {sub > 0 ? expr(v3, sub) : leaf(v3), unit_quat(sub)}, t);
    }
    case Kind::Spatial: {
        const SType v3 = SType::vec(3, t.scalar);
        // Warp's two-vector spatial_vector() builds float32 values only.
        if (t.scalar == Scalar::F32 && mod.rng.chance(850))
            return call(mod.type_name(t),
                        {sub > 0 ? expr(v3, sub) : leaf(v3), sub > 0 ? expr(v3, sub) : leaf(v3)}, t);
        std::vector<Value> parts;
        for (int k = 0; k < 6; ++k)
            parts.push_back(mod.rng.chance(500) ? float_lit(t.scalar) : leaf(t.component()));
        return call(mod.type_name(t), parts, t);
    }
    case Kind::Struct: {
        mod.feats.add(Tag::struct_construct);
        return call(mod.structs[size_t(t.custom)].name, std::vector<Value>{}, t);
    }
    default: return literal(t);
    }
}

} // namespace ws::synth
