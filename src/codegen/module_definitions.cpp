// Definitions at a module's top level: @wp.func and @wp.kernel functions,
// @wp.struct classes, and the type annotations of their parameters.
#include "codegen/adjoint.h"
#include "codegen/emit.h"
#include "codegen/module_scope.h"
#include "codegen/warp_library.h"
#include "codegen/warp_names.h"
#include "syntax/ast_walk.h"
#include "types/name_hash.h"
#include "types/str_cat.h"

#include <algorithm>
#include <fmt/format.h>

namespace ws {

// Names compared as views: libstdc++ 12 compares a std::string with a C string through
// strlen and memcmp calls; a view literal compares the sizes first.
using namespace std::string_view_literals;

UserFunction::UserFunction() = default;
UserFunction::~UserFunction() = default;
KernelDef::KernelDef() = default;
KernelDef::~KernelDef() = default;

void ModuleScope::define_function(const ast::FunctionDef* def) {
    // Classify the decorators: @wp.func / @wp.kernel make Warp objects; other
    // Warp decorators are refused; anything else leaves a plain Python function.
    std::string kind;
    const ast::Call* deco_call = nullptr;
    bool other_decorators = false;
    const ast::Expr* overload_decorator = nullptr;
    for (const ast::Expr* dx : def->decorators) {
        const ast::Call* dc = dx->kind == ast::ExprKind::Call ? ast::as<ast::Call>(dx) : nullptr;
        require_defined_root(dc ? dc->func : dx);
        ObjectRef d = eval_python(dc ? dc->func : dx);
        if (d && d->kind == Object::Kind::WarpPyFunc &&
            (same_name(d->name, "func") || same_name(d->name, "kernel") ||
             (same_name(d->name, "func_native") && dc))) {
            kind = d->name;
            deco_call = dc;
        } else if (d && dc && d->kind == Object::Kind::WarpPyFunc &&
                   (same_name(d->name, "func_grad") || same_name(d->name, "func_replay"))) {
            kind = d->name;
            deco_call = dc;
        } else if (d && !dc && d->kind == Object::Kind::WarpPyFunc && same_name(d->name, "overload")) {
            overload_decorator = dx;
        } else if (d && d->is_from_warp()) {
            fail(dx->pos, fmt::format("unsupported Warp decorator '{}' (warpsynth supports @wp.func, "
                                      "@wp.func_native, @wp.func_grad, @wp.func_replay and @wp.kernel)",
                                      expr_text(source(), dx)));
        } else {
            other_decorators = true;
        }
    }
    if (overload_decorator) {
        if (def->decorators.size() != 1)
            fail(def->decorators[0]->pos, "@wp.overload combined with other decorators is not supported");
        overload_stub(def, overload_decorator);
        return;
    }
    if (kind.empty()) {
        run_plain_def(def);
        ObjectRef plain =
            Object::make_unsupported(fmt::format("Python function '{}' (not a @wp.func)", def->name));
        (*bindings_)[def->name] = plain;
        if (bindings_ == &globals_) plain_defs_[def->name] = {def, plain.get()};
        return;
    }
    if (other_decorators || def->decorators.size() != 1)
        fail(def->decorators[0]->pos,
             fmt::format("@wp.{} combined with other decorators is not supported", kind));

    if (kind == "func_grad"sv || kind == "func_replay"sv)
        define_custom_adjoint(def, deco_call, kind == "func_grad"sv);
    else if (kind == "kernel"sv)
        define_kernel(def, deco_call);
    else
        define_user_function(def, deco_call, kind == "func_native"sv);
}

// Python evaluates a decorator when the `def` runs: `@c.kernel` with no `c` bound yet
// raises NameError and the module never loads, so it must not become a plain function.
// After a `from other import *` the name may come from there, which warpsynth cannot
// know: refused too, since guessing either way could print code for a module that
// does not load.
void ModuleScope::require_defined_root(const ast::Expr* e) const {
    while (e->kind == ast::ExprKind::Attribute) e = ast::as<ast::Attribute>(e)->value;
    if (e->kind != ast::ExprKind::Name) return;
    std::string_view id = ast::as<ast::Name>(e)->id;
    if (global(id) || python_builtin(id)) return;
    if (star_import_)
        fail(e->pos, fmt::format("decorator: name '{}' is not bound in this file (a `from ... import *` may "
                                 "bind it; warpsynth does not read other modules)",
                                 id));
    fail(e->pos, fmt::format("decorator: Python raises NameError: name '{}' is not defined", id));
}

// What Python evaluates when a plain `def` runs: its defaults, and its annotations unless
// `from __future__ import annotations` defers them. One that raises (`x=1 / 0`,
// `x: dict[str, Any] | True`) stops the import; what we cannot evaluate is assumed fine.
void ModuleScope::run_plain_def(const ast::FunctionDef* def) {
    const ast::Arguments& a = def->args;
    for (const ast::Expr* d : a.defaults) eval_python(d);
    for (const ast::Expr* d : a.kw_defaults)
        if (d) eval_python(d);
    if (future_annotations_) return;
    for (const auto* params : {&a.posonlyargs, &a.args, &a.kwonlyargs})
        for (const ast::Arg& p : *params)
            if (p.annotation) eval_python(p.annotation);
    for (const ast::Arg* p : {a.vararg, a.kwarg})
        if (p && p->annotation) eval_python(p->annotation);
    if (def->returns) eval_python(def->returns);
}

void ModuleScope::define_kernel(const ast::FunctionDef* def, const ast::Call* decorator) {
    auto k = std::make_unique<KernelDef>();
    k->src = function_source(def, true);
    auto omit = [&](const Pos& pos, std::string what, std::string reason) {
        (*bindings_)[def->name] = Object::make_unsupported(std::move(what));
        omitted_.push_back({def->name, pos.line, pos.col + 1, std::move(reason)});
    };
    if (decorator && !apply_kernel_options(decorator, *k)) {
        omit(decorator->pos, fmt::format("kernel '{}' of another module", def->name),
             fmt::format("kernel '{}' belongs to another module (@wp.kernel(module=...)): it has no code in "
                         "this one",
                         def->name));
        return;
    }
    if (kernel_keys_.count(k->src.key))
        fail(def->pos, fmt::format("kernel '{}' is defined twice", def->name));
    for (const Param& p : k->src.params) k->src.is_generic = k->src.is_generic || p.type->is_generic();
    auto obj = std::make_shared<Object>();
    obj->kind = Object::Kind::Kernel;
    obj->name = def->name;
    obj->kernel = k.get();
    (*bindings_)[def->name] = obj;
    registered_kernels_[k->src.key] = k.get();
    // A generic kernel is only compiled for the types wp.overload gives it; alone it adds no code.
    if (!k->src.is_generic) {
        kernels_.push_back(k.get());
        kernel_keys_.insert(k->src.key);
    }
    kernel_storage_.push_back(std::move(k));
}

std::vector<OmittedKernel> ModuleScope::omitted_kernels() const {
    std::vector<OmittedKernel> out = omitted_;
    for (const auto& k : kernel_storage_) {
        if (!k->src.is_generic || !k->overloads.empty()) continue;
        // A generic kernel is only compiled for wp.overload()-ed types; alone it adds no code.
        const Param* p = nullptr;
        for (const Param& q : k->src.params)
            if (!p && q.type->is_generic()) p = &q;
        const std::string& name = k->src.def->name;
        out.push_back(
            {name, p->pos.line, p->pos.col + 1,
             fmt::format("kernel '{}' is generic (parameter '{}' is typed with Any): Warp generates its "
                         "code only for wp.overload() declarations and launches",
                         name, p->name)});
    }
    std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.line < b.line; });
    return out;
}

