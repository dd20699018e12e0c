// The compiled probe, a first step: every block a machine runs is decoded once into statements
// and expression nodes whose variables' ids, operators, builtins and constructor types are
// resolved, so that running it again (for every thread and every run) skips the syntax tree's
// dispatch, its name look-ups and the literals' construction. Each node does exactly what the
// tree walk does for it (the same values, the same order, the same errors); a node it does not
// compile, and every case its fast path does not cover, runs as the tree (Machine::eval, exec).
#include "synth/probe/machine.h"
#include "synth/probe/ops.h"

#include <memory>
#include <utility>

namespace ws::synth::probe {

struct CFunc;

struct CExpr {
    using Run = Value (*)(Machine&, const CExpr&, Frame&);
    Run run = nullptr;
    const ast::Expr* src = nullptr; // what the fallbacks evaluate
    int id = -1;                    // Name: the variable's id; Subscript: the array variable's
    int op = 0;                     // the operator of a BinOp, UnaryOp or Compare
    bool in_place = false;      // BinOp, Compare: the left operand may be read in place; a call of `func`:
                                // its arguments made in the callee's frame (call_in_frame)
    bool leaves = false;        // Compare, a call of a builtin or constructor: every operand or
                                // argument a variable or a literal (see binop_leaf_node)
    bool left_in_frame = false; // BinOp, Compare, a call of a builtin or constructor of two arguments:
                                // else a variable on the left may be read in place from the frame
                                // (the right operand leaves it: leaves_slot())
    std::vector<const CExpr*> kids;       // operands, arguments, indices
    Builtin builtin = nullptr;            // a call of a pure builtin
    const ast::FunctionDef* fn = nullptr; // a call of a @wp.func
    CFunc* func = nullptr;                // the same, when the call gives every parameter once
    std::vector<uint8_t> params;          // such a call with keywords: the parameter each kid sets, the kids
                                 // in the tree's order (positional, then keywords); else kid k sets k
    Type type;      // a constructor's
    Value constant; // a literal's value, made once
};

struct CStmt {
    enum class Op : uint8_t {
        Tree,
        Tick, // a statement that does nothing but count (a docstring, `pass`)
        AssignName,
        AssignInSlot,
        AssignTree,
        AssignUnpack, // `a, b = value`: a tuple's elements assigned to variables
        AssignSubscript,
        AugAssign,
        If,
        Return,
        ReturnInSlot,
        Expr,
        AtomicExpr, // an atomic_node whose old value is discarded
        ForRange
    };
    Op op = Op::Tree;
    const ast::Stmt* src = nullptr;
    int id = -1;                            // the assigned variable
    bool in_place = false;                  // AugAssign: the target may be read in place (leaves_variables)
    const CExpr* target = nullptr;          // AugAssign: the target, as read; AssignSubscript: as stored into
    const CExpr* value = nullptr;           // the assigned or returned value, or the test
    std::vector<const CExpr*> args;         // ForRange: range()'s; AssignUnpack: the variables
    mutable const CBlock* body = nullptr;   // ForRange, If: the body's, found on its first run, then kept
    mutable const CBlock* orelse = nullptr; // If: the else branch's, the same
};

struct CBlock {
    std::vector<CStmt> stmts;
    // The last statement returns a value and every one before it flows on to the next (no
    // branch, loop or return): a function's body then runs with no look at the flow.
    bool straight_return = false;
};

// A @wp.func as the calls giving every parameter positionally run it: its parameters' ids, found
// when compiled; their scalar types and the body's block on the first such call (when
// Machine::call_user_with would first read them).
struct CFunc {
    const ast::FunctionDef* fn = nullptr;
    std::vector<int> ids;
    const std::vector<std::optional<Type>>* types = nullptr;
    const CBlock* body = nullptr;
};

// A machine's compiled blocks, keyed by the address of the statement list each was compiled from
// (as are Machine::recent_blocks_ and the nodes' `src`). Sound because a Machine never outlives the
// module it was built from (the probe makes one per module and drops it with the module still
// alive), so no list is freed and another allocated at its address while the cache holds it.
// Compiled expressions in chunks of kChunk, never moved (the nodes point at each other): a
// std::deque held one CExpr per block, an allocation for every node compiled.
class ExprStore {
  public:
    CExpr& add() {
        if (used_ == kChunk) chunks_.emplace_back(new CExpr[kChunk]), used_ = 0;
        return chunks_.back()[used_++];
    }

  private:
    static constexpr size_t kChunk = 16;
    std::vector<std::unique_ptr<CExpr[]>> chunks_;
    size_t used_ = kChunk; // the last chunk's nodes in use (none yet: a chunk is taken on first use)
};

struct CompiledCode {
    ExprStore exprs;
    std::unordered_map<const void*, std::unique_ptr<CBlock>> blocks;
    std::unordered_map<const ast::FunctionDef*, std::unique_ptr<CFunc>> funcs;
};

void CompiledCodeDeleter::operator()(CompiledCode* c) const {
    delete c;
}

// The compiler and the nodes' functions, together so they may read the machine's state.
struct Compiled {
    using Flow = Machine::Flow;

    // A variable's value in place (as Machine::lookup, its frame looked at inline), or null.
    static Value* var(Machine& m, int id, Frame& f) {
        if (Value* v = f.find(id)) return v;
        return m.lookup(id, f);
    }

    // Machine::with_operand of a compiled operand: a variable or a literal read in place, anything
    // else (and a name that is no variable) evaluated as a temporary.
    template <class K>
    static decltype(auto) with_operand(Machine& m, const CExpr& n, Frame& f, K&& k) {
        if (n.run == &name)
            if (const Value* v = var(m, n.id, f)) return k(*v);
        if (n.run == &constant) return k(n.constant); // made once, never changed
        return k(n.run(m, n, f));
    }

    static Value fallback(Machine& m, const CExpr& n, Frame& f) { return m.eval(n.src, f); }
    static Value constant(Machine&, const CExpr& n, Frame&) { return n.constant; }
    static Value tid(Machine& m, const CExpr&, Frame&) { return m.tid_; }

    // A variable of the frame inline, anything else by a tail call: this function, called for
    // every variable read as a value, then saves no registers.
    static Value name(Machine& m, const CExpr& n, Frame& f) {
        if (const Value* v = f.find(n.id)) return *v;
        return name_slow(m, n, f);
    }
    [[gnu::noinline]] static Value name_slow(Machine& m, const CExpr& n, Frame& f) {
        if (const Value* v = m.lookup(n.id, f)) return *v;
        return m.eval_name_slow(ast::as<ast::Name>(n.src), f);
    }

    // As Machine::eval_binop. Out of line: the leaf nodes falling back to it then save few registers.
    [[gnu::noinline]] static Value binop_node(Machine& m, const CExpr& n, Frame& f) {
        const auto op = ast::BinOpKind(n.op);
        const CExpr &l = *n.kids[0], &r = *n.kids[1];
        auto with_right = [&](const Value& a) {
            return with_operand(m, r, f, [&](const Value& b) { return binop(op, a, b); });
        };
        if (n.in_place) return with_operand(m, l, f, with_right);
        if (n.left_in_frame)
            if (const Value* a = f.find(l.id)) return with_right(*a);
        const Value a = l.run(m, l, f);
        return with_right(a);
    }

