#include "dataset/own_module.h"

#include <algorithm>
#include <initializer_list>
#include <vector>

namespace ws::dataset {

namespace {

// `wp.kernel(...)` or `warp.kernel(...)`; sets `module` to the name before the dot.
const ast::Call* kernel_decorator(const ast::FunctionDef& k, std::string& module) {
    for (const ast::Expr* d : k.decorators) {
        if (d->kind != ast::ExprKind::Call) continue;
        auto* call = static_cast<const ast::Call*>(d);
        if (call->func->kind != ast::ExprKind::Attribute) continue;
        auto* attr = static_cast<const ast::Attribute*>(call->func);
        if (attr->attr != "kernel" || attr->value->kind != ast::ExprKind::Name) continue;
        module = static_cast<const ast::Name*>(attr->value)->id;
        if (module == "wp" || module == "warp") return call;
    }
    return nullptr;
}

const ast::Keyword* keyword(const ast::Call& call, const char* name) {
    for (const ast::Keyword& k : call.keywords)
        if (k.arg == name) return &k;
    return nullptr;
}

// `module="unique"`, or `module="name"` without module_options (which Warp allows only with "unique").
bool own_module(const ast::Keyword* module, const ast::Keyword* options) {
    if (!module || module->value->kind != ast::ExprKind::Constant) return false;
    auto* c = static_cast<const ast::Constant*>(module->value);
    return c->value_kind == ast::Constant::Kind::Str && (c->str_value == "unique" || !options);
}

// The lines [first, last] of the file, and where each starts in that text.
struct Text {
    std::string text;
    std::vector<size_t> line_start;
    int first = 0;

    Text(const SourceFile& source, int first_line, int last_line) : first(first_line) {
        for (int l = first_line; l <= last_line; ++l) {
            line_start.push_back(text.size());
            text += source.line(l);
            text += '\n';
        }
    }
    // Positions are CPython's: 1-based lines, byte columns.
    size_t at(int line, int col) const { return line_start[size_t(line - first)] + size_t(col); }
    size_t start(const Pos& p) const { return at(p.line, p.col); }
    size_t end(const Pos& p) const { return at(p.end_line, p.end_col); }
    std::string slice(const Pos& p) const { return text.substr(start(p), end(p) - start(p)); }
};

// The text of the call's arguments in source order, but for the keywords `drop`.
std::vector<std::string> arguments_but(const Text& t, const ast::Call& call,
                                       std::initializer_list<const ast::Keyword*> drop) {
    std::vector<std::pair<size_t, size_t>> spans;
    for (const ast::Expr* a : call.args) spans.emplace_back(t.start(a->pos), t.end(a->pos));
    for (const ast::Keyword& k : call.keywords)
        if (std::find(drop.begin(), drop.end(), &k) == drop.end())
            spans.emplace_back(t.start(k.pos), t.end(k.pos));
    std::sort(spans.begin(), spans.end());
    std::vector<std::string> out;
    for (const auto& [b, e] : spans) out.push_back(t.text.substr(b, e - b));
    return out;
}

} // namespace

std::optional<std::string> own_module_kernel_text(const SourceFile& source, const ast::FunctionDef& k) {
    std::string wp;
    const ast::Call* call = kernel_decorator(k, wp);
    if (!call) return std::nullopt;
    const ast::Keyword* options = keyword(*call, "module_options");
    if (!own_module(keyword(*call, "module"), options)) return std::nullopt;
    Text t(source, k.first_line, k.pos.end_line);
    std::string options_call;
    if (options) options_call = wp + ".set_module_options(" + t.slice(options->value->pos) + ")\n\n\n";

    const std::vector<std::string> kept = arguments_but(t, *call, {keyword(*call, "module"), options});
    std::string decorator = wp + ".kernel";
    if (!kept.empty()) {
        decorator += '(';
        for (size_t i = 0; i < kept.size(); ++i) decorator += (i ? ", " : "") + kept[i];
        decorator += ')';
    }
    const size_t begin = t.start(call->pos), end = t.end(call->pos);
    return options_call + t.text.substr(0, begin) + decorator + t.text.substr(end);
}

} // namespace ws::dataset
