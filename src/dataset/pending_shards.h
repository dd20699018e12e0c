// Completing a shard rewrite that a crash interrupted.
//
// A pass that rewrites a listed shard (verification) seals the new file under
// its temporary name, saves the manifest with the new size and checksum, and
// only then renames the file into place. A crash between the last two steps
// leaves a manifest that describes the sealed temporary file rather than the
// file under the final name; this finishes the rename. Run it before anything
// checks checksums or removes temporary files.
#pragma once

#include "dataset/manifest.h"

#include <filesystem>

namespace ws::dataset {

// Renames every sealed temporary shard whose checksum is the one the manifest
// lists for it into place. Returns how many it renamed.
size_t finish_pending_rewrites(const std::filesystem::path& dir, const Manifest& manifest);

} // namespace ws::dataset