void ModuleScope::define_user_function(const ast::FunctionDef* def, const ast::Call* deco_call, bool native) {
    if (!native && deco_call && (!deco_call->args.empty() || !deco_call->keywords.empty()))
        fail(deco_call->pos, "@wp.func arguments are not supported yet");
    auto f = std::make_unique<UserFunction>();
    f->src = function_source(def, false);
    if (native) native_snippets(deco_call, *f);
    for (const Param& p : f->src.params) f->src.is_generic = f->src.is_generic || p.type->is_generic();
    // Native names count every Function with this key created in the process,
    // starting after the ones Warp itself defines at import (Warp's own modules define them).
    f->native_name = cat(f->src.key, "_", next_function_index(f->src.key));

    // Same name bound to a function group: add an overload, or replace one with
    // the same signature (Warp compares signatures as strings of type codes).
    auto signature = [](const UserFunction& u) {
        std::string sig;
        for (size_t i = 0; i < u.src.params.size(); ++i)
            sig += (i ? "_" : "") + type_code(u.src.params[i].type);
        return sig;
    };
    auto bind_group = [&](std::unique_ptr<FunctionGroup> g) {
        auto obj = std::make_shared<Object>();
        obj->kind = Object::Kind::Function;
        obj->name = def->name;
        obj->function = g.get();
        (*bindings_)[def->name] = obj;
        groups_.push_back(std::move(g));
    };
    std::shared_ptr<UserFunction> fn = std::move(f);
    auto bound = bindings_->find(def->name);
    ObjectRef existing = bound == bindings_->end() ? nullptr : bound->second;
    FunctionGroup* group =
        existing && existing->kind == Object::Kind::Function ? existing->function : nullptr;
    if (group) {
        auto& list = fn->src.is_generic ? group->templates : group->overloads;
        for (size_t i = 0; i < list.size(); ++i)
            if (signature(*list[i]) == signature(*fn)) {
                // A new Function object: names bound to the old one keep the old definition.
                auto g = std::make_unique<FunctionGroup>(*group);
                (fn->src.is_generic ? g->templates : g->overloads)[i] = fn;
                // Instantiations of a replaced template are not carried over.
                if (fn->src.is_generic)
                    std::erase_if(g->overloads,
                                  [&](const auto& o) { return o->generic_parent == list[i].get(); });
                bind_group(std::move(g));
                return;
            }
        list.push_back(fn);
        return;
    }
    auto g = std::make_unique<FunctionGroup>();
    g->key = fn->src.key;
    (fn->src.is_generic ? g->templates : g->overloads).push_back(fn);
    bind_group(std::move(g));
}

