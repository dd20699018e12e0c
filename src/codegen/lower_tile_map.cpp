// tile_map and tile_reduce: tile builtins that take a function (a Warp builtin such as wp.sin,
// or a user @wp.func) and apply it to the tile's elements. Warp's value function finds the
// function's overload for the element types and the result's dtype; its dispatch passes the
// function itself to C++ (`wp::tile_unary_map(wp::sin, var_1)`, `adj_sq_0` in the adjoint).
#include "builtins/builtin.h"
#include "codegen/adjoint.h"
#include "codegen/module_builder.h"

#include <deque>
#include <fmt/format.h>

namespace ws {

namespace {

bool is_function_value(const Value& v) {
    return v.is_object() &&
           (v.object->kind == Object::Kind::Function || v.object->kind == Object::Kind::Builtin);
}

// Warp's _is_tile_map_element_type_supported, less Warp structs (tiles of structs are not
// modelled here).
bool element_type_supported(TypeRef t) {
    return t && (t->is_scalar() || t->is_vector() || t->is_matrix()) && !t->scoped;
}

std::string type_list(const std::vector<TypeRef>& types) {
    std::string s;
    for (TypeRef t : types) s += (s.empty() ? "" : ", ") + t->repr;
    return s;
}

// Python's str() of a shape tuple: "(16,)", "(4, 8)".
std::string shape_tuple(const std::vector<int>& shape) {
    std::string s = "(";
    for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + (shape.size() == 1 ? ",)" : ")");
}

// Value rules of builtins that read only their argument types: Warp calls the operator's value
// function with the element types and no argument values.
bool type_only_rule(std::string_view rule) {
    static constexpr std::string_view kRules[] = {
        "sametypes_create_value_func",
        "float_sametypes_value_func",
        "scalar_sametypes_value_func",
    };
    for (std::string_view r : kRules)
        if (r == rule) return true;
    return rule.empty(); // a fixed value type
}

} // namespace

// The operator of a tile_map for these element types (Warp's op.get_overload(dtypes)): its C++
// names and result type.
Adjoint::TileOp Adjoint::tile_map_op(const Value& op, const std::vector<TypeRef>& dtypes, const Pos& where) {
    TileOp out;
    const std::string what =
        fmt::format("for tile element type{} {}", dtypes.size() > 1 ? "s" : "", type_list(dtypes));
    if (op.object->kind == Object::Kind::Builtin) {
        const builtins::Builtin* b = builtins::find(op.object->name);
        if (!b || b->python_defined)
            fail_at(where,
                    fmt::format("tile_map() with wp.{} is not supported by warpsynth", op.object->name));
        std::vector<builtins::CallArg> cargs(dtypes.size());
        for (size_t i = 0; i < dtypes.size(); ++i) cargs[i].type = dtypes[i];
        const builtins::Overload* ov = builtins::resolve(*b, cargs, {}, 0);
        // Warp's get_overload type-checks variadic overloads too, which resolution skips.
        if (ov && ov->variadic)
            fail_at(where,
                    fmt::format("tile_map() with wp.{} {} is not supported by warpsynth", b->key, what));
        if (!ov) fail_at(where, fmt::format("No overload of {} found {}", b->key, what));
        std::optional<std::vector<builtins::BoundArg>> bound = builtins::bind(*ov, cargs, {}, {});
        builtins::ResultOrError r = ov->supported && bound && type_only_rule(ov->value_rule)
                                        ? builtins::result_of(*ov, *bound)
                                        : builtins::ResultOrError{};
        if (!r.result || r.result->kind != builtins::CallResult::Kind::Values || r.result->types.size() != 1)
            fail_at(where,
                    fmt::format("tile_map() with wp.{} {} is not supported by warpsynth", b->key, what));
        out.name = fmt::format("{}{}", ov->ns, ov->native_func);
        out.adj_name = fmt::format("{}adj_{}", ov->ns, ov->native_func);
        out.differentiable = ov->is_differentiable;
        out.result = r.result->types[0];
        return out;
    }
    FunctionGroup& group = *op.object->function;
    // Warp matches the element types as if they were arguments.
    std::deque<Var> temps;
    std::vector<CallArgument> args;
    for (TypeRef t : dtypes) {
        Var& v = temps.emplace_back();
        v.type = t;
        args.push_back(CallArgument{Value(&v), nullptr, ""});
    }
    if (!user_overload_exists(group, args))
        fail_at(where, fmt::format("No overload of {} found {}", group.key, what));
    UserFunction* f = select_user_overload(group, args, {}, where);
    for (const Param& p : f->src.params)
        if (p.type->is_function())
            fail_at(where,
                    "tile_map() with a function taking wp.Function parameters is not supported by warpsynth");
    build_callable(f, where);
    const auto& ret = f->adj->return_var;
    if (!ret || ret->size() != 1 || !element_type_supported(types::strip_reference((*ret)[0]->type)))
        fail_at(where, fmt::format("Operator {} returns unsupported type for a tile element", group.key));
    if (det) det->refuse_indirect_call(f->adj ? f->adj->det.get() : nullptr, where);
    out.name = f->native_name;
    out.adj_name = "adj_" + f->native_name;
    out.result = types::strip_reference((*ret)[0]->type);
    return out;
}

// tile_map(op, a), tile_map(op, a, b), tile_map(op, a, *args): a tile of op's results.
Value Adjoint::emit_tile_map(const builtins::Overload& ov, std::span<const CallArgument> args,
                             std::span<const CallArgument> kwargs, const Pos& where) {
    if (!kwargs.empty() || args.size() < 2 || !is_function_value(args[0].value))
        fail_at(where,
                "tile_map() is supported by warpsynth with the function and tiles as positional arguments");
    std::vector<Var*> operands;
    for (size_t i = 1; i < args.size(); ++i) {
        if (!args[i].value.is_var()) fail_at(where, "tile_map() takes tiles and values after the function");
        operands.push_back(args[i].value.var);
    }
    TypeRef a = types::strip_reference(operands[0]->type);
    if (!a->is_tile()) fail_at(where, fmt::format("tile_map() 'a' argument must be a tile, got {}", a->repr));
    std::vector<TypeRef> dtypes{a->elem};
    for (size_t i = 1; i < operands.size(); ++i) {
        TypeRef t = types::strip_reference(operands[i]->type);
        const std::string which = operands.size() > 2 ? fmt::format(" for arguments 0 and {}", i) : "";
        if (t->is_tile()) {
            if (t->tile_shape.size() != a->tile_shape.size())
                fail_at(
                    where,
                    fmt::format("tile_map() shapes must have the same number of dimensions, got {} and {}{}",
                                a->tile_shape.size(), t->tile_shape.size(), which));
            for (size_t d = 0; d < a->tile_shape.size(); ++d)
                if (t->tile_shape[d] != a->tile_shape[d])
                    fail_at(where,
                            fmt::format("tile_map() shapes do not match on dimension {}, got {} and {}{}", d,
                                        shape_tuple(a->tile_shape), shape_tuple(t->tile_shape), which));
            dtypes.push_back(t->elem);
        } else if (element_type_supported(t)) {
            dtypes.push_back(t);
        } else {
            fail_at(where,
                    fmt::format("tile_map() argument {} must be a tile, scalar, vector, matrix, or Warp "
                                "struct, got {}",
                                i, t->repr));
        }
    }
    TileOp op = tile_map_op(args[0].value, dtypes, where);
    if (!element_type_supported(op.result))
        fail_at(where,
                fmt::format("Operator returns unsupported type {} for a tile element", op.result->repr));
    Var* out = add_var(types::tile(op.result, a->tile_shape, false));
    emit_tile_functional_call(std::string(ov.native_func), op, operands, {},
                              ov.is_differentiable && op.differentiable, out);
    return Value(out);
}

// The forward and adjoint statements of a builtin call whose first argument is a function.
void Adjoint::emit_tile_functional_call(const std::string& native, const TileOp& op,
                                        const std::vector<Var*>& args, const std::vector<Var*>& extra,
                                        bool differentiable, Var* out) {
    std::vector<Var*> loaded;
    for (Var* v : args) loaded.push_back(load(v));
    std::string vars = op.name, adjs = op.adj_name;
    for (Var* v : loaded) vars += ", " + v->emit();
    for (Var* v : extra) vars += ", " + v->emit();
    for (Var* v : args) adjs += ", " + v->emit_adj();
    for (Var* v : extra) adjs += ", " + v->emit_adj();
    std::string forward = fmt::format("var_{} = wp::{}({});", out->label, native, vars);
    add_forward(forward, forward);
    if (differentiable)
        add_reverse(fmt::format("wp::adj_{}({}, {}, {});", native, vars, adjs, out->emit_adj()));
}

// The function tile_reduce passes on: the function itself, not an overload (Warp's
// arg_values["op"]): a builtin by its native name, a user function with one concrete overload.
Adjoint::TileOp Adjoint::tile_reduce_op(const Value& op, const Pos& where) {
    TileOp out;
    if (op.object->kind == Object::Kind::Builtin) {
        const builtins::Builtin* b = builtins::find(op.object->name);
        if (!b || b->python_defined || b->overloads.empty())
            fail_at(where,
                    fmt::format("tile_reduce() with wp.{} is not supported by warpsynth", op.object->name));
        out.name = fmt::format("{}{}", b->overloads[0]->ns, b->native_func);
        out.builtin = std::string(b->native_func);
        return out;
    }
    FunctionGroup& group = *op.object->function;
    if (group.overloads.size() != 1 || !group.templates.empty())
        fail_at(where,
                fmt::format("tile_reduce() with '{}', a generic or overloaded function, is not supported "
                            "by warpsynth",
                            group.key));
    UserFunction* f = group.overloads[0].get();
    build_callable(f, where);
    if (det) det->refuse_indirect_call(f->adj ? f->adj->det.get() : nullptr, where);
    out.name = f->native_name;
    return out;
}

// Warp's identity of a reduction along an axis, for the lanes of a partial CPU block: the
// operation's neutral element for add, mul, min and max of the tile's dtype, else 0 (invalid).
std::optional<Constant> Adjoint::reduce_identity(const TileOp& op, TypeRef dtype, bool& valid) {
    const std::string& n = op.builtin;
    valid = n == "add" || n == "mul" || n == "min" || n == "max";
    const Scalar s = dtype->scalar;
    if (s == Scalar::Bool) return std::nullopt; // not modelled (no identity for min and max)
    if (n == "mul") return Constant::warp_scalar(s, Constant::py_int(1));
    if (n != "min" && n != "max") return Constant::warp_scalar(s, Constant::py_int(0));
    const bool lowest = n == "max";
    if (is_float(s)) // Warp's float_types
        return Constant::warp_scalar(s, Constant::py_float(lowest ? -INFINITY : INFINITY));
    if (!is_int(s)) return std::nullopt; // no identity: Warp fails (KeyError)
    const int bits = scalar_bits(s);
    if (!is_signed_int(s)) // 0 or all bits set
        return Constant::warp_scalar(
            s, Constant::py_int(lowest ? PyInt(0) : PyInt::from_u64(~0ull >> (64 - bits))));
    const uint64_t half = 1ull << (bits - 1); // -2^(bits-1) or 2^(bits-1) - 1
    return Constant::warp_scalar(
        s, Constant::py_int(lowest ? -PyInt::from_u64(half) : PyInt::from_u64(half - 1)));
}

// tile_reduce(op, a) to a one-element tile; tile_reduce(op, a, axis) along an axis (a moves to
// shared memory). Neither has an adjoint.
Value Adjoint::emit_tile_reduce(const builtins::Overload& ov, std::span<const CallArgument> args,
                                std::span<const CallArgument> kwargs, const Pos& where) {
    const bool along_axis = ov.native_func == "tile_reduce_axis";
    std::vector<const Value*> values;
    for (const CallArgument& a : args) values.push_back(&a.value);
    for (const CallArgument& k : kwargs) {
        const size_t slot = k.keyword == "op" ? 0 : k.keyword == "a" ? 1 : k.keyword == "axis" ? 2 : 3;
        if (slot != values.size())
            fail_at(where, "tile_reduce() is supported by warpsynth with its arguments in order");
        values.push_back(&k.value);
    }
    if (values.size() != (along_axis ? 3u : 2u) || !is_function_value(*values[0]) || !values[1]->is_var())
        fail_at(where, "tile_reduce() takes a function and a tile");
    Var* tile = values[1]->var;
    TypeRef a = types::strip_reference(tile->type);
    if (a->elem->scoped) fail_at(where, "tile_reduce() of a tile of structs is not supported by warpsynth");
    TileOp op = tile_reduce_op(*values[0], where);
    if (!along_axis) {
        Var* out = add_var(types::tile(a->elem, {1}, false));
        emit_tile_functional_call("tile_reduce", op, {tile}, {}, false, out);
        return Value(out);
    }
    Var* axis = values[2]->is_var() ? values[2]->var : nullptr;
    std::optional<int64_t> k = axis && axis->constant && axis->constant->kind == Constant::Kind::PyInt
                                   ? axis->constant->as_int64()
                                   : std::nullopt;
    if (!k) fail_at(where, "tile_reduce() needs the axis as an int literal or constant");
    const int ndim = static_cast<int>(a->tile_shape.size());
    move_tile_to_shared(tile, where);
    if (*k < 0 || *k >= ndim)
        fail_at(where,
                fmt::format("tile_reduce() axis {} is out of bounds for tile with {} dimensions", *k, ndim));
    std::vector<int> shape;
    for (int d = 0; d < ndim; ++d)
        if (d != *k) shape.push_back(a->tile_shape[d]);
    if (shape.empty()) shape = {1};
    Var* out = add_var(types::tile(a->elem, shape, false));
    bool valid = false;
    std::optional<Constant> identity = reduce_identity(op, a->elem, valid);
    if (!identity)
        fail_at(where, fmt::format("tile_reduce() along an axis has no identity for {}", a->elem->repr));
    Var* identity_var = add_var(a->elem, &*identity);
    const Constant valid_value = Constant::warp_scalar(Scalar::Bool, Constant::py_bool(valid));
    Var* valid_var = add_var(types::boolean(), &valid_value);
    emit_tile_functional_call("tile_reduce_axis", op, {tile}, {axis, identity_var, valid_var}, false, out);
    return Value(out);
}

} // namespace ws