    // binop_node of two operands each a variable or a literal, the most frequent: both read in
    // place with no other look (a name the frame does not hold goes the general way).
    static Value binop_leaf_node(Machine& m, const CExpr& n, Frame& f) {
        if (const Value* a = leaf(*n.kids[0], f), *b = leaf(*n.kids[1], f); a && b)
            return binop(ast::BinOpKind(n.op), *a, *b);
        return binop_node(m, n, f);
    }
    // binop_node of a temporary on the left and a leaf on the right (`x * 2.0 + 1.0`).
    static Value binop_temp_leaf_node(Machine& m, const CExpr& n, Frame& f) {
        const auto op = ast::BinOpKind(n.op);
        const CExpr &l = *n.kids[0], &r = *n.kids[1];
        const Value a = l.run(m, l, f);
        if (const Value* b = leaf(r, f)) return binop(op, a, *b);
        return with_operand(m, r, f, [&](const Value& b) { return binop(op, a, b); });
    }
    // binop_node of a leaf on the left, read in place (it is a literal, or the right operand leaves
    // it: see binop_node), and a temporary on the right (`2.0 * (x + y)`).
    static Value binop_leaf_temp_node(Machine& m, const CExpr& n, Frame& f) {
        const CExpr &l = *n.kids[0], &r = *n.kids[1];
        if (const Value* a = leaf(l, f)) return binop(ast::BinOpKind(n.op), *a, r.run(m, r, f));
        return binop_node(m, n, f);
    }
    static bool is_leaf(const CExpr& x) { return x.run == &name || x.run == &constant; }
    static bool is_leaf_ptr(const CExpr* x) { return is_leaf(*x); }
    // A leaf's value in place: a literal's, or a variable's in the frame (else null).
    static const Value* leaf(const CExpr& x, Frame& f) {
        return x.run == &constant ? &x.constant : f.find(x.id);
    }

    static Value unary_node(Machine& m, const CExpr& n, Frame& f) {
        return with_operand(m, *n.kids[0], f,
                            [&](const Value& v) { return unop(ast::UnaryOpKind(n.op), v); });
    }

    // As Machine::eval_compare of one operator, its result as a bool.
    static bool compare_of(Machine& m, const CExpr& n, Frame& f) {
        if (n.leaves) // as binop_leaf_node
            if (const Value* a = leaf(*n.kids[0], f), *b = leaf(*n.kids[1], f); a && b)
                return compare(ast::CmpOpKind(n.op), *a, *b);
        return compare_other(m, n, f);
    }
    // compare_of of any other operands, out of line (its leaves then save few registers).
    [[gnu::noinline]] static bool compare_other(Machine& m, const CExpr& n, Frame& f) {
        const CExpr &l = *n.kids[0], &r = *n.kids[1];
        auto test = [&](const Value& a) {
            return with_operand(m, r, f, [&](const Value& b) { return compare(ast::CmpOpKind(n.op), a, b); });
        };
        if (n.in_place) return with_operand(m, l, f, test);
        if (n.left_in_frame)
            if (const Value* a = f.find(l.id)) return test(*a);
        return test(l.run(m, l, f));
    }
    static Value compare_node(Machine& m, const CExpr& n, Frame& f) { return make_bool(compare_of(m, n, f)); }

    // The truth of a compiled test: a comparison's without making its bool value (which truth()
    // would only read back).
    static bool truth_of(Machine& m, const CExpr& n, Frame& f) {
        return n.run == &compare_node ? compare_of(m, n, f) : with_operand(m, n, f, truth);
    }

    // As Machine::eval_boolop: `and` stops at the first false operand, `or` at the first true.
    static Value boolop_node(Machine& m, const CExpr& n, Frame& f) {
        const bool is_and = ast::BoolOpKind(n.op) == ast::BoolOpKind::And;
        for (const CExpr* v : n.kids)
            if (truth_of(m, *v, f) != is_and) return make_bool(!is_and);
        return make_bool(is_and);
    }

    // As Machine::eval_ifexp.
    static Value ifexp_node(Machine& m, const CExpr& n, Frame& f) {
        const CExpr& v = truth_of(m, *n.kids[0], f) ? *n.kids[1] : *n.kids[2];
        return v.run(m, v, f);
    }

    // Machine::quick_index of a compiled index: a variable of the frame or a literal holding an
    // integer; false for any other (then the subscript is left to the tree).
    static bool quick_index(const CExpr& x, Frame& f, int64_t& out) {
        const Value* v = x.run == &name ? f.find(x.id) : x.run == &constant ? &x.constant : nullptr;
        if (!v || v->t.kind != Kind::Scalar || is_float(v->t.sc)) return false;
        out = v->i;
        return true;
    }

    // As Machine::eval_subscript: a variable of the frame at quick indices is read here, an
    // array's element or a component (as eval_subscript_slow reads the variable in place: the
    // indices are variables and literals); every other case (nothing was changed yet) there.
    static Value subscript_node(Machine& m, const CExpr& n, Frame& f) {
        if (const Value* v = f.find(n.id)) {
            Index idx;
            idx.n = n.kids.size();
            bool quick = true;
            if (idx.n == 1) // the most frequent, with no loop
                quick = quick_index(*n.kids[0], f, idx.at[0]);
            else
                for (size_t d = 0; d < idx.n && quick; ++d) quick = quick_index(*n.kids[d], f, idx.at[d]);
            if (quick && v->t.kind == Kind::Array) {
                const ArrayBuf& buf = m.arrays[size_t(v->array)];
                if (idx.n == 1 && buf.shape.size() == 1 && buf.written.empty()) { // an input vector's element
                    if (idx.at[0] < 0 || idx.at[0] >= buf.shape[0])
                        throw_unsupported("an index out of bounds");
                    return m.inputs->element(v->array, idx.at[0]);
                }
                return m.read_element(v->array, idx);
            }
            if (quick) return m.component_of(*v, idx);
        }
        return m.eval_subscript_slow(ast::as<ast::Subscript>(n.src), f);
    }

