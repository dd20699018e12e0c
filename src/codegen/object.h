// Module-level Python objects: what a name in a Warp module can stand for
// when the code generator looks it up (Warp's resolve_external_reference /
// resolve_path). We never run Python; module_scope.cpp evaluates the small
// part of Python that Warp modules use at top level into these.
#pragma once

#include "types/constant.h"
#include "types/type.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ws {

namespace builtins {
struct Builtin;
}
struct FunctionGroup;
struct KernelDef;
class ModuleScope;

struct Object {
    enum class Kind {
        Constant,    // a value: Python number/bool, Warp scalar or composite instance
        Type,        // a type object: float, int, bool, wp.float64, wp.vec3, a custom vector type...
        Struct,      // a @wp.struct class (type set to the struct type)
        Function,    // user @wp.func (all overloads of one name)
        Kernel,      // a @wp.kernel
        Builtin,     // a Warp builtin function, e.g. wp.sin (name: the builtin key)
        PyBuiltin,   // a Python builtin: range, min, max, abs, len, float, int, bool, print, type...
        WarpModule,  // the warp package or one of its modules (name: "warp", "warp.types", "math"), or a
                     // module of the installed package that warpsynth read (`module` set)
        WarpPyFunc,  // a Python-level Warp function: wp.constant, wp.static, wp.types.vector, ...
        Sequence,    // a Python tuple or list of objects (used by wp.static expressions)
        Dict,        // a Python dict with str keys (`keys`, values in `items`), read by wp.static
        EnumClass,   // an enum.IntEnum / enum.IntFlag class: in kernels its members are int constants
        PlainClass,  // a plain Python class whose body binds only constants: `Flags.ON` in kernels
        Unsupported, // something we cannot model; `name` says what, used only in errors
    };
    Kind kind = Kind::Unsupported;
    std::string name;              // builtin key / module / function name / description
    std::optional<Constant> value; // Constant
    TypeRef type = nullptr;        // Type, Struct
    FunctionGroup* function = nullptr;
    KernelDef* kernel = nullptr;
    const builtins::Builtin* builtin = nullptr; // Builtin, when known: spares a lookup by name per call
    bool custom = false;     // a type made at import time (wp.types.vector/matrix, @wp.struct)
    bool is_complex = false; // Unsupported: a Python complex number (its value is not modelled)
    std::vector<std::shared_ptr<const Object>> items;     // Sequence, Dict (values)
    std::vector<std::string> keys;                        // Dict
    std::vector<std::pair<std::string, int64_t>> members; // EnumClass, in definition order
    std::vector<std::pair<std::string, std::shared_ptr<const Object>>> attributes; // PlainClass;
                                                                                   // WarpModule: submodules
    const ModuleScope* module = nullptr; // WarpModule read from the installed Warp: its globals
    bool unread_module = false;          // Unsupported: a module of the installed Warp warpsynth cannot read

    // Whether the object is, or comes from, the warp package.
    bool is_from_warp() const;
    // NumPy or one of its submodules. It holds no Warp functions: `np.sqrt(x)` in a kernel is
    // Warp's builtin `sqrt`, while any other module warpsynth does not model (of the user's
    // package, a namespace, a class) may hold a @wp.func under a builtin's name.
    bool is_numpy_module() const;

    static std::shared_ptr<const Object> make_constant(Constant c);
    static std::shared_ptr<const Object> make_type(TypeRef t, std::string python_name = "");
    static std::shared_ptr<const Object> make_named(Kind kind, std::string name);
    static std::shared_ptr<const Object> make_builtin(const builtins::Builtin& b);
    // Something we cannot model; `what` says what, for messages.
    static std::shared_ptr<const Object> make_unsupported(std::string what);
    static std::shared_ptr<const Object> make_complex();
};

using ObjectRef = std::shared_ptr<const Object>;

// The name of a WarpPyFunc object holding `wp.grad(f)` (Warp's GradWrapper; `function` is f).
inline constexpr std::string_view kGradWrapper = "GradWrapper";

inline bool is_grad_wrapper(const Object& o) {
    return o.kind == Object::Kind::WarpPyFunc && o.name == kGradWrapper;
}

// A constant holding a Python int, float or bool (not a Warp scalar).
inline bool is_py_number(const ObjectRef& o) {
    return o && o->kind == Object::Kind::Constant && o->value->is_py_number();
}

} // namespace ws
