// Calls: resolving what a call names (Warp's emit_Call), resolving the
// overload, allocating outputs, dispatching arguments, and emitting the
// forward, replay and adjoint statements (Warp's add_call).
#include "builtins/builtin.h"
#include "builtins/type_pattern.h"
#include "codegen/adjoint.h"
#include "codegen/call_plans.h"
#include "codegen/line_copy.h"
#include "codegen/module_builder.h"
#include "codegen/module_scope.h"
#include "syntax/limits.h"
#include "types/name_hash.h"
#include "types/scratch_vector.h"
#include "types/str_cat.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <functional>
#include <memory>
#include <new>
#include <optional>
#include <span>
#include <unordered_map>

namespace ws {

using namespace std::string_view_literals;

namespace {

// How append_emit spells a variable: var_<label>, adj_<label>, or &adj_<label> (a pointer to
// the adjoint); a variable without the prefix is its label in each.
enum class Spelling { Var, Adj, AdjPointer };

// The variables' spellings joined by ", ", appended to `s` (a loop per spelling: the choice
// made once, not per variable). Prefix and label are appended as they are, not through
// Var::emit's cached string, which would be filled for one use here.
// `separated` is ", " and the prefix.
template <size_t N>
void append_prefixed(std::string& s, std::span<Var* const> vars, const char (&separated)[N]) {
    for (size_t i = 0; i < vars.size(); ++i) {
        if (i) s += ", ";
        if (vars[i]->prefix) s.append(separated + 2, N - 3);
        s += vars[i]->label;
    }
}

// Into a TextBuffer, room made once for all of them: a check for room per piece (three per
// variable) and each piece's copy by a run-time size cost more than the text itself. A
// variable after the first is preceded by one piece, ", " and its prefix.
template <size_t N>
void append_prefixed(TextBuffer& s, std::span<Var* const> vars, const char (&separated)[N]) {
    constexpr size_t kPrefix = N - 3;
    if (vars.empty()) return;
    size_t total = 2 * (vars.size() - 1);
    for (const Var* v : vars) total += v->label.size() + (v->prefix ? kPrefix : 0);
    char* p = s.extend(total);
    auto label = [&p](const Var& v) { p = str_cat_detail::put(p, v.label.data(), v.label.size()); };
    if (vars[0]->prefix) p = str_cat_detail::put(p, separated + 2, kPrefix);
    label(*vars[0]);
    for (size_t i = 1; i < vars.size(); ++i) {
        const Var& v = *vars[i];
        p = v.prefix ? str_cat_detail::put(p, separated, N - 1) : str_cat_detail::put(p, ", ", 2);
        label(v);
    }
}

template <class Out>
void append_emit(Out& s, std::span<Var* const> vars, Spelling spelling) {
    switch (spelling) {
    case Spelling::Var: append_prefixed(s, vars, ", var_"); break;
    case Spelling::Adj: append_prefixed(s, vars, ", adj_"); break;
    case Spelling::AdjPointer: append_prefixed(s, vars, ", &adj_"); break; // Var::emit("&adj")
    }
}

} // namespace

builtins::CallArg to_call_arg(const Value& v) {
    builtins::CallArg a;
    if (v.is_var()) {
        a.type = v.var->type;
        if (v.var->constant) a.constant = &*v.var->constant;
        if (v.var->tuple_constants()) a.tuple_values = v.var->tuple_constants();
        if (v.var->tuple_elements())
            for (const Var* e : *v.var->tuple_elements())
                a.tuple_element_constants.push_back(e->constant ? &*e->constant : nullptr);
    } else if (v.is_object() &&
               (v.object->kind == Object::Kind::Type || v.object->kind == Object::Kind::Struct)) {
        a.type_object = v.object->type;
        const std::string& n = v.object->name;
        a.python_type = v.object->kind == Object::Kind::Type && (n == "float" || n == "int" || n == "bool");
    } else if (v.is_object() &&
               (v.object->kind == Object::Kind::Function || v.object->kind == Object::Kind::Builtin)) {
        a.function = true;
    } else if (v.is_object() && v.object->kind == Object::Kind::Constant) {
        // A Python value codegen passes (slice bounds): a constant variable once the outputs exist.
        a.type = v.object->value->type;
        a.constant = &*v.object->value;
    }
    return a;
}

namespace {

std::string describe_value(const Value& v) {
    if (v.is_var()) return types::strip_reference(v.var->type)->repr;
    if (v.is_object()) {
        if (v.object->kind == Object::Kind::Type || v.object->kind == Object::Kind::Struct)
            return fmt::format("type {}", v.object->type->repr);
        if (v.object->kind == Object::Kind::Function || v.object->kind == Object::Kind::Builtin)
            return "function";
        return v.object->name;
    }
    if (v.kind == Value::Kind::Outputs) return "tuple";
    return "None";
}

} // namespace

std::string arg_list_repr(std::span<const CallArgument> args, std::span<const CallArgument> kwargs) {
    std::string s;
    for (const auto& a : args) s += (s.empty() ? "" : ", ") + describe_value(a.value);
    for (const auto& a : kwargs) s += (s.empty() ? "" : ", ") + describe_value(a.value);
    return s;
}

namespace {

// A tile reaches only overloads written for tiles: a generic parameter (`Any`) of another
// builtin (print, where, copy...) would print text Warp spells differently for tiles.
bool passes_tile(std::span<const builtins::CallArg> args,
                 std::span<const std::pair<std::string, builtins::CallArg>> kwargs) {
    auto is_tile = [](const builtins::CallArg& a) {
        TypeRef t = a.type ? types::strip_reference(a.type) : nullptr;
        return t && (t->is_tile() || t->is_tile_stack());
    };
    for (const auto& a : args)
        if (is_tile(a)) return true;
    for (const auto& [name, a] : kwargs)
        if (is_tile(a)) return true;
    return false;
}

bool takes_tile(const builtins::Overload& ov) {
    if (ov.key.starts_with("tile_stack_")) return true; // `Any` parameters that check for a stack
    for (const builtins::Param& p : ov.params)
        if (p.pattern->kind == builtins::TypePattern::Kind::Tile) return true;
    // Generic builtins whose rules know tiles: the merge of branches, copies, loop-carried
    // reassignment, and print.
    return ov.key == "where" || ov.key == "copy" || ov.key == "assign" || ov.key == "print";
}

} // namespace

Var* Adjoint::add_builtin_call1(std::string_view key, std::initializer_list<Var*> args) {
    Value out = add_builtin_call(key, std::span<Var* const>(args.begin(), args.size()));
    return out.is_var() ? out.var : nullptr; // null for builtins without a result (assign, store, ...)
}

namespace {

// Whether two builtin keys (a few bytes) are equal, compared inline: std::string == string_view
// called string_view::compare, and that memcmp.
bool same_key(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (a[i] != b[i]) return false;
    return true;
}

// The Builtin object of `key`. Builtin objects are immutable: one per key and thread is enough,
// made with the registry's entry (found once, not by name again for every call). Looked up by
// view: the key is not copied unless it is new.
const Object& builtin_object(std::string_view key) {
    thread_local std::unordered_map<std::string, ObjectRef, NameHash, std::equal_to<>> objects;
    // Most keys are literals: a slot per key address remembers the key found there, checked
    // by its text (the address may since hold another string), before the map is hashed.
    struct Slot {
        const std::string* key = nullptr;
        const Object* object = nullptr;
    };
    thread_local std::array<Slot, 64> recent;
    Slot& slot = recent[(reinterpret_cast<uintptr_t>(key.data()) >> 3) & (recent.size() - 1)];
    if (slot.key && same_key(*slot.key, key)) return *slot.object;
    auto it = objects.find(key);
    if (it == objects.end()) {
        const builtins::Builtin* b = builtins::find(key);
        it = objects
                 .emplace(std::string(key), b ? Object::make_builtin(*b)
                                              : Object::make_named(Object::Kind::Builtin, std::string(key)))
                 .first;
    }
    slot = {&it->first, it->second.get()};
    return *it->second;
}

// Variables as a call's positional arguments: up to N in place, only those used constructed,
// more on the heap. A ScratchVector<CallArgument> cost its taking, value-initialising resize
// and clearing for each of the builtin calls the code generator makes itself.
template <size_t N>
class VarArguments {
  public:
    explicit VarArguments(std::span<Var* const> vars) : n_(vars.size() <= N ? vars.size() : 0) {
        for (size_t i = 0; i < n_; ++i) new (&items_[i]) CallArgument{Value(vars[i]), nullptr, {}};
        if (vars.size() > N)
            for (Var* v : vars) heap_.push_back(CallArgument{Value(v), nullptr, {}});
    }
    ~VarArguments() {
        for (size_t i = 0; i < n_; ++i) items_[i].~CallArgument();
    }
    VarArguments(const VarArguments&) = delete;
    VarArguments& operator=(const VarArguments&) = delete;
    std::span<const CallArgument> view() const {
        return heap_.empty() ? std::span<const CallArgument>(items_, n_) : heap_;
    }