// A class whose body defines Warp functions or kernels: Warp registers them as the body runs,
// keyed by their qualified name (`Class__name`); they are attributes of the class, which
// kernels reach as `Class.name`. Its body may also hold a docstring, `pass`, plain methods
// and constants.
ObjectRef ModuleScope::warp_class(const ast::ClassDef* def) {
    if (!def->bases.empty() || !def->keywords.empty() || !def->decorators.empty() ||
        !qualname_prefix_.empty())
        fail(def->pos,
             "Warp kernels and functions are supported in a top-level class without bases or decorators "
             "only");
    Bindings attributes;
    bindings_ = &attributes;
    qualname_prefix_ = def->name + "__";
    for (const ast::Stmt* st : def->body) {
        const auto* as = st->kind == ast::StmtKind::Assign ? ast::as<ast::Assign>(st) : nullptr;
        if (st->kind == ast::StmtKind::FunctionDef) {
            define_function(ast::as<ast::FunctionDef>(st));
        } else if (as && as->targets.size() == 1 && as->targets[0]->kind == ast::ExprKind::Name) {
            attributes[ast::as<ast::Name>(as->targets[0])->id] = eval_python(as->value);
        } else if (st->kind != ast::StmtKind::Pass &&
                   !(st->kind == ast::StmtKind::Expr &&
                     ast::as<ast::ExprStmt>(st)->value->kind == ast::ExprKind::Constant)) {
            bindings_ = &globals_;
            qualname_prefix_.clear();
            fail(st->pos,
                 "this statement in a class that defines Warp kernels or functions is not supported");
        }
    }
    bindings_ = &globals_;
    qualname_prefix_.clear();
    auto o = std::make_shared<Object>();
    o->kind = Object::Kind::PlainClass;
    o->name = def->name;
    // In name order, as the ordered map gave them.
    for (auto& [name, value] : std::map<std::string, ObjectRef>(attributes.begin(), attributes.end()))
        o->attributes.emplace_back(name, value);
    return o;
}

// `class C(IntEnum)` / `(enum.IntFlag)`, ...: whether the class derives from Python's int enums.
bool ModuleScope::is_int_enum_base(const ast::Expr* base) const {
    auto is_enum_name = [](std::string_view n) { return n == "IntEnum"sv || n == "IntFlag"sv; };
    if (base->kind == ast::ExprKind::Name) { // from enum import IntEnum
        ObjectRef o = global(ast::as<ast::Name>(base)->id);
        return o && o->kind == Object::Kind::Unsupported &&
               (same_name(o->name, "enum.IntEnum") || same_name(o->name, "enum.IntFlag"));
    }
    if (base->kind != ast::ExprKind::Attribute) return false; // import enum; enum.IntEnum
    const auto* a = ast::as<ast::Attribute>(base);
    if (!is_enum_name(a->attr) || a->value->kind != ast::ExprKind::Name) return false;
    ObjectRef m = global(ast::as<ast::Name>(a->value)->id);
    return m && m->kind == Object::Kind::Unsupported && same_name(m->name, "module enum");
}

// An int enum class whose body is a docstring and `NAME = <int literal>` lines: in kernels its
// members are int constants. Other bodies (auto(), methods, computed values) are not modelled.
ObjectRef ModuleScope::int_enum_class(const ast::ClassDef* def) const {
    auto o = std::make_shared<Object>();
    o->kind = Object::Kind::EnumClass;
    o->name = def->name;
    for (const ast::Stmt* st : def->body) {
        if (st->kind == ast::StmtKind::Expr &&
            ast::as<ast::ExprStmt>(st)->value->kind == ast::ExprKind::Constant)
            continue; // docstring
        const auto* as = st->kind == ast::StmtKind::Assign ? ast::as<ast::Assign>(st) : nullptr;
        ObjectRef v = as && as->targets.size() == 1 && as->targets[0]->kind == ast::ExprKind::Name
                          ? eval_python(as->value)
                          : nullptr;
        std::optional<int64_t> n;
        if (v && v->kind == Object::Kind::Constant && v->value->value_kind() == Constant::Kind::PyInt)
            n = v->value->as_int64();
        if (!n)
            return Object::make_unsupported(fmt::format(
                "enum class '{}' (warpsynth models int enums whose members are int literals only)",
                def->name));
        o->members.emplace_back(ast::as<ast::Name>(as->targets[0])->id, *n);
    }
    return o;
}

// A plain class without bases whose body is a docstring, `pass` and `NAME = <constant>` lines:
// Warp reads such an attribute in a kernel as a constant (`Flags.ON`). Null for other classes.
ObjectRef ModuleScope::plain_class(const ast::ClassDef* def) const {
    if (!def->bases.empty() || !def->keywords.empty()) return nullptr;
    auto o = std::make_shared<Object>();
    o->kind = Object::Kind::PlainClass;
    o->name = def->name;
    for (const ast::Stmt* st : def->body) {
        if (st->kind == ast::StmtKind::Pass) continue;
        if (st->kind == ast::StmtKind::Expr &&
            ast::as<ast::ExprStmt>(st)->value->kind == ast::ExprKind::Constant)
            continue; // docstring
        const auto* as = st->kind == ast::StmtKind::Assign ? ast::as<ast::Assign>(st) : nullptr;
        if (!as || as->targets.size() != 1 || as->targets[0]->kind != ast::ExprKind::Name) return nullptr;
        ObjectRef v = eval_python(as->value);
        if (!v || v->kind != Object::Kind::Constant) return nullptr;
        std::string_view name = ast::as<ast::Name>(as->targets[0])->id;
        std::erase_if(o->attributes, [&](const auto& a) { return a.first == name; });
        o->attributes.emplace_back(name, v);
    }
    return o;
}

