// The per-function builder: Warp's `Adjoint` in C++. It walks a function's
// syntax tree in Warp's order, allocates SSA variables, resolves builtin and
// user function calls, and records the forward, replay and reverse statements
// that the templates (emit_function.cpp, emit_kernel.cpp) print.
//
// Lowering is split by node kind: lower_expr.cpp (expressions),
// lower_stmt.cpp (control flow and simple statements), lower_assign.cpp
// (assignments and augmented assignments), calls.cpp (calls and builtins).
#pragma once

#include "builtins/builtin.h"
#include "builtins/warp_namespace.h"
#include "codegen/deterministic.h"
#include "codegen/function.h"
#include "codegen/symbol_table.h"
#include "codegen/value.h"
#include "syntax/ast.h"
#include "syntax/stable_store.h"
#include "types/str_cat.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <iterator>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace ws {

class ModuleBuilder;
struct CallEmission; // calls.cpp
struct CallPlan;     // call_plans.h
struct CallPlanKey;  // call_plans.h
struct PlannedCall;  // call_plans.h
struct ResolvedCall; // calls.cpp

// A block's statements: one text buffer and where each line ends. A vector of strings cost an
// allocation (and a free) per statement, the largest share of the code generator's time.
class Lines {
  public:
    // Not movable: a moved-from Lines would keep count_ and room_ without its ends_ (blocks are
    // held by pointer, never moved).
    Lines() = default;
    Lines(Lines&&) = delete;
    Lines& operator=(Lines&&) = delete;
    class const_iterator {
      public:
        using iterator_category = std::bidirectional_iterator_tag;
        using value_type = std::string_view;
        using difference_type = std::ptrdiff_t;
        using pointer = void;
        using reference = std::string_view;
        const_iterator() = default;
        const_iterator(const Lines* lines, size_t i) : lines_(lines), i_(i) {}
        std::string_view operator*() const { return (*lines_)[i_]; }
        const_iterator& operator++() { return ++i_, *this; }
        const_iterator& operator--() { return --i_, *this; }
        const_iterator operator++(int) { return {lines_, i_++}; }
        const_iterator operator--(int) { return {lines_, i_--}; }
        bool operator==(const const_iterator& o) const { return i_ == o.i_; }

      private:
        const Lines* lines_ = nullptr;
        size_t i_ = 0;
    };

    // One line of the pieces joined (str_cat.h's append).
    template <class... A>
    void add(const A&... pieces) {
        reserve_first();
        append(text_, pieces...);
        push_end();
    }
    // A line written in place: append its text to line_buffer(), then end_line().
    TextBuffer& line_buffer() {
        reserve_first();
        return text_;
    }
    void end_line() { push_end(); }
    // Empties the block, its buffers' capacity kept (a block reused, see Adjoint::begin_block).
    void clear() {
        text_.resize(0);
        count_ = 0;
    }
    void push_back(std::string_view line) {
        if (std::less_equal<const char*>()(text_.data(), line.data()) &&
            std::less<const char*>()(line.data(), text_.data() + text_.size()))
            return add(std::string(line)); // a line of this block: copied before the buffer grows
        add(line);
    }
    std::string_view operator[](size_t i) const {
        size_t begin = i ? ends_[i - 1] : 0;
        return text_.view().substr(begin, ends_[i] - begin);
    }
    size_t size() const { return count_; }
    bool empty() const { return count_ == 0; }
    size_t text_size() const { return text_.size(); }
    const_iterator begin() const { return {this, 0}; }
    const_iterator end() const { return {this, count_}; }
    std::reverse_iterator<const_iterator> rbegin() const { return std::reverse_iterator(end()); }
    std::reverse_iterator<const_iterator> rend() const { return std::reverse_iterator(begin()); }

