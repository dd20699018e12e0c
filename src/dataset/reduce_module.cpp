#include "dataset/reduce_module.h"

#include "codegen/operators.h"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>

namespace ws::dataset {

namespace {

// Imports inlined inside imports inlined...: deeper chains are left as imports.
constexpr int kMaxImportDepth = 32;

bool is_wp_attr(const ast::Expr* e, const char* attr) {
    if (!e || e->kind != ast::ExprKind::Attribute) return false;
    auto* a = static_cast<const ast::Attribute*>(e);
    if (a->attr != attr || !a->value || a->value->kind != ast::ExprKind::Name) return false;
    std::string_view base = static_cast<const ast::Name*>(a->value)->id;
    return base == "wp" || base == "warp";
}

// 0: not decorated; 1: bare decorator; 2: decorator called with arguments.
int decoration(const std::vector<ast::Expr*>& decorators, const char* attr) {
    for (const ast::Expr* d : decorators) {
        if (is_wp_attr(d, attr)) return 1;
        if (d->kind == ast::ExprKind::Call && is_wp_attr(static_cast<const ast::Call*>(d)->func, attr))
            return 2;
    }
    return 0;
}

// `class C(IntEnum)`, `class C(enum.IntFlag)`: kernels use its members as int constants.
bool is_int_enum(const ast::ClassDef& c) {
    if (c.bases.size() != 1 || !c.decorators.empty()) return false;
    const ast::Expr* b = c.bases[0];
    std::string_view name;
    if (b->kind == ast::ExprKind::Name) name = static_cast<const ast::Name*>(b)->id;
    if (b->kind == ast::ExprKind::Attribute) name = static_cast<const ast::Attribute*>(b)->attr;
    return name == "IntEnum" || name == "IntFlag";
}

bool assigns_wp_config(const ast::Stmt* s) {
    if (s->kind != ast::StmtKind::Assign && s->kind != ast::StmtKind::AugAssign) return false;
    std::vector<ast::Expr*> targets;
    if (s->kind == ast::StmtKind::Assign)
        targets = static_cast<const ast::Assign*>(s)->targets;
    else
        targets.push_back(static_cast<const ast::AugAssign*>(s)->target);
    for (const ast::Expr* t : targets) {
        // wp.config.x = ...
        while (t && t->kind == ast::ExprKind::Attribute) {
            auto* a = static_cast<const ast::Attribute*>(t);
            if (is_wp_attr(a, "config")) return true;
            t = a->value;
        }
    }
    return false;
}

// The identifiers in a text (names in strings and comments too: a superset is safe).
std::set<std::string, std::less<>> identifiers(std::string_view text) {
    std::set<std::string, std::less<>> out;
    auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    for (size_t i = 0; i < text.size();) {
        if (!word(text[i])) {
            ++i;
            continue;
        }
        size_t j = i;
        while (j < text.size() && word(text[j])) ++j;
        if (!std::isdigit(static_cast<unsigned char>(text[i]))) out.emplace(text.substr(i, j - i));
        i = j;
    }
    return out;
}

SharedStmt shared_stmt(const SourceFile& source, const ast::Stmt* s, int first_line) {
    SharedStmt out;
    out.first_line = first_line;
    out.text = source_lines(source, first_line, s->pos.end_line);
    out.names = identifiers(out.text);
    if (s->kind == ast::StmtKind::FunctionDef) {
        out.is_def = true;
        out.binds.push_back(static_cast<const ast::FunctionDef*>(s)->name);
    }
    if (s->kind == ast::StmtKind::ClassDef) {
        out.is_def = true;
        out.binds.push_back(static_cast<const ast::ClassDef*>(s)->name);
    }
    std::vector<const ast::Expr*> targets;
    if (s->kind == ast::StmtKind::Assign)
        targets.assign(static_cast<const ast::Assign*>(s)->targets.begin(),
                       static_cast<const ast::Assign*>(s)->targets.end());
    if (s->kind == ast::StmtKind::AnnAssign) targets.push_back(static_cast<const ast::AnnAssign*>(s)->target);
    for (const ast::Expr* t : targets)
        if (t->kind == ast::ExprKind::Name) out.binds.emplace_back(static_cast<const ast::Name*>(t)->id);
    if (!targets.empty()) out.conditional = !out.binds.empty() && out.binds.size() == targets.size();
    // An import binds names too (`import a.b` binds `a`); `*` and __future__ imports stay.
    std::vector<ast::Alias> aliases;
    if (s->kind == ast::StmtKind::Import) aliases = static_cast<const ast::Import*>(s)->names;
    if (s->kind == ast::StmtKind::ImportFrom) {
        auto* from = static_cast<const ast::ImportFrom*>(s);
        if (from->module != "__future__") aliases = from->names;
        out.from_import = from;
    }
    for (const ast::Alias& a : aliases)
        out.binds.push_back(!a.asname.empty() ? a.asname : a.name.substr(0, a.name.find('.')));
    if (!aliases.empty())
        out.conditional =
            std::none_of(aliases.begin(), aliases.end(), [](const auto& a) { return a.name == "*"; });
    return out;
}

// Which shared statements serve `seed` (a kernel's text, or names another module imports), and
// the names they use: conditional statements, structs and functions are kept when a kept one
// names what they bind (Warp builds only what its kernels reach, so the others change nothing
// but may use what warpsynth does not support). In a kernel's own file (`whole_file`) star
// imports and option calls are kept too (but option calls for a kernel of its `own_module`),
// and functions that overload operators; of another module, only what binds a name used.
std::vector<bool> kept_for(const std::vector<SharedStmt>& shared, std::string_view seed, bool whole_file,
                           bool own_module, std::set<std::string, std::less<>>& used) {
    std::vector<bool> kept(shared.size());
    used = identifiers(seed);
    auto conditional = [&](const SharedStmt& s) {
        return s.conditional || (s.is_def && !(whole_file && is_operator_builtin(s.binds[0])));
    };
    for (size_t i = 0; i < shared.size(); ++i)
        if (whole_file && !conditional(shared[i]) && !(own_module && shared[i].is_option_call)) {
            kept[i] = true;
            used.insert(shared[i].names.begin(), shared[i].names.end());
        }
    for (bool grew = true; grew;) {
        grew = false;
        for (size_t i = 0; i < shared.size(); ++i) {
            if (kept[i] || !conditional(shared[i])) continue;
            for (const std::string& b : shared[i].binds) kept[i] = kept[i] || used.count(b) > 0;
            if (!kept[i]) continue;
            used.insert(shared[i].names.begin(), shared[i].names.end());
            grew = true;
        }
    }
    return kept;
}

// Builds one reduced module: statements appended in order, imports of the trees' modules
// replaced by what they import.
class Reducer {
  public:
    Reducer(const PackageModules& modules, std::string kernel_name)
        : modules_(modules), kernel_name_(std::move(kernel_name)) {}

