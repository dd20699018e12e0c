// Module set-up and statements (expressions and calls: machine_eval.cpp).
#include "synth/probe/machine.h"

#include "synth/probe/ops.h"

#include <set>

namespace ws::synth::probe {

namespace {

// `@wp.kernel`, `@wp.func`, `@wp.struct` (bare or called with options).
std::string_view decorator_name(const ast::Expr* d) {
    if (d->kind == ast::ExprKind::Call) d = ast::as<ast::Call>(d)->func;
    if (d->kind != ast::ExprKind::Attribute) return {};
    return ast::as<ast::Attribute>(d)->attr;
}

std::string_view decorator_of(const std::vector<ast::Expr*>& decorators) {
    return decorators.size() == 1 ? decorator_name(decorators[0]) : std::string_view{};
}

} // namespace

Machine::Machine(const ast::Module& module) {
    for (auto& r : recent_ids_) r.first = nullptr;
    for (auto& r : recent_blocks_) r.first = nullptr;
    wp_id_ = ids_by_text_.emplace("wp", 0).first->second;
    for (const ast::Stmt* s : module.body) {
        if (s->kind == ast::StmtKind::FunctionDef) {
            const auto* fn = ast::as<ast::FunctionDef>(s);
            const std::string_view d = decorator_of(fn->decorators);
            if (d == "kernel")
                kernel_ = fn;
            else if (d == "func")
                funcs_[fn->name] = fn;
            else
                throw_unsupported("a function that is neither a kernel nor a @wp.func");
        } else if (s->kind == ast::StmtKind::ClassDef) {
            const auto* c = ast::as<ast::ClassDef>(s);
            if (decorator_of(c->decorators) != "struct")
                throw_unsupported("a class that is not a @wp.struct");
            auto def = std::make_unique<StructDef>();
            def->name = c->name;
            for (const ast::Stmt* field : c->body) {
                if (field->kind != ast::StmtKind::AnnAssign) continue;
                const auto* a = ast::as<ast::AnnAssign>(field);
                if (a->target->kind != ast::ExprKind::Name) throw_unsupported("a struct field");
                const Value t = annotation(a->annotation);
                if (t.array_ndim > 0) throw_unsupported("an array in a struct");
                def->fields.emplace_back(ast::as<ast::Name>(a->target)->id);
                def->types.push_back(t.t);
            }
            structs_[c->name] = std::move(def);
        } else if (s->kind == ast::StmtKind::Assign) {
            const auto* a = ast::as<ast::Assign>(s);
            if (a->targets.size() != 1 || a->targets[0]->kind != ast::ExprKind::Name) continue;
            try {
                Value v = eval(a->value, global_frame_);
                const int id = name_id(ast::as<ast::Name>(a->targets[0])->id);
                global_frame_.slot(id) = v;
                globals_.emplace_back(id, v);
            } catch (const Unsupported&) {
                // A global the kernel may never read; reading it is then Unsupported.
            }
        }
    }
    if (!kernel_) throw_unsupported("no kernel");
    initial_globals_ = globals_;
    for (const auto& [id, v] : globals_) wp_bound_ = wp_bound_ || id == wp_id_;
    auto binds_wp = [](const ast::FunctionDef* fn) {
        for (const ast::Arg& p : fn->args.args)
            if (p.name == "wp") return true;
        return false;
    };
    wp_bound_ = wp_bound_ || binds_wp(kernel_);
    for (const auto& [name, fn] : funcs_) wp_bound_ = wp_bound_ || binds_wp(fn);
    infos_.clear(); // resolved while the globals were read, before every function and struct was known
}

void Machine::reset() {
    arrays.clear();
    inputs = nullptr;
    globals_ = initial_globals_;
}

int Machine::new_name_id(std::string_view name) {
    const int id = ids_by_text_.try_emplace(name, int(ids_by_text_.size())).first->second;
    recent_ids_[recent_slot(name)] = {name.data(), id};
    return id;
}

const NameInfo& Machine::resolve(size_t id, std::string_view name) {
    if (id >= infos_.size()) infos_.resize(id + 1);
    infos_[id] = std::make_unique<NameInfo>();
    NameInfo& in = *infos_[id];
    if (name == "tid")
        in.wp = WpCall::Tid;
    else if (name == "static" || name == "constant")
        in.wp = WpCall::Static;
    else if (name.rfind("atomic_", 0) == 0)
        in.wp = WpCall::Atomic;
    else if (name.rfind("rand", 0) == 0 || name.rfind("sample_", 0) == 0 || name == "poisson")
        in.wp = WpCall::Random;
    else if ((in.outputs = output_arguments(name)))
        in.wp = WpCall::Outputs;
    in.is_type = type_named(name, in.type);
    in.is_constant = wp_constant(name, in.constant);
    in.builtin = find_builtin(name);
    if (auto it = funcs_.find(name); it != funcs_.end()) in.fn = it->second;
    if (auto it = structs_.find(name); it != structs_.end()) in.st = it->second.get();
    return in;
}

void Machine::add_frames(size_t depth) {
    while (frames_.size() <= depth) frames_.push_back(std::make_unique<Frame>());
}

Value Machine::annotation(const ast::Expr* e) {
    // wp.array[T], wp.array2d[T]
    if (e->kind == ast::ExprKind::Subscript) {
        const auto* s = ast::as<ast::Subscript>(e);
        if (s->value->kind == ast::ExprKind::Attribute) {
            std::string_view n = ast::as<ast::Attribute>(s->value)->attr;
            if (n.rfind("array", 0) == 0) {
                Value t = annotation(s->slice);
                t.array_ndim = n == "array" ? 1 : n[5] - '0';
                return t;
            }
        }
        throw_unsupported("an annotation");
    }
    // wp.array(dtype=T, ndim=N), wp.array2d(dtype=T)
    if (e->kind == ast::ExprKind::Call) {
        const auto* c = ast::as<ast::Call>(e);
        if (c->func->kind == ast::ExprKind::Attribute &&
            ast::as<ast::Attribute>(c->func)->attr.rfind("array", 0) == 0) {
            std::string_view n = ast::as<ast::Attribute>(c->func)->attr;
            Value t;
            int ndim = n == "array" ? 1 : n[5] - '0';
            bool typed = false;
            for (const ast::Keyword& k : c->keywords) {
                if (k.arg == "dtype")
                    t = annotation(k.value), typed = true;
                else if (k.arg == "ndim" && k.value->kind == ast::ExprKind::Constant)
                    ndim = int(ast::as<ast::Constant>(k.value)->int_value);
                else
                    throw_unsupported("an array annotation");
            }
            if (!typed || ndim < 1 || ndim > 4) throw_unsupported("an array annotation");
            t.array_ndim = ndim;
            return t;
        }
    }
    Frame none;
    Value t = eval(e, none);
    if (!t.is_type) throw_unsupported("an annotation");
    return t;
}

namespace {

// The names a kernel's statements may change: those rebound (`x = `, `x.f = `, in tuples, loop
// variables) and those stored into by subscript (`x[i] = `, which leaves an array's value as is).
struct Stores {
    std::set<std::string_view> rebound, subscripted;
};

void target_roots(const ast::Expr* t, Stores& out) {
    using EK = ast::ExprKind;
    if (t->kind == EK::Name) {
        out.rebound.insert(ast::as<ast::Name>(t)->id);
    } else if (t->kind == EK::Tuple) {
        for (const ast::Expr* x : ast::as<ast::Tuple>(t)->elts) target_roots(x, out);
    } else if (t->kind == EK::Attribute) { // stores the changed base back (store_into)
        target_roots(ast::as<ast::Attribute>(t)->value, out);
    } else if (t->kind == EK::Subscript && ast::as<ast::Subscript>(t)->value->kind == EK::Name) {
        out.subscripted.insert(ast::as<ast::Name>(ast::as<ast::Subscript>(t)->value)->id);
    } else if (t->kind == EK::Subscript) {
        target_roots(ast::as<ast::Subscript>(t)->value, out);
    } else {
        out.rebound.insert(""), out.subscripted.insert(""); // unknown: the caller keeps nothing
    }
}

void collect_stores(const std::vector<ast::Stmt*>& body, Stores& out) {
    using SK = ast::StmtKind;
    for (const ast::Stmt* s : body) {
        if (s->kind == SK::Assign) {
            for (const ast::Expr* t : ast::as<ast::Assign>(s)->targets) target_roots(t, out);
        } else if (s->kind == SK::AugAssign) {
            target_roots(ast::as<ast::AugAssign>(s)->target, out);
        } else if (s->kind == SK::AnnAssign) {
            target_roots(ast::as<ast::AnnAssign>(s)->target, out);
        } else if (s->kind == SK::For) {
            const auto* l = ast::as<ast::For>(s);
            target_roots(l->target, out), collect_stores(l->body, out), collect_stores(l->orelse, out);
        } else if (s->kind == SK::While) {
            collect_stores(ast::as<ast::While>(s)->body, out),
                collect_stores(ast::as<ast::While>(s)->orelse, out);
        } else if (s->kind == SK::If) {
            collect_stores(ast::as<ast::If>(s)->body, out), collect_stores(ast::as<ast::If>(s)->orelse, out);
        }
    }
}

} // namespace

// Which parameters keep their launch value through every thread, so that a thread after the
// first need not copy them again (most are arrays, whose 184-byte values are copied whole): an
// array or a scalar never rebound, or a composite never rebound nor stored into. The kernel's
// stores are found on the first launch, the arguments' kinds looked at on each; the outputs of
// `wp.svd3` and the like, assigned to variables by call_wp, and the state variables random
// functions advance in place are watched as it runs.
const std::vector<uint8_t>& Machine::kept_params(const std::vector<Value>& args) {
    const auto& params = kernel_->args.args;
    enum : uint8_t { Rebound = 1, Subscripted = 2 };
    if (stores_.size() != params.size()) {
        Stores stores;
        collect_stores(kernel_->body, stores);
        const bool unknown = stores.rebound.contains("");
        stores_.assign(params.size(), 0);
        for (size_t k = 0; k < params.size(); ++k) {
            if (unknown || stores.rebound.contains(params[k].name)) stores_[k] |= Rebound;
            if (stores.subscripted.contains(params[k].name)) stores_[k] |= Subscripted;
        }
    }
    kept_.assign(params.size(), 0);
    for (size_t k = 0; k < params.size(); ++k) {
        const Kind kind = args[k].t.kind;
        if (args[k].is_type || (stores_[k] & Rebound)) continue;
        kept_[k] = kind == Kind::Array || kind == Kind::Scalar || !(stores_[k] & Subscripted);
    }
    return kept_;
}

void Machine::launch(const std::vector<Value>& args, const std::vector<int64_t>& dim,
                     const std::vector<int64_t>& threads, int64_t budget) {
    const auto& params = kernel_->args.args;
    if (params.size() != args.size()) throw_unsupported("the launch's arguments");
    steps_left_ = budget;
    for (ArrayBuf& a : arrays) a.written.clear(), a.shared = false;
    // The launch's lists are the machine's, emptied (a probe launches a machine many times).
    std::vector<int64_t>& idx = launch_.idx;
    idx.assign(dim.size(), 0);
    std::vector<int>& ids = launch_.ids; // the parameters' name ids, found once rather than for every thread
    ids.clear();
    for (const ast::Arg& p : params) ids.push_back(name_id(p.name));
    const std::vector<uint8_t>& kept = kept_params(args);
    // After the first thread (which makes every parameter's slot): the kept parameters' slots
    // are only marked as set, the others copied again.
    std::vector<int>& kept_ids = launch_.kept_ids;
    std::vector<std::pair<int, size_t>>& copied = launch_.copied; // (id, parameter)
    kept_ids.clear(), copied.clear();
    for (size_t k = 0; k < params.size(); ++k) {
        if (kept[k])
            kept_ids.push_back(ids[k]);
        else
            copied.emplace_back(ids[k], k);
    }
    bool first = true;
    slots_changed_ = false;
    const CBlock* body = nullptr; // found on the first thread (as exec_block() would), then kept
    const bool one_dim = dim.size() == 1;
    if (one_dim) tid_ = make_int(Sc::I32, 0); // each thread then sets its integer alone
    for (int64_t t : threads) {
        thread_ = t;
        Frame& f = frame_at(0);
        if (first || slots_changed_) { // an output or a random state may have changed a kept parameter
            for (size_t k = 0; k < params.size(); ++k) f.slot(ids[k]) = args[k];
        } else {
            for (int id : kept_ids) f.keep(id);
            for (const auto& [id, k] : copied) f.slot(id) = args[k];
        }
        first = false;
        if (one_dim) { // as set_tid() of {t % dim[0]}: tid_ is only ever read by copy
            tid_.i = wrap_int(Sc::I32, t % dim[0]);
        } else {
            int64_t rest = t;
            for (size_t d = dim.size(); d-- > 0;) idx[d] = rest % dim[d], rest /= dim[d];
            set_tid(idx);
        }
        if (!body) body = &block(kernel_->body);
        run_block(*body, f);
    }
}

// `wp.tid()` of the thread at `idx`: an int, or a tuple of them whose elements are overwritten
// in place when no value read from the previous thread's tuple shares them (no allocation).
void Machine::set_tid(const std::vector<int64_t>& idx) {
    if (idx.size() == 1) {
        tid_ = make_int(Sc::I32, idx[0]);
        return;
    }
    if (tid_.t.kind == Kind::Tuple && tid_.items.use_count() == 1 && tid_.items->size() == idx.size()) {
        // The elements are the previous thread's ints, read only by copy: their integers alone change.
        for (size_t d = 0; d < idx.size(); ++d) (*tid_.items)[d].i = wrap_int(Sc::I32, idx[d]);
        return;
    }
    tid_ = Value{};
    tid_.t.kind = Kind::Tuple;
    tid_.items = std::make_shared<std::vector<Value>>(idx.size());
    for (size_t d = 0; d < idx.size(); ++d) (*tid_.items)[d] = make_int(Sc::I32, idx[d]);
}

// Only a dispatch, as Machine::eval: every kind is executed out of line.
Machine::Flow Machine::exec(const ast::Stmt* s, Frame& f) {
    tick();
    switch (s->kind) {
    case ast::StmtKind::Assign: {
        const auto* a = ast::as<ast::Assign>(s);
        if (a->targets.size() == 1) { // the most frequent statement: inline, its value made in place
            assign(a->targets[0], eval(a->value, f), f);
            return Flow::Next;
        }
        return exec_assign(a, f);
    }
    case ast::StmtKind::AnnAssign: return exec_ann_assign(ast::as<ast::AnnAssign>(s), f);
    case ast::StmtKind::AugAssign: return exec_aug_assign(ast::as<ast::AugAssign>(s), f);
    case ast::StmtKind::If: {
        const auto* i = ast::as<ast::If>(s);
        return exec_block(with_operand(i->test, f, truth) ? i->body : i->orelse, f);
    }
    case ast::StmtKind::For: return exec_for(ast::as<ast::For>(s), f);
    case ast::StmtKind::While: return exec_while(ast::as<ast::While>(s), f);
    case ast::StmtKind::Return: return exec_return(ast::as<ast::Return>(s), f);
    case ast::StmtKind::Expr: return exec_expr(ast::as<ast::ExprStmt>(s), f);
    case ast::StmtKind::Pass:
    case ast::StmtKind::Assert: return Flow::Next;
    case ast::StmtKind::Break: return Flow::Break;
    case ast::StmtKind::Continue: return Flow::Continue;
    default: throw_unsupported("a statement");
    }
}

// `a = b = value`
Machine::Flow Machine::exec_assign(const ast::Assign* a, Frame& f) {
    const Value v = eval(a->value, f);
    for (const ast::Expr* t : a->targets) assign(t, v, f);
    return Flow::Next;
}

Machine::Flow Machine::exec_ann_assign(const ast::AnnAssign* a, Frame& f) {
    if (!a->value) throw_unsupported("a declaration without a value");
    const Value t = annotation(a->annotation);
    Value v = eval(a->value, f);
    if (!t.array_ndim && !converts_to_itself(t.t, v)) v = convert(t.t, v); // else convert() copies it
    assign(a->target, std::move(v), f);
    return Flow::Next;
}

Machine::Flow Machine::exec_aug_assign(const ast::AugAssign* a, Frame& f) {
    auto apply = [&](const Value& t) {
        return with_operand(a->value, f, [&](const Value& v) { return binop(a->op, t, v); });
    };
    // The target read in place when the value cannot change it, as in eval_binop.
    Value v = leaves_variables(a->value) ? with_operand(a->target, f, apply) : apply(eval(a->target, f));
    if (a->target->kind == ast::ExprKind::Name) return assign(a->target, std::move(v), f), Flow::Next;
    store_into(a->target, v, f);
    return Flow::Next;
}

Machine::Flow Machine::exec_while(const ast::While* w, Frame& f) {
    while (with_operand(w->test, f, truth)) {
        tick();
        const Flow flow = exec_block(w->body, f);
        if (flow == Flow::Break) break;
        if (flow == Flow::Return) return flow;
    }
    return Flow::Next;
}

Machine::Flow Machine::exec_return(const ast::Return* r, Frame& f) {
    returned_ = r->value ? eval(r->value, f) : Value{};
    return Flow::Return;
}

Machine::Flow Machine::exec_expr(const ast::ExprStmt* e, Frame& f) {
    if (e->value->kind != ast::ExprKind::Constant) eval(e->value, f);
    return Flow::Next;
}

Machine::Flow Machine::exec_for(const ast::For* s, Frame& f) {
    if (s->iter->kind != ast::ExprKind::Call || s->target->kind != ast::ExprKind::Name || !s->orelse.empty())
        throw_unsupported("a for loop");
    const auto* c = ast::as<ast::Call>(s->iter);
    if (c->func->kind != ast::ExprKind::Name || ast::as<ast::Name>(c->func)->id != "range" ||
        !c->keywords.empty())
        throw_unsupported("a loop over something else than range()");
    ArgList args;
    eval_args(c, f, args);
    return loop_range(
        args, [&](Value&& i) { assign(s->target, std::move(i), f); }, [&] { return exec_block(s->body, f); });
}

// The bounds of range(args) (its arguments evaluated: the compiled probe evaluates them).
Machine::Range Machine::range_of(const ArgList& args) {
    for (const Value& v : args)
        if (v.t.kind != Kind::Scalar || is_float(v.t.sc)) throw_unsupported("range() of a non-integer");
    if (args.size() > 3) throw_unsupported("range()");
    Index r; // no heap: at most three arguments
    for (const Value& v : args) r.push_back(v.i);
    int64_t start = 0, stop = 0, step = 1;
    if (r.size() == 1)
        stop = r[0];
    else if (r.size() == 2 || r.size() == 3)
        start = r[0], stop = r[1], step = r.size() == 3 ? r[2] : 1;
    else
        throw_unsupported("range()");
    if (step == 0) throw_unsupported("range() with step 0");
    return {start, stop, step};
}

// A variable, the frequent target, is assigned with no call but a tail call when its name's id
// is in `recent_ids_` (see recent_variable()).
void Machine::assign(const ast::Expr* target, Value v, Frame& f) {
    if (target->kind == ast::ExprKind::Name) {
        std::string_view name = ast::as<ast::Name>(target)->id;
        if (const auto& recent = recent_ids_[recent_slot(name)]; recent.first == name.data()) {
            if (Value* slot = f.find(recent.second)) {
                *slot = std::move(v);
                return;
            }
            return assign_new(recent.second, std::move(v), f);
        }
    }
    assign_slow(target, std::move(v), f);
}

// A variable the frame does not have yet (most assignments: a kernel's variables are mostly
// assigned once per thread).
void Machine::assign_new(int id, Value&& v, Frame& f) {
    wp_bound_ = wp_bound_ || id == wp_id_;
    f.slot(id) = std::move(v);
}

void Machine::assign_slow(const ast::Expr* target, Value&& v, Frame& f) {
    if (target->kind == ast::ExprKind::Name) {
        const int id = name_id(ast::as<ast::Name>(target)->id);
        if (Value* slot = f.find(id)) {
            *slot = std::move(v);
            return;
        }
        return assign_new(id, std::move(v), f);
    }
    if (target->kind == ast::ExprKind::Tuple) {
        const auto* t = ast::as<ast::Tuple>(target);
        if (v.t.kind != Kind::Tuple || v.items->size() != t->elts.size()) throw_unsupported("unpacking");
        for (size_t k = 0; k < t->elts.size(); ++k) assign(t->elts[k], (*v.items)[k], f);
        return;
    }
    store_into(target, v, f);
}

// `a[i] = v`, `v[k] = x`, `m[i, j] = x`, `v.x = x`, `s.field = x`: the stored-into value is
// found by evaluating the target's base as an lvalue.
void Machine::store_into(const ast::Expr* target, const Value& v, Frame& f) {
    if (target->kind == ast::ExprKind::Name) return assign(target, v, f);
    if (target->kind == ast::ExprKind::Subscript) {
        const auto* s = ast::as<ast::Subscript>(target);
        const Index idx = indices(s->slice, f);
        if (s->value->kind == ast::ExprKind::Name) {
            Value* base = lookup(name_id(ast::as<ast::Name>(s->value)->id), f);
            if (!base) throw_unsupported("an unknown name");
            if (base->t.kind == Kind::Array) {
                store_element(base->array, idx, v);
                return;
            }
            // In place (no copy of the whole value): nothing below throws once the checks pass.
            const int k = idx.size() == 2 ? int(idx[0] * base->t.cols + idx[1]) : int(idx[0]);
            if (idx.size() > 2 || k < 0 || k >= base->t.size() || v.t.kind != Kind::Scalar)
                throw_unsupported("a component store");
            base->c[size_t(k)] = fit(base->t.sc, v.num());
            return;
        }
        throw_unsupported("a store into a nested subscript");
    }
    if (target->kind == ast::ExprKind::Attribute) {
        const auto* a = ast::as<ast::Attribute>(target);
        Value base = eval(a->value, f);
        if (base.t.kind == Kind::Struct) {
            const auto& names = base.t.st->fields;
            for (size_t k = 0; k < names.size(); ++k)
                if (names[k] == a->attr) {
                    auto items = std::make_shared<std::vector<Value>>(*base.items);
                    (*items)[k] = convert(base.t.st->types[k], v);
                    base.items = items;
                    return store_into(a->value, base, f);
                }
        }
        static const std::string_view xyzw = "xyzw";
        const size_t k = a->attr.size() == 1 ? xyzw.find(a->attr[0]) : std::string_view::npos;
        if ((base.t.kind == Kind::Vec || base.t.kind == Kind::Quat) && k != std::string_view::npos &&
            int(k) < base.t.size() && v.t.kind == Kind::Scalar) {
            base.c[k] = fit(base.t.sc, v.num());
            return store_into(a->value, base, f);
        }
        throw_unsupported("an attribute store");
    }
    throw_unsupported("an assignment target");
}

} // namespace ws::synth::probe