  private:
    void reserve_first() {
        if (room_ == 0) [[unlikely]]
            grow();
    }
    // The ends are kept by hand: std::vector's push_back was left out of line, a call a line.
    void push_end() {
        if (count_ == room_) [[unlikely]]
            grow();
        ends_[count_++] = text_.size();
    }
    // Room for more ends; at the first line, room for a typical body too: growing from nothing
    // took a reallocation and copy at every doubling, for each of a block's three buffers.
    [[gnu::noinline]] void grow() {
        if (room_ == 0) text_.reserve(2048);
        size_t room = room_ ? 2 * room_ : 64;
        auto bigger = std::make_unique_for_overwrite<size_t[]>(room);
        std::copy_n(ends_.get(), count_, bigger.get());
        ends_ = std::move(bigger);
        room_ = room;
    }
    TextBuffer text_;
    std::unique_ptr<size_t[]> ends_; // where each line ends in text_
    size_t count_ = 0, room_ = 0;
};

struct Block {
    Lines body_forward;
    Lines body_replay;
    Lines body_reverse;
    std::vector<Var*> vars;
    std::string label;
};

// A constant range() lowered as a loop instead of being unrolled.
// A range() of compile-time ints: Python's range, of any bounds, whose length
// fits a Py_ssize_t (len() raises OverflowError otherwise).
struct ConstantRange {
    PyInt start = 0, stop = 0, step = 1;
    int64_t count = 0; // len(range)
    PyInt at(int64_t k) const { return start + PyInt(k) * step; }
    PyInt last() const { return at(count - 1); }
};

// A range() argument as Warp's eval_num sees it: a compile-time number
// (`numeric`, with Python's is_int for evaluated names), or a value.
struct RangeArg {
    bool numeric = false;
    std::optional<Constant> value;
    Var* var = nullptr;
};

// A call argument before resolution: a value plus the node it came from.
// A slice's constant (start, stop, step); stop unset for `a[i:]` of an array.
struct SliceBounds {
    int64_t start = 0;
    std::optional<int64_t> stop;
    int64_t step = 1;
};

struct CallArgument {
    Value value;
    const ast::Expr* node = nullptr;
    // Empty for positional; a view of the call's syntax tree (a string cost every argument of
    // every call its construction and destruction).
    std::string_view keyword;
};

// `<...>.adjoint[x]`, Warp's name for the adjoint of x in a @wp.func_grad body (custom_gradients.cpp).
bool is_adjoint_subscript(const ast::Expr* node);
// A call argument as builtin resolution sees it (calls.cpp).
builtins::CallArg to_call_arg(const Value& v);
// The arguments' types for messages: "float32, vec3f" (calls.cpp).
std::string arg_list_repr(std::span<const CallArgument> args, std::span<const CallArgument> kwargs);

// Warp's resolve_type_attribute for `dtype` (lower_type_operator.cpp); null for other attributes.
TypeRef type_attribute(TypeRef t, std::string_view attr);
// `length` of a value type: a Python int (its number of components); null for other attributes.
ObjectRef value_length(TypeRef t, std::string_view attr);

class Adjoint {
  public:
    Adjoint(const FunctionSource& src, ModuleBuilder* builder, bool is_user_function);
    ~Adjoint(); // hands its blocks back for reuse
    Adjoint(const Adjoint&) = delete;
    Adjoint& operator=(const Adjoint&) = delete;

    // Lowers the whole function body (Warp's Adjoint.build).
    void build();

    // ---- results read by the templates
    const FunctionSource& src;
    ModuleBuilder* builder;
    bool is_user_function;
    std::vector<Var*> args;
    std::vector<Var*> variables;
    std::vector<std::unique_ptr<Block>> blocks; // blocks[0] is the function body
    std::optional<std::vector<Var*>> return_var;
    bool used_by_backward_kernel = false;
    bool has_non_unrolled_constant_loop = false;
    bool uses_tid = false;
    // Calls wp.grad(): Warp prints the function after all adjoints, and gives it none.
    bool uses_grad_call = false;
    std::vector<struct UserFunction*> grad_targets; // the functions of its wp.grad(f) calls