void ModuleScope::define_struct(const ast::ClassDef* def) {
    ObjectRef d = def->decorators.size() == 1 ? eval_python(def->decorators[0]) : nullptr;
    bool is_struct = d && d->kind == Object::Kind::WarpPyFunc && same_name(d->name, "struct");
    if (!is_struct && def->decorators.empty() && def->bases.size() == 1 && def->keywords.empty() &&
        is_int_enum_base(def->bases[0])) {
        globals_[def->name] = int_enum_class(def);
        return;
    }
    if (!is_struct) {
        // A plain class: harmless unless its body defines Warp kernels or functions
        // (Warp registers those when the class body runs).
        for (const ast::Stmt* st : def->body)
            if (st->kind == ast::StmtKind::FunctionDef)
                for (const ast::Expr* dx : ast::as<ast::FunctionDef>(st)->decorators) {
                    const ast::Expr* target =
                        dx->kind == ast::ExprKind::Call ? ast::as<ast::Call>(dx)->func : dx;
                    ObjectRef o = eval_python(target);
                    if (o && o->is_from_warp()) {
                        (*bindings_)[def->name] = warp_class(def);
                        return;
                    }
                }
        ObjectRef plain = def->decorators.empty() ? plain_class(def) : nullptr;
        (*bindings_)[def->name] =
            plain ? plain
                  : Object::make_unsupported(fmt::format("Python class '{}' (not a @wp.struct)", def->name));
        return;
    }
    if (!def->bases.empty()) fail(def->bases[0]->pos, "Warp structs must be defined as base classes");
    StructDef s;
    s.key = def->name;
    std::vector<std::pair<std::string, TypeRef>> fields;
    std::vector<bool> handles;
    for (const ast::Stmt* st : def->body) {
        if (st->kind == ast::StmtKind::AnnAssign) {
            const auto* a = ast::as<ast::AnnAssign>(st);
            if (a->target->kind != ast::ExprKind::Name) fail(st->pos, "struct fields must be simple names");
            // A default is a class attribute Python evaluates at import; Warp's code ignores it.
            if (a->value) {
                ObjectRef v = eval_python(a->value);
                if (!v || v->kind == Object::Kind::Unsupported)
                    fail(a->value->pos,
                         "struct field default values are supported when warpsynth can evaluate "
                         "them (numbers, Warp values)");
            }
            TypeRef t = eval_annotation(a->annotation);
            // Warp fails to make the ctypes layout (a query class has no `_type_`).
            if (t->kind == TypeKind::Opaque && !types::is_texture(t))
                fail(a->annotation->pos,
                     fmt::format("a query object ({}) cannot be a struct field", t->repr));
            fields.emplace_back(ast::as<ast::Name>(a->target)->id, t);
            ObjectRef ann = eval_python(a->annotation);
            handles.push_back(ann && ann->kind == Object::Kind::Type && !ann->custom &&
                              same_name(ann->name, "handle"));
        } else if (st->kind == ast::StmtKind::Pass ||
                   (st->kind == ast::StmtKind::Expr &&
                    ast::as<ast::ExprStmt>(st)->value->kind == ast::ExprKind::Constant)) {
            continue;
        } else {
            fail(st->pos, "struct bodies may only contain annotated fields");
        }
    }
    s.native_name = s.key + "_" + struct_hash_hex(s.key, fields, &s.digest);
    for (size_t i = 0; i < fields.size(); ++i)
        s.fields.push_back({fields[i].first, fields[i].second, handles[i]});
    TypeRef t = types::structure(std::move(s));
    auto obj = std::make_shared<Object>(*Object::make_type(t, def->name));
    obj->custom = true;
    globals_[def->name] = obj;
}

int ModuleScope::array_ndim(const ast::Expr* e) const {
    ObjectRef n = eval_python(e);
    if (!n || n->kind != Object::Kind::Constant) fail(e->pos, "array ndim must be a constant");
    if (!n->value->holds_int()) fail(e->pos, "array ndim must be an integer");
    std::optional<int64_t> v = n->value->as_int64();
    return v && *v >= 1 && *v <= 4 ? static_cast<int>(*v) : 0; // 0: out of range
}

// Warp's type hint classes subscripted, `Vector[dtype, Literal[n]]` and
// `Matrix[dtype, Literal[rows], Literal[cols]]`: the vector or matrix type they name.
TypeRef ModuleScope::generic_hint_annotation(const ast::Subscript* sub, bool matrix) {
    const auto* params = sub->slice->kind == ast::ExprKind::Tuple ? ast::as<ast::Tuple>(sub->slice) : nullptr;
    size_t count = matrix ? 3 : 2;
    if (!params || params->elts.size() != count)
        fail(sub->pos, fmt::format("unsupported type annotation '{}'", expr_text(source(), sub)));
    TypeRef dtype = eval_annotation(params->elts[0]);
    if (!dtype->is_scalar())
        fail(params->elts[0]->pos, fmt::format("unsupported type annotation '{}'", expr_text(source(), sub)));
    std::vector<int> dims;
    for (size_t i = 1; i < count; ++i) {
        const ast::Expr* n = params->elts[i];
        std::optional<int64_t> size = annotation_int(n);
        if (!size || *size <= 0) fail(n->pos, "vector and matrix sizes must be positive integers");
        if (*size > (1 << 16)) fail(n->pos, "a vector or matrix this large is not modelled by warpsynth");
        dims.push_back(static_cast<int>(*size));
    }
    return matrix ? types::matrix(dims[0], dims[1], dtype->scalar) : types::vector(dims[0], dtype->scalar);
}

