// Warp's ModuleBuilder: build kernels in definition order, the functions and
// structs they reach, then print structs, function forwards, function
// adjoints, and each kernel with its entry points.
#include "codegen/module_builder.h"

#include "builtins/block_dim.h"
#include "codegen/adjoint.h"
#include "codegen/emit.h"
#include "codegen/module_hash.h"
#include "syntax/limits.h"
#include "syntax/parser.h"
#include "types/name_hash.h"
#include "types/scratch_vector.h"

#include <algorithm>
#include <climits>
#include <filesystem>
#include <fmt/format.h>
#include <map>
#include <set>
#include <stdexcept>
#include <unistd.h>
#include <unordered_map>

namespace ws {

namespace {

std::string python_abspath_join(const std::string& path) {
    if (!path.empty() && path[0] == '/') return path;
    // getcwd into a buffer: std::filesystem::current_path also splits the directory into a
    // path's components, which cost more than the rest of the builder's setup. It is kept
    // for directories past PATH_MAX.
    char buf[PATH_MAX];
    if (::getcwd(buf, sizeof buf)) return cat(std::string_view(buf), '/', path);
    std::error_code ec;
    std::string cwd = std::filesystem::current_path(ec).string();
    if (ec) return path;
    return cwd + "/" + path;
}

// Assignments anywhere in a body (Warp walks every Assign node of the tree).
void collect_assigns(const std::vector<ast::Stmt*>& body, std::vector<const ast::Assign*>& out) {
    for (const ast::Stmt* s : body) {
        switch (s->kind) {
        case ast::StmtKind::Assign: out.push_back(ast::as<ast::Assign>(s)); break;
        case ast::StmtKind::If:
            collect_assigns(ast::as<ast::If>(s)->body, out);
            collect_assigns(ast::as<ast::If>(s)->orelse, out);
            break;
        case ast::StmtKind::For:
            collect_assigns(ast::as<ast::For>(s)->body, out);
            collect_assigns(ast::as<ast::For>(s)->orelse, out);
            break;
        case ast::StmtKind::While:
            collect_assigns(ast::as<ast::While>(s)->body, out);
            collect_assigns(ast::as<ast::While>(s)->orelse, out);
            break;
        default: break;
        }
    }
}

// (name, value) pairs an assignment binds, through nested tuple unpacking (Warp's iter_bindings).
// The names are views of the tree's.
void bindings(const ast::Expr* target, const ast::Expr* value,
              std::vector<std::pair<std::string_view, const ast::Expr*>>& out) {
    if (target->kind == ast::ExprKind::Name) {
        out.emplace_back(ast::as<ast::Name>(target)->id, value);
        return;
    }
    auto elts = [](const ast::Expr* e) -> const std::vector<ast::Expr*>* {
        if (e->kind == ast::ExprKind::Tuple) return &ast::as<ast::Tuple>(e)->elts;
        if (e->kind == ast::ExprKind::List) return &ast::as<ast::List>(e)->elts;
        return nullptr;
    };
    const auto *t = elts(target), *v = elts(value);
    if (!t || !v) return;
    for (size_t i = 0; i < t->size() && i < v->size(); ++i) bindings((*t)[i], (*v)[i], out);
}

// Warp's _get_tile_helper_struct_hashes: the structs some tile of the module holds (any
// variable of a kernel or function, returned values included), with the structs nested in them.
std::set<TypeRef> tile_helper_structs(const std::vector<const Adjoint*>& adjoints) {
    std::set<TypeRef> found;
    std::vector<TypeRef> stack;
    auto visit = [&](const Var* v) {
        TypeRef t = types::strip_reference(v->type);
        if (t->is_tile() && t->elem->is_struct()) stack.push_back(t->elem);
    };
    for (const Adjoint* a : adjoints) {
        for (const Var* v : a->variables) visit(v);
        if (a->return_var)
            for (const Var* v : *a->return_var) visit(v);
    }
    while (!stack.empty()) {
        TypeRef s = stack.back();
        stack.pop_back();
        if (!found.insert(s).second) continue;
        for (const auto& f : s->st->fields)
            if (f.type->is_struct()) stack.push_back(f.type);
    }
    return found;
}

// Which calls are wp.tid() to Warp's get_references: `wp.tid`, a global bound to the builtin
// (`TID = wp.tid`), or a local bound to it, directly or through other locals.
class TidCalls {
  public:
    TidCalls(const ModuleScope& scope, const std::vector<const ast::Assign*>& assigns) : scope_(scope) {
        // Names as views of the tree's, the locals a sorted vector: sets of strings cost a node
        // and often a string per assignment of every kernel.
        ScratchVector<std::pair<std::string_view, const ast::Expr*>> bound_s; // reused, as `assigns`
        auto& bound = *bound_s;
        for (const ast::Assign* a : assigns)
            for (const ast::Expr* t : a->targets) bindings(t, a->value, bound);
        locals_.reserve(bound.size());
        for (const auto& b : bound) locals_.push_back(b.first);
        std::sort(locals_.begin(), locals_.end());
        std::map<std::string_view, std::set<std::string_view>> edges; // source local -> locals bound to it
        std::vector<std::string_view> pending;
        for (const auto& [name, value] : bound) {
            if (value->kind == ast::ExprKind::Name && is_local(ast::as<ast::Name>(value)->id))
                edges[ast::as<ast::Name>(value)->id].insert(name);
            else if (names_tid(value) && aliases_.insert(name).second)
                pending.push_back(name);
        }
        while (!pending.empty()) {
            std::string_view source = pending.back();
            pending.pop_back();
            for (std::string_view name : edges[source])
                if (aliases_.insert(name).second) pending.push_back(name);
        }
    }
    bool is_tid_call(const ast::Expr* func) const {
        if (func->kind == ast::ExprKind::Name && is_local(ast::as<ast::Name>(func)->id))
            return aliases_.count(ast::as<ast::Name>(func)->id) > 0;
        return names_tid(func);
    }