    bool uses_scalar_tid = false;
    // A differentiable `a[i].x *= v` (not an atomic) cannot have an adjoint: Warp
    // rejects the function when it generates its backward pass.
    std::string slot_augassign_error;
    Pos slot_error_pos;
    // A call of a function with wp.ref[T] parameters, which has no automatic adjoint:
    // Warp rejects it when a backward-enabled kernel depends on the caller.
    std::string ref_call_error;
    Pos ref_call_pos;
    // Parameters declared wp.ref[T]: assignments to these names store through the pointer.
    std::set<std::string, std::less<>> ref_params;
    int kernel_dim = 1;
    std::vector<struct UserFunction*> called_user_functions; // unique, in first-call order
    // wp.static(...) expressions evaluated during this build (Warp's deferred_static_expressions).
    std::vector<std::pair<std::string, ObjectRef>> deferred_statics;
    // Keys of the builtins called (views of the registry's keys), unique, in first-call order:
    // a few dozen at most. The module sorts them when it merges its functions' lists.
    std::vector<std::string_view> builtins_used;

  private:
    static constexpr size_t kUsedSlots = 64;
    std::array<const builtins::Builtin*, kUsedSlots> used_slots_{}; // of builtins_used

  public:
    // Inline (GCC kept it a call in the planned-call path, ~25 calls per kernel).
    [[gnu::always_inline]] void note_builtin_used(const builtins::Builtin& b) {
        // Found by the builtin's address in a small open-addressing set: scanning the list
        // for every call cost several instructions per builtin already used. Past half the
        // slots, the list is scanned (more builtins than a function usually calls).
        constexpr size_t mask = kUsedSlots - 1;
        size_t s = (reinterpret_cast<uintptr_t>(&b) >> 4) & mask;
        for (; used_slots_[s]; s = (s + 1) & mask)
            if (used_slots_[s] == &b) return;
        if (builtins_used.size() < kUsedSlots / 2)
            used_slots_[s] = &b;
        else if (std::any_of(builtins_used.begin(), builtins_used.end(),
                             [&](std::string_view used) { return used.data() == b.key.data(); }))
            return;
        builtins_used.push_back(b.key);
    }
    // Warp's deterministic mode (module option `deterministic`): null when it is off.
    std::unique_ptr<DeterministicLowering> det;

    // ---- builder primitives (Warp's Adjoint methods of the same names)
    // `constant` copied straight into the variable (an optional taken by value cost a copy, a
    // move and a destruction of the constant).
    Var* add_var(TypeRef type, const Constant* constant = nullptr);
    Var* add_constant(const Constant& c);
    void add_forward(std::string statement, std::optional<std::string> replay = std::nullopt,
                     bool skip_replay = false);
    void add_reverse(std::string statement);
    // add_forward and add_reverse of a line's pieces, written in place (no string built first).
    template <class... A>
    void forward_line(const A&... pieces) {
        Block& b = *blocks.back();
        b.body_replay.add(indentation_, pieces...);
        b.body_forward.add(indentation_, pieces...);
    }
    template <class... A>
    void reverse_line(const A&... pieces) {
        blocks.back()->body_reverse.add(indentation_, pieces...);
    }
    Var* load(Var* var);
    void store_ref_param(std::string_view name, Var* value, bool augmented, const Pos& where);
    Var* ref_argument(Var* arg, const ast::Expr* node, TypeRef param, const Pos& where);
    Var* ref_adjoint_argument(const Var& ref, std::vector<std::string>& prelude);
    Var* tuple_element_argument(const Var* tuple, int k, const Pos& where);
    Var* addressable_reference(Var* arg, const ast::Expr* node, const std::string& purpose, const Pos& where);
    const std::string& indentation() const { return indentation_; }
    void indent() { indentation_ += "    "; }
    void dedent() { indentation_.resize(indentation_.size() - 4); }
    Block* begin_block(const std::string& name = "block");
    std::unique_ptr<Block> end_block();
    // A block done with (a loop's, once merged): kept for a later begin_block.
    static void recycle_block(std::unique_ptr<Block> block);
    // Inline for the usual case, the line unchanged (every expression sets it).
    void set_lineno(int relative_lineno) {
        if (!lineno_ || *lineno_ != relative_lineno) start_line(relative_lineno);
    }

