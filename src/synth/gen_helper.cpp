// @wp.func helpers: value helpers, tuple-returning helpers, helpers that
// read or atomically accumulate into a kernel array, overloads, default
// arguments; and calls to them (positional, keyword, defaults omitted).
// Helpers form a DAG: helper k only calls helpers defined before it.
#include "synth/gen.h"

#include <algorithm>
#include <fmt/format.h>

namespace ws::synth {

namespace {

constexpr std::string_view kScalarParams[] = {
    "x",     "t",    "s",  "a",  "b",    "w",      "r",  "h",        "d", "alpha", "scale", "eps",
    "sigma", "edge", "lo", "hi", "mass", "radius", "dt", "strength", "k", "c",     "gain",  "dist"};
constexpr std::string_view kVecParams[] = {"v",   "p",    "n", "d", "a", "b",      "dir",   "pos",
                                           "vel", "axis", "u", "x", "e", "normal", "offset"};
constexpr std::string_view kMatParams[] = {"M", "A", "F", "R", "S", "K"};
constexpr std::string_view kQuatParams[] = {"q", "rot", "qa", "qb"};
constexpr std::string_view kXformParams[] = {"X", "tf", "xa", "xb", "pose"};
constexpr std::string_view kIntParams[] = {"n", "k", "i", "idx", "count", "cell", "level", "bits"};
constexpr std::string_view kArrayParams[] = {"field", "data", "table", "arr", "buf", "grid", "values", "acc"};

std::string param_name(NameSet& names, Rng& rng, const SType& t, bool is_array) {
    std::span<const std::string_view> words = kScalarParams;
    if (is_array)
        words = kArrayParams;
    else if (t.kind == Kind::Vec || t.kind == Kind::Spatial)
        words = kVecParams;
    else if (t.kind == Kind::Mat)
        words = kMatParams;
    else if (t.kind == Kind::Quat)
        words = kQuatParams;
    else if (t.kind == Kind::Transform)
        words = kXformParams;
    else if (t.is_int())
        words = kIntParams;
    for (int k = 0; k < 4; ++k) {
        std::string_view w = words[rng.below(words.size())];
        if (!names.taken(w)) {
            names.reserve(std::string(w));
            return std::string(w);
        }
    }
    return names.fresh_from(words[rng.below(words.size())]);
}

std::string array_annotation(const Module& mod, Rng& rng, const SType& dtype, int ndim, int ndim_kw) {
    const std::string dt = mod.type_name(dtype, rng.chance(700));
    if (ndim == 1) return fmt::format("wp.array(dtype={})", dt);
    if (rng.chance(ndim_kw)) return fmt::format("wp.array(dtype={}, ndim={})", dt, ndim);
    return fmt::format("wp.array{}d(dtype={})", ndim, dt);
}

// Types a helper parameter or result may have: the kernel's palette, minus
// booleans (rare as parameters).
SType helper_type(Gen& g, bool allow_int) {
    return g.pick_type(allow_int, false);
}

} // namespace

// ---------------------------------------------------------------- calls

const Helper* Gen::pick_helper(const SType& result) {
    std::vector<const Helper*> cands;
    std::vector<int> weights;
    for (size_t i = 0; i < mod.helpers.size(); ++i) {
        if (fn.helper_index >= 0 && static_cast<int>(i) >= fn.helper_index) break;
        const Helper& h = mod.helpers[i];
        if (h.returns.size() != 1 || !(h.returns[0] == result)) continue;
        const bool has_array =
            std::any_of(h.params.begin(), h.params.end(), [](const HelperParam& p) { return p.is_array; });
        if (has_array && !fn.is_kernel) continue;
        cands.push_back(&h);
        weights.push_back(h.calls == 0 ? 6 : 2);
    }
    if (cands.empty()) return nullptr;
    return cands[mod.rng.weighted(weights)];
}

std::vector<std::string> Gen::helper_args(const Helper& h, int depth) {
    const int d = std::max(0, depth);
    // Trailing parameters with defaults are omitted, passed by position, or by keyword.
    size_t first_default = h.params.size();
    while (first_default > 0 && !h.params[first_default - 1].default_text.empty()) --first_default;
    std::vector<std::string> args;
    bool keyword_mode = false;
    for (size_t i = 0; i < h.params.size(); ++i) {
        const HelperParam& p = h.params[i];
        if (i >= first_default) {
            const size_t mode =
                mod.rng.weighted({4, keyword_mode ? 0 : 3, mod.policy[Knob::PKwArgs] / 100 + 1});
            if (mode == 0) {
                keyword_mode = true; // later defaults must then be passed by keyword
                continue;
            }
            if (mode == 2) keyword_mode = true;
        }
        Value v;
        if (p.is_array) {
            v.text = p.bound_array;
        } else if (p.type.is_int() && p.type.scalar == Scalar::I32) {
            v = int_in(p.int_range.lo, p.int_range.hi, d);
        } else if (p.positive && p.type.is_float()) {
            v = positive(p.type, d);
        } else if (p.unit && p.type == SType::vec(3, p.type.scalar)) {
            v = unit_vec3(d);
        } else {
            v = expr(p.type, d);
        }
        if (keyword_mode) {
            mod.feats.add(Tag::call_keyword_args);
            args.push_back(p.name + "=" + v.text);
        } else {
            args.push_back(v.text);
        }
    }
    return args;
}

Value Gen::call_helper(const Helper& h, int depth) {
    const auto args = helper_args(h, depth);
    const int index = static_cast<int>(&h - mod.helpers.data());
    if (fn.helper_index >= 0) {
        mod.feats.add(Tag::func_calls_func);
        auto& callees = mod.helpers[size_t(fn.helper_index)].callees;
        if (std::find(callees.begin(), callees.end(), index) == callees.end()) callees.push_back(index);
    } else {
        ++mod.helpers[size_t(index)].calls;
    }
    std::string text = h.name + "(";
    for (size_t i = 0; i < args.size(); ++i) text += (i ? ", " : "") + args[i];
    Value v;
    v.text = text + ")";
    v.type = h.returns.empty() ? float_type() : h.returns[0];
    v.range = h.int_result;
    v.positive = h.positive_result;
    mod.feats.type(v.type);
    return v;
}

// ---------------------------------------------------------------- definitions

namespace {

enum class HelperKind { Value, Multi, Accumulate, Reader, Overload };

// The body of one helper, written with its own Gen over a fresh Fn.
void write_helper(Module& mod, Helper& h, HelperKind kind, int index, const ArrayRef* array) {
    Fn fn;
    fn.is_kernel = false;
    fn.name = h.name;
    fn.helper_index = index;
    fn.names = NameSet();
    mod.module_names.reserve(h.name);
    for (const auto& c : mod.consts) fn.names.reserve(c.name);
    for (const auto& s : mod.structs) fn.names.reserve(s.name);
    for (const auto& other : mod.helpers) fn.names.reserve(other.name);
    Gen g(mod, fn);
    for (const auto& p : h.params) fn.names.reserve(p.name);
    for (const auto& p : h.params) {
        if (p.is_array) {
            ArrayRef a = *array;
            a.name = p.name;
            a.owned_dims = 0;
            a.writable = false;
            a.readable = !a.atomic_target;
            fn.arrays.push_back(a);
            continue;
        }
        Var v;
        v.name = p.name;
        v.type = p.type;
        v.range = p.type.is_int() ? p.int_range : IntRange::unknown();
        v.assignable = false;
        v.positive = p.positive;
        v.unit = p.unit;
        fn.vars.push_back(v);
    }

    const int n = mod.rng.range(0, std::max(0, mod.policy[Knob::HelperStmts]));
    for (int k = 0; k < n; ++k) g.stmt();

    bool int_set = false;
    auto return_values = [&](bool final_return) {
        std::vector<std::string> parts;
        for (const auto& rt : h.returns) {
            // Prefer a local nothing has read yet, so the helper's work flows out.
            g.begin_statement();
            Value v;
            std::vector<Var*> unused;
            for (auto* u : g.unused_locals(fn.nesting))
                if (u->type == rt) unused.push_back(u);
            if (!unused.empty() && mod.rng.chance(600)) {
                v = g.use(*unused[mod.rng.below(unused.size())]);
                const bool addable = rt.is_float() || (rt.has_float_components() && rt.kind != Kind::Quat &&
                                                       rt.kind != Kind::Transform);
                if (addable && mod.rng.chance(500)) v = g.binop(v, "+", g.expr(rt, 1), rt, kAdd);
            } else {
                v = g.expr(rt, std::max(1, g.depth_budget()));
                for (int k = 0; k < 3 && is_bare_name(v); ++k) { // compute something, not echo a parameter
                    g.need_var = true;
                    v = g.expr(rt, 2);
                }
                if (is_bare_name(v) && (rt.is_float() || rt.is_float_vec()))
                    v = g.binop(v, "*", g.float_lit(rt.scalar, false), rt, kMul);
            }
            // The last value of the final return takes the locals nothing read.
            if (final_return && &rt == &h.returns.back()) v = g.absorb_unused(v, 0, 3);
            // Callers may index with an int result: its range covers every return.
            if (rt.is_int()) {
                h.int_result = int_set ? range_union(h.int_result, v.range) : v.range;
                int_set = true;
            }
            parts.push_back(v.text);
        }
        std::string text;
        for (size_t i = 0; i < parts.size(); ++i) text += (i ? ", " : "") + parts[i];
        return text;
    };

    if (kind == HelperKind::Accumulate) {
        // The reason this helper exists: scatter a value into the array.
        g.stmt_atomic();
    }
    if (kind == HelperKind::Reader) {
        // ... or read an element of it (the index is clamped or wrapped).
        Value v = g.load(fn.arrays[0], 1);
        g.define(g.fresh(NameRole::Local, v.type), v);
    }
    if (!h.returns.empty() && mod.rng.chance(250)) {
        g.begin_statement();
        Value c = g.cond(2);
        mod.feats.add(Tag::if_);
        mod.feats.add(Tag::func_early_return);
        g.open("if " + c.text);
        if (mod.rng.chance(300)) g.stmt_local();
        g.line("return " + return_values(false));
        g.close();
    }
    if (!h.returns.empty()) g.line("return " + return_values(true));
    if (fn.lines.empty()) g.stmt_local();

    // Header.
    std::string params;
    for (size_t i = 0; i < h.params.size(); ++i) {
        const auto& p = h.params[i];
        if (i) params += ", ";
        std::string ann;
        if (p.is_array)
            ann = array_annotation(mod, mod.rng, array->dtype, array->ndim, mod.policy[Knob::PArrayNdimKw]);
        else
            ann = mod.type_name(p.type, mod.rng.chance(mod.policy[Knob::PBuiltinNames]));
        params += p.name + ": " + ann;
        if (!p.default_text.empty()) params += " = " + p.default_text;
    }
    std::string ret;
    if (h.returns.size() == 1 && mod.on(Knob::PReturnAnnot))
        ret = " -> " + mod.type_name(h.returns[0], mod.rng.chance(mod.policy[Knob::PBuiltinNames]));
    std::string text = fmt::format("@wp.func\ndef {}({}){}:\n", h.name, params, ret);
    for (const auto& l : fn.lines) text += l + "\n";
    h.text = std::move(text);
}

} // namespace

void make_helpers(Module& mod, int count, const std::vector<ArrayRef>& kernel_arrays) {
    for (int index = 0; index < count; ++index) {
        Fn scratch;
        Gen g(mod, scratch);
        const ArrayRef* readable = nullptr;
        const ArrayRef* target = nullptr;
        for (const auto& a : kernel_arrays) {
            if (a.atomic_target && !a.reserved && !target) target = &a;
            if (a.readable && !a.writable && !a.atomic_target && a.dtype.scalar != Scalar::F16 &&
                a.dtype.scalar != Scalar::U8 && !a.dtype.is_bool() && !readable && mod.rng.chance(600))
                readable = &a;
        }
        const bool can_overload =
            !mod.helpers.empty() && !mod.helpers.back().overload_of_previous &&
            mod.helpers.back().returns.size() == 1 && !mod.helpers.back().params.empty() &&
            !mod.helpers.back().params[0].is_array &&
            std::none_of(mod.helpers.back().params.begin(), mod.helpers.back().params.end(),
                         [](const HelperParam& p) { return !p.default_text.empty(); }) &&
            (mod.helpers.back().params[0].type.is_float() ||
             mod.helpers.back().params[0].type == SType::vec(3, mod.fp));
        const HelperKind kind = static_cast<HelperKind>(mod.rng.weighted(
            {10, mod.policy[Knob::PMultiReturn] / 50, target ? mod.policy[Knob::PNoReturnHelper] / 50 : 0,
             readable ? 3 : 0, can_overload ? mod.policy[Knob::POverload] / 40 : 0}));

        Helper h;
        NameSet local_names;
        if (kind == HelperKind::Overload) {
            // Same name and arity, another type for the first parameter.
            const Helper& prev = mod.helpers.back();
            h.name = prev.name;
            h.params = prev.params;
            for (auto& p : h.params) p.default_text.clear();
            const SType first = prev.params[0].type;
            h.params[0].type = first.is_float() ? SType::vec(3, mod.fp) : SType::scalar_of(mod.fp);
            h.params[0].positive = false;
            h.params[0].unit = false;
            h.returns = {h.params[0].type.is_float() ? SType::scalar_of(mod.fp) : prev.returns[0]};
            if (h.returns[0] == prev.returns[0] && h.params[0].type == prev.params[0].type) continue;
            h.overload_of_previous = true;
            mod.feats.add(Tag::func_overload);
        } else {
            do h.name = mod.module_names.fresh(mod.rng, NameRole::Helper, SType{}, mod.category);
            while (mod.kernel_names && mod.kernel_names->taken(h.name));
            if (mod.kernel_names) mod.kernel_names->reserve(h.name);
            if (kind == HelperKind::Accumulate || kind == HelperKind::Reader) {
                const ArrayRef* a = kind == HelperKind::Accumulate ? target : readable;
                HelperParam ap;
                ap.name = param_name(local_names, mod.rng, a->dtype, true);
                ap.is_array = true;
                ap.type = a->dtype;
                ap.array_ndim = a->ndim;
                ap.array_shape = a->shape;
                ap.bound_array = a->name;
                h.params.push_back(ap);
            }
            const int np = mod.rng.range(1, std::max(1, mod.policy[Knob::HelperParams]));
            for (int k = 0; k < np; ++k) {
                HelperParam p;
                p.type = helper_type(g, true);
                if (p.type.scalar == Scalar::U32 || p.type.scalar == Scalar::I64)
                    p.type = SType::scalar_of(mod.fp);
                if (mod.struct_source >= 0 && mod.rng.chance(200))
                    p.type = SType::structure(mod.struct_source);
                p.name = param_name(local_names, mod.rng, p.type, false);
                if (p.type.is_int()) p.int_range = IntRange::of(0, mod.rng.range(1, 64));
                if (p.type.is_float()) p.positive = mod.rng.chance(300);
                if (p.type == SType::vec(3, mod.fp)) p.unit = mod.rng.chance(200);
                h.params.push_back(p);
            }
            // Trailing scalar parameters may have defaults.
            for (size_t k = h.params.size(); k-- > 0;) {
                HelperParam& p = h.params[k];
                if (p.is_array || !(p.type.is_float() && p.type.scalar == Scalar::F32) ||
                    !mod.on(Knob::PDefaultArg))
                    break;
                p.default_text = p.positive ? "1.0" : (mod.rng.chance(500) ? "0.5" : "1.0");
                mod.feats.add(Tag::func_default_arg);
                mod.feats.add(Tag::literal_float);
            }
            if (kind == HelperKind::Value || kind == HelperKind::Reader) {
                SType rt = helper_type(g, true);
                // Usually the result has the type of a parameter (f(x) -> like x).
                std::vector<SType> ptypes;
                for (const auto& p : h.params)
                    if (!p.is_array && p.type.kind != Kind::Struct) ptypes.push_back(p.type);
                if (!ptypes.empty() && mod.rng.chance(700)) rt = ptypes[mod.rng.below(ptypes.size())];
                // An integer result with no integer parameter is mostly a literal: compute a float.
                const bool int_param =
                    std::any_of(ptypes.begin(), ptypes.end(), [](const SType& p) { return p.is_int(); });
                if (rt.is_int() && !int_param && mod.rng.chance(850)) rt = SType::scalar_of(mod.fp);
                if (kind == HelperKind::Reader) rt = h.params[0].type;
                h.returns = {rt};
            } else if (kind == HelperKind::Multi) {
                h.returns = {helper_type(g, true), helper_type(g, true)};
                if (mod.rng.chance(300)) h.returns.push_back(helper_type(g, false));
                const bool int_param = std::any_of(h.params.begin(), h.params.end(),
                                                   [](const HelperParam& p) { return p.type.is_int(); });
                for (auto& rt : h.returns)
                    if (rt.is_int() && !int_param && mod.rng.chance(850)) rt = SType::scalar_of(mod.fp);
                mod.feats.add(Tag::func_multi_return);
            } else {
                mod.feats.add(Tag::func_no_return);
            }
            for (auto& rt : h.returns)
                if (rt.scalar == Scalar::U32 && rt.is_scalar()) rt = SType::scalar_of(mod.fp);
        }
        mod.feats.add(Tag::func);
        for (const auto& p : h.params) {
            if (p.type.is_composite() && !p.is_array) mod.feats.add(Tag::func_composite_arg);
            if (p.type.kind == Kind::Struct) mod.feats.add(Tag::func_struct_arg);
            mod.feats.type(p.type);
        }
        mod.helpers.push_back(h);
        const ArrayRef* arr = nullptr;
        if (kind == HelperKind::Accumulate) arr = target;
        if (kind == HelperKind::Reader) arr = readable;
        write_helper(mod, mod.helpers.back(), kind, static_cast<int>(mod.helpers.size()) - 1, arr);
    }
}

} // namespace ws::synth
