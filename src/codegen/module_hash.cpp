// Warp's kernel content hash (ModuleHasher.hash_kernel). Warp 1.19 emits a
// module's kernels sorted by this hash, and a kernel's name without
// strip_hash ends with its first 8 hex digits, so both depend on it.
//
// The hash covers the function's source text as Python's inspect extracts
// it, the parameter type codes, and the globals, types and user functions the
// body references, found by a breadth-first walk of the syntax tree in
// CPython's field order.
#include "codegen/module_hash.h"

#include "builtins/builtin.h"
#include "codegen/emit.h"
#include "codegen/module_scope.h"
#include "syntax/ast_walk.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <deque>
#include <fmt/format.h>
#include <limits>
#include <map>
#include <openssl/evp.h>
#include <set>
#include <stdexcept>

namespace ws {

namespace {

class Sha256 {
  public:
    Sha256() : ctx_(EVP_MD_CTX_new()) { EVP_DigestInit_ex(ctx_, EVP_sha256(), nullptr); }
    ~Sha256() { EVP_MD_CTX_free(ctx_); }
    Sha256(const Sha256&) = delete;
    Sha256& operator=(const Sha256&) = delete;
    void update(std::string_view s) { EVP_DigestUpdate(ctx_, s.data(), s.size()); }
    void update(const std::vector<unsigned char>& b) { EVP_DigestUpdate(ctx_, b.data(), b.size()); }
    std::vector<unsigned char> digest() {
        unsigned char d[EVP_MAX_MD_SIZE];
        unsigned int n = 0;
        EVP_DigestFinal_ex(ctx_, d, &n);
        return {d, d + n};
    }

  private:
    EVP_MD_CTX* ctx_;
};

std::vector<unsigned char> le_bytes(uint64_t v, int n) {
    std::vector<unsigned char> b(n);
    for (int i = 0; i < n; ++i) b[i] = static_cast<unsigned char>(v >> (8 * i));
    return b;
}

std::vector<unsigned char> float_bytes(float f) {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return le_bytes(u, 4);
}

// C's (float)d as ctypes.c_float applies it: round to nearest, and past the
// largest float to infinity (a plain static_cast is undefined there).
float c_float(double d) {
    if (std::isfinite(d) && std::fabs(d) > std::numeric_limits<float>::max()) {
        const double tie = 0x1.ffffffp+127; // halfway from FLT_MAX to 2^128: ties go to even, infinity
        const float big =
            std::fabs(d) >= tie ? std::numeric_limits<float>::infinity() : std::numeric_limits<float>::max();
        return std::signbit(d) ? -big : big;
    }
    return static_cast<float>(d);
}

std::vector<unsigned char> half_bytes(double v) {
    // ctypes stores float16 components as IEEE half bits.
    float f = c_float(v);
    uint32_t x;
    std::memcpy(&x, &f, 4);
    uint32_t sign = (x >> 16) & 0x8000;
    int32_t exp = static_cast<int32_t>((x >> 23) & 0xff) - 127 + 15;
    uint32_t mant = x & 0x7fffff;
    uint16_t h;
    if (((x >> 23) & 0xff) == 0xff)
        h = static_cast<uint16_t>(sign | 0x7c00 | (mant ? 0x200 : 0));
    else if (exp >= 31)
        h = static_cast<uint16_t>(sign | 0x7c00);
    else if (exp <= 0) {
        if (exp < -10)
            h = static_cast<uint16_t>(sign);
        else {
            mant |= 0x800000;
            int shift = 14 - exp;
            uint32_t hm = mant >> shift;
            uint32_t rem = mant & ((1u << shift) - 1), half = 1u << (shift - 1);
            if (rem > half || (rem == half && (hm & 1))) ++hm;
            h = static_cast<uint16_t>(sign | hm);
        }
    } else {
        uint32_t hm = mant >> 13, rem = mant & 0x1fff;
        uint32_t r = (static_cast<uint32_t>(exp) << 10) | hm;
        if (rem > 0x1000 || (rem == 0x1000 && (hm & 1))) ++r;
        h = static_cast<uint16_t>(sign | r);
    }
    return le_bytes(h, 2);
}

std::vector<unsigned char> scalar_bytes(Scalar s, const Constant& c) {
    switch (s) {
    case Scalar::Bool: return le_bytes(c.truthy() ? 1 : 0, 1);
    case Scalar::Float16: return half_bytes(c.as_double());
    case Scalar::BFloat16: return le_bytes(bfloat16_bits(c_float(c.as_double())), 2);
    case Scalar::Float32: return float_bytes(c_float(c.as_double()));
    case Scalar::Float64: {
        double d = c.as_double();
        uint64_t u;
        std::memcpy(&u, &d, 8);
        return le_bytes(u, 8);
    }
    default: {
        return le_bytes(c.i.low_u64(), scalar_bits(s) / 8); // ctypes wraps ints to the type's width
    }
    }
}

// Warp's get_constant_bytes.
std::vector<unsigned char> constant_bytes(const Constant& c) {
    switch (c.kind) {
    case Constant::Kind::PyBool:
    case Constant::Kind::PyInt: return le_bytes(c.i.low_u64(), 4); // ctypes.c_int wraps
    case Constant::Kind::PyFloat: return float_bytes(c_float(c.f));
    case Constant::Kind::Scalar:
        // ctypes.c_float(value.value): the value a wp.float16 holds may be a Python int.
        if (c.type->scalar == Scalar::Float16 || c.type->scalar == Scalar::BFloat16)
            return float_bytes(c_float(c.as_double()));
        return scalar_bytes(c.type->scalar, c);
    case Constant::Kind::PyStr:
        // Strings are literals in the kernel's text (hashed with it); Warp cannot hash a str global.
        throw std::logic_error("module hash: a string constant has no bytes");
    case Constant::Kind::Composite: {
        std::vector<unsigned char> out;
        for (const Constant& comp : c.components) {
            auto b = scalar_bytes(c.type->scalar, comp);
            out.insert(out.end(), b.begin(), b.end());
        }
        return out;
    }
    }
    return {};
}

class Hasher {
  public:
    Hasher(const DeferredStatics& deferred, WarpLibrary* warp_library)
        : deferred_(deferred), warp_library_(warp_library) {}

