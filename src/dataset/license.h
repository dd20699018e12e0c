// The licence of a tree of source files, for extracted records' provenance:
// the SPDX id of the first LICENSE / LICENCE / COPYING file found walking up
// from a file's folder to the root the user gave, recognised by its text.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <string_view>

namespace ws::dataset {

// The SPDX id of a licence text (Apache-2.0, Apache-2.0 WITH LLVM-exception,
// Pixar, MIT, BSD-2-Clause, BSD-3-Clause, GPL-2.0-only, GPL-3.0-only, LGPL-2.1-only,
// LGPL-3.0-only, MPL-2.0, or LicenseRef-NVIDIA-Source-Code-License and
// LicenseRef-NVIDIA-Software-License-Agreement for NVIDIA's own), "unknown"
// otherwise. A licence is named only from its text, never guessed.
std::string license_of_text(std::string_view text);

// Licences by folder, read once each.
class LicenseFinder {
  public:
    // The licence of `file` inside `root` (a folder, or the file itself).
    std::string find(const std::filesystem::path& file, const std::filesystem::path& root);

  private:
    std::string of_folder(const std::filesystem::path& dir); // "" when it has no licence file
    std::map<std::filesystem::path, std::string> folders_;
};

} // namespace ws::dataset
