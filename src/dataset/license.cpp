#include "dataset/license.h"

#include "syntax/source.h"

#include <algorithm>
#include <cctype>
#include <system_error>
#include <vector>

namespace ws::dataset {

namespace fs = std::filesystem;

namespace {

// Lower case, runs of whitespace made one space: licence files wrap lines anywhere.
std::string normalized(std::string_view text) {
    std::string out;
    for (char c : text) {
        auto u = static_cast<unsigned char>(c);
        if (std::isspace(u)) {
            if (!out.empty() && out.back() != ' ') out += ' ';
        } else {
            out += static_cast<char>(std::tolower(u));
        }
    }
    return out;
}

bool is_license_file(const std::string& name) {
    std::string n = normalized(name);
    for (const char* prefix : {"license", "licence", "copying"})
        if (n.rfind(prefix, 0) == 0) return true;
    return false;
}

} // namespace

std::string license_of_text(std::string_view text) {
    std::string t = normalized(text);
    auto has = [&](std::string_view s) { return t.find(s) != std::string::npos; };
    // NVIDIA's own licences first: their texts quote others.
    if (has("nvidia source code license")) return "LicenseRef-NVIDIA-Source-Code-License";
    if (has("nvidia software license agreement")) return "LicenseRef-NVIDIA-Software-License-Agreement";
    if (has("end user license agreement") && has("nvidia"))
        return "LicenseRef-NVIDIA-Software-License-Agreement";
    // Pixar's USD licence: Apache 2.0 with its trademark section replaced (SPDX "Pixar").
    if (has("pixar") && has("apache license") && has("with the following modification")) return "Pixar";
    if (has("apache license") && has("llvm exceptions")) return "Apache-2.0 WITH LLVM-exception";
    if (has("apache license") && has("version 2.0")) return "Apache-2.0";
    if (has("mozilla public license") && has("version 2.0")) return "MPL-2.0";
    // The GPL's text names the LGPL and the other way round: the title comes first.
    size_t lesser = t.find("gnu lesser general public license"), gpl = t.find("gnu general public license");
    if (lesser != std::string::npos && lesser < gpl)
        return has("version 3") ? "LGPL-3.0-only" : has("version 2.1") ? "LGPL-2.1-only" : "unknown";
    if (gpl != std::string::npos)
        return has("version 3") ? "GPL-3.0-only" : has("version 2") ? "GPL-2.0-only" : "unknown";
    if (has("permission is hereby granted, free of charge")) return "MIT";
    if (has("redistribution and use in source and binary forms"))
        return has("neither the name") ? "BSD-3-Clause" : "BSD-2-Clause";
    return "unknown";
}

std::string LicenseFinder::of_folder(const fs::path& dir) {
    if (auto it = folders_.find(dir); it != folders_.end()) return it->second;
    std::vector<fs::path> candidates;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        if (is_license_file(it->path().filename().string()) && it->is_regular_file(ec))
            candidates.push_back(it->path());
    std::sort(candidates.begin(), candidates.end()); // a fixed choice whatever the listing order
    std::string id;
    for (const fs::path& p : candidates) {
        try {
            id = license_of_text(read_source_file(p.string()));
        } catch (const std::exception&) {
            id = "unknown"; // unreadable or too large: a licence file, but not one we can name
        }
        if (id != "unknown") break;
    }
    return folders_[dir] = id;
}

std::string LicenseFinder::find(const fs::path& file, const fs::path& root) {
    fs::path dir = file.parent_path();
    fs::path top = fs::is_directory(root) ? root : root.parent_path();
    // Walk up lexically from the file's folder to the root (files under it were found from it).
    for (fs::path d = dir;; d = d.parent_path()) {
        std::string id = of_folder(d.empty() ? "." : d);
        if (!id.empty()) return id;
        if (d == top || d.empty() || d == d.parent_path() || d.native().size() < top.native().size()) break;
    }
    return "unknown";
}

} // namespace ws::dataset
