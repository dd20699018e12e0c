// The typed program model the synthesizer builds a module with, and the
// generator that writes its Python text.
//
// Validity is by construction: every expression is generated for a known
// type (Warp never promotes literals), integer values carry a range so that
// no index leaves its array, no divisor is zero and no product overflows,
// and variables carry the facts Warp's code generator checks (a variable
// bound to a literal is a compile-time constant and may not be mutated in a
// dynamic loop; the symbol table is function-wide so names are never reused).
#pragma once

#include "synth/features.h"
#include "synth/names.h"
#include "synth/policy.h"
#include "synth/rng.h"
#include "synth/stype.h"
#include "synth/synth.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <fmt/format.h>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ws::synth {

// Closed integer interval; the full range when nothing is known.
struct IntRange {
    int64_t lo = 0;
    int64_t hi = 0;
    static IntRange of(int64_t lo, int64_t hi) { return {lo, hi}; }
    static IntRange unknown() { return {-(int64_t{1} << 31), (int64_t{1} << 31) - 1}; }
    bool within(int64_t a, int64_t b) const { return lo >= a && hi <= b; }
    int64_t magnitude() const { return std::max(lo < 0 ? -lo : lo, hi < 0 ? -hi : hi); }
};

// Interval arithmetic, saturating at +-2^62 so the generator itself never overflows.
inline int64_t range_clamp(__int128 v) {
    constexpr __int128 lim = __int128{1} << 62;
    return static_cast<int64_t>(v < -lim ? -lim : (v > lim ? lim : v));
}
inline IntRange range_add(IntRange a, IntRange b) {
    return {range_clamp(__int128{a.lo} + b.lo), range_clamp(__int128{a.hi} + b.hi)};
}
inline IntRange range_sub(IntRange a, IntRange b) {
    return {range_clamp(__int128{a.lo} - b.hi), range_clamp(__int128{a.hi} - b.lo)};
}
inline IntRange range_mul(IntRange a, IntRange b) {
    const int64_t c[] = {range_clamp(__int128{a.lo} * b.lo), range_clamp(__int128{a.lo} * b.hi),
                         range_clamp(__int128{a.hi} * b.lo), range_clamp(__int128{a.hi} * b.hi)};
    return {*std::min_element(c, c + 4), *std::max_element(c, c + 4)};
}
inline IntRange range_union(IntRange a, IntRange b) {
    return {std::min(a.lo, b.lo), std::max(a.hi, b.hi)};
}
// Whether every value of `r` stays strictly inside (-limit, limit).
inline bool range_fits(IntRange r, int64_t limit) {
    return r.lo > -limit && r.hi < limit;
}

// |int32 intermediates| stay below this, so no expression can overflow.
constexpr int64_t kIntLimit = int64_t{1} << 30;
constexpr int64_t kInt64Limit = int64_t{1} << 60;

// Python operator precedence, loosest first.
enum Prec : int {
    kTernary = 1,
    kOr,
    kAnd,
    kNot,
    kCompare,
    kBitOr,
    kBitXor,
    kBitAnd,
    kShift,
    kAdd,
    kMul,
    kUnary,
    kPow,
    kAtom,
};

struct Value {
    std::string text;
    SType type;
    int prec = kAtom;
    IntRange range = IntRange::unknown(); // integers only
    bool literal = false;                 // a bare Python literal (a Warp constant)
    bool positive = false;                // a float known to be > 0
    bool unit = false;                    // a unit vector / unit quaternion
    // A bare name bound to a constant (a literal-bound local or a module
    // constant): the literal's text. Warp re-types such a variable in place when
    // it is cast to a 64-bit type, so casts spell the literal instead.
    std::string const_text;
    bool const_iter = false; // the variable of an unrolled loop (a constant per iteration)
};

// A value spelled `text` of type `t` (names, field reads written by recipes).
inline Value value_of(std::string text, const SType& t) {
    Value v;
    v.text = std::move(text);
    v.type = t;
    return v;
}

struct Var {
    std::string name;
    SType type;
    IntRange range = IntRange::unknown();
    bool is_const = false;  // bound to a literal: Warp treats it as a constant
    std::string const_text; // the literal, while is_const
    bool assignable = true; // false for parameters and loop variables
    bool positive = false;
    bool unit = false;
    bool is_rng = false; // a wp.rand_init state
    bool is_loop_var = false;
    bool const_iter = false; // variable of an unrolled loop: a constant in each iteration
    int dyn_depth = 0;       // dynamic loops enclosing the definition
    int64_t trip_at_def = 1; // product of enclosing loop trip counts at the definition
    int uses = 0;
    int block = 0;         // block depth of the definition
    int loop_depth = 0;    // loops enclosing the definition
    int64_t last_read = 0; // Fn::read_clock at its latest read
};