    std::vector<unsigned char> kernel(const KernelDef& k) {
        Sha256 h;
        h.update(k.src.key);
        for (const auto& [opt, value] : k.options.hash_text) h.update(fmt::format("{}:{}", opt, value));
        h.update(adjoint(k.src));
        return h.digest();
    }

  private:
    std::string function_source(const FunctionSource& src) const {
        const SourceFile& file = src.scope->source(); // Warp's own file for its Python-written builtins
        int start = src.fun_lineno;
        int last = src.def->pos.end_line;
        std::string_view first = file.line(start);
        size_t base_indent = first.find_first_not_of(" \t\f\v");
        if (base_indent == std::string_view::npos) base_indent = first.size();
        int end = last; // 1-based index of the last line included
        for (int l = last + 1; l <= file.line_count(); ++l) {
            std::string_view t = file.line(l);
            size_t p = t.find_first_not_of(" \t\f\v\r");
            if (p != std::string_view::npos && p <= base_indent) break;
            end = l;
        }
        while (end > last && file.line(end).find_first_not_of(" \t\f\v\r") == std::string_view::npos) --end;
        // textwrap.dedent: whitespace-only lines become empty; the common margin is removed.
        std::vector<std::string> lines;
        for (int l = start; l <= end; ++l) {
            std::string t(file.line(l));
            if (t.find_first_not_of(" \t") == std::string::npos) t.clear();
            lines.push_back(std::move(t));
        }
        std::optional<std::string> margin;
        for (const auto& t : lines) {
            if (t.empty()) continue;
            std::string lead = t.substr(0, t.find_first_not_of(" \t"));
            if (!margin)
                margin = lead;
            else {
                size_t i = 0;
                while (i < margin->size() && i < lead.size() && (*margin)[i] == lead[i]) ++i;
                margin->resize(i);
            }
        }
        std::string out;
        for (auto& t : lines) {
            if (margin && !t.empty()) t.erase(0, margin->size());
            out += t;
            out += '\n';
        }
        return out;
    }

