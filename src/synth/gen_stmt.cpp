// Statements: locals, (augmented) reassignment, component and field writes,
// if/elif/else, for and while loops with break/continue, array stores and
// atomics, helper calls. Loops always terminate (constant, shape or
// parameter bounds; while loops count their iterations), and the total trip
// count per thread is bounded.
#include "synth/gen.h"

#include <algorithm>
#include <fmt/format.h>

namespace ws::synth {

namespace {

constexpr int64_t kMaxTrip = 4096; // iterations per thread, all loops nested

constexpr const char* kXyzw[] = {"x", "y", "z", "w"};

} // namespace

void Gen::block(int n) {
    const size_t before = fn.lines.size();
    for (int k = 0; k < std::max(n, 1); ++k) stmt();
    if (fn.nesting > 0) sink_unused(); // a block's results flow out of it
    if (fn.lines.size() == before) stmt_local();
}

void Gen::stmt() {
    begin_statement();
    const auto& p = mod.policy;
    const bool kernel = fn.is_kernel;
    const int max_nest = std::max(1, p[Knob::Nesting]);
    const bool can_nest = fn.nesting < max_nest;
    bool have_mutable = false, have_composite = false;
    for (const auto& v : fn.vars) {
        if (!can_mutate(v) || v.is_rng) continue;
        if (v.type.is_float() || v.type.is_composite() || v.type.is_int()) have_mutable = true;
        if (v.type.kind == Kind::Vec || v.type.kind == Kind::Mat || v.type.kind == Kind::Struct)
            have_composite = true;
    }
    bool store_ok = false, atomic_ok = false;
    for (const auto& a : fn.arrays) {
        store_ok = store_ok || (a.writable && a.owned_dims > 0);
        atomic_ok = atomic_ok || (a.atomic_target && !a.reserved);
    }
    bool void_helper = false, multi_helper = false;
    for (const auto& h : mod.helpers) {
        if (fn.helper_index >= 0 && &h - mod.helpers.data() >= fn.helper_index) break;
        void_helper =
            void_helper || (h.returns.empty() && (kernel || h.params.empty() || !h.params[0].is_array));
        multi_helper = multi_helper || h.returns.size() > 1;
    }
    bool loop_control = false;
    if (!fn.loops.empty()) loop_control = fn.loops.back().allow_break || fn.loops.back().allow_continue;

    enum { Local, Reassign, Aug, Comp, If, For, While, Store, Atomic, CallVoid, Unpack, EarlyRet, Control };
    // Nested blocks mostly update variables of the enclosing code.
    const int nested = fn.nesting > 0 ? 2 : 1;
    std::vector<int> w = {
        p[Knob::SLocal] / nested,
        have_mutable ? p[Knob::SReassign] * nested : 0,
        have_mutable ? (p[Knob::SAugLocal] + 5) * nested : 0,
        have_composite ? p[Knob::SComponentWrite] : 0,
        can_nest ? p[Knob::SIf] : 0,
        can_nest && fn.trip * 2 <= kMaxTrip ? p[Knob::SFor] : 0,
        can_nest && fn.trip * 2 <= kMaxTrip ? p[Knob::SWhile] : 0,
        kernel && store_ok ? p[Knob::SStore] : 0,
        kernel && atomic_ok ? p[Knob::SAtomic] : 0,
        void_helper ? p[Knob::SCallVoid] : 0,
        multi_helper ? p[Knob::STupleUnpack] : 0,
        kernel && fn.nesting == 0 && fn.loops.empty() ? p[Knob::SEarlyReturn] : 0,
        loop_control ? 12 : 0,
    };
    switch (mod.rng.weighted(w)) {
    case Reassign: stmt_reassign(); break;
    case Aug: stmt_aug_local(); break;
    case Comp: stmt_component_write(); break;
    case If: stmt_if(); break;
    case For: stmt_for(); break;
    case While: stmt_while(); break;
    case Store: stmt_store(); break;
    case Atomic: stmt_atomic(); break;
    case CallVoid: stmt_call_void(); break;
    case Unpack: stmt_tuple_unpack(); break;
    case EarlyRet: stmt_early_return(); break;
    case Control: {
        const LoopFrame& lf = fn.loops.back();
        const bool brk = lf.allow_break && (!lf.allow_continue || mod.rng.chance(500));
        begin_statement();
        Value c = cond(1);
        open("if " + c.text);
        mod.feats.add(Tag::if_);
        if (mod.rng.chance(300)) stmt_local();
        line(brk ? "break" : "continue");
        mod.feats.add(brk ? Tag::break_ : Tag::continue_);
        if (brk) fn.loops.back().wrote_break = true;
        close();
        break;
    }
    default: stmt_local(); break;
    }
}

// ---------------------------------------------------------------- locals

void Gen::stmt_local() {
    begin_statement();
    // Structs are built field by field.
    if (!mod.structs.empty() && mod.rng.chance(120)) {
        const int si = static_cast<int>(mod.rng.below(mod.structs.size()));
        const SType st = SType::structure(si);
        const auto& def = mod.structs[size_t(si)];
        const std::string name = fresh(NameRole::Local, st);
        mod.feats.add(Tag::struct_construct);
        Value ctor = call(def.name, std::vector<Value>{}, st);
        // Every field is written before the value is used: no uninitialised reads.
        std::vector<Value> values;
        for (const auto& [field, ft] : def.fields) values.push_back(expr(ft, depth_budget()));
        Var& v = define(name, ctor, true);
        const std::string vname = v.name;
        for (size_t f = 0; f < def.fields.size(); ++f) {
            mod.feats.add(Tag::struct_field_write);
            line(fmt::format("{}.{} = {}", vname, def.fields[f].first, values[f].text));
        }
        return;
    }
    const SType t = pick_type(true, mod.rng.chance(80));
    Value v = expr(t, depth_budget());
    // A bare copy of another variable aliases it in Warp; write an expression.
    for (int k = 0; k < 3 && is_bare_name(v); ++k) {
        need_var = true;
        v = expr(t, 2);
    }
    if (is_bare_name(v)) { // still a bare copy: compute something from it
        if (t.is_int() && range_fits(range_add(v.range, IntRange::of(1, 1)), kIntLimit) &&
            t.scalar != Scalar::U32) {
            const IntRange r = range_add(v.range, IntRange::of(1, 1));
            v = binop(v, "+", int_lit(1, t.scalar), t, kAdd);
            v.range = r;
        } else if (t.is_float() ||
                   (t.has_float_components() && t.kind != Kind::Quat && t.kind != Kind::Transform)) {
            v = binop(v, "*", float_lit(t.scalar, false), t, kMul);
        } else if (t.kind == Kind::Quat) {
            v = call("wp.normalize", {v}, t);
        } else if (t.kind == Kind::Transform) {
            v = call("wp.transform_inverse", {v}, t);
        } else {
            v = paren(v);
        }
    }
    // Inside a loop a name bound to a literal (a Warp constant) would be
    // re-bound on the next unrolled iteration, which Warp rejects around
    // dynamic loops; give it a computed value instead.
    if (v.literal && !fn.loops.empty()) {
        if (t.is_float() || t.is_bool()) {
            Value e = nonliteral(t);
            if (e.literal)
                v = cast(v, t);
            else
                v = t.is_bool() ? binop(e, "and", v, t, kAnd) : binop(e, "*", v, t, kMul);
        } else {
            const IntRange r = v.range;
            v = cast(v, t); // `int(3)`: a typed value, not a constant
            v.range = r;
        }
        v.literal = false;
    }
    define(fresh(NameRole::Local, t), v);
}

void Gen::stmt_reassign() {
    begin_statement();
    std::vector<Var*> cands;
    for (auto& v : fn.vars)
        if (can_mutate(v) && !v.is_rng &&
            (v.type.is_float() || v.type.is_composite() || v.type.is_int() || v.type.is_bool()))
            cands.push_back(&v);
    if (cands.empty()) return stmt_local();
    Var& v = *cands[mod.rng.below(cands.size())];
    const SType t = v.type;
    const int d = std::max(1, depth_budget() - 1);
    Value cur = use(v);
    Value rhs;
    if (t.is_bool()) {
        const bool is_and = mod.rng.chance(500);
        rhs = binop(cur, is_and ? "and" : "or", cond(d), t, is_and ? kAnd : kOr);
    } else if (t.scalar == Scalar::U32 && t.is_scalar()) {
        rhs = binop(cur, "^", binop(paren(cur), ">>", int_lit(mod.rng.range(1, 16), Scalar::U32), t, kShift),
                    t, kBitXor);
    } else if (t.is_int()) {
        // Integers stay bounded: clamp or wrap the update.
        const Features saved = mod.feats;
        Value e = int_expr(t, d);
        IntRange r = range_add(cur.range, e.range);
        Value sum;
        if (range_fits(r, t.scalar == Scalar::I64 ? kInt64Limit : kIntLimit)) {
            sum = binop(cur, "+", e, t, kAdd);
        } else {
            mod.feats = saved;
            sum = binop(cur, "+", int_lit(1, t.scalar), t, kAdd);
            r = range_add(cur.range, IntRange::of(1, 1));
        }
        int64_t hi = mod.rng.range(8, 256);
        if (read_in_open_loop(v)) {
            // Earlier reads in the loop assumed v.range: the update must stay inside it.
            if (v.range.lo > 0 || v.range.hi < 1) {
                mod.feats = saved;
                return stmt_local();
            }
            hi = v.range.hi;
        }
        if (t.scalar == Scalar::I32 && r.lo >= 0 && mod.rng.chance(400)) {
            rhs = binop(paren(sum), "%", int_lit(hi), t, kMul);
            rhs.range = IntRange::of(0, hi - 1);
        } else {
            rhs = call("wp.clamp", {sum, int_lit(0, t.scalar), int_lit(hi, t.scalar)}, t);
            rhs.range = IntRange::of(0, hi);
        }
    } else if (t.is_float()) {
        const size_t form = mod.rng.weighted({5, 3, 2, 2});
        if (form == 0) {
            static constexpr std::string_view kOps[] = {"+", "-", "*"};
            const std::string_view op = mod.rng.pick(kOps);
            rhs = binop(cur, op, expr(t, d), t, op == "*" ? kMul : kAdd);
        } else if (form == 1) {
            rhs = call(mod.rng.chance(500) ? "wp.min" : "wp.max", {cur, expr(t, d)}, t);
        } else if (form == 2) {
            rhs = binop(cur, "/", positive(t, d), t, kMul);
        } else {
            rhs = binop(binop(cur, "*", float_lit(t.scalar, false), t, kMul), "+", expr(t, d), t, kAdd);
        }
    } else if (t.kind == Kind::Quat) {
        rhs = call("wp.normalize", {binop(cur, "*", expr(t, d), t, kMul)}, t);
    } else if (t.kind == Kind::Vec && t.is_float_vec() && t.custom < 0 && mod.rng.chance(300)) {
        rhs = call("wp.normalize", {binop(cur, "+", expr(t, d), t, kAdd)}, t);
    } else if (t.kind == Kind::Transform) {
        rhs = call("wp.transform_multiply", {cur, expr(t, d)}, t);
    } else if (t.has_float_components()) {
        if (mod.rng.chance(500))
            rhs = binop(cur, mod.rng.chance(500) ? "+" : "-", expr(t, d), t, kAdd);
        else
            rhs = binop(cur, "*", expr(t.component(), d), t, kMul);
    } else {
        const Features saved = mod.feats;
        Value e = expr(t, d); // integer vectors
        if (!range_fits(range_add(cur.range, e.range), kIntLimit)) {
            mod.feats = saved;
            return stmt_local();
        }
        rhs = binop(cur, "+", e, t, kAdd);
        rhs.range = range_add(cur.range, e.range);
    }
    mod.feats.add(Tag::local_reassign);
    line(fmt::format("{} = {}", v.name, rhs.text));
    note_mutation(v, rhs.range);
}

void Gen::stmt_aug_local() {
    begin_statement();
    std::vector<Var*> cands;
    for (auto& v : fn.vars)
        if (can_mutate(v) && !v.is_rng && !v.type.is_bool() && v.type.kind != Kind::Struct &&
            v.type.kind != Kind::Transform && v.type.kind != Kind::Quat &&
            (v.type.is_scalar() || v.type.has_float_components()))
            cands.push_back(&v);
    if (cands.empty()) return stmt_local();
    Var& v = *cands[mod.rng.below(cands.size())];
    const SType t = v.type;
    const int d = std::max(1, depth_budget() - 1);
    std::string op;
    Value rhs;
    IntRange new_range = v.range;
    if (t.scalar == Scalar::U32 && t.is_scalar()) {
        static constexpr std::string_view kOps[] = {"^=", "+=", "*="};
        op = mod.rng.pick(kOps);
        rhs = op == "*=" ? literal(t) : uint_expr(d);
        if (op == "^=") mod.feats.add(Tag::op_bitwise);
        if (op == "+=") mod.feats.add(Tag::op_add);
        if (op == "*=") mod.feats.add(Tag::op_mul);
    } else if (t.is_int()) {
        // The value grows once per enclosing iteration since its definition.
        const int64_t times = std::max<int64_t>(1, fn.trip / std::max<int64_t>(1, v.trip_at_def));
        const Features saved = mod.feats;
        Value e = mod.rng.chance(600) ? int_lit(mod.rng.range(1, 4), t.scalar) : int_expr(t, d);
        const bool minus = mod.rng.chance(300);
        IntRange step = minus ? IntRange::of(-e.range.hi, -e.range.lo) : e.range;
        IntRange total = range_mul(step, IntRange::of(0, times));
        new_range = range_add(v.range, total);
        if (!range_fits(new_range, t.scalar == Scalar::I64 ? kInt64Limit : kIntLimit)) {
            mod.feats = saved;
            return stmt_local();
        }
        if ((new_range.lo != v.range.lo || new_range.hi != v.range.hi) &&
            read_in_open_loop(v)) { // earlier reads in the loop assumed v.range
            mod.feats = saved;
            return stmt_local();
        }
        op = minus ? "-=" : "+=";
        mod.feats.add(minus ? Tag::op_sub : Tag::op_add);
        rhs = e;
    } else if (t.is_float()) {
        const size_t form = mod.rng.weighted({5, 3, 3, 1});
        static constexpr std::string_view kOps[] = {"+=", "-=", "*=", "/="};
        op = kOps[form];
        rhs = form == 3 ? positive(t, d) : expr(t, d);
        if (rhs.text == v.name) rhs = expr(t, d + 1);
    } else {
        // Vectors, matrices, spatial vectors: add a value or scale by a scalar.
        const size_t form = mod.rng.weighted({5, 3, 3});
        static constexpr std::string_view kOps[] = {"+=", "-=", "*="};
        op = kOps[form];
        rhs = form == 2 ? expr(t.component(), d) : expr(t, d);
    }
    static constexpr std::pair<std::string_view, Tag> kOpTags[] = {
        {"+=", Tag::op_add}, {"-=", Tag::op_sub}, {"*=", Tag::op_mul}, {"/=", Tag::op_div}};
    for (const auto& [o, tag] : kOpTags)
        if (o == op) mod.feats.add(tag);
    mod.feats.add(Tag::aug_assign_local);
    line(fmt::format("{} {} {}", v.name, op, rhs.text));
    note_mutation(v, new_range);
    v.range = new_range;
}

void Gen::stmt_component_write() {
    begin_statement();
    std::vector<Var*> cands;
    for (auto& v : fn.vars)
        if (v.assignable && !v.is_loop_var &&
            (v.type.kind == Kind::Vec || v.type.kind == Kind::Mat || v.type.kind == Kind::Struct))
            cands.push_back(&v);
    if (cands.empty()) return stmt_local();
    Var& v = *cands[mod.rng.below(cands.size())];
    const SType t = v.type;
    const int d = std::max(1, depth_budget() - 1);
    ++v.uses;
    if (t.kind == Kind::Struct) {
        const auto& def = mod.structs[size_t(t.custom)];
        const auto& [field, ft] = def.fields[mod.rng.below(def.fields.size())];
        const bool aug = (ft.is_float() || ft.is_float_vec()) && mod.rng.chance(300);
        mod.feats.add(Tag::struct_field_write);
        if (aug) {
            mod.feats.add(Tag::aug_assign_attribute);
            mod.feats.add(Tag::op_add);
        }
        line(fmt::format("{}.{} {} {}", v.name, field, aug ? "+=" : "=", expr(ft, d).text));
        return;
    }
    const SType comp = t.component();
    if (t.kind == Kind::Mat) {
        if (t.custom < 0 && mod.rng.chance(250)) {
            mod.feats.add(Tag::mat_row_write);
            mod.feats.add(Tag::literal_int);
            line(fmt::format("{}[{}] = {}", v.name, mod.rng.range(0, t.n - 1),
                             expr(SType::vec(t.m, t.scalar), d).text));
            return;
        }
        const int r = mod.rng.range(0, t.n - 1), c = mod.rng.range(0, t.m - 1);
        mod.feats.add(Tag::literal_int);
        static constexpr std::string_view kOps[] = {"=", "=", "+=", "-="};
        const std::string_view op = mod.rng.pick(kOps);
        if (op == "=") {
            mod.feats.add(Tag::mat_elem_write);
        } else {
            mod.feats.add(Tag::aug_assign_composite_inplace);
            mod.feats.add(op == "+=" ? Tag::op_add : Tag::op_sub);
        }
        line(fmt::format("{}[{}, {}] {} {}", v.name, r, c, op, expr(comp, d).text));
        return;
    }
    // Vectors: `.x` attributes (length <= 4) or `[k]` indices, plain or augmented.
    const int n = t.n;
    const int k = mod.rng.range(0, n - 1);
    const bool attr = n <= 4 && t.custom < 0 && mod.rng.chance(450);
    const size_t form = mod.rng.weighted({5, 3, t.has_float_components() ? 2 : 0});
    std::string target = attr ? fmt::format("{}.{}", v.name, kXyzw[k]) : fmt::format("{}[{}]", v.name, k);
    const Features saved = mod.feats;
    if (!attr) mod.feats.add(Tag::literal_int);
    Value e;
    if (comp.is_int()) {
        e = int_expr(comp, d);
        if (form == 1) { // element range grows
            IntRange r =
                range_add(v.range, range_mul(e.range, IntRange::of(0, std::max<int64_t>(1, fn.trip))));
            if (!range_fits(r, kIntLimit)) {
                mod.feats = saved;
                return stmt_local();
            }
            v.range = r;
        } else {
            v.range = range_union(v.range, e.range);
        }
    } else {
        e = form == 2 ? float_lit(comp.scalar, false) : expr(comp, d);
    }
    std::string_view op = form == 0 ? "=" : (form == 1 ? (mod.rng.chance(600) ? "+=" : "-=") : "*=");
    if (form == 0) {
        mod.feats.add(attr ? Tag::component_write : Tag::vec_index_write);
    } else if (attr) {
        mod.feats.add(Tag::aug_assign_attribute);
    } else {
        mod.feats.add(form == 1 ? Tag::aug_assign_composite_inplace : Tag::aug_assign_composite_copy);
    }
    if (op == "+=") mod.feats.add(Tag::op_add);
    if (op == "-=") mod.feats.add(Tag::op_sub);
    if (op == "*=") mod.feats.add(Tag::op_mul);
    line(fmt::format("{} {} {}", target, op, e.text));
}

// ---------------------------------------------------------------- control flow

void Gen::stmt_if() {
    begin_statement();
    const int n = std::max(1, mod.rng.range(1, std::max(1, mod.policy[Knob::BlockStmts])));
    Value c = cond(std::max(1, depth_budget()));
    if (fn.in_if) mod.feats.add(Tag::if_nested);
    mod.feats.add(Tag::if_);
    const bool saved = fn.in_if;
    fn.in_if = true;
    const size_t if_line = fn.lines.size();
    // Each branch starts from the state before the `if` (a constant mutated in
    // one branch is still a constant in the next); after the chain, Warp merges
    // every mutated variable into a non-constant value.
    struct Snap {
        std::string name;
        bool is_const;
        int dyn_depth;
        std::string const_text;
    };
    std::vector<Snap> snap;
    for (const auto& v : fn.vars) snap.push_back({v.name, v.is_const, v.dyn_depth, v.const_text});
    std::set<std::string> mutated;
    auto restore = [&]() {
        for (const auto& s : snap)
            if (Var* v = find_var(s.name)) {
                if (v->is_const != s.is_const || v->dyn_depth != s.dyn_depth) mutated.insert(s.name);
                v->is_const = s.is_const;
                v->dyn_depth = s.dyn_depth;
                v->const_text = s.const_text;
            }
    };
    open("if " + c.text);
    block(n);
    close();
    restore();
    while (mod.on(Knob::PElif) && mod.rng.chance(500)) {
        mod.feats.add(Tag::elif);
        begin_statement();
        Value c2 = cond(std::max(1, depth_budget() - 1));
        open("elif " + c2.text, if_line);
        block(std::max(1, n - 1));
        close();
        restore();
    }
    if (mod.on(Knob::PElse)) {
        mod.feats.add(Tag::else_);
        open("else", if_line);
        block(std::max(1, n - 1));
        close();
        restore();
    }
    for (const auto& name : mutated)
        if (Var* v = find_var(name)) {
            v->is_const = false;
            v->const_text.clear();
        }
    fn.in_if = saved;
}

void Gen::stmt_early_return() {
    begin_statement();
    Value c = cond(2);
    mod.feats.add(Tag::if_);
    mod.feats.add(Tag::kernel_return);
    open("if " + c.text);
    line("return");
    close();
}

void Gen::stmt_for() {
    const auto& p = mod.policy;
    const int64_t budget = kMaxTrip / std::max<int64_t>(1, fn.trip);
    if (budget < 2) return stmt_local();
    const SType i32 = SType::scalar_of(Scalar::I32);

    // Where the bounds come from.
    std::vector<const ArrayRef*> arrays;
    for (const auto& a : fn.arrays)
        if (a.shape[0] >= 2 && a.shape[0] <= budget) arrays.push_back(&a);
    std::vector<Var*> int_params;
    for (auto& v : fn.vars)
        if (!v.assignable && !v.is_loop_var && v.type == i32 && v.range.lo >= 0 && v.range.hi >= 1 &&
            v.range.hi <= std::min<int64_t>(budget, 64) && v.block == 0)
            int_params.push_back(&v);
    std::vector<const ModuleConst*> consts;
    for (const auto& c : mod.consts)
        if (c.type == i32 && c.range.lo >= 1 && c.range.hi <= 16 && !fn.evaluated.count(c.name))
            consts.push_back(&c);

    enum { Unrolled, Long, Shape, Param, Constant };
    const int dyn = std::max(1, p[Knob::PDynLoop]);
    const size_t form = mod.rng.weighted({std::max(1, p[Knob::PUnrolled]), budget > 20 ? dyn / 3 : 0,
                                          arrays.empty() ? 0 : dyn * p[Knob::PShapeBound] / 1000 + 1,
                                          int_params.empty() ? 0 : dyn / 2, consts.empty() ? 0 : 150});

    // Break/continue: a loop with `break` is never unrolled.
    bool allow_break = mod.on(Knob::PBreak);
    const bool allow_continue = mod.on(Knob::PContinue);

    std::string header_range;
    IntRange var_range;
    int64_t trip = 1;
    bool dynamic = true;
    bool neg_step = false;
    int nargs = 1;
    if (form == Unrolled || form == Long) {
        const int64_t n = form == Unrolled
                              ? mod.rng.range(2, static_cast<int>(std::min<int64_t>(budget, 12)))
                              : mod.rng.range(17, static_cast<int>(std::min<int64_t>(budget, 64)));
        int64_t lo = 0, step = 1;
        const size_t shape = mod.rng.weighted(
            {6, p[Knob::PRange2] / 100 + 1, p[Knob::PRange3] / 100, p[Knob::PNegStep] / 100});
        if (shape == 1) lo = mod.rng.range(1, 2);
        if (shape == 2) step = mod.rng.range(2, 3);
        const int64_t hi = lo + n;
        if (shape == 3) {
            neg_step = true;
            nargs = 3;
            header_range = fmt::format("range({}, {}, -1)", hi - 1, lo - 1);
            mod.feats.add(Tag::literal_negative);
        } else if (shape == 2) {
            nargs = 3;
            header_range = fmt::format("range({}, {}, {})", lo, hi, step);
        } else if (shape == 1) {
            nargs = 2;
            header_range = fmt::format("range({}, {})", lo, hi);
        } else {
            header_range = fmt::format("range({})", hi);
        }
        mod.feats.add(Tag::literal_int);
        var_range = IntRange::of(lo, hi - 1);
        trip = (hi - lo + step - 1) / step;
        dynamic = trip > 16 || allow_break;
    } else if (form == Shape) {
        const ArrayRef& a = *arrays[mod.rng.below(arrays.size())];
        const int64_t extent = a.shape[0];
        Value s = shape_of(a, 0);
        const size_t shape = mod.rng.weighted({6, p[Knob::PRange2] / 100, p[Knob::PNegStep] / 100});
        if (shape == 2) {
            neg_step = true;
            nargs = 3;
            header_range = fmt::format("range({} - 1, -1, -1)", s.text);
            mod.feats.add(Tag::literal_negative);
            mod.feats.add(Tag::op_sub);
            var_range = IntRange::of(0, extent - 1);
        } else if (shape == 1) {
            nargs = 2;
            header_range = fmt::format("range(1, {})", s.text);
            var_range = IntRange::of(1, extent - 1);
        } else {
            header_range = fmt::format("range({})", s.text);
            var_range = IntRange::of(0, extent - 1);
        }
        mod.feats.add(Tag::literal_int);
        trip = extent;
    } else if (form == Param) {
        Var& v = *int_params[mod.rng.below(int_params.size())];
        Value u = use(v);
        header_range = fmt::format("range({})", u.text);
        var_range = IntRange::of(0, v.range.hi - 1);
        trip = v.range.hi;
    } else {
        const ModuleConst& c = *consts[mod.rng.below(consts.size())];
        mod.feats.add(c.wp_constant ? Tag::module_constant : Tag::python_global_constant);
        if (!c.wp_constant && mod.on(Knob::PStatic)) {
            mod.feats.add(Tag::static_expr);
            mod.feats.call("wp.static");
            header_range = fmt::format("range(wp.static({}))", c.name);
            allow_break = false; // wp.static forces unrolling
        } else {
            header_range = fmt::format("range({})", c.name);
        }
        var_range = IntRange::of(0, c.range.hi - 1);
        trip = c.range.hi;
        dynamic = trip > 16 || allow_break;
    }
    mod.feats.call("range");
    mod.feats.add(nargs == 1 ? Tag::range_1arg : (nargs == 2 ? Tag::range_2arg : Tag::range_3arg));
    if (neg_step) mod.feats.add(Tag::range_negative_step);
    mod.feats.add(dynamic ? Tag::for_dynamic : Tag::for_unrolled);
    if (!fn.loops.empty()) mod.feats.add(Tag::loop_nested);

    // Often the loop carries an accumulator defined just before it.
    Var* acc = nullptr;
    std::string acc_name;
    const int accum_chance = mod.category == Category::Loops ? 750 : 500;
    if (mod.rng.chance(accum_chance)) {
        // Sums are mostly floats, sometimes vectors, sometimes integer counts.
        SType at = float_type();
        const size_t kind = mod.rng.weighted({6, 3, 1});
        if (kind == 1) {
            std::vector<SType> vecs;
            for (const auto& [pt, w] : mod.palette)
                if (w > 0 && pt.is_float_vec() && pt.custom < 0) vecs.push_back(pt);
            if (!vecs.empty()) at = vecs[mod.rng.below(vecs.size())];
        } else if (kind == 2) {
            at = SType::scalar_of(Scalar::I32);
        }
        // Typed (`float(0.0)`) when a dynamic loop will mutate it, or when it
        // is itself inside a loop (a constant re-bound by an enclosing
        // unrolled loop breaks Warp's dynamic-loop rule).
        const bool typed = at.is_scalar() && (dynamic || !fn.loops.empty() || mod.on(Knob::PTypedInit));
        Value init = typed ? typed_zero(at) : zero(at);
        acc_name = fresh(NameRole::Accum, at);
        acc = &define(acc_name, init, typed);
        acc->range = IntRange::of(0, 0);
    }
    const std::string var = fresh(NameRole::LoopVar, i32);
    LoopFrame frame;
    frame.dynamic = dynamic;
    frame.trip = std::max<int64_t>(trip, 1);
    frame.allow_break = allow_break;
    frame.allow_continue = allow_continue;
    const int n = mod.rng.range(1, std::max(1, p[Knob::BlockStmts]));
    loop("for " + var + " in " + header_range, var, var_range, frame, [&]() {
        block(n);
        // A constant range was counted as dynamic because of its `break`:
        // make sure there is one.
        if (frame.allow_break && !fn.loops.back().wrote_break) {
            begin_statement();
            Value c = cond(1);
            mod.feats.add(Tag::if_);
            mod.feats.add(Tag::break_);
            open("if " + c.text);
            line("break");
            close();
        }
        if (!acc_name.empty()) {
            begin_statement();
            Var* a = find_var(acc_name);
            if (a && can_mutate(*a)) {
                const SType at = a->type;
                const int d = std::max(1, depth_budget());
                if (at.is_int() && read_in_open_loop(*a)) {
                    // Read earlier in this loop at its current range: left as it is.
                } else if (at.is_int()) {
                    Value e = int_in(0, 16, d);
                    const int64_t times = frame.trip;
                    a->range = range_add(a->range, range_mul(e.range, IntRange::of(0, times)));
                    mod.feats.add(Tag::aug_assign_local);
                    mod.feats.add(Tag::op_add);
                    line(fmt::format("{} += {}", a->name, e.text));
                    note_mutation(*a, a->range);
                } else if (at.is_float() && mod.rng.chance(250)) {
                    mod.feats.add(Tag::local_reassign);
                    Value m = call(mod.rng.chance(500) ? "wp.max" : "wp.min", {use(*a), expr(at, d)}, at);
                    line(fmt::format("{} = {}", a->name, m.text));
                    note_mutation(*a, a->range);
                } else {
                    // A loop whose body never read its variable sums something indexed by it.
                    Var* lv = find_var(var);
                    Value term;
                    if (lv && lv->uses == 0) {
                        std::vector<ArrayRef*> by_k;
                        for (auto& arr : fn.arrays)
                            if (arr.ndim == 1 && arr.readable && arr.dtype == at &&
                                arr.shape[0] > var_range.hi && var_range.lo >= 0)
                                by_k.push_back(&arr);
                        if (!by_k.empty()) {
                            term = load_at(*by_k[mod.rng.below(by_k.size())], use(*lv).text);
                        } else {
                            Value k = cast(use(*lv), at.is_scalar() ? at : at.component());
                            term = binop(k, "*", expr(at, d), at, kMul);
                        }
                    } else {
                        term = expr(at, d);
                    }
                    mod.feats.add(Tag::aug_assign_local);
                    mod.feats.add(Tag::op_add);
                    line(fmt::format("{} += {}", a->name, term.text));
                    note_mutation(*a, a->range);
                }
            }
        }
    });
    // The accumulated value flows on: a later expression or a sink reads it.
    if (acc) {
        Var* a = find_var(acc_name);
        if (a) a->uses = 0;
    }
}

void Gen::stmt_while() {
    begin_statement();
    const auto& p = mod.policy;
    const int64_t budget = kMaxTrip / std::max<int64_t>(1, fn.trip);
    if (budget < 2) return stmt_local();
    const SType i32 = SType::scalar_of(Scalar::I32);
    const int64_t n = mod.rng.range(2, static_cast<int>(std::min<int64_t>(budget, 24)));
    const std::string cnt = fresh(NameRole::Counter, i32);
    Var& cv = define(cnt, typed_zero(i32), true);
    cv.assignable = false; // only the loop's own increment touches it
    cv.range = IntRange::of(0, n);
    cv.uses = 1;
    mod.feats.add(Tag::while_);
    mod.feats.add(Tag::aug_assign_local);
    mod.feats.add(Tag::op_add);
    mod.feats.add(Tag::literal_int);
    if (!fn.loops.empty()) mod.feats.add(Tag::loop_nested);
    const int body_n = mod.rng.range(1, std::max(1, p[Knob::BlockStmts]));
    LoopFrame frame;
    frame.dynamic = true;
    frame.is_while = true;
    frame.trip = n;
    if (mod.on(Knob::PWhileTrue)) {
        // while True: the counter check is the only way out.
        mod.feats.add(Tag::while_true);
        mod.feats.add(Tag::literal_bool);
        mod.feats.add(Tag::break_);
        mod.feats.add(Tag::if_);
        mod.feats.add(Tag::compare);
        frame.allow_break = mod.on(Knob::PBreak);
        frame.allow_continue = false; // would skip the counter
        loop("while True", "", {}, frame, [&]() {
            block(body_n);
            line(fmt::format("{} += 1", cnt));
            Value extra;
            std::string test = fmt::format("{} >= {}", cnt, n);
            if (mod.on(Knob::POr)) {
                Value c = cond(1);
                mod.feats.add(Tag::bool_or);
                test += " or " + wrap(c, kOr + 1);
            }
            open("if " + test);
            line("break");
            close();
        });
    } else {
        mod.feats.add(Tag::compare);
        std::string test = fmt::format("{} < {}", cnt, n);
        if (mod.on(Knob::PAnd)) {
            Value c = cond(1);
            mod.feats.add(Tag::bool_and);
            test += " and " + wrap(c, kAnd + 1);
        }
        frame.allow_break = mod.on(Knob::PBreak);
        frame.allow_continue = mod.on(Knob::PContinue);
        loop("while " + test, "", {}, frame, [&]() {
            // The increment comes first, so `continue` cannot skip it.
            line(fmt::format("{} += 1", cnt));
            block(body_n);
        });
    }
    Var* c = find_var(cnt);
    if (c) c->uses = 0;
}

// ---------------------------------------------------------------- arrays

void Gen::store_to(ArrayRef& a, const std::string& index, const Value& v) {
    mod.feats.add(Tag::array_store);
    line(fmt::format("{}[{}] = {}", a.name, index, v.text));
    a.written = true;
}

void Gen::atomic_to(ArrayRef& a, const std::string& index, const Value& v, std::string_view op) {
    a.written = true;
    const bool scalar = a.dtype.is_scalar();
    if ((op == "add" || op == "sub") && mod.on(Knob::PAtomicAug)) {
        mod.feats.add(Tag::aug_assign_array_atomic);
        mod.feats.add(op == "add" ? Tag::op_add : Tag::op_sub);
        line(fmt::format("{}[{}] {}= {}", a.name, index, op == "add" ? "+" : "-", v.text));
        return;
    }
    if (!scalar && (op == "min" || op == "max")) op = "add";
    const std::string fn_name = fmt::format("wp.atomic_{}", op);
    mod.feats.call(fn_name);
    line(fmt::format("{}({}, {}, {})", fn_name, a.name, index, v.text));
}

bool Gen::augmentable(const SType& t) {
    return (t.is_scalar() && !t.is_bool() && t.scalar != Scalar::F16 && t.scalar != Scalar::U32) ||
           (t.is_float_vec() && t.custom < 0);
}

void Gen::stmt_store() {
    begin_statement();
    // Outputs are mostly written once: unwritten ones first.
    std::vector<ArrayRef*> cands;
    std::vector<int> weights;
    for (auto& a : fn.arrays)
        if (a.writable && a.owned_dims > 0) {
            cands.push_back(&a);
            weights.push_back(a.written ? 1 : 6);
        }
    if (cands.empty()) return stmt_local();
    ArrayRef& a = *cands[mod.rng.weighted(weights)];
    const int d = depth_budget();
    // A store into one component or field of the element: `a[i].y = x`,
    // `a[i][k] += x`, `a[i].field = x`, `a[i][r, c] = x` (plain or atomic, never `*=`).
    const SType dt = a.dtype;
    const bool sliceable = (dt.kind == Kind::Vec && dt.has_float_components()) || dt.kind == Kind::Struct ||
                           (dt.kind == Kind::Mat && dt.custom < 0);
    if (sliceable && mod.on(Knob::PArraySlot)) {
        const std::string index = index_text(a, d);
        std::string slot;
        SType st;
        if (dt.kind == Kind::Struct) {
            const auto& def = mod.structs[size_t(dt.custom)];
            const auto& [field, ft] = def.fields[mod.rng.below(def.fields.size())];
            slot = "." + field;
            st = ft;
            mod.feats.add(Tag::struct_field_write);
        } else if (dt.kind == Kind::Mat) {
            slot = fmt::format("[{}, {}]", mod.rng.range(0, dt.n - 1), mod.rng.range(0, dt.m - 1));
            st = dt.component();
            mod.feats.add(Tag::mat_elem_write);
            mod.feats.add(Tag::literal_int);
        } else {
            const int k = mod.rng.range(0, dt.n - 1);
            const bool attr = dt.n <= 4 && dt.custom < 0 && mod.rng.chance(500);
            slot = attr ? std::string(".") + kXyzw[k] : fmt::format("[{}]", k);
            st = dt.component();
            mod.feats.add(attr ? Tag::component_write : Tag::vec_index_write);
            if (!attr) mod.feats.add(Tag::literal_int);
        }
        const bool aug = (st.is_float() || st.is_float_vec()) && mod.rng.chance(450);
        Value e = expr(st, d);
        if (aug) {
            const bool minus = mod.rng.chance(300);
            mod.feats.add(Tag::aug_assign_array_atomic);
            mod.feats.add(minus ? Tag::op_sub : Tag::op_add);
            line(fmt::format("{}[{}]{} {}= {}", a.name, index, slot, minus ? "-" : "+", e.text));
        } else {
            mod.feats.add(Tag::array_store);
            line(fmt::format("{}[{}]{} = {}", a.name, index, slot, e.text));
        }
        a.written = true;
        return;
    }
    // A second write adds to the first: `a[i] += x` (an atomic add in Warp).
    if (a.written && augmentable(a.dtype) && mod.rng.chance(600)) {
        const std::string index = index_text(a, d);
        Value e = expr(a.dtype, d);
        mod.feats.add(Tag::aug_assign_array_atomic);
        mod.feats.add(Tag::op_add);
        line(fmt::format("{}[{}] += {}", a.name, index, e.text));
        return;
    }
    // `a[i] *= x` on an array is a load, a multiply and a store.
    if (a.readable && a.dtype.is_float() && a.dtype.scalar != Scalar::F16 && mod.rng.chance(150)) {
        mod.feats.add(Tag::aug_assign_array_nonatomic);
        const bool div = mod.rng.chance(300);
        mod.feats.add(div ? Tag::op_div : Tag::op_mul);
        const std::string index = index_text(a, d);
        Value e = div ? positive(a.dtype, d) : expr(a.dtype, d);
        line(fmt::format("{}[{}] {}= {}", a.name, index, div ? "/" : "*", e.text));
        a.written = true;
        return;
    }
    const std::string index = index_text(a, d);
    Value v = expr(a.dtype, d);
    if (v.text == a.name + "[" + index + "]") v = expr(a.dtype, d + 1); // not `a[i] = a[i]`
    store_to(a, index, v);
}

void Gen::stmt_atomic() {
    begin_statement();
    std::vector<ArrayRef*> cands;
    for (auto& a : fn.arrays)
        if (a.atomic_target && !a.reserved) cands.push_back(&a);
    if (cands.empty()) return stmt_local();
    ArrayRef& a = *cands[mod.rng.below(cands.size())];
    const int d = depth_budget();
    std::string index;
    for (int k = 0; k < a.ndim; ++k) {
        if (k) index += ", ";
        index += index_for(a, k, 1).text;
    }
    const bool scalar = a.dtype.is_scalar();
    static constexpr std::string_view kOps[] = {"add", "add", "add", "sub", "min", "max"};
    std::string_view op = mod.rng.pick(kOps);
    if (!scalar && (op == "min" || op == "max")) op = "add";
    Value v = a.dtype.is_int() ? int_in(0, 8, d) : expr(a.dtype, d);
    atomic_to(a, index, v, op);
}

// ---------------------------------------------------------------- helpers

void Gen::stmt_call_void() {
    begin_statement();
    std::vector<const Helper*> cands;
    for (const auto& h : mod.helpers) {
        if (fn.helper_index >= 0 && &h - mod.helpers.data() >= fn.helper_index) break;
        const bool has_array =
            std::any_of(h.params.begin(), h.params.end(), [](const HelperParam& p) { return p.is_array; });
        if (h.returns.empty() && (fn.is_kernel || !has_array)) cands.push_back(&h);
    }
    if (cands.empty()) return stmt_local();
    const Helper& h = *cands[mod.rng.below(cands.size())];
    const auto args = helper_args(h, depth_budget());
    std::string text = h.name + "(";
    for (size_t i = 0; i < args.size(); ++i) text += (i ? ", " : "") + args[i];
    line(text + ")");
}

void Gen::stmt_tuple_unpack() {
    begin_statement();
    std::vector<const Helper*> cands;
    for (const auto& h : mod.helpers) {
        if (fn.helper_index >= 0 && &h - mod.helpers.data() >= fn.helper_index) break;
        const bool has_array =
            std::any_of(h.params.begin(), h.params.end(), [](const HelperParam& p) { return p.is_array; });
        if (h.returns.size() > 1 && (fn.is_kernel || !has_array)) cands.push_back(&h);
    }
    if (cands.empty()) return stmt_local();
    const Helper& h = *cands[mod.rng.below(cands.size())];
    const auto args = helper_args(h, depth_budget());
    std::vector<std::string> names;
    for (const auto& rt : h.returns) names.push_back(fresh(NameRole::Local, rt));
    std::string lhs, call_text = h.name + "(";
    for (size_t i = 0; i < names.size(); ++i) lhs += (i ? ", " : "") + names[i];
    for (size_t i = 0; i < args.size(); ++i) call_text += (i ? ", " : "") + args[i];
    mod.feats.add(Tag::tuple_unpack);
    line(fmt::format("{} = {})", lhs, call_text));
    for (size_t i = 0; i < names.size(); ++i) {
        Var v;
        v.name = names[i];
        v.type = h.returns[i];
        v.range = h.returns[i].is_int() ? h.int_result : IntRange::unknown();
        v.dyn_depth = fn.dyn_depth;
        v.trip_at_def = fn.trip;
        v.block = fn.nesting;
        v.loop_depth = static_cast<int>(fn.loops.size());
        mod.feats.type(v.type);
        fn.vars.push_back(v);
    }
}

// ---------------------------------------------------------------- data flow

Value Gen::absorb_unused(Value v, int min_block, int max_count) {
    const SType t = v.type;
    const bool float_target = t.is_float() && t.scalar != Scalar::F16;
    const bool addable = float_target || (t.has_float_components() && t.kind != Kind::Quat &&
                                          t.kind != Kind::Transform && t.custom < 0);
    if (!addable) return v;
    int n = 0;
    for (Var* u : unused_locals(min_block)) {
        if (n >= max_count) break;
        const SType& ut = u->type;
        Value term;
        if (ut == t) {
            term = use(*u);
        } else if (float_target && !ut.is_bool() && ut.kind != Kind::Struct && ut.scalar != Scalar::U32 &&
                   (ut.is_scalar() || ut.is_composite())) {
            term = use(*u);
            term = ut.is_int() ? cast(term, t) : reduce_to_scalar(term, t.scalar);
        } else {
            continue;
        }
        v = binop(v, "+", term, t, kAdd);
        ++n;
    }
    return v;
}

std::vector<Var*> Gen::unused_locals(int min_block) {
    std::vector<Var*> out;
    for (auto& v : fn.vars)
        if (v.uses == 0 && v.assignable && !v.is_loop_var && !v.is_rng && v.block >= min_block)
            out.push_back(&v);
    return out;
}

void Gen::sink_unused() {
    std::vector<std::string> pending; // names: hoisting invalidates Var pointers
    for (Var* u : unused_locals(fn.nesting))
        if (u->block == fn.nesting && !u->type.is_bool()) pending.push_back(u->name);
    std::string hoisted; // one accumulator per block, defined in front of it
    for (const std::string& uname : pending) {
        Var* u = find_var(uname);
        if (!u || u->uses > 0) continue;
        // Fold into an outer variable of the same type that may change here;
        // else a float of the kernel's precision takes a scalar summary of it
        // (length, trace, a component...).
        std::vector<Var*> same, floats;
        for (auto& v : fn.vars) {
            if (&v == u || v.block >= fn.nesting || !can_mutate(v) || v.is_rng) continue;
            const bool addable =
                v.type.is_float() || (v.type.has_float_components() && v.type.kind != Kind::Quat &&
                                      v.type.kind != Kind::Transform);
            if (!addable) continue;
            if (v.type == u->type)
                same.push_back(&v);
            else if (v.type == float_type() && u->type.kind != Kind::Struct)
                floats.push_back(&v);
        }
        const bool fold =
            !(same.empty() && floats.empty()) && (!hoisted.empty() ? false : mod.rng.chance(600));
        std::string target;
        if (fold) {
            target = same.empty() ? floats[mod.rng.below(floats.size())]->name
                                  : same[mod.rng.below(same.size())]->name;
        } else if (!hoisted.empty()) {
            target = hoisted;
        } else if (!fn.blocks.empty()) {
            // `acc = float(0.0)` in front of the block: the block's result flows out.
            const BlockInfo bi = fn.blocks.back();
            const SType f = float_type();
            hoisted = fresh(NameRole::Accum, f);
            Value init = typed_zero(f);
            fn.lines.insert(fn.lines.begin() + static_cast<std::ptrdiff_t>(bi.header_line),
                            std::string(static_cast<size_t>(bi.indent) * 4, ' ') + hoisted + " = " +
                                init.text);
            Var acc;
            acc.name = hoisted;
            acc.type = f;
            acc.dyn_depth = bi.dyn_depth;
            acc.loop_depth = bi.loop_depth;
            acc.trip_at_def = bi.trip;
            acc.block = fn.nesting - 1;
            mod.feats.type(f);
            fn.vars.insert(fn.vars.begin() + static_cast<std::ptrdiff_t>(fn.block_marks.back()), acc);
            ++fn.block_marks.back();
            target = hoisted;
        } else {
            continue;
        }
        begin_statement();
        Var* o = find_var(target);
        u = find_var(uname);
        if (!o || !u) continue;
        Value uv = use(*u);
        if (!(uv.type == o->type))
            uv = uv.type.is_int() || uv.type.is_bool() ? to_float(uv) : reduce_to_scalar(uv, o->type.scalar);
        if (!(uv.type == o->type)) uv = cast(uv, o->type);
        mod.feats.add(Tag::aug_assign_local);
        mod.feats.add(Tag::op_add);
        line(fmt::format("{} += {}", o->name, uv.text));
        note_mutation(*o, o->range);
    }
}

} // namespace ws::synth
