// Functions passed to wp.Function parameters (Warp's get_callable_arg_values and
// specialize_callable_func): the callee is cloned per set of target functions. The clone is
// named `<native name>_callable_<12 hex of a sha256 over the targets>`, calls each target by its
// parameter's name, and leaves those parameters out of its C++ signature.
#include "builtins/builtin.h"
#include "codegen/adjoint.h"
#include "codegen/module_hash.h"

#include <fmt/format.h>

namespace ws {

namespace {

// Warp's is_regular_builtin_callable_target: every overload lowers through the plain call path.
bool is_regular_builtin(const builtins::Builtin& b) {
    if (b.overloads.empty()) return false;
    for (const builtins::Overload* ov : b.overloads)
        if (ov->variadic || ov->has_dispatch_func || ov->has_lto_dispatch_func || ov->skip_replay)
            return false;
    return true;
}

// The Function object's native_func. A name bound to several overloads is the first one
// registered unless a redefinition replaced it: not modelled, refused.
std::string user_target_native_name(const FunctionGroup& g) {
    const UserFunction* top = nullptr;
    size_t count = g.templates.size();
    for (const auto& ov : g.overloads)
        if (!ov->generic_parent) {
            ++count;
            top = ov.get();
        }
    if (count != 1) return {};
    return top ? top->native_name : g.templates[0]->native_name;
}

bool same_target(const ObjectRef& a, const ObjectRef& b) {
    if (a->kind != b->kind) return false;
    return a->kind == Object::Kind::Function ? a->function == b->function : a->name == b->name;
}

} // namespace

UserFunction* Adjoint::specialize_callable(UserFunction* f, std::span<const CallArgument> args,
                                           std::span<const CallArgument> kwargs, const Pos& where) {
    const auto& params = f->src.params;
    std::vector<std::pair<std::string, ObjectRef>> targets;
    std::string hash_input = f->native_name;
    for (size_t j = 0; j < params.size(); ++j) {
        if (!params[j].type->is_function()) continue;
        ObjectRef target = params[j].default_function;
        if (j < args.size()) target = args[j].value.object;
        for (const CallArgument& kw : kwargs)
            if (kw.keyword == params[j].name) target = kw.value.object;
        std::string key = target->name, native;
        if (target->kind == Object::Kind::Builtin) {
            const builtins::Builtin* b = builtins::find(target->name);
            if (!b || !is_regular_builtin(*b))
                fail_at(where,
                        fmt::format("wp.Function parameters support user-defined Warp functions and simple "
                                    "built-in Warp functions such as wp.sin() and wp.min(), but parameter "
                                    "'{}' of '{}' received unsupported built-in function '{}'.",
                                    params[j].name, f->src.key, target->name));
            native = b->overloads[0]->native_func;
        } else {
            key = target->function->key;
            native = user_target_native_name(*target->function);
            if (native.empty())
                fail_at(where, fmt::format("'{}' has several overloads: warpsynth does not model which one "
                                           "names it when it is passed to a wp.Function parameter",
                                           key));
        }
        hash_input += params[j].name + key + native;
        targets.emplace_back(params[j].name, std::move(target));
    }
    if (targets.empty()) return f;

    for (const auto& s : f->specializations) {
        const auto& have = s->src.callable_args;
        bool same = true;
        for (size_t i = 0; same && i < targets.size(); ++i)
            same = same_target(have[i].second, targets[i].second);
        if (same) return s.get();
    }
    // Warp builds the clone's Adjoint from the bare source text: lines count from 0, and its
    // static expressions are evaluated anew.
    auto spec = std::make_shared<UserFunction>();
    spec->src = f->src;
    spec->src.display_lineno = 0;
    spec->src.callable_args = std::move(targets);
    spec->src.clear_statics();
    spec->src.scope->resolve_static_expressions(spec->src); // in the callee's own module
    spec->native_name = fmt::format("{}_callable_{}", f->native_name, sha256_hex({hash_input}).substr(0, 12));
    spec->force_adjoint_codegen = f->force_adjoint_codegen;
    f->specializations.push_back(std::move(spec));
    return f->specializations.back().get();
}

} // namespace ws
