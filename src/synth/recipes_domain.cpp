// Recipes for whole programs: helper-heavy kernels, random sampling, physics.
#include "synth/recipes.h"

#include <fmt/format.h>

namespace ws::synth {

using namespace recipe;

void recipe_functions(KernelBuilder& kb) {
    Module& mod = kb.mod;
    const int nd = pick_ndim(kb, 8, 2, 1, 1);
    kb.launch(kb.random_dim(nd));
    kb.add_constants();
    if (mod.on(Knob::PStruct)) {
        const int si = kb.add_struct(false);
        kb.struct_param(si, "params", 0.1, 1.0);
    }
    grid_inputs(kb, mod.rng.range(1, 2), false);
    kb.extra_params();
    grid_outputs(kb, mod.rng.range(1, 2), false);
    if (mod.rng.chance(300))
        kb.array(NameRole::OutArray, kb.fscalar(), {mod.rng.range(4, 32)}, Access::Atomic, 0.0, 0.0);
    kb.helpers(std::max(2, mod.policy[Knob::Helpers]));
    kb.tid();
    kb.load_inputs(2);
    kb.filler();
    kb.finish();
}

void recipe_random(KernelBuilder& kb) {
    Module& mod = kb.mod;
    Gen& g = kb.g;
    const SType i32 = SType::scalar_of(Scalar::I32), u32 = SType::scalar_of(Scalar::U32);
    const int nd = pick_ndim(kb, 8, 2, 0);
    kb.launch(kb.random_dim(nd));
    kb.add_constants();
    const std::string seed = kb.scalar("seed", i32, 0.0, 100000.0).name;
    if (mod.rng.chance(600)) grid_inputs(kb, 1, false);
    static constexpr std::string_view kParams[] = {"sigma",  "p_drop",    "spread",
                                                   "jitter", "step_size", "mean"};
    for (int k = mod.rng.range(0, 2); k > 0; --k)
        kb.scalar(std::string(mod.rng.pick(kParams)), kb.fscalar(), 0.05, 1.0);
    std::string table;
    if (mod.rng.chance(300))
        table = kb.array(NameRole::InArray, kb.fscalar(), {mod.rng.range(8, 64)}, Access::In).name;
    if (mod.rng.chance(200)) kb.scalar("n_samples", i32, 1.0, static_cast<double>(mod.rng.range(4, 32)));
    kb.extra_params();
    grid_outputs(kb, mod.rng.range(1, 2), false);
    if (mod.fp == Scalar::F32 && mod.rng.chance(300))
        kb.grid_array(NameRole::OutArray, kb.fvec(3), Access::Out);
    kb.helpers();
    kb.tid();
    // The thread's random state.
    Value sv = g.var_named(seed);
    Value init;
    if (nd == 1) {
        Value i = g.var_named(mod.tids[0]);
        if (mod.rng.chance(500)) {
            init = g.call("wp.rand_init", {sv, i}, u32);
        } else {
            Value sum = g.binop(sv, "+", i, i32, kAdd);
            init = g.call("wp.rand_init", {sum}, u32);
        }
    } else {
        Value row = g.var_named(mod.tids[0]);
        Value col = g.var_named(mod.tids[1]);
        Value flat = g.binop(g.binop(row, "*", g.int_lit(mod.dim[1]), i32, kMul), "+", col, i32, kAdd);
        init = g.call("wp.rand_init", {sv, flat}, u32);
    }
    Var& st = g.define(g.fresh(NameRole::RngState, u32), init);
    st.is_rng = true;
    st.assignable = false;
    st.uses = 1;
    if (!table.empty() && mod.rng.chance(700)) {
        // A random entry of a table: randi's range is the table's extent.
        ArrayRef* t = g.array_named(table);
        Value k = g.call("wp.randi", {g.var_named(st.name), g.int_lit(0), g.shape_of(*t, 0)}, i32);
        k.range = IntRange::of(0, t->shape[0] - 1);
        const std::string kv = let(kb, NameRole::Local, k, "pick");
        let(kb, NameRole::Local, g.load_at(*g.array_named(table), kv));
    }
    kb.load_inputs(1);
    kb.filler();
    kb.finish();
}

namespace {

void physics_integrate(KernelBuilder& kb) {
    Module& mod = kb.mod;
    Gen& g = kb.g;
    const SType f = kb.fscalar(), v3 = kb.fvec(3);
    kb.launch(kb.random_dim(1));
    kb.add_constants();
    const std::string x = kb.grid_array(NameRole::InArray, v3, Access::InOut, -1.0, 1.0, {},
                                        mod.rng.chance(500) ? "x" : "positions")
                              .name;
    const std::string v = kb.grid_array(NameRole::InArray, v3, Access::InOut, -1.0, 1.0, {},
                                        mod.rng.chance(500) ? "v" : "velocities")
                              .name;
    std::string force;
    if (mod.rng.chance(600))
        force = kb.grid_array(NameRole::InArray, v3, Access::In, -1.0, 1.0, {}, "f").name;
    const std::string inv_mass =
        kb.grid_array(NameRole::InArray, f, Access::In, 0.0, 2.0, {}, "inv_mass").name;
    std::string gravity;
    if (mod.rng.chance(600)) gravity = kb.composite("gravity", v3, -10.0, 0.0).name;
    const std::string dt = kb.scalar("dt", f, 0.001, 0.05).name;
    std::string damping, ground;
    if (mod.rng.chance(500)) damping = kb.scalar("damping", f, 0.0, 1.0).name;
    if (mod.rng.chance(600)) ground = kb.scalar("ground", f, -1.0, 0.0).name;
    kb.extra_params();
    kb.helpers();
    kb.tid();
    const std::string i = mod.tids[0];
    const std::string w = let(kb, NameRole::Local, g.load_at(*g.array_named(inv_mass), i), "w");
    if (mod.rng.chance(500)) {
        mod.feats.add(Tag::if_);
        mod.feats.add(Tag::kernel_return);
        Value zero = g.float_const(mod.fp, "0.0");
        Value test = g.binop(g.var_named(w), "==", zero, SType::scalar_of(Scalar::Bool), kCompare);
        g.open("if " + test.text);
        g.line("return");
        g.close();
    }
    // Semi-implicit Euler: velocity first, then position with the new velocity.
    Value accel = gravity.empty() ? g.expr(v3, 1) : g.var_named(gravity);
    if (!force.empty()) {
        Value fw = g.binop(g.load_at(*g.array_named(force), i), "*", g.var_named(w), v3, kMul);
        accel = g.binop(fw, "+", accel, v3, kAdd);
    }
    Value dv = g.binop(accel, "*", g.var_named(dt), v3, kMul);
    const std::string vi =
        let(kb, NameRole::Local, g.binop(g.load_at(*g.array_named(v), i), "+", dv, v3, kAdd), "vi");
    if (!damping.empty()) {
        Value one = g.float_const(mod.fp, "1.0");
        Value k = g.binop(one, "-", g.binop(g.var_named(damping), "*", g.var_named(dt), f, kMul), f, kAdd);
        mod.feats.add(Tag::local_reassign);
        g.line(fmt::format("{} = {}", vi, g.binop(g.var_named(vi), "*", k, v3, kMul).text));
    }
    Value step = g.binop(g.var_named(vi), "*", g.var_named(dt), v3, kMul);
    const std::string xi =
        let(kb, NameRole::Local, g.binop(g.load_at(*g.array_named(x), i), "+", step, v3, kAdd), "xi");
    if (!ground.empty()) {
        // Ground contact: clamp the height, reflect the normal velocity.
        mod.feats.add(Tag::if_);
        mod.feats.add(Tag::literal_int);
        const bool attr = mod.rng.chance(500);
        const std::string xy = attr ? xi + ".y" : xi + "[1]";
        const std::string vy = attr ? vi + ".y" : vi + "[1]";
        mod.feats.add(attr ? Tag::component_read : Tag::vec_index_read);
        mod.feats.add(attr ? Tag::component_write : Tag::vec_index_write);
        mod.feats.add(Tag::compare);
        mod.feats.add(Tag::op_neg);
        mod.feats.add(Tag::op_mul);
        g.open(fmt::format("if {} < {}", xy, g.var_named(ground).text));
        g.line(fmt::format("{} = {}", xy, ground));
        g.line(fmt::format("{} = -{} * {}", vy, vy, g.float_lit(mod.fp, false).text));
        g.close();
    }
    kb.filler();
    g.store_to(*g.array_named(x), i, g.var_named(xi));
    g.store_to(*g.array_named(v), i, g.var_named(vi));
    kb.finish();
}

void physics_springs(KernelBuilder& kb) {
    Module& mod = kb.mod;
    Gen& g = kb.g;
    const SType f = kb.fscalar(), v3 = kb.fvec(3), i32 = SType::scalar_of(Scalar::I32);
    static constexpr int64_t kParticles[] = {32, 64, 100, 256};
    const int64_t n = mod.rng.pick(kParticles);
    kb.launch(kb.random_dim(1)); // one thread per spring
    kb.add_constants();
    const std::string pos = kb.array(NameRole::InArray, v3, {n}, Access::In, -1.0, 1.0, "pos").name;
    std::string vel;
    if (mod.rng.chance(400)) vel = kb.array(NameRole::InArray, v3, {n}, Access::In, -1.0, 1.0, "vel").name;
    const std::string springs = kb.index_array({mod.dim[0], 2}, n, i32, "springs").name;
    const std::string rest = kb.grid_array(NameRole::InArray, f, Access::In, 0.1, 1.0, {}, "rest").name;
    const std::string ke = kb.scalar("ke", f, 1.0, 100.0).name;
    std::string kd;
    if (!vel.empty()) kd = kb.scalar("kd", f, 0.0, 1.0).name;
    kb.extra_params();
    const std::string forces = kb.array(NameRole::OutArray, v3, {n}, Access::Atomic, 0.0, 0.0, "forces").name;
    kb.helpers();
    kb.tid();
    const std::string i = mod.tids[0];
    mod.feats.add(Tag::index_gather);
    mod.feats.add(Tag::literal_int);
    const std::string a = let_index(kb, NameRole::Local, g.load_at(*g.array_named(springs), i + ", 0"), "a");
    const std::string b = let_index(kb, NameRole::Local, g.load_at(*g.array_named(springs), i + ", 1"), "b");
    Value d = g.binop(g.load_at(*g.array_named(pos), b), "-", g.load_at(*g.array_named(pos), a), v3, kAdd);
    const std::string dn = let(kb, NameRole::Local, d, "d");
    const std::string l = let(kb, NameRole::Local, g.call("wp.length", {g.var_named(dn)}, f), "l");
    Value guard = g.call("wp.max", {g.var_named(l), g.float_const(mod.fp, "1.0e-6")}, f);
    const std::string dir = let(kb, NameRole::Local, g.binop(g.var_named(dn), "/", guard, v3, kMul), "dir");
    Value stretch = g.binop(g.var_named(l), "-", g.load_at(*g.array_named(rest), i), f, kAdd);
    Value mag = g.binop(g.var_named(ke), "*", stretch, f, kMul);
    if (!kd.empty()) {
        Value dvel =
            g.binop(g.load_at(*g.array_named(vel), b), "-", g.load_at(*g.array_named(vel), a), v3, kAdd);
        Value damp = g.binop(g.var_named(kd), "*", g.call("wp.dot", {dvel, g.var_named(dir)}, f), f, kMul);
        mag = g.binop(mag, "+", damp, f, kAdd);
    }
    const std::string fs = let(kb, NameRole::Local, g.binop(g.var_named(dir), "*", mag, v3, kMul), "fs");
    kb.filler();
    ArrayRef* fa = g.array_named(forces);
    g.atomic_to(*fa, a, g.var_named(fs), "add");
    g.atomic_to(*fa, b, g.var_named(fs), "sub");
    kb.finish();
}

void physics_neighbors(KernelBuilder& kb) {
    Module& mod = kb.mod;
    Gen& g = kb.g;
    const SType f = kb.fscalar(), v3 = kb.fvec(3), i32 = SType::scalar_of(Scalar::I32);
    kb.launch(kb.random_dim(1));
    kb.add_constants();
    static constexpr int64_t kMaxNeighbors[] = {4, 8, 16};
    const int64_t kmax = mod.rng.pick(kMaxNeighbors);
    const int64_t n = mod.dim[0];
    const std::string pos = kb.grid_array(NameRole::InArray, v3, Access::In, -1.0, 1.0, {}, "pos").name;
    const std::string nbr = kb.index_array({n, kmax}, n, i32, "neighbors").name;
    const std::string counts = kb.index_array({n}, kmax + 1, i32, "counts").name;
    const std::string h = kb.scalar("h", f, 0.1, 1.0).name;
    const std::string mass = kb.scalar("mass", f, 0.1, 2.0).name;
    kb.extra_params();
    const std::string out = kb.grid_array(NameRole::OutArray, mod.rng.chance(600) ? f : v3, Access::Out, 0.0,
                                          0.0, {}, mod.rng.chance(500) ? "density" : "result")
                                .name;
    kb.helpers();
    kb.tid();
    const std::string i = mod.tids[0];
    const std::string xi = let(kb, NameRole::Local, g.load_at(*g.array_named(pos), i), "xi");
    const SType acc_t = g.array_named(out)->dtype;
    const std::string acc = let(kb, NameRole::Accum, g.typed_zero(acc_t));
    if (Var* av = g.find_var(acc)) av->is_const = false;
    const std::string cnt = let(kb, NameRole::Local, g.load_at(*g.array_named(counts), i), "count");
    const std::string k = g.fresh(NameRole::LoopVar, i32);
    mod.feats.call("range");
    mod.feats.add(Tag::range_1arg);
    mod.feats.add(Tag::for_dynamic);
    mod.feats.add(Tag::array_shape);
    mod.feats.add(Tag::literal_int);
    LoopFrame frame;
    frame.dynamic = true;
    frame.trip = kmax;
    frame.allow_continue = true;
    g.loop(fmt::format("for {} in range({}.shape[1])", k, nbr), k, IntRange::of(0, kmax - 1), frame, [&]() {
        mod.feats.add(Tag::if_);
        mod.feats.add(Tag::compare);
        if (mod.rng.chance(500)) {
            mod.feats.add(Tag::continue_);
            g.open(fmt::format("if {} >= {}", k, cnt));
            g.line("continue");
            g.close();
        } else {
            mod.feats.add(Tag::break_);
            g.open(fmt::format("if {} >= {}", k, cnt));
            g.line("break");
            g.close();
        }
        mod.feats.add(Tag::index_gather);
        const std::string j =
            let_index(kb, NameRole::Local, g.load_at(*g.array_named(nbr), i + ", " + k), "j");
        Value rel = g.binop(g.var_named(xi), "-", g.load_at(*g.array_named(pos), j), v3, kAdd);
        const std::string r = let(kb, NameRole::Local, rel, "r");
        const std::string r2 = let(kb, NameRole::Local, g.call("wp.length_sq", {g.var_named(r)}, f), "r2");
        Value hh = g.binop(g.var_named(h), "*", g.var_named(h), f, kMul);
        Value q =
            g.call("wp.max", {g.binop(hh, "-", g.var_named(r2), f, kAdd), g.float_const(mod.fp, "0.0")}, f);
        const std::string wv = let(kb, NameRole::Local, q, "wq");
        g.block(mod.rng.range(0, 1));
        Value term = g.binop(g.var_named(mass), "*", g.var_named(wv), f, kMul);
        if (acc_t == v3) term = g.binop(term, "*", g.var_named(r), v3, kMul);
        mod.feats.add(Tag::aug_assign_local);
        mod.feats.add(Tag::op_add);
        g.line(fmt::format("{} += {}", acc, term.text));
        if (Var* av = g.find_var(acc)) g.note_mutation(*av, av->range);
    });
    if (Var* av = g.find_var(acc)) av->uses = 0;
    kb.filler();
    kb.finish();
}

void physics_particles_struct(KernelBuilder& kb) {
    Module& mod = kb.mod;
    Gen& g = kb.g;
    const SType f = kb.fscalar(), v3 = kb.fvec(3);
    kb.launch(kb.random_dim(1));
    kb.add_constants();
    const int si = kb.add_struct(true);
    // The struct has `pos` (first field); give it a velocity too.
    auto& def = mod.structs[size_t(si)];
    if (std::none_of(def.fields.begin(), def.fields.end(), [](const auto& fd) { return fd.first == "vel"; }))
        def.fields.emplace_back("vel", v3);
    const SType st = SType::structure(si);
    const std::string parts =
        kb.array(NameRole::InArray, st, mod.dim, Access::InOut, -1.0, 1.0, "particles").name;
    mod.struct_source = si;
    const std::string dt = kb.scalar("dt", f, 0.001, 0.05).name;
    std::string gravity;
    if (mod.rng.chance(500)) gravity = kb.composite("gravity", v3, -10.0, 0.0).name;
    kb.extra_params();
    if (mod.rng.chance(400)) kb.grid_array(NameRole::OutArray, f, Access::Out, 0.0, 0.0, {}, "energy");
    kb.helpers();
    kb.tid();
    const std::string i = mod.tids[0];
    Var& pv = g.define(g.fresh(NameRole::Local, st), g.load_at(*g.array_named(parts), i));
    const std::string p = pv.name;
    mod.feats.add(Tag::struct_field_read);
    mod.feats.add(Tag::struct_field_write);
    Value accel = gravity.empty() ? g.expr(v3, 1) : g.var_named(gravity);
    Value vnew =
        g.binop(value_of(p + ".vel", v3), "+", g.binop(accel, "*", g.var_named(dt), v3, kMul), v3, kAdd);
    g.line(fmt::format("{}.vel = {}", p, vnew.text));
    Value pnew = g.binop(value_of(p + ".pos", v3), "+",
                         g.binop(value_of(p + ".vel", v3), "*", g.var_named(dt), v3, kMul), v3, kAdd);
    g.line(fmt::format("{}.pos = {}", p, pnew.text));
    kb.filler();
    g.store_to(*g.array_named(parts), i, g.var_named(p));
    kb.finish();
}

} // namespace

void recipe_physics(KernelBuilder& kb) {
    switch (kb.mod.rng.weighted({4, 3, 2, 2})) {
    case 0: return physics_integrate(kb);
    case 1: return physics_springs(kb);
    case 2: return physics_neighbors(kb);
    default: return physics_particles_struct(kb);
    }
}

} // namespace ws::synth