    // subscript_node of one index, the most frequent: an input vector's element (no element written
    // yet) read with no Index made; the other cases out of line, so that this one saves few registers.
    static Value subscript1_node(Machine& m, const CExpr& n, Frame& f) {
        const Value* v = f.find(n.id);
        int64_t i;
        if (!v || !quick_index(*n.kids[0], f, i))
            return m.eval_subscript_slow(ast::as<ast::Subscript>(n.src), f);
        if (v->t.kind == Kind::Array) {
            const ArrayBuf& buf = m.arrays[size_t(v->array)];
            if (buf.shape.size() == 1 && buf.written.empty() && i >= 0 && i < buf.shape[0])
                return m.inputs->element(v->array, i);
        }
        return index1(m, *v, i);
    }
    // The same of two indices (a 2-d array's element, a matrix's component).
    static Value subscript2_node(Machine& m, const CExpr& n, Frame& f) {
        const Value* v = f.find(n.id);
        int64_t i, j;
        if (!v || !quick_index(*n.kids[0], f, i) || !quick_index(*n.kids[1], f, j))
            return m.eval_subscript_slow(ast::as<ast::Subscript>(n.src), f);
        if (v->t.kind == Kind::Array) {
            const ArrayBuf& buf = m.arrays[size_t(v->array)];
            const int64_t* shape = buf.shape.data();
            if (buf.shape.size() == 2 && buf.written.empty() && i >= 0 && i < shape[0] && j >= 0 &&
                j < shape[1])
                return m.inputs->element(v->array, i * shape[1] + j);
        }
        return index2(m, *v, i, j);
    }
    // subscript1_node and subscript2_node of an array or a component at quick indices (as
    // subscript_node).
    [[gnu::noinline]] static Value index1(Machine& m, const Value& v, int64_t i) {
        // A vector's component, as component_of reads it.
        if (v.t.kind == Kind::Vec && i >= 0 && i < v.t.rows) {
            // A float32 vector, the frequent case, with no branch on the scalar type.
            return v.t.sc == Sc::F32 ? make_f32(v.c[size_t(i)]) : make_scalar(v.t.sc, v.c[size_t(i)]);
        }
        Index idx;
        idx.n = 1, idx.at[0] = i;
        return v.t.kind == Kind::Array ? m.read_element(v.array, idx) : m.component_of(v, idx);
    }
    [[gnu::noinline]] static Value index2(Machine& m, const Value& v, int64_t i, int64_t j) {
        Index idx;
        idx.n = 2, idx.at[0] = i, idx.at[1] = j;
        return v.t.kind == Kind::Array ? m.read_element(v.array, idx) : m.component_of(v, idx);
    }
    static bool is_subscript(const CExpr& n) {
        return n.run == &subscript_node || n.run == &subscript1_node || n.run == &subscript2_node;
    }

    // The written slot of the element `t` of an array variable of the frame at quick indices (its
    // initial value drawn on its first write), else null: as reading it and then storing into it
    // (store_subscript) when what is stored reads no other element than those (and adds none).
    static Value* element_in_place(Machine& m, const CExpr& t, Frame& f) {
        const Value* base = f.find(t.id);
        if (!base || base->t.kind != Kind::Array) return nullptr;
        Index idx;
        idx.n = t.kids.size();
        for (size_t d = 0; d < idx.n; ++d)
            if (!quick_index(*t.kids[d], f, idx.at[d])) return nullptr;
        return &m.element_slot(base->array, idx);
    }

    // As Machine::store_into of `t`, a compiled subscript (subscript_node): an array variable of
    // the frame at quick indices is stored into here, any other target there (which evaluates its
    // indices, variables and literals, again: nothing was changed yet).
    static void store_subscript(Machine& m, const CExpr& t, const Value& v, Frame& f) {
        if (const Value* base = f.find(t.id); base && base->t.kind == Kind::Array) {
            Index idx;
            idx.n = t.kids.size();
            bool quick = true;
            for (size_t d = 0; d < idx.n && quick; ++d) quick = quick_index(*t.kids[d], f, idx.at[d]);
            if (quick) {
                m.store_element(base->array, idx, v);
                return;
            }
        }
        m.store_into(t.src, v, f);
    }

    // As Machine::call_wp of a pure builtin or a constructor without keywords: one variable
    // argument read in place, the others collected. Calls of one to three arguments, the most
    // frequent, run in nodes of their own (call_run()), the arguments in plain values (an ArgList
    // costs more), evaluated in order.
    template <bool kConstruct>
    static Value call_node(Machine& m, const CExpr& n, Frame& f) {
        switch (n.kids.size()) {
        case 1: return call1_node<kConstruct>(m, n, f);
        case 2: return call2_node<kConstruct>(m, n, f);
        case 3: return call3_node<kConstruct>(m, n, f);
        default: break;
        }
        ArgList args;
        for (const CExpr* a : n.kids) args.emplace([&] { return a->run(m, *a, f); });
        return call_with<kConstruct>(n, args);
    }
    template <bool kConstruct>
    static Value call_with(const CExpr& n, Args args) {
        return kConstruct ? construct(n.type, args) : n.builtin(args);
    }
    template <bool kConstruct>
    static Value call1_node(Machine& m, const CExpr& n, Frame& f) {
        const CExpr& a = *n.kids[0];
        if (a.run == &name)
            if (const Value* v = var(m, a.id, f)) return call_with<kConstruct>(n, Args(&v, 1));
        const Value v = a.run(m, a, f);
        const Value* p = &v;
        return call_with<kConstruct>(n, Args(&p, 1));
    }
    // Arguments that are all leaves (variables of the frame, literals) are read in place: reading
    // one changes nothing.
    template <bool kConstruct>
    static Value call2_node(Machine& m, const CExpr& n, Frame& f) {
        const CExpr &a = *n.kids[0], &b = *n.kids[1];
        if (n.leaves)
            if (const Value * p[2] = {leaf(a, f), leaf(b, f)}; p[0] && p[1])
                return call_with<kConstruct>(n, Args(p, 2));
        if (!n.leaves && (a.run == &constant || n.left_in_frame)) // a leaf, then a temporary
            if (const Value* x = leaf(a, f)) {
                const Value y = b.run(m, b, f);
                const Value* p[2] = {x, &y};
                return call_with<kConstruct>(n, Args(p, 2));
            }
        if (!n.leaves && is_leaf(b)) { // a temporary, then a leaf (read once the temporary is made)
            const Value x = a.run(m, a, f);
            if (const Value* y = leaf(b, f)) {
                const Value* p[2] = {&x, y};
                return call_with<kConstruct>(n, Args(p, 2));
            }
            const Value y = b.run(m, b, f);
            const Value* p[2] = {&x, &y};
            return call_with<kConstruct>(n, Args(p, 2));
        }
        const Value v[2] = {a.run(m, a, f), b.run(m, b, f)};
        const Value* p[2] = {&v[0], &v[1]};
        return call_with<kConstruct>(n, Args(p, 2));
    }
    template <bool kConstruct>
    static Value call3_node(Machine& m, const CExpr& n, Frame& f) {
        const CExpr &a = *n.kids[0], &b = *n.kids[1], &c = *n.kids[2];
        if (n.leaves)
            if (const Value * p[3] = {leaf(a, f), leaf(b, f), leaf(c, f)}; p[0] && p[1] && p[2])
                return call_with<kConstruct>(n, Args(p, 3));
        // A temporary, then two leaves (`clamp(x * y, 0.0, 1.0)`), read once the temporary is made.
        if (!n.leaves && is_leaf(b) && is_leaf(c)) {
            const Value x = a.run(m, a, f);
            if (const Value * p[3] = {&x, leaf(b, f), leaf(c, f)}; p[1] && p[2])
                return call_with<kConstruct>(n, Args(p, 3));
            const Value y = b.run(m, b, f), z = c.run(m, c, f);
            const Value* p[3] = {&x, &y, &z};
            return call_with<kConstruct>(n, Args(p, 3));
        }
        const Value v[3] = {a.run(m, a, f), b.run(m, b, f), c.run(m, c, f)};
        const Value* p[3] = {&v[0], &v[1], &v[2]};
        return call_with<kConstruct>(n, Args(p, 3));
    }
    // The node of the call `n` of call_node<kConstruct>, by its count of arguments.
    template <bool kConstruct>
    static CExpr::Run call_run(const CExpr& n) {
        const size_t k = n.kids.size();
        return k == 1   ? &call1_node<kConstruct>
               : k == 2 ? &call2_node<kConstruct>
               : k == 3 ? &call3_node<kConstruct>
                        : &call_node<kConstruct>;
    }
    // Whether `n` runs a call_node<kConstruct> (or one of its arities).
    template <bool kConstruct>
    static bool is_call(const CExpr& n) {
        return n.run == &call_node<kConstruct> || n.run == &call1_node<kConstruct> ||
               n.run == &call2_node<kConstruct> || n.run == &call3_node<kConstruct>;
    }