  private:
    union {
        CallArgument items_[N];
    };
    size_t n_;
    std::vector<CallArgument> heap_;
};

} // namespace

Value Adjoint::add_builtin_call(std::string_view key, std::span<Var* const> args, int min_outputs,
                                bool return_value_used) {
    const Object& func = builtin_object(key);
    VarArguments<4> call_args(args);
    // What add_call does for a builtin, without copying the arguments again.
    return add_builtin_call_resolved(func, call_args.view(), {}, {}, min_outputs, return_value_used, nullptr);
}

Value Adjoint::add_call(const Object& func, std::span<const CallArgument> args,
                        std::span<const CallArgument> kwargs,
                        const std::vector<std::pair<std::string, builtins::CallArg>>& type_args,
                        int min_outputs, bool return_value_used) {
    if (func.kind == Object::Kind::Function)
        return add_user_call(func.function, args, kwargs, min_outputs, nullptr);
    return add_builtin_call_resolved(func, args, kwargs, type_args, min_outputs, return_value_used, nullptr);
}

// Emits the forward/replay/reverse statements shared by builtin and user calls.
// The names are views of the overload's or function's own strings (a builtin's templated
// name is kept in `templated_name`): copying them was two string assignments per call. Not
// copyable: a copy's `func_name` would still view the original's `templated_name`.
struct CallEmission {
    CallEmission() = default;
    CallEmission(const CallEmission&) = delete;
    CallEmission& operator=(const CallEmission&) = delete;
    std::string_view ns;
    std::string_view func_name; // with template arguments
    std::string_view adj_name;  // native name used for the adjoint
    bool initializer_list = false;
    bool skip_replay = false;
    bool differentiable = true;
    bool require_original_output_arg = false;
    // A @wp.func_grad adjoint takes no outputs, even several.
    bool custom_grad = false;
    // A @wp.func_replay: the replay pass calls `replay_<func_name>` (one output or none).
    bool custom_replay = false;
    // What few calls have, behind one pointer: as members, every call (tens per kernel)
    // constructed and destroyed a string, two vectors and a function.
    struct Rare {
        std::string templated_name; // func_name's storage when the call has template arguments
        // Statements declaring what the reverse call's wp.ref[T] adjoint pointers name.
        std::vector<std::string> reverse_prelude;
        // Rewrites the reverse call (deterministic mode scatters an array read's gradient).
        std::function<std::string(std::string)> wrap_reverse;
        // Passed after the arguments (a @wp.func's deterministic helpers).
        std::vector<std::string> extra_args;
    };
    std::unique_ptr<Rare> rare;
    Rare& set_rare() {
        if (!rare) rare = std::make_unique<Rare>();
        return *rare;
    }
};

// The reverse call's arguments, appended to `r`: each non-empty part after a ", " (braced
// parts of an initializer-list builtin are written even when empty).
template <class Out>
static void append_reverse_arguments(Out& r, const CallEmission& e, std::string_view vars,
                                     std::span<Var* const> adj_args, std::span<Var* const> outputs) {
    size_t start = r.size();
    auto separate = [&] {
        if (r.size() > start) r += ", ";
    };
    // A part that may be empty: written, then taken back (with its separator) if it was.
    auto add_part = [&](auto&& write) {
        size_t before = r.size();
        separate();
        size_t at = r.size();
        write();
        if (r.size() == at) r.resize(before);
    };
    bool with_outputs = (e.require_original_output_arg || outputs.size() > 1) && !e.custom_grad;
    if (e.initializer_list) {
        separate(), append(r, '{', vars, '}');
        if (outputs.size() > 1) {
            separate(), r += '{';
            if (with_outputs) append_emit(r, outputs, Spelling::Var);
            r += '}';
        }
        separate(), r += '{', append_emit(r, adj_args, Spelling::AdjPointer), r += '}';
        add_part([&] { append_emit(r, outputs, Spelling::Adj); });
        return;
    }
    add_part([&] { r += vars; });
    if (with_outputs) add_part([&] { append_emit(r, outputs, Spelling::Var); });
    add_part([&] { append_emit(r, adj_args, Spelling::Adj); });
    add_part([&] { append_emit(r, outputs, Spelling::Adj); });
}

// Written straight into the block's buffers: building each statement as a string first and
// copying it in (and again for the replay) was most of the cost of a call.
static void emit_call_statements(Adjoint& adj, const CallEmission& e, std::span<Var* const> fwd_args,
                                 std::span<Var* const> adj_args, std::span<Var* const> outputs,
                                 bool has_void_return) {
    // Views of literals, so that no strlen runs for them (a conditional's literal decays to a pointer).
    std::string_view open = e.initializer_list ? "{"sv : ""sv, close = e.initializer_list ? "}"sv : ""sv;
    Block& block = *adj.blocks.back();
    const std::string& indent = adj.indentation();
    // The statement without its indentation: `call` is "ns func(" (or "ns replay_func(").
    // The arguments are written in place, at [vars_begin, vars_end) of `s`.
    size_t vars_begin = 0, vars_end = 0;
    auto statement = [&](TextBuffer& s, std::string_view replay_prefix) {
        if (!has_void_return && outputs.size() == 1) // one room check for the whole head
            append(s, "var_", outputs[0]->label, " = ", e.ns, replay_prefix, e.func_name, '(', open);
        else
            append(s, e.ns, replay_prefix, e.func_name, '(', open);
        vars_begin = s.size();
        append_emit(s, fwd_args, Spelling::Var);
        if (e.rare)
            for (const std::string& x : e.rare->extra_args) append(s, s.size() == vars_begin ? "" : ", ", x);
        vars_end = s.size();
        if (!has_void_return && outputs.size() > 1) {
            size_t at = s.size();
            s += ", ";
            append_emit(s, outputs, Spelling::Var);
            // no ", " beside an empty side
            if (vars_end == vars_begin || s.size() == at + 2) s.erase(at, 2);
        }
        append(s, close, ");");
    };
    TextBuffer& fwd = block.body_forward.line_buffer();
    fwd += indent;
    size_t fwd_start = fwd.size();
    statement(fwd, "");
    block.body_forward.end_line();
    // The arguments once: the replay and reverse calls copy them from the forward statement
    // (the forward buffer is not written again here).
    std::string_view vars = fwd.view().substr(vars_begin, vars_end - vars_begin);
    TextBuffer& rep = block.body_replay.line_buffer();
    rep += indent;
    if (e.skip_replay) rep += "// ";
    if (e.custom_replay && !(!has_void_return && outputs.size() > 1))
        statement(rep, "replay_");
    else
        append_line(rep, fwd.view().substr(fwd_start));
    block.body_replay.end_line();

    if (!e.differentiable || fwd_args.empty()) return;
    if (adj_args.empty() && outputs.empty()) return;
    if (e.rare && e.rare->wrap_reverse) {
        std::string reverse = cat(e.ns, "adj_", e.adj_name, '(');
        append_reverse_arguments(reverse, e, vars, adj_args, outputs);
        reverse += ");";
        adj.add_reverse(e.rare->wrap_reverse(std::move(reverse)));
    } else {
        TextBuffer& r = block.body_reverse.line_buffer();
        append(r, indent, e.ns, "adj_", e.adj_name, '(');
        append_reverse_arguments(r, e, vars, adj_args, outputs);
        r += ");";
        block.body_reverse.end_line();
    }
    if (!e.rare) return;
    const std::vector<std::string>& prelude = e.rare->reverse_prelude;
    for (auto it = prelude.rbegin(); it != prelude.rend(); ++it) adj.add_reverse(*it);
}

namespace {

// A call's positional arguments as CallArgs: up to N on the stack, only those used constructed
// (each holds a vector, and making and destroying all N for every call cost more than the few
// arguments a call has); more go to the heap. A ScratchVector<CallArg> instead (pooled, simpler)
// measured 1,421 more instructions per corpus kernel (+0.3%, callgrind on compile_throughput).
template <size_t N>
class StackCallArgs {
  public:
    explicit StackCallArgs(std::span<const CallArgument> args) : n_(args.size() <= N ? args.size() : 0) {
        for (size_t i = 0; i < n_; ++i) new (&items_[i]) builtins::CallArg(to_call_arg(args[i].value));
        if (args.size() > N)
            for (const CallArgument& a : args) heap_.push_back(to_call_arg(a.value));
    }
    ~StackCallArgs() {
        for (size_t i = 0; i < n_; ++i) items_[i].~CallArg();
    }
    StackCallArgs(const StackCallArgs&) = delete;
    StackCallArgs& operator=(const StackCallArgs&) = delete;
    std::span<const builtins::CallArg> view() const {
        return heap_.empty() ? std::span<const builtins::CallArg>(items_, n_) : heap_;
    }