    // Names assigned by `=` anywhere in the function (Warp's assigned_name_ids).
    static void assigned_names(const ast::Expr* t, std::set<std::string, std::less<>>& out) {
        if (t->kind == ast::ExprKind::Name)
            out.emplace(ast::as<ast::Name>(t)->id);
        else if (t->kind == ast::ExprKind::Tuple)
            for (auto* e : ast::as<ast::Tuple>(t)->elts) assigned_names(e, out);
        else if (t->kind == ast::ExprKind::List)
            for (auto* e : ast::as<ast::List>(t)->elts) assigned_names(e, out);
    }

    ObjectRef resolve_path(const FunctionSource& src, const std::vector<std::string>& path,
                           const std::set<std::string>& symbols) const {
        if (path.empty() || symbols.count(path[0])) return nullptr;
        ObjectRef obj = resolve_global_path(src, std::span<const std::string>(path));
        if (!obj) return nullptr;
        if (ObjectRef f = warp_builtin_function(*obj, path.back())) return f;
        return obj;
    }

    // `wp.<name>` for a builtin Warp writes in Python: its function when Warp's source is at hand
    // (else codegen refuses the call), or null.
    ObjectRef warp_builtin_function(const Object& obj, const std::string& name) const {
        if (!warp_library_ || obj.kind != Object::Kind::Unsupported || !obj.is_from_warp() ||
            !WarpLibrary::is_python_builtin(name))
            return nullptr;
        std::string why;
        return warp_library_->function(name, why);
    }

    // The user function f of a callee `wp.grad(f)` (Warp's resolve_grad_call_reference_func), or null.
    const FunctionGroup* grad_target(const FunctionSource& src, const ast::Expr* func,
                                     const std::set<std::string>& symbols) const {
        if (func->kind != ast::ExprKind::Call) return nullptr;
        const auto* c = ast::as<ast::Call>(func);
        std::vector<std::string> path, target;
        if (c->args.size() != 1 || !c->keywords.empty() || !dotted_name(c->func, path)) return nullptr;
        ObjectRef g = resolve_path(src, path, symbols);
        if (!g || g->kind != Object::Kind::WarpPyFunc || g->name != "grad") return nullptr;
        if (!dotted_name(c->args[0], target)) return nullptr;
        ObjectRef f = resolve_path(src, target, symbols);
        return f && f->kind == Object::Kind::Function ? f->function : nullptr;
    }

    // A function the body references: a user function, or a builtin passed as a value.
    struct Referenced {
        const FunctionGroup* group = nullptr;
        std::string builtin;
        bool operator==(const Referenced& o) const { return group == o.group && builtin == o.builtin; }
    };
    static void add_referenced(std::vector<Referenced>& out, const Referenced& r) {
        if (std::find(out.begin(), out.end(), r) == out.end()) out.push_back(r);
    }

    // Warp's hash of one function's adjoint: its source and signature, then what its body
    // references (constants, types, functions, static expressions).
    std::vector<unsigned char> adjoint(const FunctionSource& src) {
        Sha256 h;
        hash_signature(h, src);
        const References refs = references(src);
        for (const auto& [name, c] : refs.constants) {
            h.update(name);
            h.update(constant_bytes(c));
        }
        // wp.static(...): declaration-time ones, then those evaluated during the build.
        auto hash_static = [&](const std::string& code, const ObjectRef& v) {
            h.update(code);
            if (v->kind == Object::Kind::Constant)
                h.update(constant_bytes(*v->value));
            else if (v->kind == Object::Kind::Function && !in_progress_.count(v->function))
                h.update(function(*v->function));
            else if (v->kind == Object::Kind::Builtin)
                h.update(builtin_function(v->name));
        };
        for (const auto& [code, v] : src.resolved_statics) hash_static(code, v);
        if (auto it = deferred_.find(&src); it != deferred_.end())
            for (const auto& [code, v] : it->second) hash_static(code, v);
        for (const auto& code : refs.type_codes) h.update(code);
        for (const Referenced& r : refs.functions)
            if (!r.group)
                h.update(builtin_function(r.builtin));
            else if (!in_progress_.count(r.group))
                h.update(function(*r.group));
        return h.digest();
    }