// How the values of an integer array relate to other arrays.
struct ArrayRef {
    std::string name;
    SType dtype;
    int ndim = 1;
    std::vector<int64_t> shape;
    bool readable = true;
    bool writable = false;
    bool written = false;
    int loads = 0;
    IntRange values = IntRange::of(-1, 1); // integer arrays: range of the stored values
    double min_value = -1.0, max_value = 1.0;
    bool positive = false; // float contents > 0
    std::string annotation;
    // Leading dimensions equal to the launch grid: indexed by the thread's
    // own tids there. Writes must be to the thread's own element (no races)
    // unless they are atomic.
    int owned_dims = 0;
    bool atomic_target = false; // accumulated with atomics; never read
    bool reserved = false; // a recipe's protocol owns it (a compaction counter): random statements keep off
};

struct StructDef {
    std::string name;
    std::vector<std::pair<std::string, SType>> fields;
};

struct CustomType {
    std::string name; // module-level alias, e.g. vec6 / mat32
    SType type;
};

struct ModuleConst {
    std::string name;
    SType type;
    std::string value_text;  // right-hand side as written
    bool wp_constant = true; // NAME = wp.constant(...) rather than a plain Python global
    IntRange range;
    bool positive = false;
};

struct HelperParam {
    std::string name;
    SType type;
    bool is_array = false;
    int array_ndim = 1;
    std::vector<int64_t> array_shape;
    IntRange int_range = IntRange::unknown(); // callers pass ints in this range
    bool positive = false;
    bool unit = false;
    std::string default_text; // empty: no default
    std::string bound_array;  // array parameters: the kernel array every call passes
};

struct Helper {
    std::string name;
    std::vector<HelperParam> params;
    std::vector<SType> returns; // empty: returns nothing
    IntRange int_result = IntRange::unknown();
    bool positive_result = false;
    std::string text;         // the whole `@wp.func` definition
    int calls = 0;            // calls from the kernel
    std::vector<int> callees; // helpers this one calls
    bool overload_of_previous = false;
};

// An open block, for hoisting a variable in front of it.
struct BlockInfo {
    size_t header_line; // index in Fn::lines where a hoisted definition goes
    int indent;         // indentation of the header
    int dyn_depth;      // enclosing dynamic loops, outside the block
    int loop_depth;
    int64_t trip;
};

// One loop or while being generated (for break/continue and trip counts).
struct LoopFrame {
    bool dynamic = false;
    bool is_while = false;
    bool allow_break = false;
    bool allow_continue = false;
    bool wrote_break = false;
    int64_t trip = 1;
    int64_t entry_clock = 0; // Fn::read_clock when the loop was entered
};

// A function (kernel or helper) being generated.
struct Fn {
    bool is_kernel = false;
    std::string name;
    NameSet names;
    std::vector<Var> vars;
    std::vector<size_t> block_marks;
    std::vector<ArrayRef> arrays;
    std::vector<LoopFrame> loops;
    int64_t read_clock = 0;         // counts variable reads: orders reads against loop entries
    std::vector<std::string> lines; // body lines, indented relative to the def
    int indent = 1;
    int dyn_depth = 0;
    int64_t trip = 1; // product of enclosing loop trip counts
    int nesting = 0;  // block nesting below the function body
    std::vector<SType> returns;
    std::vector<BlockInfo> blocks; // open blocks, outermost first
    // Module constants read by an expression so far. Warp then binds the name
    // as a local symbol (merged by if/else into a non-constant value), after
    // which `range(NAME)` is no longer unrolled; such names stay out of ranges.
    std::set<std::string> evaluated;
    bool in_if = false;
    int helper_index = -1; // helpers may call only helpers with a smaller index
};

struct ScalarParamSpec {
    std::string name;
    SType type;
    std::string annotation;
    double min_value = 0.0, max_value = 1.0;
};

