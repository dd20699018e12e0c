#include "analysis/name_use.h"

#include "analysis/body_walk.h"
#include "types/name_hash.h"

#include <algorithm>
#include <iterator>
#include <string_view>
#include <vector>

namespace ws::analysis {

namespace {

// Views of the tree's names, sorted and made unique once the walk is done: a set of strings
// cost an allocation and a node per name.
using Names = std::vector<std::string_view>;

void sort_unique(Names& names) {
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
}

bool contains(const Names& sorted, std::string_view name) {
    return std::binary_search(sorted.begin(), sorted.end(), name);
}

// Names stored by a target expression (`a`, `a, (b, *c)`); subscripts and
// attributes store into an existing object and store no name.
void target_names(const ast::Expr* t, Names& out) {
    if (!t) return;
    switch (t->kind) {
    case ast::ExprKind::Name: out.push_back(ast::as<ast::Name>(t)->id); break;
    case ast::ExprKind::Tuple:
        for (const ast::Expr* e : ast::as<ast::Tuple>(t)->elts) target_names(e, out);
        break;
    case ast::ExprKind::List:
        for (const ast::Expr* e : ast::as<ast::List>(t)->elts) target_names(e, out);
        break;
    case ast::ExprKind::Starred: target_names(ast::as<ast::Starred>(t)->value, out); break;
    default: break;
    }
}

// The names read, asked only whether they hold a name: hashed (with name_hash) instead of sorted,
// since most of a body's reads repeat a few names and sorting them all cost a third of the walk.
class ReadSet {
  public:
    explicit ReadSet(const Names& reads) {
        size_t n = 16;
        while (n < 2 * reads.size()) n *= 2;
        slots_.assign(n, std::string_view());
        for (std::string_view name : reads) {
            size_t k = name_hash(name) & (n - 1);
            while (slots_[k].data() && slots_[k] != name) k = (k + 1) & (n - 1);
            slots_[k] = name;
        }
    }

    bool contains(std::string_view name) const {
        const size_t mask = slots_.size() - 1;
        for (size_t k = name_hash(name) & mask; slots_[k].data(); k = (k + 1) & mask)
            if (slots_[k] == name) return true;
        return false;
    }

  private:
    std::vector<std::string_view> slots_; // a null data(): empty (a name's view is never null)
};

bool read_by_convention(std::string_view name) {
    return name.starts_with("_");
}

} // namespace

void NameCollector::visit(const WalkNode& n) {
    if (n.expr && n.expr->kind == ast::ExprKind::Name) {
        const auto* name = ast::as<ast::Name>(n.expr);
        if (name->ctx == ast::ExprContext::Load) reads_.push_back(name->id);
        return;
    }
    if (!n.stmt) return;
    switch (n.stmt->kind) {
    case ast::StmtKind::Assign:
        for (const ast::Expr* t : ast::as<ast::Assign>(n.stmt)->targets) target_names(t, stored_);
        break;
    case ast::StmtKind::AnnAssign: {
        const auto* a = ast::as<ast::AnnAssign>(n.stmt);
        if (a->value) target_names(a->target, stored_);
        break;
    }
    case ast::StmtKind::AugAssign: {
        const auto* a = ast::as<ast::AugAssign>(n.stmt);
        target_names(a->target, stored_);
        target_names(a->target, reads_);
        break;
    }
    case ast::StmtKind::For: target_names(ast::as<ast::For>(n.stmt)->target, loop_stored_); break;
    default: break;
    }
}

NameUse NameCollector::result(const ast::FunctionDef& f) {
    for (Names* names : {&stored_, &loop_stored_}) sort_unique(*names);
    const ReadSet read_set(reads_);

    NameUse out;
    auto is_read = [&](std::string_view name) { return read_set.contains(name) || read_by_convention(name); };
    const ast::Arguments& a = f.args;
    for (const auto* list : {&a.posonlyargs, &a.args})
        for (const ast::Arg& p : *list) out.params.push_back(p.name);
    if (a.vararg) out.params.push_back(a.vararg->name);
    for (const ast::Arg& p : a.kwonlyargs) out.params.push_back(p.name);
    if (a.kwarg) out.params.push_back(a.kwarg->name);
    for (const std::string& p : out.params)
        if (!is_read(p)) out.unused_params.push_back(p);

    Names all;
    std::set_union(stored_.begin(), stored_.end(), loop_stored_.begin(), loop_stored_.end(),
                   std::back_inserter(all));
    for (std::string_view name : all) {
        const bool loop_only = contains(loop_stored_, name) && !contains(stored_, name);
        out.assigned.emplace_back(name);
        if (loop_only) out.loop_variables.emplace_back(name);
        if (is_read(name)) continue;
        out.dead.emplace_back(name);
        if (loop_only) out.unused_loop_variables.emplace_back(name);
    }
    return out;
}

NameUse name_use(const ast::FunctionDef& f) {
    NameCollector names;
    walk_body(f, [&](const WalkNode& n) { names.visit(n); });
    return names.result(f);
}

} // namespace ws::analysis
