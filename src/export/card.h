// The card (README.md) of an exported folder: YAML front matter whose
// `configs` list the splits that have rows (so `datasets.load_dataset(OUT)`
// finds them), then the task and its prompt, the row fields, the split
// counts, what each filter removed and the token-length figures.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace ws::exporting {

// `report` is export.json's content (export.h).
std::string export_card(const nlohmann::json& report);

} // namespace ws::exporting