  private:
    bool is_local(std::string_view name) const {
        return std::binary_search(locals_.begin(), locals_.end(), name);
    }
    bool names_tid(const ast::Expr* e) const {
        if (e->kind == ast::ExprKind::Attribute) return same_name(ast::as<ast::Attribute>(e)->attr, "tid");
        if (e->kind != ast::ExprKind::Name) return false;
        std::string_view id = ast::as<ast::Name>(e)->id;
        ObjectRef g = scope_.global(id);
        return id == "tid" || (g && g->kind == Object::Kind::Builtin && g->name == "tid");
    }

    const ModuleScope& scope_;
    std::vector<std::string_view> locals_; // sorted
    std::set<std::string_view> aliases_;
};

// Warp infers a kernel's launch dimension from how many names a wp.tid() call is
// unpacked into, anywhere in the kernel (get_references).
int tid_dims(const ModuleScope& scope, const std::vector<ast::Stmt*>& body) {
    // Reused across kernels (scratch_vector.h): grown afresh, it cost each kernel a few allocations.
    ScratchVector<const ast::Assign*> assigns_s;
    auto& assigns = *assigns_s;
    collect_assigns(body, assigns);
    TidCalls tid(scope, assigns);
    int max_dim = 0;
    for (const ast::Assign* a : assigns)
        if (a->value->kind == ast::ExprKind::Call && tid.is_tid_call(ast::as<ast::Call>(a->value)->func)) {
            const ast::Expr* t = a->targets[0];
            int n =
                t->kind == ast::ExprKind::Tuple ? static_cast<int>(ast::as<ast::Tuple>(t)->elts.size()) : 1;
            max_dim = std::max(max_dim, n);
        }
    return max_dim;
}

} // namespace

ModuleBuilder::ModuleBuilder(const ModuleScope& scope, const CompileOptions& options, WarpLibrary& library)
    : scope_(scope), options_(options), warp_library_(library) {
    comment_path_ =
        options.comment_path.empty() ? python_abspath_join(scope.source().path()) : options.comment_path;
}

void ModuleBuilder::build_function(UserFunction* func) {
    if (func->built) return;
    if (func->building)
        throw CompileError(
            scope_.source().path(), func->src.def->pos.line, func->src.def->pos.col + 1,
            fmt::format("function '{}' calls itself; recursion is not supported", func->src.key));
    func->building = true;
    func->adj = std::make_unique<Adjoint>(func->src, this, true);
    func->adj->build();
    func->building = false;
    func->built = true;
    functions_.push_back(func);
}

void ModuleBuilder::defer_custom_adjoints(const UserFunction& func) {
    for (const auto& f : {func.custom_grad, func.custom_replay})
        if (f) deferred_.push_back(f.get());
}

void ModuleBuilder::forget_build() {
    for (UserFunction* f : functions_) {
        forget_tile_cells(*f);
        f->adj.reset();
        f->built = false;
    }
    functions_.clear();
    deferred_.clear();
    structs_.clear();
    variables_ = name_copies_ = 0;
}

void ModuleBuilder::Nested::too_deep(const SourceFile& source, const Pos& where) {
    builder_.depth_ -= levels_; // no destructor runs for this guard
    throw LimitError(source.path(), where.line, where.col + 1,
                     fmt::format("code nested too deeply to generate (more than {} levels of expressions, "
                                 "blocks and function calls; Warp fails near 490)",
                                 limits::kMaxCodegenDepth));
}

void ModuleBuilder::count_variable(const SourceFile& source, const Pos& where) {
    if (++variables_ > limits::kMaxVariables)
        throw LimitError(source.path(), where.line, where.col + 1,
                         fmt::format("the module generates more than {} variables (warpsynth's limit on the "
                                     "size of the generated code)",
                                     limits::kMaxVariables));
}

void ModuleBuilder::count_name_copies(size_t names, const SourceFile& source, const Pos& where) {
    name_copies_ += names;
    if (name_copies_ > limits::kMaxNameCopies)
        throw LimitError(source.path(), where.line, where.col + 1,
                         fmt::format("too many local names times branches and loops (more than {} names "
                                     "copied at if, for and while statements in the module)",
                                     limits::kMaxNameCopies));
}

void ModuleBuilder::build_struct_recursive(TypeRef struct_type) {
    std::vector<TypeRef> found;
    std::vector<TypeRef> stack{struct_type};
    while (!stack.empty()) {
        TypeRef s = stack.back();
        stack.pop_back();
        found.push_back(s);
        for (const auto& f : s->st->fields) {
            if (f.type->is_struct())
                stack.push_back(f.type);
            else if (f.type->is_array() && f.type->elem->is_struct())
                stack.push_back(f.type->elem);
        }
    }
    for (auto it = found.rbegin(); it != found.rend(); ++it)
        if (std::find(structs_.begin(), structs_.end(), *it) == structs_.end()) structs_.push_back(*it);
}

void ModuleBuilder::build_kernel(KernelDef* kernel) {
    bool backward = options_.enable_backward && scope_.options().enable_backward;
    if (kernel->options.enable_backward)
        backward = options_.enable_backward && *kernel->options.enable_backward;
    kernel->adj = std::make_unique<Adjoint>(kernel->src, this, false);
    kernel->adj->used_by_backward_kernel = backward;
    int dim = tid_dims(scope_, kernel->src.def->body);
    kernel->adj->kernel_dim = dim > 0 ? dim : 1;
    kernel->adj->build();
}

// A generic function's instance keeps the type object of its first caller's tile argument
// (Param::tile_cell), whose variables the module's second build replaces: the new build
// starts from that object as it was, which a builtin may have moved to shared memory.
void ModuleBuilder::forget_tile_cells(UserFunction& f) {
    for (Param& p : f.src.params) {
        if (!p.tile_cell) continue;
        if (p.tile_cell->moved)
            throw CompileError(scope_.source().path(), f.src.def->pos.line, f.src.def->pos.col + 1,
                               fmt::format("a tile argument of '{}' moved to shared memory while the module "
                                           "is built twice (for wp.static expressions evaluated during code "
                                           "generation) is not supported by warpsynth",
                                           f.src.key));
        p.tile_cell = std::make_shared<TileCell>();
    }
}

void ModuleBuilder::propagate_used_by_backward() {
    for (UserFunction* f : functions_) f->adj->used_by_backward_kernel = false;
    ScratchVector<Adjoint*> work; // reused across modules
    for (KernelDef* k : scope_.kernels())
        if (k->adj->used_by_backward_kernel) work->push_back(k->adj.get());
    while (!work->empty()) {
        Adjoint* a = work->back();
        work->pop_back();
        for (UserFunction* callee : a->called_user_functions)
            if (!callee->adj->used_by_backward_kernel) {
                callee->adj->used_by_backward_kernel = true;
                work->push_back(callee->adj.get());
            }
    }
}

// The module's kernels built in Warp 1.19's order, sorted by their content hash, each with the
// name it is printed under. The hash covers wp.static expressions evaluated during a build, so a
// module that has some is built once first (in definition order) to find them.
std::vector<ModuleBuilder::BuiltKernel> ModuleBuilder::build_in_hash_order() {
    attach_custom_grads();
    DeferredStatics deferred;
    bool unresolved = false;
    for (const KernelDef* k : scope_.kernels()) unresolved = unresolved || k->src.has_unresolved_statics;
    for (const UserFunction* f : scope_.functions()) unresolved = unresolved || f->src.has_unresolved_statics;
    bool need_hashes = scope_.kernels().size() > 1 || !options_.strip_hash;
    if (unresolved && need_hashes) {
        for (KernelDef* k : scope_.kernels()) build_kernel(k);
        for (KernelDef* k : scope_.kernels()) deferred[&k->src] = k->adj->deferred_statics;
        for (UserFunction* f : functions_) deferred[&f->src] = f->adj->deferred_statics;
        forget_build(); // the module is built again below
    }
    // The hashes only matter for the order of several kernels and for names with a hash suffix.
    std::vector<std::vector<unsigned char>> hashes;
    if (need_hashes)
        hashes = kernel_hashes(scope_, deferred, &warp_library_);
    else
        hashes.assign(scope_.kernels().size(), {});
    ScratchVector<size_t> order;
    for (size_t i = 0; i < scope_.kernels().size(); ++i) order->push_back(i);
    if (need_hashes) // otherwise all equal: stable_sort would only take (allocate) its buffer
        std::stable_sort(order->begin(), order->end(),
                         [&](size_t a, size_t b) { return hashes[a] < hashes[b]; });
    std::vector<BuiltKernel> kernels;
    kernels.reserve(order->size());
    for (size_t i : *order) {
        KernelDef* k = scope_.kernels()[i];
        std::string name = k->src.key;
        if (!options_.strip_hash) {
            const auto& h = hashes[i];
            name = fmt::format("{}_{:02x}{:02x}{:02x}{:02x}", name, h[0], h[1], h[2], h[3]);
        }
        kernels.push_back({k, std::move(name)});
    }
    for (BuiltKernel& k : kernels) build_kernel(k.def);
    for (size_t i = 0; i < deferred_.size(); ++i) build_function(deferred_[i]); // may defer more
    propagate_used_by_backward();
    return kernels;
}

// Errors Warp raises only when it generates a backward pass.
void ModuleBuilder::check_backward_errors(const std::vector<BuiltKernel>& kernels) const {
    // Warp refuses to generate the backward pass of code that updates a slot
    // of an array element with a non-atomic differentiable operation.
    auto check_slot_error = [&](const Adjoint& a) {
        if (a.used_by_backward_kernel && !a.slot_augassign_error.empty())
            throw CompileError(scope_.source().path(), a.slot_error_pos.line, a.slot_error_pos.col + 1,
                               a.slot_augassign_error);
    };
    for (const BuiltKernel& k : kernels) check_slot_error(*k.def->adj);
    for (UserFunction* f : functions_) check_slot_error(*f->adj);
    // Functions with wp.ref[T] parameters have no automatic adjoint.
    auto check_ref_calls = [&](const Adjoint& a, bool is_function) {
        if (a.used_by_backward_kernel && !a.ref_call_error.empty())
            throw CompileError(scope_.source().path(), a.ref_call_pos.line, a.ref_call_pos.col + 1,
                               fmt::format("In {} '{}': {}", is_function ? "function" : "kernel", a.src.key,
                                           a.ref_call_error));
    };
    for (const BuiltKernel& k : kernels) check_ref_calls(*k.def->adj, false);
    for (UserFunction* f : functions_) check_ref_calls(*f->adj, true);
}

// Warp prints the forwards of functions without wp.grad() calls, then their adjoints, then the
// forwards of functions with wp.grad() calls (which call adjoints and have none).
// A @wp.func_grad body has only its adjoint, printed before the others and instead of its
// function's; a @wp.func_replay body has only its forward.
namespace {

// The names sorted and without duplicates. Each is sorted by its first eight bytes as a number
// (zero-padded: the same order as the text), the text compared only past them: std::sort
// comparing string views called memcmp for every comparison.
std::vector<std::string> sorted_unique(const std::vector<std::string_view>& names) {
    ScratchVector<std::pair<uint64_t, std::string_view>> keyed_storage; // reused across modules
    std::vector<std::pair<uint64_t, std::string_view>>& keyed = *keyed_storage;
    keyed.reserve(names.size());
    for (std::string_view n : names) {
        uint64_t key = 0;
        for (size_t i = 0; i < 8; ++i)
            key = key << 8 | (i < n.size() ? static_cast<unsigned char>(n[i]) : 0u);
        keyed.emplace_back(key, n);
    }
    std::sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) {
        return a.first != b.first ? a.first < b.first : a.second < b.second;
    });
    std::vector<std::string> out;
    out.reserve(keyed.size());
    for (const auto& [key, n] : keyed)
        if (out.empty() || out.back() != n) out.emplace_back(n);
    return out;
}

} // namespace

