// Recipes about control and access patterns: branches, loops, atomics, stencils.
#include "synth/recipes.h"

#include <fmt/format.h>

namespace ws::synth {

using namespace recipe;

void recipe_control_flow(KernelBuilder& kb) {
    Module& mod = kb.mod;
    Gen& g = kb.g;
    const int nd = pick_ndim(kb, 7, 3, 1, 1);
    kb.launch(kb.random_dim(nd));
    kb.add_constants();
    grid_inputs(kb, mod.rng.range(1, 2), true);
    static constexpr std::string_view kParams[] = {"threshold", "lo", "hi", "cutoff", "margin", "limit"};
    for (int k = mod.rng.range(0, 2); k > 0; --k)
        kb.scalar(std::string(mod.rng.pick(kParams)), kb.fscalar(), -1.0, 1.0);
    kb.extra_params();
    ArrayRef& labels = kb.grid_array(NameRole::OutArray, SType::scalar_of(Scalar::I32), Access::Out, 0.0, 0.0,
                                     {}, mod.rng.chance(500) ? "labels" : "classes");
    const std::string labels_name = labels.name;
    if (mod.rng.chance(600)) grid_outputs(kb, 1, false);
    kb.helpers();
    kb.tid();
    kb.load_inputs(2);
    // A classification chain: a typed label refined by branches.
    if (mod.rng.chance(700)) {
        const SType i32 = SType::scalar_of(Scalar::I32);
        const std::string label = let(kb, NameRole::Local, g.typed_zero(i32), "label");
        mod.feats.add(Tag::if_);
        Value c = g.cond(2);
        g.open("if " + c.text);
        mod.feats.add(Tag::local_reassign);
        g.block(mod.rng.range(0, 1));
        // After the block: once bound to a literal, `label` is a constant for Warp.
        g.line(fmt::format("{} = {}", label, g.int_lit(1).text));
        g.close();
        int next = 2;
        while (mod.rng.chance(550) && next < 6) {
            mod.feats.add(Tag::elif);
            Value c2 = g.cond(2);
            g.open("elif " + c2.text);
            g.line(fmt::format("{} = {}", label, g.int_lit(next++).text));
            g.close();
        }
        if (mod.rng.chance(600)) {
            mod.feats.add(Tag::else_);
            g.open("else");
            g.line(fmt::format("{} = {}", label, g.int_lit(next++).text));
            g.close();
        }
        if (Var* v = g.find_var(label)) {
            v->range = IntRange::of(0, next);
            v->is_const = false;
        }
        ArrayRef* out = g.array_named(labels_name);
        g.store_to(*out, g.index_text(*out, 0), g.var_named(label));
    }
    // A feature switch: a Python bool global tested with wp.static (or directly); Warp
    // keeps or drops the block at code generation.
    if (mod.rng.chance(200)) {
        const bool value = mod.rng.chance(600);
        static constexpr std::string_view kFlags[] = {"USE_CLAMP", "APPLY_BIAS", "SMOOTH", "DEBUG_MASK",
                                                      "USE_FAST"};
        const std::string flag = kb.add_constant(mod.rng.pick(kFlags), SType::scalar_of(Scalar::Bool),
                                                 value ? "True" : "False", false);
        mod.feats.add(Tag::python_global_constant);
        mod.feats.add(Tag::if_);
        const bool stat = mod.rng.chance(600);
        if (stat) {
            mod.feats.add(Tag::static_expr);
            mod.feats.call("wp.static");
        }
        // The block may be dropped: it only defines locals and writes outputs,
        // never reassigns what the rest of the kernel reads.
        std::vector<std::pair<size_t, bool>> saved;
        for (size_t v = 0; v < kb.fn.vars.size(); ++v) {
            saved.emplace_back(v, kb.fn.vars[v].assignable);
            kb.fn.vars[v].assignable = false;
        }
        g.open(stat ? fmt::format("if wp.static({})", flag) : "if " + flag);
        g.block(mod.rng.range(1, 2));
        g.close();
        for (auto [v, a] : saved) kb.fn.vars[v].assignable = a;
    }
    kb.filler();
    kb.finish();
}

void recipe_loops(KernelBuilder& kb) {
    Module& mod = kb.mod;
    Gen& g = kb.g;
    kb.launch(kb.random_dim(1));
    kb.add_constants();
    const SType f = kb.fscalar();
    const size_t kind = mod.rng.weighted({4, 3, 3});
    std::string rows_name, table_name, steps_name;
    if (kind == 0) { // rows of a 2D array
        static constexpr int64_t kWidths[] = {4, 8, 16, 32};
        rows_name = kb.grid_array(NameRole::InArray, f, Access::In, -1.0, 1.0, {mod.rng.pick(kWidths)}).name;
    } else if (kind == 1) { // a lookup table of its own length
        static constexpr int64_t kLens[] = {8, 16, 24, 64};
        table_name = kb.array(NameRole::InArray, f, {mod.rng.pick(kLens)}, Access::In, -1.0, 1.0).name;
        grid_inputs(kb, 1, false);
    } else { // an iteration count
        grid_inputs(kb, mod.rng.range(1, 2), false);
    }
    if (mod.rng.chance(600) || kind == 2)
        steps_name = kb.scalar(mod.rng.chance(500) ? "n_steps" : "iters", SType::scalar_of(Scalar::I32), 1.0,
                               static_cast<double>(mod.rng.range(2, 16)))
                         .name;
    kb.extra_params();
    grid_outputs(kb, mod.rng.range(1, 2), false);
    kb.helpers();
    kb.tid();
    if (kind == 0) {
        // Reduce the thread's row: an accumulator over the row's columns.
        ArrayRef* rows = g.array_named(rows_name);
        const std::string acc = let(kb, NameRole::Accum, g.typed_zero(f));
        if (Var* a = g.find_var(acc)) a->is_const = false;
        Value width = g.shape_of(*rows, 1);
        const std::string k = g.fresh(NameRole::LoopVar, SType::scalar_of(Scalar::I32));
        mod.feats.call("range");
        mod.feats.add(Tag::range_1arg);
        mod.feats.add(Tag::for_dynamic);
        LoopFrame frame;
        frame.dynamic = true;
        frame.trip = rows->shape[1];
        frame.allow_continue = mod.on(Knob::PContinue);
        frame.allow_break = mod.on(Knob::PBreak);
        const std::string tid = mod.tids[0];
        g.loop(fmt::format("for {} in range({})", k, width.text), k, IntRange::of(0, rows->shape[1] - 1),
               frame, [&]() {
                   Value x = g.load_at(*g.array_named(rows_name), fmt::format("{}, {}", tid, k));
                   const std::string xv = let(kb, NameRole::Local, x);
                   g.block(mod.rng.range(0, 2));
                   mod.feats.add(Tag::aug_assign_local);
                   mod.feats.add(Tag::op_add);
                   Value term = mod.rng.chance(500) ? g.var_named(xv) : g.expr(f, 2);
                   g.line(fmt::format("{} += {}", acc, term.text));
                   if (Var* a = g.find_var(acc)) g.note_mutation(*a, a->range);
               });
        if (Var* a = g.find_var(acc)) a->uses = 0;
    }
    kb.filler();
    kb.finish();
    (void)table_name;
    (void)steps_name;
}

void recipe_atomic(KernelBuilder& kb) {
    Module& mod = kb.mod;
    Gen& g = kb.g;
    const SType f = kb.fscalar(), i32 = SType::scalar_of(Scalar::I32);
    kb.launch(kb.random_dim(1));
    kb.add_constants();
    ArrayRef& vals = kb.grid_array(NameRole::InArray, f, Access::In, 0.0, 1.0);
    const std::string vals_name = vals.name;
    static constexpr int64_t kBins[] = {4, 8, 10, 16, 32, 64};
    const int64_t bins = mod.rng.pick(kBins);
    std::string keys_name;
    if (mod.rng.chance(400)) keys_name = kb.index_array({mod.dim[0]}, bins, i32, "keys").name;
    const SType hist_t = mod.rng.chance(500) ? i32 : f;
    const std::string hist = kb.array(NameRole::OutArray, hist_t, {bins}, Access::Atomic, 0.0, 0.0,
                                      mod.rng.chance(500) ? "hist" : "bins")
                                 .name;
    std::string total, bounds, counter, compact;
    if (mod.rng.chance(500))
        total = kb.array(NameRole::OutArray, f, {1}, Access::Atomic, 0.0, 0.0, "total").name;
    if (mod.rng.chance(350))
        bounds = kb.array(NameRole::OutArray, f, {2}, Access::Atomic, 0.0, 0.0, "bounds").name;
    if (mod.rng.chance(300)) {
        // Stream compaction: a counter starting at 0 hands out unique slots.
        ArrayRef& ctr = kb.array(NameRole::OutArray, i32, {1}, Access::Atomic, 0.0, 0.0, "counter");
        ctr.reserved = true; // slots stay below dim only if nothing else adds to it
        counter = ctr.name;
        compact = kb.array(NameRole::OutArray, f, {mod.dim[0]}, Access::In, 0.0, 0.0, "compacted").name;
        if (ArrayRef* c = g.array_named(compact)) {
            c->readable = false;
            for (auto& spec : mod.args)
                if (spec.name == compact) spec.is_output = true;
        }
    }
    if (mod.rng.chance(400)) kb.scalar(NameRole::Param, f, 0.1, 2.0);
    kb.extra_params();
    if (mod.rng.chance(400)) grid_outputs(kb, 1, false);
    kb.helpers();
    kb.tid();
    const std::string i = mod.tids[0];
    const std::string v = let(kb, NameRole::Local, g.load_at(*g.array_named(vals_name), i));
    // The bin: from a key array, or from the value.
    std::string bin;
    if (!keys_name.empty()) {
        mod.feats.add(Tag::index_gather);
        bin = let_index(kb, NameRole::Local, g.load_at(*g.array_named(keys_name), i), "bin");
    } else {
        Value scaled =
            g.binop(g.var_named(v), "*", g.float_const(mod.fp, fmt::format("{}.0", bins)), f, kMul);
        Value asint = g.cast(scaled, i32);
        Value clamped = g.call("wp.clamp", {asint, g.int_lit(0), g.int_lit(bins - 1)}, i32);
        mod.feats.add(Tag::index_clamp);
        clamped.range = IntRange::of(0, bins - 1);
        bin = let_index(kb, NameRole::Local, clamped, "bin");
    }
    ArrayRef* h = g.array_named(hist);
    Value one = hist_t.is_int() ? g.int_lit(1) : g.var_named(v);
    g.atomic_to(*h, bin, one, "add");
    if (!total.empty() || !bounds.empty()) mod.feats.add(Tag::literal_int);
    if (!total.empty()) g.atomic_to(*g.array_named(total), "0", g.expr(f, 2), "add");
    if (!bounds.empty()) {
        g.atomic_to(*g.array_named(bounds), "0", g.var_named(v), "min");
        g.atomic_to(*g.array_named(bounds), "1", g.var_named(v), "max");
    }
    if (!counter.empty()) {
        Value c = g.cond(1);
        mod.feats.add(Tag::if_);
        g.open("if " + c.text);
        mod.feats.call("wp.atomic_add");
        mod.feats.add(Tag::literal_int);
        const std::string slot = g.fresh(NameRole::Local, i32);
        g.line(fmt::format("{} = wp.atomic_add({}, 0, 1)", slot, counter));
        g.store_to(*g.array_named(compact), slot, g.var_named(v));
        g.close();
        if (ArrayRef* a = g.array_named(counter)) a->written = true;
    }
    kb.filler();
    kb.finish();
}

void recipe_stencil(KernelBuilder& kb) {
    Module& mod = kb.mod;
    Gen& g = kb.g;
    const int nd = pick_ndim(kb, 0, 7, 3);
    kb.launch(kb.random_dim(nd));
    kb.add_constants();
    const SType f = kb.fscalar();
    const SType cell_t = mod.rng.chance(800) ? f : kb.fvec(mod.rng.chance(500) ? 2 : 3);
    const std::string src = kb.grid_array(NameRole::InArray, cell_t, Access::In).name;
    if (mod.rng.chance(300)) grid_inputs(kb, 1, false);
    static constexpr std::string_view kParams[] = {"alpha", "dt", "k", "diffusion", "weight"};
    if (mod.rng.chance(700)) kb.scalar(std::string(mod.rng.pick(kParams)), f, 0.01, 0.25);
    kb.extra_params();
    const std::string dst = kb.grid_array(NameRole::OutArray, cell_t, Access::Out).name;
    kb.helpers();
    kb.tid();
    const auto& tids = mod.tids;
    ArrayRef* s = g.array_named(src);
    auto index_with = [&](int axis, const std::string& text) {
        std::string idx;
        for (int d = 0; d < nd; ++d) idx += (d ? ", " : "") + (d == axis ? text : tids[size_t(d)]);
        return idx;
    };
    std::string center_index;
    for (int d = 0; d < nd; ++d) center_index += (d ? ", " : "") + tids[size_t(d)];
    const std::string c = let(kb, NameRole::Local, g.load_at(*s, center_index), "c");
    const size_t style = mod.rng.weighted({4, 3, 2, 2});
    std::vector<std::string> nbrs;
    if (style == 2) {
        // Interior guard: border cells copy through and return early.
        mod.feats.add(Tag::index_guard);
        mod.feats.add(Tag::if_);
        mod.feats.add(Tag::kernel_return);
        mod.feats.add(Tag::bool_or);
        mod.feats.add(Tag::compare);
        mod.feats.add(Tag::compare_eq);
        mod.feats.add(Tag::array_shape);
        mod.feats.add(Tag::literal_int);
        mod.feats.add(Tag::op_sub);
        std::string test;
        for (int d = 0; d < nd; ++d) {
            if (d) test += " or ";
            test +=
                fmt::format("{} == 0 or {} >= {}.shape[{}] - 1", tids[size_t(d)], tids[size_t(d)], src, d);
        }
        g.open("if " + test);
        g.store_to(*g.array_named(dst), center_index, g.var_named(c));
        g.line("return");
        g.close();
    }
    if (style == 3) {
        // A window loop along the first axis, indices clamped.
        const std::string acc = let(kb, NameRole::Accum, g.typed_zero(cell_t));
        if (Var* a = g.find_var(acc)) a->is_const = false;
        const int r = mod.rng.range(1, 2);
        const std::string k = g.fresh(NameRole::LoopVar, SType::scalar_of(Scalar::I32));
        // The radius as a Python global and the window length as a static expression
        // (unrolled at code generation), or literals.
        const bool stat = mod.rng.chance(500);
        std::string radius = std::to_string(r), taps = std::to_string(2 * r + 1);
        if (stat) {
            radius = kb.add_constant("RADIUS", SType::scalar_of(Scalar::I32), std::to_string(r), false,
                                     IntRange::of(r, r));
            taps = fmt::format("wp.static(2 * {} + 1)", radius);
            kb.fn.evaluated.insert(radius); // read in the loop body below
            mod.feats.add(Tag::python_global_constant);
            mod.feats.add(Tag::static_expr);
            mod.feats.add(Tag::op_mul);
            mod.feats.call("wp.static");
        }
        mod.feats.call("range");
        mod.feats.add(Tag::range_1arg);
        mod.feats.add(Tag::for_unrolled);
        mod.feats.add(Tag::index_clamp);
        mod.feats.add(Tag::array_shape);
        mod.feats.add(Tag::literal_int);
        mod.feats.add(Tag::op_add);
        mod.feats.add(Tag::op_sub);
        LoopFrame frame;
        frame.trip = 2 * r + 1;
        g.loop(fmt::format("for {} in range({})", k, taps), k, IntRange::of(0, 2 * r), frame, [&]() {
            const std::string idx =
                fmt::format("wp.clamp({} + {} - {}, 0, {}.shape[0] - 1)", tids[0], k, radius, src);
            mod.feats.call("wp.clamp");
            const std::string x =
                let(kb, NameRole::Local, g.load_at(*g.array_named(src), index_with(0, idx)));
            mod.feats.add(Tag::aug_assign_local);
            g.line(fmt::format("{} += {}", acc, x));
            if (Var* a = g.find_var(acc)) g.note_mutation(*a, a->range);
        });
        if (Var* a = g.find_var(acc)) a->uses = 0;
    } else {
        for (int d = 0; d < nd; ++d) {
            const std::string& t = tids[size_t(d)];
            for (int sign = -1; sign <= 1; sign += 2) {
                std::string idx;
                const std::string off = fmt::format("{} {} 1", t, sign < 0 ? "-" : "+");
                mod.feats.add(sign < 0 ? Tag::op_sub : Tag::op_add);
                mod.feats.add(Tag::literal_int);
                if (style == 0) {
                    mod.feats.add(Tag::index_clamp);
                    mod.feats.call("wp.clamp");
                    if (mod.rng.chance(500)) {
                        mod.feats.add(Tag::array_shape);
                        idx = fmt::format("wp.clamp({}, 0, {}.shape[{}] - 1)", off, src, d);
                    } else {
                        idx = fmt::format("wp.clamp({}, 0, {})", off, mod.dim[size_t(d)] - 1);
                    }
                } else if (style == 1) {
                    mod.feats.add(Tag::index_wrap);
                    mod.feats.add(Tag::op_mod);
                    mod.feats.add(Tag::array_shape);
                    idx = sign < 0 ? fmt::format("({} + {}.shape[{}]) % {}.shape[{}]", off, src, d, src, d)
                                   : fmt::format("({}) % {}.shape[{}]", off, src, d);
                } else {
                    idx = off; // inside the guard
                }
                nbrs.push_back(let(kb, NameRole::Local, g.load_at(*g.array_named(src), index_with(d, idx))));
            }
        }
        // The Laplacian of the neighbours.
        Value sum = g.var_named(nbrs[0]);
        for (size_t k = 1; k < nbrs.size(); ++k) sum = g.binop(sum, "+", g.var_named(nbrs[k]), cell_t, kAdd);
        Value scale = g.float_const(mod.fp, fmt::format("{}.0", 2 * nd));
        Value lap = g.binop(sum, "-", g.binop(scale, "*", g.var_named(c), cell_t, kMul), cell_t, kAdd);
        let(kb, NameRole::Local, lap, "lap");
    }
    kb.filler(mod.rng.range(0, std::max(1, mod.policy[Knob::Stmts] / 2)));
    kb.finish();
}

} // namespace ws::synth
