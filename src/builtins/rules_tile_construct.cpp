// Warp's tile constructors beyond the filled ones: tile_arange (a range counted at the output
// element type), tile_randi / tile_randf, tile_from_thread, and the results of the tiled
// geometry queries (one index per thread of the block).
//
// tile_arange sizes its tile from the range it is given, so its count must be Warp's to the
// last rounding: the bounds are read at the output type (ints exactly, float32 rounded once),
// and float16 / bfloat16 ranges, whose rounding goes through Warp's native library, are refused.
#include "builtins/rules_tile.h"

#include <array>
#include <cmath>
#include <cstdint>
#include <fmt/format.h>
#include <limits>
#include <variant>

namespace ws::builtins::detail {

namespace tile_construct_rules {
namespace {

// Warp's check of the storage argument: a literal "register" or "shared".
std::optional<ResultOrError> storage_error(const RuleCall& call, std::optional<std::string>& storage) {
    storage = storage_of(call);
    if (!storage) return unsupported("tile storage must be a string literal for warpsynth");
    if (*storage == "register" || *storage == "shared") return std::nullopt;
    for (char c : *storage) // Python's repr of plain text is the text in single quotes
        if (c < 0x20 || c > 0x7e || c == '\'' || c == '\\')
            return unsupported("this tile storage value is not supported by warpsynth");
    return fail(fmt::format("Invalid value for 'storage': '{}'. Expected 'shared' or 'register'.", *storage));
}

// A range bound as tile_arange reads it at the output type: an exact int for an integer
// dtype, the double holding the float32 or float64 value otherwise.
struct Bound {
    bool is_int = true;
    PyInt i;
    double f = 0.0;
    std::string text() const { return is_int ? i.str() : python_float_repr(f); }
};

// The Python value of a range argument (a Warp scalar constant reads as its raw value).
std::optional<Bound> python_bound(const Constant& c) {
    Constant::Kind k = c.value_kind();
    if (c.kind == Constant::Kind::Composite || c.kind == Constant::Kind::PyStr || k == Constant::Kind::PyBool)
        return std::nullopt;
    Bound b;
    b.is_int = k == Constant::Kind::PyInt;
    if (b.is_int)
        b.i = c.i;
    else
        b.f = c.f;
    return b;
}

// The double a float32 holds for `v`, as ctypes.c_float(v).value rounds it (to nearest even,
// past the largest float to infinity).
double to_float32(double v) {
    constexpr double kMax = std::numeric_limits<float>::max();
    constexpr double kHalfUlp = 0x1p103; // half the spacing of floats at the largest exponent
    if (std::isfinite(v) && std::fabs(v) > kMax) {
        double sign = v < 0 ? -1.0 : 1.0;
        return std::fabs(v) < kMax + kHalfUlp ? sign * kMax : sign * HUGE_VAL;
    }
    return static_cast<double>(static_cast<float>(v));
}

// Warp's _tile_arange_range_value: the bound `b` (named `name`) read at `dtype`.
std::variant<Bound, ResultOrError> range_value(std::string_view name, const Bound& b, TypeRef dtype) {
    const std::string written = b.text();
    auto out_of_range = [&] {
        return fail(fmt::format("tile_arange() {}={} is out of range for the output type {}", name, written,
                                type_repr(dtype)));
    };
    Bound out;
    if (is_int(dtype->scalar)) {
        PyInt v = b.i;
        if (!b.is_int) {
            if (!std::isfinite(b.f) || b.f != std::trunc(b.f))
                return fail(fmt::format("tile_arange() {}={} has a fractional part, which the integer output "
                                        "type {} cannot represent",
                                        name, written, type_repr(dtype)));
            v = PyInt::from_double(b.f);
        }
        if (ctypes_int(dtype->scalar, v) != v) return out_of_range();
        out.i = v;
        return out;
    }
    out.is_int = false;
    const bool f32 = dtype->scalar == Scalar::Float32;
    if (b.is_int) { // rounded once, from the 64-bit integer numpy holds it in
        std::optional<int64_t> s = b.i.to_int64();
        const bool fits = b.i.sign() < 0 ? s.has_value() : b.i.bit_length() <= 64;
        if (!fits)
            return fail(
                fmt::format("tile_arange() {}={} is too wide to use as an integer bound; write it as a "
                            "floating-point literal to build a {} range",
                            name, written, type_repr(dtype)));
        if (b.i.sign() < 0)
            out.f = f32 ? static_cast<double>(static_cast<float>(*s)) : static_cast<double>(*s);
        else
            out.f = f32 ? static_cast<double>(static_cast<float>(b.i.low_u64()))
                        : static_cast<double>(b.i.low_u64());
        return out;
    }
    out.f = f32 ? to_float32(b.f) : b.f;
    if (std::isfinite(b.f) && !std::isfinite(out.f)) return out_of_range();
    return out;
}

// The element count of a checked, non-empty range (ceil of span / step at the output type).
std::variant<PyInt, ResultOrError> arange_count(const Bound& start, const Bound& stop, const Bound& step,
                                                TypeRef dtype) {
    if (start.is_int) return -PyInt::floor_div(stop.i - start.i, -step.i);
    double q = (stop.f - start.f) / step.f;
    if (dtype->scalar == Scalar::Float32) q = to_float32(q);
    if (!std::isfinite(q))
        return fail(fmt::format("tile_arange() start={}, stop={}, step={} spans more elements than can be "
                                "counted; the step is too small for the range.",
                                start.text(), stop.text(), step.text()));
    return PyInt::from_double(std::ceil(q));
}

// The output dtype: `dtype` as given (Python's float, int, bool mapped to Warp's), else float32.
TypeRef arange_dtype(const RuleCall& call) {
    if (!call.has("dtype")) return scalar_t(Scalar::Float32);
    return call.type_value("dtype");
}

ResultOrError arange(const RuleCall& call, std::string_view) {
    std::vector<int> args = call.all("args");
    if (args.empty())
        return fail("tile_arange() requires at least one positional argument specifying the range");
    if (args.size() > 3)
        return fail(fmt::format("tile_arange() accepts at most 3 positional arguments, got {}", args.size()));
    std::array<Bound, 3> given{Bound{}, Bound{}, Bound{}}; // start 0, stop 0, step 1
    given[2].i = 1;
    const char* names[] = {"start", "stop", "step"};
    const size_t first = args.size() == 1 ? 1 : 0;
    for (size_t k = 0; k < args.size(); ++k) {
        const Constant* c = call.constant(args[k]);
        if (!c)
            return fail(fmt::format("tile_arange() arguments must be compile time constants, but {} is not",
                                    names[first + k]));
        std::optional<Bound> b = python_bound(*c);
        if (!b) return unsupported("tile_arange() of a bool bound is not supported by warpsynth");
        given[first + k] = *b;
    }
    TypeRef dtype = arange_dtype(call);
    if (!dtype) return unsupported("tile_arange() needs dtype given as a type");
    if (!dtype->is_scalar() || dtype->is_bool())
        return fail(
            fmt::format("tile_arange() requires a numeric scalar dtype, but got {}", type_repr(dtype)));
    std::optional<std::string> storage;
    if (auto e = storage_error(call, storage)) return *e;
    if (dtype->scalar == Scalar::Float16 || dtype->scalar == Scalar::BFloat16)
        return unsupported("tile_arange() of float16 or bfloat16 is not supported by warpsynth");
    std::array<Bound, 3> b;
    for (size_t k = 0; k < 3; ++k) {
        auto r = range_value(names[k], given[k], dtype);
        if (auto* e = std::get_if<ResultOrError>(&r)) return *e;
        b[k] = std::get<Bound>(r);
    }
    if (b[2].is_int ? b[2].i.is_zero() : b[2].f == 0.0) return fail("tile_arange() step cannot be zero");
    const bool empty = b[0].is_int ? (b[2].i.sign() > 0 ? b[0].i >= b[1].i : b[0].i <= b[1].i)
                                   : ((b[2].f > 0 && b[0].f >= b[1].f) || (b[2].f < 0 && b[0].f <= b[1].f));
    if (empty)
        return fail(fmt::format("tile_arange() requires a non-empty range, but start={}, stop={}, step={} "
                                "produces no elements; zero-length tile dimensions are not supported.",
                                b[0].text(), b[1].text(), b[2].text()));
    auto count = arange_count(b[0], b[1], b[2], dtype);
    if (auto* e = std::get_if<ResultOrError>(&count)) return *e;
    PyInt n = std::max(std::get<PyInt>(count), PyInt(1));
    if (n > PyInt(INT32_MAX))
        return unsupported("tile_arange() of more than 2^31-1 elements is not supported");
    return value(types::tile(dtype, {static_cast<int>(*n.to_int64())}, *storage == "shared"));
}

// tile_arange<dtype, n>(start, stop, step): the bounds cast to the dtype; a missing start or
// step is a fresh constant of the dtype holding Python's 0 or 1.
Dispatch arange_dispatch(const RuleCall& call, const CallResult& result) {
    TypeRef t = result.types.at(0);
    const Scalar s = t->elem->scalar;
    auto fresh = [&](int v) {
        Constant c = Constant::py_int(v);
        c.type = t->elem;
        return DispatchArg{-1, c};
    };
    std::vector<int> args = call.all("args");
    Dispatch d;
    if (args.size() == 1) d.args.push_back(fresh(0));
    for (int i : args) d.args.push_back(cast_scalar_constant(call, i, s));
    if (args.size() < 3) d.args.push_back(fresh(1));
    d.template_args = {template_arg(t->elem), std::to_string(types::tile_size(t))};
    return d;
}

// tile_randi / tile_randf(shape, rng, [min, max,] storage): a tile of int32 or float32.
ResultOrError random_tile(const RuleCall& call, std::string_view, Scalar dtype) {
    std::optional<std::vector<int>> shape = tile_shape(call);
    if (!shape) return unsupported("random tiles need a shape of positive int literals or constants");
    std::optional<std::string> storage;
    if (auto e = storage_error(call, storage)) return *e;
    return value(types::tile(scalar_t(dtype), *shape, *storage == "shared"));
}

ResultOrError randi(const RuleCall& call, std::string_view arg) {
    return random_tile(call, arg, Scalar::Int32);
}
ResultOrError randf(const RuleCall& call, std::string_view arg) {
    return random_tile(call, arg, Scalar::Float32);
}

// The min and max of a bounded random tile as Warp's dispatch reads them: Python ints for
// randi, Python floats for randf (passed on rounded to float32); an error otherwise.
std::optional<std::string> random_bounds(const RuleCall& call, bool ints, std::vector<Constant>& out) {
    const Constant* lo = call.constant(call.find("min"));
    const Constant* hi = call.constant(call.find("max"));
    for (const Constant* c : {lo, hi})
        if (c && c->kind == Constant::Kind::PyBool) return "";
    auto is = [&](const Constant* c) {
        return c && (ints ? c->kind == Constant::Kind::PyInt : c->kind == Constant::Kind::PyFloat);
    };
    if (!is(lo) || !is(hi))
        return ints ? "'min' and 'max' must both be integers" : "'min' and 'max' must both be floats";
    if (ints) {
        const PyInt limit = PyInt(int64_t{1} << 31);
        for (const Constant* c : {lo, hi})
            if (c->i < -limit || c->i >= limit)
                return "tile_randi() min and max must be representable as int32";
        if (hi->i <= lo->i) return "tile_randi() max must be greater than min";
        out = {*lo, *hi};
        return std::nullopt;
    }
    double a = to_float32(lo->f), b = to_float32(hi->f);
    if (!(b > a)) return "tile_randf() max must be greater than min";
    out = {Constant::py_float(a), Constant::py_float(b)};
    return std::nullopt;
}

// tile_randi<shape...>(rng[, min, max]): the bounds become fresh constants.
Dispatch random_dispatch(const RuleCall& call, const CallResult& result) {
    Dispatch d;
    d.args.push_back(DispatchArg{call.find("rng"), std::nullopt});
    if (call.has("min")) {
        std::vector<Constant> bounds;
        if (auto e = random_bounds(call, result.types.at(0)->elem->is_int_scalar(), bounds)) {
            d.unsupported = e->empty(); // a bool bound: Python takes it for an int
            d.error = d.unsupported ? "random tile bounds given as bools are not supported" : *e;
            return d;
        }
        for (const Constant& c : bounds) d.args.push_back(DispatchArg{-1, c});
    }
    for (int e : result.types.at(0)->tile_shape) d.template_args.push_back(std::to_string(e));
    return d;
}

// tile_from_thread(shape, value, thread_idx, storage): one thread's value in every element.
ResultOrError from_thread(const RuleCall& call, std::string_view) {
    std::optional<std::vector<int>> shape = tile_shape(call);
    if (!shape) return unsupported("tile_from_thread() needs a shape of positive int literals or constants");
    std::optional<std::string> storage;
    if (auto e = storage_error(call, storage)) return *e;
    TypeRef dtype = call.type("value");
    if (!supported_dtype(dtype)) return unsupported("tile_from_thread() of this value type is not supported");
    return value(types::tile(dtype, *shape, *storage == "shared"));
}

Dispatch from_thread_dispatch(const RuleCall& call, const CallResult& result) {
    TypeRef t = result.types.at(0);
    Dispatch d;
    d.args = {DispatchArg{call.find("value"), std::nullopt},
              DispatchArg{call.find("thread_idx"), std::nullopt}};
    d.template_args = {template_arg(t->elem)};
    for (int e : t->tile_shape) d.template_args.push_back(std::to_string(e));
    return d;
}

// tile_bvh_query_next / tile_mesh_query_aabb_next: one result index per thread.
ResultOrError query_next(const RuleCall&, std::string_view) {
    return value(types::tile(scalar_t(Scalar::Int32), {block_dim()}, false));
}

// The deprecated *_tiled aliases warn and defer to the function they name: a query object,
// or a query's next results.
ResultOrError deprecated_alias(const RuleCall& call, std::string_view arg) {
    if (arg.find("next_tiled;") != std::string_view::npos) return query_next(call, arg);
    if (arg.starts_with("deprecated=bvh_")) return value(types::opaque("BvhQueryTiled"));
    return value(types::opaque("MeshQueryAABBTiled"));
}

Dispatch query_next_dispatch(const RuleCall& call, const CallResult&) {
    Dispatch d;
    d.args.push_back(DispatchArg{call.find("query"), std::nullopt});
    return d;
}

constexpr ValueRule kValueRules[] = {
    {"tile_arange_value_func", arange},
    {"tile_randi_value_func", randi},
    {"tile_randf_value_func", randf},
    {"tile_from_thread_value_func", from_thread},
    {"bvh_query_next_tiled_value_func", query_next},
    {"mesh_query_aabb_next_tiled_value_func", query_next},
    {"_deprecated_tiled_alias_value_func", deprecated_alias},
};

constexpr DispatchRule kDispatchRules[] = {
    {"tile_arange_dispatch_func", arange_dispatch},
    {"tile_randi_dispatch_func", random_dispatch},
    {"tile_randf_dispatch_func", random_dispatch},
    {"tile_from_thread_dispatch_func", from_thread_dispatch},
    {"bvh_query_next_tiled_dispatch_func", query_next_dispatch},
    {"mesh_query_aabb_next_tiled_dispatch_func", query_next_dispatch},
};

} // namespace
} // namespace tile_construct_rules

std::span<const ValueRule> tile_construct_value_rules() {
    return tile_construct_rules::kValueRules;
}
std::span<const DispatchRule> tile_construct_dispatch_rules() {
    return tile_construct_rules::kDispatchRules;
}

} // namespace ws::builtins::detail