// Writes the functions' texts in Warp's order: forwards, custom adjoints, other adjoints,
// forwards with wp.grad() calls.
void ModuleBuilder::write_function_texts(TextBuffer& body, std::vector<FunctionSpan>& spans) const {
    const size_t n = functions_.size();
    spans.assign(n, FunctionSpan{});
    // Each forward's primal declarations, written once for both passes, in buffers reused across
    // modules (never nested: writing a function's text builds nothing).
    thread_local std::vector<TextBuffer> primal_buffers;
    if (primal_buffers.size() < n) primal_buffers.resize(n);
    std::vector<TextBuffer>& primals = primal_buffers;
    for (size_t i = 0; i < n; ++i) primals[i].resize(0);
    Device device = options_.device;
    // Warp's Python-written builtins and imported modules' functions carry their own file's path.
    auto path = [this](const UserFunction& f) -> const std::string& {
        return f.src.scope == &scope_ ? comment_path_ : f.src.scope->source().path();
    };
    auto forward = [&](size_t i) {
        const UserFunction& f = *functions_[i];
        size_t begin = body.size();
        if (f.src.custom_reverse_inputs >= 0) return TextSpan{begin, 0};
        if (f.native_snippet)
            body += native_forward_text(f, path(f));
        else
            function_forward_text(body, f, device, path(f), &primals[i]);
        return TextSpan{begin, body.size() - begin};
    };
    auto reverse = [&](size_t i) {
        const UserFunction& f = *functions_[i];
        size_t begin = body.size();
        if (f.adj->uses_grad_call || f.custom_grad || f.replay_of) return TextSpan{begin, 0};
        if (f.src.custom_reverse_inputs >= 0)
            body += custom_grad_text(f, device, path(f));
        else if (f.native_snippet)
            body += native_reverse_text(f, path(f));
        else
            function_reverse_text(body, f, device, path(f), primals[i].empty() ? nullptr : &primals[i]);
        return TextSpan{begin, body.size() - begin};
    };
    for (size_t i = 0; i < n; ++i)
        if (!functions_[i]->adj->uses_grad_call) spans[i].forward = forward(i);
    for (bool custom : {true, false})
        for (size_t i = 0; i < n; ++i)
            if ((functions_[i]->src.custom_reverse_inputs >= 0) == custom) spans[i].reverse = reverse(i);
    for (size_t i = 0; i < n; ++i)
        if (functions_[i]->adj->uses_grad_call) spans[i].grad_forward = forward(i);
}

