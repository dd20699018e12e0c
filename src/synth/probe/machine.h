// The probe's interpreter: runs one Warp module's kernel on the CPU, thread by
// thread, straight from the syntax tree. It knows the part of Warp's language
// the synthesizer writes; anything else throws Unsupported, and the probe then
// gives no verdict (the kernel is kept: the probe only ever removes kernels it
// has run).
#pragma once

#include "syntax/ast.h"
#include "synth/probe/value.h"
#include "types/name_hash.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace ws::synth::probe {

// The initial elements of a launch's arrays (an interface rather than a std::function: one
// indirect call less on every array read, the interpreter's most frequent).
class ArrayInputs {
  public:
    // The initial value of element `flat` of array `array` in the current launch.
    virtual Value element(int array, int64_t flat) = 0;

  protected:
    ~ArrayInputs() = default;
};

// An element a launch wrote: its value, and the thread that last wrote it (one map for both: a
// write looks the element up once).
struct Written {
    Value value;
    int64_t writer;
};

// An array: the elements a launch wrote, by row-major index; every other element
// is the launch's initial value, which `Machine::inputs` draws on demand
// (so a probe never fills the large input arrays it only samples).
struct ArrayBuf {
    Type elem;
    std::vector<int64_t> shape;
    std::unordered_map<int64_t, Written> written;
    // Some element was written by two threads (an atomic sum, a maximum): the array is
    // an aggregate of the whole launch, which a sample of threads does not represent.
    bool shared = false;
};

// An array or component index: at most four dimensions, kept off the heap (a subscript is
// the interpreter's most frequent operation).
struct Index {
    std::array<int64_t, 4> at{};
    size_t n = 0;

    size_t size() const { return n; }
    int64_t operator[](size_t d) const { return at[d]; }
    void push_back(int64_t v);
};

// The variables of one call, by name id (see Machine::name_id): a slot per id, so that reading
// or assigning a variable is an index rather than a scan (the interpreter's most frequent step).
// A slot is set when it was assigned since the last clear(), which is then one increment rather
// than a pass over the variables (a frame is cleared for every thread and every call).
class Frame {
  public:
    Value* find(int id) {
        return uint32_t(id) < n_ && set_[size_t(id)] == generation_ ? &values_[size_t(id)] : nullptr;
    }
    // The slot of `id`, added if the frame has none (the caller assigns it).
    Value& slot(int id) {
        if (uint32_t(id) >= n_) grow(size_t(id) + 1);
        set_[size_t(id)] = generation_;
        return values_[size_t(id)];
    }
    // The value of `id`, set since the last clear() (unchecked).
    Value& held(int id) { return values_[size_t(id)]; }
    // Marks the slot of `id`, which the frame has, as set with the value it holds.
    void keep(int id) { set_[size_t(id)] = generation_; }
    void clear() {
        if (++generation_ == 0) std::fill(set_.begin(), set_.end(), 0), generation_ = 1;
    }

  private:
    // Out of line (rare: a frame is reused): its callers, assignments, then save no registers.
    [[gnu::noinline]] void grow(size_t n) { values_.resize(n), set_.resize(n, 0), n_ = uint32_t(n); }

    std::vector<Value> values_;
    std::vector<uint32_t> set_; // the generation each slot was last assigned in
    uint32_t n_ = 0;            // the slots' count, kept apart: find() then reads one word for it
    uint32_t generation_ = 1;
};

// Whether evaluating `e` leaves every variable as it is and adds none (a variable, a literal, a
// component or element of a variable): an operand evaluated before `e` may then be read in place.
inline bool leaves_variables(const ast::Expr* e) {
    using EK = ast::ExprKind;
    auto simple = [](const ast::Expr* x) { return x->kind == EK::Name || x->kind == EK::Constant; };
    if (simple(e)) return true;
    if (e->kind == EK::Attribute) return simple(ast::as<ast::Attribute>(e)->value);
    if (e->kind != EK::Subscript) return false;
    const auto* s = ast::as<ast::Subscript>(e);
    if (!simple(s->value)) return false;
    if (s->slice->kind != EK::Tuple) return simple(s->slice);
    for (const ast::Expr* x : ast::as<ast::Tuple>(s->slice)->elts)
        if (!simple(x)) return false;
    return true;
}

