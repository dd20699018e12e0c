// Glue-side helpers, compiled at run time into every CPU batch unit after
// warpsynth's preamble (so Warp's native headers are already included). The
// per-record glue that warpsynth generates (see glue.cpp) calls these
// templates to describe each kernel argument to the runner in plain C terms
// (ws_arg_desc) and to build the kernel's argument structs from the runner's
// buffers. Everything Warp-type-specific is resolved here, at compile time.
//
// The preamble defines function-like macros named `float` and `int` (for
// Python's casts), so this file never writes `int(x)`: only static_cast.
//
// Not a header of the warpsynth build: it is embedded into ws_verify as text
// and written into the batch's work directory. It only names Warp's interface
// (wp::array_t and its constructors, wp::vec_t, wp::launch_bounds_t, ...).
#pragma once

#include "ws_abi.h"

namespace ws_harness {

inline bool push(ws_arg_desc& d, int offset, int scalar) {
    if (d.ncomp >= WS_MAX_COMPS) return false;
    d.comps[d.ncomp].offset = offset;
    d.comps[d.ncomp].scalar = scalar;
    ++d.ncomp;
    return true;
}

// layout<T>::add appends the scalar components of one T at byte offset
// `base`. The primary template covers types the runner cannot fill
// (pointers, arrays nested in structs, Warp runtime handles): it fails, and
// the record's execution is reported as skipped instead of guessed at.
template <class T>
struct layout {
    static bool add(ws_arg_desc&, int) { return false; }
};

template <int S>
struct scalar_layout {
    static bool add(ws_arg_desc& d, int base) { return push(d, base, S); }
};
template <>
struct layout<wp::half> : scalar_layout<WS_F16> {};
template <>
struct layout<wp::bfloat16> : scalar_layout<WS_BF16> {};
template <>
struct layout<float> : scalar_layout<WS_F32> {};
template <>
struct layout<double> : scalar_layout<WS_F64> {};
template <>
struct layout<signed char> : scalar_layout<WS_I8> {};
template <>
struct layout<unsigned char> : scalar_layout<WS_U8> {};
template <>
struct layout<short> : scalar_layout<WS_I16> {};
template <>
struct layout<unsigned short> : scalar_layout<WS_U16> {};
template <>
struct layout<int> : scalar_layout<WS_I32> {};
template <>
struct layout<unsigned int> : scalar_layout<WS_U32> {};
template <>
struct layout<long> : scalar_layout<WS_I64> {};
template <>
struct layout<unsigned long> : scalar_layout<WS_U64> {};
template <>
struct layout<long long> : scalar_layout<WS_I64> {};
template <>
struct layout<unsigned long long> : scalar_layout<WS_U64> {};
template <>
struct layout<bool> : scalar_layout<WS_BOOL> {};

// Vectors, matrices, quaternions and transforms are dense arrays of their
// scalar type (no padding), so they are described component by component.
template <class C, class T>
struct dense_layout {
    static bool add(ws_arg_desc& d, int base) {
        static_assert(sizeof(C) % sizeof(T) == 0, "composite type is not a dense array of its scalars");
        for (unsigned i = 0; i < sizeof(C) / sizeof(T); ++i)
            if (!layout<T>::add(d, base + static_cast<int>(i * sizeof(T)))) return false;
        return true;
    }
};
template <unsigned N, class T>
struct layout<wp::vec_t<N, T>> : dense_layout<wp::vec_t<N, T>, T> {};
template <unsigned R, unsigned C, class T>
struct layout<wp::mat_t<R, C, T>> : dense_layout<wp::mat_t<R, C, T>, T> {};
template <class T>
struct layout<wp::quat_t<T>> : dense_layout<wp::quat_t<T>, T> {};
template <class T>
struct layout<wp::transform_t<T>> : dense_layout<wp::transform_t<T>, T> {};

template <class T>
struct arg {
    static bool describe(ws_arg_desc& d) {
        d.kind = WS_VALUE;
        d.elem_size = static_cast<int>(sizeof(T));
        d.ncomp = 0;
        if (!layout<T>::add(d, 0)) d.kind = WS_UNSUPPORTED;
        return d.kind != WS_UNSUPPORTED;
    }
    // Values: the primal is copied from the runner's bytes; the adjoint
    // starts at zero (Warp never returns adjoints of by-value parameters).
    static void bind(T& field, const ws_call* c, int i, int which, const ws_arg_spec&) {
        const void* src = which ? c->adj[i] : c->data[i];
        if (src) memcpy(&field, src, sizeof(T));
    }
};

template <class T>
struct arg<wp::array_t<T>> {
    static bool describe(ws_arg_desc& d) {
        d.kind = WS_ARRAY;
        d.elem_size = static_cast<int>(sizeof(T));
        d.ncomp = 0;
        if (!layout<T>::add(d, 0)) d.kind = WS_UNSUPPORTED;
        return d.kind != WS_UNSUPPORTED;
    }
    // Arrays: contiguous, built with array_t's own shape constructors. The
    // primal carries the adjoint buffer as its `grad`, as an array created
    // with requires_grad=True does in Warp.
    static void bind(wp::array_t<T>& field, const ws_call* c, int i, int which, const ws_arg_spec& s) {
        T* p = static_cast<T*>(which ? c->adj[i] : c->data[i]);
        T* g = which ? nullptr : static_cast<T*>(c->adj[i]);
        switch (s.ndim) {
        case 1: field = wp::array_t<T>(p, static_cast<int>(s.shape[0]), g); break;
        case 2:
            field = wp::array_t<T>(p, static_cast<int>(s.shape[0]), static_cast<int>(s.shape[1]), g);
            break;
        case 3:
            field = wp::array_t<T>(p, static_cast<int>(s.shape[0]), static_cast<int>(s.shape[1]),
                                   static_cast<int>(s.shape[2]), g);
            break;
        default:
            field = wp::array_t<T>(p, static_cast<int>(s.shape[0]), static_cast<int>(s.shape[1]),
                                   static_cast<int>(s.shape[2]), static_cast<int>(s.shape[3]), g);
        }
    }
};

template <class T>
bool describe(ws_arg_desc& d) {
    return arg<T>::describe(d);
}

template <class T>
void bind(T& field, const ws_call* c, int i, int which, const ws_arg_spec& s) {
    arg<T>::bind(field, c, i, which, s);
}

// A struct field: its components at the field's offset; arrays inside
// structs are not supported (their buffers would need describing too).
template <class T>
bool field(ws_arg_desc& d, int base) {
    return layout<T>::add(d, base);
}

template <int N>
wp::launch_bounds_t<N> bounds(const ws_call* c) {
    wp::launch_bounds_t<N> b;
    size_t size = 1;
    for (int i = 0; i < N; ++i) {
        b.shape[i] = uint32_t(c->dim[i]);
        size *= size_t(c->dim[i]);
    }
    // Launch dimensions past the kernel's (a tiled launch's trailing block size) are
    // folded into coord_mult, as Warp's launch bounds do: those threads share coordinates.
    size_t mult = 1;
    for (int i = N; i < WS_MAX_DIMS; ++i) mult *= size_t(c->dim[i]);
    b.size = size * mult;
    b.coord_mult = mult;
    return b;
}

} // namespace ws_harness
