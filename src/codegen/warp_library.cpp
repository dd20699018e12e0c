// Reading Warp's Python-written builtins from the installed package.
#include "codegen/warp_library.h"

#include "builtins/warp_namespace.h"
#include "codegen/module_scope.h"
#include "syntax/parser.h"
#include "syntax/source.h"

#include <fmt/format.h>
#include <stdexcept>

namespace ws {

WarpLibrary::WarpLibrary(std::function<std::string()> locate_package)
    : locate_package_(std::move(locate_package)) {}

WarpLibrary::~WarpLibrary() = default;

bool WarpLibrary::is_python_builtin(std::string_view name) {
    const builtins::NamespaceEntry* e = builtins::lookup("warp", name);
    return e && e->kind == builtins::NamespaceKind::PythonFunc;
}

void WarpLibrary::load() {
    loaded_ = true;
    if (!locate_package_) {
        error_ = "this command does not read an installed Warp (its output must not depend on the machine)";
        return;
    }
    std::string path;
    try {
        path = locate_package_() + "/_src/math.py";
        auto source = std::make_shared<SourceFile>(path, read_source_file(path));
        math_ = std::make_unique<ModuleScope>(parse_module(std::move(source)), true);
    } catch (const CompileError& e) {
        error_ = fmt::format("warpsynth cannot read Warp's {}: {}", path, e.format());
    } catch (const std::runtime_error& e) {
        error_ = e.what(); // no installed Warp found, or its file unreadable: the message says which
    }
}

ObjectRef WarpLibrary::function(std::string_view name, std::string& why) {
    if (!loaded_) load();
    std::string intro =
        fmt::format("wp.{} is written in Python inside Warp (a @wp.func in Warp's own source), "
                    "which warpsynth compiles from an installed Warp",
                    name);
    if (!math_) {
        why = fmt::format("{}; {}", intro, error_);
        return nullptr;
    }
    ObjectRef f = math_->global(name);
    if (f && f->kind == Object::Kind::Function) return f;
    why = fmt::format("{}; it is not a plain @wp.func of {} (made for several types at import, or defined "
                      "elsewhere): warpsynth does not support it",
                      intro, math_->source().path());
    return nullptr;
}

} // namespace ws