    // As Machine::call_user: the positional arguments evaluated here, the rest there unless they
    // and the keywords set every parameter once (then call_func, the keywords among the kids).
    static Value user_call_node(Machine& m, const CExpr& n, Frame& f) {
        if (n.in_place) return call_in_frame(m, n, f);
        auto call = [&]<size_t... K>(std::index_sequence<K...>) {
            Value v[] = {n.kids[K]->run(m, *n.kids[K], f)...}; // in order: a braced list
            return call_func(m, n, v);
        };
        const size_t k = n.func ? n.kids.size() : 0; // up to three arguments in plain values, as call_node
        if (k == 1) return call(std::make_index_sequence<1>()); // the most frequent first
        if (k == 2) return call(std::make_index_sequence<2>());
        if (k == 3) return call(std::make_index_sequence<3>());
        ArgList args;
        for (const CExpr* a : n.kids) args.emplace([&] { return a->run(m, *a, f); });
        if (n.func) return call_func(m, n, {args.data(), args.size()});
        return m.call_user_with(*n.fn, ast::as<ast::Call>(n.src), args, f);
    }

    // As call_func, each argument made in its parameter's slot: evaluating them calls no function
    // (leaves_slot()), so nothing else uses the callee's frame meanwhile.
    static Value call_in_frame(Machine& m, const CExpr& n, Frame& f) {
        CFunc& c = *n.func;
        const size_t np = c.ids.size();
        Frame& callee = m.frame_at(size_t(m.depth_) + 1);
        for (size_t k = 0; k < np; ++k) make_in(callee.slot(c.ids[param_of(n, k)]), m, *n.kids[k], f);
        if (np > 0 && !c.types) c.types = &m.scalar_params(*c.fn);
        for (size_t k = 0; k < np; ++k)
            if (const std::optional<Type>& t = (*c.types)[k]) {
                Value& a = callee.held(c.ids[k]); // set above: every parameter once
                if (a.t.kind == Kind::Scalar && !converts_to_itself(*t, a)) a = convert(*t, a);
            }
        return run_func(m, c, callee);
    }

    // The parameter that argument `k` of the call `n` of a CFunc sets.
    static size_t param_of(const CExpr& n, size_t k) { return n.params.empty() ? k : n.params[k]; }

    // As Machine::call_user_with of every parameter given once (in `n.params`' order): no default
    // to look for, the parameters' ids and types and the body's block resolved once. Converting
    // an argument fails only with one message, so the order the arguments are converted in is no
    // matter.
    static Value call_func(Machine& m, const CExpr& n, std::span<Value> args) {
        CFunc& c = *n.func;
        const size_t np = c.ids.size();
        if (np > 0 && !c.types) c.types = &m.scalar_params(*c.fn);
        for (size_t k = 0; k < np; ++k)
            if (const std::optional<Type>& t = (*c.types)[param_of(n, k)];
                t && args[k].t.kind == Kind::Scalar && !converts_to_itself(*t, args[k]))
                args[k] = convert(*t, args[k]);
        Frame& callee = m.frame_at(size_t(m.depth_) + 1);
        for (size_t k = 0; k < np; ++k) callee.slot(c.ids[param_of(n, k)]) = std::move(args[k]);
        return run_func(m, c, callee);
    }

    // The body of `c` in `callee`, its parameters set: its returned value.
    static Value run_func(Machine& m, CFunc& c, Frame& callee) {
        if (++m.depth_ > 32) throw_unsupported("recursion");
        if (!c.body) c.body = &m.block(c.fn->body);
        if (c.body->straight_return) {
            const CStmt* first = c.body->stmts.data();
            const CStmt* last = first + c.body->stmts.size() - 1;
            run_stmts(m, first, last, callee); // flows on to `last` (see CBlock::straight_return)
            return return_only(m, *last, callee);
        }
        // A body that ends without a return statement returns None (nothing else sets returned_
        // once a return statement has, as the flow then leaves every block).
        if (run_block(m, *c.body, callee) != Flow::Return) m.returned_.clear();
        --m.depth_;
        return std::move(m.returned_); // cleared before it is read again (by the next call)
    }

    // run_func of a body's last statement, a return: its value made in the caller's result
    // rather than in Machine::returned_ and moved from there (nothing reads returned_ before
    // the next return statement sets it).
    static Value return_only(Machine& m, const CStmt& s, Frame& callee) {
        m.tick();
        Value r = s.value->run(m, *s.value, callee);
        --m.depth_;
        return r;
    }

    // As Machine::eval_attribute of a base that is not `wp`.
    static Value attribute_node(Machine& m, const CExpr& n, Frame& f) {
        std::string_view attr = ast::as<ast::Attribute>(n.src)->attr;
        return with_operand(m, *n.kids[0], f, [&](const Value& base) { return m.attribute_of(base, attr); });
    }

    // As Machine::atomic and Machine::random: the arguments evaluated here, the rest there.
    template <bool kAtomic>
    static Value state_call_node(Machine& m, const CExpr& n, Frame& f) {
        const auto* c = ast::as<ast::Call>(n.src);
        std::string_view name = ast::as<ast::Attribute>(c->func)->attr;
        ArgList args;
        for (const CExpr* a : n.kids) args.emplace([&] { return a->run(m, *a, f); });
        return kAtomic ? m.atomic_with(name, c, args) : m.random_with(name, c, args, f);
    }