// Appends the texts of the functions marked in `only` (indexed like functions_) in the module's order.
void ModuleBuilder::append_function_texts(std::string_view body, const std::vector<FunctionSpan>& spans,
                                          const std::vector<char>& only, std::string& out) const {
    auto text = [body](TextSpan s) { return body.substr(s.begin, s.size); };
    const size_t n = only.size();
    for (size_t i = 0; i < n; ++i)
        if (only[i]) out += text(spans[i].forward);
    for (bool custom : {true, false})
        for (size_t i = 0; i < n; ++i)
            if (only[i] && (functions_[i]->src.custom_reverse_inputs >= 0) == custom)
                out += text(spans[i].reverse);
    for (size_t i = 0; i < n; ++i)
        if (only[i]) out += text(spans[i].grad_forward);
}

namespace {

// A function's index in functions_, looked up in (address, index) pairs sorted by address;
// `npos` when it has none.
constexpr size_t npos = static_cast<size_t>(-1);
size_t find_index(const std::vector<std::pair<const UserFunction*, size_t>>& index, const UserFunction* f) {
    auto it = std::lower_bound(index.begin(), index.end(), f,
                               [](const auto& entry, const UserFunction* key) { return entry.first < key; });
    return it != index.end() && it->first == f ? it->second : npos;
}
size_t index_at(const std::vector<std::pair<const UserFunction*, size_t>>& index, const UserFunction* f) {
    size_t i = find_index(index, f);
    if (i == npos) throw std::out_of_range("reached_functions: a function outside the module");
    return i;
}

} // namespace