    // Calls. `func` is a Builtin or Function object; returns the output(s).
    Value add_call(const Object& func, std::span<const CallArgument> args,
                   std::span<const CallArgument> kwargs,
                   const std::vector<std::pair<std::string, builtins::CallArg>>& type_args, int min_outputs,
                   bool return_value_used);
    Value add_builtin_call(std::string_view key, std::span<Var* const> args, int min_outputs = 0,
                           bool return_value_used = true);
    Var* add_builtin_call1(std::string_view key, std::initializer_list<Var*> args);
    Var* add_comp(std::span<const char* const> ops, Var* left, std::span<Var* const> comps);
    void add_return(const std::optional<std::vector<Var*>>& vars);
    void begin_if(Var* cond);
    void end_if(Var* cond);
    void begin_else(Var* cond);
    void end_else(Var* cond);
    Var* begin_for(Var* iter, const std::optional<ConstantRange>& range);
    void end_for(Var* iter, const std::optional<ConstantRange>& range, Var* value);
    void begin_while(const ast::Expr* cond);
    void end_while();
    void materialize_redefinitions(const SymbolTable& before);

    // ---- lowering
    Value eval(const ast::Expr* node);
    void eval(const ast::Stmt* node);
    Var* eval_var(const ast::Expr* node, const char* what = "expression");

    // Errors at a node: `file:line:col: error: ...`
    [[noreturn]] void fail(const ast::Expr* node, const std::string& message) const;
    [[noreturn]] void fail(const ast::Stmt* node, const std::string& message) const;
    [[noreturn]] void fail_at(const Pos& pos, const std::string& message) const;

    SymbolTable symbols;

  private:
    friend struct ExprLowering;
    friend struct StmtLowering;
    friend struct AssignLowering;

