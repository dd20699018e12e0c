#include "export/kernel_text.h"

#include "analysis/warp_defs.h"
#include "syntax/parser.h"
#include "syntax/source.h"

#include <algorithm>
#include <memory>

namespace ws::exporting {

namespace {

// Lines first..last of `source`, without the first line's indentation.
std::string dedented_lines(const SourceFile& source, int first, int last) {
    std::string_view head = source.line(first);
    size_t indent = head.find_first_not_of(" \t");
    if (indent == std::string_view::npos) indent = 0;
    std::string_view prefix = head.substr(0, indent);
    std::string out;
    for (int l = first; l <= last && l <= source.line_count(); ++l) {
        std::string_view line = source.line(l);
        if (line.substr(0, prefix.size()) == prefix)
            line.remove_prefix(prefix.size());
        else
            line.remove_prefix(std::min(line.find_first_not_of(" \t"), line.size()));
        out.append(line);
        out.push_back('\n');
    }
    return out;
}

} // namespace

std::vector<KernelText> kernel_texts(const std::string& path, const std::string& source, bool* parsed) {
    std::vector<KernelText> out;
    auto file = std::make_shared<const SourceFile>(path, source);
    std::unique_ptr<ast::Module> module;
    try {
        module = parse_module(file);
    } catch (const CompileError&) {
        if (parsed) *parsed = false;
        return out;
    }
    for (const auto& d : analysis::warp_defs(*module)) {
        if (!d.def || d.kind != analysis::WarpDefKind::Kernel) continue;
        int first = d.def->first_line > 0 ? d.def->first_line : d.def->pos.line;
        out.push_back(KernelText{d.def->name, first, dedented_lines(*file, first, d.def->pos.end_line)});
    }
    return out;
}

KernelText kernel_text(const std::string& source, const std::string& name) {
    std::vector<KernelText> kernels = kernel_texts("<record>", source);
    for (auto it = kernels.rbegin(); it != kernels.rend(); ++it)
        if (it->name == name) return std::move(*it);
    return KernelText{name, 1, source};
}

} // namespace ws::exporting
