// What `import warp as wp` exposes: every attribute of the `warp` and
// `warp.types` modules of the pinned release, classified (builtin function,
// scalar or composite type, Python constant, Python-level helper, ...), read
// from the release by tools/dump_warp_registry.py into warp_namespace.inc.
//
// Also the counts of `@wp.func` keys Warp itself defines at import
// (function_key_counts): a user function whose key is one of those gets the
// next suffix (`transform_compose_3`, `norm_l2_1`).
//
// Calling a type, as Warp's codegen resolves it (Adjoint.emit_Call): the name
// as written (`wp.spatial_vector`, `vec3`) is looked up among the builtins
// first; only if it is none of them is the type's constructor builtin used
// (`vector`, `matrix`, `quaternion`, `transformation`). Either way the type's
// arguments (TypeArgs below) come along; binding keeps the ones the chosen
// builtin's signature has.
#pragma once

#include "builtins/builtin.h"
#include "types/constant.h"
#include "types/type.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ws::builtins {

enum class NamespaceKind : uint8_t {
    Builtin,        // a builtin function (payload: its key in the registry)
    PythonFunc,     // a Python @wp.func shipped with Warp (norm_l2, transform_compose): unsupported
    ScalarType,     // wp.float32, wp.int8, wp.bool, wp.handle (uint64)...
    CompositeType,  // wp.vec3, wp.mat33d, wp.quat, wp.transform, wp.spatial_vector...
    ArrayClass,     // wp.array, wp.array2d, wp.indexedarray, wp.fixedarray...
    Int,            // a Python int constant
    Float,          // a Python float constant (wp.pi, wp.e, wp.inf, wp.nan...)
    Bool,           // a Python bool constant
    Generic,        // the TypeVars wp.Scalar, wp.Float, wp.Int
    Module,         // wp.types, wp.config...
    PythonCallable, // any other Python function or class (wp.kernel, wp.func, wp.constant, wp.static,
                    // wp.types.vector, ...): payload is its qualified name
    Other,
};

struct NamespaceEntry {
    std::string_view module; // "warp" or "warp.types"
    std::string_view name;
    NamespaceKind kind = NamespaceKind::Other;
    std::string_view payload; // see NamespaceKind; the raw text of the table
    std::string_view extra;   // CompositeType: constructor builtin key; ArrayClass: ndim ("" = any)

    const Builtin* builtin = nullptr; // Builtin: the function; CompositeType: its constructor
    TypeRef type = nullptr;           // ScalarType / CompositeType
    ArrayClass array_class = ArrayClass::Array;
    int ndim = 0;             // ArrayClass: 1..4 for array1d..array4d, 0 when not fixed
    int64_t int_value = 0;    // Int, Bool
    double float_value = 0.0; // Float
};

// nullptr when the module has no such attribute. `module` is "warp" or "warp.types".
const NamespaceEntry* lookup(std::string_view module, std::string_view name);
std::span<const NamespaceEntry> namespace_entries();

// warp._src.context.function_key_counts right after `import warp`: how many
// @wp.func with that key exist before any user code runs (0 for other keys).
int function_key_count(std::string_view key);
std::span<const std::pair<std::string_view, int>> function_key_counts();
// Whether `import warp` has run the module of the warp package with this dotted
// name (`warp._src.math`): importing it again runs nothing.
bool preloaded_module(std::string_view dotted_name);

// Warp's `_wp_constructor_` of a composite type: "vector", "matrix",
// "quaternion" or "transformation" (empty for other types).
std::string_view constructor_key(TypeRef composite);

// Warp's `_wp_type_args_` of a composite type used as a constructor:
// length/dtype (vector), shape/dtype (matrix), dtype (quaternion, transform).
// Owns the constants the CallArgs point to; neither copyable nor movable.
class TypeArgs {
  public:
    explicit TypeArgs(TypeRef composite);
    TypeArgs(const TypeArgs&) = delete;
    TypeArgs& operator=(const TypeArgs&) = delete;

    std::span<const std::pair<std::string, CallArg>> args() const { return args_; }

  private:
    Constant length_;
    std::vector<Constant> shape_;
    std::vector<std::pair<std::string, CallArg>> args_;
};

} // namespace ws::builtins