    // expressions (lower_expr.cpp)
    Value emit_name(const ast::Name* node);
    Value emit_constant(const ast::Constant* node);
    Value emit_binop(const ast::BinOp* node);
    Value emit_unaryop(const ast::UnaryOp* node);
    Value emit_boolop(const ast::BoolOp* node);
    Value emit_compare(const ast::Compare* node);
    Value emit_ifexp(const ast::IfExp* node);
    Value emit_attribute(const ast::Attribute* node, std::optional<Value> aggregate = std::nullopt,
                         bool as_target = false);
    Value emit_subscript(const ast::Subscript* node);
    // `wp.adjoint[x]` (custom_gradients.cpp): null for other subscripts.
    Var* adjoint_target(const ast::Expr* node);
    Value emit_tuple(const ast::Tuple* node);
    Value emit_call(const ast::Call* node, bool return_value_used = true);
    Value emit_static(const ast::Call* node);
    bool contains_static_call(const ast::Stmt* loop);
    Value emit_indexing(Var* target, const std::vector<const ast::Expr*>& index_nodes,
                        bool as_target = false);
    // `indices` are loaded in place.
    Value emit_indexing_vars(Var* target, std::vector<Var*>& indices, bool as_target);
    Var* emit_array_slice(const ast::Slice* node);
    // The index variables, in `out` (a caller's scratch vector: returning one allocated it).
    void eval_indices(TypeRef target_type, const std::vector<const ast::Expr*>& nodes, bool as_target,
                      std::vector<Var*>& out);
    // The subscripted variable; its index expressions in `indices` (a caller's scratch vector:
    // returning a vector allocated one per subscript).
    Var* eval_subscript(const ast::Subscript* node, bool as_target, std::vector<const ast::Expr*>& indices);
    Var* eval_single_subscript(const ast::Subscript* node, bool as_target,
                               std::vector<const ast::Expr*>& indices);
    Value eval_subscript_base(const ast::Expr* cur, bool as_target);
    // t[i, j]: one element of a tile (lower_tile.cpp).
    Var* emit_tile_extract(Var* tile, const std::vector<const ast::Expr*>& index_nodes);
    Var* resolve_tile_index(const ast::Expr* node, int length, int dim);
    // tile_map and tile_reduce (lower_tile_map.cpp).
    struct TileOp {
        std::string name, adj_name; // C++ spellings of the function passed ("wp::sin", "sq_0")
        std::string builtin;        // a builtin's native name (tile_reduce's identity)
        bool differentiable = true;
        TypeRef result = nullptr; // tile_map: the function's result for the element types
    };
    Value emit_tile_map(const builtins::Overload& ov, std::span<const CallArgument> args,
                        std::span<const CallArgument> kwargs, const Pos& where);
    Value emit_tile_reduce(const builtins::Overload& ov, std::span<const CallArgument> args,
                           std::span<const CallArgument> kwargs, const Pos& where);
    TileOp tile_map_op(const Value& op, const std::vector<TypeRef>& dtypes, const Pos& where);
    TileOp tile_reduce_op(const Value& op, const Pos& where);
    std::optional<Constant> reduce_identity(const TileOp& op, TypeRef dtype, bool& valid);
    void build_callable(UserFunction* f, const Pos& where); // calls.cpp
    void build_callee(UserFunction* f, const Pos& where);   // calls.cpp
    void emit_tile_functional_call(const std::string& native, const TileOp& op, const std::vector<Var*>& args,
                                   const std::vector<Var*>& extra, bool differentiable, Var* out);
    // Tile type objects shared between variables (tile_cells.cpp).
    void share_tile_type(Var* v, Var* with);
    void move_tile_to_shared(Var* v, const Pos& where);
    // Tile subscripts (lower_tile.cpp): elements, views, slices, gathers; stores into tiles
    // (lower_tile_store.cpp).
    struct TileIndexKinds {
        bool slice = false, index_tile = false;
    };
    bool tile_group_produces_view(const std::vector<const ast::Expr*>& group);
    std::pair<Var*, std::vector<const ast::Expr*>>
    eval_tile_subscript(Var* target, std::vector<std::vector<const ast::Expr*>> groups);
    Var* resolve_tile_index(const ast::Expr* node, const std::vector<int>& shape, int dim);
    Var* emit_tile_slice(const ast::Slice* node);
    std::vector<Var*> eval_tile_indices(TypeRef tile, const std::vector<const ast::Expr*>& nodes);
    Var* python_tuple(const std::vector<Var*>& elements);
    static TileIndexKinds tile_index_kinds(const std::vector<Var*>& indices);
    Var* emit_tile_indexing(Var* target, const std::vector<Var*>& indices);
    void store_tile_subscript(const ast::Subscript* lhs, Var* target, const std::vector<Var*>& indices,
                              Var* rhs);
    bool augassign_tile(const ast::AugAssign* node, Var* target, Var* rhs);
    void augassign_tile_subscript(const ast::AugAssign* node, Var* target, std::vector<Var*> indices,
                                  const std::function<Var*()>& eval_rhs,
                                  const std::function<Var*(Var*)>& apply);
    Value eval_store_target(const ast::Expr* node);
    Value resolve_arg(const ast::Expr* node);
    bool unbound_name(const ast::Expr* node) const;
    Value resolved_arg(const ast::Expr* node, const ObjectRef& obj);
    // lower_starred.cpp
    std::vector<Value> unpack_starred(const ast::Starred* node);
    int64_t eval_const_slice_component(const ast::Expr* node);
    SliceBounds eval_const_slice(const ast::Slice* node, std::optional<int64_t> length);
    // Warp's resolve_static_expression: a dotted path resolved in module scope.
    ObjectRef resolve_static_path(const ast::Expr* node, std::vector<std::string_view>* path_out = nullptr);
    ObjectRef resolve_path(std::span<const std::string_view> path);
    // `type(x)` / `type(x).dtype` as a call's function (lower_type_operator.cpp); null otherwise.
    ObjectRef resolve_type_operator(const ast::Expr* func, std::vector<std::string_view>* path);
    Var* vector_component_index(const ast::Expr* node, std::string_view component, TypeRef vector_type);
    const LValueOrigin* reference_origin_for_var(const Var* var, LValueOrigin* storage) const;