// wp.HashGridQuery[dtype]: the query class of that coordinate precision (types.py's
// hash_grid_query_type).
TypeRef ModuleScope::hash_grid_query_annotation(const ast::Subscript* sub) {
    TypeRef dtype = eval_annotation(sub->slice);
    if (dtype->is_scalar() && dtype->scalar == Scalar::Float16) return types::opaque("_HashGridQueryH");
    if (dtype->is_scalar() && dtype->scalar == Scalar::Float32) return types::opaque("HashGridQuery");
    if (dtype->is_scalar() && dtype->scalar == Scalar::Float64) return types::opaque("_HashGridQueryD");
    fail(sub->slice->pos, fmt::format("Unsupported dtype {} for HashGridQuery. Supported types: float16, "
                                      "float32, float64",
                                      dtype->repr));
}

namespace {

// An array annotation family: wp.array / wp.array2d (classes), wp.indexedarray (class),
// wp.indexedarray2d, wp.fabricarrayarray (functions that fix ndim), ...
struct ArrayFamily {
    ArrayClass cls = ArrayClass::Array;
    int ndim = 0;               // fixed by the name (array2d, indexedarray2d), else 0
    bool subscriptable = false; // a class: Warp's __class_getitem__ takes [dtype(, ndim)]
};

std::optional<ArrayFamily> array_family(const ObjectRef& f) {
    if (!f || f->kind != Object::Kind::WarpPyFunc) return std::nullopt;
    static constexpr std::pair<std::string_view, ArrayClass> kFamilies[] = {
        {"indexedfabricarray", ArrayClass::IndexedFabricArray},
        {"indexedarray", ArrayClass::IndexedArray},
        {"fabricarray", ArrayClass::FabricArray},
        {"array", ArrayClass::Array},
    };
    for (const auto& [prefix, cls] : kFamilies) {
        std::string_view n = f->name;
        if (!n.starts_with(prefix)) continue;
        n.remove_prefix(prefix.size());
        ArrayFamily fam;
        fam.cls = cls;
        if (n.size() == 2 && n[1] == 'd' && n[0] >= '1' && n[0] <= '4')
            fam.ndim = n[0] - '0';
        else if (!n.empty())
            return std::nullopt;
        // wp.array1d..4d are classes; wp.indexedarray2d and wp.fabricarrayarray are functions.
        fam.subscriptable = cls == ArrayClass::Array || fam.ndim == 0;
        return fam;
    }
    return std::nullopt;
}

} // namespace

// The fabric constructors keep a Python `float`/`int`/`bool` dtype as it is (Warp prints it
// `float`, not `wp::float32`, and then mixes it with float32): not modelled.
void ModuleScope::refuse_python_scalar_dtype(const ast::Call& call) const {
    for (const auto& kw : call.keywords) {
        if (kw.arg != "dtype"sv) continue;
        ObjectRef t = eval_python(kw.value);
        if (t && t->kind == Object::Kind::Type && !t->custom &&
            (same_name(t->name, "float") || same_name(t->name, "int") || same_name(t->name, "bool")))
            fail(kw.value->pos, fmt::format("a fabric array annotation with Python's `{}` as dtype is not "
                                            "supported (write a Warp type such as wp.float32)",
                                            t->name));
    }
}

// wp.fixedarray(dtype=T, shape=S) (positional: dtype, shape), S an int or a tuple of ints.
TypeRef ModuleScope::eval_fixedarray_annotation(const ast::Call& call) {
    const ast::Expr* dtype_node = call.args.size() > 0 ? call.args[0] : nullptr;
    const ast::Expr* shape_node = call.args.size() > 1 ? call.args[1] : nullptr;
    if (call.args.size() > 2) fail(call.args[2]->pos, "wp.fixedarray takes a dtype and a shape");
    for (const auto& kw : call.keywords) {
        if (same_name(kw.arg, "dtype"))
            dtype_node = kw.value;
        else if (same_name(kw.arg, "shape"))
            shape_node = kw.value;
        else
            fail(kw.value->pos, fmt::format("unsupported fixedarray annotation argument '{}'", kw.arg));
    }
    if (!dtype_node || !shape_node)
        fail(call.pos, "fixedarray annotations are supported with a dtype and a constant shape");
    TypeRef dtype = eval_annotation(dtype_node);
    ObjectRef shape = eval_python(shape_node);
    std::vector<ObjectRef> dims;
    if (shape && shape->kind == Object::Kind::Sequence)
        dims = shape->items;
    else
        dims = {shape};
    std::vector<int> extents;
    int64_t size = 1;
    for (const ObjectRef& d : dims) {
        std::optional<int64_t> v;
        if (d && d->kind == Object::Kind::Constant && d->value->holds_int() &&
            d->value->kind != Constant::Kind::PyBool)
            v = d->value->as_int64();
        if (!v || *v < 1 || *v > INT32_MAX || (size *= *v) > INT32_MAX)
            fail(shape_node->pos, "a fixedarray shape must be 1 to 4 positive integer constants");
        extents.push_back(static_cast<int>(*v));
    }
    if (extents.empty() || extents.size() > 4 || !(dtype->is_value() || dtype->is_struct()))
        fail(call.pos,
             "fixedarray annotations are supported with 1 to 4 dimensions and a value or struct dtype");
    return types::fixed_array(dtype, extents);
}

