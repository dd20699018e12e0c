// Expressions and calls of the probe's interpreter (statements: machine.cpp).
#include "synth/probe/machine.h"
#include "synth/probe/ops.h"
#include "types/str_cat.h"

#include <algorithm>
#include <cmath>

namespace ws::synth::probe {

namespace {

Value tuple_of(std::vector<Value> items) {
    Value r;
    r.t.kind = Kind::Tuple;
    r.items = std::make_shared<std::vector<Value>>(std::move(items));
    return r;
}

} // namespace

[[gnu::noinline]] Value constant_value(const ast::Constant* c) {
    using K = ast::Constant::Kind;
    switch (c->value_kind) {
    case K::Bool: return make_bool(c->bool_value);
    case K::Int:
        if (c->int_is_unsigned || !c->int_literal.empty()) throw_unsupported("a large integer literal");
        return make_int(Sc::I32, c->int_value);
    case K::Float: return make_scalar(Sc::F32, c->float_value);
    default: throw_unsupported("a constant of this kind");
    }
}

namespace {

uint32_t rand_pcg(uint32_t state) {
    const uint32_t b = state * 747796405u + 2891336453u;
    const uint32_t c = ((b >> ((b >> 28u) + 4u)) ^ b) * 277803737u;
    return (c >> 22u) ^ c;
}

} // namespace

void Index::push_back(int64_t v) {
    if (n == at.size()) throw_unsupported("an index of more than four dimensions");
    at[n++] = v;
}

Value* Machine::lookup(int id, Frame& f) {
    if (Value* v = f.find(id)) return v;
    for (auto& [n, v] : globals_)
        if (n == id) return &v;
    return nullptr;
}

// Whether `wp` names a variable here rather than Warp's module.
bool Machine::wp_shadowed(Frame& f) {
    return wp_bound_ && lookup(wp_id_, f);
}

// Only a dispatch: every kind is evaluated out of line, so that this function, the
// interpreter's most frequent, saves no registers and makes no stack frame of its own.
Value Machine::eval(const ast::Expr* e, Frame& f) {
    using EK = ast::ExprKind;
    switch (e->kind) {
    case EK::Constant: return constant_value(ast::as<ast::Constant>(e));
    case EK::Name: return eval_name(ast::as<ast::Name>(e), f);
    case EK::Attribute: return eval_attribute(ast::as<ast::Attribute>(e), f);
    case EK::Subscript: return eval_subscript(ast::as<ast::Subscript>(e), f);
    case EK::Call: return eval_call(ast::as<ast::Call>(e), f);
    case EK::BinOp: return eval_binop(ast::as<ast::BinOp>(e), f);
    case EK::UnaryOp: return eval_unary(ast::as<ast::UnaryOp>(e), f);
    case EK::BoolOp: return eval_boolop(ast::as<ast::BoolOp>(e), f);
    case EK::Compare: return eval_compare(ast::as<ast::Compare>(e), f);
    case EK::IfExp: return eval_ifexp(ast::as<ast::IfExp>(e), f);
    case EK::Tuple: return eval_tuple(ast::as<ast::Tuple>(e), f);
    default: throw_unsupported("an expression");
    }
}

Value Machine::eval_unary(const ast::UnaryOp* u, Frame& f) {
    return with_operand(u->operand, f, [&](const Value& v) { return unop(u->op, v); });
}

Value Machine::eval_boolop(const ast::BoolOp* b, Frame& f) {
    const bool is_and = b->op == ast::BoolOpKind::And;
    for (const ast::Expr* v : b->values)
        if (with_operand(v, f, truth) != is_and) return make_bool(!is_and);
    return make_bool(is_and);
}

Value Machine::eval_ifexp(const ast::IfExp* i, Frame& f) {
    return with_operand(i->test, f, truth) ? eval(i->body, f) : eval(i->orelse, f);
}

Value Machine::eval_tuple(const ast::Tuple* t, Frame& f) {
    std::vector<Value> items;
    for (const ast::Expr* x : t->elts) items.push_back(eval(x, f));
    return tuple_of(std::move(items));
}

// The left operand is read in place only when evaluating the right one cannot change it.
Value Machine::eval_binop(const ast::BinOp* b, Frame& f) {
    if (leaves_variables(b->right))
        return with_operand(b->left, f, [&](const Value& l) {
            return with_operand(b->right, f, [&](const Value& r) { return binop(b->op, l, r); });
        });
    const Value l = eval(b->left, f);
    return with_operand(b->right, f, [&](const Value& r) { return binop(b->op, l, r); });
}

Value Machine::eval_compare(const ast::Compare* c, Frame& f) {
    if (c->ops.size() == 1) { // the frequent case, as eval_binop
        auto test = [&](const Value& l) {
            return with_operand(c->comparators[0], f,
                                [&](const Value& r) { return compare(c->ops[0], l, r); });
        };
        const bool r =
            leaves_variables(c->comparators[0]) ? with_operand(c->left, f, test) : test(eval(c->left, f));
        return make_bool(r);
    }
    Value left = eval(c->left, f);
    for (size_t k = 0; k < c->ops.size(); ++k) {
        Value right = eval(c->comparators[k], f);
        if (!compare(c->ops[k], left, right)) return make_bool(false);
        left = std::move(right);
    }
    return make_bool(true);
}

// A variable of the frame, the frequent case, is read with no call (see recent_variable()).
Value Machine::eval_name(const ast::Name* e, Frame& f) {
    if (const Value* v = recent_variable(e->id, f)) return *v;
    return eval_name_slow(e, f);
}

Value Machine::eval_name_slow(const ast::Name* e, Frame& f) {
    if (Value* v = lookup(name_id(e->id), f)) return *v;
    const NameInfo& in = info(e->id);
    if (in.is_type) return type_value(in.type);
    if (in.st) return type_value({Kind::Struct, Sc::F32, 0, 0, in.st});
    throw Unsupported(cat("the name ", e->id));
}

Value Machine::eval_attribute(const ast::Attribute* e, Frame& f) {
    if (is_wp(e->value) && !wp_shadowed(f)) {
        const NameInfo& in = info(e->attr);
        if (in.is_type) return type_value(in.type);
        if (in.is_constant) return in.constant;
        throw Unsupported(cat("wp.", e->attr));
    }
    return with_operand(e->value, f, [&](const Value& base) { return attribute_of(base, e->attr); });
}

Value Machine::attribute_of(const Value& base, std::string_view attr) {
    if (base.t.kind == Kind::Array && attr == "shape") {
        std::vector<Value> dims;
        for (int64_t d : arrays[size_t(base.array)].shape) dims.push_back(make_int(Sc::I32, d));
        return tuple_of(std::move(dims));
    }
    if (base.t.kind == Kind::Struct) {
        const auto& names = base.t.st->fields;
        for (size_t k = 0; k < names.size(); ++k)
            if (names[k] == attr) return (*base.items)[k];
    }
    if (base.t.kind == Kind::Vec || base.t.kind == Kind::Quat) {
        static const std::string_view xyzw = "xyzw";
        const size_t k = attr.size() == 1 ? xyzw.find(attr[0]) : std::string_view::npos;
        if (k != std::string_view::npos && int(k) < base.t.size()) return make_scalar(base.t.sc, base.c[k]);
    }
    if (base.t.kind == Kind::Transform && (attr == "p" || attr == "q")) {
        const bool p = attr == "p";
        Value r = make_zero({p ? Kind::Vec : Kind::Quat, base.t.sc, uint8_t(p ? 3 : 4), 0});
        for (int k = 0; k < (p ? 3 : 4); ++k) r.c[size_t(k)] = base.c[size_t(p ? k : 3 + k)];
        return r;
    }
    throw Unsupported(cat("the attribute ", attr));
}

// Whether `x` is an index read with no call: a variable of the frame holding an integer (see
// recent_variable()) or an int literal (as constant() makes it); its value then in `out`.
bool Machine::quick_index(const ast::Expr* x, Frame& f, int64_t& out) {
    if (x->kind == ast::ExprKind::Name) {
        const Value* v = recent_variable(ast::as<ast::Name>(x)->id, f);
        if (!v || v->t.kind != Kind::Scalar || is_float(v->t.sc)) return false;
        out = v->i;
        return true;
    }
    if (x->kind != ast::ExprKind::Constant) return false;
    const auto* c = ast::as<ast::Constant>(x);
    if (c->value_kind != ast::Constant::Kind::Int || c->int_is_unsigned || !c->int_literal.empty())
        return false;
    out = wrap_int(Sc::I32, c->int_value);
    return true;
}

// indices() of the most frequent subscripts, `[i]` and `[i, j]` of variables and literals, with no
// call; false for any other (then left to indices()).
bool Machine::quick_indices(const ast::Expr* slice, Frame& f, Index& idx) {
    if (slice->kind != ast::ExprKind::Tuple) return (idx.n = 1, quick_index(slice, f, idx.at[0]));
    const auto& elts = ast::as<ast::Tuple>(slice)->elts;
    if (elts.size() > idx.at.size()) return false;
    for (idx.n = 0; idx.n < elts.size(); ++idx.n)
        if (!quick_index(elts[idx.n], f, idx.at[idx.n])) return false;
    return true;
}

Index Machine::indices(const ast::Expr* slice, Frame& f) {
    if (Index idx; quick_indices(slice, f, idx)) return idx;
    return indices_slow(slice, f);
}

Index Machine::indices_slow(const ast::Expr* slice, Frame& f) {
    Index idx;
    auto add = [&](const ast::Expr* p) {
        with_operand(p, f, [&](const Value& v) {
            if (v.t.kind != Kind::Scalar || is_float(v.t.sc)) throw_unsupported("a non-integer index");
            idx.push_back(v.i);
        });
    };
    if (slice->kind == ast::ExprKind::Tuple)
        for (const ast::Expr* x : ast::as<ast::Tuple>(slice)->elts) add(x);
    else
        add(slice);
    return idx;
}

Value& Machine::element_slot(int array, const Index& index, bool drawn) {
    const int64_t flat = flat_index(array, index);
    ArrayBuf& buf = arrays[size_t(array)];
    auto it = buf.written.find(flat);
    if (it == buf.written.end()) return new_element_slot(buf, array, flat, drawn);
    if (it->second.writer != thread_) buf.shared = true, it->second.writer = thread_;
    return it->second.value;
}

Value& Machine::new_element_slot(ArrayBuf& buf, int array, int64_t flat, bool drawn) {
    Value initial;
    if (drawn)
        initial = inputs->element(array, flat);
    else
        initial.t = buf.elem; // the type of element() (draws are pure: none is skipped in effect)
    return buf.written.emplace(flat, Written{std::move(initial), thread_}).first->second.value;
}

// As `slot = convert(slot.t, v)` for the element: its initial value is not drawn (a store reads
// only its type), and a value of the element's type is copied or rounded in place rather than
// converted into a temporary (convert() then makes a value with the same fields).
void Machine::store_element(int array, const Index& index, const Value& v) {
    store_value(element_slot(array, index, false), v);
}

// store_element() into the element's slot.
void Machine::store_value(Value& slot, const Value& v) {
    if (converts_to_itself(slot.t, v)) {
        slot = v;
        return;
    }
    const Kind k = slot.t.kind;
    if (v.t == slot.t && (k == Kind::Vec || k == Kind::Mat || k == Kind::Quat)) {
        slot.i = 0, slot.array = -1, slot.array_ndim = 0, slot.is_type = false, slot.items.reset();
        const int n = slot.t.size();
        const Sc s = slot.t.sc;
        for (int c = 0; c < n; ++c) slot.c[size_t(c)] = fit(s, v.c[size_t(c)]);
        return;
    }
    slot = convert(slot.t, v);
}

// An array variable at variables and literals, the most frequent subscript, is read with no other
// call than read_element()'s (see quick_indices()).
Value Machine::eval_subscript(const ast::Subscript* e, Frame& f) {
    if (e->value->kind == ast::ExprKind::Name)
        if (const Value* v = recent_variable(ast::as<ast::Name>(e->value)->id, f);
            v && v->t.kind == Kind::Array)
            if (Index idx; quick_indices(e->slice, f, idx)) return read_element(v->array, idx);
    return eval_subscript_slow(e, f);
}

Value Machine::eval_subscript_slow(const ast::Subscript* e, Frame& f) {
    // An array variable, the most frequent base: read without copying its value.
    if (e->value->kind == ast::ExprKind::Name)
        if (const Value* v = lookup(name_id(ast::as<ast::Name>(e->value)->id), f);
            v && v->t.kind == Kind::Array) {
            const int array = v->array;
            return read_element(array, indices(e->slice, f));
        }
    // A vector or matrix variable read in place when its index cannot change it.
    if (leaves_variables(e->slice))
        if (const Value* v = variable(e->value, f)) return component_of(*v, indices(e->slice, f));
    const Value base = eval(e->value, f);
    return component_of(base, indices(e->slice, f));
}

Value Machine::component_of(const Value& base, const Index& idx) {
    if (base.t.kind == Kind::Array) return read_element(base.array, idx);
    if (base.t.kind == Kind::Tuple) {
        if (idx.size() != 1 || idx[0] < 0 || size_t(idx[0]) >= base.items->size())
            throw_unsupported("a tuple index");
        return (*base.items)[size_t(idx[0])];
    }
    if (base.t.kind == Kind::Mat && idx.size() == 1) {
        if (idx[0] < 0 || idx[0] >= base.t.rows) throw_unsupported("a row out of range");
        Value row = make_zero({Kind::Vec, base.t.sc, base.t.cols, 0});
        for (int k = 0; k < base.t.cols; ++k) row.c[size_t(k)] = base.c[size_t(idx[0] * base.t.cols + k)];
        return row;
    }
    const int64_t k = idx.size() == 2 && base.t.kind == Kind::Mat ? idx[0] * base.t.cols + idx[1] : idx[0];
    if (idx.size() > 2 || (idx.size() == 2 && base.t.kind != Kind::Mat) || k < 0 || k >= base.t.size())
        throw_unsupported("a component index");
    return make_scalar(base.t.sc, base.c[size_t(k)]);
}

void Machine::eval_args(const ast::Call* e, Frame& f, ArgList& out) {
    for (const ast::Expr* a : e->args) {
        if (a->kind == ast::ExprKind::Starred) throw_unsupported("a starred argument");
        out.emplace([&] { return eval(a, f); }); // made in place, not moved
    }
}

// Only a dispatch, as eval(): a call of `wp.<name>`, the most frequent, is a tail call, and the
// others are made out of line, so that this function saves no registers.
Value Machine::eval_call(const ast::Call* e, Frame& f) {
    if (e->func->kind == ast::ExprKind::Attribute && is_wp(ast::as<ast::Attribute>(e->func)->value))
        return call_wp(ast::as<ast::Attribute>(e->func)->attr, e, f);
    return call_named(e, f);
}

Value Machine::call_named(const ast::Call* e, Frame& f) {
    if (e->func->kind != ast::ExprKind::Name) throw_unsupported("a call of an expression");
    std::string_view name = ast::as<ast::Name>(e->func)->id;
    const NameInfo& in = info(name);
    if (in.fn) return call_user(*in.fn, e, f);
    if (in.st) {
        Value s = make_zero({Kind::Struct, Sc::F32, 0, 0, in.st});
        if (!e->args.empty() || !e->keywords.empty())
            throw_unsupported("a struct constructor with arguments");
        return s;
    }
    if (Value* alias = lookup(name_id(name), f); alias && alias->is_type) {
        if (!e->keywords.empty()) throw_unsupported("keywords in a constructor");
        ArgList args;
        eval_args(e, f, args);
        return construct(alias->t, args);
    }
    return call_python(name, e, f);
}

Value Machine::call_python(std::string_view name, const ast::Call* e, Frame& f) {
    if (!e->keywords.empty()) throw Unsupported(cat("keywords in a call of ", name));
    if (const Value* v = sole_variable(e, f))
        if (const NameInfo& in = info(name); in.is_type) return construct(in.type, Args(&v, 1));
    ArgList args;
    eval_args(e, f, args);
    if (const NameInfo& in = info(name); in.is_type) return construct(in.type, args);
    if (name == "len" && args.size() == 1) {
        if (args[0].t.kind == Kind::Array) return make_int(Sc::I32, arrays[size_t(args[0].array)].shape[0]);
        return make_int(Sc::I32, args[0].t.size());
    }
    if (name == "print") return Value{};
    if (name == "abs" || name == "min" || name == "max" || name == "round") return call_builtin(name, args);
    throw Unsupported(cat("the call ", name, "()"));
}

Value Machine::call_wp(std::string_view name, const ast::Call* e, Frame& f) {
    const NameInfo& in = info(name);
    if (in.wp == WpCall::Tid) return tid_;
    if (in.wp == WpCall::Static && e->args.size() == 1) return eval(e->args[0], f);
    if (in.wp == WpCall::Atomic) return atomic(name, e, f);
    if (in.wp == WpCall::Random) return random(name, e, f);
    if (const int outs = in.outputs) {
        if (e->args.size() <= size_t(outs) || !e->keywords.empty())
            throw Unsupported(cat("wp.", name, "'s arguments"));
        const size_t n_in = e->args.size() - size_t(outs);
        std::vector<Value> inputs;
        for (size_t k = 0; k < n_in; ++k) inputs.push_back(eval(e->args[k], f));
        const Value results = call_with_outputs(name, inputs);
        slots_changed_ = true; // see Machine::launch
        for (size_t k = 0; k < size_t(outs); ++k) {
            if (e->args[n_in + k]->kind != ast::ExprKind::Name)
                throw_unsupported("an output that is not a variable");
            assign(e->args[n_in + k], (*results.items)[k], f);
        }
        return Value{};
    }
    if (in.is_type) {
        for (const ast::Keyword& k : e->keywords)
            if (k.arg != "dtype") throw_unsupported("keywords in a constructor");
        if (const Value* v = sole_variable(e, f)) return construct(in.type, Args(&v, 1));
        ArgList args;
        eval_args(e, f, args);
        return construct(in.type, args);
    }
    if (in.builtin && e->keywords.empty())
        if (const Value* v = sole_variable(e, f)) return in.builtin(Args(&v, 1));
    ArgList args;
    eval_args(e, f, args);
    if (!e->keywords.empty()) return wp_with_keywords(name, e, f);
    if (!in.builtin) throw Unsupported(cat("wp.", name));
    return in.builtin(args);
}

// wp.identity(n=3, dtype=float), wp.vec(length=5, dtype=float), wp.mat(shape=(2, 3), dtype=float)
Value Machine::wp_with_keywords(std::string_view name, const ast::Call* e, Frame& f) {
    Type t;
    for (const ast::Keyword& k : e->keywords) {
        const Value v = eval(k.value, f);
        if (k.arg == "dtype" && v.is_type) {
            t.sc = v.t.sc;
        } else if ((k.arg == "n" || k.arg == "length") && v.t.kind == Kind::Scalar) {
            t.rows = t.cols = uint8_t(v.i);
        } else if (k.arg == "shape" && v.t.kind == Kind::Tuple && v.items->size() == 2) {
            t.rows = uint8_t((*v.items)[0].i), t.cols = uint8_t((*v.items)[1].i);
        } else {
            throw Unsupported(cat("keywords in wp.", name));
        }
    }
    if (name == "identity" && t.rows > 0 && t.rows <= 4) {
        Value m = make_zero({Kind::Mat, t.sc, t.rows, t.rows});
        for (int k = 0; k < t.rows; ++k) m.c[size_t(k * t.rows + k)] = 1.0;
        return m;
    }
    if (name == "quat_identity") return make_zero({Kind::Quat, t.sc, 4, 0});
    if (name == "transform_identity") return make_zero({Kind::Transform, t.sc, 7, 0});
    if (name == "vec" && t.rows > 0 && t.rows <= 16) return type_value({Kind::Vec, t.sc, t.rows, 0});
    if (name == "mat" && t.rows * t.cols <= 16 && t.rows > 0)
        return type_value({Kind::Mat, t.sc, t.rows, t.cols});
    throw Unsupported(cat("keywords in wp.", name));
}

// The scalar type each parameter of `fn` is annotated with (a literal argument is converted to
// it), evaluated once per function rather than at every call.
const std::vector<std::optional<Type>>& Machine::scalar_params(const ast::FunctionDef& fn) {
    if (&fn == last_params_.first) return *last_params_.second;
    auto [it, added] = scalar_params_.try_emplace(&fn);
    last_params_ = {&fn, &it->second};
    if (added)
        for (const ast::Arg& p : fn.args.args) {
            std::optional<Type> t;
            if (p.annotation)
                if (const Value v = annotation(p.annotation); v.t.kind == Kind::Scalar && !v.array_ndim)
                    t = v.t;
            it->second.push_back(t);
        }
    return it->second;
}

Value Machine::call_user(const ast::FunctionDef& fn, const ast::Call* e, Frame& f) {
    ArgList args;
    eval_args(e, f, args);
    return call_user_with(fn, e, args, f);
}

// call_user() once its positional arguments are evaluated (the compiled probe evaluates them).
Value Machine::call_user_with(const ast::FunctionDef& fn, const ast::Call* e, ArgList& args, Frame& f) {
    const auto& params = fn.args.args;
    if (args.size() > params.size()) throw_unsupported("too many arguments");
    // The parameters set by the call: positional ones first, then keywords (no heap for this).
    const size_t positional = args.size();
    std::vector<bool> by_keyword(e->keywords.empty() ? 0 : params.size(), false);
    auto is_set = [&](size_t k) { return k < positional || (!by_keyword.empty() && by_keyword[k]); };
    if (args.size() < params.size()) args.resize(params.size()); // no call in the frequent case
    for (const ast::Keyword& kw : e->keywords) {
        size_t k = 0;
        while (k < params.size() && params[k].name != kw.arg) ++k;
        if (k == params.size() || is_set(k)) throw_unsupported("a keyword argument");
        args[k] = eval(kw.value, f), by_keyword[k] = true;
    }
    const size_t first_default = params.size() - fn.args.defaults.size();
    const std::vector<std::optional<Type>>* types = nullptr; // found once the first default is read
    for (size_t k = 0; k < params.size(); ++k) {
        if (!is_set(k)) {
            if (k < first_default) throw_unsupported("a missing argument");
            Frame none;
            args[k] = eval(fn.args.defaults[k - first_default], none);
        }
        if (!types) types = &scalar_params(fn);
        // An argument of the parameter's type already, the frequent case, is not copied.
        if (const std::optional<Type>& t = (*types)[k];
            t && args[k].t.kind == Kind::Scalar && !converts_to_itself(*t, args[k]))
            args[k] = convert(*t, args[k]);
    }
    // Filled only now: evaluating the arguments may have called functions at this depth.
    Frame& callee = frame_at(size_t(depth_) + 1);
    for (size_t k = 0; k < params.size(); ++k) callee.slot(name_id(params[k].name)) = std::move(args[k]);
    if (++depth_ > 32) throw_unsupported("recursion");
    returned_.clear();
    exec_block(fn.body, callee);
    --depth_;
    return std::move(returned_); // cleared before it is read again (by the next call)
}

Value Machine::atomic(std::string_view name, const ast::Call* e, Frame& f) {
    ArgList args;
    eval_args(e, f, args);
    return atomic_with(name, e, args);
}

// atomic() once its arguments are evaluated (the compiled probe evaluates them).
Value Machine::atomic_with(std::string_view name, const ast::Call* e, ArgList& args) {
    if (args.size() < 3 || args[0].t.kind != Kind::Array || !e->keywords.empty())
        throw_unsupported("an atomic");
    Index idx;
    for (size_t k = 1; k + 1 < args.size(); ++k) {
        if (args[k].t.kind != Kind::Scalar || is_float(args[k].t.sc)) throw_unsupported("an atomic's index");
        idx.push_back(args[k].i);
    }
    return atomic_apply(atomic_op(name), args[0].array, idx, args.back());
}

AtomicOp atomic_op(std::string_view name) {
    if (name == "atomic_add") return AtomicOp::Add;
    if (name == "atomic_sub") return AtomicOp::Sub;
    if (name == "atomic_min") return AtomicOp::Min;
    if (name == "atomic_max") return AtomicOp::Max;
    return AtomicOp::Other;
}

namespace {

// `slot` becomes `op` of it and `value` (converted to its type), as binop() and the builtins make it.
// A float sum or difference of a value of the element's type, or an integer count, the most frequent,
// is made in place (the same components and fields as binop()'s result, with no temporary to move).
void atomic_update_slot(AtomicOp op, Value& slot, const Value& value) {
    const Sc s = slot.t.sc;
    if ((op == AtomicOp::Add || op == AtomicOp::Sub) && value.t == slot.t && !value.is_type) {
        const bool add = op == AtomicOp::Add;
        if (slot.t.kind == Kind::Scalar && (s == Sc::F32 || s == Sc::F64)) {
            const double r = add ? slot.c[0] + value.c[0] : slot.c[0] - value.c[0];
            slot.i = 0, slot.array = -1, slot.array_ndim = 0, slot.is_type = false, slot.items.reset();
            slot.c[0] = s == Sc::F32 ? double(float(r)) : r;
            return;
        }
        if (slot.t.kind == Kind::Vec && s == Sc::F32) { // as vec_f32_add() of the converted value
            const int n = slot.t.rows;
            for (int k = 0; k < n; ++k) {
                const double b = double(float(value.c[size_t(k)]));
                slot.c[size_t(k)] = double(float(add ? slot.c[size_t(k)] + b : slot.c[size_t(k)] - b));
            }
            return;
        }
    }
    if ((op == AtomicOp::Add || op == AtomicOp::Sub) && slot.t.kind == Kind::Scalar && !is_float(s) &&
        s != Sc::Bool && value.t.kind == Kind::Scalar && !is_float(value.t.sc)) {
        // An integer count: as convert() (make_int()) of the value, then int_binop(), in place.
        const uint64_t a = uint64_t(slot.i), b = uint64_t(wrap_int(s, value.i));
        slot.t = {Kind::Scalar, s};
        slot.i = wrap_int(s, int64_t(op == AtomicOp::Add ? a + b : a - b));
        slot.array = -1, slot.array_ndim = 0, slot.is_type = false, slot.items.reset();
        return;
    }
    const bool same = converts_to_itself(slot.t, value);
    if ((op == AtomicOp::Min || op == AtomicOp::Max) && same) {
        // A float scalar's extreme: as the builtin's (zip_float(), make_scalar()), in place.
        const double x = slot.c[0], y = value.c[0];
        slot.c[0] = fit(s, op == AtomicOp::Max ? std::max(x, y) : std::min(x, y));
        slot.t = {Kind::Scalar, s};
        slot.i = 0, slot.array = -1, slot.array_ndim = 0, slot.is_type = false, slot.items.reset();
        return;
    }
    Value converted; // a value of the element's type already, the frequent case, is read in place
    if (!same) converted = convert(slot.t, value);
    const Value& v = same ? value : converted;
    static const Builtin min = find_builtin("min"), max = find_builtin("max");
    const Value* both[2] = {&slot, &v}; // read in place: the result is assigned once made
    switch (op) {
    case AtomicOp::Add: slot = binop(ast::BinOpKind::Add, slot, v); break;
    case AtomicOp::Sub: slot = binop(ast::BinOpKind::Sub, slot, v); break;
    case AtomicOp::Min: slot = min(Args(both, 2)); break;
    case AtomicOp::Max: slot = max(Args(both, 2)); break;
    case AtomicOp::Other: throw_unsupported("an atomic operation");
    }
}

} // namespace

// The element's old value; the element becomes `op` of it and `value` (converted to its type).
Value Machine::atomic_apply(AtomicOp op, int array, const Index& idx, const Value& value) {
    Value& slot = element_slot(array, idx);
    const Value old = slot;
    atomic_update_slot(op, slot, value);
    return old;
}

void Machine::atomic_update(AtomicOp op, int array, const Index& idx, const Value& value) {
    atomic_update_slot(op, element_slot(array, idx), value);
}

// Warp's random numbers: a PCG hash of a uint32 state that the call advances in place.
Value Machine::random(std::string_view name, const ast::Call* e, Frame& f) {
    ArgList args;
    eval_args(e, f, args);
    return random_with(name, e, args, f);
}

// random() once its arguments are evaluated (the compiled probe evaluates them).
Value Machine::random_with(std::string_view name, const ast::Call* e, ArgList& args, Frame& f) {
    if (args.empty() || !e->keywords.empty()) throw Unsupported(cat("wp.", name));
    if (name == "rand_init") {
        uint32_t seed = uint32_t(args[0].num());
        if (args.size() == 2) seed += rand_pcg(uint32_t(args[1].num()));
        return make_int(Sc::U32, rand_pcg(seed));
    }
    if (e->args[0]->kind != ast::ExprKind::Name) throw_unsupported("a random state that is not a variable");
    Value* state = lookup(name_id(ast::as<ast::Name>(e->args[0])->id), f);
    if (!state || state->t.kind != Kind::Scalar || is_float(state->t.sc)) throw_unsupported("a random state");
    slots_changed_ = true; // the state may be a parameter (see Machine::launch)
    auto next = [&] {
        state->i = rand_pcg(uint32_t(state->i));
        return state->i;
    };
    auto uniform = [&] { return double(uint32_t(next()) >> 8) * (1.0 / 16777216.0); };
    auto vec = [](int n, std::initializer_list<double> c) {
        Value r = make_zero({Kind::Vec, Sc::F32, uint8_t(n), 0});
        int k = 0;
        for (double x : c) r.c[size_t(k++)] = fit(Sc::F32, x);
        return r;
    };
    if (name == "randf") {
        const double u = uniform();
        if (args.size() == 3)
            return make_scalar(Sc::F32, args[1].num() + (args[2].num() - args[1].num()) * u);
        return make_scalar(Sc::F32, u);
    }
    if (name == "randi") {
        const int64_t r = int32_t(uint32_t(next()));
        if (args.size() == 3) {
            const int64_t lo = args[1].i, hi = args[2].i;
            if (hi <= lo) throw_unsupported("randi's range");
            return make_int(Sc::I32, lo + int64_t(uint32_t(r) % uint64_t(hi - lo)));
        }
        return make_int(Sc::I32, r);
    }
    if (name == "randu") return make_int(Sc::U32, next());
    const double u1 = uniform(), u2 = uniform(), u3 = uniform();
    const double two_pi = 6.283185307179586;
    if (name == "randn")
        return make_scalar(Sc::F32, std::sqrt(-2.0 * std::log(u1 + 1e-12)) * std::cos(two_pi * u2));
    if (name == "sample_unit_square") return vec(2, {u1 - 0.5, u2 - 0.5});
    if (name == "sample_unit_cube") return vec(3, {u1 - 0.5, u2 - 0.5, u3 - 0.5});
    if (name == "sample_unit_disk")
        return vec(2, {std::sqrt(u1) * std::cos(two_pi * u2), std::sqrt(u1) * std::sin(two_pi * u2)});
    if (name == "sample_unit_ring") return vec(2, {std::cos(two_pi * u1), std::sin(two_pi * u1)});
    if (name == "sample_triangle") return vec(2, {1.0 - std::sqrt(u1), u2 * std::sqrt(u1)});
    const double z = 1.0 - 2.0 * u1, r = std::sqrt(std::max(0.0, 1.0 - z * z));
    if (name == "sample_unit_sphere_surface")
        return vec(3, {r * std::cos(two_pi * u2), r * std::sin(two_pi * u2), z});
    if (name == "sample_unit_hemisphere_surface")
        return vec(3, {r * std::cos(two_pi * u2), r * std::sin(two_pi * u2), std::fabs(z)});
    if (name == "sample_unit_sphere" || name == "sample_unit_hemisphere") {
        const double s = std::cbrt(u3);
        return vec(3, {s * r * std::cos(two_pi * u2), s * r * std::sin(two_pi * u2),
                       s * (name == "sample_unit_sphere" ? z : std::fabs(z))});
    }
    if (name == "poisson" && args.size() == 2) {
        // Knuth's method: enough to make the count depend on the rate.
        const double limit = std::exp(-std::min(args[1].num(), 50.0));
        double p = uniform();
        uint32_t k = 0;
        while (p > limit && k < 1000) p *= uniform(), ++k;
        return make_int(Sc::U32, k);
    }
    throw Unsupported(cat("wp.", name));
}

} // namespace ws::synth::probe