// Everything about the module being synthesized.
struct Module {
    Category category;
    Policy policy;
    Rng rng;
    Features feats;
    Scalar fp = Scalar::F32; // the kernel's float precision
    // Composite types this kernel uses, with weights (the type palette).
    std::vector<std::pair<SType, int>> palette;
    NameSet module_names;
    std::vector<ModuleConst> consts;
    std::vector<StructDef> structs;
    std::vector<CustomType> customs;
    std::vector<Helper> helpers;
    // A struct type the kernel receives (parameter or array), so helpers may
    // take it; -1 when none.
    int struct_source = -1;
    // The kernel's names: module-level names must not collide with them.
    NameSet* kernel_names = nullptr;
    // Kernel launch and parameters, in declaration order.
    std::vector<int64_t> dim;
    std::vector<std::string> tids;
    std::vector<ArgSpec> args;
    std::string kernel_name;

    Module(Category c, Policy p, Rng r) : category(c), policy(p), rng(r) {}
    bool on(Knob k) { return rng.chance(policy[k]); }
    std::string type_name(const SType& t, bool python_builtin_scalars = true) const;
};

// Whether an expression is just a name (a bare copy of a variable).
inline bool is_bare_name(const Value& v) {
    if (v.text.empty() || v.prec != kAtom) return false;
    for (char c : v.text)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
    return !std::isdigit(static_cast<unsigned char>(v.text[0])) && v.text != "True" && v.text != "False";
}

// Writes expressions and statements into one function of a module.
class Gen {
  public:
    Gen(Module& m, Fn& f) : mod(m), fn(f) {}

    Module& mod;
    Fn& fn;

    // ---- output ----
    void line(std::string text);
    // `header:` and indent. `hoist_line`: where a variable this block needs is
    // defined if hoisted out of it (the `if` line for elif/else blocks).
    void open(std::string header, size_t hoist_line = SIZE_MAX);
    void close(); // dedent, drop the block's variables
    void push_scope();
    void pop_scope();

    // ---- variables ----
    Var& define(const std::string& name, const Value& v, bool typed_init = false);
    Var* find_var(const std::string& name);
    Value use(Var& v);
    // A fresh local name for a value of type t.
    std::string fresh(NameRole role, const SType& t);
    // Whether `v` may be assigned here (Warp's constant-in-dynamic-loop rule).
    bool can_mutate(const Var& v) const;
    // `v` was read inside a loop that started after its definition and is still
    // open: the next iteration reads whatever a mutation now leaves in it, so a
    // mutation must keep it within its range.
    bool read_in_open_loop(const Var& v) const;
    void note_mutation(Var& v, IntRange added);

    // ---- expressions (gen_expr.cpp) ----
    Value expr(const SType& t, int depth);
    Value expr(const SType& t) { return expr(t, depth_budget()); }
    Value positive(const SType& t, int depth); // float scalar > 0
    Value unit_vec3(int depth);
    Value unit_quat(int depth);
    Value cond(int depth);
    Value int_in(int64_t lo, int64_t hi, int depth); // an int32 in [lo, hi]
    Value literal(const SType& t);
    Value float_lit(Scalar s, bool allow_negative = true);
    Value float_const(Scalar s, std::string_view digits); // a fixed value such as "0.5"
    Value int_lit(int64_t v, Scalar s = Scalar::I32);
    Value zero(const SType& t);       // wp.vec3(0.0), float(0.0), int(0)...
    Value typed_zero(const SType& t); // a non-constant initial value for accumulators
    Value leaf(const SType& t);
    // A leaf that is not a literal when anything else of type t exists (an
    // operand next to a literal: `x * 2.0`, never `3.0 * 2.0`).
    Value nonliteral(const SType& t);
    Value construct(const SType& t, int depth);
    Value binop(const Value& a, std::string_view op, const Value& b, const SType& result, int prec);
    Value call(std::string_view fn, std::initializer_list<Value> args, const SType& result);
    Value call(std::string_view fn, const std::vector<Value>& args, const SType& result);
    Value paren(const Value& v) const;
    std::string wrap(const Value& v, int min_prec) const;
    Value float_expr(const SType& t, int depth);
    Value int_expr(const SType& t, int depth);
    Value uint_expr(int depth);
    Value composite_expr(const SType& t, int depth);
    // A call from fn_table() producing `t` with a row of `knob`; nullopt when none fits.
    std::optional<Value> table_call(Knob knob, const SType& t, int depth);
    Value table_arg(uint8_t fam, Scalar s, int n, int depth);
    // `v.x`, `m[i, j]`, `q[k]`, a struct field... of type t; nullopt when none.
    std::optional<Value> component_read(const SType& t);
    Value select(const SType& t, int depth); // ternary or wp.where
    std::optional<Value> constant_leaf(const SType& t);
    Value cast(const Value& v, const SType& to);
    Value to_float(const Value& v);                   // int/f16/f64 -> kernel float
    Value reduce_to_scalar(const Value& v, Scalar s); // any composite -> a float summary
    int depth_budget();

