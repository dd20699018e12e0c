// Utility rules: where/select, copy, len, cast, printf and the tuple builtins
// codegen uses for tuple expressions and multiple return values.
#include "builtins/rules.h"

#include <fmt/format.h>

namespace ws::builtins::detail {

namespace utility_rules {
namespace {

// Warp's type_erasure_join: sibling query kinds (or a kind and its parent) merge to the
// erased parent (BvhQuery, MeshQuery); null when they do not.
TypeRef erasure_join(TypeRef a, TypeRef b) {
    TypeRef pa = a && a->erased ? a->erased : a, pb = b && b->erased ? b->erased : b;
    return pa && pa == pb && pa->kind == TypeKind::Opaque ? pa : nullptr;
}

// where() of two tiles (an `if` merging a tile variable): a register tile's own type object if
// either is one, else a new shared tile owning its storage.
ResultOrError where_tiles(const RuleCall& call, TypeRef t, TypeRef f) {
    const bool keep_true = !t->tile_shared;
    if (keep_true || !f->tile_shared) {
        ResultOrError r = value(keep_true ? t : f);
        r.result->same_type_object_arg = call.find(keep_true ? "value_if_true" : "value_if_false");
        return r;
    }
    return value(types::tile(t->elem, t->tile_shape, true, t->tile_strides, true));
}

ResultOrError where(const RuleCall& call, std::string_view) {
    TypeRef t = call.type("value_if_true"), f = call.type("value_if_false");
    if (!types_equal(t, f)) {
        if (TypeRef joined = erasure_join(t, f)) return value(joined);
        return fail(
            fmt::format("where() true value type ({}) must be of the same type as the false type ({})",
                        class_str(t), class_str(f)));
    }
    if (t->is_tile()) return where_tiles(call, t, f);
    return value(t);
}

ResultOrError select(const RuleCall&, std::string_view) {
    return fail("wp.select() has been removed. Use wp.where(cond, value_if_true, value_if_false) instead.");
}

// copy(a): a shared tile is copied into a new one owning its storage; any other value keeps its
// type (for a register tile, the same type object).
ResultOrError copy(const RuleCall& call, std::string_view) {
    TypeRef a = call.type("a");
    if (a && a->is_tile() && a->tile_shared)
        return value(types::tile(a->elem, a->tile_shape, true, a->tile_strides, true));
    ResultOrError r = value(a);
    if (a && a->is_tile()) r.result->same_type_object_arg = call.find("a");
    return r;
}

// len() of a vector, quaternion, matrix, transform or tuple: a compile-time int.
ResultOrError static_len(const RuleCall& call, std::string_view) {
    TypeRef a = call.type("a");
    int64_t n = 0;
    switch (a ? a->kind : TypeKind::Void) {
    case TypeKind::Vector: n = a->length; break;
    case TypeKind::Quaternion: n = 4; break;
    case TypeKind::Transform: n = 7; break;
    case TypeKind::Matrix: n = a->rows; break;
    case TypeKind::Tuple: n = static_cast<int64_t>(a->elems.size()); break;
    default: {
        ResultOrError r = fail("len() of this type is not supported by warpsynth");
        r.unsupported = true;
        return r;
    }
    }
    ResultOrError r;
    r.result.emplace();
    r.result->kind = CallResult::Kind::Constant;
    r.result->types = {scalar_t(Scalar::Int32)};
    r.result->constant = Constant::py_int(n);
    return r;
}

ResultOrError cast(const RuleCall& call, std::string_view) {
    TypeRef dtype = call.type_value("dtype");
    if (!dtype) {
        ResultOrError r = fail("cast() needs a type as `dtype`");
        r.unsupported = true;
        return r;
    }
    return value(dtype);
}

Dispatch cast_dispatch(const RuleCall& call, const CallResult&) {
    Dispatch d;
    d.args.push_back(DispatchArg{call.find("a"), std::nullopt});
    d.template_args = {template_arg(call.type_value("dtype"))};
    return d;
}

ResultOrError make_tuple(const RuleCall& call, std::string_view) {
    std::vector<int> args = call.all("args");
    if (args.empty()) return fail("'args'");
    std::vector<TypeRef> elems;
    for (int i : args) elems.push_back(call.type(i));
    return value(types::tuple(elems));
}

Dispatch tuple_dispatch(const RuleCall& call, const CallResult&) {
    Dispatch d;
    for (int i : call.all("args")) d.args.push_back(DispatchArg{i, std::nullopt});
    return d;
}

// extract(t, i) on a tuple: element i, with i a compile-time integer.
ResultOrError tuple_extract(const RuleCall& call, std::string_view) {
    TypeRef t = call.type("a");
    const Constant* i = call.constant("i");
    if (!call.has("i") || !i) return fail("Tuple index must be a compile time expression.");
    int64_t n = static_cast<int64_t>(t->elems.size());
    if (!i->holds_int()) return fail("Tuple index must be an integer.");
    if (i->i >= PyInt(n)) return fail(fmt::format("Tuple index out of bounds, {} >= {}", i->i.str(), n));
    if (i->i < PyInt(-n)) return fail("tuple index out of range");
    int64_t index = *i->i.to_int64();
    return value(t->elems[static_cast<size_t>(index < 0 ? index + n : index)]);
}

Dispatch tuple_extract_dispatch(const RuleCall& call, const CallResult&) {
    Dispatch d;
    d.args.push_back(DispatchArg{call.find("a"), std::nullopt});
    d.template_args = {call.constant("i")->i.str()};
    return d;
}

ResultOrError printf_value(const RuleCall& call, std::string_view) {
    if (call.all("args").size() > 32)
        return fail("the maximum number of variadic arguments that can be passed to `printf` is 32");
    return void_result();
}

Dispatch printf_dispatch(const RuleCall& call, const CallResult&) {
    Dispatch d;
    d.args.push_back(DispatchArg{call.find("fmt"), std::nullopt});
    for (int i : call.all("args")) d.args.push_back(DispatchArg{i, std::nullopt});
    return d;
}

// slice(start, stop, step): constant bounds become the type (vector and matrix slices);
// an array slice may have bounds computed at run time.
ResultOrError slice_value(const RuleCall& call, std::string_view) {
    int bounds[3] = {0, 0, 1};
    const char* names[3] = {"start", "stop", "step"};
    for (int k = 0; k < 3; ++k)
        if (!call.constant(names[k])) return value(types::runtime_slice());
    for (int k = 0; k < 3; ++k) {
        const Constant* c = call.constant(names[k]);
        std::optional<int64_t> v = c && c->holds_int() ? c->as_int64() : std::nullopt;
        if (!v || *v < INT32_MIN || *v > INT32_MAX) {
            // Warp makes a slice of runtime bounds and fails only where its length is needed.
            ResultOrError r = fail("slices with runtime or out-of-range bounds are not supported");
            r.unsupported = true;
            return r;
        }
        bounds[k] = static_cast<int>(*v);
    }
    return value(types::slice(bounds[0], bounds[1], bounds[2]));
}

constexpr ValueRule kValueRules[] = {
    {"where_value_func", where},
    {"slice_value_func", slice_value},
    {"select_value_func", select},
    {"copy_value_func", copy, kUntypedRaises},
    {"static_len_value_func", static_len},
    {"cast_value_func", cast},
    {"tuple_value_func", make_tuple, kUntypedRaises},
    {"tuple_extract_value_func", tuple_extract, kUntypedRaises},
    {"printf_value_func", printf_value},
};

constexpr DispatchRule kDispatchRules[] = {
    {"cast_dispatch_func", cast_dispatch},
    {"tuple_dispatch_func", tuple_dispatch},
    {"tuple_extract_dispatch_func", tuple_extract_dispatch},
    {"printf_dispatch_func", printf_dispatch},
};

} // namespace
} // namespace utility_rules

std::span<const ValueRule> utility_value_rules() {
    return utility_rules::kValueRules;
}
std::span<const DispatchRule> utility_dispatch_rules() {
    return utility_rules::kDispatchRules;
}

} // namespace ws::builtins::detail