    // statements (lower_stmt.cpp)
    void emit_function_def(const ast::FunctionDef* node);
    void emit_if(const ast::If* node);
    void emit_for(const ast::For* node);
    void emit_while(const ast::While* node);
    void emit_break(const ast::Stmt* node);
    void emit_continue(const ast::Stmt* node);
    void emit_return(const ast::Return* node);
    void emit_expr_stmt(const ast::ExprStmt* node);
    void emit_assert(const ast::Assert* node);
    void eval_body(const std::vector<ast::Stmt*>& body);
    // range() loops (lower_range.cpp)
    RangeArg eval_range_arg(const ast::Expr* node);
    ConstantRange python_range(const ast::Call* call, const std::vector<RangeArg>& args);
    void promote_mutated_iter_constants(const std::vector<ast::Stmt*>& body);
    std::pair<std::vector<ast::Stmt*>, bool> lower_unrolled_continues(const std::vector<ast::Stmt*>& body,
                                                                      const std::string& active_name);

    // assignments (lower_assign.cpp)
    void emit_assign(const ast::Assign* node);
    void augassign_name(const ast::AugAssign* node, std::string_view op_name, const ObjectRef& user_op);
    void emit_augassign(const ast::AugAssign* node);
    void store_subscript(const ast::Subscript* lhs, Var* target, const std::vector<Var*>& indices, Var* rhs);
    void store_attribute(const ast::Attribute* lhs, Var* aggregate, Var* rhs);
    Var* resolve_attribute_store_aggregate(const ast::Expr* node);

    // array slots (lower_slots.cpp)
    Var* array_slot_reference(std::shared_ptr<const ArraySlot> slot, const LValueOrigin* origin);
    std::shared_ptr<const ArraySlot> select_array_slot(const Var* target, const std::vector<Var*>* indices,
                                                       const std::string_view* attr, const ast::Expr* node);
    bool is_atomic_slot(const ArraySlot& slot, ast::BinOpKind op) const;
    void emit_array_slot(const ArraySlot& slot, Var* rhs, const char* operation, const Pos* where);
    std::string array_slot_adjoint(const Var* root);
    void record_unsupported_slot_adjoint(const Var* result, const Var* target);

