#include "codegen/object.h"

#include "builtins/builtin.h"

#include <unordered_map>

namespace ws {

bool Object::is_from_warp() const {
    switch (kind) {
    case Kind::Builtin:
    case Kind::WarpModule:
    case Kind::WarpPyFunc: return true;
    case Kind::Unsupported:
        return name.rfind("module warp", 0) == 0 || name.rfind("warp.", 0) == 0 || name.rfind("wp.", 0) == 0;
    default: return false;
    }
}

bool Object::is_numpy_module() const {
    return kind == Kind::Unsupported && (name == "module numpy" || name.rfind("module numpy.", 0) == 0);
}

std::shared_ptr<const Object> Object::make_constant(Constant c) {
    auto o = std::make_shared<Object>();
    o->kind = Kind::Constant;
    o->name = "constant";
    o->value = std::move(c);
    return o;
}

std::shared_ptr<const Object> Object::make_type(TypeRef t, std::string python_name) {
    auto o = std::make_shared<Object>();
    o->kind = t->is_struct() ? Kind::Struct : Kind::Type;
    o->type = t;
    o->name = python_name.empty() ? t->repr : std::move(python_name);
    return o;
}

std::shared_ptr<const Object> Object::make_named(Kind kind, std::string name) {
    auto o = std::make_shared<Object>();
    o->kind = kind;
    o->name = std::move(name);
    return o;
}

std::shared_ptr<const Object> Object::make_builtin(const builtins::Builtin& b) {
    // Immutable, and the registry's builtins live as long as the process: one object per
    // builtin and thread (a call of a builtin through an attribute allocated one each time).
    thread_local std::unordered_map<const builtins::Builtin*, std::shared_ptr<const Object>> made;
    std::shared_ptr<const Object>& kept = made[&b];
    if (!kept) {
        auto o = std::make_shared<Object>();
        o->kind = Kind::Builtin;
        o->name = std::string(b.key);
        o->builtin = &b;
        kept = std::move(o);
    }
    return kept;
}

std::shared_ptr<const Object> Object::make_unsupported(std::string what) {
    return make_named(Kind::Unsupported, std::move(what));
}

std::shared_ptr<const Object> Object::make_complex() {
    auto o = std::make_shared<Object>();
    o->kind = Kind::Unsupported;
    o->name = "a complex number (warpsynth does not model complex numbers)";
    o->is_complex = true;
    return o;
}

} // namespace ws
