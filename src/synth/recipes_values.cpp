// Recipes about values: arithmetic, math, vector, matrix, quaternion/transform.
#include "synth/recipes.h"

#include <fmt/format.h>

namespace ws::synth {

using namespace recipe;

void recipe_arithmetic(KernelBuilder& kb) {
    Module& mod = kb.mod;
    Gen& g = kb.g;
    const int nd = pick_ndim(kb, 7, 3, 1, 1);
    kb.launch(kb.random_dim(nd));
    kb.add_constants();
    grid_inputs(kb, mod.rng.range(1, 3), true);
    if (mod.rng.chance(500)) kb.scalar(NameRole::Param, kb.fscalar(), -2.0, 2.0);
    Var* width = nullptr;
    if (nd == 1 && mod.rng.chance(350)) width = &kb.scalar("width", SType::scalar_of(Scalar::I32), 1.0, 64.0);
    const std::string width_name = width ? width->name : "";
    kb.extra_params();
    grid_outputs(kb, mod.rng.range(1, 2), true);
    kb.helpers();
    kb.tid();
    if (nd == 1 && mod.rng.chance(450)) {
        // Index decomposition of a flat launch into a 2D grid.
        Value i = g.var_named(mod.tids[0]);
        Value w = width ? g.var_named(width_name) : g.int_lit(mod.rng.range(2, 16));
        Value row = g.binop(i, "//", w, i.type, kMul);
        row.range = IntRange::of(0, i.range.hi);
        Value col = g.binop(i, "%", w, i.type, kMul);
        col.range = IntRange::of(0, std::max<int64_t>(w.range.hi - 1, 0));
        let(kb, NameRole::Local, row, "row");
        let(kb, NameRole::Local, col, "col");
    }
    kb.load_inputs(3);
    kb.filler();
    kb.finish();
}

void recipe_math(KernelBuilder& kb) {
    Module& mod = kb.mod;
    const int nd = pick_ndim(kb, 7, 3, 0);
    kb.launch(kb.random_dim(nd));
    kb.add_constants();
    grid_inputs(kb, mod.rng.range(1, 2), false);
    static constexpr std::string_view kParams[] = {"freq",      "gain",        "scale",
                                                   "sharpness", "temperature", "gamma"};
    for (int k = mod.rng.range(0, 2); k > 0; --k)
        kb.scalar(std::string(mod.rng.pick(kParams)), kb.fscalar(), 0.1, 4.0);
    kb.extra_params();
    grid_outputs(kb, mod.rng.range(1, 2), false);
    kb.helpers();
    kb.tid();
    kb.load_inputs(2);
    kb.filler();
    kb.finish();
}

void recipe_vector(KernelBuilder& kb) {
    Module& mod = kb.mod;
    Gen& g = kb.g;
    kb.require(kb.fvec(3), 40);
    std::vector<SType> vecs;
    for (const auto& [t, w] : mod.palette)
        if (t.is_float_vec() && w > 0) vecs.push_back(t);
    auto vec_type = [&]() { return vecs[mod.rng.below(vecs.size())]; };
    kb.add_constants();
    // Gather through triangles: launch over elements, read vertices by index.
    if (mod.rng.chance(300)) {
        const int64_t nv = mod.rng.pick(std::vector<int64_t>{32, 64, 100, 256});
        kb.launch(kb.random_dim(1));
        ArrayRef& verts = kb.array(NameRole::InArray, kb.fvec(3), {nv}, Access::In, -1.0, 1.0, "verts");
        const std::string verts_name = verts.name;
        const bool as_vec = mod.rng.chance(400);
        ArrayRef& tris = as_vec ? kb.index_array({mod.dim[0]}, nv, SType::vec(3, Scalar::I32), "tris")
                                : kb.index_array({mod.dim[0], 3}, nv, SType::scalar_of(Scalar::I32), "tris");
        const std::string tris_name = tris.name;
        grid_outputs(kb, mod.rng.range(1, 2), false);
        kb.extra_params();
        kb.helpers();
        kb.tid();
        const std::string i = mod.tids[0];
        ArrayRef* tr = g.array_named(tris_name);
        std::vector<std::string> corners;
        if (as_vec) {
            std::string t = let_index(kb, NameRole::Local, g.load_at(*tr, i), "tri");
            g.find_var(t)->range = IntRange::of(0, nv - 1);
            for (int c = 0; c < 3; ++c) {
                mod.feats.add(Tag::vec_index_read);
                mod.feats.add(Tag::index_gather);
                Value idx = g.var_named(t);
                idx.text = fmt::format("{}[{}]", t, c);
                idx.type = SType::scalar_of(Scalar::I32);
                idx.range = IntRange::of(0, nv - 1);
                corners.push_back(let(kb, NameRole::Local, g.load_at(*g.array_named(verts_name), idx.text)));
            }
        } else {
            for (int c = 0; c < 3; ++c) {
                mod.feats.add(Tag::literal_int);
                mod.feats.add(Tag::index_gather);
                Value idx = g.load_at(*tr, fmt::format("{}, {}", i, c));
                std::string iv = let_index(kb, NameRole::Local, idx);
                corners.push_back(let(kb, NameRole::Local, g.load_at(*g.array_named(verts_name), iv)));
            }
        }
        Value e1 = g.binop(g.var_named(corners[1]), "-", g.var_named(corners[0]), kb.fvec(3), kAdd);
        Value e2 = g.binop(g.var_named(corners[2]), "-", g.var_named(corners[0]), kb.fvec(3), kAdd);
        let(kb, NameRole::Local, g.call("wp.cross", {e1, e2}, kb.fvec(3)), "n");
        kb.filler();
        kb.finish();
        return;
    }
    kb.launch(kb.random_dim(1));
    for (int k = mod.rng.range(1, 3); k > 0; --k) kb.grid_array(NameRole::InArray, vec_type(), Access::In);
    if (mod.rng.chance(400)) kb.grid_array(NameRole::InArray, kb.fscalar(), Access::In, 0.1, 2.0);
    if (mod.rng.chance(400)) kb.composite("axis", kb.fvec(3), -1.0, 1.0);
    kb.extra_params();
    kb.grid_array(NameRole::OutArray, vec_type(), Access::Out);
    if (mod.rng.chance(500)) kb.grid_array(NameRole::OutArray, kb.fscalar(), Access::Out);
    kb.helpers();
    kb.tid();
    kb.load_inputs(3);
    kb.filler();
    kb.finish();
}

void recipe_matrix(KernelBuilder& kb) {
    Module& mod = kb.mod;
    std::vector<SType> mats;
    for (const auto& [t, w] : mod.palette)
        if (t.kind == Kind::Mat && t.custom < 0 && w > 0) mats.push_back(t);
    if (mats.empty()) {
        kb.require(SType::mat(3, 3, mod.fp), 20);
        mats.push_back(SType::mat(3, 3, mod.fp));
    }
    for (const auto& m : mats) kb.require(SType::vec(m.n, mod.fp), 15);
    auto mat_type = [&]() { return mats[mod.rng.below(mats.size())]; };
    kb.launch(kb.random_dim(1));
    kb.add_constants();
    for (int k = mod.rng.range(1, 2); k > 0; --k) kb.grid_array(NameRole::InArray, mat_type(), Access::In);
    if (mod.rng.chance(600)) {
        const SType m = mat_type();
        kb.grid_array(NameRole::InArray, SType::vec(m.n, mod.fp), Access::In);
    }
    if (mod.rng.chance(300)) kb.composite("M0", mat_type(), -1.0, 1.0);
    kb.extra_params();
    const size_t out = mod.rng.weighted({4, 3, 3});
    if (out == 0) kb.grid_array(NameRole::OutArray, mat_type(), Access::Out);
    if (out == 1) kb.grid_array(NameRole::OutArray, SType::vec(mat_type().n, mod.fp), Access::Out);
    kb.grid_array(NameRole::OutArray, kb.fscalar(), Access::Out);
    kb.helpers();
    kb.tid();
    kb.load_inputs(3);
    kb.filler();
    kb.finish();
}

void recipe_quat_transform(KernelBuilder& kb) {
    Module& mod = kb.mod;
    Gen& g = kb.g;
    const SType q = SType::quat(mod.fp), x = SType::transform(mod.fp), v3 = kb.fvec(3);
    kb.require(q, 30);
    kb.require(v3, 30);
    kb.launch(kb.random_dim(1));
    kb.add_constants();
    const bool poses = mod.rng.chance(500);
    if (poses) kb.require(x, 25);
    ArrayRef& rot =
        kb.grid_array(NameRole::InArray, poses ? x : q, mod.rng.chance(300) ? Access::InOut : Access::In);
    const std::string rot_name = rot.name;
    kb.grid_array(NameRole::InArray, v3, Access::In);
    if (mod.rng.chance(500))
        kb.scalar(std::string(mod.rng.chance(500) ? "dt" : "angle"), kb.fscalar(), 0.01, 1.0);
    if (mod.rng.chance(400)) kb.composite("axis", v3, -1.0, 1.0);
    kb.extra_params();
    kb.grid_array(NameRole::OutArray, mod.rng.chance(500) ? v3 : (poses ? x : q), Access::Out);
    if (mod.rng.chance(400)) kb.grid_array(NameRole::OutArray, kb.fscalar(), Access::Out);
    kb.helpers();
    kb.tid();
    // Array quaternions are normalized before use, as real code does.
    ArrayRef* r = g.array_named(rot_name);
    Value loaded = g.load_at(*r, mod.tids[0]);
    if (!poses) {
        Value nq = g.call("wp.normalize", {loaded}, q);
        nq.unit = true;
        Var& v = g.define(g.fresh(NameRole::Local, q), nq);
        v.unit = true;
    } else {
        let(kb, NameRole::Local, loaded);
    }
    kb.load_inputs(2);
    kb.filler();
    kb.finish();
}

} // namespace ws::synth