// Marks in `reach` (one flag per function, cleared) the functions a kernel reaches: flags
// and sorted pairs in reused vectors, where a set and a hash map allocated a node per function.
void ModuleBuilder::reached_functions(const Adjoint& kernel,
                                      const std::vector<std::pair<const UserFunction*, size_t>>& index,
                                      std::vector<char>& reach) {
    auto mark = [&reach](size_t i) { return !std::exchange(reach[i], char{1}); };
    ScratchVector<const Adjoint*> work;
    work->push_back(&kernel);
    while (!work->empty()) {
        const Adjoint* a = work->back();
        work->pop_back();
        for (const UserFunction* f : a->called_user_functions) {
            if (mark(index_at(index, f))) work->push_back(f->adj.get());
            for (const auto& c : {f->custom_grad, f->custom_replay}) { // built after the kernels
                size_t ci = c ? find_index(index, c.get()) : npos;
                if (ci != npos && mark(ci)) work->push_back(c->adj.get());
            }
        }
        for (const UserFunction* f : a->grad_targets)
            if (mark(index_at(index, f))) work->push_back(f->adj.get());
    }
}

CompileOutput ModuleBuilder::assemble() {
    const std::vector<BuiltKernel> kernels = build_in_hash_order();
    check_backward_errors(kernels);

    CompileOutput out;
    TextBuffer& body = out.body;         // written in place, reserved once (it outlives its estimate rarely)
    ScratchVector<const Adjoint*> built; // reused across modules, like the vectors below
    built->reserve(kernels.size() + functions_.size());
    for (const BuiltKernel& k : kernels) built->push_back(k.def->adj.get());
    for (UserFunction* f : functions_) built->push_back(f->adj.get());
    size_t estimate = 4096, used_count = 0;
    for (const Adjoint* a : *built) {
        estimate += text_estimate(*a);
        used_count += a->builtins_used.size();
    }
    body.reserve(estimate);
    const std::set<TypeRef> tile_structs = tile_helper_structs(*built);
    for (TypeRef s : structs_) body += struct_text(*s->st, tile_structs.count(s) > 0);
    ScratchVector<FunctionSpan> spans_storage; // reused across modules
    const std::vector<FunctionSpan>& function_spans = *spans_storage;
    write_function_texts(body, *spans_storage);
    std::vector<KernelSpans> kernel_spans;
    kernel_spans.reserve(kernels.size());
    for (const BuiltKernel& k : kernels)
        kernel_spans.push_back(kernel_text(body, *k.def, k.name, options_.device,
                                           k.def->adj->used_by_backward_kernel,
                                           scope_.options().default_grid_stride, options_.cpu_block_dim));

    // Each Adjoint lists its builtins as views of the registry's keys: merged as views, and
    // copied once (a set of strings allocated a node and a string for every insertion).
    ScratchVector<std::string_view> used;
    used->reserve(used_count);
    for (UserFunction* f : functions_)
        used->insert(used->end(), f->adj->builtins_used.begin(), f->adj->builtins_used.end());
    ScratchVector<std::pair<const UserFunction*, size_t>> function_index;
    for (size_t i = 0; i < functions_.size(); ++i) function_index->emplace_back(functions_[i], i);
    std::sort(function_index->begin(), function_index->end());
    ScratchVector<char> reach;
    out.kernels.reserve(kernels.size());
    for (size_t ki = 0; ki < kernels.size(); ++ki) {
        const Adjoint& adj = *kernels[ki].def->adj;
        used->insert(used->end(), adj.builtins_used.begin(), adj.builtins_used.end());
        KernelText kt;
        kt.name = kernels[ki].def->src.def->name;
        kt.forward = kernel_spans[ki].forward;
        kt.backward = kernel_spans[ki].backward;
        kt.entry = kernel_spans[ki].entry;
        reach->assign(functions_.size(), 0);
        reached_functions(adj, *function_index, *reach);
        size_t functions_size = 0;
        for (size_t i = 0; i < functions_.size(); ++i)
            if ((*reach)[i])
                functions_size += function_spans[i].forward.size + function_spans[i].reverse.size +
                                  function_spans[i].grad_forward.size;
        kt.functions.reserve(functions_size);
        append_function_texts(body.view(), function_spans, *reach, kt.functions);
        out.kernels.push_back(std::move(kt));
    }
    out.omitted = scope_.omitted_kernels();
    out.builtins_used = sorted_unique(*used);
    return out;
}