    // As state_call_node<true> of an atomic on an array variable of the frame at quick indices
    // (atomic_node_fits()): the array and the indices read in place, then the value evaluated, as
    // the argument list is made in that order; any other case (nothing was evaluated yet) there.
    static Value atomic_node(Machine& m, const CExpr& n, Frame& f) { return atomic_run<true>(m, n, f); }
    // atomic_node of a statement (its value discarded): the element's old value is not copied.
    template <bool kOld>
    static Value atomic_run(Machine& m, const CExpr& n, Frame& f) {
        const size_t last = n.kids.size() - 1;
        if (const Value* a = f.find(n.kids[0]->id); a && a->t.kind == Kind::Array) {
            const int array = a->array;
            Index idx;
            idx.n = last - 1;
            bool quick = true;
            for (size_t d = 0; d < idx.n && quick; ++d) quick = quick_index(*n.kids[d + 1], f, idx.at[d]);
            if (quick)
                return with_operand(m, *n.kids[last], f, [&](const Value& v) {
                    if (kOld) return m.atomic_apply(AtomicOp(n.op), array, idx, v);
                    m.atomic_update(AtomicOp(n.op), array, idx, v);
                    return Value();
                });
        }
        return state_call_node<true>(m, n, f);
    }
    // Whether atomic_node may run `c`: an array variable, one to four indices each a variable or a
    // literal (quick_index() reads them without evaluating anything), an operation it knows.
    static bool atomic_node_fits(const ast::Call* c, const CExpr& n) {
        const size_t k = n.kids.size();
        if (!c->keywords.empty() || k < 3 || k > 6 || n.kids[0]->run != &name) return false;
        for (size_t d = 1; d + 1 < k; ++d)
            if (n.kids[d]->run != &name && n.kids[d]->run != &constant) return false;
        return AtomicOp(n.op) != AtomicOp::Other;
    }

    // `wp.static(x)`: x.
    static Value static_node(Machine& m, const CExpr& n, Frame& f) {
        return n.kids[0]->run(m, *n.kids[0], f);
    }

    // As Machine::call_named of a name that is no @wp.func: a variable holding a type (found only
    // now) is called as the tree calls it, else the type or builtin resolved when compiled.
    template <bool kConstruct>
    static Value python_call_node(Machine& m, const CExpr& n, Frame& f) {
        if (const Value* alias = var(m, n.id, f); alias && alias->is_type) return fallback(m, n, f);
        return call_node<kConstruct>(m, n, f);
    }