    // calls (calls.cpp)
    Value add_builtin_call_resolved(const Object& func, std::span<const CallArgument> args,
                                    std::span<const CallArgument> kwargs,
                                    const std::vector<std::pair<std::string, builtins::CallArg>>& type_args,
                                    int min_outputs, bool return_value_used, const ast::Expr* call_node);
    Value resolve_builtin_call(const Object& func, const builtins::Builtin& builtin,
                               std::span<const CallArgument> args, std::span<const CallArgument> kwargs,
                               const std::vector<std::pair<std::string, builtins::CallArg>>& type_args,
                               int min_outputs, bool return_value_used, const Pos& where,
                               const CallPlanKey* plan_key);
    Value add_planned_call(const Object& func, const builtins::Builtin& builtin, const CallPlan& plan,
                           std::span<const CallArgument> args, bool return_value_used, const Pos& where);
    Value add_planned_call(const builtins::Builtin& builtin, const PlannedCall& planned, const CallPlan& plan,
                           std::span<const CallArgument> args);
    Value finish_builtin_call(const Object& func, const builtins::Builtin& builtin, const ResolvedCall& call,
                              CallEmission& e, const std::vector<Var*>& outputs,
                              std::span<const CallArgument> args, std::span<const CallArgument> kwargs,
                              bool return_value_used, const Pos& where);
    Var* retype_wide_literal(const builtins::Overload& ov, Var* arg);
    void share_result_tiles(const builtins::Dispatch& d, const builtins::CallResult& result,
                            std::span<const builtins::BoundArg> bound, std::span<const CallArgument> args,
                            std::span<const CallArgument> kwargs, const std::vector<Var*>& outputs,
                            const Pos& where);
    void dispatch_arguments(const Object& func, const builtins::Dispatch& d,
                            std::span<const builtins::BoundArg> bound, std::span<const CallArgument> args,
                            std::span<const CallArgument> kwargs, std::span<Var* const> outputs,
                            const Pos& where, std::vector<Var*>& func_args);
    bool user_overload_exists(FunctionGroup& group, std::span<const CallArgument> args);
    void refuse_indexed_array_gradient_argument(const std::vector<Var*>& args, const Pos& where) const;
    UserFunction* select_user_overload(FunctionGroup& group, std::span<const CallArgument> args,
                                       std::span<const CallArgument> kwargs, const Pos& where);
    // wp.grad(f)(args...) (lower_grad_call.cpp)
    Value emit_grad_call(const ast::Call* node, const ast::Call* grad);
    // `wp.grad(f)` not called at once: a handle (Warp's GradWrapper) a local can hold.
    Value emit_grad_wrapper(const ast::Call* grad);
    // A call of a wp.grad(f) handle.
    Value emit_grad_wrapper_call(const ast::Call* node, const Object& wrapper);
    Value emit_grad_builtin_call(const ast::Call* node, const Object& builtin);
    void grad_call_arguments(const ast::Call* node, std::vector<CallArgument>& args,
                             std::vector<CallArgument>& kwargs);
    // wp.Function arguments (callable_args.cpp): the clone of `f` for the functions they pass.
    UserFunction* specialize_callable(UserFunction* f, std::span<const CallArgument> args,
                                      std::span<const CallArgument> kwargs, const Pos& where);
    Value emit_address_of(const ast::Call* node);
    UserFunction* instantiate_template(FunctionGroup& group, std::span<const CallArgument> args,
                                       std::span<const CallArgument> kwargs, const Pos& where);
    Value add_user_call(struct FunctionGroup* group, std::span<const CallArgument> args,
                        std::span<const CallArgument> kwargs, int min_outputs, const ast::Expr* call_node);
    Value emit_struct_constructor(TypeRef struct_type, const std::vector<CallArgument>& args,
                                  const std::vector<CallArgument>& kwargs, const ast::Expr* call_node);

    StableStore<Var> var_storage_;
    // Owns nodes Warp synthesizes while lowering (unrolled continues): made when first needed, as
    // its thirty node stores cost every function built their construction and destruction.
    std::unique_ptr<ast::Module> synthetic_;
    ast::Module& synthetic() {
        if (!synthetic_) synthetic_ = std::make_unique<ast::Module>();
        return *synthetic_;
    }
    std::vector<Block*> loop_blocks_;
    std::vector<SymbolTable> loop_symbols_;
    std::set<std::string, std::less<>> loop_const_iter_symbols_;
    std::string indentation_;
    int label_count_ = 0;
    std::optional<int> lineno_;
    // set_lineno of a new line: its comments in the forward, replay and reverse bodies.
    void start_line(int relative_lineno);
    Pos current_pos_;
    std::vector<std::pair<Var*, Pos>> unprintable_; // constants Warp's constant_str raises for
    // Calls whose results are unpacked into this many names (Warp's `node.expects`).
    std::unordered_map<const ast::Call*, int> expected_outputs_;
    // A vector (a deque allocated twice for every function built, used or not).
    std::vector<std::unique_ptr<builtins::TypeArgs>> type_args_storage_;

  public:
    int label_count() const { return label_count_; }
};

} // namespace ws