    void hash_signature(Sha256& h, const FunctionSource& src) const {
        h.update(function_source(src));
        for (const Param& p : src.params) {
            h.update(fmt::format("{}:{}", p.name, type_code(p.type)));
            if (p.type->is_struct())
                h.update(p.type->st->digest);
            else if (p.type->is_array() && p.type->elem->is_struct())
                h.update(p.type->elem->st->digest);
        }
        if (!src.has_return_annotation) return;
        std::string code;
        if (!src.return_tuple.empty()) {
            code = fmt::format("tpl{}", src.return_tuple.size());
            for (TypeRef t : src.return_tuple) code += type_code(t);
        } else {
            code = type_code(src.return_annotation);
        }
        h.update("return:" + code);
        if (src.return_annotation && src.return_annotation->is_struct())
            h.update(src.return_annotation->st->digest);
    }

    // What a body references, each list in discovery order.
    struct References {
        std::vector<std::pair<std::string, Constant>> constants; // a later value replaces an earlier
        std::vector<std::string> type_codes;
        std::vector<std::string> type_keys;
        // User functions and (by key) builtins whose adjoint takes template arguments or that
        // are a wp.Function target (Warp's `functions` dict holds both).
        std::vector<Referenced> functions;

        void add_constant(std::string_view name, const Constant& c) {
            for (auto& [k, v] : constants)
                if (k == name) {
                    v = c;
                    return;
                }
            constants.emplace_back(name, c);
        }
        void add_function(const FunctionGroup* g) { add_referenced(functions, {g, {}}); }
        void add_builtin(const std::string& key) { add_referenced(functions, {nullptr, key}); }
        // Warp keys referenced types by class: aliases (vec3, vec3f) are one class,
        // Python's float and wp.float32 are two, each custom vector type is its own.
        void add_type(const Object& o, const std::string& code) {
            static const std::set<std::string> kFloatAliases = {
                "vec2",  "vec3", "vec4",      "mat22",          "mat33",
                "mat44", "quat", "transform", "spatial_vector", "spatial_matrix"};
            std::string key = o.custom ? fmt::format("custom:{}", static_cast<const void*>(&o))
                                       : (kFloatAliases.count(o.name) ? o.name + "f" : o.name);
            if (std::find(type_keys.begin(), type_keys.end(), key) != type_keys.end()) return;
            type_keys.push_back(key);
            type_codes.push_back(code);
        }
    };

    // Walks the body once, breadth first, as Warp's hasher does.
    References references(const FunctionSource& src) const {
        std::set<std::string> symbols;
        for (const Param& p : src.params) symbols.insert(p.name);
        std::set<std::string, std::less<>> locals;
        std::deque<WalkNode> q;
        std::vector<WalkNode> nodes;
        q.push_back(WalkNode{nullptr, src.def});
        while (!q.empty()) {
            WalkNode n = q.front();
            q.pop_front();
            nodes.push_back(n);
            children(n, q, &src.static_values);
        }
        for (const WalkNode& n : nodes)
            if (n.stmt && n.stmt->kind == ast::StmtKind::Assign)
                for (auto* t : ast::as<ast::Assign>(n.stmt)->targets) assigned_names(t, locals);

        References refs;
        for (const WalkNode& n : nodes) {
            if (!n.expr) {
                if (n.stmt && n.stmt->kind == ast::StmtKind::Assign)
                    assigned_functions(src, n.stmt, symbols, refs);
                continue;
            }
            const ast::Expr* e = n.expr;
            if (e->kind == ast::ExprKind::Name) {
                std::string_view id = ast::as<ast::Name>(e)->id;
                if (locals.count(id)) continue;
                ObjectRef o = src.global(id);
                if (o && o->kind == Object::Kind::Constant) refs.add_constant(id, *o->value);
            } else if (e->kind == ast::ExprKind::Attribute) {
                std::vector<std::string> path;
                if (!dotted_name(e, path)) continue;
                ObjectRef o = resolve_path(src, path, symbols);
                if (o && o->kind == Object::Kind::Constant) {
                    std::string name;
                    for (size_t i = 0; i < path.size(); ++i) name += (i ? "." : "") + path[i];
                    refs.add_constant(name, *o->value);
                }
            } else if (e->kind == ast::ExprKind::Call) {
                called(src, *ast::as<ast::Call>(e), symbols, refs);
            }
        }
        return refs;
    }