    // Two blank lines around definitions, as PEP 8 has them.
    void append(const std::string& text, bool is_def) {
        if (!out_.empty()) out_ += is_def || last_was_def_ ? "\n\n" : "";
        out_ += text;
        last_was_def_ = is_def;
    }

    // Records that `module` binds `names` with the statement `text`; false when `text` is already
    // in the module (the same import twice). Throws ReduceError for a name two modules bind.
    bool bind(const std::string& module, const std::vector<std::string>& names, const std::string& text) {
        if (!emitted_.insert(text).second && !names.empty()) return false;
        for (const std::string& n : names) {
            auto [at, added] = bound_.emplace(n, module);
            if (!added && at->second != module)
                throw ReduceError(
                    fmt::format("the name '{}' is defined in modules {} and {}; one module cannot "
                                "hold both (warpsynth does not rename)",
                                n, at->second, module));
        }
        return true;
    }

    // The statements of `file` that `seed` needs, in file order.
    void emit(const ParsedFile& file, std::string_view seed, bool whole_file, bool own_module, int depth,
              const std::string* kernel_text = nullptr, int kernel_line = 0) {
        std::set<std::string, std::less<>> used;
        std::vector<bool> kept = kept_for(file.shared, seed, whole_file, own_module, used);
        bool kernel_placed = kernel_text == nullptr;
        bool kernel_overloaded = false;
        for (size_t i = 0; i < file.shared.size(); ++i) {
            const SharedStmt& s = file.shared[i];
            if (!kernel_placed && s.first_line > kernel_line) {
                append(*kernel_text, true);
                kernel_placed = true;
            }
            if (!kept[i]) continue;
            // A record holds one kernel's code: of a generic kernel, its first overload's.
            if (kernel_text && s.is_overload && s.binds[0] == kernel_name_) {
                if (kernel_overloaded) continue;
                kernel_overloaded = true;
            }
            if (s.from_import && depth < kMaxImportDepth && inline_import(file, s, used, depth)) continue;
            if (bind(file.module.dotted, s.binds, s.text)) append(s.text, s.is_def);
        }
        if (!kernel_placed) append(*kernel_text, true);
    }

    std::string take() { return std::move(out_); }

