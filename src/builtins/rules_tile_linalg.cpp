// Warp's MathDx-backed tile builtins: tile_matmul, tile_fft / tile_ifft, tile_cholesky and the
// triangular and Cholesky solves, as Warp emits them without MathDx (the reference, which
// compiles without an output architecture, always takes that path): every call goes to the
// cooperative scalar implementation, with literal 0 placeholders where cuBLASDx / cuSolverDx /
// cuFFTDx function names would go.
//
// Their dispatch ("lto dispatch" in Warp) moves tile arguments to shared memory, passes the
// call's own output tile as an argument and, for the FFT, C++ text (the element type, the
// scratch size) that is no variable.
#include "builtins/block_dim.h"
#include "builtins/rules.h"

#include <fmt/format.h>

namespace ws::builtins::detail {

namespace tile_linalg_rules {
namespace {

Dispatch dispatch_error(std::string message) {
    Dispatch d;
    d.error = std::move(message);
    return d;
}

DispatchArg zero() {
    return DispatchArg{-1, Constant::py_int(0)};
}
DispatchArg arg(const RuleCall& call, std::string_view name) {
    return DispatchArg{call.find(name), std::nullopt};
}
DispatchArg output() {
    DispatchArg a;
    a.output = 0;
    return a;
}
DispatchArg text(std::string s) {
    DispatchArg a;
    a.text = std::move(s);
    return a;
}

// A str argument: its default ("str:" defaults carry no value in the registry) or a literal;
// null when it is not a constant string.
const std::string* str_arg(const RuleCall& call, std::string_view name, const std::string& fallback) {
    const int i = call.find(name);
    if (i < 0 || call.bound[i].is_default) return &fallback;
    const Constant* c = call.constant(i);
    return c && c->kind == Constant::Kind::PyStr ? &c->s : nullptr;
}

bool is_2d(TypeRef t) {
    return t->tile_shape.size() == 2;
}

// ---- tile_matmul(a, b, out, alpha, beta, precision) and out = tile_matmul(a, b, alpha, precision)

ResultOrError matmul_out(const RuleCall&, std::string_view) {
    return void_result();
}

// Python's IndexError where Warp reads a dimension a tile does not have.
constexpr const char* kIndexError = "tuple index out of range";

ResultOrError matmul(const RuleCall& call, std::string_view) {
    TypeRef a = call.type("a"), b = call.type("b");
    if (b->tile_shape.size() < 2) return fail(kIndexError);
    return value(types::tile(a->elem, {a->tile_shape[0], b->tile_shape[1]}, true));
}

// The hidden overloads for tiles of vec2 (complex) entries exist only to say this.
ResultOrError matmul_complex(const RuleCall&, std::string_view) {
    return fail("tile_matmul() does not support complex tiles (vec2h, vec2f, vec2d). Complex matrix "
                "multiplication is not implemented; use real float tiles (float16, bfloat16, float32, or "
                "float64).");
}

// The checks of Warp's dispatch, in its order; empty when the call is fine.
std::string matmul_error(const RuleCall& call, TypeRef out, bool& refuse) {
    TypeRef a = call.type("a"), b = call.type("b");
    static const std::string kDefault = "default";
    const std::string* precision = str_arg(call, "precision", kDefault);
    if (!precision) {
        refuse = true;
        return "tile_matmul() needs precision as a string literal";
    }
    if (*precision != "default" && *precision != "tf32")
        return fmt::format("tile_matmul() precision must be the string literal 'default' or 'tf32', got '{}'",
                           *precision);
    auto is = [](TypeRef t, Scalar s) { return t->elem->scalar == s; };
    if (*precision == "tf32" &&
        (!is(a, Scalar::Float32) || !is(b, Scalar::Float32) || !is(out, Scalar::Float32)))
        return "tile_matmul() precision='tf32' requires float32 tiles for a, b, and out";
    if (is(out, Scalar::BFloat16))
        return "tile_matmul() does not support a bfloat16 'out' tile. Allowed 'out' dtypes are float16, "
               "float32, and float64.";
    if (is(a, Scalar::BFloat16) || is(b, Scalar::BFloat16)) { // Warp's answer depends on enable_backward
        refuse = true;
        return "tile_matmul() of bfloat16 tiles is not supported";
    }
    // Warp's (a[1] != b[0]) or (a[0] != out[0]) or (b[1] != out[1]), left to right
    const std::vector<int>&sa = a->tile_shape, &sb = b->tile_shape, &so = out->tile_shape;
    const char* inconsistent =
        "tile_matmul(A, B, C) requires sizes of A, B and C to be consistent for a matmul";
    if (sa.size() < 2) return kIndexError;
    if (sa[1] != sb[0] || sa[0] != so[0]) return inconsistent;
    if (sb.size() < 2 || so.size() < 2) return kIndexError;
    if (sb[1] != so[1]) return inconsistent;
    if (sa.size() != 2 || sb.size() != 2 || so.size() != 2) {
        refuse = true;
        return "tile_matmul() of tiles that are not 2D is not supported";
    }
    return "";
}

// tile_matmul(0, 0, 0, a, b, out, alpha, beta): the scalar GEMM (beta 0.0 for a fresh output).
Dispatch matmul_dispatch(const RuleCall& call, const CallResult& result) {
    const bool fresh = !result.types.empty();
    TypeRef out = fresh ? result.types[0] : call.type("out");
    bool refuse = false;
    if (std::string e = matmul_error(call, out, refuse); !e.empty()) {
        Dispatch d = dispatch_error(std::move(e));
        d.unsupported = refuse;
        return d;
    }
    Dispatch d;
    d.args = {zero(),
              zero(),
              zero(),
              arg(call, "a"),
              arg(call, "b"),
              fresh ? output() : arg(call, "out"),
              arg(call, "alpha"),
              fresh ? DispatchArg{-1, Constant::py_float(0.0)} : arg(call, "beta")};
    d.shared_tile_args = {call.find("a"), call.find("b")};
    if (!fresh) d.shared_tile_args.push_back(call.find("out"));
    return d;
}

// ---- tile_fft(inout) / tile_ifft(inout): in place, along the last dimension

ResultOrError fft(const RuleCall& call, std::string_view rule_arg) {
    const std::string_view name = rule_arg.substr(rule_arg.find('=') + 1);
    TypeRef t = call.type("inout");
    if (t->tile_shared)
        return fail(fmt::format("{}() argument must have 'register' storage, got shared", name));
    const bool complex = t->elem->is_vector() && t->elem->length == 2 &&
                         (t->elem->scalar == Scalar::Float32 || t->elem->scalar == Scalar::Float64);
    if (!complex)
        return fail(fmt::format("{}() argument must be a tile of vec2f or vec2d (interpreted as complex) "
                                "entries, got {}",
                                name, class_str(t->elem)));
    if (t->tile_shape.size() < 2)
        return fail(fmt::format("{}() argument must be a tile with at least 2 dimensions, got {}D", name,
                                t->tile_shape.size()));
    return void_result();
}

// Warp's CPU FFT (the reference has no output architecture, so both devices take it). With
// block_dim > 1 the cooperative scalar path: a power-of-two size that block_dim divides. With
// block_dim 1 the sequential path: any power of two, other sizes (a direct DFT) up to 4096.
std::string fft_error(std::string_view name, int size) {
    const int threads = block_dim();
    const bool pow2 = size > 0 && (size & (size - 1)) == 0;
    if (threads == 1) {
        if (!pow2 && size > 4096)
            return fmt::format(
                "{}() on CPU with a non-power-of-two FFT size is limited to 4096 elements, got {}. "
                "Use a power-of-two size for larger transforms.",
                name, size);
        return "";
    }
    if (!pow2)
        return fmt::format("{}() on CPU with block_dim={} (>1) requires a power-of-two FFT size, got {}. Use "
                           "block_dim=1 for arbitrary sizes up to 4096.",
                           name, threads, size);
    if (size % threads != 0)
        return fmt::format("{}() on CPU requires fft_size to be divisible by block_dim (got fft_size={}, "
                           "block_dim={}).",
                           name, size, threads);
    return "";
}

// tile_fft(/* scalar */ 0, /* scalar */ 0, dtype, scratch bytes, batch, elements per thread, inout)
Dispatch fft_dispatch(const RuleCall& call, const CallResult&) {
    TypeRef t = call.type("inout");
    const int size = t->tile_shape.back();
    if (std::string e = fft_error(call.ov.key, size); !e.empty()) return dispatch_error(std::move(e));
    int64_t batch = 1;
    for (size_t i = 0; i + 1 < t->tile_shape.size(); ++i) batch *= t->tile_shape[i];
    const bool f32 = t->elem->scalar == Scalar::Float32;
    // The sequential path (block_dim 1) needs no shared scratch.
    const int bytes = block_dim() == 1 ? 0 : size * 2 * (f32 ? 4 : 8);
    Dispatch d;
    d.args = {
        text("/* scalar */ 0"),      text("/* scalar */ 0"),      text(f32 ? "wp::vec2f" : "wp::vec2d"),
        text(std::to_string(bytes)), text(std::to_string(batch)), text(std::to_string(size / block_dim())),
        arg(call, "inout")};
    return d;
}

// ---- tile_cholesky(A, fill_mode) and tile_cholesky_inplace(A, fill_mode)

ResultOrError cholesky_check(const RuleCall& call) {
    TypeRef a = call.type("A");
    if (!is_2d(a)) return fail("tile_cholesky() argument must be a 2D tile");
    if (a->tile_shape[0] != a->tile_shape[1]) return fail("tile_cholesky() argument must be square");
    return void_result();
}

ResultOrError cholesky(const RuleCall& call, std::string_view) {
    ResultOrError r = cholesky_check(call);
    if (!r.result) return r;
    TypeRef a = call.type("A");
    return value(types::tile(a->elem, a->tile_shape, true, a->tile_strides));
}

ResultOrError cholesky_inplace(const RuleCall& call, std::string_view) {
    return cholesky_check(call);
}

// tile_diag_add(a, d): a square tile plus a 1-D tile on its diagonal, in shared memory.
ResultOrError diag_add(const RuleCall& call, std::string_view) {
    TypeRef a = call.type("a");
    TypeRef d = call.type("d");
    if (!types_equal(a->elem, d->elem))
        return fail(fmt::format("tile_diag_add() arguments must have the same dtype, got {} and {}",
                                class_str(a->elem), class_str(d->elem)));
    if (a->tile_shape.size() != 2) return fail("tile_diag_add() argument 'a' must be a 2D tile");
    if (d->tile_shape.size() != 1) return fail("tile_diag_add() argument 'd' must be a 1D tile");
    if (a->tile_shape[0] != a->tile_shape[1]) return fail("tile_diag_add() 'a' argument must be square");
    if (a->tile_shape[0] != d->tile_shape[0])
        return fail(fmt::format("tile_diag_add() 'd' argument must have the same number of elements as the "
                                "number of rows in 'a', got {} elements in 'd' and {} rows in 'a'",
                                d->tile_shape[0], a->tile_shape[0]));
    return value(types::tile(a->elem, a->tile_shape, true, a->tile_strides, true, a->tile_colmajor));
}

// tile_diag_add(a, d, out): both operands move to shared memory.
Dispatch diag_add_dispatch(const RuleCall& call, const CallResult&) {
    Dispatch d;
    d.args = {arg(call, "a"), arg(call, "d"), output()};
    d.shared_tile_args = {call.find("a"), call.find("d")};
    return d;
}

// Warp's _tile_cholesky_extract_fill_mode: "lower" (the default) or "upper", a constant.
std::optional<std::string> fill_mode(const RuleCall& call, std::string_view name, std::string& error) {
    static const std::string kLower = "lower";
    const std::string* mode = str_arg(call, "fill_mode", kLower);
    if (!mode) {
        error = fmt::format("{}() fill_mode must be a compile-time constant", name);
        return std::nullopt;
    }
    if (*mode != "lower" && *mode != "upper") {
        error = fmt::format("{}() fill_mode must be \"lower\" or \"upper\"", name);
        return std::nullopt;
    }
    return *mode;
}

bool solver_dtype(TypeRef tile) {
    return tile->elem->is_scalar() &&
           (tile->elem->scalar == Scalar::Float32 || tile->elem->scalar == Scalar::Float64);
}

// tile_cholesky<upper>(0, 0, 0, A, out) / tile_cholesky_inplace<upper>(0, A)
Dispatch cholesky_dispatch(const RuleCall& call, const CallResult& result) {
    std::string error;
    std::optional<std::string> mode = fill_mode(call, "tile_cholesky", error);
    if (!mode) return dispatch_error(error);
    if (!solver_dtype(call.type("A")))
        return dispatch_error("tile_cholesky() argument must be a tile of float32 or float64 entries");
    Dispatch d;
    if (result.types.empty())
        d.args = {zero(), arg(call, "A")};
    else
        d.args = {zero(), zero(), zero(), arg(call, "A"), output()};
    d.template_args = {*mode == "upper" ? "true" : "false"};
    d.shared_tile_args = {call.find("A")};
    return d;
}

// ---- the solves: tile_cholesky_solve(L, y, fill_mode), tile_lower_solve(L, y),
// tile_upper_solve(U, z) and their in-place forms

struct SolveNames {
    std::string_view func, matrix, rhs, matrix_letter;
};

SolveNames solve_names(std::string_view key) {
    if (key.starts_with("tile_upper_solve")) return {"tile_upper_solve", "U", "z", "U"};
    if (key.starts_with("tile_lower_solve")) return {"tile_lower_solve", "L", "y", "L"};
    return {"tile_cholesky_solve", "L", "y", "L"};
}

ResultOrError solve(const RuleCall& call, std::string_view rule_arg) {
    const SolveNames n = solve_names(call.ov.key);
    TypeRef m = call.type(n.matrix), r = call.type(n.rhs);
    if (!types_equal(m->elem, r->elem))
        return fail(fmt::format("{}() arguments must have the same dtype, got {} and {}", n.func,
                                class_str(m->elem), class_str(r->elem)));
    if (m->tile_shape.size() < 2) return fail(kIndexError);
    if (m->tile_shape[0] != m->tile_shape[1])
        return fail(fmt::format("{}() '{}' argument must be square", n.func, n.matrix));
    if (r->tile_shape.size() > 2)
        return fail(fmt::format("{}() '{}' argument must be a 1D or 2D tile", n.func, n.rhs));
    if (r->tile_shape[0] != m->tile_shape[0])
        return fail(fmt::format("{}() '{}' argument must have the same number of elements as the number of "
                                "rows in '{}', got {} elements in '{}' and {} rows in '{}'",
                                n.func, n.rhs, n.matrix, r->tile_shape[0], n.rhs, m->tile_shape[0],
                                n.matrix));
    if (!is_2d(m)) // Warp's dispatch fails to unpack its shape
        return unsupported(fmt::format("{}() of a matrix that is not 2D is not supported", n.func));
    if (rule_arg == "inplace") return void_result();
    return value(types::tile(m->elem, r->tile_shape, true, r->tile_strides));
}

ResultOrError solve_fresh(const RuleCall& call, std::string_view) {
    return solve(call, "");
}
ResultOrError solve_inplace(const RuleCall& call, std::string_view) {
    return solve(call, "inplace");
}

// Scalar fallbacks: tile_cholesky_solve<upper>(0, L, y[, x]), tile_lower_solve(0[, 0], L, y[, z]),
// tile_upper_solve(0, U, z[, x]).
Dispatch solve_dispatch(const RuleCall& call, const CallResult& result) {
    const SolveNames n = solve_names(call.ov.key);
    const bool cholesky = n.func == "tile_cholesky_solve";
    Dispatch d;
    if (cholesky) {
        std::string error;
        std::optional<std::string> mode = fill_mode(call, n.func, error);
        if (!mode) return dispatch_error(error);
        d.template_args = {*mode == "upper" ? "true" : "false"};
    }
    if (!solver_dtype(call.type(n.rhs)) || !solver_dtype(call.type(n.matrix)))
        return dispatch_error(fmt::format("{}() arguments must be tiles of float64 or float32", n.func));
    const bool fresh = !result.types.empty();
    d.args = {zero()};
    if (fresh && n.func == "tile_lower_solve") d.args.push_back(zero()); // the adjoint's solver slot
    d.args.push_back(arg(call, n.matrix));
    d.args.push_back(arg(call, n.rhs));
    if (fresh) d.args.push_back(output());
    d.shared_tile_args = {call.find(n.matrix), call.find(n.rhs)};
    return d;
}

constexpr ValueRule kValueRules[] = {
    {"tile_matmul_out_value_func", matmul_out},
    {"tile_matmul_value_func", matmul},
    {"_tile_matmul_out_complex_value_func", matmul_complex},
    {"_tile_matmul_complex_value_func", matmul_complex},
    {"tile_fft_generic_value_func", fft},
    {"tile_cholesky_generic_value_func", cholesky},
    {"tile_diag_add_value_func", diag_add},
    {"tile_cholesky_inplace_generic_value_func", cholesky_inplace},
    {"tile_cholesky_solve_generic_value_func", solve_fresh},
    {"tile_cholesky_solve_inplace_generic_value_func", solve_inplace},
    {"tile_lower_solve_generic_value_func", solve_fresh},
    {"tile_lower_solve_inplace_generic_value_func", solve_inplace},
    {"tile_upper_solve_generic_value_func", solve_fresh},
    {"tile_upper_solve_inplace_generic_value_func", solve_inplace},
};

constexpr DispatchRule kDispatchRules[] = {
    {"lto:tile_matmul_lto_dispatch_func", matmul_dispatch},
    {"lto:tile_fft_generic_lto_dispatch_func", fft_dispatch},
    {"lto:tile_cholesky_generic_lto_dispatch_func", cholesky_dispatch},
    {"lto:tile_diag_add_lto_dispatch_func", diag_add_dispatch},
    {"lto:tile_cholesky_inplace_generic_lto_dispatch_func", cholesky_dispatch},
    {"lto:tile_cholesky_solve_generic_lto_dispatch_func", solve_dispatch},
    {"lto:tile_cholesky_solve_inplace_generic_lto_dispatch_func", solve_dispatch},
    {"lto:tile_lower_solve_generic_lto_dispatch_func", solve_dispatch},
    {"lto:tile_lower_solve_inplace_generic_lto_dispatch_func", solve_dispatch},
    {"lto:tile_upper_solve_generic_lto_dispatch_func", solve_dispatch},
    {"lto:tile_upper_solve_inplace_generic_lto_dispatch_func", solve_dispatch},
};

} // namespace
} // namespace tile_linalg_rules

std::span<const ValueRule> tile_linalg_value_rules() {
    return tile_linalg_rules::kValueRules;
}
std::span<const DispatchRule> tile_linalg_dispatch_rules() {
    return tile_linalg_rules::kDispatchRules;
}

} // namespace ws::builtins::detail