    // While generating an index, leaves do not load from arrays (keeps
    // indices simple and the recursion finite); recipes write gathers explicitly.
    int no_loads = 0;
    // Set while the expression being written has read no variable yet: leaves
    // then prefer variables, so no expression is made of literals alone.
    bool need_var = false;
    std::string last_leaf; // the variable the previous leaf read
    // Operator/call nodes left for the current statement (a size bound).
    int nodes_left = 1 << 20;
    bool has_array_of(const SType& t) const;
    // Resets the per-statement bounds.
    void begin_statement();

    // ---- arrays ----
    ArrayRef* pick_array(const SType& dtype, bool for_write);
    Value index_for(const ArrayRef& a, int dim, int depth);
    std::string index_text(const ArrayRef& a, int depth);
    Value load(ArrayRef& a, int depth);
    // A load at an index the caller proved in bounds.
    Value load_at(ArrayRef& a, const std::string& index);
    ArrayRef* array_named(const std::string& name);
    Value var_named(const std::string& name);       // use() of a visible variable
    Value array_load_of(const SType& t, int depth); // from any readable array of dtype t
    Value shape_of(const ArrayRef& a, int dim);

    // ---- statements (gen_stmt.cpp) ----
    void stmt();
    void block(int n);
    void stmt_local();
    void stmt_reassign();
    void stmt_aug_local();
    void stmt_component_write();
    void stmt_if();
    void stmt_for();
    void stmt_while();
    void stmt_store();
    void stmt_atomic();
    void stmt_call_void();
    void stmt_tuple_unpack();
    void stmt_early_return();
    void store_to(ArrayRef& a, const std::string& index, const Value& v);
    // Element types `a[i] += x` applies to (Warp lowers it to an atomic add).
    static bool augmentable(const SType& t);
    void atomic_to(ArrayRef& a, const std::string& index, const Value& v, std::string_view op);
    // A `for`/`while` block: `header` without the colon, the loop variable
    // (empty for while) with its range; `body` writes the statements.
    template <class F>
    void loop(const std::string& header, const std::string& var, IntRange var_range, LoopFrame frame,
              F&& body);
    // Folds locals that nothing has read into a statement, so data flows.
    void sink_unused();
    // `v` plus the locals of blocks >= min_block that nothing has read (their
    // scalar summaries for a float `v`, same-typed values otherwise).
    Value absorb_unused(Value v, int min_block, int max_count);
    std::vector<Var*> unused_locals(int min_block);

    // ---- helper calls (gen_helper.cpp) ----
    const Helper* pick_helper(const SType& result);
    Value call_helper(const Helper& h, int depth);
    std::vector<std::string> helper_args(const Helper& h, int depth);

    // Typed-value vocabulary of the module: a random type from the palette.
    SType pick_type(bool allow_int = true, bool allow_bool = false);
    SType float_type() const { return SType::scalar_of(mod.fp); }
    bool type_enabled(const SType& t) const;
};

template <class F>
void Gen::loop(const std::string& header, const std::string& var, IntRange var_range, LoopFrame frame,
               F&& body) {
    open(header);
    frame.entry_clock = fn.read_clock;
    fn.loops.push_back(frame);
    if (frame.dynamic) ++fn.dyn_depth;
    const int64_t saved_trip = fn.trip;
    fn.trip = saved_trip * std::max<int64_t>(frame.trip, 1);
    if (!var.empty()) {
        Var lv;
        lv.name = var;
        lv.type = SType::scalar_of(Scalar::I32);
        lv.range = var_range;
        lv.assignable = false;
        lv.is_loop_var = true;
        lv.const_iter = !frame.dynamic;
        lv.dyn_depth = fn.dyn_depth;
        lv.trip_at_def = fn.trip;
        lv.block = fn.nesting;
        lv.loop_depth = static_cast<int>(fn.loops.size());
        lv.uses = 0;
        fn.vars.push_back(lv);
    }
    body();
    fn.trip = saved_trip;
    if (frame.dynamic) --fn.dyn_depth;
    fn.loops.pop_back();
    close();
}

// Writes `count` @wp.func helpers into mod.helpers; they may take the
// kernel's arrays (gen_helper.cpp).
void make_helpers(Module& mod, int count, const std::vector<ArrayRef>& kernel_arrays);

} // namespace ws::synth