    // `f = some_function` (or a tuple of them) references the functions.
    void assigned_functions(const FunctionSource& src, const ast::Stmt* assign,
                            const std::set<std::string>& symbols, References& refs) const {
        const ast::Expr* v = ast::as<ast::Assign>(assign)->value;
        std::vector<const ast::Expr*> rhs;
        if (v->kind == ast::ExprKind::Tuple)
            for (auto* e : ast::as<ast::Tuple>(v)->elts) rhs.push_back(e);
        else
            rhs.push_back(v);
        for (const ast::Expr* r : rhs) {
            std::vector<std::string> path;
            if (!dotted_name(r, path)) continue;
            ObjectRef o = resolve_path(src, path, symbols);
            if (o && o->kind == Object::Kind::Function) refs.add_function(o->function);
        }
    }

    // What a call references: the function called (and the functions it is handed), a struct or
    // value type constructed, a builtin whose adjoint takes template arguments.
    void called(const FunctionSource& src, const ast::Call& call, const std::set<std::string>& symbols,
                References& refs) const {
        // wp.grad(f)(...) references f.
        if (const FunctionGroup* g = grad_target(src, call.func, symbols)) {
            refs.add_function(g);
            return;
        }
        std::vector<std::string> path;
        if (!dotted_name(call.func, path)) return;
        ObjectRef o = resolve_path(src, path, symbols);
        if (!o) return;
        // `wp.tile_sum(...)`: builtins Warp does not export are looked up by name.
        if (o->kind == Object::Kind::WarpModule && o->name == "warp" && path.size() == 2) {
            if (templated_adjoint(path.back())) refs.add_builtin(path.back());
            return;
        }
        if (o->kind == Object::Kind::Function) {
            refs.add_function(o->function);
            for (const Referenced& r : callable_targets(src, *o->function, call, symbols))
                add_referenced(refs.functions, r);
        } else if (o->kind == Object::Kind::Builtin && templated_adjoint(o->name)) {
            refs.add_builtin(o->name);
        } else if (o->kind == Object::Kind::Struct) {
            refs.add_type(*o, o->type->st->native_name);
        } else if (o->kind == Object::Kind::Type && o->type->is_value()) {
            refs.add_type(*o, type_code(o->type));
        }
    }

    // The functions a call passes to wp.Function parameters, explicitly or by default (Warp's
    // iter_call_callable_arg_targets), for the overloads the call's arguments bind to.
    std::vector<Referenced> callable_targets(const FunctionSource& src, const FunctionGroup& g,
                                             const ast::Call& call,
                                             const std::set<std::string>& symbols) const {
        std::vector<const UserFunction*> candidates;
        for (const auto& ov : g.overloads)
            if (!ov->generic_parent) candidates.push_back(ov.get());
        for (const auto& ov : g.templates) candidates.push_back(ov.get());
        std::vector<Referenced> out;
        const UserFunction* chosen = nullptr;
        for (const UserFunction* f : candidates) {
            auto nodes = bind_call_nodes(f->src, call);
            if (!nodes) continue;
            bool takes_function = false;
            for (size_t j = 0; j < f->src.params.size(); ++j) {
                const Param& p = f->src.params[j];
                if (!p.type->is_function()) continue;
                takes_function = true;
                ObjectRef t = p.default_function;
                std::vector<std::string> path;
                if ((*nodes)[j])
                    t = dotted_name((*nodes)[j], path) ? resolve_path(src, path, symbols) : nullptr;
                if (t && t->kind == Object::Kind::Function) add_referenced(out, {t->function, {}});
                if (t && t->kind == Object::Kind::Builtin) add_referenced(out, {nullptr, t->name});
            }
            // Warp picks one overload by the arguments' static types: not modelled.
            if (takes_function && chosen)
                throw CompileError(
                    src.scope->source().path(), call.pos.line, call.pos.col + 1,
                    fmt::format("several overloads of '{}' with wp.Function parameters fit this "
                                "call: warpsynth does not model which one Warp hashes",
                                g.key));
            if (takes_function) chosen = f;
        }
        return out;
    }

    // Python's binding of the call's argument nodes to `src`'s parameters (null: the
    // default); nullopt when they do not bind.
    static std::optional<std::vector<const ast::Expr*>> bind_call_nodes(const FunctionSource& src,
                                                                        const ast::Call& call) {
        const auto& params = src.params;
        if (call.args.size() > params.size()) return std::nullopt;
        std::vector<const ast::Expr*> bound(params.size(), nullptr);
        for (size_t i = 0; i < call.args.size(); ++i) bound[i] = call.args[i];
        for (const ast::Keyword& kw : call.keywords) {
            size_t j = 0;
            while (j < params.size() && params[j].name != kw.arg) ++j;
            if (j == params.size() || bound[j]) return std::nullopt;
            bound[j] = kw.value;
        }
        for (size_t j = 0; j < params.size(); ++j)
            if (!bound[j] && !params[j].has_default) return std::nullopt;
        return bound;
    }