// Whether `e` is the name `wp`, compared inline by length and bytes: every `wp.<name>` asks.
inline bool is_wp(const ast::Expr* e) {
    if (e->kind != ast::ExprKind::Name) return false;
    std::string_view id = ast::as<ast::Name>(e)->id;
    return id.size() == 2 && id[0] == 'w' && id[1] == 'p';
}

// What `wp.<name>` calls, by its name.
enum class WpCall : uint8_t { Tid, Static, Atomic, Random, Outputs, Other };

using Builtin = Value (*)(const Args&);

// What `wp.atomic_<op>` does to its element.
enum class AtomicOp : uint8_t { Add, Sub, Min, Max, Other };
AtomicOp atomic_op(std::string_view name);

// What a name means when called, or read after `wp.`: found once per name (by its id) rather
// than by comparing and hashing its text at every call.
struct NameInfo {
    WpCall wp = WpCall::Other;
    int outputs = 0;      // output_arguments(name)
    bool is_type = false; // type_named(name, type)
    Type type;
    bool is_constant = false; // wp_constant(name, constant)
    Value constant;
    Builtin builtin = nullptr;            // the pure builtin `wp.<name>`
    const ast::FunctionDef* fn = nullptr; // a @wp.func of the module
    const StructDef* st = nullptr;        // a @wp.struct of the module
};

// The compiled form of function bodies (compiled.cpp): each block and expression decoded once per
// machine, its variables' ids, builtins and operators resolved, so that running it again skips
// the syntax tree's dispatch and name look-ups. Nodes it does not compile run as the tree.
struct CExpr;
struct CBlock;
struct CompiledCode;
struct CompiledCodeDeleter { // out of line, where CompiledCode is complete
    void operator()(CompiledCode* c) const;
};

class Machine {
  public:
    // Collects the module's constants, structs, functions and its kernel.
    explicit Machine(const ast::Module& module);
    // Ready for another check as a new machine of the module would be (its arrays dropped, its
    // constants as made: a store may have changed one in place), keeping what it compiled.
    void reset();

    const ast::FunctionDef& kernel() const { return *kernel_; }
    // What a kernel parameter's annotation names: a type object; arrays have `array_ndim` > 0
    // and their element type in `t`.
    Value annotation(const ast::Expr* e);

    std::vector<ArrayBuf> arrays;
    ArrayInputs* inputs = nullptr; // set before a launch

    // Runs the kernel with `args` (one per parameter) on the threads `threads`, each a
    // row-major index into `dim`. At most `budget` statements in all; then Unsupported.
    void launch(const std::vector<Value>& args, const std::vector<int64_t>& dim,
                const std::vector<int64_t>& threads, int64_t budget);

  private:
    friend struct Compiled; // the compiled nodes run on the machine's state
    enum class Flow { Next, Break, Continue, Return };