// wp.tile_stack(capacity=C, dtype=T): C a positive int constant, T a scalar, vector or matrix.
TypeRef ModuleScope::eval_tile_stack_annotation(const ast::Call& call) {
    const ast::Expr* capacity_node = nullptr;
    const ast::Expr* dtype_node = nullptr;
    for (const auto& kw : call.keywords) {
        if (same_name(kw.arg, "capacity")) capacity_node = kw.value;
        if (same_name(kw.arg, "dtype")) dtype_node = kw.value;
    }
    if (!call.args.empty() || call.keywords.size() != 2 || !capacity_node || !dtype_node)
        fail(call.pos, "tile_stack annotations are supported as wp.tile_stack(capacity=C, dtype=T)");
    ObjectRef c = eval_python(capacity_node);
    std::optional<int64_t> capacity;
    if (c && c->kind == Object::Kind::Constant && c->value->kind == Constant::Kind::PyInt)
        capacity = c->value->as_int64();
    if (!capacity || *capacity < 1 || *capacity > (1 << 20))
        fail(capacity_node->pos, "a tile_stack capacity must be a positive int constant");
    TypeRef dtype = eval_annotation(dtype_node);
    if (!(dtype->is_scalar() || dtype->is_vector() || dtype->is_matrix()) || dtype->scoped)
        fail(dtype_node->pos, "tile_stack annotations of this dtype are not supported");
    return types::tile_stack(dtype, static_cast<int>(*capacity));
}

TypeRef ModuleScope::eval_annotation(const ast::Expr* e, const ObjectRef* value) {
    // wp.array(dtype=T, ndim=N), wp.array2d(dtype=T), wp.indexedarray(dtype=T, ndim=N), ...
    if (e->kind == ast::ExprKind::Call) {
        const auto* call = ast::as<ast::Call>(e);
        ObjectRef f = eval_python(call->func);
        if (f && f->kind == Object::Kind::WarpPyFunc && same_name(f->name, "fixedarray"))
            return eval_fixedarray_annotation(*call);
        if (f && f->kind == Object::Kind::Unsupported && same_name(f->name, "warp._src.types.tile_stack"))
            return eval_tile_stack_annotation(*call);
        if (std::optional<ArrayFamily> fam = array_family(f)) {
            bool plain_array = fam->cls == ArrayClass::Array;
            int ndim = fam->ndim ? fam->ndim : 1;
            TypeRef dtype = nullptr;
            // The first positional argument of the other families is the data, not a dtype.
            if (!call->args.empty()) {
                if (!plain_array)
                    fail(call->args[0]->pos, "array annotations take their dtype and ndim as keywords");
                dtype = eval_annotation(call->args[0]);
            }
            for (const auto& kw : call->keywords) {
                if (same_name(kw.arg, "dtype"))
                    dtype = eval_annotation(kw.value);
                else if (same_name(kw.arg, "ndim") && (!plain_array || !fam->ndim)) {
                    int n = array_ndim(kw.value);
                    if (!fam->ndim) ndim = n; // wp.indexedarray2d(ndim=3) is still 2-d
                } else {
                    fail(kw.value->pos, fmt::format("unsupported array annotation argument '{}'", kw.arg));
                }
            }
            if (!dtype) fail(e->pos, "array annotations need a dtype");
            if (ndim < 1 || ndim > 4) fail(e->pos, "arrays have 1 to 4 dimensions");
            if (fam->cls == ArrayClass::FabricArray || fam->cls == ArrayClass::IndexedFabricArray)
                refuse_python_scalar_dtype(*call);
            return types::array(dtype, ndim, fam->cls);
        }
        // wp.types.vector(3, wp.float16), wp.types.matrix(shape=(2, 2), dtype=float): a type made
        // where it is used, as at module level
        if (f && f->kind == Object::Kind::WarpPyFunc &&
            (same_name(f->name, "vector") || same_name(f->name, "matrix")))
            if (ObjectRef t = eval_python(e); t && t->kind == Object::Kind::Type) return t->type;
        fail(e->pos, fmt::format("unsupported type annotation '{}'", expr_text(source(), e)));
    }
    // wp.array[T], wp.array2d[T], wp.array[T, N], wp.array[T, Literal[N]], wp.indexedarray[T]
    if (e->kind == ast::ExprKind::Subscript) {
        const auto* sub = ast::as<ast::Subscript>(e);
        ObjectRef f = eval_python(sub->value);
        std::optional<ArrayFamily> fam = array_family(f);
        if (fam && fam->subscriptable) {
            int ndim = fam->ndim ? fam->ndim : 1;
            const ast::Expr* dtype_node = sub->slice;
            if (sub->slice->kind == ast::ExprKind::Tuple) {
                const auto& elts = ast::as<ast::Tuple>(sub->slice)->elts;
                if (elts.size() != 2 || fam->ndim) fail(e->pos, "unsupported array annotation");
                dtype_node = elts[0];
                const ast::Expr* n = elts[1];
                if (n->kind == ast::ExprKind::Subscript) n = ast::as<ast::Subscript>(n)->slice; // Literal[N]
                ndim = array_ndim(n);
            }
            TypeRef dtype = eval_annotation(dtype_node);
            if (ndim < 1 || ndim > 4) fail(e->pos, "arrays have 1 to 4 dimensions");
            return types::array(dtype, ndim, fam->cls);
        }
        if (f && f->kind == Object::Kind::Type && f->type == types::opaque("HashGridQuery"))
            return hash_grid_query_annotation(sub);
        if (f && f->kind == Object::Kind::Unsupported && same_name(f->name, "warp._src.types.tile"))
            return tile_annotation(sub);
        if (f && f->kind == Object::Kind::Unsupported &&
            (same_name(f->name, "warp._src.types.Vector") || same_name(f->name, "warp._src.types.Matrix")))
            return generic_hint_annotation(sub, same_name(f->name, "warp._src.types.Matrix"));
        fail(e->pos, fmt::format("unsupported type annotation '{}'", expr_text(source(), e)));
    }
    if (e->kind == ast::ExprKind::Constant &&
        ast::as<ast::Constant>(e)->value_kind == ast::Constant::Kind::None)
        return types::void_type();
    ObjectRef t = value ? *value : eval_python(e);
    // wp.Function annotates parameters of user functions only (see function_source).
    if (t && t->kind == Object::Kind::Type && t->type->is_function())
        fail(e->pos, "wp.Function annotates parameters of user functions only");
    if (t && (t->kind == Object::Kind::Type || t->kind == Object::Kind::Struct)) return t->type;
    fail(e->pos, fmt::format("unsupported type annotation '{}'", expr_text(source(), e)));
}

