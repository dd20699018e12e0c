#include "dataset/package_modules.h"

#include <system_error>

namespace ws::dataset {

namespace fs = std::filesystem;

ModuleName module_name_of(const fs::path& file) {
    ModuleName m;
    m.is_package = file.filename() == "__init__.py";
    std::string dotted = m.is_package ? "" : file.stem().string();
    fs::path dir = file.parent_path();
    std::error_code ec;
    for (int depth = 0; depth < 64 && !dir.empty(); ++depth) {
        if (!fs::is_regular_file(dir / "__init__.py", ec)) break;
        const std::string name = dir.filename().string();
        if (name.empty()) break;
        dotted = dotted.empty() ? name : name + "." + dotted;
        if (dir == dir.parent_path()) break;
        dir = dir.parent_path();
    }
    m.dotted = dotted.empty() ? file.parent_path().filename().string() : dotted;
    return m;
}

std::optional<std::string> resolve_from(const ModuleName& importer, const ast::ImportFrom& s) {
    if (s.level == 0) return s.module;
    // The package the import is relative to: the module's own for an __init__.py, else its parent.
    std::string package = importer.dotted;
    int up = s.level - (importer.is_package ? 1 : 0);
    for (int i = 0; i < up; ++i) {
        size_t dot = package.rfind('.');
        if (dot == std::string::npos) return std::nullopt;
        package.resize(dot);
    }
    return s.module.empty() ? package : package + "." + s.module;
}

} // namespace ws::dataset
