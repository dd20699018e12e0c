// What the code generator computes with: SSA variables (Warp's Var) and the
// values an expression can evaluate to (a variable, several outputs of a
// call, or a module-level object such as a function or a type).
#pragma once

#include "codegen/object.h"
#include "types/constant.h"
#include "types/type.h"

#include <algorithm>
#include <array>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ws {

struct Var;

// A step's index variables: up to four (an array's dimensions) held inline, more in a vector.
// A vector for every subscript of a referenced array cost an allocation each.
class StepIndices {
  public:
    StepIndices() = default;
    void assign(std::span<Var* const> v) {
        n_ = v.size();
        if (n_ <= kInline)
            std::copy(v.begin(), v.end(), inline_.begin());
        else
            more_.assign(v.begin(), v.end());
    }
    size_t size() const { return n_; }
    const Var* operator[](size_t i) const { return n_ <= kInline ? inline_[i] : more_[i]; }

  private:
    static constexpr size_t kInline = 4;
    std::array<const Var*, kInline> inline_{};
    size_t n_ = 0;
    std::vector<const Var*> more_;
};

// One access step from an addressable root to a nested lvalue (Warp's _LValueStep).
struct LValueStep {
    enum class Kind { Field, Array, View, Index } kind = Kind::Field;
    std::string field;   // Field
    StepIndices indices; // Array / View / Index
    std::string pointer_cast;
    std::string adjoint_pointer_cast;
};

// Provenance of a reference: root variable plus access steps (Warp's _LValueOrigin). The steps
// are a chain shared between an origin and its extensions: most subscripts and attributes
// extend an origin that is never read, and copying the steps cost several allocations each.
class LValueOrigin {
  public:
    const Var* root = nullptr; // null: no origin
    bool root_is_ref_parameter = false;

    LValueOrigin() = default;
    LValueOrigin(const Var* r, bool ref_parameter) : root(r), root_is_ref_parameter(ref_parameter) {}
    explicit operator bool() const { return root != nullptr; }
    bool has_steps() const { return last_ != nullptr; }
    // The steps from the root outwards.
    std::vector<const LValueStep*> steps() const;

    LValueOrigin extend_field(std::string field, std::string pointer_cast = "",
                              std::string adjoint_cast = "") const;
    LValueOrigin extend_array(std::span<Var* const> indices) const {
        return extend_indices(LValueStep::Kind::Array, indices);
    }
    LValueOrigin extend_view(std::span<Var* const> indices) const {
        return extend_indices(LValueStep::Kind::View, indices);
    }
    LValueOrigin extend_index(std::span<Var* const> indices) const {
        return extend_indices(LValueStep::Kind::Index, indices);
    }
    LValueOrigin extend_index(Var* index) const {
        return extend_indices(LValueStep::Kind::Index, std::span<Var* const>(&index, 1));
    }

    std::string emit_lvalue(bool adjoint = false) const;
    std::string emit_pointer(bool adjoint = false) const;
    // The adjoint's address; a view before the last step becomes a local `_wp_ref_view_<N>`
    // declared by a statement added to `prelude` (N counts up from `label_count`).
    std::string emit_adjoint_pointer(int& label_count, std::vector<std::string>& prelude) const;
    // The lvalue expression one step reaches from `base`.
    static std::string step_lvalue(const std::string& base, const LValueStep& step);

  private:
    struct Node {
        std::shared_ptr<const Node> prev; // null: `step` is the first
        LValueStep step;
        size_t depth = 1;
    };
    LValueOrigin extend_indices(LValueStep::Kind kind, std::span<Var* const> indices) const;
    LValueOrigin extend_node(std::shared_ptr<Node> node) const;
    std::string root_expression(bool adjoint) const;
    static std::string chain(std::string base, const Node* last);
    std::shared_ptr<const Node> last_; // null: the root itself
};

// The identity of a tile's Python type object, which Warp shares between variables (a copy or
// `where` of register tiles, a function's result and its return variable) and mutates in place
// when a builtin moves the tile to shared memory: every variable holding it changes storage.
struct TileCell {
    std::vector<Var*> vars;
    // Held by a parameter of a function cloned for its wp.Function arguments: the clones share
    // the annotation, so a later clone would start from the changed type (not modelled).
    bool cloned_parameter = false;
    // A builtin moved it to shared memory.
    bool moved = false;
};

// A resolved store location inside an array element (Warp's _ArraySlot).
struct ArraySlot {
    const Var* root = nullptr;
    std::vector<const Var*> indices;
    std::string access; // e.g. ".component_ref(var_3)"
    TypeRef type = nullptr;
};