namespace {

// Compiles `tree`, or the parse of `source` when it is null (parsed after the option checks, so a
// bad option is reported first either way).
CompileOutput compile_tree(std::shared_ptr<const SourceFile> source, const ast::Module* tree,
                           const CompileOptions& options) {
    if (options.cpu_block_dim != 256 && options.cpu_block_dim != 1)
        throw std::invalid_argument("cpu_block_dim must be 256 or 1");
    // Tile shapes and FFT code depend on the block size the module is built for.
    builtins::BlockDimScope block_dim(options.device == Device::Cpu ? options.cpu_block_dim : 256);
    types::TypeScope types;                    // the module's struct types are freed with it
    WarpLibrary library(options.warp_package); // the modules of the installed Warp it imports
    std::unique_ptr<ast::Module> parsed = tree ? nullptr : parse_module(source);
    ModuleScope scope(std::move(source), tree ? *tree : *parsed, &library);
    ModuleBuilder builder(scope, options, library);
    return builder.assemble();
}

} // namespace

CompileOutput compile_module(std::shared_ptr<const SourceFile> source, const CompileOptions& options) {
    return compile_tree(std::move(source), nullptr, options);
}

CompileOutput compile_module(std::shared_ptr<const SourceFile> source, const ast::Module& tree,
                             const CompileOptions& options) {
    if (!source) throw std::invalid_argument("compile_module: no source");
    return compile_tree(std::move(source), &tree, options);
}

} // namespace ws