  private:
    union {
        builtins::CallArg items_[N];
    };
    size_t n_;
    std::vector<builtins::CallArg> heap_;
};

// A Dispatch whose argument vector is a scratch one (most calls dispatch a few arguments),
// handed back when the call is done.
struct ScratchDispatch {
    ScratchDispatch() { d.args.swap(*args); }
    ~ScratchDispatch() { d.args.swap(*args); }
    ScratchDispatch(const ScratchDispatch&) = delete;
    ScratchDispatch& operator=(const ScratchDispatch&) = delete;
    ScratchVector<builtins::DispatchArg> args;
    builtins::Dispatch d;
};

// How a builtin call is written: its names and the flags of its overload (the strings
// assigned in place, not built as temporaries and moved). `func_name` has the template arguments.
void describe_emission(CallEmission& e, const builtins::Overload& ov, std::string_view func_name,
                       bool initializer_list) {
    e.ns = ov.ns;
    e.func_name = func_name;
    // Warp's adjoint of an lto-dispatched builtin takes the template arguments too.
    e.adj_name = ov.adjoint_uses_template_args || ov.has_lto_dispatch_func ? e.func_name : ov.native_func;
    e.initializer_list = initializer_list;
    e.skip_replay = ov.skip_replay;
    e.differentiable = ov.is_differentiable;
    e.require_original_output_arg = ov.require_original_output_arg;
}

// Whether `t` is, or holds, a quaternion or transform.
bool holds_quat_or_transform(TypeRef t) {
    if (t->is_quat() || t->is_transform()) return true;
    return t->is_tuple() && std::any_of(t->elems.begin(), t->elems.end(), holds_quat_or_transform);
}

// A quaternion or transform made with Python's float as dtype (`wp::quat_t<float>`, see
// Type::python_float) keeps that spelling through the builtins whose result is their argument's
// type, and loses it through those that infer a scalar type: which one each builtin does is not
// modelled, so a builtin given such a value may only return something else, or be a constructor
// given `dtype=float` (the only builtins that make one).
bool keeps_python_float_unknown(const builtins::Overload& ov, std::span<const CallArgument> args,
                                std::span<const CallArgument> kwargs, std::span<const TypeRef> results) {
    if (ov.value_rule == "copy_value_func") return false; // Warp's copy is typed like its argument
    auto python_float = [](const CallArgument& a) {
        return a.value.is_var() && types::strip_reference(a.value.var->type)->python_float;
    };
    auto python_type = [](const CallArgument& a) {
        return a.value.is_object() && a.value.object->kind == Object::Kind::Type &&
               a.value.object->name == "float";
    };
    auto made_for_python_float = [](TypeRef t) { return !holds_quat_or_transform(t) || t->python_float; };
    // The results first: most calls return no quaternion or transform, and scanning the
    // arguments for every call cost about 4,000 instructions per corpus kernel.
    if (!std::any_of(results.begin(), results.end(), holds_quat_or_transform)) return false;
    bool given = std::any_of(args.begin(), args.end(), python_float) ||
                 std::any_of(kwargs.begin(), kwargs.end(), python_float);
    if (!given) return false;
    bool dtype = std::any_of(args.begin(), args.end(), python_type) ||
                 std::any_of(kwargs.begin(), kwargs.end(), python_type);
    return !dtype || !std::all_of(results.begin(), results.end(), made_for_python_float);
}

// The Var behind a bound argument (null for type arguments and defaults).
Var* bound_var(const builtins::BoundArg& ba, std::span<const CallArgument> args,
               std::span<const CallArgument> kwargs) {
    if (ba.source < 0) return nullptr;
    size_t i = static_cast<size_t>(ba.source);
    const Value& v = i < args.size() ? args[i].value : kwargs[i - args.size()].value;
    return v.is_var() ? v.var : nullptr;
}

// A builtin's arguments as its call passes them: loaded, except those Warp passes as references.
void load_arguments(Adjoint& adj, const builtins::Dispatch& d, const std::vector<Var*>& func_args,
                    std::vector<Var*>& loaded) {
    loaded.clear();
    loaded.reserve(func_args.size());
    for (size_t i = 0; i < func_args.size(); ++i)
        loaded.push_back(d.args[i].as_reference ? func_args[i] : adj.load(func_args[i]));
}

// Whether load_arguments would load any argument (a reference Warp does not pass as one).
bool needs_load(const builtins::Dispatch& d, const std::vector<Var*>& func_args) {
    for (size_t i = 0; i < func_args.size(); ++i)
        if (!d.args[i].as_reference && func_args[i]->type->is_reference()) return true;
    return false;
}

// Deterministic mode (deterministic.cpp): records the call's array accesses, and emits a scatter
// atomic itself (true) or arranges the gradient scatter of an array read in its reverse call.
bool lower_deterministic(Adjoint& adj, std::string_view key, const builtins::Overload& ov,
                         const builtins::Dispatch& d, CallEmission& e, std::vector<Var*>& fwd_args,
                         const std::vector<Var*>& func_args, Var* out, bool return_value_used,
                         const Pos& where) {
    DeterministicLowering& det = *adj.det;
    det.track_call(key, func_args, where);
    auto atomic =
        det.emit_atomic(key, std::string(ov.native_func), fwd_args, func_args, out, return_value_used, where);
    if (atomic == DeterministicLowering::Atomic::Scattered) return true;
    if (atomic == DeterministicLowering::Atomic::Usual) // Warp loads them a second time
        load_arguments(adj, d, func_args, fwd_args);
    if (key == "address")
        e.set_rare().wrap_reverse = [&det, &fwd_args, out, where](std::string fallback) {
            return det.adjoint_address(fwd_args, out, std::move(fallback), where);
        };
    return false;
}

} // namespace

// A builtin call resolved: its overload, bound arguments, result and dispatch (a stored plan's,
// or the call's own).
struct ResolvedCall {
    const builtins::Overload& ov;
    std::span<const builtins::BoundArg> bound;
    const builtins::CallResult& result;
    const builtins::Dispatch& d;
};

Value Adjoint::add_builtin_call_resolved(
    const Object& func, std::span<const CallArgument> args, std::span<const CallArgument> kwargs,
    const std::vector<std::pair<std::string, builtins::CallArg>>& type_args, int min_outputs,
    bool return_value_used, const ast::Expr* call_node) {
    const Pos& where = call_node ? call_node->pos : current_pos_;
    const builtins::Builtin* b = func.builtin ? func.builtin : builtins::find(func.name);
    if (!b) fail_at(where, fmt::format("unknown builtin function '{}'", func.name));
    if (b->python_defined) {
        // Warp calls it as the user function it is, read from Warp's own source.
        std::string why;
        ObjectRef f = builder->warp_library().function(func.name, why);
        if (!f) fail_at(where, why);
        return add_user_call(f->function, args, kwargs, min_outputs, call_node);
    }
    CallPlanKey key;
    bool plannable = kwargs.empty() && type_args.empty() && call_plan_key(*b, args, min_outputs, key);
    if (plannable)
        if (const CallPlanEntry* found = find_call_plan(key))
            return found->planned.usable && !det
                       ? add_planned_call(*b, found->planned, found->plan, args)
                       : add_planned_call(func, *b, found->plan, args, return_value_used, where);
    return resolve_builtin_call(func, *b, args, kwargs, type_args, min_outputs, return_value_used, where,
                                plannable ? &key : nullptr);
}

// A call of a stored plan: what resolve_builtin_call does after resolving, binding and dispatching.
Value Adjoint::add_planned_call(const Object& func, const builtins::Builtin& b, const CallPlan& plan,
                                std::span<const CallArgument> args, bool return_value_used,
                                const Pos& where) {
    note_builtin_used(b);
    ScratchVector<Var*> outputs_scratch;
    std::vector<Var*>& outputs = *outputs_scratch;
    for (TypeRef t : plan.result.types) outputs.push_back(add_var(t));
    CallEmission e;
    const builtins::Overload& ov = *plan.ov;
    describe_emission(e, ov, plan.templated_name.empty() ? ov.native_func : plan.templated_name,
                      plan.initializer_list);
    return finish_builtin_call(func, b, {ov, plan.bound, plan.result, plan.dispatch}, e, outputs, args, {},
                               return_value_used, where);
}

// A stored plan's call as finish_builtin_call makes it, read from the plan's compact part `p`
// (outside deterministic mode): its output, arguments, loads and statements.
Value Adjoint::add_planned_call(const builtins::Builtin& b, const PlannedCall& p, const CallPlan& plan,
                                std::span<const CallArgument> args) {
    using Source = PlannedCall::Source;
    note_builtin_used(b);
    // On the stack (a plan has at most one output and kMaxArgs arguments): three scratch
    // vectors cost their taking, clearing and out-of-line push_backs.
    Var* output = p.output ? add_var(p.output) : nullptr;
    const std::span<Var* const> outputs(&output, output ? 1 : 0);
    CallEmission e;
    e.ns = p.ns;
    e.func_name = p.func_name;
    e.adj_name = p.adj_name;
    e.initializer_list = p.initializer_list;
    e.skip_replay = p.skip_replay;
    e.differentiable = p.differentiable;
    e.require_original_output_arg = p.require_original_output_arg;
    std::array<Var*, PlannedCall::kMaxArgs> func_args;
    bool loads = false;
    for (size_t i = 0; i < p.arg_count; ++i) {
        const PlannedCall::Arg& a = p.args[i];
        // Tests, not a switch: its indirect jump was mispredicted more often.
        Var* v = a.source == Source::Argument ? args[a.index].value.var
                 : a.source == Source::Output ? outputs[a.index]
                                              : add_constant(a.source == Source::DispatchConstant
                                                                 ? *plan.dispatch.args[a.index].constant
                                                                 : *plan.bound[a.index].arg.constant);
        loads |= !a.as_reference && v->type->is_reference();
        func_args[i] = v;
    }
    const std::span<Var* const> adj_args(func_args.data(), p.arg_count);
    std::array<Var*, PlannedCall::kMaxArgs> loaded;
    if (loads)
        for (size_t i = 0; i < p.arg_count; ++i)
            loaded[i] = p.args[i].as_reference ? func_args[i] : load(func_args[i]);
    emit_call_statements(*this, e, loads ? std::span<Var* const>(loaded.data(), p.arg_count) : adj_args,
                         adj_args, outputs, p.is_void);
    return output ? Value(output) : Value();
}

// Warp's add_call of a builtin: resolution, binding, the result (Warp's value function) and the
// dispatch; kept as a plan under `plan_key` when given and the call has outputs (or none).
Value Adjoint::resolve_builtin_call(const Object& func, const builtins::Builtin& builtin,
                                    std::span<const CallArgument> args, std::span<const CallArgument> kwargs,
                                    const std::vector<std::pair<std::string, builtins::CallArg>>& type_args,
                                    int min_outputs, bool return_value_used, const Pos& where,
                                    const CallPlanKey* plan_key) {
    const builtins::Builtin* b = &builtin;
    // Most calls have a few positional arguments: their CallArgs live on the stack.
    StackCallArgs<8> stack_cargs(args);
    std::span<const builtins::CallArg> cargs = stack_cargs.view();
    std::vector<std::pair<std::string, builtins::CallArg>> ckwargs;
    for (const auto& a : kwargs) ckwargs.emplace_back(a.keyword, to_call_arg(a.value));
    const auto& ctype_args = type_args;

    const builtins::Overload* ov = builtins::resolve(*b, cargs, ckwargs, min_outputs);
    if (!ov)
        fail_at(where, fmt::format("couldn't find an overload of '{}' for arguments ({})", func.name,
                                   arg_list_repr(args, kwargs)));
    if (b->key == "tile_map" || b->key == "tile_reduce") { // a function argument (lower_tile_map.cpp)
        note_builtin_used(*b);
        return b->key == "tile_map" ? emit_tile_map(*ov, args, kwargs, where)
                                    : emit_tile_reduce(*ov, args, kwargs, where);
    }
    if (!ov->supported || (passes_tile(cargs, ckwargs) && !takes_tile(*ov)))
        fail_at(where, fmt::format("'{}' with arguments ({}) is not supported by warpsynth", func.name,
                                   arg_list_repr(args, kwargs)));
    ScratchVector<builtins::BoundArg> bound_scratch;
    std::vector<builtins::BoundArg>& bound = *bound_scratch;
    if (!builtins::bind_into(bound, *ov, cargs, ckwargs, ctype_args))
        fail_at(where, fmt::format("arguments do not bind to '{}'", func.name));
    note_builtin_used(*b);
    auto source_var = [&](const builtins::BoundArg& ba) { return bound_var(ba, args, kwargs); };

    if (bound.size() == 1)
        if (Var* retyped = retype_wide_literal(*ov, source_var(bound[0]))) return Value(retyped);

    builtins::ResultOrError res = builtins::result_of(*ov, bound);
    if (!res.result) fail_at(where, fmt::format("'{}': {}", func.name, res.error));
    const builtins::CallResult& result = *res.result;
    if (keeps_python_float_unknown(*ov, args, kwargs, result.types))
        fail_at(where,
                fmt::format("'{}' of a quaternion or transform made with Python's float as dtype is not "
                            "supported by warpsynth",
                            func.name));
    switch (result.kind) {
    case builtins::CallResult::Kind::Constant: return Value(add_constant(*result.constant));
    case builtins::CallResult::Kind::AliasArg: {
        Var* v = source_var(bound[result.alias_index]);
        if (v) return Value(v);
        return Value(add_constant(*bound[result.alias_index].owned_constant));
    }
    default: break;
    }

    ScratchVector<Var*> outputs_scratch;
    std::vector<Var*>& outputs = *outputs_scratch;
    for (TypeRef t : result.types) outputs.push_back(add_var(t));

    ScratchDispatch dispatch;
    builtins::Dispatch& d = dispatch.d;
    builtins::dispatch_into(d, *ov, bound, result);
    if (!d.error.empty()) fail_at(where, fmt::format("'{}': {}", func.name, d.error));
    if (d.unsupported)
        fail_at(where, fmt::format("'{}' with these arguments is not supported by warpsynth", func.name));

    CallEmission e;
    if (!d.template_args.empty()) e.set_rare().templated_name = builtins::native_name(*ov, d);
    const std::string no_template;
    const std::string& templated_name = e.rare ? e.rare->templated_name : no_template;
    describe_emission(e, *ov, d.template_args.empty() ? ov->native_func : templated_name,
                      builtins::uses_initializer_list(*ov, bound, result));
    if (plan_key)
        store_call_plan(*plan_key, CallPlan{ov, bound, result, d, templated_name, e.initializer_list});
    return finish_builtin_call(func, *b, {*ov, bound, result, d}, e, outputs, args, kwargs, return_value_used,
                               where);
}

// The variables passed, loaded where Warp loads them; the statements; tiles the call shares or moves.
Value Adjoint::finish_builtin_call(const Object& func, const builtins::Builtin& b, const ResolvedCall& call,
                                   CallEmission& e, const std::vector<Var*>& outputs,
                                   std::span<const CallArgument> args, std::span<const CallArgument> kwargs,
                                   bool return_value_used, const Pos& where) {
    ScratchVector<Var*> func_args_scratch;
    std::vector<Var*>& func_args = *func_args_scratch;
    dispatch_arguments(func, call.d, call.bound, args, kwargs, outputs, where, func_args);

    // Arguments are loaded (references dereferenced) after the outputs are
    // allocated, except those Warp passes as references; without any to load, the call
    // passes func_args as they are (and takes no vector for loaded ones).
    bool loads = det || needs_load(call.d, func_args);
    std::optional<ScratchVector<Var*>> loaded_scratch;
    if (loads) load_arguments(*this, call.d, func_args, *loaded_scratch.emplace());
    const std::vector<Var*>& fwd_args = loads ? **loaded_scratch : func_args;
    Var* out = outputs.size() == 1 ? outputs[0] : nullptr;
    if (det && lower_deterministic(*this, b.key, call.ov, call.d, e, **loaded_scratch, func_args, out,
                                   return_value_used, where))
        return Value(out);
    emit_call_statements(*this, e, fwd_args, func_args, outputs,
                         call.result.kind == builtins::CallResult::Kind::Void);
    share_result_tiles(call.d, call.result, call.bound, args, kwargs, outputs, where);

    if (outputs.empty()) return Value();
    if (outputs.size() == 1) return Value(outputs[0]);
    return Value::of_outputs(outputs);
}

// Warp's load of a reference: the builtin call `var_2 = wp::load(var_1);` (replayed as it is; not
// differentiable, so no reverse statement), written here without resolving, binding and
// dispatching the overload again (about 1,100 instructions for each of ~7 loads per corpus
// kernel). The cases where the generic path does more go through it: deterministic mode
// records the access, tiles are refused there, and a quaternion or transform may be refused.
Var* Adjoint::load(Var* var) {
    if (!var->type->is_reference()) return var;
    TypeRef value = var->type->elem;
    if (det || value->is_tile() || value->is_tile_stack() || holds_quat_or_transform(value))
        return add_builtin_call1("load", {var});
    static const builtins::Builtin* const builtin = builtins::find("load");
    note_builtin_used(*builtin);
    Var* out = add_var(value);
    Block& block = *blocks.back();
    TextBuffer& fwd = block.body_forward.line_buffer();
    append(fwd, indentation_, "var_", out->label, " = wp::load(", var->prefix ? "var_"sv : ""sv, var->label,
           ");");
    block.body_forward.end_line();
    block.body_replay.add(block.body_forward[block.body_forward.size() - 1]);
    return out;
}

// Tiles the result shares its type object with, and tiles the builtin moves to shared memory.
void Adjoint::share_result_tiles(const builtins::Dispatch& d, const builtins::CallResult& result,
                                 std::span<const builtins::BoundArg> bound,
                                 std::span<const CallArgument> args, std::span<const CallArgument> kwargs,
                                 const std::vector<Var*>& outputs, const Pos& where) {
    // Most calls involve no tile: nothing to look at (the scan below, with its vector, cost
    // about 60 instructions for every builtin call).
    if (result.same_type_object_arg < 0 && result.shared_tile_arg < 0 && result.shared_tile_arg2 < 0 &&
        d.shared_tile_args.empty() && result.shared_tile_elements.empty())
        return;
    auto source_var = [&](const builtins::BoundArg& ba) { return bound_var(ba, args, kwargs); };
    if (result.same_type_object_arg >= 0 && outputs.size() == 1)
        if (Var* v = source_var(bound[result.same_type_object_arg])) share_tile_type(outputs[0], v);
    std::vector<Var*> shared;
    for (int i : d.shared_tile_args) shared.push_back(source_var(bound[i]));
    for (int i : {result.shared_tile_arg, result.shared_tile_arg2})
        if (i >= 0) shared.push_back(source_var(bound[i]));
    for (auto [i, k] : result.shared_tile_elements) // tiles inside a tuple argument
        if (Var* t = source_var(bound[i]);
            t && t->tuple_elements() && k < static_cast<int>(t->tuple_elements()->size()))
            shared.push_back((*t->tuple_elements())[static_cast<size_t>(k)]);
    for (Var* v : shared)
        if (v) move_tile_to_shared(v, where);
}

// The variables a builtin's dispatch passes, in order: constants it adds, bound arguments,
// elements of tuple arguments, the call's outputs and C++ text.
void Adjoint::dispatch_arguments(const Object& func, const builtins::Dispatch& d,
                                 std::span<const builtins::BoundArg> bound,
                                 std::span<const CallArgument> args, std::span<const CallArgument> kwargs,
                                 std::span<Var* const> outputs, const Pos& where,
                                 std::vector<Var*>& func_args) {
    func_args.clear();
    func_args.reserve(d.args.size());
    for (const auto& da : d.args) {
        if (da.output >= 0) {
            func_args.push_back(outputs[da.output]);
            continue;
        }
        if (!da.text.empty()) { // C++ text, declared nowhere
            Var& v = var_storage_.emplace_back();
            v.label = da.text;
            v.prefix = false;
            v.type = types::str();
            func_args.push_back(&v);
            continue;
        }
        if (da.constant) {
            func_args.push_back(add_constant(*da.constant));
            continue;
        }
        const builtins::BoundArg& ba = bound[da.bound_index];
        Var* v = da.tuple_element >= 0
                     ? tuple_element_argument(bound_var(ba, args, kwargs), da.tuple_element, where)
                     : bound_var(ba, args, kwargs);
        if (!v) {
            if (!ba.arg.constant)
                fail_at(where, fmt::format("'{}': argument '{}' is not a value", func.name, ba.name));
            v = add_constant(*ba.arg.constant);
        }
        func_args.push_back(v);
    }
}

// A user function this one calls, or passes to a builtin (tile_map): built, and recorded as
// called from this function.
void Adjoint::build_callable(UserFunction* f, const Pos& where) {
    if (std::find(called_user_functions.begin(), called_user_functions.end(), f) ==
        called_user_functions.end())
        called_user_functions.push_back(f);
    build_callee(f, where);
}

// Builds a function this one calls, one level deeper. An error in a function of another file (a
// builtin Warp writes in Python, read from the installed Warp) is reported at this call, in the
// user's file, with the place in Warp's source (Warp reports the chain of both).
void Adjoint::build_callee(UserFunction* f, const Pos& where) {
    ModuleBuilder::Nested nested(*builder, src.scope->source(), where, limits::kFunctionCallDepth);
    try {
        builder->build_function(f);
    } catch (const LimitError&) {
        throw;
    } catch (const CompileError& e) {
        if (e.file() == src.scope->source().path()) throw;
        fail_at(where, fmt::format("calling '{}' fails at {}:{}:{}: {}", f->src.key, e.file(), e.line(),
                                   e.col(), e.message()));
    }
}

// A 64-bit scalar constructor of a literal (`wp.float64(0.1)`) keeps the literal's full precision:
// Warp retypes the literal's variable instead of converting it. The retyped variable, or null.
Var* Adjoint::retype_wide_literal(const builtins::Overload& ov, Var* arg) {
    if (!ov.value_type || !ov.value_type->is_scalar() || ov.native_func != scalar_name(ov.value_type->scalar))
        return nullptr;
    const Scalar s = ov.value_type->scalar;
    if (s != Scalar::Float64 && s != Scalar::Int64 && s != Scalar::UInt64) return nullptr;
    if (!arg || !arg->constant || arg->constant->kind == Constant::Kind::Composite) return nullptr;
    const Constant& c = *arg->constant;
    // Warp unwraps a Warp scalar to its raw Python value first.
    Constant::Kind raw = c.kind == Constant::Kind::Scalar ? c.raw_kind : c.kind;
    bool is_int = raw == Constant::Kind::PyInt || raw == Constant::Kind::PyBool;
    if (!is_int && std::isnan(c.f)) return nullptr;
    Constant converted = Constant::warp_scalar(s, c);
    arg->type = ov.value_type;
    arg->constant.reset();
    add_forward(fmt::format("var_{} = {};", arg->label, constant_str(converted)));
    return arg;
}

namespace {

// Positional and keyword arguments bound to `f`'s parameters (null where a
// parameter is left to its default); nullopt when they do not fit.
std::optional<std::vector<const Value*>> bind_arguments(const UserFunction& f,
                                                        std::span<const CallArgument> args,
                                                        std::span<const CallArgument> kwargs) {
    const auto& params = f.src.params;
    if (args.size() > params.size()) return std::nullopt;
    std::vector<const Value*> bound(params.size(), nullptr);
    for (size_t i = 0; i < args.size(); ++i) bound[i] = &args[i].value;
    for (const auto& kw : kwargs) {
        size_t j = 0;
        while (j < params.size() && params[j].name != kw.keyword) ++j;
        if (j == params.size() || bound[j]) return std::nullopt;
        bound[j] = &kw.value;
    }
    return bound;
}

// A Warp function passed as a value (user function or builtin): what a wp.Function parameter takes.
bool is_function_value(const Value& v) {
    return v.is_object() &&
           (v.object->kind == Object::Kind::Function || v.object->kind == Object::Kind::Builtin);
}

// Warp's func_match_args for a wp.Function parameter: any function fits (the slot is type-erased).
bool function_param_fits(const Param& p, const Value* bound) {
    return bound ? is_function_value(*bound) : p.has_default;
}

// An argument array fits a parameter of its own class; a fixedarray also fits an array
// parameter (a subclass in Warp). An indexed array does not fit an array parameter.
bool array_class_fits(TypeRef arg, TypeRef param) {
    return arg->array_class == param->array_class ||
           (arg->array_class == ArrayClass::FixedArray && param->array_class == ArrayClass::Array);
}

// Warp's func_match_args for a user function with concrete parameter types; with
// `allow_erasure` (Warp's second pass) a query kind also binds to its erased parent.
bool user_overload_matches(const UserFunction& f, std::span<const CallArgument> args,
                           std::span<const CallArgument> kwargs, bool allow_erasure = false) {
    const auto& params = f.src.params;
    std::optional<std::vector<const Value*>> binding = bind_arguments(f, args, kwargs);
    if (!binding) return false;
    const std::vector<const Value*>& bound = *binding;
    for (size_t j = 0; j < params.size(); ++j) {
        TypeRef param = params[j].type;
        if (param->is_function()) {
            if (!function_param_fits(params[j], bound[j])) return false;
            continue;
        }
        if (!bound[j]) {
            if (!params[j].has_default) return false;
            if (params[j].default_value && params[j].default_value->type != param) return false;
            continue;
        }
        const Value& v = *bound[j];
        if (!v.is_var()) return false;
        TypeRef t = types::strip_reference(v.var->type);
        if (param->is_array() && t->is_array()) {
            if (param->elem != t->elem || !array_class_fits(t, param)) return false;
            continue;
        }
        // a wp.ref[T] parameter takes a T; a query parameter typed with the parent kind takes any kind
        TypeRef p = types::strip_reference(param);
        if (p->is_tile()) { // a tile of the parameter's dtype, of any shape and storage
            if (!t->is_tile() || t->elem != p->elem) return false;
            continue;
        }
        // a `tuple[int, float]` parameter takes a tuple value of those types
        if (t != p && !(allow_erasure && t->erased == p) && !(p->is_tuple() && p->erased == t)) return false;
    }
    return true;
}

// func_match_args against a template: binding, with Any accepting anything.
bool template_binds(const UserFunction& f, std::span<const CallArgument> args,
                    std::span<const CallArgument> kwargs) {
    const auto& params = f.src.params;
    std::optional<std::vector<const Value*>> binding = bind_arguments(f, args, kwargs);
    if (!binding) return false;
    const std::vector<const Value*>& bound = *binding;
    for (size_t j = 0; j < params.size(); ++j) {
        TypeRef param = params[j].type;
        if (param->is_function()) {
            if (!function_param_fits(params[j], bound[j])) return false;
            continue;
        }
        if (!bound[j]) {
            if (!params[j].has_default) return false;
            continue;
        }
        if (!bound[j]->is_var()) return false;
        TypeRef t = types::strip_reference(bound[j]->var->type);
        if (param->is_any()) continue;
        if (param->is_array() && t->is_array()) {
            if ((!param->elem->is_any() && param->elem != t->elem) || !array_class_fits(t, param))
                return false;
            continue;
        }
        if (t != param && !((param->is_tuple() && param->variadic) || param->is_tile())) return false;
        if (t != param && !types::matches_template(t, param)) return false;
    }
    return true;
}

// A tuple of literals (`(1.0, 2.0)`, `((1, 2), -3)`): Warp evaluates such an argument as a
// Python constant, whose type (a tuple of Python types) has no type code for an instance of
// a generic function.
bool is_literal_tuple(const ast::Expr* e) {
    if (e->kind == ast::ExprKind::Constant) return true;
    if (e->kind == ast::ExprKind::UnaryOp) return is_literal_tuple(ast::as<ast::UnaryOp>(e)->operand);
    if (e->kind != ast::ExprKind::Tuple) return false;
    for (const ast::Expr* x : ast::as<ast::Tuple>(e)->elts)
        if (!is_literal_tuple(x)) return false;
    return true;
}

} // namespace

UserFunction* Adjoint::instantiate_template(FunctionGroup& group, std::span<const CallArgument> args,
                                            std::span<const CallArgument> kwargs, const Pos& where) {
    for (auto& tmpl : group.templates) {
        const auto& params = tmpl->src.params;
        if (!template_binds(*tmpl, args, kwargs)) continue;
        size_t required = 0;
        for (const Param& p : params) required += p.has_default ? 0 : 1;
        if (args.size() < required || args.size() > params.size()) continue;
        bool matched = true;
        for (size_t i = 0; matched && i < args.size(); ++i)
            matched =
                params[i].type->is_function() ||
                types::matches_template(types::strip_reference(args[i].value.var->type), params[i].type);
        if (!matched) continue;
        // Instantiate with the positional argument types, defaults for the rest.
        auto inst = std::make_shared<UserFunction>();
        inst->src = tmpl->src;
        inst->native_name = tmpl->native_name;
        inst->generic_parent = tmpl.get();
        inst->src.is_generic = false;
        inst->src.display_lineno = 0;
        // Warp builds an instance from the parameter types alone: its return annotation
        // (`-> Any`, or a concrete one) is not checked.
        inst->src.has_return_annotation = false;
        for (size_t i = 0; i < params.size(); ++i) {
            Param& p = inst->src.params[i];
            if (p.type->is_function()) continue; // stays wp.Function: the target specializes the instance
            if (p.type->is_tuple() && p.type->erased)
                fail_at(where, fmt::format("a generic function with a tuple[...] parameter annotation ('{}' "
                                           "of {}) is not supported by warpsynth",
                                           p.name, group.key));
            if (i < args.size() && args[i].node && args[i].node->kind == ast::ExprKind::Tuple &&
                is_literal_tuple(args[i].node))
                fail_at(where,
                        fmt::format("Failed to determine type code for argument '{}' of function {}: a "
                                    "tuple of literals is a Python constant to Warp, not a tuple_t; "
                                    "assign it to a variable first",
                                    p.name, group.key));
            // Warp has no type code for wp.Mesh (mesh_get's value), so no instance for it.
            TypeRef arg_type = i < args.size() ? types::strip_reference(args[i].value.var->type) : nullptr;
            if (arg_type && arg_type->kind == TypeKind::Opaque && arg_type->code.empty())
                fail_at(where, fmt::format("Failed to determine type code for argument '{}' of function {}: "
                                           "Unrecognized type '<class '{}'>'",
                                           p.name, group.key, arg_type->repr));
            if (i < args.size()) {
                p.type = types::strip_reference(args[i].value.var->type);
                p.tile_cell = args[i].value.var->shared_tile_cell();
            } else if (p.default_value)
                p.type = p.default_value->type;
            else
                fail_at(where, fmt::format("incomplete overload annotations for function {}", group.key));
        }
        // Warp builds the instance's Adjoint anew: static expressions see the concrete types.
        inst->src.clear_statics();
        src.scope->resolve_static_expressions(inst->src);
        // A later instantiation with the same signature replaces an earlier one (a dict in Warp).
        group.overloads.push_back(std::move(inst));
        return group.overloads.back().get();
    }
    return nullptr;
}

bool Adjoint::user_overload_exists(FunctionGroup& group, std::span<const CallArgument> args) {
    for (auto& ov : group.overloads)
        if (user_overload_matches(*ov, args, {}, true)) return true;
    for (auto& tmpl : group.templates)
        if (template_binds(*tmpl, args, {})) {
            bool matched = true;
            for (size_t i = 0; matched && i < args.size(); ++i)
                matched = tmpl->src.params[i].type->is_function() ||
                          (args[i].value.is_var() &&
                           types::matches_template(types::strip_reference(args[i].value.var->type),
                                                   tmpl->src.params[i].type));
            if (matched) return true;
        }
    return false;
}

// Element k of a tuple argument as Warp's extract_tuple gives it to a dispatch: a constant
// element is a fresh constant, a variable itself.
Var* Adjoint::tuple_element_argument(const Var* tuple, int k, const Pos& where) {
    if (!tuple || !tuple->tuple_elements() || k >= static_cast<int>(tuple->tuple_elements()->size()))
        fail_at(where,
                "warpsynth supports only a tuple written out here (its elements are passed one by one)");
    Var* element = (*tuple->tuple_elements())[static_cast<size_t>(k)];
    // An array element stays a reference, loaded where the call passes it.
    if (tuple->python_tuple) return element;
    if (!element->constant) return element;
    // Warp hands the constant itself to the call, which makes a constant of a Python number
    // only: a Warp scalar or vector instance there fails (it has no variable label).
    const Constant::Kind kind = element->constant->kind;
    if (kind != Constant::Kind::PyBool && kind != Constant::Kind::PyInt && kind != Constant::Kind::PyFloat)
        fail_at(where, fmt::format("'{}' object has no attribute 'label' (Warp passes a tuple's constant "
                                   "elements to this call as they are: only a Python number or a variable "
                                   "may be one)",
                                   element->type->repr));
    return add_constant(*element->constant);
}

// A wp.ref[T] argument must be addressable and hold a T.
// Warp's emit_addressable_reference, for what warpsynth models: a local variable
// (`&(var_N)`), an array element (its address) or a wp.ref[T] parameter passed on.
Var* Adjoint::ref_argument(Var* arg, const ast::Expr* node, TypeRef param, const Pos& where) {
    const std::string purpose = fmt::format("wp.ref[{}] parameter", param->elem->repr);
    Var* ref = addressable_reference(arg, node, purpose, where);
    if (types::strip_reference(ref->type) != param->elem)
        fail_at(where, fmt::format("{} expects {}, got {}", purpose, param->elem->repr,
                                   types::strip_reference(ref->type)->repr));
    return ref;
}

Var* Adjoint::addressable_reference(Var* arg, const ast::Expr* node, const std::string& purpose,
                                    const Pos& where) {
    if (!arg || !node)
        fail_at(where, purpose + " requires an addressable expression (local variable, array element, struct "
                                 "field, or wp.ref[T] parameter)");
    Var* ref = nullptr;
    if (arg->type->is_reference()) {
        if (!arg->ref_origin)
            fail_at(where, purpose +
                               " requires an addressable expression (local variable, array element, struct "
                               "field, or wp.ref[T] parameter)");
        ref = arg;
    } else if (arg->ref_origin && node->kind != ast::ExprKind::Name) {
        // A component or field of a local value (`v.x`, `m[0, 1]`): its address.
        Var& v = var_storage_.emplace_back();
        v.label = arg->ref_origin.emit_pointer();
        v.prefix = false;
        v.type = types::reference(arg->type);
        v.ref_origin = arg->ref_origin;
        ref = &v;
    } else if (node->kind == ast::ExprKind::Name) {
        if (arg->constant)
            fail_at(where, fmt::format("Error taking a mutable reference to constant local '{}'",
                                       ast::as<ast::Name>(node)->id));
        Var& v = var_storage_.emplace_back();
        v.ref_origin = LValueOrigin(arg, false);
        v.label = v.ref_origin.emit_pointer();
        v.prefix = false;
        v.type = types::reference(arg->type);
        ref = &v;
    } else {
        fail_at(where, purpose + " requires an addressable expression (local variable, array element, struct "
                                 "field, or wp.ref[T] parameter); warpsynth supports locals, array elements "
                                 "and wp.ref[T] parameters");
    }
    return ref;
}

// The reverse call's argument for a wp.ref[T] parameter: the address of the adjoint of
// what `ref` points to (Warp's emit_ref_adjoint_pointer).
Var* Adjoint::ref_adjoint_argument(const Var& ref, std::vector<std::string>& prelude) {
    Var& v = var_storage_.emplace_back();
    v.label = ref.ref_origin.emit_adjoint_pointer(label_count_, prelude);
    v.prefix = false;
    v.type = ref.type;
    return &v;
}

// A user function takes the gradient of an indexed array parameter as a regular array. Warp
// passes a CPU kernel's parameter gradient, or the gradient of an indexed array it made
// (a view), as an indexedarray_t: its backward code does not compile, so warpsynth refuses.
void Adjoint::refuse_indexed_array_gradient_argument(const std::vector<Var*>& args, const Pos& where) const {
    bool cpu_kernel = !is_user_function && builder->options().device == Device::Cpu;
    if (!is_user_function && !used_by_backward_kernel) return;
    for (const Var* a : args) {
        TypeRef t = types::strip_reference(a->type);
        if (!t->is_array() || t->array_class != ArrayClass::IndexedArray) continue;
        if (a->is_parameter && !cpu_kernel) continue;
        fail_at(where, "Warp's backward code for passing this indexed array to a user function does not "
                       "compile (its gradient is an indexedarray_t, the function takes an array_t)");
    }
}

UserFunction* Adjoint::select_user_overload(FunctionGroup& group, std::span<const CallArgument> args,
                                            std::span<const CallArgument> kwargs, const Pos& where) {
    for (bool allow_erasure : {false, true}) // Warp's second pass binds a query kind to its parent
        for (auto& ov : group.overloads)
            if (user_overload_matches(*ov, args, kwargs, allow_erasure)) return ov.get();
    UserFunction* f = instantiate_template(group, args, kwargs, where);
    if (!f)
        fail_at(where,
                fmt::format("couldn't find function overload for '{}' that matched inputs with types: [{}]",
                            group.key, arg_list_repr(args, kwargs)));
    return f;
}

namespace {

// Deterministic mode (deterministic.cpp): what a call of `f` passes after its arguments, its
// array reads checked against the caller's targets.
std::vector<std::string> deterministic_call_args(Adjoint& adj, const UserFunction& f,
                                                 const std::vector<Var*>& bound, const Pos& where) {
    if (!adj.det || !f.adj->det) return {};
    adj.det->include_call(*f.adj->det, f.src.params, bound, where);
    std::vector<std::string> det_args = adj.det->call_args(*f.adj->det, f.src.params, bound, where);
    if (!det_args.empty() && (f.custom_grad || f.custom_replay))
        adj.fail_at(where,
                    "deterministic mode: a @wp.func with deterministic scatter targets and a custom adjoint "
                    "or replay is not supported by warpsynth");
    return det_args;
}

} // namespace

Value Adjoint::add_user_call(FunctionGroup* group, std::span<const CallArgument> args,
                             std::span<const CallArgument> kwargs, int min_outputs,
                             const ast::Expr* call_node) {
    (void)min_outputs;
    const Pos& where = call_node ? call_node->pos : current_pos_;
    for (std::span<const CallArgument> list : {args, kwargs})
        for (const CallArgument& a : list)
            if (a.value.is_var() && types::strip_reference(a.value.var->type)->is_tile_stack())
                fail_at(where, "passing a tile stack to a @wp.func is not supported by warpsynth");
    UserFunction* f =
        specialize_callable(select_user_overload(*group, args, kwargs, where), args, kwargs, where);

    // Bind in parameter order; defaults become fresh constants only when emitted below.
    // The call's vectors are scratch ones (see ScratchVector): a call allocates none.
    const auto& params = f->src.params;
    ScratchVector<Var*> bound_s, outputs_s, func_args_s, fwd_args_s, adj_args_s;
    ScratchVector<const ast::Expr*> bound_nodes_s;
    ScratchVector<size_t> native_params_s;
    std::vector<Var*>& bound = *bound_s;
    std::vector<const ast::Expr*>& bound_nodes = *bound_nodes_s;
    bound.assign(params.size(), nullptr);
    bound_nodes.assign(params.size(), nullptr);
    for (size_t i = 0; i < args.size(); ++i) {
        bound[i] = args[i].value.var;
        bound_nodes[i] = args[i].node;
    }
    for (const auto& kw : kwargs)
        for (size_t j = 0; j < params.size(); ++j)
            if (params[j].name == kw.keyword) {
                bound[j] = kw.value.var;
                bound_nodes[j] = kw.node;
            }

    bool built_before = f->built;
    build_callable(f, where);
    if (!built_before) builder->defer_custom_adjoints(*f);
    std::vector<std::string> det_args = deterministic_call_args(*this, *f, bound, where);

    const auto& ret = f->adj->return_var;
    std::vector<Var*>& outputs = *outputs_s;
    if (ret)
        for (Var* r : *ret) {
            outputs.push_back(add_var(types::strip_reference(r->type)));
            share_tile_type(outputs.back(), r); // Warp's result type is the return variable's type object
        }

    // wp.Function parameters specialize the callee and do not reach C++.
    std::vector<size_t>& native_params = *native_params_s;
    for (size_t j = 0; j < params.size(); ++j)
        if (!params[j].type->is_function()) native_params.push_back(j);
    std::vector<Var*>& func_args = *func_args_s;
    for (size_t j : native_params)
        func_args.push_back(bound[j] ? bound[j] : add_constant(*params[j].default_value));
    refuse_indexed_array_gradient_argument(func_args, where);

    CallEmission e;
    e.func_name = f->native_name;
    e.adj_name = f->native_name;
    if (!det_args.empty()) e.set_rare().extra_args = std::move(det_args);
    e.custom_grad = f->custom_grad != nullptr;
    e.custom_replay = f->custom_replay != nullptr;
    // A function that calls wp.grad() has no adjoint: its callers skip the reverse call.
    e.differentiable = !f->adj->uses_grad_call;
    if (f->adj->uses_grad_call && is_user_function)
        fail_at(where, fmt::format("'{}' calls wp.grad(), so Warp prints it after the functions that call it "
                                   "and their C++ does not compile; call it from kernels only",
                                   f->src.key));
    std::vector<Var*>& fwd_args = *fwd_args_s;
    std::vector<Var*>& adj_args = *adj_args_s;
    adj_args = func_args;
    // A native function with an adjoint snippet writes its wp.ref[T] parameters' adjoints itself.
    bool manual_ref_adjoint = f->native_snippet && f->adj_native_snippet;
    for (size_t i = 0; i < native_params.size(); ++i) {
        size_t j = native_params[i];
        if (!params[j].type->is_reference()) {
            fwd_args.push_back(load(func_args[i]));
            continue;
        }
        Var* ref = ref_argument(func_args[i], bound_nodes[j], params[j].type, where);
        fwd_args.push_back(ref);
        adj_args[i] = ref_adjoint_argument(*ref, e.set_rare().reverse_prelude);
        if (ref_call_error.empty() && !manual_ref_adjoint) {
            ref_call_error = fmt::format("Cannot call '{}' with wp.ref[T] parameters from a backward-enabled "
                                         "kernel. Use enable_backward=False on the kernel, or switch to "
                                         "@wp.func_native with adj_snippet for a manually written adjoint.",
                                         f->src.key);
            ref_call_pos = where;
        }
    }
    emit_call_statements(*this, e, fwd_args, adj_args, outputs, outputs.empty());

    if (outputs.empty()) return Value();
    if (outputs.size() == 1) return Value(outputs[0]);
    return Value::of_outputs(outputs);
}

} // namespace ws