// `tuple[T0, T1, ...]` on a @wp.func parameter: a tuple of those element types. Null when the
// annotation is not a subscripted `tuple`; `tuple[T, ...]` (generic) is refused.
TypeRef ModuleScope::tuple_param_annotation(const ast::Expr* annotation) {
    if (annotation->kind != ast::ExprKind::Subscript) return nullptr;
    const auto* sub = ast::as<ast::Subscript>(annotation);
    if (sub->value->kind != ast::ExprKind::Name || ast::as<ast::Name>(sub->value)->id != "tuple"sv ||
        global("tuple"))
        return nullptr;
    std::vector<const ast::Expr*> elts;
    if (sub->slice->kind == ast::ExprKind::Tuple)
        for (const ast::Expr* x : ast::as<ast::Tuple>(sub->slice)->elts) elts.push_back(x);
    else
        elts.push_back(sub->slice);
    if (elts.empty() || elts.size() > 16)
        fail(annotation->pos,
             fmt::format("unsupported type annotation '{}'", expr_text(source(), annotation)));
    auto is_ellipsis = [](const ast::Expr* x) {
        return x->kind == ast::ExprKind::Constant &&
               ast::as<ast::Constant>(x)->value_kind == ast::Constant::Kind::Ellipsis;
    };
    if (elts.size() == 2 && !is_ellipsis(elts[0]) && is_ellipsis(elts[1])) {
        TypeRef t = eval_annotation(elts[0]);
        if (t->is_generic() || t->kind == TypeKind::Void || t->is_tuple())
            fail(elts[0]->pos,
                 fmt::format("unsupported type annotation '{}'", expr_text(source(), annotation)));
        return types::variadic_tuple(t);
    }
    std::vector<TypeRef> types;
    std::vector<std::string> python_names;
    for (const ast::Expr* x : elts) {
        if (is_ellipsis(x))
            fail(x->pos, "an ellipsis in a tuple annotation is supported only after one type, as in "
                         "tuple[int, ...]");
        TypeRef t = eval_annotation(x);
        if (t->is_generic() || t->kind == TypeKind::Void || t->is_tuple())
            fail(x->pos, fmt::format("unsupported type annotation '{}'", expr_text(source(), annotation)));
        ObjectRef o = eval_python(x);
        bool python =
            o && o->kind == Object::Kind::Type &&
            (same_name(o->name, "float") || same_name(o->name, "int") || same_name(o->name, "bool"));
        types.push_back(t);
        python_names.push_back(python ? o->name : "");
    }
    return types::tuple_annotation(types, python_names);
}

// `wp.Function`: a parameter that takes a Warp function (Warp specializes the callee per target).
bool ModuleScope::is_function_annotation(const ast::Expr* annotation, ObjectRef* value) const {
    ObjectRef t = annotation->kind == ast::ExprKind::Name || annotation->kind == ast::ExprKind::Attribute
                      ? eval_python(annotation)
                      : nullptr;
    bool function = t && t->kind == Object::Kind::Type && t->type->is_function();
    if (value) *value = std::move(t);
    return function;
}

// A parameter annotated with Python's `str` (not a global of that name): a @wp.func that
// prints a message it is given.
bool ModuleScope::is_python_str(const ast::Expr* annotation) const {
    return annotation->kind == ast::ExprKind::Name && ast::as<ast::Name>(annotation)->id == "str"sv &&
           !global("str");
}

