// Python's operators on the probe's values, as Warp defines them: element-wise
// on vectors, matrix products, quaternion products, C integer division and
// remainder, float32 arithmetic in float32.
#pragma once

#include "syntax/ast.h"
#include "synth/probe/value.h"

namespace ws::synth::probe {

Value binop(ast::BinOpKind op, const Value& a, const Value& b);
Value unop(ast::UnaryOpKind op, const Value& a);
bool compare(ast::CmpOpKind op, const Value& a, const Value& b);
bool truth(const Value& v);

// A constructor call `T(x)` with one argument: a scalar cast or a vector filled with x.
Value convert(const Type& to, const Value& from);
// Whether convert(to, from) returns `from` as it is: a float32 or float64 scalar of the type
// already (made by make_scalar(), so rounded to it). A caller may then keep it in place.
inline bool converts_to_itself(const Type& to, const Value& from) {
    return from.t == to && to.kind == Kind::Scalar && (to.sc == Sc::F32 || to.sc == Sc::F64) && !from.is_type;
}
// `T(a, b, ...)` from scalars or from vectors laid end to end (matrices from rows).
Value construct(const Type& to, Args args);

// map_float() of a composite or a float scalar. Its one returned variable is made in the caller's
// result (a function returning other values too would copy it there, all sixteen components).
template <class F>
Value map_components(const Value& v, F f) {
    Value r = Value::like(v);
    // The size and type read once: a store to `r.c` may alias them for the compiler.
    const int n = v.t.size();
    const Sc s = v.t.sc;
    for (int k = 0; k < n; ++k) r.c[size_t(k)] = fit(s, f(v.c[size_t(k)]));
    return r;
}

// Applies `f` to every float component of `v` (the result keeps v's type).
template <class F>
Value map_float(const Value& v, F f) {
    if (v.t.kind == Kind::Scalar && !is_float(v.t.sc)) return make_scalar(v.t.sc, f(double(v.i)));
    return map_components(v, f);
}

// zip_float() of values not both scalars (one returned variable: see map_components()).
template <class F>
Value zip_components(const Value& a, const Value& b, F f) {
    const Value& shape = a.t.kind == Kind::Scalar ? b : a;
    Value r = Value::like(shape);
    // As comp(a, k) and comp(b, k) for every k, with the shapes checked once: a scalar is read
    // once, a composite shorter than `shape` fails as comp() would (the components before it
    // have no effect but on `r`, which is then dropped).
    const int n = shape.t.size();
    const Sc s = shape.t.sc;
    const bool as = a.t.kind == Kind::Scalar, bs = b.t.kind == Kind::Scalar;
    if ((!as && a.t.size() < n) || (!bs && b.t.size() < n)) throw_unsupported("a component out of range");
    const double x = as ? a.num() : 0.0, y = bs ? b.num() : 0.0;
    for (int k = 0; k < n; ++k) r.c[size_t(k)] = fit(s, f(as ? x : a.c[size_t(k)], bs ? y : b.c[size_t(k)]));
    return r;
}

// Applies `f` component by component to two values of one type, or to a composite and a scalar.
template <class F>
Value zip_float(const Value& a, const Value& b, F f) {
    if (a.t.kind == Kind::Scalar && b.t.kind == Kind::Scalar) {
        const Sc s = is_float(a.t.sc) || !is_float(b.t.sc) ? a.t.sc : b.t.sc;
        return make_scalar(s, f(a.num(), b.num()));
    }
    return zip_components(a, b, f);
}

} // namespace ws::synth::probe
