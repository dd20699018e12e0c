#include "synth/kernel_builder.h"

#include <algorithm>
#include <fmt/format.h>

namespace ws::synth {

namespace {

constexpr std::string_view kTid1[] = {"i", "tid", "idx", "p", "e", "t"};
constexpr std::pair<std::string_view, std::string_view> kTid2[] = {
    {"i", "j"}, {"y", "x"}, {"row", "col"}, {"r", "c"}};
constexpr std::array<std::string_view, 3> kTid3[] = {{"i", "j", "k"}, {"x", "y", "z"}, {"z", "y", "x"}};
constexpr std::array<std::string_view, 4> kTid4[] = {
    {"n", "c", "i", "j"}, {"b", "c", "y", "x"}, {"i", "j", "k", "l"}};

constexpr int64_t kDims1[] = {16, 32, 64, 100, 128, 256, 500, 512, 1000, 1024};
constexpr int64_t kDims2[] = {8, 12, 16, 24, 32, 48, 64};
constexpr int64_t kDims3[] = {4, 6, 8, 12, 16};
constexpr int64_t kDims4[] = {2, 3, 4, 6, 8};

// Custom module-level types: `vec6 = wp.types.vector(length=6, dtype=float)`.
struct CustomShape {
    bool matrix;
    int n, m;
};
constexpr CustomShape kCustomShapes[] = {{false, 5, 0}, {false, 6, 0}, {false, 8, 0},
                                         {true, 3, 2},  {true, 2, 3},  {true, 4, 3}};

} // namespace

KernelBuilder::KernelBuilder(Module& m) : mod(m), g(m, fn) {
    fn.is_kernel = true;
    mod.kernel_names = &fn.names;
    mod.kernel_name = kernel_name(mod.rng, mod.category);
    mod.module_names.reserve(mod.kernel_name);
    fn.names.reserve(mod.kernel_name);

    // The type palette: the kernel's float precision and the composite types
    // its swarm draw enabled; recipes add what they need with require().
    mod.fp = mod.on(Knob::TF64) ? Scalar::F64 : Scalar::F32;
    const Scalar fp = mod.fp;
    mod.palette = {
        {SType::scalar_of(fp), 60}, {SType::scalar_of(Scalar::I32), 14}, {SType::scalar_of(Scalar::Bool), 3}};
    struct TypeKnob {
        Knob knob;
        SType type;
        int weight;
    };
    const TypeKnob kTypeKnobs[] = {
        {Knob::TVec3, SType::vec(3, fp), 30},
        {Knob::TVec2, SType::vec(2, fp), 15},
        {Knob::TVec4, SType::vec(4, fp), 10},
        {Knob::TVecInt, SType::vec(3, Scalar::I32), 5},
        {Knob::TVecInt, SType::vec(2, Scalar::I32), 4},
        {Knob::TMat22, SType::mat(2, 2, fp), 8},
        {Knob::TMat33, SType::mat(3, 3, fp), 14},
        {Knob::TMat44, SType::mat(4, 4, fp), 10},
        {Knob::TQuat, SType::quat(fp), 12},
        {Knob::TTransform, SType::transform(fp), 10},
        // float64 spatial vectors can only be built from six scalars: float32 only.
        {Knob::TSpatial, SType::spatial(Scalar::F32), fp == Scalar::F32 ? 8 : 0},
        {Knob::TInt64, SType::scalar_of(Scalar::I64), 5},
        {Knob::TUint32, SType::scalar_of(Scalar::U32), 5},
    };
    for (const auto& tk : kTypeKnobs)
        if (mod.on(tk.knob)) require(tk.type, tk.weight);
    if (mod.on(Knob::TCustom)) {
        const CustomShape cs = mod.rng.pick(kCustomShapes);
        CustomType ct;
        ct.type = cs.matrix ? SType::mat(cs.n, cs.m, fp) : SType::vec(cs.n, fp);
        ct.name = cs.matrix ? fmt::format("mat{}{}", cs.n, cs.m) : fmt::format("vec{}", cs.n);
        if (fp == Scalar::F64) ct.name += "d";
        ct.type.custom = static_cast<int16_t>(mod.customs.size());
        mod.customs.push_back(ct);
        mod.module_names.reserve(ct.name);
        fn.names.reserve(ct.name);
        module_lines_.push_back(fmt::format(
            "{} = wp.types.{}({}, dtype={})", ct.name, cs.matrix ? "matrix" : "vector",
            cs.matrix ? fmt::format("shape=({}, {})", cs.n, cs.m) : fmt::format("length={}", cs.n),
            scalar_name(fp, true)));
        require(ct.type, 6);
        // A custom matrix multiplies vectors of its column count.
        if (cs.matrix) require(SType::vec(cs.m, fp), 4);
    }
}

void KernelBuilder::require(const SType& t, int weight) {
    for (auto& [p, w] : mod.palette)
        if (p == t) {
            w = std::max(w, weight);
            return;
        }
    mod.palette.emplace_back(t, weight);
}

void KernelBuilder::launch(std::vector<int64_t> dim) {
    mod.dim = std::move(dim);
}

std::vector<int64_t> KernelBuilder::random_dim(int n) {
    std::vector<int64_t> dim;
    for (int k = 0; k < n; ++k) {
        switch (n) {
        case 1: dim.push_back(mod.rng.pick(kDims1)); break;
        case 2: dim.push_back(mod.rng.pick(kDims2)); break;
        case 3: dim.push_back(mod.rng.pick(kDims3)); break;
        default: dim.push_back(mod.rng.pick(kDims4)); break;
        }
    }
    return dim;
}

std::string KernelBuilder::annotate(const SType& dtype, int ndim) {
    const std::string dt = mod.type_name(dtype, mod.rng.chance(mod.policy[Knob::PBuiltinNames]));
    if (ndim == 1) return fmt::format("wp.array(dtype={})", dt);
    if (mod.rng.chance(mod.policy[Knob::PArrayNdimKw]))
        return fmt::format("wp.array(dtype={}, ndim={})", dt, ndim);
    return fmt::format("wp.array{}d(dtype={})", ndim, dt);
}

ArrayRef& KernelBuilder::array(NameRole role, const SType& dtype, std::vector<int64_t> shape, Access access,
                               double lo, double hi, const std::string& name) {
    ArrayRef a;
    a.name = name.empty() ? g.fresh(role, dtype) : fn.names.fresh_from(name);
    a.dtype = dtype;
    a.ndim = static_cast<int>(shape.size());
    a.shape = std::move(shape);
    a.readable = access == Access::In || access == Access::InOut;
    a.writable = access == Access::Out || access == Access::InOut;
    a.atomic_target = access == Access::Atomic;
    a.min_value = lo;
    a.max_value = hi;
    a.positive = lo > 0.0;
    a.values = IntRange::of(static_cast<int64_t>(lo), static_cast<int64_t>(hi));
    // Leading dimensions equal to the whole launch grid belong to the thread.
    if (!a.atomic_target && a.ndim >= ndim() && ndim() > 0 &&
        std::equal(mod.dim.begin(), mod.dim.end(), a.shape.begin()))
        a.owned_dims = ndim();
    if (a.writable && a.owned_dims == 0) { // nothing owns it: accumulate instead
        a.writable = false;
        a.readable = false;
        a.atomic_target = true;
    }
    a.annotation = annotate(dtype, a.ndim);
    static constexpr Tag kDimTags[] = {Tag::array1d, Tag::array1d, Tag::array2d, Tag::array3d, Tag::array4d};
    mod.feats.add(kDimTags[std::min(a.ndim, 4)]);
    if (dtype.kind == Kind::Vec || dtype.kind == Kind::Spatial) mod.feats.add(Tag::array_of_vec);
    if (dtype.kind == Kind::Mat) mod.feats.add(Tag::array_of_mat);
    if (dtype.kind == Kind::Quat) mod.feats.add(Tag::array_of_quat);
    if (dtype.kind == Kind::Transform) mod.feats.add(Tag::array_of_transform);
    if (dtype.kind == Kind::Struct) mod.feats.add(Tag::array_of_struct);
    mod.feats.type(dtype);
    if (dtype.kind != Kind::Struct && dtype.scalar != Scalar::F16 && dtype.scalar != Scalar::U8)
        require(dtype, 4);

    ArgSpec spec;
    spec.name = a.name;
    spec.type = a.annotation;
    spec.shape = a.shape;
    spec.min_value = lo;
    spec.max_value = hi;
    spec.is_output = a.writable || a.atomic_target;
    mod.args.push_back(spec);
    params_.emplace_back(a.name, a.annotation);
    fn.arrays.push_back(a);
    return fn.arrays.back();
}

ArrayRef& KernelBuilder::grid_array(NameRole role, const SType& dtype, Access access, double lo, double hi,
                                    std::vector<int64_t> trailing, const std::string& name) {
    std::vector<int64_t> shape = mod.dim;
    shape.insert(shape.end(), trailing.begin(), trailing.end());
    return array(role, dtype, std::move(shape), access, lo, hi, name);
}

ArrayRef& KernelBuilder::index_array(std::vector<int64_t> shape, int64_t target, const SType& dtype,
                                     const std::string& name) {
    ArrayRef& a = array(NameRole::IndexArray, dtype, std::move(shape), Access::In, 0.0,
                        static_cast<double>(target - 1), name);
    a.values = IntRange::of(0, target - 1);
    return a;
}

Var& KernelBuilder::scalar(const std::string& name, const SType& t, double lo, double hi) {
    Var v;
    v.name = fn.names.fresh_from(name);
    v.type = t;
    v.assignable = false;
    v.positive = lo > 0.0;
    if (t.is_int()) v.range = IntRange::of(static_cast<int64_t>(lo), static_cast<int64_t>(hi));
    v.uses = 0;
    mod.feats.add(Tag::kernel_param_scalar);
    mod.feats.type(t);
    const std::string ann = mod.type_name(t, mod.rng.chance(mod.policy[Knob::PBuiltinNames]));
    ArgSpec spec{v.name, ann, {}, lo, hi, false};
    mod.args.push_back(spec);
    params_.emplace_back(v.name, ann);
    fn.vars.push_back(v);
    return fn.vars.back();
}

Var& KernelBuilder::scalar(NameRole role, const SType& t, double lo, double hi) {
    return scalar(g.fresh(role, t), t, lo, hi);
}

Var& KernelBuilder::composite(const std::string& name, const SType& t, double lo, double hi) {
    Var v;
    v.name = fn.names.fresh_from(name);
    v.type = t;
    v.assignable = false;
    require(t, 4);
    mod.feats.add(Tag::kernel_param_composite);
    mod.feats.type(t);
    const std::string ann = mod.type_name(t);
    mod.args.push_back(ArgSpec{v.name, ann, {}, lo, hi, false});
    params_.emplace_back(v.name, ann);
    fn.vars.push_back(v);
    return fn.vars.back();
}

Var& KernelBuilder::struct_param(int struct_index, const std::string& name, double lo, double hi) {
    Var v;
    v.name = fn.names.fresh_from(name);
    v.type = SType::structure(struct_index);
    v.assignable = false;
    mod.feats.add(Tag::kernel_param_struct);
    mod.feats.add(Tag::struct_);
    const std::string ann = mod.structs[size_t(struct_index)].name;
    mod.args.push_back(ArgSpec{v.name, ann, {}, lo, hi, false});
    params_.emplace_back(v.name, ann);
    mod.struct_source = struct_index;
    fn.vars.push_back(v);
    return fn.vars.back();
}

void KernelBuilder::extra_params() {
    // A per-element mask (bool or bytes) gating the work.
    if (mod.on(Knob::PMask) && ndim() > 0) {
        static constexpr std::string_view kMasks[] = {"mask", "active", "valid", "flags", "enabled"};
        const SType t = SType::scalar_of(mod.rng.chance(500) ? Scalar::Bool : Scalar::U8);
        grid_array(NameRole::InArray, t, Access::In, 0.0, 1.0, {}, std::string(mod.rng.pick(kMasks)));
    }
    const int n = mod.rng.range(0, std::max(0, mod.policy[Knob::ExtraParams]));
    for (int k = 0; k < n; ++k) {
        const size_t form = mod.rng.weighted({6, 2, 2});
        if (form == 0) {
            const bool pos = mod.rng.chance(500);
            scalar(NameRole::Param, fscalar(), pos ? 0.1 : -1.0, pos ? 2.0 : 1.0);
        } else if (form == 1) {
            scalar(NameRole::Param, SType::scalar_of(Scalar::I32), 1.0,
                   static_cast<double>(mod.rng.range(2, 16)));
        } else {
            static constexpr std::string_view kVecNames[] = {"offset",    "center", "axis",
                                                             "direction", "bias_v", "origin"};
            composite(std::string(mod.rng.pick(kVecNames)), fvec(3), -1.0, 1.0);
        }
    }
}

// ---------------------------------------------------------------- module level

int KernelBuilder::add_struct(bool physics) {
    StructDef def;
    do def.name = mod.module_names.fresh(mod.rng, NameRole::Struct, SType{}, mod.category);
    while (fn.names.taken(def.name));
    fn.names.reserve(def.name);
    // Field names with the type their name suggests.
    static constexpr std::pair<std::string_view, bool> kFieldKinds[] = {
        {"pos", true},     {"vel", true},    {"normal", true},  {"axis", true},       {"color", true},
        {"offset", true},  {"mass", false},  {"radius", false}, {"stiffness", false}, {"damping", false},
        {"weight", false}, {"scale", false}, {"energy", false}, {"density", false}};
    std::vector<size_t> order(std::size(kFieldKinds));
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    for (size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[mod.rng.below(i)]);
    const int nfields = mod.rng.range(2, 4);
    bool has_vec = false;
    for (int k = 0; k < nfields; ++k) {
        auto [fname, is_vec] = kFieldKinds[order[size_t(k)]];
        if (physics && k == 0) {
            fname = "pos";
            is_vec = true;
        }
        if (std::any_of(def.fields.begin(), def.fields.end(),
                        [&](const auto& f) { return f.first == fname; }))
            continue;
        def.fields.emplace_back(std::string(fname), is_vec ? fvec(3) : fscalar());
        has_vec = has_vec || is_vec;
    }
    if (has_vec) require(fvec(3), 10);
    mod.structs.push_back(def);
    mod.feats.add(Tag::struct_def);
    mod.feats.add(Tag::struct_);
    return static_cast<int>(mod.structs.size()) - 1;
}

void KernelBuilder::add_constants() {
    if (!mod.on(Knob::PModuleConst) && !mod.on(Knob::PPyConst)) return;
    const int n = mod.rng.range(1, 2);
    for (int k = 0; k < n; ++k) {
        ModuleConst c;
        c.wp_constant = !mod.on(Knob::PPyConst);
        const size_t kind =
            mod.rng.weighted({4, mod.fp == Scalar::F32 ? 4 : 0, mod.fp == Scalar::F32 ? 1 : 0});
        const SType name_type = kind == 0 ? SType::scalar_of(Scalar::I32) : (kind == 1 ? fscalar() : fvec(3));
        do c.name = mod.module_names.fresh(mod.rng, NameRole::Constant, name_type, mod.category);
        while (fn.names.taken(c.name));
        fn.names.reserve(c.name);
        if (kind == 0) {
            const int v = mod.rng.range(2, 12);
            c.type = SType::scalar_of(Scalar::I32);
            c.range = IntRange::of(v, v);
            c.value_text = std::to_string(v);
            c.positive = true;
        } else if (kind == 1) {
            static constexpr std::string_view kValues[] = {"0.5", "9.81", "1.0e-6", "0.1",
                                                           "2.0", "0.25", "1.5",    "0.01"};
            c.type = SType::scalar_of(Scalar::F32);
            c.value_text = std::string(mod.rng.pick(kValues));
            c.positive = true;
        } else {
            c.type = fvec(3);
            c.wp_constant = true;
            static constexpr std::string_view kVecs[] = {"0.0, -9.81, 0.0", "0.0, 1.0, 0.0", "1.0, 1.0, 1.0",
                                                         "0.5, 0.5, 0.5"};
            c.value_text = fmt::format("wp.vec3({})", mod.rng.pick(kVecs));
            require(c.type, 4);
        }
        module_lines_.push_back(c.wp_constant ? fmt::format("{} = wp.constant({})", c.name, c.value_text)
                                              : fmt::format("{} = {}", c.name, c.value_text));
        mod.consts.push_back(c);
    }
}

std::string KernelBuilder::add_constant(std::string_view base, const SType& t, const std::string& value,
                                        bool wp_constant, IntRange range) {
    ModuleConst c;
    c.name = mod.module_names.fresh_from(base);
    while (fn.names.taken(c.name)) c.name = mod.module_names.fresh_from(base);
    fn.names.reserve(c.name);
    c.type = t;
    c.value_text = value;
    c.wp_constant = wp_constant;
    c.range = range;
    c.positive = t.is_int() ? range.lo > 0 : !value.starts_with("-");
    module_lines_.push_back(wp_constant ? fmt::format("{} = wp.constant({})", c.name, value)
                                        : fmt::format("{} = {}", c.name, value));
    mod.consts.push_back(c);
    return c.name;
}

// ---------------------------------------------------------------- body

void KernelBuilder::tid() {
    std::vector<std::string> names;
    if (ndim() == 1) {
        names.emplace_back(mod.rng.pick(kTid1));
    } else if (ndim() == 2) {
        const auto& p = mod.rng.pick(kTid2);
        names = {std::string(p.first), std::string(p.second)};
    } else if (ndim() == 3) {
        const auto& p = mod.rng.pick(kTid3);
        names = {std::string(p[0]), std::string(p[1]), std::string(p[2])};
    } else {
        const auto& p = mod.rng.pick(kTid4);
        names = {std::string(p[0]), std::string(p[1]), std::string(p[2]), std::string(p[3])};
    }
    for (auto& n : names) n = fn.names.fresh_from(n);
    mod.tids = names;
    std::string lhs;
    for (size_t k = 0; k < names.size(); ++k) {
        lhs += (k ? ", " : "") + names[k];
        Var v;
        v.name = names[k];
        v.type = SType::scalar_of(Scalar::I32);
        v.range = IntRange::of(0, mod.dim[k] - 1);
        v.assignable = false;
        v.uses = 1;
        fn.vars.push_back(v);
    }
    static constexpr Tag kTidTags[] = {Tag::tid1, Tag::tid1, Tag::tid2, Tag::tid3, Tag::tid4};
    mod.feats.add(kTidTags[std::min<size_t>(names.size(), 4)]);
    mod.feats.call("wp.tid");
    mod.feats.add(Tag::int32);
    g.line(fmt::format("{} = wp.tid()", lhs));
}

void KernelBuilder::helpers(int count) {
    // A custom vector/matrix type comes with an array of it, so values of the
    // type are read rather than spelled out component by component.
    for (const auto& ct : mod.customs) {
        const bool have = std::any_of(fn.arrays.begin(), fn.arrays.end(),
                                      [&](const ArrayRef& a) { return a.dtype == ct.type && a.readable; });
        if (!have) grid_array(NameRole::InArray, ct.type, Access::In);
    }
    if (count <= 0) return;
    make_helpers(mod, count, fn.arrays);
}

void KernelBuilder::filler(int n) {
    for (int k = 0; k < n; ++k) g.stmt();
}

void KernelBuilder::load_inputs(int max_count) {
    int count = 0;
    for (size_t i = 0; i < fn.arrays.size() && count < max_count; ++i) {
        ArrayRef& a = fn.arrays[i];
        if (!a.readable || a.owned_dims == 0 || a.ndim != ndim() || a.dtype.kind == Kind::Struct ||
            a.dtype.scalar == Scalar::U8)
            continue;
        if (!mod.rng.chance(700)) continue;
        Value v = g.load(a, 0);
        if (a.dtype.scalar == Scalar::F16 && a.dtype.is_scalar()) v = g.cast(v, fscalar());
        std::string name = g.fresh(NameRole::Local, v.type);
        g.define(name, v);
        ++count;
    }
}

// ---------------------------------------------------------------- finish

std::optional<Value> KernelBuilder::convert(const Value& v, const SType& to) {
    if (v.type == to) return v;
    if (to.is_float() && to.scalar != Scalar::F16) {
        Value s = g.reduce_to_scalar(v, to.scalar);
        return s;
    }
    if (to.is_float_vec() && to.custom < 0 && v.type.is_scalar() && !v.type.is_bool() &&
        v.type.scalar != Scalar::U8) {
        // A scalar scales a vector: `s * v`.
        Value s = v.type == to.component() ? v : g.cast(v, to.component());
        return g.binop(s, "*", g.expr(to, 1), to, kMul);
    }
    if (to.kind == Kind::Mat && to.is_square_mat() && to.custom < 0 && v.type.is_float() &&
        v.type.scalar == to.scalar)
        return g.binop(v, "*", g.expr(to, 1), to, kMul);
    return std::nullopt;
}

Value KernelBuilder::output_value(const SType& dtype) {
    g.begin_statement();
    const SType t = dtype.scalar == Scalar::F16 && dtype.is_scalar() ? fscalar() : dtype;
    // Unread locals of the top-level block flow into the output.
    std::vector<Var*> unused = g.unused_locals(0);
    Value out;
    bool have = false;
    int consumed = 0;
    for (Var* u : unused) {
        if (u->block != 0) continue;
        if (!(u->type == t) && !(t.is_float() || t.has_float_components())) continue;
        if (t.is_int() || t.kind == Kind::Quat || t.kind == Kind::Transform || t.kind == Kind::Struct) {
            if (!(u->type == t) || have) continue;
        }
        Value uv = g.use(*u);
        auto c = convert(uv, t);
        if (!c) continue;
        if (!have) {
            out = *c;
            have = true;
        } else {
            out = g.binop(out, "+", *c, t, kAdd);
        }
        if (++consumed >= 4) break;
    }
    if (!have) out = g.expr(t, std::max(1, g.depth_budget()));
    if (!(t == dtype)) out = g.cast(out, dtype);
    return out;
}

void KernelBuilder::call_unreached_helpers() {
    // Helpers reached from the kernel, directly or through other helpers.
    std::vector<bool> reached(mod.helpers.size(), false);
    for (size_t i = 0; i < mod.helpers.size(); ++i) reached[i] = mod.helpers[i].calls > 0;
    for (size_t i = mod.helpers.size(); i-- > 0;)
        if (reached[i])
            for (int c : mod.helpers[i].callees) reached[size_t(c)] = true;
    for (size_t i = mod.helpers.size(); i-- > 0;) {
        if (reached[i]) continue;
        const Helper& h = mod.helpers[i];
        if (h.returns.empty()) {
            const auto args = g.helper_args(h, 1);
            std::string text = h.name + "(";
            for (size_t k = 0; k < args.size(); ++k) text += (k ? ", " : "") + args[k];
            g.line(text + ")");
            ++mod.helpers[i].calls;
        } else if (h.returns.size() > 1) {
            std::vector<std::string> names;
            for (const auto& rt : h.returns) names.push_back(g.fresh(NameRole::Local, rt));
            const auto args = g.helper_args(h, 1);
            std::string lhs, call_text = h.name + "(";
            for (size_t k = 0; k < names.size(); ++k) lhs += (k ? ", " : "") + names[k];
            for (size_t k = 0; k < args.size(); ++k) call_text += (k ? ", " : "") + args[k];
            mod.feats.add(Tag::tuple_unpack);
            g.line(fmt::format("{} = {})", lhs, call_text));
            ++mod.helpers[i].calls;
            for (size_t k = 0; k < names.size(); ++k) {
                Var v;
                v.name = names[k];
                v.type = h.returns[k];
                v.range = h.returns[k].is_int() ? h.int_result : IntRange::unknown();
                v.block = 0;
                mod.feats.type(v.type);
                fn.vars.push_back(v);
            }
        } else {
            Value v = g.call_helper(h, 1);
            g.define(g.fresh(NameRole::Local, v.type), v);
        }
        for (int c : mod.helpers[i].callees) reached[size_t(c)] = true;
    }
}

void KernelBuilder::finish() {
    call_unreached_helpers();
    // Outputs nothing wrote yet get the kernel's results.
    for (size_t i = 0; i < fn.arrays.size(); ++i) {
        ArrayRef& a = fn.arrays[i];
        if (a.written || !(a.writable || a.atomic_target)) continue;
        if (a.dtype.kind == Kind::Struct) {
            // Write the struct element back with a field changed.
            Value v = g.load(a, 0);
            std::string name = g.fresh(NameRole::Local, a.dtype);
            g.define(name, v);
            const auto& def = mod.structs[size_t(a.dtype.custom)];
            const auto& [field, ft] = def.fields[mod.rng.below(def.fields.size())];
            mod.feats.add(Tag::struct_field_write);
            g.line(fmt::format("{}.{} = {}", name, field, output_value(ft).text));
            g.store_to(a, g.index_text(a, 0), value_of(name, a.dtype));
            continue;
        }
        // Atomic integer counters get small increments (no overflow across threads).
        Value v = a.atomic_target && a.dtype.is_int() ? g.int_in(0, 8, 1) : output_value(a.dtype);
        if (a.atomic_target) {
            std::string index;
            for (int k = 0; k < a.ndim; ++k) index += (k ? ", " : "") + g.index_for(a, k, 1).text;
            g.atomic_to(a, index, v, "add");
        } else {
            g.store_to(a, g.index_text(a, 0), v);
        }
    }
    // Remaining unread top-level locals are folded into an output: added to an
    // element the thread owns, or accumulated atomically.
    const int rounds = mod.on(Knob::PSinkUnused) ? 3 : 1;
    for (int round = 0; round < rounds; ++round) {
        bool pending = false;
        for (Var* u : g.unused_locals(0))
            pending = pending || (u->block == 0 && u->type.kind != Kind::Struct);
        if (!pending) break;
        std::vector<ArrayRef*> owned, atomic;
        for (auto& a : fn.arrays) {
            const bool float_like = (a.dtype.is_float() || a.dtype.has_float_components()) &&
                                    a.dtype.scalar != Scalar::F16 && Gen::augmentable(a.dtype);
            if (!float_like) continue;
            if (a.writable && a.owned_dims > 0) owned.push_back(&a);
            if (a.atomic_target && !a.reserved) atomic.push_back(&a);
        }
        if (owned.empty() && atomic.empty()) break;
        const bool use_owned = !owned.empty() && (atomic.empty() || mod.rng.chance(700));
        ArrayRef& a = use_owned ? *owned[mod.rng.below(owned.size())] : *atomic[mod.rng.below(atomic.size())];
        std::string index;
        if (use_owned) {
            index = g.index_text(a, 0);
        } else {
            for (int k = 0; k < a.ndim; ++k) index += (k ? ", " : "") + g.index_for(a, k, 1).text;
        }
        Value v = output_value(a.dtype);
        if (use_owned) { // added to what the kernel wrote
            mod.feats.add(Tag::aug_assign_array_atomic);
            mod.feats.add(Tag::op_add);
            g.line(fmt::format("{}[{}] += {}", a.name, index, v.text));
        } else {
            g.atomic_to(a, index, v, "add");
        }
    }
}

// ---------------------------------------------------------------- text

std::string KernelBuilder::render() const {
    std::string out = "import warp as wp\n\n";
    for (const auto& l : module_lines_) out += l + "\n";
    if (!module_lines_.empty()) out += "\n";
    out += "\n";
    for (const auto& s : mod.structs) {
        out += fmt::format("@wp.struct\nclass {}:\n", s.name);
        for (const auto& [field, t] : s.fields) out += fmt::format("    {}: {}\n", field, mod.type_name(t));
        out += "\n\n";
    }
    for (const auto& h : mod.helpers) out += h.text + "\n\n";
    std::string params;
    for (size_t i = 0; i < params_.size(); ++i)
        params += (i ? ", " : "") + params_[i].first + ": " + params_[i].second;
    std::string header = fmt::format("def {}({}):", mod.kernel_name, params);
    out += "@wp.kernel\n";
    if (header.size() <= 110) {
        out += header + "\n";
    } else {
        out += fmt::format("def {}(\n", mod.kernel_name);
        for (const auto& [name, ann] : params_) out += fmt::format("    {}: {},\n", name, ann);
        out += "):\n";
    }
    for (const auto& l : fn.lines) out += l + "\n";
    return out;
}

} // namespace ws::synth
