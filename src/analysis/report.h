// The analysis of one Python file: its Warp functions (kernels and @wp.func
// helpers) with their code health and shape, and file-level facts. The
// definitions of every figure are in this folder's README.md.
#pragma once

#include "analysis/degenerate.h"
#include "analysis/name_use.h"
#include "analysis/shape.h"
#include "analysis/warp_defs.h"
#include "syntax/token.h"

#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <span>
#include <string>
#include <vector>

namespace ws::analysis {

struct FunctionReport {
    std::string name;
    WarpDefKind kind = WarpDefKind::Kernel;
    int line = 0;     // of the first decorator
    int end_line = 0; // of the last statement
    // The body is only a docstring, `...` or `pass` (a declaration): its
    // parameters are not counted as unused.
    bool stub = false;
    bool docstring = false;
    // Lines with a comment inside the function, or in the block of comment
    // lines right above its first decorator.
    int comment_lines = 0;
    std::vector<ParamShape> params;
    NameUse names;
    std::vector<Degenerate> degenerate;
    BodyShape shape;
    std::string source; // its lines, decorators included (only when asked for)

    bool is_kernel() const { return kind == WarpDefKind::Kernel; }
    bool documented() const { return docstring || comment_lines > 0; }
};

struct FileReport {
    std::string path;
    std::string error; // set when the file does not parse; nothing else is then
    bool module_docstring = false;
    int comment_lines = 0;                 // lines with a comment anywhere in the file
    int module_constants = 0;              // module-level `NAME = literal` / `NAME = wp.constant(...)`
    int structs = 0;                       // @wp.struct classes
    std::vector<FunctionReport> functions; // kernels and helpers, in source order

    bool parsed() const { return error.empty(); }
    // A module docstring, a comment, or a Warp function's docstring.
    bool documented() const;
};

struct AnalyzeOptions {
    bool keep_source = false; // fill FunctionReport::source
    // Fill FunctionReport::shape (the style and shape figures of `warpsynth health`) and the
    // parameters' shapes (without, each parameter has its name only); health_counts reads neither,
    // and the synthesizer's health check of every candidate skips them.
    bool shapes = true;
    // The module's whole token stream when the caller has it (its parse's): comment lines are
    // found from it instead of lexing the text again.
    std::span<const Token> tokens = {};
};

// Never throws on bad input: a file that does not parse gets `error`.
FileReport analyze(std::string path, std::string text, const AnalyzeOptions& options = {});
// The same for a module its caller has parsed from `source` (which then parses it once for
// several uses).
FileReport analyze(const std::shared_ptr<const SourceFile>& source, const ast::Module& module,
                   const AnalyzeOptions& options = {});

void to_json(nlohmann::json& j, const FileReport& r);

} // namespace ws::analysis