    Flow exec_block(const std::vector<ast::Stmt*>& body, Frame& f);
    // The compiled form of `body`: a look in `recent_blocks_` (inline, the frequent case), else
    // compiled on first use.
    const CBlock& block(const std::vector<ast::Stmt*>& body) {
        const auto& recent = recent_blocks_[size_t(reinterpret_cast<uintptr_t>(&body) >> 3) & 255];
        return recent.first == &body ? *recent.second : new_block(body);
    }
    const CBlock& new_block(const std::vector<ast::Stmt*>& body);
    Flow run_block(const CBlock& b, Frame& f); // as exec_block() of the list `b` was compiled from
    Flow exec(const ast::Stmt* s, Frame& f);
    // The kinds exec() dispatches to, out of line (see eval()).
    [[gnu::noinline]] Flow exec_for(const ast::For* s, Frame& f);
    struct Range {
        int64_t start, stop, step;
    };
    static Range range_of(const ArgList& args); // range(args)'s, its arguments evaluated
    // `for i in range(args)` (the tree's and the compiled loop): `set(i)` assigns the loop
    // variable, `body()` runs the body once.
    template <class Set, class Body>
    Flow loop_range(const ArgList& args, Set&& set, Body&& body) {
        const Range r = range_of(args);
        for (int64_t i = r.start; r.step > 0 ? i < r.stop : i > r.stop; i += r.step) {
            tick();
            set(make_int(Sc::I32, i));
            const Flow flow = body();
            if (flow == Flow::Break) break;
            if (flow == Flow::Return) return flow;
        }
        return Flow::Next;
    }
    [[gnu::noinline]] Flow exec_assign(const ast::Assign* s, Frame& f);
    [[gnu::noinline]] Flow exec_ann_assign(const ast::AnnAssign* s, Frame& f);
    [[gnu::noinline]] Flow exec_aug_assign(const ast::AugAssign* s, Frame& f);
    [[gnu::noinline]] Flow exec_while(const ast::While* s, Frame& f);
    [[gnu::noinline]] Flow exec_return(const ast::Return* s, Frame& f);
    [[gnu::noinline]] Flow exec_expr(const ast::ExprStmt* s, Frame& f);
    void assign(const ast::Expr* target, Value v, Frame& f);
    [[gnu::noinline]] void assign_new(int id, Value&& v, Frame& f);
    [[gnu::noinline]] void assign_slow(const ast::Expr* target, Value&& v, Frame& f);
    void store_into(const ast::Expr* target, const Value& v, Frame& f);

    Value eval(const ast::Expr* e, Frame& f);
    // The kinds eval() dispatches to, out of line (see eval()).
    [[gnu::noinline]] Value eval_binop(const ast::BinOp* e, Frame& f);
    [[gnu::noinline]] Value eval_compare(const ast::Compare* e, Frame& f);
    [[gnu::noinline]] Value eval_unary(const ast::UnaryOp* e, Frame& f);
    [[gnu::noinline]] Value eval_boolop(const ast::BoolOp* e, Frame& f);
    [[gnu::noinline]] Value eval_ifexp(const ast::IfExp* e, Frame& f);
    [[gnu::noinline]] Value eval_tuple(const ast::Tuple* e, Frame& f);
    [[gnu::noinline]] Value eval_name(const ast::Name* e, Frame& f);
    [[gnu::noinline]] Value eval_name_slow(const ast::Name* e, Frame& f);
    [[gnu::noinline]] Value eval_attribute(const ast::Attribute* e, Frame& f);
    Value attribute_of(const Value& base, std::string_view attr);
    [[gnu::noinline]] Value eval_subscript(const ast::Subscript* e, Frame& f);
    [[gnu::noinline]] Value eval_subscript_slow(const ast::Subscript* e, Frame& f);
    Value component_of(const Value& base, const Index& idx);
    [[gnu::noinline]] Value eval_call(const ast::Call* e, Frame& f);
    // A call of a name: a @wp.func, a struct, a type alias, a Python builtin.
    [[gnu::noinline]] Value call_named(const ast::Call* e, Frame& f);
    Value call_wp(std::string_view name, const ast::Call* e, Frame& f);
    Value wp_with_keywords(std::string_view name, const ast::Call* e, Frame& f);
    Value call_python(std::string_view name, const ast::Call* e, Frame& f);
    Value call_user(const ast::FunctionDef& fn, const ast::Call* e, Frame& f);
    Value call_user_with(const ast::FunctionDef& fn, const ast::Call* e, ArgList& args, Frame& f);
    const std::vector<std::optional<Type>>& scalar_params(const ast::FunctionDef& fn);
    Value atomic(std::string_view name, const ast::Call* e, Frame& f);
    Value random(std::string_view name, const ast::Call* e, Frame& f);
    Value atomic_with(std::string_view name, const ast::Call* e, ArgList& args);
    Value atomic_apply(AtomicOp op, int array, const Index& idx, const Value& value);
    void atomic_update(AtomicOp op, int array, const Index& idx, const Value& value); // the old value unused
    Value random_with(std::string_view name, const ast::Call* e, ArgList& args, Frame& f);
    void eval_args(const ast::Call* e, Frame& f, ArgList& out);

