// The installed Warp package's Python source, read at run time (warpsynth never
// keeps a copy). Two things come from it:
// - Warp's builtins written in Python (wp.smooth_normalize, wp.quat_from_euler,
//   ...), @wp.func definitions of warp/_src/math.py;
// - the modules of the package a file imports (`import warp.tests.aux_x as m`,
//   `from warp._src.geometry import f`), whose functions and structs a kernel
//   may use.
// Warp prints their functions in the calling module with their own file's path
// in `// path:line`; warpsynth compiles them like user functions.
#pragma once

#include "codegen/object.h"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

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

    // `import <dotted_name>` of a module of the warp package that `import warp`
    // does not load (warp.tests.*, warp._src.geometry, ...): run once per
    // compilation, as Python keeps it in sys.modules. Null with `why` set when
    // there is no installed Warp, no such file, or warpsynth cannot model its
    // top level; such a module then has no effect, like any module warpsynth
    // does not read.
    // `not_found`: the installed package has no such module (Python raises ModuleNotFoundError).
    const ModuleScope* module(const std::string& dotted_name, std::string& why, bool* not_found = nullptr);

    // The modules read so far, in the order they ran.
    std::vector<const ModuleScope*> modules() const;

    // The suffix of the next Function created with `key` (Warp's process-wide
    // function_key_counts): after those `import warp` creates, then those of
    // the modules run so far.
    int next_function_index(const std::string& key);

  private:
    // The installed package's directory, located once; empty with `why` set.
    const std::string& package_dir(std::string& why);
    std::unique_ptr<ModuleScope> load(const std::string& path, bool warp_own_source, std::string& why);

    std::function<std::string()> locate_package_;
    bool located_ = false;
    std::string package_dir_;
    std::string locate_error_; // why the package cannot be found, once located
    bool math_loaded_ = false;
    std::string math_error_;
    std::unique_ptr<ModuleScope> math_;
    struct Loaded {
        std::unique_ptr<ModuleScope> scope; // null while it runs, or when it cannot be read
        std::string why;
        bool running = true;
    };
    std::map<std::string, Loaded, std::less<>> modules_;
    std::vector<std::string> run_order_; // of modules_, as they finished running
    std::map<std::string, int, std::less<>> key_counts_;
};

} // namespace ws