// A parameter passed by reference, `wp.ref[T]` written out (aliases of it are not
// modelled): a pointer to a local, an array element or another wp.ref parameter.
TypeRef ModuleScope::ref_annotation(const ast::Expr* annotation) {
    if (annotation->kind != ast::ExprKind::Subscript) return nullptr;
    const auto* sub = ast::as<ast::Subscript>(annotation);
    ObjectRef f = eval_python(sub->value);
    if (!f || f->kind != Object::Kind::WarpPyFunc || f->name != "ref"sv) return nullptr;
    TypeRef target = eval_annotation(sub->slice);
    if (!target->is_value() && !target->is_struct())
        fail(annotation->pos,
             fmt::format("wp.ref[{}] parameters are not supported by warpsynth (only scalars, "
                         "vectors, matrices, quaternions, transforms and structs)",
                         target->repr));
    return types::reference(target);
}

FunctionSource ModuleScope::function_source(const ast::FunctionDef* def, bool is_kernel) {
    FunctionSource fs;
    fs.def = def;
    fs.scope = this;
    fs.key = qualname_prefix_ + def->name; // Warp's key: the qualified name, `Class__name` in a class
    fs.closure = closure_;
    fs.fun_lineno = def->first_line;
    fs.display_lineno = def->first_line;
    const ast::Arguments& a = def->args;
    if (!a.posonlyargs.empty() || a.vararg || !a.kwonlyargs.empty() || a.kwarg)
        fail(def->pos, fmt::format("function '{}' uses *args, **kwargs, keyword-only or positional-only "
                                   "parameters, which Warp does not support",
                                   def->name));
    size_t first_default = a.args.size() - a.defaults.size();
    fs.params.reserve(a.args.size()); // grown one by one, it moved every Param at each doubling
    for (size_t i = 0; i < a.args.size(); ++i) {
        const ast::Arg& arg = a.args[i];
        if (!arg.annotation)
            fail(arg.pos,
                 fmt::format("incomplete argument annotations on function {}: '{}' has no type annotation",
                             def->name, arg.name));
        Param p;
        p.name = arg.name;
        p.pos = arg.pos;
        ObjectRef value; // a name or attribute annotation, evaluated once
        if (is_function_annotation(arg.annotation, &value)) {
            if (is_kernel) fail(arg.pos, "kernel parameters cannot be typed wp.Function");
            p.type = types::function_param();
        } else if (TypeRef ref = ref_annotation(arg.annotation)) {
            if (is_kernel) fail(arg.pos, "wp.ref[T] kernel parameters are not supported by warpsynth");
            p.type = ref;
        } else if (TypeRef tup = is_kernel ? nullptr : tuple_param_annotation(arg.annotation)) {
            p.type = tup;
        } else {
            p.type = is_python_str(arg.annotation)
                         ? types::str()
                         : eval_annotation(arg.annotation, value ? &value : nullptr);
        }
        if (p.type->kind == TypeKind::Void) fail(arg.pos, "parameters cannot be annotated as None");
        if (p.type->kind == TypeKind::Str && is_kernel)
            fail(arg.pos,
                 "kernel parameters cannot be strings: Warp generates the code but cannot launch it");
        if (i >= first_default) {
            if (is_kernel)
                fail(a.defaults[i - first_default]->pos, "kernel parameters cannot have default values");
            const ast::Expr* dflt = a.defaults[i - first_default];
            if (p.type->kind == TypeKind::Str && dflt->kind == ast::ExprKind::Constant &&
                ast::as<ast::Constant>(dflt)->value_kind == ast::Constant::Kind::Str) {
                p.has_default = true;
                p.default_value = Constant::py_str(ast::as<ast::Constant>(dflt)->str_value);
                fs.params.push_back(std::move(p));
                continue;
            }
            ObjectRef d = eval_python(dflt);
            if (p.type->is_function()) {
                if (!d || (d->kind != Object::Kind::Function && d->kind != Object::Kind::Builtin))
                    fail(dflt->pos, "the default of a wp.Function parameter must be a Warp function");
                p.has_default = true;
                p.default_function = d;
                fs.params.push_back(std::move(p));
                continue;
            }
            if (!d || d->kind != Object::Kind::Constant)
                fail(a.defaults[i - first_default]->pos, "default values must be numbers or booleans");
            p.has_default = true;
            p.default_value = *d->value;
        }
        fs.params.push_back(std::move(p));
    }
    if (def->returns) {
        const ast::Expr* r = def->returns;
        if (r->kind == ast::ExprKind::Subscript) {
            const auto* s = ast::as<ast::Subscript>(r);
            std::vector<std::string> path;
            if (dotted_name(s->value, path) && path.back() == "tuple"sv) {
                std::vector<const ast::Expr*> elts;
                if (s->slice->kind == ast::ExprKind::Tuple)
                    for (const ast::Expr* x : ast::as<ast::Tuple>(s->slice)->elts) elts.push_back(x);
                else
                    elts.push_back(s->slice);
                for (const ast::Expr* x : elts) fs.return_tuple.push_back(eval_annotation(x));
                fs.has_return_annotation = true;
                return fs;
            }
        }
        TypeRef t = eval_annotation(r);
        if (t->kind != TypeKind::Void) {
            fs.return_annotation = t;
            fs.has_return_annotation = true;
        }
    }
    resolve_static_expressions(fs);
    return fs;
}

} // namespace ws
