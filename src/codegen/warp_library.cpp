// Reading the installed Warp package's Python source: its Python-written
// builtins and the modules of it that a file imports.
#include "codegen/warp_library.h"

#include "builtins/warp_namespace.h"
#include "codegen/module_scope.h"
#include "syntax/parser.h"
#include "syntax/source.h"

#include <algorithm>
#include <filesystem>
#include <fmt/format.h>
#include <stdexcept>
#include <vector>

namespace ws {

WarpLibrary::WarpLibrary(std::function<std::string()> locate_package)
    : locate_package_(std::move(locate_package)) {}

WarpLibrary::~WarpLibrary() = default;

bool WarpLibrary::is_python_builtin(std::string_view name) {
    const builtins::NamespaceEntry* e = builtins::lookup("warp", name);
    return e && e->kind == builtins::NamespaceKind::PythonFunc;
}

const std::string& WarpLibrary::package_dir(std::string& why) {
    if (!located_) {
        located_ = true;
        if (!locate_package_) {
            locate_error_ =
                "this command does not read an installed Warp (its output must not depend on the machine)";
        } else {
            try {
                package_dir_ = locate_package_();
            } catch (const std::runtime_error& e) {
                locate_error_ = e.what(); // no installed Warp found: the message says why
            }
        }
    }
    if (package_dir_.empty()) why = locate_error_;
    return package_dir_;
}

std::unique_ptr<ModuleScope> WarpLibrary::load(const std::string& path, bool warp_own_source,
                                               std::string& why) {
    try {
        auto source = std::make_shared<SourceFile>(path, read_source_file(path));
        return std::make_unique<ModuleScope>(parse_module(std::move(source)), this, warp_own_source);
    } catch (const CompileError& e) {
        why = fmt::format("warpsynth cannot read Warp's {}: {}", path, e.format());
    } catch (const std::runtime_error& e) {
        why = e.what(); // the file is unreadable: the message says which
    }
    return nullptr;
}

ObjectRef WarpLibrary::function(std::string_view name, std::string& why) {
    if (!math_loaded_) {
        math_loaded_ = true;
        const std::string& dir = package_dir(math_error_);
        if (!dir.empty()) math_ = load(dir + "/_src/math.py", true, math_error_);
    }
    std::string intro =
        fmt::format("wp.{} is written in Python inside Warp (a @wp.func in Warp's own source), "
                    "which warpsynth compiles from an installed Warp",
                    name);
    if (!math_) {
        why = fmt::format("{}; {}", intro, math_error_);
        return nullptr;
    }
    ObjectRef f = math_->global(name);
    if (f && f->kind == Object::Kind::Function) return f;
    why = fmt::format("{}; it is not a plain @wp.func of {} (made for several types at import, or defined "
                      "elsewhere): warpsynth does not support it",
                      intro, math_->source().path());
    return nullptr;
}

namespace {

// The file Python runs for `warp.<rest>` in the package directory: a package's
// __init__.py, else the module's .py file, else the directory of a namespace
// package; empty when there is none.
std::string module_file(const std::string& package_dir, const std::string& dotted_name) {
    std::string rel = dotted_name.substr(std::string_view("warp.").size());
    for (char& c : rel)
        if (c == '.') c = '/';
    std::error_code ec;
    for (std::string path : {package_dir + "/" + rel + "/__init__.py", package_dir + "/" + rel + ".py"})
        if (std::filesystem::is_regular_file(path, ec)) return path;
    if (std::filesystem::is_directory(package_dir + "/" + rel, ec))
        return package_dir + "/" + rel; // namespace
    return {};
}

} // namespace

const ModuleScope* WarpLibrary::module(const std::string& dotted_name, std::string& why, bool* not_found) {
    if (!dotted_name.starts_with("warp.") || builtins::preloaded_module(dotted_name)) {
        why = fmt::format("module {} is not one warpsynth reads", dotted_name);
        return nullptr;
    }
    if (auto it = modules_.find(dotted_name); it != modules_.end()) {
        if (it->second.running) why = fmt::format("module {} imports itself", dotted_name);
        if (!it->second.scope && !it->second.running) why = it->second.why;
        return it->second.scope.get();
    }
    const std::string& dir = package_dir(why);
    if (dir.empty()) return nullptr;
    // Python runs the parent packages first (a package importing its own submodule is running).
    std::string parent = dotted_name.substr(0, dotted_name.rfind('.'));
    auto running = modules_.find(parent);
    if (parent != "warp" && !builtins::preloaded_module(parent) &&
        !(running != modules_.end() && running->second.running) && !module(parent, why, not_found))
        return nullptr;
    std::string path = module_file(dir, dotted_name);
    if (path.empty()) {
        why = fmt::format("no module named {} in the installed Warp ({})", dotted_name, dir);
        if (not_found) *not_found = true;
        return nullptr;
    }
    if (!path.ends_with(".py")) {
        why = fmt::format("{} is a namespace package, which warpsynth does not read", path);
        return nullptr;
    }
    // A module that cannot be read has no effect, as any module warpsynth does not read: the
    // functions it and the modules it imported counted are forgotten.
    std::map<std::string, int, std::less<>> counts = key_counts_;
    std::vector<std::string> loaded_before;
    for (const auto& [name, m] : modules_) loaded_before.push_back(name);
    modules_[dotted_name] = Loaded{};
    std::string error;
    std::unique_ptr<ModuleScope> scope = load(path, false, error);
    if (!scope) {
        key_counts_ = std::move(counts);
        std::erase_if(modules_, [&](const auto& m) {
            return std::find(loaded_before.begin(), loaded_before.end(), m.first) == loaded_before.end();
        });
        std::erase_if(run_order_, [&](const std::string& name) { return !modules_.count(name); });
    }
    Loaded& entry = modules_[dotted_name];
    if (scope) run_order_.push_back(dotted_name);
    entry.running = false;
    entry.why = error;
    entry.scope = std::move(scope);
    why = error;
    return entry.scope.get();
}

std::vector<const ModuleScope*> WarpLibrary::modules() const {
    std::vector<const ModuleScope*> out;
    for (const std::string& name : run_order_)
        if (auto it = modules_.find(name); it != modules_.end() && it->second.scope)
            out.push_back(it->second.scope.get());
    return out;
}

int WarpLibrary::next_function_index(const std::string& key) {
    auto it = key_counts_.try_emplace(key, builtins::function_key_count(key)).first;
    return it->second++;
}

} // namespace ws