struct Var {
    // Provided, not defaulted: StableStore's `T()` would then zero all 248 bytes before the
    // member initializers ran (a `rep stos` for every variable).
    Var() {} // NOLINT(modernize-use-equals-default)
    std::string label;
    TypeRef type = nullptr;
    std::optional<Constant> constant;
    bool prefix = true; // emitted as var_<label>; false: label is the C++ text
    bool is_parameter = false;
    int relative_lineno = -1; // statement that created it (unused without line directives)
    LValueOrigin ref_origin;
    // Rarely set, so behind one pointer: as four shared pointers in every variable they cost
    // each one their construction and destruction.
    struct Extras {
        std::shared_ptr<const ArraySlot> array_slot;
        // A tuple of compile-time constants (e.g. `shape=(2, 2)`): its elements.
        std::shared_ptr<const std::vector<Constant>> tuple_constants;
        // A tuple built by a tuple expression: its element variables (Warp's tuple_t.values),
        // which tile builtins pass one by one (`offset=(i, j)`).
        std::shared_ptr<const std::vector<Var*>> tuple_elements;
        // A tile: the type object it shares with other variables (see TileCell).
        std::shared_ptr<TileCell> tile_cell;
    };
    const Extras* extras() const { return extras_.get(); }
    Extras& set_extras() {
        if (!extras_) extras_ = std::make_unique<Extras>();
        return *extras_;
    }
    const ArraySlot* array_slot() const { return extras_ ? extras_->array_slot.get() : nullptr; }
    const std::vector<Constant>* tuple_constants() const {
        return extras_ ? extras_->tuple_constants.get() : nullptr;
    }
    const std::vector<Var*>* tuple_elements() const {
        return extras_ ? extras_->tuple_elements.get() : nullptr;
    }
    TileCell* tile_cell() const { return extras_ ? extras_->tile_cell.get() : nullptr; }
    std::shared_ptr<TileCell> shared_tile_cell() const { return extras_ ? extras_->tile_cell : nullptr; }
    // A Python tuple of variables that Warp's code generator hands to a builtin (a tile
    // subscript's indices): never declared, its elements reach C++ as they are.
    bool python_tuple = false;

    // `var_<label>` (or the label itself without prefix, not copied); cached, since every
    // statement spells a few variables. Filled in place: `"var_" + label` built a temporary
    // and moved it in, about 150 instructions for each of ~80 variables per kernel.
    const std::string& emit() const {
        if (!prefix) return label;
        if (emitted_.empty()) emitted_.append("var_", 4).append(label);
        return emitted_;
    }
    // Not cached as emit() is: most variables spell their adjoint once (the declaration), and a
    // second cached string cost every variable its construction and destruction.
    std::string emit_adj() const {
        if (!prefix) return label;
        std::string s;
        s.reserve(4 + label.size());
        s.append("adj_", 4).append(label);
        return s;
    }
    // The text before the label in emit_adj(), for writing the adjoint's name as two pieces.
    std::string_view adj_prefix() const { return prefix ? "adj_" : ""; }
    std::string emit(std::string_view prefix_name) const {
        if (prefix_name == "var") return emit();
        if (prefix_name == "adj") return emit_adj();
        if (!prefix) return label;
        std::string s(prefix_name);
        s += '_';
        s += label;
        return s;
    }
    const std::string& ctype() const { return type->ctype; }
    // The type without a Reference (the value type for declarations of adjoints).
    const std::string& value_ctype() const { return types::strip_reference(type)->ctype; }

  private:
    mutable std::string emitted_;
    std::unique_ptr<Extras> extras_;

  public:
};

// The result of evaluating an expression.
struct Value {
    enum class Kind { None, Var, Outputs, Object } kind = Kind::None;
    Var* var = nullptr;
    ObjectRef object;

    Value() = default;
    Value(Var* v) : kind(Kind::Var), var(v) {} // NOLINT: implicit by design
    // Copies test for outputs and an object first: most values are a variable alone, and the
    // members' own copies (a shared pointer's count) cost more.
    Value(const Value& o) : kind(o.kind), var(o.var) {
        if (o.outputs_) [[unlikely]]
            outputs_ = std::make_unique<std::vector<Var*>>(*o.outputs_);
        if (o.object) object = o.object;
    }
    Value& operator=(const Value& o) {
        if (this == &o) return *this;
        kind = o.kind;
        var = o.var;
        outputs_ = o.outputs_ ? std::make_unique<std::vector<Var*>>(*o.outputs_) : nullptr;
        if (o.object || object) object = o.object;
        return *this;
    }
    Value(Value&&) noexcept = default;
    Value& operator=(Value&&) noexcept = default;
    [[gnu::always_inline]] ~Value() = default; // inline: called out of line for every value before
    static Value of_outputs(std::vector<Var*> vs) {
        Value v;
        v.kind = Kind::Outputs;
        v.outputs_ = std::make_unique<std::vector<Var*>>(std::move(vs));
        return v;
    }
    static Value of_object(ObjectRef o) {
        Value v;
        v.kind = Kind::Object;
        v.object = std::move(o);
        return v;
    }
    bool is_var() const { return kind == Kind::Var; }
    bool is_object() const { return kind == Kind::Object; }
    bool is_none() const { return kind == Kind::None; }
    // A call's several outputs (returned as a Python tuple); empty for other values.
    const std::vector<Var*>& outputs() const {
        static const std::vector<Var*> kNone;
        return outputs_ ? *outputs_ : kNone;
    }
    bool same_as(const Value& o) const {
        if (kind != o.kind) return false;
        switch (kind) {
        case Kind::None: return true;
        case Kind::Var: return var == o.var;
        case Kind::Outputs: return outputs() == o.outputs();
        case Kind::Object: return object == o.object;
        }
        return false;
    }

  private:
    // Behind a pointer: few values have several outputs, and a vector member cost every value
    // (each expression's result, each symbol read) its construction and destruction.
    std::unique_ptr<std::vector<Var*>> outputs_;
};

} // namespace ws
