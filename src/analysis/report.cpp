#include "analysis/report.h"

#include "analysis/comments.h"
#include "syntax/parser.h"

#include <algorithm>
#include <memory>
#include <nlohmann/json.hpp>

namespace ws::analysis {

namespace {

using nlohmann::json;

bool is_stub(const ast::FunctionDef& f) {
    for (size_t i = 0; i < f.body.size(); ++i) {
        const ast::Stmt* s = f.body[i];
        if (s->kind == ast::StmtKind::Pass) continue;
        if (s->kind == ast::StmtKind::Expr) {
            const ast::Expr* e = ast::as<ast::ExprStmt>(s)->value;
            if (e->kind == ast::ExprKind::Constant) {
                auto k = ast::as<ast::Constant>(e)->value_kind;
                if (k == ast::Constant::Kind::Ellipsis || (i == 0 && k == ast::Constant::Kind::Str)) continue;
            }
        }
        return false;
    }
    return true;
}

bool comment_only(const SourceFile& source, int line) {
    std::string_view text = source.line(line);
    size_t first = text.find_first_not_of(" \t\f");
    return first != std::string_view::npos && text[first] == '#';
}

// Comment lines inside [line, end_line] and in the comment block right above.
int comments_of(const SourceFile& source, const std::vector<int>& comments, int line, int end_line) {
    auto inside =
        std::count_if(comments.begin(), comments.end(), [&](int l) { return l >= line && l <= end_line; });
    int above = 0;
    for (int l = line - 1;
         l >= 1 && std::binary_search(comments.begin(), comments.end(), l) && comment_only(source, l); --l)
        ++above;
    return static_cast<int>(inside) + above;
}

std::string lines_of(const SourceFile& source, int first, int last) {
    std::string out;
    for (int l = first; l <= last; ++l) {
        out += source.line(l);
        out += '\n';
    }
    return out;
}

FunctionReport function_report(const SourceFile& source, const WarpDef& d, const ModuleNames& names,
                               const std::vector<int>& comments, const AnalyzeOptions& options) {
    const ast::FunctionDef& f = *d.def;
    FunctionReport r;
    r.name = f.name;
    r.kind = d.kind;
    r.line = f.first_line;
    r.end_line = f.pos.end_line;
    r.stub = is_stub(f);
    r.docstring = docstring(f.body) != nullptr;
    r.comment_lines = comments_of(source, comments, r.line, r.end_line);
    auto param = [&](const ast::Arg& a) {
        if (options.shapes) return param_shape(source, a);
        ParamShape p; // the counts read only how many there are
        p.name = a.name;
        return p;
    };
    for (const auto* list : {&f.args.posonlyargs, &f.args.args, &f.args.kwonlyargs})
        for (const ast::Arg& a : *list) r.params.push_back(param(a));
    // One walk of the body for both (name_use's own is a second).
    NameCollector body_names;
    r.degenerate = degenerate_expressions(f, [&](const WalkNode& n) { body_names.visit(n); });
    r.names = body_names.result(f);
    if (options.shapes) r.shape = body_shape(f, r.params, names);
    if (options.keep_source) r.source = lines_of(source, r.line, r.end_line);
    return r;
}

} // namespace

bool FileReport::documented() const {
    return module_docstring || comment_lines > 0 ||
           std::any_of(functions.begin(), functions.end(),
                       [](const FunctionReport& f) { return f.docstring; });
}

FileReport analyze(std::string path, std::string text, const AnalyzeOptions& options) {
    auto source = std::make_shared<const SourceFile>(std::move(path), std::move(text));
    std::unique_ptr<ast::Module> module;
    try {
        module = parse_module(source);
    } catch (const CompileError& e) {
        FileReport report;
        report.path = source->path();
        report.error = e.format();
        return report;
    }
    return analyze(source, *module, options);
}

FileReport analyze(const std::shared_ptr<const SourceFile>& source, const ast::Module& module,
                   const AnalyzeOptions& options) {
    FileReport report;
    report.path = source->path();
    std::vector<int> comments;
    try {
        comments = comment_lines(*source, options.tokens);
    } catch (const CompileError& e) {
        report.error = e.format();
        return report;
    }
    report.module_docstring = docstring(module.body) != nullptr;
    report.comment_lines = static_cast<int>(comments.size());
    report.structs = static_cast<int>(warp_structs(module).size());
    const std::vector<WarpDef> defs = warp_defs(module);
    const ModuleNames names = module_names(module, defs);
    report.module_constants = static_cast<int>(names.constants.size());
    for (const WarpDef& d : defs)
        report.functions.push_back(function_report(*source, d, names, comments, options));
    return report;
}

namespace {

json function_json(const FunctionReport& f) {
    json params = json::array();
    for (const ParamShape& p : f.params)
        params.push_back(json{{"name", p.name}, {"style", p.style}, {"ndim", p.ndim}, {"dtype", p.dtype}});
    json degenerate = json::array();
    for (const Degenerate& d : f.degenerate)
        degenerate.push_back(json{{"kind", name_of(d.kind)}, {"line", d.pos.line}, {"col", d.pos.col + 1}});
    const BodyShape& s = f.shape;
    json j{{"name", f.name},
           {"kind", f.is_kernel() ? "kernel" : "func"},
           {"line", f.line},
           {"end_line", f.end_line},
           {"stub", f.stub},
           {"docstring", f.docstring},
           {"comment_lines", f.comment_lines},
           {"params", std::move(params)},
           {"unused_params", f.names.unused_params},
           {"assigned_names", f.names.assigned.size()},
           {"dead_stores", f.names.dead},
           {"loop_variables", f.names.loop_variables.size()},
           {"unused_loop_variables", f.names.unused_loop_variables},
           {"degenerate", std::move(degenerate)},
           {"statements", s.statements},
           {"builtin_calls", s.builtin_calls},
           {"helpers_called", s.helpers_called},
           {"constants_read", s.constants_read},
           {"loops", json{{"for_range_constant", s.for_constant},
                          {"for_range_dynamic", s.for_dynamic},
                          {"for_other", s.for_other},
                          {"while", s.while_loops}}},
           {"branches", s.branches},
           {"conditional_expressions", s.conditional_expressions},
           {"atomics", s.atomics}};
    if (!f.source.empty()) j["source"] = f.source;
    return j;
}

} // namespace

void to_json(nlohmann::json& j, const FileReport& r) {
    if (!r.parsed()) {
        j = json{{"path", r.path}, {"error", r.error}};
        return;
    }
    json functions = json::array();
    for (const FunctionReport& f : r.functions) functions.push_back(function_json(f));
    j = json{{"path", r.path},
             {"module_docstring", r.module_docstring},
             {"comment_lines", r.comment_lines},
             {"module_constants", r.module_constants},
             {"structs", r.structs},
             {"functions", std::move(functions)}};
}

} // namespace ws::analysis