    static const CExpr* compile(Machine& m, const ast::Expr* e);
    static void fold(Machine& m, CExpr& n);
    static CExpr::Run binop_run(const CExpr& n);
    static CFunc& func(Machine& m, const ast::FunctionDef& fn);
    static bool keyword_params(const ast::Call* c, const ast::FunctionDef& fn, std::vector<uint8_t>& out);
    static void compile_subscript(Machine& m, const ast::Subscript* s, CExpr& n);
    static void compile_call(Machine& m, const ast::Call* c, CExpr& n);
    static void compile_python_call(Machine& m, const ast::Call* c, std::string_view name, CExpr& n);
    static std::unique_ptr<CBlock> compile_block(Machine& m, const std::vector<ast::Stmt*>& body);
    static CStmt compile_stmt(Machine& m, const ast::Stmt* s);
    static void compile_for(Machine& m, const ast::For* s, CStmt& c);
    static Flow run_block(Machine& m, const CBlock& b, Frame& f) {
        return run_stmts(m, b.stmts.data(), b.stmts.data() + b.stmts.size(), f);
    }
    static Flow run_stmts(Machine& m, const CStmt* begin, const CStmt* end, Frame& f);
    static Flow run_aug_assign(Machine& m, const CStmt& s, Frame& f);
    // As Machine::assign_slow of a tuple of variables (AssignUnpack): each element copied in turn.
    static void unpack(Machine& m, const CStmt& s, const Value& v, Frame& f) {
        if (v.t.kind != Kind::Tuple || v.items->size() != s.args.size()) throw_unsupported("unpacking");
        for (size_t k = 0; k < s.args.size(); ++k) assign(m, s.args[k]->id, Value((*v.items)[k]), f);
    }
    static Flow run_for(Machine& m, const CStmt& s, Frame& f);
    static Flow run_if(Machine& m, const CStmt& s, Frame& f);
    static bool leaves_slot(const CExpr& n, int id, bool calls);
    // Whether the left operand of `n`, a variable, is as it was once the right one is evaluated,
    // and still where it was: the right operand neither changes it nor adds a variable to the
    // frame (a @wp.func it calls runs in its own frame). Only the frame's variables are read so:
    // a function may change a global in place.
    static bool left_in_frame(const CExpr& n) {
        return n.kids[0]->run == &name && leaves_slot(*n.kids[1], n.kids[0]->id, true);
    }
    static void make_in(Value& slot, Machine& m, const CExpr& value, Frame& f);
    static void make_in_slot(Machine& m, const CStmt& s, Frame& f);
    // As Machine::assign of a variable.
    static void assign(Machine& m, int id, Value&& v, Frame& f) {
        if (Value* slot = f.find(id)) {
            *slot = std::move(v);
            return;
        }
        m.assign_new(id, std::move(v), f);
    }
};

const CExpr* Compiled::compile(Machine& m, const ast::Expr* e) {
    using EK = ast::ExprKind;
    CExpr& n = m.code_->exprs.add();
    n.src = e, n.run = &fallback;
    switch (e->kind) {
    case EK::Name: n.id = m.name_id(ast::as<ast::Name>(e)->id), n.run = &name; break;
    case EK::Constant:
        try { // a literal the probe does not model throws when it is evaluated, as in the tree
            n.constant = constant_value(ast::as<ast::Constant>(e)), n.run = &constant;
        } catch (const Unsupported&) {
        }
        break;
    case EK::BinOp: {
        const auto* b = ast::as<ast::BinOp>(e);
        n.op = int(b->op), n.in_place = leaves_variables(b->right), n.run = &binop_node;
        n.kids = {compile(m, b->left), compile(m, b->right)};
        n.left_in_frame = left_in_frame(n);
        break;
    }
    case EK::UnaryOp: {
        const auto* u = ast::as<ast::UnaryOp>(e);
        n.op = int(u->op), n.run = &unary_node, n.kids = {compile(m, u->operand)};
        break;
    }
    case EK::BoolOp: {
        const auto* b = ast::as<ast::BoolOp>(e);
        n.op = int(b->op), n.run = &boolop_node;
        for (const ast::Expr* v : b->values) n.kids.push_back(compile(m, v));
        break;
    }
    case EK::IfExp: {
        const auto* i = ast::as<ast::IfExp>(e);
        n.run = &ifexp_node, n.kids = {compile(m, i->test), compile(m, i->body), compile(m, i->orelse)};
        break;
    }
    case EK::Compare: {
        const auto* c = ast::as<ast::Compare>(e);
        if (c->ops.size() != 1) break;
        n.op = int(c->ops[0]), n.in_place = leaves_variables(c->comparators[0]), n.run = &compare_node;
        n.kids = {compile(m, c->left), compile(m, c->comparators[0])};
        n.left_in_frame = left_in_frame(n), n.leaves = is_leaf(*n.kids[0]) && is_leaf(*n.kids[1]);
        break;
    }
    case EK::Attribute: {
        const auto* a = ast::as<ast::Attribute>(e);
        if (is_wp(a->value)) break; // Warp's or a variable's: known only when it runs
        n.run = &attribute_node, n.kids = {compile(m, a->value)};
        break;
    }
    case EK::Subscript: compile_subscript(m, ast::as<ast::Subscript>(e), n); break;
    case EK::Call: compile_call(m, ast::as<ast::Call>(e), n); break;
    default: break;
    }
    fold(m, n);
    if (n.run == &binop_node) n.run = binop_run(n);
    if (n.run == &call_node<true>) n.run = call_run<true>(n);
    if (n.run == &call_node<false>) n.run = call_run<false>(n);
    if (is_call<true>(n) || is_call<false>(n))
        n.leaves = std::all_of(n.kids.begin(), n.kids.end(), is_leaf_ptr);
    if (n.run == &call2_node<true> || n.run == &call2_node<false>) n.left_in_frame = left_in_frame(n);
    return &n;
}

// The node that runs the operator `n` (binop_node's cases by their operands).
CExpr::Run Compiled::binop_run(const CExpr& n) {
    const CExpr &l = *n.kids[0], &r = *n.kids[1];
    if (is_leaf(l) && is_leaf(r)) return &binop_leaf_node;
    if (is_leaf(r)) return &binop_temp_leaf_node;
    if (l.run == &constant || (l.run == &name && (n.in_place || n.left_in_frame)))
        return &binop_leaf_temp_node;
    return &binop_node;
}

// A pure operator, builtin or constructor of literals alone (`wp.float64(0.5)`, `-1.0`,
// `wp.vec3(0.0)`) becomes the literal of its value, made once: it reads no variable and changes
// nothing, and evaluating a node counts no step. One that fails (or makes a value sharing items,
// which a copy would share) is left to fail, or run, where it is evaluated.
void Compiled::fold(Machine& m, CExpr& n) {
    const bool pure = n.run == &call_node<true> || n.run == &call_node<false> || n.run == &unary_node ||
                      n.run == &binop_node;
    if (!pure || n.kids.empty()) return;
    for (const CExpr* k : n.kids)
        if (k->run != &constant) return;
    try {
        Frame none;
        Value v = n.run(m, n, none);
        if (v.items) return;
        n.constant = std::move(v), n.run = &constant, n.kids.clear();
    } catch (...) { // as it was: evaluated, and failing, when it runs
    }
}

// `a[i]`, `a[i, j]` of a variable at variables and literals (Machine::eval_subscript's fast path).
void Compiled::compile_subscript(Machine& m, const ast::Subscript* s, CExpr& n) {
    if (s->value->kind != ast::ExprKind::Name) return;
    std::vector<const ast::Expr*> idx;
    if (s->slice->kind == ast::ExprKind::Tuple)
        idx.assign(ast::as<ast::Tuple>(s->slice)->elts.begin(), ast::as<ast::Tuple>(s->slice)->elts.end());
    else
        idx.push_back(s->slice);
    if (idx.size() > 4) return;
    for (const ast::Expr* x : idx)
        if (x->kind != ast::ExprKind::Name && x->kind != ast::ExprKind::Constant) return;
    for (const ast::Expr* x : idx) n.kids.push_back(compile(m, x));
    n.id = m.name_id(ast::as<ast::Name>(s->value)->id);
    n.run = idx.size() == 1 ? &subscript1_node : idx.size() == 2 ? &subscript2_node : &subscript_node;
}

CFunc& Compiled::func(Machine& m, const ast::FunctionDef& fn) {
    std::unique_ptr<CFunc>& c = m.code_->funcs[&fn];
    if (!c) {
        c = std::make_unique<CFunc>();
        c->fn = &fn;
        for (const ast::Arg& p : fn.args.args) c->ids.push_back(m.name_id(p.name));
    }
    return *c;
}

// Whether the positional arguments and keywords of `c` set every parameter of `fn` once (then
// Machine::call_user_with neither fails on them nor reads a default): `out`, the parameter each
// sets, in the order it evaluates them.
bool Compiled::keyword_params(const ast::Call* c, const ast::FunctionDef& fn, std::vector<uint8_t>& out) {
    const auto& params = fn.args.args;
    if (c->args.size() + c->keywords.size() != params.size() || params.size() > 255) return false;
    std::vector<bool> set(params.size(), false);
    for (size_t k = 0; k < c->args.size(); ++k) out.push_back(uint8_t(k)), set[k] = true;
    for (const ast::Keyword& kw : c->keywords) {
        size_t k = 0;
        while (k < params.size() && params[k].name != kw.arg) ++k;
        if (k == params.size() || set[k]) return out.clear(), false;
        out.push_back(uint8_t(k)), set[k] = true;
    }
    return true;
}

// A call of a type (`float(x)`) or of abs, min, max, round (Machine::call_python); any other
// name, a struct's constructor or keywords run as the tree.
void Compiled::compile_python_call(Machine& m, const ast::Call* c, std::string_view name, CExpr& n) {
    const NameInfo& in = m.info(name);
    if (in.st || !c->keywords.empty()) return;
    const bool math = name == "abs" || name == "min" || name == "max" || name == "round";
    if (!in.is_type && (!math || !in.builtin)) return; // in.builtin: find_builtin(name)
    for (const ast::Expr* x : c->args) n.kids.push_back(compile(m, x));
    n.id = m.name_id(name);
    if (in.is_type)
        n.type = in.type, n.run = &python_call_node<true>;
    else
        n.builtin = in.builtin, n.run = &python_call_node<false>;
}

// A call of a @wp.func, `wp.tid()`, `wp.static(x)`, atomics, random numbers, and `wp.<name>(args)`
// of a pure builtin or a type without keywords; other calls run as the tree. So does a call with a
// starred argument, which the tree rejects only after evaluating the arguments before it.
void Compiled::compile_call(Machine& m, const ast::Call* c, CExpr& n) {
    for (const ast::Expr* x : c->args)
        if (x->kind == ast::ExprKind::Starred) return;
    if (c->func->kind == ast::ExprKind::Name) { // as Machine::call_named: a @wp.func first
        std::string_view name = ast::as<ast::Name>(c->func)->id;
        if (const NameInfo& in = m.info(name); in.fn) {
            for (const ast::Expr* x : c->args) n.kids.push_back(compile(m, x));
            n.fn = in.fn, n.run = &user_call_node;
            if (c->keywords.empty() && c->args.size() == in.fn->args.args.size()) n.func = &func(m, *in.fn);
            if (!c->keywords.empty() && keyword_params(c, *in.fn, n.params)) {
                for (const ast::Keyword& k : c->keywords) n.kids.push_back(compile(m, k.value));
                n.func = &func(m, *in.fn);
            }
            n.in_place = n.func && std::all_of(n.kids.begin(), n.kids.end(),
                                               [](const CExpr* x) { return leaves_slot(*x, -1, false); });
        } else {
            compile_python_call(m, c, name, n);
        }
        return;
    }
    if (c->func->kind != ast::ExprKind::Attribute || !is_wp(ast::as<ast::Attribute>(c->func)->value)) return;
    const auto* a = ast::as<ast::Attribute>(c->func);
    const NameInfo& in = m.info(a->attr);
    if (in.wp == WpCall::Tid) {
        n.run = &tid;
        return;
    }
    if (in.wp == WpCall::Static && c->args.size() == 1) {
        n.kids = {compile(m, c->args[0])}, n.run = &static_node;
        return;
    }
    if (in.wp == WpCall::Atomic || in.wp == WpCall::Random) {
        for (const ast::Expr* x : c->args) n.kids.push_back(compile(m, x));
        n.run = in.wp == WpCall::Atomic ? &state_call_node<true> : &state_call_node<false>;
        if (in.wp == WpCall::Atomic) n.op = int(atomic_op(a->attr));
        if (in.wp == WpCall::Atomic && atomic_node_fits(c, n)) n.run = &atomic_node;
        return;
    }
    if (in.wp != WpCall::Other || !c->keywords.empty() || (!in.is_type && !in.builtin)) return;
    for (const ast::Expr* x : c->args) n.kids.push_back(compile(m, x));
    if (in.is_type)
        n.type = in.type, n.run = &call_node<true>;
    else
        n.builtin = in.builtin, n.run = &call_node<false>;
}

CStmt Compiled::compile_stmt(Machine& m, const ast::Stmt* s) {
    using SK = ast::StmtKind;
    CStmt c;
    c.src = s;
    if (s->kind == SK::Assign) {
        const auto* a = ast::as<ast::Assign>(s);
        if (a->targets.size() != 1) return c;
        c.value = compile(m, a->value), c.op = CStmt::Op::AssignTree; // stored as the tree stores
        if (a->targets[0]->kind == ast::ExprKind::Subscript) {
            c.target = compile(m, a->targets[0]);
            if (is_subscript(*c.target)) c.op = CStmt::Op::AssignSubscript;
        }
        if (a->targets[0]->kind == ast::ExprKind::Name)
            c.op = CStmt::Op::AssignName, c.id = m.name_id(ast::as<ast::Name>(a->targets[0])->id);
        if (a->targets[0]->kind == ast::ExprKind::Tuple) {
            const auto& elts = ast::as<ast::Tuple>(a->targets[0])->elts;
            if (std::all_of(elts.begin(), elts.end(),
                            [](const ast::Expr* x) { return x->kind == ast::ExprKind::Name; })) {
                for (const ast::Expr* x : elts) c.args.push_back(compile(m, x));
                c.op = CStmt::Op::AssignUnpack;
            }
        }
        if (c.op == CStmt::Op::AssignName && c.id != m.wp_id_ && leaves_slot(*c.value, c.id, true))
            c.op = CStmt::Op::AssignInSlot;
    } else if (s->kind == SK::AugAssign) {
        const auto* a = ast::as<ast::AugAssign>(s);
        c.op = CStmt::Op::AugAssign, c.value = compile(m, a->value), c.target = compile(m, a->target);
        c.in_place = leaves_variables(a->value);
        if (a->target->kind == ast::ExprKind::Name) c.id = m.name_id(ast::as<ast::Name>(a->target)->id);
    } else if (s->kind == SK::If) {
        c.op = CStmt::Op::If, c.value = compile(m, ast::as<ast::If>(s)->test);
    } else if (s->kind == SK::For) {
        compile_for(m, ast::as<ast::For>(s), c);
    } else if (s->kind == SK::Expr && ast::as<ast::ExprStmt>(s)->value->kind != ast::ExprKind::Constant) {
        c.op = CStmt::Op::Expr, c.value = compile(m, ast::as<ast::ExprStmt>(s)->value);
        if (c.value->run == &atomic_node) c.op = CStmt::Op::AtomicExpr;
    } else if (s->kind == SK::Expr || s->kind == SK::Pass) { // Machine::exec evaluates neither
        c.op = CStmt::Op::Tick;
    } else if (s->kind == SK::Return && ast::as<ast::Return>(s)->value) {
        c.op = CStmt::Op::Return, c.value = compile(m, ast::as<ast::Return>(s)->value);
        if (leaves_slot(*c.value, -1, false)) c.op = CStmt::Op::ReturnInSlot;
    }
    return c;
}

// `for i in range(args)`, the loops Machine::exec_for runs (any other runs as the tree, which
// rejects it; so does a starred argument).
void Compiled::compile_for(Machine& m, const ast::For* s, CStmt& c) {
    if (s->iter->kind != ast::ExprKind::Call || s->target->kind != ast::ExprKind::Name || !s->orelse.empty())
        return;
    const auto* r = ast::as<ast::Call>(s->iter);
    if (r->func->kind != ast::ExprKind::Name || ast::as<ast::Name>(r->func)->id != "range" ||
        !r->keywords.empty())
        return;
    for (const ast::Expr* x : r->args)
        if (x->kind == ast::ExprKind::Starred) return;
    for (const ast::Expr* x : r->args) c.args.push_back(compile(m, x));
    c.op = CStmt::Op::ForRange, c.id = m.name_id(ast::as<ast::Name>(s->target)->id);
}

// Whether evaluating `n` neither reads nor assigns the variable `id` nor adds a variable to the
// frame: nodes of operators, variables other than `id`, literals, `wp.<name>`, pure builtins,
// constructors, atomics (they write arrays), random numbers (they advance a state variable named
// among their arguments, so not `id`) and, with `calls`, @wp.func calls of call_func (their
// bodies run in frames of their own, but they set Machine::returned_). A call of a Python type
// or builtin that falls back to the tree evaluates there the same arguments as its kids.
bool Compiled::leaves_slot(const CExpr& n, int id, bool calls) {
    const bool pure =
        n.run == &name || n.run == &constant || n.run == &binop_node || n.run == &binop_leaf_node ||
        n.run == &binop_temp_leaf_node || n.run == &binop_leaf_temp_node || n.run == &unary_node ||
        n.run == &compare_node || n.run == &boolop_node || n.run == &ifexp_node || is_subscript(n) ||
        is_call<true>(n) || is_call<false>(n) || n.run == &attribute_node || n.run == &tid ||
        n.run == &static_node || n.run == &state_call_node<true> || n.run == &state_call_node<false> ||
        n.run == &atomic_node || n.run == &python_call_node<true> || n.run == &python_call_node<false> ||
        (n.run == &fallback && n.src->kind == ast::ExprKind::Attribute &&
         is_wp(ast::as<ast::Attribute>(n.src)->value)) ||
        (calls && n.run == &user_call_node && n.func);
    if (!pure || (id >= 0 && n.id == id)) return false;
    for (const CExpr* k : n.kids)
        if (!leaves_slot(*k, id, calls)) return false;
    return true;
}

// `slot` = the value of `value`, made in place (no move); an error leaves it empty (it aborts the
// launch, which then reads nothing the interpreter holds). Inline: every argument of a call and
// most assignments take one.
inline void Compiled::make_in(Value& slot, Machine& m, const CExpr& value, Frame& f) {
    std::destroy_at(&slot);
    try {
        ::new (static_cast<void*>(&slot)) Value(value.run(m, value, f));
    } catch (...) {
        ::new (static_cast<void*>(&slot)) Value();
        throw;
    }
}

// As AssignName of a value that leaves the variable's slot alone (leaves_slot()): made in the slot
// rather than moved there. The variable is the same whether it was set before or not (the
// assignment sets it), and an error leaves it empty (it aborts the launch, which reads no frame).
void Compiled::make_in_slot(Machine& m, const CStmt& s, Frame& f) {
    make_in(f.slot(s.id), m, *s.value, f); // the slot first: it may grow the frame
}

std::unique_ptr<CBlock> Compiled::compile_block(Machine& m, const std::vector<ast::Stmt*>& body) {
    auto b = std::make_unique<CBlock>();
    for (const ast::Stmt* s : body) b->stmts.push_back(compile_stmt(m, s));
    using Op = CStmt::Op;
    auto flows_on = [](const CStmt& s) {
        return s.op == Op::AssignName || s.op == Op::AssignInSlot || s.op == Op::AssignSubscript ||
               s.op == Op::AssignTree || s.op == Op::AssignUnpack || s.op == Op::AugAssign ||
               s.op == Op::Expr || s.op == Op::AtomicExpr || s.op == Op::Tick;
    };
    b->straight_return = !b->stmts.empty() &&
                         (b->stmts.back().op == Op::Return || b->stmts.back().op == Op::ReturnInSlot) &&
                         std::all_of(b->stmts.begin(), b->stmts.end() - 1, flows_on);
    return b;
}

// As Machine::exec_aug_assign (the target read in place when the value cannot change it).
Compiled::Flow Compiled::run_aug_assign(Machine& m, const CStmt& s, Frame& f) {
    const auto* a = ast::as<ast::AugAssign>(s.src);
    if (s.id >= 0 && is_leaf(*s.value)) // `x += y` of variables or a literal, the most frequent: in place
        if (Value* t = f.find(s.id); const Value* v = t ? leaf(*s.value, f) : nullptr) {
            *t = binop(a->op, *t, *v);
            return Flow::Next;
        }
    auto apply = [&](const Value& t) {
        return with_operand(m, *s.value, f, [&](const Value& v) { return binop(a->op, t, v); });
    };
    if (s.in_place && s.id < 0 && is_subscript(*s.target)) // `a[i] += y`: the element found once
        if (Value* slot = element_in_place(m, *s.target, f)) {
            Machine::store_value(*slot, apply(*slot));
            return Flow::Next;
        }
    Value v = s.in_place ? with_operand(m, *s.target, f, apply) : apply(s.target->run(m, *s.target, f));
    if (s.id >= 0)
        assign(m, s.id, std::move(v), f);
    else if (is_subscript(*s.target))
        store_subscript(m, *s.target, v, f);
    else
        m.store_into(a->target, v, f);
    return Flow::Next;
}

// As Machine::exec_for, the loop variable's id and the body's block found once.
Compiled::Flow Compiled::run_for(Machine& m, const CStmt& s, Frame& f) {
    ArgList args;
    for (const CExpr* a : s.args) args.emplace([&] { return a->run(m, *a, f); });
    return m.loop_range(
        args, [&](Value&& i) { assign(m, s.id, std::move(i), f); },
        [&] {
            if (!s.body) s.body = &m.block(ast::as<ast::For>(s.src)->body);
            return run_block(m, *s.body, f);
        });
}

// As Machine::exec of an `if` (its test ticked), each branch's block found once. Inline: in
// run_stmts, its one caller.
inline Compiled::Flow Compiled::run_if(Machine& m, const CStmt& s, Frame& f) {
    const bool yes = truth_of(m, *s.value, f);
    const CBlock*& b = yes ? s.body : s.orelse;
    if (!b) b = &m.block(yes ? ast::as<ast::If>(s.src)->body : ast::as<ast::If>(s.src)->orelse);
    return run_block(m, *b, f);
}

// As Machine::exec for each statement (each counts one step of the budget).
Compiled::Flow Compiled::run_stmts(Machine& m, const CStmt* begin, const CStmt* end, Frame& f) {
    for (const CStmt* p = begin; p != end; ++p) {
        const CStmt& s = *p;
        Flow flow = Flow::Next;
        switch (s.op) {
        case CStmt::Op::Tree: flow = m.exec(s.src, f); break;
        case CStmt::Op::AssignName: m.tick(), assign(m, s.id, s.value->run(m, *s.value, f), f); break;
        case CStmt::Op::AssignInSlot: m.tick(), make_in_slot(m, s, f); break;
        case CStmt::Op::AssignSubscript:
            m.tick(), store_subscript(m, *s.target, s.value->run(m, *s.value, f), f);
            break;
        case CStmt::Op::AssignTree:
            m.tick(), m.assign(ast::as<ast::Assign>(s.src)->targets[0], s.value->run(m, *s.value, f), f);
            break;
        case CStmt::Op::AssignUnpack: m.tick(), unpack(m, s, s.value->run(m, *s.value, f), f); break;
        case CStmt::Op::AugAssign: m.tick(), run_aug_assign(m, s, f); break;
        case CStmt::Op::Expr: m.tick(), s.value->run(m, *s.value, f); break;
        case CStmt::Op::AtomicExpr: m.tick(), atomic_run<false>(m, *s.value, f); break;
        case CStmt::Op::ForRange: m.tick(), flow = run_for(m, s, f); break;
        case CStmt::Op::Tick: m.tick(); break;
        case CStmt::Op::If: m.tick(), flow = run_if(m, s, f); break;
        case CStmt::Op::Return: m.tick(), m.returned_ = s.value->run(m, *s.value, f); return Flow::Return;
        case CStmt::Op::ReturnInSlot: m.tick(), make_in(m.returned_, m, *s.value, f); return Flow::Return;
        }
        if (flow != Flow::Next) return flow;
    }
    return Flow::Next;
}

const CBlock& Machine::new_block(const std::vector<ast::Stmt*>& body) {
    if (!code_) code_.reset(new CompiledCode);
    std::unique_ptr<CBlock>& b = code_->blocks[&body];
    if (!b) b = Compiled::compile_block(*this, body);
    recent_blocks_[size_t(reinterpret_cast<uintptr_t>(&body) >> 3) & 255] = {&body, b.get()};
    return *b;
}

Machine::Flow Machine::exec_block(const std::vector<ast::Stmt*>& body, Frame& f) {
    return Compiled::run_block(*this, block(body), f);
}

Machine::Flow Machine::run_block(const CBlock& b, Frame& f) {
    return Compiled::run_block(*this, b, f);
}

} // namespace ws::synth::probe