    Value* lookup(int id, Frame& f);
    // A variable's value in place, or null when `e` is not a variable.
    const Value* variable(const ast::Expr* e, Frame& f) {
        return e->kind == ast::ExprKind::Name ? lookup(name_id(ast::as<ast::Name>(e)->id), f) : nullptr;
    }
    // The one argument of `e` when it is a variable, else null: a pure builtin or constructor
    // then reads it in place rather than a copy in an ArgList (it changes no variable).
    const Value* sole_variable(const ast::Call* e, Frame& f) {
        return e->args.size() == 1 ? variable(e->args[0], f) : nullptr;
    }
    // Calls `k` with the value of `e`: a variable's read in place, anything else as a temporary
    // (copying a value is a good part of what an operator costs).
    template <class K>
    decltype(auto) with_operand(const ast::Expr* e, Frame& f, K&& k) {
        if (const Value* v = variable(e, f)) return k(*v);
        return k(eval(e, f));
    }
    // The id of an AST name: a look in `recent_ids_` (inline, the frequent case), else by its text.
    int name_id(std::string_view name) {
        const auto& recent = recent_ids_[recent_slot(name)];
        return recent.first == name.data() ? recent.second : new_name_id(name);
    }
    // By the text's address bits alone (no multiply): each name of the syntax tree views its own
    // place in the source, and a larger table makes up for the few more collisions.
    static size_t recent_slot(std::string_view name) {
        return size_t(uint64_t(reinterpret_cast<uintptr_t>(name.data()))) & 1023;
    }
    int new_name_id(std::string_view name);
    // The frame's value of the variable `name` when its id is in `recent_ids_`, else null (a
    // miss, or a name the frame does not have, is left to the caller): no call, so that the
    // hot paths using it save no registers.
    Value* recent_variable(std::string_view name, Frame& f) {
        const auto& recent = recent_ids_[recent_slot(name)];
        return recent.first == name.data() ? f.find(recent.second) : nullptr;
    }
    const NameInfo& info(std::string_view name) {
        const size_t id = size_t(name_id(name));
        return id < infos_.size() && infos_[id] ? *infos_[id] : resolve(id, name);
    }
    const NameInfo& resolve(size_t id, std::string_view name);
    bool wp_shadowed(Frame& f);
    // The frame of call depth `depth`, cleared: inline, as every thread and call takes one.
    Frame& frame_at(size_t depth) {
        if (depth >= frames_.size()) add_frames(depth);
        Frame& f = *frames_[depth];
        f.clear();
        return f;
    }
    [[gnu::noinline]] void add_frames(size_t depth); // up to `depth`
    // Inline, as read_element(): every array read and write comes here (errors thrown out of line).
    int64_t flat_index(int array, const Index& index) const {
        const ArrayBuf& buf = arrays[size_t(array)];
        if (index.size() != buf.shape.size()) throw_unsupported("a partial array index");
        int64_t flat = 0;
        for (size_t d = 0; d < index.size(); ++d) {
            if (index[d] < 0 || index[d] >= buf.shape[d]) throw_unsupported("an index out of bounds");
            flat = flat * buf.shape[d] + index[d];
        }
        return flat;
    }
    // Inline: the compiled subscript's most frequent call.
    Value read_element(int array, const Index& index) {
        const int64_t flat = flat_index(array, index);
        const auto& written = arrays[size_t(array)].written;
        if (!written.empty()) // an input array, the most frequent read, has none (and no hash to take)
            if (auto it = written.find(flat); it != written.end()) return it->second.value;
        return inputs->element(array, flat);
    }
    // The element's written slot, added on its first write with its initial value when `drawn`,
    // else with its type alone (for a store, which replaces it).
    Value& element_slot(int array, const Index& index, bool drawn = true);
    // element_slot() of an element not written yet, out of line: a written one, the frequent case
    // (an atomic on an aggregate), then saves few registers.
    [[gnu::noinline]] Value& new_element_slot(ArrayBuf& buf, int array, int64_t flat, bool drawn);
    void store_element(int array, const Index& index, const Value& v);
    static void store_value(Value& slot, const Value& v);
    bool quick_index(const ast::Expr* x, Frame& f, int64_t& out);
    bool quick_indices(const ast::Expr* slice, Frame& f, Index& idx);
    Index indices(const ast::Expr* slice, Frame& f);
    [[gnu::noinline]] Index indices_slow(const ast::Expr* slice, Frame& f);
    void set_tid(const std::vector<int64_t>& idx);
    const std::vector<uint8_t>& kept_params(const std::vector<Value>& args);
    // One step of the budget, inline: every statement and loop iteration takes one.
    void tick() {
        if (--steps_left_ < 0) throw_unsupported("over the probe's budget");
    }