    std::vector<unsigned char> function(const FunctionGroup& g) {
        if (auto it = cache_.find(&g); it != cache_.end()) return it->second;
        in_progress_.insert(&g);
        Sha256 h;
        h.update(g.key);
        // Overloads sorted by their signature string (parameter type codes).
        std::vector<std::pair<std::string, const UserFunction*>> sigs;
        std::vector<const UserFunction*> all;
        for (const auto& ov : g.overloads)
            if (!ov->generic_parent) all.push_back(ov.get()); // instantiations are not hashed
        for (const auto& ov : g.templates) all.push_back(ov.get());
        for (const UserFunction* ov : all) {
            std::string sig;
            for (size_t i = 0; i < ov->src.params.size(); ++i)
                sig += (i ? "_" : "") + type_code(ov->src.params[i].type);
            sigs.emplace_back(sig, ov);
        }
        std::sort(sigs.begin(), sigs.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        for (const auto& [sig, ov] : sigs) {
            h.update(adjoint(ov->src));
            // Then its @wp.func_grad and @wp.func_replay bodies.
            if (ov->custom_grad) h.update(adjoint(ov->custom_grad->src));
            if (ov->custom_replay) h.update(adjoint(ov->custom_replay->src));
            // Warp hashes a non-empty snippet's text after the adjoint.
            if (ov->native_snippet && !ov->native_snippet->empty()) h.update(*ov->native_snippet);
            if (ov->adj_native_snippet && !ov->adj_native_snippet->empty()) h.update(*ov->adj_native_snippet);
        }
        auto d = h.digest();
        in_progress_.erase(&g);
        cache_[&g] = d;
        return d;
    }

    // Whether some overload of the builtin passes template arguments to its adjoint
    // (tile_sum(a, axis)): Warp hashes such builtins with the kernels that call them.
    static bool templated_adjoint(const std::string& key) {
        const builtins::Builtin* b = builtins::find(key);
        if (!b) return false;
        for (const builtins::Overload* ov : b->overloads)
            if (ov->adjoint_uses_template_args) return true;
        return false;
    }

    // Warp's hash_builtin_function: its key and native name, and for a templated adjoint the
    // repr of every overload's (native_func, adjoint_uses_template_args).
    static std::vector<unsigned char> builtin_function(const std::string& key) {
        Sha256 h;
        h.update("builtin");
        h.update(key);
        const builtins::Builtin* b = builtins::find(key);
        h.update(b ? b->native_func : std::string_view(key));
        if (templated_adjoint(key)) {
            std::string repr = "(";
            for (const builtins::Overload* ov : b->overloads)
                repr += fmt::format("('{}', {}), ", ov->native_func,
                                    ov->adjoint_uses_template_args ? "True" : "False");
            if (b->overloads.size() == 1)
                repr.pop_back(); // Python's one-element tuple: "(x,)"
            else
                repr.resize(repr.size() - 2);
            h.update(repr + ")");
        }
        return h.digest();
    }

    const DeferredStatics& deferred_;
    WarpLibrary* warp_library_;
    std::map<const FunctionGroup*, std::vector<unsigned char>> cache_;
    std::set<const FunctionGroup*> in_progress_;
};

} // namespace

std::vector<std::vector<unsigned char>>
kernel_hashes(const ModuleScope& scope, const DeferredStatics& deferred, WarpLibrary* warp_library) {
    Hasher hasher(deferred, warp_library);
    std::vector<std::vector<unsigned char>> out;
    for (const KernelDef* k : scope.kernels()) out.push_back(hasher.kernel(*k));
    return out;
}

} // namespace ws

namespace ws {

std::string sha256_hex(std::initializer_list<std::string_view> parts) {
    Sha256 h;
    for (std::string_view p : parts) h.update(p);
    std::string out;
    for (unsigned char b : h.digest()) out += fmt::format("{:02x}", b);
    return out;
}

} // namespace ws