namespace ws {

Value Adjoint::emit_struct_constructor(TypeRef struct_type, const std::vector<CallArgument>& args,
                                       const std::vector<CallArgument>& kwargs, const ast::Expr* call_node) {
    const StructDef& s = *struct_type->st;
    std::vector<Var*> func_args;
    if (!args.empty() || !kwargs.empty()) {
        // The value constructor takes every field, positionally or by name.
        std::vector<Var*> bound(s.fields.size(), nullptr);
        bool ok = args.size() <= s.fields.size();
        for (size_t i = 0; ok && i < args.size(); ++i) {
            ok = args[i].value.is_var();
            if (ok) bound[i] = args[i].value.var;
        }
        for (const auto& kw : kwargs) {
            size_t j = 0;
            while (j < s.fields.size() && s.fields[j].name != kw.keyword) ++j;
            ok = ok && j < s.fields.size() && !bound[j] && kw.value.is_var();
            if (ok) bound[j] = kw.value.var;
        }
        for (size_t j = 0; ok && j < s.fields.size(); ++j) {
            ok = bound[j] != nullptr;
            if (!ok) break;
            TypeRef t = types::strip_reference(bound[j]->type), f = s.fields[j].type;
            ok = t == f || (t->is_array() && f->is_array() && t->elem == f->elem);
        }
        if (!ok)
            fail(call_node, fmt::format("couldn't find a constructor of struct '{}' for arguments ({})",
                                        s.key, arg_list_repr(args, kwargs)));
        func_args = bound;
    }
    Var* output = add_var(struct_type);
    CallEmission e;
    e.func_name = s.native_name;
    e.adj_name = s.native_name;
    std::vector<Var*> fwd_args;
    for (Var* v : func_args) fwd_args.push_back(load(v));
    emit_call_statements(*this, e, fwd_args, func_args, std::span<Var* const>(&output, 1), false);
    return Value(output);
}

} // namespace ws