  private:
    // `from M import a, b as c` with M in the trees: M's definitions of the names `used` instead
    // of the import. False (the import stays) when M is not in the trees or does not bind a name
    // itself (a submodule, a star import).
    bool inline_import(const ParsedFile& file, const SharedStmt& s,
                       const std::set<std::string, std::less<>>& used, int depth) {
        std::optional<std::string> target = resolve_from(file.module, *s.from_import);
        const ParsedFile* from = target ? modules_.find(*target) : nullptr;
        if (!from || from == &file) return false;
        std::string seed, aliases;
        for (const ast::Alias& a : s.from_import->names) {
            if (a.name == "*") return false; // what it binds is not known statically
            const std::string& local = a.asname.empty() ? a.name : a.asname;
            if (!used.count(local)) continue;
            bool defined = std::any_of(from->shared.begin(), from->shared.end(), [&](const SharedStmt& d) {
                return std::find(d.binds.begin(), d.binds.end(), a.name) != d.binds.end();
            });
            if (!defined) return false;
            // Each definition once, however many imports lead to it (and through import cycles).
            if (inlined_.insert(*target + '\0' + a.name).second) seed += a.name + " ";
            if (local != a.name) aliases += fmt::format("{} = {}\n", local, a.name);
        }
        if (!seed.empty()) emit(*from, seed, false, false, depth + 1);
        if (!aliases.empty() && bind(file.module.dotted, {}, aliases)) append(aliases, false);
        return true;
    }

    const PackageModules& modules_;
    std::string kernel_name_;
    std::string out_;
    bool last_was_def_ = false;
    std::map<std::string, std::string> bound_; // name -> the module that binds it
    std::set<std::string> emitted_;
    std::set<std::string> inlined_; // "module\0name" of the definitions inlined
};

} // namespace

std::string source_lines(const SourceFile& src, int first, int last) {
    std::string out;
    for (int l = first; l <= last; ++l) {
        out += src.line(l);
        out += '\n';
    }
    return out;
}

void PackageModules::add(const ParsedFile* file) {
    by_name_.emplace(file->module.dotted, file);
}

const ParsedFile* PackageModules::find(const std::string& dotted) const {
    auto it = by_name_.find(dotted);
    return it == by_name_.end() ? nullptr : it->second;
}

std::string collect_shared(ParsedFile& file) {
    const SourceFile& source = *file.source;
    for (const ast::Stmt* s : file.tree->body) {
        if (assigns_wp_config(s)) return fmt::format("{}:{}", file.path, s->pos.line);
        switch (s->kind) {
        case ast::StmtKind::Import:
        case ast::StmtKind::ImportFrom: file.shared.push_back(shared_stmt(source, s, s->pos.line)); break;
        case ast::StmtKind::Assign:
        case ast::StmtKind::AnnAssign: {
            bool names_only = true;
            if (s->kind == ast::StmtKind::Assign)
                for (const ast::Expr* t : static_cast<const ast::Assign*>(s)->targets)
                    names_only = names_only && t->kind == ast::ExprKind::Name;
            if (names_only) file.shared.push_back(shared_stmt(source, s, s->pos.line));
            break;
        }
        case ast::StmtKind::Expr: {
            // The file's module options change the code of its kernels.
            auto* e = static_cast<const ast::ExprStmt*>(s)->value;
            if (e->kind == ast::ExprKind::Call &&
                is_wp_attr(static_cast<const ast::Call*>(e)->func, "set_module_options")) {
                file.shared.push_back(shared_stmt(source, s, s->pos.line));
                file.shared.back().is_option_call = true;
            }
            // wp.overload(f, types): kept with f (a generic kernel has code only for its overloads).
            auto* call = e->kind == ast::ExprKind::Call ? static_cast<const ast::Call*>(e) : nullptr;
            if (call && is_wp_attr(call->func, "overload") && !call->args.empty() &&
                call->args[0]->kind == ast::ExprKind::Name) {
                file.shared.push_back(shared_stmt(source, s, s->pos.line));
                file.shared.back().binds = {std::string(static_cast<const ast::Name*>(call->args[0])->id)};
                file.shared.back().conditional = true;
                file.shared.back().is_overload = true;
            }
            break;
        }
        case ast::StmtKind::ClassDef: {
            auto* c = static_cast<const ast::ClassDef*>(s);
            if (decoration(c->decorators, "struct") == 1 || is_int_enum(*c))
                file.shared.push_back(shared_stmt(source, s, c->first_line));
            break;
        }
        case ast::StmtKind::FunctionDef: {
            auto* f = static_cast<const ast::FunctionDef*>(s);
            if (decoration(f->decorators, "func") == 1)
                file.shared.push_back(shared_stmt(source, s, f->first_line));
            // @wp.kernel(...) options are the compiler's: it applies them or says why not.
            if (decoration(f->decorators, "kernel") != 0) file.kernels.push_back(f);
            break;
        }
        default: break;
        }
    }
    return {};
}

std::string reduced_module(const ParsedFile& file, const PackageModules& modules,
                           const std::string& kernel_text, const ast::FunctionDef& kernel, bool own_module) {
    Reducer r(modules, kernel.name);
    r.bind(file.module.dotted, {kernel.name}, kernel_text);
    r.emit(file, kernel_text, true, own_module, 0, &kernel_text, kernel.first_line);
    return r.take();
}

} // namespace ws::dataset
