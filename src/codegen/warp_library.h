// Warp's builtins written in Python (wp.smooth_normalize, wp.quat_from_euler,
// ...) are @wp.func definitions in the installed package's warp/_src/math.py.
// Warp prints them as functions of the module that calls them, with that
// file's path in `// path:line`. warpsynth reads the file of the installed Warp
// at run time (it never keeps a copy) and compiles them like user functions.
#pragma once

#include "codegen/object.h"

#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace ws {

class ModuleScope;

class WarpLibrary {
  public:
    // `locate_package`: CompileOptions::warp_package (may be empty).
    explicit WarpLibrary(std::function<std::string()> locate_package);
    ~WarpLibrary();
    WarpLibrary(const WarpLibrary&) = delete;
    WarpLibrary& operator=(const WarpLibrary&) = delete;

    // Whether `wp.<name>` is one of Warp's Python-written builtins.
    static bool is_python_builtin(std::string_view name);
    // The user function Warp binds to `wp.<name>`; null with `why` set when
    // Warp's source cannot be read or does not define it in a form we compile.
    ObjectRef function(std::string_view name, std::string& why);

  private:
    void load();

    std::function<std::string()> locate_package_;
    bool loaded_ = false;
    std::string error_; // why the source could not be read, once load() ran
    std::unique_ptr<ModuleScope> math_;
};

} // namespace ws