    const ast::FunctionDef* kernel_ = nullptr;
    std::map<std::string, const ast::FunctionDef*, std::less<>> funcs_;
    std::map<std::string, std::unique_ptr<StructDef>, std::less<>> structs_;
    std::map<const ast::FunctionDef*, std::vector<std::optional<Type>>> scalar_params_;
    // scalar_params()' last answer: most calls repeat the function called last.
    std::pair<const ast::FunctionDef*, const std::vector<std::optional<Type>>*> last_params_{};
    // The module's constants in order (a name assigned twice: the first), and as the frame their
    // initializers are evaluated in (the latest).
    std::vector<std::pair<int, Value>> globals_, initial_globals_;
    Frame global_frame_;
    // An entry of a look-up table in front of a map: trivial, so that the machine's constructor
    // clears its keys alone rather than zeroing the whole table (a machine is made per check).
    template <class K, class V>
    struct Recent {
        K first;
        V second;
    };
    // Each name of the module gets one id, found by the address of the syntax tree's text in
    // `recent_ids_`, else by its text (a string seldom misses: it is looked up once per machine).
    std::array<Recent<const char*, int>, 1024> recent_ids_; // in front of ids_by_text_
    // By name id, null until resolved (each apart: callers keep references while it grows, and
    // an index into a vector is cheaper than into a deque).
    std::vector<std::unique_ptr<NameInfo>> infos_;
    struct TextHash {
        size_t operator()(std::string_view s) const { return name_hash(s); }
    };
    std::unordered_map<std::string_view, int, TextHash> ids_by_text_;
    int wp_id_ = -1;
    bool wp_bound_ = false; // some variable or parameter is named `wp` (then `wp.x` may not be Warp's)
    // One frame per call depth, reused so that a call does not allocate (each apart: the outer
    // frames stay in place while a deeper one is added).
    std::vector<std::unique_ptr<Frame>> frames_;
    Value tid_;
    std::vector<uint8_t> stores_, kept_; // kept_params()': the kernel's stores, its answer
    struct LaunchLists {                 // launch()'s, kept for the next launch
        std::vector<int64_t> idx;
        std::vector<int> ids, kept_ids;
        std::vector<std::pair<int, size_t>> copied;
    } launch_;
    // In this launch, call_wp assigned a builtin's outputs or a random function advanced its state
    // variable: a parameter's slot may have changed in place (see launch()).
    bool slots_changed_ = false;
    int64_t thread_ = 0;
    int64_t steps_left_ = 0;
    int depth_ = 0;
    Value returned_;
    std::unique_ptr<CompiledCode, CompiledCodeDeleter> code_;           // made on first use
    std::array<Recent<const void*, const CBlock*>, 256> recent_blocks_; // in front of code_
};

// A literal's value (Unsupported for the kinds the probe does not model).
Value constant_value(const ast::Constant* c);

// The type Warp's name `wp.<name>` (or Python's `float`, `int`, `bool`) stands for.
bool type_named(std::string_view name, Type& out);
// `wp.<name>(args)` for Warp's pure builtins (math, vectors, matrices, quaternions,
// transforms, spatial vectors); throws Unsupported for any other name.
Value call_builtin(std::string_view name, Args args);
// That builtin's function, or null.
Builtin find_builtin(std::string_view name);
// How many trailing arguments of `wp.<name>` are outputs it writes (svd3, eig3, qr3,
// quat_to_axis_angle), 0 for the others.
int output_arguments(std::string_view name);
// Such a builtin on its inputs: its outputs as a tuple.
Value call_with_outputs(std::string_view name, const std::vector<Value>& inputs);
// Warp's constants `wp.pi`, `wp.tau`, ...
bool wp_constant(std::string_view name, Value& out);

} // namespace ws::synth::probe
